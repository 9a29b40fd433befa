"""A finished hand's shared link in a real browser: made from the history's replay, opened in a
fresh context with none of the night's links, it steps through the hand from its first card
(the showdown's cards kept back until the end), shows each street's odds as the server worked
them out, downloads the PHH record, runs under the content security policy, and reaches nothing
else."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.async_api import Page, Request, async_playwright

from tests.browser.pages import WATCH_POLICY, finished_table, keep, launch, step_through_odds
from tests.server.helpers import cards_in


async def _shared_link(page: Page, watch: str) -> str:
    """The link the spectator's history gives hand 1."""
    await page.goto(watch)
    await page.get_by_role("button", name="History").click()
    await page.locator(".hand-list button[data-hand='1']").click()
    await page.get_by_role("button", name="Share this hand").click()
    link = page.locator("input.share-link")
    await link.wait_for()
    value = await link.input_value()
    assert value
    return value


async def _session(base: str, shots: Path) -> None:
    created, api = finished_table(base, "FTQ")
    table_id = created["table"]["id"]
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        first = await browser.new_page(viewport={"width": 1100, "height": 1300})
        link = await _shared_link(first, created["links"]["watch"])
        await first.locator(".replay").screenshot(path=str(shots / "shared-link-made.png"))
        token = urlsplit(link).path.rsplit("/", 1)[1]
        public = api.get(f"/api/tables/{table_id}/hands/1/steps")
        report = api.odds(f"/api/shared/{token}/odds")

        # A fresh context: no storage, no cookie, none of the night's links.
        context = await browser.new_context(
            viewport={"width": 1100, "height": 1300}, accept_downloads=True
        )
        await context.add_init_script(WATCH_POLICY)
        page = await context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        asked: list[str] = []
        answers: list[Any] = []
        sockets: list[str] = []

        def request(made: Request) -> None:
            asked.append(urlsplit(made.url).path)

        async def answer(response: Any) -> None:
            if (
                "/api/" in response.url
                and response.ok
                and "json" in response.headers.get("content-type", "")
            ):
                answers.append(await response.json())

        page.on("request", request)
        page.on("response", answer)
        page.on("websocket", lambda ws: sockets.append(ws.url))
        await page.goto(link)
        replay = page.locator(".replay")
        await replay.locator("[data-step=end]").wait_for()
        # It opens at the first step: nothing shown yet, the showdown's proven cards kept back.
        assert await replay.get_attribute("data-step") == "0"
        assert await page.locator(".proven-cards").is_hidden()
        heading = await page.locator(".replay h2").inner_text()
        assert heading.startswith("Hand 1: ")
        assert "as the table saw it" in heading
        await page.screenshot(path=str(shots / "shared-start.png"), full_page=True)

        # Step by step, each street's odds as the server gives them.
        async def at_street(number: int) -> None:
            if number == 2:
                await page.screenshot(path=str(shots / "shared-hand.png"), full_page=True)

        assert await step_through_odds(page, report, at_street) == len(report["streets"])
        assert len(report["streets"]) >= 4
        # At the end, the showdown and its proven cards.
        assert await page.locator(".proven-cards").is_visible()
        await page.screenshot(path=str(shots / "shared-end.png"), full_page=True)

        # The PHH record downloads under the hand's number, as the API gives it.
        async with page.expect_download() as info:
            await page.get_by_role("link", name="Download PHH").click()
        download = await info.value
        assert download.suggested_filename == "hand-1.phh"
        saved = Path(await download.path()).read_text(encoding="utf-8")
        assert saved == api.http.get(f"/api/shared/{token}/phh").text
        assert saved == api.http.get(f"/api/tables/{table_id}/hands/1/phh").text

        # Under the pages' content security policy, with nothing refused.
        assert await page.evaluate("window.__violations") == []
        # It reached nothing else: no socket, no API but its own, no card the spectator did
        # not see, no table named, and no link on the page but the record, the home page and
        # the page's own skip link.
        assert sockets == []
        calls = [path for path in asked if path.startswith("/api/")]
        assert calls
        assert all(path.startswith(f"/api/shared/{token}/") for path in calls), calls
        assert answers
        assert all(cards_in(data) <= cards_in(public) for data in answers)
        assert table_id not in await page.content()
        hrefs = await page.locator("a[href]").evaluate_all("(links) => links.map((a) => a.href)")
        assert {urlsplit(href).path for href in hrefs} <= {
            "/",
            f"/shared/{token}",
            f"/api/shared/{token}/phh",
        }, hrefs
        # The token opens no table, whatever page it is put in.
        for path in (f"/api/tables/{token}/hands", f"/api/seat/{token}/status"):
            assert (await page.request.get(base + path)).status in (404, 422), path
        watch = await context.new_page()
        await watch.goto(f"{base}/watch/{token}")
        await watch.get_by_text("This watch link opens no table").wait_for()
        assert not await watch.locator("#seats .seat").count()
        await watch.screenshot(path=str(shots / "shared-token-as-watch.png"))
        assert not errors, errors
        await browser.close()
    keep(sorted(shots.glob("shared-*.png")))


def test_a_shared_hand_replays_alone_with_its_odds_and_record(server: Any, tmp_path: Path) -> None:
    shots = Path(os.environ.get("WILDSTUD_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    asyncio.run(_session(server.base, shots))
