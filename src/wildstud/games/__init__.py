"""The games as data, their house rules, and a registry that finds them by name.

>>> from wildstud.games import find_game
>>> game = find_game("SMBU")
>>> rules = game.rules({"name": "pimp-daddy"})
>>> rules.title, rules.code, [street.name for street in rules.streets][:2]
('Pimp Daddy', 'SMBU', ['third street', 'fourth street'])
"""

from wildstud.games.definitions import (
    BABY_DADDY,
    FOLLOW_THE_QUEEN,
    SEVEN_CARD_STUD,
    SMACK_MY_BITCH_UP,
    THE_BITCH,
    Game,
    Opener,
    Rules,
    Street,
)
from wildstud.games.options import (
    AllInLowCard,
    BabyDaddyOptions,
    BurnCards,
    CallName,
    CommonOptions,
    CompletionReraise,
    FinalQueen,
    FollowTheQueenOptions,
    GameOptions,
    Limit,
    NoQueen,
    OptionSpec,
    OptionValue,
    QueenOfSpades,
    QueensRule,
    SevenCardStudOptions,
    SmackMyBitchUpOptions,
    StudOptions,
    TheBitchOptions,
)
from wildstud.games.registry import GAMES, find_game, game_names

__all__ = [
    "BABY_DADDY",
    "FOLLOW_THE_QUEEN",
    "GAMES",
    "SEVEN_CARD_STUD",
    "SMACK_MY_BITCH_UP",
    "THE_BITCH",
    "AllInLowCard",
    "BabyDaddyOptions",
    "BurnCards",
    "CallName",
    "CommonOptions",
    "CompletionReraise",
    "FinalQueen",
    "FollowTheQueenOptions",
    "Game",
    "GameOptions",
    "Limit",
    "NoQueen",
    "Opener",
    "OptionSpec",
    "OptionValue",
    "QueenOfSpades",
    "QueensRule",
    "Rules",
    "SevenCardStudOptions",
    "SmackMyBitchUpOptions",
    "Street",
    "StudOptions",
    "TheBitchOptions",
    "find_game",
    "game_names",
]
