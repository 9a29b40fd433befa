"""Sphinx configuration of wildstud's API reference, built from the docstrings.

``scripts/test`` builds it with warnings as errors (``sphinx-build -W``), so a docstring that
does not render fails the suite. Everything the build needs is installed with the ``dev`` extra:
no theme, font or inventory is fetched from the network.
"""

import abc
import enum
import importlib
import types
import typing
from importlib.metadata import version as _version
from typing import Any

project = "wildstud"
author = "the wildstud authors"
copyright = "the wildstud authors, MIT licence"
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


_SAYS_NOTHING = (object, abc.ABC, enum.Enum, Exception, typing.Protocol)
"""Bases that tell a reader nothing about a class: every class has ``object``, and the others
only say how the class is built (its members, its abstract methods and its docstring say the
rest). ``StrEnum``, ``IntEnum``, ``ValueError`` and the library's own classes do say something:
what a member compares equal to, what an error can be caught as."""


def _bases(app: object, name: str, obj: object, options: object, bases: list[Any]) -> None:
    """Leave out of a class's bases those that say nothing (:data:`_SAYS_NOTHING`, and
    ``Generic[T]``, which the signature's type parameters already show)."""
    bases[:] = [
        base
        for base in bases
        if base not in _SAYS_NOTHING and typing.get_origin(base) is not typing.Generic
    ]


def _no_empty_bases(app: Any, doctree: Any) -> None:
    """Remove a "Bases:" line left with no base after :func:`_bases`: autodoc writes the line
    for every class when ``show-inheritance`` is on, whatever is left to list."""
    from docutils import nodes
    from sphinx import addnodes

    for content in doctree.findall(addnodes.desc_content):
        for paragraph in list(content.findall(nodes.paragraph)):
            if paragraph.astext().strip() == "Bases:":
                paragraph.parent.remove(paragraph)


def _canonical(target: str) -> str | None:
    """Where an object named by a package's path (``wildstud.deal.Hand``) is documented: the
    module that defines it (``wildstud.deal.state.Hand``), as the pages are one per module; an
    attribute (``wildstud.deal.Hand.run``) goes with its class."""
    parts = target.split(".")
    for split in range(len(parts) - 1, 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        found, rest = None, []
        for name in parts[split:]:
            obj = getattr(obj, name, None)
            if obj is None:
                return None
            module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
            if isinstance(obj, type | types.FunctionType) and isinstance(module, str):
                found, rest = f"{module}.{qualname}", []
            else:
                rest.append(name)
        return ".".join([found, *rest]) if found else None
    return None


def _package_paths(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve a reference through a package's re-export (``wildstud.deal.Hand``, or ``Hand``
    in the docstring of a module that imports it) to the page of the module that defines it."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip(".~")
    if target.startswith("wildstud."):
        targets = [target]
    else:
        module, cls = node.get("py:module"), node.get("py:class")
        targets = [f"{module}.{cls}.{target}"] if module and cls else []
        targets += [f"{module}.{target}"] if module else []
    canonical = next(filter(None, map(_canonical, targets)), None)
    if canonical is None or canonical == node["reftarget"]:
        return None
    domain = env.get_domain("py")
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], canonical, node, contnode
    )


def setup(app: Any) -> None:  # Sphinx calls it with its application
    app.connect("autodoc-process-bases", _bases)
    app.connect("doctree-read", _no_empty_bases)
    app.connect("missing-reference", _package_paths)
