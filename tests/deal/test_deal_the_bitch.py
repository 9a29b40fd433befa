"""The Bitch, played through the public interface with stacked decks.

Decks list the cards in dealing order: one card at a time, clockwise from the dealer's left (seat
0 unless said otherwise), so third street is every player's first hole card, then every second
hole card, then every upcard.
"""

from __future__ import annotations

from tests.deal.helpers import awards, play
from wildstud.bots import CallingBot, play_out
from wildstud.cards import DECK, QUEEN_OF_SPADES, parse_card, parse_cards
from wildstud.deal import (
    Awarded,
    Dealt,
    Hand,
    Paid,
    Payment,
    Redealt,
    Share,
    Shown,
    StreetStarted,
    stack_deck,
)
from wildstud.hands import describe_value


def test_sheet_split_pot_flush_and_hidden_queen_of_spades() -> None:
    # A (p1): A♥ 9♥ down, K♥ 6♥ 2♣ J♠ up, 3♥ last. B (p2): Q♠ 8♦ down, 8♣ 10♣ 4♦ 5♠ up, 7♥ last.
    deck = stack_deck("Ah Qs 9h 8d Kh 8c  6h Tc  2c 4d  Js 5s  3h 7h")
    hand = Hand("the-bitch", [100, 100], deck=deck)
    play(hand, "p2 bring-in", "p1 call")
    play_out(hand, CallingBot())
    shown = {
        event.seat: describe_value(event.value) for event in hand.events if isinstance(event, Shown)
    }
    assert shown == {0: "ace-high flush", 1: "pair of eights"}
    assert awards(hand) == [(0, 0, 3, Share.HIGH), (0, 1, 3, Share.HOLE_CARD)]
    assert hand.stacks == (100, 100)


def test_sheet_queen_of_spades_turns_up_on_fifth_street() -> None:
    # Five players; p4 and p5 fold on third street; Q♠ comes face up to p2 on fifth street.
    deal_one = (
        "5c 6d 7h 8s 9c  Th Jd 2s 3d 4h  Kd Ad 2c Jc 9d"  # third street (p3's 2♣ brings in)
        "  3c 4s 5d"  # fourth street, to the three still in
        "  6s Qs"  # fifth street: p1, then Q♠ to p2, and the deal stops
    )
    deal_two = (
        "Ac 2d 3h  Ah 7c 8h  As 9s Tc"  # the new deal to p1, p2, p3 (p2's 9♠ brings in)
        "  Kc Jh 4c  6c 5h 3s  7d 8c Ts  2h 9h Kh"
    )
    # One stacked deck: the script runs on into the new deal.
    hand = Hand("black-mariah", [100] * 5, deck=stack_deck(deal_one + "  " + deal_two))
    play(hand, "p3 bring-in", "p4 fold", "p5 fold", "p1 call", "p2 call")
    play(hand, "p2 check", "p3 check", "p1 check")
    assert hand.deal_number == 2
    redeal = next(event for event in hand.events if isinstance(event, Redealt))
    assert redeal == Redealt(1, (0, 1, 2), 11, parse_card("Qs"), 1)
    # The deal stopped at once: p3 never got a fifth-street card.
    fifth = [
        event
        for event in hand.events
        if isinstance(event, Dealt) and event.street == 2 and event.card is not None
    ]
    assert [(event.seat, event.card) for event in fifth] == [
        (0, parse_card("6s")),
        (1, QUEEN_OF_SPADES),
    ]
    assert hand.in_deal == (0, 1, 2)
    assert hand.pot == 11
    assert not any(isinstance(event, Paid) for event in hand.events[hand.events.index(redeal) :])
    play_out(hand, CallingBot())
    # The queen of spades was not dealt in the new deal: the best high hand takes it all.
    assert awards(hand) == [(0, 0, 17, Share.HIGH)]
    assert hand.stacks == (112, 95, 95, 99, 99)


def test_queen_of_spades_face_up_on_third_then_sixth_street_twice_in_a_row() -> None:
    decks = [
        # Deal 1: Q♠ is p2's upcard on third street; p3 gets no upcard.
        stack_deck("2c 3c 4c  5c 6c 7c  8c Qs"),
        # Deal 2: kings up; then Q♠ face up to p2 on sixth street.
        stack_deck("2d 3d 4d  5d 6d 7d  Kh Kd Ks  8d 9d Td  Jd Ad 2h  3h Qs"),
        # Deal 3: Q♠ in p3's hole; p1 makes four aces.
        stack_deck("As 2s Qs  Ah 3s 4s  Ad 5s 9h  Ac 6s Th  Kc 7s Jh  Kd 8h Js  9c 2d 5h"),
    ]
    hand = Hand("the-bitch", [100, 100, 100], deck=decks)
    play_out(hand, CallingBot())
    redeals = [event for event in hand.events if isinstance(event, Redealt)]
    assert [(r.deal, str(r.card), r.seat, r.seats) for r in redeals] == [
        (1, "Qs", 1, (0, 1, 2)),
        (2, "Qs", 1, (0, 1, 2)),
    ]
    streets = [e.name for e in hand.events if isinstance(e, StreetStarted)]
    assert streets.count("sixth street") == 2  # deal 2 reached sixth street; deal 3 did too
    before_second = hand.events[: hand.events.index(redeals[1])]
    assert [e for e in before_second if isinstance(e, StreetStarted)][-1].name == "sixth street"
    # Pot: 3 antes, then a bring-in called twice in each of deals 2 and 3: 15 chips.
    assert awards(hand) == [(0, 0, 8, Share.HIGH), (0, 2, 7, Share.HOLE_CARD)]
    assert hand.stacks == (103, 95, 102)


def test_reante_on_redeal_has_everyone_in_the_new_deal_ante_again() -> None:
    decks = [
        stack_deck("2c 3c 4c  5c 6c 7c  8c Qs"),
        stack_deck("As 2s Qs  Ah 3s 4s  Ad 5s 9h  Ac 6s Th  Kc 7s Jh  Kd 8h Js  9c 2d 5h"),
    ]
    hand = Hand("the-bitch", [100, 100, 100], {"reante_on_redeal": True}, deck=decks)
    play_out(hand, CallingBot())
    antes = [e for e in hand.events if isinstance(e, Paid) and e.kind is Payment.ANTE]
    assert len(antes) == 6
    assert awards(hand) == [(0, 0, 6, Share.HIGH), (0, 2, 6, Share.HOLE_CARD)]


def test_queen_of_spades_held_by_a_player_who_folded_leaves_the_pot_to_the_high_hand() -> None:
    deck = stack_deck("Ah 9s Qs  Ad 9d 8c  Kd Ac 3c  2h 2s 4d  5c 5s 6d  7c 7s Th  Jc Js 2d")
    hand = Hand("the-bitch", [100, 100, 100], deck=deck)
    play(hand, "p3 bring-in", "p1 complete", "p2 call", "p3 fold")
    play_out(hand, CallingBot())
    # p1 (aces) and p2 (nines, sevens, fives...) show; Q♠ is folded: the high hand takes all.
    assert {e.seat for e in hand.events if isinstance(e, Shown)} == {0, 1}
    assert awards(hand) == [(0, 0, 15, Share.HIGH)]


def test_high_hand_with_the_queen_of_spades_in_the_hole_takes_both_halves() -> None:
    deck = stack_deck("Qs 2c Qh 7d Qd 4h  Ah Jc  Kh 9d  8c Ts  9c 3s")
    hand = Hand("the-bitch", [100, 100], deck=deck)
    play_out(hand, CallingBot())
    assert awards(hand) == [(0, 0, 3, Share.HIGH), (0, 0, 3, Share.HOLE_CARD)]
    assert hand.stacks == (103, 97)


def test_all_in_queen_of_spades_wins_half_of_the_main_pot_only() -> None:
    # p1 (4 chips) holds Q♠ and goes all in on third street; p2 and p3 bet on in a side pot.
    deck = stack_deck("Qs Kc Ac  2d Kd Ad  2c 9s Th  3h 4s 5c  6h 7s 8c  9h Jc Js  7h 3s 4d")
    hand = Hand("the-bitch", [4, 100, 100], deck=deck)
    play(hand, "p1 bring-in", "p2 complete", "p3 call", "p1 call")
    assert hand.stacks[0] == 0
    play(hand, "p3 bet", "p2 call")
    play_out(hand, CallingBot())
    pots = [(a.pot, a.seat, a.amount, a.share) for a in hand.awards]
    # Main pot 12 (4 from each): high half to p3's aces, the other half to p1's hidden Q♠.
    # Side pot 14 (p2 and p3 only): p3's aces take it all.
    assert pots == [
        (0, 2, 6, Share.HIGH),
        (0, 0, 6, Share.HOLE_CARD),
        (1, 2, 14, Share.HIGH),
    ]
    assert hand.stacks == (6, 89, 109)


def test_odd_chip_goes_to_the_high_half() -> None:
    # Three players; p3 brings in and folds to a completion: 15 chips, split 8 and 7.
    deck = stack_deck("Ah Qs 9s  Ad 9d 8c  Kd Tc 3c  2h 2d  5c 5h  7c 7s  Jc Jd")
    hand = Hand("the-bitch", [100, 100, 100], deck=deck)
    play(hand, "p3 bring-in", "p1 complete", "p2 call", "p3 fold")
    play_out(hand, CallingBot())
    assert awards(hand) == [(0, 0, 8, Share.HIGH), (0, 1, 7, Share.HOLE_CARD)]


def test_queen_of_spades_wild_in_the_hole_and_no_split() -> None:
    # p2's Q♠ in the hole is wild: it fills 4-5-_-7-8 and the straight beats p1's aces.
    deck = stack_deck("Ah Qs Ad 8d Kh 8c  6h Tc  2c 4d  Js 5s  3d 7h")
    hand = Hand("the-bitch", [100, 100], {"queen_of_spades": "wild"}, deck=deck)
    play_out(hand, CallingBot())
    shown = {event.seat: event for event in hand.events if isinstance(event, Shown)}
    assert describe_value(shown[0].value) == "pair of aces"
    assert describe_value(shown[1].value) == "eight-high straight"
    assert shown[1].wild == (QUEEN_OF_SPADES,)
    assert awards(hand) == [(0, 1, 6, Share.HIGH)]


def test_spectators_never_see_the_hidden_queen_before_the_showdown() -> None:
    deck = stack_deck("Ah Qs 9h 8d Kh 8c  6h Tc  2c 4d  Js 5s  3h 7h")
    hand = Hand("the-bitch", [100, 100], deck=deck)
    hand.run()
    assert QUEEN_OF_SPADES not in {c.card for seat in hand.view(None).seats for c in seat.cards}
    assert QUEEN_OF_SPADES not in {c.card for seat in hand.view(0).seats for c in seat.cards}
    assert QUEEN_OF_SPADES in {c.card for c in hand.view(1).seats[1].cards}
    play_out(hand, CallingBot())
    assert QUEEN_OF_SPADES in {c.card for c in hand.view(None).seats[1].cards}
    assert set(parse_cards("Qs 8d")) <= set(hand.hand_of(1))
    assert sum(a.amount for a in hand.awards if isinstance(a, Awarded)) == 6


def test_queen_of_spades_as_the_community_card_is_in_every_live_hole() -> None:
    # Eight players reach seventh street with four cards left: one community card, here Q♠.
    # It counts as a face-down card of every live hand: no redeal, and the half is shared.
    first = [card for card in DECK if card != QUEEN_OF_SPADES][:48]
    hand = Hand("the-bitch", [100] * 8, deck=stack_deck([*first, QUEEN_OF_SPADES]))
    play_out(hand, CallingBot())
    assert hand.community == QUEEN_OF_SPADES
    assert not any(isinstance(event, Redealt) for event in hand.events)
    # 8 antes and 8 bring-ins: 24 chips, 12 to the high hand, 12 shared by all eight.
    hole = [(a.seat, a.amount) for a in hand.awards if a.share is Share.HOLE_CARD]
    assert sorted(seat for seat, _ in hole) == list(range(8))
    assert sum(amount for _, amount in hole) == 12
    assert sum(a.amount for a in hand.awards if a.share is Share.HIGH) == 12
