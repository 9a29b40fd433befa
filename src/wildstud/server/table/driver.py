"""The hand driver of a table: dealing, dealer's choice, bots, clocks and storing each change.

A :class:`Driver` is run by the table's actor (:mod:`.actor`), one tick at a time: when
something it waits for is due, or the table changed, the actor hands it a tick. It deals each
hand when the table is running, asks the dealer for the game under dealer's choice, plays the
bots and acts for players whose time runs out, and stores each change through the table's
writer (:meth:`Driver.commit`): the engine checks the change and carries it out on a copy of
the hand (:meth:`~wildstud.deal.Hand.copy`), which a new :class:`~.live.LiveHand` holds
(:meth:`LiveHand.played`) in the runner's state staged with the change; the store writes it in
one transaction, the runner adopts the new state only then, and only then do the clients hear
of it (:mod:`wildstud.server.table.fanout`): a change the store refuses leaves the hand as it
was.

On the table's pure core (:mod:`.actor`) the runner is a slice (:mod:`.runner_slice`) over this
state: the players' requests in a hand are checked purely there, and each comes to the slice's own
command (an action, a choice at the showdown, an answer to the offer, a deal), made whole here from
the table as its turn comes (:meth:`Driver.made`) and played purely (:mod:`.runner_steps`); the
other slices' follow-ups for the runner (the dealer's choice called off, the turn timed afresh) are
its pure outcomes, adopted here once their change is stored (:meth:`Driver.adopt`), and so is the
dealer's choice opened or called off as its dealer sat out or left (nothing stores a choice), a
clock run out (a turn's, the showdown's, the offer's), a leaving player's turn and a bot's choice
(an equity bot's made on a thread first), each the runner's tick's follow-up
(:class:`~.runner_slice.AskDealer`, :class:`~.core.CancelChoice`, :class:`~.runner_slice.TimeUp`,
:class:`~.runner_slice.ShowdownTimeUp`, :class:`~.runner_slice.OfferTimeUp`,
:class:`~.runner_slice.HostActs`, :class:`~.runner_slice.BotActs`), its seat made whole from the
table (:meth:`Driver.made`). Each table's action for a seat is played as a player's is
(:class:`~.hand_requests.Action`).

Each tick is one pass: the runner slice's tick (:class:`~.runner_due.RunnerTick`, made as its turn
comes, :meth:`Driver.tick`) holds a snapshot of what it reads of the table outside the runner's
state (:func:`.runner_due.at_tick`); its pure outcome (:func:`.runner_due.handle`, of
:func:`.runner_due.due`) is what is due now as the slice's own commands, its follow-ups (a hand
dealt, :class:`~.runner_slice.DealHand`; a run-out's street, a redeal, the showdown's and the
offer's clocks opened; a private deal's tick is the private slice's), each made whole here as its
turn comes (:meth:`Driver.made`), a tournament's break shown as its news, and when the next thing is
due as its ``wake`` (after a step that changes the runner's state, decided in the same pass from the
table read again, :class:`~.runner_due.Onward`; a step due then is a tick of its own), so the
slice's timer (:data:`HAND` is :data:`~.runner.RUNNER`) wakes the runner at a turn's, a showdown's
or an offer's deadline; a step whose write fails stops the pass, the runner's state kept and nothing
sent, and the actor looks again after its backoff (:meth:`.actor.Actor.retry`: 1 s, doubling to 30 s
while the tick keeps failing). A hand's deal is a pure function (:func:`.hand_start.start_hand`) of
the runner's state and the table's values the driver reads (the seats, the menu or a tournament
level's, the table's row, the players' shuffle as it stands, how the hand is made), its outcome and
its follow-ups for the other parts folded into the change that deals the hand
(:func:`.runner_steps.deal`); so is a seat's change in the hand (:mod:`.hand_play`: an action, a
showdown's choice, an answer to the offer to run it twice, a hand a private deal's rounds show or
its clock mucks, the dealer's step nobody chose, a hand void), of the runner's state and the seat's
row, each staged with the hand's end when it ends the hand (:func:`.runner_steps.staged`), each the
slice's own command (:mod:`.runner_steps`; what a private deal comes to for the hand is that
slice's follow-up, :class:`~.runner_commands.DealOpened`, :class:`~.runner_commands.ShowHand`,
:class:`~.runner_commands.MuckHand`, :class:`~.runner_commands.VoidHand`, made whole here too).
Each outcome carries its news (the table frame, the hand's frames as :class:`~.core.HandPlayed`,
the showdown's or the offer's frame), sent by the table's one outbox once the change, its turn
timed, is stored.

What comes after the betting (the all-in run-out and its odds, the offer's and the showdown's
frames) is the runner's part :class:`~.endgame.Endgame`.

Everything the runner holds is one frozen value (:class:`~.runner.RunnerState`: the hand in
progress, a :class:`~.live.LiveHand`, and the last one, the button, the dealer's choice, the
turn's clock, the showdown's and the offer's, who acted and who the clock acted for in the
hand). A change stages a new value (:meth:`Driver.put`), with the turn it leaves timed
(:func:`.runner.timed`), which the runner adopts once the store has the change; a clock that
nothing stores (the showdown's and the offer's opened, :class:`~.runner_slice.ClockOpen`) is
the slice's new state, adopted at once. The seats' rows a change
writes (a time bank drawn on, a request's number) go into it, and the seats take them once it
is stored. A hand's end is a pure function (:func:`.hand_end.finish_hand`) of the runner's
state, the hand and the table as the change leaves it: its outcome (the runner's state between
hands, the ledger's results, the hand's record) is folded into the change with its follow-ups
(:meth:`Driver.finish_hand`, :func:`.hand_end.then_ended`, :meth:`.actor.Actor.fold_outcome`):
the stacks of the seats that stay go to the seating
(:class:`~.seating.HandOver`), those leaving leave by :class:`~.seating.Leave`, a
tournament's desk places those who went out (:class:`~.desk.HandFinished`), the chips
approved come (:class:`~.cashier.HandEnded`).
The one thing that grows before a write is the hand's book, from which the copy draws a
redeal's deck: the hand counts the decks stored (:attr:`.LiveHand.decks_stored`), so a change
the store refuses leaves a deck that nobody saw, which the next try deals and stores.

The button (the dealer's seat, who chooses the game under dealer's choice) moves forward every
hand to the next seat, after the one that had it, whose player was dealt into the last hand and
is dealt into this one (Robert's Rules' moving button; ``docs/house-rules.md``, "Who deals and
chooses"): who is dealt in, who deals and whether the dealer is asked are pure functions of a
snapshot of the seats (:mod:`.button`).

A table deals only while it is running:

>>> TableStatus("paused") is TableStatus.PAUSED, TableStatus.RUNNING.value
(True, 'running')
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from wildstud.deal import Hand, Phase
from wildstud.private_rounds import RoundsDealer
from wildstud.server import replay
from wildstud.server.clock import Turn
from wildstud.server.replay import DeckBook
from wildstud.server.showdown import ShowdownChoice, TwiceOffer
from wildstud.server.store import (
    Changes,
    HandSetup,
    SeatState,
    ShuffleNight,
)
from wildstud.server.table.button import Seats
from wildstud.server.table.core import (
    Command,
    Effect,
    Outcome,
    ResetTurn,
)
from wildstud.server.table.endgame import Endgame
from wildstud.server.table.hand_end import AtHandEnd, then_ended
from wildstud.server.table.hand_play import AtPlay
from wildstud.server.table.hand_requests import Action, Answer, Decide
from wildstud.server.table.hand_start import AtDeal, Pick, pick
from wildstud.server.table.live import LiveHand
from wildstud.server.table.runner import RUNNER, AtTurn, Choosing, RunnerState, timed
from wildstud.server.table.runner_commands import (
    ClockAnswer,
    ClockOpen,
    DealAgain,
    DealHand,
    DealOpened,
    MuckHand,
    OfferTimeUp,
    RunOutStreet,
    ShowdownTimeUp,
    ShowHand,
    VoidHand,
)
from wildstud.server.table.runner_due import (
    NEVER,
    AtTick,
    Onward,
    RunnerTick,
    at_tick,
)
from wildstud.server.table.runner_steps import AtStep, staged
from wildstud.server.table.seating import TableStatus
from wildstud.server.table.writer import StorageFailureError

if TYPE_CHECKING:
    from wildstud.server.schemas import TableSettings
    from wildstud.server.table.table import Table

__all__ = [
    "HAND",
    "HAND_OFF",
    "Choosing",
    "Driver",
    "LiveHand",
    "StorageFailureError",
    "TableStatus",
]

log = logging.getLogger("wildstud.server")

HAND = RUNNER
"""The name of the driver's ticks at the table's actor (:class:`~.core.Tick`): the runner
slice's, whose outcomes' ``wake`` (:func:`.runner_due.handle`) times them."""


HAND_OFF = "hand-off"
"""The name of the ticks that hand a draining process's table on (:meth:`Driver.hand_on`)."""

PLAYING = (TableStatus.RUNNING, TableStatus.ENDED)
"""The statuses in which a hand in progress is played (clocks run, bots act)."""


class Driver:
    """A table's hand runner: its state (:class:`~.runner.RunnerState`, replaced once each
    change is stored), its clocks and the equity bots' threads."""

    def __init__(self, table: Table, state: RunnerState) -> None:
        self.table = table
        self.state = state
        """The runner's state as stored (see :attr:`current` for the change in hand's)."""
        self.running = False
        """Whether the driver deals and runs the clocks (from :meth:`start` to :meth:`stop`)."""
        self.thinking: tuple[tuple[int, int, int], asyncio.Future[Any]] | None = None
        """An equity bot's choice being made on a thread: for which hand, event and seat."""
        self.endgame = Endgame(self)
        """The runner's part for the run-out, the offer to run it twice and the showdown."""
        self._play: tuple[TableSettings, AtPlay] | None = None
        """The settings :meth:`at_play` last read, with what it made of them."""
        self._staged = 0
        """How many states have been staged (:meth:`put`): a state staged before another that
        was adopted already is never adopted after it."""
        self._adopted = 0

    # -- the state -----------------------------------------------------------------------------

    @property
    def current(self) -> RunnerState:
        """The runner's state as the change in hand leaves it (between changes, as stored)."""
        staged: RunnerState | None = self.table.writer.staged.get(RUNNER)
        return self.state if staged is None else staged

    def put(self, **fields: Any) -> RunnerState:
        """Stage a new state, :attr:`current` with ``fields`` changed: adopted once the change
        in hand is stored (:meth:`.writer.Writer.after`), never when it is not."""
        new = self.current.but(**fields)
        self.table.writer.staged[RUNNER] = new
        self._staged += 1
        serial = self._staged
        self.table.writer.after(lambda: self._adopt(new, serial))
        return new

    def adopt(self, state: RunnerState) -> None:
        """Take ``state`` as the runner's, for what the store holds already (a table restored
        from it) or what it does not keep (a choice called off once a change is stored). A
        state the change in hand staged is still adopted once it is stored: it was made
        later (the hand's end that the host's change of status, or the tournament's end,
        comes with, :mod:`.actor`'s follow-ups)."""
        self._adopt(state, self._staged)

    def _adopt(self, state: RunnerState, serial: int) -> None:
        if serial < self._adopted:  # pragma: no cover - a later state stands already
            return
        self._adopted = serial
        self.state = state
        if state.live is None and self.table.hand_off is not None:  # between hands: handed on
            self.table.actor.nudge(HAND_OFF)
        # The seats show what the clock did for them (away, :class:`~.seating.Seat`).
        for index, seat in self.table.seats.items():
            seat.acted = index in state.acted
            seat.timed_out = index in state.timed_out

    @property
    def turn(self) -> Turn:
        """The turn being timed, as adopted (timed by the change that made it,
        :func:`.runner_steps.staged`)."""
        return self.state.turn

    def in_play(self, number: int) -> bool:
        """Whether hand ``number`` is the hand in progress, as stored (not over)."""
        live = self.state.live
        return live is not None and live.number == number

    @property
    def choosing(self) -> Choosing | None:
        """The dealer's choice in progress, as stored."""
        return self.state.choosing

    @property
    def showdown(self) -> ShowdownChoice | None:
        """The showdown waiting for its players' choices, if any."""
        return self.state.showdown

    @property
    def offer(self) -> TwiceOffer | None:
        """The offer to run it twice waiting for its players' answers, if any."""
        return self.state.offer

    @property
    def dealt_last(self) -> Mapping[int, str] | None:
        """The seats dealt into the last hand, each with its player's id (the button's round)."""
        return self.state.dealt_last

    @property
    def next_hand_at(self) -> float:
        """When the next hand may be dealt."""
        return self.state.next_hand_at

    # -- starting and stopping -----------------------------------------------------------------

    async def resume(self) -> None:
        """Store what a replay had to draw afresh, finish a hand that replayed to its end, time
        the turn it stands at, and start the driver (see :meth:`Table.resume
        <wildstud.server.table.table.Table.resume>`)."""
        table = self.table
        async with table.lock:
            if self.state.dealt_last is None and self.state.hands_dealt:
                await self._recall_last_lineup()
            live = self.state.live
            if live is not None:
                changes = Changes(decks=live.decks())
                if changes.decks:  # a redeal's deck the replay drew: stored now
                    live = live.played(live.hand, 0)
                    self.put(live=live)
                if live.hand.phase is Phase.OVER:
                    self.finish_hand(changes, live)
                else:  # the turn it stands at, timed now: adopted with what is stored
                    self.put(turn=timed(self.current, self.at_turn(), time.monotonic()).turn)
                try:
                    await self.commit(changes)
                except StorageFailureError:
                    # Nothing runs a table that could not start: the lobby loads it again.
                    if not table.broken:
                        table.writer.stop_for_reload()
                    raise
        self.start()

    async def _recall_last_lineup(self) -> None:
        """The seats dealt into the last hand, from the store: a restarted table's button goes
        round as it would have (a seat counts when the same player still sits there)."""
        table = self.table
        last = await table.store.call(table.store.finished_hands, table.id, 1, None)
        if last:
            setup = last[0].setup
            self.adopt(
                self.state.but(
                    dealt_last={
                        index: seat.player_id
                        for index, player_id in zip(setup.lineup, setup.player_ids, strict=False)
                        if (seat := table.seats.get(index)) is not None
                        and seat.player_id == player_id
                    }
                )
            )

    def start(self) -> None:
        """Start dealing, playing the bots and running the clocks: the actor hands the driver a
        tick now, and again whenever it is due (:meth:`tick`) or the table changed."""
        self.running = True
        self.table.actor.nudge(HAND)

    async def stop(self) -> None:
        """Stop (the server is shutting down): a tick does nothing from now on."""
        self.running = False

    # -- the ticks -----------------------------------------------------------------------------

    def tick(self) -> RunnerTick:
        """The runner slice's tick (:attr:`.actor.Slice.tick`), made from the table as its
        turn comes, under the table's lock: what the pass reads of the table (:meth:`_read`);
        its pure outcome (:func:`.runner_due.handle`) is what is due, the slice's own commands, and
        when the next thing is (its ``wake``: the slice's timer). A table that plays no hand
        now (stopped, paused, broken) gets a tick that changes nothing and wakes never."""
        at = self._read(time.monotonic()) if self.running else None
        return RunnerTick(RUNNER, at)

    def made(self, command: Command) -> Command:
        """``command``, a command of the runner's slice, made whole from the table as its turn
        comes (:attr:`.actor.Slice.made`): what is due after the table's action for a seat,
        decided from the table as that action left it (:class:`~.runner_due.Onward`); the
        seat a showdown's or an offer's clock ran out for; :class:`~.core.ResetTurn` with what
        timing the turn afresh reads (:meth:`at_turn`); a hand dealt with what the deal and its
        change read (:meth:`_deal_at`); a run-out's street, a redeal or a
        bot's answer as a clock opens with what its change reads (:meth:`at_step`; a redeal's
        players' shuffle's round too, :meth:`_redeal_at`; the seat's row,
        :meth:`_answer_at`); a clock opened with its length; any other command as it is."""
        # Checked by type, not isinstance: every command of the slice passes here.
        if type(command) is Action and (command.turn is None or command.ends):
            return self._action_at(command)
        if type(command) is Onward and command.now is None:
            now = time.monotonic()
            return Onward(RUNNER, self._read(now) if self.running else None, now)
        if type(command) is ResetTurn and command.at is None:
            return ResetTurn(self.at_turn())
        if type(command) is RunOutStreet and command.at is None:
            return RunOutStreet(self.at_step())
        if type(command) is DealAgain and not command.made:
            return self._redeal_at(command)
        if type(command) is DealHand and command.at is None:
            return self._deal_at(command)
        if (type(command) is Decide or type(command) is Answer) and command.at is None:
            rows = self.rows()
            row = rows.get(command.seat.index) or command.seat.state()
            if type(command) is Decide:
                command = replace(command, default=self.table.settings.showdown_default)
            return replace(command, row=row, at=self.at_step(rows))
        if type(command) is ClockAnswer and not command.made:
            return self._answer_at(command)
        if type(command) is ClockOpen and not command.made:
            settings = self.table.settings
            seconds = settings.muck_clock if command.showdown else settings.twice_clock
            return ClockOpen(command.showdown, seconds, settings.showdown_default, made=True)
        if type(command) is ShowdownTimeUp or type(command) is OfferTimeUp:
            if command.seat is not None:
                return command
            live = self.state.live  # the clock's seat in the hand, at the table
            seat = None if live is None else self.table.seats[live.setup.lineup[command.engine]]
            return replace(command, seat=seat)
        if type(command) is DealOpened and command.at is None:
            return DealOpened(self.at_step())
        if (type(command) is ShowHand or type(command) is MuckHand) and command.at is None:
            return self._shown_at(command)
        if type(command) is VoidHand and command.at is None:
            return self._void_at(command)
        return command

    def _shown_at(self, command: ShowHand | MuckHand) -> ShowHand | MuckHand:
        """``command``, a hand shown or mucked at a private deal's showdown, made whole: the
        seat's row and what its change reads (and the table's showdown default, for a muck's
        showdown frame); as it is when no hand is in play."""
        live = self.state.live
        if live is None:
            return command
        rows = self.rows()
        row = rows[live.setup.lineup[command.engine]]
        if type(command) is MuckHand:
            default = self.table.settings.showdown_default
            return replace(command, row=row, default=default, at=self.at_step(rows))
        return replace(command, row=row, at=self.at_step(rows))

    def _void_at(self, command: VoidHand) -> VoidHand:
        """``command``, the hand void, made whole with what its change reads; said in the log
        once it is stored."""
        live = self.state.live
        if live is None:
            return command
        table = self.table
        number, why = live.number, command.why

        def said() -> None:
            log.warning(
                "table %s: hand %d is void (house rule private_misdeal): %s", table.id, number, why
            )

        table.writer.after(said)
        return replace(command, at=self.at_step())

    def _action_at(self, command: Action) -> Action:
        """``command`` made whole: the seat's row and what its change reads (the run-out's
        pause and a private deal's rounds, the turn's rows and clocks); what the hand's end
        reads too once the action is found to end the hand (``ends``)."""
        if command.turn is not None:  # found to end the hand: what its end reads, too
            return replace(command, end=self._at_hand_end())
        turn = self.at_turn()
        # The seat's row as the seating keeps it (the rows stored, or staged by the change in
        # hand), read there rather than made again from the seat: some 35 Python calls fewer
        # an action.
        row = turn.rows.get(command.seat.index)
        if row is None:  # pragma: no cover - a seat in the hand has its row
            row = command.seat.state()
        # Made whole here, not by dataclasses.replace: some 15 Python calls fewer an action.
        return Action(
            command.seat,
            command.engine,
            command.kind,
            command.amount,
            command.seq,
            command.bank,
            command.source,
            row,
            self.at_play(),
            turn,
        )

    def _redeal_at(self, command: DealAgain) -> DealAgain:
        """``command`` made whole: what its change reads, and the players' shuffle's round of
        its deck, asked for unless it is over or going on (none under a private deal, whose
        rounds make each deck); its end wakes the runner."""
        live = self.state.live
        opening, waits = None, False
        if live is not None and not self.table.private.on:
            shuffling = self.table.shuffling
            opening = shuffling.opening(live.number, command.deal, live.setup.lineup)
            waits = opening is None and not shuffling.over(live.number, command.deal)
        at = self.at_step() if opening is None and not waits else None  # else nothing dealt
        return DealAgain(command.deal, at, opening, waits, command.opened, made=True)

    def _answer_at(self, command: ClockAnswer) -> ClockAnswer:
        """``command`` made whole: the seat's row and who answers for it, a bot or the host for
        a player leaving the table (``None``: neither, whose player answers), with what the
        change reads of the table and the clock's length."""
        live = self.state.live
        seat = None if live is None else self.table.seats[live.setup.lineup[command.engine]]
        # A player not connected still gets the clock: after a restart nobody is yet.
        if seat is None or (seat.bot is None and not seat.leaving):
            return replace(command, made=True)
        settings = self.table.settings
        return ClockAnswer(
            command.engine,
            command.showdown,
            seat.state(),
            "bot" if seat.bot is not None else "host",
            settings.muck_clock if command.showdown else settings.twice_clock,
            settings.showdown_default,
            self.at_step(),
            made=True,
        )

    def _read(self, now: float) -> AtTick | None:
        """What the pass reads of the table at ``now`` (:func:`.runner_due.at_tick`); ``None``
        when the table plays no hand now. The turn is timed already, by the change that made
        it (:func:`.runner_steps.staged`)."""
        table = self.table
        if table.broken or table.status not in PLAYING:
            return None
        return at_tick(table, self.state, now)

    async def hand_on(self) -> float:
        """Hand the table on for a draining process (:attr:`.table.Table.hand_off`), a tick
        of its own (:data:`HAND_OFF`), nudged while the process drains, when the table changed
        (:meth:`.table.Table.wake`) and when a hand's end is adopted: between hands, or while
        no hand is played, the table goes to another process, and the driver and the actor
        stop here. A failed hand-off is the cluster's to ask again (its next heartbeat)."""
        table = self.table
        if table.hand_off is None or not self.running or table.broken:
            return NEVER
        try:
            async with table.lock:
                between = self.state.live is None or table.status not in PLAYING
                if not between or not await table.hand_off(table):
                    return NEVER
        except Exception as error:  # the cluster gave it up (hand_off is None again)
            log.warning("table %s: handing the table on failed: %r", table.id, error)
            return NEVER
        self.running = False  # handed to another process: this one takes nothing more
        table.actor.close()
        return NEVER

    # -- the hand ------------------------------------------------------------------------------

    def _deal_at(self, command: DealHand) -> DealHand:
        """``command`` made whole: what the deal reads of the table now (:class:`.hand_start
        .AtDeal`: the seats and their rows, the menu or a tournament level's, the table's row,
        the players' shuffle's round of the hand, asked for with it, :meth:`_shuffle_at`, how the
        hand is made), what its change reads (the rows shared), and whether a round over that no
        hand is dealt from is forgotten."""
        table = self.table
        now = time.monotonic()
        state = self.state
        seats = table.seats
        private = table.private.on
        dealer = table.private.new_dealer() if private else None
        rows = self.rows()
        at = AtDeal(
            entry=command.entry,
            chooser=command.chooser,
            chose=command.chose,
            seats=Seats.of(seats),
            rows=rows,
            menu=table.menu,
            row=table.state(),
            deck=functools.partial(self._new_hand, dealer, None),
            pause=table.settings.runout_pause,
            # A private hand being dealt has no card opened yet: its rounds begin afterwards.
            waits=table.private.unopened,
            tournament=table.tournament is not None,
            private=private,
            dealer=dealer,
        )
        picked = pick(state, at)
        if picked is not None and not private:
            at = self._shuffle_at(at, picked)
        if picked is not None and table.tournament is not None:
            # A tournament's hand plays the games of the menu at the stakes of its level.
            at = replace(at, menu=table.desk.menu_at(now))
        drop = command.shuffled and table.shuffling.over(state.hands_dealt + 1, 1)
        step = AtStep(self.at_play(), self.at_turn(), self._at_hand_end(rows))
        return replace(command, at=at, step=step, drop=drop, now=now)

    def _new_hand(
        self, dealer: RoundsDealer | None, night: ShuffleNight | None, setup: HandSetup
    ) -> tuple[DeckBook, Hand]:
        """Hand ``setup``, made: from the players' shuffle's decks (``night``: the night seed
        drawn with the hand's round, when the night has none yet), or the server's own, or as
        a private hand dealt by ``dealer``, whose deal's rounds open its cards
        (:mod:`.private`). It changes nothing of the table's."""
        table = self.table
        if dealer is not None:
            return DeckBook(), table.private.new_hand(setup, dealer)
        book = DeckBook(shuffle=table.shuffling.shuffle_for(setup.number, night))
        return book, replay.start_hand(setup, book, to_redeal=True, hold_showdown=True)

    def _shuffle_at(self, at: AtDeal, picked: Pick) -> AtDeal:
        """``at`` with the players' shuffle of ``picked``'s first deal: its round asked for, the
        deal's follow-up (:class:`~.shuffle_requests.Open`), unless it is over or going on; the
        hand waits while it goes on (its end wakes the driver), and is dealt from it once it
        is over, without the seats whose pages gave no value (they sit this hand out, and post
        nothing)."""
        shuffling = self.table.shuffling
        number = picked.number
        opening = shuffling.opening(number, 1, picked.lineup, picked.entry, picked.asked)
        if opening is not None:
            # A round that asks no page is over at once: the hand is dealt now, from the night
            # seed drawn with it when the night has none yet.
            deck = functools.partial(self._new_hand, None, opening.night)
            return replace(at, opening=opening, shuffling=shuffling.waits(opening), deck=deck)
        if not shuffling.over(number, 1):
            return replace(at, shuffling=True)  # the chooser's seq is taken; the game waits
        return replace(at, left_out=frozenset(shuffling.left_out(number, 1)))

    def finish_hand(self, changes: Changes, live: LiveHand) -> None:
        """Hand ``live``, which a restarted table's replay played to its end, is over: its end
        (:func:`.hand_end.then_ended`, pure, of the runner's state and the table as ``changes``
        leave it) goes into ``changes``, with the other parts' follow-ups folded in
        (:meth:`.actor.Actor.fold_outcome`); the runner's state between hands, its turn's
        clock stopped, is adopted, and the seats that leave are told, once it is stored."""
        # The rows written for the seats dealt in are rewritten by the seating's follow-ups
        # (the stacks the hand left, or the seat given up): the hand's end has them.
        written = Outcome(self.current.but(live=live), effect=Effect(Changes(seats=changes.seats)))
        now = time.monotonic()
        ended = staged(then_ended(written, self._at_hand_end(), now), self.at_turn(), None, now)
        changes.seats = []
        self.table.actor.fold_outcome(RUNNER, ended, changes)

    def rows(self) -> Mapping[int, SeatState]:
        """The seats' rows as the change in hand leaves them: as the seating stages or stores
        them (the seats in memory take the same rows once they are stored, :meth:`.table.Table
        .stored`), read there rather than made again from each seat (some 35 Python calls a
        seat)."""
        table = self.table
        seating = table.writer.staged.get("seating")
        if seating is None:
            seating = table.actor.state("seating")
        rows: Mapping[int, SeatState] = seating.seats
        return rows

    def at_turn(self) -> AtTurn:
        """What timing a turn reads of the table (:class:`.runner.AtTurn`) as the change in
        hand leaves it: the seats' rows (:meth:`rows`), the seats whose player has a page open,
        the settings."""
        table = self.table
        pages = {index for index, seat in table.seats.items() if seat.clients}
        return AtTurn(self.rows(), pages, table.settings)

    def at_play(self) -> AtPlay:
        """What the dealer's steps after a change need of the table: its run-out's pause and
        its private deal's rounds (:class:`.hand_play.AtPlay`), kept while the settings are
        the same value (every action reads it)."""
        settings = self.table.settings
        kept = self._play
        if kept is None or kept[0] is not settings:
            kept = self._play = (settings, AtPlay(settings.runout_pause, self.table.private.waits))
        return kept[1]

    def at_step(self, rows: Mapping[int, SeatState] | None = None) -> AtStep:
        """What a change of the runner's in a hand reads of the table as it stands
        (:class:`.runner_steps.AtStep`): its run-out's pause and private deal's rounds, the
        turn's rows and clocks, the hand's end's rows (``rows``, read already), leavers and
        settings."""
        return AtStep(self.at_play(), self.at_turn(), self._at_hand_end(rows))

    def _at_hand_end(self, rows: Mapping[int, SeatState] | None = None) -> AtHandEnd:
        """What a hand's end needs of the table, as it stands (the rows a change writes stand
        over these: :func:`.hand_end.then_ended`); ``rows``, the seats' rows, read already."""
        table = self.table
        seats = table.seats
        if rows is None:
            rows = self.rows()
        return AtHandEnd(
            table_id=table.id,
            rows=rows,
            clients={index: tuple(seat.clients) for index, seat in seats.items() if seat.leaving},
            settings=table.settings,
            notices=table.notices,
            approved=any(request.status == "approved" for request in table.cashier.open),
            tournament=table.tournament is not None,
        )

    # -- the store -----------------------------------------------------------------------------

    def lease_lost(self) -> None:
        """Another process holds the table's lease (:meth:`.Writer.lease_lost`)."""
        self.table.writer.lease_lost()

    async def commit(self, changes: Changes) -> None:
        """Store ``changes`` through the table's one writer (:mod:`wildstud.server.table.writer`):
        a failure takes the change back and raises :class:`StorageFailureError`."""
        await self.table.writer.commit(changes)
