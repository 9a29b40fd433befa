"""A player who closed their tab (issue 22 item 4): the clock acts for them once with the full
action clock, then they are marked away and each of their later turns takes the table's short
away clock, until a page of theirs is open again."""

from __future__ import annotations

import asyncio

from tests.server.helpers import wait_until
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.seating import Seat, SeatKind
from wildstud.server.store import Store, TableState
from wildstud.server.table import Table, TableStatus

FULL = 1.0
AWAY = 0.05


def _to_act(table: Table, seat: Seat) -> float | None:
    """The action clock of ``seat``'s turn, if it is that seat's turn and timed."""
    live = table.live
    clock = table.driver.turn.clock
    if live is None or live.hand.to_act is None or clock is None:
        return None
    return clock.action if live.setup.lineup[live.hand.to_act] == seat.index else None


async def _clocks() -> tuple[float | None, float | None, bool, bool, float | None]:
    settings = TableSettings(
        name="away",
        games=[GameEntry(game="FTQ")],
        seats=2,
        action_clock=FULL,
        away_clock=AWAY,
        time_bank=0,
        bot_delay=0,
        hand_pause=0,
        showdown_pause=0,
        choice_clock=0.05,
        absent_hands=100,
    )
    state = TableState(
        "t1", "away", "h" * 64, "j", "w", settings.model_dump(mode="json"), "waiting", None, 0, None
    )
    store = Store("sqlite://")
    store.create_table(state)
    table = Table(state, [], store)
    table.start_driver()
    try:
        ann, _ = await table.join("Ann", None)
        await table.add_bot(SeatKind.CALLING_BOT, None, None)
        await table.set_status(TableStatus.RUNNING)
        await wait_until(lambda: _to_act(table, ann) is not None, "Ann's first turn")
        first = _to_act(table, ann)
        await wait_until(lambda: ann.timed_out or ann.missed_hands > 0, "the clock to act for Ann")
        away = ann.away and table.info()["seats"][ann.index]["away"]
        await wait_until(lambda: _to_act(table, ann) == AWAY, "Ann's turn on the away clock")
        later = _to_act(table, ann)
        ann.clients.add(object())  # type: ignore[arg-type]  # a page of hers opens again
        back = not ann.away
        return first, later, away, back, table.settings.away_clock
    finally:
        await table.stop()
        store.close()


def test_a_player_whose_tab_is_closed_is_away_after_one_missed_turn_and_gets_a_short_clock() -> (
    None
):
    first, later, away, back, setting = asyncio.run(_clocks())
    assert first == FULL
    assert away
    assert later == setting == AWAY
    assert back
