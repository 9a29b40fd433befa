"""The betting structure of a table: the limits, the house rules of the betting, the stakes, and
the kinds of action.

A :class:`Stakes` is the whole structure, checked as it is made; the betting round reads it and
never changes it.

>>> Stakes(limit="spread-limit").limit is Limit.SPREAD
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from wildstud.errors import OptionError

__all__ = ["ActionKind", "CompletionReraise", "Limit", "ShortAllIn", "Stakes"]


class Limit(StrEnum):
    """How big bets and raises may be.

    >>> Limit("pot-limit") is Limit.POT
    True
    """

    FIXED = "fixed-limit"
    SPREAD = "spread-limit"
    POT = "pot-limit"
    NO = "no-limit"


class CompletionReraise(StrEnum):
    """Pot and no limit: what the least raise over a completed bring-in must add.

    ``over-bring-in`` (the default): what the completion added over the bring-in, at least the
    least bet. Robert's Rules allow no "completing" at big-bet poker, so the first wager over
    the bring-in is a raise of it, and a raise must be at least the previous bet or raise;
    pokerkit sizes it the same way. ``whole-completion``: the whole completion, as if the
    bring-in were no bet and the completion the round's first (wildstud before this option).

    >>> CompletionReraise("whole-completion") is CompletionReraise.WHOLE_COMPLETION
    True
    """

    OVER_BRING_IN = "over-bring-in"
    WHOLE_COMPLETION = "whole-completion"


class ShortAllIn(StrEnum):
    """What an all-in bet or raise short of a full one does to the betting.

    ``half-reopens`` (the default, Robert's Rules, betting and raising, rule 6): in fixed and
    spread limit an all-in that raises by half the least raise or more counts as a full raise
    and reopens the betting; a smaller one does not, the next player may complete it, and raises
    are sized from the last full bet. In pot and no limit only a full raise reopens, measured
    from the last full bet, so several short all-ins can add up to one.

    ``full-raise-only`` (pokerkit's rule, in every structure): a wager reopens the betting only
    if it raises by at least the largest bet or raise already made on the street (so the
    street's first wager always does, however small); the next raise adds a full one to the
    all-in's total; a player who has acted since the last full raise may raise again only once
    the short all-ins after it add up to a full one (and what the player faces is a full one);
    and every wager, a short all-in too, counts towards the raise cap.

    >>> ShortAllIn("full-raise-only") is ShortAllIn.FULL_RAISE_ONLY
    True
    """

    HALF_REOPENS = "half-reopens"
    FULL_RAISE_ONLY = "full-raise-only"


_LIMIT_FAMILY = (Limit.FIXED, Limit.SPREAD)  # the structures with a raise cap and the half-bet rule


@dataclass(frozen=True, slots=True)
class Stakes:
    """The table's betting structure; every amount is a whole number of chips.

    ``small_bet`` and ``big_bet`` mean different things by structure. Fixed limit: the bet on the
    first two betting rounds and the bet from fifth street on. Spread limit: the least and the most
    a bet or raise may be, on every street. Pot and no limit: ``small_bet`` is the minimum bet and
    ``big_bet`` is not used. ``raise_cap`` counts the raises allowed after the bet (completing the
    bring-in is the bet); ``None`` means no cap. Following Robert's Rules the cap binds only the
    fixed and spread structures: pot and no limit allow unlimited raising. ``completion_reraise``
    (pot and no limit only) sizes the least raise over a completed bring-in: see
    :class:`CompletionReraise`. ``cap_heads_up`` makes the cap bind however few players contest
    the pot; ``short_all_in`` says what an all-in short of a full bet or raise does (see
    :class:`ShortAllIn`); ``free_fold`` lets a player fold when checking is free.

    >>> stakes = Stakes()
    >>> stakes.limit, stakes.bring_in, stakes.small_bet, stakes.big_bet, stakes.raise_cap
    (<Limit.FIXED: 'fixed-limit'>, 2, 5, 10, 3)
    >>> Stakes(limit="no-limit", bring_in=0).limit
    <Limit.NO: 'no-limit'>
    >>> Stakes(bring_in=7)
    Traceback (most recent call last):
    ...
    wildstud.errors.OptionError: bring_in must not be more than small_bet: 7 > 5
    """

    limit: Limit = Limit.FIXED
    ante: int = 1
    bring_in: int = 2
    small_bet: int = 5
    big_bet: int = 10
    raise_cap: int | None = 3
    completion_reraise: CompletionReraise = CompletionReraise.OVER_BRING_IN
    cap_heads_up: bool = False
    """The cap binds however few players contest the pot (Robert's Rules lifts it heads-up)."""
    short_all_in: ShortAllIn = ShortAllIn.HALF_REOPENS
    free_fold: bool = False
    """A player may fold when checking is free: the fold is offered beside the check (house
    rule ``free_fold``; by default such a fold is refused)."""

    def __post_init__(self) -> None:
        for name, kind in (
            ("limit", Limit),
            ("completion_reraise", CompletionReraise),
            ("short_all_in", ShortAllIn),
        ):
            value = getattr(self, name)
            try:
                member = kind(value)
            except ValueError:
                choices = ", ".join(item.value for item in kind)
                raise OptionError(f"{name} must be one of {choices}, not {value!r}") from None
            object.__setattr__(self, name, member)
        for name in ("ante", "bring_in", "small_bet", "big_bet"):
            value = getattr(self, name)
            if not _is_chips(value):
                raise OptionError(f"{name} must be a whole number of chips, not {value!r}")
            if value < 0:
                raise OptionError(f"{name} must not be negative: {value}")
        if self.small_bet < 1:
            raise OptionError(f"small_bet must be at least 1 chip, not {self.small_bet}")
        if self.bring_in > self.small_bet:
            raise OptionError(
                f"bring_in must not be more than small_bet: {self.bring_in} > {self.small_bet}"
            )
        if self.big_bet < self.small_bet:
            raise OptionError(
                f"big_bet must not be less than small_bet: {self.big_bet} < {self.small_bet}"
            )
        cap = self.raise_cap
        if cap is not None and (not _is_chips(cap) or cap < 0):
            raise OptionError(f"raise_cap must be a whole number of raises or None, not {cap!r}")

    @property
    def capped(self) -> bool:
        """Whether raising is capped at all in this structure.

        >>> Stakes().capped, Stakes(limit=Limit.POT).capped, Stakes(raise_cap=None).capped
        (True, False, False)
        """
        return self.raise_cap is not None and self.limit in _LIMIT_FAMILY


class ActionKind(StrEnum):
    """What a seat does. ``complete`` raises the bring-in (or a short all-in) to a full bet."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BRING_IN = "bring-in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"


# Python 3.11 reads any attribute of an enum class through EnumType's own, slower lookup (several
# times a global read), and the betting reads these members at every turn: it keeps copies.
# Measured (benchmarks/engine.py, 6,000 hands, 2026-12-01): without them Follow the Queen plays
# about 5% fewer hands a second (3,172 against 3,351), The Bitch about the same.
_FOLD, _CHECK, _CALL, _BRING_IN = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.BRING_IN,
)
_COMPLETE, _BET, _RAISE = ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE
_FIXED, _SPREAD, _POT = Limit.FIXED, Limit.SPREAD, Limit.POT
_OVER_BRING_IN = CompletionReraise.OVER_BRING_IN
_FULL_RAISE_ONLY = ShortAllIn.FULL_RAISE_ONLY


def _is_chips(value: object) -> bool:
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))
