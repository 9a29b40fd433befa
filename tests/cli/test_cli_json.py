"""Every command's ``--json`` against its published schema (src/wildstud/schemas), for ordinary
inputs and the edges: a redeal, a centre card, a split pot, unknown cards, a record that stops
early, nothing known yet, exact odds, a record without commitments."""

from __future__ import annotations

from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.tools.schemas import REGISTRY, checked_json
from wildstud.commitment import SealedDeck
from wildstud.deal import stack_deck
from wildstud.hands import Category
from wildstud.history import DealHole, HandRecord, read_cards, write_record
from wildstud.schemas import COMMANDS, schema

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.phh"))
STOPS_EARLY = """
variant = "FTQ"
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [50, 50, 50]
players = ["Ann", "Bob", "Cy"]
actions = ["d dh p1 AsAhQh", "d dh p2 9c9d7d", "d dh p3 ????2c", "p3 pb", "p1 cc", "p2 cc"]
"""


@pytest.mark.parametrize("name", [*COMMANDS, "common"])
def test_each_schema_is_a_valid_schema_in_the_package(name: str) -> None:
    Draft202012Validator.check_schema(schema(name))
    assert schema(name)["$id"].endswith(f"/{name}.schema.json")


def test_every_command_with_output_has_a_schema() -> None:
    from wildstud.cli import COMMANDS as ALL

    assert set(COMMANDS) == set(ALL) - {"serve"}


# --- odds --------------------------------------------------------------------------------------


def test_odds_json_known_cards(capsys: pytest.CaptureFixture[str]) -> None:
    data = checked_json(
        capsys, "odds", "FTQ", "--hole", "p1:As,Ac", "--up", "p1:5s", "--up", "p2:Qd",
        "--up", "p3:7c", "--deals", "2000", "--option", "queens=all",
    )  # fmt: skip
    assert (data["game"], data["players"], data["street"]) == (
        "FTQ",
        ["p1", "p2", "p3"],
        "third street",
    )
    assert data["house_rules"]["queens"] == "all"
    assert data["house_rules"]["final_queen"] == "no-wild"  # defaults are echoed too
    assert list(data["seats"]) == ["p1", "p2", "p3"]
    share = data["seats"]["p1"]["pot_share"]
    assert share["low"] <= share["value"] <= share["high"]
    assert data["seats"]["p1"]["special_half"] is None


def test_odds_json_nothing_known_and_a_split_pot(capsys: pytest.CaptureFixture[str]) -> None:
    data = checked_json(capsys, "odds", "BITCH", "--players", "3", "--deals", "1000")
    assert data["street"] is None
    assert data["split_pot"] is True
    assert all(seat["special_half"] is not None for seat in data["seats"].values())


def test_odds_json_exact(capsys: pytest.CaptureFixture[str]) -> None:
    data = checked_json(
        capsys, "odds", "FTQ", "--hole", "p1:As Ad", "--hole", "p2:Kc Kd",
        "--up", "p1:Ah 4d 5h 9s", "--up", "p2:Kh 6c 7c 8d", "--exact",
    )  # fmt: skip
    assert data["exact"] is True
    assert data["seed"] is None
    assert list(data["seats"]) == ["p1", "p2"]
    share = data["seats"]["p1"]["pot_share"]
    assert share["low"] == share["value"] == share["high"]


def test_odds_json_from_a_record_as_one_player_sees_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "early.phh"
    path.write_text(STOPS_EARLY)
    data = checked_json(capsys, "odds", "--record", str(path), "--viewer", "p2", "--deals", "1000")
    assert data["players"] == ["p1", "p2", "p3"]


# --- judge and replay ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_judge_and_replay_json_of_every_example(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    ruling = checked_json(capsys, "judge", str(path))
    players = ruling["players"]
    assert set(ruling["payouts"]) == set(ruling["stacks_after"]) == set(players)
    for pot in ruling["pots"]:
        assert sum(award["chips"] for award in pot["awards"]) == sum(pot["shares"].values())
    for hand in ruling["hands"].values():
        if hand["category"] is not None:
            assert hand["category"] in Category.__members__
            assert hand["description"]
    played = checked_json(capsys, "replay", str(path))
    assert played["game"] == ruling["game"]
    assert played["house_rules"] == ruling["house_rules"]
    assert played["stacks_after"] == ruling["stacks_after"]


def test_judge_json_says_which_part_of_a_split_each_share_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ruling = checked_json(capsys, "judge", str(ROOT / "examples" / "bitch-split-pot.phh"))
    parts = {award["part"] for pot in ruling["pots"] for award in pot["awards"]}
    assert parts == {"high", "hole-card"}


def test_judge_json_shows_the_wild_cards_as_what_they_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ruling = checked_json(capsys, "judge", str(ROOT / "examples" / "bd7-three-wild-cards.phh"))
    played = ruling["hands"]["p1"]["wild_cards_as"]
    assert played
    assert all(item["card"][0] == "9" for item in played)  # nines are wild for p1


def test_judge_and_replay_json_of_a_record_that_stops_early(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "early.phh"
    path.write_text(STOPS_EARLY)
    ruling = checked_json(capsys, "judge", str(path))
    assert ruling["complete"] is False
    assert ruling["stopped_early"]
    assert ruling["names"] == {"p1": "Ann", "p2": "Bob", "p3": "Cy"}
    assert ruling["hands"]["p3"]["cards"][:2] == ["??", "??"]
    assert ruling["hands"]["p3"]["category"] is None
    assert all(pot["awards"] == [] for pot in ruling["pots"])
    played = checked_json(capsys, "replay", str(path))
    assert played["stopped_early"] == ruling["stopped_early"]
    assert any(line["filled_in"] for s in played["streets"] for line in s["lines"]) is False


def test_judge_json_lists_the_filled_in_actions(capsys: pytest.CaptureFixture[str]) -> None:
    ruling = checked_json(capsys, "judge", str(ROOT / "examples" / "ftq-wild-card-moves.phh"))
    played = checked_json(capsys, "replay", str(ROOT / "examples" / "ftq-wild-card-moves.phh"))
    filled = [line for s in played["streets"] for line in s["lines"] if line["filled_in"]]
    assert bool(ruling["filled_in"]) == bool(filled)


# --- study, tables, arena, verify ---------------------------------------------------------------


def test_study_json_with_a_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = checked_json(
        capsys, "study", "FTQ", "--players", "3", "--deals", "1000", "--out", str(tmp_path)
    )
    assert list(data["winning_category"])[:2] == ["FIVE_OF_A_KIND", "STRAIGHT_FLUSH"]
    assert data["report"] == str(tmp_path / "README.md")


def test_study_json_of_a_game_with_redeals_below_five_of_a_kind(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = checked_json(
        capsys, "study", "BITCH", "--players", "4", "--deals", "1000",
        "--option", "five_of_a_kind_top=false",
    )  # fmt: skip
    assert list(data["winning_category"])[:2] == ["STRAIGHT_FLUSH", "FIVE_OF_A_KIND"]
    assert data["house_rules"]["five_of_a_kind_top"] is False
    assert data["report"] is None


@pytest.mark.parametrize(
    "args", [[], ["--wild", "Qs,7", "--five-of-a-kind-below", "--double-ace-flush"]]
)
def test_tables_json(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    data = checked_json(capsys, "tables", "--cards", "5", *args)
    assert sum(data["counts"].values()) == data["total"] == 2598960
    assert abs(sum(data["shares"].values()) - 1) < 1e-12


def test_arena_json_with_games_in_turn(capsys: pytest.CaptureFixture[str]) -> None:
    data = checked_json(
        capsys, "arena", "--game", "FTQ", "--game", "BD5", "--hands", "8", "--bots",
        "call,random", "--option", "ante=2",
    )  # fmt: skip
    assert list(data["house_rules"]) == ["FTQ", "BD5"]
    assert data["house_rules"]["BD5"]["ante"] == 2
    assert [row["name"] for row in data["standings"]] != []


def test_verify_json_with_and_without_commitments(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sealed = SealedDeck.seal(1, stack_deck("As 9c Ah 9d Qh 7d").peek())
    record = HandRecord(
        variant="FTQ", antes=(0, 0), bring_in=0, small_bet=5, big_bet=10,
        starting_stacks=(50, 50),
        actions=(DealHole(0, read_cards("????Qh")), DealHole(1, read_cards("????7d"))),
        commitments=(sealed.commitment,), proofs=(sealed.prove(4), sealed.prove(5)),
    )  # fmt: skip
    path = tmp_path / "proven.phh"
    path.write_text(write_record(record))
    data = checked_json(capsys, "verify", str(path))
    assert data["verified"] is True
    assert [item["player"] for item in data["proven"]] == ["p1", "p2"]
    bare = checked_json(capsys, "verify", str(ROOT / "examples" / "ftq-queens-all.phh"), status=1)
    assert bare == {"game": "FTQ", "verified": False, "commitments": [], "proven": []}


def test_the_judge_schema_takes_warnings_checks_and_a_file_of_many_hands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The shapes --lenient, --strict and a .phhs file add to a ruling (docs/json.md).
    ruling = checked_json(capsys, "judge", str(ROOT / "examples" / "ftq-queens-all.phh"))
    warning = {"kind": "fold-when-free", "field": None, "action": 7, "text": "p2 f", "message": "…"}
    check = {"field": "finishing_stacks", "claimed": [1, 2], "ruled": [2, 1], "agrees": False}
    extended = {**ruling, "warnings": [warning], "checks": [check], "checks_agree": False}
    validator = Draft202012Validator(schema("judge"), registry=REGISTRY)
    validator.validate(extended)
    validator.validate({"hands": [{"hand": 1, **ruling}, {"hand": 2, **extended}]})
    for wrong in (
        {**ruling, "warnings": [{"message": "no place"}]},
        {**ruling, "surprise": 1},
        {"hands": [ruling]},  # each hand of a file says its number
    ):
        assert not validator.is_valid(wrong)


def test_a_lenient_replay_carries_its_warnings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # What the reading let pass is in the JSON as the schema promises, as judge gives it.
    record = tmp_path / "extra-field.phh"
    record.write_text((ROOT / "examples" / "ftq-centre-card.phh").read_text() + "bogus_field = 3\n")
    lenient = checked_json(capsys, "replay", str(record), "--lenient")
    assert [(w["kind"], w["field"]) for w in lenient["warnings"]] == [
        ("unknown-field", "bogus_field")
    ]
    judged = checked_json(capsys, "judge", str(record), "--lenient")
    assert lenient["warnings"] == judged["warnings"]
    assert "warnings" not in checked_json(
        capsys, "replay", str(ROOT / "examples" / "bitch-reante.phh")
    )
