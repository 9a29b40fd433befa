"""The API reference (docs/api) has a page for every module of the library, and the guide's
pages beside them.

``scripts/test`` builds the site with warnings as errors; this checks that no module is left out
of it, no page names a module that is gone, every page of the guide is in the index's table of
contents, and the guide's examples give what they say.
"""

from __future__ import annotations

import doctest
import pkgutil
import re
from pathlib import Path

import wildstud

PAGES = Path(__file__).resolve().parents[1] / "docs" / "api"
NOT_LIBRARY = ("wildstud.server", "wildstud.cli")
"""The table server and the command line are described by docs/protocol.md and ``--help``."""
GUIDE = ("getting-started", "games", "house-rules", "records", "odds", "protocol")
"""The narrative pages, in the order the index lists them."""


def toctree(caption: str) -> list[str]:
    """The entries of the index's table of contents with this caption."""
    index = (PAGES / "index.rst").read_text()
    match = re.search(
        rf"\.\. toctree::\n(?:   :[^\n]*\n)*?   :caption: {caption}\n(?:   :[^\n]*\n)*\n"
        r"((?:   \S[^\n]*\n)+)",
        index,
    )
    assert match is not None, caption
    return match.group(1).split()


def test_every_library_module_has_a_page() -> None:
    modules = {
        module.name
        for module in pkgutil.walk_packages(wildstud.__path__, "wildstud.")
        if not module.name.startswith(NOT_LIBRARY)
    }
    pages = {page.stem for page in PAGES.glob("wildstud*.rst")}
    assert pages == modules
    # A module page found only through another's links is still listed in the index (a
    # package's page lists its modules).
    assert set(toctree("Modules")) <= pages


def test_the_guide_s_pages_are_in_the_index() -> None:
    assert toctree("Guide") == list(GUIDE)
    assert {page.stem for page in PAGES.glob("*.rst")} - {"index"} == {
        *GUIDE,
        *(page.stem for page in PAGES.glob("wildstud*.rst")),
    }


def test_the_guide_s_examples_give_what_they_say() -> None:
    for name in GUIDE:
        result = doctest.testfile(
            str(PAGES / f"{name}.rst"), module_relative=False, optionflags=doctest.ELLIPSIS
        )
        assert result.attempted > 0 or name in ("records", "odds", "protocol"), name
        assert result.failed == 0, name


def test_each_page_documents_its_module() -> None:
    for page in PAGES.glob("wildstud.*.rst"):
        assert f".. automodule:: {page.stem}\n" in page.read_text(), page.name

