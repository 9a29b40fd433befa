"""Complete hands per second: the wildstud engine against pokerkit's fixed-limit seven-card stud.

Both sides play whole hands, one after another, from the antes to the chips pushed: each engine
shuffles and deals through its own automatic steps, the players act at random, and each hand ends
in a fold-out or at a showdown where the engine values the hands and divides the pots. The random
player is the same on both sides: it picks uniformly among the legal kinds of action, from a
:class:`random.Random` seeded per hand, and takes the least amount that kind allows. The tables
are alike: the same number of players, the same stacks (deep enough that nobody is forced all
in), an ante, a bring-in, a small bet and a big bet. The wildstud games are played under their
default house rules (Who Da Baby Daddy Is has no bring-in: its first round opens to the dealer's
left). Each side builds its game once and a fresh state for every hand.

Every engine plays the same hands: hand ``n`` gets seed ``n`` for its shuffle and for its player,
who therefore takes the same kinds of action in the same order on both sides. The machine this
runs on may be shared and noisy, so the engines take turns in rounds (each round plays the next
slice of the hands on every engine) and the clock is the process's CPU time. The rate
that counts is each engine's best round, the one least disturbed by other work (as ``timeit``
takes the fastest run); the rate over all rounds is shown beside it. The ratio is what matters.
From the repository root::

    .venv/bin/python benchmarks/engine.py                       # about a minute
    .venv/bin/python benchmarks/engine.py --hands 2000 --players 7 --games FTQ BITCH

The table gives hands per second for each wildstud game and for pokerkit, each game's ratio to
pokerkit, and the average player actions per hand and share of hands shown down, which show that
the two sides did comparable work.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pokerkit import Automation, FixedLimitSevenCardStud, HoleCardsShowingOrMucking, State

from wildstud.cards import Deck
from wildstud.deal import Hand, Phase, Share
from wildstud.games import Rules, find_game

GAMES = ("FTQ", "SMBU", "BD7", "BD5", "BITCH")
ANTE, BRING_IN, SMALL_BET, BIG_BET = 1, 2, 5, 10
STACK = 1000  # deep: at these stakes a random player is never forced all in

# Everything a dealer does: pokerkit then asks only for the players' actions.
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

Play = Callable[[int], tuple[int, bool]]
"""Plays the hand of one seed; returns the player actions taken and whether it was shown down."""


@dataclass
class Tally:
    """One engine's hands so far: how many, the CPU seconds they took, the best round's rate,
    and what the hands held."""

    name: str
    hands: int = 0
    seconds: float = 0.0
    best: float = 0.0
    actions: int = 0
    showdowns: int = 0

    @property
    def rate(self) -> float:
        """Hands per CPU second over all rounds."""
        return self.hands / self.seconds if self.seconds else 0.0


def wildstud_player(code: str, players: int) -> Play:
    """A player of one wildstud game at these stakes."""
    options: dict[str, object] = {"ante": ANTE, "small_bet": SMALL_BET, "big_bet": BIG_BET}
    if not code.startswith("BD"):
        options["bring_in"] = BRING_IN
    rules: Rules = find_game(code).rules(options)
    stacks = [STACK] * players

    def play(seed: int) -> tuple[int, bool]:
        rng = random.Random(seed)
        hand = Hand(rules, stacks, deck=Deck(seed=seed))
        actions = 0
        while True:
            hand.run()
            if hand.phase is Phase.OVER:
                break
            hand.act(rng.choice(hand.legal_actions()).kind)
            actions += 1
        # Hands are shown down unless all but one folded (or mucked): then the pot is uncontested.
        return actions, any(award.share is not Share.UNCONTESTED for award in hand.awards)

    return play


def pokerkit_player(players: int) -> Play:
    """A player of pokerkit's fixed-limit seven-card stud, played the same way."""
    game = FixedLimitSevenCardStud(AUTOMATIONS, True, ANTE, BRING_IN, SMALL_BET, BIG_BET)

    def play(seed: int) -> tuple[int, bool]:
        rng = random.Random(seed)
        random.seed(seed)  # pokerkit shuffles with the random module's generator
        state = game(STACK, players)
        actions = 0
        while state.status:
            rng.choice(_pokerkit_moves(state))()
            actions += 1
        shown = any(isinstance(op, HoleCardsShowingOrMucking) for op in state.operations)
        return actions, shown

    return play


def _pokerkit_moves(state: State) -> list[Callable[[], object]]:
    """The legal kinds of action, one method each (pokerkit folds only facing a bet)."""
    moves: list[Callable[[], object]] = []
    if state.can_post_bring_in():
        moves.append(state.post_bring_in)
    if state.can_fold():
        moves.append(state.fold)
    if state.can_check_or_call():
        moves.append(state.check_or_call)
    if state.can_complete_bet_or_raise_to():
        moves.append(state.complete_bet_or_raise_to)
    return moves


def run_slice(tally: Tally, play: Play, seeds: range) -> None:
    """Play the hands of these seeds and add them to the tally."""
    start = time.process_time()
    for seed in seeds:
        actions, shown = play(seed)
        tally.actions += actions
        tally.showdowns += shown
    seconds = time.process_time() - start
    tally.seconds += seconds
    tally.hands += len(seeds)
    if seconds > 0:
        tally.best = max(tally.best, len(seeds) / seconds)


def report(tallies: Sequence[Tally], baseline: Tally) -> str:
    """The table of rates and ratios: the best round's, then over all rounds."""
    lines = [
        f"{'engine':<14} {'hands':>7} {'CPU s':>7} {'hands/s':>8} {'x pokerkit':>10}"
        f" {'all rounds':>10} {'x':>5} {'actions':>8} {'shown':>6}"
    ]
    for tally in (*tallies, baseline):
        lines.append(
            f"{tally.name:<14} {tally.hands:>7} {tally.seconds:>7.2f} {tally.best:>8.0f}"
            f" {tally.best / baseline.best:>10.1f} {tally.rate:>10.0f}"
            f" {tally.rate / baseline.rate:>5.1f} {tally.actions / tally.hands:>8.1f}"
            f" {tally.showdowns / tally.hands:>6.0%}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Complete hands per second against pokerkit.")
    parser.add_argument("--hands", type=int, default=12000, help="hands each engine plays")
    parser.add_argument("--players", type=int, default=6, help="players at the table (2 to 7)")
    parser.add_argument("--rounds", type=int, default=12, help="turns the engines take")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first hand")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 7:
        parser.error("--players must be 2 to 7 (Who Da Baby Daddy Is seats seven at most)")
    if not 1 <= args.rounds <= args.hands:
        parser.error("--rounds must be at least 1, and no more than --hands")

    engines = [(Tally("pokerkit F7S"), pokerkit_player(args.players))]
    for code in args.games:
        engines.append((Tally(f"wildstud {code}"), wildstud_player(code, args.players)))
    for index in range(args.rounds):
        first = args.seed + args.hands * index // args.rounds
        last = args.seed + args.hands * (index + 1) // args.rounds
        for tally, play in engines:
            run_slice(tally, play, range(first, last))
    baseline, *ours = (tally for tally, _ in engines)
    print(
        f"{args.players} players, stacks {STACK}, ante {ANTE}, bring-in {BRING_IN},"
        f" bets {SMALL_BET}/{BIG_BET}; {args.rounds} rounds"
    )
    print(report(ours, baseline))


if __name__ == "__main__":
    main()
