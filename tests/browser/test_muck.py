"""Show or muck in the page (issue 12 item 3): at the showdown the losing seat's page offers
"Show" and "Muck" with the seconds left and says the table's default; the winner's hand is shown
first, its hole cards face up on the loser's page as it is asked, and the question names it; the
winner's page offers neither; a click on "Muck" mucks the hand, and the other player's page
never receives its hole cards. The page passes axe-core at both sizes with the choice open."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

from tests.browser.axe import AXE, RULES, RUN_AXE, SIZES
from tests.browser.pages import (
    TURN,
    Seat,
    frames_received,
    keep,
    launch,
    sit,
    take_turn,
    wait_until,
)
from tests.tools import wsclient

CHOICE = "!document.getElementById('showdown-choice')?.hidden"
MUCKED = "[...document.querySelectorAll('#log li')].some((li) => /muck/.test(li.textContent))"


def _hole(frames: list[dict[str, Any]], number: int) -> list[str]:
    """The hole cards the seat's own frames showed it in hand ``number``."""
    hand = next(f for f in frames if f["type"] == "hand" and f["number"] == number)
    you = hand["you"]
    cards: list[str] = []
    for frame in frames:
        if frame["type"] in ("hand", "update") and frame["number"] == number:
            seat = frame["view"]["seats"][you]
            cards = [c["card"] for c in seat["cards"] if not c["up"] and c["card"]] or cards
    return cards


async def _scenario(base: str, shots: Path) -> list[Path]:
    api = wsclient.Api(base)
    created = api.create(
        games=[{"game": "BD5"}], seats=2, action_clock=60, hand_pause=3, muck_clock=30
    )
    taken: list[Path] = []
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        seats: list[Seat] = []
        received: list[list[dict[str, Any]]] = []
        for name in ("Ann", "Bob"):
            seat = await sit(browser, api, created, name)
            await seat.page.context.add_init_script(path=str(AXE))
            received.append(frames_received(seat.page))
            await seat.page.reload()  # with axe and the frame recorder from the start
            await seat.page.wait_for_selector("#banner")
            seats.append(seat)
        api.ok(api.host(created, "POST", "/start"))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 120
        loser: int | None = None
        while loser is None:
            assert loop.time() < deadline, "no showdown offered a choice"
            for index, seat in enumerate(seats):
                if await seat.page.evaluate(CHOICE):
                    loser = index
                elif await seat.page.evaluate(TURN):
                    await take_turn(seat)
            await asyncio.sleep(0.05)
        page = seats[loser].page
        winner = seats[1 - loser].page
        number = int(await page.evaluate("Number(document.body.dataset.hand)"))
        text = await page.locator("#showdown-choice").inner_text()
        assert "Show" in text, text
        assert "Muck" in text, text
        assert "mucked unshown" in text, text  # the default, said
        assert re.search(r"\d+ s to choose", text), text
        # The winner's hand is shown before the loser is asked: face up on the loser's page,
        # named in the question.
        engine = next(
            f["you"] for f in received[1 - loser] if f["type"] == "hand" and f["number"] == number
        )
        cards = page.locator(f".seat[data-engine='{engine}'] .card")
        assert await cards.count() > 2
        assert await page.locator(f".seat[data-engine='{engine}'] .card.back").count() == 0
        assert await page.locator(f".seat[data-engine='{engine}'] .card.hole").count() == 2
        assert f"Shown: {('Bob', 'Ann')[loser]}'s " in text, text
        assert await winner.evaluate("document.getElementById('showdown-choice').hidden")
        found: dict[str, Any] = {}
        for size, viewport in SIZES.items():
            await page.set_viewport_size(viewport)
            await page.wait_for_timeout(150)
            path = shots / f"muck-choice-{size}.png"
            await page.screenshot(path=str(path), full_page=True)
            taken.append(path)
            violations = await page.evaluate(RUN_AXE, RULES)
            if violations:
                found[size] = violations
        await page.set_viewport_size(SIZES["wide"])
        assert not found, json.dumps(found, indent=1)
        hole = _hole(received[loser], number)
        assert len(hole) == 2, hole
        await page.locator("#showdown-choice button[data-show='false']").click()
        await wait_until(page, "document.getElementById('showdown-choice').hidden")
        await wait_until(winner, MUCKED)
        path = shots / "muck-after.png"
        await winner.screenshot(path=str(path), full_page=True)
        taken.append(path)
        # That hand's frames only: on a loaded machine the next hand can be dealt by now, and
        # the same card may be dealt in it.
        theirs = json.dumps([f for f in received[1 - loser] if f.get("number") in (None, number)])
        for card in hole:
            assert not re.search(rf'"card": "{card}"', theirs), card
        for seat in seats:
            assert not seat.errors, seat.errors
        await browser.close()
    return taken


def test_a_loser_mucks_from_the_page(server: Any, tmp_path: Path) -> None:
    keep(asyncio.run(_scenario(server.base, tmp_path)))
