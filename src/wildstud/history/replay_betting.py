"""Playing a record's betting actions through the engine: each bring-in, completion, bet,
raise, call, check and fold as the seat's action, the actions a record leaves out filled in
where the reading allows, and a fold when checking was free let stand in a lenient reading.
"""

from __future__ import annotations

from wildstud.betting import ActionKind
from wildstud.errors import RecordError, WildstudError
from wildstud.history.notation import (
    Action,
    BringIn,
    CheckCall,
    CompleteBetRaise,
    Fold,
    format_action,
)
from wildstud.history.replay_state import BETTING, RecordEndsError, ReplayState
from wildstud.history.replay_steps import StepKind
from wildstud.history.tolerance import RecordWarning, Tolerance
from wildstud.seats import seat_label

__all__ = ["ReplayBetting"]

_AGGRESSIVE = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)


class ReplayBetting(ReplayState):
    """The players' turns of a replay (see the module's docstring)."""

    def _player_turn(self) -> None:
        self._close_street()
        hand = self.hand
        seat = hand.to_act
        assert seat is not None
        kinds = {option.kind for option in hand.legal_actions()}
        upcoming = self._peek()
        action = None if upcoming is None else upcoming[1]
        if upcoming is not None and isinstance(
            action, BringIn | CompleteBetRaise | CheckCall | Fold
        ):
            number = upcoming[0]
            if (
                action.player != seat
                and ActionKind.BRING_IN in kinds
                and not isinstance(action, BringIn)
            ):
                self._fill(ActionKind.BRING_IN)
                return
            self._take(number)
            self._play(number, action, kinds)
            return
        street = hand.street_name
        if not self.fill_in:
            if upcoming is None:
                raise RecordEndsError(f"the record ends with {seat_label(seat)} to act on {street}")
            raise self._error(
                upcoming[0],
                f"{seat_label(seat)} must act on {street} before this: the record leaves it out",
            )
        if ActionKind.BRING_IN in kinds:
            self._fill(ActionKind.BRING_IN)
        elif ActionKind.CHECK in kinds:
            self._fill(ActionKind.CHECK)
        elif upcoming is None:
            # The record stops here, mid-betting: it is ruled on as it stands.
            raise RecordEndsError(
                f"the record ends with {seat_label(seat)} to act on {street}, facing a bet"
            )
        else:
            call = next(option for option in hand.legal_actions() if option.kind is ActionKind.CALL)
            name = seat_label(seat)
            raise self._error(
                upcoming[0],
                f"{name} faces a bet on {street} (a call is to {call.min_amount}) and the record"
                f" does not say what {name} did: a missing action counts as a check, which is"
                f" not possible here, and a call is never assumed (write `{name} cc`,"
                f" `{name} cbr …` or `{name} f`)",
            )

    def _fill(self, kind: ActionKind) -> None:
        self.hand.act(kind)
        self._mark(StepKind.FILLED, None)

    def _play(self, number: int, action: Action, kinds: set[ActionKind]) -> None:
        assert isinstance(action, BETTING)
        amount: int | None = None
        if isinstance(action, BringIn):
            kind = ActionKind.BRING_IN
        elif isinstance(action, Fold):
            kind = ActionKind.FOLD
            # Under the house rule `free_fold` the fold is offered beside the check: it plays.
            if ActionKind.CHECK in kinds and kind not in kinds:
                self._free_fold(number, action)
                return
        elif isinstance(action, CheckCall):
            kind = ActionKind.CALL if ActionKind.CALL in kinds else ActionKind.CHECK
        else:
            offered = [kind for kind in _AGGRESSIVE if kind in kinds]
            kind = offered[0] if offered else self._aggressive_kind()
            amount = action.amount
        try:
            self.hand.act(kind, amount, seat=action.player)
        except WildstudError as error:
            raise RecordError(str(error), action=number, text=format_action(action)) from None
        self._mark(StepKind.PLAYED, number)

    def _free_fold(self, number: int, action: Fold) -> None:
        """A fold when checking was free where the record's house rules do not allow it
        (``free_fold``): refused, or, read leniently, a fold that stands."""
        name = seat_label(action.player)
        if not self.lenient:
            raise RecordError(
                f"{name} folds with nothing to call: checking was free and the house rule"
                " free_fold is off (a lenient reading lets the fold stand)",
                action=number,
                text=format_action(action),
            )
        self.hand.act(ActionKind.FOLD, seat=action.player, free_fold=True)
        self._warn(
            number, Tolerance.FREE_FOLD, f"{name} folds when checking was free: the fold stands"
        )
        self._mark(StepKind.PLAYED, number)

    def _check_after_free_fold(self) -> None:
        """Read leniently, the answer of the last player with chips right after a fold when
        checking was free closed the betting: pokerkit still asks that player to act, so its
        records write a check, which changes nothing, or a fold, which gives the hand up as a
        muck would. Either passes with a warning."""
        upcoming = self._peek()
        if not self.lenient or upcoming is None:
            return
        number, action = upcoming
        if not isinstance(action, CheckCall | Fold):
            return
        previous = self.actions[number - 2] if number > 1 else None
        hand = self.hand
        if not (
            isinstance(previous, Fold)
            and self.warnings
            and self.warnings[-1].kind is Tolerance.FREE_FOLD
            and self.warnings[-1].action == number - 1
            and action.player in hand.live
            and hand.stacks[action.player] > 0
        ):
            return
        name = seat_label(action.player)
        if isinstance(action, Fold):
            try:
                hand.muck(action.player)
            except WildstudError as error:
                raise self._error(number, str(error)) from None
            self._take(number)
            self._warn(
                number,
                Tolerance.FREE_FOLD,
                f"{name} folds after the free fold left nobody to bet against: the hand is"
                " given up as a muck",
            )
            self._mark(StepKind.PLAYED, number)
            return
        self._take(number)
        self._warn(
            number,
            Tolerance.FREE_FOLD,
            f"{name} checks after the free fold left nobody to bet against: the check changes"
            " nothing",
        )
        self._mark(StepKind.NOTED, number)

    def _warn(self, number: int, kind: Tolerance, reason: str) -> None:
        text = format_action(self.actions[number - 1])
        self.warnings.append(RecordWarning(reason, kind, action=number, text=text))

    def _aggressive_kind(self) -> ActionKind:
        """The kind of ``cbr`` the betting calls for when none is open now (so that the engine
        says why): the next wager as the engine names it, a completion while the bring-in is
        due (a ``cbr`` then completes)."""
        kind = self.hand.next_wager
        return ActionKind.COMPLETE if kind in (None, ActionKind.BRING_IN) else kind
