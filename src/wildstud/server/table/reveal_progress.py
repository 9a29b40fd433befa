"""The private deals' audit's slice, its progress: the publishing of a night's secrets and their
audit as the slice's own ticks, a pure function of the deals waiting for secrets
(:class:`~.reveal_answers.RevealState`; a page's secret: :mod:`.reveal_answers`; when and why:
:mod:`.private_reveal`).

A :class:`RevealTick` is made from the table as its turn comes (the last hand whose secrets are
due now, by house rule ``private_reveal``; the name seated at each seat; the clock): the slice's
own clock hands it (its ``wake``: the deadline, or at once once every secret is in), and so does
:class:`MaybeDue`, a follow-up of whatever may make more hands due (a hand's end, the night's).
:func:`handle` says what is done now:

- a hand due and not asked for yet is read from the store (:class:`LoadHand`, the outcome's
  effect: its rows, every stored proof checked again off the event loop, :class:`HandRead`);
  its deals not audited yet are opened: the server's own secret and order published (a
  ``reveal`` row, the change to store), each page that was a party to a deal and is still
  seated under the same name asked (a ``private`` frame, step ``reveal``: the news); the deals
  a restart found audited are counted again, not asked again; then the next hand due;
- once every hand due is asked for, the clock starts (``shuffle_seconds`` from now: loading a
  night's proofs takes seconds, and a clock started before it had run out before a page was
  asked);
- once every deal waited for has its secrets, or the clock ran out, the deals are audited
  (:class:`AuditNight`, the outcome's effect: every proof played again off the event loop); the
  result of each deal is its ``audit`` row, all stored in one change, and the night's audit so
  far is told to every connection (``private_audit``).

Each state is adopted only once its change is stored. A store that fails (a read or a write)
leaves the state as it was and hands the slice :class:`Missed`: it looks again after
:data:`~wildstud.server.clock.RETRY_BACKOFF`'s wait (1 s, doubling while the store keeps
failing, up to 30 s: the driver's backoff), and what it had to publish is published then. The
count of failures in a row is the state's, and starts again once a read's result is in hand or
a write is stored; the table logs the change (:func:`failure_line`): once when the store starts
failing the slice, once when it works again, not at every try.

Nothing is due at a table that has dealt no private hand:

>>> outcome = handle(RevealState(), RevealTick(NAME), 0.0)
>>> outcome.state == RevealState(), outcome.effect, outcome.news, outcome.wake
(True, None, (), None)

A hand's end at a private table, or the night's, has the slice tick at once:

>>> handle(RevealState(), MaybeDue(), 5.0).wake
5.0
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from wildstud.history.private_night import (
    PrivateAudit,
    PrivateDealRecord,
    PrivateNight,
)
from wildstud.private_rounds import SERVER_ROW, Agent, Row
from wildstud.server.clock import RETRY_BACKOFF
from wildstud.server.frames import PrivateAuditFrame, PrivateFrame
from wildstud.server.store.records import Changes, PrivateRound
from wildstud.server.table import reveal_answers
from wildstud.server.table.core import (
    AtSeat,
    Command,
    Effect,
    Everyone,
    News,
    Outcome,
    Tick,
)
from wildstud.server.table.reveal_answers import NAME, OpenDeal, RevealState

__all__ = [
    "COMMANDS",
    "NAME",
    "AuditNight",
    "Audited",
    "HandRead",
    "LoadHand",
    "MaybeDue",
    "Missed",
    "RevealTick",
    "ask_frame",
    "audit_frame",
    "failure_line",
    "handle",
    "seated",
]


@dataclass(frozen=True, slots=True)
class LoadHand:
    """A read of the store: hand ``hand``'s private deals, as a :class:`HandRead`."""

    hand: int


@dataclass(frozen=True, slots=True)
class HandRead:
    """Hand ``hand`` as the store holds it (:class:`LoadHand`): ``seq``, how many private rows
    it has stored (``None``: no private deal); ``deals``, its deals not audited yet whose deck
    was masked, in order, each with the server's ``agent`` row (``None``: none stored), which
    is never sent; ``audited``, the data of each ``audit`` row it holds (a deal audited before a
    restart)."""

    hand: int
    seq: int | None = None
    deals: tuple[tuple[OpenDeal, Row | None], ...] = ()
    audited: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AuditNight:
    """Not a read of the store but work done off the event loop: ``night`` played again and
    audited (:func:`~wildstud.history.private_night.audit_private_night`)."""

    night: PrivateNight


@dataclass(frozen=True, slots=True)
class Audited:
    """The audit (:class:`AuditNight`) of ``deals``, the deals that waited for secrets."""

    deals: tuple[OpenDeal, ...]
    audit: PrivateAudit


@dataclass(frozen=True, slots=True)
class RevealTick(Tick):
    """The slice's :class:`~.core.Tick`, made from the table as its turn comes: ``due``, the
    last hand over whose secrets are due now (0: none); ``seats``, the name seated at each table
    seat now (a page is asked only while its player is seated); ``seconds``, the clock of the
    next secret (the table's ``shuffle_seconds``); ``table``, the table's id. ``read`` and
    ``audited``: what the tick's effect found (a hand read from the store, the audit done)."""

    due: int = 0
    seats: Mapping[int, str] = field(default_factory=dict)
    seconds: float = 0.0
    table: str = ""
    read: HandRead | None = None
    audited: Audited | None = None


@dataclass(frozen=True, slots=True)
class Missed(Command):
    """The store failed a tick's read or write: the slice looks again later, the longer the
    more ticks in a row the store has failed (``moved``: another process runs the table now,
    and it does not)."""

    moved: bool


@dataclass(frozen=True, slots=True)
class MaybeDue(Command):
    """More hands' secrets may be due now (a follow-up of a hand's end at a private table, and
    of the night's end): the slice ticks at once, its tick made from the table as it stands
    then, once the change that asks it is stored."""


COMMANDS: tuple[type[Command], ...] = (*reveal_answers.COMMANDS, RevealTick, Missed, MaybeDue)
"""The commands this slice takes: a page's secret, and the slice's own ticks."""


def handle(state: RevealState, command: Command, now: float) -> Outcome[RevealState]:
    """The outcome of ``command`` for the deals as ``state`` stands: a page's secret
    (:func:`.reveal_answers.handle`), the slice's tick, or a tick the store failed (see the
    module's description)."""
    if isinstance(command, RevealTick):
        return _tick(state, command, now)
    if isinstance(command, MaybeDue):
        return Outcome(state, wake=now)
    if isinstance(command, Missed):
        if command.moved:
            return Outcome(state)
        wait = RETRY_BACKOFF.wait(state.failures)
        return Outcome(state.but(failures=state.failures + 1), wake=now + wait)
    return reveal_answers.handle(state, command, now)


def _tick(state: RevealState, command: RevealTick, now: float) -> Outcome[RevealState]:
    if command.read is not None:
        return _opened(state, command, command.read, now)
    if command.audited is not None:
        return _audited(state, command.audited)
    if state.through < command.due:
        number = state.through + 1
        return Outcome(
            state,
            Effect(LoadHand(number), lambda read: replace(command, read=read), Missed),
        )
    if state.open and state.deadline is None:
        # Timed from now, once every hand due is asked for (nothing stores the clock).
        state = state.but(deadline=now + command.seconds)
    wake = state.wake(now)
    if wake is None or wake > now:
        return Outcome(state, wake=wake)
    deals = tuple(state.open.values())
    night = PrivateNight(
        command.table,
        tuple(
            PrivateDealRecord(d.hand, d.rounds.deal, d.rounds.context.decode(), d.rows)
            for d in deals
        ),
    )
    return Outcome(
        state,
        Effect(AuditNight(night), lambda audit: replace(command, audited=Audited(deals, audit))),
    )


def _opened(
    start: RevealState, command: RevealTick, read: HandRead, now: float
) -> Outcome[RevealState]:
    """Hand ``read.hand``'s deals not audited yet opened: the server's secrets to store, each
    page asked; then the next hand due (a follow-up: the same tick)."""
    number = read.hand
    state = start.but(through=number, failures=0)  # the store answered
    if read.seq is None:
        return Outcome(state, follow=(replace(command, read=None),))
    for data in read.audited:  # done before a restart: counted again, not asked again
        state = state.counted(json.loads(data))
    mine: list[Row] = []
    opened: dict[tuple[int, int], OpenDeal] = {}
    for deal, held in read.deals:
        rounds = deal.rounds
        server = len(rounds.parties) - 1
        if server not in rounds.revealed and held is not None:
            agent = Agent.load(held)
            rounds = copy.deepcopy(rounds)
            row = rounds.take_reveal(server, agent.secret.scalar, agent.order)
            mine.append(row)
            deal = replace(deal, rounds=rounds, rows=(*deal.rows, row))
        opened[number, rounds.deal] = deal
    state = state.but(seqs={**state.seqs, number: read.seq})
    stored: list[PrivateRound] = []
    if mine:
        state, stored = state.stored(number, mine)
    state = state.but(open={**state.open, **opened})
    news = tuple(
        News(AtSeat(index), asked)
        for deal in opened.values()
        for party, index in deal.pages.items()
        if seated(deal, party, command.seats)
        and (asked := ask_frame(deal, party, state.deadline, now)) is not None
    )
    effect = Effect(Changes(private_rounds=stored), otherwise=Missed) if stored else None
    return Outcome(state, effect, news, follow=(replace(command, read=None),))


def _audited(start: RevealState, audited: Audited) -> Outcome[RevealState]:
    """The audit's result of each deal stored (its ``audit`` row), and told to everyone."""
    state = start
    stored: list[PrivateRound] = []
    for deal in audited.deals:
        faults = [
            fault.to_data()
            for fault in audited.audit.faults
            if (fault.hand, fault.deal) == (deal.hand, deal.rounds.deal)
        ]
        data = {"faults": faults}
        row = Row(deal.rounds.deal, "audit", SERVER_ROW, json.dumps(data))
        state, rows = state.stored(deal.hand, [row])
        stored += rows
        state = state.counted(data)
    state = state.but(open={}, deadline=None, failures=0)  # adopted once it is stored
    effect = Effect(Changes(private_rounds=stored), otherwise=Missed) if stored else None
    return Outcome(state, effect, (News(Everyone(), audit_frame(state)),))


def failure_line(before: RevealState, after: RevealState) -> str | None:
    """The line the table logs as the slice's state goes from ``before`` to ``after`` (once it
    is adopted): when the store starts failing its ticks, and when it works again; ``None``
    while nothing changed (a failure more, or none), so that a store down for an hour is not a
    warning every second.

    >>> print(failure_line(RevealState(), RevealState(failures=1)))
    the private deals' audit fails to reach the store: it tries again in 1 s, then less often
    >>> failure_line(RevealState(failures=1), RevealState(failures=2)) is None
    True
    >>> print(failure_line(RevealState(failures=6), RevealState()))
    the private deals' audit reaches the store again, after 6 failures
    """
    if before.failures == 0 < after.failures:
        first = RETRY_BACKOFF.wait(0)
        return (
            "the private deals' audit fails to reach the store:"
            f" it tries again in {first:g} s, then less often"
        )
    if before.failures > 0 == after.failures:
        return f"the private deals' audit reaches the store again, after {before.failures} failures"
    return None


def seated(deal: OpenDeal, party: int, seats: Mapping[int, str]) -> bool:
    """Whether ``party``'s page is still seated at its table seat under the same name
    (``seats``: the name seated at each): a page gone, or another player there now, is never
    asked; it is named if it never publishes."""
    return seats.get(deal.pages[party]) == deal.rounds.parties[party].name


def ask_frame(
    deal: OpenDeal, party: int, deadline: float | None, now: float
) -> dict[str, Any] | None:
    """The frame that asks ``party``'s page for its secret and order of ``deal``, with the
    seconds left until ``deadline`` (``None``: no clock runs yet); ``None``: it has published."""
    rounds = deal.rounds
    if party in rounds.revealed:
        return None
    left = None if deadline is None else round(max(0.0, deadline - now), 1)
    return PrivateFrame(
        step="reveal",
        hand=deal.hand,
        deal=rounds.deal,
        party=party,
        context=rounds.context.decode(),
        deck=None,
        points=None,
        seat=None,
        seconds=left,
        key=rounds.keys[party].hex() if party in rounds.keys else None,
    ).frame()


def audit_frame(state: RevealState) -> dict[str, Any]:
    """The ``private_audit`` frame of the night's audit so far, as ``state`` holds it."""
    return PrivateAuditFrame.model_validate(
        {
            "first": 1,
            "last": state.through,
            "deals": state.deals,
            "faults": [fault.to_data() for fault in state.faults],
        }
    ).frame()
