"""Writes the store refuses, in-process. One failed write is taken back: the table stands as it
stood before the change, its driver tries again and deals on, nothing lost and nothing reloaded.
A store that keeps failing (``FAILURES_BEFORE_RELOAD`` writes in a row): the table stops, its
clients are told, and the lobby rebuilds it from what the store holds, which then carries on
with nothing lost."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from wildstud.server.lobby import Lobby
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.seating import SeatKind
from wildstud.server.store import Changes, Store
from wildstud.server.table import FAILURES_BEFORE_RELOAD, TableStatus


class Watcher:
    """A client that keeps the frames it gets."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.frames: list[str] = []
        self.closed: tuple[int, str] | None = None

    def send(self, text: str) -> None:
        self.frames.append(text)

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def then(self, callback: Callable[[], None]) -> None:
        callback()  # the frames are kept as they are sent


async def _recover(monkeypatch: pytest.MonkeyPatch, failing: int, what: str = "action") -> None:
    store = Store("sqlite://")
    lobby = Lobby(store)
    await lobby.open()
    settings = TableSettings(
        name="flaky",
        games=[GameEntry(game="SMBU")],
        seats=3,
        bot_delay=0,
        hand_pause=0,
        showdown_pause=0,
    )
    table, _ = await lobby.create(settings)
    for _ in range(3):
        await table.add_bot(SeatKind.RANDOM_BOT, None, None)
    watcher = Watcher()
    await table.attach(watcher)
    await table.set_status(TableStatus.RUNNING)
    while table.hands_dealt < 3:
        await asyncio.sleep(0.01)

    real = store.apply
    failures: list[Changes] = []

    def flaky(table_id: str, changes: Changes) -> None:
        first = changes.actions if what == "action" else changes.hand is not None
        if len(failures) < failing and (first or failures):
            failures.append(changes)
            raise OSError("disk on fire")
        real(table_id, changes)

    monkeypatch.setattr(store, "apply", flaky)
    if failing < FAILURES_BEFORE_RELOAD:
        # Taken back and tried again: the same table deals on, its clients still connected.
        async with asyncio.timeout(20):
            while len(failures) < failing:
                await asyncio.sleep(0.01)
        assert watcher.closed is None
        assert all('"code":"storage"' not in frame for frame in watcher.frames)
    else:
        async with asyncio.timeout(20):
            while lobby.tables[table.id] is table:
                await asyncio.sleep(0.01)
        assert watcher.closed is not None
        assert watcher.closed[0] == 1011
        assert '"code":"storage"' in watcher.frames[-1]
    assert len(failures) == failing
    carried_on = lobby.tables[table.id]
    assert (carried_on is table) == (failing < FAILURES_BEFORE_RELOAD)
    assert not carried_on.broken
    # The table stands where the store left it, and deals on.
    dealt = carried_on.hands_dealt
    async with asyncio.timeout(20):
        while carried_on.hands_dealt < dealt + 3:
            await asyncio.sleep(0.01)
    await carried_on.set_status(TableStatus.PAUSED)
    report: dict[str, Any] = await carried_on.ledger()
    assert report["balanced"], report
    assert report["hands_net"] == 0
    # No hand was lost or numbered twice: a deal taken back is dealt again under its number.
    stored = await asyncio.to_thread(store.finished_hands, table.id, 1000, None)
    numbers = sorted(hand.setup.number for hand in stored)
    assert numbers == list(range(1, len(numbers) + 1))
    await lobby.close()
    store.close()


@pytest.mark.parametrize("what", ["action", "deal"])
def test_a_failed_write_is_taken_back_and_the_table_deals_on(
    monkeypatch: pytest.MonkeyPatch, what: str
) -> None:
    # A bot's action (the hand replayed in memory to before it), or a new hand's deal (the
    # button, the hand count and the deck put back): the driver tries again and deals on.
    asyncio.run(_recover(monkeypatch, 1, what))


def test_a_store_that_keeps_failing_rebuilds_the_table_from_the_store(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asyncio.run(_recover(monkeypatch, FAILURES_BEFORE_RELOAD))
