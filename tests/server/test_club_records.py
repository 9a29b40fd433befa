"""A club's records over a real server (issue 27 items 3 and 4): seasons set by the host, the
standings and friends' stats of a season checked against figures worked out here from the
stored hands' public histories, past nights imported from PokerNow's ledger export and from a
plain sheet (members matched by name, the rest guests), a bad sheet refused with its row and
reason while nothing changes, and every night exported as CSV, JSON and PHH."""

from __future__ import annotations

import asyncio
import csv
import datetime
import io
import json
from typing import Any

import pytest

from tests.server.helpers import club_member, new_club, play_club_night, refused
from tests.tools.club_season import season_worked_out, stored_hands
from tests.tools.wsclient import Api
from wildstud.history import read_records
from wildstud.history.notation import format_action

GAME_FIGURES = ("hands", "voluntary", "showdowns", "showdowns_won", "wilds_at_showdown")

POKERNOW = (
    "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net\r\n"
    "bob,pn-bob,2026-10-01T19:02:11.000Z,2026-10-01T21:00:00.000Z,1000,0,0,-1000\r\n"
    "Dave,pn-dave,2026-10-01T19:03:00.000Z,2026-10-01T23:40:00.000Z,1000,1250,0,250\r\n"
    "Bobby,pn-bob,2026-10-01T21:05:00.000Z,2026-10-01T23:40:00.000Z,1000,1750,0,750\r\n"
)
"""Bob's two sessions under two nicknames (one player id): the later name names him."""
SHEET = "name,bought in,cashed out\nANN,20,5\nDave,20,40\nANN,10,5\n"


@pytest.fixture(scope="module")
def season(api: Api) -> dict[str, Any]:
    """A club of three that played two nights, everyone up or down after the first."""
    club = new_club(api, "Records")
    tokens = {"Ann": club["member_token"], "Bob": club_member(api, club, "Bob")}
    tokens["Cy"] = club_member(api, club, "Cy")
    first = asyncio.run(play_club_night(api, club, tokens, 3, seed=21, moved=3))
    second = asyncio.run(play_club_night(api, club, tokens, 2, seed=22))
    return {"club": club, "tokens": tokens, "nights": [first, second]}


def _figures(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        standing["member"]: {
            "net": standing["net"],
            "nights": standing["nights"],
            "hands": standing["hands"],
            "biggest_pot": standing["biggest_pot"],
            "luck": standing["luck"],
            "games": {
                game["game"]: {key: game[key] for key in GAME_FIGURES} for game in standing["games"]
            },
        }
        for standing in answer["standings"]
    }


def _same(answer: dict[str, Any], expected: dict[str, dict[str, Any]]) -> None:
    got = _figures(answer)
    assert set(got) == set(expected)
    for account, figures in expected.items():
        mine = got[account]
        assert mine["luck"] == pytest.approx(figures["luck"], abs=0.06), account
        assert {**mine, "luck": 0} == {**figures, "luck": 0}, account


def test_a_seasons_standings_are_the_stored_hands(api: Api, season: dict[str, Any]) -> None:
    club = season["club"]
    host, bob = club["host_token"], season["tokens"]["Bob"]
    today = datetime.datetime.now(datetime.UTC).date()
    made = api.http.post(
        f"/api/clubs/host/{host}/seasons",
        json={"name": "Autumn", "starts": str(today - datetime.timedelta(days=30)),
              "ends": str(today + datetime.timedelta(days=30))},
    )  # fmt: skip
    assert made.status_code == 201, made.text
    autumn = made.json()
    past = api.ok(api.http.post(
        f"/api/clubs/host/{host}/seasons",
        json={"name": "Last year", "starts": "2025-01-01", "ends": "2025-12-31"},
    ))  # fmt: skip
    # Seasons are the host's to set, with dates in order.
    body = {"name": "Mine", "starts": "2026-01-01", "ends": "2026-12-31"}
    refused(api.http.post(f"/api/clubs/host/{bob}/seasons", json=body), 404)
    backwards = {"name": "x", "starts": "2026-02-01", "ends": "2026-01-01"}
    refused(api.http.post(f"/api/clubs/host/{host}/seasons", json=backwards), 422)
    assert [s["name"] for s in api.get(f"/api/clubs/member/{bob}")["seasons"]] == [
        "Autumn",
        "Last year",
    ]

    answer = api.get(f"/api/clubs/member/{bob}/standings?season={autumn['id']}")
    assert answer["season"]["name"] == "Autumn"
    assert len(answer["nights"]) == 2
    expected = season_worked_out(api, host)
    _same(answer, expected)
    # Every night without a season; none in a season before the club.
    _same(api.get(f"/api/clubs/host/{host}/standings"), expected)
    empty = api.get(f"/api/clubs/member/{bob}/standings?season={past['id']}")
    assert (empty["nights"], empty["standings"]) == ([], [])
    refused(api.http.get(f"/api/clubs/member/{bob}/standings?season=nope"), 404, "no season")
    refused(api.http.get(f"/api/clubs/member/{'q' * 43}/standings"), 404)
    # Best net first; the nets add up to zero; each member named, with their colour.
    nets = [standing["net"] for standing in answer["standings"]]
    assert nets == sorted(nets, reverse=True)
    assert sum(nets) == 0
    assert {s["name"] for s in answer["standings"]} == {"Ann", "Bob", "Cy"}
    assert all(s["colour"].startswith("#") for s in answer["standings"])
    for standing in answer["standings"]:
        for game in standing["games"]:
            assert game["title"] == "Follow the Queen"

    # The season as CSV and JSON, as downloads.
    got = api.http.get(f"/api/clubs/member/{bob}/standings.csv?season={autumn['id']}")
    assert got.status_code == 200
    assert got.headers["content-type"].startswith("text/csv")
    assert "attachment" in got.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(got.text)))
    totals = {row["name"]: row for row in rows if row["game"] == ""}
    for standing in answer["standings"]:
        row = totals[standing["name"]]
        assert (int(row["net"]), int(row["hands"])) == (standing["net"], standing["hands"])
    per_game = [row for row in rows if row["game"]]
    assert {row["game"] for row in per_game} == {"Follow the Queen"}
    kept = api.http.get(f"/api/clubs/host/{host}/standings.json?season={autumn['id']}")
    assert json.loads(kept.text) == answer


def test_past_nights_are_imported_into_the_book(api: Api, season: dict[str, Any]) -> None:
    club = season["club"]
    host, bob = club["host_token"], season["tokens"]["Bob"]
    ids = {m["name"]: m["id"] for m in api.get(f"/api/clubs/host/{host}")["members"]}
    before = api.get(f"/api/clubs/host/{host}/book")

    # A bad sheet is refused with its row and the reason, and the book is as it was.
    bad_cases = [
        ("name,bought in,cashed out\nAnn,20,x\n", "Row 2: 'x' is not an amount"),
        ("name,bought in,cashed out\nAnn,20,30\nBob,20,0\n", "add up to -10, not 0"),
        ("who,what\nAnn,3\n", "a ledger: the columns are PokerNow's"),
        ("name,bought in,cashed out\nAnn,20,30\nANN,10,0\n", "would be one person"),
        (POKERNOW.replace("1750,0,750", "1750,0,700"), "Row 4: Bobby's net is not"),
    ]
    for text, reason in bad_cases:
        refused(api.http.post(f"/api/clubs/host/{host}/imports", json={"csv": text}), 400, reason)
    refused(api.http.post(f"/api/clubs/host/{host}/imports", json={"csv": SHEET, "scale": 0}), 422)
    refused(api.http.post(f"/api/clubs/member/{bob}/imports", json={"csv": SHEET}), 404)
    assert api.get(f"/api/clubs/host/{host}/book") == before

    # PokerNow's export: Bob is the club's Bob (his latest nickname aside, "bob" matches him
    # by name only through the first: the later "Bobby" names him, and is a guest).
    made = api.http.post(f"/api/clubs/host/{host}/imports", json={"csv": POKERNOW})
    assert made.status_code == 201, made.text
    pokernow = made.json()
    assert pokernow["source"] == "pokernow"
    assert pokernow["date"] == "2026-10-01"
    assert pokernow["number"] is None
    assert pokernow["nets"] == {"guest:~bobby": -250, "guest:~dave": 250}
    # A plain sheet, in cents, dated by the host: ANN is Ann; Dave is the same guest as before.
    sheet = api.ok(api.http.post(
        f"/api/clubs/host/{host}/imports",
        json={"csv": SHEET, "date": "2026-10-08", "scale": 100},
    ))  # fmt: skip
    assert sheet["nets"] == {ids["Ann"]: -2000, "guest:~dave": 2000}
    book = api.get(f"/api/clubs/host/{host}/book")
    assert [entry["night"] for entry in book["nights"]][-2:] == [pokernow["night"], sheet["night"]]
    assert book["nights"][-1]["source"] == "sheet"
    assert book["names"]["guest:~dave"] == "Dave"
    # The imports are nights of the book: their settle-ups net what was still owed.
    assert all(balance["squared"] for balance in book["balances"])
    dave = next(b for b in book["balances"] if b["member"] == "guest:~dave")
    assert dave["nights"] == 2250
    assert dave["owed_to"] - dave["owes"] == 2250

    # The standings count the imported nights' results (dated as imported), with no hands.
    everything = api.get(f"/api/clubs/member/{bob}/standings")
    assert [night["date"] for night in everything["nights"]][:2] == ["2026-10-01", "2026-10-08"]
    figures = {s["member"]: s for s in everything["standings"]}
    assert (figures["guest:~dave"]["net"], figures["guest:~dave"]["hands"]) == (2250, 0)
    assert figures["guest:~dave"]["nights"] == 2
    assert figures["guest:~dave"]["colour"] is None

    # Every night exported: CSV rows add up to the book's nights, JSON holds the payments.
    got = api.http.get(f"/api/clubs/member/{bob}/nights.csv")
    assert got.status_code == 200
    rows = list(csv.DictReader(io.StringIO(got.text)))
    for entry in book["nights"]:
        mine = {r["member_id"]: int(r["net"]) for r in rows if r["night"] == entry["night"]}
        assert mine == entry["nets"]
    assert {r["source"] for r in rows} == {"played", "pokernow", "sheet"}
    data = json.loads(api.http.get(f"/api/clubs/host/{host}/nights.json").text)
    assert [n["night"] for n in data["nights"]] == [e["night"] for e in book["nights"]]
    made_payments = [p["number"] for n in data["nights"] for p in n["payments"]]
    assert sorted(made_payments) == [p["number"] for p in book["payments"]]


def test_every_hand_of_the_club_is_exported_as_phh(api: Api, season: dict[str, Any]) -> None:
    bob = season["tokens"]["Bob"]
    got = api.http.get(f"/api/clubs/member/{bob}/nights.phhs")
    assert got.status_code == 200, got.text
    assert got.headers["content-disposition"].endswith('.phhs"')
    records = read_records(got.content)
    played = [night["night"]["table_id"] for night in season["nights"]]
    listed = [h for table_id in played for h in stored_hands(api, table_id)]
    assert [record.hand for record in records] == [hand["number"] for hand in listed]
    for record, hand in zip(records, listed, strict=True):
        assert set(record.players or ()) == set(hand["players"])
        assert isinstance(record.table, str)
        assert record.table.startswith("Records #")
        assert record.commitments
    # No hidden card but those the showdown showed: a record's own PHH says "????" for the rest.
    for record, hand in zip(records, listed, strict=True):
        shown = {card for event in hand["events"] if event["type"] == "shown"
                 for card in event["cards"]}  # fmt: skip
        for action in record.actions:
            text = format_action(action).split(" #")[0]
            if text.startswith("d dh"):
                cards = text.split()[3].replace("??", "")
                held = {cards[i : i + 2] for i in range(0, len(cards), 2)}
                assert held <= shown | _up_cards(hand), (text, shown)


def _up_cards(hand: dict[str, Any]) -> set[str]:
    return {
        event["card"]
        for event in hand["events"]
        if event["type"] == "dealt" and event.get("up") and event.get("card")
    }
