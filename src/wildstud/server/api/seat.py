"""What a seat's token opens: leaving the table, and the seat's own records of past hands."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import PlainTextResponse

from wildstud.errors import RabbitError
from wildstud.server.api.common import (
    ERRORS,
    NotFoundError,
    Token,
    lobby_of,
)
from wildstud.server.api.hands import built_answer, finished_hand, reads_of
from wildstud.server.errors import SeatError
from wildstud.server.frames import RabbitFrame
from wildstud.server.history import export_phh, held_in_hand
from wildstud.server.rabbit import rabbit_frame
from wildstud.server.schemas import (
    HandSteps,
    TableInfo,
)
from wildstud.server.table import Table

__all__ = ["router"]

router = APIRouter()


@router.post("/seat/{token}/leave", responses=ERRORS, summary="Leave the table and cash out")
async def leave(token: Token, request: Request) -> TableInfo:
    """The player gives up the seat: at once between hands, with its chips cashed out; in a
    hand the seat checks or folds at its turns and leaves, cashing out, when the hand ends.
    Sitting down again later with this token as ``returning`` keeps the player's ledger
    account (a name alone never does)."""
    try:
        table, seat = lobby_of(request).by_seat(token)
    except SeatError as error:
        raise NotFoundError(str(error)) from None
    await table.remove(seat.index)
    return TableInfo.model_validate(table.info())


@router.get(
    "/seat/{token}/hand/phh",
    responses={
        **ERRORS,
        200: {
            "content": {"text/plain": {"schema": {"type": "string"}}},
            "description": "A PHH record",
        },
    },
    response_model=None,
    summary="The hand in progress as a seat knows it, as a PHH record",
)
async def seat_record(token: Token, request: Request) -> Response:
    """What has happened in the hand so far, with the seat's own hidden cards and nobody
    else's (``??``)."""
    try:
        table, seat = lobby_of(request).by_seat(token)
    except SeatError as error:
        raise NotFoundError(str(error)) from None
    live = table.live
    if live is None:
        raise NotFoundError("no hand is in progress at this table")
    text = export_phh(
        live.setup,
        live.hand,
        table_name=table.name,
        seat_count=table.settings.seats,
        viewer=live.engine_seat(seat),
        book=live.book,
    )
    return PlainTextResponse(text)


async def _seat_hand(request: Request, token: str, number: int) -> tuple[Table, Any, int | None]:
    """The table of a seat token, its finished hand ``number``, and the engine seat the
    token's player held in it (``None``: not dealt in; a newcomer at a departed player's
    seat was not)."""
    try:
        table, seat = lobby_of(request).by_seat(token)
    except SeatError as error:
        raise NotFoundError(str(error)) from None
    _, stored = await finished_hand(request, table.id, number)
    return table, stored, held_in_hand(stored.setup, seat.player_id)


@router.get(
    "/seat/{token}/hands/{number}/steps",
    responses=ERRORS,
    response_model=HandSteps,
    summary="One finished hand, move by move, from a seat",
)
async def seat_hand_steps(
    token: Token, number: Annotated[int, Path(ge=1, le=2**31 - 1)], request: Request
) -> Response:
    """The hand as the token's player saw it from the seat, step by step: its own hole cards
    from the start, everyone else's hidden cards only where the showdown showed them. A hand
    the player was not dealt into (a newcomer at the seat of a player who left was not) is
    the spectator's view, with ``you`` null."""
    table, stored, engine = await _seat_hand(request, token, number)
    body = await built_answer(request, table, stored, "steps", engine)
    return Response(body, media_type="application/json")


@router.get(
    "/seat/{token}/hands/{number}/phh",
    responses={
        **ERRORS,
        200: {
            "content": {"text/plain": {"schema": {"type": "string"}}},
            "description": "A PHH record",
        },
    },
    response_model=None,
    summary="Download a finished hand as a seat saw it, as a PHH record",
)
async def seat_hand_record(
    token: Token, number: Annotated[int, Path(ge=1, le=2**31 - 1)], request: Request
) -> Response:
    """The hand in the PHH notation with the player's own hole cards and no one else's hidden
    card the showdown did not show."""
    table, stored, engine = await _seat_hand(request, token, number)
    text = await built_answer(request, table, stored, "phh", engine)
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'attachment; filename="{table.id}-{number}.phh"'}
    )


@router.post(
    "/seat/{token}/hands/{number}/rabbit",
    responses=ERRORS,
    response_model=RabbitFrame,
    summary="Hunt the rabbit of a hand won by a fold",
)
async def seat_rabbit(
    token: Token, number: Annotated[int, Path(ge=1, le=2**31 - 1)], request: Request
) -> Response:
    """Under the table setting ``rabbit_hunt``: the face-up cards the rest of finished hand
    ``number`` would have dealt to the two hands that contested it, had the last of them not
    folded, each with its proof against the deal's commitment (:mod:`wildstud.server.rabbit`;
    no hole card is ever shown). Every page at the table gets the same frame; refused (400)
    where the table does not hunt the rabbit or the hand has none to hunt."""
    try:
        table, seat = lobby_of(request).by_seat(token)
    except SeatError as error:
        raise NotFoundError(str(error)) from None
    if not table.settings.rabbit_hunt:
        raise RabbitError("this table does not hunt the rabbit (the host's setting rabbit_hunt)")
    _, stored = await finished_hand(request, table.id, number)
    # Built off the event loop (a hand replayed from the store), once per hand.
    key = (table.id, number, "rabbit", None)

    def build() -> bytes:
        try:
            return json.dumps(rabbit_frame(stored, "")).encode()
        except RabbitError as error:
            return json.dumps({"refused": str(error)}).encode()

    built = json.loads(await reads_of(request).answer(key, build))
    if "refused" in built:
        raise RabbitError(built["refused"])
    frame = {**built, "asked_by": seat.name}
    table.fanout.broadcast(frame)
    return Response(json.dumps(frame), media_type="application/json")
