"""The Bitch's redeal as the table shows it (P3): while the server pauses with a redeal
pending, the page shows the face-up queen of spades where it landed, ringed, with the reason,
before the cards are gathered and dealt again; on a phone, the redeal's toast never lies over
that notice.

Needs the server side of P3 (the ``redeal_pending`` view field and the pause before the
redeal, part 1 of issue 11): on a server without it, no pending redeal is ever shown."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import async_playwright

from tests.browser import pages
from tests.browser.pages import keep
from tests.tools import wsclient

# What each render showed of a pending redeal, collected in the page.
PROBE = """
window.__redeals = [];
document.addEventListener("wildstud:render", () => {
  const notice = document.querySelector("#centre .redeal-notice");
  if (!notice) return;
  const card = document.querySelector("#seats .card.redeal-card");
  const toast = document.getElementById("announce");
  const a = toast.getBoundingClientRect();
  const b = notice.getBoundingClientRect();
  const over = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  window.__redeals.push({
    covered: !toast.hidden && over,
    hand: Number(document.body.dataset.hand), events: Number(document.body.dataset.events),
    text: notice.innerText, card: card ? card.dataset.card : null,
    engine: card ? Number(card.closest(".seat").dataset.engine) : null,
    label: card ? card.getAttribute("aria-label") : null,
  });
});
"""


def _redeal_views(client: wsclient.Client) -> dict[tuple[int, int], dict[str, Any]]:
    """Every view the server sent with a redeal pending, by hand number and event count."""
    found: dict[tuple[int, int], dict[str, Any]] = {}
    hand: dict[str, Any] | None = None
    for frame in client.frames:
        if frame["type"] == "hand":
            hand = {**frame, "view": dict(frame["view"])}
        elif frame["type"] == "update" and hand is not None and hand["number"] == frame["number"]:
            events = hand["view"]["events"] + frame["events"]
            hand = {**hand, "view": {**frame["view"], "events": events}}
        else:
            continue
        if hand["view"].get("redeal_pending"):
            found[(hand["number"], len(hand["view"]["events"]))] = hand
    return found


AWAKE = f"{pages.TURN} || document.querySelector('#centre .redeal-notice') !== null"
"""What the play loop waits for in the page: Ann's turn, or a redeal's notice to photograph."""


async def _session(base: str, shots: Path) -> None:
    api = wsclient.Api(base)
    created = api.create(
        name="Bitch night", seats=8, games=[{"game": "BITCH"}], hand_pause=0.3, bot_delay=0,
        action_clock=120,
        # Ann's page never shows or mucks: each hand she loses waited this clock (5 s by
        # default) at the showdown.
        muck_clock=0.5,
    )  # fmt: skip
    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        # A phone: the player's own cards take the window's foot, where the toast goes first.
        context = await browser.new_context(viewport={"width": 390, "height": 844})
        await context.add_init_script(PROBE)
        page = await context.new_page()
        ann = pages.Seat(page)
        granted = api.join(created, "Ann")
        await page.goto(granted["link"])
        truth = await wsclient.Client(granted["socket"], "Ann").open()
        for _ in range(7):
            api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        api.ok(api.host(created, "POST", "/start"))
        shot = False

        def redealt() -> bool:
            return any(
                event["type"] == "redealt"
                for number in truth.finished
                for event in truth.hands[number]["view"]["events"]
            )

        async with asyncio.timeout(120):
            while len(truth.finished) < 10 and not (shot and redealt()):
                if await page.evaluate(pages.TURN):
                    await pages.take_turn(ann)
                if not shot and await page.locator("#centre .redeal-notice").count():
                    await page.screenshot(path=str(shots / "bitch-redeal-pending.png"))
                    shot = True
                # The page looks itself until Ann's turn or the notice (half a second at most,
                # for the loop's own end), where the loop asked it twice every 30 ms.
                await asyncio.sleep(0.03)
                await pages.first_to_see([(page, pages.TURN if shot else AWAKE)], 0.5)
        api.ok(api.host(created, "POST", "/pause"))
        pending = _redeal_views(truth)
        assert pending, "no redeal pending in ten hands of the Bitch at eight seats"
        shown = await page.evaluate("window.__redeals")
        drawn = {(item["hand"], item["events"]): item for item in shown}
        for key, hand in pending.items():
            redeal = hand["view"]["redeal_pending"]
            assert key in drawn, f"the page never showed the pending redeal of {key}"
            item = drawn[key]
            assert item["text"].startswith("Redeal: "), item
            assert not item["covered"], item  # the redeal's toast never lies over its notice
            assert not any(f"p{n}" in item["text"].split() for n in range(1, 9)), item
            if redeal["card"] is not None:
                assert (item["card"], item["engine"]) == (redeal["card"], redeal["seat"]), item
                assert "forces a redeal" in item["label"], item
                seat = hand["view"]["seats"][redeal["seat"]]
                assert any(held == {"card": redeal["card"], "up": True} for held in seat["cards"])
        await truth.close()
        await browser.close()
    assert ann.errors == [], ann.errors


@pytest.mark.slow
def test_the_queen_shown_before_the_redeal(server: Any, tmp_path: Path) -> None:
    asyncio.run(_session(server.base, tmp_path))
    keep(sorted(tmp_path.glob("*.png")))
