"""Table chat, a slice of the table's pure core (:mod:`.core`): what players (and, if the host
allows, spectators) say, and the host's mutes.

The slice's state (:class:`ChatState`: the recent log, the mutes, whether spectators may chat,
the speakers' rates) is its own, and :func:`handle` is pure: what the store must write or read
is an :class:`~.core.Effect` the actor carries out (:mod:`.actor`), its result handed back as a
command of this slice; the rates are counted against the ``now`` each command comes with.

A line comes in as a ``say`` frame (:class:`~wildstud.server.messages.Say`) and is checked in
this order; the first check it fails answers it with an error frame and nothing is stored or
sent to anyone:

1. the speaker may speak: a seat that is still held, or a spectator when the table's
   ``spectator_chat`` setting is on (``chat-closed`` otherwise) who gives a ``name`` that is not
   a seated player's (``bad-text``); a player always speaks under their seat's name;
2. the text, cleaned as names are cleaned (:func:`wildstud.server.names.clean_name`: no NUL,
   no controls or bidirectional overrides, whitespace collapsed), holds something visible and
   at most :data:`CHAT_LIMIT` (280) characters (``bad-text``);
3. a line whose ``id`` is stored already is a repeat (a resend after a reconnection): the
   sender hears ``said`` again with ``"repeat": true``, and nothing is stored twice; an ``id``
   another speaker used is refused (``bad-text``);
4. the host has not muted the speaker's name (``muted``);
5. the speaker is within the rate: :data:`CHAT_BURST` (5) lines at once, then one every
   :data:`CHAT_EVERY` (2) seconds (``rate-limited``, saying how long to wait).

A line that passes is stored, then sent to every player (and to the spectators when
``spectator_chat`` is on) as ``{"type": "chat", "line": {...}}``, and its sender hears
``{"type": "said", "id"}``. A line carries the number of its place in the log, its kind
(``chat``, or ``dealer`` for what the table itself says), the name and seat the server gave it,
the speaker's role, the text and the time: never a token, never a card. A new connection gets the
last :data:`RECENT` (50) lines in a ``chat_log`` frame, with the muted names.

The host mutes and unmutes a name (``PUT /api/host/{token}/mutes``); the dealer says so in the
log. Names are compared as seats' names are (:func:`~wildstud.server.names.name_key`), so a
muted player cannot speak as "BOB" either; a muted spectator could come back under another name,
which is why spectators speak only when the host lets them.

>>> CHAT_LIMIT, CHAT_BURST, CHAT_EVERY
(280, 5, 2.0)
>>> clean_text("  gg\\u202e  all\\t")
'gg all'
>>> clean_text("\\u200b ")
Traceback (most recent call last):
...
wildstud.server.errors.BadNameError: a chat message needs at least one visible character
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from wildstud.errors import WildstudError
from wildstud.server.frames import (
    ChatFrame,
    ChatLogFrame,
    ErrorCode,
    ErrorFrame,
    MutesFrame,
    SaidFrame,
)
from wildstud.server.frames import ChatLine as ChatLine_
from wildstud.server.messages import Say
from wildstud.server.names import SEAT_NAME_LIMIT, clean_name, name_key, seat_name
from wildstud.server.store.records import ChatLine, NewLine
from wildstud.server.table.core import (
    Command,
    Effect,
    News,
    Outcome,
    Readers,
    Refused,
    Spectators,
    To,
)
from wildstud.server.table.rates import Bucket

__all__ = [
    "CHAT_BURST",
    "CHAT_EVERY",
    "CHAT_LIMIT",
    "COMMANDS",
    "RECENT",
    "AddLine",
    "ChatState",
    "FindLine",
    "LoadChat",
    "Mute",
    "MuteRequest",
    "Mutes",
    "Report",
    "SetMute",
    "Speak",
    "Speaker",
    "SpectatorsOpen",
    "Welcome",
    "clean_text",
    "handle",
]

CHAT_LIMIT = 280
"""The most characters a line may have, once cleaned (280: a few sentences, never a wall)."""
CHAT_BURST = 5
"""Lines one speaker may send at once (5)…"""
CHAT_EVERY = 2.0
"""…then one every this many seconds (2.0)."""
RECENT = 50
"""Lines a new connection gets of the log (50)."""


class MuteRequest(BaseModel):
    """``PUT /api/host/{token}/mutes``: mute or unmute a name (a player's or a spectator's)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=200, description="cleaned as a seat's name is")
    muted: bool = True


class Mutes(BaseModel):
    """The names muted at a table."""

    muted: list[str]


def clean_text(text: str) -> str:
    """A chat line's text as the log keeps it, or :class:`~wildstud.server.errors.BadNameError`
    saying why it cannot be one (see :func:`wildstud.server.names.clean_name`)."""
    return clean_name(text, limit=CHAT_LIMIT, what="a chat message")


# -- the state ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChatState:
    """What the chat slice holds: the recent log and the mutes (as stored, once ``loaded``),
    whether the host opened the chat to spectators, and the speakers' rates (by speaker, and
    for a spectator by connection too, since one who changes names is still one connection)."""

    spectators: bool = False
    lines: tuple[ChatLine, ...] = ()
    mutes: Mapping[str, str] = field(default_factory=dict)
    """The muted names, by name key."""
    loaded: bool = False
    rates: Mapping[str, Bucket] = field(default_factory=dict)
    connection_rates: Mapping[Any, Bucket] = field(default_factory=dict)

    def muted(self) -> list[str]:
        """The muted names, sorted."""
        return sorted(self.mutes.values())


# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Speaker:
    """A seated speaker as the seats stand when the line is handled."""

    index: int
    name: str
    player_id: str


@dataclass(frozen=True, slots=True)
class Speak(Command):
    """A ``say`` frame from ``client``: ``speaker`` is its seat (``None``: a spectator's
    connection, or ``given_up`` when its seat is gone); ``seated``: the seated names, which a
    spectator's may not look like."""

    client: Any
    frame: Say
    speaker: Speaker | None
    given_up: bool
    seated: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Welcome(Command):
    """A new connection (``seated``: a seat's) gets the recent log, or word that the chat is
    closed to it."""

    client: Any
    seated: bool
    tried: bool = False
    """The log could not be read: the connection gets what is in memory."""


@dataclass(frozen=True, slots=True)
class Mute(Command):
    """The host mutes (or unmutes) a name; replies with the muted names."""

    name: str
    muted: bool


@dataclass(frozen=True, slots=True)
class Report(Command):
    """The host reads the log and the mutes; replies with a ``chat_log`` frame."""


@dataclass(frozen=True, slots=True)
class SpectatorsOpen(Command):
    """The host opened (or closed) the chat to spectators (a follow-up of a rules change)."""

    open: bool


@dataclass(frozen=True, slots=True)
class _Loaded(Command):
    lines: tuple[ChatLine, ...]
    mutes: Mapping[str, str]
    then: Command


@dataclass(frozen=True, slots=True)
class _Unreachable(Command):
    then: Command


@dataclass(frozen=True, slots=True)
class _Checked(Command):
    speak: Speak
    line: NewLine
    found: tuple[ChatLine, str] | None


@dataclass(frozen=True, slots=True)
class _Stored(Command):
    speak: Speak
    line: ChatLine
    outcome: str


@dataclass(frozen=True, slots=True)
class _NotStored(Command):
    speak: Speak
    moved: bool


@dataclass(frozen=True, slots=True)
class _MuteStored(Command):
    key: str
    shown: str
    muted: bool
    line: ChatLine


# -- what the store is asked -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LoadChat:
    """Read the last ``limit`` lines and the mutes."""

    limit: int


@dataclass(frozen=True, slots=True)
class FindLine:
    """Read the line stored under ``line``'s nonce, if any."""

    line: NewLine


@dataclass(frozen=True, slots=True)
class AddLine:
    """Store ``line`` (a write: fenced)."""

    line: NewLine


@dataclass(frozen=True, slots=True)
class SetMute:
    """Mute or unmute the name with ``key``, with the dealer's ``line`` (a write: fenced)."""

    key: str
    name: str
    muted: bool
    line: NewLine


# -- the slice ---------------------------------------------------------------------------------

_ROLES: dict[str, Literal["player", "spectator", "dealer"]] = {
    "spectator": "spectator",
    "dealer": "dealer",
}


def _encode(line: ChatLine) -> ChatLine_:
    return ChatLine_(
        number=line.number,
        kind="dealer" if line.kind == "dealer" else "chat",
        name=line.name,
        seat=line.seat,
        role=_ROLES.get(line.role, "player"),
        text=line.text,
        at=line.at.isoformat(),
    )


def _log_frame(state: ChatState, is_open: bool) -> ChatLogFrame:
    return ChatLogFrame(
        lines=[_encode(line) for line in state.lines] if is_open else [],
        muted=state.muted() if is_open else [],
        open=is_open,
        limit=CHAT_LIMIT,
    )


def _refuse(state: ChatState, speak: Speak, code: ErrorCode, message: str) -> Outcome[ChatState]:
    """A line refused: an error frame to its sender alone, nothing stored."""
    answer = ErrorFrame(
        code=code, message=message[:300], seq=None, last_seq=None, id=speak.frame.id
    )
    return Outcome(state, news=(News(To(speak.client), answer.frame()),))


def _load(state: ChatState, command: Command, fallback: bool) -> Outcome[ChatState]:
    """Read the log first, then handle ``command`` (``fallback``: a failed read hands the
    slice ``_Unreachable(command)``; else the asker hears the store failed)."""

    def loaded(result: tuple[list[ChatLine], dict[str, str]]) -> Command:
        return _Loaded(tuple(result[0]), result[1], command)

    otherwise = (lambda moved: _Unreachable(command)) if fallback else None
    return Outcome(state, effect=Effect(LoadChat(RECENT), loaded, otherwise))


def handle(state: ChatState, command: Command, now: float) -> Outcome[ChatState]:
    """The chat slice: the outcome of ``command`` (see the module's description)."""
    if isinstance(command, _Loaded):
        loaded = replace(state, lines=command.lines, mutes=dict(command.mutes), loaded=True)
        return handle(loaded, command.then, now)
    if isinstance(command, Welcome):
        if not state.loaded and not command.tried:
            # The table's own state came from memory; a store that cannot give the log now
            # must not keep the connection from the table (the next one tries again).
            return _load(state, command, fallback=True)
        frame = _log_frame(state, command.seated or state.spectators).frame()
        return Outcome(state, news=(News(To(command.client), frame),))
    if isinstance(command, _Unreachable):
        then = command.then
        if isinstance(then, Welcome):
            return handle(state, replace(then, tried=True), now)
        assert isinstance(then, Speak)
        return _refuse(state, then, "storage", "the chat is out of reach: try again")
    if isinstance(command, Speak):
        if not state.loaded:
            return _load(state, command, fallback=True)
        return _speak(state, command, now)
    if isinstance(command, _Checked):
        return _checked(state, command, now)
    if isinstance(command, _Stored):
        return _stored(state, command)
    if isinstance(command, _NotStored):
        if command.moved:
            message = "the table moved to another server: send it again"
        else:
            message = "the line was not stored: send it again"
        return _refuse(state, command.speak, "storage", message)
    if isinstance(command, Mute):
        return _mute(state, command)
    if isinstance(command, _MuteStored):
        mutes = dict(state.mutes)
        if command.muted:
            mutes[command.key] = command.shown
        else:
            del mutes[command.key]
        state = replace(state, mutes=mutes, lines=(*state.lines, command.line)[-RECENT:])
        readers = Readers(state.spectators)
        chat = ChatFrame(line=_encode(command.line)).frame()
        names = state.muted()
        news = (News(readers, chat), News(readers, MutesFrame(muted=names).frame()))
        return Outcome(state, news=news, reply=names)
    if isinstance(command, Report):
        if not state.loaded:
            return _load(state, command, fallback=False)
        return Outcome(state, reply=_log_frame(state, True))
    if isinstance(command, SpectatorsOpen):
        state = replace(state, spectators=command.open)
        frame = _log_frame(state, command.open).frame()
        return Outcome(state, news=(News(Spectators(), frame),))
    raise TypeError(f"the chat takes no {type(command).__name__}")  # pragma: no cover


def _speak(state: ChatState, speak: Speak, now: float) -> Outcome[ChatState]:
    frame = speak.frame
    if speak.given_up:
        return _refuse(state, speak, "seat", "this seat has been given up")
    if speak.speaker is not None:
        seat = speak.speaker
        name, who, role, at_seat = seat.name, f"seat:{seat.player_id}", "player", seat.index
    else:
        if not state.spectators:
            return _refuse(
                state,
                speak,
                "chat-closed",
                "the host has not opened the chat to spectators at this table",
            )
        if frame.name is None:
            return _refuse(
                state, speak, "bad-text", "a spectator chats under a name: send one with the line"
            )
        try:
            name = seat_name(frame.name, speak.seated)
        except WildstudError as error:
            return _refuse(state, speak, "bad-text", str(error))
        who, role, at_seat = f"watch:{name_key(name)}", "spectator", None
    try:
        text = clean_text(frame.text)
    except WildstudError as error:
        return _refuse(state, speak, "bad-text", str(error))
    new = NewLine("chat", who, frame.id, name, at_seat, role, text)
    if frame.id is None:
        return _checked(state, _Checked(speak, new, None), now)

    def found(result: tuple[ChatLine, str] | None) -> Command:
        return _Checked(speak, new, result)

    # A resend of a stored line is answered as it was, muted or not, rate or not: it was
    # counted when it was first stored.
    return Outcome(
        state, effect=Effect(FindLine(new), found, lambda moved: _NotStored(speak, moved))
    )


def _checked(state: ChatState, checked: _Checked, now: float) -> Outcome[ChatState]:
    speak, new = checked.speak, checked.line
    if checked.found is not None:
        return _answer_stored(state, speak, checked.found[1])
    assert new.name is not None
    if name_key(new.name) in state.mutes:
        return _refuse(state, speak, "muted", "the host has muted you: your messages are not shown")
    speaker = new.speaker or ""
    rates = dict(state.rates)
    connection_rates = dict(state.connection_rates)
    buckets: list[tuple[dict[Any, Bucket], Any]] = [(rates, speaker)]
    if speak.speaker is None:  # a spectator who changes names is still one connection
        buckets.append((connection_rates, speak.client))
    for where, key in buckets:
        bucket, allowed = where.get(key, Bucket.full(now, CHAT_BURST, CHAT_EVERY)).take(now)
        where[key] = bucket
        if not allowed:
            state = replace(state, rates=rates, connection_rates=connection_rates)
            return _refuse(
                state,
                speak,
                "rate-limited",
                f"you may send {CHAT_BURST} lines at once, then one every {CHAT_EVERY:g} s:"
                f" wait {bucket.wait():.1f} s",
            )
    # A bucket that filled up again is forgotten: a spectator's connection is not kept alive.
    state = replace(
        state,
        rates={key: bucket for key, bucket in rates.items() if not bucket.refilled(now)},
        connection_rates={
            key: bucket for key, bucket in connection_rates.items() if not bucket.refilled(now)
        },
    )

    def stored(result: tuple[ChatLine, str]) -> Command:
        return _Stored(speak, result[0], result[1])

    effect = Effect(AddLine(new), stored, lambda moved: _NotStored(speak, moved))
    return Outcome(state, effect=effect)


def _stored(state: ChatState, stored: _Stored) -> Outcome[ChatState]:
    news: tuple[News, ...] = ()
    if stored.outcome == "added":
        state = replace(state, lines=(*state.lines, stored.line)[-RECENT:])
        news = (News(Readers(state.spectators), ChatFrame(line=_encode(stored.line)).frame()),)
    nonce = stored.speak.frame.id
    if nonce is None:
        return Outcome(state, news=news)
    answer = _answer_stored(state, stored.speak, stored.outcome)
    return replace(answer, news=news + answer.news)


def _answer_stored(state: ChatState, speak: Speak, outcome: str) -> Outcome[ChatState]:
    if outcome == "taken":
        return _refuse(
            state, speak, "bad-text", "this line's id was used by someone else: send a new one"
        )
    nonce = speak.frame.id
    assert nonce is not None
    said = SaidFrame(id=nonce, repeat=outcome == "repeat").frame()
    return Outcome(state, news=(News(To(speak.client), said),))


def _mute(state: ChatState, mute: Mute) -> Outcome[ChatState]:
    """Mute (or unmute) a name (cleaned as a seat's name is); the dealer says so in the log.
    Muting a name already muted changes nothing."""
    try:
        cleaned = clean_name(mute.name, limit=SEAT_NAME_LIMIT, what="a name to mute")
    except WildstudError as error:
        return Outcome(state, reply=Refused(error))
    if not state.loaded:
        return _load(state, mute, fallback=False)
    key = name_key(cleaned)
    if (key in state.mutes) == mute.muted:
        return Outcome(state, reply=state.muted())
    shown = state.mutes.get(key, cleaned)
    words = f"The host muted {shown}." if mute.muted else f"The host unmuted {shown}."
    dealer = NewLine("dealer", None, None, None, None, "dealer", words)

    def stored(line: ChatLine) -> Command:
        return _MuteStored(key, shown, mute.muted, line)

    return Outcome(state, effect=Effect(SetMute(key, shown, mute.muted, dealer), stored))


COMMANDS: tuple[type[Command], ...] = (
    Speak,
    Welcome,
    Mute,
    Report,
    SpectatorsOpen,
    _Loaded,
    _Unreachable,
    _Checked,
    _Stored,
    _NotStored,
    _MuteStored,
)
"""The commands the chat slice takes."""
