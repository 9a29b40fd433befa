"""Running ``wildstud`` in the test's own process, as a user's shell would run it."""

from __future__ import annotations

import io
import sys

import pytest

from wildstud.cli import main


def run(
    capsys: pytest.CaptureFixture[str], *args: str, stdin: str | None = None
) -> tuple[int, str, str]:
    """Exit status, standard output and standard error of ``wildstud args``, with ``stdin`` (when
    given) on standard input."""
    before = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        main(list(args))
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    else:
        code = 0
    finally:
        sys.stdin = before
    captured = capsys.readouterr()
    return code, captured.out, captured.err
