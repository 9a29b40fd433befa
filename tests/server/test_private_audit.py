"""The audit of a private table's deals at a real server: once the host ends the night every
party publishes each deal's secret and order (the pages over the socket, the server its own),
the audit is told to every page, and the night record carries it all for ``wildstud verify
--night``; a page that reordered otherwise than it says, and one that withholds its secrets, are
each named, at the table and by the command line."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Server
from tests.server.helpers import logged_server, refused
from tests.tools.private_table import (
    Calm,
    PrivatePage,
    finished_hand,
    private_table,
    reopened,
    stop_pages,
)
from tests.tools.wsclient import Api, Client, play
from wildstud.cli import main

Frame = dict[str, Any]


def audit_of(client: Client) -> Frame | None:
    """The last ``private_audit`` frame the page was sent."""
    return next((f for f in reversed(client.frames) if f["type"] == "private_audit"), None)


def night_audited(
    server: Server, cheat: str, seconds: float
) -> tuple[list[Frame], Frame, list[PrivatePage], Any]:
    """A night of one hand of Follow the Queen between Ann, Bob and a bot, Bob's page cheating
    (``cheat``: a PrivatePage attribute); the audit each page was told, the night record, the pages
    and the record's answer before the audit was done."""
    api = Api(server.base)

    async def scenario() -> tuple[list[Frame], Frame, list[PrivatePage], Any]:
        created, clients, pages, runners = await private_table(
            api, "FTQ", ["Ann", "Bob"], shuffle_seconds=seconds
        )
        setattr(pages[1], cheat, True)
        table_id = created["table"]["id"]
        api.ok(api.host(created, "POST", "/start"))
        await clients[0].wait_for(lambda c: c.hand is not None, timeout=120, what="hand 1")
        api.ok(api.host(created, "POST", "/end"))  # hand 1 plays out, and the night is over
        async with asyncio.timeout(300):
            await asyncio.gather(*(play(client, Calm(), finished_hand(1)) for client in clients))
            early = api.http.get(f"/api/tables/{table_id}/night-record")
            for client in clients:
                await client.wait_for(lambda c: audit_of(c) is not None, timeout=120, what="audit")
        record = api.get(f"/api/tables/{table_id}/night-record")
        audits = [audit_of(client) for client in clients]
        await stop_pages(clients, runners)
        return [audit for audit in audits if audit is not None], record, pages, early

    return asyncio.run(scenario())


def verified(record: Frame, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Any, str]:
    path = tmp_path / "night.json"
    path.write_text(json.dumps(record))
    with pytest.raises(SystemExit) as exited:
        main(["verify", "--night", str(path)])
    return exited.value.code, capsys.readouterr().out


def revealed_once(record: Frame) -> list[Frame]:
    """The deals of a night of two hands whose decks were masked, each holding every party's
    secret once (a restart in the middle of a reveal round must neither lose nor repeat one)."""
    masked = [deal for deal in record["deals"] if any(r["kind"] == "deck" for r in deal["rows"])]
    assert {deal["hand"] for deal in masked} == {1, 2}
    for deal in masked:
        parties = len(deal["rows"][0]["data"]["parties"])
        reveals = sorted(r["party"] for r in deal["rows"] if r["kind"] == "reveal")
        assert reveals == list(range(parties)), (deal["hand"], deal["deal"], reveals)
    return masked


def honest(record: Frame, deals: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``wildstud verify --night`` finds the record honest, ``deals`` deals checked."""
    code, out = verified(record, tmp_path, capsys)
    assert code == 0, out
    assert f"dealt honestly: checked {deals} deals" in " ".join(out.split())


def test_a_page_that_reordered_otherwise_than_it_says_is_named_after_the_night(
    server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    audits, record, pages, early = night_audited(server, "misorder", 8)
    assert early.status_code in (200, 409)  # 409 while the secrets are being published
    if early.status_code == 409:
        refused(early, 409, "publishing their secrets")
    assert not [page.errors for page in pages if page.errors]
    for audit in audits:
        assert audit["deals"] >= 1
        assert {(f["party"], f["kind"]) for f in audit["faults"]} == {("Bob", "reordered")}
        assert "Bob's page reordered the deck wrongly in hand 1" in audit["faults"][0]["text"]
    assert len(audits) == 2
    # The record carries every party's secret: the server's and each page's.
    reveals = [row for deal in record["deals"] for row in deal["rows"] if row["kind"] == "reveal"]
    assert len(reveals) == 3 * len(record["deals"])
    assert not [row for deal in record["deals"] for row in deal["rows"] if row["kind"] == "agent"]
    code, out = verified(record, tmp_path, capsys)
    assert code == 2
    assert "Bob's page reordered the deck wrongly in hand 1" in out


def test_a_withheld_secret_is_named_did_not_publish(
    server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    audits, record, _, _ = night_audited(server, "withhold", 4)
    assert len(audits) == 2
    for audit in audits:
        assert {(f["party"], f["kind"]) for f in audit["faults"]} == {("Bob", "unpublished")}
    code, out = verified(record, tmp_path, capsys)
    assert code == 2
    assert "Bob's page did not publish its secret and order in hand 1" in out
    assert "Ann" not in out


def test_a_table_that_reveals_after_each_hand_audits_it_before_the_night_ends(
    server: Server,
) -> None:
    api = Api(server.base)

    async def scenario() -> list[Frame | None]:
        created, clients, pages, runners = await private_table(
            api, "FTQ", ["Ann", "Bob"], private_reveal="hand"
        )
        assert created["table"]["settings"]["private_reveal"] == "hand"
        api.ok(api.host(created, "POST", "/start"))
        async with asyncio.timeout(300):
            await asyncio.gather(*(play(client, Calm(), finished_hand(1)) for client in clients))
            for client in clients:
                await client.wait_for(lambda c: audit_of(c) is not None, timeout=120, what="audit")
        assert not [page.errors for page in pages if page.errors]
        audits = [audit_of(client) for client in clients]
        await stop_pages(clients, runners)
        return audits

    for audit in asyncio.run(scenario()):
        assert audit is not None
        assert audit["faults"] == []
        assert audit["first"] == 1
        assert audit["deals"] >= audit["last"] >= 1


def test_a_seat_open_on_two_devices_is_played_by_one_page_and_nobody_is_blamed(
    server: Server,
) -> None:
    # Ann opens her seat on her laptop and her phone, each page with a secret of its own: the
    # deal takes the key that comes first, that page plays the hand, and the other sits it out
    # (before, both masked and unmasked: the deck broke, the hand was void, and Ann's other
    # secret, published after the hand, would have named her in the audit).
    api = Api(server.base)

    async def scenario() -> tuple[list[Frame | None], list[PrivatePage], Frame]:
        created, clients, pages, runners = await private_table(
            api, "FTQ", ["Ann", "Bob"], private_reveal="hand"
        )
        phone = await Client(clients[0].url, "Ann's phone").open()
        await phone.frame("table")
        pages.append(PrivatePage(phone))
        runners.append(asyncio.create_task(pages[-1].run()))
        api.ok(api.host(created, "POST", "/start"))
        async with asyncio.timeout(300):
            await asyncio.gather(*(play(client, Calm(), finished_hand(1)) for client in clients))
            for client in [*clients, phone]:
                await client.wait_for(lambda c: audit_of(c) is not None, timeout=120, what="audit")
        audits = [audit_of(client) for client in [*clients, phone]]
        await stop_pages([*clients, phone], runners)
        hand = api.get(f"/api/tables/{created['table']['id']}/hands/1")
        return audits, pages, hand

    audits, (laptop, bob, phone), hand = asyncio.run(scenario())
    assert "void" not in hand or hand["void"] is None, hand.get("void")
    assert any(event["type"] == "revealed" and event["seat"] == 1 for event in hand["events"])

    # Hand 2 may have begun while the audit of hand 1 was told, its key taken from either page.
    def opened(page: PrivatePage) -> bool:
        return any(hand == 1 for hand, _, _ in page.cards)

    playing, other = (laptop, phone) if opened(laptop) else (phone, laptop)
    assert opened(playing)
    assert not opened(other)
    assert (1, 1) in other.elsewhere
    assert (1, 1) not in playing.elsewhere
    assert not bob.errors, bob.errors
    # A page whose key came second is refused as a page of a seat played elsewhere, no more.
    for page in (playing, other):
        assert {error["code"] for error in page.errors} <= {"elsewhere"}, page.errors
    for audit in audits:
        assert audit is not None
        assert audit["faults"] == [], audit["faults"]


def test_a_page_that_publishes_as_it_goes_is_not_named_when_it_is_gone(server: Server) -> None:
    api = Api(server.base)

    async def scenario() -> tuple[list[Frame | None], list[PrivatePage]]:
        created, clients, pages, runners = await private_table(
            api, "FTQ", ["Ann", "Bob"], shuffle_seconds=4
        )
        api.ok(api.host(created, "POST", "/start"))
        async with asyncio.timeout(300):
            await asyncio.gather(*(play(client, Calm(), finished_hand(1)) for client in clients))
            bob = pages[1]
            # Bob publishes hand 1's secrets before anyone asks (as his page does as he leaves).
            for hand, deal in [key for key in bob.agents if key[0] == 1]:
                agent = bob.agents[hand, deal]
                answer: dict[str, object] = {"step": "reveal", "secret": agent.secret.scalar.hex()}
                answer["order"] = list(agent.order)
                await bob.client.send(
                    {"type": "private", "hand": hand, "deal": deal, "answer": answer}
                )
            bob.withhold = True  # and never answers again
            api.ok(api.host(created, "POST", "/end"))
            await asyncio.gather(*(play(client, Calm(), finished_hand(2)) for client in clients))
            for client in clients:
                await client.wait_for(lambda c: audit_of(c) is not None, timeout=120, what="audit")
        audits = [audit_of(client) for client in clients]
        await stop_pages(clients, runners)
        return audits, pages

    audits, pages = asyncio.run(scenario())
    assert not [page.errors for page in pages if page.errors]
    for audit in audits:
        assert audit is not None
        named = {(f["hand"], f["party"], f["kind"]) for f in audit["faults"]}
        assert named == {(2, "Bob", "unpublished")}, "hand 1 was published early, hand 2 was not"


def test_a_secret_withheld_while_the_next_hand_waits_is_named_when_its_clock_runs_out(
    server: Server,
) -> None:
    """In ``hand`` mode the secrets of hand 1 are published while hand 2 is played: a page that
    withholds its own is named once ``shuffle_seconds`` runs out, though hand 2 waits on a
    player's clock of two minutes (the reveal's deadline was missed until the driver ticked for
    something else)."""
    api = Api(server.base)

    async def scenario() -> tuple[Frame | None, float, float]:
        created, clients, pages, runners = await private_table(
            api, "FTQ", ["Ann", "Bob"], private_reveal="hand", shuffle_seconds=4, action_clock=120
        )
        pages[1].withhold = True
        api.ok(api.host(created, "POST", "/start"))
        loop = asyncio.get_running_loop()
        async with asyncio.timeout(300):
            await asyncio.gather(*(play(client, Calm(), finished_hand(1)) for client in clients))
            over = loop.time()
            # Nobody plays hand 2: it waits on a player's turn (or its deal's rounds, which
            # the pages answer) while hand 1's reveal round runs out.
            await clients[0].wait_for(lambda c: audit_of(c) is not None, timeout=60, what="audit")
        told = loop.time()
        hand = clients[0].hand
        audit = audit_of(clients[0])
        await stop_pages(clients, runners)
        return audit, told - over, 0.0 if hand is None else hand["number"]

    audit, waited, hand = asyncio.run(scenario())
    assert audit is not None
    assert {(f["party"], f["kind"]) for f in audit["faults"]} == {("Bob", "unpublished")}
    assert waited < 60
    assert hand == 2  # told while hand 2 was in play


def test_a_restart_in_the_middle_of_the_reveal_round_resumes_and_counts_each_deal_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two hands, then the night ends: Bob's page keeps its secrets of hand 2 until the server
    has been killed and started again. The round resumes from its stored rows: Bob's page,
    reconnected, publishes what is still due, and the audit counts every deal once, with one
    secret of each party each; while the round waits, the page that
    asks whether the record is offered is told "not yet" without an error."""
    server = logged_server(tmp_path)
    api = Api(server.base)

    async def scenario() -> tuple[list[Frame], Frame, list[Frame], list[PrivatePage]]:
        created, clients, pages, runners = await private_table(
            api, "FTQ", ["Ann", "Bob"], shuffle_seconds=60
        )
        table_id = created["table"]["id"]
        offered = f"/api/tables/{table_id}/night-record/offered"
        pages[1].hold = lambda frame: frame["step"] == "reveal" and frame["hand"] == 2
        api.ok(api.host(created, "POST", "/start"))
        async with asyncio.timeout(300):
            await asyncio.gather(*(play(client, Calm(), finished_hand(1)) for client in clients))
            await clients[0].wait_for(
                lambda c: c.hand is not None and c.hand["number"] == 2, timeout=120, what="hand 2"
            )
            api.ok(api.host(created, "POST", "/end"))  # hand 2 plays out: two hands tonight
            await asyncio.gather(*(play(client, Calm(), finished_hand(2)) for client in clients))
            while not pages[1].held:
                await asyncio.sleep(0.05)
        waiting = [api.get(offered)]
        server.kill()
        await stop_pages(clients, runners)
        server.start()
        waiting.append(api.get(offered))  # the round goes on from its rows: not offered yet
        again, runners = await reopened(pages, clients)
        async with asyncio.timeout(120):
            for client in again:
                await client.wait_for(lambda c: audit_of(c) is not None, timeout=120, what="audit")
        audits = [audit_of(client) for client in again]
        record = api.get(f"/api/tables/{table_id}/night-record")
        waiting.append(api.get(offered))
        await stop_pages(again, runners)
        return [a for a in audits if a is not None], record, waiting, pages

    try:
        audits, record, waiting, pages = asyncio.run(scenario())
    finally:
        server.stop()
    assert "driver failed" not in server.log_text()
    assert not [page.errors for page in pages if page.errors]
    publishing = "the players are publishing their secrets: try again soon"
    assert waiting == [
        {"offered": False, "none": False, "detail": publishing},
        {"offered": False, "none": False, "detail": publishing},
        {"offered": True, "none": False, "detail": "offered"},
    ]
    masked = revealed_once(record)
    assert len(audits) == 2
    for audit in audits:
        assert (audit["first"], audit["last"]) == (1, 2)
        assert audit["deals"] == len(masked)
        assert audit["faults"] == []
    honest(record, len(masked), tmp_path, capsys)


def test_a_restart_while_a_hand_is_revealed_in_hand_mode_resumes_its_reveal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In ``hand`` mode hand 1's secrets are published while hand 2 is played: Bob's page keeps
    its own until the server has been killed and started again. Hand 1's reveal round resumes
    from its stored rows, Bob's page, reconnected, publishes, hand 1's audit is told with no
    fault, hand 2 plays on; at the night's end the record holds every deal once, each with
    every party's secret, and ``wildstud verify --night`` finds it honest."""
    server = logged_server(tmp_path)
    api = Api(server.base)

    async def scenario() -> tuple[list[Frame], list[Frame], Frame, list[PrivatePage]]:
        created, clients, pages, runners = await private_table(
            api, "FTQ", ["Ann", "Bob"], private_reveal="hand", shuffle_seconds=60, action_clock=600
        )
        # Hand 2 waits for its players however long the restart takes on a loaded machine
        # (on the default clock of 30 s it could be played out by the clock meanwhile).
        table_id = created["table"]["id"]
        pages[1].hold = lambda frame: frame["step"] == "reveal" and frame["hand"] == 1
        api.ok(api.host(created, "POST", "/start"))
        async with asyncio.timeout(300):
            await asyncio.gather(*(play(client, Calm(), finished_hand(1)) for client in clients))
            while not pages[1].held:
                await asyncio.sleep(0.05)
        server.kill()
        await stop_pages(clients, runners)
        server.start()
        again, runners = await reopened(pages, clients)
        async with asyncio.timeout(300):
            for client in again:
                await client.wait_for(lambda c: audit_of(c) is not None, timeout=120, what="audit")
            first = [audit_of(client) for client in again]
            api.ok(api.host(created, "POST", "/end"))  # hand 2 plays out: two hands tonight
            await asyncio.gather(*(play(client, Calm(), finished_hand(2)) for client in again))
            for client in again:
                await client.wait_for(
                    lambda c: (audit_of(c) or {}).get("last") == 2, timeout=120, what="audit 2"
                )
        last = [audit_of(client) for client in again]
        record = api.get(f"/api/tables/{table_id}/night-record")
        await stop_pages(again, runners)
        return [a for a in first if a], [a for a in last if a], record, pages

    try:
        first, last, record, pages = asyncio.run(scenario())
    finally:
        server.stop()
    assert "driver failed" not in server.log_text()
    assert not [page.errors for page in pages if page.errors]
    assert len(first) == len(last) == 2
    for audit in first:
        assert (audit["first"], audit["last"], audit["faults"]) == (1, 1, [])
    for audit in last:
        assert (audit["last"], audit["faults"]) == (2, [])
    masked = revealed_once(record)
    honest(record, len(masked), tmp_path, capsys)
