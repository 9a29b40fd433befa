"""``wildstud serve``: run the table server.

The server listens on 127.0.0.1:8000 by default (``--lan``: on every interface, printing the
address and QR code the phones in the room open) and keeps its tables in an SQLite file in the
user's data folder; ``--database-url`` points it at PostgreSQL. Migrations are applied when it
starts, then every table and every hand in progress is loaded from the database. It logs at
``info`` by default, an access log included; no line it prints holds a token
(:mod:`wildstud.server.logs`).

This module needs no more than the core: its options and their defaults come from
:mod:`wildstud.serving`, so ``wildstud serve --help`` works where the ``server`` extra is not
installed, and running the server names the extra in one line.

>>> from typer.testing import CliRunner
>>> result = CliRunner().invoke(app, ["serve", "--help"])
>>> result.exit_code, "--database-url" in result.output
(0, True)
"""

from __future__ import annotations

import logging
import logging.config
from pathlib import Path
from typing import Annotated

import typer

from wildstud.cli import app
from wildstud.errors import WildstudError
from wildstud.extras import require
from wildstud.serving import (
    ADDRESS_CONNECTIONS,
    LOG_FORMS,
    LOG_LEVELS,
    READS_BURST,
    READS_PER_SECOND,
    TABLES_BURST,
    TABLES_PER_MINUTE,
    Limits,
)

__all__ = ["serve"]

WS_MAX_BYTES = 1 << 20
"""Frames over this size close the connection at the protocol level; the server's own limit
(a few kilobytes, answered with an error frame) sits well below it."""


class ServeError(WildstudError):
    """The server cannot start with the options given."""


def check_database(url: str, timeout: int = 5) -> None:
    """Refuse, in one line, a database URL that cannot be read, names a database without its
    driver, or names a server that does not answer within ``timeout`` seconds: said before the
    server starts, not as a traceback from inside it. The URL is shown without its password.

    >>> check_database("sqlite://")
    >>> check_database("nonsense")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.cli.serve.ServeError: --database-url 'nonsense' is not a database URL (such as ...)
    """
    from sqlalchemy import create_engine
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

    from wildstud.server.store.repository import database_url as engine_url

    try:
        parsed = engine_url(url)
    except (ArgumentError, ValueError):
        raise ServeError(
            f"--database-url {url!r} is not a database URL (such as postgresql://user@host/db"
            " or sqlite:///path)"
        ) from None
    shown = parsed.render_as_string(hide_password=True)
    backend = parsed.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise ServeError(
            f"--database-url {shown}: wildstud keeps its tables in PostgreSQL or SQLite"
        )
    if backend == "sqlite":
        check_sqlite_file(parsed.database, shown)
        return
    try:
        engine = create_engine(parsed, connect_args={"connect_timeout": timeout})
    except (NoSuchModuleError, ImportError) as error:
        raise ServeError(f"--database-url {shown}: no driver for it ({error})") from None
    try:
        with engine.connect():
            pass
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()
        raise ServeError(
            f"cannot reach the database at {shown}: {reason[0] if reason else 'no answer'}"
        ) from None
    finally:
        engine.dispose()


def check_sqlite_file(database: str | None, shown: str) -> None:
    """Make the SQLite file ``database`` (and its folder) as the store would, for its owner
    only, or refuse in one line when it cannot be made (a folder that is a file, a file system
    that takes no file): said before the server starts, not as a traceback from inside it.
    Nothing for a database in memory.

    >>> check_sqlite_file("/dev/null/w.db", "sqlite:////dev/null/w.db")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.cli.serve.ServeError: --database-url sqlite:////dev/null/w.db: cannot make the ...
    """
    from wildstud.server.store.files import prepare_sqlite_file

    if not database or database == ":memory:" or database.startswith("file:"):
        return
    try:
        prepare_sqlite_file(database)
    except OSError as error:
        # mkdir on a path through a file: "File exists" (or "Not a directory") says little.
        on_a_file = isinstance(error, FileExistsError | NotADirectoryError)
        reason = "a folder on its path is a file" if on_a_file else error.strerror
        raise ServeError(
            f"--database-url {shown}: cannot make the database file ({reason})"
        ) from None


def check_certificate(certfile: Path, keyfile: Path) -> None:
    """Refuse, in one line, a certificate and key that TLS cannot load (not PEM, or a key that
    is not the certificate's): said before the server starts, not as a traceback from inside
    it."""
    import ssl

    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(certfile, keyfile)
    except ssl.SSLError:
        raise ServeError(
            f"--certfile {certfile} and --keyfile {keyfile} are not a PEM certificate and its"
            " key: TLS cannot load them"
        ) from None
    except OSError as error:  # unreadable
        raise ServeError(f"--certfile {certfile}, --keyfile {keyfile}: {error.strerror}") from None


@app.command("serve")
def serve(
    host: Annotated[
        str, typer.Option(help="The address to listen on (the loopback address by default).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="The port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            help="A SQLAlchemy URL: postgresql://user@host/db, or sqlite:///path (default:"
            " an SQLite file in the user's data folder).",
        ),
    ] = None,
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
    log_format: Annotated[
        str, typer.Option(help="text, or json: one JSON object a line for a log collector.")
    ] = "text",
    tables_per_minute: Annotated[
        float,
        typer.Option(min=0.01, help="Tables one client address may create a minute, on average."),
    ] = TABLES_PER_MINUTE,
    tables_burst: Annotated[
        int, typer.Option(min=1, help="Tables one client address may create at once.")
    ] = TABLES_BURST,
    connections_per_address: Annotated[
        int, typer.Option(min=1, help="WebSockets one client address may have open at once.")
    ] = ADDRESS_CONNECTIONS,
    reads_per_second: Annotated[
        float,
        typer.Option(
            min=0.01,
            help="Reads of finished hands, ledgers and nights one client address may make a"
            " second, on average.",
        ),
    ] = READS_PER_SECOND,
    reads_burst: Annotated[
        int, typer.Option(min=1, help="Such reads one client address may make at once.")
    ] = READS_BURST,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="The address players reach the server at, e.g. https://cards.example/poker:"
            " every link starts with it; behind a proxy, its path is the prefix the proxy strips.",
        ),
    ] = None,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="An address (or *) whose X-Forwarded-For and X-Forwarded-Proto are believed"
            " (repeatable; default: the loopback address).",
        ),
    ] = None,
    certfile: Annotated[
        Path | None, typer.Option(help="Serve HTTPS with this certificate chain (PEM).")
    ] = None,
    keyfile: Annotated[
        Path | None, typer.Option(help="The private key of --certfile (PEM).")
    ] = None,
    cluster: Annotated[
        bool,
        typer.Option(
            help="Run as one process of a cluster on one PostgreSQL database: each table runs"
            " in one process, any process serves any client (docs/deploy.md).",
        ),
    ] = False,
    cluster_address: Annotated[
        str | None,
        typer.Option(
            help="The address the other processes reach this one at (default: http://HOST:PORT).",
        ),
    ] = None,
    lease_seconds: Annotated[
        float,
        typer.Option(
            min=1.0, help="Seconds without a heartbeat before others take a process's tables."
        ),
    ] = 4.0,
    synchronous_commit: Annotated[
        bool,
        typer.Option(
            help="PostgreSQL: every commit waits for the disk (default: a crash of the"
            " database's machine may lose its last commits, never its consistency).",
        ),
    ] = False,
    drain: Annotated[
        bool,
        typer.Option(
            help="Do not serve: have the cluster process at --cluster-address (or HOST:PORT)"
            " hand its tables to the others between hands, and wait until it has stopped.",
        ),
    ] = False,
    lan: Annotated[
        bool,
        typer.Option(
            help="Listen on every interface (0.0.0.0) for the phones on your home network, and"
            " print this machine's address and its QR code; links use that address unless"
            " --public-url is given.",
        ),
    ] = False,
) -> None:
    """Run the table server: REST API, WebSockets, and the database behind them."""
    require("server")  # before anything else: one line naming the extra, not a traceback
    import uvicorn

    from wildstud.server.app import create_app
    from wildstud.server.config import ServerConfig, default_database_url, public_address
    from wildstud.server.logs import log_config
    from wildstud.server.running import RestartingServer
    from wildstud.server.timeouts import HeaderDeadline

    level = log_level.strip().lower()
    if level not in LOG_LEVELS:
        raise ServeError(f"--log-level must be debug, info, warning or error, not {log_level!r}")
    form = log_format.strip().lower()
    if form not in LOG_FORMS:
        raise ServeError(f"--log-format must be text or json, not {log_format!r}")
    limits = Limits(
        tables_per_minute=tables_per_minute,
        tables_burst=tables_burst,
        address_connections=connections_per_address,
        reads_per_second=reads_per_second,
        reads_burst=reads_burst,
    )
    if cluster or drain:
        from wildstud.server.store import database_url as parsed_url

        if database_url is None or parsed_url(database_url).get_backend_name() != "postgresql":
            raise ServeError("--cluster and --drain need --database-url postgresql://...")
    if drain:
        from wildstud.server.cluster import drain as drain_process

        assert database_url is not None
        address = (cluster_address or f"http://{host}:{port}").rstrip("/")
        count = drain_process(database_url, address)
        typer.echo(f"drained: the process at {address} handed on its tables and stopped ({count})")
        return
    if (certfile is None) != (keyfile is None):
        raise ServeError("--certfile and --keyfile go together: give both or neither")
    for path in (certfile, keyfile):
        if path is not None and not path.is_file():
            raise ServeError(f"no such file: {path}")
    if certfile is not None and keyfile is not None:
        check_certificate(certfile, keyfile)
    if lan and host != "127.0.0.1":
        raise ServeError("--lan listens on every interface: give --lan or --host, not both")
    if database_url is not None:  # the slowest check last: it may wait for the server
        check_database(database_url)
    if lan:
        from wildstud.server.lan import ANY_INTERFACE, lan_banner, lan_url, local_address

        host = ANY_INTERFACE
        local = local_address()
        shown = public_url
        if shown is None and local is not None:
            shown = lan_url(local, port, tls=certfile is not None)
            public_url = shown  # the links the host shares must work from a phone
        typer.echo(lan_banner(None if shown is None else shown.rstrip("/"), port))
    # Every check comes before logging is set up, so a refusal leaves the process as it was.
    logging.config.dictConfig(log_config(level, form))
    logging.captureWarnings(True)  # warnings too go through the redacting formatter
    url = database_url or default_database_url()
    config = ServerConfig(
        database_url=url,
        host=host,
        port=port,
        limits=limits,
        public_url=None if public_url is None else public_address(public_url),
        cluster=cluster,
        cluster_address=cluster_address,
        lease_seconds=lease_seconds,
        synchronous_commit=synchronous_commit,
    )
    app = create_app(config)
    settings = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=log_config(level, form),
        log_level=level,
        # Paths hold tokens: the log formatters redact them (wildstud.server.logs).
        access_log=True,
        ws_max_size=WS_MAX_BYTES,
        server_header=False,
        # A request's headers must arrive within a few seconds (uvicorn has no such limit).
        http=HeaderDeadline,
        # The per-address limits count the client behind a proxy, never the proxy itself.
        proxy_headers=True,
        forwarded_allow_ips=trusted_proxy or ["127.0.0.1"],
        ssl_certfile=certfile,
        ssl_keyfile=keyfile,
    )
    RestartingServer(settings, app.state).run()
