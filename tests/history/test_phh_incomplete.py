"""One policy for records that stop early: judge, replay and ``odds --record`` take a record cut
anywhere (between actions, in the middle of a street's dealing, in the middle of a betting round,
after a redeal, at the showdown) as it stands (docs/records.md, "Records that stop early").

The records are the examples of docs/records.md, one of each game, cut after every action.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from tests.tools.cli_run import run
from wildstud.history import HandRecord, judge, read_record, replay, write_record

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [
    read_record(block)
    for block in re.findall(r"```toml\n(.*?)```", (ROOT / "docs/records.md").read_text(), re.S)
    if "actions = [" in block and "variant" in block
]


def cut(record: HandRecord, count: int) -> HandRecord:
    """The record's first ``count`` actions; its figures of the whole hand dropped."""
    return dataclasses.replace(
        record, actions=record.actions[:count], finishing_stacks=None, winnings=None
    )


def test_the_examples_cover_every_game() -> None:
    assert sorted(record.variant for record in EXAMPLES) == [
        "BD5",
        "BITCH",
        "F7S",
        "FTQ",
        "SMBU",
    ]


@pytest.mark.parametrize("record", EXAMPLES, ids=[record.variant for record in EXAMPLES])
def test_judge_and_replay_take_a_record_cut_after_any_action(
    capsys: pytest.CaptureFixture[str], record: HandRecord
) -> None:
    whole = judge(record)
    for count in range(len(record.actions) + 1):
        part = cut(record, count)
        ruling = judge(part)
        played = replay(part, fill_in=True)
        assert played.complete == ruling.complete
        if not ruling.complete:
            assert ruling.stopped is not None
            assert all(not pot.shares for pot in ruling.pots)  # nothing awarded yet
        text = write_record(part)
        code, out, err = run(capsys, "judge", "-", "--json", stdin=text)
        assert (code, err) == (0, ""), (count, err)
        assert json.loads(out)["game"] == record.variant
        code, out, err = run(capsys, "replay", "-", stdin=text)
        assert (code, err) == (0, ""), (count, err)
    assert judge(cut(record, len(record.actions))).stacks == whole.stacks


def test_a_record_cut_facing_a_bet_stops_before_that_player_acts() -> None:
    (stud,) = [record for record in EXAMPLES if record.variant == "F7S"]
    facing = [
        count
        for count, action in enumerate(stud.actions, 1)
        if str(action).startswith("CompleteBetRaise")
    ]
    for count in facing:
        ruling = judge(cut(stud, count))
        assert not ruling.complete
        assert ruling.stopped is not None
        assert "facing a bet" in ruling.stopped


# Odds take longer than a ruling (a simulation each): every cut of the two shortest hands, and
# every third cut of the others, mid-street and mid-betting among them.
ODDS_CUTS = [
    (record, count)
    for record in EXAMPLES
    for count in range(len(record.actions) + 1)
    if record.variant in ("BD5", "F7S") or count % 3 == 1
]


def test_odds_take_a_record_cut_anywhere(capsys: pytest.CaptureFixture[str]) -> None:
    refused = []
    for record, count in ODDS_CUTS:
        text = write_record(cut(record, count))
        code, out, err = run(
            capsys, "odds", "--record", "-", "--deals", "200", "--json", stdin=text
        )
        if code == 2 and "face-up card still to come on it could stop the deal" in err:
            refused.append((record.variant, count))  # The Bitch, its face-up cards half dealt
            continue
        assert (code, err) == (0, ""), (record.variant, count, err)
        seats = json.loads(out)["seats"].values()
        assert sum(seat["pot_share"]["value"] for seat in seats) == pytest.approx(1, abs=1e-6)
    assert {variant for variant, _ in refused} <= {"BITCH"}
