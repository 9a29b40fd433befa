"""The leases of a cluster: which process runs each table, under which epoch, in PostgreSQL.

Every process of a cluster has a row in ``processes`` with the address its peers relay to and a
heartbeat it renews every second; a process is *live* while its heartbeat is younger than the
lease time. Every table has a row in ``leases``: its owner (a process, or none) and an epoch. A
lease is taken (a dead or stalled owner's, or a free one) or handed on (a draining owner's) by
one conditional update that raises the epoch: ``… WHERE epoch = <the epoch seen>``, so of two
processes that try at once one wins. The lease stays the owner's for as long as its heartbeat
is live; the renewal is one row per process, whatever the number of its tables.

The fence: every write of a table by a process of a cluster (its changes, a chat line, a
mute) first reads the table's lease epoch ``FOR SHARE`` in the same transaction and refuses the
write (:class:`FencedError`) unless it is the epoch the writer holds; a taking of the lease
waits for a write in progress and the write for the taking, so a write either lands before the
new owner loads the table or is refused. The same statement sets the transaction's
``wildstud.fence`` to ``TABLE EPOCH``, and the database checks it a second time itself: a
trigger refuses a hand or an action whose epoch is not the current one (migration 0007), and
another one refuses any other insert, update or delete of a table's rows (seats, decks, the
ledger, seat requests, rebuys, notices, chat, mutes, the table's own row) made under a fence
whose epoch is not the current one, or made for another table than the fence's (migration 0008).
A write with no fence is one of a single process (SQLite, or PostgreSQL without ``--cluster``),
or a table's making, and passes.

These functions speak PostgreSQL's SQL (``FOR SHARE``, ``now()``, intervals); the cluster runs
only on PostgreSQL. Their SQL compiles on its own:

>>> print(LIVE.strip())
heartbeat_at > now() - make_interval(secs => :ttl)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import DBAPIError

from wildstud.server.errors import ServerError

__all__ = [
    "CHANNEL",
    "LIVE",
    "NOTIFY",
    "FencedError",
    "Owner",
    "fence",
    "fenced",
    "find_table",
    "hand_off",
    "heartbeat",
    "held",
    "loads",
    "locate",
    "mark_draining",
    "orphans",
    "owners",
    "place",
    "register",
    "release",
    "take",
]

LIVE = "heartbeat_at > now() - make_interval(secs => :ttl)"
"""The condition on a ``processes`` row that it is live (``:ttl``: the lease time)."""

FENCE_STATE = "WS001"
"""The SQLSTATE of the trigger's refusal (migration 0007)."""
CHANNEL = "wildstud_leases"
"""The channel a lease's new owner hears of it on (``NOTIFY``), at once: ``OWNER TABLE`` when
a table is placed on or handed to process ``OWNER``, ``* PROCESS`` when a process frees its
leases. The heartbeat would find each a second later anyway."""
NOTIFY = text("SELECT pg_notify('wildstud_leases', :payload)")


class FencedError(ServerError):
    """A write refused: the table's lease has moved to a newer epoch (the writer is stale)."""

    said = "the table is moving to another process of the server; try again"


@dataclass(frozen=True, slots=True)
class Owner:
    """Who runs a table now: the process, its address, the epoch, and whether it is live."""

    owner: str | None
    address: str | None
    epoch: int
    live: bool


def register(engine: Engine, process: str, address: str) -> None:
    """Enter a process in the registry, and give every table without a lease a free one (tables
    stored before the cluster, or by a single process)."""
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO processes (id, address, started_at, heartbeat_at, draining)"
                " VALUES (:id, :address, now(), now(), false)"
            ),
            {"id": process, "address": address},
        )
        connection.execute(
            text(
                "INSERT INTO leases (table_id, owner, epoch, taken_at)"
                " SELECT id, NULL, 0, now() FROM tables"
                " WHERE id NOT IN (SELECT table_id FROM leases) ON CONFLICT DO NOTHING"
            )
        )


def heartbeat(engine: Engine, process: str) -> bool | None:
    """Renew a process's heartbeat; returns whether it drains (``None``: it is not registered
    any more)."""
    with engine.begin() as connection:
        row = connection.execute(
            text("UPDATE processes SET heartbeat_at = now() WHERE id = :id RETURNING draining"),
            {"id": process},
        ).first()
        return None if row is None else bool(row[0])


def held(engine: Engine, process: str) -> dict[str, int]:
    """The tables a process holds the lease of, with their epochs."""
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT table_id, epoch FROM leases WHERE owner = :id"), {"id": process}
        )
        return {row[0]: row[1] for row in rows}


def loads(engine: Engine, ttl: float) -> dict[str, int]:
    """Every live process that takes tables (not draining), with how many it holds."""
    with engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT p.id, count(l.table_id) FROM processes p"
                " LEFT JOIN leases l ON l.owner = p.id"
                f" WHERE p.{LIVE} AND NOT p.draining GROUP BY p.id"
            ),
            {"ttl": ttl},
        )
        return {row[0]: row[1] for row in rows}


def place(engine: Engine, ttl: float) -> str | None:
    """The live process (not draining) that holds the fewest tables, if any."""
    found = loads(engine, ttl)
    return min(found, key=lambda process: (found[process], process)) if found else None


def orphans(engine: Engine, ttl: float, process: str) -> list[tuple[str, int]]:
    """The tables whose lease is free or whose owner is not live, with their epochs, oldest
    taking first; never those of ``process`` itself (whose heartbeat may just be late)."""
    with engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT l.table_id, l.epoch FROM leases l"
                " LEFT JOIN processes p ON p.id = l.owner"
                f" WHERE (l.owner IS NULL OR p.id IS NULL OR NOT p.{LIVE})"
                " AND l.owner IS DISTINCT FROM :me"
                " ORDER BY l.taken_at, l.table_id"
            ),
            {"ttl": ttl, "me": process},
        )
        return [(row[0], row[1]) for row in rows]


def take(engine: Engine, table_id: str, process: str, epoch: int) -> int | None:
    """Take a table's lease as it stood at ``epoch``; returns the new epoch, or ``None`` when
    it has moved on meanwhile (another process took it first)."""
    return hand_off(engine, table_id, epoch, process)


def hand_off(engine: Engine, table_id: str, epoch: int, to: str | None) -> int | None:
    """Give a table's lease, as it stood at ``epoch``, to process ``to`` (``None``: free);
    returns the new epoch, or ``None`` when it has moved on meanwhile."""
    with engine.begin() as connection:
        row = connection.execute(
            text(
                "UPDATE leases SET owner = :to, epoch = epoch + 1, taken_at = now()"
                " WHERE table_id = :table AND epoch = :epoch RETURNING epoch"
            ),
            {"to": to, "table": table_id, "epoch": epoch},
        ).first()
        if row is not None and to is not None:
            connection.execute(NOTIFY, {"payload": f"{to} {table_id}"})
        return None if row is None else int(row[0])


def release(engine: Engine, process: str) -> None:
    """A process leaves the cluster: its leases are free at once (each at a new epoch), and
    its row is gone."""
    with engine.begin() as connection:
        connection.execute(
            text(
                "UPDATE leases SET owner = NULL, epoch = epoch + 1, taken_at = now()"
                " WHERE owner = :id"
            ),
            {"id": process},
        )
        connection.execute(text("DELETE FROM processes WHERE id = :id"), {"id": process})
        connection.execute(NOTIFY, {"payload": f"* {process}"})


def locate(engine: Engine, table_id: str, ttl: float) -> Owner | None:
    """Who runs a table now (``None``: no such table)."""
    with engine.connect() as connection:
        row = connection.execute(
            text(
                f"SELECT l.owner, p.address, l.epoch, coalesce(p.{LIVE}, false)"
                " FROM leases l LEFT JOIN processes p ON p.id = l.owner"
                " WHERE l.table_id = :table"
            ),
            {"table": table_id, "ttl": ttl},
        ).first()
        return None if row is None else Owner(row[0], row[1], int(row[2]), bool(row[3]))


def owners(engine: Engine, table_ids: list[str]) -> dict[str, str | None]:
    """The owner of each of these tables now."""
    if not table_ids:
        return {}
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT table_id, owner FROM leases WHERE table_id = ANY(:tables)"),
            {"tables": table_ids},
        )
        return {row[0]: row[1] for row in rows}


FINDERS = {
    "id": "SELECT id FROM tables WHERE id = :token",
    "host": "SELECT id FROM tables WHERE host_hash = :token",
    "join": "SELECT id FROM tables WHERE join_token = :token",
    "watch": "SELECT id FROM tables WHERE watch_token = :token",
    "seat": "SELECT table_id FROM seats WHERE token_hash = :token"
    " UNION ALL SELECT table_id FROM seat_requests WHERE token_hash = :token",
}
"""How each kind of key finds its table (host and seat tokens are looked up by digest)."""


def find_table(engine: Engine, kind: str, key: str) -> str | None:
    """The table a key of ``kind`` (a key of :data:`FINDERS`) names, if any."""
    with engine.connect() as connection:
        row = connection.execute(text(FINDERS[kind]), {"token": key}).first()
        return None if row is None else str(row[0])


def mark_draining(engine: Engine, address: str) -> list[str]:
    """Ask the processes at ``address`` to drain; returns their ids."""
    with engine.begin() as connection:
        rows = connection.execute(
            text("UPDATE processes SET draining = true WHERE address = :address RETURNING id"),
            {"address": address},
        )
        return [row[0] for row in rows]


FENCE = text(
    "SELECT epoch, set_config('wildstud.fence', :table || ' ' || :epoch, true)"
    " FROM leases WHERE table_id = :table FOR SHARE"
)
"""The fence's statement: the lease epoch, read ``FOR SHARE`` (held to the commit), and the
transaction's ``wildstud.fence`` set for the database's triggers to check every row by."""


def fence(connection: Connection, table_id: str, epoch: int) -> None:
    """The fence, first statement of a cluster process's write of a table: raises
    :class:`FencedError` unless ``epoch`` is the table's lease epoch, and marks the
    transaction as ``table_id``'s at ``epoch`` for the database's own check of every row."""
    row = connection.execute(FENCE, {"table": table_id, "epoch": str(epoch)}).first()
    if row is None or int(row[0]) != epoch:
        current = None if row is None else int(row[0])
        raise FencedError(f"table {table_id}: epoch {epoch} is stale (the lease is at {current})")


@contextmanager
def fenced(table_id: str, epoch: int | None) -> Iterator[None]:
    """Turn the database's own refusal of a stale write (the triggers' SQLSTATE) into
    :class:`FencedError`."""
    try:
        yield
    except Exception as error:
        # SQLAlchemy's error, or the driver's own from a step's plain statements (.steps)
        cause = error.orig if isinstance(error, DBAPIError) else error
        if getattr(cause, "sqlstate", None) == FENCE_STATE:
            raise FencedError(f"table {table_id}: epoch {epoch} is stale") from None
        raise
