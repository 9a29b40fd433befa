"""Fault injection (issue 23): the hand runner's commands. Its own (a deal, a bot's action, the
clock's, a showdown's choice, a redeal, the hand's end) have nobody to tell: each kind's first
write fails once, and then what the table holds in memory is what the store holds (a table
rebuilt from the store holds the same rows, hand and per-hand figures: nothing changed in
memory before the write, so there was nothing to put back), nothing was sent, and the runner
carries the command out again, without a reload. Its follow-ups (the dealer's choice called
off, a turn timed afresh), folded into another command's change, and a player's answer to the
offer to run it twice, fail with that command: the asker is told, the runner's state is the
very value it was. So do a run-out's last street, a bot's answer as the offer opens, the
table's action for a player leaving in the hand, and a fold whose hand's end brings the chips
approved during the hand (the cashier's follow-up)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from tests.server.helpers import (
    PASSIVE,
    Night,
    Player,
    around_runner_ticks,
    as_stored,
    checked_ticks,
    closed_balanced,
    connected_table,
    failing_lobby,
    faults,
    quick_settings,
    state_of,
    table_held,
)
from wildstud.betting import ActionKind
from wildstud.deal.events import Acted
from wildstud.server import replay
from wildstud.server.clock import Backoff
from wildstud.server.lobby import Lobby
from wildstud.server.messages import Act, Choose, Rebuy, RunTwice
from wildstud.server.replay import MUCK, RUN_ONCE, SHOW
from wildstud.server.schemas import GameEntry, RulesUpdate, TableSettings
from wildstud.server.seating import SeatKind
from wildstud.server.store import Changes, Store
from wildstud.server.table import StorageFailureError, TableStatus
from wildstud.server.table.live import LiveHand


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
    table.actor.backoff = Backoff(first=0.01, cap=0.01)  # retried at once, not in a second

    checked: dict[str, bool] = {}

    async def checked_tick(tick: Callable[[], Awaitable[None]]) -> None:
        failed = set(failing.failed)
        await tick()
        for kind in set(failing.failed) - failed:
            # The hand, the seats, the table, the runner's figures: as the store has them;
            # nothing sent since; not stopped.
            memory = table_held(table)
            checked[kind] = (
                memory == await as_stored(table, store)
                and len(ann.frames) == failing.failed[kind]
                and not table.broken
                and lobby.tables[table.id] is table
            )

    around_runner_ticks(table, checked_tick)
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
    await closed_balanced(table, lobby, store)


@faults(
    "runner_commands.DealHand",
    "shuffle_requests.Open",
    "runner_commands.BotActs",
    "runner_commands.TimeUp",
    "runner_commands.DealAgain",
    "runner_commands.ClockAnswer",
    "runner_commands.ShowdownTimeUp",
    "hand_requests.Decide",
    "hand_requests.Action",
    "seating.HandOver",
    "settings.NoticesPlayed",
    "core.ForgetHand",
)
def test_every_command_of_the_hand_driver_survives_a_failed_write_with_the_table_unchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asyncio.run(_driven(monkeypatch))


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
        assert table_held(table) == await as_stored(table, store)
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


@faults(
    "settings.UpdateRules",
    "core.CancelChoice",
    "seating.SetStatus",
    "core.TableRuns",
    "core.ResetTurn",
    "core.Retime",
)
def test_the_runner_s_follow_ups_survive_a_failed_write_with_its_state_unchanged() -> None:
    asyncio.run(_follow_ups())


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

    def clock_s(changes: Changes) -> bool:
        return any(row.source == source and row.kind in kinds for row in changes.actions)

    return await _step_fails_once(night, clock_s, reach, done)


async def _step_fails_once(
    night: Night,
    chosen: Callable[[Changes], bool],
    reach: Callable[[], Awaitable[LiveHand | None]],
    done: Callable[[LiveHand | None], bool],
) -> LiveHand | None:
    """The table is run on (``reach``, whose hand is returned), and the first write of a step
    of the runner's that ``chosen`` says yes to fails once: the runner's state is the very
    value it was, the other slices' as they were, nothing is sent, memory is what the store
    holds, nothing is reloaded; then it is stored (``done``)."""
    table, lobby = night.table, night.lobby
    store = lobby.store
    players = list(night.players.values())
    failed: list[tuple[Any, Any, list[int]]] = []
    """The runner's state, the table's (:func:`~tests.server.helpers.state_of`: every other
    slice's) and the frames each player had been sent, when the write failed."""

    def chosen_s(args: tuple[Any, ...]) -> bool:
        changes = args[1] if len(args) > 1 else None
        if not isinstance(changes, Changes) or not night.store.armed:
            return False
        if chosen(changes):
            sent = [len(player.frames) for player in players]
            failed.append((table.driver.state, state_of(table), sent))
            return True
        return False

    night.store.only = chosen_s
    night.store.armed = True
    table.actor.backoff = Backoff(first=0.01, cap=0.01)  # retried at once

    async def unchanged() -> bool:
        runner, state, sent = failed[-1]
        return (
            table.driver.state is runner
            and state_of(table) == state
            and [len(player.frames) for player in players] == sent
            and table_held(table) == await as_stored(table, store)
            and not table.broken
            and lobby.tables[table.id] is table
        )

    seen = checked_ticks(table, lambda: len(failed), unchanged)
    live = await reach()
    async with asyncio.timeout(30):
        while not done(live):  # carried out again, once stored
            await asyncio.sleep(0.01)
    await table.set_status(TableStatus.PAUSED)
    assert seen == [True]
    assert night.store.fired == 1
    assert table_held(table) == await as_stored(table, store)
    night.stands()
    return live


async def _clock_ran_out() -> None:
    store, lobby, night = await connected_table(quick_settings("clock", hand_pause=60))
    table = night.table

    async def running() -> None:
        await table.set_status(TableStatus.RUNNING)

    acts = frozenset(kind.value for kind in ActionKind)
    stored: list[tuple[LiveHand | None, frozenset[int]]] = []

    def clock_acted(_: LiveHand | None) -> bool:
        """The clock's action is stored: the hand and who the clock acted for, as they stand
        then (the next turn's clock, 0.05 s, may run out too before the table is paused)."""
        if not stored and table.driver.state.timed_out:
            stored.append((table.live, table.driver.state.timed_out))
        return bool(stored)

    await _clock_fails_once(night, acts, running, clock_acted)
    # The clock acted, and it was stored: for the seat whose turn was up, its bank spent.
    ((live, timed_out),) = stored
    assert live is not None
    assert live.actions >= 1
    (seat,) = timed_out
    assert table.seats[seat].time_bank == 0.0
    await closed_balanced(table, lobby, store)


@faults("runner_commands.TimeUp")
def test_a_turn_s_clock_run_out_survives_a_failed_write_with_the_runner_unchanged() -> None:
    asyncio.run(_clock_ran_out())


async def _bot_acted() -> None:
    store, lobby, failing = await failing_lobby()
    table, _ = await lobby.create(quick_settings("bot", hand_pause=60))
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
    # The bot's action is the runner's tick's follow-up (runner_slice.BotActs, its choice the
    # tick's effect): its write fails once, the runner's state is kept, and the tick after
    # the actor's backoff stores it.
    await _clock_fails_once(night, acts, running, bot_acted, source="bot")
    await closed_balanced(table, lobby, store)


@faults("runner_commands.BotActs")
def test_a_bot_s_action_survives_a_failed_write_with_the_runner_unchanged() -> None:
    asyncio.run(_bot_acted())


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


@faults(
    "hand_requests.AnswerTwice",
    "hand_requests.Answer",
    "seating.HandOver",
    "settings.NoticesPlayed",
    "core.ForgetHand",
)
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
    await closed_balanced(table, lobby, store)


@faults(
    "runner_commands.OfferTimeUp",
    "seating.HandOver",
    "settings.NoticesPlayed",
    "core.ForgetHand",
)
def test_the_offer_s_clock_run_out_survives_a_failed_write_with_the_runner_unchanged() -> None:
    asyncio.run(_offer_ran_out())


async def _play_all_in(night: Night, seats: Callable[[], bool] = lambda: True) -> LiveHand:
    """Play the table's hand until nobody is left to act (everyone all in, the hand at its
    run-out, its offer or its end): each of ``night``'s players bets, raises or calls when it
    is their turn (``seats()``: whether to go on)."""
    table = night.table
    async with asyncio.timeout(30):
        while seats():
            live = table.live
            if live is None:
                await asyncio.sleep(0.01)
                continue
            hand = live.hand
            if hand.to_act is None:
                return live
            index = live.setup.lineup[hand.to_act]
            if index not in night.players:  # a bot's turn: it plays by itself
                await asyncio.sleep(0.01)
                continue
            kinds = {option.kind for option in hand.legal_actions()}
            order = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE, ActionKind.CALL)
            kind = next(k for k in (*order, ActionKind.BRING_IN, ActionKind.CHECK) if k in kinds)
            seq = table.seats[index].last_seq + 1
            await table.handle(night.players[index], Act(type="act", seq=seq, action=kind.value))
    raise AssertionError("the hand stopped before everyone was all in")  # pragma: no cover


async def _run_out() -> None:
    once = [GameEntry(game="F7S", house_rules={"run_twice": False})]  # no offer: run out
    settings = _twice_settings("run-out", 60).model_copy(
        update={"games": once, "runout_pause": 0.05}
    )
    store, lobby, night = await connected_table(settings)
    table = night.table

    def last_street(changes: Changes) -> bool:
        """The run-out's last street, dealt after its pause, that ends the hand (the streets
        before it draw no deck: nothing to store): the hand's end with no action."""
        return changes.hand_end is not None and not changes.actions

    async def all_in() -> LiveHand:
        await table.set_status(TableStatus.RUNNING)
        live = await _play_all_in(night)
        assert live.hand.run_out_street is not None  # all in before the last street
        return live

    # The street was not stored: the runner's state is the very value it was (the hand in
    # play at the street before), nothing was sent; the next look stores it.
    await _step_fails_once(
        night,
        last_street,
        all_in,
        lambda live: live is not None and not table.driver.in_play(live.number),
    )
    await closed_balanced(table, lobby, store)


@faults("runner_commands.RunOutStreet", "seating.HandOver", "core.ForgetHand")
def test_a_run_out_s_street_survives_a_failed_write_with_the_runner_unchanged() -> None:
    asyncio.run(_run_out())


async def _host_acted() -> None:
    store, lobby, night = await connected_table(
        quick_settings("host", action_clock=3600, hand_pause=60)
    )
    table = night.table
    leaving: list[int] = []

    async def removed() -> LiveHand:
        """The table running, the player whose turn it is leaves in the hand."""
        await table.set_status(TableStatus.RUNNING)
        async with asyncio.timeout(10):
            while table.live is None or table.live.hand.to_act is None:
                await asyncio.sleep(0.01)
        live = table.live
        assert live.hand.to_act is not None
        leaving.append(live.setup.lineup[live.hand.to_act])
        await table.remove(leaving[0])
        assert table.seats[leaving[0]].leaving
        return live

    def host_acted(live: LiveHand | None) -> bool:
        """The table's action for the leaving player is stored: the one that failed, again."""
        assert live is not None
        events = live.hand.events if table.live is None else table.live.hand.events
        return any(
            isinstance(event, Acted) and live.setup.lineup[event.seat] == leaving[0]
            for event in events
        )

    acts = frozenset(kind.value for kind in ActionKind)
    # The leaving player's turn is the runner's tick's follow-up (runner_slice.HostActs): its
    # write fails once, the tick after the actor's backoff stores it.
    await _clock_fails_once(night, acts, removed, host_acted, source="host")
    await closed_balanced(table, lobby, store)


@faults("runner_commands.HostActs")
def test_a_leaving_player_s_turn_acted_for_survives_a_failed_write_with_the_runner_unchanged() -> (
    None
):
    asyncio.run(_host_acted())


async def _offer_opened() -> None:
    store, lobby, failing = await failing_lobby()
    table, _ = await lobby.create(_twice_settings("twice-bot", 60))
    night = Night(lobby, table, failing)
    seat, _token = await table.join("ann", None)
    night.players[seat.index] = Player(seat.index)
    await table.attach(night.players[seat.index])  # someone watches: the bot plays
    await table.add_bot(SeatKind.CALLING_BOT, None, None)

    async def offered() -> LiveHand:
        await table.set_status(TableStatus.RUNNING)
        return await _play_all_in(night)

    # The offer opens (runner_commands.ClockAnswer) and the bot answers no at once, stored with the
    # clock in the runner's state: that write fails once, the next look stores it.
    live = await _clock_fails_once(
        night,
        frozenset({RUN_ONCE}),
        offered,
        lambda live: live is not None and not table.driver.in_play(live.number),
        source="bot",
    )
    assert live is not None
    assert table.last_hand is not None
    assert False in table.last_hand.hand.run_twice_answers.values()  # the bot's no
    assert table.last_hand.hand.current_run != 2  # run once
    await closed_balanced(table, lobby, store)


@faults("runner_commands.ClockAnswer")
def test_a_bot_s_answer_as_the_offer_opens_survives_a_failed_write_with_the_runner_unchanged() -> (
    None
):
    asyncio.run(_offer_opened())


async def _chips_at_the_end() -> None:
    settings = quick_settings(
        "chips",
        action_clock=3600,
        hand_pause=60,
        starting_chips=500,
        rebuy_max=1000,
        top_up_ceiling=2000,
    )
    store, lobby, night = await connected_table(settings)
    table = night.table
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(10):
        while table.live is None:
            await asyncio.sleep(0.01)
    live = table.live
    asking = live.setup.lineup[0]
    rebuy = Rebuy(type="rebuy", seq=table.seats[asking].last_seq + 1, amount=100)
    await table.handle(night.players[asking], rebuy)
    (request,) = table.cashier.open
    await table.decide_rebuy(request.id, True)  # the chips come when the hand ends
    while ActionKind.FOLD not in {option.kind for option in live.hand.legal_actions()}:
        assert live.hand.to_act is not None
        index = live.setup.lineup[live.hand.to_act]
        kinds = {option.kind for option in live.hand.legal_actions()}
        kind: ActionKind = next(k for k in PASSIVE if k in kinds)
        seq = table.seats[index].last_seq + 1
        await table.handle(night.players[index], Act(type="act", seq=seq, action=kind.value))
        assert table.live is not None
        live = table.live
    assert live.hand.to_act is not None
    folding = live.setup.lineup[live.hand.to_act]
    # The fold ends the hand, heads up: its write, with the cashier's HandEnded folded in
    # (the approved chips come), fails once; the player is told, the request still approved.
    await night.frame_refused_once(folding, lambda seq: Act(type="act", seq=seq, action="fold"))
    assert not table.driver.in_play(live.number)
    assert not table.cashier.open
    assert sum(seat.stack for seat in table.seats.values()) == 1100  # the rebuy's chips came
    await closed_balanced(table, lobby, store)


@faults("hand_requests.Play", "cashier.HandEnded", "seating.HandOver", "core.ForgetHand")
def test_the_chips_approved_in_a_hand_survive_a_failed_write_of_its_end_unchanged() -> None:
    asyncio.run(_chips_at_the_end())
