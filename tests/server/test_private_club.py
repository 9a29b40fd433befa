"""A club whose nights are dealt privately: its standings, its nights' figures and its hands'
PHH come from each hand's rounds (nobody ever knew a deck), with every card no showdown showed
left unknown."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.server.conftest import Server
from tests.server.helpers import NIGHT, club_member
from tests.tools.private_table import Calm, PrivatePage, stop_pages
from tests.tools.wsclient import Api, Client, play
from wildstud.history import read_records
from wildstud.history.notation import format_action


def _private_club(api: Api) -> dict[str, Any]:
    night = {**NIGHT, "deal": "private", "seats": 3}
    made = api.http.post(
        "/api/clubs", json={"name": "Masked", "host_name": "Ann", "initials": "A", "night": night}
    )
    assert made.status_code == 201, made.text
    club: dict[str, Any] = made.json()
    return club


async def _night(api: Api, club: dict[str, Any], tokens: dict[str, str], hands: int) -> str:
    """A private night of the club's members (their pages answering the rounds), ended by the
    host once ``hands`` hands were dealt (each to the showdown); the night's table id."""
    host = club["host_token"]
    made = api.http.post(f"/api/clubs/host/{host}/nights", json={})
    assert made.status_code == 201, made.text
    night = made.json()
    table_id: str = night["table_id"]
    clients = []
    for name, token in tokens.items():
        seat = api.http.post(f"/api/clubs/member/{token}/nights/{table_id}/seat", json={})
        assert seat.status_code == 201, seat.text
        clients.append(await Client(seat.json()["socket"], name).open())
    for client in clients:
        await client.frame("table")
    pages = [PrivatePage(client) for client in clients]
    runners = [asyncio.create_task(page.run()) for page in pages]
    api.ok(api.http.post(f"/api/host/{night['host_token']}/start"))
    # Everyone plays on until the night is in the book: the hand in progress when the host
    # ends the night is played out first.
    runners += [asyncio.create_task(play(client, Calm(), lambda _c: False)) for client in clients]
    try:
        async with asyncio.timeout(180):
            while api.get(f"/api/tables/{table_id}")["hands_dealt"] < hands:
                await asyncio.sleep(0.1)
            ended = api.http.post(f"/api/clubs/host/{host}/nights/{table_id}/end")
            assert ended.status_code == 200, ended.text
            while not any(
                entry["night"] == table_id
                for entry in api.get(f"/api/clubs/host/{host}/book")["nights"]
            ):
                await asyncio.sleep(0.1)
    finally:
        await stop_pages(clients, runners)
    assert not [page.errors for page in pages if page.errors]
    return table_id


def test_a_club_s_private_nights_are_in_its_standings_and_records(server: Server) -> None:
    api = Api(server.base)
    club = _private_club(api)
    host = club["host_token"]
    tokens = {"Ann": club["member_token"], "Bob": club_member(api, club, "Bob")}
    table_id = asyncio.run(_night(api, club, tokens, 2))
    hands = [api.get(f"/api/tables/{table_id}/hands/{number}") for number in (1, 2)]
    assert all(hand["commitments"] == [] for hand in hands)  # dealt privately: no deck

    standings = api.get(f"/api/clubs/host/{host}/standings")
    assert len(standings["nights"]) == 1
    counted = {standing["name"]: standing for standing in standings["standings"]}
    assert set(counted) == {"Ann", "Bob"}
    assert all(standing["hands"] == 2 for standing in counted.values())
    assert sum(standing["net"] for standing in counted.values()) == 0
    for download in ("standings.csv", "nights.csv", "nights.json"):
        got = api.http.get(f"/api/clubs/host/{host}/{download}")
        assert got.status_code == 200, (download, got.text)

    # Every hand in the club's PHH, no hidden card named but those the showdown showed.
    phh = api.http.get(f"/api/clubs/host/{host}/nights.phhs")
    assert phh.status_code == 200, phh.text
    records = read_records(phh.content)
    assert [record.hand for record in records] == [1, 2]
    for record, hand in zip(records, hands, strict=True):
        shown = {
            card
            for event in hand["events"]
            if event["type"] in ("shown", "revealed")
            for card in event["cards"]
        }
        assert shown, "a hand of checks and calls goes to the showdown"
        up = {event["card"] for event in hand["events"] if event.get("card")}
        for action in record.actions:
            text = format_action(action).split(" #")[0]
            if text.startswith("d dh"):
                cards = text.split()[3].replace("??", "")
                held = {cards[i : i + 2] for i in range(0, len(cards), 2)}
                assert held <= shown | up, (text, shown)
