"""The hand runner's own steps as pure outcomes (:mod:`wildstud.server.table.runner_steps`):
a hand dealt, a run-out's street and a redeal dealt, a bot's answer as a clock opens, each
change whole (the decks it draws, the hand's end when it ends the hand, the turn it leaves
timed), from the runner's state and what it reads of the table, with no table, store or event
loop; a redeal's players' shuffle's round asked first, a round no hand is dealt from forgotten;
the clock opened with nothing stored; and nothing when no such step is due."""

from __future__ import annotations

from dataclasses import replace

from tests.deal.helpers import heads_up
from tests.server.helpers import TWICE_SETUP, at_the_offer, player_at, queen_called
from wildstud.betting import ActionKind
from wildstud.deal import Hand, Phase
from wildstud.server.clock import Turn
from wildstud.server.menu import Menu
from wildstud.server.replay import MUCK, RUN_ONCE, SHOW, DeckBook, start_hand
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.showdown import ShowdownChoice, TwiceOffer
from wildstud.server.store import Changes, HandSetup, SeatState, TableState
from wildstud.server.table.button import Seats, Sitter
from wildstud.server.table.core import Everyone, HandPlayed, News, TableNews
from wildstud.server.table.hand_end import AtHandEnd
from wildstud.server.table.hand_play import AtPlay, dealer_steps
from wildstud.server.table.hand_requests import Action, Answer, Decide
from wildstud.server.table.hand_start import AtDeal
from wildstud.server.table.live import LiveHand
from wildstud.server.table.runner import RUNNER, AtTurn, Choosing, RunnerState
from wildstud.server.table.runner_commands import (
    ClockAnswer,
    ClockOpen,
    DealAgain,
    DealHand,
    RunOutStreet,
)
from wildstud.server.table.runner_due import Onward
from wildstud.server.table.runner_slice import handle
from wildstud.server.table.runner_steps import AtStep, street
from wildstud.server.table.seating import HandOver
from wildstud.server.table.shuffle_requests import DropRound, Open

ALL_IN = HandSetup(2, 0, "FTQ", {"all_in_turn_up": True}, (0, 3), ("ann", "bo"), 0, (5, 5))
SETTINGS = TableSettings(name="t", games=[GameEntry(game="FTQ")], hand_pause=4)
ROWS = {
    index: SeatState(index, f"p{index}", f"n{index}", "player", None, 5, False, 0, 30.0, 2, False)
    for index in range(4)
}
AT = AtStep(
    AtPlay(2.0),
    AtTurn(ROWS, frozenset(), SETTINGS),
    AtHandEnd("t", ROWS, {}, SETTINGS, (), approved=False, tournament=False),
)


def _paused_all_in() -> RunnerState:
    """Both seats all in at once, the run-out paused before its next street until 102.0."""
    book = DeckBook()
    live = LiveHand(ALL_IN, book, start_hand(ALL_IN, book, to_redeal=True, hold_showdown=True), 0)
    hand = live.hand.copy()
    while hand.to_act is not None:
        kinds = {option.kind for option in hand.legal_actions()}
        order = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE, ActionKind.CALL)
        hand.act(next(kind for kind in (*order, ActionKind.BRING_IN) if kind in kinds))
    paused = dealer_steps(live, hand, 2.0, 100.0).played(hand, 0)
    assert paused.hand.run_out_street is not None
    return RunnerState(1, 2, 0, live=paused)


def test_a_run_out_s_street_is_dealt_as_one_change_and_the_last_ends_the_hand_in_it() -> None:
    state = _paused_all_in()
    now = 102.0
    streets = 0
    while True:
        live = state.live
        assert live is not None
        outcome = handle(state, RunOutStreet(AT), now)
        assert outcome.effect is not None
        changes = outcome.effect.request
        assert isinstance(changes, Changes)
        assert not changes.actions  # a step nobody chose records no action
        assert state.live is live  # the state given is left as it was
        streets += 1
        if outcome.state.live is None:
            break
        assert outcome.news == (HandPlayed(),)
        assert changes.hand_end is None
        assert outcome.follow == ()
        assert outcome.state.live.hand.phase is not Phase.OVER
        state, now = outcome.state, outcome.state.live.run_out_due
    # The last street ends the hand in the same change: its end, the stacks the seating's.
    assert streets > 1
    assert changes.hand_end is not None
    assert changes.hand_end.number == 2
    assert outcome.news == (HandPlayed(), TableNews())
    (over,) = (command for command in outcome.follow if isinstance(command, HandOver))
    assert sorted(row.seat for row in over.rows) == [0, 3]
    assert outcome.state.last_hand is not None
    assert outcome.state.next_hand_at >= now + 4  # the pause between hands, from the end


def test_no_street_is_dealt_before_its_pause_is_over_or_once_the_hand_moved_on() -> None:
    state = _paused_all_in()
    assert street(state, AT, 101.9).state is state
    assert street(state, AT, 101.9).effect is None
    between = RunnerState(1, 2, 0)
    assert street(between, AT, 200.0).state is between


def _redeal_due() -> RunnerState:
    """The Bitch's queen of spades called at 100.0: its redeal due at 103.0."""
    live = queen_called()
    key = (live.number, len(live.hand.events))
    turn = Turn().start(key, None, now=100.0, action=20.0, bot_delay=1.0, redeal_pause=3.0)
    return RunnerState(1, live.number, 0, live=live, turn=turn)


def test_a_redeal_is_dealt_as_one_change_its_turn_timed_and_the_state_given_left_alone() -> None:
    state = _redeal_due()
    assert state.live is not None
    outcome = handle(state, DealAgain(2, AT), 103.0)
    assert outcome.effect is not None
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    assert not changes.actions  # a step nobody chose records no action
    live = outcome.state.live
    assert live is not None
    assert live.hand.deal_number == 2
    assert live.hand.redeal_pending is None
    assert live.decks_stored == len(live.book)  # its deck counted as stored with the change
    assert outcome.news == (HandPlayed(),)
    assert outcome.follow == ()
    assert outcome.state.turn.key == (live.number, len(live.hand.events))  # the turn timed
    assert state.live.hand.deal_number == 1  # the state given is left as it was


def test_a_redeal_s_players_shuffle_round_is_asked_first_and_waited_for() -> None:
    state = _redeal_due()
    opening = Open(1, 2, {0: "n0"}, {}, 30.0)
    asked = handle(state, DealAgain(2, None, opening), 103.0)
    # Its own change (the shuffle's slice's), then the deal looked at again, once.
    assert (asked.state, asked.effect) == (state, None)
    assert asked.follow == (opening, DealAgain(2, opened=True))
    assert handle(state, DealAgain(2, None, opening, opened=True), 103.0).follow == ()
    # The round going on: nothing (its end wakes the runner).
    waiting = handle(state, DealAgain(2, None, waits=True), 103.0)
    assert (waiting.state, waiting.effect, waiting.follow) == (state, None, ())


def test_no_redeal_is_dealt_before_its_pause_is_over_nor_another_deal_s() -> None:
    state = _redeal_due()
    assert handle(state, DealAgain(2, AT), 102.9).state is state
    assert handle(state, DealAgain(3, AT), 103.0).state is state
    between = RunnerState(1, 2, 0)
    assert handle(between, DealAgain(2, AT), 200.0).state is between


SHOWDOWN = HandSetup(1, 0, "FTQ", {}, (0, 1), ("p1", "p2"), 0, (50, 50))


def test_a_bot_s_choice_as_the_showdown_opens_is_stored_with_its_clock_in_one_change() -> None:
    hand = heads_up()  # p1 is asked to show or muck: the last choice, which ends the hand
    state = RunnerState(1, 1, 0, live=LiveHand(SHOWDOWN, DeckBook(), hand, 12))
    (engine,) = hand.to_show_or_muck
    row = ROWS[SHOWDOWN.lineup[engine]]
    answer = ClockAnswer(engine, True, row, "bot", 20.0, "muck", AT, made=True)
    outcome = handle(state, answer, 10.0)
    assert outcome.effect is not None
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    ((record,),) = (changes.actions,)
    assert (record.kind, record.source, record.seat) == (MUCK, "bot", engine)
    assert changes.hand_end is not None  # the last choice ends the hand in the same change
    assert outcome.state.live is None
    assert outcome.state.showdown is None  # every seat has chosen: the clock is over
    # A player who neither is a bot nor leaves answers by themselves: nothing here.
    player = ClockAnswer(engine, True, made=True)
    assert handle(state, player, 10.0).state is state
    # The clock opens for nobody: nothing left to answer, what is due next decided at once.
    nobody = handle(outcome.state, ClockOpen(True, 20.0, made=True), 10.0)
    assert (nobody.news, nobody.follow) == ((), (Onward(RUNNER),))


def test_a_leaving_player_s_no_as_the_offer_opens_settles_it_with_its_clock() -> None:
    hand = at_the_offer()
    state = RunnerState(1, 1, 0, live=LiveHand(TWICE_SETUP, DeckBook(), hand, 2))
    first, second = hand.to_agree_run_twice
    row = ROWS[TWICE_SETUP.lineup[first]]
    outcome = handle(state, ClockAnswer(first, False, row, "host", 30.0, at=AT, made=True), 10.0)
    assert outcome.effect is not None
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    assert [(r.kind, r.source) for r in changes.actions] == [(RUN_ONCE, "host")]
    assert outcome.state.offer is None  # settled by the first no: its clock over
    # The second seat's answer finds it settled: nothing.
    then = ClockAnswer(second, False, ROWS[TWICE_SETUP.lineup[second]], "bot", 30.0, at=AT)
    assert handle(outcome.state, replace(then, made=True), 10.0).effect is None


def test_a_clock_opens_with_nothing_stored_the_one_an_answer_stored_kept() -> None:
    hand = heads_up()
    state = RunnerState(1, 1, 0, live=LiveHand(SHOWDOWN, DeckBook(), hand, 12))
    opened = handle(state, ClockOpen(True, 20.0, "show", made=True), 10.0)
    assert opened.state.showdown == ShowdownChoice(1, 30.0)
    assert (opened.effect, opened.follow, opened.wake) == (None, (), 30.0)  # woken at its end
    (news,) = opened.news
    assert isinstance(news, News)
    assert news.audience == Everyone()
    assert (news.frame["type"], news.frame["seconds"], news.frame["default"]) == (
        "showdown",
        20.0,
        "show",
    )
    stored = state.but(showdown=ShowdownChoice(1, 25.0))  # a bot's answer stored it at 5.0
    kept = handle(stored, ClockOpen(True, 20.0, "show", made=True), 10.0)
    assert (kept.state.showdown, kept.wake) == (ShowdownChoice(1, 25.0), 25.0)
    offered = RunnerState(1, 1, 0, live=LiveHand(TWICE_SETUP, DeckBook(), at_the_offer(), 2))
    offer = handle(offered, ClockOpen(False, 30.0, made=True), 10.0)
    assert offer.state.offer == TwiceOffer(1, 40.0)


def _deal_reading(*seated: int, chooser: SeatState | None = None) -> AtDeal:
    """What a deal reads of a table where ``seated`` sit, the default pick or ``chooser``'s."""

    def deck(setup: HandSetup) -> tuple[DeckBook, Hand]:
        book = DeckBook()
        return book, start_hand(setup, book, to_redeal=True, hold_showdown=True)

    return AtDeal(
        entry=None if chooser is None else 0,
        chooser=chooser,
        chose=None,
        seats=Seats(tuple(Sitter(index, ROWS[index].player_id) for index in seated)),
        rows=ROWS,
        menu=Menu.build([{"game": "FTQ"}], {}),
        row=TableState("t", "x", "h", "j", "w", {}, "running", None, 0, None),
        deck=deck,
        pause=2.0,
    )


def test_a_hand_is_dealt_as_one_change_made_whole_from_the_table() -> None:
    state = RunnerState(None, 0, None, choosing=Choosing(0, (0,), 99.0))
    chooser = replace(ROWS[0], last_seq=7)
    dealt = handle(
        state, DealHand(0, chooser, at=_deal_reading(0, 2, chooser=chooser), step=AT), 5.0
    )
    live = dealt.state.live
    assert live is not None
    assert (live.number, live.setup.lineup, dealt.state.choosing) == (1, (0, 2), None)
    assert dealt.effect is not None
    changes = dealt.effect.request
    assert isinstance(changes, Changes)
    # The hand, its first deck, the table's row and the chooser's request in the one change.
    assert changes.hand == live.setup
    assert [deck.deal for deck in changes.decks] == [1]
    assert changes.table is not None
    assert changes.table.hands_dealt == 1
    assert changes.seats == [chooser]
    assert changes.hand_end is None
    assert dealt.news == (TableNews(), HandPlayed())
    assert dealt.state.turn.clock is not None  # the first turn timed with the change
    # Not made whole, or a hand in play already: nothing.
    assert handle(state, DealHand(), 5.0).state is state
    assert handle(dealt.state, DealHand(at=_deal_reading(0, 2), step=AT), 6.0).state is dealt.state


def test_a_round_over_that_deals_no_hand_is_forgotten_in_the_deal_s_change() -> None:
    state = RunnerState(None, 0, None)
    alone = _deal_reading(0)  # one player left: no hand
    dropped = handle(state, DealHand(chose=0, shuffled=True, at=alone, step=AT, drop=True), 5.0)
    assert dropped.state.live is None
    assert dropped.effect is not None
    assert dropped.follow == (DropRound(1, 1),)
    kept = handle(state, DealHand(at=alone, step=AT), 5.0)  # the default pick: no round
    assert kept.follow == ()


def test_a_choice_at_the_showdown_or_an_answer_to_the_offer_is_one_change() -> None:
    hand = heads_up()  # p1 is asked to show or muck: the last choice, which ends the hand
    state = RunnerState(1, 1, 0, live=LiveHand(SHOWDOWN, DeckBook(), hand, 12))
    state = state.but(showdown=ShowdownChoice(1, 30.0))
    (engine,) = hand.to_show_or_muck
    seat = player_at(SHOWDOWN.lineup[engine])
    row = replace(ROWS[SHOWDOWN.lineup[engine]], last_seq=3)
    shown = handle(state, Decide(seat, engine, True, 3, "player", row, "muck", AT), 10.0)
    assert shown.effect is not None
    changes = shown.effect.request
    assert isinstance(changes, Changes)
    ((record,),) = (changes.actions,)
    assert (record.kind, record.source, record.seat) == (SHOW, "player", engine)
    assert changes.hand_end is not None  # the last choice ends the hand in the same change
    assert (shown.state.live, shown.state.showdown, shown.reply) == (None, None, None)
    # Not made whole, or the seat chose already: nothing.
    assert handle(state, Decide(seat, engine, True, 3), 10.0).state is state
    after = state.but(live=LiveHand(SHOWDOWN, DeckBook(), heads_up(), 12))
    assert (
        handle(after, Decide(seat, 1 - engine, None, None, "clock", row, at=AT), 10.0).effect
        is None
    )
    offer = at_the_offer()
    offered = RunnerState(1, 1, 0, live=LiveHand(TWICE_SETUP, DeckBook(), offer, 2))
    first = offer.to_agree_run_twice[0]
    no = handle(offered, Answer(seat, first, False, None, "clock", row, AT), 10.0)
    assert no.effect is not None
    assert isinstance(no.effect.request, Changes)
    assert [(r.kind, r.source) for r in no.effect.request.actions] == [(RUN_ONCE, "clock")]


def test_an_action_is_one_change_and_asks_for_the_hand_s_end_only_when_it_ends_the_hand() -> None:
    state = _paused_all_in().but(live=None)
    book = DeckBook()
    hand = start_hand(ALL_IN, book, to_redeal=True, hold_showdown=True)
    state = state.but(live=LiveHand(ALL_IN, book, hand, 0))
    engine = hand.to_act
    assert engine is not None
    seat = player_at(ALL_IN.lineup[engine])
    row = replace(ROWS[ALL_IN.lineup[engine]], last_seq=4)
    kind = next(o.kind for o in hand.legal_actions() if o.kind is not ActionKind.FOLD)
    made = Action(seat, engine, kind, None, 4, None, "player", row, AT.play, AT.turn)
    played = handle(state, made, 10.0)
    assert played.effect is not None
    changes = played.effect.request
    assert isinstance(changes, Changes)
    assert [(r.seat, r.source) for r in changes.actions] == [(engine, "player")]
    assert changes.seats == [row]  # the request's number stored with the action
    assert played.state.live is not None
    assert played.state.live.hand.events != hand.events  # the copy played, not the hand
    assert played.reply is None
    # A fold that ends the hand, made whole without the hand's end's reading, asks for it.
    state = played.state
    assert state.live is not None
    other = state.live.hand.to_act
    assert other is not None
    seat = player_at(ALL_IN.lineup[other])
    row = ROWS[ALL_IN.lineup[other]]
    fold = Action(seat, other, ActionKind.FOLD, None, 5, None, "player", row, AT.play, AT.turn)
    asked = handle(state, fold, 10.0)
    assert (asked.state, asked.effect, asked.follow) == (state, None, (replace(fold, ends=True),))
    ended = handle(state, replace(fold, ends=True, end=AT.end), 10.0)
    assert ended.effect is not None
    assert isinstance(ended.effect.request, Changes)
    assert ended.effect.request.hand_end is not None
    assert ended.state.live is None
    # Not made whole, or no hand in play: nothing.
    assert handle(state, Action(seat, engine, kind, None, 4, None), 10.0).state is state
    assert handle(state.but(live=None), made, 10.0).effect is None
