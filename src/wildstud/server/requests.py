"""Seat requests: the join link asks the host for a seat, and the host approves or declines.

With the table setting ``seat_requests`` on (the default), opening the join link and giving a
name files a request instead of taking a seat. The requester gets a secret token at once; the
host sees the request in the console and approves it (the requester gets a seat, and the token
they hold becomes that seat's token: their link is ``/seat/{token}``) or declines it. The
requester asks ``GET /api/seat/{token}/status`` how it stands. Every request and every decision
is stored with the step that makes it, so a server killed while a request waits still has it
waiting after the restart, and one approved is seated once.

Requests are limited so that a declined requester cannot flood the host: at most
:data:`MAX_PENDING` wait at one table, and the same name from the same address may ask again
only :data:`DECLINE_COOLDOWN` seconds after the host declined it (on top of the per-address
rate of :data:`REQUESTS_PER_MINUTE`). Host commands are limited per host link
(:data:`HOST_COMMANDS_PER_MINUTE`).

The requests themselves, filed and decided, are a slice of the table's pure core
(:mod:`wildstud.server.table.seat_requests`).

>>> MAX_PENDING, MAX_PENDING_PER_ADDRESS, RequestStatus.PENDING.value
(12, 5, 'pending')
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from enum import StrEnum

from fastapi import Request

from wildstud.server import limits
from wildstud.server.limits import RateLimitedError, client_address
from wildstud.server.names import name_key
from wildstud.server.security import token_hash
from wildstud.server.store import SeatRequestState

__all__ = [
    "DECLINE_COOLDOWN",
    "HOST_COMMANDS_BURST",
    "HOST_COMMANDS_PER_MINUTE",
    "MAX_PENDING",
    "MAX_PENDING_PER_ADDRESS",
    "REQUESTS_BURST",
    "REQUESTS_PER_MINUTE",
    "AddressBuckets",
    "DeclineMemory",
    "RequestStatus",
    "host_command_allowed",
    "seat_request_allowed",
]

MAX_PENDING = 12
"""Requests that may wait for the host at one table at once (12)…"""
MAX_PENDING_PER_ADDRESS = (MAX_PENDING - 1) // 2
"""…and of them, from one client address (5: a visitor with two addresses leaves the queue two
short of full, so the host's friends still get in; and five friends behind one home router, who
share its address, can all ask at once)."""
DECLINE_COOLDOWN = 60.0
"""Seconds before a declined name may ask again from the same address (60)."""
REQUESTS_PER_MINUTE = 20.0
"""Join requests one address may make a minute, on average (20; a household shares one)…"""
REQUESTS_BURST = 8
"""…and at once (8)."""
HOST_COMMANDS_PER_MINUTE = 120.0
"""Host commands (every POST, PUT and DELETE under ``/api/host/``) one host link may send a
minute, on average (120)…"""
HOST_COMMANDS_BURST = 30
"""…and at once (30)."""
_KEPT = 10_000
"""Buckets and declines remembered before the stale ones are forgotten."""


class RequestStatus(StrEnum):
    """Where a seat request stands."""

    PENDING = "pending"
    APPROVED = "approved"
    DECLINED = "declined"


class DeclineMemory:
    """Who asked for each request, and the names the host declined lately by address: one of
    them (or a look-alike: names are compared by :func:`~wildstud.server.names.name_key`)
    asking again too soon is refused with 429 (kept in memory only: a restart forgets a
    cooldown, never a request).

    >>> times = iter([0.0, 10.0, 61.0])
    >>> memory = DeclineMemory(times.__next__)
    >>> memory.asked("r1", "10.0.0.1", "Dan")
    >>> memory.declined("r1")
    >>> memory.wait("10.0.0.1", " D\\u200ban"), memory.wait("10.0.0.1", "Dan")
    (50.0, None)
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._asked: dict[str, tuple[str, str]] = {}
        self._until: dict[tuple[str, str], float] = {}

    def asked(self, request_id: str, address: str, name: str) -> None:
        """``address`` asked for a seat for ``name`` in request ``request_id``."""
        if len(self._asked) >= _KEPT:
            self._asked.clear()  # only cooldowns are lost, never a request
        self._asked[request_id] = (address, name_key(name))

    def declined(self, request_id: str) -> None:
        """The host declined request ``request_id``."""
        key = self._asked.pop(request_id, None)
        if key is None:
            return
        now = self._clock()
        if len(self._until) >= _KEPT:
            self._until = {k: until for k, until in self._until.items() if until > now}
        self._until[key] = now + DECLINE_COOLDOWN

    def waiting(self, address: str, pending: Iterable[SeatRequestState]) -> int:
        """How many of the ``pending`` requests ``address`` asked for (those asked before a
        restart have no known address).

        >>> memory = DeclineMemory()
        >>> memory.asked("r1", "10.0.0.1", "Dan")
        >>> state = SeatRequestState("r1", "Dan", "", None, "pending")
        >>> memory.waiting("10.0.0.1", [state]), memory.waiting("10.0.0.2", [state])
        (1, 0)
        """
        return sum(self._asked.get(state.id, ("",))[0] == address for state in pending)

    def wait(self, address: str, name: str) -> float | None:
        """Seconds before ``name`` may ask again from ``address`` (``None``: it may now)."""
        key = (address, name_key(name))
        until = self._until.get(key)
        if until is None:
            return None
        left = until - self._clock()
        if left <= 0:
            del self._until[key]
            return None
        return left


class AddressBuckets(limits.AddressBuckets):
    """A token bucket per client address: ``per_minute`` on average, ``burst`` at once.

    >>> times = iter([0.0, 0.0, 0.0, 0.0])
    >>> buckets = AddressBuckets(2, 2, times.__next__)
    >>> buckets.retry_after("a"), buckets.retry_after("a"), buckets.retry_after("a")
    (None, None, 30.0)
    """

    def __init__(
        self, per_minute: float, burst: int, clock: Callable[[], float] | None = None
    ) -> None:
        super().__init__(per_minute / 60.0, burst, clock)
        self.per_minute = per_minute


def _limited(buckets: AddressBuckets, key: str, what: str, whose: str) -> None:
    wait = buckets.retry_after(key)
    if wait is not None:
        raise RateLimitedError(
            f"too many {what} from {whose} (at most {buckets.per_minute:g} a minute):"
            f" try again in {math.ceil(wait)} s",
            wait,
        )


def _buckets(request: Request, name: str, per_minute: float, burst: int) -> AddressBuckets:
    state = request.app.state
    buckets: AddressBuckets | None = getattr(state, name, None)
    if buckets is None:
        buckets = AddressBuckets(per_minute, burst)
        setattr(state, name, buckets)
    return buckets


def seat_request_allowed(request: Request) -> None:
    """Raise :class:`~wildstud.server.limits.RateLimitedError` when the client's address asks
    for seats too fast (open seating is not limited: the host chose to let anyone in)."""
    buckets = _buckets(request, "seat_request_buckets", REQUESTS_PER_MINUTE, REQUESTS_BURST)
    _limited(buckets, client_address(request), "seat requests", "your address")


async def host_command_allowed(request: Request) -> None:
    """A route dependency: raise :class:`~wildstud.server.limits.RateLimitedError` when one
    host link sends commands too fast (counted by the token's digest: the token is never
    kept)."""
    buckets = _buckets(
        request, "host_command_buckets", HOST_COMMANDS_PER_MINUTE, HOST_COMMANDS_BURST
    )
    token = str(request.path_params.get("token", ""))
    _limited(buckets, token_hash(token), "host commands", "this host link")
