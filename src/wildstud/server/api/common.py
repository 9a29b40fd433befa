"""What the API's routes share: the path parameters, the refusals and their answers, and how a
route finds its lobby, table and links."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Path, Request
from fastapi.responses import JSONResponse

from wildstud.server.errors import NotFoundError, NotReadyError, UnauthorizedError
from wildstud.server.lobby import Lobby
from wildstud.server.refusals import sentence
from wildstud.server.requests import (
    DeclineMemory,
    RequestStatus,
    host_command_allowed,
)
from wildstud.server.schemas import (
    ErrorBody,
    Links,
    SeatAnswer,
)
from wildstud.server.seating import Seat
from wildstud.server.store import SeatRequestState
from wildstud.server.table import Table

__all__ = [
    "ERRORS",
    "HOST_ONLY",
    "LIMITED",
    "READY_TIMEOUT",
    "WRITE_PROBE_EVERY",
    "NotFoundError",
    "NotReadyError",
    "TableId",
    "Token",
    "UnauthorizedError",
    "asked_answer",
    "declines_of",
    "error_response",
    "hosted_table",
    "links_of",
    "lobby_of",
    "seated_answer",
    "table_of",
]

Token = Annotated[str, Path(min_length=1, max_length=128)]
TableId = Annotated[str, Path(min_length=1, max_length=32)]
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "The rules refuse the request"},
    404: {"model": ErrorBody, "description": "No such table, token or hand"},
    409: {"model": ErrorBody, "description": "The seat cannot be had"},
}
LIMITED: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    429: {"model": ErrorBody, "description": "Too many requests from your address"},
}
HOST_ONLY = [Depends(host_command_allowed)]


READY_TIMEOUT = 2.0
"""Seconds the readiness check waits for the database to answer."""
WRITE_PROBE_EVERY = 1.0
"""Seconds a successful write probe is trusted: however often readiness is asked, the
database is written to at most once a second for it."""


def lobby_of(request: Request) -> Lobby:
    """The lobby of the app serving ``request``."""
    lobby: Lobby = request.app.state.lobby
    return lobby


def links_of(request: Request, table: Table, host: str | None = None) -> Links:
    """The links of ``table`` as the public address gives them (with the host's, given
    ``host``, the host's token)."""
    # Behind a proxy the request's own address is the proxy's view; the public one is given.
    base = request.app.state.public_url or str(request.base_url).rstrip("/")
    socket = base.replace("http", "ws", 1)  # and https → wss
    return Links(
        host=None if host is None else f"{base}/host/{host}",
        join=f"{base}/join/{table.join_token}",
        watch=f"{base}/watch/{table.watch_token}",
        watch_socket=f"{socket}/ws/watch/{table.watch_token}",
        felt=f"{base}/felt/{table.watch_token}",
    )


def table_of(request: Request, table_id: str) -> Table:
    """The table ``table_id``, or :class:`NotFoundError`."""
    table = lobby_of(request).table(table_id)
    if table is None:
        raise NotFoundError(f"no table {table_id!r}")
    return table


def hosted_table(request: Request, token: str) -> Table:
    """The table whose host token is ``token``, or :class:`NotFoundError`."""
    table = lobby_of(request).by_host(token)
    if table is None:
        raise NotFoundError("no table has this host link")
    return table


def declines_of(request: Request) -> DeclineMemory:
    """The app's memory of declined requests, made at its first use."""
    state = request.app.state
    memory: DeclineMemory | None = getattr(state, "declines", None)
    if memory is None:
        memory = state.declines = DeclineMemory()
    return memory


def seated_answer(request: Request, table: Table, seat: Seat, token: str | None) -> SeatAnswer:
    """The answer to a player who has a seat: its link and socket, given its ``token``."""
    base = request.app.state.public_url or str(request.base_url).rstrip("/")
    return SeatAnswer(
        status="seated",
        table_id=table.id,
        name=seat.name,
        seat=seat.index,
        token=token,
        link=None if token is None else f"{base}/seat/{token}",
        socket=None if token is None else f"{base.replace('http', 'ws', 1)}/ws/seat/{token}",
    )


def asked_answer(table: Table, state: SeatRequestState, token: str | None = None) -> SeatAnswer:
    """The answer to a player whose request for a seat stands at ``state``."""
    status = {RequestStatus.PENDING: "pending", RequestStatus.DECLINED: "declined"}.get(
        RequestStatus(state.status), "gone"
    )
    return SeatAnswer(
        status=status,
        table_id=table.id,
        name=state.name,
        request=state.id if status == "pending" else None,
        seat=state.wanted if status == "pending" else state.seat,
        token=token,
    )


def error_response(status: int, detail: str) -> JSONResponse:
    """An error answer in the API's shape, its detail a sentence."""
    return JSONResponse({"detail": sentence(detail)}, status_code=status)
