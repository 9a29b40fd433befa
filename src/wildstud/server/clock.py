"""The clocks of a table: the action clock of the seat to act and its time bank.

A player has the action clock to act, then draws on the time bank, which lasts the whole
session and never refills. When both run out the table acts for the player (check if it is
legal, else fold; a bring-in that is due is posted). The dealer's choice has a clock of its own.

Times are :func:`time.monotonic` seconds, so a change of the wall clock changes nothing.

>>> clock = TurnClock(action=10.0, bank=5.0, started=100.0)
>>> clock.deadline, clock.left(104.0), clock.left(112.0)
(115.0, (6.0, 5.0), (0.0, 3.0))
>>> clock.bank_after(112.0), clock.bank_after(103.0), clock.bank_after(200.0)
(3.0, 5.0, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TurnClock"]


@dataclass(frozen=True, slots=True)
class TurnClock:
    """One turn's clock: ``action`` seconds, then ``bank`` more, from ``started``."""

    action: float
    bank: float
    started: float

    @property
    def deadline(self) -> float:
        """When the turn is up, clock and time bank spent."""
        return self.started + self.action + self.bank

    def left(self, now: float) -> tuple[float, float]:
        """The action clock and the time bank left at ``now``."""
        used = max(0.0, now - self.started)
        clock = max(0.0, self.action - used)
        bank = max(0.0, self.bank - max(0.0, used - self.action))
        return round(clock, 3), round(bank, 3)

    def bank_after(self, now: float) -> float:
        """What is left of the time bank when the player acts at ``now``."""
        return self.left(now)[1]
