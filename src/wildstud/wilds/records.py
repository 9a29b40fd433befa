"""The records a wild rule gives: what each face-up card did (:class:`WildStep`,
:class:`WildChange`, :class:`Trigger`), the wild cards of the table and of each seat
(:class:`Wilds`, :class:`SeatWild`), and the cards the rules read (:class:`FaceUp`,
:class:`HeldCard`). :mod:`wildstud.wilds.rules` holds the rules that make them.

>>> sorted(rank_cards(Rank.QUEEN))
[Card('Qc'), Card('Qd'), Card('Qh'), Card('Qs')]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from wildstud.cards import DECK, Card, CardLike, Rank, Suit

if TYPE_CHECKING:
    from wildstud.wilds.rules import _Progress

__all__ = [
    "FaceUp",
    "FaceUpLike",
    "HeldCard",
    "HeldLike",
    "QueensRule",
    "SeatWild",
    "Trigger",
    "WildChange",
    "WildStep",
    "Wilds",
    "rank_cards",
]


def rank_cards(rank: Rank) -> frozenset[Card]:
    """The four cards of a rank.

    >>> sorted(rank_cards(Rank.SEVEN))
    [Card('7c'), Card('7d'), Card('7h'), Card('7s')]
    """
    return _RANK_CARDS[rank]


# Built once: the rules ask for a rank's cards on every face-up card, and reusing one set lets a
# step that changed nothing be told by identity.
_RANK_CARDS = tuple(frozenset(DECK[rank * 4 + suit] for suit in Suit) for rank in Rank)


class QueensRule(StrEnum):
    """Follow the Queen: which queens are wild themselves."""

    NATURAL = "natural"
    """No queen is wild (the sheet's basic game)."""
    ALL = "all"
    """Every queen is wild."""
    HIDDEN = "hidden"
    """Each player's own face-down queens are wild; face-up queens are not."""
    HIDDEN_AFTER_FACE_UP = "hidden-after-face-up"
    """Face-up queens are wild, and queens in the hole once a queen has been dealt face up."""


class Trigger(StrEnum):
    """What a face-up card did to the wild cards: the kind of a :class:`WildChange`."""

    QUEEN = "queen"
    """A face-up queen: the old follower stops being wild; the next face-up card will be wild."""
    FOLLOWER = "follower"
    """The face-up card after a queen: its rank is wild."""
    KING = "king"
    """Smack My Bitch Up: a face-up king cancelled the wild cards; only kings are wild."""
    QUEEN_RETURNS = "queen-returns"
    """Smack My Bitch Up: a face-up queen after a king; kings stop being wild, queens are wild
    again and the next face-up card will be wild."""
    NO_FOLLOWER = "no-follower"
    """A face-up queen that is the last face-up card of the deal: no card follows it. Only a
    dealer knows that no face-up card is to come, so only a dealer records this kind (where a
    walk of the rule records :attr:`QUEEN` or :attr:`QUEEN_RETURNS`)."""
    CENTRE = "centre"
    """The centre card after a last face-up queen (Follow the Queen's ``centre-card``): its rank
    is wild."""
    LAST_CARD = "last-card"
    """Who Da Baby Daddy Is: a player's last card made its rank wild in that player's hand."""


@dataclass(frozen=True, slots=True)
class WildChange:
    """What one face-up card did to the wild cards, as data: the kind of change, the card and
    its seat (``None``: the centre), the wild cards for every hand before and after it, and the
    queen it follows (a follower, the centre card) or takes over from (a queen right after a
    queen). :func:`wildstud.words.describe_change` makes the words.

    A baby-daddy card (:attr:`Trigger.LAST_CARD`) makes its own rank wild for its seat alone;
    the table's wild cards stay as they were.
    """

    kind: Trigger
    card: Card
    seat: int | None
    wild: frozenset[Card]
    was: frozenset[Card]
    queen: FaceUp | None = None

    @property
    def ended(self) -> frozenset[Card]:
        """The cards wild before this card and not after it."""
        return self.was - self.wild

    @property
    def started(self) -> frozenset[Card]:
        """The cards wild after this card and not before it."""
        return self.wild - self.was


@dataclass(frozen=True, slots=True)
class FaceUp:
    """A card dealt face up, and the seat that got it (``None``: the centre, owned by no one)."""

    card: Card
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class HeldCard:
    """One of a player's own cards, and whether it is face up."""

    card: Card
    up: bool


@dataclass(frozen=True, slots=True)
class WildStep:
    """One face-up card in a :class:`Wilds` timeline."""

    card: Card
    seat: int | None
    wild: frozenset[Card]
    """The wild cards for every hand after this card (a seat may have more, see :class:`Wilds`)."""
    change: WildChange | None
    """What this card did to the wild cards (or a pending follow); ``None`` if nothing."""
    wild_on_landing: bool
    """The card is wild for the player who got it, the moment it lands (pay-for-wild)."""
    turned_wild: tuple[int, ...]
    """Positions in the face-up sequence of earlier cards that became wild with this card."""

    @property
    def trigger(self) -> Trigger | None:
        """The kind of :attr:`change`, if any."""
        return None if self.change is None else self.change.kind


@dataclass(frozen=True, slots=True)
class SeatWild:
    """One seat's wild cards: everyone's and its own (see :meth:`WildRule.wilds`)."""

    seat: int
    wild: frozenset[Card]


@dataclass(frozen=True, slots=True)
class Wilds:
    """What a wild rule makes of the cards dealt so far."""

    initial: frozenset[Card]
    """The wild cards before any card is dealt (queens in Smack My Bitch Up)."""
    timeline: tuple[WildStep, ...]
    seats: tuple[SeatWild, ...]
    """Each seat whose own cards were given, with its wild cards."""
    pending: FaceUp | None = None
    """The face-up queen still waiting for a follower, if the last face-up card was one."""
    _progress: _Progress | None = field(default=None, compare=False, repr=False)
    """Where the rule's walk stopped, so that :meth:`WildRule.extend` can carry on from it."""

    @property
    def wild(self) -> frozenset[Card]:
        """The wild cards for every hand now."""
        return self.timeline[-1].wild if self.timeline else self.initial

    def for_seat(self, seat: int) -> frozenset[Card]:
        """The cards wild in this seat's hand (everyone's wild cards if its cards were not given).

        >>> from wildstud.cards import parse_card
        >>> from wildstud.wilds import FollowTheQueen
        >>> rule = FollowTheQueen(queens="hidden")
        >>> hands = {0: [HeldCard(parse_card("Qc"), False), HeldCard(parse_card("2d"), True)]}
        >>> sorted(rule.wilds([("2d", 0)], hands).for_seat(0)), rule.wilds([("2d", 0)]).for_seat(0)
        ([Card('Qc')], frozenset())
        """
        for entry in self.seats:
            if entry.seat == seat:
                return entry.wild
        return self.wild


FaceUpLike = FaceUp | tuple[CardLike, int | None]
HeldLike = HeldCard | tuple[CardLike, bool]
