"""One seat open in two tabs (P1): each page keeps its request counter at the highest
``last_seq`` the server reports, so an action from either tab is taken, answered by an ack,
and the other tab's next action is taken too.

Needs the server side of P1 (the ``seq`` frame to a seat's other connections, part 1 of
issue 11): without it the second tab repeats a number already used and gets no answer, and
a stale number gets no ``last_seq`` to catch up from."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from playwright.async_api import WebSocketRoute, async_playwright

from tests.browser import pages
from tests.tools import wsclient

QUIET = "document.getElementById('request').textContent === ''"


async def _session(base: str) -> None:
    api = wsclient.Api(base)
    created = api.create(name="Two tabs", **{**pages.NO_LIMIT_TABLE, "bot_delay": 0.2})
    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        laptop = await pages.sit(browser, api, created, "Ann")
        phone_context = await browser.new_context(viewport={"width": 390, "height": 844})
        phone_page = await phone_context.new_page()
        phone = pages.Seat(phone_page)
        await phone_page.goto(laptop.page.url)
        await phone_page.wait_for_selector("#banner")
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        api.ok(api.host(created, "POST", "/start"))
        turns = 0
        async with asyncio.timeout(90):
            while turns < 4:
                # The tabs take turns to act for the seat.
                seat = (laptop, phone)[turns % 2]
                await seat.my_turn(timeout=30)
                await pages.take_turn(seat)
                await pages.wait_until(seat.page, QUIET, timeout=5)
                assert await seat.page.locator("#action-error").inner_text() == ""
                turns += 1
        sent = sorted(frame["seq"] for seat in (laptop, phone) for frame in seat.acts())
        assert sent == list(range(1, 5)), sent
        await browser.close()
    assert laptop.errors == [], laptop.errors
    assert phone.errors == [], phone.errors


def test_two_tabs_of_one_seat(server: Any, tmp_path: Path) -> None:
    asyncio.run(_session(server.base))


async def _behind(base: str) -> None:
    """The phone's page never hears the laptop's `seq` frames (a route drops them), so its
    counter falls behind: its next request is refused as stale, the page says so in words,
    takes the server's count from the error frame and its next request is taken."""
    api = wsclient.Api(base)
    created = api.create(name="Behind", **{**pages.NO_LIMIT_TABLE, "bot_delay": 0.2})

    def deaf(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def to_page(message: str | bytes) -> None:
            if json.loads(message).get("type") != "seq":
                socket.send(message)

        server.on_message(to_page)

    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        laptop = await pages.sit(browser, api, created, "Ann")
        phone_context = await browser.new_context(viewport={"width": 390, "height": 844})
        phone_page = await phone_context.new_page()
        await phone_page.route_web_socket("**/ws/seat/*", deaf)
        phone = pages.Seat(phone_page)
        await phone_page.goto(laptop.page.url)
        await phone_page.wait_for_selector("#banner")
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        api.ok(api.host(created, "POST", "/start"))
        await laptop.my_turn()
        drawn = await laptop.events()
        await pages.take_turn(laptop)
        # The phone may still offer the turn the laptop has just taken: wait until it has
        # drawn that action, so that the turn it offers next is the seat's next one.
        await pages.wait_until(phone_page, f"Number(document.body.dataset.events || 0) > {drawn}")
        await phone.my_turn()
        choice = await pages.cheap_choice(phone)
        assert choice is not None
        await phone_page.locator(f"#actions button[data-choice='{choice}']").click()
        await pages.answered(phone, 1)
        error = await phone_page.locator("#action-error").inner_text()
        assert error.startswith("Another page of your seat acted first"), error
        assert phone.acts()[0]["seq"] == laptop.acts()[0]["seq"]
        await phone.my_turn()
        await pages.take_turn(phone)
        assert phone.acts()[1]["seq"] == laptop.acts()[0]["seq"] + 1
        assert await phone_page.locator("#action-error").inner_text() == ""
        await browser.close()


def test_a_page_behind_is_told_and_catches_up(server: Any) -> None:
    asyncio.run(_behind(server.base))
