"""A connection's send queue: a client that falls too far behind is closed, and a close keeps
the frames already queued whenever there is room for the closing marker."""

from __future__ import annotations

import asyncio
from typing import Any

from wildstud.server.socket import SEND_QUEUE, Connection


class _Socket:
    """Stands in for a WebSocket: records what is sent and how it is closed."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def _drain(connection: Connection) -> None:
    asyncio.run(asyncio.wait_for(connection.write(), 5))


def test_a_client_too_far_behind_is_closed_and_told_to_reconnect() -> None:
    socket = _Socket()
    connection = Connection(socket, seat=0)  # type: ignore[arg-type]
    for number in range(SEND_QUEUE + 5):
        connection.send(f"frame {number}")
    _drain(connection)
    assert socket.closed == (1008, "too far behind: reconnect")
    assert len(socket.sent) < SEND_QUEUE  # what was queued is dropped: the client resyncs


def test_a_close_with_room_for_its_marker_sends_every_frame_first() -> None:
    socket = _Socket()
    connection = Connection(socket, seat=None)  # type: ignore[arg-type]
    frames: list[Any] = [f"frame {number}" for number in range(SEND_QUEUE - 1)]
    for frame in frames:
        connection.send(frame)
    connection.close(4000, "seat removed")  # the marker takes the last free place
    _drain(connection)
    assert socket.sent == frames
    assert socket.closed == (4000, "seat removed")
