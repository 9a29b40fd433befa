"""Measuring one table's service while another client floods the server: ``/api/health`` and
the time from one player's action to the other player's update at a quiet table, before and
during a flood. The figures are printed (``pytest -s``) and bounded generously: the test
machines are small and shared."""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import TypeVar

import httpx

from tests.server.conftest import Server
from tests.server.wsclient import Api, Client, choose_action

T = TypeVar("T")

SAMPLES = 40
HEALTH_P50 = 0.25
"""Seconds: generous bounds on the latencies during a flood (a few ms unloaded)."""
HEALTH_P99 = 1.5
ACTION_P50 = 0.5
ACTION_P99 = 2.0

Figures = dict[str, tuple[float, float]]
Flood = Callable[[asyncio.Event], Coroutine[None, None, T]]
"""A flood under way until the event is set; what it returns is the flood's own account."""


def quantiles(samples: list[float]) -> tuple[float, float]:
    """The median and the 99th percentile."""
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


async def measure(
    server: Server, subnet: str, prepare: Callable[[Api], Awaitable[Flood[T]]]
) -> tuple[Figures, T]:
    """Health and the action-to-update time at a quiet table, before and during the flood that
    ``prepare`` sets up; the quiet table's clients connect from ``{subnet}.3`` to ``.5``."""
    api = Api(server.base, f"{subnet}.3")
    # No pause between hands and no show-or-muck wait: the samples are taken back to back.
    quiet = api.create(
        games=[{"game": "FTQ"}], seats=2, action_clock=60, hand_pause=0, muck_clock=0
    )
    seats = [api.join(quiet, name) for name in ("ann", "bob")]
    players = [await Client(s["socket"], s["token"][:4], f"{subnet}.4").open() for s in seats]
    flood = await prepare(api)
    api.ok(api.host(quiet, "POST", "/start"))
    rng = random.Random(11)
    async with httpx.AsyncClient(
        base_url=server.base,
        trust_env=False,
        transport=httpx.AsyncHTTPTransport(local_address=f"{subnet}.5"),
    ) as http:
        before_health = await _health(http)
        before_actions = await _actions(players, rng)
        stop = asyncio.Event()
        flooding = asyncio.create_task(flood(stop))
        await asyncio.sleep(1.0)  # the flood under way
        during_health = await _health(http)
        during_actions = await _actions(players, rng)
        stop.set()
        account = await flooding
    api.ok(api.host(quiet, "POST", "/pause"))
    for client in players:
        await client.close()
    figures = {
        "health before": quantiles(before_health),
        "health during": quantiles(during_health),
        "action before": quantiles(before_actions),
        "action during": quantiles(during_actions),
    }
    for name, (p50, p99) in figures.items():
        print(f"{name}: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")
    return figures, account


def assert_unhurt(figures: Figures) -> None:
    """The quiet table and the health check kept within the bounds during the flood."""
    health, action = figures["health during"], figures["action during"]
    assert health[0] < HEALTH_P50
    assert health[1] < HEALTH_P99
    assert action[0] < ACTION_P50
    assert action[1] < ACTION_P99
