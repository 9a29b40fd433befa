"""The driver of a table survives its own failures without a tight loop: its ticks (the actor's
turns for the runner's slice) wait longer while the same failure repeats, log it once, and say
when they work again."""

from __future__ import annotations

import asyncio
import itertools
import logging

import pytest

from wildstud.server.clock import Backoff
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.store import Store, TableState
from wildstud.server.table import Table
from wildstud.server.table.runner import RUNNER
from wildstud.server.table.runner_due import RunnerTick


def _seatless_table(store: Store, status: str) -> Table:
    """A table of no seats, ``status``, stored in ``store``."""
    settings = TableSettings(name="bug", games=[GameEntry(game="FTQ")])
    state = TableState(
        "t1", "bug", "h" * 64, "j", "w", settings.model_dump(mode="json"), status, None, 0, None
    )
    store.create_table(state)
    return Table(state, [], store)


async def _failing_driver(caplog: pytest.LogCaptureFixture) -> None:
    store = Store("sqlite://")
    table = _seatless_table(store, "running")
    table.actor.backoff = Backoff(first=0.01, cap=0.08)
    calls: list[float] = []
    failure: list[Exception] = [RuntimeError("boom")]

    def tick() -> RunnerTick:  # the runner's tick, made from the table as its turn comes
        calls.append(asyncio.get_running_loop().time())
        if failure:
            raise failure[0]
        return RunnerTick(RUNNER)  # nothing due: it changes nothing and wakes never

    table.actor.slices[RUNNER].tick = tick
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


def test_the_runner_s_tick_is_made_from_the_table_and_is_empty_while_it_plays_no_hand() -> None:
    store, other = Store("sqlite://"), Store("sqlite://")
    running, paused = _seatless_table(store, "running"), _seatless_table(other, "paused")
    assert running.driver.tick() == RunnerTick(RUNNER)  # not started: nothing is due
    running.driver.running = paused.driver.running = True
    tick = running.driver.tick()
    assert tick.at is not None
    assert tick.at.seats is not None  # between hands, the pause over: the seats read
    assert paused.driver.tick() == RunnerTick(RUNNER)
    running.broken = True  # the fence refused a write, or the store kept failing
    assert running.driver.tick() == RunnerTick(RUNNER)
    store.close()
    other.close()
