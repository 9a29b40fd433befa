"""The compiled deal against the engine, deal by deal and card by card.

Each sample deal is a game, its house rules, a table size and a seed. The seed gives a shuffled
pack for each deal of the hand (a redeal takes the next one); the engine
(:class:`wildstud.deal.Hand`, its deck a stacked pack per deal, every player bringing in,
checking or calling to the showdown) and the compiled deal
(:func:`wildstud.odds.simulate.play_scripted`) deal from the same packs. Compared per deal:

- the trace: every card dealt, to whom and face up or down, the burns, the community card, the
  centre card, a short stub's reshuffle and each redeal, and after each of them the wild cards
  for every hand and every seat's own wild cards;
- the number of redeals and of face-up cards that changed the wild cards;
- each hand at the showdown: its value, whether it is natural, how many wild cards it holds;
- every share of every pot: the seats that take the high half (or the whole pot) and those that
  take the special half, and the chips each seat took against its share of the pot as the
  compiled deal gives it (the engine's odd chips keep each within one chip).

The house rules are every value of every option that shapes the deal, the wild cards, the
hands' values or the pot (everything but the betting structure and the stakes, which change no
outcome when everyone calls); the stacks are deep, so nobody is all in and every chip is in one
pot. From the repository root::

    .venv/bin/python -m tests.tools.kernel_diff --deals 100000      # per game, every combination
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import os
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from wildstud.betting import ActionKind
from wildstud.cards import DECK, Card, Deck
from wildstud.deal import (
    Awarded,
    Burned,
    CentreCard,
    CommunityCard,
    Dealt,
    Hand,
    Phase,
    Redealt,
    Share,
    Shown,
    StubShuffled,
)
from wildstud.games import GAMES, Game, Rules
from wildstud.games.options import OptionValue
from wildstud.odds import compiled_deal as cd
from wildstud.odds.simulate import Deals, GameSpec, play_scripted
from wildstud.wilds import WildTracker

STACK = 1_000_000
STAKES: dict[str, OptionValue] = {"ante": 5}
"""An ante of 5: every pot is big enough that each winner of a share takes at least a chip."""
BETTING = frozenset(
    {"limit", "ante", "small_bet", "big_bet", "raise_cap", "cap_heads_up", "open_pair", "bring_in"}
    | {"all_in_low_card", "completion_reraise", "short_all_in"}
    # Not betting, but not varied either: it moves only odd chips, and the compiled deal gives
    # each share as a fraction of the pot (the chips are compared within one chip).
    | {"odd_chip"}
)
"""Options that change no outcome when every player calls (or, ``odd_chip``, only which seat
takes an odd chip): not varied."""
INT_VALUES: dict[str, tuple[int, ...]] = {"pay_for_wild": (0, 2)}
_PREFERENCE = (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL)


def rule_values(game: Game) -> dict[str, tuple[OptionValue, ...]]:
    """Every value of every option of ``game`` that the comparison varies."""
    values: dict[str, tuple[OptionValue, ...]] = {}
    for name, spec in game.options_type.specs().items():
        if name in BETTING:
            continue
        if spec.kind == "bool":
            values[name] = (False, True)
        elif spec.enum is not None:
            values[name] = tuple(member.value for member in spec.enum)
        elif spec.choices:
            values[name] = spec.choices
        else:
            values[name] = INT_VALUES[name]
    return values


def combinations(game: Game) -> list[dict[str, OptionValue]]:
    """Every combination of the varied house rules of ``game``."""
    values = rule_values(game)
    return [dict(zip(values, combo, strict=True)) for combo in itertools.product(*values.values())]


@dataclass(frozen=True)
class Sample:
    """One deal to compare: the game's rules, the table size and the seed of its packs."""

    rules: Rules
    options: dict[str, OptionValue]
    players: int
    seed: int


SpecFor = Callable[[Rules], Rules]


@dataclass
class Played:
    """What one side made of a deal."""

    trace: list[tuple[int, ...]]
    redeals: int
    changes: int
    values: list[int]
    natural: list[bool]
    wilds: list[int]
    high: list[int]  # per pot: the mask of seats taking the high half (or the whole pot)
    special: list[int]  # per pot: the mask of seats taking the special half
    chips: list[list[int]] = field(default_factory=list)  # per pot, per seat (engine only)


def packs(seed: int) -> Iterator[list[int]]:
    """The packs of one sample deal, one per deal of the hand, top card first."""
    rng = np.random.default_rng(seed)
    while True:
        yield [int(code) for code in rng.permutation(52)]


def _mask(cards: frozenset[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.code
    return mask


def _row(event: object) -> tuple[int, int, int] | None:
    if isinstance(event, Dealt):
        assert event.card is not None
        return (event.seat, int(event.up), event.card.code)
    if isinstance(event, Burned):
        assert event.card is not None
        return (cd.BURN_SEAT, 0, event.card.code)
    if isinstance(event, CommunityCard):
        return (cd.COMMUNITY_SEAT, 0, event.card.code)
    if isinstance(event, CentreCard):
        return (cd.CENTRE_SEAT, 1, event.card.code)
    if isinstance(event, StubShuffled):
        return (cd.RESHUFFLE_SEAT, 0, -1)
    if isinstance(event, Redealt):
        return (cd.REDEAL_SEAT, 0, -1)
    return None


def play_engine(sample: Sample) -> tuple[Played, list[list[int]]]:
    """The engine's deal from the sample's packs, and the packs it took."""
    source = packs(sample.seed)
    taken: list[list[int]] = []

    def deck(number: int) -> Deck:
        assert number == len(taken) + 1
        taken.append(next(source))
        return Deck.stacked([DECK[code] for code in taken[-1]])

    n = sample.players
    hand = Hand(sample.rules, [STACK] * n, deck=deck)
    trace: list[tuple[int, ...]] = []
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            kinds = {option.kind for option in hand.legal_actions()}
            hand.act(next(kind for kind in _PREFERENCE if kind in kinds))
            continue
        rows = [row for row in map(_row, hand.step()) if row is not None]
        if rows:
            # A centre card from an empty stub is one step: the burns shuffled back, then the
            # card. The reshuffle changes no wild card: it leaves those of the row before.
            for row in rows[:-1]:
                assert row[0] == cd.RESHUFFLE_SEAT, rows
                assert trace, rows
                trace.append((*row, *trace[-1][cd.TRACE_WILD :]))
            wilds = hand.wilds
            live = set(hand.live)
            seats = tuple(_mask(wilds.for_seat(s)) if s in live else -1 for s in range(n))
            trace.append((*rows[-1], _mask(wilds.wild), *seats))
    values, natural, wilds_held = [-1] * n, [False] * n, [0] * n
    for event in hand.events:
        if isinstance(event, Shown):
            values[event.seat] = event.value
            natural[event.seat] = event.natural
            wilds_held[event.seat] = len(event.wild)
    pots = 1 + max(award.pot for award in hand.awards)
    high, special = [0] * pots, [0] * pots
    chips = [[0] * n for _ in range(pots)]
    for award in hand.awards:
        assert isinstance(award, Awarded)
        chips[award.pot][award.seat] += award.amount
        if award.share is Share.HIGH:
            high[award.pot] |= 1 << award.seat
        elif award.share is Share.HOLE_CARD:
            special[award.pot] |= 1 << award.seat
    redeals = sum(1 for event in hand.events if isinstance(event, Redealt))
    changes = _changes(trace, _mask(WildTracker(sample.rules.wild_rule).wild))
    played = Played(trace, redeals, changes, values, natural, wilds_held, high, special, chips)
    return played, taken


def _changes(trace: Sequence[Sequence[int]], initial: int) -> int:
    """Face-up cards of the last deal that changed the wild cards for every hand."""
    changes, before = 0, initial
    for row in trace:
        seat, up, wild = row[cd.TRACE_SEAT], row[cd.TRACE_UP], row[cd.TRACE_WILD]
        if seat == cd.REDEAL_SEAT:
            changes, before = 0, wild
        elif up and (seat >= 0 or seat == cd.CENTRE_SEAT):
            changes += wild != before
            before = wild
    return changes


@dataclass
class Outcome:
    """What a comparison found: the deals compared, what they dealt, and the differences."""

    seen: Counter[str] = field(default_factory=Counter)
    differences: list[str] = field(default_factory=list)

    def add(self, other: Outcome) -> None:
        self.seen.update(other.seen)
        self.differences.extend(other.differences)


_MARKERS = {
    cd.BURN_SEAT: "burn",
    cd.RESHUFFLE_SEAT: "reshuffle",
    cd.COMMUNITY_SEAT: "community card",
    cd.CENTRE_SEAT: "centre card",
    cd.REDEAL_SEAT: "redeal",
}


def compare(samples: Sequence[Sample], spec_for: SpecFor | None = None) -> Outcome:
    """Play each sample through both sides and compare them (``spec_for``, for a test of the
    comparison itself: the compiled deal's rules, other than the engine's)."""
    outcome = Outcome()
    groups: dict[tuple[Rules, int], list[Sample]] = {}
    for sample in samples:
        groups.setdefault((sample.rules, sample.players), []).append(sample)
    for (rules, players), group in groups.items():
        engine = [play_engine(sample) for sample in group]
        spec = GameSpec.of(rules if spec_for is None else spec_for(rules))
        deals, traces = play_scripted(spec, players, [taken for _, taken in engine])
        for index, (sample, (mine, _)) in enumerate(zip(group, engine, strict=True)):
            kernel = _kernel_played(deals, traces[index], index)
            difference = _difference(mine, kernel, int(deals.flags[index]), spec.split)
            if difference:
                label = f"{rules.code} {sample.options} {players} players, seed {sample.seed}"
                outcome.differences.append(f"{label}: {difference}")
            outcome.seen["deals"] += 1
            outcome.seen.update({_MARKERS[row[0]] for row in mine.trace if row[0] in _MARKERS})
            if mine.redeals:
                why = "queen of spades" if rules.redeal_card else rules.no_queen.value
                outcome.seen[f"redeal ({why})"] += 1
            if bin(kernel.high[0]).count("1") > 1:
                outcome.seen["tie"] += 1
            if kernel.special[0]:
                outcome.seen["special half"] += 1
    return outcome


def _kernel_played(deals: Deals, trace: npt.NDArray[np.int64], index: int) -> Played:
    rows = [tuple(int(x) for x in row) for row in trace]
    return Played(
        rows,
        int(deals.redeals[index]),
        int(deals.changes[index]),
        [int(v) for v in deals.values[index]],
        [bool(v) for v in deals.natural[index]],
        [int(v) for v in deals.wilds[index]],
        [int(deals.high[index])],
        [int(deals.special[index])],
    )


def _difference(engine: Played, kernel: Played, flags: int, split: bool) -> str | None:
    """The first way the two sides differ, in words (``None``: they agree)."""
    if flags & cd.FLAG_SCRIPT_SHORT:
        return f"the compiled deal wanted more than the engine's {engine.redeals + 1} packs"
    for i, (mine, theirs) in enumerate(zip(engine.trace, kernel.trace, strict=False)):
        if mine != theirs:
            return f"trace row {i}: engine {mine}, compiled {theirs}"
    if len(engine.trace) != len(kernel.trace):
        return f"trace rows: engine {len(engine.trace)}, compiled {len(kernel.trace)}"
    for name in ("redeals", "changes", "values", "natural", "wilds"):
        if getattr(engine, name) != getattr(kernel, name):
            return f"{name}: engine {getattr(engine, name)}, compiled {getattr(kernel, name)}"
    high, special = kernel.high[0], kernel.special[0]
    for pot, chips in enumerate(engine.chips):
        if engine.high[pot] != high or engine.special[pot] != special:
            return (
                f"pot {pot} winners: engine high {engine.high[pot]:b} special"
                f" {engine.special[pot]:b}, compiled high {high:b} special {special:b}"
            )
        amount = sum(chips)
        winners, holders = bin(high).count("1"), bin(special).count("1")
        high_part = 0.5 if split and holders else 1.0
        for seat, got in enumerate(chips):
            share = high_part / winners if (high >> seat) & 1 else 0.0
            share += 0.5 / holders if (special >> seat) & 1 else 0.0
            if abs(got - share * amount) >= 1:
                return f"pot {pot}: p{seat + 1} took {got} of {amount}, a share of {share:.3f}"
    return None


def samples(
    deals: int, seed: int, *, every_combination: bool
) -> Iterator[tuple[Game, list[Sample]]]:
    """``deals`` samples per game: every combination of its house rules in turn (or each deal's
    house rules drawn at random), table sizes drawn from those the game allows."""
    rng = np.random.default_rng(seed)
    for game in GAMES:
        grid = combinations(game)
        chosen: list[Sample] = []
        for index in range(deals):
            if every_combination:
                options = grid[index % len(grid)]
            else:
                options = grid[int(rng.integers(len(grid)))]
            rules = game.rules({**STAKES, **options})
            players = int(rng.integers(rules.min_players, rules.max_players + 1))
            chosen.append(Sample(rules, options, players, int(rng.integers(2**63))))
        yield game, chosen


def _compare_batch(batch: list[Sample]) -> Outcome:
    return compare(batch)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="deals per game")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--progress", action="store_true", help="a line after each batch")
    parser.add_argument("--games", nargs="+", metavar="CODE", help="only these games (FTQ …)")
    args = parser.parse_args()
    total = Outcome()
    # Each worker process plays its batches on one thread; the workers share the cores.
    os.environ["NUMBA_NUM_THREADS"] = "1"
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for game, chosen in samples(args.deals, args.seed, every_combination=True):
            if args.games and not set(game.codes) & set(args.games):
                continue
            began = time.perf_counter()
            batches = [chosen[i : i + args.batch] for i in range(0, len(chosen), args.batch)]
            outcome = Outcome()
            for part in pool.imap_unordered(_compare_batch, batches):
                outcome.add(part)
                if args.progress:
                    print(
                        f"  {game.title}: {outcome.seen['deals']} deals,"
                        f" {len(outcome.differences)} differences",
                        flush=True,
                    )
            for line in outcome.differences[:10]:
                print(line, flush=True)
            seen = ", ".join(f"{name} {count}" for name, count in sorted(outcome.seen.items()))
            print(
                f"{game.title}: {outcome.seen['deals']} deals over {len(combinations(game))}"
                f" combinations of house rules, {len(outcome.differences)} differences"
                f" ({time.perf_counter() - began:.0f} s; deals with: {seen})",
                flush=True,
            )
            total.add(outcome)
    print(f"all games: {total.seen['deals']} deals, {len(total.differences)} differences")
    raise SystemExit(1 if total.differences else 0)


if __name__ == "__main__":
    main()
