"""A private night's audit made in the page (issue 26): once the night is over, the settle-up
and the history panel audit the private night record themselves (``static/js/privateaudit.js``),
not only show the server's audit. A table whose night is ended before its first hand is served,
in place of its own record, one of the library's golden private nights
(``tests/golden/private_night.json``), and its socket is told a ``private_audit`` frame of the
server's choosing: a cheating server's record is named as a fault in the page, in the library's
words, and a server that says every deal was honest where its record shows otherwise is caught
lying about its audit. One page per case, no hand played: the only curve work is the audit."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page, WebSocketRoute, async_playwright

from tests.browser import pages
from tests.server import wsclient

GOLDEN = {
    case["name"]: case
    for case in json.loads(
        (Path(__file__).parents[1] / "golden" / "private_night.json").read_text()
    )["cases"]
}
FORGED = "a server that substituted a card"
HONEST = "an honest night"


def honest_frame(deals: int) -> dict[str, Any]:
    """The server's audit saying every deal was honest."""
    return {"type": "private_audit", "first": 1, "last": 1, "deals": deals, "faults": []}


async def _page(browser: Browser, link: str, table_id: str, case: str) -> Page:
    """A page at the table whose night record is the golden ``case``'s, and whose socket is told,
    after the server's first frame, that every deal of it was honest."""
    page = await (await browser.new_context(viewport={"width": 1100, "height": 1300})).new_page()
    record = json.dumps(GOLDEN[case]["record"])
    await page.route(
        f"**/api/tables/{table_id}/night-record",
        lambda route: route.fulfill(status=200, content_type="application/json", body=record),
    )
    said = json.dumps(honest_frame(GOLDEN[case]["audit"]["deals"]))

    def relay(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        told = False

        def inbound(message: str | bytes) -> None:
            nonlocal told
            socket.send(message)
            if not told:
                told = True
                socket.send(said)

        server.on_message(inbound)
        socket.on_message(server.send)

    await page.route_web_socket(re.compile(r".*/ws/.*"), relay)
    await page.goto(link)
    return page


async def _said(page: Page, box: str) -> dict[str, Any]:
    audit = page.locator(f"{box} .night-audit.private")
    await audit.wait_for(timeout=60000)
    return {
        "class": await audit.get_attribute("class"),
        "result": await audit.locator(".night-audit-result").inner_text(),
        "faults": await audit.locator(".night-audit-faults li").all_inner_texts(),
        "disagrees": await audit.locator(".night-audit-disagrees").all_inner_texts(),
    }


async def _session(base: str) -> dict[str, dict[str, Any]]:
    api = wsclient.Api(base)
    created = api.create(name="Private", seats=3, games=[{"game": "FTQ"}], deal="private")
    table_id = created["table"]["id"]
    granted = api.join(created, "Ann")
    api.ok(api.host(created, "POST", "/end"))
    said: dict[str, dict[str, Any]] = {}
    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        errors: list[str] = []
        for case, link in ((FORGED, granted["link"]), (HONEST, created["links"]["watch"])):
            page = await _page(browser, link, table_id, case)
            page.on("pageerror", lambda error: errors.append(str(error)))
            await page.get_by_role("button", name="History").click()
            said[f"{case}, history"] = await _said(page, ".night-audit-box")
            if case == FORGED:  # the seat's settle-up
                said[f"{case}, settle-up"] = await _said(page, "#ledger")
        await browser.close()
    assert errors == []
    return said


@pytest.mark.slow
def test_the_page_audits_a_private_night_record_and_catches_a_lying_server(
    server: Any,
) -> None:
    said = asyncio.run(_session(server.base))
    forged = GOLDEN[FORGED]["audit"]
    fault = forged["faults"][0]
    assert (fault["party"], fault["kind"]) == ("server", "substituted")
    caught = {
        "class": "night-audit private failed",
        "result": forged["words"],
        "faults": [f"{fault['text']} (deal {fault['deal']})."],
    }
    lying = (
        "The server's own audit (every deal honest, 1 deal) does not match this check of the"
        " night record it offered: trust the check made in this browser, and tell the table."
    )
    # The seat's settle-up knows what the server said of its audit, and that it lied.
    assert said[f"{FORGED}, settle-up"] == {**caught, "disagrees": [lying]}
    # The history panel audits the record on its own (it does not take the server's frame).
    assert said[f"{FORGED}, history"] == {**caught, "disagrees": []}
    # The honest night: verified in the page, in the library's words.
    assert said[f"{HONEST}, history"] == {
        "class": "night-audit private verified",
        "result": "Every player and the server dealt honestly: checked 1 deal",
        "faults": [],
        "disagrees": [],
    }
