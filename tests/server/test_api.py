"""The REST API over a real socket: tables, seats, the host's controls, histories, the ledger,
and schemathesis checking every operation against the published OpenAPI schema."""

from __future__ import annotations

import time
from typing import Any

import hypothesis
import pytest
import schemathesis
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.config import SchemathesisConfig
from schemathesis.core.result import Ok

from tests.server.conftest import Server
from tests.server.helpers import refused
from tests.tools.wsclient import Api


def test_creating_a_table_checks_the_games_and_rules(api: Api) -> None:
    post = api.http.post
    refused(
        post("/api/tables", json={"name": "x", "games": [{"game": "baseball"}]}), 400, "baseball"
    )
    bad_rule = {"name": "x", "games": [{"game": "FTQ", "house_rules": {"queens": "some"}}]}
    refused(post("/api/tables", json=bad_rule), 400, "queens")
    wild_rule = {"name": "x", "games": [{"game": "F7S", "house_rules": {"double_ace_flush": True}}]}
    refused(post("/api/tables", json=wild_rule), 400, "Seven-Card Stud has no option")
    stake = {"name": "x", "games": [{"game": "FTQ", "house_rules": {"ante": 5}}]}
    refused(post("/api/tables", json=stake), 400, "stakes")
    crowded = {"name": "x", "games": [{"game": "BD7"}], "seats": 8}
    refused(post("/api/tables", json=crowded), 400, "8 players")
    assert (
        post("/api/tables", json={"name": "x", "games": [{"game": "FTQ"}], "seats": 9}).status_code
        == 422
    )
    assert post("/api/tables", json={"name": "x", "games": [], "extra": 1}).status_code == 422
    # Baby Daddy in a dealer's choice of eight seats is fine: it is dealt when seven or fewer play.
    mixed = api.create(games=[{"game": "FTQ"}, {"game": "BD7"}], seats=8)
    assert mixed["table"]["seats"] == []


def test_the_table_says_the_code_it_deals_each_game_under(api: Api) -> None:
    games = [{"game": "baby-daddy", "house_rules": {"cards": 5}}, {"game": "BD7"}, {"game": "FTQ"}]
    menu = api.create(games=games, seats=4)["table"]["menu"]
    assert [(item["index"], item["code"]) for item in menu] == [(0, "BD5"), (1, "BD7"), (2, "FTQ")]
    # The dealer's picker names the two Baby Daddy games apart, in words as well as by code.
    titles = [item["title"] for item in menu]
    assert titles == [
        "Who Da Baby Daddy Is · 5 cards",
        "Who Da Baby Daddy Is · 7 cards",
        "Follow the Queen",
    ]


def test_the_games_list_names_each_code_as_players_know_it(api: Api) -> None:
    games = {game["name"]: game for game in api.get("/api/games")}
    assert games["baby-daddy"]["names"] == {
        "BD7": "Who Da Baby Daddy Is · 7 cards",
        "BD5": "Who Da Baby Daddy Is · 5 cards",
    }
    assert games["follow-the-queen"]["names"] == {"FTQ": "Follow the Queen"}


def test_links_tokens_and_seats(api: Api) -> None:
    created = api.create(games=[{"game": "SMBU"}], seats=2, stakes={"ante": 2, "bring_in": 1})
    tokens = [
        created["host_token"],
        *(created["links"][k].rsplit("/", 1)[1] for k in ("join", "watch")),
    ]
    assert len(set(tokens)) == 3
    for token in tokens:
        assert len(token) >= 43  # 256 random bits, URL-safe
    assert created["links"]["host"].endswith(created["host_token"])
    ann = api.join(created, "ann")
    assert len(ann["token"]) >= 43
    assert ann["seat"] == 0
    assert ann["socket"].startswith("ws://127.0.0.1")
    refused(api.http.post(f"/api/join/{tokens[1]}", json={"name": "bob", "seat": 0}), 409, "taken")
    refused(
        api.http.post(f"/api/join/{tokens[1]}", json={"name": "bob", "seat": 5}), 409, "No seat"
    )
    api.join(created, "bob")
    refused(api.http.post(f"/api/join/{tokens[1]}", json={"name": "cy"}), 409, "full")
    refused(api.http.post("/api/join/nope", json={"name": "cy"}), 404)
    refused(api.http.get("/api/host/nope"), 404)
    refused(api.host(created, "POST", "/bots", kind="random-bot"), 409, "full")
    host = api.ok(api.http.get(f"/api/host/{created['host_token']}"))
    assert host["links"] == created["links"]
    assert [seat["name"] for seat in host["table"]["seats"]] == ["ann", "bob"]


def test_the_host_controls_the_table(api: Api) -> None:
    created = api.create(games=[{"game": "FTQ"}], seats=4, bot_delay=0, hand_pause=0)
    table_id = created["table"]["id"]
    for kind in ("random-bot", "calling-bot", "random-bot"):
        seat = api.ok(api.host(created, "POST", "/bots", kind=kind))
        assert seat["kind"] == kind
        assert seat["stack"] == 1000
    assert api.get(f"/api/tables/{table_id}")["status"] == "waiting"
    assert api.ok(api.host(created, "POST", "/start"))["status"] == "running"
    _wait(lambda: api.get(f"/api/tables/{table_id}")["hands_dealt"] >= 3)
    # New rules apply from the next hand on.
    update = {"games": [{"game": "BD5"}], "stakes": {"limit": "pot-limit", "ante": 2}}
    changed = api.ok(api.host(created, "PUT", "/rules", **update))
    assert changed["settings"]["games"] == [{"game": "BD5", "house_rules": {}}]
    refused(api.host(created, "PUT", "/rules", games=[{"game": "nope"}]), 400, "nope")
    switched = api.get(f"/api/tables/{table_id}")["hands_dealt"] + 1
    _wait(lambda: api.get(f"/api/tables/{table_id}")["hands_dealt"] >= switched + 2)
    history = api.get(f"/api/tables/{table_id}/hands/{switched + 1}")
    assert history["code"] == "BD5"
    assert history["house_rules"]["limit"] == "pot-limit"
    # Removing a bot between hands or during one; the ledger cashes it out and balances.
    api.ok(api.host(created, "DELETE", "/seats/2"))
    refused(api.host(created, "DELETE", "/seats/6"), 409, "empty")
    _wait(lambda: 2 not in [s["seat"] for s in api.get(f"/api/tables/{table_id}")["seats"]])
    assert api.ok(api.host(created, "POST", "/pause"))["status"] == "paused"
    time.sleep(0.2)
    dealt = api.get(f"/api/tables/{table_id}")["hands_dealt"]
    time.sleep(0.5)
    table = api.get(f"/api/tables/{table_id}")
    assert table["hands_dealt"] <= dealt + 1
    ledger = api.ledger(table_id)
    assert ledger["balanced"], ledger
    # A bot that lost every chip before it left cashes out nothing and leaves no entry.
    assert ledger["cash_outs"] == sum(
        -entry["amount"] for entry in ledger["entries"] if entry["reason"] == "cash-out"
    )
    # Finished hands, newest first, paged.
    page = api.get(f"/api/tables/{table_id}/hands?limit=2")
    assert [hand["number"] for hand in page] == sorted(
        (hand["number"] for hand in page), reverse=True
    )
    older = api.get(f"/api/tables/{table_id}/hands?limit=2&before={page[-1]['number']}")
    assert older
    assert older[0]["number"] < page[-1]["number"]
    refused(api.http.get(f"/api/tables/{table_id}/hands/99999"), 404)
    refused(api.http.get("/api/tables/nope/ledger"), 404)
    # Checked last, so the table has played no more hands than before at the ledger checks.
    _check_steps(api, table_id, history)


def _check_steps(api: Api, table_id: str, history: dict[str, Any]) -> None:
    """The replay's steps add up to the stored hand: the same events in the same order, the
    stacks moving from the starting ones to the final ones, and no hidden card before the
    showdown shows it."""
    number = history["number"]
    record = api.get(f"/api/tables/{table_id}/hands/{number}/steps")
    assert record["names"] == history["players"]
    assert record["lineup"] == history["seats"]
    frames = record["steps"]
    assert len(frames) > 10
    assert [event for frame in frames for event in frame["events"]] == history["events"]
    first, last = frames[0]["view"], frames[-1]["view"]
    assert [seat["stack"] + seat["paid"] for seat in first["seats"]] == history["starting_stacks"]
    assert [seat["stack"] for seat in last["seats"]] == history["final_stacks"]
    assert last["phase"] == "over"
    assert [frame["view"]["phase"] for frame in frames[:-1]].count("over") == 0
    assert any(frame["view"]["pot"] > 0 for frame in frames)
    for frame in frames:
        assert frame["view"]["viewer"] is None
        assert frame["view"]["legal_actions"] == []
        for seat in frame["view"]["seats"]:
            for held in seat["cards"]:
                # Hole cards show only when shown at the showdown, or turned up for everyone
                # once the betting was over with the hands all in (all_in_turn_up).
                visible = held["up"] or seat["shown"] or seat.get("turned_up")
                assert visible or held["card"] is None, (seat, held)
    refused(api.http.get(f"/api/tables/{table_id}/hands/99999/steps"), 404)


def _wait(condition: Any, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_games_are_listed_with_their_house_rules(api: Api) -> None:
    games = api.get("/api/games")
    assert [game["name"] for game in games] == [
        "follow-the-queen",
        "smack-my-bitch-up",
        "baby-daddy",
        "the-bitch",
        "seven-card-stud",
    ]
    ftq = {option["name"]: option for option in games[0]["options"]}
    # Plain stud offers no rule that only ranks wild hands.
    stud = {option["name"] for option in games[4]["options"]}
    assert "bring_in" in stud
    assert not stud & {"five_of_a_kind_top", "double_ace_flush", "natural_beats_wild"}
    assert ftq["queens"]["default"] == "natural"
    assert "hidden" in ftq["queens"]["allowed"]


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]
"""Data the schema allows may still break the rules of the game (an unknown game, a bad value
of a house rule): that is a 400, so "valid data is accepted" is not among the checks."""

REJECTED = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429"]
"""What rejects data the schema forbids: schemathesis's own list and 413. A string past its
longest allowed, when it is long anyway (a past ledger's CSV: 60,000 characters) and made of
characters JSON writes as six bytes, is refused by the body limit before it is read: a
rejection too (an unmet limit on a body too large to read), not an acceptance."""


EXAMPLES = 8
"""Cases of each operation in each mode, where it takes a body, a query or a header."""

PATH_ONLY_EXAMPLES = 3
"""Cases in each mode of an operation whose only inputs are its path's parameters. Their
random tokens and ids name nothing on the server, so every case meets the same miss (404) or
the same limit (422), and three show it as well as eight. Their negative cases were most of
the test's CPU (22 of 35 s in the client): schemathesis throws away about four mutations of a
path's parameters for each it keeps."""


def examples(operation: Any) -> int:
    """How many cases of ``operation`` to send in each mode."""
    takes_more = operation.body or operation.query or operation.headers or operation.cookies
    return EXAMPLES if takes_more else PATH_ONLY_EXAMPLES


@pytest.mark.slow
def test_every_operation_conforms_to_the_schema(server: Server) -> None:
    # Two minutes for each request, not schemathesis's 10 s: the server builds its schema on the
    # first request, and with 2 cores shared by many processes that read once took longer
    # ("Read timed out after 10 seconds").
    config = SchemathesisConfig.from_dict(
        {
            "request-timeout": 120,
            "checks": {"negative_data_rejection": {"expected-statuses": [*REJECTED, "5xx"]}},
        }
    )
    schema = schemathesis.openapi.from_url(
        f"{server.base}/openapi.json", config=config, timeout=120
    )
    operations = []
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), result  # the schema reads as operations, every one
        operations.append(result.ok())
    assert len(operations) >= 14
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @hypothesis.given(case=operation.as_strategy(generation_mode=mode))
            @hypothesis.settings(
                max_examples=examples(operation),
                deadline=None,
                database=None,
                suppress_health_check=list(hypothesis.HealthCheck),
                phases=[hypothesis.Phase.generate],
            )
            def call(case: Any) -> None:
                case.call_and_validate(checks=CHECKS)

            try:
                call()
            except hypothesis.errors.Unsatisfiable:
                # An operation with no parameters and no body has nothing to get wrong.
                assert mode is GenerationMode.NEGATIVE
                assert operation.path in ("/api/health", "/api/ready", "/api/games")
