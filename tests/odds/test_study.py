"""Studies: the counts, their report, and the same answer on a Dask cluster as locally."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from wildstud.cli import app
from wildstud.cli import study as study_command
from wildstud.errors import OptionError, TableError
from wildstud.odds.report import write_report
from wildstud.odds.study import study


def _same(a: object, b: object) -> bool:
    return all(
        np.array_equal(getattr(a, name), getattr(b, name))
        for name in a.__dataclass_fields__  # type: ignore[attr-defined]
    )


def test_counts_are_consistent() -> None:
    result = study("BITCH", 6, deals=5 * 4096, seed=1)
    c = result.counts
    assert c.deals == 5 * 4096 == c.winner_category.sum() == c.redeals.sum() == c.changes.sum()
    assert c.hands == 6 * 5 * 4096 == c.hand_category.sum() == c.wilds_held.sum()
    assert c.wilds_held[0] == c.hands  # nothing is wild in The Bitch as the sheet plays it
    assert 0 < c.scoops < c.special < c.deals
    # Without wild cards, the plain categories are the categories.
    assert np.array_equal(c.hand_category, c.hand_plain_category)
    # Baby Daddy: every hand holds at least one wild card, its last.
    bd = study("BD7", 6, deals=8_000, seed=1).counts
    assert bd.wilds_held[0] == 0
    assert bd.winner_category[9] > 0


def test_a_study_on_a_dask_cluster_matches_the_local_one() -> None:
    distributed = pytest.importorskip("distributed")
    local = study("FTQ", 5, deals=3 * 4096, seed=8)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = study("FTQ", 5, deals=3 * 4096, seed=8, scheduler=client)
    assert _same(local.counts, remote.counts)
    assert not _same(local.counts, study("FTQ", 5, deals=3 * 4096, seed=9).counts)


def test_report_and_command(tmp_path: Path) -> None:
    result = study("SMBU", 4, deals=4_000, seed=2)
    path = write_report(result, tmp_path / "smbu")
    text = path.read_text()
    assert "| five of a kind |" in text
    assert "categories.svg" in text
    for name in ("categories", "wilds", "changes", "plain"):
        assert (tmp_path / "smbu" / f"{name}.png").stat().st_size > 1000
        assert (tmp_path / "smbu" / f"{name}.svg").read_text().startswith("<?xml")
    assert study_command.study  # the command registers on import
    out = CliRunner().invoke(app, ["study", "BD5", "--players", "10", "--deals", "2000"])
    assert out.exit_code == 0, out.output
    assert "five of a kind" in out.output


def _rows(output: str) -> list[str]:
    return [line.split("│")[1].strip() for line in output.splitlines() if line.startswith("│")]


def test_the_summary_has_a_header_and_lists_the_categories_best_first() -> None:
    out = CliRunner().invoke(app, ["study", "FTQ", "--players", "4", "--deals", "2000"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].startswith("Follow the Queen (FTQ), 4 players, 2,000 deals in")
    assert "winning hand" in lines[2]
    assert "95% interval" in lines[2]
    assert _rows(out.output)[:3] == ["five of a kind", "straight flush", "four of a kind"]
    assert _rows(out.output)[9:] == [
        "high card",
        "pot split between equal hands",
        "won with no wild card",
    ]
    below = [
        "study",
        "FTQ",
        "--players",
        "4",
        "--deals",
        "2000",
        "--option",
        "five_of_a_kind_top=false",
    ]
    assert _rows(CliRunner().invoke(app, below).output)[:2] == ["straight flush", "five of a kind"]
    # Plain stud: no five of a kind, nothing about wild cards or redeals.
    out = CliRunner().invoke(app, ["study", "F7S", "--players", "4", "--deals", "2000"])
    assert _rows(out.output) == [
        "straight flush",
        "four of a kind",
        "full house",
        "flush",
        "straight",
        "three of a kind",
        "two pair",
        "one pair",
        "high card",
        "pot split between equal hands",
    ]


def test_a_report_leaves_out_what_cannot_apply(tmp_path: Path) -> None:
    baseline = study("F7S", 5, deals=3_000, seed=4)
    path = write_report(baseline, tmp_path / "f7s")
    text = path.read_text()
    assert sorted(p.name for p in (tmp_path / "f7s").glob("*.png")) == ["categories.png"]
    for absent in ("five of a kind", "Wild cards", "wild card", "Redeals", "plain stud"):
        assert absent not in text, absent
    assert "| straight flush |" in text
    # Baby Daddy's table-wide wild cards never change (each hand's last card sets its own):
    # no plot of one bar; and it never redeals.
    text = write_report(
        study("BD7", 5, deals=3_000, seed=4), tmp_path / "bd7", baseline
    ).read_text()
    assert not (tmp_path / "bd7" / "changes.png").exists()
    assert (tmp_path / "bd7" / "wilds.png").exists()
    assert "No face-up card changes the wild cards" in text
    assert "Redeals" not in text
    assert "| category | wins the pot | wins the pot in F7S | any hand at the showdown |" in text
    assert "| five of a kind | " in text
    assert (
        next(line for line in text.splitlines() if "five of a kind |" in line).count("| – |") == 1
    )
    # The Bitch as the sheet plays it: nothing wild, but redeals and the split pot.
    text = write_report(study("BITCH", 5, deals=3_000, seed=4), tmp_path / "bitch").read_text()
    assert "## Redeals" in text
    assert "Wild cards" not in text
    assert "One player takes both halves" in text


def test_the_index_compares_every_game_with_the_baseline(tmp_path: Path) -> None:
    from wildstud.odds.report import write_index

    studies = [
        (study(code, 4, deals=2_000, seed=5), f"{code}/README.md") for code in ("F7S", "SMBU")
    ]
    text = write_index(studies, tmp_path).read_text()
    assert "| category | [F7S](F7S/README.md) | [SMBU](SMBU/README.md) |" in text
    assert "| five of a kind | – |" in text
    assert (tmp_path / "games.png").stat().st_size > 1000


def test_bad_input_is_refused() -> None:
    with pytest.raises(TableError, match="2 to 7 players"):
        study("BD7", 8, deals=10)
    with pytest.raises(OptionError, match="queens"):
        study("FTQ", 4, deals=10, options={"queens": "some"})
