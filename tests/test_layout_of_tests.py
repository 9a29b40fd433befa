"""The tests in their places (issue 23 item 6), so that the layout cannot drift back.

- The tests mirror the source: a test module at the root of ``tests/`` tests a top-level module
  of ``wildstud`` (``cards.py``, ``tournament.py``) or the whole; the tests of a sub-package
  (``wildstud/deal/``, ``wildstud/server/``) live in the folder of its name. A root test module
  is taken to test a sub-package when its name says so (``test_hands.py``, ``test_wild_*.py``)
  or when every ``wildstud`` module it imports, past the vocabulary every test speaks (cards,
  errors, seats), lies in sub-packages.
- One helper, one place: in a test folder, a helper (a module-level function, neither a test
  nor a fixture, of a test module, of ``conftest.py`` or of the folder's helpers module,
  ``helpers.py``, the browser's ``pages.py``) is defined once. Two definitions under one name,
  or two with the same body under any names, fail: the helper goes to the folder's helpers
  module (or to ``tests/tools/`` when several folders use it), and a helper that truly differs
  takes a name that says how. A module's own scenario (``_session``,
  ``_night``, ``_scenario``: the story its fixture plays once) is its own, and fixtures may
  share a name (pytest's way of giving a module its own ``server``).
- No test module imports another: what two test modules share lives in their folder's helpers
  module, its ``conftest.py`` (fixtures) or ``tests/tools/``, so that a test module can be
  moved, renamed or run alone without carrying its neighbours' tests along.

Standard library only (``ast``), so that the check reads the files and imports nothing.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
PACKAGE = ROOT / "src" / "wildstud"
SUBPACKAGES = frozenset(path.parent.name for path in PACKAGE.glob("*/__init__.py"))
VOCABULARY = frozenset({"wildstud", "wildstud.cards", "wildstud.errors", "wildstud.seats"})
"""Modules that nearly every test imports to say what it means, whatever it tests."""
SCENARIOS = frozenset({"_session", "_night", "_scenario"})
"""Names a module gives its own scenario, played once by its fixture: never a shared helper."""
HELPERS = {"browser": "pages.py"}
"""A folder whose helpers module has another name than ``helpers.py``: the browser's pages."""
WAITING: dict[tuple[str, str, str], str] = {}
"""Known copies left for now, each with why: (folder, file, function) to the reason. A copy
removed must leave this list too (the check fails on an entry that no longer holds)."""


def _imported(tree: ast.Module) -> set[str]:
    """The ``wildstud`` modules a test module imports (``from wildstud import deal`` is the
    sub-package ``wildstud.deal``)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "wildstud")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            if node.module == "wildstud":
                found.update(
                    f"wildstud.{a.name}" if a.name in SUBPACKAGES else "wildstud"
                    for a in node.names
                )
            elif node.module.split(".")[0] == "wildstud":
                found.add(node.module)
    return found


def _subpackage_tested(path: Path) -> str | None:
    """The sub-package that the root test module ``path`` tests, if it tests one."""
    word = path.stem.removeprefix("test_").split("_")[0]
    for name in (word, f"{word}s"):
        if name in SUBPACKAGES:
            return name
    imported = _imported(ast.parse(path.read_text(encoding="utf-8"))) - VOCABULARY
    packages = {module.split(".")[1] for module in imported}
    if imported and packages <= SUBPACKAGES:
        return min(packages)
    return None


def test_no_test_module_at_the_root_tests_a_subpackage() -> None:
    astray = {
        path.name: package
        for path in sorted(TESTS.glob("test_*.py"))
        if (package := _subpackage_tested(path)) is not None
    }
    assert astray == {}, f"move each to tests/<its sub-package>/: {astray}"


def test_the_rule_knows_a_stray_test_from_one_in_its_place(tmp_path: Path) -> None:
    cases = {
        "test_hands.py": ("", "hands"),
        "test_wild_changes.py": ("", "wilds"),
        "test_replay_checks.py": ("from wildstud.history.replay import replay\n", "history"),
        "test_seats_alone.py": ("from wildstud.server import frames\n", "server"),
        "test_book.py": ("from wildstud.book import Book\nfrom wildstud.odds import odds\n", None),
        "test_words.py": ("from wildstud.cards import Card\n", None),
    }
    for name, (text, package) in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        assert _subpackage_tested(tmp_path / name) == package, name


def _is_fixture(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if ast.unparse(target).split(".")[-1] == "fixture":
            return True
    return False


def _body(node: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """What a function does, its name and docstring aside."""
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    kind = "async" if isinstance(node, ast.AsyncFunctionDef) else "def"
    return kind + ast.dump(node.args) + "".join(ast.dump(statement) for statement in body)


Helpers = dict[str, list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]]


def _helpers(folder: Path, where: str) -> Helpers:
    """The helpers of a test folder's modules, by name: (file, definition) for each, the
    folder's helpers module first."""
    found: Helpers = defaultdict(list)
    shared = HELPERS.get(where, "helpers.py")
    paths = sorted(folder.glob("*.py"), key=lambda path: (path.name != shared, path.name))
    for path in paths:
        if not (path.name.startswith("test_") or path.name in (shared, "conftest.py")):
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if (
                isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                and not node.name.startswith("test_")
                and not _is_fixture(node)
            ):
                found[node.name].append((path.name, node))
    return found


def _copies(tests: Path = TESTS) -> set[tuple[str, str, str]]:
    """Every helper written more than once in its folder of ``tests``: (folder, file, function)
    of each definition but the first, by name and by body."""
    copies: set[tuple[str, str, str]] = set()
    folders = sorted({path.parent for path in tests.rglob("test_*.py")})
    for folder in folders:
        where = str(folder.relative_to(tests)) if folder != tests else "."
        helpers = _helpers(folder, where)
        for name, places in helpers.items():
            if name not in SCENARIOS:
                copies.update((where, file, name) for file, _ in places[1:])
        bodies: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for name, places in helpers.items():
            for file, node in places:
                bodies[_body(node)].append((file, name))
        for alike in bodies.values():
            if len({file for file, _ in alike}) > 1:
                copies.update((where, file, name) for file, name in alike[1:])
    return copies


def test_every_helper_is_written_once_in_its_folder() -> None:
    copies = _copies()
    unknown = sorted(copies - set(WAITING))
    assert unknown == [], (
        "a helper written twice in one folder (by name or by body): make it one in the"
        f" folder's helpers.py, or give the one that differs a name that says how: {unknown}"
    )
    stale = sorted(set(WAITING) - copies)
    assert stale == [], f"no longer copies: take them off WAITING: {stale}"


def test_the_rule_finds_a_helper_written_twice_by_name_or_by_body(tmp_path: Path) -> None:
    folder = tmp_path / "deal"
    folder.mkdir()
    files = {
        "helpers.py": "def play(hand):\n    return hand.run()\n",
        "test_a.py": "def play(hand):\n    return hand.step()\n\ndef _night():\n    pass\n",
        "test_b.py": (
            "@pytest.fixture\ndef night():\n    return 1\n\ndef _night():\n    pass\n\n"
            'def run_it(hand):\n    """Same body."""\n    return hand.run()\n'
        ),
        "test_c.py": "@pytest.fixture\ndef night():\n    return 1\n\ndef test_x():\n    pass\n",
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    assert _copies(tmp_path) == {
        ("deal", "test_a.py", "play"),  # the helpers module's name, for another thing
        ("deal", "test_b.py", "run_it"),  # the helpers module's play, by another name
        ("deal", "test_b.py", "_night"),  # a scenario may share its name, not its body
    }


def _is_test_module(name: str, root: Path) -> bool:
    """Whether the dotted ``name`` is a test module (``test_*``) of the tests under ``root``."""
    parts = name.split(".")
    return (
        parts[0] == "tests"
        and parts[-1].startswith("test_")
        and (root.joinpath(*parts).with_suffix(".py").exists() or root.joinpath(*parts).is_dir())
    )


def _test_modules_imported(tree: ast.Module, package: str, root: Path) -> set[str]:
    """The test modules (``test_*``) under ``root`` that a module of the package ``package``
    (``tests.server``) imports, by dotted name, relative imports resolved."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([base] if base else [])])
            modules = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        found.update(module for module in modules if _is_test_module(module, root))
    return found


def _imports_of_tests(tests: Path = TESTS) -> dict[str, list[str]]:
    """Each module of ``tests`` (a test module, a helpers module, a tool, a conftest) that
    imports a test module: its path to the test modules it imports."""
    found: dict[str, list[str]] = {}
    for path in sorted(tests.rglob("*.py")):
        package = ".".join((tests.name, *path.parent.relative_to(tests).parts))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = _test_modules_imported(tree, package, tests.parent)
        if imported:
            found[str(path.relative_to(tests))] = sorted(imported)
    return found


def test_no_module_of_the_tests_imports_a_test_module() -> None:
    found = _imports_of_tests()
    assert found == {}, (
        "a test module imported by another: move what they share to the folder's helpers.py,"
        f" its conftest.py (fixtures) or tests/tools/: {found}"
    )


def test_the_rule_finds_an_import_of_a_test_module_in_any_form(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    (tests / "deal").mkdir(parents=True)
    (tests / "tools").mkdir()
    files = {
        "deal/test_a.py": "from tests.deal.test_b import shared\n",
        "deal/test_c.py": "from . import test_b\n",
        "deal/test_d.py": "from .test_b import shared\n",
        "deal/helpers.py": "import tests.test_e\n",
        "test_e.py": "from tests.deal.helpers import play\nfrom tests.tools import test_data\n",
        "tools/test_data.py": "",
        "test_f.py": "from tests.deal import helpers\nfrom tests.deal.helpers import test_x\n",
        "deal/test_b.py": "from tests.deal.helpers import play\n",
    }
    for name, text in files.items():
        (tests / name).write_text(text, encoding="utf-8")
    assert _imports_of_tests(tests) == {
        "deal/helpers.py": ["tests.test_e"],
        "deal/test_a.py": ["tests.deal.test_b"],
        "deal/test_c.py": ["tests.deal.test_b"],
        "deal/test_d.py": ["tests.deal.test_b"],
        "test_e.py": ["tests.tools.test_data"],
    }
