"""How every ``wildstud`` sub-command parses its arguments and shows its help.

:class:`Command` is the class Typer builds each sub-command with (:class:`WildstudTyper` makes
it the default, so a module beside this one registers commands with a plain
``@app.command(...)``). It refuses an option given twice where the second would silently
replace the first (Click keeps the last one). Help is Click's plain text, which never cuts an
option's name short, and ``-h`` asks for it as ``--help`` does.

>>> from typer.testing import CliRunner
>>> demo = WildstudTyper()
>>> @demo.command()
... def count(players: int = 2, exact: bool = False) -> None:
...     print(players, exact)
>>> CliRunner().invoke(demo, ["--players", "3", "--exact"]).output
'3 True\\n'
>>> result = CliRunner().invoke(demo, ["--players", "3", "--players", "4"])
>>> result.exit_code, "--players is given twice (3 and 4): give it once" in result.output
(2, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import typer
from typer.core import TyperCommand

try:  # recent Typer parses with a copy of Click of its own, whose classes these are
    from typer._click.core import Context, Parameter, ParameterSource
    from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError
    from typer.core import TyperOption as Option
    from typer.exceptions import Abort
except ImportError:  # pragma: no cover
    from click import Abort, ClickException, Context, Option, Parameter, UsageError  # type: ignore[assignment]
    from click.core import ParameterSource  # type: ignore[assignment]
    from click.exceptions import NoArgsIsHelpError  # type: ignore[assignment]

__all__ = [
    "Abort",
    "ClickException",
    "Command",
    "NoArgsIsHelpError",
    "ParameterSource",
    "RepeatedOptionError",
    "UsageError",
    "WildstudTyper",
    "refuse_repeats",
]

HELP_OPTIONS = ["-h", "--help"]
"""The options that print a command's help (sub-commands inherit them from the root)."""


class RepeatedOptionError(UsageError):
    """An option that takes one value was given more than once."""


def refuse_repeats(params: Sequence[Parameter], args: Sequence[str]) -> None:
    """Refuse ``args`` where an option that takes one value appears twice.

    Options that collect a list (``multiple``) and counters may repeat; so may a flag given
    with the same meaning twice (``--json --json``), which replaces nothing. Arguments after
    ``--`` are not options.
    """
    names: dict[str, Option] = {}
    for param in params:
        if isinstance(param, Option) and not (param.multiple or param.count):
            for name in (*param.opts, *param.secondary_opts):
                names[name] = param
    seen: dict[str, tuple[str, str]] = {}  # parameter name -> (option written, value)
    index = 0
    while index < len(args):
        token = args[index]
        index += 1
        if token == "--":
            break
        name, equals, value = token.partition("=")
        option = names.get(name) if name.startswith("-") else None
        if option is None:
            continue
        if option.is_flag:
            value = name
        elif not equals:
            value = args[index] if index < len(args) else ""
            index += 1
        key = option.name or name
        if key in seen:
            first_name, first = seen[key]
            if option.is_flag and first == value:
                continue
            if option.is_flag:
                raise RepeatedOptionError(f"{first_name} and {name} contradict: give one")
            raise RepeatedOptionError(f"{name} is given twice ({first} and {value}): give it once")
        seen[key] = (name, value)


class Command(TyperCommand):
    """A sub-command whose options given twice are refused (see :func:`refuse_repeats`)."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        if not ctx.resilient_parsing:
            refuse_repeats(self.get_params(ctx), args)
        return super().parse_args(ctx, args)


class WildstudTyper(typer.Typer):
    """A Typer application whose commands are :class:`Command` unless told otherwise."""

    def __init__(self, **settings: Any) -> None:
        # Click's plain help, not Rich's panels: Rich cuts long option names short at 80
        # columns (--five-of-a-kind-t…) and shows a flag with a "<bool>" it never takes.
        settings.setdefault("rich_markup_mode", None)
        context = dict(settings.pop("context_settings", None) or {})
        context.setdefault("help_option_names", HELP_OPTIONS)
        super().__init__(context_settings=context, **settings)

    def command(
        self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **settings: Any
    ) -> Callable[[Any], Any]:
        context = dict(settings.pop("context_settings", None) or {})
        context.setdefault("help_option_names", HELP_OPTIONS)
        return super().command(name, cls=cls or Command, context_settings=context, **settings)
