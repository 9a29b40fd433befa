"""Checking a record's card proofs against its deals' commitments.

A record from a wildstud server carries, in ``_commitments``, the root each deal's deck was
committed to before its first card, and in ``_proofs`` the proof of every card the record
shows (see :mod:`wildstud.commitment`). :func:`check_proofs` holds the two together:

- every proof leads from its card, position and salt to its deal's root;
- the record is replayed (:func:`~wildstud.history.replay`) and every card it shows, in a deal
  with a commitment, has a proof of that very card in that deal, and was dealt from the
  position the proof opens (counting every card the deal took from the deck, burns included;
  after a short stub's reshuffle, the burned cards come back under the stub in the order they
  were burned, as the server's committed deck deals them);
- every proof opens a card that the record shows in its deal.

So a card changed in the record, a proof changed, or a card dealt out of the committed order
is found, and the error says which. Cards the record does not show (``??``) have no proof, and
none is needed: their leaves stay closed.

>>> from wildstud.commitment import SealedDeck
>>> from wildstud.deal import stack_deck
>>> from wildstud.history.notation import DealHole, read_cards
>>> from wildstud.history.schema import HandRecord
>>> sealed = SealedDeck.seal(1, stack_deck("As 9c Ah 9d Qh 7d").peek())
>>> record = HandRecord(variant="FTQ", antes=(0, 0), bring_in=0, small_bet=5, big_bet=10,
...     starting_stacks=(50, 50), actions=(DealHole(0, read_cards("????Qh")),
...     DealHole(1, read_cards("????7d"))), commitments=(sealed.commitment,),
...     proofs=(sealed.prove(4), sealed.prove(5)))
>>> [(card.player, str(card.card), card.position) for card in check_proofs(record).cards]
[(0, 'Qh', 4), (1, '7d', 5)]
>>> import dataclasses
>>> changed = (record.actions[0], DealHole(1, read_cards("????8d")))
>>> check_proofs(dataclasses.replace(record, actions=changed))
Traceback (most recent call last):
...
wildstud.errors.ProofError: the record shows 8d in deal 1 with no proof of it
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from wildstud.cards import Card
from wildstud.commitment import DECK_SIZE, Commitment, Proof, verify
from wildstud.deal import (
    Burned,
    CentreCard,
    CommunityCard,
    DealStarted,
    Dealt,
    Event,
    StubShuffled,
)
from wildstud.errors import ProofError
from wildstud.history.replay import replay
from wildstud.history.schema import HandRecord

__all__ = ["ProvenCard", "ProvenRecord", "check_proofs", "dealt_positions"]


@dataclass(frozen=True, slots=True)
class ProvenCard:
    """A card the record shows whose proof holds: its deal, its position in the deal's deck,
    the player it went to (``p1`` is 0; ``None`` for a card in the centre) and whether it lay
    face up."""

    deal: int
    position: int
    card: Card
    player: int | None
    up: bool


@dataclass(frozen=True, slots=True)
class ProvenRecord:
    """What :func:`check_proofs` found: the commitments, and the proven cards in the order
    they were dealt."""

    commitments: tuple[Commitment, ...]
    cards: tuple[ProvenCard, ...]

    @property
    def committed(self) -> bool:
        """Whether the record carries any commitment at all."""
        return bool(self.commitments)


class _Stub(deque[int]):
    """The positions of a deal's deck not dealt yet, top first (a fresh deck: 0 to 51)."""

    def __init__(self) -> None:
        super().__init__(range(DECK_SIZE))

    def popleft(self) -> int:
        if not self:
            raise ProofError("the record deals more cards than a deck holds")
        return super().popleft()


def dealt_positions(
    events: Iterable[Event],
) -> Iterator[tuple[int, int, Dealt | CentreCard | CommunityCard]]:
    """Each card a hand's events deal to a seat or the centre, with its deal and the position of
    the deal's deck it came from: every card the deal took counts, burns included, and after a
    short stub's reshuffle the burned cards come back under the stub in the order they were
    burned (as the server's committed deck deals them), so every card still comes from a known
    position.

    >>> from wildstud.deal import Hand, stack_deck
    >>> hand = Hand("FTQ", [50, 50], deck=stack_deck("As 9c Ah 9d Qh 7d"))
    >>> hand.run()  # the chance steps up to the first decision
    >>> [(deal, position, str(event.card)) for deal, position, event in dealt_positions(
    ...     hand.events)][:3]
    [(1, 0, 'As'), (1, 1, '9c'), (1, 2, 'Ah')]
    """
    deal, stub, burned = 1, _Stub(), list[int]()
    for event in events:
        if isinstance(event, DealStarted):
            deal, stub, burned = event.deal, _Stub(), []
        elif isinstance(event, StubShuffled):
            stub.extend(burned)
            burned = []
        elif isinstance(event, Burned):
            burned.append(stub.popleft())
        elif isinstance(event, Dealt | CentreCard | CommunityCard):
            yield deal, stub.popleft(), event


def check_proofs(record: HandRecord) -> ProvenRecord:
    """Check every proof of ``record`` against its deal's root and the cards the record shows;
    the first that does not hold raises :class:`~wildstud.errors.ProofError` saying why."""
    roots = {item.deal: item for item in record.commitments}
    by_card: dict[tuple[int, Card], Proof] = {}
    for proof in record.proofs:
        where = f"the proof of {proof.card} (deal {proof.deal}, position {proof.position})"
        if proof.deal not in roots:
            raise ProofError(f"{where} has no commitment for its deal")
        if not verify(roots[proof.deal], proof):
            raise ProofError(
                f"{where} does not lead to deal {proof.deal}'s root: the card, its position,"
                " its salt or its path was changed"
            )
        if (proof.deal, proof.card) in by_card:
            raise ProofError(f"{where}: the card is proven twice in its deal")
        by_card[(proof.deal, proof.card)] = proof
    if not roots:
        return ProvenRecord((), ())
    replayed = replay(record)
    found: list[ProvenCard] = []
    for deal, position, event in dealt_positions(replayed.hand.events):
        card = event.card
        assert card is not None  # the replay deals every card, known or not
        if deal not in roots or (deal, card) in replayed.unknown:
            continue
        if (deal, card) not in by_card:
            raise ProofError(f"the record shows {card} in deal {deal} with no proof of it")
        proof = by_card.pop((deal, card))
        if proof.position != position:
            raise ProofError(
                f"{card} was dealt from position {position} of deal {deal}, but its proof"
                f" opens position {proof.position}"
            )
        seat = event.seat if isinstance(event, Dealt) else None
        up = event.up if isinstance(event, Dealt) else True
        found.append(ProvenCard(deal, proof.position, card, seat, up))
    if by_card:
        (deal, card), proof = next(iter(by_card.items()))
        raise ProofError(
            f"the proof of {card} (deal {deal}, position {proof.position}) opens a card the"
            f" record does not show in deal {deal}: a card was changed"
        )
    return ProvenRecord(tuple(record.commitments), tuple(found))
