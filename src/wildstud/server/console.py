"""What the host's console changes, said to the table as data.

When the host changes the games, house rules, stakes or clocks, every client is sent a
``notice`` frame (``{"type": "notice", "kind": "rules", "changes": [...], "hand": N}``: the
change holds from hand ``N``, the next one dealt); each change names a ``setting`` and its new
value, and the page says it in its own words (``words.js``, held to
:func:`wildstud.words.describe_settings` by the golden table). The notice is stored with the
change, sent again to a client that connects before hand ``N`` is over, and kept in words in
hand ``N``'s record (``notices`` in ``GET /api/tables/{id}/hands/{N}``).

>>> from wildstud.server.schemas import GameEntry, StakesModel, TableSettings
>>> old = TableSettings(name="x", games=[GameEntry(game="FTQ")])
>>> new = old.model_copy(update={"stakes": StakesModel(small_bet=10, big_bet=20),
...                              "action_clock": 20.0})
>>> changes = settings_changes(old, new)
>>> [change["setting"] for change in changes], changes[1]
(['stakes', 'action_clock'], {'setting': 'action_clock', 'value': 20.0})
>>> settings_changes(old, old)
()
"""

from __future__ import annotations

from typing import Any

from wildstud.games import find_game
from wildstud.server.frames import NoticeFrame, SettingChange
from wildstud.server.menu import game_name, table_house_rules
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.store import Notice
from wildstud.words import SETTING_WORDS

__all__ = ["notice_frame", "settings_changes"]


def _games(games: list[GameEntry]) -> list[dict[str, Any]]:
    """The games by the names players know them by, whatever the host typed (``baby-daddy``
    with five cards is Who Da Baby Daddy Is · 5 cards), each with the house rules its name does not
    already say.

    >>> _games([GameEntry(game="baby-daddy", house_rules={"cards": 5}),
    ...         GameEntry(game="FTQ", house_rules={"free_fold": False})])
    [{'name': 'Who Da Baby Daddy Is · 5 cards', 'rules': {}}, \
{'name': 'Follow the Queen', 'rules': {'free_fold': False}}]
    """
    named = []
    for entry in games:
        game = find_game(entry.game)
        rules = game.rules(game.options(entry.house_rules))
        # What the name says, at a table's defaults (free_fold on: TABLE_HOUSE_RULES).
        table_game = find_game(rules.code)
        implied = table_game.options(table_house_rules(table_game)).to_mapping()
        said = {
            name: value for name, value in entry.house_rules.items() if implied.get(name) != value
        }
        named.append({"name": game_name(rules.title, rules.code), "rules": said})
    return named


def settings_changes(old: TableSettings, new: TableSettings) -> tuple[dict[str, Any], ...]:
    """What changed from ``old`` to ``new``, as the ``notice`` frame carries it: each a
    ``setting`` with its new ``value`` (or ``games``, or ``stakes``); empty if nothing did."""
    changes: list[dict[str, Any]] = []
    if old.games != new.games:
        changes.append({"setting": "games", "games": _games(new.games)})
    if old.stakes != new.stakes:
        changes.append({"setting": "stakes", "stakes": new.stakes.model_dump(mode="json")})
    changes.extend(
        {"setting": field, "value": getattr(new, field)}
        for field in SETTING_WORDS
        if getattr(old, field) != getattr(new, field)
    )
    for field in ("showdown_default", "seat_requests", "rabbit_hunt"):
        if getattr(old, field) != getattr(new, field):
            changes.append({"setting": field, "value": getattr(new, field)})
    return tuple(changes)


def notice_frame(notice: Notice) -> dict[str, Any]:
    """A notice for every client: what the host did, from which hand on."""
    changes = [SettingChange.model_validate(change) for change in notice.changes]
    frame = NoticeFrame(kind="rules", changes=changes, hand=notice.hand).frame()
    # Each change carries the one field its setting uses (``value``, ``games`` or ``stakes``).
    frame["changes"] = [
        {name: part for name, part in change.items() if part is not None}
        for change in frame["changes"]
    ]
    return frame
