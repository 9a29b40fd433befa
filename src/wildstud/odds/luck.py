"""Luck at the showdown: what a hand won against what its chances were worth when the money
went in.

When the betting of a hand is over before its last cards (every player left but one is all in),
nobody decides anything more: the cards alone settle the pot. Each hand's *expected* share is its
chance of winning at that moment (the odds engine's, from what the table knew: the cards the
showdown revealed count from the street they came on, the others stay unknown) times the pot;
its *luck* is what it won less that. Over a night, a player's luck is the sum over such hands:
chips won or lost to the cards alone. A hand whose betting went on to the end has no luck to
count (every decision was made with the cards known), nor has one with a side pot (each pot has
its own contest) or one redealt after its money went in.

>>> from wildstud.history import load
>>> print(record_luck(load("examples/bitch-split-pot.phh")))
None
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wildstud.cards import Card
from wildstud.deal import Acted, Awarded, Dealt, Hand, Redealt, Shown
from wildstud.history.replay import replay
from wildstud.history.schema import HandRecord
from wildstud.odds.equity import Odds
from wildstud.odds.hindsight import DEALS, finished_hidden, odds_at, replay_hidden

__all__ = ["AllInLuck", "hand_luck", "record_luck"]


@dataclass(frozen=True, slots=True)
class AllInLuck:
    """One hand's luck: the odds when its money went in, the pot, and per seat shown down what
    it won, what its chances were worth, and the difference."""

    odds: Odds
    pot: int
    won: dict[int, int]
    expected: dict[int, float]

    @property
    def luck(self) -> dict[int, float]:
        """Each seat's chips won less its expected share."""
        return {seat: self.won[seat] - self.expected[seat] for seat in self.expected}


def hand_luck(hand: Hand, *, deals: int = DEALS, seed: int = 0) -> AllInLuck | None:
    """The luck of a hand the engine played to its end, as the table knew it once it was over
    (see :func:`~wildstud.odds.hindsight.finished_odds`), or ``None`` when there is none."""
    return _luck(hand, lambda: finished_hidden(hand), deals, seed)


def record_luck(record: HandRecord, *, deals: int = DEALS, seed: int = 0) -> AllInLuck | None:
    """The luck of the hand in ``record`` (the cards it does not give count as unknown), or
    ``None`` when there is none."""
    result = replay(record, fill_in=True)
    return _luck(result.hand, lambda: replay_hidden(result), deals, seed)


def _all_in_at(hand: Hand) -> int | None:
    """The index just after the last betting action, when a card was dealt after it in the
    same deal, two players or more showed down and no side pot was made; else ``None``."""
    events = hand.events
    last = max((i for i, event in enumerate(events) if isinstance(event, Acted)), default=None)
    if last is None or any(isinstance(event, Redealt) for event in events[last:]):
        return None
    if not any(isinstance(event, Dealt) for event in events[last:]):
        return None  # no card came after the betting: every decision was made knowing them
    if len({event.seat for event in events if isinstance(event, Shown)}) < 2:
        return None
    if any(isinstance(event, Awarded) and event.pot != 0 for event in events):
        return None  # a side pot: each pot is its own contest
    return last + 1


def _luck(
    hand: Hand, hidden: Callable[[], dict[int, set[Card]]], deals: int, seed: int
) -> AllInLuck | None:
    cut = _all_in_at(hand)
    if cut is None:
        return None
    odds = odds_at(hand, hidden(), cut, deals=deals, seed=seed)
    won: dict[int, int] = {}
    for event in hand.events:
        if isinstance(event, Awarded):
            won[event.seat] = won.get(event.seat, 0) + event.amount
    pot = sum(won.values())
    shown = {event.seat for event in hand.events if isinstance(event, Shown)}
    expected = {chance.seat: chance.equity * pot for chance in odds.seats}
    if set(expected) != shown:
        return None  # a hand in when the money went in was not shown, or the reverse
    return AllInLuck(odds, pot, {seat: won.get(seat, 0) for seat in expected}, expected)
