"""A seat's past belongs to the person who held it, tested as an attacker would: a player
leaves (or the host removes them) once a hand is over, a newcomer takes the same seat and opens
its socket at once, and everything the newcomer can reach (every frame, the seat's REST answers,
the table's history, and all of it again after a restart) is searched for each card the
departed player was dealt face down and never showed. None may appear."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Server
from tests.server.helpers import cards_in
from tests.tools.wsclient import Api, Client, Frame, depart_after_a_hand, record_cards


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
        departure = asyncio.run(depart_after_a_hand(api, game, way))
        created, index, secret = departure.created, departure.index, departure.secret
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
