"""A finished private hand in the history page: its replay steps through the hand as the table
showed it, the cards its owners showed named, the folded hand's face down to the end (the server
never knew them), and its odds at every street, from what was public."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

from tests.browser.conftest import CHROMIUM
from tests.browser.pages import history_page, step_through_odds, wait_until
from tests.tools.private_table import Calm, finished_hand, private_table, stop_pages
from tests.tools.wsclient import Api, Folder, play


async def _session(base: str, shots: Path) -> tuple[dict[str, Any], list[list[str]], list[str]]:
    api = Api(base)
    created, clients, pages, runners = await private_table(api, "FTQ", ["Ann", "Bob"])
    pages[1].muck = True
    api.ok(api.host(created, "POST", "/start"))
    async with asyncio.timeout(120):
        await asyncio.gather(
            *(
                play(c, rng, finished_hand(1))
                for c, rng in zip(clients, (Calm(), Folder()), strict=True)
            )
        )
    api.ok(api.host(created, "POST", "/pause"))
    await stop_pages(clients, runners)
    table_id = created["table"]["id"]
    history = api.get(f"/api/tables/{table_id}/hands/1")
    report = api.odds(f"/api/tables/{table_id}/hands/1/odds")
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM))
        page, errors = await history_page(browser)
        await page.goto(created["links"]["watch"])
        await page.get_by_role("button", name="History").click()
        await page.locator(".hand-list button[data-hand='1']").click()
        await page.locator(".replay [data-step=end]").wait_for()
        await wait_until(
            page,
            "!document.querySelector('.replay-odds .odds-caption')"
            ".textContent.startsWith('Working out')",
            60,
        )
        assert await step_through_odds(page, report) == len(report["streets"])
        end = page.locator(".replay [data-step=end]")
        if await end.is_enabled():  # the odds' last street may be before the hand's end
            await end.click()
        seats = page.locator(".replay-felt .seat")
        drawn = [
            await seats.nth(index)
            .locator(".card")
            .evaluate_all("cards => cards.map(card => card.dataset.card || '')")
            for index in range(await seats.count())
        ]
        said = await page.locator(".proven-cards").inner_text()
        assert "dealt privately" in said, said
        await page.locator(".replay").screenshot(path=str(shots / "private-replay.png"))
        await browser.close()
    return history, drawn, errors


def test_a_finished_private_hand_is_replayed_in_the_history(server: Any, tmp_path: Path) -> None:
    shots = Path(os.environ.get("WILDSTUD_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    history, drawn, errors = asyncio.run(_session(server.base, shots))
    assert not errors, errors
    shown = [e for e in history["events"] if e["type"] == "revealed"]
    public = {e["card"] for e in history["events"] if e["type"] == "dealt" and e.get("card")}
    public |= {card for event in shown for card in event["cards"]}
    # Every card the replay names was public; the hands shown are drawn whole.
    named = {card for cards in drawn for card in cards if card}
    assert named <= public, (named, public)
    assert {card for event in shown for card in event["cards"]} <= named
    # Bob folded or mucked: his face-down cards stay face down to the end.
    assert any(card == "" for cards in drawn for card in cards), drawn
