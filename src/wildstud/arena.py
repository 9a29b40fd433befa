"""Bots against bots over many hands, with chips won per hundred hands and a 95% interval.

The arena plays *rounds*: one seeded deck order dealt once for every seating, the players moved
one seat to the left each time, so that every player holds every seat's cards once (duplicate
poker: the luck of the cards mostly cancels out, and a few thousand hands tell players apart).
The dealer's seat moves on with each round. Every hand starts from fresh stacks, so each hand's
result is a plain chip count won or lost, the hands' results are zero-sum, and the rounds are
independent of one another: a player's result per round (chips per hand, averaged over the
round's seatings) gives the mean and its standard error, both reported per hundred hands.

Several games may be given: the rounds go round them in turn (dealer's choice).

>>> result = arena("FTQ", ["equity", "call"], hands=8, seed=3)
>>> result.hands, [standing.name for standing in result.standings]
(8, ['equity', 'call'])
>>> sum(standing.chips for standing in result.standings)
0
>>> arena("FTQ", ["equity", "call"], hands=8, seed=3) == result
True
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wildstud.bots import Bot, CallingBot, RandomBot, take_turn
from wildstud.bots_equity import EquityBot
from wildstud.cards import Deck
from wildstud.deal import Hand, Phase
from wildstud.errors import BotError
from wildstud.games import Rules
from wildstud.odds.simulate import check_players, resolve_rules
from wildstud.odds.stats import Z95

__all__ = ["BOT_KINDS", "ArenaResult", "Standing", "arena", "make_bot", "parse_bots"]

BOT_KINDS = ("equity", "random", "call")
"""The bots the arena knows, by name."""

_EQUITY_SETTINGS: Mapping[str, Callable[[str], object]] = {
    "samples": int,
    "aggression": float,
    "implied": float,
    "margin": float,
}


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from its name, with settings for the equity bot (``equity:aggression=1.5``).

    >>> type(make_bot("call")).__name__, make_bot("equity:samples=300", seed=1).samples
    ('CallingBot', 300)
    >>> make_bot("shark")
    Traceback (most recent call last):
    ...
    wildstud.errors.BotError: no bot named 'shark' (the bots: equity, random, call)
    """
    name, *settings = [part.strip() for part in spec.split(":")]
    kind = name.lower()
    if kind not in BOT_KINDS:
        raise BotError(f"no bot named {name!r} (the bots: {', '.join(BOT_KINDS)})")
    if settings and kind != "equity":
        raise BotError(f"the {kind} bot takes no settings, not {spec!r}")
    if kind == "call":
        return CallingBot()
    if kind == "random":
        return RandomBot(seed)
    values: dict[str, Any] = {}
    for setting in settings:
        key, sep, text = setting.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or key not in _EQUITY_SETTINGS:
            known = ", ".join(_EQUITY_SETTINGS)
            raise BotError(
                f"an equity bot setting is NAME=VALUE with a NAME of {known}, not {setting!r}"
            )
        try:
            values[key] = _EQUITY_SETTINGS[key](text.strip())
        except ValueError:
            raise BotError(f"not a value for the equity bot's {key}: {text.strip()!r}") from None
    return EquityBot(seed, **values)


def parse_bots(text: str | Sequence[str]) -> tuple[str, ...]:
    """Bot names from a comma-separated list (or a list of such lists), each checked.

    >>> parse_bots("equity, random,call")
    ('equity', 'random', 'call')
    """
    items = [text] if isinstance(text, str) else list(text)
    specs = tuple(part.strip() for item in items for part in item.split(",") if part.strip())
    for spec in specs:
        make_bot(spec)
    return specs


@dataclass(frozen=True)
class Standing:
    """One player's result: chips won in all, and per hundred hands with a 95% interval."""

    name: str
    bot: str
    hands: int
    chips: int
    per_hundred: float
    stderr: float
    """Standard error of :attr:`per_hundred`."""

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the chips won per hundred hands.

        >>> [round(end, 2) for end in Standing("a", "call", 200, -40, -20.0, 5.0).interval]
        [-29.8, -10.2]
        """
        half = Z95 * self.stderr
        return (self.per_hundred - half, self.per_hundred + half)

    @property
    def clear(self) -> bool:
        """Whether the interval is clear of zero (the player wins, or loses, beyond doubt)."""
        low, high = self.interval
        return low > 0 or high < 0

    def to_dict(self) -> dict[str, Any]:
        """The standing as ``wildstud arena --json`` gives it under ``standings``."""
        from wildstud.vocabulary import standing_json

        return standing_json(self)


@dataclass(frozen=True)
class ArenaResult:
    """What an arena run played and how each player did."""

    games: tuple[str, ...]
    options: Mapping[str, object]
    hands: int
    rounds: int
    seed: int
    stack: int
    standings: tuple[Standing, ...]
    seconds: float = 0.0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ArenaResult):
            return NotImplemented
        # The time taken differs from run to run; the hands played and their results do not.
        return self.to_dict(timing=False) == other.to_dict(timing=False)

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self, timing: bool = True) -> dict[str, Any]:
        """The result as ``wildstud arena --json`` prints it (``arena.schema.json``), in plain
        Python values; without ``seconds`` unless ``timing``."""
        from wildstud.vocabulary import arena_json

        data = arena_json(self)
        if not timing:
            del data["seconds"]
        return data


def arena(
    games: str | Rules | Sequence[str | Rules],
    bots: Sequence[str],
    hands: int,
    *,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
    stack: int = 500,
    progress: Callable[[int, int], None] | None = None,
    on_hand: Callable[[Hand], None] | None = None,
) -> ArenaResult:
    """Play at least ``hands`` hands (whole rounds of one deal per seating) between ``bots``,
    one per seat, and return each one's standing. The same arguments give the same result.
    ``on_hand`` is given each hand once it is over (to save it as a record, say)."""
    specs = parse_bots(bots)
    players = len(specs)
    if players < 2:
        raise BotError(f"the arena needs at least two bots, not {players}")
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 2 * players:
        raise BotError(
            f"play at least {2 * players} hands (two rounds of {players} seatings), not {hands!r}"
        )
    if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
        raise BotError(f"each stack needs at least 1 chip, not {stack!r}")
    items = [games] if isinstance(games, str | Rules) else list(games)
    if not items:
        raise BotError("name at least one game")
    rules = [resolve_rules(game, None if isinstance(game, Rules) else options) for game in items]
    for rule in rules:
        check_players(rule, players)
    rounds = -(-hands // players)
    seeds = random.Random(seed)
    players_bots = [make_bot(spec, seeds.getrandbits(63)) for spec in specs]
    # Per round: each player's chips won, over the round's seatings.
    results = [[0] * rounds for _ in range(players)]
    began = time.perf_counter()
    for number in range(rounds):
        deck_seed = seeds.getrandbits(63)
        game = rules[number % len(rules)]
        dealer = number % players
        for shift in range(players):
            # Player i sits in seat (i + shift) mod n: over a round, every player holds every
            # seat's cards once.
            by_seat = [players_bots[(seat - shift) % players] for seat in range(players)]
            hand = Hand(game, [stack] * players, deck=Deck(seed=deck_seed), dealer=dealer)
            _play(hand, by_seat)
            if on_hand is not None:
                on_hand(hand)
            for player in range(players):
                results[player][number] += hand.stacks[(player + shift) % players] - stack
            if progress is not None:
                progress(number * players + shift + 1, rounds * players)
    counts = _labels(specs)
    standings = []
    for player, spec in enumerate(specs):
        per_hand = [chips / players for chips in results[player]]
        mean = statistics.fmean(per_hand)
        spread = statistics.stdev(per_hand)
        standings.append(
            Standing(
                name=counts[player],
                bot=spec,
                hands=rounds * players,
                chips=sum(results[player]),
                per_hundred=100 * mean,
                stderr=100 * spread / math.sqrt(rounds),
            )
        )
    return ArenaResult(
        games=tuple(rule.code for rule in rules),
        options=dict(options or {}),
        hands=rounds * players,
        rounds=rounds,
        seed=seed,
        stack=stack,
        standings=tuple(standings),
        seconds=time.perf_counter() - began,
    )


def _play(hand: Hand, by_seat: Sequence[Bot]) -> None:
    """Play a hand to its end, each seat's bot taking that seat's turns from that seat's view
    (:func:`~wildstud.bots.take_turn`)."""
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            seat = hand.to_act
            assert seat is not None
            take_turn(hand, by_seat[seat])
        else:
            hand.step()


def _labels(specs: Sequence[str]) -> list[str]:
    """Each player's name: its bot, numbered where the same bot plays more than once.

    >>> _labels(["random", "equity", "random"])
    ['random', 'equity', 'random#2']
    """
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        labels.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return labels
