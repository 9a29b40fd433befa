"""What the server tests share beyond their fixtures (``conftest.py``) and the client
(``wsclient.py``): how an HTTP refusal is checked, a connection held in memory, and which
cards a frame holds."""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from wildstud.cards import DECK
from wildstud.private_rounds import Agent, Row
from wildstud.server.private_replay import deals_of
from wildstud.server.store.records import PrivateRound
from wildstud.server.table.private_reveal import context

__all__ = [
    "CARDS",
    "Listener",
    "Player",
    "cards_in",
    "found_in_database",
    "refused",
    "server_hole_cards",
    "standing_alone",
]

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

    def then(self, callback: Callable[[], None]) -> None:
        callback()  # the frames are kept as they are sent


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


def standing_alone(text: str, codes: set[str]) -> set[str]:
    """The card codes that stand alone in ``text`` (not inside a longer word or hexadecimal).

    >>> sorted(standing_alone("Ann shows Qh; key 9f3Qsab", {"Qh", "Qs"}))
    ['Qh']
    """
    return {
        code for code in codes if re.search(rf"(?<![0-9A-Za-z_-]){code}(?![0-9A-Za-z_-])", text)
    }


def server_hole_cards(path: Path, table_id: str) -> dict[tuple[int, int, int], set[str]]:
    """The face-down cards the server opened for its own seats (its bots'), by (hand, deal,
    engine seat): each deal's rounds replayed from the SQLite database's rows, opened with the
    server's secret from its ``agent`` row, as the server opens them for a bot's view. What a
    test searches the database and the log for (none of them may be there in the clear)."""
    with contextlib.closing(sqlite3.connect(path)) as database:
        found = database.execute(
            "SELECT hand_number, seq, deal, kind, party, data FROM private_rounds"
            " WHERE table_id = ? ORDER BY hand_number, seq",
            (table_id,),
        ).fetchall()
    by_hand: dict[int, list[PrivateRound]] = {}
    for number, seq, deal, kind, party, data in found:
        by_hand.setdefault(number, []).append(PrivateRound(number, seq, deal, kind, party, data))
    holes: dict[tuple[int, int, int], set[str]] = {}
    for number, rows in by_hand.items():
        agents = {
            row.deal: Agent.load(Row(row.deal, "agent", row.party, row.data))
            for row in rows
            if row.kind == "agent"
        }
        for deal, rounds in deals_of(context(table_id, number), rows).items():
            server = len(rounds.parties) - 1
            for position, seat in rounds.owners.items():
                if rounds.owner(seat) == server:
                    shown = rounds.shown.get(position)  # the show took its last mask off
                    card = shown or agents[deal].open_own(rounds, position)
                    holes.setdefault((number, deal, seat), set()).add(str(card))
    return holes


def found_in_database(
    path: Path, codes: set[str], by_hand: Mapping[int, set[str]] | None = None
) -> set[str]:
    """The card codes any value of any table of a SQLite database holds: a JSON value's cards
    (but its lists of wild cards, which name whole ranks: ``cards_in``), else its words.
    ``by_hand``: a row of one hand (the ``hands`` table's ``number``, another's
    ``hand_number``) is searched for that hand's codes instead (a card kept hidden in one
    hand may be shown in another of the night)."""
    found: set[str] = set()
    with contextlib.closing(sqlite3.connect(path)) as database:
        names = database.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        for (name,) in names.fetchall():
            cursor = database.execute(f'SELECT * FROM "{name}"')
            columns = [column[0] for column in cursor.description]
            hand = "number" if name == "hands" else "hand_number"
            for row in cursor:
                number = dict(zip(columns, row, strict=True)).get(hand)
                wanted = codes if by_hand is None or number is None else by_hand.get(number, set())
                for value in row:
                    if not isinstance(value, str):
                        continue
                    try:
                        found |= cards_in(json.loads(value)) & wanted
                    except ValueError:
                        found |= standing_alone(value, wanted)
    return found
