"""The host's controls, every one behind the host's token."""

from __future__ import annotations

import dataclasses
from typing import Annotated

from fastapi import APIRouter, Path, Request

from wildstud.server.api.common import (
    ERRORS,
    HOST_ONLY,
    LIMITED,
    NotFoundError,
    Token,
    asked_answer,
    declines_of,
    hosted_table,
    links_of,
    lobby_of,
    seated_answer,
)
from wildstud.server.errors import UnknownRequestError
from wildstud.server.frames import ChatLogFrame
from wildstud.server.night import report
from wildstud.server.schemas import (
    BotRequest,
    Decision,
    Departed,
    ErrorBody,
    JoinRequest,
    NightReport,
    PendingRequest,
    RulesUpdate,
    SeatAnswer,
    SeatInfo,
    TableCreated,
    TableInfo,
)
from wildstud.server.seating import SeatKind
from wildstud.server.table import MuteRequest, Mutes, Table, TableStatus

__all__ = ["router"]

router = APIRouter()


@router.get("/host/{token}", responses=ERRORS, summary="The host's view of a table")
async def host_view(token: Token, request: Request) -> TableCreated:
    """The table with every link, the host's own included."""
    table = hosted_table(request, token)
    return TableCreated(
        table=TableInfo.model_validate(table.info()),
        host_token=token,
        links=links_of(request, table, token),
    )


@router.post(
    "/host/{token}/links",
    responses=LIMITED,
    dependencies=HOST_ONLY,
    summary="Replace the host, join and watch links",
)
async def new_links(token: Token, request: Request) -> TableCreated:
    """New host, join and watch links, for links shared too far: the old three stop working
    at once, and the sockets opened with the old watch link are closed. Seated players keep
    their own seat links. The answer is the only place the new host link is shown."""
    table = hosted_table(request, token)
    host = await lobby_of(request).new_links(table)
    return TableCreated(
        table=TableInfo.model_validate(table.info()),
        host_token=host,
        links=links_of(request, table, host),
    )


@router.post(
    "/host/{token}/start",
    responses=LIMITED,
    dependencies=HOST_ONLY,
    summary="Start or resume dealing",
)
async def start(token: Token, request: Request) -> TableInfo:
    """The table deals whenever two or more seats can be dealt in."""
    table = hosted_table(request, token)
    await table.set_status(TableStatus.RUNNING)
    return TableInfo.model_validate(table.info())


@router.post(
    "/host/{token}/pause", responses=LIMITED, dependencies=HOST_ONLY, summary="Pause the table"
)
async def pause(token: Token, request: Request) -> TableInfo:
    """Clocks stop and nobody may act until the host starts the table again."""
    table = hosted_table(request, token)
    await table.set_status(TableStatus.PAUSED)
    return TableInfo.model_validate(table.info())


@router.post(
    "/host/{token}/bots",
    status_code=201,
    responses=LIMITED,
    dependencies=HOST_ONLY,
    summary="Seat a bot",
)
async def add_bot(token: Token, body: BotRequest, request: Request) -> SeatInfo:
    """A bot takes the lowest free seat (or the one asked for) with the starting chips."""
    table = hosted_table(request, token)
    seat = await table.add_bot(SeatKind(body.kind), body.name, body.seat)
    return SeatInfo.model_validate(seat.info())


@router.delete(
    "/host/{token}/seats/{seat}",
    responses=LIMITED,
    dependencies=HOST_ONLY,
    summary="Remove a player or a bot",
)
async def remove_seat(
    token: Token, seat: Annotated[int, Path(ge=0, le=7)], request: Request
) -> TableInfo:
    """Between hands the seat is freed at once (its chips cashed out); during a hand it is
    played passively (check, else fold) and freed when the hand ends."""
    table = hosted_table(request, token)
    await table.remove(seat)
    return TableInfo.model_validate(table.info())


@router.put(
    "/host/{token}/rules", responses=LIMITED, dependencies=HOST_ONLY, summary="Change the rules"
)
async def update_rules(token: Token, body: RulesUpdate, request: Request) -> TableInfo:
    """New games, house rules, stakes or clocks; the hand in progress plays on under the old
    ones and the next hand deals under the new."""
    table = hosted_table(request, token)
    await table.update_rules(body)
    return TableInfo.model_validate(table.info())


RequestId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


@router.post(
    "/host/{token}/rebuys/{request_id}/approve",
    responses={**ERRORS, 429: {"model": ErrorBody, "description": "Too many decisions"}},
    summary="Approve a player's rebuy or top-up",
)
async def approve_rebuy(token: Token, request_id: RequestId, request: Request) -> TableInfo:
    """The chips come to the player's stack at once between hands, else when the hand in
    progress ends; refused (400) when the stack has grown past the top-up ceiling since."""
    table = hosted_table(request, token)
    await _decide(table, request_id, approve=True)
    return TableInfo.model_validate(table.info())


@router.post(
    "/host/{token}/rebuys/{request_id}/decline",
    responses={**ERRORS, 429: {"model": ErrorBody, "description": "Too many decisions"}},
    summary="Decline a player's rebuy or top-up",
)
async def decline_rebuy(token: Token, request_id: RequestId, request: Request) -> TableInfo:
    """The request is closed and nothing changes in the ledger."""
    table = hosted_table(request, token)
    await _decide(table, request_id, approve=False)
    return TableInfo.model_validate(table.info())


async def _decide(table: Table, request_id: str, *, approve: bool) -> None:
    try:  # 429 past the table's rate of decisions (RateLimitedError)
        await table.decide_rebuy(request_id, approve)
    except UnknownRequestError as error:
        raise NotFoundError(str(error)) from None


@router.post("/host/{token}/end", responses=ERRORS, summary="End the night")
async def end_night(token: Token, request: Request) -> NightReport:
    """The hand in progress plays out and no other is dealt; open requests for chips are
    cancelled. The answer is the night as it stands (final once no hand is in progress)."""
    table = hosted_table(request, token)
    await table.end_night()
    return NightReport.model_validate(report(table.id, await table.night()))


@router.put("/host/{token}/mutes", responses=ERRORS, summary="Mute or unmute a name in the chat")
async def mute(token: Token, body: MuteRequest, request: Request) -> Mutes:
    """A muted player's or spectator's lines are refused until the host unmutes them; the dealer
    says so in the chat. Names compare as seats' names do ("bob" is "Bob")."""
    table = hosted_table(request, token)
    return Mutes(muted=await table.mute(body.name, body.muted))


@router.get("/host/{token}/chat", responses=ERRORS, summary="The table's recent chat")
async def chat_log(token: Token, request: Request) -> ChatLogFrame:
    """The last lines of the chat and the muted names, whoever may read them at the table."""
    return await hosted_table(request, token).chat_log()


@router.get("/host/{token}/requests", responses=ERRORS, summary="The seat requests waiting")
async def pending_requests(token: Token, request: Request) -> list[PendingRequest]:
    """The requests waiting for the host's answer, oldest first."""
    table = hosted_table(request, token)
    gone = {player.player_id: player for player in await table.departed()}
    return [
        PendingRequest(
            id=state.id,
            name=state.name,
            seat=state.wanted,
            returning=None
            if state.returning not in gone
            else Departed.model_validate(dataclasses.asdict(gone[state.returning])),
        )
        for state in table.requests.pending()
    ]


@router.get("/host/{token}/departed", responses=ERRORS, summary="The players who left tonight")
async def departed_players(token: Token, request: Request) -> list[Departed]:
    """The players who have left tonight and not come back, in the order they left: approving
    a seat request, the host may name one of their accounts (``returning``) to seat someone
    as that player coming back."""
    table = hosted_table(request, token)
    return [
        Departed.model_validate(dataclasses.asdict(player)) for player in await table.departed()
    ]


@router.post(
    "/host/{token}/requests/{request_id}",
    responses=LIMITED,
    dependencies=HOST_ONLY,
    summary="Approve or decline a seat request",
)
async def decide_request(
    token: Token,
    request_id: Annotated[str, Path(min_length=1, max_length=32)],
    body: Decision,
    request: Request,
) -> SeatAnswer:
    """Approve (the requester takes the seat given, the one they asked for, or the lowest
    free) or decline; a request already decided is refused (409) and stays as it was.
    Approving, ``returning`` seats the requester on the account of a player who left tonight
    (see ``GET /api/host/{token}/departed``): the host's word that they are that player."""
    table = hosted_table(request, token)
    if not table.requests.known(request_id):
        raise NotFoundError("no seat request with this id at this table")
    state, seat = await table.decide(request_id, body.approve, body.seat, body.returning)
    if seat is None:
        declines_of(request).declined(state.id)
        return asked_answer(table, state)
    return seated_answer(request, table, seat, None)


@router.post(
    "/host/{token}/seat",
    status_code=201,
    responses=LIMITED,
    dependencies=HOST_ONLY,
    summary="The host takes a seat",
)
async def host_seat(token: Token, body: JoinRequest, request: Request) -> SeatAnswer:
    """The host plays too: a seat at once, with its own link and token, like a player's (and,
    with ``returning``, back on the account they left with it)."""
    table = hosted_table(request, token)
    seat, secret = await table.join(body.name, body.seat, body.returning)
    return seated_answer(request, table, seat, secret)


@router.post(
    "/host/{token}/seats/{seat}/link",
    responses=LIMITED,
    dependencies=HOST_ONLY,
    summary="A new link for a player's seat",
)
async def new_link(
    token: Token, seat: Annotated[int, Path(ge=0, le=7)], request: Request
) -> SeatAnswer:
    """For a player who lost their link: the seat gets a new token, shown here once; the old
    link stops opening the seat at once and its connections are closed."""
    table = hosted_table(request, token)
    taken, secret = await table.new_link(seat)
    return seated_answer(request, table, taken, secret)
