"""Exhaustive seven-card tables: how long ``wildstud tables --cards 7`` takes, against eval7.

wildstud counts the categories of all 133,784,560 seven-card hands in nested compiled loops on
every core, with no wild cards and with deuces wild. No peer enumerates with wild cards; for
scale, eval7 (no wild cards, one call per hand from Python, on one core) is timed on the first
hands of the same enumeration and its time for the whole table is extrapolated, as is the
time that wildstud.fast's own batch evaluator would take on pre-built hands.

    .venv/bin/python benchmarks/tables.py [--sample 1000000]
"""

from __future__ import annotations

import argparse
import itertools
import time
from math import comb

import eval7
import numba
import numpy as np

from wildstud.fast import category_counts, evaluate_batch

RANKS = "23456789TJQKA"
SUITS = "cdhs"
HANDS = comb(52, 7)


def timed(label: str, wild: str | None) -> float:
    start = time.perf_counter()
    table = category_counts(7, wild)
    seconds = time.perf_counter() - start
    assert table.total == HANDS
    rate = HANDS / seconds / 1e6
    print(f"  {'wildstud tables --cards 7 ' + label:<52} {seconds:7.2f} s  {rate:6.1f} M hands/s")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sample", type=int, default=1_000_000, help="hands timed for eval7")
    args = parser.parse_args()

    category_counts(5)  # compile (or load from the cache) before timing
    category_counts(5, "2")
    threads = numba.get_num_threads()
    print(f"all {HANDS:,} seven-card hands, {threads} threads\n")
    ours = timed("", None)
    timed("--wild 2", "2")
    print()

    sample = list(itertools.islice(itertools.combinations(range(52), 7), args.sample))
    deck = [eval7.Card(RANKS[code >> 2] + SUITS[code & 3]) for code in range(52)]
    hands = [[deck[code] for code in hand] for hand in sample]
    evaluate = eval7.evaluate
    start = time.perf_counter()
    for hand in hands:
        evaluate(hand)
    peer = (time.perf_counter() - start) * HANDS / len(hands)
    codes = np.array(sample, dtype=np.uint8)
    evaluate_batch(codes[:10])
    start = time.perf_counter()
    evaluate_batch(codes)
    batch = (time.perf_counter() - start) * HANDS / len(codes)
    print(f"  {'eval7.evaluate, one core, extrapolated':<52} {peer:7.2f} s")
    print(f"  {'wildstud.fast.evaluate_batch, one core, extrapolated':<52} {batch:7.2f} s")
    print(f"\n  eval7 time / wildstud tables time (no wild cards): {peer / ours:.0f}x")


if __name__ == "__main__":
    main()
