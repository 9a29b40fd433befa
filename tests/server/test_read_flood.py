"""Floods of reads and of slow requests cannot stall the night: eight clients reading finished
hands' steps and records as fast as the server answers, and two hundred connections that send
their headers a line a second (a slowloris), while ``/api/health`` and another table's
action-to-update time are measured before and during (tests/server/flooding.py).

Before the fix, the reads took the other table's action-to-update p50 from 5 ms to 282 ms and
health's p99 to 600 ms (the replays ran on the event loop), and the slow requests stayed open
for as long as they dripped (1,007 of 1,100 still open after 75 s)."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import Server
from tests.server.flooding import Flood, assert_unhurt, measure
from tests.server.wsclient import Api
from wildstud.server.limits import READS_BURST
from wildstud.server.timeouts import HEADER_TIMEOUT

READERS = 8
HANDS = 6
SLOW = 200
"""Slow connections held open at once (the test server's file descriptors allow far more)."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A server of its own per test, with the default limits on reads (tables as fast as the
    test likes)."""
    options = ("--tables-per-minute", "100000", "--tables-burst", "1000")
    running = Server(
        f"sqlite:///{tmp_path / 'wildstud.sqlite3'}", tmp_path / "server.log", options=options
    )
    yield running.start()
    running.stop()


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


async def _read_flood(api: Api) -> Flood[Counter[int]]:
    table_id, numbers = _finished_hands(api, HANDS)
    paths = [
        f"/api/tables/{table_id}/hands/{number}/{kind}"
        for number in numbers
        for kind in ("steps", "phh")
    ]

    async def flood(stop: asyncio.Event) -> Counter[int]:
        readers = [
            _reader(api.base, f"127.0.7.{10 + n}", paths[n:] + paths[:n], stop)
            for n in range(READERS)
        ]
        return sum(await asyncio.gather(*readers), Counter())

    return flood


def test_eight_clients_reading_replays_do_not_slow_another_table(server: Server) -> None:
    figures, answers = asyncio.run(measure(server, "127.0.7", _read_flood))
    print(f"read flood: {answers[200]} steps and records read, {answers[429]} refused (429)")
    # Every client read at least its burst (past its rate it is refused, if it gets that far
    # on a machine this loaded: test_limits.py tests the refusal itself).
    assert answers[200] >= READERS * READS_BURST
    assert_unhurt(figures)


async def _slow_connection(
    port: int, local: str, stop: asyncio.Event, lived: list[float], open_at_stop: list[float]
) -> None:
    """A client that sends a request's headers a line a second, reconnecting whenever the
    server closes it; notes how long each connection lived."""
    while not stop.is_set():
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
        (lived if closed else open_at_stop).append(time.monotonic() - opened)
        writer.close()


async def _slowloris(api: Api) -> Flood[tuple[list[float], list[float]]]:
    port = int(api.base.rsplit(":", 1)[1])

    async def flood(stop: asyncio.Event) -> tuple[list[float], list[float]]:
        lived: list[float] = []
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
                for n in range(SLOW)
            )
        )
        await waiting
        return lived, open_at_stop

    return flood


def test_slow_requests_are_cut_off_and_do_not_slow_another_table(server: Server) -> None:
    figures, (lived, open_at_stop) = asyncio.run(measure(server, "127.0.8", _slowloris))
    print(
        f"slowloris: {len(lived)} connections closed by the server after"
        f" {min(lived):.1f} to {max(lived):.1f} s; {len(open_at_stop)} open at the end"
    )
    assert len(lived) >= SLOW  # each slow connection was closed at least once
    # Closed at the deadline, give or take a loaded machine's second or two, never held.
    assert min(lived) > HEADER_TIMEOUT / 2
    assert max(lived) < HEADER_TIMEOUT + 3.0
    assert max(open_at_stop, default=0.0) < HEADER_TIMEOUT + 3.0
    assert_unhurt(figures)
    # A client that sends its headers at once is served, before and after the flood.
    assert httpx.get(f"{server.base}/api/health", trust_env=False).status_code == 200
