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

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["MAX_PROBLEMS", "describe", "sentence"]

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
