"""A hand run twice as a record: ``_runs = 2``, run 1 dealt and shown, a ``# run 2`` note, run
2 dealt and shown; read back, it replays to the same hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tools.cli_run import run
from tests.tools.run_twice import all_in_before_the_runs
from wildstud.deal import Awarded, RunStarted
from wildstud.errors import RecordError
from wildstud.history import record_from_hand, write_record
from wildstud.history.phh import read_record
from wildstud.history.replay import replay


def test_a_hand_run_twice_writes_and_replays() -> None:
    hand = all_in_before_the_runs()
    hand.run_twice()
    hand.run()
    text = write_record(record_from_hand(hand))
    assert "_runs = 2" in text
    record = read_record(text)
    assert record.runs == 2
    lines = [line.strip().strip('",') for line in text.splitlines()]
    note = lines.index("# run 2")
    assert lines[note - 2 : note] == ["p1 sm AsAhKc5s7cJd2h", "p2 sm KsKh9c6h8dTd3h"]
    assert lines[note + 1] == "d dh p1 2s"
    assert lines[-3:-1] == ["p1 sm AsAhKc2s4h7d9h", "p2 sm KsKh9cKd5d8cTs"]
    replayed = replay(record)
    assert replayed.complete
    assert replayed.hand.stacks == hand.stacks
    runs = [event for event in replayed.hand.events if isinstance(event, RunStarted)]
    assert runs == [RunStarted(1), RunStarted(2)]
    awards = [(a.run, a.seat, a.amount) for a in replayed.hand.events if isinstance(a, Awarded)]
    assert awards == [(1, 0, 7), (2, 1, 6)]


def test_a_record_run_once_has_no_runs_field() -> None:
    hand = all_in_before_the_runs()
    hand.run()
    text = write_record(record_from_hand(hand))
    assert "_runs" not in text
    assert read_record(text).runs == 1


def test_runs_is_one_or_two() -> None:
    hand = all_in_before_the_runs()
    hand.run_twice()
    hand.run()
    text = write_record(record_from_hand(hand)).replace("_runs = 2", "_runs = 3")
    with pytest.raises(RecordError, match="field `runs`: out of range: 3"):
        read_record(text)


def test_wildstud_replay_shows_both_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = all_in_before_the_runs()
    hand.run_twice()
    hand.run()
    path = tmp_path / "twice.phh"
    path.write_text(write_record(record_from_hand(hand)))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert "run 1 of 2" in out
    assert "run 2 of 2" in out
    assert "p1 wins 7 from the main pot (run 1's half)" in out
    assert "p2 wins 6 from the main pot (run 2's half)" in out
    # Run 2's hands are the hands as run 1 began, with run 2's cards.
    assert "p2  K♠ K♥ 9♣ K♦ 5♦ 8♣ 10♠" in out
