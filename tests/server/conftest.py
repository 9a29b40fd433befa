"""Fixtures of the server tests: a real ``wildstud serve`` in a subprocess on a free loopback
port, on SQLite or on a private PostgreSQL cluster started for the tests, and its HTTP client
(``api``).

The PostgreSQL cluster is a throwaway: ``initdb`` into a temporary folder, ``pg_ctl start`` on
a free port with its socket in that folder (as the ``postgres`` user when the tests run as
root), stopped and deleted at the end. When PostgreSQL is missing or cannot start, the tests
that need it fail: ``scripts/test`` installs it.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server import prefork
from tests.tools.wsclient import Api
from wildstud.server.table.driver import Driver
from wildstud.server.table.runner import timed
from wildstud.server.table.runner_due import AtTick

WILDSTUD = str(Path(sys.executable).with_name("wildstud"))
MANY_TABLES = (
    *("--tables-per-minute", "100000", "--tables-burst", "1000"),
    *("--reads-per-second", "100000", "--reads-burst", "1000"),
)
"""Options that let a test module create tables and read hands as fast as it likes (the
default limits, tested in test_limits.py and test_flood.py, are a few tables a minute and a
few reads a second per address)."""


def free_port() -> int:
    """A TCP port free on the loopback address now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``wildstud serve`` in a subprocess."""

    def __init__(
        self,
        database_url: str,
        log: Path,
        *,
        log_level: str | None = "warning",
        options: tuple[str, ...] = MANY_TABLES,
    ) -> None:
        self.database_url = database_url
        self.log = log
        self.log_level = log_level
        """``--log-level``, or ``None`` for the server's default level."""
        self.options = options
        """More options of ``wildstud serve``."""
        self.port = free_port()
        self.process: prefork.Forked | subprocess.Popen[bytes] | None = None

    @property
    def tls(self) -> bool:
        """Whether the server speaks HTTPS itself."""
        return "--certfile" in self.options

    @property
    def base(self) -> str:
        """The server's HTTP address."""
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """The server's WebSocket address."""
        return f"{'wss' if self.tls else 'ws'}://127.0.0.1:{self.port}"

    def start(self) -> Server:
        """Start the server and wait until it answers."""
        with self.log.open("ab") as log:
            self.process = prefork.start(
                [
                    WILDSTUD,
                    "serve",
                    "--port",
                    str(self.port),
                    "--database-url",
                    self.database_url,
                    *(() if self.log_level is None else ("--log-level", self.log_level)),
                    *self.options,
                ],
                log,
                {**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        # Two minutes: on a CI machine of 2 cores running 4 test workers, a start (3 s of CPU
        # alone) was seen to take more than one.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                health = httpx.get(
                    f"{self.base}/api/health", timeout=1, trust_env=False, verify=False
                )  # a TLS server's certificate is the test's own, made for the occasion
                if health.is_success:
                    return self
            time.sleep(0.1)
        raise RuntimeError(f"the server did not start: {self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no chance to finish anything."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """Stop the server the polite way (SIGTERM)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def log_text(self) -> str:
        """What the server logged."""
        return self.log.read_text(errors="replace")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server per test module, on a fresh SQLite database."""
    folder = tmp_path_factory.mktemp("server")
    running = Server(f"sqlite:///{folder / 'wildstud.sqlite3'}", folder / "server.log").start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def api(server: Server) -> Api:
    """The HTTP client of the module's server (of a module's own ``server`` where it has one)."""
    return Api(server.base)


def _postgres_bin() -> Path:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    if not found:
        pytest.fail("PostgreSQL is not installed (scripts/test installs Debian's postgresql)")
    return Path(found[-1]).parent


class Postgres:
    """A private PostgreSQL cluster in a temporary folder."""

    def __init__(self) -> None:
        self.bin = _postgres_bin()
        self.folder = Path(tempfile.mkdtemp(prefix="wildstud-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.databases = 0
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.folder, "postgres", "postgres")

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_root else []
        return subprocess.run(
            [*prefix, *command], capture_output=True, text=True, timeout=120, check=False
        )

    def start(self) -> Postgres:
        """initdb, then pg_ctl start on a free port, with the socket in the folder."""
        done = self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
            "-E", "UTF8", "--no-sync",
        )  # fmt: skip
        if done.returncode:
            pytest.fail(f"initdb failed: {done.stdout}{done.stderr}")
        self.start_server()
        return self

    def start_server(self) -> None:
        """pg_ctl start on the cluster's port, with the socket in its folder."""
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        done = self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"),
            "-o", options, "-w", "-t", "60", "start",
        )  # fmt: skip
        if done.returncode:
            log_file = self.folder / "log"
            log = log_file.read_text(errors="replace") if log_file.exists() else ""
            pytest.fail(f"PostgreSQL did not start: {done.stdout}{done.stderr}{log}")

    def stop_server(self) -> None:
        """Stop the server (fast: its connections are cut), keeping its data: the database is
        unreachable until :meth:`start_server`."""
        done = self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")
        if done.returncode:
            pytest.fail(f"PostgreSQL did not stop: {done.stdout}{done.stderr}")

    def new_database(self) -> str:
        """A fresh, empty database; returns its URL."""
        self.databases += 1
        name = f"wildstud{self.databases}"
        done = self._run(
            str(self.bin / "createdb"), "-h", str(self.folder), "-p", str(self.port),
            "-U", "postgres", name,
        )  # fmt: skip
        if done.returncode:
            pytest.fail(f"createdb failed: {done.stdout}{done.stderr}")
        return f"postgresql+psycopg://postgres@/{name}?host={self.folder}&port={self.port}"

    def stop(self) -> None:
        """Stop the cluster and delete it."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A private PostgreSQL cluster for the session (of this test worker)."""
    cluster = Postgres().start()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database on each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'wildstud.sqlite3'}"
    cluster: Postgres = request.getfixturevalue("postgres")
    return cluster.new_database()


@pytest.fixture(autouse=True)
def _turns_timed_by_their_change(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every pass of a table's runner in this process that plays the hand (the table running
    or its night over) finds the turn timed already: the change that made the turn timed it
    (:func:`wildstud.server.table.runner.timed`), and nothing in the pass times it. A state
    found untimed there is a bug: the test fails at its end, with the tables and turns found
    so (the driver's own failure may come first)."""
    untimed: list[str] = []
    read = Driver._read

    def checked(driver: Driver, now: float) -> AtTick | None:
        at = read(driver, now)
        state = driver.state
        if at is not None and timed(state, driver.at_turn(), now) is not state:
            untimed.append(f"table {driver.table.id}: {state.turn}")
        return at

    monkeypatch.setattr(Driver, "_read", checked)
    yield
    assert not untimed, f"the runner's pass found its turn untimed: {untimed[:3]}"
