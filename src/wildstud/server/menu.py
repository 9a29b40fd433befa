"""A table's menu: the games it deals, each with its house rules, under the table's stakes.

With one game on the menu every hand deals it. With several, the table plays dealer's choice:
the player on the button picks one for the hand. Only games that fit the number of players can
be picked (seven-card Baby Daddy seats at most seven); when the dealer is a bot, is away or lets
the clock run out, the pick falls by default on the next game down the menu after the one dealt
last, wrapping round, so that a table of bots still rotates through every game.

>>> menu = Menu.build([{"game": "FTQ"}, {"game": "BD7", "house_rules": {"cards": 7}}],
...                   {"ante": 2})
>>> [(item.code, item.options.ante) for item in menu.items]
[('FTQ', 2), ('BD7', 2)]
>>> menu.fitting(8), menu.default(8, last=None)
((0,), 0)
>>> menu.default(4, last=0)
1
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wildstud.errors import OptionError, TableError
from wildstud.games import BabyDaddyOptions, Game, GameOptions, Rules, find_game
from wildstud.words import describe_game

__all__ = [
    "STAKE_OPTIONS",
    "TABLE_HOUSE_RULES",
    "Menu",
    "MenuItem",
    "game_name",
    "table_house_rules",
]

STAKE_OPTIONS = ("limit", "ante", "bring_in", "small_bet", "big_bet", "raise_cap")
"""The options the table's stakes set for every game (a game's own house rules may not)."""

TABLE_HOUSE_RULES: Mapping[str, object] = {
    "free_fold": True,
    "all_in_turn_up": True,
    "run_twice": True,
}
"""House rules whose default differs at the server's tables, where a host may still set them:
a player may fold when checking is free, once the page has asked whether that is meant (the
library refuses that fold; see ``docs/house-rules.md``), the hands still in are turned up
once no more betting can come (the TDA's rule; the library plays records as they were), and
the players all in are asked whether to run the cards still to come twice (each must agree,
every time; The Bitch does not offer it: :func:`table_house_rules`). The
records the tables write carry the rules, so that a strict replay reads the fold and turns
the hands up as the table did.

>>> item = Menu.build([{"game": "FTQ"}], {}).items[0]
>>> item.options.free_fold, item.options.all_in_turn_up
(True, True)
>>> strict = Menu.build([{"game": "FTQ", "house_rules": {"free_fold": False}}], {})
>>> strict.items[0].options.free_fold
False
"""


PRIVATE_OFF = frozenset({"all_in_turn_up", "run_twice"})
"""The table's house rules a private deal leaves at the library's default, off: a hand all in
stays face down until its owner shows it (house rule ``private_turn_up``)."""


def table_house_rules(game: Game, *, private: bool = False) -> dict[str, object]:
    """The house rules of :data:`TABLE_HOUSE_RULES` that ``game`` offers (``private``: under a
    private deal, less :data:`PRIVATE_OFF`).

    >>> from wildstud.games import find_game
    >>> sorted(table_house_rules(find_game("BITCH")))
    ['all_in_turn_up', 'free_fold']
    >>> table_house_rules(find_game("FTQ")) == dict(TABLE_HOUSE_RULES)
    True
    >>> table_house_rules(find_game("FTQ"), private=True)
    {'free_fold': True}
    """
    offered = game.options_type.option_names()
    return {
        name: value
        for name, value in TABLE_HOUSE_RULES.items()
        if name in offered and not (private and name in PRIVATE_OFF)
    }


@dataclass(frozen=True, slots=True)
class MenuItem:
    """One game of the menu with its house rules and the table's stakes applied."""

    index: int
    game: Game
    options: GameOptions
    rules: Rules
    house_rules: Mapping[str, object]
    """The house rules the host gave this game, as the menu lists them: the options that
    differ from the table's own (the game's defaults with :func:`table_house_rules` and the
    table's stakes, which every game of the table shares), so that the dealer's choice offers
    no game as special for what is true of them all. Worked out once, since every table frame
    lists the menu (a profile of the server found the options' comparison at 4% of its CPU,
    made again for each frame).

    >>> strict = {"queens": "all", "free_fold": False}
    >>> menu = Menu.build([{"game": "FTQ"}, {"game": "FTQ", "house_rules": strict}], {"ante": 4})
    >>> [dict(item.house_rules) for item in menu.items]
    [{}, {'queens': 'all', 'free_fold': False}]
    """

    @property
    def code(self) -> str:
        """The game's short code under these options (``BD5`` or ``BD7`` for Baby Daddy)."""
        return self.rules.code

    @property
    def title(self) -> str:
        """The name the table calls the game by."""
        return self.rules.title

    def fits(self, players: int) -> bool:
        """Whether this game can be dealt to ``players`` players."""
        return self.rules.min_players <= players <= self.rules.max_players

    def describe(self) -> dict[str, Any]:
        """The item as the dealer's-choice frame lists it."""
        return {
            "index": self.index,
            "game": self.game.name,
            "title": game_name(self.title, self.code),
            "code": self.code,
            "house_rules": self.house_rules,
        }


@dataclass(frozen=True, slots=True)
class Menu:
    """The games of a table, in the host's order."""

    items: tuple[MenuItem, ...]

    @classmethod
    def build(
        cls,
        entries: Sequence[Mapping[str, Any]],
        stakes: Mapping[str, object],
        *,
        private: bool = False,
    ) -> Menu:
        """The menu from the host's entries (``{"game": ..., "house_rules": {...}}``) and the
        table's stakes (``private``: for a private deal, :func:`table_house_rules`); an unknown
        game or a bad house rule raises a :class:`~wildstud.errors.WildstudError` naming it."""
        if not entries:
            raise TableError("a table needs at least one game")
        items = []
        for index, entry in enumerate(entries):
            game = find_game(str(entry["game"]))
            house = dict(entry.get("house_rules") or {})
            for name in house:
                if name.replace("-", "_") in STAKE_OPTIONS:
                    raise OptionError(
                        f"{game.title}: {name!r} is one of the table's stakes, set once for"
                        " every game, not a house rule of one game"
                    )
            table = {**table_house_rules(game, private=private), **_stakes_for(game, stakes)}
            options = game.options({**table, **house})
            usual = game.options(table).to_mapping()
            chosen = {
                name: value for name, value in options.to_mapping().items() if usual[name] != value
            }
            items.append(MenuItem(index, game, options, game.rules(options), chosen))
        return cls(tuple(items))

    def check_seats(self, seats: int) -> None:
        """Refuse a menu none of whose games can seat a full table of ``seats``."""
        if not any(item.fits(seats) for item in self.items):
            names = ", ".join(f"{item.title} ({item.code})" for item in self.items)
            raise TableError(f"none of the games ({names}) can be dealt to {seats} players")

    def fitting(self, players: int) -> tuple[int, ...]:
        """The indexes of the games that can be dealt to ``players`` players."""
        return tuple(item.index for item in self.items if item.fits(players))

    def default(self, players: int, last: int | None) -> int | None:
        """The default pick: the next fitting game after ``last`` (the first if none)."""
        fitting = self.fitting(players)
        if not fitting:
            return None
        if last is None:
            return fitting[0]
        later = [index for index in fitting if index > last]
        return later[0] if later else fitting[0]


@functools.lru_cache(maxsize=64)
def game_name(title: str, code: str) -> str:
    """The name players know a game by (:func:`wildstud.words.describe_game`): its title, with
    its number of cards where one title covers several games (five- and seven-card Baby Daddy),
    so that no page mistakes one for the other.

    >>> game_name("Who Da Baby Daddy Is", "BD5"), game_name("Follow the Queen", "FTQ")
    ('Who Da Baby Daddy Is · 5 cards', 'Follow the Queen')
    """
    options = find_game(code).options()
    return describe_game(title, options.cards if isinstance(options, BabyDaddyOptions) else None)


def _stakes_for(game: Game, stakes: Mapping[str, object]) -> dict[str, object]:
    values = {name: value for name, value in stakes.items() if name in STAKE_OPTIONS}
    if game.options_type is BabyDaddyOptions:
        # Nothing is up on Baby Daddy's first round, so it has no bring-in to set.
        values.pop("bring_in", None)
    if values.get("raise_cap", 0) is None:
        values["raise_cap"] = "none"
    return values
