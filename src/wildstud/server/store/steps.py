"""The hot write of a table: an action's step (its seat's row updated, the action's row added)
in plain statements on a kept connection.

Nine steps in ten of a hand change one seat and add one action (a bet, a call, a card dealt
by the dealer's step); :meth:`~wildstud.server.store.Store.apply` writes such a step here and
every other change through SQLAlchemy's execution as before. Through SQLAlchemy a step cost
about 100 µs of CPU, two thirds of it its execution machinery around two statements and a
commit (a connection taken from the pool and given back, the statement looked up in its
cache, the parameters and the result wrapped); here the statements are compiled once, by
SQLAlchemy for the database's dialect, with the columns' own conversions of their values (a
timestamp as SQLite stores it), and run with the driver's ``execute`` on a connection each
thread keeps (the event loop's for SQLite, each writing thread's for PostgreSQL). A cluster's
step is fenced as every write is (:func:`~wildstud.server.store.leases.fence`'s statement,
first in the transaction). A step that fails is rolled back; a connection found dead is given
up, and the step made again on a fresh one when nothing of it had gone through.

>>> from wildstud.server.store.records import ActionRecord, Changes
>>> is_step(Changes(actions=[ActionRecord(1, 0, 2, "call", None, "player", 5)]))
True
>>> is_step(Changes(ledger=[]))
True
>>> from wildstud.server.store.records import HandEnd
>>> is_step(Changes(hand_end=HandEnd(1, (100, 100), {})))
False
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, cast

from sqlalchemy import Engine, Table, bindparam, insert, update
from sqlalchemy.engine import Dialect
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.sql.expression import ClauseElement

from wildstud.server.store.columns import ACTION, SEAT, Columns
from wildstud.server.store.leases import FENCE, FencedError
from wildstud.server.store.models import ActionRow, Base, SeatRow
from wildstud.server.store.records import Changes

__all__ = ["StepWriter", "is_step"]

_STEP = frozenset({"seats", "actions"})
_OTHERS = tuple(item.name for item in fields(Changes) if item.name not in _STEP)
"""Every other part of a change: any of them, and the change is not a step (a part added to
:class:`Changes` later is one of these, so that it is never left unwritten here)."""


def is_step(changes: Changes) -> bool:
    """Whether ``changes`` holds only seats' rows and actions (written by :class:`StepWriter`)."""
    return not any(getattr(changes, name) for name in _OTHERS)


def _table(model: type[Base]) -> Table:
    return Base.metadata.tables[str(model.__tablename__)]


@dataclass(frozen=True)
class _Statement:
    """A statement compiled once for a dialect: its SQL, and how a row's values become its
    parameters (in order for a positional driver, by name for the others)."""

    sql: str
    names: tuple[str, ...]
    positional: bool
    convert: Mapping[str, Callable[[Any], Any]]
    """The columns' conversions of their values for the driver (none for most)."""

    @classmethod
    def compile(cls, statement: ClauseElement, dialect: Dialect) -> _Statement:
        compiled = statement.compile(dialect=dialect)
        binds = compiled.binds  # type: ignore[attr-defined]
        names = tuple(compiled.positiontup or binds)  # type: ignore[attr-defined]
        convert = {}
        for name in names:
            process = binds[name].type.dialect_impl(dialect).bind_processor(dialect)
            if process is not None:
                convert[name] = process
        return cls(compiled.string, names, dialect.positional, convert)

    def parameters(self, values: Mapping[str, Any]) -> Sequence[Any] | dict[str, Any]:
        convert = self.convert
        if convert:
            values = {
                name: convert[name](value) if name in convert else value
                for name, value in values.items()
            }
        if self.positional:
            return [values[name] for name in self.names]
        return dict(values)


def _binds(names: Iterable[str]) -> dict[str, Any]:
    """Each column of ``names`` given the parameter of its own name."""
    return {name: bindparam(name) for name in names}


def _names(columns: Columns[Any], *, keys: bool = True) -> tuple[str, ...]:
    """The columns a record's row is written with (:meth:`~.columns.Columns.values`)."""
    return tuple(
        columns.renamed.get(item.name, item.name)
        for item in fields(columns.record)
        if keys or item.name not in columns.keys
    )


class StepWriter:
    """Writes a table's steps (:func:`is_step`) on a connection each thread keeps."""

    def __init__(self, engine: Engine) -> None:
        dialect = engine.dialect
        seats, actions = _table(SeatRow), _table(ActionRow)
        key = (seats.c.table_id == bindparam("key_table")) & (seats.c.seat == bindparam("key_seat"))
        self._engine = engine
        self._update_seat = _Statement.compile(
            update(seats).where(key).values(_binds(_names(SEAT, keys=False))), dialect
        )
        self._insert_seat = _Statement.compile(
            insert(seats).values(_binds(("table_id", *_names(SEAT)))), dialect
        )
        self._insert_action = _Statement.compile(
            insert(actions).values(_binds(("table_id", *_names(ACTION), "at", "epoch"))), dialect
        )
        self._fence = _Statement.compile(FENCE, dialect)
        self._local = threading.local()
        self._kept: set[PoolProxiedConnection] = set()
        self._lock = threading.Lock()

    def write(
        self, table_id: str, changes: Changes, epoch: int | None, now: datetime.datetime
    ) -> None:
        """Write step ``changes`` of table ``table_id`` in one transaction (fenced at
        ``epoch`` in a cluster); on any failure nothing is written and the error is raised.

        A kept connection found dead by the step's first statement (the database restarted
        since the last step) is replaced and the step made on a fresh one, as the pool's
        check of a connection taken from it does for SQLAlchemy's path; a failure after a
        statement went through is the step's own, and raised."""
        for again in (False, True):
            kept: PoolProxiedConnection | None = getattr(self._local, "connection", None)
            if kept is None:
                kept = self._engine.raw_connection()
                self._local.connection = kept
                with self._lock:
                    self._kept.add(kept)
            connection = kept.dbapi_connection
            assert connection is not None
            cursor = None
            sent = [False]
            try:
                cursor = connection.cursor()
                self._write(cursor, sent, table_id, changes, epoch, now)
                cursor.close()
                connection.commit()
            except BaseException as error:
                dead = isinstance(error, Exception) and self._engine.dialect.is_disconnect(
                    cast(Any, error), connection, cursor
                )
                self._back_out(kept, dead)
                if again or not dead or sent[0]:
                    raise
                continue
            return

    def _write(
        self,
        cursor: Any,
        sent: list[bool],
        table_id: str,
        changes: Changes,
        epoch: int | None,
        now: datetime.datetime,
    ) -> None:
        """The step's statements (``sent``: set once the first went through)."""
        if epoch is not None:
            self._fenced(cursor, table_id, epoch)
            sent[0] = True
        update_seat = self._update_seat
        for state in changes.seats:
            values = {"key_table": table_id, "key_seat": state.seat}
            values.update(SEAT.values(state, keys=False))
            cursor.execute(update_seat.sql, update_seat.parameters(values))
            sent[0] = True
            if cursor.rowcount == 0:
                row = {"table_id": table_id, **SEAT.values(state)}
                cursor.execute(self._insert_seat.sql, self._insert_seat.parameters(row))
        insert_action = self._insert_action
        for action in changes.actions:
            row = {"table_id": table_id, **ACTION.values(action), "at": now, "epoch": epoch}
            cursor.execute(insert_action.sql, insert_action.parameters(row))
            sent[0] = True

    def _fenced(self, cursor: Any, table_id: str, epoch: int) -> None:
        """The fence's statement (:func:`~wildstud.server.store.leases.fence`)."""
        fence = self._fence
        cursor.execute(fence.sql, fence.parameters({"table": table_id, "epoch": str(epoch)}))
        row = cursor.fetchone()
        if row is None or int(row[0]) != epoch:
            current = None if row is None else int(row[0])
            raise FencedError(
                f"table {table_id}: epoch {epoch} is stale (the lease is at {current})"
            )

    def _back_out(self, kept: PoolProxiedConnection, dead: bool) -> None:
        """A step failed: what it began is rolled back; a connection that is dead (or fails
        to roll back) is dropped for a fresh one (an in-memory SQLite database's one
        connection is never dropped for a step's own failure: it holds the database)."""
        if not dead:
            try:
                kept.rollback()
            except Exception:
                dead = True
        if dead:
            self._local.connection = None
            with self._lock:
                self._kept.discard(kept)
            kept.invalidate()

    def close(self) -> None:
        """Give every kept connection back to the pool (the store is closing)."""
        with self._lock:
            kept, self._kept = self._kept, set()
        for connection in kept:
            connection.close()
