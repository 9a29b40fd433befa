"""A seat's past belongs to the person who held it, tested as an attacker would: a player
leaves (or the host removes them) once a hand is over, a newcomer takes the same seat and opens
its socket at once, and everything the newcomer can reach (every frame, the seat's REST answers,
the table's history, and all of it again after a restart) is searched for each card the
departed player was dealt face down and never showed. None may appear."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Server
from tests.server.wsclient import Api, Client, Frame, cards_in, own_hidden, play, record_cards


class Folder(random.Random):
    """A player's choices that fold wherever folding is allowed, never bet and muck at the
    showdown (see ``choose_action``): their face-down cards stay theirs alone."""

    def random(self) -> float:
        return 0.99


async def _departure(api: Api, game: str, way: str) -> tuple[Frame, int, set[str]]:
    """One hand of ``game`` among ann, bob and cat, then ann's departure (``leave``: her own;
    ``removal``: the host's) while the table waits for the next hand; returns the table, ann's
    seat and the cards she held face down that nobody else was shown."""
    created = api.create(
        name="departures", games=[{"game": game}], seats=4, hand_pause=60, showdown_pause=0
    )
    seats = [api.join(created, name) for name in ("ann", "bob", "cat")]
    clients = [await Client(seat["socket"], seat["token"][:6]).open() for seat in seats]
    spectator = await Client(created["links"]["watch_socket"], "watch").open()
    api.ok(api.host(created, "POST", "/start"))
    rngs = [Folder(1), random.Random(2), random.Random(3)]
    async with asyncio.timeout(60):
        await asyncio.gather(
            *(play(c, rng, lambda c: 1 in c.finished) for c, rng in zip(clients, rngs, strict=True))
        )
    await spectator.wait_for(lambda c: 1 in c.finished, what="the hand's end")
    secret = own_hidden(clients[0], 1) - cards_in(spectator.frames)
    assert secret, "ann showed every card: the test would prove nothing"
    token, index = seats[0]["token"], seats[0]["seat"]
    if way == "leave":
        api.ok(api.http.post(f"/api/seat/{token}/leave"))
    else:
        api.ok(api.host(created, "DELETE", f"/seats/{index}"))
    for client in [*clients, spectator]:
        await client.close()
    return created, index, secret


async def _everything_the_newcomer_sees(
    api: Api, created: Frame, token: str, *, last_hand: bool = True
) -> list[Any]:
    """The newcomer's socket's frames (opened and read until its welcome is complete) and
    every REST answer its token or the table's id reaches about hand 1. ``last_hand``: the
    table still shows the last hand (a restarted one shows none until the next)."""
    newcomer = await Client(f"{api.base.replace('http', 'ws')}/ws/seat/{token}", "dan").open()
    await newcomer.frame("chat_log")  # the last frame of a connection's welcome
    await asyncio.sleep(0.3)  # and whatever the table sends right after
    await newcomer.close()
    table = created["table"]["id"]
    seen: list[Any] = [newcomer.frames]
    for path in (
        f"/api/seat/{token}/hands/1/steps",
        f"/api/seat/{token}/status",
        f"/api/tables/{table}/hands/1",
        f"/api/tables/{table}/hands/1/steps",
        f"/api/tables/{table}/hands",
    ):
        seen.append(api.get(path))
    for path in (f"/api/seat/{token}/hands/1/phh", f"/api/tables/{table}/hands/1/phh"):
        response = api.http.get(path)
        assert response.status_code == 200, response.text
        seen.append(sorted(record_cards(response.text)))
    # Between hands there is no hand in progress to download.
    assert api.http.get(f"/api/seat/{token}/hand/phh").status_code == 404
    if last_hand:
        assert newcomer.hands, "the newcomer was sent no hand: the test would prove nothing"
    assert all(hand["you"] is None for hand in newcomer.hands.values())
    return seen


@pytest.mark.parametrize(("way", "game"), [("leave", "FTQ"), ("removal", "BITCH")])
def test_a_newcomer_at_a_departed_players_seat_finds_none_of_their_unshown_cards(
    database_url: str, tmp_path: Path, way: str, game: str
) -> None:
    server = Server(database_url, tmp_path / "server.log").start()
    try:
        api = Api(server.base)
        created, index, secret = asyncio.run(_departure(api, game, way))
        newcomer = api.join(created, "dan", seat=index)
        assert newcomer["seat"] == index
        seen = asyncio.run(_everything_the_newcomer_sees(api, created, newcomer["token"]))
        assert not secret & cards_in(seen)
        # Paused, so that the restarted table deals no new hand (which could give dan any card).
        api.ok(api.host(created, "POST", "/pause"))
        server.stop()
        # Tables reloaded from the store answer the same.
        server = Server(database_url, tmp_path / "server.log").start()
        api = Api(server.base)
        token = newcomer["token"]
        seen = asyncio.run(_everything_the_newcomer_sees(api, created, token, last_hand=False))
        assert not secret & cards_in(seen)
    finally:
        server.stop()
