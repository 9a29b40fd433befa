"""Past ledgers into a club's book (issue 27 item 4): PokerNow's ledger export (sessions by
player id, nicknames changed, the newer nit_escrow column, dollars to cents) and a plain sheet,
each checked sum by sum, and the night joins the book."""

from __future__ import annotations

import datetime

import pytest

from wildstud.book import Book, squared
from wildstud.errors import RecordError
from wildstud.ledger_import import read_ledger

POKERNOW = (
    "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net\r\n"
    '"Ann, Jr.",a1,2026-11-20T21:40:00.000Z,,5000,,6050,1050\r\n'
    "Bob,b2,2026-11-20T21:10:00.000Z,,5000,,18450,13450\r\n"
    "Annie,a1,2026-11-20T20:17:00.000Z,2026-11-20T21:39:00.000Z,2500,0,0,-2500\r\n"
    "Cy,c3,2026-11-20T20:17:52.139Z,2026-11-20T20:32:00.000Z,15000,3000,0,-12000\r\n"
)


def test_pokernow_sessions_add_up_by_player_under_their_latest_nickname() -> None:
    night = read_ledger(POKERNOW)
    assert night.source == "pokernow"
    assert night.nets == {"Ann, Jr.": -1450, "Bob": 13450, "Cy": -12000}
    assert night.started == datetime.datetime(2026, 11, 20, 20, 17, tzinfo=datetime.UTC)
    # The rows in another order name Ann the same.
    header, *rows = POKERNOW.splitlines()
    assert read_ledger("\n".join([header, *reversed(rows)])).nets == night.nets


def test_the_newer_export_with_nit_escrow_and_amounts_in_dollars() -> None:
    text = (
        "\ufeffplayer_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,"
        "nit_escrow,net\n"
        "Ann,a,2026-11-20T07:01:34Z,2026-11-20T07:07:37Z,25.00,20.00,0,5.00,0\n"
        "Bob,b,2026-11-20T07:01:34Z,,25.00,,37.50,0,12.50\n"
        "Cy,c,2026-11-20T07:01:34Z,,25.00,,12.50,0,-12.50\n"
    )
    assert read_ledger(text, scale=100).nets == {"Ann": 0, "Bob": 1250, "Cy": -1250}
    with pytest.raises(RecordError, match="not a whole amount at scale 1"):
        read_ledger(text)


def test_a_plain_sheet_of_buy_ins_and_cash_outs_joins_the_book() -> None:
    sheet = "Name,Bought in,Cashed out\nAnn,20,55\nBob,20,0\nBob,20,5\n\nCy,10,10\n"
    night = read_ledger(sheet)
    assert (night.source, dict(night.nets)) == ("sheet", {"Ann": 35, "Bob": -35, "Cy": 0})
    book = Book().add_night("imported", night.nets).add_night("n2", {"Ann": -35, "Cy": 35})
    # Bob's 35 to Ann, owed from the imported night, is netted: Bob now pays Cy.
    assert [str(payment) for payment in book.open()] == ["#2 Bob pays Cy 35 (owed)"]
    assert squared(book)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("who,what\nAnn,3\n", "not a ledger"),
        ("name,buy_in,cash_out\nAnn,20,30\nBob,20,0\n", "add up to -10, not 0"),
        ("name,buy_in,cash_out\nAnn,x,30\n", r"row 2: 'x' is not an amount"),
        ("name,buy_in,cash_out\nAnn,-5,0\nBob,0,-5\n", "not negative"),
        ("name,buy_in,cash_out\n,20,30\n", "row 2: a name"),
        ("name,buy_in,cash_out\nAnn,NaN,0\n", "not a whole amount"),
        (POKERNOW.replace(",1050", ",1051"), "row 2: Ann, Jr.'s net is not"),
        (POKERNOW.replace("Cy,c3", "Bob,c3"), "both named 'Bob'"),
        (POKERNOW.replace(",b2,", ",,"), "row 3: a session needs"),
        (POKERNOW.replace("-12000\r\n", "-12000\r\nDi,d4,,,10,0,0,-10\r\n"), "add up to -10"),
    ],
)
def test_bad_ledgers_are_refused_naming_the_row(text: str, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        read_ledger(text)
    with pytest.raises(RecordError, match="scale"):
        read_ledger("name,buy_in,cash_out\n", scale=0)
