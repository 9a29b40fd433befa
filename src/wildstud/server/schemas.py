"""The shapes of the REST API: what a request may hold and what a response holds.

Every request body is checked here before anything else sees it: unknown fields, wrong types and
out-of-range numbers are refused with a 422 that says which field. FastAPI publishes these models
in the OpenAPI schema at ``/openapi.json``.

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

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from wildstud.server.tourney_schemas import TournamentInfo, TournamentSettings

__all__ = [
    "BotKind",
    "BotRequest",
    "CardProof",
    "Commitment",
    "Decision",
    "Departed",
    "DeviceLink",
    "ErrorBody",
    "GameEntry",
    "GameInfo",
    "HandHistory",
    "HandOdds",
    "HandStep",
    "HandSteps",
    "HandSummary",
    "JoinPreview",
    "JoinRequest",
    "JoinSeat",
    "LedgerLine",
    "LedgerReport",
    "Links",
    "MenuEntry",
    "NewTable",
    "NightLuck",
    "NightPlayer",
    "NightReport",
    "NightTransfer",
    "OddsSwing",
    "OptionInfo",
    "PendingRequest",
    "PlayerLuck",
    "RebuyInfo",
    "RulesUpdate",
    "SeatAnswer",
    "SeatGranted",
    "SeatInfo",
    "SeatOddsInHindsight",
    "SharedLink",
    "StakesModel",
    "StreetOddsInHindsight",
    "TableBot",
    "TableCreated",
    "TableInfo",
    "TableSettings",
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

PRIVATE_DEAL_NOT_YET = (
    "a private deal is not offered yet: the engine plays a hand whose face-down cards it does"
    " not know, but the table's rounds (each page masking and reordering the deck, unmasking"
    " each card dealt, showing its hand at the showdown) are not built; see docs/security.md"
)
"""Why a table asking for ``deal: private`` is refused, until the rounds exist."""


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
        " cards) or private (nobody sees a card that is not theirs, not even the server: not"
        " offered yet, and refused); set when the table is created",
    )

    @model_validator(mode="after")
    def _deal_offered(self) -> TableSettings:
        if self.deal == "private":
            raise ValueError(PRIVATE_DEAL_NOT_YET)
        return self

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
        description="the house rules that differ from the game's defaults"
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


class JoinRequest(_Model):
    """A player taking a seat (the lowest free one, unless a seat is asked for)."""

    name: Name
    seat: Annotated[int, Field(ge=0, le=7)] | None = None
    returning: Annotated[str, Field(min_length=1, max_length=128)] | None = Field(
        None,
        description="the seat token of a seat this player left tonight: they come back to its"
        " ledger account (a name never does)",
    )


class SeatGranted(_Model):
    """A seat taken: the player's own link and token (keep them: they are the seat's key)."""

    table_id: str
    seat: int
    token: str
    link: str
    socket: str


class JoinSeat(_Model):
    """A seat as the join page shows it: who sits there, and whether a bot does."""

    seat: int
    name: str
    bot: bool


class JoinPreview(_Model):
    """What a join link opens, before anyone gives a name: the table, its host and who is
    seated. Only what everyone at the table sees (no id, token, stack or card)."""

    name: str = Field(description="the table's name")
    host_name: str | None = Field(description="the host's name, if the host gave one")
    status: Literal["waiting", "running", "paused", "ended"]
    seats: int = Field(description="the seats at the table")
    seated: list[JoinSeat]
    seat_requests: bool = Field(
        description="true: the host lets each player in; false: the join link seats at once"
    )
    games: list[str] = Field(description="the games on the menu, by title")


class DeviceLink(_Model):
    """The link that opens a seat, or a waiting seat request, on another device, and its QR
    code (inline SVG). It carries the token: shown only to its owner, on their request."""

    link: str
    qr_svg: str


class SeatAnswer(_Model):
    """Where a seat request stands: ``pending`` (the host has not decided), ``seated`` (the
    link and socket open the seat), ``declined``, or ``gone`` (the seat was given up or its
    link replaced). ``token`` is the requester's secret: given once, when the request is made;
    keep it, it becomes the seat's token."""

    status: Literal["pending", "seated", "declined", "gone"]
    table_id: str
    name: str
    request: str | None = Field(default=None, description="the request's id, while it is one")
    seat: int | None = None
    token: str | None = None
    link: str | None = None
    socket: str | None = None


class Departed(_Model):
    """A player who left the table tonight (and has not come back): the host may seat someone
    on their account ("this is Ann coming back")."""

    player_id: str = Field(description="the ledger account")
    name: str = Field(description="the name they left under")
    seat: int = Field(description="the seat they left")


class PendingRequest(_Model):
    """A seat request waiting for the host."""

    id: str
    name: str
    seat: int | None = Field(description="the seat asked for, if any")
    returning: Departed | None = Field(
        None,
        description="the player who left tonight whose old seat token the requester showed",
    )


class Decision(_Model):
    """The host's answer to a seat request."""

    approve: bool
    seat: Annotated[int, Field(ge=0, le=7)] | None = Field(
        None, description="the seat to give (default: the one asked for, else the lowest free)"
    )
    returning: Annotated[str, Field(min_length=1, max_length=32)] | None = Field(
        None,
        description="the ledger account of a player who left tonight: the host says the"
        " requester is that player coming back (default: the one their old seat token vouched"
        " for, else a fresh account)",
    )


class BotRequest(_Model):
    """A bot for an empty seat."""

    kind: BotKind = "calling-bot"
    name: Name | None = None
    seat: Annotated[int, Field(ge=0, le=7)] | None = None


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
    aliases: list[str]
    summary: str
    options: list[OptionInfo]


class HandSummary(_Model):
    """A finished hand in a table's list of hands."""

    number: int
    game: str
    title: str
    players: list[str]
    starting_stacks: list[int]
    final_stacks: list[int]


class Commitment(_Model):
    """A deal's commitment to the whole order of its deck: the root of a Merkle tree over every
    position's card and salt (``docs/records.md``)."""

    deal: int = Field(description="the deal's number in the hand, 1 for the first")
    root: str = Field(description="SHA-256 root, hexadecimal")
    made_from: list[str] | None = Field(
        default=None,
        description="the players whose values the players' shuffle made the deck from, with"
        " the server's night seed; null: the server shuffled it alone",
    )


class CardProof(_Model):
    """The proof of one card: its position in the deal's deck, its salt and the sibling hashes
    from its leaf up, which lead to the deal's root."""

    deal: int
    position: int = Field(description="0 for the top card")
    card: str
    salt: str = Field(description="32 bytes, hexadecimal")
    path: list[str] = Field(description="sibling hashes from the leaf up, hexadecimal")


class HandHistory(_Model):
    """A finished hand as a spectator saw it at the end: every card shown at the showdown,
    no hidden card of a hand that was not shown."""

    table_id: str
    number: int
    game: str
    title: str
    code: str
    house_rules: dict[str, str | int | bool]
    seats: list[int] = Field(description="the table seat of each player, p1 first")
    players: list[str]
    dealer: int
    starting_stacks: list[int]
    final_stacks: list[int]
    events: list[dict[str, Any]]
    commitments: list[Commitment] = Field(
        default=[], description="each deal's commitment to its deck (none before commitments)"
    )
    proofs: list[CardProof] = Field(
        default=[], description="the proof of every card the hand shows, against its deal's root"
    )
    notices: list[str] = Field(
        default=[], description="what the host changed from this hand on (stakes, games, clocks)"
    )


class SeatOddsInHindsight(_Model):
    """One hand's chances at one street, as the table knew them once the hand was over."""

    seat: int = Field(description="the engine seat (p1 is 0)")
    name: str
    pot_share: float = Field(description="its expected share of the pot, 0 to 1")
    low: float = Field(description="the 95% interval's low end (the share itself when exact)")
    high: float = Field(description="the 95% interval's high end")
    win: float = Field(description="how often it takes the high half (or the pot) alone")
    tie: float = Field(description="how often it shares the high half")
    special_half: float = Field(description="The Bitch: how often it takes the queen's half")
    shown: bool = Field(description="whether the showdown revealed this hand")


class StreetOddsInHindsight(_Model):
    """Every hand's chances once a street's cards are out, before anyone bets on them."""

    deal: int
    run: int = Field(0, description="a hand run twice: the run (1 or 2); 0: run once")
    street: str
    event: int = Field(
        description="how many of the hand's events lead up to these odds: a replay shows them"
        " from the step whose events reach that count"
    )
    exact: bool = Field(description="counted exactly, rather than simulated")
    deals: int = Field(description="the deals simulated or counted")
    seats: list[SeatOddsInHindsight]


class OddsSwing(_Model):
    """The largest change of a shown hand's pot share from one street to the next."""

    seat: int
    name: str
    from_event: int
    to_event: int
    from_street: str
    to_street: str
    change: float = Field(description="the pot share after, less the one before")


class HandOdds(_Model):
    """A finished hand's odds at every street (``docs/protocol.md``): the cards its showdown
    did not show count as unknown, so the odds reveal nothing the showdown did not."""

    number: int
    split_pot: bool = Field(description="whether the pot splits (The Bitch's queen's half)")
    streets: list[StreetOddsInHindsight]
    swing: OddsSwing | None


class SharedLink(_Model):
    """A finished hand's read-only link: its replay as a spectator saw it, its odds and its PHH
    record, and nothing else (not the table, its other hands or a seat)."""

    token: str = Field(description="opens /api/shared/{token}/steps, /odds and /phh only")
    link: str = Field(description="the page that replays the hand")


class HandStep(_Model):
    """One move of a finished hand: the events it added and the view after them (the view of
    a WebSocket ``update`` frame, without its events)."""

    events: list[dict[str, Any]]
    view: dict[str, Any]


class HandSteps(_Model):
    """A finished hand move by move, as a spectator saw it live, or as one seat saw it: hidden
    cards stay hidden until the showdown shows them, but for that seat's own."""

    table_id: str | None = Field(
        description="the table's id; null in a shared hand's steps, whose link opens no table"
    )
    number: int
    names: list[str] = Field(description="the players' names by engine seat (p1 first)")
    lineup: list[int] = Field(description="the table seat of each engine seat")
    starting_stacks: list[int]
    you: int | None = Field(
        default=None,
        description="the engine seat whose view the steps are (its own hidden cards shown), or"
        " null: the spectator's view",
    )
    steps: list[HandStep]
    commitments: list[Commitment] = Field(
        default=[], description="each deal's commitment to its deck (none before commitments)"
    )
    proofs: list[CardProof] = Field(
        default=[], description="the proof of every card the steps show, against its deal's root"
    )


class LedgerLine(_Model):
    """One movement of chips."""

    player_id: str
    seat: int
    name: str
    reason: Literal["buy-in", "rebuy", "top-up", "hand", "cash-out"]
    amount: int
    hand_number: int | None


class LedgerReport(_Model):
    """A table's chip ledger and whether it balances: buy-ins less cash-outs equal the stacks in
    front of the seats (before the hand in progress), and every hand's results add up to zero."""

    entries: list[LedgerLine]
    buy_ins: int
    cash_outs: int
    hands_net: int
    seated: int
    in_play: Chips | None = Field(
        None, description="chips in the hand in progress (stacks behind plus the pot), if any"
    )
    balanced: bool


class NightPlayer(_Model):
    """One person's night: one ledger account per name at the table, kept when the player
    leaves and sits down again."""

    player_id: str = Field(description="the ledger account")
    name: str
    seat: int | None = Field(description="the seat the player sits at; null once they left")
    buy_ins: Chips = Field(description="every chip bought: the buy-in, rebuys and top-ups")
    rebuys: int = Field(0, ge=0, description="how many rebuys and top-ups were applied")
    cash_outs: Chips
    chips: Chips = Field(description="in front of the seat now (as the hand in progress began)")
    net: int = Field(description="chips + cash_outs - buy_ins: up (positive) or down")
    share: int = Field(
        0,
        description="what the house's result changes of the net before the settle-up (see"
        " house.result); 0 for a bot",
    )
    settles: int = Field(0, description="net + share: what the settle-up squares for a person")


class NightHouse(_Model):
    """The house: the bots, whose wins and losses no person pays or receives."""

    bots: list[NightPlayer] = Field(description="each bot's account, ordered by name")
    buy_ins: Chips
    cash_outs: Chips
    chips: Chips
    net: int = Field(description="the house's result: what the bots won (positive) or lost")
    result: Literal["shared", "aside"] = Field(
        description="shared: divided equally among the people; aside: the people who dealt"
        " with the house give it up in proportion to their nets (the table's house_result)"
    )


class NightTransfer(_Model):
    """One payment of the settle-up: the payer pays the payee ``amount`` chips."""

    payer: str
    payer_id: str
    payee: str
    payee_id: str
    amount: int = Field(gt=0)


class PlayerLuck(_Model):
    """One player's luck tonight."""

    player_id: str = Field(description="the ledger account (a bot's too)")
    name: str = Field(description="the name in the latest hand the player played")
    luck: float = Field(
        description="chips won less the pot share the player's hand had when the money went in,"
        " summed over the hands counted"
    )
    hands: int = Field(ge=1, description="the hands counted for this player")


class NightLuck(_Model):
    """Each player's luck tonight (``wildstud.odds.luck``): over the finished hands whose
    betting ended before their last cards with two hands or more shown, what each hand won
    against its chances when the money went in, as the table knew them once it was over."""

    table_id: str
    looked_at: int = Field(ge=0, description="the finished hands looked at")
    hands: list[int] = Field(description="the numbers of the hands counted, in order")
    players: list[PlayerLuck] = Field(
        description="each player of a counted hand, ordered by name (ignoring case), then id"
    )


class NightReport(_Model):
    """The night's ledger by player and the fewest payments that square it."""

    table_id: str
    players: list[NightPlayer] = Field(
        description="the people (never a bot), ordered by name (ignoring case), then id"
    )
    house: NightHouse = Field(description="the bots' line: never in the transfers")
    transfers: list[NightTransfer] = Field(description="ordered by payer, then payee")
    minimal: bool = Field(description="whether the transfers are proven the fewest there are")
    method: Literal["exact", "greedy"] = Field(
        description="an exact search, or (past 20 players not paired by opposite nets) the"
        " greedy rule: the largest debtor pays the largest creditor"
    )
    hand_in_progress: int | None = Field(
        description="the hand being played, if any: the figures stand as it began and it counts"
        " once it ends"
    )
    buy_ins: Chips
    cash_outs: Chips
    chips: Chips = Field(
        description="at the table now: chips + cash_outs = buy_ins (the house's included)"
    )
    balanced: bool = Field(
        description="every account adds up to its seat's chips and the nets add up to zero"
    )
    ended: bool = Field(
        False,
        description="the host ended the night: these are the final figures once no hand"
        " is in progress",
    )
