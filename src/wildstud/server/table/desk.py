"""The tournament desk's slice of the table's pure core: its state is the tournament (a
:class:`~wildstud.server.tourney.Tourney`, ``None`` at a cash table), its commands the host's
rebuy and add-on (:class:`GiveRebuy`, :class:`GiveAddOn`) and the seating's follow-ups for the
desk (:class:`~.core.TableRuns`: its clock runs with the table; :class:`~.core.PlayerOut`: a
player who leaves is out; :class:`~.core.DealMade`: a deal pays the prizes), and
:func:`handle` is pure: what a command needs of the table (the seats' rows, whether a hand is
in play, the hands dealt, the table's row, the tournament's settings) comes with it, made as
its turn comes (a follow-up's :class:`~.core.AtTable`, by :attr:`.actor.Slice.made`). The
follow-ups are folded into the seating's change that asks them (:meth:`.actor.Actor.fold`),
and a knock-out that leaves one player in ends the night in the same change (the seating's
:class:`~.seating.EndNight`, the desk's own follow-up). The hand runner's follow-ups are
taken the same way: a hand dealt counts in its level (:class:`HandDealt`), a hand's end busts,
places and pays (:class:`HandFinished`). The rest of the desk, which the hand runner reads
under the table's lock (the stakes of the level a hand is dealt at, a break's time left), is
:mod:`.tournament`'s :class:`~.tournament.Desk`, which reads the same state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from wildstud.errors import TableError
from wildstud.server.store.records import Changes, SeatState, TableState
from wildstud.server.table.core import (
    AtTable,
    Command,
    DealMade,
    Effect,
    Outcome,
    PlayerOut,
    TableNews,
    TableRuns,
    checked,
    credit,
)
from wildstud.server.table.seating import EndNight, TableStatus
from wildstud.server.tourney import Entry, Tourney
from wildstud.server.tourney_schemas import TournamentSettings
from wildstud.tournament import TournamentError

__all__ = [
    "COMMANDS",
    "NAME",
    "GiveAddOn",
    "GiveRebuy",
    "HandDealt",
    "HandFinished",
    "addon_open",
    "handle",
    "may_rebuy",
    "placed",
    "pool",
    "prices",
    "rebuys_open",
    "synced",
    "with_chips",
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


def prices(rules: TournamentSettings) -> tuple[int, int, int]:
    """What an entry, a rebuy and the add-on cost."""
    rebuy = rules.buy_in if rules.rebuy_price is None else rules.rebuy_price
    addon = rules.buy_in if rules.addon_price is None else rules.addon_price
    return rules.buy_in, rebuy, addon


def pool(state: Tourney, rules: TournamentSettings) -> int:
    """The prize pool: everything the entrants paid in."""
    paid = prices(rules)
    return sum(entry.paid(*paid) for entry in state.entries)


def with_chips(state: Tourney, stacks: Mapping[str, int]) -> tuple[list[Entry], list[int]]:
    """The players of ``state`` still in and seated with chips (``stacks``: the chips of each
    seated player), and their chips; a deal is for 2 to 16 of them, else
    :class:`~wildstud.tournament.TournamentError`."""
    left = [entry for entry in state.still_in if stacks.get(entry.player_id, 0) > 0]
    if len(left) < 2 or len(left) > 16:
        raise TournamentError("a deal is worked out for 2 to 16 players with chips")
    return left, [stacks[entry.player_id] for entry in left]


def placed(
    state: Tourney, rules: TournamentSettings, now: float, row: TableState
) -> tuple[Tourney, tuple[Command, ...]]:
    """``state``, and once every place is known (two entrants or more, none still in) the
    prizes paid and its clock stopped, with the seating's end of the night to follow
    (``row``: the table's row as the change in hand leaves it; nothing when the night is over
    already, as when the host ended it)."""
    if state.finished or len(state.entries) < 2 or state.still_in:
        return state, ()
    state = state.finish(pool(state, rules), rules.payouts).stopped(now)
    if row.status == TableStatus.ENDED.value:
        return state, ()
    return state, (EndNight(row),)


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


@dataclass(frozen=True, slots=True)
class HandFinished(Command):
    """Hand ``number`` is over: the chips bought during it come to their seats, those it
    emptied bust (and go out, or wait to rebuy), and once one player holds every chip the
    prizes are paid and the night ends (the seating's :class:`~.seating.EndNight`). The hand
    runner's follow-up of a hand's end (:func:`.hand_end.finish_hand`), folded into the change
    that ends it; ``starts``: each player dealt in, with the chips they began it with; ``at``:
    what the desk needs of the table as that change leaves it (the seats' rows with the
    stacks the hand left, those who left it gone), made as its turn comes."""

    number: int
    starts: tuple[tuple[str, int], ...]
    at: AtTable | None = field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class HandDealt(Command):
    """A hand is dealt at ``when``: the clock rolled on to then, the hand counted in its level
    (whose stakes it plays: :meth:`.tournament.Desk.menu_at`, read at the same ``when``), and
    the players waiting with an empty stack out once rebuys have closed; refused on a break.
    The hand runner's follow-up of a deal (:func:`.hand_start.start_hand`), folded into the
    change that deals it; ``at``: what the desk needs of the table (the seats' rows: those who
    have not entered yet enter), made as its turn comes."""

    when: float
    at: AtTable | None = field(default=None, kw_only=True)


COMMANDS: tuple[type[Command], ...] = (
    GiveRebuy,
    GiveAddOn,
    TableRuns,
    PlayerOut,
    DealMade,
    HandDealt,
    HandFinished,
)
"""The commands the desk's slice takes: the host's, and the seating's and the hand runner's
follow-ups (each made whole by the table as its turn comes: :class:`~.core.AtTable`)."""


def handle(state: Tourney | None, command: Command, now: float) -> Outcome[Tourney | None]:
    """The desk's slice: the outcome of ``command`` (``state``: the tournament, ``None`` at a
    cash table, where the seating's follow-ups do nothing and a deal or a rebuy is refused).
    The write holds the tournament's new value, and, for a rebuy or an add-on whose chips come
    now, the seat's row with its new stack and the ledger's entry for them; the seating takes
    the row once it is stored (a :class:`~.core.Credit`, folded into the same change).

    >>> from wildstud.server.tourney_schemas import TournamentSettings
    >>> rules = TournamentSettings.model_validate({"buy_in": 20, "rebuy_levels": 2}).made(1000)
    >>> row = SeatState(0, "p1", "ann", "player", None, 0, False, 0, 0.0, 0, False)
    >>> out = handle(Tourney(), GiveRebuy(0, (row,), False, rules, 1000), 5.0)
    >>> out.state.entry("p1").rebuys, out.effect.request.seats[0].stack, out.follow[0].row.stack
    (1, 1000, 1000)
    >>> handle(None, GiveRebuy(0, (row,), False, None, 1000), 5.0).reply
    Refused(error=TournamentError('this table is not a tournament'))

    A player who leaves is out at once, below everyone still in; the last one in wins, and the
    night ends with the knock-out (the seating's :class:`~.seating.EndNight`, folded into the
    same change):

    >>> bob = SeatState(1, "p2", "bob", "player", None, 900, False, 0, 0.0, 0, False)
    >>> table = TableState("t", "x", "h", "j", "w", {}, "running", 0, 3, None)
    >>> at = AtTable(rules, (bob,), 3, False, table)
    >>> out = handle(Tourney(), PlayerOut(row, at=at), 5.0)
    >>> [(entry.name, entry.place, entry.prize) for entry in out.state.entries]
    [('ann', 2, 0), ('bob', 1, 40)]
    >>> out.follow == (EndNight(table),), out.effect.request.tournament["finished"]
    (True, True)
    """
    if isinstance(command, GiveRebuy):
        return checked(state, lambda: _give(state, command, now))
    assert isinstance(command, TableRuns | PlayerOut | DealMade | HandDealt | HandFinished)
    at = command.at
    assert at is not None, "the table makes a follow-up for the desk whole (Slice.made)"
    return checked(state, lambda: _follow_up(state, command, at, now))


def _follow_up(
    state: Tourney | None,
    command: TableRuns | PlayerOut | DealMade | HandDealt | HandFinished,
    at: AtTable,
    now: float,
) -> Outcome[Tourney | None]:
    rules = at.rules
    if state is None or rules is None:
        if isinstance(command, DealMade):
            raise TournamentError("this table is not a tournament")
        return Outcome(state)  # a cash table's clock and players are nobody's here
    if isinstance(command, HandFinished):
        return _hand_finished(state, command, rules, at, now)
    if isinstance(command, HandDealt):
        when = command.when
        new, _ = synced(state, at.rows).dealt(when, rules.schedule())
        # Those who busted and did not rebuy before this hand was dealt go out.
        new = new.knocked_out([entry for entry in new.still_in if entry.busted is not None])
        return _written(new, when)
    follow: tuple[Command, ...] = ()
    if isinstance(command, TableRuns):
        new = state.started(now) if command.running else state.stopped(now)
    elif isinstance(command, PlayerOut):
        # Entered first (a player who sat down and left before a hand was dealt is out too).
        new = synced(state, (*at.rows, command.row))
        new = new.departed(command.row.player_id, at.hands_dealt)
        new, follow = placed(new, rules, now, at.row)
    else:
        new = _deal(state, command.kind, rules, at)
        new = new.stopped(now)
    return _written(new, now, follow=follow)


def _hand_finished(
    state: Tourney, command: HandFinished, rules: TournamentSettings, at: AtTable, now: float
) -> Outcome[Tourney | None]:
    """Hand ``command.number`` is over, the seats as ``at`` has them: bust, place and pay; once
    one player holds every chip, the night ends."""
    state = state.rolled(now, rules.schedule(), between_hands=True)
    changes = Changes()
    credits: list[Command] = []
    stacks: dict[str, int] = {}
    for row in at.rows:
        entry = state.entry(row.player_id)
        if entry is not None and entry.pending:
            # Chips bought during the hand come now, before anyone is found busted: the
            # seat's row with them and the ledger's entry, which the seating takes by a
            # credit folded into the same change.
            granted = credit(row, entry.pending, changes)
            credits.append(granted)
            row = granted.row
            state = state.paid_out(row.player_id)
        stacks[row.player_id] = row.stack
    may = {entry.player_id: may_rebuy(state, rules, entry.player_id) for entry in state.entries}
    state = state.hand_ended(command.number, dict(command.starts), stacks, may)
    state, ended = placed(state, rules, now, at.row)
    return _written(state, now, changes, follow=(*credits, *ended))


def _deal(state: Tourney, kind: str, rules: TournamentSettings, at: AtTable) -> Tourney:
    """The prizes paid by a deal of ``kind`` between the players left with chips."""
    if at.in_hand:
        raise TournamentError("a deal is made between hands: once this hand ends")
    state = synced(state, at.rows)
    if state.finished:
        raise TournamentError("the tournament is over")
    stacks = {row.player_id: row.stack for row in at.rows}
    with_chips(state, stacks)
    busted = [entry for entry in state.still_in if entry.busted is not None]
    state = state.knocked_out(busted)
    return state.dealt_out(kind, stacks, pool(state, rules), rules.payouts)


def _written(
    state: Tourney, now: float, changes: Changes | None = None, follow: tuple[Command, ...] = ()
) -> Outcome[Tourney | None]:
    """The outcome that stores ``state``, the tournament's new value, with ``changes``."""
    changes = Changes() if changes is None else changes
    changes.tournament = state.to_json(now)
    return Outcome(state, effect=Effect(changes), news=(TableNews(),), follow=follow)


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
    changes = Changes()
    # In a hand the chips come when it ends (:meth:`.tournament.Desk.hand_ended`).
    follow: tuple[Command, ...] = () if command.in_hand else (credit(row, chips, changes),)
    return _written(new, now, changes, follow)
