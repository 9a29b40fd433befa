"""The live table checks every card proof the socket brings, at the position the card was dealt
from: each card shown on the felt carries a small "verified" mark (in its accessible name too),
and a proof forged, or a genuine proof sent for a card dealt out of the committed order, raises
a loud warning that stays on the page."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable
from typing import Any

from playwright.async_api import Browser, Page, WebSocketRoute, async_playwright

from tests.browser.conftest import CHROMIUM
from tests.browser.pages import cards_swapped, hand_finished
from tests.tools.wsclient import Api

Forgery = Callable[[dict[str, Any]], dict[str, Any]]


async def _watch(browser: Browser, link: str, forge: Forgery | None = None) -> Page:
    """The watch page, its socket's ``hand`` frames passed through ``forge`` on their way in."""
    page = await browser.new_page(viewport={"width": 1100, "height": 1300})
    if forge is not None:

        def relay(socket: WebSocketRoute) -> None:
            server = socket.connect_to_server()

            def inbound(message: str | bytes) -> None:
                frame = json.loads(message)
                socket.send(json.dumps(forge(frame) if frame.get("type") == "hand" else frame))

            server.on_message(inbound)
            socket.on_message(server.send)

        await page.route_web_socket(re.compile(r".*/ws/.*"), relay)
    await page.goto(link)
    return page


def _salt_changed(frame: dict[str, Any]) -> dict[str, Any]:
    proof = frame["proofs"][0]
    salt = proof["salt"]
    forged = {**proof, "salt": ("1" if salt[0] != "1" else "2") + salt[1:]}
    return {**frame, "proofs": [forged, *frame["proofs"][1:]]}


def _two_upcards_swapped(frame: dict[str, Any]) -> dict[str, Any]:
    up = [e["card"] for e in frame["view"]["events"] if e["type"] == "dealt" and e["up"]]
    return {**frame, "view": cards_swapped(frame["view"], up[0], up[1])}


async def _session(base: str) -> None:
    api = Api(base)
    created = api.create(name="live", games=[{"game": "FTQ"}], seats=4, hand_pause=60, bot_delay=0)
    for _ in range(3):
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    link = created["links"]["watch"]
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM))
        honest = await _watch(browser, link)
        await honest.wait_for_selector("body[data-role='spectator']")
        # Cards checked as the frames bring them, while the hand is played.
        api.ok(api.host(created, "POST", "/start"))
        await honest.wait_for_selector("#felt .card.verified", timeout=30000)
        deadline = time.monotonic() + 30
        while not hand_finished(api.table(created)):
            assert time.monotonic() < deadline, "no hand finished"
            await asyncio.sleep(0.1)
        api.ok(api.host(created, "POST", "/pause"))
        # Paused in the long pause after the first hand: the reloaded page shows that finished
        # hand, every upcard of it on the felt (not the next hand a moment old, with three).
        assert api.table(created)["hand_in_progress"] is None
        await honest.reload()
        await honest.wait_for_selector("#felt .card.verified")
        shown = honest.locator("#felt .card[data-card]:not([data-card=''])")
        await honest.wait_for_function(
            "document.querySelectorAll('#felt .card.verified').length"
            " === document.querySelectorAll(\"#felt .card[data-card]:not([data-card=''])\").length"
        )
        assert await shown.count() > 4
        label = await honest.locator("#felt .card.verified").first.get_attribute("aria-label")
        assert re.search(r", verified: dealt from position \d+ of the deck$", label or ""), label
        # A table of bots: the server's committed seed alone shuffled (no page took part).
        kind = await honest.locator(".deal-kind").inner_text()
        seed_alone = "shuffled by the server from the seed it committed to (no page took part)"
        assert kind == f"This deal: {seed_alone}."
        assert await honest.locator(".proof-warning").is_hidden()

        # A proof forged on its way (its salt changed): the card fails, loudly.
        forged = await _watch(browser, link, _salt_changed)
        warning = forged.locator(".proof-warning[role='alert']")
        await warning.wait_for()
        assert "does not hold" in await warning.inner_text()
        assert await forged.locator("#felt .card.proof-bad").count() >= 1

        # Two upcards dealt the other way round, each with its own genuine proof: only the
        # positions show the deal left the committed order.
        moved = await _watch(browser, link, _two_upcards_swapped)
        warning = moved.locator(".proof-warning[role='alert']")
        await warning.wait_for()
        text = await warning.inner_text()
        assert "was dealt from position" in text
        assert "Warning" in text
        bad = moved.locator("#felt .card.proof-bad")
        assert await bad.count() == 2
        assert "proof FAILED" in (await bad.first.get_attribute("aria-label") or "")
        await browser.close()


def test_the_table_checks_every_proof_the_socket_brings(server: Any) -> None:
    asyncio.run(_session(server.base))
