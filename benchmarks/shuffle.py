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
answers the rounds as a page does (its key, its masking, its unmaskings, its show, with a fresh
:class:`~wildstud.private_rounds.Agent` a deal) and the figures are what the rounds add to each
street at each client: from the frame that ends the betting before it (or the ``hand`` frame,
for the first street, whose rounds begin with the keys and every party's masking) to the frame
that deals its cards. A shuffled table deals a street in the frame that ends the betting: it
adds nothing there.

The clients run in this process, on the same cores as the server, and ``load_average`` says how
busy the machine was.

    .venv/bin/python benchmarks/shuffle.py --private      # 6 players, 30 hands
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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from wildstud.joint_shuffle import value_commitment
from wildstud.private_deal import open_own, unmask_batch
from wildstud.private_rounds import Agent
from wildstud.private_wire import batch_context

Frame = dict[str, Any]


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
        """A private deal's rounds ask: answered as today's page answers (privaterounds.js):
        its key, its masking, each pass's points in one batch with one proof, its own cards
        opened alone, its show in one batch; every answer after the key names the key."""
        step, key = frame["step"], (frame["hand"], frame["deal"])
        agent = self.agents.setdefault(key, Agent.new())
        answer: Frame = {"step": step, "key": agent.key.hex()}
        if step == "open":
            for _, point in frame["points"]:
                open_own(bytes.fromhex(point), agent.secret)
        elif step == "mask":
            answer["deck"] = [
                p.hex() for p in agent.masked([bytes.fromhex(point) for point in frame["deck"]])
            ]
        elif step in ("unmask", "show"):
            positions = [position for position, _ in frame["points"]]
            if step == "show":
                answer["seat"] = frame["seat"]
            if positions:
                bound = batch_context(
                    frame["context"].encode(), key[1], positions, frame["party"], step == "show"
                )
                batch = unmask_batch(
                    [bytes.fromhex(point) for _, point in frame["points"]], agent.secret, bound
                )
                answer["batch"] = {
                    "afters": [after.hex() for after in batch.afters],
                    "challenge": batch.challenge.hex(),
                    "response": batch.response.hex(),
                }
            else:  # nothing to show: nothing to prove
                answer["steps"] = []
        if step != "open":
            await ws.send(json.dumps({"type": "private", "hand": key[0], "deal": key[1],
                                      "answer": answer}))  # fmt: skip

    async def act(self, ws: ClientConnection, view: Frame, you: int | None) -> None:
        if you is None or view.get("to_act") != you:
            return
        kinds = [option["action"] for option in view.get("legal_actions") or []]
        for kind in ("check", "call", "bring-in", "fold"):
            if kind in kinds:
                self.seq += 1
                await ws.send(json.dumps({"type": "act", "seq": self.seq, "action": kind}))
                return


async def _measure(
    base: str, ws_base: str, players: int, hands: int, private: bool
) -> list[Player]:
    http = httpx.Client(base_url=base, timeout=10, trust_env=False)
    created = http.post(
        "/api/tables",
        json={
            "name": "bench",
            "games": [{"game": "FTQ"}],
            "seats": players,
            "hand_pause": 0,
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
        clients.append(Player(seat["socket"]))
    tasks = [asyncio.create_task(client.run(hands)) for client in clients]
    while not all(client.welcomed for client in clients):  # a private deal's parties are
        await asyncio.sleep(0.1)  # the pages connected when it starts
    await asyncio.sleep(0.5)
    http.post(f"/api/host/{created['host_token']}/start").raise_for_status()
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=hands * (60 if private else 10))
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--private", action="store_true", help="a private deal's streets")
    args = parser.parse_args()
    with served() as (base, _):
        load = os.getloadavg()[0]
        port = base.rsplit(":", 1)[1]
        clients = asyncio.run(
            _measure(base, f"ws://127.0.0.1:{port}", args.players, args.hands, args.private)
        )
    result: dict[str, Any] = {"players": args.players}
    if args.private:
        result["streets"] = _figures("streets", [d for c in clients for d in c.streets])
        result["first_streets"] = _figures("first", [d for c in clients for d in c.firsts])
    else:
        result |= _figures("rounds", [d for c in clients for d in c.rounds])
    result["load_average"] = [round(load, 2), round(os.getloadavg()[0], 2)]
    print(json.dumps(result))


if __name__ == "__main__":
    main()
