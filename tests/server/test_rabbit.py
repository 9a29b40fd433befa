"""The rabbit hunt over real sockets (table setting ``rabbit_hunt``): after a hand won by a
fold a player asks, and every page gets the face-up cards the rest of the deal would have
dealt, each proven against the commitment published before the deal's first card, none of
them a card the hand dealt; refused, with the reason, where the table does not hunt it or the
hand has no rabbit."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.server.conftest import Server
from tests.server.helpers import refused
from tests.tools.wsclient import Api, Client, Folder, Frame, Shower, all_in_night, play
from wildstud.commitment import Proof, verify


async def _folded(server: Server, **settings: Any) -> tuple[Api, list[Frame], list[Client], Client]:
    """Ann folds hand 1 to Bob's bet on third street; a spectator watches."""
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], seats=2, hand_pause=30, **settings)
    seats = [api.join(created, name) for name in ("Ann", "Bob")]
    clients = [await Client(seat["socket"], seat["name"]).open() for seat in seats]
    watcher = await Client(created["links"]["watch_socket"], "watch").open()
    api.ok(api.host(created, "POST", "/start"))
    async with asyncio.timeout(60):
        await asyncio.gather(
            play(clients[0], Folder(), lambda c: 1 in c.finished),
            play(clients[1], Shower(), lambda c: 1 in c.finished),
        )
        await watcher.wait_for(lambda c: 1 in c.finished, what="hand 1's end")
    return api, seats, clients, watcher


def _dealt(client: Client) -> set[str]:
    """Every card the client saw dealt in hand 1."""
    events = client.hands[1]["view"]["events"]
    return {event["card"] for event in events if event["type"] == "dealt" and event["card"]}


async def _hunt(server: Server) -> None:
    api, seats, clients, watcher = await _folded(server, rabbit_hunt=True)
    answer = api.ok(api.http.post(f"/api/seat/{seats[1]['token']}/hands/1/rabbit"))
    assert answer["asked_by"] == "Bob"
    async with asyncio.timeout(10):
        for client in [*clients, watcher]:
            await client.wait_for(
                lambda c: any(f["type"] == "rabbit" for f in c.frames), what="the rabbit"
            )
    frames = [next(f for f in c.frames if f["type"] == "rabbit") for c in [*clients, watcher]]
    assert all(frame == answer for frame in frames)
    # Third street ended it: fourth to sixth street face up, one card each to Ann and Bob;
    # seventh street's would have been hole cards and are not shown.
    streets = [card["street"] for card in answer["cards"]]
    assert streets == ["fourth street"] * 2 + ["fifth street"] * 2 + ["sixth street"] * 2
    assert sorted({card["seat"] for card in answer["cards"]}) == [0, 1]
    # The commitment is the one the deal published before its first card.
    published = next(
        item
        for frame in watcher.frames
        if frame["type"] == "hand" and frame["number"] == 1
        for item in frame["commitments"]
    )
    assert answer["commitment"] == published
    for card, proof in zip(answer["cards"], answer["proofs"], strict=True):
        assert proof["card"] == card["card"]
        assert verify(published["root"], Proof.from_data(proof))
    # Each lies in the stub: after the nine cards of third street, in order, none of them dealt.
    positions = [proof["position"] for proof in answer["proofs"]]
    assert positions == list(range(6, 12))
    shown = {card["card"] for card in answer["cards"]}
    assert not shown & (_dealt(clients[0]) | _dealt(clients[1]))
    for client in [*clients, watcher]:
        await client.close()


def test_a_player_hunts_the_rabbit_and_every_page_gets_it_proven(server: Server) -> None:
    asyncio.run(_hunt(server))


async def _refusals(server: Server) -> None:
    api, seats, clients, watcher = await _folded(server)
    refused(api.http.post(f"/api/seat/{seats[0]['token']}/hands/1/rabbit"), 400, "rabbit_hunt")
    refused(api.http.post("/api/seat/nobody/hands/1/rabbit"), 404, "")
    assert not any(f["type"] == "rabbit" for f in watcher.frames)
    for client in [*clients, watcher]:
        await client.close()


def test_a_table_that_does_not_hunt_the_rabbit_refuses_it(server: Server) -> None:
    asyncio.run(_refusals(server))


def test_a_hand_that_went_to_a_showdown_has_no_rabbit(server: Server) -> None:
    api, created, seats = asyncio.run(all_in_night(server.base, "FTQ"))
    api.ok(api.host(created, "PUT", "/rules", rabbit_hunt=True))
    answer = api.http.post(f"/api/seat/{seats[0]['token']}/hands/1/rabbit")
    refused(answer, 400, "showdown")


def test_a_private_deal_has_no_rabbit_to_hunt(server: Server) -> None:
    # The cards a private deal never dealt are never unmasked: nobody could show them, so the
    # setting is refused at the table's creation and in the host's changes, with the reason.
    api = Api(server.base)
    table = {"name": "Masked", "games": [{"game": "FTQ"}], "seats": 2, "deal": "private"}
    refused(api.http.post("/api/tables", json={**table, "rabbit_hunt": True}), 400, "rabbit")
    created = api.create(**table)
    answer = api.http.put(f"/api/host/{created['host_token']}/rules", json={"rabbit_hunt": True})
    refused(answer, 400, "rabbit")
    assert api.get(f"/api/tables/{created['table']['id']}")["settings"]["rabbit_hunt"] is False
