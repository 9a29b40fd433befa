"""The installable table and the felt view's server side (issue 22 item 7): the web app
manifest and its icons, the service worker's script (the shell it keeps: the page and the
versioned files, never an API path or a token; a new static version a new worker), both admitted
by the page's policy and checked by the browser at every visit; the felt page and its link; the
join QR code drawn for a watch token, refused for anything else."""

from __future__ import annotations

import asyncio
import json
import re

import httpx
import pytest

from tests.server.conftest import Server
from tests.tools.wsclient import Api
from wildstud.server import qrcodes
from wildstud.server.app import create_app
from wildstud.server.config import ServerConfig, public_address
from wildstud.server.headers import PAGE_POLICY
from wildstud.server.logs import redact
from wildstud.server.shell import Shell

TABLE = {"name": "Living room", "games": [{"game": "FTQ"}], "seats": 4}
SHELL = re.compile(r"^self\.WILDSTUD_SHELL = (\{.*\});$", re.MULTILINE)


@pytest.fixture(scope="module")
def client(server: Server) -> httpx.Client:
    """The module's server, asked over HTTP."""
    return Api(server.base).http


def _shell(worker: str) -> dict[str, object]:
    found = SHELL.search(worker)
    assert found is not None, worker[:200]
    shell: dict[str, object] = json.loads(found[1])
    return shell


def test_the_manifest_names_the_app_and_serves_its_icons(client: httpx.Client) -> None:
    page = client.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest" />' in page
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/manifest+json"
    assert answer.headers["cache-control"] == "no-cache"
    manifest = answer.json()
    assert manifest["short_name"] == "wildstud"
    assert manifest["start_url"] == manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}" />' in page
    kinds = set()
    for icon in manifest["icons"]:
        served = client.get(icon["src"])
        assert served.status_code == 200, icon
        assert served.headers["content-type"].startswith(icon["type"])
        kinds.add((icon["type"], icon["sizes"]))
        if icon["type"] == "image/png":
            side = int(icon["sizes"].split("x")[0])
            # A PNG's width and height lie at bytes 16-24 of its header.
            assert served.content[:8] == b"\x89PNG\r\n\x1a\n"
            assert int.from_bytes(served.content[16:20]) == side
            assert int.from_bytes(served.content[20:24]) == side
    assert kinds == {("image/svg+xml", "any"), ("image/png", "192x192"), ("image/png", "512x512")}


def test_the_worker_keeps_the_shell_and_nothing_with_a_token(client: httpx.Client) -> None:
    created = client.post("/api/tables", json=TABLE).json()
    page = client.get("/").text
    prefix = re.search(r'src="(/static/([0-9a-f]{12}))/js/app\.js"', page)
    assert prefix is not None
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    # The browser asks again at every visit: a new server's worker is found at once.
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.headers["content-security-policy"] == PAGE_POLICY
    shell = _shell(answer.text)
    assert shell["version"] == prefix[2]
    assert shell["page"] == "/"
    files = shell["files"]
    assert isinstance(files, list)
    # Every file a page loads, each answered from this version's folder.
    for name in ("js/app.js", "js/table.js", "js/felt.js", "css/app.css", "css/felt.css"):
        assert f"{prefix[1]}/{name}" in files
    for path in files:
        assert path.startswith(f"{prefix[1]}/"), path
        assert client.get(path).status_code == 200, path
    assert f"{prefix[1]}/worker.js" not in files
    # Nor the curve modules only a private table's page imports.
    assert not [path for path in files if "/vendor/" in path], files
    # Nothing of the API, no page of a link, no token.
    links = created["links"].values()
    secrets = [created["host_token"], *(link.rsplit("/", 1)[1] for link in links)]
    assert not any(secret in answer.text for secret in secrets)
    assert "/api/" not in json.dumps(shell)
    assert shell["pages"] == [
        "host", "join", "seat", "watch", "felt", "shared", "club", "club-host", "club-join",
    ]  # fmt: skip


def test_a_new_static_version_is_a_new_worker() -> None:
    old = Shell(root="", prefix="/static/aaaaaaaaaaaa", files=["js/app.js"]).worker()
    new = Shell(root="", prefix="/static/bbbbbbbbbbbb", files=["js/app.js"]).worker()
    assert old != new
    assert _shell(new)["files"] == ["/static/bbbbbbbbbbbb/js/app.js"]
    # Its cache is named for its version, and activating it deletes every other shell's.
    assert "`wildstud-shell-${version}`" in new
    assert 'name.startsWith("wildstud-shell-") && name !== CACHE' in new


def test_the_page_policy_admits_the_worker_and_the_manifest(client: httpx.Client) -> None:
    policy = client.get("/").headers["content-security-policy"]
    assert "worker-src 'self'" in policy
    assert "manifest-src 'self'" in policy


async def _behind_a_proxy() -> tuple[str, dict[str, object], dict[str, object]]:
    config = ServerConfig(
        database_url="sqlite://", public_url=public_address("https://cards.example/poker")
    )
    # The proxy strips its prefix: the application is asked at its own paths (no lifespan:
    # these answers need no table).
    transport = httpx.ASGITransport(app=create_app(config))
    async with httpx.AsyncClient(transport=transport, base_url="http://proxied") as client:
        page = (await client.get("/")).text
        manifest = (await client.get("/manifest.webmanifest")).json()
        shell = _shell((await client.get("/sw.js")).text)
    return page, manifest, shell


def test_behind_a_proxy_the_shell_lies_under_its_prefix() -> None:
    page, manifest, shell = asyncio.run(_behind_a_proxy())
    assert '<link rel="manifest" href="/poker/manifest.webmanifest" />' in page
    assert manifest["start_url"] == "/poker/"
    icons = manifest["icons"]
    assert isinstance(icons, list)
    assert all(icon["src"].startswith("/poker/static/") for icon in icons)
    assert shell["page"] == "/poker/"
    files = shell["files"]
    assert isinstance(files, list)
    assert all(path.startswith("/poker/static/") for path in files)


def test_the_felt_page_and_its_join_code(client: httpx.Client) -> None:
    created = client.post("/api/tables", json=TABLE).json()
    links = created["links"]
    watch = links["watch"].rsplit("/", 1)[1]
    assert links["felt"] == links["watch"].replace("/watch/", "/felt/")
    felt = client.get(f"/felt/{watch}")
    assert felt.status_code == 200
    assert felt.headers["cache-control"] == "no-store"
    assert felt.text == client.get("/").text
    code = client.get(f"/api/watch/{watch}/join-qr")
    assert code.status_code == 200
    assert code.headers["content-type"] == "image/svg+xml"
    assert code.headers["cache-control"] == "no-store"
    # The public join link, drawn by the server: never the host's link or a seat's.
    assert code.text == qrcodes.image(links["join"], title="Scan to join the table")
    assert 'xmlns="http://www.w3.org/2000/svg"' in code.text
    for token in ("nope", created["host_token"], links["join"].rsplit("/", 1)[1]):
        refused = client.get(f"/api/watch/{token}/join-qr")
        assert refused.status_code == 404
        assert refused.json() == {"detail": "No table is watched with this token"}
    # New links: the old felt's code goes with the old watch link.
    renewed = client.post(f"/api/host/{created['host_token']}/links").json()["links"]
    assert client.get(f"/api/watch/{watch}/join-qr").status_code == 404
    fresh = renewed["watch"].rsplit("/", 1)[1]
    assert client.get(f"/api/watch/{fresh}/join-qr").text == qrcodes.image(
        renewed["join"], title="Scan to join the table"
    )


def test_a_felt_path_is_redacted_from_the_logs() -> None:
    assert redact('"GET /felt/s3cr3t HTTP/1.1" 200') == '"GET /felt/… HTTP/1.1" 200'
    assert redact('"GET /api/watch/s3cr3t/join-qr HTTP/1.1" 200') == (
        '"GET /api/watch/…/join-qr HTTP/1.1" 200'
    )
