"""What ``wildstud serve`` takes, without the server: its limits' defaults and log settings.

The table server needs the ``server`` extra (FastAPI, SQLAlchemy…), but a core install should
still be able to say what the server would take: ``wildstud serve --help`` prints every option
and its default from here, and only running the server asks for the extra. The server's own
modules (:mod:`wildstud.server.limits`, :mod:`wildstud.server.logs`) take the same values from
here, so the help and the server cannot disagree.

>>> Limits().tables_per_minute, Limits(tables_burst=2).tables_burst
(10.0, 2)
>>> LOG_LEVELS[1], LOG_FORMS
('info', ('text', 'json'))
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "ADDRESS_CONNECTIONS",
    "LOG_FORMS",
    "LOG_LEVELS",
    "MAX_BODY_BYTES",
    "READS_BURST",
    "READS_PER_SECOND",
    "SEAT_CONNECTIONS",
    "SPECTATORS_PER_ADDRESS",
    "TABLES_BURST",
    "TABLES_PER_MINUTE",
    "TABLE_SPECTATORS",
    "Limits",
]

SEAT_CONNECTIONS = 4
"""WebSockets one seat may have open at once (4: a phone, a laptop and a spare tab or two)."""
ADDRESS_CONNECTIONS = 32
"""WebSockets one client address may have open at once, seats and spectators together (32)."""
TABLE_SPECTATORS = 50
"""Spectator WebSockets one table may have open at once (50)…"""
SPECTATORS_PER_ADDRESS = TABLE_SPECTATORS // 4
"""…and of them, from one client address (12: a visitor with two addresses fills half the
table's spectator seats at most)."""
MAX_BODY_BYTES = 64 * 1024
"""The largest REST request body, in bytes (64 KiB; a table's settings take under 2 KiB)."""
TABLES_PER_MINUTE = 10.0
"""Tables one client address may create a minute, on average (10)…"""
TABLES_BURST = 5
"""…and at once (5)."""
READS_PER_SECOND = 5.0
"""Reads of finished hands, ledgers and nights one client address may make a second, on
average (5: a page that shows a hand asks for one or two)…"""
READS_BURST = 20
"""…and at once (20)."""

LOG_LEVELS = ("debug", "info", "warning", "error")
"""The levels ``wildstud serve --log-level`` takes; ``info`` is the default."""
LOG_FORMS = ("text", "json")
"""The forms ``wildstud serve --log-format`` takes; ``text`` is the default."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits a server enforces; the defaults are the module's constants."""

    seat_connections: int = SEAT_CONNECTIONS
    address_connections: int = ADDRESS_CONNECTIONS
    table_spectators: int = TABLE_SPECTATORS
    spectators_per_address: int = SPECTATORS_PER_ADDRESS
    max_body_bytes: int = MAX_BODY_BYTES
    tables_per_minute: float = TABLES_PER_MINUTE
    tables_burst: int = TABLES_BURST
    reads_per_second: float = READS_PER_SECOND
    reads_burst: int = READS_BURST
