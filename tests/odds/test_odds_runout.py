"""The chances of hands turned up all in, as the table knows them: from public cards only."""

from __future__ import annotations

import random

import pytest

from wildstud.cards import DECK, Card
from wildstud.deal import Hand, Phase, Stage, TurnedUp
from wildstud.deal.decks import stack_deck
from wildstud.errors import SituationError
from wildstud.odds.equity import odds
from wildstud.odds.runout import RunOutCuts, public_hidden, public_odds, run_out_cuts
from wildstud.odds.situation import Situation

OPTIONS = {"all_in_turn_up": True, "bring_in": 0, "free_fold": True}


def three_handed(order: list[Card]) -> Hand:
    """Follow the Queen for three: p3 folds on third street, p1 and p2 get all in."""
    hand = Hand("FTQ", [6, 6, 50], OPTIONS, deck=stack_deck(order))
    hand.run()
    while hand.phase is Phase.PLAYER:
        seat = hand.to_act
        if seat == 2:
            hand.fold()
        elif any(option.kind.value == "bet" for option in hand.legal_actions()):
            hand.bet(5)
        else:
            hand.call()
    assert any(isinstance(event, TurnedUp) for event in hand.events)
    return hand


def shares(hand: Hand) -> list[tuple[int, float]]:
    return [(seat.seat, seat.equity) for seat in public_odds(hand.rules, 3, hand.events).seats]


@pytest.mark.parametrize("seed", range(5))
def test_the_odds_are_the_same_whatever_the_folded_hand_and_the_stub_hold(seed: int) -> None:
    order = list(DECK)
    random.Random(seed).shuffle(order)
    # p3's two hole cards (dealt third and sixth) traded for two cards deep in the stub: the
    # public cards are the same, only what nobody sees differs.
    other = order.copy()
    other[2], other[50] = other[50], other[2]
    other[5], other[51] = other[51], other[5]
    first, second = three_handed(order), three_handed(other)
    assert public_hidden(first.events) != public_hidden(second.events)
    assert shares(first) == shares(second)
    # The odds engine told what p3 held would answer differently: the test can tell a leak.
    told = [Situation.from_events(hand.rules, 3, hand.events, None, ()) for hand in (first, second)]
    assert [s.equity for s in odds(told[0], deals=4096).seats] != [
        s.equity for s in odds(told[1], deals=4096).seats
    ]


def test_every_street_of_the_run_out_has_its_odds_and_the_last_is_the_result() -> None:
    order = list(DECK)
    random.Random(7).shuffle(order)
    hand = three_handed(order)
    figures = [public_odds(hand.rules, 3, hand.events)]
    showdown = False
    while hand.phase is not Phase.OVER and not showdown:
        before = hand.street_name
        hand.step()
        showdown = hand.stage is Stage.SHOWDOWN
        if hand.street_name != before or showdown:
            figures.append(public_odds(hand.rules, 3, hand.events))
    last = figures[-1]
    assert last.situation.complete
    assert sorted(round(seat.equity, 6) for seat in last.seats) in ([0.0, 1.0], [0.5, 0.5])
    assert all(len(item.seats) == 2 for item in figures)  # p3 folded: only the hands in


def test_a_deal_stopped_by_the_queen_of_spades_has_no_odds() -> None:
    hand = Hand("BITCH", [6, 6], OPTIONS, deck=stack_deck("2c 3c 4c 5c 6c Qs"))
    hand.step()
    while hand.redeal_pending is None:
        hand.step()
    with pytest.raises(SituationError):
        public_odds(hand.rules, 2, hand.events)


@pytest.mark.parametrize("seed", range(3))
def test_the_cuts_read_as_the_events_come_are_those_of_the_whole_hand(seed: int) -> None:
    order = list(DECK)
    random.Random(seed).shuffle(order)
    hand = three_handed(order)
    hand.run()  # the run-out to the end
    events = hand.events
    cuts = RunOutCuts()
    for end in range(len(events) + 1):  # as a table asks, at every change of the hand
        assert cuts.read(events[:end]) == run_out_cuts(events[:end])
    assert len(run_out_cuts(events)) >= 2  # turned up, then a street of the run-out
    # Events that do not go on from those read (fewer of them) are read from the start.
    assert cuts.read(events[:3]) == run_out_cuts(events[:3])
    assert cuts.read(events) == run_out_cuts(events)
