"""Fault injection (issue 23): the seating's commands that the table makes itself, an absent
player's return as the page opens and a seat leaving as its hand ends. The store fails the
write once; the seat stays as it was, as the seating's rows have it, the connection (or, for a
hand's end, the runner) is told or tries again, and nothing is reloaded."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from tests.server.helpers import (
    Night,
    Player,
    checked_ticks,
    closed_balanced,
    failing_lobby,
    faults,
    quick_settings,
)
from wildstud.server.clock import Backoff
from wildstud.server.lobby import Lobby
from wildstud.server.seating import SeatKind
from wildstud.server.store import Store
from wildstud.server.table import StorageFailureError, TableStatus


async def _absent_back() -> None:
    store, lobby, failing = await failing_lobby()
    table, _ = await lobby.create(quick_settings("away", absent_hands=1))
    seat, _token = await table.join("ann", None)
    for _ in range(2):
        await table.add_bot(SeatKind.CALLING_BOT, None, None)
    await table.attach(Player(None))  # a spectator watches: the bots play
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(30):
        while not table.seats[seat.index].absent:  # the clock sits Ann out
            await asyncio.sleep(0.01)
    await table.set_status(TableStatus.PAUSED)
    night = Night(lobby, table, failing)
    ann = Player(seat.index)
    # Ann opens her link: her return is the seating's, and the store fails it once. The
    # connection is told (the socket answers the error and closes), the seat stays absent
    # and does not count the connection among its own; the page connects again, and is back.

    async def opens() -> None:
        try:
            await table.attach(ann)
        except StorageFailureError:
            assert ann not in table.seats[seat.index].clients
            raise

    await night.refused_once(opens)
    back = table.seats[seat.index]
    assert not back.sitting_out
    assert back.missed_hands == 0
    assert back.clients == {ann}
    await lobby.close()
    store.close()


@faults("connections.Arrive", "seating.Back")
def test_an_absent_player_s_return_survives_a_failed_write_with_the_table_unchanged() -> None:
    asyncio.run(_absent_back())


class FailLeaving:
    """The store, failing the first write that gives up a seat, once."""

    def __init__(self, store: Store) -> None:
        self._call = store.call
        self.fired = 0

    async def call(self, method: Callable[..., Any], *args: Any) -> Any:
        if getattr(method, "__name__", "") == "apply" and args[1].removed and not self.fired:
            self.fired += 1
            raise OSError("the disk is full")
        return await self._call(method, *args)


async def _left_at_the_end() -> None:
    store = Store("sqlite://")
    lobby = Lobby(store)
    await lobby.open()
    table, _ = await lobby.create(quick_settings("leaving"))
    for _ in range(3):
        await table.add_bot(SeatKind.CALLING_BOT, None, None)
    await table.attach(Player(None))
    failing = FailLeaving(store)
    store.call = failing.call  # type: ignore[method-assign]
    table.actor.backoff = Backoff(first=0.01, cap=0.01)  # retried at once
    leaving = -1

    async def unchanged() -> bool:
        # The hand's end was not stored: the seat is still there, leaving, as the seating
        # has it, and its chips as they were; nothing reloaded.
        seats = {index: seat.state() for index, seat in table.seats.items()}
        return (
            leaving in table.seats
            and table.seats[leaving].leaving
            and seats == dict(table.seating.seats)
            and table.live is not None
            and not table.broken
        )

    seen = checked_ticks(table, lambda: failing.fired, unchanged)
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(30):
        while table.live is None:
            await asyncio.sleep(0.001)
        leaving = table.live.setup.lineup[0]
        await table.remove(leaving)  # dealt in: it leaves when the hand ends
        assert table.seats[leaving].leaving
        while leaving in table.seats:
            await asyncio.sleep(0.01)
    assert seen == [True]
    assert leaving not in table.seating.seats
    assert lobby.tables[table.id] is table
    await closed_balanced(table, lobby, store)


@faults(
    "seating.HandOver",
    "seating.Leave",
    "cashier.SeatLeft",
    "core.PlayerOut",
    "settings.NoticesPlayed",
    "core.ForgetHand",
)
def test_a_seat_leaving_as_its_hand_ends_survives_a_failed_write() -> None:
    asyncio.run(_left_at_the_end())
