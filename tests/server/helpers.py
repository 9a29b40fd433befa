"""What the server tests share beyond their fixtures (``conftest.py``) and the client
(``wsclient.py``): how an HTTP refusal is checked, and a connection held in memory."""

from __future__ import annotations

from typing import Any

__all__ = ["Listener", "refused"]


def refused(response: Any, status: int, *words: str) -> str:
    """The detail of a refusal, once the answer has ``status`` and one sentence of detail
    (never the echo of what was sent) that holds each of ``words``."""
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str), detail
    for word in words:
        assert word in detail, detail
    return detail


class Listener:
    """A player's connection, in memory: it keeps the frames it is sent."""

    def __init__(self, seat: int) -> None:
        self.seat: int | None = seat
        self.frames: list[str] = []

    def send(self, text: str) -> None:
        self.frames.append(text)

    def close(self, code: int, reason: str) -> None:
        pass
