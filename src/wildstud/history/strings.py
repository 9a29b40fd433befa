"""Records as strings, as :mod:`json` and :mod:`tomllib` name the calls: :func:`loads` and
:func:`dumps` beside :func:`~wildstud.history.phh.load` and :func:`~wildstud.history.phh.dump`.

Input of the wrong kind for its call (PHH text given to ``load`` as if it were a file name, JSON
or a file name given to ``loads``) is refused with a :class:`~wildstud.errors.RecordError` that
names the call to use instead.

>>> from wildstud.history import CheckCall, HandRecord
>>> record = HandRecord(variant="FTQ", antes=(1, 1), bring_in=2, small_bet=5, big_bet=10,
...                     starting_stacks=(100, 100), actions=(CheckCall(0),))
>>> text = dumps(record)
>>> text.splitlines()[0], loads(text) == record
('variant = "FTQ"', True)
>>> from wildstud.errors import RecordError
>>> try:
...     loads('{"variant": "FTQ", "antes": [1, 1]}')
... except RecordError as error:
...     print(error)  # doctest: +ELLIPSIS
not TOML: ... (this is JSON: give json.loads(text) to record_from_fields())
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from wildstud.errors import RecordError
from wildstud.history import phh
from wildstud.history.schema import HandRecord

__all__ = ["dumps", "loads"]

_FILE_NAME = re.compile(r"[^\n=\"\[\]{}]+\.(phhs?|toml|json)", re.IGNORECASE)
_TOML_LINE = re.compile(r"^\s*[\"'A-Za-z0-9_-]+\s*=", re.MULTILINE)


def loads(text: str | bytes, *, lenient: bool = False, preset: str | None = None) -> HandRecord:
    """A record from PHH text (TOML, as ``str`` or UTF-8 ``bytes``): the reverse of :func:`dumps`;
    ``lenient`` and ``preset`` as :func:`~wildstud.history.phh.read_record` takes them.

    >>> loads("variant = 'FTQ'")
    Traceback (most recent call last):
    ...
    wildstud.errors.RecordError: field `antes`: missing (every record needs it)
    >>> loads("hands/42.phh")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.errors.RecordError: not TOML: ... (this is a file name: use load('hands/42.phh'))
    """
    if isinstance(text, os.PathLike):
        raise RecordError(f"loads() reads PHH text, not a file: use load({os.fspath(text)!r})")
    return phh.read_record(text, lenient=lenient, preset=preset)


def dumps(record: HandRecord) -> str:
    """The record as PHH text (TOML) that :func:`loads` reads back to an equal record."""
    return phh.write_record(record)


def not_toml_hint(text: str) -> str:
    """What to call instead, for text that is not TOML (empty when there is no better guess).

    >>> not_toml_hint('[{"variant": "FTQ"}]')
    ' (this is JSON: give each item of json.loads(text) to record_from_fields())'
    >>> not_toml_hint("variant: FTQ"), not_toml_hint("night 3.phh")
    ('', " (this is a file name: use load('night 3.phh'))")
    """
    if _FILE_NAME.fullmatch(text.strip()):
        return f" (this is a file name: use load({text.strip()!r}))"
    if not text.lstrip().startswith(("{", "[")):
        return ""
    try:
        data = json.loads(text)
    except ValueError:
        return ""
    each = "each item of " if isinstance(data, list) else ""
    return f" (this is JSON: give {each}json.loads(text) to record_from_fields())"


def read_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the file at ``path``, for ``load``: a record's own text given as if it were
    a file name is refused, naming :func:`loads`; any other file that cannot be read raises the
    usual :class:`OSError`.

    >>> read_file('variant = "FTQ"')
    Traceback (most recent call last):
    ...
    wildstud.errors.RecordError: load() reads a file, and this is a record's text: use loads(text)
    """
    try:
        return Path(path).read_bytes()
    except OSError:
        if isinstance(path, str) and _TOML_LINE.search(path):
            raise RecordError(
                "load() reads a file, and this is a record's text: use loads(text)"
            ) from None
        raise
