"""The golden wording table is what :mod:`wildstud.words` says today.

``tests/golden/words.json`` is the table the client's ``node --test`` suite
(``tests/client/words.test.js``) holds ``words.js`` to; here the table is held to the library, so
that a change of wording in one and not the other fails one of the two. After a change that
means to reword, ``scripts/golden-words --write`` rewrites the file.
"""

from __future__ import annotations

import json

from tests.tools.golden_words import GOLDEN, engine_kinds, table, text


def test_the_committed_table_is_what_the_library_says() -> None:
    assert GOLDEN.read_text(encoding="utf-8") == text()


def test_the_table_covers_every_kind_of_change_rule_redeal_award_and_hand() -> None:
    rows = json.loads(text())
    assert rows == table()
    # Each kind is read from the engine's own list of them, so that a kind added there and
    # not here fails (a list written out here would pass on without it).
    kinds = engine_kinds()
    assert {row["event"]["kind"] for row in rows["changes"]} == kinds["changes"]
    assert {row["rule"]["kind"] for row in rows["rules"]} == kinds["rules"]
    assert {row["event"]["card"] for row in rows["redeals"]} == {"Qs", None}
    assert {row["event"]["pot"] > 0 for row in rows["awards"]} == {True, False}
    assert {row["event"]["share"] for row in rows["awards"]} == kinds["shares"]
    assert {row["event"]["run"] for row in rows["awards"]} == {0, 1, 2}  # a hand run twice too
    categories = {row["hand"]["category"] for row in rows["hands"]}
    assert categories == kinds["categories"]
