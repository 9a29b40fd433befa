"""The rabbit hunt: the face-up cards the rest of a hand won by a fold would have dealt, from
the deal's order, to the two hands that contested it; never a hole card; refused where there is
no rabbit to hunt."""

from __future__ import annotations

import pytest

from wildstud.cards import parse_cards
from wildstud.deal import Hand, stack_deck
from wildstud.errors import RabbitError
from wildstud.rabbit import rabbit_hunt

# Three-handed Follow the Queen: p1 A♠ A♥ Q♥, p2 9♣ 9♦ 7♦, p3 2♦ 3♦ 4♥; p3 folds, so fourth
# street is 2♣ 3♣ to p1 and p2; the rest would have been 5♣ K♣, 4♦ 6♣, and J♣ 5♥ face down.
ORDER = "As 9c 2d Ah 9d 3d Qh 7d 4h  2c 3c  5c Kc  4d 6c  Jc 5h"


def folded_out(options: dict[str, object] | None = None) -> Hand:
    """p3 folds on third street, p1 to p2's bet on fourth street."""
    table = {"bring_in": 0, "free_fold": True, **(options or {})}
    hand = Hand("FTQ", [50, 50, 50], table, deck=stack_deck(ORDER))
    hand.run()
    while hand.to_act is not None:
        seat = hand.to_act
        if seat == 2 or (seat == 0 and hand.street == 1):
            hand.fold()
        elif seat == 1 and hand.street == 1:
            hand.bet(5)
        else:
            hand.check()
        hand.run()
    return hand


def order() -> list[str]:
    return [str(card) for card in stack_deck(ORDER).peek()]


def test_the_rabbit_is_the_up_cards_the_two_last_hands_would_have_had() -> None:
    hand = folded_out()
    found = rabbit_hunt(hand, parse_cards(" ".join(order())))
    assert [(c.street_name, c.seat, str(c.card)) for c in found] == [
        ("fifth street", 0, "5c"),
        ("fifth street", 1, "Kc"),
        ("sixth street", 0, "4d"),
        ("sixth street", 1, "6c"),
    ]
    # Each card is the one at its position of the deal's order: what its proof opens.
    assert all(order()[card.position] == str(card.card) for card in found)
    # The seventh-street cards would have been dealt face down: never shown.
    hole = {"Jc", "5h"}
    assert not hole & {str(card.card) for card in found}


def test_a_burn_before_each_street_moves_the_rabbit_on() -> None:
    hand = folded_out({"burn_cards": "each-street"})
    found = rabbit_hunt(hand, parse_cards(" ".join(order())))
    positions = [card.position for card in found]
    assert positions == [positions[0], positions[0] + 1, positions[0] + 3, positions[0] + 4]


def test_the_queen_of_spades_ends_the_bitchs_rabbit() -> None:
    deck = "2c 9c 2h 9d 3c 7d  4c 5c  Qs 4d  Jc 5h"
    hand = Hand("BITCH", [50, 50], {"bring_in": 0, "free_fold": True}, deck=stack_deck(deck))
    hand.run()
    hand.bet(5) if hand.to_act == 1 else hand.check()
    while hand.to_act is not None:
        if hand.to_act == 0:
            hand.fold()
        else:
            hand.bet(5)
        hand.run()
    found = rabbit_hunt(hand, stack_deck(deck).peek())
    assert found[-1].stops_deal
    assert str(found[-1].card) == "Qs"


def test_there_is_no_rabbit_after_a_showdown_before_the_end_or_under_a_private_deal() -> None:
    hand = Hand("FTQ", [50, 50], {"bring_in": 0}, deck=stack_deck(ORDER))
    deck = stack_deck(ORDER).peek()
    with pytest.raises(RabbitError, match="once the hand is over"):
        rabbit_hunt(hand, deck)
    while hand.phase.value != "over":
        if hand.to_act is None:
            hand.step()
        else:
            hand.check()
    with pytest.raises(RabbitError, match="showdown"):
        rabbit_hunt(hand, deck)
    with pytest.raises(RabbitError, match="private deal"):
        rabbit_hunt(folded_out(), deck, private=True)
