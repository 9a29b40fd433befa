"""A past night from another ledger, put into a club's book.

:func:`wildstud.ledger_import.read_ledger` reads the sheet (PokerNow's ledger export, or a plain
``name, bought in, cashed out`` sheet) into each player's result by the name they had. Here
those names become the book's accounts:

- a name that is an admitted member's (compared as the club compares names: case and look-alike
  letters do not count, :func:`~wildstud.server.names.name_key`) is that member: the night is
  theirs in the book, as a night they played is;
- any other name is a **guest**, known by that name: ``guest:~<its key>``, the same account in
  every import that names them, so that what a guest owes from one imported night is netted
  with the next. A guest who later joins the club keeps the guest account's past apart (the
  host sees both in the book): an import never guesses which member a stranger's name was.

Two names of one sheet that the club would take for one person are refused rather than added
together, as a name that is not a name (empty once cleaned) is. The step written is a night's,
as a played night's is, so the book nets it and its payments with everything still owed.

>>> import datetime
>>> from wildstud.ledger_import import read_ledger
>>> from wildstud.server.store.clubs import MemberState
>>> ann = MemberState("c", "m-ann", "Ann", "#112233", None, None, "h", "member", True)
>>> night = read_ledger("name,bought in,cashed out\\nANN,20,55\\nGus,20,0\\nGus,15,0\\n")
>>> step = imported_step(night, [ann], "i1", datetime.date(2026, 10, 1))
>>> step.data["nets"], step.data["names"]["m-ann"], step.data["imported"]["date"]
({'m-ann': 35, 'guest:~gus': -35}, 'ANN', '2026-10-01')
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from wildstud.errors import RecordError, WildstudError
from wildstud.ledger_import import ImportedNight
from wildstud.server.clubs import GUEST
from wildstud.server.names import SEAT_NAME_LIMIT, clean_name, name_key
from wildstud.server.store.clubs import BookStep, MemberState

__all__ = ["IMPORTED_GUEST", "imported_step"]

IMPORTED_GUEST = GUEST + "~"
"""The prefix of the book account of a guest named by an imported ledger (then the name's key)."""


def imported_step(
    imported: ImportedNight, members: Iterable[MemberState], night: str, date: datetime.date
) -> BookStep:
    """The book step of an imported night (its id ``night``, played on ``date``), each name
    matched to an admitted member of ``members`` or made a guest (see the module); refused with
    :class:`~wildstud.errors.RecordError` for a name that is not one, or two that look alike."""
    by_key = {name_key(m.name): m for m in members if m.status == "member"}
    nets: dict[str, int] = {}
    names: dict[str, str] = {}
    first: dict[str, str] = {}
    for written, net in imported.nets.items():
        try:
            name = clean_name(written, limit=SEAT_NAME_LIMIT)
        except WildstudError as error:
            raise RecordError(f"the name {written[:60]!r}: {error}") from None
        key = name_key(name)
        if key in first:
            raise RecordError(
                f"{first[key]!r} and {name!r} would be one person in the club: rename one,"
                " or put their rows under one name"
            )
        first[key] = name
        member = by_key.get(key)
        account = member.id if member is not None else IMPORTED_GUEST + key
        nets[account] = net
        names[account] = name
    facts = {
        "source": imported.source,
        "date": date.isoformat(),
        "started": None if imported.started is None else imported.started.isoformat(),
    }
    return BookStep(0, "night", night, None, None, True, {"nets": nets, "names": names,
                                                          "imported": facts})  # fmt: skip
