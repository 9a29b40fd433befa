"""A hand's end as a pure function (:func:`wildstud.server.table.hand_end.finish_hand`): from the
runner's state, a hand played to its end and what it needs of the table, its outcome is the
runner's state between hands, the rows it writes (the ledger's results, the hand's end and
record) and the other parts' follow-ups, in the order the driver folds them; with no table,
store or event loop, and nothing it is given changed. And the follow-up it asks of the
players' shuffle, as the shuffle's slice takes it."""

from __future__ import annotations

from dataclasses import replace

from tests.server.helpers import HAND_SETUP as SETUP
from wildstud.betting import ActionKind
from wildstud.deal import Hand, Phase
from wildstud.server.replay import DeckBook, start_hand
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.store import Changes, Notice, SeatState
from wildstud.server.table import reveal_progress, shuffle_requests
from wildstud.server.table.cashier import HandEnded, Holder, Limits
from wildstud.server.table.core import ForgetHand
from wildstud.server.table.desk import HandFinished
from wildstud.server.table.hand_end import AtHandEnd, finish_hand
from wildstud.server.table.live import LiveHand
from wildstud.server.table.reveal_answers import RevealState
from wildstud.server.table.reveal_progress import MaybeDue
from wildstud.server.table.runner import RunnerState
from wildstud.server.table.seating import HandOver, Leave
from wildstud.server.table.settings import NoticesPlayed
from wildstud.server.table.shuffle_requests import Round, ShuffleState

SETTINGS = TableSettings(
    name="end", games=[GameEntry(game="FTQ")], hand_pause=5, absent_hands=2, top_up_ceiling=900
)
NOW = 1000.0


def _dealt_row(seat: int, player: str, name: str, **fields: object) -> SeatState:
    row = SeatState(seat, player, name, "player", None, 500, False, 1, 30.0, 3, False)
    return replace(row, **fields)  # type: ignore[arg-type]


ROWS = {
    0: _dealt_row(0, "a", "ann"),
    1: _dealt_row(1, "d", "dee", stack=40),  # not dealt in
    2: _dealt_row(2, "b", "bo", kind="calling-bot"),
    3: _dealt_row(3, "c", "cy", leaving=True),
}


def _played_out() -> LiveHand:
    """Hand 7, everyone folding to the bring-in (or checking) until it is over."""
    book = DeckBook()
    hand: Hand = start_hand(SETUP, book)
    while hand.phase is not Phase.OVER:
        kinds = {option.kind for option in hand.legal_actions()}
        kind = next(
            k for k in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.BRING_IN) if k in kinds
        )
        hand.act(kind)
        hand.run()
    return LiveHand(SETUP, book, hand, actions=4)


def _at_end(**fields: object) -> AtHandEnd:
    at = AtHandEnd(
        table_id="t",
        rows=ROWS,
        clients={3: ("cy's page",)},
        settings=SETTINGS,
        notices=(
            Notice(7, "rules", ({"setting": "action_clock", "value": 20.0},)),
            Notice(8, "rules", ()),
        ),
        approved=False,
        tournament=False,
    )
    return replace(at, **fields)  # type: ignore[arg-type]


def test_a_hand_s_end_writes_the_results_and_asks_the_seating_for_the_stacks() -> None:
    live = _played_out()
    state = RunnerState(0, 7, 0, live=live, acted=frozenset({0}), timed_out=frozenset({2}))
    rows = dict(ROWS)
    ended = finish_hand(state, live, _at_end(), NOW)
    # Nothing it was given has changed: a value in, a value out.
    assert state.live is live
    assert rows == ROWS
    assert ended.state == state.but(
        live=None, last_hand=live, next_hand_at=NOW + 5, acted=frozenset(), timed_out=frozenset()
    )
    stacks = live.hand.stacks
    assert sum(stacks) == 1500
    assert ended.effect is not None
    changes = ended.effect.request
    assert isinstance(changes, Changes)
    assert changes.hand_end is not None
    assert (changes.hand_end.number, changes.hand_end.final_stacks) == (7, tuple(stacks))
    # The host's change that held from this hand (not the next one's), in words.
    assert changes.hand_end.summary["notices"] == ["The host changed the action clock to 20 s."]
    assert "void" not in changes.hand_end.summary
    # The ledger's results, a seat's own (the house's for a bot), with the hand's number.
    results = {entry.seat: entry for entry in changes.ledger}
    assert {seat: entry.amount for seat, entry in results.items()} == {
        index: stacks[engine] - 500
        for engine, index in enumerate(SETUP.lineup)
        if stacks[engine] != 500
    }
    assert all(entry.reason == "hand" and entry.hand_number == 7 for entry in changes.ledger)
    assert all(entry.house == (entry.seat == 2) for entry in changes.ledger)
    assert (changes.seats, changes.removed) == ([], [])  # the seating's to write
    leave, over, played, forget = ended.follow
    # Cy was leaving: cashed out with the chips the hand left, its page told and closed.
    assert leave == Leave(3, stacks[2], ("cy's page",))
    # Ann acted: no hand missed; the bot was timed out without acting: one more missed, and
    # sat out (two in a row).
    assert over == HandOver(
        (
            replace(ROWS[0], stack=stacks[0], missed_hands=0),
            replace(ROWS[2], stack=stacks[1], missed_hands=2, sitting_out=True),
        )
    )
    assert (played, forget) == (NoticesPlayed(7), ForgetHand(7))
    assert ended.news == ()


def test_a_void_hand_puts_every_stack_back_and_says_why() -> None:
    live = _played_out()
    ended = finish_hand(RunnerState(0, 7, 0, live=live), live, _at_end(), NOW, void="a misdeal")
    assert ended.effect is not None
    changes = ended.effect.request
    assert isinstance(changes, Changes)
    assert changes.ledger == []
    assert changes.hand_end is not None
    assert changes.hand_end.final_stacks == (500, 500, 500)
    assert changes.hand_end.summary["void"] == "a misdeal"
    assert changes.hand_end.summary["final_stacks"] == [500, 500, 500]
    assert isinstance(ended.follow[0], Leave)
    assert ended.follow[0].stack == 500


def test_a_tournament_s_desk_and_the_chips_approved_come_as_follow_ups() -> None:
    live = _played_out()
    stacks = live.hand.stacks
    ended = finish_hand(
        RunnerState(0, 7, 0, live=live), live, _at_end(approved=True, tournament=True), NOW
    )
    leave, over, finished, chips, played, forget = ended.follow
    assert isinstance(leave, Leave)
    assert isinstance(over, HandOver)
    # The desk is told who began the hand with what (it finds who busted from the seats).
    assert finished == HandFinished(7, (("a", 500), ("b", 500), ("c", 500)))
    # The chips approved come to the seats that stay, with the stacks the hand left; the
    # seat that left is not among them (its request is cancelled as it leaves).
    assert chips == HandEnded(
        (
            Holder(over.rows[0], stacks[0]),
            Holder(ROWS[1], 40),
            Holder(over.rows[1], stacks[1]),
        ),
        Limits.of(SETTINGS),
    )
    assert (played, forget) == (NoticesPlayed(7), ForgetHand(7))


def test_the_shuffle_forgets_the_hand_s_rounds_and_keeps_the_next_one_s() -> None:
    """The follow-up for the players' shuffle: the rounds of hand 7 and before go (the store
    has their values), the next hand's stays; a new state, the one given left as it was."""
    rounds = {key: Round(key[0], key[1], {0: "Ann"}, 10.0) for key in ((6, 1), (7, 2), (8, 1))}
    state = ShuffleState(over=rounds, resumable=frozenset({(7, 2), (8, 1)}))
    forgot = shuffle_requests.handle(state, ForgetHand(7), NOW)
    assert (set(forgot.state.over), forgot.state.resumable) == ({(8, 1)}, frozenset({(8, 1)}))
    assert (forgot.effect, forgot.news, forgot.follow) == (None, (), ())
    assert set(state.over) == {(6, 1), (7, 2), (8, 1)}


def test_a_private_table_s_hand_end_has_the_audit_s_slice_look_for_secrets_due() -> None:
    live = _played_out()
    state = RunnerState(0, 7, 0, live=live)
    shuffled = finish_hand(state, live, _at_end(), NOW)
    assert not any(isinstance(command, MaybeDue) for command in shuffled.follow)
    private = SETTINGS.model_copy(update={"deal": "private"})
    ended = finish_hand(state, live, _at_end(settings=private), NOW)
    assert ended.follow[-1] == MaybeDue()
    # The slice ticks at once, its tick made from the table once the hand's end is stored.
    assert reveal_progress.handle(RevealState(), ended.follow[-1], NOW).wake == NOW
