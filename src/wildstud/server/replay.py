"""Dealing from secret decks, and rebuilding a hand from what was stored.

Each deal of a hand gets a fresh order of the 52 cards, shuffled with the operating system's
cryptographic generator when the deal starts (:class:`DeckBook`). The order is kept, so the hand
can be rebuilt exactly: the engine is deterministic given its decks and the players' actions,
and :func:`rebuild` replays the actions in order. Orders go to the store and nowhere else: no
frame, no log, no repr shows them.

>>> book = DeckBook()
>>> deck = book.draw(1)
>>> len(deck), book.pending() == [(1, book.order(1))], book.pending()
(52, True, [])
>>> again = DeckBook({1: book.order(1)}).draw(1)
>>> again.peek() == deck.peek()
True
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping

from wildstud.betting import ActionKind
from wildstud.cards import DECK, Deck, parse_cards
from wildstud.deal import Hand
from wildstud.games import find_game
from wildstud.server.store.records import ActionRecord, HandSetup

__all__ = ["DeckBook", "rebuild", "start_hand"]

_SHUFFLER = secrets.SystemRandom()


class DeckBook:
    """The decks of one hand by deal number: stored ones are dealt again as they were; a deal
    with none gets a fresh secure order, noted as pending until the store has it."""

    def __init__(self, stored: Mapping[int, str] | None = None) -> None:
        for order in (stored or {}).values():
            parse_cards(order)  # a damaged order fails here, naming the bad card
        self._orders: dict[int, str] = dict(stored or {})
        self._pending: list[int] = []

    def __repr__(self) -> str:
        return f"DeckBook(<{len(self._orders)} secret orders>)"

    def draw(self, deal: int) -> Deck:
        """The deck of deal ``deal`` (the engine calls this as each deal starts)."""
        order = self._orders.get(deal)
        if order is None:
            cards = list(DECK)
            _SHUFFLER.shuffle(cards)
            order = " ".join(str(card) for card in cards)
            self._orders[deal] = order
            self._pending.append(deal)
        return Deck.stacked(order)

    def order(self, deal: int) -> str:
        """The stored order of a deal (for the store only)."""
        return self._orders[deal]

    def pending(self) -> list[tuple[int, str]]:
        """The orders drawn since the last call, to be stored, as (deal, order) pairs."""
        drawn = [(deal, self._orders[deal]) for deal in self._pending]
        self._pending = []
        return drawn


def start_hand(setup: HandSetup, book: DeckBook) -> Hand:
    """The hand ``setup`` describes, dealt from ``book``, run until a player must act."""
    game = find_game(setup.game)
    hand = Hand(
        game,
        list(setup.stacks),
        game.options(setup.options),
        deck=book.draw,
        dealer=setup.dealer,
    )
    hand.run()
    return hand


def rebuild(setup: HandSetup, book: DeckBook, actions: Iterable[ActionRecord]) -> Hand:
    """The hand as it stood after ``actions``, replayed from the decks in ``book``."""
    hand = start_hand(setup, book)
    for action in actions:
        hand.act(ActionKind(action.kind), action.amount, seat=action.seat)
        hand.run()
    return hand
