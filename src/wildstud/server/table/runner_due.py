"""What the hand runner has to do now: a pure function of its state, of what its pass reads of
the table, and of the time.

The runner's pass (its tick, :meth:`.driver.Driver.tick`) is three steps: a snapshot of what it
reads outside the runner's state (:class:`AtTick`, made from the table by :func:`at_tick`: the
seat to act, whether it is a bot or leaving, whether anyone is there to watch, the seats between
hands, a players' shuffle's round ready, a tournament's break), the decision (:func:`due`, of
the runner's :class:`~.runner.RunnerState`, that snapshot and ``now``: no table, no store, no
event loop), and what it comes to (:func:`handle`: the runner slice's own commands, each made
whole from the table as its turn comes, :meth:`.driver.Driver.made`). The decision is a value,
:data:`Due`: one
step due now, or :class:`Wait` with when the next thing is due (``None``: not until something
changes), so that the runner is woken at a turn's, a redeal's, a run-out's, a showdown's, an
offer's or the dealer's choice's deadline, and not before.

>>> from wildstud.server.menu import Menu
>>> from wildstud.server.table.button import Seats, Sitter
>>> state = RunnerState(button=None, hands_dealt=0, last_entry=None, next_hand_at=50.0)
>>> seats, menu = Seats((Sitter(0, "a"), Sitter(1, "b"))), Menu.build([{"game": "FTQ"}], {})
>>> due(state, AtTick(seats=seats, menu=menu), 40.0)  # the pause between hands
Wait(until=50.0)
>>> due(state, AtTick(seats=seats, menu=menu), 50.0)  # one game fits: dealt at once
DealDefault()
>>> due(state, AtTick(idle=True), 60.0)  # nobody there to watch: no hand
Wait(until=None)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from wildstud.deal import Phase
from wildstud.server.replay import at_showdown
from wildstud.server.table.button import Ask, DealDefault, Seats, next_step
from wildstud.server.table.core import CancelChoice, Command, Effect, Outcome, TableNews, Tick
from wildstud.server.table.private_answers import NAME as PRIVATE
from wildstud.server.table.runner import RUNNER, RunnerState
from wildstud.server.table.runner_commands import (
    AskDealer,
    ClockAnswer,
    ClockOpen,
    DealAgain,
    DealHand,
    DealTick,
    HostActs,
    OfferTimeUp,
    RunOutStreet,
    ShowdownTimeUp,
    TimeUp,
)
from wildstud.server.table.seating import TableStatus

if TYPE_CHECKING:
    from wildstud.server.menu import Menu
    from wildstud.server.seating import Seat
    from wildstud.server.showdown import ShowdownChoice, TwiceOffer
    from wildstud.server.table.live import LiveHand
    from wildstud.server.table.table import Table

__all__ = [
    "STILL",
    "Act",
    "AtTick",
    "BotChoice",
    "CallOff",
    "Due",
    "Mover",
    "OfferClock",
    "OnBreak",
    "Onward",
    "OpenOffer",
    "OpenShowdown",
    "PrivateStep",
    "Redeal",
    "RunOut",
    "RunnerTick",
    "ShowdownClock",
    "Shuffled",
    "Wait",
    "at_tick",
    "due",
    "handle",
    "offer_due",
    "showdown_due",
]


@dataclass(frozen=True, slots=True)
class Mover:
    """The seat to act in the hand in play, as the pass reads it: its table seat, whether it
    is leaving the table (the host acts for it), a bot, and an equity bot (which thinks on a
    thread)."""

    index: int
    leaving: bool = False
    bot: bool = False
    equity: bool = False
    seat: Seat | None = field(default=None, compare=False)
    """The table's seat, which the table's action for it names (:class:`~.runner_commands
    .TimeUp`, :class:`~.runner_commands.HostActs`)."""


@dataclass(frozen=True, slots=True)
class Shuffled:
    """The players' shuffle's round of the next hand's first deal is over: the hand is dealt
    from it, game ``entry`` (``None``: the default pick) that seat ``chooser`` chose."""

    entry: int | None
    chooser: int | None


@dataclass(frozen=True, slots=True)
class AtTick:
    """What the runner's pass reads of the table outside the runner's state, at its tick."""

    idle: bool = False
    """Nobody has been connected for ``idle_minutes``: the bots wait, no hand starts."""
    ended: bool = False
    """The night is over: the hand in play is played out, no other is dealt."""
    private: bool = False
    """The table deals privately: the deal's own steps come first while the dealer deals."""
    mover: Mover | None = None
    """The seat to act in the hand in play, if any."""
    seats: Seats | None = None
    """The seats between hands (``None`` while a hand is in play)."""
    menu: Menu | None = None
    """The table's menu, between hands."""
    round_open: bool = False
    """A players' shuffle's round for a hand's first deal is going on (its end wakes the
    runner)."""
    shuffled: Shuffled | None = None
    """The next hand's round over, the hand still to be dealt from it."""
    on_break: tuple[float, int] | None = None
    """A tournament on a break, between hands: the seconds left of it and the level's index."""
    choice_clock: float = 0.0
    """The seconds a dealer has to choose the game, read between hands."""
    redeal_waits: bool = False
    """The players' shuffle's round of the redeal pending is going on (its end wakes the
    runner)."""
    answering: frozenset[int] = frozenset()
    """The engine seats of the hand in play whose player, a bot or one leaving the table,
    answers at once as the showdown's clock or the offer's opens (read while nobody is to
    act)."""


@dataclass(frozen=True, slots=True)
class Wait:
    """Nothing is due now; the next thing is at ``until`` (``None``: not until something
    changes, a nudge)."""

    until: float | None


@dataclass(frozen=True, slots=True)
class PrivateStep:
    """A private deal's own step comes first (the dealer deals: its tick, the runner's
    follow-up, :class:`~.private_progress.DealTick`); when it has nothing to do, the runner
    decides again without it."""


@dataclass(frozen=True, slots=True)
class Redeal:
    """The redeal shown for ``redeal_pause`` seconds is carried out: deal ``deal`` of the
    hand, once the players' shuffle has its deck."""

    deal: int


@dataclass(frozen=True, slots=True)
class OpenOffer:
    """The offer to run it twice opens: its clock starts, bots and leaving players answer."""


@dataclass(frozen=True, slots=True)
class OfferClock:
    """The offer's clock ran out: the clock answers no for the first seat still to answer."""


@dataclass(frozen=True, slots=True)
class RunOut:
    """The all-in run-out's pause is over: its next street is dealt."""


@dataclass(frozen=True, slots=True)
class OpenShowdown:
    """The showdown opens: its muck clock starts, bots and leaving players choose."""


@dataclass(frozen=True, slots=True)
class ShowdownClock:
    """The showdown's muck clock ran out: the clock chooses for each seat still to choose."""


@dataclass(frozen=True, slots=True)
class Act:
    """Engine seat ``engine`` (table seat ``index``) is acted for: ``source`` ``"host"`` for
    a player leaving the table, ``"bot"`` for a bot, ``"clock"`` for a player whose time
    (and time bank) ran out."""

    index: int
    engine: int
    source: str


@dataclass(frozen=True, slots=True)
class BotChoice:
    """The choice of the bot at ``seat`` (``engine``: its seat in the hand) for its turn, made
    by the actor as the effect of the runner's tick (:func:`.runner_pass.choose`): at once, or
    an ``equity`` bot's on a thread, played by the tick that finds it ready. Its result is
    :class:`~.runner_commands.BotActs`, or ``None`` while the bot thinks."""

    seat: Seat
    engine: int
    equity: bool


@dataclass(frozen=True, slots=True)
class CallOff:
    """The dealer's choice is called off: its chooser is no longer dealt in."""


@dataclass(frozen=True, slots=True)
class OnBreak:
    """A tournament is on a break (no hand is dealt): the next look at ``until``; the break
    of level ``index`` is shown to every page the first time it is found (the runner's state
    keeps which it showed, :attr:`~.runner.RunnerState.break_shown`: no effect, nothing
    stored)."""

    until: float
    index: int


Due = (
    Wait
    | PrivateStep
    | Redeal
    | OpenOffer
    | OfferClock
    | RunOut
    | OpenShowdown
    | ShowdownClock
    | Act
    | Shuffled
    | CallOff
    | OnBreak
    | Ask
    | DealDefault
)
"""What is due now (see the module's description): :class:`~.button.Ask` (the dealer is asked
for the game) and :class:`~.button.DealDefault` (the default pick is dealt) are the button's."""


@dataclass(frozen=True, slots=True)
class Onward(Tick):
    """What a step comes to when the next thing may be due at once (an action, a deal, a street
    run out, a hand's end): what is due next is decided in the same pass, from ``at``, the
    table as the step left it, read at ``now``, and the runner's timer set for it (a step due
    at once is carried out in a tick of its own, behind the inbox). A command of the slice (a
    hand dealt, the table's action for a seat, a street) is followed by it, made whole from the
    table as its turn comes (``now`` ``None``: :meth:`.driver.Driver.made`). ``at`` ``None``:
    the table plays no hand now."""

    at: AtTick | None = None
    now: float | None = None


@dataclass(frozen=True, slots=True)
class RunnerTick(Tick):
    """The runner's pass at its tick: what is due, decided from the runner's state and ``at``,
    what the pass reads of the table (made from the table as its turn comes,
    :meth:`.driver.Driver.tick`)."""

    at: AtTick | None = None
    """``None``: nothing read, nothing due until something changes (the table plays no hand
    now: stopped, paused, broken; or the pass waits on what wakes it, :data:`STILL`)."""

    def again(self, *, private: bool = True) -> RunnerTick:
        """The pass going on, in the same turn, from the state a step left and what it read
        (the dealer's choice called off); ``private`` ``False``: without a private deal's step,
        which had nothing to do now (asked once a pass).

        >>> RunnerTick(RUNNER, AtTick(private=True)).again(private=False).at.private
        False
        """
        at = self.at
        if at is None or private or not at.private:
            return self
        return RunnerTick(self.slice, replace(at, private=False))


STILL = RunnerTick(RUNNER)
"""A pass that reads nothing: nothing is due until something changes, its ``wake``
:data:`NEVER` (an equity bot thinks: its thread's end wakes the runner)."""

STREET = (RunOutStreet(), Onward(RUNNER))
"""What a run-out's street due comes to: the street dealt, then what is due next, decided in
the same pass from the table as the street left it (a failed write stops the pass there: the
actor's backoff times the next look)."""

NEVER = math.inf
"""A ``wake`` that stops the runner's timer: nothing is due until something changes (a nudge)."""

BREAK_LOOK = 0.05
"""The shortest wait on a tournament's break (every page counts it down by itself)."""


def handle(state: RunnerState, command: RunnerTick | Onward, now: float) -> Outcome[RunnerState]:
    """The runner's pass as a pure outcome: what is due now as the slice's own commands, its
    follow-ups (the choice called off or the dealer asked; the table's action for a seat whose
    clock ran out, who leaves, or a bot, whose choice is the effect, :class:`BotChoice`; the
    showdown's or the offer's clock opened or run out; a run-out's street, a redeal, a hand
    dealt; a private deal's tick, the private slice's), a tournament's break shown as its news,
    and the ``wake`` when the next thing is due, the turn's, a redeal's, a run-out's, the
    showdown's, the offer's, the dealer's choice's or the break's deadline (:data:`NEVER`: not
    until something changes: an equity bot's thread done, a private deal's change adopted or its
    own clock's tick). The state is left as it is but for the break shown: each step changes it
    by its own change, adopted once stored; a step whose write fails stops the pass there, the
    state kept, and the actor looks again after its backoff (:meth:`.actor.Actor.retry`).

    A pass goes on from the state a step left, in the same turn, as its tick again from what it
    read (:meth:`RunnerTick.again`: the dealer's choice called off, a private deal with nothing
    to do now).

    >>> state = RunnerState(1, 3, 0)
    >>> handle(state, RunnerTick(RUNNER, AtTick(idle=True)), 70.0).wake  # nobody there
    inf
    >>> handle(state, RunnerTick(RUNNER), 70.0).wake  # no hand played now
    inf
    """
    if isinstance(command, Onward):
        return _onward(state, command)
    at = command.at
    if at is None:  # the table plays no hand now
        return Outcome(state, wake=NEVER)
    step = due(state, at, now)
    if isinstance(step, Wait):
        return Outcome(state, wake=NEVER if step.until is None else step.until)
    if isinstance(step, OnBreak):  # every page counts the break down from the table frame
        if state.break_shown == step.index:  # shown already: the next look at its end
            return Outcome(state, wake=step.until)
        shown = state.but(break_shown=step.index)
        return Outcome(shown, news=(TableNews(),), wake=step.until)
    if isinstance(step, CallOff):  # the pass goes on from the state the choice called off left
        return Outcome(state, follow=(CancelChoice(), command.again()))
    if isinstance(step, Ask):  # the choice's deadline is the outcome's wake
        assert at.menu is not None, "read between hands"
        games = tuple(at.menu.items[index].describe() for index in step.entries)
        return Outcome(
            state, follow=(AskDealer(step.button, step.entries, games, at.choice_clock),)
        )
    if isinstance(step, PrivateStep):
        # The private deal's tick; the pass goes on as the deal replies (DealTick): from the
        # state the deal left when it has nothing to do (the deal not asked twice), with what
        # is due next once its change is made, or not until the deal's clock or change wakes
        # the table.
        ask = DealTick(PRIVATE, idle=command.again(private=False), moved=Onward(RUNNER))
        return Outcome(state, wake=NEVER, follow=(ask,))
    if isinstance(step, ShowdownClock | OfferClock):  # the clock chooses: then what is due next
        assert state.live is not None, "a clock of the hand in play"
        hand = state.live.hand
        if isinstance(step, ShowdownClock):  # for each seat still to choose
            ran_out: tuple[Command, ...] = tuple(
                ShowdownTimeUp(None, engine) for engine in hand.to_show_or_muck
            )
        else:  # no for the first seat still to answer, which is enough
            ran_out = tuple(OfferTimeUp(None, engine) for engine in hand.to_agree_run_twice[:1])
        return Outcome(state, follow=(*ran_out, Onward(RUNNER)))
    if isinstance(step, Act):  # the table acts for the seat: then what is due next (Onward)
        mover = at.mover
        assert mover is not None, "read from the table"
        assert mover.seat is not None, "read from the table"
        if step.source == "bot":  # its choice made first, by the actor (BotChoice)
            choice = BotChoice(mover.seat, step.engine, mover.equity)
            return Outcome(state, Effect(choice, then=_acts))
        acts = (HostActs if step.source == "host" else TimeUp)(mover.seat, step.engine)
        return Outcome(state, follow=(acts,))
    if isinstance(step, RunOut):  # the street dealt, one change: then what is due next
        return Outcome(state, follow=STREET)
    if isinstance(step, Redeal):  # likewise, its players' shuffle's round asked first
        return Outcome(state, follow=(DealAgain(step.deal), Onward(RUNNER)))
    if isinstance(step, Shuffled):  # the hand dealt from the round over, one change
        dealt = DealHand(step.entry, None, step.chooser, shuffled=True)
        return Outcome(state, follow=(dealt, Onward(RUNNER)))
    if isinstance(step, DealDefault):  # the default pick dealt, one change
        return Outcome(state, follow=(DealHand(), Onward(RUNNER)))
    # The showdown's or the offer's clock opened: the bots' answers, the clock, what next.
    assert isinstance(step, OpenShowdown | OpenOffer), step
    assert state.live is not None, "a clock of the hand in play"
    hand = state.live.hand
    showdown = isinstance(step, OpenShowdown)
    asked = hand.to_show_or_muck if showdown else hand.to_agree_run_twice
    # A bot or a leaving player answers at once; the clock then says what follows.
    answering = at.answering
    answers = tuple(ClockAnswer(engine, showdown) for engine in asked if engine in answering)
    return Outcome(state, follow=(*answers, ClockOpen(showdown)))


def _acts(acts: Command | None) -> Command:
    """What a bot's choice (:class:`BotChoice`'s result) comes to: its action, or, while an
    equity bot thinks, nothing until its thread's end wakes the runner (:data:`STILL`)."""
    return STILL if acts is None else acts


def _onward(state: RunnerState, onward: Onward) -> Outcome[RunnerState]:
    """What is due next after a step, decided in the same pass (see :class:`Onward`): the
    runner's timer set for it, at once for a step due now (one step a pass: the next is
    carried out in a tick of its own, behind the inbox, so that a hand of bots with no delay
    does not keep the players' commands waiting)."""
    at, now = onward.at, onward.now
    if at is None or now is None:  # the table plays no hand now
        return Outcome(state, wake=NEVER)
    step = due(state, at, now)
    if isinstance(step, Wait):
        return Outcome(state, wake=NEVER if step.until is None else step.until)
    return Outcome(state, wake=now)


def at_tick(table: Table, state: RunnerState, now: float) -> AtTick:
    """What ``table``'s runner, whose state is ``state``, reads of the table at ``now``: of
    the seat to act while a hand is in play, of the seats, the menu, the shuffle and the
    tournament between hands."""
    idle = table.fanout.idle(now)
    ended = table.status is TableStatus.ENDED
    live = state.live
    if live is not None:
        hand = live.hand
        engine = hand.to_act
        private = table.private.on
        if engine is not None:
            index = live.setup.lineup[engine]
            seat = table.seats[index]
            bot = seat.bot is not None
            equity = bot and seat.kind.samples is not None
            return AtTick(idle, ended, private, Mover(index, seat.leaving, bot, equity, seat))
        if hand.redeal_pending is None or private:
            return AtTick(idle, ended, private, answering=_answering(table, live))
        # A redeal's round going on (asked by the redeal, runner_steps.redealt).
        key = (live.number, hand.deal_number + 1)
        found = table.shuffling.round
        waits = found is not None and (found.hand, found.deal) == key
        waits = waits and not table.shuffling.over(*key)
        return AtTick(idle, ended, private, redeal_waits=waits)
    private = table.private.on
    if idle or ended:  # nothing is dealt: the rest is not read
        return AtTick(idle, ended, private)
    shuffling = table.shuffling
    found = shuffling.round
    ready = shuffling.ready(state.hands_dealt + 1)
    shuffled = None if ready is None else Shuffled(ready.entry, ready.chooser)
    if (found is None and shuffled is None and state.choosing is None) and now < state.next_hand_at:
        return AtTick(idle, ended, private)  # the pause between hands: the seats not read
    on_break = None if table.tournament is None else table.desk.on_break(now)
    return AtTick(
        idle,
        ended,
        private,
        seats=Seats.of(table.seats),
        menu=table.menu,
        round_open=found is not None and found.deal == 1,
        shuffled=shuffled,
        on_break=on_break,
        choice_clock=table.settings.choice_clock,
    )


def _answering(table: Table, live: LiveHand) -> frozenset[int]:
    """The engine seats of hand ``live`` whose player is a bot or leaves the table."""
    seats = table.seats
    return frozenset(
        engine
        for engine, index in enumerate(live.setup.lineup)
        if (seat := seats[index]).bot is not None or seat.leaving
    )


def due(state: RunnerState, at: AtTick, now: float) -> Due:
    """What the runner has to do at ``now``, its state ``state`` and the table as ``at`` reads
    it (see the module's description)."""
    live = state.live
    if live is not None:
        return _in_hand(state, live, at, now)
    if at.idle or at.ended:
        return Wait(None)  # no hand starts with nobody there, nor once the night is over
    if at.round_open:
        return Wait(None)  # the shuffle's slice moves its round on; the round's end wakes us
    if at.shuffled is not None:
        return at.shuffled  # the next hand's round is over: the hand is dealt from it
    seats = at.seats
    choosing = state.choosing
    if seats is None:  # read in the pause between hands (at_tick): no choice open
        return Wait(state.next_hand_at)  # its end (at once, if it passed since the reading)
    assert at.menu is not None, "read between hands"
    if choosing is not None and choosing.button not in seats.lineup():
        return CallOff()  # the chooser sat out or left: the choice moves on with the button
    if choosing is not None:
        return Wait(choosing.deadline) if now < choosing.deadline else DealDefault()
    if now < state.next_hand_at:
        return Wait(state.next_hand_at)
    if at.on_break is not None:  # no hand is dealt on a tournament's break
        left, index = at.on_break
        return OnBreak(now + max(left, BREAK_LOOK), index)
    step = next_step(seats, at.menu, state.button, state.dealt_last)
    return Wait(None) if step is None else step


def _in_hand(state: RunnerState, live: LiveHand, at: AtTick, now: float) -> Due:
    """What is due in hand ``live`` (see :func:`due`)."""
    hand = live.hand
    if at.private and hand.phase is Phase.DEALER:
        return PrivateStep()
    turn = state.turn
    if hand.redeal_pending is not None:
        if now < turn.redeal_due:
            return Wait(turn.redeal_due)
        if at.redeal_waits:
            return Wait(None)  # the shuffle's slice moves its round on; its end wakes us
        # The players shuffle the redeal's deck too; nobody is left out of the hand.
        return Redeal(hand.deal_number + 1)
    if hand.to_agree_run_twice:
        return offer_due(state.offer, live, now)
    if hand.run_out_street is not None:
        return Wait(live.run_out_due) if now < live.run_out_due else RunOut()
    if at_showdown(hand):
        return showdown_due(state.showdown, live, now)
    engine = hand.to_act
    mover = at.mover
    if engine is None or mover is None:  # pragma: no cover - a hand over is finished at once
        return Wait(None)
    if mover.leaving:
        return Act(mover.index, engine, "host")
    if mover.bot:
        if at.idle:
            return Wait(None)  # nobody is there to watch: the bots wait for someone
        if now < turn.bot_due:
            return Wait(turn.bot_due)
        return Act(mover.index, engine, "bot")
    clock = turn.clock
    assert clock is not None  # the change that makes a player's turn times it (runner.timed)
    if now < clock.deadline:
        return Wait(clock.deadline)
    return Act(mover.index, engine, "clock")  # the time bank is spent


def offer_due(offer: TwiceOffer | None, live: LiveHand, now: float) -> Due:
    """What the offer to run it twice in hand ``live`` comes to at ``now``, its clock
    ``offer``: opened when it is a new one (or one a restarted server stands at), the clock's
    no once it is up."""
    return _clock_due(offer, live, now, OpenOffer(), OfferClock())


def showdown_due(showdown: ShowdownChoice | None, live: LiveHand, now: float) -> Due:
    """What the showdown of hand ``live`` comes to at ``now``, its clock ``showdown``: opened
    when it is a new one (or one a restarted server stands at), the clock's choices once it is
    up."""
    return _clock_due(showdown, live, now, OpenShowdown(), ShowdownClock())


def _clock_due(
    clock: TwiceOffer | ShowdownChoice | None,
    live: LiveHand,
    now: float,
    opened: OpenOffer | OpenShowdown,
    ran_out: OfferClock | ShowdownClock,
) -> Due:
    """``opened`` when ``clock`` is not hand ``live``'s, ``ran_out`` once it is up at ``now``."""
    if clock is None or clock.number != live.number:
        return opened
    return Wait(clock.deadline) if now < clock.deadline else ran_out
