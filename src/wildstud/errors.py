"""The error family of wildstud.

Every error that bad input can cause is a subclass of :class:`WildstudError`, itself a
:class:`ValueError`, so a caller may catch the whole family, one kind, or plain ``ValueError``.
Messages name the offending input, so the command line can print them as they are.

>>> from wildstud import parse_card
>>> try:
...     parse_card("Xz")
... except CardError as error:
...     print(error)
not a card: 'Xz' (expected a rank 2-10, T, J, Q, K or A, then a suit c, d, h, s or ♣♦♥♠)
"""

from __future__ import annotations


class WildstudError(ValueError):
    """Base class of every error that bad input to wildstud raises."""


class CardError(WildstudError):
    """A card, rank or suit could not be read."""


class DuplicateCardError(WildstudError):
    """The same card appears twice where each card may appear once."""


class HandSizeError(WildstudError):
    """A hand has too few or too many cards for what was asked."""


class WildSpecError(WildstudError):
    """A wild-card specification names something that is neither a rank nor a card."""


class UnknownGameError(WildstudError):
    """No game goes by the name, alias or code given."""


class OptionError(WildstudError):
    """A house-rule option is unknown, or its value is not one the option allows."""


class IllegalActionError(WildstudError):
    """An action that the rules do not allow at this point of the hand; nothing was changed."""


class BettingSetupError(WildstudError):
    """A betting round was set up with seats, stacks or amounts that do not fit together."""


class PotError(WildstudError):
    """Chip contributions or winners given for the pots do not fit together."""


class TableError(WildstudError):
    """The seats, stacks or dealer given do not fit the game (too few or too many players)."""


class OutOfTurnError(IllegalActionError):
    """An action names a seat that is not the one to act; nothing was changed."""


class DeckExhaustedError(WildstudError):
    """The deck has no card left where the deal needs one (a stacked deck too short)."""
