"""Plain records that pass between the tables and the store.

The tables never touch SQLAlchemy objects: they hand the store a :class:`Changes` (everything one
step changed, written in one transaction) and get back :class:`StoredTable` records when the
server starts.

>>> changes = Changes()
>>> changes.actions.append(ActionRecord(1, 0, 2, "call", None, "player", 7))
>>> bool(changes), bool(Changes())
(True, False)
"""

from __future__ import annotations

import datetime
import operator
from dataclasses import dataclass, field, fields
from typing import Any

__all__ = [
    "ActionRecord",
    "Changes",
    "ChatLine",
    "DeckDraw",
    "HandEnd",
    "HandSetup",
    "LedgerEntry",
    "NewLine",
    "Notice",
    "PrivateRound",
    "RebuyState",
    "SeatRequestState",
    "SeatState",
    "ShuffleNight",
    "ShuffleValue",
    "StoredHand",
    "StoredTable",
    "TableState",
]


@dataclass(frozen=True, slots=True)
class TableState:
    """A table's row: who hosts it (by token hash), its settings, where the button is."""

    id: str
    name: str
    host_hash: str
    join_token: str
    watch_token: str
    settings: dict[str, Any]
    status: str
    button: int | None
    hands_dealt: int
    last_entry: int | None


@dataclass(frozen=True, slots=True)
class SeatState:
    """A seat's row."""

    seat: int
    player_id: str
    name: str
    kind: str
    token_hash: str | None
    stack: int
    sitting_out: bool
    missed_hands: int
    time_bank: float
    last_seq: int
    leaving: bool


@dataclass(frozen=True, slots=True)
class HandSetup:
    """What a hand starts from: the game (by its index in the table's list), the seats dealt in
    (table seats, engine seat 0 first), their names and stacks, and the dealer's engine seat."""

    number: int
    entry: int
    game: str
    options: dict[str, Any]
    lineup: tuple[int, ...]
    names: tuple[str, ...]
    dealer: int
    stacks: tuple[int, ...]
    player_ids: tuple[str, ...] = ()
    """The player id of each engine seat: who held each seat when the hand was dealt (empty
    for a hand stored before they were kept)."""


@dataclass(frozen=True, slots=True)
class DeckDraw:
    """The order of one deal's deck (top card first), drawn for hand ``number``, with the salt
    of each position (hexadecimal, space-separated) that its commitment was made with."""

    number: int
    deal: int
    cards: str
    salts: str | None = None
    made_from: tuple[str, ...] | None = None
    """The players whose values the players' shuffle made it from (``None``: the server alone)."""

    def __repr__(self) -> str:
        # The order is the one secret of the server: keep it out of logs and tracebacks.
        return f"DeckDraw(number={self.number}, deal={self.deal}, cards=<secret>, salts=<secret>)"


@dataclass(frozen=True, slots=True)
class ShuffleNight:
    """A table's night seed for the players' shuffle (:mod:`wildstud.joint_shuffle`): the seed in
    hexadecimal (secret until the night ends), its published commitment, and the first hand
    dealt from it (hands before it, stored before the shuffle existed, were not)."""

    seed: str
    commitment: str
    first_hand: int

    def __repr__(self) -> str:
        # The seed is the server's one secret of the night: keep it out of logs and tracebacks.
        return f"ShuffleNight(commitment={self.commitment!r}, first_hand={self.first_hand})"


@dataclass(frozen=True, slots=True)
class ShuffleValue:
    """One seated player's part in one deal's shuffle, as it stands: asked (both ``None``),
    committed (``commitment``), revealed (``value``, hexadecimal, as the page sent it, even one
    that does not open the commitment, so that the night record names it). Written by its key
    (``number``, ``deal``, ``seat``): inserted, then updated."""

    number: int
    deal: int
    seat: int
    player: str
    commitment: str | None = None
    value: str | None = None
    entry: int | None = None
    """The game a dealer's choice picked for the hand this round is before (``None``: none),
    stored with each part so that a restart deals it."""
    chooser: int | None = None
    """The seat that chose it."""

    def __repr__(self) -> str:
        shown = "<none>" if self.value is None else "<revealed>"
        return (
            f"ShuffleValue(number={self.number}, deal={self.deal}, seat={self.seat},"
            f" commitment={self.commitment!r}, value={shown})"
        )


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One action of hand ``number``: its place in the hand, the engine seat, what was done."""

    number: int
    index: int
    seat: int
    kind: str
    amount: int | None
    source: str
    seq: int | None


@dataclass(frozen=True, slots=True)
class HandEnd:
    """A hand is over: the stacks after it and the public record."""

    number: int
    final_stacks: tuple[int, ...]
    summary: dict[str, Any]


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """Chips to (positive) or from (negative) a player's account at a seat."""

    player_id: str
    seat: int
    name: str
    reason: str
    amount: int
    hand_number: int | None = None
    house: bool = False
    """The account is a bot's: the house's, whose chips no person pays or receives
    (:mod:`wildstud.server.night`)."""
    token_hash: str | None = None
    """On a player's ``cash-out``: the SHA-256 of the seat token they left with, the key that
    brings them back to this account (:func:`~wildstud.server.table.cashier.returning_account`)."""


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the host changed, said to the table: it holds from hand ``hand`` on."""

    hand: int
    kind: str
    changes: tuple[dict[str, Any], ...]
    """What changed, as the ``notice`` frame carries it (:mod:`wildstud.server.console`)."""


@dataclass(frozen=True, slots=True)
class SeatRequestState:
    """A request for a seat through the join link: who asks (by the hash of the token they
    hold, which becomes their seat's token once the host approves), what they asked for and
    what the host decided (``pending``, ``approved`` with the seat given, or ``declined``)."""

    id: str
    name: str
    token_hash: str
    wanted: int | None
    status: str
    seat: int | None = None
    returning: str | None = None
    """The account of a player who left tonight whose seat token the requester showed: the
    host sees who they say they are, and approving seats them on that account."""


@dataclass(frozen=True, slots=True)
class RebuyState:
    """A player's request for chips (a rebuy, or a top-up of a stack not yet empty) and where
    it stands: ``pending`` (the host has not decided), ``approved`` (waiting for the hand in
    progress to end), ``applied``, ``declined`` or ``cancelled`` (the player left or the night
    ended first)."""

    id: str
    player_id: str
    seat: int
    name: str
    amount: int
    status: str
    seq: int | None = None


@dataclass(frozen=True, slots=True)
class PrivateRound:
    """One answer taken in a private deal's rounds (a :class:`wildstud.private_rounds.Row`),
    the ``seq``-th of hand ``number``: written once, in the order taken, never a card in the
    clear (``agent``: the server's own secret and order, which only the store keeps)."""

    number: int
    seq: int
    deal: int
    kind: str
    party: int
    data: str

    def __repr__(self) -> str:
        # Keys and masked points say nothing, but an agent row is the server's secret.
        return f"PrivateRound(number={self.number}, seq={self.seq}, kind={self.kind!r})"


@dataclass(slots=True)
class Changes:
    """Everything one step of a table changed; the store writes it in one transaction."""

    table: TableState | None = None
    seats: list[SeatState] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    hand: HandSetup | None = None
    decks: list[DeckDraw] = field(default_factory=list)
    actions: list[ActionRecord] = field(default_factory=list)
    hand_end: HandEnd | None = None
    ledger: list[LedgerEntry] = field(default_factory=list)
    requests: list[SeatRequestState] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    rebuys: list[RebuyState] = field(default_factory=list)
    """Requests for chips, new or changed (written by id: inserted or updated)."""
    tournament: dict[str, Any] | None = None
    """The table's tournament as it stands now (:mod:`wildstud.server.tourney`), if it moved."""
    night_seed: ShuffleNight | None = None
    """The table's night seed, drawn before its first shuffled deal (written once)."""
    shuffle: list[ShuffleValue] = field(default_factory=list)
    """Players' parts in a deal's shuffle, new or changed (written by key)."""
    shuffle_dropped: list[tuple[int, int]] = field(default_factory=list)
    """The (hand, deal) of shuffles no deck was made from, whose rows are deleted."""
    private_rounds: list[PrivateRound] = field(default_factory=list)
    """Answers taken in a private deal's rounds (inserted, in order)."""

    def __bool__(self) -> bool:
        # Asked of every change a table commits: the parts' getter is made once (below), not
        # the dataclass's fields listed again on each call (with Seat.state's getter, 1.3%
        # fewer Python calls in benchmarks/server_action.py --tables 1).
        return any(_PARTS(self))

    def add(self, other: Changes) -> None:
        """Add ``other``'s changes to these, to be stored in the same transaction: its rows
        stand over these where both have one (a seat's, the table's, the hand's).

        >>> changes = Changes(seats=[SeatState(0, "a", "Ann", "player", None, 0, False, 0, 0,
        ...                                    1, False)])
        >>> changes.add(Changes(seats=[SeatState(0, "a", "Ann", "player", None, 500, False, 0,
        ...                                      0, 1, False)]))
        >>> [seat.stack for seat in changes.seats]
        [500]
        """
        for item in fields(self):
            mine, theirs = getattr(self, item.name), getattr(other, item.name)
            if not theirs:
                continue
            if item.name == "seats":
                replaced = {seat.seat for seat in theirs}
                mine[:] = [seat for seat in mine if seat.seat not in replaced]
            if isinstance(mine, list):
                mine.extend(theirs)
            else:
                setattr(self, item.name, theirs)


_PARTS = operator.attrgetter(*(item.name for item in fields(Changes)))
"""Every part of a :class:`Changes`, in one call."""


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A hand as stored: its setup, its decks by deal number, its actions in order, and the
    salts of its decks' commitments by deal number (none for decks stored before them)."""

    setup: HandSetup
    decks: dict[int, str]
    actions: tuple[ActionRecord, ...]
    live: bool
    final_stacks: tuple[int, ...] | None = None
    summary: dict[str, Any] | None = None
    salts: dict[int, str] = field(default_factory=dict)
    made_from: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """The players each deal's deck was made from, for decks the players' shuffle made."""

    def __repr__(self) -> str:
        return (
            f"StoredHand(number={self.setup.number}, decks=<{len(self.decks)} secret>,"
            f" actions={len(self.actions)}, live={self.live})"
        )


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as stored, with its seats and the hand in progress, if any."""

    table: TableState
    seats: tuple[SeatState, ...]
    live_hand: StoredHand | None
    requests: tuple[SeatRequestState, ...] = ()
    """The table's seat requests, oldest first."""
    notices: tuple[Notice, ...] = ()
    """The host's notices for the hand in progress and the next, oldest first."""
    rebuys: tuple[RebuyState, ...] = ()
    """The requests for chips still open (``pending`` or ``approved``), oldest first."""
    tournament: dict[str, Any] | None = None
    """The table's tournament as last stored (a tournament table that has dealt)."""
    shuffle_night: ShuffleNight | None = None
    """The table's night seed for the players' shuffle, once drawn."""
    shuffle: tuple[ShuffleValue, ...] = ()
    """The players' parts in the shuffles of the hand in progress and the next."""
    private_rounds: tuple[PrivateRound, ...] = ()
    """The private deal's rounds of the hand in progress and the next, in order."""


@dataclass(frozen=True, slots=True)
class NewLine:
    """A line to store: who said it (``speaker``, never sent to clients), the client's
    ``nonce`` for it, and what everyone may see of it."""

    kind: str
    speaker: str | None
    nonce: str | None
    name: str | None
    seat: int | None
    role: str
    text: str


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A stored line as every reader sees it: numbered in the table's order of lines."""

    number: int
    kind: str
    name: str | None
    seat: int | None
    role: str
    text: str
    at: datetime.datetime
