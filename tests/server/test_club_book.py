"""The club's book on the server, in-process: a night's results by book account (members,
guests, the house's result left aside), the book replayed from its stored steps, the checks of
a step before it is written, and the store's refusal of a second step under the same number or
a night booked twice, on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime

import pytest

from wildstud.book import Book, BookError
from wildstud.server.clubs import (
    ClubConflictError,
    NotAllowedError,
    Step,
    final,
    replay,
    results,
)
from wildstud.server.night import tally
from wildstud.server.store import LedgerEntry, Store, TableState
from wildstud.server.store.clubs import (
    BookStep,
    ClubState,
    MemberState,
    Season,
    add_member,
    add_night,
    add_season,
    add_step,
    book_steps,
    create_club,
    decide_member,
    members,
    nights,
    seasons,
)

ENTRIES = [
    LedgerEntry("a1", 0, "Ann", "buy-in", 100),
    LedgerEntry("g", 1, "Gus", "buy-in", 100),
    LedgerEntry("a1", 0, "Ann", "hand", 20, 1),
    LedgerEntry("g", 1, "Gus", "hand", -20, 1),
    LedgerEntry("a1", 0, "Ann", "cash-out", -120),
    LedgerEntry("a2", 0, "Ann", "buy-in", 100),  # Ann again, on a second account
    LedgerEntry("a2", 0, "Ann", "hand", -10, 2),
    LedgerEntry("g", 1, "Gus", "hand", 10, 2),
]


def test_a_members_accounts_are_one_and_a_guest_is_known_by_their_account() -> None:
    night = tally(ENTRIES, {"a2": 90, "g": 90}, ended=True)
    assert final(night)
    nets, names = results(night, {"a1": "m-ann", "a2": "m-ann"})
    assert nets == {"m-ann": 20 - 10, "guest:g": -10}
    assert names == {"m-ann": "Ann", "guest:g": "Gus"}


def test_a_house_result_left_aside_leaves_the_nights_results_at_zero() -> None:
    entries = [
        LedgerEntry("a", 0, "Ann", "buy-in", 100),
        LedgerEntry("c", 1, "Cy", "buy-in", 100),
        LedgerEntry("b", 2, "Robo", "buy-in", 100, house=True),
        LedgerEntry("a", 0, "Ann", "hand", -40, 1),
        LedgerEntry("c", 1, "Cy", "hand", 10, 1),
        LedgerEntry("b", 2, "Robo", "hand", 30, 1, house=True),
    ]
    for house in ("shared", "aside"):
        night = tally(entries, {"a": 60, "c": 110, "b": 130}, ended=True, house_result=house)
        nets, _names = results(night, {"a": "m-ann", "c": "m-cy"})
        assert set(nets) == {"m-ann", "m-cy"}
        assert sum(nets.values()) == 0, (house, nets)


def test_a_night_with_a_hand_in_progress_is_not_final() -> None:
    assert not final(tally(ENTRIES, {"a2": 90, "g": 90}, hand_in_progress=3, ended=True))
    assert not final(tally(ENTRIES, {"a2": 90, "g": 90}))


def _book_steps() -> list[BookStep]:
    night = {"nets": {"ann": 35, "bob": -20, "cy": -15}, "names": {}}
    return [
        BookStep(1, "night", "n1", None, None, False, night),
        BookStep(2, "paid", None, 1, "bob", False, None),
        BookStep(3, "confirmed", None, 1, "ann", False, None),
        BookStep(4, "night", "n2", None, None, False, {"nets": {"ann": -15, "cy": 15}}),
    ]


def test_the_stored_steps_replay_to_the_book_they_record() -> None:
    book = Book().add_night("n1", {"ann": 35, "bob": -20, "cy": -15})
    book = book.mark_paid(1, by="bob").confirm(1, by="ann")
    book = book.add_night("n2", {"ann": -15, "cy": 15})
    assert replay(_book_steps()) == book
    assert book.nights[-1].replaced == (2,)


def test_a_step_is_checked_before_it_is_written() -> None:
    book = replay(_book_steps()[:1])  # payments #1 (bob pays ann 20) and #2 (cy pays ann 15), owed
    with pytest.raises(NotAllowedError, match="not yours to mark paid"):
        Step("paid", 1, "ann").check(book)
    with pytest.raises(NotAllowedError, match="not yours to confirm"):
        Step("confirmed", 1, "bob").check(book)
    with pytest.raises(ClubConflictError, match="not marked"):
        Step("confirmed", 1, "ann").check(book)
    with pytest.raises(BookError, match="no payment #9"):
        Step("paid", 9, "bob").check(book)
    assert Step("paid", 1, "bob").check(book).amount == 20
    # The host may take any step, on any payment: a confirmation of cash paid before them.
    assert Step("confirmed", 2, "ann", host=True).check(book).payer == "cy"
    marked = replay([*_book_steps()[:2]])
    with pytest.raises(ClubConflictError, match="not owed"):
        Step("paid", 1, "bob").check(marked)


def test_the_store_takes_each_step_number_and_each_night_once(database_url: str) -> None:
    store = Store(database_url)
    engine = store.engine
    store.create_table(
        TableState("t1", "Fri", "h" * 64, "j" * 43, "w" * 43, {}, "waiting", None, 0, None)
    )
    host = MemberState("c1", "m1", "Ann", "#112233", None, None, "a" * 64, "member", True)
    create_club(engine, ClubState("c1", "Fridays", "h" * 64, "j" * 43, {}), host)
    assert add_night(engine, "c1", "t1") == 1
    assert [night.table_id for night in nights(engine, "c1")] == ["t1"]
    first = BookStep(1, "night", "t1", None, None, False, {"nets": {}, "names": {}})
    assert add_step(engine, "c1", first)
    assert not add_step(engine, "c1", BookStep(1, "paid", None, 1, "m1", False, None))
    assert not add_step(engine, "c1", BookStep(2, "night", "t1", None, None, False, {"nets": {}}))
    assert [step.seq for step in book_steps(engine, "c1")] == [1]
    # A request to join is decided once.
    add_member(engine, MemberState("c1", "m2", "Bob", "#445566", "B", None, "b" * 64, "pending"))
    assert decide_member(engine, "c1", "m2", "member")
    assert not decide_member(engine, "c1", "m2", "declined")
    assert [member.status for member in members(engine, "c1")] == ["member", "member"]
    store.close()


def test_a_clubs_seasons_are_stored_latest_first(database_url: str) -> None:
    store = Store(database_url)
    engine = store.engine
    host = MemberState("c1", "m1", "Ann", "#112233", None, None, "a" * 64, "member", True)
    create_club(engine, ClubState("c1", "Fridays", "h" * 64, "j" * 43, {}), host)
    year = Season("s1", "2026", datetime.date(2026, 1, 1), datetime.date(2026, 12, 31))
    autumn = Season("s2", "Autumn", datetime.date(2026, 9, 1), datetime.date(2026, 11, 30))
    add_season(engine, "c1", year)
    add_season(engine, "c1", autumn)
    assert seasons(engine, "c1") == [autumn, year]
    assert seasons(engine, "other") == []
    store.close()
