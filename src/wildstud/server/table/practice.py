"""A practice table's help: each seat's chances and the equity bot's hint, sent to that seat's
connections alone.

At a table whose settings have ``practice`` on, the outbox (:mod:`.outbox`) hands the coach
each engine seat it has just sent a hand frame to, with that seat's connections. The coach
works from the seat's own view (``hand.view(seat)``) and nothing else (:mod:`wildstud.practice`),
so the help of one seat cannot depend on another's hidden cards, and it sends the result as a
:class:`~wildstud.server.frames.PracticeFrame` to that seat's connections only.

It is cheap: the chances are worked out once per seat for each state of the deal it can see
(the cards out, who is still in: a new street, a fold), on a thread of their own, off the
table's actor and the event loop (the first one in a process loads the compiled deal); the
hint, on the seat's turn, is the equity bot's arithmetic over those chances, made at once. A
frame goes out only when the help changed (or to a connection that has just opened), and the
chances of a deal that has moved on by the time they are ready are kept but not sent.

>>> Coach.__name__
'Coach'
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from wildstud.deal import Phase
from wildstud.server.frames import PracticeFrame
from wildstud.server.table.fanout import dumps

if TYPE_CHECKING:
    from wildstud.deal import TableView
    from wildstud.practice import Chances
    from wildstud.server.seating import Client
    from wildstud.server.table.live import LiveHand
    from wildstud.server.table.table import Table

__all__ = ["Coach", "help_frame"]

log = logging.getLogger(__name__)

Key = tuple[Any, ...]
"""What a seat's chances depend on: the deal's cards as the seat sees them, and who is in."""

_WORKERS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="practice")
"""The threads every practice table of the process shares: a seat's chances take about 12 ms
of one core (``benchmarks/practice.py``), and two threads keep a full table's new street from
waiting on one another without taking the cores the bots and the sockets need."""


def _key(view: TableView) -> Key | None:
    """What the viewer's chances depend on (``None``: it has none: out of the hand, the hand
    over, or a deal the odds engine cannot start from)."""
    from wildstud.errors import SituationError
    from wildstud.practice import situation_of

    if view.viewer is None or view.phase is Phase.OVER:
        return None
    try:
        situation = situation_of(view)
    except SituationError:
        return None
    if view.viewer not in situation.live:
        return None
    return (situation.street, situation.prefix, situation.live, situation.dead)


def help_frame(number: int, view: TableView, chances: Chances | None) -> dict[str, Any]:
    """The practice frame for the viewer of ``view`` in hand ``number``: its ``chances`` and,
    on its turn, the equity bot's hint from them."""
    from wildstud.practice import advice

    hint = advice(view, chances)
    frame = {
        "number": number,
        "at": len(view.events),
        "chances": None
        if chances is None
        else {
            "equity": chances.equity,
            "low": chances.low,
            "high": chances.high,
            "win": chances.win,
            "tie": chances.tie,
            "special": chances.special,
            "split": chances.split,
            "deals": chances.deals,
        },
        "hint": None
        if hint is None
        else {
            "kind": hint.kind.value,
            "amount": hint.amount,
            "why": hint.why.value,
            "equity": hint.equity,
            "strength": hint.strength,
            "line": hint.line,
            "price": hint.price,
        },
    }
    return PracticeFrame.model_validate(frame).frame()


def _chances(view: TableView, seed: int) -> Chances | None:
    from wildstud.practice import chances

    return chances(view, seed=seed)


class Coach:
    """A practice table's help for its seats (see the module's description)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.number: int | None = None
        """The hand the remembered chances are for."""
        self.known: dict[int, tuple[Key, Chances | None]] = {}
        """Each engine seat's last chances, with what they depend on."""
        self.working: dict[int, Key] = {}
        """The chances being worked out on a thread, by engine seat."""
        self.sent: dict[int, Any] = {}
        """The help last sent to each engine seat (its chances and hint)."""
        self.computed = 0
        """How many seats' chances were worked out (the cache's misses; a figure for tests)."""

    def offer(
        self, live: LiveHand, engine: int, clients: Iterable[Client], *, again: bool = False
    ) -> None:
        """The hand ``live`` has changed for engine seat ``engine``, whose ``clients`` were
        just sent it: send them its help where it changed (``again``: whatever it is, for a
        connection that has just opened), or start working it out."""
        if not self.table.settings.practice or live.hand.phase is Phase.OVER:
            return  # once the hand is over, its last help stands until the next hand's
        if live.number != self.number:
            self.number = live.number
            self.known.clear()
            self.working.clear()
            self.sent.clear()
        view = live.hand.view(engine)  # the seat's own view: nothing else is read
        key = _key(view)
        known = self.known.get(engine)
        if key is None:
            self._send(live, engine, clients, view, None, again)
        elif known is not None and known[0] == key:
            self._send(live, engine, clients, view, known[1], again)
        elif self.working.get(engine) != key:
            self.working[engine] = key
            self.computed += 1
            work = _WORKERS.submit(_chances, view, live.number)
            loop = asyncio.get_running_loop()
            work.add_done_callback(
                lambda done: loop.call_soon_threadsafe(self._ready, live, engine, key, done)
            )

    def _ready(self, live: LiveHand, engine: int, key: Key, work: Future[Chances | None]) -> None:
        """A seat's chances are ready: keep them, and send them if the deal is still where
        they were worked out."""
        if self.working.get(engine) == key:
            del self.working[engine]
        error = work.exception()
        if error is not None:
            log.error("table %s: a seat's practice odds failed", self.table.id, exc_info=error)
            return
        table = self.table
        current = table.live or table.last_hand
        if current is None or live.number != self.number or current.number != live.number:
            return  # another hand has started
        live = current  # the hand as it stands now (each change of it is a new value)
        self.known[engine] = (key, work.result())
        view = live.hand.view(engine)
        if _key(view) != key:
            return  # the deal moved on: the chances for where it is now are on their way
        outbox = table.actor.outbox
        clients = [
            client
            for seat in table.seats.values()
            for client in seat.clients
            if outbox.viewer(live, client) == engine
        ]
        self._send(live, engine, clients, view, work.result(), False)

    def _send(
        self,
        live: LiveHand,
        engine: int,
        clients: Iterable[Client],
        view: TableView,
        chances: Chances | None,
        again: bool,
    ) -> None:
        frame = help_frame(live.number, view, chances)
        said = (frame["chances"], frame["hint"])
        if not again and self.sent.get(engine) == said:
            return
        if not again:
            self.sent[engine] = said
        text = dumps(frame)
        for client in clients:
            client.send(text)
