"""Ready means ready: ``/api/ready`` answers 503 while the database answers questions but
cannot be written (its disk full: SQLite on a small tmpfs, filled to the last byte), and while a
table broken by a failed write is still loading again after a PostgreSQL outage, when the
database answers again: not only while the database is down (``test_operations.py``)."""

from __future__ import annotations

import contextlib
import errno
import itertools
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import Postgres, Server
from tests.tools.wsclient import Api
from wildstud.server.api import WRITE_PROBE_EVERY


@contextlib.contextmanager
def _small_disk(folder: Path) -> Iterator[Path]:
    """A 32 MiB tmpfs mounted on ``folder`` (mounting needs root, as the tests run). Small
    enough to fill in a moment, large enough for the hands a table of bots with no pauses
    plays before the test pauses it on a loaded machine (4 MiB filled up before its time)."""
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode:
        pytest.fail(f"a tmpfs cannot be mounted here: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def _fill(disk: Path) -> Path:
    """Fill ``disk`` to its last byte with one file; returns it."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError as error:
            full = error.errno
    assert full == errno.ENOSPC
    return filler


@contextlib.contextmanager
def _tries(postgres: Postgres) -> Iterator[list[float]]:
    """While the stopped PostgreSQL is away, a listener in its place, which takes and drops
    every connection: the times of the tries to reach the database (connections within 0.2 s
    of the last count once)."""
    path = postgres.folder / f".s.PGSQL.{postgres.port}"
    tries: list[float] = []
    path.unlink(missing_ok=True)  # PostgreSQL removes it as it stops; a crash would not
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(16)
    listener.settimeout(0.1)
    stop = threading.Event()

    def take() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            connection.close()
            now = time.monotonic()
            if not tries or now - tries[-1] > 0.2:
                tries.append(now)

    taker = threading.Thread(target=take, daemon=True)
    taker.start()
    try:
        yield tries
    finally:
        stop.set()
        taker.join(5)
        listener.close()
        path.unlink(missing_ok=True)


def _ready(server: Server) -> httpx.Response:
    return httpx.get(f"{server.base}/api/ready", timeout=10, trust_env=False)


def _ready_until(server: Server, done: str, seconds: float = 20) -> list[tuple[int, str]]:
    """Ask ``/api/ready`` until its answer says ``done``; every answer on the way."""
    answers = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        answer = _ready(server)
        answers.append((answer.status_code, answer.text))
        if done in answer.text:
            return answers
        time.sleep(0.05)
    raise AssertionError(f"never {done!r}: {answers[-5:]}")


def _playing(api: Api, *, pause: bool = False) -> str:
    """A table of bots that has played a hand (and is paused, with ``pause``); the address
    of its list of hands."""
    created = api.create(games=[{"game": "FTQ"}], seats=4, hand_pause=0, bot_delay=0)
    for _ in range(3):
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    api.ok(api.host(created, "POST", "/start"))
    hands = f"/api/tables/{created['table']['id']}/hands"
    deadline = time.monotonic() + 30
    while not api.get(hands):
        assert time.monotonic() < deadline, "no hand finished"
        time.sleep(0.1)
    if pause:
        api.ok(api.host(created, "POST", "/pause"))
    return hands


def test_not_ready_while_the_disk_is_full(tmp_path: Path) -> None:
    with _small_disk(tmp_path / "disk") as disk:
        server = Server(f"sqlite:///{disk / 'wildstud.sqlite3'}", tmp_path / "server.log").start()
        try:
            api = Api(server.base)
            _playing(api, pause=True)  # nothing more is written
            assert _ready(server).status_code == 200

            filler = _fill(disk)
            # A probe that succeeded is trusted for a second; after it, the full disk shows,
            # though the database answers every question.
            time.sleep(WRITE_PROBE_EVERY)
            answer = _ready(server)
            assert answer.status_code == 503
            assert answer.json() == {"detail": "The database cannot be written"}
            assert httpx.get(f"{server.base}/api/health", timeout=5).status_code == 200

            filler.unlink()
            assert _ready_until(server, '"status":"ready"')[-1][0] == 200
        finally:
            server.stop()


def test_not_ready_while_tables_load_again_after_an_outage(
    postgres: Postgres, tmp_path: Path
) -> None:
    server = Server(postgres.new_database(), tmp_path / "server.log").start()
    try:
        api = Api(server.base)
        hands = _playing(api)
        postgres.stop_server()
        try:
            # The table's next write fails; it tries to load again, at longer and longer
            # intervals (0.5 s, 1 s, 2 s … up to 10 s) while the database is down. The
            # database comes back just after a try that followed an 8 s wait: the next comes
            # 10 s later, and until then the database answers while the table is not loaded.
            # (A fixed 17 s after the outage missed that window once under load: the tries
            # had drifted from the times the test assumed.)
            with _tries(postgres) as tries:
                _ready_until(server, "The database does not answer")
                tries.clear()
                deadline = time.monotonic() + 60
                while not any(later - earlier > 7 for earlier, later in itertools.pairwise(tries)):
                    assert time.monotonic() < deadline, f"the table's tries: {tries}"
                    time.sleep(0.05)
        finally:
            postgres.start_server()
        answers = _ready_until(server, '"status":"ready"', seconds=60)
        # The database answers before the table is back: not ready until it is.
        assert any("1 table(s) still loading after a failed write" in text for _, text in answers)
        assert all(code == 503 for code, _ in answers[:-1])
        played = len(api.get(hands))
        deadline = time.monotonic() + 30
        while len(api.get(hands)) <= played:
            assert time.monotonic() < deadline, "no hand finished after the outage"
            time.sleep(0.1)
    finally:
        server.stop()
