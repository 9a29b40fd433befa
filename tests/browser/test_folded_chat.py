"""The chat folded on a phone (390x844, a touch screen or a window as narrow): its title's
words lie in the middle of the title's 44 px, not at its top over an empty band, and the
folded chat is no higher than its title and the box's own padding."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from playwright.async_api import async_playwright

from tests.browser.pages import finished_table, launch

# The folded chat: the title's box, its words' box (a range over them) and the chat's box.
FOLDED = """() => {
  const chat = document.getElementById("chat");
  const title = document.getElementById("chat-title");
  const words = document.createRange();
  words.selectNodeContents(title);
  const box = (rect) => ({ top: rect.top, bottom: rect.bottom });
  return {
    open: chat.querySelector("details").open,
    chat: box(chat.getBoundingClientRect()),
    title: box(title.getBoundingClientRect()),
    words: box(words.getBoundingClientRect()),
  };
}"""


async def _folded(base: str, touch: bool) -> dict[str, Any]:
    created, _ = finished_table(base, "FTQ")
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        context = await browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=touch, is_mobile=touch
        )
        page = await context.new_page()
        await page.goto(created["links"]["watch"])
        await page.locator("#chat-title").wait_for()
        folded: dict[str, Any] = await page.evaluate(FOLDED)
        await browser.close()
    return folded


@pytest.mark.parametrize("touch", [True, False])
def test_the_folded_chat_keeps_no_empty_band_under_its_title(server: Any, touch: bool) -> None:
    folded = asyncio.run(_folded(server.base, touch))
    assert folded["open"] is False
    title, words, chat = folded["title"], folded["words"], folded["chat"]
    assert title["bottom"] - title["top"] >= 44  # still a thumb's target
    above, below = words["top"] - title["top"], title["bottom"] - words["bottom"]
    assert abs(above - below) <= 2, folded
    assert title["top"] - chat["top"] < 12, folded
    assert chat["bottom"] - title["bottom"] < 12, folded
