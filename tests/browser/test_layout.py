"""The whole board in one view (issue 22 item 1): at every screen of board.py (two phones
upright, one on its side, a tablet, two small laptops and a television) and with 2, 6 and 8
seats, the table brought to its last street at the viewer's turn shows, inside the window and
without scrolling, every seat's name, stack, states and face-up cards, the viewer's own cards,
the pot, the wild-card banner on one line and the action buttons; no two seats overlap, nor a
seat the pot. The history opens over the table without moving it. And axe-core finds nothing
on any page at any of those screens, with the ledger holding eight players, five-digit stacks
and a top-up, and every panel of the table open.

One server, one browser: a touch context for the phones and the tablet and a mouse context for
the laptops and the television, each page resized from screen to screen."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from playwright.async_api import Page, async_playwright

from tests.browser.axe import AXE, RULES, RUN_AXE
from tests.browser.board import (
    SCREENS,
    SEAT_COUNTS,
    context,
    full_table,
    last_street,
    measure,
    open_seat,
)
from tests.browser.conftest import WHOLE_CHROMIUM
from tests.browser.pages import TURN, launch, play_until, wait_until
from tests.tools import wsclient

FELT = "JSON.stringify(document.getElementById('felt').getBoundingClientRect())"


async def _history_over_the_table(page: Page) -> list[str]:
    """Open and close the history: the felt stays where it was, the panel inside the window."""
    problems = []
    before = await page.evaluate(FELT)
    menu = page.locator(".menu-button")
    if await menu.is_visible():
        await menu.click()
    await page.get_by_role("button", name="History").click()
    await page.wait_for_selector("#history .hand-list, #history p")
    if await page.evaluate(FELT) != before:
        problems.append("opening the history moved the table")
    box = await page.locator("#history").bounding_box()
    size = page.viewport_size
    assert box is not None
    assert size is not None
    right = box["x"] + box["width"]
    if box["x"] < -1 or right > size["width"] + 1 or box["height"] > size["height"] + 1:
        problems.append(f"the history lies outside the window: {box}")
    await page.get_by_role("button", name="Close the history").click()
    if await menu.is_visible() and await menu.get_attribute("aria-expanded") == "true":
        await menu.click()
    if await page.evaluate(FELT) != before:
        problems.append("closing the history moved the table")
    return problems


async def _boards(base: str) -> dict[int, list[str]]:
    """Every problem seen, by seat count."""
    api = wsclient.Api(base)
    found: dict[int, list[str]] = {}
    async with async_playwright() as playwright:
        browser = await launch(playwright, executable=WHOLE_CHROMIUM)
        # No animation: a box measured mid-deal would be a box in motion.
        contexts = {
            touch: await context(browser, touch, reduced_motion="reduce") for touch in (True, False)
        }
        for count in SEAT_COUNTS:
            created, granted = full_table(api, count)
            seats = {
                touch: await open_seat(ctx, granted["link"]) for touch, ctx in contexts.items()
            }
            await last_street(seats[False])
            problems: list[str] = []
            for seat in seats.values():
                await wait_until(seat.page, TURN, 30)
            for screen in SCREENS:
                problems += await measure(seats[screen.touch].page, screen)
            for seat in seats.values():
                problems += await _history_over_the_table(seat.page)
                problems += [f"browser: {error}" for error in seat.errors]
                await seat.page.close()
            api.ok(api.host(created, "POST", "/pause"))
            found[count] = problems
        await browser.close()
    return found


@pytest.fixture(scope="module")
def boards(server: Any) -> dict[int, list[str]]:
    """The boards measured once for all the seat counts."""
    return asyncio.run(_boards(server.base))


@pytest.mark.parametrize("count", SEAT_COUNTS)
def test_the_whole_board_fits_every_screen(boards: dict[int, list[str]], count: int) -> None:
    assert boards[count] == [], "\n".join(boards[count])


def test_every_screen_is_measured() -> None:
    sizes = {(screen.width, screen.height) for screen in SCREENS}
    phones = {(390, 844), (360, 740), (844, 390)}
    assert sizes == phones | {(768, 1024), (1366, 768), (1280, 720), (1920, 1080)}


# Every panel of the table page open: the tools' menu (a narrow screen's), the keys, the chat,
# the hand log and the history.
OPEN_EVERY_PANEL = """() => {
  const menu = document.querySelector(".menu-button");
  if (menu.getAttribute("aria-expanded") !== "true") menu.click();
  const keys = document.querySelector(".keys-button");
  if (keys.getAttribute("aria-expanded") !== "true") keys.click();
  for (const fold of document.querySelectorAll("#extras details")) fold.open = true;
}"""


async def _axe_everywhere(page: Page, name: str, found: dict[str, Any]) -> None:
    for screen in SCREENS:
        await page.set_viewport_size(screen.viewport)
        await page.wait_for_timeout(150)
        violations = await page.evaluate(RUN_AXE, RULES)
        if violations:
            found[f"{name} at {screen.name}"] = violations


FRIENDS = ("Bea", "Cy", "Dot", "Ed", "Flo", "Gus", "Hal")
"""Annabel's seven friends at the eight-seat table of the axe run: the ledger lists people, and
bots would be one house line."""


async def _friends_play(api: wsclient.Api, created: dict[str, Any]) -> list[asyncio.Task[None]]:
    """Seat the seven friends, each on a socket of their own that folds whenever it may (the
    hand ends soon, and Annabel's page reaches its showdown)."""
    tasks = []
    for number, name in enumerate(FRIENDS):
        granted = api.join(created, name)
        client = await wsclient.Client(granted["socket"], name, f"127.0.8.{number + 1}").open()
        play = wsclient.play(client, wsclient.Folder(), lambda _: False)
        tasks.append(asyncio.create_task(play))
    return tasks


async def _audits(base: str) -> dict[str, Any]:
    """axe's violations on every page at every screen, by page and screen."""
    api = wsclient.Api(base)
    created, granted = full_table(api, 8, players=1 + len(FRIENDS), start=False)
    friends = await _friends_play(api, created)
    api.ok(api.host(created, "POST", "/start"))
    found: dict[str, Any] = {}
    async with async_playwright() as playwright:
        browser = await launch(playwright, executable=WHOLE_CHROMIUM)
        ctx = await context(browser, False, reduced_motion="reduce")
        await ctx.add_init_script(path=str(AXE))
        ann = await open_seat(ctx, granted["link"])
        page = ann.page
        # A top-up of 1,000, approved by the host, in the ledger once the hand is over.
        await page.fill("#rebuy-amount", "1000")
        await page.click("#rebuy-ask")
        table = f"/api/tables/{created['table']['id']}"
        await wait_until(page, "document.querySelector('#ledger .requests li') !== null")
        request = api.get(table)["rebuys"][0]["id"]
        api.ok(api.host(created, "POST", f"/rebuys/{request}/approve"))
        await play_until(ann, "document.body.dataset.phase === 'over'")
        # A row for each of the eight people, and no house line: nobody is a bot.
        await wait_until(page, "document.querySelectorAll('#ledger tbody tr').length === 8")
        assert await page.locator("#ledger tr.house").count() == 0
        await wait_until(page, "document.getElementById('ledger').textContent.includes('top-up')")
        await page.evaluate(OPEN_EVERY_PANEL)
        await page.get_by_role("button", name="History").click()
        await page.wait_for_selector("#history .hand-list")
        await _axe_everywhere(page, "seat", found)
        for name, link in (
            ("spectator", created["links"]["watch"]),
            ("host", created["links"]["host"]),
            ("join", created["links"]["join"]),
            ("home", base + "/"),
        ):
            other = await ctx.new_page()
            await other.goto(link)
            await other.wait_for_selector("#banner, form, .welcome")
            await _axe_everywhere(other, name, found)
            await other.close()
        api.ok(api.host(created, "POST", "/pause"))
        for task in friends:
            task.cancel()
        found["browser errors"] = ann.errors
        await browser.close()
    return found


@pytest.mark.slow
def test_axe_finds_nothing_on_any_page_at_any_screen(server: Any) -> None:
    found = asyncio.run(_audits(server.base))
    assert found.pop("browser errors") == []
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
