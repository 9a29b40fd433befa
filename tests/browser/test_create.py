"""The home page's create form in Chromium: it checks bots against seats and the stakes as the
engine would before sending, shows each message next to its field and sends nothing while one
stands; a valid form sends one request, bots included, and the host link is shown."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from playwright.async_api import Page, Request, ViewportSize, async_playwright

from tests.browser.axe import AXE, RULES, RUN_AXE
from tests.browser.conftest import CHROMIUM
from tests.browser.pages import keep, open_create_form
from tests.tools import wsclient
from wildstud.server.store import Store


def _tables(server: Any) -> int:
    store = Store(server.database_url)
    try:
        return store.counts()["tables"]
    finally:
        store.close()


async def _form(base: str) -> tuple[Any, Page, list[str], list[str]]:
    playwright = await async_playwright().start()
    browser = await playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
    )
    page = await browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    sent: list[str] = []

    def record(request: Request) -> None:
        if "/api/" in request.url and request.method != "GET":
            sent.append(f"{request.method} {request.url}")

    page.on("request", record)
    await page.goto(base)
    await open_create_form(page)
    return playwright, page, errors, sent


async def _invalid_form_sends_nothing(server: Any, shots: Path) -> None:
    api = wsclient.Api(server.base)
    before = _tables(server)
    playwright, page, errors, sent = await _form(server.base)
    try:
        await page.locator('[name="seats"]').fill("6")
        await page.locator('[name="bots"]').fill("6")
        await page.locator('[name="bring_in"]').fill("8")
        await page.locator('[name="big_bet"]').fill("4")
        await page.locator('[name="name"]').fill(" \u200b\u202e ")
        bots = page.locator("#bots-message")
        await bots.wait_for()
        assert "6 bots leave no seat for a player: at most 5" in await bots.inner_text()
        assert (
            "bring-in (8) cannot be more than the small bet (5)"
            in await page.locator("#bring_in-message").inner_text()
        )
        assert (
            "small bet (5) cannot be more than the big bet (4)"
            in await page.locator("#small_bet-message").inner_text()
        )
        assert "visible character" in await page.locator("#name-message").inner_text()
        await page.get_by_role("button", name="Create the table").click()
        await page.get_by_text("Not sent: correct the fields marked above.").wait_for()
        await page.screenshot(path=str(shots / "create-form-invalid.png"), full_page=True)
        assert await page.evaluate("document.activeElement.name") == "name"
        # No game at all is refused too.
        await page.locator('[name="big_bet"]').fill("10")
        await page.locator('input[name="game"]:checked').first.uncheck()
        assert "Pick at least one game" in await page.locator("#game-message").inner_text()
        await page.get_by_role("button", name="Create the table").click()
        await asyncio.sleep(0.3)
        assert sent == [], sent
        assert _tables(server) == before
        # Baby Daddy alone has no bring-in, so a bring-in above the small bet does not matter.
        await page.locator('input[name="game"][value="baby-daddy"]').check()
        assert await page.locator("#bring_in-message").inner_text() == ""
        # Corrected, the form sends one request with its bots, and the host link is shown.
        await page.locator('[name="name"]').fill("Bots night")
        await page.locator('[name="bots"]').fill("5")
        await page.locator('[name="bot_kind"]').select_option("random-bot")
        kinds = await page.locator('[name="bot_kind"] option').evaluate_all(
            "(options) => options.map((option) => option.value)"
        )
        assert {"equity-bot-quick", "equity-bot", "equity-bot-deep"} <= set(kinds), kinds
        await page.locator('[name="practice"]').check()  # a practice table (issue 28 item 3)
        for message in ("#bots-message", "#name-message", "#small_bet-message", "#game-message"):
            assert await page.locator(message).inner_text() == "", message
        await page.get_by_role("button", name="Create the table").click()
        host = page.locator('#created a[href*="/host/"]')
        await host.wait_for()
        assert len(sent) == 1, sent
        assert sent[0].endswith("/api/tables")
        await page.screenshot(path=str(shots / "create-form-created.png"), full_page=True)
        token = (await host.get_attribute("href") or "").rsplit("/", 1)[1]
        table = api.ok(api.http.get(f"/api/host/{token}"))["table"]
        assert table["name"] == "Bots night"
        assert [seat["kind"] for seat in table["seats"]] == ["random-bot"] * 5
        assert table["settings"]["practice"] is True
        assert api.ledger(table["id"])["balanced"]
        assert _tables(server) == before + 1
        assert errors == [], errors
    finally:
        await playwright.stop()


async def _server_refusal_is_shown(server: Any) -> None:
    before = _tables(server)
    playwright, page, errors, sent = await _form(server.base)
    try:
        # Seven-card Baby Daddy seats at most seven: the server says so, and creates nothing.
        await page.locator('input[name="game"]:checked').first.uncheck()
        await page.locator('input[name="game"][value="baby-daddy"]').check()
        await page.locator('[name="seats"]').fill("8")
        await page.locator('[name="bots"]').fill("2")
        await page.get_by_role("button", name="Create the table").click()
        status = page.get_by_text("Not created:")
        await status.wait_for()
        assert "8 players" in await status.inner_text()
        assert len(sent) == 1, sent
        assert await page.locator("#created a").count() == 0
        assert _tables(server) == before
        # Seven seats and two bots: created, with the host link.
        await page.locator('[name="seats"]').fill("7")
        await page.get_by_role("button", name="Create the table").click()
        await page.locator('#created a[href*="/host/"]').wait_for()
        assert len(sent) == 2, sent
        assert _tables(server) == before + 1
        # The join page checks the name as the server cleans it, and shows the server's refusal.
        join = await page.locator('#created a[href*="/join/"]').get_attribute("href")
        assert join is not None
        await page.goto(join)
        name = page.locator('[name="name"]')
        await name.fill(" \u200b\u2067 ")
        await page.get_by_role("button", name="Sit down").click()
        assert "visible character" in await page.locator("#name-message").inner_text()
        await name.fill("x" * 41)
        assert "at most 40 characters" in await page.locator("#name-message").inner_text()
        assert len(sent) == 2, sent
        await name.fill("CALLER 2")
        await page.get_by_role("button", name="Sit down").click()
        await page.get_by_text("taken here; choose another").wait_for()
        assert len(sent) == 3, sent
        refusals = "the server responded with a status of 4"  # the 400 and 409 above
        assert [message for message in errors if refusals not in message] == [], errors
    finally:
        await playwright.stop()


def test_an_invalid_form_shows_its_messages_and_sends_nothing(server: Any, tmp_path: Path) -> None:
    asyncio.run(_invalid_form_sends_nothing(server, tmp_path))
    keep(sorted(tmp_path.glob("create-form-*.png")))


def test_a_refusal_from_the_server_is_shown_and_nothing_is_created(server: Any) -> None:
    asyncio.run(_server_refusal_is_shown(server))


async def _one_game_twice(server: Any, shots: Path) -> None:
    api = wsclient.Api(server.base)
    playwright, page, errors, sent = await _form(server.base)
    try:
        # Five-card and seven-card Baby Daddy on one menu: one game, two sets of house rules.
        await page.locator('input[name="game"]:checked').first.uncheck()
        daddy = page.locator('fieldset.game[data-game="baby-daddy"]')
        await daddy.locator('input[name="game"]').check()
        first = daddy.locator(".variant").first
        await first.locator("summary").click()
        await first.locator('select[name$=".cards"]').select_option("5")
        # Every house rule has its one-line explanation beside it, in the server's words.
        rule = first.locator("label.rule", has=page.locator('select[name$=".cards"]'))
        assert "five-card or seven-card game" in await rule.inner_text()
        add = daddy.get_by_role("button", name="Add another Who Da Baby Daddy Is")
        await add.click()
        await add.click()
        # The third is the second again: refused beside it, and nothing is sent.
        third = daddy.locator(".variant").nth(2)
        await page.get_by_role("button", name="Create the table").click()
        assert (
            "same house rules as the one above it"
            in await third.locator(".variant-message").inner_text()
        )
        await page.screenshot(path=str(shots / "create-form-repeated-game.png"), full_page=True)
        assert sent == [], sent
        await page.evaluate(AXE.read_text(encoding="utf-8"))  # outside the page's CSP
        sizes: list[ViewportSize] = [{"width": 390, "height": 844}, {"width": 1280, "height": 900}]
        for size in sizes:
            await page.set_viewport_size(size)
            assert await page.evaluate(RUN_AXE, RULES) == [], size
        await third.get_by_role("button", name="Remove this Who Da Baby Daddy Is").click()
        assert await daddy.locator(".variant").count() == 2
        # The rest of what a table can be set to.
        await page.locator('[name="name"]').fill("Daddy night")
        await page.locator('[name="limit"]').select_option("pot-limit")
        await page.locator('[name="raise_cap"]').fill("")
        await page.locator('[name="choice_clock"]').fill("12")
        await page.locator('[name="time_bank"]').fill("45")
        await page.locator('[name="action_clock"]').fill("25")
        await page.locator('[name="bots"]').fill("1")
        kinds = await page.locator('[name="bot_kind"] option').evaluate_all(
            "options => options.map(option => option.value)"
        )
        assert {"random-bot", "calling-bot"} <= set(kinds), kinds
        await page.locator('[name="bot_kind"]').select_option("random-bot")
        await page.locator('[name="bot_delay"]').fill("0.5")
        await page.get_by_role("button", name="Create the table").click()
        host = page.locator('#created a[href*="/host/"]')
        await host.wait_for()
        assert len(sent) == 1, sent
        token = (await host.get_attribute("href") or "").rsplit("/", 1)[1]
        table = api.ok(api.http.get(f"/api/host/{token}"))["table"]
        settings = table["settings"]
        assert settings["games"] == [
            {"game": "baby-daddy", "house_rules": {"cards": 5}},
            {"game": "baby-daddy", "house_rules": {}},
        ]
        assert settings["stakes"]["limit"] == "pot-limit"
        assert settings["stakes"]["raise_cap"] is None
        assert (settings["choice_clock"], settings["time_bank"]) == (12, 45)
        assert (settings["action_clock"], settings["bot_delay"]) == (25, 0.5)
        assert [seat["kind"] for seat in table["seats"]] == ["random-bot"]
        assert errors == [], errors
    finally:
        await playwright.stop()


def test_one_game_twice_with_other_house_rules(server: Any, tmp_path: Path) -> None:
    asyncio.run(_one_game_twice(server, tmp_path))
    keep(sorted(tmp_path.glob("create-form-*.png")))
