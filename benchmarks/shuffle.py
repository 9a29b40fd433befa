"""What the players' shuffle adds before each deal, over the loopback address.

The benchmark starts ``wildstud serve`` in a subprocess on a fresh SQLite database, creates one
table of ``--players`` seats, and seats a WebSocket client in each that answers the round as a
page does (it says ``shuffler``, commits to a fresh value when asked, reveals it when asked) and
plays its turns at once (check, call or bring in). For ``--hands`` hands it measures, at each
client, the time from the server's first ask of a round (the ``shuffle`` frame of step
``commit``) to the frame that starts the hand (``hand``): the whole round, two round trips and
a write for each commitment and value, which is what the shuffle adds before a deal. The
figures are the median, the 90th percentile and the largest over every client and hand.

From the repository root::

    .venv/bin/python benchmarks/shuffle.py                 # 6 players, 30 hands
    .venv/bin/python benchmarks/shuffle.py --players 4 --hands 100

With ``--private`` the table deals privately instead (``deal: private``, issue 26): each client
answers the rounds as today's page does (private deal v2: its key with its proof, its turn of
the deck, each pass's shares in one batch with one proof, every page asked at once, its own
cards opened alone, its show), and the figures are what the rounds add
to each street at each client: from the frame that ends the betting before it (``street_started``;
or the ``hand`` frame, for the first street, whose rounds begin with the keys and every party's
masking) to the frame that deals its cards. A shuffled table deals a street in the frame that
ends the betting: it adds nothing there. A private table rests 1 s between hands: clients that
act at once would send more than the server's 20 messages a second a connection, and the server
would hold their answers back (a street's median 53 ms against 14, docs/benchmarks.md, session
30). Which arithmetic the clients answer with:

- ``--private`` (``python``): libsodium's, through :class:`~wildstud.private_rounds.Agent` and
  :func:`~wildstud.private_deal.share_batch`, in this process;
- ``--private page``: the page's own code. Each client keeps a ``node`` process
  (``private_street_page.mjs``) running the page's handler of the rounds (``PagePrivate`` of
  ``static/js/privaterounds.js``, over ``privatedeal.js`` and the vendored ``@noble/curves``):
  each ``private`` frame goes to it as one JSON line, and the frames it would send come back on
  one and go to the table as they are (the server checks every proof: ``refused`` lists the
  codes of every ``error`` frame, none in an honest run). Before the table starts, each process
  gets its arithmetic ready as a seat at a private table does (``PagePrivate.prepare``) and
  times 20 empty lines (``pings``);
- ``--private both``: a table of each, in turns, ``--rounds`` times (so that both see the same
  load), each kind's figures apart.

For each kind: the streets (``streets``, ``first_streets``: the median, 90th percentile and
largest over every client and street); the arithmetic's CPU a hand at a client (the median and
the largest client; ``..._by_step``, in ms, by the step asked), for Python the process's CPU
around it, for the page node's own ``process.cpuUsage`` around the handler; the server's CPU a
hand (its process's user and system time over the tables of that kind); and for the page
``node_cpu_hand_s``, each node process's whole CPU a hand while the table played (its collector
and its reading of the pipe included), and ``hops``, each frame's round trip through the pipe
less the handler's own wall time: what the benchmark's pipe adds to a page's answer, which a
page calling the module in its own thread does not have.

The clients run in this process (the page's in their node processes), on the same cores as the
server, and each table's ``load_average`` says how busy the machine was at its start and end
(``tables``: each table of a kind, with its streets' medians).

    .venv/bin/python benchmarks/shuffle.py --private      # 6 players, 30 hands, Python clients
    .venv/bin/python benchmarks/shuffle.py --private both --hands 20 --rounds 2
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from wildstud.joint_shuffle import value_commitment
from wildstud.private_deal import open_own, prove_key, share_batch, shuffle_turn
from wildstud.private_rounds import Agent
from wildstud.private_wire import ORDER, batch_context, ciphertext_hex, ciphertext_of, key_data

Frame = dict[str, Any]
TICKS = os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Player:
    """A seat's page: it answers the shuffle and plays its turns at once."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.values: dict[tuple[int, int], bytes] = {}
        self.asked: dict[int, float] = {}
        """When the first ask of each hand's round arrived."""
        self.rounds: list[float] = []
        self.hands = 0
        self.seq = 0
        self.welcomed = False
        self.you: int | None = None
        self.agents: dict[tuple[int, int], Agent] = {}
        self.waiting: tuple[float, bool] | None = None
        """Under a private deal, since when a street has waited for its rounds (the arrival of
        the frame that ended the betting before it, or of the ``hand`` frame), and whether it
        is a deal's first."""
        self.streets: list[float] = []
        self.firsts: list[float] = []
        self.cpu: dict[str, float] = {}
        """The private deal's arithmetic: its CPU seconds by the step asked (key, mask, unmask,
        open, show)."""
        self.refused: list[Frame] = []
        """Every ``error`` frame the server sent (an answer refused, a turn out of turn)."""
        self.passes: dict[tuple[int, int], list[float]] = {}
        """Each deal's arithmetic (CPU seconds) by the pass it served: the keys, the masking
        and the first pass's unmasking under the first, each later pass's unmasking after."""
        self.opened: set[tuple[int, int]] = set()
        """The deals whose first pass this client unmasked."""

    async def run(self, hands: int) -> None:
        async with connect(self.url, proxy=None, compression=None) as ws:
            await ws.send(json.dumps({"type": "shuffler"}))
            async for message in ws:
                frame = json.loads(message)
                if not await self.take(ws, frame, time.monotonic()) or self.hands >= hands:
                    return

    async def take(self, ws: ClientConnection, frame: Frame, now: float) -> bool:
        kind = frame["type"]
        if kind == "welcome":
            self.seq = frame["last_seq"]
            self.welcomed = True
        elif kind == "shuffle":
            key = (frame["hand"], frame["deal"])
            if frame["step"] == "commit":
                self.asked.setdefault(frame["hand"], now)
                value = self.values.setdefault(key, secrets.token_bytes(32))
                made = value_commitment(value, *key, frame["seat"])
                await ws.send(json.dumps({"type": "commit", "hand": key[0], "deal": key[1],
                                          "commitment": made}))  # fmt: skip
            else:
                value = self.values[key]
                await ws.send(json.dumps({"type": "reveal", "hand": key[0], "deal": key[1],
                                          "value": value.hex()}))  # fmt: skip
        elif kind == "error":
            self.refused.append(frame)
        elif kind == "private":
            await self.answer(ws, frame)
        elif kind == "hand":
            asked = self.asked.pop(frame["number"], None)
            if asked is not None:
                self.rounds.append(now - asked)
            self.you = frame.get("you")
            self.waiting = (now, True)  # a new hand: its first street waits next
            await self.act(ws, frame["view"], self.you)
        elif kind == "update":
            view = frame["view"]
            events = {event["type"] for event in frame["events"]}
            if self.waiting is not None and "dealt" in events:
                since, first = self.waiting
                (self.firsts if first else self.streets).append(now - since)
                self.waiting = None
            elif "street_started" in events and "dealt" not in events:
                # The betting's end (a private deal's first ask of the pass may come before it:
                # the server asks the first page in the same turn).
                self.waiting = (now, False)
            if view["phase"] == "over":
                self.hands += 1
            await self.act(ws, view, self.you)
        return True

    async def answer(self, ws: ClientConnection, frame: Frame) -> None:
        """A private deal's rounds ask: answered as today's page answers (privaterounds.js,
        private deal v2): its key with its proof, its turn of the deck, each pass's shares in
        one batch with one proof, its own cards opened alone, its show in one batch; every
        answer names the key."""
        step, key = frame["step"], (frame["hand"], frame["deal"])
        started = time.process_time()
        agent = self.agents.setdefault(key, Agent.new())
        answer: Frame = {"step": step, "key": agent.key.hex()}
        deal_context = b"%s|deal %d" % (frame["context"].encode(), key[1])
        if step == "open":
            for _, left in frame["points"]:
                open_own(ciphertext_of(left), [], agent.secret)
        elif step == "key":
            answer.update(
                key_data(agent.key, prove_key(agent.secret, deal_context, frame["party"]))
            )
        elif step == "mask":
            deck = [ciphertext_of(item) for item in frame["deck"]]
            joint = bytes.fromhex(frame["joint"])
            turned = shuffle_turn(deck, agent.secret, agent.order, joint, deal_context)
            answer["deck"] = [ciphertext_hex(item) for item in turned]
        elif step in ("unmask", "show"):
            positions = [position for position, _ in frame["points"]]
            if step == "show":
                answer["seat"] = frame["seat"]
            if positions:  # (nothing to show: nothing to prove, no batch)
                bound = batch_context(
                    frame["context"].encode(),
                    key[1],
                    positions,
                    frame["party"],
                    step == "show",
                    frame.get("to", ()),
                )
                c1s = [bytes.fromhex(point[:64]) for _, point in frame["points"]]
                batch = share_batch(c1s, agent.secret, bound)
                answer["batch"] = {
                    "shares": [share.hex() for share in batch.shares],
                    "challenge": batch.challenge.hex(),
                    "response": batch.response.hex(),
                }
        self.spent(frame, time.process_time() - started)
        if step != "open":
            await ws.send(json.dumps({"type": "private", "hand": key[0], "deal": key[1],
                                      "answer": answer}))  # fmt: skip

    def spent(self, frame: Frame, cpu: float) -> None:
        """Count ``cpu`` seconds of arithmetic for the ask ``frame``."""
        step = frame["step"]
        self.cpu[step] = self.cpu.get(step, 0.0) + cpu
        deal = (frame["hand"], frame["deal"])
        passes = self.passes.setdefault(deal, [0.0])
        # The order round's unmask (the one point at ORDER) counts with the first pass.
        street = step == "unmask" and [p for p, _ in frame["points"]] != [ORDER]
        if street and deal in self.opened:
            passes.append(0.0)  # a later pass (the first's counts with the keys and masking)
        elif street:
            self.opened.add(deal)
        if step in ("key", "mask", "unmask"):
            passes[-1] += cpu

    async def act(self, ws: ClientConnection, view: Frame, you: int | None) -> None:
        if you is None or view.get("to_act") != you:
            return
        kinds = [option["action"] for option in view.get("legal_actions") or []]
        for kind in ("check", "call", "bring-in", "fold"):
            if kind in kinds:
                self.seq += 1
                await ws.send(json.dumps({"type": "act", "seq": self.seq, "action": kind}))
                return


class PagePlayer(Player):
    """A seat whose private deal is the page's own code: each ``private`` frame goes, as it
    came, to a ``node`` process of its own running the page's handler (``PagePrivate`` of
    ``static/js/privaterounds.js``, over ``privatedeal.js``: ``private_street_page.mjs``), and
    the frames it answers go to the table as they are. The process is started, its arithmetic
    got ready (as a seat at a private table does) and the pipe timed before the table starts."""

    PINGS = 20

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.node: asyncio.subprocess.Process | None = None
        self.hops: list[float] = []
        """Each frame's round trip through the pipe less the page's own work in it (s)."""
        self.pings: list[float] = []
        """Round trips of an empty line, before the table starts (s)."""
        self.node_cpu = 0.0
        """The node process's whole CPU while the table played (its collector and reads too)."""

    async def start(self) -> None:
        script = Path(__file__).with_name("private_street_page.mjs")
        self.node = await asyncio.create_subprocess_exec(
            "node", str(script), stdin=subprocess.PIPE, stdout=subprocess.PIPE, limit=1 << 22
        )
        await self.ask({"type": "prepare"})
        for _ in range(self.PINGS):
            started = time.perf_counter()
            await self.ask({"type": "ping"})
            self.pings.append(time.perf_counter() - started)
        self.node_cpu = -cpu_seconds(self.node.pid)

    async def stop(self) -> None:
        if self.node is not None and self.node.stdin is not None:
            self.node_cpu += cpu_seconds(self.node.pid)
            self.node.stdin.close()
            await self.node.wait()

    async def ask(self, frame: Frame) -> Frame:
        assert self.node is not None
        assert self.node.stdin is not None
        assert self.node.stdout is not None
        self.node.stdin.write(json.dumps(frame).encode() + b"\n")
        await self.node.stdin.drain()
        line = await self.node.stdout.readline()
        if not line:
            raise RuntimeError("the page's node process ended")
        said: Frame = json.loads(line)
        return said

    async def answer(self, ws: ClientConnection, frame: Frame) -> None:
        started = time.perf_counter()
        said = await self.ask(frame)
        self.hops.append(time.perf_counter() - started - said["work_ms"] / 1000)
        self.spent(frame, said["cpu_ms"] / 1000)
        for answer in said["send"]:
            await ws.send(json.dumps(answer))


async def _measure(
    base: str, players: int, hands: int, private: bool, page: bool = False
) -> list[Player]:
    """One table of ``players`` clients (``page``: each private deal's arithmetic the page's
    own, :class:`PagePlayer`) playing ``hands`` hands; the clients, with what they measured."""
    http = httpx.Client(base_url=base, timeout=10, trust_env=False)
    created = http.post(
        "/api/tables",
        json={
            "name": "bench",
            "games": [{"game": "FTQ"}],
            "seats": players,
            # A private table rests a second between hands, as a home table does: clients that
            # act at once would otherwise play a hand in half a second and pass the server's
            # limit of 20 messages a second a connection, which holds their answers back.
            "hand_pause": 1 if private else 0,
            "showdown_pause": 0,
            "seat_requests": False,
            "deal": "private" if private else "shuffled",
            "shuffle_seconds": 60,  # a busy machine's answer is late, never missing
        },
    ).json()
    token = created["links"]["join"].rsplit("/", 1)[1]
    clients = []
    for index in range(players):
        seat = http.post(f"/api/join/{token}", json={"name": f"p{index}"}).json()
        clients.append((PagePlayer if page else Player)(seat["socket"]))
    pages = [client for client in clients if isinstance(client, PagePlayer)]
    await asyncio.gather(*(client.start() for client in pages))
    tasks = [asyncio.create_task(client.run(hands)) for client in clients]
    while not all(client.welcomed for client in clients):  # a private deal's parties are
        await asyncio.sleep(0.1)  # the pages connected when it starts
    await asyncio.sleep(0.5)
    http.post(f"/api/host/{created['host_token']}/start").raise_for_status()
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=hands * (60 if private else 10))
    finally:
        await asyncio.gather(*(client.stop() for client in pages))
        # Its clients gone, the table would deal on and void that deal on its clock.
        http.post(f"/api/host/{created['host_token']}/pause")
    return clients


@contextlib.contextmanager
def served(trace: Path | None = None) -> Iterator[tuple[str, int]]:
    """``wildstud serve`` on a fresh SQLite database and a free loopback port, once it
    answers: its address and its process id (``benchmarks/private_page.py`` uses it too;
    ``trace``: its private deal's steps timed to that file, ``private_trace.py``)."""
    port = _free_port()
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{Path(folder) / 'bench.sqlite'}"
        wildstud = [str(Path(sys.executable).with_name("wildstud"))]
        if trace is not None:
            traced = Path(__file__).with_name("private_trace.py")
            wildstud = [sys.executable, str(traced), str(trace)]
        server = subprocess.Popen(
            [
                *wildstud,
                "serve",
                "--port",
                str(port),
                "--database-url",
                database,
                "--log-level",
                "warning",
            ],
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 180  # a busy machine starts slowly
            while time.monotonic() < deadline:
                try:
                    if httpx.get(f"{base}/api/health", trust_env=False).is_success:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            yield base, server.pid
        finally:
            server.terminate()
            server.wait(15)


def _figures(name: str, durations: list[float]) -> dict[str, Any]:
    durations = sorted(durations)
    return {
        name: len(durations),
        "median_ms": round(1000 * statistics.median(durations), 2),
        "p90_ms": round(1000 * durations[int(0.9 * (len(durations) - 1))], 2),
        "max_ms": round(1000 * durations[-1], 2),
    }


def cpu_seconds(pid: int) -> float:
    """User + system CPU of process ``pid`` (fields 14 and 15 of ``/proc/pid/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _per_hand(clients: Sequence[Player], seconds: list[float]) -> dict[str, float]:
    """Each client's ``seconds`` by the hands it played: the median and the largest, in s."""
    each = sorted(s / max(1, c.hands) for c, s in zip(clients, seconds, strict=True))
    return {"median": round(statistics.median(each), 4), "max": round(each[-1], 4)}


def _pass_sums(clients: list[Player]) -> tuple[list[float], list[float]]:
    """The arithmetic on each pass's critical path at one table, every client's summed (s):
    the first passes' (the keys, the maskings and the first unmasking, which the parties do in
    turn) and the later ones' (each party's unmasking, in turn)."""
    sums: dict[tuple[int, int, int], float] = {}
    for client in clients:
        for deal, passes in client.passes.items():
            for index, cpu in enumerate(passes):
                sums[(*deal, index)] = sums.get((*deal, index), 0.0) + cpu
    firsts = [cpu for key, cpu in sums.items() if key[2] == 0]
    return firsts, [cpu for key, cpu in sums.items() if key[2] > 0]


def _private_figures(clients: list[Player], server_cpu: float, hands: int) -> dict[str, Any]:
    """What a private table's clients measured (see the module), over every table of a kind."""
    steps = sorted({step for client in clients for step in client.cpu})
    result: dict[str, Any] = {
        "streets": _figures("streets", [d for c in clients for d in c.streets]),
        "first_streets": _figures("first", [d for c in clients for d in c.firsts]),
        "arithmetic_cpu_hand_s": _per_hand(clients, [sum(c.cpu.values()) for c in clients]),
        "arithmetic_cpu_hand_ms_by_step": {
            step: round(1000 * statistics.median(c.cpu.get(step, 0) / c.hands for c in clients), 2)
            for step in steps
        },
        "server_cpu_hand_s": round(server_cpu / hands, 4),
        "refused": [frame.get("code") for c in clients for frame in c.refused],
    }
    pages = [client for client in clients if isinstance(client, PagePlayer)]
    if pages:
        result["node_cpu_hand_s"] = _per_hand(pages, [page.node_cpu for page in pages])
        result["hops"] = _figures("hops", [hop for page in pages for hop in page.hops])
        result["pings"] = _figures("pings", [ping for page in pages for ping in page.pings])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument(
        "--private",
        nargs="?",
        const="python",
        choices=["python", "page", "both"],
        help="a private deal's streets, the clients' arithmetic in Python (the default), the "
        "page's own code in node, or a table of each in turns",
    )
    parser.add_argument("--rounds", type=int, default=1, help="tables of each kind, in turns")
    args = parser.parse_args()
    kinds: list[str | None] = ["python", "page"] if args.private == "both" else [args.private]
    played: dict[str | None, list[Player]] = {kind: [] for kind in kinds}
    server_cpu = dict.fromkeys(kinds, 0.0)
    passes: dict[str | None, tuple[list[float], list[float]]] = {k: ([], []) for k in kinds}
    tables: dict[str | None, list[dict[str, Any]]] = {kind: [] for kind in kinds}
    """Each table's load averages at its start and end, and its streets' medians (ms)."""
    with served() as (base, pid):
        for _ in range(args.rounds):
            for kind in kinds:
                load, cpu = os.getloadavg()[0], cpu_seconds(pid)
                table = _measure(base, args.players, args.hands, kind is not None, kind == "page")
                clients = asyncio.run(table)
                played[kind] += clients
                for pooled, table_passes in zip(passes[kind], _pass_sums(clients), strict=True):
                    pooled += table_passes
                server_cpu[kind] += cpu_seconds(pid) - cpu
                seen: dict[str, Any] = {
                    "load_average": [round(load, 2), round(os.getloadavg()[0], 2)]
                }
                if kind is not None:
                    for name, kept in (("streets", "streets"), ("first_streets", "firsts")):
                        durations = [d for c in clients for d in getattr(c, kept)]
                        seen[f"{name}_median_ms"] = round(1000 * statistics.median(durations), 1)
                tables[kind].append(seen)
    result: dict[str, Any] = {"players": args.players}
    if args.private is None:
        result |= _figures("rounds", [d for c in played[None] for d in c.rounds])
        result["load_average"] = tables[None][0]["load_average"]
    else:
        result["hands"] = args.hands * args.rounds
        for kind in kinds:
            figures = _private_figures(played[kind], server_cpu[kind], args.hands * args.rounds)
            firsts, streets = passes[kind]
            figures["pass_cpu"] = {
                "first": _figures("passes", firsts),
                "streets": _figures("passes", streets),
            }
            result[str(kind)] = figures | {"tables": tables[kind]}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
