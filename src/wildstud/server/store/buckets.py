"""Token buckets kept in PostgreSQL, so that a cluster's processes share a per-address limit.

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

__all__ = ["TAKE", "take"]

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
