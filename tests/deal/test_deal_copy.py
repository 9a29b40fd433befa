"""``Hand.copy()``: an independent copy. Whatever is done to the copy (actions, the dealer's
steps, chance steps with cards of the caller's choosing, a redeal, the showdown's choices), the
hand it was copied from is unchanged; and the copy, given the same moves, unfolds as the hand
itself does."""

from __future__ import annotations

import random

from wildstud.bots import RandomBot, take_turn
from wildstud.cards import Deck
from wildstud.deal import Hand, Phase, Stage
from wildstud.deal.decks import stack_deck
from wildstud.deal.per_deal import twin
from wildstud.games import find_game

GAMES = ["FTQ", "SMBU", "BD7", "BD5", "BITCH"]


def state(hand: Hand) -> tuple[object, ...]:
    """Everything a reader of the hand can ask, for each viewer."""
    seats = range(len(hand.stacks))
    return (
        hand.events,
        hand.stacks,
        hand.paid,
        hand.pot,
        hand.pots(),
        hand.stage,
        hand.to_act,
        hand.chance(),
        hand.stub_cards,
        hand.live,
        hand.legal_actions(),
        hand.to_show_or_muck,
        hand.wilds,
        tuple(hand.cards(seat) for seat in seats),
        tuple(hand.view(viewer) for viewer in (None, *seats)),
    )


def move(hand: Hand, rng: random.Random) -> None:
    """One move of any kind: an action, a dealer's step, a card of our choosing dealt, or a
    choice at the showdown."""
    if hand.phase is Phase.PLAYER:
        take_turn(hand, RandomBot(seed=rng.randrange(10**6)))
    elif hand.stage is Stage.SHOWDOWN and hand.to_show_or_muck and rng.random() < 0.7:
        hand.show_or_muck(hand.to_show_or_muck[0], rng.random() < 0.5)
    else:
        chance = hand.chance()
        if chance is not None and chance.takes_card and hand.stub and rng.random() < 0.5:
            hand.deal(rng.choice(hand.stub_cards))
        else:
            hand.step()


def test_moves_on_a_copy_leave_the_hand_unchanged_and_the_copy_replays_the_hand() -> None:
    copies = 0
    for seed in range(60):
        rules = find_game(GAMES[seed % 5]).rules({})
        hand = Hand(rules, [80, 120, 100, 60][: 2 + seed % 3], deck=Deck(seed=seed))
        rng = random.Random(seed)
        while hand.phase is not Phase.OVER:
            if rng.random() < 0.3:
                copy = hand.copy()
                before = state(hand)
                assert state(copy) == before
                trial = random.Random(seed * 1000 + copies)
                while copy.phase is not Phase.OVER:
                    move(copy, trial)
                assert state(hand) == before
                # The same moves on the hand give what they gave on the copy.
                again, twin = hand.copy(), hand.copy()
                replay = random.Random(seed * 1000 + copies)
                while again.phase is not Phase.OVER:
                    move(again, replay)
                assert state(again) == state(copy)
                assert state(twin) == before
                copies += 1
            move(hand, rng)
    assert copies > 100


def test_a_copy_goes_through_a_redeal_of_its_own() -> None:
    # The Bitch: the queen of spades dealt face up stops the deal; the pot carries to a redeal.
    hand = Hand("BITCH", [50, 50], deck=stack_deck("2c 3c 4c 5c  6c Qs  Ah Kh Qh Jh Th 9h"))
    while hand.redeal_pending is None:
        hand.step()
    copy = hand.copy()
    before = state(hand)
    copy.run()
    assert copy.deal_number == 2
    assert hand.deal_number == 1
    assert state(hand) == before
    hand.run()
    assert state(hand) == state(copy)


def test_a_copy_of_a_securely_shuffled_hand_deals_the_same_cards() -> None:
    hand = Hand("FTQ", [50, 50, 50])
    hand.run()
    copy = hand.copy()
    copy.run()
    assert copy.events == hand.events
    take_turn(copy, RandomBot(seed=1))
    copy.run()
    assert len(copy.events) > len(hand.events)
    assert hand.events == hand.copy().events


class _Base:
    __slots__ = ("held", "kept")

    def __init__(self) -> None:
        self.held = [1, 2]
        self.kept = (3,)


class _Slotted(_Base):
    __slots__ = ("later", "marks", "one")
    later: int

    def __init__(self) -> None:
        super().__init__()
        self.marks = {"a": {1}}
        self.one = 1  # "later" is never set


class _Single:
    __slots__ = ("only",)

    def __init__(self) -> None:
        self.only = {1}


class _Plain:
    def __init__(self) -> None:
        self.held = [1]
        self.kept = (2,)


def test_twin_copies_each_list_set_and_dict_and_shares_the_rest() -> None:
    slotted = _Slotted()
    made = twin(slotted)
    assert type(made) is _Slotted
    assert made.held == [1, 2]
    assert made.held is not slotted.held
    assert made.marks == {"a": {1}}
    assert made.marks is not slotted.marks
    assert made.marks["a"] is slotted.marks["a"]  # what a container holds is shared
    assert made.kept is slotted.kept
    assert made.one == 1
    assert not hasattr(made, "later")  # a slot never set stays unset
    slotted.later = 5
    assert twin(slotted).later == 5
    single = _Single()
    assert twin(single).only == {1}
    assert twin(single).only is not single.only
    plain = _Plain()
    copied = twin(plain)
    assert copied.held == [1]
    assert copied.held is not plain.held
    assert copied.kept is plain.kept
