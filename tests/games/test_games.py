"""The games as data: the registry, the options objects and the rules they produce."""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any, Literal, TypedDict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wildstud.cards import parse_card
from wildstud.errors import OptionError, UnknownGameError
from wildstud.games import (
    GAMES,
    AllInLowCard,
    BabyDaddyOptions,
    BurnCards,
    CallName,
    CompletionReraise,
    FinalQueen,
    FollowTheQueenOptions,
    GameOptions,
    Limit,
    NoQueen,
    Opener,
    QueenOfSpades,
    QueensRule,
    SevenCardStudOptions,
    SmackMyBitchUpOptions,
    TheBitchOptions,
    find_game,
)
from wildstud.wilds import BabyDaddy, FollowTheQueen, NoWilds, QueenOfSpadesInHole, SmackMyBitchUp

OPTION_TYPES = (
    FollowTheQueenOptions,
    SmackMyBitchUpOptions,
    BabyDaddyOptions,
    TheBitchOptions,
    SevenCardStudOptions,
)


@pytest.mark.parametrize(
    ("name", "game", "presets"),
    [
        ("follow-the-queen", "follow-the-queen", {}),
        ("FTQ", "follow-the-queen", {}),
        ("Follow the Queen", "follow-the-queen", {}),
        ("smack-my-bitch-up", "smack-my-bitch-up", {}),
        ("SMBU", "smack-my-bitch-up", {}),
        ("pimp-daddy", "smack-my-bitch-up", {"name": CallName.PIMP_DADDY}),
        ("Pimp Daddy", "smack-my-bitch-up", {"name": CallName.PIMP_DADDY}),
        ("baby-daddy", "baby-daddy", {"cards": 7}),
        ("Who Da Baby Daddy Is", "baby-daddy", {"cards": 7}),
        ("BD5", "baby-daddy", {"cards": 5}),
        ("bd7", "baby-daddy", {"cards": 7}),
        ("the-bitch", "the-bitch", {}),
        ("BITCH", "the-bitch", {}),
        ("black_mariah", "the-bitch", {}),
        ("F7S", "seven-card-stud", {}),
        ("f7s", "seven-card-stud", {}),
        ("Seven-Card Stud", "seven-card-stud", {}),
        ("stud", "seven-card-stud", {}),
    ],
)
def test_registry_finds_every_name_alias_and_code(
    name: str, game: str, presets: dict[str, Any]
) -> None:
    found = find_game(name)
    assert found.name == game
    options = found.options()
    for key, value in presets.items():
        assert getattr(options, key) == value


def test_unknown_game_names_are_refused_with_the_list() -> None:
    with pytest.raises(UnknownGameError, match=r"no game called 'razz' \(games: .*BITCH"):
        find_game("razz")


def test_codes_follow_the_options() -> None:
    assert find_game("baby-daddy").code_for(BabyDaddyOptions(cards=5)) == "BD5"
    assert find_game("BD5").code_for() == "BD5"
    assert find_game("BD5").rules({"cards": 7}).code == "BD7"
    assert [game.code_for() for game in GAMES] == ["FTQ", "SMBU", "BD7", "BITCH", "F7S"]


def test_defaults_are_the_design_defaults() -> None:
    ftq = FollowTheQueenOptions()
    assert ftq.queens is QueensRule.NATURAL
    assert ftq.final_queen is FinalQueen.NO_WILD
    assert ftq.no_queen is NoQueen.PLAY_ON
    assert (ftq.pay_for_wild, ftq.extra_antes) == (0, False)
    assert ftq.limit is Limit.FIXED
    assert (ftq.ante, ftq.bring_in, ftq.small_bet, ftq.big_bet, ftq.raise_cap) == (1, 2, 5, 10, 3)
    assert ftq.open_pair
    assert ftq.five_of_a_kind_top
    assert not ftq.double_ace_flush
    assert not ftq.natural_beats_wild
    assert ftq.burn_cards is BurnCards.NONE
    assert ftq.all_in_low_card is AllInLowCard.NEXT_LOWEST_CARD
    assert ftq.completion_reraise is CompletionReraise.OVER_BRING_IN
    assert SmackMyBitchUpOptions().name is CallName.SMACK_MY_BITCH_UP
    assert BabyDaddyOptions().cards == 7
    assert not hasattr(BabyDaddyOptions(), "bring_in")
    bitch = TheBitchOptions()
    assert bitch.queen_of_spades is QueenOfSpades.SPLIT
    assert not bitch.reante_on_redeal


def test_the_option_names_of_the_issue() -> None:
    common = {
        "five_of_a_kind_top",
        "double_ace_flush",
        "natural_beats_wild",
        "burn_cards",
        "limit",
        "ante",
        "small_bet",
        "big_bet",
        "raise_cap",
        "cap_heads_up",
        "short_all_in",
        "open_pair",
        "odd_chip",
        "ante_trimming",
        "free_fold",
        "all_in_turn_up",
        "run_twice",
        "short_stub",
    }
    names = {cls: set(cls.option_names()) for cls in OPTION_TYPES}
    # The games with a bring-in also settle who brings in for an all-in low card and the least
    # raise over a completion in pot and no limit (issue 13, item 6).
    bring_in = {"bring_in", "all_in_low_card", "completion_reraise"}
    assert names[FollowTheQueenOptions] == common | bring_in | {
        "queens",
        "final_queen",
        "no_queen",
        "pay_for_wild",
        "extra_antes",
    }
    assert names[SmackMyBitchUpOptions] == common | bring_in | {"pay_for_wild", "name"}
    assert names[BabyDaddyOptions] == common | {"cards"}
    # A face-up queen of spades would stop one run's deal and not the other's: no run twice.
    assert names[TheBitchOptions] == (common - {"run_twice"}) | bring_in | {
        "queen_of_spades",
        "reante_on_redeal",
    }
    # Plain stud has no wild card, so the rules that rank wild hands would change nothing.
    wild_ranking = {"five_of_a_kind_top", "double_ace_flush", "natural_beats_wild"}
    assert names[SevenCardStudOptions] == (common - wild_ranking) | bring_in


class _WildRanking(TypedDict, total=False):
    """The stud options that only rank wild hands, as keyword arguments."""

    five_of_a_kind_top: bool
    double_ace_flush: bool
    natural_beats_wild: bool


@pytest.mark.parametrize("name", ["five_of_a_kind_top", "double_ace_flush", "natural_beats_wild"])
def test_plain_stud_refuses_the_rules_of_wild_hands(
    name: Literal["five_of_a_kind_top", "double_ace_flush", "natural_beats_wild"],
) -> None:
    with pytest.raises(OptionError, match=f"Seven-Card Stud has no option '{name}'"):
        find_game("F7S").options({name: True})
    changed: _WildRanking = {}
    changed[name] = name != "five_of_a_kind_top"  # each away from its default
    with pytest.raises(OptionError, match=f"Seven-Card Stud has no option '{name}'"):
        SevenCardStudOptions(**changed)
    # Left at their defaults they are what the evaluator is asked (they cannot change a thing).
    assert name not in SevenCardStudOptions().to_mapping()


def test_unknown_option_is_named_with_the_allowed_names() -> None:
    with pytest.raises(OptionError, match=r"The Bitch has no option 'queens' \(options: limit,"):
        TheBitchOptions.from_mapping({"queens": "all"})


@pytest.mark.parametrize(
    ("cls", "name", "value", "allowed"),
    [
        (FollowTheQueenOptions, "queens", "most", "natural, all, hidden, hidden-after-face-up"),
        (FollowTheQueenOptions, "final_queen", "wild", "no-wild, centre-card"),
        (FollowTheQueenOptions, "no_queen", "redeal", "play-on, redeal-still-in, redeal-everyone"),
        (FollowTheQueenOptions, "pay_for_wild", -1, "an integer from 0 up"),
        (FollowTheQueenOptions, "extra_antes", "maybe", "true, false"),
        (SmackMyBitchUpOptions, "name", "baseball", "smack-my-bitch-up, pimp-daddy"),
        (BabyDaddyOptions, "cards", 6, "5, 7"),
        (TheBitchOptions, "queen_of_spades", "half", "split, wild"),
        (TheBitchOptions, "reante_on_redeal", 2, "true, false"),
        (TheBitchOptions, "burn_cards", "some", "none, each-street"),
        (
            TheBitchOptions,
            "limit",
            "table-stakes",
            "fixed-limit, spread-limit, pot-limit, no-limit",
        ),
        (TheBitchOptions, "ante", True, "an integer from 0 up"),
        (TheBitchOptions, "small_bet", 0, "an integer from 1 up"),
        (TheBitchOptions, "raise_cap", "lots", "an integer from 0 up, or none"),
    ],
)
def test_bad_values_are_refused_naming_the_option_and_what_it_allows(
    cls: type[GameOptions], name: str, value: object, allowed: str
) -> None:
    with pytest.raises(OptionError) as error:
        cls.from_mapping({name: value})
    assert f"option {name!r}" in str(error.value)
    assert f"(allowed: {allowed})" in str(error.value)


def test_stakes_must_be_consistent() -> None:
    with pytest.raises(OptionError, match=r"'bring_in' \(6\).*cannot exceed 'small_bet' \(5\)"):
        FollowTheQueenOptions(bring_in=6)
    with pytest.raises(OptionError, match=r"'small_bet' \(20\).*cannot exceed 'big_bet'"):
        BabyDaddyOptions(small_bet=20)


def test_values_are_read_from_plain_text() -> None:
    options = FollowTheQueenOptions.from_mapping(
        {
            "queens": "Hidden_After_Face_Up",
            "final-queen": "centre-card",
            "pay_for_wild": "3",
            "extra_antes": "yes",
            "raise_cap": "none",
        }
    )
    assert options.queens is QueensRule.HIDDEN_AFTER_FACE_UP
    assert options.final_queen is FinalQueen.CENTRE_CARD
    assert (options.pay_for_wild, options.extra_antes, options.raise_cap) == (3, True, None)
    assert options.to_mapping()["raise_cap"] == "none"


def _values(cls: type[GameOptions]) -> st.SearchStrategy[dict[str, object]]:
    """Random valid plain values for every option of ``cls``."""
    fields: dict[str, st.SearchStrategy[object]] = {}
    for name, spec in cls.specs().items():
        if spec.kind == "bool":
            fields[name] = st.booleans()
        elif spec.enum is not None:
            fields[name] = st.sampled_from([member.value for member in spec.enum])
        elif spec.choices:
            fields[name] = st.sampled_from(spec.choices)
        elif spec.kind == "cap":
            fields[name] = st.one_of(st.just("none"), st.integers(0, 6))
        elif name in ("small_bet", "big_bet", "bring_in"):
            continue
        else:
            fields[name] = st.integers(spec.minimum, 50)
    return st.fixed_dictionaries(fields)


@pytest.mark.parametrize("cls", OPTION_TYPES)
@given(data=st.data())
def test_options_round_trip_through_plain_mappings(
    cls: type[GameOptions], data: st.DataObject
) -> None:
    values = data.draw(_values(cls))
    options = cls.from_mapping(values)
    plain = options.to_mapping()
    assert all(isinstance(value, str | int | bool) for value in plain.values())
    assert cls.from_mapping(plain) == options
    assert cls.from_mapping(options.changes()) == options
    assert set(plain) == set(cls.option_names())


def test_rules_of_each_game() -> None:
    ftq = find_game("FTQ").rules({"queens": "all", "final_queen": "centre-card"})
    assert ftq.wild_rule == FollowTheQueen(QueensRule.ALL)
    assert ftq.centre_card
    assert ftq.redeal_card is None
    assert ftq.special_card is None
    assert [street.cards for street in ftq.streets] == [
        (False, False, True),
        (True,),
        (True,),
        (True,),
        (False,),
    ]
    assert [street.big_bet for street in ftq.streets] == [False, False, True, True, True]
    assert [street.opener for street in ftq.streets][:2] == [Opener.LOW_CARD, Opener.HIGH_BOARD]
    assert ftq.last_face_up_street == 3
    assert (ftq.min_players, ftq.max_players) == (2, 8)

    smbu = find_game("pimp-daddy").rules()
    assert smbu.wild_rule == SmackMyBitchUp()
    assert smbu.call == "Pimp Daddy"
    assert smbu.title == "Pimp Daddy"

    bd7 = find_game("BD7").rules()
    assert bd7.wild_rule == BabyDaddy(7)
    assert bd7.max_players == 7
    assert [s.betting for s in bd7.streets] == [True, True, True, True, True, False]
    assert [s.big_bet for s in bd7.streets if s.betting] == [False, False, True, True, True]
    assert bd7.streets[0].opener is Opener.DEALERS_LEFT
    assert not bd7.streets[0].face_up
    bd5 = find_game("BD5").rules()
    assert [len(s.cards) for s in bd5.streets] == [2, 1, 1, 1]
    assert bd5.max_players == 10
    assert [s.big_bet for s in bd5.streets if s.betting] == [False, False, True]

    bitch = find_game("the-bitch").rules()
    assert bitch.wild_rule == NoWilds()
    assert bitch.redeal_card == bitch.special_card == parse_card("Qs")
    wild = find_game("the-bitch").rules({"queen_of_spades": "wild", "reante_on_redeal": True})
    assert wild.wild_rule == QueenOfSpadesInHole()
    assert wild.special_card is None
    assert wild.redeal_card == parse_card("Qs")
    assert wild.reante_on_redeal

    stud = find_game("F7S").rules({"bring_in": 1, "open_pair": False})
    assert stud.wild_rule == NoWilds()
    assert stud.redeal_card is stud.special_card is None
    assert not stud.centre_card
    assert (stud.no_queen, stud.pay_for_wild) == (NoQueen.PLAY_ON, 0)
    assert [street.cards for street in stud.streets] == [street.cards for street in ftq.streets]
    assert [street.big_bet for street in stud.streets] == [False, False, True, True, True]
    assert [street.opener for street in stud.streets][:2] == [Opener.LOW_CARD, Opener.HIGH_BOARD]
    assert (stud.min_players, stud.max_players, stud.title) == (2, 8, "Seven-Card Stud")
    assert stud.options.changes() == {"bring_in": 1, "open_pair": False}


def test_options_of_another_game_are_refused() -> None:
    with pytest.raises(OptionError, match="do not belong to Follow the Queen"):
        find_game("FTQ").options(TheBitchOptions())


HOUSE_RULES = Path(__file__).resolve().parents[2] / "docs" / "house-rules.md"


def test_house_rules_document_every_option_and_its_values() -> None:
    text = HOUSE_RULES.read_text(encoding="utf-8")
    for cls in OPTION_TYPES:
        for name, spec in cls.specs().items():
            assert f"`{name}`" in text, f"{name} is not documented"
            if spec.enum is not None:
                for member in spec.enum:
                    assert f"`{member.value}`" in text, f"{name}={member.value} is not documented"


def test_house_rules_examples_run() -> None:
    result = doctest.testfile(str(HOUSE_RULES), module_relative=False)
    assert result.attempted > 0
    assert result.failed == 0


def test_plain_stud_plays_a_whole_hand_with_nothing_wild() -> None:
    from wildstud.cards import Card, Deck
    from wildstud.deal import Hand, Phase

    hand = Hand("F7S", [100, 100, 100, 100], deck=Deck(seed=7))
    hand.run()
    upcards: dict[int, Card] = {}
    for seat in range(4):
        upcard = hand.view(seat).seats[seat].cards[-1].card
        assert upcard is not None  # the third card is dealt face up, and its owner sees it
        upcards[seat] = upcard
    # The lowest upcard by rank, then suit, brings in.
    lowest = min(upcards, key=lambda seat: (upcards[seat].rank, upcards[seat].suit))
    assert hand.to_act == lowest
    assert hand.legal_actions()[0].kind.value == "bring-in"
    while hand.phase is not Phase.OVER:
        kinds = [option.kind.value for option in hand.legal_actions()]
        hand.act(next(kind for kind in ("bring-in", "call", "check") if kind in kinds))
        hand.run()
    assert not hand.wilds.wild
    assert not any(hand.wilds.for_seat(seat) for seat in range(4))
    assert all(not step.wild for step in hand.wilds.timeline)
    assert sum(hand.stacks) == 400
    assert len(hand.live) == 4
