"""A bot's choice for its turn in the hand runner's pass: the effect of the runner's tick
(:class:`~.runner_due.BotChoice`), made by the actor (:func:`choose`), an equity bot's on a
thread, its action then the runner's slice's command (:class:`~.runner_slice.BotActs`).

Everything else the pass finds due (:func:`.runner_due.due`) is the runner's slice's own
commands, its tick's follow-ups (:func:`.runner_due.handle`): a hand dealt, the table's action
for a seat, the dealer asked, the choice called off, the clocks opened and run out, a run-out's
street, a redeal; a tournament's break shown is the tick's own outcome.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from wildstud.betting import ActionKind
from wildstud.server.seating import Seat
from wildstud.server.table.live import LiveHand
from wildstud.server.table.runner_due import BotChoice
from wildstud.server.table.runner_slice import BotActs

if TYPE_CHECKING:
    from wildstud.server.table.driver import Driver

__all__ = ["choose"]


def choose(driver: Driver, choice: BotChoice) -> BotActs | None:
    """A bot's choice for its turn (the effect of the runner's tick, made by the actor), its
    action the runner's slice's command (:class:`~.runner_slice.BotActs`); ``None`` while an
    equity bot thinks."""
    live = driver.state.live
    assert live is not None, "a bot's turn in the hand in play"
    seat, engine = choice.seat, choice.engine
    if choice.equity:
        # Its Monte Carlo run (and its first compile) must stall neither the sockets nor the
        # table's inbox: it thinks on a thread, and the tick that finds its answer ready for
        # the same turn plays it.
        thought = _thought(driver, live, engine, seat)
        if thought is None:
            return None  # the thread's end nudges the driver
        kind, amount = thought
    else:
        assert seat.bot is not None
        # Its seat's view (with its own cards, which the server opens for it alone, under a
        # private deal).
        kind, amount = seat.bot.choose(driver.table.private.view(live.hand, engine))
    return BotActs(seat, engine, kind, amount)


def _thought(
    driver: Driver, live: LiveHand, engine: int, seat: Seat
) -> tuple[ActionKind, int | None] | None:
    """The equity bot's choice for this turn once its thread has made it; ``None`` while
    it thinks (a thread is started for a turn it has not thought about yet)."""
    key = (live.number, len(live.hand.events), engine)
    thinking = driver.thinking
    if thinking is None or thinking[0] != key:
        assert seat.bot is not None
        view = driver.table.private.view(live.hand, engine)  # its seat's view only
        future = asyncio.get_running_loop().run_in_executor(None, seat.bot.choose, view)
        future.add_done_callback(lambda _: driver.table.wake())
        driver.thinking = (key, future)
        return None
    if not thinking[1].done():
        return None
    driver.thinking = None
    choice: tuple[ActionKind, int | None] = thinking[1].result()  # its failure is the tick's
    return choice
