"""Settling up at the end of a night: the fewest payments that square everyone.

Each player's net for the night (what they take home less what they bought in) is a whole
number of chips, and the nets add up to zero. :func:`settle` gives the fewest payments
that bring every net to zero: a player down pays, a player up receives, and nobody does both.

>>> result = settle({"Ann": 35, "Bob": -35, "Cy": 10, "Di": -4, "Ed": -6})
>>> for transfer in result.transfers:
...     print(transfer)
Bob pays Ann 35
Di pays Cy 4
Ed pays Cy 6
>>> result.minimal, result.method
(True, 'exact')

Why the fewest is hard. Any settle-up's payments link its players into groups (two players
are in one group when one pays the other) that each add up to zero, and linking ``k`` players
takes at least ``k - 1`` payments; a zero-sum group of ``k`` players also settles among itself
in ``k - 1`` (each payment squares at least one of the two, the last squares both). So the
fewest payments number ``n - g``, where ``n`` counts the players with a nonzero net and
``g`` is the largest number of disjoint zero-sum groups they split into: a partition problem,
NP-hard in general (it contains subset sum), though small for a night at a home game.

How it is found:

1. Two players whose nets are opposite (+35 and -35) always make a group of their own in some
   best split, so they are paired off first; this costs nothing and often leaves nobody.
2. The rest, ``m`` players, are searched exactly by dynamic programming over the subsets of
   them (:func:`_zero_sum_groups`): the best number of zero-sum groups inside a subset is the
   best over dropping any one player, plus one if the subset itself adds up to zero. That
   costs ``m * 2**m`` steps and ``2**m`` entries of memory (NumPy arrays, one layer of subset
   size at a time): about a millisecond for 12 players, 0.05 s and 30 MB for 20 (one core).
3. Past :data:`EXACT_LIMIT` players left after step 1, the search would take too long, and a
   greedy rule settles instead: the largest debtor pays the largest creditor as much as one of
   them needs, and again, until everyone is square. It uses at most ``n - 1`` payments and is
   usually close to the fewest, but not always; the result says it is minimal only where its
   count meets a lower bound (below), which proves it.

The lower bound: each zero-sum group holds a player down and a player up, and a group of two
is a pair of opposite nets, so ``g`` is at most the smaller of the numbers of players down and
up, and at most ``p + (n - 2p) // 3`` for the ``p`` pairs of step 1 (the most opposite pairs
there are: every other group has three players or more).

Within each group the greedy rule chooses the payments; ties go to the player that sorts first
(players are keyed by anything sortable: names, ids, or tuples of both), and the payments come
sorted by payer, then payee, so the same nets always settle the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Literal, TypeVar

import numpy as np

from wildstud.errors import SettlementError

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

__all__ = [
    "EXACT_LIMIT",
    "HOUSE_RESULTS",
    "HouseResult",
    "Settlement",
    "Transfer",
    "lower_bound",
    "settle",
    "square_with_house",
]

K = TypeVar("K", bound="SupportsRichComparison")

HouseResult = Literal["shared", "aside"]
"""What the people do with the house's result (the bots' wins and losses): see
:func:`square_with_house`."""
HOUSE_RESULTS: tuple[HouseResult, ...] = ("shared", "aside")

EXACT_LIMIT = 20
"""The most players with a nonzero net, once opposite nets are paired off, that :func:`settle`
searches exactly (0.05 s and 30 MB at 20; each one more doubles both)."""


@dataclass(frozen=True, slots=True)
class Transfer(Generic[K]):
    """One payment of the settle-up: ``payer`` pays ``payee`` ``amount`` chips (positive).

    >>> print(Transfer("Bob", "Ann", 35))
    Bob pays Ann 35
    """

    payer: K
    payee: K
    amount: int

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}"


@dataclass(frozen=True, slots=True)
class Settlement(Generic[K]):
    """The payments that square a night, and whether they are proven to be the fewest.

    ``method`` is ``"exact"`` when the search ran (the count is then always the fewest) and
    ``"greedy"`` past :data:`EXACT_LIMIT`, where ``minimal`` is true only if the count meets
    :func:`lower_bound`.
    """

    transfers: tuple[Transfer[K], ...]
    minimal: bool
    method: Literal["exact", "greedy"]


def settle(nets: Mapping[K, int], *, exact_limit: int = EXACT_LIMIT) -> Settlement[K]:
    """The fewest payments that bring every player's ``nets`` entry to zero.

    ``nets`` maps each player to chips up (positive) or down (negative); they must be whole
    numbers adding up to zero. Players at zero take no part. ``exact_limit`` caps the exact
    search (see the module's notes); past it the greedy rule settles.

    >>> print(*settle({"Ann": 50, "Bob": -20, "Cy": -30}).transfers, sep="; ")
    Bob pays Ann 20; Cy pays Ann 30
    >>> settle({"Ann": 0, "Bob": 0})
    Settlement(transfers=(), minimal=True, method='exact')

    Six players where the greedy rule (``exact_limit=0`` forces it) takes one payment too
    many: the search finds Ann's 9 squared by Bob and Di, Cy's and Ed's 4 by Flo.

    >>> nets = {"Ann": 9, "Bob": -7, "Cy": 4, "Di": -2, "Ed": 4, "Flo": -8}
    >>> print(*settle(nets).transfers, sep="; ")
    Bob pays Ann 7; Di pays Ann 2; Flo pays Cy 4; Flo pays Ed 4
    >>> greedy = settle(nets, exact_limit=0)
    >>> len(greedy.transfers), greedy.minimal, greedy.method
    (5, False, 'greedy')

    Where the greedy count meets :func:`lower_bound`, it is proven the fewest:

    >>> settle({"Ann": 6, "Bob": 4, "Cy": -5, "Di": -5}, exact_limit=0).minimal
    True
    >>> settle({"Ann": 5, "Bob": -4})
    Traceback (most recent call last):
    ...
    wildstud.errors.SettlementError: the nets add up to 1, not 0: every chip won is a chip lost
    """
    for player, net in nets.items():
        if not isinstance(net, int) or isinstance(net, bool):
            raise SettlementError(f"the net of {player} is not a whole number of chips: {net!r}")
    total = sum(nets.values())
    if total:
        raise SettlementError(f"the nets add up to {total}, not 0: every chip won is a chip lost")
    players = sorted(player for player, net in nets.items() if net)
    groups, rest = _opposite_pairs(players, nets)
    exact = len(rest) <= exact_limit
    if exact:
        groups.extend(_zero_sum_groups(rest, nets))
    else:
        groups.append(rest)
    transfers = sorted(
        (transfer for group in groups for transfer in _greedy(group, nets)),
        key=lambda transfer: (transfer.payer, transfer.payee),
    )
    minimal = exact or len(transfers) <= lower_bound(nets)
    return Settlement(tuple(transfers), minimal, "exact" if exact else "greedy")


def lower_bound(nets: Mapping[K, int]) -> int:
    """A count of payments that no settle-up of ``nets`` can go below (see the module's notes).

    >>> lower_bound({"Ann": 6, "Bob": 4, "Cy": -5, "Di": -5})  # no two of them add up to 0
    3
    >>> lower_bound({"Ann": 5, "Bob": -5, "Cy": 2, "Di": 1, "Ed": -3})
    3
    """
    players = sorted(player for player, net in nets.items() if net)
    pairs, _ = _opposite_pairs(players, nets)
    down = sum(1 for player in players if nets[player] < 0)
    up = len(players) - down
    groups = min(down, up, len(pairs) + (len(players) - 2 * len(pairs)) // 3)
    return len(players) - groups


def _opposite_pairs(players: list[K], nets: Mapping[K, int]) -> tuple[list[list[K]], list[K]]:
    """Players paired with an opposite net (in sorted order), and those left unpaired.

    A pair {a, -a} is a group of some best split: if a and -a sit in groups A and B of one,
    {a, -a} and the rest of A and B together are two zero-sum groups as well (or, when A is
    B, A less the pair is a zero-sum group or nothing)."""
    waiting: dict[int, list[K]] = {}
    pairs: list[list[K]] = []
    for player in players:
        net = nets[player]
        partners = waiting.get(-net)
        if partners:
            pairs.append([partners.pop(0), player])
        else:
            waiting.setdefault(net, []).append(player)
    paired = {player for pair in pairs for player in pair}
    return pairs, [player for player in players if player not in paired]


def _zero_sum_groups(players: list[K], nets: Mapping[K, int]) -> list[list[K]]:
    """``players`` (whose nets add up to zero) split into the most groups that add up to zero.

    ``best[mask]`` is the most disjoint zero-sum groups within the subset ``mask``, filled one
    subset size at a time: the best of ``best[mask - {i}]`` over its members ``i``, plus one if
    ``mask`` adds up to zero. Following a choice that kept the best back down from everyone
    to nobody gives the groups: the players dropped between two zero-sum subsets."""
    count = len(players)
    if count == 0:
        return []
    # Whole layers of subsets at once in NumPy: 0.018 s at 18 players against 0.33 s for the
    # same loop over masks in plain Python (one core), and the gap grows with the players.
    size = 1 << count
    sums = np.zeros(size, dtype=np.int64)
    members = np.zeros(size, dtype=np.int8)
    for index, player in enumerate(players):
        bit = 1 << index
        sums[bit : 2 * bit] = sums[:bit] + nets[player]
        members[bit : 2 * bit] = members[:bit] + 1
    zero = (sums == 0).astype(np.int8)
    best = np.zeros(size, dtype=np.int8)
    order = np.argsort(members, kind="stable")
    edges = np.searchsorted(members[order], np.arange(count + 2))
    for members_in in range(1, count + 1):
        layer = order[edges[members_in] : edges[members_in + 1]]
        most = np.zeros(len(layer), dtype=np.int8)
        for index in range(count):
            bit = 1 << index
            np.maximum(most, np.where(layer & bit, best[layer ^ bit], 0), out=most)
        best[layer] = most + zero[layer]
    groups: list[list[K]] = []
    group: list[K] = []
    mask = size - 1
    while mask:
        wanted = int(best[mask]) - int(zero[mask])
        index = next(i for i in range(count) if mask >> i & 1 and best[mask ^ 1 << i] == wanted)
        group.append(players[index])
        mask ^= 1 << index
        if mask == 0 or zero[mask]:
            groups.append(sorted(group))
            group = []
    return groups


def _greedy(players: list[K], nets: Mapping[K, int]) -> list[Transfer[K]]:
    """The largest debtor pays the largest creditor, again and again, till all are square.

    Each payment squares at least one of the two and never turns a debtor into a creditor,
    so a group of ``k`` players takes at most ``k - 1`` payments and nobody both pays and
    receives. Ties go to the player that sorts first."""
    owed = {player: nets[player] for player in players}
    transfers: list[Transfer[K]] = []
    while True:
        debtors = [player for player in players if owed[player] < 0]
        creditors = [player for player in players if owed[player] > 0]
        if not debtors:
            return transfers
        # max() keeps the first of equal values and players are sorted: ties go to the first
        payer = max(debtors, key=lambda player: -owed[player])
        payee = max(creditors, key=lambda player: owed[player])
        amount = min(-owed[payer], owed[payee])
        owed[payer] += amount
        owed[payee] -= amount
        transfers.append(Transfer(payer, payee, amount))


def square_with_house(nets: Mapping[K, int], house: int, how: HouseResult) -> dict[K, int]:
    """The people's ``nets`` brought to add up to zero once the house (the bots, who never pay
    or receive real money) took ``house`` chips from them (``house`` is then minus the sum of
    ``nets``): what :func:`settle` squares.

    ``"shared"``: the house's result is divided equally among the people; the odd chips go one
    each to the players that sort first. The house lost 30, so each of three carries 10 of it:

    >>> square_with_house({"Ann": 50, "Bob": -20, "Cy": 0}, -30, "shared")
    {'Ann': 40, 'Bob': -30, 'Cy': -10}

    ``"aside"``: nobody pays for the house or is paid by it: the side that dealt with it gives
    it up in proportion to its nets. Ann won 50, 20 of it from Bob and 30 from the bots, so Bob
    owes her the 20 the people lost; had the bots won 30, Bob's and Cy's losses would shrink:

    >>> square_with_house({"Ann": 50, "Bob": -20, "Cy": 0}, -30, "aside")
    {'Ann': 20, 'Bob': -20, 'Cy': 0}
    >>> square_with_house({"Ann": 10, "Bob": -20, "Cy": -20}, 30, "aside")
    {'Ann': 10, 'Bob': -5, 'Cy': -5}
    """
    if sum(nets.values()) + house:
        raise SettlementError(
            f"the house's {house} and the people's nets add up to"
            f" {sum(nets.values()) + house}, not 0: every chip won is a chip lost"
        )
    players = sorted(nets)
    if how == "shared":
        return _spread(players, nets, house, dict.fromkeys(players, 1))
    if how != "aside":
        raise SettlementError(f"no such use of the house's result: {how!r} (shared or aside)")
    # The people's surplus (the house lost) comes off the winners; their deficit, off the losers.
    side = {player: max(0, nets[player] * (1 if house < 0 else -1)) for player in players}
    return _spread(players, nets, house, side)


def _spread(
    players: list[K], nets: Mapping[K, int], amount: int, weights: Mapping[K, int]
) -> dict[K, int]:
    """``nets`` with ``amount`` added, divided in proportion to ``weights`` (largest
    remainders take the odd chips, ties to the player that sorts first)."""
    total = sum(weights.values())
    result = dict(nets)
    if not amount or not total:
        return result
    sign = 1 if amount > 0 else -1
    size = abs(amount)
    parts = {player: size * weights[player] // total for player in players}
    left = size - sum(parts.values())
    order = sorted(players, key=lambda p: -(size * weights[p] % total))
    for player in order[:left]:
        parts[player] += 1
    for player in players:
        result[player] += sign * parts[player]
    return result
