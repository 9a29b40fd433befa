"""Stud betting rounds: bring-in, completion, raise caps, short all-ins and the four structures."""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wildstud.betting import (
    ActionKind,
    ActionOption,
    BettingRound,
    CompletionReraise,
    Limit,
    ShortAllIn,
    Stakes,
)
from wildstud.betting.sizing import window
from wildstud.errors import BettingSetupError, IllegalActionError, OptionError, WildstudError

FIXED = Stakes()
SPREAD = Stakes(limit=Limit.SPREAD)
POT = Stakes(limit=Limit.POT)
NO_LIMIT = Stakes(limit=Limit.NO, bring_in=0, small_bet=100, big_bet=100)
WHOLE_COMPLETION = CompletionReraise.WHOLE_COMPLETION
TWENTY = Stakes(ante=0, bring_in=5, small_bet=10, big_bet=20)

Step = tuple[str, int | None]


def make(
    stakes: Stakes = FIXED,
    stacks: Mapping[int, int] | Sequence[int] = (100, 100, 100),
    *,
    order: Sequence[int] | None = None,
    street: int = 1,
    big_bet: bool = False,
    bring_in: bool = False,
    open_pair: bool = False,
    pot: int = 0,
) -> BettingRound:
    """A round with the given stacks (a list means seats 0, 1, 2, ... acting in that order)."""
    chips = dict(stacks) if isinstance(stacks, Mapping) else dict(enumerate(stacks))
    return BettingRound(
        stakes,
        order=list(chips) if order is None else order,
        stacks=chips,
        street_index=street,
        big_bet=big_bet,
        bring_in=bring_in,
        open_pair=open_pair,
        pot=pot,
    )


def play(rnd: BettingRound, script: Sequence[Step]) -> list[int]:
    """Apply each step; return the to-amounts the actions reached."""
    return [rnd.apply(kind, amount).to_amount for kind, amount in script]


def shown(rnd: BettingRound) -> list[str]:
    return [str(option) for option in rnd.options()]


def snapshot(rnd: BettingRound) -> tuple[Any, ...]:
    return tuple(copy.deepcopy(getattr(rnd, name)) for name in BettingRound.__slots__)


def steps(*kinds: str) -> list[Step]:
    return [(kind, None) for kind in kinds]


THIRD: dict[str, Any] = {"street": 0, "bring_in": True}

# id, setup keywords, script, the options of the seat to act afterwards, the seat to act
SCENARIOS: list[tuple[str, dict[str, Any], list[Step], list[str], int | None]] = [
    (
        "bring-in seat may bring in or complete",
        {**THIRD, "stacks": [100, 100, 100, 100]},
        [],
        ["bring-in to 2", "complete to 5"],
        0,
    ),
    (
        "after the bring-in: fold, call it or complete",
        {**THIRD, "stacks": [100, 100, 100, 100]},
        steps("bring-in"),
        ["fold", "call to 2", "complete to 5"],
        1,
    ),
    (
        "bring-in, complete, then raises up to a bet and three raises",
        {**THIRD, "stacks": [100, 100, 100, 100]},
        steps("bring-in", "complete", "raise", "raise", "raise"),
        ["fold", "call to 20"],
        1,
    ),
    (
        "the bring-in seat may complete at once",
        THIRD,
        steps("complete"),
        ["fold", "call to 5", "raise to 10"],
        1,
    ),
    (
        "a bring-in short of chips is all in",
        {**THIRD, "stacks": [1, 100, 100]},
        steps("bring-in"),
        ["fold", "call to 1", "complete to 5"],
        1,
    ),
    (
        "a stack between bring-in and bet completes all in",
        {**THIRD, "stacks": [4, 100, 100]},
        [],
        ["bring-in to 2", "complete to 4"],
        0,
    ),
    (
        "no bring-in stake: the first seat may check",
        {**THIRD, "stakes": Stakes(bring_in=0)},
        [],
        ["check", "bet to 5"],
        0,
    ),
    (
        "no bring-in when the first seat is already all in",
        {**THIRD, "stacks": [0, 100, 100]},
        [],
        ["check", "bet to 5"],
        1,
    ),
    (
        "heads-up the cap is lifted",
        {**THIRD, "stacks": [100, 100]},
        steps("bring-in", "complete", "raise", "raise", "raise", "raise", "raise"),
        ["fold", "call to 30", "raise to 35"],
        1,
    ),
    (
        "a fold to heads-up before the cap lifts it",
        {},
        steps("bet", "raise", "fold", "raise", "raise", "raise"),
        ["fold", "call to 25", "raise to 30"],
        1,
    ),
    (
        "a fold to heads-up after the cap leaves it capped",
        {},
        steps("bet", "raise", "raise", "raise", "fold"),
        ["fold", "call to 20"],
        2,
    ),
    (
        "an all-in seat does not count: two players able to bet are never capped",
        {"stacks": [100, 100, 0]},
        steps("bet", "raise", "raise", "raise"),
        ["fold", "call to 20", "raise to 25"],
        0,
    ),
    (
        "no cap at all with raise_cap None",
        {"stakes": Stakes(raise_cap=None)},
        steps("bet", "raise", "raise", "raise", "raise", "raise"),
        ["fold", "call to 30", "raise to 35"],
        0,
    ),
    (
        "raise_cap 1: a bet and one raise",
        {"stakes": Stakes(raise_cap=1)},
        steps("bet", "raise"),
        ["fold", "call to 10"],
        2,
    ),
    (
        "open pair on fourth street: small or big bet",
        {"open_pair": True},
        [],
        ["check", "bet to 5 or 10"],
        0,
    ),
    (
        "open pair: a small bet may be raised small or big",
        {"open_pair": True},
        [("bet", 5)],
        ["fold", "call to 5", "raise to 10 or 15"],
        1,
    ),
    (
        "open pair: once the big bet is made raises are big",
        {"open_pair": True},
        [("bet", 10)],
        ["fold", "call to 10", "raise to 20"],
        1,
    ),
    (
        "open pair: a big raise makes later raises big",
        {"open_pair": True},
        [("bet", 5), ("raise", 15)],
        ["fold", "call to 15", "raise to 25"],
        2,
    ),
    (
        "fifth street on, bets are big",
        {"street": 2, "big_bet": True},
        [],
        ["check", "bet to 10"],
        0,
    ),
    (
        "a call for more than the stack is all in for the stack",
        {"stacks": [100, 3, 100]},
        steps("bet"),
        ["fold", "call to 3"],
        1,
    ),
    (
        "seats with nothing behind are skipped",
        {"stacks": [100, 0, 100]},
        steps("bet"),
        ["fold", "call to 5", "raise to 10"],
        2,
    ),
    (
        "all-in under half a bet: a seat yet to act may complete the raise",
        {"stacks": [100, 7, 100]},
        [("bet", None), ("raise", 7)],
        ["fold", "call to 7", "raise to 10"],
        2,
    ),
    (
        "all-in under half a bet does not reopen the betting",
        {"stacks": [100, 7, 100]},
        [("bet", None), ("raise", 7), ("call", None)],
        ["fold", "call to 7"],
        0,
    ),
    (
        "all-in of half a bet counts as a full raise",
        {"stacks": [100, 8, 100]},
        [("bet", None), ("raise", 8), ("call", None)],
        ["fold", "call to 8", "raise to 13"],
        0,
    ),
    (
        "a 15 all-in on a 20 round is raised to 35",
        {"stakes": TWENTY, "stacks": [15, 100, 100], "street": 2, "big_bet": True},
        [("bet", 15)],
        ["fold", "call to 15", "raise to 35"],
        1,
    ),
    (
        "all-in bet under half a bet: call it or complete it",
        {"stacks": [100, 2, 100]},
        [("check", None), ("bet", 2)],
        ["fold", "call to 2", "complete to 5"],
        2,
    ),
    (
        "all-in bet under half a bet does not reopen for the checker",
        {"stacks": [100, 2, 100]},
        [("check", None), ("bet", 2), ("call", None)],
        ["fold", "call to 2"],
        0,
    ),
    (
        "short all-ins that add up to half a bet reopen",
        {"stacks": [100, 7, 100, 9]},
        [("bet", None), ("raise", 7), ("call", None), ("raise", 9)],
        ["fold", "call to 9", "raise to 14"],
        0,
    ),
    (
        "short all-ins that add up: not for a seat that faced only part",
        {"stacks": [100, 7, 100, 9]},
        [("bet", None), ("raise", 7), ("call", None), ("raise", 9), ("call", None)],
        ["fold", "call to 9"],
        2,
    ),
    (
        "nobody raises when every other player is all in",
        {"stacks": [3, 100]},
        [("bet", 3)],
        ["fold", "call to 3"],
        1,
    ),
    (
        "nobody raises when the others can at most call the bet (pokerkit agrees)",
        {"stacks": [5, 100, 4]},
        [("bet", 5)],
        ["fold", "call to 5"],
        1,
    ),
    (
        "a raise is offered while one other player could answer it",
        {"stacks": [5, 100, 6]},
        [("bet", 5)],
        ["fold", "call to 5", "raise to 10"],
        1,
    ),
    (
        "pot limit: the first bet is at most the pot",
        {"stakes": POT, "pot": 30, "street": 2, "stacks": [500, 500, 500]},
        [],
        ["check", "bet to 5..30"],
        0,
    ),
    (
        "pot limit: a raise is at most the pot after the call",
        {"stakes": POT, "pot": 30, "street": 2, "stacks": [500, 500, 500]},
        [("bet", 30)],
        ["fold", "call to 30", "raise to 60..120"],
        1,
    ),
    (
        "pot limit: completing the bring-in",
        {**THIRD, "stakes": POT, "pot": 3, "stacks": [500, 500, 500]},
        steps("bring-in"),
        ["fold", "call to 2", "complete to 5..9"],
        1,
    ),
    (
        "pot limit: a raise after a completion adds what it added over the bring-in",
        {**THIRD, "stakes": POT, "pot": 3, "stacks": [500, 500, 500]},
        [("bring-in", None), ("complete", 9)],
        ["fold", "call to 9", "raise to 16..32"],
        2,
    ),
    (
        "pot limit, whole-completion: a raise after a completion adds the whole of it",
        {
            **THIRD,
            "stakes": Stakes(limit=Limit.POT, completion_reraise=WHOLE_COMPLETION),
            "pot": 3,
            "stacks": [500, 500, 500],
        },
        [("bring-in", None), ("complete", 9)],
        ["fold", "call to 9", "raise to 18..32"],
        2,
    ),
    (
        "pot limit: an empty pot still allows the minimum bet",
        {"stakes": POT, "pot": 0},
        [],
        ["check", "bet to 5"],
        0,
    ),
    (
        "pot limit: the stack caps the raise",
        {"stakes": POT, "pot": 30, "stacks": [500, 70, 500]},
        [("bet", 30)],
        ["fold", "call to 30", "raise to 60..70"],
        1,
    ),
    (
        "no limit: a bet is at least the minimum, at most the stack",
        {"stakes": NO_LIMIT, "stacks": [1000, 1000, 1000]},
        [],
        ["check", "bet to 100..1000"],
        0,
    ),
    (
        "no limit: a stack under the minimum bet bets all in",
        {"stakes": NO_LIMIT, "stacks": [60, 1000, 1000]},
        [],
        ["check", "bet to 60"],
        0,
    ),
    (
        "no limit: over a short all-in bet the raise adds a minimum bet",
        {"stakes": NO_LIMIT, "stacks": [60, 1000, 1000]},
        [("bet", 60)],
        ["fold", "call to 60", "complete to 160..1000"],
        1,
    ),
    (
        "no limit: after a short all-in the minimum raise is the last full raise",
        {"stakes": NO_LIMIT, "stacks": [1000, 140, 1000]},
        [("bet", 100), ("raise", 140)],
        ["fold", "call to 140", "raise to 240..1000"],
        2,
    ),
    (
        "no limit: the min raise follows the last full raise",
        {"stakes": NO_LIMIT, "stacks": [1000, 1000, 1000]},
        [("bet", 100), ("raise", 400)],
        ["fold", "call to 400", "raise to 700..1000"],
        2,
    ),
    (
        "no limit: a seat raised fully before a short all-in may raise",
        {"stakes": NO_LIMIT, "stacks": [1000, 1000, 250]},
        [("bet", 100), ("raise", 200), ("raise", 250)],
        ["fold", "call to 250", "raise to 350..1000"],
        0,
    ),
    (
        "no limit: a short all-in does not reopen for the last full raiser",
        {"stakes": NO_LIMIT, "stacks": [1000, 1000, 250]},
        [("bet", 100), ("raise", 200), ("raise", 250), ("call", None)],
        ["fold", "call to 250"],
        1,
    ),
    (
        "no limit has no raise cap",
        {"stakes": Stakes(limit=Limit.NO), "stacks": [1000, 1000, 1000]},
        [("bet", 5), ("raise", 10), ("raise", 15), ("raise", 20), ("raise", 25)],
        ["fold", "call to 25", "raise to 30..1000"],
        2,
    ),
    (
        "spread limit: bets from the least to the most",
        {"stakes": SPREAD},
        [],
        ["check", "bet to 5..10"],
        0,
    ),
    (
        "spread limit: a raise is at least the last bet",
        {"stakes": SPREAD},
        [("bet", 7)],
        ["fold", "call to 7", "raise to 14..17"],
        1,
    ),
    (
        "spread limit: a raise of the most sets the next raise",
        {"stakes": SPREAD},
        [("bet", 7), ("raise", 17)],
        ["fold", "call to 17", "raise to 27"],
        2,
    ),
    (
        "spread limit: a raise over a short all-in completes the last bet",
        {"stakes": SPREAD, "stacks": [100, 11, 100]},
        [("bet", 8), ("raise", 11)],
        ["fold", "call to 11", "raise to 16..18"],
        2,
    ),
    (
        "spread limit is capped like fixed limit",
        {"stakes": SPREAD},
        [("bet", 5), ("raise", 10), ("raise", 15), ("raise", 20)],
        ["fold", "call to 20"],
        1,
    ),
]


@pytest.mark.parametrize(
    ("setup", "script", "options", "to_act"),
    [pytest.param(*row[1:], id=row[0]) for row in SCENARIOS],
)
def test_scenario_options(
    setup: dict[str, Any], script: list[Step], options: list[str], to_act: int | None
) -> None:
    rnd = make(**setup)
    play(rnd, script)
    assert rnd.to_act == to_act
    assert shown(rnd) == options
    for option in rnd.options():
        assert rnd.can(option.kind, option.min_amount)
        assert rnd.can(option.kind, option.max_amount)


# id, setup keywords, script, whether the round is over, the street totals at the end
ENDINGS: list[tuple[str, dict[str, Any], list[Step], dict[int, int]]] = [
    ("everyone calls the bring-in: no option", THIRD, steps("bring-in", "call", "call"),
     {0: 2, 1: 2, 2: 2}),
    ("fold-around after the bring-in", THIRD, steps("bring-in", "fold", "fold"),
     {0: 2, 1: 0, 2: 0}),
    ("fold-around after a bet", {}, steps("bet", "fold", "fold"), {0: 5, 1: 0, 2: 0}),
    ("checks around", {}, steps("check", "check", "check"), {0: 0, 1: 0, 2: 0}),
    ("check, bet and calls", {}, steps("check", "bet", "call", "call"), {0: 5, 1: 5, 2: 5}),
    ("the completion is called around", THIRD, steps("bring-in", "complete", "call", "call"),
     {0: 5, 1: 5, 2: 5}),
    ("capped and called", {}, steps("bet", "raise", "raise", "raise", "call", "call"),
     {0: 20, 1: 20, 2: 20}),
    ("a short all-in call ends it", {"stacks": [100, 100, 3]}, steps("bet", "call", "call"),
     {0: 5, 1: 5, 2: 3}),
    ("under-half all-in, then calls", {"stacks": [100, 7, 100]},
     [("bet", None), ("raise", 7), ("call", None), ("call", None)], {0: 7, 1: 7, 2: 7}),
    ("one seat with chips and nothing owed", {"stacks": [100, 0, 0]}, [], {0: 0, 1: 0, 2: 0}),
    ("a lone seat", {"stacks": [100]}, [], {0: 0}),
    ("the last seat with chips calls the all-in", {"stacks": [3, 100]},
     [("bet", 3), ("call", None)], {0: 3, 1: 3}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("setup", "script", "committed"), [pytest.param(*row[1:], id=row[0]) for row in ENDINGS]
)
def test_round_endings(
    setup: dict[str, Any], script: list[Step], committed: dict[int, int]
) -> None:
    rnd = make(**setup)
    play(rnd, script)
    assert rnd.done
    assert rnd.to_act is None
    assert rnd.options() == ()
    assert dict(rnd.committed) == committed
    with pytest.raises(IllegalActionError, match="the betting round is over"):
        rnd.verify(ActionKind.CHECK)


def test_the_round_is_not_over_before_the_last_call() -> None:
    rnd = make(**THIRD)
    play(rnd, steps("bring-in", "complete", "call"))
    assert not rnd.done
    assert rnd.to_act == 0  # the bring-in seat, facing the completion


# id, setup keywords, script, the action tried, the message it is refused with
REFUSALS: list[tuple[str, dict[str, Any], list[Step], tuple[str, Any], str]] = [
    ("check facing a bet", {}, steps("bet", "call"), ("check", None), "p3 cannot check: 5 to call"),
    ("raise of the wrong size", {}, steps("bet", "raise"), ("raise", 12),
     "raise to 12 is not allowed: raises are in 5s, to 15"),
    ("bet of the wrong size", {}, [], ("bet", 7), "bet to 7 is not allowed: bets are in 5s, to 5"),
    ("raise past the cap", {}, steps("bet", "raise", "raise", "raise"), ("raise", None),
     "p2 cannot raise: the betting is capped at a bet and three raises"),
    ("raise past a cap of one", {"stakes": Stakes(raise_cap=1)}, steps("bet", "raise"),
     ("raise", None), "the betting is capped at a bet and one raise"),
    ("raise past a cap of none", {"stakes": Stakes(raise_cap=0)}, steps("bet"), ("raise", None),
     "the betting is capped at a single bet"),
    ("raise after a short all-in", {"stacks": [100, 7, 100]},
     [("bet", None), ("raise", 7), ("call", None)], ("raise", 10),
     "p1 cannot raise: the betting was not reopened since p1 acted"),
    ("the bring-in seat may not fold", THIRD, [], ("fold", None),
     "p1 cannot fold: p1 must bring in for 2 or complete to 5"),
    ("the bring-in seat may not check", THIRD, [], ("check", None), "p1 must bring in for 2"),
    ("the bring-in is a fixed amount", THIRD, [], ("bring-in", 3), "p1 brings in for 2, not 3"),
    ("completion is to the bet", THIRD, [], ("complete", 6),
     "complete to 6 is not allowed: completions are in 5s, to 5"),
    ("no bet over the bring-in", THIRD, steps("bring-in"), ("bet", 5),
     "p2 cannot bet: only 2 is in, short of a full bet"),
    ("no raise of the bring-in", THIRD, steps("bring-in"), ("raise", 5),
     "p2 cannot raise: only 2 is in, short of a full bet"),
    ("no check over the bring-in", THIRD, steps("bring-in"), ("check", None),
     "p2 cannot check: 2 to call"),
    ("only one bring-in", THIRD, steps("bring-in"), ("bring-in", None),
     "p2 cannot bring in: it is already in"),
    ("no bring-in on a later street", {}, [], ("bring-in", None),
     "p1 cannot bring in: there is none on this round"),
    ("no raise without a bet", {}, [], ("raise", 10), "p1 cannot raise: there is no bet yet"),
    ("no completion without a bet", {}, [], ("complete", 5),
     "p1 cannot complete: there is no bet yet"),
    ("no call without a bet", {}, [], ("call", None), "p1 cannot call: nothing to call"),
    ("no fold without a bet", {}, [], ("fold", None), "p1 cannot fold: nothing to call"),
    ("no second bet", {}, steps("bet"), ("bet", 5),
     "p2 cannot bet: there is already a bet of 5 \\(call or raise\\)"),
    ("no completion of a full bet", {}, steps("bet"), ("complete", 10),
     "p2 cannot complete: there is already a bet of 5"),
    ("a call is to the bet", {}, steps("bet"), ("call", 4),
     "p2 cannot call to 4: the call is to 5"),
    ("an all-in call is to the stack", {"stacks": [100, 3]}, steps("bet"), ("call", 5),
     "p2 cannot call to 5: the call is to 3 \\(all in\\)"),
    ("a check takes no chips", {}, [], ("check", 5), "p1 cannot check for 5: it takes no chips"),
    ("a fold takes no chips", {}, steps("bet"), ("fold", 5), "p2 cannot fold for 5"),
    ("amounts are whole chips", {}, [], ("bet", 2.5), "not an amount of chips: 2.5"),
    ("a bool is not an amount", {}, [], ("bet", True), "not an amount of chips: True"),
    ("unknown action", {}, [], ("shove", None), "not an action: 'shove'"),
    ("no raise with only the call behind", {"stacks": [100, 5, 100]}, steps("bet"), ("raise", 10),
     "p2 cannot raise: only 5 behind and 5 to call"),
    ("no raise against all-in players", {"stacks": [3, 100]}, [("bet", 3)], ("raise", 8),
     "p2 cannot raise: every other player is all in"),
    ("no raise that only calls can answer", {"stacks": [5, 100, 4]}, [("bet", 5)],
     ("raise", 10),
     "p2 cannot raise: no other player has more than the 5 already bet, so nobody could answer"),
    ("big bets on big streets", {"big_bet": True}, [], ("bet", 5),
     "bet to 5 is not allowed: bets are in 10s, to 10"),
    ("open pair: the sizes, nothing between", {"open_pair": True}, [], ("bet", 7),
     "bet to 7 is not allowed: bets are in 5s or 10s, to 5 or 10"),
    ("open pair: raises are big after the big bet", {"open_pair": True}, [("bet", 10)],
     ("raise", 15), "raise to 15 is not allowed: raises are in 10s, to 20"),
    ("spread: the amount must be said", {"stakes": SPREAD}, [], ("bet", None),
     "p1 must say how much to bet: bets go from 5 to 10"),
    ("spread: not over the most", {"stakes": SPREAD}, [], ("bet", 11),
     "bet to 11 is not allowed: bets go from 5 to 10"),
    ("spread: a raise at least the last bet", {"stakes": SPREAD}, [("bet", 7)], ("raise", 13),
     "raise to 13 is not allowed: raises go from 14 to 17"),
    ("pot limit: not over the pot", {"stakes": POT, "pot": 30}, [], ("bet", 31),
     "bet to 31 is not allowed: bets go from 5 to 30 \\(the pot limit\\)"),
    ("pot limit: not under the minimum", {"stakes": POT, "pot": 30}, [], ("bet", 4),
     "bet to 4 is not allowed: bets go from 5 to 30"),
    ("no limit: not under the minimum bet", {"stakes": NO_LIMIT, "stacks": [1000, 1000]}, [],
     ("bet", 50), "bet to 50 is not allowed: bets go from 100 to 1000"),
    ("no limit: a raise over a short all-in", {"stakes": NO_LIMIT, "stacks": [1000, 140, 1000]},
     [("bet", 100), ("raise", 140)], ("raise", 239),
     "raise to 239 is not allowed: raises go from 240 to 1000"),
    ("no limit: not over the stack", {"stakes": NO_LIMIT, "stacks": [1000, 1000]}, [],
     ("bet", 1001), "bet to 1001 is not allowed"),
    ("a short stack raises all in or not at all", {"stacks": [100, 8, 100]}, steps("bet"),
     ("raise", 7), "raise to 7 is not allowed: raises can only be all in, to 8"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("setup", "script", "action", "message"),
    [pytest.param(*row[1:], id=row[0]) for row in REFUSALS],
)
def test_illegal_actions_are_refused_with_a_reason(
    setup: dict[str, Any], script: list[Step], action: tuple[str, Any], message: str
) -> None:
    rnd = make(**setup)
    play(rnd, script)
    before = snapshot(rnd)
    kind, amount = action
    assert not rnd.can(kind, amount)
    with pytest.raises(IllegalActionError, match=message):
        rnd.verify(kind, amount)
    with pytest.raises(IllegalActionError, match=message):
        rnd.apply(kind, amount)
    assert snapshot(rnd) == before


def test_applied_reports_short_and_full_all_ins() -> None:
    short = make(stacks=[100, 7, 100])
    short.apply("bet")
    under = short.apply("raise", 7)
    assert (under.seat, under.kind, under.to_amount, under.added) == (1, ActionKind.RAISE, 7, 7)
    assert under.all_in
    assert not under.reopened
    half = make(stacks=[100, 8, 100])
    half.apply("bet")
    over = half.apply("raise", 8)
    assert over.all_in
    assert over.reopened


def test_applied_for_folds_checks_and_calls() -> None:
    rnd = make(stacks=[100, 100, 3])
    check = rnd.apply("check")
    assert (check.kind, check.to_amount, check.added, check.all_in) == ("check", 0, 0, False)
    bet = rnd.apply("bet")
    assert (bet.to_amount, bet.added, bet.reopened) == (5, 5, True)
    fold = rnd.apply("fold")
    assert (fold.seat, fold.to_amount, fold.added) == (2, 0, 0)
    call = rnd.apply("call")
    assert (call.seat, call.to_amount, call.added, call.all_in) == (0, 5, 5, False)
    assert rnd.history == (check, bet, fold, call)


def test_the_bring_in_seat_may_reraise_after_the_completion() -> None:
    rnd = make(**THIRD)
    play(rnd, steps("bring-in", "complete", "call"))
    assert shown(rnd) == ["fold", "call to 5", "raise to 10"]
    assert rnd.apply("raise").added == 8


def test_state_views() -> None:
    rnd = make(stacks={4: 100, 6: 2, 1: 100}, order=[6, 1, 4], pot=9)
    assert (rnd.order, rnd.pot, rnd.street_index, rnd.stakes) == ((6, 1, 4), 9, 1, FIXED)
    rnd.apply("bet", 2)  # seat 6 is all in for less than a bet
    assert (rnd.to_act, rnd.to_call, rnd.bet) == (1, 2, 2)
    assert rnd.all_in == frozenset({6})
    rnd.apply("fold")
    assert rnd.folded == frozenset({1})
    assert rnd.live() == (6, 4)
    assert dict(rnd.stacks) == {6: 0, 1: 100, 4: 100}
    assert rnd.committed == {6: 2, 1: 0, 4: 0}
    assert "BettingRound" in repr(rnd)


def test_views_are_copies() -> None:
    rnd = make()
    stacks = rnd.stacks
    assert isinstance(stacks, dict)
    stacks[0] = 0
    assert rnd.stacks[0] == 100


def test_extra_stacks_are_ignored() -> None:
    rnd = BettingRound(
        FIXED,
        order=[2, 0],
        stacks={0: 50, 1: 70, 2: 50},
        street_index=3,
        big_bet=True,
        bring_in=False,
        open_pair=False,
        pot=0,
    )
    assert dict(rnd.stacks) == {2: 50, 0: 50}
    assert rnd.to_act == 2


def test_string_and_enum_kinds_are_the_same() -> None:
    a, b = make(), make()
    assert a.apply("bet") == b.apply(ActionKind.BET)


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"order": []}, "at least one seat"),
        ({"order": [0, 1, 0]}, "seat 0 appears twice"),
        ({"order": [0, -1]}, "not a seat: -1"),
        ({"order": [0, "1"]}, "not a seat: '1'"),
        ({"order": [0, 5]}, "no stack given for seat 5"),
        ({"stacks": {0: 10, 1: -1}}, "the stack of seat 1"),
        ({"stacks": {0: 10, 1: 2.5}}, "the stack of seat 1"),
        ({"pot": -1}, "pot must be whole chips"),
        ({"street_index": -1}, "street_index must be"),
        ({"stakes": "fixed-limit"}, "stakes must be a Stakes"),
    ],
)
def test_bad_setups_are_refused(keywords: dict[str, Any], message: str) -> None:
    arguments: dict[str, Any] = {
        "stakes": FIXED,
        "order": [0, 1],
        "stacks": {0: 10, 1: 10},
        "street_index": 0,
        "big_bet": False,
        "bring_in": True,
        "open_pair": False,
        "pot": 0,
    }
    arguments.update(keywords)
    with pytest.raises(BettingSetupError, match=message):
        BettingRound(**arguments)


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"limit": "table-stakes"}, "limit must be one of fixed-limit"),
        ({"ante": -1}, "ante must not be negative"),
        ({"bring_in": 1.5}, "bring_in must be a whole number"),
        ({"small_bet": True}, "small_bet must be a whole number"),
        ({"small_bet": 0, "bring_in": 0}, "small_bet must be at least 1"),
        ({"bring_in": 6}, "bring_in must not be more than small_bet: 6 > 5"),
        ({"big_bet": 4}, "big_bet must not be less than small_bet: 4 < 5"),
        ({"raise_cap": -1}, "raise_cap must be a whole number of raises or None"),
    ],
)
def test_bad_stakes_are_refused(keywords: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        Stakes(**keywords)
    assert issubclass(OptionError, WildstudError)


def test_stakes_read_a_limit_by_name() -> None:
    by_name: dict[str, Any] = {"limit": "spread-limit"}
    assert Stakes(**by_name).limit is Limit.SPREAD
    assert Stakes(limit=Limit.POT, raise_cap=2).capped is False


# --- properties: random rounds played with random legal (and illegal) actions ------------------

STACK = st.one_of(st.just(0), st.integers(1, 30), st.integers(0, 400))


@st.composite
def random_rounds(draw: st.DrawFn) -> BettingRound:
    small = draw(st.integers(1, 10))
    stakes = Stakes(
        limit=draw(st.sampled_from(list(Limit))),
        ante=0,
        bring_in=draw(st.integers(0, small)),
        small_bet=small,
        big_bet=draw(st.integers(small, 3 * small)),
        raise_cap=draw(st.none() | st.integers(0, 4)),
    )
    seats = draw(st.lists(st.integers(0, 9), min_size=1, max_size=7, unique=True))
    return BettingRound(
        stakes,
        order=seats,
        stacks={seat: draw(STACK) for seat in seats},
        street_index=draw(st.integers(0, 4)),
        big_bet=draw(st.booleans()),
        bring_in=draw(st.booleans()),
        open_pair=draw(st.booleans()),
        pot=draw(st.integers(0, 200)),
    )


def pick_legal(data: st.DataObject, rnd: BettingRound) -> tuple[ActionKind, int | None]:
    option = data.draw(st.sampled_from(rnd.options()))
    amount: int | None = data.draw(
        st.sampled_from([option.min_amount, option.max_amount, None])
        | st.integers(option.min_amount, option.max_amount)
    )
    if not rnd.can(option.kind, amount):  # a gap between fixed sizes, or no natural amount
        amount = option.max_amount
    return option.kind, amount


def check_options(rnd: BettingRound) -> None:
    options = rnd.options()
    assert bool(options) != rnd.done
    assert len({option.kind for option in options}) == len(options)
    for option in options:
        assert option.min_amount <= option.max_amount
        assert rnd.can(option.kind, option.min_amount)
        assert rnd.can(option.kind, option.max_amount)
        if rnd.stakes.limit is not Limit.FIXED:
            middle = (option.min_amount + option.max_amount) // 2
            assert rnd.can(option.kind, middle)
        if option.kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL):
            assert rnd.can(option.kind)


def check_state(rnd: BettingRound, start: Mapping[int, int]) -> None:
    stacks, committed = rnd.stacks, rnd.committed
    for seat, chips in start.items():
        assert stacks[seat] + committed[seat] == chips
        assert stacks[seat] >= 0
        assert committed[seat] <= rnd.bet
    to_act = rnd.to_act
    if to_act is not None:
        assert to_act in rnd.live()
        assert stacks[to_act] > 0


@given(rnd=random_rounds(), data=st.data())
def test_random_legal_play_ends_and_conserves_chips(rnd: BettingRound, data: st.DataObject) -> None:
    start = {seat: rnd.stacks[seat] for seat in rnd.order}
    bets = [rnd.bet]
    for _ in range(2000):
        check_state(rnd, start)
        check_options(rnd)
        if rnd.done:
            break
        rnd.apply(*pick_legal(data, rnd))
        bets.append(rnd.bet)
    assert rnd.done
    assert bets == sorted(bets)
    live = rnd.live()
    if len(live) > 1:
        for seat in live:
            assert rnd.committed[seat] == rnd.bet or rnd.stacks[seat] == 0
    cap = rnd.stakes.raise_cap
    # The cap binds while three or more players not all in contest the pot; when nobody folded
    # or went all in, it bound the whole round.
    untouched = len(live) == len(rnd.order) and all(rnd.stacks[seat] > 0 for seat in live)
    if rnd.stakes.capped and cap is not None and untouched and len(live) > 2:
        assert sum(applied.reopened for applied in rnd.history) <= 1 + cap


@given(rnd=random_rounds(), data=st.data())
def test_random_actions_are_accepted_only_when_offered(
    rnd: BettingRound, data: st.DataObject
) -> None:
    for _ in range(2000):
        if rnd.done:
            break
        kind = data.draw(st.sampled_from(list(ActionKind)))
        amount = data.draw(st.none() | st.integers(-5, 500))
        before = snapshot(rnd)
        offered = {option.kind: option for option in rnd.options()}
        if rnd.can(kind, amount):
            option = offered[kind]
            assert amount is None or option.min_amount <= amount <= option.max_amount
            assert snapshot(rnd) == before
        else:
            with pytest.raises(IllegalActionError):
                rnd.apply(kind, amount)
            assert snapshot(rnd) == before
        rnd.apply(*pick_legal(data, rnd))
    assert rnd.done


@given(rnd=random_rounds(), rule=st.sampled_from(list(ShortAllIn)), data=st.data())
def test_a_wager_is_offered_exactly_when_no_refusal_would_be_worded(
    rnd: BettingRound, rule: ShortAllIn, data: st.DataObject
) -> None:
    # The turn asks whether the seat may wager in one expression; the refusal words the same
    # tests one by one (BettingRound._raise_block). The two must agree at every turn.
    stakes = dataclasses.replace(rnd.stakes, short_all_in=rule)
    rnd = BettingRound(
        stakes,
        order=rnd.order,
        stacks=rnd.stacks,
        street_index=rnd.street_index,
        big_bet=data.draw(st.booleans()),
        bring_in=data.draw(st.booleans()),
        open_pair=data.draw(st.booleans()),
        pot=rnd.pot,
    )
    for _ in range(2000):
        seat = rnd.to_act
        if seat is None:
            break
        if rnd.next_wager is not ActionKind.BRING_IN:
            kind = rnd.next_wager
            assert kind is not None
            owed = rnd.bet - rnd.committed[seat]
            refused = rnd._raise_block(seat, kind, rnd.stacks[seat], owed)
            offered = any(option.kind is kind for option in rnd.options())
            if refused is not None:
                assert not offered, refused()
            else:  # nothing blocks it: offered unless no amount is left to wager to
                assert offered == (window(rnd, seat, floor=rnd.bet) is not None)
        rnd.apply(*pick_legal(data, rnd))
    assert rnd.done


def test_option_strings() -> None:
    assert str(ActionOption(ActionKind.FOLD, 0, 0)) == "fold"
    assert str(ActionOption(ActionKind.CALL, 7, 7)) == "call to 7"
    assert re.fullmatch(r"bet to \d+\.\.\d+", str(ActionOption(ActionKind.BET, 5, 9)))


def test_fixed_limit_options_list_the_only_amounts_they_allow() -> None:
    # With an open pair the bet is the small or the big bet, nothing between: the option says
    # so, so that a page can offer both rather than a slider over amounts it would refuse.
    rnd = make(open_pair=True)
    bet = next(option for option in rnd.options() if option.kind is ActionKind.BET)
    assert bet.amounts == (5, 10)
    for amount in range(bet.min_amount, bet.max_amount + 1):
        assert rnd.can(ActionKind.BET, amount) == (amount in bet.amounts)
    spread = next(o for o in make(stakes=SPREAD).options() if o.kind is ActionKind.BET)
    assert spread.amounts is None


@given(rnd=random_rounds(), data=st.data())
def test_an_action_by_its_kind_alone_does_what_its_name_does(
    rnd: BettingRound, data: st.DataObject
) -> None:
    # record() carries out a check, call or fold named by its kind alone, with no amount, and
    # the fixed-limit wager the turn offers, from the turn's figures without _plan; named by
    # its text, the same action is planned by _plan. Both must accept and refuse alike and
    # leave the round alike.
    twin = copy.deepcopy(rnd)
    for _ in range(2000):
        if rnd.done:
            break
        kind = data.draw(st.sampled_from(list(ActionKind)))
        try:
            applied = rnd.apply(kind)
        except IllegalActionError as refusal:
            with pytest.raises(IllegalActionError, match=re.escape(str(refusal))):
                twin.apply(kind.value)
        else:
            assert twin.apply(kind.value) == applied
        assert [getattr(rnd, name) for name in VIEWS] == [getattr(twin, name) for name in VIEWS]
        assert rnd.options() == twin.options()
        assert rnd.pending() == twin.pending()
        if not rnd.done:
            step = pick_legal(data, rnd)
            assert rnd.apply(*step) == twin.apply(*step)
    assert rnd.done
    assert twin.done


def test_a_short_all_in_raise_by_its_kind_alone_is_all_in() -> None:
    # The only raise seat 0 can make is all in, short of a full raise: offered as the turn's
    # fixed-limit wager, it is carried out without _plan and must say so as _plan does.
    rounds = [
        BettingRound(
            Stakes(),
            order=[1, 0],
            stacks={0: 7, 1: 50},
            street_index=1,
            big_bet=False,
            bring_in=False,
            open_pair=False,
            pot=10,
        )
        for _ in range(2)
    ]
    for rnd in rounds:
        rnd.apply("bet")
    by_kind, by_name = rounds[0].apply(ActionKind.RAISE), rounds[1].apply("raise")
    assert by_kind == by_name
    assert (by_kind.to_amount, by_kind.all_in, by_kind.reopened) == (7, True, False)


VIEWS = ("to_act", "bet", "committed", "stacks", "folded", "all_in", "history", "next_wager")
