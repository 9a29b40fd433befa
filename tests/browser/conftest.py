"""Fixtures of the browser tests: the server tests' ``wildstud serve`` subprocess (one per
module) and Debian's Chromium, driven by Playwright's async API.

Playwright's own browser download needs a network the test machines do not have, so the tests
launch Debian's (``scripts/test`` installs its packages when they are missing). They launch its
headless shell, the build of Chromium without the browser's user interface that Playwright
itself runs headless tests in: the same Blink draws and runs each page, for less CPU than the
whole browser's headless mode (``/usr/bin/chromium``): test_felt.py 33.4 s against 62.5 s,
test_private_deal.py 161.8 s against 183.8 s (counted by ``tests.tools.cpu``; ``docs/testing.md``).
test_layout.py measures the board on phones in the whole browser (:data:`WHOLE_CHROMIUM`).
``WILDSTUD_CHROMIUM=/usr/bin/chromium`` runs every test in the whole browser.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server import conftest as server_fixtures

CHROMIUM = Path(os.environ.get("WILDSTUD_CHROMIUM", "/usr/lib/chromium/chromium-headless-shell"))
WHOLE_CHROMIUM = Path(os.environ.get("WILDSTUD_CHROMIUM", "/usr/bin/chromium"))
"""The whole browser, for test_layout's measures of the board on phones: the shell lays the
eight-seat board out 14 px taller on a 360x740 phone than the whole browser (which a phone's
Chrome is) and fails it there."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """One server per test module, on a fresh SQLite database."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"no Chromium at {CHROMIUM} (scripts/test installs Debian's chromium-headless-shell)"
        )
    folder = tmp_path_factory.mktemp("browser")
    running = server_fixtures.Server(
        f"sqlite:///{folder / 'wildstud.sqlite3'}", folder / "server.log"
    ).start()
    yield running
    running.stop()
