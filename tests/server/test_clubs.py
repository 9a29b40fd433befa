"""Clubs over a real server: a club and its members (the host decides who joins, a member is
known by the token their device keeps), nights created from the club whose results go into the
club's book when they end, and the book's payments marked, confirmed and netted into the next
night; every hostile request (another's token, another club's member, another's payment, a
step taken twice) is refused with its own status and changes nothing."""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
from typing import Any

from tests.server.conftest import Server
from tests.server.helpers import (
    club_member,
    new_club,
    play_club_night,
    refused,
    token_of,
)
from tests.tools.wsclient import Api


def test_a_club_lets_in_whom_its_host_approves(api: Api) -> None:
    club = new_club(api)
    host, join = club["host_token"], token_of(club["links"]["join"])
    assert club["links"]["host"].endswith(f"/club-host/{host}")
    assert club["club"]["you"]["host"]
    assert club["club"]["you"]["name"] == "Ann"
    # The join form offers a colour the host does not have (the host took the palette's first).
    assert api.get(f"/api/clubs/join/{join}") == {
        "name": "Fridays",
        "host_name": "Ann",
        "members": 1,
        "colour": "#ff7f0e",
    }

    asked = api.http.post(f"/api/clubs/join/{join}", json={"name": "Bob", "initials": "BB"})
    assert asked.status_code == 202, asked.text
    bob = asked.json()
    assert bob["status"] == "pending"
    assert len(bob["token"]) >= 43
    assert bob["link"].endswith(f"/club/{bob['token']}")
    # Until the host decides, Bob's token says where he stands and opens nothing else.
    assert api.get(f"/api/clubs/member/{bob['token']}/status")["status"] == "pending"
    refused(api.http.get(f"/api/clubs/member/{bob['token']}"), 403, "not let you in")
    refused(api.http.get(f"/api/clubs/member/{bob['token']}/book"), 403)
    # A look-alike of a name waiting is refused; the club is unchanged by it.
    refused(api.http.post(f"/api/clubs/join/{join}", json={"name": "BOB"}), 409, "taken")
    refused(api.http.post(f"/api/clubs/join/{join}", json={"name": "Cy", "colour": "red"}), 422)
    refused(api.http.post(f"/api/clubs/join/{'x' * 43}", json={"name": "Cy"}), 404, "join link")
    seen = api.get(f"/api/clubs/host/{host}")
    assert [(m["name"], m["status"]) for m in seen["members"]] == [
        ("Ann", "member"),
        ("Bob", "pending"),
    ]

    # A wrong host token, or a member's token used as the host's, decides nothing.
    path = f"/members/{bob['member']['id']}"
    for wrong in ("x" * 43, bob["token"]):
        refused(api.http.post(f"/api/clubs/host/{wrong}{path}", json={"approve": True}), 404)
    assert api.get(f"/api/clubs/member/{bob['token']}/status")["status"] == "pending"
    refused(api.http.post(f"/api/clubs/host/{host}/members/nobody", json={"approve": True}), 404)
    approved = api.http.post(f"/api/clubs/host/{host}{path}", json={"approve": True})
    assert approved.json()["status"] == "member"
    # A second decision never undoes the first.
    again = api.http.post(f"/api/clubs/host/{host}{path}", json={"approve": False})
    refused(again, 409, "decided already")
    view = api.get(f"/api/clubs/member/{bob['token']}")
    assert view["you"]["name"] == "Bob"
    assert not view["is_host"]
    assert view["links"]["host"] is None
    assert [m["name"] for m in view["members"]] == ["Ann", "Bob"]
    # Members who give no colour are each given one nobody has: the standings' lines differ.
    assert len({m["colour"] for m in view["members"]}) == 2

    # Declined: the token says so, and opens nothing.
    cy = api.http.post(f"/api/clubs/join/{join}", json={"name": "Cy"}).json()
    api.ok(api.http.post(f"/api/clubs/host/{host}/members/{cy['member']['id']}",
                         json={"approve": False}))  # fmt: skip
    assert api.get(f"/api/clubs/member/{cy['token']}/status")["status"] == "declined"
    refused(api.http.get(f"/api/clubs/member/{cy['token']}"), 403, "declined")
    # A declined request's colour is free again.
    assert api.get(f"/api/clubs/join/{join}")["colour"] == cy["member"]["colour"] == "#2ca02c"


def test_host_and_member_tokens_are_stored_only_hashed(api: Api, server: Server) -> None:
    club = new_club(api, "Hashed")
    bob = club_member(api, club, "Bob")
    with sqlite3.connect(server.database_url.removeprefix("sqlite:///")) as db:
        dump = "\n".join(db.iterdump())
    for token in (club["host_token"], club["member_token"], bob):
        assert token not in dump
        assert hashlib.sha256(token.encode()).hexdigest() in dump
    assert club["club"]["id"] in dump


def test_a_member_keeps_one_identity_and_opens_it_elsewhere(api: Api) -> None:
    club = new_club(api, "Identity")
    bob = club_member(api, club, "Bob")
    profile = f"/api/clubs/member/{bob}/profile"
    changed = api.http.put(profile, json={"colour": "#00aa00", "handle": "paypal.me/bobby"})
    assert changed.status_code == 200, changed.text
    assert changed.json()["handle_link"] == "https://paypal.me/bobby"
    free_text = api.http.put(profile, json={"handle": "IBAN DE89 3704 0044"}).json()
    assert free_text["handle"] == "IBAN DE89 3704 0044"
    assert free_text["handle_link"] is None
    # Another member's name (or a look-alike) is refused; a bad colour or initials are invalid.
    refused(api.http.put(profile, json={"name": "ann"}), 409, "taken")
    refused(api.http.put(profile, json={"colour": "#12345"}), 422)
    refused(api.http.put(profile, json={"initials": "<b>"}), 422)
    assert api.get(f"/api/clubs/member/{bob}")["you"]["colour"] == "#00aa00"
    assert api.http.put(profile, json={"handle": ""}).json()["handle"] is None
    # A change of nothing changes nothing (it was a 500: an UPDATE that set no column).
    unchanged = api.http.put(profile, json={})
    assert unchanged.status_code == 200, unchanged.text
    assert (unchanged.json()["colour"], unchanged.json()["handle"]) == ("#00aa00", None)

    device = api.http.get(f"/api/clubs/member/{bob}/device-link")
    assert device.headers["cache-control"] == "no-store"
    assert device.json()["link"].endswith(f"/club/{bob}")
    assert device.json()["qr_svg"].startswith("<svg")
    refused(api.http.get(f"/api/clubs/member/{'y' * 43}/device-link"), 404)


def _open_payments(book: dict[str, Any]) -> list[dict[str, Any]]:
    return [p for p in book["payments"] if p["status"] in ("owed", "marked")]


def _squares(book: dict[str, Any]) -> None:
    """Every balance squares, and the nights' results add up to zero."""
    assert all(balance["squared"] for balance in book["balances"]), book["balances"]
    for entry in book["nights"]:
        assert sum(entry["nets"].values()) == 0


def test_nights_go_into_the_book_and_payments_are_followed_until_paid(
    api: Api, server: Server
) -> None:
    club = new_club(api, "Book")
    host = club["host_token"]
    ann = club["member_token"]
    tokens = {"Ann": ann, "Bob": club_member(api, club, "Bob"), "Cy": club_member(api, club, "Cy")}
    ids = {m["name"]: m["id"] for m in api.get(f"/api/clubs/host/{host}")["members"]}
    other = new_club(api, "Elsewhere", "Zed")

    # Everyone up or down: two payments, so that one is left owed when the other is paid.
    first = asyncio.run(play_club_night(api, club, tokens, 2, seed=7, moved=3))
    book, table_id = first["book"], first["night"]["table_id"]
    (entry,) = book["nights"]
    assert entry["number"] == 1
    assert entry["replaced"] == []
    # Each member is their club account in the book, whatever their ledger account was.
    night = api.get(f"/api/tables/{table_id}/night")
    assert entry["nets"] == {ids[p["name"]]: p["settles"] for p in night["players"]}
    _squares(book)
    assert len(book["payments"]) == 2, book
    club_view = api.get(f"/api/clubs/member/{tokens['Bob']}")
    assert [(n["table_id"], n["booked"]) for n in club_view["nights"]] == [(table_id, True)]

    # Another club's member sees none of it and acts on none of it.
    zed = other["member_token"]
    refused(api.http.post(f"/api/clubs/member/{zed}/nights/{table_id}/seat", json={}), 404)
    refused(api.http.post(f"/api/clubs/member/{zed}/payments/1/paid"), 404, "no payment")
    refused(api.http.post(f"/api/clubs/host/{other['host_token']}/nights/{table_id}/end"), 404)

    payment = book["payments"][0]
    payer = tokens[payment["payer_name"]]
    payee = tokens[payment["payee_name"]]
    step = f"/payments/{payment['number']}"
    before = api.get(f"/api/clubs/host/{host}/book")
    # Only the payer marks it paid, and only the payee (or the host) confirms it.
    refused(api.http.post(f"/api/clubs/member/{payee}{step}/paid"), 403, "not yours")
    refused(api.http.post(f"/api/clubs/member/{payer}{step}/confirmed"), 403, "not yours")
    refused(api.http.post(f"/api/clubs/member/{payee}{step}/confirmed"), 409, "not marked")
    refused(api.http.post(f"/api/clubs/member/{payer}{step}/refunded"), 422)
    refused(api.http.post(f"/api/clubs/member/{payer}/payments/999/paid"), 404)
    refused(api.http.post(f"/api/clubs/member/{'z' * 43}{step}/paid"), 404)
    assert api.get(f"/api/clubs/host/{host}/book") == before

    marked = api.ok(api.http.post(f"/api/clubs/member/{payer}{step}/paid"))
    assert marked["payments"][0]["status"] == "marked"
    refused(api.http.post(f"/api/clubs/member/{payer}{step}/paid"), 409, "not owed")
    confirmed = api.ok(api.http.post(f"/api/clubs/member/{payee}{step}/confirmed"))
    assert confirmed["payments"][0]["status"] == "confirmed"
    refused(api.http.post(f"/api/clubs/member/{payee}{step}/confirmed"), 409)
    refused(api.http.post(f"/api/clubs/host/{host}{step}/confirmed"), 409)
    _squares(confirmed)

    # The payee's handle is shown beside what they are owed, with a link for a payment service.
    api.ok(api.http.put(f"/api/clubs/member/{payee}/profile", json={"handle": "$Payee1"}))
    shown = api.get(f"/api/clubs/member/{payer}/book")["payments"][0]
    assert (shown["payee_handle"], shown["payee_link"]) == ("$Payee1", "https://cash.app/$Payee1")

    # What is still owed is netted into the next night's settle-up, which names what it replaced.
    owed = [p["number"] for p in _open_payments(confirmed)]
    assert len(owed) == 1
    second = asyncio.run(play_club_night(api, club, tokens, 1, seed=11))
    book = second["book"]
    latest = book["nights"][-1]
    assert latest["number"] == 2
    assert latest["replaced"] == owed
    for number in owed:
        assert book["payments"][number - 1]["status"] == "replaced"
        assert book["payments"][number - 1]["replaced_by"] == second["night"]["table_id"]
    _squares(book)
    # What each member is owed and owes now is the two nights less the confirmed payment.
    for balance in book["balances"]:
        member = balance["member"]
        results = sum(entry["nets"].get(member, 0) for entry in book["nights"])
        assert balance["nights"] == results
        assert (
            balance["owed_to"] - balance["owes"] == results - balance["received"] + balance["paid"]
        )
    # The book survives the server's restart as it was.
    server.kill()
    server.start()
    assert api.get(f"/api/clubs/host/{host}/book") == book


def test_a_member_who_leaves_and_sits_again_keeps_one_account(api: Api) -> None:
    """Bob leaves a night and sits down again from the club: the seat takes back the account
    he left with (his name unchanged, one row in the settle-up), and nobody else's."""
    club = new_club(api, "Comeback")
    host = club["host_token"]
    tokens = {"Bob": club_member(api, club, "Bob"), "Cy": club_member(api, club, "Cy")}
    made = api.http.post(f"/api/clubs/host/{host}/nights", json={})
    assert made.status_code == 201, made.text
    table_id = made.json()["table_id"]

    def sit(name: str) -> dict[str, Any]:
        path = f"/api/clubs/member/{tokens[name]}/nights/{table_id}/seat"
        seat = api.http.post(path, json={})
        assert seat.status_code == 201, seat.text
        answer: dict[str, Any] = seat.json()
        return answer

    first = sit("Bob")
    api.ok(api.http.post(f"/api/seat/{first['token']}/leave"))
    sit("Cy")  # another member sitting down meanwhile takes a fresh account of their own
    again = sit("Bob")
    assert again["name"] == "Bob"
    assert again["token"] != first["token"]
    players = api.get(f"/api/tables/{table_id}/night")["players"]
    assert sorted(player["name"] for player in players) == ["Bob", "Cy"], players
    # Leaving and coming back a second time still keeps the one account.
    api.ok(api.http.post(f"/api/seat/{again['token']}/leave"))
    assert sit("Bob")["name"] == "Bob"
    players = api.get(f"/api/tables/{table_id}/night")["players"]
    assert sorted(player["name"] for player in players) == ["Bob", "Cy"], players
