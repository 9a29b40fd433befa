"""All in at the table (issue 28 item 2): Ann and Bob get all in on third street; the
spectator's page and Ann's page show both hands turned up at once, and under each hand its
chance after every street of the run-out, the figures of the server's odds frames, which the
odds engine gives for the cards every page sees."""

from __future__ import annotations

import asyncio
import os
import re
from pathlib import Path
from typing import Any

from playwright.async_api import Page, async_playwright

from tests.browser.axe import AXE, RULES, RUN_AXE
from tests.browser.pages import (
    events_so_far,
    frames_received,
    keep,
    launch,
    percent,
    record_changes,
)
from tests.tools.wsclient import Api, Client, Shower, play

PAUSE = 2.0


READ_ODDS = """() => ({
  centre: document.querySelector(".run-out-odds")?.textContent ?? "",
  seats: Object.fromEntries(
    [...document.querySelectorAll(".seat[data-engine]")]
      .filter((seat) => seat.querySelector(".seat-odds"))
      .map((seat) => [seat.dataset.engine, seat.querySelector(".seat-odds").textContent]),
  ),
})"""
"""The centre's line and each seat's chances as the page shows them, read at one moment."""

RECORD_ODDS = record_changes("__odds", READ_ODDS)
"""Every change of what the page shows of the odds, recorded by the page as it happens: on a
loaded machine a street can come and go between two looks taken from the test."""


def _street_of(read: dict[str, Any]) -> tuple[str, dict[int, str]]:
    """The street a reading of the page's chances stands after ("" when none) and each
    engine seat's."""
    centre = str(read["centre"])
    street = centre.split(" after ")[1].split(" (")[0] if " after " in centre else ""
    return street, {int(seat): text for seat, text in read["seats"].items()}


async def _odds_shown(page: Page) -> tuple[str, dict[int, str]]:
    """The street the page's chances stand after now, and each engine seat's."""
    return _street_of(await page.evaluate(READ_ODDS))


async def _odds_recorded(page: Page) -> dict[str, dict[int, str]]:
    """Each street's chances of both hands, as the page showed them (:data:`RECORD_ODDS`)."""
    seen: dict[str, dict[int, str]] = {}
    for read in await page.evaluate("window.__odds"):
        street, shown = _street_of(read)
        if street and len(shown) == 2:
            seen.setdefault(street, shown)
    return seen


async def _hole_cards_shown(page: Page) -> list[str]:
    """The face-down cards the page shows face up (turned up, or its own)."""
    cards = page.locator(".seat .card.hole[data-up='false']")
    return [str(await card.get_attribute("data-card")) for card in await cards.all()]


async def _session(base: str, shots: Path) -> list[Path]:
    api = Api(base)
    created = api.create(
        games=[{"game": "FTQ"}], seats=2, starting_chips=3, hand_pause=60, runout_pause=PAUSE
    )
    seats = [api.join(created, name) for name in ("Ann", "Bob")]
    taken: list[Path] = []
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        watch = await browser.new_page(viewport={"width": 1100, "height": 900})
        errors: list[str] = []
        watch.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        received = frames_received(watch)
        await watch.context.add_init_script(path=str(AXE))
        await watch.add_init_script(RECORD_ODDS)
        await watch.goto(created["links"]["watch"])
        await watch.wait_for_selector("#banner")
        ann = await browser.new_page(viewport={"width": 420, "height": 860})
        await ann.add_init_script(RECORD_ODDS)
        await ann.goto(seats[0]["link"])
        await ann.wait_for_selector("#banner")
        clients = [await Client(seat["socket"], seat["name"]).open() for seat in seats]
        api.ok(api.host(created, "POST", "/start"))
        players = asyncio.gather(*(play(c, Shower(), lambda c: 1 in c.finished) for c in clients))
        # The turn-up: both hands' hole cards face up on the spectator's page, with the odds.
        await watch.locator(".seat-odds").first.wait_for(timeout=30_000)
        holes = await _hole_cards_shown(watch)
        assert len(holes) == 4, holes
        first = next(f for f in received if f["type"] == "odds")
        assert first["street"] == "third street"
        centre = await watch.locator(".run-out-odds").inner_text()
        # After third street, unless the first compile of a process held its odds past the
        # next street's cards (the page shows the latest odds it has the cards for).
        assert re.fullmatch(
            r"All in: each hand's chances after \w+ street"
            r" \((counted exactly|over [\d,]+ deals)\)\.",
            centre,
        ), centre
        # Each card turned up is proven in the browser against the deal's commitment, from the
        # position its seat's face-down card was dealt from.
        proven = ".seat .card.hole[data-up='false'].verified"
        await watch.wait_for_function(f"document.querySelectorAll({proven!r}).length >= 4")
        assert not await watch.locator(".seat .card.proof-bad").count()
        path = shots / "all-in-turned-up.png"
        await watch.screenshot(path=str(path))
        taken.append(path)
        # The hands turned up and their chances pass axe-core (WCAG 2.1 AA, best practices).
        assert await watch.evaluate(RUN_AXE, RULES) == []
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        pictured = False
        while not any(e["type"] == "shown" for e in events_so_far(received)):
            assert loop.time() < deadline, await _odds_recorded(watch)
            street, shown = await _odds_shown(watch)
            if street == "fifth street" and len(shown) == 2 and not pictured:
                pictured = True
                path = shots / "all-in-fifth-street.png"
                await watch.screenshot(path=str(path))
                taken.append(path)
                phone = shots / "all-in-phone.png"
                await ann.screenshot(path=str(phone), full_page=True)
                taken.append(phone)
            await asyncio.sleep(0.05)
        # Each street's odds as the page showed them: every figure is its street's frame's,
        # and the page showed most streets (a frame that comes after the next street's cards,
        # the first compile's, is passed over).
        seen = await _odds_recorded(watch)
        frames = {f["street"]: f for f in received if f["type"] == "odds"}
        for street, shown in seen.items():
            for seat in frames[street]["seats"]:
                assert shown[seat["seat"]].startswith(percent(seat["pot_share"])), (street, shown)
        assert len(seen) >= 2, seen
        # Ann's page (another socket) showed the same figures, street by street.
        on_ann = await _odds_recorded(ann)
        both = seen.keys() & on_ann.keys()
        assert both, (seen, on_ann)
        assert {street: on_ann[street] for street in both} == {
            street: seen[street] for street in both
        }
        await players
        await watch.locator(".seat .result").first.wait_for()
        path = shots / "all-in-showdown.png"
        await watch.screenshot(path=str(path))
        taken.append(path)
        assert not await watch.locator(".seat-odds").count()  # the showdown says the rest
        log = await watch.locator("#log").inner_text()
        assert "All in: Ann's hand is turned up" in log, log
        assert not errors, errors
        for client in clients:
            await client.close()
        await browser.close()
    return taken


def test_an_all_in_hand_is_turned_up_with_its_odds_on_every_page(
    server: Any, tmp_path: Path
) -> None:
    shots = Path(os.environ.get("WILDSTUD_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    keep(asyncio.run(_session(server.base, shots)))
