"""Cards, ranks, suits, parsing and decks.

A card's integer *code* is ``rank * 4 + suit`` (deuce = 0 … ace = 12; clubs = 0, diamonds = 1,
hearts = 2, spades = 3), the encoding that :mod:`wildstud.fast` works on.

>>> card = parse_card("10h")
>>> card, str(card), card.pretty, card.code
(Card('Th'), 'Th', '10♥', 34)
>>> parse_cards("As Kd 10c")
(Card('As'), Card('Kd'), Card('Tc'))
>>> sorted(wild_cards("Q, 7s"))[:2]
[Card('7s'), Card('Qc')]
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import ClassVar

from wildstud.errors import CardError, DeckExhaustedError, DuplicateCardError, WildSpecError

__all__ = [
    "DECK",
    "QUEEN_OF_SPADES",
    "Card",
    "CardLike",
    "Deck",
    "Rank",
    "RankLike",
    "Suit",
    "cards_mask",
    "parse_card",
    "parse_cards",
    "parse_rank",
    "wild_cards",
    "wild_mask",
]


class Rank(IntEnum):
    """A card rank, deuce lowest; the ace is high (stud uses it low only in the wheel).

    A rank is an integer, 0 to 12 (its index in the card codes), and reads as its English name:

    >>> str(Rank.TEN), f"the {Rank.QUEEN} of {Suit.SPADES}", Rank.SIX.plural, Rank.TEN.label
    ('ten', 'the queen of spades', 'sixes', '10')
    >>> Rank.TEN + 1, f"{Rank.TEN:d}", f"{Rank.TEN:>6}"
    (9, '8', '   ten')
    """

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """One character: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self]

    @property
    def label(self) -> str:
        """How people write it: ``10`` rather than ``T``."""
        return "10" if self is Rank.TEN else self.char

    @property
    def singular(self) -> str:
        """English name: ``seven``, ``queen``."""
        return _RANK_NAMES[self]

    @property
    def plural(self) -> str:
        """English plural: ``sevens``, ``sixes``."""
        return "sixes" if self is Rank.SIX else _RANK_NAMES[self] + "s"

    def __str__(self) -> str:
        """The English name, as :attr:`singular`: ``ten``, ``deuce``."""
        return _RANK_NAMES[self]

    def __format__(self, spec: str) -> str:
        return _format(self, spec)


class Suit(IntEnum):
    """A suit; the order (clubs lowest) only ever breaks bring-in ties.

    A suit is an integer, 0 to 3 (its place in the card codes), and reads as its English name:

    >>> str(Suit.HEARTS), f"all {Suit.SPADES}", Suit.HEARTS.char, Suit.HEARTS.symbol
    ('hearts', 'all spades', 'h', '♥')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """``c``, ``d``, ``h`` or ``s``."""
        return "cdhs"[self]

    @property
    def symbol(self) -> str:
        """``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    def __str__(self) -> str:
        """The English name: ``clubs``, ``diamonds``, ``hearts`` or ``spades``."""
        return ("clubs", "diamonds", "hearts", "spades")[self]

    def __format__(self, spec: str) -> str:
        return _format(self, spec)


def _format(value: Rank | Suit, spec: str) -> str:
    """``format()`` of a rank or a suit: as text (``f"{rank}"`` is ``str(rank)``), but as the
    integer it is under a number's format (``f"{rank:d}"``)."""
    return int.__format__(value, spec) if spec[-1:] in _NUMBER_FORMATS else format(str(value), spec)


_NUMBER_FORMATS = frozenset("bcdoxXneEfFgG%")


_RANK_NAMES = (
    "deuce",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
_RANK_TEXT = {**{r.char: r for r in Rank}, "10": Rank.TEN, "1": None}
_SUIT_TEXT = {
    **{s.char: s for s in Suit},
    **{s.symbol: s for s in Suit},
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
_CARD_RE = re.compile(r"^(10|[2-9tjqka])(.)$", re.IGNORECASE)
_JOINED_CARD = "(?:10|[2-9tjqka])[cdhs♣♦♥♠♧♢♡♤]\ufe0f?"
_JOINED_CARD_RE = re.compile(_JOINED_CARD, re.IGNORECASE)
_JOINED_RE = re.compile(f"(?:{_JOINED_CARD})+", re.IGNORECASE)
_CARD_HELP = "expected a rank 2-10, T, J, Q, K or A, then a suit c, d, h, s or ♣♦♥♠"


@dataclass(frozen=True, slots=True, order=True, init=False)
class Card:
    """A playing card, from its text as its repr shows it, or from a rank and a suit.

    Compare and hash freely (cards order by rank, then suit); ``Card.of(code)`` gives the shared
    instance of a code, and :func:`parse_card` the shared instance of a text.

    >>> Card("As"), Card("10♥"), Card(Rank.QUEEN, Suit.HEARTS), Card("q", "h")
    (Card('As'), Card('Th'), Card('Qh'), Card('Qh'))
    >>> Card("Qh") == parse_card("Q♥") and hash(Card("Qh")) == Card("Qh").code == 42
    True
    >>> Card("Qx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.errors.CardError: not a card: 'Qx' (expected a rank 2-10, T, J, Q, K or A, then a ...)
    """

    rank: Rank
    suit: Suit
    code: int = field(init=False, repr=False, compare=False)
    """The integer code ``rank * 4 + suit``."""

    _ALL: ClassVar[tuple[Card, ...]]
    _TEXT: ClassVar[tuple[str, ...]]
    """Each card's text (``"Qs"``), by its code: a table server writes cards as text in every
    frame."""

    def __init__(self, rank: RankLike, suit: Suit | str | int | None = None) -> None:
        if suit is None:
            if not isinstance(rank, str):
                raise CardError(f"not a card: {rank!r} (give text such as 'As', or rank and suit)")
            card = parse_card(rank)
            rank, suit = card.rank, card.suit
        elif not (isinstance(rank, Rank) and isinstance(suit, Suit)):
            rank, suit = parse_rank(rank), _suit(suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        # Stored once: cards are hashed and coded on every step of a deal.
        object.__setattr__(self, "code", rank * 4 + suit)

    def __hash__(self) -> int:
        return self.code

    # A card never changes, and each is one shared instance: a copy of a hand (or of anything
    # holding cards) shares them, which keeps the copy cheap and the cards ``is``-comparable.
    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    @property
    def mask(self) -> int:
        """``1 << code``: the card's bit in a 52-bit card set."""
        return 1 << self.code

    @property
    def pretty(self) -> str:
        """Display form with a suit symbol: ``10♥``, ``Q♠``."""
        return self.rank.label + self.suit.symbol

    @staticmethod
    def of(code: int) -> Card:
        """The card with this integer code (0 … 51)."""
        if not 0 <= code < 52:
            raise CardError(f"not a card code: {code} (expected 0 to 51)")
        return Card._ALL[code]

    def __str__(self) -> str:
        return Card._TEXT[self.code]

    def __repr__(self) -> str:
        return f"Card('{self}')"


def _suit(text: Suit | str | int) -> Suit:
    if isinstance(text, Suit):
        return text
    if isinstance(text, int) and not isinstance(text, bool) and 0 <= text <= 3:
        return Suit(text)
    suit = _SUIT_TEXT.get(text.strip().lower()) if isinstance(text, str) else None
    if suit is None:
        raise CardError(f"not a suit: {text!r} (expected c, d, h, s or ♣♦♥♠)")
    return suit


Card._ALL = tuple(Card(Rank(code >> 2), Suit(code & 3)) for code in range(52))
Card._TEXT = tuple(card.rank.char + card.suit.char for card in Card._ALL)

DECK: tuple[Card, ...] = Card._ALL
"""The 52 cards in code order (2c, 2d, 2h, 2s, 3c, … As).

:meta hide-value:
"""

QUEEN_OF_SPADES: Card = Card(Rank.QUEEN, Suit.SPADES)
"""The card The Bitch turns on (a redeal when it shows, half the pot in the hole)."""

CardLike = Card | str
RankLike = Rank | str | int


def parse_card(text: CardLike) -> Card:
    """Read one card: ``Qh``, ``Q♥``, ``10h``, ``Th``, in any case.

    >>> parse_card("th"), parse_card("10♠"), parse_card("a♡")
    (Card('Th'), Card('Ts'), Card('Ah'))
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError(f"not a card: {text!r} (expected a Card or text such as 'Qh')")
    # Phones send suit symbols with an emoji variation selector after them.
    match = _CARD_RE.match(text.strip().replace("\ufe0f", ""))
    if match is None:
        raise CardError(f"not a card: {text!r} ({_CARD_HELP})")
    rank = _RANK_TEXT[match.group(1).upper()]
    suit = _SUIT_TEXT.get(match.group(2).lower())
    if rank is None or suit is None:
        raise CardError(f"not a card: {text!r} ({_CARD_HELP})")
    return Card._ALL[rank * 4 + suit]


def parse_cards(text: str | Iterable[CardLike], *, unique: bool = True) -> tuple[Card, ...]:
    """Read several cards from text or from an iterable. In text, cards may be apart (spaces or
    commas between them) or joined, as PHH writes them (``AsKd``).

    With ``unique`` (the default) a card given twice raises :class:`DuplicateCardError`.

    >>> parse_cards("Qh,7d  As")
    (Card('Qh'), Card('7d'), Card('As'))
    >>> parse_cards("AsKd 10h9♣")
    (Card('As'), Card('Kd'), Card('Th'), Card('9c'))
    >>> parse_cards("Qh Qh")
    Traceback (most recent call last):
    ...
    wildstud.errors.DuplicateCardError: card given twice: Qh
    """
    items: Iterable[CardLike] = _card_tokens(text) if isinstance(text, str) else text
    cards = tuple(parse_card(item) for item in items)
    if unique and len(set(cards)) != len(cards):
        seen: set[Card] = set()
        twice = [c for c in cards if c in seen or seen.add(c)]  # type: ignore[func-returns-value]
        raise DuplicateCardError(f"card given twice: {' '.join(map(str, dict.fromkeys(twice)))}")
    return cards


def parse_rank(text: RankLike) -> Rank:
    """Read a rank: ``Q``, ``q``, ``10``, ``T``, a :class:`Rank`, or its index 0-12.

    >>> parse_rank("10"), parse_rank("q")
    (<Rank.TEN: 8>, <Rank.QUEEN: 10>)
    """
    if isinstance(text, Rank):
        return text
    if isinstance(text, int) and not isinstance(text, bool) and 0 <= text <= 12:
        return Rank(text)
    rank = _RANK_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
    if rank is None:
        raise CardError(f"not a rank: {text!r} (expected 2-10, T, J, Q, K or A)")
    return rank


def wild_cards(spec: str | Rank | Card | Iterable[RankLike | Card] | None) -> frozenset[Card]:
    """The set of wild cards a specification names.

    A rank (``"Q"``, ``"7"``, a :class:`Rank`) makes all four cards of that rank wild; a card
    (``"Qs"``, a :class:`Card`) makes that one card wild. Text may list several, separated by
    commas or spaces. ``None`` or an empty spec means no wild cards.

    >>> len(wild_cards("Q,7")), wild_cards(["Qs"])
    (8, frozenset({Card('Qs')}))
    """
    if spec is None:
        return frozenset()
    items: Iterable[RankLike | Card]
    if isinstance(spec, str):
        items = _tokens(spec)
    elif isinstance(spec, Card | Rank):
        items = (spec,)
    else:
        items = spec
    wild: set[Card] = set()
    for item in items:
        if isinstance(item, Card):
            wild.add(item)
            continue
        try:
            rank = parse_rank(item)
        except CardError:
            try:
                wild.add(parse_card(item))  # type: ignore[arg-type]
            except CardError:
                raise WildSpecError(
                    f"not a rank or a card: {item!r} (wild cards are ranks such as 'Q' or '7',"
                    " or single cards such as 'Qs')"
                ) from None
        else:
            wild.update(Card._ALL[rank * 4 + suit] for suit in Suit)
    return frozenset(wild)


def cards_mask(cards: Iterable[Card]) -> int:
    """The 52-bit set of these cards (bit ``code`` set for each)."""
    mask = 0
    for card in cards:
        mask |= 1 << card.code  # not card.mask: a hand's stub is built this way at every deal
    return mask


def wild_mask(spec: str | Rank | Card | Iterable[RankLike | Card] | None) -> int:
    """:func:`wild_cards` as a 52-bit mask, the form :mod:`wildstud.fast` takes.

    >>> hex(wild_mask("2"))
    '0xf'
    """
    return cards_mask(wild_cards(spec))


def _tokens(text: str) -> list[str]:
    return [token for token in re.split(r"[\s,]+", text.strip()) if token]


def _card_tokens(text: str) -> list[str]:
    """The cards of a text, each token of joined cards (``AsKd``) split into its cards; a token
    that is not all cards is left whole, for :func:`parse_card` to refuse by name."""
    tokens: list[str] = []
    for token in _tokens(text):
        if len(token) > 3 and _JOINED_RE.fullmatch(token):
            tokens.extend(_JOINED_CARD_RE.findall(token))
        else:
            tokens.append(token)
    return tokens


def _shuffle(cards: list[Card], rng: random.Random, first: int, last: int) -> None:
    """Steps ``first`` down to ``last`` of ``rng.shuffle(cards)``, step for step: the same draws
    from the generator, so the same order for the same seed (the steps from ``len(cards) - 1``
    down to 1 are the whole shuffle; after step ``i``, ``cards[i]`` is final), without the
    standard library's call per card to draw a position. Every hand shuffles a deck first:
    without those 51 calls, 2.3% fewer instructions a hand of benchmarks/engine.py's FTQ player
    (callgrind, 400 hands, 2026-12-02)."""
    getrandbits = rng.getrandbits
    for i in range(first, last - 1, -1):
        # A position from 0 to i, uniform: draw as many bits as i + 1 needs, again until it fits.
        bits = _BITS[i]
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


_BITS = tuple((i + 1).bit_length() for i in range(52))  # the bits a position from 0 to i needs


class Deck:
    """An ordered pack of cards that deals from the top.

    ``Deck()`` is shuffled with the operating system's cryptographic generator (what play
    uses); ``Deck(seed=7)`` is shuffled reproducibly (simulations, tests); ``Deck.stacked(...)``
    keeps the order given (rulings, tests): its :meth:`shuffle` leaves that order alone, so a
    stacked deck can script a redeal too.

    >>> deck = Deck.stacked("Qh 7d")
    >>> deck.deal(), len(deck), deck.deal_many(1)
    (Card('Qh'), 1, (Card('7d'),))
    >>> Deck(seed=1).deal_many(3) == Deck(seed=1).deal_many(3)
    True
    """

    __slots__ = ("_cards", "_next_step", "_rng", "stacked_order")

    def __init__(
        self,
        *,
        seed: int | None = None,
        cards: Iterable[Card] = DECK,
    ) -> None:
        self._rng: random.Random = secrets.SystemRandom() if seed is None else random.Random(seed)
        # The standard pack needs no check; any other list may not repeat a card.
        self._cards: list[Card] = list(cards) if cards is DECK else list(parse_cards(list(cards)))
        self.stacked_order = False
        self._next_step = 0
        self.shuffle()

    @classmethod
    def stacked(cls, cards: str | Iterable[CardLike]) -> Deck:
        """A deck that deals exactly these cards, in this order, first card on top."""
        deck = cls.__new__(cls)
        deck._rng = secrets.SystemRandom()
        deck._cards = list(reversed(parse_cards(cards)))
        deck._next_step = 0
        deck.stacked_order = True
        return deck

    def __deepcopy__(self, memo: dict[int, object]) -> Deck:
        """An independent copy: the same cards in the same order, and a generator of its own
        in the same state (a secure deck shares the operating system's, which has none).

        >>> import copy
        >>> deck = Deck(seed=3)
        >>> twin = copy.deepcopy(deck)
        >>> twin.deal() == deck.deal(), len(twin) == len(deck)
        (True, True)
        """
        twin = Deck.__new__(Deck)
        rng = self._rng
        if isinstance(rng, secrets.SystemRandom):
            # No state to pass on: the order is fixed first, so that both deal the same cards.
            self._settle(len(self._cards))
            twin._rng = rng
        else:
            # Its state passed on whole: far quicker than a deep copy of its 625 numbers.
            twin._rng = random.Random()
            twin._rng.setstate(rng.getstate())
        twin._cards = list(self._cards)
        twin._next_step = self._next_step  # its generator is where this one's is
        twin.stacked_order = self.stacked_order
        return twin

    def shuffle(self) -> None:
        """Shuffle what is left with the deck's generator (a stacked deck keeps its order).

        The shuffle's steps are taken as its cards are needed, top first, and the rest when
        anything else asks for the order: the generator gives the same draws in the same order
        as one shuffle of the whole deck would, so every card comes where that shuffle puts it.
        A hand seldom deals the whole pack, and the steps of the cards nobody deals are never
        taken (half the shuffle's work at six players): 2.3% fewer opcodes a hand of
        benchmarks/engine.py's FTQ player (Python's opcode trace, 200 hands, PYTHONHASHSEED=0,
        2026-12-03: 26,802 to 26,177; docs/benchmarks.md, session 18).
        """
        self._settle(len(self._cards))  # the draws of a shuffle still owed come first
        if not self.stacked_order:
            self._next_step = len(self._cards) - 1

    def _settle(self, count: int) -> None:
        """Take the shuffle's steps that the top ``count`` cards still wait for (after step
        ``i`` the card at ``i`` is final; ``_next_step`` is the step to take next, 0 once the
        shuffle is done)."""
        step = self._next_step
        if step:
            last = len(self._cards) - count
            if last < 1:  # max(), without the call (a call with every street's cards)
                last = 1
            if step >= last:
                _shuffle(self._cards, self._rng, step, last)
                self._next_step = last - 1

    def deal(self) -> Card:
        """Deal the top card."""
        if not self._cards:
            raise DeckExhaustedError("the deck is empty")
        self._settle(1)
        return self._cards.pop()

    # A deck is a dealer policy (wildstud.deal.dealers.Dealer): it picks its top card for every
    # chance step of a hand, and follows the hand as cards leave the stub and come back.

    def begin(self, deal: int, gathered: Sequence[Card]) -> Sequence[Card]:
        """The stub of a new deal: this deck's cards, with the cards of the deal before put back
        (in no particular order: the hand only counts them; a whole deck answers ``DECK``).

        >>> Deck(seed=1).begin(1, ()) is DECK, len(Deck.stacked("Qh 7d").begin(1, ()))
        (True, 2)
        """
        if gathered:
            self.put_back(gathered)
        if len(self._cards) == len(DECK):
            # A deck holds no card twice, so a whole one is the pack: the hand knows its stub
            # without a walk over the cards (2 µs of a hand of about 240).
            return DECK
        return self._cards  # not peek(): a copy per deal would cost the engine's benchmark

    def pick(self, chance: object) -> Card:
        """The top card, left where it is (it leaves the deck once the hand deals it)."""
        if not self._cards:
            raise DeckExhaustedError("the deck is empty")
        self._settle(1)
        return self._cards[-1]

    def dealt(self, card: Card) -> None:
        """Take ``card`` out of the pack: the top card, as a rule; any other when the hand was
        given a card of the caller's choosing (a ruling, a record).

        >>> deck = Deck.stacked("Ah Kh Qh")
        >>> deck.dealt(parse_card("Kh")), deck.peek()
        (None, (Card('Ah'), Card('Qh')))
        """
        cards = self._cards
        self._settle(1)
        if cards and cards[-1] is card:
            cards.pop()
        else:
            self._settle(len(cards))  # a card from below the top moves the cards above it
            cards.remove(card)

    def pick_run(self, chances: Sequence[object]) -> Sequence[Card]:
        """The top cards, one for each chance step, top first (fewer when the deck holds
        fewer), left where they are: a street's cards, picked in one call.

        >>> [str(card) for card in Deck.stacked("Ah Kh Qh").pick_run([None, None])]
        ['Ah', 'Kh']
        """
        self._settle(len(chances))
        return self._cards[: -len(chances) - 1 : -1]

    def dealt_run(self, cards: Sequence[Card]) -> None:
        """Take ``cards`` out of the pack: the top ones, top first, as a rule (:meth:`dealt`
        for each, otherwise).

        >>> deck = Deck.stacked("Ah Kh Qh")
        >>> deck.dealt_run(deck.pick_run([None, None])), deck.peek()
        (None, (Card('Qh'),))
        """
        count = len(cards)
        if not count:
            return
        top = self._cards
        self._settle(count)
        if top[: -count - 1 : -1] == list(cards):
            del top[-count:]
        else:
            for card in cards:
                self.dealt(card)

    def deal_many(self, count: int) -> tuple[Card, ...]:
        """Deal the top ``count`` cards, top card first."""
        if not 0 <= count <= len(self._cards):
            raise DeckExhaustedError(f"cannot deal {count} cards from a deck of {len(self._cards)}")
        self._settle(count)
        dealt = self._cards[len(self._cards) - count :]
        del self._cards[len(self._cards) - count :]
        return tuple(reversed(dealt))

    def put_back(self, cards: Iterable[Card]) -> None:
        """Put ``cards`` under the stub, in the order given, then shuffle (a redeal or a short
        stub gathers cards this way; a stacked deck reaches them only after its script).

        >>> deck = Deck.stacked("Ah Kh")
        >>> deck.put_back([deck.deal()])
        >>> deck.peek()
        (Card('Kh'), Card('Ah'))
        """
        returned = list(cards)
        self._settle(len(self._cards))  # the cards below move up: the shuffle owed comes first
        parse_cards([*returned, *self._cards])  # refuses a card that is already in the stub
        # The list keeps the top card last, so the bottom of the stub is its front.
        self._cards[0:0] = reversed(returned)
        self.shuffle()

    def peek(self) -> Sequence[Card]:
        """The cards left, top first (for tests and rulings; never shown to players)."""
        self._settle(len(self._cards))
        return tuple(reversed(self._cards))

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.peek())
