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
the publishing (which hands are due, the server's secrets, the clock, the audit) is the hand
runner's, here, under the table's lock.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from wildstud.history.private_night import (
    PrivateDealRecord,
    PrivateFault,
    PrivateNight,
    audit_private_night,
)
from wildstud.private_rounds import (
    SERVER_ROW,
    Agent,
    DealRounds,
    Kind,
    Row,
)
from wildstud.server.frames import PrivateAuditFrame, PrivateFrame
from wildstud.server.seating import Client
from wildstud.server.store import Changes, PrivateRound
from wildstud.server.table.fanout import dumps
from wildstud.server.table.reveal_answers import LoadDeal, Loaded, OpenDeal, RevealState
from wildstud.server.table.seating import TableStatus

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

__all__ = ["Reveals", "as_row", "context"]


def context(table_id: str, number: int) -> bytes:
    """What every proof of hand ``number`` at table ``table_id`` is bound to."""
    return f"table {table_id}|hand {number}".encode()


def as_row(item: PrivateRound) -> Row:
    """A stored row as the rounds read it."""
    kind: Kind = item.kind  # type: ignore[assignment]  # as the rounds stored it
    return Row(item.deal, kind, item.party, item.data)


class Reveals:
    """A table's publishing of its private deals' secrets, and their audit (see the module)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.through = 0
        """The last hand whose deals were asked for (or found audited)."""
        self.state = RevealState()
        """The audit's slice's state (:mod:`.reveal_answers`: the deals waiting for secrets,
        the rows each hand has stored, the clock), a frozen value replaced once each change is
        stored: by the slice's commands (:meth:`adopt`), and by the publishing here."""
        self.deals = 0
        """Deals audited so far tonight."""
        self.faults: list[PrivateFault] = []
        """Every fault found so far tonight."""

    def adopt(self, state: RevealState) -> None:
        """Take ``state``, the slice's, once the change that made it is stored."""
        self.state = state

    @property
    def publishing(self) -> bool:
        """Whether the parties are still publishing their secrets of a hand dealt so far."""
        return bool(self.state.open) or self.through < self.table.hands_dealt

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
        """The last finished hand whose secrets are due now (house rule ``private_reveal``)."""
        table = self.table
        if table.settings.private_reveal == "hand":
            return self.finished()
        if table.status is TableStatus.ENDED and table.live is None:
            return table.hands_dealt
        return 0

    async def due(self, now: float) -> float | None:
        """Ask for what is due, or audit once every secret is in or the clock ran out; how long
        until it looks again (``None``: nothing waited for)."""
        last = self._due_through()
        if last > self.through:
            await self._ask_hands(self.through + 1, last)
        state = self.state
        if state.deadline is None:
            return None
        if now < state.deadline and not all(deal.complete for deal in state.open.values()):
            return state.deadline - now
        await self._audit()
        return None

    async def _ask_hands(self, first: int, last: int) -> None:
        for number in range(first, last + 1):
            loaded = await self._load(number)
            if loaded is not None:
                await self._ask_hand(number, *loaded)
            self.through = number  # once its server's secrets are stored (a failure: again)
        if self.state.open and self.state.deadline is None:
            # Timed from now, not from when the hands began loading: replaying a night's proofs
            # takes seconds, and a clock started before it had run out before a page was asked.
            self.state = self.state.but(deadline=self._from_now())

    def _from_now(self) -> float:
        """When the table stops waiting for the next secret, ``shuffle_seconds`` from now."""
        return time.monotonic() + float(self.table.settings.shuffle_seconds)

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
        if rounds.stage in ("keys", "masking"):
            return None
        pages = {
            party: lineup[who.seats[0]]
            for party, who in enumerate(rounds.parties[:-1])
            if who.seats
        }
        return OpenDeal(number, rounds, tuple(public), pages)

    async def _ask_hand(
        self, number: int, lineup: Sequence[int], by_deal: dict[int, list[Row]], seq: int
    ) -> None:
        """Open hand ``number``'s deals not audited yet: the server's secrets stored, each page
        asked."""
        mine: list[Row] = []
        opened: dict[tuple[int, int], OpenDeal] = {}
        counted = []
        for deal_number, rows in sorted(by_deal.items()):
            audited = [row for row in rows if row.kind == "audit"]
            if audited:  # done before a restart: counted again, not asked again
                counted.append(json.loads(audited[0].data))
                continue
            # Every stored proof is checked again as the rows are read: off the event loop.
            deal = await asyncio.to_thread(self._deal, number, lineup, rows)
            if deal is None:
                continue
            rounds = deal.rounds
            server = len(rounds.parties) - 1
            held = [row for row in rows if row.kind == "agent"]
            if server not in rounds.revealed and held:
                agent = Agent.load(held[0])
                row = rounds.take_reveal(server, agent.secret.scalar, agent.order)
                mine.append(row)
                deal = replace(deal, rows=(*deal.rows, row))
            opened[number, deal_number] = deal
        state = self.state.but(seqs={**self.state.seqs, number: seq})
        if mine:
            state, stored = state.stored(number, mine)
            await self.table.driver.commit(Changes(private_rounds=stored))
        self.state = state.but(open={**state.open, **opened})
        for data in counted:
            self._count(data)
        for deal in opened.values():
            for party in deal.pages:
                self._ask(deal, party)

    def _ask(self, deal: OpenDeal, party: int, client: Client | None = None) -> None:
        """Ask ``party``'s page for its secret (``client``: that page only)."""
        rounds = deal.rounds
        if party in rounds.revealed:
            return
        seat = self.table.seats.get(deal.pages[party])
        if seat is None or seat.name != rounds.parties[party].name:
            return  # gone, or another player sits there now: it is named if it never publishes
        deadline = self.state.deadline
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        frame = PrivateFrame(
            step="reveal",
            hand=deal.hand,
            deal=rounds.deal,
            party=party,
            context=rounds.context.decode(),
            deck=None,
            points=None,
            seat=None,
            seconds=None if left is None else round(left, 1),
            key=rounds.keys[party].hex() if party in rounds.keys else None,
        ).frame()
        text = dumps(frame)
        for each in seat.clients if client is None else [client]:
            each.send(text)

    def attached(self, client: Client) -> None:
        """A page connected: what is asked of its seat is asked again; the audit so far told."""
        for deal in self.state.open.values():
            for party, index in deal.pages.items():
                if index == client.seat:
                    self._ask(deal, party, client)
        if self.deals:
            client.send(dumps(self._frame()))

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

    async def _audit(self) -> None:
        """Audit every open deal (see the module), store each result and tell every page."""
        deals = list(self.state.open.values())
        night = PrivateNight(
            self.table.id,
            tuple(
                PrivateDealRecord(d.hand, d.rounds.deal, d.rounds.context.decode(), d.rows)
                for d in deals
            ),
        )
        # Every proof and masking is checked again: off the event loop.
        audit = await asyncio.to_thread(audit_private_night, night)
        for deal in deals:
            faults = [
                fault.to_data()
                for fault in audit.faults
                if (fault.hand, fault.deal) == (deal.hand, deal.rounds.deal)
            ]
            data = {"faults": faults}
            row = Row(deal.rounds.deal, "audit", SERVER_ROW, json.dumps(data))
            state, stored = self.state.stored(deal.hand, [row])
            await self.table.driver.commit(Changes(private_rounds=stored))
            self.state = state
            self._count(data)
        self.state = self.state.but(open={}, deadline=None)
        self.table.fanout.broadcast(self._frame())

    def _count(self, data: dict[str, Any]) -> None:
        self.deals += 1
        self.faults += [PrivateFault(**item) for item in data["faults"]]

    def _frame(self) -> dict[str, Any]:
        return PrivateAuditFrame.model_validate(
            {
                "first": 1,
                "last": self.through,
                "deals": self.deals,
                "faults": [fault.to_data() for fault in self.faults],
            }
        ).frame()
