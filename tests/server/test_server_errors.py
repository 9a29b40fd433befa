"""The server's errors in their family (issue 23 item 6): its failures
(:class:`~wildstud.server.errors.ServerError`: a change not stored, a stale lease, a table
moved, a server not ready) are one small family apart from its refusals, none of them a
:class:`RuntimeError`; the server's code raises no ``RuntimeError``, ``LookupError`` or
``KeyError`` of its own; and a failure reaches a user as a clear answer, never a 500 or a
traceback: the REST API's 503 with a sentence that says to try again, the socket's ``storage``
error frame for the request's number, after which the same request works."""

from __future__ import annotations

import ast
import asyncio
import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx
from fastapi import FastAPI

from tests.server.conftest import Server
from tests.server.helpers import refused
from tests.tools.wsclient import Api, Client
from wildstud.errors import WildstudError
from wildstud.server.app import create_app
from wildstud.server.config import ServerConfig
from wildstud.server.errors import NotReadyError, ServerError, unavailable
from wildstud.server.refusals import sentence
from wildstud.server.store import FencedError
from wildstud.server.table import StorageFailureError

SERVER = Path(__file__).resolve().parents[2] / "src" / "wildstud" / "server"
FAMILY = (NotReadyError, StorageFailureError, FencedError)
UNWANTED = frozenset({"RuntimeError", "LookupError", "KeyError", "IndexError"})
"""What must not reach a user: a bare failure of the program, whose message says nothing to
them."""
ALLOWED = {
    ("migrations/env.py", "RuntimeError"): "alembic run by hand, outside the server: no user"
}
"""Where the server's code may still raise one of :data:`UNWANTED`, and why."""


def test_the_server_s_failures_are_one_family_apart_from_its_refusals() -> None:
    for kind in FAMILY:
        assert issubclass(kind, ServerError), kind
        assert not issubclass(kind, RuntimeError | LookupError), kind
        assert not issubclass(kind, WildstudError), kind  # not the request's fault


def test_the_server_s_code_raises_no_runtime_lookup_or_key_error() -> None:
    found: list[str] = []
    for path in sorted(SERVER.rglob("*.py")):
        where = path.relative_to(SERVER).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names = [base.id for base in node.bases if isinstance(base, ast.Name)]
            elif isinstance(node, ast.Raise) and node.exc is not None:
                made = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                names = [made.id] if isinstance(made, ast.Name) else []
            else:
                continue
            found.extend(
                f"{where}:{node.lineno} {name}"
                for name in names
                if name in UNWANTED and (where, name) not in ALLOWED
            )
    assert not found, f"the server raises or subclasses what says nothing to a user: {found}"


def test_the_rest_api_answers_every_failure_503_with_a_sentence() -> None:
    app = create_app(ServerConfig(database_url="sqlite://"))
    failures = {
        "/stored": StorageFailureError("table t: the change was not stored"),
        "/fenced": FencedError("table t: epoch 3 is stale (the lease is at 4)"),
        "/ready": NotReadyError("the tables are still loading"),
    }
    for path, error in failures.items():
        _raises(app, path, error)

    async def call() -> dict[str, httpx.Response]:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return {path: await client.get(path) for path in failures}

    answers = asyncio.run(call())
    for path, error in failures.items():
        detail = refused(answers[path], 503, "try again" if path != "/ready" else "loading")
        assert detail == sentence(unavailable(error))
        assert "epoch" not in detail  # the message is for the log, not the user
        assert "table t" not in detail


def _raises(app: FastAPI, path: str, error: Exception) -> None:
    async def fail() -> None:
        raise error

    app.add_api_route(path, fail)


@contextlib.contextmanager
def _refusing(server: Server, table: str) -> Iterator[None]:
    """The database refuses every change to ``table``'s rows while in the block (a disk that
    fills, a database that goes read-only): the server's writes fail."""
    path = server.database_url.removeprefix("sqlite:///")
    with contextlib.closing(sqlite3.connect(path)) as database:
        database.execute(
            f"CREATE TRIGGER refuse_{table} BEFORE UPDATE ON {table}"
            " BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
        )
        database.commit()
        try:
            yield
        finally:
            database.execute(f"DROP TRIGGER refuse_{table}")
            database.commit()


async def _failures_told(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], seats=3)
    table_id = created["table"]["id"]
    ann = await Client(api.join(created, "ann")["socket"], "ann").open()
    try:
        # The socket: a sit-out the store refuses is answered with the storage error frame for
        # its number; the seat is as it was, and the same request, sent again, is carried out.
        mark = len(ann.frames)
        with _refusing(server, "seats"):
            seq = await ann.request({"type": "sit_out"})
            error = await ann.frame("error", after=mark)
        assert (error["code"], error["seq"]) == ("storage", seq), error
        assert "send it again" in error["message"]
        assert not api.table(created)["seats"][0]["sitting_out"]
        mark = len(ann.frames)
        await ann.send({"type": "sit_out", "seq": seq})
        assert (await ann.frame("ack", after=mark))["seq"] == seq
        assert api.table(created)["seats"][0]["sitting_out"]
        # The REST API: the host's start the store refuses is a 503 with a sentence, the table
        # still waiting; the same request then works.
        with _refusing(server, "tables"):
            refused(api.host(created, "POST", "/start"), 503, "could not store", "try again")
        assert api.get(f"/api/tables/{table_id}")["status"] == "waiting"
        api.ok(api.host(created, "POST", "/start"))
        assert api.get(f"/api/tables/{table_id}")["status"] == "running"
    finally:
        await ann.close()


def test_a_failed_write_is_told_over_the_socket_and_the_rest_api_and_then_works(
    server: Server,
) -> None:
    asyncio.run(_failures_told(server))


def test_ids_that_name_nothing_are_told_so_never_a_500(api: Api) -> None:
    created = api.create(games=[{"game": "FTQ"}], seats=3)
    table_id = created["table"]["id"]
    host = f"/api/host/{created['host_token']}"
    http = api.http
    refused(http.get("/api/tables/no-such-table"), 404)
    refused(http.get(f"/api/tables/{table_id}/hands/1"), 404)
    refused(http.get(f"/api/tables/{table_id}/hands/99999999999999999999"), 422)
    refused(http.delete(f"{host}/seats/2"), 409, "Seat 2 is empty")
    refused(http.delete(f"{host}/seats/99"), 422, "seat")
    refused(http.post(f"{host}/seats/2/link"), 409, "2")
    refused(http.post(f"{host}/rebuys/no-such-request/approve"), 404)
    refused(http.post(f"{host}/requests/no-such-request", json={"approve": True}), 404)
    refused(http.post(f"{host}/tournament/seats/0/rebuy"), 400, "not a tournament")
    refused(http.get(f"{host}/tournament/deal"), 400, "not a tournament")
