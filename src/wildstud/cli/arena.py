"""``wildstud arena``: bots against bots over many hands, chips won per hundred hands.

>>> import json
>>> from typer.testing import CliRunner
>>> args = ["arena", "--game", "FTQ", "--hands", "8", "--bots", "equity,call", "--json"]
>>> result = CliRunner().invoke(app, args)
>>> result.exit_code, [row["name"] for row in json.loads(result.output)["standings"]]
(0, ['equity', 'call'])
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, Group
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from wildstud.arena import BOT_KINDS, ArenaResult, arena
from wildstud.cli import app
from wildstud.cli.compiling import announce_compiling
from wildstud.cli.inputs import parse_options, preset_options
from wildstud.cli.jsonout import emit
from wildstud.cli.saved_hands import save_hands
from wildstud.odds import compiled_deal
from wildstud.vocabulary import arena_json

__all__ = ["arena_command", "render"]


@app.command(
    "arena",
    help="Play bots against each other over many hands (each deck dealt once per seating) and"
    f" report each one's chips won per 100 hands with a 95% interval. Bots: {', '.join(BOT_KINDS)}"
    " (equity takes settings: equity:aggression=1.5:samples=400).",
)
def arena_command(
    game: Annotated[
        list[str] | None,
        typer.Option(
            "--game", help="The game (FTQ, SMBU, BD7, BD5, BITCH, F7S); repeat to rotate."
        ),
    ] = None,
    hands: Annotated[int, typer.Option("--hands", help="Hands to play (at least).")] = 10_000,
    bots: Annotated[
        str, typer.Option("--bots", help="The bots, one per seat, separated by commas.")
    ] = "equity,random,call",
    seed: Annotated[int, typer.Option("--seed", min=0, help="Seed of the decks and the bots.")] = 0,
    stack: Annotated[int, typer.Option("--stack", help="Each seat's chips at each hand.")] = 500,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", metavar="NAME=VALUE", help="A house rule (repeatable)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save-hands",
            metavar="FILE",
            help="Write every hand played, every card shown, as a .phhs file of PHH records.",
        ),
    ] = None,
    preset: Annotated[
        str | None,
        typer.Option(
            "--preset", metavar="NAME", help="Deal under a preset's house rules (pokerkit)."
        ),
    ] = None,
) -> None:
    """Play the hands and print the standings."""
    options = {**preset_options(preset, game or ["FTQ"]), **parse_options(option or [])}
    if "equity" in bots:  # the equity bot works out its odds with the compiled deal
        announce_compiling(compiled_deal.play_chunks)
    console = Console(stderr=True)
    with (
        Progress(
            TextColumn("playing"),
            BarColumn(),
            TaskProgressColumn(),
            TimeElapsedColumn(),
            console=console,
            disable=as_json or not console.is_terminal,
        ) as bar,
        save_hands(save) as keep,
    ):
        task = bar.add_task("hands", total=hands)
        result = arena(
            game or ["FTQ"],
            [bots],
            hands,
            options=options,
            seed=seed,
            stack=stack,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
            on_hand=keep,
        )
    if as_json:
        emit(arena_json(result))
        return
    Console().print(render(result))


def render(result: ArenaResult) -> Group:
    """A heading and one row per player: chips won, per 100 hands, and the 95% interval."""
    heading = Text(
        f"{', '.join(result.games)}: {result.hands:,} hands ({result.rounds:,} rounds),"
        f" stacks of {result.stack}, seed {result.seed}, {result.seconds:.1f} s",
        style="bold",
    )
    table = Table()
    table.add_column("player")
    table.add_column("chips", justify="right")
    table.add_column("per 100 hands", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("", justify="left")
    for standing in result.standings:
        low, high = standing.interval
        verdict = "wins" if low > 0 else "loses" if high < 0 else "unclear"
        table.add_row(
            standing.name,
            f"{standing.chips:+,}",
            f"{standing.per_hundred:+.1f}",
            f"{low:+.1f} to {high:+.1f}",
            verdict,
        )
    return Group(heading, table)
