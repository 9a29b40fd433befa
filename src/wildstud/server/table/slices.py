"""The slices of a table's pure core, as its actor takes them (:mod:`.actor`, :mod:`.core`).

Each slice names the module whose pure ``handle`` owns its commands, the state it starts from,
and how the actor treats it: ``shared`` (its turns take the table's lock, since today's code
reads its state too), ``folds`` (its changes are folded with their follow-ups into one write),
``held`` (its state is held by a part of the table that runs today's code as well, read when
its turn comes), ``adopt`` (how that part takes the new state once it is stored) and ``made``
(how a follow-up for it is made whole from the table: the desk's, the runner's turn and a
private deal's clock timed afresh, with the seats' rows and the clocks' lengths).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from wildstud.server.schemas import TableSettings
from wildstud.server.store import RebuyState, TableState
from wildstud.server.table import cashier as money_slice
from wildstud.server.table import (
    chat,
    connections,
    pings,
    private_progress,
    reveal_progress,
    runner_slice,
    seat_requests,
    seating,
    shuffle_requests,
)
from wildstud.server.table import desk as desk_slice
from wildstud.server.table import settings as settings_slice
from wildstud.server.table.actor import Slice
from wildstud.server.table.cashier import CashierState
from wildstud.server.table.runner import RUNNER
from wildstud.server.table.seat_requests import RequestsState
from wildstud.server.table.seating import SeatingState
from wildstud.server.tourney import Tourney

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

__all__ = ["table_slices"]


def table_slices(
    table: Table,
    state: TableState,
    settings: TableSettings,
    rebuys: Iterable[RebuyState],
    tourney: Tourney | None,
) -> list[Slice]:
    """The slices of ``table``'s core: its seating, chat, settings, seat requests, money and
    tournament desk, from the stored ``state``, ``settings``, ``rebuys`` and ``tourney``; the
    hand runner's checks, a ping's pong and the connections; and the parts whose state today's
    code holds (the players' shuffle, a private deal and its reveals)."""
    return [
        Slice(
            "seating",
            SeatingState.of(state, (seat.state() for seat in table.seats.values())),
            seating.handle,
            seating.COMMANDS,
            shared=True,
            folds=True,
        ),
        Slice(
            "chat",
            chat.ChatState(spectators=settings.spectator_chat),
            chat.handle,
            chat.COMMANDS,
        ),
        Slice(
            "settings",
            settings_slice.SettingsState.of(settings),
            settings_slice.handle,
            settings_slice.COMMANDS,
            shared=True,
        ),
        Slice(
            "requests",
            RequestsState(),
            seat_requests.handle,
            seat_requests.COMMANDS,
            shared=True,
        ),
        Slice(
            "cashier",
            CashierState.of(rebuys),
            money_slice.handle,
            money_slice.COMMANDS,
            shared=True,
        ),
        Slice(
            desk_slice.NAME,
            tourney,
            desk_slice.handle,
            desk_slice.COMMANDS,
            shared=True,
            folds=True,
            made=table.desk.made,
        ),
        Slice(
            RUNNER,
            None,
            runner_slice.handle,
            runner_slice.COMMANDS,
            shared=True,
            held=lambda: table.driver.state,
            adopt=table.driver.adopt,
            made=table.driver.made,
            tick=table.driver.tick,
            stages=True,
        ),
        Slice(pings.NAME, None, pings.handle, pings.COMMANDS),
        Slice(
            connections.NAME,
            None,
            connections.handle,
            connections.COMMANDS,
            shared=True,
            folds=True,
        ),
        Slice(
            shuffle_requests.NAME,
            None,
            shuffle_requests.handle,
            shuffle_requests.COMMANDS,
            shared=True,
            held=lambda: table.shuffling.state,
            adopt=table.shuffling.adopt,
            tick=table.shuffling.tick,
        ),
        Slice(
            private_progress.NAME,
            None,
            private_progress.handle,
            private_progress.COMMANDS,
            shared=True,
            held=lambda: table.private.state,
            adopt=table.private.adopt,
            made=table.private.made,
            tick=table.private.tick,
        ),
        Slice(
            reveal_progress.NAME,
            None,
            reveal_progress.handle,
            reveal_progress.COMMANDS,
            shared=True,
            held=lambda: table.private.reveals.state,
            adopt=table.private.reveals.adopt,
            tick=table.private.reveals.tick,
        ),
    ]
