"""A finished hand's odds at every street, for its replay.

The odds engine answers for each street of a stored hand as the table knew it once the hand was
over (:func:`wildstud.odds.hindsight.finished_odds`: the cards the showdown did not show stay
unknown, so nothing here reveals a hidden card). A finished hand never changes, so the API builds
the answer once, off the event loop, and keeps it with the hand's other answers
(:mod:`wildstud.server.reads`): some tenths of a second of compiled code for a hand of seven.

>>> from wildstud.bots import CallingBot, play_out
>>> from wildstud.cards import Deck
>>> from wildstud.deal import Hand
>>> from wildstud.server.store.records import HandSetup
>>> hand = Hand("FTQ", [100, 100], deck=Deck(seed=3))
>>> play_out(hand, CallingBot())
>>> setup = HandSetup(4, 1, "follow-the-queen", {}, (2, 5), ("ann", "bob"), 1, (100, 100))
>>> report = odds_report(setup, hand, deals=4096)
>>> report["number"], [street["street"] for street in report["streets"]][:2]
(4, ['third street', 'fourth street'])
>>> sorted(report["streets"][0]["seats"][0])  # doctest: +NORMALIZE_WHITESPACE
['high', 'low', 'name', 'pot_share', 'seat', 'shown', 'special_half', 'tie', 'win']
"""

from __future__ import annotations

from typing import Any

from wildstud.deal import Hand
from wildstud.server.store.records import HandSetup

__all__ = ["odds_report"]


def odds_report(setup: HandSetup, hand: Hand, *, deals: int | None = None) -> dict[str, Any]:
    """Every street's odds of a finished hand, in the shape of
    :class:`~wildstud.server.schemas.HandOdds` (seats are engine seats, named); ``deals``: the
    deals dealt where a street's odds are not worked out exactly (by default
    :data:`wildstud.odds.hindsight.DEALS`)."""
    # Imported on the first replay asked for, not when the server starts: the odds engine
    # brings NumPy and Numba, half a second of every server's start that most nights never use.
    from wildstud.odds.hindsight import DEALS, finished_odds
    from wildstud.odds.simulate import GameSpec

    result = finished_odds(hand, deals=DEALS if deals is None else deals)
    names = setup.names

    def seats(street: Any) -> list[dict[str, Any]]:
        return [
            {
                "seat": odds.seat,
                "name": names[odds.seat],
                "pot_share": odds.equity,
                "low": odds.equity_interval[0],
                "high": odds.equity_interval[1],
                "win": odds.win,
                "tie": odds.tie,
                "special_half": odds.special,
                "shown": odds.seat in result.shown,
            }
            for odds in street.odds.seats
        ]

    swing = result.swing
    return {
        "number": setup.number,
        "split_pot": GameSpec.of(hand.rules).split,
        "streets": [
            {
                "deal": street.deal,
                "run": street.run,
                "street": street.name,
                "event": street.event,
                "exact": street.odds.exact,
                "deals": street.odds.deals,
                "seats": seats(street),
            }
            for street in result.streets
        ],
        "swing": None
        if swing is None
        else {
            "seat": swing.seat,
            "name": names[swing.seat],
            "from_event": swing.before.event,
            "to_event": swing.after.event,
            "from_street": swing.before.name,
            "to_street": swing.after.name,
            "change": swing.change,
        },
    }
