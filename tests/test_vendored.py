"""The vendored @noble modules (src/wildstud/server/static/vendor/noble) are exactly what
scripts/vendor-noble.mjs makes of the versions package-lock.json pins: nobody edited them by
hand, and a new version in the lock is vendored again."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_vendored_modules_are_the_script_s_copy_of_the_locked_versions() -> None:
    checked = subprocess.run(
        ["node", "scripts/vendor-noble.mjs", "--check"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stderr
