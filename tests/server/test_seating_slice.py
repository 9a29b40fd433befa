"""The seating slice of the table's pure core (:mod:`wildstud.server.table.seating`): each
command's outcome from a given state, with no store and no event loop (the rows it writes, the
state it leaves once they are stored, the follow-ups it asks of the other slices); a refusal
leaves the state as it was and writes nothing; and on a table, the seats in memory follow the
seating's rows once they are stored, never before."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

import pytest

from wildstud.errors import TableError
from wildstud.server.errors import NameTakenError, SeatError
from wildstud.server.lobby import Lobby
from wildstud.server.messages import SitIn, ack_frame
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.seating import SeatKind
from wildstud.server.store import Store
from wildstud.server.store.records import Changes, LedgerEntry, SeatState, TableState
from wildstud.server.table import StorageFailureError
from wildstud.server.table.cashier import NightEnded, SeatLeft
from wildstud.server.table.core import (
    Acked,
    CancelChoice,
    Credit,
    News,
    Numbered,
    Outcome,
    PlayerOut,
    Refused,
    ResetTurn,
    TableNews,
    TableRuns,
    To,
)
from wildstud.server.table.reveal_progress import MaybeDue
from wildstud.server.table.seating import (
    Back,
    Departure,
    EndNight,
    HandOver,
    Join,
    Leave,
    Links,
    NewLink,
    NewLinks,
    Remove,
    SeatingState,
    SetStatus,
    Sit,
    TableStatus,
    Terms,
    handle,
)

TERMS = Terms(seats=3, starting_chips=500, time_bank=60.0)
ROW = TableState("t1", "x", "h" * 64, "j", "w", {}, "waiting", None, 0, None)


def table(status: str = "waiting") -> SeatingState:
    return SeatingState.of(replace(ROW, status=status))


def join(
    name: str | None,
    wanted: int | None = None,
    kind: str = "player",
    account: str = "p1",
    entries: tuple[LedgerEntry, ...] = (),
    **more: object,
) -> Join:
    digest = None if kind != "player" else account * 16
    return Join(name, wanted, kind, digest, account, entries, TERMS, **more)  # type: ignore[arg-type]


def seated(state: SeatingState, command: Join) -> SeatingState:
    """``state`` once ``command`` is handled and stored."""
    outcome = handle(state, command, 0.0)
    assert outcome.effect is not None, outcome.reply
    assert isinstance(outcome.effect.request, Changes)
    assert outcome.state == state.stored(outcome.effect.request)
    return outcome.state


def written(outcome: Outcome[SeatingState]) -> Changes:
    assert outcome.effect is not None, outcome.reply
    assert isinstance(outcome.effect.request, Changes)
    return outcome.effect.request


def seating_refusal(state: SeatingState, command: object) -> Exception:
    outcome = handle(state, command, 0.0)  # type: ignore[arg-type]
    assert isinstance(outcome.reply, Refused), outcome
    assert (outcome.state, outcome.effect, outcome.follow) == (state, None, ())
    return outcome.reply.error


def cash_out(player: str, name: str, seat: int, amount: int, digest: str | None) -> LedgerEntry:
    return LedgerEntry(player, seat, name, "cash-out", -amount, token_hash=digest)


# -- taking a seat ------------------------------------------------------------------------------


def test_a_player_takes_the_first_free_seat_with_the_buy_in_written() -> None:
    outcome = handle(table(), join("  Ann "), 0.0)
    row = SeatState(0, "p1", "Ann", "player", "p1" * 16, 500, False, 0, 60.0, 0, False)
    assert outcome.reply == row
    assert written(outcome) == Changes(
        seats=[row], ledger=[LedgerEntry("p1", 0, "Ann", "buy-in", 500)]
    )
    assert outcome.state.seats == {0: row}
    assert outcome.follow == ()


def test_a_bot_is_named_for_its_seat_past_the_names_used_tonight() -> None:
    state = seated(table(), join("Ann"))
    gone = (LedgerEntry("b", 1, "Caller 2", "buy-in", 500, house=True),)
    outcome = handle(state, join(None, kind="calling-bot", account="b2", entries=gone), 0.0)
    assert isinstance(outcome.reply, SeatState)
    assert (outcome.reply.seat, outcome.reply.name, outcome.reply.token_hash) == (
        1,
        "Caller 3",
        None,
    )
    assert written(outcome).ledger[0].house


@pytest.mark.parametrize(
    ("command", "kind", "says"),
    [
        (join("Bob", wanted=0, account="p2"), SeatError, "seat 0 is taken"),
        (join("Bob", wanted=3, account="p2"), SeatError, "no seat 3 at this table"),
        (join("ann", account="p2"), NameTakenError, "Ann"),
        (join("Bob", account="p2", registration_open=False), TableError, "registration"),
        (join("Bob", account="p2", returning="ff" * 32), SeatError, "old seat link"),
        (join("Bob", account="p2", named="nobody"), SeatError, "no player who left"),
    ],
)
def test_a_seat_that_cannot_be_taken_is_refused_with_nothing_written(
    command: Join, kind: type[Exception], says: str
) -> None:
    state = seated(table(), join("Ann"))
    error = seating_refusal(state, command)
    assert isinstance(error, kind)
    assert says in str(error)


def test_a_full_table_and_an_ended_night_take_no_one() -> None:
    state = table()
    for index in range(TERMS.seats):
        state = seated(state, join(f"p{index}", account=f"a{index}"))
    assert "the table is full (3 seats)" in str(seating_refusal(state, join("Zed", account="z")))
    ended = table("ended")
    assert "the night is over" in str(seating_refusal(ended, join("Zed", account="z")))


def test_a_player_who_left_comes_back_on_their_account_by_token_or_by_the_host() -> None:
    ledger = (
        LedgerEntry("p1", 0, "Ann", "buy-in", 500),
        cash_out("p1", "Ann", 0, 450, "aa" * 32),
    )
    # A name alone opens a fresh account, and may not pass for Ann's.
    assert isinstance(
        seating_refusal(table(), join("ANN", account="p9", entries=ledger)), NameTakenError
    )
    by_token = handle(table(), join("Ann", account="p9", entries=ledger, returning="aa" * 32), 0.0)
    assert isinstance(by_token.reply, SeatState)
    assert (by_token.reply.player_id, by_token.reply.name) == ("p1", "Ann")
    by_host = handle(table(), join("Annie", account="p9", entries=ledger, named="p1"), 0.0)
    assert isinstance(by_host.reply, SeatState)
    assert by_host.reply.player_id == "p1"
    # Seated again, the account is no one else's to come back on.
    state = by_token.state
    error = seating_refusal(state, join("Bob", account="p8", entries=ledger, returning="aa" * 32))
    assert isinstance(error, SeatError)


# -- leaving --------------------------------------------------------------------------------------


def test_a_seat_given_up_between_hands_is_cashed_out_its_request_and_tournament_follow() -> None:
    state = seated(table(), join("Ann"))
    outcome = handle(state, Remove(0, in_hand=False, stack=480), 0.0)
    row = state.seats[0]
    assert outcome.reply == Departure(replace(row, stack=480), 480)
    assert written(outcome) == Changes(
        removed=[0], ledger=[cash_out("p1", "Ann", 0, 480, row.token_hash)]
    )
    assert outcome.state.seats == {}
    # The cashier cancels its open request for chips; a tournament's desk puts its player out.
    assert outcome.follow == (SeatLeft(0, "p1"), PlayerOut(row))


def test_a_player_leaving_with_no_chips_is_written_for_their_token_a_bot_is_not() -> None:
    state = seated(seated(table(), join("Ann")), join(None, kind="random-bot", account="b"))
    player = written(handle(state, Leave(0, 0), 0.0))
    assert player.ledger == [cash_out("p1", "Ann", 0, 0, "p1" * 16)]
    bot = written(handle(state, Leave(1, 0), 0.0))
    assert (bot.ledger, bot.removed) == ([], [1])


def test_a_seat_in_the_hand_is_marked_leaving_and_stays() -> None:
    state = seated(table(), join("Ann"))
    outcome = handle(state, Remove(0, in_hand=True, stack=100), 0.0)
    assert written(outcome) == Changes(seats=[replace(state.seats[0], leaving=True)])
    assert outcome.state.seats[0].leaving
    assert (outcome.reply, outcome.follow) == (None, ())


def test_a_hand_s_end_writes_the_rows_the_runner_sends_for_the_seats_still_here() -> None:
    state = seated(seated(table(), join("Ann")), join("Bob", account="p2"))
    ann, bob = state.seats[0], state.seats[1]
    won = replace(ann, stack=700, missed_hands=0)
    missed = replace(bob, stack=300, missed_hands=1, sitting_out=True)
    gone = replace(ann, seat=2, player_id="p3")  # a row for a seat nobody holds: not written
    outcome = handle(state, HandOver((won, missed, gone)), 0.0)
    assert written(outcome) == Changes(seats=[won, missed])
    assert outcome.state.seats == {0: won, 1: missed}
    assert (outcome.reply, outcome.follow) == (None, ())


def test_an_empty_seat_cannot_be_removed_nor_given_a_link() -> None:
    state = seated(table(), join(None, kind="calling-bot", account="b"))
    assert str(seating_refusal(state, Remove(2, in_hand=False, stack=0))) == "seat 2 is empty"
    assert str(seating_refusal(state, NewLink(2, "cd" * 32))) == "seat 2 is empty"
    assert "a bot's" in str(seating_refusal(state, NewLink(0, "cd" * 32)))


# -- sitting out and back, links ------------------------------------------------------------------


def test_sitting_out_and_in_writes_the_request_number_and_clears_missed_hands() -> None:
    state = seated(table(), join("Ann"))
    absent = replace(state.seats[0], sitting_out=True, missed_hands=2)
    state = replace(state, seats={0: absent})
    asked = Numbered("ann's page", SitIn(type="sit_in", seq=7), None)
    outcome = handle(state, Sit(0, out=False, asked=asked), 0.0)
    sat_in = replace(absent, sitting_out=False, missed_hands=0, last_seq=7)
    assert written(outcome).seats == [sat_in]
    assert outcome.news == (TableNews(), Acked(asked, 0))
    # The same request sent again once it is stored is answered as done, and nothing changes.
    again = handle(
        outcome.state, Sit(0, out=False, asked=Numbered("page", asked.request, asked.request)), 0.0
    )
    assert again == Outcome(outcome.state, news=(News(To("page"), ack_frame(7, 7, repeat=True)),))
    back = handle(state, Back(0), 0.0)
    assert written(back).seats == [replace(absent, sitting_out=False, missed_hands=0)]
    # A player who sat out by choice is not brought back by opening their link.
    chose = replace(state, seats={0: replace(absent, missed_hands=0)})
    assert handle(chose, Back(0), 0.0) == Outcome(chose)


def test_new_links_replace_the_seat_token_or_the_table_links() -> None:
    state = seated(table(), join("Ann"))
    outcome = handle(state, NewLink(0, "cd" * 32), 0.0)
    assert outcome.reply == replace(state.seats[0], token_hash="cd" * 32)
    assert outcome.state.seats[0].token_hash == "cd" * 32
    links = Links("e" * 64, "j2", "w2")
    table_row = replace(ROW, button=3)
    changed = handle(state, NewLinks(links, table_row), 0.0)
    assert written(changed).table == replace(
        table_row, host_hash="e" * 64, join_token="j2", watch_token="w2"
    )
    assert changed.state.links == links


# -- the table's status ---------------------------------------------------------------------------


def test_starting_and_pausing_write_the_table_and_ask_the_runner_for_a_fresh_turn() -> None:
    outcome = handle(table(), SetStatus(TableStatus.RUNNING, ROW), 0.0)
    assert written(outcome).table == replace(ROW, status="running")
    assert outcome.state.status is TableStatus.RUNNING
    # A tournament's clock runs with the table, and stands still with it.
    assert outcome.follow == (CancelChoice(), ResetTurn(), TableRuns(running=True))
    paused = handle(outcome.state, SetStatus(TableStatus.PAUSED, ROW), 0.0)
    assert paused.follow == (CancelChoice(), ResetTurn(), TableRuns(running=False))
    assert handle(outcome.state, SetStatus(TableStatus.RUNNING, ROW), 0.0) == Outcome(outcome.state)
    back = seating_refusal(outcome.state, SetStatus(TableStatus.WAITING, ROW))
    assert str(back) == "a table cannot go back to waiting"


def test_the_end_of_the_night_closes_the_requests_for_chips_and_comes_once() -> None:
    outcome = handle(table("paused"), EndNight(ROW), 0.0)
    assert written(outcome).table == replace(ROW, status="ended")
    # A private table's secrets may be due now: the audit's slice looks (MaybeDue).
    ran = TableRuns(running=False)
    assert outcome.follow == (CancelChoice(), ResetTurn(), NightEnded(), ran, MaybeDue())
    assert str(seating_refusal(outcome.state, EndNight(ROW))) == "the night is over already"
    after = seating_refusal(outcome.state, SetStatus(TableStatus.RUNNING, ROW))
    assert str(after) == "the night is over: the table deals no more"


def test_chips_credited_and_the_rows_other_parts_store_are_taken_in() -> None:
    state = seated(table(), join("Ann"))
    credited = replace(state.seats[0], stack=800)
    assert handle(state, Credit(credited), 0.0).state.seats[0] == credited
    # The hand runner's rows (a hand's stacks, a time bank spent), once stored.
    spent = replace(state.seats[0], stack=320, time_bank=12.5)
    assert state.stored(Changes(seats=[spent])).seats == {0: spent}
    assert state.stored(Changes()) is state
    assert state.stored(Changes(removed=[0])).seats == {}


# -- on a table: memory follows the store -------------------------------------------------------


T = TypeVar("T")


class FailingWrites:
    def __init__(self, store: Store) -> None:
        self.fail = False
        self._call = store.call

    async def call(self, method: Callable[..., T], *args: Any) -> T:
        if self.fail and getattr(method, "__name__", "") == "apply":
            self.fail = False
            raise OSError("the disk is full")
        return await self._call(method, *args)


async def _memory_follows_the_store() -> None:
    store = Store("sqlite://")
    failing = FailingWrites(store)
    store.call = failing.call  # type: ignore[method-assign]
    lobby = Lobby(store)
    await lobby.open()
    settings = TableSettings(name="seats", games=[GameEntry(game="FTQ")], starting_chips=500)
    table_, _ = await lobby.create(settings)
    ann, _token = await table_.join("ann", None)

    def rows() -> dict[int, SeatState]:
        return {index: seat.state() for index, seat in table_.seats.items()}

    assert rows() == dict(table_.seating.seats)
    before = (rows(), table_.seating)
    failing.fail = True
    with pytest.raises(StorageFailureError):
        await table_.add_bot(SeatKind.CALLING_BOT, None, None)
    assert (rows(), table_.seating) == before
    bot = await table_.add_bot(SeatKind.CALLING_BOT, None, None)
    assert bot.bot is not None  # made with its bot once its row is stored
    assert rows() == dict(table_.seating.seats)
    before = (rows(), table_.seating)
    failing.fail = True
    with pytest.raises(StorageFailureError):
        await table_.remove(ann.index)
    assert (rows(), table_.seating) == before
    assert table_.seats[ann.index] is ann  # the same seat, connections and all
    failing.fail = True
    old = table_.join_token
    with pytest.raises(StorageFailureError):
        await lobby.new_links(table_)
    assert (rows(), table_.seating) == before
    assert lobby.by_join(old) is table_
    await lobby.new_links(table_)
    assert lobby.by_join(table_.join_token) is table_
    assert lobby.by_join(old) is None
    await table_.remove(ann.index)
    assert ann.index not in table_.seats
    assert rows() == dict(table_.seating.seats)
    assert (await table_.ledger())["balanced"]
    await lobby.close()
    store.close()


def test_the_seats_in_memory_follow_the_seating_once_stored_never_before() -> None:
    asyncio.run(_memory_follows_the_store())
