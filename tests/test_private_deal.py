"""The private deal's cryptography, version 2 (wildstud.private_deal, issue 26 item 2): a whole
deal of four parties under a joint key in which each hole card opens to its owner alone and
each face-up card to all; a rogue key refused for want of a proof; and every cheat of the
acceptance by a party (a wrong reordering, a substituted card, a wrong share, a key that is not
the secret's) caught on the spot where it can be, and named by the audit after the night. The
fixed vectors the page's half must match are in tests/golden/private_deal.json (written by
``python -m tests.test_private_deal``)."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pysodium
import pytest

from wildstud.cards import DECK, parse_card
from wildstud.private_deal import (
    CARDS_SUM,
    Ciphertext,
    KeyProof,
    PrivateDealError,
    Secret,
    Shares,
    Step,
    adds_up,
    audit,
    card_point,
    check_deck,
    check_key,
    check_shares,
    deal_deck,
    deal_order,
    deck_sum,
    is_point,
    joint_key,
    open_card,
    open_own,
    order_point,
    prove_key,
    share_batch,
    shuffle_turn,
    shuffled_order,
)

ROOT = Path(__file__).parent.parent
GOLDEN = Path(__file__).parent / "golden" / "private_deal.json"
PAGE = ROOT / "src" / "wildstud" / "server" / "static" / "js" / "privatedeal.js"
CONTEXT = b"table t|hand 1|deal 1"
BATCH_CONTEXT = b"table t|hand 1|deal 1|unmask 1,2,3|party 1"
PARTIES = 4
ORDER = 2**252 + 27742317777372353535851937790883648493


def _deal(parties: int = PARTIES) -> tuple[list[tuple[Secret, list[int]]], list[list[Ciphertext]]]:
    turns = [(Secret.new(), shuffled_order(52)) for _ in range(parties)]
    return turns, deal_deck(turns, CONTEXT)


def _revealed(turns: list[tuple[Secret, list[int]]]) -> list[tuple[bytes, list[int]]]:
    return [(secret.scalar, order) for secret, order in turns]


def _shares(
    position_c1: bytes, secrets: list[Secret], skip: int | None
) -> tuple[list[bytes], list[Step]]:
    """Every party but ``skip`` publishes its share of one position, each checked at once."""
    shares, steps = [], []
    for party, secret in enumerate(secrets):
        if party == skip:
            continue
        context = b"%s|unmask 0|party %d" % (CONTEXT, party)
        batch = share_batch([position_c1], secret, context)
        assert check_shares(batch, secret.key, context)
        shares.append(batch.shares[0])
        steps.append(Step(party, context, batch))
    return shares, steps


def test_a_hole_card_opens_to_its_owner_alone_and_a_face_up_card_to_all() -> None:
    turns, decks = _deal()
    secrets = [secret for secret, _ in turns]
    dealt = decks[-1]
    check_deck(dealt)
    assert not {c2 for _, c2 in dealt} & {card_point(card) for card in DECK}  # none shows
    # A hole card of party 2: the others publish their shares; what they open is no card.
    shares, steps = _shares(dealt[0][0], secrets, skip=2)
    with pytest.raises(PrivateDealError, match="a share is missing"):
        open_card(dealt[0], shares)
    hole = open_own(dealt[0], shares, secrets[2])
    # A face-up card: every party's share, in any order, and anybody reads it.
    all_shares, more = _shares(dealt[1][0], secrets, skip=None)
    face_up = open_card(dealt[1], all_shares[::-1])
    faults, cards = audit([s.key for s in secrets], decks, steps + more, _revealed(turns), CONTEXT)
    assert faults == []
    assert cards[:2] == [hole, face_up]
    assert sorted(cards) == sorted(DECK)


def test_a_rogue_key_is_refused_for_want_of_a_proof() -> None:
    honest = [Secret.new() for _ in range(3)]
    # The last party to publish picks its key as y·G less the others': the joint key is then
    # y·G, whose secret it alone knows, and every card would open to it.
    mine = Secret.new()
    rogue = mine.key
    for secret in honest:
        rogue = _sub(rogue, secret.key)
    assert joint_key([*(s.key for s in honest), rogue]) == mine.key
    # It cannot prove that it knows the secret of the key it published: no proof holds.
    for attempt in (prove_key(mine, CONTEXT, 3), prove_key(Secret.new(), CONTEXT, 3)):
        assert not check_key(rogue, attempt, CONTEXT, 3)
    # A proof copied from another party or another deal does not pass either.
    proof = prove_key(honest[0], CONTEXT, 0)
    assert check_key(honest[0].key, proof, CONTEXT, 0)
    assert not check_key(honest[0].key, proof, CONTEXT, 3), "another party's index"
    assert not check_key(honest[0].key, proof, b"table t|hand 1|deal 2", 0), "another deal"
    above = (int.from_bytes(proof.response, "little") + ORDER).to_bytes(32, "little")
    assert not check_key(honest[0].key, KeyProof(proof.challenge, above), CONTEXT, 0)
    assert not check_key(bytes(32), proof, CONTEXT, 0)


def _sub(one: bytes, other: bytes) -> bytes:
    return bytes(pysodium.crypto_core_ristretto255_sub(one, other))


def test_a_share_with_a_wrong_proof_is_refused_at_once_and_named_by_the_audit() -> None:
    turns, decks = _deal()
    secrets = [secret for secret, _ in turns]
    c1 = decks[-1][5][0]
    context = b"%s|unmask 5|party 1" % CONTEXT
    # Party 1 shares with a secret of its own making: its proof cannot hold for its key.
    cheat = share_batch([c1], Secret.new(), context)
    assert not check_shares(cheat, secrets[1].key, context)
    # Its true share with a proof of another share, or moved to another card, fails too.
    honest = share_batch([c1], secrets[1], context)
    forged = Shares(honest.points, cheat.shares, honest.challenge, honest.response)
    assert not check_shares(forged, secrets[1].key, context)
    moved = Shares((decks[-1][6][0],), honest.shares, honest.challenge, honest.response)
    assert not check_shares(moved, secrets[1].key, context)
    assert not check_shares(honest, secrets[1].key, b"%s|unmask 6|party 1" % CONTEXT)
    other = b"%s|unmask 5|party 2" % CONTEXT
    faults, _ = audit(
        [s.key for s in secrets],
        decks,
        [Step(1, context, cheat), Step(2, other, share_batch([c1], secrets[2], other))],
        _revealed(turns),
        CONTEXT,
    )
    assert [(fault.party, fault.kind) for fault in faults] == [(1, "unmasked")]


def test_a_party_that_reorders_otherwise_than_it_says_is_named() -> None:
    turns, decks = _deal()
    joint = joint_key([s.key for s, _ in turns])
    # Party 2 sends its deck in another order than the one it publishes after the night.
    decks[2] = decks[2][1:] + decks[2][:1]
    decks[3] = shuffle_turn(decks[2], turns[3][0], turns[3][1], joint, CONTEXT)
    faults, cards = audit([s.key for s, _ in turns], decks, [], _revealed(turns), CONTEXT)
    assert [(fault.party, fault.kind) for fault in faults] == [(2, "reordered")]
    assert "order published" in faults[0].detail
    assert cards == []


def test_a_party_that_re_randomises_with_another_secret_is_named() -> None:
    turns, decks = _deal(3)
    joint = joint_key([s.key for s, _ in turns])
    decks[1] = shuffle_turn(decks[0], Secret.new(), turns[1][1], joint, CONTEXT)
    decks[2] = shuffle_turn(decks[1], turns[2][0], turns[2][1], joint, CONTEXT)
    faults, _ = audit([s.key for s, _ in turns], decks, [], _revealed(turns), CONTEXT)
    assert [(fault.party, fault.kind) for fault in faults] == [(1, "reordered")]
    assert "re-randomised" in faults[0].detail


def test_a_party_that_puts_in_a_card_that_was_not_there_is_named() -> None:
    turns, decks = _deal()
    joint = joint_key([s.key for s, _ in turns])
    # The server (party 0) puts a second copy of another card at position 7, under the joint
    # key: every check on the spot passes (52 different ciphertexts).
    there = turns[0][1][7]
    other = card_point(DECK[(there + 1) % 52])
    decks[0] = list(decks[0])
    decks[0][7] = shuffle_turn([(bytes(32), other)], Secret.new(), [0], joint, CONTEXT)[0]
    check_deck(decks[0])
    faults, _ = audit([s.key for s, _ in turns], decks, [], _revealed(turns), CONTEXT)
    assert [(fault.party, fault.kind) for fault in faults] == [(0, "substituted")]


def test_a_secret_published_that_is_not_the_key_s_is_named() -> None:
    turns, decks = _deal(2)
    revealed = _revealed(turns)
    revealed[1] = (Secret.new().scalar, revealed[1][1])
    faults, _ = audit([s.key for s, _ in turns], decks, [], revealed, CONTEXT)
    assert (1, "key") in [(fault.party, fault.kind) for fault in faults]


def test_bad_points_orders_decks_and_secrets_are_refused() -> None:
    secret = Secret.new()
    _, decks = _deal(2)
    with pytest.raises(PrivateDealError, match="names each position once"):
        shuffle_turn(decks[0][:2], secret, [0, 0], secret.key, CONTEXT)
    with pytest.raises(PrivateDealError, match="32 bytes"):
        Secret.of(b"short")
    with pytest.raises(PrivateDealError, match="other than zero"):
        Secret.of(bytes(32))
    with pytest.raises(PrivateDealError, match="52 different"):
        check_deck(decks[0][:51] + decks[0][:1])
    with pytest.raises(PrivateDealError, match="two points"):
        check_deck([(bytes(32), decks[0][0][1]), *decks[0][1:]])
    with pytest.raises(PrivateDealError, match="not a point"):
        share_batch([decks[0][0][0], bytes(32)], secret, b"x")
    with pytest.raises(PrivateDealError, match="one point or more"):
        share_batch([], secret, b"x")
    with pytest.raises(PrivateDealError, match="no point"):
        open_card(decks[1][0], [b"\xff" * 32])


def test_a_batch_shares_every_point_with_one_proof_that_only_the_batch_passes() -> None:
    turns, decks = _deal(2)
    first, second = (secret for secret, _ in turns)
    points = [c1 for c1, _ in decks[-1][:8]]
    one, two = b"unmask 0-4|party 1", b"unmask 5-7|party 1"
    batch = share_batch(points[:5], second, one)
    assert batch.shares == tuple(share_batch([p], second, b"x").shares[0] for p in points[:5])
    assert check_shares(batch, second.key, one)
    assert not check_shares(batch, first.key, one), "another party's key"
    assert not check_shares(batch, second.key, two), "a wrong context"
    wrong = list(batch.shares)
    wrong[2] = share_batch([points[2]], first, b"x").shares[0]
    assert not check_shares(
        Shares(batch.points, tuple(wrong), batch.challenge, batch.response), second.key, one
    )
    reversed_ = Shares(batch.points[::-1], batch.shares[::-1], batch.challenge, batch.response)
    assert not check_shares(reversed_, second.key, one)
    moved = (batch.shares[1], batch.shares[0], *batch.shares[2:])
    assert not check_shares(
        Shares(batch.points, moved, batch.challenge, batch.response), second.key, one
    )
    other = share_batch(points[5:], second, two)
    swapped = ((other.points[0], *batch.points[1:]), (other.shares[0], *batch.shares[1:]))
    for proof in (batch, other):
        for context in (one, two):
            forged = Shares(*swapped, proof.challenge, proof.response)
            assert not check_shares(forged, second.key, context)
    cut = Shares(batch.points[:4], batch.shares[:4], batch.challenge, batch.response)
    assert not check_shares(cut, second.key, one)
    assert not check_shares(Shares((), (), batch.challenge, batch.response), second.key, one)
    above = (int.from_bytes(batch.response, "little") + ORDER).to_bytes(32, "little")
    assert not check_shares(
        Shares(batch.points, batch.shares, batch.challenge, above), second.key, one
    )
    broken = Shares(
        batch.points, (b"\xff" * 32, *batch.shares[1:]), batch.challenge, batch.response
    )
    assert not check_shares(broken, second.key, one)


def _page_has_shares() -> bool:
    return (
        PAGE.exists() and re.search(r"export function shareBatch\b", PAGE.read_text()) is not None
    )


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's half")
@pytest.mark.skipif(not _page_has_shares(), reason="the page's half of v2 is not in yet")
def test_a_batch_made_by_the_page_checks_in_the_library() -> None:
    turns, decks = _deal(2)
    secret = turns[1][0]
    points = [c1 for c1, _ in decks[-1][:7]]
    script = (
        "import { secretOf, shareBatch } from './src/wildstud/server/static/js/privatedeal.js';"
        "const [scalar, context, ...points] = process.argv.slice(1);"
        "const hex = (b) => Buffer.from(b).toString('hex');"
        "const bytes = (t) => new Uint8Array(Buffer.from(t, 'hex'));"
        "const batch = shareBatch(points.map(bytes), secretOf(bytes(scalar)),"
        " new TextEncoder().encode(context));"
        "console.log(JSON.stringify({shares: batch.shares.map(hex),"
        " challenge: hex(batch.challenge), response: hex(batch.response)}));"
    )
    context = "table t|hand 2|deal 1|unmask 0,1,2,3,4,5,6|party 1"
    made = subprocess.run(
        ["node", "--input-type=module", "-e", script, secret.scalar.hex(), context]
        + [point.hex() for point in points],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        timeout=60,
    )
    data = json.loads(made.stdout)
    batch = Shares(
        tuple(points),
        tuple(bytes.fromhex(share) for share in data["shares"]),
        bytes.fromhex(data["challenge"]),
        bytes.fromhex(data["response"]),
    )
    assert check_shares(batch, secret.key, context.encode())
    assert batch == share_batch(points, secret, context.encode())  # byte for byte


def test_the_fixed_vectors_hold() -> None:
    # What the page's half (with @noble/curves) must compute alike.
    golden = json.loads(GOLDEN.read_text())
    assert golden == _vectors()


def _vectors() -> dict[str, object]:
    rng = random.Random(31)
    first, second = Secret.of(_scalar(rng)), Secret.of(_scalar(rng))
    cards = ["As", "Qs", "2c", "Td"]
    points = [card_point(parse_card(card)) for card in cards]
    joint = joint_key([first.key, second.key])
    opened = [(bytes(32), point) for point in points]
    turned = shuffle_turn(opened, first, [2, 0, 3, 1], joint, CONTEXT)
    dealt = shuffle_turn(turned, second, [2, 3, 1, 0], joint, CONTEXT)
    batch = share_batch([c1 for c1, _ in dealt[1:]], second, BATCH_CONTEXT)
    one = share_batch([dealt[0][0]], first, b"%s|unmask 0|party 0" % CONTEXT)
    theirs = share_batch([dealt[0][0]], second, b"%s|unmask 0|party 1" % CONTEXT)
    point = order_point(CONTEXT)
    valued = [
        share_batch([point], secret, b"%s|unmask 53|party %d" % (CONTEXT, party))
        for party, secret in enumerate((first, second))
    ]

    def ciphertexts(deck: list[tuple[bytes, bytes]]) -> list[str]:
        return [(c1 + c2).hex() for c1, c2 in deck]

    def proof(made: KeyProof) -> dict[str, str]:
        return {"challenge": made.challenge.hex(), "response": made.response.hex()}

    def shares(made: Shares, context: bytes) -> dict[str, object]:
        return {
            "context": context.decode(),
            "points": [point.hex() for point in made.points],
            "shares": [share.hex() for share in made.shares],
            "challenge": made.challenge.hex(),
            "response": made.response.hex(),
        }

    return {
        "domain": "wildstud private deal v2",
        "card_points": {card: card_point(parse_card(card)).hex() for card in cards},
        "cards_sum": CARDS_SUM.hex(),
        "context": CONTEXT.decode(),
        "secrets": [first.scalar.hex(), second.scalar.hex()],
        "keys": [first.key.hex(), second.key.hex()],
        "key_proofs": [proof(prove_key(first, CONTEXT, 0)), proof(prove_key(second, CONTEXT, 1))],
        "joint_key": joint.hex(),
        "cards": cards,
        "orders": [[2, 0, 3, 1], [2, 3, 1, 0]],
        "decks": [ciphertexts(turned), ciphertexts(dealt)],
        "batch": shares(batch, BATCH_CONTEXT),
        "single": shares(one, b"%s|unmask 0|party 0" % CONTEXT),
        "order": {
            "point": point.hex(),
            "values": [
                shares(made, b"%s|unmask 53|party %d" % (CONTEXT, party))
                for party, made in enumerate(valued)
            ],
            "deal_order": deal_order([made.shares[0] for made in valued], CONTEXT),
        },
        "opened": {
            "position": 0,
            "card": str(open_card(dealt[0], [one.shares[0], theirs.shares[0]])),
            "owner_party": 0,
            "others_shares": [theirs.shares[0].hex()],
        },
    }


def _scalar(rng: random.Random) -> bytes:
    """A fixed scalar below the group's order (the top bits cleared)."""
    raw = bytearray(rng.randbytes(32))
    raw[31] &= 0x0F
    return bytes(raw)


def test_the_deal_order_is_a_permutation_fixed_by_every_order_value() -> None:
    # Each party's value is its secret times a point nobody knows the logarithm of, proved as
    # a share; the order follows from all of them, in the parties' order, and from the deal.
    secrets = [Secret.new() for _ in range(3)]
    point = order_point(CONTEXT)
    values = [share_batch([point], s, b"v").shares[0] for s in secrets]
    dealing = deal_order(values, CONTEXT)
    assert sorted(dealing) == list(range(len(DECK)))
    assert dealing == deal_order(values, CONTEXT)
    assert dealing != deal_order(values, CONTEXT + b"2")
    assert dealing != deal_order([values[0], values[2], values[1]], CONTEXT)
    changed = [*values[:2], share_batch([point], Secret.new(), b"v").shares[0]]
    assert dealing != deal_order(changed, CONTEXT)  # one party alone changes it
    assert point != order_point(CONTEXT + b"2")
    assert is_point(point)
    with pytest.raises(PrivateDealError):
        deal_order([values[0], bytes(32)], CONTEXT)  # the identity is no value


def test_a_dealt_deck_adds_up_to_the_52_cards_and_one_with_a_card_put_in_does_not() -> None:
    turns, decks = _deal(3)
    secrets = [secret for secret, _ in turns]
    joint = joint_key([s.key for s in secrets])

    def opens(deck: list[Ciphertext]) -> bool:
        summed = deck_sum(deck)
        return adds_up(summed, [share_batch([summed[0]], s, b"sum").shares[0] for s in secrets])

    assert opens(decks[-1])
    assert not opens([*decks[-1][:51], decks[-1][0]])  # a card twice, one gone
    _, cards = audit([s.key for s in secrets], decks, [], _revealed(turns), CONTEXT)
    other = next(card for card in DECK if card != cards[0])
    forged = list(decks[-1])
    forged[0] = shuffle_turn([(bytes(32), card_point(other))], Secret.new(), [0], joint, b"x")[0]
    assert not opens(forged)  # a card of its choosing put in, under the joint key
    forged[0] = shuffle_turn([(bytes(32), card_point(cards[0]))], Secret.new(), [0], joint, b"x")[0]
    assert opens(forged)  # the same card again, re-encrypted: the same deck


def test_the_opened_vector_is_the_owner_s_card() -> None:
    golden = json.loads(GOLDEN.read_text())
    dealt = golden["decks"][1][0]
    ciphertext = (bytes.fromhex(dealt[:64]), bytes.fromhex(dealt[64:]))
    owner = Secret.of(bytes.fromhex(golden["secrets"][0]))
    shares = [bytes.fromhex(share) for share in golden["opened"]["others_shares"]]
    assert str(open_own(ciphertext, shares, owner)) == golden["opened"]["card"]
    assert golden["opened"]["card"] == "Td"  # As, Qs, 2c, Td by [2, 0, 3, 1] then [2, 3, 1, 0]


if __name__ == "__main__":  # python -m tests.test_private_deal: write the fixed vectors
    GOLDEN.write_text(json.dumps(_vectors(), indent=2) + "\n")
