"""The audit of a whole night's decks, once the server has revealed its night seed.

A night record (the server writes one when a night ends; ``wildstud verify --night FILE``
reads it) holds the night seed's commitment, published before the first deal, the seed itself,
and for every hand its record with every card and, for every deal of it, the root published
before its first card and each seated player's value: the commitment the page sent and the
value it revealed (``null`` when it revealed none and was left out). :func:`audit_night` then
recomputes everything from those inputs alone (see :mod:`wildstud.joint_shuffle`):

- the seed opens its commitment (a server that chose its seed after seeing the players'
  values cannot make it do so);
- each revealed value opens its page's commitment;
- each deal's deck, shuffled from the hand's seed and the revealed values, has the published
  root, and the record carries that root;
- every card the record deals came from the next position of that deck (burns counted, as in
  :func:`~wildstud.history.proven.dealt_positions`): a card dealt out of order or substituted is
  named;
- a player left out of a deal was dealt no card in it;
- where the record lists each deal's cards with the positions they were dealt from
  (``dealt``: what the page's audit reads, so that it needs no rule of the games to find
  them), the list is the one the hand's record deals.

Every fault found is named in a sentence, with its hand and deal; the audit goes on past it.

>>> from wildstud.joint_shuffle import night_commitment
>>> night = NightRecord(table="t1", commitment=night_commitment(bytes(32)), seed=None, hands=())
>>> audit_night(night).verified, audit_night(night).faults[0].text
(False, "the night's seed has not been revealed: the night is not over")
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wildstud.cards import Card, parse_card
from wildstud.commitment import SealedDeck
from wildstud.deal import Dealt, Event
from wildstud.errors import RecordError, WildstudError
from wildstud.history.phh import read_record
from wildstud.history.proven import dealt_positions
from wildstud.history.replay import replay
from wildstud.history.schema import HandRecord
from wildstud.joint_shuffle import (
    SEED_BYTES,
    VALUE_BYTES,
    deck_order,
    deck_salts,
    hand_seed,
    night_commitment,
    opens,
)
from wildstud.words import describe_audit_fault

__all__ = [
    "FORMAT",
    "PRIVATE_FORMAT",
    "PRIVATE_PREFIX",
    "Contribution",
    "DealAudit",
    "DealInputs",
    "DealtCard",
    "Fault",
    "FaultKind",
    "HandInputs",
    "NightAudit",
    "NightRecord",
    "audit_night",
    "dealt_cards",
    "recorded_dealt",
]

FORMAT = "wildstud-night/1"
"""The ``format`` field of a night record this module reads and writes."""

PRIVATE_FORMAT = "wildstud-private-night/3"
"""The ``format`` field of a private night record (:mod:`wildstud.history.private_night`,
whose arithmetic needs the ``private`` extra: its format is named here, which needs none): its
version is the private deal's ("wildstud private deal v3")."""
PRIVATE_PREFIX = "wildstud-private-night/"
"""What every version of a private night record's ``format`` begins with (one of another
version is refused by name)."""

_HEX = re.compile(r"[0-9a-f]*")


def _bytes(text: object, size: int, what: str) -> bytes:
    if not isinstance(text, str) or len(text) != 2 * size or not _HEX.fullmatch(text):
        raise RecordError(f"{what} is {2 * size} lowercase hexadecimal digits, not {text!r}"[:160])
    return bytes.fromhex(text)


def _field(data: Mapping[str, Any], name: str, kind: type, what: str) -> Any:
    value = data.get(name) if isinstance(data, Mapping) else None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise RecordError(f"{what} needs {name!r} ({kind.__name__}), not {value!r}"[:160])
    return value


@dataclass(frozen=True, slots=True)
class Contribution:
    """One seated player's part in one deal: the table seat, the name, the commitment the page
    sent and the value it revealed (``None``: it revealed none, and sat the deal out)."""

    seat: int
    player: str
    commitment: str
    value: bytes | None

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Contribution:
        """Read one contribution from its JSON object (``value`` in hexadecimal, or null)."""
        value = data.get("value") if isinstance(data, Mapping) else None
        return cls(
            _field(data, "seat", int, "a contribution"),
            _field(data, "player", str, "a contribution"),
            _field(data, "commitment", str, "a contribution"),
            None if value is None else _bytes(value, VALUE_BYTES, "a revealed value"),
        )

    def to_data(self) -> dict[str, Any]:
        """The contribution as its JSON object."""
        value = None if self.value is None else self.value.hex()
        return {
            "seat": self.seat,
            "player": self.player,
            "commitment": self.commitment,
            "value": value,
        }


@dataclass(frozen=True, slots=True)
class DealtCard:
    """A card one deal dealt: the position of the deal's deck it came from (from 0), the card
    and the player it went to (``None``: the centre)."""

    position: int
    card: Card
    player: str | None

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> DealtCard:
        """Read one dealt card from its JSON object (``{"position": 0, "card": "Qs",
        "player": "Ann"}``)."""
        player = data.get("player") if isinstance(data, Mapping) else None
        if player is not None and not isinstance(player, str):
            raise RecordError(f"a dealt card's player is a name or null, not {player!r}"[:160])
        try:
            card = parse_card(_field(data, "card", str, "a dealt card"))
        except ValueError as error:
            raise RecordError(f"a dealt card: {error}"[:160]) from None
        return cls(_field(data, "position", int, "a dealt card"), card, player)

    def to_data(self) -> dict[str, Any]:
        """The dealt card as its JSON object."""
        return {"position": self.position, "card": str(self.card), "player": self.player}


def dealt_cards(events: Iterable[Event], names: Sequence[str]) -> dict[int, tuple[DealtCard, ...]]:
    """Each deal's cards in a hand's ``events``, in dealing order, with the position each came
    from (:func:`~wildstud.history.proven.dealt_positions`) and its player's name in ``names``
    (by seat): the ``dealt`` lists of the hand's deals in a night record.

    >>> from wildstud.deal import Hand, stack_deck
    >>> hand = Hand("FTQ", [50, 50], deck=stack_deck("As 9c Ah 9d Qh 7d"))
    >>> hand.run()
    >>> [(item.position, str(item.card), item.player) for item in dealt_cards(
    ...     hand.events, ["Ann", "Bob"])[1]][:3]
    [(0, 'As', 'Ann'), (1, '9c', 'Bob'), (2, 'Ah', 'Ann')]
    """
    found: dict[int, list[DealtCard]] = {}
    for deal, position, event in dealt_positions(events):
        player = None
        if isinstance(event, Dealt):
            player = names[event.seat] if event.seat < len(names) else f"p{event.seat + 1}"
        if event.card is not None:
            found.setdefault(deal, []).append(DealtCard(position, event.card, player))
    return {deal: tuple(cards) for deal, cards in found.items()}


def recorded_dealt(record: HandRecord) -> dict[int, tuple[DealtCard, ...]]:
    """:func:`dealt_cards` of a hand's record, replayed, its seats named by its ``players``:
    what a night record lists as each deal's cards (its seats are the record's, which need
    not be the live hand's)."""
    return dealt_cards(replay(record).hand.events, record.players or ())


@dataclass(frozen=True, slots=True)
class DealInputs:
    """What one deal was made from: its number, the root published before its first card and
    every seated player's contribution; and, in a record a server writes, the cards it dealt
    with their positions (``dealt``; ``None`` in an older record, read from the hand's record
    alone)."""

    deal: int
    root: str
    contributions: tuple[Contribution, ...]
    dealt: tuple[DealtCard, ...] | None = None

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> DealInputs:
        """Read one deal's inputs from its JSON object."""
        contributions = _field(data, "contributions", list, "a deal")
        dealt = data.get("dealt")
        if dealt is not None and not isinstance(dealt, list):
            raise RecordError(f"a deal's 'dealt' is a list, not {dealt!r}"[:160])
        return cls(
            _field(data, "deal", int, "a deal"),
            _field(data, "root", str, "a deal"),
            tuple(Contribution.from_data(item) for item in contributions),
            None if dealt is None else tuple(DealtCard.from_data(item) for item in dealt),
        )

    def to_data(self) -> dict[str, Any]:
        """The deal's inputs as their JSON object."""
        data: dict[str, Any] = {
            "deal": self.deal,
            "root": self.root,
            "contributions": [item.to_data() for item in self.contributions],
        }
        if self.dealt is not None:
            data["dealt"] = [item.to_data() for item in self.dealt]
        return data


@dataclass(frozen=True, slots=True)
class HandInputs:
    """One hand of the night: its number, its record with every card (PHH text) and each of
    its deals' inputs."""

    number: int
    record: str
    deals: tuple[DealInputs, ...]

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> HandInputs:
        """Read one hand from its JSON object."""
        deals = _field(data, "deals", list, "a hand")
        return cls(
            _field(data, "number", int, "a hand"),
            _field(data, "record", str, "a hand"),
            tuple(DealInputs.from_data(item) for item in deals),
        )

    def to_data(self) -> dict[str, Any]:
        """The hand as its JSON object."""
        return {
            "number": self.number,
            "record": self.record,
            "deals": [item.to_data() for item in self.deals],
        }


@dataclass(frozen=True, slots=True)
class NightRecord:
    """A night's decks and what they were made from (``format`` :data:`FORMAT`)."""

    table: str
    commitment: str
    seed: bytes | None
    hands: tuple[HandInputs, ...]

    @classmethod
    def from_data(cls, data: Any) -> NightRecord:
        """Read a night record from its JSON object; :class:`~wildstud.errors.RecordError`
        names the first field at fault.

        >>> NightRecord.from_data({"format": "other"})
        Traceback (most recent call last):
        ...
        wildstud.errors.RecordError: a night record has format 'wildstud-night/1', not 'other'
        """
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            found = data.get("format") if isinstance(data, Mapping) else data
            raise RecordError(f"a night record has format {FORMAT!r}, not {found!r}"[:160])
        seed = data.get("seed")
        hands = _field(data, "hands", list, "a night record")
        return cls(
            _field(data, "table", str, "a night record"),
            _field(data, "commitment", str, "a night record"),
            None if seed is None else _bytes(seed, SEED_BYTES, "the night seed"),
            tuple(HandInputs.from_data(item) for item in hands),
        )

    def to_data(self) -> dict[str, Any]:
        """The night record as its JSON object."""
        return {
            "format": FORMAT,
            "table": self.table,
            "commitment": self.commitment,
            "seed": None if self.seed is None else self.seed.hex(),
            "hands": [hand.to_data() for hand in self.hands],
        }


class FaultKind(enum.Enum):
    """What an audit can find wrong."""

    SEED_HIDDEN = "seed-hidden"
    """The night seed is not in the record yet: nothing can be recomputed."""
    SEED = "seed"
    """The revealed seed does not open the night's commitment."""
    VALUE = "value"
    """A revealed value does not open its page's commitment."""
    ROOT = "root"
    """The deck made from the seed and the values does not have the published root, or the
    hand's record carries another root."""
    CARD = "card"
    """A card the record deals is not the one at the next position of the recomputed deck."""
    LEFT_OUT = "left-out"
    """A player left out of a deal was dealt a card in it."""
    RECORD = "record"
    """A hand's record cannot be read or replayed."""


SERVER = "the server"
"""Whom a fault of the server's making names (:attr:`Fault.names`)."""


@dataclass(frozen=True, slots=True)
class Fault:
    """One thing found wrong: its kind, where (hand and deal; ``None`` for the night), a
    sentence saying what, and whom it names: the player whose page revealed a value that opens
    nothing, else :data:`SERVER` (it chose the seed, the decks, the cards dealt and the
    record)."""

    kind: FaultKind
    hand: int | None
    deal: int | None
    text: str
    names: str = SERVER


def _fault(kind: FaultKind, hand: int | None, deal: int | None, **details: Any) -> Fault:
    """A fault with its words (:func:`~wildstud.words.describe_audit_fault`)."""
    text = describe_audit_fault(kind.value, hand, deal, **details)
    names = details.get("player") if kind is FaultKind.VALUE else None
    return Fault(kind, hand, deal, text, names or SERVER)


@dataclass(frozen=True, slots=True)
class DealAudit:
    """One deal as audited: whose values it was made from and who was left out."""

    hand: int
    deal: int
    root: str
    made_from: tuple[str, ...]
    left_out: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NightAudit:
    """The audit of a night: every deal, and every fault found."""

    table: str
    deals: tuple[DealAudit, ...]
    faults: tuple[Fault, ...]

    @property
    def verified(self) -> bool:
        """Whether the seed was revealed and nothing was found wrong."""
        return not self.faults


def audit_night(night: NightRecord) -> NightAudit:
    """Recompute every deck of ``night`` and check every deal against it (see the module)."""
    if night.seed is None:
        return NightAudit(night.table, (), (_fault(FaultKind.SEED_HIDDEN, None, None),))
    faults: list[Fault] = []
    if night_commitment(night.seed) != night.commitment:
        faults.append(_fault(FaultKind.SEED, None, None))
    deals: list[DealAudit] = []
    for hand in night.hands:
        audited, found = _audit_hand(night.seed, hand)
        deals += audited
        faults += found
    return NightAudit(night.table, tuple(deals), tuple(faults))


def _audit_hand(seed: bytes, hand: HandInputs) -> tuple[list[DealAudit], list[Fault]]:
    faults: list[Fault] = []
    audited: list[DealAudit] = []
    decks: dict[int, Sequence[Card]] = {}
    left: dict[int, set[str]] = {}
    for inputs in hand.deals:
        values: dict[int, bytes] = {}
        made_from: list[str] = []
        for item in inputs.contributions:
            if item.value is None:
                continue
            if opens(item.commitment, item.value, hand.number, inputs.deal, item.seat):
                values[item.seat] = item.value
                made_from.append(item.player)
            else:
                faults.append(_fault(FaultKind.VALUE, hand.number, inputs.deal, player=item.player))
        left_out = [item.player for item in inputs.contributions if item.player not in made_from]
        left[inputs.deal] = set(left_out)
        audited.append(
            DealAudit(hand.number, inputs.deal, inputs.root, tuple(made_from), tuple(left_out))
        )
        try:
            keyed = hand_seed(seed, hand.number)
            order = deck_order(keyed, hand.number, inputs.deal, values)
            root = SealedDeck(inputs.deal, order, deck_salts(keyed, inputs.deal)).commitment.root
        except WildstudError as error:
            faults.append(_fault(FaultKind.RECORD, hand.number, inputs.deal, detail=str(error)))
            continue
        decks[inputs.deal] = order
        if root != inputs.root:
            faults.append(
                _fault(FaultKind.ROOT, hand.number, inputs.deal, made_from=tuple(made_from))
            )
    faults += _audit_record(hand, decks, left)
    return audited, faults


def _audit_record(
    hand: HandInputs, decks: Mapping[int, Sequence[Card]], left: Mapping[int, set[str]]
) -> list[Fault]:
    """The faults of the hand's record against its recomputed ``decks``: a root it does not
    carry, a card not from the next position, a card dealt to a player ``left`` out."""
    said: set[tuple[int, str]] = set()
    try:
        record: HandRecord = read_record(hand.record)
        replayed = replay(record)
    except WildstudError as error:
        return [_fault(FaultKind.RECORD, hand.number, None, detail=str(error))]
    faults: list[Fault] = []
    roots = {item.deal: item.root for item in record.commitments}
    published = {item.deal: item.root for item in hand.deals}
    for deal, root in published.items():
        if roots.get(deal) != root:
            faults.append(_fault(FaultKind.ROOT, hand.number, deal))
    names = record.players or ()
    listed = dealt_cards(replayed.hand.events, names)
    for inputs in hand.deals:
        if inputs.dealt is not None and inputs.dealt != listed.get(inputs.deal, ()):
            faults.append(
                _fault(
                    FaultKind.RECORD,
                    hand.number,
                    inputs.deal,
                    detail="the cards it lists as dealt are not the ones the hand's record deals",
                )
            )
    for deal, position, event in dealt_positions(replayed.hand.events):
        card = event.card
        deck = decks.get(deal)
        known = deck is not None and card is not None and (deal, card) not in replayed.unknown
        if known and deck is not None and deck[position] != card:
            faults.append(
                _fault(
                    FaultKind.CARD,
                    hand.number,
                    deal,
                    cards=(card, deck[position]),
                    position=position,
                )
            )
        if isinstance(event, Dealt) and event.seat < len(names):
            name = names[event.seat]
            if name in left.get(deal, set()) and (deal, name) not in said:
                said.add((deal, name))
                faults.append(_fault(FaultKind.LEFT_OUT, hand.number, deal, player=name))
    return faults
