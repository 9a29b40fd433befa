"""The felt view for the living room (issue 22 item 7): the public table drawn large on a TV or
a laptop, from the spectator's socket, with the table's join QR code in a corner, while each
player acts from the seat page on their phone.

A phone-sized seat page and the felt play a whole hand together: the felt follows the pot and
the up-cards as they change, and no hole card of the phone's seat reaches the felt (its frames
and its page) before the showdown shows it; when the host ends the night, its corner says so.
And the felt fits a television and two small laptops with 2, 6 and 8 seats, measured by element
boxes as the layout tests measure the seat page (board.js), with the QR code clear of the
table, and axe-core finds nothing on it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from typing import Any

import httpx
from playwright.async_api import TimeoutError as PlaywrightTimeout
from playwright.async_api import async_playwright

from tests.browser.axe import AXE, RULES, RUN_AXE
from tests.browser.board import MEASURE, SEAT_COUNTS, context, full_table, last_street, open_seat
from tests.browser.pages import (
    TURN,
    Seat,
    answered,
    frames_received,
    launch,
    record_changes,
    take_turn,
    wait_until,
)
from tests.server.helpers import cards_in
from tests.tools import wsclient
from wildstud.server import qrcodes

FELT_SCREENS = ((1920, 1080), (1366, 768), (1280, 720))

# What the felt shows now: the pot's line, every card drawn with its code, the up-cards.
LOOK_OF = """() => ({
  pots: document.querySelector('#centre .pots')?.textContent || '',
  // Not the banner's wild cards: they name a whole rank, whoever holds it.
  cards: [...document.querySelectorAll('[data-card]')]
    .filter((e) => !e.closest('#banner'))
    .map((e) => e.dataset.card)
    .filter(Boolean),
  up: [...document.querySelectorAll("#seats .card[data-up='true']")].map((e) => e.dataset.card),
  phase: document.body?.dataset.phase,
})"""
LOOK = f"({LOOK_OF})()"
# Every look the page takes, as it changes: a fast hand (bots that answer at once) may pass a
# street between two looks taken from the test.
WATCH_LOOKS = record_changes("__looks", LOOK_OF)
OVER = "document.body.dataset.hand === '1' && document.body.dataset.phase === 'over'"


def _hand_events(frames: list[dict[str, Any]], number: int) -> list[dict[str, Any]]:
    """The events of hand `number` as the frames told them."""
    events: list[dict[str, Any]] = []
    for frame in frames:
        if frame.get("number") != number:
            continue
        if frame["type"] == "hand":
            events = list(frame["view"]["events"])
        elif frame["type"] == "update":
            events = events[: frame["from"]] + frame["events"]
    return events


def _shown(frame: dict[str, Any]) -> set[str]:
    """The cards a frame's events show at the showdown."""
    found = frame.get("events") or frame.get("view", {}).get("events") or []
    return cards_in([event for event in found if event.get("type") == "shown"])


async def _bet_or_call(seat: Seat) -> None:
    """The seat bets where it may (so that the pot grows street by street: the bot calls),
    else checks, calls or brings in."""
    bet = seat.page.locator("#actions button[data-choice='bet']")
    if not await bet.count():
        await take_turn(seat)
        return
    before = len(seat.acts())
    await bet.click()
    await answered(seat, before + 1)


def _pot(text: str) -> int:
    found = re.search(r"Pot: (\d+)", text)
    return int(found[1]) if found else -1


async def _hand_together(base: str) -> None:
    api = wsclient.Api(base)
    created = api.create(
        name="Living room", seats=3, games=[{"game": "FTQ"}], bot_delay=0.05,
        hand_pause=60, showdown_pause=60, action_clock=600,
    )  # fmt: skip
    granted = api.join(created, "Annabel")
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    watch = created["links"]["watch"].rsplit("/", 1)[1]
    assert created["links"]["felt"].endswith(f"/felt/{watch}")
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        phone = await context(browser, True, reduced_motion="reduce")
        tv = await browser.new_context(viewport={"width": 1366, "height": 768})
        await tv.add_init_script(WATCH_LOOKS)
        felt = await tv.new_page()
        felt_errors: list[str] = []
        felt.on("pageerror", lambda error: felt_errors.append(str(error)))
        felt.on("console", lambda m: felt_errors.append(m.text) if m.type == "error" else None)
        felt_frames = frames_received(felt)
        await felt.goto(created["links"]["felt"])
        await felt.wait_for_selector(".felt-view #felt")
        await wait_until(felt, "document.body.dataset.role === 'spectator'")
        # The join code is the server's drawing of the public join link, and it has loaded.
        qr = felt.locator("#felt-qr img")
        assert await qr.get_attribute("src") == f"/api/watch/{watch}/join-qr"
        await wait_until(felt, "document.querySelector('#felt-qr img').naturalWidth > 0")

        seat = Seat(await phone.new_page())
        phone_frames = frames_received(seat.page)
        await seat.page.goto(granted["link"])
        await seat.page.wait_for_selector("#banner")
        api.ok(api.host(created, "POST", "/start"))

        looks: list[dict[str, Any]] = []
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 90
        while not await felt.evaluate(OVER):
            assert loop.time() < deadline, "the hand never ended on the felt"
            if await seat.page.evaluate(TURN):
                await _bet_or_call(seat)
            muck = seat.page.locator(".showdown-choice button[data-show='false']")
            if await muck.is_visible():
                # The choice may end between the look and the click (its clock ran out, and the
                # table mucked the hand): a click that finds no button soon gives up, and the
                # loop looks again.
                with contextlib.suppress(PlaywrightTimeout):
                    await muck.click(timeout=2000)
            await asyncio.sleep(0.05)
        looks += await felt.evaluate("window.__looks")
        looks.append(await felt.evaluate(LOOK))
        await wait_until(seat.page, OVER)
        # The end of the night: the corner says so, and offers no seat any more.
        api.ok(api.host(created, "POST", "/end"))
        await wait_until(felt, "document.querySelector('#felt-qr img').hidden")
        assert await felt.locator("#felt-qr figcaption").text_content() == "The night is over"
        assert not felt_errors, felt_errors
        assert not seat.errors, seat.errors
        await browser.close()

    # Annabel's face-down cards, as her phone was dealt them.
    hand = next(f for f in phone_frames if f["type"] == "hand" and f["number"] == 1)
    you = hand["you"]
    events = _hand_events(phone_frames, 1)
    hole = {e["card"] for e in events if e["type"] == "dealt" and e["seat"] == you and not e["up"]}
    up = {e["card"] for e in events if e["type"] == "dealt" and e["up"]}
    assert len(hole) >= 2, events

    # No frame of the felt names a hole card of hers before a frame shows it at the showdown.
    shown: set[str] = set()
    for frame in felt_frames:
        shown |= _shown(frame)
        leaked = (cards_in(frame) & hole) - shown
        assert not leaked, f"the felt was sent {leaked} of Annabel's hole cards: {frame}"
    # Nor did its page ever draw one the showdown did not show.
    for look in looks:
        assert not (set(look["cards"]) & hole) - shown, look
        assert set(look["up"]) <= up | shown, look

    # The felt followed the hand: the pot grew through several amounts, the up-cards street by
    # street, and it ended with every up-card of the hand on the table.
    pots = [_pot(look["pots"]) for look in looks if look["phase"] not in ("over", "")]
    amounts = [amount for amount in pots if amount >= 0]
    assert amounts == sorted(amounts), pots
    assert len(set(amounts)) >= 3, pots
    counts = [len(look["up"]) for look in looks if look["phase"] not in ("over", "")]
    assert len(set(counts)) >= 3, counts
    assert counts == sorted(counts), counts
    assert up <= set(looks[-1]["cards"]), (up, looks[-1])


def test_the_felt_and_a_phone_play_a_hand_together(server: Any) -> None:
    asyncio.run(_hand_together(server.base))


def test_the_join_code_is_the_public_join_link(server: Any) -> None:
    api = wsclient.Api(server.base)
    created = api.create(name="Codes", seats=2, games=[{"game": "FTQ"}])
    watch = created["links"]["watch"].rsplit("/", 1)[1]
    answer = httpx.get(f"{server.base}/api/watch/{watch}/join-qr", trust_env=False)
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/svg+xml"
    assert answer.text == qrcodes.image(created["links"]["join"], title="Scan to join the table")
    assert answer.text != qrcodes.image(created["links"]["host"], title="Scan to join the table")


async def _fits(base: str) -> list[str]:
    api = wsclient.Api(base)
    problems: list[str] = []
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        phone = await context(browser, True, reduced_motion="reduce")
        tv = await browser.new_context(
            viewport={"width": 1920, "height": 1080}, reduced_motion="reduce"
        )
        await tv.add_init_script(path=str(AXE))
        for count in SEAT_COUNTS:
            created, granted = full_table(api, count)
            seat = await open_seat(phone, granted["link"])
            felt = await tv.new_page()
            await felt.goto(created["links"]["felt"])
            await last_street(seat)
            await wait_until(felt, "document.body.dataset.events === " + json.dumps(
                await seat.page.evaluate("document.body.dataset.events")))  # fmt: skip
            for width, height in FELT_SCREENS:
                await felt.set_viewport_size({"width": width, "height": height})
                await felt.wait_for_timeout(200)
                found: dict[str, Any] = await felt.evaluate(MEASURE)
                where = f"{count} seats at {width}x{height}"
                # The felt has no turn of its own, and its banner may take a line of large type.
                problems += [
                    f"{where}: {problem}"
                    for problem in found["problems"]
                    if problem != "not the seat's turn" and not problem.startswith("the banner is")
                ]
                if found["seats"] != count:
                    problems.append(f"{where}: {found['seats']} seats drawn")
                problems += [f"{where}: {p}" for p in await felt.evaluate(_FELT_ONLY)]
                violations = await felt.evaluate(RUN_AXE, RULES)
                problems += [f"{where}: axe: {violation}" for violation in violations]
            await felt.close()
            await seat.page.close()
        await browser.close()
    return problems


# What the felt must show besides the board: the join code inside the window and clear of the
# table, the banner no more than a line of its large type, no hole card face up, nothing to act.
_FELT_ONLY = """(() => {
  const problems = [];
  const box = (e) => e.getBoundingClientRect();
  const qr = box(document.getElementById('felt-qr'));
  const felt = box(document.getElementById('felt'));
  if (qr.width < 100) problems.push(`the join code is ${qr.width} px wide`);
  if (qr.left < 0 || qr.top < 0 || qr.right > innerWidth || qr.bottom > innerHeight)
    problems.push('the join code lies outside the window');
  if (qr.left < felt.right) problems.push('the join code covers the table');
  const banner = box(document.getElementById('banner'));
  if (banner.height > 80) problems.push(`the banner is ${banner.height} px high`);
  if (document.querySelector(".card.hole, .seat.you")) problems.push('a seat of its own');
  if (document.querySelector('#actions button[data-choice]')?.checkVisibility())
    problems.push('choices shown');
  if (document.documentElement.scrollHeight > innerHeight + 1) problems.push('the page scrolls');
  return problems;
})()"""


def test_the_felt_fits_a_tv_and_small_laptops(server: Any) -> None:
    assert asyncio.run(_fits(server.base)) == []
