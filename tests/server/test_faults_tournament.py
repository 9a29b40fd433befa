"""Fault injection (issue 23): a tournament's commands (the desk's slice): the host's deal,
rebuy and add-on, a knock-out as a player leaves or as a hand ends, a hand dealt that the level
counts. The store fails the write once; the tournament, the runner and the table are the values
they were, the host is told (:class:`StorageFailureError`, which the REST API answers 503) or
the runner carries the command out again, and nothing is reloaded."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from tests.server.helpers import (
    Night,
    Player,
    as_stored,
    checked_ticks,
    closed_balanced,
    failing_lobby,
    faults,
    quick_settings,
    table_held,
)
from wildstud.server.clock import Backoff
from wildstud.server.lobby import Lobby
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.seating import SeatKind
from wildstud.server.store import Changes, Store
from wildstud.server.table import Table, TableStatus
from wildstud.server.tourney_schemas import TournamentSettings


async def _deal() -> None:
    store, lobby, failing = await failing_lobby()
    rules = TournamentSettings.model_validate({"buy_in": 20})
    settings = TableSettings(name="deal", games=[GameEntry(game="FTQ")], tournament=rules)
    table, _ = await lobby.create(settings)
    for name in ("ann", "bob"):
        await table.join(name, None)
    night = Night(lobby, table, failing)
    await night.refused_once(lambda: table.make_deal("icm"))
    assert table.tournament is not None
    assert table.tournament.finished
    assert table.status is TableStatus.ENDED
    await lobby.close()
    store.close()


@faults(
    "seating.EndNight",
    "core.DealMade",
    "cashier.NightEnded",
    "core.TableRuns",
    "core.ResetTurn",
    "core.Retime",
    "core.CancelChoice",
    "reveal_progress.MaybeDue",
)
def test_a_tournament_s_deal_survives_a_failed_write_with_the_table_unchanged() -> None:
    asyncio.run(_deal())


async def _desk() -> None:
    store, lobby, failing = await failing_lobby()
    rules = TournamentSettings.model_validate({"buy_in": 20, "rebuy_levels": 2, "addon_chips": 300})
    settings = TableSettings(
        name="desk", games=[GameEntry(game="FTQ")], starting_chips=500, tournament=rules
    )
    table, _ = await lobby.create(settings)
    for name in ("ann", "bob"):
        await table.join(name, None)
    night = Night(lobby, table, failing)
    # The host's rebuy and add-on, commands of the desk's slice: each write fails once.
    await night.refused_once(lambda: table.tournament_rebuy(0))
    await night.refused_once(lambda: table.tournament_rebuy(1, addon=True))
    assert table.tournament is not None
    ann, bob = (table.tournament.entry(table.seats[index].player_id) for index in (0, 1))
    assert ann is not None
    assert bob is not None
    assert (ann.rebuys, bob.addon) == (1, True)
    assert (table.seats[0].stack, table.seats[1].stack) == (1000, 800)
    report = await table.ledger()
    assert report["balanced"], report
    await lobby.close()
    store.close()


@faults("desk.GiveRebuy", "desk.GiveAddOn", "core.Credit")
def test_a_tournament_s_rebuy_and_add_on_survive_a_failed_write_with_the_table_unchanged() -> None:
    asyncio.run(_desk())


async def _knock_outs() -> None:
    store, lobby, failing = await failing_lobby()
    rules = TournamentSettings.model_validate({"buy_in": 20})
    settings = TableSettings(name="outs", games=[GameEntry(game="FTQ")], tournament=rules)
    table, _ = await lobby.create(settings)
    for name in ("ann", "bob", "cy"):
        await table.join(name, None)
    night = Night(lobby, table, failing)
    # A player who leaves is out at once: the desk's follow-up, folded into the seating's
    # change that gives the seat up; the write fails once, and the host is told (503).
    await night.refused_once(lambda: table.remove(2))
    state = table.tournament
    assert state is not None
    assert [(e.name, e.place) for e in state.entries] == [("ann", None), ("bob", None), ("cy", 3)]
    # The last knock-out pays the prizes and ends the night, the seating's end of the night
    # folded into the same change: none of it stands when its write fails.
    await night.refused_once(lambda: table.remove(1))
    state = table.tournament
    assert state is not None
    assert state.finished
    assert [(e.name, e.place, e.prize) for e in state.entries] == [
        ("ann", 1, 60),
        ("bob", 2, 0),
        ("cy", 3, 0),
    ]
    assert table.status is TableStatus.ENDED
    (stored,) = await asyncio.to_thread(store.load_tables, [table.id])
    assert stored.tournament == state.to_json(0.0)  # the store holds what memory does
    await lobby.close()
    store.close()


@faults(
    "seating.Remove",
    "core.PlayerOut",
    "cashier.SeatLeft",
    "seating.EndNight",
    "cashier.NightEnded",
    "core.TableRuns",
    "core.ResetTurn",
    "core.Retime",
    "core.CancelChoice",
    "reveal_progress.MaybeDue",
)
def test_a_tournament_s_knock_outs_survive_a_failed_write_with_the_table_unchanged() -> None:
    asyncio.run(_knock_outs())


class FailKnockOut:
    """The store, failing once the first write of a hand's end that places a player (the
    desk's :class:`~wildstud.server.table.desk.HandFinished`, folded into the hand's end);
    what the table held and had sent when it failed is kept."""

    def __init__(self, store: Store, table: Table, watcher: Player) -> None:
        self._call = store.call
        self.table = table
        self.watcher = watcher
        self.runner: Any = None
        """The runner's state when the write failed."""
        self.sent = -1
        """The frames the watcher had been sent when the write failed."""

    async def call(self, method: Callable[..., Any], *args: Any) -> Any:
        changes = args[1] if getattr(method, "__name__", "") == "apply" else None
        if (
            isinstance(changes, Changes)
            and changes.hand_end is not None
            and changes.tournament is not None
            and any(entry["place"] for entry in changes.tournament["entries"])
            and self.runner is None
        ):
            self.runner = self.table.driver.state
            self.sent = len(self.watcher.frames)
            raise OSError("the disk is full")
        return await self._call(method, *args)


async def _knocked_out_at_the_end() -> None:
    store = Store("sqlite://")
    lobby = Lobby(store)
    await lobby.open()
    # Stakes that put the calling bots all in at once: a hand or two busts one of them.
    level = {"ante": 10, "bring_in": 20, "small_bet": 50, "big_bet": 100, "minutes": 600}
    rules = TournamentSettings.model_validate({"buy_in": 20, "levels": [level]})
    table, _ = await lobby.create(quick_settings("bust", tournament=rules, starting_chips=100))
    for _ in range(2):
        await table.add_bot(SeatKind.CALLING_BOT, None, None)
    watcher = Player(None)
    await table.attach(watcher)  # someone watches: the bots play
    failing = FailKnockOut(store, table, watcher)
    store.call = failing.call  # type: ignore[method-assign]
    table.actor.backoff = Backoff(first=0.01, cap=0.01)  # retried at once

    async def unchanged() -> bool:
        # The hand's end was not stored: the runner's state is the very value it was, the
        # tournament's entrants and the night as the store has them (its clock runs on),
        # nothing sent, nothing reloaded.
        (stored,) = await asyncio.to_thread(store.load_tables, [table.id])
        tourney = table.tournament
        return (
            table.driver.state is failing.runner
            and table.live is not None
            and len(watcher.frames) == failing.sent
            and table_held(table) == await as_stored(table, store)
            and tourney is not None
            and not tourney.finished
            and stored.tournament is not None
            and stored.tournament["entries"] == tourney.to_json(0.0)["entries"]
            and table.status is TableStatus.RUNNING
            and not table.broken
        )

    seen = checked_ticks(table, lambda: int(failing.runner is not None), unchanged)
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(60):
        while table.status is not TableStatus.ENDED:
            await asyncio.sleep(0.01)
    assert seen == [True]
    # Then the hand's end was stored: the knock-out, the prizes and the night's end with it.
    tourney = table.tournament
    assert tourney is not None
    assert tourney.finished
    assert {entry.place for entry in tourney.entries} == {1, 2}
    assert table.live is None
    assert lobby.tables[table.id] is table
    await closed_balanced(table, lobby, store)


@faults(
    "desk.HandFinished",
    "seating.HandOver",
    "settings.NoticesPlayed",
    "core.ForgetHand",
    "seating.EndNight",
    "cashier.NightEnded",
    "core.TableRuns",
    "core.ResetTurn",
    "core.Retime",
    "core.CancelChoice",
    "reveal_progress.MaybeDue",
)
def test_a_tournament_s_knock_out_as_a_hand_ends_survives_a_failed_write() -> None:
    asyncio.run(_knocked_out_at_the_end())


async def _tournament_dealt() -> None:
    store, lobby, failing = await failing_lobby()
    level = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10, "hands": 10}
    rules = TournamentSettings.model_validate({"buy_in": 20, "levels": [level, level]})
    table, _ = await lobby.create(quick_settings("dealt", tournament=rules, action_clock=3600))
    for _ in range(2):
        await table.add_bot(SeatKind.CALLING_BOT, None, None)
    watcher = Player(None)
    await table.attach(watcher)  # someone watches: the table deals
    night = Night(lobby, table, failing)
    failed: list[tuple[Any, Any, int]] = []
    """The runner's state, the tournament and the frames sent when the deal's write failed."""

    def deal_s(args: tuple[Any, ...]) -> bool:
        changes = args[1] if len(args) > 1 else None
        if isinstance(changes, Changes) and changes.hand is not None and failing.armed:
            failed.append((table.driver.state, table.tournament, len(watcher.frames)))
            return True
        return False

    failing.only = deal_s
    failing.armed = True
    table.actor.backoff = Backoff(first=0.01, cap=0.01)  # retried at once

    async def unchanged() -> bool:
        # The deal was not stored: the runner's state and the tournament are the very values
        # they were (the level has counted no hand), nothing was sent, memory is what the
        # store holds, nothing was reloaded.
        runner, tourney, sent = failed[-1]
        return (
            table.driver.state is runner
            and table.tournament is tourney
            and tourney is not None
            and tourney.hands == 0
            and table.live is None
            and len(watcher.frames) == sent
            and table_held(table) == await as_stored(table, store)
            and not table.broken
            and lobby.tables[table.id] is table
        )

    seen = checked_ticks(table, lambda: len(failed), unchanged)
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(30):
        while table.live is None:  # the next try deals it
            await asyncio.sleep(0.01)
    await table.set_status(TableStatus.PAUSED)
    assert seen == [True]
    assert failing.fired == 1
    # Dealt, and stored with the level's count of hands: the hand and the tournament at once
    # (the bots may have played a hand more before the pause).
    tourney = table.tournament
    assert tourney is not None
    assert tourney.hands == table.hands_dealt >= 1
    (stored,) = await asyncio.to_thread(store.load_tables, [table.id])
    assert stored.tournament is not None
    assert stored.tournament["hands"] == tourney.hands
    assert table_held(table) == await as_stored(table, store)
    night.stands()
    await closed_balanced(table, lobby, store)


@faults("runner_commands.DealHand", "desk.HandDealt", "shuffle_requests.Open")
def test_a_tournament_s_hand_dealt_survives_a_failed_write_with_the_level_unchanged() -> None:
    asyncio.run(_tournament_dealt())
