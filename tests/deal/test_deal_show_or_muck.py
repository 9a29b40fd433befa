"""Show or muck at the showdown as an engine operation: who is still to choose, the refusals
(each specific, each changing nothing), what a choice does, and the automation that bots and
clocks use."""

from __future__ import annotations

import pytest

from tests.deal.helpers import NINES_BEAT_ACES, heads_up, to_showdown
from wildstud.cards import Deck
from wildstud.deal import Hand, Mucked, Phase, Shown, Stage
from wildstud.deal.decks import stack_deck
from wildstud.errors import IllegalActionError, TableError
from wildstud.games import find_game


def showdown_snapshot(hand: Hand) -> tuple[object, ...]:
    return (hand.events, hand.stacks, hand.stage, hand.live, hand.to_show_or_muck, hand.view(0))


def test_the_loser_is_to_choose_and_the_winner_is_not() -> None:
    hand = Hand("FTQ", [50, 50], deck=stack_deck(NINES_BEAT_ACES))
    assert not hand.to_show_or_muck  # before the showdown nobody chooses
    to_showdown(hand)
    assert hand.to_show_or_muck == (0,)
    assert hand.can_show_or_muck(0, True)
    assert hand.can_show_or_muck(0, False)
    assert not hand.can_show_or_muck(1, True)
    assert not hand.can_show_or_muck(1, False)


@pytest.mark.parametrize(
    ("seat", "show", "message"),
    [
        (1, False, "p2's hand takes part of a pot: it is shown, and cannot be mucked"),
        (1, True, "p2's hand takes part of a pot: it is shown anyway"),
    ],
)
def test_a_hand_that_takes_part_of_a_pot_cannot_choose(seat: int, show: bool, message: str) -> None:
    hand = heads_up()
    before = showdown_snapshot(hand)
    with pytest.raises(IllegalActionError, match=message):
        hand.show_or_muck(seat, show)
    assert showdown_snapshot(hand) == before


def test_a_choice_to_show_stands_and_cannot_be_made_again() -> None:
    hand = heads_up()
    assert hand.show_or_muck(0, True) is None
    assert hand.to_show_or_muck == ()
    before = showdown_snapshot(hand)
    for show in (True, False):
        with pytest.raises(IllegalActionError, match="p1 has chosen to show this hand already"):
            hand.show_or_muck(0, show)
    assert showdown_snapshot(hand) == before
    hand.run()
    assert [event.seat for event in hand.events if isinstance(event, Shown)] == [0, 1]


def test_no_choice_before_the_showdown_or_for_a_seat_without_a_hand() -> None:
    hand = Hand("FTQ", [50, 50, 50], deck=Deck(seed=2))
    hand.run()
    before = showdown_snapshot(hand)
    with pytest.raises(IllegalActionError, match="there is no showdown now to show or muck at"):
        hand.show_or_muck(0, False)
    assert showdown_snapshot(hand) == before
    with pytest.raises(TableError, match="no seat 7 at this table"):
        hand.verify_show_or_muck(7)
    # A seat that folded has no hand at the showdown.
    folder = hand.to_act
    assert folder is not None
    hand.bring_in()
    hand.fold()
    to_showdown(hand)
    if hand.stage is Stage.SHOWDOWN:
        gone = next(seat for seat in range(3) if seat not in hand.live)
        with pytest.raises(IllegalActionError, match="has no hand at this showdown"):
            hand.verify_show_or_muck(gone, False)


def test_a_muck_hides_the_hand_and_the_winner_is_still_shown() -> None:
    hand = heads_up()
    assert hand.show_or_muck(0, False) == Mucked(0)
    assert hand.stage is Stage.SHOWDOWN  # the last hand left is still shown, as it wins
    hand.run()
    shown = [event for event in hand.events if isinstance(event, Shown)]
    assert [event.seat for event in shown] == [1]
    assert hand.stacks == (47, 53)
    spectator = hand.view(None)
    assert all(held.card is None for held in spectator.seats[0].cards if not held.up)
    assert all(held.card is not None for held in spectator.seats[1].cards)


def test_the_automation_mucks_by_default_shows_when_the_table_says_so_and_takes_seats() -> None:
    mucked = heads_up()
    assert mucked.auto_show_or_muck(seats=[1]) == ()  # the winner never chooses
    assert mucked.auto_show_or_muck() == (0,)
    assert mucked.to_show_or_muck == ()
    assert any(event == Mucked(0) for event in mucked.events)
    shown = heads_up()
    assert shown.auto_show_or_muck(show=True) == (0,)
    assert not any(isinstance(event, Mucked) for event in shown.events)
    shown.run()
    assert [event.seat for event in shown.events if isinstance(event, Shown)] == [0, 1]


def test_choosing_for_every_loser_changes_no_share() -> None:
    """Across games and seeds, the automation's mucks and shows give every seat what showing
    every hand gives it; the hands mucked are never shown."""
    games = ["FTQ", "SMBU", "BD7", "BD5", "BITCH"]
    checked = 0
    for seed in range(60):
        code = games[seed % len(games)]
        players = 4 + seed % 3
        hands = [
            Hand(find_game(code).rules({}), [100] * players, deck=Deck(seed=seed)) for _ in "abc"
        ]
        for hand in hands:
            to_showdown(hand)
        plain, muck, show = hands
        if plain.phase is Phase.OVER:
            continue
        losers = muck.auto_show_or_muck()
        assert show.auto_show_or_muck(show=True) == losers
        assert all(muck.must_show(seat) for seat in muck.live)
        for hand in hands:
            hand.run()
        assert muck.stacks == show.stacks == plain.stacks
        shown = {event.seat for event in muck.events if isinstance(event, Shown)}
        assert shown.isdisjoint(losers)
        checked += len(losers)
    assert checked > 20
