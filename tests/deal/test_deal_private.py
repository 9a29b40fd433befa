"""A private deal's hand (:class:`~wildstud.deal.PrivateHand`): the engine plays it without
knowing a face-down card until its owner shows it, and it plays exactly as the same deal with
every card known.

The twin test: one seeded deck dealt to a :class:`~wildstud.deal.Hand` (every card known) and,
through :class:`~wildstud.deal.HiddenDeck`, to a :class:`~wildstud.deal.PrivateHand` (each
face-down card only its deck position); the same actions on both, and at the showdown the same
hands mucked, the private hand's others shown by their owners' cards. At every step both offer
the same actions, a spectator sees the same table, the wild cards are the same; at the end the
same hands are shown, the same awards made, the same chips held, and no view of the private hand
ever held a face-down card that was not shown.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.deal.helpers import observed
from tests.tools.twins import Twins, leaks
from wildstud.bots import CallingBot, play_out
from wildstud.cards import Card, Deck
from wildstud.deal import (
    CentreCard,
    CommunityCard,
    Hand,
    HiddenCard,
    HiddenDeck,
    Phase,
    PrivateHand,
    Redealt,
    Revealed,
    Share,
    Shown,
    Stage,
    TableView,
    stack_deck,
)
from wildstud.errors import (
    CardError,
    HiddenCardError,
    IllegalActionError,
    OptionError,
    RabbitError,
    SituationError,
    TableError,
)
from wildstud.games import find_game
from wildstud.odds.hindsight import finished_hidden
from wildstud.odds.situation import Situation
from wildstud.rabbit import rabbit_hunt

# Every game and the variations that change what a face-down card does: Follow the Queen's
# queens (wild in the hole, or once one shows), its centre card and its redeals, the payments
# for wild cards, Baby Daddy's two lengths, The Bitch split or wild, with or without new antes.
VARIANTS: list[tuple[str, dict[str, object]]] = [
    ("FTQ", {}),
    ("FTQ", {"queens": "hidden"}),
    ("FTQ", {"queens": "all", "final_queen": "centre-card"}),
    ("FTQ", {"queens": "hidden-after-face-up", "no_queen": "redeal-still-in"}),
    ("FTQ", {"no_queen": "redeal-everyone", "extra_antes": True, "pay_for_wild": 1}),
    ("SMBU", {}),
    ("SMBU", {"pay_for_wild": 2}),
    ("BD5", {}),
    ("BD7", {}),
    ("BITCH", {}),
    ("BITCH", {"queen_of_spades": "wild", "reante_on_redeal": True}),
]


@pytest.mark.parametrize(("code", "options"), VARIANTS)
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_a_private_deal_plays_as_the_same_deal_known(
    code: str, options: dict[str, object], seed: int
) -> None:
    players = find_game(code).rules(options).max_players
    count = 2 + seed % (players - 1)
    twins = Twins(code, options, [40 + 13 * seat for seat in range(count)], seed, seed % count)
    twins.play(random.Random(seed))


def test_every_seat_calling_down_shows_every_hand_as_known() -> None:
    for code, options in VARIANTS:
        twins = Twins(code, options, [200] * 4, 11)
        twins.play(random.Random(0), passive=1.0, muck=0.0)
        assert {e.seat for e in twins.private.events if isinstance(e, Revealed)} == set(
            twins.known.live
        )


def _seed_where(code: str, options: dict[str, object], players: int, wanted: Any) -> int:
    """A seed whose deal to ``players`` callers of the game, known, passes ``wanted``."""
    for seed in range(400):
        hand = Hand(code, [100] * players, options, deck=Deck(seed=seed))
        play_out(hand, CallingBot())
        if wanted(hand):
            return seed
    raise AssertionError("no seed deals what the test needs")


def _has(kind: type) -> Any:
    return lambda hand: any(isinstance(event, kind) for event in hand.events)


@pytest.mark.parametrize(
    ("code", "options", "players", "wanted"),
    [
        # A short stub: one community card face up is every hand's last card.
        ("FTQ", {}, 8, _has(CommunityCard)),
        ("SMBU", {}, 8, _has(CommunityCard)),
        # A last face-up queen followed by a card in the centre.
        ("FTQ", {"final_queen": "centre-card", "queens": "all"}, 4, _has(CentreCard)),
        # No face-up queen: everyone dealt again, anteing again.
        ("FTQ", {"no_queen": "redeal-everyone"}, 3, _has(Redealt)),
        # The queen of spades face up stops the deal; in the next, one is in a hole to split.
        (
            "BITCH",
            {},
            4,
            lambda hand: (
                _has(Redealt)(hand) and any(a.share is Share.HOLE_CARD for a in hand.awards)
            ),
        ),
        ("BITCH", {"queen_of_spades": "wild"}, 5, _has(Redealt)),
    ],
)
def test_short_stubs_centre_cards_and_redeals_play_as_known(
    code: str, options: dict[str, object], players: int, wanted: Any
) -> None:
    seed = _seed_where(code, options, players, wanted)
    twins = Twins(code, options, [100] * players, seed)
    twins.play(random.Random(0), passive=1.0, muck=0.0)
    assert wanted(twins.private)


def test_the_queen_of_spades_in_the_hole_wins_its_half_only_once_shown() -> None:
    # The sheet's split pot: B (p2) holds the queen of spades face down.
    deck = HiddenDeck(stack_deck("Ah Qs 9h 8d Kh 8c  6h Tc  2c 4d  Js 5s  3h 7h"))
    hand = PrivateHand("the-bitch", [100, 100], deck=deck)
    while hand.stage is not Stage.SHOWDOWN:
        if hand.phase is Phase.PLAYER:
            hand.act(*CallingBot().choose(hand.view(hand.to_act)))
        else:
            hand.step()
    assert hand.to_show_or_muck == (0, 1)
    assert not hand.must_show(1)
    hand.show(1, deck.hole_cards(1, hand.hidden_positions(1)))
    hand.show(0, deck.hole_cards(1, hand.hidden_positions(0)))
    assert hand.must_show(1)
    assert not hand.to_show_or_muck
    hand.run()
    shares = [(a.seat, a.share) for a in hand.awards]
    assert shares == [(0, Share.HIGH), (1, Share.HOLE_CARD)]


def test_a_hidden_queen_mucked_takes_nothing_and_is_never_shown() -> None:
    deck = HiddenDeck(stack_deck("Ah Qs 9h 8d Kh 8c  6h Tc  2c 4d  Js 5s  3h 7h"))
    hand = PrivateHand("the-bitch", [100, 100], deck=deck)
    while hand.stage is not Stage.SHOWDOWN:
        if hand.phase is Phase.PLAYER:
            hand.act(*CallingBot().choose(hand.view(hand.to_act)))
        else:
            hand.step()
    hand.show(0, deck.hole_cards(1, hand.hidden_positions(0)))
    hand.show_or_muck(1, show=False)
    hand.run()
    # The high hand takes the whole pot: no hand shown holds the queen of spades in the hole.
    assert [(a.seat, a.amount, a.share) for a in hand.awards] == [(0, hand.paid[0] * 2, Share.HIGH)]
    assert hand.stacks == (100 + hand.paid[1], 100 - hand.paid[1])
    assert not any(isinstance(e, Revealed) and e.seat == 1 for e in hand.events)
    assert not leaks(hand)


def test_a_hand_won_by_folds_shows_nothing() -> None:
    deck = HiddenDeck(stack_deck("As 9c Ah 9d Qh 7d"))
    hand = PrivateHand("FTQ", [50, 50], deck=deck)
    hand.run()
    hand.bring_in()
    hand.fold()
    hand.run()
    assert hand.phase is Phase.OVER
    assert hand.stacks == (49, 51)
    assert not any(isinstance(e, Revealed | Shown) for e in hand.events)
    assert hand.hidden_positions(0) == (0, 2)
    assert hand.hidden_positions(1) == (1, 3)


# -- showing: refused, changing nothing -----------------------------------------------------------


@pytest.fixture
def at_showdown() -> tuple[PrivateHand, HiddenDeck]:
    deck = HiddenDeck(
        stack_deck("As 9c 2d Ah 9d 3d Qh 7d 4d  2c 3c 5c  Kc 4c 6c  Jc 5h 6h  8s 8h 8c")
    )
    hand = PrivateHand("FTQ", [50, 50, 50], {"bring_in": 0}, deck=deck)
    hand.run()
    while hand.stage is not Stage.SHOWDOWN:
        if hand.phase is Phase.PLAYER:
            hand.check()
        else:
            hand.step()
    return hand, deck


def _refused(hand: PrivateHand, error: type[Exception], match: str, *args: Any) -> None:
    before = observed(hand)
    with pytest.raises(error, match=match):
        hand.show(*args)
    if error is not TableError:  # a seat that is not one is no question to ask (as can_muck)
        assert not hand.can_show(*args)
    assert observed(hand) == before


def test_bad_shows_are_refused_and_change_nothing(
    at_showdown: tuple[PrivateHand, HiddenDeck],
) -> None:
    hand, deck = at_showdown
    mine = deck.hole_cards(1, hand.hidden_positions(0))
    assert [str(card) for card in mine] == ["As", "Ah", "8s"]
    _refused(hand, HiddenCardError, "holds 3 card", 0, mine[:2])
    _refused(hand, HiddenCardError, "holds 3 card", 0, [*mine, Card("Kd")])
    _refused(hand, HiddenCardError, "cannot show As twice", 0, [mine[0], mine[0], mine[2]])
    _refused(hand, HiddenCardError, "Qh: it is seen elsewhere", 0, "As Ah Qh")
    _refused(hand, HiddenCardError, "in the clear", 0, [mine[0], mine[1], HiddenCard(5)])
    _refused(hand, CardError, "not a card", 0, "As Ah Zz")
    _refused(hand, TableError, "no seat 3", 3, mine)
    hand.show(1, deck.hole_cards(1, hand.hidden_positions(1)))
    # A card another hand showed is seen elsewhere; a hand shown is not shown again.
    _refused(hand, HiddenCardError, "9c: it is seen elsewhere", 0, "As Ah 9c")
    _refused(hand, HiddenCardError, "shown its hand already", 1, "9c 9d 8h")
    hand.muck(2)
    _refused(hand, HiddenCardError, "no hand at this showdown", 2, "2d 3d 8c")
    hand.show(0, mine)
    hand.run()
    assert hand.phase is Phase.OVER
    _refused(hand, HiddenCardError, "shown at the showdown", 0, mine)


def test_no_show_before_the_showdown() -> None:
    hand = PrivateHand("FTQ", [50, 50], deck=HiddenDeck(stack_deck("As 9c Ah 9d Qh 7d")))
    hand.run()
    _refused(hand, HiddenCardError, "a hand is shown at the showdown", 0, "As Ah")


def test_a_choice_to_show_needs_the_cards(at_showdown: tuple[PrivateHand, HiddenDeck]) -> None:
    hand, _ = at_showdown
    before = observed(hand)
    with pytest.raises(HiddenCardError, match="shown with its cards"):
        hand.show_or_muck(0, show=True)
    with pytest.raises(HiddenCardError, match="shown with its cards"):
        hand.auto_show_or_muck(show=True)
    assert observed(hand) == before
    # A clock that runs out mucks; the last hand left takes the pot unshown.
    assert hand.auto_show_or_muck() == (0, 1)
    hand.run()
    assert [(a.seat, a.share) for a in hand.awards] == [(2, Share.UNCONTESTED)]
    assert not any(isinstance(e, Revealed | Shown) for e in hand.events)


# -- dealing hidden: refused, changing nothing -----------------------------------------------------


def test_dealing_by_hand_takes_positions_face_down_and_cards_face_up() -> None:
    hand = PrivateHand("FTQ", [50, 50], {"ante": 0})
    before = observed(hand)
    with pytest.raises(HiddenCardError, match="dealt hidden under a private deal"):
        hand.deal("As")
    with pytest.raises(CardError, match="not a deck position"):
        hand.deal_hidden(52)
    with pytest.raises(HiddenCardError, match="no dealer policy"):
        hand.step()
    assert observed(hand) == before
    for position in range(4):
        hand.deal_hidden(position)
    chance = hand.chance()
    assert chance is not None
    assert chance.up
    before = observed(hand)
    with pytest.raises(HiddenCardError, match="named in the clear"):
        hand.deal_hidden(4)
    assert observed(hand) == before
    hand.deal("Qh")
    with pytest.raises(IllegalActionError, match="Qh is not in the stub"):
        hand.deal("Qh")
    hand.deal("7d")
    assert hand.stub == 46
    assert hand.phase is Phase.PLAYER
    assert sorted(c.rank.plural for c in hand.wilds.wild) == ["sevens"] * 4


def test_a_position_is_dealt_once_per_deal() -> None:
    hand = PrivateHand("FTQ", [50, 50], {"ante": 0})
    hand.deal_hidden(7)
    before = observed(hand)
    with pytest.raises(HiddenCardError, match="position 7 is dealt already"):
        hand.deal_hidden(7)
    assert observed(hand) == before


def test_a_policy_that_names_a_face_down_card_is_refused() -> None:
    hand = PrivateHand("FTQ", [50, 50], deck=Deck(seed=1))
    hand.step()  # the antes
    before = observed(hand)
    with pytest.raises(HiddenCardError, match="must hide it"):
        hand.step()
    assert observed(hand) == before


@pytest.mark.parametrize(
    ("options", "rule"),
    [
        ({"burn_cards": "each-street"}, "private_burns"),
        ({"short_stub": "reshuffle"}, "private_short_stub"),
        ({"all_in_turn_up": True}, "private_turn_up"),
        ({"all_in_turn_up": True, "run_twice": True}, "run_twice must be off"),
    ],
)
def test_house_rules_a_private_deal_cannot_play_are_refused(
    options: dict[str, object], rule: str
) -> None:
    with pytest.raises(OptionError, match=rule):
        PrivateHand("FTQ", [50, 50], options)


def test_what_would_read_a_hidden_card_is_refused() -> None:
    deck = HiddenDeck(stack_deck("As 9c Ah 9d Qh 7d"))
    hand = PrivateHand("FTQ", [50, 50], deck=deck)
    hand.run()
    with pytest.raises(HiddenCardError, match="stub's cards are unknown"):
        _ = hand.stub_cards
    with pytest.raises(SituationError, match="private deal"):
        Situation.from_hand(hand, viewer=0)
    # A view counts the hidden cards as unseen, its viewer's own too: nothing to refuse.
    assert Situation.from_view(hand.view(0)) == Situation.from_view(hand.view(None))
    hand.bring_in()
    hand.fold()
    hand.run()
    with pytest.raises(RabbitError, match="no rabbit hunt"):
        rabbit_hunt(hand, stack_deck("As 9c Ah 9d Qh 7d").peek())
    with pytest.raises(SituationError, match="no odds in hindsight"):
        finished_hidden(hand)
    with pytest.raises(AttributeError, match="only its owner knows its rank"):
        _ = hand.cards(0)[0].card.rank


def test_a_copy_is_a_private_hand_that_plays_on_alone() -> None:
    deck = HiddenDeck(stack_deck("As 9c Ah 9d Qh 7d"))
    hand = PrivateHand("FTQ", [50, 50], deck=deck)
    hand.run()
    twin = hand.copy()
    assert isinstance(twin, PrivateHand)
    assert twin.view(0) == hand.view(0)
    twin.bring_in()
    twin.call()
    twin.run()
    assert twin.hidden_positions(0) == hand.hidden_positions(0)
    assert hand.to_act == 1
    assert len(twin.cards(0)) == 4
    assert len(hand.cards(0)) == 3


def test_the_owner_view_carries_nothing_for_its_hidden_cards() -> None:
    deck = HiddenDeck(stack_deck("Qs 9c Qd 9d 2h 7d"))
    hand = PrivateHand("FTQ", [50, 50], {"queens": "hidden"}, deck=deck)
    hand.run()
    view: TableView = hand.view(0)
    assert [c.card for c in view.seats[0].cards] == [None, None, Card("2h")]
    # Its queens in the hole are wild for it, which only its page knows: the engine says none.
    assert view.own_wild == ()
    assert Card("Qs") not in (view.seat_wild or ())
    known = Hand("FTQ", [50, 50], {"queens": "hidden"}, deck=stack_deck("Qs 9c Qd 9d 2h 7d"))
    known.run()
    assert Card("Qs") in (known.view(0).seat_wild or ())


# -- the property ------------------------------------------------------------------------------


@st.composite
def private_tables(draw: st.DrawFn) -> tuple[str, dict[str, object], list[int], int, int]:
    code, options = draw(st.sampled_from(VARIANTS))
    options = dict(options)
    game = find_game(code)
    specs = game.options_type.specs()
    for name in ("natural_beats_wild", "double_ace_flush", "open_pair", "ante_trimming"):
        if name in specs:
            options[name] = draw(st.booleans())
    options["limit"] = draw(st.sampled_from(["fixed-limit", "pot-limit", "no-limit"]))
    options["odd_chip"] = draw(st.sampled_from(["high-card", "dealer-left"]))
    count = draw(st.integers(2, game.rules(options).max_players))
    stacks = draw(st.lists(st.integers(1, 150), min_size=count, max_size=count))
    return code, options, stacks, draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, count - 1))


@settings(max_examples=150, deadline=None)
@given(table=private_tables(), policy=st.integers(0, 2**32 - 1))
def test_any_private_deal_plays_as_known(
    table: tuple[str, dict[str, object], list[int], int, int], policy: int
) -> None:
    code, options, stacks, seed, dealer = table
    rng = random.Random(policy)
    Twins(code, options, stacks, seed, dealer).play(rng, passive=rng.random(), muck=rng.random())
