"""A private deal ("wildstud private deal v3"): mental poker on the Ristretto255 group by
ElGamal encryption under a joint key, so that nobody sees a card that is not theirs, not even
the server, and a street opens in one round where every party answers at once (issue 26 item
2; the library's half).

The protocol, precisely enough to compute the same bytes from it alone (the page does, in
``privatedeal.js``; ``tests/golden/private_deal.json`` holds fixed vectors of every step):

**Encodings.** A point is its 32-byte Ristretto255 encoding; ``G`` the group's base point; a
scalar is 32 bytes little-endian below the group's order ℓ. *Reduce* reads 64 bytes
little-endian modulo ℓ (libsodium's ``crypto_core_ristretto255_scalar_reduce``). An integer
``n`` in a hash is 4 bytes big-endian, ``u32(n)``.

**The hash.** ``H(part, …)`` is SHA-512 over the domain ``b"wildstud private deal v2"``, then
for each part its length ``u32(len)`` and its bytes (no two splits of the parts hash alike);
``Hs(part, …)`` is *reduce* of ``H``. Each use names itself in its first part (``b"key"``,
``b"randomise"`` …).

**Cards.** A card's point is :func:`card_point`: Ristretto255's hash-to-group (libsodium's
``crypto_core_ristretto255_from_hash``, the 64 bytes of ``SHA-512``) of the card's name under
the first version's hash (domain ``b"wildstud private deal v1"``, parts ``b"card"`` and the
name, ``"As"``, ``"Td"``): the same points as before.

**Keys.** Each party ``i`` (0 onwards, the order of the deal's parties) holds a fresh secret
``x`` per deal (:class:`Secret`), and publishes its key ``h = x·G`` with a Schnorr proof that it
knows ``x`` (:func:`prove_key`), bound to the deal's context ``ctx`` (bytes naming the table,
hand and deal) and its index: nonce ``k = Hs(b"key nonce", x, ctx, u32(i))``, ``R = k·G``,
challenge ``c = Hs(b"key", ctx, u32(i), G, h, R)``, response ``s = k + c·x`` (mod ℓ); the
proof is ``(c, s)`` and holds when ``c == Hs(b"key", ctx, u32(i), G, h, s·G − c·h)``
(:func:`check_key`). Without it the last party to publish could choose its key as ``y·G`` less
the others' and alone know the joint key's secret (a rogue key). The joint key is ``J = Σ h``
(:func:`joint_key`), the sum of every party's key in the deal.

**The deck.** A card at a position is a ciphertext ``(c1, c2) = (r·G, M + r·J)`` (64 bytes: c1
then c2), ``M`` its card's point. The deck starts open: position ``n`` holds ``(O, M_n)``, O the
identity (32 zero bytes), the cards in :data:`~wildstud.cards.DECK`'s order. Each party in
turn (at a table the server first, then the pages in their order: the party turning last knows
which ciphertext it put at which position, and the deal order, below, hides from it which seat
a position goes to),
reorders the deck and re-randomises every ciphertext
(:func:`shuffle_turn`): ``out[j] = (in[o[j]].c1 + s_j·G, in[o[j]].c2 + s_j·J)`` with ``o`` its
order (``o[j]``: the position of the deck it was given whose ciphertext goes to position
``j``) and ``s_j = Hs(b"randomise", x, ctx, u32(j))``: derived from its secret, so that its
secret and order published after the hand are enough to replay its turn.

**Shares.** To open a position ``p``, each party ``i`` publishes its share ``d = x·c1`` of it
(the position's ``c1`` in the dealt deck, the last party's), with a Chaum–Pedersen proof that
the same ``x`` gives ``h = x·G`` and ``d = x·c1``. A party's shares of several positions at
once (a street's) have one proof (:func:`share_batch`): with the points ``c1_0 … c1_{n−1}`` and
shares ``d_0 … d_{n−1}`` in order and its proof's context ``pctx``, the seed is
``σ = H(b"shares", pctx, G, h, c1_0, d_0, c1_1, d_1, …)``, the weight ``w_0 = 1`` and for
``k ≥ 1`` ``w_k`` the first 16 bytes of ``H(b"weight", σ, u32(k))`` read little-endian (a
scalar of 128 bits); ``C = Σ w_k·c1_k``, ``D = Σ w_k·d_k`` (the prover may take ``D = x·C``);
nonce ``k = Hs(b"shares nonce", x, pctx, σ)``, ``A = k·G``, ``B = k·C``, challenge ``c =
Hs(b"shares", pctx, G, h, σ, C, D, A, B)``, response ``s = k + c·x``. It holds
(:func:`check_shares`) when ``s`` is below ℓ and ``c == Hs(b"shares", pctx, G, h, σ, C, D, s·G
− c·h, s·C − c·D)``, every point and share a point of the group other than the identity.

**Opening.** A face-up card is ``c2 − Σ d`` over every party's share (:func:`open_card`). A
face-down card's shares come from every party but its owner, who adds its own ``x·c1`` alone
and tells nobody (:func:`open_own`). To show, the owner publishes its shares of its face-down
positions, with proof. Folded and mucked cards are never opened. Every party answers a street
at once, in any order: no share depends on another's.

**The deck's sum.** Anybody can encrypt a card of their choosing under the joint key, so a
party's turn could put one in where a card was (which card it takes out, it cannot see). So
the first pass of a deal opens one more ciphertext with the cards it deals: the dealt deck's
sum ``(Σ c1, Σ c2)`` over its 52 positions (:func:`deck_sum`), as position 52, face up, every
party sharing it in its batch like any other position. It must open to the sum of the 52 card
points, :data:`CARDS_SUM` (:func:`adds_up`), as it does whatever the order. A deck that is not
the 52 cards reordered adds up to it only if something in it opens to no card (nobody knows how
one card's point relates to another's): a card put in is caught before a card is dealt, unless
its party added the difference to another position, which then opens to no card if it is ever
opened (the bottom of the deck never is): that is the audit's to catch, and where such a card
lands is the deal order's, not its party's.

**The deal order.** Whoever turns the deck last knows which ciphertext it put at which
position, so positions are not dealt in their order: once the last turn is in, every party at
once publishes its *order value* ``v = x·P``, ``P`` the point :func:`order_point` hashes from
the deal's context (hash-to-group, as a card's point, of ``H(b"order", ctx)``), proved with
:func:`share_batch` over the one point ``P`` (the same Chaum–Pedersen proof as a share,
``log_G h = log_P v``; at a table its context is the rounds' batch context of position 53,
``…|deal N|unmask 53|party I``: :data:`~wildstud.private_wire.ORDER`). A value follows from
its party's key, which was published before the chain began, so nobody chooses it, and nobody
but its party knows it before it is published: the last turn cannot know where a position will
go. The deal order ``π`` (:func:`deal_order`;
``π[k]`` the position of the dealt deck dealt ``k``-th) is
:func:`~wildstud.joint_shuffle.permutation` of the 52 positions, keyed by the first 32 bytes of
``H(b"deal order", ctx, v_0, v_1, …)`` (every party's value in the parties' order) over the
message ``b"wildstud/deal-order\x00"``: Fisher–Yates from the last position down, each swap's
index ``w mod (top + 1)`` for the next 32-bit big-endian word ``w`` of the stream
``HMAC-SHA256(key, message ‖ u32(block))``, ``block`` = 0, 1 …, a word at or over the largest
multiple of ``top + 1`` below 2³² skipped. A party that withholds its value can only void the deal.

**The audit.** After the hand (or the night) each party publishes its secret and order;
:func:`audit` replays every turn of the deck from them and checks every share, and names a
party whose key is not its secret's (``key``), whose order is none (``order``), whose deck is
reordered or re-randomised otherwise than its secret and order say (``reordered``: its deck
decrypts, under the sum of every secret, to the cards it was given, elsewhere or re-randomised
otherwise), whose deck holds a card it was not given (``substituted``), or whose share does
not follow from its secret (``unmasked``: an order value that does not is one too, its batch
being over ``P``).

The arithmetic is libsodium's (through ``pysodium``): nothing here adds, multiplies or inverts
by hand.

>>> context = b"table 7|hand 1|deal 1"
>>> parties = [Secret.new() for _ in range(3)]
>>> joint = joint_key([secret.key for secret in parties])
>>> deck = deal_deck([(secret, shuffled_order(52)) for secret in parties], context)[-1]
>>> others = [share_batch([deck[0][0]], s, b"ctx") for s in parties[1:]]  # not the owner's
>>> all(check_shares(b, s.key, b"ctx") for b, s in zip(others, parties[1:]))
True
>>> open_own(deck[0], [b.shares[0] for b in others], parties[0]) in DECK
True
"""

from __future__ import annotations

import hashlib
import secrets as _random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from wildstud.cards import DECK, Card
from wildstud.errors import WildstudError
from wildstud.extras import MissingExtraError
from wildstud.joint_shuffle import permutation

try:
    import pysodium as _sodium
except (ImportError, OSError, ValueError) as error:  # no module, or no libsodium under it
    raise MissingExtraError("private", getattr(error, "name", None) or "pysodium") from error

__all__ = [
    "CARDS_SUM",
    "VERSION",
    "Ciphertext",
    "Fault",
    "KeyProof",
    "PrivateDealError",
    "Secret",
    "Shares",
    "Step",
    "adds_up",
    "audit",
    "card_of",
    "card_point",
    "check_deck",
    "check_key",
    "check_shares",
    "deal_deck",
    "deal_order",
    "deck_sum",
    "is_point",
    "joint_key",
    "less_shares",
    "open_card",
    "open_deck",
    "open_own",
    "order_point",
    "prove_key",
    "share_batch",
    "shuffle_turn",
    "shuffled_order",
]

Point = bytes
"""A point of the Ristretto255 group, in its 32-byte encoding."""
Scalar = bytes
"""A scalar modulo the group's order, 32 bytes little-endian."""
Ciphertext = tuple[Point, Point]
"""A card under ElGamal: ``(c1, c2) = (r·G, M + r·J)``."""

VERSION = 3
"""The protocol's version: a night played under another is refused by name (the third binds
where each card of a pass goes into its batches' proofs,
:func:`~wildstud.private_wire.batch_context`; its arithmetic is the second's)."""
_DOMAIN = b"wildstud private deal v2"  # the hashes are the second version's, as the third's
_CARD_DOMAIN = b"wildstud private deal v1"  # the card points are the first version's
_IDENTITY = bytes(32)
_BASE = _sodium.crypto_scalarmult_ristretto255_base(
    (1).to_bytes(32, "little")
)  # the group's base point, as libsodium encodes it


class PrivateDealError(WildstudError):
    """A point, scalar or order that is not what a private deal allows."""


def _u32(value: int) -> bytes:
    return value.to_bytes(4, "big")


def _hash(*parts: bytes, domain: bytes = _DOMAIN) -> bytes:
    """SHA-512 over the domain, then each part with its length first (no two splits hash
    alike)."""
    digest = hashlib.sha512(domain)
    for part in parts:
        digest.update(_u32(len(part)))
        digest.update(part)
    return digest.digest()


def _scalar(*parts: bytes) -> Scalar:
    return bytes(_sodium.crypto_core_ristretto255_scalar_reduce(_hash(*parts)))


def _times(scalar: Scalar, point: Point) -> Point:
    return bytes(_sodium.crypto_scalarmult_ristretto255(scalar, point))


def _base_times(scalar: Scalar) -> Point:
    return bytes(_sodium.crypto_scalarmult_ristretto255_base(scalar))


def _add(one: Point, other: Point) -> Point:
    return bytes(_sodium.crypto_core_ristretto255_add(one, other))


def _sub(one: Point, other: Point) -> Point:
    return bytes(_sodium.crypto_core_ristretto255_sub(one, other))


def _point(point: Point) -> Point:
    """``point`` itself, once known to be a point of the group other than the identity."""
    try:  # pysodium raises ValueError where libsodium says "not valid"
        valid = len(point) == 32 and bool(_sodium.crypto_core_ristretto255_is_valid_point(point))
    except ValueError:
        valid = False
    if not valid or point == _IDENTITY:  # the identity: a valid encoding that hides nothing
        raise PrivateDealError("not a point of the group (Ristretto255)")
    return point


def _canonical(scalar: Scalar) -> bool:
    """Whether ``scalar`` is 32 bytes below the group's order (as the page reads it too)."""
    return (
        len(scalar) == 32
        and _sodium.crypto_core_ristretto255_scalar_reduce(scalar + bytes(32)) == scalar
    )


def is_point(point: bytes) -> bool:
    """Whether ``point`` is a point of the group other than the identity (what a key, a
    ciphertext's half and a share must be).

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
    cards relate.

    >>> card_point(DECK[0]) == card_point(DECK[0]) != card_point(DECK[1])
    True
    """
    return _CARD_POINTS[card.code]


_CARD_POINTS = tuple(
    bytes(
        _sodium.crypto_core_ristretto255_from_hash(
            _hash(b"card", str(card).encode(), domain=_CARD_DOMAIN)
        )
    )
    for card in DECK
)
_CARD_OF = {point: card for card, point in zip(DECK, _CARD_POINTS, strict=True)}


def card_of(point: Point) -> Card:
    """The card whose point is ``point``.

    >>> card_of(card_point(DECK[7])) == DECK[7]
    True
    """
    card = _CARD_OF.get(point)
    if card is None:
        raise PrivateDealError("the point is no card: a share is missing, or it was forged")
    return card


@dataclass(frozen=True, slots=True)
class Secret:
    """One party's secret for one deal, and the key it publishes (``scalar`` times the base
    point). The secret stays with its party until the hand (or the night) is over."""

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
        try:
            return cls(scalar, _base_times(scalar))
        except ValueError:  # zero, as libsodium reads it: its key is no point
            raise PrivateDealError("a secret is a scalar other than zero") from None


@dataclass(frozen=True, slots=True)
class KeyProof:
    """A Schnorr proof that the party publishing a key knows its secret (:func:`prove_key`)."""

    challenge: Scalar
    response: Scalar


def _key_challenge(context: bytes, party: int, key: Point, r: Point) -> Scalar:
    return _scalar(b"key", context, _u32(party), _BASE, key, r)


def prove_key(secret: Secret, context: bytes, party: int) -> KeyProof:
    """The proof that party ``party`` knows ``secret``, bound to the deal's ``context`` (a
    proof made for one deal or one party proves nothing for another)."""
    nonce = _scalar(b"key nonce", secret.scalar, context, _u32(party))
    challenge = _key_challenge(context, party, secret.key, _base_times(nonce))
    product = _sodium.crypto_core_ristretto255_scalar_mul(challenge, secret.scalar)
    return KeyProof(challenge, bytes(_sodium.crypto_core_ristretto255_scalar_add(nonce, product)))


def check_key(key: Point, proof: KeyProof, context: bytes, party: int) -> bool:
    """Whether ``proof`` shows that party ``party`` knows the secret of ``key`` in ``context``.

    >>> one = Secret.new()
    >>> proof = prove_key(one, b"t|hand 1|deal 1", 2)
    >>> check_key(one.key, proof, b"t|hand 1|deal 1", 2)
    True
    >>> check_key(one.key, proof, b"t|hand 1|deal 1", 1), check_key(one.key, proof, b"t", 2)
    (False, False)
    """
    try:
        _point(key)
        if not _canonical(proof.response) or len(proof.challenge) != 32:
            return False
        r = _sub(_base_times(proof.response), _times(proof.challenge, key))
    except (PrivateDealError, ValueError, RuntimeError):  # libsodium refuses the identity
        return False
    return _key_challenge(context, party, key, r) == proof.challenge


def joint_key(keys: Sequence[Point]) -> Point:
    """The deal's joint key: the sum of every party's key (each checked with its proof first:
    :func:`check_key`)."""
    if not keys:
        raise PrivateDealError("a joint key is the sum of one key or more")
    total = _point(keys[0])
    for key in keys[1:]:
        total = _add(total, _point(key))
    return _point(total)


def shuffled_order(size: int) -> list[int]:
    """A uniformly random order of ``size`` positions, from the operating system's generator:
    ``order[j]`` is the position whose card goes to position ``j``."""
    order = list(range(size))
    _random.SystemRandom().shuffle(order)
    return order


CARDS_SUM = _CARD_POINTS[0]
for _point_of in _CARD_POINTS[1:]:
    CARDS_SUM = _add(CARDS_SUM, _point_of)
del _point_of
"""The sum of the 52 card points: what a dealt deck's sum opens to (:func:`deck_sum`)."""


def deck_sum(deck: Sequence[Ciphertext]) -> Ciphertext:
    """The sum of every ciphertext of ``deck``, ``(Σ c1, Σ c2)``: a ciphertext of the sum of its
    cards' points, whatever their order (see the module: the deck's sum).

    >>> one = Secret.new()
    >>> dealt = deal_deck([(one, shuffled_order(52))], b"d")[-1]
    >>> adds_up(deck_sum(dealt), [_times(one.scalar, deck_sum(dealt)[0])])
    True
    """
    c1, c2 = deck[0]
    for more1, more2 in deck[1:]:
        c1, c2 = _add(c1, more1), _add(c2, more2)
    return c1, c2


def adds_up(summed: Ciphertext, shares: Sequence[Point]) -> bool:
    """Whether the deck's sum ``summed`` opens, with every party's share of it, to
    :data:`CARDS_SUM`: the deck holds the 52 cards, or what was put in opens to no card."""
    try:
        return less_shares(summed, shares)[1] == CARDS_SUM
    except PrivateDealError:
        return False


def order_point(context: bytes) -> Point:
    """The point every party's order value is its secret times, for the deal of ``context``:
    nobody knows its logarithm to the base.

    >>> order_point(b"d") == order_point(b"d") != order_point(b"e")
    True
    """
    return bytes(_sodium.crypto_core_ristretto255_from_hash(_hash(b"order", context)))


_ORDER_MESSAGE = b"wildstud/deal-order\x00"


def deal_order(values: Sequence[Point], context: bytes) -> list[int]:
    """The deal order of the deal of ``context`` from every party's order value (``values``, in
    the parties' order): ``order[k]`` is the position of the dealt deck dealt ``k``-th.

    >>> one, other = Secret.new(), Secret.new()
    >>> values = [_times(s.scalar, order_point(b"d")) for s in (one, other)]
    >>> order = deal_order(values, b"d")
    >>> sorted(order) == list(range(52)), order == deal_order(values[::-1], b"d")
    (True, False)
    """
    key = _hash(b"deal order", context, *(_point(value) for value in values))[:32]
    return permutation(key, _ORDER_MESSAGE, len(DECK))


def open_deck() -> list[Ciphertext]:
    """The deck before the first party's turn: each card's point under no randomness, ``(O,
    M)``, in :data:`~wildstud.cards.DECK`'s order."""
    return [(_IDENTITY, point) for point in _CARD_POINTS]


def _randomiser(secret: Secret, context: bytes, position: int) -> Scalar:
    return _scalar(b"randomise", secret.scalar, context, _u32(position))


def shuffle_turn(
    deck: Sequence[Ciphertext], secret: Secret, order: Sequence[int], joint: Point, context: bytes
) -> list[Ciphertext]:
    """One party's turn at the deck: reordered by ``order`` (``order[j]``: the position of
    ``deck`` whose ciphertext goes to position ``j``), each ciphertext re-randomised under the
    joint key ``joint`` by a randomiser derived from ``secret``, ``context`` and its new
    position.

    >>> one = Secret.new()
    >>> turned = shuffle_turn(open_deck()[:3], one, [2, 0, 1], one.key, b"ctx")
    >>> open_card(turned[0], [_times(one.scalar, turned[0][0])]) == DECK[2]
    True
    """
    if sorted(order) != list(range(len(deck))):
        raise PrivateDealError(f"an order of {len(deck)} positions names each position once")
    turned = []
    for j, source in enumerate(order):
        c1, c2 = deck[source]
        s = _randomiser(secret, context, j)
        turned.append((_add(c1, _base_times(s)), _add(c2, _times(s, joint))))
    return turned


def check_deck(deck: Sequence[Ciphertext]) -> None:
    """Refuse a deck as sent that is not 52 different ciphertexts, each half a point of the
    group other than the identity (what can be checked before the secrets are published)."""
    if len(deck) != len(DECK) or len(set(deck)) != len(DECK):
        raise PrivateDealError("a deck is 52 different ciphertexts")
    if not all(is_point(c1) and is_point(c2) for c1, c2 in deck):
        raise PrivateDealError("a ciphertext is two points of the group")


def deal_deck(
    turns: Sequence[tuple[Secret, Sequence[int]]], context: bytes
) -> list[list[Ciphertext]]:
    """The decks of a whole round, from the open deck: the deck after each party's turn
    (``turns``: each party's secret and order, in turn, every key in the joint key). The last
    is the deck dealt from."""
    joint = joint_key([secret.key for secret, _ in turns])
    deck = open_deck()
    decks = []
    for secret, order in turns:
        deck = shuffle_turn(deck, secret, order, joint, context)
        decks.append(deck)
    return decks


@dataclass(frozen=True, slots=True)
class Shares:
    """One party's shares of several positions at once: each position's ``c1`` in the dealt
    deck (``points``), the party's secret times it (``shares``), and one Chaum–Pedersen proof
    ``(challenge, response)`` for them all (:func:`share_batch`)."""

    points: tuple[Point, ...]
    shares: tuple[Point, ...]
    challenge: Scalar
    response: Scalar


def _weighed(
    key: Point, points: Sequence[Point], shares: Sequence[Point], context: bytes
) -> tuple[bytes, list[Scalar]]:
    """The seed that binds a batch (its context, the key, every pair in order) and the weight
    of each pair after the first (whose weight is one): a point changed, moved or added changes
    every weight. A weight is 128 bits, as in batch verification: a cheat must hit a value it
    cannot choose among 2¹²⁸, and a product by half a scalar's bits costs half as much."""
    pairs = [point for pair in zip(points, shares, strict=True) for point in pair]
    seed = _hash(b"shares", context, _BASE, key, *pairs)
    weights = [_hash(b"weight", seed, _u32(k))[:16] + bytes(16) for k in range(1, len(points))]
    return seed, weights


def _weighted_sum(weights: Sequence[Scalar], points: Sequence[Point]) -> Point:
    """``points[0]`` plus each other point times its weight (``weights[k - 1]``)."""
    total = points[0]
    for weight, point in zip(weights, points[1:], strict=True):
        total = _add(total, _times(weight, point))
    return total


def _shares_challenge(
    context: bytes, key: Point, seed: bytes, summed: tuple[Point, Point], a: Point, b: Point
) -> Scalar:
    return _scalar(b"shares", context, _BASE, key, seed, *summed, a, b)


def share_batch(points: Sequence[Point], secret: Secret, context: bytes) -> Shares:
    """``secret``'s share of each of ``points`` (the ``c1`` of each position to open, one or
    more), with one proof for them all, bound to ``context`` (the deal, the positions and the
    party: :func:`~wildstud.private_wire.batch_context`). The prover multiplies once by its
    secret a point, once by a weight a point after the first, and three times for the proof.

    >>> one, other = Secret.new(), Secret.new()
    >>> deck = deal_deck([(one, [0, 1, 2] + list(range(3, 52)))], b"d")
    >>> batch = share_batch([c1 for c1, _ in deck[0][:3]], one, b"ctx")
    >>> [open_card(c, [d]) for c, d in zip(deck[0], batch.shares)] == list(DECK[:3])
    True
    >>> check_shares(batch, one.key, b"ctx"), check_shares(batch, other.key, b"ctx")
    (True, False)
    >>> check_shares(batch, one.key, b"another street")
    False
    """
    points = tuple(_point(point) for point in points)
    if not points:
        raise PrivateDealError("a batch of shares is of one point or more")
    shares = tuple(_times(secret.scalar, point) for point in points)
    seed, weights = _weighed(secret.key, points, shares, context)
    try:
        summed_points = _weighted_sum(weights, points)
        summed = (summed_points, _times(secret.scalar, summed_points) if weights else shares[0])
    except ValueError:  # pragma: no cover - the identity: libsodium refuses it (not to be met)
        raise PrivateDealError("the batch's weighted sum is the identity") from None
    nonce = _scalar(b"shares nonce", secret.scalar, context, seed)
    a, b = _base_times(nonce), _times(nonce, summed[0])
    challenge = _shares_challenge(context, secret.key, seed, summed, a, b)
    product = _sodium.crypto_core_ristretto255_scalar_mul(challenge, secret.scalar)
    response = bytes(_sodium.crypto_core_ristretto255_scalar_add(nonce, product))
    return Shares(points, shares, challenge, response)


def check_shares(batch: Shares, key: Point, context: bytes) -> bool:
    """Whether ``batch`` is the shares of the party with key ``key`` in ``context``: the one
    proof holds for every pair, in their order. Anybody can check it, knowing no secret."""
    try:
        if not batch.points or len(batch.points) != len(batch.shares):
            return False
        points = [_point(point) for point in batch.points]
        shares = [_point(share) for share in batch.shares]
        _point(key)
        seed, weights = _weighed(key, points, shares, context)
        summed = (_weighted_sum(weights, points), _weighted_sum(weights, shares))
        s, c = batch.response, batch.challenge
        if not _canonical(s) or len(c) != 32:
            return False
        a = _sub(_base_times(s), _times(c, key))
        b = _sub(_times(s, summed[0]), _times(c, summed[1]))
    except (PrivateDealError, ValueError, RuntimeError):  # libsodium refuses the identity
        return False
    return _shares_challenge(context, key, seed, summed, a, b) == c


def less_shares(ciphertext: Ciphertext, shares: Sequence[Point]) -> Ciphertext:
    """``ciphertext`` with ``shares`` taken off its ``c2``: what is left to open once those
    parties shared it (its owner's share alone, for a face-down card)."""
    c1, point = ciphertext
    try:
        for share in shares:
            point = _sub(point, _point(share))
    except ValueError:
        raise PrivateDealError("a share is no point of the group") from None
    return c1, point


def open_card(ciphertext: Ciphertext, shares: Sequence[Point]) -> Card:
    """The card under ``ciphertext``, from every party's share of it."""
    return card_of(less_shares(ciphertext, shares)[1])


def open_own(ciphertext: Ciphertext, shares: Sequence[Point], secret: Secret) -> Card:
    """The owner's card: every other party's share, and its own added alone (no proof:
    nobody else sees it)."""
    return open_card(ciphertext, [*shares, _times(secret.scalar, ciphertext[0])])


@dataclass(frozen=True, slots=True)
class Step:
    """One batch of shares of the night, as the audit reads it: whose, in what context."""

    party: int
    context: bytes
    shares: Shares


@dataclass(frozen=True, slots=True)
class Fault:
    """What the audit found wrong, and whose it was."""

    party: int
    kind: str
    """``key`` (the published secret is not the key's), ``order`` (not an order of the
    deck's positions), ``reordered`` (the deck is reordered or re-randomised otherwise than
    the party says), ``substituted`` (a card that was not in the deck came out of the party's
    turn) or ``unmasked`` (a share that does not follow from the party's secret)."""
    detail: str


def _decrypted(deck: Sequence[Ciphertext], total: Scalar) -> list[Point | None]:
    """Each ciphertext's point under the joint secret ``total`` (``None``: no point)."""
    points: list[Point | None] = []
    for c1, c2 in deck:
        try:
            points.append(_sub(c2, _times(total, c1)))
        except ValueError:
            points.append(None)
    return points


def audit(
    keys: Sequence[Point],
    decks: Sequence[Sequence[Ciphertext]],
    steps: Sequence[Step],
    revealed: Sequence[tuple[Scalar, Sequence[int]]],
    context: bytes,
    turns: Sequence[int] | None = None,
) -> tuple[list[Fault], list[Card]]:
    """Replay a deal of ``context`` from what every party published: ``keys`` (party ``i``'s),
    ``decks`` (the deck after each turn, as it was sent), ``steps`` (every batch of shares),
    ``revealed`` (each party's secret and order) and ``turns`` (the party of each turn, in
    order; ``None``: party 0 first, then 1 …). Returns every fault found, each naming its party,
    and the cards of the dealt deck, position by position (empty when a fault in the deck's
    turns leaves them unknown).

    >>> turns = [(Secret.new(), shuffled_order(52)) for _ in range(2)]
    >>> decks = deal_deck(turns, b"d")
    >>> keys = [secret.key for secret, _ in turns]
    >>> faults, cards = audit(keys, decks, [], [(s.scalar, o) for s, o in turns], b"d")
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
    total = secrets[0].scalar
    for secret in secrets[1:]:
        total = bytes(_sodium.crypto_core_ristretto255_scalar_add(total, secret.scalar))
    joint = joint_key(keys)
    deck = open_deck()
    cards: list[Card] = list(DECK)
    turns_ok = True
    turns = range(len(keys)) if turns is None else turns
    if sorted(turns) != list(range(len(keys))):
        raise PrivateDealError("each party turns the deck once")
    for party, sent in zip(turns, decks, strict=True):
        secret, order = secrets[party], revealed[party][1]
        try:
            expected = shuffle_turn(deck, secret, order, joint, context)
        except PrivateDealError as error:
            faults.append(Fault(party, "order", str(error)))
            turns_ok = False
            break
        if list(sent) != expected:
            turns_ok = False
            faults.append(_turn_fault(party, sent, [cards[source] for source in order], total))
            break
        cards = [cards[source] for source in order]
        deck = expected
    for step in steps:
        if not _follows(step, secrets[step.party], keys[step.party]):
            detail = f"a share in {step.context!r} does not follow from the party's secret"
            faults.append(Fault(step.party, "unmasked", detail))
    return faults, cards if turns_ok else []


def _turn_fault(
    party: int, sent: Sequence[Ciphertext], expected: Sequence[Card], total: Scalar
) -> Fault:
    """What is wrong with a deck sent otherwise than the party's secret and order give: it
    decrypts to the cards it was given (``reordered``) or to others (``substituted``)."""
    opened = [_CARD_OF.get(point) if point else None for point in _decrypted(sent, total)]
    if Counter(opened) == Counter(expected):
        wrong = next((j for j, card in enumerate(opened) if card != expected[j]), None)
        if wrong is None:
            detail = "the deck is re-randomised otherwise than the party's secret says"
        else:
            detail = f"the deck is not in the order published (first at position {wrong})"
        return Fault(party, "reordered", detail)
    alien = sum((Counter(opened) - Counter(expected)).values())
    detail = f"{alien} card(s) came out of the turn that were not in the deck"
    return Fault(party, "substituted", detail)


def _follows(step: Step, secret: Secret, key: Point) -> bool:
    """Whether every share of ``step`` is its party's secret times its point, and its proof
    holds (one fault for a batch, however many of its shares are wrong)."""
    batch = step.shares
    try:
        pairs = zip(batch.points, batch.shares, strict=True)
        follows = all(_point(d) == _times(secret.scalar, _point(c1)) for c1, d in pairs)
    except (PrivateDealError, ValueError):
        return False
    return follows and check_shares(batch, key, step.context)
