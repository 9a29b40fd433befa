"""SIGKILL in the middle of a hand, restart, and every table carries on exactly where it was:
on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

from tests.server.conftest import Server
from tests.server.helpers import acted, public_events
from tests.tools.wsclient import Api, Client, Frame, play


def _mid_hand(client: Client) -> bool:
    return client.hand is not None and not client.hand_over() and acted(client) >= 5


def _same_view(before: Frame, after: Frame) -> None:
    """The hand frames agree on everything but the clock (which restarts)."""
    assert after["number"] == before["number"]
    assert after["you"] == before["you"]
    assert after["lineup"] == before["lineup"]
    assert after["view"] == before["view"]


async def _scenario(server: Server) -> None:
    api = Api(server.base)
    # Table A: three players over WebSockets, with clocks long enough never to run out.
    table_a = api.create(
        name="A", games=[{"game": "BITCH"}], seats=4, action_clock=120, hand_pause=0
    )
    seats = [api.join(table_a, f"a{index}") for index in range(3)]
    clients = [await Client(seat["socket"], f"a{index}").open() for index, seat in enumerate(seats)]
    # Table B: bots only, dealing as fast as they can: killed in the middle of whatever it does.
    table_b = api.create(
        name="B", games=[{"game": "SMBU"}, {"game": "BD5"}], bot_delay=0, hand_pause=0
    )
    for kind in ("random-bot", "random-bot", "calling-bot"):
        api.ok(api.host(table_b, "POST", "/bots", kind=kind))
    api.ok(api.host(table_b, "POST", "/start"))
    api.ok(api.host(table_a, "POST", "/start"))
    rng = random.Random(7)
    async with asyncio.timeout(60):
        await asyncio.gather(*(play(c, random.Random(rng.random()), _mid_hand) for c in clients))
        # Every client has heard of every action.
        count = max(len(client.view["events"]) for client in clients)
        for client in clients:
            await client.wait_for(lambda c: len(c.view["events"]) == count, what="the last update")
    before = {client.name: dict(client.hand or {}) for client in clients}
    number = clients[0].hand["number"] if clients[0].hand else 0
    b_id = table_b["table"]["id"]
    # The bots' table has dealt by now, unless a loaded machine held it back: it is killed in
    # the middle of its play, not before its first hand.
    async with asyncio.timeout(30):
        while (b_dealt := api.get(f"/api/tables/{b_id}")["hands_dealt"]) < 1:
            await asyncio.sleep(0.1)

    server.kill()
    for client in clients:
        await client.close()
    server.start()
    api = Api(server.base)

    # Both ledgers balance right away, the hand in progress included.
    for table in (table_a, table_b):
        ledger = api.ledger(table["table"]["id"])
        assert ledger["balanced"], ledger
    assert api.ledger(table_a["table"]["id"])["in_play"] == 3 * 1000

    # Opening the same links again resumes each seat with its whole view, as it was.
    clients = [await Client(seat["socket"], f"a{index}").open() for index, seat in enumerate(seats)]
    for client in clients:
        await client.frame("hand")
        assert client.hand is not None
        _same_view(before[client.name], client.hand)
    # The hand plays on to its end.
    async with asyncio.timeout(60):
        await asyncio.gather(
            *(play(c, random.Random(rng.random()), lambda c: number in c.finished) for c in clients)
        )
    history = api.get(f"/api/tables/{table_a['table']['id']}/hands/{number}")
    public: list[Frame] = history["events"]
    mine = [
        {**event, "card": None} if event["type"] == "dealt" and not event["up"] else event
        for event in before[clients[0].name]["view"]["events"]
    ]
    assert public_events(public[: len(mine)]) == mine
    api.ok(api.host(table_a, "POST", "/pause"))
    for client in clients:
        await client.close()

    # The bots' table deals on.
    async with asyncio.timeout(30):
        while api.get(f"/api/tables/{b_id}")["hands_dealt"] < b_dealt + 3:
            await asyncio.sleep(0.1)
    api.ok(api.host(table_b, "POST", "/pause"))
    await asyncio.sleep(0.3)
    for table in (table_a, table_b):
        ledger = api.ledger(table["table"]["id"])
        assert ledger["balanced"], ledger
        assert ledger["hands_net"] == 0


def test_sigkill_in_mid_hand_then_restart_loses_nothing(database_url: str, tmp_path: Path) -> None:
    server = Server(database_url, tmp_path / "server.log").start()
    try:
        asyncio.run(_scenario(server))
    finally:
        server.stop()
    # No deck order ever reaches the log.
    assert not re.search(r"([2-9TJQKA][cdhs][ ,]+){8}", server.log_text())
