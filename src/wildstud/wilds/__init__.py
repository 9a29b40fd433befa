"""The wild-card rules, as pure functions of the cards dealt.

A rule reads the face-up cards in the order they were dealt, each with the seat that got it (or
``None`` for a card in the centre), and, where the rule says so, each player's own cards. It
returns a :class:`Wilds`: a timeline with one :class:`WildStep` per face-up card (the wild cards
after it and what changed, if anything), and the final wild cards for each seat. Wild sets are
sets of cards, not ranks, because some rules make single cards wild for one player only (queens
in the hole, the queen of spades in the hole, a baby daddy).

>>> wilds = FollowTheQueen().wilds([("Qh", 0), ("7d", 1), ("Ks", 2)])
>>> [step.trigger for step in wilds.timeline]
[<Trigger.QUEEN: 'queen'>, <Trigger.FOLLOWER: 'follower'>, None]
>>> sorted(wilds.wild)
[Card('7c'), Card('7d'), Card('7h'), Card('7s')]
>>> SmackMyBitchUp().wilds([("Qh", 0), ("7d", 1), ("Ks", 2)]).timeline[-1].trigger
<Trigger.KING: 'king'>

Seats are 0-based. The rules hold data only: :mod:`wildstud.words` makes the English.

The records a rule gives live in :mod:`wildstud.wilds.records`; the rules, each a step function
over a small state, and :class:`~wildstud.wilds.rules.WildTracker` in :mod:`wildstud.wilds.rules`.
"""

from wildstud.wilds.records import (
    FaceUp,
    HeldCard,
    QueensRule,
    SeatWild,
    Trigger,
    WildChange,
    Wilds,
    WildStep,
    rank_cards,
)
from wildstud.wilds.rules import (
    BabyDaddy,
    FollowTheQueen,
    NoWilds,
    QueenOfSpadesInHole,
    SmackMyBitchUp,
    WildRule,
    WildTracker,
)

__all__ = [
    "BabyDaddy",
    "FaceUp",
    "FollowTheQueen",
    "HeldCard",
    "NoWilds",
    "QueenOfSpadesInHole",
    "QueensRule",
    "SeatWild",
    "SmackMyBitchUp",
    "Trigger",
    "WildChange",
    "WildRule",
    "WildStep",
    "WildTracker",
    "Wilds",
    "rank_cards",
]
