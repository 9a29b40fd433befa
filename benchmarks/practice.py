"""A practice table's help: what each seat's chances cost the server, per hand of seven players.

The work is what :class:`wildstud.server.table.practice.Coach` does for a full table: at every
change of the hand (a street's cards dealt, each action) each seat's view is read
and keyed by what its chances depend on; the chances (:func:`wildstud.practice.chances`,
12,288 simulated deals on one thread) are worked out when that key is new (a street's cards
out, a fold), and the equity bot's hint, on the seat's turn, from those chances. Hands of seven
players are played to the showdown by calling bots, their events replayed change by change.

There is no peer that gives a wild-card stud player's odds from their seat; the comparison is
with the same help worked out afresh at every change, as a table without the cache would.
Printed per game: the changes and the chance computations in a hand, the CPU seconds a hand
with the cache and without, their ratio, the key's cost per seat per change (the part that runs
on the event loop) and one seat's chances (the part that runs on the coach's thread). From the
repository root::

    .venv/bin/python benchmarks/practice.py             # about a minute
    .venv/bin/python benchmarks/practice.py --hands 2
"""

from __future__ import annotations

import argparse
import time

from wildstud.bots import CallingBot, take_turn
from wildstud.cards import Deck
from wildstud.deal import Hand, Phase
from wildstud.practice import advice, chances, situation_of

GAMES = ("FTQ", "SMBU", "BD7", "the-bitch", "F7S")
PLAYERS = 7


def _changes(game: str, seed: int) -> list[Hand]:
    """Copies of one hand at each change its players are sent, in order: as the server deals,
    a street's cards all at once (up to the next player's turn), then each action."""
    hand = Hand(game, [1000] * PLAYERS, deck=Deck(seed=seed))
    bot = CallingBot()
    states: list[Hand] = []
    while True:
        hand.run()
        if hand.phase is Phase.OVER:
            return states
        states.append(hand.copy())
        take_turn(hand, bot)


def measure(game: str, hands: int) -> dict[str, float]:
    states = [_changes(game, seed) for seed in range(hands)]
    changes = sum(len(hand) for hand in states)
    keyed = 0
    key_seconds = 0.0
    cached: dict[tuple[int, int], object] = {}
    computed = 0
    began = time.process_time()
    for number, hand_states in enumerate(states):
        for hand in hand_states:
            for seat in range(PLAYERS):
                view = hand.view(seat)
                start = time.process_time()
                try:
                    situation = situation_of(view)
                except ValueError:
                    continue
                key = (situation.street, situation.prefix, situation.live)
                key_seconds += time.process_time() - start
                keyed += 1
                if seat not in situation.live:
                    continue
                if cached.get((number, seat)) != key:
                    cached[(number, seat)] = key
                    mine = chances(view, seed=number)
                    computed += 1
                    cached[(number, seat, "chances")] = mine  # type: ignore[index]
                advice(view, cached[(number, seat, "chances")])  # type: ignore[index,arg-type]
    with_cache = time.process_time() - began
    began = time.process_time()
    afresh = 0
    for number, hand_states in enumerate(states):
        for hand in hand_states:
            for seat in range(PLAYERS):
                view = hand.view(seat)
                mine = chances(view, seed=number)
                afresh += mine is not None
                advice(view, mine)
    without = time.process_time() - began
    return {
        "changes": changes / hands,
        "computed": computed / hands,
        "afresh": afresh / hands,
        "with": with_cache / hands,
        "without": without / hands,
        "key_ms": 1000 * key_seconds / max(keyed, 1),
        "chances_ms": 1000 * with_cache / max(computed, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=4, help="hands per game (default 4)")
    arguments = parser.parse_args()
    view = Hand("FTQ", [1000] * PLAYERS, deck=Deck(seed=0))
    view.run()
    chances(view.view(0))  # loads (or compiles) the compiled deal, outside the timing
    print(f"{PLAYERS} players, {arguments.hands} hands a game; CPU seconds a hand")
    print(
        "| game | changes | chances worked out | with the cache (s) | afresh at every change (s)"
        " | ratio | key per seat per change (ms) | one seat's chances (ms) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for game in GAMES:
        row = measure(game, arguments.hands)
        print(
            f"| {game} | {row['changes']:.0f} | {row['computed']:.0f} | {row['with']:.3f}"
            f" | {row['without']:.3f} | {row['without'] / row['with']:.1f}×"
            f" | {row['key_ms']:.2f} | {row['chances_ms']:.1f} |"
        )


if __name__ == "__main__":
    main()
