"""A private deal's slice, its progress: the deal's own steps as the slice's ticks, a pure
function of the deal's state (:class:`~.private_answers.PrivateState`) and the hand in play (the
pages' answers: :mod:`.private_answers`; the deal at the table: :mod:`.private`).

A :class:`DealTick` is made from the table as its turn comes (the hand in play as stored, the seats
whose page can be a party, the clock, whether the table plays): the hand runner's pass asks it as
its follow-up (its ``idle`` and ``moved``, how the pass goes on as the deal replies), and the
slice's own clock (its ``wake``: the answer waited for is due) hands it too. :func:`handle`
says what the deal does now:

- a deal starts (the hand's first, or a redeal's): its parties fixed (each seat in the hand
  whose player's page is connected, in seat order, then the server last), the server's agent
  drawn, its key and its answers given; the rows are the change to store, the frames that ask
  every page for its key the news;
- a pass opens over the cards due, the server's unmaskings with it: its rows stored, the first
  party asked;
- the cards a pass opened are dealt: the hand runner's change, its command the outcome's
  follow-up (:class:`~.runner_commands.DealOpened`);
- at the showdown the server shows its own hands (a bot's, an away player's) at once: the
  runner's change, its command carrying the show's rows and the deal's own change with it
  (:class:`~.runner_commands.ShowHand`, its ``then`` a :class:`~.private_answers.Taken`); a
  page is asked to show, its clock started, and its hand is mucked once the clock runs out
  (:class:`~.runner_commands.MuckHand`, the runner's);
- an answer not given in time voids the deal (house rule ``private_misdeal``): the runner's
  change (:class:`~.runner_commands.VoidHand`), the deal forgotten with it.

What those come to for the hand is never this slice's to store: each is a command of the
hand runner's slice, made whole from the table as its turn comes, and the deal's own change
that comes with it is folded into the runner's (:class:`~.private_answers.Taken`), so that
nothing of the deal is adopted before the hand's change is stored.

A hand dealt privately starts the deal's state afresh (:class:`~.core.NewHand`, the hand
runner's follow-up of its deal, folded into the change that deals it), and an action that ends
a betting round opens the next street's pass in its own change (:class:`~.core.PassAhead`, the
runner's follow-up of the action).

The reply is how long until the deal looks again (``None``: the rest is the runner's, a
player's turn, a redeal's pause, a run-out's; 0.0: it moved the hand on), its ``wake`` the deal's
own clock; a tick the runner's pass asked hands the pass's next command on as its follow-up (the
pass going on, or what is due next: :class:`~.runner_commands.DealTick`'s ``idle`` and
``moved``). A new state is adopted only once its change is stored; a store that fails leaves it
as it was, and the next tick tries again.

Nothing happens while the table stands still (the time it stood still counts against nobody:
:class:`~.core.Retime`, the hand runner's follow-up, times the clock afresh):

>>> tick = DealTick(NAME, None, {}, 8.0, "t1", playing=False)
>>> outcome = handle(PrivateState(), tick, 0.0)
>>> outcome.effect, outcome.news, outcome.reply
(None, (), None)
"""

from __future__ import annotations

import copy
from dataclasses import replace

from wildstud.deal import CentreCard, CommunityCard, DealStarted, Dealt, Hand, Phase, PrivateHand
from wildstud.private_rounds import Agent, DealRounds, Party, RoundsError
from wildstud.server.replay import at_showdown
from wildstud.server.store.records import Changes
from wildstud.server.table import private_answers
from wildstud.server.table.core import (
    Command,
    Effect,
    NewHand,
    Outcome,
    PassAhead,
    Retime,
    Told,
)
from wildstud.server.table.live import LiveHand
from wildstud.server.table.private_answers import (
    NAME,
    PrivateState,
    Taken,
    opened_passes,
    server_answers,
)
from wildstud.server.table.private_reveal import context
from wildstud.server.table.runner_commands import (
    DealOpened,
    DealTick,
    MuckHand,
    ShowHand,
    VoidHand,
)

__all__ = [
    "COMMANDS",
    "NAME",
    "DealTick",
    "Retime",
    "Taken",
    "dealt_in_deal",
    "handle",
    "opened",
    "seat_pages",
]


def dealt_in_deal(hand: Hand) -> int:
    """How many cards of the deck the deal in progress has dealt (its next card's position)."""
    count = 0
    for event in reversed(hand.events):
        if isinstance(event, DealStarted):
            break
        if isinstance(event, Dealt | CentreCard | CommunityCard):
            count += 1
    return count


def opened(rounds: DealRounds) -> int:
    """How many positions of the deal the passes over have opened."""
    return sum(len(slots) for slots in opened_passes(rounds))


def seat_pages(live: LiveHand, rounds: DealRounds) -> dict[int, int]:
    """The table seat of each party of ``rounds`` that is a page."""
    lineup = live.setup.lineup
    return {
        index: lineup[party.seats[0]]
        for index, party in enumerate(rounds.parties[:-1])
        if party.seats
    }


DEAL_OPENED = (DealOpened(),)
"""What a pass over comes to: the runner deals the cards it opened (made whole as its turn
comes)."""

COMMANDS: tuple[type[Command], ...] = (
    *private_answers.COMMANDS,
    DealTick,
    Retime,
    NewHand,
    PassAhead,
)
"""The commands this slice takes: a page's answers, the deal's own ticks, and the hand
runner's follow-ups."""


def handle(state: PrivateState, command: Command, now: float) -> Outcome[PrivateState]:
    """The outcome of ``command`` for the deal as ``state`` stands: a page's answer
    (:func:`.private_answers.handle`), the deal's tick, or its clock timed afresh (see the
    module's description)."""
    if isinstance(command, DealTick):
        ticked = _tick(state, command, now)
        wait = ticked.reply
        assert wait is None or isinstance(wait, float), "how long until the deal looks again"
        # The runner's pass that asked goes on as the reply says (the deal's own clock: none).
        then = command.idle if wait is None else command.moved if wait == 0.0 else None
        return ticked if then is None else replace(ticked, follow=(*ticked.follow, then))
    if isinstance(command, NewHand):
        return Outcome(PrivateState(command.number, dealer=command.dealer))
    if isinstance(command, PassAhead):
        return _ahead(state, command, now)
    if isinstance(command, Retime):
        if state.rounds is None:
            return Outcome(state)
        assert command.seconds is not None, "made whole from the table as its turn comes"
        deadline = now + command.seconds
        return Outcome(state.but(deadline=deadline), wake=deadline)
    return private_answers.handle(state, command, now)


def _tick(state: PrivateState, command: DealTick, now: float) -> Outcome[PrivateState]:
    live = command.live
    if live is None or not command.playing:
        return Outcome(state)
    hand = live.hand
    if not isinstance(hand, PrivateHand) or hand.phase is not Phase.DEALER:
        return Outcome(state)
    if hand.redeal_pending is not None:
        return Outcome(state)
    if at_showdown(hand):
        return _showdown(state, command, live, now) if hand.to_show_or_muck else Outcome(state)
    if not hand.cards_due():
        return Outcome(state)
    rounds = state.rounds
    if rounds is None or state.number != live.number or rounds.deal != hand.deal_number:
        return _begin(state, command, live, now)
    news: list[Told] = []
    effect = None
    if rounds.stage == "ready":
        if dealt_in_deal(hand) < opened(rounds):
            if hand.run_out_street is not None:
                return Outcome(state)  # the run-out's pause is the runner's
            return Outcome(state, reply=0.0, follow=DEAL_OPENED)
        # A pass opens over the cards due, the server's unmaskings with it.
        agent = state.agent
        assert agent is not None
        trial = copy.deepcopy(rounds)
        rows = [trial.open_pass(hand.cards_due())]
        rows += server_answers(trial, agent)
        effect = Effect(Changes(private_rounds=state.stored(rows)))
        taken = state.but(rounds=trial, seq=state.seq + len(rows))
        state, asks = taken.moved_on(rounds, now, command.seconds)
        news += asks
    if now < state.deadline:
        return Outcome(state, effect, tuple(news), reply=state.deadline - now, wake=state.deadline)
    if effect is not None:  # pragma: no cover - a pass opened starts a clock of its own
        return Outcome(state, effect, tuple(news), reply=0.0)
    # An answer not given in time: the hand is void, the deal forgotten with it (the runner's
    # change, which carries the deal's: nothing is adopted before it is stored).
    waited, _ = state.held()
    names = ", ".join(waited.parties[party].name for party in waited.waiting()) or "a page"
    why = f"{names} did not answer in time"
    forgotten = Taken(state.but(rounds=None, showing=None))
    return Outcome(state, reply=0.0, follow=(VoidHand(why, forgotten),))


def _ahead(state: PrivateState, command: PassAhead, now: float) -> Outcome[PrivateState]:
    """The pass over the next street's cards opened at once after an action, when it is due:
    the tick's own pass, its rows the only effect (folded into the action's change); nothing
    else (see :class:`~.core.PassAhead`)."""
    tick = command.tick
    assert isinstance(tick, DealTick), "made whole from the table as its turn comes"
    live = tick.live
    if live is None:
        return Outcome(state)
    hand = live.hand
    if not isinstance(hand, PrivateHand) or hand.phase is not Phase.DEALER:
        return Outcome(state)
    if hand.redeal_pending is not None or at_showdown(hand) or not hand.cards_due():
        return Outcome(state)
    rounds = state.rounds
    if rounds is None or state.number != live.number or rounds.deal != hand.deal_number:
        return Outcome(state)
    if rounds.stage != "ready" or dealt_in_deal(hand) < opened(rounds):
        return Outcome(state)  # cards opened and not dealt yet: the tick deals them first
    try:
        opening = _tick(state, tick, now)
    except RoundsError:  # the deal's next tick tries again, and says what failed
        return Outcome(state)
    effect = opening.effect
    if effect is None or not isinstance(effect.request, Changes):
        return Outcome(state)
    return opening


def _begin(
    state: PrivateState, command: DealTick, live: LiveHand, now: float
) -> Outcome[PrivateState]:
    """A deal starts: its parties fixed, the server's agent drawn, its key and answers given;
    every page asked for its key."""
    hand = live.hand
    pages: list[Party] = []
    server: list[int] = []
    for engine, index in enumerate(live.setup.lineup):
        name = command.pages.get(index)
        if name is not None:
            pages.append(Party(name, (engine,)))
        else:
            server.append(engine)
    if not pages:
        # Every player's page closed (a restarted server, a night left open): a private deal
        # needs a page beside the server, so the deal waits for one, looking again after a
        # clock's length (voiding it would deal and void hand after hand while nobody is there).
        return Outcome(state, reply=command.seconds, wake=now + command.seconds)
    parties = (*pages, Party("server", tuple(server)))
    rounds = DealRounds(context(command.table, live.number), hand.deal_number, parties)
    agent = Agent.new()
    rows = [rounds.parties_row(), agent.row(rounds.deal, len(parties) - 1)]
    rows += server_answers(rounds, agent)
    start = state if state.number == live.number else PrivateState(live.number)
    begun = start.but(rounds=rounds, agent=agent, pages=seat_pages(live, rounds), showing=None)
    stored = Effect(Changes(private_rounds=begun.stored(rows)))
    after, news = begun.but(seq=begun.seq + len(rows)).asked(now, command.seconds)
    return Outcome(after, stored, tuple(news), reply=command.seconds, wake=after.deadline)


def _showdown(
    state: PrivateState, command: DealTick, live: LiveHand, now: float
) -> Outcome[PrivateState]:
    """The hands still in are shown in turn: the server shows its own at once; a page is asked,
    and its hand is mucked once its clock runs out."""
    rounds, agent = state.held()
    engine = live.hand.to_show_or_muck[0]
    party = rounds.owner(engine)
    assert party is not None
    if party == len(rounds.parties) - 1:
        steps = agent.show(rounds, party, engine)
        trial = copy.deepcopy(rounds)
        row = trial.take_show(party, engine, steps)
        taken = Taken(state.but(rounds=trial, showing=None, seq=state.seq + 1))
        rows = tuple(state.stored([row]))
        shown = ShowHand(engine, trial.shown_cards(engine), rows, "bot", taken)
        return Outcome(state, reply=0.0, follow=(shown,))
    news: tuple[Told, ...] = ()
    start = state
    if state.showing != engine:  # nothing stores the clock
        state = state.but(showing=engine, deadline=now + command.seconds)
        asked = state.ask_show(party, engine, now)
        news = () if asked is None else (asked,)
    if now < state.deadline:
        return Outcome(state, news=news, reply=state.deadline - now, wake=state.deadline)
    # The muck is the runner's change; the clock this look started, if any, comes with it.
    then = None if state is start else Taken(state)
    return Outcome(start, news=news, reply=0.0, follow=(MuckHand(engine, then),))
