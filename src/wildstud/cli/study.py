"""``wildstud study``: complete deals of a game to the showdown, summed up in a report.

>>> import tempfile
>>> import json
>>> from typer.testing import CliRunner
>>> out = tempfile.mkdtemp()
>>> args = ["study", "FTQ", "--players", "3", "--deals", "3000", "--out", out, "--json"]
>>> result = CliRunner().invoke(app, args)
>>> result.exit_code, json.loads(result.output)["deals"]
(0, 3000)
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, Group
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from wildstud.cli import app
from wildstud.cli.compiling import announce_compiling
from wildstud.cli.inputs import check_out_folder, parse_options
from wildstud.cli.jsonout import emit
from wildstud.cli.saved_hands import save_hands
from wildstud.extras import require
from wildstud.odds import compiled_deal
from wildstud.odds.report import write_report
from wildstud.odds.study import Study, check_study
from wildstud.odds.study import study as run_study
from wildstud.vocabulary import study_json

__all__ = ["render", "study"]


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
    seed: Annotated[int, typer.Option("--seed", min=0, help="Seed of the deals.")] = 0,
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
    # Every refusal before any work and any file: the arguments, then the extras (the report's
    # plots need matplotlib, a scheduler needs Dask), then the folder.
    rules = check_study(game, players, deals, parse_options(option or []))
    if scheduler is not None:
        require("dask")
    if out is not None:
        require("plots")
        check_out_folder(out)
    announce_compiling(compiled_deal.play_chunks)
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
            rules,
            players,
            deals,
            seed=seed,
            scheduler=scheduler,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
            on_hand=keep,
        )
    path = None if out is None else write_report(result, out)
    if as_json:
        emit(study_json(result, None if path is None else str(path)))
        return
    if path is not None:
        typer.echo(f"report written to {path}")
    Console().print(render(result))


def render(result: Study) -> Group:
    """The summary as a heading and a Rich table of the winning hand, categories best first
    (as ``wildstud tables`` lists them), then the rates that apply to the game."""
    rules, c = result.rules, result.counts
    heading = Text(
        f"{rules.title} ({rules.code}), {result.players} players,"
        f" {result.deals:,} deals in {result.seconds:.1f} s",
        style="bold",
    )
    table = Table()
    table.add_column("winning hand")
    table.add_column("pots won", justify="right")
    table.add_column("95% interval", justify="right")
    for category in result.categories():
        value, low, high = result.rate(int(c.winner_category[category]))
        table.add_row(category.label, f"{100 * value:.3f}%", f"{100 * low:.3f}–{100 * high:.3f}%")
    rates = [("pot split between equal hands", result.rate(c.ties))]
    if result.has_wilds:
        rates.append(("won with no wild card", result.rate(c.natural_winners)))
    if result.can_redeal:
        rates.append(("dealt again at least once", result.rate(result.deals - int(c.redeals[0]))))
    if rules.special_card is not None:
        rates.append(("special half paid", result.rate(c.special)))
        rates.append(("both halves to one player", result.rate(c.scoops)))
    table.add_section()
    for name, (value, low, high) in rates:
        table.add_row(name, f"{100 * value:.3f}%", f"{100 * low:.3f}–{100 * high:.3f}%")
    return Group(heading, table)
