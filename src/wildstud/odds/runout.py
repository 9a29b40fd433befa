"""The chances of hands turned up all in, as every player at the table knows them.

Under the house rule ``all_in_turn_up`` the hands still in are turned face up once no more
betting can come (:class:`~wildstud.deal.TurnedUp`), and the table shows each one's chance of
winning as each remaining card is dealt. Those figures may use only what is public at that
moment: every face-up card, the turned-up hands, the cards shown; never a folded hand's hole
cards, a burned card or the order of the stub. :func:`public_odds` counts every face-down card
that nobody but its owner saw as unknown, and the odds engine deals it at random with the
cards still to come, exactly as ``wildstud odds`` does for the same situation (counted exactly
where only the last cards are left and all is known, simulated with a fixed seed otherwise, as
the replays' odds are: :func:`~wildstud.odds.hindsight.situation_odds`). The same public
cards therefore always give the same figures, whatever the hidden ones are.

Heads-up, both all in on third street: p1's pair of aces against p2's kings, turned up.

>>> from wildstud.deal import Hand, Phase, stack_deck
>>> deck = stack_deck("Ah Kh As Ks 2c 3d")
>>> hand = Hand("seven-card-stud", [6, 6], {"all_in_turn_up": True, "bring_in": 0}, deck=deck)
>>> hand.run()
>>> _ = hand.bet(5); _ = hand.call()
>>> [str(card.card) for card in hand.view(None).seats[1].cards]  # a spectator sees them
['Kh', 'Ks', '3d']
>>> odds = public_odds(hand.rules, 2, hand.events, deals=4096)
>>> [seat.seat for seat in odds.seats], round(odds.seats[0].equity, 1)
([0, 1], 0.7)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from wildstud.cards import Card
from wildstud.deal import (
    Awarded,
    CentreCard,
    CommunityCard,
    DealStarted,
    Dealt,
    Event,
    HandEnded,
    Mucked,
    Redealt,
    Shown,
    StreetStarted,
    TurnedUp,
)
from wildstud.games import Rules

if TYPE_CHECKING:
    from wildstud.odds.equity import Odds

__all__ = ["RunOutCuts", "public_hidden", "public_odds", "run_out_cuts"]

_CARDS = (Dealt, TurnedUp, CommunityCard, CentreCard)
_ENDS = (StreetStarted, Shown, Mucked, Awarded, HandEnded)


def public_hidden(events: Sequence[Event]) -> set[Card]:
    """The face-down cards of the last deal in ``events`` that nobody but their owner has
    seen: dealt face down, never turned up nor shown (a folded hand's hole cards, say).

    >>> from wildstud.cards import parse_card
    >>> ace, king = parse_card("Ah"), parse_card("Kd")
    >>> events = [DealStarted(1, (0, 1)), Dealt(0, ace, False, 0), Dealt(1, king, False, 0),
    ...           TurnedUp(1, (king,))]
    >>> public_hidden(events)
    {Card('Ah')}
    """
    hidden: set[Card] = set()
    for event in events:
        if isinstance(event, DealStarted):
            hidden.clear()
        elif isinstance(event, Dealt) and not event.up and event.card is not None:
            hidden.add(event.card)
        elif isinstance(event, TurnedUp | Shown):
            hidden.difference_update(event.cards)
    return hidden


def public_odds(
    rules: Rules, players: int, events: Sequence[Event], *, deals: int = 16_384, seed: int = 0
) -> Odds:
    """The chances of the hands still in after ``events`` (a hand's events, from the engine,
    hidden cards and all) as the table knows them: the cards of :func:`public_hidden` unknown.
    Raises :class:`~wildstud.errors.SituationError` where there are no odds to give (a deal
    stopped by The Bitch's queen of spades). ``deals`` and ``seed`` as
    :func:`~wildstud.odds.hindsight.situation_odds` takes them (``deals`` its default,
    :data:`~wildstud.odds.hindsight.DEALS`)."""
    # The odds engine (NumPy, Numba) is imported when first asked for: a table server reads
    # run_out_cuts at every change, and most hands never go all in.
    from wildstud.odds.hindsight import situation_odds
    from wildstud.odds.situation import Situation

    situation = Situation.from_events(rules, players, events, None, public_hidden(events))
    return situation_odds(situation, deals, seed)


def run_out_cuts(events: Sequence[Event]) -> list[int]:
    """Where a run-out's chances stand: each ``cut`` such that ``events[:cut]`` ends with the
    hands turned up and the next street not begun, or with a street of the run-out dealt
    (the next street, or the showdown, about to come). A deal stopped by a redeal has none
    after its last turn-up: its cards are gathered.

    >>> from wildstud.deal import Hand, stack_deck
    >>> hand = Hand("F7S", [6, 50], {"all_in_turn_up": True, "bring_in": 0},
    ...             deck=stack_deck("As 9c Ah 9d Qh 7d"))
    >>> hand.run(); _ = hand.bet(5); _ = hand.call(); hand.run()
    >>> [type(hand.events[cut]).__name__ for cut in run_out_cuts(hand.events)]
    ['StreetStarted', 'StreetStarted', 'StreetStarted', 'StreetStarted', 'Shown']
    """
    return RunOutCuts().read(events)


class RunOutCuts:
    """:func:`run_out_cuts` of a hand's events read as they come: each :meth:`read` reads only
    the events added since the last (a table server asks at every change of a hand, and
    reading the whole hand each time was about 15 µs of an action's CPU, 4 December 2026).

    >>> from wildstud.deal import Hand, stack_deck
    >>> hand = Hand("F7S", [6, 50], {"all_in_turn_up": True, "bring_in": 0},
    ...             deck=stack_deck("As 9c Ah 9d Qh 7d"))
    >>> cuts = RunOutCuts()
    >>> hand.run(); _ = hand.bet(5); cuts.read(hand.events)
    []
    >>> _ = hand.call(); hand.run(); cuts.read(hand.events) == run_out_cuts(hand.events)
    True
    """

    __slots__ = ("_cuts", "_fresh", "_read", "_turned")

    def __init__(self) -> None:
        self._cuts: list[int] = []
        self._read = 0
        self._turned = self._fresh = False

    def read(self, events: Sequence[Event]) -> list[int]:
        """The cuts of ``events``, which go on from those read before (events that do not, as
        fewer of them, are read again from the start)."""
        if len(events) < self._read:
            self._cuts, self._read, self._turned, self._fresh = [], 0, False, False
        cuts, turned, fresh = self._cuts, self._turned, self._fresh
        for index in range(self._read, len(events)):
            event = events[index]
            if isinstance(event, DealStarted):
                turned = fresh = False
            elif isinstance(event, TurnedUp):
                turned = fresh = True
            elif isinstance(event, _CARDS):
                fresh = True
            elif isinstance(event, _ENDS):
                if turned and fresh:
                    cuts.append(index)
                fresh = False
            elif isinstance(event, Redealt):
                fresh = False  # the deal's cards are gathered: no odds for it
        self._read, self._turned, self._fresh = len(events), turned, fresh
        return list(cuts)
