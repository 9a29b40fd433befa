"""The headers of every kind of answer: the content security policy, no referrer, no
sniffing, no framing, ``no-store`` wherever a token may be; versioned static files cached for
good and the page that names them checked every time; /docs with its own policy; the database
file readable by its owner only."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import stat
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import Server
from tests.tools.wsclient import Api
from wildstud.server.config import default_database_path
from wildstud.server.headers import PAGE_POLICY


def _secured(answer: httpx.Response, cache: str = "no-store") -> None:
    assert answer.headers["content-security-policy"] == PAGE_POLICY, answer.url
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["cache-control"] == cache, answer.url


def test_every_answer_carrying_a_token_is_secured_and_never_stored(server: Server) -> None:
    api = Api(server.base)
    http = api.http
    create = http.post("/api/tables", json={"name": "h", "games": [{"game": "FTQ"}], "seats": 2})
    assert create.status_code == 201
    _secured(create)
    created = create.json()
    host = created["host_token"]
    join = created["links"]["join"].rsplit("/", 1)[1]
    watch = created["links"]["watch"].rsplit("/", 1)[1]
    granted = http.post(f"/api/join/{join}", json={"name": "ann"})
    _secured(granted)
    seat = granted.json()["token"]
    pages = (f"/host/{host}", f"/join/{join}", f"/seat/{seat}", f"/watch/{watch}", f"/felt/{watch}")
    for path in pages:
        page = http.get(path)
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        _secured(page)
    for path in (f"/api/host/{host}", f"/api/seat/{seat}/hand/phh", "/api/host/nope"):
        _secured(http.get(path))
    # Refusals of every kind too.
    _secured(http.post(f"/api/join/{join}", json={"name": ""}))  # 422
    _secured(http.post(f"/api/join/{join}", content=b"x" * 70_000))  # 413
    _secured(http.get("/nowhere"))  # 404


def test_static_files_are_versioned_and_cached_for_good(server: Server) -> None:
    http = Api(server.base).http
    home = http.get("/")
    _secured(home, "no-cache")
    found = re.search(r'src="(/static/[0-9a-f]{12}/)js/app\.js"', home.text)
    assert found is not None, home.text
    prefix = found[1]
    assert f'href="{prefix}css/app.css"' in home.text
    for name, kind in (("js/app.js", "javascript"), ("js/table.js", "javascript"),
                       ("css/app.css", "text/css")):  # fmt: skip
        answer = http.get(prefix + name)
        assert answer.status_code == 200
        assert kind in answer.headers["content-type"]
        _secured(answer, "public, max-age=31536000, immutable")
        # A page opened before an upgrade still loads, and checks every time.
        old = http.get(f"/static/{name}")
        assert old.content == answer.content
        _secured(old, "no-cache")
    assert http.get("/static/000000000000/js/app.js").status_code == 404


def test_the_api_page_is_served_from_the_server_under_its_own_policy(server: Server) -> None:
    http = Api(server.base).http
    docs = http.get("/docs")
    assert docs.status_code == 200
    assert "https://" not in docs.text
    assert "http://" not in docs.text
    policy = docs.headers["content-security-policy"]
    scripts = re.findall(r"<script>(.*?)</script>", docs.text, re.DOTALL)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    assert f"script-src 'self' 'sha256-{digest}';" in policy
    assert "unsafe" not in policy
    assert "frame-ancestors 'none'" in policy
    for asset in re.findall(r'(?:src|href)="(/docs-assets/[^"]+)"', docs.text):
        assert http.get(asset).status_code == 200
    assert http.get("/openapi.json").json()["info"]["title"] == "wildstud"


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_database_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    database = tmp_path / "new" / "wildstud.sqlite3"
    server = Server(f"sqlite:///{database}", tmp_path / "server.log").start()
    try:
        Api(server.base).create(games=[{"game": "FTQ"}], seats=2)
        assert _mode(database.parent) == 0o700
        assert _mode(database) == 0o600
        companions = [Path(f"{database}-wal"), Path(f"{database}-shm")]
        assert all(path.exists() for path in companions)  # the store runs in WAL mode
        for path in companions:
            assert _mode(path) == 0o600, path
    finally:
        server.stop()


def test_the_default_data_folder_is_its_owners_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = default_database_path()
    assert path.parent == tmp_path / "data" / "wildstud"
    assert _mode(path.parent) == 0o700
    path.parent.chmod(0o755)  # as an older version left it
    assert _mode(default_database_path().parent) == 0o700


def test_a_mistyped_address_in_a_browser_gets_a_page_and_the_api_keeps_json(
    server: Server,
) -> None:
    browser = {"accept": "text/html,application/xhtml+xml"}
    page = httpx.get(f"{server.base}/no/such/page", headers=browser)
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert "There is no page at this address" in page.text
    api = httpx.get(f"{server.base}/api/no-such-thing", headers=browser)
    assert api.status_code == 404
    assert api.json() == {"detail": "Not Found"}


def test_the_pages_answer_head_as_they_answer_get(server: Server) -> None:
    for path in ("/", "/join/some-token", "/host/x", "/seat/x", "/watch/x", "/docs"):
        answer = httpx.head(f"{server.base}{path}")
        assert answer.status_code == 200, path
        assert answer.headers["content-type"].startswith("text/html")
