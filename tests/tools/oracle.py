"""The oracle: a brute-force hand evaluator that checks :mod:`wildstud.hands` and
:mod:`wildstud.fast`.

It knows nothing clever: it tries every five-card subset of the hand (the whole hand when it
holds fewer than five cards) and every way of giving ranks to the wild cards in that subset,
values each plain result, and keeps the best. It shares no code with the evaluators it checks,
not even the encoding, which it writes out again; the tests compare that copy with
:func:`wildstud.hands.encoding.encode`.

Rules, as the house rules define them: wild cards are fully wild and may copy ranks already
held; a flush needs every natural card of the five in one suit, and by default five distinct
ranks (each wild takes a card of the suit that the five lack), while under the double-ace house
rule the wilds' ranks may repeat; five of a kind sits on top or, with
``five_of_a_kind_top=False``, just under a straight flush; boards of fewer than five cards have
no straights or flushes.

The functions are compiled with Numba (cached beside this file) and run in parallel over a
batch. The test command compiles them once before the workers start (``python -m
tests.tools.oracle``), so that the workers whose tests or doctests call the oracle load them
from the cache instead of each compiling them (8 s of CPU). Card codes are ``rank * 4 + suit``;
a negative code is no card, so one array can hold hands of different sizes.

>>> oracle_value(["As", "Ks", "Qs", "Js", "Ts"]) >> 20 & 15  # a straight flush
8
>>> oracle_value(["2c", "2d"], wild_codes=[0]) >> 20 & 15  # a pair, using the wild deuce
1
"""

from __future__ import annotations

from collections.abc import Sequence

import numba
import numpy as np
import numpy.typing as npt

__all__ = ["card_code", "oracle_batch", "oracle_value"]

STRAIGHT = 4
FLUSH = 5
STRAIGHT_FLUSH = 8
FIVE_OF_A_KIND = 9


@numba.njit(cache=True)
def _encode(category: int, tiebreak: int, five_top: bool) -> int:
    slot = category
    if not five_top and category >= STRAIGHT_FLUSH:
        slot = STRAIGHT_FLUSH + FIVE_OF_A_KIND - category
    return (slot << 24) | (category << 20) | tiebreak


@numba.njit(cache=True)
def _plain_value(counts: npt.NDArray[np.int64], size: int, flush_ok: bool, five_top: bool) -> int:
    """The value of a plain hand (no wild cards) given its rank counts.

    ``flush_ok`` says whether its cards can all be of one suit. Fewer than five cards rank by
    their groups only.
    """
    # Groups by size, then rank, both from the top: these ranks are the tie-break of every
    # hand that is not a straight or a flush. Only the group sizes present are scanned for.
    present = 0
    for rank in range(13):
        present |= 1 << counts[rank]
    tiebreak = 0
    groups = 0
    first_size = 0
    second_size = 0
    first_rank = -1
    last_rank = -1
    second_rank = -1
    for size_wanted in range(5, 0, -1):
        if not present & (1 << size_wanted):
            continue
        for rank in range(12, -1, -1):
            if counts[rank] == size_wanted:
                tiebreak |= (rank + 1) << (4 * (4 - groups))
                if groups == 0:
                    first_size = size_wanted
                    first_rank = rank
                elif groups == 1:
                    second_size = size_wanted
                    second_rank = rank
                last_rank = rank
                groups += 1
    if first_size == 5:
        category = 9
    elif first_size == 4:
        category = 7
    elif first_size == 3 and second_size == 2:
        category = 6
    elif first_size == 3:
        category = 3
    elif first_size == 2 and second_size == 2:
        category = 2
    elif first_size == 2:
        category = 1
    else:
        category = 0
    best = _encode(category, tiebreak, five_top)
    if size < 5:
        return best

    straight_top = -1
    if groups == 5:
        if first_rank - last_rank == 4:
            straight_top = first_rank
        elif first_rank == 12 and second_rank == 3:
            straight_top = 3  # the wheel: the ace plays low
    if straight_top >= 0:
        best = max(best, _encode(STRAIGHT, (straight_top + 1) << 16, five_top))
    if flush_ok:
        if straight_top >= 0:
            best = max(best, _encode(STRAIGHT_FLUSH, (straight_top + 1) << 16, five_top))
        flush_tiebreak = 0
        position = 0
        for rank in range(12, -1, -1):
            for _ in range(counts[rank]):
                flush_tiebreak |= (rank + 1) << (4 * (4 - position))
                position += 1
        best = max(best, _encode(FLUSH, flush_tiebreak, five_top))
    return best


@numba.njit(cache=True)
def _hand_value(
    codes: npt.NDArray[np.int64], wild: npt.NDArray[np.bool_], five_top: bool, double_ace: bool
) -> int:
    """The best value of one hand: every subset, every rank for every wild in it."""
    natural_ranks = np.empty(7, np.int64)
    natural_suits = np.empty(7, np.int64)
    naturals = 0
    wilds = 0
    for position in range(codes.shape[0]):
        code = codes[position]
        if code < 0:
            continue
        if wild[position]:
            wilds += 1
        else:
            natural_ranks[naturals] = code // 4
            natural_suits[naturals] = code % 4
            naturals += 1
    size = min(naturals + wilds, 5)
    counts = np.zeros(13, np.int64)
    chosen = np.empty(5, np.int64)
    assigned = np.empty(5, np.int64)
    best = -1
    # Wild cards are interchangeable, so a subset is its natural cards plus how many wilds.
    for wilds_used in range(min(wilds, size) + 1):
        picked = size - wilds_used
        if picked > naturals:
            continue
        for position in range(picked):
            chosen[position] = position
        while True:
            one_suit = True
            for position in range(picked):
                counts[natural_ranks[chosen[position]]] += 1
                if natural_suits[chosen[position]] != natural_suits[chosen[0]]:
                    one_suit = False
            # Every multiset of ranks for the wilds, as a non-decreasing sequence.
            for position in range(wilds_used):
                assigned[position] = 0
            while True:
                # Natural cards of one suit have distinct ranks, so only the wilds can repeat
                # one where a flush is in question.
                distinct = True
                for position in range(wilds_used):
                    counts[assigned[position]] += 1
                    if counts[assigned[position]] > 1:
                        distinct = False
                flush_ok = size == 5 and one_suit and (distinct or double_ace)
                best = max(best, _plain_value(counts, size, flush_ok, five_top))
                for position in range(wilds_used):
                    counts[assigned[position]] -= 1
                position = wilds_used - 1
                while position >= 0 and assigned[position] == 12:
                    position -= 1
                if position < 0:
                    break
                assigned[position] += 1
                for later in range(position + 1, wilds_used):
                    assigned[later] = assigned[position]
            for position in range(picked):
                counts[natural_ranks[chosen[position]]] -= 1
            # The next combination of natural cards, in lexicographic order.
            position = picked - 1
            while position >= 0 and chosen[position] == naturals - picked + position:
                position -= 1
            if position < 0:
                break
            chosen[position] += 1
            for later in range(position + 1, picked):
                chosen[later] = chosen[later - 1] + 1
    return best


@numba.njit(cache=True, parallel=True)
def _batch(
    codes: npt.NDArray[np.int64], wild: npt.NDArray[np.bool_], five_top: bool, double_ace: bool
) -> npt.NDArray[np.int64]:
    values = np.empty(codes.shape[0], np.int64)
    for hand in numba.prange(codes.shape[0]):
        values[hand] = _hand_value(codes[hand], wild[hand], five_top, double_ace)
    return values


def card_code(text: str) -> int:
    """The code of a card written as rank and suit letters, such as ``As`` or ``Td``."""
    return "23456789TJQKA".index(text[0].upper()) * 4 + "cdhs".index(text[1].lower())


def oracle_batch(
    codes: npt.ArrayLike,
    wild_masks: npt.ArrayLike,
    *,
    five_of_a_kind_top: bool = True,
    double_ace_flush: bool = False,
) -> npt.NDArray[np.int64]:
    """Values of a batch of hands: ``codes`` (hands × up to 7, ``-1`` for no card) and one
    52-bit wild mask per hand."""
    codes_array = np.ascontiguousarray(codes, dtype=np.int64)
    masks = np.asarray(wild_masks, dtype=np.uint64)
    shifts = np.where(codes_array >= 0, codes_array, 0).astype(np.uint64)
    wild = ((masks[:, None] >> shifts) & np.uint64(1)).astype(np.bool_) & (codes_array >= 0)
    result: npt.NDArray[np.int64] = _batch(
        codes_array, wild, bool(five_of_a_kind_top), bool(double_ace_flush)
    )
    return result


def oracle_value(
    cards: Sequence[str],
    wild_codes: Sequence[int] = (),
    *,
    five_of_a_kind_top: bool = True,
    double_ace_flush: bool = False,
) -> int:
    """The value of one hand given as card text, with the cards whose codes are listed wild."""
    codes = np.array([[card_code(card) for card in cards]], dtype=np.int64)
    mask = 0
    for code in wild_codes:
        mask |= 1 << code
    return int(
        oracle_batch(
            codes,
            np.array([mask], dtype=np.uint64),
            five_of_a_kind_top=five_of_a_kind_top,
            double_ace_flush=double_ace_flush,
        )[0]
    )


if __name__ == "__main__":
    oracle_value(["As", "Ks", "Qs", "Js", "Ts"])  # one batch compiles every kernel
