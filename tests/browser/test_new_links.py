"""The host replaces the table's links from the console: the page moves to the new host link,
and a page still open on the old watch link says the link is no longer valid."""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import async_playwright

from tests.browser.pages import launch, wait_until
from tests.tools.wsclient import Api


async def _session(base: str) -> None:
    api = Api(base)
    created = api.create(name="Leaked", games=[{"game": "FTQ"}], seats=4)
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        leaked = await browser.new_page()
        await leaked.goto(created["links"]["watch"])
        await wait_until(leaked, "document.body.dataset.connection === 'connected'")
        host = await browser.new_page()
        await host.goto(created["links"]["host"])
        await host.wait_for_selector("#host-console #console-body")
        host.on("dialog", lambda dialog: asyncio.ensure_future(dialog.accept()))
        await host.get_by_role("button", name="Replace these links").click()
        await host.wait_for_url(lambda url: created["host_token"] not in url, timeout=15000)
        await host.wait_for_selector("#host-console #console-body")
        # The console shows the new links, none of the old.
        shown = await host.locator("#host-console .links").inner_text()
        for name in ("join", "watch"):
            assert created["links"][name] not in shown
        await wait_until(leaked, "document.body.dataset.connection === 'refused'")
        assert "no longer valid" in await leaked.locator("#connection").inner_text()
        old = await browser.new_page()
        await old.goto(created["links"]["host"])
        await old.get_by_role("alert").wait_for()
        await browser.close()


def test_the_host_replaces_the_links_from_the_console(server: Any) -> None:
    asyncio.run(_session(server.base))
