"""The table's settings, its menu and the host's notices: a slice of the table's pure core
(:mod:`.core`).

The host changes the settings (``PATCH /api/host/{token}/rules``, :class:`UpdateRules`); the
games and stakes apply from the next hand, and the change is said to the table as a notice
(:mod:`wildstud.server.console`) that holds until the hand it applies from is over
(:class:`NoticesPlayed`, which the hand runner sends as it ends a hand). A change is stored
first, with the table's row, and only then adopted and told; a change of the menu calls off the
dealer's choice in progress (a follow-up command for the hand runner), and opening or closing
the chat to spectators is the chat slice's to tell them (a follow-up command too).

The menu of a table's settings:

>>> from wildstud.server.schemas import GameEntry
>>> menu = build_menu(TableSettings(name="x", games=[GameEntry(game="FTQ")]))
>>> [item.game.name for item in menu.items]
['follow-the-queen']
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pydantic import ValidationError

from wildstud.deal import PrivateHand
from wildstud.errors import OptionError, TableError, WildstudError
from wildstud.server.console import notice_frame, settings_changes
from wildstud.server.menu import Menu
from wildstud.server.schemas import RulesUpdate, TableSettings
from wildstud.server.store.records import Changes, Notice, TableState
from wildstud.server.table.chat import SpectatorsOpen
from wildstud.server.table.core import (
    CancelChoice,
    Command,
    Effect,
    Everyone,
    News,
    Outcome,
    Refused,
    TableNews,
)

__all__ = [
    "COMMANDS",
    "NoticesPlayed",
    "SettingsState",
    "UpdateRules",
    "build_menu",
    "handle",
]


def build_menu(settings: TableSettings) -> Menu:
    """The menu of a table's settings; refuses unknown games, bad house rules, a menu none of
    whose games can seat a full table and, under a private deal, a house rule it cannot play
    (:class:`~wildstud.deal.PrivateHand`) and the rabbit hunt (house rule ``private_odds``)."""
    private = settings.deal == "private"
    if private and settings.rabbit_hunt:
        raise OptionError(
            "a private deal has no rabbit to hunt (house rule private_odds): the cards it never"
            " dealt are never unmasked, so nobody could show them; leave rabbit_hunt off"
        )
    menu = Menu.build(
        [entry.model_dump() for entry in settings.games],
        settings.stakes.model_dump(),
        private=private,
    )
    menu.check_seats(settings.seats)
    if private:
        for item in menu.items:  # a house rule a private deal cannot play is refused, why named
            PrivateHand(item.game, [1, 1], item.options)
    return menu


@dataclass(frozen=True, slots=True)
class SettingsState:
    """What the slice holds: the settings, their menu, and the host's notices for the hand in
    progress and the next, oldest first."""

    settings: TableSettings
    menu: Menu
    notices: tuple[Notice, ...] = ()

    @classmethod
    def of(cls, settings: TableSettings, notices: tuple[Notice, ...] = ()) -> SettingsState:
        """The state of ``settings`` (their menu built)."""
        return cls(settings, build_menu(settings), notices)


@dataclass(frozen=True, slots=True)
class UpdateRules(Command):
    """The host changes the settings. ``row``: the table's row as it stands (stored again with
    the new settings); ``next_hand``: the number of the hand the change applies from."""

    update: RulesUpdate
    row: TableState
    next_hand: int


@dataclass(frozen=True, slots=True)
class NoticesPlayed(Command):
    """Hand ``number`` is over (and stored): the notices that held for it are done."""

    number: int


def handle(state: SettingsState, command: Command, now: float) -> Outcome[SettingsState]:
    """The settings slice: the outcome of ``command`` (see the module's description)."""
    if isinstance(command, NoticesPlayed):
        notices = tuple(notice for notice in state.notices if notice.hand > command.number)
        return Outcome(replace(state, notices=notices))
    assert isinstance(command, UpdateRules)
    update, current = command.update, state.settings
    if current.tournament is not None and (
        (update.stakes is not None and update.stakes != current.stakes)
        or (update.starting_chips is not None and update.starting_chips != current.starting_chips)
    ):
        # A tournament's stakes are its levels', and every entrant starts with the same chips.
        refusal = TableError("a tournament's stakes follow its levels, and its starting chips stay")
        return Outcome(state, reply=Refused(refusal))
    values = state.settings.model_dump()
    values.update(command.update.model_dump(exclude_none=True))
    try:
        settings = TableSettings.model_validate(values)
        menu = build_menu(settings)
    except (ValidationError, WildstudError) as error:
        return Outcome(state, reply=Refused(error))
    change = settings_changes(state.settings, settings)
    notices = (Notice(command.next_hand, "rules", change),) if change else ()
    row = replace(command.row, settings=settings.model_dump(mode="json"))
    news: tuple[News | TableNews, ...] = (TableNews(),)
    news += tuple(News(Everyone(), notice_frame(item)) for item in notices)
    follow: tuple[Command, ...] = (CancelChoice(),)
    if settings.spectator_chat != state.settings.spectator_chat:
        follow += (SpectatorsOpen(settings.spectator_chat),)
    new = SettingsState(settings, menu, state.notices + notices)
    changes = Changes(table=row, notices=list(notices))
    return Outcome(new, effect=Effect(changes), news=news, follow=follow)


COMMANDS: tuple[type[Command], ...] = (UpdateRules, NoticesPlayed)
"""The commands the settings slice takes."""
