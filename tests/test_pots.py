"""Pots: main and side pots, dead money, even splits with odd chips, high and special halves."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wildstud.errors import PotError
from wildstud.pots import Pot, build_pots, divide_pot, split_evenly, split_pooled

Layout = list[tuple[int, list[int]]]

# id, contributions, live seats, the pots as (amount, sorted eligible seats)
BUILDS: list[tuple[str, dict[int, int], list[int], Layout]] = [
    ("everyone in for the same", {0: 10, 1: 10, 2: 10}, [0, 1, 2], [(30, [0, 1, 2])]),
    ("one short all-in", {0: 5, 1: 25, 2: 25}, [0, 1, 2], [(15, [0, 1, 2]), (40, [1, 2])]),
    ("two all-ins at different levels", {0: 40, 1: 100, 2: 150, 3: 150}, [0, 1, 2, 3],
     [(160, [0, 1, 2, 3]), (180, [1, 2, 3]), (100, [2, 3])]),
    ("two all-ins at the same level", {0: 40, 1: 40, 2: 90, 3: 90}, [0, 1, 2, 3],
     [(160, [0, 1, 2, 3]), (100, [2, 3])]),
    ("folded chips are dead money in the pots they reach", {0: 40, 1: 100, 2: 100, 3: 70},
     [0, 1, 2], [(160, [0, 1, 2]), (150, [1, 2])]),
    ("a folded seat's ante only", {0: 30, 1: 30, 2: 1}, [0, 1], [(61, [0, 1])]),
    ("fold-around: one live seat takes all", {0: 12, 1: 5, 2: 5}, [0], [(22, [0])]),
    ("an uncalled bet is a pot of its own", {0: 500, 1: 200}, [0, 1],
     [(400, [0, 1]), (300, [0])]),
    ("dead money above every live seat joins the top pot", {0: 100, 1: 50, 2: 50}, [1, 2],
     [(200, [1, 2])]),
    ("a live seat that put in nothing wins nothing", {0: 0, 1: 10, 2: 10}, [0, 1, 2],
     [(20, [1, 2])]),
    ("nothing in, no pots", {0: 0, 1: 0}, [0, 1], []),
    ("only folded money, no live chips", {0: 0, 1: 6}, [0], [(6, [0])]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("contributions", "live", "expected"), [pytest.param(*row[1:], id=row[0]) for row in BUILDS]
)
def test_build_pots(contributions: dict[int, int], live: list[int], expected: Layout) -> None:
    pots = build_pots(contributions, live)
    assert [(pot.amount, sorted(pot.eligible)) for pot in pots] == expected
    assert sum(pot.amount for pot in pots) == sum(contributions.values())


@pytest.mark.parametrize(
    ("contributions", "live", "message"),
    [
        ({0: 5, 1: 5}, [], "no live seat"),
        ({0: 5, 1: 5}, [0, 2], "live seat 2 has no contribution"),
        ({0: 5, 1: -1}, [0], "seat 1 put in -1"),
        ({0: 5, 1: 2.5}, [0], "seat 1 put in 2.5"),
        ({0: 5, -1: 2}, [0], "not a seat: -1"),
    ],
)
def test_build_pots_refuses_bad_input(contributions: Any, live: list[int], message: str) -> None:
    with pytest.raises(PotError, match=message):
        build_pots(contributions, live)


@pytest.mark.parametrize(
    ("amount", "winners", "expected"),
    [
        (30, [0, 1, 2], {0: 10, 1: 10, 2: 10}),
        (31, [2, 0, 1], {2: 11, 0: 10, 1: 10}),
        (32, [2, 0, 1], {2: 11, 0: 11, 1: 10}),
        (1, [5, 3], {5: 1, 3: 0}),
        (7, [4], {4: 7}),
    ],
)
def test_split_evenly(amount: int, winners: list[int], expected: dict[int, int]) -> None:
    assert split_evenly(amount, winners) == expected


@pytest.mark.parametrize(
    ("amount", "winners", "message"),
    [
        (10, [], "nobody to split 10 chips between"),
        (-1, [0], "cannot split -1 chips"),
        (2.5, [0], "cannot split 2.5 chips"),
        (10, [1, 1], "a winner is listed twice"),
    ],
)
def test_split_evenly_refuses_bad_input(amount: Any, winners: list[int], message: str) -> None:
    with pytest.raises(PotError, match=message):
        split_evenly(amount, winners)


POT = Pot(101, frozenset({0, 1, 2, 3}))

# id, high winners, special winners, shares
DIVISIONS: list[tuple[str, list[int], list[int], dict[int, int]]] = [
    ("no special winner: all to high", [2], [], {2: 101}),
    ("tied high hands: odd chip in the order given", [3, 1], [], {3: 51, 1: 50}),
    ("the high half gets the odd chip", [1], [2], {1: 51, 2: 50}),
    ("one seat takes both halves", [0], [0], {0: 101}),
    ("a tie for high, one special", [1, 2], [3], {1: 26, 2: 25, 3: 50}),
    ("the special winner also ties for high", [1, 3], [3], {1: 26, 3: 75}),
]


@pytest.mark.parametrize(
    ("high", "special", "expected"), [pytest.param(*row[1:], id=row[0]) for row in DIVISIONS]
)
def test_divide_pot(high: list[int], special: list[int], expected: dict[int, int]) -> None:
    assert divide_pot(POT, high, special) == expected


@pytest.mark.parametrize(
    ("high", "special", "message"),
    [
        ([], [], "at least one high winner"),
        ([7], [], "high winner 7 cannot win this pot"),
        ([0], [9], "special winner 9 cannot win this pot"),
        ([0, 0], [], "a winner is listed twice"),
    ],
)
def test_divide_pot_refuses_bad_input(high: list[int], special: list[int], message: str) -> None:
    with pytest.raises(PotError, match=message):
        divide_pot(POT, high, special)


def test_divide_pot_needs_a_pot() -> None:
    with pytest.raises(PotError, match="not a pot"):
        divide_pot(101, [0])  # type: ignore[arg-type]


# --- properties ----------------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn) -> tuple[dict[int, int], list[int]]:
    seats = draw(st.lists(st.integers(0, 9), min_size=1, max_size=9, unique=True))
    contributions = {seat: draw(st.integers(0, 300)) for seat in seats}
    live = draw(st.lists(st.sampled_from(seats), min_size=1, unique=True))
    return contributions, live


@given(hands())
def test_pots_add_up_and_each_seat_can_win_what_it_matched(
    hand: tuple[dict[int, int], list[int]],
) -> None:
    contributions, live = hand
    pots = build_pots(contributions, live)
    assert sum(pot.amount for pot in pots) == sum(contributions.values())
    assert all(pot.amount > 0 and pot.eligible <= set(live) for pot in pots)
    for first, second in pairwise(pots):
        assert second.eligible < first.eligible  # side pots narrow down, none repeats
    top = max(contributions[seat] for seat in live)
    for seat in live:
        mine = contributions[seat]
        winnable = sum(pot.amount for pot in pots if seat in pot.eligible)
        matched = sum(min(chips, mine) for chips in contributions.values())
        if mine == top:
            matched = sum(contributions.values())
        assert winnable == matched


@given(st.integers(0, 10_000), st.lists(st.integers(0, 20), min_size=1, max_size=8, unique=True))
def test_split_evenly_is_even_and_whole(amount: int, winners: list[int]) -> None:
    shares = split_evenly(amount, winners)
    assert list(shares) == winners
    assert sum(shares.values()) == amount
    values = [shares[seat] for seat in winners]
    assert values == sorted(values, reverse=True)
    assert values[0] - values[-1] <= 1


@given(
    st.integers(0, 10_000),
    st.lists(st.integers(0, 7), min_size=1, max_size=4, unique=True),
    st.lists(st.integers(0, 7), max_size=3, unique=True),
)
def test_divide_pot_gives_out_every_chip(amount: int, high: list[int], special: list[int]) -> None:
    pot = Pot(amount, frozenset(range(8)))
    shares = divide_pot(pot, high, special)
    assert sum(shares.values()) == amount
    assert set(shares) == set(high) | set(special)
    if special:
        high_half = sum(split_evenly(amount - amount // 2, high).values())
        assert high_half >= amount - high_half
        assert high_half - (amount - high_half) <= 1


# --- pots split as one (`odd_chip` `dealer-left`) ----------------------------------------------


def test_pooled_pots_give_each_winner_an_equal_share_of_all_of_them() -> None:
    shares = split_pooled([7, 35, 4], [2, 4])
    assert [sum(pot.values()) for pot in shares] == [7, 35, 4]
    assert {seat: sum(pot[seat] for pot in shares) for seat in (2, 4)} == {2: 23, 4: 23}


@given(
    st.lists(st.integers(0, 500), min_size=1, max_size=6),
    st.lists(st.integers(0, 9), min_size=1, max_size=5, unique=True),
)
def test_pooled_pots_match_one_split_of_their_sum(amounts: list[int], winners: list[int]) -> None:
    shares = split_pooled(amounts, winners)
    # Independently: the whole pool in equal shares, every odd chip to the first winner.
    whole, odd = divmod(sum(amounts), len(winners))
    expected = {seat: whole + (odd if index == 0 else 0) for index, seat in enumerate(winners)}
    assert {seat: sum(pot[seat] for pot in shares) for seat in winners} == expected
    assert [sum(pot.values()) for pot in shares] == amounts
    assert all(chips >= 0 for pot in shares for chips in pot.values())
