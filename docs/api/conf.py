"""Sphinx configuration of wildstud's API reference, built from the docstrings.

``scripts/test`` builds it with warnings as errors (``sphinx-build -W``), so a docstring that
does not render fails the suite. Everything the build needs is installed with the ``dev`` extra:
no theme, font or inventory is fetched from the network.
"""

from importlib.metadata import version as _version

project = "wildstud"
author = "the wildstud authors"
copyright = "the wildstud authors, MIT licence"  # noqa: A001 - Sphinx's name for it
release = _version("wildstud")
version = release

extensions = ["sphinx.ext.autodoc", "sphinx.ext.viewcode"]
exclude_patterns = ["_build"]
default_role = "code"  # `x` in a docstring is code, as in Markdown

autodoc_default_options = {
    "member-order": "bysource",
    "show-inheritance": True,
}
autodoc_typehints = "signature"
autodoc_preserve_defaults = True  # DECK, not the 52 cards it holds
autoclass_content = "class"
python_display_short_literal_types = True
add_module_names = False

html_theme = "furo"
html_title = f"wildstud {release}"
html_static_path: list[str] = []
html_show_sourcelink = False


def _bases(app: object, name: str, obj: object, options: object, bases: list[type]) -> None:
    """Leave ``object`` out of a class's bases: every class has it, and it says nothing."""
    bases[:] = [base for base in bases if base is not object]


def setup(app: object) -> None:  # Sphinx calls it with its application
    app.connect("autodoc-process-bases", _bases)  # type: ignore[attr-defined]
