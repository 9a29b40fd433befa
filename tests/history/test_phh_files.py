"""Files of many hands (``.phhs``): read and written, judged and replayed one hand at a time, and
written by ``arena --save-hands``."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from pokerkit import HandHistory

from tests.tools.cli_run import run
from wildstud.bots import RandomBot, take_turn
from wildstud.cards import Deck
from wildstud.deal import Hand, Phase
from wildstud.errors import RecordError
from wildstud.history import (
    HandRecord,
    RecordsWriter,
    holds_many,
    judge,
    load_all,
    read_record,
    read_records,
    record_from_hand,
    write_record,
    write_records,
)

GAMES = ("FTQ", "SMBU", "BD7", "BD5", "BITCH", "F7S")


def played(seed: int) -> HandRecord:
    """A hand of one of the games, random bots, every card in the record."""
    rng = random.Random(seed)
    game = GAMES[seed % len(GAMES)]
    hand = Hand(game, [60] * rng.randint(2, 5), deck=Deck(seed=seed))
    bot = RandomBot(seed=seed)
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            take_turn(hand, bot)
        else:
            hand.step()
    return record_from_hand(hand, reveal="all")


RECORDS = [played(seed) for seed in range(24)]


def test_hands_round_trip_through_a_phhs_file(tmp_path: Path) -> None:
    text = write_records(RECORDS)
    assert text.startswith("[1]\n")
    assert "\n[24]\n" in text
    assert holds_many(text)
    assert read_records(text) == tuple(RECORDS)
    path = tmp_path / "night.phhs"
    with path.open("w", encoding="utf-8") as out:
        writer = RecordsWriter(out)
        for record in RECORDS:
            writer.write(record)
    assert path.read_text(encoding="utf-8") == text
    assert load_all(path) == tuple(RECORDS)
    # A file of one hand reads as a tuple of one, and is not a file of many.
    single = write_record(RECORDS[0])
    assert read_records(single) == (RECORDS[0],)
    assert not holds_many(single)


def test_a_phhs_file_written_by_pokerkit_reads_hand_by_hand() -> None:
    stud = [record for record in RECORDS if record.variant == "F7S"]
    text = HandHistory.dumps_all(HandHistory.loads(write_record(record)) for record in stud)
    assert [record.actions for record in read_records(text)] == [r.actions for r in stud]


def test_an_error_names_the_hand(tmp_path: Path) -> None:
    text = write_records(RECORDS[:3]).replace("[3]\nvariant", "[3]\ncolour = 1\nvariant", 1)
    with pytest.raises(RecordError, match=r"^hand \[3\]: field `colour`: not a PHH field"):
        read_records(text)
    with pytest.raises(RecordError, match=r"hand \[x\]: a file of many hands"):
        read_records("x = 3\n")


def test_judge_rules_on_every_hand_of_a_phhs_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "night.phhs"
    path.write_text(write_records(RECORDS), encoding="utf-8")
    code, out, _ = run(capsys, "judge", str(path), "--json", "--strict")
    assert code == 0
    hands = json.loads(out)["hands"]
    assert [hand["hand"] for hand in hands] == list(range(1, 25))
    assert [hand["payouts"] for hand in hands] == [
        judge(record).to_json()["payouts"] for record in RECORDS
    ]
    assert all(hand["checks_agree"] for hand in hands)
    code, out, _ = run(capsys, "judge", str(path))
    assert code == 0
    assert "hand 24 of 24" in out


def test_judge_strict_fails_a_phhs_file_with_one_hand_wrong(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import dataclasses

    wrong = dataclasses.replace(RECORDS[5], winnings=(0,) * RECORDS[5].player_count)
    path = tmp_path / "night.phhs"
    path.write_text(write_records([*RECORDS[:5], wrong]), encoding="utf-8")
    code, out, _ = run(capsys, "judge", str(path), "--json", "--strict")
    assert code == 1
    assert [hand["checks_agree"] for hand in json.loads(out)["hands"]] == [True] * 5 + [False]


def test_replay_steps_through_every_hand_of_a_phhs_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "night.phhs"
    path.write_text(write_records(RECORDS[:3]), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "hand 1 of 3" in out
    assert "hand 3 of 3" in out


def test_odds_take_one_hand_only(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "night.phhs"
    path.write_text(write_records(RECORDS[:3]), encoding="utf-8")
    code, _, err = run(capsys, "odds", "--record", str(path))
    assert code == 2
    assert "holds 3 hands (a .phhs file): this command takes one hand" in err


def test_arena_saves_the_hands_it_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "arena.phhs"
    args = ["arena", "--game", "BITCH", "--game", "F7S", "--hands", "12", "--bots", "random,call"]
    code, out, _ = run(capsys, *args, "--seed", "4", "--json", "--save-hands", str(path))
    assert code == 0
    records = load_all(path)
    assert len(records) == json.loads(out)["hands"] == 12
    assert {record.variant for record in records} == {"BITCH", "F7S"}
    for record in records:
        ruling = judge(record)
        assert ruling.complete
        assert ruling.stacks == record.finishing_stacks
    # Under the pokerkit preset, pokerkit replays the arena's stud hands to the same stacks.
    code, _, _ = run(
        capsys,
        *["arena", "--game", "F7S", "--hands", "10", "--bots", "random,random", "--json"],
        *["--preset", "pokerkit", "--save-hands", str(path)],
    )
    assert code == 0
    text = path.read_text(encoding="utf-8")
    finals = [tuple(list(history)[-1].stacks) for history in HandHistory.loads_all(text)]
    assert finals == [record.finishing_stacks for record in read_records(text)]
    assert all(record.house_rules["cap_heads_up"] is True for record in read_records(text))


def test_arena_refuses_a_file_it_cannot_write_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "missing" / "arena.phhs"
    code, out, err = run(
        capsys, "arena", "--hands", "8", "--bots", "call,call", "--save-hands", str(target)
    )
    assert code == 2
    assert out == ""
    assert err.startswith("error: cannot write")
    assert len(err.strip().splitlines()) == 1


def test_a_saved_hand_reads_as_it_was_written() -> None:
    buffer = io.StringIO()
    RecordsWriter(buffer).write(RECORDS[0])
    assert read_record(buffer.getvalue().split("\n", 1)[1]) == RECORDS[0]


def test_study_saves_the_deals_it_counted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "study.phhs"
    args = ["study", "BITCH", "--players", "3", "--deals", "60", "--seed", "5", "--json"]
    code, out, _ = run(capsys, *args, "--save-hands", str(path))
    assert code == 0
    summary = json.loads(out)
    records = load_all(path)
    assert len(records) == summary["deals"] == 60
    redealt = sum(1 for record in records if "# redeal" in write_record(record))
    assert redealt == round(summary["redealt"]["value"] * 60)
    assert redealt > 0  # the queen of spades face up: some deals are dealt again
    for record in records:
        ruling = judge(record)
        assert ruling.complete
        assert ruling.stacks == record.finishing_stacks
