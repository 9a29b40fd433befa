"""The hand record's schema: :class:`HandRecord`, one hand as plain data.

A record says how a hand was set up (the game, the stakes, the stacks, the house rules) and what
happened in it, one action (:mod:`wildstud.history.notation`) after another. Each field names the
check it must pass in its metadata (:mod:`wildstud.history.validators`), so building a record
checks what can be checked without playing the hand: fields present and well typed, players that
exist, cards dealt once. Whether the actions obey the rules is the replay's business.

Players are ``p1``, ``p2``, … in seat order from the dealer's left; in the objects here a player
is the 0-based index (``p1`` is player 0), as the engine numbers seats.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field

from wildstud.betting import Limit
from wildstud.commitment import Commitment, Proof
from wildstud.games import Game, GameOptions, find_game
from wildstud.games.options import BabyDaddyOptions, OptionValue
from wildstud.history import validators
from wildstud.history.notation import Action
from wildstud.history.tolerance import RecordWarning
from wildstud.history.validators import FrozenTable, check, optional

__all__ = ["OPTIONAL_FIELDS", "HandRecord"]


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecord:
    """One hand as recorded: setup, house rules, actions, and whatever else the PHH fields say.

    The fields are the PHH fields of the same name, but for three of ours, which PHH keeps in
    user-defined fields (names starting with ``_``): ``betting`` (``_betting``: the structure,
    fixed limit unless said), ``spread`` (``_spread``: least and most bet of a spread limit)
    and ``house_rules`` (``_house_rules``: the game's options by their engine names); and the
    deals' commitments and the cards' proofs a server gives (``_commitments``, ``_proofs``). Any
    other ``_`` field is kept as read in ``user_fields``. Amounts are whole chips.

    Building one checks it; a record that does not hold together raises
    :class:`~wildstud.errors.RecordError` naming the field or the action.

    >>> from wildstud.history.notation import CheckCall, DealHole, read_cards
    >>> record = HandRecord(variant="FTQ", antes=(1, 1), bring_in=2, small_bet=5, big_bet=10,
    ...                     starting_stacks=(100, 80), house_rules={"queens": "all"},
    ...                     actions=(DealHole(0, read_cards("????7h")),))
    >>> record.options().queens, record.options().ante, record.game.title
    (<QueensRule.ALL: 'all'>, 1, 'Follow the Queen')
    >>> HandRecord(variant="FTQ", antes=(1, 1), bring_in=2, small_bet=5, big_bet=10,
    ...            starting_stacks=(100, 80), actions=(CheckCall(2),))
    Traceback (most recent call last):
    ...
    wildstud.errors.RecordError: action 1 (`p3 cc`): no player p3: the record has 2 players
    """

    variant: str
    antes: tuple[int, ...] = field(metadata=check(validators.antes))
    bring_in: int = field(metadata=check(validators.chips))
    starting_stacks: tuple[int, ...]
    actions: tuple[Action, ...] = ()
    betting: Limit = Limit.FIXED
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    spread: tuple[int, int] | None = None
    house_rules: Mapping[str, OptionValue] = field(default_factory=FrozenTable, hash=False)
    author: str | None = field(default=None, metadata=optional(validators.text))
    event: str | None = field(default=None, metadata=optional(validators.text))
    url: str | None = field(default=None, metadata=optional(validators.text))
    venue: str | None = field(default=None, metadata=optional(validators.text))
    address: str | None = field(default=None, metadata=optional(validators.text))
    city: str | None = field(default=None, metadata=optional(validators.text))
    region: str | None = field(default=None, metadata=optional(validators.text))
    postal_code: str | None = field(default=None, metadata=optional(validators.text))
    country: str | None = field(default=None, metadata=optional(validators.text))
    time: datetime.time | None = field(default=None, metadata=optional(validators.local_time))
    time_zone: str | None = field(default=None, metadata=optional(validators.text))
    time_zone_abbreviation: str | None = field(default=None, metadata=optional(validators.text))
    day: int | None = field(default=None, metadata=optional(validators.whole_number(1, 31)))
    month: int | None = field(default=None, metadata=optional(validators.whole_number(1, 12)))
    year: int | None = field(default=None, metadata=optional(validators.whole_number()))
    hand: str | int | None = field(default=None, metadata=optional(validators.text_or_number))
    level: int | None = field(default=None, metadata=optional(validators.whole_number(0)))
    seats: tuple[int, ...] | None = field(default=None, metadata=optional(validators.seat_numbers))
    seat_count: int | None = field(default=None, metadata=optional(validators.seat_count))
    table: str | int | None = field(default=None, metadata=optional(validators.text_or_number))
    players: tuple[str, ...] | None = field(default=None, metadata=optional(validators.names))
    finishing_stacks: tuple[int, ...] | None = field(
        default=None, metadata=optional(validators.chips_per_player)
    )
    winnings: tuple[int, ...] | None = field(
        default=None, metadata=optional(validators.chips_per_player)
    )
    currency: str | None = field(default=None, metadata=optional(validators.text))
    currency_symbol: str | None = field(default=None, metadata=optional(validators.text))
    ante_trimming_status: bool | None = field(
        default=None, metadata=optional(validators.true_or_false)
    )
    time_limit: int | float | None = field(
        default=None, metadata=optional(validators.positive_number)
    )
    time_banks: tuple[int | float, ...] | None = field(
        default=None, metadata=optional(validators.numbers_per_player)
    )
    commitments: tuple[Commitment, ...] = field(default=(), metadata=check(validators.commitments))
    """``_commitments``: each deal's commitment to its deck (see :mod:`wildstud.commitment`)."""
    proofs: tuple[Proof, ...] = field(default=(), metadata=check(validators.proofs))
    """``_proofs``: the proofs of the cards the record shows, against their deals' roots."""
    runs: int = field(default=1, metadata=check(validators.whole_number(1, 2)))
    """``_runs``: 2 for a hand whose cards still to come were run twice (house rule
    ``run_twice``): the replay runs them twice where the hands all in were turned up, and the
    record deals run 1, shows its hands, then deals run 2 after a ``# run 2`` note."""
    user_fields: Mapping[str, object] = field(
        default_factory=FrozenTable, hash=False, metadata=check(validators.user_fields)
    )
    warnings: tuple[RecordWarning, ...] = field(
        default=(), compare=False, repr=False, metadata=check(validators.record_warnings)
    )
    """What a lenient reading let pass (:mod:`wildstud.history.tolerance`); not written back."""

    def __post_init__(self) -> None:
        validators.validate(self)

    @property
    def game(self) -> Game:
        """The game the variant code names (with the code's presets: ``BD5`` is five cards)."""
        return find_game(self.variant)

    @property
    def player_count(self) -> int:
        """How many players the hand began with."""
        return len(self.starting_stacks)

    def options(self) -> GameOptions:
        """The game's options for the engine: the code's presets, ``_house_rules``, and the
        stakes the PHH fields give (betting structure, ante, bring-in, bet sizes, and
        ``ante_trimming_status`` for the house rule ``ante_trimming``)."""
        return self.game.options({**self.house_rules, **self._stakes()})

    def _stakes(self) -> dict[str, OptionValue]:
        stakes: dict[str, OptionValue] = {"limit": self.betting.value, "ante": self.antes[0]}
        if self.betting is Limit.FIXED:
            assert self.small_bet is not None
            assert self.big_bet is not None
            stakes.update(small_bet=self.small_bet, big_bet=self.big_bet)
        elif self.betting is Limit.SPREAD:
            assert self.spread is not None
            stakes.update(small_bet=self.spread[0], big_bet=self.spread[1])
        else:
            # Pot and no limit have one size, the least bet; the engine ignores the big bet.
            assert self.min_bet is not None
            stakes.update(small_bet=self.min_bet, big_bet=self.min_bet)
        if self.game.options_type is not BabyDaddyOptions:
            stakes["bring_in"] = self.bring_in
        if self.ante_trimming_status is not None:
            # The PHH field is the house rule `ante_trimming`, and what the record says of it
            # wins over its `_house_rules` and a preset's.
            stakes["ante_trimming"] = self.ante_trimming_status
        return stakes


OPTIONAL_FIELDS: tuple[str, ...] = tuple(
    item.name for item in dataclasses.fields(HandRecord) if item.metadata.get("optional")
)
"""The optional PHH fields a record may carry, in the order a record is written."""
