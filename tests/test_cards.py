"""Cards, ranks and suits: reading, writing, wild specifications and decks."""

from __future__ import annotations

import copy
import random

import pytest

from wildstud.cards import (
    DECK,
    Card,
    Deck,
    Rank,
    Suit,
    cards_mask,
    parse_card,
    parse_cards,
    parse_rank,
    wild_cards,
    wild_mask,
)
from wildstud.errors import (
    CardError,
    DeckExhaustedError,
    DuplicateCardError,
    WildSpecError,
    WildstudError,
)

QUEEN_OF_HEARTS = Card(Rank.QUEEN, Suit.HEARTS)
TEN_OF_HEARTS = Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize("text", ["Qh", "qh", "QH", "qH", "Q♥", "q♥", "Q♡", " Qh ", "Q♥\ufe0f"])
def test_parse_card_reads_every_way_of_writing_a_queen_of_hearts(text: str) -> None:
    assert parse_card(text) == QUEEN_OF_HEARTS


@pytest.mark.parametrize("text", ["10h", "Th", "th", "10H", "10♥", "T♡"])
def test_parse_card_reads_tens_as_10_or_t(text: str) -> None:
    assert parse_card(text) == TEN_OF_HEARTS


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2c", Card(Rank.TWO, Suit.CLUBS)),
        ("A♠", Card(Rank.ACE, Suit.SPADES)),
        ("a♤", Card(Rank.ACE, Suit.SPADES)),
        ("j♦", Card(Rank.JACK, Suit.DIAMONDS)),
        ("K♢", Card(Rank.KING, Suit.DIAMONDS)),
        ("9♧", Card(Rank.NINE, Suit.CLUBS)),
    ],
)
def test_parse_card_reads_every_suit_symbol(text: str, expected: Card) -> None:
    assert parse_card(text) == expected


def test_parse_card_returns_a_card_unchanged() -> None:
    assert parse_card(QUEEN_OF_HEARTS) is QUEEN_OF_HEARTS


@pytest.mark.parametrize("text", ["Xz", "1h", "11h", "Q", "Qx", "", "10", "Qhh", "♥Q"])
def test_parse_card_names_the_bad_token(text: str) -> None:
    with pytest.raises(CardError, match="not a card") as caught:
        parse_card(text)
    assert repr(text) in str(caught.value)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, WildstudError)


def test_parse_card_refuses_things_that_are_not_text() -> None:
    with pytest.raises(CardError, match="12"):
        parse_card(12)  # type: ignore[arg-type]


def test_formatting_round_trips_through_both_forms() -> None:
    for card in DECK:
        assert parse_card(str(card)) is card
        assert parse_card(card.pretty) is card
        assert repr(card) == f"Card('{card}')"
    assert str(TEN_OF_HEARTS) == "Th"
    assert TEN_OF_HEARTS.pretty == "10♥"
    assert Card(Rank.ACE, Suit.SPADES).pretty == "A♠"


def test_codes_masks_and_the_deck_order() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    for code, card in enumerate(DECK):
        assert card.code == code == card.rank * 4 + card.suit
        assert card.mask == 1 << code
        assert Card.of(code) is card
    assert DECK[0] == parse_card("2c")
    assert DECK[-1] == parse_card("As")
    assert parse_card("Ac").code == 48


@pytest.mark.parametrize("code", [-1, 52, 100])
def test_card_of_refuses_codes_outside_the_deck(code: int) -> None:
    with pytest.raises(CardError, match=str(code)):
        Card.of(code)


def test_cards_order_by_rank_then_suit() -> None:
    assert parse_card("2s") < parse_card("3c") < parse_card("3d") < parse_card("Ac")
    assert sorted(parse_cards("Kh 2c As Kc")) == list(parse_cards("2c Kc Kh As"))


def test_rank_and_suit_names() -> None:
    assert [rank.char for rank in Rank] == list("23456789TJQKA")
    assert Rank.TEN.label == "10"
    assert Rank.NINE.label == "9"
    assert Rank.TWO.singular == "deuce"
    assert Rank.SIX.plural == "sixes"
    assert Rank.ACE.plural == "aces"
    assert Rank.QUEEN.singular == "queen"
    assert [suit.char for suit in Suit] == list("cdhs")
    assert [suit.symbol for suit in Suit] == list("♣♦♥♠")


def test_ranks_and_suits_read_as_their_english_names_and_stay_integers() -> None:
    assert [str(rank) for rank in Rank][:3] == ["deuce", "three", "four"]
    assert str(Rank.TEN) == f"{Rank.TEN}" == Rank.TEN.singular == "ten"
    assert [f"{suit}" for suit in Suit] == ["clubs", "diamonds", "hearts", "spades"]
    assert f"{Rank.ACE:<6}|{Suit.CLUBS:^9}|" == "ace   |  clubs  |"
    assert f"{Rank.TEN:d} {Rank.TEN:02x} {Suit.SPADES:d}" == "8 08 3"
    assert "%d %s" % (Rank.TEN, Rank.TEN) == "8 ten"  # noqa: UP031 - the old way, too
    assert Rank.TEN is Rank(8) == 8
    assert Rank.TEN * 4 + Suit.HEARTS == TEN_OF_HEARTS.code == 34
    assert repr(Rank.TEN) == "<Rank.TEN: 8>"


@pytest.mark.parametrize("card", DECK)
def test_card_reads_its_own_repr(card: Card) -> None:
    again = eval(repr(card))  # what the repr suggests typing
    assert again == card
    assert hash(again) == hash(card)
    assert again.code == card.code
    assert Card(str(card)) == Card(card.pretty) == Card(card.rank, card.suit) == card
    assert Card(card.rank.char, card.suit.char) == Card(int(card.rank), int(card.suit)) == card


def test_card_keeps_its_order_and_hash() -> None:
    assert Card("2s") < Card("3c") < Card("Ac")
    assert max(Card("Kd"), Card("Kh")) == Card("Kh")
    assert {Card("As"): 1}[parse_card("A♠")] == 1
    assert Card("As") is not Card("As")  # a value like any other; Card.of(code) is shared
    assert Card.of(51) is parse_card("As")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("Qx",), "not a card: 'Qx'"),
        (("",), "not a card: ''"),
        ((12,), r"not a card: 12 \(give text such as 'As', or rank and suit\)"),
        (("Z", "s"), "not a rank: 'Z'"),
        ((Rank.ACE, "x"), "not a suit: 'x'"),
        ((Rank.ACE, 4), "not a suit: 4"),
        ((13, Suit.CLUBS), "not a rank: 13"),
    ],
)
def test_card_refuses_what_is_not_a_card(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(CardError, match=message):
        Card(*args)  # type: ignore[arg-type]


def test_parse_cards_reads_phh_s_joined_cards() -> None:
    assert parse_cards("AsKd") == parse_cards("As Kd")
    assert parse_cards("10hTs9♣ Qd,2c3c") == parse_cards("Th Ts 9c Qd 2c 3c")
    assert parse_cards("Q♥\ufe0fK♠") == parse_cards("Qh Ks")
    with pytest.raises(CardError, match="'AsK'"):
        parse_cards("AsK")
    with pytest.raises(CardError, match="'AsKx'"):
        parse_cards("Qd AsKx")
    with pytest.raises(DuplicateCardError, match="card given twice: As"):
        parse_cards("AsAs")


def test_parse_cards_reads_text_with_spaces_and_commas() -> None:
    assert parse_cards("As Kd 10c") == (
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.KING, Suit.DIAMONDS),
        Card(Rank.TEN, Suit.CLUBS),
    )
    assert parse_cards(" as,kd ,  10♣ ") == parse_cards("As Kd Tc")
    assert parse_cards("") == ()


def test_parse_cards_reads_an_iterable_of_cards_and_text() -> None:
    assert parse_cards(["As", QUEEN_OF_HEARTS, "10h"]) == (
        Card(Rank.ACE, Suit.SPADES),
        QUEEN_OF_HEARTS,
        TEN_OF_HEARTS,
    )


def test_parse_cards_refuses_duplicates_and_names_them() -> None:
    with pytest.raises(DuplicateCardError, match=r"card given twice: Qh$"):
        parse_cards("Qh Q♥ 2c")
    with pytest.raises(DuplicateCardError, match="Th 2c"):
        parse_cards(["Th", "2c", "10h", "2C"])
    assert parse_cards("Qh Qh", unique=False) == (QUEEN_OF_HEARTS, QUEEN_OF_HEARTS)


def test_parse_cards_names_the_bad_token() -> None:
    with pytest.raises(CardError, match="'Zz'"):
        parse_cards("As Zz Kd")


def test_parse_rank_reads_text_ranks_and_indices() -> None:
    assert parse_rank("10") is Rank.TEN
    assert parse_rank("t") is Rank.TEN
    assert parse_rank(" q ") is Rank.QUEEN
    assert parse_rank(Rank.ACE) is Rank.ACE
    assert parse_rank(0) is Rank.TWO
    assert parse_rank(12) is Rank.ACE


@pytest.mark.parametrize("bad", ["1", "11", "Z", "", 13, -1, True, None])
def test_parse_rank_names_the_bad_rank(bad: object) -> None:
    with pytest.raises(CardError, match="not a rank") as caught:
        parse_rank(bad)  # type: ignore[arg-type]
    assert repr(bad) in str(caught.value)


def test_a_wild_rank_makes_all_four_cards_wild() -> None:
    sevens = frozenset(Card(Rank.SEVEN, suit) for suit in Suit)
    assert wild_cards("7") == sevens
    assert wild_cards([Rank.SEVEN]) == sevens
    assert wild_cards([5]) == sevens
    assert wild_cards(["7"]) == sevens


def test_a_wild_card_makes_only_that_card_wild() -> None:
    assert wild_cards("Qs") == {parse_card("Qs")}
    assert wild_cards([parse_card("Qs")]) == {parse_card("Qs")}
    assert wild_cards(["q♠"]) == {parse_card("Qs")}


def test_wild_specs_combine_ranks_and_cards() -> None:
    combined = wild_cards("Q, 7 ,Ks")
    assert len(combined) == 9
    assert parse_card("Ks") in combined
    assert parse_card("Kh") not in combined
    assert wild_cards(["Q", Rank.SEVEN, "Ks"]) == combined
    assert wild_cards("10") == wild_cards("T")


@pytest.mark.parametrize("spec", [None, "", (), "  "])
def test_an_empty_spec_means_no_wild_cards(spec: str | tuple[str, ...] | None) -> None:
    assert wild_cards(spec) == frozenset()
    assert wild_mask(spec) == 0


def test_wild_spec_errors_name_the_bad_item() -> None:
    with pytest.raises(WildSpecError, match="'X'") as caught:
        wild_cards("Q, X")
    assert isinstance(caught.value, WildstudError)
    with pytest.raises(WildSpecError, match="'Qz'"):
        wild_cards(["Qz"])


def test_wild_mask_and_cards_mask() -> None:
    assert wild_mask("2") == 0xF
    assert wild_mask("A") == 0xF << 48
    assert wild_mask("As") == 1 << 51
    assert wild_mask("Q,7") == cards_mask(wild_cards("Q,7"))
    assert cards_mask([]) == 0
    assert cards_mask(parse_cards("2c 2d As")) == 0b11 | 1 << 51
    assert bin(wild_mask("Q,7,Ks")).count("1") == 9


def test_a_seeded_deck_is_reproducible_and_complete() -> None:
    first = Deck(seed=7)
    second = Deck(seed=7)
    assert first.peek() == second.peek()
    assert sorted(first.peek()) == list(DECK)
    assert Deck(seed=8).peek() != first.peek()


def test_a_seeded_deck_is_shuffled_as_the_standard_library_shuffles() -> None:
    # Deck draws each position itself, for speed: the order must stay the one that
    # random.Random(seed).shuffle gives, which every seeded record and simulation relies on.
    for seed in range(200):
        expected = list(DECK)
        random.Random(seed).shuffle(expected)
        assert Deck(seed=seed).peek() == tuple(reversed(expected))


def test_a_deck_shuffled_as_its_cards_are_needed_deals_as_one_shuffled_at_once() -> None:
    """The deck takes the shuffle's steps as cards are asked for (Deck.shuffle): whatever is
    asked, in any order, it answers what a list shuffled whole by random.Random.shuffle,
    the top card last, would answer."""
    for seed in range(150):
        script = random.Random(-seed)
        deck, model = Deck(seed=seed), list(DECK)
        reference = random.Random(seed)
        reference.shuffle(model)
        twins: list[tuple[Deck, list[Card]]] = []
        while len(model) > 2:
            move = script.randrange(9)
            if move == 0:
                assert deck.deal() == model.pop()
            elif move == 1:
                count = script.randint(1, 6)
                picked = deck.pick_run([None] * count)
                assert list(picked) == model[: -count - 1 : -1]
                taken = script.randint(0, len(picked))
                deck.dealt_run(picked[:taken])
                del model[len(model) - taken :]
            elif move == 2:
                count = min(script.randint(0, 4), len(model))
                assert deck.deal_many(count) == tuple(reversed(model[len(model) - count :]))
                del model[len(model) - count :]
            elif move == 3:
                card = model[script.randrange(len(model))]  # a card of the caller's choosing
                deck.dealt(card)
                model.remove(card)
            elif move == 4:
                assert deck.pick(None) == model[-1]
            elif move == 5:
                twins.append((copy.deepcopy(deck), list(model)))
            elif move == 6 and len(model) < 40:
                back = [card for card in DECK if card not in model][: script.randint(1, 3)]
                deck.put_back(back)
                model[0:0] = reversed(back)
                reference.shuffle(model)
            elif move == 7:
                deck.shuffle()
                reference.shuffle(model)
            else:
                assert len(deck) == len(model)
        assert deck.peek() == tuple(reversed(model))
        for twin, then in twins:  # each copy deals on as its original would have
            assert twin.peek() == tuple(reversed(then))


def test_a_secure_decks_copy_deals_the_same_cards() -> None:
    deck = Deck()
    deck.deal()
    twin = copy.deepcopy(deck)
    assert twin.deal_many(20) == deck.deal_many(20)


def test_a_secure_deck_is_shuffled_and_complete() -> None:
    decks = [Deck() for _ in range(3)]
    for deck in decks:
        assert sorted(deck) == list(DECK)
        assert len(deck) == 52
    # Three identical shuffles, or one left in factory order, would be a 1 in 52! event.
    assert len({tuple(deck.peek()) for deck in decks}) == 3
    assert all(tuple(deck.peek()) != DECK for deck in decks)


def test_dealing_takes_cards_from_the_top() -> None:
    deck = Deck(seed=3)
    order = deck.peek()
    assert deck.deal() == order[0]
    assert deck.deal_many(3) == tuple(order[1:4])
    assert len(deck) == 48
    assert deck.peek() == tuple(order[4:])
    assert deck.deal_many(0) == ()
    rest = deck.deal_many(48)
    assert len(deck) == 0
    assert set(rest) | set(order[:4]) == set(DECK)


def test_dealing_past_the_end_is_refused_and_changes_nothing() -> None:
    deck = Deck.stacked("As Kd")
    with pytest.raises(DeckExhaustedError, match="cannot deal 3 cards from a deck of 2"):
        deck.deal_many(3)
    assert len(deck) == 2
    deck.deal_many(2)
    with pytest.raises(DeckExhaustedError, match="empty"):
        deck.deal()


def test_a_stacked_deck_deals_in_the_order_given_and_keeps_it_on_shuffle() -> None:
    deck = Deck.stacked("Qh 7d 10s")
    assert deck.stacked_order
    deck.shuffle()
    assert deck.peek() == parse_cards("Qh 7d Ts")
    assert deck.deal() == QUEEN_OF_HEARTS
    assert deck.deal_many(2) == parse_cards("7d Ts")
    assert Deck.stacked([QUEEN_OF_HEARTS, "2c"]).peek() == parse_cards("Qh 2c")


def test_a_stacked_deck_refuses_bad_or_repeated_cards() -> None:
    with pytest.raises(DuplicateCardError, match="Qh"):
        Deck.stacked("Qh 2c Qh")
    with pytest.raises(CardError, match="'Rx'"):
        Deck.stacked("Qh Rx")


def test_reshuffling_a_seeded_deck_keeps_the_cards_left() -> None:
    deck = Deck(seed=11)
    dealt = deck.deal_many(10)
    left = set(deck)
    deck.shuffle()
    assert set(deck) == left
    assert not left & set(dealt)


def test_a_single_rank_or_card_is_a_wild_spec() -> None:
    assert len(wild_cards(Rank.QUEEN)) == 4
    assert wild_cards(parse_card("Qs")) == {parse_card("Qs")}


def test_a_deck_refuses_duplicate_cards() -> None:
    with pytest.raises(DuplicateCardError):
        Deck(cards=parse_cards("As Kd As", unique=False))


def test_put_back_refuses_a_card_still_in_the_stub() -> None:
    deck = Deck.stacked("As Kd")
    with pytest.raises(DuplicateCardError):
        deck.put_back(parse_cards("Kd"))
    assert deck.peek() == parse_cards("As Kd")
