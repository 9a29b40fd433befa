"""The table's pace between hands: how long the last hand's cards stay on the table.

A hand won without a showdown (everyone else folded) leaves ``hand_pause`` seconds before the
next deal; a hand that ended in a showdown leaves ``showdown_pause`` seconds (at least
``hand_pause``), long enough to read every hand shown, while the clients highlight the winning
hands. The clients learn the pause from the table's settings.

>>> from wildstud.server.schemas import GameEntry, TableSettings
>>> settings = TableSettings(name="t", games=[GameEntry(game="FTQ")], hand_pause=2)
>>> settings.showdown_pause, pause_after(settings, showdown=True)
(6.0, 6.0)
>>> pause_after(settings, showdown=False)
2.0
"""

from __future__ import annotations

from wildstud.deal import Hand, Shown
from wildstud.server.schemas import TableSettings

__all__ = ["hand_pause", "pause_after"]


def pause_after(settings: TableSettings, *, showdown: bool) -> float:
    """Seconds between a hand's end and the next deal."""
    if showdown:
        return max(settings.hand_pause, settings.showdown_pause)
    return settings.hand_pause


def hand_pause(settings: TableSettings, hand: Hand) -> float:
    """Seconds between the end of ``hand`` and the next deal: whether it ended in a showdown
    is read from its events (a hand shown). At a table that hunts the rabbit (the setting
    ``rabbit_hunt``) a hand won by a fold stays as long as a showdown: the players have time
    to ask for the cards that would have come, and to look at them."""
    shown = any(isinstance(event, Shown) for event in hand.events)
    return pause_after(settings, showdown=shown or settings.rabbit_hunt)
