"""Where the server listens and where it keeps its database.

By default the server listens on the loopback address only and keeps an SQLite file in the
user's data folder (``$XDG_DATA_HOME/wildstud``, usually ``~/.local/share/wildstud``): nothing to
install or start. ``--database-url`` points it at PostgreSQL instead. The data folder is the
user's alone (mode 0700), as is the database file the store creates in it (0600).

Behind a reverse proxy the server is told its public address, ``--public-url``: every link it
hands out starts with it, and its path is the prefix the proxy serves the tables under (the proxy
strips it before passing a request on; the page's own links and requests put it back).

>>> config = ServerConfig(database_url="sqlite:////tmp/w.db")
>>> config.host, config.port, config.prefix
('127.0.0.1', 8000, '')
>>> ServerConfig(database_url="sqlite://", public_url=public_address("https://cards.example/poker/")).prefix
'/poker'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import platformdirs

from wildstud.errors import WildstudError
from wildstud.server.limits import Limits

__all__ = [
    "PublicUrlError",
    "ServerConfig",
    "default_database_path",
    "default_database_url",
    "public_address",
]


class PublicUrlError(WildstudError):
    """A public address the server cannot hand out links under."""


def public_address(url: str) -> str:
    """``url`` checked as the server's public address, without its trailing slash.

    >>> public_address("https://cards.example/")
    'https://cards.example'
    >>> public_address("ftp://cards.example")
    Traceback (most recent call last):
    ...
    wildstud.server.config.PublicUrlError: the public URL must start with http:// or https://, \
not 'ftp://cards.example'
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https"):
        raise PublicUrlError(f"the public URL must start with http:// or https://, not {url!r}")
    if not parts.hostname:
        raise PublicUrlError(f"the public URL names no host: {url!r}")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise PublicUrlError(
            f"the public URL may hold a scheme, a host, a port and a path only, not {url!r}"
        )
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


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
    public_url: str | None = None
    """The address players reach the server at (checked by :func:`public_address`); None: each
    link is made from the address the request came to."""
    cluster: bool = False
    """Whether the server is one process of a cluster on one PostgreSQL database
    (:mod:`wildstud.server.cluster`); off, it holds every table of the database alone."""
    cluster_address: str | None = None
    """The base URL the other processes of the cluster reach this one at (default:
    ``http://HOST:PORT``)."""
    lease_seconds: float = 4.0
    """Seconds without a heartbeat after which the other processes take this one's tables."""
    synchronous_commit: bool = False
    """Whether every PostgreSQL commit waits for the disk
    (:data:`~wildstud.server.store.repository.ASYNC_COMMIT`: off, a crash of the database's
    machine may lose the last commits, never its consistency)."""

    @property
    def peer_address(self) -> str:
        """The address the other processes of a cluster relay to.

        >>> ServerConfig(database_url="sqlite://", port=8001).peer_address
        'http://127.0.0.1:8001'
        """
        return (self.cluster_address or f"http://{self.host}:{self.port}").rstrip("/")

    @property
    def prefix(self) -> str:
        """The path the public address adds in front of every route ("" at the root)."""
        return urlsplit(self.public_url).path if self.public_url else ""
