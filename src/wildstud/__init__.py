"""wildstud: wild-card stud for home poker nights.

The games are Follow the Queen, Smack My Bitch Up (Pimp Daddy), Who Da Baby Daddy Is and
The Bitch (Black Mariah). The top level exports the pieces most programs need.

>>> from wildstud import evaluate
>>> evaluate("As Ac 4h 5s 7c 9d Jh", wild="4").describe()
'three aces'
>>> joined = evaluate("AsAc4h5s7c9dJh", wild="4")  # as PHH writes cards
>>> joined == evaluate([Card("As"), "Ac", "4h", "5s", "7c", "9d", "Jh"], wild="4")
True
>>> hand = Hand(find_game("pimp-daddy"), [100] * 4, deck=Deck(seed=1))
>>> hand.run()  # antes and third street; now the bring-in must act
>>> hand
<Hand SMBU: third street, pot 4, p4 to act>
"""

from importlib.metadata import PackageNotFoundError, version

from wildstud.cards import Card, Deck, Rank, Suit, parse_card, parse_cards, wild_cards
from wildstud.deal import Hand
from wildstud.errors import (
    CardError,
    DuplicateCardError,
    HandSizeError,
    WildSpecError,
    WildstudError,
)
from wildstud.games import find_game
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
    "Hand",
    "HandSizeError",
    "HandValue",
    "PlayedCard",
    "Rank",
    "Suit",
    "WildSpecError",
    "WildstudError",
    "__version__",
    "evaluate",
    "find_game",
    "parse_card",
    "parse_cards",
    "wild_cards",
]
