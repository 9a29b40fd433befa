"""The chip ledger, the night's settle-up (as JSON and CSV) and each player's luck."""

from __future__ import annotations

import asyncio
import functools
import json
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from wildstud.history.private_night import night_of
from wildstud.server.api.common import (
    ERRORS,
    TableId,
    error_response,
    table_of,
)
from wildstud.server.api.hands import finished_hand, reads_of
from wildstud.server.luck import hand_luck_by_player, may_have_luck, night_luck
from wildstud.server.night import report, transfers_csv
from wildstud.server.night_record import night_record
from wildstud.server.replay import finished_book, rebuild
from wildstud.server.schemas import (
    LedgerReport,
    NightLuck,
    NightReport,
    RecordOffer,
)
from wildstud.server.store import StoredHand
from wildstud.server.table import Table, TableStatus

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


PAGE = 200
"""Finished hands read from the store at a time."""

_PLAYING_OUT = "the night record is offered once the last hand of the night is over"
_PUBLISHING = "the players are publishing their secrets: try again soon"
_NO_SHUFFLE = "this table dealt no hand shuffled by its players"


async def _not_yet(table: Table) -> str | None:
    """Why the night record is not offered yet (409), or ``None``: the night goes on, its last
    hand plays out (or is being stored), or the parties of a private deal publish their secrets."""
    if table.status is not TableStatus.ENDED:
        return "the night record is offered once the host ends the night"
    # Not while the last hand plays out either: with the seed, its salts would open the hidden
    # cards its proofs' paths cover, and the record would lack it.
    if table.live is not None:
        return _PLAYING_OUT
    if table.private.on:
        return _PUBLISHING if table.private.reveals.publishing else None
    store = table.store
    last = await store.call(store.hand, table.id, table.hands_dealt) if table.hands_dealt else None
    return _PLAYING_OUT if last is not None and last.live else None  # over, and being stored


@router.get(
    "/tables/{table_id}/night-record/offered",
    responses=ERRORS,
    summary="Whether the night record is offered yet",
)
async def night_record_offered(table_id: TableId, request: Request) -> RecordOffer:
    """Whether ``/night-record`` gives the record now, and why not: what a page waiting for it
    asks every few seconds, answered 200 while the answer is "not yet" (a 409 is an error in
    the browser's console)."""
    table = table_of(request, table_id)
    why = await _not_yet(table)
    if why is None and not table.private.on:
        store = table.store
        if await store.call(store.shuffle_night, table.id) is None:
            return RecordOffer(offered=False, none=True, detail=_NO_SHUFFLE)
    return RecordOffer(offered=why is None, none=False, detail=why or "offered")


@router.get(
    "/tables/{table_id}/night-record",
    responses={
        **ERRORS,
        200: {
            "content": {"application/json": {"schema": {"type": "object"}}},
            "description": "The night record (format `wildstud-night/1`), as a download",
        },
    },
    response_model=None,
    summary="Download the night record of the players' shuffle",
)
async def night_record_file(table_id: TableId, request: Request) -> Response:
    """Once the host has ended the night: the night seed, revealed, and every hand dealt from
    it with every card, each deal's root and each player's commitment and value, which
    ``wildstud verify --night FILE`` (and the history page) check. Offered only once the night
    is over and its last hand too (409 before: the seed and the folded cards are secret until
    then). A table that dealt privately offers its private night record (format
    ``wildstud-private-night/3``) instead, once every party published its secrets or its
    clock ran out (409 before)."""
    table = table_of(request, table_id)
    why = await _not_yet(table)
    if why is not None:
        return error_response(409, why)
    store = table.store
    if table.private.on:
        return await _private_record(table)
    night = await store.call(store.shuffle_night, table.id)
    if night is None:
        return error_response(404, _NO_SHUFFLE)
    hands: list[StoredHand] = []
    for number in range(night.first_hand, table.hands_dealt + 1):
        stored = await store.call(store.hand, table.id, number)
        if stored is not None and stored.live:
            return error_response(409, _PLAYING_OUT)  # over, and being stored
        if stored is not None:
            hands.append(stored)
    parts = await store.call(store.shuffle_values, table.id, night.first_hand)
    # Every hand of the night is replayed: off the event loop, so the tables do not wait.
    made = await asyncio.to_thread(night_record, table.id, night, hands, parts, over=True)
    return JSONResponse(
        made.to_data(),
        headers={"Content-Disposition": f'attachment; filename="{table.id}-night-record.json"'},
    )


async def _private_record(table: Table) -> Response:
    """The night record of a table that dealt privately: every public row of each deal's
    rounds, each party's secret among them once published (``wildstud verify --night``)."""
    hands = await table.private.reveals.night_hands()
    if hands is None:
        return error_response(409, _PUBLISHING)
    made = night_of(table.id, hands)
    return JSONResponse(
        made.to_data(),
        headers={"Content-Disposition": f'attachment; filename="{table.id}-night-record.json"'},
    )


@router.get("/tables/{table_id}/luck", responses=ERRORS, summary="Each player's luck tonight")
async def luck(table_id: TableId, request: Request) -> NightLuck:
    """Over the night's finished hands whose betting ended before their last cards, with two
    hands or more shown: what each player's hands won against their chances when the money went
    in (the odds the table could know once the hand was over, so no card that was not shown
    counts). Each hand's figures are worked out once, off the event loop, then kept. A hand
    dealt privately is left out: no deck of it was ever known to replay it from."""
    table = table_of(request, table_id)
    summaries: list[StoredHand] = []
    before = None
    while True:
        page = await table.store.call(table.store.finished_hands, table.id, PAGE, before)
        summaries += page
        if len(page) < PAGE:
            break
        before = page[-1].setup.number
    counted = []
    for summary in summaries:
        if not may_have_luck(summary.summary):
            continue
        _, stored = await finished_hand(request, table.id, summary.setup.number)
        if not stored.decks:
            continue  # dealt privately: no deck to replay its chances from (finished_book)
        key = (table.id, stored.setup.number, "luck", None)
        body = await reads_of(request).answer(
            key, functools.partial(_luck_json, stored), chances=True
        )
        counted.append((stored.setup.number, stored.setup, json.loads(body)))
    return NightLuck.model_validate(night_luck(table.id, len(summaries), counted))


def _luck_json(stored: StoredHand) -> bytes:
    hand = rebuild(stored.setup, finished_book(stored), stored.actions)
    found: dict[str, Any] = hand_luck_by_player(stored.setup, hand)
    return json.dumps(found).encode()
