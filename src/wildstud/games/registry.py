"""Finding a game by its name, an alias or its short code.

Names are read loosely: case, spaces, underscores and apostrophes do not matter. An alias or a
code may carry option presets: ``BD5`` is the five-card Baby Daddy, ``pimp-daddy`` is Smack My
Bitch Up with the call "Pimp Daddy".

>>> find_game("Follow the Queen").name, find_game("ftq").name
('follow-the-queen', 'follow-the-queen')
>>> find_game("BD5").options().cards, find_game("baby-daddy").options().cards
(5, 7)
>>> find_game("black mariah").title
'The Bitch'
>>> find_game("F7S").title, find_game("seven card stud").code_for()
('Seven-Card Stud', 'F7S')
>>> find_game("baseball")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wildstud.errors.UnknownGameError: no game called 'baseball' (games: follow-the-queen (FTQ), ...)
"""

from __future__ import annotations

import dataclasses

from wildstud.errors import UnknownGameError
from wildstud.games.definitions import (
    BABY_DADDY,
    FOLLOW_THE_QUEEN,
    SEVEN_CARD_STUD,
    SMACK_MY_BITCH_UP,
    THE_BITCH,
    Game,
)
from wildstud.games.options import OptionValue

__all__ = ["GAMES", "find_game", "game_names"]

GAMES: tuple[Game, ...] = (
    FOLLOW_THE_QUEEN,
    SMACK_MY_BITCH_UP,
    BABY_DADDY,
    THE_BITCH,
    SEVEN_CARD_STUD,
)
"""Every game, in the order menus list them."""

_PRESETS: dict[str, tuple[Game, tuple[tuple[str, OptionValue], ...]]] = {
    "pimp-daddy": (SMACK_MY_BITCH_UP, (("name", "pimp-daddy"),)),
    "bd5": (BABY_DADDY, (("cards", 5),)),
    "bd7": (BABY_DADDY, (("cards", 7),)),
}


def _key(text: str) -> str:
    text = text.strip().lower().replace("'", "").replace("’", "")
    return "-".join(text.replace("_", " ").replace("-", " ").split())


def _index() -> dict[str, Game]:
    index: dict[str, Game] = {}
    for game in GAMES:
        for name in (game.name, *game.aliases, *game.codes):
            index[_key(name)] = game
        index[_key(game.title)] = game
    for key, (game, presets) in _PRESETS.items():
        index[key] = dataclasses.replace(game, presets=presets)
    return index


_INDEX = _index()


def find_game(name: str) -> Game:
    """The game called ``name`` (a name, an alias, a title or a short code)."""
    game = _INDEX.get(_key(name)) if isinstance(name, str) else None
    if game is None:
        raise UnknownGameError(f"no game called {name!r} (games: {game_names()})")
    return game


def game_names() -> str:
    """Every game's name, aliases and codes, for messages and help.

    >>> print(game_names())  # doctest: +NORMALIZE_WHITESPACE
    follow-the-queen (FTQ), smack-my-bitch-up / pimp-daddy (SMBU), baby-daddy /
    who-da-baby-daddy-is (BD7, BD5), the-bitch / black-mariah (BITCH), seven-card-stud / stud
    (F7S)
    """
    return ", ".join(
        f"{' / '.join((game.name, *game.aliases))} ({', '.join(game.codes)})" for game in GAMES
    )
