"""The core installs and runs without the extras; each extra, when missing, is named in one line.

Most checks run a fresh interpreter in which the extras' packages cannot be imported, as on a
machine where only ``pip install wildstud`` was run; the last ones build the wheel and install it,
with no extras, in a new virtual environment, and run the installed command there.
"""

from __future__ import annotations

import os
import pkgutil
import shutil
import subprocess
import sys
import textwrap
import tomllib
import venv
from dataclasses import dataclass
from pathlib import Path

import pytest

import wildstud

ROOT = Path(__file__).resolve().parents[1]
EXTRA_PACKAGES = (
    "fastapi", "fastapi_offline", "starlette", "uvicorn", "sqlalchemy", "alembic",
    "platformdirs", "psycopg", "matplotlib", "dask", "distributed", "tomli_w", "pettingzoo",
    "gymnasium",
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
    assert set(project["optional-dependencies"]) >= {"server", "plots", "dask", "env", "all"}


def test_every_core_module_imports_without_the_extras() -> None:
    core = [
        module.name
        for module in pkgutil.walk_packages(wildstud.__path__, "wildstud.")
        if not module.name.startswith(("wildstud.server", "wildstud.env"))
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
        # Said before the deals, not after: a hundred million would take hours.
        (["study", "FTQ", "--deals", "100000000", "--out", "{tmp}/report"], "plots"),
        # Said before the compiling notice, not after it.
        (["study", "FTQ", "--deals", "100", "--scheduler", "tcp://127.0.0.1:1"], "dask"),
        (["odds", "FTQ", "--players", "3", "--scheduler", "tcp://127.0.0.1:1"], "dask"),
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
    assert not (tmp_path / "report").exists()  # nothing written before the refusal


def test_serve_s_help_needs_no_extra() -> None:
    """The help shows every option with the server's own defaults, on a core install."""
    result = run_without_extras(
        """
        from wildstud.cli import main
        main(["serve", "--help"])
        """
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "--database-url" in result.stdout
    assert "--tables-per-minute" in result.stdout
    assert "10.0" in result.stdout  # the default, from wildstud.serving
    assert "wildstud[server]" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("module", "extra"), [("wildstud.server.app", "server"), ("wildstud.env", "env")]
)
def test_the_library_names_the_missing_extra(module: str, extra: str) -> None:
    result = run_without_extras(
        f"""
        from wildstud.extras import MissingExtraError
        try:
            import {module}
        except MissingExtraError as error:
            print(error.extra)
        """
    )
    assert result.stdout.strip() == extra, result.stderr


# -- the wheel in a fresh virtual environment -------------------------------------------------

CORE_DISTRIBUTIONS = {"wildstud", "numpy", "numba", "llvmlite", "rich", "typer"}
"""What ``pip install wildstud`` must bring (and their own dependencies, which are not ours)."""
EXTRA_DISTRIBUTIONS = {
    "fastapi", "uvicorn", "sqlalchemy", "alembic", "psycopg", "prometheus-client",
    "matplotlib", "dask", "distributed", "fastapi-offline", "platformdirs", "pettingzoo",
}  # fmt: skip
CORE_SIZE_LIMIT = 300_000_000
"""Bytes in the fresh environment's site-packages, without bytecode: 269 MB when measured (Numba's
compiler llvmlite 180 MB, NumPy 72 MB, Numba 33 MB, wildstud 3 MB); a stray extra would show."""


@dataclass(frozen=True)
class FreshEnvironment:
    python: Path
    site_packages: Path
    cwd: Path

    def wildstud(self, *argv: str) -> subprocess.CompletedProcess[str]:
        """Run the installed ``wildstud`` command, away from the source tree."""
        env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
        return subprocess.run(
            [str(self.python.parent / "wildstud"), *argv],
            capture_output=True,
            text=True,
            timeout=600,
            cwd=self.cwd,
            env=env,
        )


def install_the_wheel(root: Path) -> FreshEnvironment:
    """The wheel built from this tree, installed with no extras in a new virtual environment.

    The wheel takes about 10 s (pip fetches the build backend from the package index into an
    isolated build environment) and the install about 15 s (the core's wheels come from pip's
    indexes; no bytecode is compiled, which halves the time).
    """
    # Built from a copy of what a source distribution holds, so no stray file of this tree can
    # make the wheel work (build/ and egg-info are not written into the tree either).
    source = root / "source"
    shutil.copytree(ROOT / "src", source / "src", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    pip = [sys.executable, "-m", "pip", "-q", "--disable-pip-version-check"]
    subprocess.run(
        [*pip, "wheel", "--no-deps", "-w", str(root / "dist"), str(source)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (wheel,) = (root / "dist").glob("wildstud-*.whl")
    venv.create(root / "venv", with_pip=False)  # pip installs into it from outside: faster
    python = root / "venv" / "bin" / "python"
    subprocess.run(
        [*pip, "--python", str(python), "install", "--no-compile", str(wheel)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    cwd = root / "elsewhere"
    cwd.mkdir()
    return FreshEnvironment(python, Path(site), cwd)


# One of the suite's slowest tests, on purpose: about 25 s to build and install the wheel, then
# about 18 s of CPU while Numba compiles the tables' enumeration, as a new user waits once on a
# first run (which is what this test is about). One compiled command is enough to show that the
# compiled code runs from an installed wheel (the odds' deal, another 30 s of compiling, is
# tested in the source tree). One test, not several, so that parallel workers do not each
# build their own.
@pytest.mark.slow
def test_the_wheel_alone_installs_the_core_rules_computes_and_names_serve_s_extra(
    tmp_path: Path,
) -> None:
    fresh = install_the_wheel(tmp_path)
    names = {
        path.name.split("-")[0].lower().replace("_", "-")
        for path in fresh.site_packages.glob("*.dist-info")
    }
    assert names >= CORE_DISTRIBUTIONS
    assert not names & EXTRA_DISTRIBUTIONS
    size = sum(path.stat().st_size for path in fresh.site_packages.rglob("*") if path.is_file())
    assert size < CORE_SIZE_LIMIT, f"{size:,} bytes"

    judged = fresh.wildstud("judge", str(ROOT / "examples" / "ftq-centre-card.phh"))
    assert judged.returncode == 0, judged.stderr
    assert "Follow the Queen" in judged.stdout
    tables = fresh.wildstud("tables", "--cards", "5", "--wild", "Q")
    assert tables.returncode == 0, tables.stderr
    assert "five of a kind" in tables.stdout
    served = fresh.wildstud("serve", "--port", "0")
    assert served.returncode == 2
    assert served.stderr.count("\n") == 1
    assert "pip install 'wildstud[server]'" in served.stderr, served.stderr
    helped = fresh.wildstud("serve", "--help")
    assert helped.returncode == 0, helped.stderr
    assert "--database-url" in helped.stdout
    assert "--reads-per-second" in helped.stdout
