"""The table's cashier, the money slice of the table's pure core (:mod:`.core`): rebuys and
top-ups asked for, decided and applied, one ledger account per person, who holds every chip,
and the ledger's reads (:mod:`.ledger`).

A player asks for chips with the ``rebuy`` frame (:class:`~wildstud.server.messages.Rebuy`): a
**rebuy** when their stack is empty, a **top-up** when it still holds chips. The request waits
for the host, who approves or declines it (``POST /api/host/{token}/rebuys/{id}/approve`` or
``…/decline``). Approved chips come to the table between hands only: at once when no hand is
being played, else when the hand in progress ends, in the same transaction that ends it, so
that a hand never plays with chips that were not in it when it was dealt. Each applied request
is a ledger entry (reason ``rebuy`` or ``top-up``) on the player's account.

The host's limits (table settings, :class:`Limits`): ``rebuy_max``, the most chips one request
may buy (0: no rebuys; unset: the buy-in, ``starting_chips``); ``top_up_ceiling``, the most
chips a stack may hold once the chips are applied (unset: the buy-in); ``rebuys_per_player``,
how many rebuys and top-ups one person may have in a night (unset: any). They are checked when
the player asks, again when the host approves, and again when the chips are applied, each time
with the stack of that moment: in a hand, the chips the seat has left in it (a player who busts
mid-hand may ask for a rebuy at once), and when the hand ends, the stack it ends with. An
approved amount that the stack at the end of the hand leaves no room for under the ceiling is
cut to the room left (the ledger entry says what came), or cancelled if there is none. A player
has at most one request open at a time, so a stuck or hostile client cannot flood the host with
them; the ``rebuy`` frame is under the socket's rate limit like every frame, and the host's
decisions under :data:`DECISIONS_RATE` (a token bucket in the slice's state, counted against
each command's ``now``).

Every request is stored with its status (:class:`RebuyStatus`) and moves only forward:
``pending`` to ``approved``, ``declined`` or ``cancelled``; ``approved`` to ``applied`` or
``cancelled``. The status and the chips change in one transaction, so a server killed at any
moment restarts with each request either open or applied, never both, never twice.

The slice's state (:class:`CashierState`: the open requests and the decisions' rate) is its
own, and :func:`handle` is pure. A seat is not the cashier's: a command brings what it needs of
one as a :class:`Holder` (its row and the chips it holds now), and chips that come to a seat
are a follow-up command (:class:`~.core.Credit`) for the seating, carried out once the write
commits. The host's decision is a command of the actor's own, and so is a player's request
(:class:`AskChips`, numbered: it reads the ledger, then stores the request with the seat's
number, and is acked by the slice); a seat's leaving, the hand's end and the night's end are
folded into the turn of the part that makes them (:meth:`.actor.Actor.fold`), in its
transaction.

>>> limits = Limits(rebuy_max=1000, ceiling=1000, per_player=None)
>>> limits.allowance(stack=0, had=0)
1000
>>> limits.allowance(stack=400, had=3)  # a top-up to the ceiling
600
>>> limits.allowance(stack=1000, had=0)
Traceback (most recent call last):
...
wildstud.server.errors.LedgerError: your stack is at the top-up ceiling of 1000 already
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from wildstud.server.errors import LedgerError, UnknownRequestError
from wildstud.server.limits import RateLimitedError
from wildstud.server.night import REBUY_REASONS
from wildstud.server.schemas import TableSettings
from wildstud.server.seating import Seat
from wildstud.server.store.records import Changes, LedgerEntry, RebuyState, SeatState
from wildstud.server.table import ledger
from wildstud.server.table.core import (
    Acked,
    Command,
    Effect,
    Numbered,
    Outcome,
    Refused,
    TableNews,
    credit,
)
from wildstud.server.table.rates import Bucket

__all__ = [
    "COMMANDS",
    "DECISIONS_BURST",
    "DECISIONS_RATE",
    "AskChips",
    "CashierState",
    "DecideChips",
    "HandEnded",
    "Holder",
    "Limits",
    "NightEnded",
    "RebuyStatus",
    "SeatLeft",
    "handle",
    "holds_all",
]

DECISIONS_RATE = 5.0
"""The host's decisions on requests for chips one table takes a second, on average (5)…"""
DECISIONS_BURST = 20
"""…and at once (20): a host clicking through a queue is never slowed, a script is."""


class RebuyStatus(StrEnum):
    """Where a request for chips stands."""

    PENDING = "pending"
    """The host has not decided."""
    APPROVED = "approved"
    """Approved while a hand was being played: applied when it ends."""
    APPLIED = "applied"
    DECLINED = "declined"
    CANCELLED = "cancelled"
    """The player left, or the host ended the night, before the chips came to the table."""


OPEN = (RebuyStatus.PENDING, RebuyStatus.APPROVED)


@dataclass(frozen=True, slots=True)
class Limits:
    """The host's limits on rebuys and top-ups (see the module's notes)."""

    rebuy_max: int
    ceiling: int
    per_player: int | None

    @classmethod
    def of(cls, settings: TableSettings) -> Limits:
        """The limits a table's settings set, unset ones standing at the buy-in.

        >>> Limits.of(TableSettings(name="x", games=[{"game": "FTQ"}], starting_chips=500))
        Limits(rebuy_max=500, ceiling=500, per_player=None)
        """
        buy_in = settings.starting_chips
        return cls(
            buy_in if settings.rebuy_max is None else settings.rebuy_max,
            buy_in if settings.top_up_ceiling is None else settings.top_up_ceiling,
            settings.rebuys_per_player,
        )

    def allowance(self, stack: int, had: int) -> int:
        """The most chips a player with ``stack`` chips, who has had ``had`` rebuys and
        top-ups tonight, may ask for now; raises :class:`~wildstud.server.errors.LedgerError`
        saying why when it is none."""
        if self.rebuy_max == 0:
            raise LedgerError("this table has no rebuys or top-ups")
        if self.per_player is not None and had >= self.per_player:
            raise LedgerError(
                f"you have had the {self.per_player} rebuys and top-ups a player may have tonight"
            )
        if stack >= self.ceiling:
            raise LedgerError(f"your stack is at the top-up ceiling of {self.ceiling} already")
        return min(self.rebuy_max, self.ceiling - stack)


# -- the state ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CashierState:
    """What the slice holds: the open requests for chips, oldest first, and the rate of the
    host's decisions (``None``: none made lately).

    >>> state = CashierState.of([RebuyState("r1", "p1", 0, "Ann", 500, "pending"),
    ...                          RebuyState("r0", "p2", 1, "Bob", 500, "applied")])
    >>> [request.id for request in state.open], state.request("r0")
    (['r1'], None)
    """

    open: tuple[RebuyState, ...] = ()
    decisions: Bucket | None = None

    @classmethod
    def of(cls, requests: Iterable[RebuyState]) -> CashierState:
        """The state of the stored ``requests`` (those still open)."""
        return cls(tuple(request for request in requests if request.status in OPEN))

    def request(self, request_id: str) -> RebuyState | None:
        """An open request by its id."""
        for request in self.open:
            if request.id == request_id:
                return request
        return None

    def for_seat(self, seat: int, player_id: str) -> RebuyState | None:
        """The request open for ``player_id`` at ``seat``, if any."""
        for request in self.open:
            if request.player_id == player_id and request.seat == seat:
                return request
        return None

    def info(self, stacks: Mapping[int, int]) -> list[dict[str, Any]]:
        """The open requests as everyone sees them (shaped as
        :class:`~wildstud.server.schemas.RebuyInfo`), oldest first; ``stacks``: each seat's
        chips, by seat (a request is a rebuy when its seat has none)."""
        return [
            {
                "id": request.id,
                "seat": request.seat,
                "name": request.name,
                "amount": request.amount,
                "kind": "top-up" if stacks.get(request.seat, 0) else "rebuy",
                "status": request.status,
            }
            for request in self.open
        ]


@dataclass(frozen=True, slots=True)
class Holder:
    """A seat as the cashier needs it: its row as stored, and the chips it holds ``now`` (in a
    hand: what it has left in it; between hands, its stack)."""

    row: SeatState
    now: int


# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AskChips(Command):
    """A player asks for ``amount`` chips (a ``rebuy`` frame numbered ``seq``). ``id``: the
    new request's id (made by the table: the slice draws nothing at random); ``entries``: the
    table's ledger, which counts the rebuys and top-ups the player has had (``None``: not read
    yet, the slice asks for the read and takes the command again with them). ``asked``: the
    request as it came from a connection, carried out only when its number is the seat's next
    (:meth:`~.core.Numbered.again`), then stored as the seat's ``last_seq`` with the request
    and acked. ``tournament``: the table is a tournament's, whose chips only the host gives."""

    holder: Holder
    amount: int
    seq: int | None
    id: str
    entries: tuple[LedgerEntry, ...] | None
    limits: Limits
    night_over: bool = False
    asked: Numbered | None = None
    tournament: bool = False


@dataclass(frozen=True, slots=True)
class DecideChips(Command):
    """The host approves or declines the open request ``request_id``. ``holder``: its seat
    (``None``: no such request, or its seat is given up); ``in_hand``: a hand is being played."""

    request_id: str
    approve: bool
    holder: Holder | None
    in_hand: bool
    limits: Limits


@dataclass(frozen=True, slots=True)
class HandEnded(Command):
    """Between hands: the approved chips come to the seats ``holders`` (with the stacks the
    hand ended with); a request whose seat is not among them is cancelled."""

    holders: tuple[Holder, ...]
    limits: Limits


@dataclass(frozen=True, slots=True)
class SeatLeft(Command):
    """The player ``player_id`` left seat ``seat``: their open request is cancelled."""

    seat: int
    player_id: str


@dataclass(frozen=True, slots=True)
class NightEnded(Command):
    """The host ended the night: every open request is cancelled."""


# -- the slice ---------------------------------------------------------------------------------


def handle(state: CashierState, command: Command, now: float) -> Outcome[CashierState]:
    """The money slice: the outcome of ``command`` (see the module's description and
    :mod:`.ledger` for the reads)."""
    if isinstance(command, ledger.COMMANDS):
        return ledger.handle(state, command, now)
    try:
        if isinstance(command, AskChips):
            return _ask(state, command)
        if isinstance(command, DecideChips):
            return _decide(state, command, now)
        if isinstance(command, HandEnded):
            return _hand_ended(state, command)
        if isinstance(command, SeatLeft):
            request = state.for_seat(command.seat, command.player_id)
            return _closed(state, () if request is None else (request,), RebuyStatus.CANCELLED)
        assert isinstance(command, NightEnded)
        return _closed(state, state.open, RebuyStatus.CANCELLED)
    except (LedgerError, UnknownRequestError, RateLimitedError) as error:
        return Outcome(state, reply=Refused(error))


def _ask(state: CashierState, ask: AskChips) -> Outcome[CashierState]:
    row = ask.holder.row
    asked = ask.asked
    again = None if asked is None else asked.again(row.last_seq)
    if again is not None:
        return Outcome(state, news=(again,))
    if ask.tournament:
        # A tournament's chips are its rebuys and add-on, which the host gives for the money.
        raise LedgerError(
            "in a tournament, ask the host for a rebuy or the add-on: the host gives them"
        )
    entries = ask.entries
    if entries is None:  # a read, then the write
        read = Effect(ledger.ReadLedger(), then=lambda found: replace(ask, entries=tuple(found)))
        return Outcome(state, effect=read)
    if ask.night_over:
        raise LedgerError("the night is over: no more chips")
    waiting = state.for_seat(row.seat, row.player_id)
    if waiting is not None:
        raise LedgerError(
            f"your request for {_chips(waiting.amount)} is waiting for the host already"
        )
    if row.leaving:
        raise LedgerError("you are leaving the table: no more chips")
    had = sum(
        1 for entry in entries if entry.player_id == row.player_id and entry.reason in REBUY_REASONS
    )
    limits = ask.limits
    most = limits.allowance(ask.holder.now, had)
    if ask.amount > most:
        raise LedgerError(
            f"you may ask for at most {_chips(most)} now (one rebuy or top-up buys at most"
            f" {limits.rebuy_max}, and a stack may hold at most {limits.ceiling})"
        )
    request = RebuyState(
        ask.id, row.player_id, row.seat, row.name, ask.amount, RebuyStatus.PENDING, ask.seq
    )
    new = replace(state, open=(*state.open, request))
    if asked is None:
        return Outcome(new, effect=Effect(Changes(rebuys=[request])), news=(TableNews(),))
    # The seat's number is stored with the request (the seat takes it once it is stored).
    changes = Changes(seats=[replace(row, last_seq=asked.seq)], rebuys=[request])
    return Outcome(new, effect=Effect(changes), news=(TableNews(), Acked(asked, row.seat)))


def _decide(state: CashierState, decide: DecideChips, now: float) -> Outcome[CashierState]:
    bucket = state.decisions or Bucket.full(now, DECISIONS_BURST, 1 / DECISIONS_RATE)
    bucket, allowed = bucket.take(now)
    # Every decision counts, a refused one too (a script trying ids is slowed), but one the
    # store refuses does not: the bucket is adopted with the rest of the state.
    state = replace(state, decisions=None if bucket.refilled(now) else bucket)
    if not allowed:
        wait = bucket.wait()
        error = RateLimitedError(
            f"too many decisions on requests for chips: try again in {wait:.1f} s", wait
        )
        return Outcome(state, reply=Refused(error))
    request = state.request(decide.request_id)
    holder = decide.holder
    if request is None or holder is None:
        unknown = UnknownRequestError(
            f"no open request for chips {decide.request_id!r} at this table"
        )
        return Outcome(state, reply=Refused(unknown))
    try:
        if not decide.approve:
            if request.status != RebuyStatus.PENDING:
                raise LedgerError(
                    f"{request.name}'s request is approved already: too late to decline"
                )
            return _closed(state, (request,), RebuyStatus.DECLINED)
        if request.status != RebuyStatus.PENDING:
            raise LedgerError(f"{request.name}'s request is approved already")
        ceiling = decide.limits.ceiling
        if holder.now + request.amount > ceiling:
            raise LedgerError(
                f"{holder.row.name} has {_chips(holder.now)} now: {request.amount} more would take"
                f" the stack over the top-up ceiling of {ceiling}; decline the request"
            )
    except LedgerError as error:
        return Outcome(state, reply=Refused(error))
    if decide.in_hand:
        approved = replace(request, status=RebuyStatus.APPROVED)
        new = replace(state, open=tuple(approved if r is request else r for r in state.open))
        return Outcome(new, effect=Effect(Changes(rebuys=[approved])), news=(TableNews(),))
    changes = Changes()
    credit = _apply(request, holder.row, changes)
    return _settled(state, (request,), changes, (credit,))


def _hand_ended(state: CashierState, ended: HandEnded) -> Outcome[CashierState]:
    rows = {holder.row.seat: holder.row for holder in ended.holders}
    changes = Changes()
    credits: list[Command] = []
    done: list[RebuyState] = []
    for request in state.open:
        if request.status != RebuyStatus.APPROVED:
            continue
        row = rows.get(request.seat)
        room = 0 if row is None else ended.limits.ceiling - row.stack
        done.append(request)
        if row is None or row.player_id != request.player_id or room <= 0:
            changes.rebuys.append(replace(request, status=RebuyStatus.CANCELLED))
        else:
            cut = replace(request, amount=min(request.amount, room))
            credits.append(_apply(cut, row, changes))
    return _settled(state, done, changes, tuple(credits))


def _apply(request: RebuyState, row: SeatState, changes: Changes) -> Command:
    """The request's chips to its seat (whose row is ``row``), into ``changes``: the row with
    its new stack, the ledger's entry and the request applied. Returns the credit for the
    seating, which holds the seat's chips in memory (carried out once this is stored)."""
    changes.rebuys.append(replace(request, status=RebuyStatus.APPLIED))
    return credit(row, request.amount, changes)


def _closed(
    state: CashierState, requests: Iterable[RebuyState], status: RebuyStatus
) -> Outcome[CashierState]:
    """``requests`` closed with ``status`` (nothing to close: nothing to do)."""
    requests = tuple(requests)
    changes = Changes(rebuys=[replace(request, status=status) for request in requests])
    return _settled(state, requests, changes)


def _settled(
    state: CashierState,
    done: Iterable[RebuyState],
    changes: Changes,
    credits: tuple[Command, ...] = (),
) -> Outcome[CashierState]:
    """The outcome of closing the requests ``done`` with ``changes`` (none: nothing to do)."""
    if not changes:
        return Outcome(state)
    gone = {request.id for request in done}
    new = replace(state, open=tuple(r for r in state.open if r.id not in gone))
    return Outcome(new, effect=Effect(changes), news=(TableNews(),), follow=credits)


COMMANDS: tuple[type[Command], ...] = (
    AskChips,
    DecideChips,
    HandEnded,
    SeatLeft,
    NightEnded,
    *ledger.COMMANDS,
)
"""The commands the money slice takes (the ledger's reads among them)."""


def _chips(count: int) -> str:
    """A count of chips in words: ``1 chip``, ``2 chips`` (a stack one short of a limit asks
    for one)."""
    return f"{count} chip" if count == 1 else f"{count} chips"


def holds_all(seats: Mapping[int, Seat], hand_in_progress: bool) -> int | None:
    """The seat that holds every chip at the table while every other seat has none, so that
    no hand can be dealt until someone rebuys; ``None`` otherwise (or during a hand).

    >>> from wildstud.server.seating import SeatKind
    >>> seats = {0: Seat.new(0, "Ann", SeatKind.PLAYER, None, 2000, 0),
    ...          1: Seat.new(1, "Bob", SeatKind.PLAYER, None, 0, 0)}
    >>> holds_all(seats, False), holds_all(seats, True)
    (0, None)
    """
    if hand_in_progress or len(seats) < 2:
        return None
    holding = [index for index, seat in seats.items() if seat.stack > 0]
    return holding[0] if len(holding) == 1 else None
