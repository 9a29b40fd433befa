"""Studies: complete deals of a game with every player to the showdown, summed up.

:func:`study` plays deals in seeded chunks (locally or on a Dask cluster) and adds up
:class:`StudyCounts`: the winning hand's category, five of a kind, how often the wild cards
change and how many a hand holds at the showdown, redeals, both halves of The Bitch to one
player, and each hand's category with and without its wild cards (how much stronger the wild
cards make the hands than plain stud).

>>> result = study("BD5", players=4, deals=4_000, seed=3)
>>> result.deals, int(result.counts.winner_category.sum())
(4000, 4000)
>>> result.counts.hand_category.sum() == result.counts.hands
np.True_
>>> result.has_wilds, result.can_redeal, result.categories()[:2]
(True, False, [<Category.FIVE_OF_A_KIND: 9>, <Category.STRAIGHT_FLUSH: 8>])
>>> study("F7S", players=2, deals=100).categories()[0]
<Category.STRAIGHT_FLUSH: 8>
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from wildstud.betting import ActionKind
from wildstud.cards import DECK, Deck
from wildstud.deal import Hand, Phase
from wildstud.errors import TableError
from wildstud.games import Rules
from wildstud.games.options import GameOptions, NoQueen
from wildstud.hands.encoding import Category, slot_of
from wildstud.odds.parallel import map_chunks, play_chunks
from wildstud.odds.simulate import (
    CHUNK_DEALS,
    Deals,
    GameSpec,
    check_players,
    play_scripted,
    resolve_rules,
)
from wildstud.odds.stats import wilson
from wildstud.wilds import NoWilds

__all__ = ["Study", "StudyCounts", "check_study", "study"]

I64 = npt.NDArray[np.int64]
_SEATS = 10
_MAX_WILDS = 8
_MAX_CHANGES = 24
_MAX_REDEALS = 16


@dataclass(frozen=True, eq=False)
class StudyCounts:
    """Counts over a batch of deals; two batches add up with ``+``."""

    deals: int
    hands: int
    winner_category: I64
    """Deals by the category of the best hand at the showdown (10 categories)."""
    winner_plain_category: I64
    """The same, had nothing been wild (the same cards as plain stud)."""
    hand_category: I64
    """Hands at the showdown by category."""
    hand_plain_category: I64
    wilds_held: I64
    """Hands by the number of wild cards they hold (0 to 7)."""
    changes: I64
    """Deals by the number of face-up cards that changed everyone's wild cards."""
    redeals: I64
    """Deals by the number of times they were stopped and dealt again."""
    ties: int
    """Deals whose high half (or whole pot) was split."""
    special: int
    """Deals with a special half paid (The Bitch)."""
    scoops: int
    """Deals where one player took the high half and the special half."""
    natural_winners: int
    """Deals won by a hand that needs no wild card."""

    @classmethod
    def of(cls, deals: Deals) -> StudyCounts:
        """Count one batch."""
        shown = deals.values >= 0
        best = deals.values.max(axis=1)
        plain_best = deals.plain.max(axis=1)
        categories = (deals.values[shown] >> 20) & 0xF
        plain_categories = (deals.plain[shown] >> 20) & 0xF
        winners = _popcount(deals.high)
        one_high = winners == 1
        scoop = one_high & (deals.special == deals.high)
        best_seat = deals.values.argmax(axis=1)
        natural_win = deals.natural[np.arange(len(deals)), best_seat] != 0
        return cls(
            deals=len(deals),
            hands=int(shown.sum()),
            winner_category=np.bincount((best >> 20) & 0xF, minlength=10),
            winner_plain_category=np.bincount((plain_best >> 20) & 0xF, minlength=10),
            hand_category=np.bincount(categories, minlength=10),
            hand_plain_category=np.bincount(plain_categories, minlength=10),
            wilds_held=np.bincount(deals.wilds[shown], minlength=_MAX_WILDS)[:_MAX_WILDS],
            changes=np.bincount(
                np.minimum(deals.changes, _MAX_CHANGES), minlength=_MAX_CHANGES + 1
            ),
            redeals=np.bincount(
                np.minimum(deals.redeals, _MAX_REDEALS), minlength=_MAX_REDEALS + 1
            ),
            ties=int((winners > 1).sum()),
            special=int((deals.special != 0).sum()),
            scoops=int(scoop.sum()),
            natural_winners=int(natural_win.sum()),
        )

    def __add__(self, other: StudyCounts) -> StudyCounts:
        values: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            values[name] = getattr(self, name) + getattr(other, name)
        return StudyCounts(**values)


def _popcount(masks: I64) -> I64:
    count = np.zeros(masks.shape, dtype=np.int64)
    for seat in range(_SEATS):
        count += (masks >> seat) & 1
    return count


@dataclass(frozen=True)
class Study:
    """A finished study: the game, the table, the counts and how they were made."""

    rules: Rules
    players: int
    seed: int | None
    counts: StudyCounts
    seconds: float

    @property
    def deals(self) -> int:
        """Deals played."""
        return self.counts.deals

    @property
    def has_wilds(self) -> bool:
        """Whether any card can be wild in this game under these house rules."""
        return not isinstance(self.rules.wild_rule, NoWilds)

    @property
    def can_redeal(self) -> bool:
        """Whether a deal can be stopped and dealt again (a redeal card, or no face-up queen
        redealing)."""
        return self.rules.redeal_card is not None or self.rules.no_queen is not NoQueen.PLAY_ON

    def categories(self) -> list[Category]:
        """The categories a hand can make here, best first under the house rules (five of a
        kind only where a card can be wild)."""
        top = self.rules.options.five_of_a_kind_top
        order = sorted(Category, key=lambda category: slot_of(category, top), reverse=True)
        return [c for c in order if self.has_wilds or c is not Category.FIVE_OF_A_KIND]

    def rate(self, successes: float, trials: float | None = None) -> tuple[float, float, float]:
        """A proportion (of the deals, unless ``trials`` says otherwise) and its 95% interval."""
        total = self.deals if trials is None else trials
        low, high = wilson(successes, total)
        return (successes / total if total else 0.0, low, high)

    def summary(self) -> dict[str, Any]:
        """The study as ``wildstud study --json`` prints it without ``--out``
        (``study.schema.json``), in plain Python values."""
        from wildstud.vocabulary import study_json

        return study_json(self)


def check_study(
    game: str | Rules,
    players: int,
    deals: int,
    options: Mapping[str, object] | GameOptions | None = None,
) -> Rules:
    """The rules of a study of ``deals`` deals of ``game`` for ``players``, or the refusal of
    its arguments (:func:`study` asks it first; a command asks it before writing anything).

    >>> check_study("BD5", 3, 100).code
    'BD5'
    >>> check_study("FTQ", 9, 100)
    Traceback (most recent call last):
    ...
    wildstud.errors.TableError: Follow the Queen (FTQ) is for 2 to 8 players, not 9
    """
    rules = resolve_rules(game, options)
    check_players(rules, players)
    if isinstance(deals, bool) or deals < 1:
        raise TableError(f"the number of deals must be at least 1, not {deals!r}")
    return rules


def study(
    game: str | Rules,
    players: int,
    deals: int = 1_000_000,
    *,
    options: Mapping[str, object] | GameOptions | None = None,
    seed: int | None = 0,
    scheduler: str | Any | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_hand: Callable[[Hand], None] | None = None,
) -> Study:
    """Play ``deals`` complete deals (whole chunks of :data:`CHUNK_DEALS`, at least one) and
    count them; ``progress(done, total)`` is told after each batch.

    With ``on_hand`` (``wildstud study --save-hands``) exactly ``deals`` deals are played, each
    by the engine as well, and given to ``on_hand`` once over: the packs are shuffled here
    (seeded) and the compiled deal counts the very same packs (the engine and the compiled
    deal agree deal by deal on scripted packs: ``tests/tools/kernel_diff.py``). Such a study
    deals another stream than the same seed without ``on_hand``, and runs at the engine's pace,
    on this machine."""
    rules = check_study(game, players, deals, options)
    spec = GameSpec.of(rules)
    if on_hand is not None:
        return _study_by_engine(rules, spec, players, deals, seed, on_hand, progress)
    per_chunk = min(CHUNK_DEALS, deals)
    chunks = -(-deals // per_chunk)

    def work(first: int, count: int) -> StudyCounts:
        return StudyCounts.of(
            play_chunks(spec, players, seed=seed, first=first, chunks=count, per_chunk=per_chunk)
        )

    began = time.perf_counter()
    total: StudyCounts | None = None
    batch = 64 if scheduler is None else 512
    for first in range(0, chunks, batch):
        count = min(batch, chunks - first)
        for part in map_chunks(work, first, count, scheduler):
            total = part if total is None else total + part
        if progress is not None:
            progress(min((first + count) * per_chunk, chunks * per_chunk), chunks * per_chunk)
    assert total is not None
    return Study(rules, players, seed, total, time.perf_counter() - began)


_ENGINE_BATCH = 500
_TO_SHOWDOWN = (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL)
_STUDY_STACK = 10_000  # deep enough that nobody is ever all in: nobody bets


def _study_by_engine(
    rules: Rules,
    spec: GameSpec,
    players: int,
    deals: int,
    seed: int | None,
    on_hand: Callable[[Hand], None],
    progress: Callable[[int, int], None] | None,
) -> Study:
    """The deals played by the engine from seeded packs, every player to the showdown (the
    bring-in posted, every other turn a check or a call), then counted by the compiled deal
    from the same packs."""
    rng = np.random.default_rng(seed)
    began = time.perf_counter()
    total: StudyCounts | None = None
    for first in range(0, deals, _ENGINE_BATCH):
        orders: list[list[list[int]]] = []
        for _ in range(min(_ENGINE_BATCH, deals - first)):
            taken: list[list[int]] = []

            def deck(number: int, taken: list[list[int]] = taken) -> Deck:
                taken.append([int(code) for code in rng.permutation(52)])
                return Deck.stacked([DECK[code] for code in taken[-1]])

            hand = Hand(rules, [_STUDY_STACK] * players, deck=deck)
            while hand.phase is not Phase.OVER:
                if hand.phase is Phase.PLAYER:
                    kinds = {option.kind for option in hand.legal_actions()}
                    hand.act(next(kind for kind in _TO_SHOWDOWN if kind in kinds))
                else:
                    hand.step()
            on_hand(hand)
            orders.append(taken)
        part = StudyCounts.of(play_scripted(spec, players, orders)[0])
        total = part if total is None else total + part
        if progress is not None:
            progress(first + len(orders), deals)
    assert total is not None
    return Study(rules, players, seed, total, time.perf_counter() - began)
