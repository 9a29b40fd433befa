"""Changes of the wild cards as data, their words, and each rule's shortcuts held to its walk.

Every kind of :class:`~wildstud.wilds.Trigger` is produced by a rule (or, for the last face-up
queen, by the dealer) and worded by :func:`~wildstud.words.describe_change`; the dealer's
shortcuts (``_quiet``, ``_own_wild``) are checked against the rule's full walk over random deals.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wildstud.cards import DECK, Card, Rank, parse_card
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
    WildChange,
    WildRule,
    WildTracker,
    rank_cards,
)
from wildstud.words import describe_change

NOTHING: frozenset[Card] = frozenset()
QUEENS = rank_cards(Rank.QUEEN)
KINGS = rank_cards(Rank.KING)
SEVENS = rank_cards(Rank.SEVEN)
QH = FaceUp(parse_card("Qh"), 0)

# One change of every kind, as data, and the words it gets.
WORDINGS = [
    (
        WildChange(Trigger.QUEEN, parse_card("Qh"), 0, NOTHING, NOTHING),
        "Q♥ to Ann: the next face-up card will be wild",
    ),
    (
        WildChange(Trigger.QUEEN, parse_card("Qd"), 1, NOTHING, SEVENS),
        "Q♦ to Bob: sevens are no longer wild; the next face-up card will be wild",
    ),
    (
        WildChange(Trigger.QUEEN, parse_card("Qd"), 1, NOTHING, NOTHING, QH),
        "Q♦ to Bob: a new follow starts after Q♥; the next face-up card will be wild",
    ),
    (
        WildChange(Trigger.QUEEN, parse_card("Qd"), 1, QUEENS, QUEENS),
        "Q♦ to Bob: queens stay wild; the next face-up card will be wild",
    ),
    (
        WildChange(Trigger.QUEEN, parse_card("Qd"), 1, QUEENS, NOTHING),
        "Q♦ to Bob: queens are wild, face up and in the hole; the next face-up card will be wild",
    ),
    (
        WildChange(Trigger.FOLLOWER, parse_card("7d"), 1, SEVENS, NOTHING, QH),
        "Q♥ to Ann, then 7♦ to Bob: sevens are wild",
    ),
    (
        WildChange(Trigger.CENTRE, parse_card("7d"), None, SEVENS, NOTHING, QH),
        "Q♥ to Ann, then 7♦ to the centre: sevens are wild",
    ),
    (
        WildChange(Trigger.KING, parse_card("Ks"), 2, KINGS, QUEENS | SEVENS),
        "K♠ to Cy: only kings are wild",
    ),
    (
        WildChange(Trigger.QUEEN_RETURNS, parse_card("Qc"), 0, QUEENS, KINGS),
        "Q♣ to Ann: kings are no longer wild; queens are wild; the next face-up card will be wild",
    ),
    (
        WildChange(Trigger.NO_FOLLOWER, parse_card("Qc"), 2, NOTHING, SEVENS),
        "Q♣ to Cy: sevens are no longer wild; it is the last face-up card, so no card follows it;"
        " nothing is wild",
    ),
    (
        WildChange(Trigger.NO_FOLLOWER, parse_card("Qc"), 2, QUEENS, QUEENS),
        "Q♣ to Cy: it is the last face-up card, so no card follows it; queens are wild",
    ),
    (
        WildChange(Trigger.NO_FOLLOWER, parse_card("Qc"), 2, NOTHING, NOTHING),
        "Q♣ to Cy: it is the last face-up card, so no card follows it; nothing is wild",
    ),
    (
        WildChange(Trigger.NO_FOLLOWER, parse_card("Qd"), 1, NOTHING, NOTHING, QH),
        "Q♦ to Bob: it comes right after Q♥ and is the last face-up card, so no card follows"
        " either queen; nothing is wild",
    ),
    (
        WildChange(Trigger.NO_FOLLOWER, parse_card("Qd"), 1, QUEENS, QUEENS, QH),
        "Q♦ to Bob: it comes right after Q♥ and is the last face-up card, so no card follows"
        " either queen; queens are wild",
    ),
    (
        WildChange(Trigger.LAST_CARD, parse_card("9s"), 1, NOTHING, NOTHING),
        "9♠ to Bob is Bob's last card: nines are wild for Bob only",
    ),
]


@pytest.mark.parametrize(("change", "words"), WORDINGS)
def test_each_kind_of_change_reads_as_its_data_says(change: WildChange, words: str) -> None:
    assert describe_change(change, {0: "Ann", 1: "Bob", 2: "Cy"}) == words


def test_every_kind_of_change_has_a_wording() -> None:
    assert {change.kind for change, _ in WORDINGS} == set(Trigger)


def test_no_follower_never_promises_a_next_card() -> None:
    for change, words in WORDINGS:
        if change.kind is Trigger.NO_FOLLOWER:
            assert "next face-up card" not in words
            assert "follow starts" not in words  # nothing follows the last face-up card


def test_the_walks_record_the_kinds_they_name() -> None:
    def kinds(rule: WildRule, text: str) -> list[Trigger | None]:
        sequence = []
        for token in text.split():
            card, seat = token.split(":")
            sequence.append(FaceUp(parse_card(card), None if seat == "-" else int(seat)))
        return [step.trigger for step in rule.wilds(sequence).timeline]

    smbu = kinds(SmackMyBitchUp(), "Qh:0 7d:1 Ks:2 Qc:0 Qd:1")
    assert smbu == [
        Trigger.QUEEN,
        Trigger.FOLLOWER,
        Trigger.KING,
        Trigger.QUEEN_RETURNS,
        Trigger.QUEEN,
    ]
    assert kinds(FollowTheQueen(), "Qh:0 Qd:- 5c:1") == [Trigger.QUEEN, Trigger.CENTRE, None]
    assert kinds(BabyDaddy(cards=5), "4h:0 9c:0 Kd:0") == [None, None, Trigger.LAST_CARD]


def test_a_step_carries_its_change_and_the_words_made_from_it() -> None:
    wilds = FollowTheQueen().wilds([("Qh", 0), ("7d", 1)])
    step = wilds.timeline[1]
    assert step.change == WildChange(Trigger.FOLLOWER, parse_card("7d"), 1, SEVENS, NOTHING, QH)
    words = describe_change(step.change, {0: "Ann", 1: "Bob"})
    assert words == "Q♥ to Ann, then 7♦ to Bob: sevens are wild"


# -- the dealer's shortcuts against the full walk ------------------------------------------------

RULES: list[WildRule] = [
    *(FollowTheQueen(queens=queens) for queens in QueensRule),
    SmackMyBitchUp(),
    BabyDaddy(cards=5),
    BabyDaddy(cards=7),
    NoWilds(),
    QueenOfSpadesInHole(),
]


@st.composite
def deals(draw: st.DrawFn) -> tuple[int, list[tuple[int, Card, bool]]]:
    """A deal in stud order: each seat two cards down, then up cards, the seventh down."""
    players = draw(st.integers(2, 5))
    streets = draw(st.integers(1, 5))
    cards = draw(st.permutations(DECK))
    dealt: list[tuple[int, Card, bool]] = []
    order = [False, False, *([True] * streets)]
    if streets == 5:
        order[-1] = False
    for up in order:
        for seat in range(players):
            dealt.append((seat, cards[len(dealt)], up))
    return players, dealt


@pytest.mark.parametrize("rule", RULES, ids=repr)
@given(deal=deals())
def test_a_quiet_card_is_one_the_walk_changes_nothing_for(
    rule: WildRule, deal: tuple[int, Sequence[tuple[int, Card, bool]]]
) -> None:
    players, dealt = deal
    hands: dict[int, list[HeldCard]] = {seat: [] for seat in range(players)}
    ups: list[FaceUp] = []
    tracker = WildTracker(rule)
    for seat, card, up in dealt:
        hands[seat].append(HeldCard(card, up))
        if not up:
            continue
        before = rule.wilds(ups, hands)
        assert before._progress is not None  # every walk keeps where it stopped
        state = before._progress.state
        quiet = rule._quiet(FaceUp(card, seat), state, {seat: hands[seat]})
        # The dealer's shortcut, which reads no hand: the tracker's set of quiet cards.
        by_code = tracker.quiet_codes >> card.code & 1
        ups.append(FaceUp(card, seat))
        walked = rule.wilds(ups, hands)
        step = walked.timeline[-1]
        if quiet or by_code:
            assert step.change is None
            assert step.wild == before.wild
            assert walked._progress is not None
            assert walked._progress.state == state
        if by_code:
            assert quiet
            tracker.add_quiet(FaceUp(card, seat))
        else:
            # The dealer, taking the shortcut where it may, gets the walk's step every time.
            assert tracker.add(FaceUp(card, seat), {seat: hands[seat]}) == step
        for other in range(players):
            assert tracker.seat_wild(other, hands[other]) == walked.for_seat(other)
    # The steps of the cards taken without one are made when the timeline is asked for.
    assert tracker.wilds(hands).timeline == rule.wilds(ups, hands).timeline
