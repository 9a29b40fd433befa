"""What an operator relies on: liveness and readiness, the Prometheus figures, JSON logs with no
secret in them, and a SIGTERM in the middle of a hand that every client rides out by itself."""

from __future__ import annotations

import asyncio
import json
import random
import signal
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from tests.server.conftest import Postgres, Server
from tests.server.helpers import acted
from tests.tools.wsclient import Api, Client, play


def _metrics(server: Server) -> dict[str, float]:
    """Every sample of ``/metrics``, by name and labels."""
    text = httpx.get(f"{server.base}/metrics", timeout=5).text
    figures: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f"{key}={value}" for key, value in sorted(sample.labels.items()))
            figures[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return figures


def test_ready_and_the_figures_after_hands_are_played(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "server.log").start()
    try:
        api = Api(server.base)
        assert api.get("/api/ready") == {"status": "ready", "tables": 0}
        created = api.create(games=[{"game": "FTQ"}], bot_delay=0, hand_pause=0, action_clock=60)
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        seat = api.join(created, "Ann")

        async def a_few_hands() -> None:
            client = await Client(seat["socket"], "Ann").open()
            api.ok(api.host(created, "POST", "/start"))
            await play(client, random.Random(3), lambda c: len(c.finished) >= 2)
            figures = _metrics(server)
            assert figures["wildstud_connections"] == 1
            await client.close()

        asyncio.run(a_few_hands())
        figures = _metrics(server)
        assert figures["wildstud_tables"] == 1
        assert figures["wildstud_tables_running"] == 1
        assert figures["wildstud_hands_total"] >= 2
        assert figures["wildstud_hands_per_minute"] >= 2
        # Every action of Ann's was timed to the last client, every transaction too.
        assert figures["wildstud_action_latency_seconds_count"] >= 2
        assert figures["wildstud_commit_seconds_count"] > figures["wildstud_hands_total"]
        for kind in ("storage", "driver", "internal"):
            assert figures[f"wildstud_errors_total{{kind={kind}}}"] == 0
        assert api.get("/api/ready")["tables"] == 1
    finally:
        server.stop()


def test_not_ready_while_the_database_is_down(postgres: Postgres, tmp_path: Path) -> None:
    server = Server(postgres.new_database(), tmp_path / "server.log").start()
    try:
        assert httpx.get(f"{server.base}/api/ready", timeout=10).status_code == 200
        postgres.stop_server()
        try:
            down = httpx.get(f"{server.base}/api/ready", timeout=10)
            assert down.status_code == 503
            assert down.json() == {"detail": "The database does not answer"}
            # Alive all the same: a restart would not help.
            assert httpx.get(f"{server.base}/api/health", timeout=5).status_code == 200
        finally:
            postgres.start_server()
        assert httpx.get(f"{server.base}/api/ready", timeout=10).status_code == 200
    finally:
        server.stop()


def test_json_logs_are_one_object_a_line_and_hold_no_secret(tmp_path: Path) -> None:
    server = Server(
        f"sqlite:///{tmp_path / 'db.sqlite3'}",
        tmp_path / "server.log",
        log_level="info",
        options=("--log-format", "json"),
    ).start()
    try:
        api = Api(server.base)
        created = api.create(games=[{"game": "BD5"}])
        seat = api.join(created, "Bea")
        api.ok(api.host(created, "POST", "/bots", kind="random-bot"))
        httpx.get(f"{server.base}/api/host/{'x' * 43}", timeout=5)  # a 404, logged

        async def connect() -> None:
            client = await Client(seat["socket"], "Bea").open()
            await client.frame("welcome")
            await client.close()

        asyncio.run(connect())
    finally:
        server.stop()
    lines = server.log_text().splitlines()
    assert len(lines) >= 5
    secrets = (created["host_token"], seat["token"], created["links"]["join"].rsplit("/", 1)[1])
    for line in lines:
        record = json.loads(line)  # every line is JSON
        assert set(record) == {"time", "level", "logger", "message"}, record
        for secret in secrets:
            assert secret not in line
    assert any("POST /api/tables" in json.loads(line)["message"] for line in lines)


def test_sigterm_mid_hand_every_client_is_told_and_resumes_the_same_hand(
    tmp_path: Path,
) -> None:
    server = Server(
        f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "server.log", log_level="info"
    ).start()
    api = Api(server.base)
    created = api.create(games=[{"game": "BITCH"}], action_clock=120, hand_pause=0)
    seats = [api.join(created, name) for name in ("Ann", "Bob", "Cy")]

    async def scenario() -> None:
        clients = [await Client(s["socket"]).open() for s in seats]
        api.ok(api.host(created, "POST", "/start"))
        rng = random.Random(11)
        async with asyncio.timeout(60):
            await asyncio.gather(
                *(play(c, rng, lambda c: c.hand is not None and acted(c) >= 4) for c in clients)
            )
        before = [dict(client.hand or {}) for client in clients]
        assert server.process is not None
        server.process.send_signal(signal.SIGTERM)
        for client in clients:
            await client.frame("restarting", timeout=15)
        # uvicorn ends by raising the signal again once it has shut down: the status says SIGTERM
        # (systemd counts that a clean stop), and the log that the shutdown was whole.
        assert server.process.wait(20) in (0, -signal.SIGTERM)
        assert "Finished server process" in server.log_text()
        for client in clients:
            await client.close()
        server.start()
        clients = [await Client(s["socket"]).open() for s in seats]
        for client, earlier in zip(clients, before, strict=True):
            await client.frame("hand")
            assert client.hand is not None
            assert client.hand["number"] == earlier["number"]
            assert client.hand["view"]["seats"] == earlier["view"]["seats"]  # the same cards
        async with asyncio.timeout(60):
            await asyncio.gather(*(play(c, rng, lambda c: c.hand_over()) for c in clients))
        for client in clients:
            await client.close()

    try:
        asyncio.run(scenario())
    finally:
        server.stop()
