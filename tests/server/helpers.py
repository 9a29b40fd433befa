"""What the server tests share beyond their fixtures (``conftest.py``) and the client
(``wsclient.py``): how an HTTP refusal is checked, a connection held in memory, and which
cards a frame holds."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from wildstud.cards import DECK

__all__ = ["CARDS", "Listener", "Player", "cards_in", "refused"]

CARDS = frozenset(str(card) for card in DECK)
"""Every card's code (``Qh``)."""


def cards_in(value: Any) -> set[str]:
    """Every card code anywhere in a frame, but in lists of the wild cards (which name whole
    ranks, or the queen of spades, whoever holds them).

    >>> sorted(cards_in({"card": "Qh", "wild": ["Qs"], "names": ["ann"]}))
    ['Qh']
    """
    if isinstance(value, str):
        return {value} if value in CARDS else set()
    if isinstance(value, dict):
        items = [item for key, item in value.items() if key not in ("wild", "was")]
        return set().union(*(cards_in(item) for item in items)) if items else set()
    if isinstance(value, list):
        return set().union(*(cards_in(item) for item in value)) if value else set()
    return set()


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


class Player:
    """A seat's connection, in memory, as the socket layer would hand it to the table: it
    keeps the frames it is sent (decoded) and how it was closed, and runs what the table asks
    to run once its frames are sent at once."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.frames: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None

    def send(self, text: str) -> None:
        self.frames.append(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def then(self, callback: Callable[[], None]) -> None:
        callback()
