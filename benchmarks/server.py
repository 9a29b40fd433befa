"""The table server under load: many tables, bots and WebSocket clients on the loopback address.

The benchmark starts ``wildstud serve`` in a subprocess on a fresh database, creates ``--tables``
tables of ``--seats`` seats each, seats ``--players`` WebSocket players and fills the rest with
bots, adds ``--spectators`` spectators per table, and starts every table. The players act on
their turns after a random thinking time, choosing among the legal actions; the bots act after
the table's bot delay. For ``--seconds`` (after a warm-up) it measures, for every action a
player sends, the time until the *last* client at that table (every player and spectator) has
received the update that carries it: the server's checking, storing (one transaction per action)
and fan-out together. It also counts the hands dealt per minute across all tables (a hand
counts when the first of its table's clients sees it dealt).

The server's CPU per action (``cpu_ms_per_action``: its CPU over the window by the actions served
in it, the bots' too) depends on the hands: each hand adds its deal, its hand frames and its
summary to the actions around it. So that two runs measure the same work, the server's draws
are seeded from ``--seed`` as the players are (``benchmarks/seeded.py``: the same night seeds,
decks and random bots' choices), and each table plays the same hands on both sides of a
comparison (``hands_per_minute`` and ``actions_served`` show whether they did).

With ``--processes N`` (PostgreSQL only) it starts N ``wildstud serve --cluster`` processes on
the database and Debian's nginx round-robin in front of them; every client goes through nginx,
so most reach a process that does not run their table and are relayed to the one that does.
``--failover`` then kills (SIGKILL) the first process at the end of the window and times how
long until the next action is served at one of its tables (``failover_s``: the first table back;
``failover_all_s``: the last).

From the repository root::

    .venv/bin/python benchmarks/server.py                        # 50 tables of 6, a minute
    .venv/bin/python benchmarks/server.py --tables 10 --seconds 20 --database-url postgresql://...
    .venv/bin/python benchmarks/server.py --processes 3 --failover --database-url postgresql://...

The clients run in this process, on the same cores as the server: the figures include that
competition, as a small home server running its own load test would. So do the machine's other
jobs: ``load_average`` is the one-minute load average at the start and at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

try:
    from wildstud.server.relay import ROUTED
except ImportError:  # a commit before the routing, measured by compare.py: never routes
    ROUTED = 4308

Frame = dict[str, Any]

SETTING_UP = 16
"""Tables set up at once."""


@dataclass
class Table:
    """One table under test: its clients and what they saw."""

    id: str
    host: str
    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    """When each player action left, by (hand number, index of its event)."""
    arrived: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    """When each client first got each acted event, by the same key."""
    clients: int = 0
    reconnections: list[float] = field(default_factory=list)
    """When each of its clients' connections dropped or failed to open and was tried again."""
    routed: int = 0
    """Sockets sent on to the table's owner (``--route``)."""
    acted_at: list[tuple[float, float]] = field(default_factory=list)
    """When any client of the table got an acted event, with when its connection opened (for
    the failover time: only a connection opened after the kill reaches a live process)."""
    errors: list[str] = field(default_factory=list)
    """The error frames the players got (none expected)."""
    dealt: dict[int, float] = field(default_factory=dict)
    """When any client of the table first saw each hand, by its number."""


class Client:
    """One WebSocket client; a player when ``play`` is set."""

    def __init__(
        self,
        table: Table,
        url: str,
        play: bool,
        think: float,
        seed: float,
        route: bool = False,
        local: str = "127.0.0.1",
    ) -> None:
        self.table = table
        self.url = url
        self.local = local
        """The loopback address the client connects from (see ``_home``)."""
        self.owner: str | None = "" if route else None
        """The owner asked for (``None``: the client is not routed, and is relayed)."""
        self.play = play
        self.think = think
        self.rng = random.Random(seed)
        self.number = 0
        self.you: int | None = None
        self.seat: int | None = None
        self.events = 0
        self.view: Frame = {}
        self.seq = 0
        self.acted: set[tuple[int, int]] = set()
        self.ws: ClientConnection | None = None
        self.opened = 0.0

    async def run(self, stop: asyncio.Event) -> None:
        """Read frames (and act on this seat's turns) until ``stop``, reconnecting whenever
        the connection drops (a process of a cluster killed, a table moved)."""
        while not stop.is_set():
            url = self.url if self.owner is None else f"{self.url}?owner={self.owner}"
            with contextlib.suppress(Exception):
                async with connect(
                    url,
                    proxy=None,
                    compression=None,
                    max_size=2**22,
                    open_timeout=5,
                    local_addr=(self.local, 0),
                ) as ws:
                    self.ws = ws
                    self.opened = time.perf_counter()
                    reader = asyncio.create_task(self._read(ws))
                    stopping = asyncio.create_task(stop.wait())
                    await asyncio.wait((reader, stopping), return_when=asyncio.FIRST_COMPLETED)
                    for task in (reader, stopping):
                        task.cancel()
                        with contextlib.suppress(asyncio.CancelledError, Exception):
                            await task
                    if self.owner is not None and ws.close_code == ROUTED and ws.close_reason:
                        self.owner = ws.close_reason  # sent on to the owner: go there now
                        self.table.routed += 1
                        continue
            if not stop.is_set():
                self.table.reconnections.append(time.perf_counter())
                await asyncio.sleep(0.2)

    async def _read(self, ws: ClientConnection) -> None:
        async for message in ws:
            now = time.perf_counter()
            frame = json.loads(message)
            kind = frame["type"]
            if kind == "error":
                self.table.errors.append(frame["message"])
                continue
            if kind == "welcome":
                self.seat = frame["seat"]
                # A new connection: a request the last one sent may have been lost with its
                # server, so a turn still open is played again (as the browser resends).
                self.seq = max(self.seq, frame["last_seq"])
                self.acted.clear()
                continue
            if kind == "choosing":
                if self.play and frame["dealer"] == self.seat:
                    entry = self.rng.choice(frame["entries"])["index"]
                    self.seq += 1
                    await ws.send(json.dumps({"type": "choose", "seq": self.seq, "entry": entry}))
                continue
            if kind == "hand":
                self.number, self.you = frame["number"], frame["you"]
                self.table.dealt.setdefault(self.number, now)
                self.view = frame["view"]
                self.events = len(self.view["events"])
            elif kind == "update" and frame["number"] == self.number:
                for offset, event in enumerate(frame["events"]):
                    if event["type"] == "acted":
                        key = (self.number, frame["from"] + offset)
                        self.table.arrived.setdefault(key, []).append(now)
                        self.table.acted_at.append((now, self.opened))
                self.view = frame["view"]
                self.events = frame["from"] + len(frame["events"])
            else:
                continue
            if self.play and self._my_turn():
                key = (self.number, self.events)
                if key not in self.acted:
                    self.acted.add(key)
                    asyncio.get_running_loop().create_task(self._act(ws, key))

    def _my_turn(self) -> bool:
        view = self.view
        return bool(view) and view["phase"] == "player" and view["to_act"] == self.you

    async def _act(self, ws: ClientConnection, key: tuple[int, int]) -> None:
        await asyncio.sleep(self.rng.uniform(0.2, 1.8) * self.think)
        if (self.number, self.events) != key:
            return
        options = {option["action"]: option for option in self.view["legal_actions"]}
        roll = self.rng.random()
        kind = next(k for k in ("check", "call", "bring-in", "fold") if k in options)
        amount = None
        for aggressive in ("bet", "raise", "complete"):
            if aggressive in options and roll < 0.2:
                kind, amount = aggressive, options[aggressive]["min"]
        # A fold now and then when facing a bet; never when checking is free (the tables offer
        # that fold, house rule free_fold, but a player has no reason to take it, and taking it
        # would end hands sooner than the benchmark's players ever did).
        if "fold" in options and "check" not in options and roll > 0.9:
            kind, amount = "fold", None
        self.seq += 1
        self.table.sent[key] = time.perf_counter()
        with contextlib.suppress(Exception):
            await ws.send(
                json.dumps({"type": "act", "seq": self.seq, "action": kind, "amount": amount})
            )


def free_port() -> int:
    """A free TCP port on the loopback address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


NGINX = """worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; "" close; }}
    upstream wildstud {{
{servers}
    }}
{routes}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://$wildstud_process;
            proxy_connect_timeout 2s;
            proxy_next_upstream error timeout;
            proxy_http_version 1.1;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_read_timeout 3600s;
            proxy_buffering off;
        }}
    }}
}}
"""
"""The guide's nginx (docs/deploy.md) in plain HTTP over the processes: round-robin, or by owner
(``routes``)."""


def routes(upstreams: list[int], route: bool) -> str:
    """The guide's map from a request's ``owner`` to an upstream of that process first and the
    others as its backups (docs/deploy.md); without ``route``, every request round-robin."""
    if not route:
        return "    map $arg_owner $wildstud_process { default wildstud; }"
    blocks, keys = [], []
    for index, up in enumerate(upstreams):
        others = upstreams[index + 1 :] + upstreams[:index]
        lines = [f"        server 127.0.0.1:{up} max_fails=1 fail_timeout=5s;"]
        lines += [f"        server 127.0.0.1:{other} backup;" for other in others]
        blocks.append(f"    upstream wildstud_{index} {{\n" + "\n".join(lines) + "\n    }")
        keys.append(f"        127.0.0.1:{up} wildstud_{index};")
    mapping = "    map $arg_owner $wildstud_process {\n        default wildstud;\n"
    return "\n".join(blocks) + "\n" + mapping + "\n".join(keys) + "\n    }"


def start_nginx(
    folder: Path, port: int, upstreams: list[int], route: bool
) -> subprocess.Popen[bytes]:
    """Debian's nginx on ``port`` in front of the processes on ``upstreams``, routing by owner
    with ``route``."""
    for temp in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (folder / temp).mkdir(exist_ok=True)
    servers = "\n".join(
        f"        server 127.0.0.1:{up} max_fails=1 fail_timeout=5s;" for up in upstreams
    )
    conf = folder / "nginx.conf"
    user = "user root;\n" if os.geteuid() == 0 else ""
    text = NGINX.format(folder=folder, port=port, servers=servers, routes=routes(upstreams, route))
    conf.write_text(user + text)
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    return subprocess.Popen([nginx, "-p", str(folder), "-c", str(conf), "-g", "daemon off;"])


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the benchmark; returns the figures."""
    folder = Path(tempfile.mkdtemp(prefix="wildstud-bench-"))
    url = args.database_url or f"sqlite:///{folder / 'bench.sqlite3'}"
    # ``wildstud serve`` with its decks and bots seeded from ``--seed`` (benchmarks/seeded.py),
    # so that two runs, of one commit or of two, deal the same hands and play them alike.
    wildstud = [sys.executable, str(Path(__file__).with_name("seeded.py")), str(args.seed)]
    log = (folder / "server.log").open("wb")
    ports = [free_port() for _ in range(args.processes or 1)]
    cluster = ("--cluster",) if args.processes else ()
    servers = [
        subprocess.Popen(
            [*wildstud, "serve", "--port", str(port), "--database-url", url, "--log-level",
             "warning", "--tables-per-minute", "100000", "--tables-burst", "100000",
             "--connections-per-address", "100000", *cluster],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        for port in ports
    ]  # fmt: skip
    proxy: subprocess.Popen[bytes] | None = None
    if args.processes:
        port = free_port()
        proxy = start_nginx(folder, port, ports, args.route)
    else:
        port = ports[0]
    base = f"http://127.0.0.1:{port}"
    load_before = os.getloadavg()[0]  # the machine's other jobs count in every figure
    failover: dict[str, float | None] = {}
    keep = True  # the log of a run that failed, or went wrong, is kept
    try:
        # A connection idle for a second is not used again: the server closes one idle for 5 s
        # and httpx kept one as long, so that a request sent just as the server closed it was
        # lost (httpx.ReadError); setting up 200 tables at a load of 8 to 15 failed so twice.
        limits = httpx.Limits(keepalive_expiry=1.0)
        async with httpx.AsyncClient(
            base_url=base, timeout=30, trust_env=False, limits=limits
        ) as http:
            for address in [f"http://127.0.0.1:{up}" for up in ports] + [base]:
                for _ in range(600):
                    if any(process.poll() is not None for process in servers):
                        log.flush()
                        tail = (folder / "server.log").read_text(errors="replace")[-2000:]
                        raise RuntimeError(f"a server exited:\n{tail}")
                    with contextlib.suppress(httpx.HTTPError):
                        if (await http.get(f"{address}/api/health")).is_success:
                            break
                    await asyncio.sleep(0.1)
                else:
                    raise RuntimeError("the server did not answer within a minute")
            tables: list[Table] = []
            clients: list[Client] = []
            rng = random.Random(args.seed)
            # The tables are set up side by side (a table's own requests in turn, its seats
            # taken in order): one after the other, 500 tables took 10 of a run's 13 minutes.
            # The clients are made in the tables' order, so the players' pace draws the same.
            limit = asyncio.Semaphore(SETTING_UP)

            async def set_up(index: int) -> tuple[Table, list[str], str]:
                async with limit:
                    return await _set_up(http, base, index, args)

            made = await asyncio.gather(*(set_up(index) for index in range(args.tables)))
            for index, (table, sockets, watch) in enumerate(made):
                for socket_url in sockets:
                    clients.append(
                        Client(
                            table,
                            socket_url,
                            True,
                            args.think,
                            rng.random(),
                            args.route,
                            _home(index),
                        )
                    )
                for _ in range(args.spectators):
                    clients.append(Client(table, watch, False, 0, 0, args.route, _home(index)))
                table.clients = args.players + args.spectators
                tables.append(table)
            stop = asyncio.Event()
            tasks = [asyncio.create_task(client.run(stop)) for client in clients]
            await asyncio.sleep(1.0)
            for index, table in enumerate(tables):
                await _start(base, index, table)
            await asyncio.sleep(args.warmup)
            for table in tables:
                table.sent.clear()
                table.arrived.clear()
            pids = [process.pid for process in servers]
            cpu_before, started = sum(map(cpu_seconds, pids)), time.perf_counter()
            clients_before = time.process_time()
            await asyncio.sleep(args.seconds)
            window_end = time.perf_counter()
            elapsed = window_end - started
            cpu = sum(map(cpu_seconds, pids)) - cpu_before
            clients_cpu = time.process_time() - clients_before
            # The hands counted from the clients' own frames: reading each table's count
            # from the API before and after the window took seconds behind a cluster (its
            # look-ups from one address were refused and asked again), and the hands dealt
            # meanwhile were counted too.
            dealt = sum(
                started <= moment <= window_end
                for table in tables
                for moment in table.dealt.values()
            )
            relays = [await _relays(http, up) for up in ports]
            await asyncio.sleep(2.0)  # let the last updates arrive
            errors = sum(len(table.errors) for table in tables)  # a failover's come after
            keep = bool(errors)
            if args.failover:
                failover = await _failover(url, tables, servers[0], ports[0])
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
            ledgers = [
                (await _get(http, f"/api/tables/{table.id}/ledger"))["balanced"] for table in tables
            ]
            keep = keep or not all(ledgers)
    finally:
        for process in servers:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in servers:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(20)
        if proxy is not None:
            proxy.terminate()
            proxy.wait(10)
        log.close()
        if keep:
            print(f"the servers' log is kept: {folder / 'server.log'}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    latencies = []
    missing = 0
    for table in tables:
        for key, sent in table.sent.items():
            if sent > window_end:
                continue  # sent after the window, perhaps not answered before the end
            arrived = table.arrived.get(key, [])
            if len(arrived) < table.clients:
                missing += 1
                continue
            latencies.append((max(arrived) - sent) * 1000)
    latencies.sort()
    # Every action of the window, the bots' too (each acted event, as its first client saw it):
    # the server's CPU in the window over them is the work of one action, fanned out to every
    # connection of its table.
    served = sum(
        started <= min(times) <= window_end for table in tables for times in table.arrived.values()
    )
    return {
        "tables": args.tables,
        "seats": args.seats,
        "players": args.players,
        "spectators": args.spectators,
        "connections": len(clients),
        "database": "postgresql" if args.database_url else "sqlite",
        "processes": args.processes or 1,
        "behind_nginx": bool(args.processes),
        "seconds": round(elapsed, 1),
        "actions_measured": len(latencies),
        "actions_unfinished": missing,
        "p50_ms": round(statistics.median(latencies), 1) if latencies else None,
        "p99_ms": round(latencies[int(0.99 * (len(latencies) - 1))], 1) if latencies else None,
        "max_ms": round(latencies[-1], 1) if latencies else None,
        "hands_per_minute": round(dealt * 60 / elapsed, 1),
        "server_cpu_percent": round(100 * cpu / elapsed, 1),
        # The clients run in this one process on the same cores: near 100%, they, not the
        # server, set the pace and the tail.
        "clients_cpu_percent": round(100 * clients_cpu / elapsed, 1),
        "actions_served": served,
        "cpu_ms_per_action": round(1000 * cpu / served, 2) if served else None,
        "error_frames": errors,
        "error_kinds": sorted({message for table in tables for message in table.errors})[:5],
        "ledgers_balanced": all(ledgers),
        "reconnections": sum(len(table.reconnections) for table in tables),
        # Those of the timed window apart: at hundreds of tables some of the first sockets
        # time out while 1,200 of them open at once, before any hand is timed.
        "reconnections_measured": sum(
            started <= moment <= window_end for table in tables for moment in table.reconnections
        ),
        "routed": sum(table.routed for table in tables),
        "relayed_sockets": sum(relays),
        "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        **failover,
    }


def _home(index: int) -> str:
    """The loopback address table ``index``'s clients come from."""
    return f"127.0.{index // 250 + 1}.{index % 250 + 1}"


async def _set_up(
    http: httpx.AsyncClient, base: str, index: int, args: argparse.Namespace
) -> tuple[Table, list[str], str]:
    """Table ``index`` made, its players seated in turn and its bots added: the table, its
    players' socket addresses and its spectators'."""
    created = (
        await http.post(
            "/api/tables",
            json={
                "name": f"bench {index}",
                "games": [{"game": code} for code in args.games],
                "seats": args.seats,
                "bot_delay": args.bot_delay,
                "hand_pause": args.hand_pause,
                "showdown_pause": args.hand_pause,
                "choice_clock": 5,
                "action_clock": 30,
                "seat_requests": False,  # the players are seated at once
            },
        )
    ).json()
    table = Table(created["table"]["id"], created["host_token"])
    join = created["links"]["join"].rsplit("/", 1)[1]
    sockets = []
    for seat in range(args.players):
        granted = await _join(base, index, join, f"p{seat}")
        sockets.append(_through(base, granted["socket"]))
    for _ in range(args.seats - args.players):
        await http.post(f"/api/host/{table.host}/bots", json={"kind": "random-bot"})
    return table, sockets, _through(base, created["links"]["watch_socket"])


async def _join(base: str, index: int, join: str, name: str) -> dict[str, Any]:
    """A seat at the table of join token ``join``: asked again while the table is still
    loading at its process (a new table placed on another process of a cluster: 503). The
    players of each table come from a loopback address of their own (127.0.x.y, all of
    127/8 is the machine itself), as the players of different tables come from different
    homes: a process that must look up a join link it does not run counts its lookups per
    address, as it should."""
    transport = httpx.AsyncHTTPTransport(local_address=_home(index))
    async with httpx.AsyncClient(
        base_url=base, transport=transport, timeout=30, trust_env=False
    ) as http:
        return await _ask_join(http, join, name)


async def _ask_join(http: httpx.AsyncClient, join: str, name: str) -> dict[str, Any]:
    for _ in range(300):
        answer = await http.post(f"/api/join/{join}", json={"name": name})
        if answer.status_code != 503:
            answer.raise_for_status()
            granted: dict[str, Any] = answer.json()
            return granted
        await asyncio.sleep(0.1)
    raise RuntimeError(f"the table of {join[:6]}… did not load within 30 s")


async def _start(base: str, index: int, table: Table) -> None:
    """Start ``table``, asked from its host's home (the table's own loopback address, as its
    players' requests are): behind a cluster's round-robin, a process that does not run the
    table looks its host link up, and counts those look-ups per address; three hundred hosts
    asking from one address were refused (429). Asked again where the connection was closed
    under the request (at 500 tables the client's loop, busy opening 2,000 sockets, may leave
    its HTTP connection idle past the server's keep-alive). Starting a table twice does
    nothing more."""
    transport = httpx.AsyncHTTPTransport(local_address=_home(index))
    async with httpx.AsyncClient(
        base_url=base, transport=transport, timeout=30, trust_env=False
    ) as http:
        for _ in range(3):
            try:
                answer = await http.post(f"/api/host/{table.host}/start")
            except (httpx.ReadError, httpx.RemoteProtocolError, httpx.WriteError):
                continue
            answer.raise_for_status()
            return
    raise RuntimeError(f"table {table.id} could not be started")


async def _relays(http: httpx.AsyncClient, port: int) -> int:
    """The sockets the process on ``port`` relays to another one now (``wildstud_relays``)."""
    metrics = (await http.get(f"http://127.0.0.1:{port}/metrics")).text
    line = next(line for line in metrics.splitlines() if line.startswith("wildstud_relays "))
    return round(float(line.split()[1]))


def _through(base: str, link: str) -> str:
    """A socket link the server handed out, through ``base`` (nginx, or the one server)."""
    return base.replace("http", "ws", 1) + "/ws/" + link.split("/ws/", 1)[1]


async def _failover(
    url: str, tables: list[Table], victim: subprocess.Popen[bytes], port: int
) -> dict[str, float | None]:
    """SIGKILL ``victim`` and time until an action is served again at each of its tables."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.connect() as connection:
        owned = set(
            connection.execute(
                text(
                    "SELECT l.table_id FROM leases l JOIN processes p ON p.id = l.owner"
                    " WHERE p.address = :address"
                ),
                {"address": f"http://127.0.0.1:{port}"},
            ).scalars()
        )
        # The kill's moment on the database's clock, which stamps each lease taken.
        killed_at = connection.execute(text("SELECT clock_timestamp()")).scalar_one()
    victims = [table for table in tables if table.id in owned]
    killed = time.perf_counter()
    victim.send_signal(signal.SIGKILL)
    deadline = killed + 60
    back: dict[str, float] = {}
    while time.perf_counter() < deadline and len(back) < len(victims):
        for table in victims:
            after = [at for at, opened in table.acted_at if opened > killed]
            if after and table.id not in back:
                back[table.id] = min(after) - killed
        await asyncio.sleep(0.05)
    with engine.connect() as connection:
        taken = connection.execute(
            text("SELECT taken_at FROM leases WHERE table_id = ANY(:ids) AND taken_at > :killed"),
            {"ids": [table.id for table in victims], "killed": killed_at},
        ).scalars()
        delays = sorted((at - killed_at).total_seconds() for at in taken)
    engine.dispose()
    return {
        # The leases taken by the survivors: the first and the last, from the kill.
        "failover_taken_first_s": round(delays[0], 2) if delays else None,
        "failover_taken_all_s": round(delays[-1], 2) if len(delays) == len(victims) else None,
        "failover_tables": len(victims),
        "failover_s": round(min(back.values()), 2) if back else None,
        "failover_all_s": round(max(back.values()), 2) if len(back) == len(victims) else None,
    }


async def _get(http: httpx.AsyncClient, path: str) -> Any:
    """GET a JSON answer, trying again while the table moves between processes (503)."""
    for _ in range(100):
        with contextlib.suppress(httpx.HTTPError):
            answer = await http.get(path)
            if answer.status_code == 200:
                return answer.json()
        await asyncio.sleep(0.2)
    raise RuntimeError(f"{path}: no answer")


def main() -> None:
    """Parse the options, run, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--players", type=int, default=3, help="WebSocket players per table")
    parser.add_argument("--spectators", type=int, default=1, help="spectators per table")
    parser.add_argument("--think", type=float, default=1.0, help="a player's mean thinking time")
    parser.add_argument("--bot-delay", type=float, default=1.0)
    parser.add_argument("--hand-pause", type=float, default=2.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--games", nargs="+", default=["FTQ", "SMBU", "BD7", "BITCH"])
    parser.add_argument("--database-url", default=None)
    parser.add_argument(
        "--processes", type=int, default=0, help="a cluster of N processes behind nginx"
    )
    parser.add_argument("--failover", action="store_true", help="kill one process at the end")
    parser.add_argument(
        "--route",
        action="store_true",
        help="clients ask for their table's owner and nginx routes them to it (docs/deploy.md)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if not 0 < args.players <= args.seats:
        parser.error("--players must be from 1 to --seats")
    if args.processes and not (args.database_url or "").startswith("postgresql"):
        parser.error("--processes needs --database-url postgresql://...")
    if args.failover and not args.processes:
        parser.error("--failover needs --processes")
    if args.route and not args.processes:
        parser.error("--route needs --processes")
    figures = asyncio.run(run(args))
    if args.json:
        print(json.dumps(figures))
        return
    width = max(len(key) for key in figures)
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")


if __name__ == "__main__":
    main()
