"""The server on the internet: behind docs/deploy.md's nginx configuration, and with TLS of its own.

The nginx test runs Debian's nginx on the loopback address with the very block the deployment guide
gives (its certificate paths and ports replaced), so the guide cannot drift from what works.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.server.conftest import WILDSTUD, Server, free_port

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
GUIDE = ROOT / "docs" / "deploy.md"
TABLE = {"name": "Deployed", "games": [{"game": "FTQ"}], "bots": [{"kind": "calling-bot"}]}


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for localhost and 127.0.0.1, and its key."""
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    return cert, key


def guide_block(language: str) -> str:
    """The deployment guide's first fenced block in ``language``."""
    found = re.search(rf"```{language}\n(.*?)```", GUIDE.read_text(), re.DOTALL)
    assert found, f"docs/deploy.md has no {language} block"
    return found.group(1)


def trust(cert: Path) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(cert))


async def first_frame(url: str, cert: Path) -> dict[str, object]:
    async with connect(url, ssl=trust(cert), open_timeout=10) as socket:
        frame: dict[str, object] = json.loads(await asyncio.wait_for(socket.recv(), 10))
        return frame


@pytest.fixture(scope="module")
def behind_nginx(
    tmp_path_factory: pytest.TempPathFactory, certificate: tuple[Path, Path]
) -> Iterator[tuple[str, Server]]:
    """The guide's nginx on a free loopback port in front of a server told its public URL."""
    if not os.access(NGINX, os.X_OK):
        pytest.fail("nginx is missing: scripts/test installs Debian's nginx-light")
    folder = tmp_path_factory.mktemp("nginx")
    port = free_port()
    public = f"https://localhost:{port}/poker"
    server = Server(
        f"sqlite:///{folder / 'wildstud.sqlite3'}", folder / "server.log",
        options=("--public-url", public, "--connections-per-address", "1"),
    ).start()  # fmt: skip
    cert, key = certificate
    block = (
        guide_block("nginx")
        .replace("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;")
        .replace("/etc/letsencrypt/live/cards.example.org/fullchain.pem", str(cert))
        .replace("/etc/letsencrypt/live/cards.example.org/privkey.pem", str(key))
        .replace("127.0.0.1:8000", f"127.0.0.1:{server.port}")
    )
    for temp in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (folder / temp).mkdir()
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers must read the test's files
    (folder / "nginx.conf").write_text(
        f"{user}worker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
        "events { worker_connections 64; }\n"
        f"http {{\naccess_log off;\nclient_body_temp_path {folder}/body;\n"
        f"proxy_temp_path {folder}/proxy;\nfastcgi_temp_path {folder}/fastcgi;\n"
        f"uwsgi_temp_path {folder}/uwsgi;\nscgi_temp_path {folder}/scgi;\n{block}\n}}\n"
    )
    nginx = subprocess.Popen(
        [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(f"{public}/api/health", verify=trust(cert), timeout=1)
                break
            except httpx.HTTPError:
                if nginx.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"nginx did not start: {nginx.stderr}") from None
                time.sleep(0.1)
        yield public, server
    finally:
        nginx.terminate()
        nginx.wait(10)
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
    ],
)
def test_a_bad_deployment_option_is_one_line_and_exit_2(
    options: list[str], message: str, tmp_path: Path
) -> None:
    result = subprocess.run(
        [WILDSTUD, "serve", "--database-url", f"sqlite:///{tmp_path / 'db'}", *options],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 2
    assert message in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
