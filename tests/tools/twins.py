"""The twin check of a private deal: one seeded deck dealt to a known hand (every card known)
and to a private one (each face-down card only its deck position), played move for move, the
two compared at every step and at the end, and no view of the private hand ever holding a
face-down card not shown. Shared by the tests of the deal and of the server's replay of it."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from wildstud.bots import CallingBot, RandomBot
from wildstud.cards import Card, Deck
from wildstud.deal import (
    DealStarted,
    Dealt,
    Hand,
    HandStarted,
    HiddenCard,
    HiddenDeck,
    Phase,
    PrivateHand,
    Revealed,
    Shown,
    Stage,
    TableView,
    WildsChanged,
    redact,
)
from wildstud.errors import HiddenCardError
from wildstud.games import find_game


def public(events: Any) -> list[Any]:
    """The events as a spectator sees them, the owners' shows left out (the known hand has no
    such event: its cards were never hidden)."""
    return [redact(event, None) for event in events if not isinstance(event, Revealed)]


def spectator(hand: Hand) -> TableView:
    """The table as a spectator sees it, the owners' shows left out of its events."""
    view = hand.view(None)
    return dataclasses.replace(view, events=tuple(public(view.events)))


def this_deal(events: Any) -> list[Any]:
    """The events of the deal in play, the owners' shows left out."""
    start = max(i for i, event in enumerate(events) if isinstance(event, DealStarted))
    return [event for event in events[start:] if not isinstance(event, Revealed)]


def leaks(hand: PrivateHand) -> list[str]:
    """Any face-down card not shown that a view of the private hand names, its owner's included,
    and any face-down card the engine's own record names in the clear."""
    found = []
    for viewer in [None, *range(len(hand.stacks))]:
        view = hand.view(viewer)
        for seat in view.seats:
            if seat.shown:
                continue
            found += [
                f"{viewer} sees {c.card} of {seat.seat}" for c in seat.cards if not c.up and c.card
            ]
        for event in view.events:
            if isinstance(event, Dealt) and not event.up and event.card is not None:
                found.append(f"{viewer} sees {event}")
    for event in hand.events:
        if isinstance(event, Dealt) and not event.up and not isinstance(event.card, HiddenCard):
            found.append(f"the engine knew {event}")
    return found


def same_table(known: Hand, private: PrivateHand) -> None:
    """What both hands offer and show before any hand is shown."""
    assert private.phase is known.phase
    assert private.stage is known.stage
    assert private.to_act == known.to_act
    assert private.legal_actions() == known.legal_actions()
    assert spectator(private) == spectator(known)
    assert private.wilds.wild == known.wilds.wild
    assert private.stub == known.stub
    assert private.pots() == known.pots()
    assert private.stacks == known.stacks
    if known.to_act is not None:
        mine, theirs = private.view(known.to_act), known.view(known.to_act)
        assert mine.legal_actions == theirs.legal_actions
        assert (mine.to_call, mine.all_in_to, mine.pot_raise_to) == (
            theirs.to_call,
            theirs.all_in_to,
            theirs.pot_raise_to,
        )
        assert set(mine.seat_wild or ()) <= set(theirs.seat_wild or ())


class Twins:
    """A seeded deal played as a known hand and as a private one, move for move."""

    def __init__(
        self, code: str, options: dict[str, object], stacks: list[int], seed: int, dealer: int = 0
    ) -> None:
        rules = find_game(code).rules(options)
        self.known = Hand(rules, stacks, deck=Deck(seed=seed), dealer=dealer)
        self.deck = HiddenDeck(Deck(seed=seed))
        self.private = PrivateHand(rules, stacks, deck=self.deck, dealer=dealer)

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """What ``seat``'s owner knows of its face-down cards (its page unmasked them)."""
        return self.deck.hole_cards(self.private.deal_number, self.private.hidden_positions(seat))

    def same_owner_view(self) -> None:
        """The seat to act, its face-down cards opened for it (as the server opens a bot's),
        sees of the private hand what it sees of the known one: its seat and everyone's, its
        wild cards, this deal's events."""
        known, private = self.known, self.private
        seat = known.to_act
        if seat is None:
            return
        cards = dict(zip(private.hidden_positions(seat), self.hole_cards(seat), strict=True))
        mine, theirs = private.opened_view(seat, cards), known.view(seat)
        assert mine.seats == theirs.seats
        assert (mine.own_wild, mine.seat_wild) == (theirs.own_wild, theirs.seat_wild)
        assert this_deal(mine.events) == this_deal(theirs.events)
        assert not leaks(private)

    def play(self, rng: random.Random, passive: float = 0.7, muck: float = 0.3) -> None:
        """Both hands played to the end by a calling bot (``passive`` of the time) and a random
        one, ``muck`` the chance that a hand still in mucks, compared at every step."""
        known, private = self.known, self.private
        bots = (CallingBot(), RandomBot(rng.randrange(2**32)))
        for _ in range(3000):
            same_table(known, private)
            self.same_owner_view()
            assert not leaks(private)
            if known.phase is Phase.OVER:
                break
            if known.phase is Phase.PLAYER:
                bot = bots[0] if rng.random() < passive else bots[1]
                kind, amount = bot.choose(known.view(known.to_act))
                assert known.to_act is not None
                assert private.act(kind, amount) == known.act(kind, amount)
            elif known.stage is Stage.SHOWDOWN:
                self.showdown(rng, muck)
            else:
                assert public(private.step()) == public(known.step())
        else:
            pytest.fail("the hand did not end")
        self.same_end()

    def showdown(self, rng: random.Random, muck: float) -> None:
        """Hands still in mucked (the same in both, in a random order), then the others shown
        by their owners, then the showdown."""
        known, private = self.known, self.private
        assert private.to_show_or_muck == known.live  # nothing is known before a show
        assert not any(private.must_show(seat) for seat in known.live)
        with pytest.raises(HiddenCardError, match="the showdown waits for"):
            private.step()
        order = list(known.live)
        rng.shuffle(order)
        for seat in order:
            if rng.random() < muck and len(known.live) > 1 and known.can_muck(seat):
                assert private.muck(seat) == known.muck(seat)
        # Mucks first: a hand shown stays shown, though the others then muck (a test of its own).
        for seat in private.to_show_or_muck:
            event = private.show(seat, self.hole_cards(seat))
            assert event.cards == tuple(h.card for h in known.cards(seat) if not h.up)
        if known.stage is Stage.SHOWDOWN:
            assert private.to_show_or_muck == ()
            assert [private.must_show(s) for s in known.live] == [
                known.must_show(s) for s in known.live
            ]
        private.run()
        known.run()

    def same_end(self) -> None:
        """Both hands ended the same: the awards, the stacks, the shows, the wild cards."""
        known, private = self.known, self.private
        assert private.phase is Phase.OVER
        assert private.awards == known.awards
        assert private.stacks == known.stacks
        started = private.events[0]
        assert isinstance(started, HandStarted)
        assert sum(private.stacks) == sum(started.stacks)
        shows = [e for e in private.events if isinstance(e, Shown)]
        assert shows == [e for e in known.events if isinstance(e, Shown)]
        assert public(private.events) == public(known.events)
        wilds = [e for e in private.events if isinstance(e, WildsChanged)]
        assert wilds == [e for e in known.events if isinstance(e, WildsChanged)]
        # A hand never shown was never revealed: its cards stayed hidden to the end.
        revealed = {e.seat for e in private.events if isinstance(e, Revealed)}
        assert revealed == {e.seat for e in shows} - set(private.turned_up)
        assert not leaks(private)
