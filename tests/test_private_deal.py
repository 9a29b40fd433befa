"""The private deal's cryptography (wildstud.private_deal, issue 26 item 2): a whole deal of
four parties in which each hole card opens to its owner alone and each face-up card to all; and
every cheat of the acceptance by a party (a wrong reordering, a substituted card, a wrong
unmasking, a key that is not the secret's) caught on the spot where it can be, and named by the
audit after the night. The fixed vectors the page's half must match are in
tests/golden/private_deal.json."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from wildstud.cards import DECK, parse_card
from wildstud.private_deal import (
    Batch,
    PrivateDealError,
    Secret,
    Step,
    audit,
    card_of,
    card_point,
    check_batch,
    check_unmasking,
    deal_deck,
    mask_and_shuffle,
    open_own,
    shuffled_order,
    unmask,
    unmask_batch,
)

GOLDEN = Path(__file__).parent / "golden" / "private_deal.json"
BATCH_CONTEXT = b"table t|hand 1|deal 1|pass 0|party 0"
PARTIES = 4


def _context(position: int, party: int) -> bytes:
    return f"table t, hand 1, deal 1, position {position}, party {party}".encode()


def _open(point: bytes, secrets: list[Secret], skip: int | None) -> tuple[bytes, list[Step]]:
    """Every party but ``skip`` takes its mask off ``point``, each step checked at once."""
    steps = []
    for party, secret in enumerate(secrets):
        if party == skip:
            continue
        context = _context(0, party)
        step = unmask(point, secret, context)
        assert check_unmasking(step, secret.key, context)
        steps.append(Step(party, context, step))
        point = step.after
    return point, steps


def test_a_hole_card_opens_to_its_owner_alone_and_a_face_up_card_to_all() -> None:
    turns = [(Secret.new(), shuffled_order(52)) for _ in range(PARTIES)]
    secrets = [secret for secret, _ in turns]
    dealt = deal_deck(turns)[-1]
    assert len(set(dealt)) == 52
    assert not set(dealt) & {card_point(card) for card in DECK}  # no card shows through
    # A hole card of party 2: the others take their masks off; what they see is still masked.
    point, _ = _open(dealt[0], secrets, skip=2)
    with pytest.raises(PrivateDealError, match="a mask is still on it"):
        card_of(point)
    hole = open_own(point, secrets[2])
    # A face-up card: every party takes its mask off, and anybody reads it.
    face_up = card_of(_open(dealt[1], secrets, skip=None)[0])
    # The audit after the night finds the same cards where they were dealt.
    faults, cards = audit(
        [s.key for s in secrets], deal_deck(turns), [], [(s.scalar, o) for s, o in turns]
    )
    assert faults == []
    assert cards[:2] == [hole, face_up]
    assert sorted(cards) == sorted(DECK)


def test_an_unmasking_with_another_secret_is_caught_at_once_and_by_the_audit() -> None:
    turns = [(Secret.new(), shuffled_order(52)) for _ in range(PARTIES)]
    secrets = [secret for secret, _ in turns]
    decks = deal_deck(turns)
    point = decks[-1][5]
    context = _context(5, 1)
    # Party 1 unmasks with a secret of its own making: its proof cannot hold for its key.
    cheat = unmask(point, Secret.new(), context)
    assert not check_unmasking(cheat, secrets[1].key, context)
    # A proof made for one card does not pass for another card or another context.
    honest = unmask(point, secrets[1], context)
    assert not check_unmasking(honest, secrets[1].key, _context(6, 1))
    forged = type(honest)(decks[-1][6], honest.after, honest.challenge, honest.response)
    assert not check_unmasking(forged, secrets[1].key, context)
    faults, _ = audit(
        [s.key for s in secrets],
        decks,
        [
            Step(1, context, cheat),
            Step(2, _context(5, 2), unmask(point, secrets[2], _context(5, 2))),
        ],
        [(s.scalar, o) for s, o in turns],
    )
    assert [(fault.party, fault.kind) for fault in faults] == [(1, "unmasked")]


def test_a_party_that_reorders_otherwise_than_it_says_is_named() -> None:
    turns = [(Secret.new(), shuffled_order(52)) for _ in range(PARTIES)]
    decks = deal_deck(turns)
    # Party 2 sends its masked deck in another order than the one it publishes after the night
    # (it kept a favourable card where it wanted it).
    decks[2] = decks[2][1:] + decks[2][:1]
    decks[3] = mask_and_shuffle(decks[2], turns[3][0], turns[3][1])
    faults, cards = audit([s.key for s, _ in turns], decks, [], [(s.scalar, o) for s, o in turns])
    assert [(fault.party, fault.kind) for fault in faults] == [(2, "reordered")]
    assert cards == []


def test_a_party_that_puts_in_a_card_that_was_not_there_is_named() -> None:
    turns = [(Secret.new(), shuffled_order(52)) for _ in range(PARTIES)]
    decks = deal_deck(turns)
    # The server (party 0) swaps the masked card at position 7 for a second copy of another
    # card under its mask (any card but the one that is there).
    there = turns[0][1][7]  # the card (by its place in the deck) party 0 put at position 7
    other = DECK[(there + 1) % 52]
    decks[0] = list(decks[0])
    decks[0][7] = mask_and_shuffle([card_point(other)], turns[0][0], [0])[0]
    faults, _ = audit([s.key for s, _ in turns], decks, [], [(s.scalar, o) for s, o in turns])
    assert [(fault.party, fault.kind) for fault in faults] == [(0, "substituted")]


def test_a_secret_published_that_is_not_the_key_s_is_named() -> None:
    turns = [(Secret.new(), shuffled_order(52)) for _ in range(2)]
    revealed = [(s.scalar, o) for s, o in turns]
    revealed[1] = (Secret.new().scalar, revealed[1][1])
    faults, _ = audit([s.key for s, _ in turns], deal_deck(turns), [], revealed)
    assert (1, "key") in [(fault.party, fault.kind) for fault in faults]


def test_bad_points_orders_and_secrets_are_refused() -> None:
    secret = Secret.new()
    with pytest.raises(PrivateDealError, match="not a point"):
        mask_and_shuffle([b"\x00" * 32], secret, [0])
    with pytest.raises(PrivateDealError, match="names each position once"):
        mask_and_shuffle([card_point(DECK[0]), card_point(DECK[1])], secret, [0, 0])
    with pytest.raises(PrivateDealError, match="32 bytes"):
        Secret.of(b"short")
    step = unmask(card_point(DECK[0]), secret, b"x")
    broken = type(step)(step.before, b"\xff" * 32, step.challenge, step.response)
    assert not check_unmasking(broken, secret.key, b"x")


def _batch_deal(size: int) -> tuple[list[Secret], list[bytes]]:
    """Two parties' secrets and ``size`` cards of their dealt deck."""
    turns = [(Secret.new(), shuffled_order(52)) for _ in range(2)]
    return [secret for secret, _ in turns], deal_deck(turns)[-1][:size]


def test_a_batch_unmasks_every_point_with_one_proof_that_only_the_batch_passes() -> None:
    secrets, points = _batch_deal(8)
    first, second = secrets
    batch = unmask_batch(points[:5], second, b"pass 1|party 1")
    assert batch.afters == tuple(unmask(p, second, b"x").after for p in points[:5])
    assert check_batch(batch, second.key, b"pass 1|party 1")
    assert not check_batch(batch, first.key, b"pass 1|party 1"), "another party's key"
    assert not check_batch(batch, second.key, b"pass 2|party 1"), "a wrong context"
    # One wrong card: an after of the party's own making, the proof made over it as well.
    cheat = list(batch.afters)
    cheat[2] = unmask(points[2], first, b"x").after
    wrong = Batch(batch.befores, tuple(cheat), batch.challenge, batch.response)
    assert not check_batch(wrong, second.key, b"pass 1|party 1")
    # Reordered: the same pairs in another order, or the afters alone moved.
    assert not check_batch(
        Batch(batch.befores[::-1], batch.afters[::-1], batch.challenge, batch.response),
        second.key,
        b"pass 1|party 1",
    )
    moved = (batch.afters[1], batch.afters[0], *batch.afters[2:])
    assert not check_batch(
        Batch(batch.befores, moved, batch.challenge, batch.response), second.key, b"pass 1|party 1"
    )
    # A card swapped between two batches of the same party, each with its own proof.
    other = unmask_batch(points[5:], second, b"pass 2|party 1")
    assert check_batch(other, second.key, b"pass 2|party 1")
    swapped_befores = (other.befores[0], *batch.befores[1:])
    swapped_afters = (other.afters[0], *batch.afters[1:])
    for proof in (batch, other):
        for context in (b"pass 1|party 1", b"pass 2|party 1"):
            swapped = Batch(swapped_befores, swapped_afters, proof.challenge, proof.response)
            assert not check_batch(swapped, second.key, context)
    # A batch cut short or grown, or with no point, proves nothing.
    assert not check_batch(
        Batch(batch.befores[:4], batch.afters[:4], batch.challenge, batch.response),
        second.key,
        b"pass 1|party 1",
    )
    assert not check_batch(Batch((), (), batch.challenge, batch.response), second.key, b"")
    with pytest.raises(PrivateDealError, match="one point or more"):
        unmask_batch([], second, b"x")
    with pytest.raises(PrivateDealError, match="not a point"):
        unmask_batch([points[0], bytes(32)], second, b"x")


def test_a_batch_of_one_and_a_broken_proof() -> None:
    secrets, points = _batch_deal(1)
    batch = unmask_batch(points, secrets[0], b"one")
    assert check_batch(batch, secrets[0].key, b"one")
    # The response plus the group's order reads as the same scalar to libsodium: refused.
    order = 2**252 + 27742317777372353535851937790883648493
    above = (int.from_bytes(batch.response, "little") + order).to_bytes(32, "little")
    assert not check_batch(
        Batch(batch.befores, batch.afters, batch.challenge, above), secrets[0].key, b"one"
    )
    broken = Batch(batch.befores, (b"\xff" * 32,), batch.challenge, batch.response)
    assert not check_batch(broken, secrets[0].key, b"one")
    assert not check_batch(
        Batch(batch.befores, (bytes(32),), batch.challenge, batch.response), secrets[0].key, b"one"
    )


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's half")
def test_a_batch_made_by_the_page_checks_in_the_library() -> None:
    secrets, points = _batch_deal(7)
    script = (
        "import { secretOf, unmaskBatch } from './src/wildstud/server/static/js/privatedeal.js';"
        "const [scalar, context, ...points] = process.argv.slice(1);"
        "const hex = (b) => Buffer.from(b).toString('hex');"
        "const bytes = (t) => new Uint8Array(Buffer.from(t, 'hex'));"
        "const batch = unmaskBatch(points.map(bytes), secretOf(bytes(scalar)),"
        " new TextEncoder().encode(context));"
        "console.log(JSON.stringify({afters: batch.afters.map(hex),"
        " challenge: hex(batch.challenge), response: hex(batch.response)}));"
    )
    context = "table t|hand 2|deal 1|pass 3|party 1"
    made = subprocess.run(
        ["node", "--input-type=module", "-e", script, secrets[1].scalar.hex(), context]
        + [point.hex() for point in points],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parent.parent,
        timeout=60,
    )
    data = json.loads(made.stdout)
    batch = Batch(
        tuple(points),
        tuple(bytes.fromhex(after) for after in data["afters"]),
        bytes.fromhex(data["challenge"]),
        bytes.fromhex(data["response"]),
    )
    assert check_batch(batch, secrets[1].key, context.encode())
    assert batch == unmask_batch(points, secrets[1], context.encode())  # byte for byte
    assert not check_batch(batch, secrets[1].key, context.encode() + b" ")


def test_the_fixed_vectors_hold() -> None:
    # What the page's half (with @noble/curves) must compute alike: card points, a masking and
    # an unmasking with its proof, from fixed secrets.
    golden = json.loads(GOLDEN.read_text())
    assert golden == _vectors()


def _vectors() -> dict[str, object]:
    rng = random.Random(26)
    secret = Secret.of(_scalar(rng))
    cards = ["As", "Qs", "2c", "Td"]
    points = [card_point(parse_card(card)) for card in cards]
    masked = mask_and_shuffle(points, secret, [2, 0, 3, 1])
    step = unmask(masked[0], secret, b"table t, hand 1, deal 1, position 0, party 0")
    batch = unmask_batch(masked[1:], secret, BATCH_CONTEXT)
    return {
        "card_points": {card: card_point(parse_card(card)).hex() for card in cards},
        "secret": secret.scalar.hex(),
        "key": secret.key.hex(),
        "order": [2, 0, 3, 1],
        "masked": [point.hex() for point in masked],
        "unmasking": {
            "context": "table t, hand 1, deal 1, position 0, party 0",
            "before": step.before.hex(),
            "after": step.after.hex(),
            "challenge": step.challenge.hex(),
            "response": step.response.hex(),
        },
        "batch": {
            "context": BATCH_CONTEXT.decode(),
            "befores": [point.hex() for point in batch.befores],
            "afters": [point.hex() for point in batch.afters],
            "challenge": batch.challenge.hex(),
            "response": batch.response.hex(),
        },
    }


def _scalar(rng: random.Random) -> bytes:
    """A fixed scalar below the group's order (the top bits cleared)."""
    raw = bytearray(rng.randbytes(32))
    raw[31] &= 0x0F
    return bytes(raw)


if __name__ == "__main__":  # python -m tests.test_private_deal: write the fixed vectors
    GOLDEN.write_text(json.dumps(_vectors(), indent=2) + "\n")
