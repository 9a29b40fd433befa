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
  pass over the cards due (in the change of the action that ends a betting round, its
  follow-up :class:`~.core.PassAhead`), each party unmasking in turn; once it is over each page
  is sent the points of its own new cards (``open``), and the dealer deals on;
- at the showdown each hand still in is shown by its owner's ``show`` answer, asked in turn (the
  server shows the bots'); a hand its player mucks (the ``show`` message, ``false``) or that is
  not shown within the clock is mucked unshown. Folded and mucked cards are never unmasked.

Each answer has a clock, the table's ``shuffle_seconds``; a party that does not answer in time
before the showdown voids the deal (house rule ``private_misdeal``: the hand ends, every stack
as it was before it). A restarted server rebuilds the hand from its rows
(:func:`~wildstud.server.private_replay.rebuild_private`, :meth:`PrivateDeal.load`) and asks
again whoever it was waiting for.

A page's answer (its key, its deck, its unmaskings, its hand shown) is a command of the deal's
slice, checked by a pure function of the deal's state (:mod:`.private_answers`: the rounds as a
value never changed in place, the server's agent, the pages, the clock) and stored before that state
is adopted (:meth:`PrivateDeal.adopt`); so is the deal's progress (its start, its passes, the
server's answers and shows, its clock and the misdeal), the slice's own ticks
(:mod:`.private_progress`), asked by the hand runner's pass (its follow-up, made whole here,
:meth:`PrivateDeal.made`) and by its own clock. What those come to for the hand itself (the cards a
pass opened dealt, a hand shown or mucked, the hand void) is the runner's change: the slice's
follow-up is the runner's own command (:mod:`.runner_commands`), the deal's own change folded into
the runner's, stored once. This class holds the slice's state and what the rest of the table reads
of it: whether the dealer waits, a bot's own view, the frames a page is sent again when it
connects.

The context every proof is bound to names the table and the hand:

>>> context("t1", 4)
b'table t1|hand 4'
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from wildstud.deal import Hand, PrivateHand, TableView
from wildstud.games import find_game
from wildstud.private_rounds import Agent, DealRounds, RoundsDealer, Row
from wildstud.server.seating import Client
from wildstud.server.store import HandSetup, PrivateRound
from wildstud.server.table.core import Command, News, PassAhead, Retime, To
from wildstud.server.table.live import LiveHand
from wildstud.server.table.private_answers import NAME, PrivateState, step_of
from wildstud.server.table.private_progress import DealTick, dealt_in_deal, opened, seat_pages
from wildstud.server.table.private_reveal import Reveals, context
from wildstud.server.table.seating import TableStatus

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

__all__ = ["PrivateDeal", "context", "dealt_in_deal", "opened", "own_view"]


class PrivateDeal:
    """A table's private deal: the rounds of the deal in progress, the server's agent in them,
    which page is which party, and the clock of the answer waited for."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.state = PrivateState()
        """The deal's slice's state (:mod:`.private_answers`: the rounds of the deal in
        progress, the server's agent, the pages, the clock of the answer waited for), a frozen
        value replaced once each change is stored, by the slice's commands and ticks
        (:meth:`adopt`: a page's answers, the deal's progress), and set here only by a restart
        (:meth:`load`)."""
        self.dealer = RoundsDealer()
        """The dealer policy of hand :attr:`dealing` (its copies share what it learns)."""
        self.dealing = 0
        """The hand :attr:`dealer` deals: the rounds of another (the last hand's, until the
        deal of this one is stored) open none of its cards."""
        self.reveals = Reveals(table)
        """The secrets published after the night (or each hand) and their audit."""

    def __repr__(self) -> str:
        return f"PrivateDeal(table={self.table.id!r}, hand={self.state.number})"

    def adopt(self, state: PrivateState) -> None:
        """Take ``state``, the slice's, once the change that made it is stored: the dealer
        learns the face-up cards its rounds opened (it deals them on), and the driver looks
        again (the dealer deals on once the rounds are ready). An outcome that changed nothing
        (a tick with nothing due) wakes nobody."""
        if state is self.state:
            return
        self.state = state
        if state.dealer is not None and state.dealer is not self.dealer:  # a new hand's, stored
            self.dealer, self.dealing = state.dealer, state.number
        if state.rounds is not None:
            self.dealer.learn(state.rounds)
        self.table.wake()

    @property
    def rounds(self) -> DealRounds | None:
        """The rounds of the deal in progress, if any."""
        return self.state.rounds

    @property
    def on(self) -> bool:
        """Whether the table deals privately."""
        return self.table.settings.deal == "private"

    @property
    def seconds(self) -> float:
        """The clock of each answer: the table's ``shuffle_seconds``."""
        return float(self.table.settings.shuffle_seconds)

    # -- the hand -------------------------------------------------------------------------------

    @staticmethod
    def new_dealer() -> RoundsDealer:
        """A fresh dealer policy for the next hand (:meth:`new_hand`'s deck)."""
        return RoundsDealer()

    @staticmethod
    def new_hand(setup: HandSetup, dealer: RoundsDealer) -> PrivateHand:
        """Hand ``setup`` as a private hand dealt by ``dealer`` (:meth:`new_dealer`), not dealt
        yet (its rounds begin at the driver's next tick, :meth:`due`). It changes nothing: the
        deal's state (the rounds afresh, ``dealer`` as the hand's) is the new hand's once the
        deal is stored (:class:`~.core.NewHand`, the deal's follow-up, :meth:`adopt`), so a
        deal the store refuses leaves the private deal as it was."""
        game = find_game(setup.game)
        return PrivateHand(
            game, list(setup.stacks), game.options(setup.options), deck=dealer, dealer=setup.dealer
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
        self.state = PrivateState(number, seq=len(rows))
        self.dealing = number
        if not deals:
            return
        rounds = deals[max(deals)]
        agent = None
        for row in rows:
            if row.kind == "agent" and row.deal == rounds.deal:
                agent = Agent.load(Row(row.deal, "agent", row.party, row.data))
        self.state = self.state.but(
            rounds=rounds,
            agent=agent,
            pages=seat_pages(live, rounds),
            waited=rounds.waiting(),
            step=step_of(rounds),
            deadline=time.monotonic() + self.seconds,
        )

    @staticmethod
    def unopened(hand: Hand) -> bool:
        """Whether the dealer must wait before dealing on ``hand``, a hand being dealt (its
        rounds begin at the driver's next tick): whenever its next cards are due."""
        return isinstance(hand, PrivateHand) and bool(hand.cards_due())

    def waits(self, hand: Hand) -> bool:
        """Whether the dealer must wait before dealing on ``hand``: its next cards are not opened
        yet (their deal's rounds have not begun, or their pass is not over)."""
        if not isinstance(hand, PrivateHand) or not hand.cards_due():
            return False
        rounds = self.rounds
        if rounds is None or self.state.number != self.dealing or rounds.deal != hand.deal_number:
            return True
        return dealt_in_deal(hand) >= opened(rounds)

    def tick(self, live: LiveHand | None = None) -> DealTick:
        """The slice's tick, made from the table as it stands (:attr:`.actor.Slice.tick`), or
        with the hand ``live`` as a change in hand leaves it."""
        table = self.table
        if live is None:
            live = table.live
        pages = {
            index: seat.name
            for index, seat in table.seats.items()
            if seat.bot is None and seat.clients and not seat.leaving
        }
        playing = (
            table.status in (TableStatus.RUNNING, TableStatus.ENDED)
            and table.driver.running
            and not table.broken
        )
        return DealTick(NAME, live, pages, self.seconds, table.id, playing)

    def view(self, hand: Hand, engine: int) -> TableView:
        """What the bot at engine seat ``engine`` decides from: its seat's view, with its own
        face-down cards of the deal opened by the server's secret under a private deal (see
        :func:`own_view`)."""
        state = self.state
        if isinstance(hand, PrivateHand) and state.rounds is not None and state.agent is not None:
            return own_view(hand, state.rounds, state.agent, engine)
        return hand.view(engine)

    # -- the rounds -------------------------------------------------------------------------------

    def attached(self, client: Client) -> None:
        """A page connected (or reconnected): what the rounds wait for from its seat is asked
        again, and its own cards opened so far are sent again; the secrets asked of it after
        the hands are asked again, and the audit so far told."""
        if self.on:
            self.reveals.attached(client)
        state = self.state
        rounds = state.rounds
        if rounds is None or client.seat is None or self.table.live is None:
            return
        now = time.monotonic()
        asks: list[News | None] = []
        for party, index in state.pages.items():
            if index != client.seat:
                continue
            for engine in rounds.parties[party].seats:
                points = [(p, h) for p, h in rounds.own_points(engine)]
                if points:
                    asks.append(News(To(client), state.open_frame(party, engine, points)))
            if party in rounds.waiting():
                asks.append(state.ask_party(party, now))
            if state.showing is not None and state.showing in rounds.parties[party].seats:
                asks.append(state.ask_show(party, state.showing, now))
        self.table.actor.outbox.send(news for news in asks if news is not None)

    def made(self, command: Command) -> Command:
        """``command`` for the deal's slice made whole from the table as its turn comes
        (:attr:`.actor.Slice.made`): the runner's :class:`~.core.Retime` with the clock of each
        answer, its :class:`~.core.PassAhead` with the deal's tick as the action's change
        leaves the hand, its pass's :class:`~.private_progress.DealTick` (its follow-up) with
        the table as it stands; any other command as it is."""
        if isinstance(command, Retime) and command.seconds is None:
            return Retime(self.seconds)
        if isinstance(command, PassAhead) and command.tick is None:
            return PassAhead(self.tick(self.table.driver.current.live))
        if isinstance(command, DealTick) and not command.table:  # the runner's pass asks it
            return replace(self.tick(), idle=command.idle, moved=command.moved)
        return command


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
