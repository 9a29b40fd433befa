"""Which hands a table must show at the showdown: any hand that takes part of a pot (the high
hand, a share of a tie, The Bitch's half for the queen of spades in the hole); a hand that takes
nothing may be mucked instead, and mucking it changes no one's share."""

from __future__ import annotations

from tests.deal.helpers import to_showdown
from wildstud.cards import Deck
from wildstud.deal import Hand, Phase, Stage
from wildstud.deal.decks import stack_deck
from wildstud.games import find_game


def test_the_winner_must_show_and_the_loser_may_muck() -> None:
    hand = Hand("FTQ", [50, 50], deck=stack_deck("As 9c Ah 9d Qh 7d  2c 3c  Kc 4d  Jc 5h  8s 8h"))
    assert not hand.must_show(1)  # not yet at the showdown
    to_showdown(hand)
    # p2's nines, with the seven that follows the queen, beat p1's aces.
    assert (hand.must_show(0), hand.must_show(1)) == (False, True)


def test_mucking_every_hand_that_takes_nothing_changes_no_share() -> None:
    games = ["FTQ", "SMBU", "BD7", "BD5", "BITCH"]
    checked = 0
    for seed in range(150):
        code = games[seed % len(games)]
        players = 4 + seed % 3
        shown = Hand(find_game(code).rules({}), [100] * players, deck=Deck(seed=seed))
        mucked = Hand(find_game(code).rules({}), [100] * players, deck=Deck(seed=seed))
        to_showdown(shown)
        to_showdown(mucked)
        if shown.phase is Phase.OVER:
            continue
        losers = [seat for seat in mucked.live if not mucked.must_show(seat)]
        winners = [seat for seat in shown.live if shown.must_show(seat)]
        assert winners, "some hand takes the pot"
        for seat in losers:
            mucked.muck(seat)
            if mucked.stage is Stage.SHOWDOWN:
                assert all(mucked.must_show(other) for other in winners)
            # else one hand is left, a winner, and it takes the pots unshown.
        shown.run()
        mucked.run()
        assert mucked.stacks == shown.stacks
        checked += len(losers)
    assert checked > 50


def test_the_bitch_s_queen_of_spades_in_the_hole_must_be_shown_for_its_half() -> None:
    found = 0
    for seed in range(400):
        hand = Hand("BITCH", [100] * 5, deck=Deck(seed=seed))
        to_showdown(hand)
        if hand.phase is Phase.OVER:
            continue
        holder = [s for s in hand.live if any(c.code == 43 for c in hand.hand_of(s)[:2])]
        holder += [s for s in hand.live if hand.hand_of(s)[-1].code == 43]
        if not holder:
            continue
        assert hand.must_show(holder[0])
        found += 1
        if found >= 5:
            break
    assert found >= 5
