"""One JSON vocabulary (issue 25 item 9): ``players`` is one kind of value in every command, an
interval always holds its value, and the library's JSON methods give what the commands print,
in plain Python values."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.tools.schemas import checked_json, validator
from wildstud.arena import arena
from wildstud.history import load
from wildstud.history.ruling import judge
from wildstud.odds.equity import odds
from wildstud.odds.hindsight import hand_odds
from wildstud.odds.situation import Situation
from wildstud.odds.stats import mean_interval, wilson
from wildstud.odds.study import study
from wildstud.schemas import COMMANDS, schema

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "examples" / "ftq-centre-card.phh"
PLAIN = (dict, list, str, int, float, bool, type(None))


def plain(value: Any, where: str = "") -> None:
    """Fail unless ``value`` is made of JSON's own Python types only (no NumPy scalars, which
    ``json.dumps`` takes only by luck or with a ``default=``), every estimate holding its
    figure."""
    assert type(value) in PLAIN, f"{where}: {type(value).__name__}"
    if isinstance(value, dict):
        if set(value) == {"value", "low", "high"}:
            assert value["low"] <= value["value"] <= value["high"], f"{where}: {value}"
        for key, item in value.items():
            plain(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            plain(item, f"{where}[{index}]")


def untimed(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "seconds"}


# --- players ---------------------------------------------------------------------------------


def players_properties(node: Any) -> list[Any]:
    """Every ``players`` a schema describes, however deep."""
    found = []
    if isinstance(node, dict):
        found += [node["properties"]["players"]] if "players" in node.get("properties", {}) else []
        for item in node.values():
            found += players_properties(item)
    elif isinstance(node, list):
        for item in node:
            found += players_properties(item)
    return found


def test_every_schema_s_players_is_the_common_list_of_labels() -> None:
    for command in COMMANDS:
        for described in players_properties(schema(command)):
            assert described["$ref"] == "common.schema.json#/$defs/players", command
    assert schema("common")["$defs"]["players"]["type"] == "array"


def test_players_is_one_kind_of_value_in_every_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    outputs = {
        "judge": checked_json(capsys, "judge", str(RECORD)),
        "replay": checked_json(capsys, "replay", str(RECORD)),
        "odds": checked_json(capsys, "odds", "--record", str(RECORD), "--deals", "4096"),
        "study": checked_json(capsys, "study", "FTQ", "--players", "4", "--deals", "4096"),
    }
    players = validator({"$ref": "common.schema.json#/$defs/players"})
    for command, data in outputs.items():
        players.validate(data["players"])
        count = len(data["players"])
        assert data["players"] == [f"p{n}" for n in range(1, count + 1)], command
    assert outputs["judge"]["players"] == outputs["odds"]["players"]
    assert outputs["study"]["players"] == ["p1", "p2", "p3", "p4"]


# --- intervals -------------------------------------------------------------------------------


@given(
    trials=st.integers(min_value=1, max_value=10**9),
    share=st.floats(min_value=0.0, max_value=1.0),
    z=st.sampled_from([1.0, 1.959963984540054, 3.0]),
)
def test_a_wilson_interval_holds_its_proportion(trials: int, share: float, z: float) -> None:
    for successes in (0, trials, round(share * trials), share * trials):
        low, high = wilson(successes, trials, z)
        p = successes / trials
        assert 0.0 <= low <= p <= high <= 1.0, (successes, trials)
        assert type(low) is float
        assert type(high) is float
    assert wilson(0, trials, z)[0] == 0.0
    assert wilson(trials, trials, z)[1] == 1.0


@given(st.lists(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False), min_size=2, max_size=50))
def test_a_mean_interval_holds_its_mean(values: list[float]) -> None:
    total = math.fsum(values)
    low, high = mean_interval(total, math.fsum(v * v for v in values), len(values))
    assert low <= total / len(values) <= high


def test_a_probability_observed_as_zero_starts_at_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seven-card stud has no wild card: no five of a kind, in any of its deals.
    data = checked_json(capsys, "study", "F7S", "--players", "3", "--deals", "4096")
    assert data["five_of_a_kind_wins"] == {
        "value": 0.0,
        "low": 0.0,
        "high": pytest.approx(wilson(0, 4096)[1]),
    }
    plain(data, "study")


# --- the library's JSON is the command's -----------------------------------------------------


def test_ruling_to_json_is_judge_json(capsys: pytest.CaptureFixture[str]) -> None:
    ours = judge(load(RECORD)).to_json()
    plain(ours, "Ruling.to_json")
    assert json.loads(json.dumps(ours)) == checked_json(capsys, "judge", str(RECORD))


def test_odds_to_dict_is_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--hole", "p1:As,Ac", "--up", "p1:5s", "--up", "p2:Qd", "--up", "p3:7c"]
    printed = checked_json(capsys, "odds", "FTQ", *args, "--deals", "8192", "--seed", "3")
    situation = Situation.build("FTQ", 3, hole={0: "As Ac"}, upcards={0: "5s", 1: "Qd", 2: "7c"})
    ours = odds(situation, deals=8192, seed=3).to_dict()
    plain(ours, "Odds.to_dict")
    assert untimed(json.loads(json.dumps(ours))) == untimed(printed)


def test_study_summary_is_study_json(capsys: pytest.CaptureFixture[str]) -> None:
    printed = checked_json(
        capsys, "study", "BITCH", "--players", "5", "--deals", "4096", "--seed", "9"
    )
    ours = study("BITCH", 5, 4096, seed=9).summary()
    plain(ours, "Study.summary")
    assert untimed(json.loads(json.dumps(ours))) == untimed(printed)


def test_arena_to_dict_is_arena_json(capsys: pytest.CaptureFixture[str]) -> None:
    printed = checked_json(capsys, "arena", "--hands", "30", "--bots", "random,call", "--seed", "4")
    result = arena(["FTQ"], ["random,call"], 30, seed=4)
    ours = result.to_dict()
    plain(ours, "ArenaResult.to_dict")
    assert untimed(json.loads(json.dumps(ours))) == untimed(printed)
    assert result.to_dict(timing=False) == untimed(ours)
    assert [standing.to_dict() for standing in result.standings] == ours["standings"]


def test_hand_odds_to_dict_speaks_the_same_vocabulary() -> None:
    data = hand_odds(load(RECORD), deals=4096).to_dict()
    plain(data, "HandOdds.to_dict")
    json.dumps(data)
    seats = validator(schema("odds")["properties"]["seats"])
    for street in data["streets"]:
        seats.validate(
            {
                player: {k: v for k, v in figures.items() if k != "shown"}
                for player, figures in street["seats"].items()
            }
        )
