"""A practice table: each seat is sent its own chances (the odds engine's, for what that seat
knows) and, on its turn, the equity bot's hint, and nobody else is sent them; the help never
depends on a card its seat cannot see. A normal table sends no help at all."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

from tests.server.helpers import PASSIVE
from wildstud.cards import DECK, Deck
from wildstud.deal import Dealt, Hand, Phase
from wildstud.odds.equity import odds
from wildstud.odds.situation import Situation
from wildstud.practice import DEALS, advice, chances
from wildstud.server.frames import read_server_frame
from wildstud.server.lobby import Lobby
from wildstud.server.replay import DeckBook
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.store import HandSetup, Store
from wildstud.server.table import Table
from wildstud.server.table.core import Everyone, HandNews, To
from wildstud.server.table.live import LiveHand

NAMES = ("ann", "bob", "cat")


class Page:
    """A connection that keeps the frames it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.frames: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        read_server_frame(text)  # every frame is its model's
        self.frames.append(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        raise AssertionError(f"a page was closed: {code} {reason}")

    def then(self, callback: Callable[[], None]) -> None:
        callback()  # the frames are kept as they are sent

    def help(self) -> list[dict[str, Any]]:
        return [frame for frame in self.frames if frame["type"] == "practice"]


def a_dealt_hand(table: Table, code: str, deck: Deck, number: int = 1) -> LiveHand:
    """Hand ``number`` of ``code`` at the table's seats, dealt from ``deck``."""
    lineup = tuple(sorted(table.seats))
    setup = HandSetup(
        number=number,
        entry=0,
        game=code,
        options={},
        lineup=lineup,
        names=tuple(table.seats[index].name for index in lineup),
        dealer=0,
        stacks=tuple(table.seats[index].stack for index in lineup),
        player_ids=tuple(table.seats[index].player_id for index in lineup),
    )
    hand = Hand(code, list(setup.stacks), dealer=0, deck=deck)
    return LiveHand(setup, DeckBook(), hand, 0)


async def settled(table: Table) -> None:
    """Wait until the coach has sent every seat's help it was working out."""
    for _ in range(3000):
        if not table.coach.working:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the practice odds were never ready")


async def play(
    code: str, order: list[Any], *, practice: bool = True, check: bool = True
) -> tuple[dict[int | None, Page], list[list[Any]], int]:
    """Play a hand of ``code`` dealt from ``order`` at a table of three (every seat calling),
    each change sent through the outbox as the server sends it. Return the pages, seat 0's
    help after each change, and how many seats' chances were worked out. With ``check``,
    after each change every seat's last help is held to the odds engine."""
    store = Store("sqlite://")
    lobby = Lobby(store)
    await lobby.open()
    settings = TableSettings(name="practice", games=[GameEntry(game=code)], practice=practice)
    table, _ = await lobby.create(settings)
    for name in NAMES:
        await table.join(name, None)
    live = a_dealt_hand(table, code, Deck.stacked(order))
    table.driver.adopt(table.driver.state.but(live=live))
    hand = live.hand
    pages = {seat: Page(seat) for seat in (*sorted(table.seats), None)}
    for index, seat in table.seats.items():
        seat.clients.add(pages[index])
    table.fanout.spectators.add(pages[None])
    mine: list[list[Any]] = []
    start = 0
    while True:
        hand.run()
        before = {index: len(page.help()) for index, page in pages.items()}
        table.actor.outbox.send([HandNews(Everyone(), live, start, None)])
        await settled(table)
        mine.append([(f["chances"], f["hint"]) for f in pages[0].help()])
        if check and practice and hand.phase is not Phase.OVER:
            for engine, index in enumerate(live.setup.lineup):
                held_to_the_engine(live, engine, pages[index], before[index])
        if hand.to_act is None:
            break
        start = len(hand.events)
        kinds = [option.kind for option in hand.legal_actions()]
        hand.act(next(k for k in PASSIVE if k in kinds), None, seat=hand.to_act)
    computed = table.coach.computed
    await table.stop()
    store.close()
    return pages, mine, computed


def held_to_the_engine(live: LiveHand, engine: int, page: Page, seen: int) -> None:
    """Every help ``page`` (engine seat ``engine``'s) was sent since its first ``seen`` is
    the odds engine's answer for what that seat knows now: the situation made from the whole
    hand as that seat sees it (not from the view the server used), dealt out with the same
    seed and number of deals. (So no other seat's help reached it.)"""
    helps = page.help()
    assert helps, f"seat {engine} was sent no help"
    for last in helps[seen:] or helps[-1:]:
        _is_the_engine_s(live, engine, last)


def _is_the_engine_s(live: LiveHand, engine: int, last: dict[str, Any]) -> None:
    assert last["number"] == live.number
    situation = Situation.from_hand(live.hand, viewer=engine)
    result = odds(situation, deals=DEALS, seed=live.number)
    expected = next(seat for seat in result.seats if seat.seat == engine)
    assert last["chances"]["equity"] == float(expected.equity)
    assert last["chances"]["win"] == float(expected.win)
    assert last["chances"]["special"] == float(expected.special)
    assert last["chances"]["deals"] == result.deals >= DEALS
    view = live.hand.view(engine)
    hint = advice(view, chances(view, seed=live.number))
    if hint is None:
        assert last["hint"] is None
    else:
        assert (last["hint"]["kind"], last["hint"]["amount"]) == (hint.kind.value, hint.amount)


def shuffled(seed: int) -> list[Any]:
    order = list(DECK)
    random.Random(seed).shuffle(order)
    return order


def test_each_seat_is_sent_the_odds_engine_s_chances_for_what_it_knows_and_the_bot_s_hint() -> None:
    for code, seed in (("FTQ", 5), ("BITCH", 8)):
        pages, _, _ = asyncio.run(play(code, shuffled(seed)))
        for seat in sorted(pages, key=lambda s: -1 if s is None else s):
            helps = pages[seat].help()
            if seat is None:
                assert helps == [], "a spectator was sent a seat's help"
                continue
            assert len(helps) >= 4  # a frame as each street's card lands, and on each turn
            assert any(help["hint"] is not None for help in helps)
            assert {help["chances"]["split"] for help in helps} == {code == "BITCH"}


def test_the_chances_are_worked_out_once_per_seat_per_state_of_the_deal() -> None:
    _pages, mine, computed = asyncio.run(play("FTQ", shuffled(3), check=False))
    changes = len(mine)
    assert changes > 8
    # Three seats, five streets: at most one piece of work for each, whatever the actions.
    assert computed <= 3 * 5 < 3 * changes


def test_the_help_is_the_same_whatever_the_other_seats_hidden_cards() -> None:
    order = shuffled(11)
    probe = Hand("FTQ", [1000] * 3, dealer=0, deck=Deck.stacked(order))
    probe.run()
    holes = [e.card for e in probe.events if isinstance(e, Dealt) and e.seat != 0 and not e.up]
    # Bob's and Cat's first hole cards become two cards nobody is dealt (the bottom of the pack).
    other = list(order)
    for card, spare in zip(holes[:2], (-1, -2), strict=True):
        place = other.index(card)
        other[place], other[spare] = other[spare], other[place]
    assert other != order
    _, first, _ = asyncio.run(play("FTQ", order, check=False))
    _, second, _ = asyncio.run(play("FTQ", other, check=False))
    assert first == second
    assert any(help[0] is not None for helps in first for help in helps)


def test_a_normal_table_sends_no_help() -> None:
    pages, _mine, computed = asyncio.run(play("FTQ", shuffled(2), practice=False))
    assert computed == 0
    assert all(page.help() == [] for page in pages.values())


def test_a_connection_that_opens_is_sent_its_seat_s_help_at_once() -> None:
    async def run() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        store = Store("sqlite://")
        lobby = Lobby(store)
        await lobby.open()
        settings = TableSettings(name="p", games=[GameEntry(game="SMBU")], practice=True)
        table, _ = await lobby.create(settings)
        for name in NAMES:
            await table.join(name, None)
        live = a_dealt_hand(table, "SMBU", Deck.stacked(shuffled(4)))
        table.driver.adopt(table.driver.state.but(live=live))
        live.hand.run()
        first, second = Page(1), Page(1)
        table.seats[1].clients.add(first)
        table.actor.outbox.send([HandNews(Everyone(), live, 0, None)])
        await settled(table)
        table.seats[1].clients.add(second)  # a second device of the same seat
        table.actor.outbox.send([HandNews(To(second), live, 0, None)])
        await settled(table)
        await table.stop()
        store.close()
        return first.help(), second.help()

    first, second = asyncio.run(run())
    assert len(first) == 1
    assert first == second


def test_the_host_seats_an_equity_bot_at_each_strength() -> None:
    from wildstud.bots_equity import EquityBot
    from wildstud.server.names import bot_name
    from wildstud.server.seating import Seat, SeatKind

    samples = {}
    for kind in ("equity-bot-quick", "equity-bot", "equity-bot-deep"):
        bot = Seat.new(1, "b", SeatKind(kind), None, 100, 0).bot
        assert isinstance(bot, EquityBot)
        samples[bot_name(kind, None, 0)] = bot.samples
    assert samples == {"Quick 1": 150, "Equity 1": 600, "Deep 1": 5000}
