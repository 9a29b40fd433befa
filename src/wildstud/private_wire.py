"""The private deal's rounds on the wire and in the store (:mod:`wildstud.private_rounds`): its
points, unmaskings and batches as hexadecimal JSON, and read back from a page's answer or a
stored row, each refused with a :class:`~wildstud.private_deal.PrivateDealError` that says what
is wrong.

>>> from wildstud.private_deal import Secret, card_point, unmask_batch
>>> from wildstud.cards import DECK
>>> secret = Secret.new()
>>> batch = unmask_batch([card_point(DECK[0]), card_point(DECK[1])], secret, b"ctx")
>>> batch_of(batch_data([4, 5], batch)) == batch
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from wildstud.private_deal import Batch, Point, PrivateDealError, Unmasking

__all__ = [
    "batch_context",
    "batch_data",
    "batch_of",
    "hex_points",
    "point_bytes",
    "unmasking_data",
    "unmasking_of",
    "unmaskings",
]


def batch_context(
    context: bytes, deal: int, positions: Sequence[int], party: int, show: bool = False
) -> bytes:
    """What the one proof of ``party``'s batch over ``positions`` in deal ``deal`` of the
    rounds of ``context`` (the table and hand) is bound to: ``context``, then ``|deal N|unmask
    P,Q,…|party I`` (a show's, ``|show P,Q,…``). The positions name the pass (each position is
    opened in one pass, and shown once), so a page builds it from its ask alone.

    >>> batch_context(b"t1|hand 4", 2, [9, 10], 1)
    b't1|hand 4|deal 2|unmask 9,10|party 1'
    >>> batch_context(b"t1|hand 4", 2, [3, 7], 0, show=True)
    b't1|hand 4|deal 2|show 3,7|party 0'
    """
    what = b"show" if show else b"unmask"
    listed = b",".join(b"%d" % position for position in positions)
    return b"%s|deal %d|%s %s|party %d" % (context, deal, what, listed, party)


def hex_points(points: Iterable[bytes]) -> list[str]:
    """Each point (or scalar) in hexadecimal."""
    return [point.hex() for point in points]


def unmasking_data(step: Unmasking) -> list[str]:
    """One card's unmasking as a row stores it (before batches): four hexadecimal values."""
    return [step.before.hex(), step.after.hex(), step.challenge.hex(), step.response.hex()]


def point_bytes(value: object, what: str) -> bytes:
    """32 bytes from their hexadecimal text (a page's answer)."""
    if isinstance(value, str) and len(value) == 64:
        try:
            return bytes.fromhex(value)
        except ValueError:
            pass
    raise PrivateDealError(f"a {what} is 32 bytes in hexadecimal")


def unmaskings(data: object) -> list[Unmasking]:
    """One unmasking a card, from a page's answer before batches."""
    if not isinstance(data, list):
        raise PrivateDealError("unmaskings are a list")
    return [unmasking_of(item) for item in data]


def batch_data(positions: Sequence[int], batch: Batch) -> dict[str, object]:
    """A batch as a row stores it: each position with its point before and after, and the
    proof."""
    pairs = zip(positions, batch.befores, batch.afters, strict=True)
    return {
        "batch": [[position, before.hex(), after.hex()] for position, before, after in pairs],
        "challenge": batch.challenge.hex(),
        "response": batch.response.hex(),
    }


def batch_of(data: Mapping[str, object], befores: Sequence[Point] | None = None) -> Batch:
    """A batch from a row (``befores`` None: each pair ``[position, before, after]``) or from a
    page's answer (``{"afters", "challenge", "response"}``: the points before are the rounds'
    own, ``befores``)."""
    if befores is None:
        pairs = data.get("batch")
        if not (
            isinstance(pairs, list) and all(isinstance(x, list) and len(x) == 3 for x in pairs)
        ):
            raise PrivateDealError("a batch's pairs are a position, a point and its unmasking")
        befores = [point_bytes(pair[1], "point") for pair in pairs]
        afters_data: object = [pair[2] for pair in pairs]
    else:
        afters_data = data.get("afters")
    if not isinstance(afters_data, list):
        raise PrivateDealError("a batch's unmaskings are a list")
    afters = tuple(point_bytes(after, "point") for after in afters_data)
    challenge = point_bytes(data.get("challenge"), "challenge")
    response = point_bytes(data.get("response"), "response")
    return Batch(tuple(befores), afters, challenge, response)


def unmasking_of(data: object) -> Unmasking:
    """One card's unmasking from its four hexadecimal values."""
    if not (isinstance(data, list) and len(data) == 4 and all(isinstance(x, str) for x in data)):
        raise PrivateDealError("an unmasking is four hexadecimal values")
    try:
        before, after, challenge, response = (bytes.fromhex(x) for x in data)
    except ValueError:
        raise PrivateDealError("an unmasking is four hexadecimal values") from None
    return Unmasking(before, after, challenge, response)
