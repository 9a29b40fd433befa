"""A fold when a check is free: refused unless the player confirmed it (``"free": true``, what
the page's dialog sends), then taken like any fold, stored, and replayed as it was when the
hand is read back."""

from __future__ import annotations

import asyncio
import random

from tests.server.conftest import Server
from tests.server.wsclient import Api, Client, play


def _free_check(client: Client) -> bool:
    return client.my_turn() and any(
        option["action"] == "check" for option in client.view["legal_actions"]
    )


async def _free_fold(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], seats=2, hand_pause=0, bot_delay=0)
    ann = await Client(api.join(created, "ann")["socket"], "ann").open()
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    api.ok(api.host(created, "POST", "/start"))
    # Call and check the cheap way until a turn where checking costs nothing.
    await play(ann, random.Random(7), lambda c: _free_check(c) or c.hand_over())
    assert _free_check(ann), "the hand ended before a free check"
    number = ann.hand["number"] if ann.hand else 0
    assert "fold" not in [option["action"] for option in ann.view["legal_actions"]]
    mark = len(ann.frames)
    await ann.request({"type": "act", "action": "fold"})
    refused = await ann.frame("error", after=mark)
    assert "cannot fold: nothing to call (check instead)" in refused["message"]
    mark = len(ann.frames)
    seq = await ann.request({"type": "act", "action": "fold", "free": True})
    ack = await ann.frame("ack", after=mark)
    assert ack["seq"] == seq
    you = ann.you
    # With no pause between hands the next hand may arrive in the same read as this one's end:
    # wait on the set of finished hands, not on the hand in view.
    await ann.wait_for(lambda c: number in c.finished, what="the hand's end")
    events = ann.hands[number]["view"]["events"]
    folded = [e for e in events if e["type"] == "acted" and e["kind"] == "fold"]
    assert [event["seat"] for event in folded] == [you]
    await ann.close()
    # The stored hand replays with the fold as it was taken.
    table_id = created["table"]["id"]
    history = api.get(f"/api/tables/{table_id}/hands/{number}")
    acted = [e for e in history["events"] if e["type"] == "acted" and e["kind"] == "fold"]
    assert [event["seat"] for event in acted] == [you]
    assert api.ledger(table_id)["balanced"]


def test_a_fold_when_checking_is_free_needs_the_players_confirmation(server: Server) -> None:
    asyncio.run(_free_fold(server))
