"""The odds of a finished hand at every street, as an onlooker knows them once it is over.

A hand record written for the table (the cards the showdown revealed, ``??`` for the rest) is
replayed, and at each street, once that street's cards are out and before anyone bets on them,
every hand still in gets its chances from the odds engine: the cards the showdown later revealed
count as known from the street they were dealt on, the cards nobody showed stay unknown (they are
dealt at random from the unseen cards, as ``wildstud odds --record`` deals them), and each
street's answer is exactly what ``wildstud odds`` gives for the record cut there. A street with
only the last cards to come and every card known is counted exactly, when the ways they can fall
are few enough to count in a moment; any other is simulated with a fixed seed, so the same hand
always shows the same figures. A deal stopped by a redeal has its streets too, up to the card
that stopped it.

The largest change of one revealed hand's pot share from one street to the next is the hand's
:attr:`HandOdds.swing`.

>>> from wildstud.history import load
>>> record = load("examples/bitch-split-pot.phh")  # the sheet's split pot: A's flush, B's Q♠
>>> result = hand_odds(record, deals=4096)
>>> [(street.name, len(street.odds.seats)) for street in result.streets][:2]
[('third street', 2), ('fourth street', 2)]
>>> [round(street.share(0), 2) for street in result.streets]  # A's share, street by street
[0.25, 0.32, 0.27, 0.2, 0.5]
>>> result.streets[-1].odds.exact, result.swing.seat, round(result.swing.change, 2)
(True, 1, -0.3)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wildstud.cards import Card
from wildstud.deal import (
    Acted,
    Awarded,
    BettingOpened,
    DealStarted,
    Dealt,
    Hand,
    HandEnded,
    Mucked,
    Phase,
    Redealt,
    RunStarted,
    Shown,
    StreetStarted,
    shown_in_place,
)
from wildstud.deal.events import Event as HandEvent
from wildstud.errors import SituationError
from wildstud.games import Rules
from wildstud.history.replay import Replay, replay
from wildstud.history.schema import HandRecord
from wildstud.odds.equity import Odds, exact_odds, odds
from wildstud.odds.simulate import GameSpec
from wildstud.odds.situation import Situation
from wildstud.seats import seat_label

__all__ = [
    "HandOdds",
    "StreetOdds",
    "Swing",
    "finished_hidden",
    "finished_odds",
    "hand_odds",
    "odds_at",
    "replay_hidden",
    "replay_odds",
    "situation_odds",
]

DEALS = 16_384
"""Deals simulated for a street that is not counted exactly: a pot share within about ±0.8
points (95%) for an even contest, in some tens of milliseconds a street."""
EXACT_WAYS = 4 * DEALS
"""The most ways of dealing the last cards that are counted rather than simulated: counting a
seven-player sixth street (604,800 ways) took 1.6 s of CPU against 0.07 s for simulating
16,384 deals (``benchmarks/hindsight.py``, 1 December 2026), when a page waits for the answer."""

# The first event after a street's cards that is no card: where the street's odds stand.
_AFTER_CARDS = (
    Acted,
    Awarded,
    BettingOpened,
    DealStarted,
    HandEnded,
    Mucked,
    Redealt,
    Shown,
    StreetStarted,
)


@dataclass(frozen=True)
class StreetOdds:
    """The chances of every hand in at one street of one deal."""

    deal: int
    street: int
    """The street's index in the game (0: the first)."""
    name: str
    event: int
    """The index in the replayed hand's events at which these odds stand (every card of the
    street out, no bet on it yet)."""
    odds: Odds
    run: int = 0
    """The run of a hand run twice these odds are for (1 or 2; 0 in a hand run once)."""

    @property
    def complete(self) -> bool:
        """Whether every card had been dealt (the odds are then the showdown's result)."""
        return self.odds.situation.complete

    def share(self, seat: int) -> float | None:
        """``seat``'s expected share of the pot here, or ``None`` if it was not in."""
        return next((odds.equity for odds in self.odds.seats if odds.seat == seat), None)


@dataclass(frozen=True)
class Swing:
    """The largest change of a revealed hand's pot share from one street to the next."""

    seat: int
    before: StreetOdds
    after: StreetOdds
    change: float
    """The pot share at ``after`` less the one at ``before`` (a fraction of the pot)."""


@dataclass(frozen=True)
class HandOdds:
    """Every street's odds of one hand (see the module's description)."""

    streets: tuple[StreetOdds, ...]
    shown: tuple[int, ...]
    """The seats whose hands the showdown revealed."""
    swing: Swing | None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON, in the command line's vocabulary (:mod:`wildstud.vocabulary`):
        each street's seats as ``wildstud odds --json`` gives them, and whether the showdown
        revealed the seat's hand."""
        from wildstud.vocabulary import seat_odds_json

        swing = self.swing
        split = bool(self.streets) and GameSpec.of(self.streets[0].odds.situation.rules).split
        return {
            "split_pot": split,
            "shown": [seat_label(seat) for seat in self.shown],
            "streets": [
                {
                    "deal": street.deal,
                    "run": street.run,
                    "street": street.name,
                    "event": street.event,
                    "exact": street.odds.exact,
                    "deals": street.odds.deals,
                    "seats": {
                        seat_label(odds.seat): {
                            **seat_odds_json(odds, split),
                            "shown": odds.seat in self.shown,
                        }
                        for odds in street.odds.seats
                    },
                }
                for street in self.streets
            ],
            "swing": None
            if swing is None
            else {
                "player": seat_label(swing.seat),
                "from": {"deal": swing.before.deal, "street": swing.before.name},
                "to": {"deal": swing.after.deal, "street": swing.after.name},
                "change": swing.change,
            },
        }


def hand_odds(record: HandRecord, *, deals: int = DEALS, seed: int = 0) -> HandOdds:
    """Every street's odds of the hand in ``record`` (see the module's description)."""
    return replay_odds(replay(record, fill_in=True), deals=deals, seed=seed)


def replay_odds(result: Replay, *, deals: int = DEALS, seed: int = 0) -> HandOdds:
    """Every street's odds of a replayed record, read from its engine events (the cards the
    record did not give, which the replay dealt at random, count as unknown)."""
    hand = result.hand
    return _hand_odds(hand.rules, len(hand.stacks), hand.events, replay_hidden(result), deals, seed)


def replay_hidden(result: Replay) -> dict[int, set[Card]]:
    """The cards of each deal of a replayed record that count as unknown: those the record did
    not give (the replay dealt them at random)."""
    hidden: dict[int, set[Card]] = {}
    for deal, card in result.unknown:
        hidden.setdefault(deal, set()).add(card)
    return hidden


def finished_odds(hand: Hand, *, deals: int = DEALS, seed: int = 0) -> HandOdds:
    """Every street's odds of a hand the engine played to its end, as the table knew them once
    it was over: every card dealt face down that the showdown did not show counts as unknown
    (what a table server shows in its replays, with every card of the hand in its hands).

    >>> from wildstud.bots import CallingBot, play_out
    >>> from wildstud.cards import Deck
    >>> hand = Hand("SMBU", [100, 100, 100], deck=Deck(seed=4))
    >>> play_out(hand, CallingBot())
    >>> result = finished_odds(hand, deals=4096)
    >>> [street.name for street in result.streets][-2:], result.shown
    (['sixth street', 'seventh street'], (0, 1, 2))
    """
    if hand.phase is not Phase.OVER:
        raise SituationError("the odds in hindsight are for a finished hand: this one goes on")
    if hand.private:
        # Nobody knew a face-down card its owner did not show: it is unknown (never guessed),
        # and one shown counts from the street it was dealt on, as in any hand.
        events = shown_in_place(hand.events)
        return _hand_odds(hand.rules, len(hand.stacks), events, {}, deals, seed)
    return _hand_odds(hand.rules, len(hand.stacks), hand.events, finished_hidden(hand), deals, seed)


def finished_hidden(hand: Hand) -> dict[int, set[Card]]:
    """The cards of each deal of a finished hand that the table never saw: dealt face down and
    not shown."""
    if hand.phase is not Phase.OVER:
        raise SituationError("the odds in hindsight are for a finished hand: this one goes on")
    if hand.private:
        raise SituationError(
            "a private deal has no odds in hindsight: its face-down cards that were not shown"
            " are never known"
        )
    hidden: dict[int, set[Card]] = {}
    deal = 0
    for event in hand.events:
        if isinstance(event, DealStarted):
            deal = event.deal
        elif isinstance(event, Dealt) and not event.up and event.card is not None:
            hidden.setdefault(deal, set()).add(event.card)
        elif isinstance(event, Shown):
            hidden.get(deal, set()).difference_update(event.cards)
    return hidden


def odds_at(
    hand: Hand, hidden: dict[int, set[Card]], cut: int, *, deals: int = DEALS, seed: int = 0
) -> Odds:
    """The odds of the hands in as the table knew them after ``hand.events[:cut]`` (folds
    included), the cards of ``hidden`` unknown: counted exactly when only the last cards are
    left and all is known, simulated otherwise."""
    events = hand.events[:cut]
    deal = max((e.deal for e in events if isinstance(e, DealStarted)), default=1)
    situation = Situation.from_events(
        hand.rules, len(hand.stacks), events, None, hidden.get(deal, set())
    )
    return situation_odds(situation, deals, seed)


def _hand_odds(
    rules: Rules,
    players: int,
    events: Sequence[HandEvent],
    hidden: dict[int, set[Card]],
    deals: int,
    seed: int,
) -> HandOdds:
    streets: list[StreetOdds] = []
    deal = 0
    street_at_start: StreetStarted | None = None
    for index, event in enumerate(events):
        if isinstance(event, DealStarted):
            deal = event.deal
        street: StreetStarted
        if isinstance(event, StreetStarted):
            street = event
        elif isinstance(event, RunStarted) and street_at_start is not None:
            # Run 2 deals again the street run 1 began with, which starts no street anew.
            street = street_at_start
        else:
            if isinstance(event, RunStarted):
                street_at_start = next(
                    e for e in reversed(events[:index]) if isinstance(e, StreetStarted)
                )
            continue
        cut = next(
            (at for at in range(index + 1, len(events)) if isinstance(events[at], _AFTER_CARDS)),
            len(events),
        )
        if cut < len(events) and isinstance(events[cut], Redealt):
            continue  # the street's face-up card stopped the deal: no odds on a dead deal
        unseen = hidden.get(deal, set())
        situation = Situation.from_events(rules, players, events[:cut], None, unseen)
        odds = situation_odds(situation, deals, seed)
        run = max((e.run for e in events[:cut] if isinstance(e, RunStarted)), default=0)
        streets.append(StreetOdds(deal, street.street, street.name, cut, odds, run))
    shown = tuple(sorted({event.seat for event in events if isinstance(event, Shown)}))
    return HandOdds(tuple(streets), shown, _swing(streets, shown))


def situation_odds(situation: Situation, deals: int = DEALS, seed: int = 0) -> Odds:
    """The odds of ``situation`` as a replay's street gets them: counted exactly where at most
    the last cards are left and all is known and the ways are few enough; simulated with
    ``deals`` deals from ``seed`` otherwise."""
    last = len(situation.rules.streets) - 1
    if situation.street >= last - 1 and not situation.unknown:
        try:
            return exact_odds(situation, max_ways=EXACT_WAYS)
        except SituationError:
            pass  # too many ways, a short stub or burn cards: simulate instead
    return odds(situation, deals=deals, seed=seed)


def _swing(streets: list[StreetOdds], shown: tuple[int, ...]) -> Swing | None:
    best: Swing | None = None
    for before, after in itertools.pairwise(streets):
        if before.deal != after.deal or (before.run == 2) != (after.run == 2):
            continue  # a new deal, or run 2 starting again where run 1 began
        for seat in shown:
            was, now = before.share(seat), after.share(seat)
            if was is None or now is None:
                continue
            if best is None or abs(now - was) > abs(best.change):
                best = Swing(seat, before, after, now - was)
    return best
