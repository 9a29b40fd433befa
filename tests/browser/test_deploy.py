"""The page behind docs/deploy.md's nginx, under a path prefix and HTTPS: the home page, a
spectator's table and its socket all load through the proxy, with no console error."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.async_api import async_playwright

from tests.browser.pages import keep, launch, wait_until
from tests.server.conftest import Server, free_port
from tests.tools.proxy import make_certificate, nginx, trust


@pytest.fixture(scope="module")
def behind_nginx(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The public address of the tables behind nginx, and the certificate to trust."""
    folder = tmp_path_factory.mktemp("deployed")
    certificate = make_certificate(folder)
    port = free_port()
    server = Server(
        f"sqlite:///{folder / 'wildstud.sqlite3'}",
        folder / "server.log",
        options=("--public-url", f"https://localhost:{port}/poker"),
    ).start()
    try:
        with nginx(folder, certificate, port, server.port) as public:
            yield public, certificate[0]
    finally:
        server.stop()


async def _through_the_proxy(public: str, cert: Path, shots: Path) -> None:
    created = httpx.post(
        f"{public}/api/tables",
        json={"name": "Proxied", "games": [{"game": "FTQ"}], "bots": [{"kind": "calling-bot"}]},
        verify=trust(cert),
    ).json()
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        context = await browser.new_context(ignore_https_errors=True)
        page = await context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        await page.goto(f"{public}/")
        await page.get_by_role("button", name="Set up every detail").wait_for()
        await page.goto(created["links"]["watch"])
        await wait_until(page, "document.body.dataset.role === 'spectator'")
        await wait_until(page, "document.body.dataset.connection === 'connected'")
        assert page.url.startswith(f"{public}/watch/")
        await page.screenshot(path=str(shots / "behind-nginx.png"))
        await browser.close()
    keep([shots / "behind-nginx.png"])
    # The service worker is the one thing a browser will not take over the test's own, untrusted
    # certificate (ignore_https_errors covers the page's requests, not a worker's script); the
    # page works without it, as it must where workers are blocked.
    assert [error for error in errors if "SSL certificate error" not in error] == []


def test_the_page_works_under_a_prefix_behind_nginx(
    behind_nginx: tuple[str, Path], tmp_path: Path
) -> None:
    public, cert = behind_nginx
    asyncio.run(_through_the_proxy(public, cert, tmp_path))
