"""The wild-card rules: the sheets' examples, the named edge cases, and an independent oracle."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wildstud import evaluate
from wildstud.cards import DECK, Card, Rank, parse_card, parse_cards
from wildstud.errors import OptionError
from wildstud.wilds import (
    BabyDaddy,
    FaceUp,
    FollowTheQueen,
    HeldCard,
    NoWilds,
    QueenOfSpadesInHole,
    QueensRule,
    SmackMyBitchUp,
    Trigger,
    WildStep,
    rank_cards,
)
from wildstud.words import describe_change, describe_wild

QUEENS = rank_cards(Rank.QUEEN)
KINGS = rank_cards(Rank.KING)


def words(step: WildStep) -> str | None:
    """What a step did, in the words the command line prints (``None``: nothing changed)."""
    return None if step.change is None else describe_change(step.change)


def ups(text: str) -> list[FaceUp]:
    """``"Qd:0 7c:1"`` → face-up cards with their seats (``-`` for the centre)."""
    result = []
    for token in text.split():
        card, seat = token.split(":")
        result.append(FaceUp(parse_card(card), None if seat == "-" else int(seat)))
    return result


def hand(down: str, up: str = "", last: str = "", last_up: bool = False) -> list[HeldCard]:
    cards = [HeldCard(c, False) for c in parse_cards(down)]
    cards += [HeldCard(c, True) for c in parse_cards(up)]
    cards += [HeldCard(c, last_up) for c in parse_cards(last)]
    return cards


# -- Follow the Queen -------------------------------------------------------------------------


def test_follow_the_queen_sheet_example() -> None:
    # Four players; third street upcards first, then fourth street (Q♦ to p1, 7♣ to p2), then
    # fifth street (Q♥ to p3, 4♠ to p4), then sixth street with no queen.
    sequence = ups(
        "2c:0 5s:1 8h:2 Td:3 Qd:0 7c:1 3s:2 6d:3 Kc:0 9d:1 Qh:2 4s:3 Ah:0 Jh:1 5c:2 8c:3"
    )
    hands = {1: hand("As Ac", "5s 7c 9d Jh", "4h")}
    wilds = FollowTheQueen().wilds(sequence, hands)
    after = {(step.card, step.seat): step.wild for step in wilds.timeline}
    assert after[(parse_card("7c"), 1)] == rank_cards(Rank.SEVEN)
    assert after[(parse_card("Qh"), 2)] == frozenset()
    assert after[(parse_card("4s"), 3)] == rank_cards(Rank.FOUR)
    assert wilds.wild == rank_cards(Rank.FOUR)
    assert describe_wild(wilds.wild) == "fours are wild"
    seven = next(step for step in wilds.timeline if step.card == parse_card("7c"))
    assert words(seven) == "Q♦ to p1, then 7♣ to p2: sevens are wild"
    assert seven.trigger is Trigger.FOLLOWER
    queen = next(step for step in wilds.timeline if step.card == parse_card("Qh"))
    assert words(queen) == "Q♥ to p3: sevens are no longer wild; the next face-up card will be wild"
    # Player 2: the 4♥ in the hole makes three aces; the 7♣ is just a seven now.
    value = evaluate(parse_cards("As Ac 4h 5s 7c 9d Jh"), wild=wilds.for_seat(1))
    assert value.describe() == "three aces"
    assert [played.wild for played in value.best_five if played.wild is not None] == [
        parse_card("4h")
    ]


def test_queen_last_upcard_of_a_street_is_followed_on_the_next() -> None:
    # Fourth street ends with Q♣ to p3 (the last seat); fifth street's first upcard follows it.
    sequence = ups("9c:0 8d:1 Qc:2 6h:0 2s:1 3s:2")
    wilds = FollowTheQueen().wilds(sequence)
    assert wilds.timeline[2].wild == frozenset()
    assert wilds.timeline[3].wild == rank_cards(Rank.SIX)
    assert words(wilds.timeline[3]) == "Q♣ to p3, then 6♥ to p1: sixes are wild"
    assert wilds.wild == rank_cards(Rank.SIX)


@pytest.mark.parametrize(
    ("queens", "public", "seat_zero"),
    [
        ("natural", frozenset(), frozenset()),
        ("all", QUEENS, QUEENS),
        ("hidden", frozenset(), frozenset({parse_card("Qc")})),
        ("hidden-after-face-up", QUEENS, QUEENS),
    ],
)
def test_queen_as_last_upcard_of_the_hand(
    queens: str, public: frozenset[Card], seat_zero: frozenset[Card]
) -> None:
    sequence = ups("9c:0 8d:1 7c:0 Qd:1 5c:0 2d:1 3c:0 Qh:1")
    hands = {0: hand("Qc 4c", "9c 7c 5c 3c", "Ts"), 1: hand("Kd Kh", "8d Qd 2d Qh", "Js")}
    wilds = FollowTheQueen(queens=QueensRule(queens)).wilds(sequence, hands)
    assert wilds.pending == FaceUp(parse_card("Qh"), 1)
    assert wilds.wild == public
    assert wilds.for_seat(0) == seat_zero
    # The follower 2♦ of the first queen stopped being wild at once when Q♥ landed.
    assert rank_cards(Rank.TWO).isdisjoint(wilds.for_seat(1))


def test_centre_card_follows_a_final_queen() -> None:
    sequence = ups("9c:0 Qd:1 Ts:-")
    wilds = FollowTheQueen().wilds(sequence)
    assert wilds.wild == rank_cards(Rank.TEN)
    assert words(wilds.timeline[-1]) == "Q♦ to p2, then 10♠ to the centre: tens are wild"


def test_queen_right_after_a_queen_starts_a_new_follow() -> None:
    sequence = ups("Qd:0 Qh:1 5c:2")
    wilds = FollowTheQueen().wilds(sequence)
    assert wilds.timeline[1].trigger is Trigger.QUEEN
    assert wilds.timeline[1].wild == frozenset()
    assert "a new follow starts after Q♦" in (words(wilds.timeline[1]) or "")
    assert words(wilds.timeline[2]) == "Q♥ to p2, then 5♣ to p3: fives are wild"
    assert wilds.wild == rank_cards(Rank.FIVE)


def test_face_down_cards_never_set_the_wild_rank_but_can_be_wild() -> None:
    # p1 holds Q♠ and 8♥ in the hole: neither changes anything; the 8♥ is wild once eights are.
    sequence = ups("Qd:1 8c:0")
    hands = {0: hand("Qs 8h", "8c")}
    wilds = FollowTheQueen().wilds(sequence, hands)
    assert wilds.wild == rank_cards(Rank.EIGHT)
    assert parse_card("8h") in wilds.for_seat(0)
    assert parse_card("Qs") not in wilds.for_seat(0)


def test_hidden_queens_are_per_player_and_private() -> None:
    hands = {0: hand("Qs 2h", "Qd"), 1: hand("Qc 3h", "4d")}
    wilds = FollowTheQueen(queens=QueensRule.HIDDEN).wilds(ups("Qd:0 4d:1"), hands)
    assert wilds.wild == rank_cards(Rank.FOUR)
    assert wilds.for_seat(0) == rank_cards(Rank.FOUR) | {parse_card("Qs")}
    assert wilds.for_seat(1) == rank_cards(Rank.FOUR) | {parse_card("Qc")}
    # The face-up Q♦ is not wild: it cost p1 nothing under pay-for-wild.
    assert not wilds.timeline[0].wild_on_landing


def test_hidden_after_face_up_waits_for_a_face_up_queen() -> None:
    rule = FollowTheQueen(queens=QueensRule.HIDDEN_AFTER_FACE_UP)
    hands = {0: hand("Qs 2h", "5d")}
    before = rule.wilds(ups("5d:0 7c:1"), hands)
    assert before.for_seat(0) == frozenset()
    after = rule.wilds(ups("5d:0 7c:1 Qh:1 9d:0"), hands)
    assert after.for_seat(0) == QUEENS | rank_cards(Rank.NINE)
    assert after.timeline[2].wild_on_landing
    assert "queens are wild" in (words(after.timeline[2]) or "")


def test_turned_wild_lists_upcards_that_became_wild() -> None:
    sequence = ups("7h:0 Qd:1 7c:2 4s:0")
    wilds = FollowTheQueen().wilds(sequence)
    follower = wilds.timeline[2]
    assert follower.wild_on_landing
    assert follower.turned_wild == (0,)
    assert wilds.timeline[3].turned_wild == ()
    assert wilds.timeline[3].wild_on_landing is False


def test_follow_the_queen_refuses_an_unknown_queens_rule() -> None:
    with pytest.raises(OptionError, match=r"'queens' cannot be 'some'.*hidden-after-face-up"):
        FollowTheQueen(queens="some")  # type: ignore[arg-type]


# -- Smack My Bitch Up ------------------------------------------------------------------------


def test_smack_my_bitch_up_sheet_example() -> None:
    sequence = ups("Qh:0 7d:1 2c:2 Ks:2 5h:3 Qc:0 3h:1")
    wilds = SmackMyBitchUp().wilds(sequence)
    assert wilds.initial == QUEENS
    assert wilds.timeline[1].wild == QUEENS | rank_cards(Rank.SEVEN)
    assert words(wilds.timeline[1]) == "Q♥ to p1, then 7♦ to p2: queens and sevens are wild"
    king = wilds.timeline[3]
    assert king.wild == KINGS
    assert words(king) == "K♠ to p3: only kings are wild"
    assert king.trigger is Trigger.KING
    assert wilds.timeline[4].wild == KINGS  # the card after a king is no follower
    assert words(wilds.timeline[4]) is None
    assert words(wilds.timeline[5]) == (
        "Q♣ to p1: kings are no longer wild; queens are wild; the next face-up card will be wild"
    )
    assert wilds.wild == QUEENS | rank_cards(Rank.THREE)


def test_king_right_after_a_queen_is_a_king() -> None:
    wilds = SmackMyBitchUp().wilds(ups("Qh:0 Kd:1 5s:2"))
    assert wilds.timeline[1].trigger is Trigger.KING
    assert wilds.wild == KINGS
    assert wilds.pending is None


def test_queen_right_after_a_king_brings_the_queens_back() -> None:
    wilds = SmackMyBitchUp().wilds(ups("Kd:0 Qh:1 5s:2"))
    assert wilds.timeline[0].wild == KINGS
    assert wilds.timeline[1].wild == QUEENS
    assert wilds.wild == QUEENS | rank_cards(Rank.FIVE)


def test_second_king_cancels_nothing_new() -> None:
    wilds = SmackMyBitchUp().wilds(ups("Kd:0 Kh:1"))
    assert [step.trigger for step in wilds.timeline] == [Trigger.KING, None]
    assert all(step.wild_on_landing for step in wilds.timeline)


def test_smack_my_bitch_up_final_queen_leaves_queens_only() -> None:
    wilds = SmackMyBitchUp().wilds(ups("Qh:0 7d:1 Qc:2"))
    assert wilds.wild == QUEENS
    assert wilds.pending == FaceUp(parse_card("Qc"), 2)


# -- Who Da Baby Daddy Is ---------------------------------------------------------------------


def test_baby_daddy_wild_rank_is_each_players_own() -> None:
    hands = {
        0: hand("4d 9h", "4h 4c Jh Kc", "9c", last_up=True),
        1: hand("2d 3d", "9s 8s 7s 6s", "3c", last_up=True),
    }
    sequence = ups("4h:0 9s:1 4c:0 8s:1 Jh:0 7s:1 Kc:0 6s:1 9c:0 3c:1")
    wilds = BabyDaddy(cards=7).wilds(sequence, hands)
    assert wilds.wild == frozenset()
    assert wilds.for_seat(0) == rank_cards(Rank.NINE)
    assert wilds.for_seat(1) == rank_cards(Rank.THREE)
    # Threes make p2 a jack-high straight flush; p1's nines are not wild for p2.
    value = evaluate([c.card for c in hands[1]], wild=wilds.for_seat(1))
    assert value.describe() == "jack-high straight flush"
    assert parse_card("9s") not in wilds.for_seat(1)
    assert [step.trigger for step in wilds.timeline[-2:]] == [Trigger.LAST_CARD] * 2
    assert wilds.timeline[-2].wild_on_landing


def test_baby_daddy_before_the_last_card_nothing_is_wild() -> None:
    hands = {0: hand("4d 9h", "4h")}
    wilds = BabyDaddy(cards=5).wilds(ups("4h:0"), hands)
    assert wilds.for_seat(0) == frozenset()
    assert all(step.trigger is None for step in wilds.timeline)


def test_baby_daddy_community_card_is_everyones_last_card() -> None:
    hands = {
        0: hand("4d 9h", "4h 4c Jh Kc", "8c"),
        1: hand("2d 3d", "9s 8s 7s 6s", "8c"),
    }
    wilds = BabyDaddy(cards=7).wilds(ups("4h:0 9s:1 4c:0 8s:1 Jh:0 7s:1 Kc:0 6s:1"), hands)
    assert wilds.for_seat(0) == wilds.for_seat(1) == rank_cards(Rank.EIGHT)


# -- The Bitch --------------------------------------------------------------------------------


def test_the_bitch_has_no_wild_cards_by_default() -> None:
    wilds = NoWilds().wilds(ups("Qh:0 7d:1"), {0: hand("Qs 2c", "Qh")})
    assert wilds.for_seat(0) == frozenset()
    assert all(words(step) is None for step in wilds.timeline)


def test_queen_of_spades_wild_only_in_the_hole_of_its_holder() -> None:
    hands = {0: hand("Qs 2c", "3d"), 1: hand("Qh Qd", "Qc")}
    wilds = QueenOfSpadesInHole().wilds(ups("3d:0 Qc:1"), hands)
    assert wilds.for_seat(0) == frozenset({parse_card("Qs")})
    assert wilds.for_seat(1) == frozenset()
    value = evaluate(parse_cards("Qs 2c 3c 4c 5c Kd 9h"), wild=wilds.for_seat(0))
    assert value.describe() == "six-high straight flush"
    assert evaluate(parse_cards("Qs 2c 3c 4c 5c Kd 9h"), wild=wilds.for_seat(1)).wild_count == 0


def test_describe_wild_reads_naturally() -> None:
    assert describe_wild(KINGS) == "kings are wild"
    assert describe_wild(QUEENS | {parse_card("7s")}) == "queens and 7♠ are wild"
    assert describe_wild({parse_card("Qs"), parse_card("2c")}) == "Q♠ and 2♣ are wild"


# -- an independent oracle over random deals ----------------------------------------------------


def _ftq_oracle(cards: Sequence[Card], queens: QueensRule) -> frozenset[Card]:
    """The public wild cards by a different route: look back for the last face-up queen."""
    positions = [i for i, card in enumerate(cards) if card.rank is Rank.QUEEN]
    wild: frozenset[Card] = frozenset()
    if positions and positions[-1] + 1 < len(cards):
        wild = rank_cards(cards[positions[-1] + 1].rank)
    if queens is QueensRule.ALL or (queens is QueensRule.HIDDEN_AFTER_FACE_UP and positions):
        wild |= QUEENS
    return wild


def _smbu_oracle(cards: Sequence[Card]) -> frozenset[Card]:
    positions = [i for i, card in enumerate(cards) if card.rank in (Rank.QUEEN, Rank.KING)]
    if not positions:
        return QUEENS
    last = positions[-1]
    if cards[last].rank is Rank.KING:
        return KINGS
    if last + 1 < len(cards):
        return QUEENS | rank_cards(cards[last + 1].rank)
    return QUEENS


face_up_sequences = st.lists(st.sampled_from(DECK), unique=True, max_size=30)


@given(face_up_sequences, st.sampled_from(list(QueensRule)))
def test_follow_the_queen_matches_the_oracle_after_every_card(
    cards: list[Card], queens: QueensRule
) -> None:
    sequence = [FaceUp(card, i % 8) for i, card in enumerate(cards)]
    wilds = FollowTheQueen(queens=queens).wilds(sequence)
    assert len(wilds.timeline) == len(cards)
    for i, step in enumerate(wilds.timeline):
        assert step.wild == _ftq_oracle(cards[: i + 1], queens)
        changed = step.wild != (wilds.timeline[i - 1].wild if i else wilds.initial)
        if changed:
            assert words(step) is not None


@given(face_up_sequences)
def test_smack_my_bitch_up_matches_the_oracle_after_every_card(cards: list[Card]) -> None:
    sequence = [FaceUp(card, i % 8) for i, card in enumerate(cards)]
    wilds = SmackMyBitchUp().wilds(sequence)
    for i, step in enumerate(wilds.timeline):
        assert step.wild == _smbu_oracle(cards[: i + 1])
        before = wilds.timeline[i - 1].wild if i else wilds.initial
        assert (step.trigger is Trigger.KING) == (step.card.rank is Rank.KING and before != KINGS)
        assert step.wild_on_landing == (step.card in step.wild)
