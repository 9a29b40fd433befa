# Numba compiles these functions from their bodies and ignores annotations.
# mypy: allow-untyped-defs, allow-untyped-decorators, allow-untyped-calls
# mypy: disable-error-code="call-arg, import-untyped, var-annotated"
"""The compiled deal: a whole deal of a wild stud game, as integers and bit masks.

One deal is played by :func:`play_deal` exactly as :class:`wildstud.deal.Hand` deals it when
nobody folds after the point it starts from: street by street, one card at a time to each live
seat from the dealer's left, burns and a short stub as the engine handles them, a centre card
after a final face-up queen, the queen of spades face up stopping the deal, no face-up queen
redealing the hand. The wild rules of :mod:`wildstud.wilds` are followed card by card on a few
integers; the showdown values each live hand with :func:`wildstud.fast.kernels.hand_value`.

The deal is made of small compiled steps, each doing what one dealer's step of the engine
does: :func:`_draw` (the next card of the stub), :func:`_burn`, :func:`_give` (a card to a seat,
with :func:`_face_up` following the wild rule through a face-up card), :func:`_return_burns`
(a short stub), :func:`_deal_street`, :func:`_after_street` (the centre card, the no-queen
redeal), :func:`_seat_wild` (one seat's wild cards) and :func:`_showdown`. They share one
*table* (:func:`new_table`), a single array holding the stub, the burns, every seat's cards, the
deal's counters, the scripted packs and the trace.

The steps every deal takes are inlined into :func:`play_deal`; the steps that are rare or belong
to one use (a short stub, the community card, the centre card, replaying a prefix, writing a
trace row) are compiled once and called. The deal and those steps allocate nothing, so they are
compiled without Numba's reference counting (``_nrt=False``). With it, each step, inlined or
called, counted a reference to each array it was handed (the table, the configuration, the
generator, the streets, the hand-value tables) by an atomic add on that array's header: about
ten times as many per deal as the single-function deal of 6d5de13 made, and the headers of the
arrays the threads share bounce between the cores. On a quiet machine, both threads running at
once, that deal ran at 345,000 deals/s in Follow the Queen against 6d5de13's 1,233,000 (issue
24); on a busy one, where the threads seldom run at the same moment, the two dealt alike.
Without it the deal counts nothing at all.

The module is one file, past the ~800 lines a module of ``src/`` keeps to, on purpose: Numba's
cache (``cache=True``) checks only the source file of the function it compiled, so a step kept
in another file and inlined or called here would, once edited, leave the deal's cached machine
code stale, with nothing to say so (Numba's notes on caching, "cache invalidation fails to
recognize changes in symbols defined in a different file"; ``tests/test_module_sizes.py``
names this exception).

Every entry point calls :func:`play_deal` with the same argument types (int64 scalars,
C-ordered arrays), so that it is compiled once: Numba's inlining copies a step's code into every
place that calls it and types each copy again, and compiling the deal for four signatures with
every step inlined took about six minutes of one core, where the whole set of kernels now takes
about one (:mod:`wildstud.compiled`).

Cards come from the stub in one of two ways:

- *drawn*: uniformly from the cards left, which is what dealing from the top of a shuffled
  stub amounts to for everyone who cannot see the stub. Random numbers come from xoshiro256**
  on four 64-bit words per chunk of deals, so that a chunk plays the same deals wherever and
  whenever it runs.
- *scripted*: each deal's pack in a given order, top card first (one order per deal, a redeal
  moving on to the next), dealt from the top and with burns put back under the stub, exactly as
  the engine deals from a stacked :class:`~wildstud.cards.Deck` given per deal. This is how the
  compiled deal is held to the engine card for card (:func:`play_scripted`).

A deal may start part-way: a *prefix* of dealing events already seen (card codes, or -1 for a
card nobody saw, dealt from the stub when replayed), then the rest of the deal from the next
street.

A *trace* records, row by row, every card the deal deals (the rows of a prefix: seat or marker,
face up, code), the wild cards for every hand after it and each seat's own wild cards after it,
and a row for each redeal: what the engine's events and wild cards say after each dealer's
step.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

from wildstud import cards
from wildstud.cards import Rank
from wildstud.fast.kernels import _popcount, _slots, hand_value

# Configuration vector (see wildstud.odds.simulate.GameSpec.config).
KIND, QUEENS, CENTRE, NO_QUEEN, REDEAL_ALL, BD_CARDS, SPLIT, BURN, FIVE_TOP, NBW, LAST_UP = range(
    11
)
FTQ, SMBU, BD, BITCH, PLAIN = range(5)  # PLAIN: seven-card stud, nothing wild, no redeal
Q_NATURAL, Q_ALL, Q_HIDDEN, Q_AFTER_UP = range(4)

# Prefix and trace seats below zero: the centre, a community card, a burn, burns shuffled back,
# and (in a trace) the cards gathered for a redeal.
CENTRE_SEAT, COMMUNITY_SEAT, BURN_SEAT, RESHUFFLE_SEAT, REDEAL_SEAT = -1, -2, -3, -4, -5

# Per-deal flags. A script too short for the redeals it meets stops the deal as a stuck one.
FLAG_COMMUNITY, FLAG_CENTRE, FLAG_STUCK, FLAG_SCRIPT_SHORT = 1, 2, 4, 8

# A trace row: seat (or marker), face up, code, everyone's wild cards; then one column per
# seat with its own wild cards (-1: not in the deal).
TRACE_SEAT, TRACE_UP, TRACE_CODE, TRACE_WILD, TRACE_SEATS = range(5)
TRACE_ROWS_PER_DEAL = 64
"""Enough rows for one deal: 52 cards, the burns, a centre card, a reshuffle and a redeal."""

QUEEN, KING = int(Rank.QUEEN), int(Rank.KING)
QUEEN_OF_SPADES = cards.QUEEN_OF_SPADES.code  # Numba reads module globals as constants
MAX_CARDS = 8

# What a street's dealing led to.
DEALT, REDEAL, STUCK = 0, 1, 2

MAX_SEATS = 10

UNCOUNTED: dict[str, Any] = {"_nrt": False}
"""The option of :func:`numba.njit` that compiles a kernel without reference counting (a kernel
that allocates nothing; see the module's docstring). Numba's typed signature of ``njit`` leaves
it out."""

# The table: one int64 array holding the whole state of a deal, handed from step to step as one
# argument (and allocated once per chunk of deals, not once per deal).
_STUB = 0  # the cards left, the top card last (as a Deck keeps them)
_BURNS = _STUB + 52  # the burns not yet shuffled back
(
    _LEFT,  # cards in the stub
    _BURNED,  # burns not yet shuffled back
    _COMMUNITY,  # the community card's code (-1: none)
    _CENTRE,  # the centre card's code (-1: none)
    _LAST_UP,  # the last face-up card's code (-1: none)
    _QUEEN_UP,  # whether a queen has been dealt face up to a seat
    _PUBLIC,  # the wild cards for every hand (a mask of codes)
    _CHANGES,  # face-up cards that changed them
    _FLAGS,
    _NLIVE,  # seats in the live list
    _DEAL,  # the deal's number, from 0 (which scripted pack it deals)
    _PACKS,  # scripted packs (0: cards are drawn)
    _TRACED,  # trace rows written (or that would have been)
    _TRACE_ROWS,  # room for trace rows (0: no trace)
    _TRACE_WIDTH,
    # The wild rule's state.
    _FOLLOWER,  # the follower's rank (-1: none)
    _PENDING,  # a face-up queen waiting for its follower
    _QUEEN_SEEN,  # a queen has been dealt face up
    _KINGS,  # Smack My Bitch Up: kings are wild
) = range(_BURNS + 52, _BURNS + 52 + 19)
_COUNT = _KINGS + 1  # cards held, by seat
_LIVE = _COUNT + MAX_SEATS  # the seats in the deal, in dealing order
_CARDS = _LIVE + MAX_SEATS  # each seat's cards in dealing order, MAX_CARDS a seat
_UPS = _CARDS + MAX_SEATS * MAX_CARDS  # whether each is face up
_SCRIPT = _UPS + MAX_SEATS * MAX_CARDS  # the scripted packs, top card first; then the trace


@njit(cache=True, inline="always")
def table_size(packs, trace_rows, players):
    """The length of a table holding ``packs`` scripted packs and ``trace_rows`` trace rows."""
    return _SCRIPT + 52 * packs + trace_rows * (TRACE_SEATS + players)


_U32 = np.uint64(32)


@njit(cache=True, inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True, inline="always")
def next_random(state):
    """The next 64-bit output of xoshiro256** on ``state`` (four uint64 words)."""
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    return result


@njit(cache=True, inline="always")
def below(state, bound):
    """A uniform integer in ``[0, bound)`` (bound < 2**32; the bias is below 2**-26)."""
    return np.int64(((next_random(state) >> _U32) * np.uint64(bound)) >> _U32)


@njit(cache=True, inline="always")
def _rank_mask(rank):
    return np.int64(0xF) << np.int64(4 * rank)


@njit(cache=True)
def new_table(n, packs, count, trace_rows):
    """A table for deals of ``n`` seats from the first ``count`` rows of ``packs`` (rows of card
    codes, top card first; none: cards are drawn) with room for ``trace_rows`` trace rows. It
    serves deal after deal: nothing is kept from one to the next but the packs."""
    t = np.zeros(table_size(count, trace_rows, n), dtype=np.int64)
    t[_PACKS] = count
    for p in range(count):
        for i in range(52):
            t[_SCRIPT + 52 * p + i] = packs[p, i]
    t[_TRACE_ROWS] = trace_rows
    t[_TRACE_WIDTH] = TRACE_SEATS + n
    return t


@njit(cache=True, inline="always")
def _no_packs():
    return np.zeros((0, 52), dtype=np.int64)


@njit(cache=True)
def trace_of(t):
    """The trace rows a table holds, as a 2-D array (a copy)."""
    start = _SCRIPT + 52 * t[_PACKS]
    rows = min(t[_TRACED], t[_TRACE_ROWS])
    width = t[_TRACE_WIDTH]
    return t[start : start + rows * width].copy().reshape((rows, width))


@njit(cache=True, inline="always")
def _copy_trace(t, out):
    """The trace rows a table holds, copied into the first rows of ``out``. A loop, not a slice
    assignment, which would compile the formatting of a shape mismatch it cannot meet."""
    start = _SCRIPT + 52 * t[_PACKS]
    width = t[_TRACE_WIDTH]
    for row in range(min(t[_TRACED], t[_TRACE_ROWS])):
        for column in range(width):
            out[row, column] = t[start + row * width + column]


# -- the wild rules ---------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _public(kind, queens, t):
    """The wild cards for every hand, from the rule's state."""
    wild = np.int64(0)
    follower = t[_FOLLOWER]
    if kind == FTQ:
        if follower >= 0:
            wild |= _rank_mask(follower)
        if queens == Q_ALL or (queens == Q_AFTER_UP and t[_QUEEN_SEEN]):
            wild |= _rank_mask(QUEEN)
    elif kind == SMBU:
        if t[_KINGS]:
            wild = _rank_mask(KING)
        else:
            wild = _rank_mask(QUEEN)
            if follower >= 0:
                wild |= _rank_mask(follower)
    return wild


@njit(cache=True, inline="always")
def _face_up(t, cfg, code, centre):
    """Follow the wild rule through one face-up card (``centre``: the centre card) and count a
    change of everyone's wild cards."""
    kind = cfg[KIND]
    rank = code >> 2
    if kind == FTQ:
        # The centre card follows the queen before it, even when it is a queen itself.
        if rank == QUEEN and not (centre and t[_PENDING]):
            t[_FOLLOWER], t[_PENDING], t[_QUEEN_SEEN] = -1, 1, 1
        elif t[_PENDING]:
            t[_FOLLOWER], t[_PENDING] = rank, 0
    elif kind == SMBU:
        # A king right after a queen is a king: checked before the pending follow.
        if rank == KING:
            t[_FOLLOWER], t[_PENDING], t[_KINGS] = -1, 0, 1
        elif rank == QUEEN:
            t[_FOLLOWER], t[_PENDING], t[_KINGS] = -1, 1, 0
        elif t[_PENDING]:
            t[_FOLLOWER], t[_PENDING] = rank, 0
    new = _public(kind, cfg[QUEENS], t)
    t[_CHANGES] += new != t[_PUBLIC]
    t[_PUBLIC] = new
    t[_LAST_UP] = code


@njit(cache=True, inline="always")
def _holds_down(t, seat, code):
    """Whether ``seat`` holds card ``code`` face down (the community card counts as one)."""
    if t[_COMMUNITY] == code:
        return True
    first = seat * MAX_CARDS
    for c in range(first, first + t[_COUNT + seat]):
        if t[_CARDS + c] == code and not t[_UPS + c]:
            return True
    return False


@njit(cache=True, inline="always")
def _seat_wild(t, cfg, seat):
    """The wild cards in one seat's hand now: everyone's, and the seat's own where the rule
    reads its cards (queens in the hole, its last card, the queen of spades in the hole)."""
    wild = t[_PUBLIC]
    kind = cfg[KIND]
    community = t[_COMMUNITY]
    held = t[_COUNT + seat]
    first = seat * MAX_CARDS
    if kind == FTQ and cfg[QUEENS] == Q_HIDDEN:
        for c in range(first, first + held):
            code = t[_CARDS + c]
            if not t[_UPS + c] and (code >> 2) == QUEEN:
                wild |= np.int64(1) << code
        if community >= 0 and (community >> 2) == QUEEN:
            wild |= np.int64(1) << community
    elif kind == BD:
        last = cfg[BD_CARDS] - 1
        if held > last:
            wild = _rank_mask(t[_CARDS + first + last] >> 2)
        elif community >= 0 and held + 1 > last:
            wild = _rank_mask(community >> 2)
    elif kind == BITCH and not cfg[SPLIT] and _holds_down(t, seat, QUEEN_OF_SPADES):
        wild = np.int64(1) << QUEEN_OF_SPADES
    return wild


# -- the trace --------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _trace(t, cfg, seat, up, code):
    """Count one trace row, and write it where a trace is kept. Only a scripted deal keeps
    one, so the writing is a call of its own rather than inlined at each of the steps."""
    row = t[_TRACED]
    t[_TRACED] = row + 1
    if row < t[_TRACE_ROWS]:
        # int64 arguments, so that every call shares one compiled specialisation.
        _trace_row(t, cfg, np.int64(row), np.int64(seat), np.int64(up), np.int64(code))


@njit(cache=True, **UNCOUNTED)
def _trace_row(t, cfg, row, seat, up, code):
    """Trace row ``row``: the card, then the wild cards after it."""
    width = t[_TRACE_WIDTH]
    at = _SCRIPT + 52 * t[_PACKS] + row * width
    t[at + TRACE_SEAT] = seat
    t[at + TRACE_UP] = up
    t[at + TRACE_CODE] = code
    t[at + TRACE_WILD] = t[_PUBLIC]
    for s in range(width - TRACE_SEATS):
        t[at + TRACE_SEATS + s] = -1
    for k in range(t[_NLIVE]):
        live = t[_LIVE + k]
        t[at + TRACE_SEATS + live] = _seat_wild(t, cfg, live)


# -- the stub ---------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _new_deal(t, known):
    """Clear the table for a new deal and fill the stub with a fresh pack, less the ``known``
    cards (a mask of codes): the script's pack for this deal, or the pack in code order where
    cards are drawn (any order serves). False when the script has no pack left."""
    t[_COUNT : _COUNT + MAX_SEATS] = 0
    t[_FOLLOWER], t[_PENDING], t[_QUEEN_SEEN], t[_KINGS] = -1, 0, 0, 0
    t[_BURNED] = 0
    t[_COMMUNITY] = -1
    t[_CENTRE] = -1
    t[_LAST_UP] = -1
    t[_QUEEN_UP] = 0
    t[_CHANGES] = 0
    t[_FLAGS] = 0
    left = 0
    if t[_PACKS] == 0:
        for code in range(52):
            if not (known >> code) & 1:
                t[_STUB + left] = code
                left += 1
    elif t[_DEAL] < t[_PACKS]:
        pack = _SCRIPT + 52 * t[_DEAL]
        for i in range(51, -1, -1):  # the top card last
            code = t[pack + i]
            if not (known >> code) & 1:
                t[_STUB + left] = code
                left += 1
    else:
        t[_LEFT] = 0
        t[_FLAGS] = FLAG_STUCK | FLAG_SCRIPT_SHORT
        return False
    t[_LEFT] = left
    return True


@njit(cache=True, inline="always")
def _draw(t, rng):
    """The next card off the stub: the top one of a script, else one drawn uniformly."""
    left = t[_LEFT] - 1
    if t[_PACKS] == 0:
        j = _STUB + below(rng, left + 1)
        code = t[j]
        t[j] = t[_STUB + left]
    else:
        code = t[_STUB + left]
    t[_LEFT] = left
    return code


@njit(cache=True, inline="always")
def _burn(t, cfg, code):
    t[_BURNS + t[_BURNED]] = code
    t[_BURNED] += 1
    _trace(t, cfg, BURN_SEAT, 0, code)


@njit(cache=True, **UNCOUNTED)
def _return_burns(t, cfg):
    """A short stub: the burns go under it, in the order they were burned."""
    burned = t[_BURNED]
    left = t[_LEFT]
    for i in range(left - 1, -1, -1):
        t[_STUB + i + burned] = t[_STUB + i]
    for b in range(burned):
        t[_STUB + burned - 1 - b] = t[_BURNS + b]
    t[_LEFT] = left + burned
    t[_BURNED] = 0
    _trace(t, cfg, RESHUFFLE_SEAT, 0, -1)


@njit(cache=True, inline="always")
def _give(t, cfg, seat, up, code):
    """One card to a seat, face up or down; True when it stops the deal (the queen of spades
    face up in The Bitch: nothing else happens with it)."""
    k = t[_COUNT + seat]
    t[_CARDS + seat * MAX_CARDS + k] = code
    t[_UPS + seat * MAX_CARDS + k] = up
    t[_COUNT + seat] = k + 1
    stops = False
    if up:
        if cfg[KIND] == BITCH and code == QUEEN_OF_SPADES:
            stops = True
        else:
            if (code >> 2) == QUEEN:
                t[_QUEEN_UP] = 1
            _face_up(t, cfg, code, False)
    _trace(t, cfg, seat, up, code)
    return stops


@njit(cache=True, **UNCOUNTED)
def _deal_community(t, cfg, code):
    t[_COMMUNITY] = code
    t[_FLAGS] |= FLAG_COMMUNITY
    _trace(t, cfg, COMMUNITY_SEAT, 0, code)


@njit(cache=True, **UNCOUNTED)
def _deal_centre(t, cfg, code):
    t[_CENTRE] = code
    t[_FLAGS] |= FLAG_CENTRE
    _face_up(t, cfg, code, True)
    _trace(t, cfg, CENTRE_SEAT, 1, code)


# -- the dealing ------------------------------------------------------------------------------


@njit(cache=True, **UNCOUNTED)
def _replay_prefix(t, cfg, prefix, rng):
    """The events already dealt, in order; a card nobody saw comes off the stub."""
    for i in range(prefix.shape[0]):
        seat, up, code = prefix[i, 0], prefix[i, 1], prefix[i, 2]
        if seat == RESHUFFLE_SEAT:
            _return_burns(t, cfg)
            continue
        if code < 0:
            code = _draw(t, rng)
        if seat == BURN_SEAT:
            _burn(t, cfg, code)
        elif seat == COMMUNITY_SEAT:
            _deal_community(t, cfg, code)
        elif seat == CENTRE_SEAT:
            _deal_centre(t, cfg, code)
        else:
            # A prefix never shows the queen of spades face up in The Bitch (a Situation
            # refuses one), so no card of it stops the deal.
            _give(t, cfg, seat, up, code)


@njit(cache=True, inline="always")
def _deal_street(t, cfg, street_cards, street_ups, st, rng):
    """Deal street ``st``: a burn, then one card at a time to each live seat; from a short
    stub the burns go back under it first, then one community card if still too few."""
    cards = street_cards[st]
    need = cards * t[_NLIVE]
    burn = cfg[BURN] != 0
    if t[_LEFT] < need + burn and t[_BURNED] > 0:
        _return_burns(t, cfg)
    community = False
    if t[_LEFT] < need + burn:
        if cards == 1 and t[_LEFT] >= 1:
            community = True
            burn = burn and t[_LEFT] >= 2
        else:
            t[_FLAGS] |= FLAG_STUCK
            return STUCK
    if burn:
        _burn(t, cfg, _draw(t, rng))
    if community:
        _deal_community(t, cfg, _draw(t, rng))
        return DEALT
    for c in range(cards):
        up = street_ups[st, c]
        for k in range(t[_NLIVE]):
            if _give(t, cfg, t[_LIVE + k], up, _draw(t, rng)):
                return REDEAL
    return DEALT


@njit(cache=True, inline="always")
def _after_street(t, cfg, st, rng):
    """The end of a street's dealing. After the last face-up street: a centre card when the
    last face-up card is a queen (house rule), else a redeal when no queen showed (house
    rule)."""
    if st != cfg[LAST_UP]:
        return DEALT
    last = t[_LAST_UP]
    if cfg[CENTRE] and t[_CENTRE] < 0 and last >= 0 and (last >> 2) == QUEEN:
        if t[_LEFT] == 0 and t[_BURNED] > 0:
            _return_burns(t, cfg)
        if t[_LEFT] == 0:
            t[_FLAGS] |= FLAG_STUCK
            return STUCK
        _deal_centre(t, cfg, _draw(t, rng))
    elif cfg[NO_QUEEN] and not t[_QUEEN_UP]:
        return REDEAL
    return DEALT


# -- the showdown -----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _showdown(t, cfg, n, tables, out_value, out_natural, out_wilds, out_plain, row):
    """Value each live hand into row ``row`` of the outputs; return the masks of the seats that
    take the high half (or the whole pot) and the special half."""
    top5, straight, flush, suited_bits = tables
    five_slot, sf_slot = _slots(cfg[FIVE_TOP] != 0)
    community = t[_COMMUNITY]
    split = cfg[KIND] == BITCH and cfg[SPLIT] != 0
    for seat in range(n):
        out_value[row, seat] = -1
        out_natural[row, seat] = 0
        out_wilds[row, seat] = 0
        out_plain[row, seat] = -1
    best = np.int64(-1)
    special = np.int64(0)
    for k in range(t[_NLIVE]):
        seat = t[_LIVE + k]
        held = np.int64(0)
        first = _CARDS + seat * MAX_CARDS
        for c in range(first, first + t[_COUNT + seat]):
            held |= np.int64(1) << t[c]
        if community >= 0:
            held |= np.int64(1) << community
        wild = _seat_wild(t, cfg, seat)
        if split and _holds_down(t, seat, QUEEN_OF_SPADES):
            special |= np.int64(1) << seat
        suited_all = np.int64(0)
        suited_natural = np.int64(0)
        for code in range(52):
            if (held >> code) & 1:
                suited_all += suited_bits[code]
                if not (wild >> code) & 1:
                    suited_natural += suited_bits[code]
        plain = hand_value(held, suited_all, 0, five_slot, sf_slot, top5, straight, flush, True)
        if held & wild:
            value = hand_value(
                held, suited_natural, wild, five_slot, sf_slot, top5, straight, flush, False
            )
        else:
            value = plain
        natural = value == plain
        out_value[row, seat] = value
        out_natural[row, seat] = natural
        out_wilds[row, seat] = _popcount(held & wild)
        out_plain[row, seat] = plain
        best = max(best, value * 2 + (1 if natural and cfg[NBW] else 0))
    high = np.int64(0)
    for k in range(t[_NLIVE]):
        seat = t[_LIVE + k]
        key = out_value[row, seat] * 2 + (1 if out_natural[row, seat] and cfg[NBW] else 0)
        if key == best:
            high |= np.int64(1) << seat
    return high, special


# -- whole deals ------------------------------------------------------------------------------


# No reference counting (see the module's docstring): with it, two threads at once dealt 3.5 to
# 5.5 times slower (issue 24).
@njit(cache=True, **UNCOUNTED)
def play_deal(
    cfg,
    street_cards,
    street_ups,
    n,
    tables,
    rng,
    prefix,
    prefix_street,
    dead,
    live_mask,
    out_value,
    out_natural,
    out_wilds,
    out_plain,
    row,
    t,
):
    """Play one deal on table ``t`` to the showdown; fill row ``row`` of the per-seat outputs
    (value, -1 for a seat not at the showdown; natural; wild cards held; value with nothing
    wild) and return ``(high winners mask, special-half mask, redeals, wild changes, flags)``.

    ``prefix`` rows are ``(seat, face up, code)`` events already dealt in this deal, in order;
    ``prefix_street`` the street they complete (-1: none); ``dead`` codes seen elsewhere (out
    of the stub); ``live_mask`` the seats still in.
    """
    streets = street_cards.shape[0]
    nlive = 0
    for seat in range(n):
        if live_mask[seat]:
            t[_LIVE + nlive] = seat
            nlive += 1
    t[_NLIVE] = nlive
    t[_DEAL] = 0
    t[_TRACED] = 0
    known = np.int64(0)
    for i in range(prefix.shape[0]):
        if prefix[i, 2] >= 0:
            known |= np.int64(1) << prefix[i, 2]
    for i in range(dead.shape[0]):
        known |= np.int64(1) << dead[i]
    redeals = 0
    while True:
        first = t[_DEAL] == 0
        ready = _new_deal(t, known if first else np.int64(0))
        t[_PUBLIC] = _public(cfg[KIND], cfg[QUEENS], t)
        if not first:
            _trace(t, cfg, REDEAL_SEAT, 0, -1)
        if not ready:
            break
        start = 0
        check_from = 0
        if first:
            if prefix.shape[0] > 0:
                _replay_prefix(t, cfg, prefix, rng)
            start = prefix_street + 1
            # The end of the prefix's street, if the prefix stopped right after its dealing.
            check_from = prefix_street if prefix_street >= 0 else 0
        outcome = DEALT
        for st in range(check_from, streets):
            if st >= start:
                outcome = _deal_street(t, cfg, street_cards, street_ups, st, rng)
                if outcome != DEALT:
                    break
            outcome = _after_street(t, cfg, st, rng)
            if outcome != DEALT:
                break
        if outcome != REDEAL:
            break
        redeals += 1
        t[_DEAL] += 1
        if cfg[REDEAL_ALL]:
            t[_NLIVE] = n
            for seat in range(n):
                t[_LIVE + seat] = seat
    high, special = _showdown(t, cfg, n, tables, out_value, out_natural, out_wilds, out_plain, row)
    return high, special, redeals, t[_CHANGES], t[_FLAGS]


@njit(cache=True, parallel=True)
def play_chunks(
    cfg,
    street_cards,
    street_ups,
    n,
    tables,
    seeds,
    per_chunk,
    prefix,
    prefix_street,
    dead,
    live_mask,
    out_value,
    out_natural,
    out_wilds,
    out_plain,
    out_deal,
):
    """Play ``per_chunk`` deals for each row of ``seeds`` (its generator's four words), chunks
    shared among the threads; row ``chunk * per_chunk + i`` of the outputs holds deal ``i`` of
    that chunk, whichever thread played it. ``out_deal`` gets the five numbers that
    :func:`play_deal` returns."""
    for chunk in prange(seeds.shape[0]):
        rng = seeds[chunk].copy()
        t = new_table(n, _no_packs(), np.int64(0), np.int64(0))
        for i in range(per_chunk):
            # int64, as every caller passes it: one compiled deal (see the module's docstring).
            row = np.int64(chunk * per_chunk + i)
            high, special, redeals, changes, flags = play_deal(
                cfg,
                street_cards,
                street_ups,
                n,
                tables,
                rng,
                prefix,
                prefix_street,
                dead,
                live_mask,
                out_value,
                out_natural,
                out_wilds,
                out_plain,
                row,
                t,
            )
            out_deal[row, 0] = high
            out_deal[row, 1] = special
            out_deal[row, 2] = redeals
            out_deal[row, 3] = changes
            out_deal[row, 4] = flags


@njit(cache=True, parallel=True)
def play_scripted(
    cfg,
    street_cards,
    street_ups,
    n,
    tables,
    orders,
    depth,
    out_value,
    out_natural,
    out_wilds,
    out_plain,
    out_deal,
    trace,
    traced,
):
    """Play deal ``i`` from the scripted orders ``orders[i, :depth[i]]`` (one pack per deal,
    top card first, a redeal moving on to the next) with every seat to the showdown. Fill row
    ``i`` of the outputs as :func:`play_chunks` does, ``trace[i]`` with the deal's trace and
    ``traced[i]`` with its rows (more than ``trace.shape[1]``: the trace was cut short)."""
    live_mask = np.ones(n, dtype=np.bool_)
    prefix = np.zeros((0, 3), dtype=np.int64)
    dead = np.zeros(0, dtype=np.int64)
    for i in prange(orders.shape[0]):
        rng = np.ones(4, dtype=np.uint64)  # never read: a script draws nothing at random
        # int64 scalars and C-ordered arrays, as in every caller: one compiled deal, not one
        # for a literal -1 and another for the parallel loop's unsigned index.
        t = new_table(n, orders[i], depth[i], np.int64(trace.shape[1]))
        high, special, redeals, changes, flags = play_deal(
            cfg,
            street_cards,
            street_ups,
            n,
            tables,
            rng,
            prefix,
            np.int64(-1),
            dead,
            live_mask,
            out_value,
            out_natural,
            out_wilds,
            out_plain,
            np.int64(i),
            t,
        )
        out_deal[i, 0] = high
        out_deal[i, 1] = special
        out_deal[i, 2] = redeals
        out_deal[i, 3] = changes
        out_deal[i, 4] = flags
        traced[i] = t[_TRACED]
        _copy_trace(t, trace[i])


@njit(cache=True)
def enumerate_last_street(
    cfg, street_cards, street_ups, n, tables, prefix, prefix_street, live, pool, totals
):
    """Every way to deal the last street to the seats in ``live`` (in dealing order) from the
    cards of ``pool``, each played to the showdown; adds to ``totals`` (rows: pot share, sole
    high win, shared high half, special half; one column per seat) and returns how many deals.
    The prefix must hold every card dealt so far."""
    k = live.shape[0]
    m = pool.shape[0]
    base = prefix.shape[0]
    full = np.empty((base + k, 3), dtype=np.int64)
    # A loop, not a slice assignment: see _copy_trace.
    for i in range(base):
        for column in range(3):
            full[i, column] = prefix[i, column]
    street = prefix_street + 1
    up = street_ups[street, 0]
    for j in range(k):
        full[base + j, 0] = live[j]
        full[base + j, 1] = up
    live_mask = np.zeros(n, dtype=np.bool_)
    for j in range(k):
        live_mask[live[j]] = True
    value = np.empty((1, n), dtype=np.int64)
    natural = np.empty((1, n), dtype=np.int8)
    wilds = np.empty((1, n), dtype=np.int8)
    plain = np.empty((1, n), dtype=np.int64)
    rng = np.ones(4, dtype=np.uint64)
    dead = np.zeros(0, dtype=np.int64)
    table = new_table(n, _no_packs(), np.int64(0), np.int64(0))
    index = np.zeros(k, dtype=np.int64)
    split = cfg[KIND] == BITCH and cfg[SPLIT] != 0
    deals = 0
    while True:
        distinct = True
        for a in range(k):
            for b in range(a):
                if index[a] == index[b]:
                    distinct = False
        if distinct:
            for j in range(k):
                full[base + j, 2] = pool[index[j]]
            high, special, _, _, _ = play_deal(
                cfg,
                street_cards,
                street_ups,
                n,
                tables,
                rng,
                full,
                street,
                dead,
                live_mask,
                value,
                natural,
                wilds,
                plain,
                np.int64(0),
                table,
            )
            deals += 1
            winners = _popcount(high)
            holders = _popcount(special)
            high_part = 0.5 if split and holders > 0 else 1.0
            for seat in range(n):
                if (high >> seat) & 1:
                    totals[0, seat] += high_part / winners
                    if winners == 1:
                        totals[1, seat] += 1.0
                    else:
                        totals[2, seat] += 1.0
                if (special >> seat) & 1:
                    totals[0, seat] += 0.5 / holders
                    totals[3, seat] += 1.0
        # The next tuple of pool positions (an odometer).
        position = k - 1
        while position >= 0:
            index[position] += 1
            if index[position] < m:
                break
            index[position] = 0
            position -= 1
        if position < 0:
            return deals
