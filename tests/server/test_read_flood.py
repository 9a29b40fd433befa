"""Floods of reads and of slow requests cannot stall the night: eight clients reading finished
hands' steps and records as fast as the server answers, and two hundred connections that send
their headers a line a second (a slowloris), while ``/api/health`` and another table's
action-to-update time are measured before and during (tests/server/flooding.py).

Before the fix, the reads took the other table's action-to-update p50 from 5 ms to 282 ms and
health's p99 to 600 ms (the replays ran on the event loop), and the slow requests stayed open
for as long as they dripped (1,007 of 1,100 still open after 75 s)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import Server
from tests.server.flooding import assert_unhurt, measure, read_flood, slowloris
from wildstud.server.limits import READS_BURST
from wildstud.server.timeouts import HEADER_TIMEOUT

READERS = 8
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


@pytest.mark.slow
def test_eight_clients_reading_replays_do_not_slow_another_table(server: Server) -> None:
    figures, answers = asyncio.run(measure(server, "127.0.7", read_flood(READERS)))
    print(f"read flood: {answers[200]} steps and records read, {answers[429]} refused (429)")
    # Every client read at least its burst (past its rate it is refused, if it gets that far
    # on a machine this loaded: test_limits.py tests the refusal itself).
    assert answers[200] >= READERS * READS_BURST
    assert_unhurt(figures, busy=True)


def test_slow_requests_are_cut_off_and_do_not_slow_another_table(server: Server) -> None:
    figures, (lived, open_at_stop) = asyncio.run(measure(server, "127.0.8", slowloris(SLOW)))
    least = [low for low, _ in lived]
    most = [high for _, high in lived]
    print(
        f"slowloris: {len(lived)} connections closed by the server after"
        f" {min(least):.1f} to {max(most):.1f} s; {len(open_at_stop)} open at the end"
    )
    assert len(lived) >= SLOW  # each slow connection was closed at least once
    # Closed at the deadline, give or take a loaded machine's second or two, never held: none
    # lived less than half of it at most (its opening may come seconds before the client
    # goes on: 2.3 s after it at a load of 15), none longer than it and three seconds at least.
    assert min(most) > HEADER_TIMEOUT / 2, sorted(lived)[:5]
    assert max(least) < HEADER_TIMEOUT + 3.0, sorted(lived)[-5:]
    assert max(open_at_stop, default=0.0) < HEADER_TIMEOUT + 3.0
    assert_unhurt(figures)
    # A client that sends its headers at once is served, before and after the flood.
    assert httpx.get(f"{server.base}/api/health", trust_env=False).status_code == 200
