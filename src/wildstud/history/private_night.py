"""The audit of a night's private deals, once every party has published its secrets
(issue 26 item 2; :mod:`wildstud.private_rounds` plays the rounds, :mod:`wildstud.private_deal`
holds the arithmetic).

A private night record (the server offers one once the night is over; ``wildstud verify
--night FILE`` reads it) holds, for each deal of the night, every row its rounds stored: its
parties (and the protocol's version, "wildstud private deal v3"), each party's key with its
proof, each turn of the deck, each pass, every batch of shares with its proof, each show, and
after the night each party's secret and order (``reveal``). The server's own secret is in it
only as its reveal, as every page's is. :func:`audit_private_night` then plays every deal again
from those rows alone, as the table did (each row checked as the table checked it), and runs
:func:`audit_deal` over it: it names a party that published a secret that is not its key's,
reordered the deck otherwise than it says, put in a card that was not in the deck, or shared
wrongly, and a party that never published its secret and order ("did not publish"), never
skipped. A deal voided before its deck was masked dealt no card, and is not counted. A record of
another version (``wildstud-private-night/1``: private deal v1) is refused, naming it.

>>> from wildstud.private_rounds import Agent, DealRounds, Party
>>> rounds = DealRounds(b"t|hand 1", 1, (Party("Ann", (0,)), Party("server", (1,))))
>>> agents = [Agent.new(), Agent.new()]
>>> for index, agent in enumerate(agents):
...     _ = rounds.take_key(index, agent.key, agent.key_proof(rounds, index))
>>> for index in rounds.turns:  # the server first
...     _ = rounds.take_deck(index, agents[index].masked(rounds))
>>> for index, agent in enumerate(agents):  # every party's order value
...     _ = rounds.take_order(index, agent.order_value(rounds, index))
>>> [(fault.party, fault.kind) for fault in audit_deal(rounds)]
[(0, 'unpublished'), (1, 'unpublished')]
>>> for index, agent in enumerate(agents):
...     _ = rounds.take_reveal(index, agent.secret.scalar, agent.order)
>>> audit_deal(rounds)
[]
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wildstud.errors import RecordError
from wildstud.history.night_audit import PRIVATE_FORMAT
from wildstud.private_deal import VERSION, Fault, PrivateDealError
from wildstud.private_rounds import SERVER_ROW, DealRounds, Row, parties_of
from wildstud.words import describe_private_audit, describe_private_fault

__all__ = [
    "PRIVATE_FORMAT",
    "PrivateAudit",
    "PrivateDealRecord",
    "PrivateFault",
    "PrivateNight",
    "audit_deal",
    "audit_private_night",
    "night_of",
    "replay_deal",
]

PUBLIC_KINDS = ("parties", "key", "deck", "order", "pass", "unmask", "show", "reveal")
"""The rows a private night record carries: all but the server's ``agent`` row (its secret
before it published it, which its ``reveal`` row carries once the night is over)."""


def audit_deal(rounds: DealRounds) -> list[Fault]:
    """Every fault of one deal whose deck was masked: a party that did not publish its secret
    and order (``unpublished``; the rest cannot be replayed without it), else every fault the
    published secrets show (:meth:`~wildstud.private_rounds.DealRounds.audit`)."""
    missing = [party for party in range(len(rounds.parties)) if party not in rounds.revealed]
    if missing:
        said = "did not publish its secret and order"
        return [Fault(party, "unpublished", said) for party in missing]
    return rounds.audit()


@dataclass(frozen=True, slots=True)
class PrivateDealRecord:
    """One deal of the night: its hand, its number, what its proofs are bound to, and every
    public row its rounds stored, in order (the first names its parties)."""

    hand: int
    deal: int
    context: str
    rows: tuple[Row, ...]

    @classmethod
    def from_data(cls, data: Any) -> PrivateDealRecord:
        """Read one deal from its JSON object."""
        if not isinstance(data, Mapping):
            raise RecordError("a private deal's record is an object")
        hand, deal, context, rows = (data.get(name) for name in ("hand", "deal", "context", "rows"))
        if not (type(hand) is int and type(deal) is int and isinstance(context, str)):
            raise RecordError("a private deal's record has its hand, deal and context")
        if not isinstance(rows, list) or not all(isinstance(row, Mapping) for row in rows):
            raise RecordError(f"hand {hand}, deal {deal}: its rows are a list of objects")
        read = []
        for row in rows:
            kind, party = row.get("kind"), row.get("party")
            if kind not in PUBLIC_KINDS or type(party) is not int:
                raise RecordError(f"hand {hand}, deal {deal}: a row has no kind or party")
            read.append(Row(deal, kind, party, json.dumps(row.get("data"))))
        return cls(hand, deal, context, tuple(read))

    def to_data(self) -> dict[str, Any]:
        """The deal as its JSON object (each row's data as JSON, not as text)."""
        return {
            "hand": self.hand,
            "deal": self.deal,
            "context": self.context,
            "rows": [
                {"kind": row.kind, "party": row.party, "data": json.loads(row.data)}
                for row in self.rows
            ],
        }


@dataclass(frozen=True, slots=True)
class PrivateNight:
    """A table's private deals of a night (``format`` :data:`PRIVATE_FORMAT`)."""

    table: str
    deals: tuple[PrivateDealRecord, ...]

    @classmethod
    def from_data(cls, data: Any) -> PrivateNight:
        """Read a private night record from its JSON object; :class:`~wildstud.errors.RecordError`
        says what is wrong.

        >>> PrivateNight.from_data({"format": PRIVATE_FORMAT, "table": "t1", "deals": []})
        PrivateNight(table='t1', deals=())
        """
        if not isinstance(data, Mapping) or data.get("format") != PRIVATE_FORMAT:
            found = data.get("format") if isinstance(data, Mapping) else None
            if isinstance(found, str) and found.startswith("wildstud-private-night/"):
                version = found.rsplit("/", 1)[1]
                raise RecordError(
                    f"this night was dealt under wildstud private deal v{version} (format"
                    f" {found!r}): this wildstud audits private deal v{VERSION} only"
                    f" ({PRIVATE_FORMAT!r}); audit it with the wildstud that dealt it"
                )
            raise RecordError(f"a private night record has format {PRIVATE_FORMAT!r}")
        table, deals = data.get("table"), data.get("deals")
        if not isinstance(table, str) or not isinstance(deals, list):
            raise RecordError("a private night record has its table and a list of deals")
        return cls(table, tuple(PrivateDealRecord.from_data(item) for item in deals))

    def to_data(self) -> dict[str, Any]:
        """The record as its JSON object."""
        return {
            "format": PRIVATE_FORMAT,
            "table": self.table,
            "deals": [deal.to_data() for deal in self.deals],
        }


@dataclass(frozen=True, slots=True)
class PrivateFault:
    """One fault the audit found: where, whose (a player's name, or ``server``), what
    (:class:`~wildstud.private_deal.Fault`'s kind, ``refused`` or ``unpublished``) and the
    sentence that says it."""

    hand: int
    deal: int
    party: str
    kind: str
    text: str

    def to_data(self) -> dict[str, Any]:
        """The fault as the ``private_audit`` frame and ``--json`` carry it."""
        return {
            "hand": self.hand,
            "deal": self.deal,
            "party": self.party,
            "kind": self.kind,
            "text": self.text,
        }


@dataclass(frozen=True, slots=True)
class PrivateAudit:
    """The audit of a night's private deals: how many were checked, and every fault."""

    table: str
    deals: int
    faults: tuple[PrivateFault, ...]

    @property
    def verified(self) -> bool:
        """Whether nothing was found wrong."""
        return not self.faults

    @property
    def words(self) -> str:
        """The verdict in a sentence (:func:`~wildstud.words.describe_private_audit`)."""
        return describe_private_audit(self.deals, len(self.faults))


def _fault(record: PrivateDealRecord, name: str, kind: str) -> PrivateFault:
    text = describe_private_fault(kind, name, record.hand)
    return PrivateFault(record.hand, record.deal, name, kind, text)


def replay_deal(record: PrivateDealRecord) -> tuple[DealRounds | None, list[PrivateFault]]:
    """The rounds of one deal played again from its rows, each checked as the table checked
    it; a row that does not hold is a fault of its party (``refused``), and the replay stops
    there. ``None``: the rows name no parties."""
    rows = record.rows
    where = f"hand {record.hand}, deal {record.deal}"
    if not rows or rows[0].kind != "parties":
        raise RecordError(
            f"hand {record.hand}, deal {record.deal}: its rows start with its parties"
        )
    try:
        parties = parties_of(rows[0].data)
    except PrivateDealError as error:  # another version's
        raise RecordError(f"{where}: {error}") from None
    except (TypeError, ValueError, KeyError):
        raise RecordError(f"{where}: its parties cannot be read") from None
    try:
        rounds = DealRounds(record.context.encode(), record.deal, parties)
    except (PrivateDealError, TypeError, ValueError):
        raise RecordError(f"{where}: its parties cannot be read") from None
    for row in rows[1:]:
        try:
            rounds.apply(row)
        except (PrivateDealError, TypeError, ValueError, KeyError, IndexError):
            party = len(parties) - 1 if row.party == SERVER_ROW else row.party
            name = parties[party].name if 0 <= party < len(parties) else "server"
            return rounds, [_fault(record, name, "refused")]
    return rounds, []


def audit_private_night(night: PrivateNight) -> PrivateAudit:
    """Every deal of ``night`` played again and audited (see the module)."""
    faults: list[PrivateFault] = []
    checked = 0
    for record in night.deals:
        rounds, found = replay_deal(record)
        faults += found
        if found or rounds is None or rounds.stage in ("keys", "masking", "order"):
            checked += bool(found)
            continue  # voided before its deck was masked: it dealt no card
        checked += 1
        for fault in audit_deal(rounds):
            faults.append(_fault(record, rounds.parties[fault.party].name, fault.kind))
    return PrivateAudit(night.table, checked, tuple(faults))


def night_of(table: str, hands: Iterable[tuple[int, str, Sequence[Row]]]) -> PrivateNight:
    """The private night record of ``table`` from each hand's number, context (what its proofs
    are bound to) and stored rows, the server's ``agent`` rows left out."""
    records = []
    for hand, context, rows in hands:
        by_deal: dict[int, list[Row]] = {}
        for row in rows:
            if row.kind in PUBLIC_KINDS:
                by_deal.setdefault(row.deal, []).append(row)
        records += [
            PrivateDealRecord(hand, deal, context, tuple(by_deal[deal])) for deal in sorted(by_deal)
        ]
    return PrivateNight(table, tuple(records))
