"""The ``wildstud`` command line.

Each sub-command lives in a module of its own beside this one and registers itself on
:data:`app`. Errors from bad input are printed as one line on standard error with exit code 2,
never as a traceback.
"""

from __future__ import annotations

import importlib
import sys
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from wildstud.cli.commands import (
    Abort,
    ClickException,
    NoArgsIsHelpError,
    UsageError,
    WildstudTyper,
)
from wildstud.errors import WildstudError
from wildstud.extras import MissingExtraError

app = WildstudTyper(
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
    """Run the command line; bad input exits with status 2 and a one-line message (Click's
    own complaints too: a value of the wrong type, an option it does not know)."""
    args = sys.argv[1:] if argv is None else argv
    # Only the command asked for is imported (each module registers its command on ``app``):
    # `serve` brings the web server and `arena` the compiled odds, seconds of imports that a
    # ruling on a hand should not wait for. The root's help lists every command, so without a
    # command named, or with a name that is none, every module is imported.
    named = next((arg for arg in args if not arg.startswith("-")), None)
    for command in (named,) if named in COMMANDS else COMMANDS:
        try:
            importlib.import_module(f"wildstud.cli.{command}")
        except MissingExtraError as missing:
            _unavailable(command, missing)

    root = typer.main.get_command(app)
    try:
        status = root.main(args=args, prog_name="wildstud", standalone_mode=False)
    except (WildstudError, MissingExtraError) as error:
        _fail(str(error))
    except NoArgsIsHelpError as error:
        typer.echo(error.ctx.get_help() if error.ctx else "")
        sys.exit(2)
    except UsageError as error:  # a bad value, an unknown option, a missing argument
        _fail(error.format_message())
    except ClickException as error:
        _fail(error.format_message(), error.exit_code)
    except Abort:
        stderr.print("aborted", highlight=False)
        sys.exit(1)
    sys.exit(status if isinstance(status, int) else 0)


def _fail(message: str, status: int = 2) -> NoReturn:
    """Say what went wrong in one line on standard error, and exit."""
    line = " ".join(message.split())
    stderr.print(f"[bold red]error:[/] {escape(line)}", highlight=False)
    sys.exit(status)


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
