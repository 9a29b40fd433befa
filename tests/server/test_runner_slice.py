"""The hand runner's slice of the table's pure core (:mod:`wildstud.server.table.runner_slice`):
the follow-ups other slices ask of it (a dealer's choice called off, a turn timed afresh) and
a turn's clock run out, from the runner's state as stored, with no store and no event loop;
and at a table, the follow-ups folded into the change that asks them, adopted only once it is
stored."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from tests.deal.helpers import heads_up
from tests.server.helpers import HAND_SETUP as SETUP
from tests.server.helpers import TWICE_SETUP, Player, at_the_offer, player_at
from wildstud.betting import ActionKind
from wildstud.deal import Hand
from wildstud.server.clock import Turn, TurnClock
from wildstud.server.lobby import Lobby
from wildstud.server.replay import DeckBook, start_hand
from wildstud.server.schemas import GameEntry, RulesUpdate, TableSettings
from wildstud.server.showdown import ShowdownChoice, TwiceOffer
from wildstud.server.store import HandSetup, Store
from wildstud.server.table import TableStatus
from wildstud.server.table.core import (
    CancelChoice,
    Everyone,
    News,
    ResetTurn,
    Retime,
    TableNews,
)
from wildstud.server.table.hand_requests import COMMANDS as REQUESTS
from wildstud.server.table.hand_requests import Action, Answer, Decide
from wildstud.server.table.live import LiveHand
from wildstud.server.table.runner import RUNNER, AtTurn, Choosing, RunnerState
from wildstud.server.table.runner_slice import (
    COMMANDS,
    ONWARD,
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
    auto_action,
    handle,
)

TIMED = Turn().start((4, 17), 30.0, now=100.0, action=20.0, bot_delay=1.0, redeal_pause=3.0)
STATE = RunnerState(1, 3, 0, choosing=Choosing(2, (0, 2), 99.0), turn=TIMED)
SETTINGS = TableSettings(name="t", games=[GameEntry(game="FTQ")], action_clock=20, bot_delay=1)


def test_the_slice_takes_the_players_requests_and_the_other_slices_follow_ups() -> None:
    assert set(COMMANDS) == {
        *REQUESTS,
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
    }


def test_a_choice_called_off_is_a_new_state_with_nothing_stored_and_the_table_told() -> None:
    outcome = handle(STATE, CancelChoice(), 5.0)
    assert outcome.state == STATE.but(choosing=None)
    assert STATE.choosing is not None  # the old value is left as it was
    assert (outcome.effect, outcome.news, outcome.reply, outcome.wake, outcome.follow) == (
        None,
        (TableNews(),),
        None,
        None,
        (),
    )


GAMES = (
    {"index": 0, "game": "FTQ", "title": "Follow the Queen", "code": "FTQ", "house_rules": {}},
    {
        "index": 2,
        "game": "BD7",
        "title": "Baby Daddy",
        "code": "BD7",
        "house_rules": {"run_twice": True},
    },
)


def test_the_dealer_asked_is_a_choice_with_its_deadline_and_its_frame_to_everyone() -> None:
    idle = STATE.but(choosing=None)
    outcome = handle(idle, AskDealer(4, (0, 2), GAMES, 30.0), 1000.0)
    assert outcome.state == idle.but(choosing=Choosing(4, (0, 2), 1030.0))
    assert outcome.effect is None  # nothing stores a choice
    table, choosing = outcome.news
    assert table == TableNews()
    assert isinstance(choosing, News)
    assert choosing.audience == Everyone()
    assert choosing.frame == {
        "type": "choosing",
        "dealer": 4,
        "entries": [dict(game) for game in GAMES],
        "seconds": 30.0,
    }


def test_no_choice_in_progress_leaves_the_state_as_it_was_so_nothing_is_adopted() -> None:
    idle = STATE.but(choosing=None)
    assert handle(idle, CancelChoice(), 5.0).state is idle


def test_a_reset_turn_is_timed_afresh_and_a_private_deal_s_wait_follows() -> None:
    hand = start_hand(SETUP, DeckBook())
    assert hand.to_act is not None
    state = _clocked(hand)
    index = SETUP.lineup[hand.to_act]
    row = player_at(index).state()
    at = AtTurn({index: replace(row, time_bank=12.0)}, frozenset(), SETTINGS)
    outcome = handle(state, ResetTurn(at), 500.0)
    # The same turn starts a fresh clock at once, with the time bank as the row has it: the
    # time the table stood still is not counted against the player.
    assert outcome.state.turn.key == state.turn.key
    assert outcome.state.turn.clock == TurnClock(20.0, 12.0, 500.0)
    assert outcome.state.live is state.live
    assert outcome.effect is None
    assert outcome.news == ()
    assert outcome.follow == (Retime(),)  # its clock's length made whole from the table
    # Not made whole from a table (a test's, a slice's own), the turn is only forgotten.
    assert handle(STATE, ResetTurn(), 500.0).state.turn == TIMED.forgotten()
    assert handle(STATE, ResetTurn(), 500.0).state.choosing == STATE.choosing  # nothing else


def _clocked(hand: Hand) -> RunnerState:
    """The runner in hand 7 as ``hand`` stands, its turn timed from 100.0 (20 s, then a
    30 s time bank: up at 150.0)."""
    key = (SETUP.number, len(hand.events))
    turn = Turn().start(key, 30.0, now=100.0, action=20.0, bot_delay=1.0, redeal_pause=3.0)
    return RunnerState(1, 3, 0, live=LiveHand(SETUP, DeckBook(), hand, 0), turn=turn)


def test_a_turn_s_clock_run_out_is_the_table_s_action_for_its_player_the_bank_spent() -> None:
    hand = start_hand(SETUP, DeckBook())
    assert hand.to_act is not None
    state = _clocked(hand)
    seat = player_at(SETUP.lineup[hand.to_act])
    events = len(hand.events)
    outcome = handle(state, TimeUp(seat, hand.to_act), 150.0)
    # The bring-in is due: the one forced action a player who does not act cannot fold.
    assert auto_action(hand) is ActionKind.BRING_IN
    expected = Action(seat, hand.to_act, ActionKind.BRING_IN, None, None, 0.0, "clock")
    # The slice's own command, one change (runner_steps.acted), then what is due next, from
    # the table as it left it; the runner's state is changed once it is stored.
    assert outcome.follow == (expected, *ONWARD)
    assert outcome.state is state
    assert (outcome.effect, outcome.news, outcome.reply, outcome.wake) == (None, (), None, None)
    assert len(hand.events) == events  # the hand is only read
    # Past the bring-in, a player facing no bet checks.
    hand.act(ActionKind.BRING_IN)
    hand.run()
    while ActionKind.CHECK not in {option.kind for option in hand.legal_actions()}:
        assert ActionKind.FOLD in {option.kind for option in hand.legal_actions()}
        assert auto_action(hand) is ActionKind.FOLD
        hand.act(ActionKind.CALL)
        hand.run()
    assert auto_action(hand) is ActionKind.CHECK


def test_a_clock_not_up_or_a_turn_moved_on_leaves_everything_as_it_was() -> None:
    hand = start_hand(SETUP, DeckBook())
    assert hand.to_act is not None
    state = _clocked(hand)
    seat = player_at(SETUP.lineup[hand.to_act])
    other = (hand.to_act + 1) % len(SETUP.lineup)
    for stale, now in (
        (TimeUp(seat, hand.to_act), 149.9),  # the time bank is not spent yet
        (TimeUp(player_at(SETUP.lineup[other]), other), 150.0),  # not that seat's turn
    ):
        outcome = handle(state, stale, now)
        assert outcome.state is state
        assert (outcome.effect, outcome.news, outcome.reply) == (None, (), None)
        assert outcome.follow == ONWARD
    between = state.but(live=None, turn=Turn())  # no hand, no clock
    assert handle(between, TimeUp(seat, hand.to_act), 500.0).follow == ONWARD


def test_a_bot_s_choice_and_a_leaving_player_s_turn_are_actions_nobody_asked_for() -> None:
    hand = start_hand(SETUP, DeckBook())
    assert hand.to_act is not None
    state = _clocked(hand)
    seat = player_at(SETUP.lineup[hand.to_act])
    bot = handle(state, BotActs(seat, hand.to_act, ActionKind.BRING_IN, None), 100.0)
    # No request's number, no time bank drawn on (no clock runs for either).
    assert bot.follow[0] == Action(seat, hand.to_act, ActionKind.BRING_IN, None, None, None, "bot")
    host = handle(state, HostActs(seat, hand.to_act), 100.0)
    # The table's action for a player who does not act: the bring-in due.
    assert host.follow[0] == Action(
        seat, hand.to_act, ActionKind.BRING_IN, None, None, None, "host"
    )
    for outcome in (bot, host):  # changed by the action's change, once it is stored
        assert outcome.state is state
        assert (outcome.effect, outcome.news, outcome.reply, outcome.wake) == (None, (), None, None)
        assert outcome.follow[1:] == ONWARD
    other = (hand.to_act + 1) % len(SETUP.lineup)  # a turn that moved on: nothing
    assert handle(state, HostActs(player_at(SETUP.lineup[other]), other), 0.0).follow == ONWARD
    assert handle(state.but(live=None), HostActs(seat, hand.to_act), 0.0).follow == ONWARD


HEADS_UP = HandSetup(1, 0, "FTQ", {}, (0, 1), ("p1", "p2"), 0, (50, 50))


def test_the_showdown_s_clock_run_out_is_the_engine_s_choice_for_a_seat_still_to_choose() -> None:
    hand = heads_up()  # p1's aces lose to p2's nines: p1 is asked to show or muck
    assert hand.to_show_or_muck == (0,)
    live = LiveHand(HEADS_UP, DeckBook(), hand, 12)
    state = RunnerState(1, 1, 0, live=live, showdown=ShowdownChoice(1, 200.0))
    seat = player_at(0)
    outcome = handle(state, ShowdownTimeUp(seat, 0), 200.0)
    # The engine's choice with the table's default (show=None), nobody's request, the clock's:
    # the slice's own command, one change (runner_steps.decided).
    assert outcome.follow == (Decide(seat, 0, None, None, "clock"),)
    assert outcome.state is state
    assert (outcome.effect, outcome.news, outcome.reply) == (None, (), None)
    for stale, at in (
        (state, 199.0),  # not up yet
        (state.but(showdown=ShowdownChoice(0, 100.0)), 200.0),  # another hand's showdown
        (state.but(showdown=None), 200.0),
    ):
        assert handle(stale, ShowdownTimeUp(seat, 0), at).follow == ()
    winner = player_at(1)  # p2, whose hand is shown: not asked
    assert handle(state, ShowdownTimeUp(winner, 1), 200.0).follow == ()


def test_the_offer_s_clock_run_out_is_a_no_for_a_seat_still_to_answer() -> None:
    hand = at_the_offer()
    live = LiveHand(TWICE_SETUP, DeckBook(), hand, 2)
    state = RunnerState(1, 1, 0, live=live, offer=TwiceOffer(1, 60.0))
    seat = player_at(0)
    outcome = handle(state, OfferTimeUp(seat, 0), 60.0)
    assert outcome.follow == (Answer(seat, 0, False, None, "clock"),)
    assert outcome.state is state
    assert (outcome.effect, outcome.news, outcome.reply) == (None, (), None)
    assert handle(state, OfferTimeUp(seat, 0), 59.0).follow == ()  # not up yet
    assert handle(state.but(offer=None), OfferTimeUp(seat, 0), 60.0).follow == ()
    hand.agree_run_twice(0, True)  # seat 0 answered: only seat 1 is asked still
    assert handle(state, OfferTimeUp(seat, 0), 60.0).follow == ()
    assert handle(state, OfferTimeUp(player_at(1), 1), 60.0).follow != ()


async def _at_a_dealers_choice_table() -> None:
    store = Store("sqlite://")
    lobby = Lobby(store)
    await lobby.open()
    settings = TableSettings(
        name="t", games=[GameEntry(game="FTQ"), GameEntry(game="SMBU")], choice_clock=3600
    )
    table, _ = await lobby.create(settings)
    for name in ("ann", "bob"):
        seat, _token = await table.join(name, None)
        await table.attach(Player(seat.index))
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(10):
        while table.driver.choosing is None:
            await asyncio.sleep(0.01)
    assert table.actor.state(RUNNER) is table.driver.state
    # The settings' change asks the runner to call the choice off: adopted once stored (the
    # driver asks the dealer again, from the new menu, at its next tick).
    asked = table.driver.choosing
    await table.update_rules(RulesUpdate(bot_delay=0.5))
    assert table.driver.choosing is not asked
    await table.set_status(TableStatus.PAUSED)
    assert table.driver.choosing is None
    await lobby.close()
    store.close()


def test_at_a_table_the_follow_ups_are_adopted_once_their_change_is_stored() -> None:
    asyncio.run(_at_a_dealers_choice_table())
