"""Sizing per limit: how big a bet, completion or raise may be under each structure, what counts
as a full one, and the bookkeeping a full one leaves behind (the sizes, the least raise, the
cap).

These are the :class:`~wildstud.betting.round.BettingRound`'s own rules, kept apart from the
turn and the bring-in: functions of the round's state, which the round calls (nothing outside
the betting package needs them). The rules they carry are in the package's docstring: fixed
limit in small and big bets (either, with an open pair on fourth street, until the big one is
made), spread limit from ``small_bet`` to ``big_bet`` and at least the last raise, pot limit up
to the pot after the call, no limit up to the stack.

>>> from wildstud.betting import BettingRound, Stakes
>>> rnd = BettingRound(Stakes(limit="spread-limit"), order=[0, 1], stacks={0: 50, 1: 50},
...                    street_index=1, big_bet=False, bring_in=False, open_pair=False, pot=4)
>>> spread = window(rnd, 0, floor=0)
>>> spread.low, spread.high, spread.targets, least_raise(rnd)
(5, 10, None, 5)
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from wildstud.betting.actions import _go_from, _or_all_in, _plural, _Window
from wildstud.betting.stakes import (
    _COMPLETE,
    _FIXED,
    _LIMIT_FAMILY,
    _OVER_BRING_IN,
    _POT,
    _SPREAD,
    ActionKind,
)
from wildstud.errors import IllegalActionError
from wildstud.seats import seat_label

if TYPE_CHECKING:
    from wildstud.betting.round import BettingRound

__all__ = [
    "base",
    "check_cap",
    "counts_as_full",
    "fixed_sizes",
    "fixed_sizes_window",
    "least_raise",
    "note_full",
    "resolve",
    "window",
]


def base(rnd: BettingRound) -> int:
    """The level a raise is measured from in pot and no limit, and that a seat has matched.

    A wager that is only the bring-in is no bet: completing it measures from nothing.
    """
    if rnd._bets == 0 and rnd._bet == rnd._bring_in_level:
        return 0
    return rnd._bet


def fixed_sizes(rnd: BettingRound) -> tuple[int, ...]:
    """Fixed limit: the sizes a bet or raise may have now. Kept in the round's ``_sizes``, worked
    out when the round opens and when the big bet is made, the only times they change."""
    stakes = rnd._stakes
    if rnd._big_street or rnd._big_made:
        return (stakes.big_bet,)
    if rnd._open_pair and stakes.big_bet > stakes.small_bet:
        return (stakes.small_bet, stakes.big_bet)
    return (stakes.small_bet,)


def fixed_sizes_window(rnd: BettingRound) -> _Window:
    """The to-amounts of a bet or raise of each size allowed now (in fixed limit; kept in the
    round's ``_fixed_window`` from its start and each full bet or raise)."""
    return _fixed_window(rnd._sizes, rnd._full_level)


@lru_cache(maxsize=256)
def _fixed_window(units: tuple[int, ...], level: int) -> _Window:
    # The window of each size over the last full wager's level. The same few sizes and levels
    # recur street after street (a window is a frozen value), so each is made once. Measured
    # (benchmarks/engine.py's player, 2026-12-02): quick A/B runs of 4 rounds of 1,000 hands gave
    # 5% to 12% more hands a second; benchmarks/compare.py, main against this change with the
    # shared fixed-limit offer (round.py) and the wild-card update's split, gave 3% to 5% more
    # hands against pokerkit in every game (docs/benchmarks.md), the figure that holds.
    targets = tuple([level + unit for unit in units])

    def rule() -> str:
        sizes = " or ".join(f"{unit}s" for unit in units)
        return f"are in {sizes}, to {' or '.join(str(target) for target in targets)}"

    return _Window(targets[0], targets[-1], targets, rule)


def least_raise(rnd: BettingRound) -> int:
    """The size of the smallest full bet or raise now (half of it reopens in limit)."""
    if rnd._stakes.limit is _FIXED:
        return rnd._sizes[0]
    return max(rnd._stakes.small_bet, rnd._last_increment)


def counts_as_full(rnd: BettingRound, rise: int) -> bool:
    """Whether a rise by ``rise`` chips is a full bet or raise (half a bet will do in limit)."""
    limit = rnd._stakes.limit
    if limit is _FIXED:
        # least_raise, written out: every wager and most second turns on a street ask this
        # (0.4% fewer opcodes a hand of benchmarks/engine.py's FTQ player, Python's opcode
        # trace, 200 hands, PYTHONHASHSEED=0, 2026-12-04: 24,916 to 24,817).
        return 2 * rise >= rnd._sizes[0]
    if limit in _LIMIT_FAMILY:
        return 2 * rise >= least_raise(rnd)
    return rise >= least_raise(rnd)


def window(rnd: BettingRound, seat: int, *, floor: int) -> _Window | None:
    """The to-amounts a bet, completion or raise by ``seat`` may take, each above ``floor``."""
    stakes = rnd._stakes
    all_in_to = rnd._committed[seat] + rnd._stacks[seat]
    targets: tuple[int, ...] | None = None
    # The rule is worded only for a refusal: most windows are asked for and never refuse.
    if stakes.limit is _FIXED:
        # The sizes change only with a full bet or raise, and most seats can afford them all:
        # the window of every size is worked out then, and kept (fixed_sizes_window).
        low, high, targets, rule = rnd._fixed_window
    elif stakes.limit is _SPREAD:
        low = rnd._full_level + max(stakes.small_bet, rnd._last_increment)
        high = rnd._full_level + stakes.big_bet
        spread = f"(spread {stakes.small_bet} to {stakes.big_bet})"
        rule = _go_from(low, high, spread)
    else:
        low = base(rnd) + least_raise(rnd)
        if stakes.limit is _POT:
            owed = rnd._bet - rnd._committed[seat]
            pot_after_call = rnd._pot + sum(rnd._committed.values()) + owed
            high = max(low, rnd._bet + pot_after_call)
            rule = _go_from(low, high, "(the pot limit)")
        else:
            high = max(low, all_in_to)
            rule = _go_from(low, high, "(all in)")
    if all_in_to <= floor:
        return None
    if all_in_to <= low:
        # The stack reaches a full-size action at most: the only choice is all in.
        return _Window(
            all_in_to, all_in_to, (all_in_to,), lambda: f"can only be all in, to {all_in_to}"
        )
    if targets is not None:
        if floor < low and high <= all_in_to:  # every size, and no all-in short of one
            return rnd._fixed_window
        kept = {t for t in targets if floor < t <= all_in_to}
        if all_in_to < targets[-1]:
            kept.add(all_in_to)
            rule = _or_all_in(rule, all_in_to)
        if not kept:
            return None
        ordered = tuple(sorted(kept))
        return _Window(ordered[0], ordered[-1], ordered, rule)
    low = max(low, floor + 1)
    high = min(high, all_in_to)
    if low > high:  # a bring-in as big as the largest bet leaves nothing to complete to
        return None
    if all_in_to < high:
        rule = _or_all_in(rule, all_in_to)
    return _Window(low, high, None, rule)


def resolve(seat: int, kind: ActionKind, amount: int | None, window: _Window) -> int:
    """The to-amount of a bet, completion or raise by ``seat``: ``amount`` if the window allows
    it, the least where ``amount`` is ``None`` and there is a natural one."""
    low, high, targets, rule = window
    if amount is None:
        if targets is None and kind is not _COMPLETE:
            name = seat_label(seat)
            raise IllegalActionError(
                f"{name} must say how much to {kind}: {_plural(kind)} {rule()}"
            )
        return low
    if not (amount in targets if targets is not None else low <= amount <= high):
        raise IllegalActionError(f"{kind} to {amount} is not allowed: {_plural(kind)} {rule()}")
    return amount


def note_full(rnd: BettingRound, to_amount: int) -> None:
    """A full bet or raise to ``to_amount`` is being made (the round's bet not yet raised to it,
    so the base is still the one it raises from): the sizes, the least raise and the cap."""
    stakes = rnd._stakes
    rise = to_amount - rnd._full_level
    if stakes.limit is _FIXED:
        if rnd._open_pair and not rnd._big_street and rise > stakes.small_bet:
            rnd._big_made = True
            rnd._sizes = fixed_sizes(rnd)
    elif stakes.limit is _SPREAD:
        rnd._last_increment = max(rnd._last_increment, rise)
    else:
        # A completion of the bring-in raises from nothing (the bring-in is no bet) or from the
        # bring-in, as the house rule says; every other raise from the bet it faces.
        start = base(rnd)
        if stakes.completion_reraise is _OVER_BRING_IN:
            start = rnd._bet
        rnd._last_increment = max(least_raise(rnd), to_amount - start)
    rnd._full_level = to_amount
    if stakes.limit is _FIXED:
        rnd._fixed_window = _fixed_window(rnd._sizes, to_amount)  # fixed_sizes_window
    rnd._bets += 1
    # check_cap's first tests, without the call (most wagers are not the last allowed); with
    # the window's lru_cache asked directly, the antes and the stages of a street without min()
    # and the enum's class: 1.2% fewer instructions a hand of benchmarks/engine.py's FTQ player
    # (callgrind, 300 hands after 300, PYTHONHASHSEED=0, 2026-12-04: 1,633,639 to 1,614,724).
    cap = stakes.raise_cap
    if cap is not None and rnd._bets >= 1 + cap:
        check_cap(rnd)


def check_cap(rnd: BettingRound) -> None:
    """A bet or raise has just been counted: the cap is reached if it is the last allowed."""
    stakes = rnd._stakes
    cap = stakes.raise_cap
    # Robert's Rules: the cap binds only a pot of three or more players not all in (unless the
    # house caps heads-up too, as pokerkit does).
    if (
        cap is not None
        and rnd._bets >= 1 + cap  # asked first: most bets are not the last allowed
        and stakes.capped
        and (rnd._able > 2 or stakes.cap_heads_up)
    ):
        rnd._capped = True
