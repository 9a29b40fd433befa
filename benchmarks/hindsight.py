"""A replay's odds: every street of a finished hand, wildstud's odds engine against pokerkit's
``calculate_equities``, in one run.

The work is what the history page asks of the server for one hand: each hand's pot share at
every street, the cards the showdown revealed counted as known from the street they were dealt.
Hands of seven players are played to the showdown by calling bots (every hand shown, so both
sides know the same cards). wildstud runs :func:`wildstud.odds.hindsight.finished_odds` (exact
on the last two streets where it can, 16,384 simulated deals elsewhere; its compile time is
paid before timing); pokerkit runs ``calculate_equities`` on the same known cards at each street
of seven-card stud (its only stud game: the wild games have no peer), one thread, with fewer
samples, and its rate is scaled to wildstud's number of deals. Printed: seconds per whole hand
for each game, wall-clock and CPU (the goal: under one second for a seven-player hand), and
the ratio against pokerkit on seven-card stud. From the repository root::

    .venv/bin/python benchmarks/hindsight.py               # about a minute
    .venv/bin/python benchmarks/hindsight.py --hands 20 --samples 2000
"""

from __future__ import annotations

import argparse
import os
import time

from pokerkit import Card as PokerkitCard
from pokerkit import Deck as PokerkitDeck
from pokerkit import StandardHighHand, calculate_equities

from wildstud.bots import CallingBot, play_out
from wildstud.cards import Deck
from wildstud.deal import Dealt, Hand, StreetStarted
from wildstud.odds.hindsight import DEALS, finished_odds

GAMES = ("FTQ", "SMBU", "BD7", "the-bitch", "F7S")


def finished_hands(game: str, players: int, count: int) -> list[Hand]:
    hands = []
    for seed in range(count):
        hand = Hand(game, [1000] * players, deck=Deck(seed=seed))
        play_out(hand, CallingBot())
        hands.append(hand)
    return hands


def wildstud_seconds(hands: list[Hand]) -> tuple[float, float]:
    """Wall-clock and CPU seconds per whole hand. The CPU seconds (every thread of the process)
    are the figure that holds on a machine busy with other work, where the wall clock mostly
    measures the wait for a core."""
    finished_odds(hands[0], deals=DEALS)  # compiles the kernels, outside the timing
    began, cpu = time.perf_counter(), time.process_time()
    for hand in hands:
        finished_odds(hand, deals=DEALS)
    wall = (time.perf_counter() - began) / len(hands)
    return wall, (time.process_time() - cpu) / len(hands)


def pokerkit_seconds(hands: list[Hand], samples: int) -> float:
    """Seconds per whole hand, scaled from ``samples`` to wildstud's deals a street."""
    began = time.perf_counter()
    streets = 0
    for hand in hands:
        known: dict[int, list[str]] = {}
        for event in hand.events:
            if isinstance(event, StreetStarted) and known:
                _pokerkit_street(known, samples)
                streets += 1
            elif isinstance(event, Dealt) and event.card is not None:
                known.setdefault(event.seat, []).append(str(event.card))
        _pokerkit_street(known, samples)  # the last street, every card out
        streets += 1
    per_sample = (time.perf_counter() - began) / (streets * samples)
    return per_sample * DEALS * streets / len(hands)


def _pokerkit_street(known: dict[int, list[str]], samples: int) -> list[float]:
    ranges = [[list(PokerkitCard.parse("".join(cards)))] for cards in known.values()]
    return calculate_equities(
        ranges, (), 7, 0, PokerkitDeck.STANDARD, (StandardHighHand,), sample_count=samples
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--samples", type=int, default=1000, help="pokerkit's samples a street")
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    for game in GAMES:
        hands = finished_hands(game, args.players, args.hands)
        seconds, cpu = wildstud_seconds(hands)
        line = f"{game:10} wildstud {seconds:6.3f} s a hand of {args.players} ({cpu:.3f} s of CPU)"
        if game == "F7S":
            theirs = pokerkit_seconds(hands[: max(2, args.hands // 5)], args.samples)
            line += f"; pokerkit {theirs:7.1f} s (scaled), wildstud {theirs / seconds:,.0f}x"
        print(line, flush=True)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
