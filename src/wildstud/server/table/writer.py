"""The one fenced writer of a table: every change reaches the store here, and a change the store
refuses leaves the table as it was.

Every change of a table (an action, a seat taken or given up, a host's command, a line of chat)
is made under the table's lock (:class:`ChangeLock`) and stored through its :class:`Writer`,
in one transaction that carries the table's lease epoch in a cluster (:mod:`.store.leases`).
The lock notes what the table holds in memory as it is taken (a :class:`Baseline`), and the
writer notes it again after every write that commits. When a write fails, the writer puts the
table back as the last baseline had it, drops what was to be sent once it committed, and raises
:class:`StorageFailureError`: the client that asked is told, the next command works, and the
table is not reloaded. Only a store that fails :data:`FAILURES_BEFORE_RELOAD` writes in a row
(one that may have stored a change it reported as failed, so that the store may be ahead of
memory) stops the table, for the lobby to rebuild it from what the store holds; a write the
fence refuses (another process holds the lease) stops it at once.

The hand in progress is not in the baseline: the driver changes a copy of it
(:meth:`~wildstud.deal.Hand.copy`), which the table takes only once the change is stored
(:meth:`after`), so a refused change leaves the hand as it was with nothing to replay; only the
decks the copy drew from the hand's book are forgotten.

>>> FAILURES_BEFORE_RELOAD
3
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import operator
import time
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from wildstud.commitment import SealedDeck
from wildstud.server.clock import Turn
from wildstud.server.seating import Seat
from wildstud.server.store import Changes, FencedError

if TYPE_CHECKING:
    from wildstud.server.table.driver import LiveHand
    from wildstud.server.table.table import Table

__all__ = [
    "FAILURES_BEFORE_RELOAD",
    "Baseline",
    "ChangeLock",
    "StorageFailureError",
    "Writer",
]

log = logging.getLogger("wildstud.server")

T = TypeVar("T")

FAILURES_BEFORE_RELOAD = 3
"""Failed writes in a row after which the table stops and is rebuilt from the store."""

_TABLE_FIELDS = (
    "name",
    "button",
    "hands_dealt",
    "last_entry",
    "live",
    "last_hand",
    "tournament",
)
"""What a table holds of its own (its parts hold the rest; the slices moved onto the actor's
pure core, :mod:`.actor`, adopt a new state only once it is stored, so they are not here: the
status and the links are the seating's, :mod:`.seating`)."""
_SEAT_FIELDS = tuple(
    item.name for item in dataclasses.fields(Seat) if item.name not in ("clients", "bot")
)
"""A seat's state; its connections and its bot's object are not, and are never put back."""
_seat_values = operator.attrgetter(*_SEAT_FIELDS)
"""A seat's state as a tuple, read in C: a baseline is taken for every change (about 5 µs for
six seats where a loop of ``getattr`` took 30 µs on the same loaded machine)."""
_table_values = operator.attrgetter(*_TABLE_FIELDS)
_TURN_FIELDS = tuple(item.name for item in dataclasses.fields(Turn))
_turn_values = operator.attrgetter(*_TURN_FIELDS)
_Kept = tuple[dict[int, str], dict[int, SealedDeck], list[int]]
"""What a hand's book holds at one moment (:meth:`~wildstud.server.replay.DeckBook.kept`)."""


class StorageFailureError(RuntimeError):
    """The store did not write a change: the table is as it was before it (or, when the fence
    refused the write or the store keeps failing, stopped for another process or a reload)."""


def _book(live: LiveHand | None) -> tuple[LiveHand, _Kept] | None:
    """What the book of ``live`` holds now: the decks a refused change drew are forgotten."""
    return None if live is None else (live, live.book.kept())


@dataclasses.dataclass(slots=True)
class Baseline:
    """What a table holds in memory at one moment, to put back when a change is not stored.

    What the clients were sent (events published, proofs opened) is not part of it: a client
    is only ever sent what was stored, so that never has to be taken back."""

    fields: tuple[Any, ...]
    seats: dict[int, tuple[Seat, tuple[Any, ...]]]
    driver: tuple[Any, ...]
    live: tuple[LiveHand, _Kept] | None
    """The hand in progress and its book: the hand itself is never changed before a change is
    stored (the driver changes a copy of it, :meth:`~wildstud.deal.Hand.copy`, and the hand
    takes that copy once it is stored), but the copy draws its decks from the hand's book."""
    last: tuple[LiveHand, _Kept] | None

    @classmethod
    def take(cls, table: Table) -> Baseline:
        """Note what ``table`` holds now."""
        driver = table.driver
        return cls(
            _table_values(table),
            {index: (seat, _seat_values(seat)) for index, seat in table.seats.items()},
            (
                driver.choosing,
                driver.showdown,
                driver.offer,
                driver.dealt_last,
                driver.next_hand_at,
                _turn_values(driver.turn),
            ),
            _book(table.live),
            _book(table.last_hand) if table.last_hand is not table.live else None,
        )

    def restore(self, table: Table) -> None:
        """Put ``table`` back as it stood when this was taken."""
        for name, value in zip(_TABLE_FIELDS, self.fields, strict=True):
            setattr(table, name, value)
        table.seats = {}
        for index, (seat, values) in self.seats.items():
            for name, value in zip(_SEAT_FIELDS, values, strict=True):
                setattr(seat, name, value)
            table.seats[index] = seat
        driver = table.driver
        (
            driver.choosing,
            driver.showdown,
            driver.offer,
            driver.dealt_last,
            driver.next_hand_at,
            _,
        ) = self.driver
        for name, value in zip(_TURN_FIELDS, self.driver[5], strict=True):
            setattr(driver.turn, name, value)
        for kept in (self.live, self.last):
            if kept is not None:
                kept[0].book.back_to(kept[1])


class ChangeLock:
    """A table's lock: held for every change, so that each is checked, stored and sent in one
    piece; taking it notes the table's :class:`Baseline` for its :class:`Writer`."""

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
        self._baseline: Baseline | None = None
        self._after: list[Callable[[], None]] = []
        self.staged: dict[str, Any] = {}
        """The new states of the actor's slices folded into the change in hand, by slice
        (:meth:`.actor.Actor.fold`): adopted once it commits, dropped when it does not."""

    def begin(self) -> None:
        """A change starts (the lock was taken): note what the table holds."""
        self._baseline = Baseline.take(self.table)
        self._after.clear()
        self.staged.clear()

    def end(self, error: BaseException | None = None) -> None:
        """The change is over (the lock is given back). A change cut short by a failure of
        its own (a bug; a refusal after something was changed) is taken back whole: what is
        in memory never runs ahead of the store. A cancelled one is not: its write may have
        been made on the store's thread."""
        baseline, self._baseline = self._baseline, None
        self._after.clear()
        self.staged.clear()
        if (
            baseline is not None
            and isinstance(error, Exception)
            and not isinstance(error, StorageFailureError)
        ):
            baseline.restore(self.table)

    def after(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the change in hand is stored (never if it is not): words to
        clients that only a stored change may send (a seat's "you left" and its closing)."""
        self._after.append(callback)

    async def commit(self, changes: Changes) -> None:
        """Store ``changes``, the change in hand, in one transaction (nothing to store: nothing
        done); raise :class:`StorageFailureError` when they are not stored, the table put back
        as it was before the change."""
        if not changes:
            self._sent()
            return
        table = self.table
        fence = () if table.epoch is None else (table.epoch,)  # a cluster's writes
        await self._call(table.store.apply, (table.id, changes, *fence), self.failed)
        self.failures = 0
        self._sent()
        table.stored(changes)
        if self._baseline is not None:  # what is stored now is what a next failure goes back to
            self._baseline = Baseline.take(table)

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
        if table.broken:
            raise StorageFailureError(f"table {table.id}: the table is being reloaded")
        if table.moved:
            raise StorageFailureError(f"table {table.id}: another process runs the table now")
        started = time.monotonic()
        try:
            result = await table.store.call(method, *args)
        except FencedError:
            self.lease_lost()
            raise StorageFailureError(f"table {table.id}: the lease moved on") from None
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
        """A write failed: put the table back as it was before the change; after
        :data:`FAILURES_BEFORE_RELOAD` in a row, stop it for the lobby to reload."""
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
        if self._baseline is None:  # pragma: no cover - every change is made under the lock
            self.stop_for_reload()
            return
        self._baseline.restore(table)
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
