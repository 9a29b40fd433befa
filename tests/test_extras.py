"""The core installs and runs without the extras; each extra, when missing, is named in one line.

Each check runs a fresh interpreter in which the extras' packages cannot be imported, as on a
machine where only ``pip install wildstud`` was run.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

import wildstud

ROOT = Path(__file__).resolve().parents[1]
EXTRA_PACKAGES = (
    "fastapi", "fastapi_offline", "starlette", "uvicorn", "sqlalchemy", "alembic",
    "platformdirs", "psycopg", "matplotlib", "dask", "distributed", "tomli_w",
)  # fmt: skip
"""Every package of an extra except pydantic, which Typer itself needs."""


def run_without_extras(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter in which no extra's package can be imported."""
    prelude = f"import sys\nfor name in {EXTRA_PACKAGES!r}:\n    sys.modules[name] = None\n"
    return subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def test_the_core_depends_on_four_packages_only() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {spec.split(">")[0].split("[")[0] for spec in project["dependencies"]}
    assert names == {"numpy", "numba", "rich", "typer"}
    assert set(project["optional-dependencies"]) >= {"server", "plots", "dask", "all"}


def test_every_core_module_imports_without_the_extras() -> None:
    core = [
        module.name
        for module in pkgutil.walk_packages(wildstud.__path__, "wildstud.")
        if not module.name.startswith(("wildstud.server", "wildstud.cli.serve"))
    ]
    code = f"import importlib\nfor name in {core!r}: importlib.import_module(name)"
    result = run_without_extras(code)
    assert result.returncode == 0, result.stderr


def test_the_command_line_rules_and_computes_without_the_extras() -> None:
    result = run_without_extras(
        """
        from wildstud.cli import main
        judge = ["judge", "examples/ftq-centre-card.phh"]
        for argv in (judge, ["tables", "--cards", "5", "--wild", "Q"]):
            try:
                main(argv)
            except SystemExit as done:
                assert done.code in (0, None), argv
        """
    )
    assert result.returncode == 0, result.stderr
    assert "Follow the Queen" in result.stdout


@pytest.mark.parametrize(
    ("argv", "extra"),
    [
        (["serve", "--port", "0"], "server"),
        (["study", "FTQ", "--deals", "100", "--out", "{tmp}/report"], "plots"),
        (["study", "FTQ", "--deals", "100", "--scheduler", "tcp://127.0.0.1:1"], "dask"),
    ],
)
def test_a_command_that_needs_a_missing_extra_says_so_in_one_line(
    argv: list[str], extra: str, tmp_path: Path
) -> None:
    argv = [arg.replace("{tmp}", str(tmp_path)) for arg in argv]
    result = run_without_extras(f"from wildstud.cli import main\nmain({argv!r})")
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1
    assert f"pip install 'wildstud[{extra}]'" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_library_names_the_missing_extra() -> None:
    result = run_without_extras(
        """
        from wildstud.extras import MissingExtraError
        try:
            import wildstud.server.app
        except MissingExtraError as error:
            print(error.extra)
        """
    )
    assert result.stdout.strip() == "server", result.stderr
