"""The table's cashier: rebuys and top-ups asked for, decided and applied, one ledger account
per person, and who holds every chip.

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
decisions under :data:`DECISIONS_RATE`.

Every request is stored with its status (:class:`RebuyStatus`) and moves only forward:
``pending`` to ``approved``, ``declined`` or ``cancelled``; ``approved`` to ``applied`` or
``cancelled``. The status and the chips change in one transaction, so a server killed at any
moment restarts with each request either open or applied, never both, never twice.

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

from wildstud.server.errors import LedgerError
from wildstud.server.limits import RateLimitedError
from wildstud.server.night import REBUY_REASONS
from wildstud.server.schemas import TableSettings
from wildstud.server.seating import Seat
from wildstud.server.security import RateLimiter, new_id
from wildstud.server.store import Changes, LedgerEntry, RebuyState

__all__ = [
    "DECISIONS_BURST",
    "DECISIONS_RATE",
    "Cashier",
    "Limits",
    "RebuyStatus",
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


class Cashier:
    """A table's open requests for chips, and the steps that ask, decide, apply and cancel
    them. Each step adds what it changed to a :class:`~wildstud.server.store.Changes`; the
    table commits it and only then tells the clients."""

    def __init__(self, open_requests: Iterable[RebuyState] = ()) -> None:
        self.open: dict[str, RebuyState] = {
            request.id: request for request in open_requests if request.status in OPEN
        }
        self._decisions = RateLimiter(DECISIONS_RATE, DECISIONS_BURST)

    def take_decision(self) -> None:
        """Count one of the host's decisions; raise
        :class:`~wildstud.server.limits.RateLimitedError` (429) past :data:`DECISIONS_RATE`."""
        if not self._decisions.allow():
            wait = self._decisions.retry_after()
            raise RateLimitedError(
                f"too many decisions on requests for chips: try again in {wait:.1f} s", wait
            )

    def ask(
        self,
        seat: Seat,
        amount: int,
        limits: Limits,
        entries: Iterable[LedgerEntry],
        changes: Changes,
        seq: int | None = None,
        *,
        stack: int | None = None,
    ) -> RebuyState:
        """A player's request for ``amount`` chips, checked against ``limits`` and the
        rebuys and top-ups already on the account in ``entries`` (the table's ledger), with the
        seat's ``stack`` now (in a hand: what it has left in it; unset: the seat's)."""
        waiting = self.for_seat(seat)
        if waiting is not None:
            raise LedgerError(
                f"your request for {waiting.amount} chips is waiting for the host already"
            )
        if seat.leaving:
            raise LedgerError("you are leaving the table: no more chips")
        had = sum(
            1
            for entry in entries
            if entry.player_id == seat.player_id and entry.reason in REBUY_REASONS
        )
        most = limits.allowance(seat.stack if stack is None else stack, had)
        if amount > most:
            raise LedgerError(
                f"you may ask for at most {most} chips now (one rebuy or top-up buys at most"
                f" {limits.rebuy_max}, and a stack may hold at most {limits.ceiling})"
            )
        request = RebuyState(
            new_id(), seat.player_id, seat.index, seat.name, amount, RebuyStatus.PENDING, seq
        )
        self.open[request.id] = request
        changes.rebuys.append(request)
        return request

    def for_seat(self, seat: Seat) -> RebuyState | None:
        """The request open for the player at ``seat``, if any."""
        for request in self.open.values():
            if request.player_id == seat.player_id and request.seat == seat.index:
                return request
        return None

    def request(self, request_id: str) -> RebuyState | None:
        """An open request by its id."""
        return self.open.get(request_id)

    def decline(self, request: RebuyState, changes: Changes) -> None:
        """The host declines a pending request."""
        if request.status != RebuyStatus.PENDING:
            raise LedgerError(f"{request.name}'s request is approved already: too late to decline")
        self._close(request, RebuyStatus.DECLINED, changes)

    def approve(
        self,
        request: RebuyState,
        seat: Seat,
        limits: Limits,
        *,
        in_hand: bool,
        changes: Changes,
        stack: int | None = None,
    ) -> None:
        """The host approves a pending request: the chips come at once, or (``in_hand``: a
        hand is being played, where the seat has ``stack`` chips left) when the hand ends."""
        if request.status != RebuyStatus.PENDING:
            raise LedgerError(f"{request.name}'s request is approved already")
        now = seat.stack if stack is None else stack
        if now + request.amount > limits.ceiling:
            raise LedgerError(
                f"{seat.name} has {now} chips now: {request.amount} more would take the"
                f" stack over the top-up ceiling of {limits.ceiling}; decline the request"
            )
        if in_hand:
            approved = replace(request, status=RebuyStatus.APPROVED)
            self.open[request.id] = approved
            changes.rebuys.append(approved)
        else:
            self._apply(request, seat, changes)

    def apply_approved(self, seats: Mapping[int, Seat], limits: Limits, changes: Changes) -> bool:
        """Between hands: every approved request's chips to its seat, checked against the
        ceiling with the stack the hand ended with (cut to the room left; cancelled, like a
        request whose player has gone, if none is). Returns whether any chips came."""
        applied = False
        for request in [r for r in self.open.values() if r.status == RebuyStatus.APPROVED]:
            seat = seats.get(request.seat)
            room = 0 if seat is None else limits.ceiling - seat.stack
            if seat is None or seat.player_id != request.player_id or room <= 0:
                self._close(request, RebuyStatus.CANCELLED, changes)
            else:
                self._apply(replace(request, amount=min(request.amount, room)), seat, changes)
                applied = True
        return applied

    def cancel_seat(self, seat: Seat, changes: Changes) -> None:
        """The player at ``seat`` leaves: their open request is cancelled."""
        request = self.for_seat(seat)
        if request is not None:
            self._close(request, RebuyStatus.CANCELLED, changes)

    def cancel_all(self, changes: Changes) -> None:
        """The night ends: every open request is cancelled."""
        for request in list(self.open.values()):
            self._close(request, RebuyStatus.CANCELLED, changes)

    def info(self, seats: Mapping[int, Seat]) -> list[dict[str, Any]]:
        """The open requests as everyone sees them (shaped as
        :class:`~wildstud.server.schemas.RebuyInfo`), oldest first."""
        result = []
        for request in self.open.values():
            seat = seats.get(request.seat)
            empty = seat is None or seat.stack == 0
            result.append(
                {
                    "id": request.id,
                    "seat": request.seat,
                    "name": request.name,
                    "amount": request.amount,
                    "kind": "rebuy" if empty else "top-up",
                    "status": request.status,
                }
            )
        return result

    def _apply(self, request: RebuyState, seat: Seat, changes: Changes) -> None:
        reason = "rebuy" if seat.stack == 0 else "top-up"
        seat.stack += request.amount
        changes.ledger.append(seat.entry(reason, request.amount))
        changes.seats = [state for state in changes.seats if state.seat != seat.index]
        changes.seats.append(seat.state())
        self._close(request, RebuyStatus.APPLIED, changes)

    def _close(self, request: RebuyState, status: RebuyStatus, changes: Changes) -> None:
        del self.open[request.id]
        changes.rebuys.append(replace(request, status=status))


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
