"""The tournament as a value (:mod:`wildstud.server.tourney`): a clock that runs only while
the table does, levels in minutes and in hands, breaks, knock-outs placed by when they busted
(one hand's by its starting stacks, ties sharing), prizes and deals that add up to the pool,
and the state as stored read back; and the settings' refusals."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from wildstud.server.tourney import Entry, Tourney
from wildstud.server.tourney_schemas import BreakModel, LevelModel, TournamentSettings
from wildstud.tournament import Break, Level, TournamentError, payouts

MINUTES = (
    Level(1, 2, 5, 10, minutes=1),
    Break(0.5),
    Level(2, 3, 10, 20, minutes=1),
    Level(5, 5, 20, 40, minutes=1),
)


def test_the_clock_runs_only_while_the_table_runs() -> None:
    state = Tourney().started(0.0)
    state, level = state.dealt(10.0, MINUTES)
    assert level.small_bet == 5
    assert state.left(10.0, MINUTES) == (50.0, None)
    state = state.stopped(30.0)  # the host pauses for an hour: nothing counts
    assert state.left(3630.0, MINUTES) == (30.0, None)
    state = state.started(3630.0)
    # The level's minute is up mid-hand: the clock shows the break, no hand may be dealt.
    rolled = state.rolled(3661.0, MINUTES, between_hands=True)
    assert rolled.on_break(MINUTES)
    assert rolled.level_number(MINUTES) == 1
    assert rolled.left(3661.0, MINUTES) == pytest.approx((29.0, None))
    with pytest.raises(TournamentError, match="break"):
        state.dealt(3661.0, MINUTES)
    # After the break, level 2; a long wait skips to the last level, which never ends.
    state, level = state.dealt(3691.0, MINUTES)
    assert (level.small_bet, state.level_number(MINUTES)) == (10, 2)
    assert state.next_level(MINUTES) == MINUTES[3]
    state, level = state.dealt(9000.0, MINUTES)
    assert level.small_bet == 20
    assert state.left(9000.0, MINUTES) == (None, None)
    assert state.next_level(MINUTES) is None


def test_levels_in_hands_change_between_hands_only() -> None:
    schedule = (
        Level(1, 2, 5, 10, minutes=None, hands=2),
        Break(1),
        Level(2, 3, 10, 20, minutes=None, hands=5),
    )
    state = Tourney().started(0.0)
    state, _ = state.dealt(0.0, schedule)
    assert state.left(0.0, schedule) == (None, 1)
    state, _ = state.dealt(1.0, schedule)
    assert state.left(1.0, schedule) == (None, 0)
    # In the level's last hand the clock stays at it; once it is over, the break runs.
    assert not state.rolled(2.0, schedule, between_hands=False).on_break(schedule)
    ended = state.rolled(2.0, schedule, between_hands=True)
    assert ended.on_break(schedule)
    assert ended.left(32.0, schedule) == (30.0, None)
    state, level = ended.dealt(62.0, schedule)
    assert level.small_bet == 10


def test_restarted_clock_resumes_from_what_was_stored() -> None:
    state = Tourney().started(100.0)
    state, _ = state.dealt(100.0, MINUTES)
    stored = state.to_json(120.0)
    back = Tourney.from_json(stored)
    assert back.since is None  # stopped until the table runs
    assert back.left(0.0, MINUTES) == (40.0, None)  # the time the server was down is nobody's
    assert back.entries == state.entries


def _entered(*names: str) -> Tourney:
    state = Tourney()
    for seat, name in enumerate(names):
        state = state.entered(name.lower(), seat, name)
    return state


def test_knock_outs_are_placed_by_when_they_busted() -> None:
    state = _entered("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
    starts = {"ann": 100, "bob": 100, "cy": 100, "dee": 100, "eve": 100, "fay": 100}
    # Hand 3: Cy busts with no rebuy left to him: out, sixth.
    stacks = {**starts, "cy": 0, "ann": 200}
    state = state.hand_ended(3, starts, stacks, {})
    cy = state.entry("cy")
    assert cy is not None
    assert cy.place == 6
    # Hand 4: Dee (started with 40) and Eve (started with 60) bust; Eve might rebuy, so both
    # wait for the next deal, and then go out together, the smaller stack lower.
    starts = {"ann": 200, "bob": 100, "dee": 40, "eve": 60, "fay": 100}
    stacks = {"ann": 300, "bob": 100, "dee": 0, "eve": 0, "fay": 100}
    waiting = state.hand_ended(4, starts, stacks, {"eve": True})
    assert [e.place for e in waiting.entries if e.name in ("Dee", "Eve")] == [None, None]
    out = waiting.knocked_out([e for e in waiting.still_in if e.busted is not None])
    dee, eve = out.entry("dee"), out.entry("eve")
    assert dee is not None
    assert eve is not None
    assert (dee.place, eve.place) == (5, 4)
    # Hand 5: Bob and Fay bust level: they tie for 2nd and 3rd; Ann wins.
    starts = {"ann": 300, "bob": 100, "fay": 100}
    stacks = {"ann": 500, "bob": 0, "fay": 0}
    done = out.hand_ended(5, starts, stacks, {"bob": True})  # fewer than two hold chips
    assert [(e.name, e.place, e.tied) for e in done.entries] == [
        ("Ann", 1, 1), ("Bob", 2, 2), ("Cy", 6, 1), ("Dee", 5, 1), ("Eve", 4, 1), ("Fay", 2, 2),
    ]  # fmt: skip
    paid = done.finish(120, {2: (50, 30, 20)})
    prizes = {e.name: e.prize for e in paid.entries}
    # Bob and Fay share 2nd and 3rd (36 + 24).
    assert prizes == {"Ann": 60, "Bob": 30, "Fay": 30, "Cy": 0, "Dee": 0, "Eve": 0}
    assert sum(prize for prize in prizes.values() if prize is not None) == 120


def test_a_deal_pays_the_players_left_and_adds_up() -> None:
    state = _entered("Ann", "Bob", "Cy", "Dee", "Eve")
    state = state.knocked_out([Entry("eve", 4, "Eve", busted=(2, 10))])
    pool = 5 * 20 + 20  # five entries and a rebuy
    table = {2: (50, 30, 20)}
    deal = state.dealt_out("icm", {"ann": 5000, "bob": 3000, "cy": 1500, "dee": 500}, pool, table)
    assert deal.finished
    assert deal.deal == "icm"
    prizes = [e.prize for e in deal.entries]
    assert sum(p or 0 for p in prizes) == pool
    assert [e.place for e in deal.entries] == [1, 2, 3, 4, 5]
    # Four players share 60/36/24 and the fourth place's nothing; Eve's fifth pays nothing.
    assert payouts(pool, 5, table) == [60, 36, 24]
    assert prizes[4] == 0
    with pytest.raises(TournamentError, match="two players or more"):
        state.dealt_out("icm", {"ann": 5000, "bob": 0, "cy": 0, "dee": 0}, pool, table)


def test_settings_are_refused_with_reasons() -> None:
    level = LevelModel(ante=1, bring_in=2, small_bet=5, big_bet=10, minutes=10)
    TournamentSettings(levels=[level, BreakModel(minutes=5), level])
    cases = [
        ({"levels": [level, BreakModel(minutes=5)]}, "ends with a level"),
        ({"levels": [level], "rebuy_levels": 2}, "rebuy_levels is 2"),
        ({"levels": [level], "payouts": {2: [60, 30]}}, "add up to 100"),
        ({"levels": [level], "payouts": {3: [100]}}, "start at 2 entrants"),
    ]
    for values, words in cases:
        with pytest.raises(ValidationError, match=words):
            TournamentSettings.model_validate(values)
    with pytest.raises(ValidationError, match="minutes or of hands"):
        LevelModel(ante=1, bring_in=2, small_bet=5, big_bet=10)
    with pytest.raises(ValidationError, match="bring-in <= small bet"):
        LevelModel(ante=1, bring_in=20, small_bet=5, big_bet=10, hands=2)
