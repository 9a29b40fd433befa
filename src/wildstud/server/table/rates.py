"""Rates for the table's pure core: a token bucket as a value, counted against the ``now`` each
command comes with (no clock of its own, so a slice that holds one stays a pure function).

A slice keeps the bucket in its state and adopts the one :meth:`Bucket.take` returns only with
the rest of its new state: a command the store refuses spends nothing.

>>> bucket = Bucket.full(0.0, burst=2, every=1.0)
>>> bucket, first = bucket.take(0.0)
>>> bucket, second = bucket.take(0.0)
>>> first, second, bucket.take(0.0)[1], bucket.take(1.0)[1]
(True, True, False, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["Bucket"]


@dataclass(frozen=True, slots=True)
class Bucket:
    """A token bucket: ``burst`` at once, then one every ``every`` seconds."""

    tokens: float
    last: float
    burst: float
    every: float

    @classmethod
    def full(cls, now: float, burst: float, every: float) -> Bucket:
        """A bucket nobody has drawn on."""
        return cls(float(burst), now, burst, every)

    def take(self, now: float) -> tuple[Bucket, bool]:
        """The bucket after one use at ``now``, and whether the use may pass."""
        tokens = min(self.burst, self.tokens + (now - self.last) / self.every)
        if tokens >= 1:
            return replace(self, tokens=tokens - 1, last=now), True
        return replace(self, tokens=tokens, last=now), False

    def wait(self) -> float:
        """Seconds until the next use may pass, as of the last :meth:`take`."""
        return max(0.0, (1 - self.tokens) * self.every)

    def refilled(self, now: float) -> bool:
        """Whether the bucket is full again (unused for a while): it may be forgotten."""
        return self.tokens + (now - self.last) / self.every >= self.burst
