"""The seating's and the seat requests' commands as the table's state makes them, and a seat
that leaves as its hand ends.

The host's and the players' seating commands are the slices' commands (:mod:`.seating`,
:mod:`.seat_requests`) asked of the table's actor (:meth:`.actor.Actor.ask`): a seat taken
(:class:`~.seating.Join`, a seat request approved among them), a seat request filed or
declined, a seat removed, new links, the start, pause and end of the night. Each is made from
the table as its turn comes (the settings' terms, whether a tournament still takes players, a
fresh account: the slices draw nothing), reads what it needs (the ledger) as its slice asks,
and is stored in one change with its follow-ups, adopted once it commits and told then; the
connections a command lets go are closed by the outbox. A seat that leaves as its hand ends
is folded into the hand runner's change instead (:meth:`Hosting.leave`).

A seat's buy-in goes into the ledger as it is taken, and its cash-out as it is given up; a seat
dealt into the hand in progress is not removed at once but checks or folds at its turns and
leaves when the hand ends. A player who left tonight and sits down again keeps their ledger
account only when they show the seat token they left with, or when the host says who they
are; a name alone always opens a fresh account (:mod:`wildstud.server.accounts`).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from wildstud.server.requests import RequestStatus
from wildstud.server.seating import Seat, SeatKind
from wildstud.server.security import new_id, new_token, token_hash
from wildstud.server.store import SeatRequestState, SeatState
from wildstud.server.table.seat_requests import DecideRequest, FileRequest
from wildstud.server.table.seating import (
    Join,
    Links,
    NewLink,
    NewLinks,
    Remove,
    Terms,
    free_seat,
)

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

__all__ = ["Hosting"]


class Hosting:
    """The commands of a table's seating and seat requests, made from the table."""

    def __init__(self, table: Table) -> None:
        self.table = table

    # -- seating -------------------------------------------------------------------------------

    async def join(
        self,
        name: str,
        wanted: int | None,
        returning: str | None = None,
        own: Collection[str] = (),
    ) -> tuple[Seat, str]:
        """A player takes a seat; returns it with the player's secret token. ``returning``:
        the seat token of a player who left tonight, whose account the seat takes. ``own``:
        accounts known to be this player's (a club member's at this night): the one that left
        tonight last, if any, is taken again, so that one player keeps one account. The
        seating's command (:class:`~.seating.Join`): it reads the ledger, then takes the
        seat."""
        token = new_token()
        back = None if returning is None else token_hash(returning)
        digest, kind, mine = token_hash(token), SeatKind.PLAYER, tuple(own)
        row = await self.table.actor.ask(
            lambda: self._join(name, wanted, kind, digest, returning=back, own=mine)
        )
        return self._seat(row), token

    async def add_bot(self, kind: SeatKind, name: str | None, wanted: int | None) -> Seat:
        """A bot takes a seat (as a player does, :meth:`join`)."""
        row = await self.table.actor.ask(lambda: self._join(name, wanted, kind, None))
        return self._seat(row)

    def _join(
        self,
        name: str | None,
        wanted: int | None,
        kind: SeatKind,
        digest: str | None,
        returning: str | None = None,
        named: str | None = None,
        own: tuple[str, ...] = (),
        request: str | None = None,
    ) -> Join:
        """The seating's command for a seat taken, with what the settings and the tournament
        say of it, and a fresh account (drawn here: the slice draws nothing); the slice reads
        the ledger first."""
        table = self.table
        settings = table.settings
        terms = Terms(settings.seats, settings.starting_chips, settings.time_bank)
        registration = table.tournament is None or table.desk.registration_open(table.tournament)
        return Join(
            name,
            wanted,
            kind.value,
            digest,
            new_id(),
            None,
            terms,
            returning=returning,
            named=named,
            registration_open=registration,
            own=own,
            request=request,
        )

    def _seat(self, row: SeatState) -> Seat:
        """The seat of ``row`` (a reply of the seating's) as it stands now; given up since the
        command's turn, a seat made from the row as it was then."""
        seat = self.table.seats.get(row.seat)
        if seat is None or seat.player_id != row.player_id:
            return Seat.from_state(row)
        return seat

    # -- seat requests -------------------------------------------------------------------------

    async def request_seat(
        self, name: str, wanted: int | None, returning: str | None = None
    ) -> tuple[SeatRequestState, str]:
        """File a request for a seat, for the host to decide; returns it with the requester's
        token (their seat's token once approved). ``returning``: the seat token of a player
        who left tonight; the request names that player's account for the host. The seat
        requests' command (:class:`~.seat_requests.FileRequest`): with ``returning``, it reads
        the ledger first."""
        token = new_token()
        digest = token_hash(token)
        vouched = None if returning is None else token_hash(returning)
        request: SeatRequestState = await self.table.actor.ask(
            lambda: self._file(name, wanted, digest, vouched)
        )
        return request, token

    def _file(self, name: str, wanted: int | None, digest: str, vouched: str | None) -> FileRequest:
        """The seat requests' command for a request for a seat (``digest``: the SHA-256 of the
        requester's token; ``vouched``: that of the seat token of a player who left tonight,
        whose account the request names for the host, found by the slice once it has read
        the ledger); refused at once when the seat ``wanted`` does not exist, or is taken."""
        table = self.table
        if wanted is not None:
            free_seat(table.seating, wanted, table.settings.seats)
        taken = tuple(seat.name for seat in table.seats.values())
        seated = tuple(table.seating.accounts())
        return FileRequest(new_id(), name, wanted, digest, None, taken, vouched, None, seated)

    async def decide(
        self, request_id: str, approve: bool, wanted: int | None, returning: str | None = None
    ) -> tuple[SeatRequestState, Seat | None]:
        """The host approves a request (the requester is seated, in one transaction with the
        decision, so a request is never seated twice) or declines it (the seat requests'
        command, :class:`~.seat_requests.DecideRequest`). An approval is the seating's
        :class:`~.seating.Join` (:meth:`_approve`), which decides the request in its change."""
        table = self.table
        if not approve:
            declined = DecideRequest(request_id, RequestStatus.DECLINED)
            request: SeatRequestState = await table.actor.ask(declined)
            return request, None
        row = await table.actor.ask(lambda: self._approve(request_id, wanted, returning))
        return table.requests.get(request_id), self._seat(row)

    def _approve(self, request_id: str, wanted: int | None, returning: str | None) -> Join:
        """The seating's command for the seat the host gives the pending request
        ``request_id`` (the one it asked for, if free and no other is ``wanted``), decided
        with it in one change (:attr:`~.seating.Join.request`). The seat takes the account
        the host names (``returning``: "this is Ann coming back"), else the one the
        requester's old seat token vouched for, if any, or a fresh one."""
        table = self.table
        state = table.requests.undecided(request_id)  # refuses one decided before
        if wanted is None and state.wanted is not None and state.wanted not in table.seats:
            wanted = state.wanted
        named = returning or state.returning
        kind = SeatKind.PLAYER
        return self._join(state.name, wanted, kind, state.token_hash, named=named, request=state.id)

    # -- links -----------------------------------------------------------------------------------

    async def new_link(self, index: int) -> tuple[Seat, str]:
        """A new token for a player's seat (they lost their link): the old one stops opening
        it at once, and its connections are closed (the seating's command,
        :class:`~.seating.NewLink`)."""
        table = self.table
        token = new_token()

        def made() -> NewLink:
            seat = table.seats.get(index)
            clients = () if seat is None else tuple(seat.clients)
            return NewLink(index, token_hash(token), clients)

        row: SeatState = await table.actor.ask(made)
        return self._seat(row), token

    async def new_table_links(self) -> str:
        """New host, join and watch links, for links shared too far: the old ones stop
        working at once (nothing in the store names them any more), the sockets opened with
        the old watch link are closed (the host's page too, unless seated: it opens the new
        host link), and every seated player keeps their own seat link. Returns the new host
        token (the store keeps only its hash; the seating's command,
        :class:`~.seating.NewLinks`)."""
        table = self.table
        host = new_token()
        links = Links(token_hash(host), new_token(), new_token())
        spectators = table.fanout.spectators
        await table.actor.ask(lambda: NewLinks(links, table.state(), tuple(spectators)))
        return host

    # -- seats -----------------------------------------------------------------------------------

    async def remove(self, index: int) -> None:
        """The host removes a player or a bot, or a player leaves: at once between hands,
        its chips cashed out and its connections closed; in a hand, the seat checks or folds
        at its turns and leaves (cashing out) when it ends (the seating's command,
        :class:`~.seating.Remove`)."""
        await self.table.actor.ask(lambda: self._remove(index))

    def _remove(self, index: int) -> Remove:
        """The seating's command that gives up seat ``index``, as the table stands now."""
        table = self.table
        seat = table.seats.get(index)
        if seat is None:  # the seating refuses it: the seat is empty
            return Remove(index, in_hand=False, stack=0)
        live = table.live
        in_hand = live is not None and live.engine_seat(seat) is not None
        return Remove(index, in_hand, table.stack_now(seat), tuple(seat.clients))
