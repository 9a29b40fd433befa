"""Two ``wildstud serve --cluster`` processes on one PostgreSQL database, each reached
directly: new tables spread over both, each process serves every table (relaying what the
other runs, REST and WebSocket alike, frames and sequence numbers unchanged), a process
stopped with SIGTERM frees its leases at once, so the other takes its tables without waiting
for the lease time, and a process that joins is handed its share of the tables. The chaos of
the acceptance (kills, stalls, drains behind nginx) is tests/server/test_chaos.py."""

from __future__ import annotations

import asyncio
import random
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import MANY_TABLES, WILDSTUD, Postgres, Server
from tests.server.wsclient import Api, Client, play

CLUSTER = (*MANY_TABLES, "--cluster")


@pytest.fixture
def pair(postgres: Postgres, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    url = postgres.new_database()
    first = Server(url, tmp_path / "a.log", options=CLUSTER).start()
    second = Server(url, tmp_path / "b.log", options=CLUSTER).start()
    yield first, second
    first.stop()
    second.stop()


def _tables(server: Server) -> int:
    """How many tables ``server`` itself runs."""
    ready = httpx.get(f"{server.base}/api/ready", timeout=10, trust_env=False)
    tables: int = ready.json()["tables"]
    return tables


def test_tables_spread_and_either_process_serves_either_table(
    pair: tuple[Server, Server],
) -> None:
    # About 10 s: two hands at each of two tables, every frame relayed by the other process.
    first, second = pair
    api = Api(first.base)
    ftq = [{"game": "FTQ"}]
    created = [
        api.create(name=f"t{index}", games=ftq, seats=3, hand_pause=0, bot_delay=0)
        for index in (0, 1)
    ]
    # One each: the second went to the process that held none, which hears of it at once
    # (NOTIFY) and loads it.
    deadline = time.monotonic() + 2.0
    while [_tables(server) for server in pair] != [1, 1]:
        assert time.monotonic() < deadline, [_tables(server) for server in pair]
        time.sleep(0.05)
    other = Api(second.base)
    for table in created:
        table_id = table["table"]["id"]
        # Both processes answer for both tables, the one that does not run it by relaying.
        assert api.get(f"/api/tables/{table_id}") == other.get(f"/api/tables/{table_id}")

    async def through_the_other() -> list[list[int]]:
        clients = []
        for table in created:
            seat = other.join(table, "p0")
            clients.append(await Client(seat["socket"], "p0").open())
            other.ok(other.host(table, "POST", "/bots", kind="calling-bot"))
            other.ok(other.host(table, "POST", "/start"))
        rng = random.Random(3)
        await asyncio.gather(*(play(c, rng, lambda c: len(c.finished) >= 2) for c in clients))
        for client in clients:
            await client.close()
        return [sorted(client.finished)[:2] for client in clients]

    assert asyncio.run(through_the_other()) == [[1, 2], [1, 2]]
    for table in created:
        assert other.ledger(table["table"]["id"])["balanced"]
    metrics = httpx.get(f"{first.base}/metrics", trust_env=False).text
    assert "wildstud_fenced_writes_total 0.0" in metrics


def test_sigterm_frees_the_leases_for_the_other_process_at_once(
    pair: tuple[Server, Server],
) -> None:
    first, second = pair
    api = Api(first.base)
    created = [api.create(name=f"t{index}", games=[{"game": "BD5"}]) for index in (0, 1)]
    second.stop()
    stopped = time.monotonic()
    # Well within the lease time (4 s): the stopped process freed its leases as it left.
    while _tables(first) < 2:
        assert time.monotonic() - stopped < 3.0
        time.sleep(0.1)
    for table in created:
        assert api.get(f"/api/tables/{table['table']['id']}")["status"] == "waiting"


def test_a_cluster_needs_postgresql_and_a_drain_a_process(postgres: Postgres) -> None:
    sqlite = subprocess.run(
        [WILDSTUD, "serve", "--cluster", "--database-url", "sqlite:////tmp/x.sqlite3"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert sqlite.returncode == 2
    assert "--cluster and --drain need --database-url postgresql://" in sqlite.stderr
    drain = subprocess.run(
        [WILDSTUD, "serve", "--drain", "--database-url", postgres.new_database(), "--port", "9"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert drain.returncode == 2
    assert "no process of the cluster has the address http://127.0.0.1:9" in drain.stderr


def test_a_process_that_joins_gets_a_share_of_the_tables(
    postgres: Postgres, tmp_path: Path
) -> None:
    # About 10 s, most of it two processes starting and stopping; the rebalancing itself
    # takes a heartbeat or two.
    url = postgres.new_database()
    first = Server(url, tmp_path / "a.log", options=CLUSTER).start()
    try:
        api = Api(first.base)
        created = [api.create(name=f"t{index}", games=[{"game": "BD5"}]) for index in range(4)]
        assert _tables(first) == 4
        second = Server(url, tmp_path / "b.log", options=CLUSTER).start()
        try:
            joined = time.monotonic()
            # Handed on between hands (at once here: nothing is dealt), within a heartbeat or two.
            while [_tables(server) for server in (first, second)] != [2, 2]:
                assert time.monotonic() - joined < 5.0, [_tables(s) for s in (first, second)]
                time.sleep(0.1)
            other = Api(second.base)
            for table in created:
                assert other.get(f"/api/tables/{table['table']['id']}")["status"] == "waiting"
        finally:
            second.stop()
    finally:
        first.stop()
