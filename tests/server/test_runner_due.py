"""What the hand runner has to do now, as a pure function (:func:`wildstud.server.table.runner_due
.due`) of its state, of what its pass reads of the table (:class:`~wildstud.server.table
.runner_due.AtTick`) and of the time: no table, no store, no event loop. A case for each branch
of the pass: in a hand (a private deal's step, a redeal, the offer to run it twice, an all-in
run-out, the showdown, a seat to act) and between hands (nobody there, the night over, a
shuffle's round, a dealer's choice, the pause, a tournament's break, the next step)."""

from __future__ import annotations

from dataclasses import replace

from tests.deal.helpers import heads_up
from tests.server.helpers import HAND_SETUP as SETUP
from tests.server.helpers import TWICE_SETUP, at_the_offer, player_at, queen_called
from wildstud.betting import ActionKind
from wildstud.server.clock import Turn
from wildstud.server.menu import Menu
from wildstud.server.replay import DeckBook, start_hand
from wildstud.server.showdown import ShowdownChoice, TwiceOffer
from wildstud.server.store import HandSetup
from wildstud.server.table.button import Ask, DealDefault, Seats, Sitter
from wildstud.server.table.core import CancelChoice, TableNews
from wildstud.server.table.endgame import dealer_steps
from wildstud.server.table.hand_requests import Action
from wildstud.server.table.live import LiveHand
from wildstud.server.table.private_answers import NAME as PRIVATE
from wildstud.server.table.private_progress import DealTick
from wildstud.server.table.runner import RUNNER, Choosing, RunnerState
from wildstud.server.table.runner_due import (
    NEVER,
    STILL,
    Act,
    AtTick,
    BotChoice,
    CallOff,
    Mover,
    OfferClock,
    OnBreak,
    Onward,
    OpenOffer,
    OpenShowdown,
    PrivateStep,
    Redeal,
    RunnerTick,
    RunOut,
    ShowdownClock,
    Shuffled,
    Wait,
    due,
    handle,
)
from wildstud.server.table.runner_slice import (
    AskDealer,
    BotActs,
    ClockAnswer,
    ClockOpen,
    DealAgain,
    DealHand,
    HostActs,
    OfferTimeUp,
    RunOutStreet,
    ShowdownTimeUp,
    TimeUp,
)
from wildstud.server.table.runner_slice import handle as slice_handle


def _timed(live: LiveHand, bank: float | None = 30.0) -> RunnerState:
    """The runner in hand ``live``, its turn timed from 100.0: a player's clock of 20 s and a
    30 s time bank (up at 150.0), a bot's delay of 1 s, a redeal's pause of 3 s."""
    key = (live.number, len(live.hand.events))
    turn = Turn().start(key, bank, now=100.0, action=20.0, bot_delay=1.0, redeal_pause=3.0)
    return RunnerState(1, live.number, 0, live=live, turn=turn)


# -- a seat to act ------------------------------------------------------------------------------


def _first_turn() -> tuple[RunnerState, int, int]:
    """Hand 7 at its first turn: the runner's state, the seat to act in the hand and at the
    table."""
    hand = start_hand(SETUP, DeckBook())
    engine = hand.to_act
    assert engine is not None
    return _timed(LiveHand(SETUP, DeckBook(), hand, 0)), engine, SETUP.lineup[engine]


def test_a_player_s_turn_waits_for_the_clock_then_the_clock_acts() -> None:
    state, engine, index = _first_turn()
    at = AtTick(mover=Mover(index))
    assert due(state, at, 149.9) == Wait(150.0)  # the clock, then the time bank
    assert due(state, at, 150.0) == Act(index, engine, "clock")
    # Nobody there to watch changes nothing for a player: the clock runs.
    assert due(state, AtTick(idle=True, mover=Mover(index)), 150.0) == Act(index, engine, "clock")


def test_a_leaving_player_is_acted_for_at_once_by_the_host() -> None:
    state, engine, index = _first_turn()
    at = AtTick(mover=Mover(index, leaving=True, bot=True))  # leaving comes first
    assert due(state, at, 100.0) == Act(index, engine, "host")


def test_a_bot_acts_after_its_delay_and_only_while_someone_watches() -> None:
    state, engine, index = _first_turn()
    for mover in (Mover(index, bot=True), Mover(index, bot=True, equity=True)):
        assert due(state, AtTick(mover=mover), 100.5) == Wait(101.0)
        assert due(state, AtTick(mover=mover), 101.0) == Act(index, engine, "bot")
        assert due(state, AtTick(idle=True, mover=mover), 101.0) == Wait(None)


# -- a private deal, a redeal ---------------------------------------------------------------------


def test_a_redeal_waits_its_pause_then_deals_the_next_deal() -> None:
    live = queen_called()
    state = _timed(live, bank=None)
    assert live.hand.deal_number == 1
    assert due(state, AtTick(), 102.9) == Wait(103.0)
    assert due(state, AtTick(), 103.0) == Redeal(2)
    # Its players' shuffle's round going on: nothing until its end wakes the runner.
    assert due(state, AtTick(redeal_waits=True), 103.0) == Wait(None)


def test_a_private_deal_s_own_step_comes_first_while_the_dealer_deals() -> None:
    state = _timed(queen_called(), bank=None)
    assert due(state, AtTick(private=True), 100.0) == PrivateStep()
    # At a player's turn the deal has no step: the rest is the runner's.
    turn, _, index = _first_turn()
    assert due(turn, AtTick(private=True, mover=Mover(index)), 100.0) == Wait(150.0)


# -- the offer to run it twice, the run-out, the showdown ----------------------------------------


def test_the_offer_to_run_it_twice_opens_then_waits_for_its_clock() -> None:
    hand = at_the_offer()
    state = RunnerState(1, 1, 0, live=LiveHand(TWICE_SETUP, DeckBook(), hand, 2))
    assert due(state, AtTick(), 10.0) == OpenOffer()
    # Opened by the slice's own commands: the answer of each seat whose player is a bot or
    # leaves (made whole from the table, Driver.made), then the clock, which says what follows.
    first, second = hand.to_agree_run_twice
    opening = handle(state, RunnerTick(RUNNER, AtTick(answering=frozenset({second}))), 10.0)
    assert opening.follow == (ClockAnswer(second, False), ClockOpen(False))
    assert opening.effect is None
    players = handle(state, RunnerTick(RUNNER, AtTick()), 10.0)  # nobody answers at once
    assert players.follow == (ClockOpen(False),)
    assert due(state.but(offer=TwiceOffer(0, 60.0)), AtTick(), 10.0) == OpenOffer()  # stale
    offered = state.but(offer=TwiceOffer(1, 60.0))
    assert due(offered, AtTick(), 59.0) == Wait(60.0)
    assert due(offered, AtTick(), 60.0) == OfferClock()
    # Run out: the clock's no for the first seat still to answer, the slice's own command
    # (its seat made whole from the table, Driver.made), then what is due next.
    ran_out = handle(offered, RunnerTick(RUNNER, AtTick()), 60.0)
    assert (ran_out.effect, ran_out.wake) == (None, None)
    first = hand.to_agree_run_twice[0]
    assert ran_out.follow == (OfferTimeUp(None, first), Onward(RUNNER))


RUN_OUT = HandSetup(1, 0, "FTQ", {"all_in_turn_up": True}, (0, 1), ("ann", "bo"), 0, (5, 5))


def test_an_all_in_run_out_deals_its_next_street_once_its_pause_is_over() -> None:
    book = DeckBook()
    live = LiveHand(RUN_OUT, book, start_hand(RUN_OUT, book, to_redeal=True, hold_showdown=True), 0)
    hand = live.hand.copy()
    while hand.to_act is not None:  # both all in at once, their hands turned up
        kinds = {option.kind for option in hand.legal_actions()}
        order = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE, ActionKind.CALL)
        hand.act(next(kind for kind in (*order, ActionKind.BRING_IN) if kind in kinds))
    paused = dealer_steps(live, hand, 2.0, 100.0).played(hand, 0)
    assert paused.hand.run_out_street is not None
    state = RunnerState(1, 1, 0, live=paused)
    assert due(state, AtTick(), 101.9) == Wait(102.0)
    assert due(state, AtTick(), 102.0) == RunOut()
    # Handed on as the slice's own command, one change, then what is due next.
    street = handle(state, RunnerTick(RUNNER, AtTick()), 102.0)
    assert (street.effect, street.wake) == (None, None)
    assert street.follow == (RunOutStreet(), Onward(RUNNER))


HEADS_UP = HandSetup(1, 0, "FTQ", {}, (0, 1), ("p1", "p2"), 0, (50, 50))


def test_the_showdown_opens_then_waits_for_its_muck_clock() -> None:
    hand = heads_up()  # p1's aces lose to p2's nines: p1 is asked to show or muck
    state = RunnerState(1, 1, 0, live=LiveHand(HEADS_UP, DeckBook(), hand, 12))
    assert due(state, AtTick(), 10.0) == OpenShowdown()
    bots = AtTick(answering=frozenset(range(len(HEADS_UP.lineup))))
    opening = handle(state, RunnerTick(RUNNER, bots), 10.0)
    answers = tuple(ClockAnswer(engine, True) for engine in hand.to_show_or_muck)
    assert opening.follow == (*answers, ClockOpen(True))
    stale = state.but(showdown=ShowdownChoice(0, 200.0))  # another hand's: a restarted server's
    assert due(stale, AtTick(), 10.0) == OpenShowdown()
    opened = state.but(showdown=ShowdownChoice(1, 200.0))
    assert due(opened, AtTick(), 199.0) == Wait(200.0)
    assert due(opened, AtTick(), 200.0) == ShowdownClock()
    # Run out: the clock chooses for each seat still to choose, then what is due next.
    ran_out = handle(opened, RunnerTick(RUNNER, AtTick()), 200.0)
    assert (ran_out.effect, ran_out.wake) == (None, None)
    choosing = tuple(ShowdownTimeUp(None, engine) for engine in hand.to_show_or_muck)
    assert choosing
    assert ran_out.follow == (*choosing, Onward(RUNNER))


# -- between hands ------------------------------------------------------------------------------

MENU = Menu.build([{"game": "FTQ"}, {"game": "SMBU"}], {})
SEATS = Seats((Sitter(0, "a"), Sitter(2, "b")))
BETWEEN = RunnerState(None, 3, 0, next_hand_at=50.0)


AT = AtTick(seats=SEATS, menu=MENU)
"""Two seats dealt in, a menu of two games."""

AWAY = replace(AT, seats=Seats((Sitter(0, "a", asked=False), Sitter(2, "b"))))
"""The same, the button's player with no page open: the default pick is dealt."""


def test_no_hand_starts_with_nobody_there_once_the_night_is_over_or_while_a_round_goes_on() -> None:
    for at in (replace(AT, idle=True), replace(AT, ended=True), replace(AT, round_open=True)):
        assert due(BETWEEN, at, 60.0) == Wait(None)


def test_a_shuffled_round_over_is_dealt_first() -> None:
    shuffled = Shuffled(1, 2)
    assert due(BETWEEN, replace(AT, shuffled=shuffled), 0.0) is shuffled


def test_a_dealer_s_choice_waits_for_its_deadline_then_deals_the_default() -> None:
    choosing = BETWEEN.but(choosing=Choosing(2, (0, 1), 80.0))
    assert due(choosing, AT, 79.0) == Wait(80.0)
    assert due(choosing, AT, 80.0) == DealDefault()
    # Its chooser is no longer dealt in: the choice is called off, whatever the time.
    gone = BETWEEN.but(choosing=Choosing(5, (0, 1), 80.0))
    assert due(gone, AT, 10.0) == CallOff()


def test_the_pause_between_hands_then_a_tournament_s_break_then_the_next_step() -> None:
    assert due(BETWEEN, AT, 49.0) == Wait(50.0)
    # Read during the pause, the seats were not (at_tick): its end, at once if it is over.
    assert due(BETWEEN, AtTick(), 49.0) == Wait(50.0)
    assert due(BETWEEN, AtTick(), 51.0) == Wait(50.0)
    assert due(BETWEEN, replace(AT, on_break=(30.0, 4)), 50.0) == OnBreak(80.0, 4)
    assert due(BETWEEN, replace(AT, on_break=(0.0, 4)), 50.0) == OnBreak(50.05, 4)
    # The break is the pass's own outcome: every page is sent the table frame the first time
    # (the runner's state keeps which break it showed), nothing stored, the next look at its end.
    found = handle(BETWEEN, RunnerTick(RUNNER, replace(AT, on_break=(30.0, 4))), 50.0)
    assert (found.state.break_shown, found.news, found.effect, found.wake) == (
        4,
        (TableNews(),),
        None,
        80.0,
    )
    again = handle(found.state, RunnerTick(RUNNER, replace(AT, on_break=(20.0, 4))), 60.0)
    assert (again.state, again.news, again.wake) == (found.state, (), 80.0)
    later = handle(found.state, RunnerTick(RUNNER, replace(AT, on_break=(60.0, 9))), 900.0)
    assert (later.state.break_shown, later.news) == (9, (TableNews(),))  # the next break's
    assert due(BETWEEN, AT, 50.0) == Ask(0, (0, 1))
    away = Seats((Sitter(0, "a", asked=False), Sitter(2, "b")))  # no page open: no asking
    assert due(BETWEEN, replace(AT, seats=away), 50.0) == DealDefault()
    alone = Seats((Sitter(0, "a"), Sitter(2, "b", dealt_in=False)))
    assert due(BETWEEN, replace(AT, seats=alone), 50.0) == Wait(None)


# -- the runner's tick: the step due as the outcome's effect, the next one as its wake ------------


def test_the_runner_s_tick_times_its_next_look_or_carries_the_step_out_then_looks_again() -> None:
    state, _, index = _first_turn()
    at = AtTick(mover=Mover(index))
    waiting = handle(state, RunnerTick(RUNNER, at), 120.0)
    # Nothing due: no effect, the state as it was, the slice's timer set for the clock.
    assert (waiting.state, waiting.effect, waiting.wake) == (state, None, 150.0)
    state, at = BETWEEN, AWAY  # the default pick: the slice's own command, one change
    dealing = handle(state, RunnerTick(RUNNER, at), 50.0)
    assert dealing.state is state  # changed by the deal's own change, once it is stored
    assert (dealing.effect, dealing.wake) == (None, None)
    assert dealing.follow == (DealHand(), Onward(RUNNER))  # then what is due next
    # A round of the players' shuffle over: the hand dealt from it, a round no hand is dealt
    # from forgotten.
    shuffled = handle(state, RunnerTick(RUNNER, replace(at, shuffled=Shuffled(1, 2))), 50.0)
    assert shuffled.follow == (DealHand(1, None, 2, shuffled=True), Onward(RUNNER))
    # The pass waiting on something outside it (an equity bot's thread) looks again only once
    # that wakes it.
    assert slice_handle(state, STILL, 51.0).wake == NEVER
    # A redeal is the slice's own command, one change, then what is due next.
    redeal = handle(_timed(queen_called(), bank=None), RunnerTick(RUNNER, AtTick()), 150.0)
    assert (redeal.effect, redeal.follow) == (None, (DealAgain(2), Onward(RUNNER)))
    # Nobody there to watch and no hand: no timer at all.
    assert handle(BETWEEN, RunnerTick(RUNNER, replace(AT, idle=True)), 0.0).wake == NEVER


def test_a_table_that_plays_no_hand_now_gets_a_tick_that_changes_nothing_and_wakes_never() -> None:
    state, _, _ = _first_turn()
    # Made by the driver for a table stopped, paused or broken (Driver.tick): no snapshot.
    idle = handle(state, RunnerTick(RUNNER), 150.0)  # the clock is up, but nothing plays
    assert idle.state is state
    assert (idle.effect, idle.news, idle.follow, idle.wake) == (None, (), (), NEVER)


def test_a_step_that_lets_the_pass_go_on_is_followed_by_the_rest_decided_again() -> None:
    state = _timed(queen_called(), bank=None)
    at = AtTick(private=True)
    first = handle(state, RunnerTick(RUNNER, at), 103.0)
    # The runner waits on the deal: its clock, or its change adopted, wakes the table.
    assert (first.effect, first.wake) == (None, NEVER)
    # The private deal's step first: its tick, the private slice's, made whole from the table
    # as its turn comes (PrivateDeal.made), with how the pass goes on as the deal replies.
    (asked,) = first.follow
    assert isinstance(asked, DealTick)
    went_on = RunnerTick(RUNNER, replace(at, private=False))  # the pass's tick, the deal done
    assert asked == DealTick(PRIVATE, idle=went_on, moved=Onward(RUNNER))
    assert due(state, at, 103.0) == PrivateStep()
    # The private deal had nothing to do: the redeal is decided, without asking the deal again.
    assert asked.idle is not None
    again = slice_handle(state, asked.idle, 200.0)
    assert (again.effect, again.follow) == (None, (DealAgain(2), Onward(RUNNER)))


def test_after_a_step_what_is_due_next_is_decided_in_the_same_pass_from_the_table_read_again() -> (
    None
):
    state, engine, index = _first_turn()
    at = AtTick(mover=Mover(index))
    # The step (a deal, an action) left a player to act: the runner's timer is set for the
    # clock, without a tick of its own.
    waiting = slice_handle(state, Onward(RUNNER, at, 120.0), 121.0)
    assert (waiting.state, waiting.effect, waiting.wake) == (state, None, 150.0)
    # It left something due at once (a bot's turn): carried out in a tick of its own, behind
    # the inbox (a hand of bots without a delay keeps no player's command waiting).
    bot = AtTick(mover=Mover(index, bot=True))
    acting = slice_handle(state, Onward(RUNNER, bot, 120.0), 121.0)
    assert (acting.state, acting.effect, acting.wake) == (state, None, 120.0)  # passed: at once
    assert due(state, bot, 120.0) == Act(index, engine, "bot")


def test_the_table_s_action_for_a_seat_is_the_slice_s_own_command_then_what_is_due_next() -> None:
    state, engine, index = _first_turn()
    seat = player_at(index)
    for mover, acts in (
        (Mover(index, seat=seat), TimeUp(seat, engine)),  # the clock ran out (at 150.0)
        (Mover(index, leaving=True, seat=seat), HostActs(seat, engine)),
    ):
        outcome = handle(state, RunnerTick(RUNNER, AtTick(mover=mover)), 150.0)
        # No step of today's code: the command, then the table read as it left it.
        assert (outcome.state, outcome.effect, outcome.wake) == (state, None, None)
        assert outcome.follow == (acts,)
        assert outcome.follow[0].seat is seat
        assert slice_handle(state, acts, 150.0).follow[-1:] == (Onward(RUNNER),)
    # The follow-up, made whole from the table as its turn comes (Driver.made), decides; one
    # not made whole, or made at a table that plays no hand now, wakes never.
    at = AtTick(mover=Mover(index))
    assert slice_handle(state, Onward(RUNNER, at, 120.0), 121.0).wake == 150.0
    assert slice_handle(state, Onward(RUNNER), 121.0).wake == NEVER
    assert slice_handle(state, Onward(RUNNER, None, 120.0), 121.0).wake == NEVER


def test_a_bot_s_choice_is_the_actor_s_effect_its_action_the_slice_s_command() -> None:
    state, engine, index = _first_turn()
    seat = player_at(index)  # a bot's seat, as far as the pure decision goes
    for equity in (False, True):
        at = AtTick(mover=Mover(index, bot=True, equity=equity, seat=seat))
        acting = handle(state, RunnerTick(RUNNER, at), 150.0)
        assert (acting.state, acting.follow, acting.wake) == (state, (), None)
        assert acting.effect is not None
        assert acting.effect.request == BotChoice(seat, engine, equity)
        then = acting.effect.then
        assert then is not None
        # Its choice made: the slice's command, carried out as a player's action is, then
        # what is due next; an equity bot still thinking: nothing until its thread's end.
        chose = BotActs(seat, engine, ActionKind.CALL, None)
        assert then(chose) is chose
        assert slice_handle(state, then(None), 151.0).wake == NEVER
        played = slice_handle(state, chose, 151.0)
        assert played.effect is None
        action = Action(seat, engine, ActionKind.CALL, None, None, None, "bot")
        assert played.follow == (action, Onward(RUNNER))
    # A turn that moved on: nothing to play, what is due next all the same.
    moved = slice_handle(state, BotActs(seat, engine + 1, ActionKind.CALL, None), 151.0)
    assert (moved.effect, moved.follow) == (None, (Onward(RUNNER),))


def test_a_choice_called_off_and_the_dealer_asked_are_the_slice_s_own_commands() -> None:
    gone = BETWEEN.but(choosing=Choosing(5, (0, 1), 80.0))  # its chooser is not dealt in
    at = replace(AT, choice_clock=30.0)
    called = handle(gone, RunnerTick(RUNNER, at), 60.0)
    assert (called.effect, called.wake) == (None, None)
    assert called.follow == (CancelChoice(), RunnerTick(RUNNER, at))  # the pass goes on
    # The pass goes on from the state the choice called off left: the next dealer is asked,
    # with the menu's games and the table's clock read with the seats.
    off = slice_handle(gone, CancelChoice(), 60.0).state
    asked = slice_handle(off, called.follow[1], 60.0)
    games = tuple(MENU.items[index].describe() for index in (0, 1))
    assert asked.follow == (AskDealer(0, (0, 1), games, 30.0),)
    # The choice's deadline is the slice's next look.
    chosen = slice_handle(off, asked.follow[0], 61.0)
    assert chosen.state.choosing == Choosing(0, (0, 1), 91.0)
    assert chosen.wake == 91.0
