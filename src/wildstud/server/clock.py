"""The clocks of a table: the action clock of the seat to act and its time bank, the pauses the
driver keeps (a bot's delay, the look at the card that calls for a redeal), and the waits after
a failure.

A player has the action clock to act, then draws on the time bank, which lasts the whole
session and never refills. When both run out the table acts for the player (check if it is
legal, else fold; a bring-in that is due is posted). The dealer's choice has a clock of its own.

Times are :func:`time.monotonic` seconds, so a change of the wall clock changes nothing.

>>> clock = TurnClock(action=10.0, bank=5.0, started=100.0)
>>> clock.deadline, clock.left(104.0), clock.left(112.0)
(115.0, (6.0, 5.0), (0.0, 3.0))
>>> clock.bank_after(112.0), clock.bank_after(103.0), clock.bank_after(200.0)
(3.0, 5.0, 0.0)

A turn is timed once, by the change that makes it; timing it again changes nothing (a
:class:`Turn` is a value: timing one makes a new one):

>>> turn = Turn().start((1, 9), 5.0, now=100.0, action=10.0, bot_delay=1.0, redeal_pause=3.0)
>>> turn.clock.deadline, turn.bot_due, turn.redeal_due
(115.0, 101.0, 103.0)
>>> turn.start((1, 9), 0.0, now=150.0, action=10.0, bot_delay=1.0, redeal_pause=3.0) is turn
True
>>> turn.forgotten().start((1, 9), 0.0, now=150.0, action=10.0, bot_delay=1.0,
...                        redeal_pause=3.0).clock.deadline
160.0
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["RETRY_BACKOFF", "Backoff", "Turn", "TurnClock"]


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


@dataclass(frozen=True, slots=True)
class Turn:
    """What the runner times in the hand in progress: the turn it last timed, identified by the
    hand's number and how many events it had (a redeal pending is a turn of the dealer's), its
    clock, and when a bot may act or the redeal is carried out.

    A turn the runner has not timed yet, whether new, resumed after a pause or the turn a
    restarted server found, starts with a fresh action clock and the time bank the seat has:
    time the table was paused or the server was down never counts against anyone.
    """

    key: tuple[int, int] | None = None
    clock: TurnClock | None = None
    """The clock of the player to act (``None`` between hands and while the dealer deals)."""
    bank: float = 0.0
    """The time bank of the player to act when the turn started."""
    bot_due: float = 0.0
    redeal_due: float = 0.0

    def start(
        self,
        key: tuple[int, int] | None,
        bank: float | None,
        *,
        now: float,
        action: float,
        bot_delay: float,
        redeal_pause: float,
    ) -> Turn:
        """This turn, timing turn ``key`` (``None``: nobody is to act) unless it is the one
        being timed (then this very value); ``bank`` is the time bank of the player to act
        (``None``: the dealer's turn, a redeal)."""
        if key is None:
            return (
                self
                if self.key is None and self.clock is None
                else replace(self, key=None, clock=None)
            )
        if key == self.key:
            return self
        return Turn(
            key=key,
            clock=None if bank is None else TurnClock(action, bank, now),
            bank=0.0 if bank is None else bank,
            bot_due=now + bot_delay,
            redeal_due=now + redeal_pause,
        )

    def forgotten(self) -> Turn:
        """This turn, to be timed afresh when timed next, even if it is the same one (a paused
        table resumes)."""
        return replace(self, key=None)


@dataclass(slots=True)
class Backoff:
    """Waits that double with each failure in a row, up to ``cap`` seconds, and start again
    from ``first`` after a success.

    >>> backoff = Backoff(first=0.5, cap=4.0)
    >>> [backoff.fail() for _ in range(5)], backoff.failures
    ([0.5, 1.0, 2.0, 4.0, 4.0], 5)
    >>> backoff.succeed(); backoff.next, backoff.fail()
    (0.5, 0.5)
    """

    first: float
    cap: float
    failures: int = 0

    def wait(self, failures: int) -> float:
        """How long to wait before trying again after ``failures + 1`` failures in a row (a
        pure function, for a slice that keeps its count in its own state).

        >>> [Backoff(first=1.0, cap=30.0).wait(n) for n in range(7)]
        [1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]
        """
        return min(self.cap, self.first * 2.0 ** min(failures, 32))

    @property
    def next(self) -> float:
        """How long the next failure waits (:meth:`fail`)."""
        return self.wait(self.failures)

    def fail(self) -> float:
        """Note a failure; returns how long to wait before trying again."""
        wait = self.wait(self.failures)
        self.failures += 1
        return wait

    def succeed(self) -> None:
        """Note a success: the next failure waits ``first`` again."""
        self.failures = 0


RETRY_BACKOFF = Backoff(first=1.0, cap=30.0)
"""How long a table's own work waits after failing, doubling while it keeps failing: the
driver's (a bug, a store that refused its change) and the private deals' audit's (a read or a
write of the store). A template: each user counts its failures in a copy, or in its state."""
