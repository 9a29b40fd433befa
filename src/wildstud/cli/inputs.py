"""Reading what people type for a player and the cards a player holds.

People, records and every message count players from 1 (``p1`` is the first player from the
dealer's left); the library counts seats from 0. These readers take a player as ``3`` or
``p3`` and return the library's seat, and refuse, in one sentence that counts from 1, what
would otherwise be read wrong in silence: a player given twice, a player number below 1.

>>> parse_player("p3"), parse_player("2", "--folded")
(2, 1)
>>> parse_player("three", "--folded")
Traceback (most recent call last):
...
wildstud.errors.SituationError: --folded must name a player as 3 or p3, not 'three'
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path

from wildstud.errors import OptionError, SituationError, TableError
from wildstud.games.options import OptionValue
from wildstud.history.presets import preset_rules
from wildstud.seats import seat_label

__all__ = [
    "check_out_folder",
    "check_seats",
    "parse_options",
    "parse_player",
    "parse_players",
    "parse_seat_cards",
    "preset_options",
]


def parse_player(text: str, option: str = "a player") -> int:
    """The seat (from 0) of a player written ``3`` or ``p3`` (counted from 1).

    >>> parse_player(" P10 ")
    9
    >>> parse_player("0", "--seat")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.errors.SituationError: --seat must name ... not '0' (players count from 1)
    """
    number = text.strip().lower().removeprefix("p")
    if not number.isdecimal():
        raise SituationError(f"{option} must name a player as 3 or p3, not {text!r}")
    if int(number) < 1:
        raise SituationError(
            f"{option} must name a player as 3 or p3, not {text!r} (players count from 1)"
        )
    return int(number) - 1


def parse_players(items: Iterable[str], option: str) -> list[int]:
    """Several players (each ``3`` or ``p3``; commas may join them), each named once.

    >>> parse_players(["p2", "3,p4"], "--folded")
    [1, 2, 3]
    >>> parse_players(["2", "p2"], "--folded")
    Traceback (most recent call last):
    ...
    wildstud.errors.SituationError: --folded names p2 twice
    """
    seats: list[int] = []
    for item in items:
        for part in item.split(","):
            seat = parse_player(part, option)
            if seat in seats:
                raise SituationError(f"{option} names {seat_label(seat)} twice")
            seats.append(seat)
    return seats


def parse_seat_cards(items: Iterable[str], option: str = "--up") -> dict[int, str]:
    """``PLAYER:CARDS`` items (``2:Kh 7c`` or ``p2:Kh,7c``) by seat, each player once: a
    second item for the same player would replace the first.

    >>> parse_seat_cards(["1:Ah 4d", "p2: Kh"])
    {0: 'Ah 4d', 1: 'Kh'}
    >>> parse_seat_cards(["Ah"])
    Traceback (most recent call last):
    ...
    wildstud.errors.SituationError: --up must be PLAYER:CARDS (such as 2:Kh 7c), not 'Ah'
    >>> parse_seat_cards(["1:Ah", "p1:4d"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.errors.SituationError: --up gives p1's cards twice (Ah, then 4d): ... (p1:Ah 4d)
    """
    seats: dict[int, str] = {}
    for item in items:
        player, sep, cards = item.partition(":")
        if not sep:
            raise SituationError(f"{option} must be PLAYER:CARDS (such as 2:Kh 7c), not {item!r}")
        seat = parse_player(player, option)
        cards = cards.strip()
        if not cards:
            raise SituationError(f"{option} {item!r} names no cards (such as 2:Kh 7c)")
        if seat in seats:
            label = seat_label(seat)
            raise SituationError(
                f"{option} gives {label}'s cards twice ({seats[seat]}, then {cards}): give them"
                f" all at once, in order ({label}:{seats[seat]} {cards})"
            )
        seats[seat] = cards
    return seats


def check_seats(named: Mapping[str, Iterable[int]], players: int) -> None:
    """Refuse a player beyond the table (``named`` maps each option to the seats it names).

    >>> check_seats({"--up": [0, 2]}, 2)
    Traceback (most recent call last):
    ...
    wildstud.errors.SituationError: --up names p3, but the table has 2 players (p1 to p2)
    """
    for option, seats in named.items():
        for seat in seats:
            if seat >= players:
                raise SituationError(
                    f"{option} names {seat_label(seat)}, but the table has {players}"
                    f" player{'s' * (players != 1)} ({seat_label(0)} to {seat_label(players - 1)})"
                )


def parse_options(items: Iterable[str]) -> dict[str, str]:
    """``--option name=value`` items as a mapping, each house rule once (``no-queen`` and
    ``no_queen`` are one rule).

    >>> parse_options(["queens=all", "no-queen = redeal-still-in"])
    {'queens': 'all', 'no-queen': 'redeal-still-in'}
    >>> parse_options(["queens"])
    Traceback (most recent call last):
    ...
    wildstud.errors.OptionError: --option must be NAME=VALUE, not 'queens'
    >>> parse_options(["queens=all", "queens=hidden"])
    Traceback (most recent call last):
    ...
    wildstud.errors.OptionError: --option sets queens twice (all, then hidden): give it once
    """
    options: dict[str, str] = {}
    keys: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise OptionError(f"--option must be NAME=VALUE, not {item!r}")
        key = name.replace("-", "_")
        if key in keys:
            first = options[keys[key]]
            raise OptionError(f"--option sets {name} twice ({first}, then {value}): give it once")
        keys[key] = name
        options[name] = value
    return options


def preset_options(preset: str | None, games: Iterable[str]) -> dict[str, OptionValue]:
    """The house rules of ``--preset`` that every game named has (none without a preset).

    >>> preset_options("pokerkit", ["F7S"])["cap_heads_up"]
    True
    >>> preset_options(None, ["FTQ"])
    {}
    """
    if preset is None:
        return {}
    rules = [preset_rules(preset, game) for game in games]
    return {key: value for key, value in rules[0].items() if all(key in r for r in rules)}


def check_out_folder(path: Path, option: str = "--out") -> None:
    """Make sure a report can be written into the folder ``path`` (making it if need be), before
    any work is done: a path that is a file, or a folder that cannot be made or written, is
    refused in one line.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> check_out_folder(folder / "new" / "report")
    >>> (folder / "file").write_text("x")
    1
    >>> check_out_folder(folder / "file")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.errors.TableError: --out .../file is a file, not a folder: give a folder for the report
    """
    if path.exists() and not path.is_dir():
        raise TableError(f"{option} {path} is a file, not a folder: give a folder for the report")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as error:
        reason = error.strerror or str(error)
        raise TableError(f"{option} {path}: cannot write a report there ({reason})") from None
