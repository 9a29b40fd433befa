"""Hand records in PHH notation: actions, cards, fields, round trips and malformed input."""

from __future__ import annotations

import copy
import dataclasses
import datetime
import pickle
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wildstud.cards import DECK, parse_card, parse_cards
from wildstud.errors import RecordError, WildstudError
from wildstud.games import GAMES, BabyDaddyOptions, FollowTheQueenOptions, Limit
from wildstud.history import (
    VARIANTS,
    Action,
    BringIn,
    CheckCall,
    CompleteBetRaise,
    DealBoard,
    DealHole,
    Fold,
    HandRecord,
    Note,
    ShowMuck,
    dump,
    format_action,
    format_cards,
    load,
    parse_action,
    read_cards,
    read_record,
    record_to_fields,
    write_record,
)
from wildstud.history.schema import OPTIONAL_FIELDS

DOCS = Path(__file__).resolve().parents[2] / "docs" / "records.md"


def cards(text: str) -> tuple[Any, ...]:
    return read_cards(text)


BASE = """\
variant = "FTQ"
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100, 100]
players = ["Ann", "Bob", "Cat"]
actions = [
  "d dh p1 ????6c",
  "d dh p2 ????3c",
  "d dh p3 ????Td",
  "p2 pb",
  "p3 cbr 5 # completes",
  "p1 f",
  "p2 cc",
]
"""


def base_fields() -> dict[str, Any]:
    return tomllib.loads(BASE)


def read_fields(fields: dict[str, Any]) -> HandRecord:
    return read_record(tomli_w.dumps(fields))


# --- actions -----------------------------------------------------------------------------------

ACTION_FORMS: list[tuple[str, Action]] = [
    ("d dh p1 AsKd7h", DealHole(0, cards("AsKd7h"))),
    ("d dh p2 ????7h", DealHole(1, (None, None, parse_card("7h")))),
    ("d dh p10 ??", DealHole(9, (None,))),
    ("d db 8h", DealBoard(cards("8h"))),
    ("d db ??", DealBoard((None,))),
    ("p3 pb", BringIn(2)),
    ("p1 cbr 10", CompleteBetRaise(0, 10)),
    ("p2 cc", CheckCall(1)),
    ("p4 f", Fold(3)),
    ("p1 sm", ShowMuck(0)),
    ("p1 sm -", ShowMuck(0, as_dealt=True)),
    ("p2 sm AsKd??", ShowMuck(1, (parse_card("As"), parse_card("Kd"), None))),
    ("", Note()),
    ("# the dealer flashed the 2c", Note("the dealer flashed the 2c")),
    ("d dh p1 ????Qs # the queen of spades", DealHole(0, cards("????Qs"), "the queen of spades")),
    ("d db 7c # centre card", DealBoard(cards("7c"), "centre card")),
    ("p1 pb # low card", BringIn(0, "low card")),
    ("p1 cbr 25 # raises #3 (capped)", CompleteBetRaise(0, 25, "raises #3 (capped)")),
    ("p1 cc # calls", CheckCall(0, "calls")),
    ("p1 f # gives up", Fold(0, "gives up")),
    ("p1 sm # mucks", ShowMuck(0, comment="mucks")),
    ("p1 sm - # shows", ShowMuck(0, as_dealt=True, comment="shows")),
    ("p1 sm QsQh # two queens", ShowMuck(0, cards("QsQh"), comment="two queens")),
]


@pytest.mark.parametrize(
    ("text", "action"), ACTION_FORMS, ids=[t or "empty" for t, _ in ACTION_FORMS]
)
def test_every_action_form_reads_and_writes(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert format_action(action) == text
    assert parse_action(format_action(action)) == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("  p1   cc   ", "p1 cc"),
        ("p1 cc#calls", "p1 cc # calls"),
        ("p1 cc  #   calls   ", "p1 cc # calls"),
        ("p1 cc #", "p1 cc"),
        ("#", ""),
        ("   ", ""),
        ("d dh p1 asTD??", "d dh p1 AsTd??"),
        ("\td\tdb\tQs\t", "d db Qs"),
        ("p1 sm -#shows", "p1 sm - # shows"),
    ],
)
def test_reading_is_lenient_about_space_and_case_and_writes_canonically(
    text: str, canonical: str
) -> None:
    assert format_action(parse_action(text)) == canonical


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("p0 cc", "not an actor: 'p0'"),
        ("q1 cc", "not an actor: 'q1'"),
        ("P1 cc", "not an actor: 'P1'"),
        ("p01 cc", "not an actor: 'p01'"),
        ("p1234567 cc", "not an actor"),
        ("p1", "does nothing"),
        ("p1 xx", "unknown action code 'xx'"),
        ("p1 db 7h", "unknown action code 'db'"),
        ("p1 cbr", "cbr takes one amount"),
        ("p1 cbr 5 6", "cbr takes one amount"),
        ("p1 cbr 0", "must be positive"),
        ("p1 cbr -5", "whole number of chips, not '-5'"),
        ("p1 cbr 5.5", "whole number of chips, not '5.5'"),
        ("p1 cbr 1e3", "whole number of chips"),
        ("p1 cbr ５", "whole number of chips"),
        ("p1 cbr 1234567890123456", "whole number of chips"),
        ("p1 cc now", "cc takes nothing after it"),
        ("p1 f p2", "f takes nothing after it"),
        ("p1 pb 2", "pb takes nothing after it"),
        ("d", "the dealer does nothing"),
        ("d dx p1 As", "unknown dealer action 'dx'"),
        ("d pb", "unknown dealer action 'pb'"),
        ("d dh p1", "dh takes a player and one word of cards"),
        ("d dh AsKd", "dh takes a player and one word of cards"),
        ("d dh p1 As Kd", "dh takes a player and one word of cards"),
        ("d dh x1 As", "not an actor: 'x1'"),
        ("d dh p1 AsAs", "card As given twice"),
        ("d dh p1 1s", "not PHH cards: '1s'"),
        ("d dh p1 10s", "not PHH cards: '10s'"),
        ("d dh p1 As?s", "not PHH cards"),
        ("d dh p1 A♠", "not PHH cards"),
        ("d db", "db takes one word of cards"),
        ("d db 7h 8h", "db takes one word of cards"),
        ("d db 7x", "not PHH cards: '7x'"),
        ("p1 sd", "standing pat and discarding belong to draw games"),
        ("p1 sd AsKd", "standing pat and discarding belong to draw games"),
        ("p1 sm As Kd", "sm takes one word of cards"),
        ("p1 sm Xs", "not PHH cards"),
        ("p1 sm QsQs", "card Qs given twice"),
    ],
)
def test_bad_action_text_is_refused_naming_the_text(text: str, reason: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_action(text)
    assert caught.value.text == text
    assert reason in caught.value.reason
    assert str(caught.value).startswith(f"action `{text}`: ")


def test_an_action_that_is_not_text_is_refused() -> None:
    with pytest.raises(RecordError, match="an action must be text"):
        parse_action(5)  # type: ignore[arg-type]


def test_comments_are_trimmed_and_blank_comments_dropped() -> None:
    assert CheckCall(0, "  calls \n").comment == "calls"
    assert CheckCall(0, "   ").comment is None
    assert Note("").comment is None
    multi = CheckCall(0, "line one\nline two # with a hash")
    assert parse_action(format_action(multi)) == multi


@pytest.mark.parametrize(
    ("build", "reason"),
    [
        (lambda: DealHole(-1, cards("As")), "a player is an index from 0"),
        (lambda: DealHole(True, cards("As")), "a player is an index from 0"),
        (lambda: DealHole(0, ()), "non-empty tuple of cards"),
        (lambda: DealHole(0, ["As"]), "non-empty tuple of cards"),  # type: ignore[arg-type]
        (lambda: DealHole(0, ("As",)), "must hold cards or None"),  # type: ignore[arg-type]
        (lambda: DealBoard(parse_cards("As Ks") + parse_cards("As")), "card As given twice"),
        (lambda: CompleteBetRaise(0, 0), "positive whole number"),
        (lambda: CompleteBetRaise(0, True), "positive whole number"),
        (lambda: CompleteBetRaise(0, 2.5), "positive whole number"),  # type: ignore[arg-type]
        (lambda: ShowMuck(0, cards("As"), as_dealt=True), "not both"),
        (lambda: ShowMuck(0, as_dealt=1), "true or false"),  # type: ignore[arg-type]
        (lambda: Fold(0, 7), "a comment must be text"),  # type: ignore[arg-type]
    ],
)
def test_action_objects_check_themselves(build: Any, reason: str) -> None:
    with pytest.raises(RecordError, match=re.escape(reason)):
        build()


def test_actions_know_their_kind_and_the_show_knows_a_muck() -> None:
    assert [parse_action(text).kind.value for text in ("d dh p1 As", "p1 cbr 5", "# x")] == [
        "dh",
        "cbr",
        "#",
    ]
    assert ShowMuck(0).mucks
    assert not ShowMuck(0, as_dealt=True).mucks
    assert not ShowMuck(0, cards("??")).mucks


# --- cards -------------------------------------------------------------------------------------


def test_cards_read_in_phh_notation_with_unknown_cards() -> None:
    assert read_cards("AsKd??") == (parse_card("As"), parse_card("Kd"), None)
    assert read_cards("????") == (None, None)
    assert format_cards(read_cards("qHtc??2S")) == "QhTc??2s"
    assert format_cards(tuple(DECK)) == "".join(str(card) for card in DECK)
    assert read_cards(format_cards(tuple(DECK))) == tuple(DECK)


@pytest.mark.parametrize("text", ["", "A", "Ask", "AsK?", "?s", "s?", "Zs", "AZ", "As\u00a0Kd", 7])
def test_bad_cards_are_refused(text: Any) -> None:
    with pytest.raises(RecordError, match="not PHH cards"):
        read_cards(text)


# --- reading and writing records ---------------------------------------------------------------


def doc_examples() -> list[str]:
    blocks = re.findall(r"```toml\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.DOTALL)
    return [block for block in blocks if "actions" in block]


def test_the_documented_examples_cover_every_game_and_read() -> None:
    records = [read_record(text) for text in doc_examples()]
    assert {record.game.name for record in records} == {game.name for game in GAMES}
    for record in records:
        assert read_record(write_record(record)) == record
        assert record.finishing_stacks is not None
        # The examples balance: every chip ends with someone.
        assert sum(record.finishing_stacks) == sum(record.starting_stacks)


def test_the_documented_structure_snippets_complete_a_record() -> None:
    blocks = re.findall(r"```toml\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.DOTALL)
    snippets = [block for block in blocks if "_betting" in block and "actions" not in block]
    assert len(snippets) == 2
    for snippet in snippets:
        text = BASE.replace("small_bet = 5\nbig_bet = 10\n", "").replace(
            "bring_in = 2", "bring_in = 1"
        )
        record = read_record(snippet + text)
        assert record.betting in (Limit.POT, Limit.SPREAD)
        assert read_record(write_record(record)) == record


def test_the_documented_house_rules_are_every_option_there_is() -> None:
    text = DOCS.read_text(encoding="utf-8")
    stakes = {"limit", "ante", "bring_in", "small_bet", "big_bet"}
    for game in GAMES:
        for name in set(game.options_type.option_names()) - stakes:
            assert f"`{name}`" in text, name


def test_a_record_reads_with_every_field_typed() -> None:
    record = read_record(BASE)
    assert record.variant == "FTQ"
    assert record.antes == (1, 1, 1)
    assert record.starting_stacks == (100, 100, 100)
    assert record.players == ("Ann", "Bob", "Cat")
    assert record.betting is Limit.FIXED
    assert record.actions[4] == CompleteBetRaise(2, 5, "completes")
    assert record.player_count == 3
    assert record.game.title == "Follow the Queen"


def test_write_read_round_trip_keeps_everything() -> None:
    record = HandRecord(
        variant="BITCH",
        antes=(2, 2, 2, 2),
        bring_in=1,
        betting=Limit.SPREAD,
        spread=(1, 5),
        starting_stacks=(40, 50, 60, 70),
        house_rules={"queen_of_spades": "wild", "raise_cap": "none", "open_pair": False},
        author="Dee",
        event='Friday "home" game\n(second table)',
        url="https://example.org/poker",
        venue="Dee's kitchen",
        address="1 Main St",
        city="Toronto",
        region="Ontario",
        postal_code="M5V 1A1",
        country="Canada",
        time=datetime.time(23, 5, 7, 125000),
        time_zone="America/Toronto",
        time_zone_abbreviation="EST",
        day=7,
        month=2,
        year=2025,
        hand="hand #12",
        level=1,
        seats=(1, 3, 5, 6),
        seat_count=9,
        table=2,
        players=("Ann", "Bob", "", "Dee ♠"),
        finishing_stacks=(38, 48, 58, 76),
        winnings=(0, 0, 0, 14),
        currency="CAD",
        currency_symbol="$",
        ante_trimming_status=False,
        time_limit=float("inf"),
        time_banks=(30, 30.5, 0, 12),
        user_fields={
            "_sponsors": ["", "the house", "", ""],
            "_nested": {"a b": [1, 2.5, {"c": datetime.date(2025, 2, 7)}], "": True},
            "_when": datetime.datetime(2025, 2, 7, 23, 5),
        },
        actions=(
            DealHole(0, cards("????Ah"), "p1 low? no"),
            DealHole(1, cards("????2c")),
            DealHole(2, cards("????Qs"), "redeal"),
            Note("redeal"),
            DealHole(0, cards("????Ah")),
            DealHole(1, cards("????2c")),
            DealHole(2, cards("????3d")),
            DealHole(3, cards("????4d")),
            BringIn(1),
            CompleteBetRaise(2, 5),
            Fold(3, 'says "nice hand"'),
            CheckCall(0),
            ShowMuck(0, cards("KsKh")),
            ShowMuck(1),
            ShowMuck(2, as_dealt=True),
            Note(),
        ),
    )
    text = write_record(record)
    assert read_record(text) == record
    assert write_record(read_record(text)) == text
    assert read_record(text.encode()) == record


def test_records_are_frozen_values() -> None:
    record = read_record(BASE)
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.variant = "SMBU"  # type: ignore[misc]
    with pytest.raises(TypeError):
        record.house_rules["queens"] = "all"  # type: ignore[index]
    assert hash(record) == hash(read_record(BASE))
    assert dataclasses.replace(record, hand=3) != record
    ruled = dataclasses.replace(record, house_rules={"queens": "all"}, user_fields={"_x": [1]})
    assert pickle.loads(pickle.dumps(ruled)) == ruled
    assert copy.deepcopy(ruled) == ruled
    assert ruled != record


def test_files_load_and_dump(tmp_path: Path) -> None:
    record = read_record(BASE)
    path = tmp_path / "hand.phh"
    dump(record, path)
    assert load(path) == record
    assert load(str(path)) == record
    assert read_record(path) == record
    with path.open("rb") as binary:
        assert load(binary) == record
    with (tmp_path / "other.phh").open("w", encoding="utf-8") as handle:
        dump(record, handle)
    assert load(tmp_path / "other.phh") == record


def test_options_combine_the_code_the_house_rules_and_the_stakes() -> None:
    fields = base_fields() | {"_house_rules": {"queens": "all", "raise-cap": 4}}
    options = read_fields(fields).options()
    assert isinstance(options, FollowTheQueenOptions)
    assert (options.queens.value, options.raise_cap, options.ante) == ("all", 4, 1)
    assert (options.bring_in, options.small_bet, options.big_bet) == (2, 5, 10)

    fields = base_fields() | {"variant": "BD5", "bring_in": 0}
    options = read_fields(fields).options()
    assert isinstance(options, BabyDaddyOptions)
    assert options.cards == 5

    fields = base_fields() | {"_betting": "no-limit", "min_bet": 4}
    del fields["small_bet"], fields["big_bet"]
    options = read_fields(fields).options()
    assert (options.limit.value, options.small_bet) == ("no-limit", 4)

    fields = base_fields() | {"_betting": "spread-limit", "_spread": [2, 6]}
    del fields["small_bet"], fields["big_bet"]
    options = read_fields(fields).options()
    assert (options.limit.value, options.small_bet, options.big_bet) == ("spread-limit", 2, 6)


# --- bad records -------------------------------------------------------------------------------


def refused(fields: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as caught:
        read_fields(fields)
    return caught.value


@pytest.mark.parametrize("name", ["variant", "antes", "bring_in", "starting_stacks", "actions"])
def test_a_missing_required_field_is_named(name: str) -> None:
    fields = base_fields()
    del fields[name]
    error = refused(fields)
    assert error.field == name
    assert str(error) == f"field `{name}`: missing (every record needs it)"


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        ({"variant": "NT"}, "variant", "unknown variant 'NT'"),
        ({"variant": "ftq"}, "variant", "unknown variant 'ftq'"),
        ({"variant": 1}, "variant", "unknown variant 1"),
        ({"antes": "1"}, "antes", "array of whole numbers of chips"),
        ({"antes": [1.0, 1.0, 1.0]}, "antes", "array of whole numbers of chips"),
        ({"antes": [1, True, 1]}, "antes", "array of whole numbers of chips"),
        ({"antes": [1, -1, 1]}, "antes", "0 or more"),
        ({"antes": [1, 1]}, "antes", "2 entries for 3 players"),
        ({"antes": [1, 2, 1]}, "antes", "every player antes the same"),
        ({"starting_stacks": [100, 0, 100]}, "starting_stacks", "1 or more"),
        ({"starting_stacks": [100, float("inf"), 100]}, "starting_stacks", "whole numbers"),
        ({"starting_stacks": [100]}, "starting_stacks", "at least two players"),
        ({"bring_in": "2"}, "bring_in", "whole number of chips"),
        ({"bring_in": -1}, "bring_in", "0 or more"),
        ({"bring_in": 6}, "bring_in", "cannot exceed the small bet (5)"),
        ({"small_bet": 2.5}, "small_bet", "whole number of chips"),
        ({"small_bet": 0}, "small_bet", "1 or more"),
        ({"big_bet": 4}, "big_bet", "below the small bet"),
        ({"min_bet": 5}, "min_bet", "fixed-limit has no min_bet"),
        ({"_spread": [1, 5]}, "_spread", "fixed-limit has no _spread"),
        ({"_betting": "limit"}, "_betting", "unknown betting structure 'limit'"),
        ({"_betting": "pot-limit"}, "min_bet", "missing (pot-limit needs min_bet)"),
        ({"_betting": "no-limit", "min_bet": 5}, "small_bet", "no-limit has no small_bet"),
        ({"players": ["Ann", "Bob"]}, "players", "2 entries for 3 players"),
        ({"players": ["Ann", 2, "Cat"]}, "players", "array of names"),
        ({"seats": [1, 2, 2]}, "seats", "two players in one seat"),
        ({"seats": [1, 2, 12], "seat_count": 10}, "seats", "past the seat count"),
        ({"seats": [1, 2, "3"]}, "seats", "array of seat numbers"),
        ({"seat_count": 2}, "seat_count", "out of range"),
        ({"month": 13}, "month", "out of range"),
        ({"day": 0}, "day", "out of range"),
        ({"year": "2025"}, "year", "whole number"),
        ({"hand": 1.5}, "hand", "text or a whole number"),
        ({"table": True}, "table", "text or a whole number"),
        ({"time": "20:15"}, "time", "local time of day"),
        ({"time": datetime.datetime(2025, 1, 1, 20, 15)}, "time", "local time of day"),
        ({"author": 7}, "author", "must be text"),
        ({"ante_trimming_status": 1}, "ante_trimming_status", "true or false"),
        ({"time_limit": -1}, "time_limit", "positive number"),
        ({"time_limit": float("nan")}, "time_limit", "positive number"),
        ({"time_banks": [1, 2]}, "time_banks", "2 entries for 3 players"),
        ({"time_banks": [1, -2, 3]}, "time_banks", "array of numbers"),
        ({"finishing_stacks": [1, 2, 3.5]}, "finishing_stacks", "whole numbers of chips"),
        ({"winnings": [0, -1, 0]}, "winnings", "0 or more"),
        ({"blinds_or_straddles": [1, 2, 0]}, "blinds_or_straddles", "no blinds"),
        ({"playres": ["Ann", "Bob", "Cat"]}, "playres", "did you mean 'players'"),
        ({"_house_rules": {"queens": "some"}}, "_house_rules", "cannot be 'some'"),
        ({"_house_rules": {"wild": "deuces"}}, "_house_rules", "has no option 'wild'"),
        ({"_house_rules": {"queens": 1.5}}, "_house_rules", "must be text, a whole number"),
        ({"_house_rules": {"queens": ["all"]}}, "_house_rules", "must be text, a whole number"),
        ({"_house_rules": {"ante": 2}}, "_house_rules", "'ante' is a stake"),
        ({"_house_rules": {"small-bet": 2}}, "_house_rules", "'small-bet' is a stake"),
        ({"_house_rules": {"limit": "no-limit"}}, "_house_rules", "gives it in _betting"),
        ({"_house_rules": "queens=all"}, "_house_rules", "table of options"),
        ({"variant": "BD5", "bring_in": 0, "_house_rules": {"cards": 7}}, "_house_rules", "BD7"),
        ({"variant": "BD7", "bring_in": 2}, "bring_in", "has no bring-in"),
        ({"variant": "SMBU", "_house_rules": {"queens": "all"}}, "_house_rules", "no option"),
    ],
)
def test_a_bad_field_is_refused_naming_the_field(
    change: dict[str, Any], field: str, reason: str
) -> None:
    error = refused(base_fields() | change)
    assert error.field == field
    assert reason in error.reason
    assert str(error).startswith(f"field `{field}`: ")


def test_every_record_field_is_checked_by_its_metadata_or_against_the_others() -> None:
    # The fields validate() weighs against each other (or checks first, as all else counts on
    # them); every other field must name its own check, so a new field cannot go unchecked.
    weighed = {"variant", "starting_stacks", "actions", "betting", "house_rules"}
    weighed |= {"small_bet", "big_bet", "min_bet", "spread"}
    for item in dataclasses.fields(HandRecord):
        assert (item.name in weighed) != callable(item.metadata.get("check")), item.name
    # The optional PHH fields, in the order a record writes them.
    assert OPTIONAL_FIELDS[:3] == ("author", "event", "url")
    assert OPTIONAL_FIELDS[-3:] == ("ante_trimming_status", "time_limit", "time_banks")
    assert len(OPTIONAL_FIELDS) == 28


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("p3 cbr x", "whole number of chips, not 'x'"),
        ("d dh p2 ????2x", "not PHH cards"),
        ("p9 cc", "no player p9: the record has 3 players"),
        ("d dh p4 ??", "no player p4"),
        ("p1 sd", "draw games"),
        ("p1 hello", "unknown action code"),
    ],
)
def test_a_bad_action_is_refused_naming_its_number_and_text(action: str, reason: str) -> None:
    fields = base_fields()
    fields["actions"].insert(5, action)
    error = refused(fields)
    assert error.action == 6
    assert error.field is None
    assert reason in error.reason
    assert str(error).startswith("action 6 (`")


def test_an_action_that_is_not_a_string_is_refused() -> None:
    fields = base_fields()
    fields["actions"][2] = 7
    error = refused(fields)
    assert (error.action, error.text) == (3, None)
    assert str(error) == "action 3: must be a string, not 7"
    assert refused(base_fields() | {"actions": "p1 cc"}).field == "actions"


def test_a_card_dealt_twice_in_one_deal_is_refused() -> None:
    fields = base_fields()
    fields["actions"].append("d dh p2 Td")
    error = refused(fields)
    assert error.action == 8
    assert error.reason == "Td was already dealt in action 3 of the same deal"
    fields = base_fields()
    fields["actions"].append("d db 6c")
    assert refused(fields).action == 8


def test_the_bitch_starts_a_fresh_deal_after_the_queen_of_spades() -> None:
    first = ["d dh p1 8c2hKh", "d dh p2 6sJdQs", "# redeal", "d dh p1 8c2hQs", "d dh p2 Kh6sJd"]
    fields = base_fields() | {"variant": "BITCH", "actions": first}
    assert len(read_fields(fields).actions) == 5
    # Before any queen of spades the check holds as anywhere else.
    fields["actions"] = ["d dh p1 8c2hKh", "d dh p2 6sJdKh"]
    error = refused(fields)
    assert (error.action, error.reason) == (2, "Kh was already dealt in action 1 of the same deal")
    # A queen of spades only restarts the check from the deal that holds it.
    fields["actions"] = ["d dh p1 8c2hKh", "d dh p2 Qs????", "d dh p3 8c"]
    assert len(read_fields(fields).actions) == 3
    # In a game without redeals nothing restarts.
    fields["variant"] = "SMBU"
    assert refused(fields).action == 3


def test_follow_the_queen_redeals_leave_repeats_to_the_replay() -> None:
    actions = ["d dh p1 8c2hKh", "d dh p2 6sJd9s", "d dh p1 8c"]
    fields = base_fields() | {"actions": actions}
    assert refused(fields).action == 3
    fields["_house_rules"] = {"no_queen": "redeal-still-in"}
    assert len(read_fields(fields).actions) == 3


def test_unknown_cards_never_count_as_repeats() -> None:
    fields = base_fields()
    fields["actions"] += ["d dh p1 ??", "d dh p2 ??", "p1 sm ??6c??"]
    assert len(read_fields(fields).actions) == 10


def test_a_record_built_in_code_is_checked_like_a_read_one() -> None:
    good = read_record(BASE)
    with pytest.raises(RecordError, match="field `antes`: has 2 entries"):
        dataclasses.replace(good, antes=(1, 1))
    with pytest.raises(RecordError, match=r"action 1 \(`p5 f`\): no player p5"):
        dataclasses.replace(good, actions=(Fold(4),))
    with pytest.raises(RecordError, match=r"action 2: not an action: 'p1 f'"):
        dataclasses.replace(good, actions=(Fold(0), "p1 f"))  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="field `user_fields`: user-defined field names start"):
        dataclasses.replace(good, user_fields={"sponsor": "x"})
    with pytest.raises(RecordError, match="field `_house_rules`: this field has its own"):
        dataclasses.replace(good, user_fields={"_house_rules": {}})
    with pytest.raises(RecordError, match="field `_x`: cannot be written in a record: None"):
        dataclasses.replace(good, user_fields={"_x": [None]})
    with pytest.raises(RecordError, match="field `_x`: table keys are text"):
        dataclasses.replace(good, user_fields={"_x": {1: 2}})


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[[[", "not TOML"),
        ("variant = FTQ", "not TOML"),
        (BASE + "antes = [1, 1, 1]\n", "not TOML"),
        (BASE.replace("bring_in = 2", "bring_in = " + "9" * 5000), "not"),
    ],
)
def test_text_that_is_not_toml_is_refused(text: str, reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        read_record(text)


def test_bytes_that_are_not_utf8_are_refused() -> None:
    with pytest.raises(RecordError, match="not UTF-8 text"):
        read_record(b'variant = "\xff"')
    with pytest.raises(RecordError, match="not PHH text"):
        read_record(5)  # type: ignore[arg-type]


def test_record_errors_belong_to_the_family() -> None:
    error = RecordError("why", field="antes")
    assert isinstance(error, WildstudError)
    assert isinstance(error, ValueError)
    moved = RecordError("why", text="p1 cc").at_action(4)
    assert (str(moved), moved.action, moved.text) == ("action 4 (`p1 cc`): why", 4, "p1 cc")


# --- property tests ----------------------------------------------------------------------------

HOUSE_RULES: dict[str, list[dict[str, Any]]] = {
    "FTQ": [
        {},
        {"queens": "all", "final_queen": "centre-card"},
        {"no_queen": "redeal-everyone", "pay_for_wild": 2, "extra_antes": True},
        {"queens": "hidden-after-face-up", "raise_cap": "none", "burn_cards": "each-street"},
    ],
    "SMBU": [{}, {"name": "pimp-daddy"}, {"pay_for_wild": 1, "open_pair": False}],
    "BD5": [{}, {"cards": 5}, {"natural_beats_wild": True}],
    "BD7": [{}, {"double_ace_flush": True, "five_of_a_kind_top": False}],
    "BITCH": [{}, {"queen_of_spades": "wild"}, {"reante_on_redeal": True, "raise_cap": 0}],
    "F7S": [{}, {"open_pair": False, "all_in_low_card": "next-seat-left"}],
}

texts = st.text(max_size=20)
comments = st.none() | texts
int64 = st.integers(-(2**63), 2**63 - 1)
toml_scalars = (
    texts
    | int64
    | st.floats(allow_nan=False)
    | st.booleans()
    | st.dates()
    | st.times()
    | st.datetimes()
)
toml_values = st.recursive(
    toml_scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=8,
)


@st.composite
def records(draw: st.DrawFn) -> HandRecord:
    variant = draw(st.sampled_from(VARIANTS))
    count = draw(st.integers(2, 8))
    betting = draw(st.sampled_from(list(Limit)))
    stakes: dict[str, Any] = {"betting": betting}
    if betting is Limit.FIXED:
        least = draw(st.integers(1, 100))
        stakes.update(small_bet=least, big_bet=draw(st.integers(least, 200)))
    elif betting is Limit.SPREAD:
        least = draw(st.integers(1, 100))
        stakes["spread"] = (least, draw(st.integers(least, 200)))
    else:
        least = draw(st.integers(1, 100))
        stakes["min_bet"] = least
    bring_in = 0 if variant.startswith("BD") else draw(st.integers(0, least))
    deck = iter(draw(st.permutations(DECK)))

    def some_cards(most: int) -> tuple[Any, ...]:
        size = draw(st.integers(1, most))
        return tuple(None if draw(st.booleans()) else next(deck) for _ in range(size))

    players = st.integers(0, count - 1)
    actions: list[Action] = []
    for _ in range(draw(st.integers(0, 14))):
        kind = draw(st.integers(0, 8))
        comment = draw(comments)
        if kind == 0:
            actions.append(DealHole(draw(players), some_cards(3), comment))
        elif kind == 1:
            actions.append(DealBoard(some_cards(1), comment))
        elif kind == 2:
            actions.append(BringIn(draw(players), comment))
        elif kind == 3:
            actions.append(CompleteBetRaise(draw(players), draw(st.integers(1, 10**9)), comment))
        elif kind == 4:
            actions.append(CheckCall(draw(players), comment))
        elif kind == 5:
            actions.append(Fold(draw(players), comment))
        elif kind == 6:
            shown = draw(st.sampled_from(["muck", "dealt", "cards"]))
            actions.append(
                ShowMuck(
                    draw(players),
                    some_cards(7) if shown == "cards" else None,
                    as_dealt=shown == "dealt",
                    comment=comment,
                )
            )
        else:
            actions.append(Note(comment))
    per_player = st.lists(st.integers(0, 10**9), min_size=count, max_size=count).map(tuple)
    optional: dict[str, Any] = {
        "author": texts,
        "event": texts,
        "city": texts,
        "time": st.times(),
        "day": st.integers(1, 31),
        "month": st.integers(1, 12),
        "year": int64,
        "hand": texts | int64,
        "table": texts | st.integers(0, 99),
        "players": st.lists(texts, min_size=count, max_size=count).map(tuple),
        "finishing_stacks": per_player,
        "winnings": per_player,
        "ante_trimming_status": st.booleans(),
        "time_limit": st.integers(1, 10**6) | st.floats(min_value=0.001, allow_nan=False),
        "time_banks": st.lists(
            st.integers(0, 10**6) | st.floats(min_value=0, allow_nan=False),
            min_size=count,
            max_size=count,
        ).map(tuple),
    }
    chosen = draw(st.sets(st.sampled_from(sorted(optional))))
    extra = {name: draw(optional[name]) for name in chosen}
    if draw(st.booleans()):
        extra["seats"] = tuple(draw(st.permutations(range(1, count + 1))))
        extra["seat_count"] = draw(st.integers(count, 12))
    user_names = texts.map(lambda name: "_" + name).filter(
        lambda name: name not in ("_betting", "_spread", "_house_rules")
    )
    return HandRecord(
        variant=variant,
        antes=(draw(st.integers(0, 50)),) * count,
        bring_in=bring_in,
        starting_stacks=tuple(draw(st.integers(1, 10**9)) for _ in range(count)),
        house_rules=draw(st.sampled_from(HOUSE_RULES[variant])),
        user_fields=draw(st.dictionaries(user_names, toml_values, max_size=3)),
        actions=tuple(actions),
        **stakes,
        **extra,
    )


@given(records())
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
def test_any_record_survives_writing_and_reading(record: HandRecord) -> None:
    text = write_record(record)
    assert read_record(text) == record
    assert write_record(read_record(text)) == text
    # What we write is TOML that any reader takes, with the PHH names.
    fields = tomllib.loads(text)
    assert fields["variant"] == record.variant
    assert list(fields) == list(record_to_fields(record))


def _read_or_refuse(text: str | bytes) -> None:
    try:
        record = read_record(text)
    except RecordError:
        return
    # Whatever reads must also write and read back to the same record.
    assert read_record(write_record(record)) == record


# A hang would show up as a deadline failure: a record reads in well under a millisecond.
FUZZ = settings(max_examples=600, deadline=2000, suppress_health_check=[HealthCheck.too_slow])


@given(st.text(max_size=200) | st.binary(max_size=200))
@FUZZ
def test_any_text_reads_or_is_refused_with_a_record_error(text: str | bytes) -> None:
    _read_or_refuse(text)


VALID_TEXTS = [BASE, *doc_examples()]
# Pieces of records, so that many mutations still parse as TOML and reach the record checks.
TOKENS = st.sampled_from(
    [
        "0",
        "1",
        "-1",
        "9",
        "p1",
        "p4",
        "??",
        "Qs",
        "7x",
        "cbr",
        "sm",
        "#",
        '"',
        ",",
        "[",
        "]",
        " ",
        "=",
        "_",
        "1.5",
        "true",
        "\n",
        "BD5",
    ]
)


@given(
    st.sampled_from(VALID_TEXTS),
    st.lists(
        st.tuples(st.floats(0, 1), st.integers(0, 3), st.text(max_size=4) | TOKENS),
        min_size=1,
        max_size=4,
    ),
)
@FUZZ
def test_mutated_record_text_reads_or_is_refused(
    text: str, edits: list[tuple[float, int, str]]
) -> None:
    for where, cut, insert in edits:
        at = int(where * len(text))
        text = text[:at] + insert + text[at + cut :]
    _read_or_refuse(text)


FIELD_NAMES = [
    "variant",
    "antes",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "_betting",
    "_spread",
    "_house_rules",
    "blinds_or_straddles",
    *OPTIONAL_FIELDS,
]
action_words = st.sampled_from(
    [
        "d",
        "dh",
        "db",
        "p1",
        "p2",
        "p3",
        "p9",
        "pb",
        "cbr",
        "cc",
        "f",
        "sm",
        "sd",
        "-",
        "#",
        "5",
        "0",
        "AsKd",
        "??",
        "Qs",
        "7x",
        "1.5",
    ]
)
action_texts = st.lists(action_words, max_size=5).map(" ".join) | st.text(max_size=12)


@given(
    st.sampled_from(VALID_TEXTS),
    st.lists(
        st.tuples(
            st.sampled_from(FIELD_NAMES),
            st.none()
            | toml_values
            | st.lists(action_texts, max_size=6)
            | st.sampled_from(
                ["pot-limit", "spread-limit", "no-limit", "fixed-limit", "BD5", "BITCH"]
            ),
        ),
        min_size=1,
        max_size=3,
    ),
    st.lists(st.tuples(st.integers(0, 40), action_texts), max_size=3),
)
@FUZZ
def test_mutated_record_fields_read_or_are_refused(
    text: str,
    changes: list[tuple[str, Any]],
    action_edits: list[tuple[int, str]],
) -> None:
    fields = tomllib.loads(text)
    for name, value in changes:
        if value is None:
            fields.pop(name, None)
        else:
            fields[name] = value
    actions = fields.get("actions")
    if isinstance(actions, list):
        for at, action in action_edits:
            actions.insert(min(at, len(actions)), action)
    _read_or_refuse(tomli_w.dumps(fields))
