"""Two commits side by side: the engine, simulation, evaluator and server benchmarks for each,
taking turns, and every figure's ratio NEW/OLD.

Each commit is checked out in a temporary git worktree (``.`` names this checkout as it stands,
uncommitted changes and all) and run with this interpreter, its ``PYTHONPATH`` pointing at that
worktree's ``src``, so that both sides share one virtual environment and differ only in the
code. The server's benchmarks (``server.py``, and ``server_action.py``, a table's CPU per action
in one process) measure from outside the code under test: this checkout's scripts run on both
sides' code, their draws seeded alike, so that both sides play the same hands
(``--own-scripts``: each side's own). Each side first compiles its Numba kernels into its own
worktree (``python -m wildstud.compiled``, where the commit has it; its CPU time is shown: a
cold compile for a commit, only what the cache lacks for ``.``; none when only benchmarks that
call no kernel run, :data:`KERNEL_FREE`), then every round runs each
benchmark script once for each side, the order of the sides swapped from one round to the next, so
that a change in the machine's load falls on both. A figure's ratio is the
median of NEW over the median of OLD; the range of the rounds' own ratios and the load averages
(one minute, at the start and the end of each run) show how far to trust it. From the
repository root::

    .venv/bin/python benchmarks/compare.py 6d5de13 .            # about 20 minutes
    .venv/bin/python benchmarks/compare.py main . --quick       # a few minutes
    .venv/bin/python benchmarks/compare.py HEAD~1 HEAD --only simulate evaluate --rounds 5
    .venv/bin/python benchmarks/compare.py main . --args simulate="--games FTQ --deals 500000"
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

Figures = dict[str, float]

ROOT = Path(__file__).resolve().parent.parent

# Each benchmark's arguments, in full and quick runs.
ARGUMENTS = {
    "simulate": ("--deals 2000000 --seconds 10", "--deals 400000 --seconds 3"),
    "engine": ("", "--hands 3000 --rounds 6"),
    "evaluate": ("--runs 5", "--hands 500000 --runs 3"),
    "server": (
        "--tables 50 --seconds 30 --warmup 10 --json",
        "--tables 20 --seconds 10 --warmup 4 --json",
    ),
    "server_action": ("--actions 2000", "--actions 600"),
}

# The benchmarks that measure a server from outside it (its clients, its seeded draws): this
# checkout's script runs against both sides' code, so that old and new are measured by the same
# instrument playing the same hands (each side's own scripts with ``--own-scripts``).
INSTRUMENTS = frozenset({"server", "server_action"})

# The benchmarks that call no Numba kernel (the hand engine is pure Python): a run of only these
# compiles none, which saves each side minutes of CPU on a loaded machine.
KERNEL_FREE = frozenset({"engine"})

# Figures where less is better (times, CPU); for every other figure more is better.
LOWER_IS_BETTER = re.compile(r"_ms\b|_s\b|cpu|seconds", re.IGNORECASE)


def _number(text: str) -> float:
    return float(text.replace(",", "").rstrip("x"))


def parse_simulate(output: str) -> Figures:
    """``benchmarks/simulate.py``: deals per second and the ratio to pokerkit, per game."""
    figures: Figures = {}
    for line in output.splitlines():
        match = re.match(r"(wildstud \S+|pokerkit .*?)\s+([\d,.]+)\s+([\d,.]+)x\s*$", line)
        if match:
            name = match[1].strip()
            figures[f"{name}, deals/s"] = _number(match[2])
            if name.startswith("wildstud"):
                figures[f"{name}, x pokerkit"] = _number(match[3])
    return figures


def parse_engine(output: str) -> Figures:
    """``benchmarks/engine.py``: hands per second (best round) and the ratio to pokerkit."""
    figures: Figures = {}
    for line in output.splitlines():
        match = re.match(r"((?:wildstud|pokerkit) \S+)\s+\d+\s+[\d.]+\s+(\d+)\s+([\d.]+)\s", line)
        if match:
            figures[f"{match[1]}, hands/s"] = _number(match[2])
            if match[1].startswith("wildstud"):
                figures[f"{match[1]}, x pokerkit"] = _number(match[3])
    return figures


def parse_evaluate(output: str) -> Figures:
    """``benchmarks/evaluate.py``: millions of hands per second, and wildstud's one-core ratio
    to eval7."""
    figures: Figures = {}
    for line in output.splitlines():
        match = re.match(r"\s*(\S.*?)\s+([\d.]+) M/s(.*)$", line)
        if match:
            figures[f"{match[1]}, M hands/s"] = _number(match[2])
            ratio = re.search(r"([\d.]+)x eval7", match[3])
            if ratio:
                figures[f"{match[1]}, x eval7"] = _number(ratio[1])
    return figures


# The server's figures that measure it, rather than describe the run.
SERVER_FIGURES = re.compile(r"_ms$|_per_|cpu|hands_per_minute|failover")


def parse_server(output: str) -> Figures:
    """``benchmarks/server.py --json``: its latencies, hands per minute and CPU figures."""
    lines = [line for line in output.splitlines() if line.startswith("{")]
    if not lines:
        return {}
    data = json.loads(lines[-1])
    return {
        key: float(value)
        for key, value in data.items()
        if SERVER_FIGURES.search(key) and isinstance(value, int | float)
    }


PARSERS: dict[str, Callable[[str], Figures]] = {
    "simulate": parse_simulate,
    "engine": parse_engine,
    "evaluate": parse_evaluate,
    "server": parse_server,
    "server_action": parse_server,  # its JSON line: the CPU per action of one process
}


@dataclass
class Side:
    """One commit: where it is checked out, and what its runs measured."""

    label: str
    ref: str
    path: Path
    figures: dict[str, list[float]] = field(default_factory=dict)
    compile_cpu: float | None = None

    def environment(self) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(self.path / "src")}

    def python(self, *arguments: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, *arguments],
            cwd=self.path,
            env=self.environment(),
            capture_output=True,
            text=True,
            check=False,
        )


def git(*arguments: str) -> str:
    return subprocess.run(
        ["git", *arguments], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()


@contextmanager
def checkout(ref: str, folder: Path, keep: bool) -> Iterator[Path]:
    """``ref`` in a worktree under ``folder`` (``.``: this checkout as it is), removed at the end
    unless ``keep``; one kept from an earlier run is used again, its kernels compiled."""
    if ref == ".":
        yield ROOT
        return
    commit = git("rev-parse", "--verify", f"{ref}^{{commit}}")
    path = folder / commit
    if not (path / ".git").exists():
        git("worktree", "add", "--detach", "--quiet", str(path), commit)
    try:
        yield path
    finally:
        if not keep:
            git("worktree", "remove", "--force", str(path))


def load() -> float:
    return os.getloadavg()[0]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def prepare(side: Side, kernels: bool = True) -> None:
    """Check that the side imports its own code, and compile its kernels (timed) if ``kernels``."""
    found = side.python("-c", "import wildstud; print(wildstud.__file__)")
    if found.returncode or not found.stdout.strip().startswith(str(side.path / "src")):
        raise SystemExit(f"{side.label} ({side.ref}) does not import from {side.path}/src")
    if kernels and (side.path / "src/wildstud/compiled.py").exists():
        before = children_cpu()
        compiled = side.python("-m", "wildstud.compiled")
        if compiled.returncode:
            raise SystemExit(f"{side.label}: python -m wildstud.compiled failed\n{compiled.stderr}")
        side.compile_cpu = children_cpu() - before


def run_once(
    side: Side, name: str, arguments: str, loads: list[float], own_scripts: bool = False
) -> None:
    """Run one benchmark script on the side's code and add its figures: the side's own script,
    or this checkout's for an instrument (:data:`INSTRUMENTS`) unless ``own_scripts``."""
    folder = ROOT if name in INSTRUMENTS and not own_scripts else side.path
    script = folder / "benchmarks" / f"{name}.py"
    if not script.exists():
        print(f"  {side.label}: no benchmarks/{name}.py", flush=True)
        return
    before, started = load(), time.perf_counter()
    result = side.python(str(script), *shlex.split(arguments))
    after = load()
    loads += [before, after]
    figures = PARSERS[name](result.stdout) if result.returncode == 0 else {}
    if not figures:
        tail = (result.stdout + result.stderr)[-2000:]
        raise SystemExit(f"{side.label}: benchmarks/{name}.py gave no figures\n{tail}")
    for key, value in figures.items():
        side.figures.setdefault(f"{name}: {key}", []).append(value)
    print(
        f"  {name:<9} {side.label}  {time.perf_counter() - started:6.1f} s"
        f"  load {before:.2f} -> {after:.2f}",
        flush=True,
    )


def report(old: Side, new: Side, loads: list[float]) -> str:
    """The table of medians and ratios."""
    lines = [
        f"OLD = {old.ref} ({old.path}), NEW = {new.ref} ({new.path})",
        f"load average (1 min) during the runs: {min(loads):.2f} to {max(loads):.2f}",
    ]
    if old.compile_cpu is not None or new.compile_cpu is not None:
        shown = [
            "n/a" if side.compile_cpu is None else f"{side.compile_cpu:.1f} s"
            for side in (old, new)
        ]
        lines.append(f"compiling the kernels, CPU: OLD {shown[0]}, NEW {shown[1]}")
    width = max((len(key) for key in new.figures), default=10)
    lines.append(
        f"{'figure':<{width}} {'OLD':>12} {'NEW':>12} {'NEW/OLD':>8} {'rounds':>13}  better"
    )
    keys = list(new.figures) + [key for key in old.figures if key not in new.figures]
    for key in keys:
        if key not in old.figures or key not in new.figures:
            lines.append(f"{key:<{width}} (only {'NEW' if key in new.figures else 'OLD'})")
            continue
        a, b = old.figures[key], new.figures[key]
        ratio = statistics.median(b) / statistics.median(a) if statistics.median(a) else 0.0
        per_round = [y / x for x, y in zip(a, b, strict=False) if x]
        lower = bool(LOWER_IS_BETTER.search(key))
        better = (ratio < 1) if lower else (ratio > 1)
        lines.append(
            f"{key:<{width}} {statistics.median(a):12,.2f} {statistics.median(b):12,.2f}"
            f" {ratio:8.2f} {min(per_round):6.2f}-{max(per_round):<6.2f}"
            f"  {'NEW' if better else 'OLD'}{' (less is better)' if lower else ''}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", help="the commit to compare against (a ref, or . for this checkout)")
    parser.add_argument("new", help="the commit to measure (a ref, or . for this checkout)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each benchmark per side")
    parser.add_argument("--quick", action="store_true", help="short runs of each benchmark")
    parser.add_argument(
        "--only", nargs="+", choices=list(PARSERS), default=list(PARSERS), help="benchmarks to run"
    )
    parser.add_argument(
        "--args",
        action="append",
        default=[],
        metavar="NAME=ARGS",
        help="a benchmark's arguments instead of the defaults (repeatable)",
    )
    parser.add_argument(
        "--own-scripts",
        action="store_true",
        help="run each side's own server benchmarks, not this checkout's on both sides",
    )
    parser.add_argument(
        "--keep",
        type=Path,
        metavar="DIR",
        help="make the worktrees in DIR and keep them, compiled, for the next run to use again",
    )
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.old == args.new:
        parser.error("OLD and NEW are the same")
    arguments = {name: pair[1 if args.quick else 0] for name, pair in ARGUMENTS.items()}
    for item in args.args:
        name, _, given = item.partition("=")
        if name not in PARSERS:
            parser.error(f"--args: no benchmark named {name!r} (one of {', '.join(PARSERS)})")
        arguments[name] = given
    loads: list[float] = []
    # A SIGTERM ends the run as Ctrl-C does, removing its worktrees.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    with (
        tempfile.TemporaryDirectory(prefix="wildstud-compare-") as temporary,
        checkout(args.old, args.keep or Path(temporary), bool(args.keep)) as old_path,
        checkout(args.new, args.keep or Path(temporary), bool(args.keep)) as new_path,
    ):
        old = Side("OLD", args.old, old_path)
        new = Side("NEW", args.new, new_path)
        kernels = not KERNEL_FREE.issuperset(args.only)
        for side in (old, new):
            print(
                f"{'compiling' if kernels else 'checking'} {side.label} ({side.ref})"
                f" in {side.path}",
                flush=True,
            )
            prepare(side, kernels)
        for index in range(args.rounds):
            print(f"round {index + 1} of {args.rounds}", flush=True)
            order = (old, new) if index % 2 == 0 else (new, old)
            for name in args.only:
                for side in order:
                    run_once(side, name, arguments[name], loads, args.own_scripts)
    print()
    print(report(old, new, loads))


if __name__ == "__main__":
    main()
