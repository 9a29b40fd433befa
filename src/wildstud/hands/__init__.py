"""The reference hand evaluator: wild cards, the value of a hand, and how it reads.

>>> from wildstud.hands import evaluate
>>> hand = evaluate("Qs 7d 7c 2h Kd", wild="Q")
>>> hand.category, hand.describe(), hand.wild_count
(<Category.THREE_OF_A_KIND: 3>, 'three sevens', 1)
>>> hand.value == encode(Category.THREE_OF_A_KIND, [Rank.SEVEN, Rank.KING, Rank.TWO])
True
"""

from wildstud.cards import Rank
from wildstud.hands.describe import describe_value
from wildstud.hands.encoding import (
    CATEGORY_SHIFT,
    SLOT_SHIFT,
    Category,
    category_of,
    encode,
    ranks_of,
    slot_of,
)
from wildstud.hands.evaluator import evaluate
from wildstud.hands.value import HandValue, PlayedCard

__all__ = [
    "CATEGORY_SHIFT",
    "SLOT_SHIFT",
    "Category",
    "HandValue",
    "PlayedCard",
    "Rank",
    "category_of",
    "describe_value",
    "encode",
    "evaluate",
    "ranks_of",
    "slot_of",
]
