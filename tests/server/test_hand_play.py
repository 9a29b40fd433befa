"""A seat's change in the hand in play as a pure function (:mod:`wildstud.server.table.hand_play`):
an action, a choice to show or muck, an answer to the offer to run it twice, the dealer's step
nobody chose; each from the runner's state and the seat's row, with no table, store or event
loop: the runner's new state (the hand played on a copy, who acted, who the clock acted for),
the action's record and the seat's row; a change the engine refuses raises its error and makes
nothing, and nothing it is given changes. A hand the change ends ends in the same change."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from wildstud.betting import ActionKind
from wildstud.deal import Hand, Phase
from wildstud.errors import WildstudError
from wildstud.server.clock import Turn
from wildstud.server.replay import DeckBook, at_showdown, start_hand
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.showdown import ShowdownChoice, TwiceOffer
from wildstud.server.store import Changes, HandSetup, SeatState
from wildstud.server.table.core import Everyone, HandPlayed, News, TableNews
from wildstud.server.table.hand_end import AtHandEnd, then_ended
from wildstud.server.table.hand_play import (
    AtPlay,
    Move,
    act,
    answer_twice,
    dealt_on,
    numbered,
    offer_frame,
    offer_opened,
    show_or_muck,
    showdown_frame,
    showdown_opened,
)
from wildstud.server.table.live import LiveHand
from wildstud.server.table.runner import RunnerState
from wildstud.server.table.seating import HandOver

NOW = 100.0
SETUP = HandSetup(3, 0, "FTQ", {"run_twice": False}, (0, 2), ("ann", "bo"), 0, (500, 500))
AT = AtPlay(0.0)
TWICE = {"run_twice": True, "all_in_turn_up": True}
AGGRESSIVE = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE, ActionKind.CALL)


def _player_row(seat: int) -> SeatState:
    return SeatState(seat, f"p{seat}", f"n{seat}", "player", None, 500, False, 0, 30.0, 7, False)


def _state(setup: HandSetup = SETUP) -> RunnerState:
    book = DeckBook()
    hand = start_hand(setup, book, to_redeal=True, hold_showdown=True)
    live = LiveHand(setup, book, hand, 0).played(hand, 0)
    return RunnerState(0, setup.number, 0, live=live)


def _move(state: RunnerState, source: str = "player", **fields: object) -> Move:
    assert state.live is not None
    engine = state.live.hand.to_act
    assert engine is not None
    move = Move(_player_row(state.live.setup.lineup[engine]), engine, source)
    return replace(move, **fields)  # type: ignore[arg-type]


def _check_or_call(hand: Hand) -> ActionKind:
    kinds = {option.kind for option in hand.legal_actions()}
    return next(k for k in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN) if k in kinds)


def test_a_player_s_action_is_recorded_with_the_seat_s_row_and_marks_the_seat() -> None:
    state = _state()
    assert state.live is not None
    move = _move(state, seq=8, bank=11.5)
    kind = _check_or_call(state.live.hand)
    outcome = act(state, move, kind, None, AT, NOW)
    live = outcome.state.live
    assert live is not None
    assert (live.actions, live.number) == (1, 3)
    assert outcome.state.acted == {move.row.seat}
    assert outcome.state.timed_out == frozenset()
    assert outcome.effect is not None
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    (record,) = changes.actions
    assert (record.number, record.index, record.seat, record.kind) == (
        3,
        0,
        move.engine,
        kind.value,
    )
    assert (record.source, record.seq, record.amount) == ("player", 8, None)
    (row,) = changes.seats
    assert (row.seat, row.last_seq, row.time_bank) == (move.row.seat, 8, 11.5)
    assert changes.decks == []  # the first deck was stored with the deal
    assert outcome.follow == ()
    # The state given is left as it was, its hand too.
    assert state.live.actions == 0
    assert state.acted == frozenset()
    assert len(state.live.hand.events) < len(live.hand.events)


def test_the_clock_s_action_marks_the_seat_timed_out_and_a_bot_s_marks_nothing() -> None:
    state = _state()
    assert state.live is not None
    kind = _check_or_call(state.live.hand)
    clock = act(state, _move(state, "clock", bank=0.0), kind, None, AT, NOW)
    seat = _move(state).row.seat
    assert (clock.state.acted, clock.state.timed_out) == (frozenset(), frozenset({seat}))
    assert clock.effect is not None
    assert isinstance(clock.effect.request, Changes)
    (row,) = clock.effect.request.seats
    assert (row.last_seq, row.time_bank) == (7, 0.0)  # no request: its number as it was
    bot = act(state, _move(state, "bot"), kind, None, AT, NOW)
    assert (bot.state.acted, bot.state.timed_out) == (frozenset(), frozenset())


def test_an_action_the_engine_refuses_raises_and_makes_nothing() -> None:
    state = _state()
    assert state.live is not None
    events = len(state.live.hand.events)
    with pytest.raises(WildstudError):
        act(state, _move(state), ActionKind.RAISE, 10_000, AT, NOW)
    assert len(state.live.hand.events) == events


def _to_the_showdown() -> RunnerState:
    state = _state()
    while True:
        live = state.live
        assert live is not None
        if at_showdown(live.hand):
            return state
        state = act(state, _move(state), _check_or_call(live.hand), None, AT, NOW).state


def test_a_showdown_choice_is_the_hand_s_next_action_and_says_who_is_still_to_choose() -> None:
    state = _to_the_showdown()
    live = state.live
    assert live is not None
    (engine,) = live.hand.to_show_or_muck  # the winner is shown first: the loser chooses
    move = Move(_player_row(live.setup.lineup[engine]), engine, "player", seq=9)
    mucked = show_or_muck(state, move, False, True, AT, NOW)
    assert mucked.reply == ()
    assert mucked.effect is not None
    changes = mucked.effect.request
    assert isinstance(changes, Changes)
    (record,) = changes.actions
    assert (record.kind, record.index, record.seq) == ("muck", live.actions, 9)
    ended = mucked.state.live
    assert ended is not None
    assert ended.hand.phase is Phase.OVER
    # The clock's choice is the table's default; it marks nobody as acting.
    default = show_or_muck(state, replace(move, source="clock", seq=None), None, True, AT, NOW)
    assert default.effect is not None
    assert isinstance(default.effect.request, Changes)
    assert default.effect.request.actions[0].kind == "show"
    assert default.state.acted == state.acted
    # The hand ends in the same change: the rows the seating writes, the state between hands.
    settings = TableSettings(name="x", games=[GameEntry(game="FTQ")], hand_pause=2)
    rows = {index: _player_row(index) for index in live.setup.lineup}
    at = AtHandEnd("t", rows, {}, settings, (), approved=False, tournament=False)
    over = then_ended(mucked, at, NOW)
    assert over.state.live is None
    assert over.state.last_hand is ended
    assert over.effect is not None
    assert isinstance(over.effect.request, Changes)
    assert over.effect.request.actions == [record]
    assert over.effect.request.hand_end is not None
    assert over.effect.request.seats == []  # the seating's, with the stacks the hand left
    (handed,) = (command for command in over.follow if isinstance(command, HandOver))
    assert {row.seat: row.last_seq for row in handed.rows}[move.row.seat] == 9


def test_an_answer_to_run_it_twice_is_recorded_and_the_run_out_dealt_on() -> None:
    setup = HandSetup(4, 0, "F7S", TWICE, (0, 1), ("ann", "bo"), 0, (3, 3))
    state = _state(setup)
    while True:
        live = state.live
        assert live is not None
        if live.hand.to_agree_run_twice or live.hand.phase is Phase.OVER:
            break
        kinds = {option.kind for option in live.hand.legal_actions()}
        kind = next(k for k in (*AGGRESSIVE, ActionKind.BRING_IN) if k in kinds)
        state = act(state, _move(state), kind, None, AT, NOW).state
    assert state.live is not None
    asked = state.live.hand.to_agree_run_twice
    assert asked, "both all in at once: the offer is made"
    engine = asked[0]
    move = Move(_player_row(setup.lineup[engine]), engine, "player", seq=2)
    no = answer_twice(state, move, False, AT, NOW)
    assert no.effect is not None
    assert isinstance(no.effect.request, Changes)
    assert no.effect.request.actions[0].kind == "run-once"
    played = no.state.live
    assert played is not None
    assert played.hand.to_agree_run_twice == ()
    assert played.hand.phase is Phase.OVER  # no pause: dealt to the end, run once


def test_a_step_nobody_chose_stores_the_decks_it_draws_and_no_action() -> None:
    state = _state()
    live = state.live
    assert live is not None
    outcome = dealt_on(state, live, live.hand.copy(), AT, NOW)
    assert outcome.state.live is not None
    assert outcome.state.live.actions == 0
    assert outcome.effect is not None
    assert outcome.effect.request == Changes()


def test_each_change_tells_its_news_once_stored_the_table_frame_when_the_seats_change() -> None:
    state = _state()
    assert state.live is not None
    kind = _check_or_call(state.live.hand)
    # The time bank as the turn started, unchanged: the hand's frames alone.
    timed = state.but(turn=Turn(bank=30.0))
    assert act(timed, _move(timed), kind, None, AT, NOW).news == (HandPlayed(),)
    # A time bank drawn on: the table frame after the hand's.
    drawn = act(timed, _move(timed, bank=12.0), kind, None, AT, NOW)
    assert drawn.news == (HandPlayed(), TableNews())
    # A step nobody chose: the hand's frames, the run-out's odds asked.
    assert dealt_on(state, state.live, state.live.hand.copy(), AT, NOW).news == (HandPlayed(),)


def test_a_showdown_choice_tells_the_showdown_frame_and_the_table_when_it_ends_the_hand() -> None:
    state = _to_the_showdown()
    live = state.live
    assert live is not None
    state = state.but(showdown=ShowdownChoice(live.number, NOW + 7.5))
    (engine,) = live.hand.to_show_or_muck
    move = Move(_player_row(live.setup.lineup[engine]), engine, "player", seq=9)
    mucked = show_or_muck(state, move, False, False, AT, NOW)
    frame = showdown_frame(live, (), state.showdown, "muck", NOW)
    assert (frame["seats"], frame["seconds"], frame["default"]) == ([], 7.5, "muck")
    assert mucked.news == (HandPlayed(odds=False), News(Everyone(), frame), TableNews())
    assert mucked.state.showdown is None  # every seat has chosen: the clock is over


def test_the_showdown_s_clock_opens_as_a_pure_outcome_that_stores_nothing() -> None:
    state = _to_the_showdown()
    live = state.live
    assert live is not None
    choice = ShowdownChoice(live.number, NOW + 20.0)
    opened = showdown_opened(state, choice, "show", NOW + 5.0)
    assert (opened.state.showdown, opened.effect, opened.follow) == (choice, None, ())
    (news,) = opened.news
    assert isinstance(news, News)
    assert news.audience == Everyone()
    seats = [live.setup.lineup[engine] for engine in live.hand.to_show_or_muck]
    assert news.frame == {
        "type": "showdown",
        "number": live.number,
        "seats": seats,
        "seconds": 15.0,
        "default": "show",
    }
    assert state.showdown is None  # the state given is left as it was


def test_an_answer_to_run_it_twice_tells_the_offer_then_the_table_when_it_ends_the_hand() -> None:
    setup = HandSetup(4, 0, "F7S", TWICE, (0, 1), ("ann", "bo"), 0, (3, 3))
    state = _state(setup)
    while state.live is not None and not state.live.hand.to_agree_run_twice:
        kinds = {option.kind for option in state.live.hand.legal_actions()}
        kind = next(k for k in (*AGGRESSIVE, ActionKind.BRING_IN) if k in kinds)
        state = act(state, _move(state), kind, None, AT, NOW).state
    live = state.live
    assert live is not None
    state = state.but(offer=TwiceOffer(live.number, NOW + 4.0))
    engine = live.hand.to_agree_run_twice[0]
    move = Move(_player_row(setup.lineup[engine]), engine, "player")
    no = answer_twice(state, move, False, AT, NOW)
    played = no.state.live
    assert played is not None
    assert played.hand.phase is Phase.OVER  # no pause: the answer ends the hand
    frame = offer_frame(played, state.offer, NOW)
    assert (frame["seats"], frame["declined"], frame["seconds"]) == ([], setup.lineup[engine], 4.0)
    # The table frame last: the stacks the hand leaves (it was never sent here before).
    assert no.news == (HandPlayed(), News(Everyone(), frame), TableNews())
    assert no.state.offer is None  # settled: the clock is over
    # The offer's clock opened: nothing stored, the frame asking both seats.
    offer = TwiceOffer(live.number, NOW + 9.0)
    opened = offer_opened(state.but(offer=None), offer, NOW)
    assert (opened.state.offer, opened.effect) == (offer, None)
    asked = [setup.lineup[engine] for engine in live.hand.to_agree_run_twice]
    assert opened.news == (News(Everyone(), offer_frame(live, offer, NOW)),)
    assert isinstance(opened.news[0], News)
    assert (opened.news[0].frame["seats"], opened.news[0].frame["seconds"]) == (asked, 9.0)


def test_a_row_numbered_keeps_every_other_field_of_the_row() -> None:
    # numbered makes the row field by field (not by dataclasses.replace): a field added to the
    # row must be added to it too.
    names = "seat player_id name kind token_hash stack sitting_out missed_hands time_bank"
    assert [item.name for item in fields(SeatState)] == [*names.split(), "last_seq", "leaving"]
    row = SeatState(3, "p", "Pat", "player", "hash", 120, True, 2, 17.5, 8, True)
    for seq, bank in ((9, None), (None, 4.0), (9, 4.0)):
        made = numbered(row, seq, bank)
        last_seq = row.last_seq if seq is None else seq
        time_bank = row.time_bank if bank is None else bank
        assert made == replace(row, last_seq=last_seq, time_bank=time_bank)
