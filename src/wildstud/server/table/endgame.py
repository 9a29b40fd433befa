"""The end of a hand at a table: the all-in run-out, the offer to run it twice and the showdown.

An :class:`Endgame` is the hand runner's (:class:`~.driver.Driver`) part for what comes after
the betting: the dealer's steps as far as they go now (the pure :func:`.hand_play.dealer_steps`,
of the hand, the run-out's pause, ``now`` and whether a private deal's cards wait, which
:meth:`Endgame.deal_on` asks with the table's: to a player's turn, a redeal, the showdown's
choices, the offer to run it twice, or the next street of an all-in run-out, which waits
``runout_pause`` seconds with the chances of the hands turned up on every page, worked out on a
thread: :meth:`Endgame.run_out_odds`), and the showdown's and the offer's frames. The choices
themselves are the runner slice's own commands: each player still to choose shows or mucks
(:class:`~.hand_requests.Decide`), bots and leaving players at once as its clock opens
(:class:`~.runner_slice.ClockAnswer`, then :class:`~.runner_slice.ClockOpen`) and the others
when the muck clock runs out (:class:`~.runner_slice.ShowdownTimeUp`, a
:class:`~.hand_requests.Decide` of the clock's); the offer to run it twice is answered the same
way (:class:`~.hand_requests.Answer`, :class:`~.runner_slice.OfferTimeUp`). When each is due
is the pure decision of the runner's pass (:func:`.runner_due.due`). Each choice is the hand's
next action, a pure change of the runner's (:func:`.hand_play.show_or_muck`,
:func:`.hand_play.answer_twice`, made whole by :func:`.runner_steps.decided`): the engine plays
it on a copy of the hand, which the table takes only once the store has it, exactly as a bet
is, and its news (the hand's frames, the showdown's or the offer's frame) is sent once it is;
the clock is over in the runner's state that the last choice stores. A private deal's hands are
shown by its rounds, or mucked unshown by its own clock (:class:`~.runner_commands.ShowHand`,
:class:`~.runner_commands.MuckHand`: the private slice's follow-ups, the runner's commands too).

Who is asked to show or muck, and what a clock chooses for them, is the engine's
(:attr:`~wildstud.deal.Hand.to_show_or_muck`, :meth:`~wildstud.deal.Hand.auto_show_or_muck`):
the table only times the choice. The hands that take part of a pot are shown before anyone is
asked (:func:`~wildstud.server.replay.show_winners_first`), as a card room tables the winner
first.

>>> from wildstud.server.replay import MUCK, SHOW
>>> SHOW, MUCK  # how a showdown's choice is stored among the hand's actions
('show', 'muck')
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from typing import TYPE_CHECKING, Any

from wildstud.deal import Hand
from wildstud.server.runout import ODDS_THREAD, odds_frame
from wildstud.server.table import hand_play
from wildstud.server.table.hand_play import dealer_steps, never
from wildstud.server.table.live import LiveHand

if TYPE_CHECKING:
    from wildstud.server.table.driver import Driver

__all__ = ["Endgame", "dealer_steps", "never"]

log = logging.getLogger("wildstud.server")


class Endgame:
    """The hand runner's part for the run-out, the offer to run it twice and the showdown: it
    keeps nothing of its own (the clocks are the runner's state, :class:`~.runner.RunnerState`)
    and stages every change through its runner."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.table = driver.table

    # -- the dealer's steps and the run-out ---------------------------------------------------

    def deal_on(self, live: LiveHand, hand: Hand) -> LiveHand:
        """The dealer's steps on ``hand`` (the copy of ``live``'s hand a change makes) as far
        as they go now (:func:`dealer_steps`, with the table's ``runout_pause`` and its private
        deal's rounds, if any)."""
        pause = self.table.settings.runout_pause
        return dealer_steps(live, hand, pause, time.monotonic(), self.table.private.waits)

    def run_out_odds(self) -> None:
        """Ask a thread for the odds of each moment of the hand's run-out (the hand in
        progress, or the last one) not yet asked for, each sent to everyone once it is worked
        out (:mod:`wildstud.server.runout`) and kept with what the clients were sent of the
        hand (:meth:`.fanout.Fanout.sent`)."""
        table = self.table
        live = table.live or table.last_hand
        if live is None:
            return
        events = live.hand.events
        sent = table.fanout.sent(live.number)
        cuts = [cut for cut in sent.run_out.read(events) if cut not in sent.odds_asked]
        if not cuts:
            return
        loop = asyncio.get_running_loop()
        rules, players = live.hand.rules, len(live.setup.lineup)
        for cut in cuts:
            sent.odds_asked.add(cut)
            prefix = tuple(events[:cut])
            future = loop.run_in_executor(
                ODDS_THREAD, odds_frame, live.number, rules, players, prefix
            )
            future.add_done_callback(functools.partial(self._odds_done, live.number, cut))

    def _odds_done(self, number: int, cut: int, done: asyncio.Future[Any]) -> None:
        table = self.table
        if done.cancelled():  # pragma: no cover - the loop closed under it
            return
        error = done.exception()
        if error is not None:
            log.error("table %s: the run-out's odds failed", table.id, exc_info=error)
            return
        frame = done.result()
        if frame is None:
            return
        live = table.live or table.last_hand
        if live is not None and live.number == number:  # else a later hand is on the table
            table.fanout.sent(number).odds[cut] = frame
            table.fanout.broadcast(frame)

    # -- the showdown --------------------------------------------------------------------------

    def showdown_frame(self, live: LiveHand, seats: tuple[int, ...]) -> dict[str, Any]:
        """The showdown frame: the table seats still to choose at hand ``live``'s showdown."""
        choice, default = self.driver.current.showdown, self.table.settings.showdown_default
        return hand_play.showdown_frame(live, seats, choice, default, time.monotonic())

    # -- run it twice --------------------------------------------------------------------------

    def offer_frame(self, live: LiveHand) -> dict[str, Any]:
        """The run-it-twice frame of hand ``live``: who is still to answer, who agreed, who
        declined (table seats)."""
        return hand_play.offer_frame(live, self.driver.current.offer, time.monotonic())
