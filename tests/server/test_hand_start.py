"""A hand's deal as a pure function (:func:`wildstud.server.table.hand_start.start_hand`): from the
runner's state and what it needs of the table, its outcome is the runner's state with the hand
dealt (or the dealer's choice over and no hand), the rows the deal writes and the other parts'
follow-ups; with no table, store or event loop, and nothing it is given changed. And those
follow-ups as their slices take them: the desk counts the hand in its level, the players'
shuffle forgets a round no hand was dealt from, a private deal starts afresh."""

from __future__ import annotations

from dataclasses import replace

from wildstud.deal import Hand, Phase
from wildstud.private_rounds import RoundsDealer
from wildstud.server.menu import Menu
from wildstud.server.replay import DeckBook, start_hand
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.store import Changes, HandSetup, SeatState, ShuffleNight, TableState
from wildstud.server.table import desk, private_progress, shuffle_requests
from wildstud.server.table.button import Seats, Sitter
from wildstud.server.table.core import AtTable, ForgetHand, HandPlayed, NewHand, TableNews
from wildstud.server.table.desk import HandDealt
from wildstud.server.table.hand_end import AtHandEnd, then_ended
from wildstud.server.table.hand_start import AtDeal, pick
from wildstud.server.table.hand_start import start_hand as deal
from wildstud.server.table.private_answers import PrivateState
from wildstud.server.table.runner import Choosing, RunnerState
from wildstud.server.table.seating import HandOver
from wildstud.server.table.shuffle_requests import DropRound, Open, Round, ShuffleState
from wildstud.server.tourney import Tourney
from wildstud.server.tourney_schemas import TournamentSettings

NOW = 500.0
MENU = Menu.build([{"game": "FTQ"}, {"game": "SMBU"}, {"game": "BD7"}], {})
ROW = TableState("t", "night", "h", "j", "w", {}, "running", 2, 6, 0)


def _sitter_row(seat: int, player: str, name: str, stack: int = 500) -> SeatState:
    return SeatState(seat, player, name, "player", None, stack, False, 0, 30.0, 3, False)


ROWS = {
    0: _sitter_row(0, "a", "ann"),
    2: _sitter_row(2, "b", "bo"),
    3: _sitter_row(3, "c", "cy"),
    5: _sitter_row(5, "d", "dee"),  # sitting out: not dealt in
}
SEATS = Seats((Sitter(0, "a"), Sitter(2, "b"), Sitter(3, "c"), Sitter(5, "d", dealt_in=False)))
STATE = RunnerState(button=2, hands_dealt=6, last_entry=0, dealt_last={0: "a", 2: "b", 3: "c"})
EIGHT = Seats(tuple(Sitter(index, f"p{index}") for index in range(8)))
"""Eight players: one too many for Baby Daddy (seven at most)."""
EIGHT_ROWS = {index: _sitter_row(index, f"p{index}", f"n{index}") for index in range(8)}


def _deck(setup: HandSetup) -> tuple[DeckBook, Hand]:
    book = DeckBook()
    return book, start_hand(setup, book, to_redeal=True, hold_showdown=True)


def _at_deal(**fields: object) -> AtDeal:
    at = AtDeal(
        entry=None,
        chooser=None,
        chose=None,
        seats=SEATS,
        rows=ROWS,
        menu=MENU,
        row=ROW,
        deck=_deck,
        pause=3.0,
    )
    return replace(at, **fields)  # type: ignore[arg-type]


def test_the_default_game_is_dealt_to_the_seats_dealt_in_from_the_next_button() -> None:
    outcome = deal(STATE, _at_deal(), NOW)
    new = outcome.state
    live = new.live
    assert live is not None
    setup = live.setup
    # The game after the last one dealt; the button moves on to seat 3; seat 5 sits out.
    assert (setup.number, setup.entry, setup.game) == (7, 1, "smack-my-bitch-up")
    assert (setup.lineup, setup.names, setup.dealer) == ((0, 2, 3), ("ann", "bo", "cy"), 2)
    assert (setup.stacks, setup.player_ids) == ((500, 500, 500), ("a", "b", "c"))
    assert (new.button, new.hands_dealt, new.last_entry) == (3, 7, 1)
    assert new.dealt_last == {0: "a", 2: "b", 3: "c"}
    assert (new.acted, new.timed_out, new.last_hand, new.choosing) == (
        frozenset(),
        frozenset(),
        None,
        None,
    )
    assert live.actions == 0
    assert live.decks_in_store == 1  # its first deck is stored with the deal
    assert live.hand.to_act is not None  # the dealer dealt to the first turn
    effect = outcome.effect
    assert effect is not None
    changes = effect.request
    assert isinstance(changes, Changes)
    assert changes.table == replace(ROW, button=3, hands_dealt=7, last_entry=1)
    assert changes.hand == setup
    assert [deck.deal for deck in changes.decks] == [1]
    assert (changes.seats, changes.tournament) == ([], None)
    assert outcome.follow == ()
    # Told once stored: the table (the button, the hand in progress), then the hand's frames.
    assert outcome.news == (TableNews(), HandPlayed())
    assert STATE.live is None  # the state given is left as it was
    assert STATE.hands_dealt == 6


def test_a_chosen_game_is_dealt_by_the_seat_that_chose_it_with_its_request_s_row() -> None:
    chooser = replace(ROWS[0], last_seq=4)
    state = STATE.but(choosing=Choosing(0, (0, 1, 2), NOW + 5))
    outcome = deal(state, _at_deal(entry=2, chooser=chooser, seats=EIGHT, rows=EIGHT_ROWS), NOW)
    # BD7 fits no more than seven players: the default pick instead (the menu's next game).
    live = outcome.state.live
    assert live is not None
    assert (live.setup.entry, outcome.state.button, outcome.state.choosing) == (1, 0, None)
    changes = outcome.effect.request if outcome.effect is not None else None
    assert isinstance(changes, Changes)
    assert changes.seats == [chooser]
    fitting = deal(state, _at_deal(entry=0, chooser=chooser), NOW).state
    assert fitting.live is not None
    assert (fitting.live.setup.game, fitting.button) == ("follow-the-queen", 0)
    # Chosen before the players' shuffle: the seat that chose deals if it is still dealt in.
    later = deal(STATE, _at_deal(entry=0, chose=2), NOW).state
    assert later.button == 2
    gone = deal(STATE, _at_deal(entry=0, chose=5), NOW).state
    assert gone.button == 3


def test_too_few_players_deal_no_hand_but_end_the_choice_and_take_the_request() -> None:
    alone = Seats((Sitter(0, "a"), Sitter(2, "b", dealt_in=False)))
    state = STATE.but(choosing=Choosing(0, (0, 1), NOW + 5))
    assert pick(state, _at_deal(seats=alone)) is None
    outcome = deal(state, _at_deal(seats=alone), NOW)
    assert outcome.state == STATE  # the choice over, nothing else
    assert outcome.effect is not None
    assert outcome.effect.request == Changes()
    assert outcome.follow == ()
    assert outcome.news == (TableNews(),)  # the choice over: no hand's frames
    chooser = replace(ROWS[0], last_seq=9)
    taken = deal(state, _at_deal(seats=alone, chooser=chooser), NOW)
    assert taken.effect is not None
    assert taken.effect.request == Changes(seats=[chooser])
    # No game on the menu fits: no hand either.
    nothing = Menu.build([{"game": "BD7"}], {})
    assert deal(STATE, _at_deal(menu=nothing, seats=EIGHT, rows=EIGHT_ROWS), NOW).state.live is None


def test_the_players_shuffle_holds_the_deal_or_leaves_out_whoever_gave_no_value() -> None:
    picked = pick(STATE, _at_deal(chose=3))
    assert picked is not None
    assert (picked.number, picked.lineup, picked.entry, picked.asked) == (7, (0, 2, 3), 1, 3)
    waiting = deal(STATE, _at_deal(shuffling=True), NOW)
    assert waiting.state.live is None
    assert waiting.follow == ()
    left_out = deal(STATE, _at_deal(left_out=frozenset({2})), NOW).state.live
    assert left_out is not None
    assert left_out.setup.lineup == (0, 3)
    # Too few left: no hand, and the round is forgotten (its rows deleted) for a fresh one.
    dropped = deal(STATE, _at_deal(left_out=frozenset({0, 2})), NOW)
    assert dropped.state.live is None
    assert dropped.follow == (DropRound(7, 1),)
    over = Round(7, 1, {0: "ann"}, NOW)
    shuffle = ShuffleState(over={(7, 1): over, (6, 2): over})
    forgot = shuffle_requests.handle(shuffle, DropRound(7, 1), NOW)
    assert forgot.state.over == {(6, 2): over}
    assert forgot.effect is not None
    assert forgot.effect.request == Changes(shuffle_dropped=[(7, 1)])


def test_the_players_shuffle_s_round_is_the_deal_s_follow_up_folded_into_its_change() -> None:
    night = ShuffleNight("00" * 32, "ee" * 32, 7)
    opening = Open(7, 1, {0: "ann", 2: "bo", 3: "cy"}, {0: frozenset({"ann"})}, 8.0, 1, 3, night)
    chooser = replace(ROWS[3], last_seq=4)
    choosing = replace(STATE, choosing=Choosing(3, (0, 1), NOW + 30.0))
    # A round that asks a page: no hand yet, the choice over, the chooser's request taken, and
    # the round asked for in the same change (its rows and the night seed its slice's).
    at = _at_deal(entry=1, chooser=chooser, opening=opening, shuffling=True)
    waiting = deal(choosing, at, NOW)
    assert waiting.state.live is None
    assert waiting.state.choosing is None
    assert waiting.effect is not None
    assert waiting.effect.request == Changes(seats=[chooser])
    assert waiting.follow == (opening,)
    assert waiting.news == (TableNews(),)
    pages = ShuffleState(pages={0: frozenset({"ann"})})
    assert shuffle_requests.waits(pages, opening)
    opened = shuffle_requests.handle(pages, opening, NOW)
    assert opened.effect is not None
    assert isinstance(opened.effect.request, Changes)
    assert opened.effect.request.night_seed == night
    # A round that asks nobody is over at once: the hand is dealt now, the round its follow-up.
    assert not shuffle_requests.waits(ShuffleState(), opening)
    dealt = deal(STATE, _at_deal(opening=opening), NOW)
    assert dealt.state.live is not None
    assert dealt.follow == (opening,)
    assert dealt.news == (TableNews(), HandPlayed())


def test_a_tournament_s_hand_plays_its_level_s_stakes_and_counts_in_its_level() -> None:
    level = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10, "hands": 1}
    later = {"ante": 5, "bring_in": 10, "small_bet": 25, "big_bet": 50, "minutes": 10}
    rules = TournamentSettings.model_validate({"buy_in": 20, "levels": [level, later]}).made(500)
    stakes = Menu.build([{"game": "FTQ"}], {k: v for k, v in later.items() if k != "minutes"})
    outcome = deal(STATE, _at_deal(menu=stakes, tournament=True), NOW)
    live = outcome.state.live
    assert live is not None
    assert live.setup.options["ante"] == 5  # the menu it is given: the level's stakes
    assert outcome.follow == (HandDealt(NOW),)
    # The desk's follow-up: the entrants seated enter, the hand counts in its level.
    at = AtTable(rules, tuple(ROWS.values()), 7, True, ROW)
    counted = desk.handle(Tourney(), HandDealt(NOW, at=at), NOW + 1)
    tourney = counted.state
    assert tourney is not None
    assert (tourney.index, tourney.hands) == (0, 1)
    assert [entry.name for entry in tourney.entries] == ["ann", "bo", "cy", "dee"]
    assert counted.effect is not None
    written = counted.effect.request
    assert isinstance(written, Changes)
    assert written.tournament == tourney.to_json(NOW)
    # The next hand rolls the clock on to the next level (its hands all dealt).
    again = desk.handle(tourney, HandDealt(NOW + 2, at=at), NOW + 2).state
    assert again is not None
    assert (again.index, again.hands) == (1, 1)
    # A cash table's desk has nothing to count.
    cash = desk.handle(None, HandDealt(NOW, at=replace(at, rules=None)), NOW)
    assert (cash.state, cash.effect) == (None, None)


def test_a_private_deal_starts_afresh_with_the_hand_and_its_dealer() -> None:
    dealer = RoundsDealer()
    outcome = deal(STATE, _at_deal(private=True, dealer=dealer), NOW)
    assert outcome.follow == (NewHand(7, dealer),)
    started = private_progress.handle(PrivateState(6, seq=12), NewHand(7, dealer), NOW)
    assert started.state == PrivateState(7)
    assert started.state.dealer is dealer  # the private deal takes it once this is stored
    assert started.effect is None


def test_a_hand_over_at_once_ends_in_the_change_that_deals_it() -> None:
    menu = Menu.build(
        [{"game": "FTQ", "house_rules": {"run_twice": False}}],
        {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
    )
    short = {index: replace(row, stack=1) for index, row in ROWS.items()}
    chooser = replace(short[0], last_seq=3)
    outcome = deal(STATE, _at_deal(menu=menu, rows=short, chooser=chooser, entry=0), NOW)
    live = outcome.state.live
    assert live is not None
    assert live.hand.phase is Phase.OVER  # every player all in with the ante
    settings = TableSettings(name="x", games=[GameEntry(game="FTQ")], hand_pause=4)
    at = AtHandEnd("t", short, {}, settings, (), approved=False, tournament=False)
    ended = then_ended(outcome, at, NOW)
    assert ended.state.live is None
    assert ended.state.last_hand is live
    assert (ended.state.hands_dealt, ended.state.button) == (7, outcome.state.button)
    assert ended.state.next_hand_at > NOW
    assert ended.effect is not None
    changes = ended.effect.request
    assert isinstance(changes, Changes)
    assert changes.hand == live.setup
    assert changes.hand_end is not None
    assert sum(changes.hand_end.final_stacks) == 3
    # The chooser's row is the seating's to write, with the stacks the hand left.
    assert changes.seats == []
    kinds = [type(command) for command in ended.follow]
    assert kinds[0] is HandOver
    assert ForgetHand(7) in ended.follow
    (over,) = (command for command in ended.follow if isinstance(command, HandOver))
    assert {row.seat: row.last_seq for row in over.rows}[0] == 3
    # The deal's own outcome is left as it was.
    assert outcome.effect is not None
    assert isinstance(outcome.effect.request, Changes)
    assert outcome.effect.request.seats == [chooser]
    assert outcome.effect.request.hand_end is None
