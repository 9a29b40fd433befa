"""Hand records replayed through the engine, and hands the engine played written as records.

The round trip: random hands of every game under random house rules are played by bots from
seeded decks, written as records (every card, or only what a spectator or one player saw), turned
into PHH text and read back, then replayed: the replay must reach the very same hand.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Literal

import pytest

from tests.history.helpers import through_text, without_burns
from wildstud.bots import CallingBot, RandomBot, play_out, take_turn
from wildstud.cards import Deck, parse_card
from wildstud.deal import (
    Hand,
    Mucked,
    Phase,
    Redealt,
    Share,
    Shown,
    Stage,
    redact,
    stack_deck,
)
from wildstud.errors import IllegalActionError, RecordError
from wildstud.games import Rules, find_game
from wildstud.hands import describe_value
from wildstud.history import (
    DealHole,
    HandRecord,
    Note,
    ShowMuck,
    read_cards,
    read_record,
)
from wildstud.history.export import record_from_hand
from wildstud.history.replay import StepKind, replay
from wildstud.words import describe_wild

# Follow the Queen and The Bitch twice as often: their redeals carry pots between deals.
CODES = ("FTQ", "FTQ", "SMBU", "BD5", "BD7", "BITCH", "BITCH")


def random_table(rng: random.Random) -> tuple[Rules, list[int], int]:
    """A random game under random house rules, with random stacks and dealer."""
    game = find_game(rng.choice(CODES))
    options: dict[str, object] = {}
    for name, spec in game.options_type.specs().items():
        if name in ("small_bet", "big_bet", "bring_in", "cards"):
            continue
        if spec.kind == "bool":
            options[name] = rng.random() < 0.5
        elif spec.enum is not None:
            options[name] = rng.choice([member.value for member in spec.enum])
        elif spec.kind == "cap":
            options[name] = rng.choice(["none", 0, 1, 3])
        else:
            options[name] = rng.randint(0, 3)
    small = rng.randint(1, 6)
    options["small_bet"] = small
    # A pot- or no-limit record gives one size, the least bet: the engine does not use the big bet.
    limited = options["limit"] in ("fixed-limit", "spread-limit")
    options["big_bet"] = rng.randint(small, 2 * small) if limited else small
    if "bring_in" in game.options_type.option_names():
        options["bring_in"] = rng.randint(0, small)
    rules = game.rules(options)
    count = rng.randint(2, rules.max_players)
    stacks = [rng.randint(1, 120) for _ in range(count)]
    dealer = rng.choice([count - 1, rng.randrange(count)])
    return rules, stacks, dealer


def check_mid_hand(hand: Hand, dealer: int) -> None:
    """A record written while a player must act replays to the same decision."""
    count = len(hand.stacks)
    to_act = hand.to_act
    assert to_act is not None
    seat = (to_act - dealer - 1) % count
    for reveal in ("all", to_act):
        result = replay(through_text(record_from_hand(hand, reveal=reveal)))
        again = result.hand
        assert not result.complete
        assert result.stopped is not None
        assert again.to_act == seat
        assert again.legal_actions() == hand.legal_actions()
        assert again.pot == hand.pot
        if dealer == count - 1:
            theirs, ours = without_burns(again.events), without_burns(hand.events)
            if reveal == "all":
                assert theirs == ours
            else:
                assert [redact(e, seat) for e in theirs] == [redact(e, seat) for e in ours]


def check_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    rules, stacks, dealer = random_table(rng)
    hand = Hand(rules, stacks, deck=Deck(seed=seed), dealer=dealer)
    bot, calling = RandomBot(seed), CallingBot()
    passive = rng.choice([0.0, 0.8, 0.97])
    middle = rng.random() < 0.1
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            if middle and rng.random() < 0.2:
                check_mid_hand(hand, dealer)
                middle = False
            take_turn(hand, calling if rng.random() < passive else bot)
        else:
            hand.step()
    count = len(stacks)
    rotated = tuple(hand.stacks[(dealer + 1 + index) % count] for index in range(count))
    record = through_text(record_from_hand(hand, reveal="all"))
    assert record.finishing_stacks == rotated
    result = replay(record)
    assert result.complete, result.stopped
    assert result.hand.stacks == rotated
    assert record_from_hand(result.hand, reveal="all") == record
    if dealer == count - 1:
        assert without_burns(result.hand.events) == without_burns(hand.events)
        assert result.hand.awards == hand.awards
    # What a spectator, or one player, saw replays to the same public hand.
    kind = seed % 3
    if kind:
        reveal: Literal["showdown"] | int = "showdown" if kind == 1 else rng.randrange(count)
        public = through_text(record_from_hand(hand, reveal=reveal))
        seen = replay(public)
        assert seen.hand.stacks == rotated
        spectator = record_from_hand(hand, reveal="showdown")
        assert record_from_hand(seen.hand, reveal="showdown") == spectator


@pytest.mark.parametrize("block", range(4))
def test_random_hands_round_trip_through_records(block: int) -> None:
    # A thousand seeded hands, in blocks that the suite's workers share.
    for seed in range(block * 250, (block + 1) * 250):
        check_round_trip(seed)


# --- the record and the engine --------------------------------------------------------------


def ftq(actions: str, **fields: object) -> HandRecord:
    """A Follow the Queen record, heads-up unless the stacks say otherwise."""
    text = "\n".join(
        [
            'variant = "FTQ"',
            f"antes = {fields.pop('antes', [1, 1])}",
            f"bring_in = {fields.pop('bring_in', 2)}",
            "small_bet = 5",
            "big_bet = 10",
            f"starting_stacks = {fields.pop('stacks', [100, 100])}",
            *(f"{key} = {value}" for key, value in fields.items()),
            "actions = [" + ", ".join(f'"{action.strip()}"' for action in actions.split(";")) + "]",
        ]
    )
    return read_record(text)


SEVENS = "d dh p1 AsAhQh; d dh p2 9c9d7d; p2 pb; p1 cc"


def test_grouped_and_card_by_card_records_deal_the_same_hand() -> None:
    grouped = replay(ftq(SEVENS))
    one_by_one = replay(
        ftq("d dh p1 As; d dh p2 9c; d dh p1 Ah; d dh p2 9d; d dh p1 Qh; d dh p2 7d; p2 pb; p1 cc")
    )
    assert grouped.hand.events == one_by_one.hand.events
    assert describe_wild(grouped.hand.wilds.wild) == "sevens are wild"


def test_each_step_knows_its_action() -> None:
    result = replay(ftq(SEVENS))
    hand = result.hand
    assert [step.kind for step in result.steps_of(1)] == [StepKind.PLAYED] * 3
    assert [hand.cards(0)[i].card for i in range(3)] == list(read_cards("AsAhQh"))
    bring_in = result.steps_of(3)[0]
    assert result.action_of(bring_in.events[0]) == 3
    assert result.action_of(0) is None  # the antes: no action records them
    assert result.steps[0].kind is StepKind.DEALER
    assert result.stopped == "the record deals no more cards: p1's card on fourth street comes next"


def test_unknown_hole_cards_are_dealt_from_cards_nobody_names() -> None:
    result = replay(ftq("d dh p1 ????Qh; d dh p2 ????7d; p2 pb; p1 f"))
    hand = result.hand
    unknown = {card for _, card in result.unknown}
    assert len(unknown) == 4
    assert not unknown & {parse_card("Qh"), parse_card("7d")}
    assert all(card.rank not in (10, 11) for card in unknown)  # no queen or king
    assert hand.phase is Phase.OVER
    assert hand.stacks == (99, 101)


def test_a_show_at_the_end_fills_in_unknown_hole_cards() -> None:
    actions = (
        "d dh p1 ????Qh; d dh p2 ????7d; p2 pb; p1 cc; d dh p1 2c; d dh p2 3c; d dh p1 Kc;"
        " d dh p2 4d; d dh p1 Jc; d dh p2 5h; d dh p1 ??; d dh p2 ??;"
        " p1 sm AsAhQh2cKcJc8s; p2 sm 9c9d7d3c4d5h8h"
    )
    result = replay(ftq(actions), fill_in=True)
    hand = result.hand
    shown = {
        event.seat: describe_value(event.value) for event in hand.events if isinstance(event, Shown)
    }
    assert shown == {0: "pair of aces", 1: "three nines"}
    assert not result.unknown
    assert [held.card for held in hand.cards(1)] == list(read_cards("9c9d7d3c4d5h8h"))
    assert hand.stacks == (97, 103)


def test_a_hand_shown_down_with_unknown_cards_is_refused() -> None:
    actions = (
        "d dh p1 ????Qh; d dh p2 9c9d7d; p2 pb; p1 cc; d dh p1 2c; d dh p2 3c; d dh p1 Kc;"
        " d dh p2 4d; d dh p1 Jc; d dh p2 5h; d dh p1 8s; d dh p2 8h"
    )
    with pytest.raises(RecordError, match=r"action 1 .*p1's hand is shown down"):
        replay(ftq(actions), fill_in=True)


def test_a_show_that_contradicts_the_deal_is_refused() -> None:
    actions = (
        "d dh p1 AsAhQh; d dh p2 9c9d7d; p2 pb; p1 cc; d dh p1 2c; d dh p2 3c; d dh p1 Kc;"
        " d dh p2 4d; d dh p1 Jc; d dh p2 5h; d dh p1 8s; d dh p2 8h; p1 sm AsAdQh2cKcJc8s"
    )
    with pytest.raises(RecordError, match=r"action 13 .*p1 shows Ad as card 2, but was dealt Ah"):
        replay(ftq(actions), fill_in=True)


def test_the_bitch_grouped_record_leaves_out_cards_before_the_queen_of_spades() -> None:
    record = read_record(
        "\n".join(
            [
                'variant = "BITCH"',
                "antes = [1, 1, 1]",
                "bring_in = 2",
                "small_bet = 5",
                "big_bet = 10",
                "starting_stacks = [100, 100, 100]",
                'actions = ["d dh p1 8c2hKh", "d dh p2 6sJdQs", "# redeal", "d dh p1 4d7sAc",'
                ' "d dh p2 Th3h9d", "d dh p3 Qs5s6d", "p3 pb"]',
            ]
        )
    )
    result = replay(record)
    hand = result.hand
    assert hand.deal_number == 2
    redeals = [event for event in hand.events if isinstance(event, Redealt)]
    assert [(str(redeal.card), redeal.seat) for redeal in redeals] == [("Qs", 1)]
    # p3's two hole cards of the stopped deal came from the cards nobody named.
    assert len([card for deal, card in result.unknown if deal == 1]) == 2
    assert [held.card for held in hand.cards(2)] == list(read_cards("Qs5s6d"))


def test_stage_and_chance_say_what_the_dealer_does_next() -> None:
    hand = Hand("FTQ", [50, 50], deck=stack_deck("As 9c Ah 9d Qh 7d"))
    assert (hand.phase, hand.stage, hand.chance()) == (Phase.DEALER, Stage.ANTES, None)
    hand.step()
    chance = hand.chance()
    assert chance is not None
    assert (chance.kind, chance.seat, chance.up) == (Stage.CARD, 0, False)
    for _ in range(4):
        hand.step()
    chance = hand.chance()
    assert chance is not None
    assert (chance.seat, chance.up) == (0, True)
    hand.run()
    assert (hand.phase, hand.chance(), hand.to_act) == (Phase.PLAYER, None, 1)  # 7♦ brings in


def test_next_step_and_dealer_step_still_work_and_say_they_are_deprecated() -> None:
    hand = Hand("FTQ", [50, 50], deck=stack_deck("As 9c Ah 9d Qh 7d"))
    hand.step()
    with pytest.deprecated_call(match="Hand.phase, Hand.stage and Hand.chance"):
        step = hand.next_step
    with pytest.deprecated_call(match="use Stage"):
        from wildstud.deal import DealerStep
    assert DealerStep is Stage  # the old name of the same enum
    assert step is not None
    assert (step.kind, step.seat, step.up) == (Stage.CARD, 0, False)
    hand.run()
    with pytest.deprecated_call():
        assert hand.next_step is None  # a player must act


def test_a_muck_at_the_showdown_gives_up_the_pot() -> None:
    hand = Hand("FTQ", [50, 50], deck=stack_deck("As 9c Ah 9d Qh 7d  2c 3c  Kc 4d  Jc 5h  8s 8h"))
    while hand.stage is not Stage.SHOWDOWN:
        if hand.phase is Phase.PLAYER:
            take_turn(hand, CallingBot())
        else:
            assert not hand.can_muck(0)
            hand.step()
    before = hand.events
    with pytest.raises(IllegalActionError):
        hand.call()
    assert hand.events == before
    assert hand.can_muck(1)
    assert hand.muck(1) == Mucked(1)
    hand.run()
    assert [(award.seat, award.share) for award in hand.awards] == [(0, Share.UNCONTESTED)]
    assert not any(isinstance(event, Shown) for event in hand.events)


def test_a_muck_in_a_record_forfeits_the_hand() -> None:
    actions = (
        "d dh p1 AsAhQh; d dh p2 9c9d7d; p2 pb; p1 cc; d dh p1 2c; d dh p2 3c; d dh p1 Kc;"
        " d dh p2 4d; d dh p1 Jc; d dh p2 5h; d dh p1 8s; d dh p2 8h; p1 sm -; p2 sm"
    )
    result = replay(ftq(actions), fill_in=True)
    assert result.hand.stacks == (103, 97)  # p2's three nines were better, but mucked
    record = record_from_hand(result.hand, reveal="all")
    # The last hand takes the pot unshown, and a record that gives its cards writes it shown
    # (pokerkit awards a pot only to a hand shown).
    shown = tuple(held.card for held in result.hand.cards(0))
    assert record.actions[-2:] == (ShowMuck(1), ShowMuck(0, shown))
    assert record_from_hand(result.hand).actions[-1] == ShowMuck(1)  # the cards stay hidden


def test_record_from_hand_shows_what_each_reader_may_see() -> None:
    hand = Hand("FTQ", [50, 50, 50], deck=Deck(seed=4), dealer=1)
    play_out(hand, RandomBot(seed=2))
    mine = record_from_hand(hand, reveal=2)  # seat 2 is p1: it sits on the dealer's left
    deals = [action for action in mine.actions if isinstance(action, DealHole)]
    first = deals[0]
    assert first.player == 0
    assert all(card is not None for card in first.cards)
    everyone = record_from_hand(hand, reveal="all")
    assert all(
        card is not None
        for action in everyone.actions
        if isinstance(action, DealHole)
        for card in action.cards
    )
    with pytest.raises(RecordError, match="reveal"):
        record_from_hand(hand, reveal=3)


def test_a_redeal_is_written_as_a_note_and_found_again_from_the_cards() -> None:
    decks = [
        stack_deck("2c 3c 4c  5c 6c 7c  8c Qs"),
        stack_deck("As 2s Qs  Ah 3s 4s  Ad 5s 9h  Ac 6s Th  Kc 7s Jh  Kd 8h Js  9c 2d 5h"),
    ]
    hand = Hand("the-bitch", [100, 100, 100], deck=decks)
    play_out(hand, CallingBot())
    record = record_from_hand(hand, reveal="all")
    assert Note("redeal") in record.actions
    # The street the queen of spades cut short goes card by card, in the order dealt.
    cut = record.actions[: record.actions.index(Note("redeal"))]
    assert [len(action.cards) for action in cut if isinstance(action, DealHole)] == [1] * 8
    result = replay(through_text(record))
    assert without_burns(result.hand.events) == without_burns(hand.events)
    won = [sum(award.amount for award in hand.awards if award.seat == seat) for seat in range(3)]
    assert record.winnings == tuple(won)


def test_a_gap_in_the_betting_is_an_error_unless_filled_in() -> None:
    # Fourth street: p2's wild 7♦ pairs its 3♣, so p2 acts first.
    record = ftq("d dh p1 AsAhQh; d dh p2 9c9d7d; p2 pb; p1 cc; d dh p1 2c; d dh p2 3c; p1 cc")
    for fill_in in (False, True):
        with pytest.raises(RecordError, match=r"action 7 \(`p1 cc`\): p1 cannot check: it is p2"):
            replay(record, fill_in=fill_in)
    skipped = ftq("d dh p1 AsAhQh; d dh p2 9c9d7d; d dh p1 2c")
    with pytest.raises(RecordError, match=r"action 3 .*p2 must act on third street before this"):
        replay(skipped)
    # Filled in, p2's bring-in is posted, but p1's call of it is never assumed.
    with pytest.raises(RecordError, match=r"action 3 .*p1 faces a bet on third street"):
        replay(skipped, fill_in=True)
    checked = replay(dataclasses.replace(skipped, bring_in=0), fill_in=True)
    assert [step.kind for step in checked.filled] == [StepKind.FILLED] * 2
    assert checked.hand.street_name == "fourth street"


def test_an_upcard_cannot_be_unknown() -> None:
    with pytest.raises(RecordError, match=r"action 2 .*face up: everyone saw it"):
        replay(ftq("d dh p1 AsAhQh; d dh p2 9c9d??"))


def test_cards_are_checked_against_the_deal() -> None:
    # With a no-queen redeal, only the replay can tell one deal from the next.
    record = ftq("d dh p1 AsAhQh; d dh p2 9c9dQh", _house_rules='{ no_queen = "redeal-still-in" }')
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert caught.value.action == 2
    assert "Qh was already dealt in this deal (action 1)" in str(caught.value)


def test_cards_for_unknown_ones_are_never_cards_the_record_names() -> None:
    result = replay(ftq("d dh p1 ????Qh; d dh p2 ????7d; p2 pb; p1 cc; d dh p1 2c; d dh p2 3c"))
    named = set(read_cards("Qh7d2c3c"))
    assert len(result.unknown) == 4
    assert not {card for _, card in result.unknown} & named


def test_a_wager_the_betting_does_not_offer_is_named_as_the_engine_names_it() -> None:
    # p2 has 1 chip behind after the bring-in: facing the completion it can only call, so its
    # `cbr` is tried as the wager the engine says comes next (a raise) and refused for it.
    record = ftq("d dh p1 AsAhQh; d dh p2 9c9d7d; p2 pb; p1 cbr 5; p2 cbr 10", stacks=[100, 4])
    with pytest.raises(RecordError, match=r"action 5 .*p2 cannot raise"):
        replay(record)
