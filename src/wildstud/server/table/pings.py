"""A ping's pong, a command of the table's core (:mod:`.core`): the page asks whether the server
is there, and is answered through the table's inbox, after the frames of the commands ahead of
it (so that a pong says the page has everything the table had sent it by then).

The slice holds no state and stores nothing: :func:`handle` answers the page that asked.

>>> outcome = handle(None, Pinged("ann's page"), 0.0)
>>> [(news.audience.client, news.frame) for news in outcome.news]
[("ann's page", {'type': 'pong'})]
>>> outcome.effect, outcome.reply
(None, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wildstud.server.frames import Pong
from wildstud.server.table.core import Command, News, Outcome, To

__all__ = ["COMMANDS", "NAME", "Pinged", "handle"]

NAME = "pings"
"""The slice's name in the table's actor."""

PONG = Pong().frame()
"""The answer, the same to every ping."""


@dataclass(frozen=True, slots=True)
class Pinged(Command):
    """The connection ``client`` sent a ping."""

    client: Any


COMMANDS: tuple[type[Command], ...] = (Pinged,)
"""The commands this slice takes."""


def handle(state: None, command: Command, now: float) -> Outcome[None]:
    """The pong for the page that pinged (see the module's description)."""
    assert isinstance(command, Pinged), command
    return Outcome(state, news=(News(To(command.client), PONG),))
