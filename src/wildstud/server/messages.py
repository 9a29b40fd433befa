"""The WebSocket protocol: frames from clients (checked with pydantic) and frames to them.

A client sends JSON objects with a ``type``:

- ``{"type": "act", "seq": 7, "action": "raise", "amount": 20}``: an action in the hand (the
  amount is a to-amount, the seat's total on the street; leave it out where the action needs
  none); a fold when a check is free is taken where the table offers it (house rule
  ``free_fold``, on at the server's tables: the page asks the player first);
- ``{"type": "choose", "seq": 8, "entry": 1}``: the dealer's pick of a game from the menu;
- ``{"type": "sit_out", "seq": 9}`` and ``{"type": "sit_in", "seq": 10}``;
- ``{"type": "rebuy", "seq": 11, "amount": 500}``: ask the host for chips (a rebuy of an empty
  stack or a top-up), within the table's limits; the host approves or declines it and approved
  chips come to the table between hands (:mod:`wildstud.server.table.cashier`);
- ``{"type": "say", "text": "nice hand", "id": "k3J9x", "name": "Zoe"}``: a line of table
  chat (:mod:`wildstud.server.table.chat`); ``id`` (optional, 1-64 letters, digits, ``-`` or ``_``)
  makes a resend after a reconnection a repeat rather than a second line, and ``name`` is a
  spectator's (a player speaks under their seat's name);
- ``{"type": "show", "seq": 12, "show": false}``: at the showdown, show the hand (``true``) or
  muck it unshown (``false``); only a hand that takes no part of a pot may be mucked, and only
  while the table offers the choice (a ``showdown`` frame names the seats that have it; the
  hands that take part of a pot are shown, ``shown`` events, before it comes);
- ``{"type": "run_twice", "seq": 13, "agree": true}``: agree to run the cards still to come
  twice (``false``: run them once), while the table asks (a ``run_twice`` frame names the seats
  still to answer; house rule ``run_twice``);
- ``{"type": "ping"}``;
- the players' shuffle (:mod:`wildstud.server.table.shuffling`): ``{"type": "shuffler"}``, this
  page draws values for the deals (sent once connected, by a page that has WebCrypto);
  ``{"type": "commit", "hand": 4, "deal": 1, "commitment": "<64 hex>"}``, its commitment to its
  value for that deal (:func:`wildstud.joint_shuffle.value_commitment`), once a ``shuffle``
  frame asks for it; ``{"type": "reveal", "hand": 4, "deal": 1, "value": "<64 hex>"}``, the
  value, once a ``shuffle`` frame asks for it. None carries a ``seq``: each is done once, a
  repeat is answered as done, and what it answers is the ``shuffle`` frame's ``step``;
- a private deal's rounds (:mod:`wildstud.server.table.private`): ``{"type": "private", "hand":
  4, "deal": 1, "answer": {...}}``, a page's answer to a ``private`` frame, the body
  :meth:`wildstud.private_rounds.DealRounds.take` reads (``{"step": "key", "key"}``, ``{"step":
  "mask", "deck"}``, ``{"step": "unmask", "batch"}``, ``{"step": "show", "seat", "batch"}``
  (a batch ``{"afters", "challenge", "response"}``: each point asked, unmasked, and one proof
  for them all; a page from before batches sends ``steps``, one proof a point, still taken),
  every value hexadecimal); an answer that is malformed, out of turn or does not hold gets an
  error frame naming its party and what was wrong, and changes nothing; the same answer sent
  twice (after a reconnection) is taken once.

``seq`` numbers a seat's requests, each larger than the last, and the seat's connections (a
player's phone and laptop) share one count. A request the server carries out is answered with
``{"type": "ack", "seq": n, "last_seq": n}`` to the connection that sent it, and every other
connection of the seat hears ``{"type": "seq", "last_seq": n}``. A request carrying the last
number accepted again is a repeat: nothing is done again and the answer is the ack with
``"repeat": true``; one under that number asking for something else (another connection of the
seat used it first) is ``stale``. A smaller number is stale too, and one above
``last_seq +`` :data:`SEQ_RANGE` (1000) is out of range: both get an error frame (``stale``,
``seq-range``) that carries ``last_seq`` and change nothing, so a seat can always go on with
``last_seq + 1``. A client keeps its count at the largest ``last_seq`` it has heard
(``welcome`` carries one too).

The server's frames are JSON objects too, each one a model of :mod:`wildstud.server.frames`
(``docs/protocol.md`` lists their fields):

- ``{"type": "welcome", "table_id", "role": "seat" | "spectator", "seat", "last_seq"}`` first;
- ``{"type": "table", "table": {...}}``: the table as everyone sees it (the REST API's
  ``TableInfo``), whenever a seat, the status, the button or the settings change;
- ``{"type": "choosing", "dealer", "entries": [{"index", "game", "title", "code",
  "house_rules"}], "seconds"}``: the dealer (a table seat) picks a game for the next hand;
- ``{"type": "hand", "number", "lineup", "names", "you", "clock", "commitments", "proofs",
  "view"}``: a hand's whole view for this client (:func:`encode_view`), on connecting and when a
  hand starts. ``lineup`` gives the table seat of each engine seat (the view's seat numbers),
  ``you`` this client's engine seat (``null`` for a spectator or a seat not dealt in);
- ``{"type": "update", "number", "from", "commitments", "proofs", "events", "clock", "view"}``:
  after every change, the new events (to append at index ``from``) and the view without its
  events;
- in both, ``commitments`` lists ``{"deal", "root"}`` for each deal that starts in the frame's
  events (every deal so far in a ``hand`` frame), ahead of the events, so a deal's root always
  arrives before its first card; ``proofs`` lists ``{"deal", "position", "card", "salt",
  "path"}`` for each card the frame's events show this client for the first time (its own hole
  cards, every face-up card, the hands shown down), to check against its deal's root at once
  (:mod:`wildstud.commitment`, :mod:`wildstud.server.proofs`);
- ``{"type": "showdown", "seats", "seconds", "default"}``: the showdown waits for these table
  seats to show or muck (``default``, ``"muck"`` or ``"show"``, is what the table does for a seat
  that has not chosen when ``seconds`` run out); sent again with fewer seats as each chooses,
  and on connecting while it lasts;
- ``{"type": "clock", "clock"}`` when the table pauses or resumes; a ``clock`` is ``null`` or
  ``{"seat", "clock", "bank", "running"}``: the table seat to act and its seconds left;
- ``{"type": "chat_log", "lines", "muted", "open", "limit"}`` on connecting,
  ``{"type": "chat", "line"}`` for each new line, ``{"type": "said", "id", "repeat"}`` to the
  sender of a stored line and ``{"type": "chat_mutes", "muted"}``
  (:mod:`wildstud.server.table.chat`); a chat refusal's error frame carries the line's ``id``;
- ``{"type": "notice", "kind": "rules", "text", "hand"}``: the host changed the games, stakes
  or clocks, from hand ``hand`` on (:mod:`wildstud.server.console`); sent again on connecting
  until that hand is over;
- ``{"type": "ack", "seq", "last_seq"}`` (with ``"repeat": true`` for a repeat),
  ``{"type": "seq", "last_seq"}``, ``{"type": "pong"}``, ``{"type": "removed", "message"}``,
  ``{"type": "restarting"}`` (the server is going down for a restart);
- ``{"type": "error", "code", "message", "seq"}``, with ``code`` one of ``malformed``,
  ``too-large``, ``rate-limited``, ``illegal``, ``out-of-turn``, ``stale``, ``seq-range``,
  ``seat``, ``refused``, ``unknown-seat``, ``unknown-table``, ``storage`` and ``internal``, and
  for chat ``bad-text``, ``muted`` and ``chat-closed`` (:mod:`wildstud.server.table.chat`);
  ``stale`` and ``seq-range`` carry ``last_seq`` too.

A view's ``redeal_pending`` is ``null``, or ``{"card", "seat"}`` while the deal has stopped for
a redeal: the face-up card that called for it (``"Qs"``) with the engine seat it went to, both
``null`` for a redeal no card caused. The table shows it
for the ``redeal_pause`` seconds of its settings, then gathers the cards and deals again.

Events carry data, not sentences: a ``wilds_changed`` event is ``{"card", "seat", "wild",
"kind", "was", "queen", "queen_seat"}``, the face-up card and its engine seat (``null``: the
centre), the wild cards for every hand after it and before it, the kind of change
(:class:`~wildstud.wilds.Trigger`: ``queen``, ``follower``, ``king``, ``queen-returns``,
``no-follower``, ``centre``, ``last-card``) and the queen it follows or takes over from; a
``redealt`` event carries the ``card`` and ``seat`` that stopped the deal (both ``null`` when no
card did); a ``shown`` event's ``natural`` (no card played as wild) means something only where
its ``wild_in_play`` says some card was wild for that hand, and its ``hand``,
``{"category", "ranks"}``, names it (``full-house``, ``["A", "K"]``: aces full of kings). A
client words them with its players' names as :mod:`wildstud.words` does. A view also gives
``wild_ranks``, ``[{"seat", "rank", "wild"}]``: each seat's own wild rank in this deal as
everyone knows it (Who Da Baby Daddy Is: its face-up last card) and the cards it makes wild
there; ``wild_rule``, the game's wild-card rule as ``{"kind", "queens", "cards"}``
(``follow-the-queen`` with ``queens``, ``smack-my-bitch-up``, ``baby-daddy`` with ``cards``,
``queen-of-spades-in-hole``, ``no-wilds``: nothing is ever wild); ``follow_pending``, the
face-up queen whose follower is still to come (``null`` for none), and ``follow_ends``, whether
that queen was the deal's last face-up card.
``wilds_possible`` says whether any card can be wild in the game, and ``street_index`` which of
the game's streets is being dealt or bet; and, for the seat to act, the engine's figures:
``to_call``, ``all_in_to`` and ``pot_raise_to`` (what a call, all in and a pot-sized raise come
to, which the sizing buttons use), ``still_to_act`` and ``raises``.

Cards are written as their codes (``"Qs"``); a card the client may not see is ``null``.

>>> frame = read_frame('{"type": "act", "seq": 3, "action": "call"}')
>>> frame.action, frame.amount, frame.seq
('call', None, 3)
>>> read_frame('{"type": "act", "seq": 0, "action": "shove"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 2 validation errors for ...
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from wildstud.betting import ActionOption
from wildstud.cards import Card
from wildstud.deal import Event, HandStarted, RedealPending, SeatView, Shown, TableView
from wildstud.games import OptionValue, find_game
from wildstud.hands import category_of, ranks_of
from wildstud.pots import Pot
from wildstud.server.frames import Ack, ErrorCode, ErrorFrame, SeqFrame
from wildstud.server.menu import game_name
from wildstud.wilds import (
    BabyDaddy,
    FollowTheQueen,
    NoWilds,
    QueenOfSpadesInHole,
    SmackMyBitchUp,
    WildRule,
    rank_cards,
)

K = TypeVar("K")

__all__ = [
    "SEQ_RANGE",
    "Act",
    "Choose",
    "ClientFrame",
    "Commit",
    "Message",
    "Ping",
    "PrivateAnswer",
    "Rebuy",
    "Reveal",
    "RunTwice",
    "Say",
    "Show",
    "ShuffleMessage",
    "Shuffler",
    "SitIn",
    "SitOut",
    "ack_frame",
    "encode",
    "encode_event",
    "encode_view",
    "encode_views",
    "error_frame",
    "read_frame",
    "seq_frame",
    "seq_refusal",
    "seq_taken",
]

Seq = Annotated[int, Field(ge=1, le=2**53)]

SEQ_RANGE = 1000
"""How far above a seat's last accepted ``seq`` a request may be numbered: a number further up
is refused (``seq-range``) rather than taken, so that no request can push a seat's count to the
top of the range and lock it."""


class _Frame(BaseModel):
    # Strict: a number is a JSON integer, never a string or a float that looks like one
    # (``"seq": "7"`` and ``"seq": 7.0`` are refused as malformed, not taken as 7).
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Act(_Frame):
    """An action in the hand."""

    type: Literal["act"]
    seq: Seq
    action: Literal["fold", "check", "call", "bring-in", "complete", "bet", "raise"]
    amount: Annotated[int, Field(ge=0, le=10**12)] | None = None
    free: bool = Field(
        False,
        description="ignored: pages from before the house rule free_fold sent it with a"
        " confirmed fold when a check was free (a page kept by its service worker may still)",
    )


class Choose(_Frame):
    """The dealer's pick of the game for the hand (an index into the table's menu)."""

    type: Literal["choose"]
    seq: Seq
    entry: Annotated[int, Field(ge=0, le=64)]


class SitOut(_Frame):
    """Sit out from the next hand on."""

    type: Literal["sit_out"]
    seq: Seq


class SitIn(_Frame):
    """Be dealt in again from the next hand."""

    type: Literal["sit_in"]
    seq: Seq


class Rebuy(_Frame):
    """Ask the host for ``amount`` chips: a rebuy, or a top-up of a stack not yet empty."""

    type: Literal["rebuy"]
    seq: Seq
    amount: Annotated[int, Field(ge=1, le=1_000_000_000)]


class Show(_Frame):
    """At the showdown: show the hand (``show``) or muck it unshown."""

    type: Literal["show"]
    seq: Seq
    show: bool


class RunTwice(_Frame):
    """All in with the hands turned up: agree to run the cards still to come twice, or not."""

    type: Literal["run_twice"]
    seq: Seq
    agree: bool


class Ping(_Frame):
    """Is the server there?"""

    type: Literal["ping"]


class Say(_Frame):
    """A line of table chat; the server cleans ``text`` and ``name`` as it cleans names."""

    type: Literal["say"]
    text: str
    id: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")] | None = None
    name: str | None = None


_Hex32 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
_HandNumber = Annotated[int, Field(ge=1, le=2**62)]
_DealNumber = Annotated[int, Field(ge=1, le=255)]


class Shuffler(_Frame):
    """This page takes part in the players' shuffle: ask it for a value before each deal."""

    type: Literal["shuffler"]


class Commit(_Frame):
    """A page's commitment to its value for one deal (64 lowercase hexadecimal digits)."""

    type: Literal["commit"]
    hand: _HandNumber
    deal: _DealNumber
    commitment: _Hex32


class Reveal(_Frame):
    """A page's value for one deal, which must open the commitment it sent (32 bytes in 64
    lowercase hexadecimal digits)."""

    type: Literal["reveal"]
    hand: _HandNumber
    deal: _DealNumber
    value: _Hex32


class PrivateAnswer(_Frame):
    """A page's answer in a private deal's rounds: ``answer`` is the body that
    :meth:`wildstud.private_rounds.DealRounds.take` reads, checked there. Each answer after the
    key names the ``key`` it is made with: one whose key the deal did not take (the player's
    other device or tab) is refused as ``elsewhere``, and changes nothing."""

    type: Literal["private"]
    hand: _HandNumber
    deal: _DealNumber
    answer: dict[str, Any]


ShuffleMessage = Shuffler | Commit | Reveal
"""A page's part in the players' shuffle."""

Message = (
    Act
    | Choose
    | SitOut
    | SitIn
    | Rebuy
    | Show
    | RunTwice
    | Ping
    | Say
    | Shuffler
    | Commit
    | Reveal
    | PrivateAnswer
)
"""Any frame a client may send, checked."""

ClientFrame = Annotated[Message, Field(discriminator="type")]
"""Any frame a client may send."""

_CLIENT_FRAME: TypeAdapter[Message] = TypeAdapter(ClientFrame)


def read_frame(text: str | bytes) -> Message:
    """Check a client's frame; a malformed one raises :class:`pydantic.ValidationError`."""
    return _CLIENT_FRAME.validate_json(text)


def error_frame(
    code: ErrorCode, message: str, seq: int | None = None, *, last_seq: int | None = None
) -> dict[str, Any]:
    """An error frame: a short code for programs, a sentence for people; a refused ``seq``
    also gets the seat's ``last_seq``.

    >>> error_frame("illegal", "you cannot check", 6)
    {'type': 'error', 'code': 'illegal', 'message': 'You cannot check', 'seq': 6}
    >>> error_frame("stale", "seq 3 is older than 5", 3, last_seq=5)["last_seq"]
    5
    """
    return ErrorFrame(code=code, message=message[:300], seq=seq, last_seq=last_seq).frame()


def ack_frame(seq: int, last_seq: int, *, repeat: bool = False) -> dict[str, Any]:
    """The answer to a seat's request that was carried out (or, ``repeat``, had been already).

    >>> ack_frame(7, 7)
    {'type': 'ack', 'seq': 7, 'last_seq': 7}
    >>> ack_frame(7, 7, repeat=True)
    {'type': 'ack', 'seq': 7, 'last_seq': 7, 'repeat': True}
    """
    return Ack(seq=seq, last_seq=last_seq, repeat=repeat).frame()


def seq_frame(last_seq: int) -> dict[str, Any]:
    """What a seat's other connections hear when one of them had a request carried out.

    >>> seq_frame(8)
    {'type': 'seq', 'last_seq': 8}
    """
    return SeqFrame(last_seq=last_seq).frame()


def seq_refusal(seq: int, last: int) -> dict[str, Any] | None:
    """The error frame for a seat's request numbered ``seq`` when the last one accepted was
    ``last``, if it is refused: stale, or out of range (a repeat is the caller's to answer).

    >>> seq_refusal(3, 5)["code"], seq_refusal(2**53, 5)["code"], seq_refusal(6, 5)
    ('stale', 'seq-range', None)
    """
    if seq < last:
        message = f"request {seq} is stale: the last one accepted was {last}"
        return error_frame("stale", message, seq, last_seq=last)
    if seq > last + SEQ_RANGE:
        message = (
            f"request {seq} is out of range: the last one accepted was {last}, so send "
            f"{last + 1} (at most {last + SEQ_RANGE})"
        )
        return error_frame("seq-range", message, seq, last_seq=last)
    return None


def seq_taken(seq: int) -> dict[str, Any]:
    """The error frame for a request numbered like the last one accepted but asking for
    something else: another connection of the same seat sent its own request under that
    number first, and this one was not carried out.

    >>> seq_taken(8)["code"], seq_taken(8)["last_seq"]
    ('stale', 8)
    """
    message = (
        f"request {seq} was not carried out: another of your connections sent request {seq}"
        " first; look at the table again before acting"
    )
    return error_frame("stale", message, seq, last_seq=seq)


def encode(value: Any) -> Any:
    """Any engine value as plain JSON data: cards as their codes (``"Qs"``), enums as their
    values, frozen records as objects, tuples and sets as arrays.

    >>> from wildstud.cards import parse_card
    >>> encode((parse_card("Qs"), None, frozenset({2, 1})))
    ['Qs', None, [1, 2]]
    >>> encode({1: [parse_card("2c")]})
    {'1': ['2c']}

    Each type is encoded by the function :func:`_encoder` made for it the first time it came:
    every event of every frame is encoded here, and asking each value's type in turn what it
    is (a card? an enum? a record?) was most of an event's encoding (8 µs an event, 4
    December 2026).
    """
    kind = type(value)
    if kind in _PLAIN:
        return value
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _encoder(kind)
    return encoder(value)


_PLAIN: frozenset[type] = frozenset({type(None), bool, int, str, float})
"""The types that are JSON data as they are."""
_ENCODERS: dict[type, Callable[[Any], Any]] = {}
"""The encoder of each other type met so far (:func:`_encoder`)."""


def _encoder(kind: type) -> Callable[[Any], Any]:
    """How :func:`encode` makes a value of type ``kind`` JSON data (a subclass of a plain type,
    an ``IntEnum`` say, is kept as it is, as its base type's values are).

    >>> _encoder(set)({3, 1})
    [1, 3]
    >>> _encoder(bytes)
    Traceback (most recent call last):
    ...
    TypeError: cannot encode bytes
    """
    if issubclass(kind, bool | int | str | float):
        return _same
    if issubclass(kind, Card):
        return str
    if issubclass(kind, Enum):
        return _enum_value
    if issubclass(kind, frozenset | set):
        return _sorted
    if issubclass(kind, tuple | list):
        return _listed
    if issubclass(kind, dict):
        return _keyed
    if dataclasses.is_dataclass(kind):
        names = _field_names(kind)
        return lambda value: {name: encode(getattr(value, name)) for name in names}
    raise TypeError(f"cannot encode {kind.__name__}")


def _same(value: Any) -> Any:
    return value


def _enum_value(value: Enum) -> Any:
    return value.value


def _sorted(value: frozenset[Any] | set[Any]) -> list[Any]:
    return sorted(encode(item) for item in value)


def _listed(value: tuple[Any, ...] | list[Any]) -> list[Any]:
    return [encode(item) for item in value]


def _keyed(value: dict[Any, Any]) -> dict[str, Any]:
    return {str(key): encode(item) for key, item in value.items()}


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    """A record type's field names, in order (looked up once a type)."""
    return tuple(item.name for item in dataclasses.fields(kind))


@functools.cache
def _snake(name: str) -> str:
    return "".join(f"_{char.lower()}" if char.isupper() else char for char in name).lstrip("_")


def encode_event(event: Event) -> dict[str, Any]:
    """An event as JSON data, its kind in ``type`` (``dealt``, ``acted``, ``shown`` …).

    >>> from wildstud.deal import Dealt
    >>> encode_event(Dealt(seat=1, card=None, up=False, street=0))
    {'type': 'dealt', 'seat': 1, 'card': None, 'up': False, 'street': 0}

    A shown hand also carries its best five cards as they play (``best_five``, as the engine
    valued them), each wild card with the rank and suit it stands for (``as``):

    >>> from wildstud import evaluate
    >>> from wildstud.cards import parse_cards
    >>> from wildstud.deal import Shown
    >>> cards = parse_cards("7c 7d Qs 2h 3d")
    >>> value = evaluate(cards, "Q").value
    >>> shown = Shown(0, cards, parse_cards("Qs"), value, False, True)
    >>> [(item["card"], item["as"]) for item in encode_event(shown)["best_five"]][:3]
    [('7d', None), ('7c', None), ('Qs', ['7', 's'])]
    """
    data: dict[str, Any] = {"type": _snake(type(event).__name__)}
    data.update(encode(event))
    if isinstance(event, Shown):
        data["best_five"] = _best_five(event)
        data["hand"] = hand_name(event.value)
    elif isinstance(event, HandStarted):
        data["title"] = _title(event.game, event.code, event.options)
    return data


@functools.lru_cache(maxsize=64)
def _title(game: str, code: str, options: tuple[tuple[str, OptionValue], ...]) -> str:
    """The name the players know a hand's game by (its ``game`` is the library's name, as
    ``follow-the-queen``): the title its house rules give it (Pimp Daddy's call), with the code
    where one title covers several games."""
    return game_name(find_game(game).rules(dict(options)).title, code)


def _best_five(shown: Shown) -> list[dict[str, Any]]:
    """The cards of a shown hand as the engine played them, each wild with the card it stands
    for, so that a client can mark them."""
    # A wild card's stand-in is given as a rank and a suit, never as a card code: it is no
    # card of the deck, and may name another seat's hidden card.
    return [
        {"card": str(played.card), "as": None}
        if played.wild is None
        else {"card": str(played.wild), "as": list(str(played.card))}
        for played in shown.best_five
    ]


def hand_name(value: int) -> dict[str, Any]:
    """What a hand value names, as data for a client's words: its category and the ranks that
    name it (:func:`~wildstud.hands.describe_value` says them in English).

    >>> from wildstud import evaluate
    >>> hand_name(evaluate("Ah Ad Ac Kd Kh").value)
    {'category': 'full-house', 'ranks': ['A', 'K']}
    """
    ranks = [rank.char for rank in ranks_of(value)]
    return {"category": category_of(value).name.lower().replace("_", "-"), "ranks": ranks}


def _wild_rule(rule: WildRule) -> dict[str, Any]:
    """A wild rule as data: its kind and its options (``null`` where the rule has none).

    >>> from wildstud.wilds import FollowTheQueen
    >>> _wild_rule(FollowTheQueen())
    {'kind': 'follow-the-queen', 'queens': 'natural', 'cards': None}
    """
    options = {
        name: str(value) if isinstance(value, Enum) else value
        for name, value in encode(rule).items()
    }
    return {"kind": _RULE_KINDS[type(rule)], "queens": None, "cards": None, **options}


_RULE_KINDS: dict[type[WildRule], str] = {
    NoWilds: "no-wilds",
    FollowTheQueen: "follow-the-queen",
    SmackMyBitchUp: "smack-my-bitch-up",
    BabyDaddy: "baby-daddy",
    QueenOfSpadesInHole: "queen-of-spades-in-hole",
}


def _option(option: ActionOption) -> dict[str, Any]:
    amounts = None if option.amounts is None else list(option.amounts)
    return {
        "action": option.kind.value,
        "min": option.min_amount,
        "max": option.max_amount,
        "amounts": amounts,
    }


def _pot(pot: Pot) -> dict[str, Any]:
    return {"amount": pot.amount, "eligible": sorted(pot.eligible)}


def _redeal_pending(pending: RedealPending | None) -> dict[str, Any] | None:
    if pending is None:
        return None
    card = None if pending.card is None else str(pending.card)
    return {"card": card, "seat": pending.seat}


def _wild_ranks(view: TableView) -> list[dict[str, Any]]:
    """Each seat's own wild rank in this deal as everyone knows it (Baby Daddy's face-up last
    card), as the engine's view gives it, with the cards it makes wild there, so that a client
    names it without knowing the rule."""
    return [
        {
            "seat": seat.seat,
            "rank": seat.wild_rank.char,
            "wild": list(map(str, sorted(rank_cards(seat.wild_rank)))),
        }
        for seat in view.seats
        if seat.wild_rank is not None
    ]


def _seat(seat: SeatView) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "stack": seat.stack,
        "paid": seat.paid,
        "bet": seat.bet,
        "dealt_in": seat.dealt_in,
        "folded": seat.folded,
        "all_in": seat.all_in,
        "shown": seat.shown,
        "turned_up": seat.turned_up,
        "cards": [
            {"card": None if held.card is None else str(held.card), "up": held.up}
            for held in seat.cards
        ],
    }


def _seats(view: TableView, shared: dict[int, Any] | None) -> list[dict[str, Any]]:
    """The view's seats as JSON data, each looked up in ``shared`` by its identity (made and
    kept there the first time)."""
    if shared is None:
        return [_seat(seat) for seat in view.seats]
    data = []
    for seat in view.seats:
        found = shared.get(id(seat))
        if found is None:
            found = shared[id(seat)] = _seat(seat)
        data.append(found)
    return data


def _pots(view: TableView, shared: dict[int, Any] | None) -> list[dict[str, Any]]:
    """The view's pots as JSON data, looked up in ``shared`` as the seats are."""
    found: list[dict[str, Any]] | None = None if shared is None else shared.get(id(view.pots))
    if found is None:
        found = [_pot(pot) for pot in view.pots]
        if shared is not None:
            shared[id(view.pots)] = found
    return found


def encode_view(
    view: TableView, *, events: bool = True, shared: dict[int, Any] | None = None
) -> dict[str, Any]:
    """A seat's (or a spectator's) view as JSON data; ``events=False`` leaves the events out
    (an update frame carries only the new ones).

    ``shared`` holds the JSON data of the parts several views hold as one object (the views
    of one step, :meth:`~wildstud.deal.Hand.views`: every seat but the viewer's own, the
    pots), by the object's identity, so that each is encoded once for them all; it is for
    views that are all alive while it is used (an identity is reused only after its object
    is gone), and its data is shared by the frames made from it, never to be changed.
    :func:`encode_views` encodes the views of one step at once.

    >>> from wildstud.deal import Hand, stack_deck
    >>> hand = Hand("FTQ", [100, 100], deck=stack_deck("As 9c Ah 9d Qh 7d"))
    >>> hand.run()
    >>> views, shared = hand.views((0, None)), {}
    >>> mine, watched = (encode_view(views[seat], shared=shared) for seat in (0, None))
    >>> mine["seats"][1] is watched["seats"][1], mine["seats"][0] is watched["seats"][0]
    (True, False)
    >>> mine == encode_view(views[0]) and watched["seats"][0]["cards"][0]["card"] is None
    True
    """
    data = _own(view, _common(view, shared), shared)
    if events:
        data["events"] = [encode_event(event) for event in view.events]
    return data


_OWN = ("viewer", "seats", "own_wild", "legal_actions")
"""The fields of an encoded view that are the viewer's own: :meth:`~wildstud.deal.Hand.views`
builds every other field once for all the viewers of a step."""


def encode_views(views: Mapping[K, TableView]) -> dict[K, dict[str, Any]]:
    """The views of one step (one call of :meth:`~wildstud.deal.Hand.views`) as JSON data
    without their events, each as :func:`encode_view` gives it: the fields every viewer sees
    alike (the game, the pots, the wild cards, the sizing, every seat but the viewer's own)
    encoded once for them all, each viewer's own seat, wild cards and legal actions for it
    alone. The views' data share those parts, never to be changed. Views that do not come
    from one call (their pots are not one object) are each encoded whole.

    >>> from wildstud.deal import Hand, stack_deck
    >>> hand = Hand("FTQ", [100, 100], deck=stack_deck("As 9c Ah 9d Qh 7d"))
    >>> hand.run()
    >>> views = hand.views((0, 1, None))
    >>> data = encode_views(views)
    >>> all(data[seat] == encode_view(views[seat], events=False) for seat in views)
    True
    >>> data[0]["wild_rule"] is data[None]["wild_rule"]
    True
    >>> data[0]["seats"][1] is data[None]["seats"][1], data[0]["seats"][0] is data[None]["seats"][0]
    (True, False)
    """
    shared: dict[int, Any] = {}
    encoded: dict[K, dict[str, Any]] = {}
    common: dict[str, Any] | None = None
    pots: object = None
    for viewer, view in views.items():
        if common is None or view.pots is not pots:
            common, pots = _common(view, shared), view.pots
        encoded[viewer] = _own(view, common, shared)
    return encoded


def _common(view: TableView, shared: dict[int, Any] | None) -> dict[str, Any]:
    """The fields of ``view`` as JSON data, the viewer's own (:data:`_OWN`) left ``None``:
    their places kept, so that a view's data has its fields in one order."""
    return {
        "viewer": None,
        "game": game_name(view.game, view.code),
        "code": view.code,
        "options": dict(view.options),
        "dealer": view.dealer,
        "deal": view.deal,
        "street": view.street,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "seats": None,
        "pot": view.pot,
        "pots": _pots(view, shared),
        "centre": None if view.centre is None else str(view.centre),
        "community": None if view.community is None else str(view.community),
        "wild": [str(card) for card in view.wild],
        "follow_pending": None if view.follow_pending is None else str(view.follow_pending),
        "follow_ends": view.follow_ends,
        "own_wild": None,
        "wild_rule": _wild_rule(view.wild_rule),
        "wild_ranks": _wild_ranks(view),
        "wilds_possible": view.wilds_possible,
        "street_index": view.street_index,
        "legal_actions": None,
        "to_call": view.to_call,
        "all_in_to": view.all_in_to,
        "pot_raise_to": view.pot_raise_to,
        "still_to_act": list(view.still_to_act),
        "raises": view.raises,
        "redeal_pending": _redeal_pending(view.redeal_pending),
    }


def _own(view: TableView, common: dict[str, Any], shared: dict[int, Any] | None) -> dict[str, Any]:
    """``view`` as JSON data: ``common`` (:func:`_common`'s, of this view or of another of the
    same step) with the viewer's own fields."""
    data = dict(common)  # a key set again keeps its place
    data["viewer"] = view.viewer
    data["seats"] = _seats(view, shared)
    data["own_wild"] = None if view.own_wild is None else [str(card) for card in view.own_wild]
    data["legal_actions"] = [_option(option) for option in view.legal_actions]
    return data
