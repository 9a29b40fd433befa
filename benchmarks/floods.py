"""Another table's service while the server is flooded: ``/api/health`` and one table's
action-to-update time, before and during a flood of reads and a slowloris.

The benchmark starts ``wildstud serve`` in a subprocess on a fresh SQLite database, with the
default limits on reads (tables may be created as fast as it likes). For each flood it seats two
WebSocket players at a quiet table, measures 40 health checks and 40 actions (each timed from
the action sent to the other player's update), starts the flood, and measures them again:

- ``reads``: ``--readers`` clients, each from a loopback address of its own, reading the steps
  and PHH records of six finished hands round and round as fast as the server answers (before
  the cache and the builder thread, eight took the action-to-update p50 from 5 ms to 282 ms);
- ``slowloris``: ``--slow`` connections that send a request's headers a line a second and
  reconnect whenever the server closes them (before the header deadline, they were held open
  as long as they dripped).

It prints one JSON object: each phase's p50 and p99 in milliseconds, each flood's account, the
ratio of the p50s during and before, and the one-minute load average at the start and the end.
The clients run in this process, on the same cores as the server. From the repository root::

    .venv/bin/python benchmarks/floods.py
    .venv/bin/python benchmarks/floods.py --readers 16 --slow 500

The measuring code is the flood tests' own (tests/server/flooding.py), so the test and the
benchmark measure the same thing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server.conftest import Server
from tests.server.flooding import SHARE, Figures, measure, read_flood, slowloris


def _milliseconds(figures: Figures) -> dict[str, Any]:
    result: dict[str, Any] = {
        name: {"p50_ms": round(p50 * 1000, 1), "p99_ms": round(p99 * 1000, 1)}
        for name, (p50, p99) in figures.items()
        if name != SHARE
    }
    health_share, action_share = figures[SHARE]
    result[SHARE] = {"health": round(health_share, 2), "action": round(action_share, 2)}
    for what in ("health", "action"):
        before, during = figures[f"{what} before"][0], figures[f"{what} during"][0]
        result[f"{what} p50 during/before"] = round(during / before, 2)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readers", type=int, default=8, help="clients reading replays")
    parser.add_argument("--slow", type=int, default=200, help="slowloris connections")
    args = parser.parse_args()
    report: dict[str, Any] = {"load_average": [os.getloadavg()[0]]}
    with tempfile.TemporaryDirectory() as folder:
        options = ("--tables-per-minute", "100000", "--tables-burst", "1000")
        server = Server(
            f"sqlite:///{Path(folder) / 'wildstud.sqlite3'}",
            Path(folder) / "server.log",
            options=options,
        ).start()
        try:
            figures, answers = asyncio.run(measure(server, "127.0.7", read_flood(args.readers)))
            report["reads"] = {
                **_milliseconds(figures),
                "readers": args.readers,
                "answered": answers[200],
                "refused": answers[429],
            }
            figures, (lived, left) = asyncio.run(measure(server, "127.0.8", slowloris(args.slow)))
            report["slowloris"] = {
                **_milliseconds(figures),
                "connections": args.slow,
                "closed_by_server": len(lived),
                # How long each closed connection lived is known between two bounds (see
                # tests/server/flooding.py): the longest at its most.
                "longest_lived_s": round(max((most for _, most in lived), default=0.0), 2),
                "open_at_end_oldest_s": round(max(left, default=0.0), 2),
            }
        finally:
            server.stop()
    report["load_average"].append(os.getloadavg()[0])
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
