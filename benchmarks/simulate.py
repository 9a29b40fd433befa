"""Complete deals per second: wildstud's compiled simulation against pokerkit's fixed-limit
seven-card stud dealt to the showdown, with the same number of players, in one run.

Both sides deal whole hands from a shuffled deck to the showdown with every player checking or
calling (pokerkit: bring-in, then check or call; wildstud: every player stays in), value every
hand and find the winners. pokerkit runs one state per hand through its automations; wildstud
runs :func:`wildstud.odds.simulate.simulate` on all the machine's cores (its compile time is
paid before timing, as a study pays it once). The rates are per wall-clock second on the same
machine, taken one after the other. From the repository root::

    .venv/bin/python benchmarks/simulate.py                    # about half a minute
    .venv/bin/python benchmarks/simulate.py --players 8 --deals 4000000
"""

from __future__ import annotations

import argparse
import time

import numba
from pokerkit import Automation, FixedLimitSevenCardStud

from wildstud.odds.simulate import simulate

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def pokerkit_rate(players: int, seconds: float) -> float:
    """pokerkit's complete hands per second, every player calling to the showdown."""
    stacks = (100_000,) * players
    done = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = FixedLimitSevenCardStud.create_state(
            AUTOMATIONS, True, 1, 2, 5, 10, stacks, players
        )
        while state.status:
            if state.can_post_bring_in():
                state.post_bring_in()
            else:
                state.check_or_call()
        done += 1
    return done / (time.perf_counter() - began)


def wildstud_rate(game: str, players: int, deals: int) -> float:
    """wildstud's complete deals per second (after one small run that compiles the code)."""
    simulate(game, players, 10_000, seed=1)
    began = time.perf_counter()
    simulate(game, players, deals, seed=2)
    return deals / (time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--deals", type=int, default=2_000_000)
    parser.add_argument("--seconds", type=float, default=10.0, help="pokerkit's timing run")
    parser.add_argument("--games", nargs="+", default=["FTQ", "SMBU", "BD7", "BITCH"])
    args = parser.parse_args()
    base = pokerkit_rate(args.players, args.seconds)
    print(f"{args.players} players, {numba.get_num_threads()} threads")
    print(f"{'engine':28} {'deals/s':>12} {'vs pokerkit':>12}")
    print(f"{'pokerkit 7-card stud':28} {base:12,.0f} {1:12.0f}x")
    for game in args.games:
        rate = wildstud_rate(game, args.players, args.deals)
        print(f"{'wildstud ' + game:28} {rate:12,.0f} {rate / base:12,.0f}x")


if __name__ == "__main__":
    main()
