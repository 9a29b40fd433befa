"""The reopening rule: what an all-in bet or raise short of a full one does to the betting, one
small class per choice of the ``short_all_in`` house rule (:class:`~wildstud.betting.ShortAllIn`).

The round asks its rule three things: whether a wager is a full one (it reopens the betting),
what a wager leaves behind for the next one, and why a seat may not raise now (the reopening
part of it: the stack, the cap and the players who could answer are the round's own checks).

- :class:`HalfReopens` (the default, Robert's Rules): in fixed and spread limit an all-in that
  raises by half the least raise or more counts as a full raise, and raises over a smaller one
  are sized from the last full bet; in pot and no limit only a full raise reopens. A seat that
  has acted may raise again once what it faces has gone up by a (half-)full raise since.
- :class:`FullRaiseOnly` (pokerkit's rule): a wager reopens only if it raises by at least the
  street's largest bet or raise; the next raise adds a full one to the all-in's total; every
  wager counts towards the cap.

Three players at 5/10 fixed limit; the third goes all in for 3 over the bet of 5, more than
half a bet: under the default the first seat, who bet, may raise again; under pokerkit's rule it
may only call or fold.

>>> from wildstud.betting import BettingRound, Stakes
>>> def after_short_all_in(rule):
...     rnd = BettingRound(Stakes(short_all_in=rule), order=[0, 1, 2],
...                        stacks={0: 50, 1: 50, 2: 8}, street_index=1, big_bet=False,
...                        bring_in=False, open_pair=False, pot=3)
...     for kind in ("bet", "call", "raise"):
...         _ = rnd.apply(kind, 8 if kind == "raise" else None)
...     return [str(option) for option in rnd.options()]
>>> after_short_all_in("half-reopens")
['fold', 'call to 8', 'raise to 13']
>>> after_short_all_in("full-raise-only")
['fold', 'call to 8']
>>> reopening(ShortAllIn.FULL_RAISE_ONLY)
FullRaiseOnly()
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from wildstud.betting.actions import _Window
from wildstud.betting.sizing import (
    base,
    check_cap,
    counts_as_full,
    fixed_sizes,
    fixed_sizes_window,
    note_full,
)
from wildstud.betting.stakes import _FIXED, _LIMIT_FAMILY, _OVER_BRING_IN, ActionKind, ShortAllIn
from wildstud.seats import seat_label

if TYPE_CHECKING:
    from wildstud.betting.round import BettingRound

__all__ = ["REOPENING", "FullRaiseOnly", "HalfReopens", "Reopening", "reopening"]


class Reopening(ABC):
    """One choice of the ``short_all_in`` house rule: the questions the round asks of it.

    The instances hold no state (the round keeps the street's figures), so one of each serves
    every round: :func:`reopening` gives it.
    """

    __slots__ = ()

    rule: ClassVar[ShortAllIn]
    """The house rule's value this class carries out."""

    @abstractmethod
    def is_full(self, rnd: BettingRound, to_amount: int) -> bool:
        """Whether a completion, bet or raise to ``to_amount`` is a full one (it reopens)."""

    @abstractmethod
    def note(self, rnd: BettingRound, seat: int, to_amount: int, full: bool, all_in: bool) -> None:
        """A completion, bet or raise (never the bring-in) to ``to_amount`` is being made, full
        or not, all in or not (the round's bet not yet raised to it): keep what sizes the next."""

    @abstractmethod
    def block(self, rnd: BettingRound, seat: int, kind: ActionKind) -> str | None:
        """Why ``seat``, which has acted on this street, may not bet, complete or raise now
        because the betting was not reopened for it, or ``None`` if it may (a seat yet to act
        has nothing to reopen: the round does not ask)."""

    def all_in_completion(self, rnd: BettingRound, seat: int) -> _Window | None:
        """The all-in completion open to a bring-in seat that cannot complete to a full bet, or
        ``None`` (none, by default)."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __copy__(self) -> Reopening:
        return self  # stateless and shared: a copied round keeps the one rule object

    def __deepcopy__(self, memo: dict[int, object]) -> Reopening:
        return self


class HalfReopens(Reopening):
    """``half-reopens``: half a bet or more reopens in fixed and spread limit, a full raise in
    pot and no limit; several short all-ins can add up to reopen."""

    __slots__ = ()
    rule = ShortAllIn.HALF_REOPENS

    def is_full(self, rnd: BettingRound, to_amount: int) -> bool:
        return counts_as_full(rnd, to_amount - rnd._full_level)

    def note(self, rnd: BettingRound, seat: int, to_amount: int, full: bool, all_in: bool) -> None:
        if full:
            note_full(rnd, to_amount)

    def block(self, rnd: BettingRound, seat: int, kind: ActionKind) -> str | None:
        if seat in rnd._acted:
            faced = rnd._bet - rnd._acted[seat]
            if not counts_as_full(rnd, faced):
                name = seat_label(seat)
                return (
                    f"{name} cannot {kind}: the betting was not reopened since {name} acted "
                    f"(it went up {faced}, short of a full raise)"
                )
        return None


class FullRaiseOnly(Reopening):
    """``full-raise-only``, pokerkit's bookkeeping: the street's largest rise is the least full
    one, the next raise is sized from any wager, and every wager counts for the cap."""

    __slots__ = ()
    rule = ShortAllIn.FULL_RAISE_ONLY

    def is_full(self, rnd: BettingRound, to_amount: int) -> bool:
        return self._rise(rnd, to_amount) >= rnd._largest

    def note(self, rnd: BettingRound, seat: int, to_amount: int, full: bool, all_in: bool) -> None:
        stakes = rnd._stakes
        rise = self._rise(rnd, to_amount)
        if full:
            rnd._full_at = len(rnd._history)  # where this wager's record goes
            if (
                stakes.limit is _FIXED
                and rnd._open_pair
                and not rnd._big_street
                and to_amount - rnd._bet > stakes.small_bet
            ):
                rnd._big_made = True
                rnd._sizes = fixed_sizes(rnd)
        rnd._largest = max(rnd._largest, rise)
        run = rnd._short_run + rise if all_in else 0
        rnd._short_run = 0 if run >= rnd._largest else run
        rnd._last_increment = rnd._largest
        rnd._full_level = to_amount
        if stakes.limit is _FIXED:
            rnd._fixed_window = fixed_sizes_window(rnd)
        rnd._bets += 1
        check_cap(rnd)

    def block(self, rnd: BettingRound, seat: int, kind: ActionKind) -> str | None:
        # pokerkit's two tests: what the seat faces is short of the street's largest rise, or it
        # has acted since the last full one and the short all-ins since fall short.
        faced = rnd._bet - rnd._committed[seat]
        name = seat_label(seat)
        if faced < rnd._largest:
            return (
                f"{name} cannot {kind}: the betting was not reopened since {name} acted "
                f"(it went up {faced}, short of a full raise of {rnd._largest})"
            )
        # The seats that have acted since the last full wager are read from the history (only
        # here, and only under this rule): kept at every action instead, they cost every rule.
        if rnd._short_run and any(record.seat == seat for record in rnd._history[rnd._full_at :]):
            return (
                f"{name} cannot {kind}: the betting was not reopened since {name} acted (the "
                f"all-ins since add up to {rnd._short_run}, short of a full raise of "
                f"{rnd._largest})"
            )
        return None

    def all_in_completion(self, rnd: BettingRound, seat: int) -> _Window | None:
        stack = rnd._stacks[seat]
        if stack <= rnd._stakes.bring_in and rnd._able >= 2:
            # pokerkit: a seat with no more than the bring-in may also complete all in for it;
            # unlike the bring-in it is a wager (the street's first, so a full one), and the
            # next raise adds a full bet to it.
            return _Window(stack, stack, (stack,), lambda: f"can only be all in, to {stack}")
        return None

    @staticmethod
    def _rise(rnd: BettingRound, to_amount: int) -> int:
        """How much a wager to ``to_amount`` raises by, the size a raise over it must match (a
        completion in pot and no limit, by what it added over the bring-in or, under
        ``whole-completion``, by all of it)."""
        stakes = rnd._stakes
        if stakes.limit in _LIMIT_FAMILY or stakes.completion_reraise is _OVER_BRING_IN:
            return to_amount - rnd._bet
        return to_amount - base(rnd)


REOPENING: Mapping[ShortAllIn, Reopening] = MappingProxyType(
    {rule.rule: rule() for rule in (HalfReopens, FullRaiseOnly)}
)
"""The rule object of each choice; a round opening reads it here (a lookup, not a call)."""


def reopening(rule: ShortAllIn) -> Reopening:
    """The reopening rule for this choice of the house rule (one shared, stateless object).

    >>> reopening(ShortAllIn.HALF_REOPENS).rule
    <ShortAllIn.HALF_REOPENS: 'half-reopens'>
    """
    return REOPENING[rule]
