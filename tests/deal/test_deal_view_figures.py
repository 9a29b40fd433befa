"""The figures a view carries so that no reader works them out again: the street's index, what
a call, all in and a pot-sized raise come to for the seat to act, who must still act and how
many wagers the street has seen, each seat's public wild rank, whether the game can have wild
cards at all, and the best five of each hand shown."""

from __future__ import annotations

import random

import pytest

from wildstud.betting import ActionKind
from wildstud.bots import CallingBot, RandomBot, play_out, take_turn
from wildstud.cards import Deck, Rank
from wildstud.deal import Acted, BettingOpened, Hand, Phase, Shown, TableView
from wildstud.deal.decks import stack_deck
from wildstud.games import find_game
from wildstud.hands import evaluate

GAMES = ["FTQ", "SMBU", "BD7", "BD5", "BITCH"]


def views_of(hand: Hand, bot: RandomBot) -> list[TableView]:
    """The view of every seat at every turn of a hand played out by ``bot``."""
    views = []
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            views.append(hand.view(hand.to_act))
            take_turn(hand, bot)
        else:
            hand.step()
    return views


def test_the_figures_for_the_seat_to_act_agree_with_the_hand_and_its_actions() -> None:
    checked = 0
    for seed in range(40):
        limit = ("fixed-limit", "spread-limit", "pot-limit", "no-limit")[seed % 4]
        rules = find_game(GAMES[seed % 5]).rules({"limit": limit})
        hand = Hand(
            rules, [60 + 30 * (seed % 3), 100, 150, 80][: 3 + seed % 2], deck=Deck(seed=seed)
        )
        bot = RandomBot(seed=seed)
        while (phase := hand.phase) is not Phase.OVER:
            if phase is not Phase.PLAYER:
                hand.step()
                if hand.phase is Phase.PLAYER:
                    continue
                view = hand.view(None)
                assert view.to_call == 0
                assert view.all_in_to is None
                assert view.pot_raise_to is None
                assert view.still_to_act == ()
                assert view.raises == 0
                continue
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            assert view.street_index == hand.street
            mine = view.seats[seat]
            assert view.all_in_to == mine.bet + mine.stack
            options = {option.kind: option for option in view.legal_actions}
            call = options.get(ActionKind.CALL)
            assert view.to_call == (0 if call is None else call.min_amount - mine.bet)
            top = max(other.bet for other in view.seats)
            assert view.pot_raise_to == top + view.pot + (top - mine.bet)
            if limit == "pot-limit":
                for kind in (ActionKind.BET, ActionKind.RAISE):
                    if kind in options:
                        option = options[kind]
                        reach = max(option.min_amount, view.pot_raise_to)
                        assert option.max_amount == min(reach, view.all_in_to)
                        checked += 1
            assert view.still_to_act[0] == seat
            assert all(not view.seats[other].folded for other in view.still_to_act)
            street = [e for e in _since_opened(view) if isinstance(e, Acted)]
            wagers = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)
            assert view.raises == sum(1 for event in street if event.kind in wagers)
            # Everyone sees the same figures: they are public.
            assert hand.view(None).pot_raise_to == view.pot_raise_to
            take_turn(hand, bot)
    assert checked > 30


def _since_opened(view: TableView) -> list[object]:
    events: list[object] = []
    for event in reversed(view.events):
        if isinstance(event, BettingOpened):
            break
        events.append(event)
    return events


def test_who_must_still_act_shrinks_as_they_act_and_grows_again_after_a_bet() -> None:
    hand = Hand("FTQ", [100, 100, 100], {"bring_in": 0}, deck=Deck(seed=5))
    hand.run()
    first = hand.to_act
    assert first is not None
    order = hand.view(first).still_to_act
    assert len(order) == 3
    hand.check()
    assert hand.view(None).still_to_act == order[1:]
    hand.bet()
    assert hand.view(None).still_to_act == (order[2], order[0])
    assert hand.view(None).raises == 1


def test_baby_daddy_s_last_card_gives_its_seat_a_wild_rank_every_viewer_sees() -> None:
    # Five-card Baby Daddy heads-up: two down, then three up; the last is each one's baby daddy.
    hand = Hand("BD5", [100, 100], deck=stack_deck("2c 3d 4c 5d  9h Kd  Jc 9s  7c Td"))
    while hand.phase is not Phase.OVER and hand.street != 3:
        _ = take_turn(hand, RandomBot(seed=1)) if hand.phase is Phase.PLAYER else hand.step()
    before = hand.view(None)
    assert [seat.wild_rank for seat in before.seats] == [None, None]
    while hand.phase is not Phase.OVER:
        hand.step() if hand.phase is not Phase.PLAYER else hand.check()
    for viewer in (None, 0, 1):
        view = hand.view(viewer)
        assert [seat.wild_rank for seat in view.seats] == [Rank.SEVEN, Rank.TEN]


def test_a_hole_card_never_gives_a_public_wild_rank() -> None:
    # The Bitch with the queen of spades wild in the hole: wild for its holder, known to no one.
    rules = find_game("BITCH").rules({"queen_of_spades": "wild"})
    hand = Hand(rules, [100, 100], deck=stack_deck("Qs 2c 3d 4c 5h 6d"))
    hand.run()
    assert hand.view(0).seat_wild is not None
    assert hand.view(0).seat_wild != ()
    for viewer in (None, 0, 1):
        assert [seat.wild_rank for seat in hand.view(viewer).seats] == [None, None]


@pytest.mark.parametrize(
    ("game", "options", "possible"),
    [
        ("FTQ", {}, True),
        ("BD7", {}, True),
        ("BITCH", {}, False),
        ("BITCH", {"queen_of_spades": "wild"}, True),
        ("seven-card-stud", {}, False),
    ],
)
def test_the_view_says_whether_the_game_can_have_wild_cards(
    game: str, options: dict[str, object], possible: bool
) -> None:
    hand = Hand(find_game(game).rules(options), [50, 50])
    assert hand.view(None).wilds_possible is possible


def test_a_shown_hand_carries_its_best_five_as_the_showdown_valued_it() -> None:
    checked = 0
    for seed in range(60):
        options: dict[str, object] = {}
        if seed % 3 == 1:
            options["five_of_a_kind_top"] = False
        if seed % 3 == 2:
            options["double_ace_flush"] = True
        hand = Hand(find_game(GAMES[seed % 5]).rules(options), [100] * 5, deck=Deck(seed=seed))
        play_out(hand, CallingBot())
        for event in hand.events:
            if not isinstance(event, Shown):
                continue
            played = event.best_five
            assert len(played) == min(5, len(event.cards))
            own = [item.wild or item.card for item in played]
            assert set(own) <= set(event.cards)
            assert len(set(own)) == len(own)
            assert all(item.wild is None or item.wild in event.wild for item in played)
            as_played = [item.card for item in played]
            if len(set(as_played)) == len(as_played):  # a double-ace flush plays one card twice
                top = hand.options.five_of_a_kind_top
                value = evaluate(as_played, five_of_a_kind_top=top).value
                if not hand.options.double_ace_flush:
                    assert value == event.value
            checked += 1
    assert checked > 40


def test_views_still_hold_no_hidden_card_with_the_new_figures() -> None:
    rng = random.Random(3)
    hand = Hand("FTQ", [100, 100, 100], deck=Deck(seed=9))
    views = views_of(hand, RandomBot(seed=rng.randrange(1000)))
    for view in views:
        for seat in view.seats:
            if seat.seat != view.viewer and not seat.shown:
                assert all(held.card is None for held in seat.cards if not held.up)
