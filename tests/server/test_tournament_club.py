"""A club's tournament over a real server (issue 27 item 5): a night created from a club whose
settings hold a tournament; three members sit down, the host gives one the add-on, the players
agree an ICM deal, and the night goes into the club's book as money: each member's prize less
what they paid in. The host's tournament routes refuse what they must, with reasons."""

from __future__ import annotations

import asyncio
import random

from tests.server.helpers import club_member, refused, stop_playing, until_done
from tests.tools.wsclient import Api, Client, play
from wildstud.tournament import deal

NIGHT = {
    "name": "unused",
    "starting_chips": 1000,
    "games": [{"game": "FTQ"}, {"game": "SMBU"}],
    "seats": 4,
    "tournament": {
        "buy_in": 20,
        "level_hands": 5,
        "rebuy_levels": 1,
        "addon_chips": 1000,
        "addon_price": 10,
    },
}


def test_a_club_tournament_ended_by_a_deal_goes_into_the_book(api: Api) -> None:
    made = api.http.post(
        "/api/clubs", json={"name": "Sit and go club", "host_name": "Ann", "night": NIGHT}
    )
    assert made.status_code == 201, made.text
    club = made.json()
    tokens = {
        "Ann": club["member_token"],
        "Bob": club_member(api, club, "Bob"),
        "Cy": club_member(api, club, "Cy"),
    }
    host = club["host_token"]
    night = api.ok(api.http.post(f"/api/clubs/host/{host}/nights", json={}))
    table_id = night["table_id"]
    seats = {}
    for name, token in tokens.items():
        seat = api.http.post(f"/api/clubs/member/{token}/nights/{table_id}/seat", json={})
        assert seat.status_code == 201, seat.text
        seats[name] = seat.json()["seat"]
    table_host = night["host_token"]
    info = api.table({"table": {"id": table_id}})["tournament"]
    # The schedule was made from the starting chips: levels of five hands.
    assert (info["level"], info["hands_left"], info["small_bet"]) == (1, 5, 20)
    assert (info["entrants"], info["prize_pool"]) == (3, 60)

    # The host's refusals: a rebuy for a stack over the starting chips, an add-on twice, a
    # deal at a table that is not a tournament, an empty seat.
    path = f"/api/host/{table_host}/tournament/seats"
    api.ok(api.http.post(f"{path}/{seats['Ann']}/addon"))
    refused(api.http.post(f"{path}/{seats['Ann']}/addon"), 400, "has had the add-on")
    refused(api.http.post(f"{path}/{seats['Ann']}/rebuy"), 400, "at most the 1000 starting chips")
    refused(api.http.post(f"{path}/3/rebuy"), 400, "Seat 3 is empty")
    refused(api.http.post(f"/api/host/{'x' * 43}/tournament/deal", json={"kind": "icm"}), 404)
    cash = api.create(games=[{"game": "FTQ"}])
    refused(api.host(cash, "GET", "/tournament/deal"), 400, "not a tournament")
    refused(api.http.get(f"/api/tables/{cash['table']['id']}/tournament"), 404, "not a tournament")
    refused(api.http.post(f"/api/host/{table_host}/tournament/deal", json={"kind": "half"}), 422)

    # The rules: the clocks may change, the stakes and the starting chips may not.
    rules = f"/api/host/{table_host}/rules"
    api.ok(api.http.put(rules, json={"action_clock": 20}))
    refused(api.http.put(rules, json={"stakes": {"small_bet": 50, "big_bet": 100}}), 400, "levels")
    refused(api.http.put(rules, json={"starting_chips": 5000}), 400, "starting chips stay")

    # The deal calculator, and the deal: Ann's 2000 chips against 1000 and 1000.
    figures = api.ok(api.http.get(f"/api/host/{table_host}/tournament/deal"))
    assert figures["prizes"] == [70, 0, 0]  # three entrants: the winner takes all
    chips = {player["name"]: player["chips"] for player in figures["players"]}
    assert chips == {"Ann": 2000, "Bob": 1000, "Cy": 1000}
    names = [player["name"] for player in figures["players"]]
    whole = deal([chips[name] for name in names], [70, 0, 0], "icm")
    assert [player["icm_whole"] for player in figures["players"]] == whole
    assert [player["icm"] for player in figures["players"]] == [35.0, 17.5, 17.5]
    ended = api.ok(api.http.post(f"/api/host/{table_host}/tournament/deal", json={"kind": "icm"}))
    assert ended["status"] == "ended"
    places = {place["name"]: place for place in ended["tournament"]["places"]}
    assert places["Ann"]["place"] == 1
    assert sum(place["prize"] for place in places.values()) == 70
    refused(api.http.post(f"/api/host/{table_host}/tournament/deal", json={"kind": "icm"}), 400)

    # The book: each member's prize less what they paid (Ann: the buy-in and the add-on).
    book = api.get(f"/api/clubs/host/{host}/book")
    (entry,) = [item for item in book["nights"] if item["night"] == table_id]
    by_name = {book["names"][account]: net for account, net in entry["nets"].items()}
    prize = dict(zip(names, whole, strict=True))
    assert by_name == {"Ann": prize["Ann"] - 30, "Bob": prize["Bob"] - 20, "Cy": prize["Cy"] - 20}
    assert sum(by_name.values()) == 0


def test_a_club_tournaments_hands_count_but_its_chips_are_not_money(api: Api) -> None:
    """Hands played at a club's tournament count in the standings (hands, games), but their
    pots are tournament chips: no member's biggest pot, no member's luck; the night's money is
    its nets in the book."""
    made = api.http.post(
        "/api/clubs", json={"name": "Chips club", "host_name": "Ann", "night": NIGHT}
    )
    assert made.status_code == 201, made.text
    club = made.json()
    tokens = {"Ann": club["member_token"], "Bob": club_member(api, club, "Bob")}
    host = club["host_token"]
    night = api.ok(api.http.post(f"/api/clubs/host/{host}/nights", json={}))
    table_id = night["table_id"]
    table_path = f"/api/tables/{table_id}"

    async def play_three_hands() -> None:
        clients = []
        for name, token in tokens.items():
            seat = api.http.post(f"/api/clubs/member/{token}/nights/{table_id}/seat", json={})
            assert seat.status_code == 201, seat.text
            clients.append(await Client(seat.json()["socket"], name).open())
        api.ok(api.http.post(f"/api/host/{night['host_token']}/start"))
        rng = random.Random(5)
        tasks = [asyncio.create_task(play(client, rng, lambda _c: False)) for client in clients]
        try:
            await until_done(tasks, lambda: api.get(table_path)["hands_dealt"] >= 3)
            api.ok(api.http.post(f"/api/clubs/host/{host}/nights/{table_id}/end"))
            await until_done(tasks, lambda: api.get(table_path)["hand_in_progress"] is None)
        finally:
            await stop_playing(tasks, clients)

    asyncio.run(play_three_hands())
    api.ok(api.http.post(f"/api/host/{night['host_token']}/tournament/deal", json={"kind": "icm"}))
    hands = api.get(f"{table_path}/hands?limit=200")
    assert len(hands) >= 3
    book = api.get(f"/api/clubs/host/{host}/book")
    (entry,) = [item for item in book["nights"] if item["night"] == table_id]
    season = api.get(f"/api/clubs/host/{host}/standings")
    assert [night["night"] for night in season["nights"]] == [table_id]
    found = {standing["member"]: standing for standing in season["standings"]}
    assert {account: found[account]["net"] for account in entry["nets"]} == entry["nets"]
    for standing in found.values():
        assert standing["hands"] == len(hands)
        assert sum(game["hands"] for game in standing["games"]) == len(hands)
        assert (standing["biggest_pot"], standing["luck"]) == (0, 0)
