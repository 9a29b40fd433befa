"""Who acts first on a street: the bring-in, the best board, or the dealer's left.

Seats are given in dealing order (clockwise from the dealer's left), which also breaks ties.

>>> from wildstud.cards import parse_card, parse_cards
>>> lowest_upcard({0: parse_card("7h"), 1: parse_card("7c"), 2: parse_card("As")})
1
>>> best_board([0, 1], {0: parse_cards("Kd 9c"), 1: parse_cards("7s 7h")}, lambda seat: frozenset())
1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

from wildstud.cards import DECK, Card, cards_mask
from wildstud.hands import CATEGORY_SHIFT, Category
from wildstud.hands.evaluator import board_values_of, evaluate_value

__all__ = [
    "best_board",
    "board_values",
    "highest_board",
    "lowest_upcard",
    "rotate",
    "shows_pair",
    "shows_pair_value",
]

WildFor = Callable[[int], frozenset[Card]]

_ONE_PAIR = int(Category.ONE_PAIR)


def lowest_upcard(upcards: Mapping[int, Card]) -> int:
    """The seat with the lowest upcard by natural rank (ace high), ties broken by suit, clubs
    lowest: wildness is ignored, as the bring-in rule says."""
    # By code (rank, then suit), in a loop: min() with a key calls it for each seat. 0.4%
    # fewer instructions a hand of the FTQ player (as above: 1,560,643 to 1,554,138).
    lowest, low = -1, len(DECK)
    for seat, card in upcards.items():
        if card.code < low:
            lowest, low = seat, card.code
    if lowest < 0:
        raise ValueError("no upcard to compare")
    return lowest


def best_board(
    seats: Sequence[int],
    upcards: Mapping[int, Sequence[Card]],
    wild_for: WildFor,
    *,
    five_of_a_kind_top: bool = True,
) -> int:
    """The seat whose face-up cards make the best hand, counting its wild cards (on fewer than
    five cards only pairs, trips, quads and high cards count); ties go to the first seat in
    ``seats`` order."""
    values = board_values(seats, upcards, wild_for, five_of_a_kind_top=five_of_a_kind_top)
    return highest_board(seats, values)


def board_values(
    seats: Sequence[int],
    upcards: Mapping[int, Sequence[Card]],
    wild_for: WildFor | frozenset[Card],
    *,
    five_of_a_kind_top: bool = True,
) -> dict[int, int]:
    """The value of each seat's face-up cards, counting its wild cards (a seat showing no card
    has none). ``wild_for`` gives each seat's wild cards, or is the wild cards of every seat.

    >>> from wildstud.cards import parse_cards
    >>> values = board_values([0, 1], {0: parse_cards("Kd 9c"), 1: []}, lambda seat: frozenset())
    >>> list(values), shows_pair_value(values[0])
    ([0], False)
    """
    if isinstance(wild_for, frozenset):
        # Every seat has these wild cards (a rule that reads no hands): the boards valued in
        # one call, where each seat's was a call for its wild cards, a list of its codes and a
        # call to board_value: 0.4% fewer instructions a hand of benchmarks/engine.py's FTQ
        # player (callgrind, 300 hands after 300, PYTHONHASHSEED=0, 2026-12-04: 1,614,724 to
        # 1,608,986).
        shared = wild_for
        shown: list[int] = []
        boards: list[Sequence[Card]] = []
        for seat in seats:
            cards = upcards.get(seat, ())
            if cards:
                if len(cards) >= 5:
                    break  # valued whole by evaluate_value, below
                shown.append(seat)
                boards.append(cards)
        else:
            values = board_values_of(boards, _mask(shared), five_of_a_kind_top)
            return dict(zip(shown, values, strict=True))
        wild_for = lambda seat: shared  # noqa: E731
    by_seat: dict[int, int] = {}
    last_wild, mask = None, 0  # most seats share the table's wild cards: their bits are kept
    for seat in seats:
        cards = upcards.get(seat, ())
        if not cards:
            continue
        wild = wild_for(seat)
        if len(cards) < 5:
            if wild is not last_wild:
                last_wild, mask = wild, _mask(wild)
            by_seat[seat] = board_values_of((cards,), mask, five_of_a_kind_top)[0]
        else:
            by_seat[seat] = evaluate_value(cards, wild, five_of_a_kind_top=five_of_a_kind_top)
    return by_seat


# The wild sets of a deal are few and asked for board after board: each is turned into bits once.
# Measured (benchmarks/engine.py's player, FTQ and BD7, two runs of 16 rounds of 400 hands
# alternated with the trick undone, best round, 2026-12-05): within the noise (FTQ 0.1-0.8% fewer
# hands turning each every time, BD7 1.0-2.6% more).
_mask = lru_cache(maxsize=256)(cards_mask)


def highest_board(seats: Sequence[int], values: Mapping[int, int]) -> int:
    """The seat with the highest board value; ties go to the first seat in ``seats`` order, and
    with no board at all the first seat acts."""
    # A loop, not max() with a key and a default: max() has fewer opcodes, but a keyword makes
    # it parse its arguments and the key is a call a seat. 0.8% fewer instructions a hand of
    # benchmarks/engine.py's FTQ player (callgrind, 300 hands after 300, PYTHONHASHSEED=0,
    # 2026-12-04: 1,572,765 to 1,560,643).
    first, best = seats[0], -1  # a value is never negative
    for seat in seats:
        value = values.get(seat, -1)
        if value > best:  # the first of equal values keeps it
            first, best = seat, value
    return first


def shows_pair_value(value: int) -> bool:
    """Whether a board of this value (see :func:`board_values`) shows a pair or better: what
    :func:`shows_pair` tells from the cards, for a board of two cards or more."""
    return (value >> CATEGORY_SHIFT) & 0xF >= _ONE_PAIR  # category_of, without the enum


def shows_pair(upcards: Sequence[Card], wild: frozenset[Card]) -> bool:
    """Whether these face-up cards show a pair or better, counting wild cards.

    >>> from wildstud.cards import parse_cards
    >>> shows_pair(parse_cards("7s 7h"), frozenset()), shows_pair(parse_cards("7s Qh"), frozenset())
    (True, False)
    """
    if len(upcards) < 2:
        return False
    return shows_pair_value(evaluate_value(upcards, wild=wild))


def rotate(seats: Sequence[int], first: int) -> tuple[int, ...]:
    """``seats`` in the same circular order, starting with ``first``.

    >>> rotate([0, 2, 3, 5], 3)
    (3, 5, 0, 2)
    """
    start = seats.index(first)
    return (*seats[start:], *seats[:start])
