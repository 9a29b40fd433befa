"""The practice table's help in the library (:mod:`wildstud.practice`): a seat's chances are the
odds engine's for its view, and the equity bot's advice is the action the bot takes, with a
reason that agrees with its figures."""

from __future__ import annotations

from wildstud.bots import RandomBot, take_turn
from wildstud.bots_equity import EquityBot, Why
from wildstud.cards import Deck
from wildstud.deal import Hand, Phase
from wildstud.odds.equity import odds
from wildstud.odds.situation import Situation
from wildstud.practice import DEALS, advice, chances


def turns(game: str, seed: int) -> list[Hand]:
    """Copies of a hand of four played at random, at each player's turn."""
    hand = Hand(game, [200] * 4, deck=Deck(seed=seed))
    bot = RandomBot(seed=seed)
    states: list[Hand] = []
    while True:
        hand.run()
        if hand.phase is Phase.OVER:
            return states
        states.append(hand.copy())
        take_turn(hand, bot)


def test_the_advice_is_the_bot_s_action_and_its_reason_agrees_with_its_figures() -> None:
    whys = set()
    for game, seed in (("FTQ", 1), ("SMBU", 2), ("BITCH", 3), ("BD7", 4), ("F7S", 5)):
        for hand in turns(game, seed):
            view = hand.view(hand.to_act)
            given = EquityBot(seed=7).advise(view)
            assert (given.kind, given.amount) == EquityBot(seed=7).choose(view)
            whys.add(given.why)
            if given.why is Why.VALUE:
                assert given.strength >= given.line
            elif given.why is Why.PRICE:
                assert given.equity >= given.price > 0
            elif given.why is Why.SHORT:
                assert given.equity < given.price
            elif given.why in (Why.FREE, Why.BRING_IN):
                assert given.strength < given.line
    assert {Why.VALUE, Why.PRICE, Why.SHORT, Why.FREE, Why.BRING_IN} <= whys


def test_a_seat_s_chances_are_the_odds_engine_s_for_what_it_knows() -> None:
    hand = turns("FTQ", 9)[6]
    for seat in range(4):
        mine = chances(hand.view(seat), seed=4)
        if mine is None:  # folded
            assert seat not in Situation.from_hand(hand).live
            continue
        result = odds(Situation.from_hand(hand, viewer=seat), deals=DEALS, seed=4)
        entry = next(entry for entry in result.seats if entry.seat == seat)
        assert (mine.equity, mine.win, mine.tie) == (entry.equity, entry.win, entry.tie)
        assert mine.low < mine.equity < mine.high
    # The seat not to act gets chances but no advice.
    others = [seat for seat in range(4) if seat != hand.to_act]
    assert all(advice(hand.view(seat), chances(hand.view(seat))) is None for seat in others)
