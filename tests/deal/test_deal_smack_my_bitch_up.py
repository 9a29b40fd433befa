"""Smack My Bitch Up (Pimp Daddy), played through the public interface with stacked decks.

Decks list the cards in dealing order: one card at a time, clockwise from the dealer's left (seat
0), so third street is every first hole card, every second hole card, then every upcard.
"""

from __future__ import annotations

import pytest

from tests.deal.helpers import reasons
from wildstud.bots import CallingBot, play_out
from wildstud.cards import Rank, parse_card
from wildstud.deal import Called, Hand, Paid, Payment, Shown, stack_deck
from wildstud.hands import describe_value
from wildstud.wilds import rank_cards

SHEET = (
    "2c 3c 4c  5c 6c 8c  Qh 7d 9s"  # third street: Q♥, then 7♦ follows
    "  Td Jd Ks"  # fourth: K♠ to p3 cancels the wild cards
    "  2d 5h 6h"  # fifth: 2♦ after the king is no follower
    "  Qc 3h 9c"  # sixth: Q♣, then 3♥ follows
    "  Ah Kh Ac"  # seventh, face down
)


@pytest.mark.parametrize(
    ("name", "called"), [("SMBU", "Smack My Bitch Up"), ("pimp-daddy", "Pimp Daddy")]
)
def test_sheet_example_the_wild_cards_change_hands(name: str, called: str) -> None:
    hand = Hand(name, [100] * 3, deck=stack_deck(SHEET))
    hand.run()
    assert hand.wilds.wild == rank_cards(Rank.QUEEN) | rank_cards(Rank.SEVEN)
    play_out(hand, CallingBot())
    assert reasons(hand) == [
        "Q♥ to p1: queens stay wild; the next face-up card will be wild",
        "Q♥ to p1, then 7♦ to p2: queens and sevens are wild",
        "K♠ to p3: only kings are wild",
        "Q♣ to p1: kings are no longer wild; queens are wild; the next face-up card will be wild",
        "Q♣ to p1, then 3♥ to p2: queens and threes are wild",
    ]
    calls = [event for event in hand.events if isinstance(event, Called)]
    assert calls == [Called(called, parse_card("Ks"), 2)]
    assert hand.wilds.wild == rank_cards(Rank.QUEEN) | rank_cards(Rank.THREE)
    shown = {
        event.seat: describe_value(event.value) for event in hand.events if isinstance(event, Shown)
    }
    assert shown == {0: "four deuces", 1: "nine-high straight", 2: "pair of nines"}
    assert [(award.seat, award.amount) for award in hand.awards] == [(0, 9)]


def test_king_right_after_a_queen_and_queen_right_after_a_king() -> None:
    deck = stack_deck("2c 3c 4c  5c 6c 7c  9h Th Jh  Qd Kc 5s  Kh Qs 8h")
    hand = Hand("SMBU", [100] * 3, deck=deck)
    play_out(hand, CallingBot())
    assert reasons(hand) == [
        "Q♦ to p1: queens stay wild; the next face-up card will be wild",
        "K♣ to p2: only kings are wild",
        "Q♠ to p2: kings are no longer wild; queens are wild; the next face-up card will be wild",
        "Q♠ to p2, then 8♥ to p3: queens and eights are wild",
    ]
    # The second king cancelled nothing new: one call only.
    assert [event.card for event in hand.events if isinstance(event, Called)] == [parse_card("Kc")]


def test_pay_for_wild_on_queens_followers_and_kings() -> None:
    hand = Hand("SMBU", [100] * 3, {"pay_for_wild": 1}, deck=stack_deck(SHEET))
    play_out(hand, CallingBot())
    paid = [(e.seat, e.card) for e in hand.events if isinstance(e, Paid)]
    assert all(
        e.kind is Payment.PAY_FOR_WILD for e in hand.events if isinstance(e, Paid) and e.card
    )
    assert paid[3:] == [
        (0, parse_card("Qh")),
        (1, parse_card("7d")),
        (2, parse_card("Ks")),
        (0, parse_card("Qc")),
        (1, parse_card("3h")),
    ]
