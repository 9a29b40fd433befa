"""The chances of a hand run twice: each run's from that run's cards, run 1's dead in run 2."""

from __future__ import annotations

from wildstud.deal import Dealt, Hand, RunStarted, Shown
from wildstud.deal.decks import stack_deck
from wildstud.odds.equity import odds
from wildstud.odds.runout import public_odds, run_out_cuts
from wildstud.odds.situation import Situation

OPTIONS = {"all_in_turn_up": True, "run_twice": True, "bring_in": 0, "ante": 1}
# Seven-card stud heads-up: p1 A♠ A♥ (K♣ up), p2 K♠ K♥ (9♣ up); run 1 gives aces the pot, run 2
# gives p2 the K♦ on fourth street (three kings).
DECK = "As Ks Ah Kh Kc 9c  5s 6h 7c 8d Jd Td 2h 3h  2s Kd 4h 5d 7d 8c 9h Ts"


def run_twice() -> Hand:
    hand = Hand("F7S", [6, 6], OPTIONS, deck=stack_deck(DECK))
    hand.run()
    hand.bet(5)
    hand.call()
    hand.auto_agree_run_twice(agree=True)
    hand.run()
    return hand


def test_run_2_stands_where_run_1_began_with_run_1s_cards_dead() -> None:
    hand = run_twice()
    events = hand.events
    second = events.index(RunStarted(2))
    boundary = events.index(RunStarted(1))
    at_second = Situation.from_events(hand.rules, 2, events[: second + 1])
    at_first = Situation.from_events(hand.rules, 2, events[:boundary])
    run_1 = [e.card for e in events[boundary:second] if isinstance(e, Dealt)]
    assert at_second.prefix == at_first.prefix
    assert at_second.street == at_first.street
    assert sorted(at_second.dead) == sorted(card.code for card in run_1 if card is not None)
    assert not at_first.dead
    # With run 1's eight cards out, the kings' chances are not what they were.
    assert odds(at_second).seats[1].equity != odds(at_first).seats[1].equity


def test_each_runs_last_cut_is_that_runs_result() -> None:
    hand = run_twice()
    events = hand.events
    cuts = run_out_cuts(events)
    second = events.index(RunStarted(2))
    firsts = [cut for cut in cuts if cut <= second]
    seconds = [cut for cut in cuts if cut > second]
    assert len(firsts) == 5  # turned up, then after each of the four streets
    assert len(seconds) == 4  # after each street of run 2 (its start is run 1's)
    assert isinstance(events[firsts[-1]], Shown)
    assert isinstance(events[seconds[-1]], Shown)
    first = public_odds(hand.rules, 2, events[: firsts[-1]])
    last = public_odds(hand.rules, 2, events[: seconds[-1]])
    assert first.exact
    assert last.exact
    assert [seat.equity for seat in first.seats] == [1.0, 0.0]  # aces hold in run 1
    assert [seat.equity for seat in last.seats] == [0.0, 1.0]  # three kings in run 2


def test_run_2s_last_street_is_counted_exactly_without_run_1s_cards() -> None:
    hand = run_twice()
    events = hand.events
    second = events.index(RunStarted(2))
    before_last = [cut for cut in run_out_cuts(events) if cut > second][-2]
    result = public_odds(hand.rules, 2, events[:before_last])
    # 12 cards on the table, run 1's 8 dead: 32 left for two seventh-street cards.
    assert result.exact
    assert result.deals == 32 * 31


def test_a_replays_odds_give_each_run_its_streets() -> None:
    from wildstud.odds.hindsight import finished_odds

    hand = run_twice()
    report = finished_odds(hand, deals=2048)
    runs = [(street.run, street.name) for street in report.streets]
    assert runs == [
        (0, "third street"),
        (1, "fourth street"),
        (1, "fifth street"),
        (1, "sixth street"),
        (1, "seventh street"),
        (2, "fourth street"),
        (2, "fifth street"),
        (2, "sixth street"),
        (2, "seventh street"),
    ]
    assert [s.share(1) for s in report.streets if s.complete] == [0.0, 1.0]
    # The biggest swing never spans run 1's end and run 2's start.
    assert report.swing is not None
    assert (report.swing.before.run == 2) == (report.swing.after.run == 2)
    assert report.to_dict()["streets"][5]["run"] == 2
