"""The audit of a night's private deals from its record alone (``wildstud.history.private_night``):
an honest night verified, and each cheat named with its party: a page that reordered otherwise
than it says, a page that withheld its secret, a server that put in a card that was not in the
deck, and a row that does not hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tools.private_nights import GOLDEN, golden_text, substituted
from tests.tools.private_play import CONTEXT, Night
from tests.tools.schemas import validator
from wildstud.cli import main
from wildstud.errors import RecordError
from wildstud.history.private_night import (
    PrivateNight,
    audit_private_night,
    night_of,
)
from wildstud.private_deal import Secret
from wildstud.private_rounds import Row
from wildstud.schemas import schema


def played_private_night(*, reveal: bool = True) -> Night:
    """A hand of Follow the Queen between two pages and the server, to the showdown, every
    party's secret published after it (``reveal``)."""
    night = Night("FTQ", {}, players=3, pages=2)
    night.play()
    if reveal:
        night.audit()
    return night


def audited(rows: list[Row]) -> tuple[list[tuple[str, str]], str]:
    """The faults (party, kind) and the verdict of a night of one hand, read back from JSON."""
    record = night_of("t1", [(1, CONTEXT.decode(), rows)])
    read = PrivateNight.from_data(json.loads(json.dumps(record.to_data())))
    audit = audit_private_night(read)
    return [(fault.party, fault.kind) for fault in audit.faults], audit.words


def test_an_honest_night_is_verified_from_its_record() -> None:
    night = played_private_night()
    faults, words = audited(night.rows)
    assert faults == []
    assert words == f"Every player and the server dealt honestly: checked {len(night.deals)} deal"


def test_a_page_that_reordered_otherwise_than_it_says_is_named() -> None:
    night = played_private_night(reveal=False)
    for rounds, agents in zip(night.deals, night.agents, strict=True):
        for party, agent in enumerate(agents):
            order = list(agent.order)
            if party == 1:  # page 1 says it put the first two cards the other way round
                order[0], order[1] = order[1], order[0]
            night.rows.append(rounds.take_reveal(party, agent.secret.scalar, order))
    faults, words = audited(night.rows)
    assert faults == [("page 1", "reordered")]
    assert words.startswith("The private deal's audit FAILED: 1 fault")
    record = audit_private_night(night_of("t1", [(7, CONTEXT.decode(), night.rows)]))
    assert record.faults[0].text == "page 1's page reordered the deck wrongly in hand 7"


def test_a_withheld_secret_is_named_not_skipped() -> None:
    night = played_private_night(reveal=False)
    for rounds, agents in zip(night.deals, night.agents, strict=True):
        for party, agent in enumerate(agents):
            if party != 0:  # page 0 never publishes
                night.rows.append(rounds.take_reveal(party, agent.secret.scalar, agent.order))
    faults, _ = audited(night.rows)
    assert faults == [("page 0", "unpublished")] * len(night.deals)


def test_a_server_that_substitutes_a_card_is_named() -> None:
    """The server puts a card of its own, masked by itself alone, where a card of Ann's deck
    was (``tests/tools/private_nights.substituted``): 52 different points, so nobody can tell
    on the spot; the audit names it from the record."""
    record = PrivateNight.from_data(json.loads(json.dumps(substituted().to_data())))
    faults = audit_private_night(record).faults
    assert [(fault.party, fault.kind) for fault in faults] == [("server", "substituted")]


def test_a_key_that_is_not_the_published_secrets_is_named() -> None:
    night = played_private_night(reveal=False)
    for rounds, agents in zip(night.deals, night.agents, strict=True):
        for party, agent in enumerate(agents):
            scalar = Secret.new().scalar if party == 2 else agent.secret.scalar
            night.rows.append(rounds.take_reveal(party, scalar, agent.order))
    faults, _ = audited(night.rows)
    assert ("server", "key") in faults
    assert {party for party, _ in faults} == {"server"}


def test_a_secret_of_zero_is_refused_as_its_partys_row() -> None:
    """Zero masks nothing and is no key's secret: libsodium refuses it, and the audit names
    the row that publishes it (it used to stop the audit with a ValueError)."""
    night = played_private_night()
    rows = list(night.rows)
    index = next(i for i, row in enumerate(rows) if row.kind == "reveal" and row.party == 2)
    data = json.loads(rows[index].data)
    for zero in (bytes(32), bytes(31) + b"\x80"):  # libsodium clears the top bit
        data["secret"] = zero.hex()
        rows[index] = Row(rows[index].deal, "reveal", 2, json.dumps(data))
        assert audited(rows)[0] == [("server", "refused")]


def test_a_row_that_does_not_hold_is_named_as_its_partys() -> None:
    night = played_private_night()
    rows = list(night.rows)
    index = next(i for i, row in enumerate(rows) if row.kind == "unmask" and row.party == 1)
    data = json.loads(rows[index].data)
    # its batch's first unmasking's result changed: its proof no longer holds
    data["batch"][0][2] = data["batch"][0][1]
    rows[index] = Row(rows[index].deal, "unmask", 1, json.dumps(data))
    faults, _ = audited(rows)
    assert faults == [("page 1", "refused")]


def test_a_record_that_cannot_be_read_is_refused_by_name() -> None:
    with pytest.raises(RecordError, match="format"):
        PrivateNight.from_data({"format": "wildstud-night/1"})
    bad = {"format": "wildstud-private-night/3", "table": "t", "deals": [{"hand": 1}]}
    with pytest.raises(RecordError, match="hand, deal and context"):
        PrivateNight.from_data(bad)


def test_wildstud_verify_night_names_each_fault_and_exits_non_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    honest = played_private_night()
    withheld = played_private_night(reveal=False)
    rows = list(withheld.rows)
    for rounds, agents in zip(withheld.deals, withheld.agents, strict=True):
        rows.append(rounds.take_reveal(1, agents[1].secret.scalar, agents[1].order))
    for name, hands, code in (
        ("honest", [(1, CONTEXT.decode(), honest.rows)], 0),
        ("withheld", [(4, CONTEXT.decode(), rows)], 2),
    ):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(night_of("t9", hands).to_data()))
        with pytest.raises(SystemExit) as exited:
            main(["verify", "--night", str(path)])
        out = capsys.readouterr().out
        assert exited.value.code == code, out
        with pytest.raises(SystemExit):
            main(["verify", "--night", str(path), "--json"])
        data = json.loads(capsys.readouterr().out)
        validator(schema("verify")).validate(data)
        assert data["verified"] is (code == 0)
        if code:
            assert "page 0's page did not publish its secret and order in hand 4" in out
            assert "The server did not publish" in out
            assert {(f["party"], f["kind"]) for f in data["faults"]} == {
                ("page 0", "unpublished"),
                ("server", "unpublished"),
            }
        else:
            assert "Every player and the server dealt honestly: checked 1 deal" in out


def test_the_golden_private_nights_are_what_the_library_audits() -> None:
    """``tests/golden/private_night.json`` (the page's audit is held to it by
    ``tests/client/privateaudit.test.js``) is what the library writes and finds today: the
    honest night verified, and each cheat named, with its party."""
    assert GOLDEN.read_text(encoding="utf-8") == golden_text()
    found = {case["name"]: case["audit"] for case in json.loads(golden_text())["cases"]}
    named = {
        name: {(fault["party"], fault["kind"]) for fault in audit["faults"]}
        for name, audit in found.items()
    }
    assert named == {
        "an honest night": set(),
        "a page that reordered otherwise than it says": {("Ann", "reordered")},
        "a page that withheld its secret": {("Ann", "unpublished")},
        "a server that substituted a card": {("server", "substituted")},
        "a server whose secret is not its key's": {
            ("server", "key"),
            ("server", "substituted"),
            ("server", "unmasked"),
        },
        "an unmasking whose proof fails": {("server", "refused")},
        "a record rewritten whole by the server": set(),  # consistent with itself
    }
    assert found["an honest night"]["deals"] == 1  # its second hand was void: no card dealt


V1 = GOLDEN.with_name("private_night_per_card.json")


def test_a_night_dealt_under_private_deal_v1_is_refused_naming_its_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``tests/golden/private_night_per_card.json`` holds nights dealt under private deal v1
    (its records ``wildstud-private-night/1``): the library and ``wildstud verify --night``
    refuse them by their version rather than audit them as v3 (whose arithmetic they do not
    follow), and so does a v3 record holding a deal whose first row is v1's; a v2 record (its
    proofs bound to no seats) is refused by its version the same way."""
    honest = json.loads(V1.read_text(encoding="utf-8"))["cases"][0]["record"]
    with pytest.raises(RecordError, match=r"private deal v1 .*audits private deal v3 only"):
        PrivateNight.from_data(honest)
    path = tmp_path / "night.json"
    path.write_text(json.dumps(honest))
    with pytest.raises(SystemExit) as exited:
        main(["verify", "--night", str(path)])
    assert exited.value.code == 2
    assert "private deal v1" in capsys.readouterr().err
    mixed = PrivateNight.from_data({**honest, "format": "wildstud-private-night/3"})
    with pytest.raises(RecordError, match="dealt under wildstud private deal v1"):
        audit_private_night(mixed)
    with pytest.raises(RecordError, match=r"private deal v2 \(format 'wildstud-private-night/2'"):
        PrivateNight.from_data({**honest, "format": "wildstud-private-night/2"})
