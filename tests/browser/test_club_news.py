"""A club's page left open (a member waiting for the night to start) says what others changed
since it was drawn, without redrawing itself under the reader: the host starts a night, and
the member's page offers to show it; a page with nothing new says nothing."""

from __future__ import annotations

import asyncio

from playwright.async_api import async_playwright

from tests.browser.pages import CLUB_READY, launch, wait_until
from tests.server.conftest import Server
from tests.server.helpers import club_member, new_club
from tests.tools import wsclient

NEWS = "document.getElementById('club-news')"


async def _watch_club_news(base: str) -> None:
    api = wsclient.Api(base)
    club = new_club(api, "Open all evening")
    bob = club_member(api, club, "Bob")
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        page = await browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        await page.clock.install()
        await page.goto(f"{base}/club/{bob}")
        await wait_until(page, CLUB_READY)
        assert await page.locator(".club-nights li").count() == 0
        # Nothing changed: a turn of the watch says nothing.
        await page.clock.run_for(21_000)
        await page.wait_for_timeout(500)
        assert await page.evaluate(f"{NEWS}.textContent") == ""
        # The host starts a night elsewhere: the next turn says so, and the page stays as drawn.
        started = api.http.post(f"/api/clubs/host/{club['host_token']}/nights", json={})
        assert started.status_code == 201, started.text
        await page.clock.run_for(21_000)
        await wait_until(page, f"{NEWS}.textContent.includes('nights')")
        text = await page.evaluate(f"{NEWS}.textContent")
        assert text == "Something new in the club's nights.Show it", text
        assert await page.locator(".club-nights li").count() == 0
        await page.click("#club-news-show")
        await wait_until(page, CLUB_READY)
        await wait_until(page, "document.querySelectorAll('.club-nights li').length === 1")
        assert await page.evaluate(f"{NEWS}.textContent") == ""
        await browser.close()
    assert errors == []


def test_an_open_club_page_says_what_changed(server: Server) -> None:
    asyncio.run(_watch_club_news(server.base))
