"""A cluster behind docs/deploy.md's nginx routes each table's sockets to the process that runs
it (issue 24 item 4): a page that can be routed is sent on once, by a process that does not
run its table, to the owner the close names; through the guide's map it then reaches the owner
with no relay in between; and when the owner dies, the page's next socket, sent where the dead
owner stood, reaches its backup, which names the new owner, and again no process relays."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import Postgres, Server, free_port
from tests.server.helpers import tables_run_by
from tests.tools.proxy import cluster_nginx
from tests.tools.wsclient import Api
from wildstud.server.relay import ROUTED

pytestmark = pytest.mark.slow

OPTIONS = (
    "--tables-per-minute", "1000", "--tables-burst", "100", "--cluster", "--lease-seconds", "2",
)  # fmt: skip


@pytest.fixture
def cluster(postgres: Postgres, tmp_path: Path) -> Iterator[tuple[list[Server], str]]:
    url = postgres.new_database()
    servers = [Server(url, tmp_path / f"{index}.log", options=OPTIONS) for index in range(3)]
    for server in servers:
        server.start()
    port = free_port()
    try:
        with cluster_nginx(tmp_path / "nginx", port, [server.port for server in servers]) as base:
            yield servers, base
    finally:
        for server in servers:
            server.stop()


def _relays(server: Server) -> float:
    """The sockets ``server`` relays to another process now (its ``wildstud_relays``)."""
    metrics = httpx.get(f"{server.base}/metrics", timeout=10, trust_env=False).text
    line = next(line for line in metrics.splitlines() if line.startswith("wildstud_relays "))
    return float(line.split()[1])


async def routed(url: str, owner: str = "") -> tuple[ClientConnection, str, int]:
    """A socket opened as the page opens it: with ``owner`` in its query, following each close
    that names another owner; the open socket (its first frame read), the owner it asked for
    last, and how many times it was sent on."""
    for sent in range(4):
        ws = await connect(f"{url}?owner={owner}", proxy=None, open_timeout=10)
        try:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
        except ConnectionClosed:
            assert ws.close_code == ROUTED, (ws.close_code, ws.close_reason)
            owner = ws.close_reason or ""
            continue
        assert frame["type"] == "welcome", frame
        return ws, owner, sent
    raise AssertionError(f"sent on four times in a row, last to {owner}")


async def drained(ws: ClientConnection) -> None:
    """Read frames until the socket closes (raises :class:`ConnectionClosed` then)."""
    while True:
        await ws.recv()


def test_each_table_s_sockets_reach_its_owner_through_the_proxy_with_no_relay(
    cluster: tuple[list[Server], str],
) -> None:
    servers, base = cluster
    api = Api(base)
    created = [api.create(name=f"t{index}", games=[{"game": "FTQ"}]) for index in range(3)]
    deadline = time.monotonic() + 30
    while [tables_run_by(server) for server in servers] != [1, 1, 1]:
        assert time.monotonic() < deadline, [tables_run_by(server) for server in servers]
        time.sleep(0.1)
    ports = {server.port: server for server in servers}
    socket_base = base.replace("http", "ws", 1)

    async def owner_of(token: str) -> Server:
        """The process that runs a table, as a process that does not run it names it."""
        for server in servers:
            ws, owner, sent = await routed(f"{server.ws}/ws/watch/{token}", "")
            await ws.close()
            if sent:
                return ports[int(owner.rsplit(":", 1)[1])]
        raise AssertionError("no process sent the socket on: one runs every table?")

    async def run() -> tuple[list[int], list[float], float]:
        tokens = [table["links"]["watch"].rsplit("/", 1)[1] for table in created]
        urls = [f"{socket_base}/ws/watch/{token}" for token in tokens]
        opened = [await routed(url) for url in urls]
        owners = [await owner_of(token) for token in tokens]
        for (_, owner, sent), server in zip(opened, owners, strict=True):
            assert not sent or owner == f"127.0.0.1:{server.port}"
        relayed = [_relays(server) for server in servers]
        # The owner of the first table dies: the page's socket closes, and it comes back.
        ws, owner, _ = opened[0]
        dead = owners[0]
        dead.stop()
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(drained(ws), 30)
        started = time.monotonic()
        while True:
            try:
                again, _, _ = await routed(urls[0], owner)
                break
            except (OSError, AssertionError, ConnectionClosed, TimeoutError):
                assert time.monotonic() - started < 30, "the table never came back"
                await asyncio.sleep(0.5)
        back = time.monotonic() - started
        after = [_relays(server) for server in servers if server is not dead]
        for socket in (again, *(ws for ws, _, _ in opened[1:])):
            await socket.close()
        return [sent for _, _, sent in opened], relayed + after, back

    sent, relayed, back = asyncio.run(run())
    print(f"sent on {sent}, relays {relayed}, back after {back:.1f} s")
    assert relayed == [0.0] * 5
