"""The betting round: one street's betting, from the first seat to act to the last call.

:class:`BettingRound` keeps the street's figures and the turn; it asks :mod:`.opening` about the
bring-in, :mod:`.sizing` how big a wager may be under the table's limit, and its
:mod:`.reopening` rule whether a short all-in reopens the betting. The rules it carries out are
in the package's docstring (:mod:`wildstud.betting`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableSequence, Sequence

from wildstud.betting.actions import (
    _CHECK_OPTION,
    _FOLD_OPTION,
    ActionOption,
    Applied,
    _cap_text,
    _Offer,
    _option,
    _Record,
    _record,
    _shared_offer,
    _Window,
    _wrong_kind,
)
from wildstud.betting.opening import bring_in_due, bring_in_options, plan_bring_in
from wildstud.betting.reopening import REOPENING
from wildstud.betting.sizing import (
    fixed_sizes,
    fixed_sizes_window,
    note_full,
    resolve,
)
from wildstud.betting.sizing import window as sizing_window
from wildstud.betting.stakes import (
    _BET,
    _BRING_IN,
    _CALL,
    _CHECK,
    _COMPLETE,
    _FIXED,
    _FOLD,
    _RAISE,
    ActionKind,
    Stakes,
    _is_chips,
)
from wildstud.errors import BettingSetupError, IllegalActionError
from wildstud.seats import seat_label

__all__ = ["BettingRound"]


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
        "_committed",
        "_deep",
        "_fixed_offer",
        "_fixed_window",
        "_folded",
        "_full_at",
        "_full_level",
        "_history",
        "_largest",
        "_last_increment",
        "_least_total",
        "_live",
        "_offer",
        "_open_pair",
        "_options",
        "_order",
        "_pending",
        "_pot",
        "_reopening",
        "_ring",
        "_short_run",
        "_sizes",
        "_stacks",
        "_stakes",
        "_street_index",
        "_to_act",
        "_to_act_at",
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
        own = {seat: stacks[seat] for seat in seats}
        self._open(stakes, seats, own, street_index, bool(big_bet), bring_in, bool(open_pair), pot)

    @classmethod
    def trusted(
        cls,
        stakes: Stakes,
        *,
        order: tuple[int, ...],
        stacks: MutableSequence[int] | dict[int, int],
        street_index: int,
        big_bet: bool,
        bring_in: bool,
        open_pair: bool,
        pot: int,
    ) -> BettingRound:
        """The round the constructor opens, from values the caller vouches for and without the
        constructor's checks: the hand engine opens one every street from its own state.
        ``stacks`` gives the chips behind of every seat of ``order`` by seat (a list indexed by
        seat, or a dict), and the round takes it over: it changes it as chips go in, so the
        hand engine's own list of stacks is the one record of them.

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
        stacks: MutableSequence[int] | dict[int, int],
        street_index: int,
        big_bet: bool,
        bring_in: bool,
        open_pair: bool,
        pot: int,
    ) -> None:
        self._stakes = stakes
        self._reopening = REOPENING[stakes.short_all_in]
        self._order = seats
        self._street_index = street_index
        self._big_street = big_bet
        self._open_pair = open_pair
        self._pot = pot
        self._stacks = stacks  # by seat, changed as chips go in (see trusted)
        # Seats not folded with chips behind: those who can still act, kept as seats fold or go
        # all in (the turn, the raise cap and "everyone else is all in" all ask for it).
        # The least stack at the start is the least of any seat's chips in front and behind all
        # round; while it is not nothing, no seat is all in from an earlier street, and nobody is
        # counted (with the street's cards counted from those out: 0.6% fewer instructions a hand
        # of benchmarks/engine.py's FTQ player, callgrind, 300 hands, 2,108,130 to 2,095,287).
        self._least_total = least = min(map(stacks.__getitem__, seats))
        self._able = len(seats) if least else len([seat for seat in seats if stacks[seat] > 0])
        # The seats that must still act before the round can close: those able to act that have
        # not acted since the bet last went up, or owe chips to it. Kept as they act (an action
        # takes its seat off; a bet going up puts every other able seat on), so the round knows
        # it is over without going round the table.
        self._pending = self._able
        self._committed = dict.fromkeys(seats, 0)
        # Seats not folded with more chips in all than the bet, who could answer a raise. A
        # seat's chips in front and behind add up to the same all round: the count changes only
        # as the bet goes up or such a seat folds; while the bet is below every seat's chips
        # (the least of them kept), every seat not folded could.
        self._deep = self._able
        self._folded: frozenset[int] = frozenset()
        self._live = seats  # the seats not folded, in acting order, kept as seats fold
        self._ring = seats + seats  # those twice: the turn goes round without a modulo
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
        # the street, where the last full one is in the history (the seats with an action from
        # there on have acted since), and what the all-ins short of a full one since then add
        # up to (0: none since).
        self._largest = 0
        self._full_at = 0
        self._short_run = 0
        self._bring_in_level = 0
        self._bring_in_due = bring_in_due(stakes, self._stacks[seats[0]], bring_in=bring_in)
        self._to_act_at = -1  # the index in the order of the seat to act (-1: none yet)
        self._history: list[_Record] = []
        self._sizes = fixed_sizes(self)
        self._fixed_window = fixed_sizes_window(self)
        self._fixed_offer: _Offer | None = None  # the offer of _fixed_window (see _pass_turn)
        self._to_act: int | None = None
        self._options: tuple[ActionOption, ...] = ()  # the seat to act's (see _pass_turn)
        self._pass_turn()

    def rebind_stacks(self, stacks: MutableSequence[int] | dict[int, int]) -> None:
        """Move chips in ``stacks`` from now on, which holds what the round's own stacks hold
        (see :meth:`trusted`): a copied hand's round moves the copy's chips.

        >>> rnd = BettingRound.trusted(Stakes(), order=(0, 1), stacks=[9, 9], street_index=1,
        ...                            big_bet=False, bring_in=False, open_pair=False, pot=4)
        >>> theirs = [9, 9]
        >>> rnd.rebind_stacks(theirs)
        >>> _ = rnd.apply("bet")
        >>> theirs, rnd.stacks
        ([4, 9], {0: 4, 1: 9})
        """
        self._stacks = stacks

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
    def next_wager(self) -> ActionKind | None:
        """What the next wager on this street is called: ``bring-in`` while the bring-in is due,
        ``complete`` while only the bring-in (or an all-in short of a bet) is in, ``bet`` while
        nothing is, ``raise`` once a bet is in; ``None`` once the round is over. It names the
        wager whether or not the seat to act may make it (:meth:`options` says whether).

        >>> rnd = BettingRound(Stakes(), order=[1, 0], stacks={0: 40, 1: 40}, street_index=0,
        ...                    big_bet=False, bring_in=True, open_pair=False, pot=2)
        >>> kinds = [rnd.next_wager]
        >>> for action in ("bring-in", "complete", "raise", "call"):
        ...     _ = rnd.apply(action)
        ...     kinds.append(rnd.next_wager)
        >>> [None if kind is None else str(kind) for kind in kinds]
        ['bring-in', 'complete', 'raise', 'raise', None]
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

    @property
    def committed(self) -> Mapping[int, int]:
        """Chips each seat has put in on this street (a copy)."""
        return dict(self._committed)

    @property
    def stacks(self) -> Mapping[int, int]:
        """Chips each seat has behind now (a copy)."""
        return {seat: self._stacks[seat] for seat in self._order}

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
        return tuple(Applied(*record) for record in self._history)

    def live(self) -> tuple[int, ...]:
        """Seats not folded, in acting order (all-in seats included)."""
        return self._live

    def __repr__(self) -> str:
        return (
            f"<BettingRound street {self._street_index} {self._stakes.limit}: bet {self._bet}, "
            f"committed {self._committed}, stacks {self.stacks}, to act {self._to_act}>"
        )

    # -- the three questions -------------------------------------------------------------------

    def options(self) -> tuple[ActionOption, ...]:
        """The legal kinds of action for the seat to act, each with its least and greatest amount.

        >>> rnd = BettingRound(Stakes(limit="pot-limit"), order=[0, 1, 2],
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
        if self._bring_in_due:
            return bring_in_options(self, seat)
        return self._options  # worked out as the turn came (_pass_turn)

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
        return Applied(*self.record(kind, amount))

    def record(
        self, kind: ActionKind | str, amount: int | None = None, *, free_fold: bool = False
    ) -> _Record:
        """:meth:`apply`, answered as a named tuple of the :class:`Applied` fields: the hand
        engine turns every action into an event of its own and needs no record of the round's.
        ``free_fold`` lets the seat fold with nothing to call where the stakes' ``free_fold``
        (the house rule of that name, which also offers that fold) is off: a lenient reading of
        a record that says so, ``docs/records.md``.

        >>> rnd = BettingRound(Stakes(), order=[0, 1], stacks={0: 50, 1: 50}, street_index=1,
        ...                    big_bet=False, bring_in=False, open_pair=False, pot=10)
        >>> record = rnd.record("bet")
        >>> record.kind, record.to_amount, record.reopened
        (<ActionKind.BET: 'bet'>, 5, True)
        """
        seat, stacks = self._to_act, self._stacks
        if amount is None and seat is not None and not self._bring_in_due:
            # A check, call or fold named by its kind alone, most of a hand's actions, planned
            # here from the seat's figures as _plan plans it, a check or a call carried out in
            # one pass (it changes no bet); anything else (an amount, a name, a wager other
            # than the offered one, an action refused) goes to _plan, which checks and words.
            # 1.0% fewer opcodes a hand of benchmarks/opcodes.py's FTQ (2026-12-04: 23,904 to
            # 23,659; the fold's share 0.9%).
            committed = self._committed
            bet = self._bet
            owed = bet - committed[seat]
            if (kind is _CALL and owed > 0) or (kind is _CHECK and owed <= 0):
                if owed > 0:
                    stack = stacks[seat]
                    added = stack if stack <= owed else owed
                    stacks[seat] = stack - added
                    committed[seat] += added
                    if stack == added:
                        self._able -= 1
                    record = _record((seat, _CALL, committed[seat], added, stack == added, False))
                else:
                    record = _record((seat, _CHECK, 0, 0, False, False))
                self._pending -= 1
                self._acted[seat] = 0 if self._bets == 0 and bet == self._bring_in_level else bet
                self._pass_turn()
                self._history.append(record)
                return record
            offer = self._offer
            if kind is _FOLD and (owed > 0 or free_fold or self._stakes.free_fold):
                record = _record((seat, _FOLD, 0, 0, False, False))
            elif offer is not None and kind is offer.kind and offer.window.targets is not None:
                # The fixed-limit wager the turn offered, at its least size (sizing.resolve's
                # natural amount where only some sizes are allowed): 2.1% fewer opcodes a hand
                # of the FTQ player (as above: 23,584 to 23,093).
                to_amount = offer.window.low
                all_in = to_amount == committed[seat] + stacks[seat]
                full = self._reopening.is_full(self, to_amount)
                record = _record((seat, kind, to_amount, to_amount - committed[seat], all_in, full))
            else:
                record = self._plan(kind, amount, free_fold)
        else:
            record = self._plan(kind, amount, free_fold)
        seat, kind, to_amount, added, all_in, full = record
        self._pending -= 1  # the seat to act has acted (a bet going up puts the others on)
        if kind is _FOLD:
            self._folded = self._folded | {seat}
            # Cut out by position, not rebuilt seat by seat: with the hand's own cut, 1.0% fewer
            # opcodes a hand of benchmarks/engine.py's FTQ player (Python's opcode trace, 200
            # hands, 2026-12-03: 27,209 to 26,943; docs/benchmarks.md, session 17).
            live = self._live
            at = live.index(seat)
            self._live = live = live[:at] + live[at + 1 :]
            self._ring = live + live
            self._to_act_at -= 1  # the seat after it takes its place in the ring
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
                if kind is not _BRING_IN:
                    self._reopening.note(self, seat, to_amount, full, all_in)
                elif full:  # a bring-in as big as a full bet is the bet
                    note_full(self, to_amount)
                self._bet = to_amount
                self._deep = self._count_deep()
                # Every other seat able to act owes chips now.
                self._pending = self._able - (stacks[seat] > 0)
        self._bring_in_due = False
        # The level the seat has matched: sizing.base, written out (every action sets it).
        bet = self._bet
        self._acted[seat] = 0 if self._bets == 0 and bet == self._bring_in_level else bet
        self._pass_turn()
        self._history.append(record)
        return record

    # -- the rules -----------------------------------------------------------------------------

    def _pass_turn(self) -> None:
        """Pass the turn on: the next seat to act, and the bet, completion or raise open to it
        with its window and the option that shows it (``None`` when there is none, or the seat
        must bring in first), worked out as the turn comes: options() shows it, and the action
        taken is often this one. Instructions a hand of benchmarks/engine.py's FTQ player
        (callgrind, 300 hands, 2026-12-03): the pending seats counted and the folded ones out
        of the ring, 1.7% fewer (2,157,496 to 2,120,795); the seat and its offer in one pass, as
        both read the same seat's figures, 0.6% fewer again (to 2,108,130)."""
        live = self._live
        stacks, committed, bet = self._stacks, self._committed, self._bet
        # All but one folded, nobody left to act, or at most one seat can still act and it owes
        # nothing: the round is over. (Nobody to act and no offer are written here, not before
        # every turn: 0.3% fewer opcodes a hand of benchmarks/engine.py's FTQ player, Python's
        # opcode trace, 200 hands after 300, PYTHONHASHSEED=0, 2026-12-04: 23,659 to 23,584.)
        if (
            len(live) <= 1
            or not self._pending
            or (self._able <= 1 and all(committed[s] >= bet for s in live if stacks[s] > 0))
        ):
            self._to_act = self._offer = None
            return
        ring, acted = self._ring, self._acted
        count = len(live)
        start = at = self._to_act_at + 1  # the seat after the one that just acted
        seat = ring[at]
        if not stacks[seat] or (seat in acted and committed[seat] >= bet):
            # Most turns pass to the next seat: the walk round the ring is for the others.
            # 0.7% fewer opcodes a hand of benchmarks/engine.py's FTQ player (Python's opcode
            # trace, 200 hands, PYTHONHASHSEED=0, 2026-12-03: 26,177 to 25,990).
            for at in range(start + 1, start + count):
                seat = ring[at]
                if stacks[seat] and (seat not in acted or committed[seat] < bet):
                    break
            else:  # pragma: no cover - a pending seat is always found
                self._to_act = self._offer = None
                return
        self._to_act_at = at % count
        self._to_act = seat
        if self._bring_in_due:
            self._offer = None
            return  # options() asks opening.bring_in_options (once a hand)
        kind = _BET if bet == 0 else _COMPLETE if self._bets == 0 else _RAISE  # _aggressive_kind
        stack = stacks[seat]
        owed = bet - committed[seat]
        offer: _Offer | None = None
        # Whether the seat may wager: _raise_block's five tests, asked here without calls or
        # words, as they are asked at every turn (the refusal, rarer, gets _raise_block's
        # words): chips past the call, another seat able to act and one that could answer,
        # no cap reached, and for a seat that has acted, the betting reopened. 2.5% fewer
        # instructions a hand of the FTQ player than asking _raise_block, which asked
        # _answerable (callgrind, 300 hands, 2026-12-03: the count read where the method was
        # asked, 2,071,130 to 2,063,432; the tests in one expression, 2,040,868 to 1,996,968).
        if (
            stack > owed
            and self._able >= 2
            and self._deep >= 2
            and not self._capped
            and (seat not in acted or self._reopening.block(self, seat, kind) is None)
        ):
            fixed = self._fixed_window
            all_in_to = committed[seat] + stack
            if (
                self._stakes.limit is _FIXED
                and bet < fixed.low < all_in_to
                and fixed.high <= all_in_to
            ):
                # Fixed limit, every size affordable and none of them all in: what
                # sizing.window answers, without the call (most turns are these). With the
                # refusals worded only when asked for, the turn's index kept and Hand.act's one
                # sort for the uncalled bet: 1.5% fewer instructions a hand of
                # benchmarks/engine.py's FTQ player (callgrind, 400 hands, 2026-12-02).
                #
                # Each seat in turn then gets the same offer until the next full wager, and
                # the next street or hand the same again, so it is made once. Measured
                # (benchmarks/engine.py's player, FTQ and BD7, 4 rounds of 1,000 hands
                # alternated with main, best round, 2026-12-02): making it afresh at every turn
                # plays 2.0% (FTQ) and 2.7% (BD7) fewer hands; shared across rounds and hands
                # as well as kept for the round, 1.4% fewer instructions a hand of the FTQ
                # player (callgrind, 300 hands, 2026-12-03: 2,100,983 to 2,071,130).
                offer = self._fixed_offer
                if offer is None or offer.window is not fixed or offer.kind is not kind:
                    offer = self._fixed_offer = _shared_offer(kind, fixed)
            else:
                window = sizing_window(self, seat, floor=bet)
                if window is not None:
                    offer = _Offer(
                        kind, window, _option(kind, window.low, window.high, window.targets)
                    )
        self._offer = offer
        # The seat's legal actions, worked out here from the figures just read rather than
        # read again when options() is asked (at every turn, by a player or a view): 1.3%
        # fewer instructions a hand of the FTQ player (callgrind, 300 hands, 2026-12-03:
        # 1,996,968 to 1,971,167).
        if owed > 0:
            call_to = bet if stack > owed else committed[seat] + stack
            call = _option(_CALL, call_to, call_to)
            self._options = (
                (_FOLD_OPTION, call) if offer is None else (_FOLD_OPTION, call, offer.option)
            )
        elif self._stakes.free_fold:  # house rule `free_fold`: the fold stands beside the check
            self._options = (
                (_FOLD_OPTION, _CHECK_OPTION)
                if offer is None
                else (_FOLD_OPTION, _CHECK_OPTION, offer.option)
            )
        else:
            self._options = (_CHECK_OPTION,) if offer is None else (_CHECK_OPTION, offer.option)

    def _aggressive_kind(self) -> ActionKind:
        if self._bet == 0:
            return _BET
        if self._bets == 0:  # only a bring-in, or an all-in short of a bet, is in
            return _COMPLETE
        return _RAISE

    def _raise_block(
        self, seat: int, kind: ActionKind, stack: int, owed: int
    ) -> Callable[[], str] | None:
        """Why the seat, with ``stack`` behind and ``owed`` to call, may not bet, complete or
        raise now, worded when asked, or ``None`` if it may (a turn's offer only needs to know
        whether: _pass_turn asks the same tests, in one expression)."""
        if stack <= owed:
            return lambda: (
                f"{seat_label(seat)} cannot {kind}: only {stack} behind and {owed} to call"
            )
        if self._able < 2:  # the seat itself has chips behind: nobody else does
            return lambda: f"{seat_label(seat)} cannot {kind}: every other player is all in"
        if self._deep < 2:
            # A raise that every other player could only call, all in for the bet or less,
            # would be no raise at all: another seat not folded must have more than the bet
            # (this one has: it is not all in for the call).
            bet = self._bet
            return lambda: (
                f"{seat_label(seat)} cannot {kind}: no other player has more than the "
                f"{bet} already bet, so nobody could answer it"
            )
        if self._capped:
            cap = self._stakes.raise_cap
            assert cap is not None
            return lambda: (
                f"{seat_label(seat)} cannot {kind}: the betting is capped at {_cap_text(cap)}"
            )
        if seat not in self._acted:  # first to act since the street opened: nothing to reopen
            return None
        why = self._reopening.block(self, seat, kind)
        return None if why is None else lambda: why

    def _count_deep(self) -> int:
        """The seats not folded with more chips in all than the bet: those who could answer a
        bet or raise (see _raise_block)."""
        bet = self._bet
        if bet < self._least_total:
            return len(self._live)
        committed, stacks = self._committed, self._stacks
        return len([s for s in self._live if committed[s] + stacks[s] > bet])

    def _plan(self, kind: ActionKind | str, amount: int | None, free_fold: bool = False) -> _Record:
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
            return plan_bring_in(self, seat, kind, amount)
        owed = self._bet - committed
        if kind is _FOLD or kind is _CHECK:
            if amount not in (None, 0):
                raise IllegalActionError(
                    f"{seat_label(seat)} cannot {kind} for {amount}: it takes no chips"
                )
            if kind is _FOLD and owed <= 0 and not (free_fold or self._stakes.free_fold):
                raise IllegalActionError(
                    f"{seat_label(seat)} cannot fold: nothing to call (check instead)"
                )
            if kind is _CHECK and owed > 0:
                raise IllegalActionError(f"{seat_label(seat)} cannot check: {owed} to call")
            return _record((seat, kind, 0, 0, False, False))
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
            return _record((seat, kind, call_to, call_to - committed, call_to == all_in_to, False))
        if kind is _BRING_IN:
            why = "it is already in" if self._bring_in_level else "there is none on this round"
            raise IllegalActionError(f"{seat_label(seat)} cannot bring in: {why}")
        expected = self._aggressive_kind()
        if kind is not expected:
            raise IllegalActionError(_wrong_kind(seat_label(seat), kind, expected, self._bet))
        offer = self._offer
        if offer is not None and offer.kind is kind:
            window: _Window | None = offer.window  # worked out as the turn came
        else:
            block = self._raise_block(seat, kind, all_in_to - committed, owed)
            if block is not None:
                raise IllegalActionError(block())
            window = sizing_window(self, seat, floor=self._bet)
        if window is None:  # pragma: no cover - the block above already covers a short stack
            raise IllegalActionError(f"{seat_label(seat)} cannot {kind}: not enough chips")
        to_amount = resolve(seat, kind, amount, window)
        full = self._reopening.is_full(self, to_amount)
        all_in = to_amount == all_in_to
        return _record((seat, kind, to_amount, to_amount - committed, all_in, full))
