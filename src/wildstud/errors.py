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


class RunTwiceError(IllegalActionError):
    """A hand that cannot be run twice now (house rule ``run_twice``): not at the point where
    the cards still to come start, a game or house rule under which a run is not well defined,
    or a stub too short to give both runs every card; nothing was changed."""


class HiddenCardError(IllegalActionError):
    """A private deal cannot do this: it would read a face-down card that nobody has shown (the
    engine does not know it), or deal one face down without hiding it; nothing was changed."""


class NotInStubError(IllegalActionError):
    """A card given for a chance step is not in the stub (dealt already, burned, or never in a
    short stacked deck); nothing was changed."""


class HandValueError(WildstudError):
    """Something given as an encoded hand value is not one (not an integer, or negative)."""


class RecordError(WildstudError):
    """A hand record cannot be read: a field missing or ill-typed, an action that does not parse.

    The error says where: ``field`` names the record field at fault, ``action`` is the number of
    the action at fault (counted from 1, in the order of the ``actions`` array) and ``text`` is
    that action's text; ``reason`` says what is wrong. The message names both place and reason.

    >>> print(RecordError("amount must be a whole number of chips", action=7, text="p3 cbr x"))
    action 7 (`p3 cbr x`): amount must be a whole number of chips
    >>> print(RecordError("missing (every record needs it)", field="antes"))
    field `antes`: missing (every record needs it)
    """

    def __init__(
        self,
        reason: str,
        *,
        field: str | None = None,
        action: int | None = None,
        text: str | None = None,
    ) -> None:
        self.reason = reason
        self.field = field
        self.action = action
        self.text = text
        if field is not None:
            where = f"field `{field}`: "
        elif action is not None:
            where = f"action {action} (`{text}`): " if text is not None else f"action {action}: "
        elif text is not None:
            where = f"action `{text}`: "
        else:
            where = ""
        super().__init__(where + reason)

    def at_action(self, number: int, text: str | None = None) -> RecordError:
        """The same error, placed at action ``number`` (with ``text``, or the text it had)."""
        return type(self)(self.reason, action=number, text=self.text if text is None else text)


class ChipsError(RecordError):
    """A record gives chips that are not a whole number (``100.5``, ``inf``): wildstud deals in
    whole chips only, so such a record is refused rather than rounded.

    >>> print(ChipsError("100.5 is not a whole number of chips", field="starting_stacks"))
    field `starting_stacks`: 100.5 is not a whole number of chips
    """


def excerpt(value: object, width: int = 60) -> str:
    """``repr(value)`` cut to ``width`` characters, for quoting what was given in a message.

    >>> excerpt("x" * 100, width=10)
    "'xxxxxx..."
    """
    text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


class SituationError(WildstudError):
    """Known cards that no deal of the game can produce (odds): a card seen twice, an upcard
    count that fits no street, a deal the rules would have stopped."""


class BotError(WildstudError):
    """A bot or a match between bots that cannot be set up: an unknown bot, a setting out of
    range, too few hands or seats the game does not seat."""


class ProofError(WildstudError):
    """A deck commitment or a card's proof that cannot be read or does not hold: a hash that
    is not one, a position off the deck, a card the proof does not open."""


class RabbitError(WildstudError):
    """A rabbit hunt that cannot be: the hand is not over, it went to a showdown, no card was
    to come, or its deal was private (nobody but each card's owner may ever see it)."""


class SettlementError(WildstudError):
    """Nets that cannot be settled: they do not add up to zero, or one is not whole chips."""
