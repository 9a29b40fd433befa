"""Dealer policies: who picks the card for each chance step of a hand.

The hand keeps its own stub and applies every card it is given (:meth:`~wildstud.deal.Hand.deal`
refuses one that is not in the stub); a :class:`Dealer` only chooses. A
:class:`~wildstud.cards.Deck` is one: it picks its top card, whether shuffled with
:mod:`secrets` (``Deck()``, for play), seeded (``Deck(seed=7)``, simulations) or stacked
(``Deck.stacked(...)``, rulings and tests). :class:`DeckPerDeal` gives each deal a deck of its
own (a list of decks, a function of the deal number, or the orders the server stored);
:class:`ScriptDealer` deals a list of cards in the order the chance steps come, such as the
cards a hand's events record.

>>> from wildstud.cards import Deck
>>> from wildstud.deal import Hand
>>> first = Hand("FTQ", [100, 100], deck=Deck(seed=5))
>>> first.run()
>>> again = Hand("FTQ", [100, 100], deck=ScriptDealer.from_events(first.events))
>>> again.run()
>>> again.events == first.events
True
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from wildstud.cards import DECK, Card, CardLike, Deck, parse_cards
from wildstud.deal.events import Burned, CentreCard, CommunityCard, Dealt, Event
from wildstud.deal.stages import Chance
from wildstud.errors import DeckExhaustedError, TableError
from wildstud.seats import seat_label

__all__ = ["Dealer", "DeckLike", "DeckPerDeal", "ScriptDealer", "as_dealer"]


@runtime_checkable
class Dealer(Protocol):
    """What a hand asks of whoever picks its cards.

    The hand calls :meth:`begin` as each deal starts, :meth:`pick` at each chance step it is
    asked to take itself (:meth:`~wildstud.deal.Hand.step`, :meth:`~wildstud.deal.Hand.run`),
    :meth:`dealt` after every card leaves the stub, however it was chosen, and :meth:`put_back`
    when the burned cards go back under a short stub. A street's cards are asked for in one
    call (:meth:`pick_run`) and told back in one (:meth:`dealt_run`): the same picks, without
    two calls a card.
    """

    def begin(self, deal: int, gathered: Sequence[Card]) -> Iterable[Card]:
        """The stub as deal ``deal`` (1, 2, …) starts. ``gathered`` are the cards of the deal
        before, in the order they were dealt, which a redeal gathers (none for the first)."""
        ...

    def pick(self, chance: Chance) -> Card:
        """The card for ``chance``: one of the stub's."""
        ...

    def dealt(self, card: Card) -> None:
        """``card`` has left the stub."""
        ...

    def pick_run(self, chances: Sequence[Chance]) -> Sequence[Card]:
        """The cards for these chance steps, in order: what :meth:`pick` would give for each
        in turn, had each card before it been dealt; fewer when the policy runs out, and when
        it gives none the hand asks :meth:`pick` for the next card (which says why it has none,
        or gives it: a policy that picks card by card gives none here). The cards stay the
        policy's until :meth:`dealt_run` says they left."""
        ...

    def dealt_run(self, cards: Sequence[Card]) -> None:
        """``cards``, the first of a run :meth:`pick_run` gave (all of them, unless the deal
        stopped before the rest), have left the stub, in this order."""
        ...

    def put_back(self, cards: Sequence[Card]) -> None:
        """The stub is short: ``cards`` (the burned ones) go back under it."""
        ...


class DeckPerDeal:
    """A deck for each deal: ``first`` for the first, then each redeal moves on to the next of
    ``spares`` (and gathers into the last deck once they run out); with ``source``, each deal's
    deck is ``source(deal)``, drawn as the deal starts (how the server deals a fresh secure
    order each deal and keeps it, to deal it again when it rebuilds the hand).

    >>> orders = {1: "2c 3c 4c 5c Qs 6c", 2: "Ah Kh Qh Jh Th 9h"}
    >>> from wildstud.deal import Hand
    >>> hand = Hand("BITCH", [50, 50], deck=DeckPerDeal.stored(orders))
    >>> hand.run()
    >>> hand.deal_number, [str(held.card) for held in hand.cards(0)]
    (2, ['Ah', 'Qh', 'Th'])
    """

    __slots__ = ("_deck", "_source", "_spares")

    def __init__(
        self,
        first: Deck | None = None,
        *,
        spares: Sequence[Deck] = (),
        source: Callable[[int], Deck] | None = None,
    ) -> None:
        self._source = source
        # With a source, the first deal's deck comes from it as the deal begins.
        self._deck: Deck = first if first is not None else Deck.stacked(()) if source else Deck()
        self._spares = list(spares)

    @classmethod
    def stored(
        cls, orders: Mapping[int, str | Sequence[CardLike]] | Callable[[int], str]
    ) -> DeckPerDeal:
        """One stored order per deal, top card first, each dealt as it is (the server's decks)."""
        order = orders.__getitem__ if isinstance(orders, Mapping) else orders
        return cls(source=lambda deal: Deck.stacked(order(deal)))

    def begin(self, deal: int, gathered: Sequence[Card]) -> Iterable[Card]:
        if self._source is not None:
            deck = self._source(deal)
            if not isinstance(deck, Deck):
                raise TableError(f"the deck source gave {deck!r}, not a deck")
            self._deck = deck
        elif deal > 1 and self._spares:
            self._deck = self._spares.pop(0)
        else:
            self._deck.begin(deal, gathered)
        return self._deck

    def pick(self, chance: Chance) -> Card:
        return self._deck.pick(chance)

    def dealt(self, card: Card) -> None:
        self._deck.dealt(card)

    def pick_run(self, chances: Sequence[Chance]) -> Sequence[Card]:
        return self._deck.pick_run(chances)

    def dealt_run(self, cards: Sequence[Card]) -> None:
        self._deck.dealt_run(cards)

    def put_back(self, cards: Sequence[Card]) -> None:
        self._deck.put_back(cards)

    def __deepcopy__(self, memo: dict[int, object]) -> DeckPerDeal:
        # Hand.copy copies its dealer policy at every action the server takes: the decks are
        # copied by their own __deepcopy__, the source (a function) shared. The generic copy
        # through __reduce_ex__ cost about four times this (72 to 87 us a copy against 15 to
        # 24, alternated in one process on a loaded machine).
        twin = object.__new__(DeckPerDeal)
        twin._source = self._source
        twin._deck = _copy.deepcopy(self._deck, memo)
        twin._spares = [_copy.deepcopy(deck, memo) for deck in self._spares]
        return twin

    def __repr__(self) -> str:
        return f"DeckPerDeal(<{len(self._deck)} cards in this deal's deck>)"


class ScriptDealer:
    """Deals ``cards`` in the order the chance steps come, burns included, then refuses to go
    on; every deal starts from the full pack. A hand's events record its cards in that order
    (:meth:`from_events`), so a script deals a recorded hand again card for card.

    >>> from wildstud.deal import Hand
    >>> hand = Hand("FTQ", [50, 50], deck=ScriptDealer("As 9c Ah 9d Qh"))
    >>> hand.run()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.errors.DeckExhaustedError: the script's 5 cards are dealt: none is left for p2's...
    """

    __slots__ = ("_cards", "_next")

    def __init__(self, cards: str | Iterable[CardLike]) -> None:
        # A card may come twice: a burned card shuffled back, or the next deal's.
        self._cards = parse_cards(cards, unique=False)
        self._next = 0

    @classmethod
    def from_events(cls, events: Iterable[Event]) -> ScriptDealer:
        """The cards of a hand's events (the dealer's record, every card in it), in the order
        they were dealt."""
        cards = [
            event.card
            for event in events
            if isinstance(event, Dealt | Burned | CentreCard | CommunityCard)
            and event.card is not None
        ]
        return cls(cards)

    def begin(self, deal: int, gathered: Sequence[Card]) -> Iterable[Card]:
        return DECK

    def pick(self, chance: Chance) -> Card:
        if self._next >= len(self._cards):
            seat = chance.seat
            what = f"the {chance.kind}" if seat is None else f"{seat_label(seat)}'s card"
            raise DeckExhaustedError(
                f"the script's {len(self._cards)} cards are dealt: none is left for {what}"
                f" (deal {chance.deal}, street {chance.street + 1})"
            )
        return self._cards[self._next]

    def dealt(self, card: Card) -> None:
        self._next += 1

    def pick_run(self, chances: Sequence[Chance]) -> Sequence[Card]:
        return self._cards[self._next : self._next + len(chances)]

    def dealt_run(self, cards: Sequence[Card]) -> None:
        self._next += len(cards)

    def put_back(self, cards: Sequence[Card]) -> None:
        """Nothing to do: the script says which cards come next."""


DeckLike = Dealer | Deck | Sequence[Deck] | Callable[[int], Deck] | None
"""What a hand's ``deck`` may be: a policy, a deck, a list of decks (one per deal), a
function of the deal number that gives each deal's deck, or nothing (a secure pack)."""


def as_dealer(deck: DeckLike) -> Dealer:
    """The dealer policy for a hand's ``deck`` argument (see :data:`DeckLike`).

    >>> as_dealer([Deck(seed=1), Deck(seed=2)])
    DeckPerDeal(<52 cards in this deal's deck>)
    """
    if deck is None:
        return Deck()
    if isinstance(deck, Deck | DeckPerDeal | ScriptDealer):
        return deck
    if callable(deck):
        return DeckPerDeal(source=deck)
    if isinstance(deck, Dealer):
        return deck
    decks = list(deck)
    if not decks or not all(isinstance(item, Deck) for item in decks):
        raise TableError(f"not a deck, nor a list of decks: {deck!r}")
    return DeckPerDeal(decks[0], spares=decks[1:])
