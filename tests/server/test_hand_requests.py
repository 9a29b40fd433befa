"""The hand runner's slice of the table's pure core (:mod:`wildstud.server.table.hand_requests`):
a player's request in a hand, from the runner's state as stored and what the command carries,
with no store and no event loop. A refusal says why and asks nothing of the store; a request
carried out asks the runner's step of the store, and acks once it is stored; a resend of a
request carried out already is answered as done, and asks nothing."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from tests.server.helpers import Player
from wildstud.errors import IllegalActionError
from wildstud.server.lobby import Lobby
from wildstud.server.messages import Act, Choose, RunTwice, Show
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.seating import Seat
from wildstud.server.store import Store
from wildstud.server.store.records import SeatState
from wildstud.server.table.core import Acked, News, Numbered, Refused
from wildstud.server.table.hand_requests import (
    AnswerTwice,
    ChooseGame,
    Play,
    Request,
    ShowOrMuck,
    handle,
)
from wildstud.server.table.runner import RUNNER, Choosing, RunnerState
from wildstud.server.table.runner_commands import DealHand

ROW = SeatState(2, "p2", "Cy", "player", "ab" * 32, 500, False, 0, 60.0, 4, False)
CHOOSING = RunnerState(1, 3, 0, choosing=Choosing(2, (0, 2), 99.0))


def choose(entry: int, seq: int = 5, index: int = 2, last: object = None) -> ChooseGame:
    seat = Seat.from_state(replace(ROW, seat=index))
    frame = Choose(type="choose", seq=seq, entry=entry)
    return ChooseGame(Numbered("page", frame, last), seat, index, seat.last_seq, False, entry)


def runner_refusal(state: RunnerState, command: Request) -> str:
    outcome = handle(state, command, 0.0)
    assert outcome.state is state
    assert outcome.effect is None
    assert outcome.news == ()
    assert isinstance(outcome.reply, Refused)
    assert isinstance(outcome.reply.error, IllegalActionError)
    return str(outcome.reply.error)


def test_the_dealer_s_pick_deals_it_with_the_request_s_number_and_acks_once_stored() -> None:
    command = choose(2)
    outcome = handle(CHOOSING, command, 0.0)
    assert outcome.state is CHOOSING  # the runner's to change, once the deal is stored
    # The deal is the slice's own command, one change (a failed write is the asker's error).
    assert (outcome.effect, outcome.follow) == (None, (DealHand(2, replace(ROW, last_seq=5)),))
    assert outcome.news == (Acked(command.asked, 2),)  # sent once the deal is stored
    assert outcome.reply is True  # carried out


def test_a_pick_by_another_seat_or_with_no_choice_open_is_refused() -> None:
    assert runner_refusal(CHOOSING, choose(2, index=3)) == "it is not your turn to choose the game"
    assert runner_refusal(CHOOSING.but(choosing=None), choose(2)) == (
        "it is not your turn to choose the game"
    )


def test_a_game_that_does_not_fit_is_refused_with_the_games_that_do() -> None:
    assert runner_refusal(CHOOSING, choose(1)) == (
        "game 1 cannot be chosen now (the games that fit: 0, 2)"
    )


def test_a_resend_of_the_pick_carried_out_is_answered_as_done_and_deals_nothing() -> None:
    frame = Choose(type="choose", seq=4, entry=2)
    seat = Seat.from_state(ROW)
    command = ChooseGame(Numbered("page", frame, frame), seat, 2, 4, False, 2)
    outcome = handle(CHOOSING.but(choosing=None), command, 0.0)
    assert outcome.effect is None
    ((news,),) = [outcome.news]
    assert isinstance(news, News)
    assert news.frame == {"type": "ack", "seq": 4, "last_seq": 4, "repeat": True}
    stale = handle(CHOOSING, choose(2, seq=3), 0.0)
    assert stale.effect is None
    news = stale.news[0]
    assert isinstance(news, News)
    assert news.frame["code"] == "stale"


def answer_twice(agree: bool, *, paused: bool = False) -> AnswerTwice:
    seat = Seat.from_state(ROW)
    frame = RunTwice(type="run_twice", seq=5, agree=agree)
    return AnswerTwice(Numbered("page", frame, None), seat, 2, 4, paused, agree)


def test_an_answer_to_run_it_twice_is_refused_on_a_paused_table_or_with_no_hand() -> None:
    assert runner_refusal(CHOOSING, answer_twice(True, paused=True)) == (
        "the table is paused: wait for the host to resume it"
    )
    assert runner_refusal(CHOOSING, answer_twice(False)) == "no hand is being played"


def test_a_choice_to_show_or_muck_is_refused_on_a_paused_table_or_with_no_showdown() -> None:
    seat = Seat.from_state(ROW)
    frame = Show(type="show", seq=5, show=False)
    command = ShowOrMuck(Numbered("page", frame, None), seat, 2, 4, False, False)
    assert runner_refusal(CHOOSING, command) == "there is no showdown now to show or muck at"
    assert runner_refusal(CHOOSING, replace(command, paused=True)) == (
        "the table is paused: wait for the host to resume it"
    )


def test_an_action_is_refused_on_a_paused_table_or_with_no_hand() -> None:
    seat = Seat.from_state(ROW)
    frame = Act(type="act", seq=5, action="call")
    command = Play(Numbered("page", frame, None), seat, 2, 4, True, "call", None)
    assert (
        runner_refusal(CHOOSING, command) == "the table is paused: wait for the host to resume it"
    )
    assert runner_refusal(CHOOSING, replace(command, paused=False)) == "no hand is being played"


async def _at_a_table() -> None:
    store = Store("sqlite://")
    lobby = Lobby(store)
    await lobby.open()
    table, _ = await lobby.create(TableSettings(name="t", games=[GameEntry(game="FTQ")]))
    # The slice is handed the runner's state as the driver holds it (adopted once stored).
    assert table.actor.state(RUNNER) is table.driver.state
    seat, _token = await table.join("ann", None)
    ann = Player(seat.index)
    await table.attach(ann)
    before = (table.driver.state, table.seats[seat.index].state())
    with pytest.raises(IllegalActionError, match="not your turn to choose"):
        await table.handle(ann, Choose(type="choose", seq=1, entry=0))
    assert (table.driver.state, table.seats[seat.index].state()) == before
    assert not [frame for frame in ann.frames if frame["type"] == "ack"]
    await lobby.close()
    store.close()


def test_a_refused_request_at_a_table_changes_nothing_and_acks_nothing() -> None:
    asyncio.run(_at_a_table())
