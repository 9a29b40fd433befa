"""How a finished hand was dealt, to replay it: its decks, or, for a hand dealt privately (of
which nobody ever knew a deck), its rounds' rows and the context every proof of them is bound
to. The history's reads (steps, record, odds) and a club's standings and records replay a
finished hand through it alike, whichever way it was dealt."""

from __future__ import annotations

from dataclasses import dataclass

from wildstud.deal import Hand, TableView
from wildstud.server.private_replay import private_views, rebuild_private
from wildstud.server.replay import DeckBook, finished_book, rebuild, replay_views
from wildstud.server.store import PrivateRound, Store, StoredHand
from wildstud.server.table import context

__all__ = ["Replayable", "replayable"]


@dataclass(frozen=True, slots=True)
class Replayable:
    """How a finished hand was dealt, to replay it: its decks, or (a private deal's, which has
    none) the rounds' rows and the context their proofs are bound to."""

    stored: StoredHand
    rows: tuple[PrivateRound, ...] = ()
    context: bytes = b""

    @property
    def private(self) -> bool:
        """Whether the hand was dealt privately (no deck, its rounds' rows)."""
        return not self.stored.decks and bool(self.rows)

    def book(self) -> DeckBook | None:
        """The hand's decks (``None``: dealt privately); raises
        :class:`~wildstud.errors.RecordError` for a hand with neither decks nor rows."""
        return None if self.private else finished_book(self.stored)

    def views(self, viewer: int | None) -> list[TableView]:
        """What ``viewer`` (an engine seat, or ``None`` for a spectator) saw, move by move."""
        stored = self.stored
        book = self.book()
        if book is None:
            return private_views(stored.setup, self.context, self.rows, stored.actions, viewer)
        return replay_views(stored.setup, book, stored.actions, viewer=viewer)

    def hand(self) -> Hand:
        """The hand replayed to its end (a private one's unshown face-down cards unknown)."""
        stored = self.stored
        book = self.book()
        if book is None:
            return rebuild_private(stored.setup, self.context, self.rows, stored.actions)[0]
        return rebuild(stored.setup, book, stored.actions)


async def replayable(store: Store, table_id: str, stored: StoredHand) -> Replayable:
    """How finished hand ``stored`` of table ``table_id`` was dealt (a private deal's rows read
    from ``store``: a hand with no deck)."""
    if stored.decks:
        return Replayable(stored)
    number = stored.setup.number
    rows = await store.call(store.private_rounds, table_id, number)
    return Replayable(stored, tuple(rows), context(table_id, number))
