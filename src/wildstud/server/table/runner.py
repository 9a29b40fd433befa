"""The hand runner's state: a value the runner replaces, never changes in place.

The hand runner (:mod:`.driver`) deals the hands, runs the dealer's choice, the showdown's and
the run-it-twice offer's clocks, and keeps the button's round. Everything it holds between two
of its changes is one frozen :class:`RunnerState`: the hand in progress and the last one
played, the button, the hands dealt, the game dealt last, who was dealt into the last hand,
the dealer's choice, the turn's clock and the showdown's and the offer's, when the next hand
may be dealt, and the seats' figures for the hand in progress (who acted, who the clock acted
for).

A change of the runner makes a new value (:meth:`RunnerState.but`) and stages it with the
change in hand; the runner adopts it only once the store has the change, and a change the store
refuses leaves the value in force as it was: there is nothing to put back. The rows the runner
writes for the seats (a time bank drawn on, a request's number, the stacks a hand ends with)
go into the change and reach the seats in memory once it is stored, as the seating's do
(:meth:`.table.Table.stored`); what a seat's row becomes at the end of a hand is the pure
:func:`hand_end_row`. The turn's clock is part of the value too: the change that makes a new
turn times it (:func:`timed`, from the seats' rows as that change leaves them), so that the
turn is adopted with the change once it is stored, never before it and never alone.

>>> state = RunnerState(button=None, hands_dealt=0, last_entry=None)
>>> later = state.but(hands_dealt=1, acted=frozenset({2}))
>>> state.hands_dealt, later.hands_dealt, sorted(later.acted)
(0, 1, [2])
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass, field, replace
from dataclasses import fields as dataclass_fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from wildstud.server.clock import Turn, away
from wildstud.server.store.records import Changes, SeatState

if TYPE_CHECKING:
    from wildstud.server.schemas import TableSettings
    from wildstud.server.showdown import ShowdownChoice, TwiceOffer
    from wildstud.server.table.live import LiveHand

__all__ = [
    "RUNNER",
    "AtTurn",
    "Choosing",
    "RunnerState",
    "hand_end_row",
    "marked",
    "row_in",
    "timed",
]

RUNNER = "runner"
"""The name the runner's state is staged under in the change in hand
(:attr:`.writer.Writer.staged`)."""


@dataclass(frozen=True, slots=True)
class Choosing:
    """Dealer's choice in progress: the dealer, the games that fit, the deadline."""

    button: int
    entries: tuple[int, ...]
    deadline: float


@dataclass(frozen=True, slots=True)
class RunnerState:
    """What the hand runner holds (see the module's description)."""

    button: int | None
    """The seat that dealt the last hand (``None`` before the first)."""
    hands_dealt: int
    last_entry: int | None
    """The menu's entry dealt last (a game is not chosen twice in a row when it may not be)."""
    live: LiveHand | None = None
    """The hand being played, if any."""
    last_hand: LiveHand | None = None
    """The last hand played, between hands."""
    choosing: Choosing | None = None
    turn: Turn = field(default_factory=Turn)
    """The turn the runner times (:class:`~wildstud.server.clock.Turn`): a clock that nothing
    stores, timed in the change that makes the turn (:func:`timed`) and adopted with it."""
    showdown: ShowdownChoice | None = None
    """The showdown waiting for its players' choices, if any."""
    offer: TwiceOffer | None = None
    """The offer to run it twice waiting for its players' answers, if any."""
    dealt_last: Mapping[int, str] | None = None
    """The seats dealt into the last hand, each with its player's id: the button's round
    (see :meth:`.button.Seats.next_button`); ``None`` when no hand is known."""
    next_hand_at: float = 0.0
    """When the next hand may be dealt (:func:`time.monotonic` seconds)."""
    acted: frozenset[int] = frozenset()
    """The seats whose players acted in the hand in progress (not the clock for them)."""
    timed_out: frozenset[int] = frozenset()
    """The seats the clock acted for in the hand in progress."""
    break_shown: int | None = None
    """The level whose tournament break every page was last sent the table frame for (the
    pages count a break down by themselves; a restarted server shows it again)."""

    def but(self, **fields: Any) -> RunnerState:
        """This state with ``fields`` changed: a new value, this one left as it is.

        >>> state = RunnerState(1, 2, None)
        >>> new = state.but(hands_dealt=3, last_entry=0)
        >>> (new.button, new.hands_dealt, new.last_entry, new.turn is state.turn), state.hands_dealt
        ((1, 3, 0, True), 2)
        """
        # Every field read at once (one C call), not by dataclasses.replace, which reads each
        # with a call of its own: a change of the runner's state copies it several times.
        values = dict(zip(_NAMES, _VALUES(self), strict=True))
        values.update(fields)
        return RunnerState(**values)


_NAMES = tuple(item.name for item in dataclass_fields(RunnerState))
_VALUES = attrgetter(*_NAMES)
"""Every field of a :class:`RunnerState`, read at once (:meth:`RunnerState.but`)."""


@dataclass(frozen=True, slots=True)
class AtTurn:
    """What timing a turn reads of the table outside the runner's state, as the change in hand
    leaves it (made by the driver: :meth:`.driver.Driver.at_turn`)."""

    rows: Mapping[int, SeatState]
    """Every seat's row, those the change writes over the stored (a time bank drawn on)."""
    pages: Set[int]
    """The seats whose player has a page open."""
    settings: TableSettings
    """The clocks' lengths: the action clock, the away clock, the bots' delay, the redeal's
    pause."""


def timed(state: RunnerState, at: AtTurn, now: float) -> RunnerState:
    """``state`` with its turn timed for the hand as ``state`` leaves it: a turn not timed yet
    (a player's, with the time bank of their row and the short away clock when they are away;
    a redeal pending, the dealer's) starts at ``now`` (:meth:`.Turn.start`); no turn, no clock.
    ``state`` itself when its turn is timed already.

    >>> from wildstud.server.schemas import GameEntry, TableSettings
    >>> settings = TableSettings(name="x", games=[GameEntry(game="FTQ")], action_clock=20)
    >>> at = AtTurn({}, frozenset(), settings)
    >>> idle = RunnerState(None, 0, None)
    >>> timed(idle, at, 5.0) is idle
    True
    """
    live = state.live
    turn = state.turn
    key: tuple[int, int] | None = None
    to_act = None
    if live is not None:
        hand = live.hand
        to_act = hand.to_act
        if to_act is not None or hand.redeal_pending is not None:
            key = (live.number, len(hand.events))
    if key is not None and key == turn.key:
        return state  # timed already: the rows are not read
    settings = at.settings
    action = settings.action_clock
    bank: float | None = None
    if live is not None and to_act is not None:
        index = live.setup.lineup[to_act]
        row = at.rows[index]
        bank = row.time_bank
        # The clock's marks as this change leaves them (it may have acted for them just now).
        missed = row.missed_hands
        if row.kind == "player" and away(index in at.pages, index in state.timed_out, missed):
            action = min(action, settings.away_clock)  # a bot is never away
    new = turn.start(
        key,
        bank,
        now=now,
        action=action,
        bot_delay=settings.bot_delay,
        redeal_pause=settings.redeal_pause,
    )
    return state if new is turn else state.but(turn=new)


def marked(state: RunnerState, index: int, *, acted: bool, timed_out: bool = False) -> RunnerState:
    """``state`` once seat ``index``'s player made a choice in the hand (``acted``), or the
    clock acted for them (``timed_out``; the showdown's default is no missed turn,
    :mod:`wildstud.server.showdown`): ``state`` itself when it knows it already.

    >>> state = RunnerState(None, 1, None, acted=frozenset({1}))
    >>> marked(state, 1, acted=True) is state, sorted(marked(state, 3, acted=True).acted)
    (True, [1, 3])
    >>> sorted(marked(state, 3, acted=False, timed_out=True).timed_out)
    [3]
    """
    if acted and index not in state.acted:
        return state.but(acted=state.acted | {index})
    if timed_out and index not in state.timed_out:
        return state.but(timed_out=state.timed_out | {index})
    return state


def hand_end_row(
    row: SeatState, stack: int, *, acted: bool, timed_out: bool, absent_hands: int
) -> SeatState:
    """Seat ``row`` once its hand is over with ``stack`` chips: a player the clock acted for
    who never acted has missed one more hand (``absent_hands`` in a row sit them out); one who
    acted has missed none.

    >>> row = SeatState(0, "p", "Ann", "player", None, 500, False, 1, 30.0, 4, False)
    >>> missed = hand_end_row(row, 450, acted=False, timed_out=True, absent_hands=2)
    >>> missed.stack, missed.missed_hands, missed.sitting_out
    (450, 2, True)
    >>> hand_end_row(row, 700, acted=True, timed_out=True, absent_hands=2).missed_hands
    0
    """
    missed, sitting_out = row.missed_hands, row.sitting_out
    if timed_out and not acted:
        missed += 1
        if missed >= absent_hands:
            sitting_out = True
    elif acted:
        missed = 0
    return replace(row, stack=stack, missed_hands=missed, sitting_out=sitting_out)


def row_in(changes: Changes, index: int) -> SeatState | None:
    """The row ``changes`` write for seat ``index`` (the last, when they write two), if any.

    >>> row = SeatState(0, "p", "Ann", "player", None, 500, False, 0, 30.0, 4, False)
    >>> row_in(Changes(seats=[row, replace(row, stack=9)]), 0).stack, row_in(Changes(), 0)
    (9, None)
    """
    for row in reversed(changes.seats):
        if row.seat == index:
            return row
    return None
