"""The pages under their content security policy in Chromium: the home page, a seat's and a
spectator's table page run with no console error and no ``securitypolicyviolation`` event
(their WebSockets admitted by ``connect-src 'self'``), and /docs renders with every request
that is not to the server blocked.

The table pages pass once the client sets seat positions without inline ``style`` attributes
(issue 11, part 4); until then the seat and spectator pages report ``style-src-attr``
violations."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page, Route, async_playwright

from tests.browser.conftest import CHROMIUM
from tests.browser.pages import WATCH_POLICY, wait_until
from tests.tools import wsclient


async def _watched_page(browser: Browser, url: str) -> tuple[Page, list[str]]:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    await context.add_init_script(WATCH_POLICY)
    page = await context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(url)
    return page, errors


async def _violations(page: Page, shot: Path) -> list[str]:
    await page.wait_for_timeout(500)
    await page.screenshot(path=str(shot), full_page=True)
    violations: list[str] = await page.evaluate("window.__violations")
    return violations


async def _home(server: Any, shots: Path) -> tuple[list[str], list[str]]:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
        )
        home, errors = await _watched_page(browser, server.base + "/")
        await home.wait_for_selector(".preset")
        violations = await _violations(home, shots / "home.png")
        await browser.close()
    return violations, errors


def test_the_home_page_runs_under_the_policy(server: Any, tmp_path: Path) -> None:
    violations, errors = asyncio.run(_home(server, tmp_path))
    assert violations == []
    assert errors == []


Pages = dict[str, tuple[list[str], list[str]]]
"""Each page's policy violations and console errors, by page."""


async def _seat_and_watch_pages(server: Any, shots: Path) -> Pages:
    """What a seat's and a spectator's page report once they show a hand."""
    api = wsclient.Api(server.base)
    created = api.create(name="CSP night", seats=3, games=[{"game": "FTQ"}], bot_delay=0)
    seat = api.join(created, "Ann")
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    api.ok(api.host(created, "POST", "/start"))
    found = {}
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
        )
        for name, url in (("seat", seat["link"]), ("watch", created["links"]["watch"])):
            page, errors = await _watched_page(browser, url)
            # A hand on the page: its frames came through the WebSocket.
            await wait_until(page, "Boolean(document.body.dataset.hand)", 15)
            await page.wait_for_selector("#seats .seat .card", timeout=15_000)
            found[name] = (await _violations(page, shots / f"{name}.png"), errors)
        api.ok(api.host(created, "POST", "/pause"))
        await browser.close()
    return found


@pytest.fixture(scope="module")
def tables(server: Any, tmp_path_factory: pytest.TempPathFactory) -> Pages:
    """The seat's and the spectator's pages, opened once for both tests."""
    return asyncio.run(_seat_and_watch_pages(server, tmp_path_factory.mktemp("csp")))


def test_the_table_pages_connect_and_run_their_scripts_under_the_policy(tables: Pages) -> None:
    for name, (violations, errors) in tables.items():
        # connect-src 'self' admits the page's same-origin WebSocket in Chromium.
        assert not [v for v in violations if not v.startswith("style-src")], (name, violations)
        assert not [e for e in errors if "Content Security Policy" not in e], (name, errors)


def test_the_table_pages_run_under_the_policy_with_no_violation(tables: Pages) -> None:
    """Needs the client's seats placed without inline styles (issue 11, part 4)."""
    for name, (violations, errors) in tables.items():
        assert violations == [], (name, violations)
        assert errors == [], (name, errors)


async def _docs(server: Any, shot: Path) -> list[str]:
    blocked: list[str] = []

    async def only_the_server(route: Route) -> None:
        if route.request.url.startswith(server.base):
            await route.continue_()
        else:
            blocked.append(route.request.url)
            await route.abort()

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
        )
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        await context.route("**/*", only_the_server)
        await context.add_init_script(WATCH_POLICY)
        page = await context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        await page.goto(server.base + "/docs")
        title = page.locator(".swagger-ui .info .title")
        await title.wait_for(timeout=15_000)
        assert (await title.inner_text()).startswith("wildstud")
        await page.locator(".opblock").first.wait_for()
        await page.screenshot(path=str(shot))
        violations: list[str] = await page.evaluate("window.__violations")
        assert violations == [], violations
        assert errors == [], errors
        await browser.close()
    return blocked


def test_the_api_page_needs_no_internet(server: Any, tmp_path: Path) -> None:
    blocked = asyncio.run(_docs(server, tmp_path / "docs.png"))
    assert blocked == []
