"""What a betting action is: the options offered to the seat to act, the record of an action
carried out, and the private records the round works with (a checked plan, a window of amounts,
the offer of the turn), with the words its refusals use.

>>> str(ActionOption(ActionKind.CALL, 10, 10))
'call to 10'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import NamedTuple

from wildstud.betting.stakes import _BET, _CHECK, _COMPLETE, _FOLD, ActionKind

__all__ = ["ActionOption", "Applied"]


@dataclass(frozen=True, slots=True)
class ActionOption:
    """One legal kind of action for the seat to act, with the to-amounts it may take.

    Fold and check carry ``0, 0``; call carries its to-amount (an all-in for less when the stack is
    short). Fixed limit allows only some sizes: ``amounts`` lists them (with an open pair on
    fourth street, the small bet and the big bet, and an all-in short of one), so that a player's
    page can offer each rather than a range; it is ``None`` where every whole amount from the
    least to the most will do.

    >>> str(ActionOption(ActionKind.RAISE, 10, 40))
    'raise to 10..40'
    >>> str(ActionOption(ActionKind.BET, 5, 10, (5, 10)))
    'bet to 5 or 10'
    """

    kind: ActionKind
    min_amount: int
    max_amount: int
    amounts: tuple[int, ...] | None = None

    def __str__(self) -> str:
        if self.kind in (_FOLD, _CHECK):
            return str(self.kind)
        if self.min_amount == self.max_amount:
            return f"{self.kind} to {self.min_amount}"
        if self.amounts is not None:
            *most, last = self.amounts
            return f"{self.kind} to {', '.join(map(str, most))} or {last}"
        return f"{self.kind} to {self.min_amount}..{self.max_amount}"


_FOLD_OPTION = ActionOption(_FOLD, 0, 0)
_CHECK_OPTION = ActionOption(_CHECK, 0, 0)


@lru_cache(maxsize=1024)
def _option(
    kind: ActionKind, low: int, high: int, amounts: tuple[int, ...] | None = None
) -> ActionOption:
    # The same few options come up turn after turn: share them (they are frozen). Measured
    # (benchmarks/engine.py's player, FTQ and BD7, 16 alternated rounds of 300 hands, best
    # round, 2026-12-02): building each instead plays 3.5% (FTQ) and 6.7% (BD7) fewer hands.
    return ActionOption(kind, low, high, amounts)


@dataclass(frozen=True, slots=True)
class Applied:
    """What an applied action did.

    ``to_amount`` is the seat's street total afterwards (0 for a fold or a check), ``added`` the
    chips it moved from its stack, ``reopened`` whether it was a full bet or raise (an all-in
    short of half a bet in limit, or of a full raise in pot and no limit, is not; under
    :class:`ShortAllIn` ``full-raise-only``, one short of the street's largest bet or raise).
    """

    seat: int
    kind: ActionKind
    to_amount: int
    added: int
    all_in: bool
    reopened: bool


class _Record(NamedTuple):
    """An action checked against the rules, ready to be carried out, and once carried out its
    record: the fields of an :class:`Applied`, in order, what :meth:`BettingRound.record`
    answers. One is made for every action and every question about one; the plan serves as the
    record: with the round taking over the stacks the hand engine gives it, 3.2% fewer
    instructions a hand of benchmarks/engine.py's FTQ player than a plan and a record (callgrind,
    400 hands, 2026-12-02)."""

    seat: int
    kind: ActionKind
    to_amount: int
    added: int
    all_in: bool
    reopened: bool


_record = partial(tuple.__new__, _Record)
"""A :class:`_Record` from the tuple of its fields, in order, made without calling the named
tuple's constructor: that is a Python function, and a record is made at every action. 1.1%
fewer instructions a hand of benchmarks/engine.py's FTQ player (callgrind, 300 hands,
2026-12-03: 2,063,432 to 2,040,868)."""


class _Window(NamedTuple):
    """The to-amounts a bet, completion or raise may take: one is made at every turn."""

    low: int
    high: int
    targets: tuple[int, ...] | None
    """The only to-amounts allowed in fixed limit, else ``None``."""
    rule: Callable[[], str]
    """Why (worded on demand, for refusal messages)."""


class _Offer(NamedTuple):
    """The bet, completion or raise open to the seat to act."""

    kind: ActionKind
    window: _Window
    option: ActionOption


@lru_cache(maxsize=1024)
def _shared_offer(kind: ActionKind, window: _Window) -> _Offer:
    """The offer of a fixed-limit window (one of the shared windows of ``sizing._fixed_window``):
    every seat that can afford each size gets the same one, street after street and hand after
    hand, so each is made once."""
    return _Offer(kind, window, _option(kind, window.low, window.high, window.targets))


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _cap_text(cap: int) -> str:
    if cap == 0:
        return "a single bet"
    word = _NUMBER_WORDS[cap] if cap < len(_NUMBER_WORDS) else str(cap)
    return f"a bet and {word} raise{'' if cap == 1 else 's'}"


def _wrong_kind(name: str, kind: ActionKind, expected: ActionKind, bet: int) -> str:
    """Why ``kind`` is not the wager to make where ``expected`` is, with ``bet`` in."""
    if expected is _BET:
        return f"{name} cannot {kind}: there is no bet yet (check or bet)"
    if expected is _COMPLETE:
        return f"{name} cannot {kind}: only {bet} is in, short of a full bet (call or complete)"
    return f"{name} cannot {kind}: there is already a bet of {bet} (call or raise)"


def _go_from(low: int, high: int, why: str) -> Callable[[], str]:
    return lambda: f"go from {low} to {high} {why}"


def _or_all_in(rule: Callable[[], str], all_in_to: int) -> Callable[[], str]:
    return lambda: f"{rule()}, or all in to {all_in_to}"


def _plural(kind: ActionKind) -> str:
    return "completions" if kind is _COMPLETE else f"{kind}s"
