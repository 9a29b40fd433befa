"""Money is never lost or created in a club's book (issue 27's acceptance): over random played
nights, imported ledgers (plain sheets whose names are members' in any case, or guests') and
payments marked, confirmed and sent back by whoever may, the book replayed from its stored
steps keeps every account's balance equal to what its nights and payments say, and each
imported night gives each person what their rows of the sheet say, worked out here apart."""

from __future__ import annotations

import datetime
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from wildstud.book import Status
from wildstud.ledger_import import read_ledger
from wildstud.server.club_imports import IMPORTED_GUEST, imported_step
from wildstud.server.clubs import ClubConflictError, NotAllowedError, Step, replay
from wildstud.server.names import name_key
from wildstud.server.store.clubs import BookStep, MemberState

MEMBERS = [
    MemberState("c", f"m{index}", name, "#123456", None, None, f"h{index}", "member", index == 0)
    for index, name in enumerate(("Ann", "Bob", "Cy", "Dee"))
]
GUESTS = ("Gus", "Hal")
NAMES = [member.name for member in MEMBERS] + list(GUESTS)
HOST = MEMBERS[0].id

amounts = st.integers(min_value=0, max_value=500)


@st.composite
def played(draw: st.DrawFn) -> dict[str, int]:
    """A played night's results by account: members and table guests, adding up to zero."""
    accounts = draw(
        st.lists(
            st.sampled_from([m.id for m in MEMBERS] + ["guest:p1", "guest:p2"]),
            min_size=2,
            max_size=5,
            unique=True,
        )
    )
    nets = [draw(st.integers(min_value=-300, max_value=300)) for _ in accounts[1:]]
    return dict(zip(accounts, [-sum(nets), *nets], strict=True))


@st.composite
def sheet(draw: st.DrawFn) -> list[tuple[str, int, int]]:
    """A plain sheet's rows (name as written, bought in, cashed out) whose results add up to
    zero: the last row cashes out what makes them so."""
    people = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True))
    # Each person written one way on the sheet (the club matches any case of a member's name).
    written = {name: draw(st.sampled_from([name, name.upper(), name.lower()])) for name in people}
    rows = []
    for _ in range(draw(st.integers(min_value=2, max_value=8))):
        name = draw(st.sampled_from(people))
        rows.append((written[name], draw(amounts), draw(amounts)))
    total = sum(cashed - bought for _name, bought, cashed in rows)
    last = written[people[0]]
    if total > 0:
        rows.append((last, total, 0))
    elif total < 0:
        rows.append((last, 0, -total))
    return rows


operations = st.lists(
    st.one_of(
        st.tuples(st.just("night"), played()),
        st.tuples(st.just("import"), sheet()),
        st.tuples(
            st.sampled_from(["paid", "confirmed", "not-received"]),
            st.integers(min_value=1, max_value=30),
            st.sampled_from([m.id for m in MEMBERS]),
            st.booleans(),
        ),
    ),
    max_size=25,
)


def _account(name: str) -> str:
    members = {name_key(m.name): m.id for m in MEMBERS}
    return members.get(name_key(name), IMPORTED_GUEST + name_key(name))


@settings(max_examples=150, deadline=None)
@given(operations)
def test_no_money_is_lost_or_made_over_nights_imports_and_payments(ops: list[Any]) -> None:
    steps: list[BookStep] = []
    expected: dict[str, int] = {}  # each account's nights, worked out from what was written
    for number, op in enumerate(ops):
        book = replay(steps)
        if op[0] == "night":
            step = BookStep(0, "night", f"t{number}", None, None, False,
                            {"nets": op[1], "names": {}})  # fmt: skip
            written = op[1]
        elif op[0] == "import":
            text = "name,bought in,cashed out\n" + "".join(f"{n},{b},{c}\n" for n, b, c in op[1])
            step = imported_step(
                read_ledger(text), MEMBERS, f"i{number}", datetime.date(2026, 10, 1)
            )
            written = {}
            for name, bought, cashed in op[1]:
                account = _account(name)
                written[account] = written.get(account, 0) + cashed - bought
            assert step.data is not None
            assert step.data["nets"] == {k: v for k, v in written.items() if k in step.data["nets"]}
            assert set(written) == set(step.data["nets"])
        else:
            kind, payment, member, host = op
            taken = Step(kind, payment, HOST if host else member, host)
            try:
                taken.check(book)
            except (ClubConflictError, NotAllowedError, ValueError):
                continue  # refused: the book is as it was (a step is written only once checked)
            step = taken.stored(0)
            written = {}
        steps.append(BookStep(len(steps) + 1, step.kind, step.night, step.payment, step.member,
                              step.host, step.data))  # fmt: skip
        for account, net in written.items():
            expected[account] = expected.get(account, 0) + net

    book = replay(steps)
    for account in set(expected) | set(book.members()):
        balance = book.balance(account)
        assert balance.nights == expected.get(account, 0), account
        assert balance.squared, balance
    # Every payment's money is accounted for once: what is open and confirmed adds up to zero
    # over everyone, as the nights do.
    assert sum(expected.values()) == 0
    paid = sum(p.amount for p in book.payments if p.status is Status.CONFIRMED)
    received = sum(book.balance(a).received for a in book.members())
    assert paid == received
