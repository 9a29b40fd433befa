"""Compile every Numba kernel now, ahead of its first use.

Numba compiles a kernel the first time it runs and keeps the machine code in its cache beside
the sources (``__pycache__``), so that only a fresh install pays for it: about a minute of one
core for the whole set, half of it the batch evaluator and the exhaustive tables
(:mod:`wildstud.fast.kernels`), half the compiled deal (:mod:`wildstud.odds.compiled_deal`,
compiled once for all its entry points).
:func:`warm_up` pays at a moment of the caller's choosing. The test command runs it beside the
linters, so that the test workers, and the servers and commands they start, load the kernels
from the cache instead of each compiling the same ones at once. From a shell::

    python -m wildstud.compiled

>>> warm_up()  # quick once the cache holds every kernel
"""

from __future__ import annotations

import numpy as np

from wildstud.cards import parse_cards, wild_mask
from wildstud.fast import evaluate_batch
from wildstud.fast.enumeration import category_counts
from wildstud.odds.equity import exact_odds, odds
from wildstud.odds.simulate import GameSpec, play_scripted, resolve_rules, simulate
from wildstud.odds.situation import Situation

__all__ = ["warm_up"]


def warm_up() -> None:
    """Run each compiled entry point once on a tiny input, compiling it if the cache lacks it:
    the batch evaluator (one core and all), the exhaustive tables, the whole-deal simulation
    (dealt at random and from scripted orders, with or without known cards) and the exact
    enumeration of a last street."""
    hands = np.array([[card.code for card in parse_cards("As Ad Ah 7c 7d 8s 3h")]] * 4)
    evaluate_batch(hands, wild_mask("2"))
    evaluate_batch(hands, wild_mask("2"), parallel=True)
    category_counts(5, "2")
    simulate("FTQ", 2, deals=64, seed=1)
    play_scripted(GameSpec.of(resolve_rules("BITCH")), 2, [[list(range(52))]])
    known = Situation.build(
        "FTQ", 2, hole={0: "As Ad", 1: "Kc Kd"}, upcards={0: "Ah Qd 5h 9s", 1: "7h 6c 7c 8d"}
    )
    exact_odds(known)
    odds(known, deals=64, seed=1)


if __name__ == "__main__":
    warm_up()
