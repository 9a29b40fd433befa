"""``wildstud serve``: run the table server.

The server listens on 127.0.0.1:8000 by default and keeps its tables in an SQLite file in the
user's data folder; ``--database-url`` points it at PostgreSQL. Migrations are applied when it
starts, then every table and every hand in progress is loaded from the database.

>>> from typer.testing import CliRunner
>>> result = CliRunner().invoke(app, ["serve", "--help"])
>>> result.exit_code, "--database-url" in result.output
(0, True)
"""

from __future__ import annotations

import logging
from typing import Annotated

import typer

from wildstud.cli import app
from wildstud.errors import WildstudError

__all__ = ["serve"]

WS_MAX_BYTES = 1 << 20
"""Frames over this size close the connection at the protocol level; the server's own limit
(a few kilobytes, answered with an error frame) sits well below it."""


class ServeError(WildstudError):
    """The server cannot start with the options given."""


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
) -> None:
    """Run the table server: REST API, WebSockets, and the database behind them."""
    import uvicorn

    from wildstud.server.app import create_app
    from wildstud.server.config import ServerConfig, default_database_url

    level = log_level.strip().lower()
    if level not in ("debug", "info", "warning", "error"):
        raise ServeError(f"--log-level must be debug, info, warning or error, not {log_level!r}")
    logging.basicConfig(
        level=level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    config = ServerConfig(database_url=database_url or default_database_url(), host=host, port=port)
    uvicorn.run(
        create_app(config),
        host=host,
        port=port,
        log_level=level,
        # The paths hold the tokens of the links: keep them out of the logs.
        access_log=False,
        ws_max_size=WS_MAX_BYTES,
        server_header=False,
    )
