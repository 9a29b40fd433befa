"""The games as a PettingZoo AEC environment, for research on wild-card stud.

One episode is one hand. The agents are ``player_0`` … ``player_{n-1}``, one per seat; the chance
steps (the antes, every card, redeals, the showdown) run inside the environment between the
agents' turns, dealt from a deck seeded by :meth:`WildstudEnv.reset`, so an agent is only ever
asked to bet. An agent sees what its seat's :class:`~wildstud.deal.TableView` shows and nothing
more (its own hole cards, every upcard, the wild cards in force for it), encoded as numbers
(see :data:`OBSERVATION_LAYOUT`); its legal actions come as a mask over :data:`ACTIONS`. The
reward, given when the hand ends, is the chips the seat won or lost.

PettingZoo's own conformance test passes on every game (``tests/test_env.py``); like
OpenSpiel's and RLCard's poker games, the environment is turn-based (AEC), since stud is.

>>> env = WildstudEnv("FTQ", players=3)
>>> env.reset(seed=7)
>>> while env.agents:
...     agent = env.agent_selection
...     observation, reward, terminated, truncated, info = env.last()
...     legal = observation["action_mask"].nonzero()[0]
...     env.step(None if terminated else int(legal[0]))  # the first legal action each time
>>> sum(env.final_rewards.values())  # chips are only moved between the players
0
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from wildstud.betting import ActionKind, ActionOption
from wildstud.cards import Card, Deck
from wildstud.deal import Hand, Phase, TableView
from wildstud.extras import require
from wildstud.games import find_game
from wildstud.words import describe_wild_now

require("env", "pettingzoo", "gymnasium")

from gymnasium import spaces  # noqa: E402  (after the extra's check, which names the extra)
from pettingzoo import AECEnv  # noqa: E402

__all__ = ["ACTIONS", "OBSERVATION_LAYOUT", "Action", "WildstudEnv", "env"]


@dataclass(frozen=True)
class Action:
    """One of the environment's discrete actions: a kind of action and which end of its range of
    to-amounts it takes (``"min"`` or ``"max"``; fold, check and call have one size only).

    >>> str(ACTIONS[8])
    'bet (max)'
    """

    kind: ActionKind
    size: str = "min"

    def __str__(self) -> str:
        if self.kind in _UNSIZED:
            return str(self.kind)
        return f"{self.kind} ({self.size})"

    def amount(self, option: ActionOption) -> int | None:
        """The to-amount this action takes out of ``option``, the legal option of its kind."""
        if self.kind in _UNSIZED:
            return None
        return option.min_amount if self.size == "min" else option.max_amount


_UNSIZED = (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL)

ACTIONS: tuple[Action, ...] = (
    *(Action(kind) for kind in _UNSIZED),
    *(Action(kind, size) for kind in ActionKind if kind not in _UNSIZED for size in ("min", "max")),
)
"""The discrete actions, in the order of the action space and of the mask. A sized kind comes
twice, at its least and its most to-amount; where the two are the same (a fixed-limit bet) only
the least is legal, so no two legal actions ever do the same thing.

>>> [str(action) for action in ACTIONS]  # doctest: +NORMALIZE_WHITESPACE
['fold', 'check', 'call', 'bring-in (min)', 'bring-in (max)', 'complete (min)',
 'complete (max)', 'bet (min)', 'bet (max)', 'raise (min)', 'raise (max)']
"""

_SEAT_FIGURES = ("stack", "bet", "paid", "folded", "all in", "dealt in", "to act", "dealer")

OBSERVATION_LAYOUT: tuple[tuple[str, int], ...] = (
    ("hole cards", 52),
    ("upcards, per seat from the observer's on", 52),  # times the number of seats
    ("centre and community cards", 52),
    ("wild cards for the observer", 52),
    ("per seat from the observer's on: " + ", ".join(_SEAT_FIGURES), len(_SEAT_FIGURES)),
    ("pot", 1),
)
"""The parts of an observation, in order, each with its length (the upcards and the seat
figures come once per seat). A card is its code (``rank * 4 + suit``, deuce of clubs 0, ace of
spades 51); chip amounts are fractions of all the chips at the table, so every number lies in
[0, 1]."""


class WildstudEnv(AECEnv):  # type: ignore[misc]  # PettingZoo's classes are not typed
    """One game of wildstud as a PettingZoo AEC environment; one episode is one hand.

    ``game`` is a game's name or code (``"FTQ"``, ``"the-bitch"``, …), ``players`` the number of
    seats, ``stacks`` each seat's chips (200 each by default) and ``options`` the house rules, as
    :class:`~wildstud.deal.Hand` takes them. Each :meth:`reset` deals a new hand from a deck
    seeded by its ``seed`` and puts the dealer's button on a seat chosen with the same seed.
    """

    RENDER_MODES = ("ansi", "human")
    metadata: ClassVar[dict[str, object]] = {
        "name": "wildstud_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "FTQ",
        players: int = 4,
        *,
        stacks: int | tuple[int, ...] = 200,
        options: Mapping[str, object] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}")
        self.game = find_game(game)
        self.house_rules = dict(options or {})
        self._stacks = (stacks,) * players if isinstance(stacks, int) else tuple(stacks)
        # A hand built once now refuses a bad game, player count, stack or house rule at once.
        Hand(self.game, self._stacks, self.house_rules, deck=Deck(seed=0))
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._total = sum(self._stacks)
        size = 52 * (3 + players) + len(_SEAT_FIGURES) * players + 1
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (len(ACTIONS),), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {
            agent: spaces.Discrete(len(ACTIONS)) for agent in self.possible_agents
        }
        self._seed_source = random.Random()
        self.final_rewards: dict[str, int] = {}
        """Each agent's chips won or lost in the last hand that ended."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: :data:`ACTIONS`, by index."""
        return self.action_spaces[agent]

    # -- the episode ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (seeded by ``seed``, for a hand that can be dealt again) and run the
        dealer up to the first player to act."""
        if seed is not None:
            self._seed_source.seed(seed)
        deck_seed = self._seed_source.getrandbits(64)
        dealer = self._seed_source.randrange(len(self._stacks))
        self.hand = Hand(
            self.game, self._stacks, self.house_rules, deck=Deck(seed=deck_seed), dealer=dealer
        )
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance()
        self._accumulate_rewards()  # a hand can end in the antes (stacks no larger than them)

    def step(self, action: int | None) -> None:
        """The agent to act takes ``action`` (an index into :data:`ACTIONS`); once the hand is
        over, each agent is stepped with ``None`` to leave."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        choice = ACTIONS[int(action)] if action is not None else None
        option = self._legal().get(choice) if choice is not None else None
        if choice is None or option is None:
            raise ValueError(f"{agent} cannot take action {action!r} now: see the action mask")
        self._cumulative_rewards[agent] = 0
        self.hand.act(choice.kind, choice.amount(option), seat=self._seat(agent))
        self._advance()
        self._accumulate_rewards()

    def _advance(self) -> None:
        # The chance steps run here, so the next agent asked is always one that must bet.
        self.hand.run()
        for agent in self.agents:
            self.rewards[agent] = 0
        if self.hand.phase is Phase.OVER:
            won = {
                agent: after - before
                for agent, before, after in zip(
                    self.agents, self._stacks, self.hand.stacks, strict=True
                )
            }
            self.final_rewards = won
            self.rewards = dict(won)
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            assert self.hand.to_act is not None
            self.agent_selection = self.possible_agents[self.hand.to_act]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _legal(self) -> dict[Action, ActionOption]:
        """The legal actions of the seat to act, each with the option it takes its amount from."""
        legal: dict[Action, ActionOption] = {}
        for option in self.hand.legal_actions():
            for action in ACTIONS:
                if action.kind is option.kind and (
                    action.size == "min" or option.max_amount != option.min_amount
                ):
                    legal[action] = option
        return legal

    # -- what an agent sees --------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent``'s seat sees, as :data:`OBSERVATION_LAYOUT` lays it out, and the mask
        of its legal actions (all zero when it is not its turn)."""
        seat = self._seat(agent)
        view = self.hand.view(seat)
        mask = np.zeros(len(ACTIONS), np.int8)
        if view.to_act == seat and agent in self.agents and not self.terminations[agent]:
            legal = self._legal()
            for index, action in enumerate(ACTIONS):
                mask[index] = action in legal
        return {"observation": self._encode(view, seat), "action_mask": mask}

    def _encode(self, view: TableView, seat: int) -> npt.NDArray[np.float32]:
        count = len(view.seats)
        order = [(seat + offset) % count for offset in range(count)]
        hole = [held.card for held in view.seats[seat].cards if not held.up and held.card]
        parts = [_cards(hole)]
        for other in order:
            parts.append(_cards([held.card for held in view.seats[other].cards if held.up]))
        parts.append(_cards([card for card in (view.centre, view.community) if card]))
        parts.append(_cards(view.seat_wild if view.seat_wild is not None else view.wild))
        figures = np.zeros((count, len(_SEAT_FIGURES)), np.float32)
        for row, other in enumerate(order):
            shown = view.seats[other]
            figures[row] = (
                shown.stack / self._total,
                shown.bet / self._total,
                shown.paid / self._total,
                shown.folded,
                shown.all_in,
                shown.dealt_in,
                view.to_act == other,
                view.dealer == other,
            )
        parts.append(figures.reshape(-1))
        parts.append(np.array([view.pot / self._total], np.float32))
        return np.concatenate(parts)

    def render(self) -> str | None:
        """The table as a spectator sees it, in a few lines of text (``ansi``), or printed
        (``human``)."""
        if self.render_mode is None:
            return None
        view = self.hand.view()
        wild = describe_wild_now(view.wild, view.follow_pending, last_face_up=view.follow_ends)
        lines = [f"{view.game}, pot {view.pot}; {wild}"]
        for shown in view.seats:
            cards = " ".join(str(held.card) if held.card else "??" for held in shown.cards)
            state = " (folded)" if shown.folded else ""
            lines.append(f"{self.possible_agents[shown.seat]}: {shown.stack} chips, {cards}{state}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no resource."""


def _cards(cards: Any) -> npt.NDArray[np.float32]:
    vector = np.zeros(52, np.float32)
    for card in cards:
        assert isinstance(card, Card)
        vector[card.code] = 1.0
    return vector


def env(game: str = "FTQ", players: int = 4, **kwargs: Any) -> AECEnv:
    """A :class:`WildstudEnv` in PettingZoo's usual wrappers (an illegal action, or acting out
    of order, raises at once)."""
    from pettingzoo.utils import wrappers

    wrapped: AECEnv = WildstudEnv(game, players, **kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
