"""The night's ledger in the page (issue 12 item 2): a player asks for chips, the host approves
them mid-hand, they come at the next hand, the ledger panel stays balanced on every page; the
host ends the night and every page shows the settle-up, which the CSV matches. axe-core finds
nothing on the ledger's states at either size; the screenshots are kept to be looked at."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Page, async_playwright

from tests.browser.axe import AXE, RULES, RUN_AXE, SIZES, axe_ready
from tests.browser.pages import Seat, keep, launch, photograph, play_until, wait_until
from tests.tools import wsclient

# The ledger panel's figures as the page shows them: one row per player.
FIGURES = """() => [...document.querySelectorAll("#ledger tbody tr")].map((row) => ({
  name: row.querySelector("th").firstChild.textContent,
  cells: [...row.querySelectorAll("td")].map((cell) => cell.firstChild.textContent),
}))"""
TRANSFERS = """() => [...document.querySelectorAll("#settle-up .transfers li")].map(
  (item) => item.textContent)"""
SETTLED = """(() => {
  const box = document.getElementById("settle-up");
  return box !== null && !box.textContent.includes("being played out");
})()"""


async def _ledger_page(browser: Any, url: str) -> Page:
    return (await _seat(browser, url)).page


async def _seat(browser: Any, url: str) -> Seat:
    """A page with axe-core loaded, watched (frames sent, errors) from before it connects."""
    context = await browser.new_context(viewport=SIZES["wide"])
    await context.add_init_script(path=str(AXE))
    seat = Seat(await context.new_page())
    await seat.page.goto(url)
    await seat.page.wait_for_selector("#banner")
    return seat


async def _audit_ledger(page: Page, name: str, shots: Path, found: dict[str, Any]) -> list[Path]:
    taken = []
    for size, viewport in SIZES.items():
        await page.set_viewport_size(viewport)
        await page.wait_for_timeout(150)
        path = shots / f"{name}-{size}.png"
        await photograph(page, path, full_page=True)
        taken.append(path)
        violations = await page.evaluate(RUN_AXE, RULES)
        if violations:
            found[f"{name} at {size}"] = violations
    await page.set_viewport_size(SIZES["wide"])
    ledger = shots / f"{name}-panel.png"
    await photograph(page.locator("#ledger"), ledger)
    taken.append(ledger)
    return taken


def _figures_match(shown: list[dict[str, Any]], night: dict[str, Any]) -> None:
    assert [row["name"] for row in shown] == [player["name"] for player in night["players"]]
    for row, player in zip(shown, night["players"], strict=True):
        net = f"+{player['net']}" if player["net"] > 0 else str(player["net"])
        assert row["cells"] == [
            str(player["buy_ins"]),
            str(player["cash_outs"]),
            str(player["chips"]),
            net,
        ]


async def _night(base: str, shots: Path) -> dict[str, Any]:
    axe_ready()
    api = wsclient.Api(base)
    created = api.create(
        name="Ledger night",
        seats=3,
        games=[{"game": "FTQ"}],
        starting_chips=200,
        rebuy_max=500,
        top_up_ceiling=1000,
        bot_delay=0.2,
        hand_pause=1,
        # Ann's page never shows or mucks: a losing hand of hers waits out this clock (5 s by
        # default) at the showdown.
        muck_clock=0.5,
        bots=[{"kind": "calling-bot"}],
    )
    table_id = created["table"]["id"]
    granted = api.join(created, "Ann")
    found: dict[str, Any] = {}
    taken: list[Path] = []
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        ann = await _seat(browser, granted["link"])
        host = await _ledger_page(browser, created["links"]["host"])
        watch = await _ledger_page(browser, created["links"]["watch"])
        api.ok(api.host(created, "POST", "/start"))
        await ann.my_turn()

        # Ann asks for a top-up of 300 in the middle of hand 1; the host sees it and approves.
        await ann.page.fill("#rebuy-amount", "300")
        await ann.page.click("#rebuy-ask")
        await host.wait_for_selector("#ledger button[data-action='approve']")
        await wait_until(watch, "document.querySelector('#ledger .requests li') !== null")
        taken += await _audit_ledger(host, "ledger-host-request", shots, found)
        taken += await _audit_ledger(ann.page, "ledger-seat-request", shots, found)
        await host.click("#ledger button[data-action='approve']")
        await wait_until(
            host,
            "document.querySelector('#ledger .requests li')?.textContent"
            ".includes('approved') === true",
        )
        table = api.get(f"/api/tables/{table_id}")
        assert table["hand_in_progress"] == 1, "approved mid-hand"
        assert table["rebuys"][0]["status"] == "approved"

        # The chips come when hand 1 ends, and hand 2 starts with them.
        await play_until(
            ann, "document.getElementById('ledger').textContent.includes('1 rebuy or top-up')"
        )
        hands = api.get(f"/api/tables/{table_id}/hands")
        first = next(hand for hand in hands if hand["number"] == 1)
        ann_index = first["players"].index("Ann")
        await play_until(ann, "Number(document.body.dataset.hand) >= 2")
        await play_until(ann, "document.body.dataset.phase === 'over'")
        hands = api.get(f"/api/tables/{table_id}/hands")
        second = next(hand for hand in hands if hand["number"] == 2)
        assert second["starting_stacks"][ann_index] == first["final_stacks"][ann_index] + 300
        await asyncio.sleep(0.5)
        night = api.get(f"/api/tables/{table_id}/night")
        for page in (ann.page, host, watch):
            await wait_until(
                page,
                "document.querySelector('#ledger .balance')?.textContent"
                ".startsWith('Balanced') === true",
            )
        taken += await _audit_ledger(watch, "ledger-spectator", shots, found)

        # The host ends the night; the hand in progress plays out and every page settles up.
        await host.click("#end-night")
        await host.click("#end-night-yes")
        await play_until(ann, SETTLED)
        for page in (host, watch):
            await wait_until(page, SETTLED)
        night = api.get(f"/api/tables/{table_id}/night")
        assert night["ended"]
        assert night["balanced"]
        assert night["hand_in_progress"] is None
        shown = {}
        for name, page in (("seat", ann.page), ("host", host), ("spectator", watch)):
            await wait_until(
                page,
                "!document.getElementById('ledger').textContent.includes('counts once it ends')",
            )
            _figures_match(await page.evaluate(FIGURES), night)
            shown[name] = await page.evaluate(TRANSFERS)
            taken += await _audit_ledger(page, f"settle-up-{name}", shots, found)
        csv_link = await watch.get_attribute("#night-csv", "href")
        json_link = await watch.get_attribute("#night-json", "href")
        assert csv_link is not None
        assert json_link is not None
        rows = list(csv.reader(io.StringIO(api.http.get(csv_link).text)))
        exported = api.http.get(json_link).json()
        errors = ann.errors
        await browser.close()
    keep(taken)
    return {
        "violations": found,
        "shown": shown,
        "rows": rows,
        "night": night,
        "exported": exported,
        "errors": errors,
    }


@pytest.fixture(scope="module")
def night(server: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return asyncio.run(_night(server.base, tmp_path_factory.mktemp("ledger")))


@pytest.mark.slow
def test_the_ledger_and_the_settle_up_in_the_page_match_the_csv(night: dict[str, Any]) -> None:
    assert night["errors"] == []
    rows = night["rows"]
    assert rows[0] == ["payer", "payee", "amount", "payer_id", "payee_id"]
    # The calling bot is the house: its line ends the CSV, and it is in no payment.
    house = night["night"]["house"]
    assert rows.pop() == ["house", "shared", str(house["net"]), "", ""]
    as_text = [f"{payer} pays {payee} {amount}" for payer, payee, amount, *_ in rows[1:]]
    for shown in night["shown"].values():
        assert shown == as_text
    assert night["exported"] == night["night"]
    players = night["night"]["players"]
    ann = next(player for player in players if player["name"] == "Ann")
    assert (ann["buy_ins"], ann["rebuys"]) == (500, 1)
    owed = {player["name"]: player["settles"] for player in players}
    for payer, payee, amount, *_ in rows[1:]:
        owed[payer] += int(amount)
        owed[payee] -= int(amount)
    assert set(owed.values()) == {0}, "the settle-up squares the ledger exactly"


def test_axe_finds_nothing_on_the_ledger_and_the_settle_up(night: dict[str, Any]) -> None:
    assert night["violations"] == {}, json.dumps(night["violations"], indent=1, ensure_ascii=False)


# Whether the toast, shown, covers the focused "Yes, end the night" (null: no toast shown).
TOAST_ON_THE_ANSWER = """() => {
  const toast = document.getElementById("announce");
  const yes = document.getElementById("end-night-yes");
  if (toast.hidden || yes === null || document.activeElement !== yes) return null;
  const a = toast.getBoundingClientRect();
  const b = yes.getBoundingClientRect();
  if (b.top < 0 || b.bottom > innerHeight) return "out of sight";
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}"""


FOOT = """(() => {
  // The hand log and the chat folded: the notice's lines in them move nothing under them.
  for (const fold of document.querySelectorAll("#extras details")) fold.open = false;
  const box = document.getElementById("end-night-yes").getBoundingClientRect();
  window.scrollBy(0, box.bottom - innerHeight + 48);
})()"""


# Whether "Yes, end the night" is in sight in the window's last 120 pixels.
AT_THE_FOOT = """(() => {
  const box = document.getElementById("end-night-yes").getBoundingClientRect();
  return box.bottom <= innerHeight && box.bottom > innerHeight - 120;
})()"""


async def _toast_beside_the_answer(base: str, shots: Path) -> None:
    api = wsclient.Api(base)
    created = api.create(games=[{"game": "FTQ"}], seats=3)
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        context = await browser.new_context(viewport={"width": 1366, "height": 768})
        host = await context.new_page()
        await host.goto(created["links"]["host"])
        await host.get_by_role("button", name="Start dealing").wait_for()  # the console drawn
        await host.click("#end-night")  # asked, its "Yes, end the night" focused
        # The answer near the foot of the window, where the toast comes by default, once the
        # page has stopped growing above it (a loaded machine still draws the console then).
        for _ in range(20):
            await host.evaluate(FOOT)
            await host.wait_for_timeout(250)
            if await host.evaluate(AT_THE_FOOT):
                break
        assert await host.evaluate(AT_THE_FOOT), "the answer never stayed at the window's foot"
        # The host changes a clock: every page is told, in a toast.
        api.ok(api.host(created, "PUT", "/rules", action_clock=45))
        await wait_until(host, f"({TOAST_ON_THE_ANSWER})() !== null", 30)
        covered = await host.evaluate(TOAST_ON_THE_ANSWER)
        await host.screenshot(path=str(shots / "ledger-toast-beside-the-answer.png"))
        assert covered is False
        await browser.close()


def test_a_toast_never_covers_the_answer_the_player_is_about_to_press(
    server: Any, tmp_path: Path
) -> None:
    asyncio.run(_toast_beside_the_answer(server.base, tmp_path))
    keep(sorted(tmp_path.glob("ledger-toast-*.png")))
