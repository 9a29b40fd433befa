"""The lobby: every table of the server, found by id or by one of its tokens.

When the server starts, :meth:`Lobby.open` reads every table from the store and replays each
hand in progress to where it stood, so a server killed in the middle of a hand picks up exactly
where it was. A table whose change could not be stored is rebuilt from the store the same way,
as soon as the store answers again: the lobby keeps trying, waiting longer each time up to
:data:`RELOAD_BACKOFF` ``.cap`` seconds, and warns at most once a minute while it waits.

>>> import asyncio
>>> from wildstud.server.schemas import GameEntry
>>> async def demo() -> tuple[bool, bool, int]:
...     lobby = Lobby(Store("sqlite://"))
...     await lobby.open()
...     table, host = await lobby.create(TableSettings(name="x", games=[GameEntry(game="BD5")]))
...     found = lobby.by_host(host) is table, lobby.by_join(table.join_token) is table
...     await lobby.close()
...     return *found, len(host)
>>> asyncio.run(demo())
(True, True, 43)
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from wildstud.errors import TableError
from wildstud.server.clock import Backoff
from wildstud.server.errors import SeatError
from wildstud.server.metrics import Metrics
from wildstud.server.names import SEAT_NAME_LIMIT, bot_name, clean_name, table_name
from wildstud.server.schemas import TableBot, TableSettings
from wildstud.server.seating import Seat, SeatKind
from wildstud.server.security import new_id, new_token, token_hash
from wildstud.server.store import LedgerEntry, SeatRequestState, Store, TableState
from wildstud.server.table import RESTARTING, StorageFailureError, Table, TableStatus, build_menu

if TYPE_CHECKING:
    from wildstud.server.cluster import Cluster

__all__ = ["Lobby"]

log = logging.getLogger("wildstud.server")

RELOAD_BACKOFF = Backoff(first=0.5, cap=10.0)
"""How long a reload waits between tries of an unreachable store: doubling, up to the cap."""
RELOAD_WARNING = 60.0
"""Seconds between two warnings that a table still waits for the store."""


class Lobby:
    """The tables of one server."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self._hosts: dict[str, Table] = {}
        self._joins: dict[str, Table] = {}
        self._watches: dict[str, Table] = {}
        self._reloads: dict[str, asyncio.Task[None]] = {}
        self.loaded = False
        self.written_at = -math.inf
        """When the readiness check last wrote to the database (``time.monotonic()``)."""
        self.closing = False
        """Set once the server is going down: new connections are turned away."""
        """Whether :meth:`open` has loaded every table (the server is ready)."""
        self.cluster: Cluster | None = None
        """This process's part in a cluster (``wildstud serve --cluster``), else ``None``: it
        then holds every table of the database (:mod:`wildstud.server.cluster`)."""
        self.metrics = Metrics()
        self.metrics.watch(
            tables=lambda: len(self.tables),
            running=lambda: sum(t.status is TableStatus.RUNNING for t in self.tables.values()),
            connections=lambda: sum(len(t.fanout.clients()) for t in self.tables.values()),
        )

    @property
    def reloading(self) -> int:
        """How many tables are being loaded again after a change failed to be stored."""
        return len(self._reloads)

    async def open(self) -> None:
        """Load every table from the store, replay the hands in progress, start the drivers; in
        a cluster, join it and load the tables this process takes."""
        if self.cluster is not None:
            await self.cluster.start()
            self.loaded = True
            return
        for stored in await self.store.call(self.store.load_tables):
            table = Table.restore(stored, self.store)
            self._add(table)
        for table in list(self.tables.values()):
            await table.resume()
        self.loaded = True

    async def restarting(self) -> None:
        """The server is going down (SIGTERM): every table finishes storing the change it is
        making, takes no more, tells its clients the server is restarting and closes them
        (their pages reconnect by themselves when it is back; the stored tables resume)."""
        self.closing = True
        for table in list(self.tables.values()):
            await table.restarting()

    async def close(self) -> None:
        """Stop every table's driver, and every reload still waiting for the store."""
        for task in list(self._reloads.values()):
            task.cancel()
        await asyncio.gather(*self._reloads.values(), return_exceptions=True)
        for table in list(self.tables.values()):
            await table.stop()
        if self.cluster is not None:
            await self.cluster.stop()

    # -- tables coming and going in a cluster --------------------------------------------------

    async def adopt(self, table_id: str, epoch: int) -> None:
        """Load a table whose lease this process holds at ``epoch`` and run it, resumed from
        the store exactly as after a restart."""
        if table_id in self.tables:
            return
        stored = await self.store.call(self.store.load_tables, [table_id])
        if not stored:
            return
        table = Table.restore(stored[0], self.store)
        table.epoch = epoch
        self._add(table)
        try:
            await table.resume()
        except StorageFailureError:  # refused or failed: the table is dropped (on_broken)
            return

    async def drop(self, table: Table, why: str) -> None:
        """Stop running ``table`` (another process holds its lease now): nothing more of it is
        stored, its clients are told to reconnect (they reach the new owner)."""
        table.moved = True
        log.warning("table %s: %s", table.id, why)
        await table.restarting()
        self._remove(table)

    def forget(self, table: Table, why: str) -> None:
        """Let go of ``table``, handed to another process by its own driver (which stops):
        its clients are told to reconnect."""
        table.closing = table.moved = True
        log.info("table %s: %s", table.id, why)
        table.fanout.broadcast(RESTARTING)
        for client in table.fanout.clients():
            client.close(1012, "the table moved")
        self._remove(table)

    def _remove(self, table: Table) -> None:
        for index, key in (
            (self.tables, table.id),
            (self._hosts, table.host_hash),
            (self._joins, table.join_token),
            (self._watches, table.watch_token),
        ):
            if index.get(key) is table:
                del index[key]

    def _add(self, table: Table) -> None:
        table.on_broken = self._reload_soon
        table.metrics = self.metrics
        self.tables[table.id] = table
        self._hosts[table.host_hash] = table
        self._joins[table.join_token] = table
        self._watches[table.watch_token] = table

    async def new_links(self, table: Table) -> str:
        """New host, join and watch links for ``table`` (:meth:`Table.new_table_links`), found
        by their new tokens only from now on; returns the new host token."""
        old = ((self._hosts, table.host_hash), (self._joins, table.join_token),
               (self._watches, table.watch_token))  # fmt: skip
        host = await table.new_table_links()  # a failed write raises: the old links stand
        for index, key in old:
            if index.get(key) is table:
                del index[key]
        self._add(table)
        return host

    def _reload_soon(self, table: Table) -> None:
        if table.id not in self._reloads:
            # In a cluster the table is dropped: the heartbeat loads it again from the store
            # if this process still holds its lease (and not if the fence refused the write).
            reload = self._reload(table) if self.cluster is None else self._dropped(table)
            task = asyncio.get_running_loop().create_task(reload)
            self._reloads[table.id] = task  # kept, so the task is neither lost nor collected

    async def _dropped(self, broken: Table) -> None:
        try:
            await self.drop(broken, "dropped after a failed write; the heartbeat reloads it")
        finally:
            self._reloads.pop(broken.id, None)

    async def _reload(self, broken: Table) -> None:
        """Rebuild a table from the store after a change failed to be stored: try until the
        store answers and the rebuilt table's first writes are stored, however long it takes."""
        backoff = Backoff(RELOAD_BACKOFF.first, RELOAD_BACKOFF.cap)
        warned = -RELOAD_WARNING
        try:
            while True:
                await broken.stop()
                try:
                    stored = [
                        item
                        for item in await self.store.call(self.store.load_tables)
                        if item.table.id == broken.id
                    ]
                    if not stored:  # the table is no longer in the store: nothing to rebuild
                        return
                    table = Table.restore(stored[0], self.store)
                    self._add(table)
                    await table.resume()
                except Exception as error:  # the store is still unreachable (or failed again)
                    if isinstance(error, StorageFailureError):
                        broken = self.tables[broken.id]
                    now = time.monotonic()
                    if now - warned >= RELOAD_WARNING:
                        warned = now
                        log.warning(
                            "table %s: waiting for the store to reload the table (%s)",
                            broken.id,
                            type(error).__name__,
                        )
                    await asyncio.sleep(backoff.fail())
                else:
                    if backoff.failures:
                        log.warning("table %s: reloaded from the store", broken.id)
                    return
        finally:
            self._reloads.pop(broken.id, None)

    async def create(
        self, settings: TableSettings, bots: Sequence[TableBot] = ()
    ) -> tuple[Table, str]:
        """A new table with its ``bots`` seated from seat 0 up; returns it with the host's token
        (shown once, stored only hashed).

        Everything the request could be refused for is checked first (games, house rules,
        stakes, seats, names, bots that leave no seat for a player); then the table, its seats
        and their buy-ins are stored in one transaction. A refusal or a failed write leaves
        nothing behind.

        >>> from wildstud.server.schemas import GameEntry
        >>> async def with_bots() -> list[object]:
        ...     lobby = Lobby(Store("sqlite://"))
        ...     ftq = [GameEntry(game="FTQ")]
        ...     settings = TableSettings(name=" Bots\u202e ", games=ftq, seats=3)
        ...     bots = [TableBot(name="Robo"), TableBot(kind="random-bot")]
        ...     table, _ = await lobby.create(settings, bots)
        ...     try:
        ...         await lobby.create(settings, [*bots, TableBot()])
        ...     except TableError as error:
        ...         print(error)
        ...     await lobby.close()
        ...     return [table.name] + [(seat.index, seat.name) for seat in table.seats.values()]
        >>> asyncio.run(with_bots())
        3 bots leave no seat for a player at a table of 3 seats (bots: at most 2)
        ['Bots', (0, 'Robo'), (1, 'Random 2')]
        """
        build_menu(settings)  # refuses unknown games, bad house rules, a menu that cannot seat all
        host = settings.host_name
        if host is not None:
            host = clean_name(host, limit=SEAT_NAME_LIMIT, what="the host's name")
        settings = settings.model_copy(
            update={"name": table_name(settings.name), "host_name": host}
        )
        if len(bots) >= settings.seats:
            raise TableError(
                f"{len(bots)} bots leave no seat for a player at a table of {settings.seats}"
                f" seats (bots: at most {settings.seats - 1})"
            )
        # The bots the host named are named first, so that a number given to an unnamed bot
        # steps around them wherever they sit ("Caller 1" and a bot named "caller 1").
        names: dict[int, str] = {}
        for index, bot in enumerate(bots):
            if bot.name is not None:
                names[index] = bot_name(bot.kind, bot.name, index, names.values())
        for index, bot in enumerate(bots):
            if bot.name is None:
                names[index] = bot_name(bot.kind, None, index, names.values())
        seats = [
            Seat.new(
                index,
                names[index],
                SeatKind(bot.kind),
                None,
                settings.starting_chips,
                settings.time_bank,
            )
            for index, bot in enumerate(bots)
        ]
        host = new_token()
        state = TableState(
            id=new_id(),
            name=settings.name,
            host_hash=token_hash(host),
            join_token=new_token(),
            watch_token=new_token(),
            settings=settings.model_dump(mode="json"),
            status=TableStatus.WAITING.value,
            button=None,
            hands_dealt=0,
            last_entry=None,
        )
        buy_ins = [seat.entry("buy-in", seat.stack) for seat in seats]
        cluster = self.cluster
        if cluster is None:
            await self._store_new(state, seats, buy_ins, None)
            table = Table(state, seats, self.store)
            self._add(table)
            table.start_driver()
            return table, host
        # In a cluster the table goes to the least busy live process (this one, or another,
        # which hears of it at once and loads it); the heartbeat's or a NOTIFY's load of it
        # here waits until it is made.
        async with cluster.loading(state.id):
            owner = await cluster.place()
            await self._store_new(state, seats, buy_ins, owner)
            table = Table(state, seats, self.store)
            if owner != cluster.id:
                return table, host  # not run here: the answer is all this process needs of it
            table.epoch = 1
            cluster.created(table.id)
            self._add(table)
            table.start_driver()
            return table, host

    async def _store_new(
        self,
        state: TableState,
        seats: Sequence[Seat],
        buy_ins: Sequence[LedgerEntry],
        owner: str | None,
    ) -> None:
        try:
            await self.store.call(
                self.store.create_table, state, [seat.state() for seat in seats], buy_ins, owner
            )
        except Exception as error:
            log.error("creating a table failed: %s", type(error).__name__)
            raise StorageFailureError("the new table was not stored") from None

    def table(self, table_id: str) -> Table | None:
        """The table with this id."""
        return self.tables.get(table_id)

    def by_host(self, token: str) -> Table | None:
        """The table this host token runs."""
        return self._hosts.get(token_hash(token))

    def by_join(self, token: str) -> Table | None:
        """The table this join token lets players into."""
        return self._joins.get(token)

    def by_watch(self, token: str) -> Table | None:
        """The table this spectator token shows."""
        return self._watches.get(token)

    def by_request(self, token: str) -> tuple[Table, SeatRequestState] | None:
        """The table and seat request this requester's token names, if any."""
        digest = token_hash(token)
        for table in self.tables.values():
            state = table.requests.by_hash(digest)
            if state is not None:
                return table, state
        return None

    def by_seat(self, token: str) -> tuple[Table, Seat]:
        """The table and seat this seat token opens."""
        digest = token_hash(token)
        for table in self.tables.values():
            seat = table.seat_by_hash(digest)
            if seat is not None:
                return table, seat
        raise SeatError("no seat has this token (the link is wrong, or the seat was given up)")
