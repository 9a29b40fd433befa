"""Reading and writing hand records as PHH files (TOML).

:func:`read_record` turns PHH text (or a file, given as a path) into a
:class:`~wildstud.history.notation.HandRecord`; :func:`write_record` turns a record back into
text that reads back to an equal record. :func:`load` and :func:`dump` do the same with files.
Anything wrong raises :class:`~wildstud.errors.RecordError` naming the field or the action.

>>> text = '''
... variant = "FTQ"
... antes = [1, 1]
... bring_in = 2
... small_bet = 5
... big_bet = 10
... starting_stacks = [100, 100]
... _house_rules = { queens = "all" }
... actions = ["d dh p1 ????7h", "d dh p2 ????2c", "p2 pb # low card"]
... '''
>>> record = read_record(text)
>>> record.actions[-1]
BringIn(player=1, comment='low card')
>>> read_record(write_record(record)) == record
True
>>> read_record(text.replace("????2c", "????2x"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wildstud.errors.RecordError: action 2 (`d dh p2 ????2x`): not PHH cards: '????2x' (...)
"""

from __future__ import annotations

import datetime
import difflib
import math
import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import BinaryIO, TextIO

from wildstud.commitment import Commitment, Proof
from wildstud.errors import RecordError, WildstudError
from wildstud.games import Limit
from wildstud.history import strings  # the hints; it calls back into this module
from wildstud.history.notation import Action, format_action, parse_action
from wildstud.history.presets import preset_rules
from wildstud.history.schema import OPTIONAL_FIELDS, HandRecord
from wildstud.history.tolerance import RecordWarning, Tolerance
from wildstud.history.validators import VARIANTS

__all__ = [
    "RecordsWriter",
    "dump",
    "dump_all",
    "holds_many",
    "load",
    "load_all",
    "read_record",
    "read_records",
    "read_records_apart",
    "record_from_fields",
    "record_to_fields",
    "write_record",
    "write_records",
]

_REQUIRED = ("variant", "antes", "bring_in", "starting_stacks", "actions")
_STAKES = ("small_bet", "big_bet", "min_bet")
_OURS = {
    "_betting": "betting",
    "_spread": "spread",
    "_house_rules": "house_rules",
    "_runs": "runs",
}
_SEALS: dict[str, type[Commitment] | type[Proof]] = {
    "_commitments": Commitment,
    "_proofs": Proof,
}
"""Our fields that hold a list of records, written one record a line."""
_KNOWN = (*_REQUIRED, *_STAKES, *OPTIONAL_FIELDS, *_OURS, *_SEALS)
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+", re.ASCII)


def read_record(
    source: str | bytes | os.PathLike[str], *, lenient: bool = False, preset: str | None = None
) -> HandRecord:
    """A record from PHH text (``str`` or UTF-8 ``bytes``) or from a file (a path object).

    A ``str`` is always the text itself; give a :class:`pathlib.Path` to read a file. A file
    that cannot be opened raises the usual :class:`OSError`; everything else wrong with the
    input raises :class:`~wildstud.errors.RecordError`. With ``lenient``, what the PHH
    specification tolerates passes with a warning in ``record.warnings`` instead
    (:mod:`wildstud.history.tolerance`; the replay adds the tolerances of play). With
    ``preset`` (``"pokerkit"``), a record another program wrote is read under that program's
    rules (:mod:`wildstud.history.presets`).
    """
    return record_from_fields(_toml_fields(source), lenient=lenient, preset=preset)


def _toml_fields(source: str | bytes | os.PathLike[str]) -> dict[str, object]:
    if isinstance(source, os.PathLike):
        source = Path(source).read_bytes()
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"not UTF-8 text: {error}") from None
    if not isinstance(source, str):
        raise RecordError(f"not PHH text: {type(source).__name__}")
    try:
        fields = tomllib.loads(source)
    except tomllib.TOMLDecodeError as error:
        raise RecordError(f"not TOML: {error}{strings.not_toml_hint(source)}") from None
    except (ValueError, RecursionError) as error:
        # tomllib raises plain ValueError for an integer too long to convert.
        raise RecordError(f"not readable TOML: {error}") from None
    return fields


def read_records(
    source: str | bytes | os.PathLike[str], *, lenient: bool = False, preset: str | None = None
) -> tuple[HandRecord, ...]:
    """The hands of a ``.phhs`` file (PHH's file of many hands: one TOML table a hand, ``[1]``,
    ``[2]``, …, in the file's order), or the one hand of a ``.phh`` file.

    An error names the hand by its table: ``hand [2]: action 7 (…): …``.

    >>> one = write_record(HandRecord(variant="BD5", antes=(1, 1), bring_in=0, small_bet=5,
    ...                               big_bet=10, starting_stacks=(20, 20)))
    >>> [record.starting_stacks for record in read_records(write_records([read_record(one)] * 2))]
    [(20, 20), (20, 20)]
    >>> read_records("[1]\\nvariant = 'BD5'")
    Traceback (most recent call last):
    ...
    wildstud.errors.RecordError: hand [1]: field `antes`: missing (every record needs it)
    """
    records: list[HandRecord] = []
    for record in read_records_apart(source, lenient=lenient, preset=preset):
        if isinstance(record, RecordError):
            raise record
        records.append(record)
    return tuple(records)


def read_records_apart(
    source: str | bytes | os.PathLike[str], *, lenient: bool = False, preset: str | None = None
) -> tuple[HandRecord | RecordError, ...]:
    """The hands of a ``.phhs`` file as :func:`read_records` reads them, each on its own: a
    hand that cannot be read is its :class:`~wildstud.errors.RecordError` (naming the hand),
    in its place, and the others are read. A file that is not TOML is refused whole.

    >>> good = write_record(HandRecord(variant="BD5", antes=(1, 1), bring_in=0, small_bet=5,
    ...                                big_bet=10, starting_stacks=(20, 20)))
    >>> text = write_records([read_record(good)]) + "\\n[2]\\nvariant = 'BD5'\\n"
    >>> [str(hand) if isinstance(hand, RecordError) else "read" for hand in
    ...  read_records_apart(text)]
    ['read', 'hand [2]: field `antes`: missing (every record needs it)']
    """
    fields = _toml_fields(source)
    if "variant" in fields or not fields:
        return (record_from_fields(fields, lenient=lenient, preset=preset),)
    records: list[HandRecord | RecordError] = []
    for key, table in fields.items():
        if not isinstance(table, dict):
            records.append(
                RecordError(
                    f"hand [{key}]: a file of many hands (.phhs) holds only tables, one a hand,"
                    f" not {type(table).__name__}"
                )
            )
            continue
        try:
            records.append(record_from_fields(table, lenient=lenient, preset=preset))
        except RecordError as error:
            records.append(type(error)(f"hand [{key}]: {error}"))
    return tuple(records)


def holds_many(source: str | bytes | os.PathLike[str]) -> bool:
    """Whether PHH text is a file of many hands (``.phhs``) rather than one hand (``.phh``).

    >>> holds_many("[1]\\nvariant = 'FTQ'"), holds_many("variant = 'FTQ'")
    (True, False)
    """
    fields = _toml_fields(source)
    return bool(fields) and "variant" not in fields


def write_records(records: Iterable[HandRecord]) -> str:
    """Hands as a ``.phhs`` file: one table a hand, ``[1]``, ``[2]``, …, a blank line between.

    >>> print(write_records([]), end="")
    <BLANKLINE>
    """
    tables = [f"[{number}]\n{write_record(record)}" for number, record in enumerate(records, 1)]
    return "\n".join(tables) if tables else "\n"


class RecordsWriter:
    """Hands written to a ``.phhs`` file one at a time, as they are played (so that a long run
    keeps none in memory); the tables are numbered from ``[1]``, as :func:`write_records` does.

    >>> import io
    >>> out = io.StringIO()
    >>> writer = RecordsWriter(out)
    >>> record = HandRecord(variant="BD5", antes=(1, 1), bring_in=0, small_bet=5, big_bet=10,
    ...                     starting_stacks=(20, 20))
    >>> writer.write(record); writer.write(record)
    >>> out.getvalue() == write_records([record, record]), writer.count
    (True, 2)
    """

    def __init__(self, target: TextIO) -> None:
        self.target = target
        self.count = 0

    def write(self, record: HandRecord) -> None:
        """Write one more hand."""
        self.count += 1
        self.target.write(("\n" if self.count > 1 else "") + f"[{self.count}]\n")
        self.target.write(write_record(record))


def record_from_fields(
    fields: Mapping[str, object], *, lenient: bool = False, preset: str | None = None
) -> HandRecord:
    """A record from PHH fields already read into a mapping (TOML or JSON, say); ``lenient``
    and ``preset`` as :func:`read_record` has them.

    >>> record_from_fields({"variant": "BD5", "antes": [1, 1]})
    Traceback (most recent call last):
    ...
    wildstud.errors.RecordError: field `bring_in`: missing (every record needs it)
    """
    for name in _REQUIRED:
        if name not in fields:
            raise RecordError("missing (every record needs it)", field=name)
    values: dict[str, object] = {}
    user: dict[str, object] = {}
    warnings: list[RecordWarning] = []
    for key, value in fields.items():
        if key == "actions":
            values["actions"] = _read_actions(value)
        elif key in _OURS:
            values[_OURS[key]] = tuple(value) if isinstance(value, list) else value
        elif key in _SEALS:
            values[key[1:]] = _read_seals(key, value)
        elif key.startswith("_"):
            user[key] = value
        elif key in _KNOWN:
            values[key] = tuple(value) if isinstance(value, list) else value
        elif key == "blinds_or_straddles":
            raise RecordError("stud games have no blinds or straddles", field=key)
        else:
            close = difflib.get_close_matches(key, _KNOWN, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            if not lenient:
                raise RecordError(
                    f"not a PHH field (fields of your own start with '_'{hint});"
                    " a lenient reading ignores it",
                    field=key,
                )
            reason = f"not a PHH field, ignored (fields of your own start with '_'{hint})"
            warnings.append(RecordWarning(reason, Tolerance.UNKNOWN_FIELD, field=key))
    if preset is not None:
        _apply_preset(values, preset)
    return HandRecord(**values, user_fields=user, warnings=tuple(warnings))  # type: ignore[arg-type]


def _apply_preset(values: dict[str, object], preset: str) -> None:
    """The preset's house rules under the record's own (what the record says wins)."""
    variant = values.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        return  # the record's check says what is wrong with the variant
    own = values.get("house_rules", {})
    if isinstance(own, Mapping):
        values["house_rules"] = {**preset_rules(preset, variant), **own}


def _read_seals(key: str, value: object) -> tuple[Commitment | Proof, ...]:
    if not isinstance(value, list | tuple):
        raise RecordError(f"must be an array of tables, not {type(value).__name__}", field=key)
    try:
        return tuple(_SEALS[key].from_data(item) for item in value)
    except WildstudError as error:  # a malformed hash, position or card
        raise RecordError(str(error), field=key) from None


def _read_actions(value: object) -> tuple[Action, ...]:
    if not isinstance(value, list | tuple):
        raise RecordError(
            f"must be an array of action strings, not {type(value).__name__}", field="actions"
        )
    actions: list[Action] = []
    for number, text in enumerate(value, 1):
        if not isinstance(text, str):
            raise RecordError(f"must be a string, not {text!r}"[:120], action=number)
        try:
            actions.append(parse_action(text))
        except RecordError as error:
            raise error.at_action(number, text) from None
    return tuple(actions)


def record_to_fields(record: HandRecord) -> dict[str, object]:
    """The record's PHH fields, in the order they are written, with TOML-ready values.

    >>> from wildstud.history.notation import CheckCall
    >>> fields = record_to_fields(HandRecord(variant="SMBU", antes=(1, 1), bring_in=0,
    ...     betting=Limit.NO, min_bet=10, starting_stacks=(50, 60), actions=(CheckCall(0),)))
    >>> list(fields)
    ['variant', '_betting', 'antes', 'bring_in', 'min_bet', 'starting_stacks', 'actions']
    """
    fields: dict[str, object] = {"variant": record.variant}
    if record.betting is not Limit.FIXED:
        fields["_betting"] = record.betting.value
    fields["antes"] = list(record.antes)
    fields["bring_in"] = record.bring_in
    for name in _STAKES:
        if getattr(record, name) is not None:
            fields[name] = getattr(record, name)
    if record.spread is not None:
        fields["_spread"] = list(record.spread)
    fields["starting_stacks"] = list(record.starting_stacks)
    for name in OPTIONAL_FIELDS:
        value = getattr(record, name)
        if value is not None:
            fields[name] = list(value) if isinstance(value, tuple) else value
    if record.house_rules:
        fields["_house_rules"] = dict(record.house_rules)
    if record.runs != 1:
        fields["_runs"] = record.runs
    if record.commitments:
        fields["_commitments"] = [item.to_data() for item in record.commitments]
    if record.proofs:
        fields["_proofs"] = [item.to_data() for item in record.proofs]
    fields.update(record.user_fields)
    fields["actions"] = [format_action(action) for action in record.actions]
    return fields


def write_record(record: HandRecord) -> str:
    """The record as PHH text: one field a line, short arrays and tables inline, one action a
    line, the ``actions`` array last.

    >>> from wildstud.history.notation import DealBoard, read_cards
    >>> print(write_record(HandRecord(variant="FTQ", antes=(1, 1), bring_in=2, small_bet=5,
    ...     big_bet=10, starting_stacks=(100, 100), house_rules={"final_queen": "centre-card"},
    ...     actions=(DealBoard(read_cards("7h"), "centre card"),))), end="")
    variant = "FTQ"
    antes = [1, 1]
    bring_in = 2
    small_bet = 5
    big_bet = 10
    starting_stacks = [100, 100]
    _house_rules = { final_queen = "centre-card" }
    actions = [
      "d db 7h # centre card",
    ]
    """
    lines: list[str] = []
    for key, value in record_to_fields(record).items():
        if key == "actions" or key in _SEALS:
            assert isinstance(value, list)
            if value:
                lines.append(f"{key} = [")
                lines.extend(f"  {_literal(action)}," for action in value)
                lines.append("]")
            else:
                lines.append(f"{key} = []")
        else:
            lines.append(f"{_key(key)} = {_literal(value)}")
    return "\n".join(lines) + "\n"


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _literal(key)


def _literal(value: object) -> str:
    """One value as an inline TOML literal (a record holds only these few kinds of value).

    >>> _literal(["Ann \\"the rock\\"", 1.5, True, datetime.date(2026, 12, 1)])
    '["Ann \\\\"the rock\\\\"", 1.5, true, 2026-12-01]'
    """
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_literal(item) for item in value) + "]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        pairs = ", ".join(f"{_key(key)} = {_literal(item)}" for key, item in value.items())
        return "{ " + pairs + " }"
    if isinstance(value, bool):  # before int: a bool is an int to Python, not to TOML
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        # repr is the shortest text that reads back as the same float, in a form TOML accepts
        return repr(value) if math.isfinite(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, str):
        return '"' + "".join(_escaped(char) for char in value) + '"'
    raise RecordError(f"cannot be written in TOML: {value!r}")  # pragma: no cover - checked


_ESCAPES = {
    '"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"
}  # fmt: skip


def _escaped(char: str) -> str:
    """A character as a TOML basic string holds it: controls and DEL must be escaped."""
    if char in _ESCAPES:
        return _ESCAPES[char]
    return f"\\u{ord(char):04x}" if char < " " or char == "\x7f" else char


def load(
    source: str | os.PathLike[str] | BinaryIO, *, lenient: bool = False, preset: str | None = None
) -> HandRecord:
    """Read a record from a file: a path (``str`` or path object) or a binary file object."""
    if isinstance(source, str | os.PathLike):
        return read_record(strings.read_file(source), lenient=lenient, preset=preset)
    return read_record(source.read(), lenient=lenient, preset=preset)


def load_all(
    source: str | os.PathLike[str] | BinaryIO, *, lenient: bool = False, preset: str | None = None
) -> tuple[HandRecord, ...]:
    """Read the hands of a ``.phhs`` file (or the one of a ``.phh``): a path or a binary file."""
    if isinstance(source, str | os.PathLike):
        return read_records(strings.read_file(source), lenient=lenient, preset=preset)
    return read_records(source.read(), lenient=lenient, preset=preset)


def dump_all(records: Iterable[HandRecord], target: str | os.PathLike[str] | TextIO) -> None:
    """Write hands as a ``.phhs`` file: a path or a text file object."""
    text = write_records(records)
    if isinstance(target, str | os.PathLike):
        Path(target).write_text(text, encoding="utf-8")
    else:
        target.write(text)


def dump(record: HandRecord, target: str | os.PathLike[str] | TextIO) -> None:
    """Write a record to a file: a path (``str`` or path object) or a text file object."""
    text = write_record(record)
    if isinstance(target, str | os.PathLike):
        Path(target).write_text(text, encoding="utf-8")
    else:
        target.write(text)
