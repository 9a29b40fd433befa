"""Luck at the showdown (issue 27 item 3, issue 28 item 1): what a hand won against its chances
when the money went in, for hands whose betting ended before their last cards."""

from __future__ import annotations

import random

import pytest

from wildstud.bots import RandomBot, play_out
from wildstud.cards import Deck
from wildstud.deal import Acted, Dealt, Hand
from wildstud.history.export import record_from_hand
from wildstud.odds.luck import hand_luck, record_luck


def _hands(count: int, seed: int) -> list[Hand]:
    """Short stacks against the bets, so that many hands are all in before the end."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        game = rng.choice(["FTQ", "BD7", "SMBU", "F7S"])
        hand = Hand(game, [rng.randint(6, 40) for _ in range(rng.randint(2, 4))],
                    deck=Deck(seed=rng.randrange(2**32)))  # fmt: skip
        play_out(hand, RandomBot(seed=rng.randrange(2**32)))
        hands.append(hand)
    return hands


def test_luck_adds_up_to_nothing_and_follows_the_record() -> None:
    counted = 0
    for hand in _hands(60, seed=11):
        luck = hand_luck(hand, deals=2048)
        last = max(i for i, e in enumerate(hand.events) if isinstance(e, Acted))
        cards_after = any(isinstance(e, Dealt) for e in hand.events[last:])
        if luck is None:
            continue
        counted += 1
        assert cards_after  # only hands whose last cards came after the betting
        assert luck.pot == sum(award.amount for award in hand.awards)
        assert sum(luck.expected.values()) == pytest.approx(luck.pot)
        assert sum(luck.luck.values()) == pytest.approx(0, abs=1e-6)
        for seat, won in luck.won.items():
            assert won == sum(a.amount for a in hand.awards if a.seat == seat)
        # The record written for the table gives the same knowledge, so the same figures.
        again = record_luck(record_from_hand(hand), deals=2048)
        assert again is not None
        assert again.expected == pytest.approx(luck.expected)
    assert counted >= 5, counted


def test_no_luck_when_the_betting_went_to_the_end() -> None:
    deep = [hand for hand in _hands(20, seed=5) if min(hand.stacks) > 0]
    for hand in deep:
        last = max(i for i, e in enumerate(hand.events) if isinstance(e, Acted))
        if not any(isinstance(e, Dealt) for e in hand.events[last:]):
            assert hand_luck(hand, deals=1024) is None
