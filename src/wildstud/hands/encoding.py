"""Hand categories and the integer encoding that both evaluators produce.

A hand's value is one non-negative integer; a larger integer is a better hand, equal integers
tie. :class:`wildstud.hands.HandValue` wraps it, and :mod:`wildstud.fast` returns it bare, so
the two evaluators agree exactly when their integers do. Layout, low bits first:

- bits 0-19: five rank nibbles, most significant first; each holds ``rank + 1`` (1 = deuce …
  13 = ace) and 0 means "no card here", so a shorter stud board compares below a longer one
  with the same leading cards;
- bits 20-23: the :class:`Category`;
- bits 24-27: the category's *slot*, its place in the ranking under the house rule that
  places five of a kind (on top by default, or between a straight flush and four of a kind).

>>> value = encode(Category.FULL_HOUSE, [Rank.ACE, Rank.KING])
>>> category_of(value), ranks_of(value)
(<Category.FULL_HOUSE: 6>, (<Rank.ACE: 12>, <Rank.KING: 11>))
>>> encode(Category.FIVE_OF_A_KIND, [Rank.TWO]) > encode(Category.STRAIGHT_FLUSH, [Rank.ACE])
True
>>> (encode(Category.FIVE_OF_A_KIND, [Rank.TWO], five_of_a_kind_top=False)
...  < encode(Category.STRAIGHT_FLUSH, [Rank.FIVE], five_of_a_kind_top=False))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from wildstud.cards import Rank

__all__ = [
    "CATEGORY_SHIFT",
    "SLOT_SHIFT",
    "Category",
    "category_of",
    "encode",
    "ranks_of",
    "slot_of",
]

CATEGORY_SHIFT = 20
SLOT_SHIFT = 24


class Category(IntEnum):
    """The kinds of poker hand, weakest first (five of a kind only exists with wild cards)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def label(self) -> str:
        """English name: ``four of a kind``."""
        return self.name.lower().replace("_", " ")


def slot_of(category: int, five_of_a_kind_top: bool = True) -> int:
    """The category's place in the ranking (0 = weakest) under the five-of-a-kind house rule."""
    if five_of_a_kind_top or category < Category.STRAIGHT_FLUSH:
        return category
    # Five of a kind between four of a kind and a straight flush: the top two swap places.
    return Category.FIVE_OF_A_KIND + Category.STRAIGHT_FLUSH - category


def encode(category: int, ranks: Sequence[int], five_of_a_kind_top: bool = True) -> int:
    """The value of a hand of this category whose tie-break ranks are ``ranks`` (at most five,
    most significant first, as :class:`Rank` or 0-12)."""
    if len(ranks) > 5:
        raise ValueError(f"at most five tie-break ranks, got {len(ranks)}")
    tiebreak = 0
    for position, rank in enumerate(ranks):
        tiebreak |= (int(rank) + 1) << (4 * (4 - position))
    return (
        (slot_of(category, five_of_a_kind_top) << SLOT_SHIFT)
        | (int(category) << CATEGORY_SHIFT)
        | tiebreak
    )


def category_of(value: int) -> Category:
    """The :class:`Category` of an encoded value."""
    return Category((value >> CATEGORY_SHIFT) & 0xF)


def ranks_of(value: int) -> tuple[Rank, ...]:
    """The tie-break ranks of an encoded value, most significant first."""
    nibbles = ((value >> (4 * (4 - position))) & 0xF for position in range(5))
    return tuple(Rank(nibble - 1) for nibble in nibbles if nibble)
