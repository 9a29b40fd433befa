"""A private deal at the table: the rounds of each deal (:mod:`wildstud.private_rounds`) played
over the sockets, so that nobody sees a card that is not theirs, not even the server.

A table whose ``deal`` is ``private`` deals a :class:`~wildstud.deal.PrivateHand` by a
:class:`~wildstud.private_rounds.RoundsDealer` (:meth:`PrivateDeal.new_hand`). When a deal starts
(the hand's first, or a redeal: a fresh round) its parties are fixed: each seat in the hand
whose player's page is connected, in seat order, then the server last, as one party for the
bots and the players away (their cards are the server's; it holds an
:class:`~wildstud.private_rounds.Agent` whose secret is stored as an ``agent`` row, never sent).
Then, each answer stored (``Changes.private_rounds``) before the rounds go on:

- every party publishes its key, then masks and reorders the deck in turn;
- before each street (or community or centre card) the dealer stops
  (:meth:`PrivateDeal.waits`, called by :meth:`.endgame.Endgame.deal_on`) and the table opens a
  pass over the cards due (as soon as the action that ends a betting round is stored:
  :meth:`PrivateDeal.ahead`), each party unmasking in turn; once it is over each page is sent the
  points of its own new cards (``open``), and the dealer deals on;
- at the showdown each hand still in is shown by its owner's ``show`` answer, asked in turn (the
  server shows the bots'); a hand its player mucks (the ``show`` message, ``false``) or that is
  not shown within the clock is mucked unshown. Folded and mucked cards are never unmasked.

Each answer has a clock, the table's ``shuffle_seconds``; a party that does not answer in time
before the showdown voids the deal (house rule ``private_misdeal``: the hand ends, every stack
as it was before it). A restarted server rebuilds the hand from its rows
(:func:`~wildstud.server.private_replay.rebuild_private`, :meth:`PrivateDeal.load`) and asks
again whoever it was waiting for.

The context every proof is bound to names the table and the hand:

>>> context("t1", 4)
b'table t1|hand 4'
"""

from __future__ import annotations

import contextlib
import copy
import logging
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wildstud.deal import (
    CentreCard,
    CommunityCard,
    DealStarted,
    Dealt,
    Hand,
    Phase,
    PrivateHand,
    TableView,
)
from wildstud.errors import IllegalActionError, OutOfTurnError
from wildstud.games import find_game
from wildstud.private_rounds import (
    Agent,
    DealRounds,
    OtherPageError,
    Party,
    PassSlot,
    RoundsDealer,
    RoundsError,
    Row,
)
from wildstud.server.errors import SeatError
from wildstud.server.frames import PrivateFrame
from wildstud.server.messages import PrivateAnswer
from wildstud.server.replay import SHOW, at_showdown
from wildstud.server.seating import Client
from wildstud.server.store import ActionRecord, Changes, HandSetup, PrivateRound
from wildstud.server.table.fanout import dumps
from wildstud.server.table.live import LiveHand
from wildstud.server.table.private_reveal import Reveals, context
from wildstud.server.table.writer import StorageFailureError

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

__all__ = ["PrivateDeal", "context", "dealt_in_deal", "opened", "own_view"]

log = logging.getLogger("wildstud.server")


def dealt_in_deal(hand: Hand) -> int:
    """How many cards of the deck the deal in progress has dealt (its next card's position)."""
    count = 0
    for event in reversed(hand.events):
        if isinstance(event, DealStarted):
            break
        if isinstance(event, Dealt | CentreCard | CommunityCard):
            count += 1
    return count


def opened_passes(rounds: DealRounds) -> list[tuple[PassSlot, ...]]:
    """The passes of the deal that are over."""
    return rounds.passes if rounds.turn is None else rounds.passes[:-1]


def opened(rounds: DealRounds) -> int:
    """How many positions of the deal the passes over have opened."""
    return sum(len(slots) for slots in opened_passes(rounds))


class PrivateDeal:
    """A table's private deal: the rounds of the deal in progress, the server's agent in them,
    which page is which party, and the clock of the answer waited for."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.number = 0
        """The hand the rounds are of."""
        self.rounds: DealRounds | None = None
        self.dealer = RoundsDealer()
        """The dealer policy of hand :attr:`number` (its copies share what it learns)."""
        self.agent: Agent | None = None
        """The server's secret and order in the rounds (stored as an ``agent`` row)."""
        self.seq = 0
        """How many rows hand :attr:`number` has stored."""
        self.pages: dict[int, int] = {}
        """The table seat of each party that is a page."""
        self.deadline = 0.0
        """When the answer waited for is due."""
        self.waited: tuple[int, ...] = ()
        """Whom the rounds waited for when :attr:`deadline` was set."""
        self.step: tuple[int, str, int, int] | None = None
        """The step of the rounds :attr:`waited` was for (:func:`_step`)."""
        self.showing: int | None = None
        """The engine seat asked to show its hand (the showdown's clock is :attr:`deadline`)."""
        self.reveals = Reveals(table)
        """The secrets published after the night (or each hand) and their audit."""

    def __repr__(self) -> str:
        return f"PrivateDeal(table={self.table.id!r}, hand={self.number})"

    @property
    def on(self) -> bool:
        """Whether the table deals privately."""
        return self.table.settings.deal == "private"

    @property
    def seconds(self) -> float:
        """The clock of each answer: the table's ``shuffle_seconds``."""
        return float(self.table.settings.shuffle_seconds)

    # -- the hand -------------------------------------------------------------------------------

    def new_hand(self, setup: HandSetup) -> PrivateHand:
        """Hand ``setup`` as a private hand, not dealt yet (its rounds begin at the driver's
        next tick, :meth:`due`)."""
        game = find_game(setup.game)
        self.rounds, self.agent, self.number, self.seq = None, None, setup.number, 0
        self.showing, self.waited, self.step, self.pages = None, (), None, {}
        self.dealer = RoundsDealer()
        return PrivateHand(
            game,
            list(setup.stacks),
            game.options(setup.options),
            deck=self.dealer,
            dealer=setup.dealer,
        )

    def load(
        self,
        number: int,
        deals: Mapping[int, DealRounds],
        rows: Sequence[PrivateRound],
        live: LiveHand,
    ) -> None:
        """A restarted table's rounds of hand ``number`` (``live``): its last deal's, with the
        server's agent from its row; whoever they wait for is asked again as their page
        connects, its clock afresh."""
        self.number, self.seq = number, len(rows)
        if not deals:
            return
        rounds = deals[max(deals)]
        self.rounds = rounds
        for row in rows:
            if row.kind == "agent" and row.deal == rounds.deal:
                self.agent = Agent.load(Row(row.deal, "agent", row.party, row.data))
        self._seat_pages(live, rounds)
        self.waited, self.step = rounds.waiting(), _step(rounds)
        self.deadline = time.monotonic() + self.seconds

    def _seat_pages(self, live: LiveHand, rounds: DealRounds) -> None:
        lineup = live.setup.lineup
        self.pages = {
            index: lineup[party.seats[0]]
            for index, party in enumerate(rounds.parties[:-1])
            if party.seats
        }

    def waits(self, hand: Hand) -> bool:
        """Whether the dealer must wait before dealing on ``hand``: its next cards are not opened
        yet (their deal's rounds have not begun, or their pass is not over)."""
        if not isinstance(hand, PrivateHand) or not hand.cards_due():
            return False
        rounds = self.rounds
        if rounds is None or rounds.deal != hand.deal_number:
            return True
        return dealt_in_deal(hand) >= opened(rounds)

    async def due(self, live: LiveHand, now: float) -> float | None:
        """What the private deal does now in hand ``live``: begin a deal's rounds, open a pass,
        deal what a pass opened, ask for a show, or void the deal when a clock ran out; how long
        until it looks again, or ``None`` when the rest is the driver's (a player's turn, a
        redeal's pause, an all-in run-out's)."""
        hand = live.hand
        if not isinstance(hand, PrivateHand) or hand.phase is not Phase.DEALER:
            return None
        if hand.redeal_pending is not None:
            return None
        if at_showdown(hand):
            return await self._showdown(live, now) if hand.to_show_or_muck else None
        if not hand.cards_due():
            return None
        rounds = self.rounds
        if rounds is None or rounds.deal != hand.deal_number:
            await self._begin(live)
            return self.seconds
        if rounds.stage == "ready":
            if dealt_in_deal(hand) < opened(rounds):
                if hand.run_out_street is not None:
                    return None  # the run-out's pause is the driver's
                await self.table.driver.endgame.deal_and_tell(live, hand.copy())
                return 0.0
            await self._open_pass(hand)
        return await self._clock(live, now)

    async def ahead(self, live: LiveHand) -> None:
        """Open the pass of the next street at once when the change just stored (an action)
        ended a betting round, before the frames that show the round's end are sent: a page
        draws each frame as it comes, so the first party's ask, sent after them, waited behind
        its page's drawing (230 to 280 ms at the median with six Chromium pages on two cores).
        Players' own devices draw while the first page unmasks. Whatever fails here is left to
        the driver's next tick, which opens the pass as :meth:`due` does and says what failed."""
        hand = live.hand
        if not self.on or not isinstance(hand, PrivateHand) or hand.phase is not Phase.DEALER:
            return
        if hand.redeal_pending is not None or at_showdown(hand) or not hand.cards_due():
            return
        rounds = self.rounds
        if rounds is None or rounds.deal != hand.deal_number or rounds.stage != "ready":
            return
        if dealt_in_deal(hand) < opened(rounds):
            return  # cards opened and not dealt yet: the tick deals them first
        with contextlib.suppress(RoundsError, StorageFailureError):
            await self._open_pass(hand)

    def view(self, hand: Hand, engine: int) -> TableView:
        """What the bot at engine seat ``engine`` decides from: its seat's view, with its own
        face-down cards of the deal opened by the server's secret under a private deal (see
        :func:`own_view`)."""
        if isinstance(hand, PrivateHand) and self.rounds is not None and self.agent is not None:
            return own_view(hand, self.rounds, self.agent, engine)
        return hand.view(engine)

    # -- the rounds -------------------------------------------------------------------------------

    async def _begin(self, live: LiveHand) -> None:
        """A deal starts: its parties fixed, the server's agent drawn and stored, its key given;
        every page asked for its key."""
        table = self.table
        hand = live.hand
        lineup = live.setup.lineup
        pages: list[Party] = []
        server: list[int] = []
        for engine, index in enumerate(lineup):
            seat = table.seats.get(index)
            if seat is not None and seat.bot is None and seat.clients and not seat.leaving:
                pages.append(Party(seat.name, (engine,)))
            else:
                server.append(engine)
        parties = (*pages, Party("server", tuple(server)))
        rounds = DealRounds(context(table.id, live.number), hand.deal_number, parties)
        agent = Agent.new()
        rows = [rounds.parties_row(), agent.row(rounds.deal, len(parties) - 1)]
        rows += self._server_answers(rounds, agent)
        await self._store(rows)
        self.rounds, self.agent = rounds, agent
        self._seat_pages(live, rounds)
        self._ask()

    def _server_answers(self, rounds: DealRounds, agent: Agent) -> list[Row]:
        """The server's answers while the rounds wait for it (taken on ``rounds``)."""
        server = len(rounds.parties) - 1
        rows = []
        while server in rounds.waiting():
            stage = rounds.stage
            row: Row | None
            if stage == "keys":
                row = rounds.take_key(server, agent.key)
            elif stage == "masking":
                row = rounds.take_deck(server, agent.masked(rounds.deck()))
            else:
                row = rounds.take_unmasking(server, agent.unmaskings(rounds, server))
            if row is not None:
                rows.append(row)
        return rows

    async def _open_pass(self, hand: PrivateHand) -> None:
        rounds, agent = self._held()
        trial = copy.deepcopy(rounds)
        rows = [trial.open_pass(hand.cards_due())]
        rows += self._server_answers(trial, agent)
        await self._store(rows)
        self.rounds = trial
        self._after_answer(rounds)

    async def _store(self, rows: Iterable[Row], changes: Changes | None = None) -> None:
        """Store ``rows`` (with ``changes``) before the rounds go on; a failure changes nothing."""
        stored = [
            PrivateRound(self.number, self.seq + offset, row.deal, row.kind, row.party, row.data)
            for offset, row in enumerate(rows)
        ]
        changes = changes or Changes()
        changes.private_rounds.extend(stored)
        await self.table.driver.commit(changes)
        self.seq += len(stored)

    def _held(self) -> tuple[DealRounds, Agent]:
        assert self.rounds is not None
        assert self.agent is not None
        return self.rounds, self.agent

    def _after_answer(self, before: DealRounds) -> None:
        """The rounds moved on from ``before``: a pass over sends each page its own new cards
        and has the dealer deal on; whoever the rounds wait for now is asked."""
        rounds, _ = self._held()
        if rounds.stage == "ready" and len(rounds.passes) > len(opened_passes(before)):
            self.dealer.learn(rounds)  # the face-up cards it opened
            self._send_own(rounds, set(before.owners))
        self._ask()
        self.table.wake()  # the dealer deals on once the rounds are ready

    def _send_own(self, rounds: DealRounds, known: set[int]) -> None:
        """Each page's own face-down cards opened for it since ``known`` were."""
        for party, index in self.pages.items():
            for engine in rounds.parties[party].seats:
                points = [
                    (position, point)
                    for position, point in rounds.own_points(engine)
                    if position not in known
                ]
                if points:
                    self._send(index, self._frame(party, "open", points=points, seat=engine))

    def _ask(self) -> None:
        """Ask each page the rounds wait for now that was not waited for before (the keys are
        asked of every page at once), and start the clock of a new wait: one that waits for a
        party not waited for before. A wait that only lost the parties who answered keeps its
        clock (each key taken timing the others afresh let one silent page hold a deal for a
        clock per page)."""
        rounds, _ = self._held()
        waiting = rounds.waiting()
        before = self.waited
        step = _step(rounds)
        if step != self.step or any(party not in before for party in waiting):
            self.deadline = time.monotonic() + self.seconds
        self.waited, self.step = waiting, step
        for party in waiting:
            if party not in before or rounds.stage != "keys":
                self._ask_party(party)

    def _ask_party(self, party: int) -> None:
        rounds, _ = self._held()
        index = self.pages.get(party)
        asked = rounds.ask(party)
        if index is None or asked is None:
            return
        step = str(asked["step"])
        deck = asked.get("deck")
        points = asked.get("points")
        self._send(
            index,
            self._frame(
                party,
                step,
                deck=list(deck) if isinstance(deck, list) else None,
                points=[(p, h) for p, h in points] if isinstance(points, list) else None,
                seconds=self._left(),
            ),
        )

    def _left(self) -> float:
        return round(max(0.0, self.deadline - time.monotonic()), 1)

    def _frame(self, party: int, step: str, **fields: Any) -> dict[str, Any]:
        rounds, _ = self._held()
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

    def _send(self, index: int, frame: dict[str, Any]) -> None:
        seat = self.table.seats.get(index)
        if seat is not None:
            text = dumps(frame)
            for client in seat.clients:
                client.send(text)

    def attached(self, client: Client) -> None:
        """A page connected (or reconnected): what the rounds wait for from its seat is asked
        again, and its own cards opened so far are sent again; the secrets asked of it after
        the hands are asked again, and the audit so far told."""
        if self.on:
            self.reveals.attached(client)
        if self.rounds is None or client.seat is None or self.table.live is None:
            return
        rounds = self.rounds
        for party, index in self.pages.items():
            if index != client.seat:
                continue
            for engine in rounds.parties[party].seats:
                points = [(p, h) for p, h in rounds.own_points(engine)]
                if points:
                    client.send(dumps(self._frame(party, "open", points=points, seat=engine)))
            if party in rounds.waiting():
                self._ask_party(party)
            if self.showing is not None and self.showing in rounds.parties[party].seats:
                self._ask_show(party, self.showing)

    def retimed(self) -> None:
        """The table stood still (paused, resumed, ended): the answer waited for, a show's
        too, is timed afresh, as a turn is (the time it stood still counts against nobody)."""
        if self.rounds is not None:
            self.deadline = time.monotonic() + self.seconds

    async def _clock(self, live: LiveHand, now: float) -> float | None:
        """The wait for an answer: its time left, or the deal void once it ran out."""
        if now < self.deadline:
            return self.deadline - now
        await self.misdeal(live)
        return 0.0

    async def misdeal(self, live: LiveHand) -> None:
        """A party did not answer in time (house rule ``private_misdeal``): the hand ends with
        every stack as it was before it, and nothing is shown."""
        rounds, _ = self._held()
        names = ", ".join(rounds.parties[party].name for party in rounds.waiting()) or "a page"
        log.warning(
            "table %s: hand %d is void (house rule private_misdeal): %s did not answer in time",
            self.table.id,
            live.number,
            names,
        )
        await self.table.driver.void_hand(live, f"{names} did not answer in time")
        self.rounds, self.showing = None, None

    # -- the pages ------------------------------------------------------------------------------

    async def receive(self, client: Client, frame: PrivateAnswer) -> None:
        """A page's answer (see the module): taken, stored, and the rounds go on; an answer
        refused raises an error naming its party and what was wrong, and nothing changes."""
        table = self.table
        async with table.lock:
            if frame.answer.get("step") == "reveal":  # a deal over: for its audit
                await self.reveals.receive(client, frame)
                return
            live = table.live
            rounds = self.rounds
            if (
                live is None
                or rounds is None
                or (frame.hand, frame.deal) != (self.number, rounds.deal)
                or live.number != self.number
            ):
                raise IllegalActionError(
                    f"hand {frame.hand}, deal {frame.deal} is not being dealt privately now"
                )
            party = self._party_of(client)
            if frame.answer.get("step") == "show":
                await self._shows(live, party, frame.answer)
            else:
                await self._takes(party, frame.answer)
            table.changed.set()

    def _party_of(self, client: Client) -> int:
        for party, index in self.pages.items():
            if index == client.seat:
                seat = self.table.seats.get(index)
                if seat is not None and client in seat.clients:
                    return party
        raise SeatError("your page is no party to this deal: the server deals your seat's cards")

    def _trial(self, party: int, answer: Mapping[str, object]) -> tuple[DealRounds, Row | None]:
        """``party``'s answer taken on a copy of the rounds (kept once its row is stored), with
        its row (``None``: the same answer again, from a page that reconnected)."""
        trial = copy.deepcopy(self._held()[0])
        try:
            return trial, trial.take(party, answer)
        except RoundsError as error:
            raise _refusal(trial, error) from None

    async def _takes(self, party: int, answer: Mapping[str, object]) -> None:
        rounds, agent = self._held()
        trial, row = self._trial(party, answer)
        if row is None:
            return  # the same answer again (a page that reconnected): taken already
        rows = [row, *self._server_answers(trial, agent)]
        await self._store(rows)
        self.rounds = trial
        self._after_answer(rounds)

    # -- the showdown -----------------------------------------------------------------------------

    async def _showdown(self, live: LiveHand, now: float) -> float | None:
        """The hands still in are shown in turn: the server shows its own (a bot's, an away
        player's) at once; a page is asked, and its hand is mucked once its clock runs out."""
        rounds, agent = self._held()
        hand = live.hand
        engine = hand.to_show_or_muck[0]
        party = rounds.owner(engine)
        assert party is not None
        if party == len(rounds.parties) - 1:
            steps = agent.show(rounds, party, engine)
            trial = copy.deepcopy(rounds)
            row = trial.take_show(party, engine, steps)
            await self._show(live, trial, row, engine, "bot")
            return 0.0
        if self.showing != engine:
            self.showing = engine
            self.deadline = now + self.seconds
            self._ask_show(party, engine)
        if now < self.deadline:
            return self.deadline - now
        seat = self.table.seats[live.setup.lineup[engine]]
        await self.table.driver.endgame.decide(seat, engine, False, "clock", None)
        return 0.0

    def _ask_show(self, party: int, engine: int) -> None:
        rounds, _ = self._held()
        unshown = set(rounds.unshown(engine))
        points = [(p, h) for p, h in rounds.own_points(engine) if p in unshown]
        index = self.pages.get(party)
        if index is not None:
            frame = self._frame(party, "show", points=points, seat=engine, seconds=self._left())
            self._send(index, frame)

    async def _shows(self, live: LiveHand, party: int, answer: Mapping[str, object]) -> None:
        if self.showing is None or answer.get("seat") != self.showing:
            raise OutOfTurnError("your hand is not asked to be shown now")
        trial, row = self._trial(party, answer)
        if row is None:
            return
        await self._show(live, trial, row, self.showing, "player")

    async def _show(
        self, live: LiveHand, trial: DealRounds, row: Row, engine: int, source: str
    ) -> None:
        """Store a show (its row and the hand's action) and deal on with it."""
        table = self.table
        driver = table.driver
        seat = table.seats[live.setup.lineup[engine]]
        hand = live.hand.copy()
        assert isinstance(hand, PrivateHand)
        hand.show(engine, trial.shown_cards(engine))
        record = ActionRecord(
            number=live.number,
            index=live.actions,
            seat=engine,
            kind=SHOW,
            amount=None,
            source=source,
            seq=None,
        )
        played = driver.endgame.deal_on(live, hand).played(hand, 1)
        driver.put(live=played)
        changes = Changes(seats=[seat.state()], actions=[record])
        driver.mark(seat.index, acted=source == "player")
        if hand.phase is Phase.OVER:
            driver.finish_hand(changes, played)
        await self._store([row], changes)
        self.rounds, self.showing = trial, None
        table.fanout.publish()
        if driver.state.live is None:
            table.fanout.broadcast_table()
        table.wake()


def own_view(hand: PrivateHand, rounds: DealRounds, agent: Agent, engine: int) -> TableView:
    """Engine seat ``engine``'s view of ``hand`` with the face-down cards of ``rounds`` (the
    deal in play) that the server owns for it opened by ``agent``, its secret in them: a
    bot's own cards, known to the server alone, as a page knows its player's. The view of a
    seat that is a page's, or of another deal, is the plain one (nothing opened).

    The cards are worked out for the view and kept nowhere: no row, frame or log holds them.
    """
    server = len(rounds.parties) - 1
    if rounds.deal != hand.deal_number or rounds.owner(engine) != server:
        return hand.view(engine)
    cards = {
        position: agent.open_own(rounds, position)
        for position, owner in rounds.owners.items()
        if owner == engine
    }
    return hand.opened_view(engine, cards)


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


def _step(rounds: DealRounds) -> tuple[int, str, int, int]:
    """Which step of its rounds a deal is at: its number, its stage, the decks masked and the
    passes opened (a party waited for again at another step has a clock of its own)."""
    return rounds.deal, rounds.stage, len(rounds.decks), len(rounds.passes)
