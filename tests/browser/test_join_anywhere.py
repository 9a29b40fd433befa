"""Creating a night and joining it from anywhere, in the pages: a preset of the welcome makes the
table through the form's own request; the join page names the table, its host and who sits
there, and tells a mistyped link before anyone types; a second device follows the same seat
request by the waiting page's link (a stranger typing the name cannot); a seat opens on another
device by its QR code, asked for with the token in a header; a spectator asks for a seat; and
the screenshot command photographs a page."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Page, Request, ViewportSize, async_playwright

from tests.browser.board import SCREENS
from tests.browser.pages import launch, wait_until
from tests.browser.screenshots import Shots, shoot
from tests.server.helpers import pending_requests
from tests.tools.wsclient import Api

WIDE: ViewportSize = {"width": 1280, "height": 900}


def _run(base: str, scenario: Callable[[Browser, Api], Awaitable[None]]) -> None:
    async def run() -> None:
        async with async_playwright() as playwright:
            browser = await launch(playwright)
            try:
                await scenario(browser, Api(base))
            finally:
                await browser.close()

    asyncio.run(run())


async def _page(browser: Browser) -> Page:
    context = await browser.new_context(viewport=WIDE)
    return await context.new_page()


async def _alert_at(page: Page, link: str) -> str:
    """What the page at ``link`` says in its alert, once it shows one."""
    await page.goto(link)
    alert = page.get_by_role("alert")
    await alert.wait_for()
    return await alert.inner_text()


def test_a_preset_creates_the_night_through_the_form(server: Any) -> None:
    async def scenario(browser: Browser, api: Api) -> None:
        page = await _page(browser)
        sent: list[Request] = []
        page.on("request", lambda request: sent.append(request))
        await page.goto(server.base + "/")
        host = page.get_by_label("Your name, for the players who join")
        # A name too long is refused next to its field, and nothing is sent.
        await host.fill("x" * 41)
        await page.get_by_role("button", name="Follow the Queen only").click()
        await wait_until(
            page, "document.getElementById('host_name-message').textContent.includes('at most 40')"
        )
        assert [request for request in sent if request.method == "POST"] == []
        await host.fill("Hal")
        await page.get_by_role("button", name="Follow the Queen only").click()
        join = page.locator("#created dd a").nth(1)
        await join.wait_for()
        link = await join.get_attribute("href")
        assert link is not None
        # One request made the table: the form's own POST /api/tables.
        posts = [request for request in sent if request.method == "POST"]
        assert [request.url for request in posts] == [f"{server.base}/api/tables"]
        body: dict[str, Any] = posts[0].post_data_json or {}
        assert body["host_name"] == "Hal"
        assert [entry["game"] for entry in body["games"]] == ["follow-the-queen"]
        assert (body["seats"], body["bots"], body["seat_requests"]) == (6, [], True)
        preview = api.get(f"/api/join/{link.rsplit('/', 1)[1]}")
        assert (preview["name"], preview["host_name"]) == ("Follow the Queen", "Hal")
        # The sit-and-go preset makes a tournament of every game, by the same form.
        await page.goto(server.base + "/")
        await page.get_by_label("Your name, for the players who join").fill("Hal")
        await page.get_by_role("button", name="A sit-and-go tournament").click()
        await page.locator("#created dd a").nth(1).wait_for()
        posts = [request for request in sent if request.method == "POST"]
        body = posts[-1].post_data_json or {}
        assert len(posts) == 2
        assert len(body["games"]) == 5
        assert body["tournament"] == {
            "buy_in": 20,
            "rebuy_levels": 0,
            "addon_chips": 0,
            "late_levels": 1,
            "level_minutes": 10,
        }
        # The full form is one click away, every field in it.
        more = page.get_by_role("button", name="Set up every detail")
        await more.click()
        await page.get_by_role("button", name="Create the table").wait_for()
        assert await page.locator("form.create fieldset.game").count() == 5

    _run(server.base, scenario)


def test_the_join_page_names_the_table_and_tells_a_wrong_link(server: Any) -> None:
    async def scenario(browser: Browser, api: Api) -> None:
        created = api.create(
            name="Poker at Hal's",
            host_name="Hal",
            games=[{"game": "FTQ"}],
            seats=4,
            bots=[{"kind": "calling-bot"}],
        )
        api.join(created, "Ann")
        page = await _page(browser)
        await page.goto(created["links"]["join"])
        table = page.locator(".join-table")
        await table.wait_for()
        assert await table.locator("h2").inner_text() == "Poker at Hal's"
        assert await table.locator(".join-host").inner_text() == "Hosted by Hal"
        seated = await table.locator(".join-seated li").all_inner_texts()
        assert [" ".join(text.split()) for text in seated] == ["Caller 1 bot", "Ann"]
        assert "2 of 4 seats taken" in await table.inner_text()
        # A link cut short: told at once, with what to do, and no name asked for.
        text = await _alert_at(page, created["links"]["join"][:-4])
        assert "This join link opens no table" in text
        assert "ask the host" in text
        assert await page.get_by_label("Your name").count() == 0
        # So is a host link cut short (it said only "No table has this host link").
        text = await _alert_at(page, created["links"]["host"][:-4])
        assert "This host link opens no table" in text
        assert "open it again" in text
        assert await page.get_by_role("link", name="Start a night of your own").count() == 1
        # And a watch link cut short: not a bare felt under "This link is no longer valid."
        text = await _alert_at(page, created["links"]["watch"][:-4])
        assert "This watch link opens no table" in text
        assert await page.locator("#seats").count() == 0

    _run(server.base, scenario)


def test_a_second_device_follows_the_same_request(server: Any) -> None:
    async def scenario(browser: Browser, api: Api) -> None:
        created = api.create(name="Requests", games=[{"game": "FTQ"}], seat_requests=True)
        first = await _page(browser)
        await first.goto(created["links"]["join"])
        await first.get_by_label("Your name").fill("Ann")
        await first.get_by_role("button", name="Sit down").click()
        await first.get_by_role("button", name="Continue on another device").click()
        await first.locator(".qr-code").wait_for()
        link = await first.locator(".device-link a").get_attribute("href")
        assert link is not None
        assert link.startswith(created["links"]["join"] + "#request=")
        # Another device (its own storage) opens the link: the same request, the token wiped
        # from the address bar.
        second = await _page(browser)
        await second.goto(link)
        await wait_until(second, "document.body.dataset.join === 'pending'")
        assert "Ann" in await second.locator("#join-status").inner_text()
        assert "#" not in second.url
        # A stranger typing the name is refused and told how the real Ann continues.
        stranger = await _page(browser)
        await stranger.goto(created["links"]["join"])
        await stranger.get_by_label("Your name").fill("ann")
        await stranger.get_by_role("button", name="Sit down").click()
        await wait_until(
            stranger,
            "document.getElementById('join-status').textContent.includes('another device')",
        )
        pending = pending_requests(api, created)
        assert [request["name"] for request in pending] == ["Ann"]
        api.ok(api.host(created, "POST", f"/requests/{pending[0]['id']}", approve=True))
        for page in (first, second):
            await page.wait_for_url("**/seat/*", timeout=15000)
        assert first.url == second.url

    _run(server.base, scenario)


def test_a_seat_opens_on_another_device_by_its_code(server: Any) -> None:
    async def scenario(browser: Browser, api: Api) -> None:
        created = api.create(name="Devices", games=[{"game": "FTQ"}])
        granted = api.join(created, "Bo")
        page = await _page(browser)
        asked: list[Request] = []
        page.on("request", lambda request: asked.append(request))
        await page.goto(granted["link"])
        await wait_until(page, "document.body.dataset.connection === 'connected'")
        await page.get_by_role("button", name="Another device").click()
        dialog = page.get_by_role("dialog", name="Open your seat on another device")
        await dialog.locator(".qr-code").wait_for()
        assert await dialog.locator(".device-link a").get_attribute("href") == granted["link"]
        # The token went in a header; no URL the page asked for carries it but the seat's own.
        device = [request for request in asked if request.url.endswith("/api/device-link")]
        assert len(device) == 1
        assert device[0].method == "POST"
        assert (await device[0].all_headers())["authorization"] == f"Bearer {granted['token']}"
        carrying = {request.url for request in asked if granted["token"] in request.url}
        assert carrying == {granted["link"]}
        await dialog.get_by_role("button", name="Close").click()
        await wait_until(page, "document.querySelector('.device-dialog .qr-code') === null")

    _run(server.base, scenario)


def test_a_spectator_asks_for_a_seat(server: Any) -> None:
    async def scenario(browser: Browser, api: Api) -> None:
        created = api.create(name="Watchers", games=[{"game": "FTQ"}], seats=3)
        page = await _page(browser)
        await page.goto(created["links"]["watch"])
        await wait_until(page, "document.body.dataset.connection === 'connected'")
        await page.get_by_role("button", name="Ask for a seat").click()
        await page.locator("#ask-seat").get_by_label("Your name").fill("Dee")
        await page.get_by_role("button", name="Ask the host for a seat").click()
        await wait_until(
            page, "document.getElementById('ask-status').textContent.includes('Waiting')"
        )
        pending = pending_requests(api, created)
        assert [request["name"] for request in pending] == ["Dee"]
        api.ok(api.host(created, "POST", f"/requests/{pending[0]['id']}", approve=True))
        await page.wait_for_url("**/seat/*", timeout=15000)
        await wait_until(page, "document.body.dataset.connection === 'connected'")

    _run(server.base, scenario)


def test_the_screenshot_command_photographs_a_page(server: Any, tmp_path: Path) -> None:
    """`python -m tests.browser.screenshots` for one page at one screen (the whole set takes
    minutes, and is made by hand)."""
    phone = SCREENS[0]
    asyncio.run(shoot(server.base, Shots(tmp_path, ("home",), (phone,))))
    (picture,) = tmp_path.iterdir()
    assert picture.name == f"home-{phone.name}.jpg"
    data = picture.read_bytes()
    assert data[:2] == b"\xff\xd8"  # a JPEG
    assert len(data) > 10_000  # of a page, not of a blank screen
