"""What a private deal's arithmetic costs a card under v2 (issue 26): a party's shares of a
pass in one batch with one proof (:func:`~wildstud.private_deal.share_batch` of 1, 3, 7 and 15
points) and its check (:func:`~wildstud.private_deal.check_shares`), a turn of the deck
(:func:`~wildstud.private_deal.shuffle_turn`, a card's re-randomisation) and a key's proof of
knowledge made and checked (:func:`~wildstud.private_deal.prove_key`,
:func:`~wildstud.private_deal.check_key`): in the library (libsodium, as the server runs it)
and in the page's module (``static/js/privatedeal.js`` in node, ``private_batch.mjs``). CPU
milliseconds a card (a turn of the deck and a key: each), best of ``--repeat`` runs (the least
disturbed by other work).

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

from wildstud.private_deal import (
    Secret,
    check_key,
    check_shares,
    deal_deck,
    open_deck,
    prove_key,
    share_batch,
    shuffle_turn,
)

SIZES = (1, 3, 7, 15)
PAGE = Path(__file__).with_name("private_batch.mjs")
CONTEXT = b"table t|hand 1|deal 1|unmask 0|party 0"


def _per_card(work: Callable[[], object], cards: int) -> float:
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000 / cards


def library(cards: int) -> dict[str, Any]:
    """The library's milliseconds, as the page's half gives them: ``batch`` by size (a card's
    share and its check), ``turn`` (a whole turn of the 52-card deck), ``key`` (a proof of
    knowledge made and checked)."""
    secret = Secret.new()
    dealt = deal_deck([(Secret.new(), list(range(52)))], b"bench")[-1]
    c1s = [c1 for c1, _ in dealt]

    def points(count: int, start: int) -> list[bytes]:
        return [c1s[(start + i) % 52] for i in range(count)]

    result: dict[str, Any] = {"batch": {}}
    for size in SIZES:
        rounds = max(1, round(cards / size))
        batches = [share_batch(points(size, i), secret, CONTEXT) for i in range(rounds)]
        result["batch"][str(size)] = {
            "share": _per_card(
                lambda: [share_batch(points(size, i), secret, CONTEXT) for i in range(rounds)],  # noqa: B023
                rounds * size,
            ),
            "check": _per_card(
                lambda: [check_shares(b, secret.key, CONTEXT) for b in batches],  # noqa: B023
                rounds * size,
            ),
        }
    order = list(range(52))
    result["turn"] = _per_card(
        lambda: shuffle_turn(open_deck(), secret, order, secret.key, b"bench"), 1
    )
    proof = prove_key(secret, b"bench", 0)
    result["key"] = {  # each timed over ``cards`` of them: one is below the clock's grain
        "prove": _per_card(lambda: [prove_key(secret, b"bench", i) for i in range(cards)], cards),
        "check": _per_card(
            lambda: [check_key(secret.key, proof, b"bench", 0) for _ in range(cards)], cards
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


def _best(runs: list[Any]) -> Any:
    """Each figure's least over the runs (the same shape each run)."""
    first = runs[0]
    if isinstance(first, dict):
        return {key: _best([run[key] for run in runs]) for key in first}
    return round(min(runs), 3)


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
