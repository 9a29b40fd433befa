"""What one proof a batch saves (issue 26): per card, an unmasking with its own proof
(:func:`~wildstud.private_deal.unmask`, one proof a card) against its share of a batch with one
proof for all (:func:`~wildstud.private_deal.unmask_batch` of 1, 3, 7 and 15 points), and the
check of each (:func:`~wildstud.private_deal.check_unmasking`,
:func:`~wildstud.private_deal.check_batch`): in the library (libsodium, as the server runs it)
and in the page's module (``static/js/privatedeal.js`` in node, ``private_batch.mjs``). CPU
milliseconds a card, best of ``--repeat`` runs (the least disturbed by other work).

From the repository root::

    .venv/bin/python benchmarks/private_batch.py
    .venv/bin/python benchmarks/private_batch.py --cards 210 --repeat 5
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wildstud.cards import DECK
from wildstud.private_deal import (
    Secret,
    card_point,
    check_batch,
    check_unmasking,
    mask_and_shuffle,
    unmask,
    unmask_batch,
)

SIZES = (1, 3, 7, 15)
PAGE = Path(__file__).with_name("private_batch.mjs")
CONTEXT = b"table t|hand 1|deal 1|pass 0|party 0"


def _per_card(work: Callable[[], object], cards: int) -> float:
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000 / cards


def library(cards: int) -> dict[str, Any]:
    """The library's milliseconds a card, by kind (``single``, ``batch`` by size)."""
    secret = Secret.new()
    masked = mask_and_shuffle([card_point(card) for card in DECK], Secret.new(), list(range(52)))

    def points(count: int, start: int) -> list[bytes]:
        return [masked[(start + i) % 52] for i in range(count)]

    steps = [unmask(point, secret, CONTEXT) for point in points(cards, 0)]
    unmasked = _per_card(lambda: [unmask(p, secret, CONTEXT) for p in points(cards, 0)], cards)
    checked = _per_card(lambda: [check_unmasking(s, secret.key, CONTEXT) for s in steps], cards)
    result: dict[str, Any] = {"single": {"unmask": unmasked, "check": checked}, "batch": {}}
    for size in SIZES:
        rounds = max(1, round(cards / size))
        batches = [unmask_batch(points(size, i), secret, CONTEXT) for i in range(rounds)]
        result["batch"][str(size)] = {
            "unmask": _per_card(
                lambda: [unmask_batch(points(size, i), secret, CONTEXT) for i in range(rounds)],  # noqa: B023
                rounds * size,
            ),
            "check": _per_card(
                lambda: [check_batch(b, secret.key, CONTEXT) for b in batches],  # noqa: B023
                rounds * size,
            ),
        }
    return result


def page(cards: int) -> dict[str, Any]:
    """The page module's milliseconds a card, from node."""
    done = subprocess.run(
        ["node", str(PAGE), json.dumps({"sizes": SIZES, "cards": cards})],
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def _best(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure's least over the runs."""
    first = runs[0]
    return {
        "single": {k: round(min(r["single"][k] for r in runs), 3) for k in first["single"]},
        "batch": {
            size: {k: round(min(r["batch"][size][k] for r in runs), 3) for k in kinds}
            for size, kinds in first["batch"].items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=105, help="cards a run (a multiple of 105)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    report = {
        "ms_a_card": {
            "library": _best([library(args.cards) for _ in range(args.repeat)]),
            "page_node": _best([page(args.cards) for _ in range(args.repeat)]),
        },
        "load_average": [round(load, 2), round(os.getloadavg()[0], 2)],
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
