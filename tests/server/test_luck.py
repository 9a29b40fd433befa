"""Each player's luck tonight, over a real socket: the figures ``wildstud.odds.luck`` gives
for each hand's public record, summed by player; none before a hand."""

from __future__ import annotations

import asyncio

import pytest

from tests.server.conftest import Server
from tests.server.helpers import refused
from tests.tools.wsclient import Api, all_in_night
from wildstud.deal import Acted, Redealt
from wildstud.history import loads, replay
from wildstud.odds.luck import record_luck


@pytest.mark.parametrize("game", ["FTQ", "BITCH"])
def test_a_nights_luck_is_the_sum_of_each_hands_on_its_record(server: Server, game: str) -> None:
    api, created, _ = asyncio.run(all_in_night(server.base, game))
    table = api.get(f"/api/tables/{created['table']['id']}")
    table_id, finished = table["id"], table["hands_dealt"] - bool(table["hand_in_progress"])
    night = api.odds(f"/api/tables/{table_id}/luck")
    assert night["looked_at"] == finished
    expected: dict[str, float] = {}
    hands: dict[str, int] = {}
    counted = []
    for number in range(1, finished + 1):
        record = loads(api.http.get(f"/api/tables/{table_id}/hands/{number}/phh").text)
        luck = record_luck(record)
        if luck is None:
            continue
        counted.append(number)
        assert record.players is not None
        for seat, chips in luck.luck.items():
            name = record.players[seat]
            expected[name] = expected.get(name, 0.0) + chips
            hands[name] = hands.get(name, 0) + 1
    # The first hand was all in on third street with both hands shown; in The Bitch a queen
    # of spades dealt face up after the betting redeals it (a new deal nobody bet on): no luck.
    # One dealt up before the betting redeals a hand nobody has bet on yet: its luck counts.
    first = replay(loads(api.http.get(f"/api/tables/{table_id}/hands/1/phh").text), fill_in=True)
    events = first.hand.events
    last_bet = max(i for i, event in enumerate(events) if isinstance(event, Acted))
    redealt = any(isinstance(event, Redealt) for event in events[last_bet:])
    assert counted[:1] == ([] if redealt else [1]), "the first hand was all in, both shown"
    assert night["hands"] == counted
    ours = {player["name"]: player["luck"] for player in night["players"]}
    # A night whose every hand was redealt into one nobody bet on has no luck at all.
    assert set(ours) == ({"Ann", "Bob"} if counted else set())
    assert ours == pytest.approx(expected, abs=1e-9)
    assert {player["name"]: player["hands"] for player in night["players"]} == hands
    # Luck moves chips between the hands shown, never makes any.
    assert sum(ours.values()) == pytest.approx(0, abs=1e-9)
    # Asked again, the same figures (each hand's kept).
    assert api.odds(f"/api/tables/{table_id}/luck") == night


def test_a_night_with_no_hand_has_no_luck(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], seats=3)
    night = api.odds(f"/api/tables/{created['table']['id']}/luck")
    assert night == {
        "table_id": created["table"]["id"],
        "looked_at": 0,
        "hands": [],
        "players": [],
    }
    refused(api.http.get("/api/tables/nope/luck"), 404, "'nope'")
