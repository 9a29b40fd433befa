"""Chat and attention in Chromium (issue 12 items 4 and 5): two players and a spectator talk
both ways, markup stays text, the host mutes a player, "Your turn" is in the tab's title, the
winning hands stay highlighted through the showdown pause, the sounds switch off and stay off,
Smack My Bitch Up's call is a moment on screen (still under reduced motion), and axe-core finds
nothing on these pages at 1280×900 and 390×844."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Page, async_playwright

from tests.browser.axe import AXE, RULES, RUN_AXE, SIZES
from tests.browser.pages import Seat, keep, launch, take_turn, wait_until
from tests.tools import wsclient

SHOWDOWN = "document.querySelector('#seats .seat.winner') !== null"
TITLE_TURN = "document.title.startsWith('Your turn')"
MARKUP = "Hello <b>Bob</b> <img src=x onerror=alert(1)>"
# Counts the page's requests for the notification permission (answered "denied"), in a browser
# whose player has not decided yet: Chromium's headless shell starts at "denied", where the page
# rightly never asks.
ASKED = """
window.__asked = 0;
if (window.Notification) {
  let permission = "default";
  Object.defineProperty(Notification, "permission", { get: () => permission });
  Notification.requestPermission = () => {
    window.__asked += 1;
    permission = "denied";
    return Promise.resolve(permission);
  };
}
"""


async def _chat_page(browser: Browser, **options: Any) -> Page:
    context = await browser.new_context(viewport=SIZES["wide"], **options)
    await context.add_init_script(path=str(AXE))
    await context.add_init_script(ASKED)
    return await context.new_page()


async def _audit_chat(page: Page, name: str, shots: Path, found: dict[str, Any]) -> list[Path]:
    taken = []
    for size, viewport in SIZES.items():
        await page.set_viewport_size(viewport)
        await page.wait_for_timeout(150)
        path = shots / f"chat-{name}-{size}.png"
        await page.screenshot(path=str(path), full_page=True)
        taken.append(path)
        violations = await page.evaluate(RUN_AXE, RULES)
        if violations:
            found[f"{name} at {size}"] = violations
        wide = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if wide > 0:
            found[f"{name} at {size} scrolls sideways"] = wide
    await page.set_viewport_size(SIZES["wide"])
    return taken


async def _say(page: Page, text: str) -> None:
    await page.fill("#chat-text", text)
    await page.press("#chat-text", "Enter")


async def _line(page: Page, text: str) -> None:
    await wait_until(
        page,
        "[...document.querySelectorAll('#chat-log li .text')]"
        f".some(el => el.textContent === {text!r})",
    )


async def _night(base: str, shots: Path) -> None:
    api = wsclient.Api(base)
    created = api.create(
        name="Chat night", seats=4, games=[{"game": "FTQ"}], bot_delay=0.3, hand_pause=0,
        showdown_pause=30, action_clock=120, spectator_chat=True,
        # The pages never show or muck: a losing player's hand waits out this clock (5 s by
        # default) before the showdown ends; it is mucked all the same, only sooner.
        muck_clock=0.5,
    )  # fmt: skip
    ann_seat = api.join(created, "Ann")
    bob_seat = api.join(created, "Bob")
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    found: dict[str, Any] = {}
    taken: list[Path] = []
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        ann, bob = Seat(await _chat_page(browser)), Seat(await _chat_page(browser))
        await ann.page.goto(ann_seat["link"])
        await bob.page.goto(bob_seat["link"])
        for seat in (ann, bob):
            await seat.page.wait_for_selector("#chat-text")
        # Both ways, markup kept as text.
        await _say(ann.page, MARKUP)
        await _line(bob.page, MARKUP)
        assert await bob.page.locator("#chat-log b, #chat-log img").count() == 0
        await _say(bob.page, "hi Ann")
        await _line(ann.page, "hi Ann")
        assert await ann.page.input_value("#chat-text") == ""
        # A spectator, under a name of their own.
        watch = await _chat_page(browser)
        await watch.goto(created["links"]["watch"])
        await watch.wait_for_selector("#chat-name")
        assert not await ann.page.locator("#chat-name").is_visible()  # a player has a name
        await _line(watch, "hi Ann")  # the recent lines, on connecting
        await watch.fill("#chat-name", "Zoe")
        await _say(watch, "go Ann")
        await _line(ann.page, "go Ann")
        who = await ann.page.locator("#chat-log li.said .who").all_inner_texts()
        assert who == ["Ann", "Bob", "Zoe (watching)"]
        # The host mutes Bob from the log; Bob is told, and nobody hears him.
        host = await _chat_page(browser)
        await host.goto(created["links"]["host"])
        await host.get_by_role("button", name="Mute Bob").first.click()
        await wait_until(
            ann.page,
            "document.querySelector('#chat-log li.dealer')?.textContent.includes('muted Bob')",
        )
        await _say(bob.page, "can you hear me")
        await wait_until(
            bob.page, "document.getElementById('chat-note')?.textContent.includes('muted')"
        )
        # Refused, the line stays in Bob's field to send once he may, and the note says why.
        assert await bob.page.input_value("#chat-text") == "can you hear me"
        note = await bob.page.locator("#chat-note").inner_text()
        assert note == "The host has muted you: your messages are not shown", note
        mute = await host.get_by_role("button", name="Unmute Bob").first.bounding_box()
        assert mute is not None
        assert min(mute["width"], mute["height"]) >= 43.5, mute  # a thumb's target
        await host.get_by_role("button", name="Unmute Bob").first.click()
        taken += await _audit_chat(ann.page, "seat", shots, found)
        taken += await _audit_chat(watch, "spectator", shots, found)
        taken += await _audit_chat(host, "host", shots, found)

        # The notification permission is asked on the button's click, never before.
        if await ann.page.evaluate("'Notification' in window"):
            assert await ann.page.evaluate("window.__asked") == 0
            await ann.page.get_by_role("button", name="Notify my turn").click()
            await wait_until(ann.page, "window.__asked === 1")
            assert await ann.page.get_attribute("#notify", "aria-pressed") == "false"
        # A spectator has no turn to be told of: no such button on the watching page.
        assert await watch.locator("#notify").count() == 0
        # The sounds switch off, and stay off after a reload.
        await bob.page.get_by_role("button", name="Sounds").click()
        await bob.page.reload()
        await bob.page.wait_for_selector("#chat-text")
        assert await bob.page.get_attribute("#sounds", "aria-pressed") == "false"
        assert await ann.page.get_attribute("#sounds", "aria-pressed") == "true"

        # "Your turn" in the title of the seat to act, and only there.
        api.ok(api.host(created, "POST", "/start"))
        titles = set()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while not await ann.page.evaluate(SHOWDOWN):
            assert loop.time() < deadline, "no showdown"
            for seat, other in ((ann, bob), (bob, ann)):
                if await seat.page.evaluate(
                    "document.getElementById('actions').dataset.turn === 'yes'"
                ):
                    assert await seat.page.evaluate(TITLE_TURN)
                    assert not await other.page.evaluate(TITLE_TURN)
                    titles.add(await seat.page.title())
                    await take_turn(seat)
            await asyncio.sleep(0.05)
        assert titles == {"Your turn · Chat night · wildstud"}
        # Ann hears the deal and the bets (her page was clicked, so it may play sound); Bob,
        # who turned the sounds off, hears nothing.
        assert await ann.page.evaluate("document.body.dataset.sound") in (
            "deal",
            "bet",
            "turn",
            "win",
        )
        assert await bob.page.evaluate("document.body.dataset.sound") is None
        # The showdown: the winners framed and tagged, the dealer says who won with what.
        await wait_until(bob.page, SHOWDOWN)
        await wait_until(
            ann.page,
            "[...document.querySelectorAll('#chat-log li.dealer')]"
            ".some(el => el.textContent.includes(' wins '))",
        )
        tags = await ann.page.locator("#seats .seat.winner .winner-tag").count()
        assert tags >= 1
        assert not await ann.page.evaluate(TITLE_TURN)
        taken += await _audit_chat(ann.page, "showdown", shots, found)
        taken += await _audit_chat(watch, "spectator-showdown", shots, found)
        # Still highlighted after the audits: the next hand waits for the showdown pause.
        assert await ann.page.evaluate(SHOWDOWN)
        api.ok(api.host(created, "POST", "/pause"))
        for seat in (ann, bob):
            assert not seat.errors, seat.errors
        await browser.close()
    keep(taken)
    assert not found, found


def test_chat_title_and_showdown_highlight_in_chromium(server: Any, tmp_path: Path) -> None:
    asyncio.run(_night(server.base, tmp_path))


async def _called(base: str, shots: Path) -> None:
    api = wsclient.Api(base)
    created = api.create(
        name="Smack night", seats=8, games=[{"game": "SMBU"}], bot_delay=0.15, hand_pause=0,
    )  # fmt: skip
    for _ in range(8):
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    found: dict[str, Any] = {}
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        still = await _chat_page(browser, reduced_motion="reduce")
        await still.goto(created["links"]["watch"])
        await still.wait_for_selector("#banner")
        api.ok(api.host(created, "POST", "/start"))
        # A face-up king calls the game's name: eight seats see one within a few hands.
        await wait_until(still, "document.body.dataset.moment === 'called'", timeout=90)
        api.ok(api.host(created, "POST", "/pause"))
        title = await still.locator("#moment .moment-title").inner_text()
        assert "SMACK MY BITCH UP" in title.upper()
        assert await still.locator("#moment").is_visible()
        animation = await still.evaluate(
            "getComputedStyle(document.querySelector('#moment .moment-title')).animationName"
        )
        assert animation == "none"  # reduced motion: it appears without moving
        path = shots / "chat-called.png"
        await still.screenshot(path=str(path))
        violations = await still.evaluate(RUN_AXE, RULES)
        if violations:
            found["called"] = violations
        dealer = await still.locator("#chat-log li.dealer").all_inner_texts()
        assert any("SMACK MY BITCH UP" in text.upper() for text in dealer), dealer
        # The chat is closed to spectators here: the spectator is told so, and the host's page
        # reads it all the same.
        note = await still.locator("#chat-note").inner_text()
        assert note == "The host has not opened the chat to spectators."
        form = "getComputedStyle(document.querySelector('#chat .chat-form')).display"
        assert await still.evaluate(form) == "none"  # and offered no form to type in
        host = await _chat_page(browser)
        await host.goto(created["links"]["host"])
        await wait_until(
            host, "document.getElementById('chat-note')?.textContent.includes('as the host')"
        )
        await browser.close()
    keep([path])
    assert not found, found


def test_smack_my_bitch_ups_call_is_a_moment_on_screen(server: Any, tmp_path: Path) -> None:
    asyncio.run(_called(server.base, tmp_path))
