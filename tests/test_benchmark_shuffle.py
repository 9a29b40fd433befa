"""benchmarks/shuffle.py --private runs: a private table of Python clients and one whose every
answer is the page's own code in node (``--private both``) play a hand each through a real
server, and the server refuses none of their answers (its runs are too long for the suite: one
hand of two seats here)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "shuffle.py"


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's code")
def test_a_private_table_of_python_clients_and_one_of_the_pages_code_each_play_a_hand() -> None:
    ran = subprocess.run(
        [sys.executable, str(SCRIPT), "--private", "both", "--players", "2", "--hands", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    result = json.loads(ran.stdout)
    assert result["hands"] == 1
    for kind in ("python", "page"):
        figures = result[kind]
        assert figures["refused"] == [], kind  # every answer taken, every proof held
        # Two seats see each of the hand's five streets: the first, then four after a betting.
        assert figures["first_streets"]["first"] == 2, kind
        assert figures["streets"]["streets"] == 8, kind
        assert set(figures["arithmetic_cpu_hand_ms_by_step"]) == {
            "key", "mask", "unmask", "open", "show"
        }, kind  # fmt: skip
    page = result["page"]
    assert page["hops"]["hops"] >= 2 * 8  # a key, a mask, five passes and a show a seat at least
    assert page["pings"]["pings"] == 2 * 20
    assert page["arithmetic_cpu_hand_s"]["median"] > 0
    assert page["node_cpu_hand_s"]["median"] > 0
