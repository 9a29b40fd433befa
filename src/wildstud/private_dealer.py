"""The dealer policy of a private hand at the table (issue 26 item 2): each face-down card dealt
as its place in the deal (the ``k``-th card dealt, which the rounds of
:mod:`wildstud.private_rounds` map to a position of the dealt deck by the deal order), each
face-up one as the card the rounds opened there."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from wildstud.cards import DECK, Card
from wildstud.deal.hidden import HiddenCard
from wildstud.deal.stages import Chance, Stage
from wildstud.errors import HiddenCardError

if TYPE_CHECKING:
    from wildstud.private_rounds import DealRounds

__all__ = ["RoundsDealer"]


class RoundsDealer:
    """The dealer policy of a private hand at the table: each face-down card as its deck
    position, each face-up one as the card the rounds opened there (:meth:`learn`); a card
    not opened yet is refused (the rounds must open the pass first). A copy of the hand shares
    what it learnt (the copy is the same deal, dealt on)."""

    __slots__ = ("_deal", "_known", "_taken")

    def __init__(self) -> None:
        self._known: dict[tuple[int, int], Card] = {}
        self._deal = 0
        self._taken = 0

    def learn(self, rounds: DealRounds) -> None:
        """The face-up cards ``rounds`` opened, and the shows."""
        for position, card in rounds.known.items():
            self._known[rounds.deal, position] = card

    @property
    def position(self) -> int:
        """The deck position of the next card dealt."""
        return self._taken

    def begin(self, deal: int, gathered: Sequence[Card]) -> Iterable[Card]:
        self._deal, self._taken = deal, 0
        return DECK

    def pick(self, chance: Chance) -> Card:
        if chance.kind is Stage.CARD and not chance.up:
            return HiddenCard(self._taken)
        card = self._known.get((self._deal, self._taken))
        if card is None:
            raise HiddenCardError(
                f"deck position {self._taken} of deal {self._deal} is not opened yet: its pass"
                " comes first"
            )
        return card

    def dealt(self, card: Card) -> None:
        self._taken += 1

    def pick_run(self, chances: Sequence[Chance]) -> Sequence[Card]:
        return ()  # card by card: pick says which

    def dealt_run(self, cards: Sequence[Card]) -> None:
        self._taken += len(cards)

    def put_back(self, cards: Sequence[Card]) -> None:
        raise HiddenCardError("a private deal burns no card (house rule private_burns)")

    def __deepcopy__(self, memo: dict[int, object]) -> RoundsDealer:
        twin = RoundsDealer.__new__(RoundsDealer)
        twin._known = self._known  # the same deal's cards: shared, as the store's rows are
        twin._deal, twin._taken = self._deal, self._taken
        return twin
