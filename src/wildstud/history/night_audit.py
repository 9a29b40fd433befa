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
- a player left out of a deal was dealt no card in it.

Every fault found is named in a sentence, with its hand and deal; the audit goes on past it.

>>> from wildstud.joint_shuffle import night_commitment
>>> night = NightRecord(table="t1", commitment=night_commitment(bytes(32)), seed=None, hands=())
>>> audit_night(night).verified, audit_night(night).faults[0].text
(False, "the night's seed has not been revealed: the night is not over")
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wildstud.cards import Card
from wildstud.commitment import SealedDeck
from wildstud.deal import Dealt
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

__all__ = [
    "FORMAT",
    "Contribution",
    "DealAudit",
    "DealInputs",
    "Fault",
    "FaultKind",
    "HandInputs",
    "NightAudit",
    "NightRecord",
    "audit_night",
]

FORMAT = "wildstud-night/1"
"""The ``format`` field of a night record this module reads and writes."""

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
class DealInputs:
    """What one deal was made from: its number, the root published before its first card and
    every seated player's contribution."""

    deal: int
    root: str
    contributions: tuple[Contribution, ...]

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> DealInputs:
        """Read one deal's inputs from its JSON object."""
        contributions = _field(data, "contributions", list, "a deal")
        return cls(
            _field(data, "deal", int, "a deal"),
            _field(data, "root", str, "a deal"),
            tuple(Contribution.from_data(item) for item in contributions),
        )

    def to_data(self) -> dict[str, Any]:
        """The deal's inputs as their JSON object."""
        return {
            "deal": self.deal,
            "root": self.root,
            "contributions": [item.to_data() for item in self.contributions],
        }


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


@dataclass(frozen=True, slots=True)
class Fault:
    """One thing found wrong: its kind, where (hand and deal; ``None`` for the night) and a
    sentence saying what."""

    kind: FaultKind
    hand: int | None
    deal: int | None
    text: str


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
        hidden = Fault(
            FaultKind.SEED_HIDDEN,
            None,
            None,
            "the night's seed has not been revealed: the night is not over",
        )
        return NightAudit(night.table, (), (hidden,))
    faults: list[Fault] = []
    if night_commitment(night.seed) != night.commitment:
        faults.append(
            Fault(
                FaultKind.SEED,
                None,
                None,
                "the revealed night seed does not open the commitment published before the first"
                " deal: the server changed its seed",
            )
        )
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
        where = f"hand {hand.number}, deal {inputs.deal}"
        values: dict[int, bytes] = {}
        made_from: list[str] = []
        for item in inputs.contributions:
            if item.value is None:
                continue
            if opens(item.commitment, item.value, hand.number, inputs.deal, item.seat):
                values[item.seat] = item.value
                made_from.append(item.player)
            else:
                faults.append(
                    Fault(
                        FaultKind.VALUE,
                        hand.number,
                        inputs.deal,
                        f"{where}: {item.player}'s revealed value does not open the commitment"
                        " their page sent",
                    )
                )
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
            faults.append(Fault(FaultKind.RECORD, hand.number, inputs.deal, f"{where}: {error}"))
            continue
        decks[inputs.deal] = order
        if root != inputs.root:
            faults.append(
                Fault(
                    FaultKind.ROOT,
                    hand.number,
                    inputs.deal,
                    f"{where}: the published root is not the deck made from the night seed and the"
                    f" revealed values of {', '.join(made_from) or 'nobody'}",
                )
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
        return [Fault(FaultKind.RECORD, hand.number, None, f"hand {hand.number}: {error}")]
    faults: list[Fault] = []
    roots = {item.deal: item.root for item in record.commitments}
    published = {item.deal: item.root for item in hand.deals}
    for deal, root in published.items():
        if roots.get(deal) != root:
            faults.append(
                Fault(
                    FaultKind.ROOT,
                    hand.number,
                    deal,
                    f"hand {hand.number}, deal {deal}: the hand's record carries another root than"
                    " the one published",
                )
            )
    names = record.players or ()
    for deal, position, event in dealt_positions(replayed.hand.events):
        where = f"hand {hand.number}, deal {deal}"
        card = event.card
        deck = decks.get(deal)
        known = deck is not None and card is not None and (deal, card) not in replayed.unknown
        if known and deck is not None and deck[position] != card:
            faults.append(
                Fault(
                    FaultKind.CARD,
                    hand.number,
                    deal,
                    f"{where}: {card} was dealt where the deck has {deck[position]}"
                    f" (position {position}): a card was dealt out of order or substituted",
                )
            )
        if isinstance(event, Dealt) and event.seat < len(names):
            name = names[event.seat]
            if name in left.get(deal, set()) and (deal, name) not in said:
                said.add((deal, name))
                faults.append(
                    Fault(
                        FaultKind.LEFT_OUT,
                        hand.number,
                        deal,
                        f"{where}: {name} revealed no value but was dealt a card",
                    )
                )
    return faults
