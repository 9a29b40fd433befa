"""A private deal: mental poker on the Ristretto255 group, so that nobody sees a card that is
not theirs, not even the server (issue 26 item 2; the library's half).

Each card is a point of the group, :func:`card_point`, hashed from its name, so that nobody
knows how one card's point relates to another's. Every party to a deal (each page, and the
server for the bots) holds a fresh secret scalar per deal, :class:`Secret`, and publishes its
key (the secret times the group's base point). In turn, each party masks every card of the
deck with its secret and reorders the deck (:func:`mask_and_shuffle`): at the end each position
holds its card's point times every party's secret, and nobody knows which card it is.

A card is opened by taking the masks off, one party at a time (:func:`unmask`): a hole card by
every party but its owner, who then takes off the last mask alone and tells nobody
(:func:`open_own`); a face-up card by every party. Each unmasking comes with a Chaum–Pedersen
proof that the party used the secret behind its published key (:class:`Unmasking`), checked
by everyone at once (:func:`check_unmasking`): a party that unmasks wrongly is caught on the
spot. A party unmasking several cards at once (a street's) gives one proof for all of them
(:class:`Batch`, :func:`unmask_batch`, :func:`check_batch`), which costs the page a third
less a card. Folded and mucked cards are never unmasked.

What cannot be proven on the spot is the masking and reordering itself. After the night each
party publishes its secret and its order, and :func:`audit` replays every step: it names a
party whose key is not its secret's, one that reordered otherwise than it says, one that put in
a card that was not there, and one whose unmasking does not follow from its secret.

The arithmetic is libsodium's (through ``pysodium``): nothing here adds, multiplies or inverts
by hand.

>>> parties = [Secret.new() for _ in range(3)]
>>> deck = deal_deck([(secret, shuffled_order(52)) for secret in parties])
>>> point = deck[-1][0]
>>> for secret in parties[1:]:  # everyone but the owner, party 0, takes their mask off
...     step = unmask(point, secret, b"hand 1, position 0")
...     assert check_unmasking(step, secret.key, b"hand 1, position 0")
...     point = step.after
>>> open_own(point, parties[0]) in DECK
True
"""

from __future__ import annotations

import hashlib
import secrets as _random
from collections.abc import Sequence
from dataclasses import dataclass

from wildstud.cards import DECK, Card
from wildstud.errors import WildstudError
from wildstud.extras import MissingExtraError

try:
    import pysodium as _sodium
except (ImportError, OSError, ValueError) as error:  # no module, or no libsodium under it
    raise MissingExtraError("private", getattr(error, "name", None) or "pysodium") from error

__all__ = [
    "Batch",
    "Fault",
    "PrivateDealError",
    "Secret",
    "Step",
    "Unmasking",
    "audit",
    "card_of",
    "card_point",
    "check_batch",
    "check_unmasking",
    "deal_deck",
    "is_point",
    "mask_and_shuffle",
    "open_own",
    "shuffled_order",
    "unmask",
    "unmask_batch",
]

Point = bytes
"""A point of the Ristretto255 group, in its 32-byte encoding."""
Scalar = bytes
"""A scalar modulo the group's order, 32 bytes little-endian."""

_DOMAIN = b"wildstud private deal v1"
_IDENTITY = bytes(32)
_BASE = _sodium.crypto_scalarmult_ristretto255_base(
    (1).to_bytes(32, "little")
)  # the group's base point, as libsodium encodes it


class PrivateDealError(WildstudError):
    """A point, scalar or order that is not what a private deal allows."""


def _hash(*parts: bytes) -> bytes:
    """SHA-512 over the parts, each with its length first (no two splits hash alike)."""
    digest = hashlib.sha512(_DOMAIN)
    for part in parts:
        digest.update(len(part).to_bytes(4, "big"))
        digest.update(part)
    return digest.digest()


def _scalar(*parts: bytes) -> Scalar:
    return bytes(_sodium.crypto_core_ristretto255_scalar_reduce(_hash(*parts)))


def _times(scalar: Scalar, point: Point) -> Point:
    return bytes(_sodium.crypto_scalarmult_ristretto255(scalar, point))


def _point(point: Point) -> Point:
    """``point`` itself, once known to be a point of the group other than the identity."""
    try:  # pysodium raises ValueError where libsodium says "not valid"
        valid = len(point) == 32 and bool(_sodium.crypto_core_ristretto255_is_valid_point(point))
    except ValueError:
        valid = False
    valid = valid and point != _IDENTITY  # a valid encoding, but it masks nothing
    if not valid:
        raise PrivateDealError("not a point of the group (Ristretto255)")
    return point


def is_point(point: bytes) -> bool:
    """Whether ``point`` is a point of the group other than the identity (what a key, a masked
    card and an unmasking must be).

    >>> is_point(card_point(DECK[0])), is_point(bytes(32)), is_point(b"short")
    (True, False, False)
    """
    try:
        _point(point)
    except PrivateDealError:
        return False
    return True


def card_point(card: Card) -> Point:
    """The point a card stands for, hashed from its name: nobody knows how the points of two
    cards relate, so a masked card says nothing of which card it is.

    >>> card_point(DECK[0]) == card_point(DECK[0]) != card_point(DECK[1])
    True
    """
    return _CARD_POINTS[card.code]


_CARD_POINTS = tuple(
    bytes(_sodium.crypto_core_ristretto255_from_hash(_hash(b"card", str(card).encode())))
    for card in DECK
)
_CARD_OF = {point: card for card, point in zip(DECK, _CARD_POINTS, strict=True)}


def card_of(point: Point) -> Card:
    """The card whose point is ``point`` (every mask taken off).

    >>> card_of(card_point(DECK[7])) == DECK[7]
    True
    """
    card = _CARD_OF.get(point)
    if card is None:
        raise PrivateDealError("the point is no card: a mask is still on it, or it was forged")
    return card


@dataclass(frozen=True, slots=True)
class Secret:
    """One party's secret for one deal, and the key it publishes (``scalar`` times the base
    point). The secret stays with its party until the night is over."""

    scalar: Scalar
    key: Point

    @classmethod
    def new(cls) -> Secret:
        """A fresh secret from the operating system's generator."""
        return cls.of(bytes(_sodium.crypto_core_ristretto255_scalar_random()))

    @classmethod
    def of(cls, scalar: Scalar) -> Secret:
        """The secret ``scalar`` with its key (for a party that publishes it, or a test)."""
        if len(scalar) != 32:
            raise PrivateDealError("a secret is 32 bytes")
        return cls(scalar, bytes(_sodium.crypto_scalarmult_ristretto255_base(scalar)))


def shuffled_order(size: int) -> list[int]:
    """A uniformly random order of ``size`` positions, from the operating system's generator:
    ``order[j]`` is the position whose card goes to position ``j``."""
    order = list(range(size))
    _random.SystemRandom().shuffle(order)
    return order


def mask_and_shuffle(deck: Sequence[Point], secret: Secret, order: Sequence[int]) -> list[Point]:
    """One party's turn at the deck: every card masked with its secret, and reordered
    (``order[j]``: the position of ``deck`` whose card goes to position ``j``).

    >>> one = Secret.new()
    >>> masked = mask_and_shuffle([card_point(card) for card in DECK[:3]], one, [2, 0, 1])
    >>> masked[0] == mask_and_shuffle([card_point(DECK[2])], one, [0])[0]
    True
    """
    if sorted(order) != list(range(len(deck))):
        raise PrivateDealError(f"an order of {len(deck)} positions names each position once")
    return [_times(secret.scalar, _point(deck[source])) for source in order]


def deal_deck(turns: Sequence[tuple[Secret, Sequence[int]]]) -> list[list[Point]]:
    """The decks of a whole masking round, from the cards in order: the deck after each
    party's turn (``turns``: each party's secret and order, in turn). The last is the deck
    dealt from."""
    deck: list[Point] = list(_CARD_POINTS)
    decks = []
    for secret, order in turns:
        deck = mask_and_shuffle(deck, secret, order)
        decks.append(deck)
    return decks


@dataclass(frozen=True, slots=True)
class Unmasking:
    """One party's mask taken off one card: the point ``before`` and ``after`` (the secret's
    inverse times ``before``), and a Chaum–Pedersen proof ``(challenge, response)`` that the
    same secret is behind the party's key and this step."""

    before: Point
    after: Point
    challenge: Scalar
    response: Scalar


def _challenge(key: Point, before: Point, after: Point, a: Point, b: Point, ctx: bytes) -> Scalar:
    return _scalar(b"unmask", ctx, _BASE, key, after, before, a, b)


def unmask(point: Point, secret: Secret, context: bytes) -> Unmasking:
    """Take ``secret``'s mask off ``point``, with its proof, bound to ``context`` (the table,
    hand, deal, position and party: a proof made for one card proves nothing of another).

    The proof shows that one scalar ``x`` gives both ``key = x·G`` and ``before = x·after``.
    Its nonce is derived from the secret and everything proven (as Ed25519's is), so that no
    generator's fault can leak the secret.
    """
    before = _point(point)
    inverse = bytes(_sodium.crypto_core_ristretto255_scalar_invert(secret.scalar))
    after = _times(inverse, before)
    nonce = _scalar(b"nonce", secret.scalar, context, before)
    a = bytes(_sodium.crypto_scalarmult_ristretto255_base(nonce))
    b = _times(nonce, after)
    challenge = _challenge(secret.key, before, after, a, b, context)
    product = _sodium.crypto_core_ristretto255_scalar_mul(challenge, secret.scalar)
    response = bytes(_sodium.crypto_core_ristretto255_scalar_add(nonce, product))
    return Unmasking(before, after, challenge, response)


def check_unmasking(step: Unmasking, key: Point, context: bytes) -> bool:
    """Whether ``step`` is the party's with key ``key`` unmasking in ``context``: its proof
    holds. Anybody can check it, knowing no secret.

    >>> one, other = Secret.new(), Secret.new()
    >>> masked = _times(one.scalar, card_point(DECK[5]))
    >>> step = unmask(masked, one, b"ctx")
    >>> check_unmasking(step, one.key, b"ctx"), check_unmasking(step, other.key, b"ctx")
    (True, False)
    >>> check_unmasking(step, one.key, b"another card")
    False
    """
    try:
        before, after = _point(step.before), _point(step.after)
        _point(key)
        s, c = step.response, step.challenge
        # a = s·G − c·key and b = s·after − c·before, which the prover's nonce gave.
        a = _sodium.crypto_core_ristretto255_sub(
            _sodium.crypto_scalarmult_ristretto255_base(s), _times(c, key)
        )
        b = _sodium.crypto_core_ristretto255_sub(_times(s, after), _times(c, before))
    except (PrivateDealError, ValueError, RuntimeError):  # libsodium refuses the identity
        return False
    return _challenge(key, before, after, bytes(a), bytes(b), context) == c


@dataclass(frozen=True, slots=True)
class Batch:
    """One party's masks taken off several points at once: each point ``befores[i]`` and
    ``afters[i]`` (the secret's inverse times it), and one Chaum–Pedersen proof ``(challenge,
    response)`` for all of them (:func:`unmask_batch`)."""

    befores: tuple[Point, ...]
    afters: tuple[Point, ...]
    challenge: Scalar
    response: Scalar


def _add(one: Point, other: Point) -> Point:
    return bytes(_sodium.crypto_core_ristretto255_add(one, other))


def _weighed(
    key: Point, befores: Sequence[Point], afters: Sequence[Point], context: bytes
) -> tuple[bytes, list[Scalar]]:
    """The hash that binds a batch (its context, the key, every pair in order) and the weight
    of each pair after the first (whose weight is one) from it: a point changed, moved or
    added changes every weight. A weight is 128 bits (the hash's first 16 bytes), as in batch
    verification: a cheat must hit a value it cannot choose among 2¹²⁸, and a product by half a
    scalar's bits costs the page about half as much. With the first weight one, a batch of one
    costs what :func:`unmask` does."""
    pairs = [point for pair in zip(befores, afters, strict=True) for point in pair]
    seed = _hash(b"batch", context, _BASE, key, *pairs)
    weights = [_hash(b"weight", seed, i.to_bytes(4, "big"))[:16] for i in range(1, len(befores))]
    return seed, [weight + bytes(16) for weight in weights]


def _weighted_sum(weights: Sequence[Scalar], points: Sequence[Point]) -> Point:
    """``points[0]`` plus each other point times its weight (``weights[i - 1]``)."""
    total = points[0]
    for weight, point in zip(weights, points[1:], strict=True):
        total = _add(total, _times(weight, point))
    return total


def _batch_challenge(
    key: Point, seed: bytes, summed: tuple[Point, Point], a: Point, b: Point, context: bytes
) -> Scalar:
    return _scalar(b"unmask batch", context, _BASE, key, seed, *summed, a, b)


def unmask_batch(points: Sequence[Point], secret: Secret, context: bytes) -> Batch:
    """Take ``secret``'s mask off every one of ``points`` (one or more), with one proof for
    them all, bound to ``context`` (the table, hand, deal, pass and party).

    Each pair gets a weight hashed from the context, the key and every pair; the proof is
    :func:`unmask`'s Chaum–Pedersen proof that one scalar ``x`` gives ``key = x·G`` and
    ``Σ wᵢ·beforeᵢ = x·Σ wᵢ·afterᵢ`` (``w₀ = 1``). A wrong pair would have to cancel out under
    weights it cannot choose (they hash it), so the sums' proof holds only if every pair does.
    The prover needs one product by the secret a point (its unmasking) and one by its public
    weight, and three for the proof whatever the batch's size (the afters' sum is the inverse
    times the befores'; two for a batch of one, as :func:`unmask`).

    >>> one, other = Secret.new(), Secret.new()
    >>> masked = [_times(one.scalar, card_point(card)) for card in DECK[:3]]
    >>> batch = unmask_batch(masked, one, b"ctx")
    >>> [card_of(after) for after in batch.afters] == list(DECK[:3])
    True
    >>> check_batch(batch, one.key, b"ctx"), check_batch(batch, other.key, b"ctx")
    (True, False)
    >>> check_batch(batch, one.key, b"another pass")
    False
    """
    befores = tuple(_point(point) for point in points)
    if not befores:
        raise PrivateDealError("a batch unmasks one point or more")
    inverse = bytes(_sodium.crypto_core_ristretto255_scalar_invert(secret.scalar))
    afters = tuple(_times(inverse, before) for before in befores)
    seed, weights = _weighed(secret.key, befores, afters, context)
    try:
        summed_before = _weighted_sum(weights, befores)
        summed = (summed_before, _times(inverse, summed_before) if weights else afters[0])
    except ValueError:  # pragma: no cover - the identity: libsodium refuses it (not to be met)
        raise PrivateDealError("the batch's weighted sum is the identity") from None
    nonce = _scalar(b"batch nonce", secret.scalar, context, seed)
    a = bytes(_sodium.crypto_scalarmult_ristretto255_base(nonce))
    b = _times(nonce, summed[1])
    challenge = _batch_challenge(secret.key, seed, summed, a, b, context)
    product = _sodium.crypto_core_ristretto255_scalar_mul(challenge, secret.scalar)
    response = bytes(_sodium.crypto_core_ristretto255_scalar_add(nonce, product))
    return Batch(befores, afters, challenge, response)


def check_batch(batch: Batch, key: Point, context: bytes) -> bool:
    """Whether ``batch`` is the party's with key ``key`` unmasking its points in ``context``:
    the one proof holds for every pair, in their order. Anybody can check it, knowing no
    secret: both weighted sums, then the proof over them."""
    try:
        if not batch.befores or len(batch.befores) != len(batch.afters):
            return False
        befores = [_point(point) for point in batch.befores]
        afters = [_point(point) for point in batch.afters]
        _point(key)
        seed, weights = _weighed(key, befores, afters, context)
        summed = (_weighted_sum(weights, befores), _weighted_sum(weights, afters))
        s, c = batch.response, batch.challenge
        if len(s) != 32 or _sodium.crypto_core_ristretto255_scalar_reduce(s + bytes(32)) != s:
            return False  # a response is a scalar below the order, as the page reads it too
        a = _sodium.crypto_core_ristretto255_sub(
            _sodium.crypto_scalarmult_ristretto255_base(s), _times(c, key)
        )
        b = _sodium.crypto_core_ristretto255_sub(_times(s, summed[1]), _times(c, summed[0]))
    except (PrivateDealError, ValueError, RuntimeError):  # libsodium refuses the identity
        return False
    return _batch_challenge(key, seed, summed, bytes(a), bytes(b), context) == c


def open_own(point: Point, secret: Secret) -> Card:
    """The owner's last mask taken off, alone: the card (no proof: nobody else sees it)."""
    inverse = bytes(_sodium.crypto_core_ristretto255_scalar_invert(secret.scalar))
    return card_of(_times(inverse, _point(point)))


@dataclass(frozen=True, slots=True)
class Step:
    """One unmasking of the night, as the audit reads it: whose it was, in what context; one
    card's with its own proof, or a batch of a party's cards with one proof for all."""

    party: int
    context: bytes
    unmasking: Unmasking | Batch


@dataclass(frozen=True, slots=True)
class Fault:
    """What the audit found wrong, and whose it was."""

    party: int
    kind: str
    """``key`` (the published secret is not the key's), ``order`` (not an order of the
    deck's positions), ``reordered`` (the deck is reordered otherwise than the party says),
    ``substituted`` (a card that was not in the deck came out of the party's turn) or
    ``unmasked`` (an unmasking that does not follow from the party's secret)."""
    detail: str


def audit(
    keys: Sequence[Point],
    decks: Sequence[Sequence[Point]],
    steps: Sequence[Step],
    revealed: Sequence[tuple[Scalar, Sequence[int]]],
) -> tuple[list[Fault], list[Card]]:
    """Replay a deal from what every party published after the night: ``keys`` (party ``i``'s
    key), ``decks`` (the deck after each party's turn, as it was sent), ``steps`` (every
    unmasking) and ``revealed`` (each party's secret and order). Returns every fault found,
    each naming its party, and the cards of the dealt deck, position by position (empty when
    a fault in the masking leaves them unknown).

    >>> turns = [(Secret.new(), shuffled_order(52)) for _ in range(2)]
    >>> decks = deal_deck(turns)
    >>> keys = [secret.key for secret, _ in turns]
    >>> faults, cards = audit(keys, decks, [], [(s.scalar, o) for s, o in turns])
    >>> faults, sorted(cards) == sorted(DECK)
    ([], True)
    """
    if not len(keys) == len(decks) == len(revealed):
        raise PrivateDealError("one key, one deck and one secret for each party")
    faults: list[Fault] = []
    secrets = []
    for party, (key, (scalar, _)) in enumerate(zip(keys, revealed, strict=True)):
        secret = Secret.of(scalar)
        if secret.key != key:
            faults.append(Fault(party, "key", "the secret published is not the one of its key"))
        secrets.append(secret)
    deck: list[Point] = list(_CARD_POINTS)
    cards: list[Card] = list(DECK)
    masking_ok = True
    for party, (secret, (_, order), sent) in enumerate(zip(secrets, revealed, decks, strict=True)):
        try:
            expected = mask_and_shuffle(deck, secret, order)
        except PrivateDealError as error:
            faults.append(Fault(party, "order", str(error)))
            masking_ok = False
            break
        if list(sent) != expected:
            masking_ok = False
            if sorted(sent) == sorted(expected):
                pairs = enumerate(zip(sent, expected, strict=True))
                wrong = next(j for j, (got, want) in pairs if got != want)
                detail = f"the deck is not in the order published (first at position {wrong})"
                faults.append(Fault(party, "reordered", detail))
            else:
                alien = sum(point not in set(expected) for point in sent)
                detail = f"{alien} card(s) came out of the turn that were not in the deck"
                faults.append(Fault(party, "substituted", detail))
            break
        cards = [cards[source] for source in order]
        deck = expected
    for step in steps:
        if not _follows(step, secrets[step.party], keys[step.party]):
            detail = f"an unmasking in {step.context!r} does not follow from the party's secret"
            faults.append(Fault(step.party, "unmasked", detail))
    return faults, cards if masking_ok else []


def _follows(step: Step, secret: Secret, key: Point) -> bool:
    """Whether every point ``step`` unmasked is its party's secret's inverse times the point
    before, and its proof holds (one fault for a batch, however many of its points are wrong)."""
    u = step.unmasking
    pairs = zip(u.befores, u.afters, strict=True) if isinstance(u, Batch) else [(u.before, u.after)]
    try:
        follows = all(_point(b) == _times(secret.scalar, _point(a)) for b, a in pairs)
    except (PrivateDealError, ValueError):
        return False
    if isinstance(u, Batch):
        return follows and check_batch(u, key, step.context)
    return follows and check_unmasking(u, key, step.context)
