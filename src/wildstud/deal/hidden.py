"""Face-down cards the engine does not know: a private deal's hole cards, each only its position.

Under a private deal (:mod:`wildstud.private_deal`) every position of the deck is masked by
every party, and a hole card is unmasked for its owner alone: the engine that plays the hand
(:class:`~wildstud.deal.private.PrivateHand`) knows which position went to which seat, never
which card it is, until the owner shows it. :class:`HiddenCard` is that knowledge: a card of the
deal at a deck position, equal to no card (not even one of the same position in another deal's
record), whose rank and suit nobody can read. It is a :class:`~wildstud.cards.Card` so that a
seat's cards stay one list in dealing order (what Baby Daddy's last card and a view count); any
rule that read its face before it is shown would fail loudly, not play on a made-up card.

:class:`HiddenDeck` is a dealer policy that deals a known deck as a private deal would: the
face-up cards as they are, each face-down card as the :class:`HiddenCard` of its position, and
it keeps what each owner learnt, so that a test, a simulation or a ruling can show the hands.

>>> card = HiddenCard(3)
>>> card, str(card), card == HiddenCard(3), card == Card("2c")
(HiddenCard(position=3), '#3', True, False)
>>> card.rank
Traceback (most recent call last):
...
AttributeError: the card at deck position 3 is hidden: only its owner knows its rank
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Iterable, Sequence

from wildstud.cards import DECK, Card
from wildstud.deal.dealers import DeckLike, as_dealer
from wildstud.deal.stages import Chance, Stage
from wildstud.errors import CardError, HiddenCardError

__all__ = ["HiddenCard", "HiddenDeck", "is_hidden"]


class HiddenCard(Card):
    """The face-down card at ``position`` (0 … 51) of its deal's deck, unknown to the engine.

    Its :attr:`code` is negative (``-1 - position``), so that no card set, stub or table indexed
    by code can take it for a card: a shift by it raises. Two hidden cards are equal when they
    name the same position.
    """

    __slots__ = ("position",)

    position: int

    def __init__(self, position: int) -> None:
        if type(position) is not int or not 0 <= position < len(DECK):
            raise CardError(f"not a deck position: {position!r} (expected 0 to 51)")
        object.__setattr__(self, "position", position)
        object.__setattr__(self, "code", -1 - position)

    def __getattr__(self, name: str) -> object:
        # Reached when the usual lookup fails: an unset slot (the rank, the suit) among them.
        if name in ("rank", "suit"):
            raise AttributeError(
                f"the card at deck position {self.position} is hidden:"
                f" only its owner knows its {name}"
            )
        raise AttributeError(f"'HiddenCard' object has no attribute {name!r}")

    def __eq__(self, other: object) -> bool:
        return type(other) is HiddenCard and other.position == self.position

    def __hash__(self) -> int:
        return self.code

    def __str__(self) -> str:
        return f"#{self.position}"

    def __repr__(self) -> str:
        return f"HiddenCard(position={self.position})"

    def __reduce__(self) -> tuple[type[HiddenCard], tuple[int]]:
        return (HiddenCard, (self.position,))


def is_hidden(card: object) -> bool:
    """Whether ``card`` is a :class:`HiddenCard` (a face-down card nobody has shown).

    >>> is_hidden(HiddenCard(0)), is_hidden(Card("Qs")), is_hidden(None)
    (True, False, False)
    """
    return type(card) is HiddenCard


class HiddenDeck:
    """A dealer policy that deals ``deck`` (anything a hand's ``deck`` may be: a deck, a list of
    decks, a function of the deal number) as a private deal: each face-down card as the
    :class:`HiddenCard` of its position in the deal's deck (the cards taken from it so far),
    each face-up card as itself. :meth:`hole_cards` gives what each owner learnt, for a
    :meth:`~wildstud.deal.private.PrivateHand.show`. For tests, simulations and rulings: at a
    table the positions come from the private deal's rounds, and nobody holds this.

    >>> from wildstud.deal import stack_deck
    >>> from wildstud.deal.private import PrivateHand
    >>> deck = HiddenDeck(stack_deck("As 9c Ah 9d Qh 7d"))
    >>> hand = PrivateHand("FTQ", [50, 50], deck=deck)
    >>> hand.run()
    >>> [str(held.card) for held in hand.cards(0)], deck.hole_cards(1, (0, 2))
    (['#0', '#2', 'Qh'], (Card('As'), Card('Ah')))
    """

    __slots__ = ("_deal", "_inner", "_known", "_taken")

    def __init__(self, deck: DeckLike) -> None:
        self._inner = as_dealer(deck)
        self._known: dict[tuple[int, int], Card] = {}
        self._deal = 0
        self._taken = 0  # cards taken from this deal's deck: the next card's position

    def begin(self, deal: int, gathered: Sequence[Card]) -> Iterable[Card]:
        # A hidden card gathered is the card at its position: the deck gets its own back.
        real = [
            self._known.get((self._deal, card.position), card)
            if isinstance(card, HiddenCard)
            else card
            for card in gathered
        ]
        self._deal, self._taken = deal, 0
        return self._inner.begin(deal, real)

    def pick(self, chance: Chance) -> Card:
        card = self._inner.pick(chance)
        if chance.kind is Stage.CARD and not chance.up:
            self._known[self._deal, self._taken] = card
            return HiddenCard(self._taken)
        return card

    def dealt(self, card: Card) -> None:
        if is_hidden(card):
            assert isinstance(card, HiddenCard)
            known = self._known.get((self._deal, card.position))
            if known is None:
                raise HiddenCardError(f"position {card.position} was not dealt from this deck")
            card = known
        self._inner.dealt(card)
        self._taken += 1

    def put_back(self, cards: Sequence[Card]) -> None:
        self._inner.put_back(cards)

    def hole_cards(self, deal: int, positions: Iterable[int]) -> tuple[Card, ...]:
        """The cards dealt face down at ``positions`` in deal ``deal``: what their owner knows.

        Raises :class:`~wildstud.errors.HiddenCardError` for a position this deck dealt no
        face-down card from."""
        try:
            return tuple(self._known[deal, position] for position in positions)
        except KeyError as missing:
            raise HiddenCardError(
                f"deal {deal} dealt no face-down card from position {missing.args[0][1]}"
            ) from None

    def __deepcopy__(self, memo: dict[int, object]) -> HiddenDeck:
        twin = HiddenDeck.__new__(HiddenDeck)
        twin._inner = _copy.deepcopy(self._inner, memo)
        twin._known = dict(self._known)
        twin._deal, twin._taken = self._deal, self._taken
        return twin

    def __repr__(self) -> str:
        return f"HiddenDeck({self._inner!r})"
