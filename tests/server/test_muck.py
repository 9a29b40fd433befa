"""Show or muck at the showdown, over real sockets: a losing hand may be mucked and its hole
cards never reach anyone else (frames, the hand's history, its PHH record, the log); a hand that
takes part of a pot cannot be; the table's default applies when the muck clock runs out; a
SIGKILL during the choice loses no choice made."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

from tests.server.conftest import Server
from tests.server.helpers import answer_to
from tests.tools.wsclient import Api, Client, Frame

PASSIVE = ("check", "call", "bring-in")


def _passive(view: Frame) -> Frame:
    options = {option["action"] for option in view["legal_actions"]}
    action = next(kind for kind in PASSIVE if kind in options)
    return {"type": "act", "action": action}


class Night:
    """Players checking and calling at one table, a spectator watching, and their seats."""

    def __init__(self, api: Api, created: Frame, players: list[Frame]) -> None:
        self.api = api
        self.created = created
        self.players = players
        self.clients: list[Client] = []
        self.seat_of: dict[str, int] = {}
        self.spectator: Client | None = None

    @property
    def table_id(self) -> str:
        return str(self.created["table"]["id"])

    async def open(self) -> None:
        self.clients = []
        for player in self.players:
            name = f"p{player['seat']}"
            self.seat_of[name] = player["seat"]
            self.clients.append(await Client(player["socket"], name).open())
        self.spectator = await Client(self.created["links"]["watch_socket"], "watch").open()

    async def close(self) -> None:
        for client in [*self.clients, self.spectator]:
            if client is not None:
                await client.close()

    def client_at(self, seat: int) -> Client:
        return next(c for c in self.clients if self.seat_of[c.name] == seat)

    async def to_choice(self, want: int = 1, timeout: float = 90.0) -> Frame:
        """Check and call through hands until a showdown offers ``want`` seats the choice; at
        a showdown offering fewer, each seat offered shows, and play goes on."""
        acted: set[tuple[str, int, int]] = set()
        answered: set[int] = set()
        watcher = self.spectator
        assert watcher is not None
        async with asyncio.timeout(timeout):
            while True:
                for client in self.clients:
                    if client.my_turn() and (client.name, *client.turn_key()) not in acted:
                        acted.add((client.name, *client.turn_key()))
                        await client.request(_passive(client.view))
                for frame in watcher.frames:
                    if frame["type"] != "showdown" or not frame["seats"]:
                        continue
                    if frame["number"] in answered:
                        continue
                    if len(frame["seats"]) >= want:
                        return frame
                    answered.add(frame["number"])
                    for seat in frame["seats"]:
                        await self.client_at(seat).request({"type": "show", "show": True})
                await asyncio.sleep(0.02)


async def _night(server: Server, players: int, **settings: Any) -> Night:
    api = Api(server.base)
    created = api.create(
        games=[{"game": "BD5"}], seats=4, action_clock=60, hand_pause=0, **settings
    )
    seated = [api.join(created, name) for name in ("ann", "bob", "cat")[:players]]
    night = Night(api, created, seated)
    await night.open()
    api.ok(api.host(created, "POST", "/start"))
    return night


def _hole(client: Client, number: int) -> list[str]:
    """The cards face down in front of this client's own seat in hand ``number``, as it sees
    them."""
    hand = client.hands[number]
    seat = hand["view"]["seats"][hand["you"]]
    return [card["card"] for card in seat["cards"] if not card["up"] and card["card"]]


def _named(text: str, cards: list[str]) -> list[str]:
    """The cards of ``cards`` that ``text`` names as a card (a code standing alone)."""
    return [card for card in cards if re.search(rf"(?<![A-Za-z0-9]){card}(?![A-Za-z0-9])", text)]


def _frames_of(client: Client, number: int) -> str:
    """Every frame ``client`` got about hand ``number``, as text, each list of a whole rank's
    four cards (a wild rank's cards) written as its rank: it names no card alone."""

    def ranks(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: ranks(item) for key, item in value.items()}
        if isinstance(value, list):
            codes = {item[0] for item in value if isinstance(item, str) and len(item) == 2}
            if len(value) == 4 and len(codes) == 1 and all(isinstance(i, str) for i in value):
                return f"every {codes.pop()}"
            return [ranks(item) for item in value]
        return value

    return json.dumps([ranks(f) for f in client.frames if f.get("number") == number])


def _error(client: Client, seq: int) -> Frame:
    return next(f for f in client.frames if f["type"] == "error" and f.get("seq") == seq)


async def _mucked_and_hidden(server: Server) -> None:
    night = await _night(server, 2, muck_clock=30)
    try:
        offer = await night.to_choice()
        number = offer["number"]
        assert offer["default"] == "muck"
        assert offer["seconds"] > 20
        (loser_seat,) = offer["seats"]
        loser = night.client_at(loser_seat)
        winner = next(c for c in night.clients if c is not loser)
        # The winner's hand is shown before the loser is asked: when the question reaches the
        # loser's page (and the spectator's), the hand there shows the winner's hole cards.
        winner_engine = winner.hands[number]["you"]
        for client in (loser, night.spectator):
            assert client is not None
            await client.wait_for(
                lambda c: any(f["type"] == "showdown" and f["seats"] for f in c.frames),
                what="the question",
            )
            view = client.hands[number]["view"]
            assert [e["seat"] for e in view["events"] if e["type"] == "shown"] == [winner_engine]
            assert all(card["card"] for card in view["seats"][winner_engine]["cards"])
        # The winner's hand takes the pot: it cannot be mucked, and nothing changes.
        seq = await winner.request({"type": "show", "show": False})
        refused = await answer_to(winner, seq)
        assert (refused["type"], refused["code"]) == ("error", "illegal")
        assert "takes part of a pot" in refused["message"]
        assert number not in winner.finished
        hole = _hole(loser, number)
        assert len(hole) == 2, hole
        seq = await loser.request({"type": "show", "show": False})
        assert (await answer_to(loser, seq))["type"] == "ack"
        for client in [*night.clients, night.spectator]:
            assert client is not None
            await client.wait_for(lambda c: number in c.finished, what="the hand's end")
        events = winner.hands[number]["view"]["events"]
        engine = loser.hands[number]["you"]
        assert {"type": "mucked", "seat": engine} in events
        assert not any(e["type"] == "shown" and e["seat"] == engine for e in events)
        # The winner's hand takes the pot, so it is shown, alone.
        assert [e["seat"] for e in events if e["type"] == "shown"] == [winner.hands[number]["you"]]
        # The loser still sees its own cards; nobody else ever got them.
        assert _hole(loser, number) == hole
        for other in (winner, night.spectator):
            assert other is not None
            assert not _named(_frames_of(other, number), hole)
        history = night.api.get(f"/api/tables/{night.table_id}/hands/{number}")
        assert not _named(json.dumps(history), hole)
        phh = night.api.http.get(f"/api/tables/{night.table_id}/hands/{number}/phh")
        assert phh.status_code == 200
        assert not _named(phh.text, hole)
        assert re.search(r'"p\d sm"', phh.text), phh.text  # the muck, naming no card
        # A seat not at a showdown cannot choose either.
        seq = await loser.request({"type": "show", "show": True})
        refused = await answer_to(loser, seq)
        assert (refused["type"], refused["code"]) == ("error", "illegal")
    finally:
        await night.close()
    assert not _named(server.log_text(), hole)


def test_a_loser_mucks_and_nobody_else_sees_the_cards(server: Server) -> None:
    asyncio.run(_mucked_and_hidden(server))


async def _clock_default(server: Server, default: str) -> None:
    night = await _night(server, 2, muck_clock=0.5, showdown_default=default)
    try:
        offer = await night.to_choice()
        number = offer["number"]
        assert offer["default"] == default
        (loser_seat,) = offer["seats"]
        loser = night.client_at(loser_seat)
        hole = _hole(loser, number)
        await loser.wait_for(lambda c: number in c.finished, what="the default")
        events = loser.hands[number]["view"]["events"]
        engine = loser.hands[number]["you"]
        shown = [e for e in events if e["type"] == "shown" and e["seat"] == engine]
        mucked = {"type": "mucked", "seat": engine} in events
        assert (mucked, bool(shown)) == ((True, False) if default == "muck" else (False, True))
        watcher = night.spectator
        assert watcher is not None
        await watcher.wait_for(lambda c: number in c.finished, what="the hand's end")
        assert bool(_named(_frames_of(watcher, number), hole)) is (default == "show")
        ended = [f for f in watcher.frames if f["type"] == "showdown" and f["number"] == number]
        assert ended[-1]["seats"] == []
    finally:
        await night.close()


def test_the_muck_clock_mucks_a_losing_hand_by_default(server: Server) -> None:
    asyncio.run(_clock_default(server, "muck"))


def test_a_table_may_show_losing_hands_by_default(server: Server) -> None:
    asyncio.run(_clock_default(server, "show"))


def test_the_host_changes_the_muck_clock_and_default_between_hands(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "BD5"}])
    assert created["table"]["settings"]["muck_clock"] == 5
    assert created["table"]["settings"]["showdown_default"] == "muck"
    info = api.ok(api.host(created, "PUT", "/rules", muck_clock=2, showdown_default="show"))
    assert (info["settings"]["muck_clock"], info["settings"]["showdown_default"]) == (2, "show")
    refused = api.host(created, "PUT", "/rules", showdown_default="fold")
    assert refused.status_code == 422
    after = api.table(created)
    assert after["settings"]["showdown_default"] == "show"


async def _killed_during_choice(server: Server) -> None:
    night = await _night(server, 3, muck_clock=30)
    try:
        offer = await night.to_choice(want=2)
        number = offer["number"]
        first, second = (night.client_at(seat) for seat in offer["seats"])
        seq = await first.request({"type": "show", "show": True})
        assert (await answer_to(first, seq))["type"] == "ack"
        watcher = night.spectator
        assert watcher is not None
        await watcher.wait_for(
            lambda c: any(
                f["type"] == "showdown" and f["number"] == number and len(f["seats"]) == 1
                for f in c.frames
            ),
            what="the first choice",
        )
        hole = _hole(second, number)
        server.kill()
        await night.close()
        server.start()
        night.api = Api(server.base)
        await night.open()
        # The hand waits at its showdown for the one seat that had not chosen, on a new clock.
        assert night.spectator is not None
        again = await night.spectator.frame("showdown")
        assert again["number"] == number
        assert again["seats"] == [night.seat_of[second.name]]
        second = night.client_at(again["seats"][0])
        await second.frame("hand")
        seq = await second.request({"type": "show", "show": False})
        assert (await answer_to(second, seq))["type"] == "ack"
        for client in night.clients:
            await client.wait_for(lambda c: number in c.finished, what="the hand's end")
        events = night.clients[0].hands[number]["view"]["events"]
        first_engine = night.clients[0].hands[number]["lineup"].index(night.seat_of[first.name])
        assert any(e["type"] == "shown" and e["seat"] == first_engine for e in events)
        assert {"type": "mucked", "seat": second.hands[number]["you"]} in events
        history = night.api.get(f"/api/tables/{night.table_id}/hands/{number}")
        assert not _named(json.dumps(history), hole)
    finally:
        await night.close()


def test_sigkill_during_the_choice_loses_no_choice(database_url: str, tmp_path: Path) -> None:
    server = Server(database_url, tmp_path / "server.log").start()
    try:
        asyncio.run(_killed_during_choice(server))
    finally:
        server.stop()
