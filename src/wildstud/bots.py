"""Players that are programs, for tests and simulations.

A bot sees a hand as its seat does: :meth:`Bot.choose` is given the seat's
:class:`~wildstud.deal.TableView` (``hand.view(seat)``: its own cards, everyone's upcards, the
pots, the public wild cards, the legal actions), never the hand, so no other seat's hidden card
can reach it. Whoever runs the hand (:func:`take_turn`, :func:`play_out`, the arena, the server)
asks the bot and carries out its answer.

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

from wildstud.betting import ActionKind, ActionOption
from wildstud.deal import Acted, Hand, Phase, TableView
from wildstud.errors import IllegalActionError

__all__ = ["Bot", "CallingBot", "RandomBot", "allows", "play_out", "take_turn"]


class Bot(Protocol):
    """Anything that can take a player's turn from what that player's seat sees."""

    def choose(self, view: TableView) -> tuple[ActionKind, int | None]:
        """The action for the seat whose view this is, when it is that seat's turn: a kind and
        a to-amount (``None``: no amount)."""


def allows(option: ActionOption, amount: int) -> bool:
    """Whether ``amount`` is a to-amount that ``option`` (one of ``view.legal_actions``)
    allows: any amount of its range, except in fixed limit, where only the amounts the option
    lists are (the bet sizes, or an all-in short of one).

    >>> from wildstud.cards import Deck
    >>> hand = Hand("FTQ", [100, 100], {"open_pair": True}, deck=Deck(seed=2))
    >>> for _ in range(2):  # the bring-in and a call: fourth street, an open pair showing
    ...     hand.run(); _ = take_turn(hand, CallingBot())
    >>> hand.run(); view = hand.view(hand.to_act)
    >>> [str(option) for option in view.legal_actions]
    ['check', 'bet to 5 or 10']
    >>> [allows(view.legal_actions[-1], amount) for amount in (4, 5, 7, 10)]
    [False, True, False, True]
    """
    if option.amounts is not None:
        return amount in option.amounts
    return option.min_amount <= amount <= option.max_amount


class RandomBot:
    """A player that acts at random among the legal actions (seeded for reproducible runs)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: TableView) -> tuple[ActionKind, int | None]:
        """The action this bot would take now: a kind and a to-amount (``None``: no amount)."""
        options = view.legal_actions
        if not options:
            raise IllegalActionError("no player is to act: nothing to choose")
        if options[0].kind is ActionKind.FOLD and any(o.kind is ActionKind.CHECK for o in options):
            # A fold when checking is free (house rule `free_fold`) gives up a hand for nothing:
            # left out, so that the bot plays (and a seed deals) as it does without the rule.
            options = options[1:]
        option = self._rng.choice(options)
        if option.kind in (ActionKind.FOLD, ActionKind.CHECK):
            return option.kind, None
        amount = self._rng.randint(option.min_amount, option.max_amount)
        if not allows(option, amount):
            amount = self._rng.choice((option.min_amount, option.max_amount))
        return option.kind, amount


class CallingBot:
    """A player that brings in when it must, checks when it can and calls otherwise.

    >>> from wildstud.deal import Hand, stack_deck
    >>> hand = Hand("FTQ", [50, 50], deck=stack_deck("As 2c Ad 3c Ah 4c"))
    >>> play_out(hand, CallingBot())
    >>> hand.stacks
    (53, 47)
    """

    _PREFERENCE = (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL)

    def choose(self, view: TableView) -> tuple[ActionKind, int | None]:
        """The bring-in, a check or a call, whichever is legal now."""
        kinds = {option.kind for option in view.legal_actions}
        for kind in self._PREFERENCE:
            if kind in kinds:
                return kind, None
        raise IllegalActionError("no player is to act: nothing to choose")


def take_turn(hand: Hand, bot: Bot) -> Acted:
    """Let ``bot`` take the turn of the seat to act in ``hand``: it is shown that seat's view,
    and its answer is carried out (an illegal answer is refused, as any player's would be)."""
    seat = hand.to_act
    if seat is None:
        raise IllegalActionError("no player is to act: nothing to choose")
    kind, amount = bot.choose(hand.view(seat))
    return hand.act(kind, amount, seat=seat)


def play_out(hand: Hand, bot: Bot) -> None:
    """Play the hand to its end: the dealer's steps, and ``bot`` for every seat."""
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            take_turn(hand, bot)
        else:
            hand.step()
