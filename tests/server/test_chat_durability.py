"""SIGKILL in the middle of a chat burst, restart, and every line is there exactly once: each
player resends every line it sent (it cannot know which were stored), and the resends of the
stored ones are repeats. On SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.server.conftest import Server
from tests.tools.wsclient import Api, Client

LINES = 5
"""Lines each player sends in the burst (a whole chat burst: the rate allows five at once)."""


async def _scenario(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], seats=4)
    seats = [api.join(created, name) for name in ("Ann", "Bob", "Cy")]
    clients = [await Client(seat["socket"], str(seat["seat"])).open() for seat in seats]
    for client in clients:
        await client.frame("chat_log")

    def burst(index: int) -> list[dict[str, str]]:
        return [
            {"type": "say", "text": f"p{index} line {n}", "id": f"p{index}-{n}"}
            for n in range(LINES)
        ]

    # Everyone's burst at once; the server is killed while the lines are going in.
    async def send(index: int, client: Client) -> None:
        for frame in burst(index):
            await client.send(frame)

    await asyncio.gather(*(send(index, client) for index, client in enumerate(clients)))
    await clients[0].wait_for(
        lambda c: any(f["type"] == "said" for f in c.frames), what="a first line stored"
    )
    server.kill()
    acked = {
        frame["id"] for client in clients for frame in client.frames if frame["type"] == "said"
    }
    for client in clients:
        await client.close()
    assert acked, "the kill came after at least one line was stored"

    server.start()
    api = Api(server.base)
    stored_after_kill = [
        line["text"] for line in api.ok(api.host(created, "GET", "/chat"))["lines"]
    ]
    # A line the server said it had stored survived the kill.
    for nonce in acked:
        index, n = nonce[1:].split("-")
        assert f"p{index} line {n}" in stored_after_kill
    # Each player sends its burst again, with the same ids.
    clients = [await Client(seat["socket"], str(seat["seat"])).open() for seat in seats]
    for client in clients:
        await client.frame("chat_log")
    await asyncio.gather(*(send(index, client) for index, client in enumerate(clients)))
    for client in clients:
        await client.wait_for(
            lambda c: len([f for f in c.frames if f["type"] == "said"]) == LINES,
            what="every line stored",
        )
    repeats = {
        frame["id"]
        for client in clients
        for frame in client.frames
        if frame["type"] == "said" and frame["repeat"]
    }
    assert acked <= repeats
    assert not [frame for client in clients for frame in client.frames if frame["type"] == "error"]
    texts = [line["text"] for line in api.ok(api.host(created, "GET", "/chat"))["lines"]]
    expected = sorted(f"p{index} line {n}" for index in range(3) for n in range(LINES))
    assert sorted(texts) == expected  # every line once: none lost, none twice
    # Each player's lines are in the order it sent them.
    for index in range(3):
        own = [text for text in texts if text.startswith(f"p{index} ")]
        assert own == [f"p{index} line {n}" for n in range(LINES)]
    for client in clients:
        await client.close()


def test_sigkill_in_a_chat_burst_then_restart_loses_nothing_and_stores_nothing_twice(
    database_url: str, tmp_path: Path
) -> None:
    server = Server(database_url, tmp_path / "server.log").start()
    try:
        asyncio.run(_scenario(server))
    finally:
        server.stop()
