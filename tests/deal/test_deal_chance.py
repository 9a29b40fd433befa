"""Dealing as chance steps: Hand.chance() says which card comes next, Hand.deal(card) deals it,
and the dealer policies pick the same cards the decks always dealt."""

from __future__ import annotations

import copy
import random

import pytest

from wildstud.bots import CallingBot
from wildstud.cards import Deck, parse_card
from wildstud.deal import (
    Burned,
    CentreCard,
    Chance,
    CommunityCard,
    Dealt,
    DeckPerDeal,
    Event,
    Hand,
    Phase,
    Redealt,
    ScriptDealer,
    Stage,
    StubShuffled,
    stack_deck,
)
from wildstud.errors import DeckExhaustedError, IllegalActionError, NotInStubError, RecordError
from wildstud.games import Rules, find_game
from wildstud.history import read_record
from wildstud.history.export import record_from_hand
from wildstud.history.replay import replay
from wildstud.server.replay import DeckBook

# Every game, with the house rules that add a kind of chance step or a redeal: burns (and, at a
# full table, the burned cards shuffled back into a short stub), the community card of a short
# stub, Follow the Queen's centre card and its redeal when no queen shows, The Bitch's redeal.
TABLES: list[tuple[str, int, dict[str, object]]] = [
    ("FTQ", 8, {"burn_cards": "each-street"}),
    ("FTQ", 8, {}),
    ("FTQ", 4, {"final_queen": "centre-card"}),
    ("FTQ", 3, {"no_queen": "redeal-everyone"}),
    ("SMBU", 8, {"burn_cards": "each-street"}),
    ("BD7", 7, {}),
    ("BD5", 6, {"burn_cards": "each-street"}),
    ("BITCH", 8, {"burn_cards": "each-street"}),
    ("BITCH", 4, {}),
]


def rules_of(code: str, options: dict[str, object]) -> Rules:
    table: dict[str, object] = {"ante": 1, "small_bet": 5, "big_bet": 10, **options}
    if not code.startswith("BD"):
        table["bring_in"] = 2
    return find_game(code).rules(table)


def play_taking_chances(hand: Hand, choose: object = None) -> list[Chance]:
    """Play ``hand`` out, every player calling or checking; each chance step is dealt with
    ``choose(hand)`` (a card of the stub) or, without it, by the hand's own policy. Returns
    the chance steps taken."""
    bot = CallingBot()
    taken: list[Chance] = []
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            seat = hand.to_act
            assert seat is not None
            hand.act(*bot.choose(hand.view(seat)))
            continue
        chance = hand.chance()
        if chance is None:
            hand.step()
            continue
        taken.append(chance)
        if choose is None or not chance.takes_card:
            hand.step()
        else:
            assert callable(choose)
            hand.deal(choose(hand))
    return taken


def test_cards_dealt_by_hand_deal_give_the_hand_the_deck_would_have_dealt() -> None:
    for code, players, options in TABLES:
        rules = rules_of(code, options)
        for seed in range(15):
            dealt = Hand(rules, [200] * players, deck=Deck(seed=seed))
            play_taking_chances(dealt)
            order = [
                event.card
                for event in dealt.events
                if isinstance(event, Dealt | Burned | CentreCard | CommunityCard)
            ]
            cards = iter(order)
            by_hand = Hand(rules, [200] * players)
            play_taking_chances(by_hand, lambda _hand, cards=cards: next(cards))
            assert by_hand.events == dealt.events, (code, options, seed)


def test_every_kind_of_chance_step_is_said_before_it_is_dealt() -> None:
    seen: set[tuple[Stage, bool]] = set()
    redealt = shuffled = False
    for code, players, options in TABLES:
        rules = rules_of(code, options)
        for seed in range(12):
            rng = random.Random(seed)
            hand = Hand(rules, [200] * players, deck=Deck(seed=seed))
            taken = play_taking_chances(hand, lambda hand, rng=rng: rng.choice(hand.stub_cards))
            events = [event for event in hand.events if not isinstance(event, StubShuffled)]
            dealing = [
                event
                for event in events
                if isinstance(event, Dealt | Burned | CentreCard | CommunityCard | Redealt)
            ]
            assert len(dealing) == len(taken)
            for chance, event in zip(taken, dealing, strict=True):
                seen.add((chance.kind, chance.up))
                if chance.kind is Stage.CARD:
                    assert isinstance(event, Dealt)
                    assert (event.seat, event.up, event.street) == (
                        chance.seat,
                        chance.up,
                        chance.street,
                    )
                else:
                    expected = {
                        Stage.BURN: Burned,
                        Stage.CENTRE: CentreCard,
                        Stage.COMMUNITY: CommunityCard,
                        Stage.REDEAL: Redealt,
                    }[chance.kind]
                    assert isinstance(event, expected)
                    assert chance.seat is None
            redealt |= any(chance.kind is Stage.REDEAL for chance in taken)
            shuffled |= any(isinstance(event, StubShuffled) for event in hand.events)
    # A last face-up queen, so that Follow the Queen's house rule deals a centre card.
    centre = Hand(
        "FTQ",
        [50, 50],
        {"final_queen": "centre-card"},
        deck=stack_deck("2c 3c 4c 5c 6c 7c  8c 9c  Tc Jc  2d Qh"),
    )
    seen.update((chance.kind, chance.up) for chance in play_taking_chances(centre))
    assert seen == {
        (Stage.CARD, False),
        (Stage.CARD, True),
        (Stage.BURN, False),
        (Stage.CENTRE, True),
        (Stage.COMMUNITY, True),
        (Stage.REDEAL, False),
    }
    assert redealt
    assert shuffled


def test_the_deal_number_of_a_chance_step_moves_on_after_a_redeal() -> None:
    hand = Hand("BITCH", [50, 50], deck=stack_deck("2c 3c 4c 5c  6c Qs"))
    deals = {chance.deal for chance in play_taking_chances(hand)}
    assert deals == {1, 2}


def test_a_redeals_gathering_is_said_as_a_chance_step_that_takes_no_card() -> None:
    hand = Hand("BITCH", [50, 50], deck=stack_deck("2c 3c 4c 5c  6c Qs"))
    while hand.redeal_pending is None:
        hand.step()
    gathering = hand.chance()
    assert gathering is not None
    assert gathering == Chance(Stage.REDEAL, deal=1, street=gathering.street)
    assert not gathering.takes_card
    stub = hand.stub_cards
    with pytest.raises(IllegalActionError, match=r"no card is dealt now: .* redeal"):
        hand.deal(stub[0])
    assert (hand.chance(), hand.stub_cards) == (gathering, stub)
    hand.step()  # the gathering: the second deal starts from a fresh stub
    assert hand.deal_number == 2
    assert len(hand.stub_cards) == 52
    assert hand.chance() == Chance(Stage.CARD, deal=2, street=0, seat=0, up=False)


def test_a_card_not_in_the_stub_is_refused_and_nothing_changes() -> None:
    hand = Hand("FTQ", [50, 50], {"ante": 0}, deck=stack_deck("As 9c Ah 9d Qh 7d"))
    hand.deal("Kd")
    events, stub, chance = hand.events, hand.stub_cards, hand.chance()
    with pytest.raises(NotInStubError, match="Kd is not in the stub: it is out already"):
        hand.deal("Kd")
    with pytest.raises(NotInStubError):
        hand.deal(parse_card("Kd"))
    assert (hand.events, hand.stub_cards, hand.chance()) == (events, stub, chance)
    # The policy follows a card dealt from outside its order: it deals its next card on.
    assert hand.step() == (Dealt(1, parse_card("As"), False, 0),)


def test_a_short_stacked_deck_refuses_a_card_it_never_held() -> None:
    hand = Hand("FTQ", [50, 50], {"ante": 0}, deck=Deck.stacked("As 9c Ah"))
    with pytest.raises(NotInStubError, match="the stub holds 3 card"):
        hand.deal("Kd")
    for _ in range(3):
        hand.step()
    with pytest.raises(DeckExhaustedError):
        hand.step()
    assert hand.stub == 0


def test_no_card_is_dealt_while_a_player_must_act_or_once_the_hand_is_over() -> None:
    hand = Hand("FTQ", [50, 50], deck=Deck(seed=3))
    assert hand.chance() is None  # the antes first
    with pytest.raises(IllegalActionError, match="no card is dealt now"):
        hand.deal("As")
    hand.run()
    assert hand.phase is Phase.PLAYER
    assert hand.chance() is None
    with pytest.raises(IllegalActionError, match="must act before the dealer"):
        hand.deal(hand.stub_cards[0])
    play_taking_chances(hand)
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.deal("As")


def without_burns(events: tuple[Event, ...]) -> list[Event]:
    return [event for event in events if not isinstance(event, Burned)]


def test_a_record_is_replayed_by_dealing_its_cards_alone() -> None:
    # The replay's hand has a dealer policy of no cards: were any card left to it, it would
    # refuse (DeckExhaustedError), so every card of these replays went through Hand.deal.
    for code, players, options in TABLES:
        rules = rules_of(code, options)
        for seed in range(6):
            hand = Hand(rules, [200] * players, deck=Deck(seed=seed))
            play_taking_chances(hand)
            again = replay(record_from_hand(hand, reveal="all"))
            assert again.complete
            # A record never names the burned cards: the replay burns cards nobody names.
            assert without_burns(again.hand.events) == without_burns(hand.events)
            assert not again.unknown


def test_a_script_of_a_hands_cards_deals_that_hand_again() -> None:
    for code, players, options in TABLES:
        rules = rules_of(code, options)
        for seed in range(6):
            hand = Hand(rules, [200] * players, deck=Deck(seed=seed))
            play_taking_chances(hand)
            script = ScriptDealer.from_events(hand.events)
            again = Hand(rules, [200] * players, deck=script)
            play_taking_chances(again)
            assert again.events == hand.events


def test_stored_orders_deal_as_the_server_decks_do() -> None:
    book = DeckBook()
    rules = rules_of("BITCH", {})
    served = Hand(rules, [100] * 4, deck=book.draw)
    play_taking_chances(served)
    orders = {deal: book.order(deal) for deal in range(1, served.deal_number + 1)}
    stored = Hand(rules, [100] * 4, deck=DeckPerDeal.stored(orders))
    play_taking_chances(stored)
    assert stored.events == served.events
    # A list of decks, one per deal, deals the same again.
    decks = [Deck.stacked(orders[deal]) for deal in sorted(orders)]
    listed = Hand(rules, [100] * 4, deck=decks)
    play_taking_chances(listed)
    assert listed.events == served.events


def test_a_deck_source_that_gives_no_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="the deck source gave"):
        Hand("FTQ", [50, 50], deck=lambda deal: "As Kd")  # type: ignore[arg-type,return-value]


def test_a_replay_reads_the_shows_first_and_still_refuses_a_show_of_the_wrong_length() -> None:
    # The shows at the end give the unknown cards before the replay deals them (one pass, no
    # rerun); a show that lists too few cards is refused for its length, not read askew.
    text = (
        'variant = "FTQ"\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n'
        "starting_stacks = [100, 100]\nactions = ["
        + ", ".join(
            f'"{action}"'
            for action in (
                "d dh p1 ????Qh",
                "d dh p2 ????7d",
                "p2 pb",
                "p1 cc",
                "d dh p1 2c",
                "d dh p2 3c",
                "d dh p1 Kc",
                "d dh p2 4d",
                "d dh p1 Jc",
                "d dh p2 5h",
                "d dh p1 ??",
                "d dh p2 ??",
                "p1 sm {p1}",
                "p2 sm 9c9d7d3c4d5h8h",
            )
        )
        + "]"
    )
    shown = replay(read_record(text.replace("{p1}", "AsAhQh2cKcJc8s")), fill_in=True)
    assert [str(held.card) for held in shown.hand.cards(0)] == [
        "As",
        "Ah",
        "Qh",
        "2c",
        "Kc",
        "Jc",
        "8s",
    ]
    assert not shown.unknown
    with pytest.raises(RecordError, match=r"p1 holds 7 cards.*this one lists 6"):
        replay(read_record(text.replace("{p1}", "AhQh2cKcJc8s")), fill_in=True)


def play_by_runs(hand: Hand) -> None:
    """Play ``hand`` out as :func:`play_taking_chances` does, the dealer's moves taken by
    :meth:`Hand.run`: each street's cards picked from the policy in one run."""
    bot = CallingBot()
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            seat = hand.to_act
            assert seat is not None
            hand.act(*bot.choose(hand.view(seat)))
        else:
            hand.run()


def test_a_street_dealt_in_one_run_deals_what_its_cards_one_at_a_time_deal() -> None:
    # The Bitch's face-up Q♠ stops a deal in the middle of a street: the policy hears only of
    # the cards dealt before it, and the redeal's cards are the same either way.
    for code, players, options in TABLES:
        rules = rules_of(code, options)
        for seed in range(4):
            stepped = Hand(rules, [200] * players, deck=Deck(seed=seed))
            play_taking_chances(stepped)
            ran = Hand(rules, [200] * players, deck=Deck(seed=seed))
            play_by_runs(ran)
            assert ran.events == stepped.events
            script = Hand(rules, [200] * players, deck=ScriptDealer.from_events(stepped.events))
            play_by_runs(script)
            assert script.events == stepped.events


def test_a_short_deck_deals_a_street_up_to_its_last_card_then_says_it_is_out() -> None:
    hand = Hand("FTQ", [50, 50], {"ante": 0}, deck=Deck.stacked("As 9c Ah"))
    with pytest.raises(DeckExhaustedError, match="the deck has 0 card"):
        hand.run()
    assert [str(event.card) for event in hand.events if isinstance(event, Dealt)] == [
        "As",
        "9c",
        "Ah",
    ]
    assert hand.stub == 0
    assert hand.chance() == Chance(Stage.CARD, 1, 0, 1, False)
    script = Hand("FTQ", [50, 50], {"ante": 0}, deck=ScriptDealer("As 9c Ah"))
    with pytest.raises(DeckExhaustedError, match="the script's 3 cards are dealt"):
        script.run()
    assert script.events == hand.events


def test_a_deck_picks_a_run_of_cards_from_its_top_and_hears_which_were_dealt() -> None:
    deck = Deck.stacked("Ah Kh Qh Jh")
    run = deck.pick_run([Chance(Stage.CARD, 1, 0, seat) for seat in range(3)])
    assert [str(card) for card in run] == ["Ah", "Kh", "Qh"]
    assert len(deck) == 4
    deck.dealt_run(run[:2])  # the deal stopped after two
    assert [str(card) for card in deck.peek()] == ["Qh", "Jh"]
    deck.dealt_run([parse_card("Jh")])  # a card from under the top, as Hand.deal may give
    assert [str(card) for card in deck.peek()] == ["Qh"]
    assert deck.pick_run([Chance(Stage.CARD, 1, 0, 0)] * 3) == [parse_card("Qh")]
    per_deal = DeckPerDeal(Deck.stacked("2c 3c"))
    assert per_deal.pick_run([Chance(Stage.CARD, 1, 0, 0)]) == [parse_card("2c")]
    per_deal.dealt_run([parse_card("2c")])
    assert per_deal.pick(Chance(Stage.CARD, 1, 0, 1)) == parse_card("3c")


def test_a_copied_deck_per_deal_deals_the_same_cards_apart_from_its_original() -> None:
    chance = Chance(Stage.CARD, 1, 0, 0)
    for policy in (
        DeckPerDeal(Deck.stacked("2c 3c"), spares=[Deck.stacked("Ah Kh")]),
        DeckPerDeal.stored({1: "2c 3c", 2: "Ah Kh"}),
    ):
        policy.begin(1, ())
        twin = copy.deepcopy(policy)
        policy.dealt(policy.pick(chance))  # the original deals its 2c
        assert twin.pick(chance) == parse_card("2c")  # the copy still holds it
        for each in (policy, twin):
            each.begin(2, ())
        assert policy.pick(chance) == twin.pick(chance) == parse_card("Ah")
        twin.dealt(twin.pick(chance))
        assert policy.pick(chance) == parse_card("Ah")


def test_the_deprecated_next_step_warns_and_still_says_what_phase_stage_and_chance_say() -> None:
    # One way to ask what happens next (issue 23): phase, stage and chance(). The old name
    # stays for callers written against it, with its warning, and answers as they do.
    hand = Hand("the-bitch", [50, 50, 50], {"bring_in": 0}, deck=stack_deck("2c 3c 4c 5c 6c 7c Qs"))
    bot = CallingBot()
    asked = 0
    while hand.phase is not Phase.OVER:
        with pytest.warns(DeprecationWarning, match="use Hand.phase, Hand.stage and Hand.chance"):
            step = hand.next_step
        chance = hand.chance()
        if hand.phase is not Phase.DEALER:
            assert step is None
        else:
            assert step is not None
            assert step.kind is hand.stage
            if hand.stage is Stage.CARD:
                assert chance is not None
                assert (step.seat, step.up) == (chance.seat, chance.up)
            asked += 1
        if hand.phase is Phase.DEALER:
            hand.step()
        else:
            hand.act(*bot.choose(hand.view(hand.to_act)))
    with pytest.warns(DeprecationWarning, match="Hand.next_step is deprecated"):
        assert hand.next_step is None
    assert asked > 20  # the dealer's steps of a whole hand, a redeal among them
    assert any(isinstance(event, Redealt) for event in hand.events)


def test_the_deprecated_dealer_step_is_the_stage_with_its_warning() -> None:
    with pytest.warns(DeprecationWarning, match="DealerStep is deprecated: use Stage"):
        from wildstud.deal import DealerStep
    assert DealerStep is Stage
