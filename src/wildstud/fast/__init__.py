"""The compiled batch evaluator: millions of stud hands as integers over bit masks.

:func:`evaluate_batch` gives each hand the same integer as :func:`wildstud.hands.evaluate`
(layout in :mod:`wildstud.hands.encoding`), under the same house rules, so that larger is
better and equal integers tie. Hands are rows of card codes (``rank * 4 + suit``, see
:mod:`wildstud.cards`); wild cards are 52-bit masks, one for all hands or one per hand.

>>> import numpy as np
>>> from wildstud.cards import parse_cards, wild_mask
>>> hands = np.array([[c.code for c in parse_cards(text)] for text in (
...     "As Ad Ah 7c 7d 8s 3h",   # aces full of sevens
...     "2c 6h 9d 3h 4h 5h Js",   # the wild deuce makes a seven-high straight flush
... )])
>>> values = evaluate_batch(hands, wild_mask("2"))
>>> [Category(c).name for c in categories(values)]
['FULL_HOUSE', 'STRAIGHT_FLUSH']
>>> bool(values[1] > values[0])
True
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from wildstud.cards import Card
from wildstud.errors import (
    CardError,
    DuplicateCardError,
    HandSizeError,
    HandValueError,
    WildSpecError,
)
from wildstud.fast import kernels, tables
from wildstud.fast.enumeration import CategoryCounts, category_counts
from wildstud.hands.encoding import CATEGORY_SHIFT, Category

__all__ = [
    "Category",
    "CategoryCounts",
    "categories",
    "category_counts",
    "evaluate_batch",
]

HAND_SIZES = (5, 6, 7)
_CARD_LIMIT = 1 << 52


def evaluate_batch(
    cards: npt.ArrayLike,
    wild_masks: npt.ArrayLike = 0,
    *,
    five_of_a_kind_top: bool = True,
    double_ace_flush: bool = False,
    parallel: bool = False,
) -> npt.NDArray[np.int64]:
    """The value of each hand: ``cards`` has shape (hands, 5 | 6 | 7) of card codes 0-51;
    ``wild_masks`` is one 52-bit mask of wild cards for every hand, or one per hand.

    ``five_of_a_kind_top`` and ``double_ace_flush`` are the house rules of
    :mod:`wildstud.hands`; ``parallel`` spreads the hands over all cores. An array of
    ``uint8`` codes is used without a copy.

    >>> five_aces = np.arange(47, 52).reshape(1, 5)  # the king of spades, then four aces
    >>> hex(int(evaluate_batch(five_aces, 1 << 47)[0]))
    '0x99d0000'
    >>> evaluate_batch([[0, 1, 2, 3, 3]])
    Traceback (most recent call last):
    ...
    wildstud.errors.DuplicateCardError: card given twice in hand 0: 2s
    """
    codes = _card_codes(cards)
    wilds, shared = _wild_masks(wild_masks, codes.shape[0])
    out = np.empty(codes.shape[0], dtype=np.int64)
    if out.size == 0:
        return out
    tables_in_force = tables.kernel_tables(double_ace_flush)
    if parallel:
        blocks = min(codes.shape[0], 16 * numba.get_num_threads())
        bad = kernels.evaluate_rows_parallel(
            codes, wilds, shared, five_of_a_kind_top, tables_in_force, out, blocks
        )
    else:
        bad = kernels.evaluate_block(
            codes, wilds, shared, five_of_a_kind_top, tables_in_force, out, 0, len(out)
        )
    if bad:
        row = int(np.argmax(out < 0))
        hand = [int(code) for code in codes[row]]
        twice = sorted({code for code in hand if hand.count(code) > 1})
        named = " ".join(str(Card.of(code)) for code in twice)
        raise DuplicateCardError(f"card given twice in hand {row}: {named}")
    return out


def categories(values: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """The :class:`~wildstud.hands.encoding.Category` of each encoded value, as integers.

    >>> categories([0x99D0000, 0x0DCBA9]).tolist()
    [9, 0]
    """
    array = np.asarray(values)
    if not np.issubdtype(array.dtype, np.integer):
        raise HandValueError(f"hand values must be integers, got an array of {array.dtype}")
    if array.size and array.min() < 0:
        raise HandValueError(f"not a hand value: {array.min()} (values are never negative)")
    return (array.astype(np.int64, copy=False) >> CATEGORY_SHIFT) & 0xF


def _card_codes(cards: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    try:
        array = np.asarray(cards)
    except ValueError:  # rows of different lengths
        raise HandSizeError("every hand of a batch must hold the same number of cards") from None
    if array.ndim != 2:
        raise HandSizeError(
            f"hands must be a 2-D array of card codes (hands × cards), got shape {array.shape}"
        )
    if array.shape[1] not in HAND_SIZES:
        raise HandSizeError(f"a hand must hold 5, 6 or 7 cards, got {array.shape[1]}")
    if not np.issubdtype(array.dtype, np.integer):
        raise CardError(f"card codes must be integers 0-51, got an array of {array.dtype}")
    if array.size and (array.min() < 0 or array.max() > 51):
        row, column = (int(i) for i in np.argwhere((array < 0) | (array > 51))[0])
        raise CardError(f"not a card code: {array[row, column]} in hand {row} (expected 0 to 51)")
    return np.ascontiguousarray(array, dtype=np.uint8)


def _wild_masks(wild_masks: npt.ArrayLike, hands: int) -> tuple[npt.NDArray[np.int64], bool]:
    """The masks as int64 (every one below 2**52), and whether one mask serves every hand."""
    array = np.asarray(wild_masks)
    if not np.issubdtype(array.dtype, np.integer):
        raise WildSpecError(f"wild masks must be integers, got {array.dtype}")
    shared = array.ndim == 0
    if shared:
        array = array.reshape(1)
    elif array.shape != (hands,):
        raise WildSpecError(
            f"wild masks must be one mask or one per hand ({hands}), got shape {array.shape}"
        )
    if array.size and (array.min() < 0 or array.max() >= _CARD_LIMIT):
        bad = next(int(m) for m in array.tolist() if not 0 <= m < _CARD_LIMIT)
        raise WildSpecError(f"not a wild mask: {bad:#x} (expected a set of card bits 0-51)")
    return np.ascontiguousarray(array, dtype=np.int64), shared
