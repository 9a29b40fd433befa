"""The publishing of a private night's secrets and their audit as the audit slice's own ticks
(:mod:`wildstud.server.table.reveal_progress`), a pure function of the deals waiting for
secrets: a hand due is read from the store first; its deals opened are the server's secret to
store and the pages still seated asked; a deal audited before a restart is counted, not asked;
the clock starts once every hand due is asked; once it runs out (or every secret is in) the
deals are audited off the event loop, each result an ``audit`` row stored in one change and the
audit told to everyone; a store that fails has the slice look again later, the state as it
was."""

from __future__ import annotations

import json

from wildstud.history.private_night import audit_private_night
from wildstud.private_rounds import Agent, DealRounds, Party, Row
from wildstud.server.messages import PrivateAnswer
from wildstud.server.store.records import Changes, PrivateRound
from wildstud.server.table.core import AtSeat, Effect, Everyone, News, Outcome
from wildstud.server.table.private_answers import server_answers
from wildstud.server.table.private_reveal import context
from wildstud.server.table.reveal_answers import OpenDeal, PageReveal, RevealState
from wildstud.server.table.reveal_progress import (
    NAME,
    Audited,
    AuditNight,
    HandRead,
    LoadHand,
    Missed,
    RevealTick,
    failure_line,
    handle,
)

ANN = Agent.new()
"""Ann's page's secret in hand 4's deal."""
BOB = Agent.new()
"""Bob's page's secret in hand 4's deal."""
SERVER = Agent.new()
"""The server's own secret in hand 4's deal (its ``agent`` row)."""


def masked_deal() -> tuple[OpenDeal, Row]:
    """Hand 4's deal as a restart reads it from its rows once it is over: Ann (table seat 2),
    Bob (table seat 3) and the server (a bot's seat), every deck masked, nobody's secret
    published; and the server's ``agent`` row."""
    rounds = DealRounds(
        context("t", 4), 1, (Party("Ann", (0,)), Party("Bob", (1,)), Party("server", (2,)))
    )
    rows = [rounds.parties_row(), *server_answers(rounds, SERVER)]
    for party, agent in enumerate((ANN, BOB)):
        key = rounds.take_key(party, agent.key, agent.key_proof(rounds, party))
        assert key is not None
        rows.append(key)
    rows += server_answers(rounds, SERVER)  # the server turns the deck first
    for party, agent in enumerate((ANN, BOB)):
        rows.append(rounds.take_deck(party, agent.masked(rounds)))
    rows += server_answers(rounds, SERVER)  # its order value
    for party, agent in enumerate((ANN, BOB)):
        rows.append(rounds.take_order(party, agent.order_value(rounds, party)))
    assert rounds.stage == "ready"
    public = DealRounds.from_rows(context("t", 4), rows)
    return OpenDeal(4, public, tuple(rows), {0: 2, 1: 3}), SERVER.row(1, 2)


def reveal_tick(due: int = 4, **more: object) -> RevealTick:
    """The slice's tick with hands up to ``due`` due; Ann is seated at table seat 2, and
    another player sits at Bob's seat now."""
    return RevealTick(NAME, due, {2: "Ann", 3: "Cy"}, 8.0, "t", **more)  # type: ignore[arg-type]


def stored_rows(outcome: Outcome[RevealState]) -> list[PrivateRound]:
    """The private rows ``outcome`` stores."""
    assert isinstance(outcome.effect, Effect)
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    return changes.private_rounds


def opened_hand(now: float = 10.0) -> Outcome[RevealState]:
    """Hand 4 due and read: its deal opened."""
    deal, agent = masked_deal()
    read = HandRead(4, 11, ((deal, agent),))
    return handle(RevealState(through=3), reveal_tick(read=read), now)


def test_a_hand_due_is_read_from_the_store_first() -> None:
    start = RevealState(through=3)
    outcome = handle(start, reveal_tick(), 10.0)
    assert outcome.state is start
    assert outcome.news == ()
    effect = outcome.effect
    assert effect is not None
    assert effect.request == LoadHand(4)
    assert effect.otherwise is not None
    assert effect.otherwise(False) == Missed(False)
    assert effect.then is not None
    assert effect.then(HandRead(4)) == reveal_tick(read=HandRead(4))
    # A hand with no private deal is passed over; the next tick looks at the next hand.
    nothing = handle(start, reveal_tick(read=HandRead(4)), 10.0)
    assert (nothing.state.through, nothing.state.seqs, nothing.effect) == (4, {}, None)
    assert nothing.follow == (reveal_tick(),)
    assert handle(nothing.state, reveal_tick(), 10.0).effect is None  # nothing due after it


def test_a_deal_opened_is_the_server_s_secret_to_store_and_the_seated_pages_asked() -> None:
    outcome = opened_hand()
    rows = stored_rows(outcome)
    assert [(row.number, row.seq, row.kind, row.party) for row in rows] == [(4, 11, "reveal", 2)]
    state = outcome.state
    assert (state.through, state.seqs, state.deadline) == (4, {4: 12}, None)
    deal = state.open[4, 1]
    assert set(deal.rounds.revealed) == {2}
    assert deal.rows[-1].kind == "reveal"
    # Ann is asked, the clock not started yet; Bob's seat is Cy's now: nobody asks him.
    assert [news.audience for news in outcome.news if isinstance(news, News)] == [AtSeat(2)]
    (asked,) = outcome.news
    assert isinstance(asked, News)
    assert (asked.frame["step"], asked.frame["party"], asked.frame.get("seconds")) == (
        "reveal",
        0,
        None,
    )
    # The server's secret is in no frame: only its row, stored before the state is adopted.
    assert SERVER.secret.scalar.hex() not in json.dumps(asked.frame)
    assert outcome.follow == (reveal_tick(),)
    # Every hand due is asked for: the clock starts now, and the slice wakes at its deadline.
    timed = handle(state, reveal_tick(), 12.0)
    assert (timed.state.deadline, timed.wake, timed.effect) == (20.0, 20.0, None)
    waits = handle(timed.state, reveal_tick(), 15.0)
    assert (waits.state is timed.state, waits.wake, waits.effect) == (True, 20.0, None)


def test_a_deal_audited_before_a_restart_is_counted_again_not_asked() -> None:
    fault = {"hand": 4, "deal": 1, "party": "Bob", "kind": "unpublished", "text": "Bob…"}
    read = HandRead(4, 14, (), (json.dumps({"faults": [fault]}),))
    outcome = handle(RevealState(through=3), reveal_tick(read=read), 10.0)
    state = outcome.state
    assert (outcome.effect, outcome.news) == (None, ())
    assert (state.through, state.deals, state.open, state.seqs) == (4, 1, {}, {4: 14})
    assert [item.party for item in state.faults] == ["Bob"]


def test_the_clock_run_out_has_the_deals_audited_stored_in_one_change_and_told() -> None:
    opened = opened_hand().state
    timed = handle(opened, reveal_tick(), 12.0).state
    outcome = handle(timed, reveal_tick(), 20.5)
    assert outcome.state is timed
    effect = outcome.effect
    assert effect is not None
    assert isinstance(effect.request, AuditNight)
    night = effect.request.night
    assert night.table == "t"
    assert [(record.hand, record.deal) for record in night.deals] == [(4, 1)]
    assert effect.then is not None
    audit = audit_private_night(night)  # what the actor does off the event loop
    done = effect.then(audit)
    assert done == reveal_tick(audited=Audited(tuple(timed.open.values()), audit))
    told = handle(timed, done, 20.6)
    rows = stored_rows(told)
    assert [(row.seq, row.kind) for row in rows] == [(12, "audit")]
    faults = json.loads(rows[0].data)["faults"]
    assert {(item["party"], item["kind"]) for item in faults} == {
        ("Ann", "unpublished"),
        ("Bob", "unpublished"),
    }
    state = told.state
    assert (state.open, state.deadline, state.deals, state.seqs) == ({}, None, 1, {4: 13})
    (news,) = told.news
    assert isinstance(news, News)
    assert news.audience == Everyone()
    assert (news.frame["type"], news.frame["first"], news.frame["last"]) == ("private_audit", 1, 4)
    assert news.frame["deals"] == 1
    assert len(news.frame["faults"]) == 2
    assert handle(state, reveal_tick(), 30.0).effect is None  # nothing waits any more


def test_the_last_secret_in_wakes_the_slice_at_once() -> None:
    deal, agent = masked_deal()
    rounds = deal.rounds
    for party, secret in ((0, ANN), (2, SERVER)):
        rounds.take_reveal(party, secret.secret.scalar, secret.order)
    start = RevealState({(4, 1): OpenDeal(4, rounds, deal.rows, deal.pages)}, {4: 13}, 30.0, 4)
    answer = {"step": "reveal", "secret": BOB.secret.scalar.hex(), "order": [*BOB.order]}
    frame = PrivateAnswer(type="private", hand=4, deal=1, answer=answer)
    outcome = handle(start, PageReveal("bob", frame, 3, "Bob", 4, 8.0), 25.0)
    assert outcome.reply is None, outcome.reply
    assert outcome.wake == 25.0  # every secret in: the audit is done at the slice's next turn
    audited = handle(outcome.state, reveal_tick(), 25.0)
    assert audited.effect is not None
    assert isinstance(audited.effect.request, AuditNight)
    assert agent.kind == "agent"


def test_a_tick_the_store_failed_looks_again_later_unless_the_table_moved() -> None:
    start = RevealState(through=3)
    again = handle(start, Missed(False), 10.0)
    assert (again.state, again.wake, again.effect) == (start.but(failures=1), 11.0, None)
    moved = handle(start, Missed(True), 10.0)
    assert (moved.state is start, moved.wake) == (True, None)


def test_a_store_that_keeps_failing_is_tried_again_less_and_less_often() -> None:
    """The driver's backoff: 1 s, doubling with each failure in a row, up to 30 s."""
    state, waits = RevealState(through=3), []
    for _ in range(8):
        outcome = handle(state, Missed(False), 100.0)
        assert outcome.wake is not None
        waits.append(outcome.wake - 100.0)
        state = outcome.state
    assert waits == [1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0, 30.0]
    assert state.failures == 8


def test_a_store_that_answers_again_has_the_next_failure_wait_a_second_again() -> None:
    deal, agent = masked_deal()
    failing = RevealState(through=3, failures=5)
    read = HandRead(4, 9, ((deal, agent),))
    outcome = handle(failing, reveal_tick(read=read), 20.0)
    assert outcome.state.failures == 0
    assert handle(outcome.state, Missed(False), 21.0).wake == 22.0


def test_the_table_logs_once_when_the_store_starts_failing_and_once_when_it_works_again() -> None:
    state, lines = RevealState(through=3), []
    for _ in range(5):  # five failures in a row: one line
        after = handle(state, Missed(False), 0.0).state
        lines.append(failure_line(state, after))
        state = after
    deal, agent = masked_deal()
    after = handle(state, reveal_tick(read=HandRead(4, 9, ((deal, agent),))), 0.0).state
    lines.append(failure_line(state, after))  # the store answered: one line
    assert [line for line in lines if line is not None] == [
        "the private deals' audit fails to reach the store: it tries again in 1 s, then less often",
        "the private deals' audit reaches the store again, after 5 failures",
    ]
