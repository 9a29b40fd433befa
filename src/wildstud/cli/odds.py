"""``wildstud odds``: each live hand's chances in a deal part-way through.

>>> from typer.testing import CliRunner
>>> args = ["odds", "FTQ", "--players", "2", "--hole", "As Ad", "--hole", "2:Kc Kd",
...         "--up", "1:Ah 4d 5h 9s", "--up", "2:Kh 6c 7c 8d", "--exact", "--json"]
>>> result = CliRunner().invoke(app, args)
>>> result.exit_code, round(json.loads(result.output)["seats"][0]["equity"], 3)
(0, 0.808)
"""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from wildstud.cli import app
from wildstud.cli.study import parse_options
from wildstud.errors import SituationError
from wildstud.odds.equity import Odds, exact_odds, odds
from wildstud.odds.situation import Situation
from wildstud.seats import seat_label

__all__ = ["odds_command", "parse_seat_cards"]


def parse_seat_cards(items: list[str]) -> dict[int, str]:
    """``--up 2:Kh 7c`` items (players counted from 1, from the dealer's left) by seat.

    >>> parse_seat_cards(["1:Ah 4d", "p2: Kh"])
    {0: 'Ah 4d', 1: 'Kh'}
    >>> parse_seat_cards(["Ah"])
    Traceback (most recent call last):
    ...
    wildstud.errors.SituationError: expected PLAYER:CARDS (such as 2:Kh 7c), not 'Ah'
    """
    seats: dict[int, str] = {}
    for item in items:
        player, sep, cards = item.partition(":")
        number = player.strip().lower().removeprefix("p")
        if not sep or not number.isdigit() or int(number) < 1:
            raise SituationError(f"expected PLAYER:CARDS (such as 2:Kh 7c), not {item!r}")
        seats[int(number) - 1] = cards.strip()
    return seats


def _situation_from_record(
    source: str, viewer: int | None, lenient: bool = False, preset: str | None = None
) -> Situation:
    from wildstud.cli.judge import read_source  # the record reader of `wildstud judge`
    from wildstud.history.replay import replay

    # The judge's policy: betting left out is filled in, and the odds are where it stops.
    record = read_source(source, lenient=lenient, preset=preset)
    result = replay(record, fill_in=True, lenient=lenient)
    hand = result.hand
    hidden = [card for deal, card in result.unknown if deal == hand.deal_number]
    return Situation.from_hand(hand, viewer, hidden)


def _holes(items: list[str], seat: int) -> dict[int, str]:
    own = [item for item in items if ":" not in item]
    holes = parse_seat_cards([item for item in items if ":" in item])
    if own:
        holes[seat - 1] = " ".join(own)
    return holes


@app.command(
    "odds",
    help="The chances of each live hand: win, tie, and for The Bitch each half of the pot, with"
    " 95% intervals. Give what is known (hole cards, upcards, folded players) or a hand record.",
)
def odds_command(
    game: Annotated[
        str, typer.Argument(help="The game (FTQ, SMBU, BD7, BD5, BITCH, F7S…).")
    ] = "FTQ",
    players: Annotated[int, typer.Option("--players", help="Players dealt in.")] = 2,
    seat: Annotated[int, typer.Option("--seat", help="The player whose hole cards are known.")] = 1,
    hole: Annotated[
        list[str] | None,
        typer.Option(
            "--hole",
            metavar="[PLAYER:]CARDS",
            help="Hole cards known: of --seat's player, or of the player named (repeatable).",
        ),
    ] = None,
    up: Annotated[
        list[str] | None,
        typer.Option("--up", metavar="PLAYER:CARDS", help="A player's upcards in order."),
    ] = None,
    folded: Annotated[
        list[int] | None, typer.Option("--folded", metavar="PLAYER", help="A folded player.")
    ] = None,
    seen: Annotated[str, typer.Option("--seen", help="Cards seen from folded hands.")] = "",
    centre: Annotated[str | None, typer.Option("--centre", help="The centre card.")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", metavar="NAME=VALUE", help="A house rule.")
    ] = None,
    record: Annotated[
        str | None,
        typer.Option("--record", help="A hand record file (- for stdin): odds where it stops."),
    ] = None,
    viewer: Annotated[
        int | None,
        typer.Option("--viewer", help="With --record: odds as this player sees them."),
    ] = None,
    deals: Annotated[int | None, typer.Option("--deals", help="Deals to simulate.")] = None,
    precision: Annotated[
        float, typer.Option("--precision", help="Stop when every interval is this narrow.")
    ] = 0.002,
    time_limit: Annotated[float, typer.Option("--time-limit", help="Seconds at most.")] = 10.0,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals.")] = 0,
    exact: Annotated[
        bool, typer.Option("--exact", help="Enumerate the last street instead of sampling.")
    ] = False,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", metavar="ADDRESS", help="A Dask scheduler.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    lenient: Annotated[
        bool,
        typer.Option("--lenient", help="With --record: read it leniently (see judge --help)."),
    ] = False,
    preset: Annotated[
        str | None,
        typer.Option("--preset", metavar="NAME", help="With --record: see judge --help."),
    ] = None,
) -> None:
    """Work out and print the odds."""
    if record is not None:
        looking = None if viewer is None else viewer - 1
        situation = _situation_from_record(record, looking, lenient, preset)
    else:
        situation = Situation.build(
            game,
            players,
            options=parse_options(option or []),
            hole=_holes(hole or [], seat),
            upcards=parse_seat_cards(up or []),
            folded=[player - 1 for player in folded or []],
            seen=seen,
            centre=centre,
        )
    if exact:
        result = exact_odds(situation)
    else:
        console = Console(stderr=True)
        with Progress(
            TextColumn("dealing"),
            BarColumn(),
            TimeElapsedColumn(),
            console=console,
            disable=as_json or not console.is_terminal,
        ) as bar:
            task = bar.add_task("deals", total=deals)
            result = odds(
                situation,
                deals=deals,
                precision=precision,
                time_limit=time_limit,
                seed=seed,
                scheduler=scheduler,
                progress=lambda done, total: bar.update(task, completed=done),
            )
    if as_json:
        json.dump(result.to_dict(), sys.stdout)
        sys.stdout.write("\n")
        return
    _print(result)


def _print(result: Odds) -> None:
    kind = "exact" if result.exact else f"{result.deals:,} deals"
    typer.echo(f"{result.situation.rules.title}: {kind}")
    split = result.to_dict()["split_pot"]
    for seat in result.seats:
        low, high = seat.equity_interval
        line = (
            f"  {seat_label(seat.seat)}: pot share {100 * seat.equity:6.2f}%"
            f" ({100 * low:.2f}–{100 * high:.2f}), wins {100 * seat.win:6.2f}%,"
            f" ties {100 * seat.tie:5.2f}%"
        )
        if split:
            line += f", Q♠ half {100 * seat.special:5.2f}%"
        typer.echo(line)
