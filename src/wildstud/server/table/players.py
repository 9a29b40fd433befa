"""Requests from players: actions, the dealer's pick of a game, showing or mucking at the
showdown, sitting out and in, and asking for chips (:mod:`wildstud.server.table.cashier`).

Each request is numbered (``seq``, see :mod:`wildstud.server.messages`) and answered: an
``ack`` to the connection that sent it and a ``seq`` frame to the seat's other connections. A
repeat of the last request accepted gets its ack again; a stale or out-of-range ``seq`` gets an
error frame carrying the seat's ``last_seq`` (:meth:`.core.Numbered.again`; the answers are the
outbox's news, :class:`~.core.Acked`). Any other refusal raises a
:class:`~wildstud.errors.WildstudError` saying why; nothing changes either way.

Sitting out and back in is the seating's command (:meth:`Players.sit`), and a request for
chips the money slice's (:meth:`Players.ask_chips`: it reads the ledger, then stores the
request), each asked of the actor by :meth:`.table.Table.handle` and checking the number and
acking the request itself; so are an action, the dealer's pick of a game, the answer to an
offer to run it twice and the choice to show or muck at the showdown, the hand runner's commands
(:meth:`Players.request`, :mod:`.hand_requests`). A ping's pong is a command of its own
(:mod:`.pings`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from wildstud.errors import TableError
from wildstud.server.errors import SeatError
from wildstud.server.messages import (
    Act,
    Choose,
    Rebuy,
    RunTwice,
    Show,
    SitIn,
    SitOut,
)
from wildstud.server.seating import Client, Seat
from wildstud.server.security import new_id
from wildstud.server.table.cashier import AskChips, Limits
from wildstud.server.table.core import Numbered
from wildstud.server.table.driver import TableStatus
from wildstud.server.table.hand_requests import (
    AnswerTwice,
    ChooseGame,
    Play,
    Request,
    ShowOrMuck,
)
from wildstud.server.table.seating import Sit

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

__all__ = ["Players"]


class Players:
    """What a table's players ask of it."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def acted(self, arrived: float) -> None:
        """A player's action that arrived at ``arrived`` was carried out: the action's latency
        is observed once every connection has sent what is queued for it now (its ack too)."""
        latency = self.table.metrics.latency
        self.table.fanout.when_sent(lambda: latency.observe(time.monotonic() - arrived))

    def numbered(self, client: Client, frame: Any) -> tuple[Seat, Numbered]:
        """The seat that sent ``frame``, a numbered request, and the request as a slice takes
        it (made from the table as it stands); refused when the connection is a spectator's,
        its seat is given up, or the server is restarting."""
        if client.seat is None:
            raise SeatError("spectators watch: only a seat may act")
        table = self.table
        if table.closing:
            raise TableError("the server is restarting: the page reconnects by itself")
        seat = table.seats.get(client.seat)
        if seat is None:
            raise SeatError("this seat has been given up")
        return seat, Numbered(client, frame, seat.last_request)

    def request(self, client: Client, frame: Act | Choose | RunTwice | Show) -> Request:
        """The hand runner's command for a player's request in a hand (:mod:`.hand_requests`),
        made from the table as it stands."""
        seat, asked = self.numbered(client, frame)
        paused = self.table.status is TableStatus.PAUSED
        if isinstance(frame, Choose):
            return ChooseGame(asked, seat, seat.index, seat.last_seq, paused, frame.entry)
        if isinstance(frame, Act):
            return Play(asked, seat, seat.index, seat.last_seq, paused, frame.action, frame.amount)
        if isinstance(frame, Show):
            return ShowOrMuck(asked, seat, seat.index, seat.last_seq, paused, frame.show)
        return AnswerTwice(asked, seat, seat.index, seat.last_seq, paused, frame.agree)

    def sit(self, client: Client, frame: SitIn | SitOut) -> Sit:
        """The seating's command for a player's request to sit out or back in."""
        seat, asked = self.numbered(client, frame)
        return Sit(seat.index, isinstance(frame, SitOut), asked)

    def ask_chips(self, client: Client, frame: Rebuy) -> AskChips:
        """The money slice's command for a player's request for chips (it reads the ledger,
        which counts the player's rebuys tonight, then stores the request with the seat's
        number)."""
        seat, asked = self.numbered(client, frame)
        table = self.table
        return AskChips(
            table.holder(seat),
            frame.amount,
            frame.seq,
            new_id(),
            None,
            Limits.of(table.settings),
            night_over=table.status is TableStatus.ENDED,
            asked=asked,
            tournament=table.tournament is not None,
        )
