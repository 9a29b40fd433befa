"""No secret in anything the server prints at its default log level: every request and socket
that carries a host, join, seat or spectator token, good or bad, and every kind of error, then
a search of the whole output for each token and each token's digest."""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from tests.server.conftest import Server
from tests.server.helpers import token_of
from tests.tools.wsclient import Api, Client
from wildstud.server.logs import redact
from wildstud.server.security import new_token, token_hash
from wildstud.server.store import Store

_TOKEN_LIKE = re.compile(r"[A-Za-z0-9_-]{32,}")


async def _sockets(
    server: Server, api: Api, created: dict[str, Any], seats: list[dict[str, Any]]
) -> None:
    ann = await Client(seats[0]["socket"], "ann").open()
    bob = await Client(seats[1]["socket"], "bob").open()
    watcher = await Client(created["links"]["watch_socket"], "watch").open()
    for client in (ann, bob, watcher):
        await client.frame("table")
    api.ok(api.host(created, "POST", "/start"))
    for client in (ann, bob):
        await client.wait_for(lambda c: c.hand is not None, what="the first hand")
    # Error frames: malformed, out of turn, a spectator acting.
    waiting = ann if not ann.my_turn() else bob
    await waiting.send("{not json")
    await waiting.request({"type": "act", "action": "fold"})
    await watcher.send({"type": "act", "seq": 1, "action": "call"})
    for client in (waiting, watcher):
        await client.frame("error")
    # Bad tokens on both sockets, one of them token-shaped.
    for url in (f"{server.ws}/ws/seat/{new_token()}", f"{server.ws}/ws/watch/{new_token()}"):
        stranger = await Client(url, "stranger").open()
        await stranger.frame("error")
        await stranger.wait_for(lambda c: c.closed, what="the close")
    api.ok(api.host(created, "POST", "/pause"))
    for client in (ann, bob, watcher):
        await client.close()


def _everything_with_a_secret(server: Server) -> list[str]:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], seats=3)
    host = str(created["host_token"])
    join = token_of(created["links"]["join"])
    watch = token_of(created["links"]["watch"])
    seats = [api.join(created, name) for name in ("ann", "bob")]
    secrets = [host, join, watch, *(seat["token"] for seat in seats)]
    http = api.http
    for page in (f"/host/{host}", f"/join/{join}", f"/watch/{watch}", f"/seat/{secrets[3]}"):
        assert http.get(page).status_code == 200
    assert http.get(f"/api/host/{host}").status_code == 200
    assert http.get(f"/api/seat/{secrets[3]}/hand/phh").status_code == 404  # no hand yet
    asyncio.run(_sockets(server, api, created, seats))
    assert http.get(f"/api/seat/{secrets[3]}/hand/phh").status_code == 200
    # Wrong tokens, token-like paths that name nothing, REST errors of every kind.
    fake = new_token()
    secrets.append(fake)
    for method, path, body in [
        ("GET", f"/api/host/{fake}", None),
        ("POST", f"/api/host/{fake}/start", None),
        ("POST", f"/api/join/{fake}", {"name": "carl"}),
        ("GET", f"/api/seat/{fake}/hand/phh", None),
        ("GET", f"/seat/{secrets[3]}/more/{host}", None),
        ("GET", f"/api/tables/{host}", None),
        ("GET", f"/nowhere/{host}?again={join}", None),
        ("DELETE", f"/api/host/{host}/seats/99", None),
        ("POST", f"/api/join/{join}", {"name": ""}),
        ("POST", f"/api/join/{join}", {"name": "ann", "seat": 0}),
        ("POST", f"/api/join/{join}", {"name": f"dan\x00{host}"}),
        # A NUL is a database error on PostgreSQL unless the name is refused first: the
        # failed insert held the new seat's token digest.
        ("POST", f"/api/join/{join}", {"name": "d\x00n"}),
        ("PUT", f"/api/host/{host}/rules", {"games": [{"game": host}]}),
    ]:
        answer = http.request(method, path, json=body)
        assert answer.status_code >= 400, (path, answer.text)
        assert host not in answer.text
    too_large = http.post(f"/api/join/{join}", content=b"{" + b" " * 100_000 + b"}")
    assert too_large.status_code == 413
    return secrets


def _search(output: str, secrets: list[str]) -> None:
    for secret in secrets:
        assert secret not in output
        assert token_hash(secret) not in output
    assert _TOKEN_LIKE.search(output) is None, _TOKEN_LIKE.search(output)


def test_no_secret_in_the_output_at_the_default_level(database_url: str, tmp_path: Path) -> None:
    server = Server(database_url, tmp_path / "server.log", log_level=None).start()
    try:
        secrets = _everything_with_a_secret(server)
    finally:
        server.stop()
    output = server.log_text()
    _search(output, secrets)
    # The default level is info, with an access log that still says what happened.
    assert "Uvicorn running on" in output
    assert '"GET /api/host/… HTTP/1.1" 200' in output
    assert '"POST /api/join/… HTTP/1.1" 201' in output
    assert '"POST /api/host/…/start HTTP/1.1" 404' in output
    assert "WebSocket /ws/seat/…" in output
    assert "WebSocket /ws/watch/…" in output


def test_an_unexpected_failure_is_logged_by_route_not_by_path() -> None:
    from wildstud.server.app import create_app
    from wildstud.server.config import ServerConfig

    app = create_app(ServerConfig(database_url="sqlite://"))
    secret = new_token()

    @app.get("/api/host/{token}/boom")
    async def boom(token: str) -> None:
        raise RuntimeError(f"failed for {token}")

    lines: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage())  # as logged, before any redaction

    keep = Keep()
    logging.getLogger("wildstud").addHandler(keep)
    try:

        async def call() -> httpx.Response:
            transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
                return await client.get(f"/api/host/{secret}/boom")

        response = asyncio.run(call())
    finally:
        logging.getLogger("wildstud").removeHandler(keep)
    assert response.status_code == 500
    assert response.headers["content-security-policy"].startswith("default-src 'self'")
    assert lines == ["GET /api/host/{token}/boom failed: RuntimeError"]


def test_a_database_error_never_holds_its_parameters(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    secret = new_token()
    try:
        with store.engine.begin() as connection:
            connection.execute(text("CREATE TABLE t (x TEXT UNIQUE)"))
            connection.execute(text("INSERT INTO t VALUES (:x)"), {"x": secret})
        with store.engine.begin() as connection, pytest.raises(IntegrityError) as failure:
            connection.execute(text("INSERT INTO t VALUES (:x)"), {"x": secret})
    finally:
        store.close()
    assert secret not in str(failure.value)
    assert "hidden" in str(failure.value)


def test_redaction_keeps_what_the_line_says() -> None:
    token = new_token()
    line = f'127.0.0.1:4 - "WebSocket /ws/watch/{token}" [accepted] digest {token_hash(token)}'
    assert redact(line) == '127.0.0.1:4 - "WebSocket /ws/watch/…" [accepted] digest …'
    for kind in ("host", "join", "seat", "watch"):
        assert redact(f"GET /{kind}/short?x") == f"GET /{kind}/…?x"
