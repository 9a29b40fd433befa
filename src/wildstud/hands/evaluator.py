"""The reference evaluator: the best poker hand in one to seven cards, with any wild cards.

Wild cards are fully wild: a wild may copy a rank already held, so five of a kind exists. In a
flush or a straight flush a wild becomes the best card of the suit that the hand lacks (or,
under the double-ace house rule, an ace of the suit in a flush even where one is held).
Boards of fewer than five cards (stud upcards, used to choose who acts first) rank only by
pairs, two pair, trips and quads.

The evaluator works hand by hand and explains itself (the cards as played, a description);
:mod:`wildstud.fast` computes the same integers for batches of millions.

>>> hand = evaluate("As Ac 4h 5s 7c 9d Jh", wild="4")
>>> hand.describe(), [str(card) for card in hand.best_five], hand.wild_count
('three aces', ['A♠', 'A♣', 'A♥*', 'J♥', '9♦'], 1)
>>> evaluate("Kh Qh 7h 7s Jh", wild="7").describe()
'royal flush'
>>> evaluate("Kh Kc 7h 7s Ks", wild="7").describe()
'five kings'
>>> evaluate("Kh Kc 7h 7s Ks Qs Js", wild="7", five_of_a_kind_top=False).describe()
'royal flush'
>>> evaluate("Ah Kh 9h 4h 7s", wild="7", double_ace_flush=True).describe()
'double-ace flush'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from wildstud.cards import DECK, Card, CardLike, Rank, RankLike, Suit, parse_cards, wild_cards
from wildstud.errors import HandSizeError
from wildstud.hands.encoding import Category, encode
from wildstud.hands.value import HandValue, PlayedCard

__all__ = ["board_value", "board_values_of", "evaluate", "evaluate_value"]

MAX_CARDS = 7
_ACE = int(Rank.ACE)

# The of-a-kind shapes, best first: the category, the sizes of its groups, and how many
# kickers follow them in a five-card hand (fewer when the board has fewer cards).
_SHAPES: tuple[tuple[Category, tuple[int, ...], int], ...] = (
    (Category.FIVE_OF_A_KIND, (5,), 0),
    (Category.FOUR_OF_A_KIND, (4,), 1),
    (Category.FULL_HOUSE, (3, 2), 0),
    (Category.THREE_OF_A_KIND, (3,), 2),
    (Category.TWO_PAIR, (2, 2), 1),
    (Category.ONE_PAIR, (2,), 3),
    (Category.HIGH_CARD, (), 5),
)
# For each hand size (the best five of more cards, or all of fewer), the shapes that fit in
# it: the category, the largest group, and the sizes of the groups and kickers.
_SHAPES_BY_SIZE: tuple[tuple[tuple[Category, int, tuple[int, ...]], ...], ...] = tuple(
    tuple(
        (category, groups[0] if groups else 0, groups + (1,) * min(kickers, size - sum(groups)))
        for category, groups, kickers in _SHAPES
        if sum(groups) <= size  # five of a kind and full houses need five cards
    )
    for size in range(6)
)

# Straight windows, best first, each read from its top card down; the ace plays low only in
# the wheel (five-high).
_WHEEL = (Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO, Rank.ACE)
_WINDOWS: tuple[tuple[int, ...], ...] = (
    *(tuple(range(top, top - 5, -1)) for top in range(Rank.ACE, Rank.FIVE, -1)),
    _WHEEL,
)

# Each window's ranks as bits: the ranks a window lacks are counted in one step.
_WINDOW_MASKS = tuple(sum(1 << rank for rank in window) for window in _WINDOWS)

_SUITS_BEST_FIRST = tuple(int(suit) for suit in reversed(Suit))
_SPADES = int(Suit.SPADES)

# Each card playing as itself, made once: every hand valued needs a few (they are frozen).
_NATURAL = tuple(PlayedCard(card) for card in DECK)

_Candidate = tuple[int, Category, list[PlayedCard]]


def evaluate(
    cards: str | Iterable[CardLike],
    wild: str | Iterable[RankLike | Card] | None = (),
    *,
    five_of_a_kind_top: bool = True,
    double_ace_flush: bool = False,
) -> HandValue:
    """The best hand that one to seven cards make, with these cards wild.

    ``cards`` are :class:`~wildstud.cards.Card` objects or card text, or one string such as
    ``"As Kd 10c"`` or, as PHH joins them, ``"AsKdTc"``. ``wild`` names the wild cards: ranks
    (``"Q"``, every queen is wild) and single cards (``"Qs"``), as an iterable or text such as
    ``"Q,7"``. The two flags are the house rules that place five of a kind (on top, or just under
    a straight flush) and that let each wild in a flush count as an ace of its suit.

    >>> evaluate("7c 7d Qs Qh 2d", wild="Q").describe()
    'four sevens'
    >>> evaluate("7c 7d 7s Qh Qs", wild="Q").describe()
    'five sevens'
    >>> evaluate("Qs Qh Qd Qc Ks", wild="Q").describe()
    'five kings'
    >>> evaluate("Qs Qh Qd Qc Ks", wild="Q, K").describe()
    'five aces'
    >>> evaluate("Ks Kh 3d").describe(), evaluate("KsKh3d").describe()
    ('pair of kings', 'pair of kings')
    >>> evaluate("As As")
    Traceback (most recent call last):
    ...
    wildstud.errors.DuplicateCardError: card given twice: As
    """
    hand = _read_hand(cards)
    if not 1 <= len(hand) <= MAX_CARDS:
        raise HandSizeError(
            f"a hand has 1 to {MAX_CARDS} cards, got {len(hand)}"
            + (f": {' '.join(map(str, hand))}" if hand else "")
        )
    wild_set = _read_wild(wild)
    if wild_set:
        mask = _card_bits(wild_set)
        naturals: list[Card] = []
        wilds: list[Card] = []
        for card in hand:
            (wilds if mask >> card.code & 1 else naturals).append(card)
        naturals.sort(key=_code, reverse=True)
    else:
        naturals, wilds = sorted(hand, key=_code, reverse=True), []

    candidates = [_of_a_kind(hand, naturals, wilds, five_of_a_kind_top)]
    if len(hand) >= 5:
        # A suit, or a run of ranks, too short even with every wild card is passed over.
        suits = [0] * 4
        for card in naturals:
            suits[card.suit] += 1
        for suit in _SUITS_BEST_FIRST:
            if suits[suit] + len(wilds) >= 5:
                candidates.extend(
                    _suited(hand, naturals, wilds, suit, five_of_a_kind_top, double_ace_flush)
                )
        if len({card.rank for card in naturals}) + len(wilds) >= 5:
            straight = _straight(hand, naturals, wilds, five_of_a_kind_top)
            if straight is not None:
                candidates.append(straight)
    # Equal values come only from equal hands in different suits; max() shows the first.
    value, category, played = max(candidates, key=lambda candidate: candidate[0])
    return HandValue(
        value=value,
        category=category,
        best_five=tuple(played),
        wild_count=sum(card.is_wild for card in played),
    )


def _code(card: Card) -> int:
    # Cards order as their codes do (rank, then suit), and an integer key sorts fast.
    return card.code


def _read_hand(cards: str | Iterable[CardLike]) -> tuple[Card, ...]:
    """The cards of a hand, as :func:`~wildstud.cards.parse_cards` reads them (and refuses them)."""
    if isinstance(cards, (tuple, list)):
        codes = set()
        for card in cards:
            if type(card) is not Card:
                break
            codes.add(card.code)
        else:
            if len(codes) == len(cards):  # no card twice
                return tuple(cards)
    return parse_cards(cards)


def _read_wild(wild: str | Iterable[RankLike | Card] | None) -> frozenset[Card]:
    """The wild cards, as :func:`~wildstud.cards.wild_cards` reads them; a set of cards, the
    engine's form, is taken as it is."""
    if isinstance(wild, frozenset):
        if wild in _CARD_SETS:
            return wild
        if all(type(card) is Card for card in wild):
            if len(_CARD_SETS) >= 1024:
                _CARD_SETS.clear()
            _CARD_SETS.add(wild)  # a frozenset keeps its hash: the next look-up is quick
            return wild
    return wild_cards(wild)


_CARD_SETS: set[frozenset[Card]] = set()  # wild sets already found to hold only cards


@lru_cache(maxsize=1024)
def _card_bits(cards: frozenset[Card]) -> int:
    # A set of cards as bits by card code: asking for a bit is quicker than hashing a card.
    bits = 0
    for card in cards:
        bits |= 1 << card.code
    return bits


def evaluate_value(
    cards: str | Iterable[CardLike],
    wild: str | Iterable[RankLike | Card] | None = (),
    *,
    five_of_a_kind_top: bool = True,
    double_ace_flush: bool = False,
) -> int:
    """``evaluate(...).value`` alone: the same integer, and the same refusals, without working
    out the cards as played. The dealer values every board on every street to choose who acts
    first, and the showdown values every live hand, with and without its wild cards.

    >>> evaluate_value("7s 7h Kd", wild="K") == evaluate("7s 7h Kd", wild="K").value
    True
    >>> evaluate_value("7s 8s 9s Ts Js Jd") == evaluate("7s 8s 9s Ts Js Jd").value
    True
    >>> evaluate_value("2s 8s 9s Jd Qh Qs", wild="Q") == evaluate("2s 8s 9s Jd Qh Qs", "Q").value
    True
    """
    hand = _read_hand(cards)
    if not 1 <= len(hand) <= MAX_CARDS:
        return evaluate(hand, wild).value  # refuses the size
    wild_set = _read_wild(wild)
    mask = _card_bits(wild_set) if wild_set else 0
    counts = [0] * 13
    by_suit = [0] * 4  # the natural cards' ranks, as bits, suit by suit
    wilds = 0
    for card in hand:
        if mask >> card.code & 1:
            wilds += 1
        else:
            counts[card.rank] += 1
            by_suit[card.suit] |= 1 << card.rank
    size = len(hand)
    top = five_of_a_kind_top
    best = _group_value(tuple(counts), size, wilds, top)
    if size < 5:  # only groups count
        return best
    # The candidates of evaluate(), by their values alone: a window of five ranks needs all
    # but the wild cards' number of them held.
    need = 5 - wilds
    for bits in by_suit:
        if bits.bit_count() < need:
            continue
        for window, window_bits in zip(_WINDOWS, _WINDOW_MASKS, strict=True):
            if (bits & window_bits).bit_count() >= need:
                best = max(best, encode(Category.STRAIGHT_FLUSH, [window[0]], top))
                break
        if double_ace_flush:
            ranks = ([_ACE] * wilds + [r for r in range(_ACE, -1, -1) if bits >> r & 1])[:5]
        else:
            # From the ace down, the natural card where held, else a wild card standing in.
            ranks, spare = [], wilds
            for rank in range(_ACE, -1, -1):
                if bits >> rank & 1:
                    ranks.append(rank)
                elif spare:
                    ranks.append(rank)
                    spare -= 1
                if len(ranks) == 5:
                    break
        best = max(best, encode(Category.FLUSH, ranks, top))
    held = by_suit[0] | by_suit[1] | by_suit[2] | by_suit[3]
    if held.bit_count() >= need:
        for window, window_bits in zip(_WINDOWS, _WINDOW_MASKS, strict=True):
            if (held & window_bits).bit_count() >= need:
                best = max(best, encode(Category.STRAIGHT, [window[0]], top))
                break
    return best


def _of_a_kind(
    hand: Sequence[Card], naturals: Sequence[Card], wilds: Sequence[Card], top: bool
) -> _Candidate:
    """The best hand made of groups of equal ranks (high card through five of a kind)."""
    counts = [0] * 13
    for card in naturals:
        counts[card.rank] += 1
    category, ranks, sizes = _group_ranks(tuple(counts), len(hand), len(wilds))
    return (
        encode(category, ranks, top),
        category,
        _play_groups(hand, naturals, wilds, ranks, sizes),
    )


def board_value(codes: Sequence[int], wild: int, five_of_a_kind_top: bool = True) -> int:
    """The value of a board of one to four cards, given by card code, with the wild cards as a
    bit mask by code: what :func:`evaluate_value` gives for those cards (only groups count on
    fewer than five cards), without reading or checking them (:func:`board_values_of` values
    several boards, given by their cards, in one call).

    >>> from wildstud.cards import parse_cards, wild_mask
    >>> board = parse_cards("7s 7h Kd")
    >>> board_value([card.code for card in board], wild_mask("K")) == evaluate_value(board, "K")
    True
    """
    return board_values_of([[DECK[code] for code in codes]], wild, five_of_a_kind_top)[0]


def board_values_of(
    boards: Iterable[Sequence[Card]], wild: int, five_of_a_kind_top: bool = True
) -> list[int]:
    """:func:`board_value` of each of these boards of one to four cards, given by their cards,
    under the same wild cards (a bit mask by code): the dealer values every seat's board at every
    street to choose who bets first, in one call rather than a call and a list of codes a board.

    >>> from wildstud.cards import parse_cards, wild_mask
    >>> boards = [parse_cards("7s 7h"), parse_cards("Kd 2c")]
    >>> board_values_of(boards, wild_mask("K")) == [evaluate_value(b, "K") for b in boards]
    True
    """
    values = []
    for cards in boards:
        counts = [0] * 13
        wilds = 0
        for card in cards:
            code = card.code
            if wild >> code & 1:
                wilds += 1
            else:
                counts[code >> 2] += 1
        values.append(_group_value(tuple(counts), len(cards), wilds, five_of_a_kind_top))
    return values


@lru_cache(maxsize=8192)
def _group_value(counts: tuple[int, ...], cards: int, wilds: int, top: bool) -> int:
    """The value of the best of-a-kind shape (see :func:`_group_ranks`)."""
    category, ranks, _ = _group_ranks(counts, cards, wilds)
    return encode(category, ranks, top)


@lru_cache(maxsize=8192)
def _group_ranks(
    counts: tuple[int, ...], cards: int, wilds: int
) -> tuple[Category, tuple[int, ...], tuple[int, ...]]:
    """The best of-a-kind shape for these natural ranks (``counts`` by rank) and wild cards:
    its category, its ranks and the sizes of its groups. Kept for the shapes seen most: the
    same few come up board after board."""
    # No group can be bigger than the most cards of one rank and every wild card together.
    biggest = max(counts) + wilds
    for category, largest, sizes in _SHAPES_BY_SIZE[min(cards, 5)]:
        if largest > biggest:
            continue
        ranks = _best_ranks(sizes, counts, wilds)
        if ranks is not None:
            return category, tuple(ranks), sizes
    raise AssertionError("a high-card hand always exists")  # pragma: no cover


def _best_ranks(sizes: Sequence[int], counts: Sequence[int], wilds: int) -> list[int] | None:
    """The best distinct ranks for groups of these sizes, or ``None`` when none can be made.

    A group of ``size`` cards of rank ``r`` takes the natural cards of that rank and fills the
    rest with wild cards; trying ranks from the ace down, depth first, finds the highest
    tie-break list first. Groups of equal size in a row (two pair, kickers) are read high to
    low, so they are searched in that order only.
    """
    chosen: list[int] = []
    if not wilds:
        # Without wild cards the search below never turns back: group by group it takes the
        # highest rank with enough cards, not taken yet (and, after a group of the same size,
        # lower than that one). Taking it straight away gives the same ranks, sooner.
        previous = 0
        for size in sizes:
            highest = chosen[-1] - 1 if previous == size else _ACE
            for rank in range(highest, -1, -1):
                if counts[rank] >= size and rank not in chosen:
                    chosen.append(rank)
                    break
            else:
                return None
            previous = size
        return chosen
    return chosen if _place(sizes, counts, chosen, 0, wilds) else None


def _place(
    sizes: Sequence[int], counts: Sequence[int], chosen: list[int], position: int, budget: int
) -> bool:
    """Extend ``chosen`` with the best ranks for the groups from ``position`` on, spending at
    most ``budget`` wild cards (see :func:`_best_ranks`); whether it could. A function of the
    module, not one nested in _best_ranks: a nested function that calls itself is a reference
    cycle, left for the garbage collector at every hand valued with wild cards (in
    benchmarks/engine.py's FTQ player, twice as many collections as The Bitch's, which has none)."""
    if position == len(sizes):
        return True
    size = sizes[position]
    highest = _ACE
    if position and sizes[position - 1] == size:
        highest = chosen[-1] - 1
    for rank in range(highest, -1, -1):
        cost = size - counts[rank]  # the wild cards this group needs (none if negative)
        if cost > budget or rank in chosen:
            continue
        chosen.append(rank)
        if _place(sizes, counts, chosen, position + 1, budget - cost if cost > 0 else budget):
            return True
        chosen.pop()
    return False


def _play_groups(
    hand: Sequence[Card],
    naturals: Sequence[Card],
    wilds: Sequence[Card],
    ranks: Sequence[int],
    sizes: Sequence[int],
) -> list[PlayedCard]:
    played: list[PlayedCard] = []
    spare = list(wilds)
    taken: set[int] | None = None  # the codes of cards a wild may not show, once one is needed
    by_rank: dict[int, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(card.rank, []).append(card)
    for rank, size in zip(ranks, sizes, strict=True):
        group = [_NATURAL[card.code] for card in by_rank.get(rank, ())[:size]]
        while len(group) < size:
            if taken is None:
                taken = {card.code for card in hand}
            group.append(_stand_in(rank, spare, taken))
        played.extend(group)
    return played


def _stand_in(rank: int, spare: list[Card], taken: set[int]) -> PlayedCard:
    """Spend a wild card on ``rank`` where suits do not matter (``taken``: the codes of the
    cards it may not show).

    A wild of that very rank plays as itself; otherwise the wild shows a card of the rank that
    the hand lacks, when there is one, so the hand reads like a real one.
    """
    wild = next((card for card in spare if card.rank == rank), spare[0])
    spare.remove(wild)
    if wild.rank == rank:
        return PlayedCard(wild, wild=wild)
    code = rank * 4 + _SPADES  # every suit of the rank held: the wild shows the spade again
    for suit in _SUITS_BEST_FIRST:
        if rank * 4 + suit not in taken:
            code = rank * 4 + suit
            break
    taken.add(code)
    return PlayedCard(DECK[code], wild=wild)


def _suited(
    hand: Sequence[Card],
    naturals: Sequence[Card],
    wilds: Sequence[Card],
    suit: int,
    top: bool,
    double_ace_flush: bool,
) -> list[_Candidate]:
    """The best straight flush and the best flush in ``suit``, where they exist."""
    held: dict[int, Card] = {card.rank: card for card in naturals if card.suit == suit}
    if len(held) + len(wilds) < 5:
        return []
    found: list[_Candidate] = []
    need = 5 - len(wilds)  # the ranks of a window that must be held, the wilds filling the rest
    held_bits = _rank_bits(held)
    for window, mask in zip(_WINDOWS, _WINDOW_MASKS, strict=True):
        if (held_bits & mask).bit_count() >= need:
            spare = iter(wilds)
            played = [
                PlayedCard(held[rank])
                if rank in held
                else PlayedCard(DECK[rank * 4 + suit], next(spare))
                for rank in window
            ]
            found.append(
                (encode(Category.STRAIGHT_FLUSH, [window[0]], top), Category.STRAIGHT_FLUSH, played)
            )
            break
    if double_ace_flush:
        # Each wild is an ace of the suit, even beside a natural ace.
        played = [PlayedCard(DECK[_ACE * 4 + suit], wild) for wild in wilds]
        played = sorted(
            played + [PlayedCard(card) for card in held.values()],
            key=lambda played_card: (-played_card.card.rank, played_card.is_wild),
        )[:5]
    else:
        # From the ace down, play the natural card where held, else spend a wild on it.
        spare = iter(wilds)
        left = len(wilds)
        played = []
        for rank in range(Rank.ACE, -1, -1):
            if len(played) == 5:
                break
            if rank in held:
                played.append(PlayedCard(held[rank]))
            elif left:
                played.append(PlayedCard(DECK[rank * 4 + suit], next(spare)))
                left -= 1
    ranks = [played_card.card.rank for played_card in played]
    found.append((encode(Category.FLUSH, ranks, top), Category.FLUSH, played))
    return found


def _rank_bits(ranks: Iterable[int]) -> int:
    bits = 0
    for rank in ranks:
        bits |= 1 << rank
    return bits


def _straight(
    hand: Sequence[Card], naturals: Sequence[Card], wilds: Sequence[Card], top: bool
) -> _Candidate | None:
    """The best straight, suits aside, where one exists."""
    held: dict[int, Card] = {}
    for card in naturals:
        held.setdefault(card.rank, card)  # naturals come best suit first
    need = 5 - len(wilds)  # the ranks of a window that must be held, the wilds filling the rest
    held_bits = _rank_bits(held)
    for window, mask in zip(_WINDOWS, _WINDOW_MASKS, strict=True):
        if (held_bits & mask).bit_count() >= need:
            spare = list(wilds)
            taken = {card.code for card in hand}
            played = [
                PlayedCard(held[rank]) if rank in held else _stand_in(rank, spare, taken)
                for rank in window
            ]
            return encode(Category.STRAIGHT, [window[0]], top), Category.STRAIGHT, played
    return None
