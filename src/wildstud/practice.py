"""A practice table's help for one seat: its chances against what it can see, and what the
equity bot would do in its place.

Everything here is worked out from the seat's own view of the hand (``hand.view(seat)``: its
own cards, everyone's upcards, the wild cards as they stand), never from the hand, so no other
seat's hidden card can change an answer. :func:`chances` deals the rest of the hand out
:data:`DEALS` times with the odds engine (:func:`wildstud.odds.equity.odds` over
:meth:`Situation.from_view <wildstud.odds.situation.Situation.from_view>`): the opponents'
hole cards and every card still to come are unknown, the later streets are dealt in the game's
real order with its wild-card rule, redeal and house rules, and the upcards of folded hands are
known cards, out of the stub (dead), as the seat saw them dealt. :func:`coaching` adds, on the
seat's turn, the equity bot's advice (:meth:`EquityBot.advise
<wildstud.bots_equity.EquityBot.advise>`) from those same chances.

>>> from wildstud.deal import Hand, stack_deck
>>> hand = Hand("FTQ", [100, 100], deck=stack_deck("As 2c Ad 7d Ah 3h"))
>>> hand.run()
>>> help = coaching(hand.view(0), deals=2000, seed=1)
>>> round(help.chances.equity, 1), help.chances.split, help.advice is None
(0.9, False, True)
>>> coaching(hand.view(1), deals=2000, seed=1).advice.kind.value  # p2 is to act: it brings in
'bring-in'
"""

from __future__ import annotations

from dataclasses import dataclass

from wildstud.bots_equity import Advice, EquityBot, _one_thread, _rules
from wildstud.deal import Phase, TableView
from wildstud.errors import SituationError
from wildstud.odds.equity import odds
from wildstud.odds.simulate import CHUNK_DEALS, GameSpec
from wildstud.odds.situation import Situation

__all__ = ["DEALS", "Chances", "Coaching", "advice", "chances", "coaching", "situation_of"]

DEALS = 3 * CHUNK_DEALS
"""Deals simulated for a seat's chances (12,288: the odds engine deals whole chunks): a 95%
interval about ±1 percentage point either side, in about 12 ms on one core
(``benchmarks/practice.py``)."""


@dataclass(frozen=True, slots=True)
class Chances:
    """One seat's chances in the deal as it stands, against what it can see.

    ``equity`` is its expected share of the pot, with its 95% interval (``low``, ``high``);
    ``win`` the chance it takes the high half (the whole pot, where nothing is split) alone,
    ``tie`` that it shares it; ``special`` that it takes the other half where the pot is
    split (``split``: The Bitch's half for the queen of spades in the hole)."""

    equity: float
    low: float
    high: float
    win: float
    tie: float
    special: float
    split: bool
    deals: int


@dataclass(frozen=True, slots=True)
class Coaching:
    """A seat's help: its chances (``None`` once it has folded), and on its turn the equity
    bot's advice (``None`` when it is not to act)."""

    chances: Chances | None
    advice: Advice | None


_ADVISER = EquityBot()
"""The equity bot at its default line; it is given the seat's chances, so it draws no deals
of its own (and its generator is never used)."""


def situation_of(view: TableView) -> Situation:
    """The deal as the viewer of ``view`` knows it (a :class:`SituationError` where the odds
    engine cannot start from it: a street half dealt whose face-up card could stop the deal)."""
    return Situation.from_view(view, _rules(view.code, view.options))


def chances(view: TableView, *, deals: int = DEALS, seed: int = 0) -> Chances | None:
    """The chances of the seat whose view this is (``None`` once it is out of the hand, or
    where the odds engine cannot start from the deal as it stands).

    >>> from wildstud.deal import Hand, stack_deck
    >>> hand = Hand("BITCH", [100, 100], deck=stack_deck("As 2c Ad 7d Ah 3h"))
    >>> hand.run()
    >>> mine = chances(hand.view(0), deals=2000, seed=3)
    >>> mine.split, 0.0 < mine.special < mine.win < 1.0
    (True, True)
    """
    seat = view.viewer
    if seat is None or view.phase is Phase.OVER:
        return None
    try:
        situation = situation_of(view)
    except SituationError:
        return None
    if seat not in situation.live:
        return None
    with _one_thread():  # a few milliseconds of work: one chunk, on this thread
        result = odds(situation, deals=deals, seed=seed)
    mine = next((entry for entry in result.seats if entry.seat == seat), None)
    if mine is None:  # pragma: no cover - a live seat always has its entry
        return None
    split = GameSpec.of(situation.rules).split
    return Chances(
        equity=float(mine.equity),
        low=float(mine.equity_interval[0]),
        high=float(mine.equity_interval[1]),
        win=float(mine.win),
        tie=float(mine.tie),
        special=float(mine.special),
        split=split,
        deals=result.deals,
    )


def advice(view: TableView, seat_chances: Chances | None) -> Advice | None:
    """What the equity bot would do in the viewer's place now, from ``seat_chances`` (``None``
    when the viewer is not to act, or has no chances)."""
    if seat_chances is None or view.viewer is None or view.to_act != view.viewer:
        return None
    if not view.legal_actions:
        return None
    return _ADVISER.advise(view, equity=seat_chances.equity)


def coaching(view: TableView, *, deals: int = DEALS, seed: int = 0) -> Coaching:
    """The viewer's chances, and the equity bot's advice on its turn."""
    mine = chances(view, deals=deals, seed=seed)
    return Coaching(mine, advice(view, mine))
