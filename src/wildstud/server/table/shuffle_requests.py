"""The players' shuffle's slice: the round before each deal, and a page's part in it, as commands
of the table's core (the decks made from the rounds over, and the state as today's code reads
it: :mod:`.shuffling`).

The hand runner asks for a deal's round (:class:`Open`, made by
:meth:`.shuffling.Shuffling.opening`): the round opens for the seats whose page takes part, its
seats' rows (and the night seed, on the night's first shuffled deal) the change to store, the
frames that ask each page for its commitment the news; a round that asks nobody is over at once.
From then on the slice moves the round on by its own ticks (:class:`RoundTick`, when its
``wake`` comes: the round's deadline, or at once when its step is done): to the reveal once
every seat asked committed or the clock ran out (nothing stores the step), then over once every
value is in or the clock ran out again, kept among the rounds over (:attr:`ShuffleState.over`)
for the runner, which the shuffle's turn wakes: it deals from it.

A page's word that it takes part (:class:`~wildstud.server.messages.Shuffler`), its commitment
(:class:`~wildstud.server.messages.Commit`) and its value
(:class:`~wildstud.server.messages.Reveal`) come to the actor as a :class:`PagePart`, made from
the table as its turn comes (the page's seat and that seat's connections then), and
:func:`handle`, a pure function of the shuffle's state (:class:`ShuffleState`: the night seed,
the round in progress as a frozen :class:`Round`, and the pages that take part), checks it: a
page that may not send it now is refused (:class:`~.core.Refused`, saying why: nothing
changes), a resend of what was taken already is done, and a commitment or a value taken is the
seat's row (:class:`~wildstud.server.store.records.ShuffleValue`) to store, the new state
adopted only once it is stored. A store that fails leaves the round as it was: the page is told
and may send it again. A page's word that it takes part stores nothing; the page is sent the
round's step at once when its seat is asked for it.

House rules (``docs/house-rules.md``, "The players' shuffle"): a commitment once made stands
(another is refused, as a commitment once the values are being revealed is); a seat reveals
once; a value that does not open its commitment is stored all the same (the night record names
it), and the page is told it is left out. A player with two devices has two pages drawing
values, and only the page that committed can open its commitment: another page's value is
ignored, unless that page has gone (a reconnection).

A round, as its players see it:

>>> parts = Round(4, 1, {0: "Ann", 2: "Bob"}, 10.0)
>>> parts = parts.committed(0, "ab" * 32, "ann's page").committed(2, "cd" * 32, "bob's page")
>>> parts.everyone_committed(), parts.step
(True, 'commit')

A page that commits again is refused, and nothing changes:

>>> state = ShuffleState(ShuffleNight("00" * 32, "ee" * 32, 1), parts, {0: frozenset({"ann"})})
>>> again = PagePart("ann", Commit(type="commit", hand=4, deal=1, commitment="ef" * 32), 0, ())
>>> outcome = handle(state, again, 0.0)
>>> outcome.reply.error
IllegalActionError('your page has committed to another value for this deal')
>>> outcome.state is state, outcome.effect, outcome.news
(True, None, ())
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from wildstud.errors import IllegalActionError
from wildstud.joint_shuffle import opens
from wildstud.server.errors import SeatError
from wildstud.server.frames import ShuffleFrame
from wildstud.server.messages import Commit, Reveal, ShuffleMessage, Shuffler
from wildstud.server.store.records import Changes, ShuffleNight, ShuffleValue
from wildstud.server.table.core import (
    Command,
    Effect,
    ForgetHand,
    News,
    Outcome,
    Refused,
    TableNews,
    Tick,
    To,
    Told,
    checked,
)

__all__ = [
    "COMMANDS",
    "NAME",
    "DropRound",
    "Open",
    "PagePart",
    "Round",
    "RoundTick",
    "ShuffleState",
    "Step",
    "handle",
    "waits",
]

NAME = "shuffle"
"""The slice's name in the table's actor."""

Step = Literal["commit", "reveal"]


@dataclass(frozen=True, slots=True, eq=False)
class Round:
    """The shuffle of deal ``deal`` of hand ``hand`` in progress, a frozen value (each change is
    a new round): the seats asked (with their players' names), the step and its deadline, and
    what each page has sent."""

    hand: int
    deal: int
    asked: Mapping[int, str]
    deadline: float
    step: Step = "commit"
    commitments: Mapping[int, str] = field(default_factory=dict)
    revealed: Mapping[int, str] = field(default_factory=dict)
    """Each value as its page sent it (hexadecimal), even one that opens nothing."""
    entry: int | None = None
    """The game chosen for the hand (dealer's choice), dealt once the round is over."""
    chooser: int | None = None
    """The seat that chose it, which deals the hand if it is still dealt in."""
    started: float = 0.0
    """When the round began (the clock of :func:`time.monotonic`)."""
    committed_by: Mapping[int, Any] = field(default_factory=dict)
    """The connection whose commitment each seat's is: a player with two devices (a phone and
    a laptop) has two pages drawing values, and only that page's value can open it."""

    def but(self, **changes: Any) -> Round:
        """The round with ``changes``."""
        return replace(self, **changes)

    def committed(self, seat: int, commitment: str, client: Any) -> Round:
        """The round with ``seat``'s commitment, sent by the page ``client``."""
        return self.but(
            commitments={**self.commitments, seat: commitment},
            committed_by={**self.committed_by, seat: client},
        )

    def revealing(self, seat: int, value: str) -> Round:
        """The round with ``seat``'s value (hexadecimal), whether or not it opens anything."""
        return self.but(revealed={**self.revealed, seat: value})

    def everyone_committed(self) -> bool:
        """Whether every seat asked has committed."""
        return all(seat in self.commitments for seat in self.asked)

    def everyone_revealed(self) -> bool:
        """Whether every seat that committed has revealed."""
        return all(seat in self.revealed for seat in self.commitments)

    def values(self) -> dict[int, bytes]:
        """The values that open their commitments, by seat: what the deck is made from."""
        return {
            seat: bytes.fromhex(value)
            for seat, value in self.revealed.items()
            if opens(self.commitments[seat], bytes.fromhex(value), self.hand, self.deal, seat)
        }

    def left_out(self) -> set[int]:
        """The seats asked whose page gave no value that opens its commitment."""
        return set(self.asked) - set(self.values())

    def part(self, seat: int) -> ShuffleValue:
        """``seat``'s part as it stands, for the store."""
        return ShuffleValue(
            self.hand,
            self.deal,
            seat,
            self.asked[seat],
            self.commitments.get(seat),
            self.revealed.get(seat),
            self.entry,
            self.chooser,
        )


@dataclass(frozen=True, slots=True)
class ShuffleState:
    """What the slice holds, as stored: the night seed (``None`` before the night's first
    shuffled deal), the round in progress, the connections of each seat whose page takes
    part, and the rounds over of the hand in progress and the next (the values each deal is
    made from)."""

    night: ShuffleNight | None = None
    round: Round | None = None
    pages: Mapping[int, frozenset[Any]] = field(default_factory=dict)
    over: Mapping[tuple[int, int], Round] = field(default_factory=dict)
    """The rounds over, by (hand, deal): a deal that asked nobody has one too, with nobody
    asked, so that its hand is dealt as soon as it is due."""
    resumable: frozenset[tuple[int, int]] = frozenset()
    """The redeals of the hand in progress whose rounds a restart found stored (among
    :attr:`over`): if the hand still waits for one, its round resumes (:class:`Open`) rather
    than dealing from what had come in by then."""
    latency: tuple[float, ...] = ()
    """How long each round took, from its start to its last value (seconds), the latest last:
    what the shuffle adds before a deal (kept for the last 100)."""

    def but(self, **changes: Any) -> ShuffleState:
        """The state with ``changes``."""
        return replace(self, **changes)

    def wake(self, now: float) -> float | None:
        """When the round in progress moves on: ``now`` when its step is done (every seat
        asked committed, or every seat that committed revealed), else its deadline; ``None``
        with no round."""
        found = self.round
        if found is None:
            return None
        if found.step == "commit":
            done = found.everyone_committed()
        else:
            done = not found.commitments or found.everyone_revealed()
        return now if done else found.deadline

    def asks(self, found: Round, present: Mapping[int, Collection[Any]], now: float) -> list[News]:
        """The frames that ask each page asked in ``found``'s step for its part (at the reveal,
        of the seats that committed, each page that may give the value: ``present``, each
        seat's connections now)."""
        seats = found.asked if found.step == "commit" else found.commitments
        news = []
        for seat in seats:
            for client in self.pages.get(seat, ()):
                if found.step == "reveal" and not self.revealer(
                    found, seat, client, present.get(seat, ())
                ):
                    continue  # another device of the seat: its value opens nothing
                news.append(News(To(client), self.frame(found, seat, now)))
        return news

    def frame(self, found: Round, seat: int, now: float) -> dict[str, Any]:
        """The frame that asks ``seat``'s page for its part in ``found``'s step, at ``now``."""
        night = self.night
        assert night is not None, "the night seed is drawn before any round"
        seconds = max(0.0, found.deadline - now)
        return ShuffleFrame(
            step=found.step,
            hand=found.hand,
            deal=found.deal,
            seat=seat,
            night=night.commitment,
            seconds=round(seconds, 1),
        ).frame()

    def revealer(self, found: Round, seat: int, client: Any, present: Collection[Any]) -> bool:
        """Whether the page ``client`` may give ``seat``'s value (``present``: the seat's
        connections now): the page that committed, or any page of the seat once that one is
        gone (a reconnection)."""
        committer = found.committed_by.get(seat)
        if committer is None or committer == client:
            return True
        return committer not in present or committer not in self.pages.get(seat, ())


@dataclass(frozen=True, slots=True)
class PagePart(Command):
    """A page's part in the shuffle: ``frame`` as the connection ``client`` sent it, from seat
    ``seat`` (``None``: a spectator's page), whose connections are ``present`` as the command's
    turn comes (``None``: the seat has been given up)."""

    client: Any
    frame: ShuffleMessage
    seat: int | None
    present: Collection[Any] | None


@dataclass(frozen=True, slots=True)
class Open(Command):
    """The hand runner asks for deal ``deal`` of hand ``number`` to be shuffled by the players:
    a round opens for the seats ``names`` (a player's, with its name) whose page takes part
    (``present``: each seat's connections now), unless it is over or going on; a redeal's that
    a restart interrupted resumes. ``entry`` and ``chooser``: the game a dealer's choice picked
    for the hand, and the seat that picked it (dealt once the round is over); ``night``: the
    night seed drawn now, stored first when the night has none yet; ``seconds``: the clock of
    each step (the table's ``shuffle_seconds``)."""

    number: int
    deal: int
    names: Mapping[int, str]
    present: Mapping[int, Collection[Any]]
    seconds: float
    entry: int | None = None
    chooser: int | None = None
    night: ShuffleNight | None = None


@dataclass(frozen=True, slots=True)
class RoundTick(Tick):
    """The slice's :class:`~.core.Tick`, made from the table as its turn comes: the round's
    deadline came, or its step is done (:meth:`ShuffleState.wake`); ``present``: each seat's
    connections now, ``seconds``: the clock of the next step."""

    present: Mapping[int, Collection[Any]] = field(default_factory=dict)
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class DropRound(Command):
    """No deal was dealt from the round of deal ``deal`` of hand ``number`` after all (too few
    players were left): its rows are deleted, and it is forgotten once that is stored, so that
    the next try is a fresh round. The hand runner's follow-up, folded into the change in
    hand (the deal's that deals no hand: :func:`.hand_start.start_hand`)."""

    number: int
    deal: int


COMMANDS: tuple[type[Command], ...] = (PagePart, Open, RoundTick, ForgetHand, DropRound)
"""The commands this slice takes (:class:`~.core.ForgetHand`: the hand runner's follow-up of a
hand's end, folded into the change that stores it; :class:`DropRound`, its follow-up of a deal
that deals no hand from a round over)."""


def handle(state: ShuffleState, command: Command, now: float) -> Outcome[ShuffleState]:
    """The outcome of a page's part, of a round asked for, or of the round's tick, for the
    shuffle as ``state`` stands (see the module's description)."""
    if isinstance(command, RoundTick):
        return _tick(state, command, now)
    if isinstance(command, Open):
        return _open(state, command, now)
    if isinstance(command, ForgetHand):  # its values are in the store, for the night's record
        number = command.number
        return Outcome(
            state.but(
                over={key: found for key, found in state.over.items() if key[0] > number},
                resumable=frozenset(key for key in state.resumable if key[0] > number),
            )
        )
    if isinstance(command, DropRound):
        key = (command.number, command.deal)
        kept = {found: over for found, over in state.over.items() if found != key}
        return Outcome(state.but(over=kept), effect=Effect(Changes(shuffle_dropped=[key])))
    assert isinstance(command, PagePart), command
    return checked(state, lambda: _part(state, command, now))


def _open(state: ShuffleState, command: Open, now: float) -> Outcome[ShuffleState]:
    changes = Changes()
    news: list[Told] = []
    if state.night is None:  # the night's first shuffled deal: its seed is stored first
        assert command.night is not None, "a night seed is drawn for the night's first round"
        state = state.but(night=command.night)
        changes.night_seed = command.night
        news.append(TableNews())  # the table frame shows the night seed's commitment
    key = (command.number, command.deal)
    found = state.round
    if key in state.resumable and found is None:
        # A redeal whose round a restart interrupted: it goes on.
        kept = state.over[key]
        resumed = kept.but(
            step="reveal" if kept.commitments else "commit",
            deadline=now + command.seconds,
            started=now,
        )
        state = state.but(
            round=resumed,
            over={k: v for k, v in state.over.items() if k != key},
            resumable=state.resumable - {key},
        )
        news += state.asks(resumed, command.present, now)
    elif key not in state.over and (found is None or (found.hand, found.deal) != key):
        pages = _pages(state, command)
        asked = {index: name for index, name in command.names.items() if pages.get(index)}
        state = state.but(pages=pages)
        opened = Round(
            command.number,
            command.deal,
            asked,
            now + command.seconds,
            entry=command.entry,
            chooser=command.chooser,
            started=now,
        )
        if asked:
            state = state.but(round=opened)
            changes.shuffle.extend(opened.part(index) for index in asked)
            news += state.asks(opened, command.present, now)
        else:  # nobody to ask: over at once, its deal made from the hand's seed alone
            state = state.but(over={**state.over, key: opened})
    effect = Effect(changes) if changes else None
    return Outcome(state, effect, tuple(news), wake=state.wake(now))


def waits(state: ShuffleState, command: Open) -> bool:
    """Whether the round ``command`` asks for goes on once opened, for the shuffle as ``state``
    stands: a new round that asks some page, or a redeal's that a restart interrupted, resumed.
    A new round that asks nobody is over at once (its deal is made from the hand's seed
    alone), as is one over already."""
    key = (command.number, command.deal)
    if key in state.resumable and state.round is None:
        return True
    if key in state.over:
        return False
    pages = _pages(state, command)
    return any(pages.get(index) for index in command.names)


def _pages(state: ShuffleState, command: Open) -> dict[int, frozenset[Any]]:
    """The pages that take part, by seat, but those whose connection has closed since
    (``command.present``): they are forgotten (nothing stores them)."""
    return {
        index: clients & frozenset(command.present.get(index, ()))
        for index, clients in state.pages.items()
    }


def _tick(state: ShuffleState, command: RoundTick, now: float) -> Outcome[ShuffleState]:
    found = state.round
    if found is None:
        return Outcome(state)
    news: list[Told] = []
    if found.step == "commit":
        if not found.everyone_committed() and now < found.deadline:
            return Outcome(state, wake=found.deadline)
        # Nothing stores the step: a restart resumes a round at its reveal once any page has
        # committed.
        found = found.but(step="reveal", deadline=now + command.seconds)
        state = state.but(round=found)
        news += state.asks(found, command.present, now)
    if found.commitments and not found.everyone_revealed() and now < found.deadline:
        return Outcome(state, news=tuple(news), wake=found.deadline)
    over = state.but(
        round=None,
        over={**state.over, (found.hand, found.deal): found},
        latency=(*state.latency[-99:], now - found.started),
    )
    return Outcome(over, news=tuple(news))


def _part(state: ShuffleState, command: PagePart, now: float) -> Outcome[ShuffleState]:
    seat, frame, client = command.seat, command.frame, command.client
    if seat is None:
        raise SeatError("spectators watch: only a seat's page takes part in the shuffle")
    if command.present is None:
        raise SeatError("this seat has been given up")
    found = state.round
    if isinstance(frame, Shuffler):
        pages = {**state.pages, seat: state.pages.get(seat, frozenset()) | {client}}
        taking = state.but(pages=pages)
        if (
            found is None
            or seat not in found.asked
            or (found.step != "commit" and seat not in found.commitments)
        ):
            return Outcome(taking)
        return Outcome(taking, news=(News(To(client), taking.frame(found, seat, now)),))
    if found is None or (found.hand, found.deal) != (frame.hand, frame.deal):
        raise IllegalActionError(f"hand {frame.hand}, deal {frame.deal} is not being shuffled now")
    if seat not in found.asked:
        raise IllegalActionError("your seat was not asked for a value for this deal")
    if isinstance(frame, Commit):
        changed = _commit(found, seat, frame, client)
    elif state.revealer(found, seat, client, command.present):
        changed = _reveal(found, seat, frame)
    else:  # another device of the seat, whose value opens nothing: not a fault
        changed = None
    if changed is None:
        return Outcome(state)
    stored = Effect(Changes(shuffle=[changed.part(seat)]))
    taken = state.but(round=changed)
    wake = taken.wake(now)  # at once when it was the step's last part
    if isinstance(frame, Reveal) and seat not in changed.values():
        # Kept all the same, for the night record, which names it.
        left_out = IllegalActionError(
            "your value does not open the commitment your page sent: it is left out"
        )
        return Outcome(taken, stored, reply=Refused(left_out), wake=wake)
    return Outcome(taken, stored, wake=wake)


def _commit(found: Round, seat: int, frame: Commit, client: Any) -> Round | None:
    """The round with ``seat``'s commitment; ``None`` for a resend (done)."""
    if found.commitments.get(seat) == frame.commitment:
        return None  # a resend after a reconnection: done
    if seat in found.commitments:
        raise IllegalActionError("your page has committed to another value for this deal")
    if found.step != "commit":
        raise IllegalActionError("the values are being revealed: too late to commit")
    return found.committed(seat, frame.commitment, client)


def _reveal(found: Round, seat: int, frame: Reveal) -> Round | None:
    """The round with ``seat``'s value; ``None`` for a resend (done)."""
    if found.revealed.get(seat) == frame.value:
        return None  # a resend: done
    if found.step != "reveal" or seat not in found.commitments:
        raise IllegalActionError("your page is not asked for its value now")
    if seat in found.revealed:
        raise IllegalActionError("your page has revealed another value for this deal")
    return found.revealing(seat, frame.value)
