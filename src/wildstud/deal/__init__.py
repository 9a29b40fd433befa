"""One hand as a state machine: dealing steps, player actions, events and per-seat views.

>>> from wildstud.deal import Hand, Phase
>>> from wildstud.cards import Deck
>>> hand = Hand("the-bitch", [50, 50, 50], deck=Deck(seed=3))
>>> hand.run()
>>> hand.phase, hand.pot
(<Phase.PLAYER: 'player'>, 3)
>>> hand.view(hand.to_act).legal_actions[0].kind
<ActionKind.BRING_IN: 'bring-in'>
"""

from wildstud.deal import stages as _stages
from wildstud.deal.dealers import Dealer, DeckPerDeal, ScriptDealer
from wildstud.deal.decks import stack_deck
from wildstud.deal.events import (
    Acted,
    Awarded,
    BettingOpened,
    Burned,
    Called,
    CentreCard,
    CommunityCard,
    DealStarted,
    Dealt,
    Event,
    Gathered,
    HandEnded,
    HandStarted,
    Mucked,
    Paid,
    Payment,
    Redealt,
    Returned,
    Revealed,
    RunStarted,
    Share,
    Shown,
    StreetStarted,
    StubShuffled,
    TurnedUp,
    WildsChanged,
)
from wildstud.deal.hidden import HiddenCard, HiddenDeck
from wildstud.deal.private import PrivateHand, shown_in_place
from wildstud.deal.stages import Chance, Stage
from wildstud.deal.state import Hand, NextStep
from wildstud.deal.views import Phase, RedealPending, SeatCard, SeatView, TableView, redact

__all__ = [
    "Acted",
    "Awarded",
    "BettingOpened",
    "Burned",
    "Called",
    "CentreCard",
    "Chance",
    "CommunityCard",
    "DealStarted",
    "Dealer",
    "Dealt",
    "DeckPerDeal",
    "Event",
    "Gathered",
    "Hand",
    "HandEnded",
    "HandStarted",
    "HiddenCard",
    "HiddenDeck",
    "Mucked",
    "NextStep",
    "Paid",
    "Payment",
    "Phase",
    "PrivateHand",
    "RedealPending",
    "Redealt",
    "Returned",
    "Revealed",
    "RunStarted",
    "ScriptDealer",
    "SeatCard",
    "SeatView",
    "Share",
    "Shown",
    "Stage",
    "StreetStarted",
    "StubShuffled",
    "TableView",
    "TurnedUp",
    "WildsChanged",
    "redact",
    "shown_in_place",
    "stack_deck",
]


def __getattr__(name: str) -> object:
    # The deprecated names, each with its warning (``DealerStep``: use Stage).
    return _stages.__getattr__(name)
