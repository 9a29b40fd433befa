"""Past nights from other ledgers: PokerNow's ledger export, or a plain sheet of who bought in
for how much and cashed out for how much, read into a night's results for a club's book
(:class:`wildstud.book.Book`).

PokerNow's export has one row per session at its table (a player who left and sat down again has
two): ``player_nickname, player_id, session_start_at, session_end_at, buy_in, buy_out, stack,
net`` (newer exports add ``nit_escrow`` before ``net``). A player is known by ``player_id``
across nicknames; their result is the sum of their sessions' ``net``, each checked against
``buy_out + stack - buy_in`` (plus ``nit_escrow`` where there is one). A plain sheet has the
columns ``name, bought in, cashed out`` (or ``name, buy_in, cash_out``), one row a purchase or a
player, in any order.

Amounts may be whole or decimal: ``scale`` turns them into the book's whole unit (``100`` reads
``45.50`` dollars as 4,550 cents). An amount that is not whole after scaling, a row whose sums
disagree, or results that do not add up to zero (chips lost or made up, or rake taken) are
refused with :class:`~wildstud.errors.RecordError` naming the row.

>>> sheet = "name,bought in,cashed out\\nAnn,20,55\\nBob,20,0\\nBob,20,5\\n"
>>> read_ledger(sheet).nets
{'Ann': 35, 'Bob': -35}
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Literal

from wildstud.errors import RecordError

__all__ = ["ImportedNight", "read_ledger"]

_POKERNOW = (
    "player_nickname",
    "player_id",
    "session_start_at",
    "buy_in",
    "buy_out",
    "stack",
    "net",
)
_MOVED = ("buy_in", "buy_out", "stack", "nit_escrow")
_SHEET = (("name", "bought in", "cashed out"), ("name", "buy_in", "cash_out"))
_MAX_ROWS = 10_000


@dataclass(frozen=True, slots=True)
class ImportedNight:
    """A night read from another ledger: each player's result (by name, adding up to zero),
    where it came from, and when it began if the ledger says."""

    source: Literal["pokernow", "sheet"]
    nets: Mapping[str, int]
    started: datetime.datetime | None = None


def _amount(text: str, scale: int, where: str) -> int:
    try:
        value = Decimal(text.strip() or "0") * scale
    except InvalidOperation:
        raise RecordError(f"{where}: {text!r} is not an amount"[:160]) from None
    if not value.is_finite() or value != value.to_integral_value():
        raise RecordError(f"{where}: {text!r} is not a whole amount at scale {scale}"[:160])
    return int(value)


def _started(text: str) -> datetime.datetime | None:
    try:
        return datetime.datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        return None


def read_ledger(text: str, *, scale: int = 1) -> ImportedNight:
    """The night in a ledger's CSV ``text`` (see the module for the two kinds it reads).

    >>> read_ledger("who,what\\nAnn,3\\n")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.errors.RecordError: not a ledger: ... not who, what
    """
    if type(scale) is not int or scale < 1:
        raise RecordError(f"the scale is a whole number from 1, not {scale!r}")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    if not rows:
        raise RecordError("the ledger is empty")
    if len(rows) > _MAX_ROWS:
        raise RecordError(f"a ledger of at most {_MAX_ROWS:,} rows, not {len(rows):,}")
    header = [cell.strip().lower() for cell in rows[0]]
    if all(name in header for name in _POKERNOW):
        return _pokernow(header, rows[1:], scale)
    for names in _SHEET:
        if tuple(header[:3]) == names:
            return _sheet(rows[1:], scale)
    raise RecordError(
        "not a ledger: the columns are PokerNow's export's (player_nickname, player_id, ...,"
        " net) or a sheet's (name, bought in, cashed out), not " + ", ".join(header)[:80]
    )


def _square(nets: dict[str, int], what: str) -> None:
    total = sum(nets.values())
    if total:
        raise RecordError(
            f"the {what}'s results add up to {total}, not 0: chips were lost or made up, or a"
            " rake was taken; correct the sheet and import it again"
        )


def _pokernow(header: list[str], rows: list[list[str]], scale: int) -> ImportedNight:
    column = {name: header.index(name) for name in header}
    seen: dict[str, tuple[datetime.datetime | None, str]] = {}
    nets: dict[str, int] = {}
    started: datetime.datetime | None = None
    for number, row in enumerate(rows, start=2):
        where = f"row {number}"
        if len(row) < len(header):
            raise RecordError(f"{where}: {len(row)} cells, not {len(header)}")

        def cell(name: str, row: list[str] = row) -> str:
            return row[column[name]] if name in column else ""

        player = cell("player_id").strip()
        nickname = cell("player_nickname").strip()
        if not player or not nickname:
            raise RecordError(f"{where}: a session needs its player's id and nickname")
        net = _amount(cell("net"), scale, where)
        amounts = [_amount(cell(name), scale, where) for name in _MOVED]
        if any(amount < 0 for amount in amounts):
            raise RecordError(f"{where}: {nickname}'s buy-in, buy-out and stack are not negative")
        if sum(amounts[1:]) - amounts[0] != net:
            raise RecordError(
                f"{where}: {nickname}'s net is not buy_out + stack + nit_escrow - buy_in"
            )
        nets[player] = nets.get(player, 0) + net
        began = _started(cell("session_start_at"))
        when = began or _started(cell("session_end_at"))
        # The nickname of a player's latest session names them, whatever the rows' order.
        latest = seen.get(player)
        if latest is None or (when is not None and (latest[0] is None or when >= latest[0])):
            seen[player] = (when, nickname)
        if began is not None and (started is None or began < started):
            started = began
    _square(nets, "export")
    by_name: dict[str, int] = {}
    for player, net in nets.items():
        name = seen[player][1]
        if name in by_name:
            raise RecordError(f"two players of the export are both named {name!r}: rename one")
        by_name[name] = net
    return ImportedNight("pokernow", by_name, started)


def _sheet(rows: list[list[str]], scale: int) -> ImportedNight:
    nets: dict[str, int] = {}
    for number, row in enumerate(rows, start=2):
        where = f"row {number}"
        if len(row) < 3 or not row[0].strip():
            raise RecordError(f"{where}: a name, what was bought in and what was cashed out")
        bought, cashed = _amount(row[1], scale, where), _amount(row[2], scale, where)
        if bought < 0 or cashed < 0:
            raise RecordError(f"{where}: amounts bought in and cashed out are not negative")
        name = row[0].strip()
        nets[name] = nets.get(name, 0) + cashed - bought
    _square(nets, "sheet")
    return ImportedNight("sheet", nets)
