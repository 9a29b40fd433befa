"""Both evaluators agree with the brute-force oracle on random hands.

The hands are stratified: every hand size from one to seven cards (five to seven for the fast
evaluator) meets every possible number of wild cards, under every combination of the two house
rules, with wild ranks and with single wild cards. ``WILDSTUD_ORACLE_HANDS`` sets how many hands
each evaluator is checked on (``scripts/oracle-check`` runs a million).
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import pytest

from tests.tools.oracle import card_code, oracle_batch, oracle_value
from wildstud.cards import Card, Rank, RankLike, parse_card
from wildstud.hands import Category, encode, evaluate

HANDS = int(os.environ.get("WILDSTUD_ORACLE_HANDS", "24000"))
SEED = os.environ.get("WILDSTUD_ORACLE_SEED", "0")
RULES = [
    pytest.param(
        top, double, id=f"{'five-top' if top else 'five-below'}-{'double' if double else 'plain'}"
    )
    for top in (True, False)
    for double in (False, True)
]
MODES = ["ranks", "cards"]


@dataclass(frozen=True)
class Deal:
    cards: tuple[Card, ...]
    spec: str | list[RankLike | Card]
    """The wild cards as the evaluator is told them, in one of the forms it accepts."""
    mask: int
    """The same wild cards as a 52-bit mask, worked out apart from the evaluator's parsing."""
    wilds: int


def cells(sizes: range) -> list[tuple[int, int]]:
    """Every (hand size, wilds in the hand) pair, full hands counted twice as often."""
    return [
        (size, wilds) for size in sizes for wilds in range(size + 1) for _ in range(1 + (size >= 5))
    ]


def deals(seed: str, count: int, sizes: range, mode: str) -> Iterator[Deal]:
    rng = random.Random(f"{SEED}-{seed}")
    strata = cells(sizes)
    for index in range(max(count, len(strata))):
        size, wilds = strata[index % len(strata)]
        yield deal_ranks(rng, size, wilds) if mode == "ranks" else deal_cards(rng, size, wilds)


def deal_ranks(rng: random.Random, size: int, wilds: int) -> Deal:
    """A hand with exactly ``wilds`` cards of the wild ranks."""
    ranks = rng.sample(range(13), rng.randint(max(1, -(-wilds // 4)), 3))
    wild_codes = [rank * 4 + suit for rank in ranks for suit in range(4)]
    other_codes = [code for code in range(52) if code // 4 not in ranks]
    codes = rng.sample(wild_codes, wilds) + rng.sample(other_codes, size - wilds)
    rng.shuffle(codes)
    form = rng.randrange(4)
    spec: str | list[RankLike | Card]
    if form == 0:
        spec = ",".join("23456789TJQKA"[rank] for rank in ranks)
    elif form == 1:
        spec = [Rank(rank) for rank in ranks]
    elif form == 2:
        spec = list(ranks)
    else:
        spec = " ".join(Rank(rank).label for rank in ranks)
    mask = sum(1 << code for code in wild_codes)
    return Deal(tuple(Card.of(code) for code in codes), spec, mask, wilds)


def deal_cards(rng: random.Random, size: int, wilds: int) -> Deal:
    """A hand with ``wilds`` of its cards named wild one by one, plus wild cards it lacks and
    sometimes a wild rank it lacks."""
    codes = rng.sample(range(52), size + 3)
    hand, outside = codes[:size], codes[size:]
    named = rng.sample(hand, wilds) + outside[: rng.randrange(4)]
    absent_ranks = sorted({*range(13)} - {code // 4 for code in hand})
    extra_rank = [rng.choice(absent_ranks)] if absent_ranks and rng.random() < 0.3 else []
    cards = tuple(Card.of(code) for code in hand)
    spec: str | list[RankLike | Card]
    if rng.random() < 0.5:
        spec = [*(Card.of(code) for code in named), *(Rank(rank) for rank in extra_rank)]
    else:
        spec = ",".join(
            [str(Card.of(code)) for code in named] + ["23456789TJQKA"[r] for r in extra_rank]
        )
    mask = sum(1 << code for code in named) | sum(0xF << (4 * rank) for rank in extra_rank)
    return Deal(cards, spec, mask, wilds)


def oracle_values(hands: list[Deal], top: bool, double: bool) -> np.ndarray:
    codes = np.full((len(hands), 7), -1, dtype=np.int64)
    for row, deal in enumerate(hands):
        codes[row, : len(deal.cards)] = [card.code for card in deal.cards]
    masks = np.array([deal.mask for deal in hands], dtype=np.uint64)
    return oracle_batch(codes, masks, five_of_a_kind_top=top, double_ace_flush=double)


def explain(deal: Deal, expected: int, got: int) -> str:
    return (
        f"{' '.join(map(str, deal.cards))} wild {deal.spec!r}: oracle {expected:#x}, got {got:#x}"
    )


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("top", "double"), RULES)
def test_reference_evaluator_matches_the_oracle(mode: str, top: bool, double: bool) -> None:
    seed = f"reference-{mode}-{top}-{double}"
    hands = list(deals(seed, HANDS // (len(RULES) * len(MODES)), range(1, 8), mode))
    for deal in hands:
        assert bin(deal.mask & sum(card.mask for card in deal.cards)).count("1") == deal.wilds
    expected = oracle_values(hands, top, double)
    got = [
        evaluate(deal.cards, deal.spec, five_of_a_kind_top=top, double_ace_flush=double).value
        for deal in hands
    ]
    wrong = [
        explain(deal, int(e), g) for deal, e, g in zip(hands, expected, got, strict=True) if e != g
    ]
    assert not wrong, f"{len(wrong)} of {len(hands)} hands differ, e.g.\n" + "\n".join(wrong[:10])
    seen = {(len(deal.cards), deal.wilds) for deal in hands}
    assert seen == set(cells(range(1, 8)))


@pytest.mark.parametrize(("top", "double"), RULES)
def test_fast_evaluator_matches_the_oracle(top: bool, double: bool) -> None:
    fast = pytest.importorskip("wildstud.fast")
    if not hasattr(fast, "evaluate_batch"):
        pytest.skip("wildstud.fast has no evaluate_batch yet")
    for mode in MODES:
        seed = f"fast-{mode}-{top}-{double}"
        hands = list(deals(seed, HANDS // (len(RULES) * len(MODES)), range(5, 8), mode))
        expected = oracle_values(hands, top, double)
        for size in (5, 6, 7):
            rows = [row for row, deal in enumerate(hands) if len(deal.cards) == size]
            codes = np.array(
                [[card.code for card in hands[row].cards] for row in rows], dtype=np.int64
            )
            masks = np.array([hands[row].mask for row in rows], dtype=np.uint64)
            got = fast.evaluate_batch(codes, masks, five_of_a_kind_top=top, double_ace_flush=double)
            wrong = [
                explain(hands[row], int(expected[row]), int(value))
                for row, value in zip(rows, got, strict=True)
                if value != expected[row]
            ]
            assert not wrong, (
                f"{len(wrong)} of {len(rows)} {size}-card hands differ, e.g.\n"
                + "\n".join(wrong[:10])
            )


# The oracle itself: its own copy of the encoding, and natural hands against a third party.

ORACLE_CASES = [
    ("As Ks Qs Js Ts", (), Category.STRAIGHT_FLUSH, "A"),
    ("5d 4d 3d 2d Ad", (), Category.STRAIGHT_FLUSH, "5"),
    ("9c 9d 9h 9s 2c", (), Category.FOUR_OF_A_KIND, "9 2"),
    ("9c 9d 9h 2s 2c", (), Category.FULL_HOUSE, "9 2"),
    ("Kh 9h 7h 4h 3h", (), Category.FLUSH, "K 9 7 4 3"),
    ("5c 4d 3h 2s Ac", (), Category.STRAIGHT, "5"),
    ("9c 9d 9h Ks 2c", (), Category.THREE_OF_A_KIND, "9 K 2"),
    ("9c 9d Kh Ks 2c", (), Category.TWO_PAIR, "K 9 2"),
    ("9c 9d Kh Qs 2c", (), Category.ONE_PAIR, "9 K Q 2"),
    ("Ac Jd 9h 8s 2c", (), Category.HIGH_CARD, "A J 9 8 2"),
    ("Ac Ad 7h 2s 2h 2d", ("2s", "2h", "2d"), Category.FIVE_OF_A_KIND, "A"),
    ("7c 7d 7h 2s 2h Ks", ("2s", "2h"), Category.FIVE_OF_A_KIND, "7"),
    ("Kh Qh Jh 2c 2d", ("2c", "2d"), Category.STRAIGHT_FLUSH, "A"),
    ("Kh Qh 2c 2d 3s", ("2c", "2d"), Category.THREE_OF_A_KIND, "K Q 3"),
    ("Ah Kh 8h 4h 7s 7c", ("7s", "7c"), Category.FLUSH, "A K Q J 8"),
    ("Ks Kh 2c", ("2c",), Category.THREE_OF_A_KIND, "K"),
    ("As Ks Qs Js", (), Category.HIGH_CARD, "A K Q J"),
    ("2c", ("2c",), Category.HIGH_CARD, "A"),
]


@pytest.mark.parametrize(("cards", "wild", "category", "tiebreak"), ORACLE_CASES)
@pytest.mark.parametrize("top", [True, False])
def test_oracle_known_hands(
    cards: str, wild: tuple[str, ...], category: Category, tiebreak: str, top: bool
) -> None:
    ranks = [Rank("23456789TJQKA".index(char)) for char in tiebreak.split()]
    codes = [card_code(card) for card in wild]
    assert oracle_value(cards.split(), codes, five_of_a_kind_top=top) == encode(
        category, ranks, top
    )


def test_oracle_double_ace_flush() -> None:
    codes = [card_code("7s"), card_code("7c")]
    value = oracle_value(["Ah", "Kh", "8h", "4h", "7s", "7c"], codes, double_ace_flush=True)
    assert value == encode(Category.FLUSH, [Rank.ACE, Rank.ACE, Rank.ACE, Rank.KING, Rank.EIGHT])


def test_oracle_card_codes_match_the_cards_module() -> None:
    for code in range(52):
        card = Card.of(code)
        assert card_code(str(card)) == code == parse_card(str(card)).code


def test_oracle_orders_natural_hands_like_eval7() -> None:
    # eval7 is a widely used, independent C evaluator; without wild cards the oracle must put
    # hands in exactly its order.
    eval7 = pytest.importorskip("eval7")
    rng = random.Random(7)
    hands = [rng.sample(range(52), rng.choice((5, 6, 7))) for _ in range(3000)]
    codes = np.full((len(hands), 7), -1, dtype=np.int64)
    for row, hand in enumerate(hands):
        codes[row, : len(hand)] = hand
    ours = oracle_batch(codes, np.zeros(len(hands), dtype=np.uint64))
    theirs = [eval7.evaluate([eval7.Card(str(Card.of(code))) for code in hand]) for hand in hands]
    names = {
        "High Card": Category.HIGH_CARD,
        "Pair": Category.ONE_PAIR,
        "Two Pair": Category.TWO_PAIR,
        "Trips": Category.THREE_OF_A_KIND,
        "Straight": Category.STRAIGHT,
        "Flush": Category.FLUSH,
        "Full House": Category.FULL_HOUSE,
        "Quads": Category.FOUR_OF_A_KIND,
        "Straight Flush": Category.STRAIGHT_FLUSH,
    }
    for value, their in zip(ours, theirs, strict=True):
        assert (int(value) >> 20) & 0xF == names[eval7.handtype(their)]
    order = np.argsort(ours, kind="stable")
    for before, after in itertools.pairwise(order):
        assert (ours[before] < ours[after]) == (theirs[before] < theirs[after])
        assert (ours[before] == ours[after]) == (theirs[before] == theirs[after])
