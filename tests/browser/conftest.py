"""Fixtures of the browser tests: the server tests' ``wildstud serve`` subprocess (one per
module) and Debian's Chromium, driven by Playwright's async API.

Playwright's own browser download needs a network the test machines do not have, so the tests
launch ``/usr/bin/chromium`` (``scripts/test`` installs Debian's package when it is missing).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

CHROMIUM = Path("/usr/bin/chromium")
SERVER_TESTS = Path(__file__).resolve().parent.parent / "server"


def _load(name: str, path: Path) -> ModuleType:
    """A module of the server tests, under a name of its own (both folders have a conftest)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


server_fixtures = _load("wildstud_server_fixtures", SERVER_TESTS / "conftest.py")
wsclient = _load("wsclient", SERVER_TESTS / "wsclient.py")


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
