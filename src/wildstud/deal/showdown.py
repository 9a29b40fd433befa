"""The showdown: valuing the live hands and dividing each pot.

Each pot is divided on its own among the live seats that can win it: the best high hand takes it
(equal hands split; suits never break ties), or, in The Bitch, the high half, with the other half
to the eligible seat holding the queen of spades face down. Odd chips go to the high half, and
among tied winners to the one holding the highest card by suit among all their cards (under the
``odd_chip`` house rule ``dealer-left``, all of them to the one nearest the dealer's left).

A hand is *natural* when it reaches the same value with no card treated as wild (which includes
every hand that holds no wild card). Under the ``natural_beats_wild`` house rule a natural hand
beats an equal hand that needs its wild cards; otherwise they tie.

>>> from wildstud.cards import parse_cards
>>> rank_hand(0, parse_cards("7c 7d 2h"), frozenset(parse_cards("2h"))).describe()
'three sevens'
>>> odd_chip_order([0, 1], {0: parse_cards("Kc 2d"), 1: parse_cards("Kd 2c")})
[1, 0]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from wildstud.cards import Card
from wildstud.deal.events import Awarded, Share
from wildstud.hands import describe_value
from wildstud.hands.evaluator import evaluate_value
from wildstud.pots import OddChip, Pot, split_evenly, split_pooled

__all__ = ["Ranked", "divide_pots", "odd_chip_order", "rank_hand"]


@dataclass(frozen=True, slots=True)
class Ranked:
    """A live hand at the showdown."""

    seat: int
    cards: tuple[Card, ...]
    wild: frozenset[Card]
    value: int
    """The hand's value (see :mod:`wildstud.hands.encoding`): the showdown needs no more, and
    the cards as played are worked out only where they are shown (a ruling, the table)."""
    natural: bool

    def key(self, natural_beats_wild: bool) -> tuple[int, int]:
        """What the showdown compares: the value, then (under the house rule) naturalness."""
        return (self.value, int(self.natural) if natural_beats_wild else 0)

    def describe(self) -> str:
        """The hand in plain English: ``three sevens``."""
        return describe_value(self.value)


def rank_hand(
    seat: int,
    cards: Sequence[Card],
    wild: frozenset[Card],
    *,
    five_of_a_kind_top: bool = True,
    double_ace_flush: bool = False,
) -> Ranked:
    """Value one hand with its own wild cards."""
    top, double = five_of_a_kind_top, double_ace_flush
    value = evaluate_value(cards, wild, five_of_a_kind_top=top, double_ace_flush=double)
    natural = wild.isdisjoint(cards) or value == evaluate_value(
        cards, (), five_of_a_kind_top=top, double_ace_flush=double
    )
    return Ranked(seat, tuple(cards), wild, value, natural)


def odd_chip_order(seats: Sequence[int], cards: Mapping[int, Sequence[Card]]) -> list[int]:
    """``seats`` ordered for odd chips: highest card by suit first (then the next card, should
    two hands share their highest card, as a community card makes them do)."""
    return sorted(seats, key=lambda seat: tuple(sorted(cards[seat], reverse=True)), reverse=True)


def divide_pots(
    pots: Sequence[Pot],
    ranked: Mapping[int, Ranked],
    special: Collection[int],
    *,
    natural_beats_wild: bool = False,
    odd_chip: OddChip = OddChip.HIGH_CARD,
    order: Sequence[int] = (),
) -> list[Awarded]:
    """Who gets what from each pot, as :class:`Awarded` records in pot order.

    ``special`` holds the live seats that win the special half wherever they are eligible
    (empty when the game has no special half). ``order`` lists the seats from the dealer's
    left, for the odd chips under ``odd_chip`` ``dealer-left``.
    """
    cards = {seat: hand.cards for seat, hand in ranked.items()}
    place = {seat: index for index, seat in enumerate(order)}

    def in_order(seats: list[int]) -> list[int]:
        if odd_chip is OddChip.DEALER_LEFT:
            return sorted(seats, key=place.__getitem__)
        return odd_chip_order(seats, cards)

    awards: list[Awarded] = []
    # Each contested pot's halves (one, or The Bitch's two): chips, winners in odd-chip order.
    planned: list[tuple[int, list[tuple[int, list[int], Share]]]] = []
    for index, pot in enumerate(pots):
        eligible = [seat for seat in ranked if seat in pot.eligible]
        if not eligible:
            # Only a hand mucked at the showdown could win this pot: its one claimant, the last
            # hand contesting it, takes it unshown.
            (claimant,) = pot.eligible
            awards.append(Awarded(index, claimant, pot.amount, Share.UNCONTESTED))
            continue
        best = max(ranked[seat].key(natural_beats_wild) for seat in eligible)
        high = in_order([seat for seat in eligible if ranked[seat].key(natural_beats_wild) == best])
        holders = in_order([seat for seat in eligible if seat in special])
        if holders:
            special_half = pot.amount // 2
            halves = [(pot.amount - special_half, high, Share.HIGH)]
            halves.append((special_half, holders, Share.HOLE_CARD))
        else:
            halves = [(pot.amount, high, Share.HIGH)]
        planned.append((index, halves))
    if odd_chip is OddChip.DEALER_LEFT:
        awards += _pooled_awards(planned)
    else:
        for index, halves in planned:
            for amount, winners, share in halves:
                for seat, chips in split_evenly(amount, winners).items():
                    if chips:
                        awards.append(Awarded(index, seat, chips, share))
    awards.sort(key=lambda award: award.pot)  # stable: each pot's awards stay in their order
    return awards


def _pooled_awards(planned: list[tuple[int, list[tuple[int, list[int], Share]]]]) -> list[Awarded]:
    """``dealer-left``: pots in a row that the same hands win are split as one, as pokerkit
    splits them (it merges the side pots that the same hands contest once the losing hands are
    out), so their odd chips are counted once, all to the first winner; each pot still says
    what it gave whom."""
    awards: list[Awarded] = []
    start = 0
    while start < len(planned):
        winners = [(tuple(seats), share) for _, seats, share in planned[start][1]]
        end = start + 1
        while (
            end < len(planned)
            and [(tuple(seats), share) for _, seats, share in planned[end][1]] == winners
        ):
            end += 1
        run = planned[start:end]
        for half, (seats, share) in enumerate(winners):
            amounts = [halves[half][0] for _, halves in run]
            for (index, _), chips in zip(run, split_pooled(amounts, list(seats)), strict=True):
                awards += [Awarded(index, seat, got, share) for seat, got in chips.items() if got]
        start = end
    return awards
