"""The players' actions: bring-in, complete, bet, raise, call, check and fold, each with its
``can_…`` question, its ``verify_…`` check and the action itself.

:class:`PlayerActions` is the floor of :class:`~wildstud.deal.Hand` that takes the players'
moves: the street's :class:`~wildstud.betting.BettingRound` refuses an illegal one with a
specific :class:`~wildstud.errors.IllegalActionError` before anything changes, and the end of a
round hands the hand back to the dealer.

>>> from wildstud.deal import Hand, stack_deck
>>> hand = Hand("FTQ", [50, 50], deck=stack_deck("As 9c Ah 9d Qh 7d"))
>>> hand.run()
>>> isinstance(hand, PlayerActions), hand.can_check(), hand.bring_in().to_amount
(True, False, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from wildstud.betting import ActionKind, ActionOption
from wildstud.deal.dealing import Dealing
from wildstud.deal.events import Acted, Returned
from wildstud.deal.stages import Stage
from wildstud.errors import IllegalActionError, OutOfTurnError
from wildstud.seats import seat_label as _name

__all__ = ["PlayerActions"]

# A module global: Python 3.11 reads an enum member slowly (the betting's copies are measured
# in wildstud.betting.stakes).
_FOLD = ActionKind.FOLD

# The same actions recur hand after hand. Their records are frozen, so one made before serves
# again: finding it is quicker than building a new one. Measured (benchmarks/engine.py's player,
# FTQ and BD7, two runs of 16 rounds of 400 hands alternated with the trick undone, best round,
# 2026-12-05): building each instead plays 2.8-6.0% (FTQ) and 4.2-6.6% (BD7) fewer hands.
_acted = lru_cache(maxsize=4096)(Acted)


class PlayerActions(Dealing):
    """The players' actions (see the module's docstring)."""

    @property
    def next_wager(self) -> ActionKind | None:
        """What the next wager of the street's betting is called, as the betting round names it
        (:attr:`~wildstud.betting.BettingRound.next_wager`): ``bring-in``, ``complete``, ``bet``
        or ``raise``, whether or not the seat to act may make it; ``None`` when nobody is to act.

        >>> from wildstud.deal import Hand, stack_deck
        >>> hand = Hand("FTQ", [50, 50], deck=stack_deck("As 9c Ah 9d Qh 7d"))
        >>> hand.next_wager is None, hand.run(), hand.next_wager, hand.bring_in().kind
        (True, None, <ActionKind.BRING_IN: 'bring-in'>, <ActionKind.BRING_IN: 'bring-in'>)
        >>> hand.next_wager
        <ActionKind.COMPLETE: 'complete'>
        """
        return None if self._deal.round is None else self._deal.round.next_wager

    def legal_actions(self) -> tuple[ActionOption, ...]:
        """What the seat to act may do, with the to-amounts each action may take."""
        rnd = self._deal.round
        return () if rnd is None else rnd.options()

    def verify_act(
        self,
        kind: ActionKind | str,
        amount: int | None = None,
        *,
        seat: int | None = None,
        free_fold: bool = False,
    ) -> None:
        """Raise a specific :class:`~wildstud.errors.IllegalActionError` unless the action is
        legal now (``seat``, if given, must be the seat to act; ``free_fold`` as for
        :meth:`act`). Nothing changes."""
        deal = self._deal
        if seat is not None:
            self._check_seat(seat)
        if deal.round is None:
            if self._stage == Stage.OVER:
                raise IllegalActionError(f"cannot {kind}: the hand is over")
            raise IllegalActionError(f"cannot {kind}: no player is to act, the dealer deals next")
        to_act = deal.round.to_act
        if seat is not None and seat != to_act:
            raise OutOfTurnError(
                f"{_name(seat)} cannot {kind}: it is {_name(to_act or 0)}'s turn to act"
            )
        deal.round.verify(kind, amount, free_fold=free_fold)

    def can_act(
        self, kind: ActionKind | str, amount: int | None = None, *, seat: int | None = None
    ) -> bool:
        """Whether :meth:`verify_act` would accept the action (a ``seat`` that names no seat
        at this table is bad input, not a no: it raises :class:`~wildstud.errors.TableError`)."""
        try:
            self.verify_act(kind, amount, seat=seat)
        except IllegalActionError:
            return False
        return True

    def act(
        self,
        kind: ActionKind | str,
        amount: int | None = None,
        *,
        seat: int | None = None,
        free_fold: bool = False,
    ) -> Acted:
        """Carry out a player's action (``amount`` is a to-amount: the seat's street total).

        A fold when the seat could check is legal, and among the legal actions, only under the
        house rule ``free_fold`` (on at the server's tables). ``free_fold=True`` accepts it
        where that rule is off: for a record read leniently that says so (``docs/records.md``)
        and for a hand the server stored before its tables had the rule."""
        deal = self._deal
        rnd = deal.round
        if rnd is None or (seat is not None and (seat != rnd.to_act or type(seat) is not int)):
            self.verify_act(kind, amount, seat=seat)
        assert rnd is not None
        # The round refuses an illegal action before it changes anything, with the message
        # verify_act would give, so the action is checked once.
        # The round has taken the chips from the hand's stacks, which it was opened with.
        actor, done, to_amount, added, all_in, _ = rnd.record(kind, amount, free_fold=free_fold)
        if done is _FOLD:
            deal.folded.add(actor)
            live = deal.live
            at = live.index(actor)
            deal.live = live[:at] + live[at + 1 :]  # cut out by position (see BettingRound.record)
        record = _acted(actor, done, to_amount, added, all_in, deal.street)
        self._events.append(record)
        if rnd.done:
            finished = rnd
            deal.round = None
            deal.rounds += 1
            if len(deal.live) == 1:
                self._stage = Stage.UNCONTESTED
            else:
                self._return_uncalled(finished.committed)
                self._end_street()
        return record

    def _return_uncalled(self, committed: Mapping[int, int]) -> None:
        """Robert's Rules: what nobody called of the round's top bet goes back to its owner.

        Left in the pot it would be a pot for its owner alone, which a redeal for everyone
        would open to players who had folded: they could win chips nobody ever matched.
        """
        levels = sorted(committed.values())  # the top bet, and below it the most anyone matched
        excess = levels[-1] - (levels[-2] if len(levels) > 1 else 0)
        # The top seat is looked for only when there is an excess: seldom, as a round that ends
        # with two hands in ends called; max() with a key costs more than its opcodes show.
        # 0.7% fewer instructions a hand of benchmarks/engine.py's FTQ player (callgrind, 300
        # hands after 300, PYTHONHASHSEED=0, 2026-12-04: 1,598,180 to 1,587,106).
        if excess > 0:
            top = max(committed, key=committed.__getitem__)
            self._stacks[top] += excess
            self._events.append(Returned(top, excess, self._deal.street))

    def can_fold(self, seat: int | None = None) -> bool:
        """Whether the seat to act may fold (only when facing a bet)."""
        return self.can_act(ActionKind.FOLD, seat=seat)

    def verify_fold(self, seat: int | None = None) -> None:
        """Raise unless the seat to act may fold."""
        self.verify_act(ActionKind.FOLD, seat=seat)

    def fold(self, seat: int | None = None) -> Acted:
        """Fold."""
        return self.act(ActionKind.FOLD, seat=seat)

    def can_check(self, seat: int | None = None) -> bool:
        """Whether the seat to act may check (nothing to call)."""
        return self.can_act(ActionKind.CHECK, seat=seat)

    def verify_check(self, seat: int | None = None) -> None:
        """Raise unless the seat to act may check."""
        self.verify_act(ActionKind.CHECK, seat=seat)

    def check(self, seat: int | None = None) -> Acted:
        """Check."""
        return self.act(ActionKind.CHECK, seat=seat)

    def can_call(self, seat: int | None = None) -> bool:
        """Whether the seat to act may call."""
        return self.can_act(ActionKind.CALL, seat=seat)

    def verify_call(self, seat: int | None = None) -> None:
        """Raise unless the seat to act may call."""
        self.verify_act(ActionKind.CALL, seat=seat)

    def call(self, seat: int | None = None) -> Acted:
        """Call (all in for less when short)."""
        return self.act(ActionKind.CALL, seat=seat)

    def can_bring_in(self, amount: int | None = None, seat: int | None = None) -> bool:
        """Whether the seat to act may bring in (for ``amount``, if given)."""
        return self.can_act(ActionKind.BRING_IN, amount, seat=seat)

    def verify_bring_in(self, amount: int | None = None, seat: int | None = None) -> None:
        """Raise unless the seat to act may bring in."""
        self.verify_act(ActionKind.BRING_IN, amount, seat=seat)

    def bring_in(self, amount: int | None = None, seat: int | None = None) -> Acted:
        """Post the bring-in."""
        return self.act(ActionKind.BRING_IN, amount, seat=seat)

    def can_complete(self, amount: int | None = None, seat: int | None = None) -> bool:
        """Whether the seat to act may complete the bring-in (to ``amount``, if given)."""
        return self.can_act(ActionKind.COMPLETE, amount, seat=seat)

    def verify_complete(self, amount: int | None = None, seat: int | None = None) -> None:
        """Raise unless the seat to act may complete."""
        self.verify_act(ActionKind.COMPLETE, amount, seat=seat)

    def complete(self, amount: int | None = None, seat: int | None = None) -> Acted:
        """Complete the bring-in to a full bet."""
        return self.act(ActionKind.COMPLETE, amount, seat=seat)

    def can_bet(self, amount: int | None = None, seat: int | None = None) -> bool:
        """Whether the seat to act may bet (to ``amount``, if given)."""
        return self.can_act(ActionKind.BET, amount, seat=seat)

    def verify_bet(self, amount: int | None = None, seat: int | None = None) -> None:
        """Raise unless the seat to act may bet."""
        self.verify_act(ActionKind.BET, amount, seat=seat)

    def bet(self, amount: int | None = None, seat: int | None = None) -> Acted:
        """Bet (the amount is needed in spread, pot and no limit)."""
        return self.act(ActionKind.BET, amount, seat=seat)

    def can_raise_to(self, amount: int | None = None, seat: int | None = None) -> bool:
        """Whether the seat to act may raise (to ``amount``, if given)."""
        return self.can_act(ActionKind.RAISE, amount, seat=seat)

    def verify_raise_to(self, amount: int | None = None, seat: int | None = None) -> None:
        """Raise an error unless the seat to act may raise."""
        self.verify_act(ActionKind.RAISE, amount, seat=seat)

    def raise_to(self, amount: int | None = None, seat: int | None = None) -> Acted:
        """Raise to ``amount`` (the amount is needed in spread, pot and no limit)."""
        return self.act(ActionKind.RAISE, amount, seat=seat)
