"""The table's tournament: the clock and stakes of its levels at every hand, its entrants, the
host's rebuys and add-ons, the knock-outs as hands end, and the deal of the last players.

The tournament's state is a value (:class:`wildstud.server.tourney.Tourney`), the state of the
desk's slice (:mod:`.desk`), which the table reads as ``table.tournament``, replaced
under the table's lock and stored with the change that moves
it, in the same transaction: the change in hand works on its new value (staged with the
writer, :attr:`.writer.Writer.staged`), and the table takes it only once the change is stored
(a write the store refuses leaves the old value, as the seating's state: :mod:`.seating`, whose
end of the night a finished tournament folds into the same change). This part is the table's
hands on it:

- the driver asks it for the menu of the level a hand is dealt at (:meth:`Desk.menu_at`; the
  games are the table's, dealer's choice as at a cash table, the stakes the level's: the hand
  counts in the level by the desk's :class:`~.desk.HandDealt`, the deal's follow-up) and for
  the time left on a break (:meth:`Desk.break_left`);
- the desk's slice of the table's pure core (:mod:`.desk`, whose state is the tournament)
  takes the host's rebuy or add-on for the money taken (:class:`~.desk.GiveRebuy`,
  :class:`~.desk.GiveAddOn`: the chips, their ledger entry and the tournament's new value
  are one write, and the seating takes the seat's row by a :class:`~.core.Credit` folded
  into it), the seating's follow-ups (the clock runs and stops with the table,
  :class:`~.core.TableRuns`; a player who leaves is out, :class:`~.core.PlayerOut`; the deal
  the last players agree pays the prizes, :class:`~.core.DealMade`, from the seating's
  :class:`~.seating.EndNight` with its ``deal``) and the hand runner's as every hand is dealt
  (:class:`~.desk.HandDealt`: counted in its level) and at every hand's end
  (:class:`~.desk.HandFinished`: the chips bought during the hand come, the players it
  emptied go out and, once one holds every chip, the prizes are paid and the night ends),
  each folded into the change that asks it; this part makes them whole with what they need
  of the table as that change leaves it (:meth:`Desk.made`, :class:`~.core.AtTable`).

Chips enter only as buy-ins, rebuys (ledger reason ``rebuy`` for an empty stack, ``top-up``
for one at most the starting chips) and add-ons (``top-up``), each in the ledger, so the
ledger still adds up to the stacks; the money is the tournament's (its prize pool).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from wildstud.server.menu import Menu
from wildstud.server.store import LedgerEntry
from wildstud.server.table.core import AtTable, Command, DealMade, PlayerOut, TableRuns
from wildstud.server.table.desk import (
    NAME,
    HandDealt,
    HandFinished,
    addon_open,
    may_rebuy,
    pool,
    prices,
    rebuys_open,
    synced,
    with_chips,
)
from wildstud.server.table.seating import SeatingState
from wildstud.server.tourney import Tourney, prizes_of
from wildstud.server.tourney_schemas import LevelModel, TournamentSettings
from wildstud.tournament import Level, Schedule, chip_chop, deal, icm

if TYPE_CHECKING:
    from wildstud.server.table.table import Table

STAGED = NAME
"""The key of the tournament's new value in the writer's staged states (:meth:`.actor.Actor.fold`):
the name of the desk's slice (:mod:`.desk`), whose state it is."""

__all__ = ["Desk"]


class Desk:
    """A table's hands on its tournament (see the module's notes)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._menus: dict[Level, Menu] = {}

    # -- what the settings say -----------------------------------------------------------------

    @property
    def rules(self) -> TournamentSettings:
        """The tournament's settings (a tournament table only)."""
        rules = self.table.settings.tournament
        assert rules is not None
        return rules

    @property
    def state(self) -> Tourney:
        """The tournament as the change in hand leaves it; between changes, as stored (a
        tournament table only)."""
        staged: Tourney | None = self.table.writer.staged.get(STAGED)
        state = self.table.tournament if staged is None else staged
        assert state is not None
        return state

    def schedule(self) -> Schedule:
        """The level schedule."""
        return self.rules.schedule()

    def prices(self) -> tuple[int, int, int]:
        """What an entry, a rebuy and the add-on cost."""
        return prices(self.rules)

    def pool(self, state: Tourney) -> int:
        """The prize pool: everything the entrants paid in."""
        return pool(state, self.rules)

    def rebuys_open(self, state: Tourney) -> bool:
        """Whether the level (or the break after it) is one rebuys are open in."""
        return rebuys_open(state, self.rules)

    def addon_open(self, state: Tourney) -> bool:
        """Whether the add-on is open now."""
        return addon_open(state, self.rules)

    def registration_open(self, state: Tourney) -> bool:
        """Whether a newcomer may still sit down and enter."""
        if state.finished:
            return False
        if self.table.hands_dealt == 0:
            return True
        return state.level_number(self.schedule()) <= self.rules.late_levels

    def may_rebuy(self, state: Tourney, player_id: str) -> bool:
        """Whether ``player_id`` may still rebuy (rebuys open, their limit not reached)."""
        return may_rebuy(state, self.rules, player_id)

    # -- the driver's --------------------------------------------------------------------------

    def synced(self, state: Tourney) -> Tourney:
        """``state`` with every seated player who has not entered yet entered."""
        return synced(state, (seat.state() for seat in self.table.seats.values()))

    def on_break(self, now: float) -> tuple[float, int] | None:
        """The break the schedule stands at ``now``, between hands: the seconds left of it and
        its level's index (``None``: not on a break). Reads only."""
        schedule = self.schedule()
        state = self.state.rolled(now, schedule, between_hands=True)
        if not state.on_break(schedule):
            return None
        seconds, _ = state.left(now, schedule)
        return None if seconds is None else (seconds, state.index)

    def menu_at(self, now: float) -> Menu:
        """The menu of the level a hand dealt at ``now`` plays at (the games are the table's,
        the stakes the level's): a read of the tournament as the change in hand leaves it; the
        hand counts in its level by the desk's :class:`~.desk.HandDealt`, at the same ``now``
        (:func:`.hand_start.start_hand`'s follow-up)."""
        schedule = self.schedule()
        level = self.state.rolled(now, schedule, between_hands=True).level(schedule)
        menu = self._menus.get(level)
        if menu is None:
            settings = self.table.settings
            stakes = {
                **settings.stakes.model_dump(),
                "ante": level.ante,
                "bring_in": level.bring_in,
                "small_bet": level.small_bet,
                "big_bet": level.big_bet,
            }
            games = [entry.model_dump() for entry in settings.games]
            menu = Menu.build(games, stakes, private=settings.deal == "private")
            self._menus[level] = menu
        return menu

    # -- the seating's follow-ups, made whole --------------------------------------------------

    def made(self, command: Command) -> Command:
        """``command``, a follow-up of the seating's or the hand runner's for the desk's slice,
        with what it needs of the table as the change in hand leaves it
        (:class:`~.core.AtTable`); any other command as it is (:attr:`.actor.Slice.made`)."""
        made = TableRuns | PlayerOut | DealMade | HandDealt | HandFinished
        if isinstance(command, made) and command.at is None:
            return replace(command, at=self.at_table())
        return command

    def at_table(self) -> AtTable:
        """What the desk's follow-ups need of the table, as the change in hand leaves it: the
        seats as the seating's commands folded into it leave them, the hand runner's state
        and the table's row."""
        table = self.table
        seating: SeatingState = table.writer.staged.get("seating", table.seating)
        runner = table.driver.current
        return AtTable(
            rules=table.settings.tournament,
            rows=tuple(seating.seats[index] for index in sorted(seating.seats)),
            hands_dealt=runner.hands_dealt,
            in_hand=runner.live is not None,
            row=table.state(),
        )

    def figures(self) -> dict[str, Any]:
        """The deal calculator: for the players still in, their chips and their share of the
        prizes still to be paid by ICM and by a chip chop (exact, and in whole amounts). Of the
        tournament as stored, as :meth:`info` is: read at any moment, never mid-change."""
        table = self.table
        stored = table.tournament
        assert stored is not None
        state = self.synced(stored)
        seats = table.seats.values()
        left, stacks = with_chips(state, {seat.player_id: table.stack_now(seat) for seat in seats})
        prizes = prizes_of(self.pool(state), len(state.entries), self.rules.payouts)
        owed = [*prizes[: len(left)], *[0] * max(0, len(left) - len(prizes))]
        exact_icm = icm(stacks, owed)
        exact_chop = [round(share, 2) for share in chip_chop(stacks, owed)]
        whole_icm = deal(stacks, owed, "icm")
        whole_chop = deal(stacks, owed, "chip-chop")
        return {
            "prizes": owed,
            "players": [
                {
                    "seat": entry.seat,
                    "name": entry.name,
                    "chips": chips,
                    "icm": exact_icm[i],
                    "icm_whole": whole_icm[i],
                    "chip_chop": exact_chop[i],
                    "chip_chop_whole": whole_chop[i],
                }
                for i, (entry, chips) in enumerate(zip(left, stacks, strict=True))
            ],
        }

    def money(self) -> tuple[list[LedgerEntry], dict[str, int]]:
        """The tournament's money as a night's ledger: each entrant bought in what they paid
        and holds, once every place is paid, their prize (before that, what they paid: the
        money is in the pool, nobody has won or lost it yet), the difference an entry of the
        play's result (``hand``) so that each account adds up to what it holds. Bots are the
        house's accounts, as at a cash table. The amounts add up: the prizes are the pool.

        A ledger of money, not chips: :func:`wildstud.server.night.tally` makes the night of
        it, and a club's book its results. Of the tournament as stored, as :meth:`info` is:
        read at any moment, never mid-change."""
        stored = self.table.tournament
        assert stored is not None
        state = self.synced(stored)
        prices = self.prices()
        entries: list[LedgerEntry] = []
        seated: dict[str, int] = {}
        for entry in state.entries:
            paid = entry.paid(*prices)
            entries.append(
                LedgerEntry(
                    entry.player_id,
                    entry.seat,
                    entry.name,
                    "buy-in",
                    paid,
                    house=entry.house,
                )
            )
            held = paid if entry.prize is None else entry.prize
            if held != paid:
                entries.append(
                    LedgerEntry(
                        entry.player_id,
                        entry.seat,
                        entry.name,
                        "hand",
                        held - paid,
                        house=entry.house,
                    )
                )
            seated[entry.player_id] = held
        return entries, seated

    # -- the view ------------------------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """The tournament as every page sees it (shaped as
        :class:`~wildstud.server.tourney_schemas.TournamentInfo`)."""
        table = self.table
        now = time.monotonic()
        schedule = self.schedule()
        stored = table.tournament  # as stored: a page that asks mid-change sees no more
        assert stored is not None
        state = self.synced(stored).rolled(now, schedule, between_hands=table.live is None)
        level = state.level(schedule)
        following = state.next_level(schedule)
        seconds, hands = state.left(now, schedule)
        buy_in, rebuy, addon = self.prices()
        pool = self.pool(state)
        prizes = prizes_of(pool, len(state.entries), self.rules.payouts)
        places = []
        for entry in sorted(state.entries, key=lambda e: (e.place is not None, e.place or 0)):
            prize = entry.prize
            if prize is None and entry.place is not None:
                prize = prizes[entry.place - 1] if entry.place <= len(prizes) else 0
            places.append(
                {
                    "seat": entry.seat,
                    "name": entry.name,
                    "rebuys": entry.rebuys,
                    "addon": entry.addon,
                    "paid": entry.paid(buy_in, rebuy, addon),
                    "place": entry.place,
                    "prize": prize,
                }
            )
        return {
            "level": state.level_number(schedule),
            "on_break": state.on_break(schedule),
            "paused": state.since is None,
            "ante": level.ante,
            "bring_in": level.bring_in,
            "small_bet": level.small_bet,
            "big_bet": level.big_bet,
            "seconds_left": None if seconds is None else round(seconds, 1),
            "hands_left": hands,
            "next_level": None
            if following is None
            else LevelModel(
                ante=following.ante,
                bring_in=following.bring_in,
                small_bet=following.small_bet,
                big_bet=following.big_bet,
                minutes=following.minutes,
                hands=following.hands,
            ).model_dump(),
            "prize_pool": pool,
            "entrants": len(state.entries),
            "players_left": len(state.still_in),
            "rebuys_open": self.rebuys_open(state),
            "addon_open": self.addon_open(state),
            "registration_open": self.registration_open(state),
            "payouts": prizes,
            "places": places,
            "finished": state.finished,
            "deal": state.deal,
        }
