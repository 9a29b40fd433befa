"""Every frame the server sends is one of the typed models of ``wildstud.server.frames``, and
``docs/protocol.md`` is what those models say."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

from tests.server.conftest import Server
from tests.tools.wsclient import Api, Client, play
from wildstud.server.frames import read_server_frame
from wildstud.server.messages import Act, read_frame
from wildstud.server.protocol import protocol_page

PAGE = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_the_protocol_page_is_generated_from_the_models() -> None:
    assert PAGE.read_text(encoding="utf-8") == protocol_page(), (
        "docs/protocol.md is stale: run `python -m wildstud.server.protocol > docs/protocol.md`"
    )


async def _a_night_of_frames(server: Server) -> set[str]:
    api = Api(server.base)
    menu = [{"game": "FTQ"}, {"game": "BD5", "house_rules": {"natural_beats_wild": True}}]
    created = api.create(games=menu, seats=4, choice_clock=10, hand_pause=0, bot_delay=0)
    ann_seat, bob_seat = api.join(created, "ann"), api.join(created, "bob")
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    ann = await Client(ann_seat["socket"], "ann").open()
    phone = await Client(ann_seat["socket"], "ann's phone").open()  # hears ann's seq frames
    bob = await Client(bob_seat["socket"], "bob").open()
    watcher = await Client(created["links"]["watch_socket"], "watch").open()
    clients = (ann, phone, bob, watcher)
    api.ok(api.host(created, "POST", "/start"))

    # Ann has the button and picks the game; bob sends nonsense and a ping.
    choosing = await ann.frame("choosing")
    await ann.request({"type": "choose", "entry": choosing["entries"][1]["index"]})
    await phone.frame("seq")
    await bob.send("not json")
    await bob.frame("error")
    await bob.request({"type": "act", "action": "fold"})  # not bob's turn, or no hand yet
    await bob.send({"type": "ping"})
    await bob.frame("pong")

    # Paused and resumed mid-hand: the clock frames.
    await watcher.wait_for(lambda c: c.hand is not None, what="the first hand")
    mark = len(watcher.frames)
    api.ok(api.host(created, "POST", "/pause"))
    api.ok(api.host(created, "POST", "/start"))
    await watcher.frame("clock", after=mark)

    def first_over(client: Client) -> bool:
        return 1 in client.finished

    rng = random.Random(12)
    async with asyncio.timeout(60):
        await asyncio.gather(play(ann, rng, first_over), play(bob, rng, first_over))
    await watcher.wait_for(first_over, what="the end of the first hand")

    # The host gives bob's seat up: he hears why.
    api.ok(api.host(created, "DELETE", "/seats/1"))
    await bob.frame("removed")
    for client in clients:
        await client.close()

    kinds: set[str] = set()
    for client in clients:
        for frame in client.frames:
            model = read_server_frame(json.dumps(frame))
            assert model.frame() == frame, f"{frame['type']} frame differs from its model"
            kinds.add(frame["type"])
    return kinds


def test_every_frame_of_a_played_hand_fits_its_model(server: Server) -> None:
    kinds = asyncio.run(_a_night_of_frames(server))
    assert kinds >= {
        "welcome",
        "table",
        "choosing",
        "hand",
        "update",
        "clock",
        "ack",
        "seq",
        "pong",
        "removed",
        "error",
    }


def test_an_act_frame_from_a_page_older_than_the_free_fold_rule_is_read() -> None:
    # Such a page sends "free": true with a confirmed fold when checking is free; a page kept by
    # its service worker may still, and its fold must not be refused for the field.
    frame = read_frame('{"type": "act", "seq": 3, "action": "fold", "free": true}')
    assert isinstance(frame, Act)
    assert (frame.action, frame.amount) == ("fold", None)
