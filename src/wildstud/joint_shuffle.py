"""A deck order that the server and the players make together, and anyone can recompute.

The Merkle commitment of :mod:`wildstud.commitment` stops a card being changed once a deal has
begun, but not a server choosing the order before it commits. Here the order comes from values
nobody controls alone:

1. at the start of the night the server draws a secret *night seed* and publishes
   :func:`night_commitment` of it; each hand's seed is derived from it (:func:`hand_seed`);
2. before each deal (each redeal too), every seated player's page draws a random value of its
   own and sends :func:`value_commitment` of it; once all have committed, each reveals its value,
   which must open its commitment (:func:`opens`);
3. the deck is a Fisher–Yates shuffle driven by an HMAC-SHA256 stream keyed by the hand's seed
   over every revealed value, the hand's number and the deal's (:func:`deck_order`); the salts
   of the deal's Merkle commitment come from the hand's seed too (:func:`deck_salts`), so that
   once the night seed is revealed every root can be recomputed
   (:func:`sealed_deck`).

The server committed to its seed before any value was drawn, and each player's value was
committed before any was revealed, so no party can steer the order: changing one's own input
after seeing the others' is exactly what the two commitments forbid. A player whose page does
not reveal in time is left out of that deal and sits the hand out, so withholding a value can
only take one out of the hand, never choose between two decks.

Every byte string below is domain-separated (a label ending in NUL, then fixed-width fields),
so a value of one kind can never pass for another; the browser computes its commitment with
WebCrypto's SHA-256 over the same bytes.

>>> seed = bytes(range(32))
>>> night_commitment(seed)[:16]
'b9ae3abf9c7ed2cb'
>>> values = {0: bytes(32), 2: b"\\x01" * 32}
>>> order = deck_order(hand_seed(seed, 1), 1, 1, values)
>>> len(order), len(set(order)), " ".join(str(card) for card in order[:3])
(52, 52, 'Tc Qh As')
>>> deck_order(hand_seed(seed, 1), 1, 1, values) == order
True
>>> deck_order(hand_seed(seed, 1), 1, 2, values) == order  # a redeal: another order
False
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator, Mapping

from wildstud.cards import DECK, Card
from wildstud.commitment import DECK_SIZE, SALT_BYTES, SealedDeck
from wildstud.errors import ProofError

__all__ = [
    "SEED_BYTES",
    "VALUE_BYTES",
    "deck_order",
    "deck_salts",
    "hand_seed",
    "new_secret",
    "night_commitment",
    "opens",
    "permutation",
    "sealed_deck",
    "value_commitment",
]

SEED_BYTES = 32
"""The night seed: 32 bytes from the operating system's generator."""
VALUE_BYTES = 32
"""A player's value for one deal: 32 bytes from the page's WebCrypto generator."""

_NIGHT = b"wildstud/night-seed\x00"
_HAND = b"wildstud/hand-seed\x00"
_VALUE = b"wildstud/value\x00"
_DECK = b"wildstud/deck\x00"
_SALT = b"wildstud/salt\x00"
_MAX_SEATS = 255


def new_secret() -> bytes:
    """A fresh night seed (or a bot-free test's value): 32 bytes from the operating system.

    >>> len(new_secret()), new_secret() != new_secret()
    (32, True)
    """
    return secrets.token_bytes(SEED_BYTES)


def _sized(data: bytes, size: int, what: str) -> bytes:
    if not isinstance(data, bytes | bytearray) or len(data) != size:
        raise ProofError(f"{what} is {size} bytes, not {data!r}"[:160])
    return bytes(data)


def _hand(number: int) -> bytes:
    if type(number) is not int or not 0 < number < 2**63:
        raise ProofError(f"a hand number is a positive whole number, not {number!r}")
    return number.to_bytes(8, "big")


def _deal(number: int) -> bytes:
    if type(number) is not int or not 0 < number < 256:
        raise ProofError(f"a deal number is from 1 to 255, not {number!r}")
    return number.to_bytes(1, "big")


def _seat(index: int) -> bytes:
    if type(index) is not int or not 0 <= index < _MAX_SEATS:
        raise ProofError(f"a seat is from 0 to {_MAX_SEATS - 1}, not {index!r}")
    return index.to_bytes(1, "big")


def night_commitment(seed: bytes) -> str:
    """The published commitment to a night seed: SHA-256 of the label and the seed, in hex.

    >>> night_commitment(bytes(32)) == night_commitment(bytes(32))
    True
    """
    return hashlib.sha256(_NIGHT + _sized(seed, SEED_BYTES, "a night seed")).hexdigest()


def hand_seed(seed: bytes, hand: int) -> bytes:
    """Hand ``hand``'s seed: HMAC-SHA256 keyed by the night seed over the hand's number.

    >>> hand_seed(bytes(32), 1) != hand_seed(bytes(32), 2)
    True
    """
    key = _sized(seed, SEED_BYTES, "a night seed")
    return hmac.new(key, _HAND + _hand(hand), hashlib.sha256).digest()


def value_commitment(value: bytes, hand: int, deal: int, seat: int) -> str:
    """A page's commitment to its value for one deal: SHA-256 of the label, the hand's number
    (8 bytes), the deal's (1 byte), the seat's index (1 byte) and the value, in hex. The hand,
    deal and seat are bound in, so a commitment copied from another seat or an earlier deal
    opens nothing here.

    >>> value_commitment(bytes(32), 1, 1, 0) != value_commitment(bytes(32), 1, 1, 1)
    True
    """
    value = _sized(value, VALUE_BYTES, "a player's value")
    return hashlib.sha256(_VALUE + _hand(hand) + _deal(deal) + _seat(seat) + value).hexdigest()


def opens(commitment: str, value: bytes, hand: int, deal: int, seat: int) -> bool:
    """Whether ``value`` is the one ``commitment`` was made to, for that hand, deal and seat.

    >>> made = value_commitment(b"\\x07" * 32, 3, 1, 2)
    >>> opens(made, b"\\x07" * 32, 3, 1, 2), opens(made, b"\\x07" * 32, 3, 2, 2)
    (True, False)
    """
    try:
        expected = value_commitment(value, hand, deal, seat)
    except ProofError:
        return False
    return isinstance(commitment, str) and hmac.compare_digest(commitment, expected)


def _transcript(hand: int, deal: int, values: Mapping[int, bytes]) -> bytes:
    """What the deck's stream is keyed over: the hand, the deal and every revealed value in
    seat order, each with its seat, and their count first (so no split is ambiguous)."""
    parts = [_DECK, _hand(hand), _deal(deal), len(values).to_bytes(1, "big")]
    for seat in sorted(values):
        parts += [_seat(seat), _sized(values[seat], VALUE_BYTES, "a player's value")]
    return b"".join(parts)


def _stream(key: bytes, message: bytes) -> Iterator[int]:
    """32-bit words from HMAC-SHA256(key, message ‖ block counter), block after block."""
    for block in range(2**32):
        digest = hmac.new(key, message + block.to_bytes(4, "big"), hashlib.sha256).digest()
        for start in range(0, len(digest), 4):
            yield int.from_bytes(digest[start : start + 4], "big")
    raise AssertionError("unreachable: a shuffle reads a few blocks")  # pragma: no cover


def deck_order(seed: bytes, hand: int, deal: int, values: Mapping[int, bytes]) -> list[Card]:
    """The deck of deal ``deal`` of hand ``hand``: the 52 cards in :data:`~wildstud.cards.DECK`
    order, shuffled by :func:`permutation` keyed by the hand's ``seed`` over the revealed
    ``values`` by seat.

    No value at all (a table of bots) leaves the order to the seed alone:

    >>> deck_order(bytes(32), 1, 1, {}) == deck_order(bytes(32), 1, 1, {})
    True
    """
    key = _sized(seed, SEED_BYTES, "a hand seed")
    return [DECK[i] for i in permutation(key, _transcript(hand, deal, values), len(DECK))]


def permutation(key: bytes, message: bytes, size: int) -> list[int]:
    """The positions ``0 … size − 1`` shuffled by Fisher–Yates from the last position down, each
    swap's index drawn without bias (a 32-bit word at or over the largest multiple of the range
    is drawn again) from the HMAC-SHA256 stream keyed by ``key`` over ``message`` and a 4-byte
    big-endian block counter (the private deal's deal order draws its positions so too).

    >>> permutation(bytes(32), b"m", 5) == permutation(bytes(32), b"m", 5)
    True
    >>> sorted(permutation(bytes(32), b"m", 5))
    [0, 1, 2, 3, 4]
    """
    words = _stream(key, message)
    positions = list(range(size))
    for top in range(size - 1, 0, -1):
        span = top + 1
        limit = 2**32 - 2**32 % span
        word = next(words)
        while word >= limit:
            word = next(words)
        pick = word % span
        positions[top], positions[pick] = positions[pick], positions[top]
    return positions


def deck_salts(seed: bytes, deal: int) -> list[bytes]:
    """The salts of deal ``deal``'s commitment, one a position, from the hand's seed: secret
    until the night seed is revealed, then recomputable by anyone.

    >>> salts = deck_salts(bytes(32), 1)
    >>> len(salts), len(set(salts)), len(salts[0])
    (52, 52, 32)
    """
    key = _sized(seed, SEED_BYTES, "a hand seed")
    prefix = _SALT + _deal(deal)
    return [
        hmac.new(key, prefix + position.to_bytes(1, "big"), hashlib.sha256).digest()[:SALT_BYTES]
        for position in range(DECK_SIZE)
    ]


def sealed_deck(seed: bytes, hand: int, deal: int, values: Mapping[int, bytes]) -> SealedDeck:
    """The deal's deck sealed with its derived salts: its commitment is the root the server
    publishes before the deal, and anyone holding the night seed computes the same.

    >>> sealed = sealed_deck(bytes(32), 1, 1, {})
    >>> sealed.commitment == sealed_deck(bytes(32), 1, 1, {}).commitment
    True
    """
    return SealedDeck(deal, deck_order(seed, hand, deal, values), deck_salts(seed, deal))
