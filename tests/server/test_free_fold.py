"""A fold when a check is free: the server's tables play the house rule ``free_fold``, so the
fold is offered beside the check and taken like any fold (the page asks the player first),
stored, replayed, and written into the hand's record with the rule, so that a strict judge
reads it. A host who turns the rule off gets the library's default: the fold is refused."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from tests.server.conftest import Server
from tests.tools.wsclient import Api, Client, play
from wildstud.history import judge, read_record


def _free_check(client: Client) -> bool:
    return client.my_turn() and any(
        option["action"] == "check" for option in client.view["legal_actions"]
    )


def _offered(client: Client) -> list[str]:
    return [option["action"] for option in client.view["legal_actions"]]


async def _at_a_free_check(
    api: Api, house_rules: dict[str, object]
) -> tuple[dict[str, Any], Client]:
    created = api.create(
        games=[{"game": "FTQ", "house_rules": house_rules}], seats=2, hand_pause=0, bot_delay=0
    )
    ann = await Client(api.join(created, "ann")["socket"], "ann").open()
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    api.ok(api.host(created, "POST", "/start"))
    # Call and check the cheap way until a turn where checking costs nothing.
    await play(ann, random.Random(7), lambda c: _free_check(c) or c.hand_over())
    assert _free_check(ann), "the hand ended before a free check"
    return created, ann


async def _free_fold(server: Server) -> None:
    api = Api(server.base)
    created, ann = await _at_a_free_check(api, {})
    number = ann.hand["number"] if ann.hand else 0
    assert _offered(ann)[:2] == ["fold", "check"]
    mark = len(ann.frames)
    seq = await ann.request({"type": "act", "action": "fold"})
    # The ack of an earlier action of the loop above may still arrive after the mark.
    await ann.wait_for(
        lambda c: any(f["type"] == "ack" and f["seq"] == seq for f in c.frames[mark:]),
        what="the fold's ack",
    )
    assert not any(f["type"] == "error" for f in ann.frames[mark:]), ann.frames[mark:]
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
    # Its record carries the rule, and a strict judge reads the fold without a warning.
    response = api.http.get(f"/api/tables/{table_id}/hands/{number}/phh")
    assert response.status_code == 200, response.text
    assert "free_fold = true" in response.text
    assert judge(read_record(response.text)).warnings == ()


async def _fold_refused(server: Server) -> None:
    api = Api(server.base)
    _, ann = await _at_a_free_check(api, {"free_fold": False})
    assert "fold" not in _offered(ann)
    mark = len(ann.frames)
    await ann.request({"type": "act", "action": "fold"})
    refused = await ann.frame("error", after=mark)
    assert "cannot fold: nothing to call (check instead)" in refused["message"]
    await ann.close()


def test_a_fold_when_checking_is_free_is_offered_taken_and_judged_strictly(server: Server) -> None:
    asyncio.run(_free_fold(server))


def test_a_table_without_the_house_rule_refuses_that_fold(server: Server) -> None:
    asyncio.run(_fold_refused(server))
