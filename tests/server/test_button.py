"""Dealer's choice is fair: the button, and with it the choice of the game, goes round as
Robert's Rules move it for a new player (docs/house-rules.md, "Who deals and chooses").

In-process tables on an in-memory store, played by bots: between hands seats join, sit out and
sit back in (through the same requests a player's connection sends), and the test checks who
held the button, hand after hand; then the same over a real server.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tests.server.conftest import Server
from tests.server.helpers import Player
from tests.tools.wsclient import Api, Client
from wildstud.server.messages import SitIn, SitOut
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.seating import SeatKind
from wildstud.server.store import Store, TableState
from wildstud.server.table import Table, TableStatus

_LATER = time.monotonic() + 3000.0
"""Long after any test ends."""


class Night:
    """A table of bots whose hands are dealt one at a time, on request."""

    def __init__(self, seats: list[int], games: tuple[str, ...] = ("FTQ",), **settings: Any):
        self.settings = TableSettings(
            name="night",
            games=[GameEntry(game=game) for game in games],
            seats=8,
            bot_delay=0,
            hand_pause=60,  # the next hand waits for deal()
            **settings,
        )
        self.store = Store("sqlite://")
        self.state = TableState(
            "t1", "night", "h" * 64, "j", "w", self.settings.model_dump(mode="json"),
            "waiting", None, 0, None,
        )  # fmt: skip
        self.store.create_table(self.state)
        self.table = Table(self.state, [], self.store)
        # Nothing is dealt but by deal().
        self.table.driver.adopt(self.table.driver.state.but(next_hand_at=_LATER))
        self.first_seats = seats
        self.buttons: list[int] = []
        self.seq: dict[int, int] = {}

    async def open(self) -> None:
        for index in self.first_seats:
            await self.join(index)
        self.table.start_driver()
        await self.table.set_status(TableStatus.RUNNING)

    async def join(self, index: int) -> None:
        await self.table.add_bot(SeatKind.CALLING_BOT, None, index)

    async def request(self, index: int, frame: type[SitIn] | type[SitOut]) -> None:
        self.seq[index] = self.seq.get(index, 0) + 1
        name = "sit_in" if frame is SitIn else "sit_out"
        await self.table.handle(Player(index), frame(type=name, seq=self.seq[index]))  # type: ignore[arg-type]

    async def deal(self, hands: int = 1) -> list[int]:
        """Deal ``hands`` hands, one after another, each played to its end; the buttons."""
        table = self.table
        for _ in range(hands):
            number = table.hands_dealt + 1
            table.driver.adopt(table.driver.state.but(next_hand_at=0.0))
            table.wake()
            async with asyncio.timeout(20):
                while table.hands_dealt < number or table.live is not None:
                    await asyncio.sleep(0.005)
            assert table.button is not None
            self.buttons.append(table.button)
        return self.buttons

    async def close(self) -> None:
        await self.table.stop()


def run(scenario: Any) -> Any:
    return asyncio.run(scenario())


def test_a_player_who_sits_down_next_to_the_button_waits_for_it_to_come_round() -> None:
    async def scenario() -> list[int]:
        night = Night([0, 2, 3])
        await night.open()
        await night.deal()  # seat 0 deals
        await night.join(1)  # between the button and seat 2, who is due next
        await night.deal(5)
        await night.close()
        return night.buttons

    # Seat 1 is dealt in at once but deals only after the others: 2, 3 and 0 first.
    assert run(scenario) == [0, 2, 3, 0, 1, 2]


def test_a_player_who_sits_down_behind_the_button_gets_it_in_turn() -> None:
    async def scenario() -> list[int]:
        night = Night([0, 1, 2])
        await night.open()
        await night.deal()
        await night.join(3)  # behind the seats waiting for the button: no one is passed over
        await night.deal(4)
        await night.close()
        return night.buttons

    assert run(scenario) == [0, 1, 2, 3, 0]


def test_a_player_back_from_sitting_out_waits_for_the_button_to_pass() -> None:
    async def scenario() -> tuple[list[int], list[list[int]]]:
        night = Night([0, 1, 2, 3])
        await night.open()
        await night.deal()  # 0
        await night.request(2, SitOut)
        await night.deal()  # 1: seat 2 not dealt in
        await night.request(2, SitIn)  # back, right where the button goes next
        await night.deal(5)
        lineups = [
            list(hand.setup.lineup)
            for hand in night.store.finished_hands(night.table.id, 10, None)[::-1]
        ]
        await night.close()
        return night.buttons, lineups

    buttons, lineups = run(scenario)
    assert buttons == [0, 1, 3, 0, 1, 2, 3]
    assert lineups[1] == [0, 1, 3]
    assert all(lineup == [0, 1, 2, 3] for lineup in lineups[2:])  # dealt in at once


def test_the_button_skips_a_seat_sitting_out_and_never_stays_put() -> None:
    async def scenario() -> list[int]:
        night = Night([0, 1, 2])
        await night.open()
        await night.deal()  # 0
        await night.request(1, SitOut)
        await night.deal()  # 2: seat 1 loses its turn, as under the moving button
        await night.request(0, SitOut)
        await night.join(4)  # only the button is left of the last hand: the newcomer deals
        await night.deal()
        await night.request(0, SitIn)
        await night.request(1, SitIn)
        await night.deal(4)
        await night.close()
        return night.buttons

    # Then 2, the one seat of that hand, and only then the seats back from sitting out.
    assert run(scenario) == [0, 2, 4, 2, 4, 0, 1]


def test_a_restarted_table_keeps_the_newcomer_waiting() -> None:
    async def scenario() -> list[int]:
        night = Night([0, 2, 3])
        await night.open()
        await night.deal()
        await night.join(1)
        await night.table.stop()  # at once: a stop that lands as the driver wakes still stops
        # The server restarts before the newcomer is dealt a hand: the table comes back from
        # the store, and seat 1 still waits for the button to come round.
        stored = next(item for item in night.store.load_tables() if item.table.id == "t1")
        night.table = Table.restore(stored, night.store)
        night.table.driver.adopt(night.table.driver.state.but(next_hand_at=_LATER))
        await night.table.resume()
        await night.deal(4)
        await night.close()
        return night.buttons

    assert run(scenario) == [0, 2, 3, 0, 1]


def test_a_chooser_who_sits_out_passes_the_choice_on_with_the_button() -> None:
    async def scenario() -> tuple[list[int], list[dict[str, Any]]]:
        night = Night(
            [0, 2],
            games=("FTQ", "BD5", "BITCH"),
            choice_clock=30,
            action_clock=0.05,
            time_bank=0,
            absent_hands=5,
        )
        seat, _ = await night.table.join("ann", 1)
        ann = Player(seat.index)
        await night.table.attach(ann)
        await night.open()
        await night.deal()  # the bot in seat 0 deals and picks at once
        night.table.driver.adopt(night.table.driver.state.but(next_hand_at=0.0))
        night.table.wake()
        async with asyncio.timeout(10):
            while not any(frame["type"] == "choosing" for frame in ann.frames):
                await asyncio.sleep(0.005)
        await night.request(1, SitOut)  # ann leaves the table instead of choosing
        async with asyncio.timeout(10):
            while night.table.hands_dealt < 2 or night.table.live is not None:
                await asyncio.sleep(0.005)
        night.buttons.append(night.table.button or -1)
        await night.close()
        return night.buttons, ann.frames

    buttons, frames = run(scenario)
    choosing = [frame for frame in frames if frame["type"] == "choosing"]
    assert [frame["dealer"] for frame in choosing] == [1]
    assert buttons == [0, 2]  # the bot after ann deals at once, not after ann's 30 seconds


async def _over_a_real_server(server: Server) -> list[int]:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], seats=4, hand_pause=0.3, bot_delay=0)
    for seat in (0, 2, 3):
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot", seat=seat))
    watcher = await Client(created["links"]["watch_socket"], "watch").open()
    api.ok(api.host(created, "POST", "/start"))
    await watcher.wait_for(lambda c: 1 in c.hands, what="hand 1")
    api.ok(api.host(created, "POST", "/pause"))
    api.ok(api.host(created, "POST", "/bots", kind="random-bot", seat=1))  # next to the button
    api.ok(api.host(created, "POST", "/start"))
    await watcher.wait_for(lambda c: 5 in c.finished, timeout=30, what="hand 5")
    api.ok(api.host(created, "POST", "/pause"))
    await watcher.close()
    hands = [watcher.hands[number] for number in range(1, 6)]
    return [hand["lineup"][hand["view"]["dealer"]] for hand in hands]


def test_over_a_real_server_the_newcomer_deals_after_the_others(server: Server) -> None:
    assert asyncio.run(_over_a_real_server(server)) == [0, 2, 3, 0, 1]
