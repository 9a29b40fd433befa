"""The rabbit hunt in the page (issue 28 item 2): Ann folds hand 1 to Bob's bet on third
street; Bob's page offers "Show what would have come", a click shows on his page and on the
spectator's the face-up cards of fourth to sixth street, each proven in the browser against
the commitment the deal published before its first card."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

from tests.browser.axe import AXE, RULES, RUN_AXE
from tests.browser.pages import frames_received, keep, launch
from tests.tools.wsclient import Api, Client, Folder, Shower, play

PROVEN = ".rabbit[data-proven='true']"


async def _session(base: str, shots: Path) -> list[Path]:
    api = Api(base)
    created = api.create(games=[{"game": "FTQ"}], seats=2, hand_pause=30, rabbit_hunt=True)
    seats = [api.join(created, name) for name in ("Ann", "Bob")]
    taken: list[Path] = []
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        errors: list[str] = []
        bob = await browser.new_page(viewport={"width": 1100, "height": 900})
        watch = await browser.new_page(viewport={"width": 420, "height": 860})
        for page in (bob, watch):
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        received = frames_received(watch)
        await bob.context.add_init_script(path=str(AXE))
        await bob.goto(seats[1]["link"])
        await watch.goto(created["links"]["watch"])
        for page in (bob, watch):
            await page.wait_for_selector("#banner")
        clients = [await Client(seat["socket"], seat["name"]).open() for seat in seats]
        api.ok(api.host(created, "POST", "/start"))
        async with asyncio.timeout(60):
            await asyncio.gather(
                play(clients[0], Folder(), lambda c: 1 in c.finished),
                play(clients[1], Shower(), lambda c: 1 in c.finished),
            )
        # The spectator is offered nothing: only a player may ask.
        ask = bob.locator(".rabbit-ask")
        await ask.wait_for()
        assert not await watch.locator(".rabbit-ask").count()
        path = shots / "rabbit-offered.png"
        await bob.screenshot(path=str(path))
        taken.append(path)
        await ask.click()
        for page in (bob, watch):
            await page.locator(PROVEN).wait_for()
        frame = next(f for f in received if f["type"] == "rabbit")
        text = await watch.locator(".rabbit").inner_text()
        assert "What would have come (Bob asked):" in text, text
        assert "Each card proven against the deal's commitment" in text, text
        shown = await watch.locator(".rabbit .card").evaluate_all(
            "cards => cards.map((card) => card.dataset.card)"
        )
        assert shown == [card["card"] for card in frame["cards"]]
        assert len(shown) == 6  # fourth to sixth street, Ann's and Bob's; no seventh-street card
        for name, page in (("rabbit-proven.png", bob), ("rabbit-phone.png", watch)):
            await page.locator(PROVEN).scroll_into_view_if_needed()
            path = shots / name
            await page.screenshot(path=str(path))
            taken.append(path)
        # The offer and the cards pass axe-core (WCAG 2.1 AA and its best practices).
        assert await bob.evaluate(RUN_AXE, RULES) == []
        assert not errors, errors
        for client in clients:
            await client.close()
        await browser.close()
    return taken


def test_a_player_hunts_the_rabbit_and_every_page_proves_it(server: Any, tmp_path: Path) -> None:
    shots = Path(os.environ.get("WILDSTUD_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    keep(asyncio.run(_session(server.base, shots)))
