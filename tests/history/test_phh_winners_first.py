"""Records of showdowns whose winning hands were shown first (:meth:`Hand.show_takers`, as the
web table shows them): the record writes the winners' shows before the losers' choices, and
reading it back shows the winners first again, each show noted (never taken for a loser's
choice), so the hand and its record come back the same; a record in the usual order is read as
ever."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

import pytest

from tests.deal.helpers import to_showdown
from tests.history.helpers import through_text, without_burns
from wildstud.cards import Deck
from wildstud.deal import Hand, Mucked, Shown, Stage, stack_deck
from wildstud.games import find_game
from wildstud.history.export import record_from_hand
from wildstud.history.notation import ShowMuck
from wildstud.history.replay import StepKind, replay

# Follow the Queen, three players: the 2♦ follows the queen, and p1's aces with the 2♣ beat p2's
# kings and p3's nines.
THREE = "As Ks 9c Ah Kh 9d Qh 2d 7d  2c 3c 4c  Kc 4d 5d  Jc 5h 6h  8s 8h 8c"
GAMES = ["FTQ", "SMBU", "BD7", "BD5", "BITCH", "F7S"]


def three_way() -> Hand:
    hand = Hand("FTQ", [50, 50, 50], {"bring_in": 0}, deck=stack_deck(THREE))
    to_showdown(hand)
    assert hand.stage is Stage.SHOWDOWN
    return hand


def check_winners_first_round_trip(hand: Hand, *, exact: bool = True) -> None:
    """``hand`` (over, dealt with the dealer in the last seat) written with every card and
    read back: the same record again and the same stacks; ``exact``, the same events and
    awards too. A spectator's record (the losers' cards unknown) gives the same stacks.

    Not ``exact``: a hand whose last loser mucked at the table (``show_or_muck``) keeps its
    showdown and shows the last hand, where a record's muck leaves it unshown (Robert's Rules,
    ``docs/house-rules.md``), so the events differ there, not the chips. Where the winners were
    shown first they are shown before the mucks, in the record as at the table."""
    record = through_text(record_from_hand(hand, reveal="all"))
    result = replay(record)
    assert result.complete, result.stopped
    assert result.hand.stacks == hand.stacks
    assert record_from_hand(result.hand, reveal="all") == record
    if exact:
        assert without_burns(result.hand.events) == without_burns(hand.events)
        assert result.hand.awards == hand.awards
    spectator = through_text(record_from_hand(hand, reveal="showdown"))
    assert replay(spectator).hand.stacks == hand.stacks


def test_the_record_writes_the_winner_s_show_before_the_losers_choices() -> None:
    hand = three_way()
    assert hand.to_show_or_muck == (1, 2)
    hand.show_takers()
    hand.show_or_muck(1, show=True)  # p2 shows its kings, beaten
    hand.show_or_muck(2, show=False)  # p3 mucks its nines
    hand.run()
    assert [event.seat for event in hand.events if isinstance(event, Shown)] == [0, 1]
    shows = [a for a in record_from_hand(hand).actions if isinstance(a, ShowMuck)]
    assert [(show.player, show.mucks) for show in shows] == [(0, False), (2, True), (1, False)]
    check_winners_first_round_trip(hand)


def test_a_taker_s_show_is_noted_not_taken_for_a_choice() -> None:
    hand = three_way()
    hand.show_takers()
    hand.auto_show_or_muck()
    hand.run()
    record = record_from_hand(hand, reveal="all")
    result = replay(record)
    events = result.hand.events
    shown = [i for i, event in enumerate(events) if isinstance(event, Shown)]
    mucked = [i for i, event in enumerate(events) if isinstance(event, Mucked)]
    assert len(shown) == 1
    assert shown[0] < min(mucked)
    winner_show = next(
        number
        for number, action in enumerate(record.actions, 1)
        if isinstance(action, ShowMuck) and not action.mucks
    )
    assert [step.kind for step in result.steps_of(winner_show)] == [StepKind.NOTED]
    assert result.action_of(shown[0]) is None  # the dealer's step showed it, as a showdown


def test_a_record_in_the_usual_order_is_shown_down_at_the_end() -> None:
    hand = three_way()
    hand.auto_show_or_muck()
    hand.run()
    events = hand.events
    assert events.index(Mucked(1)) < max(i for i, e in enumerate(events) if isinstance(e, Shown))
    check_winners_first_round_trip(hand, exact=False)


def showdowns() -> Iterator[Hand]:
    for seed in range(120):
        code = GAMES[seed % len(GAMES)]
        players = 3 + seed % 4
        stacks = [100, 14, 60, 30, 100, 45][:players]
        hand = Hand(find_game(code).rules({}), stacks, deck=Deck(seed=seed))
        to_showdown(hand)
        if hand.stage is Stage.SHOWDOWN:
            yield hand


@pytest.mark.parametrize("order", ["winners first", "all at once"])
def test_seeded_showdowns_round_trip_in_either_order(
    order: Literal["winners first", "all at once"],
) -> None:
    checked = 0
    for at_showdown in showdowns():
        for show in (False, True):
            hand = at_showdown.copy()
            if order == "winners first":
                hand.show_takers()
            hand.auto_show_or_muck(show=show)
            hand.run()
            check_winners_first_round_trip(hand, exact=order == "winners first")
            checked += 1
    assert checked > 150
