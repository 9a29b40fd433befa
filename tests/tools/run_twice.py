"""A hand run twice (the house rule ``run_twice``): its options, a stacked deck whose two runs
split the pot, and that hand played to the moment the runs are dealt. Shared by the tests of
the deal and of its records."""

from __future__ import annotations

from collections.abc import Mapping

from wildstud.deal import Hand
from wildstud.deal.decks import stack_deck

RUNS = {"all_in_turn_up": True, "run_twice": True, "bring_in": 0, "ante": 1}
"""The house rules of a hand that may be run twice: hands all in are turned up."""

# Seven-card stud, three players: p1 A♠ A♥ (K♣ up), p2 K♠ K♥ (9♣ up), p3 3♦ 4♦ (2♣ up).
# p3 checks, p1 bets all in, p2 calls all in, p3 folds: a pot of 13. Run 1 gives p1 5♠ 7♣ J♦ 2♥
# and p2 6♥ 8♦ T♦ 3♥ (aces beat kings); run 2 gives p1 2♠ 4♥ 7♦ 9♥ and p2 K♦ 5♦ 8♣ T♠ (three
# kings).
SPLIT_RUNS = "As Ks 3d Ah Kh 4d Kc 9c 2c  5s 6h 7c 8d Jd Td 2h 3h  2s Kd 4h 5d 7d 8c 9h Ts"


def all_in_before_the_runs(
    deck: str = SPLIT_RUNS, options: Mapping[str, object] = RUNS, code: str = "F7S"
) -> Hand:
    """The hand of :data:`SPLIT_RUNS` (or ``deck``) played until two players are all in and
    the third has folded: the cards still to come are next."""
    hand = Hand(code, [6, 6, 50], options, deck=stack_deck(deck))
    hand.run()
    hand.check(2)
    hand.bet(5)
    hand.call()
    hand.fold()
    return hand
