"""The hands that take part of a pot shown first at the showdown (:meth:`Hand.show_takers`), as
a card room shows them before the losers choose to show or muck: who is shown, the refusals
(each specific, each changing nothing), and, over many seeded hands of every game, that the
awards, the stacks and the hands shown are those of a showdown that shows every hand at once."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.deal.helpers import NINES_BEAT_ACES, heads_up, observed, to_showdown
from tests.tools.run_twice import all_in_before_the_runs
from wildstud.cards import Deck
from wildstud.deal import Hand, Mucked, Phase, PrivateHand, Shown, Stage
from wildstud.deal.decks import stack_deck
from wildstud.errors import HiddenCardError, IllegalActionError
from wildstud.games import find_game

GAMES = ["FTQ", "SMBU", "BD7", "BD5", "BITCH", "F7S"]


def shown_seats(hand: Hand) -> list[int]:
    return [event.seat for event in hand.events if isinstance(event, Shown)]


def test_the_winner_is_shown_before_the_loser_chooses() -> None:
    hand = heads_up()
    shown = hand.show_takers()
    assert [(event.seat, len(event.cards)) for event in shown] == [(1, 7)]
    assert hand.events[-1] == shown[0]
    assert hand.stage is Stage.SHOWDOWN
    assert hand.to_show_or_muck == (0,)
    # Everyone sees the winner's hole cards now; the loser's stay its own.
    spectator = hand.view(None).seats
    assert all(card.card is not None for card in spectator[1].cards)
    assert spectator[1].shown
    assert not spectator[0].shown
    assert all(card.card is None for card in spectator[0].cards if not card.up)
    assert hand.show_or_muck(0, show=False) == Mucked(0)
    hand.run()
    assert shown_seats(hand) == [1]
    assert hand.stacks == (47, 53)


def test_a_loser_that_shows_is_shown_by_the_showdown_after_the_winner() -> None:
    hand = heads_up()
    hand.show_takers()
    assert hand.show_or_muck(0, show=True) is None
    hand.run()
    assert shown_seats(hand) == [1, 0]  # the winner first, then the hand that chose to show


@pytest.mark.parametrize(
    ("at_showdown", "message"),
    [
        (False, "there is no showdown now to show the winning hands at"),
        (True, "the hands that take part of a pot are shown already"),
    ],
)
def test_the_takers_are_shown_at_the_showdown_and_once(at_showdown: bool, message: str) -> None:
    hand = Hand("FTQ", [50, 50], deck=stack_deck(NINES_BEAT_ACES))
    if at_showdown:
        to_showdown(hand)
        hand.show_takers()
    else:
        hand.run()
    before = observed(hand)
    assert not hand.can_show_takers()
    with pytest.raises(IllegalActionError, match=message):
        hand.show_takers()
    assert observed(hand) == before


def test_a_taker_shown_cannot_be_mucked() -> None:
    hand = heads_up()
    assert hand.can_muck(1)  # the engine lets a record give up any hand before it is shown
    hand.show_takers()
    before = observed(hand)
    assert not hand.can_muck(1)
    with pytest.raises(IllegalActionError, match="p2 cannot muck: its hand takes part of a pot"):
        hand.muck(1)
    assert observed(hand) == before
    assert hand.can_muck(0)


def test_the_last_hand_left_once_shown_takes_the_pots_at_the_showdown() -> None:
    """A record's muck (``muck``, not the table's ``show_or_muck``) that leaves one hand: shown
    already, it takes the pots as a hand shown does, not unshown."""
    hand = heads_up()
    hand.show_takers()
    hand.muck(0)
    assert hand.stage is Stage.SHOWDOWN
    hand.run()
    assert shown_seats(hand) == [1]
    assert [award.share.value for award in hand.awards] == ["high"]
    assert hand.stacks == (47, 53)


def test_a_private_deal_refuses_it() -> None:
    hand = PrivateHand("FTQ", [50, 50], {"bring_in": 0})
    assert not hand.can_show_takers()
    with pytest.raises(HiddenCardError, match="known only once their owners show them"):
        hand.verify_show_takers()


def test_run_twice_each_run_s_takers_may_be_shown_first() -> None:
    plain = all_in_before_the_runs()
    first = plain.copy()
    for hand in (plain, first):
        hand.run_twice()
    plain.run()
    runs = 0
    while first.phase is not Phase.OVER:
        if first.stage is Stage.SHOWDOWN and first.can_show_takers():
            assert first.show_takers()
            runs += 1
        first.step()
    assert runs == 2
    assert first.awards == plain.awards
    assert first.stacks == plain.stacks
    assert Counter(shown_seats(first)) == Counter(shown_seats(plain))


def _showdowns(stacks: list[int]) -> list[Hand]:
    """Hands of every game, seeded, called down to the showdown (those that reach one)."""
    found = []
    for seed in range(180):
        code = GAMES[seed % len(GAMES)]
        players = 3 + seed % 4
        options = {"odd_chip": "dealer-left"} if seed % 5 == 0 else {}
        hand = Hand(
            find_game(code).rules(options),
            stacks[:players],
            deck=Deck(seed=seed),
            dealer=seed % players,
        )
        to_showdown(hand)
        if hand.stage is Stage.SHOWDOWN:
            found.append(hand)
    return found


@pytest.mark.parametrize("stacks", [[100] * 6, [100, 12, 60, 25, 100, 40]])
def test_showing_the_takers_first_changes_no_award_stack_or_hand_shown(stacks: list[int]) -> None:
    """Across the games, equal stacks and short ones (side pots), the odd chips by the card or
    to the dealer's left: the losers choosing (muck by default, or show) after the takers are
    shown end as they end without it, with the same hands shown (the same events, the shows
    in another order), and the takers' shows come before any loser's choice."""
    hands = _showdowns(stacks)
    assert len(hands) > 100
    losers_seen = 0
    for hand in hands:
        for show in (False, True):
            plain, first = hand.copy(), hand.copy()
            takers = {seat for seat in hand.live if hand.must_show(seat)}
            shown = first.show_takers()
            assert {event.seat for event in shown} == takers
            assert first.to_show_or_muck == plain.to_show_or_muck
            assert all(first.must_show(seat) == plain.must_show(seat) for seat in hand.live)
            chosen = first.auto_show_or_muck(show=show)
            assert plain.auto_show_or_muck(show=show) == chosen
            losers_seen += len(chosen)
            plain.run()
            first.run()
            assert first.awards == plain.awards
            assert first.stacks == plain.stacks
            assert Counter(first.events) == Counter(plain.events)
            assert set(shown_seats(first)) == set(shown_seats(plain))
            mucks = [i for i, event in enumerate(first.events) if isinstance(event, Mucked)]
            takes = [i for i, event in enumerate(first.events) if event in shown]
            assert not mucks or max(takes) < min(mucks)
        # Without the losers' choices, the showdown's step shows the rest just the same.
        plain, first = hand.copy(), hand.copy()
        first.show_takers()
        plain.run()
        first.run()
        assert (first.awards, first.stacks) == (plain.awards, plain.stacks)
        assert Counter(first.events) == Counter(plain.events)
    assert losers_seen > 100
