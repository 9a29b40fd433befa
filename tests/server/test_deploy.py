"""The server on the internet: behind docs/deploy.md's nginx configuration, and with TLS of its own.

The nginx test runs Debian's nginx on the loopback address with the very block the deployment guide
gives (its certificate paths and ports replaced), so the guide cannot drift from what works.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.server.conftest import WILDSTUD, Server, free_port
from tests.tools.proxy import make_certificate, nginx, trust
from tests.tools.wsclient import Api, Client, play

TABLE = {"name": "Deployed", "games": [{"game": "FTQ"}], "bots": [{"kind": "calling-bot"}]}


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for localhost and 127.0.0.1, and its key."""
    return make_certificate(tmp_path_factory.mktemp("tls"))


async def first_frame(url: str, cert: Path) -> dict[str, object]:
    async with connect(url, ssl=trust(cert), open_timeout=10) as socket:
        frame: dict[str, object] = json.loads(await asyncio.wait_for(socket.recv(), 10))
        return frame


@pytest.fixture(scope="module")
def behind_nginx(
    tmp_path_factory: pytest.TempPathFactory, certificate: tuple[Path, Path]
) -> Iterator[tuple[str, Server]]:
    """The guide's nginx on a free loopback port in front of a server told its public URL,
    which allows one socket per address."""
    folder = tmp_path_factory.mktemp("nginx")
    port = free_port()
    server = Server(
        f"sqlite:///{folder / 'wildstud.sqlite3'}", folder / "server.log",
        options=("--public-url", f"https://localhost:{port}/poker",
                 "--connections-per-address", "1"),
    ).start()  # fmt: skip
    try:
        with nginx(folder, certificate, port, server.port) as public:
            yield public, server
    finally:
        server.stop()


def test_the_page_and_its_files_load_under_the_prefix(
    behind_nginx: tuple[str, Server], certificate: tuple[Path, Path]
) -> None:
    public, _server = behind_nginx
    cert = certificate[0]
    page = httpx.get(f"{public}/", verify=trust(cert)).text
    assert '<meta name="wildstud-base" content="/poker"' in page
    script = re.search(r'src="(/poker/static/[0-9a-f]{12}/js/app.js)"', page)
    assert script, page
    origin = public.removesuffix("/poker")
    assert httpx.get(origin + script.group(1), verify=trust(cert)).status_code == 200
    # The operator's figures stay on the machine.
    assert httpx.get(f"{public}/metrics", verify=trust(cert)).status_code == 404
    # The bare prefix sends the browser to the page.
    bare = httpx.get(public, verify=trust(cert))
    assert bare.status_code == 301
    assert bare.headers["location"].endswith("/poker/")


def test_every_link_is_public_and_its_socket_answers_through_nginx(
    behind_nginx: tuple[str, Server], certificate: tuple[Path, Path]
) -> None:
    public, _server = behind_nginx
    cert = certificate[0]
    created = httpx.post(f"{public}/api/tables", json=TABLE, verify=trust(cert))
    assert created.status_code == 201, created.text
    links = created.json()["links"]
    for name in ("host", "join", "watch"):
        assert links[name].startswith(f"{public}/{name}/"), links
    socket = links["watch_socket"]
    assert socket.startswith(f"wss://localhost:{public.split(':')[2]}/ws/watch/"), socket
    assert httpx.get(links["join"], verify=trust(cert)).status_code == 200
    frame = asyncio.run(first_frame(socket, cert))
    assert frame["type"] == "welcome"


def test_a_forged_forwarded_address_gets_no_second_allowance(
    behind_nginx: tuple[str, Server], certificate: tuple[Path, Path]
) -> None:
    """The server allows one socket per address here; a player who claims other addresses in
    X-Forwarded-For is still counted as the one address nginx saw."""
    public, _server = behind_nginx
    cert = certificate[0]
    links = httpx.post(f"{public}/api/tables", json=TABLE, verify=trust(cert)).json()["links"]

    async def two_sockets() -> dict[str, object]:
        url = links["watch_socket"]
        async with connect(
            url, ssl=trust(cert), additional_headers={"X-Forwarded-For": "203.0.113.1"}
        ) as first:
            json.loads(await asyncio.wait_for(first.recv(), 10))
            async with connect(
                url, ssl=trust(cert), additional_headers={"X-Forwarded-For": "203.0.113.2"}
            ) as second:
                frame: dict[str, object] = json.loads(await asyncio.wait_for(second.recv(), 10))
                return frame

    refused = asyncio.run(two_sockets())
    assert refused["type"] == "error", refused
    assert refused["code"] == "too-many-connections", refused


async def _played_session(public: str, cert: Path) -> dict[str, str]:
    """A night through nginx: a table made, a player seated who plays a hand on their socket,
    every link's page opened (each with the host link as its Referer), the seat's REST
    answers read, a spectator's socket opened. Returns every token the night used, by link."""
    api = Api(public, verify=trust(cert))
    created = api.create(name="Logged", games=[{"game": "FTQ"}], seats=3, hand_pause=0,
                         bot_delay=0, bots=[{"kind": "calling-bot"}])  # fmt: skip
    seat = api.join(created, "Ann")
    api.ok(api.host(created, "POST", "/start"))
    player = Client(seat["socket"], "Ann")
    player.ssl = trust(cert)
    await player.open()
    await play(player, random.Random(5), lambda client: bool(client.finished))
    await player.close()
    links = created["links"]
    tokens = {name: links[name].rsplit("/", 1)[1] for name in ("join", "watch")}
    tokens |= {"host": created["host_token"], "seat": seat["token"]}
    referer = {"Referer": links["host"]}
    for page in (links["host"], links["join"], links["watch"], f"{public}/seat/{seat['token']}"):
        assert api.http.get(page, headers=referer).status_code == 200
    for path in ("status", "hands/1/steps", "hands/1/phh"):
        assert api.http.get(f"/api/seat/{seat['token']}/{path}").status_code == 200
    deadline = time.monotonic() + 10
    while True:  # one socket an address: the player's may take a moment to be counted out
        watcher = Client(links["watch_socket"], "watcher")
        watcher.ssl = trust(cert)
        await watcher.open()
        await watcher.wait_for(lambda client: bool(client.frames), 10, "a first frame")
        await watcher.close()
        if watcher.frames[0]["type"] == "welcome":
            break
        assert time.monotonic() < deadline, "the spectator's socket was refused"
    return tokens


def test_the_access_log_keeps_no_token(
    behind_nginx: tuple[str, Server], certificate: tuple[Path, Path]
) -> None:
    public, server = behind_nginx
    tokens = asyncio.run(_played_session(public, certificate[0]))
    logs = [server.log.parent / "access.log", server.log.parent / "error.log"]
    deadline = time.monotonic() + 10
    while "/poker/ws/watch/-" not in logs[0].read_text():  # written as the socket closes
        assert time.monotonic() < deadline, logs[0].read_text()[-2000:]
        time.sleep(0.1)
    written = logs[0].read_text()
    for path in (
        "GET /poker/host/-",
        "POST /poker/api/join/-",
        "GET /poker/api/seat/-",
        "GET /poker/ws/seat/-",
        "POST /poker/api/host/-",
        "GET /poker/api/health",
    ):
        assert path in written, written  # fmt: skip
    for log in logs:
        text = log.read_text()
        for name, token in tokens.items():
            assert token not in text, f"{log.name} holds the {name} token"


def test_the_server_speaks_tls_itself(tmp_path: Path, certificate: tuple[Path, Path]) -> None:
    cert, key = certificate
    server = Server(
        f"sqlite:///{tmp_path / 'wildstud.sqlite3'}", tmp_path / "server.log",
        options=("--certfile", str(cert), "--keyfile", str(key)),
    ).start()  # fmt: skip
    try:
        answer = httpx.get(f"{server.base}/api/health", verify=trust(cert))
        assert answer.status_code == 200
        created = httpx.post(f"{server.base}/api/tables", json=TABLE, verify=trust(cert)).json()
        assert created["links"]["watch_socket"].startswith("wss://127.0.0.1:")
        assert asyncio.run(first_frame(created["links"]["watch_socket"], cert))["type"] == "welcome"
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--public-url", "ftp://cards.example"], "must start with http:// or https://"),
        (["--public-url", "https://cards.example/?x=1"], "a scheme, a host, a port and a path"),
        (["--public-url", "https://"], "names no host"),
        (["--certfile", "cert.pem"], "--certfile and --keyfile go together"),
        (["--certfile", "no.pem", "--keyfile", "no.pem"], "no such file: no.pem"),
        (["--certfile", "junk.pem", "--keyfile", "junk.pem"], "not a PEM certificate and its key"),
        (["--database-url", "sqlite:///junk.pem/db"], "a folder on its path is a file"),
    ],
)
def test_a_bad_deployment_option_is_one_line_and_exit_2(
    options: list[str], message: str, tmp_path: Path
) -> None:
    (tmp_path / "junk.pem").write_text("not a certificate\n")  # once a traceback, each
    if "--database-url" not in options:
        options = ["--database-url", f"sqlite:///{tmp_path / 'db'}", *options]
    result = subprocess.run(
        [WILDSTUD, "serve", *options],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 2
    assert message in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
