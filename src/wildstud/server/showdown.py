"""The showdown's choice: a player whose hand takes no part of a pot may muck it unshown.

When a hand reaches the showdown the table holds it (:func:`~wildstud.server.replay.deal_on`)
while each seat still in whose hand need not be shown (:meth:`~wildstud.deal.Hand.must_show` is
false) chooses to show or muck, on a short clock (the ``muck_clock`` setting). A seat that has
not chosen when the clock runs out (one not connected included), a bot and a player leaving
the table get the table's
``showdown_default`` (``"muck"`` unless the host chose ``"show"``; ``docs/house-rules.md``,
"Show or muck at the table"). Each choice is an action record of the hand (``muck`` or
``show``), stored before anyone hears of it, so a restarted server lets only the seats that had
not chosen choose again. A mucked hand's cards never leave the engine: the seat is folded, and
its hole cards stay hidden from everyone but its owner.

>>> from wildstud.deal import Hand
>>> undecided(Hand("FTQ", [50, 50]), set())
()
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass

from wildstud.deal import Hand
from wildstud.server.replay import at_showdown

__all__ = ["ShowdownChoice", "undecided"]


@dataclass(frozen=True, slots=True)
class ShowdownChoice:
    """A showdown waiting for its players' choices: the hand and the time it is up."""

    number: int
    deadline: float


def undecided(hand: Hand, shown: Set[int]) -> tuple[int, ...]:
    """The engine seats still to choose at ``hand``'s showdown: those still in whose hands take
    no part of a pot and that have not chosen to show (those in ``shown``); none before the
    showdown."""
    if not at_showdown(hand):
        return ()
    return tuple(seat for seat in hand.live if seat not in shown and not hand.must_show(seat))
