"""The dealer's steps after the betting as a pure function
(:func:`wildstud.server.table.endgame.dealer_steps`): of the hand, the run-out's pause, ``now``
and whether a private deal's cards wait, with no table and no clock; an all-in run-out waits
the pause before each street, and the hand it is given is the only thing it changes."""

from __future__ import annotations

from wildstud.betting import ActionKind
from wildstud.deal import Hand, Phase
from wildstud.server.replay import DeckBook, start_hand
from wildstud.server.store import HandSetup
from wildstud.server.table.endgame import dealer_steps
from wildstud.server.table.live import LiveHand

# Both all in at once, their hands turned up: the rest of the hand is a run-out.
SETUP = HandSetup(1, 0, "FTQ", {"all_in_turn_up": True}, (0, 1), ("ann", "bo"), 0, (5, 5))
AGGRESSIVE = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE, ActionKind.CALL)


def _both_all_in_turned_up() -> tuple[LiveHand, Hand]:
    """The hand as its last call leaves it (the dealer's to step on), and its value before."""
    book = DeckBook()
    live = LiveHand(SETUP, book, start_hand(SETUP, book, to_redeal=True, hold_showdown=True), 0)
    hand = live.hand.copy()
    while hand.to_act is not None:
        kinds = {option.kind for option in hand.legal_actions()}
        hand.act(next(kind for kind in (*AGGRESSIVE, ActionKind.BRING_IN) if kind in kinds))
    return live, hand


def test_a_run_out_waits_the_pause_before_each_street_from_the_now_it_is_given() -> None:
    live, hand = _both_all_in_turned_up()
    events = len(hand.events)
    paused = dealer_steps(live, hand, 2.0, 100.0)
    street = hand.run_out_street
    assert street is not None
    assert (paused.run_out_stop, paused.run_out_due) == ((1, 0, street), 102.0)
    assert len(hand.events) == events  # nothing dealt yet
    assert (live.run_out_stop, live.run_out_due) == (None, 0.0)  # the value given, as it was
    assert dealer_steps(paused, hand, 2.0, 101.9) is paused  # not yet
    assert len(hand.events) == events
    later = dealer_steps(paused, hand, 2.0, 102.0)  # due: the street is dealt, then the next
    assert hand.run_out_street == street + 1
    assert (later.run_out_stop, later.run_out_due) == ((1, 0, street + 1), 104.0)
    assert len(hand.events) > events


def test_without_a_pause_the_run_out_is_dealt_to_the_end_and_a_private_wait_holds_it() -> None:
    live, hand = _both_all_in_turned_up()
    held = dealer_steps(live, hand, 0.0, 100.0, waits=lambda _hand: True)
    assert held is live
    assert hand.run_out_street is not None  # a private deal's cards not opened: no step
    assert dealer_steps(live, hand, 0.0, 100.0) is live
    assert hand.phase is Phase.OVER
