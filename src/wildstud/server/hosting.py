"""Host commands and seating: players and bots take seats, the host removes them, starts and
pauses the table and changes its rules.

A seat's buy-in goes into the ledger as it is taken, and its cash-out as it is given up; a seat
dealt into the hand in progress is not removed at once but checks or folds at its turns and
leaves when the hand ends.

The menu of a table's settings:

>>> from wildstud.server.schemas import GameEntry
>>> menu = build_menu(TableSettings(name="x", games=[GameEntry(game="FTQ")]))
>>> [item.game.name for item in menu.items]
['follow-the-queen']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wildstud.errors import SeatError, TableError
from wildstud.server.driver import TableStatus
from wildstud.server.fanout import dumps
from wildstud.server.menu import Menu
from wildstud.server.names import bot_name, seat_name
from wildstud.server.schemas import RulesUpdate, TableSettings
from wildstud.server.seating import Seat, SeatKind
from wildstud.server.security import new_token, token_hash
from wildstud.server.store import Changes, LedgerEntry

if TYPE_CHECKING:
    from wildstud.server.tables import Table

__all__ = ["Hosting", "build_menu"]


def build_menu(settings: TableSettings) -> Menu:
    """The menu of a table's settings; refuses unknown games, bad house rules and a menu none of
    whose games can seat a full table."""
    menu = Menu.build(
        [entry.model_dump() for entry in settings.games], settings.stakes.model_dump()
    )
    menu.check_seats(settings.seats)
    return menu


class Hosting:
    """A table's seating and the host's commands."""

    def __init__(self, table: Table) -> None:
        self.table = table

    # -- seating -------------------------------------------------------------------------------

    async def join(self, name: str, wanted: int | None) -> tuple[Seat, str]:
        """A player takes a seat; returns it with the player's secret token."""
        table = self.table
        async with table.lock:
            index = self._free_seat(wanted)
            name = seat_name(name, (seat.name for seat in table.seats.values()))
            token = new_token()
            seat = Seat.new(
                index,
                name,
                SeatKind.PLAYER,
                token_hash(token),
                table.settings.starting_chips,
                table.settings.time_bank,
            )
            await self._seat(seat)
            return seat, token

    async def add_bot(self, kind: SeatKind, name: str | None, wanted: int | None) -> Seat:
        """A bot takes a seat."""
        table = self.table
        async with table.lock:
            index = self._free_seat(wanted)
            taken = [seat.name for seat in table.seats.values()]
            seat = Seat.new(
                index,
                bot_name(kind.value, name, index, taken),
                kind,
                None,
                table.settings.starting_chips,
                table.settings.time_bank,
            )
            await self._seat(seat)
            return seat

    def _free_seat(self, wanted: int | None) -> int:
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

    async def _seat(self, seat: Seat) -> None:
        table = self.table
        changes = Changes(
            seats=[seat.state()],
            ledger=[LedgerEntry(seat.player_id, seat.index, seat.name, "buy-in", seat.stack)],
        )
        await table.driver.commit(changes)
        table.seats[seat.index] = seat
        table.fanout.broadcast_table()
        table.changed.set()

    async def remove(self, index: int) -> None:
        """The host removes a player or a bot: at once between hands; in a hand, the seat
        checks or folds at its turns and leaves when the hand ends."""
        table = self.table
        async with table.lock:
            seat = table.seats.get(index)
            if seat is None:
                raise SeatError(f"seat {index} is empty")
            live = table.live
            if live is not None and live.engine_seat(index) is not None:
                seat.leaving = True
                await table.driver.commit(Changes(seats=[seat.state()]))
            else:
                changes = Changes()
                self.leave(seat, changes)
                await table.driver.commit(changes)
            table.fanout.broadcast_table()
            table.changed.set()

    def leave(self, seat: Seat, changes: Changes) -> None:
        """``seat`` leaves the table: its chips cashed out, its row removed (both in
        ``changes``), its connections told and closed."""
        if seat.stack:
            changes.ledger.append(
                LedgerEntry(seat.player_id, seat.index, seat.name, "cash-out", -seat.stack)
            )
        changes.removed.append(seat.index)
        changes.seats = [state for state in changes.seats if state.seat != seat.index]
        del self.table.seats[seat.index]
        for client in list(seat.clients):
            client.send(dumps({"type": "removed", "message": "the host gave your seat up"}))
            client.close(4000, "seat removed")
        seat.clients.clear()

    # -- the table -----------------------------------------------------------------------------

    async def set_status(self, status: TableStatus) -> None:
        """Start (or resume) or pause the table."""
        table = self.table
        async with table.lock:
            if status is table.status:
                return
            if status is TableStatus.WAITING:
                raise TableError("a table cannot go back to waiting")
            table.status = status
            table.driver.choosing = None
            table.driver.turn.forget()  # a resumed turn gets a fresh clock
            await table.driver.commit(Changes(table=table.state()))
            table.driver.sync_turn()
            table.fanout.broadcast_table()
            if table.live is not None:
                table.fanout.broadcast({"type": "clock", "clock": table.fanout.clock_frame()})
            table.changed.set()

    async def update_rules(self, update: RulesUpdate) -> None:
        """Change the settings; the games and stakes apply from the next hand."""
        table = self.table
        async with table.lock:
            values = table.settings.model_dump()
            values.update(update.model_dump(exclude_none=True))
            settings = TableSettings.model_validate(values)
            menu = build_menu(settings)
            table.settings, table.menu = settings, menu
            table.driver.choosing = None
            await table.driver.commit(Changes(table=table.state()))
            table.fanout.broadcast_table()
            table.changed.set()
