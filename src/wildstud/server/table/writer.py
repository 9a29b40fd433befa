"""The one fenced writer of a table: every change reaches the store here, and a change the store
refuses leaves the table as it was.

Every change of a table (an action, a seat taken or given up, a host's command, a line of chat)
is made under the table's lock (:class:`ChangeLock`) and stored through its :class:`Writer`,
in one transaction that carries the table's lease epoch in a cluster (:mod:`.store.leases`).
Nothing in memory changes before its write: each part stages its new state with the change in
hand (:attr:`Writer.staged`: the slices folded into it, :meth:`.actor.Actor.fold`; the hand
runner's, :mod:`.runner`; the tournament's) and adopts it once the change is stored
(:meth:`Writer.after`); the seats in memory take the rows the change writes then
(:meth:`.table.Table.stored`). So when a write fails there is nothing to put back: the writer
drops what was staged and what was to be done once it committed, and raises
:class:`StorageFailureError`; the client that asked is told, the next command works, and the
table is not reloaded. Only a store that fails :data:`FAILURES_BEFORE_RELOAD` writes in a row
(one that may have stored a change it reported as failed, so that the store may be ahead of
memory) stops the table, for the lobby to rebuild it from what the store holds; a write the
fence refuses (another process holds the lease) stops it at once.

The hand in progress changes the same way: the runner changes a copy of it
(:meth:`~wildstud.deal.Hand.copy`), which it takes only once the change is stored; the
hand's book keeps a deck the copy drew, which the hand does not count stored until a change
stores it (:attr:`.live.LiveHand.decks_stored`): the next try deals it and stores it.

>>> FAILURES_BEFORE_RELOAD
3
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from wildstud.server.errors import ServerError
from wildstud.server.store import Changes, FencedError

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

__all__ = [
    "FAILURES_BEFORE_RELOAD",
    "ChangeLock",
    "StorageFailureError",
    "TableMovedError",
    "Writer",
]

log = logging.getLogger("wildstud.server")

T = TypeVar("T")

FAILURES_BEFORE_RELOAD = 3
"""Failed writes in a row after which the table stops and is rebuilt from the store."""


class StorageFailureError(ServerError):
    """The store did not write a change: the table is as it was before it (or, when the fence
    refused the write or the store keeps failing, stopped for another process or a reload)."""

    said = "the server could not store the change; try again"


class TableMovedError(StorageFailureError):
    """The change was not stored because another process of the server runs the table now (its
    lease moved on while this one stood still): said as such, for the request will reach the
    table at its new process once sent again."""

    said = FencedError.said


class ChangeLock:
    """A table's lock: held for every change, so that each is checked, stored and sent in one
    piece; taking it and giving it back start and end a change of its :class:`Writer`."""

    def __init__(self, writer: Writer) -> None:
        self._lock = asyncio.Lock()
        self._writer = writer

    def locked(self) -> bool:
        """Whether a change is being made."""
        return self._lock.locked()

    async def __aenter__(self) -> None:
        await self._lock.acquire()
        try:
            self._writer.begin()
        except BaseException:
            self._lock.release()
            raise

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        try:
            self._writer.end(error)
        finally:
            self._lock.release()


class Writer:
    """The one place a table's changes reach the store (see the module's description)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.failures = 0
        """Writes failed in a row."""
        self._after: list[Callable[[], None]] = []
        self.staged: dict[str, Any] = {}
        """The new states staged by the change in hand, by part (the actor's slices folded
        into it, :meth:`.actor.Actor.fold`; the hand runner, :mod:`.runner`; the tournament):
        adopted once it commits, dropped when it does not."""

    def begin(self) -> None:
        """A change starts (the lock was taken): nothing is staged."""
        self._after.clear()
        self.staged.clear()

    def end(self, error: BaseException | None = None) -> None:
        """The change is over (the lock is given back): what it staged and did not store is
        dropped, whatever ended it (a refusal, a bug, a failed write): what is in memory never
        runs ahead of the store."""
        self._after.clear()
        self.staged.clear()

    def after(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the change in hand is stored (never if it is not): words to
        clients that only a stored change may send (a seat's "you left" and its closing)."""
        self._after.append(callback)

    async def commit(self, changes: Changes) -> None:
        """Store ``changes``, the change in hand, in one transaction (nothing to store: nothing
        done); raise :class:`StorageFailureError` when they are not stored, what the change
        staged dropped."""
        if not changes:
            self._sent()
            return
        table = self.table
        fence = () if table.epoch is None else (table.epoch,)  # a cluster's writes
        await self._call(table.store.apply, (table.id, changes, *fence), self.failed)
        self.failures = 0
        self._sent()
        table.stored(changes)

    async def write(self, method: Callable[..., T], *args: Any) -> T:
        """Run the store's ``method`` with ``args`` and the table's lease epoch (``None`` out
        of a cluster), for a write that changes nothing of the table in memory until it
        commits (a line of chat, a mute): fenced as the table's changes are, and a failure
        raises :class:`StorageFailureError` with nothing to take back."""
        return await self._call(method, (*args, self.table.epoch), self._logged)

    async def _call(
        self, method: Callable[..., T], args: tuple[Any, ...], failed: Callable[[Exception], None]
    ) -> T:
        table = self.table
        if table.moved:  # (a moved table is broken too: it takes no more changes here)
            raise TableMovedError(f"table {table.id}: another process runs the table now")
        if table.broken:
            raise StorageFailureError(f"table {table.id}: the table is being reloaded")
        started = time.monotonic()
        try:
            result = await table.store.call(method, *args)
        except FencedError:
            self.lease_lost()
            raise TableMovedError(f"table {table.id}: the lease moved on") from None
        except Exception as error:
            failed(error)
            raise StorageFailureError(f"table {table.id}: the change was not stored") from None
        table.metrics.commit.observe(time.monotonic() - started)
        return result

    def _logged(self, error: Exception) -> None:
        self.table.metrics.errors.labels("storage").inc()
        log.error("table %s: a write failed: %s", self.table.id, type(error).__name__)

    def _sent(self) -> None:
        after, self._after = self._after, []
        self.staged.clear()  # adopted by the callbacks below
        for callback in after:
            callback()

    def failed(self, error: Exception) -> None:
        """A write failed: what the change staged is dropped (memory stays as the store has
        it); after :data:`FAILURES_BEFORE_RELOAD` in a row, stop it for the lobby to reload."""
        table = self.table
        table.metrics.errors.labels("storage").inc()
        self.failures += 1
        self._after.clear()
        self.staged.clear()
        log.error(
            "table %s: storing a change failed (%d in a row): %s",
            table.id,
            self.failures,
            type(error).__name__,
        )
        if self.failures >= FAILURES_BEFORE_RELOAD:
            self.stop_for_reload()

    def stop_for_reload(self) -> None:
        """Stop the table, tell its clients, and have the lobby rebuild it from the store: the
        store may hold what memory does not."""
        table = self.table
        table.broken = True
        table.fanout.storage_failed()
        if table.on_broken is not None:
            asyncio.get_running_loop().call_soon(table.on_broken, table)

    def lease_lost(self) -> None:
        """A write of the table was refused by the fence: this process lost the table's lease
        (it stalled, or was cut off, past the lease time) and another runs it now. The
        database refused the write, so nothing of the hand forks; nothing more is stored
        here, and the clients reconnect and reach the new owner."""
        table = self.table
        table.metrics.fenced.inc()
        log.warning("table %s: a write was refused: another process holds the lease", table.id)
        if table.moved and table.broken:
            return  # told already
        table.broken = table.moved = True
        for client in table.fanout.clients():
            client.close(1012, "the table moved")
        if table.on_broken is not None:
            asyncio.get_running_loop().call_soon(table.on_broken, table)
