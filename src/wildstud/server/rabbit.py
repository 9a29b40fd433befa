"""The rabbit hunt at the table: a player asks, everyone sees the cards, each proven.

Under the table setting ``rabbit_hunt`` (off by default: ``docs/house-rules.md``), any player
at the table may ask, once a hand has been won by a fold, to see the face-up cards the rest of
its deal would have dealt (:mod:`wildstud.rabbit`: never a hole card). The table rebuilds the
finished hand from its stored decks and actions, takes those cards from the deal's stored
order, and sends every page one frame with each card's proof against the commitment the deal
published before its first card, so that every page checks for itself that these are the cards
the dealer would really have dealt.

>>> from wildstud.server.replay import DeckBook, start_hand
>>> from wildstud.server.store.records import HandSetup, StoredHand
>>> rules = {"free_fold": True, "bring_in": 0}
>>> setup = HandSetup(1, 0, "follow-the-queen", rules, (0, 1), ("ann", "bob"),
...                   1, (50, 50))
>>> book = DeckBook()
>>> hand = start_hand(setup, book)
>>> from wildstud.server.store.records import ActionRecord
>>> fold = ActionRecord(1, 0, hand.to_act, "fold", None, "player", None)
>>> stored = StoredHand(setup, {1: book.order(1)}, (fold,), False, salts={1: book.salts(1)})
>>> frame = rabbit_frame(stored, "ann")
>>> frame["type"], len(frame["cards"]), len(frame["proofs"])  # fourth to sixth street, two each
('rabbit', 6, 6)
"""

from __future__ import annotations

from typing import Any

from wildstud.cards import parse_cards
from wildstud.errors import RabbitError
from wildstud.rabbit import rabbit_hunt
from wildstud.server.frames import Commitment, Proof, RabbitCardView, RabbitFrame
from wildstud.server.proofs import commitment_data
from wildstud.server.replay import finished_book, rebuild
from wildstud.server.store.records import StoredHand

__all__ = ["rabbit_frame"]


def rabbit_frame(stored: StoredHand, asked_by: str) -> dict[str, Any]:
    """The rabbit frame of the finished hand ``stored``, asked for by ``asked_by``; raises
    :class:`~wildstud.errors.RabbitError` where the hand has none (it went to a showdown, it
    ended on its last street, its deck was stored before decks were committed)."""
    book = finished_book(stored)
    hand = rebuild(stored.setup, book, stored.actions)
    deal = hand.deal_number
    sealed = book.sealed(deal)
    if sealed is None:
        raise RabbitError(
            f"hand {stored.setup.number} was dealt before the table committed to its decks:"
            " its rabbit could not be proven"
        )
    cards = rabbit_hunt(hand, parse_cards(book.order(deal)))
    return RabbitFrame(
        number=stored.setup.number,
        asked_by=asked_by,
        commitment=Commitment.model_validate(commitment_data(book, sealed.commitment)),
        cards=[
            RabbitCardView(
                street=card.street_name,
                seat=card.seat,
                card=str(card.card),
                stops_deal=card.stops_deal,
            )
            for card in cards
        ],
        proofs=[Proof.model_validate(sealed.prove(card.position).to_data()) for card in cards],
    ).frame()
