"""Per-address limits kept in PostgreSQL, so that a cluster's processes share them: token
buckets (new tables) and counts of open connections.

:func:`take` takes one token from the bucket of a limit (``kind``) and a client address in one
statement: the row is refilled by the time since it was last touched (``rate`` a second, up to
``burst``) and a token taken only if one is there, under the row's lock, so two processes taking
at once cannot both have the last token. A bucket never touched is full. The SQL compiles on its
own:

>>> print(TAKE.text.split(" VALUES")[0])
INSERT INTO address_buckets (kind, address, tokens, updated_at)
"""

from __future__ import annotations

from sqlalchemy import Engine, text

from wildstud.server.store.leases import LIVE

__all__ = ["TAKE", "connect", "disconnect", "take"]

_FILLED = (
    "least(CAST(:burst AS double precision), address_buckets.tokens"
    " + extract(epoch FROM now() - address_buckets.updated_at) * :rate)"
)
TAKE = text(
    "INSERT INTO address_buckets (kind, address, tokens, updated_at)"
    " VALUES (:kind, :address, :burst - 1, now())"
    f" ON CONFLICT (kind, address) DO UPDATE SET tokens = {_FILLED} - 1, updated_at = now()"
    f" WHERE {_FILLED} >= 1 RETURNING tokens"
)
_LEFT = text(f"SELECT {_FILLED} FROM address_buckets WHERE kind = :kind AND address = :address")


def take(engine: Engine, kind: str, address: str, rate: float, burst: int) -> float | None:
    """Take one token for ``address`` from the ``kind`` bucket: ``None`` if one was there,
    else the seconds until there is one."""
    values = {"kind": kind, "address": address[:64], "rate": rate, "burst": burst}
    with engine.begin() as connection:
        if connection.execute(TAKE, values).first() is not None:
            return None
        left = connection.execute(_LEFT, values).scalar_one()
        return max(0.0, (1 - float(left)) / rate)


def connect(engine: Engine, process: str, address: str, cap: int, ttl: float) -> int | None:
    """Count one more connection of ``address`` at ``process``, unless the live processes
    (heartbeats younger than ``ttl``) already count ``cap`` of them together; returns the count
    it found, or ``None`` when it counted the new one. The address's lock (an advisory lock on
    its hash, held to the end of the transaction) keeps two processes from both taking the last
    place."""
    address = address[:64]
    with engine.begin() as connection:
        connection.execute(text("SELECT pg_advisory_xact_lock(hashtext(:a))"), {"a": address})
        held = connection.execute(
            text(
                "SELECT coalesce(sum(c.count), 0) FROM address_connections c"
                " JOIN processes p ON p.id = c.process"
                f" WHERE c.address = :address AND p.{LIVE}"
            ),
            {"address": address, "ttl": ttl},
        ).scalar_one()
        if held >= cap:
            return int(held)
        connection.execute(
            text(
                "INSERT INTO address_connections (process, address, count)"
                " VALUES (:process, :address, 1) ON CONFLICT (process, address)"
                " DO UPDATE SET count = address_connections.count + 1"
            ),
            {"process": process, "address": address},
        )
        return None


def disconnect(engine: Engine, process: str, address: str) -> None:
    """Count one connection of ``address`` at ``process`` less."""
    values = {"process": process, "address": address[:64]}
    with engine.begin() as connection:
        connection.execute(
            text(
                "UPDATE address_connections SET count = count - 1"
                " WHERE process = :process AND address = :address"
            ),
            values,
        )
        connection.execute(
            text(
                "DELETE FROM address_connections"
                " WHERE process = :process AND address = :address AND count <= 0"
            ),
            values,
        )
