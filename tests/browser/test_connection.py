"""The page tells the truth about its connection: while the server is down the action buttons
are disabled and say so, and when it is back (same port, same database) the page reconnects by
itself and the controls return; a request lost on the way is reported, never forgotten."""

from __future__ import annotations

import asyncio
import json
import signal
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from playwright.async_api import WebSocketRoute, async_playwright

from tests.browser import pages
from tests.browser.conftest import CHROMIUM
from tests.browser.pages import NO_LIMIT_TABLE, keep
from tests.server import conftest as server_fixtures
from tests.tools import wsclient

DOWN = "document.getElementById('actions').dataset.connection === 'reconnecting'"
ENABLED = "[...document.querySelectorAll('#actions button')].every((button) => !button.disabled)"
DISABLED = (
    "[...document.querySelectorAll('#actions button, #actions input')].every((b) => b.disabled)"
)


@asynccontextmanager
async def _ann_to_act(server: server_fixtures.Server, table: str) -> AsyncIterator[pages.Seat]:
    """Ann's page at a new table with a calling bot, her turn come."""
    api = wsclient.Api(server.base)
    created = api.create(name=table, **NO_LIMIT_TABLE)
    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        ann = await pages.sit(browser, api, created, "Ann")
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        api.ok(api.host(created, "POST", "/start"))
        await ann.my_turn()
        yield ann
        await browser.close()


async def _server_down_and_back(server: server_fixtures.Server, shots: Path) -> None:
    async with _ann_to_act(server, "Flaky night") as ann:
        page = ann.page
        server.kill()
        await pages.wait_until(page, DOWN)
        assert await page.evaluate(DISABLED)
        assert await page.locator("#actions button[data-choice]").count() >= 2
        assert "Reconnecting" in await page.locator("#actions .request").inner_text()
        assert await page.locator("#connection").inner_text() == "Reconnecting…"
        assert await page.locator("#actions").evaluate("(box) => box.classList.contains('offline')")
        await page.keyboard.press("c")
        await page.locator("#actions button[data-choice]").first.click(force=True)
        await page.screenshot(path=str(shots / "reconnecting.png"), full_page=True)
        assert ann.acts() == []
        server.start()  # the same port and database
        await pages.wait_until(page, pages.TURN, timeout=30)
        assert await page.evaluate(ENABLED)
        assert await page.locator("#connection").inner_text() == ""
        await pages.take_turn(ann)
        await pages.wait_until(
            page,
            "document.getElementById('action-error').textContent === ''",
            detail="document.getElementById('actions').innerText",
        )
    # The browser's own complaint about the refused connections is all it logged.
    assert all(_server_away(error) for error in ann.errors), ann.errors


def _server_away(error: str) -> bool:
    """Whether a console error is the browser's own word that the server was away: a refused
    or reset socket or page request, or an answer the kill cut short (the page itself logs
    nothing)."""
    return any(
        word in error
        for word in ("WebSocket connection", "net::ERR_CONNECTION_", "net::ERR_CONTENT_LENGTH_")
    )


def _with_own_server(
    tmp_path: Path, run: Callable[[server_fixtures.Server], Coroutine[Any, Any, None]]
) -> None:
    """Run ``run`` against a server of the test's own (these tests stop, restart or stall it),
    and stop the server however the run ends."""
    server = server_fixtures.Server(
        f"sqlite:///{tmp_path / 'wildstud.sqlite3'}", tmp_path / "server.log"
    ).start()
    try:
        asyncio.run(run(server))
    finally:
        server.stop()


def test_buttons_wait_while_the_server_is_down(tmp_path: Path) -> None:
    if not CHROMIUM.exists():
        raise AssertionError("Chromium is not installed")
    _with_own_server(tmp_path, lambda server: _server_down_and_back(server, tmp_path))
    keep(sorted(tmp_path.glob("*.png")))


async def _lost_request(base: str, shots: Path) -> None:
    """The page's socket swallows an act request (the server never sees it): the page shows it
    pending, then with no answer and a button to send it again, which the server takes. The
    next one swallowed is followed by a dropped connection: after reconnecting, the page says
    the request never arrived, and the seat acts again."""
    api = wsclient.Api(base)
    created = api.create(name="Lossy night", **NO_LIMIT_TABLE)
    routes: list[WebSocketRoute] = []
    swallow: list[int] = [1]
    swallowed: list[dict[str, Any]] = []

    def route(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        routes.append(socket)

        def to_server(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame.get("type") == "act" and swallow[0]:
                swallow[0] -= 1
                swallowed.append(frame)
                return
            server.send(message)

        socket.on_message(to_server)

    async with async_playwright() as playwright:
        browser = await pages.launch(playwright)
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        page = await context.new_page()
        await page.route_web_socket("**/ws/seat/*", route)
        ann = pages.Seat(page)
        await page.goto(api.join(created, "Ann")["link"])
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        api.ok(api.host(created, "POST", "/start"))

        async def swallowed_act() -> None:
            await ann.my_turn()
            buttons = page.locator("#actions button[data-choice]:not([data-choice=fold])")
            await buttons.first.click()
            await pages.wait_until(page, "document.getElementById('request').textContent !== ''")
            assert (await page.locator("#request").inner_text()).startswith("Sending: ")
            assert await page.evaluate(DISABLED)
            await pages.wait_until(
                page, "document.getElementById('request').textContent.includes('no answer')", 15
            )

        await swallowed_act()
        await page.screenshot(path=str(shots / "no-answer.png"), full_page=True)
        await page.get_by_role("button", name="Send again").click()
        await pages.wait_until(page, "document.getElementById('request').textContent === ''")
        assert await page.locator("#action-error").inner_text() == ""
        first = swallowed[0]
        assert ann.acts()[-1] == first, ann.acts()
        swallow[0] = 1
        await swallowed_act()
        await routes[-1].close()
        await pages.wait_until(page, pages.TURN, timeout=15)
        error = await page.locator("#action-error").inner_text()
        assert "did not reach the server" in error, error
        # The next request numbers past the lost one's, and is taken.
        await pages.take_turn(ann)
        await pages.wait_until(
            page,
            "document.getElementById('action-error').textContent === ''",
            detail="document.getElementById('actions').innerText",
        )
        assert ann.acts()[-1]["seq"] > swallowed[-1]["seq"]
        await browser.close()


def test_a_lost_request_is_reported(server: Any, tmp_path: Path) -> None:
    asyncio.run(_lost_request(server.base, tmp_path))
    keep(sorted(tmp_path.glob("*.png")))


async def _server_restarts(server: server_fixtures.Server, shots: Path) -> None:
    async with _ann_to_act(server, "Restart night") as ann:
        page = ann.page
        cards = await page.locator(".card").all_inner_texts()
        number = await page.evaluate("document.body.dataset.hand")
        assert server.process is not None
        server.process.send_signal(signal.SIGTERM)  # what systemd sends on a restart
        await pages.wait_until(page, "document.body.dataset.connection === 'restarting'")
        assert "restarting" in await page.locator("#connection").inner_text()
        assert await page.evaluate(DISABLED)
        await page.screenshot(path=str(shots / "restarting.png"), full_page=True)
        server.process.wait(20)
        server.start()  # the same port and database
        await pages.wait_until(page, pages.TURN, timeout=30)
        assert await page.locator("#connection").inner_text() == ""
        assert await page.evaluate("document.body.dataset.hand") == number
        assert await page.locator(".card").all_inner_texts() == cards  # the same hand
        await pages.take_turn(ann)
        await pages.answered(ann, 1)
    # What the browser itself logs of the refused connections (the socket's retries, and the
    # page's requests while the server was away) is all it logged.
    assert all(_server_away(error) for error in ann.errors), ann.errors


def test_a_restart_is_announced_and_ridden_out(tmp_path: Path) -> None:
    _with_own_server(tmp_path, lambda server: _server_restarts(server, tmp_path))
    keep(sorted(tmp_path.glob("restarting.png")))


async def _server_stalls(server: server_fixtures.Server) -> None:
    async with _ann_to_act(server, "Stalled night") as ann:
        page = ann.page
        assert server.process is not None
        # A process that stops without closing its sockets (SIGSTOP, as a stalled machine) is
        # noticed by its silence: the page pings after 10 s and gives up after 20.
        server.process.send_signal(signal.SIGSTOP)
        try:
            await pages.wait_until(page, DOWN, timeout=40)
            assert await page.evaluate(DISABLED)
        finally:
            server.process.send_signal(signal.SIGCONT)
        await pages.wait_until(page, pages.TURN, timeout=40)
        assert await page.locator("#connection").inner_text() == ""
        await pages.take_turn(ann)
        await pages.answered(ann, 1)
    assert all(_server_away(error) for error in ann.errors), ann.errors


def test_a_stalled_server_is_noticed_and_rejoined(tmp_path: Path) -> None:
    # About 30 s: the page waits out 20 s of silence before it gives up on the connection.
    _with_own_server(tmp_path, _server_stalls)
