"""The server's tables in the database, as SQLAlchemy models.

What is stored is what a restart needs to rebuild every table exactly: each table's settings
and seats, and for each hand its setup, the secret order of every deck it drew and every action
in order. The engine is deterministic given its decks and actions, so a hand in progress is
rebuilt by replaying them. Chips move only through the ledger, which always adds up to the
stacks in front of the seats.

The schema is created and upgraded by the Alembic migrations in
:mod:`wildstud.server.migrations`, never by ``create_all``; a test checks that the migrations
and these models agree.

>>> sorted(Base.metadata.tables)
['actions', 'address_buckets', 'address_connections', 'book_events', 'chat', 'chat_mutes', \
'club_members', 'club_nights', 'club_seasons', 'club_seats', 'clubs', 'decks', 'hands', \
'host_notices', 'leases', 'ledger', 'private_rounds', 'processes', 'rebuys', 'seat_requests', \
'seats', 'shared_hands', 'shuffle_nights', 'shuffle_values', 'tables', 'tournaments']
"""

from __future__ import annotations

import datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "ActionRow",
    "Base",
    "BookEventRow",
    "ClubMemberRow",
    "ClubNightRow",
    "ClubRow",
    "ClubSeasonRow",
    "ClubSeatRow",
    "DeckRow",
    "HandRow",
    "LeaseRow",
    "LedgerRow",
    "MuteRow",
    "NoticeRow",
    "PrivateRoundRow",
    "ProcessRow",
    "RebuyRow",
    "SeatRequestRow",
    "SeatRow",
    "SharedHandRow",
    "ShuffleNightRow",
    "ShuffleValueRow",
    "TableRow",
    "TournamentRow",
    "utc_now",
]


def utc_now() -> datetime.datetime:
    """The time now, in UTC."""
    return datetime.datetime.now(datetime.UTC)


class Base(DeclarativeBase):
    """The declarative base of the server's models."""

    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[Any]: JSON}


class TableRow(Base):
    """A table: its settings, whether it deals, where the button is."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    host_hash: Mapped[str] = mapped_column(String(64), unique=True)
    """SHA-256 of the host token: the token itself is never stored."""
    join_token: Mapped[str] = mapped_column(String(64), unique=True)
    watch_token: Mapped[str] = mapped_column(String(64), unique=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    button: Mapped[int | None] = mapped_column(Integer)
    """The table seat that dealt the last hand."""
    hands_dealt: Mapped[int] = mapped_column(Integer, default=0)
    last_entry: Mapped[int | None] = mapped_column(Integer)
    """The index in the table's game list of the game dealt last (for the default choice)."""
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))


class SeatRow(Base):
    """A seat taken by a player or a bot."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(String(32))
    """Who holds the seat: the ledger's account, one per person at the table tonight (a player
    who leaves and sits down again under the same name keeps it)."""
    name: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(16))
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    """SHA-256 of the seat token (``None`` for a bot)."""
    stack: Mapped[int] = mapped_column(BigInteger)
    """Chips in front of the seat before the hand in progress, if any."""
    sitting_out: Mapped[bool] = mapped_column(Boolean, default=False)
    missed_hands: Mapped[int] = mapped_column(Integer, default=0)
    time_bank: Mapped[float] = mapped_column(Float)
    last_seq: Mapped[int] = mapped_column(BigInteger, default=0)
    leaving: Mapped[bool] = mapped_column(Boolean, default=False)


class HandRow(Base):
    """A hand: its game and setup, and once it is over, its public record."""

    __tablename__ = "hands"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry: Mapped[int] = mapped_column(Integer)
    """The index of the game in the table's list at the time."""
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    lineup: Mapped[list[Any]] = mapped_column(JSON)
    """The table seat of each engine seat, engine seat 0 first."""
    names: Mapped[list[Any]] = mapped_column(JSON)
    dealer: Mapped[int] = mapped_column(Integer)
    """The dealer's engine seat."""
    stacks: Mapped[list[Any]] = mapped_column(JSON)
    player_ids: Mapped[list[Any] | None] = mapped_column(JSON)
    """The player id of each engine seat (empty for hands stored before they were kept)."""
    live: Mapped[bool] = mapped_column(Boolean, default=True)
    final_stacks: Mapped[list[Any] | None] = mapped_column(JSON)
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """The hand as a spectator saw it at the end (what the showdown showed)."""
    started_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime.datetime | None] = mapped_column(DateTime(timezone=True))
    epoch: Mapped[int | None] = mapped_column(Integer)
    """The lease epoch of the process that dealt it (``None`` outside a cluster)."""


class SharedHandRow(Base):
    """A finished hand's shared link: its token opens that hand's replay and nothing else.

    Not a write of the table's state: any process may make one, with no lease fence (the
    triggers of migration 0008 do not cover it), and one hand keeps one token, so asking again
    gives the same link."""

    __tablename__ = "shared_hands"
    __table_args__ = (UniqueConstraint("table_id", "number", name="uq_shared_hands_hand"),)

    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    """Kept as it is, like the watch token: it opens what anyone at the table may read."""
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))


def _hand_key() -> ForeignKeyConstraint:
    return ForeignKeyConstraint(
        ["table_id", "hand_number"], ["hands.table_id", "hands.number"], ondelete="CASCADE"
    )


class DeckRow(Base):
    """The secret order of one deal's deck, stored when drawn; never sent, never logged."""

    __tablename__ = "decks"
    __table_args__ = (_hand_key(),)

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    hand_number: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    cards: Mapped[str] = mapped_column(Text)
    salts: Mapped[str | None] = mapped_column(Text)
    """The salt of each position, for the deal's commitment (``None`` for decks stored before
    commitments existed: such a deal has none)."""
    made_from: Mapped[list[str] | None] = mapped_column(JSON)
    """The players whose values the players' shuffle made the deck from, with the server's night
    seed (``None``: the server shuffled it alone)."""

    def __repr__(self) -> str:
        return f"DeckRow({self.table_id!r}, {self.hand_number}, deal={self.deal}, cards=<secret>)"


class ActionRow(Base):
    """One player's action, in order, as the player gave it."""

    __tablename__ = "actions"
    __table_args__ = (_hand_key(),)

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    hand_number: Mapped[int] = mapped_column(Integer, primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    """The engine seat that acted."""
    kind: Mapped[str] = mapped_column(String(16))
    amount: Mapped[int | None] = mapped_column(BigInteger)
    source: Mapped[str] = mapped_column(String(16))
    """Who decided: ``player``, ``bot``, ``clock`` (time ran out) or ``host`` (removed)."""
    seq: Mapped[int | None] = mapped_column(BigInteger)
    at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))
    epoch: Mapped[int | None] = mapped_column(Integer)
    """The lease epoch of the process that stored it (``None`` outside a cluster)."""


class LedgerRow(Base):
    """A movement of chips to or from a seat: a buy-in, a hand's result, a cash-out."""

    __tablename__ = "ledger"
    __table_args__ = (Index("ix_ledger_table_player", "table_id", "player_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    player_id: Mapped[str] = mapped_column(String(32))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    hand_number: Mapped[int | None] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(16))
    amount: Mapped[int] = mapped_column(BigInteger)
    house: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A bot's account: the house's (migration 0011)."""
    at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))
    token_hash: Mapped[str | None] = mapped_column(String(64))
    """On a player's cash-out: the hash of the seat token they left with (their way back)."""


class SeatRequestRow(Base):
    """A request for a seat through the join link, and what the host decided."""

    __tablename__ = "seat_requests"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    """SHA-256 of the requester's token (their seat's token once approved)."""
    wanted: Mapped[int | None] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    """``pending``, ``approved`` or ``declined``."""
    seat: Mapped[int | None] = mapped_column(Integer)
    """The seat given, once approved."""
    asked_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))
    decided_at: Mapped[datetime.datetime | None] = mapped_column(DateTime(timezone=True))
    returning_player: Mapped[str | None] = mapped_column(String(32))
    """The departed player's account whose seat token the requester showed, if any (not
    ``returning``: a word of SQL)."""


class NoticeRow(Base):
    """Something the host changed (the rules, the stakes), said to the table, from a hand on."""

    __tablename__ = "host_notices"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    hand_number: Mapped[int] = mapped_column(Integer)
    """The first hand the change holds for."""
    kind: Mapped[str] = mapped_column(String(16))
    changes: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    """What changed, as data (the page and the records say it in words)."""
    at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))


class RebuyRow(Base):
    """A player's request for chips (a rebuy or a top-up) and the host's decision on it."""

    __tablename__ = "rebuys"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(32))
    """The ledger account the chips go to."""
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    amount: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16))
    """``pending``, ``approved``, ``applied``, ``declined`` or ``cancelled``."""
    seq: Mapped[int | None] = mapped_column(BigInteger)
    """The player's request number (the ``rebuy`` frame's ``seq``)."""
    requested_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))
    decided_at: Mapped[datetime.datetime | None] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    """A line of the table's chat log: a player's or a spectator's words as the server cleaned
    them, or the dealer's (``kind`` ``dealer``: a host's mute, say)."""

    __tablename__ = "chat"
    __table_args__ = (UniqueConstraint("table_id", "nonce", name="uq_chat_table_nonce"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(16))
    """``chat`` or ``dealer``."""
    speaker: Mapped[str | None] = mapped_column(String(80))
    """Who spoke, as the server knows them (a seat's player id, a spectator's name key): a
    resend under the same ``nonce`` counts only from the same speaker."""
    nonce: Mapped[str | None] = mapped_column(String(64))
    """The client's id for the line (``None``: none given), so a resend is no second line."""
    name: Mapped[str | None] = mapped_column(String(40))
    seat: Mapped[int | None] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(16))
    """``player``, ``spectator`` or ``dealer``."""
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))


class MuteRow(Base):
    """A name the host has muted at a table (by its name key, so "Bob" and "BOB" are one)."""

    __tablename__ = "chat_mutes"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(80), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))


class ProcessRow(Base):
    """A live server process of a cluster: where its peers reach it, and its heartbeat."""

    __tablename__ = "processes"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    address: Mapped[str] = mapped_column(String(255))
    """The base URL its peers relay requests to (``http://10.0.0.2:8000``)."""
    started_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))
    heartbeat_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))
    draining: Mapped[bool] = mapped_column(Boolean, default=False)
    """Set by ``wildstud serve --drain``: it hands its tables on and takes none."""


class LeaseRow(Base):
    """Which process runs a table, under which epoch (it grows at each change of owner)."""

    __tablename__ = "leases"
    __table_args__ = (Index("ix_leases_owner", "owner"),)

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    owner: Mapped[str | None] = mapped_column(String(32))
    """The owning process's id; ``None``: free for the first live process to take."""
    epoch: Mapped[int] = mapped_column(Integer)
    taken_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))


class AddressBucketRow(Base):
    """A cluster's token bucket for one limit (``kind``) and one client address."""

    __tablename__ = "address_buckets"

    kind: Mapped[str] = mapped_column(String(32), primary_key=True)
    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    tokens: Mapped[float] = mapped_column(Float)
    """What the bucket held at ``updated_at``."""
    updated_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))


class AddressConnectionsRow(Base):
    """How many connections one process of a cluster holds open for one client address."""

    __tablename__ = "address_connections"

    process: Mapped[str] = mapped_column(
        String(32), ForeignKey("processes.id", ondelete="CASCADE"), primary_key=True
    )
    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)


class ClubRow(Base):
    """A club: a group that meets again and again, its host and the defaults of its nights."""

    __tablename__ = "clubs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    host_hash: Mapped[str] = mapped_column(String(64), unique=True)
    """SHA-256 of the club's host token: the token itself is never stored."""
    join_token: Mapped[str] = mapped_column(String(64), unique=True)
    """The members' join link (stored as it is, as a table's is: the host may ask for it)."""
    defaults: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The settings of a new night (a table's settings: games, stakes, house rules)."""
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))


class ClubMemberRow(Base):
    """A member of a club (or someone asking to be one): one identity across its nights."""

    __tablename__ = "club_members"

    club_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True
    )
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    colour: Mapped[str] = mapped_column(String(7))
    initials: Mapped[str | None] = mapped_column(String(3))
    handle: Mapped[str | None] = mapped_column(String(100))
    """Where to pay them (free text: a payment link is made of it only for a payment service)."""
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    """SHA-256 of the member token their device keeps."""
    status: Mapped[str] = mapped_column(String(16))
    """``pending`` (the host decides), ``member`` or ``declined``."""
    host: Mapped[bool] = mapped_column(Boolean, default=False)
    """The member who created the club."""
    joined_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))


class ClubNightRow(Base):
    """A night created from a club: a table that belongs to it, and whether it is in the book."""

    __tablename__ = "club_nights"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    club_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("clubs.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)
    """The club's count of its nights, from 1."""
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))


class ClubSeatRow(Base):
    """Which member holds a ledger account of a club's night: their seat at it, whatever the
    name they sat under."""

    __tablename__ = "club_seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("club_nights.table_id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    member_id: Mapped[str] = mapped_column(String(32))


class BookEventRow(Base):
    """One step of a club's book, in order: a night's results, a payment marked paid, confirmed
    or sent back. The book is these steps replayed (:mod:`wildstud.book`); the number of each
    step is its place, so two processes cannot both write the same next step."""

    __tablename__ = "book_events"

    club_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    """``night``, ``paid``, ``confirmed`` or ``not-received``."""
    night: Mapped[str | None] = mapped_column(String(32), unique=True)
    """The night's table id (a ``night`` step only): a night goes into the book once."""
    payment: Mapped[int | None] = mapped_column(Integer)
    member: Mapped[str | None] = mapped_column(String(32))
    """Who took the step (a member's id); ``None`` for a night."""
    host: Mapped[bool] = mapped_column(Boolean, default=False)
    """Taken with the host's link."""
    data: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """A night's results by book account and the names they had: ``{"nets": …, "names": …}``;
    a night imported from another ledger adds ``"imported": {"source": …, "date": …}``."""
    at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))


class ClubSeasonRow(Base):
    """A season of a club: the dates, both included, between which its standings count."""

    __tablename__ = "club_seasons"

    club_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True
    )
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    starts: Mapped[datetime.date] = mapped_column(Date)
    ends: Mapped[datetime.date] = mapped_column(Date)
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))


class TournamentRow(Base):
    """A tournament table's tournament: its clock, entrants, places and prizes, as one JSON
    value (:class:`wildstud.server.tourney.Tourney`), written with every change that moves it."""

    __tablename__ = "tournaments"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    """Whether every place is known and paid (a club's standings read these)."""
    updated_at: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))


class ShuffleNightRow(Base):
    """A table's night seed for the players' shuffle: secret until the night ends, its
    commitment published before the first deal it shuffles (:mod:`wildstud.joint_shuffle`)."""

    __tablename__ = "shuffle_nights"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seed: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    first_hand: Mapped[int] = mapped_column(Integer)

    def __repr__(self) -> str:
        return f"ShuffleNightRow({self.table_id!r}, seed=<secret>)"


class PrivateRoundRow(Base):
    """One answer taken in a private deal's rounds (:mod:`wildstud.private_rounds`), in the
    order taken: a key, a masked deck, a pass, unmaskings, a show, a secret published after the
    hand, or the server's own secret and order (``agent``, never sent). No card in the clear."""

    __tablename__ = "private_rounds"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    hand_number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    party: Mapped[int] = mapped_column(Integer)
    data: Mapped[str] = mapped_column(Text)

    def __repr__(self) -> str:
        return f"PrivateRoundRow({self.table_id!r}, {self.hand_number}, {self.seq}, {self.kind})"


class ShuffleValueRow(Base):
    """One seated player's part in one deal's shuffle: asked, committed, revealed."""

    __tablename__ = "shuffle_values"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    hand_number: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(120))
    commitment: Mapped[str | None] = mapped_column(String(64))
    value: Mapped[str | None] = mapped_column(String(64))
    entry: Mapped[int | None] = mapped_column(Integer)
    """The game a dealer's choice picked for the hand the round is before (null: none)."""
    chooser: Mapped[int | None] = mapped_column(Integer)
    """The seat that chose it."""
