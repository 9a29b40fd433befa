"""A past hand from your own seat: your hole cards shown to you, everyone else's hidden cards
only as the showdown showed them, and nothing for a token that did not hold the seat then."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass

import pytest

from tests.server.conftest import Server
from tests.server.helpers import cards_in
from tests.tools.wsclient import Api, Client, Frame, own_hidden, play, record_cards

HANDS = 4


@dataclass
class Night:
    api: Api
    created: Frame
    tokens: list[str]
    indexes: list[int]
    clients: list[Client]
    spectator: Client


async def _night(server: Server) -> Night:
    api = Api(server.base)
    created = api.create(
        name="history", games=[{"game": "FTQ"}, {"game": "BD7"}], seats=5, hand_pause=0
    )
    names = ("ann", "bob", "cat")
    seats = [api.join(created, name) for name in names]
    clients = [
        await Client(seat["socket"], name).open() for seat, name in zip(seats, names, strict=True)
    ]
    spectator = await Client(created["links"]["watch_socket"], "watch").open()
    api.ok(api.host(created, "POST", "/start"))
    rng = random.Random(12)

    def done(client: Client) -> bool:
        return len(client.finished) >= HANDS

    async with asyncio.timeout(120):
        await asyncio.gather(*(play(c, random.Random(rng.random()), done) for c in clients))
    api.ok(api.host(created, "POST", "/pause"))
    await spectator.wait_for(lambda c: len(c.finished) >= HANDS, what="the hands")
    await asyncio.sleep(0.2)
    for client in [*clients, spectator]:
        await client.close()
    tokens = [seat["token"] for seat in seats]
    return Night(api, created, tokens, [seat["seat"] for seat in seats], clients, spectator)


@pytest.fixture(scope="module")
def night(server: Server) -> Night:
    """Three players at a table of Follow the Queen and seven-card Baby Daddy, four hands."""
    return asyncio.run(_night(server))


def _steps(night: Night, token: str, number: int) -> Frame:
    steps: Frame = night.api.get(f"/api/seat/{token}/hands/{number}/steps")
    return steps


def test_a_seat_replays_its_own_hole_cards_and_no_one_elses_hidden_card(night: Night) -> None:
    table = night.created["table"]["id"]
    showdowns = 0
    for number in sorted(night.spectator.finished):
        public = night.api.get(f"/api/tables/{table}/hands/{number}/steps")
        assert public["you"] is None
        seen_by_all = cards_in(public)
        for token, client in zip(night.tokens, night.clients, strict=True):
            mine = _steps(night, token, number)
            own = own_hidden(client, number)
            assert mine["you"] == client.hands[number]["you"]
            assert own
            # Its own hole cards are there from the first step its cards were dealt ...
            assert own <= cards_in(mine)
            assert own <= cards_in(mine["steps"][-1]["view"])
            # ... and nothing else the spectator did not see.
            assert cards_in(mine) - own <= seen_by_all
            # Another seat's card dealt face down shows only in a showdown's shown event.
            for step in mine["steps"]:
                for event in step["events"]:
                    if event["type"] == "dealt" and event["seat"] != mine["you"]:
                        assert event["up"] or event["card"] is None
            shown = {e["seat"] for s in mine["steps"] for e in s["events"] if e["type"] == "shown"}
            showdowns += len(shown - {mine["you"]})
            # The steps of the seat are the spectator's once the hidden cards are put aside.
            assert len(mine["steps"]) == len(public["steps"])
    assert showdowns, "no hand reached a showdown: the test proved less than it says"


def test_the_seat_record_downloads_with_its_own_hole_cards_only(night: Night) -> None:
    table = night.created["table"]["id"]
    number = min(night.spectator.finished)
    public = night.api.http.get(f"/api/tables/{table}/hands/{number}/phh")
    assert public.status_code == 200
    public_cards = record_cards(public.text)
    for token, client in zip(night.tokens, night.clients, strict=True):
        response = night.api.http.get(f"/api/seat/{token}/hands/{number}/phh")
        assert response.status_code == 200, response.text
        assert "attachment" in response.headers["content-disposition"]
        own = own_hidden(client, number)
        cards = record_cards(response.text)
        assert own <= cards
        assert cards - own <= public_cards


def test_a_new_player_at_a_departed_players_seat_never_sees_the_old_holecards_in(
    night: Night,
) -> None:
    table = night.created["table"]["id"]
    leaver, index = night.clients[0], night.indexes[0]
    night.api.ok(night.api.host(night.created, "DELETE", f"/seats/{index}"))
    # The old link opens nothing now.
    gone = night.api.http.get(f"/api/seat/{night.tokens[0]}/hands/1/steps")
    assert gone.status_code == 404
    assert "No seat has this token" in gone.json()["detail"]
    newcomer = night.api.join(night.created, "dan", seat=index)
    assert newcomer["seat"] == index
    for number in sorted(night.spectator.finished):
        public = night.api.get(f"/api/tables/{table}/hands/{number}/steps")
        theirs = _steps(night, newcomer["token"], number)
        assert theirs["you"] is None
        assert cards_in(theirs) == cards_in(public)
        assert not own_hidden(leaver, number) - cards_in(public) & cards_in(theirs)


def test_a_wrong_token_a_hand_never_dealt_and_a_bad_number_are_refused(night: Night) -> None:
    token = night.tokens[1]
    wrong = night.api.http.get("/api/seat/not-a-token/hands/1/steps")
    assert wrong.status_code == 404
    assert "No seat has this token" in wrong.json()["detail"]
    later = night.api.http.get(f"/api/seat/{token}/hands/9999/steps")
    assert later.status_code == 404
    assert "has no finished hand 9999" in later.json()["detail"]
    bad = night.api.http.get(f"/api/seat/{token}/hands/0/steps")
    assert bad.status_code == 422
