"""A private deal's slice: a page's answers in a deal's rounds as commands of the table's core
(the deal's own progress, its start, its passes, its clock and the showdown's order, as the
slice's ticks: :mod:`.private_progress`; the deal at the table: :mod:`.private`).

A page's answer (:class:`~wildstud.server.messages.PrivateAnswer`: its key with its proof, its
turn of the deck, its shares in a pass, or at the showdown its hand shown with proof) comes to
the actor as a :class:`PageAnswer`, made from the table as its turn comes (the page's seat,
that seat's connections then, the hand in play), and :func:`handle`, a pure function of the
deal's state (:class:`PrivateState`: the rounds as :mod:`wildstud.private_rounds` holds them,
the server's agent in them, which page is which party, and the clock of the answer waited for)
checks it:

- an answer that may not be taken now is refused (:class:`~.core.Refused`) with the rounds'
  reason, naming the party (``out-of-turn``, a malformed or wrong answer, or ``elsewhere``: an
  answer made with a key the deal did not take, the player's other device), and nothing
  changes;
- the same answer again (a page that reconnected resends what it sent last) is done;
- an answer taken is tried on a copy of the rounds, the server's own answers that follow it
  added, and the rows are the change to store (``Changes.private_rounds``); the frames that ask
  the next party, and once a pass is over each page's own new cards, are the news; the new
  state is adopted only once the rows are stored;
- a hand shown at the showdown is the hand runner's change (the show played and stored with
  the hand's action): the outcome's follow-up is the runner's command
  (:class:`~.runner_commands.ShowHand`), which carries the deal's own change with it
  (:class:`Taken`: the rounds with the show taken), folded into the runner's change, so that
  the deal's state is adopted once it is stored;
- a pass asks every page at once (the server's own shares taken as it opens): each page's
  shares are taken as they come, in any order, and the last one in closes the pass, whose
  ``open`` frames come after the store.

A store that fails leaves the rounds as they were: the page is told, and may send the answer
again (it is taken then, as it was not before).

A page's answer for a hand nobody deals privately now is refused, and nothing changes:

>>> from wildstud.server.messages import PrivateAnswer
>>> asked = PrivateAnswer(type="private", hand=3, deal=1, answer={"step": "key"})
>>> outcome = handle(PrivateState(), PageAnswer("ann's page", asked, 0, (), 3, 8.0), 0.0)
>>> outcome.reply.error
IllegalActionError('hand 3, deal 1 is not being dealt privately now')
>>> outcome.effect, outcome.news
(None, ())
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from wildstud.errors import IllegalActionError, OutOfTurnError
from wildstud.private_rounds import (
    Agent,
    DealRounds,
    OtherPageError,
    PassSlot,
    RoundsError,
    Row,
)
from wildstud.server.errors import SeatError
from wildstud.server.frames import PrivateDealt, PrivateFrame, PrivateKey
from wildstud.server.messages import PrivateAnswer
from wildstud.server.store.records import Changes, PrivateRound
from wildstud.server.table.core import AtSeat, Command, Effect, News, Outcome, checked
from wildstud.server.table.runner_commands import ShowHand

__all__ = [
    "COMMANDS",
    "NAME",
    "PageAnswer",
    "PrivateState",
    "Taken",
    "handle",
    "opened_passes",
    "server_answers",
    "step_of",
]

NAME = "private"
"""The slice's name in the table's actor."""


def opened_passes(rounds: DealRounds) -> list[tuple[PassSlot, ...]]:
    """The passes of the deal that are over."""
    return rounds.opened_passes()


def server_answers(rounds: DealRounds, agent: Agent) -> list[Row]:
    """The server's answers while ``rounds`` wait for it, taken on them (a copy the caller
    keeps only once the rows are stored)."""
    server = len(rounds.parties) - 1
    rows = []
    while server in rounds.waiting():
        stage = rounds.stage
        row: Row | None
        if stage == "keys":
            row = rounds.take_key(server, agent.key, agent.key_proof(rounds, server))
        elif stage == "masking":
            row = rounds.take_deck(server, agent.masked(rounds))
        elif stage == "order":
            row = rounds.take_order(server, agent.order_value(rounds, server))
        else:
            row = rounds.take_unmasking(server, agent.unmaskings(rounds, server))
        if row is not None:
            rows.append(row)
    return rows


def step_of(rounds: DealRounds) -> tuple[int, str, int, int]:
    """Which step of its rounds a deal is at: its number, its stage, the decks masked and the
    passes opened (a party waited for again at another step has a clock of its own)."""
    return rounds.deal, rounds.stage, len(rounds.decks), len(rounds.passes)


@dataclass(frozen=True, slots=True)
class PrivateState:
    """What the slice holds, as stored: hand ``number``'s rounds of the deal in progress
    (never changed in place: each change is a copy), the server's agent in them, how many rows
    the hand has stored, the table seat of each party that is a page, and the clock of the
    answer waited for (a show's too)."""

    number: int = 0
    """The hand the rounds are of."""
    rounds: DealRounds | None = None
    agent: Agent | None = None
    """The server's secret and order in the rounds (stored as an ``agent`` row)."""
    seq: int = 0
    """How many rows hand :attr:`number` has stored."""
    pages: Mapping[int, int] = field(default_factory=dict)
    """The table seat of each party that is a page."""
    deadline: float = 0.0
    """When the answer waited for is due."""
    waited: tuple[int, ...] = ()
    """Whom the rounds waited for when :attr:`deadline` was set."""
    step: tuple[int, str, int, int] | None = None
    """The step of the rounds :attr:`waited` was for (:func:`step_of`)."""
    showing: int | None = None
    """The engine seat asked to show its hand (the showdown's clock is :attr:`deadline`)."""
    dealer: Any = field(default=None, compare=False, repr=False)
    """The dealer policy hand :attr:`number` was made with (its deck, a
    :class:`~wildstud.private_rounds.RoundsDealer`, which its copies share), as the hand's deal
    gave it (:class:`~.core.NewHand`); ``None`` for a restored table's, whose policy
    :class:`.private.PrivateDeal` keeps."""

    def but(self, **changes: Any) -> PrivateState:
        """The state with ``changes``."""
        return replace(self, **changes)

    def held(self) -> tuple[DealRounds, Agent]:
        """The rounds in progress and the server's agent in them."""
        assert self.rounds is not None
        assert self.agent is not None
        return self.rounds, self.agent

    def stored(self, rows: Iterable[Row]) -> list[PrivateRound]:
        """``rows`` as the store keeps them, numbered on from :attr:`seq`."""
        return [
            PrivateRound(self.number, self.seq + offset, row.deal, row.kind, row.party, row.data)
            for offset, row in enumerate(rows)
        ]

    # -- the frames ------------------------------------------------------------------------------

    def frame(self, party: int, step: str, **fields: Any) -> dict[str, Any]:
        """A ``private`` frame of the rounds for ``party``'s page."""
        rounds, _ = self.held()
        key = rounds.keys.get(party)
        return PrivateFrame(
            step=step,
            hand=self.number,
            deal=rounds.deal,
            party=party,
            context=rounds.context.decode(),
            key=None if key is None else key.hex(),
            **fields,
        ).frame()

    def left(self, now: float) -> float:
        """The seconds left to the answer waited for, at ``now``."""
        return round(max(0.0, self.deadline - now), 1)

    def ask_party(self, party: int, now: float) -> News | None:
        """The frame that asks ``party``'s page for what the rounds wait for from it; ``None``:
        the party is the server's, or nothing is asked of it."""
        rounds, _ = self.held()
        index = self.pages.get(party)
        asked = rounds.ask(party)
        if index is None or asked is None:
            return None
        deck = asked.get("deck")
        points = asked.get("points")
        to = asked.get("to")
        dealt = asked.get("dealt")
        joint = asked.get("joint")
        keys = asked.get("keys")
        frame = self.frame(
            party,
            str(asked["step"]),
            deck=list(deck) if isinstance(deck, list) else None,
            points=[(p, h) for p, h in points] if isinstance(points, list) else None,
            to=list(to) if isinstance(to, list) else None,
            dealt=PrivateDealt.model_validate(dealt) if isinstance(dealt, dict) else None,
            joint=joint if isinstance(joint, str) else None,
            keys=[PrivateKey(**each) for each in keys] if isinstance(keys, list) else None,
            seconds=self.left(now),
        )
        return News(AtSeat(index), frame)

    def ask_show(self, party: int, engine: int, now: float) -> News | None:
        """The frame that asks ``party``'s page to show engine seat ``engine``'s hand."""
        rounds, _ = self.held()
        index = self.pages.get(party)
        if index is None:
            return None
        unshown = set(rounds.unshown(engine))
        points = [(p, h) for p, h in rounds.own_points(engine) if p in unshown]
        frame = self.frame(
            party,
            "show",
            points=points,
            seat=engine,
            seconds=self.left(now),
            dealt=PrivateDealt.model_validate(rounds.dealt_data()),
        )
        return News(AtSeat(index), frame)

    def open_frame(
        self, party: int, engine: int, points: list[tuple[object, object]]
    ) -> dict[str, Any]:
        """The frame that hands ``party``'s page engine seat ``engine``'s face-down cards at
        ``points`` (each place with its ciphertext, the other parties' shares off) to open."""
        rounds, _ = self.held()
        dealt = PrivateDealt.model_validate(rounds.dealt_data())
        return self.frame(party, "open", points=points, seat=engine, dealt=dealt)

    def own(self, known: Collection[int]) -> list[News]:
        """Each page's own face-down cards opened for it since the positions ``known`` were."""
        rounds, _ = self.held()
        news = []
        for party, index in self.pages.items():
            for engine in rounds.parties[party].seats:
                points = [
                    (position, point)
                    for position, point in rounds.own_points(engine)
                    if position not in known
                ]
                if points:
                    news.append(News(AtSeat(index), self.open_frame(party, engine, points)))
        return news

    def asked(self, now: float, seconds: float) -> tuple[PrivateState, list[News]]:
        """Ask each page the rounds wait for now that was not waited for before, or at another
        step (the keys, and a pass's shares, are asked of every page at once), and start the
        clock (``seconds``) of a new wait: one that waits for a party not waited for before,
        or at another step. A wait that only lost the parties who answered keeps its clock
        (each answer taken timing the others afresh let one silent page hold a deal for a
        clock per page), and asks nobody again."""
        rounds, _ = self.held()
        waiting = rounds.waiting()
        before = self.waited
        step = step_of(rounds)
        state = self.but(waited=waiting, step=step)
        moved = step != self.step
        if moved or any(party not in before for party in waiting):
            state = state.but(deadline=now + seconds)
        news = []
        for party in waiting:
            if moved or party not in before:
                ask = state.ask_party(party, now)
                if ask is not None:
                    news.append(ask)
        return state, news

    def moved_on(
        self, before: DealRounds, now: float, seconds: float
    ) -> tuple[PrivateState, list[News]]:
        """The rounds moved on from ``before``: a pass over sends each page its own new cards;
        whoever the rounds wait for now is asked."""
        rounds, _ = self.held()
        news = []
        if rounds.stage == "ready" and len(rounds.passes) > len(opened_passes(before)):
            news = self.own(set(before.owners))
        state, asks = self.asked(now, seconds)
        return state, [*news, *asks]


@dataclass(frozen=True, slots=True)
class PageAnswer(Command):
    """A page's answer in a private deal's rounds: ``frame`` as the connection ``client`` sent
    it, from table seat ``seat`` (``None``: a spectator's page), whose connections are
    ``present`` as the command's turn comes; ``playing``: the number of the hand in play
    (``None``: none); ``seconds``: the clock of each answer (the table's
    ``shuffle_seconds``)."""

    client: Any
    frame: PrivateAnswer
    seat: int | None
    present: Collection[Any]
    playing: int | None
    seconds: float


@dataclass(frozen=True, slots=True)
class Taken(Command):
    """The deal's ``state`` once a change of the hand runner's that the deal asked for is stored
    (a hand shown by its rounds, the rounds with the show taken; the hand void, the deal
    forgotten; a hand mucked as the clock of its show runs out): the ``then`` of the runner's
    command (:class:`~.runner_commands.ShowHand`, :class:`~.runner_commands.VoidHand`,
    :class:`~.runner_commands.MuckHand`), folded into its change, adopted once it is stored
    and never without it."""

    state: PrivateState


COMMANDS: tuple[type[Command], ...] = (PageAnswer, Taken)
"""The commands this slice takes."""


def handle(state: PrivateState, command: Command, now: float) -> Outcome[PrivateState]:
    """The outcome of a page's answer for the deal as ``state`` stands (see the module's
    description)."""
    if isinstance(command, Taken):
        return Outcome(command.state)
    assert isinstance(command, PageAnswer), command
    return checked(state, lambda: _answer(state, command, now))


def _answer(state: PrivateState, command: PageAnswer, now: float) -> Outcome[PrivateState]:
    frame = command.frame
    rounds = state.rounds
    if (
        command.playing is None
        or rounds is None
        or (frame.hand, frame.deal) != (state.number, rounds.deal)
        or command.playing != state.number
    ):
        raise IllegalActionError(
            f"hand {frame.hand}, deal {frame.deal} is not being dealt privately now"
        )
    party = _party_of(state, command)
    answer = frame.answer
    if answer.get("step") == "show":
        engine = state.showing
        if engine is None or answer.get("seat") != engine:
            raise OutOfTurnError("your hand is not asked to be shown now")
        trial, row = _trial(rounds, party, answer)
        if row is None:
            return Outcome(state)  # the same answer again (a page that reconnected): taken
        # The show is the runner's change; the rounds with it taken come with it (Taken).
        then = Taken(state.but(rounds=trial, showing=None, seq=state.seq + 1))
        shown_rows = tuple(state.stored([row]))
        shown = ShowHand(engine, trial.shown_cards(engine), shown_rows, "player", then)
        return Outcome(state, follow=(shown,))
    trial, row = _trial(rounds, party, answer)
    if row is None:
        return Outcome(state)  # the same answer again (a page that reconnected): taken
    _, agent = state.held()
    rows = [row, *server_answers(trial, agent)]
    taken = state.but(rounds=trial, seq=state.seq + len(rows))
    after, news = taken.moved_on(rounds, now, command.seconds)
    stored = Effect(Changes(private_rounds=state.stored(rows)))
    return Outcome(after, stored, tuple(news))


def _party_of(state: PrivateState, command: PageAnswer) -> int:
    for party, index in state.pages.items():
        if index == command.seat and command.client in command.present:
            return party
    raise SeatError("your page is no party to this deal: the server deals your seat's cards")


def _trial(
    rounds: DealRounds, party: int, answer: Mapping[str, object]
) -> tuple[DealRounds, Row | None]:
    """``party``'s answer taken on a copy of ``rounds``, with its row (``None``: the same
    answer again, from a page that reconnected)."""
    trial = copy.deepcopy(rounds)
    try:
        return trial, trial.take(party, answer)
    except RoundsError as error:
        raise _refusal(trial, error) from None


def _refusal(rounds: DealRounds, error: RoundsError) -> Exception:
    """The error frame's error for an answer the rounds refused: it names the party and what it
    did wrong (out of turn, or ``kind``)."""
    who = "nobody" if error.party is None else rounds.parties[error.party].name
    message = f"{who}'s answer is refused ({error.kind}): {error}"
    if error.kind == "turn":
        return OutOfTurnError(message)
    if isinstance(error, OtherPageError) and error.party is not None:
        return OtherPageError(error.party, message)
    return RoundsError(error.party, error.kind, message)
