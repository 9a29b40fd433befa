"""The chip ledger and the night's settle-up, as JSON and CSV."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from wildstud.server.api.common import (
    ERRORS,
    TableId,
    table_of,
)
from wildstud.server.night import report, transfers_csv
from wildstud.server.schemas import (
    LedgerReport,
    NightReport,
)

__all__ = ["router"]

router = APIRouter()


@router.get("/tables/{table_id}/ledger", responses=ERRORS, summary="The chip ledger")
async def ledger(table_id: TableId, request: Request) -> LedgerReport:
    """Every buy-in, hand result and cash-out, and whether they add up to the stacks."""
    return LedgerReport.model_validate(await table_of(request, table_id).ledger())


@router.get("/tables/{table_id}/night", responses=ERRORS, summary="The night and its settle-up")
async def night(table_id: TableId, request: Request) -> NightReport:
    """Each player's buy-ins, cash-outs, chips at the table and net (``chips + cash_outs -
    buy_ins``; the nets add up to zero), and the fewest payments that square everyone. A hand
    in progress counts once it ends: until then the figures stand as it began."""
    table = table_of(request, table_id)
    return NightReport.model_validate(report(table.id, await table.night()))


@router.get(
    "/tables/{table_id}/night.csv",
    responses={
        **ERRORS,
        200: {
            "content": {"text/csv": {"schema": {"type": "string"}}},
            "description": "The settle-up: a header, then one row per payment",
        },
    },
    response_model=None,
    summary="Download the settle-up as CSV",
)
async def night_csv(table_id: TableId, request: Request) -> Response:
    """The payments of the settle-up, one row each under the header
    ``payer,payee,amount,payer_id,payee_id`` (RFC 4180; the ids tell two players of one name
    apart); a name a spreadsheet would read as a formula starts with an apostrophe."""
    table = table_of(request, table_id)
    return Response(
        transfers_csv(await table.night()),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{table.id}-night.csv"'},
    )
