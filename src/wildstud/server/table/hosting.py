"""Host commands and seating, as the shell of the seating slice (:mod:`.seating`): players
and bots take seats, the host decides seat requests (:mod:`wildstud.server.requests`; the
requests' own state is the pure slice :mod:`.seat_requests`), and a seat leaves as its hand
ends. The host's start, pause and end of the night, the removal of a seat and new links need
no shell: they are the seating's commands asked of the table's actor as they are
(:meth:`.actor.Actor.ask`; the connections they let go are closed by the outbox), and the
host's change of the rules is the settings slice's (:mod:`.settings`).

Each command here takes the table's lock, reads what the slices need (the ledger), folds the
slices' commands into one change (:meth:`.actor.Actor.fold`), stores it, and only then tells
the table: the seating's state, and the seats in memory, change only once the store has the
change (:meth:`.table.Table.stored`); a write the store refuses leaves everything as it was.

A seat's buy-in goes into the ledger as it is taken, and its cash-out as it is given up; a seat
dealt into the hand in progress is not removed at once but checks or folds at its turns and
leaves when the hand ends. A player who left tonight and sits down again keeps their ledger
account only when they show the seat token they left with, or when the host says who they
are; a name alone always opens a fresh account (:mod:`wildstud.server.accounts`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wildstud.server.requests import RequestStatus
from wildstud.server.seating import Seat, SeatKind
from wildstud.server.security import new_id, new_token, token_hash
from wildstud.server.store import Changes, LedgerEntry, SeatRequestState, SeatState
from wildstud.server.table.seat_requests import DecideRequest, FileRequest
from wildstud.server.table.seating import (
    Join,
    Leave,
    Terms,
    free_seat,
)
from wildstud.server.table.seating import returning as back

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

__all__ = ["Hosting"]


class Hosting:
    """A table's seating and the host's commands."""

    def __init__(self, table: Table) -> None:
        self.table = table

    # -- seating -------------------------------------------------------------------------------

    async def _ledger(self) -> tuple[LedgerEntry, ...]:
        table = self.table
        return tuple(await table.store.call(table.store.ledger, table.id))

    def join(
        self,
        name: str | None,
        wanted: int | None,
        kind: SeatKind,
        digest: str | None,
        entries: tuple[LedgerEntry, ...] | None = None,
        returning: str | None = None,
        named: str | None = None,
        own: tuple[str, ...] = (),
    ) -> Join:
        """The seating's command for a seat taken, with what the settings and the tournament
        say of it, and a fresh account (drawn here: the slice draws nothing); ``entries``:
        the ledger's, if read (else the slice reads them first)."""
        table = self.table
        settings = table.settings
        terms = Terms(settings.seats, settings.starting_chips, settings.time_bank)
        registration = table.tournament is None or table.desk.registration_open(table.tournament)
        return Join(
            name,
            wanted,
            kind.value,
            digest,
            new_id(),
            entries,
            terms,
            returning=returning,
            named=named,
            registration_open=registration,
            own=own,
        )

    async def _seat(self, join: Join) -> Seat:
        """The seat ``join`` asks for is taken: its row and its buy-in stored, then it sits."""
        changes = Changes()
        return await self._seated(changes, self._taken(join, changes).seat)

    def _taken(self, join: Join, changes: Changes) -> SeatState:
        """The row of the seat ``join`` takes, folded into ``changes``."""
        row = self.table.actor.fold("seating", join, changes).reply
        assert isinstance(row, SeatState)
        return row

    async def _seated(self, changes: Changes, index: int) -> Seat:
        """Store ``changes``, which seat someone at ``index``; return the seat once it is."""
        table = self.table
        await table.writer.commit(changes)
        table.fanout.broadcast_table()
        table.changed.set()
        return table.seats[index]

    # -- seat requests -------------------------------------------------------------------------

    async def request_seat(
        self, name: str, wanted: int | None, returning: str | None = None
    ) -> tuple[SeatRequestState, str]:
        """File a request for a seat, for the host to decide; returns it with the requester's
        token (their seat's token once approved). ``returning``: the seat token of a player
        who left tonight; the request names that player's account for the host."""
        table = self.table
        async with table.lock:
            if wanted is not None:  # a seat that does not exist, or is taken, now
                free_seat(table.seating, wanted, table.settings.seats)
            account = None
            if returning is not None:
                account = back(table.seating, await self._ledger(), token_hash(returning))
            token = new_token()
            taken = tuple(seat.name for seat in table.seats.values())
            filed = FileRequest(new_id(), name, wanted, token_hash(token), account, taken)
            changes = Changes()
            state = self._decided(filed, changes)
            await table.writer.commit(changes)
            return state, token

    async def decide(
        self, request_id: str, approve: bool, wanted: int | None, returning: str | None = None
    ) -> tuple[SeatRequestState, Seat | None]:
        """The host approves a request (the requester is seated, in one transaction with the
        decision, so a request is never seated twice) or declines it. Approving, the host may
        name the account of a player who left tonight (``returning``: "this is Ann coming
        back"); else the seat takes the account the requester's old seat token vouched for,
        if any, or a fresh one."""
        table = self.table
        async with table.lock:
            state = table.requests.undecided(request_id)  # refuses one decided before
            changes = Changes()
            if not approve:
                declined = self._decided(DecideRequest(state.id, RequestStatus.DECLINED), changes)
                await table.writer.commit(changes)
                return declined, None
            if wanted is None and state.wanted is not None and state.wanted not in table.seats:
                wanted = state.wanted
            free_seat(table.seating, wanted, table.settings.seats)  # before the ledger's read
            entries = await self._ledger()
            named = returning or state.returning
            join = self.join(
                state.name, wanted, SeatKind.PLAYER, state.token_hash, entries, named=named
            )
            row = self._taken(join, changes)
            decision = DecideRequest(state.id, RequestStatus.APPROVED, row.seat)
            approved = self._decided(decision, changes)
            return approved, await self._seated(changes, row.seat)

    def _decided(self, command: FileRequest | DecideRequest, changes: Changes) -> SeatRequestState:
        """The seat request as ``command`` leaves it, folded into ``changes`` (the seat requests
        slice, :mod:`.seat_requests`, adopts it once they are stored)."""
        request = self.table.actor.fold("requests", command, changes).reply
        assert isinstance(request, SeatRequestState)
        return request

    # -- seats -----------------------------------------------------------------------------------

    def leave(self, seat: Seat, stack: int, changes: Changes) -> None:
        """``seat`` leaves the table with the ``stack`` chips its hand ended with: its chips
        cashed out, its row removed, its open request for chips cancelled (all in
        ``changes``), its connections told and closed once ``changes`` are stored."""
        table = self.table
        outcome = table.actor.fold(
            "seating", Leave(seat.index, stack, tuple(seat.clients)), changes
        )
        table.writer.after(lambda: table.actor.outbox.send(outcome.news))  # only once stored
