"""A redeal the dealer is about to carry out is named before it happens: the card that called
for it, whose it is and why, with the deal still on the table."""

from __future__ import annotations

from wildstud.bots import CallingBot
from wildstud.cards import parse_card
from wildstud.deal import Hand, Phase, RedealPending, Redealt, Stage, stack_deck


def _to_pending(hand: Hand) -> None:
    """Deal and play (every player calls or checks) up to the first pending redeal."""
    bot = CallingBot()
    while hand.redeal_pending is None:
        assert hand.phase is not Phase.OVER, "the hand ended without a redeal"
        if hand.phase is Phase.PLAYER:
            kind, amount = bot.choose(hand.view(hand.to_act))
            hand.act(kind, amount)
        else:
            hand.step()


def test_the_queen_of_spades_face_up_is_pending_until_the_dealer_redeals() -> None:
    hand = Hand("the-bitch", [50, 50, 50], deck=stack_deck("2c 3c 4c  5c 6c 7c  8c Qs"))
    assert hand.redeal_pending is None
    _to_pending(hand)
    pending = RedealPending(parse_card("Qs"), 1)
    assert hand.redeal_pending == pending
    assert hand.stage is Stage.REDEAL
    redeal = hand.chance()
    assert redeal is not None
    assert (redeal.kind, redeal.takes_card) == (Stage.REDEAL, False)
    assert hand.phase is Phase.DEALER
    assert hand.to_act is None
    # Every view shows it, and the queen is still in front of p2, face up.
    for viewer in (None, 0, 1, 2):
        view = hand.view(viewer)
        assert view.redeal_pending == pending
        assert (view.seats[1].cards[-1].card, view.seats[1].cards[-1].up) == (pending.card, True)
    assert hand.deal_number == 1
    events = hand.step()
    assert isinstance(events[0], Redealt)
    assert (events[0].card, events[0].seat) == (pending.card, pending.seat)
    assert hand.redeal_pending is None
    assert hand.view().redeal_pending is None
    assert hand.deal_number == 2


def test_a_redeal_no_card_called_for_has_no_card_and_no_seat() -> None:
    # Dealt in code order, the first fourteen cards hold no queen.
    decks = [stack_deck(""), stack_deck("Qh")]
    hand = Hand("FTQ", [100, 100], {"no_queen": "redeal-everyone"}, deck=decks)
    _to_pending(hand)
    assert hand.redeal_pending == RedealPending(None, None)
    hand.step()
    assert hand.redeal_pending is None
    assert hand.deal_number == 2


def test_run_goes_through_a_redeal_and_names_none() -> None:
    hand = Hand("the-bitch", [50, 50], deck=[stack_deck("2c 3c 4c 5c  6c Qs"), stack_deck("")])
    hand.run()
    assert hand.redeal_pending is None
    assert hand.deal_number == 2
    assert hand.phase is Phase.PLAYER
