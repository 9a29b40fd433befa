"""Two ``wildstud serve --cluster`` processes on one PostgreSQL database, each reached
directly: new tables spread over both, each process serves every table (relaying what the
other runs, REST and WebSocket alike, frames and sequence numbers unchanged), a process
stopped with SIGTERM frees its leases at once, so the other takes its tables without waiting
for the lease time, and a process that joins is handed its share of the tables. The chaos of
the acceptance (kills, stalls, drains behind nginx) is tests/server/test_chaos.py."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import MANY_TABLES, WILDSTUD, Postgres, Server
from tests.server.helpers import tables_run_by
from tests.tools.wsclient import Api, Client, Frame, play
from wildstud.server.cluster import Cluster
from wildstud.server.limits import TABLES_BURST
from wildstud.server.relay import LOOKUPS_BURST, LOOKUPS_PER_SECOND, ROUTED

CLUSTER = (*MANY_TABLES, "--cluster")


@pytest.fixture
def pair(postgres: Postgres, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    url = postgres.new_database()
    first = Server(url, tmp_path / "a.log", options=CLUSTER).start()
    second = Server(url, tmp_path / "b.log", options=CLUSTER).start()
    yield first, second
    first.stop()
    second.stop()


@pytest.mark.slow
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
    # (NOTIFY) and loads it. The bound is generous (the heartbeat, every second, would load it
    # too, so no bound here tells the two apart): a loaded machine may be slow to load it.
    deadline = time.monotonic() + 30
    while [tables_run_by(server) for server in pair] != [1, 1]:
        assert time.monotonic() < deadline, [tables_run_by(server) for server in pair]
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
    while tables_run_by(first) < 2:
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
        assert tables_run_by(first) == 4
        second = Server(url, tmp_path / "b.log", options=CLUSTER).start()
        try:
            joined = time.monotonic()
            # Handed on between hands (at once here: nothing is dealt), within a heartbeat or two.
            while [tables_run_by(server) for server in (first, second)] != [2, 2]:
                assert time.monotonic() - joined < 5.0, [tables_run_by(s) for s in (first, second)]
                time.sleep(0.1)
            other = Api(second.base)
            for table in created:
                assert other.get(f"/api/tables/{table['table']['id']}")["status"] == "waiting"
        finally:
            second.stop()
    finally:
        first.stop()


def _owner_and_relay(pair: tuple[Server, Server]) -> tuple[Frame, Server, Server]:
    """A new table, the process that runs it, and the one that relays to it."""
    first, _ = pair
    created = Api(first.base).create(games=[{"game": "FTQ"}], seats=2)
    deadline = time.monotonic() + 30  # generous: a loaded machine may be slow to load it
    while sum(tables_run_by(server) for server in pair) < 1:
        assert time.monotonic() < deadline, "nobody took the table"
        time.sleep(0.05)
    owner, relay = pair if tables_run_by(pair[0]) else pair[::-1]
    return created, owner, relay


def _peak_memory_kib(server: Server) -> int:
    """The server process's peak resident memory so far (VmHWM), in KiB."""
    assert server.process is not None
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    return int(next(line for line in status.splitlines() if line.startswith("VmHWM")).split()[1])


def _stream(port: int, path: str, total: int) -> tuple[bytes, int, float]:
    """POST ``total`` bytes to ``path`` as a chunked body, as fast as the server reads, until
    it answers; the answer's first bytes, the bytes sent and the seconds until the answer."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n".encode()
    )
    chunk = b"x" * 65536
    frame = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
    sent = [0]

    def send() -> None:
        with contextlib.suppress(OSError):
            while sent[0] < total:
                sock.sendall(frame)
                sent[0] += len(chunk)

    started = time.monotonic()
    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    answer = sock.recv(4096)
    elapsed = time.monotonic() - started
    # The server may have closed its end already (it answered and would not read on): then
    # there is nothing to shut down (ENOTCONN).
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()
    sender.join(10)
    return answer, sent[0], elapsed


def test_a_relayed_body_is_refused_as_early_as_a_direct_one(pair: tuple[Server, Server]) -> None:
    created, owner, relay = _owner_and_relay(pair)
    join = created["links"]["join"].rsplit("/", 1)[1]
    peaks = [_peak_memory_kib(server) for server in (owner, relay)]
    answer, sent, elapsed = _stream(relay.port, f"/api/join/{join}", 100 * 1024 * 1024)
    grown = [
        _peak_memory_kib(server) - peak for server, peak in zip((owner, relay), peaks, strict=True)
    ]
    print(f"relayed 100 MB body: {sent} bytes sent, answered in {elapsed:.2f} s, peaks {grown} KiB")
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert sent < 16 * 1024 * 1024  # refused early: not read to the end
    assert elapsed < 10.0
    assert max(grown) < 16 * 1024  # KiB: nothing like the body was buffered (it cost 194 MB)
    # The table is untouched and the relay goes on serving it.
    info = Api(relay.base).get(f"/api/tables/{created['table']['id']}")
    assert info["seats"] == []


def test_a_routable_socket_is_sent_to_the_owner_and_one_that_named_it_is_relayed(
    pair: tuple[Server, Server],
) -> None:
    # A page says it can be routed with `owner` in its socket's query (empty at first): the
    # process that does not run its table closes it at once with ROUTED and the owner's key,
    # which is what a proxy routes on (docs/deploy.md). A socket that named the owner and still
    # landed there is relayed (no proxy that routes, or the owner's backup): it never loops. A
    # socket that says nothing of owners (an older page, a script) is relayed as before.
    created, owner, relay = _owner_and_relay(pair)
    watch = created["links"]["watch"].rsplit("/", 1)[1]
    key = f"127.0.0.1:{owner.port}"

    async def first_frame(server: Server, query: str) -> tuple[int | None, str, Frame | None]:
        url = f"ws://127.0.0.1:{server.port}/ws/watch/{watch}{query}"
        for _ in range(10):
            async with connect(url, proxy=None, open_timeout=10) as ws:
                try:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
                except ConnectionClosed:
                    return ws.close_code, ws.close_reason or "", None
            # "moving": the relay could not read the owner's lease in time (a loaded machine);
            # a page tries again in a moment, and so does this.
            if frame.get("code") != "moving":
                return None, "", frame
            await asyncio.sleep(0.5)
        return None, "", frame

    async def run() -> list[tuple[int | None, str, Frame | None]]:
        return [
            await first_frame(relay, "?owner="),
            await first_frame(relay, "?owner=10.9.9.9:1"),
            await first_frame(relay, f"?owner={key}"),
            await first_frame(relay, ""),
            await first_frame(owner, "?owner="),
        ]

    answers = asyncio.run(run())
    assert [answer[:2] for answer in answers[:2]] == [(ROUTED, key), (ROUTED, key)]
    served = [(code, frame and frame["type"]) for code, _, frame in answers[2:]]
    assert served == [(None, "welcome")] * 3, answers


def _lookups(server: Server) -> float:
    metrics = httpx.get(f"{server.base}/metrics", trust_env=False).text
    line = next(line for line in metrics.splitlines() if line.startswith("wildstud_relay_lookups"))
    return float(line.split()[1])


def test_an_unknown_table_costs_one_lookup_and_unknown_floods_are_limited(
    pair: tuple[Server, Server],
) -> None:
    _, _, relay = _owner_and_relay(pair)
    api = Api(relay.base, "127.0.9.1")
    before = _lookups(relay)
    for _ in range(100):
        assert api.http.get("/api/tables/no-such-table").status_code == 404
    assert _lookups(relay) - before == 1  # the first asked the database; the others did not
    # New unknown ids, as fast as one address can send them: past a burst, refused unread.
    before = _lookups(relay)
    started = time.monotonic()
    answers = [api.http.get(f"/api/tables/guess-{n}").status_code for n in range(LOOKUPS_BURST * 2)]
    elapsed = time.monotonic() - started
    assert set(answers) == {404, 429}
    looked_up = _lookups(relay) - before
    assert looked_up <= LOOKUPS_BURST + LOOKUPS_PER_SECOND * elapsed + 1
    # Another address is not held back.
    assert Api(relay.base, "127.0.9.2").http.get("/api/tables/guess-0").status_code == 404


def test_new_tables_are_limited_per_address_across_the_cluster(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    pair = [Server(url, tmp_path / f"{name}.log", options=("--cluster",)).start() for name in "ab"]
    try:
        apis = [Api(server.base, "127.0.9.5") for server in pair]
        ftq = {"name": "t", "games": [{"game": "FTQ"}], "seat_requests": False}
        # One address, both processes in turn: the burst is the cluster's, not each one's.
        answers = [
            apis[n % 2].http.post("/api/tables", json=ftq).status_code
            for n in range(TABLES_BURST + 2)
        ]
        assert answers[:TABLES_BURST] == [201] * TABLES_BURST, answers
        assert answers[TABLES_BURST:] == [429, 429], answers
        refused = apis[1].http.post("/api/tables", json=ftq)
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) >= 1
        # Another address is not held back.
        assert Api(pair[0].base, "127.0.9.6").http.post("/api/tables", json=ftq).status_code == 201
    finally:
        for server in pair:
            server.stop()


def test_connections_are_limited_per_address_across_the_cluster(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    options = (*CLUSTER, "--connections-per-address", "4")
    pair = [Server(url, tmp_path / f"{name}.log", options=options).start() for name in "ab"]
    try:
        api = Api(pair[0].base)
        created = [api.create(name=f"t{n}", games=[{"game": "FTQ"}]) for n in (0, 1)]
        deadline = time.monotonic() + 30  # generous: a loaded machine may be slow to load them
        while [tables_run_by(server) for server in pair] != [1, 1]:
            assert time.monotonic() < deadline, "the tables did not spread"
            time.sleep(0.05)
        urls = [table["links"]["watch_socket"] for table in created]

        async def hoard() -> None:
            # Two sockets at each process's table from one address: four in all, the cap.
            mine = []
            for url in urls * 2:
                client = await Client(url, "hoard", "127.0.9.7").open()
                await client.frame("table")
                mine.append(client)
            for url in urls:
                extra = await Client(url, "one more", "127.0.9.7").open()
                error = await extra.frame("error")
                assert error["code"] == "too-many-connections"
                assert "4 connections" in str(error["message"])
            # A closed socket makes room, whichever process it was at.
            await mine.pop().close()
            await asyncio.sleep(0.3)
            again = await Client(urls[1], "again", "127.0.9.7").open()
            await again.frame("table")
            for client in [*mine, again]:
                await client.close()

        asyncio.run(hoard())
    finally:
        for server in pair:
            server.stop()


def test_the_heartbeat_keeps_its_schedule_when_a_tick_takes_long() -> None:
    """A tick that takes half a heartbeat does not push the next one back by its length: the
    heartbeat is renewed every ``heartbeat`` seconds, or at once after a tick longer than that,
    and no burst follows to catch up, so a live process's heartbeat does not grow older than
    its lease on a slow machine. No database: the tick is a stand-in that takes 0.3 s of a 0.6 s
    heartbeat, then twice 1 s, then 0.3 s again."""
    lengths = [0.3, 0.3, 0.3, 1.0, 1.0, 0.3, 0.3, 0.3]

    async def run() -> list[float]:
        cluster = Cluster(None, None, "http://127.0.0.1:1", lease=1.8)  # type: ignore[arg-type]
        loop = asyncio.get_running_loop()
        started: list[float] = []
        done = asyncio.Event()

        async def slow_tick() -> None:
            started.append(loop.time())
            if len(started) > len(lengths):
                done.set()
                return
            await asyncio.sleep(lengths[len(started) - 1])

        cluster.tick = slow_tick  # type: ignore[method-assign]
        beating = asyncio.create_task(cluster._beat())
        await asyncio.wait_for(done.wait(), 30)
        beating.cancel()
        return started

    started = asyncio.run(run())
    gaps = [later - earlier for earlier, later in itertools.pairwise(started)]
    # 0.6 s apart while a tick takes 0.3 s (a pause after each tick made it 0.9 s); a 1 s tick
    # is followed by the next as it ends; and then 0.6 s apart again, not sooner.
    assert all(0.5 < gap < 0.8 for gap in gaps[:3]), gaps
    assert all(0.95 < gap < 1.3 for gap in gaps[3:5]), gaps
    assert all(0.5 < gap < 0.8 for gap in gaps[5:]), gaps
