"""The server's import graph, read with :mod:`ast`: no cycle inside ``wildstud.server``,
nothing outside the table's package (``wildstud.server.table``) imports its internals, only
what its ``__init__`` offers, and the slices of the table's pure core import neither asyncio
nor the store (but for its plain records, :mod:`wildstud.server.store.records`).

An import counts wherever it is written (a function's lazy import is a cycle put off, not
removed), except under ``if TYPE_CHECKING:``: an annotation's name is not an import when the
program runs."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
SERVER = "wildstud.server"
TABLE = "wildstud.server.table"
PURE = (
    "wildstud.server.table.core",
    "wildstud.server.table.chat",
    "wildstud.server.table.settings",
    "wildstud.server.table.rates",
    "wildstud.server.table.cashier",
    "wildstud.server.table.ledger",
    "wildstud.server.table.seat_requests",
    "wildstud.server.table.runner",
    "wildstud.server.table.desk",
    "wildstud.server.table.shuffle_requests",
    "wildstud.server.table.pings",
)
"""The table's pure core and the slices moved onto it (:mod:`wildstud.server.table.core`)."""
RECORDS = "wildstud.server.store.records"


def modules(root: Path) -> dict[str, Path]:
    """Every module under ``root`` (a ``src`` folder) by its dotted name."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The modules of ``known`` that module ``name`` (at ``path``) imports when it runs."""
    known = set(known)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()

    def visit(nodes: Iterable[ast.AST]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and _type_checking(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package[: len(package) - (node.level - 1)]
                    base = ".".join([*up, *([node.module] if node.module else [])])
                for alias in node.names:
                    whole = f"{base}.{alias.name}"
                    found.add(whole if whole in known else base)
            visit(ast.iter_child_nodes(node))

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return {module for module in found if module in known and module != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of ``graph``: its strongly connected parts of more than one module
    (Tarjan's algorithm, without recursion).

    >>> cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    [['a', 'b']]
    >>> cycles({"a": {"b"}, "b": set()})
    []
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return sorted(found)


def graph_of(root: Path, within: str) -> dict[str, set[str]]:
    """The import graph of the modules under ``within`` (a dotted package name)."""
    known = {name: path for name, path in modules(root).items() if name.startswith(within)}
    return {name: imported(name, path, known) for name, path in known.items()}


def intrusions(root: Path, package: str) -> list[str]:
    """Imports of ``package``'s internal modules from modules outside it, as
    ``importer -> module``."""
    known = modules(root)
    found = []
    for name, path in known.items():
        if name == package or name.startswith(package + "."):
            continue
        for module in sorted(imported(name, path, known)):
            if module.startswith(package + "."):
                found.append(f"{name} -> {module}")
    return found


def every_import(path: Path) -> set[str]:
    """Every module a module names in an absolute import, run-time or not, at any depth (the
    pure core must not even name asyncio or the store; ``TYPE_CHECKING`` imports included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def impurities(root: Path, pure: Iterable[str]) -> list[str]:
    """Imports of asyncio or of the store (but its plain records) by the modules ``pure``, as
    ``importer -> module``."""
    known = modules(root)
    found = []
    for name in pure:
        for module in sorted(every_import(known[name])):
            store = module == "wildstud.server.store" or module.startswith("wildstud.server.store.")
            if module.split(".")[0] == "asyncio" or (store and not module.startswith(RECORDS)):
                found.append(f"{name} -> {module}")
    return found


def test_the_pure_core_imports_no_asyncio_and_no_store() -> None:
    found = impurities(SRC, PURE)
    assert not found, f"the table's pure core imports asyncio or the store: {found}"


def test_no_import_cycle_inside_the_server() -> None:
    found = cycles(graph_of(SRC, SERVER))
    assert not found, f"import cycles inside {SERVER}: {found}"


def test_nothing_outside_the_table_package_imports_its_internals() -> None:
    assert (SRC / "wildstud" / "server" / "table" / "__init__.py").exists()
    found = intrusions(SRC, TABLE)
    assert not found, f"imports of the table's internals from outside it: {found}"


def test_the_checks_see_a_cycle_and_an_intrusion(tmp_path: Path) -> None:
    """The two checks above, on a small tree made to fail them: they can fail."""
    server = tmp_path / "wildstud" / "server"
    (server / "table").mkdir(parents=True)
    for path, text in {
        "wildstud/__init__.py": "",
        "wildstud/server/__init__.py": "",
        "wildstud/server/table/__init__.py": "from .core import Table\n",
        "wildstud/server/table/core.py": "def f():\n    from wildstud.server import api\n",
        "wildstud/server/api.py": "from wildstud.server.table.core import Table\n",
        "wildstud/server/typed.py": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from wildstud.server.table import core\n"
        ),
    }.items():
        (tmp_path / path).write_text(text, encoding="utf-8")
    assert cycles(graph_of(tmp_path, SERVER)) == [
        ["wildstud.server.api", "wildstud.server.table.core"]
    ]
    assert intrusions(tmp_path, TABLE) == ["wildstud.server.api -> wildstud.server.table.core"]
    (server / "table" / "slice.py").write_text(
        "import asyncio\nfrom wildstud.server.store.records import Changes\n"
        "def f():\n    from wildstud.server.store import Store\n",
        encoding="utf-8",
    )
    assert impurities(tmp_path, ["wildstud.server.table.slice"]) == [
        "wildstud.server.table.slice -> asyncio",
        "wildstud.server.table.slice -> wildstud.server.store",
        "wildstud.server.table.slice -> wildstud.server.store.Store",
    ]
