"""The history page checks each shown card's proof against its deal's root in the browser
(WebCrypto) and marks the proven cards; a proof changed on its way is reported, not marked."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

from playwright.async_api import Page, Route, async_playwright

from tests.browser.conftest import CHROMIUM
from tests.browser.pages import cards_swapped, finished_table, history_page


async def _open_proven_replay(page: Page, created: dict[str, Any]) -> None:
    await page.goto(created["links"]["watch"])
    await page.get_by_role("button", name="History").click()
    await page.locator(".hand-list button[data-hand='1']").click()
    await page.locator(".proven-cards .proof").first.wait_for()
    await page.locator(".replay [data-step=end]").click()


async def _session(base: str, shots: Path) -> None:
    created, api = finished_table(base, "FTQ")
    steps = api.get(f"/api/tables/{created['table']['id']}/hands/1/steps")
    proven = {(proof["deal"], proof["card"]) for proof in steps["proofs"]}
    assert len(proven) > 10
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM))
        page, errors = await history_page(browser)
        await _open_proven_replay(page, created)
        status = await page.locator(".proven-cards .proof-status").inner_text()
        assert f"All {len(proven)} proofs hold" in status
        marks = page.locator(".proven-cards .proof")
        assert await marks.count() == len(proven)
        for index in range(await marks.count()):
            assert (await marks.nth(index).get_attribute("aria-label") or "").endswith(", proven")
        # At the end every card shown on the felt is a proven one, and marked so.
        felt = page.locator(".replay-felt .card[data-card]:not([data-card=''])")
        assert await felt.count() == len(proven)
        assert await page.locator(".replay-felt .card.proven").count() == len(proven)
        label = await page.locator(".replay-felt .card.proven").first.get_attribute("aria-label")
        assert (label or "").endswith(", proven")
        await page.locator(".replay").screenshot(path=str(shots / "history-proofs.png"))
        assert not errors, errors

        # The same page, its steps answered with one proof's salt changed: that card is named
        # as failing, and is not marked proven.
        async def tamper(route: Route) -> None:
            response = await route.fetch()
            data = await response.json()
            salt = data["proofs"][0]["salt"]
            data["proofs"][0]["salt"] = ("1" if salt[0] != "1" else "2") + salt[1:]
            await route.fulfill(response=response, body=json.dumps(data))

        bad = await browser.new_page(viewport={"width": 1100, "height": 1300})
        await bad.route("**/hands/1/steps", tamper)
        await _open_proven_replay(bad, created)
        failed = await bad.locator(".proven-cards .proof-failed").inner_text()
        assert "does not hold" in failed
        assert await bad.locator(".proven-cards .proof-bad").count() == 1
        assert await bad.locator(".replay-felt .card.proven").count() == len(proven) - 1
        await browser.close()


def test_the_history_proves_the_shown_cards_in_the_browser(server: Any, tmp_path: Path) -> None:
    shots = Path(os.environ.get("WILDSTUD_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    asyncio.run(_session(server.base, shots))


def _two_upcards(steps: dict[str, Any]) -> tuple[str, str]:
    events = [event for frame in steps["steps"] for event in frame["events"]]
    up = [event["card"] for event in events if event["type"] == "dealt" and event["up"]]
    return up[0], up[1]


async def _out_of_order(base: str) -> None:
    created, api = finished_table(base, "FTQ")
    steps = api.get(f"/api/tables/{created['table']['id']}/hands/1/steps")
    one, other = _two_upcards(steps)

    # The server committed to one order and dealt two upcards the other way round; each card
    # comes with its own genuine proof, which leads to the root. Only the positions give it away.
    async def deal_out_of_order(route: Route) -> None:
        response = await route.fetch()
        data = await response.json()
        forged = {**data, "steps": cards_swapped(data["steps"], one, other)}
        await route.fulfill(response=response, body=json.dumps(forged))

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM))
        page = await browser.new_page(viewport={"width": 1100, "height": 1300})
        await page.route("**/hands/1/steps", deal_out_of_order)
        await _open_proven_replay(page, created)
        failed = await page.locator(".proven-cards .proof-failed").inner_text()
        assert "was dealt from position" in failed
        assert "All " not in failed
        assert await page.locator(".proven-cards .proof-bad").count() == 2
        for code in (one, other):
            card = page.locator(f".replay-felt .card[data-card='{code}']")
            assert "proof FAILED" in (await card.get_attribute("aria-label") or "")
            assert "proven" not in (await card.get_attribute("class") or "")
        await browser.close()


def test_the_history_refuses_a_hand_dealt_out_of_the_committed_order(server: Any) -> None:
    asyncio.run(_out_of_order(server.base))
