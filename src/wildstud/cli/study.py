"""``wildstud study``: complete deals of a game to the showdown, summed up in a report.

>>> import tempfile
>>> from typer.testing import CliRunner
>>> out = tempfile.mkdtemp()
>>> args = ["study", "FTQ", "--players", "3", "--deals", "3000", "--out", out, "--json"]
>>> result = CliRunner().invoke(app, args)
>>> result.exit_code, json.loads(result.output)["deals"]
(0, 3000)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

from wildstud.cli import app
from wildstud.deal import Hand
from wildstud.errors import OptionError, RecordError
from wildstud.games.options import OptionValue
from wildstud.history.export import record_from_hand
from wildstud.history.phh import RecordsWriter
from wildstud.history.presets import preset_rules
from wildstud.odds.report import write_report
from wildstud.odds.study import study as run_study

__all__ = ["parse_options", "preset_options", "save_hands", "study"]


def parse_options(items: list[str]) -> dict[str, str]:
    """``--option name=value`` items as a mapping.

    >>> parse_options(["queens=all", "no-queen = redeal-still-in"])
    {'queens': 'all', 'no-queen': 'redeal-still-in'}
    >>> parse_options(["queens"])
    Traceback (most recent call last):
    ...
    wildstud.errors.OptionError: --option must be NAME=VALUE, not 'queens'
    """
    options: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"--option must be NAME=VALUE, not {item!r}")
        options[name.strip()] = value.strip()
    return options


def preset_options(preset: str | None, games: list[str]) -> dict[str, OptionValue]:
    """The house rules of ``--preset`` that every game named has (none without a preset)."""
    if preset is None:
        return {}
    rules = [preset_rules(preset, game) for game in games]
    return {key: value for key, value in rules[0].items() if all(key in r for r in rules)}


@contextmanager
def save_hands(path: Path | None) -> Iterator[Callable[[Hand], None] | None]:
    """``--save-hands FILE``: a function that writes each hand played to ``FILE`` as a PHH
    record with every card (a ``.phhs`` file), or ``None`` without the option. The file is
    opened first, so that one that cannot be written is refused before anything is played."""
    if path is None:
        yield None
        return
    try:
        target = path.open("w", encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot write {path}: {error.strerror or error}") from None
    with target:
        writer = RecordsWriter(target)
        yield lambda hand: writer.write(record_from_hand(hand, reveal="all"))


@app.command(
    "study",
    help="Play complete deals of GAME with every player to the showdown and report what"
    " happens: the winning hands, five of a kind, wild cards, redeals, split pots.",
)
def study(
    game: Annotated[str, typer.Argument(help="The game: a name, alias or code (FTQ, BD5…).")],
    players: Annotated[int, typer.Option("--players", help="Players at the table.")] = 6,
    deals: Annotated[int, typer.Option("--deals", help="Deals to play.")] = 1_000_000,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", metavar="NAME=VALUE", help="A house rule (repeatable)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals.")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", help="Folder for the Markdown report and plots.")
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", metavar="ADDRESS", help="Run on this Dask scheduler."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save-hands",
            metavar="FILE",
            help="Also write every deal as a PHH record with every card, in a .phhs file: the"
            " deals are then played by the engine too (at its pace), from packs shuffled with"
            " the seed, and counted from the same packs.",
        ),
    ] = None,
) -> None:
    """Run the study; write the report where ``--out`` says."""
    options = parse_options(option or [])
    console = Console(stderr=True)
    show = console.is_terminal and not as_json
    with (
        Progress(
            TextColumn("dealing"),
            BarColumn(),
            TaskProgressColumn(),
            TimeElapsedColumn(),
            console=console,
            disable=not show,
        ) as bar,
        save_hands(save) as keep,
    ):
        task = bar.add_task("deals", total=deals)
        result = run_study(
            game,
            players,
            deals,
            options=options,
            seed=seed,
            scheduler=scheduler,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
            on_hand=keep,
        )
    if out is not None:
        path = write_report(result, out)
        if not as_json:
            typer.echo(f"report written to {path}")
    summary = result.summary()
    if as_json:
        json.dump(summary, sys.stdout)
        sys.stdout.write("\n")
        return
    typer.echo(
        f"{result.rules.title} ({result.rules.code}), {players} players,"
        f" {result.deals:,} deals in {result.seconds:.1f} s"
    )
    for name, (value, low, high) in summary["winning_category"].items():
        if value:
            typer.echo(f"  {name:16} {100 * value:7.3f}%  ({100 * low:.3f}–{100 * high:.3f})")
