"""A private deal in the browser (issue 26): two players' pages and a calling bot play a hand of
Follow the Queen to the showdown. Each page draws its own hole cards, which it opened alone; the
other page sees them face down until the showdown shows them, and no frame it receives names
them before; the table says which kind of deal it is and each card who can see it. The home
page's full form offers the kind of deal and sends it."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from playwright.async_api import Browser, Page, async_playwright

from tests.browser import pages
from tests.server import wsclient

PRIVATE_DEAL = "Private deal: nobody but you, not even the server, sees your face-down cards."
CARD = re.compile(r"[2-9TJQKA][cdhs]")

# A seat's cards as the page draws them: [card code ("" for a back), face up, its title].
CARDS = """(name) => [...document.querySelectorAll('#seats .seat')]
  .filter((seat) => seat.querySelector('.name').textContent.startsWith(name))
  .flatMap((seat) => [...seat.querySelectorAll('.cards .card')])
  .map((card) => [card.dataset.card, card.dataset.up === 'true', card.title])"""


async def seat_cards(page: Page, name: str) -> list[list[Any]]:
    cards: list[list[Any]] = await page.evaluate(CARDS, name)
    return cards


def dealt(frames: list[dict[str, Any]]) -> set[str]:
    """Every card the frames' events and views name as dealt, shown or held (a list of wild
    cards names whole ranks: not read)."""
    found: set[str] = set()
    for frame in frames:
        view = frame.get("view") or {}
        for event in [*(frame.get("events") or []), *(view.get("events") or [])]:
            found.update(card for card in [event.get("card"), *(event.get("cards") or [])] if card)
        for seat in view.get("seats") or []:
            found.update(held["card"] for held in seat["cards"] if held["card"])
    return found


def revealed(frame: dict[str, Any], seat: int) -> bool:
    """Whether a frame's events show engine seat ``seat``'s hand."""
    events = frame.get("events") or (frame.get("view") or {}).get("events") or []
    return any(event["type"] in ("revealed", "shown") and event["seat"] == seat for event in events)


async def check_form(page: Page, base: str) -> None:
    """The full form offers the kind of deal, says what a private one is, and sends it."""
    await page.goto(base + "/")
    await pages.open_create_form(page)
    deal = page.locator("select[name=deal]")
    assert await deal.locator("option").evaluate_all("(all) => all.map((o) => o.value)") == [
        "shuffled",
        "private",
    ]
    assert "not even the server" in await page.locator("label.field", has=deal).inner_text()
    await deal.select_option("private")
    async with page.expect_request(lambda asked: asked.url.endswith("/api/tables")) as posted:
        await page.get_by_role("button", name="Create the table").click()
    sent = await posted.value
    assert (sent.post_data_json or {})["deal"] == "private"


async def sit(
    browser: Browser,
    api: wsclient.Api,
    created: dict[str, Any],
    name: str,
    received: dict[pages.Seat, list[dict[str, Any]]],
) -> pages.Seat:
    """A player's page (pages.sit), every frame it receives kept from the first."""
    granted = api.join(created, name)
    page = await (await browser.new_context(viewport={"width": 1280, "height": 900})).new_page()
    seat = pages.Seat(page)
    received[seat] = pages.frames_received(page)
    await page.goto(granted["link"])
    await page.wait_for_selector("#banner")
    return seat


async def _session(base: str) -> None:
    api = wsclient.Api(base)
    created = api.create(
        name="Private night",
        seats=3,
        games=[{"game": "FTQ"}],
        deal="private",
        bot_delay=0.2,
        hand_pause=0.3,
        # The showdown stays drawn long enough to be read (a next hand would clear it).
        showdown_pause=4,
    )
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        received: dict[pages.Seat, list[dict[str, Any]]] = {}
        ann, bob = [await sit(browser, api, created, name, received) for name in ("Ann", "Bob")]
        await check_form(await (await browser.new_context()).new_page(), base)
        api.ok(api.host(created, "POST", "/start"))
        own: dict[str, list[str]] = {}
        for seat, me, other in ((ann, "Ann", "Bob"), (bob, "Bob", "Ann")):
            # Its two first hole cards, drawn from what it opened; the other's, face down.
            await pages.wait_until(
                seat.page,
                f"({CARDS})({me!r}).filter(([card, up]) => card && !up).length >= 2",
                timeout=60,
                detail=f"({CARDS})({me!r})",
            )
            mine = await seat_cards(seat.page, me)
            holes = [card for card, up, _ in mine if not up]
            assert all(CARD.fullmatch(card) for card in holes), mine
            assert all("only you can see this card" in title for _, up, title in mine if not up)
            assert all("opened by every player's key" in title for _, up, title in mine if up)
            theirs = await seat_cards(seat.page, other)
            assert [card for card, up, _ in theirs if not up] == ["", ""], theirs
            assert all(
                "only its owner can see this card" in title for _, up, title in theirs if not up
            )
            assert await seat.page.locator(".deal-kind").inner_text() == PRIVATE_DEAL
            own[me] = holes

        def over() -> bool:
            return any((frame.get("view") or {}).get("phase") == "over" for frame in received[ann])

        await pages.play_all([ann, bob], over, timeout=120)
        engines = {
            me: next(frame["you"] for frame in received[seat] if frame["type"] == "hand")
            for seat, me in ((ann, "Ann"), (bob, "Bob"))
        }
        # The showdown showed both hands: each page now draws the other's hole cards, those
        # the other page opened alone.
        for seat, other in ((ann, "Bob"), (bob, "Ann")):
            await pages.wait_until(
                seat.page,
                f"({CARDS})({other!r}).filter(([card, up]) => card && !up).length >= 3",
                detail=f"({CARDS})({other!r})",
            )
            theirs = [card for card, up, _ in await seat_cards(seat.page, other) if not up]
            assert theirs[: len(own[other])] == own[other]
            # No frame it received named them before the other's hand was shown.
            shows = next(
                i for i, frame in enumerate(received[seat]) if revealed(frame, engines[other])
            )
            assert not dealt(received[seat][:shows]) & set(own[other])
            # What it opened goes back only in the showdown's proof-carrying show (points and
            # proofs: no card is ever named in a frame a page sends).
            steps = [frame["answer"]["step"] for frame in seat.sent if frame["type"] == "private"]
            assert set(steps) == {"key", "mask", "unmask", "show"}, steps
        # The host ends the night: every page publishes its secrets, and the settle-up says the
        # audit's result and offers the night record; the pages ask nothing the server refuses.
        api.ok(api.host(created, "POST", "/end"))
        for seat in (ann, bob):
            await pages.wait_until(
                seat.page,
                "document.getElementById('ledger').textContent"
                ".includes('Every player and the server dealt honestly: checked')",
                timeout=60,
            )
            assert await seat.page.locator("#night-record").count() == 1
            assert not seat.errors, seat.errors
        await browser.close()


def test_a_private_deal_in_the_browser(server: Any) -> None:
    asyncio.run(_session(server.base))
