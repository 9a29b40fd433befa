"""A hand at a table: the engine's :class:`~wildstud.deal.Hand` with what the table keeps beside it.

A :class:`LiveHand` is the hand in progress (or the last one, between hands) as the runner's
state holds it (:class:`~.runner.RunnerState`): the hand's setup and its book of decks, the
engine's hand (the one mutable thing the runner keeps: a change plays on a copy of it, which
:meth:`LiveHand.adopt` takes once the store has the change), how many of its actions are stored
and sent, the proofs each viewer has been sent, and the all-in run-out's pause and odds.

>>> from wildstud.server.replay import DeckBook, start_hand
>>> setup = HandSetup(number=1, entry=0, game="FTQ", options={}, lineup=(0, 2),
...                   names=("Ann", "Bo"), dealer=0, stacks=(100, 100), player_ids=("a", "b"))
>>> book = DeckBook()
>>> live = LiveHand(setup, book, start_hand(setup, book), actions=0)
>>> live.number, live.stack_of(2), live.stack_of(1)  # seat 2 has anted; seat 1 is not dealt in
(1, 99, None)
>>> [deck.deal for deck in live.decks()], live.decks()  # the first deal's deck, for the store once
([1], [])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wildstud.deal import Hand
from wildstud.server.history import seat_in_hand
from wildstud.server.proofs import Openings
from wildstud.server.replay import DeckBook
from wildstud.server.seating import Seat
from wildstud.server.store import DeckDraw, HandSetup

__all__ = ["LiveHand"]


@dataclass(eq=False)
class LiveHand:
    """A hand being played (or the last one played, between hands)."""

    setup: HandSetup
    book: DeckBook
    hand: Hand
    actions: int
    """How many of the hand's actions (and showdown choices) are stored."""
    published: int = 0
    """How many of the hand's events the clients have been sent."""
    openings: Openings = field(init=False)
    """The commitments and proofs each viewer has been sent (:mod:`~wildstud.server.proofs`)."""
    run_out_stop: tuple[int, int, int] | None = None
    """The (deal, run, street) of an all-in run-out the dealer has paused before (run 0 in a
    hand run once), and :attr:`run_out_due` when it deals on."""
    run_out_due: float = 0.0
    odds: dict[int, dict[str, Any]] = field(default_factory=dict)
    """The run-out's odds frames worked out so far, by the event they stand after
    (:mod:`wildstud.server.runout`)."""
    odds_asked: set[int] = field(default_factory=set)
    """The events whose odds have been asked of a thread."""

    def __post_init__(self) -> None:
        self.openings = Openings(self.book)

    @property
    def number(self) -> int:
        """The hand's number at its table (1 for the first)."""
        return self.setup.number

    def stack_of(self, seat: int) -> int | None:
        """The chips the table's ``seat`` has left in this hand (``None``: not dealt in)."""
        lineup = self.setup.lineup
        return self.hand.stacks[lineup.index(seat)] if seat in lineup else None

    def engine_seat(self, seat: Seat | None) -> int | None:
        """The engine seat the person now at ``seat`` held in this hand, if they were dealt
        in (``None``: a spectator, or someone who took the seat after its player left).

        A hand belongs to the people dealt into it, not to the seat numbers: whoever sits at a
        seat once its player is gone sees the hand as a spectator saw it
        (:func:`~wildstud.server.history.seat_in_hand`).
        """
        if seat is None:
            return None
        return seat_in_hand(self.setup, seat.index, seat.player_id)

    def adopt(self, hand: Hand, actions: int) -> None:
        """Take ``hand`` (a copy of this one, changed) as the hand, with ``actions`` more
        actions stored: called once the change is stored, never when it is not."""
        self.hand = hand
        self.actions += actions

    def decks(self) -> list[DeckDraw]:
        """The decks drawn since the last call, ready for the store."""
        return [
            DeckDraw(
                number=self.number,
                deal=deal,
                cards=cards,
                salts=salts,
                made_from=self.book.made_from.get(deal),
            )
            for deal, cards, salts in self.book.pending()
        ]
