"""A hand's step (a seat's row and an action) written in plain statements on a kept connection
(store/steps.py): the same rows as SQLAlchemy's path writes, on both backends, whole or not at
all, and a failure leaves the next step a working connection."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from tests.server.helpers import table_state
from wildstud.server.store import (
    ActionRecord,
    Changes,
    HandSetup,
    LedgerEntry,
    SeatState,
    Store,
)
from wildstud.server.store.steps import is_step


def _seat_row(seat: int, stack: int = 100, *, sitting_out: bool = False) -> SeatState:
    return SeatState(
        seat, f"player{seat}", f"p{seat}", "player", None, stack, sitting_out, 1, 4.5, 7, False
    )


def _action_record(index: int, seat: int = 0, amount: int | None = None) -> ActionRecord:
    return ActionRecord(1, index, seat, "bet" if amount else "call", amount, "player", index + 1)


def _action_and_seat_rows(
    store: Store,
) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    with store.engine.connect() as connection:
        actions = connection.execute(
            text('SELECT "index", seat, kind, amount, source, seq, at, epoch FROM actions'
                 ' ORDER BY "index"')
        ).all()  # fmt: skip
        seats = connection.execute(text("SELECT * FROM seats ORDER BY seat")).all()
    return [tuple(row) for row in actions], [tuple(row) for row in seats]


def _started(database_url: str) -> Store:
    store = Store(database_url)
    store.create_table(table_state(), [_seat_row(0), _seat_row(1)])
    setup = HandSetup(1, 0, "follow-the-queen", {}, (0, 1), ("p0", "p1"), 1, (100, 100))
    store.apply("t1", Changes(hand=setup))
    return store


def test_a_step_writes_the_rows_sqlalchemy_writes(database_url: str) -> None:
    store = _started(database_url)
    step = Changes(seats=[_seat_row(0, 90, sitting_out=True)], actions=[_action_record(0, 0, 10)])
    assert is_step(step)
    store.apply("t1", step)
    # The same step with a ledger line goes through SQLAlchemy's execution.
    general = Changes(
        seats=[_seat_row(1, 90, sitting_out=True)],
        actions=[_action_record(1, 1, 10)],
        ledger=[LedgerEntry("player1", 1, "p1", "hand", 0, 1)],
    )
    assert not is_step(general)
    store.apply("t1", general)
    actions, seats = _action_and_seat_rows(store)
    fast, slow = actions
    assert fast[:6] == (0, 0, "bet", 10, "player", 1)
    assert slow[:6] == (1, 1, "bet", 10, "player", 2)
    assert type(fast[6]) is type(slow[6])
    assert fast[7] is None
    assert slow[7] is None
    if store.backend == "sqlite":  # stored as SQLAlchemy stores a time there: the same text
        with store.engine.connect() as connection:
            stamps = connection.execute(text("SELECT at, typeof(at) FROM actions")).all()
        assert [len(at) for at, _ in stamps] == [26, 26]
        assert {kind for _, kind in stamps} == {"text"}
    assert [seat[1:] for seat in seats] == [
        (0, "player0", "p0", "player", None, 90, True, 1, 4.5, 7, False),
        (1, "player1", "p1", "player", None, 90, True, 1, 4.5, 7, False),
    ]
    (stored,) = store.load_tables()
    assert stored.live_hand is not None
    assert [action.amount for action in stored.live_hand.actions] == [10, 10]
    assert [seat.stack for seat in stored.seats] == [90, 90]
    store.close()


def test_a_step_is_written_whole_or_not_at_all_and_the_next_one_works(database_url: str) -> None:
    store = _started(database_url)
    store.apply("t1", Changes(seats=[_seat_row(0, 95)], actions=[_action_record(0)]))
    before = _action_and_seat_rows(store)
    # Its action repeats the first one's place in the hand: the seat's row is not changed either.
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
        store.apply("t1", Changes(seats=[_seat_row(0, 10)], actions=[_action_record(0)]))
    assert _action_and_seat_rows(store) == before
    store.apply("t1", Changes(seats=[_seat_row(0, 80)], actions=[_action_record(1)]))
    actions, seats = _action_and_seat_rows(store)
    assert [action[0] for action in actions] == [0, 1]
    assert seats[0][6] == 80
    store.close()


def test_a_step_of_a_seat_without_a_row_adds_it(database_url: str) -> None:
    store = _started(database_url)
    store.apply("t1", Changes(seats=[_seat_row(3, 250)]))
    _, seats = _action_and_seat_rows(store)
    assert [(seat[1], seat[6]) for seat in seats] == [(0, 100), (1, 100), (3, 250)]
    store.close()


def test_a_kept_connection_found_dead_is_replaced_and_the_step_written(database_url: str) -> None:
    store = _started(database_url)
    store.apply(
        "t1", Changes(seats=[_seat_row(0, 95)], actions=[_action_record(0)])
    )  # a kept connection
    if store.backend == "sqlite":
        store._steps._local.connection.dbapi_connection.close()  # as a restart leaves it
    else:  # the database ends every other session (a restart, a cut network)
        with store.engine.connect() as connection:
            ended = connection.execute(
                text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    " WHERE pid <> pg_backend_pid() AND datname = current_database()"
                )
            ).scalar_one()
        assert ended >= 1
    store.apply("t1", Changes(seats=[_seat_row(0, 80)], actions=[_action_record(1)]))
    actions, seats = _action_and_seat_rows(store)
    assert [action[0] for action in actions] == [0, 1]
    assert seats[0][6] == 80
    store.close()
