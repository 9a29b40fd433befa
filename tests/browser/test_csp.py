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

from playwright.async_api import Browser, Page, Route, async_playwright

from tests.browser.conftest import CHROMIUM
from tests.server import wsclient

# Every policy violation the page sees, recorded from the first script on.
WATCH_POLICY = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
});
"""


async def _page(browser: Browser, url: str) -> tuple[Page, list[str]]:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    await context.add_init_script(WATCH_POLICY)
    page = await context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(url)
    return page, errors


async def _clean(page: Page, errors: list[str], shot: Path) -> None:
    await page.wait_for_timeout(500)
    await page.screenshot(path=str(shot), full_page=True)
    violations: list[str] = await page.evaluate("window.__violations")
    # The page's WebSocket is same-origin: connect-src 'self' admits it.
    assert not [v for v in violations if v.startswith("connect-src")], violations
    assert violations == [], violations
    assert errors == [], errors


async def _pages(server: Any, shots: Path) -> None:
    api = wsclient.Api(server.base)
    created = api.create(name="CSP night", seats=3, games=[{"game": "FTQ"}], bot_delay=0)
    seat = api.join(created, "Ann")
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    api.ok(api.host(created, "POST", "/start"))
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
        )
        home, errors = await _page(browser, server.base + "/")
        await home.wait_for_selector("form")
        await _clean(home, errors, shots / "home.png")
        for name, url in (("seat", seat["link"]), ("watch", created["links"]["watch"])):
            page, errors = await _page(browser, url)
            await page.wait_for_selector("#seats .seat", timeout=15_000)
            await page.wait_for_function("document.body.dataset.hand", timeout=15_000)
            await _clean(page, errors, shots / f"{name}.png")
        api.ok(api.host(created, "POST", "/pause"))
        await browser.close()


def test_the_pages_run_under_the_policy(server: Any, tmp_path: Path) -> None:
    asyncio.run(_pages(server, tmp_path))


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
