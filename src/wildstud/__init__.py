"""wildstud: wild-card stud for home poker nights.

The games are Follow the Queen, Smack My Bitch Up (Pimp Daddy), Who Da Baby Daddy Is and
The Bitch (Black Mariah). The top level exports the pieces most programs need.

>>> from wildstud import evaluate
>>> evaluate("As Ac 4h 5s 7c 9d Jh", wild="4").describe()
'three aces'
"""

from importlib.metadata import PackageNotFoundError, version

from wildstud.cards import Card, Deck, Rank, Suit, parse_card, parse_cards, wild_cards
from wildstud.errors import (
    CardError,
    DuplicateCardError,
    HandSizeError,
    WildSpecError,
    WildstudError,
)
from wildstud.hands import Category, HandValue, PlayedCard, evaluate

try:
    __version__ = version("wildstud")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "Card",
    "CardError",
    "Category",
    "Deck",
    "DuplicateCardError",
    "HandSizeError",
    "HandValue",
    "PlayedCard",
    "Rank",
    "Suit",
    "WildSpecError",
    "WildstudError",
    "__version__",
    "evaluate",
    "parse_card",
    "parse_cards",
    "wild_cards",
]
