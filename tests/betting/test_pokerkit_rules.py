"""The two house rules that make wildstud play as pokerkit does: ``short_all_in`` and ``odd_chip``.

Each example is worked by hand under both values of the rule; where pokerkit can play the same
spot, it is played there too and must agree with the ``pokerkit`` value. The betting examples are
one street of betting with no bring-in: in pokerkit a one-street game opened by position with an
ante (its forced bet), in wildstud a :class:`BettingRound`.
"""

from __future__ import annotations

import pytest
from pokerkit import Automation, BettingStructure, Opening, StandardHighHand, State, Street
from pokerkit import Deck as PokerkitDeck

from tests.deal.helpers import play, winners
from tests.tools.pokerkit_diff import Differential, Tally, pokerkit_state
from wildstud.betting import ActionKind, BettingRound, Limit, ShortAllIn, Stakes
from wildstud.bots import CallingBot, play_out
from wildstud.deal import Hand, stack_deck
from wildstud.errors import OptionError
from wildstud.games import find_game
from wildstud.history.presets import preset_rules
from wildstud.pots import OddChip, Pot, divide_pot, split_evenly
from wildstud.seats import seat_label

HALF, FULL = ShortAllIn.HALF_REOPENS, ShortAllIn.FULL_RAISE_ONLY

Act = str | int
"""``"check"``, ``"call"``, or the to-amount of a bet, completion or raise."""


def wildstud_options(
    rule: ShortAllIn, limit: Limit, size: int, stacks: list[int], acts: list[Act]
) -> list[str]:
    """The options after ``acts``, in wildstud: ``size`` is the street's bet (5 or 10)."""
    big = size == 10
    rnd = BettingRound(Stakes(limit=limit, short_all_in=rule), order=range(len(stacks)),
                       stacks=dict(enumerate(stacks)), street_index=2 if big else 1,
                       big_bet=big, bring_in=False, open_pair=False, pot=0)  # fmt: skip
    for act in acts:
        if isinstance(act, int):
            kind = rnd.options()[-1].kind
            assert kind in (ActionKind.BET, ActionKind.COMPLETE, ActionKind.RAISE)
            rnd.apply(kind, act)
        else:
            rnd.apply(act)
    return [str(option) for option in rnd.options()]


AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def pokerkit_options(limit: Limit, size: int, stacks: list[int], acts: list[Act]) -> list[str]:
    """The same in pokerkit, worded as wildstud words them (to-amounts; a bet or raise is
    ``raise`` whatever wildstud calls it): an ante of 1 each is the forced bet it needs."""
    fixed = limit is Limit.FIXED
    structure = BettingStructure.FIXED_LIMIT if fixed else BettingStructure.NO_LIMIT
    street = Street(False, (False,), 0, False, Opening.POSITION, size, 4 if fixed else None)
    count = len(stacks)
    state = State(AUTOMATIONS, PokerkitDeck.STANDARD, (StandardHighHand,), (street,), structure,
                  True, 1, (0,) * count, 0, [chips + 1 for chips in stacks], count)  # fmt: skip
    for act in acts:
        if isinstance(act, int):
            state.complete_bet_or_raise_to(act)
        else:
            state.check_or_call()
    seat = state.actor_index
    assert seat is not None
    options = []
    owed = state.checking_or_calling_amount
    assert owed is not None
    if owed:
        options += ["fold", f"call to {state.bets[seat] + owed}"]
    else:
        options.append("check")
    if state.can_complete_bet_or_raise_to():
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        options.append(f"raise to {low}" if low == high else f"raise to {low}..{high}")
    return options


def worded(options: list[str]) -> list[str]:
    """wildstud's options with every bet, completion or raise called a raise."""
    return [option.replace("bet to", "raise to").replace("complete", "raise") for option in options]


FIXED, NO = Limit.FIXED, Limit.NO
EXAMPLES = [
    # p1 bets 10, p2 is all in to 14 (4 more, under half a bet). Robert's Rules: p3 completes
    # the bet to 20; pokerkit: a raise adds a full 10 to the all-in, to 24.
    (
        "under half a bet",
        FIXED,
        10,
        [100, 14, 100],
        [10, 14],
        ["fold", "call to 14", "raise to 20"],
        ["fold", "call to 14", "raise to 24"],
    ),
    # ... and once p3 calls, p1 (who bet) faces 4 more: it may only call, under both rules.
    (
        "under half a bet, back to the bettor",
        FIXED,
        10,
        [100, 14, 100],
        [10, 14, "call"],
        ["fold", "call to 14"],
        ["fold", "call to 14"],
    ),
    # p2 is all in to 15, half a bet more: Robert's Rules count it a full raise and reopen the
    # betting for p1; pokerkit does not (5 is short of the 10 bet).
    (
        "half a bet, back to the bettor",
        FIXED,
        10,
        [100, 15, 100],
        [10, 15, "call"],
        ["fold", "call to 15", "raise to 25"],
        ["fold", "call to 15"],
    ),
    # Fourth street, bets of 5: p1 checks, p2 bets all in for 2. Robert's Rules: p3 completes
    # to 5, and p1 may then only call; pokerkit: the street's first wager is full however small,
    # so p3 raises to 7, and p1, facing it, may raise too.
    (
        "a short first bet",
        FIXED,
        5,
        [100, 2, 100],
        ["check", 2],
        ["fold", "call to 2", "complete to 5"],
        ["fold", "call to 2", "raise to 7"],
    ),
    (
        "a short first bet, back to the checker",
        FIXED,
        5,
        [100, 2, 100],
        ["check", 2, "call"],
        ["fold", "call to 2"],
        ["fold", "call to 2", "raise to 7"],
    ),
    # No limit: p1 bets 10, then all-ins to 14, 20 (the two add up to a full raise of 10) and
    # 23; p5 calls 23. Robert's Rules: p1 faces 13 more than its bet, a full raise: it may
    # raise. pokerkit: a short all-in (to 23) since the short ones were made up leaves p1 only
    # the call.
    (
        "short all-ins that add up, and one more",
        NO,
        5,
        [500, 14, 20, 23, 500],
        [10, 14, 20, 23, "call"],
        ["fold", "call to 23", "raise to 33..500"],
        ["fold", "call to 23"],
    ),
    # Under both, short all-ins that add up to a full raise reopen the betting for p1.
    (
        "short all-ins that add up",
        NO,
        5,
        [500, 14, 20, 500],
        [10, 14, 20, "call"],
        ["fold", "call to 20", "raise to 30..500"],
        ["fold", "call to 20", "raise to 30..500"],
    ),
    # The cap, a bet and three raises: Robert's Rules count only full raises (p1 may raise to
    # 40 after 10, 20 and 30); pokerkit counts the all-in to 14 too, so 34 is the cap.
    (
        "the cap",
        FIXED,
        10,
        [100, 14, 100, 100],
        [10, 14, "max", "max"],
        ["fold", "call to 30", "raise to 40"],
        ["fold", "call to 34"],
    ),
]


def resolved(acts: list[Act], rule: ShortAllIn, example: tuple[object, ...]) -> list[Act]:
    """``"max"`` in ``acts``: the one raise fixed limit allows, under ``rule``."""
    if "max" not in acts:
        return acts
    _, limit, size, stacks, *_ = example
    done: list[Act] = []
    for act in acts:
        if act == "max":
            options = wildstud_options(rule, limit, size, stacks, done)  # type: ignore[arg-type]
            act = int(options[-1].rsplit(" ", 1)[-1])
        done.append(act)
    return done


@pytest.mark.parametrize("example", EXAMPLES, ids=[example[0] for example in EXAMPLES])
def test_a_short_all_in_under_each_rule(example: tuple[object, ...]) -> None:
    _, limit, size, stacks, acts, half, full = example
    assert isinstance(limit, Limit)
    assert isinstance(size, int)
    assert isinstance(stacks, list)
    assert isinstance(acts, list)
    ours_half = wildstud_options(HALF, limit, size, stacks, resolved(acts, HALF, example))
    assert ours_half == half
    full_acts = resolved(acts, FULL, example)
    ours_full = wildstud_options(FULL, limit, size, stacks, full_acts)
    assert ours_full == full
    assert worded(ours_full) == pokerkit_options(limit, size, stacks, full_acts)


def test_a_short_all_in_is_recorded_as_not_reopening() -> None:
    for rule, reopened in ((HALF, True), (FULL, False)):
        rnd = BettingRound(Stakes(short_all_in=rule), order=[0, 1, 2],
                           stacks={0: 100, 1: 15, 2: 100}, street_index=2, big_bet=True,
                           bring_in=False, open_pair=False, pot=0)  # fmt: skip
        assert rnd.apply("bet").reopened
        assert rnd.apply("raise", 15).reopened is reopened  # all in, half a bet more


def test_the_short_all_in_refusal_names_the_full_raise() -> None:
    rnd = BettingRound(Stakes(short_all_in=ShortAllIn.FULL_RAISE_ONLY), order=[0, 1, 2],
                       stacks={0: 100, 1: 15, 2: 100}, street_index=2, big_bet=True,
                       bring_in=False, open_pair=False, pot=0)  # fmt: skip
    for kind, amount in (("bet", None), ("raise", 15), ("call", None)):
        rnd.apply(kind, amount)
    with pytest.raises(ValueError, match=r"p1 cannot raise: .*went up 5, short of a full raise"):
        rnd.verify("raise")


def test_an_unknown_short_all_in_rule_is_refused() -> None:
    with pytest.raises(OptionError, match="short_all_in must be one of half-reopens"):
        Stakes(short_all_in="never")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match=r"short_all_in.*half-reopens, full-raise-only"):
        find_game("F7S").rules({"short_all_in": "never"})


# Third street: seat 0 shows the 2c and has 2 chips left after its ante, no more than the
# bring-in; the others have plenty.
LOW_CARD = "Ah Kh Jh As Ks Js 2c 9d 3d"


@pytest.mark.parametrize(
    ("rule", "first", "after"),
    [
        # Robert's Rules: the bring-in, all in; it is no bet, so the next player completes.
        ("half-reopens", ["bring-in to 2"], ["fold", "call to 2", "complete to 5"]),
        # pokerkit: it may also complete all in for the same 2 chips, a wager (the street's
        # first, so a full one): the next player raises by a full bet over it, to 7.
        (
            "full-raise-only",
            ["bring-in to 2", "complete to 2"],
            ["fold", "call to 2", "raise to 7"],
        ),
    ],
)
def test_a_bring_in_seat_with_only_the_bring_in(
    rule: str, first: list[str], after: list[str]
) -> None:
    hand = Hand("F7S", [3, 50, 50], {"short_all_in": rule}, deck=stack_deck(LOW_CARD))
    hand.run()
    assert hand.to_act == 0
    assert [str(option) for option in hand.legal_actions()] == first
    hand.act(first[-1].split()[0])
    assert [str(option) for option in hand.legal_actions()] == after


def test_pokerkit_lets_a_bring_in_seat_with_only_the_bring_in_complete_all_in() -> None:
    state = pokerkit_state("fixed-limit", [3, 50, 50], None)
    for card in LOW_CARD.split():
        state.deal_hole(card)
    assert state.can_post_bring_in()
    assert state.min_completion_betting_or_raising_to_amount == 2
    state.complete_bet_or_raise_to(2)
    assert state.min_completion_betting_or_raising_to_amount == 7


# --- the odd chip ------------------------------------------------------------------------------


def test_the_odd_chips_of_a_split_under_each_rule() -> None:
    # 14 chips among three: 4 each and 2 odd chips, listed in the rule's order.
    assert split_evenly(14, [2, 1, 0]) == {2: 5, 1: 5, 0: 4}
    assert split_evenly(14, [0, 1, 2], OddChip.DEALER_LEFT) == {0: 6, 1: 4, 2: 4}
    # The Bitch's halves: 22 chips, 11 to the special half (seat 3) and 11 to the three high
    # hands, 3 each and 2 odd chips.
    pot = Pot(22, frozenset({0, 1, 2, 3}))
    assert divide_pot(pot, high=[0, 1, 2], special=[3]) == {0: 4, 1: 4, 2: 3, 3: 11}
    shares = divide_pot(pot, high=[0, 1, 2], special=[3], odd_chip=OddChip.DEALER_LEFT)
    assert shares == {0: 5, 1: 3, 2: 3, 3: 11}
    # The odd chip of the halving goes to the high half under both.
    assert divide_pot(Pot(7, frozenset({0, 1})), high=[0], special=[1]) == {0: 4, 1: 3}


# Seven-card stud, four players: p1, p2 and p3 each make a nine-high straight (p3 holds the 9s,
# p2 the 9d, p1 the 9c); p4 folds after its ante of 2. The pot, 8 in antes and 2 from each of
# the others, is 14: 4 each and 2 odd chips.
STRAIGHTS = "2c 2d 2h Tc  3d 3h 3s Jc  5c 5d 5h Kh  6d 6h 6s  7h 7s 7c  8s 8c 8d  9c 9d 9s"


def _tie(odd_chip: str | None, dealer: int | None = None) -> list[tuple[int, int]]:
    """The awards of the straights, the first seat dealt to bringing in, the fourth folding."""
    options: dict[str, object] = {"ante": 2} | ({} if odd_chip is None else {"odd_chip": odd_chip})
    hand = Hand("F7S", [100] * 4, options, dealer=dealer, deck=stack_deck(STRAIGHTS))
    first = 0 if dealer is None else dealer + 1
    p1, p2, p3, p4 = (seat_label((first + step) % 4) for step in range(4))
    play(hand, f"{p1} bring-in", f"{p2} call", f"{p3} call", f"{p4} fold")
    play_out(hand, CallingBot())
    return winners(hand)


def test_the_odd_chips_go_by_the_highest_card_by_default() -> None:
    assert _tie(None) == [(2, 5), (1, 5), (0, 4)]
    assert _tie("high-card") == [(2, 5), (1, 5), (0, 4)]


def test_the_odd_chips_go_to_the_tied_hand_nearest_the_dealers_left_under_dealer_left() -> None:
    assert _tie("dealer-left") == [(0, 6), (1, 4), (2, 4)]
    # With the dealer in seat 0 the cards are dealt from seat 1: seats 1, 2 and 3 tie, and the
    # dealer's left is seat 1.
    assert _tie("dealer-left", dealer=0) == [(1, 6), (2, 4), (3, 4)]
    # With the dealer in seat 2, seats 3, 0 and 1 tie, seat 3 nearest the dealer's left.
    assert _tie("dealer-left", dealer=2) == [(3, 6), (0, 4), (1, 4)]


def test_pokerkit_gives_the_odd_chips_as_dealer_left_does() -> None:
    # The same straights with p4 all in from the start for 1 (after its ante of 1, pokerkit's
    # table): the main pot of 8 splits three ways with 2 odd chips, the side pot of 3 evenly.
    cards = "2c 2d 2h Tc 3d 3h 3s Jc 5c 5d 5h Kh 6d 6h 6s Ah 7h 7s 7c 4c 8s 8c 8d 4d 9c 9d 9s Ad"
    game = Differential(
        "fixed-limit", 4, 0, stacks=[100, 100, 100, 2], cards=cards.split(), passive=True
    )
    tally = Tally()
    game.play(tally)
    assert tally.findings == []
    assert list(game.state.stacks) == [102, 100, 100, 0]
    # wildstud's default gives the two odd chips to the 9s and the 9d: a finding.
    default = Differential(
        "fixed-limit", 4, 0, stacks=[100, 100, 100, 2], cards=cards.split(), passive=True,
        house={"odd_chip": "high-card"},
    )  # fmt: skip
    default.play(tally)
    assert list(default.hand.stacks) == [100, 101, 101, 0]
    assert len(tally.findings) == 1
    assert "stacks" in tally.findings[0]


def test_the_pokerkit_preset_sets_both_rules() -> None:
    rules = preset_rules("pokerkit", "F7S")
    assert rules["short_all_in"] == "full-raise-only"
    assert rules["odd_chip"] == "dealer-left"
    options = find_game("F7S").options(rules)
    assert options.short_all_in is FULL
    assert options.odd_chip is OddChip.DEALER_LEFT


# Five players: p1 and p2 each make a nine-high straight, p3 (two pair) is all in for 1 after its
# ante, p4 calls the bring-in and folds to a bet on fourth street, p5 folds on third. The main pot
# is 9 (the antes and 1 from each of p1 to p4), the side pot 13 (1 more from p1, p2 and p4, and
# the bet of 5 and its call): each odd, both won by p1 and p2.
SIDE_POT_TIE = (
    "2c 2d 2h Tc Td  3d 3h 3s Jc Jd  5c 5d Kh Ks Qc  6d 6h Ah 4h  7h 7s 4c  8s 8c 4d  9c 9d Ad"
)


def _side_pot_tie(odd_chip: str) -> list[tuple[int, int, int]]:
    return [(award.pot, award.seat, award.amount) for award in _side_pot_hand(odd_chip).awards]


def _side_pot_hand(odd_chip: str) -> Hand:
    hand = Hand("F7S", [100, 100, 2, 100, 100], {"odd_chip": odd_chip},
                deck=stack_deck(SIDE_POT_TIE))  # fmt: skip
    play(hand, "p1 bring-in", "p2 call", "p3 call", "p4 call", "p5 fold")
    # Fourth street: p4 checks, p1 bets 5, p2 calls, p4 folds; then everyone checks.
    play(hand, "p4 check", "p1 bet", "p2 call", "p4 fold")
    while hand.to_act is not None:
        hand.act(ActionKind.CHECK)
        hand.run()
    return hand


def test_pots_won_by_the_same_hands_split_as_one_under_dealer_left() -> None:
    # By default each pot is split on its own, the odd chip of each to p2's 9d.
    assert _side_pot_tie("high-card") == [(0, 1, 5), (0, 0, 4), (1, 1, 7), (1, 0, 6)]
    # dealer-left (pokerkit's): the 22 chips split as one, 11 each and no odd chip (each pot on
    # its own would give p1 both odd chips); each pot still says what it gave.
    assert _side_pot_tie("dealer-left") == [(0, 0, 5), (0, 1, 4), (1, 0, 6), (1, 1, 7)]


def test_pokerkit_splits_the_pots_won_by_the_same_hands_as_one() -> None:
    state = pokerkit_state("fixed-limit", [100, 100, 2, 100, 100], None)
    cards = SIDE_POT_TIE.split()
    moves = ["pb", "cc", "cc", "cc", "f", "cc", "cbr", "cc", "f"]
    while state.status:
        if state.can_deal_hole():
            state.deal_hole(cards.pop(0))
        elif not moves:
            state.check_or_call()
        else:
            move = moves.pop(0)
            {"pb": state.post_bring_in, "cc": state.check_or_call, "f": state.fold,
             "cbr": state.complete_bet_or_raise_to}[move]()  # fmt: skip
    assert list(state.stacks) == [103, 103, 0, 97, 99]  # 11 each from the pots of 22
    assert list(_side_pot_hand("dealer-left").stacks) == list(state.stacks)
    assert list(_side_pot_hand("high-card").stacks) == [102, 104, 0, 97, 99]
