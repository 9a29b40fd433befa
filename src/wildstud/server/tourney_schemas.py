"""A table's tournament settings, as the host sets them (``TableSettings.tournament``), and the
tournament as every page sees it (``TableInfo.tournament``).

A table with ``tournament`` set is a sit-and-go (:mod:`wildstud.server.tourney`): its stakes
follow the level schedule, and chips come only with the buy-in, the rebuys and the add-on.

>>> settings = TournamentSettings(levels=[LevelModel(ante=1, bring_in=2, small_bet=5,
...                                                  big_bet=10, hands=3)])
>>> settings.buy_in, settings.levels[0].kind, settings.rebuy_levels
(20, 'level', 0)
>>> TournamentSettings(levels=[LevelModel(ante=1, bring_in=2, small_bet=5, big_bet=10, hands=3),
...                             BreakModel(minutes=5)])
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for TournamentSettings
...
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from wildstud.tournament import PAYOUT_TABLE, Break, Level, TournamentError, payouts, stud_schedule

__all__ = [
    "BreakModel",
    "DealFigures",
    "DealRequest",
    "DealShare",
    "LevelModel",
    "TournamentInfo",
    "TournamentPlace",
    "TournamentSettings",
]

Money = Annotated[int, Field(ge=0, le=1_000_000_000)]
Stake = Annotated[int, Field(ge=0, le=1_000_000)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LevelModel(_Model):
    """One level: its stakes, and how long it lasts (``minutes`` or ``hands``, one of them)."""

    kind: Literal["level"] = "level"
    ante: Stake
    bring_in: Stake
    small_bet: Annotated[int, Field(ge=1, le=1_000_000)]
    big_bet: Annotated[int, Field(ge=1, le=1_000_000)]
    minutes: Annotated[float, Field(gt=0, le=600)] | None = None
    hands: Annotated[int, Field(ge=1, le=1000)] | None = None

    @model_validator(mode="after")
    def _checked(self) -> LevelModel:
        self.level()  # the library's checks, with its words
        return self

    def level(self) -> Level:
        """The library's level (:class:`wildstud.tournament.Level`)."""
        try:
            return Level(
                self.ante, self.bring_in, self.small_bet, self.big_bet, self.minutes, self.hands
            )
        except TournamentError as error:
            raise ValueError(str(error)) from None


class BreakModel(_Model):
    """A break between two levels: no hand is dealt."""

    kind: Literal["break"] = "break"
    minutes: Annotated[float, Field(gt=0, le=120)]


class TournamentSettings(_Model):
    """A sit-and-go's settings. The starting chips are the table's ``starting_chips``; prices
    are in the group's money, chips are chips."""

    buy_in: Money = Field(20, description="what an entry costs; it goes into the prize pool")
    levels: list[LevelModel | BreakModel] = Field(
        default_factory=list,
        max_length=60,
        description="the levels and breaks in order; the last level lasts until the end. Empty:"
        " a stud schedule made from the starting chips (first small bet about a fiftieth of a"
        " stack, tidy figures), each level lasting level_minutes or level_hands",
    )
    level_minutes: Annotated[float, Field(gt=0, le=600)] = Field(
        15.0, description="how long each level of a made schedule lasts, in minutes"
    )
    level_hands: Annotated[int, Field(ge=1, le=1000)] | None = Field(
        None, description="how many hands each level of a made schedule lasts (over minutes)"
    )
    level_count: Annotated[int, Field(ge=1, le=40)] = Field(
        12, description="the levels of a made schedule"
    )
    break_every: Annotated[int, Field(ge=0, le=40)] = Field(
        4, description="a made schedule has a break after every this many levels; 0: none"
    )
    break_minutes: Annotated[float, Field(gt=0, le=120)] = Field(
        5.0, description="how long each break of a made schedule lasts"
    )
    rebuy_levels: Annotated[int, Field(ge=0, le=60)] = Field(
        0,
        description="rebuys are open through this level (counting levels, not breaks, from 1);"
        " 0: no rebuys",
    )
    rebuy_chips: Annotated[int, Field(ge=1, le=1_000_000_000)] | None = Field(
        None, description="the chips a rebuy buys; null: the starting chips"
    )
    rebuy_price: Money | None = Field(None, description="what a rebuy costs; null: the buy-in")
    rebuys_per_player: Annotated[int, Field(ge=1, le=100)] | None = Field(
        None, description="the most rebuys one player may have; null: any"
    )
    addon_chips: Annotated[int, Field(ge=0, le=1_000_000_000)] = Field(
        0, description="the chips of the add-on, once per player; 0: no add-on"
    )
    addon_price: Money | None = Field(None, description="what the add-on costs; null: the buy-in")
    addon_levels: Annotated[int, Field(ge=1, le=60)] | None = Field(
        None,
        description="the add-on is open through this level (and the break after it); null:"
        " the last rebuy level",
    )
    late_levels: Annotated[int, Field(ge=0, le=60)] = Field(
        1,
        description="players may sit down through this level (late registration); 0: only"
        " before the first hand",
    )
    payouts: dict[Annotated[int, Field(ge=2, le=1000)], list[Annotated[int, Field(gt=0)]]] = Field(
        default_factory=lambda: {key: list(value) for key, value in PAYOUT_TABLE.items()},
        max_length=20,
        description="the share in per cent of each place paid, by the least number of"
        " entrants it applies from (each list adds up to 100)",
    )

    @model_validator(mode="after")
    def _checked(self) -> TournamentSettings:
        if self.levels and not isinstance(self.levels[-1], LevelModel):
            raise ValueError("the schedule ends with a level, not a break")
        levels = sum(isinstance(item, LevelModel) for item in self.levels) or self.level_count
        for name in ("rebuy_levels", "late_levels", "addon_levels"):
            value = getattr(self, name)
            if value is not None and value > levels:
                raise ValueError(f"{name} is {value}, but the schedule has {levels} levels")
        if 2 not in self.payouts:
            raise ValueError("the payouts start at 2 entrants")
        try:
            for entrants in self.payouts:
                payouts(100, entrants, self.payouts)
        except TournamentError as error:
            raise ValueError(str(error)) from None
        return self

    def made(self, starting_chips: int) -> TournamentSettings:
        """These settings with their schedule made from ``starting_chips`` if none was given
        (:func:`wildstud.tournament.stud_schedule`).

        >>> made = TournamentSettings(level_hands=10, level_count=3).made(1000)
        >>> [(level.small_bet, level.hands) for level in made.levels]
        [(20, 10), (30, 10), (40, 10)]
        """
        if self.levels:
            return self
        try:
            schedule = stud_schedule(
                starting_chips,
                levels=self.level_count,
                minutes=self.level_minutes,
                hands=self.level_hands,
                break_every=self.break_every,
                break_minutes=self.break_minutes,
            )
        except TournamentError as error:
            raise ValueError(str(error)) from None
        items: list[LevelModel | BreakModel] = [
            BreakModel(minutes=item.minutes)
            if isinstance(item, Break)
            else LevelModel(
                ante=item.ante,
                bring_in=item.bring_in,
                small_bet=item.small_bet,
                big_bet=item.big_bet,
                minutes=item.minutes,
                hands=item.hands,
            )
            for item in schedule
        ]
        return self.model_copy(update={"levels": items})

    def schedule(self) -> tuple[Level | Break, ...]:
        """The library's schedule."""
        return tuple(
            item.level() if isinstance(item, LevelModel) else Break(item.minutes)
            for item in self.levels
        )


class TournamentPlace(_Model):
    """An entrant: what they paid in, and once they are out (or have won), their place and
    prize."""

    seat: int
    name: str
    rebuys: int
    addon: bool
    paid: int = Field(description="the buy-in, rebuys and add-on they paid")
    place: int | None = Field(description="1 for the winner; null while still in")
    prize: int | None = Field(description="the prize of their place (0 when unpaid); null while in")


class TournamentInfo(_Model):
    """The tournament as every page sees it: the clock, the pool and the places."""

    level: int = Field(description="the level playing now, from 1 (the last level, on a break)")
    on_break: bool
    paused: bool = Field(description="the clock stands still (the table is paused or not started)")
    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    seconds_left: float | None = Field(
        description="seconds left in the level or break as the frame was made; null: counted"
        " in hands, or the last level"
    )
    hands_left: int | None = Field(description="hands left in the level, if counted in hands")
    next_level: LevelModel | None = Field(description="the next level's stakes, if any")
    prize_pool: int
    entrants: int
    players_left: int
    rebuys_open: bool
    addon_open: bool
    registration_open: bool
    payouts: list[int] = Field(description="the prize of each place paid, first place first")
    places: list[TournamentPlace] = Field(description="every entrant: those out by place")
    finished: bool
    deal: str | None = Field(description="the deal the last players made ('icm', 'chip-chop')")


class DealShare(_Model):
    """One player's part of a deal: their chips, and their share by ICM and by a chip chop
    (to the cent, and in whole amounts that add up to the prizes left)."""

    seat: int
    name: str
    chips: int
    icm: float
    icm_whole: int
    chip_chop: float
    chip_chop_whole: int


class DealFigures(_Model):
    """The deal calculator: the prizes still to be paid and each player's share."""

    prizes: list[int] = Field(description="the prizes of the places still to be decided")
    players: list[DealShare]


class DealRequest(_Model):
    """The deal the last players agreed."""

    kind: Literal["icm", "chip-chop"]
