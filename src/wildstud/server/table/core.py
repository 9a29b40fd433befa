"""The pure core of a table's actor: commands, and the outcome a slice makes of one.

A table is run by one actor (:mod:`.actor`): one task reads one inbox of commands (from the
sockets, the REST API, timers and the cluster) and hands each to the slice that owns its kind.
A slice is a pure function ``handle(state, command, now) -> Outcome`` over a state of its own:
no asyncio, no store, no clock but ``now``. The :class:`Outcome` says everything the command
comes to:

- ``state``: the slice's new state, which the actor adopts only once ``effect`` is done (a write
  that the store refuses leaves the old state in force);
- ``effect``: what the store must do (a write, or a read the slice needs), and the command to
  hand the slice with its result (:class:`Effect`);
- ``news``: the frames for each audience (:class:`News`; :class:`TableNews` for the table frame
  and :class:`ClockNews` for the turn's clock as they stand once the turn is done;
  :class:`Dismissed` for connections the table lets go; :class:`Acked` for a seat's request
  carried out), sent by the outbox at the end of the turn, never before the effect is done;
- ``reply``: the answer to whoever asked (a :class:`Refused` is raised at them);
- ``wake``: when to hand the slice a :class:`Tick` (``None``: the timer as it is;
  ``math.inf``: no timer);
- ``follow``: commands for other slices (a slice never calls another one);
- ``ahead``: news sent at once, before the effect and the follow-ups, the actor's task yielding
  so that the connections' writers write it (a private pass's next page asked while the
  answer before it is checked and stored: :mod:`.private_answers`); never a card, never what
  the store must hold first.

A slice that does nothing with a command says so:

>>> Outcome(state=3).reply is None, Outcome(state=3).news
(True, ())
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from wildstud.errors import WildstudError
from wildstud.server.messages import ack_frame, seq_refusal, seq_taken
from wildstud.server.store.records import Changes, LedgerEntry, SeatState, TableState

if TYPE_CHECKING:
    from wildstud.server.frames import Clock
    from wildstud.server.table.live import LiveHand
    from wildstud.server.table.runner import AtTurn
    from wildstud.server.tourney_schemas import TournamentSettings

__all__ = [
    "Acked",
    "AtSeat",
    "AtTable",
    "Audience",
    "CancelChoice",
    "ClockNews",
    "Command",
    "Credit",
    "DealMade",
    "Dismissed",
    "Effect",
    "Everyone",
    "ForgetHand",
    "Gone",
    "HandNews",
    "HandPlayed",
    "NewHand",
    "News",
    "Numbered",
    "Outcome",
    "PassAhead",
    "PlayerOut",
    "Readers",
    "Refused",
    "ResetTurn",
    "Retime",
    "Spectators",
    "TableNews",
    "TableRuns",
    "Tick",
    "To",
    "Told",
    "TurnedAway",
    "Welcomed",
    "checked",
]

S = TypeVar("S")


class Command:
    """A command to a table's actor: each slice's commands subclass it (frozen dataclasses)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Tick(Command):
    """A timer's command: the time a slice asked to be woken at (its ``wake``) has come."""

    slice: str
    """The name of the slice that asked."""


@dataclass(frozen=True, slots=True)
class To:
    """One connection (the one that asked, as a rule)."""

    client: Any


@dataclass(frozen=True, slots=True)
class AtSeat:
    """Every connection of table seat ``index`` as the news goes out (a player's phone and
    laptop alike): what a private deal asks of a seat's page."""

    index: int


@dataclass(frozen=True, slots=True)
class Readers:
    """The chat's readers: every seat's connections, and the spectators' when ``spectators``."""

    spectators: bool


@dataclass(frozen=True, slots=True)
class Spectators:
    """The spectators' connections."""


@dataclass(frozen=True, slots=True)
class Everyone:
    """Every connection to the table."""


Audience = To | AtSeat | Readers | Spectators | Everyone
"""Who a piece of news is for; the outbox (:mod:`.outbox`) finds their connections."""


@dataclass(frozen=True, slots=True)
class News:
    """A frame (its JSON data, made from its model in :mod:`wildstud.server.frames`) for one
    audience."""

    audience: Audience
    frame: dict[str, Any]


@dataclass(frozen=True, slots=True)
class HandNews:
    """What changed in a hand, as data, for ``audience``: hand ``hand``'s events from
    ``start`` on (0: the whole hand so far), and the clock of the turn it stands at.

    The hand is the engine's, hidden cards and all: the outbox (:mod:`.outbox`) makes each
    connection's frame from its own seat's view, the one place where a view is redacted."""

    audience: Audience
    hand: LiveHand
    start: int
    clock: Clock | None


@dataclass(frozen=True, slots=True)
class CancelChoice(Command):
    """The dealer's choice in progress, if any, is called off (the menu changed, the table
    stood still). A command for the hand runner's slice (:mod:`.runner_slice`)."""


@dataclass(frozen=True, slots=True)
class ResetTurn(Command):
    """The turn in progress, if any, is timed afresh (the table was paused, resumed or ended:
    time the table stood still never counts against anyone). A command for the hand runner's
    slice (:mod:`.runner_slice`), which asks :class:`Retime` to follow; ``at``, what timing the
    turn reads of the table (the seats' rows, the clocks' lengths), is added from the table as
    its turn comes (:meth:`.driver.Driver.made`, :attr:`.actor.Slice.made`)."""

    at: AtTurn | None = None


@dataclass(frozen=True, slots=True)
class Retime(Command):
    """A private deal's wait for a page's answer, a show's too, if any, is timed afresh,
    ``seconds`` from now (the table stood still: the runner's turn was, :class:`ResetTurn`). A
    command for the private deal's slice (:mod:`.private_progress`), folded into the change
    that stood the table still; ``seconds``, the clock of each answer (the table's
    ``shuffle_seconds``), is added from the table as its turn comes
    (:meth:`.private.PrivateDeal.made`, :attr:`.actor.Slice.made`)."""

    seconds: float | None = None


@dataclass(frozen=True, slots=True)
class NewHand(Command):
    """Hand ``number`` is dealt privately: the private deal's state starts afresh for it (its
    rounds begin at the runner's next tick), with ``dealer``, the dealer policy the hand was
    made with (its deck, :class:`~wildstud.private_rounds.RoundsDealer`). The hand runner's
    follow-up of a deal (:func:`.hand_start.start_hand`) for the private deal's slice
    (:mod:`.private_progress`), folded into the change that deals the hand: adopted once it is
    stored."""

    number: int
    dealer: Any = None


@dataclass(frozen=True, slots=True)
class PassAhead(Command):
    """An action left a private hand at the dealer's step: the pass over the next street's
    cards opens at once when it is due (the betting round over, the cards opened so far
    dealt), its rows stored with the action and its first party asked before the frames that
    show the round's end (a page draws each frame as it comes: an ask sent after them waited
    behind its page's drawing, 230 to 280 ms at the median with six Chromium pages on two
    cores). The hand runner's follow-up of an action (:func:`.hand_play.act`) for the private
    deal's slice (:mod:`.private_progress`), folded into the action's change; ``tick``: the
    deal's tick made whole from the table as that change leaves it
    (:meth:`.private.PrivateDeal.made`). Anything else (a pass not due, one the rounds refuse)
    is left to the deal's next tick."""

    tick: Any = None


@dataclass(frozen=True, slots=True)
class ForgetHand(Command):
    """Hand ``number`` is over: the players' shuffle forgets the values its decks were made
    from (the store has them, for the night's record). The hand runner's follow-up of a hand's
    end (:func:`.hand_end.finish_hand`) for the shuffle's slice (:mod:`.shuffle_requests`),
    folded into the change that ends the hand: forgotten once it is stored."""

    number: int


@dataclass(frozen=True, slots=True)
class AtTable:
    """What the tournament desk's follow-ups need of the table outside the desk's state, as the
    change in hand leaves it: made by the table as the follow-up's turn comes
    (:attr:`.actor.Slice.made`, :meth:`.tournament.Desk.at_table`), as the host's rebuy is
    made with the seats' rows (:class:`~.desk.GiveRebuy`)."""

    rules: TournamentSettings | None
    """The tournament's settings (``None``: a cash table)."""
    rows: tuple[SeatState, ...]
    """The seats' rows, as the seating's commands folded into the change leave them (a stack
    is the one between hands)."""
    hands_dealt: int
    """The hands the table has dealt (the hand runner's, as the change leaves it)."""
    in_hand: bool
    """Whether a hand is in play."""
    row: TableState
    """The table's row (its status as the change leaves it): the one a night's end that the
    desk asks for carries (:class:`~.seating.EndNight`)."""


@dataclass(frozen=True, slots=True)
class TableRuns(Command):
    """The table runs (``running``: started or resumed) or stands still (paused, or the night
    ended): a tournament's clock with it. A follow-up of the seating's for the tournament
    desk's slice (:mod:`.desk`), folded into the change whose status it follows
    (:meth:`.actor.Actor.fold`); ``at``: what the desk needs of the table, added as its turn
    comes."""

    running: bool
    at: AtTable | None = field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class PlayerOut(Command):
    """The player of ``row`` (their seat's row as it left) left the table (its seat given
    up): out of a tournament at once, below everyone still in. A follow-up for the desk, as
    :class:`TableRuns` is, folded into the change that stores the leaving."""

    row: SeatState
    at: AtTable | None = field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class DealMade(Command):
    """The last players of a tournament agreed a deal of ``kind`` (a deal is made between
    hands only, of 2 to 16 players with chips): the prizes are paid by it. A follow-up for the
    desk, as :class:`TableRuns` is, folded into the change that ends the night with it
    (:class:`~.seating.EndNight`)."""

    kind: str
    at: AtTable | None = field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class Credit(Command):
    """Chips came to seat ``row.seat``: ``row`` is its row with its new stack, as the cashier
    applied a request for chips (whose write holds it). A command for the seating
    (:mod:`.seating`)."""

    row: SeatState


def credit(row: SeatState, chips: int, changes: Changes) -> Credit:
    """``chips`` into the seat whose row is ``row``, written into ``changes``: the row with its
    new stack and the ledger's entry (a rebuy onto an empty stack, a top-up onto chips), as the
    cashier applies a request for chips and the tournament's desk a rebuy or an add-on. Returns
    the seating's :class:`Credit` (carried out once the change is stored)."""
    credited = replace(row, stack=row.stack + chips)
    changes.seats.append(credited)
    changes.ledger.append(
        LedgerEntry(
            player_id=row.player_id,
            seat=row.seat,
            name=row.name,
            reason="rebuy" if row.stack == 0 else "top-up",
            amount=chips,
            house=row.kind != "player",
        )
    )
    return Credit(credited)


@dataclass(frozen=True, slots=True)
class TableNews:
    """The table frame (seats, settings, menu, who chooses…), made once at the end of the turn
    from every part's state, to everyone: it spans the slices, so no slice can make it."""


@dataclass(frozen=True, slots=True)
class ClockNews:
    """The clock of the turn in progress (none between hands), made once at the end of the turn
    from the runner's state, to everyone: a turn the table stood still for is timed afresh
    once the change is stored, so no slice can make it."""


@dataclass(frozen=True, slots=True)
class HandPlayed:
    """The hand's new events (the hand in play, or the one just over) since the last frame the
    clients were sent, to everyone, each redacted for its seat, with the turn's clock as the
    change left it: the news of a change of the hand runner's, made by the outbox once the
    change is stored and its turn timed (:meth:`.fanout.Fanout.publish`); with ``odds``, the
    chances of a run-out's new streets are asked of a thread too
    (:meth:`.endgame.Endgame.run_out_odds`)."""

    odds: bool = True


@dataclass(frozen=True, slots=True)
class Dismissed:
    """Connections that are no longer the table's (their seat was given up, or their link
    replaced): each is sent a ``removed`` frame saying ``message``, closed with ``code`` and
    ``reason``, and forgotten. ``left``: the row of the seat given up, as it left with the
    ``cash_out`` chips it cashed out, which the frame carries (with how to watch on).

    The command that makes it carries the connections (made from the table as its turn
    comes, as chat's :class:`~.chat.Speak` carries its speaker's): a seat given up is gone
    from the table's seats once its leaving is stored, before the outbox sends this."""

    clients: tuple[Any, ...]
    message: str
    code: int
    reason: str
    left: SeatState | None = None
    cash_out: int = 0


@dataclass(frozen=True, slots=True)
class Numbered:
    """A seat's numbered request (:mod:`wildstud.server.messages`) as its slice takes it: the
    connection that sent it, the request as it came, and ``last``, the request the seat's
    number was last given to (in memory only: :attr:`~wildstud.server.seating.Seat.last_request`).

    >>> from wildstud.server.messages import SitIn
    >>> asked = Numbered("ann's page", SitIn(type="sit_in", seq=4), None)
    >>> asked.again(4).frame, asked.again(5).frame["code"], asked.again(3)
    ({'type': 'ack', 'seq': 4, 'last_seq': 4, 'repeat': True}, 'stale', None)
    """

    client: Any
    request: Any
    """The frame (a :class:`~wildstud.server.messages.SitIn`, a
    :class:`~wildstud.server.messages.Rebuy`…): its ``seq`` numbers it."""
    last: object

    @property
    def seq(self) -> int:
        """The request's number."""
        seq: int = self.request.seq
        return seq

    def again(self, last_seq: int) -> News | None:
        """The answer to the request, for a seat whose last request carried out was numbered
        ``last_seq``, when it is not to be carried out: a resend of that request is answered
        as done, another request under its number, a stale one and one out of range are
        refused; ``None``: carry it out (the number is the next)."""
        seq = self.seq
        if seq == last_seq:
            if self.last in (None, self.request):  # a resend of what was done: done
                return News(To(self.client), ack_frame(seq, last_seq, repeat=True))
            return News(To(self.client), seq_taken(seq))  # another connection used it first
        refusal = seq_refusal(seq, last_seq)
        return None if refusal is None else News(To(self.client), refusal)


@dataclass(frozen=True, slots=True)
class Acked:
    """Seat ``seat``'s numbered request ``asked`` is carried out (its number stored as the
    seat's ``last_seq``): the connection that sent it is sent its ack, the seat's other
    connections the ``seq`` frame, and a resend of the number is answered as done from now on
    (the outbox keeps the request with the seat)."""

    asked: Numbered
    seat: int


@dataclass(frozen=True, slots=True)
class Effect:
    """What the store must do for a command: ``request`` (a record the actor knows how to carry
    out: a write, fenced by the table's lease, or a read), then the slice is handed
    ``then(result)`` (``None``: nothing more to do). When the store fails, the slice's state
    stays as it was and the slice is handed ``otherwise(moved)`` (``moved``: another process
    runs the table now); with no ``otherwise``, the asker gets
    :class:`~.writer.StorageFailureError`."""

    request: object
    then: Callable[[Any], Command] | None = None
    otherwise: Callable[[bool], Command] | None = None


@dataclass(frozen=True, slots=True)
class Refused:
    """A reply that refuses: the actor raises ``error`` at whoever asked."""

    error: Exception


@dataclass(frozen=True, slots=True)
class Welcomed:
    """News of a connection's arrival (:class:`.connections.Arrive`): ``client`` joins the
    table's connections (``seat``: the table seat it opened, ``None`` for a spectator's) and is
    sent the whole table as its seat may see it; everyone else is sent the table frame when it
    is a seat's (:meth:`.fanout.Fanout.welcome`)."""

    client: Any
    seat: int | None


@dataclass(frozen=True, slots=True)
class TurnedAway:
    """News of a connection's arrival at a table that takes none now: ``client`` is sent
    ``frame`` (why it may not connect now) and closed with ``code`` and ``reason``."""

    client: Any
    frame: dict[str, Any]
    code: int
    reason: str


@dataclass(frozen=True, slots=True)
class Gone:
    """News of a connection's departure (:class:`.connections.Depart`): ``client`` is no longer
    among the table's connections; everyone is sent the table frame when it was its seat's last
    one (:meth:`.fanout.Fanout.gone`)."""

    client: Any


Told = News | TableNews | ClockNews | HandPlayed | Dismissed | Acked | Welcomed | TurnedAway | Gone
"""What a slice's outcome may tell (the outbox sends each to its audience)."""


@dataclass(frozen=True, slots=True)
class Outcome(Generic[S]):
    """What one command comes to (see the module's description)."""

    state: S
    effect: Effect | None = None
    news: tuple[Told, ...] = ()
    reply: object = None
    wake: float | None = None
    follow: tuple[Command, ...] = ()
    ahead: tuple[Told, ...] = ()


def checked(state: S, check: Callable[[], Outcome[S]]) -> Outcome[S]:
    """``check()``, a slice's outcome; when it raises a :class:`~wildstud.errors.WildstudError`
    (the engine's reason, or the slice's), the refusal, ``state`` left as it was.

    >>> def refuse() -> Outcome[int]:
    ...     raise WildstudError("not now")
    >>> checked(3, refuse).reply
    Refused(error=WildstudError('not now'))
    """
    try:
        return check()
    except WildstudError as error:
        return Outcome(state, reply=Refused(error))
