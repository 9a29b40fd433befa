"""The outbox of a table's actor: news turned into frames, each sent to the connections of its
audience, and the one place where a hand's view is redacted.

A slice says who a frame is for (one connection, a seat's, the chat's readers, the spectators,
everyone); the outbox finds their connections among the table's seats and spectators, makes the
frame's text once and sends it to each. The news of a hand (:class:`~.core.HandNews`) carries the
engine's hand whole, hidden cards and all: the outbox groups the audience's connections by the
engine seat each may see (:meth:`Outbox.viewer`), and makes each group's frame from that seat's
view and the events redacted for it, so a hidden card reaches only its owner's connections.
It keeps, for the hand in progress (by its number: each change of a hand is a new value), the
commitments and proofs each viewer has been sent and the events made JSON so far.

>>> from wildstud.server.table.core import Everyone
>>> Outbox.__name__, Everyone()
('Outbox', Everyone())
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from wildstud.deal import Event, TableView
from wildstud.server.frames import Clock, ClockFrame, HandFrame, Removed, UpdateFrame
from wildstud.server.messages import ack_frame, encode_event, encode_view, encode_views, seq_frame
from wildstud.server.proofs import Openings
from wildstud.server.table.core import (
    Acked,
    AtSeat,
    Audience,
    ClockNews,
    Dismissed,
    Everyone,
    Gone,
    HandNews,
    HandPlayed,
    Readers,
    Spectators,
    TableNews,
    To,
    Told,
    TurnedAway,
    Welcomed,
)
from wildstud.server.table.fanout import dumps

if TYPE_CHECKING:
    from wildstud.server.seating import Client
    from wildstud.server.table.live import LiveHand
    from wildstud.server.table.table import Table

__all__ = ["Outbox"]

UPDATE = UpdateFrame.model_fields["type"].default
"""The ``type`` of an update frame."""


class Outbox:
    """Sends a table's news to its audiences."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._kept: tuple[int, Openings, dict[Event, dict[str, Any]]] | None = None
        """The number of the hand whose frames are being sent, the commitments and proofs each
        viewer has been sent of it (:mod:`~wildstud.server.proofs`), and its events' JSON
        data so far (:meth:`_of`)."""

    def audience(self, audience: Audience) -> Iterable[Client]:
        """The connections of ``audience`` now."""
        table = self.table
        if isinstance(audience, To):
            return (audience.client,)
        if isinstance(audience, AtSeat):
            seat = table.seats.get(audience.index)
            return () if seat is None else tuple(seat.clients)
        if isinstance(audience, Spectators):
            return tuple(table.fanout.spectators)
        if isinstance(audience, Everyone):
            return table.fanout.clients()
        assert isinstance(audience, Readers)
        readers = [client for seat in table.seats.values() for client in seat.clients]
        if audience.spectators:
            readers.extend(table.fanout.spectators)
        return readers

    def send(self, news: Iterable[Told | HandNews]) -> None:
        """Send each piece of ``news`` to its audience, the table frame once at most, in its
        first one's place (the turn's clock likewise, while a hand is played)."""
        table_sent = clock_sent = False
        for item in news:
            if isinstance(item, TableNews):
                if not table_sent:
                    self.table.fanout.broadcast_table()
                    table_sent = True
                continue
            if isinstance(item, ClockNews):
                fanout = self.table.fanout
                if not clock_sent and self.table.live is not None:
                    fanout.broadcast(ClockFrame(clock=fanout.clock()).frame())
                    clock_sent = True
                continue
            if isinstance(item, HandNews):
                self._hand(item)
                continue
            if isinstance(item, HandPlayed):
                self.table.fanout.publish()
                if item.odds:
                    self.table.driver.endgame.run_out_odds()
                continue
            if isinstance(item, Dismissed):
                self._dismiss(item)
                continue
            if isinstance(item, Acked):
                self._acked(item)
                continue
            if isinstance(item, Welcomed):
                self.table.fanout.welcome(item.client, item.seat)
                continue
            if isinstance(item, Gone):
                self.table.fanout.gone(item.client)
                continue
            if isinstance(item, TurnedAway):
                item.client.send(dumps(item.frame))
                item.client.close(item.code, item.reason)
                continue
            text = dumps(item.frame)
            for client in self.audience(item.audience):
                client.send(text)

    def _dismiss(self, news: Dismissed) -> None:
        """Say goodbye to ``news``'s connections and close them; they are no longer the
        table's (a seat still here, its link replaced, keeps none of them)."""
        table = self.table
        frame: dict[str, Any] = {"type": "removed", "message": news.message}
        if news.left is not None:
            frame = Removed(
                message=news.message,
                table_id=table.id,
                player_id=news.left.player_id,
                name=news.left.name,
                cash_out=news.cash_out,
                watch_token=table.watch_token,
            ).frame()
        text = dumps(frame)
        spectators = table.fanout.spectators
        for client in news.clients:
            client.send(text)
            client.close(news.code, news.reason)
            seat = None if client.seat is None else table.seats.get(client.seat)
            if seat is not None:
                seat.clients.discard(client)
            spectators.discard(client)

    def _acked(self, news: Acked) -> None:
        """Answer a seat's request carried out: the ack to the connection that sent it, the
        new number to the seat's other connections; the seat keeps the request, so that a
        resend of its number is answered as done (:meth:`.core.Numbered.again`)."""
        asked = news.asked
        seq = asked.seq
        seat = self.table.seats.get(news.seat)
        if seat is not None:
            seat.last_request = asked.request
        asked.client.send(dumps(ack_frame(seq, seq)))
        if seat is None:
            return
        others = dumps(seq_frame(seq))
        for other in seat.clients:
            if other is not asked.client:
                other.send(others)

    # -- the hand, redacted for each seat ------------------------------------------------------

    def viewer(self, live: LiveHand, client: Client) -> int | None:
        """The engine seat whose view ``client`` is sent of ``live``: the one its seat's person
        held in that hand (:meth:`~.driver.LiveHand.engine_seat`), so a newcomer at a departed
        player's seat sees that player's hand as a spectator did; ``None``: a spectator's."""
        seat = None if client.seat is None else self.table.seats.get(client.seat)
        return live.engine_seat(seat)

    def _hand(self, news: HandNews) -> None:
        live = news.hand
        groups: dict[int | None, list[Client]] = {}
        for client in self.audience(news.audience):
            groups.setdefault(self.viewer(live, client), []).append(client)
        clock = None if news.clock is None else news.clock.model_dump()  # once for every group
        # Every group's view at once: what all of them see alike is worked out (by the
        # engine) and made JSON (encode_views) once, each seat's own cards for it alone.
        views = live.hand.views(groups)
        data = encode_views(views)
        openings, encoded = self._of(live)
        practice = self.table.settings.practice  # read once, not for each seat's frame
        for engine, clients in groups.items():
            view = views[engine]
            if news.start == 0:
                frame = hand_frame(live, openings, engine, news.clock, encoded, view, data[engine])
            else:
                frame = update_frame(
                    live, openings, engine, news.start, clock, encoded, view, data[engine]
                )
            text = dumps(frame)
            for client in clients:
                client.send(text)
            if practice and engine is not None:  # a practice table's help, to its seat only
                self.table.coach.offer(live, engine, clients, again=news.start == 0)

    def _of(self, live: LiveHand) -> tuple[Openings, dict[Event, dict[str, Any]]]:
        """What is kept of hand ``live`` (a new hand starts afresh): the commitments and proofs
        each viewer has been sent, and the events as JSON data so far, as each seat sees
        them: most events are the same for every seat and every frame of the hand carries
        them again (a hand frame all of them), so each is encoded once a hand (encoding them
        for each frame was a sixth of an action's CPU, 3 December 2026)."""
        kept = self._kept
        if kept is None or kept[0] != live.number:
            kept = self._kept = (live.number, Openings(live.book), {})
        return kept[1], kept[2]


def _encoded(events: Iterable[Event], encoded: dict[Event, dict[str, Any]]) -> list[Any]:
    """``events`` as JSON data, each looked up in ``encoded`` (events as one seat sees them:
    two seats' events are equal only where neither hides a card from the other)."""
    data = []
    for event in events:
        found = encoded.get(event)
        if found is None:
            found = encoded[event] = encode_event(event)
        data.append(found)
    return data


def hand_frame(
    live: LiveHand,
    openings: Openings,
    engine: int | None,
    clock: Clock | None,
    encoded: dict[Event, dict[str, Any]] | None = None,
    view: TableView | None = None,
    data: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A hand's whole view for engine seat ``engine`` (``None``: a spectator's), with the
    commitments and proofs ``openings`` has for it (kept for the hand by the outbox); ``encoded``:
    the events as JSON data so far, by event as the seat sees it (kept for the hand by the
    outbox); ``view``: the seat's view of the hand now, made with the other audiences'
    (``data``: the view as JSON data without its events, made with theirs by
    :func:`~wildstud.server.messages.encode_views`)."""
    if view is None:
        view = live.hand.view(engine)
    if data is None:
        data = encode_view(view, events=False)
    frame = {
        "number": live.number,
        "lineup": list(live.setup.lineup),
        "names": list(live.setup.names),
        "you": engine,
        "clock": clock,
        **openings.opened(live.hand.events, engine, 0, view.events),  # roots, ahead
        "view": {
            **data,
            "events": _encoded(view.events, {} if encoded is None else encoded),
        },
    }
    return HandFrame.model_validate(frame).frame()


def update_frame(
    live: LiveHand,
    openings: Openings,
    engine: int | None,
    start: int,
    clock: dict[str, Any] | None,
    encoded: dict[Event, dict[str, Any]] | None = None,
    view: TableView | None = None,
    data: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """What changed in ``live`` from event ``start`` on, for engine seat ``engine``: the new
    events redacted for it, and its view (``clock``: the turn's clock, as JSON data;
    ``openings``, ``encoded``, ``view`` and ``data``: as for :func:`hand_frame`).

    The frame is built as it goes out, never through its model: this runs for every audience
    of every change, and its parts are JSON data already (tests/server/test_frames.py checks
    that every frame sent is its model's)."""
    if view is None:
        view = live.hand.view(engine)
    if data is None:
        data = encode_view(view, events=False)
    new = view.events[start:]  # redacted for the seat by the engine's view
    opened = openings.opened(live.hand.events, engine, start, new)
    return {
        "type": UPDATE,
        "number": live.number,
        "from": start,
        "commitments": opened["commitments"],  # new roots, ahead of the events
        "proofs": opened["proofs"],
        "events": _encoded(new, {} if encoded is None else encoded),
        "clock": clock,
        "view": data,
    }
