"""benchmarks/compare.py reads each benchmark's printed figures and sets two commits side by
side (its runs are too long for the suite: these tests feed it what the scripts print)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest


def _load() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "compare.py"
    spec = importlib.util.spec_from_file_location("benchmark_compare", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


compare = _load()

SIMULATE = """\
6 players, 2 threads
engine                            deals/s  vs pokerkit
pokerkit 7-card stud                   62            1x
wildstud FTQ                    1,233,000       19,887x
wildstud BITCH                    150,500        2,427x
"""

ENGINE = """\
6 players, stacks 1000, ante 1, bring-in 2, bets 5/10; 12 rounds
engine           hands   CPU s  hands/s x pokerkit all rounds     x  actions  shown
wildstud FTQ     12000    7.50     1651        4.5       1500   4.0     20.1    30%
pokerkit F7S     12000   30.10      367        1.0        360   1.0     19.8    31%
"""

EVALUATE = """\
2,000,000 random seven-card hands; hands per second, best of 5 runs

  eval7.evaluate                                   2.64 M/s  (no wild cards)
  phevaluator.evaluate_cards                       1.38 M/s  (no wild cards)

  wildstud.fast, one core, deuces wild            45.00 M/s   17.1x eval7   32.6x phevaluator
  wildstud.fast, all cores, deuces wild           87.90 M/s
"""


def test_the_simulation_gives_each_game_its_rate_and_its_ratio_to_pokerkit() -> None:
    assert compare.parse_simulate(SIMULATE) == {
        "pokerkit 7-card stud, deals/s": 62,
        "wildstud FTQ, deals/s": 1_233_000,
        "wildstud FTQ, x pokerkit": 19_887,
        "wildstud BITCH, deals/s": 150_500,
        "wildstud BITCH, x pokerkit": 2_427,
    }


def test_the_engine_gives_each_best_round_and_its_ratio_to_pokerkit() -> None:
    assert compare.parse_engine(ENGINE) == {
        "wildstud FTQ, hands/s": 1651,
        "wildstud FTQ, x pokerkit": 4.5,
        "pokerkit F7S, hands/s": 367,
    }


def test_the_evaluator_gives_each_rate_and_the_one_core_ratio_to_eval7() -> None:
    figures = compare.parse_evaluate(EVALUATE)
    assert figures["eval7.evaluate, M hands/s"] == 2.64
    assert figures["wildstud.fast, one core, deuces wild, x eval7"] == 17.1
    assert figures["wildstud.fast, all cores, deuces wild, M hands/s"] == 87.9
    assert len(figures) == 5


def test_the_server_gives_its_measures_and_not_its_settings() -> None:
    line = json.dumps({"tables": 50, "seconds": 30.2, "p99_ms": 176.0, "server_cpu_percent": 51.2})
    assert compare.parse_server("starting\n" + line) == {
        "p99_ms": 176.0,
        "server_cpu_percent": 51.2,
    }


def test_the_report_gives_the_ratio_of_the_medians_and_which_side_is_better() -> None:
    old = compare.Side("OLD", "abc", Path("/old"))
    new = compare.Side("NEW", ".", Path("/new"))
    old.figures = {
        "simulate: wildstud FTQ, deals/s": [100.0, 300.0, 200.0],
        "server: p99_ms": [4.0],
    }
    new.figures = {
        "simulate: wildstud FTQ, deals/s": [400.0, 500.0, 600.0],
        "server: p99_ms": [2.0],
    }
    lines = compare.report(old, new, [0.5, 3.25]).splitlines()
    assert "0.50 to 3.25" in lines[1]
    deals = next(line for line in lines if line.startswith("simulate"))
    assert deals.split()[-5:] == ["200.00", "500.00", "2.50", "1.67-4.00", "NEW"]
    latency = next(line for line in lines if line.startswith("server"))
    assert " 0.50 " in latency
    assert latency.endswith("NEW (less is better)")


def test_the_same_commit_twice_is_refused() -> None:
    with pytest.raises(SystemExit):
        compare.main(["HEAD", "HEAD"])


def test_the_server_benchmarks_run_this_checkouts_script_on_each_sides_code(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Both sides of a server comparison are measured by one instrument (this checkout's
    script, its draws seeded alike), each on its own code; the engine's benchmarks are each
    side's own."""
    ran: list[tuple[str, dict[str, str]]] = []

    class Done:
        returncode = 0
        stdout = json.dumps({"actions": 900, "cpu_ms_per_action": 1.25})
        stderr = ""

    def run(command: list[str], **options: object) -> Done:
        ran.append((command[1], options["env"]))  # type: ignore[arg-type]
        return Done()

    monkeypatch.setattr(compare.subprocess, "run", run)
    side = compare.Side("OLD", "abc", tmp_path)
    loads: list[float] = []
    compare.run_once(side, "server_action", "--actions 10", loads)
    assert ran[-1][0] == str(compare.ROOT / "benchmarks" / "server_action.py")
    assert ran[-1][1]["PYTHONPATH"] == str(tmp_path / "src")
    assert side.figures == {"server_action: cpu_ms_per_action": [1.25]}
    (tmp_path / "benchmarks").mkdir()
    (tmp_path / "benchmarks" / "server_action.py").touch()
    compare.run_once(side, "server_action", "--actions 10", loads, own_scripts=True)
    assert ran[-1][0] == str(tmp_path / "benchmarks" / "server_action.py")


def test_the_kernels_are_compiled_only_for_a_benchmark_that_calls_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ran: list[list[str]] = []

    class Done:
        returncode = 0
        stdout = str(tmp_path / "src" / "wildstud" / "__init__.py")
        stderr = ""

    def run(command: list[str], **options: object) -> Done:
        ran.append(command[1:])
        return Done()

    monkeypatch.setattr(compare.subprocess, "run", run)
    (tmp_path / "src" / "wildstud").mkdir(parents=True)
    (tmp_path / "src" / "wildstud" / "compiled.py").touch()
    side = compare.Side("OLD", "abc", tmp_path)
    compare.prepare(side, kernels=False)
    assert ran == [["-c", "import wildstud; print(wildstud.__file__)"]]
    assert side.compile_cpu is None
    compare.prepare(side)
    assert ran[-1] == ["-m", "wildstud.compiled"]
    assert side.compile_cpu is not None


def test_the_engine_benchmark_plays_a_hand_without_numba() -> None:
    """What lets a comparison of the engine alone skip the kernels' compile
    (``compare.KERNEL_FREE``)."""
    assert {"engine"} == compare.KERNEL_FREE
    script = (
        "import sys; sys.path.insert(0, 'benchmarks'); import engine; "
        "engine.wildstud_player('FTQ', 6)(1); engine.pokerkit_player(6)(1); "
        "print(sorted(name for name in sys.modules if name.split('.')[0] == 'numba'))"
    )
    found = compare.subprocess.run(
        [sys.executable, "-c", script],
        cwd=compare.ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert found.stdout.strip() == "[]"
