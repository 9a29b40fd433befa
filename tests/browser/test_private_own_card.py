"""A server that asks a page for its share of the page's own face-down card (issue 26): under a
private deal each pass's ask says where every card it asks for goes, and the page refuses an
ask that names one of its own seat's face-down cards. Here the server's frames to one Chromium
page are changed on their way (Playwright's WebSocket route) so that the first pass names, as
the page's own, a card the table deals to a bot: the page sends no share of that pass, says so
in the table's warning line, and the deal is void at its clock (chips back); the next hand,
asked honestly, is dealt and played. What a server that lies the other way (naming another
seat for the page's card) is caught by is tested on the page's module
(tests/client/privatepage.test.js), where the lie can be made without the server's rounds
refusing the answer it brings."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from playwright.async_api import WebSocketRoute, async_playwright

from tests.browser import pages
from tests.tools import wsclient

REFUSED = "the server asked this page to share one of your own face-down cards"


def own_seat(to: list[str]) -> int | None:
    """The page's engine seat in a first pass's labels: the seat dealt a face-up card here and
    no face-down card (its own face-down cards are the ones an honest ask leaves out)."""
    up = {int(label[1:]) for label in to if label.startswith("u") and label != "u"}
    down = {int(label[1:]) for label in to if label.startswith("d")}
    mine = up - down
    return mine.pop() if len(mine) == 1 else None


async def _session(base: str) -> dict[str, Any]:
    api = wsclient.Api(base)
    created = api.create(
        name="Own card",
        seats=3,
        games=[{"game": "FTQ"}],
        deal="private",
        bot_delay=0,
        hand_pause=0.3,
        shuffle_seconds=3,
    )
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    granted = api.join(created, "Ann")
    changed: list[dict[str, Any]] = []

    def relay(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def inbound(message: str | bytes) -> None:
            frame = json.loads(message)
            to = frame.get("to") if frame.get("type") == "private" else None
            if to and not changed and frame["step"] == "unmask":
                mine = own_seat(to)
                first = next(i for i, label in enumerate(to) if label.startswith("d"))
                if mine is not None:
                    frame["to"] = [*to[:first], f"d{mine}", *to[first + 1 :]]
                    changed.append(frame)
                    message = json.dumps(frame)
            socket.send(message)

        server.on_message(inbound)
        socket.on_message(server.send)

    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        page = await (await browser.new_context(viewport={"width": 1280, "height": 900})).new_page()
        seat = pages.Seat(page)
        await page.route_web_socket(re.compile(r".*/ws/.*"), relay)
        await page.goto(granted["link"])
        await page.wait_for_selector("#banner")
        api.ok(api.host(created, "POST", "/start"))
        warning = page.locator(".proof-warning")
        await pages.wait_until(page, f"document.body.textContent.includes({REFUSED!r})", 60)
        assert await warning.is_visible()
        said = await warning.inner_text()

        def answered() -> list[int]:
            return [
                frame["hand"]
                for frame in seat.sent
                if frame.get("type") == "private" and frame["answer"]["step"] == "unmask"
            ]

        # The deal is void at its clock, and the next hand's first pass is answered (its order
        # value, then its shares) and the page's own cards drawn as ever.
        first = changed[0]["hand"]
        await pages.until(
            lambda: len([n for n in answered() if n > first]) >= 2, 60, "the next hand's pass"
        )
        await pages.wait_until(
            page, "document.querySelectorAll('.seat.you [title*=\"only you can see\"]').length >= 2"
        )
        await browser.close()
    return {"changed": changed, "said": said, "answered": answered(), "errors": seat.errors}


def test_a_page_refuses_to_share_its_own_face_down_card_and_says_so(server: Any) -> None:
    found = asyncio.run(_session(server.base))
    assert found["changed"], "the first pass was never asked"
    hand = found["changed"][0]["hand"]
    assert REFUSED in found["said"]
    assert f"hand {hand}" in found["said"]
    # Its order value (the one point of the order round) went, and no share of the pass did.
    assert found["answered"].count(hand) == 1, found["answered"]
    assert any(number > hand for number in found["answered"])
    assert not [e for e in found["errors"] if "WebSocket" not in e], found["errors"]
