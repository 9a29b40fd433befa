"""What every shape of the REST API shares: the base model, which refuses unknown fields, the
error body, and the types of a name, a house rule's value, an amount of chips and a bot.

>>> ErrorBody(detail="no such table").model_dump()
{'detail': 'no such table'}
>>> ErrorBody(detail="x", extra=1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for ErrorBody
...
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

__all__ = [
    "BotKind",
    "Chips",
    "ErrorBody",
    "HouseRuleValue",
    "Name",
    "OptionKey",
    "OptionText",
]

# Names are cleaned and checked by wildstud.server.names, which answers a refusal with a 400 or
# 409 sentence; the schema only says what they are.
Name = Annotated[
    str,
    Field(
        description="cleaned (NFC, no control or format characters, whitespace collapsed);"
        " at most 40 characters after that, unique at the table ignoring case and look-alikes",
        examples=["Ann"],
    ),
]
OptionKey = Annotated[str, StringConstraints(min_length=1, max_length=40)]
OptionText = Annotated[str, StringConstraints(max_length=40)]
HouseRuleValue = Annotated[int, Field(ge=0, le=1_000_000)] | bool | OptionText
Chips = Annotated[int, Field(ge=0, le=1_000_000_000)]
BotKind = Literal["random-bot", "calling-bot", "equity-bot-quick", "equity-bot", "equity-bot-deep"]
"""The bots a table may seat, weakest first: random, calling (never folds to a bet it can call)
and equity (weighs a Monte Carlo share of the pot against the price; :mod:`wildstud.bots_equity`)
at three strengths, by the deals it simulates per decision: quick (150: a share known to about
±8 points), the default (600: ±4) and deep (5,000: ±1.5)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorBody(_Model):
    """What an error response holds: one sentence saying what was wrong."""

    detail: str
