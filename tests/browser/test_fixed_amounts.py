"""Fixed limit allows only the sizes the server lists: the page offers a button for each (the
small and the big bet with an open pair, an all-in short of one), and no slider over amounts
the server would refuse. Checked on the page's own module, loaded as the page loads it."""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import async_playwright

from tests.browser import pages

CHOICES = """
async ([legal, view]) => {
  const script = document.querySelector("script[type=module]").src;
  const { choices, sizedChoice } = await import(new URL("actions.js", script).href);
  const list = choices(legal, view);
  return { list, sized: sizedChoice(list) };
}
"""


async def _choices(base: str, legal: list[dict[str, Any]], seat: dict[str, int]) -> Any:
    # The page reads all in from the view's all_in_to (the server's figure): the seat's bet and
    # stack give it here as the engine works it out.
    view = {"all_in_to": seat["bet"] + seat["stack"]}
    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        page = await browser.new_page()
        await page.goto(base)
        try:
            return await page.evaluate(CHOICES, [legal, view])
        finally:
            await browser.close()


def test_an_open_pair_offers_the_small_and_the_big_bet_as_buttons(server: Any) -> None:
    legal = [
        {"action": "check", "min": 0, "max": 0, "amounts": None},
        {"action": "bet", "min": 5, "max": 10, "amounts": [5, 10]},
    ]
    got = asyncio.run(_choices(server.base, legal, {"stack": 500, "bet": 0}))
    assert got["sized"] is None  # no slider, no amount field
    bets = [(c["key"], c["amount"], c["allIn"]) for c in got["list"] if c["action"] == "bet"]
    assert bets == [("bet", 5, False), ("bet-10", 10, False)]


def test_an_all_in_short_of_the_big_bet_is_its_own_button(server: Any) -> None:
    legal = [
        {"action": "fold", "min": 0, "max": 0, "amounts": None},
        {"action": "call", "min": 5, "max": 5, "amounts": None},
        {"action": "raise", "min": 8, "max": 10, "amounts": [8, 10]},
    ]
    got = asyncio.run(_choices(server.base, legal, {"stack": 3, "bet": 5}))
    raises = [(c["key"], c["amount"], c["allIn"]) for c in got["list"] if c["action"] == "raise"]
    assert raises == [("all-in", 8, True), ("raise-10", 10, False)]


def test_a_range_keeps_its_slider(server: Any) -> None:
    legal = [{"action": "bet", "min": 5, "max": 40, "amounts": None}]
    got = asyncio.run(_choices(server.base, legal, {"stack": 500, "bet": 0}))
    assert (got["sized"]["min"], got["sized"]["max"]) == (5, 40)


PRESETS = """
async ([legal, view]) => {
  const script = document.querySelector("script[type=module]").src;
  const { choices, actionChildren } = await import(new URL("actions.js", script).href);
  const list = choices(legal, view);
  const parts = actionChildren({ list, potRaise: view.pot_raise_to, blocked: false, waiting: "" });
  const box = document.createElement("div");
  box.append(...parts.filter(Boolean));
  return [...box.querySelectorAll("[data-preset]")].map((b) => [b.textContent, b.dataset.preset]);
}
"""


async def _presets(base: str, legal: list[dict[str, Any]], view: dict[str, int]) -> Any:
    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        page = await browser.new_page()
        await page.goto(base)
        try:
            return await page.evaluate(PRESETS, [legal, view])
        finally:
            await browser.close()


def test_the_sizing_presets_are_the_server_s_figures(server: Any) -> None:
    # No limit, facing a bet of 10 into a pot of 30: the engine's pot-sized raise is to 50, all
    # in is to 200; the page offers those figures and works out none of its own.
    legal = [
        {"action": "fold", "min": 0, "max": 0, "amounts": None},
        {"action": "call", "min": 10, "max": 10, "amounts": None},
        {"action": "raise", "min": 20, "max": 200, "amounts": None},
    ]
    got = asyncio.run(_presets(server.base, legal, {"all_in_to": 200, "pot_raise_to": 50}))
    assert got == [["min", "20"], ["pot", "50"], ["max", "200"]]
    # A pot-sized raise the range does not reach is not offered.
    got = asyncio.run(_presets(server.base, legal, {"all_in_to": 200, "pot_raise_to": 250}))
    assert got == [["min", "20"], ["max", "200"]]
