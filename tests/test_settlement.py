"""Settle-up: the fewest payments that square a night, checked against a brute force."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.tools.fewest_payments import fewest_by_brute_force
from wildstud.errors import SettlementError
from wildstud.settlement import EXACT_LIMIT, Settlement, Transfer, lower_bound, settle

NAMES = [f"p{index:02}" for index in range(40)]


def nights(most: int, spread: int = 20) -> st.SearchStrategy[dict[str, int]]:
    """Nets of up to ``most`` players adding up to zero; a narrow ``spread`` makes groups of
    players that square among themselves common, as do repeated and opposite amounts."""

    def night(values: list[int]) -> dict[str, int]:
        return dict(zip(NAMES, [*values, -sum(values)], strict=False))

    return st.lists(st.integers(-spread, spread), max_size=most - 1).map(night)


def balances_after(nets: Mapping[str, int], settlement: Settlement[str]) -> dict[str, int]:
    owed = dict(nets)
    for transfer in settlement.transfers:
        owed[transfer.payer] += transfer.amount
        owed[transfer.payee] -= transfer.amount
    return owed


def check_squares(nets: Mapping[str, int], settlement: Settlement[str]) -> None:
    assert all(owed == 0 for owed in balances_after(nets, settlement).values())
    for transfer in settlement.transfers:
        assert transfer.amount > 0
        assert nets[transfer.payer] < 0 < nets[transfer.payee]
    payers = {transfer.payer for transfer in settlement.transfers}
    payees = {transfer.payee for transfer in settlement.transfers}
    assert not payers & payees, "nobody both pays and receives"
    pairs = Counter((transfer.payer, transfer.payee) for transfer in settlement.transfers)
    assert max(pairs.values(), default=1) == 1, "no two payments between the same two players"
    order = [(transfer.payer, transfer.payee) for transfer in settlement.transfers]
    assert order == sorted(order)


@given(nights(7))
def test_the_settle_up_squares_everyone_in_the_fewest_payments(nets: dict[str, int]) -> None:
    settlement = settle(nets)
    check_squares(nets, settlement)
    assert settlement.method == "exact"
    assert settlement.minimal
    assert len(settlement.transfers) == fewest_by_brute_force(nets)


@given(nights(7, spread=6))
def test_opposite_and_repeated_nets_still_settle_in_the_fewest(nets: dict[str, int]) -> None:
    assert len(settle(nets).transfers) == fewest_by_brute_force(nets)


@given(nights(7))
def test_the_greedy_rule_squares_everyone_and_claims_minimal_only_when_it_is(
    nets: dict[str, int],
) -> None:
    greedy = settle(nets, exact_limit=0)
    check_squares(nets, greedy)
    # where opposite nets pair everyone off, nobody is left to search: that alone is exact
    assert greedy.method == "greedy" or greedy.minimal
    fewest = fewest_by_brute_force(nets)
    players = sum(1 for net in nets.values() if net)
    assert fewest <= len(greedy.transfers) <= max(players - 1, 0)
    assert lower_bound(nets) <= fewest
    if greedy.minimal:
        assert len(greedy.transfers) == fewest


def test_the_greedy_rule_can_take_more_payments_than_the_fewest() -> None:
    nets = {"Ann": 9, "Bob": -7, "Cy": 4, "Di": -2, "Ed": 4, "Flo": -8}
    assert len(settle(nets).transfers) == fewest_by_brute_force(nets) == 4
    greedy = settle(nets, exact_limit=0)
    assert (len(greedy.transfers), greedy.minimal) == (5, False)


@given(nights(12), st.randoms(use_true_random=False))
def test_the_same_nets_settle_the_same_way_in_any_order(
    nets: dict[str, int], shuffler: random.Random
) -> None:
    items = list(nets.items())
    shuffler.shuffle(items)
    assert settle(dict(items)) == settle(nets)


def test_players_may_be_keyed_by_name_and_id() -> None:
    nets = {("Ann", "a1"): 20, ("Ann", "a2"): -5, ("Bob", "b1"): -15}
    assert settle(nets).transfers == (
        Transfer(("Ann", "a2"), ("Ann", "a1"), 5),
        Transfer(("Bob", "b1"), ("Ann", "a1"), 15),
    )


def test_opposite_nets_pair_off_before_the_search() -> None:
    """Sixty players in thirty opposite pairs settle exactly, in thirty payments."""
    nets = {f"p{index:02}": (index // 2 + 1) * (-1) ** index for index in range(60)}
    settlement = settle(nets)
    assert (len(settlement.transfers), settlement.minimal, settlement.method) == (30, True, "exact")
    check_squares(nets, settlement)


def test_twenty_players_are_searched_exactly_in_well_under_a_second() -> None:
    shuffler = random.Random(12)
    values = [shuffler.randint(-500, 500) or 1 for _ in range(EXACT_LIMIT - 1)]
    nets = dict(zip(NAMES, [*values, -sum(values)], strict=False))
    started = time.perf_counter()
    settlement = settle(nets)
    elapsed = time.perf_counter() - started
    assert settlement.method == "exact"
    check_squares(nets, settlement)
    assert elapsed < 5, f"{elapsed:.2f} s"  # about 0.1 s alone; the suite shares its cores


def test_past_the_limit_the_greedy_rule_settles() -> None:
    shuffler = random.Random(30)
    values = [shuffler.randint(1000, 2000) * shuffler.choice((-1, 1)) for _ in range(29)]
    nets = dict(zip(NAMES, [*values, -sum(values)], strict=False))
    settlement = settle(nets)
    assert settlement.method == "greedy"
    check_squares(nets, settlement)
    assert len(settlement.transfers) <= 29


@pytest.mark.parametrize(
    ("nets", "message"),
    [
        ({"Ann": 5, "Bob": -4}, "the nets add up to 1, not 0"),
        ({"Ann": 2.5, "Bob": -2.5}, "the net of Ann is not a whole number of chips: 2.5"),
        ({"Ann": True, "Bob": -1}, "the net of Ann is not a whole number of chips: True"),
    ],
)
def test_nets_that_cannot_be_settled_are_refused(nets: dict[str, Any], message: str) -> None:
    with pytest.raises(SettlementError, match=message):
        settle(nets)


def test_nobody_up_or_down_needs_no_payment() -> None:
    assert settle({}) == settle({"Ann": 0}) == Settlement((), True, "exact")
