"""Run it twice at the table, over real sockets: once the hands all in are turned up, the table
asks every one of them (a ``run_twice`` frame, on a short clock); all agree, and the cards
still to come are dealt twice, each run for half of every pot; one no, a bot or a clock that
runs out, and they are dealt once. Every answer is stored as the hand's action, so a server
rebuilding the hand stands where it stood."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.server.conftest import Server
from tests.server.helpers import hand_events
from tests.tools.cli_run import run
from tests.tools.wsclient import Api, Client, Frame, Shower, play
from wildstud.deal import Hand, Phase, RunStarted
from wildstud.history.phh import read_record
from wildstud.history.replay import replay
from wildstud.server.replay import RUN_ONCE, RUN_TWICE, DeckBook, held, rebuild, start_hand
from wildstud.server.store.records import ActionRecord, HandSetup

TWICE = [{"game": "F7S", "house_rules": {"run_twice": True}}]


async def _night(
    server: Server,
    answers: tuple[bool | None, ...],
    *,
    bot: bool = False,
    clock: float = 5.0,
    odds: int = 0,
) -> tuple[Api, Frame, list[Client], Client]:
    """Ann and Bob (or Ann and a calling bot) all in on third street of hand 1, a spectator
    watching, each answering the offer to run it twice as ``answers`` say (``None``: not at
    all); once hand 1 is over, the spectator has ``odds`` odds frames, and the table is
    paused."""
    api = Api(server.base)
    created = api.create(
        games=TWICE,
        seats=2,
        starting_chips=3,
        hand_pause=30,
        runout_pause=0.05,
        twice_clock=clock,
    )
    names = ("Ann",) if bot else ("Ann", "Bob")
    seats = [api.join(created, name) for name in names]
    if bot:
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    clients = [await Client(seat["socket"], seat["name"]).open() for seat in seats]
    watcher = await Client(created["links"]["watch_socket"], "watch").open()
    api.ok(api.host(created, "POST", "/start"))
    async with asyncio.timeout(60):
        await asyncio.gather(
            *(
                play(client, Shower(), lambda c: 1 in c.finished, twice=answer)
                for client, answer in zip(clients, answers, strict=False)
            )
        )
        await watcher.wait_for(lambda c: 1 in c.finished, what="hand 1's end")
        await watcher.wait_for(
            lambda c: len([f for f in c.frames if f["type"] == "odds"]) >= odds,
            timeout=50.0,
            what="the odds",
        )
    api.ok(api.host(created, "POST", "/pause"))
    for client in [*clients, watcher]:
        await client.close()
    return api, created, clients, watcher


def _offers(client: Client) -> list[Frame]:
    return [frame for frame in client.frames if frame["type"] == "run_twice"]


def _finish(api: Api, created: Frame, clients: list[Client], watcher: Client) -> list[int]:
    """The stacks after hand 1, by table seat."""
    table = api.table(created)
    return [seat["stack"] for seat in sorted(table["seats"], key=lambda seat: seat["seat"])]


def test_both_agree_and_each_run_takes_half_of_the_pot(
    server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    api, created, clients, watcher = asyncio.run(_night(server, (True, True), odds=9))
    events = hand_events(watcher)
    runs = [event["run"] for event in events if event["type"] == "run_started"]
    assert runs == [1, 2]
    awards = [event for event in events if event["type"] == "awarded"]
    pot = sum(event["amount"] for event in awards)
    assert pot == 6  # both all in for 3
    by_run = {run: sum(e["amount"] for e in awards if e["run"] == run) for run in (1, 2)}
    assert by_run == {1: 3, 2: 3}
    assert len([event for event in events if event["type"] == "shown"]) == 4
    # The offer asked both, then said it was settled, to every page alike.
    offers = _offers(watcher)
    assert sorted(offers[0]["seats"]) == [0, 1]
    assert offers[-1]["seats"] == []
    assert sorted(offers[-1]["agreed"]) == [0, 1]
    assert offers[-1]["declined"] is None
    # The odds of each run, run 2's after run 1's.
    odds = [frame for frame in watcher.frames if frame["type"] == "odds"]
    assert [frame["run"] for frame in odds] == [0, 1, 1, 1, 1, 2, 2, 2, 2]
    assert next(frame["street"] for frame in odds if frame["run"] == 2) == "fourth street"
    # No chip made or lost; the ledger holds each seat's result.
    table_id = created["table"]["id"]
    stacks = _finish(api, created, clients, watcher)
    assert sum(stacks) == 6
    ledger = api.ledger(table_id)
    assert ledger["balanced"], ledger
    # The hand's record: `_runs = 2`, replayed to the same end, and every card it shows proven
    # against its deal's commitment (what `wildstud verify` checks).
    text = api.http.get(f"/api/tables/{table_id}/hands/1/phh").text
    assert "_runs = 2" in text
    assert '"# run 2"' in text
    record = read_record(text)
    replayed = replay(record)
    assert replayed.complete
    assert sum(replayed.hand.stacks) == 6
    assert [e.run for e in replayed.hand.events if isinstance(e, RunStarted)] == [1, 2]
    path = tmp_path / "hand.phh"
    path.write_text(text)
    code, out, err = run(capsys, "verify", str(path))
    assert code == 0, out + err
    # The replay's odds of every street, run 2's streets after run 1's.
    report = api.odds(f"/api/tables/{table_id}/hands/1/odds")
    assert report["number"] == 1
    assert len(report["streets"]) >= 2
    # The replay's steps reach the end of run 2.
    steps = api.get(f"/api/tables/{table_id}/hands/1/steps")["steps"]
    assert steps[-1]["view"]["phase"] == "over"
    kinds = [event["type"] for step in steps for event in step["events"]]
    assert kinds.count("run_started") == 2
    results = [entry["amount"] for entry in ledger["entries"] if entry["reason"] == "hand"]
    assert sum(results) == 0


def test_one_no_and_the_cards_are_run_once(server: Server) -> None:
    api, created, clients, watcher = asyncio.run(_night(server, (True, False)))
    events = hand_events(watcher)
    assert not any(event["type"] == "run_started" for event in events)
    assert [event["run"] for event in events if event["type"] == "awarded"] == [0] * len(
        [event for event in events if event["type"] == "awarded"]
    )
    last = _offers(watcher)[-1]
    assert last["seats"] == []
    assert last["declined"] == 1
    assert sum(_finish(api, created, clients, watcher)) == 6


def test_a_clock_that_runs_out_answers_no(server: Server) -> None:
    api, created, clients, watcher = asyncio.run(_night(server, (True, None), clock=0.5))
    events = hand_events(watcher)
    assert not any(event["type"] == "run_started" for event in events)
    assert _offers(watcher)[-1]["declined"] == 1
    assert sum(_finish(api, created, clients, watcher)) == 6


def test_a_bot_declines(server: Server) -> None:
    api, created, clients, watcher = asyncio.run(_night(server, (True,), bot=True))
    events = hand_events(watcher)
    assert not any(event["type"] == "run_started" for event in events)
    offers = _offers(watcher)
    assert offers[-1]["declined"] == 1  # the bot's seat
    assert sum(_finish(api, created, clients, watcher)) == 6


def _run_twice_setup() -> HandSetup:
    return HandSetup(
        1,
        0,
        "seven-card-stud",
        {"run_twice": True, "all_in_turn_up": True, "bring_in": 0},
        (0, 1),
        ("ann", "bob"),
        1,
        (6, 6),
    )


def _to_offer(setup: HandSetup, book: DeckBook) -> tuple[Hand, list[ActionRecord]]:
    """Hand 1 played to the offer: p1 bets all in, p2 calls all in."""
    hand = start_hand(setup, book, to_redeal=True, hold_showdown=True)
    actions = []
    for index, kind in enumerate(("bet", "call")):
        seat = hand.to_act
        assert seat is not None
        amount = 5 if kind == "bet" else None
        hand.act(kind, amount, seat=seat)
        actions.append(ActionRecord(1, index, seat, kind, amount, "player", None))
    return hand, actions


def test_a_rebuilt_hand_stands_at_the_offer_with_the_answers_given() -> None:
    setup = _run_twice_setup()
    book = DeckBook()
    hand, actions = _to_offer(setup, book)
    while hand.phase is Phase.DEALER and not held(hand):
        hand.step()
    assert hand.to_agree_run_twice == (0, 1)
    stored = DeckBook({1: book.order(1)})
    # Rebuilt with no answer yet: the dealer waits at the offer, no run-out card dealt.
    again = rebuild(setup, stored, actions, hold_showdown=True)
    assert again.to_agree_run_twice == (0, 1)
    assert again.events == hand.events
    # With one yes stored: only the other seat is still asked.
    yes = ActionRecord(1, 2, 0, RUN_TWICE, None, "player", None)
    again = rebuild(setup, DeckBook({1: book.order(1)}), [*actions, yes], hold_showdown=True)
    assert again.to_agree_run_twice == (1,)
    # Both yes: a finished hand rebuilt is run twice, as it was at the table.
    both = [*actions, yes, ActionRecord(1, 3, 1, RUN_TWICE, None, "player", None)]
    done = rebuild(setup, DeckBook({1: book.order(1)}), both)
    assert done.phase is Phase.OVER
    assert [event for event in done.events if isinstance(event, RunStarted)] == [
        RunStarted(1),
        RunStarted(2),
    ]
    # One no: run once.
    no = [*actions, ActionRecord(1, 2, 1, RUN_ONCE, None, "clock", None)]
    once = rebuild(setup, DeckBook({1: book.order(1)}), no)
    assert not any(isinstance(event, RunStarted) for event in once.events)
    assert sum(once.stacks) == 12
