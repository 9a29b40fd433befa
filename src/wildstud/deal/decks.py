"""Stacking a deck for a ruling or a test: the cards that matter first, the rest after.

>>> deck = stack_deck("Qs 7d")
>>> deck.deal_many(3), len(deck)
((Card('Qs'), Card('7d'), Card('2c')), 49)
"""

from __future__ import annotations

from collections.abc import Iterable

from wildstud.cards import DECK, CardLike, Deck, parse_cards

__all__ = ["stack_deck"]


def stack_deck(cards: str | Iterable[CardLike]) -> Deck:
    """A stacked deck that deals ``cards`` first, then the rest of the pack in code order
    (2♣ 2♦ 2♥ 2♠ 3♣ …), so that a ruling need only name the cards that matter."""
    top = parse_cards(cards)
    chosen = set(top)
    rest = [card for card in DECK if card not in chosen]
    return Deck.stacked([*top, *rest])
