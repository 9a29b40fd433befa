"""A table's finished hands: the list, a hand's history, its steps, its record and its odds."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response
from fastapi.responses import PlainTextResponse

from wildstud.server.api.common import (
    ERRORS,
    NotFoundError,
    TableId,
    table_of,
)
from wildstud.server.hindsight import odds_report
from wildstud.server.history import export_phh, steps
from wildstud.server.reads import HandReads
from wildstud.server.replayable import Replayable, replayable
from wildstud.server.schemas import (
    HandHistory,
    HandOdds,
    HandSteps,
    HandSummary,
)
from wildstud.server.store import StoredHand
from wildstud.server.table import Table

__all__ = ["built_answer", "finished_hand", "odds_answer", "reads_of", "router"]

router = APIRouter()


@router.get("/tables/{table_id}/hands", responses=ERRORS, summary="A table's finished hands")
async def hands(
    table_id: TableId,
    request: Request,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    before: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
) -> list[HandSummary]:
    """The latest finished hands, newest first (``before`` pages back)."""
    table = table_of(request, table_id)
    stored = await table.store.call(table.store.finished_hands, table.id, limit, before)
    return [
        HandSummary(
            number=hand.setup.number,
            game=hand.setup.game,
            title=str((hand.summary or {}).get("title", hand.setup.game)),
            players=list(hand.setup.names),
            starting_stacks=list(hand.setup.stacks),
            final_stacks=list(hand.final_stacks or ()),
        )
        for hand in stored
    ]


def reads_of(request: Request) -> HandReads:
    """The app's cache and limits of finished-hand reads."""
    reads: HandReads = request.app.state.reads
    return reads


async def finished_hand(request: Request, table_id: str, number: int) -> tuple[Table, Any]:
    """Table ``table_id`` and its finished hand ``number`` as stored, or
    :class:`~wildstud.server.api.common.NotFoundError`."""
    table = table_of(request, table_id)

    async def load() -> StoredHand | None:
        return await table.store.call(table.store.hand, table.id, number)

    stored = await reads_of(request).hand(table.id, number, load)
    if stored is None or stored.live:
        raise NotFoundError(f"table {table_id!r} has no finished hand {number}")
    return table, stored


def _steps_json(table_id: str | None, dealt: Replayable, viewer: int | None) -> bytes:
    """A finished hand's steps as ``viewer`` (an engine seat, or ``None``) saw them, as JSON,
    naming table ``table_id`` (``None``: a shared hand's, which names no table)."""
    views = dealt.views(viewer)
    record = steps(table_id, dealt.stored.setup, views, dealt.book(), you=viewer)
    return HandSteps.model_validate({**record, "private": dealt.private}).model_dump_json().encode()


def _record_text(dealt: Replayable, name: str, seats: int, viewer: int | None) -> bytes:
    """A finished hand's PHH record as ``viewer`` (an engine seat, or ``None``) may see it, at
    a table of this name and number of seats."""
    text = export_phh(
        dealt.stored.setup,
        dealt.hand(),
        table_name=name,
        seat_count=seats,
        viewer=viewer,
        book=dealt.book(),
    )
    return text.encode()


async def built_answer(
    request: Request,
    table: Table,
    stored: StoredHand,
    kind: str,
    viewer: int | None,
) -> bytes:
    """A finished hand's steps (``kind`` ``steps``; ``shared-steps``: the same naming no
    table, for a shared link) or record (``phh``) for ``viewer``: built off the event loop
    once, then served from the cache (:mod:`wildstud.server.reads`). The table's name and seat
    count, which a record carries, are part of the key."""
    number = stored.setup.number
    dealt = await replayable(table.store, table.id, stored)
    if kind in ("steps", "shared-steps"):
        key: tuple[Any, ...] = (table.id, number, kind, viewer)
        named = table.id if kind == "steps" else None
        return await reads_of(request).answer(key, lambda: _steps_json(named, dealt, viewer))
    name, seats = table.name, table.settings.seats
    key = (table.id, number, kind, viewer, name, seats)
    return await reads_of(request).answer(key, lambda: _record_text(dealt, name, seats, viewer))


@router.get("/tables/{table_id}/hands/{number}", responses=ERRORS, summary="One finished hand")
async def hand_history(
    table_id: TableId, number: Annotated[int, Path(ge=1, le=2**31 - 1)], request: Request
) -> HandHistory:
    """The hand as a spectator saw it, with every hand the showdown showed."""
    _, stored = await finished_hand(request, table_id, number)
    return HandHistory.model_validate(stored.summary)


@router.get(
    "/tables/{table_id}/hands/{number}/steps",
    responses=ERRORS,
    response_model=HandSteps,
    summary="One finished hand, move by move",
)
async def hand_steps(
    table_id: TableId, number: Annotated[int, Path(ge=1, le=2**31 - 1)], request: Request
) -> Response:
    """The spectator's view after every move of the hand, replayed from the store: what the
    table showed live, step by step, with no hidden card the showdown did not show."""
    table, stored = await finished_hand(request, table_id, number)
    body = await built_answer(request, table, stored, "steps", None)
    return Response(body, media_type="application/json")


@router.get(
    "/tables/{table_id}/hands/{number}/phh",
    responses={
        **ERRORS,
        200: {
            "content": {"text/plain": {"schema": {"type": "string"}}},
            "description": "A PHH record",
        },
    },
    response_model=None,
    summary="Download a finished hand as a PHH record",
)
async def hand_record(
    table_id: TableId, number: Annotated[int, Path(ge=1, le=2**31 - 1)], request: Request
) -> Response:
    """The hand in the PHH notation (``docs/records.md``), as a spectator may see it."""
    table, stored = await finished_hand(request, table_id, number)
    text = await built_answer(request, table, stored, "phh", None)
    return PlainTextResponse(
        text,
        headers={
            "Content-Disposition": f'attachment; filename="{table.id}-{number}.phh"',
        },
    )


@router.get(
    "/tables/{table_id}/hands/{number}/odds",
    responses=ERRORS,
    response_model=HandOdds,
    summary="A finished hand's odds at every street",
)
async def hand_odds(
    table_id: TableId, number: Annotated[int, Path(ge=1, le=2**31 - 1)], request: Request
) -> Response:
    """Each hand's chances at every street, as the table knew them once the hand was over:
    the cards the showdown showed count as known from the street they were dealt on, every other
    hidden card as unknown. Worked out once per hand by the odds engine (``wildstud odds`` gives
    the same figures for the hand's record cut at that street), off the event loop, then served
    from the cache (:mod:`wildstud.server.reads`)."""
    table, stored = await finished_hand(request, table_id, number)
    return Response(await odds_answer(request, table, stored), media_type="application/json")


async def odds_answer(request: Request, table: Table, stored: StoredHand) -> bytes:
    """A finished hand's odds at every street (:class:`~wildstud.server.schemas.HandOdds`) as
    JSON: built off the event loop once, then served from the cache."""

    dealt = await replayable(table.store, table.id, stored)

    def build() -> bytes:
        report = odds_report(stored.setup, dealt.hand())
        return HandOdds.model_validate(report).model_dump_json().encode()

    return await reads_of(request).answer(
        (table.id, stored.setup.number, "odds", None), build, chances=True
    )
