"""The screenshots of docs/screenshots/screens/: each page of a night at each screen of
board.py.

    python -m tests.browser.screenshots [folder]

starts a server of its own on a fresh SQLite database (on the loopback address), seats Annabel
and seven calling bots at a no-limit table, plays to the last street and photographs Annabel's
seat (at her turn, and with the history open), a spectator's page, the host's page, the join
page and the home page, at every screen; then a table of two seats at every screen. The folder
defaults to docs/screenshots/screens. Debian's Chromium is needed, as for the browser tests.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from playwright.async_api import Page, async_playwright

from tests.browser.board import SCREENS, context, full_table, last_street, open_seat
from tests.browser.pages import TURN, launch, wait_until
from tests.server import conftest as server_fixtures
from tests.server import wsclient


async def _shoot(page: Page, folder: Path, name: str, touch: bool) -> None:
    for screen in SCREENS:
        if screen.touch != touch:
            continue
        await page.set_viewport_size(screen.viewport)
        await page.evaluate("window.scrollTo(0, 0)")
        await page.wait_for_timeout(250)
        # JPEG at 85: a tenth of a PNG's size, and a page of text and cards still reads.
        path = folder / f"{name}-{screen.name}.jpg"
        await page.screenshot(path=str(path), type="jpeg", quality=85)


async def _both(pages: dict[bool, Page], folder: Path, name: str) -> None:
    for touch, page in pages.items():
        await _shoot(page, folder, name, touch)


async def _tool(page: Page, name: str) -> None:
    """Click one of the bar's tools, opening the menu first where a narrow screen folds them."""
    menu = page.locator(".menu-button")
    if await menu.is_visible() and await menu.get_attribute("aria-expanded") != "true":
        await menu.click()
    await page.get_by_role("button", name=name).click()
    if await menu.is_visible() and await menu.get_attribute("aria-expanded") == "true":
        await menu.click()


async def shoot(
    base: str, folder: Path, seats: tuple[int, ...] = (8, 2), pages_too: bool = True
) -> None:
    """Every page at every screen into `folder` (only the seats' without `pages_too`)."""
    folder.mkdir(parents=True, exist_ok=True)
    api = wsclient.Api(base)
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        # The animations off, so that a picture never catches a card half dealt.
        contexts = {
            touch: await context(browser, touch, reduced_motion="reduce") for touch in (True, False)
        }
        for count in seats:
            created, granted = full_table(api, count)
            opened = {
                touch: await open_seat(ctx, granted["link"]) for touch, ctx in contexts.items()
            }
            pages = {touch: seat.page for touch, seat in opened.items()}
            await last_street(opened[False])
            for page in pages.values():
                await wait_until(page, TURN, 30)
            await _both(pages, folder, f"seat-{count}")
            if count != seats[0] or not pages_too:
                continue
            for page in pages.values():
                await _tool(page, "History")
                await page.wait_for_selector(".hand-list, #history p")
            await _both(pages, folder, "history")
            for page in pages.values():
                await page.get_by_role("button", name="Close the history").click()
            watch = {touch: await ctx.new_page() for touch, ctx in contexts.items()}
            for page in watch.values():
                await page.goto(created["links"]["watch"])
                await page.wait_for_selector("#seats .seat .card")
            await _both(watch, folder, "spectator")
            for page in watch.values():
                await page.goto(created["links"]["host"])
                await page.wait_for_selector("#banner")
            await _both(watch, folder, "host")
            for page in watch.values():
                await page.goto(created["links"]["join"])
                await page.wait_for_selector("form")
            await _both(watch, folder, "join")
            for page in watch.values():
                await page.goto(base + "/")
                await page.wait_for_selector("form")
            await _both(watch, folder, "home")
            for page in watch.values():
                await page.close()
        await browser.close()


def main() -> None:
    """Start a server, take the screenshots, stop the server."""
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots/screens")
    with tempfile.TemporaryDirectory() as scratch:
        server = server_fixtures.Server(
            f"sqlite:///{Path(scratch) / 'wildstud.sqlite3'}", Path(scratch) / "server.log"
        ).start()
        try:
            asyncio.run(shoot(server.base, folder))
        finally:
            server.stop()
    print(f"Screenshots in {folder}")


if __name__ == "__main__":
    main()
