"""The tournament desk's slice of the table's pure core (:mod:`wildstud.server.table.desk`):
the host's rebuy and add-on as commands, each one's outcome from a given tournament with no
store and no event loop; a refusal leaves the tournament as it was and writes nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from wildstud.errors import TableError
from wildstud.server.store.records import Changes, SeatState
from wildstud.server.table.core import Credit, Refused, TableNews
from wildstud.server.table.desk import GiveAddOn, GiveRebuy, handle
from wildstud.server.tourney import Tourney
from wildstud.server.tourney_schemas import TournamentSettings
from wildstud.tournament import TournamentError

START = 1000
RULES = TournamentSettings(buy_in=20, rebuy_levels=2, rebuys_per_player=1, addon_chips=1500).made(
    START
)
NOW = 50.0


def _row(seat: int, stack: int, kind: str = "player") -> SeatState:
    return SeatState(seat, f"p{seat}", f"n{seat}", kind, None, stack, False, 0, 0.0, 0, False)


ROWS = (_row(0, 0), _row(1, 800), _row(2, 2500, "calling-bot"))


def _rebuy(seat: int, *, in_hand: bool = False, rows: tuple[SeatState, ...] = ROWS) -> GiveRebuy:
    return GiveRebuy(seat, rows, in_hand, RULES, START)


def _addon(seat: int, *, in_hand: bool = False) -> GiveAddOn:
    return GiveAddOn(seat, ROWS, in_hand, RULES, START)


def test_a_rebuy_between_hands_writes_the_chips_the_ledger_and_the_tournament_at_once() -> None:
    before = Tourney()
    out = handle(before, _rebuy(0), NOW)
    assert out.reply is None
    entry = out.state.entry("p0") if out.state is not None else None
    assert entry is not None
    assert (entry.rebuys, entry.pending) == (1, 0)
    assert out.state is not None
    assert [e.player_id for e in out.state.entries] == ["p0", "p1", "p2"]  # the seated enter
    assert out.effect is not None
    changes = out.effect.request
    assert isinstance(changes, Changes)
    assert [(row.seat, row.stack) for row in changes.seats] == [(0, START)]
    assert [(e.reason, e.amount, e.house) for e in changes.ledger] == [("rebuy", START, False)]
    assert changes.tournament == out.state.to_json(NOW)
    assert out.follow == (Credit(changes.seats[0]),)  # the seating takes the row
    assert out.news == (TableNews(),)
    assert before == Tourney()  # a value: the state handed in is not changed


def test_a_rebuy_in_a_hand_waits_for_its_end_and_moves_no_chips_now() -> None:
    out = handle(Tourney(), _rebuy(1, in_hand=True), NOW)
    assert out.state is not None
    entry = out.state.entry("p1")
    assert entry is not None
    assert (entry.rebuys, entry.pending) == (1, START)
    assert out.effect is not None
    assert isinstance(out.effect.request, Changes)
    assert not out.effect.request.seats
    assert not out.effect.request.ledger
    assert out.effect.request.tournament is not None
    assert out.follow == ()


def test_the_add_on_tops_up_any_stack_once() -> None:
    out = handle(Tourney(), _addon(2), NOW)
    assert out.effect is not None
    assert isinstance(out.effect.request, Changes)
    (row,) = out.effect.request.seats
    assert row.stack == 2500 + 1500
    assert [(e.reason, e.house) for e in out.effect.request.ledger] == [("top-up", True)]
    again = handle(out.state, _addon(2), NOW)
    assert isinstance(again.reply, Refused)
    assert str(again.reply.error) == "n2 has had the add-on"
    assert again.state is out.state
    assert again.effect is None


@pytest.mark.parametrize(
    ("state", "command", "error", "message"),
    [
        (None, _rebuy(0), TournamentError, "this table is not a tournament"),
        (Tourney(), _rebuy(4), TableError, "seat 4 is empty"),
        (Tourney(), _rebuy(2), TournamentError, "n2 has 2500 chips"),
        (Tourney(finished=True), _rebuy(0), TournamentError, "rebuys are closed"),
        (Tourney(finished=True), _addon(0), TournamentError, "the add-on is not open now"),
        (
            handle(Tourney(), _rebuy(0), NOW).state,
            _rebuy(0, rows=(_row(0, 0),)),
            TournamentError,
            "n0 has had the 1 rebuys a player may",
        ),
    ],
)
def test_a_refused_rebuy_or_add_on_writes_nothing_and_changes_nothing(
    state: Tourney | None, command: GiveRebuy, error: type[Exception], message: str
) -> None:
    out = handle(state, command, NOW)
    assert isinstance(out.reply, Refused)
    assert isinstance(out.reply.error, error)
    assert str(out.reply.error).startswith(message)
    assert out.state is state
    assert (out.effect, out.news, out.follow) == (None, (), ())


def test_an_entrant_out_of_the_tournament_is_refused() -> None:
    entry = Tourney().entered("p0", 0, "n0").entry("p0")
    assert entry is not None
    out = handle(Tourney(entries=(replace(entry, place=3),)), _rebuy(0), NOW)
    assert isinstance(out.reply, Refused)
    assert str(out.reply.error) == "n0 is out of the tournament"
