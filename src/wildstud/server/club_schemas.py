"""The REST API's bodies and answers for clubs (``/api/clubs/…``): a club and its links, its
members, its nights and its book (:mod:`wildstud.server.api.clubs`).

>>> NewClub(name="Fridays", host_name="Ann", night=NewTable(name="x", games=[GameEntry(game="FTQ")])
...         ).colour
'#1f77b4'
>>> Profile(colour="red")
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for Profile
...
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Iterable
from typing import Annotated, Literal, Self

from pydantic import Field, StringConstraints, model_validator

from wildstud.server.schemas import GameEntry, NewTable
from wildstud.server.schemas.base import Name, _Model

__all__ = [
    "BookAnswer",
    "BookBalance",
    "BookNight",
    "BookPayment",
    "ClubAnswer",
    "ClubCreated",
    "ClubLinks",
    "ClubNightInfo",
    "ClubPreview",
    "GameFigures",
    "LedgerImport",
    "MemberDecision",
    "MemberInfo",
    "MemberJoin",
    "MemberStatus",
    "NewClub",
    "NewNight",
    "NewSeason",
    "NightCreated",
    "NightSeat",
    "Profile",
    "SeasonInfo",
    "SeasonNightInfo",
    "Standing",
    "StandingsAnswer",
]

Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]
Initials = Annotated[str, StringConstraints(min_length=1, max_length=3, pattern=r"^[^\W_]+$")]
Handle = Annotated[str, StringConstraints(min_length=1, max_length=100)]

# GameEntry is re-exported for the doctest above, and because a club's defaults hold them.
_ = GameEntry


class NewClub(_Model):
    """What creating a club takes: its name, the host as its first member, and the settings
    every night created from it starts with (its usual games, stakes and house rules)."""

    name: str = Field(description="cleaned as a table's name is; at most 60 characters")
    host_name: Name
    colour: Colour = "#1f77b4"
    initials: Initials | None = None
    night: NewTable = Field(
        description="a new night's settings (its name is replaced by the club's and the"
        " night's number); the host may give another name to each night"
    )


PALETTE = (
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
)
"""The colours a member is offered by default, the host's first: ten that tell apart on a
chart (matplotlib's and D3's "category 10"), so that a club's members start out with
different ones and its standings' lines can be told apart."""


def free_colour(taken: Iterable[str | None]) -> str:
    """The first colour of :data:`PALETTE` no member has (if every one is taken, the one the
    fewest have), for the next member.

    >>> free_colour([]), free_colour(["#1F77B4", "#ff7f0e"])
    ('#1f77b4', '#2ca02c')
    >>> free_colour(list(PALETTE) + ["#1f77b4"])
    '#ff7f0e'
    """
    counts = Counter(colour.lower() for colour in taken if colour)
    return min(PALETTE, key=lambda colour: counts[colour])


class MemberJoin(_Model):
    """Asking to join a club: the name, colour and initials the member will have there
    (no colour: the first of the palette no member has yet)."""

    name: Name
    colour: Colour | None = None
    initials: Initials | None = None


class Profile(_Model):
    """What a member may change of themselves; omitted fields stay as they are, and a
    ``handle`` of ``""`` removes it."""

    name: Name | None = None
    colour: Colour | None = None
    initials: Initials | None = None
    handle: Annotated[str, StringConstraints(max_length=100)] | None = Field(
        None,
        description="where to pay you, free text (shown beside what you are owed; a link is"
        " made of it only for a payment service, a $cashtag, or a bitcoin: or lightning: URI)",
    )


class MemberDecision(_Model):
    """The host's answer to a request to join."""

    approve: bool


class NewNight(_Model):
    """A night from the club: its settings are the club's; only its name may differ."""

    name: str | None = Field(None, description="default: the club's name and the night's number")


class NightSeat(_Model):
    """A member takes a seat at a night of their club: the one asked for, or the lowest free."""

    seat: Annotated[int, Field(ge=0, le=7)] | None = None


class ClubLinks(_Model):
    """The club's links: the host keeps the first, and shares the join link."""

    host: str | None = None
    join: str


class MemberInfo(_Model):
    """A member as the club sees them (no token)."""

    id: str
    name: str
    colour: str
    initials: str | None
    handle: str | None
    handle_link: str | None = Field(
        description="a link for ``handle``, where a standard one exists"
    )
    status: Literal["pending", "member", "declined"]
    host: bool


class ClubNightInfo(_Model):
    """A night of the club: its table, its number and whether it is in the book."""

    table_id: str
    number: int
    name: str | None = Field(description="the table's name (null: this process does not run it)")
    status: str | None
    booked: bool
    join: str | None = Field(description="the table's join link (for guests)")


class NewSeason(_Model):
    """A season the host sets: its name and its dates, both included (a night counts in the
    season of the day it was played)."""

    name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=60)]
    starts: datetime.date
    ends: datetime.date

    @model_validator(mode="after")
    def _in_order(self) -> Self:
        if self.ends < self.starts:
            raise ValueError("a season ends on or after the day it starts")
        if (self.ends - self.starts).days > 3660:
            raise ValueError("a season lasts ten years at most")
        return self


class SeasonInfo(_Model):
    """A season of the club."""

    id: str
    name: str
    starts: datetime.date
    ends: datetime.date


class LedgerImport(_Model):
    """A past night from another ledger, as CSV: PokerNow's ledger export (its columns
    ``player_nickname, player_id, session_start_at, session_end_at, buy_in, buy_out, stack,
    net``) or a plain sheet ``name, bought in, cashed out``."""

    csv: Annotated[str, StringConstraints(min_length=1, max_length=60_000)] = Field(
        description="the ledger's text, header first"
    )
    date: datetime.date | None = Field(
        None,
        description="the night's date (default: when the export says the night began, else today)",
    )
    scale: Annotated[int, Field(ge=1, le=10_000)] = Field(
        1,
        description="what one of the ledger's units is in the book's (100 reads dollars with"
        " cents as the book's cents); an amount that is not whole then is refused",
    )


class SeasonNightInfo(_Model):
    """A night counted in the standings: its id, number in the club (null: imported), date,
    where it came from and each account's result."""

    night: str
    number: int | None
    date: datetime.date
    source: Literal["played", "pokernow", "sheet"]
    nets: dict[str, int]


class GameFigures(_Model):
    """A member's figures in one game over the season."""

    game: str = Field(description="the game's code")
    title: str = Field(description="the game's name, as the table called it")
    hands: int
    voluntary: int = Field(description="hands in which they put chips in of their own will")
    voluntary_rate: float
    showdowns: int
    showdowns_won: int
    wilds_at_showdown: int = Field(description="wild cards their hands held when shown down")


class Standing(_Model):
    """A member's (or a guest's) season."""

    member: str = Field(description="the book account: a member's id, or ``guest:…``")
    name: str
    colour: str | None = Field(description="a member's colour (null: a guest)")
    net: int
    nights: int
    hands: int
    biggest_pot: int = Field(description="the most they took from one hand's pots")
    luck: float = Field(
        description="chips won at showdowns all in before the last cards, less what their"
        " chances were worth when the money went in"
    )
    games: list[GameFigures]


class StandingsAnswer(_Model):
    """A season's standings (all the club's nights when no season is asked for): the nights
    counted, in date order, and each account's figures, best net first."""

    season: SeasonInfo | None
    nights: list[SeasonNightInfo]
    standings: list[Standing]


class ClubAnswer(_Model):
    """A club as a member (or its host) sees it: ``you`` is the member the token names (for
    a host's link, the host's own membership), ``members`` every member (and, to the host,
    the requests)."""

    id: str
    name: str
    you: MemberInfo
    members: list[MemberInfo]
    nights: list[ClubNightInfo]
    links: ClubLinks
    is_host: bool
    seasons: list[SeasonInfo] = Field(default_factory=list, description="latest first")


class ClubCreated(_Model):
    """A new club: the host's token and link (shown once: keep them) and the host's own
    member token (the host plays too)."""

    club: ClubAnswer
    host_token: str
    member_token: str
    links: ClubLinks


class ClubPreview(_Model):
    """What a club's join link opens, before anyone gives a name."""

    name: str
    host_name: str
    members: int
    colour: str = Field(description="the colour the join form offers: one no member has yet")


class MemberStatus(_Model):
    """A request to join, or a membership: ``token`` is the member's key, given once (keep
    it: it opens the club on this device, and ``link`` on another)."""

    status: Literal["pending", "member", "declined"]
    club_id: str
    member: MemberInfo
    token: str | None = None
    link: str | None = None


class NightCreated(_Model):
    """A night created from the club: its table's id, links and host token (shown once)."""

    table_id: str
    number: int
    host_token: str
    host: str
    join: str


class BookPayment(_Model):
    """A payment of the book, with the names and the payee's handle."""

    number: int
    night: str
    payer: str
    payee: str
    payer_name: str
    payee_name: str
    amount: int
    status: Literal["owed", "marked", "confirmed", "replaced"]
    replaced_by: str | None
    payee_handle: str | None
    payee_link: str | None


class BookNight(_Model):
    """A night in the book: each account's result, the payments its settle-up made and the
    owed payments it replaced."""

    night: str
    number: int | None
    date: datetime.date | None = Field(None, description="the day it was played")
    source: Literal["played", "pokernow", "sheet"] = Field(
        "played", description="played at a table of the club, or imported from a ledger"
    )
    nets: dict[str, int]
    payments: list[int]
    replaced: list[int]


class BookBalance(_Model):
    """A member's standing: ``nights`` is the sum of their results; ``squared`` says that it
    equals what they received less what they paid, plus what they are owed less what they
    owe."""

    member: str
    name: str
    nights: int
    received: int
    paid: int
    owed_to: int
    owes: int
    squared: bool
    history: list[str] = Field(
        description="their nights and payments, in order, as ``night:<id>`` and ``payment:<n>``"
    )


class BookAnswer(_Model):
    """A club's book: every night in it, every payment, and each member's balance."""

    nights: list[BookNight]
    payments: list[BookPayment]
    balances: list[BookBalance]
    names: dict[str, str] = Field(description="the name of every account the book names")
