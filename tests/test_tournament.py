"""Home tournaments' figures (issue 27 item 5): the stud level schedule, payouts that add up to
the pool, and deals by ICM (against the textbook example and an independent sum over every
finishing order) and by chip chop."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wildstud.tournament import (
    Break,
    Level,
    TournamentError,
    chip_chop,
    deal,
    finishing_order,
    icm,
    payouts,
    stud_schedule,
)


def _icm_by_orders(stacks: list[int], prizes: list[int]) -> list[float]:
    """ICM summed over every finishing order, each with its Malmuth–Harville chance."""
    equity = [0.0] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        chance, left = 1.0, float(sum(stacks))
        for player in order:
            chance *= stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order):
            equity[player] += chance * (prizes[place] if place < len(prizes) else 0)
    return equity


def test_the_textbook_example() -> None:
    # A, B and C hold 50%, 30% and 20% of the chips; first pays 70 and second 30: A's share
    # is about 45 (90% of their chips' worth), B's about 32 and C's about 22.
    assert icm([50, 30, 20], [70, 30]) == [45.18, 32.25, 22.57]
    assert icm([5000, 3000, 2000], [70, 30]) == [45.18, 32.25, 22.57]


@pytest.mark.parametrize(
    ("stacks", "prizes", "published"),
    [
        # A four-handed final table worked through by the Pailiku ICM calculator's example page
        # (pailiku.com/tools/icm-calculator/result): 500/300/200 for 5000/3000/1500/500 chips.
        ([5000, 3000, 1500, 500], [500, 300, 200], [377.78, 312.89, 225.60, 83.73]),
        # Three-handed, $1000 paid 50/30/20, 6000/4000/2000 chips (cryptopokerdb.com's
        # ICM calculator): $385, $340, $275.
        ([6000, 4000, 2000], [500, 300, 200], [385.00, 340.00, 275.00]),
        # The same pool for 50,000/30,000/20,000 (practicalwebtools.com, to the dollar):
        # $384, $328, $289.
        ([50000, 30000, 20000], [500, 300, 200], [384, 328, 289]),
    ],
)
def test_icm_matches_published_worked_examples(
    stacks: list[int], prizes: list[int], published: list[float]
) -> None:
    digits = 0 if all(isinstance(value, int) for value in published) else 2
    assert icm(stacks, prizes, digits=digits) == published


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 10_000), min_size=2, max_size=6),
    st.lists(st.integers(0, 1000), min_size=1, max_size=6),
)
def test_icm_matches_every_finishing_order_and_shares_the_pool(
    stacks: list[int], prizes: list[int]
) -> None:
    prizes = sorted(prizes, reverse=True)  # first place pays the most
    found = icm(stacks, prizes, digits=None)
    assert found == pytest.approx(_icm_by_orders(stacks, prizes), abs=1e-9)
    assert sum(found) == pytest.approx(sum(prizes[: len(stacks)]))
    whole = deal(stacks, prizes)
    assert sum(whole) == sum(prizes[: len(stacks)])
    assert all(abs(a - b) < 1 for a, b in zip(whole, found, strict=True))
    chop = deal(stacks, prizes, "chip-chop")
    assert sum(chop) == sum(prizes[: len(stacks)])
    # A bigger stack never gets less.
    for a, b in itertools.combinations(range(len(stacks)), 2):
        if stacks[a] > stacks[b]:
            assert found[a] >= found[b] - 1e-9


def test_chip_chop_guarantees_the_smallest_prize_left() -> None:
    assert chip_chop([60, 40], [70, 30]) == [54.0, 46.0]
    # Each of three is sure of the 20 of third place; the other 40 goes by chips.
    assert chip_chop([1, 999, 1000], [50, 30, 20])[0] == pytest.approx(20 + 40 * 1 / 2000)
    # Two players left: only the first two prizes are theirs to share.
    assert chip_chop([1, 999], [50, 30, 20]) == pytest.approx([30.02, 49.98])
    with pytest.raises(TournamentError, match="every player left has chips"):
        icm([10, 0], [10])


@pytest.mark.parametrize(
    ("pool", "entrants", "paid"),
    [
        (40, 2, [40]),
        (40, 4, [40]),
        (60, 6, [39, 21]),
        (100, 10, [50, 30, 20]),
        (101, 10, [51, 30, 20]),
        (1100, 11, [440, 275, 187, 121, 77]),
        (3, 12, [2, 1, 0, 0, 0]),
    ],
)
def test_payouts_add_up_to_the_pool(pool: int, entrants: int, paid: list[int]) -> None:
    assert payouts(pool, entrants) == paid
    assert sum(paid) == pool


def test_payouts_from_a_house_table_and_bad_tables() -> None:
    assert payouts(100, 6, {2: (60, 40)}) == [60, 40]
    with pytest.raises(TournamentError, match="add up to 100"):
        payouts(100, 6, {2: (60, 30)})
    with pytest.raises(TournamentError, match="starts above 3"):
        payouts(100, 3, {5: (100,)})
    with pytest.raises(TournamentError, match="two entrants"):
        payouts(100, 1)


def test_the_schedule_climbs_with_tidy_figures_and_breaks() -> None:
    schedule = stud_schedule(1500, levels=9, break_every=4)
    levels = [item for item in schedule if isinstance(item, Level)]
    assert len(levels) == 9
    assert [type(item).__name__ for item in schedule].count("Break") == 2
    assert levels[0].big_bet * 25 <= 1500 * 1.5
    for before, after in itertools.pairwise(levels):
        assert after.small_bet > before.small_bet
        assert after.ante >= before.ante
    for level in levels:
        assert level.big_bet == 2 * level.small_bet
        assert 1 <= level.bring_in <= level.small_bet
        assert 1 <= level.ante <= level.bring_in
        # Tidy: a figure a dealer pays without thinking.
        for figure in (level.ante, level.bring_in):
            digits = figure // 10 ** int(math.log10(figure))
            assert figure <= 5 or digits in (1, 2, 5) or figure % 25 == 0, figure
    by_hands = stud_schedule(1500, levels=2, hands=12)
    assert all(isinstance(item, Level) and item.hands == 12 for item in by_hands)
    assert isinstance(Break(5), Break)
    with pytest.raises(TournamentError, match="minutes or of hands"):
        Level(1, 1, 2, 4, minutes=10, hands=10)
    with pytest.raises(TournamentError, match="bring-in <= small bet"):
        Level(1, 5, 2, 4)
    with pytest.raises(TournamentError, match="at least 100 chips"):
        stud_schedule(50)


def test_players_knocked_out_in_one_hand() -> None:
    assert finishing_order({"Ann": 40, "Bob": 90}, 6) == {"Bob": 5, "Ann": 6}
    assert finishing_order({"Ann": 40, "Cy": 40, "Bob": 90}, 3) == {
        "Bob": 1, "Ann": (2, 3), "Cy": (2, 3),
    }  # fmt: skip
    with pytest.raises(TournamentError, match="3 players out of 2"):
        finishing_order({"a": 1, "b": 2, "c": 3}, 2)
