"""The fence of a cluster, in the store on PostgreSQL: a write carries the lease epoch of its
process, and once another process has taken the lease, the old owner's writes are refused (by
the store's check and by the database's own triggers) with nothing written: hands and actions,
and every other write of a table too (seats, decks, ledger, seat requests, rebuys, notices,
chat lines, mutes, the table's row, its tournament)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from tests.server.conftest import Postgres
from tests.server.helpers import seat_state, table_state
from wildstud.server.errors import unavailable
from wildstud.server.store import (
    ActionRecord,
    Changes,
    DeckDraw,
    FencedError,
    HandSetup,
    LedgerEntry,
    Notice,
    RebuyState,
    SeatRequestState,
    Store,
)
from wildstud.server.store import leases as sql
from wildstud.server.store.chat import NewLine, add_line, recent_lines, set_mute
from wildstud.server.table.writer import StorageFailureError, TableMovedError, Writer


@pytest.fixture
def store(postgres: Postgres) -> Store:
    store = Store(postgres.new_database(), cluster=True)
    sql.register(store.engine, "old", "http://127.0.0.1:1")
    sql.register(store.engine, "new", "http://127.0.0.1:2")
    store.create_table(table_state(), [seat_state(0), seat_state(1)], owner="old")
    return store


def _action(index: int) -> Changes:
    return Changes(actions=[ActionRecord(1, index, index % 2, "call", None, "bot", None)])


def test_a_stale_owner_cannot_write_once_the_lease_moved(store: Store) -> None:
    setup = HandSetup(1, 0, "FTQ", {}, (0, 1), ("p0", "p1"), 1, (100, 100))
    store.apply("t1", Changes(hand=setup, decks=[DeckDraw(1, 1, "As Kd")]), 1)
    store.apply("t1", _action(0), 1)
    # The lease as it stood at epoch 1 goes to "new" (the old owner stalled past its lease).
    assert sql.take(store.engine, "t1", "new", 1) == 2
    assert sql.take(store.engine, "t1", "new", 1) is None  # a second taker at 1 loses
    before = store.counts()
    with pytest.raises(FencedError, match="epoch 1 is stale"):
        store.apply("t1", Changes(seats=[seat_state(0)], actions=_action(1).actions), 1)
    assert store.counts() == before
    store.apply("t1", _action(1), 2)  # the new owner writes on
    with store.engine.connect() as connection:
        epochs = connection.execute(
            text("SELECT epoch FROM actions WHERE table_id = 't1' ORDER BY index")
        ).scalars()
        assert list(epochs) == [1, 2]
    store.close()


def test_the_database_itself_refuses_an_action_of_a_stale_epoch(store: Store) -> None:
    setup = HandSetup(1, 0, "FTQ", {}, (0, 1), ("p0", "p1"), 1, (100, 100))
    store.apply("t1", Changes(hand=setup), 1)
    sql.take(store.engine, "t1", "new", 1)
    # Past the store's own check: a raw insert, as a buggy or old process might write it.
    with pytest.raises(DBAPIError, match="stale lease epoch 1"), store.engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO actions (table_id, hand_number, index, seat, kind, source, at, epoch)"
                " VALUES ('t1', 1, 0, 0, 'call', 'bot', now(), 1)"
            )
        )
    assert store.counts()["actions"] == 0
    store.close()


def test_placement_release_and_orphans(store: Store) -> None:
    engine = store.engine
    # Both alive now: the fixture's heartbeats may be seconds old by this line on a loaded
    # machine (a fresh clone's run at a load of 15 found "new" past its 4 s lease already).
    with engine.begin() as connection:
        connection.execute(text("UPDATE processes SET heartbeat_at = now()"))
    assert sql.place(engine, 4.0) == "new"  # it holds no table; "old" holds one
    assert sql.orphans(engine, 4.0, "new") == []
    with engine.begin() as connection:  # "old" stalls past its lease
        connection.execute(text("UPDATE processes SET heartbeat_at = now() - interval '5 s'"
                                " WHERE id = 'old'"))  # fmt: skip
    assert sql.orphans(engine, 4.0, "new") == [("t1", 1)]
    assert sql.orphans(engine, 4.0, "old") == []  # never its own: it is only late
    sql.release(engine, "old")  # it leaves: its table is free at once, at a new epoch
    assert sql.orphans(engine, 4.0, "new") == [("t1", 2)]
    assert sql.locate(engine, "t1", 4.0) == sql.Owner(None, None, 2, False)
    assert sql.find_table(engine, "join", "j" * 43) == "t1"
    store.close()


def _rows(store: Store) -> dict[str, int]:
    with store.engine.connect() as connection:
        chat = connection.execute(text("SELECT count(*) FROM chat")).scalar_one()
        mutes = connection.execute(text("SELECT count(*) FROM chat_mutes")).scalar_one()
        tournaments = connection.execute(text("SELECT count(*) FROM tournaments")).scalar_one()
    return {**store.counts(), "chat": chat, "chat_mutes": mutes, "tournaments": tournaments}


STALE_CHANGES = {
    "table": Changes(table=table_state()),
    "seat": Changes(seats=[seat_state(0)]),
    "removed": Changes(removed=[1]),
    "ledger": Changes(ledger=[LedgerEntry("p0", 0, "player0", "buy-in", 50)]),
    "request": Changes(requests=[SeatRequestState("r1", "Cy", "c" * 64, None, "pending")]),
    "rebuy": Changes(rebuys=[RebuyState("b1", "p0", 0, "player0", 50, "pending")]),
    "notice": Changes(notices=[Notice(1, "rules", ({"setting": "action_clock", "value": 20},))]),
}


@pytest.mark.parametrize("changes", STALE_CHANGES.values(), ids=STALE_CHANGES.keys())
def test_every_change_of_a_stale_owner_is_refused(store: Store, changes: Changes) -> None:
    store.apply("t1", changes, 1)  # the owner writes it
    assert sql.take(store.engine, "t1", "new", 1) == 2
    before = _rows(store)
    with pytest.raises(FencedError, match="epoch 1 is stale"):
        store.apply("t1", changes, 1)
    assert _rows(store) == before
    store.close()


def test_a_tournament_of_a_stale_owner_is_refused(store: Store) -> None:
    store.apply("t1", Changes(tournament={"index": 0, "entries": [], "finished": False}), 1)
    assert sql.take(store.engine, "t1", "new", 1) == 2
    with pytest.raises(FencedError, match="epoch 1 is stale"):
        store.apply("t1", Changes(tournament={"index": 3, "entries": [], "finished": True}), 1)
    assert store.tournament("t1") == {"index": 0, "entries": [], "finished": False}
    store.apply("t1", Changes(tournament={"index": 1, "entries": [], "finished": False}), 2)
    assert store.tournament("t1") == {"index": 1, "entries": [], "finished": False}
    store.close()


def test_chat_lines_and_mutes_of_a_stale_owner_are_refused(store: Store) -> None:
    engine = store.engine
    line = NewLine("chat", "seat:p0", "n1", "player0", 0, "player", "hello")
    dealer = NewLine("dealer", None, None, None, None, "dealer", "The host muted Cy.")
    assert add_line(engine, "t1", line, 1)[1] == "added"
    set_mute(engine, "t1", "cy", "Cy", True, dealer, 1)
    assert sql.take(engine, "t1", "new", 1) == 2
    before = _rows(store)
    late = NewLine("chat", "seat:p0", "n2", "player0", 0, "player", "am I still here?")
    with pytest.raises(FencedError, match="epoch 1 is stale"):
        add_line(engine, "t1", late, 1)
    with pytest.raises(FencedError, match="epoch 1 is stale"):
        add_line(engine, "t1", line, 1)  # even a resend's look-up waits for the fence
    with pytest.raises(FencedError, match="epoch 1 is stale"):
        set_mute(engine, "t1", "cy", "Cy", False, dealer, 1)
    assert _rows(store) == before
    assert add_line(engine, "t1", late, 2)[1] == "added"  # the new owner chats on
    assert [item.text for item in recent_lines(engine, "t1", 5)][-1] == "am I still here?"
    store.close()


RAW_WRITES = {
    "tables": "UPDATE tables SET status = 'paused' WHERE id = 't1'",
    "seats": "UPDATE seats SET stack = 1000000 WHERE table_id = 't1'",
    "seats-delete": "DELETE FROM seats WHERE table_id = 't1' AND seat = 1",
    "ledger": "INSERT INTO ledger (table_id, player_id, seat, name, reason, amount, at)"
    " VALUES ('t1', 'p0', 0, 'player0', 'buy-in', 1000000, now())",
    "chat": "INSERT INTO chat (table_id, kind, role, text, at)"
    " VALUES ('t1', 'chat', 'player', 'forked', now())",
    "chat_mutes": "INSERT INTO chat_mutes (table_id, key, name) VALUES ('t1', 'ann', 'Ann')",
    "seat_requests": "INSERT INTO seat_requests (table_id, id, name, token_hash, status, asked_at)"
    " VALUES ('t1', 'r1', 'Cy', 'c', 'pending', now())",
    "rebuys": "INSERT INTO rebuys (table_id, id, player_id, seat, name, amount, status,"
    " requested_at) VALUES ('t1', 'b1', 'p0', 0, 'player0', 5, 'pending', now())",
    "host_notices": "INSERT INTO host_notices (table_id, hand_number, kind, changes, at)"
    " VALUES ('t1', 1, 'rules', '[]', now())",
    "hands": "UPDATE hands SET live = false WHERE table_id = 't1'",
    "decks": "INSERT INTO decks (table_id, hand_number, deal, cards) VALUES ('t1', 1, 2, 'As')",
    "tournaments": "INSERT INTO tournaments (table_id, state, finished, updated_at)"
    " VALUES ('t1', '{}', false, now())",
}


def _write_under(store: Store, fence: str, write: str) -> None:
    with store.engine.begin() as connection:
        connection.execute(text("SELECT set_config('wildstud.fence', :f, true)"), {"f": fence})
        connection.execute(text(write))


@pytest.mark.parametrize("write", RAW_WRITES.values(), ids=RAW_WRITES.keys())
def test_the_database_itself_refuses_any_write_under_a_stale_fence(
    store: Store, write: str
) -> None:
    setup = HandSetup(1, 0, "FTQ", {}, (0, 1), ("p0", "p1"), 1, (100, 100))
    store.apply("t1", Changes(hand=setup, decks=[DeckDraw(1, 1, "As Kd")]), 1)
    sql.take(store.engine, "t1", "new", 1)
    before = _rows(store)
    # Past the store's own check: the fence set by hand, as a buggy or old process might.
    stale = (("t1 1", "stale lease epoch 1"), ("t2 2", "under the fence of table t2"))
    for fence, refusal in stale:
        with pytest.raises(DBAPIError, match=refusal):
            _write_under(store, fence, write)
        assert _rows(store) == before
    _write_under(store, "t1 2", write)  # under the current epoch it is written
    assert _rows(store) != before or write.startswith("UPDATE")
    store.close()


def test_a_write_the_fence_refuses_tells_the_user_the_table_is_moving() -> None:
    """A table's write refused by the fence (another process took its lease) is not "the server
    could not store the change": the table is moving, and the request sent again reaches it at
    its new process; every later change here is refused the same way, the clients told to go."""
    closed: list[tuple[int, str]] = []

    class Store:
        async def call(self, method: object, *args: object) -> None:
            raise FencedError("table t1: epoch 1 is stale (the lease is at 2)")

    client = SimpleNamespace(close=lambda code, why: closed.append((code, why)))
    table = SimpleNamespace(
        id="t1",
        epoch=1,
        broken=False,
        moved=False,
        store=Store(),
        metrics=SimpleNamespace(fenced=SimpleNamespace(inc=lambda: None)),
        fanout=SimpleNamespace(clients=lambda: [client]),
        on_broken=None,
    )
    writer = Writer(table)  # type: ignore[arg-type]

    async def run() -> list[StorageFailureError]:
        refused = []
        for _ in range(2):
            with pytest.raises(StorageFailureError) as caught:
                await writer.write(lambda *args: None)
            refused.append(caught.value)
        return refused

    first, later = asyncio.run(run())
    for error in (first, later):
        assert isinstance(error, TableMovedError)
        assert (
            unavailable(error) == "the table is moving to another process of the server; try again"
        )
    assert (table.moved, table.broken) == (True, True)
    assert closed == [(1012, "the table moved")]
