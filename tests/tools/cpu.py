"""The whole CPU of test files: pytest and every process it starts (the server, Playwright's
driver, each of Chromium's processes, PostgreSQL), as the kernel counts it.

``/usr/bin/time`` adds up only the children a process waits for, and Chromium's renderers are
not reaped up the tree: on a browser file it missed more than half of the CPU (session 19). A
cgroup of cgroup v1's ``cpuacct`` controller counts every process started inside it, whoever
reaps it. Each file runs alone in a fresh group, under pytest's own defaults and the
arguments given after ``--``; what the group used is printed as a Markdown table with the wall
time and the load average before and after (the CPU depends little on the load, the wall time
much). Needs root and cgroup v1's ``cpuacct`` (``/sys/fs/cgroup/cpuacct``)::

    .venv/bin/python -m tests.tools.cpu tests/browser/test_felt.py tests/test_fingerprint.py
    .venv/bin/python -m tests.tools.cpu --repeat 2 tests/browser/test_table.py -- -k redeal

Run it from the root of the checkout to measure (the shared ``.venv`` imports the ``src`` of
the working directory).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

CPUACCT = Path("/sys/fs/cgroup/cpuacct")
PYTEST = str(Path(sys.executable).with_name("pytest"))


@dataclass(frozen=True)
class Usage:
    """What one run of a file used: CPU seconds (user and system, every process in the
    group), wall seconds, pytest's exit status and the 1-minute load average around it."""

    target: str
    cpu: float
    user: float
    system: float
    wall: float
    status: int
    load: tuple[float, float]

    def row(self) -> str:
        """The run as a row of :data:`HEADER`'s table.

        >>> Usage("tests/x.py", 12.345, 10.0, 2.345, 20.0, 0, (1.5, 2.25)).row()
        '| tests/x.py | 12.3 | 10.0 | 2.3 | 20 | 0 | 1.5 to 2.2 |'
        """
        return (
            f"| {self.target} | {self.cpu:.1f} | {self.user:.1f} | {self.system:.1f}"
            f" | {self.wall:.0f} | {self.status} | {self.load[0]:.1f} to {self.load[1]:.1f} |"
        )


HEADER = (
    "| file | CPU s | user s | system s | wall s | exit | load |\n"
    "|---|---:|---:|---:|---:|---:|---|"
)


def load() -> float:
    """The 1-minute load average."""
    return float(Path("/proc/loadavg").read_text().split()[0])


def measure(target: str, arguments: Sequence[str], group: Path) -> Usage:
    """Run pytest on ``target`` inside the new cgroup ``group``, wait until every process
    started in it has ended, and read what the group used."""
    group.mkdir()
    try:
        before = load()
        start = time.monotonic()
        # The child joins the group before it runs pytest: everything it starts is counted.
        status = subprocess.call(
            [PYTEST, target, "-q", *arguments],
            preexec_fn=lambda: (group / "tasks").write_text(str(os.getpid())),
        )
        wall = time.monotonic() - start
        _wait_empty(group)
        ticks = os.sysconf("SC_CLK_TCK")
        stat = dict(line.split() for line in (group / "cpuacct.stat").read_text().splitlines())
        return Usage(
            target,
            int((group / "cpuacct.usage").read_text()) / 1e9,
            int(stat["user"]) / ticks,
            int(stat["system"]) / ticks,
            wall,
            status,
            (before, load()),
        )
    finally:
        _wait_empty(group)
        group.rmdir()


def _wait_empty(group: Path, seconds: float = 30) -> None:
    """Wait until no process is left in ``group`` (a browser or server closing after pytest
    has exited); one still there after ``seconds`` is a leak the test left, and says so."""
    deadline = time.monotonic() + seconds
    while (left := (group / "tasks").read_text().split()) and time.monotonic() < deadline:
        time.sleep(0.2)
    if left:
        names = [_name(pid) for pid in left]
        raise RuntimeError(f"processes still running {seconds} s after pytest ended: {names}")


def _name(pid: str) -> str:
    try:
        return f"{pid} {Path(f'/proc/{pid}/comm').read_text().strip()}"
    except OSError:
        return pid


def main(argv: Sequence[str] | None = None) -> int:
    """Measure each target given (a file or a test's node id), ``--repeat`` times in turn."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="+", help="test files or node ids")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each, in turn")
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = argv[argv.index("--") + 1 :] if "--" in argv else []
    options = parser.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    if not (CPUACCT / "tasks").exists():
        parser.error(f"no cgroup v1 cpuacct at {CPUACCT}")
    rows = []
    for turn in range(options.repeat):
        for number, target in enumerate(options.targets):
            group = CPUACCT / f"wildstud-cpu-{os.getpid()}-{turn}-{number}"
            rows.append(measure(target, extra, group).row())
    # Printed at the end: pytest's own output comes before, on the same terminal.
    print("\n".join((HEADER, *rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
