"""The players' shuffle in Chromium (issue 26): three pages and a bot play hands; before each
deal every page commits to a WebCrypto value of its own and reveals it; the table says which
kind of deal it is and where each verified card was dealt from; the night record is refused
until the host ends the night, then offered, and every deck of it verifies, made from the
three pages' values and the server's seed: in the library, and in the page, whose settle-up and
history panel check the record in the browser and say so."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import async_playwright

from tests.browser import pages
from tests.tools import wsclient
from wildstud.history.night_audit import NightRecord, audit_night
from wildstud.joint_shuffle import night_commitment
from wildstud.words import describe_deal_audit, describe_night_audit

NAMES = ("Ann", "Bob", "Cy")
GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "night_audit.json").read_text())
FORGED = "a value that does not open its commitment"


async def _session(base: str, shots: Path) -> dict[str, Any]:
    api = wsclient.Api(base)
    created = api.create(
        name="Shuffled", seats=5, games=[{"game": "FTQ"}], hand_pause=0.3, bot_delay=0,
        muck_clock=0.5, action_clock=60,
    )  # fmt: skip
    table_id = created["table"]["id"]
    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        seats = [await pages.sit(browser, api, created, name) for name in NAMES]
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        truth = await wsclient.Client(created["links"]["watch_socket"], "w").open()
        for seat in seats:  # each page has said it takes part in the shuffle
            await pages.wait_until(seat.page, "document.body.dataset.role === 'seat'", timeout=20)
        async with asyncio.timeout(30):
            while not all(
                any(frame.get("type") == "shuffler" for frame in seat.sent) for seat in seats
            ):
                await asyncio.sleep(0.05)
        api.ok(api.host(created, "POST", "/start"))
        # Until the third hand is dealt (the watcher has a hand once it is dealt): the night is
        # ended during it, it plays out, and the record holds the three deals the checks below
        # ask for. Waiting for a third hand to finish played a fourth, to no more purpose.
        await pages.play_all(seats, lambda: len(truth.hands) >= 3, timeout=120)
        ann = seats[0].page
        await ann.wait_for_selector("#felt .card.verified")
        label = await ann.locator("#felt .card.verified").first.get_attribute("aria-label")
        assert re.search(r", verified: dealt from position \d+ of the deck$", label or ""), label
        kind = await ann.locator(".deal-kind").inner_text()
        assert (
            kind
            == "This deal: shuffled by the players and the server: Ann, Bob, Cy and the server."
        )
        await ann.screenshot(path=str(shots / "shuffled-deal.png"))
        refused = api.http.get(f"/api/tables/{table_id}/night-record")
        assert refused.status_code == 409, refused.text
        api.ok(api.host(created, "POST", "/end"))
        # The hand in progress plays out; then the night is over.
        await pages.play_all(
            seats, lambda: api.table(created)["hand_in_progress"] is None, timeout=60
        )
        answer = api.http.get(f"/api/tables/{table_id}/night-record")
        assert answer.status_code == 200, answer.text
        # The settle-up offers the night record, and says how to check it.
        link = ann.locator("#night-record")
        await link.wait_for(state="attached", timeout=20000)
        assert await link.get_attribute("href") == f"/api/tables/{table_id}/night-record"
        # ... and checks it in the page: every deck of the night, recomputed in the browser.
        verdict = ann.locator("#ledger .night-audit.verified .night-audit-result")
        await verdict.wait_for(timeout=30000)
        settled = await verdict.inner_text()
        await ann.locator("#ledger .night-audit").screenshot(path=str(shots / "night-audit.png"))
        # A finished hand's steps name whose values made its deck, and the history page says so.
        steps = api.get(f"/api/tables/{table_id}/hands/1/steps")
        assert steps["commitments"][0]["made_from"] == list(NAMES)
        history = await (
            await browser.new_context(viewport={"width": 1100, "height": 1300})
        ).new_page()
        await history.goto(created["links"]["watch"])
        await history.get_by_role("button", name="History").click()
        await history.locator(".hand-list button[data-hand='1']").click()
        proven = history.locator(".proven-cards .deal-kind")
        await proven.first.wait_for()
        said = await proven.first.inner_text()
        assert (
            said == "The deck: shuffled by the players and the server: Ann, Bob, Cy and the server."
        )
        await history.locator(".replay").screenshot(path=str(shots / "history-shuffled.png"))
        # The history panel heads its list with the night's audit, each deal in its list.
        audit_box = history.locator(".night-audit-box .night-audit.verified")
        await audit_box.wait_for(timeout=30000)
        await audit_box.locator("summary").click()
        listed = await audit_box.locator(".night-audit-deals li").all_inner_texts()
        in_history = await audit_box.locator(".night-audit-result").inner_text()
        await audit_box.screenshot(path=str(shots / "history-night-audit.png"))
        # A cheating server's record (the library's golden night where Bob's value opens
        # nothing, served in place of this table's): the page names the fault and whom.
        forged = next(case for case in GOLDEN["cases"] if case["name"] == FORGED)
        cheated = await (
            await browser.new_context(viewport={"width": 1100, "height": 1300})
        ).new_page()
        body = json.dumps(forged["record"])
        await cheated.route(
            f"**/api/tables/{table_id}/night-record",
            lambda route: route.fulfill(status=200, content_type="application/json", body=body),
        )
        await cheated.goto(created["links"]["watch"])
        await cheated.get_by_role("button", name="History").click()
        failed = cheated.locator(".night-audit-box .night-audit.failed")
        await failed.wait_for(timeout=30000)
        caught = {
            "result": await failed.locator(".night-audit-result").inner_text(),
            "faults": await failed.locator(".night-audit-faults li").all_inner_texts(),
        }
        await failed.screenshot(path=str(shots / "history-night-audit-failed.png"))
        for seat in seats:
            assert seat.errors == []
        sent = {
            name: [
                frame["type"] for frame in seat.sent if frame.get("type") in ("commit", "reveal")
            ]
            for name, seat in zip(NAMES, seats, strict=True)
        }
        await truth.close()
        await browser.close()
    data: dict[str, Any] = answer.json()
    data["_sent"] = sent
    data["_said"] = {"settle-up": settled, "history": in_history, "deals": listed, **caught}
    return data


@pytest.mark.slow
def test_three_pages_shuffle_every_deal_and_the_night_record_verifies(
    server: Any, tmp_path: Path
) -> None:
    data = asyncio.run(_session(server.base, tmp_path))
    sent = data.pop("_sent")
    said = data.pop("_said")
    night = NightRecord.from_data(data)
    assert night.seed is not None
    assert night_commitment(night.seed) == night.commitment
    audit = audit_night(night)
    assert audit.verified, audit.faults
    assert len(audit.deals) >= 3
    # Every deck was made from the three pages' values (and the server's seed).
    assert all(deal.made_from == NAMES for deal in audit.deals)
    # The page's own audit of the record found what the library finds, in the same words.
    count = len(audit.deals)
    assert said["settle-up"] == (
        f"Every deck of the night was made from the players' values: checked, {count} deals in all."
    )
    assert said["history"] == said["settle-up"]
    # The forged night: failed, in the library's words, each fault naming its party.
    expected = next(case for case in GOLDEN["cases"] if case["name"] == FORGED)["audit"]
    faults = expected["faults"]
    assert said["result"] == describe_night_audit(
        len(expected["deals"]),
        [fault["kind"] for fault in faults],
        list(dict.fromkeys(fault["names"] for fault in faults)),
    )
    assert "naming Bob and the server" in said["result"]
    assert said["faults"] == [
        f"{fault['text'][0].upper()}{fault['text'][1:]}. Names {fault['names']}."
        for fault in faults
    ]
    assert said["deals"] == [
        describe_deal_audit(deal.hand, deal.deal, deal.made_from, deal.left_out, False)
        for deal in audit.deals
    ]
    # Each page committed, then revealed, once a deal.
    for kinds in sent.values():
        assert kinds[: 2 * len(audit.deals)] == ["commit", "reveal"] * len(audit.deals)
