"""Bots see only their seat: what a bot is given holds no other seat's hidden card.

Every bot is asked for its action with its seat's :class:`~wildstud.deal.TableView`. Here a
watching bot, in random hands of every game under random house rules (redeals, burns, short
stubs and centre cards among them), walks everything reachable from each view it is given
(dataclass fields, tuples, lists, dicts, sets) and checks that:

- only plain values are reachable (numbers, strings, enums, cards, and records and collections
  of them): no hand, deck, wild-card tracker or other object that could hold a hidden card;
- no card another seat holds face down (in this deal or an earlier one, unless it has since
  been seen: dealt face up after a redeal, shown down) nor a burned card appears anywhere,
  except inside a wild-card *set*, which names whole ranks (every suit of each rank but the
  viewer's own wild cards), never a particular card;
- every record of a card dealt face down to another seat, and of a burned card, holds ``None``.
"""

from __future__ import annotations

import dataclasses
import random
from enum import Enum

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tools.random_tables import GAME_CODES, random_tables
from wildstud.betting import ActionKind, ActionOption
from wildstud.bots import CallingBot, RandomBot, allows, play_out, take_turn
from wildstud.bots_equity import EquityBot
from wildstud.cards import DECK, Card, Deck
from wildstud.deal import (
    Burned,
    CentreCard,
    CommunityCard,
    Dealt,
    Hand,
    Phase,
    Redealt,
    Shown,
    TableView,
    TurnedUp,
)

_WILD_SETS = {"wild", "was", "seat_wild"}
"""Fields that hold a set of wild cards (by rank): TableView's, WildsChanged's, Shown's."""


def walk(value: object, path: str = "view") -> list[tuple[str, Card]]:
    """Every card reachable from ``value``, with the path to it; anything reachable that is
    not a plain value, a card, or a record or collection of them fails the test."""
    found: list[tuple[str, Card]] = []
    if isinstance(value, Card):
        found.append((path, value))
    elif value is None or isinstance(value, bool | int | float | str | Enum):
        pass
    elif isinstance(value, tuple | list | frozenset | set):
        for index, item in enumerate(value):
            found += walk(item, f"{path}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            found += walk(key, f"{path}.key")
            found += walk(item, f"{path}[{key!r}]")
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            found += walk(getattr(value, field.name), f"{path}.{field.name}")
    else:
        raise AssertionError(f"{path} is a {type(value).__name__}: a bot must see plain data only")
    return found


def hidden_from(hand: Hand, viewer: int) -> tuple[set[Card], set[Card], set[Card]]:
    """The cards ``viewer`` may not have seen in ``hand`` so far, the viewer's own, and the
    others' cards the viewer has seen."""
    hidden: set[Card] = set()
    seen: set[Card] = set()
    own: set[Card] = set()
    for event in hand.events:
        if isinstance(event, Dealt):
            assert event.card is not None
            if event.seat == viewer:
                own.add(event.card)
            elif event.up:
                seen.add(event.card)
            else:
                hidden.add(event.card)
        elif isinstance(event, Burned):
            assert event.card is not None
            hidden.add(event.card)
        elif isinstance(event, CentreCard | CommunityCard):
            seen.add(event.card)
        elif isinstance(event, Shown | TurnedUp):
            # Turned up for everyone once no more betting can come (all_in_turn_up): whether
            # that was so is tests/deal/test_deal_properties.py's to check.
            seen.update(event.cards)
    return hidden - seen - own, own, seen


def leaks(hand: Hand, view: TableView) -> list[str]:
    """What of ``hand``'s hidden cards the view given to its viewer shows (nothing, we hope)."""
    viewer = view.viewer
    assert viewer is not None
    hidden, own, seen = hidden_from(hand, viewer)
    problems = []
    by_path: dict[str, set[Card]] = {}
    for path, card in walk(view):
        name = path.rsplit(".", 1)[-1].split("[", 1)[0]
        if name in _WILD_SETS:
            by_path.setdefault(path.rsplit("[", 1)[0], set()).add(card)
        elif card in hidden:
            problems.append(f"{path} = {card}")
    for path, cards in by_path.items():
        for card in cards - own - seen:
            # A wild set may leave out of a rank only cards the viewer knows the place of (its
            # own, or face up: queens wild in the hole are every queen not seen face up). A card
            # everyone has seen may stand alone: The Bitch's community queen of spades, in every
            # hand's hole, is wild by itself.
            rank = {other for other in DECK if other.rank is card.rank}
            if not rank - cards <= own | seen:
                problems.append(f"{path} names {card} alone, not its rank")
    for index, event in enumerate(view.events):
        if isinstance(event, Dealt) and not event.up and event.seat != viewer and event.card:
            problems.append(f"view.events[{index}] = {event}")
        if isinstance(event, Burned) and event.card is not None:
            problems.append(f"view.events[{index}] = {event}")
    for seat in view.seats:
        if seat.seat != viewer and not seat.shown and not seat.turned_up:
            problems += [f"seat {seat.seat}: {c.card}" for c in seat.cards if not c.up and c.card]
    return problems


class Watching:
    """A bot that checks each view it is given against the hand it came from, then plays as
    ``inner`` would."""

    def __init__(self, hand: Hand, inner: RandomBot | CallingBot | EquityBot) -> None:
        self.hand = hand
        self.inner = inner
        self.views = 0

    def choose(self, view: TableView) -> tuple[ActionKind, int | None]:
        assert type(view) is TableView
        assert view.viewer == self.hand.to_act == view.to_act
        assert leaks(self.hand, view) == []
        self.views += 1
        return self.inner.choose(view)


@pytest.mark.parametrize("code", GAME_CODES)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_bot_s_view_holds_no_hidden_card_of_another_seat(code: str, data: st.DataObject) -> None:
    rules, stacks, dealer, seed, passive = data.draw(random_tables(code))
    hand = Hand(rules, stacks, deck=Deck(seed=seed), dealer=dealer)
    rng = random.Random(seed)
    bot = Watching(hand, RandomBot(seed))
    calling = Watching(hand, CallingBot())
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            take_turn(hand, calling if rng.random() < passive else bot)
        else:
            hand.step()


def test_the_walk_finds_a_hidden_card_where_one_is_planted() -> None:
    # The check can fail: a view with another seat's hole card put back is caught, and so is
    # an object that is not plain data.
    hand = Hand("FTQ", [100, 100, 100], deck=Deck(seed=3))
    hand.run()
    viewer = hand.to_act
    assert viewer is not None
    view = hand.view(viewer)
    other = (viewer + 1) % 3
    hole = hand.cards(other)[0].card
    assert leaks(hand, view) == []
    planted = dataclasses.replace(view, centre=hole)
    assert leaks(hand, planted) == [f"view.centre = {hole}"]
    with pytest.raises(AssertionError, match="plain data only"):
        walk(dataclasses.replace(view, options=(("hand", hand),)))  # type: ignore[arg-type]
    lone = dataclasses.replace(view, wild=(hole,))
    assert leaks(hand, lone) == [f"view.wild names {hole} alone, not its rank"]


def test_redealt_hands_keep_earlier_deals_hidden_cards_hidden() -> None:
    # The Bitch eight-handed: a face-up queen of spades stops the deal often. Every view given
    # to a bot after a redeal keeps the earlier deals' hole cards hidden too. Twenty seeded
    # hands redeal 44 times (sixty redealt 126 times, for three times the time).
    redeals = 0
    for seed in range(20):
        hand = Hand("BITCH", [60] * 8, deck=Deck(seed=seed))
        bot = Watching(hand, CallingBot())
        play_out(hand, bot)
        redeals += sum(1 for event in hand.events if isinstance(event, Redealt))
    assert redeals >= 40


@pytest.mark.parametrize("code", GAME_CODES)
def test_the_equity_bot_reads_only_its_view(code: str) -> None:
    for seed in range(3):
        hand = Hand(code, [200] * 5, deck=Deck(seed=seed))
        bot = Watching(hand, EquityBot(seed=seed, samples=50))
        play_out(hand, bot)
        assert bot.views > 0
        assert sum(hand.stacks) == 1000


def test_the_equity_bot_reads_the_street_and_who_is_to_act_from_the_view_s_figures() -> None:
    """What the bot knows of the street (its index, who must still act, the wagers made, the
    price of a call) is the view's figures: the engine's, not worked out again from events."""
    bot = EquityBot(seed=1, samples=50)
    checked = 0
    for seed in range(4):
        hand = Hand("FTQ", [200] * 4, deck=Deck(seed=seed))
        rng = random.Random(seed)
        while hand.phase is not Phase.OVER:
            if hand.phase is not Phase.PLAYER:
                hand.step()
                continue
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            reading = bot.read(view)
            assert view.still_to_act[0] == seat
            assert reading.behind == len(view.still_to_act) - 1
            assert (reading.to_call, reading.raises) == (view.to_call, view.raises)
            assert view.street_index is not None
            later = hand.rules.streets[view.street_index + 1 :]
            assert reading.rounds_left == sum(1 for street in later if street.betting)
            checked += 1
            take_turn(hand, RandomBot(seed=rng.randrange(1000)))
    assert checked > 20


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_allows_agrees_with_the_engine_on_every_amount(data: st.DataObject) -> None:
    # A bot can tell a legal amount from its view alone, exactly as the engine would.
    code = data.draw(st.sampled_from(GAME_CODES))
    rules, stacks, dealer, seed, _ = data.draw(random_tables(code))
    hand = Hand(rules, stacks, deck=Deck(seed=seed), dealer=dealer)
    bot = RandomBot(seed)
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            view = hand.view(hand.to_act)
            for option in view.legal_actions:
                if option.kind in (ActionKind.FOLD, ActionKind.CHECK):
                    continue
                for amount in range(option.min_amount - 1, option.max_amount + 2):
                    assert allows(option, amount) == hand.can_act(option.kind, amount), (
                        option,
                        amount,
                    )
            take_turn(hand, bot)
        else:
            hand.step()


def test_allows_keeps_a_fixed_limit_option_to_its_amounts() -> None:
    fixed = ActionOption(ActionKind.RAISE, 5, 10, (5, 10))
    assert [allows(fixed, amount) for amount in (4, 5, 7, 10, 11)] == [
        False,
        True,
        False,
        True,
        False,
    ]
    spread = ActionOption(ActionKind.RAISE, 5, 10)
    assert [allows(spread, amount) for amount in (4, 5, 7, 10, 11)] == [
        False,
        True,
        True,
        True,
        False,
    ]
