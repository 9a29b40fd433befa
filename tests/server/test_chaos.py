"""The acceptance run of the cluster (tests/server/chaos.py), made smaller: three processes
behind nginx, 8 tables; one process killed, one stopped past its lease and let go on, one
drained, while the tables play. ``.venv/bin/python -m tests.server.chaos --tables 20 --hands 6``
runs the whole acceptance run (docs/benchmarks.md has its figures)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.server.chaos import Chaos
from tests.server.conftest import Postgres


@pytest.mark.slow
def test_three_processes_survive_a_kill_a_stall_and_a_drain(
    postgres: Postgres, tmp_path: Path
) -> None:
    # About a minute: the failover waits out the lease (4 s) and the stall lasts 2.5 leases,
    # and each phase waits for every table to deal a hand more, on three servers and nginx.
    # Eight tables, two of each game: a new table goes to the process with the fewest, so each
    # process holds two or three when it is killed, stalled or drained. Twenty took about as
    # long, the waits being the same, for twice the CPU, which the suite's other workers share.
    chaos = Chaos(tmp_path, postgres, tables=8, hands=3)
    try:
        figures = asyncio.run(chaos.run())
    finally:
        chaos.stop()
    assert figures["problems"] == []
    assert figures["unfinished"] == 0
    assert figures["balanced"]
    assert figures["fewest_hands"] >= 3
    assert figures["drained_exit"] == 0
    assert figures["takeovers"] >= 1
    assert len(set(figures["placed"])) == 3  # the new tables spread over the three processes
    assert figures["failover_s"] < 15
