"""The PHH action notation (the poker hand-history standard): cards and actions, read and written.

A record (:class:`~wildstud.history.schema.HandRecord`) says how a hand was set up and what
happened in it, one action after another, in this notation. This module holds the actions as
frozen records, each checking its own fields when built, and reads and writes their text:
:func:`parse_action` and :func:`format_action`, :func:`read_cards` and :func:`format_cards`.
What a whole record must hold together is :mod:`wildstud.history.validators`' business, and
whether the actions obey the rules is the replay's.

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
wildstud.errors.ChipsError: action `p2 cbr 5.5`: the amount must be a whole number of chips, ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from wildstud.cards import DECK, Card, Rank, Suit
from wildstud.errors import ChipsError, RecordError, excerpt
from wildstud.seats import seat_label

__all__ = [
    "ACTION_TYPES",
    "REDEAL_COMMENT",
    "Action",
    "BringIn",
    "CardSlot",
    "CheckCall",
    "CompleteBetRaise",
    "DealBoard",
    "DealHole",
    "Fold",
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

RUN_2_COMMENT = "run 2"
"""The comment of the standalone note that opens run 2 of a hand run twice (``_runs = 2``).
Only people read it: the replay starts run 2 when run 1's showdown is over."""
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
_NUMBER_RE = re.compile(r"[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?|inf", re.ASCII)


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
        raise RecordError(f"not PHH cards: {excerpt(text)} ({_CARDS_HELP})")
    slots: list[CardSlot] = []
    for start in range(0, len(text), 2):
        chunk = text[start : start + 2]
        if chunk == "??":
            slots.append(None)
            continue
        rank = _RANKS.get(chunk[0].upper())
        suit = _SUITS.get(chunk[1].lower())
        if rank is None or suit is None:
            raise RecordError(f"not PHH cards: {excerpt(text)} ({_CARDS_HELP})")
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
        raise RecordError(f"{what} must be a non-empty tuple of cards, not {excerpt(cards)}")
    for card in cards:
        if card is not None and not isinstance(card, Card):
            raise RecordError(f"{what} must hold cards or None (unknown), not {excerpt(card)}")
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
        raise RecordError(f"a comment must be text, not {excerpt(comment)}")
    object.__setattr__(action, "comment", (comment or "").strip() or None)


def _check_player(player: object) -> None:
    if isinstance(player, bool) or not isinstance(player, int) or player < 0:
        raise RecordError(f"a player is an index from 0 (p1), not {excerpt(player)}")


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
                f"the amount must be a positive whole number, not {excerpt(self.amount)}"
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
            raise RecordError(f"as_dealt must be true or false, not {excerpt(self.as_dealt)}")
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

ACTION_TYPES = (DealHole, DealBoard, BringIn, CompleteBetRaise, CheckCall, Fold, ShowMuck, Note)
"""The classes of :data:`Action`, for ``isinstance``."""
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
        raise RecordError(f"an action must be text, not {excerpt(text)}")
    body, hash_mark, rest = text.partition("#")
    comment = rest if hash_mark else None
    try:
        return _parse_words(body.split(), comment)
    except RecordError as error:
        raise type(error)(error.reason, text=text) from None


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
    match = _AMOUNT_RE.fullmatch(word)
    if match is None:
        if _NUMBER_RE.fullmatch(word) is not None:
            raise ChipsError(
                f"the amount must be a whole number of chips, not {word!r}: wildstud plays"
                " whole chips only (scale the record's amounts, cents as chips for instance)"
            )
        raise RecordError(f"the amount must be a whole number of chips, not {word!r}")
    amount = int(word)
    if amount == 0:
        raise RecordError("the amount must be positive, not 0")
    return amount


def _no_more(code: str, arguments: list[str]) -> None:
    if arguments:
        raise RecordError(f"{code} takes nothing after it, got {' '.join(arguments)!r}")


def format_action(action: Action) -> str:
    """An action in PHH notation; its comment, if any, follows ``#`` with a space either side.

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
            return f"d dh {seat_label(player)} {format_cards(cards)}"
        case DealBoard(cards=cards):
            return f"d db {format_cards(cards)}"
        case CompleteBetRaise(player=player, amount=amount):
            return f"{seat_label(player)} cbr {amount}"
        case ShowMuck(player=player, cards=cards, as_dealt=as_dealt):
            shown = " -" if as_dealt else "" if cards is None else f" {format_cards(cards)}"
            return f"{seat_label(player)} sm{shown}"
        case BringIn(player=player) | CheckCall(player=player) | Fold(player=player):
            return f"{seat_label(player)} {action.kind.value}"
        case Note():
            return ""
    raise RecordError(f"not an action: {excerpt(action)}")  # pragma: no cover - exhaustive
