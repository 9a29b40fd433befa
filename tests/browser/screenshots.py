"""The screenshots of docs/screenshots/screens/: each page of a night at each screen of
board.py.

    python -m tests.browser.screenshots [folder] [page ...]

starts a server of its own on a fresh SQLite database (on the loopback address), seats Annabel
and seven calling bots at a no-limit table, plays to the last street and photographs Annabel's
seat (``seat-8``: at her turn; ``history``: with the history open), a spectator's page
(``spectator``), the host's page (``host``) and its console (``console``); then ends the night,
plays the hand out and photographs the ledger and its settle-up (``settle-up``). The join page
(``join``: the table it opens, its host and who sits there) and the home page (``home``: the
welcome) are taken with a table of their own, six seats with four taken; then a table of two
seats (``seat-2``). Each picture is named for its page and its screen
(``seat-8-small-phone.jpg``). The folder defaults to docs/screenshots/screens; naming pages
takes only those (``home join``), at every screen. Debian's Chromium is needed, as for the
browser tests.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.async_api import BrowserContext, Page, async_playwright

from tests.browser.board import SCREENS, Screen, context, full_table, last_street, open_seat
from tests.browser.conftest import WHOLE_CHROMIUM
from tests.browser.pages import TURN, launch, wait_until
from tests.server import conftest as server_fixtures
from tests.tools import wsclient

PAGES = ("seat-8", "history", "spectator", "host", "console", "join", "home", "settle-up", "seat-2")
"""Every page the script photographs, in the order it does."""
_PLAYED = {"seat-8", "history", "spectator", "host", "console", "settle-up"}
"""The pages of the eight-seat table that need a hand played to its last street."""

# The part of the page a picture is of: the top, or an element scrolled to the top (a panel
# that lies under the table).
SCROLL = (
    "(selector) => selector ? document.querySelector(selector).scrollIntoView() : scrollTo(0, 0)"
)


@dataclass(frozen=True)
class Shots:
    """Where the pictures go, of which pages, at which screens."""

    folder: Path
    wanted: tuple[str, ...] = PAGES
    screens: tuple[Screen, ...] = SCREENS

    async def take(self, pages: dict[bool, Page], name: str, at: str | None = None) -> None:
        """Photograph `name` at every screen, each from the page of its kind (touch or not),
        scrolled to the top or to the element `at`."""
        if name not in self.wanted:
            return
        for screen in self.screens:
            page = pages[screen.touch]
            await page.set_viewport_size(screen.viewport)
            await page.evaluate(SCROLL, at)
            await page.wait_for_timeout(250)
            # JPEG at 85: a tenth of a PNG's size, and a page of text and cards still reads.
            path = self.folder / f"{name}-{screen.name}.jpg"
            await page.screenshot(path=str(path), type="jpeg", quality=85)


async def _tool(page: Page, name: str) -> None:
    """Click one of the bar's tools, opening the menu first where a narrow screen folds them."""
    menu = page.locator(".menu-button")
    if await menu.is_visible() and await menu.get_attribute("aria-expanded") != "true":
        await menu.click()
    await page.get_by_role("button", name=name).click()
    if await menu.is_visible() and await menu.get_attribute("aria-expanded") == "true":
        await menu.click()


async def shoot(base: str, shots: Shots) -> None:
    """The pages `shots` wants, at its screens, into its folder."""
    shots.folder.mkdir(parents=True, exist_ok=True)
    api = wsclient.Api(base)
    async with async_playwright() as playwright:
        browser = await launch(playwright, executable=WHOLE_CHROMIUM)
        # The animations off, so that a picture never catches a card half dealt.
        contexts = {
            touch: await context(browser, touch, reduced_motion="reduce") for touch in (True, False)
        }
        if _PLAYED & set(shots.wanted):
            created, pages = await _played(api, contexts, 8, shots)
            await _night(api, created, pages, contexts, shots)
        if {"join", "home"} & set(shots.wanted):
            await _welcome(base, api, contexts, shots)
        if "seat-2" in shots.wanted:
            await _played(api, contexts, 2, shots)
        await browser.close()


async def _played(
    api: wsclient.Api, contexts: dict[bool, BrowserContext], count: int, shots: Shots
) -> tuple[dict[str, Any], dict[bool, Page]]:
    """A table of `count` seats played to Annabel's turn on the last street, photographed:
    the table's answer and Annabel's pages (touch and not)."""
    created, granted = full_table(api, count)
    opened = {touch: await open_seat(ctx, granted["link"]) for touch, ctx in contexts.items()}
    await last_street(opened[False])
    pages = {touch: seat.page for touch, seat in opened.items()}
    for page in pages.values():
        await wait_until(page, TURN, 30)
    await shots.take(pages, f"seat-{count}")
    return created, pages


async def _night(
    api: wsclient.Api,
    created: dict[str, Any],
    pages: dict[bool, Page],
    contexts: dict[bool, BrowserContext],
    shots: Shots,
) -> None:
    """The eight-seat night's pages besides the seat's own: its history, a spectator's page,
    the host's page and console, and the settle-up once the host ends the night."""
    if "history" in shots.wanted:
        for page in pages.values():
            await _tool(page, "History")
            await page.wait_for_selector(".hand-list, #history p")
        await shots.take(pages, "history")
        for page in pages.values():
            await page.get_by_role("button", name="Close the history").click()
    watch = {touch: await ctx.new_page() for touch, ctx in contexts.items()}
    for page in watch.values():
        await page.goto(created["links"]["watch"])
        await page.wait_for_selector("#seats .seat .card")
    await shots.take(watch, "spectator")
    for page in watch.values():
        await page.goto(created["links"]["host"])
        await page.wait_for_selector("#host-console #console-body")
    await shots.take(watch, "host")
    await shots.take(watch, "console", at="#host-console")
    for page in watch.values():
        await page.close()
    if "settle-up" in shots.wanted:
        # The host ends the night during Annabel's turn on the last street; she checks, the
        # calling bots check it down, and the settle-up is final once the hand is over.
        api.ok(api.host(created, "POST", "/end"))
        await pages[False].locator('button[data-choice="check"]').click()
        for page in pages.values():
            await page.wait_for_selector("#settle-up:not(.provisional)", timeout=90_000)
        await shots.take(pages, "settle-up", at="#ledger")


async def _welcome(
    base: str, api: wsclient.Api, contexts: dict[bool, BrowserContext], shots: Shots
) -> None:
    """The join page (the table it opens, its host, who sits there) and the home page's
    welcome. They need no hand played: a dealer's choice table of six, not started, with two
    players and two bots seated and two seats free."""
    created = api.create(
        name="Friday night at Hal's",
        host_name="Hal",
        games=[{"game": "FTQ"}, {"game": "SMBU"}, {"game": "baby-daddy"}],
        seats=6,
        bots=[{"kind": "equity-bot"}, {"kind": "calling-bot"}],
        seat_requests=False,
    )
    for name in ("Annabel", "Bea"):
        api.join(created, name)
    pages = {touch: await ctx.new_page() for touch, ctx in contexts.items()}
    for page in pages.values():
        await page.goto(created["links"]["join"])
        await page.wait_for_selector(".join-table")
    await shots.take(pages, "join")
    for page in pages.values():
        await page.goto(base + "/")
        await page.wait_for_selector(".preset")
    await shots.take(pages, "home")
    for page in pages.values():
        await page.close()


def main() -> None:
    """Start a server, take the screenshots, stop the server."""
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots/screens")
    wanted = tuple(sys.argv[2:]) or PAGES
    unknown = sorted(set(wanted) - set(PAGES))
    if unknown:
        sys.exit(f"no such page: {', '.join(unknown)} (the pages: {', '.join(PAGES)})")
    with tempfile.TemporaryDirectory() as scratch:
        server = server_fixtures.Server(
            f"sqlite:///{Path(scratch) / 'wildstud.sqlite3'}", Path(scratch) / "server.log"
        ).start()
        try:
            asyncio.run(shoot(server.base, Shots(folder, wanted)))
        finally:
            server.stop()
    print(f"Screenshots in {folder}")


if __name__ == "__main__":
    main()
