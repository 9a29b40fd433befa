"""Host commands and seating: players and bots take seats, the host decides seat requests
(:mod:`wildstud.server.requests`; the requests' own state is the pure slice
:mod:`.seat_requests`, folded into the seating's changes), removes seats, gives a player a new
seat link, starts and pauses the table and ends the night (the host's change of the rules is
the settings slice's: :mod:`.settings`).

A seat's buy-in goes into the ledger as it is taken, and its cash-out as it is given up; a seat
dealt into the hand in progress is not removed at once but checks or folds at its turns and
leaves when the hand ends. A player who left tonight and sits down again keeps their ledger
account only when they show the seat token they left with, or when the host says who they
are; a name alone always opens a fresh account (:mod:`wildstud.server.accounts`).

"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wildstud.errors import TableError
from wildstud.server.accounts import departed, host_named_account, returning_account
from wildstud.server.errors import SeatError
from wildstud.server.frames import ClockFrame, Removed
from wildstud.server.names import bot_name, seat_name
from wildstud.server.requests import RequestStatus
from wildstud.server.seating import Seat, SeatKind
from wildstud.server.security import new_id, new_token, token_hash
from wildstud.server.store import Changes, LedgerEntry, SeatRequestState
from wildstud.server.table.cashier import NightEnded, SeatLeft
from wildstud.server.table.driver import TableStatus
from wildstud.server.table.fanout import dumps
from wildstud.server.table.seat_requests import DecideRequest, FileRequest

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

__all__ = ["Hosting"]


class Hosting:
    """A table's seating and the host's commands."""

    def __init__(self, table: Table) -> None:
        self.table = table

    # -- seating -------------------------------------------------------------------------------

    async def join(
        self, name: str, wanted: int | None, returning: str | None = None
    ) -> tuple[Seat, str]:
        """A player takes a seat; returns it with the player's secret token. ``returning``:
        the seat token of a player who left tonight, whose account the seat takes."""
        table = self.table
        async with table.lock:
            index = self._free_seat(wanted)
            entries = await self._ledger()
            account = None if returning is None else self._returning(entries, returning)
            name = seat_name(name, self._taken(entries, account))
            token = new_token()
            seat = Seat.new(
                index,
                name,
                SeatKind.PLAYER,
                token_hash(token),
                table.settings.starting_chips,
                table.settings.time_bank,
                player_id=account,
            )
            await self._seat(seat)
            return seat, token

    async def add_bot(self, kind: SeatKind, name: str | None, wanted: int | None) -> Seat:
        """A bot takes a seat."""
        table = self.table
        async with table.lock:
            index = self._free_seat(wanted)
            entries = await self._ledger()
            taken = self._taken(entries, None)
            if name is None:  # named for its seat, a bot takes no name used tonight
                taken += [entry.name for entry in entries]
            name = bot_name(kind.value, name, index, taken)
            seat = Seat.new(
                index, name, kind, None, table.settings.starting_chips, table.settings.time_bank
            )
            await self._seat(seat)
            return seat

    async def _ledger(self) -> list[LedgerEntry]:
        table = self.table
        return await table.store.call(table.store.ledger, table.id)

    def _seated(self) -> list[str]:
        return [seat.player_id for seat in self.table.seats.values()]

    def _returning(self, entries: list[LedgerEntry], token: str) -> str:
        """The account of the player who left tonight with seat token ``token``; else
        :class:`~wildstud.server.errors.SeatError` (the message never repeats the token)."""
        account = returning_account(entries, token_hash(token), self._seated())
        if account is None:
            raise SeatError("this old seat link brings back no player who left this table tonight")
        return account

    def _taken(self, entries: list[LedgerEntry], account: str | None) -> list[str]:
        """The names a newcomer's must not look like: those at the table, and those of the
        players who left tonight (a look-alike would pass for one of them in the settle-up),
        but for the one coming back on ``account``."""
        gone = departed(entries, self._seated())
        return [seat.name for seat in self.table.seats.values()] + [
            player.name for player in gone if player.player_id != account
        ]

    def _free_seat(self, wanted: int | None) -> int:
        if self.table.status is TableStatus.ENDED:
            raise TableError("the night is over: no more seats are taken")
        settings, seats = self.table.settings, self.table.seats
        if wanted is not None:
            if not 0 <= wanted < settings.seats:
                raise SeatError(f"no seat {wanted} at this table (seats 0 to {settings.seats - 1})")
            if wanted in seats:
                raise SeatError(f"seat {wanted} is taken")
            return wanted
        for index in range(settings.seats):
            if index not in seats:
                return index
        raise SeatError(f"the table is full ({settings.seats} seats)")

    async def _seat(self, seat: Seat, changes: Changes | None = None) -> None:
        """``seat`` is taken: its row and its buy-in stored (with ``changes``), then it sits."""
        table = self.table
        if table.tournament is not None and not table.desk.registration_open(table.tournament):
            raise TableError("registration for this tournament has closed")
        changes = Changes() if changes is None else changes
        changes.seats.append(seat.state())
        changes.ledger.append(seat.entry("buy-in", seat.stack))
        await table.writer.commit(changes)
        table.seats[seat.index] = seat
        table.fanout.broadcast_table()
        table.changed.set()

    # -- seat requests -------------------------------------------------------------------------

    async def request_seat(
        self, name: str, wanted: int | None, returning: str | None = None
    ) -> tuple[SeatRequestState, str]:
        """File a request for a seat, for the host to decide; returns it with the requester's
        token (their seat's token once approved). ``returning``: the seat token of a player
        who left tonight; the request names that player's account for the host."""
        table = self.table
        async with table.lock:
            if wanted is not None:
                self._free_seat(wanted)  # a seat that does not exist, or is taken, now
            account = None
            if returning is not None:
                account = self._returning(await self._ledger(), returning)
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
            if not approve:
                changes = Changes()
                declined = self._decided(DecideRequest(state.id, RequestStatus.DECLINED), changes)
                await table.writer.commit(changes)
                return declined, None
            if wanted is None and state.wanted is not None and state.wanted not in table.seats:
                wanted = state.wanted
            index = self._free_seat(wanted)
            entries = await self._ledger()
            account = returning or state.returning
            if account is not None:  # still a departed player's, and not taken since
                account = host_named_account(entries, account, self._seated())
            name = seat_name(state.name, self._taken(entries, account))
            changes = Changes()
            decision = DecideRequest(state.id, RequestStatus.APPROVED, index)
            approved = self._decided(decision, changes)
            seat = Seat.new(
                index,
                name,
                SeatKind.PLAYER,
                state.token_hash,
                table.settings.starting_chips,
                table.settings.time_bank,
                player_id=account,
            )
            await self._seat(seat, changes)
            return approved, seat

    def _decided(self, command: FileRequest | DecideRequest, changes: Changes) -> SeatRequestState:
        """The seat request as ``command`` leaves it, folded into ``changes`` (the seat requests
        slice, :mod:`.seat_requests`, adopts it once they are stored)."""
        request = self.table.actor.fold("requests", command, changes).reply
        assert isinstance(request, SeatRequestState)
        return request

    async def new_link(self, index: int) -> tuple[Seat, str]:
        """A new token for a player's seat (they lost their link): the old one stops opening
        it at once, and its connections are closed."""
        table = self.table
        async with table.lock:
            seat = table.seats.get(index)
            if seat is None:
                raise SeatError(f"seat {index} is empty")
            if seat.is_bot:
                raise SeatError(f"seat {index} is a bot's: it has no link")
            token = new_token()
            seat.token_hash = token_hash(token)
            await table.writer.commit(Changes(seats=[seat.state()]))
            replaced = dumps(
                {
                    "type": "removed",
                    "message": "the host gave this seat a new link: this one no longer opens it",
                }
            )
            for client in list(seat.clients):
                client.send(replaced)
                client.close(4000, "link replaced")
            seat.clients.clear()
            table.fanout.broadcast_table()
            return seat, token

    async def new_table_links(self) -> str:
        """New host, join and watch links, for links shared too far: the old ones stop
        working at once (nothing in the store names them any more), the sockets opened with
        the old watch link are closed (the host's page too, unless seated: it opens the new
        host link), and every seated player keeps their own seat link. Returns the new host
        token (the store keeps only its hash)."""
        table = self.table
        async with table.lock:
            host = new_token()
            table.host_hash = token_hash(host)
            table.join_token = new_token()
            table.watch_token = new_token()
            await table.writer.commit(Changes(table=table.state()))
            replaced = dumps(
                {
                    "type": "removed",
                    "message": "the host gave the table new links: this one no longer opens it",
                }
            )
            for client in list(table.fanout.spectators):
                client.send(replaced)
                client.close(4404, "link replaced")
            table.fanout.spectators.clear()
            return host

    # -- seats -----------------------------------------------------------------------------------

    async def remove(self, index: int) -> None:
        """The host removes a player or a bot, or a player leaves: at once between hands; in
        a hand, the seat checks or folds at its turns and leaves when the hand ends. The chips
        in front of the seat are cashed out as it leaves."""
        table = self.table
        async with table.lock:
            seat = table.seats.get(index)
            if seat is None:
                raise SeatError(f"seat {index} is empty")
            live = table.live
            if live is not None and live.engine_seat(seat) is not None:
                seat.leaving = True
                await table.writer.commit(Changes(seats=[seat.state()]))
            else:
                changes = Changes()
                self.leave(seat, changes)
                await table.writer.commit(changes)
            table.fanout.broadcast_table()
            table.changed.set()

    def leave(self, seat: Seat, changes: Changes) -> None:
        """``seat`` leaves the table: its chips cashed out, its row removed (both in
        ``changes``), its open request for chips cancelled, its connections told and closed
        once ``changes`` are stored."""
        self.table.actor.fold("cashier", SeatLeft(seat.index, seat.player_id), changes)
        if self.table.tournament is not None:  # out of the tournament, below everyone still in
            self.table.desk.left(seat, changes)
        # A player's leaving is written even with no chips: its token is their way back.
        if seat.stack or seat.token_hash is not None:
            changes.ledger.append(seat.entry("cash-out", -seat.stack, token_hash=seat.token_hash))
        changes.removed.append(seat.index)
        changes.seats = [state for state in changes.seats if state.seat != seat.index]
        del self.table.seats[seat.index]
        # The host's removal and a player's own leave end alike: the chips are cashed out.
        gone = Removed(
            message=f"Your seat is given up: its {seat.stack} chips are cashed out",
            table_id=self.table.id,
            player_id=seat.player_id,
            name=seat.name,
            cash_out=seat.stack,
            watch_token=self.table.watch_token,
        )
        text = dumps(gone.frame())

        def goodbye() -> None:  # only once the leaving is stored
            for client in list(seat.clients):
                client.send(text)
                client.close(4000, "seat removed")
            seat.clients.clear()

        self.table.writer.after(goodbye)

    # -- the table -----------------------------------------------------------------------------

    async def set_status(self, status: TableStatus) -> None:
        """Start (or resume) or pause the table."""
        table = self.table
        async with table.lock:
            if status is table.status:
                return
            if table.status is TableStatus.ENDED:
                raise TableError("the night is over: the table deals no more")
            if status is TableStatus.WAITING:
                raise TableError("a table cannot go back to waiting")
            table.status = status
            table.driver.choosing = None
            table.driver.turn.forget()  # a resumed turn gets a fresh clock
            changes = Changes(table=table.state())
            if table.tournament is not None:  # the tournament's clock runs with the table
                table.desk.status_changed(status is TableStatus.RUNNING, changes)
            await table.writer.commit(changes)
            table.driver.sync_turn()
            table.fanout.broadcast_table()
            if table.live is not None:
                table.fanout.broadcast(ClockFrame(clock=table.fanout.clock()).frame())
            table.changed.set()

    async def end_night(self) -> None:
        """The host ends the night: the hand in progress plays out (a paused one resumes),
        no other is dealt, open requests for chips are cancelled, and the settle-up stands."""
        table = self.table
        async with table.lock:
            if table.status is TableStatus.ENDED:
                raise TableError("the night is over already")
            table.status = TableStatus.ENDED
            table.driver.choosing = None
            table.driver.turn.forget()
            changes = Changes(table=table.state())
            if table.tournament is not None:
                table.desk.status_changed(False, changes)
            table.actor.fold("cashier", NightEnded(), changes)
            await table.writer.commit(changes)
            table.driver.sync_turn()
            table.fanout.broadcast_table()
            if table.live is not None:
                table.fanout.broadcast(ClockFrame(clock=table.fanout.clock()).frame())
            table.changed.set()
