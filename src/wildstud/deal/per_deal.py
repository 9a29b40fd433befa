"""One deal of a hand as one value: what a redeal throws away and starts afresh.

A hand of The Bitch, or of Follow the Queen under a ``no_queen`` redeal, may be dealt more than
once: the cards are gathered, the stub is shuffled, and a new deal goes to the players still in.
Everything that belongs to one deal (the stub, the cards dealt and to whom, the wild cards, the
street and its betting round, who folded) lives in a :class:`Deal`, and a redeal replaces the
hand's :class:`Deal` with a new one (:meth:`Deal.start`). What lasts across deals stays on the
:class:`~wildstud.deal.Hand`: the stacks, what each seat paid, the pots carried over, the
events, the awards, and where the hand's state machine stands (its stage).

>>> from wildstud.games import find_game
>>> from wildstud.wilds import WildTracker
>>> rules = find_game("FTQ").rules()
>>> deal = Deal.start(1, (0, 1, 2), stacks=(50, 50, 50), stub=(1 << 52) - 1,
...                   tracker=WildTracker(rules.wild_rule), ante_due=(0, 1, 2))
>>> deal.number, deal.live, deal.street, deal.cards
(1, (0, 1, 2), -1, {0: [], 1: [], 2: []})
>>> twin = deal.copy([50, 50, 50])
>>> twin.cards[0].append("a card")
>>> deal.cards[0], twin.live is deal.live
([], True)
"""

from __future__ import annotations

import copy as _copy
import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from wildstud.betting import BettingRound
from wildstud.cards import Card, Rank
from wildstud.deal.stages import Chance, Stage
from wildstud.deal.views import RedealPending
from wildstud.pots import Pot
from wildstud.wilds import FaceUp, HeldCard, Wilds, WildTracker

__all__ = ["Deal", "RedealPlan", "Runs", "twin"]


class RedealPlan(NamedTuple):
    """A redeal the dealer's next step carries out: why, who is dealt in, who antes again."""

    pending: RedealPending
    seats: tuple[int, ...]
    antes: tuple[int, ...]


@dataclass(frozen=True, slots=True, eq=False)
class Runs:
    """A hand run twice (house rule ``run_twice``): the deal as it stood where the runs start,
    which run 2 deals from again, and each run's half of every pot."""

    start: Deal
    """The deal where run 1 started: never changed (run 2 starts from a copy of it)."""
    stage: Stage
    """The hand's stage there (the next street's first card or its burn)."""
    halves: tuple[tuple[Pot, ...], tuple[Pot, ...]]
    """Each run's share of every pot: half of each, the odd chip in run 1's."""
    run: int = 1
    """The run being dealt."""

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The pots the run being dealt is for."""
        return self.halves[self.run - 1]


@dataclass(slots=True, eq=False)
class Deal:
    """The state of one deal: made afresh by :meth:`start` for the first deal and for each
    redeal, changed in place as the deal goes on, and copied whole by :meth:`copy`.

    The fields are read and written by the hand's own modules only (``wildstud.deal``): they are
    its insides, not an interface."""

    number: int
    """1 for the first deal, one more after each redeal."""
    in_deal: tuple[int, ...]
    """The seats dealt into this deal, in dealing order."""
    stub: int
    """The cards of the stub, as a 52-bit set (bit ``code`` for each)."""
    tracker: WildTracker
    """The wild rule, followed card by card."""
    ante_due: tuple[int, ...]
    """The seats that ante before this deal's first card (none once the antes are in)."""
    live: tuple[int, ...]
    """The seats in the deal that have not folded, kept as they change."""
    began_with: tuple[int, ...]
    """Each seat's stack as this deal began: what it has paid in during the deal is what its
    stack has lost since (no chip is pushed before the deal's last step)."""
    antes: list[int]
    """The antes each seat paid in this deal."""
    cards: dict[int, list[HeldCard]]
    """Each seat's cards, in dealing order."""
    upcards_of: dict[int, list[Card]]
    """Each seat's face-up cards, in dealing order."""
    folded: set[int] = field(default_factory=set)
    mucked: list[int] = field(default_factory=list)
    """Seats that mucked at the showdown, in order."""
    face_up: list[FaceUp] = field(default_factory=list)
    """Every face-up card of the deal, the centre card too, in dealing order."""
    out: list[Card] = field(default_factory=list)
    """Every card taken from the stub in this deal."""
    burns: list[Card] = field(default_factory=list)
    """Burned cards not yet shuffled back into the stub."""
    centre: Card | None = None
    community: Card | None = None
    shown: set[int] = field(default_factory=set)
    showing: set[int] = field(default_factory=set)
    """Seats that chose to show at the showdown (show or muck), and the hands turned up."""
    takers_shown: bool = False
    """Whether the hands that take part of a pot were shown before the showdown's step
    (:meth:`~wildstud.deal.Hand.show_takers`): the step then shows only the others."""
    turned_up: set[int] = field(default_factory=set)
    """Seats whose face-down cards are turned up for everyone (house rule ``all_in_turn_up``)."""
    twice_answers: dict[int, bool] = field(default_factory=dict)
    """Each answer to the offer to run it twice, by seat (house rule ``run_twice``)."""
    runout_at: int | None = None
    """How many cards the deal had taken from the stub when its hands were turned up (the point
    where a hand may be run twice); ``None`` before."""
    wild_ranks: dict[int, Rank] = field(default_factory=dict)
    """Each seat's rank made wild for it alone by a face-up card."""
    street: int = -1
    queue: list[Chance] = field(default_factory=list)
    """The cards still to deal on this street, each to a seat."""
    burn_due: bool = False
    community_due: bool = False
    round: BettingRound | None = None
    """The street's betting round, while one is open."""
    rounds: int = 0
    """Betting rounds finished in this deal."""
    redeal: RedealPlan | None = None
    wilds_now: Wilds | None = None
    """The wild cards as last worked out, until a card changes them."""
    wilds_seated: bool = False
    """Whether a card has been dealt in this deal (the wilds know the seats)."""

    @classmethod
    def start(
        cls,
        number: int,
        seats: tuple[int, ...],
        *,
        stacks: tuple[int, ...],
        stub: int,
        tracker: WildTracker,
        ante_due: tuple[int, ...],
    ) -> Deal:
        """A new deal to ``seats`` (in dealing order) at a table whose seats have ``stacks``,
        from ``stub``, before its antes and its first street."""
        return cls(
            number=number,
            in_deal=seats,
            stub=stub,
            tracker=tracker,
            ante_due=ante_due,
            live=seats,
            began_with=stacks,
            antes=[0] * len(stacks),
            cards={seat: [] for seat in seats},
            upcards_of={seat: [] for seat in seats},
        )

    def copy(self, stacks: list[int]) -> Deal:
        """An independent copy: each list, set and dict copied (each seat's cards too), the
        betting round and the wild rule's progress twinned, what they hold shared (cards and
        records never change). ``stacks`` is the copied hand's list of stacks, which the
        copy's betting round, if one is open, moves chips in (as the hand's round moves the
        hand's)."""
        # twin() rather than dataclasses.replace(), which builds every field through __init__:
        # a server's table copies the hand for every action it stores. The deal of a hand of
        # six at 48 events: 20.0 µs with replace() and copy.copy() in twin(), 14.5 µs so (the
        # fastest of 40 runs each, taking turns on the same machine).
        copied = twin(self)
        copied.tracker = twin(self.tracker)
        copied.round = twin(self.round)
        if copied.round is not None:
            copied.round.rebind_stacks(stacks)
        copied.cards = {seat: held.copy() for seat, held in self.cards.items()}
        copied.upcards_of = {seat: ups.copy() for seat, ups in self.upcards_of.items()}
        return copied


_T = TypeVar("_T")
_CONTAINERS = (list, set, dict)
_UNSET = object()


_Plan = tuple[tuple[str, ...], Callable[[object], tuple[object, ...]], tuple[Any, ...]]
"""How a slotted class is twinned: its slots (its bases' too), a getter of all their values at
once, and each slot's setter."""
_PLANS: dict[type, _Plan | None] = {}
"""Each class twinned (``None``: its instances have a ``__dict__``, or it copies itself)."""


def _plan(kind: type) -> _Plan | None:
    if kind in _PLANS:
        return _PLANS[kind]
    names: list[str] = []
    setters: list[Any] = []
    slotted = True
    for base in kind.__mro__[:-1]:  # object holds nothing
        slots = base.__dict__.get("__slots__")
        if slots is None or "__dict__" in slots or "__copy__" in base.__dict__:
            slotted = False
            break
        for name in (slots,) if isinstance(slots, str) else slots:
            if name != "__weakref__":  # a weak reference is not copied
                names.append(name)
                setters.append(base.__dict__[name].__set__)  # the slot's member descriptor
    _PLANS[kind] = _made(tuple(names), tuple(setters)) if slotted else None
    return _PLANS[kind]


def _made(names: tuple[str, ...], setters: tuple[Any, ...]) -> _Plan:
    if len(names) > 1:
        return names, operator.attrgetter(*names), setters
    if names:
        one = operator.attrgetter(names[0])
        return names, lambda part: (one(part),), setters
    return names, lambda part: (), setters


def twin(part: _T) -> _T:
    """A copy of one of the hand's parts that change (its betting round, its wild rule's
    progress): each list, set and dict in it copied, what they hold shared (it never changes).
    A deep copy would copy every card and record too, at several times the cost.

    >>> twin(None) is None
    True
    """
    if part is None:
        return part
    kind = type(part)
    plan = _plan(kind)
    if plan is None:
        copied = _copy.copy(part)
        for name in getattr(kind, "__slots__", ()) or vars(part):
            value: object = getattr(part, name, None)
            if type(value) in _CONTAINERS:
                object.__setattr__(copied, name, value.copy())  # type: ignore[attr-defined]
        return copied
    # A slotted part is copied slot by slot in one pass, its values read at once in C:
    # copy.copy() takes the generic __reduce_ex__ road. A betting round of 32 slots: 10.0 µs
    # by copy.copy() and a getattr() a slot, 6.3 µs so (the fastest of 20 runs each).
    names, values, setters = plan
    made = object.__new__(kind)
    try:
        held = values(part)
    except AttributeError:  # a slot never set stays unset
        held = tuple(getattr(part, name, _UNSET) for name in names)
    for setter, value in zip(setters, held, strict=True):
        if value is _UNSET:
            continue
        if type(value) in _CONTAINERS:
            value = value.copy()  # type: ignore[attr-defined]
        setter(made, value)
    return made
