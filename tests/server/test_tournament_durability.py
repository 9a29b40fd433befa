"""A tournament killed with SIGKILL in the middle of its play, on SQLite and PostgreSQL: what
the store holds agrees with the hands it holds (the tournament is written in the transaction of
each hand), the restarted server carries on from there, and the tournament still ends with every
place paid and the prizes adding up to the pool."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.server.conftest import Server
from tests.tools.wsclient import Api
from wildstud.server.store import Store

HANDS = 3


async def _scenario(server: Server, database_url: str) -> None:
    api = Api(server.base)
    created = api.create(
        name="Killed sit-and-go",
        games=[{"game": "FTQ"}, {"game": "SMBU"}],
        seats=4,
        bot_delay=0,
        hand_pause=0,
        starting_chips=1000,
        bots=[{"kind": "random-bot"}, {"kind": "calling-bot"}, {"kind": "random-bot"}],
        tournament={"buy_in": 10, "level_hands": HANDS, "break_every": 0, "addon_chips": 500},
    )
    table_id = created["table"]["id"]
    api.ok(api.host(created, "POST", "/tournament/seats/1/addon"))
    api.ok(api.host(created, "POST", "/start"))
    path = f"/api/tables/{table_id}"
    deadline = time.monotonic() + 60
    while api.get(path)["hands_dealt"] < 2 * HANDS + 1:
        assert time.monotonic() < deadline, "the bots did not deal"
        await asyncio.sleep(0.02)
    server.kill()

    store = Store(database_url)
    (stored,) = store.load_tables([table_id])
    state = stored.tournament
    assert state is not None
    # The tournament's count of hands is the table's, to the hand.
    assert state["index"] * HANDS + state["hands"] == stored.table.hands_dealt
    assert [entry["name"] for entry in state["entries"]] == [
        "Random 1", "Caller 2", "Random 3",
    ]  # fmt: skip
    assert [entry["addon"] for entry in state["entries"]] == [False, True, False]
    store.close()

    server.start()
    info = api.get(f"{path}/tournament")
    assert info["prize_pool"] == 3 * 10 + 10
    assert info["level"] >= 2
    deadline = time.monotonic() + 120
    while not (info := api.get(f"{path}/tournament"))["finished"]:
        assert time.monotonic() < deadline, info
        await asyncio.sleep(0.05)
    assert sum(place["prize"] for place in info["places"]) == info["prize_pool"]
    assert sorted(place["place"] for place in info["places"]) == [1, 2, 3]
    assert api.get(path)["status"] == "ended"


def test_a_tournament_killed_mid_play_carries_on(database_url: str, tmp_path: Path) -> None:
    server = Server(database_url, tmp_path / "server.log").start()
    try:
        asyncio.run(_scenario(server, database_url))
    finally:
        server.stop()
