"""Follow the Queen, played through the public interface with stacked decks.

Decks list the cards in dealing order: one card at a time, clockwise from the dealer's left (seat
0: the dealer is the last seat), so third street is every player's first hole card, then every
second hole card, then every upcard; later streets one card to each player still in.
"""

from __future__ import annotations

import pytest

from tests.deal.helpers import play, reasons, winners
from wildstud.bots import CallingBot, play_out
from wildstud.cards import Card, Deck, Rank, parse_card
from wildstud.deal import (
    BettingOpened,
    Burned,
    CentreCard,
    CommunityCard,
    Dealt,
    Gathered,
    Hand,
    Paid,
    Payment,
    Phase,
    Redealt,
    Share,
    Shown,
    StubShuffled,
    stack_deck,
)
from wildstud.hands import describe_value
from wildstud.wilds import rank_cards


def test_sheet_example_the_wild_card_moves() -> None:
    deck = stack_deck(
        "2c As Kd 8d  3d Ac 3h Tc  6h 5s 9s 2s"  # third street: p4's 2♠ brings in
        "  Qd 7c 6c Kc"  # fourth: Q♦ to p1, 7♣ to p2 follows: sevens wild
        "  8c 9d Qh 4s"  # fifth: Q♥ to p3, 4♠ to p4 follows: fours wild
        "  Ts Jh Js 6d"  # sixth: no queen
        "  5c 4h 5d 3s"  # seventh, face down: p2's 4♥
    )
    hand = Hand("FTQ", [100] * 4, deck=deck)
    play(hand, "p4 bring-in", "p1 call", "p2 call", "p3 call")
    # Fourth street: p2's wild seven pairs the 5♠ showing, so p2 acts first.
    assert hand.wilds.wild == rank_cards(Rank.SEVEN)
    assert hand.to_act == 1
    play_out(hand, CallingBot())
    assert reasons(hand) == [
        "Q♦ to p1: the next face-up card will be wild",
        "Q♦ to p1, then 7♣ to p2: sevens are wild",
        "Q♥ to p3: sevens are no longer wild; the next face-up card will be wild",
        "Q♥ to p3, then 4♠ to p4: fours are wild",
    ]
    shown = {event.seat: event for event in hand.events if isinstance(event, Shown)}
    assert describe_value(shown[1].value) == "three aces"
    assert shown[1].wild == (parse_card("4h"),)  # the 7♣ once wild is just a seven now
    assert winners(hand) == [(1, 12)]


def test_queen_as_last_upcard_of_a_street_is_followed_on_the_next_street() -> None:
    deck = stack_deck("2c 3c 4c  5c 6c 7c  9h Th Jh  8d 9d Qc  6h 2d 3d  Ks As Kd  4d 5d 7d")
    hand = Hand("FTQ", [100] * 3, deck=deck)
    play(hand, "p1 bring-in", "p2 call", "p3 call")
    # Fourth street betting: the queen waits for its follower.
    assert hand.street_name == "fourth street"
    assert hand.wilds.wild == frozenset()
    assert hand.wilds.pending is not None
    assert hand.wilds.pending.card == parse_card("Qc")
    play(hand, "p3 check", "p1 check", "p2 check")
    assert hand.street_name == "fifth street"
    assert hand.wilds.wild == rank_cards(Rank.SIX)
    assert reasons(hand)[-1] == "Q♣ to p3, then 6♥ to p1: sixes are wild"


# p1: Q♣ K♦ down, 2♣ 5♥ K♠ 9♦ up, J♦ last; p2: A♥ A♦ down, 3♣ 6♣ 8♣ Q♥ up, 4♦ last.
# Q♥ to p2 is the last face-up card of the hand; with the centre-card rule 5♦ goes to the centre.
FINAL_QUEEN = "Qc Ah Kd Ad 2c 3c  5h 6c  Ks 8c  9d Qh"


@pytest.mark.parametrize(
    ("options", "descriptions", "winner"),
    [
        ({}, ("pair of kings", "pair of aces"), 1),
        ({"queens": "all"}, ("three kings", "three aces"), 1),
        ({"queens": "hidden"}, ("three kings", "pair of aces"), 0),
        ({"queens": "hidden-after-face-up"}, ("three kings", "three aces"), 1),
        # The centre card makes fives wild: p1's 5♥ fills a straight, with Q♣ a straight flush.
        ({"final_queen": "centre-card"}, ("king-high straight", "pair of aces"), 0),
        (
            {"final_queen": "centre-card", "queens": "all"},
            ("king-high straight flush", "three aces"),
            0,
        ),
        (
            {"final_queen": "centre-card", "queens": "hidden"},
            ("king-high straight flush", "pair of aces"),
            0,
        ),
        (
            {"final_queen": "centre-card", "queens": "hidden-after-face-up"},
            ("king-high straight flush", "three aces"),
            0,
        ),
    ],
)
def test_queen_as_last_upcard_of_the_hand(
    options: dict[str, str], descriptions: tuple[str, str], winner: int
) -> None:
    centre = " 5d" if options.get("final_queen") == "centre-card" else ""
    deck = stack_deck(FINAL_QUEEN + centre + "  Jd 4d")
    hand = Hand("FTQ", [100, 100], options, deck=deck)
    play_out(hand, CallingBot())
    shown = tuple(describe_value(event.value) for event in hand.events if isinstance(event, Shown))
    assert shown == descriptions
    assert winners(hand) == [(winner, 6)]
    dealt = [event.card for event in hand.events if isinstance(event, CentreCard)]
    if centre:
        assert dealt == [parse_card("5d")]
        assert hand.centre == parse_card("5d")
        queens = options.get("queens") in ("all", "hidden-after-face-up")
        wild = "queens and fives" if queens else "fives"
        assert reasons(hand)[-1] == f"Q♥ to p2, then 5♦ to the centre: {wild} are wild"
    else:
        assert dealt == []
        assert hand.wilds.pending is not None


def test_queen_right_after_a_queen_starts_a_new_follow() -> None:
    deck = stack_deck("2c 3c 4c  5c 6c 7c  9h Th Jh  Qd Qh 5s")
    hand = Hand("FTQ", [100] * 3, deck=deck)
    play(hand, "p1 bring-in", "p2 call", "p3 call")
    assert reasons(hand) == [
        "Q♦ to p1: the next face-up card will be wild",
        "Q♥ to p2: a new follow starts after Q♦; the next face-up card will be wild",
        "Q♥ to p2, then 5♠ to p3: fives are wild",
    ]
    assert hand.wilds.wild == rank_cards(Rank.FIVE)


def test_a_last_face_up_queen_right_after_a_queen_leaves_both_without_a_follower() -> None:
    # Sixth street: Q♦ face up to p1, then Q♥ to p2, the last face-up card of the hand.
    deck = stack_deck("Qc Ah Kd Ad 2c 3c  5h 6c  Ks 8c  Qd Qh  Jd 4d")
    hand = Hand("FTQ", [100, 100], deck=deck)
    play_out(hand, CallingBot())
    assert reasons(hand)[-2:] == [
        "Q♦ to p1: the next face-up card will be wild",
        "Q♥ to p2: it comes right after Q♦ and is the last face-up card, so no card follows"
        " either queen; nothing is wild",
    ]
    assert hand.wilds.wild == frozenset()


NO_QUEEN_DEAL = "2c 3c 4c  5c 6c 7c  9c Tc 2d  3d 4d  5d 6d  7d 8d"


def test_no_queen_redeal_for_the_players_still_in() -> None:
    deal_two = "As Ks  Ah Kh  Qh 8s  Ad Kd  2s 3s  4s 5s  Jd Th"
    hand = Hand(
        "FTQ",
        [100] * 3,
        {"no_queen": "redeal-still-in"},
        deck=stack_deck(NO_QUEEN_DEAL + " " + deal_two),
    )
    play(hand, "p3 bring-in", "p1 complete", "p2 call", "p3 fold")
    play(hand, "p2 check", "p1 check", "p2 check", "p1 check")
    # Sixth street's last upcard showed no queen: no betting, the deal is over.
    redeal = next(event for event in hand.events if isinstance(event, Redealt))
    assert redeal == Redealt(1, (0, 1), 15, None, None)
    assert hand.deal_number == 2
    assert hand.in_deal == (0, 1)
    play_out(hand, CallingBot())
    antes = [e for e in hand.events if isinstance(e, Paid) and e.kind is Payment.ANTE]
    assert len(antes) == 3  # nobody antes again
    assert hand.wilds.wild == rank_cards(Rank.EIGHT)
    assert winners(hand) == [(1, 19)]
    assert hand.stacks == (92, 111, 97)


def test_no_queen_redeal_for_everyone_with_a_fresh_ante() -> None:
    deal_two = "As Ks Js  Ah Kh Jh  Qh 8s 9h  Ad Kd Jd  2s 3s Th  4s 5s 6h  9s Ts Jc"
    hand = Hand(
        "FTQ",
        [100] * 3,
        {"no_queen": "redeal-everyone"},
        deck=stack_deck(NO_QUEEN_DEAL + " " + deal_two),
    )
    play(hand, "p3 bring-in", "p1 complete", "p2 call", "p3 fold")
    play(hand, "p2 check", "p1 check", "p2 check", "p1 check")
    redeal = next(event for event in hand.events if isinstance(event, Redealt))
    assert redeal.seats == (0, 1, 2)
    assert hand.in_deal == (0, 1, 2)
    play_out(hand, CallingBot())
    antes = [e for e in hand.events if isinstance(e, Paid) and e.kind is Payment.ANTE]
    assert len(antes) == 6
    shown = {
        event.seat: describe_value(event.value) for event in hand.events if isinstance(event, Shown)
    }
    assert shown == {0: "three aces", 1: "four kings", 2: "four jacks"}
    # 15 carried over, 3 fresh antes and a bring-in called by two: 24.
    assert winners(hand) == [(1, 24)]


def test_no_queen_play_on_keeps_the_hand_without_wild_cards() -> None:
    hand = Hand("FTQ", [100] * 3, deck=stack_deck(NO_QUEEN_DEAL + " Ah Ac"))
    play_out(hand, CallingBot())
    assert not any(isinstance(event, Redealt) for event in hand.events)
    assert hand.wilds.wild == frozenset()


def test_pay_for_wild_charges_the_player_dealt_a_wild_upcard() -> None:
    # Q♥ to p1 (not wild: queens are natural), 7♦ to p2 follows, then 7♠ to p1 lands wild.
    # p2 has a single chip left after the ante: it pays what it has.
    deck = stack_deck("2c 3c 4c 5c  Qh 7d  7s 8h  9c Tc  Jc Kc  Ac Ad")
    hand = Hand("FTQ", [100, 2], {"pay_for_wild": 3}, deck=deck)
    play_out(hand, CallingBot())
    payments = [(e.seat, e.amount, e.due, e.card) for e in hand.events if isinstance(e, Paid)]
    assert payments[2:] == [(1, 1, 3, parse_card("7d")), (0, 3, 3, parse_card("7s"))]
    assert sum(hand.stacks) == 102


def test_extra_antes_for_queens_wild_upcards_and_upcards_turning_wild() -> None:
    # Queens all wild. Third street: 7♥ to p1, 9♣ to p2. Fourth: Q♥ to p1 (two antes),
    # 7♦ to p2 follows (an ante) and turns p1's 7♥ wild (an ante).
    deck = stack_deck("2c 3c 4c 5c 7h 9c  Qh 7d  8h Tc  Jc Kc  Ac Ad")
    options = {"queens": "all", "extra_antes": True, "ante": 2, "pay_for_wild": 1}
    hand = Hand("FTQ", [100, 100], options, deck=deck)
    play_out(hand, CallingBot())
    paid = [(e.seat, e.amount, e.kind, e.card) for e in hand.events if isinstance(e, Paid)]
    extra = Payment.EXTRA_ANTE
    assert paid[2:] == [
        (0, 4, extra, parse_card("Qh")),
        (0, 1, Payment.PAY_FOR_WILD, parse_card("Qh")),
        (1, 2, extra, parse_card("7d")),
        (0, 2, extra, parse_card("7h")),
        (1, 1, Payment.PAY_FOR_WILD, parse_card("7d")),
    ]


@pytest.mark.parametrize("burn", ["none", "each-street"])
def test_eight_players_with_a_short_stub(burn: str) -> None:
    hand = Hand("FTQ", [200] * 8, {"burn_cards": burn}, deck=Deck(seed=4))
    play_out(hand, CallingBot())
    events = hand.events
    community = [event.card for event in events if isinstance(event, CommunityCard)]
    assert len(community) == 1
    assert hand.community == community[0]
    seventh = [e for e in events if isinstance(e, Dealt) and e.street == 4]
    assert seventh == []
    burned = [e for e in events if isinstance(e, Burned)]
    reshuffled = [e for e in events if isinstance(e, StubShuffled)]
    if burn == "none":
        assert burned == []
        assert reshuffled == []
    else:
        # Four burns before third to sixth street are shuffled back; one more burn, then the
        # community card.
        assert reshuffled == [StubShuffled(4, Gathered.BURNED)]
        assert len(burned) == 5
    for seat in range(8):
        assert len(hand.hand_of(seat)) == 7
        assert hand.hand_of(seat)[-1] == community[0]
    assert sum(award.amount for award in hand.awards) == sum(hand.paid)
    assert sum(hand.stacks) == 1600


def test_every_card_is_dealt_once_with_burns() -> None:
    hand = Hand("FTQ", [200] * 6, {"burn_cards": "each-street"}, deck=Deck(seed=9))
    play_out(hand, CallingBot())
    cards: list[Card] = [e.card for e in hand.events if isinstance(e, Dealt | Burned) and e.card]
    assert len(cards) == len(set(cards)) == 6 * 7 + 5
    opened = [e for e in hand.events if isinstance(e, BettingOpened)]
    assert len(opened) == 5
    assert hand.phase is Phase.OVER
    assert all(award.share is Share.HIGH for award in hand.awards)
