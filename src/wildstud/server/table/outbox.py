"""The outbox of a table's actor: news (:class:`~.core.News`) turned into frames, each sent to
the connections of its audience.

A slice says who a frame is for (one connection, the chat's readers, the spectators, everyone);
the outbox finds their connections among the table's seats and spectators, makes the frame's
text once and sends it to each. The hand's views, which differ from seat to seat, are still made
and redacted for each audience by the fan-out (:meth:`.fanout.Fanout.publish`), the one place a
view is redacted, until the hand runner moves onto the core.

>>> from wildstud.server.table.core import Everyone
>>> Outbox.__name__, Everyone()
('Outbox', Everyone())
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from wildstud.server.table.core import (
    Audience,
    Everyone,
    News,
    Readers,
    Spectators,
    TableNews,
    To,
)
from wildstud.server.table.fanout import dumps

if TYPE_CHECKING:
    from wildstud.server.seating import Client
    from wildstud.server.table.table import Table

__all__ = ["Outbox"]


class Outbox:
    """Sends a table's news to its audiences."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def audience(self, audience: Audience) -> Iterable[Client]:
        """The connections of ``audience`` now."""
        table = self.table
        if isinstance(audience, To):
            return (audience.client,)
        if isinstance(audience, Spectators):
            return tuple(table.fanout.spectators)
        if isinstance(audience, Everyone):
            return table.fanout.clients()
        assert isinstance(audience, Readers)
        readers = [client for seat in table.seats.values() for client in seat.clients]
        if audience.spectators:
            readers.extend(table.fanout.spectators)
        return readers

    def send(self, news: Iterable[News | TableNews]) -> None:
        """Send each piece of ``news`` to its audience, the table frame once at most, in its
        first one's place."""
        table_sent = False
        for item in news:
            if isinstance(item, TableNews):
                if not table_sent:
                    self.table.fanout.broadcast_table()
                    table_sent = True
                continue
            text = dumps(item.frame)
            for client in self.audience(item.audience):
                client.send(text)
