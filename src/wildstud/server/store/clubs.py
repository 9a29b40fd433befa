"""Clubs in the database: the club, its members, the nights created from it, which member
holds which account of a night, and the steps of its book.

The book is kept as its steps, in order (a night's results, a payment marked paid, confirmed or
sent back), and replayed into a :class:`wildstud.book.Book` when read
(:mod:`wildstud.server.clubs`). A step's number is its place in the book: two requests that
both read the book and write its next step cannot both succeed (the second gets ``False`` from
:func:`add_step` and nothing is written), and a night goes into the book once.

>>> from sqlalchemy import create_engine
>>> from wildstud.server.store.migrate import upgrade
>>> engine = create_engine("sqlite://")
>>> upgrade(engine)
>>> create_club(engine, ClubState("c1", "Fridays", "h" * 64, "j" * 43, {}),
...             MemberState("c1", "m1", "Ann", "#aa3355", "A", None, "t" * 64, "member", True))
>>> [member.name for member in members(engine, "c1")]
['Ann']
>>> step = BookStep(1, "paid", None, 1, "m1", False, None)
>>> add_step(engine, "c1", step), add_step(engine, "c1", step)
(True, False)
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from wildstud.server.store.models import (
    BookEventRow,
    ClubMemberRow,
    ClubNightRow,
    ClubRow,
    ClubSeasonRow,
    ClubSeatRow,
    utc_now,
)

__all__ = [
    "BookStep",
    "ClubNight",
    "ClubState",
    "MemberState",
    "Season",
    "add_member",
    "add_night",
    "add_season",
    "add_seat",
    "add_step",
    "book_steps",
    "club",
    "club_by_host",
    "club_by_join",
    "create_club",
    "decide_member",
    "member_by_token",
    "members",
    "night_club",
    "nights",
    "seasons",
    "seat_members",
    "update_member",
]


@dataclass(frozen=True, slots=True)
class ClubState:
    """A club's row: its host (by token hash), its join token and its nights' defaults."""

    id: str
    name: str
    host_hash: str
    join_token: str
    defaults: dict[str, Any]


@dataclass(frozen=True, slots=True)
class MemberState:
    """A member's row (or a request to be one)."""

    club_id: str
    id: str
    name: str
    colour: str
    initials: str | None
    handle: str | None
    token_hash: str
    status: str
    """``pending``, ``member`` or ``declined``."""
    host: bool = False


@dataclass(frozen=True, slots=True)
class ClubNight:
    """A night of a club: its table and its number in the club."""

    table_id: str
    number: int
    created_at: datetime.datetime


@dataclass(frozen=True, slots=True)
class BookStep:
    """One step of a club's book (see :class:`~wildstud.server.store.models.BookEventRow`)."""

    seq: int
    kind: str
    night: str | None
    payment: int | None
    member: str | None
    host: bool
    data: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class Season:
    """A season of a club: its name and its dates, both included."""

    id: str
    name: str
    starts: datetime.date
    ends: datetime.date


def _club(row: ClubRow) -> ClubState:
    return ClubState(row.id, row.name, row.host_hash, row.join_token, dict(row.defaults))


def _member(row: ClubMemberRow) -> MemberState:
    return MemberState(
        row.club_id,
        row.id,
        row.name,
        row.colour,
        row.initials,
        row.handle,
        row.token_hash,
        row.status,
        row.host,
    )


def _member_values(member: MemberState) -> dict[str, Any]:
    return {
        "club_id": member.club_id,
        "id": member.id,
        "name": member.name,
        "colour": member.colour,
        "initials": member.initials,
        "handle": member.handle,
        "token_hash": member.token_hash,
        "status": member.status,
        "host": member.host,
    }


def create_club(engine: Engine, state: ClubState, host: MemberState) -> None:
    """Store a new club and its host's membership, together."""
    now = utc_now()
    with engine.begin() as connection:
        connection.execute(
            insert(ClubRow).values(
                id=state.id,
                name=state.name,
                host_hash=state.host_hash,
                join_token=state.join_token,
                defaults=state.defaults,
                created_at=now,
            )
        )
        connection.execute(insert(ClubMemberRow).values(**_member_values(host), joined_at=now))


def _one_club(engine: Engine, where: Any) -> ClubState | None:
    with engine.connect() as connection:
        row = connection.execute(select(ClubRow).where(where)).first()
    return None if row is None else _club(row)  # type: ignore[arg-type]


def club(engine: Engine, club_id: str) -> ClubState | None:
    """The club ``club_id``, if there is one."""
    return _one_club(engine, ClubRow.id == club_id)


def club_by_host(engine: Engine, host_hash: str) -> ClubState | None:
    """The club whose host token has this digest, if any."""
    return _one_club(engine, ClubRow.host_hash == host_hash)


def club_by_join(engine: Engine, join_token: str) -> ClubState | None:
    """The club whose join link has this token, if any."""
    return _one_club(engine, ClubRow.join_token == join_token)


def add_member(engine: Engine, member: MemberState) -> None:
    """Store a request to join a club (or a member)."""
    with engine.begin() as connection:
        connection.execute(
            insert(ClubMemberRow).values(**_member_values(member), joined_at=utc_now())
        )


def member_by_token(engine: Engine, token_hash: str) -> MemberState | None:
    """The member (or request) whose token has this digest, if any."""
    with engine.connect() as connection:
        row = connection.execute(
            select(ClubMemberRow).where(ClubMemberRow.token_hash == token_hash)
        ).first()
    return None if row is None else _member(row)  # type: ignore[arg-type]


def members(engine: Engine, club_id: str) -> list[MemberState]:
    """Every member of a club and every request to be one, in the order they came."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(ClubMemberRow)
            .where(ClubMemberRow.club_id == club_id)
            .order_by(ClubMemberRow.joined_at, ClubMemberRow.id)
        ).all()
    return [_member(row) for row in rows]  # type: ignore[arg-type]


def decide_member(engine: Engine, club_id: str, member_id: str, status: str) -> bool:
    """Move a pending request to ``status`` (``member`` or ``declined``); ``False`` (nothing
    written) if it is not pending any more: a second decision never undoes the first."""
    with engine.begin() as connection:
        done = connection.execute(
            update(ClubMemberRow)
            .where(
                ClubMemberRow.club_id == club_id,
                ClubMemberRow.id == member_id,
                ClubMemberRow.status == "pending",
            )
            .values(status=status)
        )
    return done.rowcount == 1


def update_member(engine: Engine, club_id: str, member_id: str, values: dict[str, Any]) -> None:
    """Change a member's name, colour, initials or payment handle (the keys of ``values``)."""
    allowed = {"name", "colour", "initials", "handle"}
    if not values.keys() <= allowed:
        raise ValueError(f"a member's {sorted(values.keys() - allowed)} cannot be changed")
    if not values:  # nothing to change (an UPDATE must set something)
        return
    with engine.begin() as connection:
        connection.execute(
            update(ClubMemberRow)
            .where(ClubMemberRow.club_id == club_id, ClubMemberRow.id == member_id)
            .values(values)
        )


def add_night(engine: Engine, club_id: str, table_id: str) -> int:
    """Record that table ``table_id`` is a night of the club; its number in the club."""
    with engine.begin() as connection:
        last = connection.execute(
            select(func.max(ClubNightRow.number)).where(ClubNightRow.club_id == club_id)
        ).scalar()
        number = (last or 0) + 1
        connection.execute(
            insert(ClubNightRow).values(
                table_id=table_id, club_id=club_id, number=number, created_at=utc_now()
            )
        )
    return number


def nights(engine: Engine, club_id: str) -> list[ClubNight]:
    """A club's nights, oldest first."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(ClubNightRow)
            .where(ClubNightRow.club_id == club_id)
            .order_by(ClubNightRow.number)
        ).all()
    return [ClubNight(row.table_id, row.number, row.created_at) for row in rows]


def night_club(engine: Engine, table_id: str) -> str | None:
    """The club table ``table_id`` is a night of, if it is one."""
    with engine.connect() as connection:
        found: str | None = connection.execute(
            select(ClubNightRow.club_id).where(ClubNightRow.table_id == table_id)
        ).scalar()
    return found


def add_seat(engine: Engine, table_id: str, player_id: str, member_id: str) -> None:
    """Record that the member ``member_id`` holds the ledger account ``player_id`` of a night."""
    with engine.begin() as connection:
        connection.execute(
            insert(ClubSeatRow).values(table_id=table_id, player_id=player_id, member_id=member_id)
        )


def seat_members(engine: Engine, table_id: str) -> dict[str, str]:
    """The member of each ledger account members hold at a night, by account."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(ClubSeatRow.player_id, ClubSeatRow.member_id).where(
                ClubSeatRow.table_id == table_id
            )
        ).all()
    return {row.player_id: row.member_id for row in rows}


def book_steps(engine: Engine, club_id: str) -> list[BookStep]:
    """Every step of a club's book, in order."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(BookEventRow).where(BookEventRow.club_id == club_id).order_by(BookEventRow.seq)
        ).all()
    return [
        BookStep(row.seq, row.kind, row.night, row.payment, row.member, row.host, row.data)
        for row in rows
    ]


def add_step(engine: Engine, club_id: str, step: BookStep) -> bool:
    """Write ``step`` as the book's step number ``step.seq``; ``False`` (nothing written) if
    that number is taken (someone else wrote a step since the book was read) or the night is
    in the book already."""
    try:
        with engine.begin() as connection:
            connection.execute(
                insert(BookEventRow).values(
                    club_id=club_id,
                    seq=step.seq,
                    kind=step.kind,
                    night=step.night,
                    payment=step.payment,
                    member=step.member,
                    host=step.host,
                    data=step.data,
                    at=utc_now(),
                )
            )
    except IntegrityError:
        return False
    return True


def add_season(engine: Engine, club_id: str, season: Season) -> None:
    """Store a new season of a club."""
    with engine.begin() as connection:
        connection.execute(
            insert(ClubSeasonRow).values(
                club_id=club_id,
                id=season.id,
                name=season.name,
                starts=season.starts,
                ends=season.ends,
                created_at=utc_now(),
            )
        )


def seasons(engine: Engine, club_id: str) -> list[Season]:
    """A club's seasons, the latest to start first."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(ClubSeasonRow)
            .where(ClubSeasonRow.club_id == club_id)
            .order_by(ClubSeasonRow.starts.desc(), ClubSeasonRow.created_at.desc())
        ).all()
    return [Season(row.id, row.name, row.starts, row.ends) for row in rows]
