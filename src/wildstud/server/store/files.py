"""The SQLite database file, readable and writable by its owner only.

The database holds every table's join and spectator links, and the digests of the host and seat
tokens: nobody else on the machine should read it. A new database file is created with mode
0600 before SQLite opens it, and SQLite gives its ``-wal``, ``-shm`` and ``-journal`` files the
mode of the database file; a folder the store has to create is made 0700. An existing file or
folder is left as it is: its owner chose its mode.

>>> import os, stat, tempfile
>>> folder = tempfile.mkdtemp()
>>> path = prepare_sqlite_file(os.path.join(folder, "new", "w.sqlite3"))
>>> oct(stat.S_IMODE(os.stat(path).st_mode)), oct(stat.S_IMODE(os.stat(path.parent).st_mode))
('0o600', '0o700')
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

__all__ = ["prepare_sqlite_file"]


def prepare_sqlite_file(database: str) -> Path:
    """Create the SQLite file at ``database`` (and its folder) for its owner only, unless it
    exists; return its path."""
    path = Path(database)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    return path
