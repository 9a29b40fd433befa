"""Fault injection: for every kind of command a table takes, the store fails the command's write
once. The table's state is then exactly what it was before the command, and what a table rebuilt
from the store holds (:func:`held`, :func:`as_stored`), the client is told
(an error frame with the request's ``seq``, or :class:`StorageFailureError`, which the REST API
answers 503), nothing is reloaded, and the same command, sent again, works (in-process). The
ledger's reads, commands of the money slice, have the store fail their read once alike. A page's
commitment and value in the players' shuffle, the shuffle's commands, leave its round (and its
stored rows) as they were, the page told with an error frame; so does a page's answer in a
private deal (its key, its deck, its unmaskings, its hand shown, its secret for the audit), the
deal's rounds (the audit's deals). A private deal's own steps, and the audit's (the server's
secret published, the audit's result), leave their slice's state as it was, nobody told, and
are carried out by the slice's next tick.

The hand runner's own commands (a deal, a bot's action, the clock's, a showdown's choice, a
redeal, the hand's end) have nobody to tell: each kind's first write fails once, and then what
the table holds in memory is what the store holds (a table rebuilt from the store holds the
same rows, hand and per-hand figures: nothing changed in memory before the write, so there was
nothing to put back), nothing was sent, and the runner carries the command out again, without
a reload."""

from __future__ import annotations

import asyncio
import functools
import random
import secrets
import shutil
import tempfile
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from tests.server.helpers import Player
from wildstud.betting import ActionKind
from wildstud.deal.events import Acted
from wildstud.joint_shuffle import value_commitment
from wildstud.private_deal import unmask
from wildstud.private_rounds import Agent
from wildstud.server import replay
from wildstud.server.clock import Backoff
from wildstud.server.lobby import Lobby
from wildstud.server.messages import (
    Act,
    Choose,
    Commit,
    PrivateAnswer,
    Rebuy,
    Reveal,
    RunTwice,
    Say,
    Show,
    Shuffler,
    SitIn,
    SitOut,
)
from wildstud.server.replay import MUCK, RUN_ONCE, SHOW, at_showdown
from wildstud.server.schemas import GameEntry, RulesUpdate, TableSettings
from wildstud.server.seating import SeatKind
from wildstud.server.store import Changes, Store
from wildstud.server.table import StorageFailureError, Table, TableStatus
from wildstud.server.table.driver import HAND
from wildstud.server.table.live import LiveHand
from wildstud.server.tourney_schemas import TournamentSettings

WRITES = frozenset({"apply", "add_line", "set_mute"})
"""The store's writes: the table's changes, a line of chat, a mute."""
READS = frozenset({"ledger"})
"""The store's reads that a command of the table's core asks for: the ledger's."""


class FailOnce:
    """The store, with its next write failing once when armed (``only``: its next write whose
    arguments it says yes to)."""

    def __init__(self, store: Store) -> None:
        self.armed = False
        self.kinds = WRITES
        self.only: Callable[[tuple[Any, ...]], bool] | None = None
        self.fired = 0
        self._call = store.call

    async def call(self, method: Callable[..., Any], *args: Any) -> Any:
        chosen = self.only is None or self.only(args)
        if self.armed and getattr(method, "__name__", "") in self.kinds and chosen:
            self.armed = False
            self.fired += 1
            raise OSError("the disk is full")
        return await self._call(method, *args)


def state_of(table: Table) -> Any:
    """Everything the table holds that a command may change."""
    live = table.live
    return (
        table.state(),
        table.seating,
        [(index, seat.state(), seat.acted, seat.timed_out) for index, seat in table.seats.items()],
        table.requests,
        table.cashier,
        table.tournament,
        list(table.notices),
        table.driver.choosing,
        None
        if live is None
        else (live.number, live.actions, repr(live.hand.events), live.hand.to_show_or_muck),
        table.last_hand,
    )


def held(table: Table) -> Any:
    """What ``table`` holds that the store keeps too: its row, the seating's rows and the seats'
    in memory, the hand in progress (its number, its actions stored, the decks its book holds)
    and the runner's figures a replay rebuilds (who acted in it, who the clock acted for)."""
    live = table.live
    runner = table.driver.state
    return (
        table.state(),
        dict(table.seating.seats),
        {index: seat.state() for index, seat in table.seats.items()},
        None if live is None else (live.number, live.actions, _decks_held(live)),
        runner.acted,
        runner.timed_out,
    )


def _decks_held(live: LiveHand) -> list[tuple[int, str]]:
    """The decks hand ``live`` holds as stored, by deal: those its book holds that it counts
    stored (a deck a refused change drew stays in the book, for the next try to store)."""
    held = live.book.since(0)[: live.decks_in_store]
    return sorted((deal, order) for deal, order, _ in held)


async def as_stored(table: Table, store: Store) -> Any:
    """:func:`held` of the table the store would rebuild now (as a restarted server does),
    with the decks the store holds (a rebuilt hand that stands at a redeal draws its deck)."""
    (stored,) = await asyncio.to_thread(store.load_tables, [table.id])
    rebuilt = list(held(Table.restore(stored, store)))
    if stored.live_hand is not None:
        number, actions, _ = rebuilt[3]
        rebuilt[3] = (number, actions, sorted(stored.live_hand.decks.items()))
    return tuple(rebuilt)


class Night:
    """One table, its players' connections, and the failing store."""

    def __init__(self, lobby: Lobby, table: Table, store: FailOnce) -> None:
        self.lobby = lobby
        self.table = table
        self.store = store
        self.players: dict[int, Player] = {}

    def stands(self) -> None:
        """The table was not stopped or reloaded, and its seats in memory are the seating's
        rows (:mod:`wildstud.server.table.seating`)."""
        assert self.lobby.tables[self.table.id] is self.table
        assert not self.table.broken
        seats = {index: seat.state() for index, seat in self.table.seats.items()}
        assert seats == dict(self.table.seating.seats)

    async def refused_once(
        self, command: Callable[[], Awaitable[Any]], told: Callable[[], None] | None = None
    ) -> Any:
        """Run ``command`` with the store failing once, then again; returns the second's
        result. ``told``: how the client learnt of the failure (default: the error raised)."""
        before = state_of(self.table)
        self.store.armed = True
        fired = self.store.fired
        if told is None:
            with pytest.raises(StorageFailureError):
                await command()
        else:
            await command()
            told()
        assert self.store.fired == fired + 1, "the command wrote nothing"
        assert state_of(self.table) == before
        assert held(self.table) == await as_stored(self.table, self.lobby.store)
        self.stands()
        result = await command()
        assert self.store.fired == fired + 1
        self.stands()
        return result

    async def frame_refused_once(self, index: int, make: Callable[[int], Any]) -> None:
        """A seat's request, numbered as its next, with the store failing once: the seat's
        connection hears a storage error for that number, then an ack for the same number."""
        player = self.players[index]
        seq = self.table.seats[index].last_seq + 1
        frame = make(seq)
        mark = len(player.frames)

        def told() -> None:
            nonlocal mark
            error = answer(player, mark)
            assert error["type"] == "error", error
            assert (error["code"], error["seq"]) == ("storage", seq), error
            mark = len(player.frames)

        before = state_of(self.table)
        await self.refused_once(lambda: self.table.handle(player, frame), told)
        assert answer(player, mark)["type"] == "ack", player.frames[mark:]
        assert state_of(self.table) != before


def answer(player: Player, mark: int) -> dict[str, Any]:
    """The answer (an ack or an error frame) to the request ``player`` sent when it had been
    sent ``mark`` frames: the driver's frames may come after it (its task runs between the
    actor's answer and the test's turn)."""
    return next(frame for frame in player.frames[mark:] if frame["type"] in ("ack", "error"))


async def failing_lobby() -> tuple[Store, Lobby, FailOnce]:
    """A lobby open on a store in a file of its own, whose writes the returned
    :class:`FailOnce` fails once when armed.

    A file, as the server's SQLite is, not an in-memory database: there every part of the
    store shares one connection, and a table dealt from the players' shuffle was read back
    with the row it had before its deal (``hands_dealt`` 0 after the hand was stored, in six
    runs of six; a file gives the row the deal wrote), which is not what a server holds."""
    folder = tempfile.mkdtemp(prefix="wildstud-fault-")
    store = Store(f"sqlite:///{folder}/store.sqlite")
    weakref.finalize(store, shutil.rmtree, folder, True)
    lobby = Lobby(store)
    await lobby.open()
    failing = FailOnce(store)
    store.call = failing.call  # type: ignore[method-assign]
    return store, lobby, failing


def checked_ticks(
    table: Table, failures: Callable[[], int], check: Callable[[], Awaitable[bool]]
) -> list[bool]:
    """The runner's ticks of ``table`` checked: after each tick in which the count of failed
    writes (``failures()``) grew, whether ``check()`` holds is added to the list returned."""
    seen: list[bool] = []
    tick = table.driver.tick

    async def checked_tick() -> float | None:
        failed = failures()
        wait = await tick()
        if failures() > failed:
            seen.append(await check())
        return wait

    table.actor.ticks(HAND, checked_tick)
    return seen


async def _closed_balanced(table: Table, lobby: Lobby, store: Store) -> None:
    """The end of a case: no write of ``table`` was left failed, its ledger balances; then the
    lobby and its store are closed."""
    assert table.writer.failures == 0
    report = await table.ledger()
    assert report["balanced"], report
    await lobby.close()
    store.close()


async def connected_table(settings: TableSettings) -> tuple[Store, Lobby, Night]:
    """A table of ``settings`` on a failing store, with ann and bob seated and connected."""
    store, lobby, failing = await failing_lobby()
    table, _ = await lobby.create(settings)
    night = Night(lobby, table, failing)
    for name in ("ann", "bob"):
        seat, _token = await table.join(name, None)
        night.players[seat.index] = Player(seat.index)
        await table.attach(night.players[seat.index])
    return store, lobby, night


async def _night() -> None:
    store, lobby, failing = await failing_lobby()
    settings = TableSettings(
        name="faults",
        games=[GameEntry(game="FTQ"), GameEntry(game="SMBU")],
        seats=6,
        bot_delay=0,
        hand_pause=0,
        showdown_pause=0,
        action_clock=3600,
        choice_clock=3600,
        muck_clock=60,
        starting_chips=500,
        rebuy_max=1000,
        top_up_ceiling=2000,
    )
    table, _ = await lobby.create(settings)
    night = Night(lobby, table, failing)

    # -- seating, and the host's commands between hands --------------------------------------
    for name in ("ann", "bob", "cy", "dee"):
        seat, _token = await night.refused_once(functools.partial(table.join, name, None))
        night.players[seat.index] = Player(seat.index)
        await table.attach(night.players[seat.index])
    bot = await night.refused_once(lambda: table.add_bot(SeatKind.CALLING_BOT, None, None))
    await night.refused_once(lambda: table.remove(bot.index))
    assert bot.index not in table.seats
    request, _token = await night.refused_once(lambda: table.request_seat("eve", None))
    approved, seat = await night.refused_once(lambda: table.decide(request.id, True, None))
    assert seat is not None
    assert approved.status == "approved"
    asked, _token = await night.refused_once(lambda: table.request_seat("fay", None))
    declined, _ = await night.refused_once(lambda: table.decide(asked.id, False, None))
    assert declined.status == "declined"
    _seat, eve_token = await night.refused_once(lambda: table.new_link(seat.index))
    await night.refused_once(lambda: night.lobby.new_links(table))
    await night.refused_once(lambda: table.update_rules(RulesUpdate(bot_delay=0.5)))
    assert table.settings.bot_delay == 0.5
    await night.refused_once(lambda: table.remove(seat.index))  # eve leaves between hands
    # Eve comes back with the seat link she left with: on her account, in a free seat.
    back, _token = await night.refused_once(lambda: table.join("eve", None, eve_token))
    assert back.player_id == seat.player_id
    await night.refused_once(lambda: table.remove(back.index))

    # -- chat -------------------------------------------------------------------------------
    ann = night.players[0]

    def told_chat() -> None:
        assert (ann.frames[-1]["type"], ann.frames[-1]["code"]) == ("error", "storage")

    await night.refused_once(
        lambda: table.handle(ann, Say(type="say", text="gl", id="l1")), told_chat
    )
    assert ann.frames[-1] == {"type": "said", "id": "l1", "repeat": False}
    assert (await table.chat_log()).lines[-1].text == "gl"
    assert await night.refused_once(lambda: table.mute("cy", True)) == ["cy"]
    assert (await table.chat_log()).muted == ["cy"]

    # -- the players' requests between hands --------------------------------------------------
    await night.frame_refused_once(1, lambda seq: SitOut(type="sit_out", seq=seq))
    assert table.seats[1].sitting_out
    await night.frame_refused_once(1, lambda seq: SitIn(type="sit_in", seq=seq))
    await night.frame_refused_once(2, lambda seq: Rebuy(type="rebuy", seq=seq, amount=100))
    (rebuy,) = table.cashier.open
    await night.refused_once(lambda: table.decide_rebuy(rebuy.id, True))
    assert table.seats[2].stack == 600
    await night.frame_refused_once(3, lambda seq: Rebuy(type="rebuy", seq=seq, amount=100))
    (rebuy,) = table.cashier.open
    await night.refused_once(lambda: table.decide_rebuy(rebuy.id, False))
    assert not table.cashier.open
    assert table.seats[3].stack == 500

    # -- the ledger's reads: the store fails the read once ------------------------------------
    night.store.kinds = READS
    report = await night.refused_once(table.ledger)
    assert report["balanced"], report
    assert (await night.refused_once(table.night)).players
    night.store.kinds = WRITES

    # -- a hand: the start, the dealer's choice, actions, the showdown ------------------------
    await night.refused_once(lambda: table.set_status(TableStatus.RUNNING))
    async with asyncio.timeout(10):
        while table.driver.choosing is None:  # the driver asks the button for the game
            await asyncio.sleep(0.01)
    chooser = table.driver.choosing.button
    await night.frame_refused_once(chooser, lambda seq: Choose(type="choose", seq=seq, entry=1))
    live = table.live
    assert live is not None
    assert live.setup.game == "smack-my-bitch-up"
    acted = False
    shown = False
    number = live.number
    while table.driver.in_play(number):
        live = table.live  # each stored change of the hand is a new value
        assert live is not None
        hand = live.hand
        if at_showdown(hand):
            choices = hand.to_show_or_muck
            assert choices, "a showdown with nothing to choose is shown down at once"
            index = live.setup.lineup[choices[0]]
            if not shown:
                await night.frame_refused_once(
                    index, lambda seq: Show(type="show", seq=seq, show=False)
                )
                shown = True
            else:  # the others show, so that the hand ends before the muck clock does
                player = night.players[index]
                seq = table.seats[index].last_seq + 1
                await table.handle(player, Show(type="show", seq=seq, show=True))
            continue
        if hand.to_act is None:  # a redeal the driver carries out
            await asyncio.sleep(0.01)
            continue
        index = live.setup.lineup[hand.to_act]
        kinds = {option.kind for option in hand.legal_actions()}
        kind = next(
            k for k in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN) if k in kinds
        )

        def act(seq: int, kind: ActionKind = kind) -> Act:
            return Act(type="act", seq=seq, action=kind.value)

        if not acted:
            await night.frame_refused_once(index, act)
            acted = True
        else:
            player = night.players[index]
            mark = len(player.frames)
            await table.handle(player, act(table.seats[index].last_seq + 1))
            assert answer(player, mark)["type"] == "ack", player.frames[mark:]
    assert acted
    assert shown

    # -- the host's commands in a hand ---------------------------------------------------------
    async with asyncio.timeout(10):
        while table.live is None or table.live.number == number:
            if table.driver.choosing is not None:
                player = night.players[table.driver.choosing.button]
                seq = table.seats[player.seat or 0].last_seq + 1
                await table.handle(player, Choose(type="choose", seq=seq, entry=0))
            await asyncio.sleep(0.01)
    await night.refused_once(lambda: table.set_status(TableStatus.PAUSED))
    statuses = [table.status]  # a list: mypy would hold table.status at PAUSED to the end
    assert statuses == [TableStatus.PAUSED]
    asking = table.live.setup.lineup[0]
    stack = table.seats[asking].stack
    await night.frame_refused_once(asking, lambda seq: Rebuy(type="rebuy", seq=seq, amount=50))
    (rebuy,) = table.cashier.open
    await night.refused_once(lambda: table.decide_rebuy(rebuy.id, True))
    assert [request.status for request in table.cashier.open] == ["approved"]
    assert table.seats[asking].stack == stack  # the chips come when the hand ends
    in_hand = table.live.setup.lineup[-1]
    await night.refused_once(lambda: table.remove(in_hand))
    assert table.seats[in_hand].leaving
    await night.refused_once(table.end_night)
    statuses.append(table.status)
    assert statuses == [TableStatus.PAUSED, TableStatus.ENDED]
    report = await table.ledger()
    assert report["balanced"], report
    await lobby.close()
    store.close()


def test_every_command_survives_a_failed_write_with_the_table_unchanged() -> None:
    asyncio.run(_night())


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


def test_a_tournament_s_knock_outs_survive_a_failed_write_with_the_table_unchanged() -> None:
    asyncio.run(_knock_outs())


# -- the driver's own commands -----------------------------------------------------------------


def _kind_of(changes: Changes) -> str:
    """What a write of the hand driver is: a deal, an action or a showdown choice (with who
    made it: a bot, the clock), a redeal; ``+end`` when it ends the hand."""
    if changes.hand is not None:
        kind = "deal"
    elif changes.actions:
        (record,) = changes.actions
        move = record.kind if record.kind in (SHOW, MUCK) else "act"
        kind = f"{record.source} {'show-or-muck' if move != 'act' else 'act'}"
    elif changes.decks:
        kind = "redeal"
    else:
        kind = "other"
    return kind + ("+end" if changes.hand_end is not None else "")


DRIVEN = frozenset(
    {
        "deal",
        "bot act",
        "clock act",
        "redeal",
        "bot show-or-muck",
        "bot show-or-muck+end",
        "clock show-or-muck+end",
    }
)
"""The kinds of the driver's writes that the store fails once each (calling bots end each
hand at the showdown)."""


class FailEachKind:
    """The store, failing the first write of each kind of the driver's (:func:`_kind_of`),
    once, never two writes in a row."""

    def __init__(self, store: Store, client: Player) -> None:
        self._call = store.call
        self.client = client
        self.failed: dict[str, int] = {}
        """Each kind failed, with the frames its client had been sent when it failed."""
        self.last_failed = False
        self.written: list[str] = []
        """The kinds written, in order."""

    async def call(self, method: Callable[..., Any], *args: Any) -> Any:
        if getattr(method, "__name__", "") == "apply":
            kind = _kind_of(args[1])
            if kind not in self.failed and not self.last_failed and kind in DRIVEN:
                self.failed[kind] = len(self.client.frames)
                self.last_failed = True
                raise OSError("the disk is full")
            self.last_failed = False
            self.written.append(kind)
        return await self._call(method, *args)


async def _driven(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seeded decks, so that the run (its redeals) is the same every time.
    monkeypatch.setattr(replay, "_SHUFFLER", random.Random(23))
    store = Store("sqlite://")
    lobby = Lobby(store)
    await lobby.open()
    settings = TableSettings(
        name="driven",
        games=[GameEntry(game="BITCH")],  # one game: no dealer is asked, the driver deals
        bot_delay=0,
        hand_pause=0,
        showdown_pause=0,
        redeal_pause=0,
        action_clock=0.05,  # Ann never acts: the clock acts for her, and chooses for her
        muck_clock=0.05,
        time_bank=0,
        absent_hands=100,
        starting_chips=10_000,
    )
    table, _ = await lobby.create(settings)
    seat, _token = await table.join("ann", None)
    ann = Player(seat.index)
    await table.attach(ann)  # someone watches: the bots play
    for _ in range(2):
        await table.add_bot(SeatKind.CALLING_BOT, None, None)
    failing = FailEachKind(store, ann)
    store.call = failing.call  # type: ignore[method-assign]
    table.driver.failures = Backoff(first=0.01, cap=0.01)  # retried at once, not in a second

    checked: dict[str, bool] = {}
    tick = table.driver.tick

    async def checked_tick() -> float | None:
        failed = set(failing.failed)
        wait = await tick()
        for kind in set(failing.failed) - failed:
            # The hand, the seats, the table, the runner's figures: as the store has them;
            # nothing sent since; not stopped.
            memory = held(table)
            checked[kind] = (
                memory == await as_stored(table, store)
                and len(ann.frames) == failing.failed[kind]
                and not table.broken
                and lobby.tables[table.id] is table
            )
        return wait

    table.actor.ticks(HAND, checked_tick)
    await table.set_status(TableStatus.RUNNING)
    # Until each kind has failed once and been written since (a kind written just after
    # another's failure is let through, so it fails at a later turn of its own).
    async with asyncio.timeout(60):
        while not (set(failing.failed) >= DRIVEN and set(failing.written) >= DRIVEN):
            await asyncio.sleep(0.01)
    await table.set_status(TableStatus.PAUSED)
    assert set(checked) == DRIVEN, sorted(DRIVEN - set(checked))
    assert all(checked.values()), checked
    # Each failed write was the driver's next one again, and stored: nothing reloaded.
    for kind in DRIVEN:
        assert kind in failing.written
    assert not table.broken
    await _closed_balanced(table, lobby, store)


def test_every_command_of_the_hand_driver_survives_a_failed_write_with_the_table_unchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asyncio.run(_driven(monkeypatch))


def _twice_settings(name: str, twice_clock: float) -> TableSettings:
    """Seven-card stud run twice by two players of 3 chips each, who go all in at once (the
    clocks long but the offer's, ``twice_clock``)."""
    return TableSettings(
        name=name,
        games=[GameEntry(game="F7S", house_rules={"run_twice": True})],
        seats=2,
        bot_delay=0,
        hand_pause=60,
        showdown_pause=0,
        runout_pause=0,
        action_clock=3600,
        twice_clock=twice_clock,
        starting_chips=3,
    )


async def _twice() -> None:
    store, lobby, night = await connected_table(_twice_settings("twice", 60))
    table = night.table
    await table.set_status(TableStatus.RUNNING)
    live = await _to_the_offer(night)
    asked = list(live.hand.to_agree_run_twice)
    assert len(asked) == 2, asked
    first, second = (live.setup.lineup[engine] for engine in asked)
    await night.frame_refused_once(
        first, lambda seq: RunTwice(type="run_twice", seq=seq, agree=True)
    )
    assert table.live is not None
    assert table.live.hand.run_twice_answers == {asked[0]: True}
    await night.frame_refused_once(
        second, lambda seq: RunTwice(type="run_twice", seq=seq, agree=True)
    )
    async with asyncio.timeout(30):
        while table.driver.in_play(live.number):  # run twice, to its end
            await asyncio.sleep(0.01)
    assert table.last_hand is not None
    assert table.last_hand.hand.current_run == 2  # both agreed: it was run twice
    await lobby.close()
    store.close()


def test_an_answer_to_run_it_twice_survives_a_failed_write_with_the_table_unchanged() -> None:
    asyncio.run(_twice())


async def _to_the_offer(night: Night) -> LiveHand:
    """The hand in play once its players have gone all in (3 chips each, the table running),
    so that the hands are turned up and asked to run it twice."""
    table = night.table
    async with asyncio.timeout(30):
        while True:
            live = table.live
            hand = None if live is None else live.hand
            if live is None or hand is None or (hand.to_act is None and not table.driver.offer):
                await asyncio.sleep(0.01)
                continue
            if table.driver.offer is not None:
                return live
            assert hand.to_act is not None
            index = live.setup.lineup[hand.to_act]
            kinds = {option.kind for option in hand.legal_actions()}
            order = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE, ActionKind.CALL)
            kind = next(k for k in (*order, ActionKind.BRING_IN, ActionKind.CHECK) if k in kinds)
            seq = table.seats[index].last_seq + 1
            await table.handle(night.players[index], Act(type="act", seq=seq, action=kind.value))


# -- the players' shuffle ------------------------------------------------------------------------


def shuffle_asked(player: Player, step: str) -> dict[str, Any]:
    """The last frame that asked ``player``'s page for ``step`` of the shuffle."""
    return next(
        f for f in reversed(player.frames) if f.get("type") == "shuffle" and f["step"] == step
    )


def _shuffle_settings(name: str) -> TableSettings:
    """A table whose players shuffle (FTQ only: no dealer is asked), its clocks long: nobody
    is left out, and nobody's turn runs out, while the test runs."""
    return _quick(name, seats=4, action_clock=3600, shuffle_seconds=60)


async def _shuffled() -> None:
    store, lobby, night = await connected_table(_shuffle_settings("shuffle"))
    table = night.table
    for player in night.players.values():
        await table.handle(player, Shuffler(type="shuffler"))
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(10):
        while not all(
            any(f["type"] == "shuffle" for f in p.frames) for p in night.players.values()
        ):
            await asyncio.sleep(0.01)
    values = {index: secrets.token_bytes(32) for index in night.players}

    async def part(index: int, step: str) -> None:
        """Seat ``index``'s page sends its part in ``step``, with the store failing once: the
        page is told, the round and its stored rows are as they were, and the same part sent
        again is taken."""
        player = night.players[index]
        asked = shuffle_asked(player, step)
        key = (asked["hand"], asked["deal"])
        frame: Commit | Reveal
        if step == "commit":
            made = value_commitment(values[index], *key, index)
            frame = Commit(type="commit", hand=key[0], deal=key[1], commitment=made)
        else:
            frame = Reveal(type="reveal", hand=key[0], deal=key[1], value=values[index].hex())
        before = table.shuffling.state
        stored = await rows(key)
        mark = len(player.frames)

        def told() -> None:
            error = answer(player, mark)
            assert (error["code"], error["seq"]) == ("storage", None), error
            assert table.shuffling.state == before
            assert table.shuffling.state.round is before.round
            assert not table.broken

        sent: list[bool] = []

        async def send() -> None:
            await table.handle(player, frame)
            if not sent:  # the failed write: the seat's row in the store is as it was
                assert await rows(key) == stored
            sent.append(True)

        await night.refused_once(send, told)
        (taken,) = (row for row in await rows(key) if row[0] == index)
        if step == "commit":
            assert taken[1:] == (frame.commitment, None)  # type: ignore[union-attr]
        else:
            assert taken[2] == values[index].hex()
        assert taken not in stored  # the seat's row as it was before

    async def rows(key: tuple[int, int]) -> list[Any]:
        (kept,) = await asyncio.to_thread(store.load_tables, [table.id])
        return sorted(
            (row.seat, row.commitment, row.value)
            for row in kept.shuffle
            if (row.number, row.deal) == key
        )

    await part(0, "commit")
    await part(1, "commit")
    async with asyncio.timeout(10):  # both committed: the round asks for the values
        while not all(
            any(f.get("step") == "reveal" for f in p.frames) for p in night.players.values()
        ):
            await asyncio.sleep(0.01)
    await part(0, "reveal")
    await part(1, "reveal")
    async with asyncio.timeout(10):  # both values in: the hand is dealt from them
        while table.live is None:
            await asyncio.sleep(0.01)
    assert table.live.setup.lineup == (0, 1)
    assert table.shuffling.made_from(table.live.number, 1) == ("ann", "bob")
    await _forgotten_once_stored(night)
    await lobby.close()
    store.close()


async def _forgotten_once_stored(night: Night) -> None:
    """The hand dealt from the players' shuffle ends by a fold whose write fails once: the
    shuffle still holds the round's values (the very state it held), and forgets them once
    the hand's end is stored (the hand runner's :class:`~wildstud.server.table.core.ForgetHand`)."""
    table = night.table
    live = table.live
    assert live is not None
    number = live.number
    while ActionKind.FOLD not in {option.kind for option in live.hand.legal_actions()}:
        assert live.hand.to_act is not None
        index = live.setup.lineup[live.hand.to_act]
        seq = table.seats[index].last_seq + 1
        await table.handle(night.players[index], Act(type="act", seq=seq, action="bring-in"))
        live = table.live
        assert live is not None
    assert live.hand.to_act is not None
    index = live.setup.lineup[live.hand.to_act]
    player = night.players[index]
    seq = table.seats[index].last_seq + 1
    kept = table.shuffling.state
    assert any(key[0] == number for key in kept.over)
    mark = len(player.frames)

    def told() -> None:
        error = answer(player, mark)
        assert (error["code"], error["seq"]) == ("storage", seq), error
        assert table.shuffling.state is kept

    fold = Act(type="act", seq=seq, action="fold")
    await night.refused_once(lambda: table.handle(player, fold), told)
    assert not table.driver.in_play(number)
    assert not any(key[0] == number for key in table.shuffling.state.over)


def test_a_page_s_commitment_and_value_survive_a_failed_write_with_the_round_unchanged() -> None:
    asyncio.run(_shuffled())


async def _round_opened() -> None:
    store, lobby, night = await connected_table(_shuffle_settings("opened"))
    table = night.table
    players = night.players.values()
    for player in players:
        await table.handle(player, Shuffler(type="shuffler"))
    table.driver.failures = Backoff(first=0.01, cap=0.01)  # retried at once, not in a second
    before = table.shuffling.state
    assert before.night is None  # the round stores the night seed with its rows
    night.store.armed = True
    night.store.only = lambda args: bool(args[1].shuffle)  # the round's rows

    async def unchanged() -> bool:
        # The shuffle's state as it was, nothing asked of any page, no reload.
        return (
            table.shuffling.state is before
            and not any(f["type"] == "shuffle" for p in players for f in p.frames)
            and not table.broken
            and lobby.tables[table.id] is table
        )

    checked = checked_ticks(table, lambda: night.store.fired, unchanged)
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(10):  # the next tick opens the round, without a reload
        while not all(any(f["type"] == "shuffle" for f in p.frames) for p in players):
            await asyncio.sleep(0.01)
    assert checked == [True]
    assert table.shuffling.night is not None
    (kept,) = await asyncio.to_thread(store.load_tables, [table.id])
    assert kept.shuffle_night == table.shuffling.night
    assert sorted(row.seat for row in kept.shuffle) == sorted(night.players)
    await lobby.close()
    store.close()


def test_a_shuffle_round_s_opening_survives_a_failed_write_with_the_round_unchanged() -> None:
    asyncio.run(_round_opened())


async def _chosen_round() -> None:
    games = [GameEntry(game="FTQ"), GameEntry(game="SMBU")]
    settings = _shuffle_settings("chosen").model_copy(update={"games": games, "choice_clock": 3600})
    store, lobby, night = await connected_table(settings)
    table = night.table
    players = night.players.values()
    for player in players:
        await table.handle(player, Shuffler(type="shuffler"))
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(10):
        while table.driver.choosing is None:  # the driver asks the button for the game
            await asyncio.sleep(0.01)
    chooser = table.driver.choosing.button
    player = night.players[chooser]
    seq = table.seats[chooser].last_seq + 1
    mark = len(player.frames)
    runner, shuffle = table.driver.state, table.shuffling.state
    assert shuffle.night is None  # the deal stores the night seed with the round's rows
    # The deal that opens the round fails: the chooser's request, the round's rows and the
    # night seed were one change.
    night.store.only = lambda args: bool(args[1].shuffle) and bool(args[1].seats)

    def told() -> None:
        error = answer(player, mark)
        assert (error["code"], error["seq"]) == ("storage", seq), error
        assert table.driver.state is runner  # the dealer's choice still open
        assert table.shuffling.state is shuffle  # no round, no night seed
        assert not any(f["type"] == "shuffle" for p in players for f in p.frames)

    choose = Choose(type="choose", seq=seq, entry=1)
    await night.refused_once(lambda: table.handle(player, choose), told)
    assert table.driver.choosing is None
    found = table.shuffling.round
    assert found is not None
    assert (found.hand, found.deal, found.entry, found.chooser) == (1, 1, 1, chooser)
    async with asyncio.timeout(10):  # every page asked for its commitment, once stored
        while not all(any(f["type"] == "shuffle" for f in p.frames) for p in players):
            await asyncio.sleep(0.01)
    (kept,) = await asyncio.to_thread(store.load_tables, [table.id])
    assert kept.shuffle_night == table.shuffling.night is not None
    assert sorted(row.seat for row in kept.shuffle) == sorted(night.players)
    assert {row.seat: row.last_seq for row in kept.seats}[chooser] == seq
    await lobby.close()
    store.close()


def test_a_chosen_deal_that_opens_the_shuffle_s_round_survives_a_failed_write_unchanged() -> None:
    asyncio.run(_chosen_round())


# -- a private deal ------------------------------------------------------------------------------


class InPage:
    """A seat's page in a private deal, in memory: it answers each ``private`` frame that asks
    something of it (its key, its masked deck, its unmaskings, its hand shown, and once the hand
    is over its secret and order for the audit) as the browser's page does
    (tests/server/test_private_table.py's ``Page``, over the socket)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.agents: dict[tuple[int, int], Agent] = {}
        self.read = 0

    def answers(self) -> list[tuple[int, PrivateAnswer]]:
        """The answers to the frames asked of it since it last looked, each with its party."""
        asked = [
            frame
            for frame in self.player.frames[self.read :]
            if frame["type"] == "private" and frame["step"] != "open"
        ]
        self.read = len(self.player.frames)
        return [(frame["party"], self.answer(frame)) for frame in asked]

    def answer(self, frame: dict[str, Any]) -> PrivateAnswer:
        key = (frame["hand"], frame["deal"])
        agent = self.agents.setdefault(key, Agent.new())
        step = frame["step"]
        answer: dict[str, Any]
        if step == "key":
            answer = {"step": "key", "key": agent.key.hex()}
        elif step == "reveal":
            answer = {"step": step, "secret": agent.secret.scalar.hex(), "order": [*agent.order]}
        elif step == "mask":
            deck = agent.masked([bytes.fromhex(point) for point in frame["deck"]])
            answer = {"step": "mask", "deck": [point.hex() for point in deck]}
        else:
            show = "|show" if step == "show" else ""
            words = f"{frame['context']}|deal {frame['deal']}"
            steps = [
                unmask(
                    bytes.fromhex(point),
                    agent.secret,
                    f"{words}|position {position}|party {frame['party']}{show}".encode(),
                )
                for position, point in frame["points"]
            ]
            wire = [
                [item.before.hex(), item.after.hex(), item.challenge.hex(), item.response.hex()]
                for item in steps
            ]
            answer = {"step": step, "steps": wire}
            if step == "show":
                answer["seat"] = frame["seat"]
        if step != "key":
            answer["key"] = agent.key.hex()
        return PrivateAnswer(type="private", hand=key[0], deal=key[1], answer=answer)


def _private_settings(name: str, **more: Any) -> TableSettings:
    """A table that deals privately (FTQ only), its clocks long: nobody's answer is late."""
    clocks = {"action_clock": 3600, "muck_clock": 60, "shuffle_seconds": 60}
    return _quick(name, seats=4, deal="private", **clocks, **more)


async def _play_private_hand(night: Night, answered: Callable[[], Awaitable[bool]]) -> None:
    """Play the table's next hand to its end: the pages answer what they are asked
    (``answered``: whether any had something to answer), and each player checks, calls or
    brings it in."""
    table = night.table
    number: int | None = None
    async with asyncio.timeout(60):
        while number is None or table.driver.in_play(number):
            live = table.live
            if live is not None:
                number = live.number
            if await answered():
                continue
            hand = None if live is None else live.hand
            if live is None or hand is None or hand.to_act is None:
                await asyncio.sleep(0.01)
                continue
            index = live.setup.lineup[hand.to_act]
            kinds = {option.kind for option in hand.legal_actions()}
            kind = next(
                k for k in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN) if k in kinds
            )
            act = Act(type="act", seq=table.seats[index].last_seq + 1, action=kind.value)  # type: ignore[arg-type]
            await table.handle(night.players[index], act)


def _answering(table: Table, pages: dict[int, InPage]) -> Callable[[], Awaitable[bool]]:
    """Whether a page had something to answer, each answer sent as it is asked."""

    async def answered() -> bool:
        asked = [(page, *answer) for page in pages.values() for answer in page.answers()]
        for page, _party, frame in asked:
            await table.handle(page.player, frame)
        return bool(asked)

    return answered


async def _private() -> None:
    # No second hand while hand 1's secrets are asked (the audit's slice looks as the hand's
    # end is stored, before the runner's next pass): a deal would change the table under the
    # answer that fails once.
    settings = _private_settings("private", private_reveal="hand", hand_pause=60)
    store, lobby, night = await connected_table(settings)
    table = night.table
    pages = {index: InPage(player) for index, player in night.players.items()}
    failed: list[str] = []

    def held(frame: PrivateAnswer) -> Any:
        """The state of the slice that takes ``frame``: the deal's, or the audit's."""
        reveal = frame.answer["step"] == "reveal"
        return table.private.reveals.state if reveal else table.private.state

    async def refused(page: InPage, party: int, frame: PrivateAnswer) -> None:
        """``frame``, party ``party``'s answer, with the store failing once on the write that
        holds its row (not on one of the driver's, between): the page is told, the deal's
        state (the audit's, for a reveal) is as it was (the same value), nothing reloaded; the
        same answer sent again is taken."""
        before = held(frame)
        mark = len(page.player.frames)
        kind = "deck" if frame.answer["step"] == "mask" else frame.answer["step"]

        def its_row(args: tuple[Any, ...]) -> bool:
            rows = args[1].private_rounds if isinstance(args[1], Changes) else ()
            return any((row.kind, row.party) == (kind, party) for row in rows)

        night.store.only = its_row

        def told() -> None:
            error = answer(page.player, mark)
            assert (error["code"], error["seq"]) == ("storage", None), error
            assert held(frame) is before
            assert not table.broken

        await night.refused_once(lambda: table.handle(page.player, frame), told)
        night.store.only = None
        assert held(frame) is not before

    async def answered() -> bool:
        """Whether a page had something to answer (each step's first answer fails once)."""
        asked = [(page, *answer) for page in pages.values() for answer in page.answers()]
        for page, party, frame in asked:
            step = str(frame.answer["step"])
            if step in failed:
                await table.handle(page.player, frame)
            else:
                failed.append(step)
                await refused(page, party, frame)
        return bool(asked)

    await table.set_status(TableStatus.RUNNING)
    await _play_private_hand(night, answered)
    async with asyncio.timeout(60):  # the hand over, its secrets are asked for its audit
        while not any(f["type"] == "private_audit" for f in night.players[0].frames):
            if not await answered():
                await asyncio.sleep(0.01)
    assert sorted(failed) == ["key", "mask", "reveal", "show", "unmask"]
    audited = next(f for f in night.players[0].frames if f["type"] == "private_audit")
    assert (audited["deals"], audited["faults"]) == (1, [])
    await _closed_balanced(table, lobby, store)


def test_a_page_s_answers_in_a_private_deal_survive_a_failed_write_with_the_rounds_unchanged() -> (
    None
):
    asyncio.run(_private())


async def _private_ticks() -> None:
    store, lobby, night = await connected_table(_private_settings("ticks"))
    table = night.table
    pages = {index: InPage(player) for index, player in night.players.items()}
    table.driver.failures = Backoff(first=0.01, cap=0.01)  # retried at once, not in a second
    kinds = ["parties", "pass"]
    """The deal's own writes that fail once each: its start, then its first pass opened."""
    checked: list[bool] = []

    def armed(args: tuple[Any, ...]) -> bool:
        if len(checked) == len(kinds):
            return False
        rows = args[1].private_rounds if isinstance(args[1], Changes) else ()
        return any(row.kind == kinds[len(checked)] for row in rows)

    inside = table.actor.inside

    async def checked_inside(command: Any) -> Any:
        """The deal's tick, handed to its slice inside the driver's: when its write fails, the
        deal's state is the same value, no page was sent anything, and nothing was
        reloaded."""
        before = table.private.state
        sent = [len(player.frames) for player in night.players.values()]
        fired = night.store.fired
        try:
            return await inside(command)
        except StorageFailureError:
            if night.store.fired > fired:
                checked.append(
                    table.private.state is before
                    and [len(player.frames) for player in night.players.values()] == sent
                    and not table.broken
                    and lobby.tables[table.id] is table
                )
                night.store.armed = len(checked) < len(kinds)
            raise

    table.actor.inside = checked_inside  # type: ignore[method-assign]
    night.store.only = armed
    night.store.armed = True

    await table.set_status(TableStatus.RUNNING)
    await _play_private_hand(night, _answering(table, pages))
    assert checked == [True, True]
    assert night.store.fired == 2
    assert not table.broken
    await _closed_balanced(table, lobby, store)


def test_a_private_deal_s_own_steps_survive_a_failed_write_with_the_rounds_unchanged() -> None:
    asyncio.run(_private_ticks())


async def _private_ahead() -> None:
    store, lobby, night = await connected_table(_private_settings("ahead"))
    table = night.table
    pages = {index: InPage(player) for index, player in night.players.items()}
    writing: list[tuple[Any, ...]] = []

    def the_pass(args: tuple[Any, ...]) -> bool:
        """The action that ends a betting round, written with the next street's pass: the
        private deal and the runner as they stand while it is written."""
        changes = args[1] if len(args) > 1 else None
        if not isinstance(changes, Changes) or not changes.actions:
            return False
        if not any(row.kind == "pass" for row in changes.private_rounds):
            return False
        writing.append((table.private.state, table.driver.state))
        return True

    handle = table.handle
    checked: list[bool] = []

    async def checked_handle(player: Any, frame: Any) -> None:
        """A player's action: when its write (with the pass) fails, the player is told, the
        deal and the runner are the same values, no page was asked to unmask, no reload."""
        fired = night.store.fired
        mark = len(player.frames)
        asks = sum(len(page.player.frames) for page in pages.values())
        await handle(player, frame)
        if night.store.fired > fired:
            error = answer(player, mark)
            checked.append(
                (error["code"], error["seq"]) == ("storage", frame.seq)
                and (table.private.state, table.driver.state) == writing[0]
                and sum(len(page.player.frames) for page in pages.values()) == asks + 1
                and not table.broken
                and lobby.tables[table.id] is table
            )

    table.handle = checked_handle  # type: ignore[method-assign, assignment]
    night.store.only = the_pass
    night.store.armed = True
    await table.set_status(TableStatus.RUNNING)
    await _play_private_hand(night, _answering(table, pages))
    assert checked == [True]
    assert night.store.fired == 1
    assert len(writing) >= 2  # the action sent again wrote the pass with it
    await _closed_balanced(table, lobby, store)


def test_an_action_that_opens_a_private_deal_s_pass_survives_a_failed_write_unchanged() -> None:
    asyncio.run(_private_ahead())


async def _private_dealt() -> None:
    store, lobby, night = await connected_table(_private_settings("dealt"))
    table = night.table
    private = table.private
    pages = {index: InPage(player) for index, player in night.players.items()}
    table.driver.failures = Backoff(first=0.01, cap=0.01)  # retried at once, not in a second
    before = (private.state, private.dealer, private.dealing)
    writing: list[tuple[Any, ...]] = []

    def the_deal(args: tuple[Any, ...]) -> bool:
        """The write that deals the hand: the private deal as it stands while it is written."""
        dealt = isinstance(args[1], Changes) and args[1].hand is not None
        if dealt:
            writing.append((private.state, private.dealer, private.dealing, table.live))
        return dealt

    night.store.only = the_deal
    night.store.armed = True
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(30):
        while table.live is None:
            await asyncio.sleep(0.01)
    assert night.store.fired == 1
    # Nothing of the private deal changed before the write, nor after the one refused.
    assert writing[0] == (*before, None)
    assert private.dealing == table.live.number == 1  # taken once the deal was stored
    assert private.dealer is not before[1]
    assert private.state.number == 1
    night.stands()
    night.store.only = None

    await _play_private_hand(night, _answering(table, pages))  # on from the deal stored
    await _closed_balanced(table, lobby, store)


def test_a_private_hand_s_deal_survives_a_failed_write_with_the_private_deal_unchanged() -> None:
    asyncio.run(_private_dealt())


async def _reveal_ticks() -> None:
    store, lobby, night = await connected_table(_private_settings("reveals"))
    table = night.table
    pages = {index: InPage(player) for index, player in night.players.items()}
    kinds = ["reveal", "audit"]
    """The audit slice's own writes that fail once each: the server's secret published, then
    the audit's result."""
    caught: list[tuple[Any, list[int]]] = []
    """The audit's state and the frames each player had when each write failed."""
    checked: list[bool] = []

    def sent() -> list[int]:
        return [len(player.frames) for player in night.players.values()]

    def armed(args: tuple[Any, ...]) -> bool:
        """Fail the audit's next write of the kind due (armed on that write itself)."""
        if len(caught) == len(kinds) or len(args) < 2 or not isinstance(args[1], Changes):
            return False
        if not any(row.kind == kinds[len(caught)] for row in args[1].private_rounds):
            return False
        caught.append((table.private.reveals.state, sent()))
        night.store.armed = True
        return True

    async def unchanged(kind: str, before: Any, frames: list[int]) -> bool:
        """The write of ``kind`` failed: the audit's state is the same value but for one more
        failure counted (its wait before it tries again), no page was sent anything, memory is
        what the store holds (no row of that kind, every row counted), and nothing was
        reloaded."""
        state = table.private.reveals.state
        rows = await asyncio.to_thread(store.private_rounds, table.id, 1)
        return (
            state == before.but(failures=before.failures + 1)
            and sent() == frames
            and not any(row.kind == kind for row in rows)
            and state.seqs.get(1, len(rows)) == len(rows)
            and held(table) == await as_stored(table, store)
            and not table.broken
            and lobby.tables[table.id] is table
        )

    night.store.only = armed

    async def answered() -> bool:
        asked = [(page, *answer) for page in pages.values() for answer in page.answers()]
        for page, _party, frame in asked:
            await table.handle(page.player, frame)
        if len(checked) < night.store.fired:  # looked at before the slice tries again
            checked.append(await unchanged(kinds[len(checked)], *caught[len(checked)]))
        return bool(asked)

    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(60):
        while table.live is None:
            await asyncio.sleep(0.01)
    await table.set_status(TableStatus.ENDED)  # the night's one hand: its secrets after it
    await _play_private_hand(night, answered)
    async with asyncio.timeout(60):
        while not any(f["type"] == "private_audit" for f in night.players[0].frames):
            if not await answered():
                await asyncio.sleep(0.01)
    assert checked == [True, True]
    assert night.store.fired == 2
    audited = next(f for f in night.players[0].frames if f["type"] == "private_audit")
    assert (audited["deals"], audited["faults"]) == (1, [])
    rows = await asyncio.to_thread(store.private_rounds, table.id, 1)
    assert [row.kind for row in rows].count("audit") == 1
    assert table.private.reveals.state.seqs[1] == len(rows)
    await _closed_balanced(table, lobby, store)


def test_a_private_night_s_publishing_and_audit_survive_a_failed_write_and_go_on() -> None:
    """The audit slice's ticks (:mod:`wildstud.server.table.reveal_progress`): the server's
    secret, then the audit's result, each fails to store once; the state is as it was, nobody
    is told, and the slice's next tick publishes it."""
    asyncio.run(_reveal_ticks())


# -- the seating's commands that the table makes itself ------------------------------------------


def _quick(name: str, **more: Any) -> TableSettings:
    """A table whose clocks and bots play at once (FTQ only: no dealer is asked), with the
    settings ``more`` instead."""
    quick: dict[str, Any] = {
        "games": [GameEntry(game="FTQ")],
        "bot_delay": 0,
        "hand_pause": 0,
        "showdown_pause": 0,
        "redeal_pause": 0,
        "action_clock": 0.05,
        "muck_clock": 0.05,
        "time_bank": 0,
    }
    return TableSettings(name=name, **{**quick, **more})


async def _absent_back() -> None:
    store, lobby, failing = await failing_lobby()
    table, _ = await lobby.create(_quick("away", absent_hands=1))
    seat, _token = await table.join("ann", None)
    for _ in range(2):
        await table.add_bot(SeatKind.CALLING_BOT, None, None)
    await table.attach(Player(None))  # a spectator watches: the bots play
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(30):
        while not table.seats[seat.index].absent:  # the clock sits Ann out
            await asyncio.sleep(0.01)
    await table.set_status(TableStatus.PAUSED)
    night = Night(lobby, table, failing)
    ann = Player(seat.index)
    # Ann opens her link: her return is the seating's, and the store fails it once. The
    # connection is told (the socket answers the error and closes), the seat stays absent
    # and does not count the connection among its own; the page connects again, and is back.

    async def opens() -> None:
        try:
            await table.attach(ann)
        except StorageFailureError:
            assert ann not in table.seats[seat.index].clients
            raise

    await night.refused_once(opens)
    back = table.seats[seat.index]
    assert not back.sitting_out
    assert back.missed_hands == 0
    assert back.clients == {ann}
    await lobby.close()
    store.close()


def test_an_absent_player_s_return_survives_a_failed_write_with_the_table_unchanged() -> None:
    asyncio.run(_absent_back())


class FailLeaving:
    """The store, failing the first write that gives up a seat, once."""

    def __init__(self, store: Store) -> None:
        self._call = store.call
        self.fired = 0

    async def call(self, method: Callable[..., Any], *args: Any) -> Any:
        if getattr(method, "__name__", "") == "apply" and args[1].removed and not self.fired:
            self.fired += 1
            raise OSError("the disk is full")
        return await self._call(method, *args)


async def _left_at_the_end() -> None:
    store = Store("sqlite://")
    lobby = Lobby(store)
    await lobby.open()
    table, _ = await lobby.create(_quick("leaving"))
    for _ in range(3):
        await table.add_bot(SeatKind.CALLING_BOT, None, None)
    await table.attach(Player(None))
    failing = FailLeaving(store)
    store.call = failing.call  # type: ignore[method-assign]
    table.driver.failures = Backoff(first=0.01, cap=0.01)  # retried at once
    leaving = -1

    async def unchanged() -> bool:
        # The hand's end was not stored: the seat is still there, leaving, as the seating
        # has it, and its chips as they were; nothing reloaded.
        seats = {index: seat.state() for index, seat in table.seats.items()}
        return (
            leaving in table.seats
            and table.seats[leaving].leaving
            and seats == dict(table.seating.seats)
            and table.live is not None
            and not table.broken
        )

    seen = checked_ticks(table, lambda: failing.fired, unchanged)
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(30):
        while table.live is None:
            await asyncio.sleep(0.001)
        leaving = table.live.setup.lineup[0]
        await table.remove(leaving)  # dealt in: it leaves when the hand ends
        assert table.seats[leaving].leaving
        while leaving in table.seats:
            await asyncio.sleep(0.01)
    assert seen == [True]
    assert leaving not in table.seating.seats
    assert lobby.tables[table.id] is table
    await _closed_balanced(table, lobby, store)


def test_a_seat_leaving_as_its_hand_ends_survives_a_failed_write() -> None:
    asyncio.run(_left_at_the_end())


# -- the runner's follow-ups -----------------------------------------------------------------


async def _follow_ups() -> None:
    store, lobby, night = await connected_table(
        TableSettings(
            name="follow",
            games=[GameEntry(game="FTQ"), GameEntry(game="SMBU")],
            bot_delay=0,
            hand_pause=0,
            action_clock=3600,
            choice_clock=3600,
        )
    )
    table = night.table
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(10):
        while table.driver.choosing is None:  # the driver asks the button for the game
            await asyncio.sleep(0.01)
    players = night.players.values()

    async def fails_once(command: Callable[[], Awaitable[Any]]) -> None:
        """``command``'s write (with the runner's follow-up folded in) fails once: the runner's
        state is the very value it was, nothing is sent, nothing is reloaded."""
        runner = table.driver.state
        sent = [len(player.frames) for player in players]
        night.store.armed = True
        with pytest.raises(StorageFailureError):
            await command()
        assert table.driver.state is runner
        assert [len(player.frames) for player in players] == sent
        assert held(table) == await as_stored(table, store)
        night.stands()

    # A change of the rules calls the dealer's choice off (CancelChoice).
    asked = table.driver.choosing
    await fails_once(lambda: table.update_rules(RulesUpdate(bot_delay=0.5)))
    assert table.driver.choosing is asked
    await table.update_rules(RulesUpdate(bot_delay=0.5))
    assert table.driver.choosing is not asked
    async with asyncio.timeout(10):
        while table.driver.choosing is None:
            await asyncio.sleep(0.01)
    chooser = table.driver.choosing.button
    seq = table.seats[chooser].last_seq + 1
    await table.handle(night.players[chooser], Choose(type="choose", seq=seq, entry=0))
    # A pause times the turn afresh (ResetTurn), and calls off nothing else.
    async with asyncio.timeout(10):
        while table.driver.turn.clock is None:
            await asyncio.sleep(0.01)
    timed = table.driver.turn
    await fails_once(lambda: table.set_status(TableStatus.PAUSED))
    assert table.driver.turn is timed
    await table.set_status(TableStatus.PAUSED)
    assert table.driver.turn.key == timed.key  # the same turn, timed again from the pause
    assert table.driver.turn.clock is not None
    assert timed.clock is not None
    assert table.driver.turn.clock.started > timed.clock.started
    await fails_once(lambda: table.set_status(TableStatus.RUNNING))
    await table.set_status(TableStatus.RUNNING)
    assert not table.broken
    await lobby.close()
    store.close()


def test_the_runner_s_follow_ups_survive_a_failed_write_with_its_state_unchanged() -> None:
    asyncio.run(_follow_ups())


async def _private_retimed() -> None:
    store, lobby, night = await connected_table(_private_settings("retimed"))
    table = night.table
    players = night.players.values()
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(10):
        while table.private.state.rounds is None:  # the deal begun: the keys are waited for
            await asyncio.sleep(0.01)
    for status in (TableStatus.PAUSED, TableStatus.RUNNING):
        # The pause, then the resume, times the wait afresh (the runner's ResetTurn asks the
        # deal's Retime, folded into the same change): its write fails once first.
        waited = table.private.state
        sent = [len(player.frames) for player in players]
        night.store.armed = True
        with pytest.raises(StorageFailureError):
            await table.set_status(status)
        assert table.private.state is waited
        assert [len(player.frames) for player in players] == sent
        assert held(table) == await as_stored(table, store)
        night.stands()
        await table.set_status(status)
        retimed = table.private.state
        assert retimed.rounds is waited.rounds
        assert retimed.deadline > waited.deadline
    await _closed_balanced(table, lobby, store)


def test_a_private_deal_s_clock_timed_afresh_survives_a_failed_write_with_the_deal_unchanged() -> (
    None
):
    asyncio.run(_private_retimed())


# -- the hand's end: a tournament's knock-out -------------------------------------------------


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
    table, _ = await lobby.create(_quick("bust", tournament=rules, starting_chips=100))
    for _ in range(2):
        await table.add_bot(SeatKind.CALLING_BOT, None, None)
    watcher = Player(None)
    await table.attach(watcher)  # someone watches: the bots play
    failing = FailKnockOut(store, table, watcher)
    store.call = failing.call  # type: ignore[method-assign]
    table.driver.failures = Backoff(first=0.01, cap=0.01)  # retried at once

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
            and held(table) == await as_stored(table, store)
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
    await _closed_balanced(table, lobby, store)


def test_a_tournament_s_knock_out_as_a_hand_ends_survives_a_failed_write() -> None:
    asyncio.run(_knocked_out_at_the_end())


async def _clock_fails_once(
    night: Night,
    kinds: frozenset[str],
    reach: Callable[[], Awaitable[LiveHand | None]],
    done: Callable[[LiveHand | None], bool],
    source: str = "clock",
) -> LiveHand | None:
    """The table is run to where a clock is to run out (``reach``, whose hand is returned), and
    the first write of the clock's choice for a player (an action record of ``source``'s, the
    clock's or a bot's, of one of ``kinds``) fails once: the runner's state is the very value
    it was, nothing is sent, memory is what the store holds, nothing is reloaded; then it is
    stored (``done``)."""
    table, lobby = night.table, night.lobby
    store = lobby.store
    players = list(night.players.values())
    failed: list[tuple[Any, list[int]]] = []
    """The runner's state, and the frames each player had been sent, when the write failed."""

    def clock_s(args: tuple[Any, ...]) -> bool:
        changes = args[1] if len(args) > 1 else None
        if not isinstance(changes, Changes) or not night.store.armed:
            return False
        if any(row.source == source and row.kind in kinds for row in changes.actions):
            failed.append((table.driver.state, [len(player.frames) for player in players]))
            return True
        return False

    night.store.only = clock_s
    night.store.armed = True
    table.driver.failures = Backoff(first=0.01, cap=0.01)  # retried at once

    async def unchanged() -> bool:
        runner, sent = failed[-1]
        return (
            table.driver.state is runner
            and [len(player.frames) for player in players] == sent
            and held(table) == await as_stored(table, store)
            and not table.broken
            and lobby.tables[table.id] is table
        )

    seen = checked_ticks(table, lambda: len(failed), unchanged)
    live = await reach()
    async with asyncio.timeout(30):
        while not done(live):  # nobody chooses: the clock does, once stored
            await asyncio.sleep(0.01)
    await table.set_status(TableStatus.PAUSED)
    assert seen == [True]
    assert night.store.fired == 1
    assert held(table) == await as_stored(table, store)
    night.stands()
    return live


async def _clock_ran_out() -> None:
    store, lobby, night = await connected_table(_quick("clock", hand_pause=60))
    table = night.table

    async def running() -> None:
        await table.set_status(TableStatus.RUNNING)

    acts = frozenset(kind.value for kind in ActionKind)
    await _clock_fails_once(night, acts, running, lambda _: bool(table.driver.state.timed_out))
    # The clock acted, and it was stored: for the seat whose turn was up, its bank spent.
    live = table.live
    assert live is not None
    assert live.actions >= 1
    (timed_out,) = table.driver.state.timed_out
    assert table.seats[timed_out].time_bank == 0.0
    await _closed_balanced(table, lobby, store)


def test_a_turn_s_clock_run_out_survives_a_failed_write_with_the_runner_unchanged() -> None:
    asyncio.run(_clock_ran_out())


async def _bot_acted() -> None:
    store, lobby, failing = await failing_lobby()
    table, _ = await lobby.create(_quick("bot", hand_pause=60))
    night = Night(lobby, table, failing)
    seat, _token = await table.join("ann", None)
    night.players[seat.index] = Player(seat.index)
    await table.attach(night.players[seat.index])  # someone watches: the bots play
    bots = set()
    for _ in range(2):
        bots.add((await table.add_bot(SeatKind.CALLING_BOT, None, None)).index)

    async def running() -> None:
        await table.set_status(TableStatus.RUNNING)

    def bot_acted(_: LiveHand | None) -> bool:
        """A bot's action is stored (and the runner has it): the one that failed, again."""
        live = table.live
        return live is not None and any(
            isinstance(event, Acted) and live.setup.lineup[event.seat] in bots
            for event in live.hand.events
        )

    acts = frozenset(kind.value for kind in ActionKind)
    # The bot's action is the runner's step (runner_slice.BotActs, the pass's Carry): its
    # write fails once, the slice keeps the runner's state (runner_due.Missed) and the next
    # look stores it.
    await _clock_fails_once(night, acts, running, bot_acted, source="bot")
    await _closed_balanced(table, lobby, store)


def test_a_bot_s_action_survives_a_failed_write_with_the_runner_unchanged() -> None:
    asyncio.run(_bot_acted())


async def _offer_ran_out() -> None:
    store, lobby, night = await connected_table(_twice_settings("twice-clock", 0.05))
    table = night.table

    async def offered() -> LiveHand:
        await table.set_status(TableStatus.RUNNING)
        return await _to_the_offer(night)

    # Nobody answers: the clock says no for the first seat asked, the hand is run once.
    live = await _clock_fails_once(
        night,
        frozenset({RUN_ONCE}),
        offered,
        lambda live: live is not None and not table.driver.in_play(live.number),
    )
    assert live is not None
    assert table.last_hand is not None
    first = live.hand.to_agree_run_twice[0]
    assert table.last_hand.hand.run_twice_answers == {first: False}  # the clock's no
    assert table.last_hand.hand.current_run != 2  # run once
    await _closed_balanced(table, lobby, store)


def test_the_offer_s_clock_run_out_survives_a_failed_write_with_the_runner_unchanged() -> None:
    asyncio.run(_offer_ran_out())


# -- a tournament's hand dealt: the level counts it ---------------------------------------------


async def _tournament_dealt() -> None:
    store, lobby, failing = await failing_lobby()
    level = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10, "hands": 10}
    rules = TournamentSettings.model_validate({"buy_in": 20, "levels": [level, level]})
    table, _ = await lobby.create(_quick("dealt", tournament=rules, action_clock=3600))
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
    table.driver.failures = Backoff(first=0.01, cap=0.01)  # retried at once

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
            and held(table) == await as_stored(table, store)
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
    assert held(table) == await as_stored(table, store)
    night.stands()
    await _closed_balanced(table, lobby, store)


def test_a_tournament_s_hand_dealt_survives_a_failed_write_with_the_level_unchanged() -> None:
    asyncio.run(_tournament_dealt())
