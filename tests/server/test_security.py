"""What clients may not do: malformed, oversized, binary and flooding messages, stale and
repeated requests, unknown links; tokens kept only hashed; no traceback for anyone."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from typing import Any

import httpx

from tests.server.conftest import Server
from tests.server.helpers import heads_up_hand
from tests.tools.wsclient import Api, Client
from wildstud.server.app import create_app
from wildstud.server.config import ServerConfig


async def _bad_messages(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], seats=2)
    seat = api.join(created, "ann")
    ann = await Client(seat["socket"], "ann").open()
    await ann.frame("table")
    bad: list[tuple[Any, str]] = [
        ("{not json", "malformed"),
        (json.dumps({"type": "shove", "seq": 1}), "malformed"),
        (json.dumps({"type": "act", "seq": "one", "action": "call"}), "malformed"),
        (json.dumps({"type": "act", "seq": 1, "action": "call", "extra": True}), "malformed"),
        (json.dumps({"type": "act", "seq": -4, "action": "call"}), "malformed"),
        # A number that only looks like an integer is not one: no string, float or boolean.
        (json.dumps({"type": "act", "seq": "1", "action": "call"}), "malformed"),
        (json.dumps({"type": "act", "seq": 1.0, "action": "call"}), "malformed"),
        (json.dumps({"type": "act", "seq": True, "action": "call"}), "malformed"),
        (json.dumps({"type": "choose", "seq": 2, "entry": "0"}), "malformed"),
        (json.dumps([1, 2, 3]), "malformed"),
        (b"\x00\x01binary", "malformed"),
        (json.dumps({"type": "ping", "pad": "x" * 5000}), "too-large"),
        # A private deal's answer may be longer (a pass over a street of eight seats), not more.
        (json.dumps(_private_answer("x" * 20_000)), "too-large"),
        (json.dumps(_private_answer("x" * 5000)), "illegal"),  # no private deal here
        (json.dumps({"type": "act", "seq": 1, "action": "call"}), "illegal"),
        (json.dumps({"type": "choose", "seq": 2, "entry": 0}), "illegal"),
    ]
    for message, code in bad:
        mark = len(ann.frames)
        await ann.send(message)
        error = await ann.frame("error", after=mark)
        assert error["code"] == code, (message, error)
        assert "Traceback" not in error["message"]
        assert "File " not in error["message"]
        assert "x" * 50 not in error["message"]  # nothing the client sent is echoed back
    # The connection lives on.
    mark = len(ann.frames)
    await ann.send({"type": "ping"})
    await ann.frame("pong", after=mark)
    assert not ann.closed

    # A flood is slowed down to the rate limit, with one warning a second; the connection
    # lives, and every message is answered in turn, the one sent after the flood too.
    mark = len(ann.frames)
    for _ in range(150):
        await ann.send({"type": "ping"})
    await asyncio.sleep(0.5)
    pongs = [f for f in ann.frames[mark:] if f["type"] == "pong"]
    limited = [f for f in ann.frames[mark:] if f.get("code") == "rate-limited"]
    assert 10 <= len(pongs) <= 60
    assert len(limited) == 1
    await asyncio.sleep(1.0)
    await ann.send({"type": "ping"})
    # 110 messages past the burst, at 20 a second: about 5.5 s in all, slower under load.
    await ann.wait_for(
        lambda c: sum(f["type"] == "pong" for f in c.frames[mark:]) == 151,
        what="every ping answered",
        timeout=30.0,
    )

    # A spectator may only watch.
    watcher = await Client(created["links"]["watch_socket"], "watch").open()
    await watcher.frame("table")
    await watcher.send({"type": "act", "seq": 1, "action": "call"})
    assert (await watcher.frame("error"))["code"] == "seat"

    # Unknown links are refused with an error frame, then closed.
    for url in (f"{server.ws}/ws/seat/nope", f"{server.ws}/ws/watch/nope"):
        stranger = await Client(url, "stranger").open()
        assert (await stranger.frame("error"))["code"].startswith("unknown")
        await stranger.wait_for(lambda c: c.closed, what="the close")
    for client in (ann, watcher):
        await client.close()


def _private_answer(pad: str) -> dict[str, Any]:
    """A page's answer in a private deal's rounds, of some length."""
    return {"type": "private", "hand": 1, "deal": 1, "answer": {"step": "key", "key": pad}}


def test_bad_messages_get_an_error_frame_and_the_connection_lives(server: Server) -> None:
    asyncio.run(_bad_messages(server))


async def _sequence_numbers(server: Server) -> None:
    api, created, clients = await heads_up_hand(server)
    player = next(c for c in clients if c.my_turn())
    frame = {"type": "act", "seq": 5, "action": "bring-in"}
    mark = len(player.frames)
    await player.send(frame)
    assert (await player.frame("ack", after=mark))["seq"] == 5
    # The same request again is a repeat: answered with its ack again, nothing done.
    events = len(player.view["events"])
    mark = len(player.frames)
    await player.send(frame)
    await player.send({"type": "ping"})
    await player.frame("pong", after=mark)
    answers = [f for f in player.frames[mark:] if f["type"] in ("ack", "error")]
    assert answers == [{"type": "ack", "seq": 5, "last_seq": 5, "repeat": True}]
    assert len(player.view["events"]) == events
    # An older one is stale.
    await player.send({"type": "act", "seq": 3, "action": "fold"})
    error = await player.frame("error", after=mark)
    assert error["code"] == "stale"
    assert error["seq"] == 3
    # Out of turn: the engine refuses, naming whose turn it is.
    player.seq = 5
    await player.wait_for(lambda c: not c.my_turn(), what="the other player's turn")
    mark = len(player.frames)
    await player.request({"type": "act", "action": "fold"})
    refusal = await player.frame("error", after=mark)
    assert refusal["code"] == "out-of-turn"
    assert "turn" in refusal["message"]
    api.ok(api.host(created, "POST", "/pause"))
    for client in clients:
        await client.close()


def test_sequence_numbers(server: Server) -> None:
    asyncio.run(_sequence_numbers(server))


def test_tokens_are_stored_only_hashed(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "BD5"}], seats=3)
    seat = api.join(created, "ann")
    path = server.database_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        dump = "\n".join(db.iterdump())
    assert created["host_token"] not in dump
    assert seat["token"] not in dump
    assert created["table"]["id"] in dump


def test_no_traceback_reaches_a_client(server: Server) -> None:
    for method, path, body in [
        ("POST", "/api/tables", "{"),
        ("POST", "/api/tables", '{"name": "x", "games": [{"game": 5}]}'),
        ("GET", "/api/tables/%00%ff", None),
        ("POST", "/api/join/x", '{"name": ""}'),
        ("DELETE", "/api/host/x/seats/99", None),
    ]:
        response = httpx.request(
            method, f"{server.base}{path}", content=body, trust_env=False,
            headers={"content-type": "application/json"},
        )  # fmt: skip
        assert 400 <= response.status_code < 500
        assert "Traceback" not in response.text
        assert 'File "' not in response.text
    # An unexpected failure is logged on the server and answered with a bare 500.
    app = create_app(ServerConfig(database_url="sqlite://"))

    @app.get("/boom")
    async def boom() -> None:
        raise RuntimeError("secret detail")

    async def call() -> httpx.Response:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.get("/boom")

    response = asyncio.run(call())
    assert response.status_code == 500
    assert "secret" not in response.text
    assert response.json() == {"detail": "Internal error"}


def test_the_server_listens_on_the_loopback_address_by_default() -> None:
    from typer.testing import CliRunner

    from wildstud.cli import app, serve

    assert serve.serve is not None
    result = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert "127.0.0.1" in result.output
    assert ServerConfig(database_url="sqlite://").host == "127.0.0.1"
