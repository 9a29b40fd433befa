"""Random tables of every wild game for property tests (Hypothesis): a game under random house
rules, stacks short and deep, a dealer and a deck's seed. Shared by the tests of the deal and
of the bots' views."""

from __future__ import annotations

from hypothesis import strategies as st

from wildstud.games import Rules, find_game

GAME_CODES = ("FTQ", "SMBU", "BD5", "BD7", "BITCH")
"""The wild games, each played under every house rule by the property tests."""

Table = tuple[Rules, list[int], int, int, float]
"""A table to play: the rules, the stacks, the dealer's seat, the deck's seed, and how often
the players just call."""


@st.composite
def random_tables(draw: st.DrawFn, code: str) -> Table:
    """A random table of this game with random house rules, stacks, dealer, deck seed, and how
    often the players just call (so that more hands reach the last streets, redeals and
    showdowns)."""
    game = find_game(code)
    options: dict[str, object] = {}
    for name, spec in game.options_type.specs().items():
        if name in ("small_bet", "big_bet", "bring_in", "cards"):
            continue
        if spec.kind == "bool":
            options[name] = draw(st.booleans())
        elif spec.enum is not None:
            options[name] = draw(st.sampled_from([member.value for member in spec.enum]))
        elif spec.kind == "cap":
            options[name] = draw(st.sampled_from(["none", 0, 1, 3]))
        else:
            options[name] = draw(st.integers(0, 3))
    small = draw(st.integers(1, 6))
    options["small_bet"] = small
    options["big_bet"] = draw(st.integers(small, 2 * small))
    if "bring_in" in game.options_type.option_names():
        options["bring_in"] = draw(st.integers(0, small))
    rules = game.rules(options)
    count = draw(st.integers(2, rules.max_players))
    stacks = draw(st.lists(st.integers(1, 120), min_size=count, max_size=count))
    dealer = draw(st.integers(0, count - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    return rules, stacks, dealer, seed, draw(st.sampled_from([0.0, 0.8, 0.97]))
