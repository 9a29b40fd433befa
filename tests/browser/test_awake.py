"""The screen kept awake while seated (issue 22 item 7): the seat page asks for a Screen Wake
Lock, asks again when the page comes back after the browser let it go, and releases it when the
seat is given up; in a browser without the API the page plays as ever, with no error."""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import async_playwright

from tests.browser.board import context
from tests.browser.pages import Seat, launch, wait_until
from tests.tools import wsclient

# A stand-in for the Screen Wake Lock API that records what the page asks of it; `drop()` lets
# the lock go as a browser does when the page is hidden.
FAKE_WAKE_LOCK = """
window.__wake = { requests: 0, releases: 0, lock: null };
Object.defineProperty(navigator, "wakeLock", { value: {
  request(kind) {
    window.__wake.requests += 1;
    const lock = { type: kind, released: false,
      release() { this.released = true; window.__wake.releases += 1; return Promise.resolve(); } };
    window.__wake.lock = lock;
    return Promise.resolve(lock);
  },
}});
window.__wake.drop = () => { window.__wake.lock.released = true; };
"""
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"
WAKE = "window.__wake"


async def _awake(base: str) -> dict[str, Any]:
    api = wsclient.Api(base)
    created = api.create(name="Awake", seats=3, games=[{"game": "FTQ"}])
    granted = [api.join(created, name) for name in ("Annabel", "Bob")]
    found: dict[str, Any] = {}
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        phone = await context(browser, True)
        await phone.add_init_script(FAKE_WAKE_LOCK)
        seat = Seat(await phone.new_page())
        await seat.page.goto(granted[0]["link"])
        await wait_until(seat.page, f"{WAKE}.requests === 1")
        # The browser let the lock go while the page was hidden: it is asked for again.
        await seat.page.evaluate(f"{WAKE}.drop()")
        await seat.page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        await wait_until(seat.page, f"{WAKE}.requests === 2")
        found["before_leaving"] = await seat.page.evaluate(f"{WAKE}.releases")
        # Leaving the seat lets the screen sleep again.
        api.ok(api.http.post(f"/api/seat/{granted[0]['token']}/leave"))
        await wait_until(seat.page, f"{WAKE}.releases === 1")
        found["requests"] = await seat.page.evaluate(f"{WAKE}.requests")

        # A browser without the API: the seat page as ever, and no error.
        bare = await context(browser, True)
        await bare.add_init_script(NO_WAKE_LOCK)
        other = Seat(await bare.new_page())
        await other.page.goto(granted[1]["link"])
        await wait_until(other.page, "document.body.dataset.role === 'seat'")
        found["missing"] = await other.page.evaluate("'wakeLock' in navigator")
        found["errors"] = seat.errors + other.errors
        await browser.close()
    return found


def test_a_seat_keeps_the_screen_awake_where_the_browser_can(server: Any) -> None:
    found = asyncio.run(_awake(server.base))
    assert found["before_leaving"] == 0
    assert found["requests"] == 2
    assert found["missing"] is False
    assert found["errors"] == []
