"""The opening of a street: the bring-in. The first seat of third street brings in for the
bring-in or completes to a full bet; these functions of the round's state say whether it must,
what it is offered, and check what it does (the round calls them while the bring-in is due).

>>> from wildstud.betting import BettingRound, Stakes
>>> rnd = BettingRound(Stakes(), order=[1, 0], stacks={0: 40, 1: 40}, street_index=0,
...                    big_bet=False, bring_in=True, open_pair=False, pot=2)
>>> [str(option) for option in bring_in_options(rnd, 1)]
['bring-in to 2', 'complete to 5']
>>> bring_in_due(Stakes(bring_in=0), 40, bring_in=True)
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wildstud.betting.actions import ActionOption, _option, _Record, _record, _Window
from wildstud.betting.sizing import least_raise, resolve, window
from wildstud.betting.stakes import _BRING_IN, _COMPLETE, ActionKind, Stakes
from wildstud.errors import IllegalActionError
from wildstud.seats import seat_label

if TYPE_CHECKING:
    from wildstud.betting.round import BettingRound

__all__ = ["bring_in_due", "bring_in_options", "completion_window", "plan_bring_in"]


def bring_in_due(stakes: Stakes, first_stack: int, *, bring_in: bool) -> bool:
    """Whether the round opens with a bring-in: the street has one, the stakes have one, and the
    first seat has chips (with none, or no bring-in, the first seat may check)."""
    return bool(bring_in) and stakes.bring_in > 0 and first_stack > 0


def bring_in_options(rnd: BettingRound, seat: int) -> tuple[ActionOption, ...]:
    """What the bring-in seat is offered: the bring-in, and the completion where it can make
    one."""
    bring_to = min(rnd._stakes.bring_in, rnd._committed[seat] + rnd._stacks[seat])
    bring_in = _option(_BRING_IN, bring_to, bring_to)
    completion = completion_window(rnd, seat, bring_to)
    if completion is None:
        return (bring_in,)
    return (bring_in, _option(_COMPLETE, completion.low, completion.high, completion.targets))


def completion_window(rnd: BettingRound, seat: int, bring_to: int) -> _Window | None:
    """The to-amounts the bring-in seat may complete to instead of bringing in."""
    completion = window(rnd, seat, floor=bring_to)
    if completion is None:
        return rnd._reopening.all_in_completion(rnd, seat)
    return completion


def plan_bring_in(rnd: BettingRound, seat: int, kind: ActionKind, amount: int | None) -> _Record:
    """Check what the bring-in seat does (bring in or complete) and plan it, or refuse."""
    stack = rnd._stacks[seat]
    bring_to = min(rnd._stakes.bring_in, stack)
    if kind is _BRING_IN:
        if amount is not None and amount != bring_to:
            raise IllegalActionError(f"{seat_label(seat)} brings in for {bring_to}, not {amount}")
        full = bring_to >= least_raise(rnd)  # a bring-in as big as the bet is the bet
        return _record((seat, kind, bring_to, bring_to, bring_to == stack, full))
    completion = completion_window(rnd, seat, bring_to)
    if kind is _COMPLETE:
        if completion is None:
            raise IllegalActionError(f"{seat_label(seat)} cannot complete: only {stack} behind")
        to_amount = resolve(seat, kind, amount, completion)
        full = rnd._reopening.is_full(rnd, to_amount)
        return _record((seat, kind, to_amount, to_amount, to_amount == stack, full))
    complete = f" or complete to {completion.low}" if completion is not None else ""
    name = seat_label(seat)
    raise IllegalActionError(f"{name} cannot {kind}: {name} must bring in for {bring_to}{complete}")
