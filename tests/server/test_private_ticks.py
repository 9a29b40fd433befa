"""A private deal's progress as its slice's own ticks
(:mod:`wildstud.server.table.private_progress`), a pure function of the deal's state and the
hand in play: a deal begun is its rows to store (the parties, the server's agent and key) and
the pages asked for their keys; a pass opened over the cards due is its rows and the first party
asked; the cards a pass opened are the hand runner's to deal; an answer not given in time voids
the deal (a wrong share refused, naming its party, while the other pages' are taken); a table that
stands still moves nothing, and the clock is timed afresh once it plays again."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from wildstud.deal import PrivateHand
from wildstud.games import find_game
from wildstud.private_deal import Secret, share_batch
from wildstud.private_rounds import Agent, DealRounds, RoundsDealer
from wildstud.private_wire import ORDER, ciphertext_hex, key_data, shares_data
from wildstud.server.messages import PrivateAnswer
from wildstud.server.replay import DeckBook
from wildstud.server.store.records import Changes, HandSetup
from wildstud.server.table.core import AtSeat, Effect, News, Outcome, PassAhead
from wildstud.server.table.live import LiveHand
from wildstud.server.table.private_answers import PageAnswer, PrivateState
from wildstud.server.table.private_progress import (
    NAME,
    DealTick,
    Retime,
    Taken,
    handle,
)
from wildstud.server.table.runner_commands import DealOpened, VoidHand

ANN = Agent.new()
"""Ann's page's secret in the deal."""


def live_hand(number: int = 4, bob: bool = False) -> LiveHand:
    """Hand ``number`` of FTQ, private, its antes in and its first cards due: Ann (table seat 2,
    engine seat 0), Bob when ``bob`` (table seat 3, engine seat 1) and a bot (table seat 5)."""
    game = find_game("FTQ")
    lineup, names = ((2, 3, 5), ("Ann", "Bob", "Bot")) if bob else ((2, 5), ("Ann", "Bot"))
    stacks = [1000] * len(lineup)
    setup = HandSetup(number, 0, "FTQ", {}, lineup, names, 0, tuple(stacks))
    hand = PrivateHand(game, stacks, game.options({}), deck=RoundsDealer(), dealer=0)
    hand.step()  # the antes: the first cards are due
    assert hand.cards_due()
    return LiveHand(setup, DeckBook(), hand, 0)


def tick(live: LiveHand | None, playing: bool = True) -> DealTick:
    return DealTick(NAME, live, {2: "Ann"}, 8.0, "t", playing)


def rows(outcome: Outcome[PrivateState]) -> list[tuple[int, str, int]]:
    """The rows ``outcome`` stores: each one's number, kind and party."""
    assert isinstance(outcome.effect, Effect)
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    return [(row.seq, row.kind, row.party) for row in changes.private_rounds]


def answered(
    state: PrivateState, answer: dict[str, Any], now: float, seat: int = 2
) -> PrivateState:
    """``state`` once Ann's page (Bob's: ``seat`` 3) gave ``answer`` (taken, as the slice takes
    it)."""
    rounds = state.rounds
    assert rounds is not None
    frame = PrivateAnswer(type="private", hand=4, deal=rounds.deal, answer=answer)
    client = {2: "ann", 3: "bob"}[seat]
    outcome = handle(state, PageAnswer(client, frame, seat, frozenset({client}), 4, 8.0), now)
    assert outcome.reply is None, outcome.reply
    return outcome.state


def key_answer(state: PrivateState, agent: Agent, party: int) -> dict[str, Any]:
    """``agent``'s key as party ``party`` of ``state``'s rounds, with its proof."""
    assert state.rounds is not None
    return {"step": "key", **key_data(agent.key, agent.key_proof(state.rounds, party))}


def mask_answer(rounds: DealRounds | None, agent: Agent) -> dict[str, Any]:
    """``agent``'s turn of the deck of ``rounds``, as its page sends it."""
    assert rounds is not None
    deck = [ciphertext_hex(item) for item in agent.masked(rounds)]
    return {"step": "mask", "deck": deck, "key": agent.key.hex()}


def order_answer(rounds: DealRounds, agent: Agent, party: int) -> dict[str, Any]:
    """``agent``'s order value as party ``party`` of ``rounds``, as its page sends it."""
    batch = shares_data([ORDER], agent.order_value(rounds, party))
    shares = [share for _, _, share in batch["batch"]]  # type: ignore[attr-defined]
    body = {"shares": shares, "challenge": batch["challenge"], "response": batch["response"]}
    return {"step": "unmask", "batch": body, "key": agent.key.hex()}


def ready(live: LiveHand) -> PrivateState:
    """The deal begun, Ann's key and turn of the deck taken, the server's answers after them."""
    state = handle(PrivateState(), tick(live), 10.0).state
    state = answered(state, key_answer(state, ANN, 0), 11.0)
    state = answered(state, mask_answer(state.rounds, ANN), 12.0)
    assert state.rounds is not None
    assert state.rounds.stage == "order"  # the server's order value in, Ann's asked
    state = answered(state, order_answer(state.rounds, ANN, 0), 12.5)
    assert state.rounds is not None
    assert state.rounds.stage == "ready"
    return state


def test_a_deal_begun_is_its_rows_to_store_and_each_page_asked_for_its_key() -> None:
    live = live_hand()
    start = PrivateState(3)  # the last hand's state: a new hand's deal starts afresh
    outcome = handle(start, tick(live), 10.0)
    state = outcome.state
    assert state.number == 4
    assert state.rounds is not None
    assert [party.name for party in state.rounds.parties] == ["Ann", "server"]
    assert state.pages == {0: 2}
    assert rows(outcome) == [(0, "parties", -1), (1, "agent", 1), (2, "key", 1)]
    assert state.seq == 3
    (news,) = outcome.news
    assert isinstance(news, News)
    assert news.audience == AtSeat(2)
    assert (news.frame["step"], news.frame["hand"], news.frame["seconds"]) == ("key", 4, 8.0)
    assert (outcome.reply, outcome.wake, state.deadline) == (8.0, 18.0, 18.0)
    assert start.rounds is None  # the state handed in is a value: unchanged


def test_the_tick_waits_for_the_answer_then_voids_the_deal_when_its_clock_runs_out() -> None:
    live = live_hand()
    state = handle(PrivateState(), tick(live), 10.0).state
    waiting = handle(state, tick(live), 15.0)
    assert waiting.state is state  # nothing changes: nothing is adopted, nobody woken
    assert (waiting.effect, waiting.news, waiting.reply, waiting.wake) == (None, (), 3.0, 18.0)
    late = handle(state, tick(live), 18.5)
    # The runner voids the hand, the deal forgotten in its change: nothing adopted before it.
    assert (late.state, late.effect, late.reply) == (state, None, 0.0)
    (void,) = late.follow
    assert isinstance(void, VoidHand)
    assert void.why == "Ann did not answer in time"
    assert isinstance(void.then, Taken)
    assert (void.then.state.rounds, void.then.state.showing) == (None, None)
    assert handle(state, void.then, 19.0).state is void.then.state  # adopted with the void


def test_a_page_that_withholds_its_order_value_voids_the_deal_at_its_clock() -> None:
    # After the last turn of the deck every party is asked its order value (the server's taken
    # at once), on a clock of its own: a page that keeps it back can only void the deal.
    live = live_hand()
    state = handle(PrivateState(), tick(live), 10.0).state
    state = answered(state, key_answer(state, ANN, 0), 11.0)
    state = answered(state, mask_answer(state.rounds, ANN), 12.0)
    rounds = state.rounds
    assert rounds is not None
    assert (rounds.stage, rounds.waiting(), state.deadline) == ("order", (0,), 20.0)
    assert rounds.ask(0) == {"step": "unmask", "points": [[ORDER, rounds.order_point.hex()]]}
    waiting = handle(state, tick(live), 19.0)
    assert (waiting.effect, waiting.reply) == (None, 1.0)
    late = handle(state, tick(live), 20.5)
    (void,) = late.follow  # the runner's command, the deal forgotten with it once stored
    assert isinstance(void, VoidHand)
    assert (late.effect, void.why) == (None, "Ann did not answer in time")
    assert isinstance(void.then, Taken)
    assert void.then.state.rounds is None


def test_a_tick_the_runner_s_pass_asks_hands_its_reply_on_as_the_pass_s_next_command() -> None:
    live = live_hand()
    # Stand-ins for the pass going on (RunnerTick.again) and what is due next (Onward).
    idle, moved = Retime(1.0), Retime(2.0)
    asked = replace(tick(live), idle=idle, moved=moved)
    begun = handle(PrivateState(3), asked, 10.0)
    assert rows(begun) == rows(handle(PrivateState(3), tick(live), 10.0))  # the same tick
    # The deal waits for the keys: its own clock looks again, nothing asked of the runner.
    assert (begun.follow, begun.reply, begun.wake) == ((), 8.0, 18.0)
    still = handle(begun.state, replace(asked, playing=False), 11.0)
    assert (still.state, still.follow) == (begun.state, (idle,))  # the rest: the pass's
    late = handle(begun.state, asked, 18.5)  # the hand void: the runner's change, then onward
    assert [type(command) for command in late.follow] == [VoidHand, Retime]
    assert (late.follow[1], late.reply) == (moved, 0.0)
    assert handle(begun.state, tick(live), 11.0).follow == ()  # the deal's own clock: nothing


def test_a_deal_with_no_page_open_waits_for_one_rather_than_the_server_alone() -> None:
    live = live_hand()
    alone = DealTick(NAME, live, {}, 8.0, "t", True)  # every player's page closed
    start = PrivateState(3)
    waiting = handle(start, alone, 10.0)
    assert waiting.state is start  # nothing begun, nothing stored, nobody asked
    assert (waiting.effect, waiting.news, waiting.reply, waiting.wake) == (None, (), 8.0, 18.0)
    begun = handle(start, tick(live), 18.0)  # Ann's page is back: the deal begins
    assert begun.state.rounds is not None


def test_a_table_that_stands_still_moves_nothing_and_its_clock_is_timed_afresh() -> None:
    live = live_hand()
    state = handle(PrivateState(), tick(live), 10.0).state
    still = handle(state, tick(live, playing=False), 30.0)
    assert still.state is state
    assert (still.effect, still.news, still.reply) == (None, (), None)
    again = handle(state, Retime(8.0), 40.0)
    assert (again.state.deadline, again.wake) == (48.0, 48.0)
    assert handle(PrivateState(), Retime(8.0), 40.0).wake is None  # no deal: no clock


def test_a_pass_opens_over_the_cards_due_then_the_runner_deals_what_it_opened() -> None:
    live = live_hand()
    state = ready(live)
    outcome = handle(state, tick(live), 13.0)
    opened = outcome.state
    assert opened.rounds is not None
    assert len(opened.rounds.passes) == 1
    assert state.rounds is not None
    assert state.rounds.passes == []  # the state handed in is untouched
    # The pass's row, the server's unmaskings after it; Ann's page is asked for hers.
    kinds = [kind for _, kind, _ in rows(outcome)]
    assert kinds[0] == "pass"
    asked = [news.frame["step"] for news in outcome.news if isinstance(news, News)]
    assert "unmask" in asked
    assert (outcome.reply, outcome.wake) == (8.0, 21.0)
    # Ann unmasks: the pass is over; the next tick has the runner deal the cards it opened.
    rounds = opened.rounds
    ask = rounds.ask(0)
    assert ask is not None
    done = _unmasked(opened, ask, 14.0)
    dealt = handle(done, tick(live), 15.0)
    assert (dealt.effect, dealt.follow) == (None, (DealOpened(),))  # the runner's command
    assert (dealt.state, dealt.reply) == (done, 0.0)


def test_an_action_s_pass_ahead_opens_only_a_pass_due_its_rows_the_only_effect() -> None:
    live = live_hand()
    state = ready(live)
    ahead = handle(state, PassAhead(tick(live)), 13.0)
    opened = handle(state, tick(live), 13.0)  # the tick's own pass, folded with the action
    assert rows(ahead) == rows(opened)
    assert rows(ahead)[0][1] == "pass"
    assert (ahead.reply, ahead.wake) == (opened.reply, opened.wake) == (8.0, 21.0)
    # Nothing else: not a deal begun, not the cards opened dealt, not with no hand in play.
    for start, made in (
        (PrivateState(4), PassAhead(tick(live))),
        (state, PassAhead(tick(None))),
        (state, PassAhead(tick(live, playing=False))),
    ):
        nothing = handle(start, made, 13.0)
        assert nothing.state is start
        assert (nothing.effect, nothing.news, nothing.wake) == (None, (), None)
    rounds = ahead.state.rounds
    assert rounds is not None
    ask = rounds.ask(0)
    assert ask is not None
    done = _unmasked(ahead.state, ask, 14.0)
    assert handle(done, PassAhead(tick(live)), 15.0).state is done  # the tick deals those


def _unmasked(state: PrivateState, ask: dict[str, object], now: float) -> PrivateState:
    """``state`` once Ann's page gave the shares ``ask`` asks of it."""
    return answered(state, _shares(state, ask, ANN.secret, 0), now)


def _shares(
    state: PrivateState, ask: dict[str, object], secret: Secret, party: int
) -> dict[str, Any]:
    """The answer to ``ask`` with ``secret``'s shares, as party ``party`` (Ann: 0, Bob: 1)."""
    rounds = state.rounds
    assert rounds is not None
    points = ask["points"]
    assert isinstance(points, list)
    positions = [position for position, _ in points]
    context = rounds.batch_context(positions, party)
    batch = share_batch([bytes.fromhex(c1) for _, c1 in points], secret, context)
    wire = {
        "shares": [share.hex() for share in batch.shares],
        "challenge": batch.challenge.hex(),
        "response": batch.response.hex(),
    }
    return {"step": "unmask", "batch": wire, "key": (ANN, BOB)[party].key.hex()}


def test_a_tick_with_no_private_hand_in_play_does_nothing() -> None:
    start = PrivateState()
    outcome = handle(start, tick(None), 1.0)
    assert outcome.state is start
    assert (outcome.effect, outcome.news, outcome.reply) == (None, (), None)


BOB = Agent.new()
"""Bob's page's secret in the deal."""


def test_a_wrong_share_is_refused_the_others_taken_and_the_deal_voided_naming_its_party() -> None:
    live = live_hand(bob=True)
    both = DealTick(NAME, live, {2: "Ann", 3: "Bob"}, 8.0, "t", True)
    state = handle(PrivateState(), both, 10.0).state
    for seat, party, agent in ((2, 0, ANN), (3, 1, BOB)):
        state = answered(state, key_answer(state, agent, party), 11.0, seat)
    for seat, agent in ((2, ANN), (3, BOB)):
        state = answered(state, mask_answer(state.rounds, agent), 12.0, seat)
    for seat, party, agent in ((2, 0, ANN), (3, 1, BOB)):
        assert state.rounds is not None
        state = answered(state, order_answer(state.rounds, agent, party), 12.5, seat)
    pass_open = handle(state, both, 13.0)  # the pass: Ann and Bob asked at once
    asked = {news.audience: news.frame for news in pass_open.news if isinstance(news, News)}
    assert {frame["step"] for frame in asked.values()} == {"unmask"}
    assert set(asked) == {AtSeat(2), AtSeat(3)}
    opened = pass_open.state
    rounds = opened.rounds
    assert rounds is not None
    assert (rounds.waiting(), opened.deadline) == ((0, 1), 21.0)
    ann_ask, bob_ask = rounds.ask(0), rounds.ask(1)
    assert ann_ask is not None
    assert bob_ask is not None
    wrong = _shares(opened, ann_ask, Secret.new(), 0)  # not Ann's secret
    frame = PrivateAnswer(type="private", hand=4, deal=1, answer=wrong)
    refused = handle(opened, PageAnswer("ann", frame, 2, frozenset({"ann"}), 4, 8.0), 14.0)
    assert refused.state is opened  # nothing adopted, nothing stored
    assert (refused.effect, refused.news) == (None, ())
    after_bob = answered(opened, _shares(opened, bob_ask, BOB.secret, 1), 14.5, seat=3)
    assert after_bob.rounds is not None
    assert (after_bob.rounds.waiting(), after_bob.deadline) == ((0,), 21.0)  # the same clock
    waits = handle(after_bob, both, 20.0)
    assert (waits.effect, waits.reply) == (None, 1.0)
    late = handle(after_bob, both, 21.5)
    (void,) = late.follow
    assert isinstance(void, VoidHand)
    assert (late.effect, void.why) == (None, "Ann did not answer in time")
