"""Table chat: what players (and, if the host allows, spectators) say, and the host's mutes.

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

import asyncio
import logging
import weakref
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from wildstud.errors import WildstudError
from wildstud.server.frames import (
    ChatFrame,
    ChatLogFrame,
    ErrorCode,
    ErrorFrame,
    MutesFrame,
    OutFrame,
    SaidFrame,
)
from wildstud.server.frames import ChatLine as ChatLine_
from wildstud.server.messages import Say
from wildstud.server.names import SEAT_NAME_LIMIT, clean_name, name_key, seat_name
from wildstud.server.security import RateLimiter
from wildstud.server.store.chat import (
    ChatLine,
    NewLine,
    add_line,
    find_line,
    mutes,
    recent_lines,
    set_mute,
)
from wildstud.server.table.fanout import dumps
from wildstud.server.table.writer import StorageFailureError

if TYPE_CHECKING:
    from wildstud.server.seating import Client
    from wildstud.server.table.table import Table

__all__ = [
    "CHAT_BURST",
    "CHAT_EVERY",
    "CHAT_LIMIT",
    "RECENT",
    "Chat",
    "MuteRequest",
    "Mutes",
    "clean_text",
]

log = logging.getLogger("wildstud.server")

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


class _RefusalError(Exception):
    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


def clean_text(text: str) -> str:
    """A chat line's text as the log keeps it, or :class:`~wildstud.server.errors.BadNameError`
    saying why it cannot be one (see :func:`wildstud.server.names.clean_name`)."""
    return clean_name(text, limit=CHAT_LIMIT, what="a chat message")


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


def _text(frame: OutFrame) -> str:
    return dumps(frame.frame())


class Chat:
    """A table's chat: its recent log, its mutes and its speakers' rates."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._lines: deque[ChatLine] = deque(maxlen=RECENT)
        self._mutes: dict[str, str] = {}
        self._loaded = False
        self._lock = asyncio.Lock()
        self._rates: dict[str, RateLimiter] = {}
        self._connection_rates: weakref.WeakKeyDictionary[Any, RateLimiter] = (
            weakref.WeakKeyDictionary()
        )

    async def _load(self) -> None:
        if self._loaded:
            return
        store = self.table.store
        lines = await store.call(recent_lines, store.engine, self.table.id, RECENT)
        self._mutes = await store.call(mutes, store.engine, self.table.id)
        self._lines.extend(lines)
        self._loaded = True

    # -- who hears what ------------------------------------------------------------------------

    def _open_to(self, client: Client) -> bool:
        return client.seat is not None or self.table.settings.spectator_chat

    def _readers(self) -> Iterable[Client]:
        for seat in self.table.seats.values():
            yield from seat.clients
        if self.table.settings.spectator_chat:
            yield from self.table.fanout.spectators

    def _log_frame(self, client: Client) -> ChatLogFrame:
        is_open = self._open_to(client)
        return ChatLogFrame(
            lines=[_encode(line) for line in self._lines] if is_open else [],
            muted=sorted(self._mutes.values()) if is_open else [],
            open=is_open,
            limit=CHAT_LIMIT,
        )

    async def welcome(self, client: Client) -> None:
        """Send a new connection the recent log (or, a spectator the chat is closed to, word
        that it is)."""
        async with self._lock:
            try:
                await self._load()
            except Exception as error:
                # The table's own state came from memory; a store that cannot give the log
                # now must not keep the connection from the table (the next one tries again).
                log.warning(
                    "table %s: the chat log could not be read: %s",
                    self.table.id,
                    type(error).__name__,
                )
            client.send(_text(self._log_frame(client)))

    def spectators_changed(self) -> None:
        """The host opened or closed the chat to spectators: tell them (with the log, if
        open)."""
        for client in self.table.fanout.spectators:
            client.send(_text(self._log_frame(client)))

    def _publish(self, line: ChatLine) -> None:
        self._lines.append(line)
        text = _text(ChatFrame(line=_encode(line)))
        for client in self._readers():
            client.send(text)

    # -- speaking ------------------------------------------------------------------------------

    async def say(self, client: Client, frame: Say) -> None:
        """Carry out a ``say`` frame (see the module's description); a refusal is answered
        with an error frame to ``client`` alone."""
        try:
            async with self._lock:
                try:
                    await self._load()
                except Exception:
                    raise _RefusalError("storage", "the chat is out of reach: try again") from None
                await self._say(client, frame)
        except _RefusalError as refusal:
            answer = ErrorFrame(
                code=refusal.code, message=str(refusal)[:300], seq=None, last_seq=None, id=frame.id
            )
            client.send(_text(answer))

    async def _say(self, client: Client, frame: Say) -> None:
        table = self.table
        if client.seat is not None:
            seat = table.seats.get(client.seat)
            if seat is None:
                raise _RefusalError("seat", "this seat has been given up")
            name, speaker, role, at_seat = seat.name, f"seat:{seat.player_id}", "player", seat.index
        else:
            if not table.settings.spectator_chat:
                raise _RefusalError(
                    "chat-closed", "the host has not opened the chat to spectators at this table"
                )
            if frame.name is None:
                raise _RefusalError(
                    "bad-text", "a spectator chats under a name: send one with the line"
                )
            try:
                name = seat_name(frame.name, (seat.name for seat in table.seats.values()))
            except WildstudError as error:
                raise _RefusalError("bad-text", str(error)) from None
            speaker, role, at_seat = f"watch:{name_key(name)}", "spectator", None
        try:
            text = clean_text(frame.text)
        except WildstudError as error:
            raise _RefusalError("bad-text", str(error)) from None
        new = NewLine("chat", speaker, frame.id, name, at_seat, role, text)
        store = table.store
        if frame.id is not None:
            # A resend of a stored line is answered as it was, muted or not, rate or not: it
            # was counted when it was first stored.
            found = await store.call(find_line, store.engine, table.id, new)
            if found is not None:
                self._answer_stored(client, frame.id, found[1])
                return
        if name_key(name) in self._mutes:
            raise _RefusalError("muted", "the host has muted you: your messages are not shown")
        rates = [self._rates.setdefault(speaker, _rate())]
        if client.seat is None:  # a spectator who changes names is still one connection
            rates.append(self._connection_rates.setdefault(client, _rate()))
        for rate in rates:
            if not rate.allow():
                raise _RefusalError(
                    "rate-limited",
                    f"you may send {CHAT_BURST} lines at once, then one every {CHAT_EVERY:g} s:"
                    f" wait {rate.retry_after():.1f} s",
                )
        if table.moved:
            raise _RefusalError("storage", "the table moved to another server: send it again")
        try:
            line, outcome = await table.writer.write(add_line, store.engine, table.id, new)
        except StorageFailureError:
            if table.moved:
                raise _RefusalError(
                    "storage", "the table moved to another server: send it again"
                ) from None
            raise _RefusalError("storage", "the line was not stored: send it again") from None
        if outcome == "added":
            self._publish(line)
        if frame.id is not None:
            self._answer_stored(client, frame.id, outcome)

    @staticmethod
    def _answer_stored(client: Client, nonce: str, outcome: str) -> None:
        if outcome == "taken":
            raise _RefusalError(
                "bad-text", "this line's id was used by someone else: send a new one"
            )
        client.send(_text(SaidFrame(id=nonce, repeat=outcome == "repeat")))

    # -- the host ------------------------------------------------------------------------------

    async def mute(self, name: str, muted: bool) -> list[str]:
        """Mute (or unmute) ``name`` (cleaned as a seat's name is); the dealer says so in the
        log. Returns the muted names. Muting a name already muted changes nothing."""
        cleaned = clean_name(name, limit=SEAT_NAME_LIMIT, what="a name to mute")
        key = name_key(cleaned)
        async with self._lock:
            await self._load()
            if (key in self._mutes) == muted:
                return sorted(self._mutes.values())
            shown = self._mutes.get(key, cleaned)
            words = f"The host muted {shown}." if muted else f"The host unmuted {shown}."
            dealer = NewLine("dealer", None, None, None, None, "dealer", words)
            table = self.table
            line = await table.writer.write(
                set_mute, table.store.engine, table.id, key, shown, muted, dealer
            )
            if muted:
                self._mutes[key] = shown
            else:
                del self._mutes[key]
            self._publish(line)
            names = sorted(self._mutes.values())
            frame = _text(MutesFrame(muted=names))
            for client in self._readers():
                client.send(frame)
            return names

    async def report(self) -> ChatLogFrame:
        """The recent log and the mutes, as the host sees them (everything)."""
        async with self._lock:
            await self._load()
            return ChatLogFrame(
                lines=[_encode(line) for line in self._lines],
                muted=sorted(self._mutes.values()),
                open=True,
                limit=CHAT_LIMIT,
            )


def _rate() -> RateLimiter:
    return RateLimiter(1 / CHAT_EVERY, CHAT_BURST)
