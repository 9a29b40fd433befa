"""The money slice of the table's pure core (:mod:`wildstud.server.table.cashier` and its
ledger reads, :mod:`wildstud.server.table.ledger`) and the seat requests slice
(:mod:`wildstud.server.table.seat_requests`): each command's outcome from a given state,
with no store and no event loop; a refusal, or a write the store refuses, leaves the state as
it was; and the actor folds the slice into a change of a part not moved yet, adopting its state
only once that change commits."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

import pytest

from tests.server.helpers import Listener, refusal
from wildstud.errors import TableError
from wildstud.server.errors import (
    BadNameError,
    LedgerError,
    NameTakenError,
    SeatError,
    UnknownRequestError,
)
from wildstud.server.limits import RateLimitedError
from wildstud.server.lobby import Lobby
from wildstud.server.messages import Rebuy
from wildstud.server.requests import MAX_PENDING, RequestStatus
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.store import Store
from wildstud.server.store.records import (
    Changes,
    LedgerEntry,
    RebuyState,
    SeatRequestState,
    SeatState,
)
from wildstud.server.table import StorageFailureError
from wildstud.server.table.cashier import (
    DECISIONS_BURST,
    AskChips,
    CashierState,
    DecideChips,
    HandEnded,
    Holder,
    Limits,
    NightEnded,
    SeatLeft,
    handle,
)
from wildstud.server.table.core import Acked, Credit, Numbered, Outcome, Refused, TableNews
from wildstud.server.table.ledger import NightBook, NightRead, ReadLedger, Report
from wildstud.server.table.seat_requests import DecideRequest, FileRequest, RequestsState
from wildstud.server.table.seat_requests import handle as requests_handle

LIMITS = Limits(rebuy_max=1000, ceiling=1000, per_player=2)


def row(stack: int, seat: int = 0, player: str = "p1", name: str = "Ann") -> SeatState:
    return SeatState(seat, player, name, "player", "ab" * 32, stack, False, 0, 60.0, 3, False)


def holder(stack: int, now: int | None = None) -> Holder:
    return Holder(row(stack), stack if now is None else now)


def pending(amount: int, request_id: str = "r1", status: str = "pending") -> RebuyState:
    return RebuyState(request_id, "p1", 0, "Ann", amount, status, 4)


def ask(amount: int, stack: int = 0, entries: tuple[LedgerEntry, ...] = ()) -> AskChips:
    return AskChips(holder(stack), amount, 4, "r1", entries, LIMITS)


def cashier_written(outcome: Outcome[CashierState]) -> Changes:
    assert outcome.effect is not None
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    assert outcome.effect.then is None
    return changes


# -- asking -------------------------------------------------------------------------------------


def test_a_request_for_chips_is_stored_pending_and_told_to_the_table() -> None:
    outcome = handle(CashierState(), ask(600, stack=200), 0.0)
    assert outcome.state.open == (pending(600),)
    assert cashier_written(outcome).rebuys == [pending(600)]
    assert outcome.news == (TableNews(),)


def test_a_player_s_request_reads_the_ledger_first_and_stores_the_seat_s_number() -> None:
    asked = Numbered("ann's page", Rebuy(type="rebuy", seq=4, amount=600), None)
    first = handle(CashierState(), replace(ask(600, stack=200), entries=None, asked=asked), 0.0)
    assert first.effect is not None
    assert isinstance(first.effect.request, ReadLedger)
    assert first.effect.then is not None
    read = first.effect.then([])
    assert read == replace(ask(600, stack=200), asked=asked)
    outcome = handle(first.state, read, 0.0)
    assert cashier_written(outcome).seats == [replace(row(200), last_seq=4)]
    assert outcome.news == (TableNews(), Acked(asked, 0))
    # At a tournament the host gives the chips: refused before anything is read.
    tournament = replace(ask(600, stack=200), entries=None, tournament=True)
    assert "in a tournament" in str(refusal(handle(CashierState(), tournament, 0.0)))


@pytest.mark.parametrize(
    ("command", "state", "says"),
    [
        (ask(1001), CashierState(), "at most 1000 chips"),
        (ask(2, stack=999), CashierState(), "at most 1 chip now"),
        (ask(100), CashierState((pending(1),)), "your request for 1 chip is waiting"),
        (ask(100, stack=1000), CashierState(), "ceiling of 1000 already"),
        (ask(100), CashierState((pending(50),)), "waiting for the host already"),
        (replace(ask(100), night_over=True), CashierState(), "the night is over"),
        (
            replace(ask(100), holder=Holder(replace(row(0), leaving=True), 0)),
            CashierState(),
            "you are leaving",
        ),
        (
            ask(100, entries=(LedgerEntry("p1", 0, "Ann", "rebuy", 500),) * 2),
            CashierState(),
            "the 2 rebuys and top-ups",
        ),
    ],
)
def test_a_request_past_the_limits_is_refused_with_the_state_unchanged(
    command: AskChips, state: CashierState, says: str
) -> None:
    outcome = handle(state, command, 0.0)
    error = refusal(outcome)
    assert isinstance(error, LedgerError)
    assert says in str(error)
    assert outcome.state is state


def test_a_player_who_busts_mid_hand_may_ask_for_a_full_rebuy_at_once() -> None:
    # Ann began the hand with 400 and has lost it all in the hand: she holds none now.
    asked = handle(CashierState(), AskChips(holder(400, now=0), 1000, 4, "r1", (), LIMITS), 0.0)
    assert asked.state.open[0].amount == 1000
    decided = handle(asked.state, DecideChips("r1", True, holder(400, 0), True, LIMITS), 0.0)
    assert [r.status for r in decided.state.open] == ["approved"]
    ended = handle(decided.state, HandEnded((holder(0),), LIMITS), 0.0)
    assert ended.follow == (Credit(row(1000)),)
    changes = cashier_written(ended)
    assert [(e.reason, e.amount) for e in changes.ledger] == [("rebuy", 1000)]
    assert [seat.stack for seat in changes.seats] == [1000]
    assert ended.state.open == ()


# -- the host's decisions -----------------------------------------------------------------------


def test_an_approval_between_hands_applies_the_chips_in_one_write_and_credits_the_seat() -> None:
    state = CashierState((pending(300),))
    outcome = handle(state, DecideChips("r1", True, holder(200), False, LIMITS), 0.0)
    changes = cashier_written(outcome)
    assert [(seat.seat, seat.stack, seat.last_seq) for seat in changes.seats] == [(0, 500, 3)]
    assert changes.ledger == [LedgerEntry("p1", 0, "Ann", "top-up", 300)]
    assert [(r.id, r.status) for r in changes.rebuys] == [("r1", "applied")]
    assert outcome.follow == (Credit(row(500)),)  # the seat's row as written
    assert outcome.state.open == ()
    assert outcome.state.decisions is not None  # the decision counted


def test_an_approval_in_a_hand_waits_for_its_end() -> None:
    state = CashierState((pending(300),))
    outcome = handle(state, DecideChips("r1", True, holder(200), True, LIMITS), 0.0)
    assert [r.status for r in cashier_written(outcome).rebuys] == ["approved"]
    assert outcome.follow == ()
    assert outcome.state.open == (pending(300, status="approved"),)


def test_a_decline_closes_the_request_and_moves_no_chips() -> None:
    state = CashierState((pending(300),))
    outcome = handle(state, DecideChips("r1", False, holder(200), False, LIMITS), 0.0)
    changes = cashier_written(outcome)
    assert (changes.seats, changes.ledger) == ([], [])
    assert [r.status for r in changes.rebuys] == ["declined"]
    assert outcome.state.open == ()


def test_a_refused_decision_changes_no_request_but_counts_against_the_rate() -> None:
    state = CashierState((pending(300, status="approved"),))
    for command, kind in [
        (DecideChips("r1", False, holder(200), True, LIMITS), LedgerError),  # too late
        (DecideChips("r1", True, holder(200), True, LIMITS), LedgerError),  # twice
        (DecideChips("r9", True, None, True, LIMITS), UnknownRequestError),
        (DecideChips("r1", True, holder(900), False, LIMITS), LedgerError),
    ]:
        outcome = handle(state, command, 0.0)
        assert isinstance(refusal(outcome), kind)
        assert outcome.state.open == state.open
        assert outcome.state.decisions is not None


def test_a_host_past_the_rate_of_decisions_is_told_to_wait() -> None:
    state = CashierState()
    for _ in range(DECISIONS_BURST):
        state = handle(state, DecideChips("r9", True, None, False, LIMITS), 0.0).state
    outcome = handle(state, DecideChips("r9", True, None, False, LIMITS), 0.0)
    error = refusal(outcome)
    assert isinstance(error, RateLimitedError)
    assert error.retry_after == pytest.approx(0.2)
    later = handle(state, DecideChips("r9", True, None, False, LIMITS), 0.2)
    assert isinstance(refusal(later), UnknownRequestError)


# -- the end of a hand, a seat's leaving, the end of the night ----------------------------------


def test_approved_chips_are_cut_to_the_ceiling_with_the_stack_the_hand_ended_with() -> None:
    state = CashierState((pending(800, status="approved"),))
    outcome = handle(state, HandEnded((holder(700),), LIMITS), 0.0)  # Ann won 600
    assert [(e.reason, e.amount) for e in cashier_written(outcome).ledger] == [("top-up", 300)]
    assert outcome.follow == (Credit(row(1000)),)


def test_approved_chips_with_no_room_left_or_no_seat_are_cancelled() -> None:
    state = CashierState((pending(500, status="approved"), pending(100, "r2")))
    for holders in [(holder(1200),), (), (Holder(row(0, player="p2"), 0),)]:
        outcome = handle(state, HandEnded(holders, LIMITS), 0.0)
        changes = cashier_written(outcome)
        assert changes.ledger == []
        assert [(r.id, r.status) for r in changes.rebuys] == [("r1", "cancelled")]
        assert outcome.follow == ()
        assert outcome.state.open == (pending(100, "r2"),)  # a pending one waits on


def test_a_hand_with_no_approved_chips_ends_with_nothing_to_write() -> None:
    state = CashierState((pending(100),))
    assert handle(state, HandEnded((holder(0),), LIMITS), 0.0) == Outcome(state)


def test_a_player_who_leaves_and_the_end_of_the_night_cancel_open_requests() -> None:
    other = RebuyState("r2", "p2", 1, "Bob", 100, "approved")
    state = CashierState((pending(100), other))
    left = handle(state, SeatLeft(0, "p1"), 0.0)
    assert [(r.id, r.status) for r in cashier_written(left).rebuys] == [("r1", "cancelled")]
    assert left.state.open == (other,)
    assert handle(state, SeatLeft(0, "p9"), 0.0) == Outcome(state)  # not this player's
    ended = handle(state, NightEnded(), 0.0)
    assert [r.status for r in cashier_written(ended).rebuys] == ["cancelled", "cancelled"]
    assert ended.state.open == ()


# -- the ledger's reads -------------------------------------------------------------------------

ENTRIES = (
    LedgerEntry("p1", 0, "Ann", "buy-in", 500),
    LedgerEntry("p2", 1, "Bob", "buy-in", 500),
    LedgerEntry("p1", 0, "Ann", "hand", -100, 1),
    LedgerEntry("p2", 1, "Bob", "hand", 100, 1),
)


def test_the_ledger_report_reads_the_store_then_balances_it_against_the_chips() -> None:
    state = CashierState((pending(100),))
    report = Report((("p1", 400), ("p2", 600)), None, None)
    outcome = handle(state, report, 0.0)
    assert outcome.state is state
    assert outcome.effect is not None
    assert outcome.effect.request == ReadLedger()
    assert outcome.effect.then is not None
    answered = handle(state, outcome.effect.then(list(ENTRIES)), 0.0)
    assert answered.state is state
    assert isinstance(answered.reply, dict)
    assert (answered.reply["buy_ins"], answered.reply["seated"]) == (1000, 1000)
    assert answered.reply["balanced"]
    wrong = handle(state, outcome.effect.then(list(ENTRIES[:3])), 0.0)
    assert isinstance(wrong.reply, dict)
    assert not wrong.reply["balanced"]  # Bob's 100 from the hand are not on his account


def test_the_night_read_answers_what_the_settle_up_is_made_from() -> None:
    read = NightRead((("p1", 400), ("p2", 600)), None, True, "shared")
    outcome = handle(CashierState(), read, 0.0)
    assert outcome.effect is not None
    assert outcome.effect.then is not None
    answered = handle(CashierState(), outcome.effect.then(list(ENTRIES)), 0.0)
    assert answered.reply == NightBook(ENTRIES, read)
    night = answered.reply.tally()
    assert night.ended
    assert [(p.name, p.net) for p in night.players] == [("Ann", -100), ("Bob", 100)]


# -- seat requests ------------------------------------------------------------------------------


def file(request_id: str, name: str, taken: tuple[str, ...] = ()) -> FileRequest:
    return FileRequest(request_id, name, 2, request_id * 32, "p0", taken)


def test_a_seat_request_is_stored_pending_with_its_name_cleaned() -> None:
    outcome = requests_handle(RequestsState(), file("r1", "  Ann "), 0.0)
    request = SeatRequestState("r1", "Ann", "r1" * 32, 2, "pending", returning="p0")
    assert outcome.reply == request
    assert outcome.state.by_id == {"r1": request}
    assert outcome.effect is not None
    assert outcome.effect.request == Changes(requests=[request])
    assert outcome.state.by_hash("r1" * 32) == request


@pytest.mark.parametrize(
    ("command", "kind"),
    [
        (file("r2", "ann"), NameTakenError),  # waiting already
        (file("r2", "Bob", taken=("bob",)), NameTakenError),  # seated
        (file("r2", "\u200b"), BadNameError),  # nothing visible
    ],
)
def test_a_seat_request_under_a_taken_or_empty_name_is_refused(
    command: FileRequest, kind: type[Exception]
) -> None:
    state = requests_handle(RequestsState(), file("r1", "Ann"), 0.0).state
    outcome = requests_handle(state, command, 0.0)
    assert isinstance(outcome.reply, Refused)
    assert isinstance(outcome.reply.error, kind)
    assert (outcome.state, outcome.effect) == (state, None)


def test_a_full_queue_refuses_one_more_request() -> None:
    state = RequestsState()
    for index in range(MAX_PENDING):
        state = requests_handle(state, file(f"r{index}", f"p{index}"), 0.0).state
    outcome = requests_handle(state, file("rx", "late"), 0.0)
    assert isinstance(outcome.reply, Refused)
    assert isinstance(outcome.reply.error, TableError)
    assert outcome.state is state


def test_a_seat_request_is_decided_once() -> None:
    state = requests_handle(RequestsState(), file("r1", "Ann"), 0.0).state
    approved = requests_handle(state, DecideRequest("r1", RequestStatus.APPROVED, 4), 0.0)
    assert approved.reply == replace(state.get("r1"), status="approved", seat=4)
    assert approved.state.pending() == []
    for command, says in [
        (DecideRequest("r1", RequestStatus.DECLINED), "already approved (seat 5)"),
        (DecideRequest("r9", RequestStatus.DECLINED), "no seat request 'r9'"),
    ]:
        again = requests_handle(approved.state, command, 0.0)
        assert isinstance(again.reply, Refused)
        assert isinstance(again.reply.error, SeatError)
        assert says in str(again.reply.error)
        assert again.state is approved.state


# -- the actor: a fold adopts the slice's state only once the change commits --------------------


T = TypeVar("T")


class FailingWrites:
    def __init__(self, store: Store) -> None:
        self.fail = False
        self._call = store.call

    async def call(self, method: Callable[..., T], *args: Any) -> T:
        if self.fail and getattr(method, "__name__", "") == "apply":
            raise OSError("the disk is full")
        return await self._call(method, *args)


async def _fold_and_refused_writes() -> None:
    store = Store("sqlite://")
    failing = FailingWrites(store)
    store.call = failing.call  # type: ignore[method-assign]
    lobby = Lobby(store)
    await lobby.open()
    settings = TableSettings(
        name="money", games=[GameEntry(game="FTQ")], starting_chips=500, top_up_ceiling=1000
    )
    table, _ = await lobby.create(settings)
    seat, _token = await table.join("ann", None)
    page = Listener(seat.index)
    failing.fail = True
    await table.handle(page, Rebuy(type="rebuy", seq=1, amount=100))  # a fold's write
    assert json.loads(page.frames[-1])["code"] == "storage"
    assert table.cashier == CashierState()
    assert not table.writer.staged
    failing.fail = False
    await table.handle(page, Rebuy(type="rebuy", seq=1, amount=100))
    (request,) = table.cashier.open
    failing.fail = True
    with pytest.raises(StorageFailureError):
        await table.decide_rebuy(request.id, True)  # the actor's own write
    assert table.cashier.open == (request,)
    assert table.cashier.decisions is None  # a decision the store refused is not counted
    assert table.seats[seat.index].stack == 500
    failing.fail = False
    await table.decide_rebuy(request.id, True)
    assert not table.cashier.open
    assert table.seats[seat.index].stack == 600
    assert (await table.ledger())["balanced"]
    await lobby.close()
    store.close()


def test_the_money_slice_adopts_its_state_only_once_the_store_has_it() -> None:
    asyncio.run(_fold_and_refused_writes())
