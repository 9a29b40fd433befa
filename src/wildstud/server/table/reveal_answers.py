"""The private deals' audit's slice: a page's reveal of a deal's secret and order, once the deal is
over, as a command of the table's core (the publishing itself, the slice's own ticks: the hands
due read, the server's own secrets, the asks, the clock and the audit, :mod:`.reveal_progress`;
when and why, :mod:`.private_reveal`).

A page's reveal (:class:`~wildstud.server.messages.PrivateAnswer`, step ``reveal``) comes to
the actor as a :class:`PageReveal`, made from the table as its turn comes (the page's seat and
the name of the player seated there then, the last hand finished), and :func:`handle`, a pure
function of the deals waiting for secrets (:class:`RevealState`), checks it:

- a page that was no party to the deal (or whose seat another player holds now) is refused,
  as is a secret the deal's rounds refuse (``elsewhere`` for another page of the seat's, whose
  key the deal did not take), and nothing changes;
- a deal not waiting for secrets yet, of a hand over (a page publishes as it leaves the
  table), is read from the store first (:class:`LoadDeal`, the outcome's effect), then
  checked as if it were; one of the hand in play, or audited already, is refused;
- the same secret again is done; a secret taken is its row to store, and the new state (the
  deal with it, the clock afresh) is adopted only once it is stored.

A page that publishes a secret nothing waits for is refused, and nothing changes:

>>> from wildstud.server.messages import PrivateAnswer
>>> asked = PrivateAnswer(type="private", hand=3, deal=1, answer={"step": "reveal"})
>>> outcome = handle(RevealState(), PageReveal("ann's page", asked, 0, "Ann", 2, 8.0), 0.0)
>>> outcome.reply.error
IllegalActionError('hand 3, deal 1 waits for no secret: it is being played, or its audit is done')
>>> outcome.effect, outcome.news
(None, ())
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from wildstud.errors import IllegalActionError
from wildstud.history.private_night import PrivateFault
from wildstud.private_rounds import DealRounds, OtherPageError, RoundsError, Row
from wildstud.server.errors import SeatError
from wildstud.server.messages import PrivateAnswer
from wildstud.server.store.records import Changes, PrivateRound
from wildstud.server.table.core import Command, Effect, Outcome, checked

__all__ = [
    "COMMANDS",
    "NAME",
    "LoadDeal",
    "Loaded",
    "OpenDeal",
    "PageReveal",
    "RevealState",
    "handle",
]

NAME = "reveals"
"""The slice's name in the table's actor."""


@dataclass(frozen=True, slots=True, eq=False)
class OpenDeal:
    """A deal waiting for its parties' secrets: deal ``rounds.deal`` of hand ``hand``, its
    rounds (from its rows, never changed in place: each secret taken is a copy), its public
    rows, and the table seat of each page that was a party to it."""

    hand: int
    rounds: DealRounds
    rows: tuple[Row, ...]
    pages: Mapping[int, int] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        """Whether every party has published."""
        return len(self.rounds.revealed) == len(self.rounds.parties)


@dataclass(frozen=True, slots=True)
class RevealState:
    """What the slice holds: the deals waiting for secrets, by hand and deal; how many rows
    each hand with an open deal has stored; when the table stops waiting for the next secret
    (``None``: no clock runs); the last hand whose deals were asked for (or found audited);
    the deals audited so far tonight, and every fault found in them; how many of the slice's
    ticks in a row the store has failed (its wait before looking again doubles with each)."""

    open: Mapping[tuple[int, int], OpenDeal] = field(default_factory=dict)
    seqs: Mapping[int, int] = field(default_factory=dict)
    deadline: float | None = None
    through: int = 0
    deals: int = 0
    faults: tuple[PrivateFault, ...] = ()
    failures: int = 0

    def but(self, **changes: Any) -> RevealState:
        """The state with ``changes``."""
        return replace(self, **changes)

    def wake(self, now: float) -> float | None:
        """When the slice looks again (:mod:`.reveal_progress`): at its clock's deadline, at
        once (``now``) when every deal waited for has all its secrets; ``None``: no clock
        runs.

        >>> RevealState().wake(5.0), RevealState(deadline=9.0).wake(5.0)
        (None, 5.0)
        """
        if self.deadline is None:
            return None
        if all(deal.complete for deal in self.open.values()):
            return now
        return self.deadline

    def counted(self, data: Mapping[str, Any]) -> RevealState:
        """The state with one more deal audited, its faults ``data["faults"]`` (an ``audit``
        row's data) among tonight's."""
        found = tuple(PrivateFault(**item) for item in data["faults"])
        return self.but(deals=self.deals + 1, faults=(*self.faults, *found))

    def stored(self, number: int, rows: Sequence[Row]) -> tuple[RevealState, list[PrivateRound]]:
        """``rows`` of hand ``number`` as the store keeps them, numbered on from what it has
        stored, and the state that counts them."""
        seq = self.seqs[number]
        stored = [
            PrivateRound(number, seq + offset, row.deal, row.kind, row.party, row.data)
            for offset, row in enumerate(rows)
        ]
        return self.but(seqs={**self.seqs, number: seq + len(rows)}), stored


@dataclass(frozen=True, slots=True)
class LoadDeal:
    """A read of the store: deal ``deal`` of hand ``hand``, as an :class:`OpenDeal` (a
    :class:`Loaded`; ``None``: none waits for secrets, voided before its deck was masked, or
    audited already)."""

    hand: int
    deal: int


@dataclass(frozen=True, slots=True)
class Loaded:
    """A deal read from the store (:class:`LoadDeal`) and how many rows its hand has stored."""

    deal: OpenDeal
    seq: int


@dataclass(frozen=True, slots=True)
class PageReveal(Command):
    """A page publishes a deal's secret and order: ``frame`` as the connection ``client`` sent
    it, from table seat ``seat`` (``None``: a spectator's page), where ``name`` sits as the
    command's turn comes (``None``: nobody); ``finished``: the last hand over; ``seconds``:
    how long the table waits for the next secret. ``read``: whether the deal was read from the
    store (:class:`LoadDeal`), and ``loaded`` what was found."""

    client: Any
    frame: PrivateAnswer
    seat: int | None
    name: str | None
    finished: int
    seconds: float
    read: bool = False
    loaded: Loaded | None = None


COMMANDS: tuple[type[Command], ...] = (PageReveal,)
"""The commands this slice takes."""


def handle(state: RevealState, command: Command, now: float) -> Outcome[RevealState]:
    """The outcome of a page's reveal for the deals waiting as ``state`` stands (see the
    module's description)."""
    assert isinstance(command, PageReveal), command
    return checked(state, lambda: _reveal(state, command, now))


def _reveal(start: RevealState, command: PageReveal, now: float) -> Outcome[RevealState]:
    frame = command.frame
    state = start
    deal = state.open.get((frame.hand, frame.deal))
    early = deal is None
    if deal is None:
        if not command.read and 1 <= frame.hand <= command.finished:
            return Outcome(
                state,
                Effect(
                    LoadDeal(frame.hand, frame.deal),
                    then=lambda found: replace(command, read=True, loaded=found),
                ),
            )
        if command.loaded is None:
            raise IllegalActionError(
                f"hand {frame.hand}, deal {frame.deal} waits for no secret: it is being played,"
                " or its audit is done"
            )
        deal = command.loaded.deal
        state = state.but(seqs={**state.seqs, deal.hand: command.loaded.seq})
    party = next((p for p, index in deal.pages.items() if index == command.seat), None)
    if party is None or command.name != deal.rounds.parties[party].name:
        raise SeatError(f"your page was no party to hand {frame.hand}, deal {frame.deal}")
    trial = copy.deepcopy(deal.rounds)
    try:
        row = trial.take(party, frame.answer)
    except OtherPageError as error:
        raise OtherPageError(party, f"your secret is not asked for: {error}") from None
    except RoundsError as error:
        raise RoundsError(party, error.kind, f"your secret is refused: {error}") from None
    if row is None:
        return Outcome(start)  # the same secret again: taken
    after, stored = state.stored(deal.hand, [row])
    if not early:  # a deal published early is not waited for: nothing keeps it
        taken = replace(deal, rounds=trial, rows=(*deal.rows, row))
        after = after.but(open={**after.open, (frame.hand, frame.deal): taken})
    if after.deadline is not None:
        # A page publishing a night of deals one by one is not late: the clock is for silence.
        after = after.but(deadline=now + command.seconds)
    # The last secret waited for has the audit done at once (the slice's tick).
    return Outcome(after, Effect(Changes(private_rounds=stored)), wake=after.wake(now))
