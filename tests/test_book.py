"""The club's book (issue 27 item 2): payments followed until they are paid, owed ones netted
into the next night's settle-up, and money never lost or created over random nights and
payments (a property test against the members' own sums)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wildstud.book import Book, BookError, Status, payment_link, squared
from wildstud.errors import SettlementError
from wildstud.settlement import settle

MEMBERS = ("Ann", "Bob", "Cy", "Di", "Ed")


def test_a_payment_goes_from_owed_to_marked_to_confirmed() -> None:
    book = Book().add_night("n1", {"Ann": 30, "Bob": -30})
    (payment,) = book.open()
    assert (payment.payer, payment.payee, payment.amount, payment.status) == (
        "Bob", "Ann", 30, Status.OWED,
    )  # fmt: skip
    with pytest.raises(BookError, match="has not marked it paid"):
        book.confirm(1, by="Ann")
    marked = book.mark_paid(1, by="Bob")
    assert marked.payment(1).status is Status.MARKED
    assert book.payment(1).status is Status.OWED  # the old book is unchanged
    with pytest.raises(BookError, match=r"only Ann \(who is paid\)"):
        marked.confirm(1, by="Bob")
    back = marked.not_received(1, by="Ann")
    assert back.payment(1).status is Status.OWED
    done = marked.confirm(1, by="Ann")
    assert done.open() == ()
    assert done.balance("Bob").paid == 30
    with pytest.raises(BookError, match="confirmed, not owed"):
        done.mark_paid(1, by="Bob")
    # The host confirms a payment made in cash that nobody marked.
    assert book.confirm(1, by="Host", host=True).payment(1).status is Status.CONFIRMED
    with pytest.raises(BookError, match="no payment #7"):
        book.payment(7)


def test_owed_payments_are_netted_into_the_next_settle_up() -> None:
    book = Book().add_night("n1", {"Ann": 40, "Bob": -25, "Cy": -15})
    book = book.mark_paid(1, by="Bob")  # Bob's 25 is on its way: not netted
    book = book.add_night("n2", {"Cy": 30, "Di": -30})
    second = book.nights[-1]
    # Cy's 15 to Ann was still owed: with Cy up 30 and Di down 30, Di pays Ann 15 and Cy 15.
    assert second.replaced == (2,)
    assert book.payment(2).status is Status.REPLACED
    assert book.payment(2).replaced_by == "n2"
    assert sorted(str(book.payment(n)) for n in second.payments) == [
        "#3 Di pays Ann 15 (owed)",
        "#4 Di pays Cy 15 (owed)",
    ]
    assert book.payment(1).status is Status.MARKED
    assert squared(book)
    with pytest.raises(BookError, match="in the book already"):
        book.add_night("n2", {})
    with pytest.raises(SettlementError, match="add up to 1"):
        book.add_night("n3", {"Ann": 1})
    with pytest.raises(SettlementError, match="not a whole amount"):
        book.add_night("n3", {"Ann": 1.5, "Bob": -1.5})  # type: ignore[dict-item]


def test_a_members_history_is_their_nights_and_payments_in_order() -> None:
    book = Book().add_night("n1", {"Ann": 10, "Bob": -10}).add_night("n2", {"Cy": 5, "Ann": -5})
    kinds = [type(item).__name__ for item in book.history("Ann")]
    assert kinds == ["NightEntry", "Payment", "NightEntry", "Payment"]
    assert [type(item).__name__ for item in book.history("Cy")] == ["NightEntry", "Payment"]


nights = st.lists(
    st.dictionaries(
        st.sampled_from(MEMBERS), st.integers(-500, 500), min_size=1, max_size=len(MEMBERS)
    ),
    min_size=1,
    max_size=6,
)
steps = st.lists(
    st.tuples(
        st.sampled_from(["mark", "confirm", "back", "host-confirm"]),
        st.integers(1, 40),
        st.sampled_from(MEMBERS),
    ),
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(nights, steps)
def test_money_is_never_lost_or_created(
    drawn: list[dict[str, int]], operations: list[tuple[str, int, str]]
) -> None:
    book = Book()
    totals: Counter[str] = Counter()
    moved: Counter[str] = Counter()  # confirmed: received less paid
    for index, nets in enumerate(drawn):
        nets = dict(nets)
        # The night's results add up to zero: the first member named takes the difference.
        first = next(iter(nets))
        nets[first] -= sum(nets.values())
        before = book
        book = book.add_night(f"n{index}", nets)
        totals.update(nets)
        # The new payments are the fewest over the night and everything that was owed.
        owed = [payment for payment in before.payments if payment.status is Status.OWED]
        combined = Counter(nets)
        for payment in owed:
            combined[payment.payee] += payment.amount
            combined[payment.payer] -= payment.amount
        assert len(book.nights[-1].payments) == len(settle(dict(combined)).transfers)
        for kind, number, who in operations[index * 5 : index * 5 + 5]:
            try:
                if kind == "mark":
                    payment = book.payment(number)
                    book = book.mark_paid(number, by=payment.payer)
                elif kind == "confirm":
                    payment = book.payment(number)
                    changed = book.confirm(number, by=payment.payee)
                    moved[payment.payee] += payment.amount
                    moved[payment.payer] -= payment.amount
                    book = changed
                elif kind == "back":
                    book = book.not_received(number, by=who)
                else:
                    payment = book.payment(number)
                    changed = book.confirm(number, by=who, host=True)
                    moved[payment.payee] += payment.amount
                    moved[payment.payer] -= payment.amount
                    book = changed
            except BookError:
                continue
        for member in MEMBERS:
            balance = book.balance(member)
            assert balance.squared, balance
            # Against the test's own sums: the nights as drawn, the confirmed moves as made.
            assert balance.nights == totals[member]
            assert balance.received - balance.paid == moved[member]
    # Once every open payment is confirmed by the host, everyone's payments equal their nights.
    for payment in book.open():
        book = book.confirm(payment.number, by="Host", host=True)
    for member in MEMBERS:
        balance = book.balance(member)
        assert balance.received - balance.paid == totals[member]
        assert balance.owed_to == balance.owes == 0


@pytest.mark.parametrize(
    ("handle", "link"),
    [
        ("paypal.me/ann", "https://paypal.me/ann"),
        ("https://www.paypal.me/ann", "https://www.paypal.me/ann"),
        ("  venmo.com/u/Ann-S ", "https://venmo.com/u/Ann-S"),
        ("$AnnS", "https://cash.app/$AnnS"),
        ("monzo.me/ann/35", "https://monzo.me/ann/35"),
        ("bitcoin:bc1qexample?amount=0.001", "bitcoin:bc1qexample?amount=0.001"),
        ("lightning:lnbc1example", "lightning:lnbc1example"),
        ("paypal.me", None),  # nobody to pay
        ("http://paypal.me/ann", None),  # not https
        ("https://paypal.me.evil.example/ann", None),
        ("https://ann@paypal.me/x", None),
        ("https://paypal.me:8443/ann", None),
        ("javascript:alert(1)", None),
        ("Ann's IBAN DE89 3704 0044", None),
        ("$", None),
        ("https://paypal.me:x/ann", None),
        ("https://[paypal.me/ann", None),
        ("bitcoin:with space", None),
        ("https://paypal.me/a<script>", "https://paypal.me/a%3Cscript%3E"),
    ],
)
def test_a_payment_handle_links_only_to_a_payment_service(handle: str, link: str | None) -> None:
    assert payment_link(handle) == link
