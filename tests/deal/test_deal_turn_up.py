"""The house rule ``all_in_turn_up``: once no more betting can come, the hands still in are
turned face up for everyone, and stay face-down cards for the rules."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from tests.deal.helpers import play, winners
from wildstud.deal import Hand, Mucked, Phase, Shown, Stage, TurnedUp, WildsChanged
from wildstud.deal.decks import stack_deck
from wildstud.errors import IllegalActionError

# Follow the Queen heads-up: p1 A♠ A♥ down, Q♥ up; p2 9♣ 9♦ down, 7♦ up (it follows the queen:
# sevens wild); then 2♣ 3♣, K♣ 4♦, J♣ 5♥, and the last cards down, 8♠ to p1, 8♥ to p2.
NINES_BEAT_ACES = "As 9c Ah 9d Qh 7d  2c 3c  Kc 4d  Jc 5h  8s 8h"
TURNED_UP = {"all_in_turn_up": True, "bring_in": 0}


def all_in_on_third_street(options: Mapping[str, object] = TURNED_UP) -> Hand:
    """p2 bets 5 and p1 calls all in for its last 5 chips."""
    hand = Hand("FTQ", [6, 50], options, deck=stack_deck(NINES_BEAT_ACES))
    hand.run()
    hand.bet(5)
    hand.call()
    return hand


def cards(event: TurnedUp) -> list[str]:
    return [str(card) for card in event.cards]


def test_the_hands_are_turned_up_as_the_last_betting_round_closes() -> None:
    hand = all_in_on_third_street()
    turned = [event for event in hand.events if isinstance(event, TurnedUp)]
    assert [(event.seat, cards(event)) for event in turned] == [
        (0, ["As", "Ah"]),
        (1, ["9c", "9d"]),
    ]
    # The call, the hands turned up, and only then fourth street begins.
    assert [type(event).__name__ for event in hand.events[-4:]] == [
        "Acted",
        "TurnedUp",
        "TurnedUp",
        "StreetStarted",
    ]
    # Nobody has dealt a card of fourth street yet: every page sees the hands first.
    spectator = hand.view(None)
    assert [[str(c.card) for c in seat.cards] for seat in spectator.seats] == [
        ["As", "Ah", "Qh"],
        ["9c", "9d", "7d"],
    ]
    assert [seat.turned_up for seat in spectator.seats] == [True, True]
    assert all(not card.up for card in spectator.seats[0].cards[:2])  # still face-down cards


def test_a_face_down_card_dealt_later_is_turned_up_as_it_lands() -> None:
    hand = all_in_on_third_street()
    hand.run()
    last = [event for event in hand.events if isinstance(event, TurnedUp)][-2:]
    assert [(event.seat, cards(event)) for event in last] == [(0, ["8s"]), (1, ["8h"])]
    shown = {event.seat for event in hand.events if isinstance(event, Shown)}
    assert shown == {0, 1}
    assert winners(hand) == [(1, 12)]  # nines with the wild seven: three nines


def test_seventh_street_turned_up_is_still_a_hole_card_for_the_wild_cards() -> None:
    # p1's last card is the Q♦, face down: turned up, it still starts no follow.
    deck = "As 9c Ah 9d Qh 7d  2c 3c  Kc 4d  Jc 5h  Qd 8h"
    hand = Hand("FTQ", [6, 50], TURNED_UP, deck=stack_deck(deck))
    hand.run()
    hand.bet(5)
    hand.call()
    hand.run()
    changes = [event for event in hand.events if isinstance(event, WildsChanged)]
    assert [str(event.card) for event in changes] == ["Qh", "7d"]
    assert hand.phase is Phase.OVER


def test_nothing_is_turned_up_by_default() -> None:
    hand = all_in_on_third_street({"bring_in": 0})
    assert hand.view(None).seats[0].cards[0].card is None
    assert not hand.view(None).seats[0].turned_up
    hand.run()
    assert not any(isinstance(event, TurnedUp) for event in hand.events)


def test_nothing_is_turned_up_while_two_players_with_chips_can_still_bet() -> None:
    # p1 is all in from the ante and its bet; p2 and p3 still have chips and bet on.
    deck = "As 9c 2d Ah 9d 3d Qh 7d 4h  2c 3c 5c"
    hand = Hand("FTQ", [6, 50, 50], TURNED_UP, deck=stack_deck(deck))
    play(hand, "p3 bet 5", "p1 call", "p2 call")
    assert hand.street_name == "fourth street"
    assert hand.phase is Phase.PLAYER
    assert not any(isinstance(event, TurnedUp) for event in hand.events)
    assert hand.view(1).seats[0].cards[0].card is None
    hand.act("bet", 5)
    hand.act("call")  # two players with chips behind: the betting goes on to fifth street
    assert hand.street_name == "fifth street"
    assert hand.stage is Stage.CARD
    assert not any(isinstance(event, TurnedUp) for event in hand.events)


def test_a_hand_turned_up_cannot_be_mucked_and_nobody_is_asked() -> None:
    hand = all_in_on_third_street()
    while hand.stage is not Stage.SHOWDOWN:
        hand.step()
    assert hand.to_show_or_muck == ()  # p1's aces lose, but they are turned up already
    with pytest.raises(IllegalActionError, match="turned up all in"):
        hand.verify_show_or_muck(0, show=False)
    hand.run()
    assert not any(isinstance(event, Mucked) for event in hand.events)


def test_the_bitch_queen_of_spades_turned_up_in_the_hole_takes_its_half() -> None:
    # p1 holds the Q♠ down; turned up, it stops no deal and still takes the special half.
    deck = "Qs 9c Ah 9d 2h 7d  2c 3c  Kc 4d  Jc 5h  8s 8h"
    hand = Hand("BITCH", [6, 50], TURNED_UP, deck=stack_deck(deck))
    hand.run()
    hand.bet(5)
    hand.call()
    hand.run()
    assert hand.deal_number == 1
    assert sorted(winners(hand)) == [(0, 6), (1, 6)]
