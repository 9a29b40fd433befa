"""Each player's luck tonight: the chips their hands won against the chances they had when the
money went in, summed over the night's finished hands.

A hand counts when its betting ended before its last cards and two hands or more were shown
(:mod:`wildstud.odds.luck`: from then on the cards alone decided, so what a hand won less its
pot share at that moment is luck). The odds are the ones the table could know once the hand was
over: the cards the showdown showed, every other hidden card unknown, so a player's luck
reveals no card that was not shown. Each hand's figures are worked out once, off the event loop,
and kept with the hand's other answers (:mod:`wildstud.server.reads`); the night's are their sum,
by ledger account (the player id each hand stores for each of its seats).

>>> from wildstud.bots import CallingBot, play_out
>>> from wildstud.cards import Deck
>>> from wildstud.deal import Hand
>>> from wildstud.server.store.records import HandSetup
>>> hand = Hand("FTQ", [3, 100], deck=Deck(seed=1))
>>> play_out(hand, CallingBot())
>>> setup = HandSetup(1, 0, "follow-the-queen", {}, (0, 1), ("ann", "bob"), 1, (3, 100), ("a", "b"))
>>> luck = hand_luck_by_player(setup, hand)
>>> sorted(luck), round(sum(luck.values()), 6)
(['a', 'b'], 0.0)
>>> night = night_luck("t1", 1, [(1, setup, luck)])
>>> [(player["name"], player["hands"]) for player in night["players"]]
[('ann', 1), ('bob', 1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from wildstud.deal import Hand
from wildstud.server.store.records import HandSetup

__all__ = ["hand_luck_by_player", "may_have_luck", "night_luck"]


def may_have_luck(summary: Mapping[str, Any] | None) -> bool:
    """Whether a finished hand's stored summary (its spectator's history) shows two hands or
    more: a hand with fewer shown has no luck to count, and is not replayed to find out."""
    events = (summary or {}).get("events", ())
    return len({event.get("seat") for event in events if event.get("type") == "shown"}) >= 2


def hand_luck_by_player(setup: HandSetup, hand: Hand) -> dict[str, float]:
    """The luck of each player of a finished hand, by player id; empty when the hand has none
    (or was stored before hands kept their player ids)."""
    # Imported when luck is first asked for, as the replay's odds are (server/hindsight.py):
    # the odds engine brings NumPy and Numba, which most nights' starts do without.
    from wildstud.odds.luck import hand_luck

    luck = hand_luck(hand)
    if luck is None or not setup.player_ids:
        return {}
    return {setup.player_ids[seat]: chips for seat, chips in luck.luck.items()}


def night_luck(
    table_id: str, looked_at: int, hands: Iterable[tuple[int, HandSetup, Mapping[str, float]]]
) -> dict[str, Any]:
    """The night's luck in the shape of :class:`~wildstud.server.schemas.NightLuck`:
    ``looked_at`` finished hands, and ``hands`` (number, setup, each player's luck) those that
    had luck. A player is named as in the latest hand they played."""
    luck: dict[str, float] = {}
    counted: dict[str, int] = {}
    names: dict[str, str] = {}
    numbers = []
    for number, setup, by_player in sorted(hands, key=lambda hand: hand[0]):
        if not by_player:
            continue
        numbers.append(number)
        for player, chips in by_player.items():
            luck[player] = luck.get(player, 0.0) + chips
            counted[player] = counted.get(player, 0) + 1
            names[player] = setup.names[setup.player_ids.index(player)]
    players = [
        {"player_id": player, "name": names[player], "luck": luck[player], "hands": counted[player]}
        for player in sorted(luck, key=lambda player: (names[player].casefold(), player))
    ]
    return {"table_id": table_id, "looked_at": looked_at, "hands": numbers, "players": players}
