"""The table's seat requests, a slice of the table's pure core (:mod:`.core`): the join link
asks the host for a seat, and the host approves or declines (the rules and the limits of the
join link: :mod:`wildstud.server.requests`).

The slice's state (:class:`RequestsState`: every request made at the table tonight, by id) is
its own, and :func:`handle` is pure: a request is filed (:class:`FileRequest`, which reads the
ledger first when the requester shows the seat token they left with) and declined
(:class:`DecideRequest`) by commands asked of the table's actor (:mod:`.hosting`, which checks
the seat first); an approval is the seating's :class:`~.seating.Join` of the seat it gives,
whose follow-up decides the request in the same change (so that a request is never seated
twice), adopted only once that commits. The requester's id and token are made by the table:
the slice draws nothing at random.

>>> state = RequestsState()
>>> filed = handle(state, FileRequest("r1", " Ann ", None, "ab" * 32, taken=("Bob",)), 0.0)
>>> filed.reply.name, filed.reply.status, filed.state.pending() == [filed.reply]
('Ann', 'pending', True)
>>> str(handle(filed.state, FileRequest("r2", "ann", None, "cd" * 32), 0.0).reply.error)[:42]
"'Ann' is already waiting for the host here"
>>> declined = handle(filed.state, DecideRequest("r1", RequestStatus.DECLINED), 0.0)
>>> declined.state.get("r1").status, declined.state.pending()
('declined', [])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from wildstud.errors import TableError, WildstudError
from wildstud.server.accounts import vouched_account
from wildstud.server.errors import NameTakenError, SeatError
from wildstud.server.names import name_key, seat_name
from wildstud.server.requests import MAX_PENDING, RequestStatus
from wildstud.server.store.records import Changes, LedgerEntry, SeatRequestState
from wildstud.server.table.core import Command, Effect, Outcome, Refused
from wildstud.server.table.ledger import ReadLedger

__all__ = ["COMMANDS", "DecideRequest", "FileRequest", "RequestsState", "handle"]


@dataclass(frozen=True, slots=True)
class RequestsState:
    """What the slice holds: the table's seat requests by id, oldest first (those decided
    too: a requester asks how theirs stands)."""

    by_id: Mapping[str, SeatRequestState] = field(default_factory=dict)

    @classmethod
    def of(cls, stored: Iterable[SeatRequestState]) -> RequestsState:
        """The state of the stored requests."""
        return cls({state.id: state for state in stored})

    def pending(self) -> list[SeatRequestState]:
        """The requests waiting for the host, oldest first."""
        return [state for state in self.by_id.values() if state.status == RequestStatus.PENDING]

    def known(self, request_id: str) -> bool:
        """Whether a request of this id was ever made here."""
        return request_id in self.by_id

    def get(self, request_id: str) -> SeatRequestState:
        """The request with this id, or :class:`~wildstud.server.errors.SeatError`."""
        state = self.by_id.get(request_id)
        if state is None:
            raise SeatError(f"no seat request {request_id!r} at this table")
        return state

    def by_hash(self, digest: str) -> SeatRequestState | None:
        """The request whose token has this SHA-256 digest, if any."""
        for state in self.by_id.values():
            if state.token_hash == digest:
                return state
        return None

    def undecided(self, request_id: str) -> SeatRequestState:
        """The pending request with this id; else :class:`~wildstud.server.errors.SeatError`
        saying how it was decided."""
        state = self.get(request_id)
        if state.status != RequestStatus.PENDING:
            raise SeatError(
                f"{state.name}'s request was already {state.status}"
                + ("" if state.seat is None else f" (seat {state.seat + 1})")
            )
        return state


@dataclass(frozen=True, slots=True)
class FileRequest(Command):
    """A request for a seat: its ``id``, the ``name`` asked for (cleaned as a seat's is; it
    must differ from the ``taken`` names of the seated players and from every waiting
    requester's), the seat ``wanted``, the SHA-256 of the requester's token, and the account
    of a player who left tonight that the requester's old seat token vouched for
    (``returning``; or ``vouched``, that token's SHA-256: the slice reads the ledger first,
    unless ``entries`` come with it, and finds the account among the players who left
    tonight and are not ``seated``, by account, again)."""

    id: str
    name: str
    wanted: int | None
    token_hash: str
    returning: str | None = None
    taken: tuple[str, ...] = ()
    vouched: str | None = None
    entries: tuple[LedgerEntry, ...] | None = None
    seated: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DecideRequest(Command):
    """The host decides the pending request ``request_id``: ``status``, and on approval the
    ``seat`` given."""

    request_id: str
    status: RequestStatus
    seat: int | None = None


def handle(state: RequestsState, command: Command, now: float) -> Outcome[RequestsState]:
    """The seat requests slice: the outcome of ``command`` (the reply: the request as it
    stands after it; see the module's description)."""
    try:
        if isinstance(command, FileRequest) and command.vouched is not None:
            if command.entries is None:  # a read, then the write
                return Outcome(state, effect=_read_for(command))
            account = vouched_account(command.entries, command.vouched, command.seated)
            command = replace(command, returning=account, vouched=None, entries=None)
        if isinstance(command, FileRequest):
            request = _filed(state, command)
        else:
            assert isinstance(command, DecideRequest)
            request = replace(
                state.undecided(command.request_id),
                status=command.status.value,
                seat=command.seat,
            )
    except WildstudError as error:
        return Outcome(state, reply=Refused(error))
    new = RequestsState({**state.by_id, request.id: request})
    return Outcome(new, effect=Effect(Changes(requests=[request])), reply=request)


def _read_for(command: FileRequest) -> Effect:
    """The ledger's read ``command`` needs, then ``command`` again with its entries."""
    return Effect(ReadLedger(), then=lambda found: replace(command, entries=tuple(found)))


def _filed(state: RequestsState, command: FileRequest) -> SeatRequestState:
    waiting = state.pending()
    if len(waiting) >= MAX_PENDING:
        raise TableError(
            f"{MAX_PENDING} people are already waiting for the host at this table: try again later"
        )
    clean = seat_name(command.name, command.taken)
    key = name_key(clean)
    for other in waiting:
        # A second device of the one who asked reaches the request with its token (the
        # waiting page's "continue on another device" link), never with the name: a name
        # alone would let anyone take over someone else's place in the queue.
        if name_key(other.name) == key:
            raise NameTakenError(
                f"{other.name!r} is already waiting for the host here. If that is you,"
                ' open the link from "Continue on another device" on the page where you'
                " asked; if not, choose another name"
            )
    return SeatRequestState(
        command.id,
        clean,
        command.token_hash,
        command.wanted,
        RequestStatus.PENDING.value,
        returning=command.returning,
    )


COMMANDS: tuple[type[Command], ...] = (FileRequest, DecideRequest)
"""The commands the seat requests slice takes."""
