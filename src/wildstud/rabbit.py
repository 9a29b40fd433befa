"""The rabbit hunt: after everyone else folded, the face-up cards that would have come.

Home players often ask, when a hand ends early, "what would I have caught?". The dealer then
deals on from the stub, for show only: the chips have already gone to the last hand. Which
cards does that reveal? Only what the table would have seen face up (the usual practice, a
house rule of ``docs/house-rules.md``): the face-up cards of the streets still to come, dealt
as the dealer would have dealt them, one at a time round the table, to the two hands that
contested the pot when the last player folded (the winner and that player), a burn first where
the house burns. A card that would have gone face down (seventh street's) is skipped unseen, as
is a burn: it would have been somebody's hole card. Nobody's hole cards, dealt or to come, are
ever shown. In The Bitch a queen of spades face up would have stopped the deal: the hunt shows
it and ends there.

The cards come from the deal's committed order: each one's position in it is given, so that
its proof against the deal's commitment (:mod:`wildstud.commitment`) shows it is the card the
dealer would really have dealt. A private deal (:mod:`wildstud.private_deal`) has no order that
anyone knows, and its cards may never be opened but to their owner: it has no rabbit hunt.

Heads-up Follow the Queen: p1 folds to p2's bet on fourth street.

>>> from wildstud.deal import Hand, stack_deck
>>> order = "As 9c Ah 9d Qh 7d  2c 3c  Kc 4d  Jc 5h  8s 8h"
>>> hand = Hand("FTQ", [50, 50], {"bring_in": 0}, deck=stack_deck(order))
>>> hand.run(); _ = hand.check(); _ = hand.check(); hand.run()
>>> _ = hand.bet(5); _ = hand.fold(); hand.run()
>>> deck = stack_deck(order).peek()
>>> [(card.street, card.seat, str(card.card)) for card in rabbit_hunt(hand, deck)]
[(2, 0, 'Kc'), (2, 1, '4d'), (3, 0, 'Jc'), (3, 1, '5h')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wildstud.cards import Card
from wildstud.deal import Acted, Hand, Phase, Share, Shown
from wildstud.errors import RabbitError
from wildstud.games import BurnCards

__all__ = ["RabbitCard", "rabbit_hunt"]


@dataclass(frozen=True, slots=True)
class RabbitCard:
    """A face-up card the rest of the hand would have dealt: to ``seat`` on street ``street``
    (its index in the game's streets), from ``position`` of the deal's order (0: its top)."""

    street: int
    street_name: str
    seat: int
    position: int
    card: Card
    stops_deal: bool = False
    """The queen of spades of The Bitch: it would have stopped the deal (the hunt ends)."""


def rabbit_hunt(hand: Hand, order: Sequence[Card], *, private: bool = False) -> list[RabbitCard]:
    """The face-up cards the rest of ``hand`` would have dealt (see the module's description),
    its last deal dealt from ``order`` (the deal's 52 cards, top first). Raises
    :class:`~wildstud.errors.RabbitError` where there is no rabbit to hunt."""
    if private or hand.private:
        raise RabbitError(
            "a private deal has no rabbit hunt: its cards are never opened but to their owner"
        )
    if hand.phase is not Phase.OVER:
        raise RabbitError("the rabbit is hunted once the hand is over")
    events = hand.events
    if any(isinstance(event, Shown) for event in events) or not any(
        award.share is Share.UNCONTESTED for award in hand.awards
    ):
        raise RabbitError("the hand went to a showdown: every card it had to deal was dealt")
    folds = [e for e in events if isinstance(e, Acted) and e.kind.value == "fold"]
    if not folds:
        raise RabbitError("nobody folded: the hand was not won by a fold")
    last = folds[-1].seat
    winner = hand.awards[-1].seat
    streets = hand.rules.streets
    street = hand.street
    if street is None or street + 1 >= len(streets):
        raise RabbitError("the hand ended on its last street: no card was to come")
    if len(order) != 52 or len(set(order)) != 52:
        raise RabbitError("the deal's order must hold the 52 cards once each")
    seats = [seat for seat in hand.in_deal if seat in (last, winner)]
    position = 52 - hand.stub  # the cards taken from this deal's stub so far
    burn = hand.rules.options.burn_cards is BurnCards.EACH_STREET
    found: list[RabbitCard] = []
    for index in range(street + 1, len(streets)):
        position += burn
        for up in streets[index].cards:
            for seat in seats:
                if position >= 52:
                    return found  # the stub would have run short: the hunt ends with it
                if up:
                    card = order[position]
                    stops = card == hand.rules.redeal_card
                    found.append(
                        RabbitCard(index, streets[index].name, seat, position, card, stops)
                    )
                    if stops:
                        return found
                position += 1
    return found
