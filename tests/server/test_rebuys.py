"""Rebuys, top-ups and the end of the night over a real server: asked for over the socket,
decided by the host over REST, applied between hands, refused with nothing changed, kept
through SIGKILL; a player back at the table keeps their account; one player holding every
chip is said to."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.server.conftest import Server
from tests.server.helpers import answer_to, refused
from tests.tools.wsclient import Api, Client, Frame


def _night(api: Api, created: Frame) -> Frame:
    night: Frame = api.get(f"/api/tables/{created['table']['id']}/night")
    return night


async def _ask_to_rebuy(client: Client, amount: Any) -> Frame:
    """Send a rebuy request; return its answer (ack or error)."""
    return await answer_to(client, await client.request({"type": "rebuy", "amount": amount}))


async def _requests_and_refusals(server: Server) -> None:
    api = Api(server.base)
    created = api.create(
        games=[{"game": "FTQ"}], starting_chips=500, top_up_ceiling=800, rebuys_per_player=2
    )
    ann = api.join(created, "Ann")
    api.join(created, "Bob")
    client = await Client(ann["socket"], "Ann").open()
    await client.frame("table")

    # Bad input: an error frame each, and nothing changed.
    for amount in (0, -5, "lots", 10**12):
        await client.send({"type": "rebuy", "seq": client.seq + 1, "amount": amount})
    await client.send({"type": "rebuy", "seq": client.seq + 1})
    await client.wait_for(
        lambda c: sum(f["type"] == "error" and f["code"] == "malformed" for f in c.frames) == 5,
        what="five malformed errors",
    )
    over = await _ask_to_rebuy(client, 301)  # 500 + 301 is over the ceiling of 800
    assert over["type"] == "error"
    assert over["code"] == "refused"
    assert "at most 300 chips" in over["message"]
    assert api.table(created)["rebuys"] == []

    # A top-up asked for: everyone sees it waiting; a second one is refused while it waits.
    asked = await _ask_to_rebuy(client, 300)
    assert asked["type"] == "ack"
    (request,) = api.table(created)["rebuys"]
    assert request == {
        "id": request["id"],
        "seat": 0,
        "name": "Ann",
        "amount": 300,
        "kind": "top-up",
        "status": "pending",
    }
    again = await _ask_to_rebuy(client, 10)
    assert again["code"] == "refused"
    assert "waiting for the host already" in again["message"]

    # The host: unknown ids are 404, bad ids 422; a decline changes no chip.
    refused(api.host(created, "POST", "/rebuys/nope/approve"), 404)
    refused(api.host(created, "POST", "/rebuys/%20x/approve"), 422)
    refused(api.http.post(f"/api/host/wrong/rebuys/{request['id']}/approve"), 404)
    api.ok(api.host(created, "POST", f"/rebuys/{request['id']}/decline"))
    assert api.table(created)["rebuys"] == []
    refused(api.host(created, "POST", f"/rebuys/{request['id']}/approve"), 404)
    assert _night(api, created)["buy_ins"] == 1000

    # Approved between hands: the chips come at once, as a top-up on Ann's account.
    await _ask_to_rebuy(client, 300)
    (request,) = api.table(created)["rebuys"]
    table = api.ok(api.host(created, "POST", f"/rebuys/{request['id']}/approve"))
    assert table["rebuys"] == []
    assert table["seats"][0]["stack"] == 800
    reasons = [(e["name"], e["reason"], e["amount"]) for e in api.ledger(table["id"])["entries"]]
    assert reasons[-1] == ("Ann", "top-up", 300)
    night = _night(api, created)
    assert night["balanced"]
    assert night["buy_ins"] == 1300
    ann_night = next(p for p in night["players"] if p["name"] == "Ann")
    assert (ann_night["buy_ins"], ann_night["rebuys"], ann_night["net"]) == (800, 1, 0)
    at_ceiling = await _ask_to_rebuy(client, 1)
    assert "top-up ceiling of 800 already" in at_ceiling["message"]

    # The host's decisions are rate limited: 429 with a sentence, nothing changed.
    statuses = [api.host(created, "POST", "/rebuys/none/decline").status_code for _ in range(30)]
    assert 429 in statuses
    assert set(statuses) <= {404, 429}
    await client.close()


def test_a_rebuy_is_asked_for_decided_and_refused_with_nothing_changed(server: Server) -> None:
    asyncio.run(_requests_and_refusals(server))


async def _approved_mid_hand(server: Server) -> None:
    api = Api(server.base)
    created = api.create(
        games=[{"game": "FTQ"}],
        starting_chips=300,
        top_up_ceiling=1000,
        action_clock=0.6,
        time_bank=0,
        absent_hands=100,
        bot_delay=0.2,
        hand_pause=0.3,
        bots=[{"kind": "calling-bot"}],
    )
    table_id = created["table"]["id"]
    cy = await Client(api.join(created, "Cy")["socket"], "Cy").open()  # the clock plays for Cy
    api.ok(api.host(created, "POST", "/start"))
    await cy.frame("hand")
    assert (await _ask_to_rebuy(cy, 100))["type"] == "ack"
    (request,) = api.table(created)["rebuys"]
    table = api.ok(api.host(created, "POST", f"/rebuys/{request['id']}/approve"))
    # Never mid-hand: approved, the chips wait for the hand to end.
    assert table["hand_in_progress"] == 1
    assert table["rebuys"][0]["status"] == "approved"
    assert table["seats"][1]["stack"] == 300
    await cy.wait_for(lambda c: 2 in c.finished, timeout=60, what="the end of hand 2")
    entries = api.ledger(table_id)["entries"]
    top_up = next(i for i, e in enumerate(entries) if e["reason"] == "top-up")
    assert entries[top_up]["amount"] == 100
    assert entries[top_up]["seat"] == 1
    assert all(e["hand_number"] == 1 for e in entries[top_up - 2 : top_up] if e["amount"] != 0)
    assert all(e["hand_number"] != 1 for e in entries[top_up:])
    first, second = sorted(api.get(f"/api/tables/{table_id}/hands"), key=lambda h: h["number"])
    assert second["starting_stacks"][1] == first["final_stacks"][1] + 100
    assert _night(api, created)["balanced"]

    # The host ends the night: the hand in progress plays out, no other is dealt.
    night = api.ok(api.host(created, "POST", "/end"))
    assert night["ended"]
    refused(api.host(created, "POST", "/end"), 400)
    refused(api.host(created, "POST", "/start"), 400)
    join = created["links"]["join"].rsplit("/", 1)[1]
    refused(api.http.post(f"/api/join/{join}", json={"name": "Late"}), 400)
    ended = await _ask_to_rebuy(cy, 10)
    assert "The night is over" in ended["message"]
    deadline = asyncio.get_running_loop().time() + 30
    while api.table(created)["hand_in_progress"] is not None:
        assert asyncio.get_running_loop().time() < deadline, "the last hand never ended"
        await asyncio.sleep(0.05)
    dealt = api.table(created)["hands_dealt"]
    await asyncio.sleep(1.0)
    table = api.table(created)
    assert table["status"] == "ended"
    assert table["hands_dealt"] == dealt
    night = _night(api, created)
    assert night["ended"]
    assert night["balanced"]
    assert night["hand_in_progress"] is None
    await cy.close()


def test_chips_approved_mid_hand_come_when_it_ends_and_the_night_ends_after_the_hand(
    server: Server,
) -> None:
    asyncio.run(_approved_mid_hand(server))


def test_a_player_back_at_the_table_keeps_one_account(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], starting_chips=200)
    ed = api.join(created, "Ed")
    api.join(created, "Flo")
    api.ok(api.host(created, "DELETE", "/seats/0"))  # Ed leaves and cashes out
    # and comes back with the seat token his device kept: the same person (a name would not do:
    # tests/server/test_identity.py)
    join = created["links"]["join"].rsplit("/", 1)[1]
    again = api.ok(
        api.http.post(f"/api/join/{join}", json={"name": "ED", "returning": ed["token"]})
    )
    assert again["seat"] == 0
    night = _night(api, created)
    assert [(p["name"], p["buy_ins"], p["cash_outs"], p["chips"]) for p in night["players"]] == [
        ("ED", 400, 200, 200),
        ("Flo", 200, 0, 200),
    ]
    ids = {e["player_id"] for e in api.ledger(created["table"]["id"])["entries"]}
    assert len(ids) == 2
    # One player holds every chip: the table says so.
    api.ok(api.host(created, "DELETE", "/seats/1"))
    assert api.table(created)["holds_all"] is None  # alone at the table: nobody to play
    api.join(created, "Gus")
    assert api.table(created)["holds_all"] is None


async def _one_holds_all(server: Server) -> None:
    api = Api(server.base)
    created = api.create(
        games=[{"game": "FTQ"}],
        starting_chips=20,
        stakes={"ante": 5, "bring_in": 5, "small_bet": 10, "big_bet": 20},
        bot_delay=0,
        hand_pause=0,
        # All in from the ante on: the run-out's pause between streets (2 s by default, for
        # players to watch their chances) would make most of the test's time.
        runout_pause=0.05,
        bots=[{"kind": "calling-bot"}, {"kind": "calling-bot"}],
    )
    api.ok(api.host(created, "POST", "/start"))
    deadline = asyncio.get_running_loop().time() + 30
    while api.table(created)["holds_all"] is None:
        assert asyncio.get_running_loop().time() < deadline, "nobody took every chip"
        await asyncio.sleep(0.05)
    table = api.table(created)
    holder = table["holds_all"]
    stacks = {seat["seat"]: seat["stack"] for seat in table["seats"]}
    assert stacks[holder] == 40
    assert all(stack == 0 for seat, stack in stacks.items() if seat != holder)


def test_one_player_holding_every_chip_is_said_to(server: Server) -> None:
    asyncio.run(_one_holds_all(server))


async def _killed_with_a_rebuy_pending(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], starting_chips=500, top_up_ceiling=1000)
    seats = [api.join(created, name) for name in ("Hal", "Ivy")]
    hal = await Client(seats[0]["socket"], "Hal").open()
    await hal.frame("table")
    asked = await _ask_to_rebuy(hal, 250)
    assert asked["type"] == "ack"
    await hal.close()
    server.kill()
    server.start()
    api = Api(server.base)
    # After the restart the request is there, once, still waiting.
    (request,) = api.table(created)["rebuys"]
    assert (request["name"], request["amount"], request["status"]) == ("Hal", 250, "pending")
    # The seat's count survived: the same request again is a repeat, not a second request.
    hal = await Client(seats[0]["socket"], "Hal").open()
    await hal.frame("welcome")
    assert hal.welcome is not None
    assert hal.welcome["last_seq"] == asked["seq"]
    await hal.send({"type": "rebuy", "seq": asked["seq"], "amount": 250})
    await hal.wait_for(lambda c: any(f.get("repeat") for f in c.frames), what="the repeat")
    assert len(api.table(created)["rebuys"]) == 1
    api.ok(api.host(created, "POST", f"/rebuys/{request['id']}/approve"))
    server.kill()
    server.start()
    api = Api(server.base)
    # Applied once, and only once, across the restart.
    table = api.table(created)
    assert table["rebuys"] == []
    assert table["seats"][0]["stack"] == 750
    entries = api.ledger(created["table"]["id"])["entries"]
    assert [e["reason"] for e in entries].count("top-up") == 1
    refused(api.host(created, "POST", f"/rebuys/{request['id']}/approve"), 404)
    assert _night(api, created)["balanced"]
    await hal.close()


def test_sigkill_with_a_rebuy_pending_then_restart_loses_nothing_and_applies_it_once(
    database_url: str, tmp_path: Path
) -> None:
    server = Server(database_url, tmp_path / "server.log").start()
    try:
        asyncio.run(_killed_with_a_rebuy_pending(server))
    finally:
        server.stop()


async def _leaving(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], starting_chips=300)
    jo = api.join(created, "Jo")
    api.join(created, "Kim")
    client = await Client(jo["socket"], "Jo").open()
    await client.frame("table")
    token = jo["token"]
    refused(api.http.post("/api/seat/nope/leave"), 404)
    table = api.ok(api.http.post(f"/api/seat/{token}/leave"))  # between hands: at once
    assert [seat["name"] for seat in table["seats"]] == ["Kim"]
    removed = await client.frame("removed")
    assert removed["message"] == "Your seat is given up: its 300 chips are cashed out"
    assert removed["cash_out"] == 300
    entries = api.ledger(created["table"]["id"])["entries"]
    assert (entries[-1]["name"], entries[-1]["reason"], entries[-1]["amount"]) == (
        "Jo",
        "cash-out",
        -300,
    )
    refused(api.http.post(f"/api/seat/{token}/leave"), 404)  # the link is dead
    night = _night(api, created)
    assert night["balanced"]
    assert [(p["name"], p["seat"], p["cash_outs"]) for p in night["players"]] == [
        ("Jo", None, 300),
        ("Kim", 1, 0),
    ]
    await client.close()


def test_a_player_leaves_and_cashes_out(server: Server) -> None:
    asyncio.run(_leaving(server))
