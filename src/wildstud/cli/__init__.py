"""The ``wildstud`` command line.

Each sub-command lives in a module of its own beside this one and registers itself on
:data:`app`. Errors from bad input are printed as one line on standard error with exit code 2,
never as a traceback.
"""

from __future__ import annotations

import importlib
import sys

import typer
from rich.console import Console
from rich.markup import escape

from wildstud.errors import WildstudError
from wildstud.extras import MissingExtraError

app = typer.Typer(
    name="wildstud",
    help="Wild-card stud for home poker nights: rulings, tables, odds and a table server.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
COMMANDS = ("tables", "judge", "replay", "verify", "odds", "study", "arena", "serve")
"""The sub-command modules beside this one, imported only when the command line runs."""

stderr = Console(stderr=True, soft_wrap=True)


def _show_version(value: bool) -> None:
    if value:
        from wildstud import __version__

        typer.echo(f"wildstud {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False,
        "--version",
        callback=_show_version,
        is_eager=True,
        help="Print the version and exit.",
    ),
) -> None:
    """Wild-card stud for home poker nights: rulings, tables, odds and a table server."""


def main(argv: list[str] | None = None) -> None:
    """Run the command line; bad input exits with status 2 and a one-line message."""
    for command in COMMANDS:  # each module registers its command on ``app``
        try:
            importlib.import_module(f"wildstud.cli.{command}")
        except MissingExtraError as missing:
            _unavailable(command, missing)

    try:
        app(args=argv, prog_name="wildstud")
    except (WildstudError, MissingExtraError) as error:
        stderr.print(f"[bold red]error:[/] {escape(str(error))}", highlight=False)
        sys.exit(2)


def _unavailable(command: str, missing: MissingExtraError) -> None:
    """Register ``command`` as one that says which extra it needs, whatever it is given."""

    @app.command(
        command,
        help=f"(Needs the {missing.extra!r} extra: pip install 'wildstud[{missing.extra}]'.)",
        context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
        add_help_option=False,
    )
    def needs_extra() -> None:
        raise missing
