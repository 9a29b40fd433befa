"""``wildstud odds`` on the command line: known cards, a hand record, JSON, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wildstud.cli import app, main
from wildstud.cli import odds as odds_command

RECORD = """
variant = "FTQ"
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [50, 50]
actions = ["d dh p1 AsAhQh", "d dh p2 9c9d7d", "p2 pb", "p1 cc"]
"""


def _run(*args: str) -> dict[str, object]:
    # Registered on the app when its module is imported.
    assert any(info.callback is odds_command.odds_command for info in app.registered_commands)
    result = CliRunner().invoke(app, ["odds", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def test_known_cards_give_reproducible_json() -> None:
    args: tuple[str, ...] = (
        "SMBU",
        "--players",
        "3",
        "--hole",
        "Qs Qd",
        "--up",
        "1:Qh",
        "--up",
        "2:2c",
    )
    args += ("--up", "3:3c", "--deals", "20000", "--seed", "5")
    first, again = _run(*args), _run(*args)
    assert first["seats"] == again["seats"]
    seats = first["seats"]
    assert isinstance(seats, dict)
    assert seats["p1"]["pot_share"]["value"] > 0.5
    assert abs(sum(seat["pot_share"]["value"] for seat in seats.values()) - 1) < 1e-9


def test_plain_stud_odds_are_counted_exactly() -> None:
    # Sixth street: p1's four kings lose only to the eight of hearts making p2's straight flush
    # (the ace-high one needs the king of hearts, which p1 holds). p2's last card is one of the
    # 40 unseen, so p2's equity is exactly 1/40.
    args = ("F7S", "--players", "2", "--hole", "Ks Kd", "--up", "1:Kh Kc 2c 3d")
    data = _run(*args, "--hole", "2:9h Th", "--up", "2:Jh Qh 4s 5s", "--exact")
    assert (data["game"], data["street"], data["exact"]) == ("F7S", "sixth street", True)
    seats = data["seats"]
    assert isinstance(seats, dict)
    assert [seats[p]["pot_share"]["value"] for p in ("p1", "p2")] == [
        pytest.approx(39 / 40),
        pytest.approx(1 / 40),
    ]
    assert all(seat["ties"]["value"] == 0 for seat in seats.values())


def test_a_record_is_answered_where_it_stops(tmp_path: Path) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(RECORD)
    data = _run("--record", str(path), "--deals", "20000")
    assert data["game"] == "FTQ"
    assert data["street"] == "third street"
    seats = data["seats"]
    assert isinstance(seats, dict)
    # The seven follows p1's queen, so p2's own seven is wild: three nines against two aces.
    assert seats["p2"]["pot_share"]["value"] > 0.5 > seats["p1"]["pot_share"]["value"]


def test_bad_input_exits_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["odds", "FTQ", "--players", "2", "--up", "1:As As", "--up", "2:Kd"])
    assert exit_.value.code == 2
    assert "twice: As" in capsys.readouterr().err


def test_a_count_of_deals_between_chunks_is_said_rounded(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Deals come in seeded chunks of 4,096 (the same answer on any number of cores).
    with pytest.raises(SystemExit):
        main(["odds", "FTQ", "--players", "2", "--deals", "20000", "--seed", "1"])
    first = capsys.readouterr().out.splitlines()[0]
    assert (
        first
        == "Follow the Queen: 20,480 deals (20,000 asked, rounded up to whole chunks of 4,096)"
    )
    with pytest.raises(SystemExit):
        main(["odds", "FTQ", "--players", "2", "--deals", "8192", "--seed", "1"])
    assert capsys.readouterr().out.splitlines()[0] == "Follow the Queen: 8,192 deals"
