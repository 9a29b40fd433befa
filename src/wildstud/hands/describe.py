"""Plain-English names of hands, read off the encoded value.

>>> from wildstud.hands.encoding import encode
>>> describe_value(encode(Category.FULL_HOUSE, [Rank.ACE, Rank.KING]))
'aces full of kings'
>>> describe_value(encode(Category.STRAIGHT_FLUSH, [Rank.ACE]))
'royal flush'
>>> describe_value(encode(Category.STRAIGHT, [Rank.FIVE]))
'five-high straight'
"""

from __future__ import annotations

from wildstud.cards import Rank
from wildstud.hands.encoding import Category, category_of, ranks_of

__all__ = ["describe_value"]

_ACE_COUNTS = {2: "double", 3: "triple", 4: "quadruple", 5: "quintuple"}


def describe_value(value: int) -> str:
    """The name of the hand whose encoded value this is."""
    category = category_of(value)
    ranks = ranks_of(value)
    top = ranks[0]
    if category is Category.FIVE_OF_A_KIND:
        return f"five {top.plural}"
    if category is Category.STRAIGHT_FLUSH:
        return "royal flush" if top is Rank.ACE else f"{top.singular}-high straight flush"
    if category is Category.FOUR_OF_A_KIND:
        return f"four {top.plural}"
    if category is Category.FULL_HOUSE:
        return f"{top.plural} full of {ranks[1].plural}"
    if category is Category.FLUSH:
        # Under the double-ace house rule wilds may make a flush with more than one ace.
        aces = ranks.count(Rank.ACE)
        if aces > 1:
            return f"{_ACE_COUNTS[aces]}-ace flush"
        return f"{top.singular}-high flush"
    if category is Category.STRAIGHT:
        return f"{top.singular}-high straight"
    if category is Category.THREE_OF_A_KIND:
        return f"three {top.plural}"
    if category is Category.TWO_PAIR:
        return f"two pair, {top.plural} and {ranks[1].plural}"
    if category is Category.ONE_PAIR:
        return f"pair of {top.plural}"
    return f"{top.singular} high"
