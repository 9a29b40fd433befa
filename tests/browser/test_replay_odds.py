"""The history replay shows each hand's chances at every street, the server's figures, as the
replay moves through the streets; the biggest swing is marked; a hand whose odds cannot be had
says so and the replay still works."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from playwright.async_api import Page, Route, async_playwright

from tests.browser.conftest import CHROMIUM
from tests.browser.pages import finished_table, history_page, step_through_odds, wait_until


async def _open_replay(page: Page, created: dict[str, Any]) -> None:
    await page.goto(created["links"]["watch"])
    await page.get_by_role("button", name="History").click()
    await page.locator(".hand-list button[data-hand='1']").click()
    await page.locator(".replay [data-step=end]").wait_for()


async def _session(base: str, shots: Path) -> None:
    created, api = finished_table(base, "SMBU")
    table_id = created["table"]["id"]
    report = api.odds(f"/api/tables/{table_id}/hands/1/odds")
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM))
        page, errors = await history_page(browser)
        await _open_replay(page, created)
        panel = page.locator(".replay-odds")
        await panel.locator(".odds-caption").wait_for()
        # The page asks for the odds first (a loaded machine may keep it working a while).
        await wait_until(
            page,
            "!document.querySelector('.replay-odds .odds-caption')"
            ".textContent.startsWith('Working out')",
            60,
        )
        # Before the first card the panel says when the chances come.
        assert "once the first cards are dealt" in await panel.locator(".odds-caption").inner_text()
        # Each street in turn, as the replay steps through the hand.
        assert await step_through_odds(page, report) == len(report["streets"])
        swing = report["swing"]
        assert swing is not None  # calling bots: every hand goes to the end
        # Back at the street of the swing, its row is marked and the swing is named.
        await page.locator(".replay [data-step=start]").click()
        for _ in range(200):
            caption = await panel.locator(".odds-caption").inner_text()
            if caption.startswith(f"At {swing['to_street']}"):
                break
            await page.locator(".replay [data-step=next]").click()
        line = await panel.locator(".odds-swing").inner_text()
        assert swing["name"] in line
        assert swing["from_street"] in line
        assert await panel.locator("tr.odds-swung").count() == 1
        await page.locator(".replay").screenshot(path=str(shots / "replay-odds.png"))
        assert not errors, errors

        # When the odds cannot be had, the panel says so and the replay still steps.
        async def refuse(route: Route) -> None:
            await route.fulfill(status=503, json={"detail": "Busy"})

        busy = await browser.new_page(viewport={"width": 1100, "height": 1300})
        await busy.route("**/hands/1/odds", refuse)
        await _open_replay(busy, created)
        refused = busy.locator(".replay-odds .odds-caption")
        await busy.wait_for_function(
            "() => document.querySelector('.replay-odds .odds-caption')"
            ".textContent.includes('could not be worked out')"
        )
        assert "could not" in await refused.inner_text()
        await busy.locator(".replay [data-step=end]").click()
        assert await busy.locator(".replay").get_attribute("data-step") != "0"
        await browser.close()


def test_the_replay_shows_the_odds_at_every_street(server: Any, tmp_path: Path) -> None:
    shots = Path(os.environ.get("WILDSTUD_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    asyncio.run(_session(server.base, shots))
