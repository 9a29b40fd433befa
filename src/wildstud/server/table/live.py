"""A hand at a table: the engine's :class:`~wildstud.deal.Hand` with what the table keeps beside it.

A :class:`LiveHand` is the hand in progress (or the last one, between hands) as the runner's
state holds it (:class:`~.runner.RunnerState`): the hand's setup and its book of decks, the
engine's hand, how many of its actions and of its book's decks are stored, and where an all-in
run-out pauses. It is a value: a change plays on a copy of the engine's hand and stages a new
:class:`LiveHand` with it (:meth:`LiveHand.played`), which the runner adopts once the store has
the change; the hand it holds is never changed again. The book, which the copy draws a redeal's
deck from, only grows: the decks the change stores are those past the count the hand holds
(:meth:`LiveHand.decks`), and a change the store refuses leaves that count as it was, with
nothing to put back. What the clients have been sent of a hand (its events, the
proofs, the run-out's odds) is the fan-out's and the outbox's to keep, by the hand's number.

>>> from wildstud.server.replay import DeckBook, start_hand
>>> setup = HandSetup(number=1, entry=0, game="FTQ", options={}, lineup=(0, 2),
...                   names=("Ann", "Bo"), dealer=0, stacks=(100, 100), player_ids=("a", "b"))
>>> book = DeckBook()
>>> live = LiveHand(setup, book, start_hand(setup, book), actions=0)
>>> live.number, live.stack_of(2), live.stack_of(1)  # seat 2 has anted; seat 1 is not dealt in
(1, 99, None)
>>> [deck.deal for deck in live.decks()]  # the first deal's deck, for the store
[1]
>>> later = live.played(live.hand.copy(), 1)
>>> later.actions, live.actions, later.number, later.decks()  # stored with it
(1, 0, 1, [])
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from wildstud.deal import Hand
from wildstud.server.history import seat_in_hand
from wildstud.server.replay import DeckBook
from wildstud.server.seating import Seat
from wildstud.server.store import DeckDraw, HandSetup

__all__ = ["LiveHand"]


@dataclass(frozen=True, eq=False, slots=True)
class LiveHand:
    """A hand being played (or the last one played, between hands)."""

    setup: HandSetup
    book: DeckBook
    """The hand's decks, shared by every value of the hand: a change draws a redeal's deck
    into it before its write (a book only grows: :class:`~wildstud.server.replay.DeckBook`)."""
    hand: Hand
    """The engine's hand, never changed once this value holds it (a change plays on a copy)."""
    actions: int
    """How many of the hand's actions (and showdown choices) are stored."""
    run_out_stop: tuple[int, int, int] | None = None
    """The (deal, run, street) of an all-in run-out the dealer has paused before (run 0 in a
    hand run once), and :attr:`run_out_due` when it deals on."""
    run_out_due: float = 0.0
    decks_stored: int | None = None
    """How many of the book's decks the store has (in the order they came to it); ``None``:
    those it was made with, from the store."""

    def played(self, hand: Hand, actions: int) -> LiveHand:
        """This hand once ``hand`` (a changed copy of :attr:`hand`) is stored with ``actions``
        more actions and every deck its book holds (:meth:`decks`, the change's): a new value,
        for the runner to stage with the change."""
        # Made whole here, not by dataclasses.replace, which reads each field with a call of
        # its own: every change of a hand makes one (9 Python calls fewer a change).
        return LiveHand(
            self.setup,
            self.book,
            hand,
            self.actions + actions,
            self.run_out_stop,
            self.run_out_due,
            len(self.book),
        )

    def paused(self, stop: tuple[int, int, int], due: float) -> LiveHand:
        """This hand with its run-out paused before ``stop`` until ``due``."""
        return replace(self, run_out_stop=stop, run_out_due=due)

    @property
    def decks_in_store(self) -> int:
        """How many of the book's decks the store has (:attr:`decks_stored`, resolved)."""
        return self.book.stored if self.decks_stored is None else self.decks_stored

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

    def decks(self) -> list[DeckDraw]:
        """The decks the book holds that the store does not have (drawn since this value was
        stored), ready for the store with the change that stages :meth:`played`."""
        book = self.book
        return [
            DeckDraw(
                number=self.number,
                deal=deal,
                cards=cards,
                salts=salts,
                made_from=book.made_from.get(deal),
            )
            for deal, cards, salts in book.since(self.decks_in_store)
        ]
