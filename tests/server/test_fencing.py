"""The fence of a cluster, in the store on PostgreSQL: a write carries the lease epoch of its
process, and once another process has taken the lease, the old owner's writes are refused (by
the store's check and, for hands and actions, by the database's own trigger) with nothing
written."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from tests.server.conftest import Postgres
from wildstud.server.store import (
    ActionRecord,
    Changes,
    DeckDraw,
    FencedError,
    HandSetup,
    SeatState,
    Store,
    TableState,
)
from wildstud.server.store import leases as sql


def _table() -> TableState:
    return TableState("t1", "Friday", "h" * 64, "j" * 43, "w" * 43, {}, "running", None, 0, None)


def _seat(seat: int) -> SeatState:
    return SeatState(
        seat, f"player{seat}", f"p{seat}", "player", None, 100, False, 0, 5.0, 0, False
    )


@pytest.fixture
def store(postgres: Postgres) -> Store:
    store = Store(postgres.new_database(), cluster=True)
    sql.register(store.engine, "old", "http://127.0.0.1:1")
    sql.register(store.engine, "new", "http://127.0.0.1:2")
    store.create_table(_table(), [_seat(0), _seat(1)], owner="old")
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
        store.apply("t1", Changes(seats=[_seat(0)], actions=_action(1).actions), 1)
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
