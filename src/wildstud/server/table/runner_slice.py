"""The hand runner as a slice of the table's core: the commands its pure ``handle`` takes.

The runner's state is one frozen value (:class:`~.runner.RunnerState`), held by the driver
(:attr:`.driver.Driver.state`), which adopts each new one once its change is stored. This slice
takes:

- the players' requests in a hand (:mod:`.hand_requests`), checked purely; their change is
  still the driver's code, carried out as the outcome's effect;
- :class:`~.core.CancelChoice`: the dealer's choice in progress is called off (the menu changed,
  the table was paused, resumed or ended): the dealer is asked again, from the new menu, once
  the table deals;
- :class:`~.core.ResetTurn`: the turn in progress is timed afresh when the driver next sees it
  (time the table stood still never counts against anyone), and so is a private deal's wait
  for an answer, the private slice's follow-up (:class:`~.core.RetimeAnswer`).

Both are follow-ups of another slice's change (the settings', the seating's): nothing is stored
for them, and they are folded into that change, adopted only once it is stored.

>>> from wildstud.server.table.runner import Choosing
>>> state = RunnerState(2, 3, None, choosing=Choosing(2, (0, 1), 9.0))
>>> handle(state, CancelChoice(), 0.0).state.choosing is None
True
>>> handle(state.but(choosing=None), CancelChoice(), 0.0).state.choosing is None
True
"""

from __future__ import annotations

from wildstud.server.table import hand_requests
from wildstud.server.table.core import CancelChoice, Command, Outcome, ResetTurn, RetimeAnswer
from wildstud.server.table.runner import RunnerState

__all__ = ["COMMANDS", "handle"]

COMMANDS: tuple[type[Command], ...] = (*hand_requests.COMMANDS, CancelChoice, ResetTurn)
"""The commands the runner's slice takes."""


def handle(state: RunnerState, command: Command, now: float) -> Outcome[RunnerState]:
    """The outcome of ``command`` for the runner as ``state`` stands (see the module's
    description)."""
    if isinstance(command, CancelChoice):
        # A state left as it was is not adopted again: nothing was in progress.
        return Outcome(state if state.choosing is None else state.but(choosing=None))
    if isinstance(command, ResetTurn):
        return Outcome(state.but(turn=state.turn.forgotten()), follow=(RetimeAnswer(),))
    return hand_requests.handle(state, command, now)
