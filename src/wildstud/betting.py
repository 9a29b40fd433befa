"""Stud betting: the stakes, the legal actions of the seat to act, and one street's betting round.

A :class:`BettingRound` runs the betting of one street. The hand engine tells it who is still in
(in acting order), how many chips each seat has behind, whether the first seat must bring in,
whether bets are big bets this street, whether fourth street shows an open pair, and how much is
already in the pot. Antes are the engine's business and never pass through here.

Amounts are *to* amounts, as in the PHH ``cbr`` action: the seat's total in front of it on this
street after acting. A round answers three questions about an action, in the style of
``verify_x`` / ``can_x`` / ``x``: :meth:`BettingRound.verify` raises
:class:`~wildstud.errors.IllegalActionError` naming what is wrong, :meth:`BettingRound.can`
answers yes or no, and :meth:`BettingRound.apply` verifies first and only then moves chips, so
a refused action leaves the round exactly as it was. Messages name seats the PHH way: seat 0 is
``p1``.

The rules in force (DESIGN.md's defaults, with Robert's Rules of Poker where those are silent):

- A seat facing no bet checks or bets; facing a bet it folds, calls or raises. A call for more
  than the stack is an all-in call for the stack.
- The bring-in seat brings in or completes; after a bring-in the others fold, call it, or
  complete to a full bet, and the completion is the bet. When all just call, the bring-in seat
  gets no option.
- Fixed limit: every bet and raise is one small bet, or one big bet from fifth street. With an
  open pair on fourth street it may be either, and once a big one is in, raises are big.
- Spread limit: a bet or raise of ``small_bet`` up to ``big_bet``, and a raise at least as big
  as the last one. Pot limit: at most the pot after the call. No limit: up to the stack. In both
  the least bet is ``small_bet`` and a raise at least the last full bet or raise; a completion
  of the bring-in counts as a raise of what it added over the bring-in (see
  :class:`CompletionReraise` for the alternative).
- A seat may bet, complete or raise only if some other player still in could answer it: one
  with more chips, in front and behind, than the bet already made. When every other player is
  all in, or can only call the bet already made (all in for it or for less), the seat may only
  call or fold (check, facing nothing), as pokerkit rules too.
- Fixed and spread limit allow a bet and ``raise_cap`` raises, but (Robert's Rules) only while
  three or more players who are not all in contest the pot; a cap reached stays reached.
- An all-in short of a full bet: in fixed and spread limit, one that raises by half the least
  raise or more counts as a full raise, and raises over a smaller one are sized from the last
  full bet (completing it); in pot and no limit a raise still has to add a full raise. A seat
  that has acted may raise again only if what it faces has gone up by a (half-)full raise since,
  so several small all-ins can add up to reopen the betting. :class:`ShortAllIn` names the
  alternative, pokerkit's rule.

Third street at the default 5/10 fixed limit with a bring-in of 2:

>>> rnd = BettingRound(Stakes(), order=[2, 0, 1], stacks={0: 100, 1: 100, 2: 100},
...                    street_index=0, big_bet=False, bring_in=True, open_pair=False, pot=3)
>>> [str(option) for option in rnd.options()]
['bring-in to 2', 'complete to 5']
>>> rnd.apply(ActionKind.BRING_IN).added
2
>>> [str(option) for option in rnd.options()]
['fold', 'call to 2', 'complete to 5']
>>> rnd.apply(ActionKind.COMPLETE).to_amount
5
>>> rnd.apply(ActionKind.RAISE).to_amount
10
>>> rnd.verify(ActionKind.CHECK)
Traceback (most recent call last):
...
wildstud.errors.IllegalActionError: p3 cannot check: 8 to call
>>> _ = rnd.apply(ActionKind.FOLD); _ = rnd.apply(ActionKind.CALL)
>>> rnd.done, dict(rnd.committed), sorted(rnd.folded)
(True, {2: 2, 0: 10, 1: 10}, [2])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple

from wildstud.errors import BettingSetupError, IllegalActionError, OptionError
from wildstud.seats import seat_label

__all__ = [
    "ActionKind",
    "ActionOption",
    "Applied",
    "BettingRound",
    "CompletionReraise",
    "Limit",
    "ShortAllIn",
    "Stakes",
]


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
    :class:`ShortAllIn`).

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
    # The same few options come up turn after turn: share them (they are frozen).
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


_applied = lru_cache(maxsize=4096)(Applied)  # the same actions recur: share the frozen records


class _Record(NamedTuple):
    """The fields of an :class:`Applied`, in order: what :meth:`BettingRound.record` answers."""

    seat: int
    kind: ActionKind
    to_amount: int
    added: int
    all_in: bool
    reopened: bool


class _Plan(NamedTuple):
    """An action checked against the rules, ready to be carried out: one is made for every
    action and every question about one."""

    seat: int
    kind: ActionKind
    to_amount: int
    added: int
    full: bool
    """Whether it is a full bet or raise (it reopens the betting)."""


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


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _is_chips(value: object) -> bool:
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def _cap_text(cap: int) -> str:
    if cap == 0:
        return "a single bet"
    word = _NUMBER_WORDS[cap] if cap < len(_NUMBER_WORDS) else str(cap)
    return f"a bet and {word} raise{'' if cap == 1 else 's'}"


def _go_from(low: int, high: int, why: str) -> Callable[[], str]:
    return lambda: f"go from {low} to {high} {why}"


def _or_all_in(rule: Callable[[], str], all_in_to: int) -> Callable[[], str]:
    return lambda: f"{rule()}, or all in to {all_in_to}"


def _plural(kind: ActionKind) -> str:
    return "completions" if kind is _COMPLETE else f"{kind}s"


class BettingRound:
    """The betting on one street of a stud hand.

    ``order`` lists the seats still in the hand, in acting order from the first to act (the
    engine picks the bring-in seat on third street and the best board later). ``stacks`` gives
    the chips behind for each of them (other keys are ignored); a seat with nothing behind is
    all in from an earlier street: it never acts but still counts as in the hand (it does not
    count towards the three players the raise cap needs). ``big_bet``: fixed-limit bets are big
    bets this street.
    ``bring_in``: the first seat must bring in or complete (with ``stakes.bring_in == 0``, or when
    that seat has no chips, nobody brings in and the first seat may check). ``open_pair``: fourth
    street with an open pair, where a fixed-limit bet or raise may be the small or the big bet
    until the big one is made. ``pot``: chips in the pot before this street, for pot limit.

    The round is over when all but one seat have folded; or when every seat that can still act
    has acted and matched the highest total (or is all in); or when at most one seat can still
    act and it owes nothing. When everybody just calls the bring-in, the round ends as the
    action comes back to the bring-in seat: the bring-in gets no option.

    Heads-up, a bet and raise after raise (fixed limit, no cap when two are left):

    >>> rnd = BettingRound(Stakes(), order=[0, 1], stacks={0: 100, 1: 100},
    ...                    street_index=2, big_bet=True, bring_in=False, open_pair=False, pot=20)
    >>> [rnd.apply(kind).to_amount for kind in ("bet", "raise", "raise", "raise", "raise", "call")]
    [10, 20, 30, 40, 50, 50]
    >>> rnd.done, rnd.stacks
    (True, {0: 50, 1: 50})
    """

    __slots__ = (
        "_able",
        "_acted",
        "_bet",
        "_bets",
        "_big_made",
        "_big_street",
        "_bring_in_due",
        "_bring_in_level",
        "_capped",
        "_closed",
        "_committed",
        "_deep",
        "_fixed_window",
        "_folded",
        "_full_level",
        "_history",
        "_largest",
        "_last",
        "_last_increment",
        "_live",
        "_offer",
        "_open_pair",
        "_order",
        "_pot",
        "_short_run",
        "_sizes",
        "_stacks",
        "_stakes",
        "_street_index",
        "_to_act",
    )

    def __init__(
        self,
        stakes: Stakes,
        *,
        order: Sequence[int],
        stacks: Mapping[int, int],
        street_index: int,
        big_bet: bool,
        bring_in: bool,
        open_pair: bool,
        pot: int,
    ) -> None:
        if not isinstance(stakes, Stakes):
            raise BettingSetupError(f"stakes must be a Stakes, not {stakes!r}")
        seats = tuple(order)
        if not seats:
            raise BettingSetupError("a betting round needs at least one seat in the order")
        for seat in seats:
            if not (type(seat) is int or _is_chips(seat)) or seat < 0:
                raise BettingSetupError(f"not a seat: {seat!r} (expected a seat index 0, 1, ...)")
        if len(set(seats)) != len(seats):
            twice = sorted({seat for seat in seats if seats.count(seat) > 1})
            raise BettingSetupError(f"seat {twice[0]} appears twice in the acting order")
        for seat in seats:
            if seat not in stacks:
                raise BettingSetupError(f"no stack given for seat {seat}")
            chips = stacks[seat]
            if not (type(chips) is int or _is_chips(chips)) or chips < 0:
                raise BettingSetupError(
                    f"the stack of seat {seat} must be whole chips >= 0, not {chips!r}"
                )
        if not _is_chips(street_index) or street_index < 0:
            raise BettingSetupError(
                f"street_index must be a whole number >= 0, not {street_index!r}"
            )
        if not _is_chips(pot) or pot < 0:
            raise BettingSetupError(f"pot must be whole chips >= 0, not {pot!r}")
        self._open(stakes, seats, stacks, street_index, big_bet, bring_in, open_pair, pot)

    @classmethod
    def trusted(
        cls,
        stakes: Stakes,
        *,
        order: tuple[int, ...],
        stacks: Mapping[int, int],
        street_index: int,
        big_bet: bool,
        bring_in: bool,
        open_pair: bool,
        pot: int,
    ) -> BettingRound:
        """The round the constructor opens, from values the caller vouches for and without the
        constructor's checks: the hand engine opens one every street from its own state.

        >>> rnd = BettingRound.trusted(Stakes(), order=(1, 0), stacks={0: 9, 1: 9},
        ...                            street_index=1, big_bet=False, bring_in=False,
        ...                            open_pair=False, pot=4)
        >>> rnd.to_act, [str(option) for option in rnd.options()]
        (1, ['check', 'bet to 5'])
        """
        rnd = cls.__new__(cls)
        rnd._open(stakes, order, stacks, street_index, big_bet, bring_in, open_pair, pot)
        return rnd

    def _open(
        self,
        stakes: Stakes,
        seats: tuple[int, ...],
        stacks: Mapping[int, int],
        street_index: int,
        big_bet: bool,
        bring_in: bool,
        open_pair: bool,
        pot: int,
    ) -> None:
        self._stakes = stakes
        self._order = seats
        self._street_index = street_index
        self._big_street = bool(big_bet)
        self._open_pair = bool(open_pair)
        self._pot = pot
        self._stacks = {seat: stacks[seat] for seat in seats}
        # Seats not folded with chips behind: those who can still act, kept as seats fold or go
        # all in (the turn, the raise cap and "everyone else is all in" all ask for it).
        self._able = len([seat for seat in seats if stacks[seat] > 0])
        self._committed = dict.fromkeys(seats, 0)
        # Seats not folded with more chips in all than the bet, who could answer a raise. A
        # seat's chips in front and behind add up to the same all round: the count changes only
        # as the bet goes up or such a seat folds.
        self._deep = self._able
        self._folded: frozenset[int] = frozenset()
        self._live = seats  # the seats not folded, in acting order, kept as seats fold
        # The level each seat has matched when it last acted, for the reopening rule; a wager that
        # is only the bring-in counts as nothing, since completing it is the first real bet.
        self._acted: dict[int, int] = {}
        self._bet = 0  # highest street total
        self._bets = 0  # full bets and raises made (the bet is the first)
        self._full_level = 0  # street total of the last full bet or raise
        self._last_increment = 0  # size of the last full bet or raise (spread, pot, no limit)
        self._big_made = False  # open pair: once the big bet is made, raises are big
        self._capped = False  # once capped, a fold to heads-up does not lift the cap
        # ShortAllIn.FULL_RAISE_ONLY (pokerkit's bookkeeping): the largest rise of any wager on
        # the street, the seats that have acted since the last full one, and what the all-ins
        # short of a full one since then add up to (0: none since).
        self._largest = 0
        self._closed: set[int] = set()
        self._short_run = 0
        self._bring_in_level = 0
        self._bring_in_due = bool(bring_in) and stakes.bring_in > 0 and self._stacks[seats[0]] > 0
        self._last: int | None = None  # index in the order of the last seat that acted
        self._history: list[_Record] = []
        self._sizes = self._fixed_sizes()
        self._fixed_window = self._fixed_sizes_window()
        self._to_act = self._find_to_act()
        self._offer = self._open_bet()

    # -- what the round looks like -------------------------------------------------------------

    @property
    def stakes(self) -> Stakes:
        """The betting structure."""
        return self._stakes

    @property
    def order(self) -> tuple[int, ...]:
        """The seats this round began with, in acting order."""
        return self._order

    @property
    def street_index(self) -> int:
        """Which street of the hand this is (0 = the first betting round)."""
        return self._street_index

    @property
    def pot(self) -> int:
        """Chips in the pot from earlier streets (this street's bets are in :attr:`committed`)."""
        return self._pot

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` once the round is over."""
        return self._to_act

    @property
    def done(self) -> bool:
        """Whether the betting on this street is over."""
        return self._to_act is None

    @property
    def bet(self) -> int:
        """The highest street total so far: what a seat must reach to stay in."""
        return self._bet

    @property
    def to_call(self) -> int:
        """Chips the seat to act must add to call (0 when nobody is to act).

        >>> BettingRound(Stakes(), order=[0, 1], stacks={0: 9, 1: 9}, street_index=1,
        ...              big_bet=False, bring_in=False, open_pair=False, pot=4).to_call
        0
        """
        if self._to_act is None:
            return 0
        seat = self._to_act
        return min(self._bet - self._committed[seat], self._stacks[seat])

    @property
    def committed(self) -> Mapping[int, int]:
        """Chips each seat has put in on this street (a copy)."""
        return dict(self._committed)

    @property
    def stacks(self) -> Mapping[int, int]:
        """Chips each seat has behind now (a copy)."""
        return dict(self._stacks)

    @property
    def folded(self) -> frozenset[int]:
        """Seats that folded on this street."""
        return self._folded

    @property
    def all_in(self) -> frozenset[int]:
        """Seats still in the hand with nothing behind."""
        return frozenset(s for s in self._order if s not in self._folded and self._stacks[s] == 0)

    @property
    def history(self) -> tuple[Applied, ...]:
        """Every action applied so far, in order."""
        return tuple(_applied(*record) for record in self._history)

    def live(self) -> tuple[int, ...]:
        """Seats not folded, in acting order (all-in seats included)."""
        return self._live

    @property
    def next_wager(self) -> ActionKind | None:
        """What the next wager on this street is called: ``bring-in`` while the bring-in is due,
        ``complete`` while only the bring-in (or an all-in short of a bet) is in, ``bet`` while
        nothing is, ``raise`` once a bet is in; ``None`` once the round is over. It names the
        wager whether or not the seat to act may make it (:meth:`options` says whether).

        >>> BettingRound(Stakes(), order=[0, 1], stacks={0: 9, 1: 9}, street_index=1,
        ...              big_bet=False, bring_in=False, open_pair=False, pot=4).next_wager
        <ActionKind.BET: 'bet'>
        """
        if self._to_act is None:
            return None
        if self._bring_in_due:
            return _BRING_IN
        return self._aggressive_kind()

    def pending(self) -> tuple[int, ...]:
        """The seats that must still act before the round can close, the seat to act first,
        in acting order: those with chips that have not acted since the last bet or raise, or
        owe chips to it (empty once the round is over).

        >>> rnd = BettingRound(Stakes(), order=[0, 1, 2], stacks={0: 50, 1: 50, 2: 50},
        ...                    street_index=1, big_bet=False, bring_in=False, open_pair=False,
        ...                    pot=6)
        >>> _ = rnd.apply("check"), rnd.apply("bet")
        >>> rnd.pending()
        (2, 0)
        """
        first = self._to_act
        if first is None:
            return ()
        order, folded, stacks = self._order, self._folded, self._stacks
        acted, committed, bet = self._acted, self._committed, self._bet
        start = order.index(first)
        return tuple(
            seat
            for seat in (*order[start:], *order[:start])
            if seat not in folded
            and stacks[seat] > 0
            and (seat not in acted or committed[seat] < bet)
        )

    def __repr__(self) -> str:
        return (
            f"<BettingRound street {self._street_index} {self._stakes.limit}: bet {self._bet}, "
            f"committed {self._committed}, stacks {self._stacks}, to act {self._to_act}>"
        )

    # -- the three questions -------------------------------------------------------------------

    def options(self) -> tuple[ActionOption, ...]:
        """The legal kinds of action for the seat to act, each with its least and greatest amount.

        >>> rnd = BettingRound(Stakes(limit=Limit.POT), order=[0, 1, 2],
        ...                    stacks={0: 500, 1: 500, 2: 500}, street_index=2, big_bet=True,
        ...                    bring_in=False, open_pair=False, pot=30)
        >>> [str(option) for option in rnd.options()]
        ['check', 'bet to 5..30']
        >>> _ = rnd.apply("bet", 30)
        >>> [str(option) for option in rnd.options()]
        ['fold', 'call to 30', 'raise to 60..120']
        """
        seat = self._to_act
        if seat is None:
            return ()
        committed = self._committed[seat]
        if self._bring_in_due:
            bring_to = min(self._stakes.bring_in, committed + self._stacks[seat])
            bring_in = _option(_BRING_IN, bring_to, bring_to)
            window = self._completion_window(seat, bring_to)
            if window is None:
                return (bring_in,)
            return (bring_in, _option(_COMPLETE, window.low, window.high, window.targets))
        offer = self._offer
        if self._bet > committed:
            call_to = min(self._bet, committed + self._stacks[seat])
            call = _option(_CALL, call_to, call_to)
            return (_FOLD_OPTION, call) if offer is None else (_FOLD_OPTION, call, offer.option)
        return (_CHECK_OPTION,) if offer is None else (_CHECK_OPTION, offer.option)

    def verify(
        self, kind: ActionKind | str, amount: int | None = None, *, free_fold: bool = False
    ) -> None:
        """Raise :class:`~wildstud.errors.IllegalActionError` unless the seat to act may do this.

        ``amount`` is a to-amount; ``None`` means the natural amount where there is one (call,
        bring-in, complete; a bet or raise in fixed limit); ``free_fold`` accepts a fold with
        nothing to call, as :meth:`record` does. Nothing changes either way.

        >>> rnd = BettingRound(Stakes(), order=[0, 1], stacks={0: 50, 1: 50}, street_index=1,
        ...                    big_bet=False, bring_in=False, open_pair=False, pot=10)
        >>> rnd.verify("bet", 7)
        Traceback (most recent call last):
        ...
        wildstud.errors.IllegalActionError: bet to 7 is not allowed: bets are in 5s, to 5
        """
        self._plan(kind, amount, free_fold)

    def can(self, kind: ActionKind | str, amount: int | None = None) -> bool:
        """Whether :meth:`verify` would accept the action.

        >>> rnd = BettingRound(Stakes(), order=[0, 1], stacks={0: 50, 1: 50}, street_index=1,
        ...                    big_bet=False, bring_in=False, open_pair=True, pot=10)
        >>> rnd.can("bet", 5), rnd.can("bet", 10), rnd.can("bet", 7), rnd.can("fold")
        (True, True, False, False)
        """
        try:
            self._plan(kind, amount)
        except IllegalActionError:
            return False
        return True

    def apply(self, kind: ActionKind | str, amount: int | None = None) -> Applied:
        """Verify the action, then carry it out and pass the turn on.

        >>> rnd = BettingRound(Stakes(), order=[0, 1, 2], stacks={0: 50, 1: 50, 2: 3},
        ...                    street_index=1, big_bet=False, bring_in=False, open_pair=False,
        ...                    pot=10)
        >>> bet = rnd.apply("bet")
        >>> bet.kind, bet.to_amount, bet.added, bet.reopened
        (<ActionKind.BET: 'bet'>, 5, 5, True)
        >>> call = rnd.apply("call")
        >>> short = rnd.apply("call")
        >>> short.seat, short.to_amount, short.added, short.all_in
        (2, 3, 3, True)
        >>> rnd.done
        True
        """
        return _applied(*self.record(kind, amount))

    def record(
        self, kind: ActionKind | str, amount: int | None = None, *, free_fold: bool = False
    ) -> _Record:
        """:meth:`apply`, answered as a named tuple of the :class:`Applied` fields: the hand
        engine turns every action into an event of its own and needs no record of the round's.
        ``free_fold`` lets the seat fold with nothing to call (a lenient reading of a record
        that says so, ``docs/records.md``); play never offers it.

        >>> rnd = BettingRound(Stakes(), order=[0, 1], stacks={0: 50, 1: 50}, street_index=1,
        ...                    big_bet=False, bring_in=False, open_pair=False, pot=10)
        >>> record = rnd.record("bet")
        >>> record.kind, record.to_amount, record.reopened
        (<ActionKind.BET: 'bet'>, 5, True)
        """
        seat, kind, to_amount, added, full = self._plan(kind, amount, free_fold)
        stacks = self._stacks
        if kind is _FOLD:
            self._folded = self._folded | {seat}
            self._live = tuple([s for s in self._live if s != seat])
            if stacks[seat] > 0:
                self._able -= 1
            if self._committed[seat] + stacks[seat] > self._bet:
                self._deep -= 1
        elif added:
            stacks[seat] -= added
            if stacks[seat] == 0:
                self._able -= 1
            self._committed[seat] += added
            if kind is _BRING_IN:
                self._bring_in_level = to_amount
            if to_amount > self._bet:
                if kind is not _BRING_IN and self._stakes.short_all_in is _FULL_RAISE_ONLY:
                    self._note_wager(seat, to_amount, full, stacks[seat] == 0)
                elif full:
                    self._note_full(to_amount)
                self._bet = to_amount
                self._deep = self._count_deep()
        self._bring_in_due = False
        self._acted[seat] = self._base()
        self._closed.add(seat)
        self._last = self._order.index(seat)
        self._to_act = self._find_to_act()
        self._offer = self._open_bet()
        if kind is _FOLD or kind is _CHECK:
            record = _Record(seat, kind, 0, 0, False, False)
        else:
            record = _Record(seat, kind, to_amount, added, stacks[seat] == 0, full)
        self._history.append(record)
        return record

    # -- the rules -----------------------------------------------------------------------------

    def _find_to_act(self) -> int | None:
        live = self._live
        if len(live) <= 1:
            return None
        stacks, committed, bet = self._stacks, self._committed, self._bet
        # At most one seat can still act: the round is over unless it owes chips.
        if self._able <= 1 and all(committed[s] >= bet for s in live if stacks[s] > 0):
            return None
        order, folded, acted = self._order, self._folded, self._acted
        count = len(order)
        start = 0 if self._last is None else self._last + 1
        for step in range(count):
            seat = order[(start + step) % count]
            if seat in folded or stacks[seat] == 0:
                continue
            if seat not in acted or committed[seat] < bet:
                return seat
        return None

    def _base(self) -> int:
        """The level a raise is measured from in pot and no limit, and that a seat has matched.

        A wager that is only the bring-in is no bet: completing it measures from nothing.
        """
        if self._bets == 0 and self._bet == self._bring_in_level:
            return 0
        return self._bet

    def _fixed_sizes(self) -> tuple[int, ...]:
        """Fixed limit: the sizes a bet or raise may have now. Kept in ``_sizes``, worked out
        when the round opens and when the big bet is made, the only times they change."""
        stakes = self._stakes
        if self._big_street or self._big_made:
            return (stakes.big_bet,)
        if self._open_pair and stakes.big_bet > stakes.small_bet:
            return (stakes.small_bet, stakes.big_bet)
        return (stakes.small_bet,)

    def _open_bet(self) -> _Offer | None:
        """The bet, completion or raise open to the seat to act, its window and the option
        that shows it, worked out as the turn comes (options() shows it, and the action taken
        is often this one); ``None`` when there is none, or the seat must bring in first."""
        seat = self._to_act
        if seat is None or self._bring_in_due:
            return None
        kind = self._aggressive_kind()
        if self._raise_block(seat, kind) is not None:
            return None
        window = self._window(seat, floor=self._bet)
        if window is None:
            return None
        return _Offer(kind, window, _option(kind, window.low, window.high, window.targets))

    def _least_raise(self) -> int:
        """The size of the smallest full bet or raise now (half of it reopens in limit)."""
        if self._stakes.limit is _FIXED:
            return self._sizes[0]
        return max(self._stakes.small_bet, self._last_increment)

    def _counts_as_full(self, rise: int) -> bool:
        """Whether a rise by ``rise`` chips is a full bet or raise (half a bet will do in limit)."""
        if self._stakes.limit in _LIMIT_FAMILY:
            return 2 * rise >= self._least_raise()
        return rise >= self._least_raise()

    def _is_full(self, to_amount: int) -> bool:
        """Whether a completion, bet or raise to ``to_amount`` is a full one (it reopens)."""
        if self._stakes.short_all_in is _FULL_RAISE_ONLY:
            return self._rise(to_amount) >= self._largest
        return self._counts_as_full(to_amount - self._full_level)

    def _rise(self, to_amount: int) -> int:
        """ShortAllIn.FULL_RAISE_ONLY: how much a wager to ``to_amount`` raises by, the size a
        raise over it must match (a completion in pot and no limit, by what it added over the
        bring-in or, under ``whole-completion``, by all of it)."""
        stakes = self._stakes
        if stakes.limit in _LIMIT_FAMILY or stakes.completion_reraise is _OVER_BRING_IN:
            return to_amount - self._bet
        return to_amount - self._base()

    def _note_wager(self, seat: int, to_amount: int, full: bool, all_in: bool) -> None:
        """ShortAllIn.FULL_RAISE_ONLY: a completion, bet or raise to ``to_amount`` is being
        made, full or short (the round's bet not yet raised to it). pokerkit's bookkeeping:
        the next raise is sized from this one, whatever its size, and it counts for the cap."""
        stakes = self._stakes
        rise = self._rise(to_amount)
        if full:
            self._closed = {seat}
            if (
                stakes.limit is _FIXED
                and self._open_pair
                and not self._big_street
                and to_amount - self._bet > stakes.small_bet
            ):
                self._big_made = True
                self._sizes = self._fixed_sizes()
        self._largest = max(self._largest, rise)
        run = self._short_run + rise if all_in else 0
        self._short_run = 0 if run >= self._largest else run
        self._last_increment = self._largest
        self._full_level = to_amount
        if stakes.limit is _FIXED:
            self._fixed_window = self._fixed_sizes_window()
        self._bets += 1
        self._check_cap()

    def _note_full(self, to_amount: int) -> None:
        """A full bet or raise to ``to_amount`` is being made (the round's bet not yet raised
        to it, so the base is still the one it raises from)."""
        stakes = self._stakes
        rise = to_amount - self._full_level
        if stakes.limit is _FIXED:
            if self._open_pair and not self._big_street and rise > stakes.small_bet:
                self._big_made = True
                self._sizes = self._fixed_sizes()
        elif stakes.limit is _SPREAD:
            self._last_increment = max(self._last_increment, rise)
        else:
            # A completion of the bring-in raises from nothing (the bring-in is no bet) or from
            # the bring-in, as the house rule says; every other raise from the bet it faces.
            start = self._base()
            if stakes.completion_reraise is _OVER_BRING_IN:
                start = self._bet
            self._last_increment = max(self._least_raise(), to_amount - start)
        self._full_level = to_amount
        if stakes.limit is _FIXED:
            self._fixed_window = self._fixed_sizes_window()
        self._bets += 1
        self._check_cap()

    def _check_cap(self) -> None:
        """A bet or raise has just been counted: the cap is reached if it is the last allowed."""
        stakes = self._stakes
        cap = stakes.raise_cap
        # Robert's Rules: the cap binds only a pot of three or more players not all in (unless
        # the house caps heads-up too, as pokerkit does).
        if (
            stakes.capped
            and cap is not None
            and self._bets >= 1 + cap
            and (self._able > 2 or stakes.cap_heads_up)
        ):
            self._capped = True

    def _aggressive_kind(self) -> ActionKind:
        if self._bet == 0:
            return _BET
        if self._bets == 0:  # only a bring-in, or an all-in short of a bet, is in
            return _COMPLETE
        return _RAISE

    def _raise_block(self, seat: int, kind: ActionKind) -> str | None:
        """Why the seat may not bet, complete or raise now, or ``None`` if it may."""
        stack = self._stacks[seat]
        owed = self._bet - self._committed[seat]
        if stack <= owed:
            return f"{seat_label(seat)} cannot {kind}: only {stack} behind and {owed} to call"
        if self._able < 2:  # the seat itself has chips behind: nobody else does
            return f"{seat_label(seat)} cannot {kind}: every other player is all in"
        if not self._answerable(seat):
            return (
                f"{seat_label(seat)} cannot {kind}: no other player has more than the "
                f"{self._bet} already bet, so nobody could answer it"
            )
        if self._capped:
            cap = self._stakes.raise_cap
            assert cap is not None
            return f"{seat_label(seat)} cannot {kind}: the betting is capped at {_cap_text(cap)}"
        if self._stakes.short_all_in is _FULL_RAISE_ONLY:
            return self._short_block(seat, kind)
        if seat in self._acted:
            faced = self._bet - self._acted[seat]
            if not self._counts_as_full(faced):
                name = seat_label(seat)
                return (
                    f"{name} cannot {kind}: the betting was not reopened since {name} acted "
                    f"(it went up {faced}, short of a full raise)"
                )
        return None

    def _short_block(self, seat: int, kind: ActionKind) -> str | None:
        """ShortAllIn.FULL_RAISE_ONLY: why the seat may not raise over a short all-in, or
        ``None`` if it may (pokerkit's two tests: what it faces is short of the street's largest
        rise, or it has acted since the last full one and the short all-ins since fall short)."""
        faced = self._bet - self._committed[seat]
        name = seat_label(seat)
        if faced < self._largest:
            return (
                f"{name} cannot {kind}: the betting was not reopened since {name} acted "
                f"(it went up {faced}, short of a full raise of {self._largest})"
            )
        if self._short_run and seat in self._closed:
            return (
                f"{name} cannot {kind}: the betting was not reopened since {name} acted (the "
                f"all-ins since add up to {self._short_run}, short of a full raise of "
                f"{self._largest})"
            )
        return None

    def _answerable(self, seat: int) -> bool:
        """Whether another live seat could put in more than the bet already made, and so answer
        a bet or raise by ``seat`` (which has more than the bet itself: it is not all in for the
        call); a raise that every other player can only call, all in for the bet or less, would
        be no raise at all."""
        return self._deep >= 2

    def _count_deep(self) -> int:
        bet, committed, stacks = self._bet, self._committed, self._stacks
        return len([s for s in self._live if committed[s] + stacks[s] > bet])

    def _window(self, seat: int, *, floor: int) -> _Window | None:
        """The to-amounts a bet, completion or raise by ``seat`` may take, each above ``floor``."""
        stakes = self._stakes
        all_in_to = self._committed[seat] + self._stacks[seat]
        targets: tuple[int, ...] | None = None
        # The rule is worded only for a refusal: most windows are asked for and never refuse.
        if stakes.limit is _FIXED:
            # The sizes change only with a full bet or raise, and most seats can afford them
            # all: the window of every size is worked out then, and kept (_fixed_sizes_window).
            low, high, targets, rule = self._fixed_window
        elif stakes.limit is _SPREAD:
            low = self._full_level + max(stakes.small_bet, self._last_increment)
            high = self._full_level + stakes.big_bet
            spread = f"(spread {stakes.small_bet} to {stakes.big_bet})"
            rule = _go_from(low, high, spread)
        else:
            low = self._base() + self._least_raise()
            if stakes.limit is _POT:
                owed = self._bet - self._committed[seat]
                pot_after_call = self._pot + sum(self._committed.values()) + owed
                high = max(low, self._bet + pot_after_call)
                rule = _go_from(low, high, "(the pot limit)")
            else:
                high = max(low, all_in_to)
                rule = _go_from(low, high, "(all in)")
        if all_in_to <= floor:
            return None
        if all_in_to <= low:
            # The stack reaches a full-size action at most: the only choice is all in.
            return _Window(
                all_in_to,
                all_in_to,
                (all_in_to,),
                lambda: f"can only be all in, to {all_in_to}",
            )
        if targets is not None:
            if floor < low and high <= all_in_to:  # every size, and no all-in short of one
                return self._fixed_window
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

    def _fixed_sizes_window(self) -> _Window:
        """The to-amounts of a bet or raise of each size allowed now (in fixed limit; kept in
        ``_fixed_window`` from the round's start and each full bet or raise)."""
        units = self._sizes
        level = self._full_level
        targets = tuple(level + unit for unit in units)

        def rule() -> str:
            sizes = " or ".join(f"{unit}s" for unit in units)
            return f"are in {sizes}, to {' or '.join(str(target) for target in targets)}"

        return _Window(targets[0], targets[-1], targets, rule)

    def _plan(self, kind: ActionKind | str, amount: int | None, free_fold: bool = False) -> _Plan:
        if kind.__class__ is not ActionKind:
            try:
                kind = ActionKind(kind)
            except ValueError:
                choices = ", ".join(item.value for item in ActionKind)
                raise IllegalActionError(
                    f"not an action: {kind!r} (expected one of {choices})"
                ) from None
        seat = self._to_act
        if seat is None:
            raise IllegalActionError(f"cannot {kind}: the betting round is over")
        if amount is not None and not _is_chips(amount):
            raise IllegalActionError(
                f"not an amount of chips: {amount!r} (expected a whole number)"
            )
        committed = self._committed[seat]
        all_in_to = committed + self._stacks[seat]
        if self._bring_in_due:
            return self._plan_bring_in(seat, kind, amount)
        owed = self._bet - committed
        if kind is _FOLD or kind is _CHECK:
            if amount not in (None, 0):
                raise IllegalActionError(
                    f"{seat_label(seat)} cannot {kind} for {amount}: it takes no chips"
                )
            if kind is _FOLD and owed <= 0 and not free_fold:
                raise IllegalActionError(
                    f"{seat_label(seat)} cannot fold: nothing to call (check instead)"
                )
            if kind is _CHECK and owed > 0:
                raise IllegalActionError(f"{seat_label(seat)} cannot check: {owed} to call")
            return _Plan(seat, kind, 0, 0, False)
        if kind is _CALL:
            if owed <= 0:
                raise IllegalActionError(
                    f"{seat_label(seat)} cannot call: nothing to call (check instead)"
                )
            call_to = min(self._bet, all_in_to)
            if amount is not None and amount != call_to:
                short = " (all in)" if call_to < self._bet else ""
                raise IllegalActionError(
                    f"{seat_label(seat)} cannot call to {amount}: the call is to {call_to}{short}"
                )
            return _Plan(seat, kind, call_to, call_to - committed, False)
        if kind is _BRING_IN:
            why = "it is already in" if self._bring_in_level else "there is none on this round"
            raise IllegalActionError(f"{seat_label(seat)} cannot bring in: {why}")
        expected = self._aggressive_kind()
        if kind is not expected:
            raise IllegalActionError(self._wrong_kind(seat_label(seat), kind, expected))
        offer = self._offer
        if offer is not None and offer.kind is kind:
            window: _Window | None = offer.window  # worked out as the turn came
        else:
            block = self._raise_block(seat, kind)
            if block is not None:
                raise IllegalActionError(block)
            window = self._window(seat, floor=self._bet)
        if window is None:  # pragma: no cover - the block above already covers a short stack
            raise IllegalActionError(f"{seat_label(seat)} cannot {kind}: not enough chips")
        to_amount = self._resolve(seat, kind, amount, window)
        return _Plan(seat, kind, to_amount, to_amount - committed, self._is_full(to_amount))

    def _completion_window(self, seat: int, bring_to: int) -> _Window | None:
        """The to-amounts the bring-in seat may complete to instead of bringing in."""
        window = self._window(seat, floor=bring_to)
        stack = self._stacks[seat]
        if (
            window is None
            and self._stakes.short_all_in is _FULL_RAISE_ONLY
            and stack <= self._stakes.bring_in
            and self._able >= 2
        ):
            # pokerkit: a seat with no more than the bring-in may also complete all in for it;
            # unlike the bring-in it is a wager (the street's first, so a full one), and the
            # next raise adds a full bet to it.
            return _Window(stack, stack, (stack,), lambda: f"can only be all in, to {stack}")
        return window

    def _plan_bring_in(self, seat: int, kind: ActionKind, amount: int | None) -> _Plan:
        stack = self._stacks[seat]
        bring_to = min(self._stakes.bring_in, stack)
        if kind is _BRING_IN:
            if amount is not None and amount != bring_to:
                raise IllegalActionError(
                    f"{seat_label(seat)} brings in for {bring_to}, not {amount}"
                )
            full = bring_to >= self._least_raise()  # a bring-in as big as the bet is the bet
            return _Plan(seat, kind, bring_to, bring_to, full)
        window = self._completion_window(seat, bring_to)
        if kind is _COMPLETE:
            if window is None:
                raise IllegalActionError(f"{seat_label(seat)} cannot complete: only {stack} behind")
            to_amount = self._resolve(seat, kind, amount, window)
            return _Plan(seat, kind, to_amount, to_amount, self._is_full(to_amount))
        complete = f" or complete to {window.low}" if window is not None else ""
        name = seat_label(seat)
        raise IllegalActionError(
            f"{name} cannot {kind}: {name} must bring in for {bring_to}{complete}"
        )

    @staticmethod
    def _resolve(seat: int, kind: ActionKind, amount: int | None, window: _Window) -> int:
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

    def _wrong_kind(self, name: str, kind: ActionKind, expected: ActionKind) -> str:
        if expected is _BET:
            return f"{name} cannot {kind}: there is no bet yet (check or bet)"
        if expected is _COMPLETE:
            return (
                f"{name} cannot {kind}: only {self._bet} is in, short of a full bet "
                f"(call or complete)"
            )
        return f"{name} cannot {kind}: there is already a bet of {self._bet} (call or raise)"
