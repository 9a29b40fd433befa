"""Every edge of the night (issue 22 item 4): a player leaves mid-hand, the host removes
another, and the host ends the night; each of the two sees a goodbye page with their cash-out
and their place in the settle-up (live, then final), which match the server's night; the table
left with one player says why it deals no hand, in the page and in the host's console; once the
night is over no page offers Leave, Sit out or Rebuy. The screenshots are kept to be looked at."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import async_playwright

from tests.browser.pages import (
    keep,
    launch,
    leave_table,
    own_luck,
    photograph,
    play_all,
    sit,
    wait_until,
)
from tests.tools import wsclient

GOODBYE = "document.body.dataset.page === 'goodbye'"
FINAL = "document.getElementById('goodbye-when')?.classList.contains('final') === true"
SHOWN = """(() => ({
  cash: document.getElementById("goodbye-cash")?.textContent ?? "",
  when: document.getElementById("goodbye-when")?.textContent ?? "",
  payments: [...document.querySelectorAll("#goodbye-payments li")].map((li) => li.textContent),
  watch: document.getElementById("goodbye-watch")?.getAttribute("href") ?? "",
  luck: document.getElementById("goodbye-luck")?.textContent ?? "",
}))()"""


async def _night(base: str, shots: Path) -> dict[str, Any]:
    api = wsclient.Api(base)
    created = api.create(
        name="Goodbye night",
        seats=4,
        games=[{"game": "FTQ"}],
        starting_chips=300,
        hand_pause=0.5,
        showdown_pause=0.5,
        # The pages never show or muck: a losing person's hand waits out this clock (5 s by
        # default) at each showdown.
        muck_clock=0.5,
    )
    table_id = created["table"]["id"]

    def table() -> dict[str, Any]:
        state: dict[str, Any] = api.get(f"/api/tables/{table_id}")
        return state

    taken: list[Path] = []

    async def shot(page: Any, name: str) -> None:
        path = shots / f"{name}.png"
        await photograph(page, path, full_page=True)
        taken.append(path)

    async with async_playwright() as playwright:
        browser = await launch(playwright)
        ann, bob, cy = [await sit(browser, api, created, name) for name in ("Ann", "Bob", "Cy")]
        host = await (await browser.new_context()).new_page()
        await host.goto(created["links"]["host"])
        await host.wait_for_selector("#banner")
        api.ok(api.host(created, "POST", "/start"))
        await wait_until(ann.page, "Number(document.body.dataset.hand) >= 1", 30)
        assert table()["hand_in_progress"] == 1

        # Ann leaves in the middle of hand 1: she plays it out and is cashed out as it ends.
        await leave_table(ann.page)
        seats = [ann, bob, cy]
        await play_all(seats, lambda: all(seat["name"] != "Ann" for seat in table()["seats"]))
        await wait_until(ann.page, GOODBYE)
        await wait_until(ann.page, "document.getElementById('goodbye-net') !== null")
        live = await ann.page.evaluate(SHOWN)
        await shot(ann.page, "goodbye-left-live")
        # The goodbye keeps a page's margins, not the table's edge-to-edge stage.
        title = await ann.page.locator("#goodbye h1").bounding_box()
        assert title is not None
        assert title["x"] >= 8, title

        # The host removes Bob between hands (or as the hand in progress ends).
        bob_seat = next(seat["seat"] for seat in table()["seats"] if seat["name"] == "Bob")
        api.ok(api.host(created, "DELETE", f"/seats/{bob_seat}"))
        await play_all(seats, lambda: all(seat["name"] != "Bob" for seat in table()["seats"]))
        await wait_until(bob.page, GOODBYE)

        # Cy is alone: the table says why it deals no hand, to him and to the host.
        await wait_until(cy.page, "document.getElementById('stalled')?.hidden === false", 30)
        stalled = await cy.page.text_content("#stalled")
        await wait_until(host, "document.getElementById('console-stalled') !== null")
        console = await host.text_content("#console-stalled")
        await shot(cy.page, "stalled-seat")

        # The host ends the night: both goodbye pages turn final.
        api.ok(api.host(created, "POST", "/end"))
        for page in (ann.page, bob.page):
            await wait_until(page, FINAL, 30)
        final = {"Ann": await ann.page.evaluate(SHOWN), "Bob": await bob.page.evaluate(SHOWN)}
        await shot(bob.page, "goodbye-removed-final")
        # A reload of a goodbye page shows it again (the seat's link is dead).
        await ann.page.reload()
        await wait_until(ann.page, FINAL, 30)
        reloaded = await ann.page.evaluate(SHOWN)
        await wait_until(cy.page, "document.getElementById('settle-up') !== null")
        offers = await cy.page.evaluate(
            """[...document.querySelectorAll("#leave-table, #rebuy-amount, [data-sit]")]
              .filter((el) => el.offsetParent !== null).map((el) => el.id || el.dataset.sit)"""
        )
        await shot(cy.page, "ended-seat")
        errors = ann.errors + bob.errors + cy.errors
        await browser.close()
    keep(taken)
    return {
        "night": api.get(f"/api/tables/{table_id}/night"),
        "luck": api.get(f"/api/tables/{table_id}/luck"),
        "live": live,
        "final": final,
        "reloaded": reloaded,
        "stalled": (stalled, console),
        "offers": offers,
        "errors": errors,
        "watch": created["links"]["watch"],
    }


@pytest.fixture(scope="module")
def night(server: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return asyncio.run(_night(server.base, tmp_path_factory.mktemp("goodbye")))


def test_who_left_and_who_was_removed_see_their_cash_out_and_payments(
    night: dict[str, Any],
) -> None:
    figures = night["night"]
    assert figures["ended"]
    players = {player["name"]: player for player in figures["players"]}
    for name, shown in night["final"].items():
        player = players[name]
        assert player["seat"] is None
        assert f"You cashed out {player['cash_outs']} chips." == shown["cash"] or (
            player["cash_outs"] == 0 and shown["cash"] == "You left the table with no chips."
        )
        assert shown["when"].startswith("Final")
        expected = [
            f"You pay {t['payee']} {t['amount']}"
            if t["payer"] == name
            else f"{t['payer']} pays you {t['amount']}"
            for t in figures["transfers"]
            if name in (t["payer"], t["payee"])
        ]
        assert shown["payments"] == expected, name
        assert shown["luck"] == own_luck(night["luck"], player["player_id"])
        assert night["watch"].endswith(shown["watch"])
    assert night["live"]["when"].startswith("Live")
    assert night["reloaded"] == night["final"]["Ann"]
    assert night["errors"] == []


def test_a_table_that_cannot_deal_says_why_and_what_to_do(night: dict[str, Any]) -> None:
    stalled, console = night["stalled"]
    assert stalled == console
    assert stalled.startswith("No hand can be dealt: only Cy has chips and is sitting in.")
    assert stalled.endswith("share the join link; or host, add a bot or end the night.")


def test_after_the_night_no_page_offers_leave_sit_out_or_rebuy(night: dict[str, Any]) -> None:
    assert night["offers"] == []
