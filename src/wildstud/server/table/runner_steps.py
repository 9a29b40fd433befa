"""The hand runner's own steps in a hand as pure outcomes: the change each comes to, whole.

A step nobody chose (an all-in run-out's next street) is a command of the runner's slice, the
runner's tick's follow-up (:class:`~.runner_commands.RunOutStreet`), made whole from the table
as its turn comes (:class:`AtStep`, :meth:`.driver.Driver.made`) and handled here purely: the
hand dealt on from a copy (:func:`.hand_play.dealt_on`), with the hand's end in the same change
when the step ends it (:func:`.hand_end.then_ended`) and the turn it leaves timed
(:func:`.runner.timed`, :func:`staged`). The outcome's effect is the change to store; the actor
folds the other slices' follow-ups into it (the seating's stacks, a seat's leaving, a
tournament's knock-outs: :meth:`.actor.Actor.fold_outcome`), stores it once, and adopts the new
states and sends the news once it is stored; a failed write leaves them all as they were.

>>> from wildstud.server.schemas import GameEntry, TableSettings
>>> from wildstud.server.table.hand_play import AtPlay
>>> settings = TableSettings(name="x", games=[GameEntry(game="FTQ")])
>>> end = AtHandEnd("t", {}, {}, settings, (), approved=False, tournament=False)
>>> at = AtStep(AtPlay(0.0), AtTurn({}, frozenset(), settings), end)
>>> state = RunnerState(None, 0, None)
>>> street(state, at, 5.0).state is state  # no hand in play: nothing to deal
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wildstud.deal import Phase
from wildstud.server.store import Changes
from wildstud.server.table.core import Outcome
from wildstud.server.table.hand_end import AtHandEnd, then_ended
from wildstud.server.table.hand_play import dealt_on
from wildstud.server.table.runner import AtTurn, RunnerState, timed

if TYPE_CHECKING:
    from wildstud.server.table.hand_play import AtPlay

__all__ = ["AtStep", "staged", "street"]


@dataclass(frozen=True, slots=True)
class AtStep:
    """What a change of the runner's in a hand reads of the table outside the runner's state,
    as its turn comes (:meth:`.driver.Driver.at_step`): for the dealer's steps (``play``), to
    time the turn it leaves (``turn``) and for the hand's end, if it ends the hand (``end``)."""

    play: AtPlay
    turn: AtTurn
    end: AtHandEnd


def staged(
    outcome: Outcome[RunnerState], turn: AtTurn, end: AtHandEnd | None, now: float
) -> Outcome[RunnerState]:
    """``outcome``, a change of the runner's in a hand (a deal, a seat's change, a step nobody
    chose), whole: with the hand's end in the same change when ``end`` (what it reads of the
    table) is given, its hand being over (:func:`.hand_end.then_ended`), and the turn it
    leaves timed at ``now`` (:func:`.runner.timed`) from the seats' rows, those the change
    writes over ``turn``'s: adopted with the change once it is stored, never before it and
    never alone."""
    if end is not None:
        outcome = then_ended(outcome, end, now)
    assert outcome.effect is not None
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    if changes.seats:  # a time bank drawn on, a request's number: over the rows as they stand
        rows = {**turn.rows, **{row.seat: row for row in changes.seats}}
        turn = AtTurn(rows, turn.pages, turn.settings)
    state = timed(outcome.state, turn, now)
    if state is outcome.state:
        return outcome
    # Made whole here, not by dataclasses.replace: 10 Python calls fewer in every change.
    return Outcome(state, outcome.effect, outcome.news, outcome.reply, outcome.wake, outcome.follow)


def street(state: RunnerState, at: AtStep, now: float) -> Outcome[RunnerState]:
    """The all-in run-out's next street, its pause over at ``now``, dealt in the hand in play
    (and what follows it as far as the dealer goes: the next pause, the offer, the showdown,
    the hand's end), as one change (see the module's description); nothing when no run-out
    waits for it (the hand moved on, or its pause is not over)."""
    live = state.live
    if live is None or live.hand.run_out_street is None or now < live.run_out_due:
        return Outcome(state)
    dealt = dealt_on(state, live, live.hand.copy(), at.play, now)
    ended = dealt.state.live is not None and dealt.state.live.hand.phase is Phase.OVER
    return staged(dealt, at.turn, at.end if ended else None, now)
