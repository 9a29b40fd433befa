"""A write the store refuses: the table stops, its clients are told, and the lobby rebuilds it
from what the store holds, which then carries on with nothing lost (in-process)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from wildstud.server.lobby import Lobby
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.seating import SeatKind
from wildstud.server.store import Changes, Store
from wildstud.server.tables import TableStatus


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


async def _recover(monkeypatch: pytest.MonkeyPatch) -> None:
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
    failures = []

    def flaky(table_id: str, changes: Changes) -> None:
        if not failures and changes.actions:
            failures.append(changes)
            raise OSError("disk on fire")
        real(table_id, changes)

    monkeypatch.setattr(store, "apply", flaky)
    async with asyncio.timeout(10):
        while lobby.tables[table.id] is table:
            await asyncio.sleep(0.01)
    assert failures
    assert watcher.closed is not None
    assert watcher.closed[0] == 1011
    assert '"code":"storage"' in watcher.frames[-1]
    rebuilt = lobby.tables[table.id]
    # The rebuilt table stands where the store left it, and deals on.
    dealt = rebuilt.hands_dealt
    async with asyncio.timeout(10):
        while rebuilt.hands_dealt < dealt + 3:
            await asyncio.sleep(0.01)
    await rebuilt.set_status(TableStatus.PAUSED)
    report: dict[str, Any] = await rebuilt.ledger()
    assert report["balanced"], report
    assert report["hands_net"] == 0
    await lobby.close()
    store.close()


def test_a_failed_write_rebuilds_the_table_from_the_store(monkeypatch: pytest.MonkeyPatch) -> None:
    asyncio.run(_recover(monkeypatch))
