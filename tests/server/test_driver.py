"""The driver of a table survives its own failures without a tight loop: it waits longer while
the same failure repeats, logs it once, and says when it works again."""

from __future__ import annotations

import asyncio
import itertools
import logging

import pytest

from wildstud.server.clock import Backoff
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.store import Store, TableState
from wildstud.server.table import Table


async def _failing_driver(caplog: pytest.LogCaptureFixture) -> None:
    settings = TableSettings(name="bug", games=[GameEntry(game="FTQ")])
    state = TableState(
        "t1", "bug", "h" * 64, "j", "w", settings.model_dump(mode="json"), "running", None, 0, None
    )
    store = Store("sqlite://")
    store.create_table(state)
    table = Table(state, [], store)
    table.actor.backoff = Backoff(first=0.01, cap=0.08)
    calls: list[float] = []
    failure: list[Exception] = [RuntimeError("boom")]

    async def advance() -> float | None:
        calls.append(asyncio.get_running_loop().time())
        if failure:
            raise failure[0]
        return None

    table.driver.advance = advance  # type: ignore[method-assign]
    table.start_driver()
    await asyncio.sleep(0.6)
    # Waits of 0.01, 0.02, 0.04, then 0.08 each: about ten tries in 0.6 s, not thousands.
    assert 6 <= len(calls) <= 12, len(calls)
    gaps = [later - earlier for earlier, later in itertools.pairwise(calls)]
    assert gaps[-1] >= 0.07
    failed = [record for record in caplog.records if "driver failed" in record.getMessage()]
    assert len(failed) == 1
    assert failed[0].exc_info is not None  # the traceback, once
    # Another failure is logged too (once); then it works again, and says so.
    failure[0] = ValueError("another")
    await asyncio.sleep(0.2)
    failure.clear()
    table.wake()
    await asyncio.sleep(0.2)
    messages = [record.getMessage() for record in caplog.records]
    assert sum("driver failed" in message for message in messages) == 2
    assert sum("works again" in message for message in messages) == 1
    await table.stop()
    store.close()


def test_a_failing_driver_backs_off_and_logs_once(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="wildstud.server")
    asyncio.run(_failing_driver(caplog))
