"""Exhaustive category counts: the published tables, and agreement with the batch evaluator."""

from __future__ import annotations

from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from tests.tools.published_tables import FIVE_CARDS, FIVE_CARDS_DEUCES, SEVEN_CARDS, SIX_CARDS
from wildstud.cards import wild_mask
from wildstud.errors import HandSizeError, WildSpecError
from wildstud.fast import categories, category_counts, evaluate_batch
from wildstud.fast.enumeration import CategoryCounts, prefixes
from wildstud.hands import Category

C = Category


def as_mapping(table: CategoryCounts) -> dict[Category, int]:
    return {category: table[category] for category in Category if table[category]}


def every_hand(size: int) -> npt.NDArray[np.uint8]:
    """All C(52, size) hands as rows of ascending codes, built a column at a time."""
    hands = np.arange(52).reshape(-1, 1)
    for _ in range(size - 1):
        last = hands[:, -1]
        extend = 51 - last  # how many higher cards can follow each row
        rows = np.repeat(hands, extend, axis=0)
        starts = np.repeat(np.cumsum(extend) - extend, extend)
        following = np.arange(rows.shape[0]) - starts + np.repeat(last + 1, extend)
        hands = np.column_stack([rows, following])
    return hands.astype(np.uint8)


def test_five_cards() -> None:
    table = category_counts(5)
    assert as_mapping(table) == FIVE_CARDS
    assert table.total == comb(52, 5) == sum(FIVE_CARDS.values())


def test_five_cards_deuces_wild() -> None:
    assert as_mapping(category_counts(5, "2")) == FIVE_CARDS_DEUCES


def test_five_of_a_kind_below_a_straight_flush() -> None:
    # Four deuces and any card make five of a kind or, read the other way, a straight flush:
    # with five of a kind placed under the straight flush, those 48 hands move up.
    below = category_counts(5, "2", five_of_a_kind_top=False)
    assert below[C.FIVE_OF_A_KIND] == 672 - 48
    assert below[C.STRAIGHT_FLUSH] == 484 + 2068 + 48
    assert below.five_of_a_kind_top is False
    counts = below.as_dict()["counts"]
    assert isinstance(counts, dict)
    assert next(iter(counts)) == "STRAIGHT_FLUSH"


def test_double_ace_flush_moves_no_hand() -> None:
    plain = category_counts(5, "Q, 7s")
    double = category_counts(5, "Q, 7s", double_ace_flush=True)
    assert plain.counts == double.counts


def test_six_cards() -> None:
    table = category_counts(6)
    assert table.total == comb(52, 6) == 20358520
    assert as_mapping(table) == SIX_CARDS


@pytest.mark.slow
def test_seven_cards() -> None:
    progress: list[int] = []
    table = category_counts(7, on_progress=progress.append)
    assert as_mapping(table) == SEVEN_CARDS
    assert table.total == sum(progress) == comb(52, 7) == 133784560
    assert len(progress) > 1


@pytest.mark.parametrize("wild", ["2", "Q,7", "Js", "2,3,4,5,6"])
def test_enumeration_agrees_with_the_batch_evaluator(
    wild: str, five_card_hands: npt.NDArray[np.uint8]
) -> None:
    # Every five-card hand, materialized and evaluated in one batch.
    hands = five_card_hands
    for top in (True, False):
        expected = np.bincount(
            categories(evaluate_batch(hands, wild_mask(wild), five_of_a_kind_top=top)),
            minlength=10,
        )
        assert category_counts(5, wild, five_of_a_kind_top=top).counts == tuple(expected)


@pytest.fixture(scope="module")
def five_card_hands() -> npt.NDArray[np.uint8]:
    return every_hand(5)


def test_every_hand(five_card_hands: npt.NDArray[np.uint8]) -> None:
    hands = five_card_hands.astype(np.int64)
    assert hands.shape == (comb(52, 5), 5)
    assert (np.diff(hands, axis=1) > 0).all()
    # Rows in strictly increasing order as base-64 numbers: all different.
    keys = (hands << (6 * np.arange(4, -1, -1))).sum(axis=1)
    assert (np.diff(keys) > 0).all()


def test_prefixes_cover_every_hand_once() -> None:
    for size in (5, 6, 7):
        rows = prefixes(size)
        last = np.where(rows[:, 1] >= 0, rows[:, 1], -1)
        assert sum(comb(51 - int(end), 5) for end in last) == comb(52, size)
        assert len({tuple(row) for row in rows.tolist()}) == len(rows)


def test_result_record() -> None:
    table = category_counts(5, "Kd, 2")
    record = table.as_dict()
    assert record["cards"] == 5
    assert record["wild"] == ["2c", "2d", "2h", "2s", "Kd"]
    assert record["total"] == comb(52, 5)
    counts = record["counts"]
    assert isinstance(counts, dict)
    assert list(counts) == [category.name for category in sorted(Category, reverse=True)]
    assert table.share(C.HIGH_CARD) == table[C.HIGH_CARD] / comb(52, 5)


def test_bad_input() -> None:
    with pytest.raises(HandSizeError, match="5, 6 or 7"):
        category_counts(4)
    with pytest.raises(WildSpecError, match="'Xq'"):
        category_counts(5, "Q, Xq")
