"""The API reference (docs/api) has a page for every module of the library.

``scripts/test`` builds the site with warnings as errors; this checks that no module is left out
of it, and no page names a module that is gone.
"""

from __future__ import annotations

import pkgutil
from pathlib import Path

import wildstud

PAGES = Path(__file__).resolve().parents[1] / "docs" / "api"
NOT_LIBRARY = ("wildstud.server", "wildstud.cli")
"""The table server and the command line are described by docs/protocol.md and ``--help``."""


def test_every_library_module_has_a_page() -> None:
    modules = {
        module.name
        for module in pkgutil.walk_packages(wildstud.__path__, "wildstud.")
        if not module.name.startswith(NOT_LIBRARY)
    }
    pages = {page.stem for page in PAGES.glob("*.rst")} - {"index"}
    assert pages == modules


def test_each_page_documents_its_module() -> None:
    for page in PAGES.glob("wildstud.*.rst"):
        assert f".. automodule:: {page.stem}\n" in page.read_text(), page.name
