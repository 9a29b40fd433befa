"""The WebSocket endpoints: ``/ws/seat/{token}`` for a player, ``/ws/watch/{token}`` for a
spectator.

Each connection has a reader (this module's loop) and a writer (a task draining a queue), so a
table never waits on a slow client: frames are queued, and a client that falls too far behind is
disconnected (it reconnects and gets the whole view again). Every incoming message is checked:
one that is too long, binary, not JSON, or not one of the frames of
:mod:`wildstud.server.messages` gets an error frame and the connection goes on; so does one over
the rate limit. A refused request gets an error frame saying why. Nothing a client sends can
make the server show it a traceback.

A connection over one of the caps of :mod:`wildstud.server.limits` (per seat, per address,
spectators per table) gets an error frame with the code ``too-many-connections`` and is closed
(1008). A connection over the rate limit is slowed down, with one warning a second: its next
message waits until it may pass, and nothing more is read meanwhile, so a flooding client fills
its own socket's buffers and costs the server no more than one well-behaved client. Nothing is
dropped: a player whose page sent a burst (a reconnection's resends) still has every message
answered, in order.

A connection queues its frames and closes once they are sent:

>>> connection = Connection(websocket=None, seat=0)  # type: ignore[arg-type]
>>> connection.send('{"type": "pong"}'); connection.close(1000, "bye")
>>> connection.send('{"type": "pong"}')  # too late: the connection is closing
>>> connection.pending()
1
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from wildstud.errors import IllegalActionError, OutOfTurnError, WildstudError
from wildstud.private_rounds import OtherPageError
from wildstud.server.errors import SeatError, ServerError, StaleRequestError
from wildstud.server.frames import ErrorCode
from wildstud.server.limits import ConnectionCapError, Connections
from wildstud.server.lobby import Lobby
from wildstud.server.messages import PrivateAnswer, error_frame, read_frame
from wildstud.server.refusals import describe, in_players_terms
from wildstud.server.security import MAX_ANSWER_BYTES, MAX_MESSAGE_BYTES, RateLimiter
from wildstud.server.table import RESTARTING, STORAGE_ERROR, Table, dumps

__all__ = ["Connection", "router"]

log = logging.getLogger("wildstud.server")
router = APIRouter()

TOO_LARGE = error_frame(
    "too-large",
    f"a message may hold at most {MAX_MESSAGE_BYTES} bytes (a private deal's answer"
    f" {MAX_ANSWER_BYTES})",
)
"""The error frame for a message too long."""
SEND_QUEUE = 512
"""Frames a client may fall behind by before it is disconnected (512)."""
RATE = 20.0
"""Messages a second a connection may send, on average (20)…"""
BURST = 40
"""…and at once (40)."""


class Connection:
    """One client's WebSocket, as a table sees it."""

    def __init__(self, websocket: WebSocket, seat: int | None) -> None:
        self.websocket = websocket
        self.seat = seat
        self._queue: asyncio.Queue[str | Callable[[], None] | None] = asyncio.Queue(
            maxsize=SEND_QUEUE
        )
        self._close: tuple[int, str] | None = None

    def send(self, text: str) -> None:
        """Queue a frame; a client too far behind is dropped."""
        if self._close is not None:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(1008, "too far behind: reconnect")

    def close(self, code: int, reason: str) -> None:
        """Close after the frames already queued."""
        if self._close is None:
            self._close = (code, reason)
            try:
                self._queue.put_nowait(None)
            except asyncio.QueueFull:
                # No room for the marker: drop what is queued, the client will resync.
                while not self._queue.empty():
                    self._queue.get_nowait()
                self._queue.put_nowait(None)

    @property
    def closing(self) -> bool:
        """Whether the server has closed (or is closing) this connection."""
        return self._close is not None

    def then(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the frames queued so far are sent (at once if closing)."""
        if self._close is not None:
            callback()
            return
        try:
            self._queue.put_nowait(callback)
        except asyncio.QueueFull:
            self.close(1008, "too far behind: reconnect")
            callback()

    def pending(self) -> int:
        """How many frames are queued and not yet sent (the closing marker aside)."""
        return self._queue.qsize() - int(self._close is not None)

    async def write(self) -> None:
        """Send queued frames until closed."""
        while True:
            text = await self._queue.get()
            if text is None:
                code, reason = self._close or (1000, "")
                with contextlib.suppress(Exception):
                    await self.websocket.close(code, reason)
                return
            if callable(text):
                text()
                continue
            await self.websocket.send_text(text)


def _lobby(websocket: WebSocket) -> Lobby:
    lobby: Lobby = websocket.app.state.lobby
    return lobby


@router.websocket("/ws/seat/{token}")
async def seat_socket(websocket: WebSocket, token: str) -> None:
    """A player's connection: their seat's view of the table, and their requests."""
    try:
        table, seat = _lobby(websocket).by_seat(token)
    except SeatError as error:
        await _refuse(websocket, "unknown-seat", str(error))
        return
    await _serve(websocket, table, seat.index)


@router.websocket("/ws/watch/{token}")
async def watch_socket(websocket: WebSocket, token: str) -> None:
    """A spectator's connection: the public view of the table."""
    table = _lobby(websocket).by_watch(token)
    if table is None:
        await _refuse(websocket, "unknown-table", "no table has this spectator link")
        return
    await _serve(websocket, table, None)


async def _refuse(websocket: WebSocket, code: ErrorCode, message: str, close: int = 4404) -> None:
    await websocket.accept()
    await websocket.send_text(dumps(error_frame(code, message)))
    await websocket.close(close, code)


def _error_code(error: WildstudError) -> ErrorCode:
    if isinstance(error, OtherPageError):
        return "elsewhere"
    if isinstance(error, OutOfTurnError):
        return "out-of-turn"
    if isinstance(error, IllegalActionError):
        return "illegal"
    if isinstance(error, StaleRequestError):
        return "stale"
    if isinstance(error, SeatError):
        return "seat"
    return "refused"


def _refusal(
    table: Table, seat: int | None, error: WildstudError, seq: int | None = None
) -> dict[str, Any]:
    """The error frame of ``error`` for the page of ``seat`` (``None``: a spectator's): the
    engine names seats by their labels in the hand (``p3``), which no player goes by, so they
    are said here by the players' names, and the page's own as "you" (the error keeps them)."""
    live = table.live or table.last_hand
    message = str(error)
    if live is not None:
        held = table.seats.get(seat) if seat is not None else None
        message = in_players_terms(message, live.setup.names, live.engine_seat(held))
    return error_frame(_error_code(error), message, seq)


async def _serve(websocket: WebSocket, table: Table, seat: int | None) -> None:
    if _lobby(websocket).closing:
        await websocket.accept()
        await websocket.send_text(dumps(RESTARTING))
        await websocket.close(1012, "restarting")
        return
    connections: Connections = websocket.app.state.connections
    address = websocket.client.host if websocket.client else "unknown"
    cluster = _lobby(websocket).cluster
    counted = False
    try:
        ticket = connections.admit(address, table.id, seat)
    except ConnectionCapError as error:
        await _refuse(websocket, "too-many-connections", str(error), 1008)
        return
    try:
        if cluster is not None:  # the cap on an address holds across the cluster's processes
            counted = await cluster.connected(address, connections.limits.address_connections)
        await _talk(websocket, table, seat)
    except ConnectionCapError as error:
        await _refuse(websocket, "too-many-connections", str(error), 1008)
    finally:
        connections.release(ticket)
        if counted:
            assert cluster is not None
            await cluster.disconnected(address)


async def _talk(websocket: WebSocket, table: Table, seat: int | None) -> None:
    await websocket.accept()
    connection = Connection(websocket, seat)
    writer = asyncio.create_task(connection.write())
    limiter = RateLimiter(RATE, BURST)
    warned = 0.0
    try:
        try:
            await table.attach(connection)
        except WildstudError as error:
            connection.send(dumps(_refusal(table, seat, error)))
            connection.close(4404, "refused")
            return
        except ServerError:
            # Connecting brought an absent player back, and that could not be stored (or the
            # table stopped taking changes): nothing changed, and the page connects again (and
            # tries again) by itself.
            connection.send(dumps(STORAGE_ERROR))
            connection.close(1011, "storage failure")
            return
        # Once the server has closed the connection, what the client sent before it saw the
        # close is left unread: a flood's backlog must not hold up a restart.
        while not connection.closing:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            while not limiter.allow():
                now = asyncio.get_running_loop().time()
                if now - warned >= 1.0:  # one warning a second is enough
                    warned = now
                    connection.send(
                        dumps(error_frame("rate-limited", "too many messages: slow down"))
                    )
                # Read nothing more until this message may pass: what the client sends
                # meanwhile waits in its own socket, not in the server's time. (Dropping it
                # instead lost a message sent after the client had calmed down, whenever it
                # came in a dropped turn of the backlog.)
                await asyncio.sleep(limiter.retry_after())
            if text is None:
                connection.send(dumps(error_frame("malformed", "send JSON text, not binary")))
                continue
            size = len(text) if len(text) > MAX_ANSWER_BYTES else len(text.encode())
            if size > MAX_ANSWER_BYTES:
                connection.send(dumps(TOO_LARGE))
                continue
            try:
                frame = read_frame(text)
            except ValidationError as error:
                if size > MAX_MESSAGE_BYTES:
                    connection.send(dumps(TOO_LARGE))
                else:
                    connection.send(dumps(error_frame("malformed", _describe(error))))
                continue
            if size > MAX_MESSAGE_BYTES and not isinstance(frame, PrivateAnswer):
                connection.send(dumps(TOO_LARGE))  # only a private deal's answers are longer
                continue
            seq = getattr(frame, "seq", None)
            try:
                await table.handle(connection, frame)
            except WildstudError as error:
                connection.send(dumps(_refusal(table, seat, error, seq)))
            except ServerError:  # the table stopped (moved, or reloaded): its clients were told
                return
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("a connection to table %s failed", table.id)
        connection.send(dumps(error_frame("internal", "the server failed; reconnect")))
        connection.close(1011, "internal error")
    finally:
        await table.detach(connection)
        connection.close(1000, "")
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 5.0)
        writer.cancel()


def _describe(error: ValidationError) -> str:
    """What was wrong with a frame, in a line, without echoing what the client sent."""
    return describe(error.errors(include_input=False, include_url=False), "not a valid frame")
