"""The hand engine's common rules: refusals, seating, views, ties, odd chips and who acts first.

Decks list the cards in dealing order: one card at a time, clockwise from the dealer's left (seat
0 unless the dealer is moved), both hole cards round by round, then the upcards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.deal.helpers import observed, play
from wildstud.betting import ActionKind
from wildstud.bots import CallingBot, RandomBot, play_out
from wildstud.cards import Deck, parse_card
from wildstud.deal import BettingOpened, Hand, Phase, Shown, stack_deck
from wildstud.errors import (
    DeckExhaustedError,
    IllegalActionError,
    OutOfTurnError,
    TableError,
)
from wildstud.hands import describe_value


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    hand = Hand("FTQ", [100, 100, 100], deck=Deck(seed=1))
    hand.run()
    seat = hand.to_act
    assert seat is not None
    before = observed(hand)
    other = (seat + 1) % 3
    attempts: list[tuple[Callable[[], object], type[Exception], str]] = [
        (lambda: hand.check(), IllegalActionError, "must bring in"),
        (lambda: hand.bet(), IllegalActionError, "must bring in"),
        (lambda: hand.raise_to(20), IllegalActionError, "must bring in"),
        (lambda: hand.complete(7), IllegalActionError, "not allowed"),
        (lambda: hand.bring_in(seat=other), OutOfTurnError, "turn to act"),
        (lambda: hand.act("shove"), IllegalActionError, "not an action"),
        (lambda: hand.step(), IllegalActionError, "must act before the dealer"),
    ]
    for attempt, error, message in attempts:
        with pytest.raises(error, match=message):
            attempt()
        assert observed(hand) == before
    assert not hand.can_check()
    assert not hand.can_bring_in(seat=other)
    assert hand.can_bring_in()
    assert hand.can_complete(5)
    hand.verify_bring_in()
    assert observed(hand) == before


def test_actions_before_the_deal_and_after_the_end_are_refused() -> None:
    hand = Hand("FTQ", [100, 100], deck=Deck(seed=2))
    assert hand.phase is Phase.DEALER
    with pytest.raises(IllegalActionError, match="the dealer deals next"):
        hand.call()
    play_out(hand, CallingBot())
    before = observed(hand)
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.fold()
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.step()
    assert observed(hand) == before


def test_a_stacked_deck_too_short_is_refused_without_change() -> None:
    hand = Hand("FTQ", [100, 100], deck=Deck.stacked("As Ks Qs"))
    hand.step()  # antes
    for _ in range(3):
        hand.step()
    before = observed(hand)
    with pytest.raises(DeckExhaustedError, match="the deal needs 1"):
        hand.step()
    assert observed(hand) == before


@pytest.mark.parametrize(
    ("game", "stacks", "message"),
    [
        ("FTQ", [100], "2 to 8 players, not 1"),
        ("the-bitch", [100] * 9, "2 to 8 players, not 9"),
        ("BD7", [100] * 8, "2 to 7 players, not 8"),
        ("BD5", [100] * 11, "2 to 10 players, not 11"),
        ("SMBU", [100, 0], "p2 needs a stack of at least 1 chip, not 0"),
        ("FTQ", [100, 5, True], "p3 needs a stack of at least 1 chip, not True"),
        ("FTQ", [100, "5"], "p2 needs a stack of at least 1 chip, not '5'"),
        ("FTQ", [2.0, 100], "p1 needs a stack of at least 1 chip, not 2.0"),
    ],
)
def test_tables_that_do_not_fit_the_game_are_refused(
    game: str, stacks: list[int], message: str
) -> None:
    with pytest.raises(TableError, match=message):
        Hand(game, stacks)


def test_dealer_must_be_a_seat() -> None:
    with pytest.raises(TableError, match="the dealer must be a seat from 0 to 2, not 3"):
        Hand("FTQ", [10, 10, 10], dealer=3)


def test_views_hold_only_what_each_seat_may_see() -> None:
    # p1: Q♣ K♠ down, 2♣ up; p2: 2♦ 4♦ down, 2♥ up; p3: 3♦ 5♦ down, 2♠ up.
    deck = stack_deck("Qc 2d 3d  Ks 4d 5d  2c 2h 2s")
    hand = Hand("FTQ", [100, 100, 100], {"queens": "hidden"}, deck=deck)
    hand.run()
    mine = hand.view(0)
    assert [c.card for c in mine.seats[0].cards] == [parse_card(c) for c in ("Qc", "Ks", "2c")]
    assert [c.card for c in mine.seats[1].cards] == [None, None, parse_card("2h")]
    assert mine.own_wild == (parse_card("Qc"),)  # a queen in the hole is wild for its holder
    spectator = hand.view(None)
    assert spectator.own_wild is None
    assert all(c.card is None for seat in spectator.seats for c in seat.cards if not c.up)
    assert spectator.legal_actions == ()
    assert hand.view(hand.to_act).legal_actions == hand.legal_actions()
    hidden = {card for seat in (1, 2) for card in (c.card for c in hand.cards(seat)[:2])}
    dealt_to_me = [getattr(event, "card", None) for event in mine.events]
    assert hidden.isdisjoint(dealt_to_me)
    play_out(hand, CallingBot())
    # At the showdown every live hand is shown to everyone.
    shown = {event.seat for event in hand.events if isinstance(event, Shown)}
    for seat in shown:
        assert None not in [c.card for c in hand.view(None).seats[seat].cards]


def test_equal_hands_split_and_the_odd_chip_goes_to_the_highest_card_by_suit() -> None:
    # Follow the Queen: p3's Q♥ up, then p1's 5♠ follows: fives are wild. p1 makes three kings
    # with two wild fives, p2 holds three natural kings, with the same kickers (9, 8).
    deck = stack_deck("Kh Kc Th  5d Kd Tc  2c 3c Qh  5s Ks 7d  9d 9h 6c  8s 8c Jd  4h 2d 3h")
    hand = Hand("FTQ", [100] * 3, deck=deck)
    play_out(hand, CallingBot())
    shown = {event.seat: event for event in hand.events if isinstance(event, Shown)}
    assert describe_value(shown[0].value) == describe_value(shown[1].value) == "three kings"
    assert shown[0].value == shown[1].value
    assert (shown[0].natural, shown[1].natural) == (False, True)
    # 9 chips: p2 holds K♠, the highest card by suit, and takes the odd chip.
    assert [(award.seat, award.amount) for award in hand.awards] == [(1, 5), (0, 4)]


def test_a_hand_is_said_to_be_natural_only_where_some_card_was_wild_for_it() -> None:
    deck = "Kh Kc Th  5d Kd Tc  2c 3c Qh  5s Ks 7d  9d 9h 6c  8s 8c Jd  4h 2d 3h"
    wild = Hand("FTQ", [100] * 3, deck=stack_deck(deck))
    play_out(wild, CallingBot())
    plain = Hand("F7S", [100] * 3, deck=stack_deck(deck))
    play_out(plain, CallingBot())
    ftq = {event.seat: event for event in wild.events if isinstance(event, Shown)}
    stud = {event.seat: event for event in plain.events if isinstance(event, Shown)}
    # Queens and fives are wild for every hand of that deal: p2's natural three kings say so.
    assert [(ftq[seat].natural, ftq[seat].wild_in_play) for seat in (0, 1)] == [
        (False, True),
        (True, True),
    ]
    # In plain stud nothing is ever wild: every hand is natural, and none is worth saying so.
    assert stud
    assert all(event.natural and not event.wild_in_play for event in stud.values())


def test_natural_beats_wild_house_rule() -> None:
    deck = stack_deck("Kh Kc Th  5d Kd Tc  2c 3c Qh  5s Ks 7d  9d 9h 6c  8s 8c Jd  4h 2d 3h")
    hand = Hand("FTQ", [100] * 3, {"natural_beats_wild": True}, deck=deck)
    play_out(hand, CallingBot())
    assert [(award.seat, award.amount) for award in hand.awards] == [(1, 9)]


def test_bring_in_ties_are_broken_by_suit_and_wildness_is_ignored() -> None:
    # Upcards 2♦ (p1), 2♣ (p2), Q♥ (p3): the deuce of clubs brings in.
    hand = Hand("SMBU", [100] * 3, deck=stack_deck("3c 4c 5c  6c 7c 8c  2d 2c Qh"))
    hand.run()
    assert hand.to_act == 1
    assert [e for e in hand.events if isinstance(e, BettingOpened)] == [BettingOpened(0, 1, True)]


def test_without_a_bring_in_the_lowest_upcard_acts_first_and_may_check() -> None:
    hand = Hand("FTQ", [100] * 3, {"bring_in": 0}, deck=stack_deck("3c 4c 5c  6c 7c 8c  9d 2c Kh"))
    hand.run()
    assert hand.to_act == 1
    assert {option.kind for option in hand.legal_actions()} == {ActionKind.CHECK, ActionKind.BET}


def test_best_board_ties_go_to_the_seat_nearest_the_dealers_left() -> None:
    # Dealer p1 (seat 0): p2 is dealt first. Third-street upcards: p2 9♥, p3 K♥, p1 K♦.
    # Fourth: p2 2♠, p3 4♥, p1 4♦: p3 and p1 both show king-four; p3 sits nearer the left.
    deck = stack_deck("3c 5c 6c  7c 8c Tc  9h Kh Kd  2s 4h 4d")
    hand = Hand("FTQ", [100] * 3, dealer=0, deck=deck)
    play(hand, "p2 bring-in", "p3 call", "p1 call")
    assert hand.street_name == "fourth street"
    assert hand.to_act == 2


def test_open_pair_on_fourth_street_allows_the_big_bet() -> None:
    deck = stack_deck("2c 3c  4c 5c  7d 9h  7s Kh")
    hand = Hand("FTQ", [100, 100], deck=deck)
    play(hand, "p1 bring-in", "p2 call")
    assert hand.to_act == 0  # the open sevens
    bets = {o.kind: (o.min_amount, o.max_amount) for o in hand.legal_actions()}
    assert bets[ActionKind.BET] == (5, 10)
    hand = Hand(
        "FTQ", [100, 100], {"open_pair": False}, deck=stack_deck("2c 3c  4c 5c  7d 9h  7s Kh")
    )
    play(hand, "p1 bring-in", "p2 call")
    bets = {o.kind: (o.min_amount, o.max_amount) for o in hand.legal_actions()}
    assert bets[ActionKind.BET] == (5, 5)


def test_same_deck_and_same_actions_give_the_same_hand() -> None:
    def run(seed: int) -> tuple[Any, ...]:
        hand = Hand("the-bitch", [40, 70, 25, 90], {"limit": "no-limit"}, deck=Deck(seed=seed))
        play_out(hand, RandomBot(seed=seed))
        return hand.events

    assert run(17) == run(17)
    assert run(17) != run(18)


def test_all_in_for_less_makes_a_side_pot() -> None:
    deck = stack_deck("Ah Kc Qd  Ad Ks Qc  2c 9h 8h  3d 4s 5c")
    hand = Hand("FTQ", [4, 100, 100], deck=deck)
    play(hand, "p1 bring-in", "p2 complete", "p3 call", "p1 call")
    assert hand.stacks[0] == 0
    pots = hand.pots()
    assert [(pot.amount, sorted(pot.eligible)) for pot in pots] == [(12, [0, 1, 2]), (4, [1, 2])]
    play_out(hand, CallingBot())
    assert sum(hand.stacks) == 204
    assert [award.pot for award in hand.awards] == [0, 1]


def test_bring_in_passes_over_a_player_with_no_chips_left() -> None:
    # p1 is all in from the ante: the next lowest upcard, p2's 5♥, brings in.
    hand = Hand("FTQ", [1, 50, 50], deck=stack_deck("As Ks Qs  Ad Kd Qd  2c 5h 9d"))
    hand.run()
    assert hand.stacks[0] == 0
    assert hand.to_act == 1
    assert [e for e in hand.events if isinstance(e, BettingOpened)] == [BettingOpened(0, 1, True)]
