"""A club's routes: creating a club, joining it (the host decides), a member's identity and
their other devices, nights created from the club and seats at them, and the club's book.

Tokens travel in the path, as the tables' do: ``/api/clubs/host/{host_token}/…`` for the
club's host, ``/api/clubs/member/{member_token}/…`` for a member (the token their device
keeps, stored only hashed), ``/api/clubs/join/{join_token}`` to ask to join. A member's token
reaches only their own club: another club's night, or a payment that is not theirs to act on,
is refused (404 and 403) and nothing changes.
"""

from __future__ import annotations

import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Request, Response

from wildstud.book import Book, BookError, Payment, payment_link
from wildstud.server import qrcodes
from wildstud.server.api.common import (
    ERRORS,
    LIMITED,
    NotFoundError,
    TableId,
    Token,
    links_of,
    lobby_of,
    seated_answer,
)
from wildstud.server.club_schemas import (
    BookAnswer,
    BookBalance,
    BookNight,
    BookPayment,
    ClubAnswer,
    ClubCreated,
    ClubLinks,
    ClubNightInfo,
    ClubPreview,
    MemberDecision,
    MemberInfo,
    MemberJoin,
    MemberStatus,
    NewClub,
    NewNight,
    NightCreated,
    NightSeat,
    Profile,
    SeasonInfo,
    free_colour,
)
from wildstud.server.clubs import (
    ClubBook,
    ClubConflictError,
    NotAllowedError,
    Step,
    book_ended,
    take_step,
)
from wildstud.server.limits import table_creation_allowed
from wildstud.server.names import seat_name, table_name
from wildstud.server.night import Night
from wildstud.server.requests import seat_request_allowed
from wildstud.server.schemas import DeviceLink, ErrorBody, NewTable, SeatAnswer
from wildstud.server.security import new_id, new_token, token_hash
from wildstud.server.store.clubs import (
    ClubState,
    MemberState,
    add_member,
    add_night,
    add_seat,
    club,
    club_by_host,
    club_by_join,
    create_club,
    decide_member,
    member_by_token,
    members,
    night_club,
    nights,
    seasons,
    seat_members,
    update_member,
)
from wildstud.server.table import Table, build_menu

__all__ = ["router"]

router = APIRouter(prefix="/clubs")

CLUB_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    403: {"model": ErrorBody, "description": "Not yours to do (or not a member yet)"},
    409: {"model": ErrorBody, "description": "The club's or the book's state refuses it"},
}
READ_ERRORS: dict[int | str, dict[str, Any]] = {
    **CLUB_ERRORS,
    429: {"model": ErrorBody, "description": "Too many reads from your address"},
}
"""The answers of the club's reads that are limited per address (:class:`~wildstud.server.
limits.ReadLimit`)."""
PaymentNumber = Annotated[int, Path(ge=1, le=1_000_000)]
StepName = Literal["paid", "confirmed", "not-received"]
MemberId = Annotated[str, Path(min_length=1, max_length=32)]


def _base(request: Request) -> str:
    return request.app.state.public_url or str(request.base_url).rstrip("/")


def _links(request: Request, state: ClubState, host: str | None = None) -> ClubLinks:
    base = _base(request)
    return ClubLinks(
        host=None if host is None else f"{base}/club-host/{host}",
        join=f"{base}/club-join/{state.join_token}",
    )


def _info(member: MemberState) -> MemberInfo:
    return MemberInfo(
        id=member.id,
        name=member.name,
        colour=member.colour,
        initials=member.initials,
        handle=member.handle,
        handle_link=None if member.handle is None else payment_link(member.handle),
        status=member.status,
        host=member.host,
    )


async def _hosted(request: Request, token: str) -> tuple[ClubState, MemberState]:
    """The club whose host token is ``token`` and its host's membership, or 404."""
    store = lobby_of(request).store
    found = await store.call(club_by_host, store.engine, token_hash(token))
    if found is None:
        raise NotFoundError("no club has this host link")
    everyone = await store.call(members, store.engine, found.id)
    return found, next(member for member in everyone if member.host)


async def _member(
    request: Request, token: str, *, admitted: bool = True
) -> tuple[ClubState, MemberState]:
    """The member whose token is ``token`` and their club, or 404; with ``admitted``, 403
    for a request the host has not granted."""
    store = lobby_of(request).store
    member = await store.call(member_by_token, store.engine, token_hash(token))
    found = None if member is None else await store.call(club, store.engine, member.club_id)
    if member is None or found is None:
        raise NotFoundError("no member of a club has this link")
    if admitted and member.status != "member":
        raise NotAllowedError(
            "the host has not let you into the club yet"
            if member.status == "pending"
            else "the host declined your request to join the club"
        )
    return found, member


async def _answer(
    request: Request, state: ClubState, you: MemberState, host: str | None = None
) -> ClubAnswer:
    store = lobby_of(request).store
    everyone = await store.call(members, store.engine, state.id)
    kept = await _book(request, state)
    return ClubAnswer(
        id=state.id,
        name=state.name,
        you=_info(you),
        members=[
            _info(member)
            for member in everyone
            if member.status == "member" or (you.host and member.status == "pending")
        ],
        nights=await _nights(request, state, kept.book),
        links=_links(request, state, host),
        is_host=host is not None,
        seasons=[
            SeasonInfo(id=season.id, name=season.name, starts=season.starts, ends=season.ends)
            for season in await store.call(seasons, store.engine, state.id)
        ],
    )


async def _nights(request: Request, state: ClubState, book: Book) -> list[ClubNightInfo]:
    lobby = lobby_of(request)
    booked = {entry.night for entry in book.nights}
    listed = []
    for night in await lobby.store.call(nights, lobby.store.engine, state.id):
        table = lobby.table(night.table_id)
        listed.append(
            ClubNightInfo(
                table_id=night.table_id,
                number=night.number,
                name=None if table is None else table.name,
                status=None if table is None else table.status.value,
                booked=night.table_id in booked,
                join=None if table is None else links_of(request, table).join,
            )
        )
    return listed


async def _book(request: Request, state: ClubState) -> ClubBook:
    """The club's book, with every night of the club that is over in it."""
    lobby = lobby_of(request)

    async def night_of(table_id: str) -> Night | None:
        table = lobby.table(table_id)
        return None if table is None else await table.night()

    return await book_ended(lobby.store, state.id, night_of)


async def _book_answer(request: Request, state: ClubState, kept: ClubBook) -> BookAnswer:
    store = lobby_of(request).store
    everyone = {member.id: member for member in await store.call(members, store.engine, state.id)}
    club_nights = await store.call(nights, store.engine, state.id)
    numbers = {night.table_id: night.number for night in club_nights}
    dates = {
        night.table_id: night.created_at.astimezone(datetime.UTC).date() for night in club_nights
    }
    for night, facts in kept.imported.items():
        dates[night] = datetime.date.fromisoformat(facts["date"])
    names = {**kept.names, **{member.id: member.name for member in everyone.values()}}
    book = kept.book

    def handle(account: str) -> str | None:
        member = everyone.get(account)
        return None if member is None else member.handle

    payments = []
    for payment in book.payments:
        given = handle(payment.payee)
        payments.append(
            BookPayment(
                number=payment.number,
                night=payment.night,
                payer=payment.payer,
                payee=payment.payee,
                payer_name=names.get(payment.payer, payment.payer),
                payee_name=names.get(payment.payee, payment.payee),
                amount=payment.amount,
                status=payment.status.value,
                replaced_by=payment.replaced_by,
                payee_handle=given,
                payee_link=None if given is None else payment_link(given),
            )
        )
    balances = []
    for account in book.members():
        balance = book.balance(account)
        balances.append(
            BookBalance(
                member=account,
                name=names.get(account, account),
                nights=balance.nights,
                received=balance.received,
                paid=balance.paid,
                owed_to=balance.owed_to,
                owes=balance.owes,
                squared=balance.squared,
                history=[
                    f"payment:{item.number}" if isinstance(item, Payment) else f"night:{item.night}"
                    for item in book.history(account)
                ],
            )
        )
    return BookAnswer(
        nights=[
            BookNight(
                night=entry.night,
                number=numbers.get(entry.night),
                date=dates.get(entry.night),
                source=kept.imported.get(entry.night, {}).get("source", "played"),
                nets=dict(entry.nets),
                payments=list(entry.payments),
                replaced=list(entry.replaced),
            )
            for entry in book.nights
        ],
        payments=payments,
        balances=balances,
        names=names,
    )


# -- the club and its members ----------------------------------------------------------------


@router.post(
    "",
    status_code=201,
    responses={**ERRORS, 429: {"model": ErrorBody, "description": "Too many new clubs"}},
    dependencies=[Depends(table_creation_allowed)],
    summary="Create a club",
)
async def create(body: NewClub, request: Request) -> ClubCreated:
    """A new club with its host as its first member: the answer holds the host's token and
    link and the host's member token (keep them: they are shown once) and the join link to
    share. The nights' settings are checked as a new table's are (games, house rules, stakes,
    seats), so a night created from the club is never refused for them. Limited per address
    with the new tables."""
    name = table_name(body.name)
    host_name = seat_name(body.host_name)
    build_menu(body.night.table_settings())  # refuses what a table would refuse
    host, member = new_token(), new_token()
    state = ClubState(
        new_id(), name, token_hash(host), new_token(), body.night.model_dump(mode="json")
    )
    you = MemberState(
        state.id, new_id(), host_name, body.colour, body.initials, None, token_hash(member),
        "member", host=True,
    )  # fmt: skip
    store = lobby_of(request).store
    await store.call(create_club, store.engine, state, you)
    return ClubCreated(
        club=await _answer(request, state, you, host),
        host_token=host,
        member_token=member,
        links=_links(request, state, host),
    )


async def _joined(request: Request, token: str) -> ClubState:
    store = lobby_of(request).store
    found = await store.call(club_by_join, store.engine, token)
    if found is None:
        raise NotFoundError("no club has this join link")
    return found


@router.get("/join/{token}", responses=READ_ERRORS, summary="What a club's join link opens")
async def preview(token: Token, request: Request) -> ClubPreview:
    """The club's name, its host's name and how many members it has: nothing else before
    the host lets someone in."""
    state = await _joined(request, token)
    store = lobby_of(request).store
    everyone = await store.call(members, store.engine, state.id)
    return ClubPreview(
        name=state.name,
        host_name=next(member.name for member in everyone if member.host),
        members=sum(member.status == "member" for member in everyone),
        colour=free_colour(m.colour for m in everyone if m.status != "declined"),
    )


@router.post(
    "/join/{token}",
    status_code=202,
    responses={**CLUB_ERRORS, 429: LIMITED[429]},
    summary="Ask to join a club",
)
async def ask(token: Token, body: MemberJoin, request: Request) -> MemberStatus:
    """A request for the host to decide, as a seat request is: the answer's token is the
    member's key from now on (keep it: ``GET /api/clubs/member/{token}/status`` says where
    the request stands, and once the host lets them in it opens the club). A name that looks
    like a member's or another request's is refused (409). Limited per address as seat
    requests are."""
    seat_request_allowed(request)
    state = await _joined(request, token)
    store = lobby_of(request).store
    everyone = await store.call(members, store.engine, state.id)
    name = seat_name(body.name, [m.name for m in everyone if m.status != "declined"])
    secret = new_token()
    colour = body.colour or free_colour(m.colour for m in everyone if m.status != "declined")
    member = MemberState(
        state.id, new_id(), name, colour, body.initials, None, token_hash(secret), "pending"
    )
    await store.call(add_member, store.engine, member)
    return _status(request, member, secret)


def _status(request: Request, member: MemberState, token: str | None = None) -> MemberStatus:
    return MemberStatus(
        status=member.status,
        club_id=member.club_id,
        member=_info(member),
        token=token,
        link=None if token is None else f"{_base(request)}/club/{token}",
    )


@router.get(
    "/member/{token}/status", responses=CLUB_ERRORS, summary="Where a request to join stands"
)
async def member_status(token: Token, request: Request) -> MemberStatus:
    """``pending`` while the host decides, then ``member`` or ``declined``."""
    _state, member = await _member(request, token, admitted=False)
    return _status(request, member)


@router.get("/member/{token}", responses=CLUB_ERRORS, summary="The club as a member sees it")
async def member_view(token: Token, request: Request) -> ClubAnswer:
    """The member's identity, the club's members and its nights (with the join link for
    guests); 403 until the host lets them in."""
    state, member = await _member(request, token)
    return await _answer(request, state, member)


@router.put(
    "/member/{token}/profile", responses=CLUB_ERRORS, summary="Change your name, colour or handle"
)
async def profile(token: Token, body: Profile, request: Request) -> MemberInfo:
    """The member's name (unique in the club, as at a table), colour, initials and payment
    handle; omitted fields stay as they are, an empty handle removes it. Nights already
    played keep the names they had."""
    state, member = await _member(request, token)
    store = lobby_of(request).store
    values: dict[str, Any] = body.model_dump(exclude_none=True)
    if "name" in values:
        others = await store.call(members, store.engine, state.id)
        values["name"] = seat_name(
            values["name"], [m.name for m in others if m.id != member.id and m.status != "declined"]
        )
    if "handle" in values:
        values["handle"] = values["handle"].strip() or None
    await store.call(update_member, store.engine, state.id, member.id, values)
    found = await store.call(member_by_token, store.engine, member.token_hash)
    assert found is not None  # the member was there a moment ago and members are never deleted
    return _info(found)


@router.get(
    "/member/{token}/device-link",
    responses=READ_ERRORS,
    summary="The link and QR code that open your membership on another device",
)
async def member_device_link(token: Token, request: Request, response: Response) -> DeviceLink:
    """The member's own link (``/club/{token}``) and its QR code as SVG: scanned by a phone,
    it opens the same member there. Not cached."""
    await _member(request, token, admitted=False)
    response.headers["Cache-Control"] = "no-store"
    link = f"{_base(request)}/club/{token}"
    return DeviceLink(link=link, qr_svg=qrcodes.svg(link, title="Open your club on another device"))


@router.get("/host/{token}", responses=CLUB_ERRORS, summary="The club as its host sees it")
async def host_view(token: Token, request: Request) -> ClubAnswer:
    """As a member sees it, with the requests to join waiting for the host."""
    state, you = await _hosted(request, token)
    return await _answer(request, state, you, token)


@router.post(
    "/host/{token}/members/{member_id}",
    responses=CLUB_ERRORS,
    summary="Let someone into the club, or decline them",
)
async def decide(
    token: Token, member_id: MemberId, body: MemberDecision, request: Request
) -> MemberInfo:
    """A request already decided is refused (409) and stays as it was."""
    state, _host = await _hosted(request, token)
    store = lobby_of(request).store
    everyone = {member.id: member for member in await store.call(members, store.engine, state.id)}
    if member_id not in everyone:
        raise NotFoundError("no request to join this club has this id")
    status = "member" if body.approve else "declined"
    if not await store.call(decide_member, store.engine, state.id, member_id, status):
        raise ClubConflictError(f"this request was decided already: {everyone[member_id].status}")
    return _info(
        next(m for m in await store.call(members, store.engine, state.id) if m.id == member_id)
    )


# -- nights ----------------------------------------------------------------------------------


@router.post(
    "/host/{token}/nights",
    status_code=201,
    responses={**CLUB_ERRORS, 429: {"model": ErrorBody, "description": "Too many new tables"}},
    dependencies=[Depends(table_creation_allowed)],
    summary="Create a night from the club",
)
async def new_night(token: Token, body: NewNight, request: Request) -> NightCreated:
    """A table with the club's settings (its usual games, stakes and house rules), belonging
    to the club: its result goes into the club's book once the host ends it. The answer
    holds the table's host token and link (shown once); members take their seats with
    ``POST /api/clubs/member/{token}/nights/{table_id}/seat``, guests ask with the table's
    join link."""
    state, _host = await _hosted(request, token)
    lobby = lobby_of(request)
    count = len(await lobby.store.call(nights, lobby.store.engine, state.id))
    settings = NewTable.model_validate(
        {**state.defaults, "name": body.name or f"{state.name} #{count + 1}"}
    )
    table, host = await lobby.create(settings.table_settings(), settings.bots)
    number = await lobby.store.call(add_night, lobby.store.engine, state.id, table.id)
    links = links_of(request, table, host)
    assert links.host is not None  # given the host's token
    return NightCreated(
        table_id=table.id, number=number, host_token=host, host=links.host, join=links.join
    )


async def _night_table(request: Request, state: ClubState, table_id: str) -> Table:
    """The table of the club's night ``table_id``, or 404 (another club's night included)."""
    lobby = lobby_of(request)
    table = lobby.table(table_id)
    owner = await lobby.store.call(night_club, lobby.store.engine, table_id)
    if table is None or owner != state.id:
        raise NotFoundError("no night of your club has this id")
    return table


@router.post(
    "/member/{token}/nights/{table_id}/seat",
    status_code=201,
    responses=CLUB_ERRORS,
    summary="Take a seat at a night of your club",
)
async def take_seat(
    token: Token, table_id: TableId, body: NightSeat, request: Request
) -> SeatAnswer:
    """A member sits down at once under their club name (the host let them into the club):
    the answer is a seat's, with its token and link. Every account a member holds at a night
    is theirs in the book. Another club's night is refused (404), as a name taken at the
    table is (409)."""
    state, member = await _member(request, token)
    table = await _night_table(request, state, table_id)
    lobby = lobby_of(request)
    held = await lobby.store.call(seat_members, lobby.store.engine, table.id)
    own = {account for account, holder in held.items() if holder == member.id}
    # A member who left tonight and sits down again takes back the account they left with:
    # one row of theirs in the settle-up, not one a sitting.
    seat, secret = await table.join(member.name, body.seat, own=own)
    if seat.player_id not in own:
        await lobby.store.call(add_seat, lobby.store.engine, table.id, seat.player_id, member.id)
    return seated_answer(request, table, seat, secret)


@router.post(
    "/host/{token}/nights/{table_id}/end",
    responses=CLUB_ERRORS,
    summary="End a night of the club",
)
async def end_night(token: Token, table_id: TableId, request: Request) -> ClubNightInfo:
    """As the table's host ends it: the hand in progress plays out and no other is dealt.
    The night goes into the book once no hand is in progress (at once between hands, else
    at the next read of the club or its book)."""
    state, _host = await _hosted(request, token)
    table = await _night_table(request, state, table_id)
    await table.end_night()
    kept = await _book(request, state)
    return next(
        night for night in await _nights(request, state, kept.book) if night.table_id == table_id
    )


# -- the book ---------------------------------------------------------------------------------


@router.get("/member/{token}/book", responses=READ_ERRORS, summary="The club's book")
async def member_book(token: Token, request: Request) -> BookAnswer:
    """Every night in the book with its results and the owed payments it replaced, every
    payment and where it stands (with the payee's handle and a link where a standard one
    exists), and each member's balance and history. A night that is over goes in first."""
    state, _member_state = await _member(request, token)
    return await _book_answer(request, state, await _book(request, state))


@router.get("/host/{token}/book", responses=READ_ERRORS, summary="The club's book, for its host")
async def host_book(token: Token, request: Request) -> BookAnswer:
    """The book as its members see it."""
    state, _host = await _hosted(request, token)
    return await _book_answer(request, state, await _book(request, state))


@router.post(
    "/member/{token}/payments/{number}/{step}",
    responses=CLUB_ERRORS,
    summary="Mark a payment paid, confirm it, or send it back",
)
async def member_step(
    token: Token, number: PaymentNumber, step: StepName, request: Request
) -> BookAnswer:
    """``paid``: its payer says it is paid. ``confirmed``: its payee got it.
    ``not-received``: its payee did not get a payment marked paid, which is owed again.
    Another's payment is refused (403), a step its state refuses (a second confirmation, a
    payment replaced by a later settle-up) with 409, and nothing changes."""
    state, member = await _member(request, token)
    return await _step(request, state, Step(step, number, member.id))


@router.post(
    "/host/{token}/payments/{number}/{step}",
    responses=CLUB_ERRORS,
    summary="The host confirms a payment (or marks it paid, or sends it back)",
)
async def host_step(
    token: Token, number: PaymentNumber, step: StepName, request: Request
) -> BookAnswer:
    """The host may take any step on any payment, and confirm one nobody marked paid (paid
    in cash before them)."""
    state, host = await _hosted(request, token)
    return await _step(request, state, Step(step, number, host.id, host=True))


async def _step(request: Request, state: ClubState, step: Step) -> BookAnswer:
    await _book(request, state)  # a night that ended goes in first: its payments may be asked

    def make(book: Book) -> Any:
        try:
            step.check(book)
        except BookError as error:  # no such payment
            raise NotFoundError(str(error)) from None
        return step.stored(0)

    lobby = lobby_of(request)
    await take_step(lobby.store, state.id, make)
    return await _book_answer(request, state, await _book(request, state))
