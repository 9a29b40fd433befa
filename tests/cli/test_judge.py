"""``wildstud judge`` and ``wildstud replay``: rulings, partial records, errors with positions,
and fuzzed records that are well formed but break the rules."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from wildstud.bots import CallingBot, RandomBot, take_turn
from wildstud.cards import DECK, Deck
from wildstud.cli import main
from wildstud.cli.judge import _EPILOG, _HELP, render_ruling
from wildstud.cli.replay import street_sections
from wildstud.deal import Hand, Phase
from wildstud.errors import RecordError
from wildstud.games import find_game
from wildstud.history import (
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
    read_record,
    write_record,
)
from wildstud.history.export import record_from_hand
from wildstud.history.ruling import judge

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Exit status, standard output and standard error of ``wildstud args``."""
    with pytest.raises(SystemExit) as done:
        main(list(args))
    code = done.value.code if isinstance(done.value.code, int) else 1
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "hand.phh"
    path.write_text(text, encoding="utf-8")
    return str(path)


def ftq(actions: list[str], *, bring_in: int = 2, stacks: int = 2, rules: str = "") -> str:
    """A Follow the Queen record as text."""
    lines = [
        'variant = "FTQ"',
        f"antes = {[1] * stacks}",
        f"bring_in = {bring_in}",
        "small_bet = 5",
        "big_bet = 10",
        f"starting_stacks = {[100] * stacks}",
    ]
    if rules:
        lines.append(f"_house_rules = {{ {rules} }}")
    lines.append("actions = [" + ", ".join(json.dumps(action) for action in actions) + "]")
    return "\n".join(lines) + "\n"


THREE_ACES = [
    "d dh p1 AsAcQh",
    "d dh p2 9d9h7c",
    "d dh p1 4h",
    "d dh p2 Jd",
    "d dh p1 5s",
    "d dh p2 2c",
    "d dh p1 7s",
    "d dh p2 Kd",
    "d dh p1 9c",
    "d dh p2 3s",
]


# --- the command line ---------------------------------------------------------------------------


def test_judge_help_explains_the_format_with_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "judge", "--help")
    assert code == 0
    words = " ".join(out.split())
    for text in ("PHH", "standard input", "checks", "bring-in", "??", "exit status 2", "--json"):
        assert text in words
    assert 'variant = "FTQ"' in out
    assert '"d dh p1 AsAcQh"' in out
    assert '"final_wild"' in out


def test_the_example_in_the_help_is_ruled_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    example = _HELP.split("call):\n\n\b\n", 1)[1]
    code, out, err = run(capsys, "judge", write(tmp_path, example), "--json")
    assert (code, err) == (0, "")
    ruling = json.loads(out)
    assert ruling["final_wild"] == {"p1": ["7"], "p2": ["7"]}
    assert ruling["hands"]["p1"]["category"] == "THREE_OF_A_KIND"
    assert ruling["payouts"] == {"p1": 2, "p2": 0}


def test_the_sample_output_in_the_help_is_what_judge_prints_for_the_example(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    example = _HELP.split("call):\n\n\b\n", 1)[1]
    _, out, _ = run(capsys, "judge", write(tmp_path, example), "--json")
    ruling = json.loads(out)
    sample = " ".join(_EPILOG.split())
    for entry in ruling["wild_timeline"][:2]:
        assert json.dumps(entry, ensure_ascii=False) in sample
    for key in ("final_wild", "pots", "payouts", "stacks_after", "redeals", "stopped_early"):
        assert f'"{key}": {json.dumps(ruling[key])}' in sample
    best = ruling["hands"]["p1"]["best_five"]
    assert f'"best_five": {json.dumps(best)}' in sample


def test_judge_json_has_exactly_the_documented_shape(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "judge", write(tmp_path, ftq(THREE_ACES, bring_in=0)), "--json")
    assert code == 0
    ruling = json.loads(out)
    assert list(ruling) == [
        "game",
        "title",
        "house_rules",
        "players",
        "names",
        "wild_timeline",
        "final_wild",
        "hands",
        "pots",
        "payouts",
        "stacks_after",
        "redeals",
        "redeal_reasons",
        "mucked",
        "not_shown",
        "filled_in",
        "complete",
        "stopped_early",
    ]
    assert ruling["game"] == "FTQ"
    assert all(
        list(entry) == ["deal", "card", "player", "wild", "reason"]
        for entry in ruling["wild_timeline"]
    )
    assert [entry["card"] for entry in ruling["wild_timeline"]] == [
        "Qh", "7c", "4h", "Jd", "5s", "2c", "7s", "Kd"
    ]  # fmt: skip
    assert ruling["wild_timeline"][1] == {
        "deal": 1,
        "card": "7c",
        "player": "p2",
        "wild": ["7"],
        "reason": "Q♥ to p1, then 7♣ to p2: sevens are wild",
    }
    assert ruling["wild_timeline"][2]["reason"] is None
    assert ruling["hands"]["p1"] == {
        "cards": ["As", "Ac", "Qh", "4h", "5s", "7s", "9c"],
        "wild": ["7"],
        "category": "THREE_OF_A_KIND",
        "description": "three aces",
        "best_five": ["As", "Ac", "Ah", "Qh", "9c"],
        "wild_cards_as": [{"card": "7s", "as": "Ah"}],
        "shown": True,
    }
    assert ruling["pots"] == [
        {"amount": 2, "shares": {"p1": 2}, "awards": [{"player": "p1", "chips": 2, "part": "high"}]}
    ]
    assert ruling["payouts"] == {"p1": 2, "p2": 0}
    assert ruling["redeals"] == 0


def test_judge_reads_standard_input_and_prints_a_ruling(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(ftq(THREE_ACES, bring_in=0).encode()))
    monkeypatch.setattr("sys.stdin", stdin)
    code, out, err = run(capsys, "judge", "-")
    assert (code, err) == (0, "")
    for text in ("Follow the Queen (FTQ)", "sevens are wild", "three aces", "three nines"):
        assert text in out
    assert "p1 2 (high)" in out
    assert "check on third street" in out  # filled in


def test_a_file_that_cannot_be_read_is_one_line_of_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "judge", "/no/such/hand.phh")
    assert (code, out) == (2, "")
    assert err.startswith("error: cannot read /no/such/hand.phh")


@pytest.mark.parametrize(
    ("actions", "rules", "message"),
    [
        (  # a card dealt twice
            ["d dh p1 AsAcQh", "d dh p2 9d9hAs"],
            "",
            r"action 2 \(`d dh p2 9d9hAs`\): As was already dealt in action 1",
        ),
        (  # a card dealt twice, found by the replay (deals cannot be told apart before it)
            ["d dh p1 AsAcQh", "d dh p2 9d9hAs"],
            'no_queen = "redeal-still-in"',
            r"action 2 .*As was already dealt in this deal \(action 1\)",
        ),
        (  # too many cards on a street
            ["d dh p1 AsAcQh4h", "d dh p2 9d9h7c"],
            "",
            r"action 1 .*third street deals each player 3 cards: this action deals 4",
        ),
        (  # too few
            ["d dh p1 AsAc", "d dh p2 9d9h7c", "p2 pb"],
            "",
            r"action 1 .*third street deals each player 3 cards: this action gives p1 2",
        ),
        (  # dealt out of turn
            ["d dh p2 9d9h7c", "d dh p1 AsAcQh"],
            "",
            r"action 1 .*dealt out of turn: .*p1's card on third street comes next, not p2's",
        ),
        (  # an action out of turn
            ["d dh p1 AsAcQh", "d dh p2 9d9h7c", "p1 pb"],
            "",
            r"action 3 \(`p1 pb`\): p1 cannot bring-in: it is p2's turn to act",
        ),
        (  # an amount the betting structure forbids
            ["d dh p1 AsAcQh", "d dh p2 9d9h7c", "p2 pb", "p1 cbr 7"],
            "",
            r"action 4 \(`p1 cbr 7`\): complete to 7 is not allowed: completions are in 5s",
        ),
        (  # a bet while the dealer deals
            ["d dh p1 AsAcQh", "p2 pb"],
            "",
            r"action 2 .*p2 cannot act while the dealer deals: p2's card on third street",
        ),
        (  # a centre card where none comes
            [*THREE_ACES[:2], "p2 pb", "p1 cc", "d db 8h"],
            "",
            r"action 5 .*no card goes to the centre here",
        ),
        (  # cards after the hand is over
            ["d dh p1 AsAcQh", "d dh p2 9d9h7c", "p2 pb", "p1 f", "d dh p1 4h"],
            "",
            r"action 5 .*the hand is over \(everyone else folded\): no more cards are dealt",
        ),
        (  # a player facing a bet whose action is left out
            ["d dh p1 AsAcQh", "d dh p2 9d9h7c", "d dh p1 4h"],
            "",
            r"action 3 .*p1 faces a bet on third street \(a call is to 2\)",
        ),
    ],
)
def test_a_record_against_the_rules_is_an_error_at_its_action(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    actions: list[str],
    rules: str,
    message: str,
) -> None:
    code, out, err = run(capsys, "judge", write(tmp_path, ftq(actions, rules=rules)))
    assert (code, out) == (2, "")
    assert err.startswith("error: ")
    assert "Traceback" not in err
    assert re.search(message, " ".join(err.split())), err


BITCH = [
    'variant = "BITCH"',
    "antes = [1, 1, 1]",
    "bring_in = 2",
    "small_bet = 5",
    "big_bet = 10",
    "starting_stacks = [100, 100, 100]",
]


CARD_BY_CARD = ("2c", "3c", "4c", "5c", "6c", "7c", "Qs")


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (  # grouped: p2's upcard was never dealt
            ["d dh p1 4c5cQs", "d dh p2 6c7c8c"],
            r"action 2 .*so p2 never got 8c: no more cards are dealt in a deal that stops",
        ),
        (  # card by card: a card after the queen of spades
            [f"d dh p{i % 3 + 1} {card}" for i, card in enumerate(CARD_BY_CARD)] + ["d dh p2 8c"],
            r"action 8 .*the deal before stopped \(Q♠ face up to p1\) and no more cards go to it",
        ),
    ],
)  # fmt: skip
def test_no_more_cards_in_a_deal_that_the_queen_of_spades_stopped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, actions: list[str], message: str
) -> None:
    text = "\n".join([*BITCH, "actions = [" + ", ".join(map(json.dumps, actions)) + "]"])
    code, _, err = run(capsys, "judge", write(tmp_path, text))
    assert code == 2
    assert re.search(message, " ".join(err.split())), err


def test_a_missing_bring_in_is_posted(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    actions = ["d dh p1 AsAcQh", "d dh p2 9d9h7c", "p1 cbr 5", "p2 cc", *THREE_ACES[2:]]
    code, out, _ = run(capsys, "judge", write(tmp_path, ftq(actions)), "--json")
    assert code == 0
    # 2 antes, p2's bring-in completed by p1 and called: 12 chips.
    assert json.loads(out)["pots"][0]["shares"] == {"p1": 12}
    assert json.loads(out)["pots"][0]["amount"] == 12


def test_a_record_that_stops_early_is_ruled_on_as_it_stands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    partial = write(tmp_path, ftq(THREE_ACES[:4], bring_in=0))
    code, out, _ = run(capsys, "judge", partial, "--json")
    assert code == 0
    ruling = json.loads(out)
    assert ruling["pots"] == [{"amount": 2, "shares": {}, "awards": []}]
    assert ruling["complete"] is False
    assert ruling["stopped_early"]
    assert ruling["payouts"] == {"p1": 0, "p2": 0}
    assert ruling["hands"]["p1"]["cards"] == ["As", "Ac", "Qh", "4h"]
    assert ruling["final_wild"] == {"p1": ["7"], "p2": ["7"]}
    code, out, _ = run(capsys, "judge", partial)
    assert "The record stops before the hand ends" in " ".join(out.split())


def test_folded_players_hidden_cards_may_be_unknown_but_not_a_shown_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folded = ["d dh p1 AsAcQh", "d dh p2 ????7c", "p2 pb", "p1 cbr 5", "p2 f"]
    code, out, _ = run(capsys, "judge", write(tmp_path, ftq(folded)), "--json")
    assert code == 0
    ruling = json.loads(out)
    assert list(ruling["hands"]) == ["p1"]
    assert ruling["hands"]["p1"]["category"] == "ONE_PAIR"
    assert (
        ruling["hands"]["p1"]["best_five"] == ruling["hands"]["p1"]["cards"] == ["As", "Ac", "Qh"]
    )
    assert ruling["payouts"] == {"p1": ruling["pots"][0]["amount"], "p2": 0}
    shown = ["d dh p1 AsAcQh", "d dh p2 ????7c", *THREE_ACES[2:]]
    code, _, err = run(capsys, "judge", write(tmp_path, ftq(shown, bring_in=0)))
    assert code == 2
    assert "action 2" in err
    assert "shown down" in err


def test_the_record_examples_in_the_docs_come_to_their_finishing_stacks() -> None:
    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    blocks = [block for block in re.findall(r"```toml\n(.*?)```", text, re.S) if "variant" in block]
    assert len(blocks) >= 4
    for block in blocks:
        record = read_record(block)
        ruling = judge(record)
        assert ruling.complete
        assert record.finishing_stacks == ruling.stacks
        if record.winnings is not None:
            assert record.winnings == ruling.payouts


def test_replay_prints_every_street(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(ROOT / "examples" / "bitch-queen-of-spades-turns-up.phh")
    code, out, err = run(capsys, "replay", path)
    assert (code, err) == (0, "")
    text = " ".join(out.split())
    for part in (
        "third street",
        "p3 brings in 2",
        "p4 folds",
        "redeal: Q♠ face up to p2",
        "deal 2: seventh street",
        "p1 wins 9 from the main pot (high)",
        "p3 wins 8 from the main pot (hole-card)",
    ):
        assert part in text
    code, _, err = run(capsys, "replay", write(tmp_path, ftq(["d dh p2 9d9h7c"])))
    assert code == 2
    assert "action 1" in err


def test_plain_stud_is_ruled_and_replayed_with_no_word_of_wild_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(ROOT / "examples" / "f7s-low-card-brings-in.phh")
    code, out, err = run(capsys, "judge", path)
    assert (code, err) == (0, "")
    assert out.startswith("Seven-Card Stud (F7S), 3 players")
    assert "wild" not in out.lower()
    assert "three kings" in out
    code, out, err = run(capsys, "replay", path)
    assert (code, err) == (0, "")
    text = " ".join(out.split())
    assert "p2 brings in 2" in text
    assert "wild" not in text.lower()
    # A wild game still says what is wild after each street.
    _, out, _ = run(capsys, "replay", str(ROOT / "examples" / "ftq-wild-card-moves.phh"))
    assert "nothing is wild; pot" in out


def test_replay_step_waits_between_streets_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    waits: list[object] = []

    def answer(self: Console, *args: object, **kw: object) -> str:
        waits.append(args)
        return ""

    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr(Console, "input", answer)
    path = str(ROOT / "examples" / "ftq-wild-card-moves.phh")
    code, out, _ = run(capsys, "replay", path, "--step")
    assert code == 0
    panels = out.count("╭─")
    assert panels == 7  # the antes, five streets, the showdown
    assert len(waits) == panels - 1
    waits.clear()
    code, _, _ = run(capsys, "replay", path)
    assert (code, waits) == (0, [])


# --- fuzzing ------------------------------------------------------------------------------------


def played_records(count: int) -> list[HandRecord]:
    """Records of random hands of every game, as the engine wrote them."""
    records = []
    rng = random.Random(2024)
    codes = ("FTQ", "SMBU", "BD5", "BD7", "BITCH", "F7S")
    for index in range(count):
        game = find_game(codes[index % len(codes)])
        options: dict[str, object] = {}
        for name, spec in game.options_type.specs().items():
            if spec.enum is not None and name != "limit":
                options[name] = rng.choice([member.value for member in spec.enum])
        players = rng.randint(2, 6)
        hand = Hand(
            game, [rng.randint(20, 80) for _ in range(players)], options, deck=Deck(seed=index)
        )
        bot: RandomBot | CallingBot = RandomBot(index) if index % 2 else CallingBot()
        while hand.phase is not Phase.OVER:
            if hand.phase is Phase.PLAYER:
                take_turn(hand, bot)
            else:
                hand.step()
        records.append(record_from_hand(hand, reveal="all" if index % 3 else "showdown"))
    for path in sorted((ROOT / "examples").glob("*.phh")):
        records.append(read_record(path))
    return records


def random_action(rng: random.Random, players: int) -> Action:
    player = rng.randrange(players)
    cards = tuple(rng.sample(DECK, rng.randint(1, 3)))
    actions: list[Action] = [
        DealHole(player, cards),
        DealBoard(cards[:1]),
        BringIn(player),
        CheckCall(player),
        Fold(player),
        CompleteBetRaise(player, rng.randint(1, 40)),
        ShowMuck(player),
        ShowMuck(player, as_dealt=True),
    ]
    return rng.choice(actions)


def mutate(record: HandRecord, rng: random.Random) -> HandRecord:
    """The record with one to three random changes: actions dropped, repeated, swapped, moved or
    made up; a card, a player or an amount changed; cards added or taken away; the end cut off."""
    actions: list[Action] = list(record.actions)
    players = record.player_count
    for _ in range(rng.randint(1, 3)):
        if not actions:
            actions.append(random_action(rng, players))
            continue
        index = rng.randrange(len(actions))
        action = actions[index]
        choice = rng.randrange(10)
        if choice == 0:
            del actions[index]
        elif choice == 1:
            actions.insert(rng.randrange(len(actions) + 1), action)
        elif choice == 2:
            other = rng.randrange(len(actions))
            actions[index], actions[other] = actions[other], action
        elif choice == 3:
            actions.insert(rng.randrange(len(actions) + 1), actions.pop(index))
        elif choice == 4 and isinstance(action, DealHole | DealBoard):
            cards = list(action.cards)
            cards[rng.randrange(len(cards))] = rng.choice([*DECK, None])
            actions[index] = dataclasses.replace(action, cards=tuple(cards))
        elif choice == 5 and isinstance(action, DealHole):
            cards = list(action.cards)
            if len(cards) > 1 and rng.random() < 0.5:
                cards.pop(rng.randrange(len(cards)))
            else:
                cards.insert(rng.randrange(len(cards) + 1), rng.choice(DECK))
            actions[index] = dataclasses.replace(action, cards=tuple(cards))
        elif choice == 6 and not isinstance(action, DealBoard | Note):  # the ones with a player
            actions[index] = dataclasses.replace(action, player=rng.randrange(players))
        elif choice == 7 and isinstance(action, CompleteBetRaise | CheckCall):
            actions[index] = CompleteBetRaise(action.player, rng.randint(1, 60))
        elif choice == 8:
            actions.insert(index, random_action(rng, players))
        else:
            del actions[index:]
    return dataclasses.replace(record, actions=tuple(actions))


def test_fuzzed_records_get_clear_errors_never_crashes() -> None:
    bases = played_records(40)
    rng = random.Random(7)
    ruled = 0
    refused: list[RecordError] = []
    for attempt in range(2500):
        base = bases[attempt % len(bases)]
        try:
            record = mutate(base, rng)
        except RecordError:
            continue  # not even a well-formed record: the reader's own fuzzing covers those
        try:
            ruling = judge(record)
        except RecordError as error:
            refused.append(error)
            continue
        ruled += 1
        json.dumps(ruling.to_json())
        if attempt % 25 == 0:
            console = Console(file=io.StringIO(), width=100)
            console.print(render_ruling(ruling))
            for section in street_sections(ruling.replay):
                console.print(section)
    assert [str(error) for error in refused if error.action is None and error.field is None] == []
    # Both kinds of outcome come up often: the mutations are neither all harmless nor all fatal.
    assert ruled > 250
    assert len(refused) > 1000


@pytest.mark.slow
def test_fuzzed_records_through_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bases = played_records(10)
    rng = random.Random(11)
    for attempt in range(150):
        try:
            record = mutate(bases[attempt % len(bases)], rng)
        except RecordError:
            continue
        path = write(tmp_path, write_record(record))
        code, out, err = run(capsys, "judge", path, "--json")
        if code == 0:
            assert err == ""
            json.loads(out)
        else:
            assert code == 2
            assert out == ""
            assert err.startswith("error: ")
            assert "Traceback" not in err
        code, _, err = run(capsys, "replay", path)
        assert code in (0, 2)
        assert "Traceback" not in err
