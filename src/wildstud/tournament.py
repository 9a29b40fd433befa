"""Home tournaments for stud: the level schedule, the payouts, and a deal for the last players.

A sit-and-go at one table raises its stakes level by level. A stud level has four figures (the
ante, the bring-in and the small and big bets of a fixed-limit game) and lasts a number of
minutes or of hands; breaks sit between levels. :func:`stud_schedule` makes a schedule to the
house's taste from the starting chips; every figure can be edited after.

The prize pool is paid to the first places by a table of percentages (:data:`PAYOUT_TABLE`,
editable per tournament), in whole amounts that add up to the pool exactly (:func:`payouts`).
When a few players are left they may agree a deal: a *chip chop* (each is sure of the smallest
prize still to be paid, the rest shared by chips) or the *ICM* (each gets their expected prize
under the Malmuth–Harville model, :func:`icm`), both rounded to whole amounts that add up
(:func:`deal`).

>>> icm([50, 30, 20], [70, 30])  # the textbook example: A, B and C hold half, 30% and 20%
[45.18, 32.25, 22.57]
>>> deal([50, 30, 20], [70, 30], "icm"), deal([50, 30, 20], [70, 30], "chip-chop")
([45, 32, 23], [50, 30, 20])
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from wildstud.errors import WildstudError

__all__ = [
    "PAYOUT_TABLE",
    "Break",
    "Level",
    "Schedule",
    "TournamentError",
    "chip_chop",
    "deal",
    "finishing_order",
    "icm",
    "payouts",
    "stud_schedule",
]

Kind = Literal["icm", "chip-chop"]


class TournamentError(WildstudError):
    """A tournament setting or figure that cannot be used: a level out of order, payouts that
    do not fit the pool, a deal among players who are not there."""


@dataclass(frozen=True, slots=True)
class Level:
    """One level: its stakes, and how long it lasts (minutes, or hands dealt at the table)."""

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    minutes: float | None = 15.0
    hands: int | None = None

    def __post_init__(self) -> None:
        if not (self.ante >= 0 and 0 < self.bring_in <= self.small_bet <= self.big_bet):
            raise TournamentError(
                f"a level needs 0 <= ante, 0 < bring-in <= small bet <= big bet: {self}"
            )
        if (self.minutes is None) == (self.hands is None):
            raise TournamentError("a level lasts a number of minutes or of hands, one of them")
        if (self.minutes is not None and self.minutes <= 0) or (
            self.hands is not None and self.hands <= 0
        ):
            raise TournamentError("a level lasts more than nothing")


@dataclass(frozen=True, slots=True)
class Break:
    """A break between two levels."""

    minutes: float


Schedule = tuple[Level | Break, ...]
"""Levels and breaks in the order they come; the last level lasts until the end."""

# Small bets of the levels: a familiar ladder of tidy figures, rising about a third to a half.
_LADDER = (2, 3, 4, 6, 8, 10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000,
           1500, 2000, 3000, 4000, 5000, 7500, 10000)  # fmt: skip


def _tidy(amount: float) -> int:
    """``amount`` rounded to a figure a dealer pays without thinking: 1–5 whole, then the
    nearest of 1, 2, 2.5 and 5 times a power of ten."""
    if amount <= 5:
        return max(1, round(amount))
    power = 10 ** math.floor(math.log10(amount))
    steps = (1, 2, 5, 10) if power == 1 else (1, 2, 2.5, 5, 10)
    return int(min(steps, key=lambda step: abs(step * power - amount)) * power)


def stud_schedule(
    starting_chips: int,
    *,
    levels: int = 12,
    minutes: float | None = 15.0,
    hands: int | None = None,
    break_every: int = 4,
    break_minutes: float = 5.0,
) -> Schedule:
    """A schedule for ``starting_chips``: the first small bet about a fiftieth of a stack
    (25 big bets to start), each level on the ladder above the last, the ante about a tenth of
    the big bet and the bring-in about a quarter of the small bet (tidy figures, at least 1), a
    break every ``break_every`` levels. Each level lasts ``minutes``, or ``hands`` if given.

    >>> schedule = stud_schedule(1000, levels=3)
    >>> [(l.ante, l.bring_in, l.small_bet, l.big_bet) for l in schedule if isinstance(l, Level)]
    [(4, 5, 20, 40), (5, 5, 30, 60), (10, 10, 40, 80)]
    """
    if starting_chips < 100:
        raise TournamentError(f"start with at least 100 chips, not {starting_chips}")
    if levels < 1:
        raise TournamentError("a schedule has at least one level")
    first = next(i for i, bet in enumerate(_LADDER) if bet >= starting_chips / 50 or bet == 10000)
    schedule: list[Level | Break] = []
    for index in range(levels):
        small = _LADDER[min(first + index, len(_LADDER) - 1)]
        schedule.append(
            Level(
                ante=_tidy(small / 5),
                bring_in=_tidy(small / 4),
                small_bet=small,
                big_bet=2 * small,
                minutes=None if hands is not None else minutes,
                hands=hands,
            )
        )
        if break_every and (index + 1) % break_every == 0 and index + 1 < levels:
            schedule.append(Break(break_minutes))
    return tuple(schedule)


PAYOUT_TABLE: Mapping[int, tuple[int, ...]] = {
    2: (100,),
    5: (65, 35),
    8: (50, 30, 20),
    11: (40, 25, 17, 11, 7),
    21: (30, 20, 14, 10, 8, 6, 5, 4, 3),
}
"""The share of the pool, in per cent, of each place paid, by the least number of entrants it
applies from: 2–4 entrants, the winner takes all; 5–7, two places; 8–10, three; 11–20, five;
21 or more, nine. A tournament may set its own."""


def payouts(
    pool: int, entrants: int, table: Mapping[int, Sequence[int]] = PAYOUT_TABLE
) -> list[int]:
    """The prize of each place paid, in whole amounts adding up to ``pool``: each place its
    share rounded down, and what rounding left goes to the first places, one each.

    >>> payouts(100, 6), payouts(90, 9), payouts(7, 9)
    ([65, 35], [45, 27, 18], [4, 2, 1])
    """
    if pool < 0 or entrants < 2:
        raise TournamentError("a tournament has two entrants or more and a pool of 0 or more")
    start = max((count for count in table if count <= entrants), default=None)
    if start is None:
        raise TournamentError(f"the payout table starts above {entrants} entrants")
    shares = list(table[start])
    if sum(shares) != 100 or any(share <= 0 for share in shares):
        raise TournamentError(f"the shares of each place add up to 100 per cent, not {shares}")
    shares = shares[:entrants]
    paid = [pool * share // sum(shares) for share in shares]
    for place in range(pool - sum(paid)):
        paid[place % len(paid)] += 1
    return paid


def icm(stacks: Sequence[int], prizes: Sequence[int], *, digits: int | None = 2) -> list[float]:
    """Each player's expected prize under the Malmuth–Harville model: a player finishes first
    with a chance in proportion to their chips, and each next place goes the same way among
    those left. Exact, over every subset of the players (fine for a final table of up to about
    fifteen); rounded to ``digits`` places (``None``: unrounded).

    >>> icm([100, 100], [60, 40])
    [50.0, 50.0]
    """
    count = len(stacks)
    if count < 1 or any(stack <= 0 for stack in stacks):
        raise TournamentError(f"every player left has chips: {list(stacks)}")
    if count > 16:
        raise TournamentError(f"ICM for at most 16 players, not {count}")
    prizes = [*prizes[:count], *[0] * (count - len(prizes))]
    # chance[mask]: the probability that the players in mask are exactly those still to finish
    # (the others placed above them); place of the next finisher = count - popcount(mask) + 1.
    full = (1 << count) - 1
    chance = {full: 1.0}
    equity = [0.0] * count
    for mask in sorted(range(1, full + 1), key=lambda m: -bin(m).count("1")):
        here = chance.get(mask)
        if not here:
            continue
        place = count - bin(mask).count("1")
        total = sum(stacks[i] for i in range(count) if mask >> i & 1)
        for player in range(count):
            if mask >> player & 1:
                p = here * stacks[player] / total
                equity[player] += p * prizes[place]
                rest = mask & ~(1 << player)
                if rest:
                    chance[rest] = chance.get(rest, 0.0) + p
    return [round(value, digits) for value in equity] if digits is not None else equity


def chip_chop(stacks: Sequence[int], prizes: Sequence[int]) -> list[float]:
    """Each player's share in a chip chop: the smallest prize still to be paid to everyone
    left, and the rest of the prizes shared in proportion to chips.

    >>> chip_chop([60, 40], [70, 30])
    [54.0, 46.0]
    """
    count = len(stacks)
    if count < 1 or any(stack <= 0 for stack in stacks):
        raise TournamentError(f"every player left has chips: {list(stacks)}")
    prizes = [*prizes[:count], *[0] * (count - len(prizes))]
    floor = min(prizes)
    rest = sum(prizes) - floor * count
    chips = sum(stacks)
    return [floor + rest * stack / chips for stack in stacks]


def deal(stacks: Sequence[int], prizes: Sequence[int], kind: Kind = "icm") -> list[int]:
    """A deal among the players left, in whole amounts adding up to the prizes still to be
    paid: each share (:func:`icm` or :func:`chip_chop`) rounded down, then the amounts rounding
    left, one each, to the largest fractions (the bigger stack first on a tie)."""
    shares = icm(stacks, prizes, digits=None) if kind == "icm" else chip_chop(stacks, prizes)
    pool = sum(prizes[: len(stacks)])
    whole = [math.floor(share + 1e-9) for share in shares]
    order = sorted(range(len(shares)), key=lambda i: (-(shares[i] - whole[i]), -stacks[i], i))
    for index in order[: pool - sum(whole)]:
        whole[index] += 1
    return whole


def finishing_order(out: Mapping[str, int], places_left: int) -> dict[str, int | tuple[int, int]]:
    """The places of the players knocked out in one hand, from their stacks as the hand
    began: the bigger stack finishes higher; players who began it level tie, and share the
    places they cover (given as a range). ``places_left`` is the number of players still in
    before the hand, so the first one out of a table of six finishes sixth.

    >>> finishing_order({"Ann": 40, "Bob": 90}, 6)
    {'Bob': 5, 'Ann': 6}
    >>> finishing_order({"Ann": 40, "Cy": 40, "Bob": 90}, 6)
    {'Bob': 4, 'Ann': (5, 6), 'Cy': (5, 6)}
    """
    if not 0 < len(out) <= places_left:
        raise TournamentError(f"{len(out)} players out of {places_left} still in")
    place = places_left - len(out) + 1
    found: dict[str, int | tuple[int, int]] = {}
    for stack in sorted(set(out.values()), reverse=True):
        level = sorted(name for name, start in out.items() if start == stack)
        span = (place, place + len(level) - 1)
        for name in level:
            found[name] = span[0] if len(level) == 1 else span
        place += len(level)
    return found
