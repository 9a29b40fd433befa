"""A club's records: its seasons and their standings, past nights imported from other ledgers,
and every night exported (:mod:`wildstud.server.club_stats`, :mod:`wildstud.server.club_imports`).

The reads answer to a member's token and to the host's alike (``/api/clubs/member/{token}/…``
and ``/api/clubs/host/{token}/…``); setting a season and importing a night are the host's. The
standings and exports are limited per address with the club's other reads, an import with the
new tables and nights.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import functools
import json
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request, Response

from wildstud.ledger_import import read_ledger
from wildstud.server.api.clubs import READ_ERRORS, _book, _hosted, _member
from wildstud.server.api.common import ERRORS, NotFoundError, Token, lobby_of
from wildstud.server.api.hands import reads_of
from wildstud.server.api.night import PAGE, _luck_json
from wildstud.server.club_imports import imported_step
from wildstud.server.club_schemas import (
    BookNight,
    GameFigures,
    LedgerImport,
    NewSeason,
    SeasonInfo,
    SeasonNightInfo,
    Standing,
    StandingsAnswer,
)
from wildstud.server.club_stats import (
    BookedNight,
    BookedPlays,
    PlayedHand,
    booked_nights,
    nights_csv,
    nights_data,
    nights_phhs,
    played_hand,
    season_standings,
    standings_csv,
)
from wildstud.server.clubs import GUEST, ClubBook, ClubConflictError, take_step
from wildstud.server.limits import table_creation_allowed
from wildstud.server.luck import may_have_luck
from wildstud.server.replayable import replayable
from wildstud.server.schemas import ErrorBody
from wildstud.server.security import new_id
from wildstud.server.store import StoredHand
from wildstud.server.store.clubs import (
    ClubState,
    Season,
    add_season,
    members,
    nights,
    seasons,
    seat_members,
)
from wildstud.standings import MemberStats

__all__ = ["MAX_SEASONS", "router"]

router = APIRouter(prefix="/clubs")

MAX_SEASONS = 200
"""The seasons a club may have (a host who sets one a month keeps going for sixteen years)."""
IMPORTED = "import-"
"""The prefix of an imported night's id."""

Role = Literal["member", "host"]
SeasonId = Annotated[str | None, Query(min_length=1, max_length=32)]


async def _club(request: Request, role: Role, token: str) -> ClubState:
    """The club a member's (admitted) or its host's token opens, or 404/403."""
    if role == "host":
        return (await _hosted(request, token))[0]
    return (await _member(request, token))[0]


def _season_info(season: Season) -> SeasonInfo:
    return SeasonInfo(id=season.id, name=season.name, starts=season.starts, ends=season.ends)


# -- seasons ----------------------------------------------------------------------------------


@router.post(
    "/host/{token}/seasons",
    status_code=201,
    responses={**ERRORS, 409: {"model": ErrorBody, "description": "Too many seasons"}},
    summary="Set a season's dates",
)
async def new_season(token: Token, body: NewSeason, request: Request) -> SeasonInfo:
    """A season of the club: its standings count the nights played (or imported as played)
    from ``starts`` to ``ends``, both included. Seasons may overlap (a year and its
    autumn)."""
    state, _host = await _hosted(request, token)
    store = lobby_of(request).store
    if len(await store.call(seasons, store.engine, state.id)) >= MAX_SEASONS:
        raise ClubConflictError(f"a club has at most {MAX_SEASONS} seasons")
    season = Season(new_id(), body.name, body.starts, body.ends)
    await store.call(add_season, store.engine, state.id, season)
    return _season_info(season)


# -- standings --------------------------------------------------------------------------------


async def _season(request: Request, state: ClubState, season_id: str | None) -> Season | None:
    if season_id is None:
        return None
    store = lobby_of(request).store
    for season in await store.call(seasons, store.engine, state.id):
        if season.id == season_id:
            return season
    raise NotFoundError("your club has no season with this id")


def _counted(kept: ClubBook, dated: list[BookedNight], season: Season | None) -> list[BookedNight]:
    """The nights of ``season`` (every night without one), in date order."""
    found = [n for n in dated if season is None or season.starts <= n.date <= season.ends]
    order = {entry.night: index for index, entry in enumerate(kept.book.nights)}
    return sorted(found, key=lambda night: (night.date, order.get(night.night, 0)))


async def _stored_hands(request: Request, table_id: str) -> list[StoredHand]:
    """Every finished hand of a night's table, oldest first, with its decks and actions."""
    store = lobby_of(request).store
    reads = reads_of(request)
    summaries: list[StoredHand] = []
    before = None
    while True:
        page = await store.call(store.finished_hands, table_id, PAGE, before)
        summaries += page
        if len(page) < PAGE:
            break
        before = page[-1].setup.number
    found = []
    for summary in reversed(summaries):
        number = summary.setup.number

        async def load(number: int = number) -> StoredHand | None:
            return await store.call(store.hand, table_id, number)

        stored = await reads.hand(table_id, number, load)
        if stored is not None and not stored.live:
            found.append(stored)
    return found


async def _night_hands(
    request: Request, state: ClubState, night: BookedNight, *, records: bool = False
) -> list[PlayedHand]:
    """The finished hands of a played night, each with its luck by book account (and, with
    ``records``, its public record: those are not kept)."""
    booked: BookedPlays = request.app.state.booked_plays
    if not records and (found := booked.get(night.night)) is not None:
        return list(found)
    lobby = lobby_of(request)
    store = lobby.store
    stored = await _stored_hands(request, night.night)
    dealt = [await replayable(store, night.night, hand) for hand in stored]
    seats = await store.call(seat_members, store.engine, night.night)
    people = {account.removeprefix(GUEST) for account in night.nets if account.startswith(GUEST)}
    people |= set(seats)
    table = lobby.table(night.night)
    name = table.name if table is not None else f"{state.name} #{night.number}"
    seat_count = int(table.settings.seats if table is not None else state.defaults.get("seats", 8))

    def build() -> list[PlayedHand]:
        make = functools.partial(
            played_hand, table_name=name, seat_count=seat_count, record=records
        )
        return [make(night.night, hand, seats, people) for hand in dealt]

    played = await asyncio.to_thread(build)
    with_luck = []
    for hand, kept in zip(played, stored, strict=True):
        luck: dict[str, float] = {}
        # A hand dealt privately has no luck: its chances were never known (as /luck).
        if may_have_luck(kept.summary) and kept.decks:
            # The night's own luck, worked out once and kept (the key of /tables/{id}/luck).
            key = (night.night, hand.number, "luck", None)
            body = await reads_of(request).answer(
                key, functools.partial(_luck_json, kept), chances=True
            )
            by_player: dict[str, float] = json.loads(body)
            for player, chips in by_player.items():
                account = seats.get(player, GUEST + player)
                luck[account] = luck.get(account, 0.0) + chips
        with_luck.append(dataclasses.replace(hand, luck=luck))
    if not records:
        booked.keep(night.night, with_luck)
    return with_luck


async def _hands(
    request: Request, state: ClubState, counted: Sequence[BookedNight], *, records: bool = False
) -> dict[str, list[PlayedHand]]:
    return {
        night.night: await _night_hands(request, state, night, records=records)
        for night in counted
        if night.source == "played"
    }


async def _dated(request: Request, state: ClubState, kept: ClubBook) -> list[BookedNight]:
    store = lobby_of(request).store
    return booked_nights(kept.steps, await store.call(nights, store.engine, state.id))


async def _names(request: Request, state: ClubState, kept: ClubBook) -> dict[str, str]:
    store = lobby_of(request).store
    everyone = await store.call(members, store.engine, state.id)
    return {**kept.names, **{member.id: member.name for member in everyone}}


def _titles(hands: Mapping[str, Sequence[PlayedHand]]) -> dict[str, str]:
    return {hand.play.variant: hand.title for night in hands.values() for hand in night}


async def _standings(
    request: Request, role: Role, token: str, season_id: str | None
) -> tuple[ClubState, Season | None, StandingsAnswer, dict[str, MemberStats], dict[str, str]]:
    state = await _club(request, role, token)
    season = await _season(request, state, season_id)
    kept = await _book(request, state)
    counted = _counted(kept, await _dated(request, state, kept), season)
    hands = await _hands(request, state, counted)
    store = lobby_of(request).store
    tournaments = set()
    for night in counted:
        if night.source == "played" and await store.call(store.tournament, night.night) is not None:
            tournaments.add(night.night)
    table = season_standings(counted, hands, tournaments)
    names = await _names(request, state, kept)
    titles = _titles(hands)
    colours = {m.id: m.colour for m in await store.call(members, store.engine, state.id)}
    answer = StandingsAnswer(
        season=None if season is None else _season_info(season),
        nights=[
            SeasonNightInfo(
                night=night.night,
                number=night.number,
                date=night.date,
                source=night.source,
                nets=dict(night.nets),
            )
            for night in counted
        ],
        standings=[
            Standing(
                member=account,
                name=names.get(account, account),
                colour=colours.get(account),
                net=stats.net,
                nights=stats.nights,
                hands=stats.hands,
                biggest_pot=stats.biggest_pot,
                luck=round(stats.luck, 1),
                games=[
                    GameFigures(
                        game=game,
                        title=titles.get(game, game),
                        hands=figures.hands,
                        voluntary=figures.voluntary,
                        voluntary_rate=round(figures.voluntary_rate, 3),
                        showdowns=figures.showdowns,
                        showdowns_won=figures.showdowns_won,
                        wilds_at_showdown=figures.wilds_at_showdown,
                    )
                    for game, figures in sorted(stats.games.items())
                ],
            )
            for account, stats in table.items()
        ],
    )
    return state, season, answer, table, titles


def _download(body: str | bytes, media: str, name: str) -> Response:
    return Response(
        body,
        media_type=media,
        headers={
            "Content-Disposition": f'attachment; filename="{name}"',
            "Cache-Control": "no-store",
        },
    )


def _file_name(state: ClubState, what: str, season: Season | None = None) -> str:
    """A download's name: the club's id (its name may hold anything), the season's dates."""
    when = "" if season is None else f"-{season.starts.isoformat()}-{season.ends.isoformat()}"
    return f"club-{state.id}-{what}{when}"


@router.get(
    "/{role}/{token}/standings", responses=READ_ERRORS, summary="A season's standings and stats"
)
async def standings(
    role: Role, token: Token, request: Request, season: SeasonId = None
) -> StandingsAnswer:
    """Each member's (and guest's) net, nights, hands, biggest pot and luck over the season
    (every night of the club without ``season``), and per game: hands played, hands in which
    they put chips in of their own will, showdowns reached and won, wild cards held at them.
    Counted from the stored hands of the club's nights (imported nights bring their results
    only); no figure depends on a card the showdown did not show."""
    return (await _standings(request, role, token, season))[2]


@router.get(
    "/{role}/{token}/standings.csv",
    responses={**READ_ERRORS, 200: {"content": {"text/csv": {"schema": {"type": "string"}}}}},
    response_model=None,
    summary="Download a season's standings as CSV",
)
async def standings_as_csv(
    role: Role, token: Token, request: Request, season: SeasonId = None
) -> Response:
    """One row of each member's totals (``game`` empty), then one a game they played."""
    state, found, answer, table, titles = await _standings(request, role, token, season)
    names = {standing.member: standing.name for standing in answer.standings}
    text = standings_csv(table, names, titles)
    name = _file_name(state, "standings", found) + ".csv"
    return _download(text, "text/csv; charset=utf-8", name)


@router.get(
    "/{role}/{token}/standings.json",
    responses=READ_ERRORS,
    response_model=StandingsAnswer,
    summary="Download a season's standings as JSON",
)
async def standings_as_json(
    role: Role, token: Token, request: Request, season: SeasonId = None
) -> Response:
    """The standings' answer, as a file to keep."""
    state, found, answer, _table, _titles = await _standings(request, role, token, season)
    name = _file_name(state, "standings", found) + ".json"
    return _download(answer.model_dump_json(indent=2), "application/json", name)


# -- every night, exported ---------------------------------------------------------------------


async def _every_night(
    request: Request, role: Role, token: str
) -> tuple[ClubState, ClubBook, list[BookedNight], dict[str, str]]:
    state = await _club(request, role, token)
    kept = await _book(request, state)
    dated = await _dated(request, state, kept)
    return state, kept, dated, await _names(request, state, kept)


@router.get(
    "/{role}/{token}/nights.csv",
    responses={**READ_ERRORS, 200: {"content": {"text/csv": {"schema": {"type": "string"}}}}},
    response_model=None,
    summary="Download every night of the club as CSV",
)
async def nights_as_csv(role: Role, token: Token, request: Request) -> Response:
    """One row an account a night: ``night, number, date, source, member_id, name, net``, in
    the book's order."""
    state, _kept, dated, names = await _every_night(request, role, token)
    return _download(
        nights_csv(dated, names), "text/csv; charset=utf-8", _file_name(state, "nights") + ".csv"
    )


@router.get(
    "/{role}/{token}/nights.json",
    responses=READ_ERRORS,
    response_model=None,
    summary="Download every night of the club as JSON",
)
async def nights_as_json(role: Role, token: Token, request: Request) -> Response:
    """Every night in the book: its id, number, date, source, each account's result and name,
    the payments its settle-up made (where each stands now) and those it replaced."""
    state, kept, dated, names = await _every_night(request, role, token)
    body: dict[str, Any] = {
        "club": state.name,
        "exported_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "nights": nights_data(dated, kept.book, names),
    }
    text = json.dumps(body, indent=2, ensure_ascii=False)
    return _download(text, "application/json", _file_name(state, "nights") + ".json")


@router.get(
    "/{role}/{token}/nights.phhs",
    responses={**READ_ERRORS, 200: {"content": {"text/plain": {"schema": {"type": "string"}}}}},
    response_model=None,
    summary="Download every hand of the club's nights as PHH",
)
async def nights_as_phhs(role: Role, token: Token, request: Request) -> Response:
    """Every finished hand of every night played at the club, night by night, as one ``.phhs``
    file: the public records (the cards the showdown showed and no other hidden card), with
    the players' names, the table's name, and each deal's commitment and proofs."""
    state, _kept, dated, _names = await _every_night(request, role, token)
    counted = _counted(_kept, dated, None)
    hands = await _hands(request, state, counted, records=True)
    text = nights_phhs(hand for night in counted for hand in hands.get(night.night, ()))
    return _download(text, "text/plain; charset=utf-8", _file_name(state, "hands") + ".phhs")


# -- import -----------------------------------------------------------------------------------


@router.post(
    "/host/{token}/imports",
    status_code=201,
    responses={
        **ERRORS,
        413: {"model": ErrorBody, "description": "A body over the server's limit (64 KiB)"},
        429: {"model": ErrorBody, "description": "Too many new nights"},
    },
    dependencies=[Depends(table_creation_allowed)],
    summary="Import a past night from a ledger's CSV",
)
async def import_night(token: Token, body: LedgerImport, request: Request) -> BookNight:
    """The night goes into the book as a night of the club: each name that is an admitted
    member's (case and look-alike letters aside) is that member; any other is a guest known by
    that name (the same guest in every import). Its settle-up is netted with everything still
    owed, as a played night's is. A sheet that cannot be read, whose rows do not add up, or
    whose results do not come to zero is refused (400, saying which row and why), and nothing
    changes. Limited per address with the new tables and nights."""
    state, _host = await _hosted(request, token)
    imported = read_ledger(body.csv, scale=body.scale)
    date = body.date
    if date is None:
        began = imported.started
        date = (began or datetime.datetime.now(datetime.UTC)).astimezone(datetime.UTC).date()
    store = lobby_of(request).store
    everyone = await store.call(members, store.engine, state.id)
    step = imported_step(imported, everyone, IMPORTED + new_id(), date)
    assert step.night is not None
    await _book(request, state)  # a night that ended goes in first, in the order played
    book = await take_step(store, state.id, lambda _book: step)
    entry = next(entry for entry in book.nights if entry.night == step.night)
    return BookNight(
        night=entry.night,
        number=None,
        date=date,
        source=imported.source,
        nets=dict(entry.nets),
        payments=list(entry.payments),
        replaced=list(entry.replaced),
    )
