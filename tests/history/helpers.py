"""What the record tests share: a record through its text and back, and events compared as a
record can give them (it never names the burned cards)."""

from __future__ import annotations

from wildstud.deal import Burned, Event
from wildstud.history import read_record, write_record
from wildstud.history.schema import HandRecord


def without_burns(events: tuple[Event, ...]) -> list[Event]:
    """Events with burned cards hidden: a record never says which cards were burned."""
    return [Burned(None) if isinstance(event, Burned) else event for event in events]


def through_text(record: HandRecord) -> HandRecord:
    """``record`` written as text and read back, which must give the same record."""
    back = read_record(write_record(record))
    assert back == record
    return back
