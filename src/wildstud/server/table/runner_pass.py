"""The hand runner's pass carried out: what the pure decision (:func:`.runner_due.due`) found
due, done by the runner (:class:`~.driver.Driver`).

Each step is today's runner code between hands (a deal); each returns how long until the
runner looks again. The slice's own commands (the table's action for a seat, the dealer asked,
the choice called off, the clocks opened and run out, a run-out's street, a redeal) are the
pass's follow-ups (:func:`.runner_due.handle`), a tournament's break shown is the pass's own
outcome, and a bot's choice the actor's effect (:func:`choose`, an equity bot's made on a
thread).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from wildstud.betting import ActionKind
from wildstud.server.seating import Seat
from wildstud.server.store import Changes
from wildstud.server.table.button import DealDefault
from wildstud.server.table.live import LiveHand
from wildstud.server.table.runner_due import (
    Again,
    AtTick,
    BotChoice,
    Due,
    Shuffled,
)
from wildstud.server.table.runner_slice import BotActs
from wildstud.server.table.shuffle_requests import NAME as SHUFFLE
from wildstud.server.table.shuffle_requests import DropRound

if TYPE_CHECKING:
    from wildstud.server.table.driver import Driver

__all__ = ["carry", "choose"]


async def carry(driver: Driver, step: Due, at: AtTick, now: float) -> float | Again | None:
    """Carry out ``step``, due at ``now`` (:func:`.runner_due.due`); return how long until
    the runner looks again (``None``: not until something changes), or
    :data:`~.runner_due.AGAIN`."""
    assert isinstance(step, Shuffled | DealDefault), "the others are the slice's own"
    return await _between(driver, step)


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


async def _between(driver: Driver, step: Shuffled | DealDefault) -> float | Again | None:
    """Carry out ``step``, due between hands (see :func:`carry`)."""
    table = driver.table
    if isinstance(step, Shuffled):  # the next hand's round is over: dealt from it
        number = driver.state.hands_dealt + 1
        await driver.deal(step.entry, chose=step.chooser)
        if driver.state.hands_dealt < number and table.shuffling.over(number, 1):
            # No hand after all (too few players): the next try is a fresh round.
            dropped = Changes()
            table.actor.fold(SHUFFLE, DropRound(number, 1), dropped)
            await driver.commit(dropped)
        return 0.0
    await driver.deal(None)  # the default pick
    return 0.0


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
