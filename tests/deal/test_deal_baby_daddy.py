"""Who Da Baby Daddy Is, five- and seven-card, played through the public interface.

Decks list the cards in dealing order: one card at a time, clockwise from the dealer's left (seat
0): both hole cards round by round, then one upcard per street to each player still in.
"""

from __future__ import annotations

from tests.deal.helpers import play
from wildstud.betting import ActionKind
from wildstud.bots import CallingBot, play_out
from wildstud.cards import Deck, parse_cards
from wildstud.deal import (
    BettingOpened,
    CommunityCard,
    Dealt,
    Gathered,
    Hand,
    Share,
    Shown,
    StubShuffled,
    WildsChanged,
    stack_deck,
)
from wildstud.hands import describe_value
from wildstud.words import describe_change

SEVEN = (
    "As 2c Kd  Ah 3c Kh"  # second street: two down each
    "  4h 5d 7c  9c 8s 7h  Jc Ts 2h  6d Qc 3h"  # third to sixth street, one up each
    "  6s Js Ks"  # seventh: the baby daddies, face up, no betting
)


def test_seven_card_game_each_player_has_own_wild_rank() -> None:
    hand = Hand("baby-daddy", [100] * 3, deck=stack_deck(SEVEN))
    hand.run()
    # Nothing is up: no bring-in; the player on the dealer's left acts first.
    assert hand.to_act == 0
    assert {option.kind for option in hand.legal_actions()} == {ActionKind.CHECK, ActionKind.BET}
    opened = [event for event in hand.events if isinstance(event, BettingOpened)]
    assert opened == [BettingOpened(0, 0, False)]
    play_out(hand, CallingBot())
    opened = [event for event in hand.events if isinstance(event, BettingOpened)]
    assert [event.street for event in opened] == [0, 1, 2, 3, 4]  # none after the last card
    assert [
        reason
        for e in hand.events
        if isinstance(e, WildsChanged)
        for reason in [describe_change(e.change)]
    ] == [
        "6♠ to p1 is p1's last card: sixes are wild for p1 only",
        "J♠ to p2 is p2's last card: jacks are wild for p2 only",
        "K♠ to p3 is p3's last card: kings are wild for p3 only",
    ]
    shown = {event.seat: event for event in hand.events if isinstance(event, Shown)}
    # p3's three kings are all wild: with 7♣ 7♥ they make five sevens.
    assert {seat: describe_value(event.value) for seat, event in shown.items()} == {
        0: "four aces",
        1: "pair of queens",
        2: "five sevens",
    }
    # p2's jacks are wild for p2 only: p1's J♣ is just a jack.
    assert shown[0].wild == parse_cards("6d 6s")
    assert shown[1].wild == parse_cards("Js")
    assert [(award.seat, award.amount) for award in hand.awards] == [(2, 3)]


def test_five_card_game() -> None:
    deck = stack_deck("As 2c Kd  Ah 3c Kh  4h 5d 7c  9c 8s 7h  4s Js 7d")
    hand = Hand("BD5", [100] * 3, deck=deck)
    play_out(hand, CallingBot())
    assert [e.street for e in hand.events if isinstance(e, BettingOpened)] == [0, 1, 2]
    shown = {
        event.seat: describe_value(event.value) for event in hand.events if isinstance(event, Shown)
    }
    # p3's last card 7♦ makes all three sevens wild: with K♦ K♥, five kings.
    assert shown == {0: "four aces", 1: "pair of eights", 2: "five kings"}
    assert [(award.seat, award.amount) for award in hand.awards] == [(2, 3)]


def test_everyone_folds_before_the_last_card() -> None:
    deck = stack_deck("2c 3c 4c  5c 6c 7c  Ah 8d 9d  Ad Td Jd  Kd Ks Kh")
    hand = Hand("BD5", [100] * 3, deck=deck)
    play(hand, "p1 check", "p2 check", "p3 check", "p1 check", "p2 check", "p3 check")
    # Fourth street: p1's open aces act first; big bets now.
    assert hand.to_act == 0
    play(hand, "p1 bet", "p2 fold", "p3 fold")
    hand.run()
    assert not [e for e in hand.events if isinstance(e, Dealt) and e.street == 3]
    assert not [e for e in hand.events if isinstance(e, Shown)]
    assert [(a.seat, a.amount, a.share) for a in hand.awards] == [(0, 13, Share.UNCONTESTED)]
    assert hand.stacks == (102, 99, 99)


def test_ten_players_with_burn_cards_reshuffle_the_burns_for_the_last_card() -> None:
    hand = Hand("BD5", [100] * 10, {"burn_cards": "each-street"}, deck=Deck(seed=2))
    play_out(hand, CallingBot())
    assert [e for e in hand.events if isinstance(e, StubShuffled)] == [
        StubShuffled(3, Gathered.BURNED)
    ]
    assert not [e for e in hand.events if isinstance(e, CommunityCard)]
    for seat in range(10):
        assert len(hand.cards(seat)) == 5
    assert sum(hand.stacks) == 1000
