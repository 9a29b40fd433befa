"""The golden wording table is what :mod:`wildstud.words` says today.

``tests/golden/words.json`` is the table the client's ``node --test`` suite
(``tests/client/words.test.js``) holds ``words.js`` to; here the table is held to the library, so
that a change of wording in one and not the other fails one of the two. After a change that
means to reword, ``scripts/golden-words --write`` rewrites the file.
"""

from __future__ import annotations

import json

from tests.tools.golden_words import GOLDEN, table, text


def test_the_committed_table_is_what_the_library_says() -> None:
    assert GOLDEN.read_text(encoding="utf-8") == text()


def test_the_table_covers_every_kind_of_change_rule_redeal_award_and_hand() -> None:
    rows = json.loads(text())
    assert rows == table()
    kinds = {row["event"]["kind"] for row in rows["changes"]}
    assert kinds == {
        "queen",
        "follower",
        "centre",
        "king",
        "queen-returns",
        "no-follower",
        "last-card",
    }
    assert {row["rule"]["kind"] for row in rows["rules"]} == {
        "no-wilds",
        "follow-the-queen",
        "smack-my-bitch-up",
        "baby-daddy",
        "queen-of-spades-in-hole",
    }
    assert {row["event"]["card"] for row in rows["redeals"]} == {"Qs", None}
    assert {row["event"]["pot"] > 0 for row in rows["awards"]} == {True, False}
    categories = {row["hand"]["category"] for row in rows["hands"]}
    assert len(categories) == 10  # high card to five of a kind
