"""``wildstud odds``: each live hand's chances in a deal part-way through.

>>> from typer.testing import CliRunner
>>> import json
>>> args = ["odds", "FTQ", "--hole", "As Ad", "--hole", "p2:Kc Kd",
...         "--up", "1:Ah 4d 5h 9s", "--up", "p2:Kh 6c 7c 8d", "--exact", "--json"]
>>> result = CliRunner().invoke(app, args)
>>> result.exit_code, round(json.loads(result.output)["seats"]["p1"]["pot_share"]["value"], 3)
(0, 0.808)
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from wildstud.cli import app
from wildstud.cli.commands import ParameterSource
from wildstud.cli.compiling import announce_compiling
from wildstud.cli.inputs import (
    check_seats,
    parse_options,
    parse_player,
    parse_players,
    parse_seat_cards,
)
from wildstud.cli.jsonout import emit
from wildstud.errors import SituationError
from wildstud.extras import require
from wildstud.odds import compiled_deal
from wildstud.odds.equity import Odds, check_exact, exact_odds, odds
from wildstud.odds.simulate import CHUNK_DEALS
from wildstud.odds.situation import Situation
from wildstud.seats import seat_label
from wildstud.vocabulary import odds_json

__all__ = ["odds_command"]


def _situation_from_record(
    source: str, viewer: int | None, lenient: bool = False, preset: str | None = None
) -> Situation:
    from wildstud.cli.judge import read_source  # the record reader of `wildstud judge`
    from wildstud.history.replay import replay

    # The judge's policy: betting left out is filled in, and the odds are where it stops.
    record = read_source(source, lenient=lenient, preset=preset)
    result = replay(record, fill_in=True, lenient=lenient)
    hand = result.hand
    if viewer is not None:
        check_seats({"--viewer": [viewer]}, len(hand.stacks))
    hidden = [card for deal, card in result.unknown if deal == hand.deal_number]
    return Situation.from_hand(hand, viewer, hidden)


_FROM_RECORD = ("players", "seat", "hole", "up", "folded", "seen", "centre", "option", "game")


def _refuse_with_record(ctx: typer.Context) -> None:
    """A record gives the game and every card: an option that says them too is refused."""
    for name in _FROM_RECORD:
        if ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT):
            what = "GAME" if name == "game" else f"--{name}"
            raise SituationError(f"--record gives the game and the cards: leave out {what}")


def _situation(
    game: str,
    players: int | None,
    seat: str,
    hole: list[str],
    up: list[str],
    folded: list[str],
    seen: str,
    centre: str | None,
    option: list[str],
) -> Situation:
    own = " ".join(item for item in hole if ":" not in item)
    named = [item for item in hole if ":" in item]
    if own:
        named.append(f"{seat}:{own}")
    holes = parse_seat_cards(named, "--hole")
    upcards = parse_seat_cards(up, "--up")
    out = parse_players(folded, "--folded")
    seats = {"--hole": list(holes), "--up": list(upcards), "--folded": out}
    if players is None:  # the table is as large as the highest player named
        players = max([2, *(seat + 1 for named in seats.values() for seat in named)])
    else:
        check_seats(seats, players)
    options = parse_options(option)
    if not (holes or upcards or out or seen or centre):
        return Situation.start(game, players, options)
    return Situation.build(
        game,
        players,
        options=options,
        hole=holes,
        upcards=upcards,
        folded=out,
        seen=seen,
        centre=centre,
    )


@app.command(
    "odds",
    help="The chances of each live hand: win, tie, and for The Bitch each half of the pot, with"
    " 95% intervals. Give what is known (hole cards, upcards, folded players) or a hand record."
    " Players are written 3 or p3, counted from 1 from the dealer's left; the table is as large"
    " as the highest player named unless --players says more.",
    epilog="With --json the odds are one JSON object (docs/json.md; schema odds.schema.json).",
)
def odds_command(
    ctx: typer.Context,
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="The game (FTQ, SMBU, BD7, BD5, BITCH, F7S…).")
    ] = "FTQ",
    players: Annotated[
        int | None,
        typer.Option(
            "--players", metavar="N", help="Players dealt in (default: the highest named)."
        ),
    ] = None,
    seat: Annotated[
        str,
        typer.Option("--seat", metavar="PLAYER", help="Whose hole cards --hole CARDS gives."),
    ] = "p1",
    hole: Annotated[
        list[str] | None,
        typer.Option(
            "--hole",
            metavar="[PLAYER:]CARDS",
            help="Hole cards known, in order: of --seat's player, or of the player named"
            " (repeatable, once a player).",
        ),
    ] = None,
    up: Annotated[
        list[str] | None,
        typer.Option(
            "--up",
            metavar="PLAYER:CARDS",
            help="A player's upcards in order (repeatable, once a player).",
        ),
    ] = None,
    folded: Annotated[
        list[str] | None,
        typer.Option("--folded", metavar="PLAYER", help="A folded player (repeatable)."),
    ] = None,
    seen: Annotated[
        str, typer.Option("--seen", metavar="CARDS", help="Cards seen from folded hands.")
    ] = "",
    centre: Annotated[
        str | None,
        typer.Option(
            "--centre", metavar="CARD", help="The centre card (Follow the Queen, centre-card)."
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", metavar="NAME=VALUE", help="A house rule (repeatable)."),
    ] = None,
    record: Annotated[
        str | None,
        typer.Option(
            "--record", metavar="FILE", help="A hand record (- for stdin): odds where it stops."
        ),
    ] = None,
    viewer: Annotated[
        str | None,
        typer.Option(
            "--viewer", metavar="PLAYER", help="With --record: odds as this player sees them."
        ),
    ] = None,
    deals: Annotated[
        int | None, typer.Option("--deals", metavar="N", help="Deals to simulate.")
    ] = None,
    precision: Annotated[
        float,
        typer.Option("--precision", metavar="P", help="Stop when every interval is this narrow."),
    ] = 0.002,
    time_limit: Annotated[
        float, typer.Option("--time-limit", metavar="SECONDS", help="Seconds at most.")
    ] = 10.0,
    seed: Annotated[int, typer.Option("--seed", metavar="N", min=0, help="Seed of the deals.")] = 0,
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
    if not time_limit > 0:
        raise SituationError(f"--time-limit must be above 0 seconds, not {time_limit:g}")
    if record is not None:
        _refuse_with_record(ctx)
        looker = None if viewer is None else parse_player(viewer, "--viewer")
        situation = _situation_from_record(record, looker, lenient, preset)
    else:
        if viewer is not None:
            raise SituationError("--viewer goes with --record (odds as one player saw a record)")
        own = any(":" not in item for item in hole or [])
        if ctx.get_parameter_source("seat") not in (None, ParameterSource.DEFAULT) and not own:
            raise SituationError("--seat says whose cards --hole CARDS gives: give --hole CARDS")
        situation = _situation(
            game,
            players,
            seat,
            hole or [],
            up or [],
            folded or [],
            seen,
            centre,
            option or [],
        )
    if exact:
        for name in ("deals", "precision", "time_limit", "seed", "scheduler"):
            if ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT):
                what = "--" + name.replace("_", "-")
                raise SituationError(
                    f"--exact tries every way the last street falls: leave out {what}"
                )
        check_exact(situation)  # a refusal comes before the compiling notice
        announce_compiling(compiled_deal.enumerate_last_street)
        result = exact_odds(situation)
    else:
        if deals is not None and deals < 1:
            raise SituationError(f"--deals must be at least 1, not {deals}")
        if not precision > 0:
            raise SituationError(f"--precision must be above 0, not {precision:g}")
        if scheduler is not None:
            require("dask")  # named before the compiling, not after it
        announce_compiling(compiled_deal.play_chunks)
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
        emit(odds_json(result))
        return
    _print(result, deals)


def _print(result: Odds, asked: int | None) -> None:
    kind = "exact" if result.exact else f"{result.deals:,} deals"
    if not result.exact and asked is not None and result.deals != asked:
        # The deals are dealt in seeded chunks, so that a seed gives the same answer on any
        # number of cores: a count between chunks is rounded up.
        kind += f" ({asked:,} asked, rounded up to whole chunks of {CHUNK_DEALS:,})"
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
