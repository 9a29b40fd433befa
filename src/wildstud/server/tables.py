"""A table on the server: seats, hands, dealer's choice, clocks, and the frames to clients.

A :class:`Table` runs one table from the host's settings. Its driver (one asyncio task) deals
each hand when the table is running, asks the dealer for the game under dealer's choice, plays
the bots and acts for players whose time runs out. Players' own actions come in through
:meth:`Table.handle` and are applied at once. Every change is made under the table's lock in the
same order: the engine checks it and carries it out, the store writes it in one transaction,
and only then do the clients hear of it, each seeing only what its seat may see.

A seat is dealt in when it has chips, is not sitting out and is not being removed. The button
(the dealer's seat, who chooses the game under dealer's choice) moves forward every hand to the
next seat, after the one that had it, whose player was dealt into the last hand and is dealt
into this one: a player who joins or sits back in is dealt in at once but takes the button only
once it has come round to them, never ahead of the players already waiting for it (Robert's
Rules' moving button; ``docs/house-rules.md``, "Who deals and chooses"). A player whose clock
runs out in ``absent_hands`` hands in a row, without acting in them, sits out until they come
back (open their link again or send ``sit_in``).

Every turn is timed from when the driver first sees it: a player gets the action clock, then
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
...                          hand_pause=0.2)
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
import json
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from wildstud.betting import ActionKind
from wildstud.deal import Hand, Phase, redact
from wildstud.errors import IllegalActionError, SeatError, TableError
from wildstud.server.clock import Backoff, Turn
from wildstud.server.history import summary
from wildstud.server.menu import Menu
from wildstud.server.messages import (
    Act,
    Choose,
    Ping,
    SitIn,
    SitOut,
    ack_frame,
    encode_event,
    encode_view,
    error_frame,
    seq_frame,
    seq_refusal,
    seq_taken,
)
from wildstud.server.names import bot_name, seat_name
from wildstud.server.night import Night, tally
from wildstud.server.proofs import opened
from wildstud.server.replay import DeckBook, deal_on, rebuild, start_hand
from wildstud.server.schemas import RulesUpdate, TableSettings
from wildstud.server.seating import Client, Seat, SeatKind
from wildstud.server.security import new_token, token_hash
from wildstud.server.store import (
    ActionRecord,
    Changes,
    DeckDraw,
    HandEnd,
    HandSetup,
    LedgerEntry,
    Store,
    StoredTable,
    TableState,
)

__all__ = ["LiveHand", "StorageFailureError", "Table", "TableStatus", "build_menu", "dumps"]

log = logging.getLogger("wildstud.server")

DRIVER_BACKOFF = Backoff(first=1.0, cap=30.0)
"""How long the driver waits after failing (a bug), doubling while it keeps failing."""


class TableStatus(StrEnum):
    """Whether a table deals."""

    WAITING = "waiting"
    """Created; the host has not started it."""
    RUNNING = "running"
    PAUSED = "paused"
    """The host paused it: no clock runs, no bot acts, nobody may act, no hand starts."""


class StorageFailureError(RuntimeError):
    """The store could not write a change: the table stops and is reloaded from the store."""


def dumps(frame: dict[str, Any]) -> str:
    """A frame as compact JSON text."""
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)


@dataclass(eq=False)
class LiveHand:
    """A hand being played (or the last one played, between hands)."""

    setup: HandSetup
    book: DeckBook
    hand: Hand
    actions: int
    published: int = 0
    """How many of the hand's events the clients have been sent."""

    @property
    def number(self) -> int:
        """The hand's number at its table (1 for the first)."""
        return self.setup.number

    def engine_seat(self, seat: int | None) -> int | None:
        """The engine seat of a table seat, if it is dealt in."""
        if seat is None or seat not in self.setup.lineup:
            return None
        return self.setup.lineup.index(seat)

    def decks(self) -> list[DeckDraw]:
        """The decks drawn since the last call, ready for the store."""
        return [DeckDraw(self.number, *drawn) for drawn in self.book.pending()]


@dataclass(frozen=True, slots=True)
class Choosing:
    """Dealer's choice in progress: the dealer, the games that fit, the deadline."""

    button: int
    entries: tuple[int, ...]
    deadline: float


def _auto_action(hand: Hand) -> ActionKind:
    """What the table does for a player who does not act: check, else fold, else post the
    bring-in that is due (the one forced action that cannot be folded)."""
    kinds = {option.kind for option in hand.legal_actions()}
    for kind in (ActionKind.CHECK, ActionKind.FOLD, ActionKind.BRING_IN):
        if kind in kinds:
            return kind
    return ActionKind.CALL  # pragma: no cover - the engine always offers one of the above


class Table:
    """One table: its settings, seats and hand, its clients and its driver."""

    def __init__(self, state: TableState, seats: Iterable[Seat], store: Store) -> None:
        self.id = state.id
        self.name = state.name
        self.host_hash = state.host_hash
        self.join_token = state.join_token
        self.watch_token = state.watch_token
        self.settings = TableSettings.model_validate(state.settings)
        self.menu = build_menu(self.settings)
        self.status = TableStatus(state.status)
        self.button = state.button
        self.hands_dealt = state.hands_dealt
        self.last_entry = state.last_entry
        self.seats: dict[int, Seat] = {seat.index: seat for seat in seats}
        self.store = store
        self.live: LiveHand | None = None
        self.last_hand: LiveHand | None = None
        self.spectators: set[Client] = set()
        self.broken = False
        self.on_broken: Callable[[Table], None] | None = None
        """Called once when a change could not be stored (the lobby reloads the table)."""
        self._lock = asyncio.Lock()
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._choosing: Choosing | None = None
        self._dealt_last: dict[int, str] | None = None
        """The seats dealt into the last hand, each with its player's id: the button's round
        (see :meth:`_next_button`); ``None`` when no hand is known."""
        self._next_hand_at = 0.0
        self._turn = Turn()
        self._idle_since = time.monotonic()
        """When the last client left (or the table was made or restored with none)."""
        self._failures = Backoff(DRIVER_BACKOFF.first, DRIVER_BACKOFF.cap)
        self._failure: str | None = None
        """The driver's last failure, logged once however often it repeats."""

    # -- building ------------------------------------------------------------------------------

    @classmethod
    def restore(cls, stored: StoredTable, store: Store) -> Table:
        """The table as the store kept it, its hand in progress replayed to where it stood."""
        table = cls(stored.table, (Seat.from_state(state) for state in stored.seats), store)
        if stored.live_hand is not None:
            setup = stored.live_hand.setup
            book = DeckBook(stored.live_hand.decks, stored.live_hand.salts)
            hand = rebuild(setup, book, stored.live_hand.actions)
            table.live = LiveHand(setup, book, hand, len(stored.live_hand.actions))
            table.live.published = len(hand.events)
            table._dealt_last = {
                index: table.seats[index].player_id
                for index in setup.lineup
                if index in table.seats
            }
            for action in stored.live_hand.actions:
                seat = table.seats.get(setup.lineup[action.seat])
                if seat is not None:
                    seat.acted = seat.acted or action.source == "player"
                    seat.timed_out = seat.timed_out or action.source == "clock"
        return table

    def state(self) -> TableState:
        """The table's row for the store."""
        return TableState(
            self.id,
            self.name,
            self.host_hash,
            self.join_token,
            self.watch_token,
            self.settings.model_dump(mode="json"),
            self.status.value,
            self.button,
            self.hands_dealt,
            self.last_entry,
        )

    async def resume(self) -> None:
        """Store what a replay had to draw afresh, finish a hand that replayed to its end, time
        the turn it stands at, and start the driver.

        The player to act gets a fresh action clock and the time bank as stored, as after a
        pause: the time the server was down, or the store unreachable, is nobody's. A replay
        carries out a redeal that was pending when the server stopped (its new deck is stored
        here), so the restarted table deals on from the new deal.
        """
        async with self._lock:
            if self._dealt_last is None and self.hands_dealt:
                await self._recall_last_lineup()
            live = self.live
            if live is not None:
                changes = Changes(decks=live.decks())
                if live.hand.phase is Phase.OVER:
                    self._finish_hand(changes)
                await self._commit(changes)
            self._sync_turn()
        self.start_driver()

    async def _recall_last_lineup(self) -> None:
        """The seats dealt into the last hand, from the store: a restarted table's button goes
        round as it would have (a seat counts when the same name still sits there)."""
        last = await self.store.call(self.store.finished_hands, self.id, 1, None)
        if last:
            setup = last[0].setup
            self._dealt_last = {
                index: seat.player_id
                for index, name in zip(setup.lineup, setup.names, strict=True)
                if (seat := self.seats.get(index)) is not None and seat.name == name
            }

    def start_driver(self) -> None:
        """Start the task that deals, plays the bots and runs the clocks."""
        if self._task is None:
            self._task = asyncio.create_task(self._drive(), name=f"table-{self.id}")

    async def stop(self) -> None:
        """Stop the driver (the server is shutting down)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    # -- what everyone may see -----------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """The table as everyone sees it (shaped as :class:`~wildstud.server.schemas.TableInfo`)."""
        return {
            "id": self.id,
            "name": self.name,
            "status": self.status.value,
            "settings": self.settings.model_dump(mode="json"),
            "seats": [self.seats[index].info() for index in sorted(self.seats)],
            "button": self.button,
            "hands_dealt": self.hands_dealt,
            "hand_in_progress": None if self.live is None else self.live.number,
            "choosing": None if self._choosing is None else self._choosing.button,
            "idle": self._idle(time.monotonic()),
        }

    def _idle(self, now: float) -> bool:
        """Whether nobody has been connected for ``idle_minutes``: the bots wait, no hand
        starts."""
        if self.spectators or any(seat.clients for seat in self.seats.values()):
            return False
        return now - self._idle_since >= self.settings.idle_minutes * 60.0

    def seat_by_hash(self, digest: str) -> Seat | None:
        """The seat whose token has this SHA-256 digest, if any."""
        for seat in self.seats.values():
            if seat.token_hash is not None and seat.token_hash == digest:
                return seat
        return None

    def _clients(self) -> list[Client]:
        clients = list(self.spectators)
        for seat in self.seats.values():
            clients.extend(seat.clients)
        return clients

    def _clock_frame(self) -> dict[str, Any] | None:
        live = self.live
        if live is None or live.hand.to_act is None:
            return None
        seat = live.setup.lineup[live.hand.to_act]
        timer = self._turn.clock
        if timer is None or self.status is not TableStatus.RUNNING:
            return {"seat": seat, "clock": None, "bank": None, "running": False}
        clock, bank = timer.left(time.monotonic())
        return {"seat": seat, "clock": clock, "bank": bank, "running": True}

    def _hand_frame(self, live: LiveHand, engine: int | None) -> dict[str, Any]:
        return {
            "type": "hand",
            "number": live.number,
            "lineup": list(live.setup.lineup),
            "names": list(live.setup.names),
            "you": engine,
            "clock": self._clock_frame(),
            **opened(live.book, live.hand.events, engine),  # the roots, ahead of the view
            "view": encode_view(live.hand.view(engine)),
        }

    def _choosing_frame(self) -> dict[str, Any] | None:
        choosing = self._choosing
        if choosing is None:
            return None
        return {
            "type": "choosing",
            "dealer": choosing.button,
            "entries": [self.menu.items[index].describe() for index in choosing.entries],
            "seconds": round(max(0.0, choosing.deadline - time.monotonic()), 3),
        }

    def _broadcast(self, frame: dict[str, Any]) -> None:
        text = dumps(frame)
        for client in self._clients():
            client.send(text)

    def _broadcast_table(self) -> None:
        self._broadcast({"type": "table", "table": self.info()})

    def _publish(self) -> None:
        """Send every client what changed in the hand since the last frame: its own view and
        the new events as its seat may see them."""
        live = self.live or self.last_hand
        if live is None:
            return
        events = live.hand.events
        start = live.published
        if start >= len(events) and start > 0:
            return
        groups: dict[int | None, list[Client]] = {}
        for client in self._clients():
            groups.setdefault(live.engine_seat(client.seat), []).append(client)
        clock = self._clock_frame()
        for engine, clients in groups.items():
            if start == 0:
                frame = self._hand_frame(live, engine)
            else:
                frame = {
                    "type": "update",
                    "number": live.number,
                    "from": start,
                    **opened(live.book, events, engine, start),  # new roots, ahead of events
                    "events": [encode_event(redact(event, engine)) for event in events[start:]],
                    "clock": clock,
                    "view": encode_view(live.hand.view(engine), events=False),
                }
            text = dumps(frame)
            for client in clients:
                client.send(text)
        live.published = len(events)

    # -- connections ---------------------------------------------------------------------------

    async def attach(self, client: Client) -> None:
        """A client connects: it gets the whole state at once, then every change."""
        async with self._lock:
            if self.broken:
                # This table is being rebuilt from the store: the client must reach the new one.
                client.send(dumps(_STORAGE_ERROR))
                client.close(1011, "storage failure")
                return
            seat = self.seats.get(client.seat) if client.seat is not None else None
            if client.seat is not None and seat is None:
                raise SeatError("this seat has been given up")
            client.send(
                dumps(
                    {
                        "type": "welcome",
                        "table_id": self.id,
                        "role": "spectator" if seat is None else "seat",
                        "seat": client.seat,
                        "last_seq": 0 if seat is None else seat.last_seq,
                    }
                )
            )
            if seat is None:
                self.spectators.add(client)
            else:
                seat.clients.add(client)
                if seat.sitting_out and seat.missed_hands > 0:
                    # An absent player who opens the link again is back.
                    seat.sitting_out = False
                    seat.missed_hands = 0
                    await self._commit(Changes(seats=[seat.state()]))
            client.send(dumps({"type": "table", "table": self.info()}))
            choosing = self._choosing_frame()
            if choosing is not None:
                client.send(dumps(choosing))
            live = self.live or self.last_hand
            if live is not None:
                client.send(dumps(self._hand_frame(live, live.engine_seat(client.seat))))
            if seat is not None:
                self._broadcast_table()
            self._changed.set()

    async def detach(self, client: Client) -> None:
        """A client's connection closed."""
        async with self._lock:
            self.spectators.discard(client)
            if client.seat is not None and client.seat in self.seats:
                seat = self.seats[client.seat]
                seat.clients.discard(client)
                if not seat.clients:
                    self._broadcast_table()
            if not self._clients():
                self._idle_since = time.monotonic()

    # -- requests from players -----------------------------------------------------------------

    async def handle(self, client: Client, frame: Act | Choose | SitIn | SitOut | Ping) -> None:
        """Carry out a client's request and answer it (see :mod:`wildstud.server.messages`):
        an ``ack`` to the client and a ``seq`` frame to the seat's other connections. A repeat
        of the last request accepted gets its ack again; a stale or out-of-range ``seq`` gets
        an error frame carrying the seat's ``last_seq``. Any other refusal raises a
        :class:`~wildstud.errors.WildstudError` saying why; nothing changes either way."""
        if isinstance(frame, Ping):
            client.send(dumps({"type": "pong"}))
            return
        if client.seat is None:
            raise SeatError("spectators watch: only a seat may act")
        async with self._lock:
            seat = self.seats.get(client.seat)
            if seat is None:
                raise SeatError("this seat has been given up")
            last = seat.last_seq
            if frame.seq == last:
                if seat.last_request in (None, frame):  # a resend of what was done: done
                    client.send(dumps(ack_frame(frame.seq, last, repeat=True)))
                else:  # another connection of the seat used this number first
                    client.send(dumps(seq_taken(frame.seq)))
                return
            refusal = seq_refusal(frame.seq, last)
            if refusal is not None:
                client.send(dumps(refusal))
                return
            if isinstance(frame, Act):
                await self._player_acts(seat, frame)
            elif isinstance(frame, Choose):
                await self._player_chooses(seat, frame)
            else:
                seat.sitting_out = isinstance(frame, SitOut)
                seat.missed_hands = 0
                seat.last_seq = frame.seq
                await self._commit(Changes(seats=[seat.state()]))
                self._broadcast_table()
            self._changed.set()
            seat.last_request = frame
            client.send(dumps(ack_frame(frame.seq, seat.last_seq)))
            others = dumps(seq_frame(seat.last_seq))
            for other in seat.clients:
                if other is not client:
                    other.send(others)

    async def _player_acts(self, seat: Seat, frame: Act) -> None:
        if self.status is TableStatus.PAUSED:
            raise IllegalActionError("the table is paused: wait for the host to resume it")
        live = self.live
        if live is None:
            raise IllegalActionError("no hand is being played")
        engine = live.engine_seat(seat.index)
        if engine is None:
            raise IllegalActionError("you are not dealt into this hand")
        live.hand.verify_act(frame.action, frame.amount, seat=engine)
        now = time.monotonic()
        if self._turn.clock is not None:
            seat.time_bank = self._turn.clock.bank_after(now)
        seat.acted = True
        seat.last_seq = frame.seq
        await self._act(seat, engine, ActionKind(frame.action), frame.amount, "player", frame.seq)

    async def _player_chooses(self, seat: Seat, frame: Choose) -> None:
        choosing = self._choosing
        if choosing is None or choosing.button != seat.index:
            raise IllegalActionError("it is not your turn to choose the game")
        if frame.entry not in choosing.entries:
            allowed = ", ".join(str(index) for index in choosing.entries)
            raise IllegalActionError(
                f"game {frame.entry} cannot be chosen now (the games that fit: {allowed})"
            )
        seat.last_seq = frame.seq
        await self._deal(frame.entry, chooser=seat)

    # -- the host ------------------------------------------------------------------------------

    async def join(self, name: str, wanted: int | None) -> tuple[Seat, str]:
        """A player takes a seat; returns it with the player's secret token."""
        async with self._lock:
            index = self._free_seat(wanted)
            name = seat_name(name, (seat.name for seat in self.seats.values()))
            token = new_token()
            seat = Seat.new(
                index,
                name,
                SeatKind.PLAYER,
                token_hash(token),
                self.settings.starting_chips,
                self.settings.time_bank,
            )
            await self._seat(seat)
            return seat, token

    async def add_bot(self, kind: SeatKind, name: str | None, wanted: int | None) -> Seat:
        """A bot takes a seat."""
        async with self._lock:
            index = self._free_seat(wanted)
            taken = [seat.name for seat in self.seats.values()]
            seat = Seat.new(
                index,
                bot_name(kind.value, name, index, taken),
                kind,
                None,
                self.settings.starting_chips,
                self.settings.time_bank,
            )
            await self._seat(seat)
            return seat

    def _free_seat(self, wanted: int | None) -> int:
        if wanted is not None:
            if not 0 <= wanted < self.settings.seats:
                raise SeatError(
                    f"no seat {wanted} at this table (seats 0 to {self.settings.seats - 1})"
                )
            if wanted in self.seats:
                raise SeatError(f"seat {wanted} is taken")
            return wanted
        for index in range(self.settings.seats):
            if index not in self.seats:
                return index
        raise SeatError(f"the table is full ({self.settings.seats} seats)")

    async def _seat(self, seat: Seat) -> None:
        changes = Changes(
            seats=[seat.state()],
            ledger=[LedgerEntry(seat.player_id, seat.index, seat.name, "buy-in", seat.stack)],
        )
        await self._commit(changes)
        self.seats[seat.index] = seat
        self._broadcast_table()
        self._changed.set()

    async def remove(self, index: int) -> None:
        """The host removes a player or a bot: at once between hands; in a hand, the seat
        checks or folds at its turns and leaves when the hand ends."""
        async with self._lock:
            seat = self.seats.get(index)
            if seat is None:
                raise SeatError(f"seat {index} is empty")
            live = self.live
            if live is not None and live.engine_seat(index) is not None:
                seat.leaving = True
                await self._commit(Changes(seats=[seat.state()]))
            else:
                changes = Changes()
                self._leave(seat, changes)
                await self._commit(changes)
            self._broadcast_table()
            self._changed.set()

    def _leave(self, seat: Seat, changes: Changes) -> None:
        if seat.stack:
            changes.ledger.append(
                LedgerEntry(seat.player_id, seat.index, seat.name, "cash-out", -seat.stack)
            )
        changes.removed.append(seat.index)
        changes.seats = [state for state in changes.seats if state.seat != seat.index]
        del self.seats[seat.index]
        for client in list(seat.clients):
            client.send(dumps({"type": "removed", "message": "the host gave your seat up"}))
            client.close(4000, "seat removed")
        seat.clients.clear()

    async def set_status(self, status: TableStatus) -> None:
        """Start (or resume) or pause the table."""
        async with self._lock:
            if status is self.status:
                return
            if status is TableStatus.WAITING:
                raise TableError("a table cannot go back to waiting")
            self.status = status
            self._choosing = None
            self._turn.forget()  # a resumed turn gets a fresh clock
            await self._commit(Changes(table=self.state()))
            self._sync_turn()
            self._broadcast_table()
            if self.live is not None:
                self._broadcast({"type": "clock", "clock": self._clock_frame()})
            self._changed.set()

    async def update_rules(self, update: RulesUpdate) -> None:
        """Change the settings; the games and stakes apply from the next hand."""
        async with self._lock:
            values = self.settings.model_dump()
            values.update(update.model_dump(exclude_none=True))
            settings = TableSettings.model_validate(values)
            menu = build_menu(settings)
            self.settings, self.menu = settings, menu
            self._choosing = None
            await self._commit(Changes(table=self.state()))
            self._broadcast_table()
            self._changed.set()

    async def ledger(self) -> dict[str, Any]:
        """The chip ledger and whether it balances (the shape of
        :class:`~wildstud.server.schemas.LedgerReport`)."""
        async with self._lock:
            entries = await self.store.call(self.store.ledger, self.id)
            seated = sum(seat.stack for seat in self.seats.values())
            accounts: dict[str, int] = {}
            for entry in entries:
                accounts[entry.player_id] = accounts.get(entry.player_id, 0) + entry.amount
            in_play = None
            hands_balance = True
            if self.live is not None:
                in_play = sum(self.live.hand.stacks) + self.live.hand.pot
                hands_balance = in_play == sum(self.live.setup.stacks)
            buy_ins = sum(entry.amount for entry in entries if entry.reason == "buy-in")
            cash_outs = -sum(entry.amount for entry in entries if entry.reason == "cash-out")
            hands_net = sum(entry.amount for entry in entries if entry.reason == "hand")
            seats_balance = all(
                accounts.get(seat.player_id, 0) == seat.stack for seat in self.seats.values()
            )
            return {
                "entries": [
                    {
                        "player_id": entry.player_id,
                        "seat": entry.seat,
                        "name": entry.name,
                        "reason": entry.reason,
                        "amount": entry.amount,
                        "hand_number": entry.hand_number,
                    }
                    for entry in entries
                ],
                "buy_ins": buy_ins,
                "cash_outs": cash_outs,
                "hands_net": hands_net,
                "seated": seated,
                "in_play": in_play,
                "balanced": hands_net == 0
                and buy_ins - cash_outs + hands_net == seated
                and seats_balance
                and hands_balance,
            }

    async def night(self) -> Night:
        """The night's ledger and settle-up (:func:`wildstud.server.night.tally`): the ledger
        and the stacks are read under the lock, so both are of one moment."""
        async with self._lock:
            entries = await self.store.call(self.store.ledger, self.id)
            seated = {seat.player_id: seat.stack for seat in self.seats.values()}
            number = None if self.live is None else self.live.number
        # the settle-up's search may take a moment on a long night: off the event loop
        return await asyncio.to_thread(tally, entries, seated, number)

    # -- the driver ----------------------------------------------------------------------------

    async def _drive(self) -> None:
        while not self.broken:
            self._changed.clear()
            try:
                async with self._lock:
                    wait = await self._advance()
            except StorageFailureError:
                return
            except Exception as error:  # a bug must not stop the table for good: log it, go on
                wait = self._driver_failed(error)
            else:
                if self._failure is not None:
                    log.warning(
                        "table %s: the driver works again after %d failures",
                        self.id,
                        self._failures.failures,
                    )
                    self._failure = None
                self._failures.succeed()
            if wait is None:
                await self._changed.wait()
            elif wait <= 0:
                await asyncio.sleep(0)  # let the other tables and the sockets have their turn
            else:
                # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a
                # cancellation that lands as the wait ends, and stop() would wait for good.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(wait):
                        await self._changed.wait()

    def _driver_failed(self, error: Exception) -> float:
        """Log a failure of the driver (once, however often the same one repeats) and return
        how long to wait before trying again."""
        failure = f"{type(error).__name__}: {error}"
        if failure != self._failure:
            self._failure = failure
            log.error(
                "table %s: the driver failed; it retries, waiting longer while it fails",
                self.id,
                exc_info=error,
            )
        return self._failures.fail()

    async def _advance(self) -> float | None:
        """Do whatever is due now; return how long until something else is (``None``: not
        until something changes)."""
        if self.broken or self.status is not TableStatus.RUNNING:
            return None
        now = time.monotonic()
        idle = self._idle(now)
        live = self.live
        if live is not None:
            self._sync_turn()  # a turn not timed yet (a restored table's) gets its clock now
            if live.hand.redeal_pending is not None:
                if now < self._turn.redeal_due:
                    return self._turn.redeal_due - now
                await self._redeal()
                return 0.0
            engine = live.hand.to_act
            if engine is None:  # pragma: no cover - a hand over is finished at once
                return None
            seat = self.seats[live.setup.lineup[engine]]
            if seat.leaving:
                await self._act(seat, engine, _auto_action(live.hand), None, "host", None)
            elif seat.bot is not None:
                if idle:
                    return None  # nobody is there to watch: the bots wait for someone
                if now < self._turn.bot_due:
                    return self._turn.bot_due - now
                kind, amount = seat.bot.choose(live.hand.view(engine))  # its seat's view only
                await self._act(seat, engine, kind, amount, "bot", None)
            else:
                clock = self._turn.clock
                assert clock is not None  # _sync_turn times every player's turn
                if now < clock.deadline:
                    return clock.deadline - now
                seat.time_bank = 0.0
                seat.timed_out = True
                await self._act(seat, engine, _auto_action(live.hand), None, "clock", None)
            return 0.0
        if idle:
            return None  # no hand starts with nobody there
        lineup = self._lineup()
        if self._choosing is not None and self._choosing.button not in lineup:
            # The chooser sat out or left before choosing: the choice moves on with the button.
            self._choosing = None
            self._broadcast_table()
        if self._choosing is not None:
            if now < self._choosing.deadline:
                return self._choosing.deadline - now
            await self._deal(None)
            return 0.0
        if now < self._next_hand_at:
            return self._next_hand_at - now
        fitting = self.menu.fitting(len(lineup))
        if len(lineup) < 2 or not fitting:
            return None
        button = self._next_button(lineup)
        chooser = self.seats[button]
        if len(fitting) == 1 or not chooser.connected or chooser.is_bot:
            await self._deal(None)
            return 0.0
        self._choosing = Choosing(button, fitting, now + self.settings.choice_clock)
        self._broadcast_table()
        choosing = self._choosing_frame()
        assert choosing is not None
        self._broadcast(choosing)
        return self.settings.choice_clock

    def _lineup(self) -> tuple[int, ...]:
        return tuple(index for index in sorted(self.seats) if self.seats[index].eligible)

    def _next_button(self, lineup: tuple[int, ...]) -> int:
        """The seat that deals (and chooses) the next hand of ``lineup``: the next seat after
        the button whose player was dealt into the last hand, so that a player who has just
        joined or sat back in waits for the button to come round; where no such seat is left,
        the next seat dealt in. The button never stays where it was."""
        if self.button is None:
            return lineup[0]
        dealt = self._dealt_last or {}
        stayed = [i for i in lineup if i != self.button and dealt.get(i) == self.seats[i].player_id]
        candidates = stayed or [index for index in lineup if index != self.button]
        later = [index for index in candidates if index > self.button]
        return later[0] if later else candidates[0]

    async def _deal(self, entry: int | None, chooser: Seat | None = None) -> None:
        """Start the next hand with game ``entry`` (``None``: the default pick)."""
        choosing, self._choosing = self._choosing, None
        lineup = self._lineup()
        if entry is None or len(lineup) < 2 or not self.menu.items[entry].fits(len(lineup)):
            entry = self.menu.default(len(lineup), self.last_entry)
        if len(lineup) < 2 or entry is None:
            if chooser is not None:  # no hand after all, but the chooser's seq was taken
                await self._commit(Changes(seats=[chooser.state()]))
            self._broadcast_table()
            return
        button = self._next_button(lineup)
        if choosing is not None and choosing.button in lineup:
            button = choosing.button
        item = self.menu.items[entry]
        setup = HandSetup(
            number=self.hands_dealt + 1,
            entry=entry,
            game=item.game.name,
            options=dict(item.options.to_mapping()),
            lineup=lineup,
            names=tuple(self.seats[index].name for index in lineup),
            dealer=lineup.index(button),
            stacks=tuple(self.seats[index].stack for index in lineup),
            player_ids=tuple(self.seats[index].player_id for index in lineup),
        )
        book = DeckBook()
        hand = start_hand(setup, book, to_redeal=True)
        live = LiveHand(setup, book, hand, 0)
        self.live, self.last_hand = live, None
        self.button, self.hands_dealt, self.last_entry = button, setup.number, entry
        self._dealt_last = {index: self.seats[index].player_id for index in lineup}
        for index in lineup:
            self.seats[index].acted = self.seats[index].timed_out = False
        changes = Changes(table=self.state(), hand=setup, decks=live.decks())
        if chooser is not None:
            changes.seats.append(chooser.state())
        if hand.phase is Phase.OVER:
            self._finish_hand(changes)
        await self._commit(changes)
        self._broadcast_table()
        self._sync_turn()
        self._publish()

    async def _act(
        self,
        seat: Seat,
        engine: int,
        kind: ActionKind,
        amount: int | None,
        source: str,
        seq: int | None,
    ) -> None:
        live = self.live
        assert live is not None
        live.hand.act(kind, amount, seat=engine)
        deal_on(live.hand)
        changes = Changes(
            seats=[seat.state()],
            actions=[
                ActionRecord(live.number, live.actions, engine, kind.value, amount, source, seq)
            ],
            decks=live.decks(),
        )
        live.actions += 1
        if live.hand.phase is Phase.OVER:
            self._finish_hand(changes)
        await self._commit(changes)
        # Stacks change at the end of a hand; a time bank whenever it is drawn on.
        seats_changed = self.live is None or self._turn.bank != seat.time_bank
        self._sync_turn()
        self._publish()
        if seats_changed:
            self._broadcast_table()

    async def _redeal(self) -> None:
        """Carry out the redeal the table has shown for ``redeal_pause`` seconds: gather the
        cards, deal again from a new deck (stored before anyone sees a card of it)."""
        live = self.live
        assert live is not None
        live.hand.step()
        deal_on(live.hand)
        changes = Changes(decks=live.decks())
        if live.hand.phase is Phase.OVER:
            self._finish_hand(changes)
        await self._commit(changes)
        self._sync_turn()
        self._publish()
        if self.live is None:
            self._broadcast_table()

    def _finish_hand(self, changes: Changes) -> None:
        """The hand is over: stacks, ledger, absences and departures, all in ``changes``."""
        live = self.live
        assert live is not None
        hand = live.hand
        setup = live.setup
        number = setup.number
        for engine, index in enumerate(setup.lineup):
            seat = self.seats.get(index)
            if seat is None:  # pragma: no cover - a seat in a hand leaves only when it ends
                continue
            result = hand.stacks[engine] - setup.stacks[engine]
            seat.stack = hand.stacks[engine]
            if result:
                changes.ledger.append(
                    LedgerEntry(seat.player_id, index, seat.name, "hand", result, number)
                )
            if seat.timed_out and not seat.acted:
                seat.missed_hands += 1
                if seat.missed_hands >= self.settings.absent_hands:
                    seat.sitting_out = True
            elif seat.acted:
                seat.missed_hands = 0
            seat.acted = seat.timed_out = False
            changes.seats = [state for state in changes.seats if state.seat != index]
            if seat.leaving:
                self._leave(seat, changes)
            else:
                changes.seats.append(seat.state())
        changes.hand_end = HandEnd(number, hand.stacks, summary(self.id, setup, hand, live.book))
        self.last_hand, self.live = live, None
        self._next_hand_at = time.monotonic() + self.settings.hand_pause

    def _sync_turn(self) -> None:
        """Time a turn the driver has not timed yet: a new one, one resumed after a pause, the
        one a restored table stands at (see :class:`~wildstud.server.clock.Turn`)."""
        live = self.live
        key: tuple[int, int] | None = None
        bank: float | None = None
        if live is not None and (
            live.hand.to_act is not None or live.hand.redeal_pending is not None
        ):
            key = (live.number, len(live.hand.events))
            if live.hand.to_act is not None:
                bank = self.seats[live.setup.lineup[live.hand.to_act]].time_bank
        settings = self.settings
        self._turn.start(
            key,
            bank,
            now=time.monotonic(),
            action=settings.action_clock,
            bot_delay=settings.bot_delay,
            redeal_pause=settings.redeal_pause,
        )

    async def _commit(self, changes: Changes) -> None:
        if not changes:
            return
        if self.broken:
            # What is in memory is ahead of the store: nothing more of it may be stored.
            raise StorageFailureError(f"table {self.id}: the table is being reloaded")
        try:
            await self.store.call(self.store.apply, self.id, changes)
        except Exception as error:
            # What is in memory is now ahead of the store: stop, tell the clients, and let the
            # lobby rebuild the table from what the store holds.
            log.error("table %s: storing a change failed: %s", self.id, type(error).__name__)
            self.broken = True
            text = dumps(_STORAGE_ERROR)
            for client in self._clients():
                client.send(text)
                client.close(1011, "storage failure")
            if self.on_broken is not None:
                asyncio.get_running_loop().call_soon(self.on_broken, self)
            raise StorageFailureError(f"table {self.id}: the change was not stored") from None


_STORAGE_ERROR = error_frame(
    "storage", "the server could not store the last change; reconnect", None
)


def build_menu(settings: TableSettings) -> Menu:
    """The menu of a table's settings; refuses unknown games, bad house rules and a menu none of
    whose games can seat a full table."""
    menu = Menu.build(
        [entry.model_dump() for entry in settings.games], settings.stakes.model_dump()
    )
    menu.check_seats(settings.seats)
    return menu
