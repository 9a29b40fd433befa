"""The players' shuffle's slice (:mod:`wildstud.server.table.shuffle_requests`), a pure function
of the shuffle's state: each page's part checked as the house rules say ("The players'
shuffle"), a refusal changing nothing, a part taken returned as the seat's row to store and the
new state (adopted by the actor only once stored), the page's frames as news."""

from __future__ import annotations

import secrets

from tests.server.helpers import refusal
from wildstud.errors import IllegalActionError
from wildstud.joint_shuffle import value_commitment
from wildstud.server.errors import SeatError
from wildstud.server.messages import Commit, Reveal, ShuffleMessage, Shuffler
from wildstud.server.store.records import Changes, ShuffleNight
from wildstud.server.table.core import Effect, News, Outcome, Refused, To
from wildstud.server.table.shuffle_requests import PagePart, Round, ShuffleState, handle

NIGHT = ShuffleNight("00" * 32, "ee" * 32, 1)
VALUE = secrets.token_bytes(32)
MADE = value_commitment(VALUE, 4, 1, 0)


def state(found: Round | None, **pages: frozenset[str]) -> ShuffleState:
    return ShuffleState(NIGHT, found, {0: pages.get("ann", frozenset({"ann"}))})


def asked(step: str = "commit", **more: object) -> Round:
    return Round(4, 1, {0: "Ann", 2: "Bob"}, 10.0, step=step, **more)  # type: ignore[arg-type]


def part(frame: ShuffleMessage, client: str = "ann", seat: int | None = 0) -> PagePart:
    return PagePart(client, frame, seat, frozenset({"ann", "phone"}))


def commit(commitment: str = MADE, hand: int = 4) -> Commit:
    return Commit(type="commit", hand=hand, deal=1, commitment=commitment)


def reveal(value: bytes = VALUE) -> Reveal:
    return Reveal(type="reveal", hand=4, deal=1, value=value.hex())


def unchanged_refusal(outcome: Outcome[ShuffleState], start: ShuffleState) -> Exception:
    """:func:`~tests.server.helpers.refusal`, from a state ``outcome`` leaves as it was, with
    nothing said to anyone."""
    assert outcome.state is start
    assert outcome.news == ()
    return refusal(outcome)


def refusal_words(outcome: Outcome[ShuffleState], start: ShuffleState) -> str:
    """The reason ``outcome`` refuses with, in words (see :func:`unchanged_refusal`)."""
    return str(unchanged_refusal(outcome, start))


def test_a_spectator_s_page_and_a_given_up_seat_s_are_refused() -> None:
    start = state(asked())
    said = refusal_words(handle(start, part(commit(), seat=None), 0.0), start)
    assert said == "spectators watch: only a seat's page takes part in the shuffle"
    gone = PagePart("ann", Shuffler(type="shuffler"), 0, None)
    assert refusal_words(handle(start, gone, 0.0), start) == "this seat has been given up"
    assert isinstance(unchanged_refusal(handle(start, gone, 0.0), start), SeatError)


def test_a_page_that_takes_part_is_asked_at_once_when_its_seat_is() -> None:
    start = ShuffleState(NIGHT, asked(), {})
    outcome = handle(start, part(Shuffler(type="shuffler")), 7.5)
    assert outcome.state.pages == {0: frozenset({"ann"})}
    assert outcome.effect is None  # nothing is stored
    (news,) = outcome.news
    assert isinstance(news, News)
    assert news.audience == To("ann")
    assert news.frame == {
        "type": "shuffle",
        "step": "commit",
        "hand": 4,
        "deal": 1,
        "seat": 0,
        "night": NIGHT.commitment,
        "seconds": 2.5,
    }
    # Not asked (no round, or another seat's turn to reveal): it only takes part from now on.
    for found in (None, asked("reveal", commitments={2: "cd" * 32})):
        quiet = handle(ShuffleState(NIGHT, found, {}), part(Shuffler(type="shuffler")), 0.0)
        assert quiet.news == ()
        assert quiet.state.pages == {0: frozenset({"ann"})}


def test_a_commitment_is_the_seat_s_row_to_store_and_a_resend_is_done() -> None:
    start = state(asked())
    outcome = handle(start, part(commit()), 0.0)
    assert outcome.reply is None
    found = outcome.state.round
    assert found is not None
    assert found.commitments == {0: MADE}
    assert found.committed_by == {0: "ann"}
    assert start.round is not None
    assert start.round.commitments == {}  # the state handed in is a value: unchanged
    assert outcome.effect == Effect(Changes(shuffle=[found.part(0)]))
    again = handle(outcome.state, part(commit()), 0.0)
    assert (again.state, again.effect, again.reply) == (outcome.state, None, None)


def test_a_part_out_of_turn_is_refused_with_the_house_rules_words() -> None:
    start = state(asked())
    assert "hand 9, deal 1 is not being shuffled now" in refusal_words(
        handle(start, part(commit(hand=9)), 0.0), start
    )
    bob = PagePart("bob", commit(), 1, frozenset({"bob"}))
    assert "your seat was not asked" in refusal_words(handle(start, bob, 0.0), start)
    assert "not asked for its value now" in refusal_words(handle(start, part(reveal()), 0.0), start)
    made = state(asked(commitments={0: MADE}, committed_by={0: "ann"}))
    assert "committed to another value" in refusal_words(
        handle(made, part(commit("0" * 64)), 0.0), made
    )
    late = state(asked("reveal"))
    assert "too late to commit" in refusal_words(handle(late, part(commit()), 0.0), late)
    shown = state(asked("reveal", commitments={0: MADE}, revealed={0: "11" * 32}))
    said = refusal_words(handle(shown, part(reveal()), 0.0), shown)
    assert "revealed another value" in said
    nothing = state(None)
    assert isinstance(
        unchanged_refusal(handle(nothing, part(commit()), 0.0), nothing), IllegalActionError
    )


def test_a_value_is_stored_and_one_that_opens_nothing_is_stored_and_refused() -> None:
    start = state(asked("reveal", commitments={0: MADE}, committed_by={0: "ann"}))
    outcome = handle(start, part(reveal()), 0.0)
    assert outcome.reply is None
    found = outcome.state.round
    assert found is not None
    assert found.values() == {0: VALUE}
    assert outcome.effect == Effect(Changes(shuffle=[found.part(0)]))
    forged = handle(start, part(reveal(bytes(32))), 0.0)
    assert isinstance(forged.reply, Refused)
    assert "does not open the commitment" in str(forged.reply.error)
    kept = forged.state.round
    assert kept is not None
    assert kept.revealed == {0: "00" * 32}  # kept for the night record, which names it
    assert kept.left_out() == {0, 2}
    assert forged.effect == Effect(Changes(shuffle=[kept.part(0)]))


def test_only_the_committing_page_reveals_while_it_is_there() -> None:
    found = asked("reveal", commitments={0: MADE}, committed_by={0: "ann"})
    both = ShuffleState(NIGHT, found, {0: frozenset({"ann", "phone"})})
    ignored = handle(both, part(reveal(), client="phone"), 0.0)
    assert (ignored.state, ignored.effect, ignored.reply) == (both, None, None)
    # The committing page has gone (a reconnection): another page of the seat reveals.
    gone = PagePart("phone", reveal(), 0, frozenset({"phone"}))
    taken = handle(both, gone, 0.0)
    assert taken.state.round is not None
    assert taken.state.round.revealed == {0: VALUE.hex()}
