"""Keys and limits: the tokens in the links, how they are stored, and the rate limit.

Host and seat tokens are 256 random bits from :mod:`secrets`, written URL-safe; the database
keeps only their SHA-256 digests, so reading the database does not give a seat away. The join
and spectator tokens are as random, and stored as they are (the host may ask for the links
again).

>>> token = new_token()
>>> len(token) >= 43, token_hash(token) == token_hash(token), len(token_hash(token))
(True, True, 64)
>>> bucket = RateLimiter(rate=2.0, burst=3, clock=iter([0.0] * 5 + [1.0]).__next__)
>>> [bucket.allow() for _ in range(5)]
[True, True, True, False, True]
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable

__all__ = [
    "MAX_ANSWER_BYTES",
    "MAX_MESSAGE_BYTES",
    "RateLimiter",
    "new_id",
    "new_token",
    "token_hash",
]

MAX_MESSAGE_BYTES = 4096
"""The longest message a client may send; anything longer gets an error frame (but for
:data:`MAX_ANSWER_BYTES`)."""

MAX_ANSWER_BYTES = 16384
"""The longest answer a page may send in a private deal's rounds (``private``): a masked deck,
52 points of 66 bytes; an unmasking pass over a street of eight seats is a batch of 22 points
of 66 and one proof, or from a page before batches 22 proofs of some 270 bytes."""


def new_token() -> str:
    """A fresh token of 256 random bits (43 URL-safe characters)."""
    return secrets.token_urlsafe(32)


def new_id() -> str:
    """A fresh public id (a table's, a player's account): 96 random bits, 16 characters."""
    return secrets.token_urlsafe(12)


def token_hash(token: str) -> str:
    """The SHA-256 digest of a token, in hex: what the database keeps."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class RateLimiter:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def allow(self) -> bool:
        """Take one token if there is one; whether the message may pass."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def retry_after(self) -> float:
        """Seconds until the next message may pass (0 if one may pass now)."""
        return max(0.0, (1 - self._tokens) / self.rate)

    def full(self) -> bool:
        """Whether the bucket has filled up again (nothing sent for a while)."""
        now = self._clock()
        return self._tokens + (now - self._last) * self.rate >= self.burst
