"""Test servers forked from a process that has imported the server once.

A ``wildstud serve`` spends about 3 s of CPU importing FastAPI, pydantic, SQLAlchemy, Alembic and
uvicorn before it listens, and the server and browser tests start about 150 of them: on the
2-core machines that run the suite, that was about a quarter of its CPU. So each test worker
keeps one *launcher*: a process that imports those modules, then forks a server from itself for
each start. The server then runs the command line's own code (``wildstud.cli.main``) with the
test's arguments, environment, working folder and log file, in a process of its own that
signals, SIGKILL, SIGSTOP and ``/proc`` treat as any other; only the imports are shared.

The launcher talks JSON lines on its standard input and output::

    {"op": "start", "argv": [...], "env": {...}, "cwd": "...", "log": "..."} -> {"pid": 1234}
    {"op": "status", "pid": 1234} -> {"returncode": null}   (still running; else Popen's code)

A launcher that cannot start, or that has threads after its imports (a fork would copy a held
lock), makes :func:`start` fall back to ``subprocess.Popen``; ``WILDSTUD_TEST_FORK=0`` does too.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]
PRELOAD = (
    "wildstud.cli",
    "wildstud.cli.serve",
    "wildstud.server.app",
    "wildstud.server.running",
    "wildstud.server.cluster",
    "uvicorn",
    "uvicorn.config",
    "uvicorn.main",
    "uvicorn.lifespan.on",
    "uvicorn.protocols.http.httptools_impl",
    "uvicorn.protocols.http.h11_impl",
    "uvicorn.loops.uvloop",
    "psycopg",
    "sqlalchemy.dialects.sqlite",
    "sqlalchemy.dialects.postgresql.psycopg",
    "alembic.command",
)
"""What ``wildstud serve`` imports before it listens (optional ones are skipped if missing)."""


# --- the launcher: the process that forks the servers -------------------------------------


def _returncode(status: int) -> int:
    """Popen's return code for a wait status: the exit code, or minus the killing signal."""
    return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)


def _serve(request: dict[str, Any]) -> None:
    """In the forked child: become ``wildstud <argv>`` as a subprocess would be; never returns."""
    code = 1
    try:
        log = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.closerange(3, 1024)  # as Popen's close_fds: the launcher's pipes stay with it
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False))
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), write_through=True)
        sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), write_through=True)
        os.environ.clear()
        os.environ.update(request["env"])
        os.chdir(request["cwd"])
        sys.argv = [request["argv"][0], *request["argv"][1:]]
        from wildstud.cli import main

        main(request["argv"][1:])
        code = 0
    except SystemExit as exit:
        if exit.code is None or isinstance(exit.code, int):
            code = exit.code or 0
        else:
            print(exit.code, file=sys.stderr)
    except BaseException:
        traceback.print_exc()
    finally:
        with contextlib.suppress(BaseException):
            atexit._run_exitfuncs()  # what the interpreter's own exit would run: logging's flush
        with contextlib.suppress(BaseException):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def launcher() -> None:
    """The launcher's main loop: import, then fork a server for each ``start``."""
    sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != ROOT]
    for name in PRELOAD:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    replies = sys.stdout
    if threading.active_count() != 1:
        replies.write(json.dumps({"error": "threads after the imports"}) + "\n")
        replies.flush()
        return
    replies.write(json.dumps({"ready": True}) + "\n")
    replies.flush()
    ended: dict[int, int] = {}
    running: set[int] = set()
    for line in sys.stdin:
        request = json.loads(line)
        if request["op"] == "start":
            pid = os.fork()
            if pid == 0:
                _serve(request)
            running.add(pid)
            reply: dict[str, Any] = {"pid": pid}
        else:
            pid = request["pid"]
            if pid in running:
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    running.discard(pid)
                    ended[pid] = _returncode(status)
            reply = {"returncode": ended.get(pid)}
        replies.write(json.dumps(reply) + "\n")
        replies.flush()
    # The test worker is gone: a server it left behind would hold its port and database.
    for pid in running:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)


# --- the test side -------------------------------------------------------------------------


class Launcher:
    """The test worker's end of a launcher process."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.server.prefork"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=ROOT,
            text=True,
        )
        if self.read().get("ready") is not True:
            self.close()
            raise OSError("the launcher could not fork safely")

    def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise OSError("the launcher has exited")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send one request and read its reply (one at a time: chaos runs start servers from
        threads)."""
        assert self.process.stdin is not None
        with self.lock:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            return self.read()

    def close(self) -> None:
        """End the launcher; it kills any server still running."""
        with contextlib.suppress(OSError):
            if self.process.stdin is not None:
                self.process.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(30)


class Forked:
    """A forked server, with the part of ``subprocess.Popen`` the tests use."""

    def __init__(self, launcher: Launcher, pid: int) -> None:
        self.launcher = launcher
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self.launcher.ask({"op": "status", "pid": self.pid})["returncode"]
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while (code := self.poll()) is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"server {self.pid}", timeout or 0)
            time.sleep(0.02)
        return code

    def send_signal(self, sent: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, sent)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


_launcher: Launcher | None = None
_unavailable = os.environ.get("WILDSTUD_TEST_FORK") == "0"


def start(argv: list[str], log: IO[bytes], env: dict[str, str]) -> Forked | subprocess.Popen[bytes]:
    """Start ``argv`` (a ``wildstud`` command) writing to ``log``: forked from this worker's
    launcher, or as a plain subprocess where no launcher can be had."""
    global _launcher, _unavailable
    if _launcher is None and not _unavailable:
        try:
            _launcher = Launcher()
            atexit.register(_launcher.close)
        except OSError:
            _unavailable = True
    if _launcher is not None:
        with contextlib.suppress(OSError):
            request = {"op": "start", "argv": argv, "env": env, "cwd": os.getcwd(), "log": log.name}
            return Forked(_launcher, _launcher.ask(request)["pid"])
    return subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=env)


if __name__ == "__main__":
    launcher()
