"""Lookup tables over 13-bit rank masks, built with numpy when the module is imported.

Bit ``r`` of a *rank mask* stands for rank ``r`` (0 = deuce … 12 = ace). Tables indexed by a
mask and a wild count use the index ``wilds * MASKS + mask`` (wild-major, so that the part for
no wilds is one compact block). Tie-break ranks are packed
as in :mod:`wildstud.hands.encoding`: five nibbles holding ``rank + 1``, most significant
first, 0 where there is no card.

>>> mask = (1 << 12) | (1 << 11) | (1 << 3)  # ace, king, five
>>> hex(int(TOP5[mask]))
'0xdc400'
>>> int(POPCOUNT[mask]), int(STRAIGHT[2 * MASKS + mask])  # A-K + 2 wilds: no straight
(3, 0)
>>> int(STRAIGHT[3 * MASKS + mask])  # three wilds: ace-high straight (rank + 1)
13
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = [
    "FLUSH",
    "FLUSH_DOUBLE_ACE",
    "MASKS",
    "POPCOUNT",
    "RANKS",
    "STRAIGHT",
    "SUITED",
    "TOP5",
    "WILD_SLOTS",
    "kernel_tables",
]

RANKS = 13
MASKS = 1 << RANKS
WILD_SLOTS = 8
"""Wild counts 0 to 7: a stud hand holds at most seven cards."""

_ACE = RANKS - 1
_masks = np.arange(MASKS, dtype=np.int64)


def _popcount() -> npt.NDArray[np.uint8]:
    counts = np.zeros(MASKS, dtype=np.uint8)
    for rank in range(RANKS):
        counts += ((_masks >> rank) & 1).astype(np.uint8)
    return counts


def _top5(masks: npt.NDArray[np.int64]) -> npt.NDArray[np.int32]:
    """The five highest ranks of each mask as packed nibbles."""
    packed = np.zeros(masks.shape, dtype=np.int32)
    taken = np.zeros(masks.shape, dtype=np.int32)
    for rank in range(_ACE, -1, -1):
        present = (((masks >> rank) & 1) == 1) & (taken < 5)
        shift = 4 * (4 - taken[present])
        packed[present] |= (rank + 1) << shift
        taken += present
    return packed


def _windows() -> list[tuple[int, int]]:
    """(top rank + 1, rank mask) of every straight, best first; the wheel plays the ace low."""
    windows = [(top + 1, 0b11111 << (top - 4)) for top in range(_ACE, 3, -1)]
    windows.append((4, 0b1111 | (1 << _ACE)))
    return windows


def _straight() -> npt.NDArray[np.uint8]:
    """Best straight top (rank + 1, or 0 for none) for each mask and number of wilds."""
    table = np.zeros((WILD_SLOTS, MASKS), dtype=np.uint8)
    for wilds in range(WILD_SLOTS):
        best = np.zeros(MASKS, dtype=np.uint8)
        # Worst window first so that better windows overwrite it.
        for top, window in reversed(_windows()):
            missing = POPCOUNT[window & ~_masks]
            best[missing <= wilds] = top
        table[wilds] = best
    return table.reshape(-1)


def _flush() -> npt.NDArray[np.int32]:
    """Flush tie-break with each wild filling the best rank of the suit not already held."""
    table = np.zeros((WILD_SLOTS, MASKS), dtype=np.int32)
    for wilds in range(WILD_SLOTS):
        filled = _masks.copy()
        left = np.full(MASKS, wilds, dtype=np.int64)
        for rank in range(_ACE, -1, -1):
            fill = (((filled >> rank) & 1) == 0) & (left > 0)
            filled[fill] |= 1 << rank
            left -= fill
        table[wilds] = _top5(filled)
    return table.reshape(-1)


def _flush_double_ace() -> npt.NDArray[np.int32]:
    """Flush tie-break under the double-ace house rule: every wild is an ace, held or not."""
    table = np.zeros((WILD_SLOTS, MASKS), dtype=np.int32)
    for wilds in range(WILD_SLOTS):
        aces = 0
        for position in range(min(wilds, 5)):
            aces |= (_ACE + 1) << (4 * (4 - position))
        # The naturals' best ranks slide down behind the aces.
        table[wilds] = aces | (TOP5 >> (4 * wilds)) if wilds < 5 else aces
    return table.reshape(-1)


POPCOUNT: npt.NDArray[np.uint8] = _popcount()
"""Number of ranks in each mask."""
TOP5: npt.NDArray[np.int32] = _top5(_masks)
"""The five highest ranks of each mask, packed; ``(TOP5[m] >> 16) - 1`` is the highest rank."""
STRAIGHT: npt.NDArray[np.uint8] = _straight()
"""Best straight top (rank + 1, 0 = none), indexed ``wilds * MASKS + mask``."""
FLUSH: npt.NDArray[np.int32] = _flush()
"""Flush tie-break of a suit's ranks with wilds filling its best missing ranks."""
FLUSH_DOUBLE_ACE: npt.NDArray[np.int32] = _flush_double_ace()
"""Flush tie-break of a suit's ranks with every wild an ace (double-ace flush house rule)."""
SUITED: npt.NDArray[np.int64] = np.array(
    [(1 << (16 * (code & 3) + (code >> 2))) | (1 << (16 * (code & 3) + 13)) for code in range(52)],
    dtype=np.int64,
)
"""Each card code's word in a suit-major sum: in the suit's 16-bit lane, the rank's bit and a
one at bit 13, so that a sum over distinct cards holds each suit's rank mask (bits 0-12) and
card count (bits 13-15)."""


def kernel_tables(double_ace_flush: bool = False) -> tuple[npt.NDArray[np.generic], ...]:
    """The tables a kernel takes, in its order, with the flush table of the house rule."""
    return (TOP5, STRAIGHT, FLUSH_DOUBLE_ACE if double_ace_flush else FLUSH, SUITED)
