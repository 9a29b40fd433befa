"""The routes anyone may call: health and readiness, the games, a new table, a table as
everyone sees it and its join QR code."""

from __future__ import annotations

import asyncio
import time

from fastapi import APIRouter, Depends, Request, Response

from wildstud.games import GAMES
from wildstud.server import qrcodes
from wildstud.server.api.common import (
    ERRORS,
    READY_TIMEOUT,
    WRITE_PROBE_EVERY,
    NotFoundError,
    NotReadyError,
    TableId,
    Token,
    links_of,
    lobby_of,
    table_of,
)
from wildstud.server.limits import table_creation_allowed
from wildstud.server.menu import game_name, table_house_rules
from wildstud.server.schemas import (
    ErrorBody,
    GameInfo,
    NewTable,
    OptionInfo,
    TableCreated,
    TableInfo,
)

__all__ = ["router"]

router = APIRouter()


@router.get("/health", summary="Whether the server is up")
async def health() -> dict[str, str]:
    """``{"status": "ok"}`` while the server runs (its process answers: alive)."""
    return {"status": "ok"}


@router.get(
    "/ready",
    summary="Whether the server can serve tables: every table loaded, the database answering",
    responses={503: {"model": ErrorBody, "description": "Not ready: the detail says why"}},
)
async def ready(request: Request) -> dict[str, str | int]:
    """``{"status": "ready", "tables": n}``, or 503 while the tables load (at the start, or
    again after a change failed to be stored), while the database does not answer, or while
    it cannot be written (a full disk): a load balancer sends no one here then."""
    lobby = lobby_of(request)
    if not lobby.loaded:
        raise NotReadyError("the tables are still loading")
    try:
        async with asyncio.timeout(READY_TIMEOUT):
            await lobby.store.call(lobby.store.ping)
    except Exception:  # any failure to answer is "not ready", whatever the driver raised
        raise NotReadyError("the database does not answer") from None
    if lobby.reloading:  # the database is back, but not yet every table
        raise NotReadyError(f"{lobby.reloading} table(s) still loading after a failed write")
    if time.monotonic() - lobby.written_at >= WRITE_PROBE_EVERY:
        try:
            async with asyncio.timeout(READY_TIMEOUT):
                await lobby.store.call(lobby.store.probe_write)
        except Exception:
            raise NotReadyError("the database cannot be written") from None
        lobby.written_at = time.monotonic()
    return {"status": "ready", "tables": len(lobby.tables)}


@router.get("/games", summary="The games a table may deal, with their house rules")
async def games() -> list[GameInfo]:
    """Every game with each house rule's default at a table, allowed values and meaning."""
    result = []
    for game in GAMES:
        defaults = game.options(table_house_rules(game)).to_mapping()
        result.append(
            GameInfo(
                name=game.name,
                title=game.title,
                codes=list(game.codes),
                names={code: game_name(game.title, code) for code in game.codes},
                aliases=list(game.aliases),
                summary=game.summary,
                options=[
                    OptionInfo(
                        name=name, default=defaults[name], allowed=spec.allowed(), help=spec.help
                    )
                    for name, spec in game.options_type.specs().items()
                ],
            )
        )
    return result


@router.post(
    "/tables",
    status_code=201,
    responses={
        **ERRORS,
        429: {"model": ErrorBody, "description": "Too many new tables"},
        503: {"model": ErrorBody, "description": "The table could not be stored; nothing was"},
    },
    dependencies=[Depends(table_creation_allowed)],
    summary="Create a table",
)
async def create_table(body: NewTable, request: Request) -> TableCreated:
    """A new table and its bots, created together or not at all: the answer holds the host's
    token and link (keep them: they are shown once) and the links to share with players and
    spectators."""
    table, host = await lobby_of(request).create(body.table_settings(), body.bots)
    return TableCreated(
        table=TableInfo.model_validate(table.info()),
        host_token=host,
        links=links_of(request, table, host),
    )


@router.get("/tables/{table_id}", responses=ERRORS, summary="A table as everyone sees it")
async def get_table(table_id: TableId, request: Request) -> TableInfo:
    """The table's settings, seats, button and status."""
    return TableInfo.model_validate(table_of(request, table_id).info())


@router.get(
    "/watch/{token}/join-qr",
    responses={
        **ERRORS,
        200: {"content": {"image/svg+xml": {}}, "description": "The QR code, as SVG"},
    },
    response_class=Response,
    summary="The QR code of a table's join link, for the felt view",
)
async def join_qr(token: Token, request: Request) -> Response:
    """The table's public join link as a QR code (SVG), for the felt view a TV shows in the
    room (``/felt/{watch_token}``): a phone scans it to ask for a seat. The spectator's token
    gives the join link, never a seat's or the host's; what the link then allows is the
    table's to say (the host approves seat requests unless seating is open)."""
    table = lobby_of(request).by_watch(token)
    if table is None:
        raise NotFoundError("no table is watched with this token")
    link = links_of(request, table).join
    return Response(qrcodes.image(link, title="Scan to join the table"), media_type="image/svg+xml")
