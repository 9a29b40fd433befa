"""The four-colour deck stays distinguishable under the common colour-vision deficiencies
(issue 12 item 9): the suit colours app.css gives the cards, simulated for protanopia,
deuteranopia and tritanopia, stay apart in CIELAB; and the page itself, drawn by Chromium's own
emulation of each deficiency, is saved as screenshots to look at.

The simulation is Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", at full severity, applied in linear RGB: the matrices
Chromium's DevTools use for the same emulation."""

from __future__ import annotations

import asyncio
import itertools
import re
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

from tests.browser.pages import launch, wait_until
from tests.tools import wsclient

CSS = Path(__file__).resolve().parents[2] / "src/wildstud/server/static/css/app.css"
MACHADO = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
# A CIELAB distance of 20 is plain at a glance (2.3 is the least one can notice side by side).
APART = 20.0
SUITS = {"spades": "--black", "hearts": "--red", "diamonds": "--diamond", "clubs": "--club"}
Colour = tuple[float, float, float]
UP = "#seats .card[data-card]:not([data-card=\\'\\'])"


def _hex(name: str) -> str:
    found = re.search(rf"{name}:\s*#([0-9a-fA-F]{{3,6}});", CSS.read_text(encoding="utf-8"))
    assert found, f"{name} is not set in {CSS}"
    digits = found[1]
    return "".join(c * 2 for c in digits) if len(digits) == 3 else digits


def _linear(digits: str) -> Colour:
    r, g, b = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return (_unit(r), _unit(g), _unit(b))


def _unit(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: Colour) -> Colour:
    r, g, b = (min(1.0, max(0.0, c)) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def _seen(rgb: Colour, matrix: tuple[Colour, Colour, Colour]) -> Colour:
    r, g, b = (sum(row[i] * rgb[i] for i in range(3)) for row in matrix)
    return (r, g, b)


def _distances() -> dict[str, float]:
    suits = {suit: _linear(_hex(name)) for suit, name in SUITS.items()}
    found = {}
    for deficiency, matrix in MACHADO.items():
        seen = {suit: _lab(_seen(rgb, matrix)) for suit, rgb in suits.items()}
        for a, b in itertools.combinations(suits, 2):
            found[f"{a}/{b} with {deficiency}"] = round(
                sum((p - q) ** 2 for p, q in zip(seen[a], seen[b], strict=True)) ** 0.5, 1
            )
    return found


def test_the_four_suit_colours_stay_apart_under_colour_blindness() -> None:
    distances = _distances()
    assert len(distances) == 18
    assert min(distances.values()) >= APART, sorted(distances.items(), key=lambda item: item[1])


def test_the_simulation_tells_red_from_green_apart_only_with_normal_vision() -> None:
    """The check can fail: the classic red and green of a four-colour deck come out close for
    a deuteranope, and far apart without the simulation."""
    red, green = _linear("c0142b"), _linear("0b7a2f")
    near = _lab(_seen(red, MACHADO["deuteranopia"])), _lab(_seen(green, MACHADO["deuteranopia"]))
    far = _lab(red), _lab(green)
    assert sum((p - q) ** 2 for p, q in zip(*near, strict=True)) ** 0.5 < APART
    assert sum((p - q) ** 2 for p, q in zip(*far, strict=True)) ** 0.5 > 5 * APART


async def _shots(base: str, shots: Path) -> list[Path]:
    """The spectator's table with the four-colour deck, under each of Chromium's emulations."""
    api = wsclient.Api(base)
    created = api.create(name="Colours", seats=4, games=[{"game": "FTQ"}], bot_delay=0.2)
    for _ in range(3):
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    api.ok(api.host(created, "POST", "/start"))
    taken = []
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        await page.goto(created["links"]["watch"])
        await page.get_by_role("button", name="Four-colour deck").click()
        await wait_until(page, f"document.querySelectorAll('{UP}').length >= 8", timeout=30)
        api.ok(api.host(created, "POST", "/pause"))
        cdp = await page.context.new_cdp_session(page)
        for kind in ("none", "protanopia", "deuteranopia", "tritanopia"):
            await cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": kind})
            path = shots / f"deck-{kind}.png"
            await page.locator("#felt").screenshot(path=str(path))
            taken.append(path)
        await browser.close()
    return taken


def test_the_table_under_emulated_colour_blindness_is_saved_to_look_at(
    server: Any, tmp_path: Path
) -> None:
    shots = asyncio.run(_shots(server.base, tmp_path))
    assert all(path.stat().st_size > 10_000 for path in shots)
