"""A draining process hands a table on between hands, by a tick of its own
(:meth:`wildstud.server.table.driver.Driver.hand_on`), not a step of the runner's pass: asked
while a hand is in play, it waits for that hand's end, and is handed on as its end is stored,
before the next deal; the table then takes nothing more here."""

from __future__ import annotations

import asyncio

from tests.server.helpers import Player, wait_until
from wildstud.server.lobby import Lobby
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.seating import SeatKind
from wildstud.server.store import Store
from wildstud.server.table import Table, TableStatus


async def _handed_on() -> None:
    store = Store("sqlite://")
    lobby = Lobby(store)
    await lobby.open()
    settings = TableSettings(
        name="drained",
        games=[GameEntry(game="FTQ")],
        bot_delay=0.02,
        action_clock=0.05,  # Ann never acts: the clock acts for her
        muck_clock=0.05,
        time_bank=0,
        hand_pause=0,  # the next deal is due at once: the hand-off comes before it
        showdown_pause=0,
        redeal_pause=0,
        absent_hands=100,
    )
    table, _ = await lobby.create(settings)
    seat, _token = await table.join("ann", None)
    await table.attach(Player(seat.index))  # someone watches: the bots play
    for _ in range(2):
        await table.add_bot(SeatKind.CALLING_BOT, None, None)
    asked: list[tuple[bool, int]] = []  # each time: a hand in play, the hands dealt

    async def hand_off(handed: Table) -> bool:
        asked.append((handed.live is not None, handed.hands_dealt))
        return True

    await table.set_status(TableStatus.RUNNING)
    await wait_until(lambda: table.live is not None, "the first hand")
    table.hand_off = hand_off  # as the cluster's drain does
    table.wake()
    await asyncio.sleep(0.01)
    if table.live is not None:  # the hand-off's tick found it in play: it waits
        assert asked == []
        assert not table.actor.closed
    await wait_until(lambda: table.actor.closed, "the table handed on")
    assert asked == [(False, 1)]  # once, between hands, before the next deal
    assert not table.driver.running
    assert table.hands_dealt == 1
    await lobby.close()
    store.close()


def test_a_draining_process_hands_a_table_on_as_its_hand_ends_before_the_next_deal() -> None:
    asyncio.run(_handed_on())
