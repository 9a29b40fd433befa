"""The betting package's parts: the names it publishes, the reopening rule as one object per
house-rule choice, the sizing under each limit, and the kind of the next wager."""

from __future__ import annotations

import copy

import pytest

import wildstud.betting as betting
from wildstud.betting import ActionKind, BettingRound, Limit, ShortAllIn, Stakes
from wildstud.betting.opening import bring_in_due, bring_in_options
from wildstud.betting.reopening import FullRaiseOnly, HalfReopens, Reopening, reopening
from wildstud.betting.sizing import least_raise, window
from wildstud.betting.stakes import CompletionReraise


def round_on_street(
    stakes: Stakes,
    stacks: tuple[int, ...] = (100, 100, 100),
    *,
    street: int = 1,
    bring_in: bool = False,
    open_pair: bool = False,
    pot: int = 10,
) -> BettingRound:
    """A round on ``street`` (the big bet from fourth street on, unlike
    ``test_betting.make``'s), ``pot`` chips already in, the seats acting in order."""
    return BettingRound(
        stakes,
        order=list(range(len(stacks))),
        stacks=dict(enumerate(stacks)),
        street_index=street,
        big_bet=street >= 2,
        bring_in=bring_in,
        open_pair=open_pair,
        pot=pot,
    )


def test_every_public_name_is_still_importable_from_the_package() -> None:
    for name in betting.__all__:
        assert getattr(betting, name).__module__.startswith("wildstud.betting.")
    assert betting.CompletionReraise is CompletionReraise


@pytest.mark.parametrize("rule", list(ShortAllIn))
def test_each_choice_of_short_all_in_has_one_shared_rule_object(rule: ShortAllIn) -> None:
    chosen = reopening(rule)
    assert isinstance(chosen, Reopening)
    assert chosen.rule is rule
    assert reopening(rule) is chosen
    rnd = round_on_street(Stakes(short_all_in=rule))
    assert copy.deepcopy(rnd)._reopening is chosen  # stateless: copies share it


def test_the_rule_classes_are_the_two_choices() -> None:
    assert {type(reopening(rule)) for rule in ShortAllIn} == {HalfReopens, FullRaiseOnly}


def short_all_in_then(rule: ShortAllIn) -> list[str]:
    """Seat 0 bets 5, seat 1 calls, seat 2 raises all in to 8 (3 more, over half a bet)."""
    rnd = round_on_street(Stakes(short_all_in=rule), (50, 50, 8))
    rnd.apply("bet")
    rnd.apply("call")
    applied = rnd.apply("raise", 8)
    assert applied.all_in
    assert applied.reopened is (rule is ShortAllIn.HALF_REOPENS)
    return [str(option) for option in rnd.options()]


def test_half_a_bet_all_in_reopens_only_under_the_default() -> None:
    assert short_all_in_then(ShortAllIn.HALF_REOPENS) == ["fold", "call to 8", "raise to 13"]
    assert short_all_in_then(ShortAllIn.FULL_RAISE_ONLY) == ["fold", "call to 8"]


def test_a_bring_in_seat_short_of_the_bring_in_may_complete_all_in_only_under_pokerkits_rule() -> (
    None
):
    kinds = {}
    for rule in ShortAllIn:
        rnd = round_on_street(Stakes(short_all_in=rule), (2, 50, 50), street=0, bring_in=True)
        kinds[rule] = [str(option) for option in bring_in_options(rnd, 0)]
    assert kinds[ShortAllIn.HALF_REOPENS] == ["bring-in to 2"]
    assert kinds[ShortAllIn.FULL_RAISE_ONLY] == ["bring-in to 2", "complete to 2"]


@pytest.mark.parametrize(
    ("limit", "low", "high", "targets"),
    [
        (Limit.FIXED, 5, 5, (5,)),
        (Limit.SPREAD, 5, 10, None),
        (Limit.POT, 5, 10, None),
        (Limit.NO, 5, 100, None),
    ],
)
def test_the_first_bet_of_a_street_is_sized_by_the_limit(
    limit: Limit, low: int, high: int, targets: tuple[int, ...] | None
) -> None:
    rnd = round_on_street(Stakes(limit=limit), pot=10)
    opening = window(rnd, 0, floor=0)
    assert opening is not None
    assert (opening.low, opening.high, opening.targets) == (low, high, targets)
    assert least_raise(rnd) == 5


def test_the_bring_in_is_due_only_with_one_in_the_stakes_and_chips_in_front() -> None:
    assert bring_in_due(Stakes(), 10, bring_in=True)
    assert not bring_in_due(Stakes(), 0, bring_in=True)
    assert not bring_in_due(Stakes(bring_in=0), 10, bring_in=True)
    assert not bring_in_due(Stakes(), 10, bring_in=False)


def test_the_next_wager_is_a_completion_after_an_all_in_short_of_a_bet() -> None:
    rnd = round_on_street(Stakes(), (2, 50, 50))
    wagers = [rnd.next_wager]
    rnd.apply("bet", 2)  # all in for less than half the bet of 5
    wagers.append(rnd.next_wager)
    rnd.apply("complete")
    wagers.append(rnd.next_wager)
    rnd.apply("call")
    assert rnd.done
    wagers.append(rnd.next_wager)
    assert wagers == [ActionKind.BET, ActionKind.COMPLETE, ActionKind.RAISE, None]


def test_the_next_wager_is_named_even_when_the_cap_forbids_it() -> None:
    rnd = round_on_street(Stakes(), (100, 100, 100))
    for kind in ("bet", "raise", "raise", "raise"):
        rnd.apply(kind)
    assert [option.kind for option in rnd.options()] == [ActionKind.FOLD, ActionKind.CALL]
    assert rnd.next_wager is ActionKind.RAISE
