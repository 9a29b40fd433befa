"""Nights dealt as a table with the players' shuffle deals them (issue 26), for the night audit's
tests, for ``examples/night.json`` and for ``tests/golden/night_audit.json`` (an honest night and
one of each cheat, with what :func:`~wildstud.history.night_audit.audit_night` finds in each: the
page's audit, ``tests/client/nightaudit.test.js``, must find the same). ``python -m
tests.tools.nights`` writes both files again (the values are derived from fixed seeds, so they come
out the same each time).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path

from wildstud.bots import CallingBot, play_out
from wildstud.cards import Card, Deck
from wildstud.commitment import Commitment, SealedDeck
from wildstud.deal import Hand, Redealt
from wildstud.history import write_record
from wildstud.history.export import record_from_hand
from wildstud.history.night_audit import (
    Contribution,
    DealInputs,
    HandInputs,
    NightRecord,
    audit_night,
    recorded_dealt,
)
from wildstud.joint_shuffle import (
    deck_order,
    deck_salts,
    hand_seed,
    night_commitment,
    value_commitment,
)
from wildstud.vocabulary import night_json

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "night.json"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "night_audit.json"

NAMES = ("Ann", "Bob", "Cy")

Order = Callable[[list[Card]], list[Card]]
"""What a cheating server does to the committed order before dealing from it."""


def honest(order: list[Card]) -> list[Card]:
    return order


def dealt_hand(
    seed: bytes,
    number: int,
    game: str,
    *,
    names: Sequence[str] = NAMES,
    withheld: Sequence[str] = (),
    dealt_order: Order = honest,
    reveal: Callable[[str, bytes], bytes] = lambda name, value: value,
    draw_value: Callable[[str, int, int], bytes] = lambda name, hand, deal: secrets.token_bytes(32),
) -> tuple[HandInputs, Hand]:
    """One hand dealt as the server deals it: for each deal every page commits to a value and
    reveals it (unless ``withheld``); the deck is shuffled from the hand's seed and the values,
    sealed with its derived salts, and dealt in ``dealt_order``."""
    keyed = hand_seed(seed, number)
    deals: list[DealInputs] = []

    def draw(deal: int) -> Deck:
        values: dict[int, bytes] = {}
        contributions = []
        for seat, name in enumerate(NAMES):
            value = draw_value(name, number, deal)
            shown = None if name in withheld else reveal(name, value)
            if shown is not None and shown == value:
                values[seat] = value
            made = value_commitment(value, number, deal, seat)
            contributions.append(Contribution(seat, name, made, shown))
        order = deck_order(keyed, number, deal, values)
        sealed = SealedDeck(deal, order, deck_salts(keyed, deal))
        deals.append(DealInputs(deal, sealed.commitment.root, tuple(contributions)))
        return Deck.stacked(dealt_order(order))

    hand = Hand(game, [100] * len(names), deck=draw)
    play_out(hand, CallingBot())
    roots = tuple(Commitment(item.deal, item.root) for item in deals)
    record = dataclasses.replace(
        record_from_hand(hand, reveal="all"), commitments=roots, players=tuple(names)
    )
    listed = recorded_dealt(record)
    deals = [dataclasses.replace(item, dealt=listed.get(item.deal, ())) for item in deals]
    return HandInputs(number, write_record(record), tuple(deals)), hand


def night_of(
    hands: Sequence[HandInputs], seed: bytes, commitment: str | None = None
) -> NightRecord:
    """The night of ``hands``, its seed revealed, committed as ``commitment`` said (by default
    the seed's own commitment: an honest server)."""
    return NightRecord("t1", commitment or night_commitment(seed), seed, tuple(hands))


def redealt(
    seed: bytes, number: int, values: Callable[[str, int, int], bytes] | None = None
) -> HandInputs:
    """Hand ``number``, of The Bitch, redealt: dealt again with other values (random, or
    ``values`` with an attempt counter mixed in) until a deal of it is redealt."""
    for attempt in range(400):

        def draw_value(name: str, hand: int, deal: int, attempt: int = attempt) -> bytes:
            if values is None:
                return secrets.token_bytes(32)
            return hashlib.sha256(values(name, hand, deal) + attempt.to_bytes(2, "big")).digest()

        inputs, played = dealt_hand(seed, number, "the-bitch", draw_value=draw_value)
        if any(isinstance(event, Redealt) for event in played.events):
            return inputs
    raise AssertionError("400 hands of The Bitch and no redeal")


def _fixed(name: str, hand: int, deal: int) -> bytes:
    return hashlib.sha256(f"example {name} {hand} {deal}".encode()).digest()


def example_night() -> NightRecord:
    """Three hands (Follow the Queen, seven-card Baby Daddy, The Bitch redealt) from fixed seeds."""
    seed = bytes(range(32))
    hands = [
        dealt_hand(seed, 1, "FTQ", draw_value=_fixed)[0],
        dealt_hand(seed, 2, "BD7", draw_value=_fixed)[0],
        redealt(seed, 3, _fixed),
    ]
    return night_of(hands, seed)


def second_first(order: list[Card]) -> list[Card]:
    """A cheating server's deal: the deck's second card first."""
    return [order[1], order[0], *order[2:]]


def golden_nights() -> list[tuple[str, NightRecord]]:
    """An honest night and one night of each cheat the page's audit must name, by name."""
    seed = bytes(range(32))
    other = bytes(range(1, 33))

    def bob_forges(name: str, value: bytes) -> bytes:
        return bytes(32) if name == "Bob" else value

    sat_out = dealt_hand(seed, 1, "FTQ", names=("Ann", "Bob"), withheld=("Cy",), draw_value=_fixed)
    dealt_in = dealt_hand(seed, 2, "FTQ", withheld=("Cy",), draw_value=_fixed)
    return [
        ("an honest night", example_night()),
        (
            "a server that chose its seed after the commitments",
            night_of(
                [dealt_hand(seed, 1, "FTQ", draw_value=_fixed)[0]], seed, night_commitment(other)
            ),
        ),
        (
            "a card dealt from the wrong position",
            night_of(
                [dealt_hand(seed, 1, "SMBU", dealt_order=second_first, draw_value=_fixed)[0]], seed
            ),
        ),
        (
            "a withheld reveal, then a player dealt in without one",
            night_of([sat_out[0], dealt_in[0]], seed),
        ),
        (
            "a value that does not open its commitment",
            night_of([dealt_hand(seed, 1, "BD7", reveal=bob_forges, draw_value=_fixed)[0]], seed),
        ),
    ]


def golden_text() -> str:
    """``tests/golden/night_audit.json``: each night's record and its audit as ``wildstud verify
    --night --json`` says it."""
    cases = [
        {"name": name, "record": night.to_data(), "audit": night_json(audit_night(night))}
        for name, night in golden_nights()
    ]
    return json.dumps({"cases": cases}, indent=None, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    EXAMPLE.write_text(json.dumps(example_night().to_data(), indent=1) + "\n")
    GOLDEN.write_text(golden_text(), encoding="utf-8")
    print(f"wrote {EXAMPLE} and {GOLDEN}")
