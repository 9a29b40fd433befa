"""The ledger of a table: every chip bought in, won or lost and cashed out, whether it
balances, and the night's settle-up, as reads of the money slice (:mod:`.cashier`) of the
table's pure core (:mod:`.core`).

Every change of a seat's chips goes into the store as a
:class:`~wildstud.server.store.records.LedgerEntry` in the same transaction as the change
itself, so the ledger balances by construction: chips at the table (and in the pot of the hand
in progress) plus chips cashed out equal chips bought in, and each seat's entries add up to its
stack. A read is a command that brings the table's chips as they stand (:class:`Report`,
:class:`NightRead`), or its seated accounts (:class:`Departures`); its effect is the store's
read of the ledger (:class:`ReadLedger`), in the same turn of the actor, so that both are of
one moment; the answer is made from the two.

>>> entries = (LedgerEntry("a", 0, "Ann", "buy-in", 500), LedgerEntry("a", 0, "Ann", "hand", 0))
>>> balance(Report(stacks=(("a", 500),), in_play=None, dealt=None), entries)["balanced"]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from wildstud.server.accounts import departed
from wildstud.server.night import BOUGHT, Night, tally
from wildstud.server.store.records import LedgerEntry
from wildstud.server.table.core import Command, Effect, Outcome
from wildstud.settlement import HouseResult

__all__ = [
    "COMMANDS",
    "Departures",
    "NightBook",
    "NightRead",
    "ReadLedger",
    "Report",
    "balance",
    "handle",
]

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class ReadLedger:
    """The store's read of the table's ledger, oldest entry first (a tuple of entries)."""


@dataclass(frozen=True, slots=True)
class Report(Command):
    """The chip ledger and whether it balances. ``stacks``: each seat's account and chips;
    ``in_play``: the chips in the hand in progress (its stacks and pot; ``None``: no hand),
    which must be the ``dealt`` ones it started with."""

    stacks: tuple[tuple[str, int], ...]
    in_play: int | None
    dealt: int | None


@dataclass(frozen=True, slots=True)
class NightRead(Command):
    """The night's ledger and settle-up. ``seated``: the chips in front of each seat, by
    ledger account; ``number``: the hand in progress, if any; ``ended``: the night is over."""

    seated: tuple[tuple[str, int], ...]
    number: int | None
    ended: bool
    house_result: HouseResult


@dataclass(frozen=True, slots=True)
class Departures(Command):
    """The players who left tonight and have not come back (:func:`~.accounts.departed`):
    ``seated``, the ledger accounts seated now."""

    seated: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NightBook:
    """What a night's settle-up is made from: the ledger and the chips in front of the seats,
    of one moment. Its :meth:`tally` may take a moment on a long night (a search for the
    fewest payments): the table runs it off the event loop."""

    entries: tuple[LedgerEntry, ...]
    read: NightRead

    def tally(self) -> Night:
        """The night (:func:`wildstud.server.night.tally`)."""
        read = self.read
        return tally(
            self.entries,
            dict(read.seated),
            read.number,
            ended=read.ended,
            house_result=read.house_result,
        )


@dataclass(frozen=True, slots=True)
class _Read(Command):
    """A read's command with the ledger the store gave for it."""

    asked: Report | NightRead | Departures
    entries: tuple[LedgerEntry, ...]


def balance(report: Report, entries: tuple[LedgerEntry, ...]) -> dict[str, Any]:
    """The ledger ``entries`` and whether they balance with the chips of ``report`` (the shape
    of :class:`~wildstud.server.schemas.LedgerReport`)."""
    accounts: dict[str, int] = {}
    for entry in entries:
        accounts[entry.player_id] = accounts.get(entry.player_id, 0) + entry.amount
    buy_ins = sum(entry.amount for entry in entries if entry.reason in BOUGHT)
    cash_outs = -sum(entry.amount for entry in entries if entry.reason == "cash-out")
    hands_net = sum(entry.amount for entry in entries if entry.reason == "hand")
    seated = sum(stack for _, stack in report.stacks)
    seats_balance = all(accounts.get(account, 0) == stack for account, stack in report.stacks)
    hands_balance = report.in_play == report.dealt
    return {
        "entries": [
            {
                "player_id": entry.player_id,
                "seat": entry.seat,
                "name": entry.name,
                "reason": entry.reason,
                "amount": entry.amount,
                "hand_number": entry.hand_number,
            }
            for entry in entries
        ],
        "buy_ins": buy_ins,
        "cash_outs": cash_outs,
        "hands_net": hands_net,
        "seated": seated,
        "in_play": report.in_play,
        "balanced": hands_net == 0
        and buy_ins - cash_outs + hands_net == seated
        and seats_balance
        and hands_balance,
    }


def handle(state: S, command: Command, now: float) -> Outcome[S]:
    """The ledger's reads (the money slice's state passes through unchanged): a read asks the
    store for the ledger, then answers from it."""
    if isinstance(command, _Read):
        asked = command.asked
        if isinstance(asked, Report):
            return Outcome(state, reply=balance(asked, command.entries))
        if isinstance(asked, Departures):
            return Outcome(state, reply=departed(command.entries, asked.seated))
        return Outcome(state, reply=NightBook(command.entries, asked))
    assert isinstance(command, Report | NightRead | Departures)

    def read(entries: Any, asked: Report | NightRead | Departures = command) -> Command:
        return _Read(asked, tuple(entries))

    return Outcome(state, effect=Effect(ReadLedger(), then=read))


COMMANDS: tuple[type[Command], ...] = (Report, NightRead, Departures, _Read)
"""The ledger's reads, among the money slice's commands."""
