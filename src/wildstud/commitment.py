"""Commitments to a deck's order, and proofs that open one card of it at a time.

Before a deal, the server publishes one hash, the *root*, that binds it to the whole order of
the deck; with each card a player may see, it gives that card's *proof*, which anyone can check
against the root at once. A card changed after the root was published fails its proof. The
proofs of the cards nobody saw (folded and mucked hands, burns) are never given, and the
proofs that are given tell nothing about them: every position has its own random 32-byte salt.

The tree is RFC 6962's (Certificate Transparency), over the 52 positions of the deck:

- leaf ``i``: SHA-256(``0x00`` ‖ ``i`` ‖ card code ‖ salt), with the position and the card code
  (``rank * 4 + suit``, see :mod:`wildstud.cards`) one byte each and the salt's 32 bytes;
- inner node: SHA-256(``0x01`` ‖ left ‖ right); a range of ``n > 1`` leaves splits at the largest
  power of two below ``n`` (so 52 leaves make a tree of 32 and 20).

The two prefixes keep a leaf from ever passing for an inner node. A proof is the leaf's salt
and the hashes of its siblings from the leaf up (six for 52 leaves, fewer on the short side),
checked as RFC 9162 section 2.1.3.2 says.

>>> from wildstud.cards import DECK
>>> sealed = SealedDeck.seal(1, DECK)
>>> commitment = sealed.commitment
>>> proof = sealed.prove(sealed.position(Card.of(51)))
>>> proof.position, str(proof.card), len(proof.path)
(51, 'As', 4)
>>> verify(commitment.root, proof)
True
>>> import dataclasses
>>> verify(commitment.root, dataclasses.replace(proof, card=Card.of(50)))  # another card
False
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wildstud.cards import Card, CardLike, parse_card, parse_cards
from wildstud.errors import ProofError

__all__ = [
    "DECK_SIZE",
    "SALT_BYTES",
    "Commitment",
    "Proof",
    "SealedDeck",
    "leaf_hash",
    "verify",
]

DECK_SIZE = 52
"""Every committed deck is a whole pack: 52 positions."""
SALT_BYTES = 32
"""The salt of each position: 32 random bytes."""

_LEAF = b"\x00"
_NODE = b"\x01"
_HEX = re.compile(r"[0-9a-f]{64}")


def _digest(*parts: bytes) -> bytes:
    return hashlib.sha256(b"".join(parts)).digest()


def _hex(value: object, what: str) -> bytes:
    if not isinstance(value, str) or not _HEX.fullmatch(value):
        raise ProofError(f"{what} must be 64 lower-case hexadecimal digits, not {value!r}"[:160])
    return bytes.fromhex(value)


def leaf_hash(position: int, card: Card, salt: bytes) -> bytes:
    """The hash of one position of the deck: what the tree commits to for it.

    >>> leaf_hash(0, Card.of(0), bytes(32)).hex()[:16]
    '0d5535e13cc9708d'
    """
    if not 0 <= position < DECK_SIZE:
        raise ProofError(f"position {position} is not in the deck (0 to {DECK_SIZE - 1})")
    if len(salt) != SALT_BYTES:
        raise ProofError(f"a salt is {SALT_BYTES} bytes, not {len(salt)}")
    return _digest(_LEAF, bytes((position, card.code)), salt)


def _split(count: int) -> int:
    """The largest power of two below ``count`` (``count > 1``): where RFC 6962 splits a range."""
    return 1 << ((count - 1).bit_length() - 1)


def _tree(leaves: Sequence[bytes]) -> dict[tuple[int, int], bytes]:
    """Every node of RFC 6962's tree over ``leaves``, by the range of leaves under it
    (``(0, len(leaves))`` is the root): worked out once a deck, so that each proof's path is
    looked up (a proof made its path afresh: 51 hashes for a deck of 52, about 70 µs a proof,
    8% of a table server's CPU in a profile of 3 December 2026)."""
    nodes: dict[tuple[int, int], bytes] = {}
    _node(leaves, start=0, end=len(leaves), nodes=nodes)
    return nodes


def _node(
    leaves: Sequence[bytes], start: int, end: int, nodes: dict[tuple[int, int], bytes]
) -> bytes:
    """The hash of the node over ``leaves[start:end]``, put in ``nodes`` with every node under
    it. A function of the module, not a closure of :func:`_tree` that calls itself: that was a
    cycle of six objects a deck (the closure's cell holds the closure), and the tree with them
    where the deck went first, freed only by the garbage collector (docs/benchmarks.md,
    session 30)."""
    if end - start == 1:
        hashed = leaves[start]
    else:
        middle = start + _split(end - start)
        hashed = _digest(
            _NODE, _node(leaves, start, middle, nodes), _node(leaves, middle, end, nodes)
        )
    nodes[start, end] = hashed
    return hashed


def _path(index: int, nodes: Mapping[tuple[int, int], bytes], size: int) -> list[bytes]:
    """RFC 6962's audit path of leaf ``index`` in the tree ``nodes`` (:func:`_tree`) of
    ``size`` leaves: sibling hashes from the leaf up."""
    path: list[bytes] = []
    start, end = 0, size
    while end - start > 1:
        middle = start + _split(end - start)
        if index < middle:
            path.append(nodes[middle, end])
            end = middle
        else:
            path.append(nodes[start, middle])
            start = middle
    path.reverse()
    return path


@dataclass(frozen=True, slots=True)
class Commitment:
    """What the server publishes before a deal: the deal's number in the hand (1 for the
    first, 2 after a redeal …) and the root of its deck's tree, in hexadecimal."""

    deal: int
    root: str

    def to_data(self) -> dict[str, Any]:
        """As JSON or TOML data.

        >>> Commitment(1, "ab" * 32).to_data()["deal"]
        1
        """
        return {"deal": self.deal, "root": self.root}

    @classmethod
    def from_data(cls, data: object) -> Commitment:
        """From JSON or TOML data; anything malformed raises :class:`ProofError`.

        >>> Commitment.from_data({"deal": 1, "root": "xy"})
        Traceback (most recent call last):
        ...
        wildstud.errors.ProofError: a root must be 64 lower-case hexadecimal digits, not 'xy'
        """
        if not isinstance(data, Mapping) or set(data) != {"deal", "root"}:
            raise ProofError(f"a commitment has a deal and a root: {data!r}"[:160])
        deal = data["deal"]
        if type(deal) is not int or deal < 1:
            raise ProofError(f"a commitment's deal is a number from 1: {deal!r}"[:160])
        _hex(data["root"], "a root")
        return cls(deal, data["root"])


@dataclass(frozen=True, slots=True)
class Proof:
    """One card opened: the deal, the card's position in that deal's deck (0 = top), the card,
    the position's salt and the sibling hashes from the leaf up (all hexadecimal)."""

    deal: int
    position: int
    card: Card
    salt: str
    path: tuple[str, ...]

    def to_data(self) -> dict[str, Any]:
        """As JSON or TOML data (the card as its code text, ``"Qs"``)."""
        return {
            "deal": self.deal,
            "position": self.position,
            "card": str(self.card),
            "salt": self.salt,
            "path": list(self.path),
        }

    @classmethod
    def from_data(cls, data: object) -> Proof:
        """From JSON or TOML data; anything malformed raises :class:`ProofError`.

        >>> Proof.from_data({"deal": 1, "position": 60, "card": "As", "salt": "", "path": []})
        Traceback (most recent call last):
        ...
        wildstud.errors.ProofError: a proof's position is from 0 to 51, not 60
        """
        keys = {"deal", "position", "card", "salt", "path"}
        if not isinstance(data, Mapping) or set(data) != keys:
            raise ProofError(f"a proof has {', '.join(sorted(keys))}: {data!r}"[:160])
        deal, position, path = data["deal"], data["position"], data["path"]
        if type(deal) is not int or deal < 1:
            raise ProofError(f"a proof's deal is a number from 1, not {deal!r}"[:160])
        if type(position) is not int or not 0 <= position < DECK_SIZE:
            raise ProofError(f"a proof's position is from 0 to {DECK_SIZE - 1}, not {position!r}")
        if not isinstance(path, list | tuple) or len(path) > DECK_SIZE.bit_length():
            raise ProofError(f"a proof's path is a short list of hashes, not {path!r}"[:160])
        _hex(data["salt"], "a salt")
        for item in path:
            _hex(item, "a path hash")
        card = data["card"]
        if not isinstance(card, str):
            raise ProofError(f"a proof's card is a card code such as 'Qs', not {card!r}"[:160])
        return cls(deal, position, parse_card(card), data["salt"], tuple(path))


def verify(root: str | Commitment, proof: Proof, size: int = DECK_SIZE) -> bool:
    """Whether ``proof`` opens its position of the deck that ``root`` commits to (a tree of
    ``size`` leaves) to its card. A malformed proof is simply not valid.

    >>> sealed = SealedDeck.seal(2, parse_cards("2c 3c 4c"))
    >>> verify(sealed.commitment, sealed.prove(2), size=3)
    True
    >>> verify(sealed.commitment, sealed.prove(2), size=4)
    False
    """
    if isinstance(root, Commitment):
        if root.deal != proof.deal:
            return False
        root = root.root
    try:
        hashed = leaf_hash(proof.position, proof.card, _hex(proof.salt, "a salt"))
        path = [_hex(item, "a path hash") for item in proof.path]
        expected = _hex(root, "a root")
    except ProofError:
        return False
    # RFC 9162, 2.1.3.2: fn walks the leaf's index up the tree, sn the last index at each level.
    if proof.position >= size:
        return False
    fn, sn = proof.position, size - 1
    for sibling in path:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            hashed = _digest(_NODE, sibling, hashed)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            hashed = _digest(_NODE, hashed, sibling)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and secrets.compare_digest(hashed, expected)


class SealedDeck:
    """A deal's deck with a salt for every position: the secret side of a commitment.

    :meth:`seal` draws fresh salts from the operating system's generator; a stored deck is
    opened again with the same salts (``SealedDeck(deal, order, salts)``), so its root and
    proofs come out the same. Neither the order nor the salts appear in its ``repr``.

    >>> sealed = SealedDeck.seal(1, parse_cards("Qs 7d 2c"))
    >>> again = SealedDeck(1, parse_cards("Qs 7d 2c"), sealed.salts)
    >>> again.commitment == sealed.commitment, sealed
    (True, SealedDeck(deal=1, <3 sealed cards>))
    """

    __slots__ = ("_nodes", "_order", "_positions", "_salts", "commitment", "deal")

    def __init__(self, deal: int, order: Iterable[CardLike], salts: Sequence[bytes]) -> None:
        cards = parse_cards(list(order))
        if not 0 < len(cards) <= DECK_SIZE:
            raise ProofError(f"a deck of 1 to {DECK_SIZE} cards, not {len(cards)}")
        if len(salts) != len(cards):
            raise ProofError(f"{len(cards)} cards need {len(cards)} salts, not {len(salts)}")
        self.deal = deal
        self._order = cards
        self._salts = tuple(salts)
        leaves = [
            leaf_hash(index, card, salt)
            for index, (card, salt) in enumerate(zip(cards, salts, strict=True))
        ]
        self._nodes = _tree(leaves)
        self._positions = {card: index for index, card in enumerate(cards)}
        self.commitment = Commitment(deal, self._nodes[0, len(leaves)].hex())

    @classmethod
    def seal(cls, deal: int, order: Iterable[CardLike]) -> SealedDeck:
        """The deck sealed with a fresh random salt for each position."""
        cards = parse_cards(list(order))
        return cls(deal, cards, [secrets.token_bytes(SALT_BYTES) for _ in cards])

    def __repr__(self) -> str:
        return f"SealedDeck(deal={self.deal}, <{len(self._order)} sealed cards>)"

    @property
    def salts(self) -> tuple[bytes, ...]:
        """The salts, position by position (for the store only)."""
        return self._salts

    def position(self, card: Card) -> int:
        """Where ``card`` lies in the deck (0 = the top card, dealt first)."""
        try:
            return self._positions[card]
        except KeyError:
            raise ProofError(f"{card} is not in deal {self.deal}'s deck") from None

    def prove(self, position: int) -> Proof:
        """The proof that opens ``position``: its card, its salt and its sibling hashes."""
        if not 0 <= position < len(self._order):
            raise ProofError(f"position {position} is not in a deck of {len(self._order)}")
        return Proof(
            self.deal,
            position,
            self._order[position],
            self._salts[position].hex(),
            tuple(item.hex() for item in _path(position, self._nodes, len(self._order))),
        )
