"""What one seat, or a spectator, may see of a hand.

A view holds a seat's own cards, everyone's face-up cards, the pots, the public wild cards and
the events so far, with every card the viewer may not see replaced by ``None``: other players'
face-down cards (until they are shown down) and burned cards.

>>> from wildstud.deal.events import Burned, Dealt
>>> from wildstud.cards import parse_card
>>> redact(Dealt(1, parse_card("Qs"), False, 0), viewer=0)
Dealt(seat=1, card=None, up=False, street=0)
>>> redact(Dealt(0, parse_card("Qs"), False, 0), viewer=0).card
Card('Qs')
>>> redact(Burned(parse_card("2c")), viewer=None)
Burned(card=None)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum

from wildstud.betting import ActionOption, Stakes
from wildstud.cards import Card, Rank
from wildstud.deal.events import Burned, Dealt, Event
from wildstud.deal.hidden import is_hidden
from wildstud.games.options import OptionValue
from wildstud.pots import Pot
from wildstud.wilds import WildRule

__all__ = ["Phase", "RedealPending", "SeatCard", "SeatView", "TableView", "redact"]


class Phase(StrEnum):
    """Whose move it is."""

    DEALER = "dealer"
    """The dealer's next step is due: antes, a card, a redeal, the showdown (``step()``)."""
    PLAYER = "player"
    """A player must act."""
    OVER = "over"
    """The hand is over."""


@dataclass(frozen=True, slots=True)
class RedealPending:
    """A redeal the dealer's next step carries out: the deal stopped, its cards still on the
    table, so that everyone can see why before they are gathered.

    ``card`` and ``seat`` are the face-up card that stopped the deal (The Bitch's queen of
    spades) and the seat it went to; both are ``None`` for a redeal no card caused (Follow the
    Queen's ``no_queen`` house rule). :func:`~wildstud.words.describe_redeal` words them.
    """

    card: Card | None
    seat: int | None


@dataclass(frozen=True, slots=True)
class SeatCard:
    """A card in front of a seat; ``card`` is ``None`` when the viewer may not see it."""

    card: Card | None
    up: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer sees it."""

    seat: int
    stack: int
    paid: int
    """Chips this seat has put in the pot during the hand (all deals)."""
    bet: int
    """Chips this seat has put in on the current betting round."""
    dealt_in: bool
    folded: bool
    all_in: bool
    shown: bool
    cards: tuple[SeatCard, ...]
    turned_up: bool = False
    """Whether this seat's face-down cards are turned up for everyone: all in, or the last
    player with chips against hands all in, with no more betting to come (the house rule
    ``all_in_turn_up``); its cards are then all visible in every view."""
    wild_rank: Rank | None = None
    """The rank this seat's face-up cards make wild in its hand alone, as everyone at the table
    sees it (Who Da Baby Daddy Is: the rank of its face-up last card); ``None`` where they make
    none. What the seat's hidden cards make wild for it is its own (the view's ``seat_wild``)."""


@dataclass(frozen=True, slots=True)
class TableView:
    """The whole table as one seat (``viewer``) or a spectator (``viewer is None``) sees it."""

    viewer: int | None
    game: str
    code: str
    options: tuple[tuple[str, OptionValue], ...]
    dealer: int
    deal: int
    street: str | None
    phase: Phase
    to_act: int | None
    seats: tuple[SeatView, ...]
    pot: int
    pots: tuple[Pot, ...]
    centre: Card | None
    community: Card | None
    wild: tuple[Card, ...]
    """The cards wild for every hand."""
    follow_pending: Card | None
    """The face-up queen whose follower has not been dealt yet (``None``: no follow is open);
    :func:`~wildstud.words.describe_wild_now` words it with :attr:`wild`."""
    follow_ends: bool
    """The pending queen was this deal's last face-up card: no card will follow it."""
    own_wild: tuple[Card, ...] | None
    """The viewer's cards that are wild in the viewer's hand (``None`` for spectators)."""
    seat_wild: tuple[Card, ...] | None
    """Every card that would be wild in the viewer's hand now (``None`` for spectators): the
    cards wild for every hand and those the viewer's own cards make wild for it alone (Baby
    Daddy's rank, a queen in the hole), which the viewer knows and nobody else does."""
    legal_actions: tuple[ActionOption, ...]
    """What the viewer may do now (empty unless it is the viewer's turn). In fixed limit a
    bet or raise takes only the least or the greatest amount of its range (the sizes, or an
    all-in short of one); in the other structures any amount in the range."""
    stakes: Stakes
    """The table's betting structure (public, like the house rules)."""
    wild_rule: WildRule
    """The game's wild-card rule (:func:`~wildstud.words.describe_rule` words it)."""
    events: tuple[Event, ...]
    redeal_pending: RedealPending | None = None
    """The redeal due next, if the deal has just stopped for one (see
    :attr:`~wildstud.deal.Hand.redeal_pending`)."""
    wilds_possible: bool = True
    """Whether any card can be wild in this game under its house rules (``False``: plain
    stud, The Bitch as the sheet plays it), so that a reader need not tell from the rule."""
    street_index: int | None = None
    """The index of the street being dealt or bet in the game's streets (``None`` before the
    first), as :attr:`street` names it."""
    to_call: int = 0
    """The chips the seat to act must add to call (0 when it may check, or nobody is to act);
    all in for less when its stack is short."""
    all_in_to: int | None = None
    """The to-amount (street total) that puts the seat to act all in: its bet plus its stack
    (``None`` when nobody is to act). Whether that is a call, a bet or a raise, and whether it
    is allowed, the legal actions say."""
    pot_raise_to: int | None = None
    """The to-amount of a pot-sized bet or raise for the seat to act: the bet to call plus the
    pot once it is called (``None`` when nobody is to act). A figure for sizing, which the
    legal actions' range may not reach or may exceed (the pot limit's top is this amount)."""
    still_to_act: tuple[int, ...] = ()
    """The seats that must still act on this street's betting before it can close, the seat to
    act first, in acting order: every live seat with chips that has not acted since the last
    bet or raise (or owes chips to it)."""
    raises: int = 0
    """The bets, completions and raises made so far on this street's betting (a bring-in and a
    call are none)."""


def redact(event: Event, viewer: int | None) -> Event:
    """The event as ``viewer`` may see it (``None``: a spectator)."""
    # A private deal's hidden card (wildstud.deal.hidden) is nobody's to see in the engine's
    # events, its owner's neither: the owner's page unmasked it for itself.
    if (
        isinstance(event, Dealt)
        and not event.up
        and (event.seat != viewer or is_hidden(event.card))
    ):
        return dataclasses.replace(event, card=None)
    if isinstance(event, Burned):
        return Burned(None)
    return event
