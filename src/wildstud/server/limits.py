"""How much one client may take: connections, request bodies and new tables.

A home game needs a handful of connections per seat and a few new tables an hour; a hostile or
broken client asks for far more. Past each limit the client gets a clear refusal and nothing
else changes: a WebSocket over a connection cap gets an error frame with the code
``too-many-connections`` and is closed (1008), a request body over :data:`MAX_BODY_BYTES` gets
413, creating tables too fast gets 429 with ``Retry-After``, and so does reading finished hands, the
ledger or the night too fast (:class:`ReadLimit`).

The limits' defaults and :class:`Limits` live in :mod:`wildstud.serving`, which needs no
server, so that ``wildstud serve --help`` can print them on a core install; they are re-exported
here.

Addresses are the client addresses uvicorn sees: behind a reverse proxy on the same machine,
uvicorn takes them from ``X-Forwarded-For`` (it trusts that header from 127.0.0.1 only).

>>> connections = Connections(Limits(seat_connections=1))
>>> ticket = connections.admit("10.0.0.1", "t1", 0)
>>> connections.admit("10.0.0.2", "t1", 0)
Traceback (most recent call last):
...
wildstud.server.limits.ConnectionCapError: this seat already has 1 connection open: close \
one (another tab or device) first
>>> connections.release(ticket); connections.admit("10.0.0.2", "t1", 0).address
'10.0.0.2'
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from fastapi import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wildstud.server.refusals import sentence
from wildstud.server.security import RateLimiter
from wildstud.server.store import limits as shared
from wildstud.serving import (
    ADDRESS_CONNECTIONS,
    MAX_BODY_BYTES,
    READS_BURST,
    READS_PER_SECOND,
    SEAT_CONNECTIONS,
    SPECTATORS_PER_ADDRESS,
    TABLE_SPECTATORS,
    TABLES_BURST,
    TABLES_PER_MINUTE,
    Limits,
)

__all__ = [
    "ADDRESS_CONNECTIONS",
    "MAX_BODY_BYTES",
    "READS_BURST",
    "READS_PER_SECOND",
    "SEAT_CONNECTIONS",
    "SPECTATORS_PER_ADDRESS",
    "TABLES_BURST",
    "TABLES_PER_MINUTE",
    "TABLE_SPECTATORS",
    "AddressBuckets",
    "BodyLimit",
    "ConnectionCapError",
    "Connections",
    "CreationLimiter",
    "Limits",
    "RateLimitedError",
    "ReadLimit",
    "Ticket",
    "address_cap_error",
    "table_creation_allowed",
]

_ADDRESSES_KEPT = 10_000
"""Creation buckets kept before the full (idle) ones are forgotten."""


class ConnectionCapError(Exception):
    """A WebSocket over one of the connection caps; the message says which."""


class RateLimitedError(Exception):
    """Too many requests of one kind from one address (answered with 429)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass(frozen=True, slots=True)
class Ticket:
    """One admitted connection, handed back to :meth:`Connections.release`."""

    address: str
    table_id: str
    seat: int | None


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class Connections:
    """The WebSockets open now, counted by address, by seat and by table's spectators."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._by_address: Counter[str] = Counter()
        self._by_seat: Counter[tuple[str, int | None]] = Counter()
        self._watching: Counter[tuple[str, str]] = Counter()
        """Spectators by table and address."""

    def admit(self, address: str, table_id: str, seat: int | None) -> Ticket:
        """Count a new connection of ``address`` to ``seat`` (``None``: a spectator) of a
        table, or raise :class:`ConnectionCapError` when a cap is reached."""
        limits = self.limits
        if self._by_address[address] >= limits.address_connections:
            raise address_cap_error(limits.address_connections)
        held = self._by_seat[table_id, seat]
        if seat is None and held >= limits.table_spectators:
            raise ConnectionCapError(
                f"this table already has {_plural(limits.table_spectators, 'spectator')}:"
                " try again later"
            )
        watching = (table_id, address)
        if seat is None and self._watching[watching] >= limits.spectators_per_address:
            raise ConnectionCapError(
                f"Your address already watches this table"
                f" {_plural(limits.spectators_per_address, 'time')}: close some first"
            )
        if seat is not None and held >= limits.seat_connections:
            raise ConnectionCapError(
                f"this seat already has {_plural(limits.seat_connections, 'connection')} open:"
                " close one (another tab or device) first"
            )
        self._by_address[address] += 1
        self._by_seat[table_id, seat] += 1
        if seat is None:
            self._watching[watching] += 1
        return Ticket(address, table_id, seat)

    def release(self, ticket: Ticket) -> None:
        """Forget a connection that has closed."""
        self._by_address[ticket.address] -= 1
        if self._by_address[ticket.address] <= 0:
            del self._by_address[ticket.address]
        key = (ticket.table_id, ticket.seat)
        self._by_seat[key] -= 1
        if self._by_seat[key] <= 0:
            del self._by_seat[key]
        if ticket.seat is None:
            watching = (ticket.table_id, ticket.address)
            self._watching[watching] -= 1
            if self._watching[watching] <= 0:
                del self._watching[watching]


class AddressBuckets:
    """A token bucket per client address: ``burst`` at once, then ``rate`` a second; a bounded
    number of addresses is remembered (a full bucket is the same as a new one)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] | None = None) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._buckets: dict[str, RateLimiter] = {}

    def retry_after(self, address: str) -> float | None:
        """Take one creation for ``address``: ``None`` if allowed, else the seconds to wait."""
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= _ADDRESSES_KEPT:
                self._forget_idle()
            bucket = (
                RateLimiter(self.rate, self.burst)
                if self._clock is None
                else RateLimiter(self.rate, self.burst, self._clock)
            )
            self._buckets[address] = bucket
        if bucket.allow():
            return None
        return bucket.retry_after()

    def _forget_idle(self) -> None:
        # A full bucket is the same as a new one: forgetting it changes nothing.
        for address in [a for a, b in self._buckets.items() if b.full()]:
            del self._buckets[address]
        if len(self._buckets) >= _ADDRESSES_KEPT:
            self._buckets.clear()


def address_cap_error(cap: int) -> ConnectionCapError:
    """The refusal of a connection over the per-address cap."""
    return ConnectionCapError(
        f"your address already has {_plural(cap, 'connection')} open to this server:"
        " close some first"
    )


class CreationLimiter(AddressBuckets):
    """A token bucket per client address for creating tables.

    >>> times = iter([0.0, 0.0, 0.0, 0.0, 30.0])
    >>> limiter = CreationLimiter(Limits(tables_per_minute=2, tables_burst=2), times.__next__)
    >>> limiter.retry_after("a"), limiter.retry_after("a"), limiter.retry_after("a")
    (None, None, 30.0)
    >>> limiter.retry_after("a")  # half a minute later: one more
    """

    def __init__(self, limits: Limits, clock: Callable[[], float] | None = None) -> None:
        super().__init__(limits.tables_per_minute / 60.0, limits.tables_burst, clock)


def client_address(request: Request) -> str:
    """The address a request came from (``unknown`` when the server cannot tell)."""
    return request.client.host if request.client else "unknown"


async def table_creation_allowed(request: Request) -> None:
    """A route dependency: raise :class:`RateLimitedError` when the client's address has
    created tables too fast."""
    limiter: CreationLimiter = request.app.state.creation_limiter
    address = client_address(request)
    lobby = getattr(request.app.state, "lobby", None)
    if lobby is not None and lobby.cluster is not None:
        # A cluster's processes share the bucket, in PostgreSQL: reaching several processes
        # gives a client no more new tables than one would.
        store = lobby.store
        wait = await store.call(
            shared.take, store.engine, "tables", address, limiter.rate, limiter.burst
        )
    else:
        wait = limiter.retry_after(address)
    if wait is not None:
        per_minute = limiter.rate * 60
        raise RateLimitedError(
            f"too many new tables from your address (at most {per_minute:g} a minute):"
            f" try again in {math.ceil(wait)} s",
            wait,
        )


_READS = re.compile(
    r"^/api/(?:(?:tables|seat)/[^/]+/(?:hands?|ledger|night)(?:[/.]|$)"
    r"|(?:clubs/)?join/[^/]+$|shared/[^/]+/"
    r"|clubs/(?:member|host)/[^/]+/(?:book|device-link|standings(?:\.\w+)?|nights\.\w+)$)"
)
"""The reads that cost the server work: finished hands (their replays, records and odds,
shared or not), the hand in progress as a record, the ledger, the night, a club's book
(replayed from its steps) and a club member's QR code; and the join page's look at a table or a
club, which would otherwise let a visitor try join links (or a shared hand's) as fast as they
like; a club's standings and its exports (every hand of its nights replayed). Not the
night's luck: every page asks for it as each hand ends (a household's pages
behind one address would spend the budget on it), and each hand's figures are worked out once
and kept, so asking again costs a look-up."""
_POSTED_READS = re.compile(r"^/api/(?:device-link|tables/[^/]+/hands/[^/]+/share)$")
"""The reads sent as a POST: a QR code drawn (its token travels in a header) and a finished
hand's shared link (looked up, made once)."""


def _is_read(method: str, path: str) -> bool:
    """Whether a request is one of the limited reads."""
    if method == "GET":
        return bool(_READS.match(path))
    return method == "POST" and bool(_POSTED_READS.match(path))


class ReadLimit:
    """ASGI middleware: a client address that reads finished hands, the ledger, the night, a
    join link's table or a device link faster than ``limits.reads_per_second`` (after
    ``limits.reads_burst`` at once) gets 429 with ``Retry-After``; every other request passes
    untouched.

    >>> bool(_READS.match("/api/tables/abc/hands/3/steps")), bool(_READS.match("/api/health"))
    (True, False)
    >>> bool(_READS.match("/api/seat/tok/hand/phh")), bool(_READS.match("/api/tables/a/night.csv"))
    (True, True)
    >>> _is_read("GET", "/api/join/tok"), _is_read("POST", "/api/join/tok")
    (True, False)
    >>> _is_read("POST", "/api/device-link"), _is_read("GET", "/api/tables/abc")
    (True, False)
    >>> _is_read("GET", "/api/shared/tok/odds"), _is_read("GET", "/api/tables/a/luck")
    (True, False)
    >>> _is_read("POST", "/api/tables/a/hands/3/share"), _is_read("POST", "/api/tables/a/bots")
    (True, False)
    >>> _is_read("GET", "/api/clubs/join/tok"), _is_read("GET", "/api/clubs/host/tok/book")
    (True, True)
    >>> _is_read("GET", "/api/clubs/member/t/standings.csv"), _is_read("GET", "/api/clubs/x/y")
    (True, False)
    """

    def __init__(
        self, app: ASGIApp, limits: Limits, clock: Callable[[], float] | None = None
    ) -> None:
        self.app = app
        self.buckets = AddressBuckets(limits.reads_per_second, limits.reads_burst, clock)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and _is_read(scope["method"], scope["path"]):
            client = scope.get("client")
            wait = self.buckets.retry_after(client[0] if client else "unknown")
            if wait is not None:
                await _answer(
                    send,
                    429,
                    f"too many reads from your address (at most {self.buckets.rate:g} a second):"
                    f" try again in {math.ceil(wait)} s",
                    [(b"retry-after", str(max(1, math.ceil(wait))).encode())],
                )
                return
        await self.app(scope, receive, send)


async def _answer(
    send: Send, status: int, detail: str, headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    """A refusal in the API's shape (a ``detail`` sentence), sent before the application."""
    body = json.dumps({"detail": sentence(detail)}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class _BodyTooLargeError(Exception):
    pass


class BodyLimit:
    """ASGI middleware: a request body over ``max_bytes`` gets 413, whether its
    ``Content-Length`` says so or it streams past the limit (chunked)."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = 0  # uvicorn refuses a malformed length before we see it
                if declared > self.max_bytes:
                    await self._refuse(send)
                    return
        received = 0
        refused = False
        started = False

        async def limited() -> Message:
            nonlocal received, refused
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    refused = True
                    raise _BodyTooLargeError
            return message

        async def guarded(message: Message) -> None:
            nonlocal started
            if refused:
                return  # the application's answer to a body cut short is replaced by 413
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited, guarded)
        except _BodyTooLargeError:
            pass
        except Exception:
            if not refused:
                raise
        if refused and not started:
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        detail = f"the request body is too large: at most {self.max_bytes} bytes"
        await _answer(send, 413, detail, [(b"connection", b"close")])
