"""The store: the database behind the tables, one transaction per step.

:class:`Store` opens the database (SQLite or PostgreSQL), brings its schema up to date with the
migrations, writes a table's :class:`~wildstud.server.store.records.Changes` in one transaction
and reads back what a restart or a history page needs. Its methods are synchronous; the server
calls them through :meth:`Store.call`, which runs them on threads of the store's own for
PostgreSQL, so that a round trip to the database never stalls the event loop, and in place for
SQLite, whose writes take microseconds. A table waits for each write before its next step, so
its writes are stored in the order they happened.

>>> store = Store("sqlite://")
>>> store.create_table(TableState("t1", "Friday", "h" * 64, "j", "w", {}, "waiting", None, 0, None))
>>> [stored.table.name for stored in store.load_tables()]
['Friday']
>>> store.close()
"""

from __future__ import annotations

import asyncio
import errno
import functools
import shutil
from collections.abc import Callable, Collection, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    Engine,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from wildstud.server.errors import NotFoundError
from wildstud.server.store.columns import (
    ACTION,
    DECK,
    HAND,
    LEDGER,
    NOTICE,
    REBUY,
    REQUEST,
    SEAT,
    TABLE,
)
from wildstud.server.store.files import prepare_sqlite_file
from wildstud.server.store.leases import NOTIFY, fence, fenced
from wildstud.server.store.migrate import upgrade
from wildstud.server.store.models import (
    ActionRow,
    Base,
    DeckRow,
    HandRow,
    LeaseRow,
    LedgerRow,
    NoticeRow,
    PrivateRoundRow,
    RebuyRow,
    SeatRequestRow,
    SeatRow,
    SharedHandRow,
    ShuffleNightRow,
    ShuffleValueRow,
    TableRow,
    TournamentRow,
    utc_now,
)
from wildstud.server.store.records import (
    Changes,
    LedgerEntry,
    Notice,
    PrivateRound,
    RebuyState,
    SeatRequestState,
    SeatState,
    ShuffleNight,
    ShuffleValue,
    StoredHand,
    StoredTable,
    TableState,
)
from wildstud.server.store.steps import StepWriter, is_step

__all__ = ["Store", "database_url"]

T = TypeVar("T")

WRITERS = 8
"""Connections (and threads) writing to PostgreSQL at once."""
SQLITE_MIN_FREE = 1 << 20
"""Bytes the disk of an SQLite database must have left for the server to say it is ready
(1 MiB: less, and the next hands may fail to be stored)."""
CLUSTER_SESSION = "-c lock_timeout=2000 -c idle_in_transaction_session_timeout=5000"
"""A cluster process's PostgreSQL sessions: a taking of a lease waits at most 2 s for a write
that holds the lease row (then it tries again later), and a transaction left open by a process
that stalls (SIGSTOP, a frozen machine) is ended by the database after 5 s, so that it never
holds a lease row for good."""
ASYNC_COMMIT = "-c synchronous_commit=off"
"""PostgreSQL sessions whose commits do not wait for the disk (the default): a commit is
answered once PostgreSQL holds it, and its write-ahead log reaches the disk a fraction of a
second later. A wildstud process killed at any moment loses nothing it was told was stored;
a crash of PostgreSQL's own machine may lose the last commits (at most about 0.6 s of them),
never the database's consistency, as SQLite's ``synchronous=NORMAL`` does on a power cut.
Waiting for the disk at every action's commit costs milliseconds, and far more on a busy disk:
in ``benchmarks/server.py`` it was most of the p99 (docs/benchmarks.md).
``wildstud serve --synchronous-commit`` waits for it."""


def database_url(url: str) -> URL:
    """The URL SQLAlchemy needs: PostgreSQL always through psycopg 3.

    >>> database_url("postgresql://u@localhost/db").drivername
    'postgresql+psycopg'
    >>> database_url("sqlite:////tmp/x.db").drivername
    'sqlite'
    """
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    # In WAL mode a commit is in the operating system's hands before it returns, so every
    # committed write survives the server being killed at any moment (SIGKILL included);
    # NORMAL leaves the disk sync to checkpoints: a power cut may lose the last commits, never
    # the database's consistency, and a commit costs microseconds instead of a disk flush.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _table(model: type[Base]) -> Table:
    return Base.metadata.tables[str(model.__tablename__)]


# The statements of every step, built once: a statement built for each write costs more of the
# step's time than the database does. The keys of a row are bound as ``key_*`` (the columns'
# own names are the values SET); the SET clause is the columns given at execution.
_UPDATE_TABLE = update(_table(TableRow)).where(_table(TableRow).c.id == bindparam("key_table"))
_SEAT_KEY = (_table(SeatRow).c.table_id == bindparam("key_table")) & (
    _table(SeatRow).c.seat == bindparam("key_seat")
)
_UPDATE_SEAT = update(_table(SeatRow)).where(_SEAT_KEY)
_DELETE_SEAT = delete(_table(SeatRow)).where(_SEAT_KEY)
_END_HAND = update(_table(HandRow)).where(
    (_table(HandRow).c.table_id == bindparam("key_table"))
    & (_table(HandRow).c.number == bindparam("key_number"))
)
_INSERT = {
    model: insert(_table(model)) for model in (SeatRow, HandRow, DeckRow, ActionRow, LedgerRow)
}


class Store:
    """The database of a server: tables, seats, hands, decks, actions and the chip ledger."""

    def __init__(
        self, url: str, *, cluster: bool = False, synchronous_commit: bool = False
    ) -> None:
        parsed = database_url(url)
        self.cluster = cluster
        """Whether this store serves a process of a cluster (PostgreSQL only): its writes
        carry the lease epoch (:mod:`wildstud.server.store.leases`)."""
        self.synchronous_commit = synchronous_commit
        """Whether each PostgreSQL commit waits for the disk (see :data:`ASYNC_COMMIT`)."""
        # A database error's message never holds the values of its statement: they may be
        # token digests or anything a client sent, and errors end up in the log.
        self._file: Path | None = None
        if parsed.get_backend_name() == "sqlite":
            memory = parsed.database in (None, "", ":memory:")
            if not memory and not str(parsed.database).startswith("file:"):
                self._file = prepare_sqlite_file(str(parsed.database))
            self.engine: Engine = create_engine(
                parsed,
                connect_args={"check_same_thread": False},
                poolclass=StaticPool if memory else None,
                hide_parameters=True,
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            options = [CLUSTER_SESSION] if cluster else []
            if not synchronous_commit:
                options.append(ASYNC_COMMIT)
            self.engine = create_engine(
                parsed,
                pool_pre_ping=True,
                pool_size=WRITERS,
                max_overflow=WRITERS,
                hide_parameters=True,
                connect_args={"options": " ".join(options)} if options else {},
            )
        upgrade(self.engine)
        self._inline = self.backend == "sqlite"
        self._steps = StepWriter(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # A table waits for each of its writes before its next step, so its writes keep their
        # order on any thread; different tables' writes go on in parallel connections.
        self._threads = ThreadPoolExecutor(max_workers=WRITERS, thread_name_prefix="wildstud-store")

    @property
    def in_place(self) -> bool:
        """Whether :meth:`call` runs a method in place (SQLite), never suspending."""
        return self._inline

    @property
    def backend(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.url.get_backend_name()

    async def call(self, method: Callable[..., T], *args: Any) -> T:
        """Run one of the store's methods and wait for it: SQLite in place (an embedded write
        takes microseconds, less than handing it to a thread), PostgreSQL on one of the store's
        threads (a round trip to the server must not stall the event loop)."""
        if self._inline:
            return method(*args)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, functools.partial(method, *args))

    def close(self) -> None:
        """Finish pending writes and close the database."""
        self._threads.shutdown(wait=True)
        self._steps.close()
        self.engine.dispose()

    # -- writing -------------------------------------------------------------------------------

    def create_table(
        self,
        state: TableState,
        seats: Iterable[SeatState] = (),
        ledger: Iterable[LedgerEntry] = (),
        owner: str | None = None,
    ) -> None:
        """Store a new table; in a cluster, with its lease to process ``owner`` at epoch 1."""
        with self._sessions.begin() as session:
            session.add(TableRow(**TABLE.values(state), created_at=utc_now()))
            session.flush()
            if owner is not None:
                session.add(LeaseRow(table_id=state.id, owner=owner, epoch=1, taken_at=utc_now()))
                session.flush()
                # Its seats and ledger are written under the fence, like every later write.
                fence(session.connection(), state.id, 1)
                session.execute(NOTIFY, {"payload": f"{owner} {state.id}"})
            for seat in seats:
                session.add(_seat_row(state.id, seat))
            for entry in ledger:
                session.add(_ledger_row(state.id, entry))

    def apply(self, table_id: str, changes: Changes, epoch: int | None = None) -> None:
        """Write everything one step of a table changed, in one transaction; in a cluster,
        only while ``epoch`` is the table's lease epoch (else :class:`FencedError`, nothing
        written).

        This runs for every action of every hand, so it speaks SQL directly (no ORM session):
        an update or two, a few inserts, one commit; a step of a hand (a seat's row and an
        action: nine writes in ten) in the driver's own statements on a kept connection
        (:mod:`.steps`).
        """
        with fenced(table_id, epoch):  # the triggers' refusal, as the store's own
            self._apply(table_id, changes, epoch)

    def _apply(self, table_id: str, changes: Changes, epoch: int | None) -> None:
        now = utc_now()
        if is_step(changes):
            self._steps.write(table_id, changes, epoch, now)
            return
        with self.engine.begin() as connection:
            if epoch is not None:
                fence(connection, table_id, epoch)
            if changes.table is not None:
                values = TABLE.values(changes.table, keys=False)
                done = connection.execute(_UPDATE_TABLE, {"key_table": table_id, **values})
                if done.rowcount != 1:
                    raise NotFoundError(f"no table {table_id!r} in the store")
            for seat in changes.removed:
                connection.execute(_DELETE_SEAT, {"key_table": table_id, "key_seat": seat})
            for state in changes.seats:
                values = SEAT.values(state, keys=False)
                key = {"key_table": table_id, "key_seat": state.seat}
                done = connection.execute(_UPDATE_SEAT, {**key, **values})
                if done.rowcount == 0:
                    connection.execute(
                        _INSERT[SeatRow], {"table_id": table_id, **SEAT.values(state)}
                    )
            if changes.hand is not None:
                connection.execute(
                    _INSERT[HandRow],
                    {
                        "table_id": table_id,
                        **HAND.values(changes.hand),
                        "live": True,
                        "started_at": now,
                        "epoch": epoch,
                    },
                )
            if changes.decks:
                connection.execute(
                    _INSERT[DeckRow],
                    [{"table_id": table_id, **DECK.values(deck)} for deck in changes.decks],
                )
            if changes.actions:
                connection.execute(
                    _INSERT[ActionRow],
                    [
                        {"table_id": table_id, **ACTION.values(action), "at": now, "epoch": epoch}
                        for action in changes.actions
                    ],
                )
            if changes.hand_end is not None:
                end = changes.hand_end
                done = connection.execute(
                    _END_HAND,
                    {
                        "key_table": table_id,
                        "key_number": end.number,
                        "live": False,
                        "final_stacks": list(end.final_stacks),
                        "summary": end.summary,
                        "ended_at": now,
                    },
                )
                if done.rowcount != 1:
                    raise NotFoundError(f"no hand {end.number} at table {table_id!r}")
            if changes.ledger:
                connection.execute(
                    _INSERT[LedgerRow],
                    [
                        {"table_id": table_id, **LEDGER.values(entry), "at": now}
                        for entry in changes.ledger
                    ],
                )
            for request in changes.requests:
                _write_request(connection, table_id, request, now)
            for rebuy in changes.rebuys:
                _write_rebuy(connection, table_id, rebuy, now)
            if changes.tournament is not None:
                _write_tournament(connection, table_id, changes.tournament, now)
            if changes.night_seed is not None:
                night = changes.night_seed
                connection.execute(
                    insert(ShuffleNightRow).values(
                        table_id=table_id,
                        seed=night.seed,
                        commitment=night.commitment,
                        first_hand=night.first_hand,
                    )
                )
            for number, deal in changes.shuffle_dropped:
                connection.execute(
                    delete(ShuffleValueRow).where(
                        (ShuffleValueRow.table_id == table_id)
                        & (ShuffleValueRow.hand_number == number)
                        & (ShuffleValueRow.deal == deal)
                    )
                )
            for part in changes.shuffle:
                _write_shuffle_value(connection, table_id, part)
            if changes.private_rounds:
                connection.execute(
                    insert(PrivateRoundRow),
                    [
                        {
                            "table_id": table_id,
                            "hand_number": row.number,
                            "seq": row.seq,
                            "deal": row.deal,
                            "kind": row.kind,
                            "party": row.party,
                            "data": row.data,
                        }
                        for row in changes.private_rounds
                    ],
                )
            if changes.notices:
                connection.execute(
                    insert(NoticeRow),
                    [
                        {"table_id": table_id, **NOTICE.values(notice), "at": now}
                        for notice in changes.notices
                    ],
                )

    # -- reading -------------------------------------------------------------------------------

    def load_tables(self, ids: Collection[str] | None = None) -> list[StoredTable]:
        """Every table (or those of ``ids``) with its seats and its hand in progress (decks and
        actions included)."""

        def only(query: Any, model: Any) -> Any:
            column = model.id if model is TableRow else model.table_id
            return query if ids is None else query.where(column.in_(list(ids)))

        with self._sessions() as session:
            tables = session.scalars(
                only(select(TableRow), TableRow).order_by(TableRow.created_at)
            ).all()
            seats: dict[str, list[SeatState]] = {}
            for seat in session.scalars(only(select(SeatRow), SeatRow).order_by(SeatRow.seat)):
                seats.setdefault(seat.table_id, []).append(SEAT.read(seat))
            live = {
                hand.table_id: hand
                for hand in session.scalars(
                    only(select(HandRow), HandRow).where(HandRow.live.is_(True))
                )
            }
            requests: dict[str, list[SeatRequestState]] = {}
            for request in session.scalars(
                only(select(SeatRequestRow), SeatRequestRow).order_by(SeatRequestRow.asked_at)
            ):
                requests.setdefault(request.table_id, []).append(REQUEST.read(request))
            notices: dict[str, list[Notice]] = {}
            dealt = {row.id: row.hands_dealt for row in tables}
            notice_rows = only(select(NoticeRow), NoticeRow).order_by(NoticeRow.id)
            for notice in session.scalars(notice_rows):
                # Those for the hand in progress (if any) and the next: older ones are in the
                # finished hands' records.
                if notice.hand_number >= dealt.get(notice.table_id, 0):
                    notices.setdefault(notice.table_id, []).append(NOTICE.read(notice))
            rebuys: dict[str, list[RebuyState]] = {}
            open_rebuys = only(select(RebuyRow), RebuyRow).where(
                RebuyRow.status.in_(("pending", "approved"))
            )
            for rebuy in session.scalars(open_rebuys.order_by(RebuyRow.requested_at)):
                rebuys.setdefault(rebuy.table_id, []).append(REBUY.read(rebuy))
            tournaments = {
                row.table_id: row.state
                for row in session.scalars(only(select(TournamentRow), TournamentRow))
            }
            nights = {
                row.table_id: ShuffleNight(row.seed, row.commitment, row.first_hand)
                for row in session.scalars(only(select(ShuffleNightRow), ShuffleNightRow))
            }
            shuffles: dict[str, list[ShuffleValue]] = {}
            for part in session.scalars(only(select(ShuffleValueRow), ShuffleValueRow)):
                # Those of the hand in progress (if any) and the next: a restart resumes them.
                if part.hand_number >= dealt.get(part.table_id, 0):
                    shuffles.setdefault(part.table_id, []).append(
                        ShuffleValue(
                            part.hand_number,
                            part.deal,
                            part.seat,
                            part.player,
                            part.commitment,
                            part.value,
                            part.entry,
                            part.chooser,
                        )
                    )
            rounds: dict[str, list[PrivateRound]] = {}
            round_rows = only(select(PrivateRoundRow), PrivateRoundRow).order_by(
                PrivateRoundRow.hand_number, PrivateRoundRow.seq
            )
            for answer in session.scalars(round_rows):
                # Those of the hand in progress and the next: a restart replays them.
                if answer.hand_number >= dealt.get(answer.table_id, 0):
                    rounds.setdefault(answer.table_id, []).append(_private_round(answer))
            result = []
            for row in tables:
                hand = live.get(row.id)
                result.append(
                    StoredTable(
                        table=TABLE.read(row),
                        seats=tuple(seats.get(row.id, ())),
                        live_hand=None if hand is None else _stored_hand(session, hand),
                        requests=tuple(requests.get(row.id, ())),
                        notices=tuple(notices.get(row.id, ())),
                        rebuys=tuple(rebuys.get(row.id, ())),
                        tournament=tournaments.get(row.id),
                        shuffle_night=nights.get(row.id),
                        shuffle=tuple(shuffles.get(row.id, ())),
                        private_rounds=tuple(rounds.get(row.id, ())),
                    )
                )
            return result

    def hand(self, table_id: str, number: int) -> StoredHand | None:
        """One hand with its decks and actions (to replay it), or ``None``."""
        with self._sessions() as session:
            row = session.get(HandRow, (table_id, number))
            return None if row is None else _stored_hand(session, row)

    def finished_hands(self, table_id: str, limit: int, before: int | None) -> list[StoredHand]:
        """The latest finished hands of a table, newest first, without decks or actions."""
        with self._sessions() as session:
            query = select(HandRow).where(HandRow.table_id == table_id, HandRow.live.is_(False))
            if before is not None:
                query = query.where(HandRow.number < before)
            rows = session.scalars(query.order_by(HandRow.number.desc()).limit(limit)).all()
            return [
                StoredHand(
                    setup=HAND.read(row),
                    decks={},
                    actions=(),
                    live=False,
                    final_stacks=None if row.final_stacks is None else tuple(row.final_stacks),
                    summary=row.summary,
                )
                for row in rows
            ]

    def share_hand(self, table_id: str, number: int, token: str) -> str:
        """The token of finished hand ``number``'s shared link: the one it has, or ``token``,
        stored now. Two processes sharing one hand at once agree on the first stored."""
        found = self._shared_token(table_id, number)
        if found is not None:
            return found
        try:
            with self._sessions.begin() as session:
                session.add(
                    SharedHandRow(
                        token=token, table_id=table_id, number=number, created_at=utc_now()
                    )
                )
        except IntegrityError:
            found = self._shared_token(table_id, number)  # another got there first
            if found is None:
                raise  # not that: a token already in use, or a hand never stored
            return found
        return token

    def _shared_token(self, table_id: str, number: int) -> str | None:
        with self._sessions() as session:
            return session.scalar(
                select(SharedHandRow.token).where(
                    SharedHandRow.table_id == table_id, SharedHandRow.number == number
                )
            )

    def shared_hand(self, token: str) -> tuple[str, int] | None:
        """The table and number of the hand whose shared link is ``token``, or ``None``."""
        with self._sessions() as session:
            row = session.get(SharedHandRow, token)
            return None if row is None else (row.table_id, row.number)

    def ledger(self, table_id: str) -> list[LedgerEntry]:
        """Every ledger entry of a table, oldest first."""
        with self._sessions() as session:
            rows = session.scalars(
                select(LedgerRow).where(LedgerRow.table_id == table_id).order_by(LedgerRow.id)
            )
            return [LEDGER.read(row) for row in rows]

    def ping(self) -> None:
        """Ask the database a trivial question: raises unless it answers."""
        with self.engine.connect() as connection:
            connection.execute(select(1))

    def probe_write(self) -> None:
        """Write to the database and commit: raises unless it can (a full disk, a file or a
        server that refuses writes). A database that answers questions may still refuse
        every write, and then no table can store a move. The probe writes the schema's
        version row over itself, so it changes nothing and needs no table of its own."""
        with self.engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = version_num"))
        # SQLite in WAL mode writes over the pages its log already holds, so the probe can pass
        # on a disk with nothing left while the next hands, which grow the file, cannot be
        # stored: a database file's disk must also have room for them.
        if self._file is not None:
            free = shutil.disk_usage(self._file.parent).free
            if free < SQLITE_MIN_FREE:
                raise OSError(errno.ENOSPC, f"{free} bytes left on the database's disk")

    def tournament(self, table_id: str) -> dict[str, Any] | None:
        """The table's tournament as last stored (``None``: none stored), for readers outside
        the table (a club's standings): ``finished`` in it says whether its places are paid."""
        with self._sessions() as session:
            row = session.get(TournamentRow, table_id)
            return None if row is None else dict(row.state)

    def shuffle_night(self, table_id: str) -> ShuffleNight | None:
        """The table's night seed for the players' shuffle (``None``: none drawn yet)."""
        with self._sessions() as session:
            row = session.get(ShuffleNightRow, table_id)
            if row is None:
                return None
            return ShuffleNight(row.seed, row.commitment, row.first_hand)

    def shuffle_values(self, table_id: str, since: int = 0) -> list[ShuffleValue]:
        """Every player's part in the shuffle of every deal of hands from ``since`` on, by hand,
        deal and seat."""
        with self._sessions() as session:
            rows = session.scalars(
                select(ShuffleValueRow)
                .where(ShuffleValueRow.table_id == table_id, ShuffleValueRow.hand_number >= since)
                .order_by(ShuffleValueRow.hand_number, ShuffleValueRow.deal, ShuffleValueRow.seat)
            )
            return [
                ShuffleValue(
                    row.hand_number, row.deal, row.seat, row.player, row.commitment, row.value
                )
                for row in rows
            ]

    def private_rounds(self, table_id: str, number: int) -> list[PrivateRound]:
        """Every answer taken in hand ``number``'s private deal, in order (for its audit)."""
        with self._sessions() as session:
            rows = session.scalars(
                select(PrivateRoundRow)
                .where(PrivateRoundRow.table_id == table_id, PrivateRoundRow.hand_number == number)
                .order_by(PrivateRoundRow.seq)
            )
            return [_private_round(row) for row in rows]

    def rebuys(self, table_id: str) -> list[RebuyState]:
        """Every request for chips at a table, decided or not, oldest first."""
        with self._sessions() as session:
            rows = session.scalars(
                select(RebuyRow)
                .where(RebuyRow.table_id == table_id)
                .order_by(RebuyRow.requested_at, RebuyRow.id)
            )
            return [REBUY.read(row) for row in rows]

    def counts(self) -> dict[str, int]:
        """How many rows each table of the database holds (for health checks and tests)."""
        with self._sessions() as session:
            return {
                model.__tablename__: session.scalar(select(func.count()).select_from(model)) or 0
                for model in (
                    TableRow,
                    SeatRow,
                    HandRow,
                    DeckRow,
                    ActionRow,
                    LedgerRow,
                    SeatRequestRow,
                    NoticeRow,
                    RebuyRow,
                )
            }


def _seat_row(table_id: str, state: SeatState) -> SeatRow:
    return SeatRow(table_id=table_id, **SEAT.values(state))


def _ledger_row(table_id: str, entry: LedgerEntry) -> LedgerRow:
    return LedgerRow(table_id=table_id, **LEDGER.values(entry), at=utc_now())


def _write_rebuy(connection: Any, table_id: str, rebuy: RebuyState, now: Any) -> None:
    """Insert a new request, or move a stored one to its new status (never back to pending)
    with its amount: an approved request applied between hands may be cut to the room the
    stack leaves under the ceiling, and the request then says what its ledger entry says."""
    done = connection.execute(
        update(RebuyRow)
        .where(RebuyRow.table_id == table_id, RebuyRow.id == rebuy.id)
        .values(status=rebuy.status, amount=rebuy.amount, decided_at=now)
    )
    if done.rowcount == 0:
        connection.execute(
            insert(RebuyRow).values(
                table_id=table_id,
                **REBUY.values(rebuy),
                requested_at=now,
                decided_at=None if rebuy.status == "pending" else now,
            )
        )


def _write_tournament(connection: Any, table_id: str, state: dict[str, Any], now: Any) -> None:
    """The table's tournament as it stands: its row updated, or inserted the first time."""
    values = {"state": state, "finished": bool(state.get("finished")), "updated_at": now}
    done = connection.execute(
        update(TournamentRow).where(TournamentRow.table_id == table_id).values(**values)
    )
    if done.rowcount == 0:
        connection.execute(insert(TournamentRow).values(table_id=table_id, **values))


def _private_round(row: PrivateRoundRow) -> PrivateRound:
    return PrivateRound(row.hand_number, row.seq, row.deal, row.kind, row.party, row.data)


def _write_shuffle_value(connection: Any, table_id: str, part: ShuffleValue) -> None:
    """A player's part in a deal's shuffle as it stands: its row updated, or inserted."""
    key = (
        (ShuffleValueRow.table_id == table_id)
        & (ShuffleValueRow.hand_number == part.number)
        & (ShuffleValueRow.deal == part.deal)
        & (ShuffleValueRow.seat == part.seat)
    )
    values = {
        "player": part.player,
        "commitment": part.commitment,
        "value": part.value,
        "entry": part.entry,
        "chooser": part.chooser,
    }
    done = connection.execute(update(ShuffleValueRow).where(key).values(**values))
    if done.rowcount == 0:
        connection.execute(
            insert(ShuffleValueRow).values(
                table_id=table_id,
                hand_number=part.number,
                deal=part.deal,
                seat=part.seat,
                **values,
            )
        )


def _stored_hand(session: Session, row: HandRow) -> StoredHand:
    key = (DeckRow.table_id == row.table_id) & (DeckRow.hand_number == row.number)
    rows = session.scalars(select(DeckRow).where(key)).all()
    decks = {deck.deal: deck.cards for deck in rows}
    salts = {deck.deal: deck.salts for deck in rows if deck.salts is not None}
    made_from = {deck.deal: tuple(deck.made_from) for deck in rows if deck.made_from is not None}
    actions = tuple(
        ACTION.read(action)
        for action in session.scalars(
            select(ActionRow)
            .where(ActionRow.table_id == row.table_id, ActionRow.hand_number == row.number)
            .order_by(ActionRow.index)
        )
    )
    return StoredHand(
        setup=HAND.read(row),
        decks=decks,
        actions=actions,
        live=row.live,
        final_stacks=None if row.final_stacks is None else tuple(row.final_stacks),
        summary=row.summary,
        salts=salts,
        made_from=made_from,
    )


def _write_request(connection: Any, table_id: str, request: SeatRequestState, now: Any) -> None:
    """Store a new seat request, or what the host decided about one."""
    values = REQUEST.values(request, keys=False)
    if request.status != "pending":
        values["decided_at"] = now
    done = connection.execute(
        update(SeatRequestRow)
        .where(SeatRequestRow.table_id == table_id, SeatRequestRow.id == request.id)
        .values(values)
    )
    if done.rowcount == 0:
        connection.execute(
            insert(SeatRequestRow).values(table_id=table_id, id=request.id, asked_at=now, **values)
        )
