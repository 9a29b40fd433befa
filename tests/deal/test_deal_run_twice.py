"""The house rule ``run_twice``: once the hands all in are turned up, the cards still to come
may be dealt twice, each run for half of every pot, each run's wild cards its own."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.deal.helpers import observed
from tests.tools.run_twice import RUNS, SPLIT_RUNS, all_in_before_the_runs
from wildstud.betting import ActionKind
from wildstud.cards import Card, Deck
from wildstud.deal import (
    Awarded,
    Burned,
    CentreCard,
    CommunityCard,
    Dealt,
    Hand,
    Phase,
    RunStarted,
    Shown,
    WildsChanged,
)
from wildstud.deal.decks import stack_deck
from wildstud.errors import IllegalActionError, OptionError, RunTwiceError


def run_cards(hand: Hand, run: int) -> list[str]:
    """The cards dealt in run ``run``, in order."""
    current, cards = 0, []
    for event in hand.events:
        if isinstance(event, RunStarted):
            current = event.run
        elif current == run and isinstance(event, Dealt | Burned | CentreCard | CommunityCard):
            cards.append(str(event.card))
    return cards


def test_each_run_wins_half_of_the_pot_and_the_odd_chip_goes_to_run_1() -> None:
    hand = all_in_before_the_runs()
    assert hand.pot == 13
    assert hand.can_run_twice()
    assert hand.run_twice_seats == (0, 1)
    assert hand.run_twice() == RunStarted(1)
    assert hand.current_run == 1
    assert [pot.amount for pot in hand.pots()] == [7]
    hand.run()
    assert hand.phase is Phase.OVER
    assert [(a.run, a.pot, a.seat, a.amount) for a in hand.awards] == [(1, 0, 0, 7), (2, 0, 1, 6)]
    assert hand.stacks == (7, 6, 49)
    assert sum(hand.stacks) == 62
    # Run 2 deals on from the stub after run 1's cards, to the hands as they were.
    assert run_cards(hand, 1) == ["5s", "6h", "7c", "8d", "Jd", "Td", "2h", "3h"]
    assert run_cards(hand, 2) == ["2s", "Kd", "4h", "5d", "7d", "8c", "9h", "Ts"]
    shown = [(event.seat, len(event.cards)) for event in hand.events if isinstance(event, Shown)]
    assert shown == [(0, 7), (1, 7), (0, 7), (1, 7)]
    kinds = [type(event).__name__ for event in hand.events]
    assert kinds.count("RunStarted") == 2
    assert kinds[-1] == "HandEnded"
    assert kinds.index("Awarded") < kinds.index("RunStarted", kinds.index("RunStarted") + 1)


def test_run_2_is_dealt_to_the_hands_as_they_stood_where_run_1_started() -> None:
    hand = all_in_before_the_runs()
    hand.run_twice()
    while not any(event == RunStarted(2) for event in hand.events):
        hand.step()
    assert [len(hand.cards(seat)) for seat in (0, 1)] == [3, 3]
    assert hand.pot == 6
    assert [pot.amount for pot in hand.pots()] == [6]
    assert hand.run_out_street == 1  # fourth street again, before its first card


def test_each_runs_wild_cards_follow_from_its_own_cards() -> None:
    # Follow the Queen heads-up: p1 Q♥ up, p2 7♦ follows (sevens wild). Run 1's fourth street
    # deals p1 the Q♣ and p2 the 5♦ (fives wild); run 2's deals 2♣ 3♣ (sevens stay wild).
    first = "Qc 5d  Kc 4d  Jc 5h  8s 8h"
    second = "2c 3c  Kh 4c  Jh 6h  8c 8d"
    deck = f"As 9c Ah 9d Qh 7d  {first}  {second}"
    hand = Hand("FTQ", [6, 6], RUNS, deck=stack_deck(deck))
    hand.run()
    hand.bet(5)
    hand.call()
    hand.run_twice()
    hand.run()
    changes: dict[int, list[str]] = {1: [], 2: []}
    run = 0
    for event in hand.events:
        if isinstance(event, RunStarted):
            run = event.run
        elif isinstance(event, WildsChanged) and run:
            changes[run].append(str(event.card))
    assert changes == {1: ["Qc", "5d"], 2: []}
    wild = [
        sorted(str(card) for card in event.wild)
        for event in hand.events
        if isinstance(event, Shown)
    ]
    # Run 1: fives wild, and p2 holds both; run 2: sevens still wild, p2's 7♦ among them.
    assert wild == [[], ["5d", "5h"], [], ["7d"]]
    assert sum(hand.stacks) == 12


def test_every_pot_is_halved_side_pots_too() -> None:
    # p1 is all in for 3, p2 for 6; p3 covers: a main pot of 9 and a side pot of 6.
    hand = Hand("F7S", [3, 6, 50], RUNS, deck=stack_deck(SPLIT_RUNS))
    hand.run()
    hand.check(2)
    hand.bet(2)  # all in, short of a full bet
    hand.act("complete", 5)
    hand.call()
    assert hand.stacks == (0, 0, 44)
    pots = [pot.amount for pot in hand.pots()]
    assert pots == [9, 6]
    assert hand.run_twice_seats == (0, 1, 2)
    hand.run_twice()
    assert [pot.amount for pot in hand.pots()] == [5, 3]
    hand.run()
    by_run: dict[tuple[int, int], int] = {}
    for award in hand.awards:
        by_run[award.run, award.pot] = by_run.get((award.run, award.pot), 0) + award.amount
    assert by_run == {(1, 0): 5, (1, 1): 3, (2, 0): 4, (2, 1): 3}
    assert sum(hand.stacks) == 59


def test_a_hand_is_run_twice_only_where_the_cards_still_to_come_start() -> None:
    hand = Hand("F7S", [6, 6, 50], RUNS, deck=stack_deck(SPLIT_RUNS))
    hand.run()
    with pytest.raises(RunTwiceError, match="once the hands all in are turned up"):
        hand.verify_run_twice()
    hand = all_in_before_the_runs()
    hand.step()  # fourth street's first card
    assert not hand.can_run_twice()
    assert hand.run_twice_seats == ()
    with pytest.raises(RunTwiceError, match="before the first of the cards still to come"):
        hand.run_twice()


def test_a_refusal_changes_nothing() -> None:
    hand = all_in_before_the_runs(options={**RUNS, "run_twice": False})
    before = observed(hand)
    with pytest.raises(RunTwiceError, match="house rule run_twice is off"):
        hand.run_twice()
    assert observed(hand) == before
    hand = all_in_before_the_runs()
    hand.run_twice()
    before = observed(hand)
    with pytest.raises(RunTwiceError, match="being run twice already"):
        hand.run_twice()
    assert observed(hand) == before


def test_no_hand_is_mucked_in_a_hand_run_twice() -> None:
    hand = all_in_before_the_runs()
    assert hand.can_muck(0)  # run once, a hand all in may be given up between streets
    hand.run_twice()
    with pytest.raises(IllegalActionError, match="run twice"):
        hand.muck(0)


def test_a_stub_too_short_for_two_runs_is_run_once() -> None:
    # Five players all in on third street: 15 cards out, 37 in the stub, 2 x 20 needed.
    hand = Hand("F7S", [6] * 5, RUNS, deck=Deck(seed=3))
    hand.run()
    while hand.phase is Phase.PLAYER:
        kinds = {option.kind for option in hand.legal_actions()}
        if ActionKind.BET in kinds:
            hand.bet(5)
        else:
            hand.call()
    with pytest.raises(RunTwiceError, match=r"the stub holds 37 card\(s\), and two runs need 40"):
        hand.run_twice()


def test_the_bitch_does_not_offer_it() -> None:
    with pytest.raises(OptionError, match="The Bitch has no option 'run_twice'"):
        Hand("BITCH", [6, 6], {"run_twice": True})


def test_no_queen_redeal_to_come_means_one_run() -> None:
    options = {**RUNS, "no_queen": "redeal-still-in"}
    hand = Hand("FTQ", [6, 6], options, deck=stack_deck("As 9c Ah 9d Kh 7d"))
    hand.run()
    hand.bet(5)
    hand.call()
    with pytest.raises(RunTwiceError, match="no queen has shown yet"):
        hand.run_twice()
    # A queen shown already: no redeal can come, the hand may be run twice.
    hand = Hand("FTQ", [6, 6], options, deck=stack_deck("As 9c Ah 9d Qh 7d"))
    hand.run()
    hand.bet(5)
    hand.call()
    assert hand.can_run_twice()


def test_a_payment_for_a_wild_card_to_come_means_one_run() -> None:
    options = {**RUNS, "pay_for_wild": 1}
    hand = Hand("FTQ", [6, 50], options, deck=stack_deck("As 9c Ah 9d Qh 7d"))
    hand.run()
    hand.bet(5)
    hand.call()
    with pytest.raises(RunTwiceError, match="pay_for_wild"):
        hand.run_twice()
    # Nobody has a chip behind (p2 paid 1 for its wild 7♦): nobody can pay, both runs play for
    # the same pot.
    hand = Hand("FTQ", [6, 7], options, deck=stack_deck("As 9c Ah 9d Qh 7d"))
    hand.run()
    hand.bet(5)
    hand.call()
    assert hand.can_run_twice()


def test_a_copy_runs_on_alone() -> None:
    hand = all_in_before_the_runs()
    hand.run_twice()
    twin = hand.copy()
    twin.run()
    assert hand.current_run == 1
    assert len(hand.cards(0)) == 3
    hand.run()
    assert hand.events == twin.events


# -- properties ----------------------------------------------------------------------------

GAMES = ("FTQ", "SMBU", "BD5", "BD7", "F7S")


def _press(hand: Hand) -> None:
    """The seat to act wagers the most it can, else calls (or checks): hands go all in."""
    options = hand.legal_actions()
    wagers = [
        o for o in options if o.kind in (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)
    ]
    if wagers:
        hand.act(wagers[0].kind, wagers[0].max_amount)
    elif any(o.kind is ActionKind.CALL for o in options):
        hand.call()
    else:
        hand.check()


def _played_alone(start: Hand, cards: list[Card]) -> Hand:
    """``start`` dealt ``cards`` in order, run once to its end."""
    alone = start.copy()
    given = iter(cards)
    while alone.phase is not Phase.OVER:
        chance = alone.chance()
        if chance is not None and chance.takes_card:
            alone.deal(next(given))
        else:
            alone.step()
    assert next(given, None) is None
    return alone


@settings(max_examples=60, deadline=None)
@given(
    code=st.sampled_from(GAMES),
    stacks=st.lists(st.integers(2, 14), min_size=2, max_size=4),
    seed=st.integers(0, 2**32 - 1),
    burn=st.booleans(),
)
def test_run_twice_properties(code: str, stacks: list[int], seed: int, burn: bool) -> None:
    options: dict[str, object] = {"all_in_turn_up": True, "run_twice": True, "ante": 1}
    if code not in ("BD5", "BD7"):
        options["bring_in"] = 0
    if burn:
        options["burn_cards"] = "each-street"
    hand = Hand(code, stacks, options, deck=Deck(seed=seed))
    while not hand.can_run_twice() and hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            _press(hand)
        else:
            hand.step()
    assume(hand.can_run_twice())
    start = hand.copy()
    pots = hand.pots()
    boundary = len(hand.events)
    hand.run_twice()
    hand.run()
    assert hand.phase is Phase.OVER
    # No chip made or lost; each run won exactly its half of each pot.
    assert sum(hand.stacks) == sum(stacks)
    for run in (1, 2):
        for index, pot in enumerate(pots):
            half = pot.amount - pot.amount // 2 if run == 1 else pot.amount // 2
            won = sum(a.amount for a in hand.awards if a.run == run and a.pot == index)
            assert won == half
    # No card dealt twice: not within a run, not across the runs, not one dealt before.
    before = {
        event.card
        for event in hand.events[:boundary]
        if isinstance(event, Dealt | Burned | CentreCard | CommunityCard)
    }
    firsts, seconds = _cards(hand, 1), _cards(hand, 2)
    assert len(set(firsts)) == len(firsts)
    assert len(set(seconds)) == len(seconds)
    assert not set(firsts) & set(seconds)
    assert not (set(firsts) | set(seconds)) & before
    # Each run's showdown is the showdown of that run dealt alone.
    for run, cards in ((1, firsts), (2, seconds)):
        alone = _played_alone(start, cards)
        assert _shown(hand, run) == [e for e in alone.events if isinstance(e, Shown)]
        assert {a.seat for a in hand.awards if a.run == run} <= {a.seat for a in alone.awards}


def _cards(hand: Hand, run: int) -> list[Card]:
    current, cards = 0, []
    for event in hand.events:
        if isinstance(event, RunStarted):
            current = event.run
        elif current == run and isinstance(event, Dealt | Burned | CentreCard | CommunityCard):
            assert event.card is not None
            cards.append(event.card)
    return cards


def _shown(hand: Hand, run: int) -> list[Shown]:
    current, shown = 0, []
    for event in hand.events:
        if isinstance(event, RunStarted):
            current = event.run
        elif current == run and isinstance(event, Shown):
            shown.append(event)
    return shown


def test_awarded_says_no_run_in_a_hand_run_once() -> None:
    hand = all_in_before_the_runs(options={**RUNS, "run_twice": False})
    hand.run()
    assert [award.run for award in hand.awards] == [0]
    assert isinstance(hand.awards[0], Awarded)


def test_every_hand_still_in_must_agree() -> None:
    hand = all_in_before_the_runs()
    waiting = [hand.to_agree_run_twice]
    with pytest.raises(RunTwiceError, match="p3 has no hand in this deal"):
        hand.agree_run_twice(2, True)
    assert hand.agree_run_twice(1, True) is None
    with pytest.raises(RunTwiceError, match="p2 has answered already"):
        hand.agree_run_twice(1, False)
    waiting.append(hand.to_agree_run_twice)
    assert hand.agree_run_twice(0, True) == RunStarted(1)
    assert hand.current_run == 1
    waiting.append(hand.to_agree_run_twice)
    assert waiting == [(0, 1), (0,), ()]  # who is still to answer, before and after each


def test_one_refusal_and_the_hand_is_run_once() -> None:
    hand = all_in_before_the_runs()
    hand.agree_run_twice(0, True)
    hand.agree_run_twice(1, False)
    assert hand.to_agree_run_twice == ()
    assert not hand.can_run_twice()
    with pytest.raises(RunTwiceError, match="p2 declined: this hand is run once"):
        hand.run_twice()
    hand.run()
    assert [(award.run, award.amount) for award in hand.awards] == [(0, 13)]


def test_a_bot_or_a_clock_declines() -> None:
    hand = all_in_before_the_runs()
    assert hand.auto_agree_run_twice() == (0,)  # the first refusal closes the offer
    assert hand.to_agree_run_twice == ()
    hand = all_in_before_the_runs()
    assert hand.auto_agree_run_twice([1]) == (1,)
    assert not hand.can_run_twice()
    hand = all_in_before_the_runs()
    assert hand.auto_agree_run_twice(agree=True) == (0, 1)
    assert hand.current_run == 1
