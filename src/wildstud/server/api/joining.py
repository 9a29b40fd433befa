"""Taking a seat: what a join link opens, asking for a seat (a player or a spectator), a
link for another device, and where a request or a seat stands."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Request, Response

from wildstud.games import find_game
from wildstud.server import qrcodes
from wildstud.server.api.common import (
    ERRORS,
    LIMITED,
    NotFoundError,
    Token,
    UnauthorizedError,
    asked_answer,
    declines_of,
    lobby_of,
    seated_answer,
)
from wildstud.server.errors import SeatError
from wildstud.server.limits import RateLimitedError, client_address
from wildstud.server.requests import (
    DECLINE_COOLDOWN,
    MAX_PENDING_PER_ADDRESS,
    RequestStatus,
    seat_request_allowed,
)
from wildstud.server.schemas import (
    DeviceLink,
    ErrorBody,
    JoinPreview,
    JoinRequest,
    JoinSeat,
    SeatAnswer,
)
from wildstud.server.seating import SeatKind
from wildstud.server.table import Table

__all__ = ["router"]

router = APIRouter()


@router.get(
    "/join/{token}",
    responses={**ERRORS, 429: {"model": ErrorBody, "description": "Too many reads"}},
    summary="What a join link opens: the table, its host and who is seated",
)
async def join_preview(token: Token, request: Request) -> JoinPreview:
    """The join page's first read, before anyone gives a name: the table's name, its host's
    name, its status, the games on the menu and who sits where (bots marked); 404 for a link
    that opens no table (mistyped, or replaced by the host). Only public facts: no table id,
    no token, no stack. Limited per address as the other reads are."""
    table = _joined(request, token)
    return JoinPreview(
        name=table.name,
        host_name=table.settings.host_name,
        status=table.status.value,
        seats=table.settings.seats,
        seated=[
            JoinSeat(seat=seat.index, name=seat.name, bot=seat.kind is not SeatKind.PLAYER)
            for seat in (table.seats[index] for index in sorted(table.seats))
        ],
        seat_requests=table.settings.seat_requests,
        games=[find_game(entry.game).title for entry in table.settings.games],
    )


def _joined(request: Request, token: str) -> Table:
    table = lobby_of(request).by_join(token)
    if table is None:
        raise NotFoundError("no table has this join link")
    return table


@router.post(
    "/join/{token}",
    status_code=201,
    responses={**LIMITED, 202: {"model": SeatAnswer, "description": "The host will decide"}},
    summary="Ask for a seat at a table (or take one, with open seating)",
)
async def join(token: Token, body: JoinRequest, request: Request, response: Response) -> SeatAnswer:
    """With seat requests on (the table's ``seat_requests``, the default) the request waits
    for the host (202, ``status: pending``): ask ``GET /api/seat/{token}/status`` how it stands;
    once approved, the token given here opens the seat. With open seating the player takes the
    lowest free seat (or the one asked for) at once (201, ``status: seated``). Either way the
    token is the seat's key: opening its link again later resumes the seat. A name the host
    declined (or one that looks like it) may ask again from the same address only after a
    minute (429). A player who left tonight comes back to their ledger account by sending the
    seat token they left with (``returning``); a name alone never does. A name already waiting
    for the host is refused (409), even to its own requester: a second device of theirs reaches
    the request with its token (``POST /api/device-link``)."""
    table = _joined(request, token)
    if not table.settings.seat_requests:
        seat, secret = await table.join(body.name, body.seat, body.returning)
        return seated_answer(request, table, seat, secret)
    return await _request_seat(table, body, request, response)


@router.post(
    "/watch/{token}/join",
    status_code=202,
    responses=LIMITED,
    summary="A spectator asks for a seat",
)
async def watch_join(
    token: Token, body: JoinRequest, request: Request, response: Response
) -> SeatAnswer:
    """A spectator asks the host for a seat from the spectator page: always a seat request
    for the host to decide (even at a table of open seating, whose join link the host may not
    have shared with every spectator), limited and followed as one made with the join link."""
    table = lobby_of(request).by_watch(token)
    if table is None:
        raise NotFoundError("no table has this watch link")
    return await _request_seat(table, body, request, response)


async def _request_seat(
    table: Table, body: JoinRequest, request: Request, response: Response
) -> SeatAnswer:
    seat_request_allowed(request)
    declines = declines_of(request)
    address = client_address(request)
    wait = declines.wait(address, body.name)
    if wait is not None:
        raise RateLimitedError(
            f"the host declined a request for this name a moment ago: you may ask again in"
            f" {int(wait) + 1} s",
            wait,
        )
    if declines.waiting(address, table.requests.pending()) >= MAX_PENDING_PER_ADDRESS:
        raise RateLimitedError(
            f"Your address already has {MAX_PENDING_PER_ADDRESS} requests waiting for the host"
            " at this table: wait for the host's answer",
            DECLINE_COOLDOWN,
        )
    state, secret = await table.request_seat(body.name, body.seat, body.returning)
    declines.asked(state.id, address, state.name)
    response.status_code = 202
    return asked_answer(table, state, secret)


_BEARER = "bearer "


@router.post(
    "/device-link",
    responses={
        401: {"model": ErrorBody, "description": "No token in the Authorization header"},
        404: {"model": ErrorBody, "description": "No seat or waiting request has this token"},
        429: {"model": ErrorBody, "description": "Too many reads"},
    },
    summary="The link and QR code that open your seat or your waiting request elsewhere",
)
async def device_link(
    request: Request,
    authorization: Annotated[
        str,
        Header(
            max_length=len(_BEARER) + 256,  # longer still is no token: 422 before any lookup
            description="Bearer and the token of the seat or of the waiting request",
        ),
    ] = "",
) -> DeviceLink:
    """For ``Authorization: Bearer {token}`` (a seat's token, or a pending seat request's):
    the link that opens the same seat on another device (``/seat/{token}``), or that follows
    the same request there (``/join/{join token}#request={token}``: the part after ``#`` never
    leaves the browser), with its QR code drawn here as SVG. The token travels in a header, never
    in a URL, so no access log or proxy sees it; the answer is not cached. A request the host
    has decided has no such link (404): the seat's own link, or a new request, serves then.
    Limited per address as the other reads are."""
    header = authorization
    token = header[len(_BEARER) :].strip() if header.lower().startswith(_BEARER) else ""
    if not token or len(token) > 128:
        raise UnauthorizedError("send the seat's token as 'Authorization: Bearer <token>'")
    lobby = lobby_of(request)
    base = request.app.state.public_url or str(request.base_url).rstrip("/")
    try:
        lobby.by_seat(token)
    except SeatError:
        found = lobby.by_request(token)
        if found is None or found[1].status != RequestStatus.PENDING:
            raise NotFoundError("no seat or waiting seat request has this token") from None
        link = f"{base}/join/{found[0].join_token}#request={token}"
        title = "Follow your seat request on another device"
    else:
        link = f"{base}/seat/{token}"
        title = "Open your seat on another device"
    return DeviceLink(link=link, qr_svg=qrcodes.svg(link, title=title))


@router.get(
    "/seat/{token}/status", responses=ERRORS, summary="Where a seat request or a seat stands"
)
async def seat_status(token: Token, request: Request) -> SeatAnswer:
    """``pending`` while the host decides, then ``seated`` (open ``/seat/{token}``) or
    ``declined``; ``gone`` once the seat was given up or its link replaced."""
    lobby = lobby_of(request)
    try:
        table, seat = lobby.by_seat(token)
    except SeatError:
        found = lobby.by_request(token)
        if found is None:
            raise NotFoundError("no seat or seat request has this token") from None
        return asked_answer(*found)
    return seated_answer(request, table, seat, token)
