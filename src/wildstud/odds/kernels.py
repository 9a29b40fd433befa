# Numba compiles these functions from their bodies and ignores annotations.
# mypy: allow-untyped-defs, allow-untyped-decorators, allow-untyped-calls
# mypy: disable-error-code="call-arg, import-untyped, var-annotated"
"""Compiled whole deals: the dealing order, the wild rules, redeals and the showdown, as
integers and bit masks.

One deal is played by :func:`play_deal` exactly as :class:`wildstud.deal.Hand` deals it when
nobody folds after the point it starts from: street by street, one card at a time to each live
seat from the dealer's left, burns and a short stub as the engine handles them, a centre card
after a final face-up queen, the queen of spades face up stopping the deal, no face-up queen
redealing the hand. The wild rules of :mod:`wildstud.wilds` are followed card by card on a few
integers; the showdown values each live hand with :func:`wildstud.fast.kernels.hand_value`.

A deal may start part-way: a *prefix* of dealing events already seen (card codes, or -1 for a
card nobody saw, dealt at random when replayed), then the rest of the deal from the next
street. Cards come out of a pool of unseen cards drawn uniformly, which is what dealing from the
top of a shuffled stub amounts to for everyone who cannot see the stub.

Random numbers come from xoshiro256** on four 64-bit words per chunk of deals, so that a chunk
plays the same deals wherever and whenever it runs.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from wildstud.fast.kernels import _popcount, _slots, hand_value

# Configuration vector (see wildstud.odds.simulate.GameSpec.config).
KIND, QUEENS, CENTRE, NO_QUEEN, REDEAL_ALL, BD_CARDS, SPLIT, BURN, FIVE_TOP, NBW, LAST_UP = range(
    11
)
FTQ, SMBU, BD, BITCH = range(4)
Q_NATURAL, Q_ALL, Q_HIDDEN, Q_AFTER_UP = range(4)

# Prefix seats below zero: the centre, a community card, a burn, burns shuffled back.
CENTRE_SEAT, COMMUNITY_SEAT, BURN_SEAT, RESHUFFLE_SEAT = -1, -2, -3, -4

# Per-deal flags.
FLAG_COMMUNITY, FLAG_CENTRE, FLAG_STUCK = 1, 2, 4

QUEEN, KING = 10, 11
QUEEN_OF_SPADES = 43
MAX_CARDS = 8

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


@njit(cache=True, inline="always")
def _public(kind, queens, follower, queen_seen, kings):
    """The wild cards for every hand, from the rule's state."""
    wild = np.int64(0)
    if kind == FTQ:
        if follower >= 0:
            wild |= _rank_mask(follower)
        if queens == Q_ALL or (queens == Q_AFTER_UP and queen_seen):
            wild |= _rank_mask(QUEEN)
    elif kind == SMBU:
        if kings:
            wild = _rank_mask(KING)
        else:
            wild = _rank_mask(QUEEN)
            if follower >= 0:
                wild |= _rank_mask(follower)
    return wild


@njit(cache=True, inline="always")
def _face_up(kind, ws, code, centre):
    """Follow the wild rule through one face-up card (``centre``: the centre card).
    ``ws`` holds the follower rank (-1 none), a pending queen, a queen seen, kings wild."""
    rank = code >> 2
    if kind == FTQ:
        if rank == QUEEN and not (centre and ws[1]):
            ws[0], ws[1], ws[2] = -1, 1, 1
        elif ws[1]:
            ws[0], ws[1] = rank, 0
    elif kind == SMBU:
        # A king right after a queen is a king: checked before the pending follow.
        if rank == KING:
            ws[0], ws[1], ws[3] = -1, 0, 1
        elif rank == QUEEN:
            ws[0], ws[1], ws[3] = -1, 1, 0
        elif ws[1]:
            ws[0], ws[1] = rank, 0


@njit(cache=True)
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
):
    """Play one deal to the showdown; fill row ``row`` of the per-seat outputs (value, -1 for a
    seat not at the showdown; natural; wild cards held; value with nothing wild) and return
    ``(high winners mask, special-half mask, redeals, wild changes, flags)``.

    ``prefix`` rows are ``(seat, face up, code)`` events already dealt in this deal, in order;
    ``prefix_street`` the street they complete (-1: none); ``dead`` codes seen elsewhere (out
    of the stub); ``live_mask`` the seats still in.
    """
    kind = cfg[KIND]
    queens = cfg[QUEENS]
    top5, straight, flush, suited_bits = tables
    five_slot, sf_slot = _slots(cfg[FIVE_TOP] != 0)
    streets = street_cards.shape[0]
    pool = np.empty(52, dtype=np.int64)
    burns = np.empty(52, dtype=np.int64)
    cards = np.empty((n, MAX_CARDS), dtype=np.int64)
    ups = np.zeros((n, MAX_CARDS), dtype=np.int8)
    count = np.zeros(n, dtype=np.int64)
    live = np.empty(n, dtype=np.int64)
    ws = np.zeros(4, dtype=np.int64)
    queue_seat = np.empty(3 * n, dtype=np.int64)
    queue_up = np.empty(3 * n, dtype=np.int64)
    nlive = 0
    for seat in range(n):
        if live_mask[seat]:
            live[nlive] = seat
            nlive += 1
    redeals = 0
    first = True
    flags = 0
    changes = 0
    community = -1
    while True:
        # -- a new deal ---------------------------------------------------------------------
        count[:] = 0
        nburns = 0
        community = -1
        centre = -1
        ws[0], ws[1], ws[2], ws[3] = -1, 0, 0, 0
        public = _public(kind, queens, -1, 0, 0)
        changes = 0
        queen_up = False
        last_up = -1
        flags = 0
        redeal = False
        left = 0
        if first:
            known = np.int64(0)
            for i in range(prefix.shape[0]):
                if prefix[i, 2] >= 0:
                    known |= np.int64(1) << prefix[i, 2]
            for i in range(dead.shape[0]):
                known |= np.int64(1) << dead[i]
            for code in range(52):
                if not (known >> code) & 1:
                    pool[left] = code
                    left += 1
        else:
            for code in range(52):
                pool[code] = code
            left = 52
        start = 0
        events = prefix.shape[0] if first else 0
        for i in range(events):
            seat, up, code = prefix[i, 0], prefix[i, 1], prefix[i, 2]
            if seat == RESHUFFLE_SEAT:
                for b in range(nburns):
                    pool[left] = burns[b]
                    left += 1
                nburns = 0
                continue
            if code < 0:
                j = below(rng, left)
                code = pool[j]
                left -= 1
                pool[j] = pool[left]
            if seat == BURN_SEAT:
                burns[nburns] = code
                nburns += 1
            elif seat == COMMUNITY_SEAT:
                community = code
                flags |= FLAG_COMMUNITY
            elif seat == CENTRE_SEAT:
                centre = code
                flags |= FLAG_CENTRE
                _face_up(kind, ws, code, True)
                new = _public(kind, queens, ws[0], ws[2], ws[3])
                changes += new != public
                public = new
                last_up = code
            else:
                cards[seat, count[seat]] = code
                ups[seat, count[seat]] = up
                count[seat] += 1
                if up:
                    queen_up = queen_up or (code >> 2) == QUEEN
                    last_up = code
                    _face_up(kind, ws, code, False)
                    new = _public(kind, queens, ws[0], ws[2], ws[3])
                    changes += new != public
                    public = new
        if first:
            start = prefix_street + 1
        # The end of the prefix's street, if the prefix stopped right after its dealing.
        check_from = start - 1 if first and prefix_street >= 0 else start
        for st in range(check_from, streets):
            if st >= start:
                # -- deal one street ------------------------------------------------------
                nq = 0
                for c in range(street_cards[st]):
                    for k in range(nlive):
                        queue_seat[nq] = live[k]
                        queue_up[nq] = street_ups[st, c]
                        nq += 1
                burn_due = cfg[BURN] != 0
                community_due = False
                need = nq + (1 if burn_due else 0)
                if left < need and nburns > 0:
                    for b in range(nburns):
                        pool[left] = burns[b]
                        left += 1
                    nburns = 0
                if left < need:
                    if street_cards[st] == 1 and left >= 1:
                        nq = 0
                        community_due = True
                        burn_due = burn_due and left >= 2
                    else:
                        flags |= FLAG_STUCK
                        break
                if burn_due:
                    j = below(rng, left)
                    left -= 1
                    burns[nburns] = pool[j]
                    nburns += 1
                    pool[j] = pool[left]
                if community_due:
                    j = below(rng, left)
                    community = pool[j]
                    left -= 1
                    pool[j] = pool[left]
                    flags |= FLAG_COMMUNITY
                for q in range(nq):
                    seat = queue_seat[q]
                    up = queue_up[q]
                    j = below(rng, left)
                    code = pool[j]
                    left -= 1
                    pool[j] = pool[left]
                    cards[seat, count[seat]] = code
                    ups[seat, count[seat]] = up
                    count[seat] += 1
                    if up:
                        if kind == BITCH and code == QUEEN_OF_SPADES:
                            redeal = True
                            break
                        queen_up = queen_up or (code >> 2) == QUEEN
                        last_up = code
                        _face_up(kind, ws, code, False)
                        new = _public(kind, queens, ws[0], ws[2], ws[3])
                        changes += new != public
                        public = new
                if redeal:
                    break
            # -- the end of the street's dealing ------------------------------------------
            if st == cfg[LAST_UP]:
                if cfg[CENTRE] and centre < 0 and last_up >= 0 and (last_up >> 2) == QUEEN:
                    if left == 0:
                        for b in range(nburns):
                            pool[left] = burns[b]
                            left += 1
                        nburns = 0
                    if left == 0:
                        flags |= FLAG_STUCK
                        break
                    j = below(rng, left)
                    centre = pool[j]
                    left -= 1
                    pool[j] = pool[left]
                    flags |= FLAG_CENTRE
                    _face_up(kind, ws, centre, True)
                    new = _public(kind, queens, ws[0], ws[2], ws[3])
                    changes += new != public
                    public = new
                elif cfg[NO_QUEEN] and not queen_up:
                    redeal = True
                    break
        if redeal:
            redeals += 1
            first = False
            if cfg[REDEAL_ALL]:
                nlive = n
                for seat in range(n):
                    live[seat] = seat
            continue
        break

    # -- the showdown -----------------------------------------------------------------------
    best = np.int64(-1)
    for seat in range(n):
        out_value[row, seat] = -1
        out_natural[row, seat] = 0
        out_wilds[row, seat] = 0
        out_plain[row, seat] = -1
    special = np.int64(0)
    for k in range(nlive):
        seat = live[k]
        held = np.int64(0)
        own_hidden_queens = np.int64(0)
        qs_hidden = False
        for c in range(count[seat]):
            code = cards[seat, c]
            held |= np.int64(1) << code
            if not ups[seat, c]:
                if (code >> 2) == QUEEN:
                    own_hidden_queens |= np.int64(1) << code
                if code == QUEEN_OF_SPADES:
                    qs_hidden = True
        total = count[seat]
        if community >= 0:
            held |= np.int64(1) << community
            total += 1
            if (community >> 2) == QUEEN:
                own_hidden_queens |= np.int64(1) << community
            if community == QUEEN_OF_SPADES:
                qs_hidden = True
        wild = public
        if kind == FTQ and queens == Q_HIDDEN:
            wild |= own_hidden_queens
        elif kind == BD:
            last = cfg[BD_CARDS] - 1
            if count[seat] > last:
                wild = _rank_mask(cards[seat, last] >> 2)
            elif total > last and community >= 0:
                wild = _rank_mask(community >> 2)
        elif kind == BITCH and qs_hidden:
            if cfg[SPLIT]:
                special |= np.int64(1) << seat
            else:
                wild = np.int64(1) << QUEEN_OF_SPADES
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
        key = value * 2 + (1 if natural and cfg[NBW] else 0)
        best = max(best, key)
    high = np.int64(0)
    for k in range(nlive):
        seat = live[k]
        key = out_value[row, seat] * 2 + (1 if out_natural[row, seat] and cfg[NBW] else 0)
        if key == best:
            high |= np.int64(1) << seat
    return high, special, redeals, changes, flags


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
        for i in range(per_chunk):
            row = chunk * per_chunk + i
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
            )
            out_deal[row, 0] = high
            out_deal[row, 1] = special
            out_deal[row, 2] = redeals
            out_deal[row, 3] = changes
            out_deal[row, 4] = flags


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
    full[:base] = prefix
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
                0,
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
