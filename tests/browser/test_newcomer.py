"""A newcomer at a departed player's seat: Cy leaves in hand 1 and Dee takes his seat while the
table waits before hand 2. Her felt shows Cy's last hand at her seat (the hand as everyone saw
it), and the seat says in a line of its own that it is hers from the next hand, with her chips:
inside the window and inside her seat on a phone (390×844) and a laptop (1366×768). Ann's page
says nothing of the kind; once hand 2 deals Dee in, the line is gone."""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import async_playwright

from tests.browser.pages import launch, leave_table, play_all, sit, wait_until
from tests.tools import wsclient

LINE = "You sit here from the next hand · 300 chips"
# Where the line lies, against the window and against its own seat (null: no line).
PLACE = """(() => {
  const line = document.querySelector(".seat-newcomer");
  if (!line) return null;
  const box = line.getBoundingClientRect();
  const seat = line.closest(".seat").getBoundingClientRect();
  return {
    text: line.textContent,
    seat: line.closest(".seat").dataset.seat,
    inWindow: box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth,
    inSeat: box.top >= seat.top && box.left >= seat.left - 0.5 && box.bottom <= seat.bottom + 0.5
      && box.right <= seat.right + 0.5,
    label: line.closest(".seat").getAttribute("aria-label"),
  };
})()"""


async def _newcomer(base: str) -> dict[str, Any]:
    api = wsclient.Api(base)
    created = api.create(
        seats=3,
        games=[{"game": "FTQ"}],
        starting_chips=300,
        bot_delay=0.05,
        hand_pause=60,
        showdown_pause=0.5,
        muck_clock=0.5,
    )
    table_id = created["table"]["id"]

    def seats() -> list[dict[str, Any]]:
        listed: list[dict[str, Any]] = api.get(f"/api/tables/{table_id}")["seats"]
        return listed

    async with async_playwright() as playwright:
        browser = await launch(playwright)
        ann, cy = [await sit(browser, api, created, name) for name in ("Ann", "Cy")]
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        api.ok(api.host(created, "POST", "/start"))
        await wait_until(ann.page, "Number(document.body.dataset.hand) >= 1", 30)
        cy_seat = next(seat["seat"] for seat in seats() if seat["name"] == "Cy")
        await leave_table(cy.page)
        await play_all([ann, cy], lambda: all(seat["name"] != "Cy" for seat in seats()))
        await wait_until(ann.page, "document.body.dataset.phase === 'over'", 30)

        dee = await sit(browser, api, created, "Dee", viewport={"width": 390, "height": 844})
        assert next(seat["seat"] for seat in seats() if seat["name"] == "Dee") == cy_seat
        await wait_until(dee.page, "document.querySelector('.seat-newcomer') !== null", 30)
        places = {"phone": await dee.page.evaluate(PLACE)}
        await dee.page.set_viewport_size({"width": 1366, "height": 768})
        await dee.page.evaluate(
            "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
        )
        places["laptop"] = await dee.page.evaluate(PLACE)
        ann_line = await ann.page.evaluate(PLACE)

        # Hand 2 deals Dee in: her seat is hers, and says so no more.
        api.ok(api.host(created, "POST", "/pause"))
        api.ok(api.host(created, "POST", "/start"))
        await wait_until(dee.page, "Number(document.body.dataset.hand) >= 2", 90)
        after = await dee.page.evaluate(PLACE)
        api.ok(api.host(created, "POST", "/pause"))
        errors = ann.errors + dee.errors
        await browser.close()
    return {
        "seat": str(cy_seat),
        "places": places,
        "ann": ann_line,
        "after": after,
        "errors": errors,
    }


def test_a_newcomer_is_told_the_seat_is_theirs_from_the_next_hand(server: Any) -> None:
    seen = asyncio.run(_newcomer(server.base))
    for screen, place in seen["places"].items():
        assert place is not None, screen
        assert place["text"] == LINE, (screen, place)
        assert place["seat"] == seen["seat"], (screen, place)
        assert place["inWindow"], (screen, place)
        assert place["inSeat"], (screen, place)
        assert place["label"].startswith("Cy,"), place  # Cy's last hand, as everyone saw it
        assert place["label"].endswith(LINE), place
    assert seen["ann"] is None
    assert seen["after"] is None
    assert seen["errors"] == []
