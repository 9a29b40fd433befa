"""A private deal's slices (:mod:`wildstud.server.table.private_answers`, and the audit's,
:mod:`wildstud.server.table.reveal_answers`), pure functions of their states: a page's answer
checked by the rounds, a refusal changing nothing (its reason and error code the socket's:
``out-of-turn``, ``seat``, ``elsewhere``, ``illegal``), an answer taken returned as the rows to
store with the server's own answers after it and the new state (adopted by the actor only once
stored), the next party's ask as news to its seat's pages (in a pass, every page asked at once and
never again, their shares taken in any order; a wrong batch refused, after a restart as well);
a secret published early read from the store first."""

from __future__ import annotations

from typing import Any

from tests.server.helpers import refusal
from wildstud.deal import PrivateHand
from wildstud.errors import IllegalActionError, OutOfTurnError
from wildstud.private_deal import Secret, share_batch
from wildstud.private_rounds import (
    Agent,
    DealRounds,
    OtherPageError,
    Party,
    RoundsDealer,
    RoundsError,
    Row,
)
from wildstud.private_wire import batch_context, key_data
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
from wildstud.server.table.private_reveal import as_row
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
    rounds = DealRounds(b"table t|hand 4", 1, PARTIES)
    agent = Agent.new()
    server_answers(rounds, agent)
    return PrivateState(4, rounds, agent, 2, {0: 2}, 10.0, rounds.waiting(), step_of(rounds), None)


def page(answer: dict[str, Any], client: str = "ann", seat: int | None = 2) -> PageAnswer:
    frame = PrivateAnswer(type="private", hand=4, deal=1, answer=answer)
    return PageAnswer(client, frame, seat, frozenset({"ann", "phone"}), 4, 8.0)


def key(agent: Agent = ANN, party: int = 0) -> dict[str, Any]:
    proof = agent.key_proof(DealRounds(b"table t|hand 4", 1, PARTIES), party)
    return {"step": "key", **key_data(agent.key, proof)}


PARTIES = (Party("Ann", (0,)), Party("server", (1,)))


def unchanged(outcome: Outcome[Any], start: object) -> Exception:
    """The error ``outcome`` refuses with, from a state it leaves as it was, with nothing said
    to anyone."""
    assert outcome.state is start
    assert (outcome.news, outcome.ahead) == ((), ())
    return refusal(outcome)


def test_a_key_taken_is_its_row_to_store_and_the_page_is_asked_to_mask() -> None:
    start = begun()
    outcome = handle(start, page(key()), 20.0)
    assert isinstance(outcome.effect, Effect)
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    # Ann's key, then the server's turn of the deck (the server turns first).
    stored = [(row.number, row.seq, row.kind) for row in changes.private_rounds]
    assert stored == [(4, 2, "key"), (4, 3, "deck")]
    state = outcome.state
    assert state.seq == 4
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
    nothing = {"shares": [], "challenge": "00" * 32, "response": "00" * 32}
    error = unchanged(handle(start, page({"step": "unmask", "batch": nothing}), 20.0), start)
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


# -- a pass: every page asked at once ---------------------------------------------------------

BOB = Agent.new()
"""Bob's page's secret in the deal."""


def at_pass() -> tuple[PrivateState, list[Row]]:
    """Hand 4's first deal at its first pass, with the rows stored so far: Ann's page (table
    seat 2, engine seat 0), Bob's (table seat 3, engine seat 1) and the server (a bot's engine
    seat 2); every key and deck in, the pass over each seat's first cards open and the
    server's shares in, Ann's and Bob's waited for."""
    parties = (Party("Ann", (0,)), Party("Bob", (1,)), Party("server", (2,)))
    rounds = DealRounds(b"table t|hand 4", 1, parties)
    agent = Agent.new()
    rows = [rounds.parties_row(), agent.row(1, 2)]
    for index, each in enumerate((ANN, BOB, agent)):
        key = rounds.take_key(index, each.key, each.key_proof(rounds, index))
        assert key is not None
        rows.append(key)
    for index in rounds.turns:  # the server first
        each = (ANN, BOB, agent)[index]
        rows.append(rounds.take_deck(index, each.masked(rounds)))
    for index, each in enumerate((ANN, BOB, agent)):
        rows.append(rounds.take_order(index, each.order_value(rounds, index)))
    hand = PrivateHand("FTQ", [50, 50, 50], {"ante": 0}, deck=RoundsDealer())
    rows.append(rounds.open_pass(hand.cards_due()))
    rows += server_answers(rounds, agent)
    pages = {0: 2, 1: 3}
    state = PrivateState(4, rounds, agent, len(rows), pages, 10.0, (0, 1), step_of(rounds), None)
    return state, rows


def batch_answer(points: list[Any], agent: Agent, party: int, key: Agent | None = None) -> Any:
    """A page's answer to an ask to share ``points`` (each ``[position, c1, label]``,
    :func:`points_asked`) in hand 4's first deal, as party ``party`` with ``agent``'s secret,
    naming ``key``'s key (``agent``'s unless given: another's is a page that shares with a
    secret not its own)."""
    positions = [position for position, _, _ in points]
    c1s = [bytes.fromhex(point) for _, point, _ in points]
    to = [label for _, _, label in points]
    context = batch_context(b"table t|hand 4", 1, positions, party, to=to)
    batch = share_batch(c1s, agent.secret, context)
    wire = {
        "shares": [share.hex() for share in batch.shares],
        "challenge": batch.challenge.hex(),
        "response": batch.response.hex(),
    }
    named = agent if key is None else key
    return {"step": "unmask", "key": named.key.hex(), "batch": wire}


def points_asked(rounds: DealRounds, party: int) -> list[Any]:
    """The points ``rounds`` ask ``party`` to share, each with where the ask says it goes."""
    asked = rounds.ask(party)
    assert asked is not None
    points, to = asked["points"], asked["to"]
    assert isinstance(points, list)
    assert isinstance(to, list)
    return [[*point, label] for point, label in zip(points, to, strict=True)]


def bob(answer: dict[str, Any]) -> PageAnswer:
    frame = PrivateAnswer(type="private", hand=4, deal=1, answer=answer)
    return PageAnswer("bob", frame, 3, frozenset({"bob"}), 4, 8.0)


def rows_of(outcome: Outcome[PrivateState]) -> list[tuple[str, int]]:
    assert isinstance(outcome.effect, Effect)
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    return [(row.kind, row.party) for row in changes.private_rounds]


def test_every_page_s_shares_are_taken_in_any_order_and_nobody_is_asked_twice() -> None:
    start, _ = at_pass()
    assert start.rounds is not None
    # Bob answers first: stored, Ann still waited for on the same clock, nobody asked again.
    first = handle(start, bob(batch_answer(points_asked(start.rounds, 1), BOB, 1)), 20.0)
    assert rows_of(first) == [("unmask", 1)]
    state = first.state
    assert state.rounds is not None
    assert state.rounds.waiting() == (0,)
    assert (first.news, first.ahead, state.deadline) == ((), (), 10.0)
    assert state.rounds.known == {}
    # Ann's closes the pass: each page's own cards opened for it.
    ann = page(batch_answer(points_asked(state.rounds, 0), ANN, 0))
    done = handle(state, ann, 21.0)
    assert rows_of(done) == [("unmask", 0)]
    assert done.state.rounds is not None
    assert done.state.rounds.stage == "ready"
    opened = [news.frame for news in done.news if isinstance(news, News)]
    assert {frame["step"] for frame in opened} == {"open"}
    assert {frame["party"] for frame in opened} == {0, 1}
    assert all(len(point) == 128 for frame in opened for _, point in frame["points"])


def test_a_wrong_batch_is_refused_naming_its_party_and_the_others_are_still_taken() -> None:
    start, _ = at_pass()
    assert start.rounds is not None
    points = points_asked(start.rounds, 0)
    wrong = page(batch_answer(points, Agent.new(), 0, key=ANN))  # not Ann's secret
    error = unchanged(handle(start, wrong, 20.0), start)
    assert isinstance(error, RoundsError)
    assert (error.party, error.kind) == (0, "unmasked")
    assert str(error).startswith("Ann's answer is refused (unmasked)")
    taken = handle(start, bob(batch_answer(points_asked(start.rounds, 1), BOB, 1)), 20.5)
    assert rows_of(taken) == [("unmask", 1)]
    assert taken.state.rounds is not None
    assert taken.state.rounds.waiting() == (0,)  # the deal waits for Ann (and voids at its clock)


def test_an_answer_the_rounds_would_not_take_changes_nothing() -> None:
    start, _ = at_pass()
    assert start.rounds is not None
    points = points_asked(start.rounds, 0)
    short = batch_answer(points[1:], ANN, 0)  # fewer points than asked
    elsewhere = batch_answer(points, ANN, 0, key=BOB)  # another page's key
    nothing = batch_answer(points, ANN, 0)  # a share that is no point: the identity
    nothing["batch"]["shares"][0] = "00" * 32
    other = batch_answer(points, ANN, 0)
    other["batch"]["shares"][0] = share_batch([bytes.fromhex(points[0][1])], Secret.new(), b"x")
    other["batch"]["shares"][0] = other["batch"]["shares"][0].shares[0].hex()
    for command in (page(short), page(elsewhere), page(short, "stranger"), page(nothing)):
        refusal(handle(start, command, 20.0))
        assert unchanged(handle(start, command, 20.0), start)
    assert isinstance(unchanged(handle(start, page(other), 20.0), start), RoundsError)
    # Ann's answer, taken, sent again is done: nothing stored again.
    taken = handle(start, page(batch_answer(points, ANN, 0)), 20.0)
    resent = handle(taken.state, page(batch_answer(points, ANN, 0)), 21.0)
    assert (resent.effect, resent.news, resent.reply) == (None, (), None)
    assert resent.state is taken.state


def test_a_restart_in_a_pass_waits_for_whoever_had_not_answered() -> None:
    start, rows = at_pass()
    assert start.rounds is not None
    bobs = bob(batch_answer(points_asked(start.rounds, 1), BOB, 1))
    taken = handle(start, bobs, 20.0)
    # The server stops after Bob's row is stored: it comes back from the rows, waiting for Ann.
    assert isinstance(taken.effect, Effect)
    changes = taken.effect.request
    assert isinstance(changes, Changes)
    bobs_rows = [as_row(stored) for stored in changes.private_rounds]
    rounds = DealRounds.from_rows(b"table t|hand 4", [rows[0], *rows[2:], *bobs_rows])
    agent = Agent.load(rows[1])
    back = PrivateState(4, rounds, agent, len(rows) + 1, {0: 2, 1: 3}, 40.0, (0,), step_of(rounds))
    assert rounds.waiting() == (0,)
    ask = back.ask_party(0, 32.0)
    assert ask is not None
    asked = points_asked(start.rounds, 0)
    assert [list(p) for p in ask.frame["points"]] == [point[:2] for point in asked]
    assert ask.frame["to"] == [point[2] for point in asked]
    assert back.ask_party(1, 32.0) is None  # Bob answered: nothing asked of him
    ann = page(batch_answer(points_asked(rounds, 0), ANN, 0))
    done = handle(back, ann, 33.0)
    assert done.state.rounds is not None
    assert done.state.rounds.stage == "ready"


# -- the reveal for the audit (wildstud.server.table.reveal_answers) -------------------------------


def secret_published(agent: Agent = ANN, hand: int = 4) -> PrivateAnswer:
    """A page's answer that publishes its secret and order for the audit."""
    answer = {"step": "reveal", "secret": agent.secret.scalar.hex(), "order": [*agent.order]}
    return PrivateAnswer(type="private", hand=hand, deal=1, answer=answer)


def waiting() -> RevealState:
    """Hand 4's deal over, waiting for Ann's secret (her page at table seat 2)."""
    rounds = begun().rounds
    assert rounds is not None
    rounds.take_key(0, ANN.key, ANN.key_proof(rounds, 0))
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
