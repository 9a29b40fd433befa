"""The web client draws no pictograph as a character: a symbol or emoji shows only where the
device's font has it (elsewhere a box, or a colour emoji on a phone that picks one), so the
client's pictures are inline SVG (src/wildstud/server/static/js/icons.js).

A lint over the client's scripts, style sheets and page: every character in the blocks of
arrows, technical symbols, geometric shapes, dingbats, miscellaneous symbols and emoji is
refused but the four card suits, which every font on a phone or a laptop has and which the
cards are written with.
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "wildstud" / "server" / "static"

# The blocks of pictographs: arrows to supplemental arrows-B (U+2190 to U+2BFF, minus the
# mathematical operators, box drawing and the like in between, which are kept below), and
# everything from U+1F000 on (mahjong tiles to the last emoji), with the emoji variation
# selector that turns a text symbol into a colour picture.
_RANGES = (
    (0x2190, 0x21FF),  # arrows
    (0x2300, 0x23FF),  # miscellaneous technical (the hourglass, the stopwatch)
    (0x25A0, 0x25FF),  # geometric shapes (the triangles of play buttons)
    (0x2600, 0x27BF),  # miscellaneous symbols and dingbats (stars, ticks, crosses)
    (0x2B00, 0x2BFF),  # miscellaneous symbols and arrows
    (0x1F000, 0x1FFFF),  # emoji and other pictographs
    (0xFE0F, 0xFE0F),  # the emoji presentation selector
)
SUITS = frozenset("♠♥♦♣")


def _pictographs(text: str) -> list[str]:
    return sorted(
        {
            char
            for char in text
            if char not in SUITS and any(low <= ord(char) <= high for low, high in _RANGES)
        }
    )


def test_the_lint_sees_a_pictograph() -> None:
    assert _pictographs("★ wins ⏳ 5 s ♠ ◀ Back ✓") == ["⏳", "◀", "★", "✓"]
    assert _pictographs("A♠ K♥ … “Hal” · ½ pot − 5") == []


def test_the_client_writes_no_pictograph_as_a_character() -> None:
    ours = [path for path in STATIC.rglob("*.js") if "vendor" not in path.parts]
    files = sorted(ours) + sorted(STATIC.rglob("*.css")) + [STATIC / "index.html"]
    assert len(files) > 10
    found = {
        str(path.relative_to(STATIC)): chars
        for path in files
        if (chars := _pictographs(path.read_text(encoding="utf-8")))
    }
    assert found == {}, f"draw these with icons.js instead: {found}"
