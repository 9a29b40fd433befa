"""Finished hands read again: loaded once, built off the event loop, kept in a bounded cache.

A finished hand never changes, so neither does any answer about it: its steps and its PHH
record, as a spectator or as one of its seats sees them. :class:`HandReads` keeps the stored
hands (:data:`HANDS_KEPT` of them) and the answers built from them (up to
:data:`ANSWER_BYTES` bytes in all), the least recently read forgotten first. An answer is built
on a builder thread, one at a time, never on the event loop: replaying a hand takes tens of
milliseconds of Python, and eight clients asking for replays in a loop used to hold the loop
long enough to take another table's action-to-update time from 5 ms to 282 ms. There are two
builders: one for the chances (a hand's odds at every street, the luck of a night's hands),
which take seconds of arithmetic each, and one for everything else (steps, records, the rabbit
hunt), so that a replay a player opens is never queued behind the odds of every hand a page
asked about (on a loaded machine a hand's steps waited over 10 s so). With a thread or two,
the loop still gets its turn within a few of the interpreter's switch intervals (5 ms).
Requests for the same answer while it is being built wait for that one build.

Nothing about a hand in progress is kept: only hands the store says are finished.

>>> import asyncio
>>> async def demo() -> tuple[bytes, bytes, int]:
...     reads = HandReads()
...     built = []
...     def build() -> bytes:
...         built.append(1)
...         return b"steps"
...     first = await reads.answer(("t1", 1, "steps", None), build)
...     again = await reads.answer(("t1", 1, "steps", None), build)
...     reads.close()
...     return first, again, len(built)
>>> asyncio.run(demo())
(b'steps', b'steps', 1)
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from concurrent.futures import ThreadPoolExecutor

from wildstud.server.store.records import StoredHand

__all__ = ["ANSWER_BYTES", "HANDS_KEPT", "HandReads"]

HANDS_KEPT = 512
"""Finished hands kept as stored (a few kilobytes each: setup, decks and actions)."""
ANSWER_BYTES = 32 * 1024 * 1024
"""Bytes of built answers kept, in all (a hand's steps take tens to hundreds of kilobytes)."""


class HandReads:
    """The finished hands read lately, and the answers built from them."""

    def __init__(self, *, hands_kept: int = HANDS_KEPT, answer_bytes: int = ANSWER_BYTES) -> None:
        self.hands_kept = hands_kept
        self.answer_bytes = answer_bytes
        self._hands: OrderedDict[tuple[str, int], StoredHand] = OrderedDict()
        self._answers: OrderedDict[Hashable, asyncio.Future[bytes]] = OrderedDict()
        self._sizes: dict[Hashable, int] = {}
        self._held = 0
        self._builder = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wildstud-replay")
        self._weigher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wildstud-odds")

    async def hand(
        self, table_id: str, number: int, load: Callable[[], Awaitable[StoredHand | None]]
    ) -> StoredHand | None:
        """Hand ``number`` of table ``table_id``: kept, or ``load``-ed (and kept once finished)."""
        key = (table_id, number)
        found = self._hands.get(key)
        if found is not None:
            self._hands.move_to_end(key)
            return found
        stored = await load()
        if stored is not None and not stored.live:
            self._hands[key] = stored
            while len(self._hands) > self.hands_kept:
                self._hands.popitem(last=False)
        return stored

    async def answer(
        self, key: Hashable, build: Callable[[], bytes], *, chances: bool = False
    ) -> bytes:
        """The answer ``key`` names: kept, or built on a builder thread (once, however many
        ask at the same time) and kept; ``chances``: an answer about the odds, built on the
        thread that builds only those. ``key`` must name a finished hand and a viewer."""
        future = self._answers.get(key)
        if future is None:
            loop = asyncio.get_running_loop()
            builder = self._weigher if chances else self._builder
            future = loop.run_in_executor(builder, build)
            self._answers[key] = future
            future.add_done_callback(lambda done: self._built(key, done))
        else:
            self._answers.move_to_end(key)
        # Shielded: a client that goes away does not cancel a build others wait for.
        return await asyncio.shield(future)

    def _built(self, key: Hashable, future: asyncio.Future[bytes]) -> None:
        if self._answers.get(key) is not future:
            return
        if future.cancelled() or future.exception() is not None:
            del self._answers[key]  # a failure is not kept: the next request tries again
            return
        size = len(future.result())
        self._sizes[key] = size
        self._held += size
        while self._held > self.answer_bytes and self._sizes:
            oldest = next(key for key in self._answers if key in self._sizes)
            del self._answers[oldest]
            self._held -= self._sizes.pop(oldest)

    def close(self) -> None:
        """Stop the builder threads (builds under way finish)."""
        self._builder.shutdown(wait=False, cancel_futures=True)
        self._weigher.shutdown(wait=False, cancel_futures=True)
