"""Players that are programs, for tests and simulations.

:class:`CallingBot` never bets or folds: it brings in, checks or calls, so a hand goes to the
showdown with the cards deciding.

:class:`RandomBot` picks uniformly among the legal kinds of action, then an amount uniformly
within the range that kind allows (falling back to the range's ends where a fixed-limit range
has gaps). Seeded, it always plays the same way against the same hand.

>>> from wildstud.cards import Deck
>>> from wildstud.deal import Hand
>>> hand = Hand("SMBU", [60, 60, 60, 60], deck=Deck(seed=11))
>>> play_out(hand, RandomBot(seed=5))
>>> sum(hand.stacks), hand.phase
(240, <Phase.OVER: 'over'>)
"""

from __future__ import annotations

import random
from typing import Protocol

from wildstud.betting import ActionKind
from wildstud.deal import Acted, Hand, Phase
from wildstud.errors import IllegalActionError

__all__ = ["Bot", "CallingBot", "RandomBot", "play_out"]


class RandomBot:
    """A player that acts at random among the legal actions (seeded for reproducible runs)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, hand: Hand) -> tuple[ActionKind, int | None]:
        """The action this bot would take now: a kind and a to-amount (``None``: no amount)."""
        options = hand.legal_actions()
        if not options:
            raise IllegalActionError("no player is to act: nothing to choose")
        option = self._rng.choice(options)
        if option.kind in (ActionKind.FOLD, ActionKind.CHECK):
            return option.kind, None
        amount = self._rng.randint(option.min_amount, option.max_amount)
        if not hand.can_act(option.kind, amount):
            amount = self._rng.choice((option.min_amount, option.max_amount))
        return option.kind, amount

    def act(self, hand: Hand) -> Acted:
        """Choose and take an action in ``hand``."""
        kind, amount = self.choose(hand)
        return hand.act(kind, amount)


class CallingBot:
    """A player that brings in when it must, checks when it can and calls otherwise.

    >>> from wildstud.deal import Hand, stack_deck
    >>> hand = Hand("FTQ", [50, 50], deck=stack_deck("As 2c Ad 3c Ah 4c"))
    >>> play_out(hand, CallingBot())
    >>> hand.stacks
    (53, 47)
    """

    _PREFERENCE = (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL)

    def choose(self, hand: Hand) -> tuple[ActionKind, int | None]:
        """The bring-in, a check or a call, whichever is legal now."""
        kinds = {option.kind for option in hand.legal_actions()}
        for kind in self._PREFERENCE:
            if kind in kinds:
                return kind, None
        raise IllegalActionError("no player is to act: nothing to choose")

    def act(self, hand: Hand) -> Acted:
        """Bring in, check or call."""
        kind, amount = self.choose(hand)
        return hand.act(kind, amount)


class Bot(Protocol):
    """Anything that can take a player's turn."""

    def act(self, hand: Hand) -> Acted:
        """Take an action in ``hand`` for the seat to act."""


def play_out(hand: Hand, bot: Bot) -> None:
    """Play the hand to its end: the dealer's steps, and ``bot`` for every seat."""
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            bot.act(hand)
        else:
            hand.step()
