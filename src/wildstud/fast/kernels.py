# Numba compiles these functions from their bodies and ignores annotations; mypy sees Numba's
# intrinsics as objects that take a typing context first, and llvmlite ships no stubs.
# mypy: allow-untyped-defs, allow-untyped-decorators, allow-untyped-calls
# mypy: disable-error-code="call-arg, import-untyped, var-annotated"
"""Compiled kernels: the value of a hand from bit masks, over batches and whole decks.

A hand is gathered into two 64-bit integers, one operation per card for each:

- ``held``, ORed: the 52-bit set of its cards, bit ``code`` (rank-major: rank ``r`` owns bits
  ``4r`` to ``4r + 3``);
- ``suited``, summed over the natural (non-wild) cards: one 16-bit lane per suit holding the
  ranks at bits 0-12 and, at bits 13-15, how many cards (:data:`wildstud.fast.tables.SUITED`).

With one wild set for a whole batch, the kernel first zeroes the ``suited`` word of each wild
card (:func:`natural_bits`), so a wild card costs nothing more; with a wild set per hand, each
card's word is masked as it is added. From the two words a few word-wide steps derive the rest:
thirteen 4-bit rank counters (a nibble popcount of ``held & ~wild``), the mask of ranks held,
and the number of wilds (a popcount).

:func:`hand_value` builds the best hand of every category that the naturals and wilds allow,
as an encoded value or 0, and keeps the largest. A category out of reach yields 0 or a value
no larger than some hand in reach, so the maximum is exact. Branches are kept for what is rare
on random hands (a flush draw; trips when nothing is wild), so that few are mispredicted. The
batch kernel is compiled apart for seven-card hands and for batches with no wild card at all,
constants that let the compiler unroll the card loop and drop the wild-card work.

Everything here is compiled by Numba and cached on disk; the lookup tables of
:mod:`wildstud.fast.tables` travel as one tuple argument, ``(TOP5, STRAIGHT, flush table,
SUITED)``, so that a kernel serves both flush house rules.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, prange, types
from numba.extending import intrinsic

__all__ = [
    "count_categories",
    "evaluate_block",
    "evaluate_rows_parallel",
    "hand_value",
    "natural_bits",
]

_MASK_BITS = 13  # straight and flush tables: index (wilds << 13) | rank mask
_LANE = 0x1FFF
_LANES = 0x0001_0001_0001_0001
_FLUSH_BITS = 0x0008_0008_0008_0008
_SUIT_RANKS = 0x1FFF_1FFF_1FFF_1FFF
_SUIT_COUNTS = 0x0007_0007_0007_0007
_NIBBLES = 0x1_1111_1111_1111  # bit 0 of each of the 13 rank counters
_FIVES = 0x5555_5555_5555_5555
_THREES = 0x3333_3333_3333_3333


@intrinsic
def _leading_zeros(typingctx, value):
    """LLVM's count-leading-zeros of a 64-bit integer (64 for zero)."""

    def codegen(context, builder, signature, args):
        wide = context.cast(builder, args[0], signature.args[0], types.int64)
        return builder.ctlz(wide, ir.Constant(ir.IntType(1), 0))

    return types.int64(value), codegen


@intrinsic
def _popcount(typingctx, value):
    """LLVM's population count of a 64-bit integer."""

    def codegen(context, builder, signature, args):
        return builder.ctpop(context.cast(builder, args[0], signature.args[0], types.int64))

    return types.int64(value), codegen


@intrinsic
def _unsigned(typingctx, value):
    """The same bits as an unsigned index, which spares Numba's negative-index fix-up."""

    def codegen(context, builder, signature, args):
        return context.cast(builder, args[0], signature.args[0], types.int64)

    return types.uint64(value), codegen


@njit(cache=True, inline="always")
def _high(mask):
    """Highest rank in a 13-bit rank mask, plus one (0 for none): a tie-break nibble."""
    return 64 - _leading_zeros(mask)


@njit(cache=True, inline="always")
def _high_spread(mask):
    """:func:`_high` of a mask with rank ``r`` at bit ``4 * r``."""
    return (67 - _leading_zeros(mask)) >> 2


@njit(cache=True, inline="always")
def _bit(nibble):
    """The rank-mask bit of a nibble (``rank + 1``); none for 0."""
    return (np.int64(1) << nibble) >> 1


@njit(cache=True, inline="always")
def _bit_spread(nibble):
    """:func:`_bit` for a mask with rank ``r`` at bit ``4 * r``."""
    return (np.int64(1) << (4 * nibble)) >> 4


@njit(cache=True, inline="always")
def _at_least(biased, times):
    """Ranks held at least ``times`` times (1 to 5), at bit ``4 * rank``.

    ``biased`` is the rank counters (at most 4 each) plus ``min(w, 4)`` in every counter, so
    that ``n`` of a kind with ``w`` wilds is ``_at_least(biased, n)``; adding ``8 - times``
    sets a counter's top bit exactly when it reaches ``times``, with no carry out of it.
    """
    return ((biased + (8 - times) * _NIBBLES) >> 3) & _NIBBLES


@njit(cache=True, inline="always")
def natural_bits(suited_bits, wild):
    """The ``suited`` word of each card code, zero for the cards in ``wild``."""
    bits = suited_bits.copy()
    for code in range(52):
        if (wild >> code) & 1:
            bits[code] = 0
    return bits


@njit(cache=True, inline="always")
def _three_or_more(best, triples, biased, pairs, m1, top5):
    """``best`` raised to the best three of a kind, full house or four of a kind on offer:
    ``triples`` and ``pairs`` are the ranks that make trips and (naturally) a pair."""
    trips = _high_spread(triples)
    kickers = np.int64(top5[_unsigned(m1 & ~_bit(trips))]) >> 12
    value = 0x330_0000 | (trips << 16) | (kickers << 8)
    best = max(best, value if trips != 0 else 0)

    # A full house: the best trips, and a natural pair of another rank.
    pair = _high_spread(pairs & ~_bit_spread(trips))
    value = 0x660_0000 | (trips << 16) | (pair << 12)
    best = max(best, value if trips != 0 and pair != 0 else 0)

    quads = _high_spread(_at_least(biased, 4))
    kicker = _high(m1 & ~_bit(quads))
    value = 0x770_0000 | (quads << 16) | (kicker << 12)
    return max(best, value if quads != 0 else 0)


@njit(cache=True, inline="always")
def hand_value(held, suited, wild, five_slot, straight_flush_slot, top5, straight, flush, plain):
    """The encoded value of the best five-card hand of the cards ``held`` (with ``suited``,
    the sum of their naturals' :data:`~wildstud.fast.tables.SUITED` words) and ``wild``.

    ``five_slot`` and ``straight_flush_slot`` are the places of those two categories under the
    five-of-a-kind house rule; ``top5``, ``straight`` and ``flush`` are the tables. ``plain``,
    a constant at each call, says that ``wild`` is 0: the compiler then drops what only wild
    cards need.
    """
    naturals = held if plain else held & ~wild
    w = 0 if plain else _popcount(held & wild)
    x = naturals - ((naturals >> 1) & _FIVES)
    counts = (x & _THREES) + ((x >> 2) & _THREES)  # a 4-bit popcount per rank
    suits = suited & _SUIT_RANKS
    m1 = (suits | (suits >> 16) | (suits >> 32) | (suits >> 48)) & _LANE

    # n of a kind with w wilds: the best rank held n - w times (any rank once n <= w).
    biased = counts if plain else counts + min(w, 4) * _NIBBLES

    best = np.int64(top5[_unsigned(m1)])  # high card

    pair = _high_spread(_at_least(biased, 2))
    kickers = np.int64(top5[_unsigned(m1 & ~_bit(pair))]) >> 8
    value = 0x110_0000 | (pair << 16) | (kickers << 4)
    best = max(best, value if pair != 0 else 0)

    pairs = _at_least(counts, 2)
    high = _high_spread(pairs)
    low = _high_spread(pairs & ~_bit_spread(high))
    kicker = _high(m1 & ~_bit(high) & ~_bit(low))
    value = 0x220_0000 | (high << 16) | (low << 12) | (kicker << 8)
    best = max(best, value if low != 0 else 0)

    top = np.int64(straight[_unsigned((w << _MASK_BITS) | m1)])
    value = 0x440_0000 | (top << 16)
    best = max(best, value if top != 0 else 0)

    triples = _at_least(biased, 3)
    if not plain:
        best = _three_or_more(best, triples, biased, pairs, m1, top5)
    elif triples != 0:
        # Without wild cards few hands hold trips, and a branch that is rarely taken is
        # cheaper than the work.
        best = _three_or_more(best, triples, biased, pairs, m1, top5)

    if not plain:
        five = 13 if w >= 5 else _high_spread(_at_least(biased, 5))  # five wilds: aces
        value = (five_slot << 24) | (9 << 20) | (five << 16)
        best = max(best, value if five != 0 else 0)

    # Cards per suit plus w + 3: bit 3 of a lane is set when the suit can make a flush.
    lanes = ((suited >> 13) & _SUIT_COUNTS) + (w + 3) * _LANES
    if lanes & _FLUSH_BITS:
        for suit in range(4):
            if (lanes >> (16 * suit)) & 0x8:
                index = _unsigned((w << _MASK_BITS) | ((suits >> (16 * suit)) & _LANE))
                best = max(best, 0x550_0000 | np.int64(flush[index]))
                top = np.int64(straight[index])
                if top != 0:
                    value = (straight_flush_slot << 24) | (8 << 20) | (top << 16)
                    best = max(best, value)
    return best


@njit(cache=True, inline="always")
def _slots(five_top):
    """Slots of five of a kind and of the straight flush under the house rule."""
    return (9, 8) if five_top else (8, 9)


@njit(cache=True, inline="always")
def _fill(cards, size, wild_masks, shared_wild, five_top, tables, out, first, stop, plain):
    """Values of rows ``first`` to ``stop - 1`` of ``cards`` (``size`` columns; a constant
    unrolls the card loop); returns how many rows hold a card twice. ``plain``, a constant at
    each call, says that there is no wild card at all."""
    five_slot, sf_slot = _slots(five_top)
    top5, straight, flush, suited_bits = tables
    wild = wild_masks[0]
    bits = natural_bits(suited_bits, wild if shared_wild else 0)
    bad = 0
    for row in range(first, stop):
        held = np.int64(0)
        suited = np.int64(0)
        if shared_wild:
            for position in range(size):
                code = cards[row, position]
                held |= np.int64(1) << code
                suited += bits[code]
        else:
            wild = wild_masks[row]
            for position in range(size):
                code = cards[row, position]
                held |= np.int64(1) << code
                # All ones for a natural card, zero for a wild one.
                suited += bits[code] & (((wild >> code) & 1) - 1)
        if _popcount(held) == size:
            out[row] = hand_value(
                held, suited, wild, five_slot, sf_slot, top5, straight, flush, plain
            )
        else:
            out[row] = -1
            bad += 1
    return bad


@njit(cache=True, inline="always")
def _fill_any(cards, wild_masks, shared_wild, five_top, tables, out, first, stop):
    """:func:`_fill` with the absence of wild cards made a constant, and the hand size too
    for seven cards, the stud hand (five and six share a loop that counts its cards)."""
    size = cards.shape[1]
    w, shared, top = wild_masks, shared_wild, five_top
    if shared_wild and wild_masks[0] == 0:
        if size == 7:
            return _fill(cards, 7, w, shared, top, tables, out, first, stop, True)
        return _fill(cards, size, w, shared, top, tables, out, first, stop, True)
    if size == 7:
        return _fill(cards, 7, w, shared, top, tables, out, first, stop, False)
    return _fill(cards, size, w, shared, top, tables, out, first, stop, False)


@njit(cache=True)
def evaluate_block(cards, wild_masks, shared_wild, five_top, tables, out, first, stop):
    """Fill ``out[first:stop]`` with the values of those rows of ``cards`` (5, 6 or 7
    columns); return how many of them hold a card twice (their value is -1). With
    ``shared_wild`` every row takes ``wild_masks[0]``, else row ``i`` takes ``wild_masks[i]``.
    """
    return _fill_any(cards, wild_masks, shared_wild, five_top, tables, out, first, stop)


@njit(cache=True, parallel=True)
def evaluate_rows_parallel(cards, wild_masks, shared_wild, five_top, tables, out, blocks):
    """:func:`evaluate_block` over every row, cut into ``blocks`` blocks shared among the
    threads (a few per thread, so that a slow thread delays little)."""
    rows = cards.shape[0]
    bad = 0
    for block in prange(blocks):
        # int64 bounds, so that the call reuses the serial kernel's compiled code.
        first = np.int64(rows * block // blocks)
        stop = np.int64(rows * (block + 1) // blocks)
        bad += evaluate_block(cards, wild_masks, shared_wild, five_top, tables, out, first, stop)
    return bad


@njit(cache=True, inline="always")
def _count_after(held, suited, start, wild, bits, slots, tables, found, worker, plain):
    """Add to ``found[worker]`` the categories of every hand that adds five cards from
    ``start`` up to the cards ``held`` (``suited`` their natural words)."""
    five_slot, sf_slot = slots
    top5, straight, flush, _ = tables
    for a in range(start, 48):
        ha = held | (np.int64(1) << a)
        sa = suited + bits[a]
        for b in range(a + 1, 49):
            hb = ha | (np.int64(1) << b)
            sb = sa + bits[b]
            for c in range(b + 1, 50):
                hc = hb | (np.int64(1) << c)
                sc = sb + bits[c]
                for d in range(c + 1, 51):
                    hd = hc | (np.int64(1) << d)
                    sd = sc + bits[d]
                    for e in range(d + 1, 52):
                        value = hand_value(
                            hd | (np.int64(1) << e),
                            sd + bits[e],
                            wild,
                            five_slot,
                            sf_slot,
                            top5,
                            straight,
                            flush,
                            plain,
                        )
                        found[worker, (value >> 20) & 0xF] += 1


@njit(cache=True, parallel=True)
def count_categories(prefixes, wild, five_top, tables, workers):
    """Category counts of every hand that starts with one of ``prefixes`` and goes on with
    five higher cards.

    Each row of ``prefixes`` lists up to two starting cards in increasing order, -1 where
    absent. Worker ``t`` takes rows ``t``, ``t + workers``, …; callers sort the rows by
    size so that the workers' shares come out even. Returns one row of ten counts per worker.
    """
    slots = _slots(five_top)
    bits = natural_bits(tables[3], wild)
    found = np.zeros((workers, 10), dtype=np.int64)
    for worker in prange(workers):
        for index in range(worker, prefixes.shape[0], workers):
            held = np.int64(0)
            suited = np.int64(0)
            start = 0
            for position in range(prefixes.shape[1]):
                code = prefixes[index, position]
                if code >= 0:
                    held |= np.int64(1) << code
                    suited += bits[code]
                    start = code + 1
            if wild == 0:
                _count_after(held, suited, start, wild, bits, slots, tables, found, worker, True)
            else:
                _count_after(held, suited, start, wild, bits, slots, tables, found, worker, False)
    return found
