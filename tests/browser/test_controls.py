"""The table's controls never take an action the player did not mean: every button says the
amount it sends, a wrong amount is refused with the range and sends nothing, the page never
moves focus (so Enter and Space pressed elsewhere, in the history's replay say, do nothing at
the table), the shortcuts can be turned off and never act from a field or a dialog, a fold
with a free check asks first, and focus stays where it was while the bots play."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any
from unittest.mock import ANY

from playwright.async_api import Page, async_playwright

from tests.browser import pages
from tests.tools import wsclient

IN_VIEW = """(() => {
  const box = document.getElementById("actions").getBoundingClientRect();
  const toast = document.getElementById("announce");
  const over = toast.hidden ? null : toast.getBoundingClientRect();
  const covered = over && box.bottom > over.top && box.top < over.bottom;
  return box.top >= 0 && box.bottom <= window.innerHeight && !covered;
})()"""


KEYS = (("k", "check"), ("c", "call"), ("i", "bring-in"))


async def _label(page: Page) -> str:
    return await page.locator("#actions button[data-sized]").inner_text()


async def _quiet(seat: pages.Seat, acts: int) -> None:
    """Nothing more sent for a moment: still ``acts`` act requests, and still this seat's turn."""
    await asyncio.sleep(0.6)
    assert len(seat.acts()) == acts, seat.acts()
    assert await seat.page.evaluate("document.getElementById('actions').dataset.turn") == "yes"


async def _amounts(seat: pages.Seat) -> None:
    """The bring-in turn of no-limit Follow the Queen: complete from 5 to the whole stack."""
    page = seat.page
    await seat.my_turn()
    # The turn's controls came into view, clear of any toast.
    assert await page.evaluate(IN_VIEW), await page.evaluate("window.scrollY")
    # The turn came and nothing took the focus: Enter and Space do nothing at the table.
    assert await page.evaluate("document.activeElement === document.body")
    await page.keyboard.press("Enter")
    await page.keyboard.press(" ")
    await _quiet(seat, 0)
    sized = page.locator("#actions button[data-sized]")
    assert "Complete 5" in await _label(page)
    await page.locator("#amount").fill("37")
    assert "Complete 37" in await _label(page)
    await page.locator("#amount").press_sequentially("5")
    assert "Complete 375" in await _label(page)
    # The slider moves the field and the label with it.
    await page.locator("#amount-slider").evaluate(
        "(slider) => { slider.value = '120';"
        " slider.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    assert await page.locator("#amount").input_value() == "120"
    assert "Complete 120" in await _label(page)
    # All in is its own button, with the whole stack on it.
    stack = await page.locator(".seat.you .stack").inner_text()
    all_in = page.locator("#actions button[data-choice='all-in']")
    assert (await all_in.inner_text()).startswith(f"All in {stack.split()[0]}")
    # Out of range, or not a number: refused with the range, nothing sent, never clamped.
    for typed in ("5000", "3", "12x"):
        await page.locator("#amount").fill(typed)
        await sized.click()
        error = await page.locator("#action-error").inner_text()
        assert "from 5 to " in error, error
        assert await page.locator("#amount").get_attribute("aria-invalid") == "true"
    await page.locator("#amount").press("Enter")
    await _quiet(seat, 0)
    await page.screenshot(path=str(seat.shots / "refused-amount.png"), full_page=True)


async def _keys(seat: pages.Seat) -> None:
    """A shortcut typed in a field, or with shortcuts off, does nothing; on, it acts."""
    page = seat.page
    bring_in = await page.locator("#actions button[data-choice='bring-in']").count()
    key, action = "c", "bring-in" if bring_in else "call"  # C brings in when that is the turn
    await page.locator("#amount").focus()
    await page.keyboard.press(key)
    await _quiet(seat, 0)
    # One button in the bar for the keyboard; the switch is in the panel it opens, with the keys.
    tools = page.locator("#tools")
    assert await tools.get_by_role("button", name="Keys", exact=True).count() == 0
    assert await tools.locator("#shortcuts").count() == 0
    await tools.get_by_role("button", name="Keyboard", exact=True).click()
    assert await page.locator("#keys #shortcuts").is_visible()
    await page.locator("#shortcuts").click()
    assert await page.locator("#shortcuts").get_attribute("aria-pressed") == "false"
    await page.evaluate("document.activeElement.blur()")
    await page.keyboard.press(key)
    await _quiet(seat, 0)
    await page.locator("#shortcuts").click()
    await page.evaluate("document.activeElement.blur()")
    # Shortcuts on again: the key acts, and the ack clears the error shown before.
    assert await page.locator("#action-error").inner_text()
    await page.keyboard.press(key)
    await pages.answered(seat, 1)
    assert [frame["action"] for frame in seat.acts()] == [action]
    await pages.wait_until(page, "document.getElementById('action-error').textContent === ''")
    await tools.get_by_role("button", name="Keyboard", exact=True).click()
    assert await page.locator("#keys").is_hidden()


async def _focus_stays(seat: pages.Seat, truth: wsclient.Client, selector: str) -> None:
    """Focus on `selector` until a bot has acted (the seat's own turns taken by shortcut keys,
    which leave the focus alone): it is still on the same element after."""
    page = seat.page
    await page.locator(selector).first.focus()
    await page.evaluate("window.__focused = document.activeElement")
    start = len(truth.frames)

    def bot_acted() -> bool:
        return any(
            event["type"] == "acted" and event["seat"] != truth.you
            for frame in truth.frames[start:]
            if frame["type"] == "update"
            for event in frame["events"]
        )

    async with asyncio.timeout(30):
        while not bot_acted():
            if await page.evaluate(pages.TURN):
                choices = await page.locator("#actions button[data-choice]").evaluate_all(
                    "(buttons) => buttons.map((button) => button.dataset.choice)"
                )
                acts = len(seat.acts())
                await page.keyboard.press(next(key for key, kind in KEYS if kind in choices))
                await pages.answered(seat, acts + 1)
            await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)  # the page draws what the test client was sent
    assert await page.evaluate("document.activeElement === window.__focused"), await page.evaluate(
        "document.activeElement.outerHTML.slice(0, 200)"
    )


FREE_TURN = (
    "document.getElementById('actions').dataset.turn === 'yes'"
    " && !!document.querySelector('#actions button[data-choice=check]')"
)


async def _free_fold(seat: pages.Seat) -> None:
    """On a turn where checking is free, Fold asks; Cancel (and Escape) keep the hand, Check
    checks, and on the next such turn Fold in the dialog folds."""
    page = seat.page
    await pages.play_until(seat, FREE_TURN)
    acts = len(seat.acts())
    cards = await page.locator(".seat.you .card").count()
    await page.locator("#actions button[data-choice='fold']").click()
    dialog = page.get_by_role("dialog", name="Fold when checking is free?")
    await dialog.wait_for()
    await page.screenshot(path=str(seat.shots / "fold-confirm.png"))
    await dialog.get_by_role("button", name="Cancel").click()
    await dialog.wait_for(state="hidden")
    await _quiet(seat, acts)
    assert await page.locator(".seat.you .card").count() == cards
    assert await page.evaluate(
        "document.activeElement === document.querySelector('#actions button[data-choice=fold]')"
    )
    await page.evaluate("document.activeElement.blur()")
    await page.keyboard.press("f")
    await dialog.wait_for()
    # The dialog opens on Cancel: Enter pressed by habit keeps the hand too.
    assert await page.evaluate("document.activeElement.dataset.answer") == "cancel"
    await page.keyboard.press("Enter")
    await dialog.wait_for(state="hidden")
    await _quiet(seat, acts)
    await page.keyboard.press("f")
    await dialog.get_by_role("button", name="Check").click()
    await pages.answered(seat, acts + 1)
    assert [frame["action"] for frame in seat.acts()[acts:]] == ["check"]
    # Another turn with the check free: this time the player means it, and the fold is taken.
    number = await page.evaluate("document.body.dataset.hand")
    await pages.play_until(seat, FREE_TURN)
    acts = len(seat.acts())
    await page.locator("#actions button[data-choice='fold']").click()
    await dialog.get_by_role("button", name="Fold").click()
    await pages.answered(seat, acts + 1)
    assert seat.acts()[acts:] == [{"type": "act", "action": "fold", "seq": ANY}]
    assert await page.locator("#action-error").inner_text() == ""
    await pages.wait_until(
        page,
        "document.querySelector('.seat.you.folded') !== null"
        f" || document.body.dataset.hand !== {number!r}",
    )


async def _replay_keys(seat: pages.Seat) -> None:
    """Enter and Space in the history's replay when a turn comes act in the replay only."""
    page = seat.page
    await pages.play_until(seat, "Number(document.body.dataset.hand) >= 2")
    await page.get_by_role("button", name="History").click()
    await page.locator(".hand-list button[data-hand='1']").click()
    next_step = page.locator(".replay [data-step=next]")
    await next_step.wait_for()
    assert await page.evaluate("document.activeElement.dataset.step === 'next'")
    await seat.my_turn()
    acts = len(seat.acts())
    step = await page.locator(".replay").get_attribute("data-step")
    await page.keyboard.press("Enter")
    await page.keyboard.press(" ")
    await _quiet(seat, acts)
    assert await page.locator(".replay").get_attribute("data-step") == str(int(step or 0) + 2)


async def _session(base: str, shots: Path) -> None:
    api = wsclient.Api(base)
    created = api.create(name="Controls", **pages.NO_LIMIT_TABLE)
    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        ann = await pages.sit(browser, api, created, "Ann")
        ann.shots = shots
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        api.ok(api.host(created, "POST", "/start"))
        await _amounts(ann)
        await _keys(ann)
        truth = await wsclient.Client(ann.socket, "Ann").open()
        await _focus_stays(ann, truth, "#seats .seat:not(.you):not(.empty)")
        await _focus_stays(ann, truth, "#seats .seat.you")
        await _focus_stays(ann, truth, "button[aria-controls=history]")
        await truth.close()
        await _free_fold(ann)
        await _replay_keys(ann)
        await page_shot(ann.page, shots / "controls.png")
        await browser.close()
    assert ann.errors == [], ann.errors


async def page_shot(page: Page, path: Path) -> None:
    await page.screenshot(path=str(path), full_page=True)


def test_controls_send_only_what_the_player_meant(server: Any, tmp_path: Path) -> None:
    asyncio.run(_session(server.base, tmp_path))
    pages.keep(sorted(tmp_path.glob("*.png")))
