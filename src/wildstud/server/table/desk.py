"""The tournament desk's slice of the table's pure core: its state is the tournament (a
:class:`~wildstud.server.tourney.Tourney`, ``None`` at a cash table), its commands the host's
rebuy and add-on (:class:`GiveRebuy`, :class:`GiveAddOn`), and :func:`handle` is pure: what a
command needs of the table (the seats' rows, whether the seat is in the hand in play, the
tournament's settings) comes with it, made as its turn comes. The rest of the desk, which the
hand runner and the seating's follow-ups use under the table's lock, is :mod:`.tournament`'s
:class:`~.tournament.Desk`, which reads the same state.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from wildstud.errors import TableError
from wildstud.server.store.records import Changes, SeatState
from wildstud.server.table.core import Command, Effect, Outcome, Refused, TableNews, credit
from wildstud.server.tourney import Tourney
from wildstud.server.tourney_schemas import TournamentSettings
from wildstud.tournament import TournamentError

__all__ = [
    "COMMANDS",
    "NAME",
    "GiveAddOn",
    "GiveRebuy",
    "addon_open",
    "handle",
    "may_rebuy",
    "rebuys_open",
    "synced",
]

NAME = "tournament"
"""The slice's name: the key of the tournament's new value among the writer's staged states
in a change (:meth:`.actor.Actor.fold`, :meth:`.tournament.Desk._put`)."""


# -- the rules, as pure functions of the tournament and its settings -----------------------------


def rebuys_open(state: Tourney, rules: TournamentSettings) -> bool:
    """Whether the level (or the break after it) is one rebuys are open in."""
    return not state.finished and state.level_number(rules.schedule()) <= rules.rebuy_levels


def addon_open(state: Tourney, rules: TournamentSettings) -> bool:
    """Whether the add-on is open now."""
    if rules.addon_chips == 0 or state.finished:
        return False
    until = rules.addon_levels or rules.rebuy_levels or 1
    return state.level_number(rules.schedule()) <= until


def may_rebuy(state: Tourney, rules: TournamentSettings, player_id: str) -> bool:
    """Whether ``player_id`` may still rebuy (rebuys open, their limit not reached)."""
    entry = state.entry(player_id)
    limit = rules.rebuys_per_player
    return (
        entry is not None
        and entry.place is None
        and rebuys_open(state, rules)
        and (limit is None or entry.rebuys < limit)
    )


def synced(state: Tourney, rows: Iterable[SeatState]) -> Tourney:
    """``state`` with every seated player (``rows``, the seats' rows) who has not entered yet
    entered, in the order of their seats."""
    for row in sorted(rows, key=lambda row: row.seat):
        state = state.entered(row.player_id, row.seat, row.name, house=row.kind != "player")
    return state


# -- the desk's slice: the host's rebuys and add-ons ---------------------------------------------


@dataclass(frozen=True, slots=True)
class GiveRebuy(Command):
    """The host gives seat ``seat`` a rebuy, the money taken: the rebuy's chips now, or when
    the hand the seat was dealt into ends (``in_hand``: a hand never plays with chips that
    were not in it when it was dealt). What the desk needs of the table comes with it, made
    from the table as the command's turn comes: ``rows``, the seats' rows (those who have not
    entered yet enter), ``rules``, the tournament's settings (``None``: a cash table), and
    ``starting``, the table's starting chips (a rebuy is for a stack of at most that)."""

    seat: int
    rows: tuple[SeatState, ...]
    in_hand: bool
    rules: TournamentSettings | None
    starting: int


@dataclass(frozen=True, slots=True)
class GiveAddOn(GiveRebuy):
    """The host gives seat ``seat`` the add-on, the money taken (as :class:`GiveRebuy`)."""


COMMANDS: tuple[type[Command], ...] = (GiveRebuy, GiveAddOn)
"""The commands the desk's slice takes (the seating's follow-ups for the desk,
:data:`~.core.DESK`, are carried out into the seating's change:
:meth:`.tournament.Desk.folded`)."""


def handle(state: Tourney | None, command: Command, now: float) -> Outcome[Tourney | None]:
    """The desk's slice: the outcome of the host's rebuy or add-on (``state``: the tournament,
    ``None`` at a cash table). The write holds the tournament's new value, and, when the chips
    come now, the seat's row with its new stack and the ledger's entry for them; the seating
    takes the row once it is stored (a :class:`~.core.Credit`, folded into the same change).

    >>> from wildstud.server.tourney_schemas import TournamentSettings
    >>> rules = TournamentSettings.model_validate({"buy_in": 20, "rebuy_levels": 2}).made(1000)
    >>> row = SeatState(0, "p1", "ann", "player", None, 0, False, 0, 0.0, 0, False)
    >>> out = handle(Tourney(), GiveRebuy(0, (row,), False, rules, 1000), 5.0)
    >>> out.state.entry("p1").rebuys, out.effect.request.seats[0].stack, out.follow[0].row.stack
    (1, 1000, 1000)
    >>> handle(None, GiveRebuy(0, (row,), False, None, 1000), 5.0).reply
    Refused(error=TournamentError('this table is not a tournament'))
    """
    assert isinstance(command, GiveRebuy)
    try:
        return _give(state, command, now)
    except (TableError, TournamentError) as error:
        return Outcome(state, reply=Refused(error))


def _give(state: Tourney | None, command: GiveRebuy, now: float) -> Outcome[Tourney | None]:
    rules = command.rules
    if state is None or rules is None:
        raise TournamentError("this table is not a tournament")
    row = next((row for row in command.rows if row.seat == command.seat), None)
    if row is None:
        raise TableError(f"seat {command.seat} is empty")
    new = synced(state, command.rows)
    entry = new.entry(row.player_id)
    assert entry is not None
    if entry.place is not None:
        raise TournamentError(f"{row.name} is out of the tournament")
    if isinstance(command, GiveAddOn):
        if not addon_open(new, rules):
            raise TournamentError("the add-on is not open now")
        if entry.addon:
            raise TournamentError(f"{row.name} has had the add-on")
        chips = rules.addon_chips
        new = new.added_on(row.player_id, chips if command.in_hand else 0)
    else:
        if not rebuys_open(new, rules):
            raise TournamentError("rebuys are closed")
        if not may_rebuy(new, rules, row.player_id):
            raise TournamentError(
                f"{row.name} has had the {rules.rebuys_per_player} rebuys a player may"
            )
        if row.stack > command.starting:
            raise TournamentError(
                f"{row.name} has {row.stack} chips: a rebuy is for a stack of at most"
                f" the {command.starting} starting chips"
            )
        chips = command.starting if rules.rebuy_chips is None else rules.rebuy_chips
        new = new.rebought(row.player_id, chips if command.in_hand else 0)
    changes = Changes(tournament=new.to_json(now))
    # In a hand the chips come when it ends (:meth:`.tournament.Desk.hand_ended`).
    follow: tuple[Command, ...] = () if command.in_hand else (credit(row, chips, changes),)
    return Outcome(new, effect=Effect(changes), news=(TableNews(),), follow=follow)
