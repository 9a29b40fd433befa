"""Named presets of house rules, for reading and writing records that another program plays.

Where wildstud's defaults (Robert's Rules) and another program's rules differ, a record that
program wrote says nothing of it: its rules are the program's. A preset names the house rules
that make wildstud play as that program does; reading a record with ``preset=`` (``--preset``
on the command line) takes them as the record's house rules, under any ``_house_rules`` the
record gives itself. Dealing hands under a preset's rules writes them in ``_house_rules``, so
wildstud reads those records back the same without the preset.

``pokerkit``: pokerkit's fixed-limit seven-card stud (PHH's ``F7S``). pokerkit has no open-pair
rule, caps the raises at a bet and three raises however few players are left, counts an all-in
bet or raise as full only if it raises by the street's largest bet or raise (and sizes the next
raise from it), gives every odd chip of a split pot to the tied seat nearest the dealer's left,
and passes the bring-in of an all-in low card to the next seat on its left
(``docs/house-rules.md``, "wildstud and pokerkit").

Only seven-card stud records replay in pokerkit, which has no wild game: the preset is refused
for any other game, in one line that says why.

>>> preset_rules("pokerkit", "F7S")["cap_heads_up"]
True
>>> preset_rules("pokerkit", "FTQ")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wildstud.errors.OptionError: The pokerkit preset is for seven-card stud (F7S) only: ...
>>> preset_rules("holdem", "F7S")
Traceback (most recent call last):
...
wildstud.errors.OptionError: unknown preset 'holdem' (presets: pokerkit)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from wildstud.errors import OptionError
from wildstud.games import find_game
from wildstud.games.options import OptionValue

__all__ = ["PRESETS", "preset_rules"]

PRESETS: Mapping[str, Mapping[str, OptionValue]] = MappingProxyType(
    {
        "pokerkit": MappingProxyType(
            {
                "open_pair": False,
                "cap_heads_up": True,
                "short_all_in": "full-raise-only",
                "odd_chip": "dealer-left",
                "all_in_low_card": "next-seat-left",
                "ante_trimming": False,
                "short_stub": "reshuffle",
            }
        ),
    }
)
"""Each preset's house rules, by the engine's option names."""

_GAMES: Mapping[str, frozenset[str]] = MappingProxyType({"pokerkit": frozenset({"F7S"})})
"""The games each preset is for (the other program's games)."""


def preset_rules(name: str, variant: str) -> dict[str, OptionValue]:
    """The house rules preset ``name`` gives the game of ``variant`` (those it has)."""
    rules = PRESETS.get(name)
    if rules is None:
        raise OptionError(f"unknown preset {name!r} (presets: {', '.join(PRESETS)})")
    game = find_game(variant)
    if not _GAMES[name].intersection(game.codes):
        raise OptionError(
            f"The {name} preset is for seven-card stud (F7S) only: {game.title} is a wild game,"
            f" which {name} does not play, so its records never replay in {name}"
        )
    offered = set(game.options_type.option_names())
    return {key: value for key, value in rules.items() if key in offered}
