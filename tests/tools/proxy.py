"""A reverse proxy for the tests: Debian's nginx on the loopback address, running the block that
docs/deploy.md gives (certificate paths and ports replaced), with a self-signed certificate.
"""

from __future__ import annotations

import os
import re
import shutil
import ssl
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
GUIDE = ROOT / "docs" / "deploy.md"


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for localhost and 127.0.0.1, and its key, in ``folder``."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    return cert, key


def trust(cert: Path) -> ssl.SSLContext:
    """A TLS context that trusts ``cert`` (and nothing else)."""
    return ssl.create_default_context(cafile=str(cert))


def guide_block(language: str) -> str:
    """The deployment guide's first fenced block in ``language``."""
    found = re.search(rf"```{language}\n(.*?)```", GUIDE.read_text(), re.DOTALL)
    assert found, f"docs/deploy.md has no {language} block"
    return found.group(1)


def _guide_server(folder: Path) -> str:
    """The guide's nginx block, its access log written to ``folder``'s ``access.log``."""
    return guide_block("nginx").replace(
        "/var/log/nginx/wildstud.access.log", str(folder / "access.log")
    )


@contextmanager
def nginx(folder: Path, certificate: tuple[Path, Path], port: int, upstream: int) -> Iterator[str]:
    """The guide's nginx on ``port`` in front of a server on ``upstream``; yields the public
    address of the tables (``https://localhost:PORT/poker``)."""
    if not os.access(NGINX, os.X_OK):
        pytest.fail("nginx is missing: scripts/test installs Debian's nginx-light")
    cert, key = certificate
    public = f"https://localhost:{port}/poker"
    block = (
        _guide_server(folder)
        .replace("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;")
        .replace("/etc/letsencrypt/live/cards.example.org/fullchain.pem", str(cert))
        .replace("/etc/letsencrypt/live/cards.example.org/privkey.pem", str(key))
        .replace("127.0.0.1:8000", f"127.0.0.1:{upstream}")
    )
    for temp in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (folder / temp).mkdir(exist_ok=True)
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers must read the test's files
    (folder / "nginx.conf").write_text(
        f"{user}worker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
        "events { worker_connections 64; }\n"
        f"http {{\naccess_log off;\nclient_body_temp_path {folder}/body;\n"
        f"proxy_temp_path {folder}/proxy;\nfastcgi_temp_path {folder}/fastcgi;\n"
        f"uwsgi_temp_path {folder}/uwsgi;\nscgi_temp_path {folder}/scgi;\n{block}\n}}\n"
    )
    process = subprocess.Popen(
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
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"nginx did not start: {process.stderr}") from None
                time.sleep(0.1)
        yield public
    finally:
        process.terminate()
        process.wait(10)


@contextmanager
def cluster_nginx(folder: Path, port: int, upstreams: list[int]) -> Iterator[str]:
    """The guide's nginx for a cluster, in plain HTTP on ``port``, in front of the processes on
    ``upstreams`` (as many as the guide's, in its order): round-robin for a request that names
    no owner, straight to its process for one that does; yields the public address of the
    tables (``http://127.0.0.1:PORT/poker``)."""
    if not os.access(NGINX, os.X_OK):
        pytest.fail("nginx is missing: scripts/test installs Debian's nginx-light")
    folder.mkdir(parents=True, exist_ok=True)
    blocks = re.findall(r"```nginx\n(.*?)```", GUIDE.read_text(), re.DOTALL)
    cluster = next(block for block in blocks if "upstream wildstud" in block)
    upstream = re.search(r"upstream wildstud \{.*?\n\}", cluster, re.DOTALL)
    assert upstream, "docs/deploy.md: no upstream block for the cluster"
    addresses = re.findall(r"^\s*server (\S+) ", upstream.group(0), re.MULTILINE)
    assert len(addresses) == len(upstreams), f"the guide's cluster has {len(addresses)} processes"
    config = "\n".join(line for line in cluster.splitlines() if not line.startswith("#"))
    for address, up in zip(addresses, upstreams, strict=True):
        config = config.replace(address, f"127.0.0.1:{up}")
    directives = re.findall(r"^#\s+((?:proxy_\w+|rewrite) .*;)$", cluster, re.MULTILINE)
    block = (
        _guide_server(folder)
        .replace("listen 443 ssl;", f"listen 127.0.0.1:{port};")
        .replace("proxy_pass http://127.0.0.1:8000/;", "\n        ".join(directives))
    )
    block = re.sub(r"^\s*ssl_certificate.*\n", "", block, flags=re.MULTILINE)
    for temp in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (folder / temp).mkdir(exist_ok=True)
    user = "user root;\n" if os.geteuid() == 0 else ""
    (folder / "nginx.conf").write_text(
        f"{user}worker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
        "events { worker_connections 4096; }\n"
        f"http {{\naccess_log off;\nclient_body_temp_path {folder}/body;\n"
        f"proxy_temp_path {folder}/proxy;\nfastcgi_temp_path {folder}/fastcgi;\n"
        f"uwsgi_temp_path {folder}/uwsgi;\nscgi_temp_path {folder}/scgi;\n"
        f"{config}\n{block}\n}}\n"
    )
    process = subprocess.Popen(
        [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
        stderr=subprocess.PIPE,
    )
    public = f"http://127.0.0.1:{port}/poker"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(f"{public}/api/health", timeout=1, trust_env=False)
                break
            except httpx.HTTPError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"nginx did not start: {process.stderr}") from None
                time.sleep(0.1)
        yield public
    finally:
        process.terminate()
        process.wait(10)
