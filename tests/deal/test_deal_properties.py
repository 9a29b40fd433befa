"""Properties of every game under every house rule, over many random hands.

Random tables (game, house rules, two to the most players, stacks short and deep, the dealer's
seat, a seeded deck) are played out by :class:`~wildstud.bots.RandomBot`. After every dealer step
and every action: no chip is made or lost, no card is in two places, no view shows a seat
another seat's hidden card; random illegal actions are refused and change nothing; and every
hand ends.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tools.random_tables import GAME_CODES, random_tables
from wildstud.betting import ActionKind
from wildstud.bots import CallingBot, RandomBot, take_turn
from wildstud.cards import Card, Deck
from wildstud.deal import (
    Burned,
    CentreCard,
    CommunityCard,
    DealStarted,
    Dealt,
    Hand,
    Phase,
    StubShuffled,
    TableView,
    TurnedUp,
)
from wildstud.errors import IllegalActionError

MAX_STEPS = 3000


class Players:
    """A RandomBot that, with probability ``passive``, just calls instead."""

    def __init__(self, seed: int, passive: float) -> None:
        self.random = RandomBot(seed)
        self.calling = CallingBot()
        self.rng = random.Random(seed)
        self.passive = passive

    def choose(self, view: TableView) -> tuple[ActionKind, int | None]:
        bot = self.calling if self.rng.random() < self.passive else self.random
        return bot.choose(view)


def hidden_leaks(hand: Hand, viewer: int | None) -> list[str]:
    """Whatever the view shows of another seat's face-down cards (or a burned card)."""
    view = hand.view(viewer)
    leaks = []
    # The house rule all_in_turn_up shows the hands still in to everyone, but only once no
    # more betting can come (at most one of them with chips before the pots were pushed).
    behind = list(hand.stacks)
    for award in hand.awards:
        behind[award.seat] -= award.amount
    turned = hand.options.all_in_turn_up and sum(1 for s in hand.live if behind[s]) <= 1
    for seat in view.seats:
        if seat.seat == viewer or seat.shown or (seat.turned_up and turned):
            continue
        leaks += [f"seat {seat.seat}: {c.card}" for c in seat.cards if not c.up and c.card]
    public = turned
    for event in view.events:
        if isinstance(event, DealStarted):
            # A redeal can bring back players with chips: an earlier deal's turned-up hands
            # were checked as they were turned up (the test looks after every step).
            public = event.deal < hand.deal_number or turned
        if isinstance(event, Dealt) and not event.up and event.seat != viewer and event.card:
            leaks.append(f"event {event}")
        if isinstance(event, TurnedUp) and not public:
            leaks.append(f"event {event}")
        if isinstance(event, Burned) and event.card is not None:
            leaks.append(f"event {event}")
    if viewer is not None:
        own = {held.card for held in hand.cards(viewer)} | {hand.community} - {None}
        if not set(view.own_wild or ()) <= own:
            leaks.append(f"own wild {view.own_wild}")
    return leaks


class CardTracker:
    """The cards out of the deck in the current deal: none may come out twice."""

    def __init__(self) -> None:
        self.out: set[Card] = set()
        self.burned: set[Card] = set()
        self.seen = 0

    def update(self, hand: Hand) -> None:
        events = hand.events
        for event in events[self.seen :]:
            if isinstance(event, DealStarted):
                self.out, self.burned = set(), set()
            elif isinstance(event, StubShuffled):
                # The burned cards go back first; with none, under `short_stub` `reshuffle`,
                # the folded hands' cards (the event does not name them: they were hidden).
                returned = self.burned or self.folded(hand)
                assert len(returned) == event.cards
                self.out -= returned
                self.burned = set()
            elif isinstance(event, Dealt | Burned | CentreCard | CommunityCard):
                assert event.card is not None
                assert event.card not in self.out, f"{event.card} dealt twice: {event}"
                self.out.add(event.card)
                if isinstance(event, Burned):
                    self.burned.add(event.card)
        self.seen = len(events)

    def folded(self, hand: Hand) -> set[Card]:
        live = set(hand.live)
        return {
            held.card
            for seat in range(len(hand.stacks))
            if seat not in live
            for held in hand.cards(seat)
            if held.card in self.out
        }


def snapshot(hand: Hand) -> tuple[Any, ...]:
    return (
        hand.events,
        hand.stacks,
        hand.paid,
        hand.phase,
        hand.to_act,
        hand.legal_actions(),
        hand.stub,
        hand.view(None),
        hand.view(hand.to_act) if hand.to_act is not None else None,
    )


def illegal_attempt(hand: Hand, rng: random.Random) -> tuple[str, int | None, int | None]:
    """An action that must be refused now: a kind not offered, an amount out of range, or the
    wrong seat."""
    options = {option.kind: option for option in hand.legal_actions()}
    missing = [kind for kind in ActionKind if kind not in options]
    choice = rng.randrange(3)
    if choice == 0 and missing:
        return rng.choice(missing).value, None, None
    if choice == 1:
        sized = [o for o in options.values() if o.kind not in (ActionKind.FOLD, ActionKind.CHECK)]
        if sized:
            option = rng.choice(sized)
            return (
                option.kind.value,
                rng.choice([option.max_amount + 1, option.min_amount - 1]),
                None,
            )
    to_act = hand.to_act
    assert to_act is not None
    wrong = (to_act + 1 + rng.randrange(len(hand.stacks) - 1)) % len(hand.stacks)
    kind = next(iter(options))
    return kind.value, None, wrong


# A thousand random hands in all: every game gets its own share of examples (the suite's
# time is shared; HYPOTHESIS_PROFILE=thorough does not raise an explicit count, edit it here).
@pytest.mark.parametrize("code", GAME_CODES)
@settings(max_examples=200)
@given(data=st.data())
def test_random_hands_keep_every_invariant(code: str, data: st.DataObject) -> None:
    rules, stacks, dealer, seed, passive = data.draw(random_tables(code))
    total = sum(stacks)
    hand = Hand(rules, stacks, deck=Deck(seed=seed), dealer=dealer)
    bot = Players(seed, passive)
    rng = random.Random(seed)
    tracker = CardTracker()
    for _ in range(MAX_STEPS):
        if hand.phase is Phase.OVER:
            break
        if hand.phase is Phase.PLAYER:
            if rng.random() < 0.3:
                before = snapshot(hand)
                kind, amount, seat = illegal_attempt(hand, rng)
                try:
                    hand.act(kind, amount, seat=seat)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"{kind} {amount} by {seat} was accepted")
                assert snapshot(hand) == before
            take_turn(hand, bot)
        else:
            if rng.random() < 0.1:
                before = snapshot(hand)
                with pytest.raises(IllegalActionError):
                    hand.call()
                assert snapshot(hand) == before
            hand.step()
        assert sum(hand.stacks) + hand.pot == total
        assert sum(pot.amount for pot in hand.pots()) == hand.pot
        tracker.update(hand)
        viewer = rng.choice([None, *range(len(stacks))])
        assert hidden_leaks(hand, viewer) == []
    assert hand.phase is Phase.OVER, "the hand did not end"
    assert hand.pot == 0
    assert sum(award.amount for award in hand.awards) == sum(hand.paid)
    assert all(stack >= 0 for stack in hand.stacks)


@pytest.mark.parametrize("code", GAME_CODES)
@settings(max_examples=60)
@given(data=st.data())
def test_no_view_ever_shows_another_seats_hidden_card(code: str, data: st.DataObject) -> None:
    rules, stacks, dealer, seed, passive = data.draw(random_tables(code))
    hand = Hand(rules, stacks, deck=Deck(seed=seed), dealer=dealer)
    bot = Players(seed, passive)
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            take_turn(hand, bot)
        else:
            hand.step()
        for viewer in [None, *range(len(stacks))]:
            assert hidden_leaks(hand, viewer) == []
