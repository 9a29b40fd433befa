"""Fixtures of the browser tests: the server tests' ``wildstud serve`` subprocess (one per
module) and Debian's Chromium, driven by Playwright's async API.

Playwright's own browser download needs a network the test machines do not have, so the tests
launch ``/usr/bin/chromium`` (``scripts/test`` installs Debian's package when it is missing).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server import conftest as server_fixtures

CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """One server per test module, on a fresh SQLite database."""
    if not CHROMIUM.exists():
        pytest.fail("Chromium is not installed (scripts/test installs Debian's chromium)")
    folder = tmp_path_factory.mktemp("browser")
    running = server_fixtures.Server(
        f"sqlite:///{folder / 'wildstud.sqlite3'}", folder / "server.log"
    ).start()
    yield running
    running.stop()
