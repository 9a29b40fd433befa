"""Connections and fan-out: who is watching a table, and the frames each of them is sent.

A :class:`Fanout` keeps a table's spectators (the seats keep their own connections), welcomes a
client that connects with the whole state at once, and sends every change to every client. The
hand's changes go as news to the outbox (:mod:`.outbox`), which makes each client's frame from
what its seat may see, the one place where a view is redacted. Every frame is built from its
model in :mod:`wildstud.server.frames`. What the clients have been sent of a hand (how many of
its events, the run-out's odds) the fan-out keeps beside it, by the hand's number
(:class:`HandSent`): the hand itself is a value of the runner's, never changed once stored.

A frame is sent as compact JSON text:

>>> dumps({"type": "pong"})
'{"type":"pong"}'
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from wildstud.odds.runout import RunOutCuts
from wildstud.server.console import notice_frame
from wildstud.server.frames import (
    Clock,
    Restarting,
    TableFrame,
    Welcome,
)
from wildstud.server.messages import error_frame
from wildstud.server.schemas import TableInfo
from wildstud.server.seating import Client
from wildstud.server.table.core import Everyone, HandNews, To
from wildstud.server.table.driver import PLAYING
from wildstud.server.table.runner_slice import choosing_frame

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

__all__ = ["RESTARTING", "STORAGE_ERROR", "Fanout", "HandSent", "dumps"]


def dumps(frame: dict[str, Any]) -> str:
    """A frame as compact JSON text (by orjson: every frame to every client is made here, and
    the standard library's encoder was the fan-out's largest cost)."""
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


STORAGE_ERROR = error_frame(
    "storage", "the server could not store the last change; reconnect", None
)
"""What every client of a table hears when a change could not be stored."""
RESTARTING = Restarting().frame()
"""What every client hears when the server goes down for a restart, before its socket closes."""


@dataclass(slots=True)
class HandSent:
    """What the clients have been sent of hand ``number``: a cache of the fan-out's, for the
    hand in progress or the last one, that nothing stores (a restored table sends each client
    the whole hand as it connects).

    >>> sent = HandSent(3)
    >>> sent.published, sent.odds, sent.odds_asked
    (0, {}, set())
    """

    number: int
    published: int = 0
    """How many of the hand's events the clients have been sent."""
    odds: dict[int, dict[str, Any]] = field(default_factory=dict)
    """The run-out's odds frames worked out so far, by the event they stand after
    (:mod:`wildstud.server.runout`)."""
    odds_asked: set[int] = field(default_factory=set)
    """The events whose odds have been asked of a thread."""
    run_out: RunOutCuts = field(default_factory=RunOutCuts)
    """Where the hand's run-out has odds, read as its events come (:mod:`.endgame`)."""


class Fanout:
    """A table's clients and the frames they are sent."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.spectators: set[Client] = set()
        self.idle_since = time.monotonic()
        """When the last client left (or the table was made or restored with none)."""
        self._sent = HandSent(0)

    def sent(self, number: int) -> HandSent:
        """What the clients have been sent of hand ``number`` (nothing yet, for a hand newer
        than the one kept: only one hand's is kept)."""
        if self._sent.number != number:
            self._sent = HandSent(number)
        return self._sent

    def clients(self) -> list[Client]:
        """Every connection to the table: the spectators' and the seats'."""
        clients = list(self.spectators)
        for seat in self.table.seats.values():
            clients.extend(seat.clients)
        return clients

    def idle(self, now: float) -> bool:
        """Whether nobody has been connected for ``idle_minutes``: the bots wait, no hand
        starts."""
        table = self.table
        if self.spectators or any(seat.clients for seat in table.seats.values()):
            return False
        return now - self.idle_since >= table.settings.idle_minutes * 60.0

    # -- frames --------------------------------------------------------------------------------

    def clock(self) -> Clock | None:
        """The clock of the seat to act, or ``None`` between turns."""
        table = self.table
        live = table.live
        if live is None or live.hand.to_act is None:
            return None
        seat = live.setup.lineup[live.hand.to_act]
        timer = table.driver.turn.clock
        if timer is None or table.status not in PLAYING:
            return Clock(seat=seat, clock=None, bank=None, running=False)
        clock, bank = timer.left(time.monotonic())
        return Clock(seat=seat, clock=clock, bank=bank, running=True)

    def choosing_frame(self) -> dict[str, Any] | None:
        """The dealer's choice in progress, if any."""
        table = self.table
        choosing = table.driver.choosing
        if choosing is None:
            return None
        games = (table.menu.items[index].describe() for index in choosing.entries)
        return choosing_frame(choosing, games, time.monotonic())

    def table_frame(self) -> dict[str, Any]:
        """The table as everyone sees it."""
        return TableFrame(table=TableInfo.model_validate(self.table.info())).frame()

    # -- sending -------------------------------------------------------------------------------

    def broadcast(self, frame: dict[str, Any], but: Client | None = None) -> None:
        """Send one frame to every client (``but``: to every client but that one)."""
        text = dumps(frame)
        for client in self.clients():
            if client is not but:
                client.send(text)

    def broadcast_table(self, but: Client | None = None) -> None:
        """Tell every client (but ``but``) the table as it is now."""
        self.broadcast(self.table_frame(), but)

    def publish(self) -> None:
        """Send every client what changed in the hand since the last frame, through the outbox,
        which redacts it for each (:class:`~.core.HandNews`)."""
        table = self.table
        live = table.live or table.last_hand
        if live is None:
            return
        sent = self.sent(live.number)
        start = sent.published
        if start >= len(live.hand.events) and start > 0:
            return
        table.actor.outbox.send([HandNews(Everyone(), live, start, self.clock())])
        sent.published = len(live.hand.events)

    def when_sent(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once every client has sent all that is queued for it now."""
        clients = self.clients()
        left = len(clients)
        if left == 0:
            callback()
            return

        def one_sent() -> None:
            nonlocal left
            left -= 1
            if left == 0:
                callback()

        for client in clients:
            client.then(one_sent)

    def storage_failed(self) -> None:
        """Tell every client the table could not store a change, and close them all."""
        text = dumps(STORAGE_ERROR)
        for client in self.clients():
            client.send(text)
            client.close(1011, "storage failure")

    # -- connections ---------------------------------------------------------------------------

    def welcome(self, client: Client, seat_index: int | None) -> None:
        """``client`` joins the table's connections, at table seat ``seat_index`` (``None``: a
        spectator): it is sent the whole state at once, then every change; everyone else is
        sent the table frame when it is a seat's (the news of an arrival,
        :class:`~.connections.Welcomed`: the outbox carries it out in the arrival's turn, once
        an absent player's return is stored)."""
        table = self.table
        seat = None if seat_index is None else table.seats.get(seat_index)
        welcome = Welcome(
            table_id=table.id,
            role="spectator" if seat is None else "seat",
            seat=client.seat,
            last_seq=0 if seat is None else seat.last_seq,
        )
        client.send(dumps(welcome.frame()))
        if seat is None:
            self.spectators.add(client)
        else:
            seat.clients.add(client)
        client.send(dumps(self.table_frame()))
        for notice in table.notices:  # the host's changes not yet played out (console.py)
            client.send(dumps(notice_frame(notice)))
        choosing = self.choosing_frame()
        if choosing is not None:
            client.send(dumps(choosing))
        live = table.live or table.last_hand
        if live is not None:  # the whole hand, as this client's seat may see it
            table.actor.outbox.send([HandNews(To(client), live, 0, self.clock())])
            # A run-out's chances so far (public: the same frame for everyone), and any
            # not yet worked out (a table restored in the middle of one) go to everyone.
            odds = self.sent(live.number).odds
            for cut in sorted(odds):
                client.send(dumps(odds[cut]))
            table.driver.endgame.run_out_odds()
        showdown = table.driver.showdown
        if showdown is not None and table.live is not None:
            pending = table.live.hand.to_show_or_muck
            client.send(dumps(table.driver.endgame.showdown_frame(table.live, pending)))
        live = table.live
        if table.driver.offer is not None and live is not None and live.hand.to_agree_run_twice:
            client.send(dumps(table.driver.endgame.offer_frame(live)))
        if seat is not None:
            table.private.attached(client)  # what a private deal waits for from it
            self.broadcast_table(but=client)  # it has had the table above

    def gone(self, client: Client) -> None:
        """``client``'s connection closed: it is no longer the table's; everyone is sent the
        table frame when it was its seat's last one (the news of a departure,
        :class:`~.connections.Gone`)."""
        table = self.table
        self.spectators.discard(client)
        if client.seat is not None and client.seat in table.seats:
            seat = table.seats[client.seat]
            seat.clients.discard(client)
            if not seat.clients:
                self.broadcast_table()
        if not self.clients():
            self.idle_since = time.monotonic()
