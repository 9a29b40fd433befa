"""Why a running table deals no hand, and what would make it deal, in words for everyone.

A hand needs two seats that are dealt in (chips, sitting in, not leaving:
:attr:`~wildstud.server.seating.Seat.eligible`). When a running table has fewer between hands,
it waits; :func:`stalled` says why and who can end the wait, so that nobody stares at a still
table ("Cy, sit back in, or host, end the night"). The table frame carries it (``stalled``),
the page shows it and the host's console too.

>>> from wildstud.server.seating import SeatKind
>>> ann = Seat.new(0, "Ann", SeatKind.PLAYER, None, 500, 0)
>>> cy = Seat.new(1, "Cy", SeatKind.PLAYER, None, 300, 0)
>>> cy.sitting_out = True
>>> print(stalled({0: ann, 1: cy}))
No hand can be dealt: only Ann has chips and is sitting in. Cy is sitting out: Cy, sit back \
in, or host, end the night.
>>> ann.stack = 0
>>> print(stalled({0: ann, 1: cy}))
No hand can be dealt: nobody with chips is sitting in. Cy is sitting out: Cy, sit back in. Ann \
has no chips: Ann, ask for a rebuy (the host approves it), or host, end the night.
>>> stalled({0: ann, 1: cy}, hand_in_progress=True) is None
True
>>> print(stalled({1: cy}))
No hand can be dealt: nobody with chips is sitting in. Cy is sitting out: Cy, sit back in. A hand \
needs two players: share the join link; or host, add a bot or end the night.
"""

from __future__ import annotations

from collections.abc import Mapping

from wildstud.server.seating import Seat

__all__ = ["stalled"]


def stalled(seats: Mapping[int, Seat], *, hand_in_progress: bool = False) -> str | None:
    """Why no hand can be dealt at a running table between hands, with what to do about it;
    ``None`` when a hand can be dealt (or one is being played)."""
    if hand_in_progress:
        return None
    staying = [seats[index] for index in sorted(seats) if not seats[index].leaving]
    ready = [seat.name for seat in staying if seat.eligible]
    if len(ready) >= 2:
        return None
    out = [seat.name for seat in staying if seat.stack and seat.sitting_out]
    broke = [seat.name for seat in staying if not seat.stack]
    if len(ready) == 1:
        facts = f"only {ready[0]} has chips and is sitting in"
    elif staying:
        facts = "nobody with chips is sitting in"
    else:
        facts = "nobody is seated"
    advice = []
    if out:
        advice.append(f"{_names(out)} {_be(out)} sitting out: {_names(out)}, sit back in")
    if broke:
        have = "has" if len(broke) == 1 else "have"
        advice.append(
            f"{_names(broke)} {have} no chips: {_names(broke)}, ask for a rebuy"
            " (the host approves it)"
        )
    host = "or host, end the night"
    if len(staying) < 2:
        advice.append("a hand needs two players: share the join link")
        host = "or host, add a bot or end the night"
    # Never empty: a seat that stays and is not ready is sitting out, has no chips or is alone.
    text = ". ".join(part[0].upper() + part[1:] for part in advice)
    return (
        f"No hand can be dealt: {facts}. {text}; {host}."
        if len(staying) < 2
        else (f"No hand can be dealt: {facts}. {text}, {host}.")
    )


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _be(names: list[str]) -> str:
    return "is" if len(names) == 1 else "are"
