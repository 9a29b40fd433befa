"""Where the server listens and where it keeps its database.

By default the server listens on the loopback address only and keeps an SQLite file in the
user's data folder (``$XDG_DATA_HOME/wildstud``, usually ``~/.local/share/wildstud``): nothing to
install or start. ``--database-url`` points it at PostgreSQL instead. The data folder is the
user's alone (mode 0700), as is the database file the store creates in it (0600).

>>> config = ServerConfig(database_url="sqlite:////tmp/w.db")
>>> config.host, config.port
('127.0.0.1', 8000)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from wildstud.server.limits import Limits

__all__ = ["ServerConfig", "default_database_path", "default_database_url"]


def default_database_path() -> Path:
    """The SQLite file in the user's data folder (the folder is created if need be, readable
    by its owner only)."""
    folder = Path(platformdirs.user_data_dir("wildstud", appauthor=False))
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    folder.chmod(0o700)  # the folder is ours alone: tighten one an older version made
    return folder / "wildstud.sqlite3"


def default_database_url() -> str:
    """The URL of the default database: an SQLite file in the user's data folder."""
    return f"sqlite:///{default_database_path()}"


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """How to run the server."""

    database_url: str = field(default_factory=default_database_url)
    host: str = "127.0.0.1"
    port: int = 8000
    limits: Limits = field(default_factory=Limits)
