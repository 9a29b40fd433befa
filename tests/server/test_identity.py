"""A name is not an identity, tested as an impostor would: after Ann leaves, "ANN", a Cyrillic
or Greek "Аnn", an "Ann" padded with invisible or blank characters, and the same tricks beside
a player still seated are all refused, leave no account in the ledger and see none of Ann's
cards. Ann herself comes back to her account with the seat token her device kept, or by the
host's word in the console; a name, a stale token or a made-up one brings back nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import Server
from tests.server.helpers import join_request
from tests.tools.wsclient import Api, Frame, cards_in, depart_after_a_hand, record_cards

IMPOSTORS = [
    "ANN",
    "\u0410nn",  # Cyrillic capital A
    "\u0391nn",  # Greek capital alpha
    "\u0430nn",  # Cyrillic small a
    "A\u200bnn",  # a zero-width space
    "Ann\u2800",  # a braille blank
    "\uff21\uff4e\uff4e",  # full-width letters
]
LOOKALIKES_OF_BOB = ["BOB", "\u0412\u043eb", "B\u03bfb", "B0b"]


def _accounts(api: Api, table: str) -> set[str]:
    return {entry["player_id"] for entry in api.ledger(table)["entries"]}


def _refused_unechoed(response: httpx.Response, sent: str) -> str:
    assert response.status_code in (400, 409), response.text
    detail: str = response.json()["detail"]
    assert sent not in detail
    return detail


def _listed(api: Api, created: Frame, path: str) -> list[Frame]:
    """A list the host reads (``path`` after ``/api/host/{token}``)."""
    response = api.host(created, "GET", path)
    assert response.status_code == 200, response.text
    listed: list[Frame] = response.json()
    return listed


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[Server]:
    """A server of its own (seat requests are rate-limited per address, and a test here
    counts on a 429 meaning a declined name, not too many requests)."""
    running = Server(f"sqlite:///{tmp_path / 'wildstud.sqlite3'}", tmp_path / "server.log")
    yield running.start()
    running.stop()


@pytest.mark.parametrize("game", ["FTQ"])
def test_an_impostor_under_a_departed_or_seated_players_name_is_refused_and_sees_nothing(
    database_url: str, tmp_path: Path, game: str
) -> None:
    server = Server(database_url, tmp_path / "server.log").start()
    try:
        api = Api(server.base)
        departure = asyncio.run(depart_after_a_hand(api, game, "leave"))
        created, table = departure.created, departure.created["table"]["id"]
        ann = departure.seats[0]
        accounts = _accounts(api, table)
        for name in IMPOSTORS:
            detail = _refused_unechoed(join_request(api, created, name, seat=departure.index), name)
            assert "looks like 'ann'" in detail
        for name in LOOKALIKES_OF_BOB:
            assert "looks like 'bob'" in _refused_unechoed(join_request(api, created, name), name)
        # An old token only brings back the player who left with it: a made-up one, none.
        made_up = join_request(api, created, "Zed", returning="x" * 43)
        assert "brings back no player" in _refused_unechoed(made_up, "x" * 43)
        assert _accounts(api, table) == accounts  # no refusal left an account behind
        # Another name is a newcomer: a fresh account, and hand 1 as a spectator saw it.
        dan = api.ok(join_request(api, created, "Dan", seat=departure.index))
        steps = api.get(f"/api/seat/{dan['token']}/hands/1/steps")
        record = api.http.get(f"/api/seat/{dan['token']}/hands/1/phh").text
        assert steps["you"] is None
        assert not departure.secret & (cards_in(steps) | record_cards(record))
        assert len(_accounts(api, table)) == len(accounts) + 1
        # Ann comes back with the token her device kept, to her own account and her cards.
        back = api.ok(join_request(api, created, "Ann", returning=ann["token"]))
        entries = api.ledger(table)["entries"]
        ann_account = next(e["player_id"] for e in entries if e["name"] == "ann")
        assert entries[-1] == {**entries[-1], "player_id": ann_account, "reason": "buy-in"}
        mine = api.get(f"/api/seat/{back['token']}/hands/1/steps")
        assert mine["you"] is not None
        assert departure.secret <= cards_in(mine)
        # Her old token cannot seat a second Ann while she sits.
        again = join_request(api, created, "Zed", returning=ann["token"])
        assert "brings back no player" in _refused_unechoed(again, ann["token"])
    finally:
        server.stop()


def test_the_host_says_who_is_coming_back_and_a_look_alike_waits_for_that_word(
    fresh: Server,
) -> None:
    api = Api(fresh.base)
    created = api.create(name="requests", games=[{"game": "FTQ"}], seats=4, seat_requests=True)
    table = created["table"]["id"]

    def ask(name: str) -> Frame:
        response = join_request(api, created, name)
        assert response.status_code == 202, response.text
        asked: Frame = response.json()
        return asked

    def decide(request: str, **body: object) -> httpx.Response:
        return api.host(created, "POST", f"/requests/{request}", approve=True, **body)

    asked = ask("Ann")  # the requester's token opens the seat once approved
    ann = api.ok(decide(asked["request"]))
    api.ok(api.http.post(f"/api/seat/{asked['token']}/leave"))
    gone = _listed(api, created, "/departed")
    assert [(player["name"], player["seat"]) for player in gone] == [("Ann", ann["seat"])]
    # "ANN" may ask (the host decides), but not be let in as a stranger under Ann's name.
    shouting = ask("ANN")
    assert "looks like 'Ann'" in _refused_unechoed(decide(shouting["request"]), "ANN")
    assert _listed(api, created, "/requests")[0]["returning"] is None
    # The host's word: this is Ann coming back.
    back = api.ok(decide(shouting["request"], returning=gone[0]["player_id"]))
    entries = api.ledger(table)["entries"]
    assert {entry["player_id"] for entry in entries} == {gone[0]["player_id"]}
    assert back["seat"] == ann["seat"]
    assert _listed(api, created, "/departed") == []
    # The host cannot name the account of someone seated, nor one that never was.
    stranger = ask("Zoe")
    for account in (gone[0]["player_id"], "nobody"):
        refused = decide(stranger["request"], returning=account)
        assert "No player who left" in _refused_unechoed(refused, account)


def test_an_old_token_shown_with_a_request_tells_the_host_who_it_is(fresh: Server) -> None:
    api = Api(fresh.base)
    created = api.create(name="requests", games=[{"game": "FTQ"}], seats=4, seat_requests=True)
    first = join_request(api, created, "Ann").json()
    ann = api.ok(api.host(created, "POST", f"/requests/{first['request']}", approve=True))
    api.ok(api.http.post(f"/api/seat/{first['token']}/leave"))
    asked = join_request(api, created, "Ann", returning=first["token"])
    assert asked.status_code == 202, asked.text
    pending = _listed(api, created, "/requests")
    assert pending[0]["returning"]["name"] == "Ann"
    back = api.ok(api.host(created, "POST", f"/requests/{asked.json()['request']}", approve=True))
    entries = api.ledger(created["table"]["id"])["entries"]
    assert len({entry["player_id"] for entry in entries}) == 1
    assert back["seat"] == ann["seat"]


def test_a_name_declined_comes_back_no_sooner_in_invisible_disguise(fresh: Server) -> None:
    api = Api(fresh.base)
    created = api.create(name="requests", games=[{"game": "FTQ"}], seats=4, seat_requests=True)
    dan = join_request(api, created, "Dan").json()
    api.ok(api.host(created, "POST", f"/requests/{dan['request']}", approve=False))
    for disguise in ("D\u200ban", "DAN", "D\u0430n"):
        response = join_request(api, created, disguise)
        assert response.status_code == 429, response.text
        assert "declined a request for this name" in response.json()["detail"]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("\u2800", "visible"),
        ("\u2800\u2800 \u3164", "visible"),
        ("Ann" + "\u0308" * 12, "accents"),
        ("A" + "\u0301\u0300\u0302\u0303" * 3 + "nn", "accents"),
    ],
)
def test_a_blank_or_a_tower_of_accents_is_no_name(server: Server, name: str, words: str) -> None:
    api = Api(server.base)
    created = api.create(name="names", games=[{"game": "FTQ"}], seats=4)
    detail = _refused_unechoed(join_request(api, created, name), name)
    assert words in detail
