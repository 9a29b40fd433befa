"""The tournament desk's slice of the table's pure core (:mod:`wildstud.server.table.desk`):
the host's rebuy and add-on, and the seating's follow-ups for the desk (the clock runs with the
table, a player who leaves is out, a deal pays the prizes) as commands, each one's outcome from
a given tournament with no store and no event loop; a refusal leaves the tournament as it was
and writes nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from wildstud.errors import TableError
from wildstud.server.store.records import Changes, SeatState, TableState
from wildstud.server.table.core import (
    AtTable,
    Command,
    Credit,
    DealMade,
    Outcome,
    PlayerOut,
    Refused,
    TableNews,
    TableRuns,
)
from wildstud.server.table.desk import GiveAddOn, GiveRebuy, HandFinished, handle
from wildstud.server.table.seating import EndNight
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


def _table_row(status: str = "running") -> TableState:
    return TableState("t", "x", "h", "j", "w", {}, status, 0, 7, None)


def _at(
    rows: tuple[SeatState, ...] = ROWS,
    *,
    in_hand: bool = False,
    status: str = "running",
    rules: TournamentSettings | None = RULES,
) -> AtTable:
    """What the table would make a follow-up whole with: seven hands dealt."""
    return AtTable(rules, rows, 7, in_hand, _table_row(status))


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
        (None, DealMade("icm", at=_at(rules=None)), TournamentError, "this table is not a"),
        (
            Tourney(),
            DealMade("icm", at=_at(in_hand=True)),
            TournamentError,
            "a deal is made between",
        ),
        (
            Tourney(finished=True),
            DealMade("icm", at=_at()),
            TournamentError,
            "the tournament is over",
        ),
        (
            Tourney(),
            DealMade("icm", at=_at((_row(0, 300), _row(1, 0)))),
            TournamentError,
            "a deal is worked out",
        ),
    ],
)
def test_a_refused_rebuy_add_on_or_deal_writes_nothing_and_changes_nothing(
    state: Tourney | None, command: Command, error: type[Exception], message: str
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


# -- the seating's follow-ups ---------------------------------------------------------------------


def _written(out: Outcome[Tourney | None]) -> Changes:
    """The one write of ``out``, which holds the tournament's new value."""
    assert out.reply is None, out.reply
    assert out.effect is not None
    changes = out.effect.request
    assert isinstance(changes, Changes)
    assert out.state is not None
    assert changes.tournament == out.state.to_json(NOW)
    assert out.news == (TableNews(),)
    return changes


def test_the_clock_runs_and_stops_with_the_table_and_is_written() -> None:
    before = Tourney()
    running = handle(before, TableRuns(True, at=_at()), NOW)
    _written(running)
    assert running.state is not None
    assert running.state.since == NOW
    stopped = handle(running.state, TableRuns(False, at=_at()), NOW + 30)
    assert stopped.state is not None
    assert (stopped.state.since, stopped.state.elapsed) == (None, 30.0)
    assert before == Tourney()


def test_a_player_who_leaves_is_out_at_once_below_everyone_still_in() -> None:
    """Who leaves before anyone else went out takes the last place, as of the hands dealt;
    those seated enter first (nobody had entered: no hand was dealt)."""
    leaving = _row(1, 800)
    rows = (_row(0, 0), _row(2, 2500, "calling-bot"))  # the seating's, without the seat left
    out = handle(Tourney(), PlayerOut(leaving, at=_at(rows)), NOW)
    changes = _written(out)
    assert out.state is not None
    assert [(e.player_id, e.place, e.busted) for e in out.state.entries] == [
        ("p0", None, None),
        ("p1", 3, (7, 0)),
        ("p2", None, None),
    ]
    assert (changes.seats, changes.ledger) == ([], [])  # the seating cashes the chips out
    assert out.follow == ()


def test_the_last_knock_out_pays_the_prizes_and_ends_the_night_in_the_same_change() -> None:
    state = Tourney().entered("p0", 0, "n0").entered("p1", 1, "n1")
    out = handle(state, PlayerOut(_row(0, 0), at=_at((_row(1, 2000),))), NOW)
    _written(out)
    assert out.state is not None
    assert out.state.finished
    assert out.state.since is None  # its clock stands still for good
    assert [(e.player_id, e.place, e.prize) for e in out.state.entries] == [
        ("p0", 2, 0),
        ("p1", 1, 40),  # the pool: two buy-ins of 20
    ]
    assert out.follow == (EndNight(_table_row()),)  # the seating's, folded into the change
    ended = handle(state, PlayerOut(_row(0, 0), at=_at((_row(1, 2000),), status="ended")), NOW)
    assert ended.follow == ()  # the host ended the night already


def test_a_deal_pays_the_players_with_chips_by_it() -> None:
    rows = (_row(0, 300), _row(1, 700))
    out = handle(Tourney(), DealMade("chip-chop", at=_at(rows)), NOW)
    _written(out)
    assert out.state is not None
    assert (out.state.finished, out.state.deal) == (True, "chip-chop")
    assert [(e.player_id, e.place, e.prize) for e in out.state.entries] == [
        ("p0", 2, 12),
        ("p1", 1, 28),
    ]
    assert out.follow == ()  # the night ends by the seating's command that asked the deal


def test_at_a_cash_table_the_clock_and_a_player_leaving_are_nobody_s() -> None:
    for command in (TableRuns(True, at=_at(rules=None)), PlayerOut(_row(0, 0), at=_at(rules=None))):
        assert handle(None, command, NOW) == Outcome(None)


# -- the hand runner's follow-up at a hand's end --------------------------------------------------


def test_a_hand_s_end_brings_the_chips_bought_in_it_before_anyone_is_found_busted() -> None:
    """Seat 0 was emptied by the hand, but its rebuy during the hand comes now: the seat's row
    with the chips and the ledger's entry are written, the seating credited in the same
    change; seat 1 busted and may not rebuy (it had its one): out, below the others."""
    state = Tourney().entered("p0", 0, "n0").entered("p1", 1, "n1").entered("p2", 2, "n2")
    state = state.rebought("p0", 1000).rebought("p1")
    rows = (_row(0, 0), _row(1, 0), _row(2, 3000, "calling-bot"))
    starts = (("p0", 500), ("p1", 500), ("p2", 2000))
    out = handle(state, HandFinished(8, starts, at=_at(rows)), NOW)
    changes = _written(out)
    assert out.state is not None
    credited = replace(rows[0], stack=1000)
    assert changes.seats == [credited]
    assert [(e.seat, e.reason, e.amount) for e in changes.ledger] == [(0, "rebuy", 1000)]
    assert out.follow == (Credit(credited),)
    assert [(e.player_id, e.place, e.pending) for e in out.state.entries] == [
        ("p0", None, 0),
        ("p1", 3, 0),
        ("p2", None, 0),
    ]
    assert [e.pending for e in state.entries] == [1000, 0, 0]  # the state given, as it was


def test_a_hand_s_end_that_leaves_one_player_pays_the_prizes_and_ends_the_night() -> None:
    state = Tourney().entered("p0", 0, "n0").entered("p1", 1, "n1")
    rows = (_row(0, 0), _row(1, 2000))
    out = handle(state, HandFinished(9, (("p0", 1000), ("p1", 1000)), at=_at(rows)), NOW)
    changes = _written(out)
    assert out.state is not None
    assert out.state.finished
    assert [(e.player_id, e.place, e.prize) for e in out.state.entries] == [
        ("p0", 2, 0),
        ("p1", 1, 40),
    ]
    assert (changes.seats, changes.ledger) == ([], [])
    assert out.follow == (EndNight(_table_row()),)  # folded into the hand's end
    cash = handle(None, HandFinished(9, (), at=_at(rows, rules=None)), NOW)
    assert cash == Outcome(None)  # a cash table has no desk
