"""A table as the store kept it (a restarted server's, one the lobby reloads, one taken over in a
cluster): its rows, its slices' states, and the hand in progress replayed to where it stood.

The hand is replayed from its stored actions on the decks the store holds (or, under a private
deal, on the rows of its rounds: :mod:`wildstud.server.private_replay`), a redeal that was
pending when the server stopped held for the players' shuffle; the runner takes the hand with
who acted in it and who the clock acted for (a replay rebuilds the absences the clock counts).
Nothing is stored here: :meth:`.table.Table.resume` stores what the replay had to draw afresh.

:meth:`.table.Table.restore` is the way in (this module does not import the table's, which
imports it: its class is handed in):

>>> restored.__name__
'restored'
"""

from __future__ import annotations

import dataclasses
import functools
from typing import TYPE_CHECKING

from wildstud.deal import Hand
from wildstud.server.private_replay import rebuild_private
from wildstud.server.replay import CHOICES, DeckBook, rebuild
from wildstud.server.seating import Seat
from wildstud.server.table.live import LiveHand
from wildstud.server.table.private import context
from wildstud.server.table.seat_requests import RequestsState

if TYPE_CHECKING:
    from wildstud.server.store import Store, StoredHand, StoredTable
    from wildstud.server.table.table import Table

__all__ = ["restored"]


def restored(cls: type[Table], stored: StoredTable, store: Store) -> Table:
    """The table (of class ``cls``) that ``stored`` holds, on ``store``, its hand in progress
    replayed to where it stood."""
    seats = (Seat.from_state(state) for state in stored.seats)
    table = cls(stored.table, seats, store, stored.rebuys, stored.tournament)
    table.actor.slices["requests"].state = RequestsState.of(stored.requests)
    rules = table.actor.slices["settings"]
    rules.state = dataclasses.replace(rules.state, notices=tuple(stored.notices))
    table.shuffling.load(stored.shuffle_night, stored.shuffle)
    if stored.live_hand is not None:
        _replayed(table, stored, stored.live_hand)
    return table


def _replayed(table: Table, stored: StoredTable, kept: StoredHand) -> None:
    """The hand in progress, ``kept``, replayed and taken by the runner."""
    setup = kept.setup
    shuffling = table.shuffling
    book = DeckBook(kept.decks, kept.salts, shuffling.shuffle_for(setup.number), kept.made_from)
    hand: Hand
    if table.private.on:  # no deck: the rounds' rows (.private)
        rows = [row for row in stored.private_rounds if row.number == setup.number]
        hand, deals = rebuild_private(
            setup, context(table.id, setup.number), rows, kept.actions, table.private.dealer
        )
    else:
        hand = rebuild(
            setup,
            book,
            kept.actions,
            hold_showdown=True,
            hold_redeal=functools.partial(shuffling.resumes, setup.number),
        )
    live = LiveHand(setup, book, hand, len(kept.actions))
    table.fanout.sent(setup.number).published = len(hand.events)
    acted: set[int] = set()
    timed_out: set[int] = set()
    for action in kept.actions:
        index = setup.lineup[action.seat]
        if index in table.seats:
            if action.source == "player":
                acted.add(index)
            # The showdown's default is no missed turn (server/showdown.py).
            if action.source == "clock" and action.kind not in CHOICES:
                timed_out.add(index)
    runner = table.driver
    if table.private.on:
        table.private.load(setup.number, deals, rows, live)
    runner.adopt(
        runner.state.but(
            live=live,
            dealt_last={
                index: table.seats[index].player_id
                for index in setup.lineup
                if index in table.seats
            },
            acted=frozenset(acted),
            timed_out=frozenset(timed_out),
        )
    )
