"""The reference hand evaluator: hand-made cases for every category, the house rules, short
boards, the cards as played, descriptions, errors, and properties that must hold for any hand."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from random import Random
from typing import TypedDict

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wildstud
from wildstud.cards import DECK, Card, Rank, Suit, parse_cards
from wildstud.errors import CardError, DuplicateCardError, HandSizeError, WildSpecError
from wildstud.hands import Category, HandValue, PlayedCard, encode, evaluate
from wildstud.hands.evaluator import evaluate_value

C = Category


def ranks(text: str) -> list[Rank]:
    return [Rank("23456789TJQKA".index(char)) for char in text.split()]


def value(category: Category, tiebreak: str, top: bool = True) -> int:
    return encode(category, ranks(tiebreak), top)


def played(hand: HandValue) -> list[str]:
    return [str(card) for card in hand.best_five]


NATURAL_CASES = [
    # cards, category, tie-break ranks, description
    ("As Ks Qs Js Ts", C.STRAIGHT_FLUSH, "A", "royal flush"),
    ("9h Kh Qh Jh Th 2c Ah", C.STRAIGHT_FLUSH, "A", "royal flush"),
    ("9d 8d 7d 6d 5d 4d 3d", C.STRAIGHT_FLUSH, "9", "nine-high straight flush"),
    ("Ac 2c 3c 4c 5c Kd Kh", C.STRAIGHT_FLUSH, "5", "five-high straight flush"),
    ("Kc Kd Kh Ks 2c 3c Qd", C.FOUR_OF_A_KIND, "K Q", "four kings"),
    ("As Ad Ac Kh Kd", C.FULL_HOUSE, "A K", "aces full of kings"),
    ("3s 3d 3c Kh Kd Ks 2c", C.FULL_HOUSE, "K 3", "kings full of threes"),
    ("2s 2d 2c 9h 9d 7s 7c", C.FULL_HOUSE, "2 9", "deuces full of nines"),
    ("Ah 9h 7h 4h 2h Kc Kd", C.FLUSH, "A 9 7 4 2", "ace-high flush"),
    ("Jh 9h 8h 6h 2h 3h Ks", C.FLUSH, "J 9 8 6 3", "jack-high flush"),
    ("Ac Kd Qh Js Tc 9c 9d", C.STRAIGHT, "A", "ace-high straight"),
    ("Ac 2d 3h 4s 5c Kc Kd", C.STRAIGHT, "5", "five-high straight"),
    ("Ac 2d 3h 4s 5c 6c Kd", C.STRAIGHT, "6", "six-high straight"),
    ("Qc Kd Ah 2s 3c 7d 8h", C.HIGH_CARD, "A K Q 8 7", "ace high"),
    ("7s 7d 7c Ah 2d", C.THREE_OF_A_KIND, "7 A 2", "three sevens"),
    ("As Ad Kc Kh 2c Qd Qs", C.TWO_PAIR, "A K Q", "two pair, aces and kings"),
    ("6s 6d 4c 4h 2c", C.TWO_PAIR, "6 4 2", "two pair, sixes and fours"),
    ("As Ad 9c 7h 2c 4d 3s", C.ONE_PAIR, "A 9 7 4", "pair of aces"),
    ("Ts 8d 6c 4h 2c", C.HIGH_CARD, "T 8 6 4 2", "ten high"),
]


@pytest.mark.parametrize(("cards", "category", "tiebreak", "words"), NATURAL_CASES)
def test_natural_hands(cards: str, category: Category, tiebreak: str, words: str) -> None:
    hand = evaluate(cards)
    assert hand.category is category
    assert hand.value == value(category, tiebreak)
    assert hand.describe() == words
    assert hand.wild_count == 0
    assert not any(card.is_wild for card in hand.best_five)


WILD_CASES = [
    # cards, wild spec, category, tie-break ranks, description, wilds used
    ("Kh Kc 7h 7s Ks", "7", C.FIVE_OF_A_KIND, "K", "five kings", 2),
    ("7c 7d Ah 2s 2h 2d 2c", "2", C.FIVE_OF_A_KIND, "A", "five aces", 4),
    ("Qs Qh Qd Qc Ks", "Q,K", C.FIVE_OF_A_KIND, "A", "five aces", 5),
    ("2c 3d 4h 5s 6c 7d 8h", "2,3,4,5,6,7,8", C.FIVE_OF_A_KIND, "A", "five aces", 5),
    ("Kh Qh Jh Th 7s", "7", C.STRAIGHT_FLUSH, "A", "royal flush", 1),
    ("9h 8h 6h 5h 2c", "2", C.STRAIGHT_FLUSH, "9", "nine-high straight flush", 1),
    ("Ah 3h 4h Qd Qc", "Q", C.STRAIGHT_FLUSH, "5", "five-high straight flush", 2),
    ("Kc Kd 2h 2s 9c", "2", C.FOUR_OF_A_KIND, "K 9", "four kings", 2),
    ("9c 9d 9h Jc 3s", "J", C.FOUR_OF_A_KIND, "9 3", "four nines", 1),
    ("As Ad Kc Kh 2c", "2", C.FULL_HOUSE, "A K", "aces full of kings", 1),
    ("Ah Kh 8h 4h 7s", "7", C.FLUSH, "A K Q 8 4", "ace-high flush", 1),
    ("Ah Kh 8h 4h 7s 7c", "7", C.FLUSH, "A K Q J 8", "ace-high flush", 2),
    ("Jc 9c 6c 4c Qd", "Qd", C.FLUSH, "A J 9 6 4", "ace-high flush", 1),
    ("9c 8d 6h 5s 2c", "2", C.STRAIGHT, "9", "nine-high straight", 1),
    ("Ac 2d 3h 4s 9c", "9", C.STRAIGHT, "5", "five-high straight", 1),
    ("Jc 8d 7h Ks Qs Qd", "Q", C.STRAIGHT, "J", "jack-high straight", 2),
    ("As Ac 4h 5s 7c 9d Jh", "4", C.THREE_OF_A_KIND, "A J 9", "three aces", 1),
    ("Ah 9c 7d 5s 2c", "2", C.ONE_PAIR, "A 9 7 5", "pair of aces", 1),
    ("Ah 9c 7d 5s 3c", "2", C.HIGH_CARD, "A 9 7 5 3", "ace high", 0),
]


@pytest.mark.parametrize(("cards", "wild", "category", "tiebreak", "words", "used"), WILD_CASES)
def test_hands_with_wild_cards(
    cards: str, wild: str, category: Category, tiebreak: str, words: str, used: int
) -> None:
    hand = evaluate(cards, wild)
    assert hand.category is category
    assert hand.value == value(category, tiebreak)
    assert hand.describe() == words
    assert hand.wild_count == used


def test_the_follow_the_queen_sheet_example() -> None:
    # Two aces and the four of hearts down, 5♠ 7♣ 9♦ J♥ up; a queen then a four came up last,
    # so fours are wild and the seven that had been wild is a plain seven again.
    hand = evaluate(["A♠", "A♣", "4♥", "5♠", "7♣", "9♦", "J♥"], wild="4")
    assert hand.describe() == "three aces"
    assert hand.value == value(C.THREE_OF_A_KIND, "A J 9")
    assert played(hand) == ["A♠", "A♣", "A♥*", "J♥", "9♦"]
    assert hand.best_five[2].wild == Card(Rank.FOUR, Suit.HEARTS)
    # With sevens still wild the 7♣ would have made the same trips; with both, four aces.
    assert evaluate("As Ac 4h 5s 7c 9d Jh", wild="7").describe() == "three aces"
    assert evaluate("As Ac 4h 5s 7c 9d Jh", wild="4,7").describe() == "four aces"


def test_a_wild_rank_already_held_still_makes_five_of_a_kind() -> None:
    # Two sevens and an ace beside four wilds: the wilds join the ace, not the pair.
    hand = evaluate("7c 7d Ah 2s 2h 2d 2c", wild="2")
    assert played(hand)[0] == "A♥"
    assert [card.is_wild for card in hand.best_five] == [False, True, True, True, True]
    # Four aces plus a wild: the fifth ace copies one already held.
    five = evaluate("As Ah Ad Ac 2c", wild="2")
    assert five.describe() == "five aces"
    assert five.best_five[-1].card.rank is Rank.ACE
    assert five.best_five[-1].wild == Card(Rank.TWO, Suit.CLUBS)


def test_five_of_a_kind_placement_house_rule() -> None:
    # Deuces wild: five kings (three kings and two deuces) or a royal flush in hearts.
    cards = "Kh Qh Jh Kc Ks 2d 2c"
    on_top = evaluate(cards, "2")
    below = evaluate(cards, "2", five_of_a_kind_top=False)
    assert on_top.describe() == "five kings"
    assert below.describe() == "royal flush"
    assert played(below) == ["A♥*", "K♥", "Q♥", "J♥", "10♥*"]
    five_aces = evaluate("Ac Ad Ah As 2c", "2", five_of_a_kind_top=False)
    # Four wilds and an ace make a royal flush, which this rule puts above five aces.
    assert evaluate("2c 2d 2h 2s As", "2", five_of_a_kind_top=False).describe() == "royal flush"
    royal = evaluate("As Ks Qs Js Ts", five_of_a_kind_top=False)
    steel_wheel = evaluate("As 2s 3s 4s 5s", five_of_a_kind_top=False)
    four_aces = evaluate("Ac Ad Ah As Ks", five_of_a_kind_top=False)
    assert four_aces < five_aces < steel_wheel < royal
    assert (
        evaluate("As Ks Qs Js Ts")
        < evaluate("2c 2d 2h 2s 3s", "2")
        < evaluate("2c 2d 2h 2s As", "2")
    )
    assert five_aces.category is C.FIVE_OF_A_KIND


def test_double_ace_flush_house_rule() -> None:
    cards = "Ah Kh 8h 4h 7s 7c"
    default = evaluate(cards, "7")
    double = evaluate(cards, "7", double_ace_flush=True)
    assert default.value == value(C.FLUSH, "A K Q J 8")
    assert played(default) == ["A♥", "K♥", "Q♥*", "J♥*", "8♥"]
    assert double.value == value(C.FLUSH, "A A A K 8")
    assert double.describe() == "triple-ace flush"
    assert played(double) == ["A♥", "A♥*", "A♥*", "K♥", "8♥"]
    assert double > default
    one_wild = evaluate("Ah Kh 9h 4h 7s", "7", double_ace_flush=True)
    assert one_wild.value == value(C.FLUSH, "A A K 9 4")
    assert one_wild.describe() == "double-ace flush"
    # Without a natural ace the wild is the ace either way.
    assert (
        evaluate("Kh 9h 4h 3h 7s", "7", double_ace_flush=True).value
        == evaluate("Kh 9h 4h 3h 7s", "7").value
        == value(C.FLUSH, "A K 9 4 3")
    )


def test_double_ace_rule_leaves_straight_flushes_alone() -> None:
    # A royal flush still needs five different cards; the rule only changes plain flushes.
    for double in (False, True):
        hand = evaluate("Ah Kh Qh Jh 7s", "7", double_ace_flush=double)
        assert hand.describe() == "royal flush"
        assert played(hand) == ["A♥", "K♥", "Q♥", "J♥", "10♥*"]


def test_the_wheel_reads_from_the_five_down() -> None:
    assert played(evaluate("Ac 2d 3h 4s 5c")) == ["5♣", "4♠", "3♥", "2♦", "A♣"]
    assert played(evaluate("As 2s 3s 4s 9d", "9")) == ["5♠*", "4♠", "3♠", "2♠", "A♠"]
    # The ace is never low elsewhere: Q-K-A-2-3 is no straight.
    assert evaluate("Qc Kd Ah 2s 3c").category is C.HIGH_CARD


def test_best_five_shows_what_each_wild_stands_for() -> None:
    # A wild shows a card of its rank that the hand does not hold.
    quads = evaluate("Kc Kd 2h 2s 9c", "2")
    assert played(quads) == ["K♦", "K♣", "K♠*", "K♥*", "9♣"]
    assert {card.wild for card in quads.best_five if card.is_wild} == set(parse_cards("2h 2s"))
    # A wild that stands for its own rank shows itself.
    trips = evaluate("7s 7c 7d Kh 9d", "7s")
    assert played(trips) == ["7♦", "7♣", "7♠*", "K♥", "9♦"]
    assert trips.value == value(C.THREE_OF_A_KIND, "7 K 9")
    straight = evaluate("9c 8d 6h 5s 2c", "2")
    assert played(straight) == ["9♣", "8♦", "7♠*", "6♥", "5♠"]
    flush = evaluate("Jc 9c 6c 4c Qd", "Qd")
    assert played(flush) == ["A♣*", "J♣", "9♣", "6♣", "4♣"]
    assert flush.best_five[0] == PlayedCard(
        Card(Rank.ACE, Suit.CLUBS), Card(Rank.QUEEN, Suit.DIAMONDS)
    )


def test_best_five_reads_groups_first_then_kickers() -> None:
    assert played(evaluate("2c Kd 3h Ks 2d 3c Ah")) == ["K♠", "K♦", "3♥", "3♣", "A♥"]
    assert played(evaluate("9c Kd 9h 9s Qd")) == ["9♠", "9♥", "9♣", "K♦", "Q♦"]
    assert played(evaluate("2c Ad 2h Ks 2d Ac")) == ["2♥", "2♦", "2♣", "A♦", "A♣"]
    assert played(evaluate("Ts 8d 6c 4h 2c 3s 5d")) == ["6♣", "5♦", "4♥", "3♠", "2♣"]


BOARD_CASES = [
    # up to four cards: pairs, two pair, trips and quads only
    ("As", "", C.HIGH_CARD, "A", "ace high"),
    ("2c", "2", C.HIGH_CARD, "A", "ace high"),
    ("Ks Kh", "", C.ONE_PAIR, "K", "pair of kings"),
    ("Ks 2c", "2", C.ONE_PAIR, "K", "pair of kings"),
    ("Ks 9c", "", C.HIGH_CARD, "K 9", "king high"),
    ("Ks Kh 2c", "2", C.THREE_OF_A_KIND, "K", "three kings"),
    ("7s 2c 2d", "2", C.THREE_OF_A_KIND, "7", "three sevens"),
    ("2c 2d 2h", "2", C.THREE_OF_A_KIND, "A", "three aces"),
    ("Ks Kh 3c", "", C.ONE_PAIR, "K 3", "pair of kings"),
    ("As Ad Kc Kh", "", C.TWO_PAIR, "A K", "two pair, aces and kings"),
    ("7s 7c 2c 2d", "2", C.FOUR_OF_A_KIND, "7", "four sevens"),
    ("7s Qc Qd Qh", "Q", C.FOUR_OF_A_KIND, "7", "four sevens"),
    ("As Ks Qs Js", "", C.HIGH_CARD, "A K Q J", "ace high"),
    ("As Ks Qs 2c", "2", C.ONE_PAIR, "A K Q", "pair of aces"),
    ("9s 9h 9d 3c", "", C.THREE_OF_A_KIND, "9 3", "three nines"),
    ("9s 8s 7s 6s", "2", C.HIGH_CARD, "9 8 7 6", "nine high"),
]


@pytest.mark.parametrize(("cards", "wild", "category", "tiebreak", "words"), BOARD_CASES)
def test_boards_of_one_to_four_cards(
    cards: str, wild: str, category: Category, tiebreak: str, words: str
) -> None:
    hand = evaluate(cards, wild)
    assert hand.category is category
    assert hand.value == value(category, tiebreak)
    assert hand.describe() == words
    assert len(hand.best_five) == len(cards.split())


def test_a_longer_board_outranks_a_shorter_one_with_the_same_start() -> None:
    assert evaluate("As Ad") < evaluate("As Ad 2c") < evaluate("As Ad 3c") < evaluate("As Ad 3c 2d")
    assert evaluate("As Ad 3c 2d") < evaluate("Ks Kd Kc")
    assert evaluate("Ks") < evaluate("As") < evaluate("2s 2d")


DESCRIPTIONS = [
    ("7s 7h 7d 7c Qs", "Q", "five sevens"),
    ("6s 6h 6d 6c Qs", "", "four sixes"),
    ("Qs Jd 8h 6c 5s", "", "queen high"),
    ("Qh Jh Th 9h 8h", "", "queen-high straight flush"),
    ("Ts Td 5c 5d 9h", "", "two pair, tens and fives"),
    ("6s 6d 6c 2d 2h", "", "sixes full of deuces"),
    ("2s 2d 8c 9h Ad", "", "pair of deuces"),
]


@pytest.mark.parametrize(("cards", "wild", "words"), DESCRIPTIONS)
def test_descriptions(cards: str, wild: str, words: str) -> None:
    hand = evaluate(cards, wild)
    assert hand.describe() == words
    assert str(hand).startswith(words + " (")


def test_wild_specs_in_every_form() -> None:
    cards = "7c 7d Qs Qh 2d"
    expected = evaluate(cards, "Q")
    assert expected.describe() == "four sevens"
    for spec in (["Q"], [Rank.QUEEN], [10], "q", ("Qs", "Qh"), parse_cards("Qs Qh"), "Qs,Qh,Kd"):
        assert evaluate(cards, spec) == expected
    assert evaluate(cards, "Qs").describe() == "three sevens"
    assert evaluate(cards, None).describe() == "two pair, queens and sevens"
    assert evaluate(cards).describe() == "two pair, queens and sevens"
    assert evaluate(parse_cards(cards), "Q") == expected
    assert evaluate(["7c", "7d", "Q♠", "Q♥", "2♦"], "Q") == expected


def test_the_top_level_exports() -> None:
    assert wildstud.evaluate is evaluate
    assert wildstud.HandValue is HandValue
    assert wildstud.PlayedCard is PlayedCard
    assert wildstud.Category is Category


def test_hand_values_are_frozen_and_compare_by_value_only() -> None:
    spades = evaluate("As Ks Qs Js 9s")
    hearts = evaluate("Ah Kh Qh Jh 9h")
    assert spades == hearts
    assert spades.best_five != hearts.best_five
    assert hash(spades) == hash(hearts)
    assert not spades < hearts
    assert spades <= hearts <= spades
    assert spades != evaluate("As Ks Qs Js 8s")
    assert (spades == spades.value) is False
    with pytest.raises(TypeError):
        _ = spades < 3  # type: ignore[operator]
    with pytest.raises(AttributeError):
        spades.value = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        spades.best_five[0].wild = None  # type: ignore[misc]


def test_played_cards() -> None:
    natural = PlayedCard(Card(Rank.ACE, Suit.SPADES))
    wild = PlayedCard(Card(Rank.ACE, Suit.SPADES), wild=Card(Rank.FOUR, Suit.HEARTS))
    assert str(natural) == "A♠"
    assert str(wild) == "A♠*"
    assert not natural.is_wild
    assert wild.is_wild
    assert natural != wild
    assert repr(wild) == "PlayedCard(Card('As'), wild=Card('4h'))"
    assert repr(natural) == "PlayedCard(Card('As'))"


@pytest.mark.parametrize(
    ("cards", "error", "words"),
    [
        ("As Xx Kd", CardError, "'Xx'"),
        ("As 1h", CardError, "'1h'"),
        ("As Kd As", DuplicateCardError, "card given twice: As"),
        (["As", "A♠"], DuplicateCardError, "card given twice: As"),
        ("As Ks Qs Js Ts 9s 8s 7s", HandSizeError, "1 to 7 cards, got 8"),
        (list(DECK), HandSizeError, "got 52"),
        ("", HandSizeError, "1 to 7 cards, got 0"),
        ([], HandSizeError, "got 0"),
    ],
)
def test_bad_hands_are_refused_with_a_message(
    cards: str | list[str] | list[Card], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words) as caught:
        evaluate(cards)
    assert isinstance(caught.value, wildstud.WildstudError)


def test_a_bad_wild_spec_is_refused_with_a_message() -> None:
    with pytest.raises(WildSpecError, match="'Z'"):
        evaluate("As Kd", "Q,Z")


# Properties that hold for every hand.

hands = st.lists(st.sampled_from(DECK), min_size=1, max_size=7, unique=True)


class Ranking(TypedDict):
    """The evaluator's two house rules, as its keyword arguments."""

    five_of_a_kind_top: bool
    double_ace_flush: bool


flags = st.builds(Ranking, five_of_a_kind_top=st.booleans(), double_ace_flush=st.booleans())


@st.composite
def hands_with_wilds(draw: st.DrawFn) -> tuple[list[Card], list[Rank | Card]]:
    cards = draw(hands)
    wild_ranks = draw(st.lists(st.sampled_from(list(Rank)), max_size=2, unique=True))
    wild_cards = draw(st.lists(st.sampled_from(cards), unique=True))
    spec: list[Rank | Card] = [*wild_ranks, *wild_cards]
    return cards, spec


def rename_suits(cards: Sequence[Card], order: Sequence[Suit]) -> list[Card]:
    return [Card(card.rank, order[card.suit]) for card in cards]


@given(hands_with_wilds(), hands_with_wilds(), flags)
def test_order_is_total_and_follows_the_value(
    first: tuple[list[Card], list[Rank | Card]],
    second: tuple[list[Card], list[Rank | Card]],
    options: Ranking,
) -> None:
    a = evaluate(*first, **options)
    b = evaluate(*second, **options)
    assert [a < b, a == b, a > b].count(True) == 1
    assert (a < b) == (a.value < b.value)
    assert (a == b) == (a.value == b.value)
    assert (a <= b) == (not a > b)
    assert (a >= b) == (not a < b)
    assert (a != b) is not (a == b)
    if a == b:
        assert hash(a) == hash(b)
        assert a.category is b.category
        assert a.describe() == b.describe()


@given(hands_with_wilds(), flags, st.data())
def test_making_a_natural_card_wild_never_lowers_the_hand(
    hand: tuple[list[Card], list[Rank | Card]], options: Ranking, data: st.DataObject
) -> None:
    cards, spec = hand
    before = evaluate(cards, spec, **options)
    naturals = [card for card in cards if card not in wildstud.wild_cards(spec)]
    if naturals:
        card = data.draw(st.sampled_from(naturals))
        assert evaluate(cards, [*spec, card], **options) >= before


@given(hands_with_wilds(), flags, st.permutations(list(Suit)))
def test_renaming_suits_changes_nothing(
    hand: tuple[list[Card], list[Rank | Card]], options: Ranking, order: list[Suit]
) -> None:
    cards, spec = hand
    renamed_spec = [
        item if isinstance(item, Rank) else rename_suits([item], order)[0] for item in spec
    ]
    assert (
        evaluate(rename_suits(cards, order), renamed_spec, **options).value
        == evaluate(cards, spec, **options).value
    )


@given(hands_with_wilds(), flags, st.randoms(use_true_random=False))
def test_the_order_of_the_cards_does_not_matter(
    hand: tuple[list[Card], list[Rank | Card]], options: Ranking, rng: Random
) -> None:
    cards, spec = hand
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert evaluate(shuffled, spec, **options).value == evaluate(cards, spec, **options).value


@given(hands_with_wilds(), flags)
def test_the_cards_as_played_make_the_value(
    hand: tuple[list[Card], list[Rank | Card]], options: Ranking
) -> None:
    cards, spec = hand
    result = evaluate(cards, spec, **options)
    wild = wildstud.wild_cards(spec)
    in_hand = set(cards)
    assert len(result.best_five) == min(len(cards), 5)
    assert result.wild_count == sum(card.is_wild for card in result.best_five)
    used = [card.wild if card.wild is not None else card.card for card in result.best_five]
    assert len(set(used)) == len(used)
    assert set(used) <= in_hand
    for card in result.best_five:
        if card.wild is None:
            assert card.card in in_hand
            assert card.card not in wild
        else:
            assert card.wild in wild
    shown = [card.card for card in result.best_five]
    duplicates_allowed = result.category is C.FIVE_OF_A_KIND or (
        options["double_ace_flush"] and result.category is C.FLUSH
    )
    if not duplicates_allowed:
        # Played as plain cards, without wilds, the five cards make the same hand.
        assert len(set(shown)) == len(shown)
        assert evaluate(shown, **options).value == result.value


@given(hands_with_wilds())
def test_the_five_of_a_kind_rule_only_swaps_the_top_two_categories(
    hand: tuple[list[Card], list[Rank | Card]],
) -> None:
    top = evaluate(*hand)
    below = evaluate(*hand, five_of_a_kind_top=False)
    swapped = {C.FIVE_OF_A_KIND, C.STRAIGHT_FLUSH}
    if top.category not in swapped and below.category not in swapped:
        assert top.value == below.value
    else:
        assert {top.category, below.category} <= swapped
        assert top.category is C.FIVE_OF_A_KIND or below.category is C.STRAIGHT_FLUSH


def test_every_category_is_reachable_with_and_without_wilds() -> None:
    naturals = {evaluate(cards).category for cards, *_ in NATURAL_CASES}
    wilds = {evaluate(cards, wild).category for cards, wild, *_ in WILD_CASES}
    assert naturals == set(Category) - {C.FIVE_OF_A_KIND}
    assert wilds == set(Category) - {C.TWO_PAIR}


def test_with_wilds_two_pair_never_beats_trips() -> None:
    # A wild on the higher pair of two pair makes a full house, and a wild beside one pair
    # makes trips: the best hand with a wild is never two pair.
    for cards in itertools.combinations(parse_cards("As Ad Kc Kh Qs 9d"), 5):
        assert evaluate([*cards, Card(Rank.TWO, Suit.CLUBS)], "2").category is not C.TWO_PAIR


@pytest.mark.parametrize("top", [True, False])
@pytest.mark.parametrize("double", [True, False])
def test_the_value_alone_is_the_value_of_the_whole_evaluation(top: bool, double: bool) -> None:
    # evaluate_value() finds the value without playing the cards: it must never differ from
    # evaluate(), whatever the hand size, the number of wild cards and the house rules.
    rng = Random(f"value-{top}-{double}")
    for _ in range(5000):
        hand = rng.sample(DECK, rng.randint(1, 7))
        wild = rng.sample(hand, min(rng.choice([0, 1, 2, 3, 4, 5, 7]), len(hand)))
        wild_set = frozenset(wild + rng.sample(DECK, rng.randint(0, 2)))
        flags = {"five_of_a_kind_top": top, "double_ace_flush": double}
        expected = evaluate(hand, wild_set, **flags).value
        assert evaluate_value(hand, wild_set, **flags) == expected, (hand, sorted(wild_set))
