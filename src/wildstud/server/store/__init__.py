"""The server's storage: SQLAlchemy models, migrations and the repository the tables use.

>>> from wildstud.server.store import Store
>>> Store("sqlite://").backend
'sqlite'
"""

from wildstud.server.store.leases import FencedError
from wildstud.server.store.records import (
    ActionRecord,
    Changes,
    DeckDraw,
    HandEnd,
    HandSetup,
    LedgerEntry,
    Notice,
    PrivateRound,
    RebuyState,
    SeatRequestState,
    SeatState,
    ShuffleNight,
    ShuffleValue,
    StoredHand,
    StoredTable,
    TableState,
)
from wildstud.server.store.repository import Store, database_url

__all__ = [
    "ActionRecord",
    "Changes",
    "DeckDraw",
    "FencedError",
    "HandEnd",
    "HandSetup",
    "LedgerEntry",
    "Notice",
    "PrivateRound",
    "RebuyState",
    "SeatRequestState",
    "SeatState",
    "ShuffleNight",
    "ShuffleValue",
    "Store",
    "StoredHand",
    "StoredTable",
    "TableState",
    "database_url",
]
