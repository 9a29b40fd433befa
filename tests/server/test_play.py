"""Clients play complete hands of every game over real WebSockets, and every frame any client
got is searched for a hidden card of another seat."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from tests.server.conftest import Server
from tests.server.helpers import cards_in, public_events
from tests.tools.wsclient import Api, Client, Frame, Played, open_table, play
from wildstud.history import read_record

HANDS = 2
TABLES: list[dict[str, Any]] = [
    {"games": [{"game": "FTQ", "house_rules": {"queens": "all"}}]},
    {"games": [{"game": "SMBU"}], "stakes": {"limit": "pot-limit", "bring_in": 1}},
    {"games": [{"game": "BD7"}], "stakes": {"limit": "no-limit"}, "starting_chips": 150},
    {"games": [{"game": "BD5"}], "stakes": {"limit": "spread-limit"}},
    {"games": [{"game": "BITCH"}], "bots": ["random-bot"]},
    {"games": [{"game": "pimp-daddy"}], "starting_chips": 60, "bots": ["calling-bot"]},
    {"games": [{"game": "F7S"}], "stakes": {"limit": "pot-limit", "bring_in": 1}},
]


async def _play_every_game(server: Server) -> Played:
    api = Api(server.base)
    tables = []
    rng = random.Random(2024)
    for index, spec in enumerate(TABLES):
        settings = {key: value for key, value in spec.items() if key != "bots"}
        bots = tuple(spec.get("bots", ()))
        tables.append(await open_table(api, index, f"table {index}", settings, bots))

    def done(client: Client) -> bool:
        return len(client.finished) >= HANDS

    async with asyncio.timeout(120):
        await asyncio.gather(
            *(
                play(client, random.Random(rng.random()), done)
                for _, clients, _ in tables
                for client in clients
            )
        )
    for created, _, _ in tables:
        api.ok(api.host(created, "POST", "/pause"))
    await asyncio.sleep(0.2)
    for _, clients, spectator in tables:
        for client in [*clients, spectator]:
            await client.close()
    return Played(api, tables)


@pytest.fixture(scope="module")
def played(server: Server) -> Played:
    """Seven tables, one per game (and one with the Pimp Daddy call), played by three clients
    each (and a bot at two of them) for two hands, with a spectator watching each."""
    return asyncio.run(_play_every_game(server))


def test_every_game_deals_complete_hands(played: Played) -> None:
    codes = set()
    for created, clients, spectator in played.tables:
        table_id = created["table"]["id"]
        hands = played.api.get(f"/api/tables/{table_id}/hands")
        assert len(hands) >= HANDS
        for summary in hands:
            assert sum(summary["final_stacks"]) == sum(summary["starting_stacks"])
        for client in [*clients, spectator]:
            assert len(client.finished) >= HANDS
            for number in client.finished:
                events = client.hands[number]["view"]["events"]
                assert events[-1]["type"] == "hand_ended"
                codes.add(client.hands[number]["view"]["code"])
        # Every seat saw the same public story as the spectator.
        for number in spectator.finished:
            public = public_events(spectator.hands[number]["view"]["events"])
            for client in clients:
                if number in client.finished:
                    mine = public_events(client.hands[number]["view"]["events"])
                    assert mine == public
    assert codes == {"FTQ", "SMBU", "BD7", "BD5", "BITCH", "F7S"}


def test_the_ledger_balances_at_every_table(played: Played) -> None:
    for created, _, _ in played.tables:
        ledger = played.api.ledger(created["table"]["id"])
        assert ledger["balanced"], ledger
        assert ledger["hands_net"] == 0
        assert ledger["buy_ins"] == ledger["seated"] + ledger["cash_outs"]
        assert any(entry["reason"] == "hand" for entry in ledger["entries"])


def _holes(events: list[Frame], seat: int) -> tuple[set[str], int]:
    """The face-down cards dealt to ``seat`` (as its owner saw them) and the number of deals."""
    cards = set()
    deals = 0
    for event in events:
        if event["type"] == "deal_started":
            deals += 1
        if event["type"] == "dealt" and event["seat"] == seat and not event["up"]:
            assert event["card"] is not None, "a seat's own face-down card was hidden from it"
            cards.add(event["card"])
    return cards, deals


def _whole_ranks(cards: list[str]) -> bool:
    """Whether a list of wild cards names whole ranks (every suit), or just the queen of
    spades: then it says nothing of who holds what."""
    ranks = {card[0] for card in cards}
    return set(cards) == {rank + suit for rank in ranks for suit in "cdhs"} or cards == ["Qs"]


def _check_structure(frame: Frame, you: int | None) -> None:
    """No face-down card of another seat, and no burned card, anywhere in a hand frame; the
    lists of wild cards name whole ranks only."""
    view = frame.get("view", {})
    assert _whole_ranks(view["wild"])
    for event in [*view.get("events", []), *frame.get("events", [])]:
        if event["type"] == "wilds_changed":
            assert _whole_ranks(event["wild"])
            assert _whole_ranks(event["was"])
    for event in [*view.get("events", []), *frame.get("events", [])]:
        if event["type"] == "dealt" and not event["up"] and event["seat"] != you:
            assert event["card"] is None, f"{you} was sent another seat's hole card: {event}"
        if event["type"] == "burned":
            assert event["card"] is None
    for seat in view.get("seats", []):
        for held in seat["cards"]:
            if held["card"] is not None and not held["up"]:
                assert seat["seat"] == you or seat["shown"], f"{you} sees {seat['seat']}'s hole"


def test_no_frame_holds_a_hidden_card_of_another_seat(played: Played) -> None:
    frames = checked_cards = 0
    for _, clients, spectator in played.tables:
        # The hole cards of each seat in each hand, as that seat's own frames showed them.
        holes: dict[int, dict[int, set[str]]] = {}
        single_deal: set[int] = set()
        shown: dict[int, dict[int, set[str]]] = {}
        for client in clients:
            for number, hand in client.hands.items():
                you = hand["you"]
                if you is None:
                    continue
                cards, deals = _holes(hand["view"]["events"], you)
                holes.setdefault(number, {})[you] = cards
                if deals == 1:
                    single_deal.add(number)
                for event in hand["view"]["events"]:
                    if event["type"] == "shown":
                        shown.setdefault(number, {})[event["seat"]] = set(event["cards"])
        for client in [*clients, spectator]:
            current: int | None = None  # the hand of the frames, from its "hand" frame on
            seen_shows: set[int] = set()
            for frame in client.frames:
                if frame["type"] == "hand":
                    current, seen_shows = frame["number"], set()
                if frame["type"] not in ("hand", "update"):
                    assert not cards_in(frame), f"cards in a {frame['type']} frame"
                    continue
                frames += 1
                assert current is not None, "an update before its hand's frame"
                you = frame.get("you") if frame["type"] == "hand" else client.hands[current]["you"]
                _check_structure(frame, you)
                events = frame["view"]["events"] if frame["type"] == "hand" else frame["events"]
                seen_shows |= {event["seat"] for event in events if event["type"] == "shown"}
                if current not in single_deal:
                    continue
                present = cards_in(frame)
                for seat, cards in holes.get(current, {}).items():
                    if seat == you:
                        continue
                    secret = cards if seat not in seen_shows else cards - shown[current][seat]
                    checked_cards += len(secret)
                    assert not present & secret, f"{client.name} saw {seat}'s {present & secret}"
    assert frames > 100
    assert checked_cards > 1000


def test_finished_hands_show_only_what_the_showdown_showed(played: Played) -> None:
    created, _clients, _ = played.tables[0]
    table_id = created["table"]["id"]
    for summary in played.api.get(f"/api/tables/{table_id}/hands"):
        history = played.api.get(f"/api/tables/{table_id}/hands/{summary['number']}")
        shown = {event["seat"] for event in history["events"] if event["type"] == "shown"}
        for event in history["events"]:
            if event["type"] == "dealt" and not event["up"]:
                assert event["card"] is None or event["seat"] in shown
        assert history["final_stacks"] == summary["final_stacks"]
        response = played.api.http.get(f"/api/tables/{table_id}/hands/{summary['number']}/phh")
        assert response.status_code == 200
        assert "attachment" in response.headers["content-disposition"]
        record = read_record(response.text)
        # PHH counts players from the dealer's left.
        count = len(history["players"])
        order = [(history["dealer"] + 1 + offset) % count for offset in range(count)]
        assert list(record.players or ()) == [history["players"][seat] for seat in order]
        assert list(record.starting_stacks) == [history["starting_stacks"][s] for s in order]
        assert list(record.finishing_stacks or ()) == [history["final_stacks"][s] for s in order]
        # The record shows no card the spectator's history does not.
        public = cards_in(history["events"])
        for action in record.actions:
            for card in getattr(action, "cards", None) or ():
                assert card is None or str(card) in public
