"""Several server processes on one PostgreSQL database: this process's part in the cluster.

``wildstud serve --cluster`` (PostgreSQL only) runs the server as one process of a cluster.
Each table is run by exactly one process at a time, the holder of its lease
(:mod:`wildstud.server.store.leases`). A :class:`Cluster` enters the process in the registry,
and every :data:`HEARTBEAT` seconds it:

- renews the process's heartbeat (one row: the leases of a live process stay its own);
- drops every table whose lease moved to another process while this one stood still (a
  SIGSTOP, a frozen machine), telling its clients to reconnect; any write such a table tried
  before was refused by the fence;
- loads the tables whose lease it holds and has not loaded (a table placed on it by another
  process, or its own after a failed write);
- takes the lease of tables that have no live owner (their process died or stalled for
  :data:`LEASE` seconds): every live process shares them out alike (:func:`share_out`, the
  least busy first) and takes its own share at once, so that a dead process's tables spread
  over the others within a heartbeat; each is resumed from the database, exactly as after a
  restart;
- rebalances: while this process holds at least two tables more than the least busy live one
  (a process that joined, or came back after a stall), it hands the excess on between hands,
  as a drain does, so that the live processes hold roughly equal shares with no table stopping;
- closes the relayed connections (:mod:`wildstud.server.relay`) of tables that changed owner;
- while draining (``wildstud serve --drain``), hands each table on between hands to the least
  busy other process, and stops the server once it holds none.

A new table goes to the live process that holds the fewest tables (:meth:`Cluster.place`).
A client may reach any process: one that does not run the table relays the client's requests
and WebSocket to the one that does.

>>> HEARTBEAT < LEASE
True
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from wildstud.errors import WildstudError
from wildstud.server.limits import address_cap_error
from wildstud.server.security import new_id
from wildstud.server.store import Store
from wildstud.server.store import leases as sql
from wildstud.server.store import limits as shared

if TYPE_CHECKING:
    from wildstud.server.lobby import Lobby
    from wildstud.server.table import Table

__all__ = ["HEARTBEAT", "LEASE", "Cluster", "ClusterError", "share_out"]

log = logging.getLogger("wildstud.server")
T = TypeVar("T")

HEARTBEAT = 1.0
"""Seconds between two heartbeats of a process."""
LEASE = 4.0
"""Seconds without a heartbeat after which a process's tables may be taken by the others."""


def share_out(loads: dict[str, int], count: int) -> list[str]:
    """Who takes each of ``count`` tables in turn: the process that holds the fewest tables
    then (by ``loads``; on a tie, the first by id), each table taken adding one to its taker.

    >>> share_out({"a": 3, "b": 1, "c": 1}, 5)
    ['b', 'c', 'b', 'c', 'a']
    """
    held = dict(loads)
    takers = []
    for _ in range(count):
        taker = min(held, key=lambda process: (held[process], process))
        held[taker] += 1
        takers.append(taker)
    return takers


class ClusterError(WildstudError):
    """A cluster that cannot run as asked (not on PostgreSQL, nothing to drain)."""


class Cluster:
    """This process in the cluster: its registry row, its leases and its heartbeat."""

    def __init__(self, store: Store, lobby: Lobby, address: str, lease: float = LEASE) -> None:
        self.store = store
        self.lobby = lobby
        self.id = new_id()
        """This process's id in the registry (new at every start)."""
        self.address = address
        """The base URL the other processes relay to (``http://10.0.0.2:8000``)."""
        self.lease = lease
        self.heartbeat = min(HEARTBEAT, lease / 3)
        self.draining = False
        self.exit: Callable[[], None] | None = None
        """Stops the server (set by :class:`~wildstud.server.running.RestartingServer`)."""
        self._task: asyncio.Task[None] | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wildstud-cluster")
        self._listener: asyncio.Task[None] | None = None
        self._loading: dict[str, asyncio.Lock] = {}
        self._relays: dict[str, dict[object, tuple[str, Callable[[], None]]]] = {}
        self._handed: dict[str, int] = {}
        """The epoch at which each table was handed on from here: a heartbeat's look at the
        leases from before the handing says nothing about it (a table handed back later
        comes at a newer epoch)."""
        self._adopted: dict[str, float] = {}
        """When each table was loaded here: a heartbeat's look at the leases taken before
        then says nothing about it."""
        self.last_beat = 0.0

    async def _db(self, method: Callable[..., T], *args: Any) -> T:
        """Run a query of the heartbeat on the cluster's own thread: it never waits behind the
        tables' writes (or the relays' look-ups), only for the database itself."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, functools.partial(method, *args))

    # -- starting and stopping -----------------------------------------------------------------

    async def start(self) -> None:
        """Enter the registry, take this process's first tables, start the heartbeat."""
        await self._db(sql.register, self.store.engine, self.id, self.address)
        log.info("wildstud: process %s joins the cluster at %s", self.id, self.address)
        await self.tick()
        self._task = asyncio.create_task(self._beat(), name="cluster-heartbeat")
        self._listener = asyncio.create_task(self._listen(), name="cluster-listener")

    async def stop(self) -> None:
        """Stop the heartbeat and leave the registry: the leases still held are freed at once
        (the tables' drivers are stopped first), so the others take them without waiting."""
        for task in (self._task, self._listener):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        try:
            await self._db(sql.release, self.store.engine, self.id)
        except Exception as error:  # the others take the leases once the heartbeat is old
            log.warning("cluster: leaving the registry failed: %s", type(error).__name__)
        self._thread.shutdown(wait=False)

    async def _beat(self) -> None:
        # On a schedule, not a pause after each tick: a tick that took long (the database slow on
        # a loaded machine, tables loaded) used to put its whole time between two renewals on
        # top of the heartbeat's, and a live process's heartbeat grew older than its lease (4.2 s
        # measured at a load near 19), so its tables moved under it. A tick longer than the
        # heartbeat is followed by the next at once, never by a burst to catch up.
        loop = asyncio.get_running_loop()
        due = loop.time()
        while True:
            due = max(due + self.heartbeat, loop.time())
            await asyncio.sleep(due - loop.time())
            try:
                await self.tick()
            except Exception as error:  # the database is unreachable: try again next beat
                log.warning("cluster: heartbeat failed: %s", type(error).__name__)

    async def _listen(self) -> None:
        """Hear at once of a table placed on or handed to this process, and of leases freed
        (PostgreSQL's LISTEN/NOTIFY, on a connection of its own)."""
        import psycopg

        url = self.store.engine.url.set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    conninfo, autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {sql.CHANNEL}")
                    async for note in connection.notifies():
                        owner, _, subject = note.payload.partition(" ")
                        if owner == self.id and not self.draining:
                            await self.claim(subject)
                        elif owner == "*" and subject != self.id and not self.draining:
                            await self._take_orphans()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the heartbeat still finds everything: listen again
                log.info("cluster: listening again after %s", type(error).__name__)
                await asyncio.sleep(self.heartbeat)

    # -- the heartbeat -------------------------------------------------------------------------

    async def tick(self) -> None:
        """One heartbeat (see the module's description)."""
        engine = self.store.engine
        beat = time.monotonic()
        draining = await self._db(sql.heartbeat, engine, self.id)
        if draining is None:  # removed from the registry (never by us alive): enter again
            await self._db(sql.register, engine, self.id, self.address)
            draining = False
        stalled = beat - self.last_beat > self.lease if self.last_beat else False
        self.last_beat = beat
        if stalled:
            log.warning("cluster: this process stood still past its lease; checking its tables")
        held = await self._db(sql.held, engine, self.id)
        for table in list(self.lobby.tables.values()):
            if self._adopted.get(table.id, 0.0) >= beat:
                continue
            if held.get(table.id) != table.epoch:
                await self.lobby.drop(table, "the table moved to another process")
        for table_id, epoch in held.items():
            if table_id not in self.lobby.tables and epoch > self._handed.get(table_id, -1):
                await self.adopt(table_id, epoch)
        if draining and not self.draining:
            log.warning("cluster: draining: the tables move to the other processes")
        self.draining = draining
        if draining:
            self._drain()
        else:
            await self._take_orphans()
            await self._rebalance()
        await self._check_relays()

    async def _take_orphans(self) -> None:
        engine = self.store.engine
        orphans = await self._db(sql.orphans, engine, self.lease, self.id)
        if not orphans:
            return
        loads = await self._db(sql.loads, engine, self.lease)
        loads.setdefault(self.id, len(self.lobby.tables))
        # Every live process shares the orphans out the same way and takes its own, all at
        # once: a dead process's tables come back in one heartbeat, not one or two a heartbeat
        # each. Two processes that saw different loads may both try for a table (the lease's
        # update lets one win) or leave one for the next heartbeat.
        mine = [
            orphan
            for orphan, taker in zip(orphans, share_out(loads, len(orphans)), strict=True)
            if taker == self.id
        ]
        await asyncio.gather(*(self.take(table_id, epoch) for table_id, epoch in mine))

    async def take(self, table_id: str, epoch: int) -> bool:
        """Take a table's lease as seen at ``epoch`` and run the table; ``False`` when another
        process took it first."""
        engine = self.store.engine
        try:
            new = await self._db(sql.take, engine, table_id, self.id, epoch)
        except Exception as error:  # the lease row is held by a write (lock_timeout): later
            log.info("cluster: taking table %s waits: %s", table_id, type(error).__name__)
            return False
        if new is None:
            return False
        log.warning("cluster: table %s taken over at epoch %d", table_id, new)
        self.lobby.metrics.takeovers.inc()
        await self.adopt(table_id, new)
        return True

    async def adopt(self, table_id: str, epoch: int) -> None:
        """Load and run a table whose lease this process holds at ``epoch`` (once, however
        many ask at the same time)."""
        async with self.loading(table_id):
            if table_id in self.lobby.tables:
                return
            self._adopted[table_id] = time.monotonic()
            await self.lobby.adopt(table_id, epoch)

    def loading(self, table_id: str) -> asyncio.Lock:
        """The lock held while a table is being loaded or made here: one Table at a time per
        table (the NOTIFY of a new table can arrive before its maker has added it)."""
        return self._loading.setdefault(table_id, asyncio.Lock())

    async def claim(self, table_id: str) -> bool:
        """Make sure this process runs ``table_id`` if it may: it holds the lease, or the lease
        has no live owner (then it takes it). ``False``: another process runs it."""
        if table_id in self.lobby.tables:
            return True
        found = await self.store.call(sql.locate, self.store.engine, table_id, self.lease)
        if found is None:
            return False
        if found.owner == self.id:
            await self.adopt(table_id, found.epoch)
            return table_id in self.lobby.tables
        if found.live or self.draining:
            return False
        return await self.take(table_id, found.epoch)

    # -- placing and draining ------------------------------------------------------------------

    async def place(self) -> str:
        """The process a new table goes to: the live one that holds the fewest."""
        found = await self.store.call(sql.place, self.store.engine, self.lease)
        return found or self.id

    def created(self, table_id: str) -> None:
        """A table placed on this process was made here (its lease at epoch 1)."""
        self._adopted[table_id] = time.monotonic()

    def _drain(self) -> None:
        tables = list(self.lobby.tables.values())
        if not tables:
            if self.exit is not None:
                log.warning("cluster: drained: every table runs elsewhere; stopping")
                self.exit()
                self.exit = None
            return
        for table in tables:
            if table.hand_off is None:
                table.hand_off = self._hand_off
                table.wake()

    async def _rebalance(self) -> None:
        """Mark tables to hand on while this process holds at least two more than the least
        busy live one: as many as it holds over an even share (each hand-off looks again)."""
        loads = await self._db(sql.loads, self.store.engine, self.lease)
        mine = loads.pop(self.id, None)
        if mine is None or not loads or mine - min(loads.values()) < 2:
            return
        excess = mine - (mine + sum(loads.values())) // (len(loads) + 1)
        tables = list(self.lobby.tables.values())
        excess -= sum(table.hand_off is not None for table in tables)
        # Tables between hands first: they move at once.
        for table in sorted(tables, key=lambda table: table.live is not None)[: max(excess, 0)]:
            if table.hand_off is None:
                table.hand_off = self._move_off
                table.wake()

    async def _move_off(self, table: Table) -> bool:
        """Hand ``table`` on to rebalance (between hands), if this process still holds at
        least two tables more than the least busy live one."""
        if self.draining:
            return await self._hand_off(table)
        loads = await self._db(sql.loads, self.store.engine, self.lease)
        mine = loads.get(self.id)
        if mine is None or mine - min(loads.values()) < 2:
            table.hand_off = None  # balanced meanwhile
            return False
        return await self._hand_off(table, loads)

    async def _hand_off(self, table: Table, loads: dict[str, int] | None = None) -> bool:
        """Hand ``table`` to the least busy other process (the driver calls this between
        hands, holding the table's lock); ``False`` when no other process can take it."""
        engine = self.store.engine
        if loads is None:
            loads = await self._db(sql.loads, engine, self.lease)
        loads = {process: load for process, load in loads.items() if process != self.id}
        if not loads or table.epoch is None:
            table.hand_off = None  # nobody to take it: ask again at the next heartbeat
            return False
        target = min(loads, key=lambda process: (loads[process], process))
        self._handed[table.id] = table.epoch
        try:
            new = await self._db(sql.hand_off, engine, table.id, table.epoch, target)
        except Exception:
            self._handed.pop(table.id, None)
            table.hand_off = None
            raise
        if new is None:  # the lease moved meanwhile: the heartbeat drops the table
            table.hand_off = None
            return False
        log.info("cluster: table %s handed to %s at epoch %d", table.id, target, new)
        self.lobby.metrics.handoffs.inc()
        table.moved = True
        self.lobby.forget(table, "the table moves to another server")
        return True

    # -- connections ---------------------------------------------------------------------------

    async def connected(self, address: str, cap: int) -> bool:
        """Count a new connection of ``address`` across the cluster, or raise
        :class:`~wildstud.server.limits.ConnectionCapError` when the live processes hold
        ``cap`` of them already. ``False``: the database did not answer, and the connection
        was let in uncounted (the process's own cap still holds)."""
        try:
            held = await self.store.call(
                shared.connect, self.store.engine, self.id, address, cap, self.lease
            )
        except Exception as error:
            log.warning("cluster: counting a connection failed: %s", type(error).__name__)
            return False
        if held is not None:
            raise address_cap_error(cap)
        return True

    async def disconnected(self, address: str) -> None:
        """Count a connection of ``address`` less (one :meth:`connected` counted)."""
        try:
            await self.store.call(shared.disconnect, self.store.engine, self.id, address)
        except Exception as error:  # the row goes with the process's registry entry
            log.warning("cluster: uncounting a connection failed: %s", type(error).__name__)

    # -- relays --------------------------------------------------------------------------------

    def relaying(
        self, table_id: str, owner: str, key: object, close: Callable[[], None] | None
    ) -> None:
        """Note (``close`` given) or forget a relayed connection to ``table_id``'s owner: it is
        closed as soon as the table changes owner."""
        relays = self._relays.setdefault(table_id, {})
        if close is None:
            relays.pop(key, None)
            if not relays:
                del self._relays[table_id]
        else:
            relays[key] = (owner, close)
        self.lobby.metrics.relays.set(sum(len(found) for found in self._relays.values()))

    async def _check_relays(self) -> None:
        if not self._relays:
            return
        now = await self._db(sql.owners, self.store.engine, list(self._relays))
        for table_id, relays in list(self._relays.items()):
            for owner, close in list(relays.values()):
                if now.get(table_id) != owner:
                    close()


def drain(url: str, address: str, timeout: float = 600.0) -> int:
    """``wildstud serve --drain``: ask the process of the cluster at ``address`` to hand its
    tables to the others, and wait until it has stopped; returns how many processes drained.

    Raises :class:`ClusterError` when no live process has that address, or when it has not
    finished within ``timeout`` seconds.
    """
    from sqlalchemy import create_engine, text

    from wildstud.server.store import database_url
    from wildstud.server.store.migrate import upgrade

    logging.getLogger("alembic").setLevel(logging.WARNING)  # the answer is one line
    engine = create_engine(database_url(url), hide_parameters=True)
    try:
        upgrade(engine)
        ids = sql.mark_draining(engine, address)
        if not ids:
            raise ClusterError(f"no process of the cluster has the address {address}")
        deadline = time.monotonic() + timeout
        while True:
            with engine.connect() as connection:
                left = connection.execute(
                    text("SELECT count(*) FROM processes WHERE id = ANY(:ids)"), {"ids": ids}
                ).scalar_one()
            if not left:
                return len(ids)
            if time.monotonic() > deadline:
                raise ClusterError(f"the process at {address} still holds tables")
            time.sleep(0.2)
    finally:
        engine.dispose()
