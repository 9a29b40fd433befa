"""The wild-card rules, each a step function over a small state, and the tracker that follows
one through a deal card by card.

A rule (:class:`WildRule`) walks the face-up cards in dealing order: its step function,
``_next``, reads one card and the state the walk is in (the wild cards, a follower's rank, a
queen waiting for its follower, whether a queen or a king was seen) and gives the state after
it. One walk (``_walk``) drives every rule; :meth:`WildRule.wilds` gives the whole
:class:`~wildstud.wilds.records.Wilds`, and :class:`WildTracker` the step of each card as it
lands, as a dealer needs it.

>>> [step.trigger for step in FollowTheQueen().wilds([("Qh", 0), ("7d", 1)]).timeline]
[<Trigger.QUEEN: 'queen'>, <Trigger.FOLLOWER: 'follower'>]
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from wildstud.cards import DECK, QUEEN_OF_SPADES, Card, Rank, cards_mask, parse_card
from wildstud.errors import OptionError
from wildstud.wilds.records import (
    FaceUp,
    FaceUpLike,
    HeldCard,
    HeldLike,
    QueensRule,
    SeatWild,
    Trigger,
    WildChange,
    Wilds,
    WildStep,
    rank_cards,
)

__all__ = [
    "BabyDaddy",
    "FollowTheQueen",
    "NoWilds",
    "QueenOfSpadesInHole",
    "SmackMyBitchUp",
    "WildRule",
    "WildTracker",
]


_QUEENS = rank_cards(Rank.QUEEN)
_KINGS = rank_cards(Rank.KING)
# Python 3.11 reads enum members off their class slowly (see wildstud.betting.stakes): walks keep
# copies.
_QUEEN, _KING = Rank.QUEEN, Rank.KING
_QUEEN_OF_SPADES_ONLY = frozenset({QUEEN_OF_SPADES})
_QUEENS_AND = tuple(_QUEENS | rank_cards(rank) for rank in Rank)  # queens and a follower's rank
_NOTHING: frozenset[Card] = frozenset()
# Sets of card codes, bit ``code`` for each card (see WildRule._quiet_codes).
_EVERY_CODE = cards_mask(DECK)
_NO_QUEEN = _EVERY_CODE & ~cards_mask(_QUEENS)
_NO_QUEEN_OR_KING = _NO_QUEEN & ~cards_mask(_KINGS)


_Hands = Mapping[int, Sequence[HeldLike]]


class _Walk(NamedTuple):
    """Where a rule's walk over the face-up cards stands between two cards: the small state a
    step function reads and returns (as the compiled deal keeps the same fields in its table).

    >>> FollowTheQueen()._next(FollowTheQueen()._begin(), FaceUp(parse_card("Qh"), 0)).kind
    <Trigger.QUEEN: 'queen'>
    """

    wild: frozenset[Card]
    """The wild cards for every hand."""
    follower: Rank | None = None
    """The rank of the face-up card after the last face-up queen, while it is wild."""
    pending: FaceUp | None = None
    """A face-up queen still waiting for the card that follows it."""
    queen_seen: bool = False
    """A queen has been dealt face up (Follow the Queen's ``hidden-after-face-up``)."""
    kings: bool = False
    """Smack My Bitch Up: a face-up king made only kings wild."""


class _Moved(NamedTuple):
    """What one step function makes of one face-up card: the walk after it, the kind of change
    it made (``None``: nothing changed), the queen it follows or takes over from, and the cards
    it makes wild for its own seat alone (a baby daddy)."""

    walk: _Walk
    kind: Trigger | None = None
    queen: FaceUp | None = None
    own: frozenset[Card] = _NOTHING


Resume = tuple[int, _Walk]
"""Where a walk carries on: the index of the next face-up card and the rule's state there."""
Walked = tuple[frozenset[Card], list[WildStep], FaceUp | None, _Walk]
"""What a walk returns: the initial wild cards, the new steps, the pending queen, its state."""


@dataclass(frozen=True, slots=True)
class _Progress:
    """A finished walk: the rule, the face-up cards it read, its final state, and the players'
    cards the seats' wild cards came from."""

    rule: WildRule
    ups: tuple[FaceUp, ...]
    state: _Walk
    held: Mapping[int, tuple[HeldCard, ...]]


def _face_up(item: FaceUpLike) -> FaceUp:
    if isinstance(item, FaceUp):
        return item
    card, seat = item
    return FaceUp(parse_card(card), seat)


def _held(item: HeldLike) -> HeldCard:
    if isinstance(item, HeldCard):
        return item
    card, up = item
    return HeldCard(parse_card(card), up)


def _hands(hands: Mapping[int, Sequence[HeldLike]] | None) -> dict[int, tuple[HeldCard, ...]]:
    held: dict[int, tuple[HeldCard, ...]] = {}
    for seat, cards in (hands or {}).items():
        for card in cards:
            if type(card) is not HeldCard:
                held[seat] = tuple(map(_held, cards))
                break
        else:  # a dealer's cards, already held: taken as they are
            held[seat] = tuple(cards)  # type: ignore[arg-type]
    return held


class WildRule(ABC):
    """A wild-card rule: :meth:`wilds` is a pure function of the cards dealt."""

    __slots__ = ()

    def wilds(
        self,
        face_up: Iterable[FaceUpLike],
        hands: Mapping[int, Sequence[HeldLike]] | None = None,
    ) -> Wilds:
        """The wild cards after these face-up cards (in dealing order) and each seat's own wild
        cards, from ``hands`` (a seat's cards in dealing order, face up or down) where the rule
        looks at them."""
        ups = tuple(_face_up(item) for item in face_up)
        return self._build(ups, _hands(hands), (), None)

    def extend(
        self,
        earlier: Wilds,
        face_up: Iterable[FaceUpLike],
        hands: Mapping[int, Sequence[HeldLike]] | None = None,
    ) -> Wilds:
        """What :meth:`wilds` gives once the ``face_up`` cards follow those that ``earlier`` was
        made from, without walking the earlier cards again (a dealer's view: one card at a
        time). ``hands`` are the players' cards now: the earlier ones, and any dealt since.

        >>> rule = FollowTheQueen()
        >>> earlier = rule.wilds([("Qh", 0)])
        >>> rule.extend(earlier, [("7d", 1)]) == rule.wilds([("Qh", 0), ("7d", 1)])
        True
        """
        new = tuple(_face_up(item) for item in face_up)
        held = _hands(hands)
        progress = earlier._progress
        if progress is None or (progress.rule is not self and progress.rule != self):
            # Not this rule's own walk: read the earlier cards from its timeline, from the start.
            before = tuple(FaceUp(step.card, step.seat) for step in earlier.timeline)
            return self._build(before + new, held, (), None)
        resume = (len(progress.ups), progress.state)
        return self._build(progress.ups + new, held, earlier.timeline, resume, earlier)

    def reads_hands(self) -> bool:
        """Whether the players' own cards, and not only the face-up cards, can make a card wild
        for one seat alone. When they cannot, every seat has the wild cards of the table, a card
        dealt face down changes nothing, and a dealer need not ask again until the next face-up
        card.

        >>> FollowTheQueen().reads_hands(), BabyDaddy().reads_hands()
        (False, True)
        """
        return True

    def _quiet(self, up: FaceUp, state: _Walk, hands: _Hands | None) -> bool:
        """Whether this face-up card, after a walk that ended in ``state``, certainly changes
        nothing: the walk would give it a step with no change, leaving the
        wild cards and the state as they were. ``hands`` are the players' cards, where given
        (see :meth:`WildTracker.add`). A dealer follows most cards this way, without walking.
        ``False`` when unsure (the walk then decides). By default, the cards of
        :meth:`_quiet_codes`."""
        return bool(self._quiet_codes(state) >> up.card.code & 1)

    def _quiet_codes(self, state: _Walk) -> int:
        """The cards that, dealt face up to anyone after a walk that ended in ``state``,
        certainly change nothing (as :meth:`_quiet` says), as a set of card codes (bit
        ``code`` for each); none when that depends on the players' cards.

        >>> walk = FollowTheQueen()._begin()
        >>> FollowTheQueen()._quiet_codes(walk) >> parse_card("Qh").code & 1
        0
        """
        return 0

    def _build(
        self,
        ups: tuple[FaceUp, ...],
        held: Mapping[int, tuple[HeldCard, ...]],
        done: tuple[WildStep, ...],
        resume: Resume | None,
        earlier: Wilds | None = None,
    ) -> Wilds:
        initial, steps, pending, state = self._walk(ups, held, resume)
        timeline = done + tuple(steps)
        public = timeline[-1].wild if timeline else initial
        everyone = sorted(set(held) | {up.seat for up in ups if up.seat is not None})
        kept: dict[int, SeatWild] = {}
        last = earlier._progress if earlier is not None else None
        if earlier is not None and last is not None and public is earlier.wild:
            # A seat whose cards are as they were, under the same table wild cards, keeps its
            # wild cards (see _seat): most seats, most of the time.
            kept = {
                entry.seat: entry
                for entry in earlier.seats
                if entry.seat in held and last.held.get(entry.seat) == held[entry.seat]
            }
        seats = tuple(
            kept.get(seat) or self._seat(seat, held.get(seat), ups, public) for seat in everyone
        )
        progress = _Progress(self, ups, state, held)
        return Wilds(initial, timeline, seats, pending, progress)

    def _walk(
        self,
        ups: tuple[FaceUp, ...],
        hands: Mapping[int, tuple[HeldCard, ...]],
        resume: Resume | None = None,
    ) -> Walked:
        """Steps for the face-up cards from ``resume``'s index on (from the first without it),
        starting from the state it holds; returns the state after the last step too. The rule
        itself is its step function, :meth:`_next`: this one walk drives every rule."""
        start, walk = (0, self._begin()) if resume is None else resume
        steps: list[WildStep] = []
        for index in range(start, len(ups)):
            up = ups[index]
            moved = self._next(walk, up, ups, index, hands)
            new = moved.walk
            steps.append(_step(ups, index, walk.wild, new.wild, *moved[1:]))
            walk = new
        return self._begin().wild, steps, walk.pending, walk

    @abstractmethod
    def _begin(self) -> _Walk:
        """The walk before any card (the same every deal: one shared value)."""

    @abstractmethod
    def _next(
        self,
        walk: _Walk,
        up: FaceUp,
        ups: tuple[FaceUp, ...] = (),
        index: int = 0,
        hands: Mapping[int, tuple[HeldCard, ...]] | None = None,
    ) -> _Moved:
        """The step function: what the face-up card ``up`` (``ups[index]``, where the face-up
        cards are given) makes of the walk. It reads no hand but that of the seat ``up`` went
        to, and gives back ``walk`` itself when nothing changes."""

    def _seat(
        self,
        seat: int,
        cards: tuple[HeldCard, ...] | None,
        ups: tuple[FaceUp, ...],
        public: frozenset[Card],
    ) -> SeatWild:
        """One seat's wild cards, from its own cards (``None`` if not given), the face-up cards
        (read only when its cards are not given) and the table's wild cards: the table's and
        :meth:`_own_wild`."""
        own = self._own_wild(seat, cards, ups)
        return SeatWild(seat, public | own if own else public)

    def _own_wild(
        self, seat: int, cards: tuple[HeldCard, ...] | None, ups: tuple[FaceUp, ...]
    ) -> frozenset[Card]:
        """The wild cards of one seat alone, beyond the table's: the rule's one statement of
        them, which :meth:`_seat` and :meth:`WildTracker.seat_wild` both read (the dealer asks
        for these at every street)."""
        return _NOTHING


def _step(
    ups: tuple[FaceUp, ...],
    index: int,
    before: frozenset[Card],
    after: frozenset[Card],
    kind: Trigger | None = None,
    queen: FaceUp | None = None,
    own: frozenset[Card] = _NOTHING,
) -> WildStep:
    up = ups[index]
    # The rules keep the very same set when nothing changes: then no earlier card turned wild.
    # Otherwise the cards it made wild are read by code from the two sets' masks: a card hashes
    # in Python, and each earlier face-up card was hashed once or twice. 0.15% fewer
    # instructions a hand of benchmarks/engine.py's FTQ player (callgrind, 300 hands after 300,
    # PYTHONHASHSEED=0, 2026-12-04: 1,636,084 to 1,633,639).
    turned: tuple[int, ...] = ()
    if after is not before:
        gained = _mask(after) & ~_mask(before)
        if gained:
            turned = tuple(j for j in range(index) if gained >> ups[j].card.code & 1)
    card = up.card
    if kind is None:
        return _quiet_step(card.code, up.seat, after, own, turned)
    change = WildChange(kind, card, up.seat, after, before, queen)
    landed = card in after or card in own
    return WildStep(card, up.seat, after, change, landed, turned)


_mask = lru_cache(maxsize=256)(cards_mask)
"""The mask of a wild set: the rules hand out the same few sets again and again (a frozenset
keeps its hash, so the look-up is quick)."""


@lru_cache(maxsize=4096)
def _quiet_step(
    code: int,
    seat: int | None,
    wild: frozenset[Card],
    own: frozenset[Card],
    turned: tuple[int, ...],
) -> WildStep:
    # Most face-up cards change nothing, and the same such steps recur deal after deal: they
    # are frozen, so one made before serves again (found by the card's code: cards hash slowly).
    # Measured (benchmarks/engine.py's player, FTQ and BD7, 16 alternated rounds, 2026-12-02):
    # within the noise in time (+2.7%, -4.1% without it), but without it a hand makes 26 more
    # Python calls (cProfile: 1,682 against 1,703 in FTQ, 1.2%), the card hashes among them.
    card = DECK[code]
    return WildStep(card, seat, wild, None, card in wild or card in own, turned)


_NO_WILDS = _Walk(_NOTHING)
_SMACK_BEGIN = _Walk(_QUEENS)
_KINGS_WILD = _Walk(_KINGS, kings=True)


@lru_cache(maxsize=8)
def _follow_begin(queens: QueensRule) -> _Walk:
    return _Walk(_follow_public(queens, None, False))


# Shared so that the wild cards of one state are one set: _step and _build tell "nothing
# changed" by identity. Measured on its own (as _quiet_step) it gains nothing (+2.4%, -0.9%),
# but without it the identity shortcuts would never fire.
@lru_cache(maxsize=64)
def _follow_public(queens: QueensRule, follower: Rank | None, queen_seen: bool) -> frozenset[Card]:
    wild = rank_cards(follower) if follower is not None else _NOTHING
    if queens is QueensRule.ALL or (queens is QueensRule.HIDDEN_AFTER_FACE_UP and queen_seen):
        wild |= _QUEENS
    return wild


class _NoFaceUpCardCounts(WildRule):
    """A rule under which no face-up card is wild or changes what is: every face-up card's step
    is a quiet one, and a dealer never walks."""

    __slots__ = ()

    def _quiet_codes(self, state: _Walk) -> int:
        return _EVERY_CODE

    def _begin(self) -> _Walk:
        return _NO_WILDS

    def _next(
        self,
        walk: _Walk,
        up: FaceUp,
        ups: tuple[FaceUp, ...] = (),
        index: int = 0,
        hands: Mapping[int, tuple[HeldCard, ...]] | None = None,
    ) -> _Moved:
        return _Moved(walk)


@dataclass(frozen=True, slots=True)
class NoWilds(_NoFaceUpCardCounts):
    """Nothing is ever wild (The Bitch as the sheet plays it).

    >>> NoWilds().wilds([("7d", 0)]).wild
    frozenset()
    """

    def reads_hands(self) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class FollowTheQueen(WildRule):
    """The rank of the face-up card after the last face-up queen is wild.

    ``queens`` says which queens are wild themselves: ``natural`` (none), ``all``, ``hidden``
    (each player's own face-down queens) or ``hidden-after-face-up`` (face-up queens, and queens
    in the hole once a queen has been dealt face up). A queen right after a queen starts a new
    follow; a face-up queen at the end leaves no follower. A centre card (seat ``None``) counts
    like any face-up card, except that it always follows the queen before it, even when it is a
    queen itself (its rank is wild, whatever it is).

    >>> rule = FollowTheQueen()
    >>> ups = [("Qd", 0), ("7c", 1), ("Qh", 2), ("4s", 3)]
    >>> [(step.trigger, sorted(step.change.ended)) for step in rule.wilds(ups).timeline[2:]]
    [(<Trigger.QUEEN: 'queen'>, [Card('7c'), Card('7d'), Card('7h'), Card('7s')]), \
(<Trigger.FOLLOWER: 'follower'>, [])]
    >>> rule.wilds(ups[:3]).wild, rule.wilds(ups[:3]).pending
    (frozenset(), FaceUp(card=Card('Qh'), seat=2))
    >>> len(FollowTheQueen(queens="all").wilds(ups).wild)
    8
    """

    queens: QueensRule = QueensRule.NATURAL

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "queens", QueensRule(self.queens))
        except ValueError:
            allowed = ", ".join(rule.value for rule in QueensRule)
            raise OptionError(
                f"option 'queens' cannot be {self.queens!r} (allowed: {allowed})"
            ) from None

    def reads_hands(self) -> bool:
        return self.queens is QueensRule.HIDDEN

    def _quiet_codes(self, state: _Walk) -> int:
        # Neither a queen nor the card after one.
        return _NO_QUEEN if state.pending is None else 0

    def _begin(self) -> _Walk:
        return _follow_begin(self.queens)

    def _next(
        self,
        walk: _Walk,
        up: FaceUp,
        ups: tuple[FaceUp, ...] = (),
        index: int = 0,
        hands: Mapping[int, tuple[HeldCard, ...]] | None = None,
    ) -> _Moved:
        pending = walk.pending
        # The centre card exists only to follow a final queen, and the sheet makes its rank wild
        # whatever it is: a queen there is the follower, not the start of a new follow.
        if up.card.rank is _QUEEN and not (up.seat is None and pending is not None):
            # A queen right after a queen takes over its follow (the words say so).
            followed = pending if walk.follower is None else None
            wild = _follow_public(self.queens, None, True)
            return _Moved(_Walk(wild, None, up, True), Trigger.QUEEN, followed)
        if pending is None:
            return _Moved(walk)
        kind = Trigger.CENTRE if up.seat is None else Trigger.FOLLOWER
        rank = up.card.rank
        wild = _follow_public(self.queens, rank, walk.queen_seen)
        return _Moved(_Walk(wild, rank, None, walk.queen_seen), kind, pending)

    def _own_wild(
        self, seat: int, cards: tuple[HeldCard, ...] | None, ups: tuple[FaceUp, ...]
    ) -> frozenset[Card]:
        if self.queens is not QueensRule.HIDDEN or cards is None:
            return _NOTHING
        # By the card, not its rank: a private deal's hidden card (its rank unknown until it is
        # shown) is no queen of the four.
        return frozenset(c.card for c in cards if not c.up and c.card in _QUEENS)


@dataclass(frozen=True, slots=True)
class SmackMyBitchUp(WildRule):
    """Follow the Queen with queens wild, except that a face-up king cancels every wild card and
    makes only kings wild, until a face-up queen brings Follow the Queen back.

    >>> ups = [("Qh", 0), ("7d", 1), ("Ks", 2), ("5c", 3), ("Qc", 0), ("3h", 1)]
    >>> wilds = SmackMyBitchUp().wilds(ups)
    >>> [sorted({card.rank.plural for card in step.wild}) for step in wilds.timeline]
    ... # doctest: +NORMALIZE_WHITESPACE
    [['queens'], ['queens', 'sevens'], ['kings'], ['kings'], ['queens'], ['queens', 'threes']]
    >>> [step.trigger for step in wilds.timeline if step.trigger is Trigger.KING]
    [<Trigger.KING: 'king'>]
    """

    def reads_hands(self) -> bool:
        return False

    def _quiet_codes(self, state: _Walk) -> int:
        # Neither a king, nor a queen, nor the card after one.
        return _NO_QUEEN_OR_KING if state.pending is None else 0

    def _begin(self) -> _Walk:
        return _SMACK_BEGIN

    def _next(
        self,
        walk: _Walk,
        up: FaceUp,
        ups: tuple[FaceUp, ...] = (),
        index: int = 0,
        hands: Mapping[int, tuple[HeldCard, ...]] | None = None,
    ) -> _Moved:
        rank = up.card.rank
        if rank is _KING:
            # Checked before the pending follow: a king right after a queen is a king.
            if walk.kings:
                return _Moved(walk)  # kings are wild already: nothing changes
            return _Moved(_KINGS_WILD, Trigger.KING, walk.pending)
        if rank is _QUEEN:
            kind = Trigger.QUEEN_RETURNS if walk.kings else Trigger.QUEEN
            followed = walk.pending if walk.follower is None else None
            return _Moved(_Walk(_QUEENS, None, up), kind, followed)
        if walk.pending is None:
            return _Moved(walk)
        return _Moved(_Walk(_QUEENS_AND[rank], rank), Trigger.FOLLOWER, walk.pending)


@dataclass(frozen=True, slots=True)
class BabyDaddy(WildRule):
    """Each player's last card (of ``cards``) makes its rank wild in that player's hand only.

    Without the players' cards, a seat's last card is its last face-up card (the game deals two
    down, then the rest up); with them, it is the seat's ``cards``-th card, which also covers a
    community card given as every player's last card.

    >>> ups = [("4h", 0), ("9c", 1), ("4c", 0), ("Kd", 1), ("Jh", 0), ("9s", 1)]
    >>> wilds = BabyDaddy(cards=5).wilds(ups)
    >>> wilds.timeline[-1].trigger, wilds.wild
    (<Trigger.LAST_CARD: 'last-card'>, frozenset())
    >>> sorted(wilds.for_seat(1))[:2], sorted(wilds.for_seat(0))[:1]
    ([Card('9c'), Card('9d')], [Card('Jc')])
    """

    cards: int = 7

    def __post_init__(self) -> None:
        if self.cards not in (5, 7):
            raise OptionError(f"option 'cards' cannot be {self.cards!r} (allowed: 5, 7)")

    def _quiet(self, up: FaceUp, state: _Walk, hands: _Hands | None) -> bool:
        # Not the seat's last card: the seat holds fewer cards than the game deals.
        held = hands.get(up.seat) if hands and up.seat is not None else None
        return held is not None and len(held) < self.cards

    def _begin(self) -> _Walk:
        return _NO_WILDS

    def _next(
        self,
        walk: _Walk,
        up: FaceUp,
        ups: tuple[FaceUp, ...] = (),
        index: int = 0,
        hands: Mapping[int, tuple[HeldCard, ...]] | None = None,
    ) -> _Moved:
        # The seat's last card, by its cards where given, else by the face-up cards up to it.
        seen = ups[: index + 1] if ups else (up,)
        if up.seat is None or self._last(up.seat, seen, hands or {}) != up.card:
            return _Moved(walk)
        return _Moved(walk, Trigger.LAST_CARD, None, rank_cards(up.card.rank))

    def _last(
        self, seat: int, ups: Sequence[FaceUp], hands: Mapping[int, tuple[HeldCard, ...]]
    ) -> Card | None:
        if seat in hands:
            cards = hands[seat]
            return cards[self.cards - 1].card if len(cards) >= self.cards else None
        mine = [up.card for up in ups if up.seat == seat]
        return mine[-1] if len(mine) >= self.cards - 2 else None

    def _own_wild(
        self, seat: int, cards: tuple[HeldCard, ...] | None, ups: tuple[FaceUp, ...]
    ) -> frozenset[Card]:
        last = self._last(seat, ups, {} if cards is None else {seat: cards})
        return _NOTHING if last is None else rank_cards(last.rank)


@dataclass(frozen=True, slots=True)
class QueenOfSpadesInHole(_NoFaceUpCardCounts):
    """The Bitch's ``wild`` house rule: the queen of spades is wild in the hand that holds it
    face down (face up it never plays: it stops the deal).

    >>> rule = QueenOfSpadesInHole()
    >>> hands = {0: [("Qs", False), ("2c", False)], 1: [("3c", False)]}
    >>> wilds = rule.wilds([], hands)
    >>> wilds.for_seat(0), wilds.for_seat(1)
    (frozenset({Card('Qs')}), frozenset())
    """

    def _own_wild(
        self, seat: int, cards: tuple[HeldCard, ...] | None, ups: tuple[FaceUp, ...]
    ) -> frozenset[Card]:
        if cards is not None and any(c.card == QUEEN_OF_SPADES and not c.up for c in cards):
            return _QUEEN_OF_SPADES_ONLY
        return _NOTHING


class WildTracker:
    """A wild rule followed through one deal, as a dealer follows it: each face-up card's
    :class:`WildStep` the moment it lands, and the whole :class:`Wilds` only when asked for,
    which is what :meth:`WildRule.wilds` gives for the same cards.

    >>> tracker = WildTracker(FollowTheQueen())
    >>> tracker.add(("Qh", 0)).trigger
    <Trigger.QUEEN: 'queen'>
    >>> tracker.add(("7d", 1)).wild == rank_cards(Rank.SEVEN)
    True
    >>> tracker.wilds() == FollowTheQueen().wilds([("Qh", 0), ("7d", 1)])
    True
    """

    __slots__ = ("_initial", "_last", "_rule", "_state", "_steps", "_ups", "_wild", "quiet_codes")

    def __init__(self, rule: WildRule) -> None:
        self._rule = rule
        # The face-up cards so far: a list, added to card by card (a walk or a record of the
        # wild cards takes a tuple of them).
        self._ups: list[FaceUp] = []
        # Their steps, but for the quiet cards since the last card that was not (see
        # add_quiet): those steps are made when asked for (_fill), as a dealer never reads them.
        self._steps: list[WildStep] = []
        # Where a walk over no card ends: the wild cards and the state a first card starts from.
        self._state = rule._begin()
        self._initial = self._state.wild
        self._wild = self._initial  # the table's wild cards after the last step
        self._last: Wilds | None = None  # the wild cards last asked for
        self.quiet_codes = rule._quiet_codes(self._state)
        """The cards that change nothing if dealt face up next, to anyone, as a set of card
        codes (bit ``code`` for each): a dealer hands them to :meth:`add_quiet`. Some rules
        tell a quiet card only from the players' cards: :meth:`add` takes those as quiet."""

    def add(
        self, card: FaceUpLike, hands: Mapping[int, Sequence[HeldLike]] | None = None
    ) -> WildStep:
        """The step of one more face-up card. ``hands`` are the players' cards now, this one
        among them, for the rules that read them (see :meth:`WildRule.reads_hands`); the hand
        of the seat that gets the card is enough."""
        up = card if type(card) is FaceUp else _face_up(card)
        if self._rule._quiet(up, self._state, hands):
            # The step the walk would give, without walking. Measured (benchmarks/engine.py's
            # player, 16 alternated rounds, 2026-12-02): walking every card instead plays 1.6%
            # (FTQ) to 3.3% (BD7) fewer hands a second, at the edge of the noise.
            step = _quiet_step(up.card.code, up.seat, self._wild, _NOTHING, ())
            if len(self._steps) == len(self._ups):  # no step owed (see add_quiet): it is made
                self._steps.append(step)
            self._ups.append(up)
            return step
        self._fill()  # the quiet cards' steps, under the wild cards they landed under
        held = _hands(hands) if hands else {}
        resume = (len(self._ups), self._state) if self._ups else None
        self._ups.append(up)
        _, steps, _, state = self._rule._walk(tuple(self._ups), held, resume)
        self._state = state
        self.quiet_codes = self._rule._quiet_codes(state)
        self._steps.extend(steps)
        step = steps[-1]
        self._wild = step.wild
        return step

    def add_quiet(self, up: FaceUp) -> None:
        """One more face-up card that changes nothing (one of :attr:`quiet_codes`): what
        :meth:`add` does for it, without making its step, which :meth:`wilds` makes if asked.

        >>> tracker = WildTracker(FollowTheQueen())
        >>> up = FaceUp(parse_card("7d"), 1)
        >>> bool(tracker.quiet_codes >> up.card.code & 1), tracker.add_quiet(up)
        (True, None)
        >>> tracker.wilds().timeline == FollowTheQueen().wilds([up]).timeline
        True
        """
        self._ups.append(up)

    def _fill(self) -> None:
        """Make the steps of the quiet cards :meth:`add_quiet` took since the last card that
        was not: each changed nothing, under the wild cards there are now."""
        steps, wild = self._steps, self._wild
        for up in self._ups[len(steps) :]:
            steps.append(_quiet_step(up.card.code, up.seat, wild, _NOTHING, ()))

    @property
    def wild(self) -> frozenset[Card]:
        """The wild cards for every hand now, as :attr:`Wilds.wild` (a seat may have more of
        its own, under a rule that reads the hands)."""
        return self._wild

    def seat_wild(self, seat: int, cards: Sequence[HeldLike]) -> frozenset[Card]:
        """The wild cards in one seat's hand now, from its cards: what ``wilds(hands)`` gives
        for that seat (see :meth:`Wilds.for_seat`), without working out the other seats.

        >>> tracker = WildTracker(BabyDaddy(cards=5))
        >>> hand = [("2c", False), ("3d", False), ("9h", True), ("Kd", True), ("9s", True)]
        >>> for card, up in hand[2:]:
        ...     _ = tracker.add((card, 0), {0: hand})
        >>> tracker.seat_wild(0, hand) == tracker.wilds({0: hand}).for_seat(0)
        True
        """
        own = self._rule._own_wild(seat, _hands({seat: cards})[seat], tuple(self._ups))
        return self._wild | own if own else self._wild

    def wilds(self, hands: Mapping[int, Sequence[HeldLike]] | None = None) -> Wilds:
        """The wild cards after the face-up cards so far, and each seat's own from ``hands``."""
        self._fill()
        done = tuple(self._steps)
        held = _hands(hands)
        wilds = self._rule._build(tuple(self._ups), held, done, self._resume(), self._last)
        self._last = wilds
        return wilds

    def _resume(self) -> Resume | None:
        return (len(self._ups), self._state) if self._ups else None
