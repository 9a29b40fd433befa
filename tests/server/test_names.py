"""Names that cannot hurt anyone: the cleaning itself (properties checked by hypothesis), and a
real server on SQLite and on PostgreSQL refusing a NUL, a duplicate, an empty or over-long name
with a short sentence, while the table and every client at it carry on; the cleaned name is what
every client sees."""

from __future__ import annotations

import asyncio
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.server.conftest import Server
from tests.server.helpers import join_request, refused
from tests.tools.wsclient import Api, Client
from wildstud.errors import WildstudError
from wildstud.server.errors import BadNameError, NameTakenError, SeatError
from wildstud.server.names import (
    RAW_LIMIT,
    SEAT_NAME_LIMIT,
    TABLE_NAME_LIMIT,
    bot_name,
    clean_name,
    name_key,
    seat_name,
    table_name,
)

BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
FORMAT = "\u200b\u200c\u200d\u2060\ufeff\u00ad\U000e0041"

AWKWARD = " \t\n\r\x0b\x1f\x7f\x85\xa0\u2028\u3000\u0301\u3164\ud800\udfff"

# Any text at all, lone surrogates and controls included, weighted towards the awkward ones.
texts = st.text(
    st.one_of(
        st.characters(codec=None),
        st.sampled_from(BIDI + FORMAT + AWKWARD),
        st.sampled_from("AaÅåﬁＡａß"),
    ),
    max_size=60,
)


def _cleaned(text: str) -> str | None:
    try:
        return clean_name(text, limit=RAW_LIMIT)
    except BadNameError:
        return None


# -- the cleaning --------------------------------------------------------------------------------


@given(texts)
def test_cleaning_is_idempotent_and_leaves_no_control_or_format_character(text: str) -> None:
    cleaned = _cleaned(text)
    if cleaned is None:
        return
    assert clean_name(cleaned, limit=RAW_LIMIT) == cleaned
    assert unicodedata.is_normalized("NFC", cleaned)
    assert cleaned == cleaned.strip()
    assert "  " not in cleaned
    for char in cleaned:
        assert unicodedata.category(char) not in ("Cc", "Cf", "Cs"), ascii(char)
        assert char == " " or not char.isspace(), ascii(char)


@given(texts)
def test_the_key_of_a_name_is_the_key_of_its_cleaned_form(text: str) -> None:
    cleaned = _cleaned(text)
    if cleaned is not None:
        assert name_key(cleaned) == name_key(text)
        assert name_key(name_key(cleaned)) == name_key(cleaned)


@given(texts, texts, texts)
def test_the_same_name_is_an_equivalence(a: str, b: str, c: str) -> None:
    """Reflexive, symmetric and transitive, seen through the check a join makes."""
    names = [_cleaned(text) for text in (a, b, c)]
    if None in names or any(len(name or "") > SEAT_NAME_LIMIT for name in names):
        return
    first, second, third = (name for name in names if name is not None)

    def same(one: str, other: str) -> bool:
        try:
            seat_name(one, taken=[other])
        except NameTakenError:
            return True
        return False

    assert same(first, first)
    assert same(first, second) == same(second, first)
    if same(first, second) and same(second, third):
        assert same(first, third)


@given(st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), min_size=1, max_size=40))
def test_case_and_full_width_forms_are_the_same_name(text: str) -> None:
    wide = "".join(chr(ord(char) + 0xFEE0) for char in text)  # U+FF01-FF5E mirror ASCII
    assert name_key(wide) == name_key(text) == name_key(text.upper()) == name_key(text.lower())


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [
        ("  Ann  ", "Ann"),
        ("Ann\t\n  Lee", "Ann Lee"),
        (f"An{BIDI}n", "Ann"),
        (f"{FORMAT}Bob{FORMAT}", "Bob"),
        ("Cafe\u0301", "Café"),
        ("e\u200b\u0301", "é"),  # the accent finds its letter once the zero-width space goes
        ("x" * 40 + "\u200e" * 5, "x" * 40),  # the limit counts what is left
        ("Zoë 🃏", "Zoë 🃏"),
    ],
)
def test_names_are_cleaned(raw: str, cleaned: str) -> None:
    assert seat_name(raw) == cleaned


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("Ann\x00", "NUL"),
        ("\x00", "NUL"),
        ("", "visible"),
        (" \t\u3000\n", "visible"),
        (BIDI + FORMAT, "visible"),
        ("\u0301\u0302", "visible"),
        ("\u3164\u115f", "visible"),
        ("x" * 41, "at most 40 characters (this one has 41)"),
        ("x" * 100_000, f"more than {RAW_LIMIT}"),
    ],
)
def test_bad_names_are_refused_without_repeating_them(raw: str, words: str) -> None:
    with pytest.raises(BadNameError, match=r"^a seat name") as refused:
        seat_name(raw)
    assert words in str(refused.value)
    assert len(str(refused.value)) < 100
    assert isinstance(refused.value, WildstudError)
    assert not isinstance(refused.value, NameTakenError)


def test_duplicates_and_bots_default_names() -> None:
    for twin in ("ann", "ANN", "Ａｎｎ", " a\u200bnn "):
        with pytest.raises(NameTakenError, match="taken"):
            seat_name(twin, taken=["Bob", "Ann"])
    assert issubclass(NameTakenError, SeatError)  # answered 409, as a seat that cannot be had
    assert bot_name("calling-bot", None, 0, taken=["Caller 1", "caller 2"]) == "Caller 3"
    with pytest.raises(NameTakenError):
        bot_name("random-bot", "CALLER 3", 4, taken=["Caller 3"])
    assert table_name("x" * TABLE_NAME_LIMIT) == "x" * TABLE_NAME_LIMIT
    with pytest.raises(BadNameError, match=r"^a table name may have at most 60"):
        table_name("x" * 61)


# -- over a real server, on SQLite and on PostgreSQL --------------------------------------------


def _names(table: dict[str, Any] | None) -> list[str] | None:
    if table is None:
        return None
    return [seat["name"] for seat in table["seats"]]


async def _nul_scenario(server: Server) -> None:
    api = Api(server.base)
    created = api.create(name="NUL test", games=[{"game": "FTQ"}], seats=4)
    ann = api.join(created, "Ann")
    player = await Client(ann["socket"], "ann").open()
    watcher = await Client(created["links"]["watch_socket"], "watcher").open()
    for client in (player, watcher):
        await client.wait_for(lambda c: _names(c.table) == ["Ann"], what="Ann seated")
    # Every way a name can reach the table, with a NUL in it.
    for response in (
        join_request(api, created, "Bob\x00"),
        join_request(api, created, "\x00"),
        api.host(created, "POST", "/bots", kind="calling-bot", name="Robo\x00t"),
        api.http.post("/api/tables", json={"name": "Fri\x00day", "games": [{"game": "FTQ"}]}),
        api.http.post(
            "/api/tables",
            json={"name": "ok", "games": [{"game": "FTQ"}], "bots": [{"name": "\x00"}]},
        ),
    ):
        refused(response, 400, "NUL")
    await asyncio.sleep(0.3)  # time for any fallout to reach the clients
    for client in (player, watcher):
        assert not client.closed, client.name
        assert not [frame for frame in client.frames if frame["type"] == "error"]
    # The table carries on: the next honest player sits down and both clients see it.
    api.join(created, "Bob")
    for client in (player, watcher):
        await client.wait_for(lambda c: _names(c.table) == ["Ann", "Bob"], what="Bob seated")
    assert _names(api.table(created)) == ["Ann", "Bob"]
    assert api.ledger(created["table"]["id"])["balanced"]
    await player.close()
    await watcher.close()
    assert "storing a change failed" not in server.log_text()


def test_a_nul_name_is_refused_and_the_table_and_its_clients_carry_on(
    database_url: str, tmp_path: Path
) -> None:
    server = Server(database_url, tmp_path / "server.log").start()
    try:
        asyncio.run(_nul_scenario(server))
    finally:
        server.stop()


async def _cleaning_scenario(server: Server) -> str:
    api = Api(server.base)
    created = api.create(name=f"  Friday{BIDI}\n night  ", games=[{"game": "FTQ"}], seats=6)
    assert created["table"]["name"] == "Friday night"
    assert created["table"]["settings"]["name"] == "Friday night"
    table_id: str = created["table"]["id"]
    watcher = await Client(created["links"]["watch_socket"], "watcher").open()
    granted = api.join(created, f"\u202eAnn{FORMAT}\t  Lee ")
    player = await Client(granted["socket"], "ann").open()
    for client in (watcher, player):
        await client.wait_for(lambda c: _names(c.table) == ["Ann Lee"], what="Ann Lee")
        assert client.table is not None
        assert client.table["name"] == "Friday night"
    # Look-alikes of a name at the table, from a player or from the host's bots.
    for twin in ("ann lee", "ANN  LEE", "Ａｎｎ Ｌｅｅ", "Ann\u200d Lee\u200b"):
        refused(join_request(api, created, twin), 409, "taken", "'Ann Lee'")
    refused(api.host(created, "POST", "/bots", name="ANN LEE"), 409, "taken")
    # Nothing visible, too long, too long as sent: a short sentence that does not echo it.
    for empty in (" \t ", BIDI, FORMAT, ""):
        refused(join_request(api, created, empty), 400, "visible")
    refused(join_request(api, created, "y" * 41), 400, "at most 40 characters")
    huge = "z" * 20_000  # under the 64 KiB body limit, over the raw limit
    detail = refused(join_request(api, created, huge), 400, "at most 40 characters")
    assert "zzzz" not in detail
    assert len(detail) < 100
    refused(
        api.http.post("/api/tables", json={"name": "t" * 61, "games": [{"game": "FTQ"}]}), 400, "60"
    )
    refused(
        api.http.post("/api/tables", json={"name": " \u200b ", "games": [{"game": "FTQ"}]}),
        400,
        "visible",
    )
    # Forty characters once cleaned are fine, whatever was around them.
    api.join(created, "\u2066" + "w" * 40 + "\u2069")
    # A bot's default name steps past a player who took it.
    api.join(created, "Caller 4")
    robot = api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    assert robot["seat"] == 3
    assert robot["name"] == "Caller 5"
    expected = ["Ann Lee", "w" * 40, "Caller 4", "Caller 5"]
    for client in (watcher, player):
        await client.wait_for(lambda c: _names(c.table) == expected, what="four seats")
    assert _names(api.get(f"/api/tables/{table_id}")) == expected
    assert [entry["name"] for entry in api.ledger(table_id)["entries"]] == expected
    for client in (watcher, player):
        assert not client.closed
    await player.close()
    await watcher.close()
    return table_id


def test_names_are_cleaned_unique_and_seen_cleaned_by_every_client(
    database_url: str, tmp_path: Path
) -> None:
    server = Server(database_url, tmp_path / "server.log").start()
    try:
        table_id = asyncio.run(_cleaning_scenario(server))
        # What was stored is what a restarted server shows.
        server.stop()
        server.start()
        table = Api(server.base).get(f"/api/tables/{table_id}")
        assert table["name"] == "Friday night"
        assert _names(table) == ["Ann Lee", "w" * 40, "Caller 4", "Caller 5"]
    finally:
        server.stop()
