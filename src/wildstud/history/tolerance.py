"""What a lenient reading lets pass: :class:`RecordWarning`, one tolerance and where it was.

Reading a record is strict by default: anything the PHH specification does not allow, or that
wildstud's rules refuse, raises :class:`~wildstud.errors.RecordError`. The specification asks a
reader to cope with a few things other writers do (its "Rules" and "Error Handling" sections),
and with ``lenient=True`` (``--lenient`` on the command line) wildstud does, reporting each as a
warning that names its place as an error would:

- a field that is neither a PHH field nor one of the writer's own (``_name``): ignored;
- a player who folds when checking was free: the fold stands (the hand is dead).

A hand shown with some cards still hidden (``p2 sm ????Ah…``) is no tolerance: the
specification allows it at a cash game, and such a hand has not been shown, so it wins nothing,
in either reading. The replay notes each such show in the same form, with the kind
``hidden-show`` (``Replay.unshown``).

>>> warning = RecordWarning("folds when checking was free: the fold stands", action=9,
...                         text="p2 f")
>>> print(warning)
action 9 (`p2 f`): folds when checking was free: the fold stands
>>> warning.to_json()["action"]
9
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from wildstud.errors import RecordError

__all__ = ["RecordWarning", "Tolerance"]


class Tolerance(StrEnum):
    """The kinds of thing a lenient reading lets pass."""

    UNKNOWN_FIELD = "unknown-field"
    FREE_FOLD = "free-fold"
    HIDDEN_SHOW = "hidden-show"
    """Not a tolerance: the kind of a note on a show that kept cards hidden."""


@dataclass(frozen=True, slots=True)
class RecordWarning:
    """One thing a lenient reading let pass: why, and where (a field, or an action by its
    number from 1 with its text), as :class:`~wildstud.errors.RecordError` says where."""

    reason: str
    kind: Tolerance | None = None
    field: str | None = None
    action: int | None = None
    text: str | None = None

    def __str__(self) -> str:
        return str(RecordError(self.reason, field=self.field, action=self.action, text=self.text))

    def to_json(self) -> dict[str, object]:
        """The warning as ``--json`` outputs carry it."""
        return {
            "kind": None if self.kind is None else self.kind.value,
            "field": self.field,
            "action": self.action,
            "text": self.text,
            "message": str(self),
        }
