"""A fingerprint of what the hand engine does, for ``scripts/engine-fingerprint`` and its test.

About 10,000 seeded random hands over every game, betting structure, house rule, table size and
stack size (short stacks included), with every option offered, every refusal's message, every
event, award and wild card, hashed into one line. A change that should not change behaviour (a
speed-up, a rename) leaves the line as it is; ``tests/golden/engine-fingerprint.txt`` holds the
line the engine gives today, and ``tests/test_fingerprint.py`` holds the engine to it. A change
that means to change behaviour (a ruling, a wording) writes the new line there with
``scripts/engine-fingerprint --write`` and says so in its commit.
"""

from __future__ import annotations

import hashlib
import random
import re
import sys
from pathlib import Path
from typing import Any

from wildstud.cards import Deck
from wildstud.deal import Hand, Phase
from wildstud.games import Rules, find_game

GOLDEN = Path(__file__).parents[1] / "golden" / "engine-fingerprint.txt"
"""The committed fingerprint: one line, the hash :func:`fingerprint` gives."""

KINDS = ("fold", "check", "call", "bet", "raise", "complete", "bring-in")
VARIANTS: dict[str, list[dict[str, object]]] = {
    "FTQ": [
        {"queens": "all"},
        {"queens": "hidden"},
        {"queens": "hidden-after-face-up"},
        {"final_queen": "centre-card"},
        {"no_queen": "redeal-still-in"},
        {"no_queen": "redeal-everyone"},
        {"pay_for_wild": 3},
        {"extra_antes": True},
        {"queens": "all", "extra_antes": True, "pay_for_wild": 2},
        {"natural_beats_wild": True, "five_of_a_kind_top": False, "double_ace_flush": True},
    ],
    "SMBU": [{"pay_for_wild": 2}, {"name": "pimp-daddy"}],
    "BD7": [{"natural_beats_wild": True}],
    "BD5": [],
    "BITCH": [{"queen_of_spades": "wild"}, {"reante_on_redeal": True}],
    # Last, so that the hands of the games before it hash as they did before it was added.
    "F7S": [
        {"open_pair": False},
        {"all_in_low_card": "next-seat-left"},
        {"short_all_in": "full-raise-only"},
        {"odd_chip": "dealer-left"},
        {"all_in_turn_up": True},
    ],
}
LIMITS = ("fixed-limit", "spread-limit", "pot-limit", "no-limit")


def canonical(text: str) -> str:
    """``text`` with each set's cards sorted: a set prints in an order that depends on how it
    was built, which is no part of what the engine does.

    >>> canonical("frozenset({Card('Qs'), Card('7h')})")
    "{Card('7h'),Card('Qs')}"
    """

    def cards(match: re.Match[str]) -> str:
        return "{" + ",".join(sorted(re.findall(r"Card\('[^']*'\)", match.group(1)))) + "}"

    return re.sub(r"frozenset\(\{([^{}]*)\}\)", cards, text)


def fingerprint() -> str:
    """The engine's fingerprint: a SHA-256 over every hand of the sample (about seven seconds)."""
    digest = hashlib.sha256()
    for code, variants in VARIANTS.items():
        most = 7 if code.startswith("BD") else 8
        setups: list[tuple[dict[str, object], int]] = [({"limit": limit}, 120) for limit in LIMITS]
        setups += [(variant, 40) for variant in variants]
        setups += [({"burn_cards": "each-street"}, 40)]
        for options, seeds in setups:
            for players in (2, 5, most):
                table: dict[str, object] = {"ante": 1, "small_bet": 5, "big_bet": 10, **options}
                if not code.startswith("BD"):
                    table["bring_in"] = 2
                rules = find_game(code).rules(table)
                for seed in range(seeds):
                    _play(digest, rules, players, seed)
    return digest.hexdigest()


def _play(digest: Any, rules: Rules, players: int, seed: int) -> None:
    rng = random.Random(seed)
    stacks = [rng.choice([2, 6, 15, 40, 500]) for _ in range(players)]
    hand = Hand(rules, stacks, deck=Deck(seed=seed))
    while True:
        hand.run()
        if hand.phase is Phase.OVER:
            break
        legal = hand.legal_actions()
        digest.update(repr(legal).encode())
        choice = rng.choice(legal)
        low, high = choice.min_amount, choice.max_amount
        amount = rng.choice([None, low, high, (low + high) // 2, high + 1])
        for kind in KINDS:
            try:
                hand.verify_act(kind, amount)
                digest.update(b"ok")
            except ValueError as error:
                digest.update(repr(error).encode())
        try:
            hand.act(choice.kind, amount)
        except ValueError as error:
            digest.update(repr(error).encode())
            hand.act(choice.kind, low)
    digest.update(canonical(repr(hand.events)).encode())
    digest.update(repr(hand.awards).encode())
    digest.update(canonical(repr(hand.wilds)).encode())


if __name__ == "__main__":
    line = fingerprint()
    if sys.argv[1:] == ["--write"]:
        GOLDEN.write_text(line + "\n")
    print(line)
