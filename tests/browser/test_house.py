"""Bots are the house (issue 22 item 3): a night with two bots and two people ends with a
settle-up that names no bot and balances the people; the house's line is in the ledger and the
page says what the people did with its result. The screenshots are kept to be looked at."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import async_playwright

from tests.browser.pages import keep, launch, play_all, sit, wait_until
from tests.tools import wsclient

BOTS = ("Robo", "Randy")
PEOPLE = ("Ann", "Bob")
SETTLED = """(() => {
  const box = document.getElementById("settle-up");
  return box !== null && !box.classList.contains("provisional");
})()"""
SETTLE_UP = """(() => ({
  transfers: [...document.querySelectorAll("#settle-up .transfers li")].map((li) => li.textContent),
  note: document.querySelector("#settle-up .house-note")?.textContent ?? "",
  house: document.querySelector("#ledger tr.house")?.textContent ?? "",
  text: document.getElementById("settle-up").textContent,
}))()"""


async def _night(base: str, shots: Path) -> dict[str, Any]:
    api = wsclient.Api(base)
    created = api.create(
        name="House night",
        seats=4,
        games=[{"game": "FTQ"}],
        starting_chips=300,
        bot_delay=0.1,
        hand_pause=0.5,
        showdown_pause=0.5,
        # The pages never show or muck: a losing person's hand waits out this clock (5 s by
        # default) at each showdown.
        muck_clock=0.5,
        bots=[{"kind": "calling-bot", "name": BOTS[0]}, {"kind": "random-bot", "name": BOTS[1]}],
    )
    table_id = created["table"]["id"]

    def table() -> dict[str, Any]:
        state: dict[str, Any] = api.get(f"/api/tables/{table_id}")
        return state

    async with async_playwright() as playwright:
        browser = await launch(playwright)
        seats = [await sit(browser, api, created, name) for name in PEOPLE]
        host = await (await browser.new_context()).new_page()
        await host.goto(created["links"]["host"])
        await host.wait_for_selector("#banner")
        # A top-up past the ceiling is refused next to the rebuy field, not in the action box.
        ann = seats[0].page
        await ann.fill("#rebuy-amount", "50")
        await ann.click("#rebuy-ask")
        await wait_until(ann, "document.getElementById('rebuy-error').textContent !== ''")
        refusal = await ann.text_content("#rebuy-error")
        action_error = await ann.text_content("#action-error")
        api.ok(api.host(created, "POST", "/start"))
        # A night of one hand: the host ends it once the first is dealt, and it plays out (the
        # settle-up provisional until it ends). The antes and the pot move every stack, the
        # bots' among them, which is all the settle-up needs; the night used to play three
        # hands first, each of them drawn by three pages.
        await play_all(seats, lambda: table()["hands_dealt"] >= 1)
        await _end_the_night(host)
        await play_all(seats, lambda: table()["hand_in_progress"] is None)
        shown = {}
        for name, page in (("host", host), *((s.page.url, s.page) for s in seats)):
            await wait_until(page, SETTLED, 30)
            await wait_until(
                page, "!document.getElementById('ledger').textContent.includes('counts once')"
            )
            shown[name] = await page.evaluate(SETTLE_UP)
        await host.locator("#ledger").screenshot(path=str(shots / "house-settle-up.png"))
        errors = [error for seat in seats for error in seat.errors]
        await browser.close()
    keep([shots / "house-settle-up.png"])
    return {
        "shown": shown,
        "night": api.get(f"/api/tables/{table_id}/night"),
        "errors": errors,
        "refusal": (refusal, action_error),
    }


async def _end_the_night(host: Any) -> None:
    """The host ends the night by the ledger's button and its confirmation. The ledger redraws
    whenever a hand ends and its figures come back, so a click can land as the button is
    replaced and do nothing: the host clicks again until the confirmation is there."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while not await host.locator("#end-night-yes").is_visible():
        assert loop.time() < deadline, "the ledger never asked to confirm the end of the night"
        if await host.locator("#end-night").is_visible():
            await host.click("#end-night", timeout=5000)
        await asyncio.sleep(0.2)
    await host.click("#end-night-yes")


@pytest.fixture(scope="module")
def night(server: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return asyncio.run(_night(server.base, tmp_path_factory.mktemp("house")))


@pytest.mark.slow
def test_the_settle_up_names_no_bot_and_balances_the_people(night: dict[str, Any]) -> None:
    figures = night["night"]
    assert night["errors"] == []
    assert figures["ended"]
    assert figures["balanced"]
    assert sorted(player["name"] for player in figures["players"]) == sorted(PEOPLE)
    assert sorted(bot["name"] for bot in figures["house"]["bots"]) == sorted(BOTS)
    owed = {player["name"]: player["settles"] for player in figures["players"]}
    assert sum(owed.values()) == 0
    payments = [f"{t['payer']} pays {t['payee']} {t['amount']}" for t in figures["transfers"]]
    for transfer in figures["transfers"]:
        owed[transfer["payer"]] += transfer["amount"]
        owed[transfer["payee"]] -= transfer["amount"]
    assert set(owed.values()) == {0}, "the people's payments square the people"
    for page, shown in night["shown"].items():
        assert shown["transfers"] == payments, page
        assert not any(bot in shown["text"].replace(shown["note"], "") for bot in BOTS), page
        assert all(bot in shown["house"] for bot in BOTS), page
        assert "The bots are the house" in shown["note"], page


def test_the_people_share_the_house_result_as_the_host_chose(night: dict[str, Any]) -> None:
    figures = night["night"]
    house = figures["house"]
    assert house["result"] == "shared"
    assert house["net"] == -sum(player["net"] for player in figures["players"])
    shares = sorted(player["share"] for player in figures["players"])
    assert sum(shares) == house["net"]
    assert shares[-1] - shares[0] <= 1, "shared equally, to the odd chip"


def test_a_refused_top_up_is_said_next_to_the_rebuy_field(night: dict[str, Any]) -> None:
    refusal, action_error = night["refusal"]
    assert "ceiling of 300" in refusal
    assert action_error == ""
