"""The frames of the deal's two protocols, as typed models (the rest of what the server sends
is in :mod:`wildstud.server.frames`, whose :data:`~wildstud.server.frames.ServerFrame` names
these too): the players' shuffle's asks (:class:`ShuffleFrame`, :mod:`wildstud.joint_shuffle`)
and the private deal's (:class:`PrivateFrame`, :mod:`wildstud.private_rounds`), with what a
private frame carries and the audit of a night's private deals (:class:`PrivateAuditFrame`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from wildstud.server.frame_base import OutFrame, Part

__all__ = [
    "PrivateAuditFault",
    "PrivateAuditFrame",
    "PrivateDealt",
    "PrivateFrame",
    "PrivateKey",
    "PrivateValue",
    "ShuffleFrame",
]


class ShuffleFrame(OutFrame):
    """The players' shuffle asks this page for its part in deal ``deal`` of hand ``hand``, as
    the seat ``seat``: ``step`` ``commit``, a commitment to a fresh value of its own; ``reveal``,
    that value (:mod:`wildstud.joint_shuffle`). ``night`` is the commitment to the table's night
    seed, published before any value is asked for: it stays the same all night. ``seconds``:
    how long the table waits for the answer before dealing without this seat, which then sits
    the hand out."""

    type: Literal["shuffle"] = "shuffle"
    step: Literal["commit", "reveal"]
    hand: int
    deal: int
    seat: int
    night: str
    seconds: float


class PrivateKey(Part):
    """A party's key for a private deal with its proof that the party knows its secret
    (:func:`wildstud.private_deal.prove_key`), 32 bytes each in hexadecimal."""

    key: str
    challenge: str
    response: str


class PrivateValue(Part):
    """A party's order value (its share of the deal's order point) with its proof, 32 bytes
    each in hexadecimal."""

    value: str
    challenge: str
    response: str


class PrivateDealt(Part):
    """What a page checks the points it is asked for and the cards it is handed against: the
    dealt deck, and every party's order value and key, each with its proof, in the parties'
    order (:meth:`wildstud.private_rounds.DealRounds.dealt_data`)."""

    deck: list[str] = Field(description="the dealt deck: 52 ciphertexts")
    values: list[PrivateValue] = Field(description="every party's order value with its proof")
    keys: list[PrivateKey] = Field(description="every party's key with its proof")


class PrivateFrame(OutFrame):
    """A private deal's rounds (:mod:`wildstud.private_rounds`, :mod:`.table.private`; "wildstud
    private deal v3") ask this page, party ``party`` of deal ``deal`` of hand ``hand``, for its
    answer, or hand it its own cards to open. ``step``: ``key``, its key for the deal with its
    proof of knowledge; ``mask``, the ``deck`` to reorder and re-randomise (52 ciphertexts)
    under the ``joint`` key, with every party's ``keys`` and their proofs, which the page
    checks and adds up itself rather than trust the joint key it is told; ``unmask``, the
    ``points`` to share, each ``[position, c1]``, every party asked at once (once the last turn
    of the deck is in, first the deal order's: the one point ``[53, P]``, ``P`` hashed from the
    deal's context, whose share is the page's order value; then a pass's positions, each the
    place in the deal order of the card dealt, with ``to``: where each goes, ``d3`` face down
    to engine seat 3, ``u3`` face up to it, ``u`` face up to no seat; a page refuses an ask
    naming its own face-down card, and ``dealt``, the dealt deck with every order value and
    key, each proven, so that the page takes each place's ``c1`` from the deck itself: a pass's
    show and open frames carry it too); ``show``, at the showdown, the ``points`` of
    engine seat ``seat``'s face-down cards to show with proof, each ``[position, ciphertext]``;
    ``open`` (nothing to answer), the ``points`` of its own face-down cards once every other
    party shared them, each ``[position, ciphertext]`` with their shares taken off, for the
    page to open alone; ``reveal``, once the deal is over (after the night, or after each hand
    if the table's ``private_reveal`` says so), the page's secret and order for the audit. A
    point is 32 bytes in hexadecimal, a ciphertext 64 (``c1`` then ``c2``). A page shares (or
    shows) all its points at once, with one proof bound to ``context``, then ``|deal D|unmask
    P,Q,…|to L,M,…|party I`` (``to`` left out in the order round; a show's, ``|show
    P,Q,…|party I``), the positions and labels asked in order. ``seconds``: how
    long the table waits for the answer before the deal is void (house rule
    ``private_misdeal``; at the showdown, the hand is mucked). A private deal has no commitment
    to its deck (nobody knows it): its ``hand`` and ``update`` frames carry no ``commitments``
    and no ``proofs``; each card's proof is its shares'."""

    left_out_when_empty = frozenset({"deck", "points", "to", "dealt", "key", "joint", "keys"})
    type: Literal["private"] = "private"
    step: Literal["key", "mask", "unmask", "show", "open", "reveal"]
    hand: int
    deal: int
    party: int
    context: str = Field(description="what every proof of this deal is bound to")
    deck: list[str] | None = Field(
        None, description="mask: the deck to reorder and re-randomise, 52 ciphertexts"
    )
    points: list[tuple[int, str]] | None = Field(
        None,
        description="unmask: each position with its c1 to share; show and open: each position"
        " with its ciphertext, the other parties' shares taken off",
    )
    to: list[str] | None = Field(
        None,
        description="unmask, a pass: where each point's card goes (d3 face down to engine seat"
        " 3, u3 face up to it, u face up to no seat); the proof is bound to them",
    )
    dealt: PrivateDealt | None = Field(
        None,
        description="unmask (a pass), show and open: the dealt deck with every order value and"
        " key, each proven: the page works out the deal order and takes each place's c1 from"
        " the deck itself, refusing a point or a ciphertext that is not the place's",
    )
    seat: int | None = Field(None, description="show and open: the engine seat whose cards")
    seconds: float | None = Field(None, description="left out for open: nothing to answer")
    joint: str | None = Field(None, description="mask: the deal's joint key, every key's sum")
    keys: list[PrivateKey] | None = Field(
        None,
        description="mask: every party's key with its proof, in the parties' order: the page"
        " checks each and adds them up to the joint key itself",
    )
    key: str | None = Field(
        None,
        description="every step after the keys: the key the deal took for this party, so that"
        " a page of the same seat whose own key differs (its player's other device or tab)"
        " sits the deal out; each answer after the key names the key it is made with",
    )


class PrivateAuditFault(Part):
    """One fault a private deal's audit found."""

    hand: int
    deal: int
    party: str = Field(description="whose: the player whose page it was, or server")
    kind: Literal["key", "order", "reordered", "substituted", "unmasked", "refused", "unpublished"]
    text: str = Field(description="the fault in a sentence")


class PrivateAuditFrame(OutFrame):
    """The audit of the table's private deals (:mod:`wildstud.history.private_night`), once
    every party published its secret and order for them (or its clock ran out: such a party is
    named, ``unpublished``): hands ``first`` to ``last``, ``deals`` checked, and each fault with
    its party. Sent to every page when it is done, and to a page that connects after."""

    type: Literal["private_audit"] = "private_audit"
    first: int
    last: int
    deals: int
    faults: list[PrivateAuditFault]
