"""``wildstud serve --lan``: the server on every interface of the machine, for the phones in the
room, and the words and QR code that tell them where to go.

The machine's address on its local network is the one its system would send from to reach a
private address. A UDP socket "connected" to such an address answers that without sending a
packet: connecting a datagram socket only picks the route.

>>> class Fake:
...     def __init__(self, *args): pass
...     def __enter__(self): return self
...     def __exit__(self, *args): pass
...     def connect(self, address): pass
...     def getsockname(self): return ("192.168.1.20", 50000)
>>> local_address(Fake)
'192.168.1.20'
>>> lan_url("192.168.1.20", 8000)
'http://192.168.1.20:8000'
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from typing import Any

from wildstud.server import qrcodes

__all__ = ["ANY_INTERFACE", "lan_banner", "lan_url", "local_address"]

ANY_INTERFACE = "0.0.0.0"
"""The address that listens on every interface (IPv4)."""

# A private address nobody needs to own: only the route to it is looked up, nothing is sent.
_PROBE = ("10.254.254.254", 9)


def local_address(open_socket: Callable[..., Any] = socket.socket) -> str | None:
    """This machine's IPv4 address on its local network, or ``None`` when it has none (no
    network, or only the loopback). ``open_socket`` makes the probing socket (a stand-in in
    tests): it is connected, which for UDP sends nothing, and asked its own address."""
    try:
        with open_socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            found = str(probe.getsockname()[0])
    except OSError:
        return None
    try:
        address = ipaddress.ip_address(found)
    except ValueError:
        return None
    if address.is_loopback or address.is_unspecified:
        return None
    return found


def lan_url(address: str, port: int, *, tls: bool = False) -> str:
    """The server's address for the other devices on the network (no trailing slash)."""
    return f"{'https' if tls else 'http'}://{address}:{port}"


def lan_banner(url: str | None, port: int) -> str:
    """What ``serve --lan`` prints before it starts: where the phones go, in words and as a QR
    code, and what listening on every interface means; or, with no ``url`` (no network
    address found), that the tables are reachable from this machine only for now.

    >>> print(lan_banner(None, 8000))  # doctest: +ELLIPSIS
    wildstud is listening on every interface, but this machine has no address on a local ...
    """
    if url is None:
        return (
            "wildstud is listening on every interface, but this machine has no address on a"
            f" local network: open http://127.0.0.1:{port}/ here, and join a network to let"
            " phones in."
        )
    return (
        f"wildstud is listening on every interface. On this network, open {url}/ or scan:\n"
        f"{qrcodes.terminal(url + '/')}"
        "Anyone who can reach this machine can open the home page and create a table; a"
        " table's links carry its secrets. Let your firewall allow this port on your home"
        " network only."
    )
