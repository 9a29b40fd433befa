"""wildstud's betting against pokerkit's seven-card stud, and the house rules it settled.

The differential run is in tests/tools/pokerkit_diff.py (its docstring lists every deliberate
difference and how the run configures it away or recognises it); docs/house-rules.md explains
them. Here a seeded sample runs in a few seconds.
"""

from __future__ import annotations

import pytest

from tests.tools.pokerkit_diff import Differential, Tally, pokerkit_state, run
from wildstud.betting import BettingRound, CompletionReraise, Limit, Stakes
from wildstud.cards import Deck
from wildstud.deal import Hand
from wildstud.errors import OptionError
from wildstud.games import find_game

HANDS = 1000


@pytest.mark.slow
def test_wildstud_and_pokerkit_agree_on_seeded_hands() -> None:
    tally = run(HANDS, seed=0)
    assert tally.findings == []
    assert tally.hands == HANDS
    assert tally.turns > 5 * HANDS
    # The sample reaches the recognised differences, so the recognising is exercised too.
    assert tally.documented["no cap heads-up"] > 0
    assert tally.documented["open pair"] > 0
    # ... and short all-ins, played alike under `short_all_in` `full-raise-only`.
    assert tally.short_all_ins > 100
    assert set(tally.documented) == {"no cap heads-up", "open pair"}


def test_the_differential_finds_a_raise_nobody_could_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # wildstud before the fix offered a raise whenever one other player had chips behind:
    # counted so, the seats able to answer a raise include those with no more than the bet.
    monkeypatch.setattr(
        BettingRound,
        "_count_deep",
        lambda self: len([seat for seat in self._live if self._stacks[seat] > 0]),
    )
    tally = run(300, seed=0)
    assert any("raise" in finding for finding in tally.findings), tally.findings


# Third street for three players: the hole cards, then the upcards 2c, 9d and 3d. Seat 0 has
# only its ante, so the lowest upcard is all in before the betting.
CARDS = "Ah Kh Jh As Ks Js 2c 9d 3d"


def _first_to_act(rule: str | None) -> int | None:
    options: dict[str, object] = {} if rule is None else {"all_in_low_card": rule}
    hand = Hand(find_game("FTQ").rules(options), [1, 50, 50], deck=Deck.stacked(CARDS.split()))
    hand.run()
    assert [str(option) for option in hand.legal_actions()] == ["bring-in to 2", "complete to 5"]
    return hand.to_act


def test_an_all_in_low_card_passes_the_bring_in_to_the_next_lowest_card_by_default() -> None:
    assert _first_to_act(None) == 2  # the 3d: the lowest upcard of those with chips
    assert _first_to_act("next-lowest-card") == 2


def test_an_all_in_low_card_passes_the_bring_in_to_its_left_under_the_tda_rule() -> None:
    assert _first_to_act("next-seat-left") == 1  # the 9d, on the 2c's left
    # pokerkit gives it to the same seat.
    state = pokerkit_state("fixed-limit", [1, 50, 50], None)
    for card in CARDS.split():
        state.deal_hole(card)
    assert state.actor_index == 1
    assert state.can_post_bring_in()


def test_the_all_in_low_card_rule_refuses_an_unknown_value() -> None:
    with pytest.raises(OptionError, match=r"all_in_low_card.*next-lowest-card, next-seat-left"):
        find_game("FTQ").rules({"all_in_low_card": "dealer"})


def _least_reraise(limit: Limit, rule: CompletionReraise, complete_to: int) -> int:
    stakes = Stakes(limit=limit, completion_reraise=rule)
    rnd = BettingRound(stakes, order=[0, 1, 2], stacks={0: 500, 1: 500, 2: 500}, street_index=0,
                       big_bet=False, bring_in=True, open_pair=False, pot=300)  # fmt: skip
    rnd.apply("bring-in")
    rnd.apply("complete", complete_to)
    raise_option = rnd.options()[-1]
    assert raise_option.kind == "raise"
    return raise_option.min_amount


@pytest.mark.parametrize("limit", [Limit.POT, Limit.NO])
def test_the_least_reraise_after_a_completion(limit: Limit) -> None:
    # Over a bring-in of 2, a completion to 20 raises by 18: the next raise adds at least 18
    # (Robert's Rules, pokerkit), or under the alternative the whole 20.
    assert _least_reraise(limit, CompletionReraise.OVER_BRING_IN, 20) == 38
    assert _least_reraise(limit, CompletionReraise.WHOLE_COMPLETION, 20) == 40
    # A completion to the least bet: the raise adds the least bet either way.
    assert _least_reraise(limit, CompletionReraise.OVER_BRING_IN, 5) == 10
    assert _least_reraise(limit, CompletionReraise.WHOLE_COMPLETION, 5) == 10


@pytest.mark.parametrize(
    ("limit", "complete_to", "least"), [("pot-limit", 9, 16), ("no-limit", 20, 38)]
)
def test_pokerkit_sizes_the_least_reraise_after_a_completion_over_the_bring_in(
    limit: str, complete_to: int, least: int
) -> None:
    state = pokerkit_state(limit, [500, 500, 500], None)
    for card in CARDS.split():  # seat 0 shows the 2c and brings in
        state.deal_hole(card)
    state.post_bring_in()
    state.complete_bet_or_raise_to(complete_to)
    assert state.min_completion_betting_or_raising_to_amount == least
    # wildstud's default agrees.
    structure = Limit.POT if limit == "pot-limit" else Limit.NO
    assert _least_reraise(structure, CompletionReraise.OVER_BRING_IN, complete_to) == least


def test_the_completion_reraise_rule_leaves_fixed_limit_alone() -> None:
    for rule in CompletionReraise:
        rnd = BettingRound(Stakes(completion_reraise=rule), order=[0, 1, 2],
                           stacks={0: 50, 1: 50, 2: 50}, street_index=0, big_bet=False,
                           bring_in=True, open_pair=False, pot=3)  # fmt: skip
        rnd.apply("bring-in")
        rnd.apply("complete")
        assert [str(option) for option in rnd.options()] == ["fold", "call to 5", "raise to 10"]


def test_stakes_refuse_an_unknown_completion_rule() -> None:
    with pytest.raises(OptionError, match="completion_reraise must be one of over-bring-in"):
        Stakes(completion_reraise="half")  # type: ignore[arg-type]


# Seats 0 and 1 hold the same ace-king-jack-nine-seven; seat 2 (ten high) has the 2c and brings
# in. Everyone calls or checks, so the pot of 9 splits with an odd chip.
TIE = "Ah As 4h Kh Ks 6d Jc Jd 2c 9d 9h 8c 7s 7c Th 5h 5s 3h 3c 3d 9c"  # by street, seat by seat


@pytest.mark.parametrize(
    ("odd_chip", "stacks", "findings"),
    [
        # pokerkit's rule: the odd chip to the first tied seat from the dealer's left, seat 0.
        ("dealer-left", [102, 101, 97], 0),
        # wildstud's default: to the tied hand with the highest card by suit, seat 1's As.
        ("high-card", [101, 102, 97], 1),
    ],
)
def test_the_odd_chip_of_a_tie_under_each_rule(
    odd_chip: str, stacks: list[int], findings: int
) -> None:
    game = Differential("fixed-limit", 3, 0, stacks=[100, 100, 100], cards=TIE.split(),
                        passive=True, house={"odd_chip": odd_chip})  # fmt: skip
    tally = Tally()
    game.play(tally)
    assert list(game.hand.stacks) == stacks
    assert list(game.state.stacks) == [102, 101, 97]
    assert len(tally.findings) == findings
    assert tally.odd_chips == 1
