"""The table shows the winning hands before it asks a loser to show or muck, and a stored hand
replays to the same events: rebuilt (a restarted server, the night's record), move by move (the
replay page), and a hand stored before the winners were shown first, whose actions are the
same, replays with the same awards."""

from __future__ import annotations

from wildstud.cards import DECK
from wildstud.deal import Hand, Mucked, Phase, Shown, Stage, stack_deck
from wildstud.server.replay import (
    MUCK,
    SHOW,
    DeckBook,
    deal_on,
    rebuild,
    replay_views,
    show_winners_first,
    start_hand,
)
from wildstud.server.store.records import ActionRecord, HandSetup

# Follow the Queen heads-up: p2's nines with the seven that follows the queen beat p1's aces.
NINES_BEAT_ACES = "As 9c Ah 9d Qh 7d 2c 3c Kc 4d Jc 5h 8s 8h"
# Seven-card stud heads-up, each rank dealt to both seats: the same high card, a split pot.
SPLIT = "As Ah Ks Kh Qs Qh Jh Jd 9c 9d 7d 7c 5d 5c"
OPTIONS = {"bring_in": 0}


def _order(top: str = NINES_BEAT_ACES) -> str:
    named = top.split()
    rest = [str(card) for card in DECK if str(card) not in named]
    return " ".join([*named, *rest])


def _heads_up_setup() -> HandSetup:
    return HandSetup(1, 0, "FTQ", OPTIONS, (0, 1), ("ann", "bob"), 1, (50, 50))


def _to_choice(book: DeckBook) -> tuple[Hand, list[ActionRecord]]:
    """The hand checked down to the showdown as the table plays it, with its actions."""
    hand = start_hand(_heads_up_setup(), book, to_redeal=True, hold_showdown=True)
    actions: list[ActionRecord] = []
    while hand.stage is not Stage.SHOWDOWN:
        seat = hand.to_act
        assert seat is not None
        hand.act("check", seat=seat)
        actions.append(ActionRecord(1, len(actions), seat, "check", None, "player", None))
        deal_on(hand, hold_showdown=True)
    return hand, actions


def test_the_winner_is_shown_when_the_loser_is_asked() -> None:
    hand, _ = _to_choice(DeckBook({1: _order()}))
    assert hand.to_show_or_muck == (0,)
    last = hand.events[-1]
    assert isinstance(last, Shown)
    assert last.seat == 1
    seats = hand.view(0).seats
    assert all(card.card is not None for card in seats[1].cards)  # the loser sees them
    assert not show_winners_first(hand)  # once a hand


def test_a_stored_hand_replays_to_the_same_events() -> None:
    for kind in (MUCK, SHOW):
        hand, actions = _to_choice(DeckBook({1: _order()}))
        hand.show_or_muck(0, kind == SHOW)
        actions.append(ActionRecord(1, len(actions), 0, kind, None, "player", None))
        hand.run()  # the table's dealer goes through the showdown once nobody is to choose
        assert hand.phase is Phase.OVER
        assert [e.seat for e in hand.events if isinstance(e, Shown)] == (
            [1] if kind == MUCK else [1, 0]
        )
        again = rebuild(_heads_up_setup(), DeckBook({1: _order()}), actions)
        assert again.events == hand.events
        held = rebuild(_heads_up_setup(), DeckBook({1: _order()}), actions[:-1], hold_showdown=True)
        assert held.events == hand.events[: len(held.events)]
        assert isinstance(held.events[-1], Shown)
        views = replay_views(_heads_up_setup(), DeckBook({1: _order()}), actions)
        assert views[-1].events == hand.view(None).events
        # One view stands at the question: the winner shown, the loser's choice not yet made.
        asked = [view for view in views if view.events[-1] == held.events[-1]]
        assert len(asked) == 1
        assert all(card.card is not None for card in asked[0].seats[1].cards)


def test_a_hand_stored_before_the_winners_were_shown_first_replays_with_its_awards() -> None:
    """Its actions are those of today's table (the losers' choices): rebuilt, its winners are
    shown first, and it ends as it ended then (the engine showing every hand at once)."""
    then = Hand("FTQ", [50, 50], OPTIONS, deck=stack_deck(_order()), dealer=1)
    while then.stage is not Stage.SHOWDOWN:
        _ = then.check() if then.phase is Phase.PLAYER else then.step()
    then.show_or_muck(0, False)
    then.run()
    _, actions = _to_choice(DeckBook({1: _order()}))
    actions.append(ActionRecord(1, len(actions), 0, MUCK, None, "player", None))
    now = rebuild(_heads_up_setup(), DeckBook({1: _order()}), actions)
    assert (now.awards, now.stacks) == (then.awards, then.stacks)
    assert sorted(map(repr, now.events)) == sorted(map(repr, then.events))
    assert now.events.index(Mucked(0)) > max(
        i for i, event in enumerate(now.events) if isinstance(event, Shown)
    )


def test_a_showdown_where_every_hand_takes_a_share_is_not_held() -> None:
    """Where every hand still in takes part of a pot, nobody has a choice to make: the dealer
    shows the hands down at once, as the table plays it and as a restarted server rebuilds it
    from the actions stored in the pause before the run-out's streets (such a hand was once
    rebuilt held at a showdown that asked nobody, and its table stood still for good)."""
    setup = HandSetup(1, 0, "seven-card-stud", OPTIONS, (0, 1), ("ann", "bob"), 1, (6, 6))
    hand = start_hand(setup, DeckBook({1: _order(SPLIT)}), to_redeal=True, hold_showdown=True)
    actions: list[ActionRecord] = []
    for kind, amount in (("bet", 5), ("call", None)):  # both all in on third street
        seat = hand.to_act
        assert seat is not None
        hand.act(kind, amount, seat=seat)
        actions.append(ActionRecord(1, len(actions), seat, kind, amount, "player", None))
    deal_on(hand, hold_showdown=True)
    assert hand.phase is Phase.OVER
    assert list(hand.stacks) == [6, 6]  # the pot split
    again = rebuild(setup, DeckBook({1: _order(SPLIT)}), actions, hold_showdown=True)
    assert again.phase is Phase.OVER
    assert again.events == hand.events
