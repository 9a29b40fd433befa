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

from tests.cli.test_cli_json import REGISTRY
from tests.tools.cli_run import run
from tests.tools.nights import NAMES, dealt_hand, night_of, redealt
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
    assert "position 0" in faults[0].text
    assert "out of order or substituted" in faults[0].text


def test_a_page_whose_value_does_not_open_its_commitment_is_named() -> None:
    seed = new_secret()

    def wrong(name: str, value: bytes) -> bytes:
        return bytes(32) if name == "Bob" else value

    hand, _ = dealt_hand(seed, 1, "FTQ", reveal=wrong)
    faults = audit_night(night_of([hand], seed)).faults
    assert FaultKind.VALUE in {fault.kind for fault in faults}
    assert any("Bob's revealed value" in fault.text for fault in faults)


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
    assert "Cy revealed no value but was dealt a card" in faults[0].text


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
