"""Which commitments and card proofs a client gets, from the events as its seat sees them.

Every deal's deck is sealed when it is drawn (:class:`~wildstud.server.replay.DeckBook`); its
root goes to every client with the frame that carries the deal's first event, ahead of that
frame's events. A card's proof goes with the first event that shows the card to the client: its
own hole cards, every face-up card, the centre and community cards, the hands turned up all in
(house rule ``all_in_turn_up``), and at the end the hands shown down. The proofs are worked out
from the events *as the client may see them* (:func:`~wildstud.deal.redact`), so a card hidden
from a client can never get a proof in its frames: burned, folded and mucked cards are never
opened.

>>> from wildstud.server.replay import DeckBook, start_hand
>>> from wildstud.server.store.records import HandSetup
>>> from wildstud.commitment import Proof, verify
>>> setup = HandSetup(1, 0, "follow-the-queen", {}, (0, 1), ("ann", "bob"), 0, (50, 50))
>>> book = DeckBook()
>>> hand = start_hand(setup, book)
>>> fields = opened(book, hand.events, viewer=0)
>>> [item["deal"] for item in fields["commitments"]], len(fields["proofs"])  # 3 own, 1 up
([1], 4)
>>> root = fields["commitments"][0]["root"]
>>> all(verify(root, Proof.from_data(item)) for item in fields["proofs"])
True
>>> len(opened(book, hand.events, viewer=None)["proofs"])  # a spectator: the two upcards
2

A live hand's frames go through its :class:`Openings`, which works out each frame's fields from
its new events alone (what each viewer was shown before is kept), and each proof once:

>>> openings = Openings(book)
>>> openings.opened(hand.events, viewer=0) == fields
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from wildstud.cards import Card
from wildstud.commitment import Commitment, Proof
from wildstud.deal import (
    Burned,
    CentreCard,
    CommunityCard,
    DealStarted,
    Dealt,
    Event,
    Shown,
    TurnedUp,
    redact,
)
from wildstud.server.replay import DeckBook

__all__ = ["Openings", "commitment_data", "commitments", "opened", "proofs", "visible_cards"]


def _deal_after(events: Sequence[Event], deal: int = 1) -> int:
    """The deal in progress after ``events`` (``deal`` before them: 1 before any)."""
    started = [event.deal for event in events if isinstance(event, DealStarted)]
    return started[-1] if started else deal


def visible_cards(events: Sequence[Event], deal: int = 1) -> Iterator[tuple[int, Card]]:
    """Each card these events show, with its deal number, in order (repeats included), the
    events starting in deal ``deal``. The events must already be redacted for the viewer; a
    burned card is never one of them."""
    for event in events:
        if isinstance(event, DealStarted):
            deal = event.deal
        elif isinstance(event, Burned):
            continue  # nobody sees a burn, whatever the event holds
        elif isinstance(event, Dealt | CentreCard | CommunityCard):
            if event.card is not None:
                yield deal, event.card
        elif isinstance(event, Shown | TurnedUp):  # shown down, or turned up all in
            for card in event.cards:
                yield deal, card


def commitments(book: DeckBook, events: Sequence[Event]) -> list[Commitment]:
    """The commitments of the deals that start in ``events`` (a deal with none is skipped)."""
    found = []
    for event in events:
        if isinstance(event, DealStarted):
            sealed = book.sealed(event.deal)
            if sealed is not None:
                found.append(sealed.commitment)
    return found


def commitment_data(book: DeckBook, item: Commitment) -> dict[str, Any]:
    """A deal's commitment as a frame carries it: with, for a deck the players' shuffle made,
    the names of the players whose values it was made from (the server's seed with them)."""
    data = item.to_data()
    made_from = book.made_from.get(item.deal)
    if made_from is not None:
        data["made_from"] = list(made_from)
    return data


def proofs(book: DeckBook, events: Sequence[Event], *, skip: Sequence[Event] = ()) -> list[Proof]:
    """The proofs of the cards ``events`` show (redacted for the viewer), each once, but for
    those that the earlier events ``skip`` already showed (``events`` go on from ``skip``, in
    the deal ``skip`` ended in)."""
    done = set(visible_cards(skip))
    found = []
    for deal, card in visible_cards(events, _deal_after(skip)):
        sealed = book.sealed(deal)
        if (deal, card) in done or sealed is None:
            continue
        done.add((deal, card))
        found.append(sealed.prove(sealed.position(card)))
    return found


def opened(
    book: DeckBook, events: Sequence[Event], viewer: int | None, start: int = 0
) -> dict[str, Any]:
    """The ``commitments`` and ``proofs`` fields of a frame to ``viewer`` (an engine seat, or
    ``None`` for a spectator) that carries ``events[start:]`` of the hand (all of them, from
    the engine, unredacted: they are redacted here)."""
    seen = [redact(event, viewer) for event in events]
    return {
        "commitments": [commitment_data(book, item) for item in commitments(book, seen[start:])],
        "proofs": [item.to_data() for item in proofs(book, seen[start:], skip=seen[:start])],
    }


class Openings:
    """The commitments and proofs of one hand's frames, viewer by viewer, worked out from each
    frame's new events only: for each viewer, how many events it has been sent, the cards
    they showed it (each proved once) and the deal they ended in. Each card's proof is made
    once, whoever it goes to. The answers are :func:`opened`'s, event for event."""

    def __init__(self, book: DeckBook) -> None:
        self.book = book
        self._seen: dict[int | None, tuple[int, set[tuple[int, Card]], int]] = {}
        self._proofs: dict[tuple[int, Card], dict[str, Any]] = {}

    def opened(
        self,
        events: Sequence[Event],
        viewer: int | None,
        start: int = 0,
        new: Sequence[Event] | None = None,
    ) -> dict[str, Any]:
        """:func:`opened`'s fields for a frame to ``viewer`` that carries ``events[start:]``
        (``new``: those events already redacted for the viewer, if the caller has them)."""
        if new is None:
            new = [redact(event, viewer) for event in events[start:]]
        state = self._seen.get(viewer)
        if state is not None and state[0] == start:
            _, done, deal = state
        else:  # a viewer new to this hand, or a frame that starts elsewhere: from the start
            before = [redact(event, viewer) for event in events[:start]]
            done, deal = set(visible_cards(before)), _deal_after(before)
        found = []
        for item in visible_cards(new, deal):
            sealed = self.book.sealed(item[0])
            if item in done or sealed is None:
                continue
            done.add(item)
            proof = self._proofs.get(item)
            if proof is None:
                proof = self._proofs[item] = sealed.prove(sealed.position(item[1])).to_data()
            found.append(proof)
        self._seen[viewer] = (start + len(new), done, _deal_after(new, deal))
        return {
            "commitments": [
                commitment_data(self.book, item) for item in commitments(self.book, new)
            ],
            "proofs": found,
        }
