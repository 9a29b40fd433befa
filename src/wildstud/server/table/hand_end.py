"""A hand's end, as the hand runner (:mod:`.driver`) stores it: the stacks the hand leaves,
the ledger's results, the absences the clock counts, the seats that leave with it, the
hand's record, a tournament's knock-outs and the chips approved while it was played, all in
the change that ends it.

What the other parts do at a hand's end is asked of them as commands folded into that
change (:meth:`.actor.Actor.fold`): the stacks of the seats that stay are the seating's
(:class:`~.seating.HandOver`), a seat leaving leaves by :class:`~.seating.Leave`, the chips
come by the cashier's :class:`~.cashier.HandEnded`; the notices the hand played are dropped
by the settings once it is stored (:class:`~.settings.NoticesPlayed`). The hand's end and
all it brings are one transaction: a later turn never sees one without the other, and a
failed write leaves neither.

>>> finish_hand.__name__
'finish_hand'
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from wildstud.server.history import summary
from wildstud.server.pace import hand_pause
from wildstud.server.store import Changes, HandEnd, SeatState
from wildstud.server.table.cashier import HandEnded, Holder, Limits
from wildstud.server.table.runner import hand_end_row, row_in
from wildstud.server.table.seating import HandOver
from wildstud.server.table.settings import NoticesPlayed
from wildstud.words import describe_settings

if TYPE_CHECKING:
    from wildstud.server.table.driver import Driver
    from wildstud.server.table.live import LiveHand

__all__ = ["finish_hand"]


def finish_hand(runner: Driver, changes: Changes, live: LiveHand, void: str | None = None) -> None:
    """Hand ``live`` (as the change in hand leaves it) is over: stacks, ledger, absences and
    departures, all in ``changes``; the seats take their rows, and ``runner`` its state
    between hands, once they are stored. ``void``: why the hand is void, its chips back where
    they were before it."""
    table = runner.table
    state = runner.current
    hand = live.hand
    setup = live.setup
    number = setup.number
    stacks = setup.stacks if void is not None else hand.stacks
    absent_hands = table.settings.absent_hands
    staying: list[SeatState] = []
    for engine, index in enumerate(setup.lineup):
        seat = table.seats.get(index)
        if seat is None:  # pragma: no cover - a seat in a hand leaves only when it ends
            continue
        result = stacks[engine] - setup.stacks[engine]
        if result:
            changes.ledger.append(seat.entry("hand", result, number))
        row = hand_end_row(
            row_in(changes, index) or seat.state(),
            stacks[engine],
            acted=index in state.acted,
            timed_out=index in state.timed_out,
            absent_hands=absent_hands,
        )
        changes.seats = [written for written in changes.seats if written.seat != index]
        if row.leaving:
            table.hosting.leave(seat, row.stack, changes)
        else:
            staying.append(row)
    # The new stacks are the seating's to write: a follow-up of the hand's end, folded
    # into its change rather than asked through the inbox, because the hand's end and the
    # stacks it leaves must be one transaction (a later turn could see one without the
    # other, and a failed write must leave neither).
    table.actor.fold("seating", HandOver(tuple(staying)), changes)
    record = summary(table.id, setup, hand, live.book)
    # The host's changes that held from this hand go into its record (console.py).
    record["notices"] = [
        describe_settings(notice.changes) for notice in table.notices if notice.hand == number
    ]
    # The settings slice drops them once the hand's end is stored (:mod:`.settings`), in
    # the same turn: a client welcomed in between would be told them again.
    table.writer.after(lambda: table.actor.follow(NoticesPlayed(number)))
    if void is not None:
        record["void"] = void
        record["final_stacks"] = list(stacks)
    table.writer.after(lambda: runner.table.shuffling.forget_hand(number))
    changes.hand_end = HandEnd(number, tuple(stacks), record)
    if table.tournament is not None:  # knock-outs, and the prizes once one is left
        table.desk.hand_ended(live, changes)
    # Between hands: the chips the host approved during this one come to the table now.
    if any(request.status == "approved" for request in table.cashier.open):
        rows = (row_in(changes, index) or seat.state() for index, seat in table.seats.items())
        holders = tuple(Holder(row, row.stack) for row in rows)
        # Folded, as the stacks are: the chips come with the hand's end or not at all.
        table.actor.fold("cashier", HandEnded(holders, Limits.of(table.settings)), changes)
    runner.put(
        live=None,
        last_hand=live,
        next_hand_at=time.monotonic() + hand_pause(table.settings, hand),
        acted=frozenset(),
        timed_out=frozenset(),
    )
    table.writer.after(table.metrics.hand_finished)  # counted once it is stored
