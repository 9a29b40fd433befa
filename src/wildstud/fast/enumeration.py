"""Exact category counts over every hand of five, six or seven cards from one deck.

Nothing is materialized: a compiled kernel walks the combinations in nested loops, carrying the
bit-mask state of the cards chosen so far, and evaluates each hand as the innermost loop adds
its last card. The work is split by the first cards of a hand (the *prefix*), so that the
cores share it and a caller can follow progress chunk by chunk.

>>> table = category_counts(5, "2")
>>> table.total, table[Category.FIVE_OF_A_KIND]
(2598960, 672)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from math import comb

import numba
import numpy as np
import numpy.typing as npt

from wildstud.cards import Card, RankLike, cards_mask, wild_cards
from wildstud.errors import HandSizeError
from wildstud.fast import kernels, tables
from wildstud.hands.encoding import Category, slot_of

__all__ = ["CategoryCounts", "category_counts", "prefixes"]

DECK_SIZE = 52
_TAIL = 5  # cards the kernel's nested loops add after a prefix


@dataclass(frozen=True, slots=True)
class CategoryCounts:
    """How many hands of ``cards`` cards fall in each category, with the given wild cards.

    ``counts[c]`` is the number of hands whose best five make :class:`Category` ``c``.
    """

    cards: int
    wild: frozenset[Card]
    counts: tuple[int, ...]
    five_of_a_kind_top: bool = True
    double_ace_flush: bool = False

    @property
    def total(self) -> int:
        """Number of hands counted: C(52, cards)."""
        return sum(self.counts)

    def __getitem__(self, category: Category) -> int:
        return self.counts[category]

    def share(self, category: Category) -> float:
        """The fraction of all hands in ``category``."""
        return self.counts[category] / self.total

    def wild_names(self) -> list[str]:
        """The wild cards as text (``2c``), in card-code order (deuces first, clubs first)."""
        return [str(card) for card in sorted(self.wild, key=lambda card: card.code)]

    def as_dict(self) -> dict[str, object]:
        """A plain mapping for JSON: cards, wild (as :meth:`wild_names`), total and the count
        of every category, best first under the five-of-a-kind house rule."""
        ordered = sorted(Category, key=lambda c: slot_of(c, self.five_of_a_kind_top), reverse=True)
        return {
            "cards": self.cards,
            "wild": self.wild_names(),
            "total": self.total,
            "counts": {category.name: self.counts[category] for category in ordered},
        }


def prefixes(cards: int) -> npt.NDArray[np.int64]:
    """The prefixes that split the hands of ``cards`` cards, largest share of the work first:
    rows of two ascending codes, -1 where a hand needs fewer than two.

    >>> prefixes(7).shape, prefixes(6).shape, prefixes(5).tolist()
    ((1081, 2), (47, 2), [[-1, -1]])
    """
    _check_size(cards)
    lead = cards - _TAIL
    last = DECK_SIZE - _TAIL  # highest code a prefix may end on
    rows: list[tuple[int, int]] = []
    if lead == 0:
        rows.append((-1, -1))
    elif lead == 1:
        rows.extend((-1, first) for first in range(last))
    else:
        rows.extend(
            (first, second) for first in range(last - 1) for second in range(first + 1, last)
        )
    rows.sort(key=lambda row: (-_hands_after(row[1]), row))
    return np.array(rows, dtype=np.int64).reshape(-1, 2)


def category_counts(
    cards: int,
    wild: str | Iterable[RankLike | Card] | None = None,
    *,
    five_of_a_kind_top: bool = True,
    double_ace_flush: bool = False,
    on_progress: Callable[[int], None] | None = None,
) -> CategoryCounts:
    """Count the categories of all C(52, ``cards``) hands with the ``wild`` cards wild.

    ``wild`` is anything :func:`wildstud.cards.wild_cards` reads (``"2"``, ``"Q,7"``,
    ``"Qs"``). ``five_of_a_kind_top`` is the house rule that places five of a kind; the
    double-ace flush changes no category, only the order of flushes, and is kept in the
    result for the record. ``on_progress`` is called with the number of hands counted after
    each chunk of work.

    >>> category_counts(5).counts[Category.STRAIGHT_FLUSH]
    40
    """
    _check_size(cards)
    wild_set = wild_cards(wild)
    work = prefixes(cards)
    mask = cards_mask(wild_set)
    workers = numba.get_num_threads()
    chunks = max(1, min(64, len(work) // (4 * workers)))
    totals = np.zeros(len(Category), dtype=np.int64)
    for chunk in range(chunks):
        # Every chunk takes every chunks-th prefix: similar mixes of large and small ones.
        part = np.ascontiguousarray(work[chunk::chunks])
        counts = kernels.count_categories(
            part, mask, five_of_a_kind_top, tables.kernel_tables(double_ace_flush), workers
        )
        totals += counts.sum(axis=0)
        if on_progress is not None:
            on_progress(sum(_hands_after(int(row[1])) for row in part))
    return CategoryCounts(
        cards=cards,
        wild=wild_set,
        counts=tuple(int(count) for count in totals),
        five_of_a_kind_top=five_of_a_kind_top,
        double_ace_flush=double_ace_flush,
    )


def _hands_after(last: int) -> int:
    """Hands that complete a prefix ending on code ``last`` (-1: an empty prefix)."""
    return comb(DECK_SIZE - 1 - last, _TAIL)


def _check_size(cards: int) -> None:
    if cards not in (5, 6, 7):
        raise HandSizeError(f"hands of 5, 6 or 7 cards can be counted, not {cards}")
