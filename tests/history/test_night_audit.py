"""Decks the players shuffle too (issue 26 item 1), as the library makes and audits them: the
joint shuffle is deterministic, unbiased and bound to every input, and the night's audit names a
cheating server (a seed chosen late, a root of another deck, a card from the wrong position) and a
cheating page (a value that does not open its commitment, a player dealt in after withholding)."""

from __future__ import annotations

import dataclasses
import json
import secrets
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.tools.cli_run import run
from tests.tools.nights import (
    EXAMPLE,
    GOLDEN,
    NAMES,
    dealt_hand,
    example_night,
    golden_text,
    night_of,
    redealt,
)
from tests.tools.schemas import REGISTRY
from wildstud.cards import DECK, Card
from wildstud.commitment import SealedDeck
from wildstud.errors import ProofError, RecordError
from wildstud.history.night_audit import (
    FaultKind,
    NightRecord,
    audit_night,
)
from wildstud.joint_shuffle import (
    deck_order,
    deck_salts,
    hand_seed,
    new_secret,
    night_commitment,
    opens,
    value_commitment,
)
from wildstud.schemas import schema


def test_the_shuffle_is_bound_to_every_input() -> None:
    seed = bytes(range(32))
    values = {0: bytes(32), 2: b"\x01" * 32}
    order = deck_order(seed, 1, 1, values)
    assert sorted(order) == sorted(DECK)
    assert deck_order(seed, 1, 1, dict(values)) == order
    changed = [
        deck_order(bytes(31) + b"\x01", 1, 1, values),
        deck_order(seed, 2, 1, values),
        deck_order(seed, 1, 2, values),
        deck_order(seed, 1, 1, {0: bytes(32), 1: b"\x01" * 32}),  # the same value, another seat
        deck_order(seed, 1, 1, {0: bytes(32)}),
        deck_order(seed, 1, 1, {0: bytes(32), 2: b"\x02" * 32}),
    ]
    assert all(other != order for other in changed)
    # The salts differ by deal and position, and come from the hand's seed alone.
    assert deck_salts(seed, 1) != deck_salts(seed, 2)
    assert len(set(deck_salts(seed, 1))) == 52


def test_the_shuffle_puts_a_card_anywhere_alike() -> None:
    """5,200 shuffles: where the ace of spades lands and which card lands on top are uniform
    (a chi-squared test with 51 degrees of freedom, bound 110: p < 1e-6 when uniform)."""
    ace = Card.of(51)
    where: Counter[int] = Counter()
    top: Counter[Card] = Counter()
    seed = secrets.token_bytes(32)
    for number in range(1, 5201):
        order = deck_order(seed, number, 1, {0: secrets.token_bytes(32)})
        where[order.index(ace)] += 1
        top[order[0]] += 1
    for counts in (list(where.values()), list(top.values())):
        assert len(counts) == 52
        chi = sum((count - 100) ** 2 / 100 for count in counts)
        assert chi < 110, chi


def test_commitments_open_only_for_their_hand_deal_and_seat() -> None:
    value = secrets.token_bytes(32)
    made = value_commitment(value, 4, 2, 1)
    assert opens(made, value, 4, 2, 1)
    assert not opens(made, value, 4, 2, 0)
    assert not opens(made, value, 4, 1, 1)
    assert not opens(made, value, 5, 2, 1)
    assert not opens(made, bytes(32), 4, 2, 1)
    assert not opens(made, b"short", 4, 2, 1)  # malformed: simply does not open
    with pytest.raises(ProofError, match="32 bytes"):
        value_commitment(b"short", 1, 1, 0)
    with pytest.raises(ProofError, match="deal number"):
        value_commitment(value, 1, 0, 0)
    with pytest.raises(ProofError, match="night seed"):
        night_commitment(b"")


def test_known_answers_for_the_page() -> None:
    """Fixed vectors that any other implementation (the page's) must reproduce."""
    vector = json.loads((Path(__file__).parents[1] / "golden" / "joint_shuffle.json").read_text())
    assert night_commitment(bytes.fromhex(vector["seed"])) == vector["night_commitment"]
    assert hand_seed(bytes.fromhex(vector["seed"]), 7).hex() == vector["hand_seed_7"]
    assert value_commitment(bytes.fromhex(vector["value"]), 7, 2, 3) == vector["value_commitment"]
    order = deck_order(
        bytes.fromhex(vector["hand_seed_7"]), 7, 2, {3: bytes.fromhex(vector["value"])}
    )
    assert " ".join(str(card) for card in order) == vector["order"]


def test_an_honest_night_is_verified_deal_by_deal() -> None:
    seed = new_secret()
    hands = [dealt_hand(seed, 1, "FTQ")[0], dealt_hand(seed, 2, "BD7")[0], redealt(seed, 3)]
    audit = audit_night(night_of(hands, seed))
    assert audit.faults == ()
    assert audit.verified
    assert any(deal.deal == 2 for deal in audit.deals)  # the redeal is audited too
    assert all(deal.made_from == NAMES and deal.left_out == () for deal in audit.deals)
    # The record goes through JSON unchanged.
    data = json.loads(json.dumps(night_of(hands, seed).to_data()))
    assert NightRecord.from_data(data) == night_of(hands, seed)


def test_a_server_that_chose_its_seed_late_is_caught() -> None:
    seed = new_secret()
    hand, _ = dealt_hand(seed, 1, "FTQ")
    audit = audit_night(night_of([hand], seed, commitment=night_commitment(new_secret())))
    assert [fault.kind for fault in audit.faults] == [FaultKind.SEED]
    assert "changed its seed" in audit.faults[0].text


def test_a_root_of_another_deck_is_caught() -> None:
    seed = new_secret()
    hand, _ = dealt_hand(seed, 1, "FTQ")
    other = SealedDeck.seal(1, DECK).commitment.root
    swapped = dataclasses.replace(hand, deals=(dataclasses.replace(hand.deals[0], root=other),))
    kinds = [fault.kind for fault in audit_night(night_of([swapped], seed)).faults]
    # Not the deck made from the inputs, and not the root the hand's record carries.
    assert kinds == [FaultKind.ROOT, FaultKind.ROOT]


def test_a_card_dealt_from_the_wrong_position_is_named() -> None:
    seed = new_secret()

    def second_first(order: list[Card]) -> list[Card]:
        return [order[1], order[0], *order[2:]]

    hand, _ = dealt_hand(seed, 1, "FTQ", dealt_order=second_first)
    faults = audit_night(night_of([hand], seed)).faults
    assert [fault.kind for fault in faults] == [FaultKind.CARD, FaultKind.CARD]
    assert "(position 1)" in faults[0].text  # said from 1, as the table says positions
    assert "out of order or substituted" in faults[0].text
    assert {fault.names for fault in faults} == {"the server"}


def test_a_list_of_dealt_cards_that_is_not_the_records_is_named() -> None:
    """The page reads each deal's cards from the ``dealt`` list; a server that lists the deck's
    cards there but dealt others in the record is caught here, where the record is replayed."""
    seed = new_secret()

    def second_first(order: list[Card]) -> list[Card]:
        return [order[1], order[0], *order[2:]]

    hand, _ = dealt_hand(seed, 1, "FTQ", dealt_order=second_first)
    honest, _ = dealt_hand(seed, 1, "FTQ")
    deal = hand.deals[0]
    assert deal.dealt is not None
    assert [item.position for item in deal.dealt[:3]] == [0, 1, 2]
    assert deal.dealt[0].player == "Ann"
    # The list claims the recomputed deck's own card at each position it names.
    order = deck_order(
        hand_seed(seed, 1),
        1,
        1,
        {item.seat: item.value for item in deal.contributions if item.value is not None},
    )
    lying = tuple(dataclasses.replace(item, card=order[item.position]) for item in deal.dealt)
    forged = dataclasses.replace(hand, deals=(dataclasses.replace(deal, dealt=lying),))
    faults = audit_night(night_of([forged], seed)).faults
    assert [fault.kind for fault in faults] == [FaultKind.RECORD, FaultKind.CARD, FaultKind.CARD]
    assert "lists as dealt are not the ones the hand's record deals" in faults[0].text
    # Read back from JSON, the list is the same; an older record without one is still audited.
    data = night_of([honest], seed).to_data()
    assert NightRecord.from_data(json.loads(json.dumps(data))) == night_of([honest], seed)
    for item in data["hands"][0]["deals"]:
        del item["dealt"]
    assert audit_night(NightRecord.from_data(data)).verified


def test_a_page_whose_value_does_not_open_its_commitment_is_named() -> None:
    seed = new_secret()

    def wrong(name: str, value: bytes) -> bytes:
        return bytes(32) if name == "Bob" else value

    hand, _ = dealt_hand(seed, 1, "FTQ", reveal=wrong)
    faults = audit_night(night_of([hand], seed)).faults
    assert FaultKind.VALUE in {fault.kind for fault in faults}
    assert any("Bob's revealed value" in fault.text for fault in faults)
    assert [fault.names for fault in faults if fault.kind is FaultKind.VALUE] == ["Bob"]


def test_a_withheld_value_leaves_the_player_out() -> None:
    seed = new_secret()
    # Cy withheld and sat the hand out: the deal was made from Ann's and Bob's values alone.
    sat_out, _ = dealt_hand(seed, 1, "FTQ", names=("Ann", "Bob"), withheld=("Cy",))
    audit = audit_night(night_of([sat_out], seed))
    assert audit.verified, audit.faults
    assert audit.deals[0].made_from == ("Ann", "Bob")
    assert audit.deals[0].left_out == ("Cy",)
    # Cy withheld and was dealt in all the same: named.
    dealt_in, _ = dealt_hand(seed, 2, "FTQ", withheld=("Cy",))
    faults = audit_night(night_of([dealt_in], seed)).faults
    assert [fault.kind for fault in faults] == [FaultKind.LEFT_OUT]
    assert "Cy gave no value that opens their commitment, yet was dealt a card" in faults[0].text


def test_a_night_not_over_and_bad_records() -> None:
    seed = new_secret()
    hand, _ = dealt_hand(seed, 1, "FTQ")
    hidden = dataclasses.replace(night_of([hand], seed), seed=None)
    assert [fault.kind for fault in audit_night(hidden).faults] == [FaultKind.SEED_HIDDEN]
    broken = dataclasses.replace(hand, record="variant = 'FTQ'")
    assert [fault.kind for fault in audit_night(night_of([broken], seed)).faults] == [
        FaultKind.RECORD
    ]
    data = night_of([hand], seed).to_data()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"format": "x"}, "format"),
        ({"seed": "00"}, "night seed is 64"),
        ({"hands": {}}, r"'hands' \(list\)"),
        ({"hands": [{"number": "1", "record": "", "deals": []}]}, r"'number' \(int\)"),
        (
            {
                "hands": [
                    {
                        **data["hands"][0],
                        "deals": [
                            {
                                **data["hands"][0]["deals"][0],
                                "dealt": [{"position": 0, "card": "Zz"}],
                            }
                        ],
                    }
                ]
            },
            "a dealt card",
        ),
        (
            {
                "hands": [
                    {**data["hands"][0], "deals": [{**data["hands"][0]["deals"][0], "dealt": {}}]}
                ]
            },
            "'dealt' is a list",
        ),
    ]
    for change, words in cases:
        with pytest.raises(RecordError, match=words):
            NightRecord.from_data({**data, **change})


def test_verify_night_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seed = new_secret()
    hands = [dealt_hand(seed, 1, "FTQ")[0], dealt_hand(seed, 2, "the-bitch")[0]]
    honest = tmp_path / "night.json"
    honest.write_text(json.dumps(night_of(hands, seed).to_data()))
    code, out, _ = run(capsys, "verify", "--night", str(honest))
    assert code == 0, out
    assert "Verified" in out
    assert "Ann, Bob, Cy" in out
    code, out, _ = run(capsys, "verify", "--night", str(honest), "--json")
    found = json.loads(out)
    Draft202012Validator(schema("verify"), registry=REGISTRY).validate(found)
    assert found["verified"] is True
    assert found["deals"][0] == {
        "hand": 1, "deal": 1, "root": hands[0].deals[0].root,
        "made_from": list(NAMES), "left_out": [],
    }  # fmt: skip
    late = tmp_path / "late.json"
    late.write_text(json.dumps(night_of(hands, seed, night_commitment(new_secret())).to_data()))
    code, out, _ = run(capsys, "verify", "--night", str(late))
    assert code == 2
    assert "changed its seed" in out
    code, out, _ = run(capsys, "verify", "--night", str(late), "--json")
    Draft202012Validator(schema("verify"), registry=REGISTRY).validate(json.loads(out))
    hidden = tmp_path / "hidden.json"
    hidden.write_text(json.dumps({**night_of(hands, seed).to_data(), "seed": None}))
    assert run(capsys, "verify", "--night", str(hidden))[0] == 1
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    code, out, err = run(capsys, "verify", "--night", str(junk))
    assert code == 2
    assert "not a night record: not JSON" in err
    assert err.count("\n") == 1


def test_the_golden_nights_are_what_the_library_audits() -> None:
    """``tests/golden/night_audit.json`` (the page's audit is held to it by
    ``tests/client/nightaudit.test.js``) is what the library writes and finds today: an honest
    night verified, and each cheat named as ``wildstud verify --night`` names it."""
    assert GOLDEN.read_text(encoding="utf-8") == golden_text()
    cases = json.loads(golden_text())["cases"]
    found = {case["name"]: case["audit"] for case in cases}
    assert found["an honest night"]["verified"] is True
    kinds = {name: {fault["kind"] for fault in audit["faults"]} for name, audit in found.items()}
    assert kinds == {
        "an honest night": set(),
        "a server that chose its seed after the commitments": {"seed"},
        "a card dealt from the wrong position": {"card"},
        "a withheld reveal, then a player dealt in without one": {"left-out"},
        "a value that does not open its commitment": {"value", "left-out"},
    }
    assert any(deal["deal"] > 1 for deal in found["an honest night"]["deals"])  # a redeal
    assert EXAMPLE.read_text() == json.dumps(example_night().to_data(), indent=1) + "\n"
