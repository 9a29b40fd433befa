"""The hand runner as a slice of the table's core: the commands its pure ``handle`` takes.

The runner's state is one frozen value (:class:`~.runner.RunnerState`), held by the driver
(:attr:`.driver.Driver.state`), which adopts each new one once its change is stored. This slice
takes:

- the players' requests in a hand (:mod:`.hand_requests`), checked purely; their change is
  still the driver's code, carried out as the outcome's effect;
- :class:`AskDealer`: the dealer is asked to choose the next hand's game (the driver's pass
  found it due, :func:`.runner_due.due`, :func:`.button.next_step`): the choice, with its
  deadline, and the choosing frame to everyone; nothing stores a choice;
- :class:`TimeUp`: the turn's clock ran out (the driver's pass found it due): the action the
  table takes for the player who did not act (:func:`auto_action`, which reads only the hand),
  the time bank spent, the slice's own command as a player's action is
  (:class:`~.hand_requests.Action`: one pure change, :func:`.runner_steps.acted`, made whole
  from the table as its turn comes), and nothing when the turn moved on or is not up yet;
- :class:`BotActs` and :class:`HostActs`: a bot's choice for its turn, or the table's action
  for a player leaving the table (the runner's pass found it due, :func:`.runner_due.due`): the
  action, no time bank drawn on, played the same way, and nothing when the turn moved on;
  each of these three followed by what is due next (:data:`ONWARD`);
- :class:`ShowdownTimeUp` and :class:`OfferTimeUp`: the showdown's muck clock, or the offer to
  run it twice's clock, ran out for a seat still to choose (the runner's pass found it due,
  :func:`.runner_due.due`: each seat still to choose, or the offer's first): the engine's
  choice with the table's default, or no, the slice's own command that a player's choice is
  too (:class:`~.hand_requests.Decide`, :class:`~.hand_requests.Answer`: one pure change,
  :func:`.runner_steps.decided`, made whole from the table as its turn comes);
- :class:`ClockAnswer` and :class:`ClockOpen`: as the showdown's clock or the offer's opens
  (the runner's pass found it due), a bot's or a leaving player's answer, stored with the
  clock in one change (:func:`.runner_steps.clock_answer`), then the clock itself for the
  seats still to answer, adopted with nothing stored, its frame the news
  (:func:`.runner_steps.clock_open`);
- :class:`RunOutStreet` and :class:`DealAgain`: the all-in run-out's next street, or the
  redeal, dealt (the runner's pass found its pause over), made whole from the table as its
  turn comes: its change whole, the pure :func:`.runner_steps.street` or
  :func:`.runner_steps.redealt` (a redeal's players' shuffle's round asked first, a change of
  its own), the outcome's effect; the actor folds the other slices'
  follow-ups (a hand's end's) into it and stores it once, then what is due next
  (:class:`~.runner_due.Onward`);
- :class:`DealHand`: the next hand dealt (the runner's pass found the default pick or the
  players' shuffle's round over, or the dealer picked the game), made whole from the table as
  its turn comes: the pure :func:`.runner_steps.deal` (:func:`.hand_start.start_hand`, the hand's
  end in the change when it is over at once), stored and adopted as a street is;
- the runner's own pass, its tick (:class:`~.runner_due.RunnerTick`, made from what it reads of the
  table as its turn comes, :meth:`.driver.Driver.tick`): what is due now as the slice's own
  commands, its follow-ups (a bot's choice the outcome's effect), and the ``wake`` when the next
  thing is due (:data:`~.runner_due.NEVER`: not until something changes, an equity bot's thread
  done, a private deal's clock or change); a pass that goes on from the state a step left is its
  tick again from what it read (:meth:`~.runner_due.RunnerTick.again`: the dealer's choice
  called off, a private deal with nothing to do), and what is due after a step is
  :class:`~.runner_due.Onward` (:func:`.runner_due.handle`); a write that fails stops the pass,
  the state kept, and the actor looks again after its backoff;
- :class:`~.core.CancelChoice`: the dealer's choice in progress is called off (the menu changed,
  the table was paused, resumed or ended, the dealer sat out or left): the dealer is asked
  again, from the new menu, once the table deals;
- :class:`~.core.ResetTurn`: the turn in progress is timed afresh from now (time the table
  stood still never counts against anyone; :func:`.runner.timed`, from what the command
  carries of the table), and so is a private deal's wait for an answer, the private slice's
  follow-up (:class:`~.core.Retime`), folded into the same change.

The last two are follow-ups of another slice's change (the settings', the seating's): nothing
is stored for them, and they are folded into that change, adopted only once it is stored; the
runner's tick hands on the others as its follow-ups, once its pure decision
(:func:`.runner_due.due`) finds them due.

>>> from wildstud.server.table.runner import Choosing
>>> state = RunnerState(2, 3, None, choosing=Choosing(2, (0, 1), 9.0))
>>> handle(state, CancelChoice(), 0.0).state.choosing is None
True
>>> handle(state.but(choosing=None), CancelChoice(), 0.0).state.choosing is None
True
>>> games = ({"index": 1, "game": "FTQ", "title": "Follow the Queen", "code": "FTQ",
...           "house_rules": {}},)
>>> asked = handle(state.but(choosing=None), AskDealer(3, (1,), games, 30.0), 100.0)
>>> asked.state.choosing, asked.news[1].frame["seconds"]
(Choosing(button=3, entries=(1,), deadline=130.0), 30.0)

With no hand in play, a turn's clock has nothing to act on:

>>> handle(state, TimeUp(None, 0), 0.0).state is state
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from wildstud.betting import ActionKind
from wildstud.server.frames import ChoosingFrame
from wildstud.server.table import hand_requests, runner_due, runner_steps
from wildstud.server.table.core import (
    CancelChoice,
    Command,
    Everyone,
    News,
    Outcome,
    ResetTurn,
    Retime,
    TableNews,
)
from wildstud.server.table.hand_requests import Action, Answer, Decide
from wildstud.server.table.runner import RUNNER, Choosing, RunnerState, timed
from wildstud.server.table.runner_commands import (
    AskDealer,
    BotActs,
    ClockAnswer,
    ClockOpen,
    DealAgain,
    DealHand,
    DealOpened,
    HostActs,
    MuckHand,
    OfferTimeUp,
    RunOutStreet,
    ShowdownTimeUp,
    ShowHand,
    TimeUp,
    VoidHand,
)

if TYPE_CHECKING:
    from wildstud.deal import Hand
    from wildstud.server.showdown import ShowdownChoice, TwiceOffer

__all__ = [
    "COMMANDS",
    "ONWARD",
    "AskDealer",
    "BotActs",
    "ClockAnswer",
    "ClockOpen",
    "DealAgain",
    "DealHand",
    "DealOpened",
    "HostActs",
    "MuckHand",
    "OfferTimeUp",
    "RunOutStreet",
    "ShowHand",
    "ShowdownTimeUp",
    "TimeUp",
    "VoidHand",
    "auto_action",
    "choosing_frame",
    "handle",
]


ONWARD = (runner_due.Onward(RUNNER),)
"""What follows the table's action for a seat (:class:`TimeUp`, :class:`HostActs`,
:class:`BotActs`), stored or found moot: what is due next, decided in the same pass from the
table as it left it (:class:`~.runner_due.Onward`)."""

COMMANDS: tuple[type[Command], ...] = (
    *hand_requests.COMMANDS,
    AskDealer,
    TimeUp,
    BotActs,
    HostActs,
    ShowdownTimeUp,
    OfferTimeUp,
    RunOutStreet,
    DealAgain,
    ClockAnswer,
    ClockOpen,
    DealHand,
    DealOpened,
    ShowHand,
    MuckHand,
    VoidHand,
    Decide,
    Answer,
    Action,
    CancelChoice,
    ResetTurn,
)
"""The commands the runner's slice takes."""


def choosing_frame(
    choosing: Choosing, games: Iterable[Mapping[str, Any]], now: float
) -> dict[str, Any]:
    """The choosing frame of ``choosing`` at ``now``: the dealer, the games that fit
    (``games``, its entries as the menu describes them) and the seconds left."""
    frame = {
        "dealer": choosing.button,
        "entries": list(games),
        "seconds": round(max(0.0, choosing.deadline - now), 3),
    }
    return ChoosingFrame.model_validate(frame).frame()


def handle(state: RunnerState, command: Command, now: float) -> Outcome[RunnerState]:
    """The outcome of ``command`` for the runner as ``state`` stands (see the module's
    description)."""
    # The runner's own pass first: the slice's most frequent command.
    if isinstance(command, runner_due.RunnerTick | runner_due.Onward):
        return runner_due.handle(state, command, now)
    if isinstance(command, hand_requests.Request):  # a player's: the next most frequent
        return hand_requests.handle(state, command, now)
    if isinstance(command, Action):  # a player's, or the table's for a seat
        return runner_steps.acted(state, command, now)
    if isinstance(command, CancelChoice):
        if state.choosing is None:  # a state left as it was is not adopted again
            return Outcome(state)
        # Everyone sees who chooses in the table frame (once a turn, whoever else tells it).
        return Outcome(state.but(choosing=None), news=(TableNews(),))
    if isinstance(command, AskDealer):
        choosing = Choosing(command.button, command.entries, now + command.seconds)
        news = (TableNews(), News(Everyone(), choosing_frame(choosing, command.games, now)))
        return Outcome(state.but(choosing=choosing), news=news, wake=choosing.deadline)
    if isinstance(command, ResetTurn):
        forgotten = state.but(turn=state.turn.forgotten())
        new = forgotten if command.at is None else timed(forgotten, command.at, now)
        return Outcome(new, follow=(Retime(),))
    if isinstance(command, TimeUp):
        return _timed_out(state, command, now)
    if isinstance(command, BotActs | HostActs):
        return _acted_for(state, command)
    if isinstance(command, ShowdownTimeUp):
        return _showdown_timed_out(state, command, now)
    if isinstance(command, OfferTimeUp):
        return _offer_timed_out(state, command, now)
    if isinstance(command, ClockAnswer):
        return runner_steps.clock_answer(state, command, now)
    if isinstance(command, ClockOpen):
        return runner_steps.clock_open(state, command, now)
    if isinstance(command, DealAgain):
        return runner_steps.redealt(state, command, now)
    if isinstance(command, DealHand):
        return runner_steps.deal(state, command, now)
    if isinstance(command, Decide | Answer):
        return runner_steps.decided(state, command, now)
    if isinstance(command, DealOpened):  # a private deal's follow-ups: what it comes to
        assert command.at is not None, "made whole from the table"
        return runner_steps.opened_dealt(state, command.at, now)
    if isinstance(command, ShowHand):
        return runner_steps.shown(state, command, now)
    if isinstance(command, MuckHand):
        return runner_steps.mucked(state, command, now)
    if isinstance(command, VoidHand):
        return runner_steps.voided(state, command, now)
    assert isinstance(command, RunOutStreet), command
    assert command.at is not None, "made whole from the table"
    return runner_steps.street(state, command.at, now)


def auto_action(hand: Hand) -> ActionKind:
    """What the table does for a player who does not act: check, else fold, else post the
    bring-in that is due (the one forced action that cannot be folded)."""
    kinds = {option.kind for option in hand.legal_actions()}
    for kind in (ActionKind.CHECK, ActionKind.FOLD, ActionKind.BRING_IN):
        if kind in kinds:
            return kind
    return ActionKind.CALL  # pragma: no cover - the engine always offers one of the above


def _timed_out(state: RunnerState, command: TimeUp, now: float) -> Outcome[RunnerState]:
    """The clock acts for ``command``'s seat, whose turn is up (its time bank spent); the
    state is the runner's to change once the action is stored (as a player's is). A turn that
    moved on, or is not up yet, leaves everything as it was."""
    live = state.live
    clock = state.turn.clock
    if live is None or live.hand.to_act != command.engine or clock is None:
        return Outcome(state, follow=ONWARD)
    if now < clock.deadline:
        return Outcome(state, follow=ONWARD)
    # The clock ran to its deadline: the time bank is spent (0.0, stored with the action).
    action = Action(command.seat, command.engine, auto_action(live.hand), None, None, 0.0, "clock")
    return Outcome(state, follow=(action, *ONWARD))


def _acted_for(state: RunnerState, command: BotActs | HostActs) -> Outcome[RunnerState]:
    """The table acts for ``command``'s seat, whose turn it is: the bot's choice, or the table's
    action for a player leaving (no clock runs for either: no time bank is stored); carried
    out as a player's action is, the state the runner's to change once it is stored. A turn
    that moved on leaves everything as it was."""
    live = state.live
    if live is None or live.hand.to_act != command.engine:
        return Outcome(state, follow=ONWARD)
    seat, engine = command.seat, command.engine
    if isinstance(command, HostActs):
        kind, amount, source = auto_action(live.hand), None, "host"
    else:
        kind, amount, source = command.kind, command.amount, "bot"
    action = Action(seat, engine, kind, amount, None, None, source)
    return Outcome(state, follow=(action, *ONWARD))


def _showdown_timed_out(
    state: RunnerState, command: ShowdownTimeUp, now: float
) -> Outcome[RunnerState]:
    """The clock chooses for ``command``'s seat at the showdown (the engine's choice, with the
    table's default: :class:`~.hand_requests.Decide`); nothing when the seat has chosen, or
    the clock is not up."""
    live = state.live
    waits = live is not None and command.engine in live.hand.to_show_or_muck
    if not waits or not _up(state, state.showdown, now):
        return Outcome(state)
    assert command.seat is not None, "made whole from the table"
    return Outcome(state, follow=(Decide(command.seat, command.engine, None, None, "clock"),))


def _offer_timed_out(state: RunnerState, command: OfferTimeUp, now: float) -> Outcome[RunnerState]:
    """The clock answers no to the offer to run it twice for ``command``'s seat; nothing when
    the seat has answered, or the clock is not up."""
    live = state.live
    waits = live is not None and command.engine in live.hand.to_agree_run_twice
    if not waits or not _up(state, state.offer, now):
        return Outcome(state)
    assert command.seat is not None, "made whole from the table"
    return Outcome(state, follow=(Answer(command.seat, command.engine, False, None, "clock"),))


def _up(state: RunnerState, clock: ShowdownChoice | TwiceOffer | None, now: float) -> bool:
    """Whether ``clock`` (the showdown's, the offer's) times the hand in play, and is up."""
    live = state.live
    return (
        live is not None
        and clock is not None
        and clock.number == live.number
        and now >= clock.deadline
    )
