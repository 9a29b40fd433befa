"""The audit of a table's private deals: once they are over, every party publishes each deal's
secret and order, and :func:`~wildstud.history.private_night.audit_private_night` names any
party that dealt wrongly (issue 26 item 2).

When (house rule ``private_reveal``, the table's setting): after the night (the default), once
the host has ended it and its last hand is over; or after each hand, between hands. Then, for
every finished hand not audited yet, every deal whose deck was masked:

- the server publishes its own secret and order (its ``agent`` row's) as a ``reveal`` row;
- each page that was a party to it, still seated under the same name, is asked (a ``private``
  frame, step ``reveal``) and answers from what it kept (IndexedDB); each answer is checked
  (a secret of 32 bytes, an order of the 52 positions) and stored as it comes;
- once every party has published, or no secret has come for the table's ``shuffle_seconds``
  (the clock starts once every hand due is loaded and its pages asked, and starts again at
  each secret taken: a page publishing a night of deals one by one is not late), every deal
  is played again from its public rows and audited: a party that never published (it left, or
  withholds) is named ``unpublished``, never skipped. The result of each deal is stored (an
  ``audit`` row, its faults) and the night's so far is told to every page
  (``private_audit``), and to each page that connects after.

A restarted server rebuilds what is left from its rows: a deal with an ``audit`` row is done.

A page's secret is a command of the audit's slice, checked by a pure function of the deals
waiting (:mod:`.reveal_answers`) and stored before that state is adopted (:meth:`Reveals.adopt`);
so is the publishing (the server's secrets, the asks, the clock, the audit), the slice's own
ticks (:mod:`.reveal_progress`), taken when a hand's end or the night's may make more hands due
(:class:`~.reveal_progress.MaybeDue`) and at a restart. This class holds the slice's state and
what today's code reads of it (whether the secrets are still being published, the night's rows
for its record, what a page that connects is asked and told), and carries out the reads the
slice asks (:meth:`Reveals.load_hand`, :meth:`Reveals.load_deal`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from wildstud.private_rounds import DealRounds, Kind, Row
from wildstud.server.seating import Client
from wildstud.server.store import PrivateRound
from wildstud.server.table.fanout import dumps
from wildstud.server.table.reveal_answers import NAME, LoadDeal, Loaded, OpenDeal, RevealState
from wildstud.server.table.reveal_progress import (
    HandRead,
    LoadHand,
    RevealTick,
    ask_frame,
    audit_frame,
    failure_line,
    seated,
)
from wildstud.server.table.seating import TableStatus

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

__all__ = ["Reveals", "as_row", "context"]

log = logging.getLogger("wildstud.server")


def context(table_id: str, number: int) -> bytes:
    """What every proof of hand ``number`` at table ``table_id`` is bound to."""
    return f"table {table_id}|hand {number}".encode()


def as_row(item: PrivateRound) -> Row:
    """A stored row as the rounds read it."""
    kind: Kind = item.kind  # type: ignore[assignment]  # as the rounds stored it
    return Row(item.deal, kind, item.party, item.data)


class Reveals:
    """A table's publishing of its private deals' secrets, and their audit (see the module): the
    audit's slice's state, and what today's code reads of it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.state = RevealState()
        """The audit's slice's state (:mod:`.reveal_answers`: the deals waiting for secrets,
        the rows each hand has stored, the clock, the hands asked for, the audit so far), a
        frozen value replaced once each change is stored, by the slice's commands and ticks
        (:meth:`adopt`)."""

    def adopt(self, state: RevealState) -> None:
        """Take ``state``, the slice's, once the change that made it is stored; log when the
        store starts failing the slice's ticks, and when it works again."""
        line = failure_line(self.state, state)
        if line is not None:
            log.warning("table %s: %s", self.table.id, line)
        self.state = state

    @property
    def publishing(self) -> bool:
        """Whether the parties are still publishing their secrets of a hand dealt so far."""
        return bool(self.state.open) or self.state.through < self.table.hands_dealt

    async def night_hands(self) -> list[tuple[int, str, list[Row]]] | None:
        """Every hand of the night with its context and every public row of its deals, for the
        private night record; ``None`` while the parties are still publishing their secrets."""
        table = self.table
        if self.publishing:
            return None
        store = table.store
        hands = []
        for number in range(1, table.hands_dealt + 1):
            rows = await store.call(store.private_rounds, table.id, number)
            bound = context(table.id, number).decode()
            hands.append((number, bound, [as_row(row) for row in rows]))
        return hands

    def finished(self) -> int:
        """The last hand over (the hand in play, if any, is not)."""
        table = self.table
        return table.hands_dealt - (table.live is not None)

    def _due_through(self) -> int:
        """The last finished hand whose secrets are due now (house rule ``private_reveal``;
        none at a table that does not deal privately)."""
        table = self.table
        if not table.private.on:
            return 0
        if table.settings.private_reveal == "hand":
            return self.finished()
        if table.status is TableStatus.ENDED and table.live is None:
            return table.hands_dealt
        return 0

    def tick(self) -> RevealTick:
        """The slice's tick, made from the table as it stands (:attr:`.actor.Slice.tick`)."""
        table = self.table
        seats = {index: seat.name for index, seat in table.seats.items()}
        seconds = float(table.settings.shuffle_seconds)
        return RevealTick(NAME, self._due_through(), seats, seconds, table.id)

    async def _load(self, number: int) -> tuple[Sequence[int], dict[int, list[Row]], int] | None:
        """Hand ``number``'s lineup, stored rows by deal, and how many rows it has stored
        (``None``: no private deal)."""
        store = self.table.store
        stored = await store.call(store.hand, self.table.id, number)
        rows = await store.call(store.private_rounds, self.table.id, number)
        if stored is None or not rows:
            return None
        by_deal: dict[int, list[Row]] = {}
        for item in rows:
            by_deal.setdefault(item.deal, []).append(as_row(item))
        return stored.setup.lineup, by_deal, len(rows)

    def _deal(self, number: int, lineup: Sequence[int], rows: Sequence[Row]) -> OpenDeal | None:
        """A deal of hand ``number`` from its ``rows`` (``None``: voided before its deck was
        masked, so that no card was dealt from it)."""
        public = [row for row in rows if row.kind not in ("agent", "audit")]
        rounds = DealRounds.from_rows(context(self.table.id, number), public)
        if rounds.stage in ("keys", "masking", "order"):
            return None
        pages = {
            party: lineup[who.seats[0]]
            for party, who in enumerate(rounds.parties[:-1])
            if who.seats
        }
        return OpenDeal(number, rounds, tuple(public), pages)

    async def load_hand(self, asked: LoadHand) -> HandRead:
        """Hand ``asked.hand`` read from the store for the slice's tick: its deals not audited
        yet whose deck was masked, each with the server's ``agent`` row, and the data of its
        deals audited already (a restart's)."""
        number = asked.hand
        loaded = await self._load(number)
        if loaded is None:
            return HandRead(number)
        lineup, by_deal, seq = loaded
        deals: list[tuple[OpenDeal, Row | None]] = []
        audited: list[str] = []
        for rows in (by_deal[deal] for deal in sorted(by_deal)):
            done = [row.data for row in rows if row.kind == "audit"]
            if done:
                audited.append(done[0])
                continue
            # Every stored proof is checked again as the rows are read: off the event loop.
            deal = await asyncio.to_thread(self._deal, number, lineup, rows)
            if deal is not None:
                agent = next((row for row in rows if row.kind == "agent"), None)
                deals.append((deal, agent))
        return HandRead(number, seq, tuple(deals), tuple(audited))

    def attached(self, client: Client) -> None:
        """A page connected: what is asked of its seat is asked again; the audit so far told."""
        state = self.state
        seats = {index: seat.name for index, seat in self.table.seats.items()}
        now = time.monotonic()
        for deal in state.open.values():
            for party, index in deal.pages.items():
                if index != client.seat or not seated(deal, party, seats):
                    continue
                frame = ask_frame(deal, party, state.deadline, now)
                if frame is not None:
                    client.send(dumps(frame))
        if state.deals:
            client.send(dumps(audit_frame(state)))

    async def load_deal(self, asked: LoadDeal) -> Loaded | None:
        """A deal of a hand over, read from the store for a page that publishes its secret
        before it is asked (as it leaves the table): ``None`` for one that waits for no secret
        (voided before its deck was masked, or audited already)."""
        loaded = await self._load(asked.hand)
        rows = None if loaded is None else loaded[1].get(asked.deal)
        if loaded is None or not rows or any(row.kind == "audit" for row in rows):
            return None
        deal = await asyncio.to_thread(self._deal, asked.hand, loaded[0], rows)
        return None if deal is None else Loaded(deal, loaded[2])
