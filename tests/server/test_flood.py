"""One flooding client cannot slow the other tables: ``/api/health`` and the time from one
player's action to the other player's frame at another table, measured before and during a
flood (one connection sending as fast as it can, another address opening connections up to
its cap and past it). The figures are printed (``pytest -s``) and bounded generously: the test
machines are small and shared."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import statistics
import time

import httpx
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import Server
from tests.server.wsclient import Api, Client, choose_action
from wildstud.server.limits import ADDRESS_CONNECTIONS

SAMPLES = 40
HEALTH_P50 = 0.25
"""Seconds: generous bounds on the latencies during the flood (a few ms unloaded)."""
HEALTH_P99 = 1.5
ACTION_P50 = 0.5
ACTION_P99 = 2.0


def _quantiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered), p99


async def _health(http: httpx.AsyncClient) -> list[float]:
    samples = []
    for _ in range(SAMPLES):
        started = time.perf_counter()
        answer = await http.get("/api/health")
        samples.append(time.perf_counter() - started)
        assert answer.status_code == 200
        await asyncio.sleep(0.02)
    return samples


async def _actions(players: list[Client], rng: random.Random) -> list[float]:
    """Act whenever it is a player's turn; time until the other player's page gets the
    update."""
    samples: list[float] = []
    while len(samples) < SAMPLES:
        await asyncio.wait_for(_turn(players), 30)
        actor = next(p for p in players if p.my_turn())
        other = next(p for p in players if p is not actor)
        mark, own, key = len(other.frames), len(actor.frames), actor.turn_key()
        started = time.perf_counter()
        await actor.request(choose_action(actor.view, rng))
        try:
            await other.frame("update", after=mark)
        except TimeoutError:
            errors = [f for f in actor.frames[own:] if f["type"] == "error"]
            raise AssertionError(f"the action had no effect: {errors}") from None
        samples.append(time.perf_counter() - started)
        # The actor's page too has moved on before the next turn is looked for.
        await actor.wait_for(lambda c, key=key: c.turn_key() != key, what="its update")
    return samples


async def _turn(players: list[Client]) -> None:
    while not any(p.my_turn() for p in players):
        await asyncio.sleep(0.005)


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


async def _measure(server: Server) -> dict[str, tuple[float, float]]:
    api = Api(server.base, "127.0.3.3")
    # No pause between hands and no show-or-muck wait: the samples are taken back to back.
    quiet = api.create(
        games=[{"game": "FTQ"}], seats=2, action_clock=60, hand_pause=0, muck_clock=0
    )
    seats = [api.join(quiet, name) for name in ("ann", "bob")]
    players = [await Client(s["socket"], s["token"][:4], "127.0.3.4").open() for s in seats]
    loud = api.create(games=[{"game": "FTQ"}], seats=2)
    flooder = api.join(loud, "flood")
    api.ok(api.host(quiet, "POST", "/start"))
    rng = random.Random(11)
    async with httpx.AsyncClient(
        base_url=server.base,
        trust_env=False,
        transport=httpx.AsyncHTTPTransport(local_address="127.0.3.5"),
    ) as http:
        before_health = await _health(http)
        before_actions = await _actions(players, rng)
        stop = asyncio.Event()
        sent = [0, 0]
        hoarded: list[Client] = []
        flood = asyncio.create_task(_flood(flooder["socket"], stop, sent))
        hoard = asyncio.create_task(_hoard(loud["links"]["watch_socket"], hoarded))
        await asyncio.sleep(1.0)  # the flood under way
        during_health = await _health(http)
        during_actions = await _actions(players, rng)
        refused = await hoard
        stop.set()
        await flood
    assert refused == 8  # past the cap, every connection refused
    assert sent[0] > 1000, sent  # the flood did flood
    print(f"flood: {sent[0]} messages sent, {sent[1]} reconnections")
    api.ok(api.host(quiet, "POST", "/pause"))
    for client in [*players, *hoarded]:
        await client.close()
    return {
        "health before": _quantiles(before_health),
        "health during": _quantiles(during_health),
        "action before": _quantiles(before_actions),
        "action during": _quantiles(during_actions),
    }


def test_a_flood_does_not_slow_another_table(server: Server) -> None:
    figures = asyncio.run(_measure(server))
    for name, (p50, p99) in figures.items():
        print(f"{name}: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")
    health, action = figures["health during"], figures["action during"]
    assert health[0] < HEALTH_P50
    assert health[1] < HEALTH_P99
    assert action[0] < ACTION_P50
    assert action[1] < ACTION_P99
    # The flood left thousands of messages unread in its socket: a restart must not wait for
    # the server to read them (it did, for as long as the stop gave it, then was killed).
    assert server.process is not None
    started = time.monotonic()
    server.stop()
    # Exited of its own accord (uvicorn ends by raising the signal it caught), not killed.
    assert server.process.returncode in (0, -signal.SIGTERM), server.log_text()[-2000:]
    assert time.monotonic() - started < 5.0
