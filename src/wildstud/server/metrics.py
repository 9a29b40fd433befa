"""What an operator watches: the server's figures in Prometheus's text format at ``/metrics``.

The figures live in a registry of their own (not prometheus-client's global one), so that a
process running several applications, as the tests do, counts each apart.

>>> metrics = Metrics()
>>> metrics.hand_finished(now=100.0); metrics.hand_finished(now=130.0)
>>> metrics.hands_per_minute(now=150.0)
2
>>> b"wildstud_hands_total 2.0" in metrics.exposition()
True
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from prometheus_client import CONTENT_TYPE_LATEST as CONTENT_TYPE
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

__all__ = ["CONTENT_TYPE", "UNWATCHED", "Metrics"]

# A table's round trip is a few milliseconds on a quiet machine; the buckets reach far enough
# past the 100 ms goal to show how a slow moment is slow.
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class Metrics:
    """The server's figures, and the exposition of them."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self.tables = Gauge("wildstud_tables", "Tables the server holds", registry=registry)
        self.running = Gauge(
            "wildstud_tables_running", "Tables dealing now (not paused)", registry=registry
        )
        self.connections = Gauge(
            "wildstud_connections", "Open WebSockets, players' and spectators'", registry=registry
        )
        self.hands = Counter("wildstud_hands", "Hands finished", registry=registry)
        self._per_minute = Gauge(
            "wildstud_hands_per_minute", "Hands finished in the last minute", registry=registry
        )
        self._per_minute.set_function(self.hands_per_minute)
        self.latency = Histogram(
            "wildstud_action_latency_seconds",
            "From a player's action arriving to its frames written to the last client",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.commit = Histogram(
            "wildstud_commit_seconds",
            "One transaction of a table's changes in the database",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.errors = Counter(
            "wildstud_errors",
            "Failures: a change not stored, a driver step that failed, an unexpected 500",
            ["kind"],
            registry=registry,
        )
        self.fenced = Counter(
            "wildstud_fenced_writes",
            "Writes the database refused because this process's lease of the table had moved on",
            registry=registry,
        )
        self.takeovers = Counter(
            "wildstud_lease_takeovers",
            "Tables this process took over from a dead, stalled or departed owner",
            registry=registry,
        )
        self.handoffs = Counter(
            "wildstud_lease_handoffs",
            "Tables this process handed to another while draining",
            registry=registry,
        )
        self.relays = Gauge(
            "wildstud_relays",
            "Open WebSockets relayed to the process that runs their table",
            registry=registry,
        )
        self.lookups = Counter(
            "wildstud_relay_lookups",
            "Keys (table ids and tokens) the relay looked up in the database",
            registry=registry,
        )
        for kind in ("storage", "driver", "internal"):
            self.errors.labels(kind)  # every kind shows from the start, at zero
        self._finished: deque[float] = deque()

    def watch(
        self, tables: Callable[[], int], running: Callable[[], int], connections: Callable[[], int]
    ) -> None:
        """Read the gauges from the server's own state at each scrape."""
        self.tables.set_function(tables)
        self.running.set_function(running)
        self.connections.set_function(connections)

    def hand_finished(self, now: float | None = None) -> None:
        """Count a finished hand."""
        self.hands.inc()
        self._finished.append(time.monotonic() if now is None else now)

    def hands_per_minute(self, now: float | None = None) -> int:
        """Hands finished in the 60 seconds before ``now``."""
        cutoff = (time.monotonic() if now is None else now) - 60.0
        while self._finished and self._finished[0] < cutoff:
            self._finished.popleft()
        return len(self._finished)

    def exposition(self) -> bytes:
        """Every figure in Prometheus's text format."""
        return generate_latest(self.registry)


UNWATCHED = Metrics()
"""Where a table no lobby holds counts (one made directly, as the doctests do)."""
