"""How an invalid request or frame is described: the fields at fault and what is wrong with
each, in one short sentence that never repeats what the client sent.

FastAPI's own answer to an invalid request echoes every bad value back (its ``input``), which
a hostile client could make as large as the body limit; pydantic's messages say what was
expected, not what was sent, and each is cut short in case a validator quotes its input.

>>> from pydantic import BaseModel, ValidationError
>>> class Seat(BaseModel):
...     name: str
...     seat: int
>>> try:
...     Seat.model_validate({"name": "x" * 500, "seat": "y" * 500})
... except ValidationError as error:
...     print(describe(error.errors(), "not a valid seat"))
not a valid seat: seat: Input should be a valid integer, unable to parse string as an integer
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["MAX_PROBLEMS", "describe", "in_players_terms", "sentence"]

MAX_PROBLEMS = 3
"""Problems named in one answer (3); the client fixes those and learns of the next."""
_FIELD = 60
_MESSAGE = 120


def _cut(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"


def describe(errors: Iterable[Mapping[str, Any]], what: str) -> str:
    """``what``, then each error's field and message (at most :data:`MAX_PROBLEMS`)."""
    problems = []
    for item in list(errors)[:MAX_PROBLEMS]:
        where = ".".join(str(part) for part in item.get("loc", ())) or "request"
        problems.append(f"{_cut(where, _FIELD)}: {_cut(str(item.get('msg', 'invalid')), _MESSAGE)}")
    return f"{what}: " + "; ".join(problems) if problems else what


def sentence(text: str) -> str:
    """A refusal as a person reads it: a sentence, its first letter a capital. The library's
    errors start in lower case (the command line puts them after ``error:``); every error the
    server sends, in an error frame or an HTTP answer, goes through here.

    >>> sentence("no seat has this token"), sentence("Not Found"), sentence("")
    ('No seat has this token', 'Not Found', '')
    """
    return text[:1].upper() + text[1:]


# A seat as the engine names it (wildstud.seats.seat_label, "p3"; "P3" once made a sentence),
# with what says the seat does or owns something, for the seat's own player to read of "you".
_LABEL = re.compile(r"\b[pP]([1-9][0-9]?)\b('s| has| holds| is| brings| needs| was)?")
_YOU = {
    None: "you",
    "'s": "your",
    " has": "you have",
    " holds": "you hold",
    " is": "you are",
    " brings": "you bring",
    " needs": "you need",
    " was": "you were",
}
# What the engine says of the seat's own things once the seat is named ("its hand", and "it has
# no hand" after "p3 cannot muck:"); "it is" is left alone ("it is p1's turn").
_OWN = re.compile(r"\bits (hand|cards)\b|\bit has\b")


def in_players_terms(message: str, names: Sequence[str], you: int | None) -> str:
    """An engine's refusal in the players' terms: each seat the engine names by its label
    (``p3``: its 0-based seat 2 in the hand) named by ``names`` (the hand's, by engine seat), and
    ``you`` (the reader's engine seat, if dealt in) said as "you". The engine keeps its labels
    (its errors are the library's and the command line's); a player never sees them. A label
    that names no one in ``names`` is "another player".

    >>> names = ("Ann", "Bob", "Cy")
    >>> in_players_terms("p3 cannot raise: it is p1's turn to act", names, 2)
    "you cannot raise: it is Ann's turn to act"
    >>> in_players_terms("p2's hand takes part of a pot: it is shown anyway", names, 1)
    'your hand takes part of a pot: it is shown anyway'
    >>> in_players_terms("p1 cannot muck: it has no hand in this deal", names, 0)
    'you cannot muck: you have no hand in this deal'
    >>> in_players_terms("p2 must act before the dealer goes on", names, None)
    'Bob must act before the dealer goes on'
    >>> in_players_terms("p9 has answered already", names, 0)
    'another player has answered already'
    """

    mine = False  # whether the reader's own seat is named

    def name(match: re.Match[str]) -> str:
        nonlocal mine
        seat = int(match.group(1)) - 1
        tail = match.group(2)
        if seat == you:
            mine = True
            return _YOU[tail]
        return (names[seat] if seat < len(names) else "another player") + (tail or "")

    said = _LABEL.sub(name, message)
    if not mine:
        return said
    return _OWN.sub(lambda own: "you have" if own[1] is None else f"your {own[1]}", said)
