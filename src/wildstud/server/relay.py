"""Relaying to the process that runs a table: any process of a cluster serves any client.

:class:`Relay` is ASGI middleware in front of the application. A request that names a table (by
its id, or by a host, join, seat or spectator token) goes to the application when this process
runs the table; otherwise the relay finds the table and its owner in PostgreSQL
(:mod:`wildstud.server.store.leases`) and passes the request on to the owner's address: an HTTP
request as it came (the answer comes back as the owner gave it), a WebSocket as a second
WebSocket to the owner, frame for frame both ways. The owner does everything a table does (each
seat sees only its own view), so the relayed frames are exactly those a direct client gets, with
the same sequence numbers; the proxy in front needs no stickiness. A client that can be routed
(its socket's query holds ``owner``) is not relayed but sent on: the socket is closed with
:data:`ROUTED`, the owner's :func:`route_key` as the reason, and the client connects again with
it, which the proxy routes straight to the owner (docs/deploy.md), so a relay serves such a
client only while its table moves. When the table has no live
owner (its process died or stalled past the lease time), the process takes the lease and runs
the table itself, resumed from the database.

What a key names is looked up in the database once: the answer, a table or none, is kept
(:data:`KEYS_KEPT` keys; a key that names nothing for :data:`UNKNOWN_FOR` seconds), so an unknown
id asked for again and again costs no query. Keys a process has not seen cost one query each,
and an address may have :data:`LOOKUPS_BURST` of them looked up at once and
:data:`LOOKUPS_PER_SECOND` a second after that; past it, 429. A key's table never changes (a
replaced token stops working at the table's owner, which says so), so a kept answer stays true.

A relayed WebSocket is closed with 1012 ("service restart") when its owner goes away or the
table changes owner: the client reconnects by itself and reaches the new owner. A request that
finds no owner to reach gets 503 (a WebSocket: an error frame, then 1013 "try again later").

Which requests name a table, and by what:

>>> table_key("/api/tables/abc/ledger"), table_key("/ws/watch/tok"), table_key("/api/tables")
(('id', 'abc'), ('watch', 'tok'), None)
>>> table_key("/api/host/secret/start")[0], table_key("/api/seat/x/leave")
('host', ('seat', ...))
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections import OrderedDict
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
from starlette.types import ASGIApp, Receive, Scope, Send
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from wildstud.server.errors import SeatError
from wildstud.server.frames import ErrorCode
from wildstud.server.limits import AddressBuckets
from wildstud.server.messages import error_frame
from wildstud.server.refusals import sentence
from wildstud.server.security import token_hash
from wildstud.server.store import leases as sql

__all__ = [
    "KEYS_KEPT",
    "LOOKUPS_BURST",
    "LOOKUPS_PER_SECOND",
    "OWNER",
    "RELAYED",
    "ROUTED",
    "UNKNOWN_FOR",
    "Relay",
    "route_key",
    "table_key",
]

log = logging.getLogger("wildstud.server")

OWNER = "owner"
"""The query parameter of a socket that names the process its client expects to run the table
(see :func:`route_key`); a proxy routes on it (docs/deploy.md, "Several processes")."""
ROUTED = 4308
"""The close code of a socket that reached a process that does not run its table, when its
client can be routed: the close reason is the owner's :func:`route_key`."""
RELAYED = "x-wildstud-relayed"
"""The header a relayed request carries (the process it came through): a process that does not
run the table of a relayed request answers 503 rather than relay it again."""

_KEYS = (
    (re.compile(r"^/api/tables/([^/]+)(?:/.*)?$"), "id"),
    (re.compile(r"^/api/host/([^/]+)(?:/.*)?$"), "host"),
    (re.compile(r"^/api/join/([^/]+)$"), "join"),
    (re.compile(r"^/api/seat/([^/]+)(?:/.*)?$"), "seat"),
    (re.compile(r"^/ws/seat/([^/]+)$"), "seat"),
    (re.compile(r"^/ws/watch/([^/]+)$"), "watch"),
    (re.compile(r"^/api/watch/([^/]+)(?:/.*)?$"), "watch"),
)
_HASHED = ("host", "seat")
"""Keys the database keeps as digests only."""
_HOP = {
    b"connection",
    b"keep-alive",
    b"proxy-connection",
    b"transfer-encoding",
    b"upgrade",
    b"te",
    b"trailer",
    b"host",
    b"content-length",
    b"x-forwarded-for",
    b"x-forwarded-proto",
    RELAYED.encode(),
}
_WS_SKIP = _HOP | {
    b"sec-websocket-key",
    b"sec-websocket-version",
    b"sec-websocket-extensions",
    b"sec-websocket-accept",
}
RELAY_TIMEOUT = 10.0
"""Seconds a relayed HTTP request may take at the owner."""
WS_MAX_BYTES = 1 << 22
KEYS_KEPT = 10_000
"""Keys whose table (or none) the relay keeps, the oldest forgotten first."""
UNKNOWN_FOR = 60.0
"""Seconds a key that named no table is answered so without asking the database again."""
LOOKUPS_PER_SECOND = 2.0
"""Keys not kept that one client address may have looked up a second, on average…"""
LOOKUPS_BURST = 30
"""…and at once."""


def table_key(path: str) -> tuple[str, str] | None:
    """The kind of key (``id``, ``host``, ``join``, ``seat``, ``watch``) and the key a path names
    its table by, if it names one."""
    for pattern, kind in _KEYS:
        found = pattern.match(path)
        if found:
            return kind, found.group(1)
    return None


class Relay:
    """ASGI middleware: requests for a table another process runs go to that process."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._http: httpx.AsyncClient | None = None
        self._found: OrderedDict[tuple[str, str], tuple[str | None, float]] = OrderedDict()
        self._lookups = AddressBuckets(LOOKUPS_PER_SECOND, LOOKUPS_BURST)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        state = scope["app"].state
        lobby = getattr(state, "lobby", None)
        cluster = None if lobby is None else lobby.cluster
        found = table_key(scope["path"])
        if cluster is None or found is None or self._local(lobby, *found):
            await self.app(scope, receive, send)
            return
        kind, key = found
        assert lobby is not None
        digest = token_hash(key) if kind in _HASHED else key
        store = lobby.store
        kept = self._found.get((kind, digest))
        if kept is not None and (kept[0] is not None or kept[1] > time.monotonic()):
            table_id = kept[0]
        else:
            client = scope.get("client")
            wait = self._lookups.retry_after(client[0] if client else "unknown")
            if wait is not None:
                await self._too_many(scope, receive, send, wait)
                return
            lobby.metrics.lookups.inc()
            table_id = await store.call(sql.find_table, store.engine, kind, digest)
            self._keep(kind, digest, table_id)
        if table_id is None:  # no such table anywhere: the application says so
            await self.app(scope, receive, send)
            return
        relayed = any(name == RELAYED.encode() for name, _ in scope["headers"])
        if await cluster.claim(table_id):  # this process runs it (now)
            await self.app(scope, receive, send)
            return
        owner = await store.call(sql.locate, store.engine, table_id, cluster.lease)
        if owner is None or not owner.live or owner.address is None or relayed:
            await self._unavailable(scope, receive, send)
            return
        assert owner.owner is not None
        if scope["type"] == "websocket" and _asks_elsewhere(scope, route_key(owner.address)):
            await _redirect(receive, send, route_key(owner.address))
            return
        if scope["type"] == "http":
            await self._relay_http(scope, receive, send, owner.address, cluster.id)
        else:
            await self._relay_ws(
                scope, receive, send, owner.address, cluster, table_id, owner.owner
            )

    def _keep(self, kind: str, digest: str, table_id: str | None) -> None:
        self._found[kind, digest] = (table_id, time.monotonic() + UNKNOWN_FOR)
        self._found.move_to_end((kind, digest))
        while len(self._found) > KEYS_KEPT:
            self._found.popitem(last=False)

    @staticmethod
    def _local(lobby: Any, kind: str, key: str) -> bool:
        """Whether this process runs the table ``key`` names (no database needed)."""
        if kind == "id":
            return lobby.table(key) is not None
        if kind == "host":
            return lobby.by_host(key) is not None
        if kind == "join":
            return lobby.by_join(key) is not None
        if kind == "watch":
            return lobby.by_watch(key) is not None
        try:
            lobby.by_seat(key)
        except SeatError:
            return lobby.by_request(key) is not None
        return True

    # -- answers -------------------------------------------------------------------------------

    async def _unavailable(self, scope: Scope, receive: Receive, send: Send) -> None:
        message = "the table is moving to another server; try again in a moment"
        await _refuse(scope, receive, send, (503, "moving", 1013, "try again later"), message, 1)

    async def _too_many(self, scope: Scope, receive: Receive, send: Send, wait: float) -> None:
        seconds = max(1, round(wait))
        message = f"Too many unknown links from your address at once: try again in {seconds} s"
        refusal: tuple[int, ErrorCode, int, str] = (429, "rate-limited", 1008, "too many look-ups")
        await _refuse(scope, receive, send, refusal, message, seconds)

    def _forwarded(self, scope: Scope, relay_id: str) -> list[tuple[str, str]]:
        client = scope.get("client")
        return [
            ("x-forwarded-for", client[0] if client else "unknown"),
            ("x-forwarded-proto", "https" if scope.get("scheme") in ("https", "wss") else "http"),
            (RELAYED, relay_id),
        ]

    async def _relay_http(
        self, scope: Scope, receive: Receive, send: Send, address: str, relay_id: str
    ) -> None:
        if self._http is None:
            self._http = httpx.AsyncClient(timeout=RELAY_TIMEOUT, trust_env=False)
        # The body limit (limits.BodyLimit, outside this middleware) refuses a body past its
        # size while it is read here: at most that much is ever buffered.
        parts = []
        while True:
            message = await receive()
            parts.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        body = b"".join(parts)
        headers = [
            (name.decode("latin-1"), value.decode("latin-1"))
            for name, value in scope["headers"]
            if name.lower() not in _HOP
        ]
        host = dict(scope["headers"]).get(b"host")
        if host is not None:
            headers.append(("host", host.decode("latin-1")))  # the links the owner makes
        headers.extend(self._forwarded(scope, relay_id))
        query = scope.get("query_string", b"").decode("latin-1")
        url = f"{address}{scope['path']}" + (f"?{query}" if query else "")
        try:
            answer = await self._http.request(scope["method"], url, headers=headers, content=body)
        except httpx.HTTPError as error:
            log.warning("relay: the table's server did not answer: %s", type(error).__name__)
            await self._unavailable(scope, receive, send)
            return
        passed = [
            (name.encode("latin-1"), value.encode("latin-1"))
            for name, value in answer.headers.multi_items()
            if name.lower().encode() not in _HOP and name.lower() != "content-encoding"
        ]
        passed.append((b"content-length", str(len(answer.content)).encode()))
        await send({"type": "http.response.start", "status": answer.status_code, "headers": passed})
        await send({"type": "http.response.body", "body": answer.content})

    async def _relay_ws(
        self,
        scope: Scope,
        receive: Receive,
        send: Send,
        address: str,
        cluster: Any,
        table_id: str,
        owner: str,
    ) -> None:
        headers = [
            (name.decode("latin-1"), value.decode("latin-1"))
            for name, value in scope["headers"]
            if name.lower() not in _WS_SKIP
        ]
        headers.extend(self._forwarded(scope, cluster.id))
        query = scope.get("query_string", b"").decode("latin-1")
        url = address.replace("http", "ws", 1) + scope["path"] + (f"?{query}" if query else "")
        try:
            upstream = await connect(
                url,
                additional_headers=headers,
                proxy=None,
                compression=None,
                max_size=WS_MAX_BYTES,
                open_timeout=3,
                ping_interval=None,  # the heartbeat watches the owner; see Cluster._check_relays
            )
        except Exception as error:
            log.warning("relay: the table's server refused the socket: %s", type(error).__name__)
            await self._unavailable(scope, receive, send)
            return
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        key = object()
        closing: list[asyncio.Task[None]] = []

        def moved() -> None:  # the table changed owner: the client must reconnect
            if not closing:
                closing.append(asyncio.create_task(upstream.close(1012, "the table moved")))

        cluster.relaying(table_id, owner, key, moved)
        try:
            await _pipe(receive, send, upstream)
        finally:
            cluster.relaying(table_id, owner, key, None)


def route_key(address: str) -> str:
    """The key a proxy routes a table's clients to its owner by: the ``host:port`` of the
    owner's cluster address, as the proxy's configuration names the process.

    >>> route_key("http://10.0.0.11:8000")
    '10.0.0.11:8000'
    """
    return urlsplit(address).netloc


def _asks_elsewhere(scope: Scope, key: str) -> bool:
    """Whether a socket came with an ``owner`` that is not ``key``: a client that knows how to
    be routed (its ``owner`` may be empty: it does not know the owner yet), sent to a process
    that does not run its table. A client that named the right owner and still landed here (no
    proxy that routes, or the owner's backup) is relayed: it would only come back."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
    asked = query.get(OWNER)
    return asked is not None and asked[-1] != key


async def _redirect(receive: Receive, send: Send, key: str) -> None:
    """Close a socket with :data:`ROUTED`, naming the owner's key as the reason: the client
    reconnects at once with ``owner`` set to it, and the proxy takes it straight to the owner."""
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": ROUTED, "reason": key})


async def _refuse(
    scope: Scope,
    receive: Receive,
    send: Send,
    refusal: tuple[int, ErrorCode, int, str],
    message: str,
    retry_after: int,
) -> None:
    """Answer without the application: an HTTP request with ``status`` and ``Retry-After``, a
    WebSocket with an error frame of ``code``, then a close; ``refusal`` is (status, code,
    close code, close reason)."""
    status, code, close, reason = refusal
    if scope["type"] == "http":
        body = json.dumps({"detail": sentence(message)}).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"retry-after", str(retry_after).encode()),
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    frame = json.dumps(error_frame(code, message), separators=(",", ":"))
    await send({"type": "websocket.send", "text": frame})
    await send({"type": "websocket.close", "code": close, "reason": reason})


async def _pipe(receive: Receive, send: Send, upstream: ClientConnection) -> None:
    """Frames both ways until either side closes; the client is closed as the owner closed (a
    lost owner as a restart, 1012: the client reconnects)."""

    async def up() -> None:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                await upstream.close()
                return
            if message.get("text") is not None:
                await upstream.send(message["text"])
            elif message.get("bytes") is not None:
                await upstream.send(message["bytes"])

    uplink = asyncio.create_task(up())
    code, reason = 1012, "the table's server went away"
    try:
        with contextlib.suppress(ConnectionClosed):
            async for message in upstream:
                if isinstance(message, str):
                    await send({"type": "websocket.send", "text": message})
                else:
                    await send({"type": "websocket.send", "bytes": message})
        if upstream.close_code is not None and upstream.close_code not in (1005, 1006):
            code, reason = upstream.close_code, upstream.close_reason or ""
    except Exception:  # the client went away while a frame was on its way
        code = 1000
    finally:
        uplink.cancel()
        await asyncio.gather(uplink, return_exceptions=True)
        with contextlib.suppress(Exception):
            await upstream.close()
    with contextlib.suppress(Exception):
        await send({"type": "websocket.close", "code": code, "reason": reason})
