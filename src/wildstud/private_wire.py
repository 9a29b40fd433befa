"""The private deal's rounds on the wire and in the store (:mod:`wildstud.private_rounds`): its
points, ciphertexts, key proofs and batches of shares as hexadecimal JSON, and read back from a
page's answer or a stored row, each refused with a
:class:`~wildstud.private_deal.PrivateDealError` that says what is wrong.

**The rounds' wire** (:meth:`~wildstud.private_rounds.DealRounds.ask` and
:meth:`~wildstud.private_rounds.DealRounds.take`; a point or scalar is 64 hexadecimal digits, a
ciphertext 128, ``c1`` then ``c2``). Asked ``{"step": "key"}``, a page answers ``{"step":
"key", "key", "challenge", "response"}``. Asked ``{"step": "mask", "deck": [52 ciphertexts],
"joint": point, "keys": [key, …]}`` (every party's key with its proof, as it answered its own,
in the parties' order: the page checks each proof and adds the keys up itself, rather than
trust ``joint``), it answers ``{"step": "mask", "deck": [52 ciphertexts]}``. Asked ``{"step":
"unmask", "points": [[position, c1], …], "to": [label, …]}`` (where each card goes,
:func:`label`), it answers ``{"step": "unmask", "batch": {"shares": [share, …], "challenge",
"response"}}``, the shares in the order asked, its proof bound to :func:`batch_context` of the
positions and labels asked; a page refuses an ask that names one of its own face-down cards.
A pass's ask, and each open and show, carries ``dealt`` too
(:meth:`~wildstud.private_rounds.DealRounds.dealt_data`: the dealt deck, every order value and
key with its proof), against which the page checks every point and ciphertext it is handed.
Once the last turn of the deck is in, it is asked so for its order value first: ``points`` is
``[[53, P]]`` with no ``to`` (:data:`ORDER`, ``P``
:func:`~wildstud.private_deal.order_point` of the deal context), and it answers its share of
``P`` the same way. A pass's positions are places in the deal order (the ``k``-th card dealt),
their ``c1`` the dealt deck's at the position the deal order gives. Its own face-down cards
come as ``[position, ciphertext]`` with every other party's share taken off ``c2``
(:meth:`~wildstud.private_rounds.DealRounds.own_points`): the card is ``c2 − x·c1``. Asked to
show, with ``points`` those ciphertexts of the seat's cards not shown yet, it answers
``{"step": "show", "seat", "batch": {…}}``, its shares of their ``c1`` bound to the show's
batch context (no ``batch`` when none is left to show). After the hand, ``{"step": "reveal",
"secret", "order": [52 positions]}``. Every answer after the key names the ``key`` it is made
with.

>>> from wildstud.private_deal import Secret, card_point, share_batch
>>> from wildstud.cards import DECK
>>> secret = Secret.new()
>>> batch = share_batch([card_point(DECK[0]), card_point(DECK[1])], secret, b"ctx")
>>> shares_of(shares_data([4, 5], batch)) == batch
True
>>> ciphertext_of(ciphertext_hex((card_point(DECK[0]), card_point(DECK[1])))) == (
...     card_point(DECK[0]), card_point(DECK[1]))
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from wildstud.private_deal import VERSION, Ciphertext, KeyProof, Point, PrivateDealError, Shares

__all__ = [
    "ORDER",
    "Kind",
    "Party",
    "Row",
    "batch_context",
    "ciphertext_hex",
    "ciphertext_of",
    "hex_points",
    "key_data",
    "key_of",
    "label",
    "parties_of",
    "point_bytes",
    "shares_data",
    "shares_of",
]


ORDER = 53
"""The position (past the deck's sum's, 52) at which the order round names its one point
(:func:`~wildstud.private_deal.order_point`), each party's order value being its share of it."""

Kind = Literal[
    "parties", "key", "deck", "order", "pass", "unmask", "show", "reveal", "agent", "audit"
]
"""What a row holds: the deal's parties (its first row,
:meth:`~wildstud.private_rounds.DealRounds.parties_row`), a party's key with its proof, its
turn of the deck, its order value with its proof, a pass opened (the server's), a party's
shares in a pass, a hand shown, a party's secret and order after the hand; or the server's own
secret and order (:meth:`~wildstud.private_agent.Agent.row`: stored, never sent), or the deal's
audit once every secret was published (its faults: :mod:`wildstud.server.table.private_reveal`);
the last two skipped by :meth:`~wildstud.private_rounds.DealRounds.apply`."""


@dataclass(frozen=True, slots=True)
class Row:
    """One answer taken, to store before the rounds go on: its deal, what it is, its party
    (:data:`~wildstud.private_rounds.SERVER_ROW` for a pass opened) and its data (JSON,
    hexadecimal points)."""

    deal: int
    kind: Kind
    party: int
    data: str


@dataclass(frozen=True, slots=True)
class Party:
    """A party to a deal: its name (a player's, or ``server``) and the engine seats whose
    face-down cards are its own (a page: its player's seat; the server: the bots' and the
    away players')."""

    name: str
    seats: tuple[int, ...]


def parties_of(data: str) -> tuple[Party, ...]:
    """The parties of a deal's first row
    (:meth:`~wildstud.private_rounds.DealRounds.parties_row`); a row of another version of the
    protocol is refused, naming it.

    >>> try:
    ...     parties_of('[["Ann", [0]], ["server", [1]]]')  # the first version's
    ... except PrivateDealError as error:
    ...     print(str(error)[:51])
    this deal was dealt under wildstud private deal v1,
    """
    read = json.loads(data)
    version = read.get("version") if isinstance(read, dict) else 1
    if version != VERSION:
        raise PrivateDealError(
            f"this deal was dealt under wildstud private deal v{version}, which this wildstud"
            f" no longer audits (it audits v{VERSION} only)"
        )
    return tuple(Party(name, tuple(seats)) for name, seats in read["parties"])


def label(seat: int | None, up: bool) -> str:
    """Where a pass's card goes, as its ask names it and a batch's proof is bound to: ``d3``
    face down to engine seat 3 (its owner gives no share of it), ``u3`` face up to seat 3,
    ``u`` face up to no seat (a community or centre card, the deck's sum).

    >>> label(3, False), label(3, True), label(None, True)
    ('d3', 'u3', 'u')
    """
    if seat is None:
        return "u"
    return f"{'u' if up else 'd'}{seat}"


def batch_context(
    context: bytes,
    deal: int,
    positions: Sequence[int],
    party: int,
    show: bool = False,
    to: Sequence[str] = (),
) -> bytes:
    """What the one proof of ``party``'s shares of ``positions`` in deal ``deal`` of the rounds
    of ``context`` (the table and hand) is bound to: ``context``, then ``|deal N|unmask
    P,Q,…|to L,M,…|party I``, ``to`` each position's :func:`label` in a pass (none in the
    order round), or a show's ``|show P,Q,…|party I``. The positions name the pass (each
    position is opened in one pass, and shown once) and the labels where the ask said each card
    goes: a page builds it from its ask alone, and a server that told a page another seat than
    the one it dealt a card to holds a proof that does not hold for the pass it stored.

    >>> batch_context(b"t1|hand 4", 2, [9, 10], 1, to=["d0", "u2"])
    b't1|hand 4|deal 2|unmask 9,10|to d0,u2|party 1'
    >>> batch_context(b"t1|hand 4", 2, [53], 1)
    b't1|hand 4|deal 2|unmask 53|party 1'
    >>> batch_context(b"t1|hand 4", 2, [3, 7], 0, show=True)
    b't1|hand 4|deal 2|show 3,7|party 0'
    """
    what = b"show" if show else b"unmask"
    listed = b",".join(b"%d" % position for position in positions)
    where = b"|to " + ",".join(to).encode() if to else b""
    return b"%s|deal %d|%s %s%s|party %d" % (context, deal, what, listed, where, party)


def hex_points(points: Iterable[bytes]) -> list[str]:
    """Each point (or scalar) in hexadecimal."""
    return [point.hex() for point in points]


def point_bytes(value: object, what: str) -> bytes:
    """32 bytes from their hexadecimal text (a page's answer)."""
    if isinstance(value, str) and len(value) == 64:
        try:
            return bytes.fromhex(value)
        except ValueError:
            pass
    raise PrivateDealError(f"a {what} is 32 bytes in hexadecimal")


def ciphertext_hex(ciphertext: Ciphertext) -> str:
    """A ciphertext as 128 hexadecimal digits, ``c1`` then ``c2``."""
    return (ciphertext[0] + ciphertext[1]).hex()


def ciphertext_of(value: object) -> Ciphertext:
    """A ciphertext from its 128 hexadecimal digits."""
    if isinstance(value, str) and len(value) == 128:
        try:
            raw = bytes.fromhex(value)
        except ValueError:
            pass
        else:
            return raw[:32], raw[32:]
    raise PrivateDealError("a ciphertext is 64 bytes in hexadecimal")


def key_data(key: Point, proof: KeyProof) -> dict[str, str]:
    """A key with its proof of knowledge, as a row stores it and a page sends it."""
    return {"key": key.hex(), "challenge": proof.challenge.hex(), "response": proof.response.hex()}


def key_of(data: object) -> tuple[Point, KeyProof]:
    """A key and its proof from :func:`key_data`'s object."""
    if not isinstance(data, Mapping):
        raise PrivateDealError("a key comes with its proof: an object")
    proof = KeyProof(
        point_bytes(data.get("challenge"), "challenge"),
        point_bytes(data.get("response"), "response"),
    )
    return point_bytes(data.get("key"), "key"), proof


def shares_data(positions: Sequence[int], batch: Shares) -> dict[str, object]:
    """A batch of shares as a row stores it: each position with its point (``c1``) and the
    party's share of it, and the proof."""
    triples = zip(positions, batch.points, batch.shares, strict=True)
    return {
        "batch": [[position, point.hex(), share.hex()] for position, point, share in triples],
        "challenge": batch.challenge.hex(),
        "response": batch.response.hex(),
    }


def shares_of(data: Mapping[str, object], points: Sequence[Point] | None = None) -> Shares:
    """A batch of shares from a row (``points`` None: each ``[position, point, share]``) or from
    a page's answer (``{"shares", "challenge", "response"}``: the points are the rounds' own,
    ``points``)."""
    if points is None:
        triples = data.get("batch")
        if not (
            isinstance(triples, list) and all(isinstance(x, list) and len(x) == 3 for x in triples)
        ):
            raise PrivateDealError("a batch's shares are a position, a point and a share")
        points = [point_bytes(triple[1], "point") for triple in triples]
        listed: object = [triple[2] for triple in triples]
    else:
        listed = data.get("shares")
    if not isinstance(listed, list):
        raise PrivateDealError("a batch's shares are a list")
    shares = tuple(point_bytes(share, "share") for share in listed)
    challenge = point_bytes(data.get("challenge"), "challenge")
    response = point_bytes(data.get("response"), "response")
    return Shares(tuple(points), shares, challenge, response)
