"""The hand runner's own steps in a hand as pure outcomes: the change each comes to, whole.

A step nobody chose (an all-in run-out's next street, a redeal) is a command of the runner's
slice, the runner's tick's follow-up (:class:`~.runner_commands.RunOutStreet`,
:class:`~.runner_commands.DealAgain`), made whole from the table as its turn comes
(:class:`AtStep`, :meth:`.driver.Driver.made`) and handled here purely: the hand dealt on from
a copy (:func:`.hand_play.dealt_on`; a redeal's copy draws its deck first, counted as stored
only with the change, :attr:`.live.LiveHand.decks_stored`, so a refused write leaves a deck
nobody saw), with the hand's end in the same change
when the step ends it (:func:`.hand_end.then_ended`) and the turn it leaves timed
(:func:`.runner.timed`, :func:`staged`). The outcome's effect is the change to store; the actor
folds the other slices' follow-ups into it (the seating's stacks, a seat's leaving, a
tournament's knock-outs: :meth:`.actor.Actor.fold_outcome`), stores it once, and adopts the new
states and sends the news once it is stored; a failed write leaves them all as they were.

So is the answer of a bot or a leaving player as the showdown's clock, or the offer to run it
twice's, opens (:class:`~.runner_commands.ClockAnswer`, :func:`clock_answer`: the engine's
choice with the table's default, or no, stored with the clock in the runner's state); the clock
then opened for the seats still to answer is a new state and its frame, nothing stored
(:class:`~.runner_commands.ClockOpen`, :func:`clock_open`), the runner woken at its deadline.

And so is what a private deal's progress comes to for the hand, the private deal's slice's
follow-ups (:mod:`.private_progress`, :mod:`.private_answers`): the cards a pass opened dealt
(:class:`~.runner_commands.DealOpened`, :func:`opened_dealt`), a hand shown by its rounds
(:class:`~.runner_commands.ShowHand`, :func:`shown`) or mucked unshown as its clock runs out
(:class:`~.runner_commands.MuckHand`, :func:`mucked`), the hand void
(:class:`~.runner_commands.VoidHand`, :func:`voided`); each carries that slice's own change
with it (``then``: the rounds with the show taken, the deal forgotten), folded into the same
change, so that the deal's state is adopted with the hand's and never without it.

>>> from wildstud.server.schemas import GameEntry, TableSettings
>>> from wildstud.server.table.hand_play import AtPlay
>>> settings = TableSettings(name="x", games=[GameEntry(game="FTQ")])
>>> end = AtHandEnd("t", {}, {}, settings, (), approved=False, tournament=False)
>>> at = AtStep(AtPlay(0.0), AtTurn({}, frozenset(), settings), end)
>>> state = RunnerState(None, 0, None)
>>> street(state, at, 5.0).state is state  # no hand in play: nothing to deal
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from wildstud.deal import Phase
from wildstud.server.showdown import ShowdownChoice, TwiceOffer
from wildstud.server.store import Changes
from wildstud.server.table.core import Command, Effect, HandPlayed, Outcome, TableNews
from wildstud.server.table.hand_end import AtHandEnd, then_ended
from wildstud.server.table.hand_play import (
    Move,
    act,
    answer_twice,
    dealt_on,
    offer_opened,
    show_or_muck,
    showdown_opened,
)
from wildstud.server.table.hand_play import shown as shown_by_rounds
from wildstud.server.table.hand_requests import Action, Answer, Decide
from wildstud.server.table.hand_start import start_hand
from wildstud.server.table.runner import RUNNER, AtTurn, RunnerState, timed
from wildstud.server.table.runner_commands import (
    ClockAnswer,
    ClockOpen,
    DealAgain,
    DealHand,
    MuckHand,
    ShowHand,
    VoidHand,
)
from wildstud.server.table.runner_due import Onward
from wildstud.server.table.shuffle_requests import DropRound

if TYPE_CHECKING:
    from wildstud.deal import Hand
    from wildstud.server.table.hand_play import AtPlay
    from wildstud.server.table.live import LiveHand

ClockT = TypeVar("ClockT", ShowdownChoice, TwiceOffer)

__all__ = [
    "AtStep",
    "acted",
    "clock_answer",
    "clock_open",
    "deal",
    "decided",
    "mucked",
    "opened_dealt",
    "redealt",
    "shown",
    "staged",
    "street",
    "voided",
]


@dataclass(frozen=True, slots=True)
class AtStep:
    """What a change of the runner's in a hand reads of the table outside the runner's state,
    as its turn comes (:meth:`.driver.Driver.at_step`): for the dealer's steps (``play``), to
    time the turn it leaves (``turn``) and for the hand's end, if it ends the hand (``end``)."""

    play: AtPlay
    turn: AtTurn
    end: AtHandEnd


def staged(
    outcome: Outcome[RunnerState], turn: AtTurn, end: AtHandEnd | None, now: float
) -> Outcome[RunnerState]:
    """``outcome``, a change of the runner's in a hand (a deal, a seat's change, a step nobody
    chose), whole: with the hand's end in the same change when ``end`` (what it reads of the
    table) is given, its hand being over (:func:`.hand_end.then_ended`), and the turn it
    leaves timed at ``now`` (:func:`.runner.timed`) from the seats' rows, those the change
    writes over ``turn``'s: adopted with the change once it is stored, never before it and
    never alone."""
    if end is not None:
        outcome = then_ended(outcome, end, now)
    assert outcome.effect is not None
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    if changes.seats:  # a time bank drawn on, a request's number: over the rows as they stand
        rows = {**turn.rows, **{row.seat: row for row in changes.seats}}
        turn = AtTurn(rows, turn.pages, turn.settings)
    state = timed(outcome.state, turn, now)
    if state is outcome.state:
        return outcome
    # Made whole here, not by dataclasses.replace: 10 Python calls fewer in every change.
    return Outcome(state, outcome.effect, outcome.news, outcome.reply, outcome.wake, outcome.follow)


def deal(state: RunnerState, command: DealHand, now: float) -> Outcome[RunnerState]:
    """The next hand dealt as ``command`` says, made whole from the table (see
    :class:`~.runner_commands.DealHand`): the pure :func:`.hand_start.start_hand` at the time
    its table's values were read, whole (:func:`staged`: the hand's end in the same change when
    it is over at once, the turn it leaves timed), a round over that no hand is dealt from
    forgotten in it (:class:`~.shuffle_requests.DropRound`). Nothing while a hand is in play."""
    at, step = command.at, command.step
    if state.live is not None or at is None or step is None:
        return Outcome(state)
    now = command.now
    dealt = start_hand(state, at, now)
    live = dealt.state.live
    if live is None and command.drop and not any(type(f) is DropRound for f in dealt.follow):
        # No hand after all (too few players): the next try is a fresh round.
        dropped = DropRound(state.hands_dealt + 1, 1)
        dealt = Outcome(dealt.state, dealt.effect, dealt.news, follow=(*dealt.follow, dropped))
    ended = live is not None and live.hand.phase is Phase.OVER
    return staged(dealt, step.turn, step.end if ended else None, now)


def street(state: RunnerState, at: AtStep, now: float) -> Outcome[RunnerState]:
    """The all-in run-out's next street, its pause over at ``now``, dealt in the hand in play
    (and what follows it as far as the dealer goes: the next pause, the offer, the showdown,
    the hand's end), as one change (see the module's description); nothing when no run-out
    waits for it (the hand moved on, or its pause is not over)."""
    live = state.live
    if live is None or live.hand.run_out_street is None or now < live.run_out_due:
        return Outcome(state)
    return _dealt(state, live, live.hand.copy(), at, now)


def redealt(state: RunnerState, command: DealAgain, now: float) -> Outcome[RunnerState]:
    """The redeal due at ``now`` in the hand in play, ``command``'s deal: the players'
    shuffle's round of its deck asked first, as a change of its own (the shuffle's slice's,
    :class:`~.shuffle_requests.Open`), then the deal looked at again from the round as it is
    stored; nothing while that round goes on (its end wakes the runner); else the deal dealt,
    as one change (see the module's description). Nothing when no such redeal waits (the
    hand moved on, or its pause is not over)."""
    live = state.live
    if live is None or live.hand.redeal_pending is None or now < state.turn.redeal_due:
        return Outcome(state)
    if live.hand.deal_number + 1 != command.deal:
        return Outcome(state)
    if command.opening is not None:
        if command.opened:  # asked once in this pass already: the next look is the pass's
            return Outcome(state)
        return Outcome(state, follow=(command.opening, DealAgain(command.deal, opened=True)))
    at = command.at
    if command.waits or at is None:
        return Outcome(state)
    hand = live.hand.copy()
    hand.step()  # the redeal draws its deck into the hand's book
    return _dealt(state, live, hand, at, now)


def _dealt(
    state: RunnerState, live: LiveHand, hand: Hand, at: AtStep, now: float
) -> Outcome[RunnerState]:
    """``hand``, a copy of ``live``'s after a step nobody chose, dealt on as one change
    (:func:`.hand_play.dealt_on`, :func:`staged`)."""
    return _whole(dealt_on(state, live, hand, at.play, now), at, now)


def _whole(outcome: Outcome[RunnerState], at: AtStep, now: float) -> Outcome[RunnerState]:
    """``outcome``, a change of the runner's in a hand, whole (:func:`staged`), with the
    hand's end when it ends the hand."""
    live = outcome.state.live
    ended = live is not None and live.hand.phase is Phase.OVER
    return staged(outcome, at.turn, at.end if ended else None, now)


def clock_answer(state: RunnerState, command: ClockAnswer, now: float) -> Outcome[RunnerState]:
    """``command``'s seat, a bot or a player leaving the table, answers at once as the
    showdown's clock, or the offer's, opens at ``now``: the engine's choice with the table's
    default, or no (:func:`.hand_play.show_or_muck`, :func:`.hand_play.answer_twice`), stored
    with the clock in the runner's state as one change (see the module's description; the clock
    is over in the state once every seat has answered). Nothing for anyone else, nor once
    the seat has answered (an offer is settled by the first no)."""
    live = state.live
    at = command.at
    if live is None or at is None or command.row is None or command.source is None:
        return Outcome(state)
    hand = live.hand
    move = Move(command.row, command.engine, command.source)
    if command.showdown:  # nothing for a seat with no choice left (show_or_muck)
        choice = _clock(state.showdown, live.number, now + command.seconds, ShowdownChoice)
        default = command.default == "show"
        shown = show_or_muck(state.but(showdown=choice), move, None, default, at.play, now)
        return Outcome(state) if shown.effect is None else _whole(shown, at, now)
    if command.engine not in hand.to_agree_run_twice:
        return Outcome(state)
    offer = _clock(state.offer, live.number, now + command.seconds, TwiceOffer)
    return _whole(answer_twice(state.but(offer=offer), move, False, at.play, now), at, now)


def acted(state: RunnerState, command: Action, now: float) -> Outcome[RunnerState]:
    """``command``'s seat's action, played at ``now`` as one change (:func:`.hand_play.act`),
    whole (:func:`staged`: the turn it leaves timed; the hand's end in it when it ends the
    hand): an action found to end the hand, made whole without what the hand's end reads (read
    only then, not for every action), asks for it, the command again (``ends``), nothing
    changed yet. Nothing when it is not made whole, or no hand is in play."""
    turn, play = command.turn, command.play
    if state.live is None or turn is None or play is None or command.row is None:
        return Outcome(state)
    move = Move(command.row, command.engine, command.source, command.seq, command.bank)
    played = act(state, move, command.kind, command.amount, play, now)
    live = played.state.live
    end = None
    if live is not None and live.hand.phase is Phase.OVER:
        end = command.end
        if end is None:
            return Outcome(state, follow=(replace(command, ends=True),))
    whole = staged(played, turn, end, now)
    return Outcome(whole.state, whole.effect, whole.news, None, whole.wake, whole.follow)


def decided(state: RunnerState, command: Decide | Answer, now: float) -> Outcome[RunnerState]:
    """``command``'s seat's choice at the showdown, or its answer to the offer to run it twice,
    played at ``now`` as one change (:func:`.hand_play.show_or_muck`,
    :func:`.hand_play.answer_twice`), whole (:func:`staged`: the hand's end in it when it ends
    the hand, the turn timed); the clock over in the runner's state once every seat has chosen,
    or the offer is settled. Nothing once the seat has chosen, or when it is not made whole."""
    live = state.live
    at = command.at
    if live is None or at is None or command.row is None:
        return Outcome(state)
    move = Move(command.row, command.engine, command.source, command.seq)
    if isinstance(command, Decide):  # nothing for a seat with no choice left (show_or_muck)
        default = command.default == "show"
        played = show_or_muck(state, move, command.show, default, at.play, now)
        if played.effect is None:
            return Outcome(state)
    else:
        if command.engine not in live.hand.to_agree_run_twice:
            return Outcome(state)
        played = answer_twice(state, move, command.agree, at.play, now)
    # The seats still to choose are the showdown frame's; the asker's reply is its own.
    whole = _whole(played, at, now)
    return Outcome(whole.state, whole.effect, whole.news, None, whole.wake, whole.follow)


def clock_open(state: RunnerState, command: ClockOpen, now: float) -> Outcome[RunnerState]:
    """The showdown's clock, or the offer's, opened at ``now`` for the seats still to answer
    (:func:`.hand_play.showdown_opened`, :func:`.hand_play.offer_opened`: the runner's state
    with it, nothing stored, its frame the news), the one the bots' answers stored if they
    did, and the runner woken at its deadline; when nobody is left to answer (the answers
    settled it, or ended the hand), what is due next (:class:`~.runner_due.Onward`)."""
    live = state.live
    if live is None:
        return Outcome(state, follow=(Onward(RUNNER),))
    deadline = now + command.seconds
    if command.showdown:
        choice = _clock(state.showdown, live.number, deadline, ShowdownChoice)
        opened = showdown_opened(state, choice, command.default, now)
        clock: ShowdownChoice | TwiceOffer | None = opened.state.showdown
    else:
        offer = _clock(state.offer, live.number, deadline, TwiceOffer)
        opened = offer_opened(state, offer, now)
        clock = opened.state.offer
    if opened.state is state or clock is None:
        return Outcome(state, follow=(Onward(RUNNER),))
    return replace(opened, wake=clock.deadline)


def _clock(
    clock: ClockT | None, number: int, deadline: float, make: Callable[[int, float], ClockT]
) -> ClockT:
    """``clock`` when it times hand ``number`` (opened by an answer already), else a new one
    (``make``) up at ``deadline``."""
    return clock if clock is not None and clock.number == number else make(number, deadline)


VOID_NEWS = (HandPlayed(odds=False), TableNews())
"""What a hand void tells: its last events (the void), and the stacks as they were."""


def opened_dealt(state: RunnerState, at: AtStep, now: float) -> Outcome[RunnerState]:
    """The cards a private deal's passes opened, dealt at ``now`` in the hand in play (and what
    follows them as far as the dealer goes: the next pass waited for, a player's turn, the
    showdown), as one change (see the module's description); nothing when no hand waits at
    the dealer's step."""
    live = state.live
    if live is None or live.hand.phase is not Phase.DEALER:
        return Outcome(state)
    return _dealt(state, live, live.hand.copy(), at, now)


def shown(state: RunnerState, command: ShowHand, now: float) -> Outcome[RunnerState]:
    """``command``'s hand shown at a private deal's showdown, played at ``now`` as the hand's
    next action (:func:`.hand_play.shown`: its cards, and the show's rows of the rounds stored
    with it), whole (:func:`staged`), the private deal's own change with it (``then``); nothing
    when it is not made whole, or no hand is in play."""
    live = state.live
    at = command.at
    if live is None or at is None or command.row is None:
        return Outcome(state)
    move = Move(command.row, command.engine, command.source)
    played = shown_by_rounds(state, move, command.cards, command.rows, at.play, now)
    return _then(_whole(played, at, now), command.then)


def mucked(state: RunnerState, command: MuckHand, now: float) -> Outcome[RunnerState]:
    """``command``'s hand mucked unshown at a private deal's showdown, its page's clock run out
    at ``now``: the clock's choice (:func:`.hand_play.show_or_muck`), whole (:func:`staged`),
    the private deal's own change with it (``then``); nothing once the seat has no choice
    left, or when it is not made whole."""
    live = state.live
    at = command.at
    if live is None or at is None or command.row is None:
        return Outcome(state)
    if command.engine not in live.hand.to_show_or_muck:
        return Outcome(state)
    move = Move(command.row, command.engine, "clock")
    played = show_or_muck(state, move, False, command.default == "show", at.play, now)
    whole = _whole(played, at, now)  # the seats still to choose are the showdown frame's
    whole = Outcome(whole.state, whole.effect, whole.news, None, whole.wake, whole.follow)
    return _then(whole, command.then)


def voided(state: RunnerState, command: VoidHand, now: float) -> Outcome[RunnerState]:
    """The hand in play void at ``now`` (house rule ``private_misdeal``), ``command.why`` in its
    record: its end (:func:`.hand_end.then_ended`) with every stack as it was before it, the
    turn's clock stopped (:func:`staged`), the private deal's own change with it (``then``:
    the deal forgotten); nothing when no hand is in play, or it is not made whole."""
    at = command.at
    if state.live is None or at is None:
        return Outcome(state)
    written = Outcome(state, effect=Effect(Changes()), news=VOID_NEWS)
    ended = staged(then_ended(written, at.end, now, command.why), at.turn, None, now)
    return _then(ended, command.then)


def _then(outcome: Outcome[RunnerState], then: Command | None) -> Outcome[RunnerState]:
    """``outcome`` with ``then``, another slice's own change that comes with it, as its first
    follow-up (folded into the same change)."""
    if then is None:
        return outcome
    follow = (then, *outcome.follow)
    return Outcome(outcome.state, outcome.effect, outcome.news, outcome.reply, outcome.wake, follow)
