"""Sphinx configuration of wildstud's API reference, built from the docstrings.

``scripts/test`` builds it with warnings as errors (``sphinx-build -W``), so a docstring that
does not render fails the suite. Everything the build needs is installed with the ``dev`` extra:
no theme, font or inventory is fetched from the network.
"""

import importlib
import types
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


def _bases(app: object, name: str, obj: object, options: object, bases: list[type]) -> None:
    """Leave ``object`` out of a class's bases: every class has it, and it says nothing."""
    bases[:] = [base for base in bases if base is not object]


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
    app.connect("missing-reference", _package_paths)
