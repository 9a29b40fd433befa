"""The table's seating, a slice of the table's pure core (:mod:`.core`): who sits where, the
table's status and links.

The slice's state (:class:`SeatingState`) is its own and frozen: each seat's row as stored
(who plays it, a player's seat token as its hash, a bot's kind, the stack between hands,
sitting out or away, leaving), the table's status (:class:`TableStatus`) and its links (the
host's as a hash). :func:`handle` is pure: a player or a bot takes a seat (:class:`Join`), a
seat is given up (:class:`Remove` by the host or the player, :class:`Leave` once its hand is
over), a player sits out or back in (:class:`Sit`, :class:`Back`), the host gives a seat or
the table new links (:class:`NewLink`, :class:`NewLinks`), starts or pauses the table
(:class:`SetStatus`) and ends the night (:class:`EndNight`); chips the cashier applied come
to a seat (:class:`~.core.Credit`). What a command needs of the other parts comes with it:
the ledger's entries (for the names and accounts of the players who left tonight), the
settings' terms, whether a seat is in the hand in progress and the chips it holds there. The
ids and tokens are drawn by the table: the slice draws nothing at random.

The slice never calls another: a seat that leaves has its open request for chips cancelled
(:class:`~.cashier.SeatLeft`, for the money slice) and its player put out of a tournament
(:class:`~.core.PlayerOut`, for the tournament's desk), a change of status calls off the
dealer's choice and the turn's clock (:class:`~.core.CancelChoice`, :class:`~.core.ResetTurn`,
for the hand runner) and runs or stops a tournament's clock (:class:`~.core.TableRuns`), and
the end of the night closes the open requests for chips (:class:`~.cashier.NightEnded`) and
pays a tournament's prizes by the deal its last players agreed, if any
(:class:`~.core.DealMade`, for the desk): follow-up commands. The host's and the players'
seating commands are asked of the table's actor (:mod:`.hosting`; a player's request to sit
out or in, :mod:`.players`, numbered and acked by the slice: :class:`~.core.Numbered`; an
absent player's return as their link opens, folded into the connection's own turn,
:class:`.connections.Arrive`; a tournament's deal, :meth:`.table.Table.make_deal`), a seat
taken reading the ledger first (:attr:`Join.entries`); until the hand runner moves onto the
core, those it makes are folded into its change (its hand end: :class:`HandOver` with the
stacks the hand ends with, :class:`Leave`; :meth:`.actor.Actor.fold`), stored in its
transaction with their follow-ups,
and adopted only once it commits; and the rows the hand runner stores with its actions (the
time banks it spends, the requests' numbers) are taken in once stored
(:meth:`SeatingState.stored`).

>>> state = SeatingState.of(TableState("t", "x", "h", "j", "w", {}, "waiting", None, 0, None))
>>> terms = Terms(seats=2, starting_chips=500, time_bank=30.0)
>>> joined = handle(state, Join("Ann", None, "player", "ab" * 32, "p1", (), terms), 0.0)
>>> joined.reply.seat, joined.reply.stack, joined.effect.request.ledger[0].reason
(0, 500, 'buy-in')
>>> seated = joined.state.stored(joined.effect.request)
>>> str(handle(seated, Join("ann", 0, "player", None, "p2", (), terms), 0.0).reply.error)
'seat 0 is taken'
>>> left = handle(seated, Remove(0, in_hand=False, stack=500), 0.0)
>>> left.reply.cash_out, left.state.seats, [type(follow).__name__ for follow in left.follow]
(500, {}, ['SeatLeft', 'PlayerOut'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from wildstud.errors import TableError, WildstudError
from wildstud.server.accounts import departed, host_named_account, vouched_account
from wildstud.server.errors import SeatError
from wildstud.server.names import bot_name, seat_name
from wildstud.server.requests import RequestStatus
from wildstud.server.store.records import Changes, LedgerEntry, SeatState, TableState
from wildstud.server.table.cashier import NightEnded, SeatLeft
from wildstud.server.table.core import (
    Acked,
    CancelChoice,
    ClockNews,
    Command,
    Credit,
    DealMade,
    Dismissed,
    Effect,
    Numbered,
    Outcome,
    PlayerOut,
    Refused,
    ResetTurn,
    TableNews,
    TableRuns,
)
from wildstud.server.table.ledger import ReadLedger
from wildstud.server.table.reveal_progress import MaybeDue
from wildstud.server.table.seat_requests import DecideRequest

__all__ = [
    "COMMANDS",
    "Back",
    "Departure",
    "EndNight",
    "HandOver",
    "Join",
    "Leave",
    "Links",
    "NewLink",
    "NewLinks",
    "Remove",
    "SeatingState",
    "SetStatus",
    "Sit",
    "TableStatus",
    "Terms",
    "free_seat",
    "handle",
]


class TableStatus(StrEnum):
    """Whether a table deals."""

    WAITING = "waiting"
    """Created; the host has not started it."""
    RUNNING = "running"
    PAUSED = "paused"
    """The host paused it: no clock runs, no bot acts, nobody may act, no hand starts."""
    ENDED = "ended"
    """The host ended the night: the hand in progress plays out, no other is dealt, and the
    settle-up stands (:mod:`wildstud.server.night`)."""


@dataclass(frozen=True, slots=True)
class Links:
    """The table's links: the host's token as its SHA-256 (the store keeps no other), the join
    and watch tokens."""

    host_hash: str
    join_token: str
    watch_token: str


@dataclass(frozen=True, slots=True)
class SeatingState:
    """What the slice holds: the table's status and links, and each seat's row by index."""

    status: TableStatus
    links: Links
    seats: Mapping[int, SeatState] = field(default_factory=dict)

    @classmethod
    def of(cls, table: TableState, seats: Iterable[SeatState] = ()) -> SeatingState:
        """The state of the stored rows: the table's and its seats'."""
        links = Links(table.host_hash, table.join_token, table.watch_token)
        return cls(TableStatus(table.status), links, {row.seat: row for row in seats})

    def stored(self, changes: Changes) -> SeatingState:
        """The seating once ``changes`` are stored: the seats' rows they write stand, the seats
        they remove are gone, and the table's row brings its status and links (every part's
        rows are taken in, those the hand runner writes too)."""
        if not (changes.seats or changes.removed or changes.table is not None):
            return self
        seats = dict(self.seats)
        for index in changes.removed:
            seats.pop(index, None)
        for row in changes.seats:
            seats[row.seat] = row
        status, links, table = self.status, self.links, changes.table
        if table is not None:
            status = TableStatus(table.status)
            links = Links(table.host_hash, table.join_token, table.watch_token)
        return SeatingState(status, links, seats)

    def row(self, table: TableState) -> TableState:
        """``table``'s row with this status and these links."""
        links = self.links
        return replace(
            table,
            status=self.status.value,
            host_hash=links.host_hash,
            join_token=links.join_token,
            watch_token=links.watch_token,
        )

    def get(self, index: int) -> SeatState:
        """Seat ``index``'s row; else :class:`~wildstud.server.errors.SeatError`."""
        row = self.seats.get(index)
        if row is None:
            raise SeatError(f"seat {index} is empty")
        return row

    def accounts(self) -> list[str]:
        """The ledger accounts seated now."""
        return [row.player_id for row in self.seats.values()]


@dataclass(frozen=True, slots=True)
class Terms:
    """What the settings say a new seat gets: the table's number of seats, the buy-in and the
    time bank."""

    seats: int
    starting_chips: int
    time_bank: float


@dataclass(frozen=True, slots=True)
class Join(Command):
    """``name`` takes a seat (``wanted``, or the first free one) as ``kind`` (a
    :class:`~wildstud.server.seating.SeatKind`'s value; a bot's ``name`` may be ``None``: named
    for its seat). ``token_hash``: the SHA-256 of a player's seat token; ``player_id``: the
    fresh account the table drew. ``entries``: the ledger's, for the players who left tonight
    (their names are taken, but for the one coming back); ``None``: not read yet, the slice
    asks for the read (once the seat is known to be free) and takes the command again with
    them. The account a seat takes: the one ``returning`` (the SHA-256 of the seat token a
    player left with) vouches for, or the one the host ``named``, or the one of ``own`` (the
    accounts known to be this player's, a club member's) that left tonight last, or else the
    fresh one. ``registration_open``: whether a tournament still takes players. ``request``:
    the seat request the host approves with this seat, decided with it (a follow-up for the
    seat requests, :class:`~.seat_requests.DecideRequest`, in the same change: a request is
    never seated twice)."""

    name: str | None
    wanted: int | None
    kind: str
    token_hash: str | None
    player_id: str
    entries: tuple[LedgerEntry, ...] | None
    terms: Terms
    returning: str | None = None
    named: str | None = None
    registration_open: bool = True
    own: tuple[str, ...] = ()
    request: str | None = None


@dataclass(frozen=True, slots=True)
class Remove(Command):
    """Seat ``index`` is given up (the host removes it, or its player leaves): at once when it
    is not ``in_hand``, with the ``stack`` it holds, its connections (``clients``) told and
    closed; else it is marked leaving, checks or folds at its turns, and leaves when the hand
    ends (:class:`Leave`)."""

    index: int
    in_hand: bool
    stack: int
    clients: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Leave(Command):
    """Seat ``index`` leaves now, with ``stack`` chips (those its hand ended with); its
    connections (``clients``) are told and closed."""

    index: int
    stack: int
    clients: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Sit(Command):
    """Seat ``index``'s player sits out (``out``) or back in, by their numbered request
    ``asked``: carried out when its number is the seat's next (the number stored with the
    seat's row, the request acked), else answered as its number says
    (:meth:`~.core.Numbered.again`) and nothing changes."""

    index: int
    out: bool
    asked: Numbered


@dataclass(frozen=True, slots=True)
class Back(Command):
    """Seat ``index``'s player opened their link: if the clock had sat them out, they are back
    (nothing to do otherwise)."""

    index: int


@dataclass(frozen=True, slots=True)
class NewLink(Command):
    """Seat ``index`` (a player's) opens with a new token, whose SHA-256 is ``token_hash``: the
    connections opened with the old one (``clients``) are told and closed."""

    index: int
    token_hash: str
    clients: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class NewLinks(Command):
    """The table's links are replaced by ``links``; ``row``: the table's row as it stands. The
    connections opened with the old watch link (``spectators``) are told and closed."""

    links: Links
    row: TableState
    spectators: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class SetStatus(Command):
    """The host starts (or resumes) or pauses the table; ``row``: the table's row as it
    stands."""

    status: TableStatus
    row: TableState


@dataclass(frozen=True, slots=True)
class EndNight(Command):
    """The night is over (the host ended it, or a tournament's last player holds every chip,
    or its last players agreed a deal of ``deal``): no hand is dealt after the one in
    progress; ``row``: the table's row as it stands. A deal is the desk's follow-up
    (:class:`~.core.DealMade`), in the same change, also when the night was over already."""

    row: TableState
    deal: str | None = None


@dataclass(frozen=True, slots=True)
class HandOver(Command):
    """The hand runner's hand is over: ``rows`` are the rows of the seats dealt into it that
    stay, as it leaves them (their stacks, the hands their players missed, sitting out when the
    clock sat them out: :func:`~.runner.hand_end_row`); a seat that was leaving leaves with
    :class:`Leave` instead."""

    rows: tuple[SeatState, ...]


@dataclass(frozen=True, slots=True)
class Departure:
    """A seat given up: its row as it left, and the chips it cashed out."""

    row: SeatState
    cash_out: int


def handle(state: SeatingState, command: Command, now: float) -> Outcome[SeatingState]:
    """The seating slice: the outcome of ``command`` (see the module's description). The reply:
    the new seat's row (:class:`Join`), the seat's row (:class:`NewLink`), the
    :class:`Departure` of a seat given up at once (:class:`Remove`, :class:`Leave`)."""
    try:
        return _handle(state, command)
    except WildstudError as error:
        return Outcome(state, reply=Refused(error))


def _handle(state: SeatingState, command: Command) -> Outcome[SeatingState]:
    if isinstance(command, Join):
        return _join(state, command)
    if isinstance(command, Remove):
        row = state.get(command.index)
        if command.in_hand:
            changes = Changes(seats=[replace(row, leaving=True)])
            return _written(state, changes, news=(TableNews(),))
        outcome = _leave(state, row, command.stack, command.clients)
        return replace(outcome, news=(*outcome.news, TableNews()))
    if isinstance(command, Leave):
        # The hand runner's change, which tells the table itself, stores the leaving.
        return _leave(state, state.get(command.index), command.stack, command.clients)
    if isinstance(command, HandOver):
        # A seat dealt in leaves only as its hand ends: every row's seat is still here.
        rows = [row for row in command.rows if row.seat in state.seats]
        return _written(state, Changes(seats=rows))
    if isinstance(command, Sit):
        row = state.get(command.index)
        asked = command.asked
        again = asked.again(row.last_seq)
        if again is not None:
            return Outcome(state, news=(again,))
        row = replace(row, sitting_out=command.out, missed_hands=0, last_seq=asked.seq)
        news = (TableNews(), Acked(asked, row.seat))
        return _written(state, Changes(seats=[row]), news=news)
    if isinstance(command, Back):
        row = state.get(command.index)
        if not (row.sitting_out and row.missed_hands > 0):
            return Outcome(state)
        row = replace(row, sitting_out=False, missed_hands=0)
        return _written(state, Changes(seats=[row]), news=(TableNews(),))
    if isinstance(command, NewLink):
        row = state.get(command.index)
        if row.kind != "player":
            raise SeatError(f"seat {command.index} is a bot's: it has no link")
        row = replace(row, token_hash=command.token_hash)
        message = "the host gave this seat a new link: this one no longer opens it"
        closed = Dismissed(command.clients, message, 4000, "link replaced")
        return _written(state, Changes(seats=[row]), reply=row, news=(closed, TableNews()))
    if isinstance(command, NewLinks):
        new = replace(state, links=command.links)
        message = "the host gave the table new links: this one no longer opens it"
        closed = Dismissed(command.spectators, message, 4404, "link replaced")
        return _written(state, Changes(table=new.row(command.row)), news=(closed,))
    if isinstance(command, SetStatus):
        return _set_status(state, command)
    if isinstance(command, EndNight):
        deal = () if command.deal is None else (DealMade(command.deal),)
        if state.status is TableStatus.ENDED:
            if not deal:
                raise TableError("the night is over already")
            return Outcome(state, news=(TableNews(),), follow=deal)
        new = replace(state, status=TableStatus.ENDED)
        changes = Changes(table=new.row(command.row))
        # The night's secrets may be due (a private table's, its last hand over): MaybeDue.
        follow = (
            CancelChoice(),
            ResetTurn(),
            NightEnded(),
            TableRuns(running=False),
            MaybeDue(),
            *deal,
        )
        return _written(state, changes, follow=follow, news=_RETIMED)
    assert isinstance(command, Credit)
    if command.row.seat not in state.seats:  # pragma: no cover - the cashier checks the seat
        return Outcome(state)
    return Outcome(replace(state, seats={**state.seats, command.row.seat: command.row}))


def _written(
    state: SeatingState,
    changes: Changes,
    reply: object = None,
    follow: tuple[Command, ...] = (),
    news: tuple[TableNews | ClockNews | Dismissed | Acked, ...] = (),
) -> Outcome[SeatingState]:
    """The outcome of storing ``changes``: the state as they leave it, once stored."""
    return Outcome(
        state.stored(changes), effect=Effect(changes), news=news, reply=reply, follow=follow
    )


_RETIMED = (TableNews(), ClockNews())
"""The news of a change of the table's status: the table, and the turn's clock timed afresh."""


def free_seat(state: SeatingState, wanted: int | None, seats: int) -> int:
    """The seat a newcomer takes at a table of ``seats`` seats: ``wanted``, or the first free
    one; else why not (:class:`~wildstud.server.errors.SeatError`, or
    :class:`~wildstud.errors.TableError` once the night is over)."""
    if state.status is TableStatus.ENDED:
        raise TableError("the night is over: no more seats are taken")
    if wanted is not None:
        if not 0 <= wanted < seats:
            raise SeatError(f"no seat {wanted} at this table (seats 0 to {seats - 1})")
        if wanted in state.seats:
            raise SeatError(f"seat {wanted} is taken")
        return wanted
    for index in range(seats):
        if index not in state.seats:
            return index
    raise SeatError(f"the table is full ({seats} seats)")


def _join(state: SeatingState, join: Join) -> Outcome[SeatingState]:
    index = free_seat(state, join.wanted, join.terms.seats)
    entries = join.entries
    if entries is None:  # a read, then the write
        read = Effect(ReadLedger(), then=lambda found: replace(join, entries=tuple(found)))
        return Outcome(state, effect=read)
    seated = state.accounts()
    gone = departed(entries, seated)
    account: str | None = None
    named = join.named
    if named is None:  # the account of this player's that left tonight last, if any
        named = next((p.player_id for p in reversed(gone) if p.player_id in join.own), None)
    if join.returning is not None:
        account = vouched_account(entries, join.returning, seated)
    elif named is not None:  # still a departed player's, and not taken since
        account = host_named_account(entries, named, seated)
    # A newcomer's name must not look like those at the table, nor those of the players who
    # left tonight (a look-alike would pass for one of them in the settle-up), but for the one
    # coming back.
    taken = [row.name for row in state.seats.values()]
    taken += [player.name for player in gone if player.player_id != account]
    if join.kind == "player":
        assert join.name is not None
        name = seat_name(join.name, taken)
    else:
        if join.name is None:  # named for its seat, a bot takes no name used tonight
            taken += [entry.name for entry in entries]
        name = bot_name(join.kind, join.name, index, taken)
    if not join.registration_open:
        raise TableError("registration for this tournament has closed")
    terms = join.terms
    row = SeatState(
        seat=index,
        player_id=join.player_id if account is None else account,
        name=name,
        kind=join.kind,
        token_hash=join.token_hash,
        stack=terms.starting_chips,
        sitting_out=False,
        missed_hands=0,
        time_bank=terms.time_bank,
        last_seq=0,
        leaving=False,
    )
    changes = Changes(seats=[row], ledger=[_entry(row, "buy-in", row.stack)])
    follow: tuple[Command, ...] = ()
    if join.request is not None:
        follow = (DecideRequest(join.request, RequestStatus.APPROVED, index),)
    return _written(state, changes, reply=row, follow=follow, news=(TableNews(),))


def _leave(
    state: SeatingState, row: SeatState, stack: int, clients: tuple[Any, ...]
) -> Outcome[SeatingState]:
    """``row``'s seat leaves with ``stack`` chips: cashed out (a player's leaving is written
    even with no chips: its token is their way back), its row removed, its connections
    (``clients``) told and closed, and its open request for chips cancelled (a follow-up for
    the cashier), and its player out of a tournament (one for the desk)."""
    changes = Changes(removed=[row.seat])
    if stack or row.token_hash is not None:
        changes.ledger.append(_entry(row, "cash-out", -stack, token_hash=row.token_hash))
    gone = Departure(replace(row, stack=stack), stack)
    follow = (SeatLeft(row.seat, row.player_id), PlayerOut(row))
    # The host's removal and a player's own leave end alike: the chips are cashed out.
    message = f"Your seat is given up: its {stack} chips are cashed out"
    goodbye = Dismissed(clients, message, 4000, "seat removed", gone.row, stack)
    return _written(state, changes, reply=gone, follow=follow, news=(goodbye,))


def _set_status(state: SeatingState, command: SetStatus) -> Outcome[SeatingState]:
    status = command.status
    if status is state.status:
        return Outcome(state)
    if state.status is TableStatus.ENDED:
        raise TableError("the night is over: the table deals no more")
    if status is TableStatus.WAITING:
        raise TableError("a table cannot go back to waiting")
    new = replace(state, status=status)
    # A resumed turn gets a fresh clock; a choice in progress is asked again; a tournament's
    # clock runs with the table.
    follow = (CancelChoice(), ResetTurn(), TableRuns(running=status is TableStatus.RUNNING))
    return _written(state, Changes(table=new.row(command.row)), follow=follow, news=_RETIMED)


def _entry(
    row: SeatState, reason: str, amount: int, *, token_hash: str | None = None
) -> LedgerEntry:
    """A ledger entry of ``amount`` chips on ``row``'s account (the house's for a bot)."""
    return LedgerEntry(
        player_id=row.player_id,
        seat=row.seat,
        name=row.name,
        reason=reason,
        amount=amount,
        house=row.kind != "player",
        token_hash=token_hash,
    )


COMMANDS: tuple[type[Command], ...] = (
    Join,
    Remove,
    Leave,
    HandOver,
    Sit,
    Back,
    NewLink,
    NewLinks,
    SetStatus,
    EndNight,
    Credit,
)
"""The commands the seating slice takes."""
