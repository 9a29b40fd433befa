"""Seat requests and the host's console over real sockets and REST: a join link asks, the host
approves or declines; one token, one seat; a lost link replaced; the host's own seat; rules
changed between hands and announced; every kind of bot; sitting out and back in; refusals that
change nothing; and a request that survives SIGKILL, approved once."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Server
from tests.server.helpers import join_request, pending_requests
from tests.tools.wsclient import Api, Client
from wildstud.server.requests import HOST_COMMANDS_BURST
from wildstud.words import describe_settings

Frame = dict[str, Any]


def _status(api: Api, token: str) -> Frame:
    answer: Frame = api.get(f"/api/seat/{token}/status")
    return answer


def test_requests_approved_declined_and_seated_once(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], seat_requests=True)
    ann = join_request(api, created, "Ann")
    assert ann.status_code == 202, ann.text
    ann_body = ann.json()
    assert ann_body["status"] == "pending"
    assert ann_body["link"] is None
    bob = join_request(api, created, "Bob", seat=3).json()
    # A second request for a waiting name is refused, and so is a seat that does not exist.
    assert join_request(api, created, "ann").status_code == 409
    assert join_request(api, created, "Cy", seat=5, extra=1).status_code == 422
    assert [(r["name"], r["seat"]) for r in pending_requests(api, created)] == [
        ("Ann", None),
        ("Bob", 3),
    ]
    assert _status(api, ann_body["token"])["status"] == "pending"
    assert api.table(created)["seats"] == []

    approved = api.ok(api.host(created, "POST", f"/requests/{ann_body['request']}", approve=True))
    assert approved["status"] == "seated"
    assert approved["token"] is None
    seated = _status(api, ann_body["token"])
    assert seated["status"] == "seated"
    assert seated["seat"] == 0
    assert seated["link"].endswith(f"/seat/{ann_body['token']}")
    # Approving again changes nothing: one request, one seat.
    again = api.host(created, "POST", f"/requests/{ann_body['request']}", approve=True)
    assert again.status_code == 409, again.text
    assert "already approved" in again.json()["detail"]
    assert [seat["name"] for seat in api.table(created)["seats"]] == ["Ann"]

    declined = api.ok(api.host(created, "POST", f"/requests/{bob['request']}", approve=False))
    assert declined["status"] == "declined"
    assert _status(api, bob["token"])["status"] == "declined"
    # A declined name asking again at once is refused, and nothing is filed.
    retry = join_request(api, created, "Bob")
    assert retry.status_code == 429, retry.text
    assert "declined" in retry.json()["detail"]
    assert "Retry-After" in retry.headers
    assert pending_requests(api, created) == []
    # Unknown ids, bad bodies and unknown tokens: a sentence, nothing changed.
    assert api.host(created, "POST", "/requests/nope", approve=True).status_code == 404
    bad = api.host(created, "POST", f"/requests/{bob['request']}", approve="maybe")
    assert bad.status_code == 422
    assert "approve" in bad.json()["detail"]
    assert api.http.get("/api/seat/not-a-token/status").status_code == 404
    assert [seat["name"] for seat in api.table(created)["seats"]] == ["Ann"]

    async def play() -> None:
        client = await Client(seated["socket"], "Ann").open()
        welcome = await client.frame("welcome")
        assert welcome["role"] == "seat"
        assert welcome["seat"] == 0
        await client.close()

    asyncio.run(play())


def test_requests_are_rate_limited_per_address(server: Server) -> None:
    api = Api(server.base, local="127.0.0.3")
    # Spread over four tables: one address may hold only a share of each table's queue.
    tables = [api.create(games=[{"game": "FTQ"}], seat_requests=True, seats=8) for _ in range(4)]
    answers = [join_request(api, tables[index % 4], f"P{index}").status_code for index in range(10)]
    assert answers[:8] == [202] * 8, answers
    assert 429 in answers[8:], answers
    limited = join_request(api, tables[1], "Late")
    assert limited.status_code == 429
    assert "seat requests" in limited.json()["detail"]
    # Another address is not held back by this one.
    other = Api(server.base, local="127.0.0.4")
    assert join_request(other, tables[0], "Other").status_code == 202
    assert sum(len(pending_requests(other, table)) for table in tables) == answers.count(202) + 1


def test_open_seating_seats_at_once(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}])  # wsclient's default: open seating
    answer = join_request(api, created, "Ann")
    assert answer.status_code == 201
    assert answer.json()["status"] == "seated"
    assert _status(api, answer.json()["token"])["status"] == "seated"


def test_host_seat_new_link_bots_and_rules(server: Server) -> None:
    api = Api(server.base)
    created = api.create(
        games=[{"game": "FTQ"}], seat_requests=True, bot_delay=0, hand_pause=0.2, action_clock=60
    )
    host = api.ok(api.host(created, "POST", "/seat", name="Hostess"))
    assert host["status"] == "seated"
    assert host["seat"] == 0
    ann = join_request(api, created, "Ann").json()
    api.ok(api.host(created, "POST", f"/requests/{ann['request']}", approve=True))
    kinds = [
        api.ok(api.host(created, "POST", "/bots", kind=kind))["kind"]
        for kind in ("random-bot", "calling-bot", "equity-bot")
    ]
    assert kinds == ["random-bot", "calling-bot", "equity-bot"]
    assert api.host(created, "POST", "/bots", kind="psychic-bot").status_code == 422
    api.ok(api.host(created, "DELETE", "/seats/2"))  # the random bot goes
    assert [s["kind"] for s in api.table(created)["seats"]] == [
        "player",
        "player",
        "calling-bot",
        "equity-bot",
    ]
    # A bot has no link to replace; an empty seat neither.
    assert api.host(created, "POST", "/seats/3/link").status_code == 409
    assert api.host(created, "POST", "/seats/7/link").status_code == 409

    async def scenario() -> None:
        old = await Client(f"{server.ws}/ws/seat/{ann['token']}", "Ann").open()
        await old.frame("table")
        watcher = await Client(f"{server.ws}/ws/seat/{host['token']}", "Hostess").open()
        await watcher.frame("table")
        fresh = api.ok(api.host(created, "POST", "/seats/1/link"))
        assert fresh["token"] != ann["token"]
        removed = await old.frame("removed")
        assert "new link" in removed["message"]
        await old.wait_for(lambda c: c.closed, what="the old link's connection closed")
        assert _status(api, ann["token"])["status"] == "gone"
        assert _status(api, fresh["token"])["status"] == "seated"
        reopened = await Client(fresh["socket"], "Ann").open()
        assert (await reopened.frame("welcome"))["seat"] == 1

        stakes = {"limit": "fixed-limit", "ante": 2, "bring_in": 3, "small_bet": 10, "big_bet": 20}
        api.ok(api.host(created, "PUT", "/rules", stakes=stakes))
        notice = await watcher.frame("notice")
        assert notice["kind"] == "rules"
        assert notice["hand"] == 1
        [change] = notice["changes"]
        assert change == {"setting": "stakes", "stakes": {**stakes, "raise_cap": 3}}
        bad = api.host(created, "PUT", "/rules", stakes={**stakes, "small_bet": 0})
        assert bad.status_code == 422
        assert api.table(created)["settings"]["stakes"]["small_bet"] == 10
        await asyncio.gather(old.close(), watcher.close(), reopened.close())

    asyncio.run(scenario())


def test_sat_out_by_the_clock_sits_back_in(server: Server) -> None:
    api = Api(server.base)
    created = api.create(
        games=[{"game": "FTQ"}], action_clock=0.3, time_bank=0, absent_hands=1, hand_pause=0.2
    )
    ann = api.join(created, "Ann")
    api.join(created, "Bob")
    api.ok(api.host(created, "POST", "/start"))

    async def scenario() -> None:
        client = await Client(ann["socket"], "Ann").open()
        await client.frame("welcome")

        def absent(c: Client) -> bool:
            seats = (c.table or {}).get("seats", [])
            return any(seat["name"] == "Ann" and seat["absent"] for seat in seats)

        await client.wait_for(absent, timeout=20, what="Ann sat out by the clock")
        await client.request({"type": "sit_in"})
        await client.wait_for(lambda c: not absent(c), what="Ann back in")
        seat = next(s for s in (client.table or {})["seats"] if s["name"] == "Ann")
        assert not seat["sitting_out"]
        await client.request({"type": "sit_out"})
        await client.wait_for(
            lambda c: any(
                s["name"] == "Ann" and s["sitting_out"] and not s["absent"]
                for s in (c.table or {})["seats"]
            ),
            what="Ann sitting out by her own choice",
        )
        api.ok(api.host(created, "POST", "/pause"))
        await client.close()

    asyncio.run(scenario())


@pytest.mark.slow
def test_sigkill_with_a_request_pending(database_url: str, tmp_path: Path) -> None:
    server = Server(database_url, tmp_path / "server.log").start()
    try:
        api = Api(server.base)
        created = api.create(games=[{"game": "FTQ"}], seat_requests=True)
        ann = join_request(api, created, "Ann").json()
        server.kill()
        server.start()
        api = Api(server.base)
        assert _status(api, ann["token"])["status"] == "pending"
        assert [r["id"] for r in pending_requests(api, created)] == [ann["request"]]
        path = f"/requests/{ann['request']}"
        api.ok(api.host(created, "POST", path, approve=True))
        server.kill()
        server.start()
        api = Api(server.base)
        assert _status(api, ann["token"])["status"] == "seated"
        assert pending_requests(api, created) == []
        assert api.host(created, "POST", path, approve=True).status_code == 409
        assert [s["name"] for s in api.table(created)["seats"]] == ["Ann"]
        assert api.ledger(created["table"]["id"])["balanced"]
        asyncio.run(_notice_survives(server))
    finally:
        server.stop()
    log = server.log_text()
    assert ann["token"] not in log
    assert created["host_token"] not in log


async def _notice_survives(server: Server) -> None:
    """A change of the stakes is stored with its notice: sent again after SIGKILL to a client
    that connects before its hand is over, and kept in that hand's record."""
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], bot_delay=0, hand_pause=0.1)
    for _ in range(2):
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    stakes = {"limit": "fixed-limit", "ante": 1, "bring_in": 2, "small_bet": 6, "big_bet": 12}
    api.ok(api.host(created, "PUT", "/rules", stakes=stakes))
    server.kill()
    server.start()
    api = Api(server.base)
    watcher = await Client(created["links"]["watch_socket"], "watcher").open()
    notice = await watcher.frame("notice")
    assert notice["hand"] == 1
    assert notice["changes"] == [{"setting": "stakes", "stakes": {**stakes, "raise_cap": 3}}]
    api.ok(api.host(created, "POST", "/start"))
    table_id = created["table"]["id"]
    async with asyncio.timeout(30):
        while api.table(created)["hands_dealt"] < 2:
            await asyncio.sleep(0.1)
    api.ok(api.host(created, "POST", "/pause"))
    first = api.get(f"/api/tables/{table_id}/hands/1")
    # The record keeps the notice in words, as the command line says it.
    assert first["notices"] == [describe_settings(notice["changes"])]
    assert "bets 6/12" in first["notices"][0]
    await watcher.close()


def test_host_commands_are_rate_limited_per_host_link(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}])
    # Sent from eight threads at once, the later ones adding bots: the commands come faster
    # than the bucket refills (2 a second) however slowly a loaded machine answers each, which
    # one after another they did not (the 40th came after the refill, and passed).
    commands: list[tuple[str, dict[str, str]]] = [("/pause", {})] * 50 + [
        ("/bots", {"kind": "calling-bot"})
    ] * 10
    started = time.monotonic()
    with ThreadPoolExecutor(8) as pool:
        answers = list(
            pool.map(
                lambda command: api.host(created, "POST", *command[:1], **command[1]), commands
            )
        )
    took = time.monotonic() - started
    codes = [answer.status_code for answer in answers]
    passed = sum(code < 300 for code in codes)
    # The burst of 30, and what refilled while the commands came: never more.
    assert HOST_COMMANDS_BURST <= passed <= HOST_COMMANDS_BURST + took * 2 + 1, (codes, took)
    limited = [answer for answer in answers[50:] if answer.status_code == 429]
    assert limited, codes
    for answer in limited:
        assert "host commands" in answer.json()["detail"]
        assert "Retry-After" in answer.headers
    # A refused command changed nothing: a bot was seated for each one answered 201 alone.
    seated = sum(answer.status_code == 201 for answer in answers[50:])
    assert len(api.table(created)["seats"]) == seated
    # Another table's host is not held back.
    other = api.create(games=[{"game": "FTQ"}])
    assert api.host(other, "POST", "/bots", kind="calling-bot").status_code == 201


def test_an_equity_bot_plays_at_the_table(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}, {"game": "BD5"}], bot_delay=0, hand_pause=0)
    for kind in ("equity-bot", "calling-bot"):
        api.ok(api.host(created, "POST", "/bots", kind=kind))
    api.ok(api.host(created, "POST", "/start"))

    async def watch() -> None:
        # The bots wait for someone to watch; the equity bot decides off the event loop.
        watcher = await Client(created["links"]["watch_socket"], "watcher").open()
        async with asyncio.timeout(120):
            while api.table(created)["hands_dealt"] < 3:
                await asyncio.sleep(0.2)
        api.ok(api.host(created, "POST", "/pause"))
        await watcher.close()

    asyncio.run(watch())
    assert api.ledger(created["table"]["id"])["balanced"]
