"""How each record of :mod:`wildstud.server.store.records` maps to the columns of its row.

A record's dataclass fields are the one list of what its row holds: each field is the column of
the same name (or the one ``renamed`` gives), so a row is written and read by keyword, from that
list, and a field added to a record needs no second list to be stored. Rows hold lists where
records hold tuples (JSON columns), and each side gets its own copy of a mapping.

>>> from wildstud.server.store.records import LedgerEntry
>>> LEDGER.values(LedgerEntry("p1", 2, "Ann", "hand", -35, 4))
{'player_id': 'p1', 'seat': 2, 'name': 'Ann', 'reason': 'hand', 'amount': -35, 'hand_number': 4, \
'house': False, 'token_hash': None}
>>> from types import SimpleNamespace
>>> row = SimpleNamespace(number=3, hand_number=3, deal=1, cards="AsKd", salts=None, made_from=None)
>>> DECK.read(row).deal
1
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from wildstud.server.store.records import (
    ActionRecord,
    DeckDraw,
    HandSetup,
    LedgerEntry,
    Notice,
    RebuyState,
    SeatRequestState,
    SeatState,
    TableState,
)

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = [
    "ACTION",
    "DECK",
    "HAND",
    "LEDGER",
    "NOTICE",
    "REBUY",
    "REQUEST",
    "SEAT",
    "TABLE",
    "Columns",
]

R = TypeVar("R", bound="DataclassInstance")


@dataclass(frozen=True)
class Columns(Generic[R]):
    """The columns of a record's row: one a field, named like it unless ``renamed``."""

    record: type[R]
    renamed: Mapping[str, str] = field(default_factory=dict)
    """Field name to column name, where they differ."""
    keys: frozenset[str] = frozenset()
    """The fields that identify the row: never updated (:meth:`values` ``keys=False``)."""

    def values(self, record: R, *, keys: bool = True) -> dict[str, Any]:
        """The row's column values for ``record``, by column name.

        >>> from wildstud.server.store.records import ActionRecord
        >>> ACTION.values(ActionRecord(3, 0, 1, "call", None, "player", 7))["hand_number"]
        3
        """
        # Every action of every hand writes a row or two: the names are worked out once.
        names = self._names if keys else self._names_unkeyed
        return {column: _to_row(getattr(record, name)) for column, name in names}

    @cached_property
    def _names(self) -> tuple[tuple[str, str], ...]:
        """Each column's name with its field's, in the record's order."""
        return tuple(
            (self.renamed.get(item.name, item.name), item.name) for item in fields(self.record)
        )

    @cached_property
    def _names_unkeyed(self) -> tuple[tuple[str, str], ...]:
        """:attr:`_names` but the keys'."""
        return tuple(item for item in self._names if item[1] not in self.keys)

    def read(self, row: object) -> R:
        """The record a row holds (any object with the columns as attributes)."""
        return self.record(
            **{
                item.name: _to_record(getattr(row, self.renamed.get(item.name, item.name)))
                for item in fields(self.record)
            }
        )


def _to_row(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value


def _to_record(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(value)
    if isinstance(value, dict):
        return dict(value)
    return value


TABLE = Columns(TableState, keys=frozenset({"id"}))
SEAT = Columns(SeatState, keys=frozenset({"seat"}))
HAND = Columns(HandSetup, keys=frozenset({"number"}))
DECK = Columns(DeckDraw, renamed={"number": "hand_number"})
ACTION = Columns(ActionRecord, renamed={"number": "hand_number"})
LEDGER = Columns(LedgerEntry)
REQUEST = Columns(
    SeatRequestState, keys=frozenset({"id"}), renamed={"returning": "returning_player"}
)
REBUY = Columns(RebuyState, keys=frozenset({"id"}))
NOTICE = Columns(Notice, renamed={"hand": "hand_number"})
