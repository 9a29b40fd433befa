"""What the engine's tests share: playing a scripted hand (or calling down to the showdown) and
reading what it did.

Moves are written as a player would say them, seat label first: ``"p2 call"``,
``"p1 complete 5"``.
"""

from __future__ import annotations

from typing import Any

from wildstud.bots import CallingBot, take_turn
from wildstud.deal import Hand, Phase, Share, Shown, Stage, WildsChanged
from wildstud.deal.decks import stack_deck
from wildstud.hands import describe_value
from wildstud.seats import seat_label
from wildstud.words import describe_change


def play(hand: Hand, *moves: str) -> None:
    """Deal on, then make each move (``"p2 call"``, ``"p1 complete 5"``) as its seat."""
    labels = {seat_label(seat): seat for seat in range(len(hand.stacks))}
    for move in moves:
        hand.run()
        who, kind, *amount = move.split()
        hand.act(kind, int(amount[0]) if amount else None, seat=labels[who])
    hand.run()


def reasons(hand: Hand) -> list[str]:
    """Every change of the wild cards, in words, in order."""
    return [
        describe_change(event.change) for event in hand.events if isinstance(event, WildsChanged)
    ]


def winners(hand: Hand) -> list[tuple[int, int]]:
    """Each award as (seat, chips)."""
    return [(award.seat, award.amount) for award in hand.awards]


def awards(hand: Hand) -> list[tuple[int, int, int, Share]]:
    """Each award as (pot, seat, chips, share)."""
    return [(a.pot, a.seat, a.amount, a.share) for a in hand.awards]


def shown(hand: Hand) -> dict[int, str]:
    """What each seat showed at the showdown, in words."""
    return {
        event.seat: describe_value(event.value) for event in hand.events if isinstance(event, Shown)
    }


def observed(hand: Hand) -> tuple[Any, ...]:
    """Everything observable about a hand, every seat's view included (to prove a refused
    action changed nothing)."""
    views = tuple(hand.view(seat) for seat in [None, *range(len(hand.stacks))])
    return (
        hand.events,
        hand.stacks,
        hand.paid,
        hand.pot,
        hand.pots(),
        hand.phase,
        hand.to_act,
        hand.legal_actions(),
        hand.stub,
        hand.wilds,
        views,
    )


def to_showdown(hand: Hand) -> None:
    """Every player calls or checks until the showdown (or the end, if the hand has none)."""
    while hand.stage is not Stage.SHOWDOWN and hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            take_turn(hand, CallingBot())
        else:
            hand.step()


# Follow the Queen heads-up: p2's nines with the seven that follows the queen beat p1's aces.
NINES_BEAT_ACES = "As 9c Ah 9d Qh 7d  2c 3c  Kc 4d  Jc 5h  8s 8h"


def heads_up() -> Hand:
    """Follow the Queen heads-up checked down to its showdown: p2's nines beat p1's aces."""
    hand = Hand("FTQ", [50, 50], deck=stack_deck(NINES_BEAT_ACES))
    to_showdown(hand)
    assert hand.stage is Stage.SHOWDOWN
    return hand
