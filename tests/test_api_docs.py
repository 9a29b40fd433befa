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


def test_no_class_page_says_bases_with_nothing_after_it() -> None:
    # conf.py leaves out the bases that say nothing, and then autodoc's "Bases:" line itself
    # where none is left (the site is built by scripts/test; this runs the two hooks).
    import enum
    import importlib.util
    import typing

    from docutils import nodes
    from sphinx import addnodes

    spec = importlib.util.spec_from_file_location("api_conf", PAGES / "conf.py")
    assert spec is not None
    assert spec.loader is not None
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    K = typing.TypeVar("K")
    bases: list[object] = [
        object,
        enum.Enum,
        Exception,
        typing.Generic.__class_getitem__(K),  # Generic[K]; mypy reads that only as a base
        ValueError,
        enum.StrEnum,
    ]
    conf._bases(None, "x", object, None, bases)
    assert bases == [ValueError, enum.StrEnum]
    content = addnodes.desc_content()
    content += nodes.paragraph(text="Bases: ")
    content += nodes.paragraph(text="Bases: ValueError")
    content += nodes.paragraph(text="What it is.")
    document = nodes.section()
    document += content
    conf._no_empty_bases(None, document)
    assert [p.astext() for p in content.findall(nodes.paragraph)] == [
        "Bases: ValueError",
        "What it is.",
    ]
