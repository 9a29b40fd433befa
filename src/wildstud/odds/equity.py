"""The odds of each live hand in a deal part-way through: Monte Carlo, or exact.

:func:`odds` deals out the rest of a :class:`~wildstud.odds.situation.Situation` in the game's
real order, with every wild-card rule, redeal and centre card as the game has them, over
seeded chunks of deals, until the widest 95% interval of a pot share is narrow enough, a number
of deals is reached or time runs out. :func:`exact_odds` tries every way the last street can
fall when every other card is known.

>>> from wildstud.odds.situation import Situation
>>> s = Situation.build("FTQ", 2, hole={0: "As Ad", 1: "Kc Kd"},
...                     upcards={0: "Ah 4d 5h 9s", 1: "Kh 6c 7c 8d"})
>>> exact = exact_odds(s)
>>> exact.deals, round(exact.seats[0].equity, 4)
(1560, 0.8083)
>>> round(odds(s, deals=40_000, seed=1).seats[0].equity, 2)
0.81
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from wildstud.cards import Card
from wildstud.errors import SituationError
from wildstud.odds import compiled_deal
from wildstud.odds.parallel import map_chunks, play_chunks
from wildstud.odds.simulate import CHUNK_DEALS, Deals, GameSpec
from wildstud.odds.situation import Situation
from wildstud.odds.stats import Z95, wilson

__all__ = ["Odds", "SeatOdds", "check_exact", "exact_odds", "odds"]

Interval = tuple[float, float]
_ROWS = 5  # share, squares of the share, sole high win, shared high half, special half


@dataclass(frozen=True)
class SeatOdds:
    """One live seat's chances: its expected share of the pot, and how it gets it."""

    seat: int
    equity: float
    """Expected share of the pot (split halves and ties counted as the part won)."""
    equity_interval: Interval
    win: float
    """Takes the high half (or the whole pot) alone."""
    win_interval: Interval
    tie: float
    """Shares the high half with an equal hand."""
    tie_interval: Interval
    special: float
    """Takes the special half (The Bitch: holds the queen of spades face down)."""
    special_interval: Interval

    def to_dict(self, split_pot: bool = False) -> dict[str, Any]:
        """The seat's chances as ``wildstud odds --json`` gives them under ``seats`` (the
        special half ``None`` unless the pot is split)."""
        from wildstud.vocabulary import seat_odds_json

        return seat_odds_json(self, split_pot)


@dataclass(frozen=True)
class Odds:
    """The answer for a situation."""

    situation: Situation
    seats: tuple[SeatOdds, ...]
    deals: int
    exact: bool
    seconds: float
    seed: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The odds as ``wildstud odds --json`` prints them (``odds.schema.json``), in plain
        Python values."""
        from wildstud.vocabulary import odds_json

        return odds_json(self)


def _totals(deals: Deals, players: int, split: bool) -> npt.NDArray[np.float64]:
    """Per-seat sums over a batch: share, share squared, sole win, shared win, special half."""
    totals = np.zeros((_ROWS, players), dtype=np.float64)
    seats = np.arange(players)
    high = ((deals.high[:, None] >> seats) & 1).astype(np.float64)
    special = ((deals.special[:, None] >> seats) & 1).astype(np.float64)
    winners = high.sum(axis=1, keepdims=True)
    holders = special.sum(axis=1, keepdims=True)
    high_part = np.where(split & (holders > 0), 0.5, 1.0)
    share = high * high_part / np.maximum(winners, 1) + special * 0.5 / np.maximum(holders, 1)
    totals[0] = share.sum(axis=0)
    totals[1] = (share * share).sum(axis=0)
    totals[2] = (high * (winners == 1)).sum(axis=0)
    totals[3] = (high * (winners > 1)).sum(axis=0)
    totals[4] = special.sum(axis=0)
    return totals


def _result(
    situation: Situation,
    totals: npt.NDArray[np.float64],
    deals: int,
    exact: bool,
    seconds: float,
    seed: int | None,
) -> Odds:
    # The compiled deal's seat k is the table's seat k places round from the first dealt.
    totals = np.roll(totals, situation.first, axis=1)
    seats = []
    seated = set(situation.live)
    if GameSpec.of(situation.rules).config[compiled_deal.REDEAL_ALL] and not exact:
        seated = set(range(situation.players))  # a redeal for everyone brings folded seats back
    for seat in sorted(seated):
        share = float(totals[0, seat] / deals)
        if exact:
            band: Interval = (share, share)
        else:
            variance = max(totals[1, seat] / deals - share * share, 0.0)
            half = Z95 * (variance / max(deals - 1, 1)) ** 0.5
            band = (max(0.0, share - half), min(1.0, share + half))

        def rate(successes: float) -> tuple[float, Interval]:
            value = float(successes / deals)
            return value, ((value, value) if exact else wilson(successes, deals))

        win, win_band = rate(totals[2, seat])
        tie, tie_band = rate(totals[3, seat])
        special, special_band = rate(totals[4, seat])
        seats.append(
            SeatOdds(seat, share, band, win, win_band, tie, tie_band, special, special_band)
        )
    return Odds(situation, tuple(seats), deals, exact, seconds, seed)


def odds(
    situation: Situation,
    *,
    deals: int | None = None,
    precision: float = 0.002,
    time_limit: float = 10.0,
    seed: int | None = 0,
    scheduler: str | Any | None = None,
    progress: Callable[[int, int | None], None] | None = None,
) -> Odds:
    """Monte Carlo odds of every live hand: batches of seeded chunks until ``deals`` deals
    (when given), or until every pot share's 95% interval is at most ``precision`` either side,
    or ``time_limit`` seconds have passed. The same seed and number of deals give the same
    answer whatever runs them."""
    if deals is not None and (isinstance(deals, bool) or deals < 1):
        raise SituationError(f"the number of deals must be at least 1, not {deals!r}")
    if not precision > 0:
        raise SituationError(f"the precision must be above 0, not {precision!r}")
    if not time_limit > 0:
        raise SituationError(f"the time limit must be above 0 seconds, not {time_limit!r}")
    spec = GameSpec.of(situation.rules)
    players = situation.players
    prefix = situation.prefix_array
    dead = np.array(situation.dead, dtype=np.int64)
    live = situation.live_mask
    per_chunk = CHUNK_DEALS if deals is None else min(CHUNK_DEALS, deals)

    def work(first: int, count: int, size: int = per_chunk) -> npt.NDArray[np.float64]:
        played = play_chunks(
            spec,
            players,
            seed=seed,
            first=first,
            chunks=count,
            per_chunk=size,
            prefix=prefix,
            prefix_street=situation.street,
            dead=dead,
            live=live,
        )
        return _totals(played, players, spec.split)

    if deals is None and scheduler is None:
        # The time limit is for dealing: on a machine's first run the deal is compiled first
        # (half a minute), which one deal, thrown away, does before the clock starts. (A
        # cluster's workers compile their own.)
        work(0, 1, 1)
    began = time.perf_counter()
    totals = np.zeros((_ROWS, players), dtype=np.float64)
    done = 0
    chunk = 0
    batch = 8
    while True:
        count = min(batch, -(-(deals - done) // per_chunk)) if deals is not None else batch
        for part in map_chunks(work, chunk, count, scheduler):
            totals += part
        chunk += count
        done += count * per_chunk
        if progress is not None:
            progress(done, deals)
        if deals is not None:
            if done >= deals:
                break
            continue
        result = _result(situation, totals, done, False, 0.0, seed)
        widest = max((s.equity_interval[1] - s.equity_interval[0]) / 2 for s in result.seats)
        if widest <= precision or time.perf_counter() - began >= time_limit:
            break
        batch = min(batch * 2, 128)
    return _result(situation, totals, done, False, time.perf_counter() - began, seed)


MAX_EXACT = 20_000_000


def check_exact(situation: Situation, *, max_ways: int = MAX_EXACT) -> None:
    """Refuse a situation :func:`exact_odds` would refuse, with the same
    :class:`~wildstud.errors.SituationError`, before anything is compiled or dealt: a command
    says so before it announces a compilation.

    >>> from wildstud.odds.situation import Situation
    >>> check_exact(Situation.build("FTQ", 3, upcards={0: "5s", 1: "Qd", 2: "7c"}))
    Traceback (most recent call last):
    ...
    wildstud.errors.SituationError: exact odds need every street dealt but the last \
(seventh street); this deal is on third street
    """
    _last_street(situation, max_ways)


def _last_street(
    situation: Situation, max_ways: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None:
    """The cards left and the live kernel seats for an exact last street, ``None`` where
    every card is dealt and known (the showdown's one result), or the refusal."""
    rules = situation.rules
    last = len(rules.streets) - 1
    if situation.complete and not situation.unknown:
        return None  # dead cards change nothing once every card is dealt
    if situation.street != last - 1:
        raise SituationError(
            "exact odds need every street dealt but the last"
            f" ({rules.streets[last].name}); this deal is on"
            f" {rules.streets[situation.street].name if situation.street >= 0 else 'no street'}"
        )
    if situation.unknown:
        raise SituationError("exact odds need every card dealt so far to be known")
    if GameSpec.of(rules).config[compiled_deal.BURN]:
        raise SituationError("exact odds are not available with burn cards")
    # Dead cards (seen out of play: run 1's, in a hand run twice) are out of the pool too.
    known = {code for _, _, code in situation.prefix if code >= 0} | set(situation.dead)
    pool = np.array([code for code in range(52) if code not in known], dtype=np.int64)
    live = np.array(sorted(situation.kernel_seat(seat) for seat in situation.live), dtype=np.int64)
    if len(pool) < len(live):
        raise SituationError("the stub is short on the last street: a community card is dealt")
    ways = 1
    for j in range(len(live)):
        ways *= len(pool) - j
    if ways > max_ways:
        raise SituationError(f"{ways:,} ways to deal the last street: too many to try them all")
    return pool, live


def exact_odds(situation: Situation, *, max_ways: int = MAX_EXACT) -> Odds:
    """Exact odds where only the last street is left to deal and every card dealt so far is
    known: every way the last cards can fall, each equally likely; or, once every card is
    dealt and known, the showdown's one result. More than ``max_ways`` ways to try is refused
    with a :class:`~wildstud.errors.SituationError` (:func:`check_exact` says so first)."""
    ways = _last_street(situation, max_ways)
    if ways is None:
        return _showdown(situation)
    pool, live = ways
    rules = situation.rules
    spec = GameSpec.of(rules)
    began = time.perf_counter()
    totals = np.zeros((4, situation.players), dtype=np.float64)
    deals = compiled_deal.enumerate_last_street(
        spec.config,
        spec.street_cards,
        spec.street_ups,
        situation.players,
        spec.kernel_tables,
        situation.prefix_array,
        situation.street,
        live,
        pool,
        totals,
    )
    full = np.zeros((_ROWS, situation.players), dtype=np.float64)
    full[0], full[2], full[3], full[4] = totals
    return _result(situation, full, int(deals), True, time.perf_counter() - began, None)


def _showdown(situation: Situation) -> Odds:
    """The one way a deal whose every card is dealt and known ends: a single deal played."""
    began = time.perf_counter()
    spec = GameSpec.of(situation.rules)
    played = play_chunks(
        spec,
        situation.players,
        seed=0,
        first=0,
        chunks=1,
        per_chunk=1,
        prefix=situation.prefix_array,
        prefix_street=situation.street,
        dead=np.array(situation.dead, dtype=np.int64),
        live=situation.live_mask,
    )
    totals = _totals(played, situation.players, spec.split)
    return _result(situation, totals, 1, True, time.perf_counter() - began, None)


def describe_cards(codes: list[int]) -> str:
    """Card codes as text.

    >>> describe_cards([51, 0])
    'As 2c'
    """
    return " ".join(str(Card.of(code)) for code in codes)
