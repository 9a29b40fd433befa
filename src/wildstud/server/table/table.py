"""A table on the server: seats, hands, dealer's choice, clocks, and the frames to clients.

A :class:`Table` runs one table from the host's settings. It holds what its parts share (the
settings, the seats, the hand, the lock) and is made of one part for each job:

- :class:`~.fanout.Fanout`: the connections, and the frames each client is sent;
- :class:`~.hosting.Hosting`: the seating's and the seat requests' commands, made from the
  table and asked of the actor (the seating's state, seats, status and links, is the pure
  slice :mod:`.seating`, whose rows the seats in
  memory follow once stored, :meth:`Table.stored`; the requests themselves:
  :mod:`wildstud.server.requests`, and their state, the pure slice :mod:`.seat_requests`);
- :class:`~.players.Players`: the players' requests (actions, the dealer's pick,
  sitting out and in), made into commands of the slices that take them (a request in a hand:
  the hand runner's, :mod:`.hand_requests`);
- :class:`~.driver.Driver`: the driver (ticked by the actor), which deals each hand
  when the table is running, asks the dealer for the game under dealer's choice, plays the bots,
  acts for players whose time runs out, and stores every change;
- :class:`~.actor.Actor`: the one task and inbox every command passes through, over the
  slices of the pure core (:mod:`.core`), listed in :mod:`.slices`: the seating, the seat
  requests, the chat, the settings, the money (the players' requests for chips, decided by
  the host and applied between hands, and the chip ledger's reads: :mod:`.cashier`,
  :mod:`.ledger`), the tournament's desk, the hand runner's (:mod:`.runner_slice`: the
  checks of the players' requests in a hand, :mod:`.hand_requests`, and the other slices'
  follow-ups for it), the players' shuffle, its rounds and a page's part in them
  (:mod:`.shuffle_requests`), a private deal, its progress and a page's answers
  (:mod:`.private_progress`, :mod:`.private_answers`), its secrets published and audited
  and a page's reveal for the audit (:mod:`.reveal_progress`, :mod:`.reveal_answers`), a
  connection's arrival and departure (:mod:`.connections`) and a
  ping's pong (:mod:`.pings`).

Every change is made under the table's lock in the same order: the engine checks it and
carries it out, the store writes it in one transaction, and only then do the clients hear of
it, each seeing only what its seat may see.

A seat is dealt in when it has chips, is not sitting out and is not being removed. The button
(the dealer's seat, who chooses the game under dealer's choice) moves forward every hand to the
next seat, after the one that had it, whose player was dealt into the last hand and is dealt
into this one: a player who joins or sits back in is dealt in at once but takes the button only
once it has come round to them, never ahead of the players already waiting for it (Robert's
Rules' moving button; ``docs/house-rules.md``, "Who deals and chooses"). A player whose clock
runs out in ``absent_hands`` hands in a row, without acting in them, sits out until they come
back (open their link again or send ``sit_in``).

Every turn is timed from the change that makes it: a player gets the action clock, then
their time bank as it stands. A turn resumed after the host's pause, after a restart of the
server or after the table was reloaded from the store starts the same way, with a fresh action
clock and the time bank as stored: time the table stood still never counts against anyone.

When a deal stops for a redeal (The Bitch's queen of spades face up), the table shows it, with
the card still on the table and ``redeal_pending`` in the view, for ``redeal_pause`` seconds,
then gathers the cards and deals again. With nobody connected (no player, no spectator) for
``idle_minutes``, the table is idle: no bot acts and no hand starts until someone connects
(a player's own clock still runs).

Two calling bots at a table of their own, on an in-memory database:

>>> import asyncio
>>> from wildstud.server.schemas import GameEntry
>>> settings = TableSettings(name="demo", games=[GameEntry(game="FTQ")], bot_delay=0,
...                          hand_pause=0.2, showdown_pause=0.2)
>>> state = TableState("t1", "demo", "h" * 64, "j", "w", settings.model_dump(mode="json"),
...                    "waiting", None, 0, None)
>>> store = Store("sqlite://")
>>> store.create_table(state)
>>> async def two_hands() -> tuple[int, int | None, bool]:
...     table = Table(state, [], store)
...     for _ in range(2):
...         _ = await table.add_bot(SeatKind.CALLING_BOT, None, None)
...     table.start_driver()
...     await table.set_status(TableStatus.RUNNING)
...     while table.hands_dealt < 2:
...         await asyncio.sleep(0.01)
...     await table.stop()
...     return table.hands_dealt, table.button, (await table.ledger())["balanced"]
>>> asyncio.run(two_hands())  # the button moved from seat 0 to seat 1
(2, 1, True)
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping
from typing import Any

from wildstud.server.accounts import Departed
from wildstud.server.errors import ServerError
from wildstud.server.frames import ChatLogFrame
from wildstud.server.menu import Menu
from wildstud.server.messages import (
    Act,
    Choose,
    Commit,
    Message,
    Ping,
    PrivateAnswer,
    Rebuy,
    Reveal,
    RunTwice,
    Say,
    Show,
    Shuffler,
    SitIn,
    SitOut,
    error_frame,
)
from wildstud.server.metrics import UNWATCHED
from wildstud.server.night import Night
from wildstud.server.schemas import RulesUpdate, TableSettings
from wildstud.server.seating import Client, Seat, SeatKind
from wildstud.server.stall import stalled
from wildstud.server.store import (
    Changes,
    Notice,
    RebuyState,
    SeatRequestState,
    Store,
    StoredTable,
    TableState,
)
from wildstud.server.table import (
    chat,
    connections,
    pings,
    private_answers,
    reveal_answers,
    seating,
    shuffle_requests,
)
from wildstud.server.table import desk as desk_slice
from wildstud.server.table import settings as settings_slice
from wildstud.server.table.actor import Actor
from wildstud.server.table.cashier import CashierState, DecideChips, Holder, Limits, holds_all
from wildstud.server.table.core import Command, Gone, Refused
from wildstud.server.table.driver import HAND, HAND_OFF, Driver, TableStatus
from wildstud.server.table.fanout import RESTARTING, Fanout, dumps
from wildstud.server.table.hosting import Hosting
from wildstud.server.table.ledger import Departures, NightBook, NightRead, Report
from wildstud.server.table.live import LiveHand
from wildstud.server.table.players import Players
from wildstud.server.table.practice import Coach
from wildstud.server.table.private import PrivateDeal
from wildstud.server.table.restore import restored
from wildstud.server.table.runner import RunnerState
from wildstud.server.table.seat_requests import RequestsState
from wildstud.server.table.seating import Back, SeatingState
from wildstud.server.table.settings import build_menu
from wildstud.server.table.shuffling import Shuffling
from wildstud.server.table.slices import table_slices
from wildstud.server.table.tournament import Desk
from wildstud.server.table.writer import ChangeLock, StorageFailureError, Writer
from wildstud.server.tourney import Tourney
from wildstud.tournament import TournamentError

RESTART_FLUSH = 2.0
"""Seconds a restarting table waits for its clients' last frames to be sent (2)."""

__all__ = ["LiveHand", "StorageFailureError", "Table", "TableStatus", "build_menu", "dumps"]


class Nudge:
    """What the parts set when the table changed in a way the driver may act on: the actor
    ticks the driver (:meth:`~wildstud.server.table.actor.Actor.nudge`)."""

    def __init__(self, actor: Actor, name: str) -> None:
        self._actor = actor
        self._name = name

    def set(self) -> None:
        """Have the driver look again soon."""
        self._actor.nudge(self._name)


class Table:
    """One table: its settings, seats and hand, and the parts that run it."""

    def __init__(
        self,
        state: TableState,
        seats: Iterable[Seat],
        store: Store,
        rebuys: Iterable[RebuyState] = (),
        tournament: Mapping[str, Any] | None = None,
    ) -> None:
        self.id = state.id
        self.name = state.name
        settings = TableSettings.model_validate(state.settings)
        self.seats: dict[int, Seat] = {seat.index: seat for seat in seats}
        """The seats in memory, with their connections and bots: they follow the seating's
        rows (:mod:`.seating`) once stored (:meth:`stored`), the rows the hand runner writes
        too (their chips, time banks and absences)."""
        tourney: Tourney | None = None
        if settings.tournament is not None:
            tourney = Tourney() if tournament is None else Tourney.from_json(tournament)
            if state.status == TableStatus.RUNNING.value:
                # Its clock runs from now: the time the table was down is nobody's.
                tourney = tourney.started(time.monotonic())
        self.store = store
        self.broken = False
        self.closing = False
        """Set when the server goes down: no request is taken any more."""
        self.on_broken: Callable[[Table], None] | None = None
        """Called once when a change could not be stored (the lobby reloads the table)."""
        self.epoch: int | None = None
        """The lease epoch this process runs the table under, in a cluster (every write
        carries it: :mod:`wildstud.server.store.leases`); ``None`` for a single process."""
        self.moved = False
        """Set once another process of the cluster runs the table: nothing more is stored."""
        self.hand_off: Callable[[Table], Awaitable[bool]] | None = None
        """Set while the process drains, then the table woken (:meth:`wake`): the driver's
        hand-off tick calls it between hands, and stops the table when it answers that the table
        was handed on (:meth:`.driver.Driver.hand_on`, :mod:`wildstud.server.cluster`)."""
        self.writer = Writer(self)
        """The one place the table's changes are stored (:mod:`wildstud.server.table.writer`)."""
        self.lock = ChangeLock(self.writer)
        """Held for every change, so that each is checked, stored and sent in one piece (and
        taken back whole when the store refuses it)."""
        self.fanout = Fanout(self)
        self.hosting = Hosting(self)
        self.players = Players(self)
        self.driver = Driver(self, RunnerState(state.button, state.hands_dealt, state.last_entry))
        """The hand runner, whose state (:mod:`.runner`) it replaces once each change is
        stored."""
        self.shuffling = Shuffling(self)
        """The night seed and the players' shuffle before each deal
        (:mod:`wildstud.server.table.shuffling`)."""
        self.private = PrivateDeal(self)
        """A private deal's rounds, at a table whose ``deal`` is ``private``
        (:mod:`wildstud.server.table.private`)."""
        self.desk = Desk(self)
        """The table's tournament (:mod:`wildstud.server.table.tournament`)."""
        self.coach = Coach(self)
        """A practice table's help for each seat (:mod:`wildstud.server.table.practice`)."""
        self.actor = Actor(self, table_slices(self, state, settings, rebuys, tourney))
        """The table's actor: every command passes through its inbox
        (:mod:`wildstud.server.table.actor`)."""
        self.actor.ticks(HAND_OFF, self.driver.hand_on)
        self.changed = Nudge(self.actor, HAND)
        """Set when something changed that the driver may have to act on: a tick of it."""
        self.metrics = UNWATCHED
        """The figures this table counts into: its lobby's (see :class:`Lobby`)."""

    # -- the state the slices own (read-only here: each changes through the actor) ---------------

    @property
    def settings(self) -> TableSettings:
        """The table's settings (:mod:`wildstud.server.table.settings`)."""
        return self._settings().settings

    @property
    def menu(self) -> Menu:
        """The menu of the table's settings."""
        return self._settings().menu

    @property
    def notices(self) -> tuple[Notice, ...]:
        """The host's notices for the hand in progress and the next (:mod:`.console`)."""
        return self._settings().notices

    @property
    def tournament(self) -> Tourney | None:
        """The tournament of a tournament table, as stored (:mod:`.tournament`)."""
        state: Tourney | None = self.actor.slices[desk_slice.NAME].state
        return state

    @property
    def cashier(self) -> CashierState:
        """The open requests for chips (:mod:`wildstud.server.table.cashier`)."""
        state: CashierState = self.actor.slices["cashier"].state
        return state

    @property
    def requests(self) -> RequestsState:
        """Seat requests through the join link (:mod:`wildstud.server.table.seat_requests`)."""
        state: RequestsState = self.actor.slices["requests"].state
        return state

    @property
    def live(self) -> LiveHand | None:
        """The hand being played, if any (the hand runner's, as stored)."""
        return self.driver.state.live

    @property
    def last_hand(self) -> LiveHand | None:
        """The last hand played, between hands (the hand runner's)."""
        return self.driver.state.last_hand

    @property
    def button(self) -> int | None:
        """The seat that dealt the last hand (the hand runner's)."""
        return self.driver.state.button

    @property
    def hands_dealt(self) -> int:
        """How many hands the table has dealt (the hand runner's)."""
        return self.driver.state.hands_dealt

    @property
    def last_entry(self) -> int | None:
        """The menu's entry dealt last (the hand runner's)."""
        return self.driver.state.last_entry

    def holder(self, seat: Seat) -> Holder:
        """``seat`` as the cashier needs it: its row, and the chips it holds now."""
        return Holder(seat.state(), self.stack_now(seat))

    @property
    def seating(self) -> SeatingState:
        """Who sits where, the table's status and links (:mod:`wildstud.server.table.seating`),
        as stored."""
        state: SeatingState = self.actor.slices["seating"].state
        return state

    @property
    def status(self) -> TableStatus:
        """Whether the table deals (the seating's)."""
        return self.seating.status

    @property
    def host_hash(self) -> str:
        """The SHA-256 of the host's token (the seating's)."""
        return self.seating.links.host_hash

    @property
    def join_token(self) -> str:
        """The token of the table's join link (the seating's)."""
        return self.seating.links.join_token

    @property
    def watch_token(self) -> str:
        """The token of the table's watch link (the seating's)."""
        return self.seating.links.watch_token

    def stored(self, changes: Changes) -> None:
        """``changes`` are stored: the seating takes in the rows they write (the hand
        runner's too), and the seats in memory follow them (a seat taken is made, with its
        bot; one given up is dropped; the others take their rows' values)."""
        part = self.actor.slices["seating"]
        part.state = part.state.stored(changes)
        seats = self.seats
        for index in changes.removed:
            seats.pop(index, None)
        for row in changes.seats:
            seat = seats.get(row.seat)
            if seat is None:
                seats[row.seat] = Seat.from_state(row)
            else:
                seat.update(row)
        if changes.hand_end is not None:
            self.metrics.hand_finished()  # a hand's end counted once it is stored

    def _settings(self) -> settings_slice.SettingsState:
        state: settings_slice.SettingsState = self.actor.slices["settings"].state
        return state

    # -- building ------------------------------------------------------------------------------

    @classmethod
    def restore(cls, stored: StoredTable, store: Store) -> Table:
        """The table as the store kept it, its hand in progress replayed to where it stood
        (:mod:`.restore`)."""
        return restored(cls, stored, store)

    def state(self) -> TableState:
        """The table's row for the store, as the change in hand leaves it (its status and links
        as the seating's commands folded into it leave them: :meth:`.actor.Actor.fold`)."""
        seating: SeatingState = self.writer.staged.get("seating", self.seating)
        links = seating.links
        runner = self.driver.current  # as the change in hand leaves it too
        return TableState(
            id=self.id,
            name=self.name,
            host_hash=links.host_hash,
            join_token=links.join_token,
            watch_token=links.watch_token,
            settings=self.settings.model_dump(mode="json"),
            status=seating.status.value,
            button=runner.button,
            hands_dealt=runner.hands_dealt,
            last_entry=runner.last_entry,
        )

    async def resume(self) -> None:
        """Store what a replay had to draw afresh, finish a hand that replayed to its end, time
        the turn it stands at, and start the driver.

        The player to act gets a fresh action clock and the time bank as stored, as after a
        pause: the time the server was down, or the store unreachable, is nobody's. A replay
        carries out a redeal that was pending when the server stopped (its new deck is stored
        here), so the restarted table deals on from the new deal.
        """
        await self.driver.resume()
        # A round of the players' shuffle the store kept goes on: its slice's clock starts;
        # so does the audit of the private deals' secrets due (a night ended, a hand over).
        self.actor.nudge(shuffle_requests.NAME)
        if self.private.on:
            self.actor.nudge(reveal_answers.NAME)

    def start_driver(self) -> None:
        """Start the task that deals, plays the bots and runs the clocks."""
        self.driver.start()

    async def stop(self) -> None:
        """Stop the driver and the actor (the server is shutting down)."""
        await self.driver.stop()
        await self.actor.stop()

    async def restarting(self) -> None:
        """Stop after the change in hand: it is stored whole, nothing more is taken, and every
        client is told the server restarts and closed (1012, "service restart")."""
        sent: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def all_sent() -> None:
            if not sent.done():
                sent.set_result(None)

        async with self.lock:  # a change being made is checked, stored and sent first
            self.closing = True  # every request from now on is refused
            self.driver.running = False
            self.fanout.broadcast(RESTARTING)
            self.fanout.when_sent(all_sent)
            for client in self.fanout.clients():
                client.close(1012, "restarting")
        await self.driver.stop()
        self.actor.close()
        # The frames reach the sockets before the server closes them (a connection too slow
        # to take them in RESTART_FLUSH seconds reconnects all the same).
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(RESTART_FLUSH):
                await sent

    def wake(self) -> None:
        """Have the driver look again at once (something it waits for may be due now), and
        a draining process hand the table on if it can now (:meth:`.driver.Driver.hand_on`)."""
        self.changed.set()
        if self.hand_off is not None:
            self.actor.nudge(HAND_OFF)

    # -- what everyone may see -----------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """The table as everyone sees it (shaped as :class:`~wildstud.server.schemas.TableInfo`)."""
        choosing = self.driver.choosing
        return {
            "id": self.id,
            "name": self.name,
            "status": self.status.value,
            "settings": self.settings.model_dump(mode="json"),
            "menu": [item.describe() for item in self.menu.items],
            "seats": [self.seats[index].info() for index in sorted(self.seats)],
            "button": self.button,
            "hands_dealt": self.hands_dealt,
            "hand_in_progress": None if self.live is None else self.live.number,
            "choosing": None if choosing is None else choosing.button,
            "idle": self.fanout.idle(time.monotonic()),
            "rebuys": self.cashier.info({index: seat.stack for index, seat in self.seats.items()})
            if self.cashier.open
            else [],
            "tournament": None if self.tournament is None else self.desk.info(),
            "holds_all": holds_all(self.seats, self.live is not None),
            "night_commitment": None
            if self.shuffling.night is None
            else self.shuffling.night.commitment,
            "stalled": stalled(self.seats, hand_in_progress=self.live is not None)
            if self.status is TableStatus.RUNNING
            else None,
        }

    def seat_by_hash(self, digest: str) -> Seat | None:
        """The seat whose token has this SHA-256 digest, if any."""
        for seat in self.seats.values():
            if seat.token_hash is not None and seat.token_hash == digest:
                return seat
        return None

    # -- the parts' interface, as the lobby, the REST API and the sockets use it -----------------

    def stack_now(self, seat: Seat) -> int:
        """The chips ``seat`` holds now: in the hand in progress, what it has left in it."""
        live = self.live
        left = None if live is None else live.stack_of(seat.index)
        return seat.stack if left is None else left

    async def attach(self, client: Client) -> None:
        """A client connects: it gets the whole state at once, then every change. A command of
        the actor (:mod:`wildstud.server.table.connections`), so that it sees the table
        between two commands, never in the middle of one (a hand's end stored, and its
        notices not yet played). An absent player who opens their link again is back first,
        in the same turn (the seating's :class:`~.seating.Back`, folded into a change stored
        before the welcome: when the store refuses it, the seat stays as it was and the
        connection is not attached), and everyone is sent the table once."""
        try:
            await self.actor.ask(lambda: self._arrival(client))
        except StorageFailureError:
            if not self.actor.closed:  # the absent player's return could not be stored
                raise
            # No turn comes any more: the client is told why (a restart, a reload) and
            # closed, or welcomed as the slice says, with nothing to store.
            async with self.lock:
                outcome = connections.handle(None, self._arrival(client), time.monotonic())
                if isinstance(outcome.reply, Refused):
                    raise outcome.reply.error from None
                if any(isinstance(follow, Back) for follow in outcome.follow):
                    raise
                self.actor.outbox.send(outcome.news)

    def _arrival(self, client: Client) -> connections.Arrive:
        """The connections' command for ``client``'s arrival, with its seat as it stands now."""
        index = client.seat
        seat = None if index is None else self.seats.get(index)
        found = index is None or seat is not None
        absent = seat is not None and seat.absent
        return connections.Arrive(client, index, found, absent, self.closing, self.broken)

    async def detach(self, client: Client) -> None:
        """A client's connection closed (a command of the actor; once the actor has stopped,
        at once: no turn can come between)."""
        try:
            await self.actor.ask(connections.Depart(client))
        except StorageFailureError:
            async with self.lock:
                self.actor.outbox.send([Gone(client)])

    async def handle(self, client: Client, frame: Message) -> None:
        """Carry out a client's request and answer it (see :mod:`wildstud.server.table.players`; a
        line of chat, :mod:`wildstud.server.table.chat`, through the actor; a page's part in the
        players' shuffle, :mod:`wildstud.server.table.shuffle_requests`; a page's answer in a
        private deal, :mod:`wildstud.server.table.private_answers`; a ping's pong,
        :mod:`wildstud.server.table.pings`)."""
        if isinstance(frame, Say):
            await self.actor.ask(lambda: self._speak(client, frame))
            return
        try:
            if isinstance(frame, Shuffler | Commit | Reveal):  # the shuffle's command
                await self.actor.ask(lambda: self._page_part(client, frame))
                return
            if isinstance(frame, PrivateAnswer):
                await self.actor.ask(lambda: self._private_answer(client, frame))
                return
            players = self.players
            if isinstance(frame, SitIn | SitOut):  # the seating's command
                await self.actor.ask(lambda: players.sit(client, frame))
                return
            if isinstance(frame, Rebuy):  # the money slice's command
                await self.actor.ask(lambda: players.ask_chips(client, frame))
                return
            if isinstance(frame, Act | Choose | RunTwice | Show):  # the hand runner's commands
                arrived = time.monotonic()
                done = await self.actor.ask(lambda: players.request(client, frame))
                if done and isinstance(frame, Act):
                    players.acted(arrived)
                return
            assert isinstance(frame, Ping), frame  # a pong, after the frames ahead of it
            await self.actor.ask(pings.Pinged(client))
        except ServerError:
            if self.broken:  # moved, or being reloaded: the connection closes
                raise
            # Not stored, so not done: the table is as it was, and the player may send it again.
            message = "the server could not store your request: nothing changed, send it again"
            client.send(dumps(error_frame("storage", message, getattr(frame, "seq", None))))

    def _page_part(
        self, client: Client, frame: Shuffler | Commit | Reveal
    ) -> shuffle_requests.PagePart:
        """The shuffle's command for a page's part, with its seat's connections as they stand
        now (:mod:`wildstud.server.table.shuffle_requests`)."""
        seat = None if client.seat is None else self.seats.get(client.seat)
        present = None if seat is None else frozenset(seat.clients)
        return shuffle_requests.PagePart(client, frame, client.seat, present)

    def _private_answer(self, client: Client, frame: PrivateAnswer) -> Command:
        """The private deal's command for a page's answer, with its seat's connections and the
        hand in play as they stand now (:mod:`wildstud.server.table.private_answers`); a
        reveal for the audit once a deal is over, the audit's, with the name seated there now
        (:mod:`wildstud.server.table.reveal_answers`)."""
        seat = None if client.seat is None else self.seats.get(client.seat)
        seconds = float(self.settings.shuffle_seconds)
        if frame.answer.get("step") == "reveal":
            name = None if seat is None else seat.name
            finished = self.private.reveals.finished()
            return reveal_answers.PageReveal(client, frame, client.seat, name, finished, seconds)
        present = frozenset() if seat is None else frozenset(seat.clients)
        playing = None if self.live is None else self.live.number
        return private_answers.PageAnswer(client, frame, client.seat, present, playing, seconds)

    def _speak(self, client: Client, frame: Say) -> chat.Speak:
        """The chat's command for ``frame``, with its speaker's seat as it stands now."""
        seat = None if client.seat is None else self.seats.get(client.seat)
        speaker = None if seat is None else chat.Speaker(seat.index, seat.name, seat.player_id)
        seated = tuple(seat.name for seat in self.seats.values())
        given_up = client.seat is not None and seat is None
        return chat.Speak(client, frame, speaker, given_up, seated)

    async def mute(self, name: str, muted: bool) -> list[str]:
        """Mute (or unmute) ``name`` (cleaned as a seat's name is); the dealer says so in the
        chat's log. Returns the muted names (:mod:`wildstud.server.table.chat`)."""
        names: list[str] = await self.actor.ask(chat.Mute(name, muted))
        return names

    async def chat_log(self) -> ChatLogFrame:
        """The chat's recent log and the mutes, as the host sees them (everything)."""
        log: ChatLogFrame = await self.actor.ask(chat.Report())
        return log

    async def join(
        self,
        name: str,
        wanted: int | None,
        returning: str | None = None,
        own: Collection[str] = (),
    ) -> tuple[Seat, str]:
        """A player takes a seat; returns it with the player's secret token
        (:meth:`.hosting.Hosting.join`)."""
        return await self.hosting.join(name, wanted, returning, own)

    async def add_bot(self, kind: SeatKind, name: str | None, wanted: int | None) -> Seat:
        """A bot takes a seat (:meth:`.hosting.Hosting.add_bot`)."""
        return await self.hosting.add_bot(kind, name, wanted)

    async def request_seat(
        self, name: str, wanted: int | None, returning: str | None = None
    ) -> tuple[SeatRequestState, str]:
        """File a request for a seat, for the host to decide; returns it with the requester's
        token (:meth:`.hosting.Hosting.request_seat`)."""
        return await self.hosting.request_seat(name, wanted, returning)

    async def decide(
        self, request_id: str, approve: bool, wanted: int | None, returning: str | None = None
    ) -> tuple[SeatRequestState, Seat | None]:
        """The host approves a seat request or declines it (:meth:`.hosting.Hosting.decide`)."""
        return await self.hosting.decide(request_id, approve, wanted, returning)

    async def departed(self) -> list[Departed]:
        """The players who left tonight and have not come back (:mod:`.accounts`): a read of
        the money slice's (:class:`~.ledger.Departures`), so that the ledger and the seats are
        read at one moment."""
        gone: list[Departed] = await self.actor.read(
            lambda: Departures(tuple(seat.player_id for seat in self.seats.values()))
        )
        return gone

    async def new_link(self, index: int) -> tuple[Seat, str]:
        """A new token for a player's seat (:meth:`.hosting.Hosting.new_link`)."""
        return await self.hosting.new_link(index)

    async def new_table_links(self) -> str:
        """New host, join and watch links; returns the new host token
        (:meth:`.hosting.Hosting.new_table_links`)."""
        return await self.hosting.new_table_links()

    async def remove(self, index: int) -> None:
        """The host removes a seat, or a player leaves (:meth:`.hosting.Hosting.remove`)."""
        await self.hosting.remove(index)

    async def set_status(self, status: TableStatus) -> None:
        """Start (or resume) or pause the table (the seating's command,
        :class:`~.seating.SetStatus`, through the actor's inbox)."""
        await self.actor.ask(lambda: seating.SetStatus(status, self.state()))

    async def update_rules(self, update: RulesUpdate) -> None:
        """Change the settings; the games and stakes apply from the next hand
        (:mod:`wildstud.server.table.settings`)."""
        await self.actor.ask(
            lambda: settings_slice.UpdateRules(update, self.state(), self.hands_dealt + 1)
        )

    async def ledger(self) -> dict[str, Any]:
        """The chip ledger and whether it balances (the shape of
        :class:`~wildstud.server.schemas.LedgerReport`; :mod:`.ledger`)."""
        report: dict[str, Any] = await self.actor.read(self._report)
        return report

    def _report(self) -> Report:
        """The ledger's report as the chips stand now."""
        stacks = tuple((seat.player_id, seat.stack) for seat in self.seats.values())
        live = self.live
        if live is None:
            return Report(stacks, None, None)
        in_play = sum(live.hand.stacks) + live.hand.pot
        return Report(stacks, in_play, sum(live.setup.stacks))

    async def night(self) -> Night:
        """The night's ledger and settle-up (:func:`wildstud.server.night.tally`): the ledger
        and the stacks are read in one turn of the actor, so both are of one moment. A
        tournament's night is its money: what each entrant paid in and won
        (:meth:`.tournament.Desk.money`, as stored), which is what a club's book takes from
        it."""
        if self.tournament is not None:
            return await asyncio.to_thread(self._money().tally)
        book: NightBook = await self.actor.read(
            lambda: NightRead(
                tuple((seat.player_id, seat.stack) for seat in self.seats.values()),
                None if self.live is None else self.live.number,
                self.status is TableStatus.ENDED,
                self.settings.house_result,
            )
        )
        # the settle-up's search may take a moment on a long night: off the event loop
        return await asyncio.to_thread(book.tally)

    def _money(self) -> NightBook:
        entries, seated = self.desk.money()
        read = NightRead(
            tuple(seated.items()),
            None if self.live is None else self.live.number,
            self.status is TableStatus.ENDED,
            self.settings.house_result,
        )
        return NightBook(tuple(entries), read)

    async def decide_rebuy(self, request_id: str, approve: bool) -> None:
        """The host approves or declines a player's request for chips (:mod:`.cashier`):
        approved chips come at once between hands, else when the hand in progress ends;
        more decisions than the table's rate are refused
        (:class:`~wildstud.server.limits.RateLimitedError`)."""
        await self.actor.ask(lambda: self._decide_chips(request_id, approve))

    def _decide_chips(self, request_id: str, approve: bool) -> DecideChips:
        request = self.cashier.request(request_id)
        seat = None if request is None else self.seats.get(request.seat)
        holder = None if seat is None else self.holder(seat)
        limits = Limits.of(self.settings)
        return DecideChips(request_id, approve, holder, self.live is not None, limits)

    async def tournament_rebuy(self, index: int, *, addon: bool = False) -> None:
        """The host gives seat ``index`` a rebuy, or the add-on, in the tournament
        (:mod:`.tournament`)."""
        await self.actor.ask(lambda: self._give(index, addon=addon))

    def _give(self, index: int, *, addon: bool) -> desk_slice.GiveRebuy:
        """The desk's command for the host's rebuy or add-on, with the seats as they stand."""
        seat = self.seats.get(index)
        live = self.live
        in_hand = seat is not None and live is not None and live.engine_seat(seat) is not None
        rows = tuple(seat.state() for seat in self.seats.values())
        kind = desk_slice.GiveAddOn if addon else desk_slice.GiveRebuy
        return kind(index, rows, in_hand, self.settings.tournament, self.settings.starting_chips)

    def deal_figures(self) -> dict[str, Any]:
        """The deal calculator's figures for the players left, as stored
        (:meth:`.tournament.Desk.figures`)."""
        if self.tournament is None:
            raise TournamentError("this table is not a tournament")
        return self.desk.figures()

    async def make_deal(self, kind: str) -> None:
        """The last players agree a deal of ``kind``: the prizes are paid by it and the night
        ends (the seating's command, :class:`~.seating.EndNight` with the deal, through the
        actor's inbox; the desk pays the prizes in its change, :mod:`.tournament`)."""
        if self.tournament is None:  # the desk does nothing at a cash table
            raise TournamentError("this table is not a tournament")
        await self.actor.ask(lambda: seating.EndNight(self.state(), deal=kind))

    async def end_night(self) -> None:
        """The host ends the night: the hand in progress plays out (a paused one resumes), no
        other is dealt, open requests for chips are cancelled, and the settle-up stands (the
        seating's command, :class:`~.seating.EndNight`, through the actor's inbox)."""
        await self.actor.ask(lambda: seating.EndNight(self.state()))
