"""``--save-hands FILE``: the hands a command plays, written as they are played.

``arena`` and ``study`` take the option; each hand goes to ``FILE`` as a PHH record with every
card shown, one after another in a ``.phhs`` file that ``judge`` and ``replay`` read back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from wildstud.deal import Hand
from wildstud.errors import RecordError
from wildstud.history.export import record_from_hand
from wildstud.history.phh import RecordsWriter

__all__ = ["save_hands"]


@contextmanager
def save_hands(path: Path | None) -> Iterator[Callable[[Hand], None] | None]:
    """A function that writes each hand played to ``path`` as a PHH record with every card,
    or ``None`` without the option. The file is opened first, so that one that cannot be
    written is refused before anything is played; a command refused before its first hand
    (a bad argument) leaves no empty file behind."""
    if path is None:
        yield None
        return
    existed = path.exists()
    try:
        target = path.open("w", encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot write {path}: {error.strerror or error}") from None
    written = False

    def keep(hand: Hand) -> None:
        nonlocal written
        writer.write(record_from_hand(hand, reveal="all"))
        written = True

    try:
        with target:
            writer = RecordsWriter(target)
            yield keep
    except BaseException:
        if not existed and not written:
            path.unlink(missing_ok=True)
        raise
