"""The outbox is the one place a hand's view is redacted: given the engine's hand whole, hidden
cards and all (:class:`~wildstud.server.table.core.HandNews`), it sends each connection the
frame of its own seat, so a hole card reaches its owner's connections and nobody else's."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from tests.server.helpers import PASSIVE, cards_in
from wildstud.server.lobby import Lobby
from wildstud.server.replay import DeckBook, start_hand
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.store import HandSetup, Store
from wildstud.server.table import Table
from wildstud.server.table.core import Everyone, HandNews, To
from wildstud.server.table.live import LiveHand


class Page:
    """A connection that keeps the frames it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.frames: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        self.frames.append(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        raise AssertionError(f"a page was closed: {code} {reason}")

    def then(self, callback: Callable[[], None]) -> None:
        callback()  # the frames are kept as they are sent


def a_hand(table: Table) -> LiveHand:
    """A hand of the table's first game, dealt to its seats up to the first action."""
    item = table.menu.items[0]
    lineup = tuple(sorted(table.seats))
    setup = HandSetup(
        number=1,
        entry=0,
        game=item.game.name,
        options=dict(item.options.to_mapping()),
        lineup=lineup,
        names=tuple(table.seats[index].name for index in lineup),
        dealer=0,
        stacks=tuple(table.seats[index].stack for index in lineup),
        player_ids=tuple(table.seats[index].player_id for index in lineup),
    )
    book = DeckBook()
    return LiveHand(setup, book, start_hand(setup, book, to_redeal=True, hold_showdown=True), 0)


def test_each_connection_gets_its_own_seat_s_hole_cards_and_no_one_else_s() -> None:
    async def run() -> tuple[LiveHand, dict[int | None, Page]]:
        store = Store("sqlite://")
        lobby = Lobby(store)
        await lobby.open()
        settings = TableSettings(name="redact", games=[GameEntry(game="FTQ")])
        table, _ = await lobby.create(settings)
        for name in ("ann", "bob", "cat"):
            await table.join(name, None)
        live = a_hand(table)
        pages = {seat: Page(seat) for seat in (*sorted(table.seats), None)}
        for page in pages.values():  # a welcome: the whole hand, to one connection
            table.actor.outbox.send([HandNews(To(page), live, 0, None)])
        for index, seat in table.seats.items():
            seat.clients.add(pages[index])
        table.fanout.spectators.add(pages[None])
        hand = live.hand
        for _ in range(12):  # deeper streets: more hole cards, and the other seats' upcards
            if hand.to_act is None:
                break
            start = len(hand.events)
            kinds = [option.kind for option in hand.legal_actions()]
            kind = next((k for k in PASSIVE if k in kinds), kinds[0])
            hand.act(kind, None, seat=hand.to_act)
            table.driver.endgame.deal_on(live, hand)
            table.actor.outbox.send([HandNews(Everyone(), live, start, None)])
        await table.stop()
        store.close()
        return live, pages

    live, pages = asyncio.run(run())
    hand = live.hand
    holes = {
        index: {str(held.card) for held in hand.cards(engine) if not held.up}
        for engine, index in enumerate(live.setup.lineup)
    }
    assert all(holes.values())  # every seat was dealt a hole card, so the check can fail
    for viewer, page in pages.items():
        assert [frame["type"] for frame in page.frames][:2] == ["hand", "update"]
        seen = set().union(*(cards_in(frame) for frame in page.frames))
        for owner, cards in holes.items():
            if owner == viewer:
                assert cards <= seen, f"seat {owner} was not sent its own hole cards"
            else:
                assert not cards & seen, f"{viewer} was sent seat {owner}'s {cards & seen}"
