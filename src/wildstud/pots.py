"""Pot arithmetic: main and side pots, even splits with odd chips, and high/special halves.

Every function takes and returns whole chips and never loses or makes one: the pots add up to
what was put in, and a pot's shares add up to the pot.

Three players in for 40, 100 (all in) and 150, one folded after putting in 20:

>>> pots = build_pots({0: 40, 1: 100, 2: 150, 3: 20}, live=[0, 1, 2])
>>> [(pot.amount, sorted(pot.eligible)) for pot in pots]
[(140, [0, 1, 2]), (120, [1, 2]), (50, [2])]
>>> divide_pot(pots[0], high=[1, 2], special=[0])
{1: 35, 2: 35, 0: 70}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from wildstud.errors import PotError

__all__ = ["OddChip", "Pot", "build_pots", "divide_pot", "split_evenly", "split_pooled"]


class OddChip(StrEnum):
    """Who gets the odd chips when tied hands split a pot (the house rule ``odd_chip``).

    ``high-card`` (the default, DESIGN.md): one each to the tied hands in order of their
    highest card by suit. ``dealer-left`` (pokerkit's rule): all of them to the tied hand
    nearest the dealer's left. Either way the odd chip of a pot halved in The Bitch goes to the
    high half. The caller lists the winners in the rule's order; :func:`split_evenly` hands out
    the chips.

    >>> OddChip("dealer-left") is OddChip.DEALER_LEFT
    True
    """

    HIGH_CARD = "high-card"
    DEALER_LEFT = "dealer-left"


@dataclass(frozen=True, slots=True)
class Pot:
    """Chips that go to the best hand among the ``eligible`` seats.

    >>> Pot(30, frozenset({0, 2}))
    Pot(amount=30, eligible=frozenset({0, 2}))
    """

    amount: int
    eligible: frozenset[int]


def _is_chips(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def build_pots(
    contributions: Mapping[int, int],
    live: Collection[int],
    all_in: Collection[int] | None = None,
) -> tuple[Pot, ...]:
    """The main pot first, then the side pots, from what each seat has put in this hand.

    ``contributions`` holds every seat's chips in the pot (antes, bring-in, bets, payments);
    ``live`` the seats that have not folded. ``all_in`` names the live seats that have nothing
    left: only their totals cut the chips into side pots, since a seat with chips behind could
    have matched anything (payments such as paying for a wild card make totals differ without
    anyone being short). Without ``all_in`` every live seat is taken to be all in. The chips
    between two levels form a pot that the live seats at or above the upper level, and those
    not all in, can win. Folded seats' chips are dead money in the pots they reach; chips above
    every live total (an uncalled bet the engine should have handed back) join the top pot, so
    no chip is lost. Neighbouring pots with the same eligible seats are merged; empty pots
    are dropped.

    >>> build_pots({0: 10, 1: 10, 2: 10}, live=[0, 1, 2])
    (Pot(amount=30, eligible=frozenset({0, 1, 2})),)
    >>> build_pots({0: 5, 1: 25, 2: 25, 3: 25}, live=[0, 1, 2])
    (Pot(amount=20, eligible=frozenset({0, 1, 2})), Pot(amount=60, eligible=frozenset({1, 2})))
    >>> build_pots({0: 10, 1: 12, 2: 10}, live=[0, 1, 2], all_in=[])  # p2 paid for a wild card
    (Pot(amount=32, eligible=frozenset({0, 1, 2})),)
    """
    for seat, chips in contributions.items():
        if not (type(seat) is int or _is_chips(seat)) or seat < 0:
            raise PotError(f"not a seat: {seat!r} (expected a seat index 0, 1, ...)")
        if not (type(chips) is int or _is_chips(chips)) or chips < 0:
            raise PotError(f"seat {seat} put in {chips!r}: expected whole chips >= 0")
    live_seats = frozenset(live)
    if not live_seats:
        raise PotError("no live seat: somebody must be left to win the pot")
    for seat in live_seats:
        if seat not in contributions:
            raise PotError(f"live seat {seat} has no contribution (give 0 if it put in nothing)")
    short = live_seats if all_in is None else live_seats & frozenset(all_in)
    covering = live_seats - short
    top = max(contributions[seat] for seat in covering) if covering else 0
    levels = sorted({contributions[seat] for seat in short} | {top})
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        if level <= floor:
            continue
        amount = sum(min(chips, level) - min(chips, floor) for chips in contributions.values())
        eligible = covering | frozenset(seat for seat in short if contributions[seat] >= level)
        pots.append(Pot(amount, eligible))
        floor = level
    excess = sum(max(0, chips - floor) for chips in contributions.values())
    if excess:
        highest = covering or frozenset(s for s in short if contributions[s] == floor)
        pots.append(Pot(excess, highest))
    merged: list[Pot] = []
    for pot in pots:
        if merged and merged[-1].eligible == pot.eligible:
            merged[-1] = Pot(merged[-1].amount + pot.amount, pot.eligible)
        else:
            merged.append(pot)
    return tuple(pot for pot in merged if pot.amount)


def split_evenly(
    amount: int, winners: Sequence[int], odd_chip: OddChip = OddChip.HIGH_CARD
) -> dict[int, int]:
    """Equal shares of ``amount``; the odd chips go one each to the first winners listed, or
    under ``dealer-left`` (pokerkit's rule) all to the first.

    The caller lists the winners in odd-chip order (by the house rule: highest card by suit
    first, or nearest the dealer's left first).

    >>> split_evenly(11, [4, 1, 2])
    {4: 4, 1: 4, 2: 3}
    >>> split_evenly(11, [1, 2, 4], OddChip.DEALER_LEFT)
    {1: 5, 2: 3, 4: 3}
    >>> split_evenly(0, [3])
    {3: 0}
    """
    if not _is_chips(amount) or amount < 0:
        raise PotError(f"cannot split {amount!r} chips: expected whole chips >= 0")
    if not winners:
        raise PotError(f"nobody to split {amount} chips between")
    if len(set(winners)) != len(winners):
        raise PotError(f"a winner is listed twice: {list(winners)}")
    share, odd = divmod(amount, len(winners))
    if odd_chip is OddChip.DEALER_LEFT:
        return {seat: share + (odd if index == 0 else 0) for index, seat in enumerate(winners)}
    return {seat: share + (1 if index < odd else 0) for index, seat in enumerate(winners)}


def split_pooled(amounts: Sequence[int], winners: Sequence[int]) -> list[dict[int, int]]:
    """Pots that the same ``winners`` win, split as one (the ``dealer-left`` odd chip rule):
    each winner's total is an equal share of all of them, every odd chip to the first listed;
    each pot's own shares, in order, hand out its chips towards those totals.

    Pots of 17 and 3 between two winners: 10 each, where splitting each pot on its own would
    give the first 11. Pots of 7, 35 and 4: 23 each, the first winner taking the odd chip of
    the first two pots and less of the last.

    >>> split_pooled([17, 3], [1, 6])
    [{1: 9, 6: 8}, {1: 1, 6: 2}]
    >>> split_pooled([7, 35, 4], [2, 4])
    [{2: 4, 4: 3}, {2: 18, 4: 17}, {2: 1, 4: 3}]
    >>> split_pooled([11], [0, 1, 2])
    [{0: 5, 1: 3, 2: 3}]
    """
    total = split_evenly(sum(amounts), winners, OddChip.DEALER_LEFT)
    owed = dict(total)  # what each winner is still to get
    result = []
    for amount in amounts:
        # An even share of this pot, but never more than a winner is still owed; the chips
        # left over go one at a time to the first winners still owed (enough are: what is
        # owed in all is what the pots still hold).
        share = amount // len(winners)
        chips = {seat: min(share, owed[seat]) for seat in winners}
        left = amount - sum(chips.values())
        while left:
            for seat in winners:
                if left and owed[seat] > chips[seat]:
                    chips[seat] += 1
                    left -= 1
        for seat, got in chips.items():
            owed[seat] -= got
        result.append(chips)
    return result


def divide_pot(
    pot: Pot,
    high: Sequence[int],
    special: Sequence[int] = (),
    odd_chip: OddChip = OddChip.HIGH_CARD,
) -> dict[int, int]:
    """Who gets what from one pot.

    ``high`` lists the eligible seats that tie for the best high hand, in odd-chip order;
    ``special`` the eligible seats that win the special half (in The Bitch, the live hand holding
    the queen of spades face down), usually none. With a special winner the pot is halved, the
    high half taking the odd chip, and each half is split evenly among its winners; one seat may
    take both halves. Without one, the high hands take the whole pot. ``odd_chip`` hands out
    the odd chips of each half as :func:`split_evenly` does.

    >>> divide_pot(Pot(25, frozenset({0, 1, 2})), high=[2], special=[0])
    {2: 13, 0: 12}
    >>> divide_pot(Pot(25, frozenset({0, 1, 2})), high=[2], special=[2])
    {2: 25}
    >>> divide_pot(Pot(25, frozenset({0, 1})), high=[1, 0])
    {1: 13, 0: 12}
    """
    if not isinstance(pot, Pot):
        raise PotError(f"not a pot: {pot!r}")
    for role, seats in (("high", high), ("special", special)):
        for seat in seats:
            if seat not in pot.eligible:
                eligible = sorted(pot.eligible)
                raise PotError(f"{role} winner {seat} cannot win this pot (eligible: {eligible})")
    if not high:
        raise PotError("a pot needs at least one high winner")
    if not special:
        return split_evenly(pot.amount, high, odd_chip)
    special_half = pot.amount // 2
    shares = split_evenly(pot.amount - special_half, high, odd_chip)
    for seat, chips in split_evenly(special_half, special, odd_chip).items():
        shares[seat] = shares.get(seat, 0) + chips
    return shares
