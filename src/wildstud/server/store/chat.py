"""The chat log and the host's mutes in the database.

A line is written once: a client that resends a line under the same ``nonce`` (after a
reconnection, not knowing whether the first try was stored) finds it already there, so nothing
is stored twice. Muting a name and the dealer's line that says so are one transaction. In a
cluster, both are written under the table's lease epoch (``epoch``), and refused with
:class:`~wildstud.server.store.leases.FencedError` once the lease has moved on
(:mod:`wildstud.server.store.leases`).

>>> from wildstud.server.store import Store, TableState
>>> store = Store("sqlite://")
>>> store.create_table(TableState("t1", "Friday", "h" * 64, "j", "w", {}, "waiting", None, 0, None))
>>> line = NewLine("chat", "seat:p1", "n1", "Ann", 0, "player", "hello")
>>> add_line(store.engine, "t1", line)[1], add_line(store.engine, "t1", line)[1]
('added', 'repeat')
>>> add_line(store.engine, "t1", NewLine("chat", "seat:p2", "n1", "Bob", 1, "player", "hi"))[1]
'taken'
>>> [(item.name, item.text) for item in recent_lines(store.engine, "t1", 10)]
[('Ann', 'hello')]
"""

from __future__ import annotations

import datetime
from typing import Any, Literal

from sqlalchemy import Connection, Engine, delete, insert, select

from wildstud.server.store.leases import fence, fenced
from wildstud.server.store.models import ChatRow, MuteRow, utc_now
from wildstud.server.store.records import ChatLine, NewLine

__all__ = ["ChatLine", "NewLine", "add_line", "find_line", "mutes", "recent_lines", "set_mute"]

Outcome = Literal["added", "repeat", "taken"]


def _line(row: Any) -> ChatLine:
    return ChatLine(row.id, row.kind, row.name, row.seat, row.role, row.text, row.at)


def _insert(connection: Connection, table_id: str, line: NewLine, at: datetime.datetime) -> int:
    result = connection.execute(
        insert(ChatRow).values(
            table_id=table_id,
            kind=line.kind,
            speaker=line.speaker,
            nonce=line.nonce,
            name=line.name,
            seat=line.seat,
            role=line.role,
            text=line.text,
            at=at,
        )
    )
    key = result.inserted_primary_key
    assert key is not None  # an insert of one row always has its key
    number: int = key[0]
    return number


def _found(connection: Connection, table_id: str, line: NewLine) -> tuple[ChatLine, Outcome] | None:
    if line.nonce is None:
        return None
    row = connection.execute(
        select(ChatRow).where(ChatRow.table_id == table_id, ChatRow.nonce == line.nonce)
    ).first()
    if row is None:
        return None
    return _line(row), "repeat" if row.speaker == line.speaker else "taken"


def find_line(engine: Engine, table_id: str, line: NewLine) -> tuple[ChatLine, Outcome] | None:
    """The line stored under ``line``'s nonce, as :func:`add_line` would answer it, or
    ``None`` (nothing stored under it, or no nonce)."""
    with engine.connect() as connection:
        return _found(connection, table_id, line)


def add_line(
    engine: Engine, table_id: str, line: NewLine, epoch: int | None = None
) -> tuple[ChatLine, Outcome]:
    """Store ``line`` unless its nonce is stored already: then the line stored under it, and
    ``repeat`` (the same speaker sent it) or ``taken`` (someone else did; nothing stored).
    In a cluster, only while ``epoch`` is the table's lease epoch."""
    with fenced(table_id, epoch), engine.begin() as connection:
        if epoch is not None:
            fence(connection, table_id, epoch)
        found = _found(connection, table_id, line)
        if found is not None:
            return found
        at = utc_now()
        number = _insert(connection, table_id, line, at)
    return ChatLine(number, line.kind, line.name, line.seat, line.role, line.text, at), "added"


def recent_lines(engine: Engine, table_id: str, limit: int) -> list[ChatLine]:
    """The last ``limit`` lines of a table's log, oldest first."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(ChatRow)
            .where(ChatRow.table_id == table_id)
            .order_by(ChatRow.id.desc())
            .limit(limit)
        ).all()
    return [_line(row) for row in reversed(rows)]


def mutes(engine: Engine, table_id: str) -> dict[str, str]:
    """The names muted at a table, by name key."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(MuteRow.key, MuteRow.name).where(MuteRow.table_id == table_id)
        )
        return {str(row[0]): str(row[1]) for row in rows}


def set_mute(
    engine: Engine,
    table_id: str,
    key: str,
    name: str,
    muted: bool,
    line: NewLine,
    epoch: int | None = None,
) -> ChatLine:
    """Mute (or unmute) the name with this key and store the dealer's ``line`` saying so, in
    one transaction; in a cluster, only while ``epoch`` is the table's lease epoch."""
    with fenced(table_id, epoch), engine.begin() as connection:
        if epoch is not None:
            fence(connection, table_id, epoch)
        connection.execute(delete(MuteRow).where(MuteRow.table_id == table_id, MuteRow.key == key))
        if muted:
            connection.execute(insert(MuteRow).values(table_id=table_id, key=key, name=name))
        at = utc_now()
        number = _insert(connection, table_id, line, at)
    return ChatLine(number, line.kind, line.name, line.seat, line.role, line.text, at)
