"""The REST API: tables, seats, the host's controls, hand histories, the chip ledger and the
night's settle-up.

Tokens travel in the path, as in the links the host shares: ``/api/host/{host_token}/…`` for
the host's controls, ``/api/join/{join_token}`` to take a seat. A table's id reaches only what
everyone at the table may see: its state, its finished hands, its ledger and the night
(``/api/tables/{id}/night``: each player's buy-ins, cash-outs, chips and net, with the fewest
payments that square them; ``/api/tables/{id}/night.csv``: those payments as CSV, one row each,
``payer,payee,amount,payer_id,payee_id``; see :mod:`wildstud.server.night`). The host decides
players' requests for chips (``POST /api/host/{token}/rebuys/{id}/approve`` and ``…/decline``;
:mod:`wildstud.server.table.cashier`) and ends the night (``POST /api/host/{token}/end``); a player
leaves and cashes out with ``POST /api/seat/{token}/leave``.

Refusals are JSON objects with a ``detail`` sentence: 400 for a request the rules refuse, 404
for an unknown id or token, 409 for a seat that cannot be had (taken, or its name already at the
table), 422 for a request that is not valid, 413 for a body too large and 429 for tables created
(or requests for chips decided) too fast (:mod:`wildstud.server.limits`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Path, Query, Request, Response
from fastapi.responses import JSONResponse, PlainTextResponse

from wildstud.games import GAMES, find_game
from wildstud.server import qrcodes
from wildstud.server.errors import SeatError, UnknownRequestError
from wildstud.server.frames import ChatLogFrame
from wildstud.server.hindsight import odds_report
from wildstud.server.history import export_phh, held_in_hand, steps
from wildstud.server.limits import RateLimitedError, client_address, table_creation_allowed
from wildstud.server.lobby import Lobby
from wildstud.server.night import report, transfers_csv
from wildstud.server.reads import HandReads
from wildstud.server.refusals import sentence
from wildstud.server.replay import DeckBook, rebuild, replay_views
from wildstud.server.requests import (
    DECLINE_COOLDOWN,
    MAX_PENDING_PER_ADDRESS,
    DeclineMemory,
    RequestStatus,
    host_command_allowed,
    seat_request_allowed,
)
from wildstud.server.schemas import (
    BotRequest,
    Decision,
    Departed,
    DeviceLink,
    ErrorBody,
    GameInfo,
    HandHistory,
    HandOdds,
    HandSteps,
    HandSummary,
    JoinPreview,
    JoinRequest,
    JoinSeat,
    LedgerReport,
    Links,
    NewTable,
    NightReport,
    OptionInfo,
    PendingRequest,
    RulesUpdate,
    SeatAnswer,
    SeatInfo,
    TableCreated,
    TableInfo,
)
from wildstud.server.seating import Seat, SeatKind
from wildstud.server.store import SeatRequestState, StoredHand
from wildstud.server.table import MuteRequest, Mutes, Table, TableStatus

__all__ = ["NotFoundError", "UnauthorizedError", "router"]

router = APIRouter(prefix="/api")

Token = Annotated[str, Path(min_length=1, max_length=128)]
TableId = Annotated[str, Path(min_length=1, max_length=32)]
_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "The rules refuse the request"},
    404: {"model": ErrorBody, "description": "No such table, token or hand"},
    409: {"model": ErrorBody, "description": "The seat cannot be had"},
}
_LIMITED: dict[int | str, dict[str, Any]] = {
    **_ERRORS,
    429: {"model": ErrorBody, "description": "Too many requests from your address"},
}
_HOST = [Depends(host_command_allowed)]


class NotFoundError(LookupError):
    """An id or a token that names nothing (answered with 404)."""


class UnauthorizedError(LookupError):
    """A request that needs a token and came without one (answered with 401)."""


class NotReadyError(RuntimeError):
    """The server cannot serve tables yet, or for now (answered with 503)."""


READY_TIMEOUT = 2.0
"""Seconds the readiness check waits for the database to answer."""
WRITE_PROBE_EVERY = 1.0
"""Seconds a successful write probe is trusted: however often readiness is asked, the
database is written to at most once a second for it."""


def _lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def _links(request: Request, table: Table, host: str | None = None) -> Links:
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


def _table(request: Request, table_id: str) -> Table:
    table = _lobby(request).table(table_id)
    if table is None:
        raise NotFoundError(f"no table {table_id!r}")
    return table


def _hosted(request: Request, token: str) -> Table:
    table = _lobby(request).by_host(token)
    if table is None:
        raise NotFoundError("no table has this host link")
    return table


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
    lobby = _lobby(request)
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
    """Every game with each house rule's default, allowed values and meaning."""
    result = []
    for game in GAMES:
        defaults = game.options().to_mapping()
        result.append(
            GameInfo(
                name=game.name,
                title=game.title,
                codes=list(game.codes),
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
        **_ERRORS,
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
    table, host = await _lobby(request).create(body.table_settings(), body.bots)
    return TableCreated(
        table=TableInfo.model_validate(table.info()),
        host_token=host,
        links=_links(request, table, host),
    )


@router.get("/tables/{table_id}", responses=_ERRORS, summary="A table as everyone sees it")
async def get_table(table_id: TableId, request: Request) -> TableInfo:
    """The table's settings, seats, button and status."""
    return TableInfo.model_validate(_table(request, table_id).info())


@router.get(
    "/watch/{token}/join-qr",
    responses={
        **_ERRORS,
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
    table = _lobby(request).by_watch(token)
    if table is None:
        raise NotFoundError("no table is watched with this token")
    link = _links(request, table).join
    return Response(qrcodes.image(link, title="Scan to join the table"), media_type="image/svg+xml")


def _declines(request: Request) -> DeclineMemory:
    state = request.app.state
    memory: DeclineMemory | None = getattr(state, "declines", None)
    if memory is None:
        memory = state.declines = DeclineMemory()
    return memory


def _seated(request: Request, table: Table, seat: Seat, token: str | None) -> SeatAnswer:
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


def _asked(table: Table, state: SeatRequestState, token: str | None = None) -> SeatAnswer:
    status = {RequestStatus.PENDING: "pending", RequestStatus.DECLINED: "declined"}.get(
        RequestStatus(state.status), "gone"
    )
    return SeatAnswer(
        status=status,  # type: ignore[arg-type]
        table_id=table.id,
        name=state.name,
        request=state.id if status == "pending" else None,
        seat=state.wanted if status == "pending" else state.seat,
        token=token,
    )


@router.get(
    "/join/{token}",
    responses={**_ERRORS, 429: {"model": ErrorBody, "description": "Too many reads"}},
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
    table = _lobby(request).by_join(token)
    if table is None:
        raise NotFoundError("no table has this join link")
    return table


@router.post(
    "/join/{token}",
    status_code=201,
    responses={**_LIMITED, 202: {"model": SeatAnswer, "description": "The host will decide"}},
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
        return _seated(request, table, seat, secret)
    return await _request_seat(table, body, request, response)


@router.post(
    "/watch/{token}/join",
    status_code=202,
    responses=_LIMITED,
    summary="A spectator asks for a seat",
)
async def watch_join(
    token: Token, body: JoinRequest, request: Request, response: Response
) -> SeatAnswer:
    """A spectator asks the host for a seat from the spectator page: always a seat request
    for the host to decide (even at a table of open seating, whose join link the host may not
    have shared with every spectator), limited and followed as one made with the join link."""
    table = _lobby(request).by_watch(token)
    if table is None:
        raise NotFoundError("no table has this watch link")
    return await _request_seat(table, body, request, response)


async def _request_seat(
    table: Table, body: JoinRequest, request: Request, response: Response
) -> SeatAnswer:
    seat_request_allowed(request)
    declines = _declines(request)
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
    return _asked(table, state, secret)


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
    lobby = _lobby(request)
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
    "/seat/{token}/status", responses=_ERRORS, summary="Where a seat request or a seat stands"
)
async def seat_status(token: Token, request: Request) -> SeatAnswer:
    """``pending`` while the host decides, then ``seated`` (open ``/seat/{token}``) or
    ``declined``; ``gone`` once the seat was given up or its link replaced."""
    lobby = _lobby(request)
    try:
        table, seat = lobby.by_seat(token)
    except SeatError:
        found = lobby.by_request(token)
        if found is None:
            raise NotFoundError("no seat or seat request has this token") from None
        return _asked(*found)
    return _seated(request, table, seat, token)


@router.get("/host/{token}", responses=_ERRORS, summary="The host's view of a table")
async def host_view(token: Token, request: Request) -> TableCreated:
    """The table with every link, the host's own included."""
    table = _hosted(request, token)
    return TableCreated(
        table=TableInfo.model_validate(table.info()),
        host_token=token,
        links=_links(request, table, token),
    )


@router.post(
    "/host/{token}/links",
    responses=_LIMITED,
    dependencies=_HOST,
    summary="Replace the host, join and watch links",
)
async def new_links(token: Token, request: Request) -> TableCreated:
    """New host, join and watch links, for links shared too far: the old three stop working
    at once, and the sockets opened with the old watch link are closed. Seated players keep
    their own seat links. The answer is the only place the new host link is shown."""
    table = _hosted(request, token)
    host = await _lobby(request).new_links(table)
    return TableCreated(
        table=TableInfo.model_validate(table.info()),
        host_token=host,
        links=_links(request, table, host),
    )


@router.post(
    "/host/{token}/start", responses=_LIMITED, dependencies=_HOST, summary="Start or resume dealing"
)
async def start(token: Token, request: Request) -> TableInfo:
    """The table deals whenever two or more seats can be dealt in."""
    table = _hosted(request, token)
    await table.set_status(TableStatus.RUNNING)
    return TableInfo.model_validate(table.info())


@router.post(
    "/host/{token}/pause", responses=_LIMITED, dependencies=_HOST, summary="Pause the table"
)
async def pause(token: Token, request: Request) -> TableInfo:
    """Clocks stop and nobody may act until the host starts the table again."""
    table = _hosted(request, token)
    await table.set_status(TableStatus.PAUSED)
    return TableInfo.model_validate(table.info())


@router.post(
    "/host/{token}/bots",
    status_code=201,
    responses=_LIMITED,
    dependencies=_HOST,
    summary="Seat a bot",
)
async def add_bot(token: Token, body: BotRequest, request: Request) -> SeatInfo:
    """A bot takes the lowest free seat (or the one asked for) with the starting chips."""
    table = _hosted(request, token)
    seat = await table.add_bot(SeatKind(body.kind), body.name, body.seat)
    return SeatInfo.model_validate(seat.info())


@router.delete(
    "/host/{token}/seats/{seat}",
    responses=_LIMITED,
    dependencies=_HOST,
    summary="Remove a player or a bot",
)
async def remove_seat(
    token: Token, seat: Annotated[int, Path(ge=0, le=7)], request: Request
) -> TableInfo:
    """Between hands the seat is freed at once (its chips cashed out); during a hand it is
    played passively (check, else fold) and freed when the hand ends."""
    table = _hosted(request, token)
    await table.remove(seat)
    return TableInfo.model_validate(table.info())


@router.put(
    "/host/{token}/rules", responses=_LIMITED, dependencies=_HOST, summary="Change the rules"
)
async def update_rules(token: Token, body: RulesUpdate, request: Request) -> TableInfo:
    """New games, house rules, stakes or clocks; the hand in progress plays on under the old
    ones and the next hand deals under the new."""
    table = _hosted(request, token)
    await table.update_rules(body)
    return TableInfo.model_validate(table.info())


RequestId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


@router.post(
    "/host/{token}/rebuys/{request_id}/approve",
    responses={**_ERRORS, 429: {"model": ErrorBody, "description": "Too many decisions"}},
    summary="Approve a player's rebuy or top-up",
)
async def approve_rebuy(token: Token, request_id: RequestId, request: Request) -> TableInfo:
    """The chips come to the player's stack at once between hands, else when the hand in
    progress ends; refused (400) when the stack has grown past the top-up ceiling since."""
    table = _hosted(request, token)
    await _decide(table, request_id, approve=True)
    return TableInfo.model_validate(table.info())


@router.post(
    "/host/{token}/rebuys/{request_id}/decline",
    responses={**_ERRORS, 429: {"model": ErrorBody, "description": "Too many decisions"}},
    summary="Decline a player's rebuy or top-up",
)
async def decline_rebuy(token: Token, request_id: RequestId, request: Request) -> TableInfo:
    """The request is closed and nothing changes in the ledger."""
    table = _hosted(request, token)
    await _decide(table, request_id, approve=False)
    return TableInfo.model_validate(table.info())


async def _decide(table: Table, request_id: str, *, approve: bool) -> None:
    table.cashier.take_decision()  # 429 past the table's rate of decisions
    try:
        await table.decide_rebuy(request_id, approve)
    except UnknownRequestError as error:
        raise NotFoundError(str(error)) from None


@router.post("/host/{token}/end", responses=_ERRORS, summary="End the night")
async def end_night(token: Token, request: Request) -> NightReport:
    """The hand in progress plays out and no other is dealt; open requests for chips are
    cancelled. The answer is the night as it stands (final once no hand is in progress)."""
    table = _hosted(request, token)
    await table.end_night()
    return NightReport.model_validate(report(table.id, await table.night()))


@router.put("/host/{token}/mutes", responses=_ERRORS, summary="Mute or unmute a name in the chat")
async def mute(token: Token, body: MuteRequest, request: Request) -> Mutes:
    """A muted player's or spectator's lines are refused until the host unmutes them; the dealer
    says so in the chat. Names compare as seats' names do ("bob" is "Bob")."""
    table = _hosted(request, token)
    return Mutes(muted=await table.mute(body.name, body.muted))


@router.get("/host/{token}/chat", responses=_ERRORS, summary="The table's recent chat")
async def chat_log(token: Token, request: Request) -> ChatLogFrame:
    """The last lines of the chat and the muted names, whoever may read them at the table."""
    return await _hosted(request, token).chat_log()


@router.get("/host/{token}/requests", responses=_ERRORS, summary="The seat requests waiting")
async def pending_requests(token: Token, request: Request) -> list[PendingRequest]:
    """The requests waiting for the host's answer, oldest first."""
    table = _hosted(request, token)
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


@router.get("/host/{token}/departed", responses=_ERRORS, summary="The players who left tonight")
async def departed_players(token: Token, request: Request) -> list[Departed]:
    """The players who have left tonight and not come back, in the order they left: approving
    a seat request, the host may name one of their accounts (``returning``) to seat someone
    as that player coming back."""
    table = _hosted(request, token)
    return [
        Departed.model_validate(dataclasses.asdict(player)) for player in await table.departed()
    ]


@router.post(
    "/host/{token}/requests/{request_id}",
    responses=_LIMITED,
    dependencies=_HOST,
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
    table = _hosted(request, token)
    if not table.requests.known(request_id):
        raise NotFoundError("no seat request with this id at this table")
    state, seat = await table.decide(request_id, body.approve, body.seat, body.returning)
    if seat is None:
        _declines(request).declined(state.id)
        return _asked(table, state)
    return _seated(request, table, seat, None)


@router.post(
    "/host/{token}/seat",
    status_code=201,
    responses=_LIMITED,
    dependencies=_HOST,
    summary="The host takes a seat",
)
async def host_seat(token: Token, body: JoinRequest, request: Request) -> SeatAnswer:
    """The host plays too: a seat at once, with its own link and token, like a player's (and,
    with ``returning``, back on the account they left with it)."""
    table = _hosted(request, token)
    seat, secret = await table.join(body.name, body.seat, body.returning)
    return _seated(request, table, seat, secret)


@router.post(
    "/host/{token}/seats/{seat}/link",
    responses=_LIMITED,
    dependencies=_HOST,
    summary="A new link for a player's seat",
)
async def new_link(
    token: Token, seat: Annotated[int, Path(ge=0, le=7)], request: Request
) -> SeatAnswer:
    """For a player who lost their link: the seat gets a new token, shown here once; the old
    link stops opening the seat at once and its connections are closed."""
    table = _hosted(request, token)
    taken, secret = await table.new_link(seat)
    return _seated(request, table, taken, secret)


@router.get("/tables/{table_id}/hands", responses=_ERRORS, summary="A table's finished hands")
async def hands(
    table_id: TableId,
    request: Request,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    before: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
) -> list[HandSummary]:
    """The latest finished hands, newest first (``before`` pages back)."""
    table = _table(request, table_id)
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


def _reads(request: Request) -> HandReads:
    reads: HandReads = request.app.state.reads
    return reads


async def _finished(request: Request, table_id: str, number: int) -> tuple[Table, Any]:
    table = _table(request, table_id)

    async def load() -> StoredHand | None:
        return await table.store.call(table.store.hand, table.id, number)

    stored = await _reads(request).hand(table.id, number, load)
    if stored is None or stored.live:
        raise NotFoundError(f"table {table_id!r} has no finished hand {number}")
    return table, stored


def _steps_json(table: Table, stored: StoredHand, viewer: int | None) -> bytes:
    """A finished hand's steps as ``viewer`` (an engine seat, or ``None``) saw them, as JSON."""
    book = DeckBook(stored.decks, stored.salts)
    views = replay_views(stored.setup, book, stored.actions, viewer=viewer)
    record = steps(table.id, stored.setup, views, book, you=viewer)
    return HandSteps.model_validate(record).model_dump_json().encode()


def _record_text(stored: StoredHand, name: str, seats: int, viewer: int | None) -> bytes:
    """A finished hand's PHH record as ``viewer`` (an engine seat, or ``None``) may see it, at
    a table of this name and number of seats."""
    book = DeckBook(stored.decks, stored.salts)
    hand = rebuild(stored.setup, book, stored.actions)
    text = export_phh(
        stored.setup, hand, table_name=name, seat_count=seats, viewer=viewer, book=book
    )
    return text.encode()


async def _built(
    request: Request,
    table: Table,
    stored: StoredHand,
    kind: str,
    viewer: int | None,
) -> bytes:
    """A finished hand's steps (``kind`` ``steps``) or record (``phh``) for ``viewer``: built
    off the event loop once, then served from the cache (:mod:`wildstud.server.reads`). The
    table's name and seat count, which a record carries, are part of the key."""
    number = stored.setup.number
    if kind == "steps":
        key: tuple[Any, ...] = (table.id, number, kind, viewer)
        return await _reads(request).answer(key, lambda: _steps_json(table, stored, viewer))
    name, seats = table.name, table.settings.seats
    key = (table.id, number, kind, viewer, name, seats)
    return await _reads(request).answer(key, lambda: _record_text(stored, name, seats, viewer))


@router.get("/tables/{table_id}/hands/{number}", responses=_ERRORS, summary="One finished hand")
async def hand_history(
    table_id: TableId, number: Annotated[int, Path(ge=1, le=2**31 - 1)], request: Request
) -> HandHistory:
    """The hand as a spectator saw it, with every hand the showdown showed."""
    _, stored = await _finished(request, table_id, number)
    return HandHistory.model_validate(stored.summary)


@router.get(
    "/tables/{table_id}/hands/{number}/steps",
    responses=_ERRORS,
    response_model=HandSteps,
    summary="One finished hand, move by move",
)
async def hand_steps(
    table_id: TableId, number: Annotated[int, Path(ge=1, le=2**31 - 1)], request: Request
) -> Response:
    """The spectator's view after every move of the hand, replayed from the store: what the
    table showed live, step by step, with no hidden card the showdown did not show."""
    table, stored = await _finished(request, table_id, number)
    body = await _built(request, table, stored, "steps", None)
    return Response(body, media_type="application/json")


@router.get(
    "/tables/{table_id}/hands/{number}/phh",
    responses={
        **_ERRORS,
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
    table, stored = await _finished(request, table_id, number)
    text = await _built(request, table, stored, "phh", None)
    return PlainTextResponse(
        text,
        headers={
            "Content-Disposition": f'attachment; filename="{table.id}-{number}.phh"',
        },
    )


@router.get(
    "/tables/{table_id}/hands/{number}/odds",
    responses=_ERRORS,
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
    table, stored = await _finished(request, table_id, number)

    def build() -> bytes:
        hand = rebuild(stored.setup, DeckBook(stored.decks, stored.salts), stored.actions)
        report = odds_report(stored.setup, hand)
        return HandOdds.model_validate(report).model_dump_json().encode()

    body = await _reads(request).answer((table.id, number, "odds", None), build)
    return Response(body, media_type="application/json")


@router.post("/seat/{token}/leave", responses=_ERRORS, summary="Leave the table and cash out")
async def leave(token: Token, request: Request) -> TableInfo:
    """The player gives up the seat: at once between hands, with its chips cashed out; in a
    hand the seat checks or folds at its turns and leaves, cashing out, when the hand ends.
    Sitting down again later with this token as ``returning`` keeps the player's ledger
    account (a name alone never does)."""
    try:
        table, seat = _lobby(request).by_seat(token)
    except SeatError as error:
        raise NotFoundError(str(error)) from None
    await table.remove(seat.index)
    return TableInfo.model_validate(table.info())


@router.get(
    "/seat/{token}/hand/phh",
    responses={
        **_ERRORS,
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
        table, seat = _lobby(request).by_seat(token)
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
        table, seat = _lobby(request).by_seat(token)
    except SeatError as error:
        raise NotFoundError(str(error)) from None
    _, stored = await _finished(request, table.id, number)
    return table, stored, held_in_hand(stored.setup, seat.player_id)


@router.get(
    "/seat/{token}/hands/{number}/steps",
    responses=_ERRORS,
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
    body = await _built(request, table, stored, "steps", engine)
    return Response(body, media_type="application/json")


@router.get(
    "/seat/{token}/hands/{number}/phh",
    responses={
        **_ERRORS,
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
    text = await _built(request, table, stored, "phh", engine)
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'attachment; filename="{table.id}-{number}.phh"'}
    )


@router.get("/tables/{table_id}/ledger", responses=_ERRORS, summary="The chip ledger")
async def ledger(table_id: TableId, request: Request) -> LedgerReport:
    """Every buy-in, hand result and cash-out, and whether they add up to the stacks."""
    return LedgerReport.model_validate(await _table(request, table_id).ledger())


@router.get("/tables/{table_id}/night", responses=_ERRORS, summary="The night and its settle-up")
async def night(table_id: TableId, request: Request) -> NightReport:
    """Each player's buy-ins, cash-outs, chips at the table and net (``chips + cash_outs -
    buy_ins``; the nets add up to zero), and the fewest payments that square everyone. A hand
    in progress counts once it ends: until then the figures stand as it began."""
    table = _table(request, table_id)
    return NightReport.model_validate(report(table.id, await table.night()))


@router.get(
    "/tables/{table_id}/night.csv",
    responses={
        **_ERRORS,
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
    table = _table(request, table_id)
    return Response(
        transfers_csv(await table.night()),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{table.id}-night.csv"'},
    )


def error_response(status: int, detail: str) -> JSONResponse:
    """An error answer in the API's shape, its detail a sentence."""
    return JSONResponse({"detail": sentence(detail)}, status_code=status)
