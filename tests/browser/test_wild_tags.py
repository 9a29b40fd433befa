"""A wild card's tag at the showdown on a phone (390x844): the "=9♠" under a card that plays as
another, a hole card lowered at that, lies over nothing of its seat, whatever the hand's name
and with the winner's tag beside it. The seat is a finished table's, given the showdown's
worst case in the page (the deal is the server's to choose), laid out by the page's own
stylesheets."""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import async_playwright

from tests.browser.pages import finished_table, launch

# The first seat's last face-up card made a hole card playing as the nine of spades, its foot a
# long hand's name and the winner's tag; then every box of the foot (its row, the whole seat's
# width, and what is in it) that the tag's box crosses.
WORST_SHOWDOWN = """() => {
  const seat = document.querySelector(".seat:not(.empty)");
  const cards = seat.querySelector(".cards");
  const card = [...cards.querySelectorAll(".card:not(.back)")].pop();
  card.classList.add("hole", "wild");
  const plays = document.createElement("span");
  plays.className = "plays-as";
  plays.textContent = "=9\u2660";
  card.append(plays);
  let foot = seat.querySelector(".seat-foot");
  if (!foot) {
    foot = document.createElement("div");
    foot.className = "seat-foot";
    seat.append(foot);
  }
  const result = document.createElement("div");
  result.className = "result";
  result.textContent = "jack-high straight flush (natural)";
  const winner = document.createElement("div");
  winner.className = "winner-tag";
  winner.textContent = "\u2605 winning hand";
  foot.replaceChildren(result, winner);
  const tag = plays.getBoundingClientRect();
  // The foot itself: its words may run the whole width, as the winner's do.
  return [foot, ...foot.children]
    .map((element) => [element.className, element.getBoundingClientRect()])
    .filter(([, box]) =>
      Math.min(tag.right, box.right) - Math.max(tag.left, box.left) > 0.5 &&
      Math.min(tag.bottom, box.bottom) - Math.max(tag.top, box.top) > 0.5)
    .map(([name, box]) => `${name} ${JSON.stringify(box)} under the tag ${JSON.stringify(tag)}`);
}"""


# The page's fonts in and two frames drawn: measured as soon as the first card showed, the
# seat was not yet laid out as it ends, and the tag crossed nothing even without its room.
SETTLED = """document.fonts.ready.then(() =>
    new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))"""


async def _crossed(base: str) -> list[str]:
    created, _ = finished_table(base, "FTQ")
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        context = await browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
        )
        page = await context.new_page()
        await page.goto(created["links"]["watch"])
        await page.locator(".seat:not(.empty) .cards .card").first.wait_for()
        await page.evaluate(SETTLED)
        crossed: list[str] = await page.evaluate(WORST_SHOWDOWN)
        await browser.close()
    return crossed


def test_a_wild_cards_tag_lies_over_nothing_on_a_phone(server: Any) -> None:
    assert asyncio.run(_crossed(server.base)) == []
