"""How long a client may take to say what it wants: a request's headers within a few seconds.

uvicorn closes a keep-alive connection that stays idle between requests, but it has no limit
on how long a request's line and headers may take to arrive: a client that sends a byte now
and then keeps its connection, and a file descriptor of the server, for ever. A thousand such
clients (a slowloris) once held 1,007 of 1,100 connections open after 75 seconds, and at the
systemd unit's 1,024 file descriptors that takes the server down.

:class:`HeaderDeadline` is uvicorn's own HTTP protocol (httptools' parser, or h11's where
httptools is not installed) with one more timer: from the moment a connection opens, or the
first byte of a request after the previous answer, its headers must be complete within
:data:`HEADER_TIMEOUT` seconds, or the connection is closed. A timer per connection, set and
cleared at two points of the parser, costs nothing per byte; a WebSocket is past its headers
before it is upgraded, so an open table connection is never touched. The class is passed to
uvicorn as its ``http`` protocol (``wildstud serve`` does so).

>>> HEADER_TIMEOUT
5.0
>>> issubclass(HeaderDeadline, asyncio.Protocol)
True
"""

from __future__ import annotations

import asyncio
from typing import Any

__all__ = ["HEADER_TIMEOUT", "HeaderDeadline"]

HEADER_TIMEOUT = 5.0
"""Seconds a request's line and headers may take to arrive, from the connection's opening or
the request's first byte."""


class _Deadline:
    """The timer half of :class:`HeaderDeadline`, for either of uvicorn's parsers."""

    header_timeout = HEADER_TIMEOUT
    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    _deadline: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.header_timeout, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            # Not logged: a slowloris would fill the log as fast as it opens connections.
            self.transport.close()


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - without httptools, uvicorn parses with h11
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderDeadline(_Deadline, H11Protocol):
        """uvicorn's h11 protocol, with a deadline on each request's headers."""

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            if self.conn.their_state is h11.IDLE:
                self._arm()  # a new request begins: its headers are due
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:
                self._disarm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

else:

    class HeaderDeadline(_Deadline, HttpToolsProtocol):  # type: ignore[no-redef]
        """uvicorn's httptools protocol, with a deadline on each request's headers."""

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def on_message_begin(self) -> None:
            self._arm()  # the first request's deadline runs from the connection's opening
            super().on_message_begin()

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)
