"""Run it twice in the page (issue 28 item 2): Ann and Bob get all in on third street; each
page asks its player whether to run it twice (a dialog with the seconds left, at 1280x800 and on
a 390x844 phone), both click "Run it twice", and the cards still to come are dealt twice: the
pages show run 1's cards and result in a row of their own under each hand while run 2 is dealt,
the log says each run's half of the pot, and no chip is made or lost."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

from tests.browser.axe import AXE, RULES, RUN_AXE
from tests.browser.pages import events_so_far, frames_received, keep, launch, wait_until
from tests.tools.wsclient import Api, Client, Shower, play
from wildstud.hands import describe_value

OFFER = "!document.getElementById('twice-offer')?.hidden"


async def _session(base: str, shots: Path) -> list[Path]:
    api = Api(base)
    created = api.create(
        games=[{"game": "F7S", "house_rules": {"run_twice": True}}],
        seats=2,
        starting_chips=3,
        hand_pause=60,
        runout_pause=0.6,
        twice_clock=40,
    )
    seats = [api.join(created, name) for name in ("Ann", "Bob")]
    taken: list[Path] = []
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        ann = await browser.new_page(viewport={"width": 1280, "height": 800})
        bob = await browser.new_page(viewport={"width": 390, "height": 844})
        errors: list[str] = []
        for page in (ann, bob):
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            await page.context.add_init_script(path=str(AXE))
        received = frames_received(ann)
        for page, seat in ((ann, seats[0]), (bob, seats[1])):
            await page.goto(seat["link"])
            await page.wait_for_selector("#banner")
        # The players' bets go through sockets of their own; the offer is answered in the pages.
        clients = [await Client(seat["socket"], seat["name"]).open() for seat in seats]
        api.ok(api.host(created, "POST", "/start"))
        players = asyncio.gather(
            *(play(c, Shower(), lambda c: 1 in c.finished, twice=None) for c in clients)
        )
        for page in (ann, bob):
            await wait_until(page, OFFER)
        offer = ann.locator("#twice-offer")
        text = await offer.inner_text()
        assert "Run the cards still to come twice" in text, text
        assert "s to answer" in text, text
        for page, name in ((ann, "run-twice-offer.png"), (bob, "run-twice-offer-phone.png")):
            path = shots / name
            await page.screenshot(path=str(path))
            taken.append(path)
        # The dialog passes axe-core (WCAG 2.1 AA, best practices) at both sizes.
        for page in (ann, bob):
            assert await page.evaluate(RUN_AXE, RULES) == []
        await ann.get_by_role("button", name="Run it twice").click()
        await wait_until(
            ann,
            "document.getElementById('twice-offer')?.textContent"
            ".includes('waiting for the others')",
        )
        await bob.get_by_role("button", name="Run it twice").click()
        await wait_until(ann, "!!document.getElementById('twice-offer')?.hidden")
        # Run 2 is dealt: run 1's cards and result stay under each hand.
        await ann.locator(".run-one").first.wait_for(timeout=30_000)
        path = shots / "run-twice-second-run.png"
        await ann.screenshot(path=str(path))
        taken.append(path)
        async with asyncio.timeout(60):
            await players
        for page in (ann, bob):
            await wait_until(
                page,
                "[...document.querySelectorAll('#log li')]"
                ".some((li) => /run 2's half/.test(li.textContent))",
            )
        for page, name in ((ann, "run-twice-over.png"), (bob, "run-twice-over-phone.png")):
            path = shots / name
            await page.screenshot(path=str(path), full_page=True)
            taken.append(path)
        log = await ann.locator("#log").inner_text()
        assert "Run it twice: every hand all in agreed" in log, log
        assert "run 1's half" in log, log
        assert "run 2's half" in log, log
        # Each run's winner is said with the hand that won that run, not the other run's.
        chat = await ann.locator(".chat").inner_text()
        latest: dict[int, int] = {}
        for event in events_so_far(received):
            if event["type"] == "shown":
                latest[event["seat"]] = event["value"]
            elif event["type"] == "awarded":
                said = f"(run {event['run']}'s half) with {describe_value(latest[event['seat']])}"
                assert said in chat, (said, chat)
        rows = await ann.locator(".run-one").count()
        assert rows == 2, rows
        row = await ann.locator(".run-one").first.inner_text()
        assert row.startswith("Run 1:"), row
        events = events_so_far(received)
        awards = [e for e in events if e["type"] == "awarded"]
        assert {e["run"] for e in awards} == {1, 2}
        assert sum(e["amount"] for e in awards) == 6
        assert not errors, errors
        for client in clients:
            await client.close()
        await browser.close()
    table = api.table(created)
    assert sum(seat["stack"] for seat in table["seats"]) == 6
    return taken


def test_a_hand_all_in_is_run_twice_from_the_page(server: Any, tmp_path: Path) -> None:
    shots = Path(os.environ.get("WILDSTUD_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    keep(asyncio.run(_session(server.base, shots)))
