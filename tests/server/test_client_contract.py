"""The web client's contract with the server: it reads only the view fields listed in
``tests/client/contract.json``, and those are fields the server's frame models have.

The client's own ``node --test`` suites (``tests/client``) prove the rest over frames a real
server sent: ``contract.test.js`` fails on a read of an unlisted field, ``actions.test.js`` on a
button the server did not offer, ``banner.test.js`` on a wild card the server did not name, and
``words.test.js`` on a sentence that is not the library's. Here, besides the list, a few ways
the client could still work a rule out for itself, each of which it once did, stay forbidden.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import re
from pathlib import Path
from typing import Any

import pytest

from wildstud.deal import events
from wildstud.server.frames import FullView, SeatView, read_server_frame
from wildstud.server.messages import _snake

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "src" / "wildstud" / "server" / "static" / "js"
CONTRACT = json.loads((ROOT / "tests" / "client" / "contract.json").read_text(encoding="utf-8"))
RECORDED = ROOT / "tests" / "client" / "frames" / "night.json"
"""The frames the client's node suites run over (``scripts/record-client-frames`` writes them)."""
ADDED = {"hand_started": {"title"}, "shown": {"best_five", "hand"}}
"""What :func:`~wildstud.server.messages.encode_event` adds to an event's own fields."""

# The modules that name ranks and cards for people (a rank's name, "royal flush"): the check on
# a rank compared with a literal does not read them.
NAMING = {"cards.js", "words.js"}

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
    "the engine's English read from its data": re.compile(r"""\.reason\b|\bwild_text\b"""),
    "engine seat names rewritten": re.compile(r"""\\bp\(|/p\(\\d|withNames"""),
}


def _sources() -> list[Path]:
    return sorted(CLIENT.glob("*.js"))


def test_the_listed_view_fields_are_the_servers() -> None:
    assert set(CONTRACT["view"]) <= set(FullView.model_fields)
    assert set(CONTRACT["seatView"]) <= set(SeatView.model_fields)


@pytest.mark.parametrize("what", sorted(FORBIDDEN))
def test_the_client_never_works_out_a_rule(what: str) -> None:
    pattern = FORBIDDEN[what]
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in _sources()
        if not (what == "a card's rank compared with a literal" and path.name in NAMING)
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if pattern.search(line) and not line.lstrip().startswith(("//", "*", "/*"))
    ]
    assert len(_sources()) > 10
    assert found == [], f"{what} in the client"


@pytest.mark.parametrize(
    "line",
    [
        'const babyDaddy = view.code.startsWith("BD");',
        'if (game === "SMBU") calls = true;',
        'seatRank.set(event.seat, event.card[0]);  if (card[0] === "Q") wild = true;',
        "return text.replace(/\\bp(\\d+)\\b/g, (whole, number) => names[number]);",
        "reasons.push(event.reason);",
        "const what = capital(view.wild_text);",
        'if (code === "Qs") half = true;',
    ],
)
def test_the_lint_catches_the_rules_the_client_once_held(line: str) -> None:
    assert any(pattern.search(line) for pattern in FORBIDDEN.values())


def _recorded() -> list[dict[str, Any]]:
    frames: dict[str, list[dict[str, Any]]] = json.loads(RECORDED.read_text(encoding="utf-8"))
    return [frame for connection in frames.values() for frame in connection]


def test_the_recorded_frames_have_the_shape_the_server_sends_now() -> None:
    """The client's suites prove nothing about frames the server no longer sends: every
    recorded frame is one of the server's frame models, every seat carries every field a seat
    has, and every event every field of its engine event, no more (a new field fails here
    until the frames are recorded again, ``scripts/record-client-frames``)."""
    kinds = {
        _snake(kind.__name__): {field.name for field in dataclasses.fields(kind)}
        for _, kind in inspect.getmembers(events, inspect.isclass)
        if dataclasses.is_dataclass(kind) and kind.__module__ == events.__name__
    }
    frames = _recorded()
    assert len(frames) > 100
    stale = set()
    for frame in frames:
        read_server_frame(json.dumps(frame))
        view = frame.get("view") or {}
        for seat in view.get("seats", ()):
            stale |= {f"seat lacks {name}" for name in set(SeatView.model_fields) - set(seat)}
        for event in [*frame.get("events", ()), *view.get("events", ())]:
            kind = event["type"]
            fields = kinds[kind] | ADDED.get(kind, set())
            if set(event) - {"type"} != fields:
                stale.add(f"{kind}: {sorted(set(event) - {'type'})} against {sorted(fields)}")
    assert stale == set(), "record the client's frames again (scripts/record-client-frames)"
