"""The showdown's clock: a player whose hand takes no part of a pot may muck it unshown.

When a hand reaches the showdown the table holds it (:func:`~wildstud.server.replay.deal_on`)
while a seat is still to choose whether to show or muck
(:attr:`~wildstud.deal.Hand.to_show_or_muck`: the engine says who, refuses what may not be
chosen and carries out each choice, :meth:`~wildstud.deal.Hand.show_or_muck`), on a short clock
(the ``muck_clock`` setting). A seat that has not chosen when the clock runs out (one not
connected included), a bot and a player leaving the table get the table's ``showdown_default``
(``"muck"`` unless the host chose ``"show"``; ``docs/house-rules.md``, "Show or muck at the
table") through the engine's automation (:meth:`~wildstud.deal.Hand.auto_show_or_muck`). Each
choice is an action record of the hand (``muck`` or ``show``), stored before anyone hears of it
and replayed into the engine when a restarted server rebuilds the hand, so only the seats that
had not chosen choose again. A mucked hand's cards never leave the engine: the seat is folded,
and its hole cards stay hidden from everyone but its owner.

>>> ShowdownChoice(3, 12.5).deadline
12.5
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ShowdownChoice", "TwiceOffer"]


@dataclass(frozen=True, slots=True)
class ShowdownChoice:
    """A showdown waiting for its players' choices: the hand and the time it is up."""

    number: int
    deadline: float


@dataclass(frozen=True, slots=True)
class TwiceOffer:
    """The hands all in asked to run it twice (house rule ``run_twice``): the hand and the time
    the offer is up. Each answer is an action record (``run-twice`` or ``run-once``), stored
    before anyone hears of it and replayed when a restarted server rebuilds the hand; a bot, a
    player leaving and a clock that runs out answer no, and one no runs the cards once.

    >>> TwiceOffer(3, 20.0).deadline
    20.0
    """

    number: int
    deadline: float
