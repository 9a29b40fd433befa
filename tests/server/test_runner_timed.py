"""The turn's clock timed in the change that makes the turn (issue 23 item 1): the pure
:func:`wildstud.server.table.runner.timed`, from the seats' rows and the clocks' lengths, and at
a table, the new turn adopted with the change that makes it once it is stored, never before,
and a restored table's timed in the state it adopts."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tests.server.helpers import HAND_SETUP as SETUP
from tests.server.helpers import at_a_players_turn, seat_state
from wildstud.deal import Hand
from wildstud.server.clock import Turn, TurnClock
from wildstud.server.messages import Act
from wildstud.server.replay import DeckBook, start_hand
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.store import SeatState
from wildstud.server.table import Table
from wildstud.server.table.live import LiveHand
from wildstud.server.table.runner import RUNNER, AtTurn, RunnerState, timed

SETTINGS = TableSettings(
    name="t",
    games=[GameEntry(game="FTQ")],
    action_clock=20,
    away_clock=5,
    bot_delay=1,
    redeal_pause=3,
)


def _banked_row(index: int, bank: float = 30.0, missed: int = 0) -> SeatState:
    """Seat ``index``'s row: its player's, with time bank ``bank``, ``missed`` hands missed."""
    return replace(seat_state(index), time_bank=bank, missed_hands=missed)


def _untimed(hand: Hand) -> tuple[RunnerState, int]:
    """The runner in hand 7 as ``hand`` stands, its turn not timed yet, and the table seat to
    act."""
    assert hand.to_act is not None
    return RunnerState(1, 3, 0, live=LiveHand(SETUP, DeckBook(), hand, 0)), SETUP.lineup[
        hand.to_act
    ]


def test_a_new_turn_is_timed_from_now_with_the_time_bank_of_the_seat_s_row() -> None:
    hand = start_hand(SETUP, DeckBook())
    state, index = _untimed(hand)
    rows = {seat: _banked_row(seat) for seat in SETUP.lineup}
    rows[index] = _banked_row(index, bank=12.5)  # the row the change writes, a time bank drawn on
    new = timed(state, AtTurn(rows, frozenset(SETUP.lineup), SETTINGS), 100.0)
    assert new.turn == Turn(
        key=(SETUP.number, len(hand.events)),
        clock=TurnClock(20.0, 12.5, 100.0),
        bank=12.5,
        bot_due=101.0,
        redeal_due=103.0,
    )
    assert state.turn == Turn()  # a new value: the state given is left as it was
    assert new.but(turn=Turn()) == state  # and nothing else changes
    # Timed already: the same state, its rows not read (there are none here).
    assert timed(new, AtTurn({}, frozenset(), SETTINGS), 500.0) is new


def test_an_away_player_s_turn_takes_the_short_clock_as_the_change_leaves_them() -> None:
    hand = start_hand(SETUP, DeckBook())
    state, index = _untimed(hand)
    nobody = frozenset[int]()

    def action(state: RunnerState, row: SeatState, pages: frozenset[int]) -> float:
        clock = timed(state, AtTurn({index: row}, pages, SETTINGS), 100.0).turn.clock
        assert clock is not None
        return clock.action

    # The clock acted for them (in this change too: the state's mark) and no page is open.
    assert action(state.but(timed_out=frozenset({index})), _banked_row(index), nobody) == 5.0
    assert action(state, _banked_row(index, missed=1), nobody) == 5.0  # a hand missed
    assert action(state, _banked_row(index), nobody) == 20.0  # the clock never acted for them
    assert action(state, _banked_row(index, missed=1), frozenset({index})) == 20.0  # a page is open
    bot = replace(_banked_row(index, missed=1), kind="calling-bot")
    assert action(state.but(timed_out=frozenset({index})), bot, nobody) == 20.0  # never away


def test_no_turn_is_no_clock() -> None:
    hand = start_hand(SETUP, DeckBook())
    state, index = _untimed(hand)
    at = AtTurn({index: _banked_row(index)}, frozenset(), SETTINGS)
    playing = timed(state, at, 100.0)
    between = timed(playing.but(live=None), at, 200.0)  # the hand is over
    assert (between.turn.key, between.turn.clock) == (None, None)
    assert timed(between, at, 300.0) is between


async def _adopted_with_the_change() -> None:
    store, lobby, night = await at_a_players_turn()
    table, players = night.table, night.players
    live = table.live
    assert live is not None
    assert live.hand.to_act is not None
    index = live.setup.lineup[live.hand.to_act]
    old = table.driver.turn
    seen: list[bool] = []
    call = store.call

    async def watched(method: Callable[..., Any], *args: Any) -> Any:
        if getattr(method, "__name__", "") == "apply":  # the action's write
            staged: RunnerState = table.writer.staged[RUNNER]
            live = staged.live
            assert live is not None
            # The state staged with the change has the next turn timed; the runner's is the
            # old one, until the change is stored.
            timed_with_it = staged.turn.key == (live.number, len(live.hand.events))
            seen.append(timed_with_it and staged.turn is not old and table.driver.turn is old)
        return await call(method, *args)

    store.call = watched  # type: ignore[method-assign]
    before = time.monotonic()
    seq = table.seats[index].last_seq + 1
    await table.handle(players[index], Act(type="act", seq=seq, action="bring-in"))
    store.call = call  # type: ignore[method-assign]
    assert seen
    assert all(seen)
    live = table.live
    assert live is not None
    assert live.hand.to_act is not None
    turn = table.driver.turn
    # The next turn was timed with the action, from its change's time, and adopted with it.
    assert turn.key == (live.number, len(live.hand.events))
    assert turn.clock is not None
    assert turn.clock.started >= before
    assert turn.bank == table.seats[live.setup.lineup[live.hand.to_act]].time_bank
    # A table restored from the store times the turn it stands at in the state it adopts.
    (stored,) = await asyncio.to_thread(store.load_tables, [table.id])
    restored = Table.restore(stored, store)
    assert restored.driver.turn.clock is None  # replayed: not timed until it resumes
    resumed = time.monotonic()
    await restored.resume()
    again = restored.driver.turn
    assert again.key == turn.key
    assert again.clock is not None
    assert again.clock.started >= resumed
    assert replace(again, clock=None, bot_due=0.0, redeal_due=0.0) == replace(
        turn, clock=None, bot_due=0.0, redeal_due=0.0
    )
    await restored.stop()
    await lobby.close()
    store.close()


def test_a_new_turn_is_adopted_with_the_change_that_makes_it_and_a_restored_one_resumed() -> None:
    asyncio.run(_adopted_with_the_change())
