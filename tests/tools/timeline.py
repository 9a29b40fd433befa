"""Where a whole run's CPU goes, test by test: a pytest plugin for a run under xdist, and a
summary of what it wrote.

``tests.tools.cpu`` measures files one at a time; a whole run shares its servers, workers and
start-up, and the two do not add up the same. Loaded with ``-p tests.tools.timeline`` in a run
under xdist, with ``WILDSTUD_TIMELINE`` naming a folder, each worker moves itself into a cgroup
of cgroup v1's ``cpuacct`` of its own (a child of ``WILDSTUD_TIMELINE_CGROUP``, when that names
a group the run was started in), so that what the worker starts (a server, Playwright's
driver, Chromium) is counted with it, and writes a line a test: its id, the worker, when it
started and ended, and the CPU its worker's group used meanwhile (a module's server idling
through a later test is counted with that test). Without the cgroup, the CPU is the worker's
own and that of the children it has reaped. Then::

    python -m tests.tools.timeline FOLDER

prints the files by CPU, each worker's share and when it ended, and how many workers were busy
in the run's last minutes (a lone test at the end leaves cores idle). docs/testing.md
(Session 25) has the commands.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

import pytest

FOLDER = "WILDSTUD_TIMELINE"
CGROUP = "WILDSTUD_TIMELINE_CGROUP"


class _Recorder:
    """One worker's lines, and the CPU counter it reads."""

    def __init__(self, folder: Path, worker: str, group: Path | None) -> None:
        self.worker = worker
        self.group = group
        folder.mkdir(parents=True, exist_ok=True)
        self.out: IO[str] = (folder / f"{worker}.jsonl").open("a")
        self.started: tuple[float, float] = (0.0, 0.0)

    def cpu(self) -> float:
        """CPU seconds so far: the worker's group's, else the worker's and its reaped children's."""
        if self.group is not None:
            return int((self.group / "cpuacct.usage").read_text()) / 1e9
        used = os.times()
        return used.user + used.system + used.children_user + used.children_system

    def start(self) -> None:
        self.started = (time.time(), self.cpu())

    def finish(self, nodeid: str) -> None:
        began, cpu = self.started
        line = {"id": nodeid, "worker": self.worker, "start": began, "end": time.time()}
        line["cpu"] = self.cpu() - cpu
        self.out.write(json.dumps(line) + "\n")
        self.out.flush()


_recorder: list[_Recorder] = []


def pytest_configure(config: pytest.Config) -> None:
    """In an xdist worker, with ``WILDSTUD_TIMELINE`` set: join a cgroup of the worker's own
    (under ``WILDSTUD_TIMELINE_CGROUP``) and open the worker's file."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    folder = os.environ.get(FOLDER)
    if worker is None or not folder:
        return
    group = None
    if parent := os.environ.get(CGROUP):
        group = Path(parent) / worker
        group.mkdir(exist_ok=True)
        (group / "tasks").write_text(str(os.getpid()))
    _recorder.append(_Recorder(Path(folder), worker, group))


def pytest_runtest_logstart(nodeid: str, location: tuple[str, int | None, str]) -> None:
    for recorder in _recorder:
        recorder.start()


def pytest_runtest_logfinish(nodeid: str, location: tuple[str, int | None, str]) -> None:
    for recorder in _recorder:
        recorder.finish(nodeid)


def summary(lines: Sequence[dict[str, Any]], files: int = 30) -> str:
    """The files by CPU (seconds of CPU, of wall summed over their tests, and tests), each
    worker's CPU and end, and the workers busy in each of the run's last 150 s, 15 s apart.

    >>> print(summary([
    ...     {"id": "t/a.py::x", "worker": "gw0", "start": 0.0, "end": 40.0, "cpu": 12.0},
    ...     {"id": "t/b.py::y", "worker": "gw1", "start": 0.0, "end": 10.0, "cpu": 3.0},
    ... ], files=5))
    | file | CPU s | wall s | tests |
    |---|---:|---:|---:|
    | t/a.py | 12.0 | 40 | 1 |
    | t/b.py | 3.0 | 10 | 1 |
    <BLANKLINE>
    tests 2, their CPU 15.0 s
    gw0: CPU 12.0 s, its last test ended at 40 s
    gw1: CPU 3.0 s, its last test ended at 10 s
    workers busy, from the end back: 40 s 0, 25 s 1, 10 s 1
    """
    by_file: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    by_worker: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    first = min(line["start"] for line in lines)
    for line in lines:
        kept = by_file[line["id"].split("::")[0]]
        kept[0] += line["cpu"]
        kept[1] += line["end"] - line["start"]
        kept[2] += 1
        worker = by_worker[line["worker"]]
        worker[0] += line["cpu"]
        worker[1] = max(worker[1], line["end"] - first)
    rows = ["| file | CPU s | wall s | tests |", "|---|---:|---:|---:|"]
    ranked = sorted(by_file.items(), key=lambda item: -item[1][0])[:files]
    rows += [
        f"| {name} | {cpu:.1f} | {wall:.0f} | {count:.0f} |" for name, (cpu, wall, count) in ranked
    ]
    rows += ["", f"tests {len(lines)}, their CPU {sum(line['cpu'] for line in lines):.1f} s"]
    rows += [
        f"{name}: CPU {cpu:.1f} s, its last test ended at {end:.0f} s"
        for name, (cpu, end) in sorted(by_worker.items())
    ]
    last = max(line["end"] for line in lines) - first
    busy = []
    for back in range(0, 151, 15):
        moment = last - back
        if moment < 0:
            break
        count = sum(1 for line in lines if line["start"] - first <= moment < line["end"] - first)
        busy.append(f"{moment:.0f} s {count}")
    rows.append("workers busy, from the end back: " + ", ".join(busy))
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the summary of the lines a run wrote in a folder."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="the folder WILDSTUD_TIMELINE named")
    parser.add_argument("--files", type=int, default=30, help="how many files to list")
    options = parser.parse_args(argv)
    lines = [
        json.loads(text)
        for path in sorted(options.folder.glob("*.jsonl"))
        for text in path.read_text().splitlines()
    ]
    if not lines:
        parser.error(f"no test was recorded in {options.folder}")
    print(summary(lines, options.files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
