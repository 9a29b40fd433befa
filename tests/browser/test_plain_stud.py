"""Plain seven-card stud in the browser: the create form offers it beside the wild games (its
house rules without the ones that rank wild hands), and a hand of F7S is played in Chromium to
the showdown, the page saying once that nothing is wild and marking no card wild.

Each test takes about 10 s on one core: Chromium starts, and the second plays a whole hand with
three bots at the table's real pace (short pauses), which is what it means to check."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

from tests.browser import pages
from tests.browser.pages import keep
from tests.tools import wsclient


async def _stud_form(base: str, shots: Path) -> None:
    api = wsclient.Api(base)
    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        await page.goto(base)
        await pages.open_create_form(page)
        stud = page.locator('fieldset.game[data-game="seven-card-stud"]')
        await stud.locator('input[name="game"]').check()
        await stud.locator("summary").click()
        rules = await stud.locator("label.rule").all_inner_texts()
        names = [text.split(" ")[0:2] for text in rules]
        await page.screenshot(path=str(shots / "plain-stud-create-form.png"), full_page=True)
        await page.locator('[name="name"]').fill("Stud or queens")
        await page.locator('[name="bots"]').fill("1")
        await page.get_by_role("button", name="Create the table").click()
        host = page.locator('#created a[href*="/host/"]')
        await host.wait_for()
        token = (await host.get_attribute("href") or "").rsplit("/", 1)[1]
        await browser.close()
    text = " ".join(rules)
    assert "all in low card" in text, names
    for absent in ("five of a kind top", "double ace flush", "natural beats wild"):
        assert absent not in text, absent
    games = api.ok(api.http.get(f"/api/host/{token}"))["table"]["settings"]["games"]
    # Dealer's choice: the first game (checked by default) and plain stud.
    assert [game["game"] for game in games] == ["follow-the-queen", "seven-card-stud"]


async def _session(base: str, shots: Path) -> None:
    api = wsclient.Api(base)
    created = api.create(
        name="Stud night", seats=4, games=[{"game": "F7S"}], hand_pause=3, bot_delay=0,
        action_clock=120,
        # Ann's page never shows or mucks: a losing hand of hers waits out this clock (5 s by
        # default) at the showdown before the next hand.
        muck_clock=0.5,
    )  # fmt: skip
    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        ann = await pages.sit(browser, api, created, "Ann")
        page = ann.page
        for _ in range(3):
            api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        api.ok(api.host(created, "POST", "/start"))
        await ann.my_turn()
        await page.screenshot(path=str(shots / "plain-stud-third-street.png"), full_page=True)
        banner = await page.locator("#banner").inner_text()
        text = await page.locator("body").inner_text()
        await pages.play_until(ann, "document.querySelector('#seats .result') !== null")
        # The hands shown, on the seats and in the log: nothing could be wild, none is natural.
        results = await page.locator("#seats .result").all_inner_texts()
        log = await page.locator("#log").text_content() or ""
        await pages.play_until(ann, "Number(document.body.dataset.hand || 0) >= 2")
        await page.screenshot(path=str(shots / "plain-stud-next-hand.png"))
        wild_cards = await page.locator(".card.wild").count()
        await browser.close()
    assert ann.errors == [], ann.errors
    # Said once, with no star and no rule line beside it.
    assert banner.strip() == "Nothing is wild in this game.", banner
    assert "Seven-Card Stud · hand 1 · third street · fixed limit" in text
    assert wild_cards == 0
    assert results, log
    assert " shows " in log, log
    assert not [line for line in [*results, log] if "natural" in line], (results, log)


def test_the_create_form_puts_plain_stud_on_the_menu(server: Any, tmp_path: Path) -> None:
    asyncio.run(_stud_form(server.base, tmp_path))
    keep(sorted(tmp_path.glob("*.png")))


def test_a_hand_of_plain_stud_is_played_in_the_browser(server: Any, tmp_path: Path) -> None:
    asyncio.run(_session(server.base, tmp_path))
    keep(sorted(tmp_path.glob("*.png")))
