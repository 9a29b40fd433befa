"""Deck commitments: every position of a sealed deck proves its card against the root, and any
change to the card, the salt, the position, the path or the root makes the proof fail."""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wildstud.cards import DECK, Card
from wildstud.commitment import DECK_SIZE, Commitment, Proof, SealedDeck, leaf_hash, verify
from wildstud.errors import ProofError

orders = st.permutations(DECK)
positions = st.integers(0, DECK_SIZE - 1)


def _sealed(order: list[Card]) -> SealedDeck:
    return SealedDeck.seal(1, order)


def test_the_root_is_rfc_6962s_tree_hash_of_the_salted_leaves() -> None:
    # An independent reading of RFC 6962 section 2.1: MTH over the 52 leaves, split at 32.
    salts = [bytes([index]) * 32 for index in range(DECK_SIZE)]
    sealed = SealedDeck(1, DECK, salts)

    def mth(leaves: list[bytes]) -> bytes:
        if len(leaves) == 1:
            return leaves[0]
        k = 1
        while k * 2 < len(leaves):
            k *= 2
        return hashlib.sha256(b"\x01" + mth(leaves[:k]) + mth(leaves[k:])).digest()

    leaves = [
        hashlib.sha256(b"\x00" + bytes([index, card.code]) + salts[index]).digest()
        for index, card in enumerate(DECK)
    ]
    assert sealed.commitment == Commitment(1, mth(leaves).hex())
    assert leaf_hash(5, DECK[5], salts[5]) == leaves[5]


def test_sealing_a_deck_leaves_no_garbage() -> None:
    # A deck's tree was worked out by a closure that called itself: a cycle at every deck,
    # which only the garbage collector freed (a served table's young collections found
    # hundreds of them, session 30 in docs/benchmarks.md).
    # Only the garbage of this module counts: in a worker of the whole suite, threads left by
    # other tests (a server's loop) make garbage of their own between two collections (a fresh
    # clone's run found 5,677 objects there). The old closure, ``_tree.<locals>.node``, was a
    # function of this module.
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        _sealed(list(DECK))
        gc.collect()
        ours = [
            found
            for found in gc.garbage
            if getattr(found, "__module__", None) == SealedDeck.__module__
            or type(found).__module__ == SealedDeck.__module__
        ]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert ours == []


@settings(max_examples=30, deadline=None)
@given(orders)
def test_every_position_proves_its_card(order: list[Card]) -> None:
    sealed = _sealed(order)
    for position, card in enumerate(order):
        proof = sealed.prove(position)
        assert proof.card == card
        assert sealed.position(card) == position
        assert verify(sealed.commitment, proof)
        assert verify(sealed.commitment.root, Proof.from_data(proof.to_data()))


@given(orders, positions, st.data())
def test_another_card_fails(order: list[Card], position: int, data: st.DataObject) -> None:
    sealed = _sealed(order)
    proof = sealed.prove(position)
    other = data.draw(st.sampled_from([card for card in DECK if card != proof.card]))
    assert not verify(sealed.commitment, dataclasses.replace(proof, card=other))


@given(orders, positions, st.integers(0, 255), st.integers(0, 31))
def test_a_changed_salt_fails(order: list[Card], position: int, flip: int, at: int) -> None:
    sealed = _sealed(order)
    proof = sealed.prove(position)
    salt = bytearray(bytes.fromhex(proof.salt))
    salt[at] ^= flip or 1
    assert not verify(sealed.commitment, dataclasses.replace(proof, salt=salt.hex()))


@given(orders, positions, positions)
def test_another_position_fails(order: list[Card], position: int, other: int) -> None:
    sealed = _sealed(order)
    proof = sealed.prove(position)
    if other != position:
        assert not verify(sealed.commitment, dataclasses.replace(proof, position=other))
        # Nor does the other position's proof open with this position's card and salt.
        moved = dataclasses.replace(sealed.prove(other), card=proof.card, salt=proof.salt)
        assert not verify(sealed.commitment, moved)


@given(orders, positions, st.data())
def test_a_changed_path_fails(order: list[Card], position: int, data: st.DataObject) -> None:
    sealed = _sealed(order)
    proof = sealed.prove(position)
    path = list(proof.path)
    step = data.draw(st.integers(0, len(path) - 1))
    changed = bytearray(bytes.fromhex(path[step]))
    changed[data.draw(st.integers(0, 31))] ^= data.draw(st.integers(1, 255))
    for bad in (
        [*path[:step], changed.hex(), *path[step + 1 :]],  # one hash changed
        path[:-1],  # one hash short
        [*path, path[-1]],  # one too many
        list(reversed(path)) if len(set(path)) > 1 else path[:-1],  # out of order
    ):
        assert not verify(sealed.commitment, dataclasses.replace(proof, path=tuple(bad)))


@given(orders, positions)
def test_another_deal_or_root_fails(order: list[Card], position: int) -> None:
    sealed = _sealed(order)
    proof = sealed.prove(position)
    assert not verify(Commitment(2, sealed.commitment.root), proof)
    assert not verify(_sealed(order).commitment, proof)  # fresh salts: another root


def test_a_proof_shows_nothing_of_the_other_cards() -> None:
    # Two decks that differ everywhere but at one position, sealed with the same salts there:
    # the opened leaf is the same, and nothing in either proof names another card.
    rng = random.Random(3)
    order = list(DECK)
    rng.shuffle(order)
    sealed = _sealed(order)
    proof = sealed.prove(0)
    text = str(proof.to_data())
    named = {str(card) for card in DECK if f"'{card}'" in text}
    assert named == {str(order[0])}
    assert len(proof.path) == 6
    assert all(len(item) == 64 for item in proof.path)


def test_salts_are_fresh_and_a_stored_deck_seals_the_same() -> None:
    first, second = _sealed(list(DECK)), _sealed(list(DECK))
    assert first.commitment != second.commitment
    assert len(set(first.salts)) == DECK_SIZE
    again = SealedDeck(1, DECK, first.salts)
    assert again.commitment == first.commitment
    assert again.prove(17) == first.prove(17)
    assert repr(first) == "SealedDeck(deal=1, <52 sealed cards>)"  # no card, no salt


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"deal": 1, "root": "00" * 31}, "64 lower-case hexadecimal digits"),
        ({"deal": 0, "root": "00" * 32}, "deal is a number from 1"),
        ({"root": "00" * 32}, "has a deal and a root"),
    ],
)
def test_a_malformed_commitment_is_refused(data: object, message: str) -> None:
    with pytest.raises(ProofError, match=message):
        Commitment.from_data(data)


def test_a_malformed_proof_is_refused() -> None:
    good = _sealed(list(DECK)).prove(3).to_data()
    changes: list[tuple[dict[str, object], str]] = [
        ({"card": "Xx"}, "not a card"),
        ({"salt": "AB" * 32}, "lower-case"),
        ({"path": ["00" * 32] * 7}, "short list of hashes"),
        ({"position": True}, "position is from 0 to 51"),
    ]
    for change, message in changes:
        with pytest.raises(ValueError, match=message):
            Proof.from_data({**good, **change})
    with pytest.raises(ProofError, match="is not in deal 1's deck"):
        SealedDeck.seal(1, DECK[:3]).position(DECK[10])
    with pytest.raises(ProofError, match="need 3 salts"):
        SealedDeck(1, DECK[:3], [bytes(32)])
