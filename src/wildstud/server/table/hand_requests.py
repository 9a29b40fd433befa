"""The players' requests in a hand as commands of the table's core (the hand runner's slice,
:mod:`.runner_slice`).

A player's pick of a game as the dealer (:class:`ChooseGame`), the answer to an offer to run it
twice (:class:`AnswerTwice`), the choice to show or muck at the showdown (:class:`ShowOrMuck`)
and an action in the betting (:class:`Play`) are commands the actor hands to
:func:`handle`, a pure function of the runner's state (:class:`~.runner.RunnerState`, as the
store holds it) and of what the command carries, made from the table as its turn comes (the
seat, the number it last took, whether the table is paused). It answers a resend of a request
carried out already (:meth:`.core.Numbered.again`), refuses one that may not be carried out
now (:class:`~.core.Refused`, with the engine's or the runner's reason: nothing changes), and
acks one that is (:class:`~.core.Acked`), once its change is stored.

Each request that is carried out comes to the runner slice's own command, its follow-up
(:class:`~.runner_commands.DealHand`, :class:`Action`, :class:`Decide`, :class:`Answer`): one
pure change, made whole from the table as its turn comes (the seat's row with the request's
number in it, what the change reads), stored once by the actor through the table's one fenced
writer, the runner adopting its new state only once it is stored, and acked then. A store that
fails raises :class:`~.writer.StorageFailureError` at the asker, the runner's state and the
seat's number as they were, and nothing is acked.

>>> from wildstud.server.messages import Choose
>>> from wildstud.server.table.runner import Choosing
>>> state = RunnerState(2, 3, None, choosing=Choosing(2, (0, 1), 9.0))
>>> asked = Numbered("ann's page", Choose(type="choose", seq=1, entry=1), None)
>>> outcome = handle(state, ChooseGame(asked, None, 1, 0, False, entry=1), 0.0)
>>> outcome.reply.error
IllegalActionError('it is not your turn to choose the game')
>>> outcome.state is state, outcome.effect, outcome.news
(True, None, ())
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from wildstud.betting import ActionKind
from wildstud.errors import IllegalActionError, WildstudError
from wildstud.server.table.core import Acked, Command, Numbered, Outcome, Refused
from wildstud.server.table.runner import AtTurn, RunnerState
from wildstud.server.table.runner_commands import DealHand

if TYPE_CHECKING:
    from wildstud.server.seating import Seat
    from wildstud.server.store.records import SeatState
    from wildstud.server.table.hand_end import AtHandEnd
    from wildstud.server.table.hand_play import AtPlay
    from wildstud.server.table.live import LiveHand
    from wildstud.server.table.runner_steps import AtStep

__all__ = [
    "COMMANDS",
    "Action",
    "Answer",
    "AnswerTwice",
    "ChooseGame",
    "Decide",
    "Play",
    "Request",
    "ShowOrMuck",
    "handle",
]


@dataclass(frozen=True, slots=True)
class Request(Command):
    """A request of seat ``index`` (its player at ``seat``, whose last request carried out was
    numbered ``last_seq``) in a hand; ``asked``: the request as it came."""

    asked: Numbered
    seat: Seat
    index: int
    last_seq: int
    paused: bool
    """Whether the table is paused (it takes no choice in a hand then)."""


@dataclass(frozen=True, slots=True)
class ChooseGame(Request):
    """The dealer picks game ``entry`` of the menu."""

    entry: int


@dataclass(frozen=True, slots=True)
class AnswerTwice(Request):
    """A player all in answers the offer to run it twice: ``agree`` or not."""

    agree: bool


@dataclass(frozen=True, slots=True)
class Answer(Command):
    """``seat``'s answer to the offer to run it twice, the runner slice's own command (``engine``:
    its seat in the hand, ``seq``: the request's number, stored with the answer, ``None`` for
    the clock's no; ``source``: who decided it, ``player`` or ``clock``,
    :class:`.runner_slice.OfferTimeUp`): one pure change (:func:`.runner_steps.decided`), made
    whole as its turn comes (:meth:`.driver.Driver.made`: ``row``, the seat's row; ``at``, what
    the change reads of the table)."""

    seat: Seat
    engine: int
    agree: bool
    seq: int | None
    source: str = "player"
    row: SeatState | None = None
    at: AtStep | None = None


@dataclass(frozen=True, slots=True)
class ShowOrMuck(Request):
    """A player at the showdown shows their hand (``show``) or mucks it unshown."""

    show: bool


@dataclass(frozen=True, slots=True)
class Decide(Command):
    """``seat``'s choice at the showdown, the runner slice's own command (``engine``: its seat
    in the hand, ``show``: ``None`` for the engine's choice with the table's default, the
    clock's; ``seq``: the request's number, stored with it, ``None`` for the clock's;
    ``source``: who decided it, ``player`` or ``clock``, :class:`.runner_slice.ShowdownTimeUp`):
    one pure change (:func:`.runner_steps.decided`), made whole as its turn comes
    (:meth:`.driver.Driver.made`: ``row``, the seat's row; ``default``, the table's showdown
    default; ``at``, what the change reads of the table)."""

    seat: Seat
    engine: int
    show: bool | None
    seq: int | None
    source: str = "player"
    row: SeatState | None = None
    default: str = "muck"
    at: AtStep | None = None


@dataclass(frozen=True, slots=True)
class Play(Request):
    """A player acts in the betting: ``action`` (an :class:`~wildstud.betting.ActionKind`'s
    value), of ``amount`` chips where it takes one."""

    action: str
    amount: int | None


@dataclass(frozen=True, slots=True)
class Action(Command):
    """``seat``'s action, the runner slice's own command (``engine``: its seat in the hand,
    ``seq``: the request's number, ``None`` for an action nobody asked for, ``bank``: the time
    bank it has left, ``None`` when no clock runs; both stored with the action; ``source``: who
    decided it, ``player``, ``clock``, ``bot`` or ``host``, :class:`.runner_slice.TimeUp`): one
    pure change (:func:`.runner_steps.acted`), made whole as its turn comes
    (:meth:`.driver.Driver.made`: ``row``, the seat's row; ``play`` and ``turn``, what the change
    reads of the table; ``end``, what the hand's end reads, read only once the action is found to
    end the hand, ``ends``)."""

    seat: Seat
    engine: int
    kind: ActionKind
    amount: int | None
    seq: int | None
    bank: float | None
    source: str = "player"
    row: SeatState | None = None
    play: AtPlay | None = None
    turn: AtTurn | None = None
    end: AtHandEnd | None = None
    ends: bool = False


COMMANDS: tuple[type[Command], ...] = (ChooseGame, AnswerTwice, ShowOrMuck, Play)
"""The commands this slice takes."""


def handle(state: RunnerState, command: Command, now: float) -> Outcome[RunnerState]:
    """The outcome of ``command`` for the runner as ``state`` stands (see the module's
    description); the state itself is the runner's to change, once its step is stored."""
    assert isinstance(command, Request), command
    again = command.asked.again(command.last_seq)
    if again is not None:
        return Outcome(state, news=(again,))
    try:
        step = _step(state, command, now)
    except WildstudError as error:  # the engine's reason, or the runner's
        return Outcome(state, reply=Refused(error))
    # The reply says it was carried out (an action's latency is observed then).
    acked = (Acked(command.asked, command.index),)
    # The slice's own command: one pure change, acked once it is stored.
    return Outcome(state, news=acked, reply=True, follow=(step,))


def _row(seat: Seat, seq: int) -> SeatState:
    """``seat``'s row, with the number of the request it makes now."""
    return replace(seat.state(), last_seq=seq)


def _step(state: RunnerState, command: Request, now: float) -> Action | Decide | Answer | DealHand:
    """The step ``command`` asks of the runner; refused with the reason it may not be taken."""
    if isinstance(command, ChooseGame):
        return _chosen(state, command)
    if isinstance(command, Play):
        return _played(state, command, now)
    if isinstance(command, ShowOrMuck):
        live, engine = _hand_of(
            state,
            command,
            "there is no showdown now to show or muck at",
            "you have no hand at this showdown",
        )
        # The engine says what may be chosen, and why not (a hand that takes part of a pot).
        live.hand.verify_show_or_muck(engine, command.show)
        return Decide(command.seat, engine, command.show, command.asked.seq)
    assert isinstance(command, AnswerTwice)
    live, engine = _hand_of(
        state, command, "no hand is being played", "you are not dealt into this hand"
    )
    # The engine says whether the hand may be run twice now, and why not.
    live.hand.verify_agree_run_twice(engine, command.agree)
    return Answer(command.seat, engine, command.agree, command.asked.seq)


def _played(state: RunnerState, command: Play, now: float) -> Action:
    live, engine = _hand_of(
        state, command, "no hand is being played", "you are not dealt into this hand"
    )
    live.hand.verify_act(command.action, command.amount, seat=engine)
    clock = state.turn.clock
    bank = None if clock is None else clock.bank_after(now)
    kind = ActionKind(command.action)
    return Action(command.seat, engine, kind, command.amount, command.asked.seq, bank)


def _hand_of(
    state: RunnerState, command: Request, no_hand: str, not_dealt: str
) -> tuple[LiveHand, int]:
    """The hand in play and the seat's place in it, for a choice the seat makes in it (a
    paused table takes none); else the reason, ``no_hand`` or ``not_dealt``."""
    if command.paused:
        raise IllegalActionError("the table is paused: wait for the host to resume it")
    live = state.live
    if live is None:
        raise IllegalActionError(no_hand)
    engine = live.engine_seat(command.seat)
    if engine is None:
        raise IllegalActionError(not_dealt)
    return live, engine


def _chosen(state: RunnerState, command: ChooseGame) -> DealHand:
    """The game ``command`` picks, dealt (:class:`~.runner_commands.DealHand`, the chooser's
    row with its request's number stored with the deal); refused when it may not be picked."""
    choosing = state.choosing
    if choosing is None or choosing.button != command.index:
        raise IllegalActionError("it is not your turn to choose the game")
    if command.entry not in choosing.entries:
        allowed = ", ".join(str(index) for index in choosing.entries)
        raise IllegalActionError(
            f"game {command.entry} cannot be chosen now (the games that fit: {allowed})"
        )
    return DealHand(command.entry, _row(command.seat, command.asked.seq))
