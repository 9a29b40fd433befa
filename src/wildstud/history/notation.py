"""Hand records as plain data: the PHH action notation, and :class:`HandRecord` for one hand.

A record says how a hand was set up (the game, the stakes, the stacks, the house rules) and what
happened in it, one action after another, in the PHH notation (the poker hand-history standard).
This module reads and writes the notation and checks what can be checked without playing the
hand: fields present and well typed, actions that parse, players that exist, cards that are
cards. Whether the actions obey the rules is the replay's business.

Players are ``p1``, ``p2``, … in seat order from the dealer's left; in the objects here a player
is the 0-based index (``p1`` is player 0), as the engine numbers seats.

>>> action = parse_action("p3 cbr 10 # completes")
>>> action
CompleteBetRaise(player=2, amount=10, comment='completes')
>>> format_action(action)
'p3 cbr 10 # completes'
>>> parse_action("d dh p1 ????7h").cards
(None, None, Card('7h'))
>>> parse_action("p2 cbr 5.5")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wildstud.errors.RecordError: action `p2 cbr 5.5`: the amount must be a whole number of chips, ...
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from wildstud.cards import DECK, QUEEN_OF_SPADES, Card, Rank, Suit
from wildstud.commitment import Commitment, Proof
from wildstud.errors import OptionError, RecordError, UnknownGameError
from wildstud.games import GAMES, Game, GameOptions, Limit, NoQueen, find_game
from wildstud.games.options import BabyDaddyOptions, FollowTheQueenOptions, OptionValue

__all__ = [
    "OPTIONAL_FIELDS",
    "REDEAL_COMMENT",
    "VARIANTS",
    "Action",
    "BringIn",
    "CardSlot",
    "CheckCall",
    "CompleteBetRaise",
    "DealBoard",
    "DealHole",
    "Fold",
    "HandRecord",
    "Note",
    "PhhCode",
    "ShowMuck",
    "format_action",
    "format_cards",
    "parse_action",
    "read_cards",
]

CardSlot = Card | None
"""A card in a record: a :class:`~wildstud.cards.Card`, or ``None`` for an unknown card (``??``)."""

VARIANTS: tuple[str, ...] = tuple(code for game in GAMES for code in game.codes)
"""The variant codes a record may carry: ``FTQ``, ``SMBU``, ``BD7``, ``BD5``, ``BITCH``."""

REDEAL_COMMENT = "redeal"
"""The comment a writer puts on the standalone note that opens a new deal after a redeal.

Only people read it: the replay finds a redeal from the cards, never from the comment.
"""

_RANKS = {rank.char: rank for rank in Rank}
_SUITS = {suit.char: suit for suit in Suit}
_CARDS_HELP = (
    "each card is two characters, a rank 2-9, T, J, Q, K or A and a suit c, d, h or s, or ??"
    " for an unknown card, written together as in AsKd??"
)
_PLAYER_RE = re.compile(r"p([1-9][0-9]{0,5})", re.ASCII)
_AMOUNT_RE = re.compile(r"[0-9]{1,15}", re.ASCII)


# --- cards -------------------------------------------------------------------------------------


def read_cards(text: str) -> tuple[CardSlot, ...]:
    """Read cards in PHH notation: two characters each, written together; ``??`` is unknown.

    A known card given twice raises :class:`~wildstud.errors.RecordError`.

    >>> read_cards("AsKd??")
    (Card('As'), Card('Kd'), None)
    >>> read_cards("As10d")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.errors.RecordError: not PHH cards: 'As10d' (each card is two characters, a rank ...
    """
    if not isinstance(text, str) or not text or len(text) % 2:
        raise RecordError(f"not PHH cards: {_show(text)} ({_CARDS_HELP})")
    slots: list[CardSlot] = []
    for start in range(0, len(text), 2):
        chunk = text[start : start + 2]
        if chunk == "??":
            slots.append(None)
            continue
        rank = _RANKS.get(chunk[0].upper())
        suit = _SUITS.get(chunk[1].lower())
        if rank is None or suit is None:
            raise RecordError(f"not PHH cards: {_show(text)} ({_CARDS_HELP})")
        slots.append(DECK[rank * 4 + suit])
    _refuse_repeats(tuple(slots), f"in {text!r}")
    return tuple(slots)


def format_cards(cards: tuple[CardSlot, ...]) -> str:
    """Cards in PHH notation, ``??`` for an unknown card.

    >>> format_cards(read_cards("qs??th"))
    'Qs??Th'
    """
    return "".join("??" if card is None else str(card) for card in cards)


def _refuse_repeats(cards: tuple[CardSlot, ...], where: str) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card is not None and card in seen:
            raise RecordError(f"card {card} given twice {where}")
        if card is not None:
            seen.add(card)


def _check_cards(cards: object, what: str) -> tuple[CardSlot, ...]:
    if not isinstance(cards, tuple) or not cards:
        raise RecordError(f"{what} must be a non-empty tuple of cards, not {_show(cards)}")
    for card in cards:
        if card is not None and not isinstance(card, Card):
            raise RecordError(f"{what} must hold cards or None (unknown), not {_show(card)}")
    _refuse_repeats(cards, f"in {what}")
    return cards


# --- actions -----------------------------------------------------------------------------------


class PhhCode(StrEnum):
    """What an action does; the value is its PHH code (a note, having none, is ``#``)."""

    DEAL_HOLE = "dh"
    DEAL_BOARD = "db"
    BRING_IN = "pb"
    COMPLETE_BET_RAISE = "cbr"
    CHECK_CALL = "cc"
    FOLD = "f"
    SHOW_MUCK = "sm"
    NOTE = "#"


def _clean_comment(action: object, comment: str | None) -> None:
    """Store the comment trimmed, a blank one as ``None``: the notation cannot tell them apart."""
    if comment is not None and not isinstance(comment, str):
        raise RecordError(f"a comment must be text, not {_show(comment)}")
    object.__setattr__(action, "comment", (comment or "").strip() or None)


def _check_player(player: object) -> None:
    if isinstance(player, bool) or not isinstance(player, int) or player < 0:
        raise RecordError(f"a player is an index from 0 (p1), not {_show(player)}")


@dataclass(frozen=True, slots=True)
class DealHole:
    """``d dh pN CARDS``: the dealer deals ``cards`` to ``player``, in the order dealt.

    In stud one action carries what a player got on one street; which of those cards lie face
    up follows from the game's streets, not from the notation (the PHH way).
    """

    kind: ClassVar[PhhCode] = PhhCode.DEAL_HOLE
    player: int
    cards: tuple[CardSlot, ...]
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player)
        _check_cards(self.cards, "the cards dealt")
        _clean_comment(self, self.comment)


@dataclass(frozen=True, slots=True)
class DealBoard:
    """``d db CARDS``: cards dealt face up to the centre (Follow the Queen's centre card, or the
    community card of a short stub)."""

    kind: ClassVar[PhhCode] = PhhCode.DEAL_BOARD
    cards: tuple[CardSlot, ...]
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_cards(self.cards, "the cards dealt")
        _clean_comment(self, self.comment)


@dataclass(frozen=True, slots=True)
class BringIn:
    """``pN pb``: ``player`` posts the bring-in."""

    kind: ClassVar[PhhCode] = PhhCode.BRING_IN
    player: int
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player)
        _clean_comment(self, self.comment)


@dataclass(frozen=True, slots=True)
class CompleteBetRaise:
    """``pN cbr AMOUNT``: ``player`` completes, bets or raises *to* ``amount`` (the player's
    total in front of it on this street afterwards)."""

    kind: ClassVar[PhhCode] = PhhCode.COMPLETE_BET_RAISE
    player: int
    amount: int
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player)
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount <= 0:
            raise RecordError(
                f"the amount must be a positive whole number, not {_show(self.amount)}"
            )
        _clean_comment(self, self.comment)


@dataclass(frozen=True, slots=True)
class CheckCall:
    """``pN cc``: ``player`` checks, or calls what it faces."""

    kind: ClassVar[PhhCode] = PhhCode.CHECK_CALL
    player: int
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player)
        _clean_comment(self, self.comment)


@dataclass(frozen=True, slots=True)
class Fold:
    """``pN f``: ``player`` folds."""

    kind: ClassVar[PhhCode] = PhhCode.FOLD
    player: int
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player)
        _clean_comment(self, self.comment)


@dataclass(frozen=True, slots=True)
class ShowMuck:
    """``pN sm``: ``player`` mucks; ``pN sm CARDS`` shows ``cards`` (``??`` for cards it keeps
    hidden); ``pN sm -`` (``as_dealt``) shows the cards the record dealt it.

    >>> ShowMuck(0).mucks, ShowMuck(0, as_dealt=True).mucks
    (True, False)
    """

    kind: ClassVar[PhhCode] = PhhCode.SHOW_MUCK
    player: int
    cards: tuple[CardSlot, ...] | None = None
    as_dealt: bool = False
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player)
        if not isinstance(self.as_dealt, bool):
            raise RecordError(f"as_dealt must be true or false, not {_show(self.as_dealt)}")
        if self.cards is not None:
            if self.as_dealt:
                raise RecordError("a show gives either the cards or '-' (as dealt), not both")
            _check_cards(self.cards, "the cards shown")
        _clean_comment(self, self.comment)

    @property
    def mucks(self) -> bool:
        """The player mucks (shows nothing)."""
        return self.cards is None and not self.as_dealt


@dataclass(frozen=True, slots=True)
class Note:
    """A standalone comment (``# ...``) or an empty action: changes nothing."""

    kind: ClassVar[PhhCode] = PhhCode.NOTE
    comment: str | None = None

    def __post_init__(self) -> None:
        _clean_comment(self, self.comment)


Action = DealHole | DealBoard | BringIn | CompleteBetRaise | CheckCall | Fold | ShowMuck | Note
"""Any action of a record."""

_ACTION_TYPES = (DealHole, DealBoard, BringIn, CompleteBetRaise, CheckCall, Fold, ShowMuck, Note)
_PLAYER_ACTIONS: dict[str, type[BringIn | CheckCall | Fold]] = {
    "pb": BringIn,
    "cc": CheckCall,
    "f": Fold,
}


def parse_action(text: str) -> Action:
    """Read one action in PHH notation, with its comment (what follows ``#``).

    >>> parse_action("p2 sm -")
    ShowMuck(player=1, cards=None, as_dealt=True, comment=None)
    >>> parse_action("  # the dealer flashed a card")
    Note(comment='the dealer flashed a card')
    >>> parse_action("p1 sd")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.errors.RecordError: action `p1 sd`: standing pat and discarding belong to draw ...
    """
    if not isinstance(text, str):
        raise RecordError(f"an action must be text, not {_show(text)}")
    body, hash_mark, rest = text.partition("#")
    comment = rest if hash_mark else None
    try:
        return _parse_words(body.split(), comment)
    except RecordError as error:
        raise RecordError(error.reason, text=text) from None


def _parse_words(words: list[str], comment: str | None) -> Action:
    if not words:
        return Note(comment)
    actor, *arguments = words
    if actor == "d":
        return _parse_dealing(arguments, comment)
    player = _read_player(actor)
    if not arguments:
        raise RecordError(f"{actor} does nothing: an action code (pb, cbr, cc, f, sm) must follow")
    code, *arguments = arguments
    if code in _PLAYER_ACTIONS:
        _no_more(code, arguments)
        return _PLAYER_ACTIONS[code](player, comment)
    if code == "cbr":
        if len(arguments) != 1:
            raise RecordError("cbr takes one amount, the total the player puts in on the street")
        return CompleteBetRaise(player, _read_amount(arguments[0]), comment)
    if code == "sm":
        if not arguments:
            return ShowMuck(player, comment=comment)
        if len(arguments) != 1:
            raise RecordError("sm takes one word of cards, written together as in AsKd??")
        if arguments[0] == "-":
            return ShowMuck(player, as_dealt=True, comment=comment)
        return ShowMuck(player, read_cards(arguments[0]), comment=comment)
    if code == "sd":
        raise RecordError(
            "standing pat and discarding belong to draw games; no wildstud game draws"
        )
    raise RecordError(f"unknown action code {code!r} (player actions: pb, cbr, cc, f, sm)")


def _parse_dealing(arguments: list[str], comment: str | None) -> Action:
    if not arguments:
        raise RecordError(
            "the dealer does nothing: dh (deal hole cards) or db (deal board) must follow"
        )
    code, *arguments = arguments
    if code == "dh":
        if len(arguments) != 2:
            raise RecordError("dh takes a player and one word of cards, as in 'd dh p1 ????7h'")
        return DealHole(_read_player(arguments[0]), read_cards(arguments[1]), comment)
    if code == "db":
        if len(arguments) != 1:
            raise RecordError("db takes one word of cards, as in 'd db 7h'")
        return DealBoard(read_cards(arguments[0]), comment)
    raise RecordError(f"unknown dealer action {code!r} (dealer actions: dh, db)")


def _read_player(word: str) -> int:
    match = _PLAYER_RE.fullmatch(word)
    if match is None:
        raise RecordError(f"not an actor: {word!r} (the dealer is d, players are p1, p2, ...)")
    return int(match.group(1)) - 1


def _read_amount(word: str) -> int:
    if _AMOUNT_RE.fullmatch(word) is None:
        raise RecordError(f"the amount must be a whole number of chips, not {word!r}")
    amount = int(word)
    if amount == 0:
        raise RecordError("the amount must be positive, not 0")
    return amount


def _no_more(code: str, arguments: list[str]) -> None:
    if arguments:
        raise RecordError(f"{code} takes nothing after it, got {' '.join(arguments)!r}")


def format_action(action: Action) -> str:
    """An action in PHH notation, its comment after `` # ``.

    >>> format_action(DealHole(0, read_cards("????7h"), "third street"))
    'd dh p1 ????7h # third street'
    >>> format_action(Note()), format_action(ShowMuck(3))
    ('', 'p4 sm')
    """
    body = _format_body(action)
    if action.comment is None:
        return body
    return f"{body} # {action.comment}" if body else f"# {action.comment}"


def _format_body(action: Action) -> str:
    match action:
        case DealHole(player=player, cards=cards):
            return f"d dh p{player + 1} {format_cards(cards)}"
        case DealBoard(cards=cards):
            return f"d db {format_cards(cards)}"
        case CompleteBetRaise(player=player, amount=amount):
            return f"p{player + 1} cbr {amount}"
        case ShowMuck(player=player, cards=cards, as_dealt=as_dealt):
            shown = " -" if as_dealt else "" if cards is None else f" {format_cards(cards)}"
            return f"p{player + 1} sm{shown}"
        case BringIn(player=player) | CheckCall(player=player) | Fold(player=player):
            return f"p{player + 1} {action.kind.value}"
        case Note():
            return ""
    raise RecordError(f"not an action: {_show(action)}")  # pragma: no cover - exhaustive


# --- the record --------------------------------------------------------------------------------


class _Table(Mapping[str, Any]):
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

    def __reduce__(self) -> tuple[type[_Table], tuple[dict[str, Any]]]:
        return (_Table, (self._items,))


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
    antes: tuple[int, ...]
    bring_in: int
    starting_stacks: tuple[int, ...]
    actions: tuple[Action, ...] = ()
    betting: Limit = Limit.FIXED
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    spread: tuple[int, int] | None = None
    house_rules: Mapping[str, OptionValue] = field(default_factory=_Table, hash=False)
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: datetime.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: str | int | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: str | int | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[int, ...] | None = None
    winnings: tuple[int, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    ante_trimming_status: bool | None = None
    time_limit: int | float | None = None
    time_banks: tuple[int | float, ...] | None = None
    commitments: tuple[Commitment, ...] = ()
    """``_commitments``: each deal's commitment to its deck (see :mod:`wildstud.commitment`)."""
    proofs: tuple[Proof, ...] = ()
    """``_proofs``: the proofs of the cards the record shows, against their deals' roots."""
    user_fields: Mapping[str, object] = field(default_factory=_Table, hash=False)

    def __post_init__(self) -> None:
        _validate(self)

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
        stakes the PHH fields give (betting structure, ante, bring-in, bet sizes)."""
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
        return stakes


# --- checking a record -------------------------------------------------------------------------

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

OPTIONAL_FIELDS: tuple[str, ...] = (
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "ante_trimming_status",
    "time_limit",
    "time_banks",
)
"""The optional PHH fields a record may carry, in the order a record is written."""


def _validate(record: HandRecord) -> None:
    if not isinstance(record.variant, str) or record.variant not in VARIANTS:
        raise RecordError(
            f"unknown variant {_show(record.variant)} (wildstud plays {', '.join(VARIANTS)})",
            field="variant",
        )
    stacks = _chips_list(record, "starting_stacks", minimum=1)
    count = len(stacks)
    if count < 2:
        raise RecordError("a hand needs at least two players", field="starting_stacks")
    antes = _chips_list(record, "antes", minimum=0, length=count)
    _chips(record, "bring_in", minimum=0)
    _check_structure(record)
    for name in OPTIONAL_FIELDS:
        _CHECKS[name](record, name, count)
    _check_house_rules(record, antes)
    _check_user_fields(record)
    _check_proofs(record)
    _check_actions(record, count)


def _check_proofs(record: HandRecord) -> None:
    """Commitments and proofs are records of their own kind, one commitment a deal and one
    proof a position of a deal (whether they hold is for ``wildstud verify`` to say)."""
    for name, kind in (("commitments", Commitment), ("proofs", Proof)):
        items = getattr(record, name)
        if not isinstance(items, tuple) or not all(isinstance(item, kind) for item in items):
            raise RecordError(f"must be a tuple of {kind.__name__} records", field=f"_{name}")
    deals = [item.deal for item in record.commitments]
    if len(set(deals)) != len(deals):
        raise RecordError("two commitments for one deal", field="_commitments")
    places = [(item.deal, item.position) for item in record.proofs]
    if len(set(places)) != len(places):
        raise RecordError("two proofs of one position of a deal", field="_proofs")


def _set(record: HandRecord, name: str, value: object) -> None:
    object.__setattr__(record, name, value)


def _chips(record: HandRecord, name: str, *, minimum: int) -> int:
    value = getattr(record, name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"must be a whole number of chips, not {_show(value)}", field=name)
    if value < minimum:
        raise RecordError(f"must be {minimum} or more, not {value}", field=name)
    return value


def _chips_list(
    record: HandRecord,
    name: str,
    *,
    minimum: int,
    length: int | None = None,
    what: str = "whole numbers of chips",
) -> tuple[int, ...]:
    value = getattr(record, name)
    if not isinstance(value, list | tuple) or any(
        isinstance(item, bool) or not isinstance(item, int) for item in value
    ):
        raise RecordError(f"must be an array of {what}, not {_show(value)}", field=name)
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


def _check_structure(record: HandRecord) -> None:
    try:
        betting = Limit(record.betting)
    except ValueError:
        allowed = ", ".join(item.value for item in Limit)
        raise RecordError(
            f"unknown betting structure {_show(record.betting)} (allowed: {allowed})",
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
                f"must be [least, most]: two whole numbers of chips, not {_show(spread)}",
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


def _check_house_rules(record: HandRecord, antes: tuple[int, ...]) -> None:
    rules = record.house_rules
    if not isinstance(rules, Mapping):
        raise RecordError(f"must be a table of options, not {_show(rules)}", field="_house_rules")
    for key, value in rules.items():
        if not isinstance(key, str):
            raise RecordError(f"option names are text, not {_show(key)}", field="_house_rules")
        if not isinstance(value, str | int):  # bool is an int
            raise RecordError(
                f"option {key!r} must be text, a whole number or true/false, not {_show(value)}",
                field="_house_rules",
            )
        name = key.strip().replace("-", "_")
        if name in _STAKE_OPTIONS:
            raise RecordError(
                f"{key!r} is a stake: the record gives it in {_STAKE_OPTIONS[name]}",
                field="_house_rules",
            )
    _set(record, "house_rules", _Table(rules))
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


def _check_user_fields(record: HandRecord) -> None:
    fields = record.user_fields
    if not isinstance(fields, Mapping):
        raise RecordError(f"must be a mapping, not {_show(fields)}", field="user_fields")
    for key, value in fields.items():
        if not isinstance(key, str) or not key.startswith("_"):
            raise RecordError(
                f"user-defined field names start with '_', not {_show(key)}", field="user_fields"
            )
        if key in _OWN_FIELDS.values():
            raise RecordError(
                "this field has its own attribute on the record, not a user field", field=key
            )
        _check_toml_value(key, value)
    _set(record, "user_fields", _Table(fields))


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
                raise RecordError(f"table keys are text, not {_show(key)}", field=name)
            _check_toml_value(name, item, depth + 1)
        return
    raise RecordError(f"cannot be written in a record: {_show(value)}", field=name)


def _check_actions(record: HandRecord, count: int) -> None:
    actions = record.actions
    if not isinstance(actions, list | tuple):
        raise RecordError(f"must be an array of actions, not {_show(actions)}", field="actions")
    for number, action in enumerate(actions, 1):
        if not isinstance(action, _ACTION_TYPES):
            raise RecordError(f"not an action: {_show(action)}", action=number)
        player = getattr(action, "player", None)
        if player is not None and player >= count:
            raise RecordError(
                f"no player p{player + 1}: the record has {count} players",
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
    replay knows: with that option the check is left to the replay.
    """
    options = record.options()
    if isinstance(options, FollowTheQueenOptions) and options.no_queen is not NoQueen.PLAY_ON:
        return
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


# --- optional fields ---------------------------------------------------------------------------


def _optional_text(record: HandRecord, name: str, count: int) -> None:
    value = getattr(record, name)
    if value is not None and not isinstance(value, str):
        raise RecordError(f"must be text, not {_show(value)}", field=name)


def _optional_int(record: HandRecord, name: str, count: int) -> None:
    value = getattr(record, name)
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"must be a whole number, not {_show(value)}", field=name)
    bounds = {"day": (1, 31), "month": (1, 12), "seat_count": (count, 10_000), "level": (0, None)}
    low, high = bounds.get(name, (None, None))
    if (low is not None and value < low) or (high is not None and value > high):
        raise RecordError(f"out of range: {value}", field=name)


def _optional_text_or_int(record: HandRecord, name: str, count: int) -> None:
    value = getattr(record, name)
    if value is not None and (isinstance(value, bool) or not isinstance(value, str | int)):
        raise RecordError(f"must be text or a whole number, not {_show(value)}", field=name)


def _optional_time(record: HandRecord, name: str, count: int) -> None:
    value = getattr(record, name)
    if value is not None and (not isinstance(value, datetime.time) or value.tzinfo is not None):
        raise RecordError(
            f"must be a local time of day such as 20:15:00, not {_show(value)}", field=name
        )


def _optional_bool(record: HandRecord, name: str, count: int) -> None:
    value = getattr(record, name)
    if value is not None and not isinstance(value, bool):
        raise RecordError(f"must be true or false, not {_show(value)}", field=name)


def _optional_number(record: HandRecord, name: str, count: int) -> None:
    value = getattr(record, name)
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise RecordError(
            f"must be a positive number (inf: no limit), not {_show(value)}", field=name
        )


def _optional_chips_list(record: HandRecord, name: str, count: int) -> None:
    if getattr(record, name) is not None:
        _chips_list(record, name, minimum=0, length=count)


def _optional_seats(record: HandRecord, name: str, count: int) -> None:
    if record.seats is None:
        return
    seats = _chips_list(record, name, minimum=1, length=count, what="seat numbers")
    if len(set(seats)) != len(seats):
        raise RecordError(f"two players in one seat: {list(seats)}", field=name)
    if record.seat_count is not None and max(seats) > record.seat_count:
        raise RecordError(
            f"seat {max(seats)} is past the seat count ({record.seat_count})", field=name
        )


def _optional_names(record: HandRecord, name: str, count: int) -> None:
    value = record.players
    if value is None:
        return
    if not isinstance(value, list | tuple) or not all(isinstance(item, str) for item in value):
        raise RecordError(f"must be an array of names, not {_show(value)}", field=name)
    _check_length(name, value, count)
    _set(record, name, tuple(value))


def _optional_numbers(record: HandRecord, name: str, count: int) -> None:
    value = record.time_banks
    if value is None:
        return
    if not isinstance(value, list | tuple) or any(
        isinstance(item, bool) or not isinstance(item, int | float) or not item >= 0
        for item in value
    ):
        raise RecordError(f"must be an array of numbers, 0 or more, not {_show(value)}", field=name)
    _check_length(name, value, count)
    _set(record, name, tuple(value))


_CHECKS = {
    **dict.fromkeys(
        (
            "author",
            "event",
            "url",
            "venue",
            "address",
            "city",
            "region",
            "postal_code",
            "country",
            "time_zone",
            "time_zone_abbreviation",
            "currency",
            "currency_symbol",
        ),
        _optional_text,
    ),
    **dict.fromkeys(("day", "month", "year", "level", "seat_count"), _optional_int),
    "hand": _optional_text_or_int,
    "table": _optional_text_or_int,
    "time": _optional_time,
    "ante_trimming_status": _optional_bool,
    "time_limit": _optional_number,
    "finishing_stacks": _optional_chips_list,
    "winnings": _optional_chips_list,
    "seats": _optional_seats,
    "players": _optional_names,
    "time_banks": _optional_numbers,
}
assert set(_CHECKS) == set(OPTIONAL_FIELDS)


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
