"""An independent review of the hand engine against the rule sheets, DESIGN.md and Robert's Rules.

Adversarial scenarios played through the public interface with stacked decks. Decks list the
cards in dealing order: one card at a time, clockwise from the dealer's left (seat 0 unless the
dealer is moved), so third street is every first hole card, then every second hole card, then
every upcard; later streets one card to each player still in.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.deal.helpers import awards, observed, play, reasons, shown
from wildstud.betting import ActionKind
from wildstud.bots import CallingBot, play_out, take_turn
from wildstud.cards import QUEEN_OF_SPADES, Deck, Rank, parse_card, parse_cards
from wildstud.deal import (
    BettingOpened,
    Burned,
    Called,
    CommunityCard,
    Dealt,
    Gathered,
    Hand,
    Paid,
    Payment,
    Phase,
    Redealt,
    Returned,
    Share,
    Shown,
    StreetStarted,
    StubShuffled,
    TableView,
    stack_deck,
)
from wildstud.errors import IllegalActionError, OutOfTurnError, TableError
from wildstud.wilds import rank_cards
from wildstud.words import describe_wild_now

QUEENS = rank_cards(Rank.QUEEN)


def wild_text(view: TableView) -> str:
    """The view's wild cards in the words the command line says them (wildstud.words)."""
    return describe_wild_now(view.wild, view.follow_pending, last_face_up=view.follow_ends)


def checks_down(hand: Hand) -> None:
    """Play to the end with every player checking or calling (bringing in when due)."""
    play_out(hand, CallingBot())


# -- Follow the Queen: the wild timeline ----------------------------------------------------


# p1: Q♣ K♦ down, 2♣ 5♥ K♠ 9♦ up, J♦ last; p2: A♥ A♦ down, 3♣ 6♣ 8♣ Q♥ up, 4♦ last. Q♥ is the
# last face-up card of the hand; under the centre-card rule Q♦ goes to the centre.
FINAL_QUEEN = "Qc Ah Kd Ad 2c 3c  5h 6c  Ks 8c  9d Qh"


@pytest.mark.parametrize("queens", ["natural", "all", "hidden", "hidden-after-face-up"])
def test_a_queen_as_the_centre_card_makes_queens_wild(queens: str) -> None:
    # The sheet: the centre card's rank becomes wild, whatever it is. A queen there follows the
    # final queen; it does not start a new follow that nothing could ever end.
    deck = stack_deck(FINAL_QUEEN + " Qd  Jd 4d")
    hand = Hand("FTQ", [100, 100], {"final_queen": "centre-card", "queens": queens}, deck=deck)
    checks_down(hand)
    assert hand.centre == parse_card("Qd")
    assert hand.wilds.wild == QUEENS
    assert hand.wilds.pending is None
    assert reasons(hand)[-1] == "Q♥ to p2, then Q♦ to the centre: queens are wild"
    # p1's Q♣ in the hole makes three kings; p2's Q♥ showing makes three aces.
    assert shown(hand) == {0: "three kings", 1: "three aces"}
    assert awards(hand) == [(0, 1, 6, Share.HIGH)]


def test_a_queen_in_the_centre_turns_the_upcard_queens_wild_for_extra_antes() -> None:
    # Extra antes: an ante for each face-up card that turns wild. The centre queen makes p2's
    # Q♥ wild; the centre card itself belongs to nobody and costs nothing.
    deck = stack_deck(FINAL_QUEEN + " Qd  Jd 4d")
    options = {"final_queen": "centre-card", "extra_antes": True}
    hand = Hand("FTQ", [100, 100], options, deck=deck)
    checks_down(hand)
    extra = [(e.seat, e.amount, e.card) for e in hand.events if isinstance(e, Paid)][2:]
    assert extra == [(1, 2, parse_card("Qh")), (1, 1, parse_card("Qh"))]
    assert sum(hand.stacks) == 200


def test_hidden_queens_are_wild_only_for_the_player_holding_them() -> None:
    # p1 Q♣ and p2 Q♦ in the hole; p3's Q♥ face up (not wild under `hidden`), then p1's 5♥
    # follows: fives are wild for everyone, each hidden queen only for its holder.
    deck = stack_deck(
        "Qc Qd 2c  As Ad 3c  9h Th Jh  5s 6s Qh  5h 9s 8d  Ks 4d 7s  Kh Jc Js  2d 3d 4h"
    )
    hand = Hand("FTQ", [100] * 3, {"queens": "hidden"}, deck=deck)
    checks_down(hand)
    fives = rank_cards(Rank.FIVE)
    assert hand.wilds.for_seat(0) == fives | {parse_card("Qc")}
    assert hand.wilds.for_seat(1) == fives | {parse_card("Qd")}
    assert hand.wilds.for_seat(2) == fives
    # Each seat learns only its own hidden wild cards; the public wild cards are the same.
    assert hand.view(0).own_wild == tuple(parse_cards("5h 5s Qc"))
    assert hand.view(1).own_wild == (parse_card("Qd"),)
    assert hand.view(2).own_wild == ()
    assert {wild_text(hand.view(seat)) for seat in (None, 0, 1, 2)} == {"fives are wild"}
    assert shown(hand) == {0: "five kings", 1: "pair of aces", 2: "pair of jacks"}


def test_hidden_after_face_up_queens_in_the_hole_wait_for_a_face_up_queen() -> None:
    # p1 holds Q♣ in the hole. No queen shows on third street: it is not wild yet. On fourth
    # street Q♥ shows (p2, after p1's 4♦): every queen is wild from then on, the follower to come.
    deck = stack_deck("Qc 2d  Kc Kd  3c 5s  4d Qh  8s 6h")
    hand = Hand("FTQ", [100, 100], {"queens": "hidden-after-face-up"}, deck=deck)
    hand.run()
    assert parse_card("Qc") not in hand.wilds.for_seat(0)
    assert hand.view(0).own_wild == ()
    play(hand, "p1 bring-in", "p2 call")
    assert hand.street_name == "fourth street"
    assert hand.wilds.wild == QUEENS
    assert hand.view(0).own_wild == (parse_card("Qc"),)
    assert hand.wilds.pending is not None


def test_a_queen_face_up_right_after_a_queen_across_streets_starts_a_new_follow() -> None:
    # Q♦ is the last upcard of third street (p3); the first upcard of fourth street is Q♥ (p1):
    # a new follow, not a follower. p2's 9♠ follows it.
    deck = stack_deck("2c 3c 4c  5c 6c 7c  8h 7d Qd  Qh 9s 5d")
    hand = Hand("FTQ", [100] * 3, deck=deck)
    play(hand, "p2 bring-in", "p3 call", "p1 call")
    assert reasons(hand) == [
        "Q♦ to p3: the next face-up card will be wild",
        "Q♥ to p1: a new follow starts after Q♦; the next face-up card will be wild",
        "Q♥ to p1, then 9♠ to p2: nines are wild",
    ]
    assert hand.wilds.wild == rank_cards(Rank.NINE)
    # p2's wild 9♠ pairs the 7♦: p2 shows the best board and acts first.
    assert hand.to_act == 1


def test_a_final_queen_promises_no_follower_to_the_table() -> None:
    # Q♥ is the last face-up card of the hand: through sixth and seventh street the table reads
    # that nothing follows it, not that the next face-up card will be wild.
    streets = ("p1 bring-in", "p2 call", "p2 check", "p1 check")
    hand = Hand("FTQ", [100, 100], deck=stack_deck(FINAL_QUEEN + "  Jd 4d"))
    play(hand, *streets, "p1 check", "p2 check")
    assert hand.street_name == "sixth street"
    text = "nothing is wild (nothing follows Q♥: it was the last face-up card)"
    assert {wild_text(hand.view(seat)) for seat in (None, 0, 1)} == {text}
    checks_down(hand)
    assert wild_text(hand.view(None)) == text
    # With the centre-card rule the follower is still to come until the centre card is out.
    hand = Hand("FTQ", [100, 100], {"final_queen": "centre-card"}, deck=stack_deck(FINAL_QUEEN))
    play(hand, *streets, "p1 check")
    hand.check()
    hand.step()  # 9♦ to p1
    hand.step()  # Q♥ to p2
    assert wild_text(hand.view(0)) == "nothing is wild yet: the next face-up card after Q♥ will be"
    hand.step()
    assert hand.centre is not None
    assert wild_text(hand.view(0)) == f"{hand.centre.rank.plural} are wild"


# -- Follow the Queen: no queen, no game ----------------------------------------------------

# Four players, no queen face up: p4 folds on third street.
NO_QUEEN_FOUR = "2c 3c 4c 5c  6c 7c 8c 9c  Tc Jc Kc 2d  3d 4d 5d  6d 7d 8d  9d Td Jd"
# Three players, no queen: p3 folds on third street.
NO_QUEEN_THREE = "2h 3h 4h  5h 6h 7h  8h 9h 2s  Th Jh  Kh 3s  4s 5s"
# Heads-up: p1's Q♥ is followed by p2's 9♠; p2 makes four kings with the wild nine.
HEADS_UP_QUEEN = "As Ks  Ah Kd  Qh 9s  7s Ts  Js 8s  Tc 3c  Ac Kc"


def test_no_queen_redeal_still_in_twice_keeps_the_pot_for_the_players_still_in() -> None:
    decks = [stack_deck(NO_QUEEN_FOUR), stack_deck(NO_QUEEN_THREE), stack_deck(HEADS_UP_QUEEN)]
    hand = Hand("FTQ", [100] * 4, {"no_queen": "redeal-still-in"}, deck=decks)
    play(hand, "p4 bring-in", "p1 complete", "p2 call", "p3 call", "p4 fold")
    play(hand, "p3 check", "p1 check", "p2 check", "p3 check", "p1 check", "p2 check")
    # Sixth street shows no queen: no betting, a new deal for the three still in.
    assert hand.deal_number == 2
    assert hand.in_deal == (0, 1, 2)
    assert [(pot.amount, sorted(pot.eligible)) for pot in hand.pots()] == [(21, [0, 1, 2])]
    play(hand, "p3 bring-in", "p1 complete", "p2 call", "p3 fold")
    checks_down(hand)
    redeals = [event for event in hand.events if isinstance(event, Redealt)]
    assert [(r.deal, r.seats, r.pot) for r in redeals] == [(1, (0, 1, 2), 21), (2, (0, 1), 33)]
    # Nobody antes again; p4 and p3, who folded, sit the later deals out.
    assert len([e for e in hand.events if isinstance(e, Paid)]) == 4
    assert not hand.view(2).seats[2].dealt_in
    assert not hand.view(3).seats[3].dealt_in
    assert shown(hand) == {0: "three aces", 1: "four kings"}
    # 33 carried in, a bring-in called in the third deal: 37.
    assert awards(hand) == [(0, 1, 37, Share.HIGH)]
    assert hand.stacks == (87, 124, 92, 97)


REDEAL_ONE = "2c 3c 4c  5c 6c 7c  9c Tc 2d  3d 4d  5d 6d  7d 8d"
REDEAL_TWO = "2h 3h 4h  5h 6h 7h  8h 9h 2s  Th Jh Kh  3s 4s 5s  6s 7s 8s"
REDEAL_THREE = "Ah Ks 4c  2d Kd 5c  Qd 9s 7h  3c 3d 8c  Jc Jd Js  Tc 2h Th  4s 4h 7c"


def test_no_queen_redeal_for_everyone_with_a_short_stack_all_in() -> None:
    # p2 is all in for 3 on third street; p3 folds. Two deals show no queen; everyone antes
    # again each time (p2 has nothing left to ante); p3, back in, may win what p2 cannot.
    decks = [stack_deck(REDEAL_ONE), stack_deck(REDEAL_TWO), stack_deck(REDEAL_THREE)]
    hand = Hand("FTQ", [100, 3, 100], {"no_queen": "redeal-everyone"}, deck=decks)
    play(hand, "p3 bring-in", "p1 complete", "p2 call", "p3 fold")
    assert hand.stacks[1] == 0
    checks_down(hand)
    redeals = [event for event in hand.events if isinstance(event, Redealt)]
    assert [r.seats for r in redeals] == [(0, 1, 2), (0, 1, 2)]
    antes = [e.seat for e in hand.events if isinstance(e, Paid) and e.kind is Payment.ANTE]
    assert antes == [0, 1, 2, 0, 2, 0, 2]
    assert shown(hand) == {0: "ace high", 1: "three kings", 2: "pair of sevens"}
    # p2 wins 3 from each player; p3 the rest, six from each of the later deals.
    assert awards(hand) == [(0, 1, 9, Share.HIGH), (1, 2, 12, Share.HIGH)]
    assert hand.stacks == (91, 9, 103)


def test_an_uncalled_bet_goes_back_and_never_carries_into_a_redeal_for_everyone() -> None:
    # No limit: p1 completes to 40, p2 calls all in for 2, p3 folds. Robert's Rules: the 38
    # nobody called go back to p1. Left in the pot, they would carry into the new deal, where
    # p3, who folded to them, could win them.
    decks = [stack_deck(REDEAL_ONE), stack_deck(REDEAL_TWO), stack_deck(REDEAL_THREE)]
    options = {"no_queen": "redeal-everyone", "limit": "no-limit"}
    hand = Hand("FTQ", [100, 3, 100], options, deck=decks)
    play(hand, "p3 bring-in", "p1 complete 40", "p2 call", "p3 fold")
    returned = [event for event in hand.events if isinstance(event, Returned)]
    assert [(r.seat, r.amount, r.street) for r in returned] == [(0, 38, 0)]
    # Only the 9 chips everyone matched carry into the second deal.
    assert next(e for e in hand.events if isinstance(e, Redealt)).pot == 9
    checks_down(hand)
    assert awards(hand) == [(0, 1, 9, Share.HIGH), (1, 2, 12, Share.HIGH)]
    assert hand.stacks == (91, 9, 103)


# -- Smack My Bitch Up ------------------------------------------------------------------------

# Face up in order: K♠ (p1) Q♥ (p2) | K♦ (p1) K♣ (p2) | Q♣ (p1) 7♦ (p2) | K♥ (p1) Q♦ (p2).
KINGS_AND_QUEENS = "2c 3c  4c 5c  Ks Qh  Kd Kc  Qc 7d  Kh Qd  8s 9s"


@pytest.mark.parametrize(
    ("name", "called"), [("SMBU", "Smack My Bitch Up"), ("pimp-daddy", "Pimp Daddy")]
)
def test_kings_and_queens_alternating_and_the_call(name: str, called: str) -> None:
    hand = Hand(name, [100, 100], deck=stack_deck(KINGS_AND_QUEENS))
    hand.run()
    # Third street: K♠ cancelled the queens, Q♥ brought them back and waits for a follower;
    # wildness never picks the bring-in: Q♥ is lower than K♠.
    assert hand.wilds.wild == QUEENS
    assert hand.to_act == 1
    assert hand.view(None).game == called
    checks_down(hand)
    assert reasons(hand) == [
        "K♠ to p1: only kings are wild",
        "Q♥ to p2: kings are no longer wild; queens are wild; the next face-up card will be wild",
        "K♦ to p1: only kings are wild",  # a king right after a queen is a king
        "Q♣ to p1: kings are no longer wild; queens are wild; the next face-up card will be wild",
        "Q♣ to p1, then 7♦ to p2: queens and sevens are wild",
        "K♥ to p1: only kings are wild",
        # The last face-up card: no card follows it (the sheet), and the words say so.
        "Q♦ to p2: kings are no longer wild; it is the last face-up card, so no card follows it;"
        " queens are wild",
    ]
    # The call comes each time a king cancels wild cards; K♣ after K♦ cancels nothing.
    calls = [(e.name, e.card, e.seat) for e in hand.events if isinstance(e, Called)]
    assert calls == [(called, parse_card(card), 0) for card in ("Ks", "Kd", "Kh")]
    # A queen was the last of the two to show, and nothing followed it: only queens are wild.
    assert hand.wilds.wild == QUEENS
    assert shown(hand) == {0: "four kings", 1: "ace-high flush"}
    assert awards(hand) == [(0, 0, 6, Share.HIGH)]


# -- Who Da Baby Daddy Is -------------------------------------------------------------------


def bet_sizes(hand: Hand) -> tuple[int, int]:
    """The least and greatest to-amount of the bet the seat to act may make."""
    bet = next(option for option in hand.legal_actions() if option.kind is ActionKind.BET)
    return bet.min_amount, bet.max_amount


def test_five_card_baby_daddy_streets_and_bets() -> None:
    # Two down and a small bet; one up and a small bet; one up and a big bet; the last card up
    # with no bet. Dealer p2 (seat 1): p3 is on the dealer's left and acts first.
    deck = stack_deck("2c 3c 4c  5c 6c 7c  Ah 8d 9d  Ad Td Jd  Kd Ks Kh")
    hand = Hand("BD5", [100] * 3, deck=deck, dealer=1)
    hand.run()
    assert hand.to_act == 2
    assert {option.kind for option in hand.legal_actions()} == {ActionKind.CHECK, ActionKind.BET}
    assert bet_sizes(hand) == (5, 5)
    play(hand, "p3 check", "p1 check", "p2 check")
    # Third street: p3's A♥ is the best board and acts first; still a small bet.
    assert (hand.street_name, hand.to_act) == ("third street", 2)
    assert bet_sizes(hand) == (5, 5)
    play(hand, "p3 check", "p1 check", "p2 check")
    # Fourth street: big bets (no open-pair choice to make: the bet is already big).
    assert (hand.street_name, hand.to_act) == ("fourth street", 2)
    assert bet_sizes(hand) == (10, 10)
    play(hand, "p3 check", "p1 check", "p2 check")
    assert hand.phase is Phase.OVER
    streets = [e.name for e in hand.events if isinstance(e, StreetStarted)]
    assert streets == ["second street", "third street", "fourth street", "fifth street"]
    opened = [e.street for e in hand.events if isinstance(e, BettingOpened)]
    assert opened == [0, 1, 2]
    for seat in range(3):
        assert [held.up for held in hand.cards(seat)] == [False, False, True, True, True]


def test_seven_card_baby_daddy_streets_bets_and_a_last_card_matching_a_pair() -> None:
    # p1: A♠ 8♣ down, 8♦ 2♥ 3♣ 4♦ up, 8♥ last: the last card matches the pair of eights, so
    # three eights are wild for p1, making four aces. p2's last card J♣ is its only jack.
    deck = stack_deck("As Kc 8c Kd  8d 2s  2h 3s  3c 5s  4d 9d  8h Jc")
    hand = Hand("BD7", [100, 100], deck=deck)
    sizes = []
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.DEALER:
            hand.step()
            continue
        sizes.append(bet_sizes(hand))
        while hand.phase is Phase.PLAYER:
            hand.check()
    # Small bets on the first two betting rounds, big bets on the next three; none after the
    # last card.
    assert sizes == [(5, 5), (5, 5), (10, 10), (10, 10), (10, 10)]
    assert [e.street for e in hand.events if isinstance(e, BettingOpened)] == [0, 1, 2, 3, 4]
    for seat in range(2):
        assert [held.up for held in hand.cards(seat)] == [False] * 2 + [True] * 5
    assert hand.wilds.for_seat(0) == rank_cards(Rank.EIGHT)
    assert hand.wilds.for_seat(1) == rank_cards(Rank.JACK)
    assert hand.view(0).own_wild == tuple(parse_cards("8c 8d 8h"))
    assert hand.view(1).own_wild == (parse_card("Jc"),)
    assert hand.wilds.wild == frozenset()
    assert shown(hand) == {0: "four aces", 1: "three kings"}


def test_baby_daddy_last_card_still_goes_to_an_all_in_player_when_the_others_fold() -> None:
    # p3 is all in from the ante. p1's aces act first on every up street. On sixth street p1
    # bets and p2 folds: p1 and the all-in p3 are both still in, so both get their last card
    # (J♥ and 8♥) and show down.
    deck = stack_deck("2c 3c 4c  5c 6c 7c  Ah 8d 9d  Ad Td Jd  Kd Ks Kh  Qd Qs Qh  Jh 8h")
    hand = Hand("BD7", [100, 100, 1], deck=deck)
    hand.run()
    assert hand.stacks[2] == 0
    play(hand, "p1 check", "p2 check")
    for street in ("third street", "fourth street", "fifth street"):
        assert (hand.street_name, hand.to_act) == (street, 0)
        play(hand, "p1 check", "p2 check")
    assert (hand.street_name, hand.to_act) == ("sixth street", 0)
    play(hand, "p1 bet", "p2 fold")
    last = [(e.seat, e.card, e.up) for e in hand.events if isinstance(e, Dealt) and e.street == 5]
    assert last == [(0, parse_card("Jh"), True), (2, parse_card("8h"), True)]
    assert set(shown(hand)) == {0, 2}
    # p3 can win only the antes (1 from each); p1's uncalled bet went back to p1.
    assert [(e.seat, e.amount) for e in hand.events if isinstance(e, Returned)] == [(0, 10)]
    assert sum(hand.stacks) == 201


# -- The Bitch --------------------------------------------------------------------------------

BITCH_ONE = "Ac Kc 2h 3h  Ad Kd 4h 5h  2c 9s Th Js  3d Qs"
BITCH_TWO = "Qs 2d 3c  7c 2s Ah  8c 4s As  9c 6d Ac  Tc 7d Kd  Jd 8d Kh  5d 9h 3s"


def test_queen_of_spades_redeal_with_a_side_pot_an_all_in_hole_queen_and_fresh_antes() -> None:
    # Deal 1: p1 (4 chips) is all in on third street, p4 folds; Q♠ turns up for p2 on fourth
    # street before p3 gets a card. The new deal goes to p1, p2 and p3, who ante again (p1 has
    # nothing left to ante). p1 holds Q♠ in the hole and can win half of the main pot only.
    decks = [stack_deck(BITCH_ONE), stack_deck(BITCH_TWO)]
    hand = Hand("the-bitch", [4, 100, 100, 100], {"reante_on_redeal": True}, deck=decks)
    play(hand, "p1 bring-in", "p2 complete", "p3 call", "p4 fold", "p1 call")
    fourth = [(e.seat, e.card) for e in hand.events if isinstance(e, Dealt) and e.street == 1]
    assert fourth == [(0, parse_card("3d")), (1, QUEEN_OF_SPADES)]
    redeal = next(event for event in hand.events if isinstance(event, Redealt))
    assert (redeal.seats, redeal.pot) == ((0, 1, 2), 17)
    assert [(pot.amount, sorted(pot.eligible)) for pot in hand.pots()] == [
        (13, [0, 1, 2]),
        (6, [1, 2]),
    ]
    # Nobody but p1 sees p1's Q♠ in the hole before the showdown, nor the first deal's hole cards.
    for viewer in (None, 1, 2, 3):
        view = hand.view(viewer)
        assert QUEEN_OF_SPADES not in {c.card for c in view.seats[0].cards}
        old = [e for e in view.events if isinstance(e, Dealt) and not e.up and e.seat != viewer]
        assert all(event.card is None for event in old)
    assert hand.view(0).seats[0].cards[0].card == QUEEN_OF_SPADES
    checks_down(hand)
    assert shown(hand) == {0: "queen-high straight", 1: "pair of deuces", 2: "aces full of kings"}
    assert awards(hand) == [
        (0, 2, 7, Share.HIGH),
        (0, 0, 6, Share.HOLE_CARD),
        (1, 2, 10, Share.HIGH),
    ]
    antes = [e.seat for e in hand.events if isinstance(e, Paid) and e.kind is Payment.ANTE]
    assert antes == [0, 1, 2, 3, 1, 2]
    assert hand.stacks == (6, 91, 108, 99)


def test_split_halves_with_tied_high_hands_and_odd_chips() -> None:
    # p1 and p2 both show a nine-high straight; p3 holds Q♠ in the hole with ace high. 9 chips:
    # the high half takes the odd chip (5), split 3-2, the extra chip to p1's 9♠, the highest
    # card by suit; the hole half (4) to p3.
    deck = stack_deck("2c 2d Qs  3d 3h Kc  5c 5d Ah  6c 6d 4s  7d 7h Jd  8h 8s 3s  9s 9c 2h")
    hand = Hand("the-bitch", [100] * 3, deck=deck)
    checks_down(hand)
    assert shown(hand) == {0: "nine-high straight", 1: "nine-high straight", 2: "ace high"}
    assert awards(hand) == [
        (0, 0, 3, Share.HIGH),
        (0, 1, 2, Share.HIGH),
        (0, 2, 4, Share.HOLE_CARD),
    ]


def test_wild_queen_of_spades_in_an_all_in_hand_takes_the_whole_main_pot() -> None:
    # p1 (4 chips) holds Q♠ in the hole and is all in on third street. Under `wild` it fills an
    # ace-high heart flush: no split, p1 takes the main pot and p3 the side pot.
    deck = stack_deck("Qs Kc Ac  2d Kd Ad  2c 9s Th  3h 4s 5c  6h 7s 8c  9h Jc Js  7h 3s 4d")
    hand = Hand("the-bitch", [4, 100, 100], {"queen_of_spades": "wild"}, deck=deck)
    play(hand, "p1 bring-in", "p2 complete", "p3 call", "p1 call")
    play(hand, "p3 bet", "p2 call")
    checks_down(hand)
    assert shown(hand) == {0: "ace-high flush", 1: "pair of kings", 2: "pair of aces"}
    assert awards(hand) == [(0, 0, 12, Share.HIGH), (1, 2, 14, Share.HIGH)]
    assert hand.stacks == (12, 89, 103)


def test_wild_queen_of_spades_folded_is_nobodys_wild_card() -> None:
    # p3 holds Q♠ and folds: it is wild in nobody's hand, and the pot is never split.
    deck = stack_deck("Ah 9s Qs  Ad 9d 8c  Kd Ac 3c  2h 2s 4d  5c 5s 6d  7c 7s Th  Jc Js 2d")
    hand = Hand("the-bitch", [100] * 3, {"queen_of_spades": "wild"}, deck=deck)
    play(hand, "p3 bring-in", "p1 complete", "p2 call", "p3 fold")
    checks_down(hand)
    assert all(QUEEN_OF_SPADES not in hand.wilds.for_seat(seat) for seat in (0, 1))
    assert [a.share for a in hand.awards] == [Share.HIGH]


# -- Who acts first, dealing order, betting ---------------------------------------------------


def test_bring_in_is_the_lowest_natural_upcard_ace_high_by_suit() -> None:
    # Upcards: p1 A♠ (aces are high), p2 Q♥, p3 2♥ (it follows the queen: deuces are wild, which
    # the bring-in ignores), p4 2♦: the lowest is 2♦, below 2♥ by suit.
    deck = stack_deck("3c 4c 5c 6c  7c 8c 9c Tc  As Qh 2h 2d")
    hand = Hand("FTQ", [100] * 4, deck=deck)
    hand.run()
    assert hand.wilds.wild == rank_cards(Rank.TWO)
    assert hand.to_act == 3
    assert [e for e in hand.events if isinstance(e, BettingOpened)] == [BettingOpened(0, 3, True)]


# Dealer seat 1: the deal goes 2, 3, 0, 1. Third-street upcards: seat 2 9♥, seat 3 K♥, seat 0
# K♦, seat 1 8♣ (the bring-in). Fourth street: 2♠, 4♥, 4♦, 3♣ to those still in.
MOVED_DEALER = "5c 6c 7c 9c  5s 6s 7s 9s  9h Kh Kd 8c  2s 4h 4d 3c"


def test_dealing_and_acting_order_start_on_the_dealers_left() -> None:
    hand = Hand("FTQ", [100] * 4, deck=stack_deck(MOVED_DEALER), dealer=1)
    hand.run()
    third = [e.seat for e in hand.events if isinstance(e, Dealt)]
    assert third == [2, 3, 0, 1] * 3
    assert hand.to_act == 1
    play(hand, "p2 bring-in", "p3 call", "p4 call", "p1 call")
    fourth = [(e.seat, e.card) for e in hand.events if isinstance(e, Dealt) and e.street == 1]
    assert fourth == list(zip([2, 3, 0, 1], parse_cards("2s 4h 4d 3c"), strict=True))
    # Seats 3 and 0 both show king-four; seat 3 comes first from the dealer's left.
    assert hand.to_act == 3


def test_cards_go_only_to_players_still_in() -> None:
    hand = Hand(
        "FTQ",
        [100] * 4,
        deck=stack_deck("5c 6c 7c 9c  5s 6s 7s 9s  9h Kh Kd 8c  4h 4d 3c"),
        dealer=1,
    )
    play(hand, "p2 bring-in", "p3 fold", "p4 call", "p1 call")
    fourth = [(e.seat, e.card) for e in hand.events if isinstance(e, Dealt) and e.street == 1]
    assert fourth == list(zip([3, 0, 1], parse_cards("4h 4d 3c"), strict=True))
    assert hand.to_act == 3


def test_the_raise_cap_binds_only_while_three_players_not_all_in_contest_the_pot() -> None:
    deck = "4c 5c 6c  7c 8c 9c  2c Ts Js"
    # Three players with chips: the completion and three raises cap the betting.
    hand = Hand("FTQ", [100] * 3, deck=stack_deck(deck))
    play(hand, "p1 bring-in", "p2 complete", "p3 raise", "p1 raise", "p2 raise")
    assert [o.kind for o in hand.legal_actions()] == [ActionKind.FOLD, ActionKind.CALL]
    # p3 all in for less: only p1 and p2 still bet, and between two the raising is unlimited.
    hand = Hand("FTQ", [100, 100, 4], deck=stack_deck(deck))
    play(hand, "p1 bring-in", "p2 complete", "p3 call", "p1 raise", "p2 raise", "p1 raise")
    assert hand.stacks[2] == 0
    assert hand.to_act == 1
    assert [str(o) for o in hand.legal_actions()] == ["fold", "call to 20", "raise to 25"]


def test_an_open_pair_made_with_a_wild_card_allows_the_big_bet_on_fourth_street() -> None:
    # p1's 9♣ follows p2's Q♥: nines are wild, so p1's 7♦ 9♣ shows a pair of sevens. p1 acts
    # first with the best board and may bet the small or the big bet.
    hand = Hand("FTQ", [100, 100], deck=stack_deck("2c 3c  4c 5c  7d Qh  9c Kd"))
    play(hand, "p1 bring-in", "p2 call")
    assert (hand.street_name, hand.to_act) == ("fourth street", 0)
    assert bet_sizes(hand) == (5, 10)
    assert not hand.can_bet(7)
    play(hand, "p1 bet 10")
    # Once the big bet is made, raises are big too.
    assert [str(o) for o in hand.legal_actions()] == ["fold", "call to 10", "raise to 20"]


@pytest.mark.parametrize(("stack", "reopened"), [(8, False), (9, True)])
def test_a_short_all_in_raise_reopens_the_betting_only_from_half_a_bet(
    stack: int, reopened: bool
) -> None:
    # p1 brings in, p2 completes to 5, p3 goes all in: to 7 (2 more, under half a bet) or to 8
    # (3 more, half a bet or more). p1 calls; p2 may raise again only in the second case.
    hand = Hand("FTQ", [100, 100, stack], deck=stack_deck("4c 5c 6c  7c 8c 9c  2c Ts Js"))
    play(hand, "p1 bring-in", "p2 complete", f"p3 raise {stack - 1}", "p1 call")
    assert hand.to_act == 1
    kinds = [o.kind for o in hand.legal_actions()]
    assert (ActionKind.RAISE in kinds) is reopened
    if reopened:
        assert str(hand.legal_actions()[-1]) == "raise to 13"


# -- The end of a hand ------------------------------------------------------------------------


def test_everyone_else_folds_the_last_hand_wins_unshown_and_no_card_follows() -> None:
    hand = Hand("FTQ", [100] * 3, deck=stack_deck("Ah Kh Qh  Ad Kd Qd  2c 9s Ts"))
    play(hand, "p1 bring-in", "p2 complete", "p3 fold", "p1 fold")
    assert hand.phase is Phase.OVER
    assert not [e for e in hand.events if isinstance(e, StreetStarted) and e.street > 0]
    assert not [e for e in hand.events if isinstance(e, Shown)]
    assert awards(hand) == [(0, 1, 10, Share.UNCONTESTED)]
    assert hand.stacks == (97, 104, 99)
    # The winner's hole cards stay hidden from everyone else, even after the hand.
    for viewer in (None, 0, 2):
        assert [c.card for c in hand.view(viewer).seats[1].cards] == [None, None, parse_card("9s")]


def test_three_equal_hands_split_with_one_odd_chip_to_the_highest_card_by_suit() -> None:
    # p1, p2 and p3 all make a nine-high straight; p4 folds its ante. 10 chips: 4, 3 and 3,
    # the odd chip to p3's 9♠, the highest card by suit (suits never break the tie itself).
    deck = stack_deck(
        "2c 2d 2h Tc  3d 3h 3s Jc  5c 5d 5h Kh  6d 6h 6s  7h 7s 7c  8s 8c 8d  9c 9d 9s"
    )
    hand = Hand("FTQ", [100] * 4, deck=deck)
    play(hand, "p1 bring-in", "p2 call", "p3 call", "p4 fold")
    checks_down(hand)
    assert shown(hand) == dict.fromkeys((0, 1, 2), "nine-high straight")
    assert awards(hand) == [(0, 2, 4, Share.HIGH), (0, 1, 3, Share.HIGH), (0, 0, 3, Share.HIGH)]


# -- Refusals and views -----------------------------------------------------------------------


def test_illegal_actions_and_bad_seats_are_refused_with_nothing_changed() -> None:
    hand = Hand("FTQ", [100] * 3, deck=Deck(seed=5))
    hand.run()
    to_act = hand.to_act
    assert to_act is not None
    before = observed(hand)
    other = (to_act + 1) % 3
    # Things that are not seats or amounts, as a careless caller (or a bad message) sends them.
    text: Any = "0"
    number: Any = float(to_act)
    refusals: list[tuple[Any, type[Exception]]] = [
        (lambda: hand.act("call", seat=other), OutOfTurnError),
        (lambda: hand.act("bring-in", seat=text), TableError),
        (lambda: hand.act("bring-in", seat=number), TableError),
        (lambda: hand.act("bring-in", seat=True), TableError),
        (lambda: hand.act("bring-in", seat=3), TableError),  # no such chair
        (lambda: hand.act("bring-in", seat=-1), TableError),
        (lambda: hand.act("bring-in", 3), IllegalActionError),
        (lambda: hand.act("complete", 6), IllegalActionError),
        (lambda: hand.act("complete", text), IllegalActionError),
        (lambda: hand.act("raise"), IllegalActionError),
        (lambda: hand.act("muck"), IllegalActionError),
        (lambda: hand.step(), IllegalActionError),
        (lambda: hand.view(text), TableError),
        (lambda: hand.can_act("bring-in", seat=text), TableError),
    ]
    for attempt, error in refusals:
        with pytest.raises(error):
            attempt()
        assert observed(hand) == before
    assert hand.can_act("bring-in", seat=to_act)
    assert not hand.can_act("call", seat=other)
    checks_down(hand)
    after = observed(hand)
    for attempt in (lambda: hand.step(), lambda: hand.check(), lambda: hand.act("fold", seat=0)):
        with pytest.raises(IllegalActionError):
            attempt()
        assert observed(hand) == after


def test_eight_players_with_burns_and_two_folds_reshuffle_the_burns_for_seventh_street() -> None:
    # 25 + 7 + 7 + 7 cards leave 6 for seventh street: too few for a burn and six players, so
    # the four burns go back into the stub first; then the dealer burns and deals all six.
    hand = Hand("FTQ", [100] * 8, {"burn_cards": "each-street"}, deck=Deck(seed=11))
    hand.run()
    assert hand.to_act is not None
    hand.bring_in()
    folds = 0
    while hand.phase is Phase.PLAYER:
        if folds < 2:
            hand.fold()
            folds += 1
        else:
            hand.call()
    checks_down(hand)
    assert [e for e in hand.events if isinstance(e, StubShuffled)] == [
        StubShuffled(4, Gathered.BURNED)
    ]
    assert hand.community is None
    assert not [e for e in hand.events if isinstance(e, CommunityCard)]
    seventh = [e for e in hand.events if isinstance(e, Dealt) and e.street == 4]
    assert len(seventh) == 6
    assert len([e for e in hand.events if isinstance(e, Burned)]) == 5
    out = [e.card for e in hand.events if isinstance(e, Dealt)]
    assert len(out) == len(set(out)) == 8 * 3 + 6 * 4


def test_a_reshuffled_short_stub_says_it_took_back_the_folded_hands_not_burns() -> None:
    # No burns: 8 x 6 cards leave 4 for six live players on seventh street, so under
    # `short_stub` `reshuffle` the cards of the two hands folded on sixth street go back.
    hand = Hand("FTQ", [100] * 8, {"short_stub": "reshuffle"}, deck=Deck(seed=11))
    hand.run()
    folds = 0
    while hand.street_name != "seventh street":
        if hand.phase is not Phase.PLAYER:
            hand.step()
        elif hand.street_name == "sixth street" and hand.can_act("bet"):
            hand.act("bet")
        elif hand.street_name == "sixth street" and folds < 2 and hand.can_act("fold"):
            hand.fold()
            folds += 1
        else:
            kind = next(k for k in ("check", "call", "bring-in") if hand.can_act(k))
            hand.act(kind)
    checks_down(hand)
    shuffled = [e for e in hand.events if isinstance(e, StubShuffled)]
    assert [event.gathered for event in shuffled] == [Gathered.FOLDED]
    assert shuffled[0].cards >= 2
    assert not [e for e in hand.events if isinstance(e, Burned)]


def test_the_short_stub_community_card_is_shown_to_everyone_and_plays_for_everyone() -> None:
    hand = Hand("FTQ", [100] * 8, deck=Deck(seed=3))
    checks_down(hand)
    community = hand.community
    assert community is not None
    for viewer in (None, *range(8)):
        view = hand.view(viewer)
        assert view.community == community
        assert CommunityCard(community) in view.events
    assert all(hand.hand_of(seat)[-1] == community for seat in range(8))


def _to_showdown(hand: Hand, pushers: set[int]) -> None:
    """Deal on until the hands are due to be shown: ``pushers`` put in as much as they may at
    every turn, the others call or check."""
    while not hand.can_muck(0) and hand.phase is not Phase.OVER:
        if hand.phase is not Phase.PLAYER:
            hand.step()
        elif hand.to_act in pushers:
            option = max(hand.legal_actions(), key=lambda option: option.max_amount)
            hand.act(option.kind, option.max_amount)
        else:
            take_turn(hand, CallingBot())


def test_a_side_pot_whose_claimants_all_muck_goes_to_the_last_of_them() -> None:
    # p1 is all in for the main pot; p2 and p3 both muck at the showdown. p1 can win only what
    # it matched; the side pot's last contestant, p3, takes it unshown (Robert's Rules).
    hand = Hand("FTQ", [4, 100, 100], deck=Deck(seed=11))
    _to_showdown(hand, pushers={0, 1})
    assert hand.stacks[0] == 0
    main, side = hand.pots()
    assert main.eligible == {0, 1, 2}
    hand.muck(1)
    hand.muck(2)
    hand.run()
    won = {award.seat: award.amount for award in hand.awards}
    assert won == {0: main.amount, 2: side.amount}
    assert sum(hand.stacks) == 204


def test_payments_are_dead_money_not_side_pots() -> None:
    # Nobody is all in, so a payment for a wild upcard does not cut the pot: the best hand
    # can win every chip, including payments larger than its own.
    hand = Hand("FTQ", [200, 200, 200], {"pay_for_wild": 3}, deck=Deck(seed=5))
    play_out(hand, CallingBot())
    assert len(hand.awards) >= 1
    assert {award.pot for award in hand.awards} == {0}
    assert any(e.kind is Payment.PAY_FOR_WILD for e in hand.events if isinstance(e, Paid))
