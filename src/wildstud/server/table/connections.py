"""The connections' slice: a connection's arrival and departure as commands of the table's core
(who is connected, and the frames each connection is sent: :mod:`.fanout`).

A connection that opens (:class:`Arrive`) or closes (:class:`Depart`) comes to the actor as a
command made from the table as its turn comes (the seat it opens, whether that seat is still
the table's and its player absent, whether the table is going down or being reloaded), and
:func:`handle`, a pure function (the slice keeps no state of its own: the connections are the
seats' and the fan-out's), says what it comes to:

- a table going down for a restart, or being rebuilt from the store, turns the connection
  away (:class:`~.core.TurnedAway`: the frame that says why, and the socket closed);
- a seat that has been given up is refused (:class:`~.core.Refused`), and nothing changes;
- otherwise the connection is welcomed (:class:`~.core.Welcomed`: the whole table for that one
  connection, and the table frame to everyone else when it is a seat's), after the return of
  an absent player who opens their link (the seating's :class:`~.seating.Back`, folded into
  the turn's one change and stored before the welcome: when the store refuses it, the seat
  stays as it was and nothing is sent), then the chat's log (:class:`~.chat.Welcome`, once
  the change is stored);
- a connection that closes is let go (:class:`~.core.Gone`: the table frame to everyone when it was
  its seat's last one).

An arrival at a seat given up is refused, and nothing changes:

>>> outcome = handle(None, Arrive("ann's page", 2, found=False), 0.0)
>>> outcome.reply.error
SeatError('this seat has been given up')
>>> outcome.news, outcome.follow
((), ())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wildstud.server.errors import SeatError
from wildstud.server.table.chat import Welcome as ChatWelcome
from wildstud.server.table.core import Command, Gone, Outcome, Refused, TurnedAway, Welcomed
from wildstud.server.table.fanout import RESTARTING, STORAGE_ERROR
from wildstud.server.table.seating import Back

__all__ = [
    "COMMANDS",
    "NAME",
    "Arrive",
    "Depart",
    "handle",
]

NAME = "connections"
"""The slice's name in the table's actor."""


@dataclass(frozen=True, slots=True)
class Arrive(Command):
    """The connection ``client`` opens, at table seat ``seat`` (``None``: a spectator's);
    ``found``: whether that seat is still the table's; ``absent``: whether its player is
    absent (the clock sat them out); ``closing``: the server is going down for a restart;
    ``broken``: the table is being rebuilt from the store."""

    client: Any
    seat: int | None
    found: bool = True
    absent: bool = False
    closing: bool = False
    broken: bool = False


@dataclass(frozen=True, slots=True)
class Depart(Command):
    """The connection ``client`` closed."""

    client: Any


COMMANDS: tuple[type[Command], ...] = (Arrive, Depart)
"""The commands this slice takes."""


def handle(state: None, command: Command, now: float) -> Outcome[None]:
    """What a connection's arrival or departure comes to (see the module's description)."""
    if isinstance(command, Depart):
        return Outcome(state, news=(Gone(command.client),))
    assert isinstance(command, Arrive), command
    client = command.client
    if command.closing or command.broken:
        if command.closing:
            away = TurnedAway(client, RESTARTING, 1012, "restarting")
        else:  # the client must reach the table rebuilt from the store
            away = TurnedAway(client, STORAGE_ERROR, 1011, "storage failure")
        return Outcome(state, news=(away,))
    seat = command.seat
    if seat is not None and not command.found:
        return Outcome(state, reply=Refused(SeatError("this seat has been given up")))
    back = (Back(seat),) if seat is not None and command.absent else ()
    chat = ChatWelcome(client, seat is not None)
    return Outcome(state, news=(Welcomed(client, seat),), follow=(*back, chat))
