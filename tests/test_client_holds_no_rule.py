"""The web client holds no rule: it reads the wild cards and the reasons for them from the
server's data, and never works one out from a game's code, a card's rank or the engine's English.

A lint over src/wildstud/server/static/js: each pattern below is a way the client once (or
could) re-derive a rule; none may appear. The browser test of the table (tests/browser/
test_table.py) checks the other half: what the page says is what the server's data says.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CLIENT = Path(__file__).resolve().parent.parent / "src" / "wildstud" / "server" / "static" / "js"

FORBIDDEN = {
    "a game told by its code": re.compile(
        r"""view\.code\s*(===|!==|==)|\.code\.startsWith\(\s*["'`]"""
    ),
    "a game's code compared with a literal": re.compile(
        r"""(===|!==|==|startsWith\(|includes\()\s*["'`](BD5|BD7|BD|FTQ|SMBU|BITCH)["'`]"""
    ),
    "a card's rank compared with a literal": re.compile(
        r"""\[0\]\s*(===|!==|==)\s*["'`][2-9TJQKA]["'`]|["'`][2-9TJQKA]["'`]\s*(===|!==|==)"""
    ),
    "a single card named in code (the queen of spades, say)": re.compile(
        r"""["'`][QK][shdc]["'`]"""
    ),
    "the engine's English read from an event": re.compile(r"""\.reason\b"""),
    "engine seat names rewritten": re.compile(r"""\\bp\(|/p\(\\d|withNames"""),
}


def _sources() -> list[Path]:
    return sorted(CLIENT.glob("*.js"))


def test_the_client_has_sources_to_check() -> None:
    assert len(_sources()) > 10


@pytest.mark.parametrize("what", sorted(FORBIDDEN))
def test_the_client_never_works_out_a_rule(what: str) -> None:
    pattern = FORBIDDEN[what]
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in _sources()
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if pattern.search(line) and not line.lstrip().startswith(("//", "*", "/*"))
    ]
    assert found == [], f"{what} in the client"


@pytest.mark.parametrize(
    "line",
    [
        'const babyDaddy = view.code.startsWith("BD");',
        'if (game === "SMBU") calls = true;',
        'seatRank.set(event.seat, event.card[0]);  if (card[0] === "Q") wild = true;',
        "return text.replace(/\\bp(\\d+)\\b/g, (whole, number) => names[number]);",
        "reasons.push(event.reason);",
        'if (code === "Qs") half = true;',
    ],
)
def test_the_lint_catches_the_rules_the_client_once_held(line: str) -> None:
    assert any(pattern.search(line) for pattern in FORBIDDEN.values())
