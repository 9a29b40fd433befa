"""A tournament table's own routes: its clock and places for everyone, and the host's rebuys,
add-ons and deal (:mod:`wildstud.server.table.tournament`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request

from wildstud.server.api.common import (
    ERRORS,
    HOST_ONLY,
    LIMITED,
    NotFoundError,
    TableId,
    Token,
    hosted_table,
    table_of,
)
from wildstud.server.schemas import TableInfo
from wildstud.server.tourney_schemas import DealFigures, DealRequest, TournamentInfo

__all__ = ["router"]

router = APIRouter()

SeatIndex = Annotated[int, Path(ge=0, le=7)]


@router.get(
    "/tables/{table_id}/tournament",
    responses=ERRORS,
    summary="A tournament's clock, prize pool and places",
)
async def tournament(table_id: TableId, request: Request) -> TournamentInfo:
    """The level, the time or hands left in it, the next level, the pool, the payouts and
    every entrant's place and prize (404 at a table that is not a tournament)."""
    info = table_of(request, table_id).info()["tournament"]
    if info is None:
        raise NotFoundError(f"table {table_id!r} is not a tournament")
    return TournamentInfo.model_validate(info)


@router.post(
    "/host/{token}/tournament/seats/{seat}/rebuy",
    responses=LIMITED,
    dependencies=HOST_ONLY,
    summary="Give a player a rebuy",
)
async def rebuy(token: Token, seat: SeatIndex, request: Request) -> TableInfo:
    """The host took the rebuy's price: its chips come to the stack at once (between hands,
    or while the player is not in the hand in play); refused (400) once rebuys are closed, for
    a stack over the starting chips, or past the rebuys a player may have."""
    table = hosted_table(request, token)
    await table.tournament_rebuy(seat)
    return TableInfo.model_validate(table.info())


@router.post(
    "/host/{token}/tournament/seats/{seat}/addon",
    responses=LIMITED,
    dependencies=HOST_ONLY,
    summary="Give a player the add-on",
)
async def addon(token: Token, seat: SeatIndex, request: Request) -> TableInfo:
    """The host took the add-on's price: its chips come to the stack at once; once per
    player, while the add-on is open."""
    table = hosted_table(request, token)
    await table.tournament_rebuy(seat, addon=True)
    return TableInfo.model_validate(table.info())


@router.get(
    "/host/{token}/tournament/deal",
    responses=ERRORS,
    dependencies=HOST_ONLY,
    summary="The deal calculator for the players left",
)
async def deal_figures(token: Token, request: Request) -> DealFigures:
    """Each player's share of the prizes still to be paid, by ICM (Malmuth–Harville) and by a
    chip chop, exact and in whole amounts that add up."""
    table = hosted_table(request, token)
    return DealFigures.model_validate(table.deal_figures())


@router.post(
    "/host/{token}/tournament/deal",
    responses=LIMITED,
    dependencies=HOST_ONLY,
    summary="End the tournament with the deal the last players agreed",
)
async def make_deal(token: Token, body: DealRequest, request: Request) -> TableInfo:
    """Between hands only: the players left are paid by the deal (whole amounts), placed by
    their chips, and the table ends."""
    table = hosted_table(request, token)
    await table.make_deal(body.kind)
    return TableInfo.model_validate(table.info())
