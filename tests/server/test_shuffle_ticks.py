"""The players' shuffle's round as its slice's own commands
(:mod:`wildstud.server.table.shuffle_requests`): a round asked for by the hand runner
(:class:`Open`) and the round's tick (:class:`RoundTick`), pure functions of the shuffle's state.
A round opened is its seats' rows to store (the night seed first, on the night's first shuffled
deal) and the asks as news to each page that takes part; its tick moves it to the reveal once
every seat committed or the clock ran out, then ends it once every value is in or the clock ran
out again, its values kept for the deal; the slice's ``wake`` says when."""

from __future__ import annotations

import secrets

from wildstud.joint_shuffle import value_commitment
from wildstud.server.messages import Commit
from wildstud.server.store.records import Changes, ShuffleNight
from wildstud.server.table.core import Effect, News, TableNews, To
from wildstud.server.table.shuffle_requests import (
    NAME,
    Open,
    PagePart,
    Round,
    RoundTick,
    ShuffleState,
    handle,
    waits,
)

NIGHT = ShuffleNight("00" * 32, "ee" * 32, 1)
VALUES = {0: secrets.token_bytes(32), 2: secrets.token_bytes(32)}
NAMES = {0: "Ann", 2: "Bob", 3: "Cy"}
PRESENT = {0: frozenset({"ann"}), 2: frozenset({"bob", "bob's phone"}), 3: frozenset({"cy"})}
PAGES = {0: frozenset({"ann"}), 2: frozenset({"bob", "bob's phone"})}
"""Cy's page does not take part (no WebCrypto): Cy is not asked."""


def opening(**more: object) -> Open:
    return Open(4, 1, NAMES, PRESENT, 8.0, **more)  # type: ignore[arg-type]


def round_tick() -> RoundTick:
    return RoundTick(NAME, PRESENT, 8.0)


def asked_of(news: tuple[object, ...]) -> dict[object, str]:
    """Each page asked, with the step it is asked for."""
    return {
        item.audience.client: item.frame["step"]
        for item in news
        if isinstance(item, News) and isinstance(item.audience, To)
    }


def round_opened(start: ShuffleState, now: float = 100.0) -> ShuffleState:
    outcome = handle(start, opening(entry=2, chooser=3), now)
    return outcome.state


def committed(state: ShuffleState, *seats: int) -> ShuffleState:
    for seat in seats:
        made = value_commitment(VALUES[seat], 4, 1, seat)
        client = "ann" if seat == 0 else "bob"
        frame = Commit(type="commit", hand=4, deal=1, commitment=made)
        state = handle(state, PagePart(client, frame, seat, PRESENT[seat]), 101.0).state
    return state


def test_a_round_opened_is_its_seats_rows_to_store_and_asks_each_page_that_takes_part() -> None:
    start = ShuffleState(NIGHT, pages=PAGES)
    assert waits(start, opening())  # the deal waits for it (the runner's pick asks it)
    outcome = handle(start, opening(entry=2, chooser=3), 100.0)
    found = outcome.state.round
    assert found is not None
    assert (found.hand, found.deal, dict(found.asked)) == (4, 1, {0: "Ann", 2: "Bob"})
    assert (found.deadline, found.started, found.entry, found.chooser) == (108.0, 100.0, 2, 3)
    assert outcome.effect == Effect(Changes(shuffle=[found.part(0), found.part(2)]))
    assert asked_of(outcome.news) == {"ann": "commit", "bob": "commit", "bob's phone": "commit"}
    assert outcome.wake == 108.0
    assert start.round is None  # the state handed in is a value: unchanged
    # Asked again while it goes on (the driver looks again), nothing changes.
    again = handle(outcome.state, opening(), 101.0)
    assert again.state is outcome.state
    assert (again.effect, again.news) == (None, ())


def test_the_night_s_first_round_stores_the_night_seed_with_it_and_tells_the_table() -> None:
    outcome = handle(ShuffleState(pages=PAGES), opening(night=NIGHT), 100.0)
    assert outcome.state.night == NIGHT
    assert outcome.effect is not None
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    assert changes.night_seed == NIGHT
    assert len(changes.shuffle) == 2
    assert outcome.news[0] == TableNews()  # the table frame shows the seed's commitment


def test_a_round_that_asks_nobody_is_over_at_once_and_closed_pages_are_forgotten() -> None:
    gone = {0: frozenset({"ann's old tab"})}
    assert not waits(ShuffleState(NIGHT, pages=gone), opening())  # the hand is dealt at once
    outcome = handle(ShuffleState(NIGHT, pages=gone), opening(entry=1), 100.0)
    assert outcome.state.round is None
    assert outcome.state.pages == {0: frozenset()}  # the closed connection's page
    assert (outcome.effect, outcome.news, outcome.wake) == (None, (), None)
    over = outcome.state.over[(4, 1)]
    assert (dict(over.asked), over.entry, over.values()) == ({}, 1, {})
    # Over: asked again, nothing opens.
    assert handle(outcome.state, opening(), 101.0).state is outcome.state
    assert not waits(outcome.state, opening())


def test_the_tick_waits_for_the_step_then_asks_for_the_values_of_the_seats_that_committed() -> None:
    state = round_opened(ShuffleState(NIGHT, pages=PAGES))
    early = handle(state, round_tick(), 104.0)
    assert early.state is state
    assert (early.effect, early.news, early.wake) == (None, (), 108.0)
    # Ann commits: Bob's page has not, the clock runs on.
    ann = committed(state, 0)
    assert handle(ann, round_tick(), 104.0).wake == 108.0
    # The clock runs out: Ann's value is asked of her page, Bob is left out.
    late = handle(ann, round_tick(), 108.5)
    found = late.state.round
    assert found is not None
    assert (found.step, found.deadline) == ("reveal", 116.5)
    assert late.effect is None  # nothing stores the step
    assert asked_of(late.news) == {"ann": "reveal"}
    assert late.wake == 116.5


def test_every_seat_committed_wakes_the_slice_at_once_and_its_values_end_the_round() -> None:
    state = round_opened(ShuffleState(NIGHT, pages=PAGES))
    both = committed(state, 0, 2)
    assert both.wake(101.0) == 101.0  # the step is done: the tick comes at once
    revealing = handle(both, round_tick(), 101.0)
    # Bob's value is asked of the page that committed it only.
    assert asked_of(revealing.news) == {"ann": "reveal", "bob": "reveal"}
    found = revealing.state.round
    assert found is not None
    for seat in (0, 2):
        found = found.revealing(seat, VALUES[seat].hex())
    done = handle(revealing.state.but(round=found), round_tick(), 102.5)
    assert done.state.round is None
    over = done.state.over[(4, 1)]
    assert over.values() == VALUES
    assert (over.entry, over.chooser) == (2, 3)  # the game chosen, dealt now
    assert done.state.latency == (2.5,)
    assert (done.effect, done.news, done.wake) == (None, (), None)


def test_a_round_nobody_committed_to_is_over_when_its_clock_runs_out() -> None:
    state = round_opened(ShuffleState(NIGHT, pages=PAGES))
    done = handle(state, round_tick(), 109.0)
    assert done.state.round is None
    assert done.state.over[(4, 1)].left_out() == {0, 2}
    assert done.news == ()


def test_a_redeal_s_round_a_restart_interrupted_resumes_at_its_reveal() -> None:
    kept = Round(4, 2, {0: "Ann", 2: "Bob"}, 0.0, commitments={0: "ab" * 32})
    start = ShuffleState(NIGHT, pages=PAGES, over={(4, 2): kept}, resumable=frozenset({(4, 2)}))
    assert waits(start, Open(4, 2, NAMES, {}, 8.0))  # resumed, whoever is there now
    outcome = handle(start, Open(4, 2, NAMES, PRESENT, 8.0), 50.0)
    found = outcome.state.round
    assert found is not None
    assert (found.step, found.deadline, found.started) == ("reveal", 58.0, 50.0)
    assert (4, 2) not in outcome.state.over
    assert outcome.state.resumable == frozenset()
    assert outcome.effect is None  # its rows are stored already
    assert asked_of(outcome.news) == {"ann": "reveal"}


def test_a_tick_with_no_round_does_nothing() -> None:
    start = ShuffleState(NIGHT)
    outcome = handle(start, round_tick(), 1.0)
    assert outcome.state is start
    assert (outcome.effect, outcome.news, outcome.wake) == (None, (), None)
