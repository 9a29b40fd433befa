"""Hands worth sharing: a finished hand's read-only link.

``POST /api/tables/{id}/hands/{n}/share`` gives hand ``n`` a token of its own (asking again
gives the same one). The token opens that hand's replay as a spectator saw it
(``/api/shared/{token}/steps``, naming no table), its odds at every street (``…/odds``) and its
PHH record (``…/phh``), and the page ``/shared/{token}`` that steps through them; nothing else
answers to it. It is not the table's id, nor derived from it or from any of the table's links,
so it reaches neither the table, nor its other hands, nor a seat; and a finished hand never
changes, so a shared link shows the same hand for as long as the table is kept.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import PlainTextResponse

from wildstud.server.api.common import ERRORS, NotFoundError, TableId, Token, lobby_of
from wildstud.server.api.hands import built_answer, finished_hand, odds_answer
from wildstud.server.schemas import HandOdds, HandSteps, SharedLink
from wildstud.server.security import new_token
from wildstud.server.table import Table

__all__ = ["router"]

router = APIRouter()

_PHH: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {"text/plain": {"schema": {"type": "string"}}},
        "description": "A PHH record",
    }
}


@router.post(
    "/tables/{table_id}/hands/{number}/share",
    responses=ERRORS,
    summary="A read-only link to one finished hand",
)
async def share_hand(
    table_id: TableId, number: Annotated[int, Path(ge=1, le=2**31 - 1)], request: Request
) -> SharedLink:
    """The hand's shared link: it replays this hand as a spectator saw it, with its odds and
    its PHH record, and opens nothing else. A hand has one link: asking again gives it again."""
    table, _ = await finished_hand(request, table_id, number)
    token = await table.store.call(table.store.share_hand, table.id, number, new_token())
    base = request.app.state.public_url or str(request.base_url).rstrip("/")
    return SharedLink(token=token, link=f"{base}/shared/{token}")


async def _shared(request: Request, token: str) -> tuple[Table, Any]:
    """The table and the finished hand a shared link opens, or
    :class:`~wildstud.server.api.common.NotFoundError` (the same for every token it is not)."""
    lobby = lobby_of(request)
    found = await lobby.store.call(lobby.store.shared_hand, token)
    table = None if found is None else lobby.table(found[0])
    if found is None or table is None:
        raise NotFoundError("no hand is shared under this link")
    return await finished_hand(request, table.id, found[1])


@router.get(
    "/shared/{token}/steps",
    responses=ERRORS,
    response_model=HandSteps,
    summary="A shared hand, move by move",
)
async def shared_steps(token: Token, request: Request) -> Response:
    """The spectator's view after every move of the shared hand (no hidden card the showdown
    did not show), as ``/api/tables/{id}/hands/{n}/steps`` gives it but with no table's id."""
    table, stored = await _shared(request, token)
    body = await built_answer(request, table, stored, "shared-steps", None)
    return Response(body, media_type="application/json")


@router.get(
    "/shared/{token}/odds",
    responses=ERRORS,
    response_model=HandOdds,
    summary="A shared hand's odds at every street",
)
async def shared_odds(token: Token, request: Request) -> Response:
    """The shared hand's odds, as ``/api/tables/{id}/hands/{n}/odds`` gives them."""
    table, stored = await _shared(request, token)
    return Response(await odds_answer(request, table, stored), media_type="application/json")


@router.get(
    "/shared/{token}/phh",
    responses={**ERRORS, **_PHH},
    response_model=None,
    summary="Download a shared hand as a PHH record",
)
async def shared_record(token: Token, request: Request) -> Response:
    """The shared hand in the PHH notation, as a spectator may see it (its file named for the
    hand's number, not the table)."""
    table, stored = await _shared(request, token)
    text = await built_answer(request, table, stored, "phh", None)
    number = stored.setup.number
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'attachment; filename="hand-{number}.phh"'}
    )
