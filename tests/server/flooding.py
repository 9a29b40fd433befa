"""Measuring one table's service while another client floods the server: ``/api/health`` and
the time from one player's action to the other player's update at a quiet table, before and
during a flood. The figures are printed (``pytest -s``) and bounded generously: the test
machines are small and shared."""

from __future__ import annotations

import asyncio
import functools
import itertools
import os
import random
import statistics
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import TypeVar

import httpx

from tests.server.conftest import Server
from tests.tools.wsclient import Api, Client, choose_action
from wildstud.server.timeouts import HEADER_TIMEOUT

T = TypeVar("T")

SAMPLES = 40
HEALTH_P50 = 0.25
"""Seconds: generous bounds on the latencies during a flood (a few ms unloaded). The medians
catch a flood that slows the night (the replay on the event loop took another table's median
to 282 ms); where the flood keeps the server busy they count in the server's own time, each
scaled by the share of a core the server got while it was taken (:data:`SHARE`): a server
that answers every request in turn takes as much longer as it gets less of a core
(docs/benchmarks.md: at a load of 26 to 32 it got a sixth of one, and health's median during
the read flood was 337 ms, the other table's 418 ms, each read and health check costing it 2
to 3 ms of CPU; at a load near 35 on one core, 0.02 of a core and 242 and 306 ms). The 99th
percentiles, the worst of 40 samples, only catch a stall, in wall time: on a CI machine of 2
cores running 4 test workers, one health check took 1.8 s with the flood refused as it should
be, the machine's own pause."""
HEALTH_P99 = 3.0
ACTION_P50 = 0.5
ACTION_P99 = 3.0

SHARE = "server share during"
"""The figure that holds the share of a core the server used (its CPU seconds over the wall
seconds) while health's and the action's samples were taken during the flood: what the
machine left it, when the flood keeps it busy throughout (see :func:`assert_unhurt`)."""

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
        await actor.wait_for(functools.partial(_moved_on, key), what="its update")
    return samples


def _moved_on(key: tuple[int, int], client: Client) -> bool:
    """Whether ``client``'s turn is no longer the one ``key`` names."""
    return client.turn_key() != key


async def _turn(players: list[Client]) -> None:
    while not any(p.my_turn() for p in players):
        await asyncio.sleep(0.005)


def _cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used, its threads' included (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _timed(pid: int, samples: Awaitable[list[float]]) -> tuple[list[float], float]:
    """The samples, and the share of a core the server got while they were taken."""
    cpu, wall = _cpu_seconds(pid), time.monotonic()
    found = await samples
    return found, (_cpu_seconds(pid) - cpu) / max(time.monotonic() - wall, 1e-9)


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
        assert server.process is not None
        pid = server.process.pid
        during_health, health_share = await _timed(pid, _health(http))
        during_actions, action_share = await _timed(pid, _actions(players, rng))
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
    figures[SHARE] = (health_share, action_share)
    print(f"{SHARE}: {health_share:.2f} of a core (health), {action_share:.2f} (action)")
    return figures, account


def assert_unhurt(figures: Figures, *, busy: bool = False) -> None:
    """The quiet table and the health check kept within the bounds during the flood; the 99th
    percentiles in wall time, the medians too unless the flood kept the server ``busy``
    (readers asking again the moment they are answered): then in the server's own time,
    scaled by the share of a core it got (at most one). A slowloris leaves the server idle
    between its lines, so what it used is not what the machine left it."""
    health, action = figures["health during"], figures["action during"]
    shares = figures[SHARE] if busy else (1.0, 1.0)
    health_share, action_share = (min(1.0, share) for share in shares)
    assert health[0] * health_share < HEALTH_P50, (health, health_share)
    assert health[1] < HEALTH_P99, health
    assert action[0] * action_share < ACTION_P50, (action, action_share)
    assert action[1] < ACTION_P99, action


def _finished_hands(api: Api, count: int) -> tuple[str, list[int]]:
    """A table of bots that has played ``count`` hands, then paused."""
    created = api.create(games=[{"game": "FTQ"}], seats=3, hand_pause=0, bot_delay=0)
    for _ in range(3):
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    api.ok(api.host(created, "POST", "/start"))
    table_id = created["table"]["id"]
    deadline = time.monotonic() + 60
    while len(api.get(f"/api/tables/{table_id}/hands")) < count:
        assert time.monotonic() < deadline, "the bots did not finish their hands"
        time.sleep(0.2)
    api.ok(api.host(created, "POST", "/pause"))
    numbers = [hand["number"] for hand in api.get(f"/api/tables/{table_id}/hands")]
    return table_id, numbers


async def _reader(base: str, local: str, paths: list[str], stop: asyncio.Event) -> Counter[int]:
    """Read ``paths`` round and round as fast as the answers come, never minding a refusal;
    how many answers of each status came."""
    answers: Counter[int] = Counter()
    transport = httpx.AsyncHTTPTransport(local_address=local)
    async with httpx.AsyncClient(base_url=base, trust_env=False, transport=transport) as http:
        for path in itertools.cycle(paths):
            if stop.is_set():
                break
            answer = await http.get(path, timeout=30)
            assert answer.status_code in (200, 429), answer.text
            answers[answer.status_code] += 1
    return answers


def read_flood(readers: int, hands: int = 6) -> Callable[[Api], Awaitable[Flood[Counter[int]]]]:
    """``readers`` clients, each from an address of its own, reading the steps and records of
    ``hands`` finished hands round and round as fast as the server answers."""
    return functools.partial(_read_flood, readers, hands)


async def _read_flood(readers: int, hands: int, api: Api) -> Flood[Counter[int]]:
    table_id, numbers = _finished_hands(api, hands)
    paths = [
        f"/api/tables/{table_id}/hands/{number}/{kind}"
        for number in numbers
        for kind in ("steps", "phh")
    ]

    async def flood(stop: asyncio.Event) -> Counter[int]:
        clients = [
            _reader(api.base, f"127.0.7.{10 + n}", paths[n:] + paths[:n], stop)
            for n in range(readers)
        ]
        return sum(await asyncio.gather(*clients), Counter())

    return flood


async def _slow_connection(
    port: int,
    local: str,
    stop: asyncio.Event,
    lived: list[tuple[float, float]],
    open_at_stop: list[float],
) -> None:
    """A client that sends a request's headers a line a second, reconnecting whenever the
    server closes it; notes how long each connection lived, at least and at most: the server's
    connection opens between the client's asking and its coroutine going on (seconds apart on a
    loaded machine, with hundreds connecting at once), and the server's deadline runs from it."""
    while not stop.is_set():
        asked = time.monotonic()
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(local, 0))
        opened = time.monotonic()
        writer.write(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        closed = False
        try:
            while not stop.is_set():
                await writer.drain()
                try:
                    if not await asyncio.wait_for(reader.read(1024), 1.0):
                        closed = True
                        break
                except TimeoutError:
                    writer.write(b"X-Slow: 1\r\n")
        except (ConnectionError, OSError):
            closed = True
        now = time.monotonic()
        if closed:
            lived.append((now - opened, now - asked))
        else:
            open_at_stop.append(now - opened)
        writer.close()


def slowloris(
    count: int,
) -> Callable[[Api], Awaitable[Flood[tuple[list[tuple[float, float]], list[float]]]]]:
    """``count`` connections that send a request's headers a line a second, reconnecting when
    closed, for at least two and a half header deadlines; the flood's account is how long each
    connection the server closed had lived (at least, at most), and the ages of those open at
    the end."""
    return functools.partial(_slowloris, count)


async def _slowloris(count: int, api: Api) -> Flood[tuple[list[tuple[float, float]], list[float]]]:
    port = int(api.base.rsplit(":", 1)[1])

    async def flood(stop: asyncio.Event) -> tuple[list[tuple[float, float]], list[float]]:
        lived: list[tuple[float, float]] = []
        open_at_stop: list[float] = []
        # However soon the measurement ends, the flood lasts past the deadline twice over.
        held = asyncio.Event()
        asyncio.get_running_loop().call_later(2.5 * HEADER_TIMEOUT, held.set)
        done = asyncio.Event()

        async def until_both() -> None:
            await stop.wait()
            await held.wait()
            done.set()

        waiting = asyncio.create_task(until_both())
        await asyncio.gather(
            *(
                _slow_connection(port, f"127.0.8.{10 + n % 20}", done, lived, open_at_stop)
                for n in range(count)
            )
        )
        await waiting
        return lived, open_at_stop

    return flood
