"""What the server tests share beyond their fixtures (``conftest.py``) and the client
(``wsclient.py``): how an HTTP refusal is checked."""

from __future__ import annotations

from typing import Any

__all__ = ["refused"]


def refused(response: Any, status: int, *words: str) -> str:
    """The detail of a refusal, once the answer has ``status`` and one sentence of detail
    (never the echo of what was sent) that holds each of ``words``."""
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str), detail
    for word in words:
        assert word in detail, detail
    return detail
