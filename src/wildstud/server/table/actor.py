"""A table's actor: one task and one inbox, through which the table's commands pass one at a time.

Commands come from the sockets, the REST API, timers (a :class:`~.core.Tick` when a slice's
``wake`` comes) and the cluster; :meth:`Actor.ask` puts one in the inbox and waits for its
reply (or, finding the actor free, has its turn at once), :meth:`Actor.tell` puts one in and
does not wait. The task hands each command to the
slice that owns its kind, a pure function (:mod:`.core`), and carries out the
:class:`~.core.Outcome` in a fixed order:

1. the effect, if any: a write through the table's one fenced writer (:mod:`.writer`), or a
   read; when the store fails, the slice keeps its old state and nothing is sent;
2. the slice's new state is adopted, only now;
3. the news goes to its audiences through the outbox (:mod:`.outbox`);
4. the command the effect's result makes, then the follow-ups, are handled in the same turn,
   before the next command of the inbox;
5. the timer is set for the slice's next ``wake``, and the asker gets the reply.

News an outcome sends ahead (:attr:`.core.Outcome.ahead`: a private pass's next page asked
before the answer before it is checked) goes out first, the task yielding once so that the
connections' writers write it while the rest is done.

A command may be given as a function that makes it: it is made when its turn comes, from the
table as it stands then (a line of chat names its speaker's seat as it is when it is said). A
tick that fails is logged once, and tried again after a backoff (:meth:`Actor._ticked`).

A part not moved onto the core takes its ticks itself (:meth:`Actor.ticks`: a draining
process's hand-off); a change a slice or a part may act on nudges it (:meth:`Actor.nudge`).

The news of a whole turn is sent at its end, so that the table frame (:class:`~.core.TableNews`,
sent once) shows everything the turn changed.

Every command a table takes from outside (a socket, the REST API, the cluster) is a command of
a slice on the core; nothing runs as a whole piece of today's code in a turn any more. The
slices, each with its module:

- the seating (:mod:`.seating`: seats, status and links);
- the seat requests (:mod:`.seat_requests`);
- the chat (:mod:`.chat`);
- the settings, menu and notices (:mod:`.settings`);
- the money (:mod:`.cashier`, with the ledger's reads);
- the tournament's desk (:mod:`.desk`: the host's rebuys and add-ons, each a write of the
  seat's chips and the tournament's value in one change; and the seating's follow-ups for it,
  its clock run with the table, a player who leaves out, a deal's prizes paid, each made whole
  with what it needs of the table as the change in hand leaves it, :attr:`Slice.made`, and
  folded into that change);
- the hand runner's (:mod:`.runner_slice`, over the runner's state held by the driver):
  the players' requests in a hand (:mod:`.hand_requests`: the dealer's pick of a game, the
  answer to an offer to run it twice, show or muck at the showdown, an action), checked by a
  pure function of the runner's state, each carried out as the slice's own command, its
  follow-up (:class:`~.hand_requests.Action`, :class:`~.hand_requests.Decide`,
  :class:`~.hand_requests.Answer`, :class:`.runner_slice.DealHand`: one pure change, below); the
  other slices' follow-ups
  for it, a new state and nothing stored, folded into the change that asks them: the
  dealer's choice called off (:class:`~.core.CancelChoice`: the menu changed, the table
  stood still) and the turn timed afresh (:class:`~.core.ResetTurn`); and the dealer's
  choice opened (:class:`.runner_slice.AskDealer`, its frame the outcome's news) or called
  off as the dealer sat out or left, and a clock run out: a turn's
  (:class:`.runner_slice.TimeUp`: the table's action for the player, the time bank spent),
  the showdown's (:class:`.runner_slice.ShowdownTimeUp`: show or muck by the table's
  default) and the offer to run it twice's (:class:`.runner_slice.OfferTimeUp`: no), a
  bot's choice (:class:`.runner_slice.BotActs`) and the table's action for a player leaving
  (:class:`.runner_slice.HostActs`), each carried out as a player's choice is, once the
  pass's pure decision finds it due (:func:`.runner_due.due`), as the runner's tick's
  follow-ups (a bot's choice the tick's effect, :class:`~.runner_due.BotChoice`; then what
  is due next, :class:`~.runner_due.Onward`); and so are a hand dealt, a run-out's street and
  a redeal (:class:`.runner_slice.DealHand`, the dealer's pick's follow-up too,
  :class:`.runner_slice.RunOutStreet`, :class:`.runner_slice.DealAgain`, the redeal's players'
  shuffle's round asked first as a change of its own), made whole from the table as their
  turn comes, each change the pure :func:`.runner_steps.deal`, :func:`.runner_steps.street` or
  :func:`.runner_steps.redealt` (the hand's end in it when it ends the hand, the turn it
  leaves timed), the other slices' follow-ups folded into it (:attr:`Slice.stages`), stored
  once, adopted once it is, told by the outbox; and so is the showdown's or the offer's clock
  opened: each bot's or leaving player's answer (:class:`.runner_slice.ClockAnswer`, the pure
  :func:`.runner_steps.clock_answer`, stored with the clock), then the clock for the others
  (:class:`.runner_slice.ClockOpen`, nothing stored, its frame the news);
- the players' shuffle (:mod:`.shuffle_requests`): a page's part (its word that it takes part,
  its commitment, its value), its row stored before the state is adopted (:attr:`Slice.adopt`;
  the state is held by :class:`.shuffling.Shuffling`); a deal's round (the runner's follow-up,
  below), its rows and the night seed stored before it is adopted; and the
  round's progress, the slice's own ticks (:class:`~.shuffle_requests.RoundTick`, made from the
  table as its turn comes, :attr:`Slice.tick`): its reveal and its end, which the runner reads
  (the rounds over) once the shuffle's turn wakes it;
- a private deal (:mod:`.private_progress`, held by :class:`.private.PrivateDeal`): a page's
  answers (:mod:`.private_answers`: its key, its deck, its unmaskings, its hand shown), and the
  deal's own progress as the slice's ticks (:class:`~.private_progress.DealTick`, the runner's
  tick's follow-up, and by its own clock: its start, its passes,
  the server's answers and shows, the clock and the misdeal), their rows stored before the
  state is adopted; what they come to for the hand (a hand shown or mucked, the cards a pass
  opened dealt, the hand void) is the runner's change, the outcome's follow-up, the runner
  slice's own command (:class:`~.runner_commands.ShowHand`,
  :class:`~.runner_commands.MuckHand`, :class:`~.runner_commands.DealOpened`,
  :class:`~.runner_commands.VoidHand`), made whole from the table as its turn comes, its change
  pure, the deal's own change with it folded into it (:class:`~.private_answers.Taken`) and
  stored once; a table that stood still has the clock timed afresh
  (:class:`~.core.Retime`, the runner's follow-up of :class:`~.core.ResetTurn`, made whole with
  the clock's length as its turn comes, :attr:`Slice.made`, and folded into the change that
  stood the table still: its state adopted and its ``wake`` timed once that is stored);
- the audit of a night's private deals (:mod:`.reveal_progress`, held by
  :class:`.private_reveal.Reveals`): a page's reveal of a deal's secret (:mod:`.reveal_answers`),
  a deal published early read from the store first, and the publishing as the slice's own ticks
  (:class:`~.reveal_progress.RevealTick`, made from the table as its turn comes, by its own
  clock, and at once as a hand's end or the night's asks, :class:`~.reveal_progress.MaybeDue`):
  each hand due read from the store, every proof checked off the event loop, the server's
  secrets stored and the pages asked, the clock, then the audit done off the event loop, its
  rows stored in one change and told to everyone; each state adopted once its change is stored,
  and a failed read or write tried again by the slice's clock, later while it keeps failing
  (:class:`~.reveal_progress.Missed`);
- a connection's arrival and departure (:mod:`.connections`): the welcome, all the table's
  frames for that one connection, is news (:class:`~.core.Welcomed`), sent once an absent
  player's return (the seating's :class:`~.seating.Back`, folded into the turn's change) is
  stored, and the chat's log follows once it is;
- a ping's pong (:mod:`.pings`: no state, nothing stored; through the inbox, so that it comes
  after the frames of the commands ahead of it).

A shared slice's turns (:attr:`Slice.shared`: a state the runner's code reads) hold the table's
lock. The seating's commands, and the connections', are writes, or a read then a write
(:attr:`Slice.folds`; a seat taken reads the ledger first): one has its reads carried out, then is
folded with the follow-ups it asks of the other slices (the desk's among them) into one change
(:meth:`Actor.fold`), stored in one transaction and adopted once it commits, then told
(:meth:`Actor._change`); the connections it lets go are closed by the outbox
(:class:`~.core.Dismissed`), and a player's numbered request is acked by it
(:class:`~.core.Acked`); a follow-up for a slice apart (the chat's) has its turn once the change
commits. A hand's deal is the pure outcome of :func:`.hand_start.start_hand` (the runner's state
with the hand dealt, its setup, first deck and the table's row), a seat's change in the hand that
of :mod:`.hand_play` (the hand played on a copy, the action's record, the seat's row), and a hand's
end that of :func:`.hand_end.finish_hand` (the runner's state between hands, the hand's rows), each
made in the middle of a change of the hand runner's: it is folded into that change the same way
(:meth:`Actor.fold_outcome`), and so are its follow-ups (a tournament's hand counts in its level,
:class:`~.desk.HandDealt`; a private deal starts afresh, :class:`~.core.NewHand`; the players'
shuffle's round opens, :class:`~.shuffle_requests.Open`, or one no hand was dealt from is
forgotten, :class:`~.shuffle_requests.DropRound`; a private deal's pass opens with the action
ending a betting round, :class:`~.core.PassAhead`; a seat leaves
as its hand ends, the stacks a hand ends with go to the seating, a tournament's knock-outs are the
desk's and its last one ends the night, the chips approved during the hand come, the notices the
hand played are dropped, the players' shuffle forgets the hand's values:
:class:`~.core.ForgetHand`).

The hand runner's pass is on the core too: its tick (:class:`~.runner_due.RunnerTick`, made from
the table as its turn comes, :meth:`.driver.Driver.tick`: a snapshot of what the pass reads,
:func:`.runner_due.at_tick`) has a pure outcome whose follow-ups are the slice's own commands
(above; a private deal's tick, the private slice's; a bot's choice the effect,
:class:`~.runner_due.BotChoice`), a tournament's break shown as its news, and when the next thing
is due as its ``wake`` (:data:`~.runner_due.NEVER`: not until something changes); a pass that
goes on from the state a step left is its tick again from what it read
(:meth:`~.runner_due.RunnerTick.again`), and what is due after a step is
:class:`~.runner_due.Onward`. A command whose write fails stops the pass there, the state kept
and nothing sent, and the actor looks again after its backoff (:meth:`Actor.retry`). The runner's
state is a frozen value (:mod:`.runner`: the hand in progress, a :class:`~.live.LiveHand`, and the
turn's clock among it), staged with each change and adopted once it is stored, as a slice's is,
so that a refused write has nothing to put back.

So every change of a table's state is a slice's pure outcome, stored once through the one writer
and told through the one outbox. What runs beside the turns, changing no slice's state: a
restarted table's resume before its actor runs (:meth:`.driver.Driver.resume`: the decks its
replay drew and the end of a hand it replayed to the end, stored under the lock), a draining
process's hand-off (:meth:`ticks`), the frames a connection is sent again as it arrives (a private
deal's asks, :meth:`.private.PrivateDeal.attached`), and the run-out's odds, worked out on a
thread and sent as each comes (:meth:`.endgame.Endgame.run_out_odds`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wildstud.history.private_night import audit_private_night
from wildstud.server.clock import RETRY_BACKOFF
from wildstud.server.store.chat import add_line, find_line, mutes, recent_lines, set_mute
from wildstud.server.store.records import Changes
from wildstud.server.table import chat, runner_pass
from wildstud.server.table.core import (
    ClockNews,
    Command,
    Outcome,
    Refused,
    TableNews,
    Tick,
    Told,
)
from wildstud.server.table.ledger import ReadLedger
from wildstud.server.table.outbox import Outbox
from wildstud.server.table.reveal_answers import LoadDeal
from wildstud.server.table.reveal_progress import AuditNight, LoadHand
from wildstud.server.table.runner import RUNNER
from wildstud.server.table.runner_due import BotChoice
from wildstud.server.table.writer import StorageFailureError

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

__all__ = ["Actor", "Slice"]

log = logging.getLogger("wildstud.server")

Handle = Callable[[Any, Command, float], Outcome[Any]]
"""A slice's pure core: ``handle(state, command, now) -> Outcome``."""


@dataclass(slots=True)
class Slice:
    """A slice of a table's core as the actor holds it: its state, its function and the kinds
    of command it takes."""

    name: str
    state: Any
    handle: Handle
    commands: tuple[type[Command], ...]
    shared: bool = False
    """Whether the parts not moved yet read this state (under the table's lock): its turns
    hold the lock."""
    folds: bool = False
    """Whether each of its commands is a write (the seating's): the actor folds it with the
    follow-ups it asks of the other slices into one change (:meth:`Actor.fold`), stored in
    one transaction."""
    held: Callable[[], Any] | None = None
    """Where the state is held, for a slice whose state today's code keeps too (the hand
    runner's, :attr:`.driver.Driver.state`, which the driver's steps change): the actor hands
    the slice the state read from it."""
    adopt: Callable[[Any], None] | None = None
    """How a held state takes an outcome's new state, once its effect is done (a folded
    change's, once it is stored): the shuffle's and a private deal's, which today's code reads
    (:attr:`.shuffling.Shuffling.state`); a state the outcome left as it was is not adopted
    again (a tick with nothing to do wakes nobody)."""
    made: Callable[[Command], Command] | None = None
    """For a slice whose follow-ups from the other slices need what the table holds outside
    them (the tournament desk's: the seats, the hand runner's state and the table's row as
    the change in hand leaves them, :meth:`.tournament.Desk.made`; a private deal's: the
    clock's length, :meth:`.private.PrivateDeal.made`): the command made whole from the table
    as its turn comes, as a command from outside is (:data:`Asked`)."""
    tick: Callable[[], Command] | None = None
    """The slice's :class:`~.core.Tick` when its ``wake`` comes, made from the table as its
    turn comes (the shuffle's reads the seats' connections then); ``None``: a plain
    :class:`~.core.Tick`."""
    stages: bool = False
    """Whether an outcome of it that writes (an effect of :class:`~.store.records.Changes`)
    is a change whole, as the hand runner's are: the follow-ups it asks of the other shared
    slices are folded into it (:meth:`Actor.fold_outcome`), stored once, and its state
    adopted once it is stored (a slice's follow-ups otherwise have their turns after)."""


Asked = Command | Callable[[], Command]


class Actor:
    """A table's actor (see the module's description)."""

    def __init__(self, table: Table, slices: list[Slice]) -> None:
        self.table = table
        self.slices = {item.name: item for item in slices}
        self._routes = {kind: item for item in slices for kind in item.commands}
        self.outbox = Outbox(table)
        self._inbox: asyncio.Queue[tuple[Asked, asyncio.Future[Any] | None]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._ticking: set[str] = set()
        """The names a tick is in the inbox for (:meth:`nudge` puts in one at most)."""
        self._parts: dict[str, Callable[[], Awaitable[float | None]]] = {}
        self.backoff = RETRY_BACKOFF
        """How long a tick that failed waits before the next (:meth:`_ticked`)."""
        self._failures: dict[str, int] = {}
        """The ticks that failed in a row, by the name of what they tick."""
        self._failure: dict[str, str] = {}
        """The last failure of each name's ticks that was logged (once, however often it
        repeats)."""
        self._missed = False
        """Whether the turn in hand had a step's write fail (an effect's ``otherwise``)."""
        self._closed = False
        self._busy = False
        self._turning = asyncio.Lock()
        """Held for each turn, by the actor's task or by an asker that found it free."""
        self._turns = 0
        """The turns in hand: one at most (see :attr:`_turning`)."""
        self._following: list[Command] = []
        """The commands to handle at the end of the turn in hand (:meth:`follow`)."""

    def state(self, name: str) -> Any:
        """The state slice ``name`` holds now (as adopted: never ahead of the store)."""
        part = self.slices[name]
        return part.state if part.held is None else part.held()

    # -- the inbox -----------------------------------------------------------------------------

    async def ask(self, command: Asked) -> Any:
        """Put ``command`` in the inbox and return its reply (a :class:`~.core.Refused`
        reply is raised; a write the store refused raises :class:`StorageFailureError`).

        A command that finds the actor free (no turn running, nothing in the inbox) and a store
        that writes in place is carried out at once, in the asker's own task: it is the turn
        it would have had, in the same order, without the wait for the actor's task to be
        scheduled again. Under 200 busy tables that wait was a whole pass of the event loop,
        behind every other table's work ready then (docs/benchmarks.md, session 12). A store
        that writes on a thread keeps the inbox: its turns wait for the store, and a turn cut
        short there by the asker's cancellation would leave the table ahead of the store.
        """
        if self._free():
            return await self._at_once(command)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._put(command, future)
        return await future

    async def read(self, asked: Asked) -> Any:
        """The reply to a command that only reads (its outcomes store nothing: the ledger's
        reads): through the inbox while the actor runs; once it has stopped, when nothing
        changes the table any more, at once, its reads of the store carried out directly."""
        if not self._closed:
            return await self.ask(asked)
        command = asked if isinstance(asked, Command) else asked()
        part = self._routes[type(command)]
        while True:
            outcome = part.handle(part.state, command, time.monotonic())
            if isinstance(outcome.reply, Refused):
                raise outcome.reply.error
            effect = outcome.effect
            if effect is None or effect.then is None:
                return outcome.reply
            assert not isinstance(effect.request, Changes), "a read stores nothing"
            command = effect.then(await self._carry_out(effect.request))

    def _free(self) -> bool:
        """Whether a command asked now may be carried out at once (see :meth:`ask`)."""
        return (
            not self._closed
            and not self._busy
            and not self._turning.locked()
            and self._inbox.empty()
            and self.table.store.in_place
        )

    async def _at_once(self, command: Asked) -> Any:
        # An unheld lock is taken without suspending: nothing can come between the check
        # in _free and this turn.
        async with self._turning:
            return await self._turn(command)

    def ticks(self, name: str, tick: Callable[[], Awaitable[float | None]]) -> None:
        """Hand the ticks named ``name`` to ``tick``, a part not moved onto the core yet (a
        draining process's hand-off, :meth:`.driver.Driver.hand_on`): it does what is due and
        returns how long until it is ticked again (``math.inf``: only when nudged; ``None``:
        the timer as the outcomes of slice ``name`` in the tick set it, their ``wake``)."""
        self._parts[name] = tick

    def nudge(self, name: str) -> None:
        """Have ``name`` ticked soon (something it may act on changed), unless a tick of it is
        in the inbox already; nothing once the actor has stopped."""
        if self._closed or name in self._ticking:
            return
        self._ticking.add(name)
        self.tell(Tick(name))  # the slice's own tick is made as its turn comes (_ticked)

    def tell(self, command: Asked) -> None:
        """Put ``command`` in the inbox; nobody waits for its reply."""
        self._put(command, None)

    def _put(self, command: Asked, future: asyncio.Future[Any] | None) -> None:
        if self._closed:
            raise self._stopped()
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"actor-{self.table.id}")
        self._inbox.put_nowait((command, future))

    def close(self) -> None:
        """Take no more commands (the table moved, or goes down): the task ends once the turn
        in hand is done, and the commands left in the inbox are refused
        (:class:`StorageFailureError`, as a command asked from now on is)."""
        self._closed = True
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        if self._task is not None and not self._busy:  # waiting for a command: none comes
            self._task.cancel()
            self._task = None
            self._refuse_left()

    async def stop(self) -> None:
        """Stop the task, the turn in hand cut short: the commands left are refused."""
        self.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self._refuse_left()

    def _refuse_left(self) -> None:
        # Refused, not cancelled: an asker that is itself finishing (a connection's detach)
        # can tell the table's end from its own task's cancellation.
        while not self._inbox.empty():
            _, future = self._inbox.get_nowait()
            if future is not None and not future.done():
                future.set_exception(self._stopped())

    def _stopped(self) -> StorageFailureError:
        return StorageFailureError(f"table {self.table.id}: the table has stopped")

    @property
    def closed(self) -> bool:
        """Whether the actor takes no more commands (:meth:`close`)."""
        return self._closed

    async def _run(self) -> None:
        while not self._closed:
            command, future = await self._inbox.get()
            self._busy = True
            try:
                async with self._turning:  # after the turn an asker may be having at once
                    reply = await self._turn(command)
            except asyncio.CancelledError:
                if future is not None:
                    future.cancel()
                raise
            except Exception as error:
                if future is not None and not future.done():
                    future.set_exception(error)
                elif future is None and not isinstance(error, StorageFailureError):
                    log.error("table %s: a command failed", self.table.id, exc_info=error)
            else:
                if future is not None and not future.done():
                    future.set_result(reply)
            finally:
                self._busy = False
            # A queue that holds a command answers get() without suspending: the other
            # tables, the sockets and whoever asked get their turn between two commands.
            await asyncio.sleep(0)
        self._task = None
        self._refuse_left()

    # -- one turn ------------------------------------------------------------------------------

    def _route(self, command: Command) -> Slice:
        """The slice that takes ``command``."""
        if isinstance(command, Tick):
            return self.slices[command.slice]
        return self._routes[type(command)]

    async def _turn(self, asked: Asked) -> Any:
        """Handle one command of the inbox and all it leads to, then the commands it asked to
        follow it (:meth:`follow`); return its reply."""
        self._turns += 1
        try:
            try:
                reply = await self._one(asked)
            except Exception:
                await self._followed()  # what it stored stands: what must follow that does too
                raise
            await self._followed()
        finally:
            self._turns -= 1
        return reply

    def follow(self, command: Command) -> None:
        """Handle ``command`` at the end of the turn in hand, before any other command of the
        inbox (outside a turn, it goes in the inbox; once the actor has stopped, nowhere): for
        what must be done with the turn's change and seen by nobody before it, as the notices a
        stored hand's end has played."""
        if self._closed:
            return
        if self._turns:
            self._following.append(command)
        else:
            self.tell(command)

    async def _followed(self) -> None:
        while self._following:
            await self._one(self._following.pop(0))

    async def _ticked(self, name: str) -> None:
        """Tick ``name``: a part's (:meth:`ticks`), or the slice's, its tick made from the
        table as its turn comes (:attr:`Slice.tick`; a plain :class:`~.core.Tick` without
        one). A tick that fails (a bug, a write outside its steps' own ``otherwise``) is
        logged once however often it repeats (a write's failure is the writer's to log),
        counted (the errors metric's ``driver``), and tried again after :attr:`backoff`, 1 s
        doubling to 30 s while it keeps failing, as is a step whose write failed (its
        slice's outcome times that, from :meth:`retry`); the count starts again at the next
        tick that works. A table the fence refused (``broken``) is ticked no more."""
        self._ticking.discard(name)
        self._missed = False
        try:
            tick = self._parts.get(name)
            if tick is not None:
                wait = await tick()
                if wait is not None:  # else as the slice's outcomes in the tick timed it
                    self._wake(name, wait)
            else:
                part = self.slices[name]
                made = (lambda: Tick(name)) if part.tick is None else part.tick
                if not part.shared:
                    await self._steps(made())
                else:
                    async with self.table.lock:
                        await self._steps(made())
                    if name != RUNNER:  # another slice's change: the runner looks again
                        self.table.wake()
        except StorageFailureError:
            if not self.table.broken:  # else moved, or reloaded: ticked no more
                self._wake(name, self._failed(name, None))
        except Exception as error:  # a bug must not stop the table for good: logged, retried
            self._wake(name, self._failed(name, error))
        else:
            if self._missed:
                self._failures[name] = self._failures.get(name, 0) + 1
            elif name in self._failures:  # most ticks: none failed before them
                self._worked(name)

    def retry(self, name: str) -> float:
        """How long ``name``'s next try waits if its tick fails now (:attr:`backoff`, for the
        failures in a row so far)."""
        failures = self._failures.get(name)
        return self.backoff.first if failures is None else self.backoff.wait(failures)

    def _failed(self, name: str, error: Exception | None) -> float:
        """Count a failed tick of ``name`` (``error``: its bug, logged once); return how long
        until it is tried again."""
        wait = self.retry(name)
        self._failures[name] = self._failures.get(name, 0) + 1
        if error is None:
            return wait
        self.table.metrics.errors.labels("driver").inc()
        failure = f"{type(error).__name__}: {error}"
        if failure != self._failure.get(name):
            self._failure[name] = failure
            log.error(
                "table %s: %s failed; it retries, waiting longer while it fails",
                self.table.id,
                _who(name),
                exc_info=error,
            )
        return wait

    def _worked(self, name: str) -> None:
        """A tick of ``name`` worked: its failures in a row are over (said once, when one
        was logged)."""
        failures = self._failures.pop(name, 0)
        if self._failure.pop(name, None) is not None:
            log.warning(
                "table %s: %s works again after %d failures", self.table.id, _who(name), failures
            )

    async def _one(self, asked: Asked) -> Any:
        """Handle one command and all it leads to; return its reply. A turn of a shared slice
        (one whose state the parts not moved yet read under the table's lock) holds the lock,
        and has the driver look again once it is done."""
        if type(asked) is Tick:  # a timer's or a nudge's
            await self._ticked(asked.slice)
            return None
        command = asked if isinstance(asked, Command) else asked()
        part = self._route(command)
        if part is not None and part.folds:
            async with self.table.lock:
                if not isinstance(asked, Command):  # made from the table under the lock
                    command = asked()
                reply = await self._change(part, command)
            self.table.wake()
            return reply
        if not part.shared:
            reply = await self._steps(command)
        else:
            async with self.table.lock:
                if not isinstance(asked, Command):  # made again, from the table under the lock
                    command = asked()
                reply = await self._steps(command)
            self.table.wake()
        if isinstance(reply, Refused):
            raise reply.error
        return reply

    async def _steps(self, first: Command) -> Any:
        pending: list[Command] = [first]
        reply: Any = None
        news: list[Told] = []
        while pending:
            command = pending.pop(0)
            part = self._route(command)
            state = part.state if part.held is None else part.held()
            outcome = part.handle(state, self._made(part, command), time.monotonic())
            if outcome.ahead:  # sent before the effect: the writers write it as this task yields
                self.outbox.send(outcome.ahead)
                await asyncio.sleep(0)
            following: list[Command] = []
            effect = outcome.effect
            if effect is not None and part.stages and type(effect.request) is Changes:
                # A change of the runner's, whole (an action, a street): the other slices'
                # follow-ups folded into it, stored once, adopted once it is (fold_outcome),
                # its news sent then, after theirs (a private deal's next pass asked before
                # the frame that ends the betting) and before the turn's (the request's ack).
                self.fold_outcome(part.name, outcome, effect.request)
                await self.table.writer.commit(effect.request)
                self.outbox.send(outcome.news)
                continue
            if effect is not None:
                try:
                    result = await self._carry_out(effect.request)
                except StorageFailureError:
                    if effect.otherwise is None:
                        raise
                    self._missed = True  # a tick's failure in a row (:meth:`_ticked`)
                    pending.insert(0, effect.otherwise(self.table.moved))
                    continue
                if effect.then is not None:
                    following.append(effect.then(result))
            if part.held is None:
                part.state = outcome.state
            elif part.adopt is not None and outcome.state is not state:
                # A held state the outcome left as it was is not adopted again (adopting
                # wakes the table's other parts: a tick with nothing to do wakes nobody).
                part.adopt(outcome.state)
            news.extend(outcome.news)
            following.extend(outcome.follow)
            pending[:0] = following
            if outcome.wake is not None:
                self._wake(part.name, outcome.wake - time.monotonic())
            if outcome.reply is not None:
                reply = outcome.reply
        self.outbox.send(news)
        return reply

    async def _change(self, part: Slice, command: Command) -> Any:
        """Handle ``command`` for ``part``, a slice whose every outcome is a write, or a read
        then a write (a seat taken reads the ledger first): the reads carried out, the write
        folded with the follow-ups it asks of other slices and of the tournament's desk into
        one change (:meth:`fold`), stored in one transaction and adopted once it commits (the
        turn in progress timed afresh with it where it stood the table still,
        :class:`~.core.ResetTurn`); then the news."""
        outcome = part.handle(part.state, self._made(part, command), time.monotonic())
        effect = outcome.effect
        while effect is not None and not isinstance(effect.request, Changes):
            if isinstance(outcome.reply, Refused):
                raise outcome.reply.error
            assert effect.then is not None, "a read is for the write that follows it"
            command = effect.then(await self._carry_out(effect.request))
            outcome = part.handle(part.state, command, time.monotonic())
            effect = outcome.effect
        changes = Changes()
        self._folded(part, outcome, changes)
        await self.table.writer.commit(changes)
        self.outbox.send(outcome.news)
        return outcome.reply

    def fold(self, name: str, command: Command, into: Changes) -> Outcome[Any]:
        """Hand ``command`` to the shared slice ``name`` in the middle of a change made by a
        part not moved onto the core yet (under the table's lock), whose transaction stores
        the outcome's writes: they are added to ``into``. The follow-ups for other slices are
        folded into the same change (a seat's leaving, its open request for chips and its
        player out of a tournament are stored together; the desk's made whole from the table
        as the change leaves it, :attr:`Slice.made`); those for a slice apart (the chat's) have
        their turn once it commits, and a new state's ``wake`` is timed then (a private deal's
        clock timed afresh).
        The new states are adopted only once that change commits (never when it does not); a
        later fold in the same change starts from the state this one left. A refusal is
        raised at once. The news is the caller's to send, with its own, once its change is
        done (it tells the table as it stands then)."""
        part = self.slices[name]
        staged = self.table.writer.staged.get(name, self.state(name))
        command = self._made(part, command)
        return self._folded(part, part.handle(staged, command, time.monotonic()), into)

    @staticmethod
    def _made(part: Slice, command: Command) -> Command:
        """``command`` as ``part`` takes it: made whole from the table (:attr:`Slice.made`)."""
        return command if part.made is None else part.made(command)

    def fold_outcome(self, name: str, outcome: Outcome[Any], into: Changes) -> None:
        """Fold ``outcome``, slice ``name``'s change (under the table's lock): a hand's deal
        (:func:`.hand_start.start_hand`), a run-out's street (:func:`.runner_steps.street`),
        the hand's end that the hand runner's change comes to (:func:`.hand_end.finish_hand`).
        As :meth:`fold` does, its writes are added to ``into``, its new state is adopted once
        that change commits, and its follow-ups are folded into the same change; their news
        is sent then too (a seat that left hears it), but the table frame and the clock's,
        which the outcome's own news tells. ``into`` may be the outcome's own change (the
        change in hand starts with it: nothing to copy)."""
        told: list[Told] = []
        self._folded(self.slices[name], outcome, into, told)
        told = [news for news in told if not isinstance(news, TableNews | ClockNews)]
        if told:
            self.table.writer.after(lambda: self.outbox.send(told))

    def _folded(
        self, part: Slice, outcome: Outcome[Any], into: Changes, told: list[Told] | None = None
    ) -> Outcome[Any]:
        """``outcome``, ``part``'s, folded into the change in hand (see :meth:`fold`); the
        news of its follow-ups' outcomes is added to ``told`` (when given)."""
        if isinstance(outcome.reply, Refused):
            raise outcome.reply.error
        effect = outcome.effect
        if effect is not None:
            assert isinstance(effect.request, Changes)
            assert effect.then is None
            if effect.request is not into:  # else the change in hand is the outcome's own
                into.add(effect.request)
        self.table.writer.staged[part.name] = outcome.state
        after: list[Command] = []

        def adopt() -> None:
            if part.held is None:
                part.state = outcome.state
            elif part.adopt is not None:
                part.adopt(outcome.state)
            if outcome.wake is not None:  # a private deal's clock timed afresh (Retime)
                self._wake(part.name, outcome.wake - time.monotonic())
            for follow in after:
                self.follow(follow)

        # Adopted before the follow-ups it asks: one that comes back to the same slice (a
        # hand's end whose knock-out ends the night calls the dealer's choice off) starts from
        # this state, and its own is adopted after it.
        self.table.writer.after(adopt)
        for follow in outcome.follow:
            route = self._route(follow)
            if not route.shared:  # a slice apart (the chat's): its turn once this is stored
                after.append(follow)
            else:
                folded = self.fold(route.name, follow, into)
                if told is not None:
                    told.extend(folded.news)
        return outcome

    def _wake(self, name: str, delay: float | None) -> None:
        """Tick ``name`` in ``delay`` seconds (``None`` or ``math.inf``: only when nudged); at
        once, when it is not above zero, behind the commands in the inbox."""
        old = self._timers.pop(name, None)
        if old is not None:
            old.cancel()
        if delay is None or math.isinf(delay) or self._closed:
            return
        if delay <= 0:
            self.nudge(name)
            return
        loop = asyncio.get_running_loop()
        self._timers[name] = loop.call_later(delay, self.nudge, name)

    # -- the store -----------------------------------------------------------------------------

    async def _carry_out(self, request: object) -> Any:
        """What the store answers ``request``: a write through the table's fenced writer, or a
        read (a failure of either raises :class:`StorageFailureError`)."""
        table = self.table
        store = table.store
        writer = table.writer
        if isinstance(request, Changes):
            await writer.commit(request)
            return None
        if isinstance(request, BotChoice):  # a bot's turn in the runner's pass
            return runner_pass.choose(table.driver, request)
        if isinstance(request, LoadDeal):
            return await self._read(table.private.reveals.load_deal(request))
        if isinstance(request, LoadHand):  # the audit's slice logs its own failures, once
            return await self._read(table.private.reveals.load_hand(request), quiet=True)
        if isinstance(request, AuditNight):  # every proof played again: off the event loop
            return await asyncio.to_thread(audit_private_night, request.night)
        if isinstance(request, ReadLedger):
            return await self._read(store.call(store.ledger, table.id))
        if isinstance(request, chat.AddLine):
            return await writer.write(add_line, store.engine, table.id, request.line)
        if isinstance(request, chat.SetMute):
            key, name, muted, line = request.key, request.name, request.muted, request.line
            return await writer.write(set_mute, store.engine, table.id, key, name, muted, line)
        if isinstance(request, chat.FindLine):
            return await self._read(store.call(find_line, store.engine, table.id, request.line))
        if isinstance(request, chat.LoadChat):
            lines = await self._read(
                store.call(recent_lines, store.engine, table.id, request.limit)
            )
            return lines, await self._read(store.call(mutes, store.engine, table.id))
        raise TypeError(f"no store request {type(request).__name__}")  # pragma: no cover

    async def _read(self, call: Awaitable[Any], *, quiet: bool = False) -> Any:
        """The result of a read of the store; a failure raises :class:`StorageFailureError`,
        logged as a warning unless ``quiet`` (a slice that logs its own, once, not at each
        try: the audit's, :func:`~.reveal_progress.failure_line`)."""
        try:
            return await call
        except Exception as error:
            level = logging.DEBUG if quiet else logging.WARNING
            log.log(level, "table %s: a read failed: %s", self.table.id, type(error).__name__)
            raise StorageFailureError(
                f"table {self.table.id}: the store could not be read"
            ) from None


def _who(name: str) -> str:
    """How the log names the ticks of ``name``."""
    return "the driver" if name == RUNNER else f"the tick of {name!r}"
