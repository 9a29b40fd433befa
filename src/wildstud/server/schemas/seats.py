"""The REST API's shapes of joining a table: a player's request for a seat and the host's
answer, the seat granted, the join page's preview, a seat's link for another device, the
players who left tonight, and a bot for an empty seat (``/api/tables/{id}/join``, ``/seats``,
``/requests``, ``/bots``).

>>> JoinRequest(name="Ann").seat is None  # the lowest free seat
True
>>> Decision(approve=True, seat=8)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for Decision
...
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from wildstud.server.schemas.base import BotKind, Name, _Model

__all__ = [
    "BotRequest",
    "Decision",
    "Departed",
    "DeviceLink",
    "JoinPreview",
    "JoinRequest",
    "JoinSeat",
    "PendingRequest",
    "SeatAnswer",
    "SeatGranted",
]


class JoinRequest(_Model):
    """A player taking a seat (the lowest free one, unless a seat is asked for)."""

    name: Name
    seat: Annotated[int, Field(ge=0, le=7)] | None = None
    returning: Annotated[str, Field(min_length=1, max_length=128)] | None = Field(
        None,
        description="the seat token of a seat this player left tonight: they come back to its"
        " ledger account (a name never does)",
    )


class SeatGranted(_Model):
    """A seat taken: the player's own link and token (keep them: they are the seat's key)."""

    table_id: str
    seat: int
    token: str
    link: str
    socket: str


class JoinSeat(_Model):
    """A seat as the join page shows it: who sits there, and whether a bot does."""

    seat: int
    name: str
    bot: bool


class JoinPreview(_Model):
    """What a join link opens, before anyone gives a name: the table, its host and who is
    seated. Only what everyone at the table sees (no id, token, stack or card)."""

    name: str = Field(description="the table's name")
    host_name: str | None = Field(description="the host's name, if the host gave one")
    status: Literal["waiting", "running", "paused", "ended"]
    seats: int = Field(description="the seats at the table")
    seated: list[JoinSeat]
    seat_requests: bool = Field(
        description="true: the host lets each player in; false: the join link seats at once"
    )
    games: list[str] = Field(description="the games on the menu, by title")


class DeviceLink(_Model):
    """The link that opens a seat, or a waiting seat request, on another device, and its QR
    code (inline SVG). It carries the token: shown only to its owner, on their request."""

    link: str
    qr_svg: str


class SeatAnswer(_Model):
    """Where a seat request stands: ``pending`` (the host has not decided), ``seated`` (the
    link and socket open the seat), ``declined``, or ``gone`` (the seat was given up or its
    link replaced). ``token`` is the requester's secret: given once, when the request is made;
    keep it, it becomes the seat's token."""

    status: Literal["pending", "seated", "declined", "gone"]
    table_id: str
    name: str
    request: str | None = Field(default=None, description="the request's id, while it is one")
    seat: int | None = None
    token: str | None = None
    link: str | None = None
    socket: str | None = None


class Departed(_Model):
    """A player who left the table tonight (and has not come back): the host may seat someone
    on their account ("this is Ann coming back")."""

    player_id: str = Field(description="the ledger account")
    name: str = Field(description="the name they left under")
    seat: int = Field(description="the seat they left")


class PendingRequest(_Model):
    """A seat request waiting for the host."""

    id: str
    name: str
    seat: int | None = Field(description="the seat asked for, if any")
    returning: Departed | None = Field(
        None,
        description="the player who left tonight whose old seat token the requester showed",
    )


class Decision(_Model):
    """The host's answer to a seat request."""

    approve: bool
    seat: Annotated[int, Field(ge=0, le=7)] | None = Field(
        None, description="the seat to give (default: the one asked for, else the lowest free)"
    )
    returning: Annotated[str, Field(min_length=1, max_length=32)] | None = Field(
        None,
        description="the ledger account of a player who left tonight: the host says the"
        " requester is that player coming back (default: the one their old seat token vouched"
        " for, else a fresh account)",
    )


class BotRequest(_Model):
    """A bot for an empty seat."""

    kind: BotKind = "calling-bot"
    name: Name | None = None
    seat: Annotated[int, Field(ge=0, le=7)] | None = None
