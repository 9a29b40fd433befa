"""The compiled whole-deal simulation against the object engine.

Each configuration is played twice: by the engine (:class:`wildstud.deal.Hand`, every player
calling to the showdown) and by the compiled deal. Deal by deal, the compiled showdown replays
the engine's cards and must give the same values, wild cards, winners and special halves; over
many deals, the compiled dealing must give the same distributions (the winning category,
redeals, community and centre cards) within chance.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from wildstud.bots import CallingBot, play_out
from wildstud.cards import Deck
from wildstud.deal import Hand, Redealt, Share, Shown
from wildstud.errors import SituationError, TableError
from wildstud.odds.simulate import GameSpec, chunk_seeds, play, resolve_rules, simulate
from wildstud.odds.situation import Situation
from wildstud.odds.stats import homogeneity_p, normal_p

CONFIGS = [
    ("FTQ", {}, 6),
    ("FTQ", {"queens": "all"}, 5),
    ("FTQ", {"queens": "hidden"}, 7),
    ("FTQ", {"queens": "hidden-after-face-up", "natural_beats_wild": True}, 6),
    ("FTQ", {"final_queen": "centre-card", "no_queen": "redeal-still-in"}, 8),
    ("FTQ", {"no_queen": "redeal-everyone", "burn_cards": "each-street"}, 8),
    ("SMBU", {}, 6),
    ("SMBU", {"five_of_a_kind_top": False, "natural_beats_wild": True}, 4),
    ("BD7", {}, 7),
    ("BD5", {"burn_cards": "each-street"}, 10),
    ("BITCH", {}, 6),
    ("BITCH", {"queen_of_spades": "wild", "burn_cards": "each-street"}, 8),
    ("BITCH", {"double_ace_flush": True, "reante_on_redeal": True}, 3),
]
ENGINE_DEALS = 240
SIM_DEALS = 120_000


@dataclass
class EngineDeal:
    values: list[int]
    wilds: list[int]
    natural: list[bool]
    high: int
    special: int
    redeals: int
    situation: Situation


def _engine(game: str, options: dict[str, object], players: int, seed: int) -> EngineDeal:
    hand = Hand(game, [100_000] * players, options, deck=Deck(seed=seed))
    play_out(hand, CallingBot())
    values, wilds, natural = [-1] * players, [0] * players, [False] * players
    high = special = redeals = 0
    for event in hand.events:
        if isinstance(event, Shown):
            values[event.seat] = event.value
            wilds[event.seat] = len(event.wild)
            natural[event.seat] = event.natural
        elif isinstance(event, Redealt):
            redeals += 1
    for award in hand.awards:
        if award.share is Share.HIGH:
            high |= 1 << award.seat
        elif award.share is Share.HOLE_CARD:
            special |= 1 << award.seat
    return EngineDeal(values, wilds, natural, high, special, redeals, Situation.from_hand(hand))


@pytest.fixture(scope="module", params=CONFIGS, ids=lambda c: f"{c[0]}-{c[2]}-{sorted(c[1])}")
def played(request: pytest.FixtureRequest) -> tuple[GameSpec, int, list[EngineDeal]]:
    game, options, players = request.param
    spec = GameSpec.of(resolve_rules(game, options))
    deals = [_engine(game, options, players, seed) for seed in range(ENGINE_DEALS)]
    return spec, players, deals


def test_showdown_agrees_deal_by_deal(played: tuple[GameSpec, int, list[EngineDeal]]) -> None:
    spec, players, deals = played
    for index, deal in enumerate(deals):
        s = deal.situation
        assert s.unknown == 0
        out = play(
            spec,
            players,
            chunk_seeds(index, 0, 1),
            1,
            prefix=s.prefix_array,
            prefix_street=s.street,
            live=s.live_mask,
        )
        assert out.redeals[0] == 0, index
        assert out.values[0].tolist() == deal.values, index
        assert out.wilds[0].tolist() == deal.wilds, index
        assert [bool(x) for x in out.natural[0]] == [
            deal.natural[seat] if deal.values[seat] >= 0 else False for seat in range(players)
        ], index
        assert int(out.high[0]) == deal.high, index
        assert int(out.special[0]) == deal.special, index


def test_distributions_agree(played: tuple[GameSpec, int, list[EngineDeal]]) -> None:
    spec, players, deals = played
    sim = simulate(spec.rules, players, SIM_DEALS, seed=2024)
    sim_best = (sim.values.max(axis=1) >> 20) & 0xF
    engine_best = np.array([(max(d.values) >> 20) & 0xF for d in deals])
    p = homogeneity_p(
        np.bincount(engine_best, minlength=10).tolist(),
        np.bincount(sim_best, minlength=10).tolist(),
    )
    assert p > 1e-3, f"winning categories differ (p = {p:.2g})"

    # Per deal (the hands of one deal are not independent): the mean number of wild cards a
    # hand holds at the showdown, redeals, split high halves, a special half paid.
    shown = sim.values >= 0
    for name, engine_values, sim_values in (
        (
            "wild cards held",
            np.array(
                [
                    np.mean([w for w, v in zip(d.wilds, d.values, strict=True) if v >= 0])
                    for d in deals
                ]
            ),
            (sim.wilds * shown).sum(axis=1) / shown.sum(axis=1),
        ),
        ("redeals", np.array([d.redeals for d in deals]), sim.redeals.astype(np.float64)),
        ("ties", np.array([bin(d.high).count("1") > 1 for d in deals]), _ties(sim.high)),
        ("special", np.array([d.special != 0 for d in deals]), sim.special != 0),
    ):
        e_mean, s_mean = float(np.mean(engine_values)), float(np.mean(sim_values))
        spread = float(np.var(sim_values)) / len(engine_values) + float(np.var(sim_values)) / len(
            sim_values
        )
        if spread == 0:
            assert e_mean == s_mean, name
            continue
        z = (e_mean - s_mean) / spread**0.5
        assert normal_p(z) > 1e-3, f"{name}: engine {e_mean:.4f}, simulation {s_mean:.4f}"


def _ties(high: np.ndarray) -> np.ndarray:
    counts = np.zeros(len(high), dtype=np.int64)
    for seat in range(10):
        counts += (high >> seat) & 1
    return counts > 1


def test_a_seed_gives_the_same_deals_in_any_chunking() -> None:
    spec = GameSpec.of(resolve_rules("SMBU"))
    whole = play(spec, 5, chunk_seeds(9, 0, 4), 100)
    parts = [play(spec, 5, chunk_seeds(9, first, 1), 100) for first in range(4)]
    assert np.array_equal(whole.values, np.concatenate([p.values for p in parts]))
    assert not np.array_equal(whole.values[:100], whole.values[100:200])


def test_rates_match_known_probabilities() -> None:
    # The Bitch at 2 players: the first deal stops when the queen of spades is one of the 8
    # upcards, probability 8/52; redeals are geometric.
    sim = simulate("BITCH", 2, 200_000, seed=5)
    p = 8 / 52
    expected = p / (1 - p)
    assert abs(sim.redeals.mean() - expected) < 4 * (sim.redeals.std() / len(sim) ** 0.5)
    # Holding the queen of spades face down at the showdown: 3 of the 52 - 8 other cards ...
    # by symmetry each of the 2 hands holds it in the hole with probability 3/44.
    assert abs((sim.special != 0).mean() - 2 * 3 / 44) < 0.005


def test_bad_input_is_refused() -> None:
    with pytest.raises(TableError, match="2 to 8 players"):
        simulate("FTQ", 9, 10)
    with pytest.raises(TableError, match="at least 1"):
        simulate("FTQ", 3, 0)
    with pytest.raises(SituationError, match="seen twice"):
        Situation.build("FTQ", 3, hole={0: "As Ad"}, upcards={0: "As", 1: "2c", 2: "3c"})
    with pytest.raises(SituationError, match="queen of spades"):
        Situation.build("BITCH", 2, upcards={0: "Qs", 1: "2c"})
