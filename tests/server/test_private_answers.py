"""A private deal's slices (:mod:`wildstud.server.table.private_answers`, and the audit's,
:mod:`wildstud.server.table.reveal_answers`), pure functions of their states: a page's answer
checked by the rounds, a refusal changing nothing (its reason and error code the socket's:
``out-of-turn``, ``seat``, ``elsewhere``, ``illegal``), an answer taken returned as the rows to
store with the server's own answers after it and the new state (adopted by the actor only once
stored), the next party's ask as news to its seat's pages; a secret published early read from
the store first."""

from __future__ import annotations

from typing import Any

from tests.server.helpers import refusal
from wildstud.errors import IllegalActionError, OutOfTurnError
from wildstud.private_rounds import Agent, DealRounds, OtherPageError, Party
from wildstud.server.errors import SeatError
from wildstud.server.messages import PrivateAnswer
from wildstud.server.store.records import Changes
from wildstud.server.table.core import AtSeat, Effect, News, Outcome
from wildstud.server.table.private_answers import (
    PageAnswer,
    PrivateState,
    handle,
    server_answers,
    step_of,
)
from wildstud.server.table.reveal_answers import (
    LoadDeal,
    Loaded,
    OpenDeal,
    PageReveal,
    RevealState,
)
from wildstud.server.table.reveal_answers import handle as handle_reveal

ANN = Agent.new()
"""Ann's page's secret in the deal."""


def begun() -> PrivateState:
    """Hand 4's first deal as the table begins it: Ann's page (table seat 2, engine seat 0)
    and the server (a bot's engine seat 1), the server's key given, Ann's asked for."""
    rounds = DealRounds(b"table t|hand 4", 1, (Party("Ann", (0,)), Party("server", (1,))))
    agent = Agent.new()
    server_answers(rounds, agent)
    return PrivateState(4, rounds, agent, 2, {0: 2}, 10.0, rounds.waiting(), step_of(rounds), None)


def page(answer: dict[str, Any], client: str = "ann", seat: int | None = 2) -> PageAnswer:
    frame = PrivateAnswer(type="private", hand=4, deal=1, answer=answer)
    return PageAnswer(client, frame, seat, frozenset({"ann", "phone"}), 4, 8.0)


def key(agent: Agent = ANN) -> dict[str, Any]:
    return {"step": "key", "key": agent.key.hex()}


def unchanged(outcome: Outcome[Any], start: object) -> Exception:
    """The error ``outcome`` refuses with, from a state it leaves as it was, with nothing said
    to anyone."""
    assert outcome.state is start
    assert outcome.news == ()
    return refusal(outcome)


def test_a_key_taken_is_its_row_to_store_and_the_page_is_asked_to_mask() -> None:
    start = begun()
    outcome = handle(start, page(key()), 20.0)
    assert isinstance(outcome.effect, Effect)
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    assert [(row.number, row.seq, row.kind) for row in changes.private_rounds] == [(4, 2, "key")]
    state = outcome.state
    assert state.seq == 3
    assert state.rounds is not start.rounds  # a copy: the state in force is untouched
    assert start.rounds is not None
    assert start.rounds.stage == "keys"
    assert state.deadline == 28.0  # a new wait: Ann's deck, timed from now
    ((news),) = outcome.news
    assert isinstance(news, News)
    assert news.audience == AtSeat(2)
    assert (news.frame["step"], news.frame["party"], len(news.frame["deck"])) == ("mask", 0, 52)
    assert outcome.reply is None


def test_a_resend_is_done_and_stores_nothing() -> None:
    state = handle(begun(), page(key()), 20.0).state
    again = handle(state, page(key()), 21.0)
    assert again.state is state
    assert (again.effect, again.news, again.reply) == (None, (), None)


def test_an_answer_refused_changes_nothing_with_the_socket_s_reason() -> None:
    start = begun()
    elsewhere = handle(start, page(key()), 20.0).state
    other = Agent.new()
    deck = {"step": "mask", "deck": ["00" * 32] * 52, "key": other.key.hex()}
    error = unchanged(handle(elsewhere, page(deck, "phone"), 21.0), elsewhere)
    assert isinstance(error, OtherPageError)  # the player's other device: "elsewhere"
    assert "another page of this seat" in str(error)
    error = unchanged(handle(start, page({"step": "unmask", "steps": []}), 20.0), start)
    assert isinstance(error, OutOfTurnError)
    assert str(error).startswith("Ann's answer is refused (turn)")
    error = unchanged(handle(start, page(key(), seat=None), 20.0), start)
    assert isinstance(error, SeatError)
    stranger = page(key(), "stranger")
    assert isinstance(unchanged(handle(start, stranger, 20.0), start), SeatError)
    show = page({"step": "show", "seat": 0, "steps": []})
    error = unchanged(handle(start, show, 20.0), start)
    assert isinstance(error, OutOfTurnError)
    assert str(error) == "your hand is not asked to be shown now"


def test_an_answer_for_a_hand_not_dealt_privately_now_is_refused() -> None:
    start = begun()
    for playing, hand in ((None, 4), (5, 4), (4, 3)):
        frame = PrivateAnswer(type="private", hand=hand, deal=1, answer=key())
        command = PageAnswer("ann", frame, 2, frozenset({"ann"}), playing, 8.0)
        error = unchanged(handle(start, command, 20.0), start)
        assert isinstance(error, IllegalActionError)
        assert str(error) == f"hand {hand}, deal 1 is not being dealt privately now"


# -- the reveal for the audit (wildstud.server.table.reveal_answers) -------------------------------


def secret_published(agent: Agent = ANN, hand: int = 4) -> PrivateAnswer:
    """A page's answer that publishes its secret and order for the audit."""
    answer = {"step": "reveal", "secret": agent.secret.scalar.hex(), "order": [*agent.order]}
    return PrivateAnswer(type="private", hand=hand, deal=1, answer=answer)


def waiting() -> RevealState:
    """Hand 4's deal over, waiting for Ann's secret (her page at table seat 2)."""
    rounds = begun().rounds
    assert rounds is not None
    rounds.take_key(0, ANN.key)
    opened = OpenDeal(4, rounds, (), {0: 2})
    return RevealState({(4, 1): opened}, {4: 9}, 30.0)


def test_a_secret_taken_is_its_row_to_store_and_the_clock_starts_again() -> None:
    start = waiting()
    outcome = handle_reveal(start, PageReveal("ann", secret_published(), 2, "Ann", 4, 8.0), 25.0)
    assert isinstance(outcome.effect, Effect)
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    assert [(row.number, row.seq, row.kind) for row in changes.private_rounds] == [(4, 9, "reveal")]
    state = outcome.state
    assert (state.seqs, state.deadline) == ({4: 10}, 33.0)
    assert 0 in state.open[4, 1].rounds.revealed
    assert 0 not in start.open[4, 1].rounds.revealed  # the state in force is untouched
    again = handle_reveal(state, PageReveal("ann", secret_published(), 2, "Ann", 4, 8.0), 26.0)
    assert again.state is state
    assert again.effect is None


def test_a_secret_from_no_party_or_another_device_changes_nothing() -> None:
    start = waiting()
    for seat, name in ((3, "Ann"), (2, "Bob"), (None, None)):
        command = PageReveal("ann", secret_published(), seat, name, 4, 8.0)
        error = unchanged(handle_reveal(start, command, 25.0), start)
        assert isinstance(error, SeatError)
        assert str(error) == "your page was no party to hand 4, deal 1"
    other = secret_published(Agent.new())
    other.answer["key"] = Agent.new().key.hex()
    error = unchanged(
        handle_reveal(start, PageReveal("phone", other, 2, "Ann", 4, 8.0), 25.0), start
    )
    assert isinstance(error, OtherPageError)


def test_a_secret_published_early_is_read_from_the_store_first() -> None:
    start = RevealState()
    command = PageReveal("ann", secret_published(), 2, "Ann", 4, 8.0)
    outcome = handle_reveal(start, command, 25.0)
    assert outcome.state is start
    assert outcome.effect is not None
    assert outcome.effect.request == LoadDeal(4, 1)
    assert outcome.effect.then is not None
    nothing = outcome.effect.then(None)  # voided before its deck was masked, or audited
    error = unchanged(handle_reveal(start, nothing, 25.0), start)
    assert isinstance(error, IllegalActionError)
    found = waiting().open[4, 1]
    taken = handle_reveal(start, outcome.effect.then(Loaded(found, 9)), 25.0)
    assert isinstance(taken.effect, Effect)
    assert isinstance(taken.effect.request, Changes)
    assert [row.seq for row in taken.effect.request.private_rounds] == [9]
    assert taken.state == RevealState({}, {4: 10}, None)  # not waited for: nothing keeps it
    in_play = PageReveal("ann", secret_published(hand=5), 2, "Ann", 4, 8.0)
    error = unchanged(handle_reveal(start, in_play, 25.0), start)
    assert str(error).startswith("hand 5, deal 1 waits for no secret")
