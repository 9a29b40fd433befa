"""A player that bets by the odds: its share of the pot against the price of staying in.

At each turn :class:`EquityBot` works out what its seat knows of the hand from the seat's view
(:meth:`EquityBot.read`; like every bot it is given ``hand.view(seat)``, never the hand): its
expected share of the pot from a small, seeded Monte Carlo run of the rest of the deal as it
sees it (opponents' hole cards unknown, the later streets dealt in the game's real order, so a
queen still to come changes the wild cards as it would), the chips it must put in to stay, how
many players contest the pot, whether anyone who has not acted yet sits behind it on this
street, and how many cards, and wild cards by the current rule, it still has to come.

It then plays a plain, documented line (:meth:`EquityBot.choose`):

- *Value*: with a share well above a fair one (``1 / players``) it bets, raises or completes.
  The edge it asks for shrinks with ``aggression``, is smaller when nobody is left to act behind
  it, and grows with each bet or raise already made on the street (no endless re-raising).
- *Price*: facing a bet it calls when its share covers the pot odds, ``to call / (pot + to
  call + implied)``, less a small margin for the sampling noise. ``implied`` stands for the bets
  a hand that improves can still win: a share of a big bet per betting round left and per
  opponent, worth more the more wild cards it may still catch, so draws stay in early and go
  when the streets run out.
- Otherwise it checks when that is free, brings in rather than completes, and folds.

Seeded, it makes the same choices in the same hands: each decision's deals are seeded from the
bot's own generator. A decision takes about a millisecond at the default 600 deals once the
compiled simulation is loaded (the first call in a process compiles or loads it).

>>> from wildstud.cards import Deck
>>> from wildstud.deal import Hand
>>> from wildstud.bots import play_out
>>> hand = Hand("FTQ", [200, 200, 200], deck=Deck(seed=4))
>>> play_out(hand, EquityBot(seed=1))
>>> sum(hand.stacks), hand.phase
(600, <Phase.OVER: 'over'>)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

import numba

from wildstud.betting import ActionKind, ActionOption, Limit
from wildstud.bots import allows
from wildstud.cards import DECK, Card
from wildstud.deal import TableView
from wildstud.errors import BotError, IllegalActionError
from wildstud.games import Rules, find_game
from wildstud.games.options import OptionValue
from wildstud.odds.equity import odds
from wildstud.odds.situation import Situation

__all__ = ["Advice", "EquityBot", "Reading", "Why"]

_RAISES = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)


@dataclass(frozen=True, slots=True)
class Reading:
    """What the seat to act knows of the hand when it decides (see :meth:`EquityBot.read`)."""

    seat: int
    equity: float
    """Expected share of the pot if every live hand goes to the showdown (Monte Carlo)."""
    players: int
    """Live hands contesting the pot, this one included."""
    pot: int
    to_call: int
    """Chips to put in to call (0 when checking is free)."""
    behind: int
    """Live opponents who must still act on this street after this seat (the view's
    ``still_to_act``): those with chips that have not acted since the last bet or raise."""
    raises: int
    """Bets, completions and raises already made on this street."""
    rounds_left: int
    """Betting rounds after this one."""
    cards_to_come: int
    """Cards this seat will still be dealt (if the deal runs its course)."""
    wilds_to_come: float
    """Of those, how many are wild by the wild cards as they stand now, on average."""
    big_bet: int

    @property
    def strength(self) -> float:
        """The share of the pot against a fair share: 1.0 is average, 2.0 twice that.

        >>> Reading(0, 0.5, 3, 30, 0, 0, 0, 2, 2, 0.2, 10).strength
        1.5
        """
        return self.equity * self.players

    def implied(self, weight: float) -> float:
        """Chips that a hand which improves can still hope to win later: ``weight`` big bets
        per betting round left and per opponent, scaled up by the wild cards to come."""
        return (
            weight
            * self.big_bet
            * self.rounds_left
            * (self.players - 1)
            * (1.0 + self.wilds_to_come)
        )

    def price(self, weight: float) -> float:
        """The share of the pot a call must win to pay, counting the implied chips.

        >>> Reading(0, 0.3, 2, 30, 10, 0, 1, 0, 0, 0.0, 10).price(0.15)
        0.25
        """
        if self.to_call <= 0:
            return 0.0
        return self.to_call / (self.pot + self.to_call + self.implied(weight))


class Why(StrEnum):
    """Which part of the bot's line chose an action (see the module's description)."""

    VALUE = "value"
    """Strong enough to bet: the strength is at the value line or above."""
    BRING_IN = "bring-in"
    """Not strong enough to complete: the bring-in that is due."""
    FREE = "free"
    """Not strong enough to bet, and checking costs nothing."""
    PRICE = "price"
    """The share of the pot covers the price of a call."""
    SHORT = "short"
    """The share of the pot is short of the price of a call: fold."""
    NO_FOLD = "no-fold"
    """A call, since folding is not allowed (an all-in short of a bet)."""
    ONLY = "only"
    """The one legal action."""


@dataclass(frozen=True, slots=True)
class Advice:
    """What the bot would do, and why, as data: the action, the part of its line that chose
    it, and the figures that part compared (words are made at the edge:
    :func:`wildstud.words.describe_hint`).

    >>> Advice(ActionKind.CALL, 10, Why.PRICE, 0.31, 0.62, 1.35, 0.25).why.value
    'price'
    """

    kind: ActionKind
    amount: int | None
    """The to-amount (``None``: a fold or a check)."""
    why: Why
    equity: float
    """The share of the pot the decision used."""
    strength: float
    """That share against a fair one (:attr:`Reading.strength`)."""
    line: float
    """The strength at which the bot bets (:meth:`EquityBot.value_line`)."""
    price: float
    """The share of the pot the bot asks of a call: the price (:meth:`Reading.price`) less its
    margin for the sampling noise, so that a share at or above it calls (0 when nothing is to
    call)."""


class EquityBot:
    """A player that weighs its Monte Carlo share of the pot against the price of each action.

    ``samples`` is the number of deals simulated per decision; ``aggression`` (above 0; 1 is the
    default line) scales how readily it bets for value; ``implied`` the weight of the bets still
    to come (see the module's description); ``margin`` how far below the price a share may be
    before the bot folds (it allows for the sampling noise).

    >>> from wildstud.deal import Hand, stack_deck
    >>> hand = Hand("FTQ", [100, 100], deck=stack_deck("As 2c Ad 7d Ah 3h"))
    >>> hand.run()
    >>> bot = EquityBot(seed=3)
    >>> view = hand.view(hand.to_act)
    >>> round(bot.read(view).equity, 1), bot.choose(view)
    (0.4, (<ActionKind.BRING_IN: 'bring-in'>, 2))
    >>> _ = hand.bring_in()  # three aces against a bring-in: complete
    >>> bot.choose(hand.view(hand.to_act))
    (<ActionKind.COMPLETE: 'complete'>, 5)
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        samples: int = 600,
        aggression: float = 1.0,
        implied: float = 0.15,
        margin: float = 0.02,
    ) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 50:
            raise BotError(f"an equity bot needs at least 50 samples per decision, not {samples!r}")
        if not aggression > 0:
            raise BotError(f"the aggression must be above 0, not {aggression!r}")
        if not implied >= 0:
            raise BotError(f"the implied-odds weight cannot be negative, not {implied!r}")
        if not 0 <= margin < 1:
            raise BotError(f"the margin must be from 0 to below 1, not {margin!r}")
        self._rng = random.Random(seed)
        self.samples = samples
        self.aggression = aggression
        self.implied = implied
        self.margin = margin

    def read(self, view: TableView, equity: float | None = None) -> Reading:
        """What the seat whose view this is knows now, with its share of the pot from
        ``samples`` deals, or ``equity`` where the caller has worked it out already (a
        practice table's odds: :mod:`wildstud.practice`). It must be that seat's turn."""
        seat = view.viewer
        if seat is None or view.to_act != seat:
            raise IllegalActionError("no player is to act: nothing to read")
        rules = _rules(view.code, view.options)
        if equity is None:
            situation = Situation.from_view(view, rules)
            with _one_thread():
                result = odds(situation, deals=self.samples, seed=self._rng.getrandbits(63))
            equity = next(entry.equity for entry in result.seats if entry.seat == seat)
        seats = view.seats
        live = [entry.seat for entry in seats if entry.dealt_in and not entry.folded]
        # The view says who must still act on the street (this seat first) and what a call costs.
        behind = sum(1 for other in view.still_to_act if other != seat)
        streets = rules.streets
        street = -1 if view.street_index is None else view.street_index
        rounds_left = sum(1 for later in streets[street + 1 :] if later.betting)
        cards_to_come = sum(len(later.cards) for later in streets) - len(seats[seat].cards)
        wilds = frozenset(view.seat_wild or ())
        unseen = _unseen(view, seat)
        wild_rate = len(wilds & unseen) / len(unseen) if unseen else 0.0
        return Reading(
            seat=seat,
            equity=equity,
            players=len(live),
            pot=view.pot,
            to_call=view.to_call,
            behind=behind,
            raises=view.raises,
            rounds_left=rounds_left,
            cards_to_come=max(cards_to_come, 0),
            wilds_to_come=max(cards_to_come, 0) * wild_rate,
            big_bet=view.stakes.big_bet,
        )

    def value_line(self, reading: Reading) -> float:
        """The strength (see :attr:`Reading.strength`) at which the bot bets or raises.

        >>> bot = EquityBot()
        >>> alone = Reading(0, 0.5, 2, 20, 0, 0, 0, 3, 4, 0.0, 10)
        >>> bot.value_line(alone), bot.value_line(alone.__class__(0, 0.5, 2, 20, 0, 1, 1, 3, 4,
        ...                                                       0.0, 10))
        (1.25, 1.5)
        """
        edge = (0.35 - (0.1 if reading.behind == 0 else 0.0)) / self.aggression
        return 1.0 + edge + 0.15 * reading.raises

    def choose(self, view: TableView) -> tuple[ActionKind, int | None]:
        """The action this bot takes now, from its seat's view: a kind and a to-amount
        (``None``: no amount)."""
        options = view.legal_actions
        if not options:
            raise IllegalActionError("no player is to act: nothing to choose")
        if len(options) == 1:
            return options[0].kind, _amount_of(options[0])
        advice = self.advise(view)
        return advice.kind, advice.amount

    def advise(self, view: TableView, equity: float | None = None) -> Advice:
        """The action this bot takes now from its seat's view, with why (see :meth:`read` for
        ``equity``).

        >>> from wildstud.deal import Hand, stack_deck
        >>> hand = Hand("FTQ", [100, 100], deck=stack_deck("As 2c Ad 7d Ah 3h"))
        >>> hand.run(); _ = hand.bring_in()
        >>> advice = EquityBot().advise(hand.view(hand.to_act), equity=0.8)
        >>> advice.kind.value, advice.amount, advice.why.value, advice.strength
        ('complete', 5, 'value', 1.6)
        """
        options = view.legal_actions
        if not options:
            raise IllegalActionError("no player is to act: nothing to choose")
        reading = self.read(view, equity)
        line = self.value_line(reading)
        price = max(reading.price(self.implied) - self.margin, 0.0) if reading.to_call else 0.0
        if len(options) == 1:
            kind, amount, why = options[0].kind, _amount_of(options[0]), Why.ONLY
        else:
            kind, amount, why = self._decision(reading, options, view.stakes.limit)
        option = next(option for option in options if option.kind is kind)
        if amount is not None and not allows(option, amount):
            # A fixed-limit range may have gaps: its least amount is always legal.
            amount = option.min_amount
        return Advice(kind, amount, why, reading.equity, reading.strength, line, price)

    def decide(
        self, reading: Reading, options: Sequence[ActionOption], limit: Limit = Limit.FIXED
    ) -> tuple[ActionKind, int | None]:
        """The action for ``reading`` among the legal ``options`` (see the module's
        description), with bet sizes for the betting ``limit``.

        >>> from wildstud.betting import ActionOption as Option
        >>> facing = [Option(ActionKind.FOLD, 0, 0), Option(ActionKind.CALL, 10, 10),
        ...           Option(ActionKind.RAISE, 20, 20)]
        >>> bot = EquityBot()
        >>> def at(equity, rounds=0, wilds=0.0):  # heads-up, 10 to call into a pot of 30
        ...     return Reading(0, equity, 2, 30, 10, 0, 1, rounds, 2 * rounds, wilds, 10)
        >>> [bot.decide(at(equity), facing)[0].value for equity in (0.1, 0.3, 0.9)]
        ['fold', 'call', 'raise']
        >>> bot.decide(at(0.2), facing)[0].value, bot.decide(at(0.2, 3, 1.0), facing)[0].value
        ('fold', 'call')
        """
        kind, amount, _ = self._decision(reading, options, limit)
        return kind, amount

    def _decision(
        self, reading: Reading, options: Sequence[ActionOption], limit: Limit
    ) -> tuple[ActionKind, int | None, Why]:
        """:meth:`decide`, with the part of the line that chose."""
        by_kind = {option.kind: option for option in options}
        if reading.strength >= self.value_line(reading):
            for kind in _RAISES:
                if kind in by_kind:
                    return kind, self._size(by_kind[kind], reading, limit), Why.VALUE
        if ActionKind.BRING_IN in by_kind:
            return ActionKind.BRING_IN, by_kind[ActionKind.BRING_IN].min_amount, Why.BRING_IN
        if ActionKind.CHECK in by_kind:
            return ActionKind.CHECK, None, Why.FREE
        call = by_kind.get(ActionKind.CALL)
        fold = ActionKind.FOLD in by_kind
        if call is not None and not fold:
            return ActionKind.CALL, call.min_amount, Why.NO_FOLD
        if call is not None and reading.equity + self.margin >= reading.price(self.implied):
            return ActionKind.CALL, call.min_amount, Why.PRICE
        if fold:
            return ActionKind.FOLD, None, Why.SHORT
        raise IllegalActionError(f"no action fits among {[str(o) for o in options]}")

    def _size(self, option: ActionOption, reading: Reading, limit: Limit) -> int:
        """The to-amount of a bet or raise: in fixed and spread limit the least one (the big
        one, where there is a choice, with a very strong hand); in pot and no limit a part of
        the pot that grows with the hand's strength."""
        low, high = option.min_amount, option.max_amount
        if low == high:
            return low
        line = self.value_line(reading)
        if limit in (Limit.FIXED, Limit.SPREAD):
            return high if reading.strength >= line + 0.5 else low
        part = min(1.0, 0.5 + 0.5 * (reading.strength - line))
        return min(high, max(low, low + int(part * reading.pot)))


@contextmanager
def _one_thread() -> Iterator[None]:
    """Run the compiled deals on this thread alone: a decision's few hundred deals are one
    chunk, and waking a pool of threads for it costs ten times the work on a busy machine."""
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(threads)


def _amount_of(option: ActionOption) -> int | None:
    return None if option.kind in (ActionKind.FOLD, ActionKind.CHECK) else option.min_amount


@lru_cache(maxsize=64)
def _rules(code: str, options: tuple[tuple[str, OptionValue], ...]) -> Rules:
    """The rules a view's game code and house rules name (the same few, decision after
    decision)."""
    return find_game(code).rules(dict(options))


def _unseen(view: TableView, seat: int) -> frozenset[Card]:
    """The cards ``seat`` has not seen: not its own, nor anyone's upcard, nor the centre or
    community card."""
    seen: set[Card] = set()
    for entry in view.seats:
        if entry.dealt_in:
            seen.update(
                held.card
                for held in entry.cards
                if held.card is not None and (held.up or entry.seat == seat)
            )
    seen.update(card for card in (view.centre, view.community) if card is not None)
    return frozenset(DECK) - seen
