"""A player's night shows their luck: after a hand that was all in on third street with both
hands shown, Ann's page says her luck tonight and the ledger lists everyone's, figure for figure
with ``GET /api/tables/{id}/luck``."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

from tests.browser.pages import keep, launch, luck_words, own_luck
from tests.tools.wsclient import all_in_night


async def _session(base: str, shots: Path) -> None:
    api, created, seats = await all_in_night(base, "FTQ")
    luck = api.get(f"/api/tables/{created['table']['id']}/luck")
    assert luck["hands"] == [1]
    figures = {player["name"]: player for player in luck["players"]}
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        page = await browser.new_page(viewport={"width": 1100, "height": 1300})
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        await page.goto(seats[0]["link"])
        section = page.locator("#ledger .ledger-luck")
        await section.wait_for()
        own = await section.locator(".own-luck").inner_text()
        assert own == own_luck(luck, figures["Ann"]["player_id"])
        assert luck_words(figures["Ann"]["luck"]) in own
        lines = await section.locator(".luck-list li").all_inner_texts()
        assert lines == [
            f"{name}: {luck_words(figures[name]['luck'])} over 1 hand" for name in ("Ann", "Bob")
        ]
        await page.locator("#ledger").screenshot(path=str(shots / "night-luck.png"))
        # A spectator sees everyone's, and no line of their own.
        watch = await browser.new_page(viewport={"width": 1100, "height": 1300})
        await watch.goto(created["links"]["watch"])
        await watch.locator("#ledger .luck-list li").first.wait_for()
        assert await watch.locator("#ledger .luck-list li").all_inner_texts() == lines
        assert not await watch.locator("#ledger .own-luck").count()
        assert not errors, errors
        await browser.close()
    keep([shots / "night-luck.png"])


def test_a_players_night_shows_their_luck(server: Any, tmp_path: Path) -> None:
    shots = Path(os.environ.get("WILDSTUD_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    asyncio.run(_session(server.base, shots))
