"""The chances every page shows while hands turned up all in are dealt out.

Under the house rule ``all_in_turn_up`` (on at the tables) the hands still in are turned up
once no more betting can come, and the driver deals the rest of the hand one street at a time,
``runout_pause`` seconds apart (:mod:`wildstud.server.table.driver`). At each of those moments
(:func:`~wildstud.odds.runout.run_out_cuts`) the odds engine works out each hand's chances from
the cards every page sees (:func:`~wildstud.odds.runout.public_odds`): a folded hand's hole
cards and the stub stay unknown, so the figures are the same whatever they hold, and the frame
goes to everyone alike. A frame is worked out on :data:`ODDS_THREAD`, off the event loop, in
some tens of milliseconds of compiled code (the first of a process compiles for a second or two).

>>> from wildstud.deal import Hand, stack_deck
>>> from wildstud.odds.runout import run_out_cuts
>>> hand = Hand("F7S", [6, 50], {"all_in_turn_up": True, "bring_in": 0},
...             deck=stack_deck("As 9c Ah 9d Qh 7d"))
>>> hand.run(); _ = hand.bet(5); _ = hand.call(); hand.run()
>>> cut = run_out_cuts(hand.events)[0]
>>> frame = odds_frame(3, hand.rules, 2, hand.events[:cut], deals=2048)
>>> frame["type"], frame["street"], frame["event"] == cut, [s["seat"] for s in frame["seats"]]
('odds', 'third street', True, [0, 1])
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from wildstud.deal import DealStarted, Event, RunStarted, StreetStarted
from wildstud.errors import SituationError
from wildstud.games import Rules
from wildstud.server.frames import OddsFrame, OddsSeat

__all__ = ["ODDS_THREAD", "odds_frame"]

ODDS_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wildstud-runout")
"""The one thread that works out every table's run-out odds, one frame after another: a hand's
frames are then sent in the order of its streets (on threads of their own the first street's,
held up by the first compile, came after the next one's), and a burst of run-outs at many
tables queues up here instead of taking every core from the event loop."""


def odds_frame(
    number: int, rules: Rules, players: int, events: Sequence[Event], *, deals: int | None = None
) -> dict[str, Any] | None:
    """The odds frame of hand ``number`` after ``events`` (the engine's, hidden cards and all:
    only public cards count), or ``None`` where a deal has no odds (stopped for a redeal)."""
    # Imported when a run-out first needs it: NumPy and Numba are half a second of every
    # server's start, and most hands never go all in.
    from wildstud.odds.hindsight import DEALS
    from wildstud.odds.runout import public_odds
    from wildstud.odds.simulate import GameSpec

    try:
        odds = public_odds(rules, players, events, deals=DEALS if deals is None else deals)
    except SituationError:
        return None
    split = GameSpec.of(rules).split
    deal = max((event.deal for event in events if isinstance(event, DealStarted)), default=1)
    street, run = _street(events)
    return OddsFrame(
        number=number,
        deal=deal,
        event=len(events),
        street=street,
        run=run,
        exact=odds.exact,
        deals=odds.deals,
        split_pot=split,
        seats=[
            OddsSeat(
                seat=seat.seat,
                pot_share=seat.equity,
                low=seat.equity_interval[0],
                high=seat.equity_interval[1],
                win=seat.win,
                tie=seat.tie,
                special_half=seat.special if split else None,
            )
            for seat in odds.seats
        ],
    ).frame()


def _street(events: Sequence[Event]) -> tuple[str, int]:
    """The name of the last street whose cards are out after ``events``, and the run (0 in a
    hand run once): run 2 deals again from the street where run 1 began.

    >>> _street([StreetStarted(0, "third street"), RunStarted(1),
    ...          StreetStarted(1, "fourth street"), RunStarted(2)])
    ('third street', 2)
    """
    name, run, at_start = "", 0, ""
    for event in events:
        if isinstance(event, StreetStarted):
            name = event.name
        elif isinstance(event, RunStarted):
            run = event.run
            if run == 1:
                at_start = name
            else:
                name = at_start
    return name, run
