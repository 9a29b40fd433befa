"""Names that cannot hurt anyone: the one place that cleans a player's, a bot's or a table's name.

A name reaches every client at the table, its history and its records, so whatever a visitor
types is cleaned before anything keeps it:

- a NUL is refused outright (it is never part of an honest name, and PostgreSQL cannot store it);
- control characters, bidirectional formatting characters (U+202A-U+202E, U+2066-U+2069,
  U+200E/F, U+061C), every other format character (zero-width spaces and joiners, soft hyphens,
  tags), lone surrogates and the blank fillers that look like nothing are removed;
- the rest is put in Unicode normal form NFC, runs of whitespace of any kind (the braille blank
  U+2800 among them) become one space, and the ends are trimmed;
- what is left must hold something visible (a letter, a number, punctuation or a symbol that
  is not a look-alike of nothing), carry no tower of accents on one letter (Unicode's "zalgo":
  more than three marks of one kind), and fit the limit: 40 characters for a seat, 60 for a
  table.

Two names are the same when their :func:`name_key` is: the confusable skeleton of Unicode's
UTS #39 (from the ``disarm`` library's tables), taken without regard to case, so "Ann", "ANN",
the full-width "Ａｎｎ", the Cyrillic "Аnn" and the Greek "Αnn" cannot sit at one table
together, nor "Bob1" beside "Bobl". A refusal never repeats the name it was sent.

A name says who a player *calls* themselves, never who they *are*: a returning player is
recognised by the seat token their device kept or by the host's word
(:mod:`wildstud.server.table.hosting`), never by a name.

>>> seat_name("  Ann\\u202e \\t Lee  ")
'Ann Lee'
>>> seat_name("Ｂｏｂ", taken=["Ann", "bob"])
Traceback (most recent call last):
...
wildstud.server.errors.NameTakenError: this name looks like 'bob', taken here; choose another
>>> table_name("\\u200b\\u2066 \\u2069")
Traceback (most recent call last):
...
wildstud.server.errors.BadNameError: a table name needs at least one visible character
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from disarm import is_zalgo, skeleton_key

from wildstud.server.errors import BadNameError, NameTakenError

__all__ = [
    "RAW_LIMIT",
    "SEAT_NAME_LIMIT",
    "TABLE_NAME_LIMIT",
    "bot_name",
    "clean_name",
    "name_key",
    "seat_name",
    "table_name",
]

SEAT_NAME_LIMIT = 40
"""The most characters a player's or a bot's name may have, once cleaned."""
TABLE_NAME_LIMIT = 60
"""The most characters a table's name may have, once cleaned."""
RAW_LIMIT = 1000
"""Longer than this as sent, a name is refused before any work is spent on it."""

_REMOVED_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})
"""Controls, format characters (every bidirectional control among them) and lone surrogates
(JSON can carry one; no database can store it)."""
_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0")
"""Default-ignorable characters outside the format category: the combining grapheme joiner,
the Hangul fillers and the Khmer inherent vowels, which render as nothing."""
_VISIBLE_CATEGORIES = frozenset("LNPS")
"""Letters, numbers, punctuation and symbols: a name needs one (marks alone show nothing)."""
_BLANKS = frozenset("\u2800")
"""Symbols that print as a space: the braille blank (a name of it alone looks like nothing)."""
MARKS_ON_A_LETTER = 3
"""The most marks of one combining class one letter may carry (Vietnamese needs two; Hebrew
three): past that, a name is a tower of accents meant to smear over its neighbours."""


def _strip(text: str) -> str:
    kept = []
    for char in text:
        if char.isspace() or char in _BLANKS:
            kept.append(" ")  # tabs, newlines and the like are whitespace, not controls to drop
        elif unicodedata.category(char) not in _REMOVED_CATEGORIES and char not in _INVISIBLE:
            kept.append(char)
    # Removing a character can bring a letter and its accent together: compose them after.
    return " ".join(unicodedata.normalize("NFC", "".join(kept)).split())


def clean_name(text: str, *, limit: int, what: str = "a name") -> str:
    """``text`` cleaned (see the module's description), or
    :class:`~wildstud.server.errors.BadNameError` saying why it cannot be a name: a NUL,
    nothing visible left, or more than ``limit`` characters. ``what`` names the name in the
    message ("a seat name", "a table name").

    The message never repeats the input, which may be anything a visitor sent.

    >>> clean_name("Cafe\\u0301\\u200d  du   coin", limit=60)
    'Café du coin'
    >>> clean_name("Ann\\x00", limit=40)
    Traceback (most recent call last):
    ...
    wildstud.server.errors.BadNameError: a name may not contain a NUL character
    >>> clean_name("x" * 41, limit=40, what="a seat name")
    Traceback (most recent call last):
    ...
    wildstud.server.errors.BadNameError: a seat name may have at most 40 characters (this one ...
    """
    if "\x00" in text:
        raise BadNameError(f"{what} may not contain a NUL character")
    if len(text) > RAW_LIMIT:
        raise BadNameError(
            f"{what} may have at most {limit} characters (this one has more than {RAW_LIMIT})"
        )
    cleaned = _strip(text)
    if not any(unicodedata.category(char)[0] in _VISIBLE_CATEGORIES for char in cleaned) or (
        not name_key(cleaned)  # only look-alikes of nothing
    ):
        raise BadNameError(f"{what} needs at least one visible character")
    if is_zalgo(cleaned, threshold=MARKS_ON_A_LETTER):
        raise BadNameError(
            f"{what} may carry at most {MARKS_ON_A_LETTER} accents of one kind on a letter"
        )
    if len(cleaned) > limit:
        raise BadNameError(
            f"{what} may have at most {limit} characters (this one has {len(cleaned)})"
        )
    return cleaned


def name_key(name: str) -> str:
    """What two names must share to count as the same: the UTS #39 confusable skeleton of the
    name cleaned, in NFKC and upper case (so that a capital I and a small L meet, as they look
    alike in many fonts), with the digits that pass for letters (``1`` for ``l``, ``0`` for
    ``O``) folded too; the skeleton is case folded and its whitespace collapsed.

    >>> name_key("Ann") == name_key("ANN") == name_key("Ａｎｎ") == name_key(" ann\\u200b")
    True
    >>> name_key("Ann") == name_key("\\u0410nn") == name_key("\\u0391nn")  # Cyrillic, Greek
    True
    >>> name_key("Ann") == name_key("Anne"), name_key("Bob1") == name_key("Bobl")
    (False, True)
    """
    # The skeleton of a skeleton is not always itself: the confusables map 3 to yogh and the
    # capital yogh back to 3, so a key can flip between two forms. Following the keys until one
    # repeats and taking the least of that cycle makes the key of a key the key itself.
    seen: list[str] = []
    key = name
    while key not in seen:
        seen.append(key)
        upper = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", key).upper())
        key = skeleton_key(" ".join(_strip(upper).split()), digit_policy="tr39")
    return min(seen[seen.index(key) :])


def seat_name(text: str, taken: Iterable[str] = ()) -> str:
    """A player's or a bot's name, cleaned, refused with
    :class:`~wildstud.server.errors.NameTakenError` when one of the ``taken`` names (those
    already at the table) has the same :func:`name_key`; the refusal names the name taken,
    never the one sent.

    >>> seat_name("Ann", taken=["Bob"])
    'Ann'
    >>> seat_name("ANN", taken=["Bob", "ann"])
    Traceback (most recent call last):
    ...
    wildstud.server.errors.NameTakenError: this name looks like 'ann', taken here; choose another
    """
    name = clean_name(text, limit=SEAT_NAME_LIMIT, what="a seat name")
    key = name_key(name)
    for other in taken:
        if name_key(other) == key:
            raise NameTakenError(f"this name looks like {other!r}, taken here; choose another")
    return name


def table_name(text: str) -> str:
    """A table's name, cleaned.

    >>> table_name(" Friday\\n night ")
    'Friday night'
    """
    return clean_name(text, limit=TABLE_NAME_LIMIT, what="a table name")


_BOT_LABELS = {
    "random-bot": "Random",
    "calling-bot": "Caller",
    "equity-bot-quick": "Quick",
    "equity-bot": "Equity",
    "equity-bot-deep": "Deep",
}


def bot_name(kind: str, name: str | None, index: int, taken: Iterable[str] = ()) -> str:
    """A bot's name at seat ``index``: ``name`` cleaned as :func:`seat_name` cleans it, or, when
    none is given, the bot's label and seat number, counting up past names already ``taken``.

    >>> bot_name("calling-bot", None, 2), bot_name("random-bot", " Robo ", 0)
    ('Caller 3', 'Robo')
    >>> bot_name("calling-bot", None, 2, taken=["caller 3", "Caller 4"])
    'Caller 5'
    """
    names = list(taken)
    if name is not None:
        return seat_name(name, names)
    keys = {name_key(other) for other in names}
    number = index + 1
    while name_key(f"{_BOT_LABELS[kind]} {number}") in keys:
        number += 1
    return f"{_BOT_LABELS[kind]} {number}"
