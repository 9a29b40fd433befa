"""Reading records strictly and leniently, chips that are not whole, and a record's own figures.

Each tolerance the PHH specification asks a reader to cope with is refused by default, naming its
place, and let pass with a warning naming the same place when read leniently (library keyword and
``--lenient``); ``judge --strict`` checks ``finishing_stacks`` and ``winnings`` against the
ruling.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tools.cli_run import run
from wildstud.errors import ChipsError, RecordError
from wildstud.history import Tolerance, judge, read_record, replay

# Follow the Queen with no queen dealt: plain stud, heads-up. p2 brings in (3c is the lowest
# upcard), p1 calls; every later street is checked through; p1's aces beat p2's kings.
HEAD = """\
variant = "FTQ"
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100]
"""
ACTIONS = [
    "d dh p1 AsAh9c",
    "d dh p2 KsKh3c",
    "p2 pb",
    "p1 cc",
    "d dh p1 2d",
    "d dh p2 5d",
    "p1 cc",  # action 7: p1's 9 high showing acts first
    "p2 cc",
    "d dh p1 7h",
    "d dh p2 8s",
    "p1 cc",
    "p2 cc",
    "d dh p1 Td",
    "d dh p2 Jc",
    "p2 cc",
    "p1 cc",
    "d dh p1 4s",
    "d dh p2 6h",
    "p2 cc",
    "p1 cc",
]


def record_text(actions: list[str], extra: str = "") -> str:
    body = ",\n".join(f"  {json.dumps(action)}" for action in actions)
    return f"{HEAD}{extra}actions = [\n{body},\n]\n"


def write(tmp_path: Path, text: str, name: str = "hand.phh") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_plain_record_is_ruled_without_warnings() -> None:
    ruling = judge(read_record(record_text(ACTIONS)), lenient=True)
    assert ruling.complete
    assert ruling.stacks == (103, 97)
    assert ruling.warnings == ()


# --- unknown fields ----------------------------------------------------------------------------


def test_an_unknown_field_is_refused_strictly_and_ignored_leniently() -> None:
    text = record_text(ACTIONS, extra='venue_name = "the back room"\n')
    with pytest.raises(RecordError, match=r"field `venue_name`: not a PHH field.*'venue'"):
        read_record(text)
    record = read_record(text, lenient=True)
    assert record == read_record(record_text(ACTIONS))  # ignored: nothing of it is kept
    (warning,) = record.warnings
    assert warning.kind is Tolerance.UNKNOWN_FIELD
    assert warning.field == "venue_name"
    assert str(warning).startswith("field `venue_name`: not a PHH field, ignored")
    assert judge(record).warnings == (warning,)  # the ruling carries the reading's warnings


def test_a_field_of_ones_own_needs_no_leniency() -> None:
    record = read_record(record_text(ACTIONS, extra='_venue_name = "the back room"\n'))
    assert record.user_fields == {"_venue_name": "the back room"}
    assert record.warnings == ()


# --- a fold when checking was free -------------------------------------------------------------


FREE_FOLD = [*ACTIONS[:6], "p1 f"]


def test_a_fold_when_checking_was_free_is_refused_strictly_at_its_action() -> None:
    record = read_record(record_text(FREE_FOLD))
    with pytest.raises(RecordError, match=r"action 7 \(`p1 f`\): p1 folds with nothing to call"):
        judge(record)
    with pytest.raises(RecordError, match="action 7"):
        replay(record)


def test_a_fold_when_checking_was_free_stands_when_read_leniently() -> None:
    ruling = judge(read_record(record_text(FREE_FOLD)), lenient=True)
    assert ruling.complete
    assert ruling.stacks == (97, 103)
    (warning,) = ruling.warnings
    assert (warning.kind, warning.action, warning.text) == (Tolerance.FREE_FOLD, 7, "p1 f")
    assert "folds when checking was free" in str(warning)


def test_a_fold_when_checking_was_free_is_no_tolerance_under_the_house_rule() -> None:
    # What the server's tables write: their house rules carry `free_fold`.
    record = read_record(record_text(FREE_FOLD, extra="_house_rules = { free_fold = true }\n"))
    ruling = judge(record)
    assert ruling.stacks == (97, 103)
    assert ruling.warnings == ()
    off = read_record(record_text(FREE_FOLD, extra="_house_rules = { free_fold = false }\n"))
    with pytest.raises(RecordError, match=r"action 7 .*the house rule free_fold is off"):
        judge(off)


def test_a_fold_facing_a_bet_is_no_tolerance() -> None:
    actions = [*ACTIONS[:6], "p1 cbr 5", "p2 f"]
    ruling = judge(read_record(record_text(actions)), lenient=True)
    assert ruling.stacks == (103, 97)
    assert ruling.warnings == ()


# --- a hand shown with cards hidden ------------------------------------------------------------


HIDDEN = [
    "d dh p1 ????9c",
    *ACTIONS[1:16],
    "d dh p1 ??",
    *ACTIONS[17:],
    "p1 sm ????9c2d7hTd??",  # action 21: shown, but its hole cards kept hidden
    "p2 sm -",
]


def test_a_hand_shown_with_hidden_cards_wins_nothing_in_either_reading() -> None:
    # The specification allows a show that keeps cards hidden (at a cash game): that hand has
    # not been shown, so it cannot win; it is no tolerance, and the ruling says what happened.
    for lenient in (False, True):
        ruling = judge(read_record(record_text(HIDDEN)), lenient=lenient)
        assert ruling.complete
        assert ruling.stacks == (97, 103)
        assert ruling.mucked == (0,)
        assert ruling.warnings == ()
        (note,) = ruling.replay.unshown
        assert (note.kind, note.action) == (Tolerance.HIDDEN_SHOW, 21)
        assert "p1 shows 4 of 7 cards, keeping 3 hidden (??)" in str(note)


def test_a_show_as_dealt_of_cards_dealt_unknown_is_a_hidden_show_too() -> None:
    actions = [*HIDDEN[:-2], "p1 sm -", "p2 sm -"]
    ruling = judge(read_record(record_text(actions)))
    assert ruling.stacks == (97, 103)
    assert [note.kind for note in ruling.replay.unshown] == [Tolerance.HIDDEN_SHOW]


def test_a_show_that_hides_cards_the_record_dealt_known_is_no_show_either() -> None:
    # ``p1 sm ????5d8h…``: the cards were dealt known, but the player did not show them.
    actions = [*ACTIONS, "p1 sm ????9c2d7hTd4s", "p2 sm -"]
    ruling = judge(read_record(record_text(actions)))
    assert ruling.stacks == (97, 103)
    (note,) = ruling.replay.unshown
    assert "keeping 2 hidden" in str(note)


def test_a_show_in_another_order_than_dealt_is_a_show() -> None:
    # A hand is the same in any order, and pokerkit writes the cards as they were shown.
    shuffled = [*ACTIONS, "p1 sm 4sTd7h2d9cAhAs", "p2 sm -"]
    ruling = judge(read_record(record_text(shuffled)))
    assert ruling.stacks == (103, 97)
    assert ruling.replay.unshown == ()
    with pytest.raises(RecordError, match="p1 shows Ks as card 1, but was dealt As"):
        judge(read_record(record_text([*ACTIONS, "p1 sm KsTd7h2d9cAhAs", "p2 sm -"])))


# --- the command line --------------------------------------------------------------------------


def test_judge_lenient_reports_each_warning_with_its_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, record_text(FREE_FOLD, extra="colour = 3\n"))
    code, out, err = run(capsys, "judge", path)
    assert code == 2
    assert "field `colour`: not a PHH field" in err
    code, out, _ = run(capsys, "judge", path, "--lenient", "--json")
    assert code == 0
    warnings = json.loads(out)["warnings"]
    assert [(w["kind"], w["field"], w["action"]) for w in warnings] == [
        ("unknown-field", "colour", None),
        ("free-fold", None, 7),
    ]
    code, out, _ = run(capsys, "judge", path, "--lenient")
    assert code == 0
    assert "Let pass (lenient): action 7 (`p1 f`)" in " ".join(out.split())


def test_replay_and_odds_take_lenient_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, record_text(FREE_FOLD))
    assert run(capsys, "replay", path)[0] == 2
    code, out, _ = run(capsys, "replay", path, "--lenient")
    assert code == 0
    assert "folds when checking was free" in " ".join(out.split())
    partial = write(tmp_path, record_text(HIDDEN[:4], extra='note = "x"\n'))
    assert run(capsys, "odds", "--record", partial, "--deals", "200", "--json")[0] == 2
    code, out, _ = run(capsys, "odds", "--record", partial, "--deals", "200", "--json", "--lenient")
    assert code == 0
    assert len(json.loads(out)["seats"]) == 2


# --- chips that are not whole ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (("starting_stacks = [100, 100]", "starting_stacks = [100.5, 100]"), "starting_stacks"),
        (("starting_stacks = [100, 100]", "starting_stacks = [inf, 100]"), "starting_stacks"),
        (("antes = [1, 1]", "antes = [0.5, 0.5]"), "antes"),
        (("bring_in = 2", "bring_in = 2.0"), "bring_in"),
        (("small_bet = 5", "small_bet = 5.25"), "small_bet"),
        (('"p1 cc",\n  "d dh p1 2d"', '"p1 cbr 2.5",\n  "d dh p1 2d"'), "action 4"),
    ],
)
def test_chips_that_are_not_whole_are_refused_with_a_chips_error(
    change: tuple[str, str], place: str
) -> None:
    text = record_text(ACTIONS)
    assert change[0] in text
    with pytest.raises(ChipsError, match="wildstud plays whole chips only") as raised:
        read_record(text.replace(change[0], change[1], 1), lenient=True)
    assert place in str(raised.value)


def test_fractional_finishing_stacks_are_refused_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, record_text(ACTIONS, extra="finishing_stacks = [103.5, 96.5]\n"))
    code, _, err = run(capsys, "judge", path)
    assert code == 2
    assert "field `finishing_stacks`" in err
    assert "whole chips only" in err
    assert len(err.strip().splitlines()) == 1


# --- the record's own figures ------------------------------------------------------------------


def test_strict_judge_passes_figures_that_agree(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    extra = "finishing_stacks = [103, 97]\nwinnings = [6, 0]\n"
    path = write(tmp_path, record_text(ACTIONS, extra=extra))
    code, out, _ = run(capsys, "judge", path, "--strict", "--json")
    ruling = json.loads(out)
    assert code == 0
    assert ruling["checks_agree"] is True
    assert [(c["field"], c["agrees"]) for c in ruling["checks"]] == [
        ("finishing_stacks", True),
        ("winnings", True),
    ]


@pytest.mark.parametrize(
    ("extra", "actions", "field", "ruled"),
    [
        ("finishing_stacks = [100, 100]\n", ACTIONS, "finishing_stacks", [103, 97]),
        ("winnings = [0, 6]\n", ACTIONS, "winnings", [6, 0]),
        ("finishing_stacks = [103, 97]\n", ACTIONS[:10], "finishing_stacks", None),
    ],
)
def test_strict_judge_fails_figures_that_differ(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    extra: str,
    actions: list[str],
    field: str,
    ruled: list[int] | None,
) -> None:
    path = write(tmp_path, record_text(actions, extra=extra))
    assert run(capsys, "judge", path)[0] == 0  # without --strict the ruling stands
    code, out, _ = run(capsys, "judge", path, "--strict", "--json")
    ruling = json.loads(out)
    assert code == 1
    assert ruling["checks_agree"] is False
    (check,) = ruling["checks"]
    assert (check["field"], check["agrees"], check["ruled"]) == (field, False, ruled)
    code, out, _ = run(capsys, "judge", path, "--strict")
    assert code == 1
    assert f"The record's {field}" in " ".join(out.split())
