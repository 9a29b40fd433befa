"""A hand's end, as the hand runner (:mod:`.driver`) stores it: the stacks the hand leaves,
the ledger's results, the absences the clock counts, the seats that leave with it, the
hand's record, a tournament's knock-outs and the chips approved while it was played, all in
the change that ends it.

:func:`finish_hand` is pure: a function of the runner's state, the hand and what it needs of
the table as the change in hand leaves it (:class:`AtHandEnd`: the seats' rows, the settings,
the host's notices, whether approved chips wait), with no table, store or clock in it. Its
outcome is the runner's state between hands, the rows the hand's end writes (the ledger's
results, the hand's record), and what the other parts do at a hand's end as follow-up
commands: the stacks of the seats that stay are the seating's (:class:`~.seating.HandOver`),
a seat leaving leaves by :class:`~.seating.Leave`, a tournament's knock-outs are the desk's
(:class:`~.desk.HandFinished`), the approved chips come by the cashier's
:class:`~.cashier.HandEnded`, the notices the hand played are dropped by the settings
(:class:`~.settings.NoticesPlayed`) and the players' shuffle forgets the hand's values
(:class:`~.core.ForgetHand`). The driver folds them all into the change that ends the hand
(:meth:`.actor.Actor.fold_outcome`): the hand's end and all it brings are one transaction, a
later turn never sees one without the other, and a failed write leaves neither.

>>> from wildstud.server.replay import DeckBook, start_hand
>>> from wildstud.server.schemas import GameEntry, TableSettings
>>> from wildstud.server.store import HandSetup
>>> from wildstud.server.table.live import LiveHand
>>> setup = HandSetup(number=1, entry=0, game="FTQ", options={}, lineup=(0, 2),
...                   names=("Ann", "Bo"), dealer=0, stacks=(100, 100), player_ids=("a", "b"))
>>> book = DeckBook()
>>> live = LiveHand(setup, book, start_hand(setup, book), actions=0)
>>> rows = {0: SeatState(0, "a", "Ann", "player", None, 100, False, 0, 30.0, 1, False),
...         2: SeatState(2, "b", "Bo", "player", None, 100, False, 0, 30.0, 1, True)}
>>> settings = TableSettings(name="x", games=[GameEntry(game="FTQ")], hand_pause=4)
>>> at = AtHandEnd("t", rows, {}, settings, (), approved=False, tournament=False)
>>> ended = finish_hand(RunnerState(0, 1, 0, live=live), live, at, 100.0, void="a misdeal")
>>> ended.state.live is None, ended.state.last_hand is live, ended.state.next_hand_at
(True, True, 104.0)
>>> [type(command).__name__ for command in ended.follow]
['Leave', 'HandOver', 'NoticesPlayed', 'ForgetHand']
>>> ended.effect.request.hand_end.final_stacks, ended.effect.request.ledger
((100, 100), [])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from wildstud.server.history import summary
from wildstud.server.pace import hand_pause
from wildstud.server.store import Changes, HandEnd, LedgerEntry, Notice, SeatState
from wildstud.server.table.cashier import HandEnded, Holder, Limits
from wildstud.server.table.core import Command, Effect, ForgetHand, Outcome
from wildstud.server.table.desk import HandFinished
from wildstud.server.table.reveal_progress import MaybeDue
from wildstud.server.table.runner import RunnerState, hand_end_row
from wildstud.server.table.seating import HandOver, Leave
from wildstud.server.table.settings import NoticesPlayed
from wildstud.words import describe_settings

if TYPE_CHECKING:
    from wildstud.server.schemas import TableSettings
    from wildstud.server.table.live import LiveHand

__all__ = ["AtHandEnd", "finish_hand", "then_ended"]


@dataclass(frozen=True, slots=True)
class AtHandEnd:
    """What a hand's end needs of the table outside the runner's state, as the change in hand
    leaves it (made by the driver: :meth:`.driver.Driver.finish_hand`)."""

    table_id: str
    rows: Mapping[int, SeatState]
    """Every seat's row, as the change in hand leaves it (a time bank drawn on in the action
    that ends the hand, a request's number)."""
    clients: Mapping[int, tuple[Any, ...]]
    """The connections of the seats that leave as the hand ends (told and closed once it is
    stored); a seat not here has none."""
    settings: TableSettings
    """The table's settings: the absences that sit a player out, the pause before the next
    hand, the limits on the chips approved."""
    notices: tuple[Notice, ...]
    """The host's notices (those that held from this hand go into its record)."""
    approved: bool
    """Whether the host approved chips during the hand (they come now)."""
    tournament: bool
    """Whether the table is a tournament's (its desk places those who went out)."""


def finish_hand(
    state: RunnerState, live: LiveHand, at: AtHandEnd, now: float, void: str | None = None
) -> Outcome[RunnerState]:
    """Hand ``live`` (as the change in hand leaves it) is over at ``now``, the runner as
    ``state`` stands: its outcome is the runner's state between hands, the change's rows (the
    ledger's results, the hand's end and record) and the other parts' follow-ups, in the
    order they are folded (see the module's description). ``void``: why the hand is void, its
    chips back where they were before it."""
    hand = live.hand
    setup = live.setup
    number = setup.number
    stacks = setup.stacks if void is not None else hand.stacks
    changes = Changes()
    follow: list[Command] = []
    staying: list[SeatState] = []
    ended: dict[int, SeatState] = {}
    left: set[int] = set()
    for engine, index in enumerate(setup.lineup):
        row = at.rows.get(index)
        if row is None:  # pragma: no cover - a seat in a hand leaves only when it ends
            continue
        result = stacks[engine] - setup.stacks[engine]
        if result:
            changes.ledger.append(_entry(row, result, number))
        row = hand_end_row(
            row,
            stacks[engine],
            acted=index in state.acted,
            timed_out=index in state.timed_out,
            absent_hands=at.settings.absent_hands,
        )
        if row.leaving:
            follow.append(Leave(index, row.stack, at.clients.get(index, ())))
            left.add(index)
        else:
            staying.append(row)
            ended[index] = row
    # The new stacks are the seating's to write: a follow-up of the hand's end, folded into
    # its change, because the hand's end and the stacks it leaves must be one transaction (a
    # later turn could see one without the other, and a failed write must leave neither).
    follow.append(HandOver(tuple(staying)))
    record = summary(at.table_id, setup, hand, live.book)
    # The host's changes that held from this hand go into its record (console.py).
    record["notices"] = [
        describe_settings(notice.changes) for notice in at.notices if notice.hand == number
    ]
    if void is not None:
        record["void"] = void
        record["final_stacks"] = list(stacks)
    changes.hand_end = HandEnd(number, tuple(stacks), record)
    if at.tournament:  # knock-outs, and the prizes once one is left
        starts = tuple(zip(setup.player_ids, setup.stacks, strict=True))
        follow.append(HandFinished(number, starts))
    if at.approved:  # between hands: the chips the host approved during this one come now
        rows = {**at.rows, **ended}  # a seat that left has its request cancelled
        holders = tuple(Holder(row, row.stack) for index, row in rows.items() if index not in left)
        follow.append(HandEnded(holders, Limits.of(at.settings)))
    # The settings drop the hand's notices once its end is stored (a client welcomed after it
    # is not told them again); the players' shuffle forgets its values, which the store has.
    follow += [NoticesPlayed(number), ForgetHand(number)]
    if at.settings.deal == "private":  # its secrets may be due now: the audit's slice looks
        follow.append(MaybeDue())
    new = state.but(
        live=None,
        last_hand=live,
        next_hand_at=now + hand_pause(at.settings, hand),
        acted=frozenset(),
        timed_out=frozenset(),
    )
    return Outcome(new, effect=Effect(changes), follow=tuple(follow))


def then_ended(
    outcome: Outcome[RunnerState], at: AtHandEnd, now: float, void: str | None = None
) -> Outcome[RunnerState]:
    """``outcome``, a change of the runner's whose hand in play is over (a deal, an action:
    :mod:`.hand_start`, :mod:`.hand_play`), with the hand's end (:func:`finish_hand`) in the same
    change: the seats' rows as the change leaves them (``at``'s, with the change's own over
    them), the rows it wrote for the seats dealt in left to the seating's follow-ups (the
    stacks the hand left, or the seat given up), its follow-ups then the hand's end's."""
    live = outcome.state.live
    assert live is not None
    assert outcome.effect is not None
    written = outcome.effect.request
    assert isinstance(written, Changes)
    rows = {**at.rows, **{row.seat: row for row in written.seats}}
    ended = finish_hand(outcome.state, live, replace(at, rows=rows), now, void)
    lineup = live.setup.lineup
    changes = Changes(seats=[row for row in written.seats if row.seat not in lineup])
    changes.add(replace(written, seats=[]))  # a copy: the outcome given is left as it was
    assert ended.effect is not None
    assert isinstance(ended.effect.request, Changes)
    changes.add(ended.effect.request)
    follow = (*outcome.follow, *ended.follow)
    return Outcome(ended.state, effect=Effect(changes), news=outcome.news, follow=follow)


def _entry(row: SeatState, result: int, number: int) -> LedgerEntry:
    """The ledger's entry of hand ``number``'s ``result`` on ``row``'s account (the house's
    for a bot)."""
    return LedgerEntry(
        player_id=row.player_id,
        seat=row.seat,
        name=row.name,
        reason="hand",
        amount=result,
        hand_number=number,
        house=row.kind != "player",
    )
