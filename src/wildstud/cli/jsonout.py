"""The one JSON language of ``wildstud ... --json``: the shapes every command shares.

Every command prints one JSON object, described by a JSON Schema in the package
(:mod:`wildstud.schemas`, one file a command; ``docs/json.md`` explains them). They share one
vocabulary, built here and nowhere else:

- a player is ``"p1"``, ``"p2"``… (counted from 1 from the dealer's left, as records write
  them), and data about each player is an object keyed by that label;
- a card is ``"As"``, ``"Td"`` (``"??"`` where nobody knows it);
- a hand's category is the name of the :class:`~wildstud.hands.Category` member
  (``"FIVE_OF_A_KIND"``);
- a probability, or any estimate, is ``{"value": v, "low": l, "high": h}``: the figure and
  its 95% interval (the interval is the figure itself where it is exact);
- a command that plays a game echoes ``"game"`` (its code), ``"title"`` and
  ``"house_rules"``: every house rule in force, defaults included.

>>> estimate(0.25, (0.2, 0.3))
{'value': 0.25, 'low': 0.2, 'high': 0.3}
>>> from wildstud.games import find_game
>>> echo = game_echo(find_game("FTQ").rules({"queens": "all"}))
>>> echo["game"], echo["title"], echo["house_rules"]["queens"]
('FTQ', 'Follow the Queen', 'all')
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from wildstud.cards import Card
from wildstud.games import Rules
from wildstud.odds.equity import Odds
from wildstud.odds.simulate import GameSpec
from wildstud.seats import seat_label

__all__ = [
    "Json",
    "by_player",
    "card",
    "cards",
    "emit",
    "estimate",
    "game_echo",
    "odds_json",
    "player",
]

Json = dict[str, Any]
"""One JSON object, as a command prints it."""


def player(seat: int | None) -> str | None:
    """A seat's label (``None`` stays ``None``: a card in the centre belongs to no one).

    >>> player(0), player(None)
    ('p1', None)
    """
    return None if seat is None else seat_label(seat)


def by_player(values: Sequence[Any] | Mapping[int, Any]) -> Json:
    """Per-seat values as an object keyed by player label, in seat order.

    >>> by_player([5, 0]), by_player({2: "x"})
    ({'p1': 5, 'p2': 0}, {'p3': 'x'})
    """
    items = values.items() if isinstance(values, Mapping) else enumerate(values)
    return {seat_label(seat): value for seat, value in sorted(items)}


def card(value: Card | None) -> str:
    """A card as text, ``"??"`` where it is unknown.

    >>> from wildstud.cards import parse_card
    >>> card(parse_card("Th")), card(None)
    ('Th', '??')
    """
    return "??" if value is None else str(value)


def cards(values: Iterable[Card | None]) -> list[str]:
    """Cards as text, in order."""
    return [card(value) for value in values]


def estimate(value: float, interval: tuple[float, float] | None = None) -> Json:
    """A figure and its 95% interval (``interval`` left out: the figure is exact)."""
    low, high = (value, value) if interval is None else interval
    return {"value": float(value), "low": float(low), "high": float(high)}


def game_echo(rules: Rules) -> Json:
    """The game and every house rule in force (defaults included), as each command that plays
    a game starts its object."""
    return {
        "game": rules.code,
        "title": rules.title,
        "house_rules": rules.options.to_mapping(),
    }


def emit(data: Json) -> None:
    """Print ``data`` as one line of JSON on standard output."""
    json.dump(data, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


def odds_json(result: Odds) -> Json:
    """``wildstud odds --json`` (schema ``odds.schema.json``)."""
    situation = result.situation
    rules = situation.rules
    split = GameSpec.of(rules).split
    return {
        **game_echo(rules),
        "players": situation.players,
        "street": rules.streets[situation.street].name if situation.street >= 0 else None,
        "exact": result.exact,
        "deals": result.deals,
        "seed": result.seed,
        "seconds": result.seconds,
        "split_pot": split,
        "seats": {
            seat_label(seat.seat): {
                "pot_share": estimate(seat.equity, seat.equity_interval),
                "wins": estimate(seat.win, seat.win_interval),
                "ties": estimate(seat.tie, seat.tie_interval),
                "special_half": estimate(seat.special, seat.special_interval) if split else None,
            }
            for seat in result.seats
        },
    }
