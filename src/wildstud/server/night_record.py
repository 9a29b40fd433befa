"""A table's night record for the players' shuffle: what ``wildstud verify --night`` reads.

Once the host has ended the night, the server reveals its night seed in this record, with
every hand dealt from it: the hand's record with every card (folded and mucked ones too: they
become verifiable, hence visible, once the night is over), the root published before each of
its deals, the cards each deal dealt with the positions they came from, and each asked
player's commitment and value (:mod:`wildstud.history.night_audit`).

Which parts go in:

- a hand's first deal: each seat whose page committed, with its value (``null`` if it revealed
  none: it sat the hand out); a seat asked that never committed is not there (nothing of it
  was used, and it was not dealt in);
- a redeal: each seat whose page revealed a value (one that does not open its commitment too,
  so that the audit names it); a page that did not answer in time at a redeal added nothing,
  as an away player adds nothing, and the hand's players stay in it (``docs/house-rules.md``,
  "The players' shuffle").

Ann committed and revealed nothing, Bob was asked and never committed:

>>> parts = [ShuffleValue(1, 1, 0, "Ann", "ab" * 32, None), ShuffleValue(1, 1, 1, "Bob")]
>>> [(item.player, item.value) for item in contributions(parts, 1)]
[('Ann', None)]
>>> contributions([ShuffleValue(1, 2, 0, "Ann", "ab" * 32, None)], 2)  # at a redeal: nothing
()
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from wildstud.commitment import Commitment
from wildstud.history import write_record
from wildstud.history.export import record_from_hand
from wildstud.history.night_audit import (
    Contribution,
    DealInputs,
    HandInputs,
    NightRecord,
    recorded_dealt,
)
from wildstud.server.history import record_order
from wildstud.server.replay import finished_book, rebuild
from wildstud.server.store import ShuffleNight, ShuffleValue, StoredHand

__all__ = ["contributions", "hand_inputs", "night_record"]


def contributions(parts: Iterable[ShuffleValue], deal: int) -> tuple[Contribution, ...]:
    """The contributions to deal number ``deal`` (see the module) from its players' ``parts``
    (those of that deal only)."""
    found = []
    for part in sorted(parts, key=lambda item: item.seat):
        if part.commitment is None or (deal > 1 and part.value is None):
            continue
        value = None if part.value is None else bytes.fromhex(part.value)
        found.append(Contribution(part.seat, part.player, part.commitment, value))
    return tuple(found)


def hand_inputs(stored: StoredHand, parts: Sequence[ShuffleValue]) -> HandInputs:
    """One finished hand of the night: its record with every card and its deals' inputs."""
    book = finished_book(stored)
    hand = rebuild(stored.setup, book, stored.actions)
    roots = []
    deals = []
    for deal in sorted(stored.decks):
        sealed = book.sealed(deal)
        if sealed is None:  # pragma: no cover - every shuffled deck is sealed
            continue
        roots.append(Commitment(deal, sealed.commitment.root))
        mine = [part for part in parts if part.deal == deal]
        deals.append(DealInputs(deal, sealed.commitment.root, contributions(mine, deal)))
    record = dataclasses.replace(
        record_from_hand(hand, reveal="all"),
        commitments=tuple(roots),
        # PHH numbers the players from the dealer's left: the names go round the same way.
        players=tuple(stored.setup.names[seat] for seat in record_order(stored.setup, hand)),
    )
    # Each deal's cards with their positions, so that the page's audit reads them rather than
    # working them out by the games' rules: read from the record itself (its seats are not the
    # live hand's), as the library's audit reads them.
    dealt = recorded_dealt(record)
    deals = [dataclasses.replace(item, dealt=dealt.get(item.deal, ())) for item in deals]
    return HandInputs(stored.setup.number, write_record(record), tuple(deals))


def night_record(
    table_id: str,
    night: ShuffleNight,
    hands: Iterable[StoredHand],
    parts: Iterable[ShuffleValue],
    *,
    over: bool,
) -> NightRecord:
    """The night record of ``hands`` (finished, dealt from ``night``'s seed); the seed is in it
    only once the night is ``over``."""
    by_hand: dict[int, list[ShuffleValue]] = {}
    for part in parts:
        by_hand.setdefault(part.number, []).append(part)
    inputs = tuple(
        hand_inputs(stored, by_hand.get(stored.setup.number, []))
        for stored in hands
        if stored.setup.number >= night.first_hand
    )
    seed = bytes.fromhex(night.seed) if over else None
    return NightRecord(table_id, night.commitment, seed, inputs)
