"""The installable page in Chromium (issue 22 item 7): where service workers are allowed, the
page registers the server's worker, which keeps the app shell (the page and its versioned files,
never an API answer or an address with a token) and answers a reload from it; where they are
blocked, the page plays as before. Under the page's policy either way, with no error."""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import Response, async_playwright

from tests.browser.board import context
from tests.browser.pages import TURN, WATCH_POLICY, Seat, launch, take_turn, wait_until
from tests.tools import wsclient

# `ready` resolves once the registration has an active worker, which may still be activating
# (on a loaded machine its activate handler, which clears old caches, takes a moment): the
# state is read once the worker has finished activating, or after 30 s as it stands.
READY = """navigator.serviceWorker.ready.then((registration) => new Promise((resolve) => {
  const worker = registration.active;
  const done = () => resolve(worker.state);
  if (worker.state !== "activating") return done();
  worker.addEventListener("statechange", done);
  setTimeout(done, 30000);
}))"""
CONTROLLED = "Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)"
# Every address the page's caches hold, whatever their name.
KEPT = """caches.keys().then((names) => Promise.all(names.map((name) =>
  caches.open(name).then((cache) => cache.keys()).then((requests) => requests.map((r) => r.url))
))).then((lists) => lists.flat())"""


async def _installable(base: str) -> dict[str, Any]:
    api = wsclient.Api(base)
    created = api.create(
        name="Installable", seats=3, games=[{"game": "FTQ"}], bot_delay=0.05, action_clock=600,
        hand_pause=5,
    )  # fmt: skip
    ann = api.join(created, "Annabel")
    bob = api.join(created, "Bob")
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    api.ok(api.host(created, "POST", "/start"))
    found: dict[str, Any] = {}
    async with async_playwright() as playwright:
        browser = await launch(playwright)

        # Workers blocked: Annabel's phone plays as it always did.
        blocked = await context(browser, True, service_workers="block")
        await blocked.add_init_script(WATCH_POLICY)
        annabel = Seat(await blocked.new_page())
        await annabel.page.goto(ann["link"])
        await annabel.page.wait_for_selector("#banner")

        # Workers allowed: Bob's laptop installs the shell, then reloads from it.
        allowed = await browser.new_context(viewport={"width": 1366, "height": 768})
        await allowed.add_init_script(WATCH_POLICY)
        bobby = Seat(await allowed.new_page())
        await bobby.page.goto(bob["link"])
        await bobby.page.wait_for_selector("#banner")
        found["state"] = await bobby.page.evaluate(READY)
        found["kept"] = await bobby.page.evaluate(KEPT)

        # Both play the hand to its end, whoever's turn it is.
        seats = [annabel, bobby]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 90
        # (A hand that ends without a showdown gives way to the next after the hand pause.)
        over = "document.body.dataset.phase === 'over' || Number(document.body.dataset.hand) > 1"
        while not await bobby.page.evaluate(over):
            assert loop.time() < deadline, "the hand never ended"
            for seat in seats:
                if await seat.page.evaluate(TURN):
                    await take_turn(seat)
            await asyncio.sleep(0.05)
        found["blocked_controlled"] = await annabel.page.evaluate(CONTROLLED)
        found["blocked_acts"] = len(annabel.acts())

        answers: list[Response] = []
        bobby.page.on("response", lambda answer: answers.append(answer))
        await bobby.page.reload()
        await bobby.page.wait_for_selector("#banner")
        # The reloaded page is the table again: its socket gave it the seat and a hand.
        await wait_until(bobby.page, "document.body.dataset.role === 'seat'")
        await wait_until(bobby.page, "document.body.dataset.hand !== ''")
        found["controlled"] = await bobby.page.evaluate(CONTROLLED)
        found["answers"] = [(answer.url, answer.from_service_worker) for answer in answers]
        found["violations"] = [
            *(await annabel.page.evaluate("window.__violations")),
            *(await bobby.page.evaluate("window.__violations")),
        ]
        found["errors"] = annabel.errors + bobby.errors
        await browser.close()
    found["tokens"] = [ann["token"], bob["token"], created["host_token"]]
    return found


def test_the_page_keeps_its_shell_and_plays_where_workers_are_blocked(server: Any) -> None:
    found = asyncio.run(_installable(server.base))
    assert found["errors"] == []
    assert found["violations"] == []
    # Blocked: no worker, and the player took turns all the same.
    assert found["blocked_controlled"] is False
    assert found["blocked_acts"] >= 1
    # Allowed: the worker is active and keeps the page and its files, nothing else.
    assert found["state"] == "activated"
    kept = found["kept"]
    assert f"{server.base}/" in kept
    assert any(url.endswith("/js/app.js") for url in kept)
    assert any(url.endswith("/css/table.css") for url in kept)
    for url in kept:
        assert url == f"{server.base}/" or "/static/" in url, url
        assert not any(token in url for token in found["tokens"]), url
    # The reload: the page's files came from the kept shell, the API from the server.
    assert found["controlled"] is True
    answers = found["answers"]
    files = [(url, cached) for url, cached in answers if "/static/" in url]
    assert files, answers
    assert all(cached for _, cached in files), [f for f in files if not f[1]]
    # A shuffled table's page never fetches the private deal's curve modules.
    assert not [url for url, _ in answers if "/vendor/" in url], answers
    assert not any(cached for url, cached in answers if "/api/" in url), answers
