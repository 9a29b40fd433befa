"""``wildstud serve --lan`` (issue 22 item 7): the server listens on every interface and prints,
before it starts, the address the phones on the network open, in words and as a QR code.

No test sends anything to an address but the loopback: the function that finds the machine's
address is given a stand-in socket that records what it is asked, and the server started with
``--lan`` is asked only at 127.0.0.1."""

from __future__ import annotations

import re
import socket
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import MANY_TABLES, WILDSTUD, Server
from tests.tools.wsclient import Api
from wildstud.server import qrcodes
from wildstud.server.lan import lan_banner, lan_url, local_address


class _Probe:
    """A stand-in UDP socket: it records what it is asked and answers with ``address``. It has
    no way to send: were the function to send a packet, it would fail."""

    def __init__(self, address: str, error: OSError | None = None) -> None:
        self.address = address
        self.error = error
        self.asked: list[tuple[str, Any]] = []

    def __call__(self, family: int, kind: int) -> _Probe:
        self.asked.append(("open", (family, kind)))
        return self

    def __enter__(self) -> _Probe:
        return self

    def __exit__(self, *args: object) -> None:
        self.asked.append(("close", None))

    def connect(self, address: tuple[str, int]) -> None:
        self.asked.append(("connect", address))
        if self.error is not None:
            raise self.error

    def getsockname(self) -> tuple[str, int]:
        return (self.address, 40000)


def test_the_local_address_is_the_one_the_route_to_a_private_network_leaves_from() -> None:
    probe = _Probe("192.168.1.20")
    assert local_address(probe) == "192.168.1.20"
    assert probe.asked[0] == ("open", (socket.AF_INET, socket.SOCK_DGRAM))
    kind, target = probe.asked[1]
    assert kind == "connect"
    # A datagram socket's connect picks a route and sends nothing: to a private address.
    assert target[0].startswith("10.")
    assert probe.asked[-1] == ("close", None)


@pytest.mark.parametrize(
    "probe",
    [
        _Probe("127.0.1.1"),
        _Probe("0.0.0.0"),
        _Probe("not an address"),
        _Probe("192.168.1.20", OSError(101, "Network is unreachable")),
    ],
    ids=["loopback", "unspecified", "nonsense", "no-network"],
)
def test_no_local_address_without_a_network(probe: _Probe) -> None:
    assert local_address(probe) is None


def test_the_banner_says_the_address_and_draws_its_code() -> None:
    url = lan_url("192.168.1.20", 8000)
    assert url == "http://192.168.1.20:8000"
    assert lan_url("192.168.1.20", 8443, tls=True) == "https://192.168.1.20:8443"
    banner = lan_banner(url, 8000)
    assert "open http://192.168.1.20:8000/ or scan" in banner
    assert qrcodes.terminal("http://192.168.1.20:8000/") in banner
    assert "firewall" in banner
    alone = lan_banner(None, 8000)
    assert "no address on a local network" in alone
    assert "http://127.0.0.1:8000/" in alone
    assert "█" not in alone


def test_lan_and_host_are_one_or_the_other(tmp_path: Path) -> None:
    result = subprocess.run(
        [WILDSTUD, "serve", "--database-url", f"sqlite:///{tmp_path / 'db'}", "--lan",
         "--host", "127.0.0.2"],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 2
    assert "--lan listens on every interface: give --lan or --host, not both" in result.stderr
    assert not (tmp_path / "db").exists()  # refused before anything was started


def test_serve_lan_prints_where_to_go_and_answers_on_the_loopback(tmp_path: Path) -> None:
    server = Server(
        f"sqlite:///{tmp_path / 'wildstud.sqlite3'}",
        tmp_path / "server.log",
        options=(*MANY_TABLES, "--lan"),
    ).start()  # it waits for the health check at 127.0.0.1
    try:
        printed = server.log_text()
        # What this machine's address is, found the same way (nothing is sent to find it).
        address = local_address()
        if address is None:
            assert "no address on a local network" in printed
            assert f"http://127.0.0.1:{server.port}/" in printed
            return
        url = f"http://{address}:{server.port}"
        assert f"open {url}/ or scan" in printed
        assert qrcodes.terminal(f"{url}/") in printed
        # The links handed out are the ones a phone on the network can open.
        created = Api(server.base).create(name="lan", games=[{"game": "FTQ"}], seats=2)
        assert created["links"]["join"].startswith(f"{url}/join/")
        socket_link = created["links"]["watch_socket"]
        assert re.match(rf"ws://{re.escape(address)}:{server.port}/ws/watch/", socket_link)
        assert httpx.get(f"{server.base}/", trust_env=False).status_code == 200
    finally:
        server.stop()
