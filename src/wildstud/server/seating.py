"""Seats at a server table: who sits there, their chips, clock and connections.

A seat holds a player (reached through a secret seat token) or a bot. Its row in the store is
:class:`~wildstud.server.store.records.SeatState`; :class:`Seat` adds what lives only in memory:
the bot that plays it, the connections watching it, and what the player did in the hand in
progress (to tell an absent player from one who acts).

>>> seat = Seat.new(2, "Ann", SeatKind.PLAYER, token_hash="ab" * 32, stack=500, time_bank=60)
>>> seat.eligible, seat.is_bot, seat.state().stack
(True, False, 500)
>>> Seat.new(3, "Robo", SeatKind.CALLING_BOT, None, 500, 0).is_bot
True
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from wildstud.bots import CallingBot, RandomBot
from wildstud.server.clock import away
from wildstud.server.security import new_id
from wildstud.server.store.records import LedgerEntry, SeatState

if TYPE_CHECKING:
    from wildstud.bots_equity import EquityBot

__all__ = ["Client", "Seat", "SeatKind"]

_row_values = operator.attrgetter(
    "player_id",
    "name",
    "token_hash",
    "stack",
    "sitting_out",
    "missed_hands",
    "time_bank",
    "last_seq",
    "leaving",
)
"""A row's values that a seat in memory takes (:meth:`Seat.update`): all but its index and
kind, which a seat keeps for good (read in C: it runs for every seat row a table stores)."""


class SeatKind(StrEnum):
    """Who plays a seat."""

    PLAYER = "player"
    RANDOM_BOT = "random-bot"
    CALLING_BOT = "calling-bot"
    QUICK_EQUITY_BOT = "equity-bot-quick"
    EQUITY_BOT = "equity-bot"
    DEEP_EQUITY_BOT = "equity-bot-deep"

    @property
    def samples(self) -> int | None:
        """The deals an equity bot simulates per decision (its strength); ``None`` for any
        other seat.

        >>> SeatKind.DEEP_EQUITY_BOT.samples, SeatKind.CALLING_BOT.samples
        (5000, None)
        """
        return _EQUITY_SAMPLES.get(self)


_EQUITY_SAMPLES = {
    SeatKind.QUICK_EQUITY_BOT: 150,
    SeatKind.EQUITY_BOT: 600,
    SeatKind.DEEP_EQUITY_BOT: 5000,
}
"""The equity bots' strengths: their sampling noise on a share of the pot is about ±8, ±4 and
±1.5 points (95%), so the quick one calls and folds on a rougher reading."""


class Client(Protocol):
    """A connection watching a table: a player's (``seat`` set) or a spectator's."""

    seat: int | None

    def send(self, text: str) -> None:
        """Queue a frame (JSON text) for the client; never waits."""

    def close(self, code: int, reason: str) -> None:
        """Close the connection once the frames queued so far are sent."""

    def then(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the frames queued so far are sent (at once if closed)."""


# SeatState's fields are the row's one list: every one but these two is the seat's own. Made
# once: a seat's row is read for every action (Seat.state; with Changes.__bool__'s getter, 1.3%
# fewer Python calls in benchmarks/server_action.py --tables 1).
_OWN_FIELDS = tuple(item.name for item in fields(SeatState) if item.name not in ("seat", "kind"))
_own_values = operator.attrgetter(*_OWN_FIELDS)


@dataclass(eq=False)
class Seat:
    """One taken seat."""

    index: int
    player_id: str
    name: str
    kind: SeatKind
    token_hash: str | None
    stack: int
    sitting_out: bool
    missed_hands: int
    time_bank: float
    last_seq: int
    leaving: bool
    bot: RandomBot | CallingBot | EquityBot | None = None
    clients: set[Client] = field(default_factory=set)
    acted: bool = False
    """The player acted in the hand in progress (not the clock for them): the hand runner's
    figure (:mod:`wildstud.server.table.runner`), shown here once its change is stored."""
    timed_out: bool = False
    """The clock acted for the player in the hand in progress (the hand runner's, as
    :attr:`acted`)."""
    last_request: object = None
    """The request numbered ``last_seq``, as it came (in memory only): a repeat of that number
    is answered as done only when it asks for the same thing."""

    def __post_init__(self) -> None:
        if self.kind is SeatKind.RANDOM_BOT:
            self.bot = RandomBot()
        elif self.kind is SeatKind.CALLING_BOT:
            self.bot = CallingBot()
        elif self.kind.samples is not None:
            # Imported for the first equity bot seated, not when the server starts: its odds
            # engine brings NumPy and Numba, half a second of every server's start.
            from wildstud.bots_equity import EquityBot

            self.bot = EquityBot(samples=self.kind.samples)

    @classmethod
    def new(
        cls,
        index: int,
        name: str,
        kind: SeatKind,
        token_hash: str | None,
        stack: int,
        time_bank: float,
        *,
        player_id: str | None = None,
    ) -> Seat:
        """A seat just taken, on the ledger account ``player_id`` (a player back for more
        tonight) or a fresh one."""
        return cls(
            index=index,
            player_id=new_id() if player_id is None else player_id,
            name=name,
            kind=kind,
            token_hash=token_hash,
            stack=stack,
            sitting_out=False,
            missed_hands=0,
            time_bank=time_bank,
            last_seq=0,
            leaving=False,
        )

    @classmethod
    def from_state(cls, state: SeatState) -> Seat:
        """A seat as the store kept it."""
        values = {item.name: getattr(state, item.name) for item in fields(state)}
        values["index"] = values.pop("seat")
        values["kind"] = SeatKind(state.kind)
        return cls(**values)

    def update(self, row: SeatState) -> None:
        """Take the values of ``row``, this seat's row as stored (its connections, its bot and
        what it did in the hand in progress stay).

        >>> from dataclasses import replace
        >>> seat = Seat.new(0, "Ann", SeatKind.PLAYER, None, 500, 60, player_id="a")
        >>> seat.update(replace(seat.state(), stack=700, leaving=True))
        >>> seat.stack, seat.leaving
        (700, True)
        """
        (
            self.player_id,
            self.name,
            self.token_hash,
            self.stack,
            self.sitting_out,
            self.missed_hands,
            self.time_bank,
            self.last_seq,
            self.leaving,
        ) = _row_values(row)

    def state(self) -> SeatState:
        """The seat's row for the store."""
        values = dict(zip(_OWN_FIELDS, _own_values(self), strict=True))
        return SeatState(seat=self.index, kind=self.kind.value, **values)

    def entry(
        self,
        reason: str,
        amount: int,
        hand_number: int | None = None,
        *,
        token_hash: str | None = None,
    ) -> LedgerEntry:
        """A ledger entry of ``amount`` chips on this seat's account (the house's for a bot).

        >>> Seat.new(1, "Robo", SeatKind.CALLING_BOT, None, 500, 0, player_id="r").entry(
        ...     "buy-in", 500)
        LedgerEntry(player_id='r', seat=1, name='Robo', reason='buy-in', amount=500, \
hand_number=None, house=True, token_hash=None)
        """
        return LedgerEntry(
            player_id=self.player_id,
            seat=self.index,
            name=self.name,
            reason=reason,
            amount=amount,
            hand_number=hand_number,
            house=self.is_bot,
            token_hash=token_hash,
        )

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays this seat."""
        return self.bot is not None

    @property
    def connected(self) -> bool:
        """Whether a bot plays the seat or the player has a connection open."""
        return self.is_bot or bool(self.clients)

    @property
    def eligible(self) -> bool:
        """Whether the seat is dealt into the next hand: chips, sitting in, not leaving."""
        return self.stack > 0 and not self.sitting_out and not self.leaving

    @property
    def away(self) -> bool:
        """Whether the player is away: no page of theirs is open and the clock acted for them at
        their last turn (in this hand, or in a hand they missed), so their turns are short."""
        return away(self.connected, self.timed_out, self.missed_hands)

    @property
    def absent(self) -> bool:
        """Whether the clock sat the player out (hands missed in a row), rather than they
        themselves: they come back by sitting in or opening their link again."""
        return self.sitting_out and self.missed_hands > 0

    def info(self) -> dict[str, Any]:
        """The seat as everyone sees it (shaped as :class:`~wildstud.server.schemas.SeatInfo`)."""
        return {
            "seat": self.index,
            "name": self.name,
            "kind": self.kind.value,
            "stack": self.stack,
            "time_bank": round(self.time_bank, 3),
            "sitting_out": self.sitting_out,
            "absent": self.absent,
            "leaving": self.leaving,
            "connected": self.connected,
            "away": self.away,
        }
