"""Record the frames a real server sends one seated player and one spectator, for the client's
``node --test`` suites (``tests/client/*.test.js``): ``scripts/record-client-frames`` runs it
and writes ``tests/client/frames/night.json``, which is committed.

A server on a fresh SQLite database deals a table of dealer's choice (Follow the Queen, Who Da
Baby Daddy Is, Smack My Bitch Up and The Bitch) to two players and two calling bots; Ann and Bob
play at random as the server's tests do, a spectator watches, and every frame Ann's connection
and the spectator's get is kept, in order, until four hands are over.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.server.conftest import Server
from tests.tools.wsclient import Api, Client, play

FRAMES = Path(__file__).resolve().parents[1] / "client" / "frames" / "night.json"
MENU = [{"game": "FTQ"}, {"game": "BD5"}, {"game": "SMBU"}, {"game": "BITCH"}]
HANDS = 4


async def _record(base: str) -> dict[str, Any]:
    api = Api(base)
    created = api.create(games=MENU, seats=4, choice_clock=10, hand_pause=0, bot_delay=0)
    ann_seat, bob_seat = api.join(created, "Ann"), api.join(created, "Bob")
    for _ in range(2):
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    ann = await Client(ann_seat["socket"], "Ann").open()
    bob = await Client(bob_seat["socket"], "Bob").open()
    watcher = await Client(created["links"]["watch_socket"], "watch").open()
    api.ok(api.host(created, "POST", "/start"))

    def done(client: Client) -> bool:
        return len(client.finished) >= HANDS

    rng = random.Random(23)
    async with asyncio.timeout(240):
        await asyncio.gather(play(ann, rng, done), play(bob, rng, done))
    await watcher.wait_for(done, what=f"the end of hand {HANDS}")
    api.ok(api.host(created, "POST", "/pause"))
    for client in (ann, bob, watcher):
        await client.close()
    return {"seat": ann.frames, "spectator": watcher.frames}


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(f"sqlite:///{folder}/wildstud.sqlite3", Path(folder) / "server.log")
        server.start()
        try:
            frames = asyncio.run(_record(server.base))
        finally:
            server.stop()
    text = json.dumps(frames, ensure_ascii=False, indent=None, separators=(",", ":"))
    FRAMES.parent.mkdir(parents=True, exist_ok=True)
    FRAMES.write_text(text + "\n", encoding="utf-8")
    sys.stdout.write(f"{FRAMES}: {len(frames['seat'])} + {len(frames['spectator'])} frames\n")


if __name__ == "__main__":
    main()
