"""What the host's console changes, said to the table in words.

When the host changes the games, house rules, stakes or clocks, every client is sent a
``notice`` frame (``{"type": "notice", "kind": "rules", "text": ..., "hand": N}``: the change
holds from hand ``N``, the next one dealt), the table shows it and adds it to the hand log. The
notice is stored with the change, sent again to a client that connects before hand ``N`` is
over, and kept in hand ``N``'s record (``notices`` in ``GET /api/tables/{id}/hands/{N}``).

>>> from wildstud.server.schemas import GameEntry, StakesModel, TableSettings
>>> old = TableSettings(name="x", games=[GameEntry(game="FTQ")])
>>> new = old.model_copy(update={"stakes": StakesModel(small_bet=10, big_bet=20),
...                              "action_clock": 20.0})
>>> describe_change(old, new)
'The host changed the stakes to fixed limit, ante 1, bring-in 2, bets 10/20, raise cap 3 and \
the action clock to 20 s.'
>>> describe_change(old, old) is None
True
"""

from __future__ import annotations

from typing import Any

from wildstud.games import find_game
from wildstud.server.frames import NoticeFrame
from wildstud.server.menu import TABLE_HOUSE_RULES, game_name
from wildstud.server.schemas import GameEntry, StakesModel, TableSettings
from wildstud.server.store import Notice

__all__ = ["describe_change", "notice_frame"]

_CLOCKS = {
    "action_clock": ("the action clock", "s"),
    "away_clock": ("the away clock", "s"),
    "time_bank": ("the time bank", "s"),
    "choice_clock": ("the dealer's choice clock", "s"),
    "bot_delay": ("the bots' delay", "s"),
    "hand_pause": ("the pause between hands", "s"),
    "redeal_pause": ("the redeal pause", "s"),
    "muck_clock": ("the show-or-muck clock", "s"),
    "runout_pause": ("the pause between the streets of an all-in run-out", "s"),
    "idle_minutes": ("the idle time", "min"),
    "absent_hands": ("the hands a player may miss before sitting out", ""),
    "starting_chips": ("the starting chips", ""),
}


def _stakes(stakes: StakesModel) -> str:
    """The stakes as the structure uses them: in pot and no limit there is a least bet, and
    neither a big bet nor a raise cap (every raise is open).

    >>> print(_stakes(StakesModel(limit="no-limit", small_bet=10, big_bet=20, raise_cap=3)))
    no limit, ante 1, bring-in 2, bets of 10 or more
    """
    start = f"{stakes.limit.replace('-', ' ')}, ante {stakes.ante}, bring-in {stakes.bring_in}"
    if stakes.limit in ("pot-limit", "no-limit"):
        return f"{start}, bets of {stakes.small_bet} or more"
    cap = "no raise cap" if stakes.raise_cap is None else f"raise cap {stakes.raise_cap}"
    return f"{start}, bets {stakes.small_bet}/{stakes.big_bet}, {cap}"


def _games(games: list[GameEntry]) -> str:
    """The games by the names players know them by, whatever the host typed (``baby-daddy``
    with five cards is Who Da Baby Daddy Is (BD5)), each with the house rules its name does not
    already say.

    >>> print(_games([GameEntry(game="baby-daddy", house_rules={"cards": 5}),
    ...               GameEntry(game="follow-the-queen", house_rules={"queens": "all"})]))
    Who Da Baby Daddy Is (BD5), Follow the Queen with queens all
    >>> print(_games([GameEntry(game="FTQ", house_rules={"free_fold": True}),
    ...               GameEntry(game="FTQ", house_rules={"free_fold": False})]))
    Follow the Queen, Follow the Queen with free fold False
    """
    parts = []
    for entry in games:
        game = find_game(entry.game)
        rules = game.rules(game.options(entry.house_rules))
        # What the name says, at a table's defaults (free_fold on: TABLE_HOUSE_RULES).
        implied = find_game(rules.code).options(TABLE_HOUSE_RULES).to_mapping()
        said = [
            f"{name.replace('_', ' ')} {value}"
            for name, value in entry.house_rules.items()
            if implied.get(name) != value
        ]
        name = game_name(rules.title, rules.code)
        parts.append(f"{name} with {', '.join(said)}" if said else name)
    return ", ".join(parts)


def _number(value: float) -> str:
    return f"{value:g}"


def describe_change(old: TableSettings, new: TableSettings) -> str | None:
    """One sentence naming what changed from ``old`` to ``new`` (``None``: nothing did)."""
    parts = []
    if old.games != new.games:
        parts.append(f"the games to {_games(new.games)}")
    if old.stakes != new.stakes:
        parts.append(f"the stakes to {_stakes(new.stakes)}")
    for field, (words, unit) in _CLOCKS.items():
        before, after = getattr(old, field), getattr(new, field)
        if before != after:
            parts.append(f"{words} to {_number(after)}{' ' + unit if unit else ''}")
    if old.showdown_default != new.showdown_default:
        done = {"muck": "mucked", "show": "shown"}[new.showdown_default]
        parts.append(f"a losing hand nobody shows or mucks in time to be {done}")
    if old.rabbit_hunt != new.rabbit_hunt:
        parts.append("the rabbit hunt " + ("on" if new.rabbit_hunt else "off"))
    if old.seat_requests != new.seat_requests:
        parts.append("seating to " + ("by request" if new.seat_requests else "open"))
    if not parts:
        return None
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"The host changed {listed}."


def notice_frame(notice: Notice) -> dict[str, Any]:
    """A notice for every client: what the host did, from which hand on."""
    return NoticeFrame(kind="rules", text=notice.text, hand=notice.hand).frame()
