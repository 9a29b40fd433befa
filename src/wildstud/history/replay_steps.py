"""What a replay gives: the steps it took, each with the record action behind it, and the
hand after the record (:func:`~wildstud.history.replay.replay` makes it).

>>> Step(StepKind.PLAYED, 3, (10, 11))
Step(kind=<StepKind.PLAYED: 'played'>, action=3, events=(10, 11))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from wildstud.cards import Card
from wildstud.deal import Hand, Phase
from wildstud.history.schema import HandRecord
from wildstud.history.tolerance import RecordWarning
from wildstud.wilds import Wilds

__all__ = ["Replay", "Step", "StepKind"]


class StepKind(StrEnum):
    """Where a step of a replay came from."""

    PLAYED = "played"
    """A record action played through the engine (one card of a deal action, or a bet)."""
    FILLED = "filled"
    """A player's action the record leaves out, filled in: a check, or the bring-in."""
    DEALER = "dealer"
    """A dealer's step that no action records: antes, a burn, a redeal, the showdown, or a card
    the record leaves out."""
    NOTED = "noted"
    """A record action that moves nothing: a note, a show, a muck after the hand."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: the record action behind it and the engine events it added.

    ``action`` is the action's number in the record (from 1), ``None`` for a step the record
    leaves out; ``events`` the ``start, stop`` indices of its events in ``hand.events``.
    """

    kind: StepKind
    action: int | None
    events: tuple[int, int]


@dataclass(frozen=True, slots=True, eq=False)
class Replay:
    """A record played through the engine.

    ``hand`` is the engine's hand after the record; ``steps`` every step in order; ``unknown``
    the cards (with their deal number) that the record did not name and the replay dealt from
    the unseen cards; ``deals`` the wild cards at the end of each deal; ``stopped`` says why
    the replay ended before the hand did (``None`` once the hand is over).
    """

    record: HandRecord
    hand: Hand
    steps: tuple[Step, ...]
    unknown: frozenset[tuple[int, Card]]
    deals: tuple[Wilds, ...]
    stopped: str | None
    warnings: tuple[RecordWarning, ...] = ()
    """What a lenient reading let pass: the record's own (from reading it), then the replay's."""
    unshown: tuple[RecordWarning, ...] = ()
    """The shows that kept cards hidden (``p2 sm ????5d…``), each with its place: such a hand
    has not been shown, so it wins nothing (the PHH specification), in either reading."""

    @property
    def complete(self) -> bool:
        """Whether the hand is over."""
        return self.hand.phase is Phase.OVER

    @property
    def filled(self) -> tuple[Step, ...]:
        """The steps filled in for actions the record leaves out."""
        return tuple(step for step in self.steps if step.kind is StepKind.FILLED)

    def steps_of(self, action: int) -> tuple[Step, ...]:
        """The steps that record action number ``action`` (from 1) made."""
        return tuple(step for step in self.steps if step.action == action)

    def action_of(self, event: int) -> int | None:
        """The number of the record action behind engine event ``event`` (an index into
        ``hand.events``), or ``None`` when the record left that step out."""
        for step in self.steps:
            start, stop = step.events
            if start <= event < stop:
                return step.action
        return None
