"""The compiled deal agrees with the engine exactly, deal by deal and card by card.

A sample of seeded deals of every game, under house rules drawn from every value of every
option that shapes the deal, is dealt from the same packs by the engine and by the compiled
deal (see :mod:`tests.tools.kernel_diff`, which also runs the large check by hand); the traces, the
redeals, the hands' values and every share of every pot must be the same.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from tests.tools.kernel_diff import Sample, combinations, compare, play_engine, rule_values, samples
from wildstud.compiled import warm_up
from wildstud.games import GAMES, Game, Rules
from wildstud.odds import compiled_deal as cd
from wildstud.odds.simulate import GameSpec, play_scripted, resolve_rules

DEALS_PER_GAME = 150
RARE = {
    "follow-the-queen": {
        "community card",
        "centre card",
        "redeal (redeal-still-in)",
        "redeal (redeal-everyone)",
    },
    "smack-my-bitch-up": {"community card"},
    "the-bitch": {"community card", "redeal (queen of spades)", "special half"},
    "seven-card-stud": {"community card"},
}


@pytest.fixture(scope="module", params=GAMES, ids=lambda game: game.name)
def sample(request: pytest.FixtureRequest) -> tuple[Game, list[Sample]]:
    game: Game = request.param
    for found, chosen in samples(DEALS_PER_GAME, seed=2026, every_combination=False):
        if found is game:
            return game, chosen
    raise AssertionError(game)  # pragma: no cover


def test_every_house_rule_value_is_sampled(sample: tuple[Game, list[Sample]]) -> None:
    game, chosen = sample
    for name, values in rule_values(game).items():
        drawn = {s.options[name] for s in chosen}
        assert drawn == set(values), name


def test_compiled_deal_agrees_with_the_engine(sample: tuple[Game, list[Sample]]) -> None:
    game, chosen = sample
    outcome = compare(chosen)
    assert outcome.differences == []
    assert outcome.seen["deals"] == DEALS_PER_GAME
    # The sample reaches the rare paths: burns and a short stub's reshuffle, and where the game
    # can have them a community card (Baby Daddy's stub never runs out), redeals of each kind,
    # the centre card and the special half.
    expected = {"burn", "reshuffle"} | RARE.get(game.name, set())
    assert expected <= set(outcome.seen), outcome.seen


def _other_queens(rules: Rules) -> Rules:
    options = rules.options
    queens = "all" if options.queens.value != "all" else "natural"  # type: ignore[union-attr]
    return resolve_rules(rules.game.name, {**options.to_mapping(), "queens": queens})


def test_the_comparison_finds_a_compiled_deal_that_differs() -> None:
    (ftq, chosen), *_ = samples(40, seed=5, every_combination=False)
    assert ftq.name == "follow-the-queen"
    outcome = compare(chosen, spec_for=_other_queens)
    assert len(outcome.differences) > 0
    assert any("trace row" in line or "values" in line for line in outcome.differences)


def test_the_comparison_finds_a_card_out_of_place() -> None:
    rules = resolve_rules("SMBU")
    engine, taken = play_engine(Sample(rules, {}, 5, seed=11))
    swapped = [list(pack) for pack in taken]
    swapped[0][0], swapped[0][1] = swapped[0][1], swapped[0][0]  # p1's and p2's first cards
    _, traces = play_scripted(GameSpec.of(rules), 5, [swapped])
    assert tuple(traces[0][0, :3]) == (0, 0, taken[0][1])
    assert [tuple(row) for row in traces[0]] != engine.trace


def test_a_script_too_short_for_its_redeals_is_flagged() -> None:
    spec = GameSpec.of(resolve_rules("BITCH"))
    # The queen of spades is p1's first upcard (the third card of the deal, heads-up: 5th).
    pack = [0, 1, 2, 3, cd.QUEEN_OF_SPADES, *[c for c in range(4, 52) if c != cd.QUEEN_OF_SPADES]]
    deals, traces = play_scripted(spec, 2, [[pack]])
    assert int(deals.flags[0]) & cd.FLAG_SCRIPT_SHORT
    assert int(traces[0][-1, cd.TRACE_SEAT]) == cd.REDEAL_SEAT


def test_every_combination_is_listed_once() -> None:
    for game in GAMES:
        grid = combinations(game)
        sizes = [len(values) for values in rule_values(game).values()]
        assert len(grid) == int(np.prod(sizes))
        assert len({tuple(sorted(c.items())) for c in grid}) == len(grid)
    assert dataclasses.is_dataclass(Sample)


def test_every_entry_point_shares_one_compiled_deal() -> None:
    """A deal compiled for a second signature (an argument typed as a literal constant, a
    parallel loop's unsigned index) would add most of a minute to a cold compile: the random,
    scripted and exhaustive entry points must all call the one specialisation. A kernel loaded
    from the cache registers no signature of the kernels it calls, so Numba's index of the cache
    (rewritten whenever the source changes) is what counts them."""
    warm_up()
    kernels: tuple[Any, ...] = (cd.play_deal, cd.new_table, cd._trace_row, cd._replay_prefix)
    for kernel in kernels:
        index = kernel._cache._cache_file._load_index()
        assert len(index) == 1, (kernel, [key[0] for key in index])


def test_the_deal_and_its_rare_steps_count_no_references() -> None:
    """Counting references to the arrays the threads share slowed two threads dealing at once
    3.5 to 5.5 times (issue 24): the deal and every step it calls are compiled without it."""
    steps = (
        cd._trace_row,
        cd._replay_prefix,
        cd._return_burns,
        cd._deal_centre,
        cd._deal_community,
    )
    for kernel in (cd.play_deal, *steps):
        assert kernel.targetoptions.get("_nrt") is False, kernel
