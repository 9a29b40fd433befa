"""The cluster under chaos: PostgreSQL, three ``wildstud serve --cluster`` processes and nginx
round-robin in front of them (the block of docs/deploy.md), tables of bots and socket players.

While the tables play, one process is killed (SIGKILL), another is stopped (SIGSTOP) past its
lease and then let go on (SIGCONT), and the third is drained (``wildstud serve --drain``). The
players and spectators reconnect through nginx whenever their socket drops or falls silent.
At the end the host of every table ends the night and the run checks that:

- every table dealt its hands and none is left in progress;
- no client missed a frame: every update follows on from the events it already had, every
  reconnection's hand frame starts with the events the client had seen (so no hand forked under
  it), and every welcome's ``last_seq`` lies between the last request the client saw accepted
  and the last it sent (a refused request, answered with an error, changed nothing and is not
  counted: the clock may act before a request that arrives late);
- no hand was run by two processes: in the database, the epochs of every hand's actions never
  go down (a stale owner's write would have come after a newer owner's), and the refusals of
  the fence are counted from each process's ``/metrics``;
- every table's ledger balances.

Run the full acceptance run (20 tables) from the repository root::

    .venv/bin/python -m tests.server.chaos --tables 20

The suite runs a smaller one (tests/server/test_chaos.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect

from tests.server.conftest import WILDSTUD, Postgres, Server, free_port
from tests.tools.proxy import cluster_nginx

Frame = dict[str, Any]
LEASE = 4.0
"""The processes' lease time in the run (seconds)."""
GAMES = ("FTQ", "SMBU", "BD7", "BITCH")


@dataclass
class Watcher:
    """One reconnecting socket (a player's or a spectator's) and what it checks."""

    url: str
    name: str
    play: bool
    rng: random.Random
    hand: Frame | None = None
    seq: int = 0
    """The last request number sent."""
    acked: int = 0
    """The last request number the server accepted (answered with an ack)."""
    connections: int = 0
    problems: list[str] = field(default_factory=list)
    hands_seen: set[int] = field(default_factory=set)
    stop: bool = False

    async def run(self) -> None:
        """Connect, read, play; reconnect whenever the socket drops or falls silent."""
        while not self.stop:
            try:
                async with connect(
                    self.url,
                    proxy=None,
                    compression=None,
                    max_size=2**22,
                    open_timeout=3,
                    ping_interval=1.0,  # a stalled process is noticed in a few seconds
                    ping_timeout=3.0,
                ) as ws:
                    self.connections += 1
                    await self._read(ws)
            except Exception:
                pass
            if not self.stop:
                await asyncio.sleep(0.2 + self.rng.random() * 0.3)

    async def _read(self, ws: Any) -> None:
        acted: set[tuple[int, int]] = set()
        async for message in ws:
            frame = json.loads(message)
            kind = frame["type"]
            if kind == "welcome":
                last = frame["last_seq"]
                if self.play and not self.acked <= last <= self.seq:
                    self.problems.append(
                        f"{self.name}: welcome last_seq {last}, accepted {self.acked},"
                        f" sent {self.seq}"
                    )
                self.seq = self.acked = max(self.seq, last)
            elif kind in ("ack", "error") and frame.get("seq") is not None:
                if kind == "ack":
                    self.acked = max(self.acked, frame["seq"])
                self.seq = max(self.seq, frame.get("last_seq") or 0)
            elif kind == "hand":
                old = self.hand
                if old is not None and old["number"] == frame["number"]:
                    seen = old["view"]["events"]
                    if frame["view"]["events"][: len(seen)] != seen:
                        self.problems.append(f"{self.name}: hand {frame['number']} forked")
                self.hand = {**frame, "view": dict(frame["view"])}
            elif kind == "update":
                hand = self.hand
                if hand is None or hand["number"] != frame["number"]:
                    self.problems.append(f"{self.name}: an update of a hand never shown")
                    continue
                events = hand["view"]["events"]
                if len(events) != frame["from"]:
                    self.problems.append(
                        f"{self.name}: hand {frame['number']}: update from {frame['from']}"
                        f" after {len(events)} events"
                    )
                hand["view"] = {
                    **frame["view"],
                    "events": events[: frame["from"]] + frame["events"],
                }
            else:
                continue
            hand = self.hand
            if hand is None:
                continue
            view = hand["view"]
            if view["phase"] == "over":
                self.hands_seen.add(hand["number"])
            if self.play and view["phase"] == "player" and view["to_act"] == hand["you"]:
                key = (hand["number"], len(view["events"]))
                if key not in acted:
                    acted.add(key)
                    self.seq += 1
                    await ws.send(json.dumps({**_choose(view, self.rng), "seq": self.seq}))


def _choose(view: Frame, rng: random.Random) -> Frame:
    options = {option["action"]: option for option in view["legal_actions"]}
    for kind in ("bet", "raise", "complete"):
        if kind in options and rng.random() < 0.2:
            return {"type": "act", "action": kind, "amount": options[kind]["min"]}
    for kind in ("check", "call", "bring-in"):
        if kind in options:
            return {"type": "act", "action": kind}
    kind = next(iter(options))
    amount = None if kind in ("fold", "check") else options[kind]["min"]
    return {"type": "act", "action": kind, "amount": amount}


class Chaos:
    """One run: the processes, the proxy, the tables and their watchers."""

    def __init__(self, folder: Path, postgres: Postgres, tables: int, hands: int) -> None:
        self.folder = folder
        self.url = postgres.new_database()
        self.tables = tables
        self.hands = hands
        options = (
            "--tables-per-minute", "100000", "--tables-burst", "1000",
            "--connections-per-address", "10000", "--cluster", "--lease-seconds", str(LEASE),
        )  # fmt: skip
        self.servers = [
            Server(self.url, folder / f"server{index}.log", options=options) for index in range(3)
        ]
        self.proxy_port = free_port()
        self.created: list[Frame] = []
        self.watchers: list[Watcher] = []
        self.figures: dict[str, Any] = {}

    @property
    def base(self) -> str:
        """The tables' public address, through nginx."""
        return f"http://127.0.0.1:{self.proxy_port}/poker"

    def server_args(self, server: Server) -> list[str]:
        """The options a server was started with (for ``--drain``)."""
        return ["--database-url", self.url, "--port", str(server.port)]

    async def run(self) -> dict[str, Any]:
        """The whole run; returns its figures (``problems`` lists what went wrong)."""
        for server in self.servers:
            server.start()
        upstreams = [server.port for server in self.servers]
        with cluster_nginx(self.folder / "nginx", self.proxy_port, upstreams) as public:
            assert public == self.base
            return await self._play()

    async def _play(self) -> dict[str, Any]:
        # A request that nginx passes to the stopped process waits: short, and tried again.
        http = httpx.AsyncClient(base_url=self.base, timeout=5, trust_env=False)
        rng = random.Random(15)
        for index in range(self.tables):
            settings = {
                "name": f"chaos {index}",
                "games": [{"game": GAMES[index % len(GAMES)]}],
                "seats": 4,
                "hand_pause": 0.3,
                "showdown_pause": 0.3,
                # The watchers never answer the show-or-muck frame: its clock's default (5 s)
                # would hold most showdowns, and the run, for nothing.
                "muck_clock": 0.3,
                "bot_delay": 0.05,
                "action_clock": 60,
                "seat_requests": False,
            }
            created = await _ok(http, "POST", "/api/tables", json=settings)
            join = created["links"]["join"].rsplit("/", 1)[1]
            for player in range(2):
                seat = await _ok(http, "POST", f"/api/join/{join}", json={"name": f"p{player}"})
                path = seat["socket"].split("/ws/", 1)[1]
                url = f"ws://127.0.0.1:{self.proxy_port}/poker/ws/{path}"
                player_rng = random.Random(rng.random())
                self.watchers.append(Watcher(url, f"t{index}p{player}", True, player_rng))
            for _ in range(2):
                await _ok(http, "POST", f"/api/host/{created['host_token']}/bots", json={})
            watch = created["links"]["watch_socket"].split("/ws/", 1)[1]
            self.watchers.append(
                Watcher(f"ws://127.0.0.1:{self.proxy_port}/poker/ws/{watch}", f"t{index}w", False,
                        random.Random(rng.random()))
            )  # fmt: skip
            self.created.append(created)
        placed = self._owners()
        self.figures["placed"] = sorted(placed.values())
        tasks = [asyncio.create_task(watcher.run()) for watcher in self.watchers]
        for created in self.created:
            await _ok(http, "POST", f"/api/host/{created['host_token']}/start")
        started = time.monotonic()
        killed, stalled, drained = self.servers
        await self._hands_each(http, 1)
        # SIGKILL: no chance to finish anything. Time until the next action served.
        before = await self._dealt(http)
        assert killed.process is not None
        killed.process.send_signal(signal.SIGKILL)
        killed.process.wait(10)
        kill_at = time.monotonic()
        self.figures["failover_s"] = await self._next_action(http, kill_at)
        await self._hands_each(http, 1, before)
        # SIGSTOP past the lease, then SIGCONT: its writes are refused, its tables dropped.
        before = await self._dealt(http)
        assert stalled.process is not None
        os.kill(stalled.process.pid, signal.SIGSTOP)
        await asyncio.sleep(LEASE * 2.5)
        os.kill(stalled.process.pid, signal.SIGCONT)
        await self._hands_each(http, 1, before)
        # Drain the third: its tables move to the one left, between hands.
        before = await self._dealt(http)
        fenced_drained = _metric(drained, "wildstud_fenced_writes_total")
        taken_drained = _metric(drained, "wildstud_lease_takeovers_total")
        drain = await asyncio.create_subprocess_exec(
            WILDSTUD, "serve", "--drain", *self.server_args(drained),
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )  # fmt: skip
        out, _ = await asyncio.wait_for(drain.communicate(), 120)
        self.figures["drain"] = out.decode().strip()
        assert drained.process is not None
        self.figures["drained_exit"] = drained.process.wait(30)
        await self._hands_each(http, max(1, self.hands - 3), before)
        for created in self.created:
            await _ok(http, "POST", f"/api/host/{created['host_token']}/end")
        await self._until(http, lambda info: info["hand_in_progress"] is None, 90)
        await asyncio.sleep(1.0)  # the last frames reach the watchers
        for watcher in self.watchers:
            watcher.stop = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        infos = [await self._info(http, created) for created in self.created]
        ledgers = [
            await _ok(http, "GET", f"/api/tables/{created['table']['id']}/ledger")
            for created in self.created
        ]
        fenced = _metric(stalled, "wildstud_fenced_writes_total") + fenced_drained
        taken = _metric(stalled, "wildstud_lease_takeovers_total") + taken_drained
        await http.aclose()
        problems = [problem for watcher in self.watchers for problem in watcher.problems]
        problems += self._forks()
        self.figures.update(
            tables=self.tables,
            seconds=round(time.monotonic() - started, 1),
            hands=sum(info["hands_dealt"] for info in infos),
            fewest_hands=min(info["hands_dealt"] for info in infos),
            unfinished=sum(info["hand_in_progress"] is not None for info in infos),
            balanced=all(ledger["balanced"] for ledger in ledgers),
            reconnections=sum(max(0, watcher.connections - 1) for watcher in self.watchers),
            fenced_refusals=fenced,
            takeovers=taken,
            problems=problems,
        )
        return self.figures

    # -- looking on --------------------------------------------------------------------------

    def _owners(self) -> dict[str, str]:
        engine = create_engine(self.url)
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT table_id, owner FROM leases"))
            found = {row[0]: row[1] for row in rows}
        engine.dispose()
        return found

    def _forks(self) -> list[str]:
        """Hands whose actions' epochs go down: two processes would have run them."""
        engine = create_engine(self.url)
        with engine.connect() as connection:
            rows = connection.execute(
                text(
                    "SELECT table_id, hand_number, epoch FROM actions"
                    " ORDER BY table_id, hand_number, index"
                )
            ).all()
        engine.dispose()
        last: dict[tuple[str, int], int] = {}
        forks = []
        for table_id, number, epoch in rows:
            if epoch is None or epoch < last.get((table_id, number), 0):
                forks.append(f"table {table_id} hand {number}: epoch {epoch} after a newer one")
            last[(table_id, number)] = epoch or 0
        return forks

    async def _info(self, http: httpx.AsyncClient, created: Frame) -> Frame:
        why = ""
        for _ in range(100):  # a table moving between processes answers 503 for a moment
            try:
                answer = await http.get(f"/api/tables/{created['table']['id']}")
            except httpx.HTTPError as error:  # nginx chose the stopped process
                why = type(error).__name__
                continue
            if answer.status_code == 200:
                info: Frame = answer.json()
                return info
            why = f"{answer.status_code} {answer.text}"
            await asyncio.sleep(0.2)
        raise RuntimeError(f"table {created['table']['id']}: {why}")

    async def _dealt(self, http: httpx.AsyncClient) -> list[int]:
        return [(await self._info(http, created))["hands_dealt"] for created in self.created]

    async def _hands_each(
        self, http: httpx.AsyncClient, more: int, before: list[int] | None = None
    ) -> None:
        """Wait until every table has dealt ``more`` hands more than ``before``."""
        base = before or [0] * len(self.created)
        deadline = time.monotonic() + 180
        while True:
            dealt = await self._dealt(http)
            if all(now >= then + more for now, then in zip(dealt, base, strict=True)):
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"tables stuck: dealt {dealt}, before {base}")
            await asyncio.sleep(0.5)

    async def _next_action(self, http: httpx.AsyncClient, since: float) -> float:
        """Seconds from ``since`` until a table of the killed process served an action."""
        killed = self.servers[0]
        engine = create_engine(self.url)
        try:
            while time.monotonic() - since < 120:
                with engine.connect() as connection:
                    moved = connection.execute(
                        text(
                            "SELECT count(*) FROM actions a JOIN leases l USING (table_id)"
                            " WHERE a.epoch = l.epoch AND a.epoch > 1"
                            " AND a.at > now() - make_interval(secs => :age)"
                        ),
                        {"age": time.monotonic() - since},
                    ).scalar_one()
                if moved:
                    return round(time.monotonic() - since, 2)
                await asyncio.sleep(0.05)
        finally:
            engine.dispose()
        raise RuntimeError(f"no action served after killing port {killed.port}")

    async def _until(self, http: httpx.AsyncClient, done: Any, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not all([done(await self._info(http, created)) for created in self.created]):
            if time.monotonic() > deadline:
                raise RuntimeError("the tables did not finish their hands")
            await asyncio.sleep(0.5)

    def stop(self) -> None:
        """Stop every process still running."""
        for server in self.servers:
            if server.process is not None and server.process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(server.process.pid, signal.SIGCONT)
                server.stop()


def _metric(server: Server, name: str) -> float:
    if server.process is None or server.process.poll() is not None:
        return 0.0
    page = httpx.get(f"{server.base}/metrics", timeout=10, trust_env=False).text
    found = re.search(rf"^{name} ([0-9.e+]+)$", page, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


async def _ok(http: httpx.AsyncClient, method: str, url: str, **options: Any) -> Frame:
    """The answer to a request, made again as the server says when it answers 429 (a process
    that does not run a table looks its links up with a limit per address, and every client of
    this run comes from one address) or 503, which says to try again and changed nothing
    (wildstud.server.errors): a table moving between processes answers it for a moment, and on
    a loaded machine a live process's heartbeat falls past the lease (4.2 s seen at a load near
    19), so its tables move; the new owner serves the request within a failover, which the run
    bounds at 15 s (``failover_s``)."""
    deadline = time.monotonic() + 15
    for _ in range(100):
        response = await http.request(method, url, **options)
        if response.status_code == 503 and time.monotonic() < deadline:
            await asyncio.sleep(0.5)
        elif response.status_code == 429:
            await asyncio.sleep(float(response.headers.get("retry-after", "1")))
        else:
            break
    assert response.status_code < 300, (response.status_code, response.text)
    data: Frame = response.json()
    return data


def main() -> None:
    """Run the chaos run on a private PostgreSQL and print its figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--hands", type=int, default=6, help="hands each table deals at least")
    args = parser.parse_args()
    postgres = Postgres().start()
    folder = Path(tempfile.mkdtemp(prefix="wildstud-chaos-"))
    chaos = Chaos(folder, postgres, args.tables, args.hands)
    try:
        figures = asyncio.run(chaos.run())
    finally:
        chaos.stop()
        postgres.stop()
    if not figures["problems"]:
        shutil.rmtree(folder, ignore_errors=True)  # the servers' logs are kept for a failure
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
