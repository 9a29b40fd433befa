"""The command line: help, version, ``wildstud tables`` and how bad input is reported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tools.cli_run import run
from tests.tools.published_tables import SEVEN_CARDS
from wildstud import __version__
from wildstud.hands import Category

WILDSTUD = Path(sys.executable).with_name("wildstud")


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "tables" in out


def test_tables_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tables", "--help")
    assert code == 0
    for option in ("--cards", "--wild", "--json", "--five-of-a-kind-top", "--double-ace-flush"):
        assert option in out
    assert "deck order" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert (code, out.strip()) == (0, f"wildstud {__version__}")


def test_tables_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "tables", "--cards", "5", "--wild", "2", "--json")
    assert (code, err) == (0, "")
    record = json.loads(out)
    assert list(record) == ["cards", "wild", "total", "counts", "shares", "house_rules"]
    assert record["cards"] == 5
    assert record["wild"] == ["2c", "2d", "2h", "2s"]
    assert record["total"] == 2598960 == sum(record["counts"].values())
    assert set(record["counts"]) == {category.name for category in Category}
    assert record["counts"]["FIVE_OF_A_KIND"] == 672


def test_tables_json_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tables", "--cards", "5", "--wild", "Qs,7", "--json", "--double-ace-flush"]
    code, out, _ = run(capsys, *args, "--five-of-a-kind-below")
    assert code == 0
    record = json.loads(out)
    assert record["wild"] == ["7c", "7d", "7h", "7s", "Qs"]
    assert list(record["counts"])[:2] == ["STRAIGHT_FLUSH", "FIVE_OF_A_KIND"]


def test_tables_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tables", "--cards", "5")
    assert code == 0
    assert "2,598,960 hands of 5 cards, wild: none" in out
    lines = [line for line in out.splitlines() if "%" in line]
    # With nothing wild there is no five of a kind to list.
    assert [line.split("│")[1].strip() for line in lines][:2] == [
        "straight flush",
        "four of a kind",
    ]
    assert "1,302,540" in out
    assert "50.1177%" in out
    code, out, _ = run(capsys, "tables", "--cards", "5", "--wild", "2")
    assert next(line.split("│")[1].strip() for line in out.splitlines() if "%" in line) == (
        "five of a kind"
    )


# The shares of seven-card stud's hands as published (Wikipedia's "Poker probability").
SEVEN_CARD_STUD_PERCENT = {
    "straight flush": "0.0311%",
    "four of a kind": "0.1681%",
    "full house": "2.5961%",
    "flush": "3.0255%",
    "straight": "4.6194%",
    "three of a kind": "4.8299%",
    "two pair": "23.4955%",
    "one pair": "43.8225%",
    "high card": "17.4119%",
}


@pytest.mark.slow
def test_tables_of_plain_seven_card_stud(capsys: pytest.CaptureFixture[str]) -> None:
    # Every one of the 133,784,560 hands of seven cards: about 9 s on one core.
    code, out, _ = run(capsys, "tables", "F7S", "--json")
    assert code == 0
    record = json.loads(out)
    assert (record["cards"], record["wild"], record["total"]) == (7, [], 133_784_560)
    assert {name: n for name, n in record["counts"].items() if n} == {
        category.name: count for category, count in SEVEN_CARDS.items()
    }
    code, out, _ = run(capsys, "tables", "F7S")
    assert "Seven-Card Stud: 133,784,560 hands of 7 cards, wild: none" in out
    rows = [[cell.strip() for cell in line.split("│")] for line in out.splitlines() if "%" in line]
    assert {row[1]: row[3] for row in rows} == SEVEN_CARD_STUD_PERCENT


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--wild", "Xq"], "not a rank or a card: 'Xq'"),
        (["--cards", "8"], "--cards must be 5, 6 or 7, not '8'"),
        (["--cards", "seven"], "--cards must be 5, 6 or 7, not 'seven'"),
        (["FTQ"], "Follow the Queen's wild cards depend on the deal: use --wild"),
        (["F7S", "--cards", "5"], "a hand of F7S holds 7 cards, not 5"),
        (["F7S", "--wild", "2"], "F7S has no wild cards: leave out --wild"),
        (["razz"], "no game called 'razz'"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "tables", "--json", *args)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"error: {message}")


def test_installed_script() -> None:
    if not WILDSTUD.exists():
        pytest.skip("no wildstud script beside this interpreter")
    done = subprocess.run(
        [str(WILDSTUD), "tables", "--cards", "5", "--wild", "Z"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
