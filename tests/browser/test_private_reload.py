"""A page reloaded in the middle of a private deal (issue 26): its secret for the deal is in
IndexedDB, so the page that comes back is the same party. It draws its own face-down cards
again (the server hands their points to the seat's new connection, and the page opens them with
the kept secret), answers the streets still to come under the key the deal took (no "played
on another device"), and the hand goes to its showdown, not void; what it shared before the
reload it still knows (tests/client/privatepage.test.js holds that part). One Chromium page
and a bot, Follow the Queen."""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import async_playwright

from tests.browser import pages
from tests.tools import wsclient

OWN = '.seat.you [title*="only you can see"]'
"""The page's own face-down cards, as it drew them opened."""


async def own_cards(page: Any) -> list[str]:
    """The names the page gives its own opened face-down cards."""
    return sorted(await page.locator(OWN).evaluate_all("(cards) => cards.map((c) => c.title)"))


async def _session(base: str) -> dict[str, Any]:
    api = wsclient.Api(base)
    created = api.create(
        name="Reload", seats=2, games=[{"game": "FTQ"}], deal="private", bot_delay=0
    )
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    granted = api.join(created, "Ann")
    spectator = await wsclient.Client(created["links"]["watch_socket"], "watch").open()
    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        page = await (await browser.new_context(viewport={"width": 1280, "height": 900})).new_page()
        seat = pages.Seat(page)
        await page.goto(granted["link"])
        await page.wait_for_selector("#banner")
        api.ok(api.host(created, "POST", "/start"))
        await pages.wait_until(page, f"document.querySelectorAll({OWN!r}).length >= 2", 60)
        before = await own_cards(page)
        await page.reload()
        await page.wait_for_selector("#banner")
        await pages.wait_until(page, f"document.querySelectorAll({OWN!r}).length >= 2", 60)
        again = await own_cards(page)
        # The hand played on to its end: the page's turns taken, its shares given on each street.
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 120
        while 1 not in spectator.finished:
            assert loop.time() < deadline, "hand 1 never ended"
            if await page.evaluate(pages.TURN):
                await pages.take_turn(seat)
            await asyncio.sleep(0.1)
        elsewhere = await page.locator(".deal-kind").get_attribute("class")
        await browser.close()
    await spectator.close()
    history = api.get(f"/api/tables/{created['table']['id']}/hands/1")
    return {
        "before": before,
        "again": again,
        "history": history,
        "elsewhere": elsewhere,
        "errors": seat.errors,
    }


def test_a_page_reloaded_mid_deal_is_the_same_party_and_the_hand_goes_on(server: Any) -> None:
    found = asyncio.run(_session(server.base))
    assert set(found["before"]) <= set(found["again"]), found
    history = found["history"]
    assert not history.get("void"), history.get("void")
    assert any(event["type"] == "shown" for event in history["events"]), "no showdown"
    assert "elsewhere" not in (found["elsewhere"] or "")
    assert not [e for e in found["errors"] if "WebSocket" not in e], found["errors"]
