"""How a seat is written: ``p1``, ``p2``, … in seat order from the dealer's left.

The engine numbers seats from 0; people, records (the PHH notation) and messages count from 1.
Every place that writes a seat for people or records writes it with :func:`seat_label`, so the
two numberings meet in one line.

>>> seat_label(0), seat_label(9)
('p1', 'p10')
"""

from __future__ import annotations

__all__ = ["seat_label"]


def seat_label(seat: int) -> str:
    """The label of the engine's seat ``seat`` (0-based): ``p1`` for seat 0."""
    return f"p{seat + 1}"
