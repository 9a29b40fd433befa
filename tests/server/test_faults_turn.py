"""Fault injection for the turn's clock (issue 23 item 1): the change that makes a new turn
times it, so a write of that change that fails leaves the turn as it was, the very clock the
player had, and the same change sent again times the new turn once it is stored."""

from __future__ import annotations

import asyncio
import time

from tests.server.helpers import (
    answer,
    as_stored,
    at_a_players_turn,
    closed_balanced,
    faults,
    table_held,
)
from wildstud.server.messages import Act


async def _action_fails() -> None:
    store, lobby, night = await at_a_players_turn()
    table = night.table
    live = table.live
    assert live is not None
    assert live.hand.to_act is not None
    index = live.setup.lineup[live.hand.to_act]
    page = night.players[index]
    runner, turn = table.driver.state, table.driver.turn
    clock = turn.clock
    mark = len(page.frames)
    bring_in = Act(type="act", seq=table.seats[index].last_seq + 1, action="bring-in")
    night.store.armed = True
    await table.handle(page, bring_in)
    assert night.store.fired == 1
    told = answer(page, mark)
    assert (told["type"], told["seq"]) == ("error", bring_in.seq)
    # The action that would start the next turn is not stored: the turn is the one the player
    # had, its clock the very value it was, and nothing else of the runner changed.
    assert table.driver.state is runner
    assert table.driver.turn is turn
    assert turn.clock is clock
    assert table_held(table) == await as_stored(table, store)
    night.stands()
    # Sent again, it is stored, and the next player's turn is timed with it.
    before = time.monotonic()
    await table.handle(page, bring_in)
    live = table.live
    assert live is not None
    assert live.hand.to_act is not None
    assert live.setup.lineup[live.hand.to_act] != index
    new = table.driver.turn
    assert new.key == (live.number, len(live.hand.events))
    assert new.clock is not None
    assert new.clock.started >= before
    await closed_balanced(table, lobby, store)


@faults("hand_requests.Play", "hand_requests.Action")
def test_an_action_that_starts_a_new_turn_survives_a_failed_write_with_the_turn_unchanged() -> None:
    asyncio.run(_action_fails())
