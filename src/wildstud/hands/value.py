"""The value of a hand and the cards as played.

A :class:`HandValue` is ordered, compared and hashed by its integer :attr:`~HandValue.value`
alone (the encoding of :mod:`wildstud.hands.encoding`), so two hands that tie are equal even
when they are made of different cards; suits never break ties.

>>> from wildstud.cards import parse_card
>>> wild = PlayedCard(parse_card("As"), wild=parse_card("4h"))
>>> str(wild), wild.is_wild, str(PlayedCard(parse_card("Kd")))
('A♠*', True, 'K♦')
"""

from __future__ import annotations

from dataclasses import dataclass

from wildstud.cards import Card
from wildstud.hands.describe import describe_value
from wildstud.hands.encoding import Category

__all__ = ["HandValue", "PlayedCard"]


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """One card of a hand as it plays.

    ``card`` is what the card counts as; for a wild card it is the card the wild stands for,
    and ``wild`` is the wild card itself (``None`` for a natural card).
    """

    card: Card
    wild: Card | None = None

    @property
    def is_wild(self) -> bool:
        """Whether a wild card plays this part."""
        return self.wild is not None

    def __str__(self) -> str:
        # The star marks a card that a wild stands for.
        return self.card.pretty + ("*" if self.wild is not None else "")

    def __repr__(self) -> str:
        if self.wild is None:
            return f"PlayedCard({self.card!r})"
        return f"PlayedCard({self.card!r}, wild={self.wild!r})"


@dataclass(frozen=True, slots=True, eq=False)
class HandValue:
    """The value of a hand: a totally ordered integer with the cards that make it.

    >>> from wildstud import evaluate
    >>> low, high = evaluate("Ks Kh 2c"), evaluate("As 3h 2c")
    >>> low > high, low.describe(), high.describe()
    (True, 'pair of kings', 'ace high')
    >>> evaluate("As Ad") == evaluate("Ah Ac"), len({evaluate("As Ad"), evaluate("Ah Ac")})
    (True, 1)
    """

    value: int
    """The encoded value: larger is better, equal ties."""
    category: Category
    """The kind of hand."""
    best_five: tuple[PlayedCard, ...]
    """The cards as played, as a person reads the hand: groups first, then kickers, straights
    from the top (all the cards when there are fewer than five)."""
    wild_count: int
    """How many wild cards the hand uses."""

    def describe(self) -> str:
        """The hand in plain English: ``three aces``, ``aces full of kings``."""
        return describe_value(self.value)

    def __str__(self) -> str:
        return f"{self.describe()} ({' '.join(map(str, self.best_five))})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.value == other.value

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.value != other.value

    def __lt__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.value < other.value

    def __le__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.value <= other.value

    def __gt__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.value > other.value

    def __ge__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.value >= other.value

    def __hash__(self) -> int:
        return hash(self.value)
