"""Whole deals in compiled code: a game's rules turned into integers, and batches of deals.

:class:`GameSpec` reads a game's :class:`~wildstud.games.Rules` (its streets, wild rule, redeal
triggers, centre card, burns and hand-ranking house rules) into the arrays the compiled deal of
:mod:`wildstud.odds.compiled_deal` works on. :func:`simulate` plays deals to the showdown with every
player staying in, split into fixed chunks of seeded deals so that a seed gives the same deals
however many threads, processes or machines play them.

>>> deals = simulate("FTQ", players=4, deals=2_000, seed=7)
>>> deals.values.shape, bool((deals.high != 0).all())
((2000, 4), True)
>>> simulate("FTQ", players=4, deals=2_000, seed=7) == deals
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from wildstud.errors import TableError
from wildstud.fast import tables
from wildstud.games import Rules, find_game
from wildstud.games.options import GameOptions, NoQueen
from wildstud.odds import compiled_deal
from wildstud.wilds import (
    BabyDaddy,
    FollowTheQueen,
    NoWilds,
    QueenOfSpadesInHole,
    QueensRule,
    SmackMyBitchUp,
)

__all__ = [
    "CHUNK_DEALS",
    "Deals",
    "GameSpec",
    "chunk_seeds",
    "play_scripted",
    "resolve_rules",
    "simulate",
]

CHUNK_DEALS = 4096
"""Deals per seeded chunk: the unit of work that keeps results the same on any number of
workers."""

_QUEENS = {
    QueensRule.NATURAL: compiled_deal.Q_NATURAL,
    QueensRule.ALL: compiled_deal.Q_ALL,
    QueensRule.HIDDEN: compiled_deal.Q_HIDDEN,
    QueensRule.HIDDEN_AFTER_FACE_UP: compiled_deal.Q_AFTER_UP,
}

Int64Array = npt.NDArray[np.int64]


def resolve_rules(
    game: str | Rules, options: Mapping[str, object] | GameOptions | None = None
) -> Rules:
    """A game name or code with house rules, or ready-made rules, as :class:`Rules`.

    >>> resolve_rules("BD5").code
    'BD5'
    """
    if isinstance(game, Rules):
        if options is not None:
            raise TableError("give the options either in the rules or apart, not both")
        return game
    return find_game(game).rules(options)


@dataclass(frozen=True)
class GameSpec:
    """A game under its house rules, as the compiled deal reads it.

    >>> spec = GameSpec.of(resolve_rules("the-bitch", {"queen_of_spades": "wild"}))
    >>> int(spec.config[compiled_deal.KIND]), int(spec.config[compiled_deal.SPLIT])
    (3, 0)
    >>> spec.street_cards.tolist()
    [3, 1, 1, 1, 1]
    >>> int(GameSpec.of(resolve_rules("F7S")).config[compiled_deal.KIND]) == compiled_deal.PLAIN
    True
    """

    rules: Rules
    config: Int64Array
    street_cards: Int64Array
    street_ups: Int64Array
    kernel_tables: tuple[npt.NDArray[np.generic], ...] = field(repr=False)

    @classmethod
    def of(cls, rules: Rules) -> GameSpec:
        """Read ``rules`` into arrays."""
        rule = rules.wild_rule
        config = np.zeros(11, dtype=np.int64)
        if isinstance(rule, FollowTheQueen):
            config[compiled_deal.KIND] = compiled_deal.FTQ
            config[compiled_deal.QUEENS] = _QUEENS[rule.queens]
        elif isinstance(rule, SmackMyBitchUp):
            config[compiled_deal.KIND] = compiled_deal.SMBU
        elif isinstance(rule, BabyDaddy):
            config[compiled_deal.KIND] = compiled_deal.BD
            config[compiled_deal.BD_CARDS] = rule.cards
        elif isinstance(rule, NoWilds) and rules.redeal_card is None:
            config[compiled_deal.KIND] = compiled_deal.PLAIN
        elif isinstance(rule, NoWilds | QueenOfSpadesInHole):
            config[compiled_deal.KIND] = compiled_deal.BITCH
            config[compiled_deal.SPLIT] = int(rules.special_card is not None)
        else:  # pragma: no cover - every game's rule is one of the above
            raise TableError(f"no compiled deal for the wild rule {rule!r}")
        if (
            rules.redeal_card is not None
            and rules.redeal_card.code != compiled_deal.QUEEN_OF_SPADES
        ):
            raise TableError(f"no compiled deal redeals on {rules.redeal_card}")  # pragma: no cover
        config[compiled_deal.CENTRE] = int(rules.centre_card)
        config[compiled_deal.NO_QUEEN] = int(rules.no_queen is not NoQueen.PLAY_ON)
        config[compiled_deal.REDEAL_ALL] = int(rules.no_queen is NoQueen.REDEAL_EVERYONE)
        options = rules.options
        config[compiled_deal.BURN] = int(options.burn_cards.value != "none")
        config[compiled_deal.FIVE_TOP] = int(options.five_of_a_kind_top)
        config[compiled_deal.NBW] = int(options.natural_beats_wild)
        config[compiled_deal.LAST_UP] = rules.last_face_up_street
        streets = rules.streets
        street_cards = np.array([len(street.cards) for street in streets], dtype=np.int64)
        street_ups = np.zeros((len(streets), 3), dtype=np.int64)
        for index, street in enumerate(streets):
            street_ups[index, : len(street.cards)] = street.cards
        kernel_tables = tables.kernel_tables(options.double_ace_flush)
        return cls(rules, config, street_cards, street_ups, kernel_tables)

    @property
    def split(self) -> bool:
        """Whether the pot is split with a special half (The Bitch as the sheet plays it)."""
        return bool(
            self.config[compiled_deal.KIND] == compiled_deal.BITCH
            and self.config[compiled_deal.SPLIT]
        )


@dataclass(frozen=True, eq=False)
class Deals:
    """Deals played to the showdown: one row per deal, one column per seat.

    ``values`` are the hands' encoded values (-1: not at the showdown); ``plain`` the same cards
    valued with nothing wild; ``wilds`` the wild cards each hand holds; ``natural`` whether the
    hand reaches its value with no card wild. ``high`` and ``special`` are bit masks of the seats
    that take the high half (or the whole pot) and the special half; ``redeals`` how many times
    the deal was stopped and dealt again; ``changes`` how many face-up cards changed the wild
    cards for every hand; ``flags`` a community card (1), a centre card (2).
    """

    values: Int64Array
    natural: npt.NDArray[np.int8]
    wilds: npt.NDArray[np.int8]
    plain: Int64Array
    high: Int64Array
    special: Int64Array
    redeals: Int64Array
    changes: Int64Array
    flags: Int64Array

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deals):
            return NotImplemented
        return all(
            np.array_equal(getattr(self, name), getattr(other, name))
            for name in self.__dataclass_fields__
        )

    __hash__ = None  # type: ignore[assignment]

    def __len__(self) -> int:
        return int(self.values.shape[0])

    @classmethod
    def concat(cls, parts: list[Deals]) -> Deals:
        """Deals of several batches, in the order given."""
        names = list(cls.__dataclass_fields__)
        return cls(**{name: np.concatenate([getattr(p, name) for p in parts]) for name in names})


def chunk_seeds(seed: int | None, first: int, count: int) -> npt.NDArray[np.uint64]:
    """The generator state of chunks ``first`` to ``first + count - 1`` of the stream ``seed``
    (each chunk's from its own spawned :class:`numpy.random.SeedSequence`).

    >>> (chunk_seeds(1, 2, 3)[1] == chunk_seeds(1, 3, 1)[0]).all()
    np.True_
    """
    root = np.random.SeedSequence(seed)
    children = [
        np.random.SeedSequence(root.entropy, spawn_key=(index,))
        for index in range(first, first + count)
    ]
    states = np.array([child.generate_state(4, np.uint64) for child in children], dtype=np.uint64)
    states[states.sum(axis=1) == 0, 0] = 1  # xoshiro's one forbidden state
    return states.reshape(count, 4)


_NO_PREFIX = np.zeros((0, 3), dtype=np.int64)
_NO_DEAD = np.zeros(0, dtype=np.int64)


def play(
    spec: GameSpec,
    players: int,
    seeds: npt.NDArray[np.uint64],
    per_chunk: int = CHUNK_DEALS,
    *,
    prefix: Int64Array = _NO_PREFIX,
    prefix_street: int = -1,
    dead: Int64Array = _NO_DEAD,
    live: npt.NDArray[np.bool_] | None = None,
) -> Deals:
    """Play ``per_chunk`` deals for each chunk seed (see :func:`chunk_seeds`), from the start or
    from a part-dealt position (``prefix``, ``prefix_street``, ``dead``, ``live``: see
    :func:`wildstud.odds.compiled_deal.play_deal`)."""
    rows = len(seeds) * per_chunk
    values = np.empty((rows, players), dtype=np.int64)
    natural = np.empty((rows, players), dtype=np.int8)
    wilds = np.empty((rows, players), dtype=np.int8)
    plain = np.empty((rows, players), dtype=np.int64)
    deal = np.empty((rows, 5), dtype=np.int64)
    live_mask = np.ones(players, dtype=np.bool_) if live is None else live
    compiled_deal.play_chunks(
        spec.config,
        spec.street_cards,
        spec.street_ups,
        players,
        spec.kernel_tables,
        seeds,
        per_chunk,
        np.ascontiguousarray(prefix, dtype=np.int64).reshape(-1, 3),
        prefix_street,
        np.ascontiguousarray(dead, dtype=np.int64),
        live_mask,
        values,
        natural,
        wilds,
        plain,
        deal,
    )
    return Deals(
        values, natural, wilds, plain, deal[:, 0], deal[:, 1], deal[:, 2], deal[:, 3], deal[:, 4]
    )


def play_scripted(
    spec: GameSpec, players: int, orders: Sequence[Sequence[Sequence[int]]]
) -> tuple[Deals, list[Int64Array]]:
    """Deal ``i`` dealt from the packs ``orders[i]``: one full pack of card codes per deal, top
    card first, each redeal taking the next (as the engine deals from a stacked deck given per
    deal), with every player to the showdown. Returns the deals and each one's trace: a row per
    card dealt, burn, reshuffle and redeal (see :mod:`wildstud.odds.compiled_deal`). A deal
    that needs more packs than it is given is flagged ``FLAG_SCRIPT_SHORT``.

    >>> spec = GameSpec.of(resolve_rules("BITCH"))
    >>> first = [c for c in range(52) if c != 43][:4] + [43] + [c for c in range(4, 52) if c != 43]
    >>> deals, traces = play_scripted(spec, 2, [[first, list(range(52))]])
    >>> int(deals.redeals[0]), traces[0][4, :3].tolist(), int(traces[0][5, 0])
    (1, [0, 1, 43], -5)
    """
    count = len(orders)
    depth = np.array([len(packs) for packs in orders], dtype=np.int64)
    most = max(1, int(depth.max(initial=1)))
    packs = np.zeros((count, most, 52), dtype=np.int64)
    for index, deal_packs in enumerate(orders):
        for number, pack in enumerate(deal_packs):
            packs[index, number] = pack
    rows = most * compiled_deal.TRACE_ROWS_PER_DEAL
    trace = np.zeros((count, rows, compiled_deal.TRACE_SEATS + players), dtype=np.int64)
    traced = np.zeros(count, dtype=np.int64)
    values = np.empty((count, players), dtype=np.int64)
    natural = np.empty((count, players), dtype=np.int8)
    wilds = np.empty((count, players), dtype=np.int8)
    plain = np.empty((count, players), dtype=np.int64)
    deal = np.empty((count, 5), dtype=np.int64)
    compiled_deal.play_scripted(
        spec.config,
        spec.street_cards,
        spec.street_ups,
        players,
        spec.kernel_tables,
        packs,
        depth,
        values,
        natural,
        wilds,
        plain,
        deal,
        trace,
        traced,
    )
    deals = Deals(
        values, natural, wilds, plain, deal[:, 0], deal[:, 1], deal[:, 2], deal[:, 3], deal[:, 4]
    )
    return deals, [trace[index, : min(rows, int(traced[index]))] for index in range(count)]


def check_players(rules: Rules, players: int) -> None:
    """Refuse a table size the game does not allow."""
    if isinstance(players, bool) or not rules.min_players <= players <= rules.max_players:
        raise TableError(
            f"{rules.game.title} ({rules.code}) is for {rules.min_players} to"
            f" {rules.max_players} players, not {players!r}"
        )


def simulate(
    game: str | Rules,
    players: int,
    deals: int,
    *,
    options: Mapping[str, object] | GameOptions | None = None,
    seed: int | None = None,
) -> Deals:
    """``deals`` complete deals (rounded up to whole chunks, then cut to ``deals``) of a game
    with every player to the showdown, on all of this machine's threads."""
    rules = resolve_rules(game, options)
    check_players(rules, players)
    if deals < 1:
        raise TableError(f"the number of deals must be at least 1, not {deals}")
    per_chunk = min(CHUNK_DEALS, deals)
    chunks = -(-deals // per_chunk)
    result = play(GameSpec.of(rules), players, chunk_seeds(seed, 0, chunks), per_chunk)
    if len(result) == deals:
        return result
    names = list(Deals.__dataclass_fields__)
    return Deals(**{name: getattr(result, name)[:deals] for name in names})
