"""One flooding client cannot slow the other tables: ``/api/health`` and the time from one
player's action to the other player's frame at another table, measured before and during a
flood (one connection sending as fast as it can, another address opening connections up to
its cap and past it), as tests/server/flooding.py measures them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import time

from websockets.exceptions import ConnectionClosed

from tests.server.conftest import Server
from tests.server.flooding import Flood, assert_unhurt, measure
from tests.tools.wsclient import Api, Client
from wildstud.server.limits import ADDRESS_CONNECTIONS, SPECTATORS_PER_ADDRESS


async def _flood(url: str, stop: asyncio.Event, sent: list[int]) -> None:
    """Send as fast as the socket takes it; reconnect when the server stops answering."""
    junk = [json.dumps({"type": "ping"}), "{not json", json.dumps({"type": "act", "seq": 1})]
    while not stop.is_set():
        client = await Client(url, "flood", "127.0.3.1").open()
        try:
            while not stop.is_set():
                for text in junk:
                    await client.send(text)
                    sent[0] += 1
                await asyncio.sleep(0)
        except ConnectionClosed:
            sent[1] += 1
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.close(), 5)


async def _hoard(url: str, opened: list[Client]) -> int:
    refused = 0
    for _ in range(ADDRESS_CONNECTIONS + 8):
        client = await Client(url, "hoard", "127.0.3.2").open()
        opened.append(client)
        await client.wait_for(lambda c: bool(c.frames), what="a first frame")
        if client.frames[0]["type"] == "error":
            assert client.frames[0]["code"] == "too-many-connections"
            refused += 1
    return refused


async def _socket_flood(api: Api) -> Flood[tuple[int, list[int]]]:
    """A table with a flooding seat, and an address opening spectator sockets past its cap."""
    loud = api.create(games=[{"game": "FTQ"}], seats=2)
    flooder = api.join(loud, "flood")
    hoarded: list[Client] = []

    async def flood(stop: asyncio.Event) -> tuple[int, list[int]]:
        sent = [0, 0]
        flooding = asyncio.create_task(_flood(flooder["socket"], stop, sent))
        refused = await _hoard(loud["links"]["watch_socket"], hoarded)
        await stop.wait()
        await flooding
        for client in hoarded:
            await client.close()
        return refused, sent

    return flood


def test_a_flood_does_not_slow_another_table(server: Server) -> None:
    figures, (refused, sent) = asyncio.run(measure(server, "127.0.3", _socket_flood))
    # Past the address's share of the table's spectators (a smaller cap than its connections
    # in all), every connection refused.
    assert refused == ADDRESS_CONNECTIONS + 8 - min(ADDRESS_CONNECTIONS, SPECTATORS_PER_ADDRESS)
    assert sent[0] > 1000, sent  # the flood did flood
    print(f"flood: {sent[0]} messages sent, {sent[1]} reconnections")
    assert_unhurt(figures)
    # The flood left thousands of messages unread in its socket: a restart must not wait for
    # the server to read them (it did, for as long as the stop gave it, then was killed).
    assert server.process is not None
    started = time.monotonic()
    server.stop()
    # Exited of its own accord (uvicorn ends by raising the signal it caught), not killed.
    assert server.process.returncode in (0, -signal.SIGTERM), server.log_text()[-2000:]
    assert time.monotonic() - started < 5.0
