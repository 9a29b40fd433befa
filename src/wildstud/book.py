"""A club's book: every night's result and every payment, followed until it is paid.

A night's settle-up says who pays whom (:func:`wildstud.settlement.settle`). In a club those
payments go into the book, where each one is *owed* until its payer marks it *paid* and its payee
(or the host) *confirms* it; a payee who has not received a payment marked paid sends it back to
owed. When the next night is settled, every payment still owed is netted with that night's
results: the fewest payments over everything owed replace them, and the night's settle-up says
which payments it replaced. A payment marked paid is not netted (its money may be on its way);
it waits for its payee.

Amounts are whole numbers in the book's unit (cents, or chips for a club that plays for chips).
Nothing is ever lost or created: for every member, the sum of their nights equals what they have
received less what they have paid, plus what is still owed to them less what they still owe
(:meth:`Book.balance`, checked by ``tests/test_book.py`` over random nights and payments).

A book is a value: each operation returns a new book and leaves the old one as it was.

>>> book = Book().add_night("n1", {"Ann": 35, "Bob": -20, "Cy": -15})
>>> [str(payment) for payment in book.open()]
['#1 Bob pays Ann 20 (owed)', '#2 Cy pays Ann 15 (owed)']
>>> book = book.mark_paid(1, by="Bob").confirm(1, by="Ann")
>>> book = book.add_night("n2", {"Ann": -15, "Cy": 15})
>>> [str(payment) for payment in book.open()]
[]
>>> book.nights[-1].replaced  # Cy's 15 to Ann and Ann's 15 to Cy cancel out
(2,)
>>> book.balance("Ann")
Balance(member='Ann', nights=20, received=20, paid=0, owed_to=0, owes=0)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from urllib.parse import quote, urlsplit

from wildstud.errors import SettlementError, WildstudError
from wildstud.settlement import settle

__all__ = [
    "Balance",
    "Book",
    "BookError",
    "NightEntry",
    "Payment",
    "Status",
    "payment_link",
    "squared",
]

# Where a payment handle may link to: the payment services whose addresses say who is paid,
# and nothing else (a handle is typed by a member, so a link anywhere else could mislead).
_PAY_HOSTS = (
    "paypal.me",
    "www.paypal.me",
    "venmo.com",
    "account.venmo.com",
    "cash.app",
    "monzo.me",
    "revolut.me",
)
_HANDLE = re.compile(r"[A-Za-z0-9_.-]{1,64}")

Member = str
"""A member of the club, as the caller keys them (an id or a name)."""


class BookError(WildstudError):
    """An operation the book refuses: an unknown payment or night, a step out of order (a
    payment confirmed before it was marked paid), someone acting on another's payment."""


class Status(enum.Enum):
    """Where a payment stands."""

    OWED = "owed"
    """Not paid yet: netted with the next night's results."""
    MARKED = "marked"
    """Its payer says it is paid; its payee has not confirmed it yet."""
    CONFIRMED = "confirmed"
    """Its payee (or the host) confirmed it: done."""
    REPLACED = "replaced"
    """Netted into a later night's settle-up, whose payments replace it."""


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment of the book: its number, the night whose settle-up made it, who pays whom
    how much, and where it stands (with the night that replaced it, if one did)."""

    number: int
    night: str
    payer: Member
    payee: Member
    amount: int
    status: Status = Status.OWED
    replaced_by: str | None = None

    def __str__(self) -> str:
        return f"#{self.number} {self.payer} pays {self.payee} {self.amount} ({self.status.value})"

    @property
    def open(self) -> bool:
        """Whether its money is still to move (owed, or marked but not confirmed)."""
        return self.status in (Status.OWED, Status.MARKED)


@dataclass(frozen=True, slots=True)
class NightEntry:
    """A night in the book: its id, each member's result (adding up to zero), the payments its
    settle-up made (by number) and the owed payments it replaced."""

    night: str
    nets: Mapping[Member, int]
    payments: tuple[int, ...]
    replaced: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Balance:
    """A member's standing in the book (see the module's invariant)."""

    member: Member
    nights: int
    """The sum of their nights' results."""
    received: int
    """Confirmed payments to them."""
    paid: int
    """Confirmed payments from them."""
    owed_to: int
    """Open payments to them."""
    owes: int
    """Open payments from them."""

    @property
    def squared(self) -> bool:
        """Whether what their nights say equals what the payments say."""
        return self.nights == self.received - self.paid + self.owed_to - self.owes


@dataclass(frozen=True, slots=True)
class Book:
    """The nights and payments of a club (see the module)."""

    nights: tuple[NightEntry, ...] = ()
    payments: tuple[Payment, ...] = field(default=())

    def add_night(self, night: str, nets: Mapping[Member, int]) -> Book:
        """The book with ``night``'s results, settled together with every payment still owed.

        ``nets`` are whole amounts adding up to zero (a member up is positive). Refused with
        :class:`BookError` for a night already in the book, and with
        :class:`~wildstud.errors.SettlementError` for nets that do not add up.

        >>> Book().add_night("n1", {"Ann": 5, "Bob": -4})
        Traceback (most recent call last):
        ...
        wildstud.errors.SettlementError: the nets add up to 1, not 0: chips were lost or made up
        """
        if any(entry.night == night for entry in self.nights):
            raise BookError(f"night {night!r} is in the book already")
        owed = [payment for payment in self.payments if payment.status is Status.OWED]
        combined: dict[Member, int] = {}
        for member, amount in nets.items():
            if type(amount) is not int:
                raise SettlementError(f"{member}'s result is not a whole amount: {amount!r}")
            combined[member] = combined.get(member, 0) + amount
        total = sum(combined.values())
        if total:
            raise SettlementError(f"the nets add up to {total}, not 0: chips were lost or made up")
        for payment in owed:
            combined[payment.payee] = combined.get(payment.payee, 0) + payment.amount
            combined[payment.payer] = combined.get(payment.payer, 0) - payment.amount
        transfers = settle(combined).transfers
        start = len(self.payments) + 1
        made = tuple(
            Payment(start + index, night, item.payer, item.payee, item.amount)
            for index, item in enumerate(transfers)
        )
        replaced = {payment.number for payment in owed}
        payments = tuple(
            replace(payment, status=Status.REPLACED, replaced_by=night)
            if payment.number in replaced
            else payment
            for payment in self.payments
        )
        entry = NightEntry(
            night, dict(nets), tuple(item.number for item in made), tuple(sorted(replaced))
        )
        return Book((*self.nights, entry), (*payments, *made))

    def payment(self, number: int) -> Payment:
        """Payment ``number``, or :class:`BookError`."""
        if type(number) is not int or not 0 < number <= len(self.payments):
            raise BookError(f"there is no payment #{number} in the book")
        return self.payments[number - 1]

    def _acting(self, number: int, by: Member, host: bool, *, payer: bool, doing: str) -> Payment:
        """Payment ``number``, once ``by`` may act on it: its payer (or its payee), or the host."""
        payment = self.payment(number)
        allowed = payment.payer if payer else payment.payee
        if not host and by != allowed:
            role = "who pays" if payer else "who is paid"
            raise BookError(f"only {allowed} ({role}) or the host can {doing}")
        return payment

    def _with(self, payment: Payment) -> Book:
        payments = list(self.payments)
        payments[payment.number - 1] = payment
        return replace(self, payments=tuple(payments))

    def mark_paid(self, number: int, *, by: Member, host: bool = False) -> Book:
        """The book with payment ``number`` marked paid by its payer (or the host).

        >>> book = Book().add_night("n1", {"Ann": 5, "Bob": -5})
        >>> book.mark_paid(1, by="Ann")
        Traceback (most recent call last):
        ...
        wildstud.book.BookError: only Bob (who pays) or the host can mark payment #1 paid
        """
        payment = self._acting(number, by, host, payer=True, doing=f"mark payment #{number} paid")
        if payment.status is not Status.OWED:
            raise BookError(f"payment #{number} is {payment.status.value}, not owed")
        return self._with(replace(payment, status=Status.MARKED))

    def confirm(self, number: int, *, by: Member, host: bool = False) -> Book:
        """The book with payment ``number`` confirmed by its payee (or the host). The host may
        confirm a payment nobody marked (it was paid in cash before them)."""
        payment = self._acting(number, by, host, payer=False, doing=f"confirm payment #{number}")
        allowed = (Status.OWED, Status.MARKED) if host else (Status.MARKED,)
        if payment.status not in allowed:
            raise BookError(
                f"payment #{number} is {payment.status.value}: "
                + ("it cannot be confirmed" if host else "its payer has not marked it paid")
            )
        return self._with(replace(payment, status=Status.CONFIRMED))

    def not_received(self, number: int, *, by: Member, host: bool = False) -> Book:
        """The book with payment ``number``, marked paid, back to owed: its payee (or the host)
        says the money did not come."""
        payment = self._acting(number, by, host, payer=False, doing=f"send payment #{number} back")
        if payment.status is not Status.MARKED:
            raise BookError(f"payment #{number} is {payment.status.value}, not marked paid")
        return self._with(replace(payment, status=Status.OWED))

    def open(self) -> tuple[Payment, ...]:
        """The payments whose money is still to move."""
        return tuple(payment for payment in self.payments if payment.open)

    def members(self) -> tuple[Member, ...]:
        """Everyone the book names, in the order it first names them."""
        seen: dict[Member, None] = {}
        for entry in self.nights:
            seen.update(dict.fromkeys(entry.nets))
        for payment in self.payments:
            seen.update(dict.fromkeys((payment.payer, payment.payee)))
        return tuple(seen)

    def balance(self, member: Member) -> Balance:
        """What ``member``'s nights come to, and where their payments stand."""
        nights = sum(entry.nets.get(member, 0) for entry in self.nights)
        received = paid = owed_to = owes = 0
        for payment in self.payments:
            if payment.status is Status.CONFIRMED:
                received += payment.amount if payment.payee == member else 0
                paid += payment.amount if payment.payer == member else 0
            elif payment.open:
                owed_to += payment.amount if payment.payee == member else 0
                owes += payment.amount if payment.payer == member else 0
        return Balance(member, nights, received, paid, owed_to, owes)

    def history(self, member: Member) -> tuple[NightEntry | Payment, ...]:
        """The nights ``member`` played and the payments they made or received, night by
        night, each night followed by its settle-up's payments."""
        by_night: dict[str, list[Payment]] = {}
        for payment in self.payments:
            if member in (payment.payer, payment.payee):
                by_night.setdefault(payment.night, []).append(payment)
        items: list[NightEntry | Payment] = []
        for entry in self.nights:
            if member in entry.nets:
                items.append(entry)
            items += by_night.get(entry.night, [])
        return tuple(items)


def squared(book: Book, members: Iterable[Member] | None = None) -> bool:
    """Whether every member's balance squares (see :class:`Balance`).

    >>> squared(Book().add_night("n1", {"Ann": 5, "Bob": -5}))
    True
    """
    return all(book.balance(member).squared for member in (members or book.members()))


def payment_link(handle: str) -> str | None:
    """The link a member's payment handle stands for, where a standard one exists: a payment
    service's address (with or without ``https://``), a Cash App ``$cashtag``, or a
    ``bitcoin:`` or ``lightning:`` URI; ``None`` for anything else (shown as text only).

    >>> payment_link("paypal.me/annsmith"), payment_link("$AnnS")
    ('https://paypal.me/annsmith', 'https://cash.app/$AnnS')
    >>> payment_link("IBAN DE89 3704 0044 0532 0130 00"), payment_link("https://evil.example/pay")
    (None, None)
    """
    text = handle.strip()
    if text.startswith("$") and _HANDLE.fullmatch(text[1:]):
        return f"https://cash.app/${text[1:]}"
    scheme = text.split(":", 1)[0].lower()
    if scheme in ("bitcoin", "lightning") and ":" in text and " " not in text:
        return scheme + ":" + quote(text.split(":", 1)[1], safe="?=&.")
    address = text if "://" in text else f"https://{text}"
    try:
        parts = urlsplit(address)
        foreign = parts.hostname not in _PAY_HOSTS or parts.port is not None
    except ValueError:  # a port that is not a number, brackets that do not close
        return None
    if parts.scheme != "https" or foreign or "@" in parts.netloc:
        return None
    path = quote(parts.path, safe="/$")
    return f"https://{parts.hostname}{path}" if len(path) > 1 else None
