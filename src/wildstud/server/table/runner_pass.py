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
import logging
from typing import TYPE_CHECKING

from wildstud.betting import ActionKind
from wildstud.bots import CallingBot
from wildstud.server.seating import Seat
from wildstud.server.table.live import LiveHand
from wildstud.server.table.runner_due import BotChoice
from wildstud.server.table.runner_slice import BotActs

if TYPE_CHECKING:
    from wildstud.server.table.driver import Driver

__all__ = ["THINK_SECONDS", "choose"]

log = logging.getLogger(__name__)

THINK_SECONDS = 10.0
"""How long an equity bot may think over a turn before it plays as a calling bot would (the
bring-in, a check or a call): a bot's turn has no clock of its own and the table waits for it,
and its thinking can run long (the Monte Carlo kernels' first compile on a fresh install is a
minute of one core, more on a busy machine). Its thread runs on; what it comes to is left."""

_STAND_IN = CallingBot()


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
        loop = asyncio.get_running_loop()
        decided: asyncio.Future[tuple[ActionKind, int | None]] = loop.create_future()

        def thought(done: asyncio.Future[tuple[ActionKind, int | None]]) -> None:
            if decided.done():
                return  # too late: it played as a calling bot
            if done.cancelled():
                decided.cancel()
            elif (error := done.exception()) is not None:
                decided.set_exception(error)  # its failure is the tick's, as ever
            else:
                decided.set_result(done.result())

        def too_long() -> None:
            if not decided.done():
                log.warning(
                    "table %s: the equity bot %s thought over %.0f s; it plays as a calling bot"
                    " this turn",
                    driver.table.id,
                    seat.name,
                    THINK_SECONDS,
                )
                decided.set_result(_STAND_IN.choose(view))

        loop.run_in_executor(None, seat.bot.choose, view).add_done_callback(thought)
        timer = loop.call_later(THINK_SECONDS, too_long)

        def wake(_: object) -> None:
            timer.cancel()
            driver.table.wake()

        decided.add_done_callback(wake)
        driver.thinking = (key, decided)
        return None
    if not thinking[1].done():
        return None
    driver.thinking = None
    choice: tuple[ActionKind, int | None] = thinking[1].result()  # its failure is the tick's
    return choice
