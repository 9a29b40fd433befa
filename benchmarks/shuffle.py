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

The clients run in this process, on the same cores as the server, and ``load_average`` says how
busy the machine was.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from wildstud.joint_shuffle import value_commitment

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
        self.you: int | None = None

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
        elif kind == "hand":
            asked = self.asked.pop(frame["number"], None)
            if asked is not None:
                self.rounds.append(now - asked)
            self.you = frame.get("you")
            await self.act(ws, frame["view"], self.you)
        elif kind == "update":
            view = frame["view"]
            if view["phase"] == "over":
                self.hands += 1
            await self.act(ws, view, self.you)
        return True

    async def act(self, ws: ClientConnection, view: Frame, you: int | None) -> None:
        if you is None or view.get("to_act") != you:
            return
        kinds = [option["action"] for option in view.get("legal_actions") or []]
        for kind in ("check", "call", "bring-in", "fold"):
            if kind in kinds:
                self.seq += 1
                await ws.send(json.dumps({"type": "act", "seq": self.seq, "action": kind}))
                return


async def _measure(base: str, ws_base: str, players: int, hands: int) -> list[float]:
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
        },
    ).json()
    token = created["links"]["join"].rsplit("/", 1)[1]
    clients = []
    for index in range(players):
        seat = http.post(f"/api/join/{token}", json={"name": f"p{index}"}).json()
        clients.append(Player(seat["socket"]))
    tasks = [asyncio.create_task(client.run(hands)) for client in clients]
    await asyncio.sleep(0.5)
    http.post(f"/api/host/{created['host_token']}/start").raise_for_status()
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=hands * 10)
    return [duration for client in clients for duration in client.rounds]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=30)
    args = parser.parse_args()
    port = _free_port()
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{Path(folder) / 'bench.sqlite'}"
        wildstud = Path(sys.executable).with_name("wildstud")
        server = subprocess.Popen(
            [
                str(wildstud),
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
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                try:
                    if httpx.get(f"{base}/api/health", trust_env=False).is_success:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            load = os.getloadavg()[0]
            rounds = asyncio.run(_measure(base, f"ws://127.0.0.1:{port}", args.players, args.hands))
        finally:
            server.terminate()
            server.wait(15)
    rounds.sort()
    result = {
        "players": args.players,
        "rounds": len(rounds),
        "median_ms": round(1000 * statistics.median(rounds), 2),
        "p90_ms": round(1000 * rounds[int(0.9 * (len(rounds) - 1))], 2),
        "max_ms": round(1000 * rounds[-1], 2),
        "load_average": [round(load, 2), round(os.getloadavg()[0], 2)],
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
