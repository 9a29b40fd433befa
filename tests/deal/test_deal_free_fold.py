"""House rule ``free_fold``: a fold when checking is free is offered and taken only under it.

Off (the library's default) such a fold is refused, as Robert's Rules would have the player
check; on (the server's tables) the fold stands beside the check among the legal actions and
``act``, ``verify_act`` and ``can_act`` take it with no flag of their own.
"""

from __future__ import annotations

import pytest

from wildstud.betting import ActionKind
from wildstud.deal import Hand, Phase, stack_deck
from wildstud.errors import IllegalActionError
from wildstud.games import find_game
from wildstud.history import judge, read_record, record_from_hand, write_record


def _at_a_free_check(free_fold: bool) -> Hand:
    """Heads-up Follow the Queen with p2 bringing in and p1 calling: on fourth street p1 may
    check for nothing."""
    rules = find_game("FTQ").rules({"free_fold": free_fold})
    hand = Hand(rules, [100, 100], deck=stack_deck("As Ks Ah Kh 9c 3c 2d 5d 7h 8s Td Jc 4s 6h"))
    hand.run()
    hand.act("bring-in")
    hand.act("call")
    hand.run()
    assert hand.phase is Phase.PLAYER
    assert hand.to_act == 0
    return hand


def _kinds(hand: Hand) -> list[ActionKind]:
    return [option.kind for option in hand.legal_actions()]


def test_without_the_rule_a_fold_when_checking_is_free_is_neither_offered_nor_taken() -> None:
    hand = _at_a_free_check(free_fold=False)
    assert _kinds(hand) == [ActionKind.CHECK, ActionKind.BET]
    assert not hand.can_act("fold")
    with pytest.raises(IllegalActionError, match="p1 cannot fold: nothing to call"):
        hand.act("fold")
    assert _kinds(hand) == [ActionKind.CHECK, ActionKind.BET]  # nothing changed


def test_with_the_rule_the_fold_is_offered_beside_the_check_and_taken() -> None:
    hand = _at_a_free_check(free_fold=True)
    assert _kinds(hand) == [ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET]
    assert hand.can_act("fold")
    hand.verify_act("fold", seat=0)
    hand.act("fold", seat=0)
    hand.run()
    assert hand.phase is Phase.OVER
    assert hand.stacks == (97, 103)


def test_a_fold_facing_a_bet_is_offered_once_under_the_rule() -> None:
    hand = _at_a_free_check(free_fold=True)
    hand.act("bet")
    assert _kinds(hand) == [ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE]


def test_the_flag_still_lets_a_free_fold_stand_without_the_rule() -> None:
    hand = _at_a_free_check(free_fold=False)
    hand.act("fold", free_fold=True)
    hand.run()
    assert hand.stacks == (97, 103)


def test_a_record_of_a_free_fold_under_the_rule_is_judged_strictly() -> None:
    hand = _at_a_free_check(free_fold=True)
    hand.act("fold")
    hand.run()
    text = write_record(record_from_hand(hand, reveal="all"))
    assert "free_fold = true" in text
    ruling = judge(read_record(text))
    assert ruling.stacks == (97, 103)
    assert ruling.warnings == ()
