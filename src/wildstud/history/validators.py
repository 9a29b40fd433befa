"""The checks a :class:`~wildstud.history.schema.HandRecord` passes when it is built.

Each field of the record names its own check in its dataclass metadata (as
:mod:`wildstud.games.options` keeps each option's spec), so a field and how it is checked are
written in one place; :func:`validate` runs those checks in field order, then the few that weigh
fields against each other (the betting structure and its stakes, the house rules and the
variant, the actions and the players). A check raises :class:`~wildstud.errors.RecordError`
naming the field or the action, or stores the field in its settled form (a list as a tuple, a
table read-only).

>>> from wildstud.history.schema import HandRecord
>>> HandRecord(variant="FTQ", antes=(1, 1), bring_in=2, small_bet=5, big_bet=10,
...            starting_stacks=(100, 80), month=13)
Traceback (most recent call last):
...
wildstud.errors.RecordError: field `month`: out of range: 13
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from wildstud.betting import Limit
from wildstud.cards import QUEEN_OF_SPADES, Card
from wildstud.commitment import Commitment, Proof
from wildstud.errors import ChipsError, OptionError, RecordError, UnknownGameError, excerpt
from wildstud.games import GAMES, NoQueen
from wildstud.games.options import BabyDaddyOptions, FollowTheQueenOptions, ShortStub
from wildstud.history.notation import ACTION_TYPES, DealBoard, DealHole, format_action
from wildstud.history.tolerance import RecordWarning
from wildstud.seats import seat_label

if TYPE_CHECKING:
    from wildstud.history.schema import HandRecord

__all__ = [
    "VARIANTS",
    "FieldCheck",
    "FrozenTable",
    "check",
    "optional",
    "validate",
]

FieldCheck = Callable[["HandRecord", str, int], None]
"""A field's check: given the record, the field's name and the number of players, it raises
:class:`~wildstud.errors.RecordError` or returns (having perhaps stored the field settled)."""

_Seal = TypeVar("_Seal", Commitment, Proof)

VARIANTS: tuple[str, ...] = tuple(code for game in GAMES for code in game.codes)
"""The variant codes a record may carry: ``FTQ``, ``SMBU``, ``BD7``, ``BD5``, ``BITCH``."""

_STRUCTURE_FIELDS: dict[Limit, tuple[str, ...]] = {
    Limit.FIXED: ("small_bet", "big_bet"),
    Limit.SPREAD: ("_spread",),
    Limit.POT: ("min_bet",),
    Limit.NO: ("min_bet",),
}
_STAKE_OPTIONS = {
    "limit": "_betting",
    "ante": "antes",
    "bring_in": "bring_in",
    "small_bet": "small_bet, min_bet or _spread",
    "big_bet": "big_bet or _spread",
}
_OWN_FIELDS = {"betting": "_betting", "spread": "_spread", "house_rules": "_house_rules"}


def check(field_check: FieldCheck) -> dict[str, Any]:
    """Metadata for a record field that ``field_check`` checks."""
    return {"check": field_check, "optional": False}


def optional(field_check: FieldCheck) -> dict[str, Any]:
    """Metadata for an optional PHH field (written only when given) that ``field_check`` checks."""
    return {"check": field_check, "optional": True}


class FrozenTable(Mapping[str, Any]):
    """A read-only table (house rules, user fields) that still pickles and copies."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, Any] | None = None) -> None:
        self._items = dict(items or {})

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return repr(self._items)

    def __reduce__(self) -> tuple[type[FrozenTable], tuple[dict[str, Any]]]:
        return (FrozenTable, (self._items,))


def validate(record: HandRecord) -> None:
    """Check ``record`` whole: the variant and the players first (every other check counts on
    them), then each field by the check its metadata names, then the fields against each other."""
    if not isinstance(record.variant, str) or record.variant not in VARIANTS:
        raise RecordError(
            f"unknown variant {excerpt(record.variant)} (wildstud plays {', '.join(VARIANTS)})",
            field="variant",
        )
    stacks = _chips_list(record, "starting_stacks", minimum=1)
    count = len(stacks)
    if count < 2:
        raise RecordError("a hand needs at least two players", field="starting_stacks")
    for item in dataclasses.fields(record):
        field_check = item.metadata.get("check")
        if field_check is not None:
            field_check(record, item.name, count)
    _check_structure(record)
    _check_house_rules(record)
    _check_actions(record, count)


# --- fields on their own -----------------------------------------------------------------------


def antes(record: HandRecord, name: str, count: int) -> None:
    """One ante a player, 0 or more."""
    _chips_list(record, name, minimum=0, length=count)


def chips(record: HandRecord, name: str, count: int) -> None:
    """A whole number of chips, 0 or more."""
    _chips(record, name, minimum=0)


def text(record: HandRecord, name: str, count: int) -> None:
    value = getattr(record, name)
    if value is not None and not isinstance(value, str):
        raise RecordError(f"must be text, not {excerpt(value)}", field=name)


def whole_number(low: int | None = None, high: int | None = None) -> FieldCheck:
    """A check of an optional whole number, from ``low`` to ``high`` where they are given.

    >>> whole_number(1, 12)  # doctest: +ELLIPSIS
    <function whole_number.<locals>.in_range at ...>
    """

    def in_range(record: HandRecord, name: str, count: int) -> None:
        value = getattr(record, name)
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(f"must be a whole number, not {excerpt(value)}", field=name)
        if (low is not None and value < low) or (high is not None and value > high):
            raise RecordError(f"out of range: {value}", field=name)

    return in_range


def seat_count(record: HandRecord, name: str, count: int) -> None:
    """An optional count of seats at the table: at least one a player."""
    whole_number(count, 10_000)(record, name, count)


def text_or_number(record: HandRecord, name: str, count: int) -> None:
    value = getattr(record, name)
    if value is not None and (isinstance(value, bool) or not isinstance(value, str | int)):
        raise RecordError(f"must be text or a whole number, not {excerpt(value)}", field=name)


def local_time(record: HandRecord, name: str, count: int) -> None:
    value = getattr(record, name)
    if value is not None and (not isinstance(value, datetime.time) or value.tzinfo is not None):
        raise RecordError(
            f"must be a local time of day such as 20:15:00, not {excerpt(value)}", field=name
        )


def true_or_false(record: HandRecord, name: str, count: int) -> None:
    value = getattr(record, name)
    if value is not None and not isinstance(value, bool):
        raise RecordError(f"must be true or false, not {excerpt(value)}", field=name)


def positive_number(record: HandRecord, name: str, count: int) -> None:
    value = getattr(record, name)
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise RecordError(
            f"must be a positive number (inf: no limit), not {excerpt(value)}", field=name
        )


def chips_per_player(record: HandRecord, name: str, count: int) -> None:
    if getattr(record, name) is not None:
        _chips_list(record, name, minimum=0, length=count)


def seat_numbers(record: HandRecord, name: str, count: int) -> None:
    if record.seats is None:
        return
    seats = _chips_list(record, name, minimum=1, length=count, what="seat numbers")
    if len(set(seats)) != len(seats):
        raise RecordError(f"two players in one seat: {list(seats)}", field=name)
    if record.seat_count is not None and max(seats) > record.seat_count:
        raise RecordError(
            f"seat {max(seats)} is past the seat count ({record.seat_count})", field=name
        )


def names(record: HandRecord, name: str, count: int) -> None:
    value = record.players
    if value is None:
        return
    if not isinstance(value, list | tuple) or not all(isinstance(item, str) for item in value):
        raise RecordError(f"must be an array of names, not {excerpt(value)}", field=name)
    _check_length(name, value, count)
    _set(record, name, tuple(value))


def numbers_per_player(record: HandRecord, name: str, count: int) -> None:
    value = record.time_banks
    if value is None:
        return
    if not isinstance(value, list | tuple) or any(
        isinstance(item, bool) or not isinstance(item, int | float) or not item >= 0
        for item in value
    ):
        raise RecordError(
            f"must be an array of numbers, 0 or more, not {excerpt(value)}", field=name
        )
    _check_length(name, value, count)
    _set(record, name, tuple(value))


def commitments(record: HandRecord, name: str, count: int) -> None:
    """:class:`~wildstud.commitment.Commitment` records, one a deal (whether they hold is for
    ``wildstud verify`` to say)."""
    deals = [item.deal for item in _seals(record, name, Commitment)]
    if len(set(deals)) != len(deals):
        raise RecordError("two commitments for one deal", field=f"_{name}")


def proofs(record: HandRecord, name: str, count: int) -> None:
    """:class:`~wildstud.commitment.Proof` records, one a position of a deal."""
    places = [(item.deal, item.position) for item in _seals(record, name, Proof)]
    if len(set(places)) != len(places):
        raise RecordError("two proofs of one position of a deal", field=f"_{name}")


def _seals(record: HandRecord, name: str, kind: type[_Seal]) -> tuple[_Seal, ...]:
    items = getattr(record, name)
    if not isinstance(items, tuple) or not all(isinstance(item, kind) for item in items):
        raise RecordError(f"must be a tuple of {kind.__name__} records", field=f"_{name}")
    return items


def _set(record: HandRecord, name: str, value: object) -> None:
    object.__setattr__(record, name, value)


_WHOLE_ONLY = "wildstud plays whole chips only (scale the record's amounts, cents as chips say)"


def _refuse_fractions(value: object, name: str, message: str) -> None:
    """Chips given as a float (``2.5``, ``inf``, even ``100.0``) raise
    :class:`~wildstud.errors.ChipsError`: a record of whole chips writes them as integers."""
    items = value if isinstance(value, list | tuple) else (value,)
    if any(isinstance(item, float) for item in items):
        raise ChipsError(f"{message}, not {excerpt(value)}: {_WHOLE_ONLY}", field=name)


_CHIPS = "whole numbers of chips"


def _chips(record: HandRecord, name: str, *, minimum: int) -> int:
    value = getattr(record, name)
    _refuse_fractions(value, name, "must be a whole number of chips")
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"must be a whole number of chips, not {excerpt(value)}", field=name)
    if value < minimum:
        raise RecordError(f"must be {minimum} or more, not {value}", field=name)
    return value


def _chips_list(
    record: HandRecord,
    name: str,
    *,
    minimum: int,
    length: int | None = None,
    what: str = _CHIPS,
) -> tuple[int, ...]:
    value = getattr(record, name)
    if what == _CHIPS:
        _refuse_fractions(value, name, f"must be an array of {what}")
    if not isinstance(value, list | tuple) or any(
        isinstance(item, bool) or not isinstance(item, int) for item in value
    ):
        raise RecordError(f"must be an array of {what}, not {excerpt(value)}", field=name)
    if any(item < minimum for item in value):
        raise RecordError(f"every entry must be {minimum} or more, not {list(value)}", field=name)
    _check_length(name, value, length)
    _set(record, name, tuple(value))
    return tuple(value)


def _check_length(name: str, value: list[object] | tuple[object, ...], length: int | None) -> None:
    if length is not None and len(value) != length:
        raise RecordError(
            f"has {len(value)} entries for {length} players (one per player, p1 first)",
            field=name,
        )


# --- fields against each other ----------------------------------------------------------------


def _check_structure(record: HandRecord) -> None:
    try:
        betting = Limit(record.betting)
    except ValueError:
        allowed = ", ".join(item.value for item in Limit)
        raise RecordError(
            f"unknown betting structure {excerpt(record.betting)} (allowed: {allowed})",
            field="_betting",
        ) from None
    _set(record, "betting", betting)
    wanted = _STRUCTURE_FIELDS[betting]
    given = {
        "small_bet": record.small_bet,
        "big_bet": record.big_bet,
        "min_bet": record.min_bet,
        "_spread": record.spread,
    }
    for name in wanted:
        if given[name] is None:
            raise RecordError(f"missing ({betting.value} needs {' and '.join(wanted)})", field=name)
    for name, value in given.items():
        if name not in wanted and value is not None:
            raise RecordError(
                f"{betting.value} has no {name} (it uses {' and '.join(wanted)})", field=name
            )
    if betting is Limit.FIXED:
        small = _chips(record, "small_bet", minimum=1)
        big = _chips(record, "big_bet", minimum=1)
        if small > big:
            raise RecordError(
                f"the big bet ({big}) is below the small bet ({small})", field="big_bet"
            )
        least, least_name = small, "small bet"
    elif betting is Limit.SPREAD:
        spread = record.spread
        if (
            not isinstance(spread, list | tuple)
            or len(spread) != 2
            or any(isinstance(item, bool) or not isinstance(item, int) for item in spread)
        ):
            raise RecordError(
                f"must be [least, most]: two whole numbers of chips, not {excerpt(spread)}",
                field="_spread",
            )
        least, most = spread
        if not 1 <= least <= most:
            raise RecordError(
                f"the least bet must be 1 or more and at most the most bet, not {list(spread)}",
                field="_spread",
            )
        _set(record, "spread", (least, most))
        least_name = "least bet"
    else:
        least, least_name = _chips(record, "min_bet", minimum=1), "minimum bet"
    if record.bring_in > least:
        raise RecordError(
            f"the bring-in ({record.bring_in}) cannot exceed the {least_name} ({least})",
            field="bring_in",
        )


def _check_house_rules(record: HandRecord) -> None:
    rules, antes = record.house_rules, record.antes
    if not isinstance(rules, Mapping):
        raise RecordError(f"must be a table of options, not {excerpt(rules)}", field="_house_rules")
    for key, value in rules.items():
        if not isinstance(key, str):
            raise RecordError(f"option names are text, not {excerpt(key)}", field="_house_rules")
        if not isinstance(value, str | int):  # bool is an int
            raise RecordError(
                f"option {key!r} must be text, a whole number or true/false, not {excerpt(value)}",
                field="_house_rules",
            )
        name = key.strip().replace("-", "_")
        if name in _STAKE_OPTIONS:
            raise RecordError(
                f"{key!r} is a stake: the record gives it in {_STAKE_OPTIONS[name]}",
                field="_house_rules",
            )
    _set(record, "house_rules", FrozenTable(rules))
    if len(set(antes)) != 1:
        raise RecordError(
            f"every player antes the same in wildstud's games, not {list(antes)}", field="antes"
        )
    game = record.game
    if game.options_type is BabyDaddyOptions and record.bring_in != 0:
        raise RecordError(
            f"{game.title} has no bring-in (nothing is face up on the first round): write 0",
            field="bring_in",
        )
    try:
        options = record.options()
    except (OptionError, UnknownGameError) as error:
        raise RecordError(str(error), field="_house_rules") from None
    if game.code_for(options) != record.variant:
        raise RecordError(
            f"the options make the game {game.code_for(options)}, not {record.variant}",
            field="_house_rules",
        )


def user_fields(record: HandRecord, name: str, count: int) -> None:
    """Fields of the writer's own (names starting with ``_``), values that TOML can write."""
    fields = record.user_fields
    if not isinstance(fields, Mapping):
        raise RecordError(f"must be a mapping, not {excerpt(fields)}", field="user_fields")
    for key, value in fields.items():
        if not isinstance(key, str) or not key.startswith("_"):
            raise RecordError(
                f"user-defined field names start with '_', not {excerpt(key)}", field="user_fields"
            )
        if key in _OWN_FIELDS.values():
            raise RecordError(
                "this field has its own attribute on the record, not a user field", field=key
            )
        _check_toml_value(key, value)
    _set(record, "user_fields", FrozenTable(fields))


def record_warnings(record: HandRecord, name: str, count: int) -> None:
    """What a lenient reading let pass: :class:`~wildstud.history.tolerance.RecordWarning`\\ s."""
    value = record.warnings
    if not isinstance(value, tuple) or not all(isinstance(item, RecordWarning) for item in value):
        raise RecordError(f"must be a tuple of RecordWarning, not {excerpt(value)}", field=name)


def _check_toml_value(name: str, value: object, depth: int = 0) -> None:
    if depth > 32:
        raise RecordError("nested too deeply to write", field=name)
    if isinstance(value, str | int | float | datetime.date | datetime.time):
        return
    if isinstance(value, list | tuple):
        for item in value:
            _check_toml_value(name, item, depth + 1)
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise RecordError(f"table keys are text, not {excerpt(key)}", field=name)
            _check_toml_value(name, item, depth + 1)
        return
    raise RecordError(f"cannot be written in a record: {excerpt(value)}", field=name)


def _check_actions(record: HandRecord, count: int) -> None:
    actions = record.actions
    if not isinstance(actions, list | tuple):
        raise RecordError(f"must be an array of actions, not {excerpt(actions)}", field="actions")
    for number, action in enumerate(actions, 1):
        if not isinstance(action, ACTION_TYPES):
            raise RecordError(f"not an action: {excerpt(action)}", action=number)
        player = getattr(action, "player", None)
        if player is not None and player >= count:
            raise RecordError(
                f"no player {seat_label(player)}: the record has {count} players",
                action=number,
                text=format_action(action),
            )
    _set(record, "actions", tuple(actions))
    _check_repeated_cards(record)


def _check_repeated_cards(record: HandRecord) -> None:
    """Refuse a card dealt twice within one deal, where deals can be told apart without play.

    A redeal starts a fresh deck, so a card may come again after one. In The Bitch a redeal can
    only follow a deal that holds the queen of spades, so the check restarts after each such
    deal. Follow the Queen's no-queen redeal depends on which cards lie face up, which only the
    replay knows: with that option the check is left to the replay, as it is under `short_stub`
    `reshuffle`, where a folded hand's card may be dealt again.
    """
    options = record.options()
    if isinstance(options, FollowTheQueenOptions) and options.no_queen is not NoQueen.PLAY_ON:
        return
    if options.short_stub is ShortStub.RESHUFFLE:
        return  # a folded hand's card may come again on the last street: the replay checks
    restart = QUEEN_OF_SPADES if record.variant == "BITCH" else None
    seen: dict[Card, int] = {}
    for number, action in enumerate(record.actions, 1):
        if not isinstance(action, DealHole | DealBoard):
            continue
        for card in action.cards:
            if card is None:
                continue
            if card in seen:
                raise RecordError(
                    f"{card} was already dealt in action {seen[card]} of the same deal",
                    action=number,
                    text=format_action(action),
                )
            seen[card] = number
        if restart is not None and restart in action.cards:
            seen.clear()
