"""Seven-card evaluation speed: wildstud.fast against eval7 and phevaluator on the same hands.

Every evaluator gets the same random seven-card hands. wildstud.fast runs on one core
(``parallel=False``) over the whole batch, with no wild cards, with deuces wild and with a
two-rank wild set like Follow the Queen's (queens and sevens); its multi-core figure is shown
too. eval7 and phevaluator have no wild cards; each is called once per hand from Python, their
fastest public way to value a hand (eval7.evaluate over pre-built Card lists,
phevaluator.evaluate_cards over card ids). Numba compiles first; compile time is not counted.
Before timing, the script checks that the three agree on which of two natural hands wins.

    .venv/bin/python benchmarks/evaluate.py [--hands 2000000] [--seed 1]
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Callable

import eval7
import numpy as np
import numpy.typing as npt
from phevaluator import evaluate_cards

from wildstud.cards import Card, wild_mask
from wildstud.fast import evaluate_batch

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def random_hands(count: int, seed: int) -> npt.NDArray[np.uint8]:
    """``count`` seven-card hands, each seven distinct codes."""
    rng = np.random.default_rng(seed)
    hands = np.empty((count, 7), dtype=np.uint8)
    block = 200_000
    for start in range(0, count, block):
        stop = min(count, start + block)
        hands[start:stop] = np.argsort(rng.random((stop - start, 52)), axis=1)[:, :7]
    return hands


def best_of(runs: int, work: Callable[[], object]) -> float:
    """The shortest of ``runs`` timings of ``work()``, in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def check_agreement(hands: npt.NDArray[np.uint8], sample: int = 20_000) -> None:
    """The three evaluators order natural hands alike (consecutive pairs of the sample)."""
    part = hands[:sample]
    ours = evaluate_batch(part)
    deck = [eval7.Card(RANKS[code >> 2] + SUITS[code & 3]) for code in range(52)]
    theirs = np.array([eval7.evaluate([deck[c] for c in row]) for row in part.tolist()])
    # phevaluator ranks 1 (best) to 7462: smaller is better.
    phe = -np.array([evaluate_cards(*row) for row in part.tolist()])
    for name, other in (("eval7", theirs), ("phevaluator", phe)):
        agree = np.sign(np.diff(ours)) == np.sign(np.diff(other))
        if not agree.all():
            row = int(np.argmin(agree))
            shown = [" ".join(str(Card.of(int(c))) for c in part[i]) for i in (row, row + 1)]
            raise SystemExit(f"wildstud and {name} disagree on {shown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5, help="timings per figure (best kept)")
    args = parser.parse_args()

    hands = random_hands(args.hands, args.seed)
    count = len(hands)
    wild_sets = {
        "no wilds": 0,
        "deuces wild": wild_mask("2"),
        "queens and sevens": wild_mask("Q,7"),
    }
    for mask in wild_sets.values():  # compile (or load from the cache) before timing
        evaluate_batch(hands[:10], mask)
        evaluate_batch(hands[:10], mask, parallel=True)
    check_agreement(hands)

    deck = [eval7.Card(RANKS[code >> 2] + SUITS[code & 3]) for code in range(52)]
    seven_cards = [[deck[code] for code in row] for row in hands.tolist()]
    codes = hands.tolist()

    def run_eval7() -> None:
        evaluate = eval7.evaluate
        for cards in seven_cards:
            evaluate(cards)

    def run_phevaluator() -> None:
        for row in codes:
            evaluate_cards(*row)

    peers = {
        "eval7.evaluate": count / best_of(max(1, args.runs // 2), run_eval7),
        "phevaluator.evaluate_cards": count / best_of(max(1, args.runs // 2), run_phevaluator),
    }
    print(f"{count:,} random seven-card hands; hands per second, best of {args.runs} runs\n")
    for name, rate in peers.items():
        print(f"  {name:<44} {rate / 1e6:8.2f} M/s  (no wild cards)")
    print()
    for label, mask in wild_sets.items():
        one_core = count / best_of(args.runs, functools.partial(evaluate_batch, hands, mask))
        every_core = count / best_of(
            args.runs, functools.partial(evaluate_batch, hands, mask, parallel=True)
        )
        ratios = "  ".join(
            f"{one_core / rate:5.1f}x {name.split('.')[0]}" for name, rate in peers.items()
        )
        print(f"  wildstud.fast, one core, {label:<19} {one_core / 1e6:8.2f} M/s  {ratios}")
        print(f"  wildstud.fast, all cores, {label:<18} {every_core / 1e6:8.2f} M/s")


if __name__ == "__main__":
    main()
