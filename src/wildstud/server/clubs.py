"""A club on the server: its book replayed from the store, its nights' results read into it
when they end, and the book's steps taken by members and the host.

The book itself is :class:`wildstud.book.Book`; the store keeps its steps
(:mod:`wildstud.server.store.clubs`). A night of the club goes into the book once it is over:
its host ended it and no hand is in progress (:attr:`wildstud.server.night.Night.ended`). The
night's table is not told about the club: the book reads the night as the REST API does, when
the club's book or page is read, or when the club's host ends the night from the club.

Each person's result is what the night's settle-up squares for them
(:attr:`~wildstud.server.night.NightPlayer.settles`), by book account: a member's id for
every ledger account they held that night (taken from the club, so a member is one account
however many times they sat down), and ``guest:<ledger account>`` for a guest who came in
through the table's own join link. The settle-up squares the people among themselves whether
the house's result (the bots') was shared or left aside, so these results add up to zero; a
night whose ledger does not balance (only a bug can make one) stays out of the book rather
than make money up.

>>> from wildstud.server.night import tally
>>> from wildstud.server.store import LedgerEntry
>>> entries = [LedgerEntry("p1", 0, "Ann", "buy-in", 100), LedgerEntry("p1", 0, "Ann", "hand", 35),
...            LedgerEntry("p2", 1, "Bob", "buy-in", 100), LedgerEntry("p2", 1, "Bob", "hand", -35)]
>>> night = tally(entries, {"p1": 135, "p2": 65}, ended=True)
>>> results(night, {"p1": "m-ann"})
({'m-ann': 35, 'guest:p2': -35}, {'m-ann': 'Ann', 'guest:p2': 'Bob'})
>>> book = replay([BookStep(1, "night", "t1", None, None, False,
...                         {"nets": {"a": 5, "b": -5}, "names": {}})])
>>> [str(payment) for payment in book.payments]
['#1 b pays a 5 (owed)']
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from wildstud.book import Book, BookError, Payment
from wildstud.errors import WildstudError
from wildstud.server.night import Night
from wildstud.server.store import Store
from wildstud.server.store.clubs import BookStep, add_step, book_steps, nights, seat_members

__all__ = [
    "GUEST",
    "ClubBook",
    "ClubConflictError",
    "NotAllowedError",
    "Step",
    "book_ended",
    "final",
    "replay",
    "results",
    "take_step",
]

GUEST = "guest:"
"""The prefix of a guest's book account: a guest is known by their ledger account only."""
STEP_TRIES = 5
"""How many times a step is tried against a book that others change at the same moment."""
_KINDS = ("night", "paid", "confirmed", "not-received")


class NotAllowedError(WildstudError):
    """A member acting where they may not: on a payment that is not theirs to act on, or
    before the host let them into the club (the REST API answers 403)."""


class ClubConflictError(WildstudError):
    """What the club's state refuses: a request to join decided twice, a payment confirmed
    twice or marked paid when it is not owed, a book changed by others faster than a step
    could be written (the REST API answers 409)."""


def final(night: Night) -> bool:
    """Whether a night's figures are final: ended by its host, no hand in progress."""
    return night.ended and night.hand_in_progress is None


def results(night: Night, seats: Mapping[str, str]) -> tuple[dict[str, int], dict[str, str]]:
    """Each book account's result for ``night`` (``seats``: the member of each ledger account
    that a member held), and the name each account had that night."""
    nets: dict[str, int] = {}
    names: dict[str, str] = {}
    for player in night.players:
        account = seats.get(player.player_id, GUEST + player.player_id)
        nets[account] = nets.get(account, 0) + player.settles
        names.setdefault(account, player.name)
    return nets, names


def replay(steps: Iterable[BookStep]) -> Book:
    """The book its stored ``steps`` make."""
    book = Book()
    for step in steps:
        book = _apply(book, step)
    return book


def _apply(book: Book, step: BookStep) -> Book:
    if step.kind == "night":
        assert step.night is not None
        assert step.data is not None
        return book.add_night(step.night, step.data["nets"])
    assert step.payment is not None
    assert step.member is not None
    acts = {"paid": book.mark_paid, "confirmed": book.confirm, "not-received": book.not_received}
    return acts[step.kind](step.payment, by=step.member, host=step.host)


@dataclass(frozen=True, slots=True)
class Step:
    """A member's (or the host's) step on a payment: ``paid``, ``confirmed`` or
    ``not-received``."""

    kind: str
    payment: int
    member: str
    host: bool = False

    def check(self, book: Book) -> Payment:
        """The payment, once the step is allowed: else :class:`BookError` (no such payment),
        :class:`NotAllowedError` (not the member's to take) or :class:`ClubConflictError`."""
        if self.kind not in _KINDS[1:]:
            raise ValueError(f"no step {self.kind!r}")
        payment = book.payment(self.payment)
        if not self.host:
            mine = payment.payer if self.kind == "paid" else payment.payee
            if mine != self.member:
                whose = "who pays" if self.kind == "paid" else "who is paid"
                raise NotAllowedError(
                    f"payment #{payment.number} is not yours to {_VERBS[self.kind]}: only the"
                    f" member {whose} or the host may"
                )
        try:
            _apply(book, self.stored(0))
        except BookError as error:
            raise ClubConflictError(str(error)) from None
        return payment

    def stored(self, seq: int) -> BookStep:
        """The step as the store keeps it, numbered ``seq``."""
        return BookStep(seq, self.kind, None, self.payment, self.member, self.host, None)


_VERBS = {"paid": "mark paid", "confirmed": "confirm", "not-received": "send back"}


async def take_step(store: Store, club_id: str, make: Callable[[Book], BookStep | None]) -> Book:
    """Write the step ``make`` makes of the book as it stands (``None``: nothing to write) as
    the book's next step, reading the book again and retrying when someone else wrote a step
    first. Returns the book with it."""
    for _ in range(STEP_TRIES):
        steps = await store.call(book_steps, store.engine, club_id)
        book = replay(steps)
        step = make(book)
        if step is None:
            return book
        numbered = replace(step, seq=len(steps) + 1)
        if await store.call(add_step, store.engine, club_id, numbered):
            return _apply(book, numbered)
    raise ClubConflictError("the book changed while the step was written: try again")


@dataclass(frozen=True, slots=True)
class ClubBook:
    """A club's book, the name each account had at its last night (a guest is known by that
    name only), the stored steps it was replayed from, and where each imported night came
    from (its ``source`` and ``date``, :mod:`wildstud.server.club_imports`)."""

    book: Book
    names: Mapping[str, str]
    steps: tuple[BookStep, ...] = ()
    imported: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


def _read(steps: Iterable[BookStep]) -> ClubBook:
    steps = list(steps)
    names: dict[str, str] = {}
    imported: dict[str, Mapping[str, Any]] = {}
    for step in steps:
        if step.kind == "night" and step.data is not None:
            names.update(step.data.get("names", {}))
            if step.night is not None and "imported" in step.data:
                imported[step.night] = step.data["imported"]
    return ClubBook(replay(steps), names, tuple(steps), imported)


async def book_ended(
    store: Store, club_id: str, night_of: Callable[[str], Awaitable[Night | None]]
) -> ClubBook:
    """The club's book once every night of the club that is over is in it (``night_of``: a
    night's figures by its table's id, ``None`` for a table this process does not run)."""
    steps = await store.call(book_steps, store.engine, club_id)
    book = replay(steps)
    added = False
    for night in await store.call(nights, store.engine, club_id):
        table_id = night.table_id
        if any(entry.night == table_id for entry in book.nights):
            continue
        figures = await night_of(table_id)
        if figures is None or not final(figures):
            continue
        seats = await store.call(seat_members, store.engine, table_id)
        nets, names = results(figures, seats)
        if figures.settlement is None or sum(nets.values()) != 0:
            continue  # a ledger out of balance: the book never takes made-up money
        entry = BookStep(0, "night", table_id, None, None, False, {"nets": nets, "names": names})

        def make(current: Book, entry: BookStep = entry) -> BookStep | None:
            # Another request may have put the night in the book since it was read.
            return None if any(item.night == entry.night for item in current.nights) else entry

        book = await take_step(store, club_id, make)
        added = True
    if added:
        steps = await store.call(book_steps, store.engine, club_id)
    return _read(steps)
