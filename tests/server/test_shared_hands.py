"""A finished hand's shared link: one token per hand that replays it as a spectator saw it,
with its odds and its PHH record, names no table, opens nothing else, and never holds a hidden
card that was not shown."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass

import pytest

from tests.server.conftest import Server
from tests.server.helpers import cards_in, refused
from tests.tools.wsclient import (
    ODDS_TIMEOUT,
    Api,
    Client,
    Folder,
    Frame,
    own_hidden,
    play,
    record_cards,
)

HANDS = 3


@dataclass
class Night:
    api: Api
    created: Frame
    tokens: list[str]
    clients: list[Client]
    numbers: list[int]


async def _night(server: Server) -> Night:
    api = Api(server.base)
    created = api.create(name="shared", games=[{"game": "FTQ"}], seats=4, hand_pause=0)
    names = ("ann", "bob", "cat")
    seats = [api.join(created, name) for name in names]
    clients = [
        await Client(seat["socket"], name).open() for seat, name in zip(seats, names, strict=True)
    ]
    spectator = await Client(created["links"]["watch_socket"], "watch").open()
    api.ok(api.host(created, "POST", "/start"))
    # Ann folds wherever she may and mucks: her hole cards are never shown to anyone.
    choices = [Folder(), random.Random(1), random.Random(2)]

    def done(client: Client) -> bool:
        return len(client.finished) >= HANDS

    async with asyncio.timeout(120):
        await asyncio.gather(*(play(c, rng, done) for c, rng in zip(clients, choices, strict=True)))
    api.ok(api.host(created, "POST", "/pause"))
    await spectator.wait_for(lambda c: len(c.finished) >= HANDS, what="the hands")
    await asyncio.sleep(0.2)
    for client in [*clients, spectator]:
        await client.close()
    numbers = sorted(spectator.finished)
    return Night(api, created, [seat["token"] for seat in seats], clients, numbers)


@pytest.fixture(scope="module")
def night(server: Server) -> Night:
    """Three players at a table of Follow the Queen, three hands; Ann folds every one."""
    return asyncio.run(_night(server))


def _share(night: Night, number: int) -> Frame:
    table = night.created["table"]["id"]
    return night.api.ok(night.api.http.post(f"/api/tables/{table}/hands/{number}/share"))


def test_a_shared_hand_replays_as_the_spectator_saw_it_and_names_no_table(night: Night) -> None:
    table = night.created["table"]["id"]
    for number in night.numbers:
        shared = _share(night, number)
        assert shared["link"].endswith(f"/shared/{shared['token']}")
        token = shared["token"]
        steps = night.api.http.get(f"/api/shared/{token}/steps")
        public = night.api.get(f"/api/tables/{table}/hands/{number}/steps")
        assert steps.json() == {**public, "table_id": None}
        odds = night.api.http.get(f"/api/shared/{token}/odds", timeout=ODDS_TIMEOUT)
        assert odds.json() == night.api.odds(f"/api/tables/{table}/hands/{number}/odds")
        record = night.api.http.get(f"/api/shared/{token}/phh")
        assert record.text == night.api.http.get(f"/api/tables/{table}/hands/{number}/phh").text
        assert record.headers["content-disposition"] == (
            f'attachment; filename="hand-{number}.phh"'
        )
        # Nothing in what the link gives says which table it came from.
        for response in (steps, odds, record):
            assert table not in response.text
            assert table not in str(response.headers)


def test_a_hidden_card_never_shown_is_not_in_a_shared_hand(night: Night) -> None:
    table = night.created["table"]["id"]
    kept = 0
    for number in night.numbers:
        token = _share(night, number)["token"]
        steps = night.api.get(f"/api/shared/{token}/steps")
        record = record_cards(night.api.http.get(f"/api/shared/{token}/phh").text)
        public = cards_in(night.api.get(f"/api/tables/{table}/hands/{number}/steps"))
        for client in night.clients:
            unshown = own_hidden(client, number) - public
            kept += len(unshown)
            assert not unshown & cards_in(steps)
            assert not unshown & record
        assert cards_in(steps) == public
    # Ann folded every hand and mucked: at least her two first hole cards of each stay hers.
    assert kept >= 2 * len(night.numbers)


def test_a_hand_has_one_link_and_each_hand_its_own(night: Night) -> None:
    first, again = _share(night, night.numbers[0]), _share(night, night.numbers[0])
    assert first["token"] == again["token"]
    other = _share(night, night.numbers[1])
    assert other["token"] != first["token"]
    assert len(first["token"]) >= 40  # 256 random bits: not to be guessed


def test_a_shared_link_opens_nothing_else(night: Night) -> None:
    token = _share(night, night.numbers[0])["token"]
    http = night.api.http
    for path in (
        f"/api/tables/{token}",
        f"/api/tables/{token}/hands",
        f"/api/tables/{token}/night",
        f"/api/seat/{token}/status",
        f"/api/seat/{token}/hands/1/steps",
        f"/api/join/{token}",
        f"/api/watch/{token}/join-qr",
        f"/api/host/{token}",
    ):
        # 422: a table id is shorter than a token; either way nothing opens.
        assert http.get(path).status_code in (401, 403, 404, 422), path
    assert http.post(f"/api/join/{token}", json={"name": "eve"}).status_code == 404
    assert http.post(f"/api/watch/{token}/join", json={"name": "eve"}).status_code == 404


def test_unknown_links_and_hands_not_finished_are_refused(night: Night) -> None:
    table = night.created["table"]["id"]
    for kind in ("steps", "odds", "phh"):
        refused(
            night.api.http.get(f"/api/shared/not-a-token/{kind}"),
            404,
            "No hand is shared under this link",
        )
    never = night.api.http.post(f"/api/tables/{table}/hands/9999/share")
    refused(never, 404, "has no finished hand 9999")
    refused(night.api.http.post("/api/tables/nope/hands/1/share"), 404, "'nope'")
    assert night.api.http.post(f"/api/tables/{table}/hands/0/share").status_code == 422
