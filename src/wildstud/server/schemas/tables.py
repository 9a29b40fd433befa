"""The REST API's shapes of a table: its settings as the host creates and changes them, the
table and its seats as everyone sees them, its links, and the games a table may deal
(``/api/tables``, ``/api/games``).

>>> settings = TableSettings(name="Friday", games=[GameEntry(game="FTQ")])
>>> settings.seats, settings.stakes.limit, settings.starting_chips
(6, 'fixed-limit', 1000)
>>> TableSettings(name="Friday", games=[], seats=9)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 2 validation errors for TableSettings
...
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, StringConstraints, model_validator

from wildstud.server.schemas.base import BotKind, HouseRuleValue, Name, OptionKey, _Model
from wildstud.server.tourney_schemas import TournamentInfo, TournamentSettings

__all__ = [
    "GameEntry",
    "GameInfo",
    "Links",
    "MenuEntry",
    "NewTable",
    "OptionInfo",
    "RebuyInfo",
    "RulesUpdate",
    "SeatInfo",
    "StakesModel",
    "TableBot",
    "TableCreated",
    "TableInfo",
    "TableSettings",
]


class GameEntry(_Model):
    """One game of the table's list, with its house rules (option names as in
    ``docs/house-rules.md``; the stakes are the table's and are not given here)."""

    game: Annotated[str, StringConstraints(min_length=1, max_length=40)] = Field(
        description="a game's name, alias or code: FTQ, SMBU, pimp-daddy, BD7, BD5, BITCH, F7S",
        examples=["FTQ"],
    )
    house_rules: dict[OptionKey, HouseRuleValue] = Field(
        default_factory=dict, max_length=24, examples=[{"queens": "all"}]
    )


class StakesModel(_Model):
    """The table's stakes: the betting structure and its amounts, the same for every game."""

    limit: Literal["fixed-limit", "spread-limit", "pot-limit", "no-limit"] = "fixed-limit"
    ante: Annotated[int, Field(ge=0, le=1_000_000)] = 1
    bring_in: Annotated[int, Field(ge=0, le=1_000_000)] = 2
    small_bet: Annotated[int, Field(ge=1, le=1_000_000)] = 5
    big_bet: Annotated[int, Field(ge=1, le=1_000_000)] = 10
    raise_cap: Annotated[int, Field(ge=0, le=100)] | None = 3


Seconds = Annotated[float, Field(ge=0.05, le=3600)]
ShuffleSeconds = Annotated[float, Field(ge=1, le=60)]
"""Each step of the players' shuffle: a page answers within a round trip, so a second is
enough on a network at home; a minute is the most a page that went away may hold each deal up."""


class TableSettings(_Model):
    """Everything a host sets when creating a table.

    One game, or several for dealer's choice; the clocks are in seconds.
    """

    name: str = Field(
        description="cleaned as a seat's name is; at most 60 characters after that",
        examples=["Friday night"],
    )
    host_name: Name | None = Field(
        None,
        description="the host's name, shown on the join page (cleaned as a seat's name is);"
        " null: the join page names no host",
    )
    games: list[GameEntry] = Field(min_length=1, max_length=12)
    stakes: StakesModel = Field(default_factory=StakesModel)
    starting_chips: Annotated[int, Field(ge=1, le=1_000_000_000)] = Field(
        1000, description="the buy-in: the chips each player (and bot) sits down with"
    )
    rebuy_max: Annotated[int, Field(ge=0, le=1_000_000_000)] | None = Field(
        None,
        description="the most chips one rebuy or top-up may buy (the host approves each);"
        " 0: no rebuys or top-ups; null: the buy-in (starting_chips)",
    )
    top_up_ceiling: Annotated[int, Field(ge=1, le=1_000_000_000)] | None = Field(
        None,
        description="the most chips a stack may hold once a rebuy or top-up is applied;"
        " null: the buy-in (starting_chips)",
    )
    rebuys_per_player: Annotated[int, Field(ge=0, le=1000)] | None = Field(
        None, description="the most rebuys and top-ups one player may have in a night; null: any"
    )
    seats: Annotated[int, Field(ge=2, le=8)] = 6
    action_clock: Seconds = Field(30.0, description="seconds each player has to act")
    away_clock: Seconds = Field(
        5.0,
        description="seconds to act for a player who is away (no page open, and the clock acted"
        " for them last time): the table does not wait the full clock for them turn after turn",
    )
    time_bank: Annotated[float, Field(ge=0, le=3600)] = Field(
        60.0, description="extra seconds a player may draw on, over the whole session"
    )
    choice_clock: Seconds = Field(20.0, description="seconds the dealer has to pick the game")
    shuffle_seconds: ShuffleSeconds = Field(
        8.0,
        description="seconds the table waits for the pages' commitments before a deal in the"
        " players' shuffle, then as long again for their values (a page that has not answered"
        " by then is left out of that deal)",
    )
    bot_delay: Annotated[float, Field(ge=0, le=30)] = Field(
        1.0, description="seconds a bot waits before acting"
    )
    hand_pause: Annotated[float, Field(ge=0, le=60)] = Field(
        3.0, description="seconds between the end of a hand and the next deal"
    )
    absent_hands: Annotated[int, Field(ge=1, le=100)] = Field(
        2, description="hands in a row a player may let the clock act for them before sitting out"
    )
    redeal_pause: Annotated[float, Field(ge=0, le=60)] = Field(
        3.0, description="seconds a card that calls for a redeal is shown before the new deal"
    )
    idle_minutes: Annotated[float, Field(gt=0, le=1440)] = Field(
        10.0,
        description="minutes with no player or spectator connected before the bots wait for one",
    )
    showdown_pause: Annotated[float, Field(ge=0, le=60)] = Field(
        6.0,
        description="seconds the cards of a showdown stay on the table, the winning hands"
        " highlighted, before the next deal (at least hand_pause)",
    )
    spectator_chat: bool = Field(
        False, description="spectators read and write the table chat (players always do)"
    )
    muck_clock: Annotated[float, Field(ge=0, le=60)] = Field(
        5.0,
        description="seconds each player whose hand takes no part of a pot has at the showdown"
        " to show it or muck it",
    )
    runout_pause: Annotated[float, Field(ge=0, le=10)] = Field(
        2.0,
        description="seconds each street of an all-in run-out stays on the table, with every"
        " hand's chances, before the next is dealt (hands turned up: house rule all_in_turn_up)",
    )
    twice_clock: Annotated[float, Field(ge=0, le=60)] = Field(
        10.0,
        description="seconds the players all in have to agree to run the cards still to come"
        " twice, when the game's house rule run_twice offers it (a player who has not"
        " answered in time runs them once)",
    )
    rabbit_hunt: bool = Field(
        False,
        description="after a hand won by a fold, any player may ask to see the face-up cards"
        " that would have come, each proven against the deal's commitment (never a hole card)",
    )
    showdown_default: Literal["muck", "show"] = Field(
        "muck",
        description="what the table does at the showdown for a losing hand whose player has not"
        " chosen in time, is a bot or is away: muck it unshown, or show it",
    )
    seat_requests: bool = Field(
        True,
        description="the join link asks the host for a seat (the host approves or declines);"
        " false: open seating, the join link seats at once",
    )
    practice: bool = Field(
        False,
        description="a practice table: each player sees their own chance of winning against"
        " what they can see, as each card lands, and on their turn what the equity bot would"
        " do in their place (sent to that player alone); set when the table is created",
    )
    house_result: Literal["shared", "aside"] = Field(
        "shared",
        description="the bots are the house and never pay or receive: their result is shared"
        " equally among the people, or left aside (the people who won from the bots, or lost"
        " to them, give it up in proportion)",
    )
    tournament: TournamentSettings | None = Field(
        None,
        description="a sit-and-go: the stakes follow its levels, chips come only with its"
        " buy-in, rebuys and add-on, and its prizes are paid from the pool; null: a cash game",
    )
    deal: Literal["shuffled", "private"] = Field(
        "shuffled",
        description="the kind of deal: shuffled (the players' pages and the server shuffle"
        " together, every card proven against the deal's commitment; the server sees the"
        " cards) or private (nobody sees a card that is not theirs, not even the server: each"
        " page masks, reorders and unmasks the deck with the server, docs/security.md); set"
        " when the table is created",
    )
    private_reveal: Literal["night", "hand"] = Field(
        "night",
        description="under a private deal, when every party publishes its secrets for the"
        " audit (house rule private_reveal): night, once the host ends the night; hand, after"
        " each hand (which shows that hand's folded cards to all); set when the table is"
        " created",
    )

    @model_validator(mode="after")
    def _tournament_made(self) -> TableSettings:
        # A tournament given without levels gets a stud schedule from the starting chips.
        if self.tournament is not None and not self.tournament.levels:
            self.tournament = self.tournament.made(self.starting_chips)
        return self


class TableBot(_Model):
    """A bot seated when the table is created."""

    kind: BotKind = "calling-bot"
    name: Name | None = Field(None, description="cleaned and unique as a player's name is")


class NewTable(TableSettings):
    """What creating a table takes: its settings and the bots to seat at once, all stored in one
    transaction (or, refused, nothing at all).

    >>> request = NewTable(name="Friday", games=[GameEntry(game="FTQ")], bots=[TableBot()])
    >>> request.table_settings().model_dump().get("bots"), len(request.bots)
    (None, 1)
    """

    bots: list[TableBot] = Field(
        default_factory=list,
        max_length=7,
        description="bots seated from seat 0 up with the starting chips; at most seats - 1,"
        " so that a player can sit down",
    )

    def table_settings(self) -> TableSettings:
        """The table's settings, without the bots."""
        return TableSettings.model_validate(self.model_dump(exclude={"bots"}))


class RulesUpdate(_Model):
    """What the host may change between hands; omitted fields stay as they are."""

    games: list[GameEntry] | None = Field(None, min_length=1, max_length=12)
    stakes: StakesModel | None = None
    starting_chips: Annotated[int, Field(ge=1, le=1_000_000_000)] | None = None
    rebuy_max: Annotated[int, Field(ge=0, le=1_000_000_000)] | None = None
    top_up_ceiling: Annotated[int, Field(ge=1, le=1_000_000_000)] | None = None
    rebuys_per_player: Annotated[int, Field(ge=0, le=1000)] | None = None
    action_clock: Seconds | None = None
    away_clock: Seconds | None = None
    time_bank: Annotated[float, Field(ge=0, le=3600)] | None = None
    choice_clock: Seconds | None = None
    shuffle_seconds: ShuffleSeconds | None = None
    bot_delay: Annotated[float, Field(ge=0, le=30)] | None = None
    hand_pause: Annotated[float, Field(ge=0, le=60)] | None = None
    absent_hands: Annotated[int, Field(ge=1, le=100)] | None = None
    redeal_pause: Annotated[float, Field(ge=0, le=60)] | None = None
    idle_minutes: Annotated[float, Field(gt=0, le=1440)] | None = None
    showdown_pause: Annotated[float, Field(ge=0, le=60)] | None = None
    spectator_chat: bool | None = None
    muck_clock: Annotated[float, Field(ge=0, le=60)] | None = None
    runout_pause: Annotated[float, Field(ge=0, le=10)] | None = None
    twice_clock: Annotated[float, Field(ge=0, le=60)] | None = None
    rabbit_hunt: bool | None = None
    showdown_default: Literal["muck", "show"] | None = None
    seat_requests: bool | None = None


class Links(_Model):
    """The table's links: the host keeps the first and shares the others."""

    host: str | None = None
    join: str
    watch: str
    watch_socket: str
    felt: str = Field(
        description="the spectator's view drawn large for a TV in the room, with the join QR code"
        " (the watch link's token)"
    )


class SeatInfo(_Model):
    """A seat as everyone sees it."""

    seat: int
    name: str
    kind: Literal["player"] | BotKind
    stack: int
    time_bank: float
    sitting_out: bool
    absent: bool = Field(
        False,
        description="sat out by the clock (hands missed in a row); sitting in brings them back",
    )
    leaving: bool
    connected: bool
    away: bool = Field(
        False,
        description="no page of the seat is open and the clock acted for it at its last turn:"
        " its turns take the away clock",
    )


class RebuyInfo(_Model):
    """A player's request for chips that is still open, as everyone at the table sees it."""

    id: str = Field(description="the request's id, for the host's approve and decline")
    seat: int
    name: str
    amount: int
    kind: Literal["rebuy", "top-up"] = Field(
        description="a rebuy for an empty stack, a top-up for one that still has chips"
    )
    status: Literal["pending", "approved"] = Field(
        description="pending: the host has not decided; approved: applied when the hand in"
        " progress ends"
    )


class MenuEntry(_Model):
    """A game of the table's menu, as the table deals it and the dealer's choice offers it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    index: int = Field(description="the game's place on the menu (send it in choose)")
    game: str
    title: str
    code: str
    house_rules: dict[str, str | int | bool] = Field(
        description="the house rules the host gave this game: the options that differ from"
        " the table's own (the game's defaults with the server's table house rules and the"
        " table's stakes)"
    )


class TableInfo(_Model):
    """A table as everyone sees it."""

    id: str
    name: str
    status: Literal["waiting", "running", "paused", "ended"] = Field(
        description="ended: the host ended the night; the hand in progress plays out and no"
        " other is dealt"
    )
    settings: TableSettings
    menu: list[MenuEntry] = Field(
        description="the games of settings.games as the table deals them, in the same order,"
        " each with its title and its code under its house rules (BD5 or BD7 for Baby Daddy,"
        " however the entry was written): what a page names the games by",
    )
    seats: list[SeatInfo]
    button: int | None
    hands_dealt: int
    hand_in_progress: int | None
    choosing: int | None = Field(description="the seat choosing the next game, if any")
    idle: bool = Field(False, description="nobody connected for idle_minutes: the bots wait")
    rebuys: list[RebuyInfo] = Field(
        default=[], description="the requests for chips still open, oldest first"
    )
    stalled: str | None = Field(
        None,
        description="why a running table deals no hand between hands, and who can end the"
        " wait; null when a hand can be dealt, is being played, or the table is not running",
    )
    tournament: TournamentInfo | None = Field(
        None, description="the tournament's clock, pool and places (a tournament table only)"
    )
    holds_all: int | None = Field(
        None,
        description="the seat holding every chip at the table when nobody else has any: no"
        " hand can be dealt until someone rebuys",
    )
    night_commitment: str | None = Field(
        None,
        description="the SHA-256 commitment to the table's secret night seed, published before"
        " the first deal the players shuffle (docs/security.md); null until then. The seed"
        " itself is revealed in the night record once the host ends the night",
    )


class TableCreated(_Model):
    """The answer to creating a table: its id and links, the host's token among them."""

    table: TableInfo
    host_token: str
    links: Links


class OptionInfo(_Model):
    """One house rule of a game: its default, what it allows and what it means."""

    name: str
    default: str | int | bool
    allowed: str
    help: str


class GameInfo(_Model):
    """A game a table may deal."""

    name: str
    title: str
    codes: list[str]
    names: dict[str, str] = Field(
        description="the name players know the game by under each code, where one title"
        " covers several games (BD5: Who Da Baby Daddy Is · 5 cards)",
        examples=[{"FTQ": "Follow the Queen"}],
    )
    aliases: list[str]
    summary: str
    options: list[OptionInfo]
