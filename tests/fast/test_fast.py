"""The compiled batch evaluator: agreement with the brute-force oracle and the reference
evaluator, the house rules, and the checks on its input."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from tests.tools.oracle import oracle_batch
from wildstud.cards import Card, parse_cards, wild_mask
from wildstud.errors import (
    CardError,
    DuplicateCardError,
    HandSizeError,
    HandValueError,
    WildSpecError,
)
from wildstud.fast import categories, evaluate_batch
from wildstud.fast.tables import FLUSH, FLUSH_DOUBLE_ACE, MASKS, STRAIGHT, TOP5
from wildstud.hands import Category, Rank, encode, evaluate

RULES = [
    pytest.param(top, double, id=f"{'top' if top else 'below'}-{'double' if double else 'plain'}")
    for top in (True, False)
    for double in (False, True)
]


def dense_hands(
    rng: np.random.Generator, count: int, size: int, wilds: int, deck: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint64]]:
    """``count`` hands of ``size`` cards from ``deck``, each with exactly ``wilds`` wild cards
    (a per-hand mask naming those cards and some cards the hand lacks)."""
    picks = np.argsort(rng.random((count, deck.size)), axis=1)[:, : size + 4]
    cards = deck[picks]
    hands = cards[:, :size]
    masks = np.zeros(count, dtype=np.uint64)
    for row in range(count):
        named = list(hands[row, :wilds]) + list(cards[row, size : size + rng.integers(0, 5)])
        masks[row] = sum(1 << int(code) for code in named)
        rng.shuffle(hands[row])
    return hands, masks


# Small decks make the rare hands common: flushes and straight flushes from two suits, straights
# and full houses from a few ranks, five of a kind with many wilds.
DECKS = {
    "full": np.arange(52),
    "two-suits": np.array([code for code in range(52) if code % 4 in (1, 3)]),
    "broadway": np.arange(32, 52),
    "wheel": np.array([code for code in range(52) if code // 4 in (0, 1, 2, 3, 6, 12)]),
}


@pytest.mark.parametrize(("top", "double"), RULES)
@pytest.mark.parametrize("deck", DECKS)
def test_matches_the_oracle_on_every_wild_count(top: bool, double: bool, deck: str) -> None:
    rng = np.random.default_rng(sorted(DECKS).index(deck) * 4 + 2 * top + double)
    for size in (5, 6, 7):
        for wilds in range(size + 1):
            hands, masks = dense_hands(rng, 150, size, wilds, DECKS[deck])
            got = evaluate_batch(hands, masks, five_of_a_kind_top=top, double_ace_flush=double)
            expected = oracle_batch(hands, masks, five_of_a_kind_top=top, double_ace_flush=double)
            wrong = np.flatnonzero(got != expected)
            assert wrong.size == 0, (
                f"{size} cards, {wilds} wild: {hands[wrong[0]].tolist()} mask "
                f"{int(masks[wrong[0]]):#x} gives {got[wrong[0]]:#x}, "
                f"oracle {expected[wrong[0]]:#x}"
            )


@pytest.mark.parametrize(("top", "double"), RULES)
def test_matches_the_reference_evaluator(top: bool, double: bool) -> None:
    rng = np.random.default_rng(11 + 2 * top + double)
    for size in (5, 6, 7):
        for wilds in range(size + 1):
            hands, masks = dense_hands(rng, 6, size, wilds, DECKS["two-suits"])
            got = evaluate_batch(hands, masks, five_of_a_kind_top=top, double_ace_flush=double)
            for row, value in enumerate(got):
                wild = [Card.of(code) for code in range(52) if int(masks[row]) >> code & 1]
                cards = [Card.of(int(code)) for code in hands[row]]
                reference = evaluate(
                    cards, wild, five_of_a_kind_top=top, double_ace_flush=double
                ).value
                assert value == reference, (cards, wild)


@pytest.mark.parametrize(
    ("cards", "wild", "category", "ranks"),
    [
        ("As Ks Qs Js Ts 2c 3d", None, Category.STRAIGHT_FLUSH, "A"),
        ("5d 4d 3d 2d Ad Kd", None, Category.STRAIGHT_FLUSH, "5"),
        ("9c 9d 9h 9s Ac Ad Ah", None, Category.FOUR_OF_A_KIND, "9 A"),
        ("9c 9d 9h Ks Kc 2d 2h", None, Category.FULL_HOUSE, "9 K"),
        ("9c 9d 9h Ks Kc Kd 2h", None, Category.FULL_HOUSE, "K 9"),
        ("Kh 9h 7h 4h 3h 2h 8c", None, Category.FLUSH, "K 9 7 4 3"),
        ("5c 4d 3h 2s Ac Kd", None, Category.STRAIGHT, "5"),
        ("9c 9d Kh Ks 2c 2d Ah", None, Category.TWO_PAIR, "K 9 A"),
        ("Ac Jd 9h 8s 2c 3d 4h", None, Category.HIGH_CARD, "A J 9 8 4"),
        # Wilds copy held ranks: five of a kind, and five wilds are five aces.
        ("7c 7d 7h 2s 2h Ks", "2", Category.FIVE_OF_A_KIND, "7"),
        ("2c 2d 2h 2s Qc Qd", "2,Q", Category.FIVE_OF_A_KIND, "A"),
        # A wild in a flush takes the best card of the suit not held.
        ("Ah Kh 8h 4h 7s 7c", "7", Category.FLUSH, "A K Q J 8"),
        ("Kh Qh Jh 2c 2d", "2", Category.STRAIGHT_FLUSH, "A"),
        # Two pairs and a wild: the higher pair becomes trips.
        ("Kc Kd 8h 8s Qc 3d", "Q", Category.FULL_HOUSE, "K 8"),
        ("Kc 5d 8h Js Qc 3d", "Q", Category.ONE_PAIR, "K J 8 5"),
        ("Kc 5d 8h 2s Qc Qd", "Q", Category.THREE_OF_A_KIND, "K 8 5"),
    ],
)
def test_known_hands(cards: str, wild: str | None, category: Category, ranks: str) -> None:
    codes = np.array([[card.code for card in parse_cards(cards)]])
    expected = encode(category, [Rank("23456789TJQKA".index(r)) for r in ranks.split()])
    assert int(evaluate_batch(codes, wild_mask(wild))[0]) == expected


def test_house_rules() -> None:
    five_wilds = np.array([[card.code for card in parse_cards("2c 2d 2h 2s 3c")]])
    mask = wild_mask("2,3")
    on_top = evaluate_batch(five_wilds, mask)
    below = evaluate_batch(five_wilds, mask, five_of_a_kind_top=False)
    assert categories(on_top).tolist() == [Category.FIVE_OF_A_KIND]
    # Five of a kind under a straight flush: the five wilds make a royal flush instead.
    assert below[0] == encode(Category.STRAIGHT_FLUSH, [Rank.ACE], five_of_a_kind_top=False)

    flush = np.array([[card.code for card in parse_cards("Ah Kh 8h 4h 7s 7c")]])
    double = evaluate_batch(flush, wild_mask("7"), double_ace_flush=True)
    ace, king, eight = Rank.ACE, Rank.KING, Rank.EIGHT
    assert double[0] == encode(Category.FLUSH, [ace, ace, ace, king, eight])


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_forms_agree(size: int) -> None:
    # Each form runs its own compiled loop: one shared mask, no wild card at all, a mask per
    # hand, all cores. They must give the same values.
    rng = np.random.default_rng(size)
    hands = np.argsort(rng.random((4000, 52)), axis=1)[:, :size]
    masks = rng.choice([0, wild_mask("2"), wild_mask("Q,7"), wild_mask("Js")], size=4000)
    per_hand = evaluate_batch(hands, masks)
    one_by_one = [evaluate_batch(hands[row : row + 1], mask)[0] for row, mask in enumerate(masks)]
    assert per_hand.tolist() == one_by_one
    assert (evaluate_batch(hands, masks, parallel=True) == per_hand).all()
    for mask in (0, wild_mask("2")):
        shared = evaluate_batch(hands, mask)
        assert (shared == evaluate_batch(hands, np.full(4000, mask))).all()
        assert (shared == evaluate_batch(hands, mask, parallel=True)).all()
    for dtype in (np.int8, np.uint8, np.int16, np.int32, np.uint64):
        assert (evaluate_batch(hands.astype(dtype), masks.astype(np.uint64)) == per_hand).all()
    assert (evaluate_batch(hands.tolist()) == evaluate_batch(hands, 0)).all()
    assert evaluate_batch(np.zeros((0, size), dtype=np.uint8)).shape == (0,)


def test_categories() -> None:
    values = [encode(category, [Rank.ACE]) for category in Category]
    assert categories(values).tolist() == list(range(10))
    below = [encode(category, [Rank.TWO], five_of_a_kind_top=False) for category in Category]
    assert categories(np.array(below)).tolist() == list(range(10))
    with pytest.raises(HandValueError, match="integers"):
        categories([1.5])
    with pytest.raises(HandValueError, match="-1"):
        categories([0, -1])


@pytest.mark.parametrize(
    ("cards", "masks", "error", "message"),
    [
        ([0, 1, 2, 3, 4], 0, HandSizeError, "2-D"),
        ([[0, 1, 2, 3]], 0, HandSizeError, "5, 6 or 7 cards, got 4"),
        ([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9, 10]], 0, HandSizeError, "same number"),
        ([list(range(8))], 0, HandSizeError, "got 8"),
        ([[0.0, 1, 2, 3, 4]], 0, CardError, "integers"),
        ([[0, 1, 2, 3, 4], [5, 6, 7, 8, 52]], 0, CardError, "52 in hand 1"),
        ([[0, 1, 2, 3, -1]], 0, CardError, "-1 in hand 0"),
        ([[0, 1, 2, 3, 4], [9, 8, 7, 9, 6]], 0, DuplicateCardError, "hand 1: 4d"),
        ([[0, 1, 2, 3, 4]], [0, 0], WildSpecError, "one per hand"),
        ([[0, 1, 2, 3, 4]], 1 << 52, WildSpecError, "0x10000000000000"),
        ([[0, 1, 2, 3, 4]], -1, WildSpecError, "-0x1"),
        ([[0, 1, 2, 3, 4]], 0.5, WildSpecError, "integers"),
    ],
)
def test_bad_input(cards: object, masks: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        evaluate_batch(cards, masks)  # type: ignore[arg-type]


def test_tables() -> None:
    ace_king_five = (1 << 12) | (1 << 11) | (1 << 3)
    assert TOP5[ace_king_five] == 0xDC400
    wheel = 0b1000000001111
    assert STRAIGHT[wheel] == 4  # five high
    assert STRAIGHT[MASKS + (wheel & ~1)] == 4  # the wild is the deuce
    assert STRAIGHT[2 * MASKS + (wheel & ~1)] == 6  # two wilds: seven high
    suited = (1 << 12) | (1 << 11) | (1 << 6) | (1 << 2)
    assert FLUSH[MASKS + suited] == 0xDCB73
    assert FLUSH_DOUBLE_ACE[MASKS + suited] == 0xDDC73
