"""The events of a hand: one plain frozen record for every step, in the order they happened.

Events hold only integers, strings, booleans, :class:`~wildstud.cards.Card` objects and tuples of
them, so a store can keep them and a hand history can be written from them. Seats are 0-based;
a card that a viewer may not see is ``None`` in that viewer's copy (see :mod:`wildstud.deal.views`).

>>> Dealt(seat=0, card=None, up=False, street=0)
Dealt(seat=0, card=None, up=False, street=0)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from wildstud.betting import ActionKind
from wildstud.cards import Card
from wildstud.games.options import OptionValue
from wildstud.hands.evaluator import evaluate
from wildstud.hands.value import PlayedCard
from wildstud.wilds import FaceUp, Trigger, WildChange

__all__ = [
    "Acted",
    "Awarded",
    "BettingOpened",
    "Burned",
    "Called",
    "CentreCard",
    "CommunityCard",
    "DealStarted",
    "Dealt",
    "Event",
    "Gathered",
    "HandEnded",
    "HandStarted",
    "Mucked",
    "Paid",
    "Payment",
    "Redealt",
    "Returned",
    "Revealed",
    "RunStarted",
    "Share",
    "Shown",
    "StreetStarted",
    "StubShuffled",
    "TurnedUp",
    "WildsChanged",
]


class Payment(StrEnum):
    """Why chips went into the pot without being a bet."""

    ANTE = "ante"
    PAY_FOR_WILD = "pay-for-wild"
    EXTRA_ANTE = "extra-ante"


class Share(StrEnum):
    """What part of a pot a seat won."""

    HIGH = "high"
    """The best high hand (or a share of it, when hands tie)."""
    HOLE_CARD = "hole-card"
    """The special half: the live hand holding the queen of spades face down (The Bitch)."""
    UNCONTESTED = "uncontested"
    """Everyone else folded; the hand is not shown."""


class Gathered(StrEnum):
    """What a short stub took back (:class:`StubShuffled`)."""

    BURNED = "burned"
    """The cards the dealer burned in this deal."""
    FOLDED = "folded"
    """The folded hands' cards (``short_stub`` ``reshuffle``, once the burns are back in)."""


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A hand begins: the game, its house rules, the seats' stacks and the dealer's seat."""

    game: str
    code: str
    options: tuple[tuple[str, OptionValue], ...]
    stacks: tuple[int, ...]
    dealer: int


@dataclass(frozen=True, slots=True)
class DealStarted:
    """A deal begins (the first, or a new one after a redeal) for these seats, in dealing order."""

    deal: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Paid:
    """Chips into the pot that are not a bet: an ante, a payment for a wild card, an extra ante.

    ``due`` is what the rule asked; a player short of chips pays what they have.
    """

    seat: int
    amount: int
    due: int
    kind: Payment
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class StreetStarted:
    """The dealer begins a street."""

    street: int
    name: str


@dataclass(frozen=True, slots=True)
class Burned:
    """A card burned (face down; nobody sees it)."""

    card: Card | None


@dataclass(frozen=True, slots=True)
class StubShuffled:
    """The stub ran short: ``cards`` cards were shuffled back into it, the burned cards or,
    under ``short_stub`` ``reshuffle``, the folded hands' cards (``gathered`` says which)."""

    cards: int
    gathered: Gathered


@dataclass(frozen=True, slots=True)
class Dealt:
    """A card to a seat, face up or down."""

    seat: int
    card: Card | None
    up: bool
    street: int


@dataclass(frozen=True, slots=True)
class CentreCard:
    """A card face up in the centre after a last face-up queen: owned by no one, its rank wild."""

    card: Card


@dataclass(frozen=True, slots=True)
class CommunityCard:
    """The stub was too short for the last street: one card in the centre is every live
    player's last card (face down for wild-card purposes)."""

    card: Card


@dataclass(frozen=True, slots=True)
class WildsChanged:
    """A face-up card changed the wild cards (or started a follow), as data: what it did
    (``kind``), the wild cards for every hand after it (``wild``) and before it (``was``), and
    the queen it follows or takes over from (``queen``, ``queen_seat``). The words are made at
    the edge from :attr:`change` (:func:`~wildstud.words.describe_change`).

    >>> from wildstud.cards import parse_cards
    >>> from wildstud.words import describe_change
    >>> event = WildsChanged(Card.of(21), 1, parse_cards("7c 7d 7h 7s"), Trigger.FOLLOWER, (),
    ...                      Card.of(42), 0)
    >>> describe_change(event.change, {0: "Ann", 1: "Bob"})
    'Q♥ to Ann, then 7♦ to Bob: sevens are wild'
    """

    card: Card
    seat: int | None
    wild: tuple[Card, ...]
    kind: Trigger
    was: tuple[Card, ...]
    queen: Card | None = None
    queen_seat: int | None = None

    @property
    def change(self) -> WildChange:
        """The change as the wild rules record it."""
        queen = None if self.queen is None else FaceUp(self.queen, self.queen_seat)
        was, wild = frozenset(self.was), frozenset(self.wild)
        return WildChange(self.kind, self.card, self.seat, wild, was, queen)


@dataclass(frozen=True, slots=True)
class Called:
    """Smack My Bitch Up: a king cancelled the wild cards and the table calls the game's name."""

    name: str
    card: Card
    seat: int


@dataclass(frozen=True, slots=True)
class BettingOpened:
    """A betting round begins with ``first`` (who brings in, when ``bring_in`` is set)."""

    street: int
    first: int
    bring_in: bool


@dataclass(frozen=True, slots=True)
class Acted:
    """A player's action: what every action method returns.

    ``to_amount`` is the seat's total on this street afterwards (0 for a fold or a check),
    ``added`` the chips it put in with this action.
    """

    seat: int
    kind: ActionKind
    to_amount: int
    added: int
    all_in: bool
    street: int


@dataclass(frozen=True, slots=True)
class Returned:
    """The part of a bet that nobody called, handed back to the player who made it when the
    betting round ended (Robert's Rules): those chips were never in the pot."""

    seat: int
    amount: int
    street: int


@dataclass(frozen=True, slots=True)
class Redealt:
    """The deal stopped and the cards were gathered and shuffled; the pot carries to a new deal
    for ``seats``."""

    deal: int
    seats: tuple[int, ...]
    pot: int
    card: Card | None = None
    """The face-up card that stopped the deal (The Bitch's queen of spades); ``None`` for a
    redeal no card caused (no queen dealt face up)."""
    seat: int | None = None
    """The seat ``card`` went to. :func:`~wildstud.words.describe_redeal` words the two."""


@dataclass(frozen=True, slots=True)
class Mucked:
    """At the showdown, a seat gave up its hand unshown: it wins nothing."""

    seat: int


@dataclass(frozen=True, slots=True)
class Shown:
    """A hand shown down: its cards, its wild cards and its value (which
    :func:`~wildstud.hands.describe_value` names).

    ``natural`` says the hand reaches its value with no card played as wild (every hand that
    holds no wild card is natural); ``wild_in_play`` whether any card at all was wild for this
    hand, so that a hand is called natural only where it could have been otherwise (never in
    plain stud, nor in a deal where no wild card came). ``five_of_a_kind_top`` and
    ``double_ace_flush`` are the house rules the showdown valued the hand under, which
    :attr:`best_five` plays it by.

    >>> from wildstud.cards import parse_cards
    >>> from wildstud.hands import evaluate
    >>> cards, wild = parse_cards("7c 7d Qs 2h 3d"), parse_cards("Qs")
    >>> shown = Shown(0, cards, wild, evaluate(cards, wild).value, False, True)
    >>> [(str(item.card), item.wild) for item in shown.best_five][:3]
    [('7d', None), ('7c', None), ('7s', Card('Qs'))]
    """

    seat: int
    cards: tuple[Card, ...]
    wild: tuple[Card, ...]
    value: int
    natural: bool
    wild_in_play: bool
    five_of_a_kind_top: bool = True
    double_ace_flush: bool = False

    @property
    def best_five(self) -> tuple[PlayedCard, ...]:
        """The hand as it plays, as the showdown valued it: its five cards (all of them, with
        fewer), each wild card with the card it stands for
        (:class:`~wildstud.hands.value.PlayedCard`: ``card`` is what it plays as, ``wild`` the
        wild card itself). Worked out when asked for, from the event's own data: most hands
        shown (a simulation's) are never read this way."""
        top, aces = self.five_of_a_kind_top, self.double_ace_flush
        played = evaluate(self.cards, self.wild, five_of_a_kind_top=top, double_ace_flush=aces)
        return played.best_five


@dataclass(frozen=True, slots=True)
class Revealed:
    """Under a private deal, a hand still in shown at the showdown by its owner: the cards of
    its face-down ``positions`` of the deck, in dealing order, which the engine did not know
    until now (see :mod:`wildstud.deal.private`). The showdown then values the hand as any.

    >>> from wildstud.cards import parse_cards
    >>> Revealed(1, (1, 3, 13), parse_cards("9c 9d 8h"))
    Revealed(seat=1, positions=(1, 3, 13), cards=(Card('9c'), Card('9d'), Card('8h')))
    """

    seat: int
    positions: tuple[int, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TurnedUp:
    """A hand's face-down cards turned face up for everyone, all in with no more betting to
    come (the house rule ``all_in_turn_up``): ``cards`` are the seat's face-down cards at that
    moment, or one face-down card dealt to it afterwards. They stay face-down cards for the
    rules (the wild cards, The Bitch's half): only who may see them changes.

    >>> from wildstud.cards import parse_cards
    >>> TurnedUp(1, parse_cards("Ah Kd"))
    TurnedUp(seat=1, cards=(Card('Ah'), Card('Kd')))
    """

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RunStarted:
    """The players all in agreed to run it twice (house rule ``run_twice``): run ``run`` (1 or
    2) of the cards still to come starts here. Run 1 deals them as usual; run 2 deals them again
    from the stub left after run 1, to the hands as they stood when run 1 started, so that its
    cards, its wild cards and its showdown are its own. Each run wins half of every pot.

    >>> RunStarted(2)
    RunStarted(run=2)
    """

    run: int


@dataclass(frozen=True, slots=True)
class Awarded:
    """Chips from pot ``pot`` (0 = the main pot) to a seat; ``run`` is the run whose half it
    is in a hand run twice (1 or 2), 0 in a hand run once.

    >>> Awarded(0, 1, 12, Share.HIGH)
    Awarded(pot=0, seat=1, amount=12, share=<Share.HIGH: 'high'>, run=0)
    """

    pot: int
    seat: int
    amount: int
    share: Share
    run: int = 0


@dataclass(frozen=True, slots=True)
class HandEnded:
    """The hand is over; the stacks after it."""

    stacks: tuple[int, ...]


Event = (
    HandStarted
    | DealStarted
    | Paid
    | StreetStarted
    | Burned
    | StubShuffled
    | Dealt
    | CentreCard
    | CommunityCard
    | WildsChanged
    | Called
    | BettingOpened
    | Acted
    | Returned
    | Redealt
    | Mucked
    | TurnedUp
    | Revealed
    | RunStarted
    | Shown
    | Awarded
    | HandEnded
)
"""Any event of a hand."""
