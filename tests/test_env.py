"""The games as a PettingZoo environment: PettingZoo's own API test on every game, chips conserved,
and nothing an agent observes that its seat may not see."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test

from wildstud.betting import ActionKind
from wildstud.cards import Card
from wildstud.env import ACTIONS, WildstudEnv, env
from wildstud.errors import WildstudError
from wildstud.games import GAMES, find_game

GAME_SETUPS = [
    ("FTQ", {}),
    ("FTQ", {"queens": "all", "no_queen": "redeal-everyone"}),
    ("SMBU", {}),
    ("BD7", {}),
    ("BD5", {}),
    ("the-bitch", {}),
    ("F7S", {"limit": "no-limit", "bring_in": 0}),
]


def test_the_setups_cover_every_game() -> None:
    assert {find_game(game).name for game, _ in GAME_SETUPS} == {game.name for game in GAMES}


@pytest.mark.parametrize(("game", "options"), GAME_SETUPS)
def test_pettingzoo_api_test_passes(game: str, options: dict[str, object]) -> None:
    api_test(env(game, 4, options=options), num_cycles=200)


def _play(game: str, players: int, seed: int, **kwargs: object) -> WildstudEnv:
    rng = random.Random(seed)
    table = WildstudEnv(game, players, **kwargs)  # type: ignore[arg-type]
    table.reset(seed=seed)
    while table.agents:
        observation, _, terminated, truncated, _ = table.last()
        legal = observation["action_mask"].nonzero()[0]
        table.step(None if terminated or truncated else int(rng.choice(legal)))
    return table


@pytest.mark.parametrize(("game", "options"), GAME_SETUPS)
def test_random_hands_move_chips_between_players_only(
    game: str, options: dict[str, object]
) -> None:
    for seed in range(15):
        table = _play(game, 5, seed, options=options)
        assert sum(table.final_rewards.values()) == 0
        assert any(table.final_rewards.values())  # the antes at least change hands


def test_a_seed_deals_the_same_hand_again() -> None:
    first, second = _play("SMBU", 4, 3), _play("SMBU", 4, 3)
    assert first.hand.events == second.hand.events


def test_an_observation_holds_the_seats_own_hole_cards_and_only_upcards_of_the_others() -> None:
    table = WildstudEnv("the-bitch", 4)
    table.reset(seed=11)
    for agent in table.agents:
        seat = table.possible_agents.index(agent)
        vector = table.observe(agent)["observation"]
        hole = {Card.of(int(code)) for code in vector[:52].nonzero()[0]}
        assert hole == {held.card for held in table.hand.cards(seat) if not held.up}
        hidden_elsewhere = {
            held.card.code
            for other in range(4)
            if other != seat
            for held in table.hand.cards(other)
            if not held.up
        }
        # The hole cards, every seat's upcards and the board: the parts that hold cards dealt.
        dealt = vector[: 52 * (1 + 4 + 1)].nonzero()[0]
        seen_cards = {int(index) % 52 for index in dealt}
        assert not hidden_elsewhere & seen_cards


def test_observations_lie_in_the_unit_interval() -> None:
    table = WildstudEnv("FTQ", 6, stacks=(50, 80, 120, 200, 30, 7))
    table.reset(seed=5)
    observation = table.observe(table.agent_selection)["observation"]
    assert observation.dtype == np.float32
    assert observation.min() >= 0.0
    assert observation.max() <= 1.0


def test_the_mask_offers_exactly_the_engines_legal_actions() -> None:
    table = WildstudEnv("FTQ", 3, options={"limit": "no-limit", "bring_in": 0})
    table.reset(seed=2)
    mask = table.observe(table.agent_selection)["action_mask"]
    offered = {ACTIONS[index].kind for index in mask.nonzero()[0]}
    assert offered == {option.kind for option in table.hand.legal_actions()}
    assert ActionKind.BET in offered  # no bring-in: the first player may bet, min or max
    sizes = {ACTIONS[index].size for index in mask.nonzero()[0] if ACTIONS[index].kind == "bet"}
    assert sizes == {"min", "max"}


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    table = WildstudEnv("FTQ", 3)
    table.reset(seed=1)
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = table.hand.events
    with pytest.raises(ValueError, match="action mask"):
        table.step(illegal)
    assert table.hand.events == before


def test_a_bad_table_is_refused_when_the_environment_is_made() -> None:
    with pytest.raises(WildstudError):
        WildstudEnv("BD7", 9)
    with pytest.raises(WildstudError):
        WildstudEnv("no such game")


def test_render_shows_a_spectators_table() -> None:
    table = WildstudEnv("the-bitch", 3, render_mode="ansi")
    table.reset(seed=4)
    text = table.render()
    assert text is not None
    assert "player_0" in text
    assert "??" in text  # the hole cards stay hidden


def test_the_documented_example_plays_a_whole_hand(capsys: pytest.CaptureFixture[str]) -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "environment.md").read_text()
    code = doc.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/environment.md", "exec"), {})
    printed = capsys.readouterr().out
    assert printed.count("ends the hand") == 4
