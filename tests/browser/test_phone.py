"""The table on a phone (a touch screen of 390×844 in Chromium): the wild-card banner at the top
of the screen and the choices at its bottom, the board between them with no scrolling
(test_layout.py measures every part of it at every screen), no keyboard hint shown, and every
control a thumb's target (44 px or more each way)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, TypedDict

from playwright.async_api import Locator, Page, ViewportSize, async_playwright

from tests.browser.axe import AXE, RULES, RUN_AXE
from tests.browser.pages import answered, cheap_choice, keep, launch, sit, wait_until
from tests.tools import wsclient


class Phone(TypedDict):
    """A phone's screen, as the keyword arguments of a browser context."""

    viewport: ViewportSize
    has_touch: bool
    is_mobile: bool


PHONE: Phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

SMALL_TARGETS = """() => [...document.querySelectorAll("button, select, summary, input")]
    .filter((element) => element.getClientRects().length > 0)
    .map((element) => {
        const box = element.getBoundingClientRect();
        return [element.tagName, element.textContent.trim().slice(0, 40), box.width, box.height];
    })
    .filter(([, , width, height]) => width < 44 || height < 44)"""

SHOWN_HINTS = """() => [...document.querySelectorAll("kbd, #shortcuts, .keys-button, #keys")]
    .filter((element) => element.getClientRects().length > 0).length"""


async def _on_a_phone(server: Any, shots: Path) -> None:
    api = wsclient.Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], seats=4, bot_delay=0.2, action_clock=120)
    for _ in range(3):
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        seat = await sit(browser, api, created, "Ann", **PHONE)
        page = seat.page
        assert await page.evaluate("matchMedia('(hover: none), (pointer: coarse)').matches")
        # Before the first hand there is nothing to choose and nothing to say: no empty box
        # at the foot of the screen.
        await page.screenshot(path=str(shots / "phone-before-the-deal.png"))
        assert not await page.locator("#actions").is_visible()
        api.ok(api.host(created, "POST", "/start"))
        await seat.my_turn(30)
        await page.screenshot(path=str(shots / "phone-turn-top.png"))

        # The banner at the top of the screen and the choices at the bottom, nothing scrolled.
        assert await page.evaluate("window.scrollY") == 0
        banner = await page.locator("#banner").bounding_box()
        assert banner is not None
        assert banner["y"] >= -1, banner
        assert banner["y"] + banner["height"] <= 844 * 0.2, banner
        actions = await page.locator("#actions").bounding_box()
        assert actions is not None
        assert actions["y"] >= 844 / 2, actions
        assert actions["y"] + actions["height"] <= 845, actions

        # No keyboard hints on a touch screen; every control is a thumb's size.
        assert await page.evaluate(SHOWN_HINTS) == 0
        assert "Enter" not in await page.locator("#actions").inner_text()
        assert await page.evaluate(SMALL_TARGETS) == []
        await page.evaluate(AXE.read_text(encoding="utf-8"))  # outside the page's CSP
        assert await page.evaluate(RUN_AXE, RULES) == []

        # A tap takes the turn.
        choice = await cheap_choice(seat)
        assert choice is not None
        await page.locator(f"#actions button[data-choice='{choice}']").tap()
        await answered(seat, 1)
        # Not full_page: a full-page capture resizes the screen and drops the touch emulation.
        await page.screenshot(path=str(shots / "phone-top.png"))
        assert await page.evaluate(SHOWN_HINTS) == 0

        # Reading the ledger under the table when the turn comes again (or is still the
        # player's: a call that ends a street can bring the next street's first turn back in
        # the same frame): the page stays where the player is, and a button at the foot of
        # the screen says it is their turn and takes them back to their choices.
        await page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        scrolled = await page.evaluate("window.scrollY")
        assert scrolled > 0
        await seat.my_turn(60)
        pill = page.locator("#turn-pill")
        await pill.wait_for(state="visible")
        assert await pill.inner_text() == "Your turn"
        assert await pill.get_attribute("data-way") == "up"  # drawn as an arrow (icons.js)
        assert await page.evaluate("window.scrollY") == scrolled
        await page.screenshot(path=str(shots / "phone-turn-below.png"))
        assert await page.evaluate(SMALL_TARGETS) == []
        await pill.tap()
        await pill.wait_for(state="hidden")
        dock = "document.getElementById('dock').getBoundingClientRect()"
        await wait_until(page, f"{dock}.bottom <= innerHeight + 1")
        assert await page.evaluate("document.activeElement.closest('#dock') !== null")
        assert seat.errors == [], seat.errors

        # The host on a phone: the console lies under the whole table, and the menu leads
        # there (a link a thumb's size, as the menu's buttons are).
        host = await (await browser.new_context(**PHONE)).new_page()
        await host.goto(created["links"]["host"])
        await host.wait_for_selector("#host-console #console-body")
        await host.get_by_role("button", name="Menu").tap()
        link = host.get_by_role("link", name="Host console")
        box = await link.bounding_box()
        assert box is not None
        assert box["height"] >= 44, box
        await link.tap()
        await wait_until(
            host,
            "Math.abs(document.getElementById('host-console').getBoundingClientRect().top) < 2",
        )
        assert await host.get_by_role("button", name="Pause").is_visible()
        assert await host.evaluate("document.querySelector('.menu-button').ariaExpanded") == "false"
        await host.screenshot(path=str(shots / "phone-host-console.png"))
        await browser.close()


def test_a_phone_keeps_the_wild_cards_in_view_and_every_control_under_the_thumb(
    server: Any, tmp_path: Path
) -> None:
    asyncio.run(_on_a_phone(server, tmp_path))
    keep(sorted(tmp_path.glob("phone-*.png")))


LAPTOP: ViewportSize = {"width": 1366, "height": 768}

WHOLE_MENU = """(() => {
  const picker = document.getElementById("picker");
  return picker.scrollHeight <= picker.clientHeight + 1;
})()"""
WHOLE_MENU_SIZES = """(() => {
  const picker = document.getElementById("picker");
  return [picker.scrollHeight, picker.clientHeight];
})()"""

CHOOSING = "/is choosing the first game/.test(document.getElementById('centre').textContent)"


OVERFLOW_FELT = """(() => {
  document.querySelector(".seat:not(.you):not(.empty)").style.minHeight = "1500px";
  document.querySelector(".felt").scrollTop = 0;
})()"""

# The game line's first part (the game's name) and whether all of it lies inside the line's box.
NAME_IN_SIGHT = """(() => {
  const line = document.getElementById("game-line");
  const name = line.textContent.split(" · hand ")[0];
  const range = document.createRange();
  range.setStart(line.firstChild, 0);
  range.setEnd(line.firstChild, name.length);
  return [name, range.getBoundingClientRect().right <= line.getBoundingClientRect().right + 0.5];
})()"""

OWN_SEAT_BOXES = """(() => {
  const box = (element) => element && element.getBoundingClientRect().toJSON();
  return [box(document.querySelector(".seat.you")), box(document.getElementById("picker"))];
})()"""


async def _own_seat_clear(page: Page, size: ViewportSize) -> bool:
    """Whether the viewer's own seat lies wholly on a screen of ``size`` and above the dealer's
    picker (none of it under the picker's box)."""
    seat, picker = await page.evaluate(OWN_SEAT_BOXES)
    assert seat is not None, "no seat of the viewer's own"
    inside = seat["top"] >= 0 and seat["bottom"] <= size["height"]
    return bool(inside and (picker["height"] == 0 or seat["bottom"] <= picker["top"] + 1))


async def in_sight(element: Locator, size: ViewportSize) -> bool:
    """Whether ``element`` lies wholly on a screen of ``size``, nothing scrolled."""
    box = await element.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


async def _choosing(server: Any, shots: Path) -> None:
    api = wsclient.Api(server.base)
    games = [{"game": code} for code in ("FTQ", "SMBU", "BD5", "BD7", "BITCH")]
    created = api.create(games=games, seats=4, choice_clock=120)
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        phone = await sit(browser, api, created, "Ann", **PHONE)
        laptop = await sit(browser, api, created, "Bob", viewport=LAPTOP)
        api.ok(api.host(created, "POST", "/start"))
        pages = {"phone": phone.page, "laptop": laptop.page}
        async with asyncio.timeout(30):
            while not any([await page.locator("#picker .pick").count() for page in pages.values()]):
                await asyncio.sleep(0.1)
        picks = {name: await page.locator("#picker .pick").count() for name, page in pages.items()}
        dealer = max(picks, key=picks.__getitem__)
        other = "laptop" if dealer == "phone" else "phone"
        # Who is choosing, and the seconds left, on the others' felt at either size: no bare "No
        # hand yet." felt, and no box at the foot of the screen to say it again.
        watcher, chooser = pages[other], pages[dealer]
        await wait_until(watcher, CHOOSING)
        assert "pick the first game below" in await chooser.locator("#centre").inner_text()
        # The banner agrees with the felt (not "No hand yet." over a felt that names the dealer).
        for page in (watcher, chooser):
            felt = (await page.locator("#centre .idle-note").first.inner_text()).strip()
            assert (await page.locator("#banner").inner_text()).strip() == felt
        for size in (PHONE["viewport"], LAPTOP):
            for page in (watcher, chooser):
                await page.set_viewport_size(size)
            clock = watcher.locator("#centre .centre-clock")
            said = await clock.inner_text()
            assert said.endswith(" s left"), said
            assert 100 <= int(said.split()[0]) <= 120, said
            assert await in_sight(clock, size)
            assert await watcher.locator("#picker").is_hidden()
            # The dealer's own page: the menu and the seconds left in sight, not under the fold.
            left = chooser.locator("#picker .left")
            assert (await left.inner_text()).endswith(" s to choose")
            assert await in_sight(left, size)
            assert await in_sight(chooser.locator("#picker .pick").first, size)
            # The dealer sees their own seat as they choose, not under the picker.
            assert await _own_seat_clear(chooser, size)
            await watcher.screenshot(path=str(shots / f"phone-choosing-{size['width']}.png"))
            await chooser.screenshot(path=str(shots / f"phone-choosing-dealer-{size['width']}.png"))
        # On the phone the whole menu of five fits the dock, none of it scrolled out of sight.
        await chooser.set_viewport_size(PHONE["viewport"])
        assert await chooser.evaluate(WHOLE_MENU), await chooser.evaluate(WHOLE_MENU_SIZES)
        # A felt whose seats overflow it (seven seats holding their cards after a hand, here one
        # seat made as tall as they), scrolled to its top: the dealer's seat stays in sight at
        # its foot, above the picker, rather than scrolled away under it.
        await chooser.evaluate(OVERFLOW_FELT)
        assert await _own_seat_clear(chooser, PHONE["viewport"])
        await chooser.screenshot(path=str(shots / "phone-choosing-dealer-overflow.png"))
        # The dealer picks seven-card Baby Daddy: on the phone's bar the game line shows the
        # game's whole name, which alone says five or seven cards, before it is cut short.
        # Each game is offered by its name alone, the code left out: it says nothing more.
        offered = dict(
            await chooser.evaluate(
                "[...document.querySelectorAll('#picker .pick')]"
                ".map((pick) => [pick.dataset.code, pick.textContent])"
            )
        )
        assert offered["BD5"] == "Who Da Baby Daddy Is · 5 cards", offered
        assert offered["BD7"] == "Who Da Baby Daddy Is · 7 cards", offered
        assert not [code for code, text in offered.items() if code in text], offered
        await chooser.locator("#picker .pick[data-code='BD7']").click()
        await wait_until(chooser, "document.body.dataset.hand === '1'")
        line = await chooser.evaluate(NAME_IN_SIGHT)
        assert line == ["Who Da Baby Daddy Is · 7 cards", True], line
        await browser.close()


def test_a_dealer_s_choice_says_who_chooses_and_the_time_left_on_every_felt(
    server: Any, tmp_path: Path
) -> None:
    asyncio.run(_choosing(server, tmp_path))
    keep(sorted(tmp_path.glob("phone-choosing-*.png")))
