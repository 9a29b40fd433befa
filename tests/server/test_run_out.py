"""All in at the table, over real sockets: the hands still in are turned up for every page the
moment no more betting can come (house rule ``all_in_turn_up``, on at the tables), the rest is
dealt a street at a time ``runout_pause`` apart, and every page gets each hand's chances as
each street lands, the same frame for everyone, worked out from public cards only."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.server.conftest import Server
from tests.server.helpers import hand_events
from tests.tools.wsclient import Api, Client, Frame, Shower, play
from wildstud.cards import parse_card
from wildstud.commitment import Proof, verify
from wildstud.deal import DealStarted, Dealt, Event, HandStarted, StreetStarted, TurnedUp
from wildstud.games import find_game
from wildstud.odds.runout import public_odds

PAUSE = 0.4


async def _all_in(
    server: Server, games: list[Frame], *, odds: bool = True
) -> tuple[list[Client], Client]:
    """Ann and Bob all in on third street of hand 1, a spectator watching; once it is over
    (and, ``odds``, its last odds are in)."""
    api = Api(server.base)
    created = api.create(
        games=games,
        seats=2,
        starting_chips=3,
        hand_pause=30,
        runout_pause=PAUSE,
    )
    seats = [api.join(created, name) for name in ("Ann", "Bob")]
    clients = [await Client(seat["socket"], seat["name"]).open() for seat in seats]
    watcher = await Client(created["links"]["watch_socket"], "watch").open()
    api.ok(api.host(created, "POST", "/start"))
    async with asyncio.timeout(120):
        await asyncio.gather(*(play(c, Shower(), lambda c: 1 in c.finished) for c in clients))
        await watcher.wait_for(lambda c: 1 in c.finished, what="hand 1's end")
        # The last odds (after the last card) are worked out once the hand is over.
        for client in [*clients, watcher]:
            await client.wait_for(
                lambda c: (
                    not odds
                    or any(
                        f["type"] == "odds" and f["street"] == "seventh street" for f in c.frames
                    )
                    or any(e["type"] == "redealt" for e in c.hands[1]["view"]["events"])
                ),
                timeout=40,  # worked out on a thread: slow on a loaded machine
                what="the last odds",
            )
    return clients, watcher


def _odds(client: Client) -> list[Frame]:
    return [frame for frame in client.frames if frame["type"] == "odds" and frame["number"] == 1]


def _engine_events(events: list[dict[str, Any]]) -> list[Event]:
    """The spectator's events as the engine's records, as far as the odds read them (the cards
    turned up given back to the face-down cards they turn up, as every page sees them)."""
    public: dict[int, list[str]] = {}
    for event in events:
        if event["type"] == "turned_up":
            public.setdefault(event["seat"], []).extend(event["cards"])
    out: list[Event] = []
    for event in events:
        kind = event["type"]
        if kind == "hand_started":  # the odds read the dealer (who is dealt first)
            out.append(HandStarted(event["game"], event["code"], (), (), event["dealer"]))
        elif kind == "deal_started":
            out.append(DealStarted(event["deal"], tuple(event["seats"])))
        elif kind == "street_started":
            out.append(StreetStarted(event["street"], event["name"]))
        elif kind == "dealt":
            card = event["card"]
            if card is None:  # face down: the card turned up in its place, in order
                card = public[event["seat"]].pop(0)
            out.append(Dealt(event["seat"], parse_card(card), event["up"], event["street"]))
        elif kind == "turned_up":
            out.append(TurnedUp(event["seat"], tuple(parse_card(c) for c in event["cards"])))
    return out


def test_the_hands_are_turned_up_and_every_page_gets_the_odds_street_by_street(
    server: Server,
) -> None:
    clients, watcher = asyncio.run(_all_in(server, [{"game": "FTQ"}]))
    events = hand_events(watcher)
    turned = [event for event in events if event["type"] == "turned_up"]
    first_turn = events.index(turned[0])
    # Turned up before fourth street began: the spectator saw both hands' hole cards.
    assert {event["seat"] for event in turned} == {0, 1}
    assert events[first_turn + 2]["type"] == "street_started"
    assert all(len(event["cards"]) == 2 for event in turned[:2])
    # The cards turned up come with their proofs, in the frame that turns them up, each
    # opening the deal's commitment (sent before its first card) to that card.
    frame_of_turn = next(
        f
        for f in watcher.frames
        if f["type"] == "update" and any(e["type"] == "turned_up" for e in f["events"])
    )
    roots = {
        item["deal"]: item["root"]
        for f in watcher.frames
        if f["type"] in ("hand", "update")
        for item in f["commitments"]
    }
    proven = {item["card"]: item for item in frame_of_turn["proofs"]}
    for card in [card for event in turned[:2] for card in event["cards"]]:
        assert verify(roots[1], Proof.from_data(proven[card])), card
    # The odds: one frame after the turn-up and after each street, the same for every page.
    frames = _odds(watcher)
    assert [frame["street"] for frame in frames] == [
        "third street",
        "fourth street",
        "fifth street",
        "sixth street",
        "seventh street",
    ]
    for client in clients:
        assert _odds(client) == frames
    for frame in frames:
        assert sum(seat["pot_share"] for seat in frame["seats"]) == pytest.approx(1.0)
        assert [seat["seat"] for seat in frame["seats"]] == [0, 1]
    last = frames[-1]
    shown = [event for event in events if event["type"] == "shown"]
    assert len(shown) == 2
    assert last["exact"]
    assert sorted(seat["pot_share"] for seat in last["seats"]) in ([0.0, 1.0], [0.5, 0.5])
    # Each frame is what the odds engine gives for the cards the spectator had been shown.
    rules = find_game("FTQ").rules()  # the odds read the streets and the wild rule only
    public = _engine_events(events)
    for frame in frames:
        cut = sum(1 for event in events[: frame["event"]] if event["type"] in _READ)
        odds = public_odds(rules, 2, public[:cut])
        assert [seat["pot_share"] for seat in frame["seats"]] == [s.equity for s in odds.seats]
    # The streets of the run-out came runout_pause apart, each with its odds after it.
    starts = [
        arrival
        for frame, arrival in zip(watcher.frames, watcher.arrivals, strict=True)
        if frame["type"] == "update"
        and frame["number"] == 1
        and any(event["type"] == "street_started" for event in frame["events"])
    ]
    gaps = [later - earlier for earlier, later in zip(starts[-4:], starts[-3:], strict=False)]
    assert gaps
    # Measured where the frames arrive: one delayed by a loaded machine shortens the gap after
    # it by as much as it lengthens the one before, so the streets' whole span holds the
    # pauses, and no single gap can be missing its pause.
    assert starts[-1] - starts[-1 - len(gaps)] >= len(gaps) * PAUSE * 0.9, gaps
    assert all(gap >= PAUSE * 0.5 for gap in gaps), gaps


_READ = ("hand_started", "deal_started", "street_started", "dealt", "turned_up")


def test_nothing_is_turned_up_when_the_host_turns_the_rule_off(server: Server) -> None:
    game = [{"game": "FTQ", "house_rules": {"all_in_turn_up": False}}]
    _, watcher = asyncio.run(_all_in(server, game, odds=False))
    events = hand_events(watcher)
    assert not any(event["type"] == "turned_up" for event in events)
    assert _odds(watcher) == []
    # Until the showdown the spectator saw no hole card.
    showdown = next(i for i, event in enumerate(events) if event["type"] == "shown")
    assert all(
        event["card"] is None
        for event in events[:showdown]
        if event["type"] == "dealt" and not event["up"]
    )
