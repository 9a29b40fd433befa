"""The table's actor and its pure core: a slice is a function of its state, a command and the
time, with no store and no event loop; the actor adopts a slice's new state only once the store
has what the outcome asked of it, and wakes a slice with a ``Tick`` when it asked to be."""

from __future__ import annotations

import asyncio
import datetime
import itertools
import json
import logging
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest

from tests.server.helpers import Player
from wildstud.betting import ActionKind
from wildstud.bots import CallingBot, RandomBot
from wildstud.bots_equity import EquityBot
from wildstud.deal import TableView
from wildstud.server.clock import Backoff
from wildstud.server.errors import SeatError
from wildstud.server.lobby import Lobby
from wildstud.server.messages import Ping, Rebuy, Say, Shuffler, SitIn, SitOut
from wildstud.server.metrics import Metrics
from wildstud.server.schemas import GameEntry, RulesUpdate, TableSettings
from wildstud.server.seating import SeatKind
from wildstud.server.store import Store, TableState
from wildstud.server.store.records import Changes, ChatLine
from wildstud.server.table import StorageFailureError, Table, TableStatus, runner_pass
from wildstud.server.table import settings as settings_slice
from wildstud.server.table.actor import Actor, Asked, Slice
from wildstud.server.table.chat import (
    CHAT_BURST,
    AddLine,
    ChatState,
    FindLine,
    Speak,
    Speaker,
    SpectatorsOpen,
    Welcome,
    handle,
)
from wildstud.server.table.core import (
    CancelChoice,
    Command,
    News,
    Outcome,
    Readers,
    Refused,
    TableNews,
    Tick,
    To,
)
from wildstud.server.table.settings import NoticesPlayed, SettingsState, UpdateRules
from wildstud.server.tourney_schemas import TournamentSettings
from wildstud.tournament import TournamentError

ANN = Speaker(0, "Ann", "p1")
LOADED = ChatState(loaded=True)


def speak(text: str, nonce: str | None = None, client: object = "ann's page") -> Speak:
    return Speak(client, Say(type="say", text=text, id=nonce), ANN, False, ("Ann",))


def stored(line: AddLine, number: int) -> ChatLine:
    new = line.line
    at = datetime.datetime(2026, 12, 2, tzinfo=datetime.UTC)
    return ChatLine(number, new.kind, new.name, new.seat, new.role, new.text, at)


def test_a_line_is_stored_before_anyone_hears_it() -> None:
    outcome = handle(LOADED, speak("  gl  "), 0.0)
    assert outcome.news == ()
    assert outcome.effect is not None
    request = outcome.effect.request
    assert isinstance(request, AddLine)
    assert (request.line.name, request.line.text) == ("Ann", "gl")
    assert outcome.effect.then is not None
    then = handle(outcome.state, outcome.effect.then((stored(request, 7), "added")), 0.0)
    assert [line.number for line in then.state.lines] == [7]
    ((news,),) = [then.news]
    assert isinstance(news, News)
    assert news.audience == Readers(spectators=False)
    assert news.frame["line"]["text"] == "gl"


def test_a_line_with_an_id_is_looked_up_first_and_a_failed_write_tells_its_sender() -> None:
    outcome = handle(LOADED, speak("gl", "n1"), 0.0)
    assert outcome.effect is not None
    assert isinstance(outcome.effect.request, FindLine)
    assert outcome.effect.then is not None
    checked = handle(LOADED, outcome.effect.then(None), 0.0)
    assert checked.effect is not None
    assert checked.effect.otherwise is not None
    failed = handle(LOADED, checked.effect.otherwise(False), 0.0)
    ((news,),) = [failed.news]
    assert isinstance(news, News)
    assert news.audience == To("ann's page")
    assert (news.frame["code"], news.frame["id"]) == ("storage", "n1")
    assert failed.state == LOADED


def test_the_rate_is_counted_by_the_time_each_command_comes_with() -> None:
    state = LOADED
    for _ in range(CHAT_BURST):
        outcome = handle(state, speak("hi"), 10.0)
        assert outcome.effect is not None
        state = outcome.state
    refused = handle(state, speak("hi"), 10.0)
    assert refused.effect is None
    news = refused.news[0]
    assert isinstance(news, News)
    assert news.frame["code"] == "rate-limited"
    assert handle(refused.state, speak("hi"), 12.0).effect is not None


@dataclass(frozen=True, slots=True)
class Start(Command):
    at: float


def alarm(state: list[str], command: Command, now: float) -> Outcome[list[str]]:
    if isinstance(command, Start):
        return Outcome(state, wake=now + command.at, reply="set")
    assert isinstance(command, Tick)
    return Outcome([*state, "rang"])


def bare_table(store: Store | None = None) -> Table:
    """A table with an id and ``store`` only: enough for an actor over the tests' slices."""
    table = Table.__new__(Table)
    table.id = "t1"
    if store is not None:
        table.store = store
    return table


def test_a_slice_is_woken_by_a_tick_when_it_asked() -> None:
    async def run() -> list[str]:
        store = Store("sqlite://")
        table = bare_table(store)
        actor = Actor(table, [Slice("alarm", [], alarm, (Start,))])
        assert await actor.ask(Start(0.01)) == "set"
        async with asyncio.timeout(5):
            while not actor.state("alarm"):
                await asyncio.sleep(0.01)
        await actor.stop()
        store.close()
        result: list[str] = actor.state("alarm")
        return result

    assert asyncio.run(run()) == ["rang"]


def test_a_slice_s_tick_that_fails_is_logged_once_counted_and_tried_again_later(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A tick that raises (a bug) does not stop its slice: logged once however often it
    repeats, counted in the errors metric, tried again after a wait that doubles while it
    fails; the next tick that works says so, once, and starts the count again."""

    async def run() -> tuple[list[float], list[str], float, float]:
        store = Store("sqlite://")
        table = bare_table(store)
        table.broken = False
        table.metrics = Metrics()
        tried: list[float] = []

        def flaky(state: list[str], command: Command, now: float) -> Outcome[list[str]]:
            tried.append(now)
            if len(tried) <= 4:
                raise RuntimeError("boom")
            return Outcome([*state, "rang"])

        actor = Actor(table, [Slice("flaky", [], flaky, ())])
        actor.backoff = Backoff(first=0.02, cap=0.08)
        actor.nudge("flaky")
        async with asyncio.timeout(5):
            while not actor.state("flaky"):
                await asyncio.sleep(0.005)
        retry = actor.retry("flaky")  # the count started again
        errors = table.metrics.errors.labels("driver")._value.get()
        await actor.stop()
        store.close()
        messages = [record.getMessage() for record in caplog.records]
        return tried, messages, retry, errors

    caplog.set_level(logging.WARNING, logger="wildstud.server")
    tried, messages, retry, errors = asyncio.run(run())
    assert len(tried) == 5
    gaps = [later - earlier for earlier, later in itertools.pairwise(tried)]
    assert gaps[0] >= 0.02, gaps  # 0.02, 0.04, 0.08, 0.08
    assert gaps[2] >= 0.08, gaps
    assert sum("the tick of 'flaky' failed" in message for message in messages) == 1
    assert messages[-1] == "table t1: the tick of 'flaky' works again after 4 failures"
    assert (retry, errors) == (0.02, 4)


class Page:
    """A spectator's connection that keeps what it is sent."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.frames: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        self.frames.append(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        raise AssertionError(f"a page was closed: {code} {reason}")

    def then(self, callback: Callable[[], None]) -> None:
        callback()  # the frames are kept as they are sent


def test_a_refused_write_leaves_the_chat_as_it_was() -> None:
    async def run() -> tuple[Any, Any, list[dict[str, Any]]]:
        store = Store("sqlite://")
        settings = TableSettings(name="x", games=[GameEntry(game="FTQ")], spectator_chat=True)
        row = TableState(
            "t1",
            "x",
            "h" * 64,
            "j",
            "w",
            settings.model_dump(mode="json"),
            "waiting",
            None,
            0,
            None,
        )
        store.create_table(row)
        table = Table(row, [], store)
        page = Page()
        await table.actor.ask(Welcome(page, seated=False))  # the log is read
        before = table.actor.state("chat")
        table.moved = True  # every write is refused
        await table.handle(page, Say(type="say", text="hello", name="Zed"))
        after = table.actor.state("chat")
        await table.stop()
        store.close()
        return before, after, page.frames

    before, after, frames = asyncio.run(run())
    assert before.loaded
    assert after == before
    assert [frame["type"] for frame in frames] == ["chat_log", "error"]
    assert frames[-1]["code"] == "storage"


def test_a_change_of_the_rules_is_stored_with_its_notice_then_told() -> None:
    settings = TableSettings(name="x", games=[GameEntry(game="FTQ")])
    row = TableState("t1", "x", "h" * 64, "j", "w", {}, "running", 0, 3, 0)
    state = SettingsState.of(settings)
    update = RulesUpdate(spectator_chat=True, action_clock=20)
    outcome = settings_slice.handle(state, UpdateRules(update, row, 4), 0.0)
    assert outcome.effect is not None
    changes = outcome.effect.request
    assert isinstance(changes, Changes)
    assert changes.table is not None
    assert changes.table.settings["action_clock"] == 20
    assert [notice.hand for notice in changes.notices] == [4]
    assert outcome.state.notices == tuple(changes.notices)
    assert outcome.news[0] == TableNews()
    assert outcome.follow == (CancelChoice(), SpectatorsOpen(True))
    played = settings_slice.handle(outcome.state, NoticesPlayed(4), 0.0)
    assert played.state.notices == ()


def test_a_change_the_settings_refuse_changes_nothing() -> None:
    state = SettingsState.of(TableSettings(name="x", games=[GameEntry(game="FTQ")]))
    row = TableState("t1", "x", "h" * 64, "j", "w", {}, "running", 0, 3, 0)
    outcome = settings_slice.handle(
        state, UpdateRules(RulesUpdate(games=[GameEntry(game="nope")]), row, 4), 0.0
    )
    assert isinstance(outcome.reply, Refused)
    assert outcome.state is state
    assert outcome.effect is None


def test_a_closed_actor_ends_its_task_and_takes_no_more_commands() -> None:
    async def run() -> bool:
        actor = Actor(bare_table(), [Slice("alarm", [], alarm, (Start,))])
        actor.tell(Start(60.0))  # through the inbox: the task sets a timer, then waits
        async with asyncio.timeout(5):
            while not actor._timers:
                await asyncio.sleep(0)
        task = actor._task
        assert task is not None
        actor.close()  # the table moved to another process
        with pytest.raises(StorageFailureError):
            await actor.ask(Start(1.0))
        await asyncio.sleep(0)
        return task.done() and not actor._timers

    assert asyncio.run(run())


def test_a_command_asked_of_a_free_actor_is_carried_out_at_once_in_the_askers_task() -> None:
    async def run() -> tuple[str, asyncio.Task[None] | None, list[str]]:
        store = Store("sqlite://")
        table = bare_table(store)
        actor = Actor(table, [Slice("alarm", [], alarm, (Start,))])
        reply = await actor.ask(Start(60.0))
        task = actor._task  # never started: no command had to wait for it
        await actor.stop()
        store.close()
        return reply, task, actor.state("alarm")

    assert asyncio.run(run()) == ("set", None, [])


def test_a_command_asked_during_a_turn_waits_for_it_and_keeps_its_place() -> None:
    async def run() -> list[str]:
        store = Store("sqlite://")
        table = bare_table(store)
        actor = Actor(table, [])
        done: list[str] = []
        release = asyncio.Event()

        async def slow() -> None:
            await release.wait()  # a turn that suspends (a store on a thread would)
            done.append("first")

        def quick(name: str) -> Callable[[], Awaitable[None]]:
            async def tick() -> None:
                done.append(name)

            return tick

        # Each command a tick of a part of its own (as the hand driver's are).
        actor.ticks("first", slow)
        actor.ticks("second", quick("second"))
        actor.ticks("third", quick("third"))
        first = asyncio.create_task(actor.ask(Tick("first")))
        await asyncio.sleep(0)  # the first turn runs at once, in its asker's task, and waits
        second = asyncio.create_task(actor.ask(Tick("second")))
        await asyncio.sleep(0)
        third = asyncio.create_task(actor.ask(Tick("third")))
        await asyncio.sleep(0)
        assert done == []  # neither went ahead of the turn in hand
        release.set()
        await asyncio.gather(first, second, third)
        await actor.stop()
        store.close()
        return done

    assert asyncio.run(run()) == ["first", "second", "third"]


class Queued:
    """A connection whose frames wait in a queue for its own writer task, as a socket's do
    (:class:`wildstud.server.socket.Connection`): written only while the actor's task yields."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        self.written: list[str] = []

    def send(self, text: str) -> None:
        self.queue.put_nowait(text)

    async def write(self) -> None:
        while True:
            self.written.append(json.loads(await self.queue.get())["type"])


@dataclass(frozen=True, slots=True)
class Early(Command):
    client: Queued


@dataclass(frozen=True, slots=True)
class Later(Command):
    client: Queued


def asks_ahead(state: list[str], command: Command, now: float) -> Outcome[list[str]]:
    """A slice that sends a frame ahead, then, in the command that follows, notes what its
    connection had written by then (as a private pass asks the next page before the check)."""
    if isinstance(command, Early):
        client = command.client
        return Outcome(
            state,
            news=(News(To(client), {"type": "after"}),),
            ahead=(News(To(client), {"type": "ahead"}),),
            follow=(Later(client),),
        )
    assert isinstance(command, Later)
    return Outcome([*state, *command.client.written])


def test_news_sent_ahead_is_written_before_the_commands_that_follow_are_handled() -> None:
    async def run() -> tuple[list[str], list[str]]:
        store = Store("sqlite://")
        actor = Actor(bare_table(store), [Slice("ahead", [], asks_ahead, (Early, Later))])
        page = Queued()
        writer = asyncio.create_task(page.write())
        await actor.ask(Early(page))
        async with asyncio.timeout(5):
            while len(page.written) < 2:
                await asyncio.sleep(0)
        writer.cancel()
        await actor.stop()
        store.close()
        return actor.state("ahead"), page.written

    seen, written = asyncio.run(run())
    assert seen == ["ahead"]  # written while the actor yielded, before the follow-up ran
    assert written == ["ahead", "after"]  # the turn's own news at its end, as ever


class SlowBot(EquityBot):
    """An equity bot that thinks until it is let go (as a long Monte Carlo run would), then
    plays as ``helper`` does."""

    def __init__(self, helper: RandomBot | CallingBot | EquityBot | None) -> None:
        super().__init__()
        assert helper is not None
        self.helper = helper
        self.started = threading.Event()
        self.release = threading.Event()

    def choose(self, view: TableView) -> tuple[ActionKind, int | None]:
        self.started.set()
        self.release.wait(30)
        return self.helper.choose(view)


def test_the_inbox_takes_commands_while_an_equity_bot_thinks() -> None:
    async def run() -> list[str]:
        store = Store("sqlite://")
        lobby = Lobby(store)
        await lobby.open()
        settings = TableSettings(
            name="think", games=[GameEntry(game="FTQ")], bot_delay=0, spectator_chat=True
        )
        table, _ = await lobby.create(settings)
        thinker = await table.add_bot(SeatKind.EQUITY_BOT, None, None)
        caller = await table.add_bot(SeatKind.CALLING_BOT, None, None)
        slow = SlowBot(caller.bot)
        thinker.bot = slow
        page = Page()
        await table.attach(page)
        await table.set_status(TableStatus.RUNNING)
        try:
            async with asyncio.timeout(20):
                while not slow.started.is_set():
                    await asyncio.sleep(0.01)
                # The bot's thread runs: a line of chat is taken and answered all the same.
                await table.handle(page, Say(type="say", text="hurry", name="Zed"))
                assert not slow.release.is_set()
                live = table.live
                assert live is not None
                played = live.actions
                slow.release.set()
                # Then the bot plays (a stored action makes the hand a new value).
                while (
                    table.driver.in_play(live.number)
                    and table.live is not None
                    and table.live.actions == played
                ):
                    await asyncio.sleep(0.01)
        finally:
            slow.release.set()
            await lobby.close()
            store.close()
        return [frame["type"] for frame in page.frames]

    assert "chat" in asyncio.run(run())


def test_an_equity_bot_that_thinks_too_long_plays_as_a_calling_bot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bot's turn has no clock: an equity bot still thinking after THINK_SECONDS (its kernels'
    first compile on a fresh install, a minute) plays as a calling bot would, and the hand goes
    on; what its thread comes to later is left."""
    monkeypatch.setattr(runner_pass, "THINK_SECONDS", 0.3)

    async def run() -> tuple[int, bool]:
        store = Store("sqlite://")
        lobby = Lobby(store)
        await lobby.open()
        settings = TableSettings(name="slow", games=[GameEntry(game="FTQ")], bot_delay=0)
        table, _ = await lobby.create(settings)
        thinker = await table.add_bot(SeatKind.EQUITY_BOT, None, None)
        caller = await table.add_bot(SeatKind.CALLING_BOT, None, None)
        slow = SlowBot(caller.bot)
        thinker.bot = slow
        await table.set_status(TableStatus.RUNNING)
        try:
            async with asyncio.timeout(20):
                while not slow.started.is_set():
                    await asyncio.sleep(0.01)
                live = table.live
                assert live is not None
                played = live.actions
                # Never let go: the stand-in plays its turn, and the hand goes on.
                while table.live is not None and table.live.actions == played:
                    await asyncio.sleep(0.01)
                acted = table.live.actions if table.live is not None else played + 1
        finally:
            waited = slow.release.is_set()
            slow.release.set()
            await lobby.close()
            store.close()
        return acted - played, waited

    acted, released = asyncio.run(run())
    assert acted >= 1
    assert not released  # it played before its thread was let go


def test_a_client_welcomed_as_a_hand_ends_is_not_told_that_hand_s_notices_again() -> None:
    """The hand's end is stored, and at once (before any other command) the settings slice
    drops the notices that held for it: a client connecting in between would get them as
    notices still to come, beside the finished hand that played them."""

    async def run() -> list[dict[str, Any]]:
        store = Store("sqlite://")
        lobby = Lobby(store)
        await lobby.open()
        settings = TableSettings(name="notices", games=[GameEntry(game="FTQ")], bot_delay=0)
        table, _ = await lobby.create(settings)
        for name in ("ann", "bob"):
            await table.add_bot(SeatKind.CALLING_BOT, name, None)
        await table.update_rules(RulesUpdate(action_clock=20))  # from hand 1 on
        assert [notice.hand for notice in table.notices] == [1]
        page = Page()
        welcomes: list[asyncio.Task[None]] = []

        class Counting(Metrics):
            def hand_finished(self, now: float | None = None) -> None:
                # Called once the hand's end is stored: the page connects now.
                super().hand_finished(now)
                if not welcomes:
                    welcomes.append(asyncio.create_task(table.attach(page)))

        table.metrics = Counting()
        await table.set_status(TableStatus.RUNNING)
        async with asyncio.timeout(20):
            while not welcomes:
                await asyncio.sleep(0.01)
            await welcomes[0]
        await table.stop()
        store.close()
        return page.frames

    frames = asyncio.run(run())
    hands = [frame["number"] for frame in frames if frame["type"] == "hand"]
    assert hands == [1]  # welcomed with hand 1, over
    notices = [frame for frame in frames if frame["type"] == "notice"]
    assert notices == [], "the notices of a hand already played were sent as still to come"


def spied(table: Table) -> list[str]:
    """The names of the commands ``table``'s actor is asked from now on, each as it is made
    for its turn (its ticks left out)."""
    names: list[str] = []
    one = table.actor._one

    async def spy(asked: Asked) -> Any:
        made = asked if isinstance(asked, Command) else asked()
        if not isinstance(made, Tick):
            names.append(type(made).__name__)
        return await one(asked)

    table.actor._one = spy  # type: ignore[method-assign]
    return names


async def opened(name: str, **settings: Any) -> tuple[Store, Table]:
    """A new table of FTQ named ``name`` in a lobby on an in-memory store."""
    store = Store("sqlite://")
    lobby = Lobby(store)
    await lobby.open()
    table, _ = await lobby.create(
        TableSettings(name=name, games=[GameEntry(game="FTQ")], **settings)
    )
    return store, table


def test_the_host_s_pause_and_resume_are_seating_commands_in_the_inbox() -> None:
    """The host's start, pause and resume reach the table as the seating's commands, each one
    turn of the actor (no shell runs in it), stored with their follow-ups and then told: the
    table, and the turn's clock, stopped on a pause and timed afresh on the resume."""

    async def run() -> tuple[list[str], list[dict[str, Any]]]:
        store, table = await opened("pause", action_clock=30)
        for name in ("ann", "bob"):
            await table.join(name, None)
        page = Page()
        await table.attach(page)
        asked = spied(table)
        await table.set_status(TableStatus.RUNNING)
        async with asyncio.timeout(20):
            while table.live is None or table.driver.turn.clock is None:
                await asyncio.sleep(0.01)
        await asyncio.sleep(0.5)  # the clock runs down a little before the pause
        mark = len(page.frames)
        await table.set_status(TableStatus.PAUSED)
        await table.set_status(TableStatus.RUNNING)
        await table.stop()
        store.close()
        return asked, page.frames[mark:]

    asked, frames = asyncio.run(run())
    assert asked == ["SetStatus", "SetStatus", "SetStatus"]
    told = [(frame["type"], frame.get("table", {}).get("status")) for frame in frames]
    assert told[:2] == [("table", "paused"), ("clock", None)]
    clocks = [frame["clock"] for frame in frames if frame["type"] == "clock"]
    assert [clock["running"] for clock in clocks] == [False, True]
    assert clocks[1]["clock"] > 29.9  # the resumed turn's clock starts again, whole


def test_the_host_s_removal_and_new_links_are_seating_commands_in_the_inbox() -> None:
    """The host's removal of a seat, a seat's new link and the table's new links reach the
    table as the seating's commands, each one turn of the actor (no shell runs in it); the
    connections each lets go are told why and closed by the outbox, once it is stored."""

    async def run() -> tuple[list[str], list[Player], int]:
        store, table = await opened("links")
        for name in ("ann", "bob"):
            await table.join(name, None)
        ann, bob, watcher = Player(0), Player(1), Player(None)
        for page in (ann, bob, watcher):
            await table.attach(page)
        asked = spied(table)
        await table.new_link(0)
        await table.remove(1)
        await table.new_table_links()
        left = len(table.seats[0].clients) + len(table.fanout.spectators)
        await table.stop()
        store.close()
        return asked, [ann, bob, watcher], left

    asked, (ann, bob, watcher), left = asyncio.run(run())
    assert asked == ["NewLink", "Remove", "NewLinks"]
    assert ann.closed == (4000, "link replaced")
    assert bob.closed == (4000, "seat removed")
    assert watcher.closed == (4404, "link replaced")
    goodbye = bob.frames[-1]
    assert goodbye["type"] == "removed"
    assert goodbye["cash_out"] == 1000  # the buy-in, cashed out
    assert watcher.frames[-1]["message"].startswith("the host gave the table new links")
    assert left == 0  # the connections let go are the table's no more


def test_a_seat_taken_is_a_seating_command_that_reads_the_ledger_then_writes() -> None:
    """A player's or a bot's seat is one seating command in the inbox, which reads the ledger
    (who left tonight) and then takes the seat: a club member who left comes back on their
    own account."""

    async def run() -> tuple[list[str], str, str]:
        store, table = await opened("seats")
        ann, _ = await table.join("ann", None)
        await table.remove(ann.index)
        asked = spied(table)
        back, _ = await table.join("Ann B", None, own=("someone", ann.player_id))
        await table.add_bot(SeatKind.CALLING_BOT, None, None)
        await table.stop()
        store.close()
        return asked, ann.player_id, back.player_id

    asked, left, back = asyncio.run(run())
    assert asked == ["Join", "Join"]
    assert back == left  # the account that left tonight, taken again


def test_seat_requests_are_filed_and_decided_by_commands_in_the_inbox() -> None:
    """A request for a seat is the seat requests' command, which reads the ledger first when
    the requester shows the seat token they left with; the host's approval is the seating's
    ``Join``, which decides the request in its change; a refusal is the requests' command."""

    async def run() -> tuple[list[str], str, Any, Any, Any]:
        store, table = await opened("asks")
        ann, token = await table.join("ann", None)
        await table.remove(ann.index)
        asked = spied(table)
        back, _ = await table.request_seat("Ann again", 3, returning=token)
        other, _ = await table.request_seat("Bob", None)
        approved, seat = await table.decide(back.id, approve=True, wanted=None)
        declined, _ = await table.decide(other.id, approve=False, wanted=None)
        await table.stop()
        store.close()
        return asked, ann.player_id, (back.returning, seat), approved, declined

    asked, left, (returning, seat), approved, declined = asyncio.run(run())
    assert asked == ["FileRequest", "FileRequest", "Join", "DecideRequest"]
    assert returning == left  # the old seat token vouched for the account that left
    assert seat is not None
    assert (seat.index, seat.player_id) == (3, left)  # the seat asked for, on that account
    assert (approved.status, approved.seat) == ("approved", 3)
    assert declined.status == "declined"


def test_sitting_out_and_in_and_an_absent_player_s_return_are_seating_commands() -> None:
    """A player's sitting out and back in are the seating's commands in the inbox, numbered:
    the one carried out is acked to the connection that sent it and its number told to the
    seat's other connections, a resend answered as done, a stale number refused; an absent
    player who opens their link is back by the seating's ``Back``, folded into the
    connection's own turn before it is welcomed."""

    async def run() -> tuple[list[str], Player, Player, bool, bool]:
        store, table = await opened("sit")
        ann, _ = await table.join("ann", None)
        one, two = Player(ann.index), Player(ann.index)
        for page in (one, two):
            await table.attach(page)
        asked = spied(table)
        sit_out = SitOut(type="sit_out", seq=1)
        await table.handle(one, sit_out)
        await table.handle(two, sit_out)
        await table.handle(two, SitIn(type="sit_in", seq=1))
        await table.handle(one, SitIn(type="sit_in", seq=2))
        await table.handle(two, SitOut(type="sit_out", seq=1))
        # The clock sits ann out (as the hand runner stores it), and she opens her link again.
        row = replace(table.seats[ann.index].state(), sitting_out=True, missed_hands=2)
        async with table.lock:
            await table.writer.commit(Changes(seats=[row]))
        away = table.seats[ann.index].absent
        await table.attach(Player(ann.index))
        back = not table.seats[ann.index].sitting_out
        await table.stop()
        store.close()
        return asked, one, two, away, back

    asked, one, two, away, back = asyncio.run(run())
    assert asked == ["Sit", "Sit", "Sit", "Sit", "Sit", "Arrive", "Welcome"]
    answers = [
        [(f["type"], f.get("seq"), f.get("code"), f.get("repeat")) for f in page.frames]
        for page in (one, two)
    ]
    numbered = [[a for a in pages if a[0] in ("ack", "seq", "error")] for pages in answers]
    assert numbered[0] == [("ack", 1, None, None), ("ack", 2, None, None)]
    assert numbered[1] == [
        ("seq", None, None, None),
        ("ack", 1, None, True),  # the same request again: done
        ("error", 1, "stale", None),  # another request under that number: not done
        ("seq", None, None, None),
        ("error", 1, "stale", None),  # an old number
    ]
    assert away  # sat out by the clock…
    assert back  # …and back as she opened her link


def test_an_absent_player_s_return_tells_everyone_the_table_once() -> None:
    """An absent player who opens their link is back in the turn that welcomes the connection,
    and the table frame goes once to each page: the seat's other page and a spectator hear of
    the return once, the page that opened it has the table once in its welcome. (It was sent
    twice: once by the return's own turn, once by the welcome's.)"""

    async def run() -> tuple[list[int], bool]:
        store, table = await opened("once")
        ann, _ = await table.join("ann", None)
        other, watcher, opened_now = Player(ann.index), Player(None), Player(ann.index)
        for page in (other, watcher):
            await table.attach(page)
        row = replace(table.seats[ann.index].state(), sitting_out=True, missed_hands=2)
        async with table.lock:  # the clock sits ann out, as the hand runner stores it
            await table.writer.commit(Changes(seats=[row]))
        marks = [len(other.frames), len(watcher.frames)]
        await table.attach(opened_now)
        pages = [other.frames[marks[0] :], watcher.frames[marks[1] :], opened_now.frames]
        counts = [sum(1 for frame in frames if frame["type"] == "table") for frames in pages]
        back = not table.seats[ann.index].sitting_out
        seats = [
            seat
            for frame in opened_now.frames
            if frame["type"] == "table"
            for seat in frame["table"]["seats"]
        ]
        await table.stop()
        store.close()
        return counts, back and not any(seat["sitting_out"] for seat in seats)

    counts, back = asyncio.run(run())
    assert counts == [1, 1, 1]
    assert back  # and the one table frame shows her back


def test_a_request_for_chips_is_a_money_command_that_reads_the_ledger_then_writes() -> None:
    """A player's request for chips is the money slice's command in the inbox, numbered: it
    reads the ledger (the rebuys the player has had tonight), then stores the request with the
    seat's number, and acks it; a resend is answered as done without a read or a write."""

    async def run() -> tuple[list[str], list[str], Player, int, list[int]]:
        store, table = await opened("chips", rebuy_max=1000, top_up_ceiling=2000)
        ann, _ = await table.join("ann", None)
        page = Player(ann.index)
        await table.attach(page)
        calls: list[str] = []
        call = store.call

        async def counted(method: Any, *args: Any) -> Any:
            calls.append(method.__name__)
            return await call(method, *args)

        store.call = counted  # type: ignore[method-assign]
        asked = spied(table)
        ask = Rebuy(type="rebuy", seq=1, amount=100)
        await table.handle(page, ask)
        await table.handle(page, ask)
        amounts = [request.amount for request in table.cashier.open]
        last_seq = table.seats[ann.index].last_seq
        await table.stop()
        store.close()
        return asked, calls, page, last_seq, amounts

    asked, calls, page, last_seq, amounts = asyncio.run(run())
    assert asked == ["AskChips", "AskChips"]
    assert calls == ["ledger", "apply"]  # a read, then one write; nothing for the resend
    acks = [frame for frame in page.frames if frame["type"] == "ack"]
    assert acks == [
        {"type": "ack", "seq": 1, "last_seq": 1},
        {"type": "ack", "seq": 1, "last_seq": 1, "repeat": True},
    ]
    assert last_seq == 1  # stored with the request
    assert amounts == [100]


def test_a_tournament_s_deal_is_the_night_s_end_with_the_desk_s_follow_up_in_its_change() -> None:
    """The last players' deal is the seating's end of the night with the deal, one command in
    the inbox, whose follow-up for the tournament's desk pays the prizes in the same change;
    once the host has ended the night, the deal is that follow-up alone; a second deal is
    refused and changes nothing."""

    async def run() -> tuple[list[list[str]], list[tuple[bool, str | None]], list[int], str]:
        asked: list[list[str]] = []
        deals: list[tuple[bool, str | None]] = []
        prizes: list[int] = []
        rules = TournamentSettings.model_validate({"buy_in": 20})
        for end_first in (False, True):
            store, table = await opened("deal", tournament=rules)
            for name in ("ann", "bob"):
                await table.join(name, None)
            assert len(table.deal_figures()["players"]) == 2
            spy = spied(table)
            if end_first:
                await table.end_night()
            await table.make_deal("chip-chop")
            state = table.tournament
            assert state is not None
            assert table.status is TableStatus.ENDED
            asked.append(spy)
            deals.append((state.finished, state.deal))
            prizes.append(sum(entry.prize or 0 for entry in state.entries))
            with pytest.raises(TournamentError) as again:
                await table.make_deal("icm")
            assert table.tournament is state
            await table.stop()
            store.close()
        return asked, deals, prizes, str(again.value)

    asked, deals, prizes, again = asyncio.run(run())
    assert asked == [["EndNight", "EndNight"], ["EndNight", "EndNight", "EndNight"]]
    assert deals == [(True, "chip-chop")] * 2
    assert prizes == [40, 40]  # the pool, two buy-ins, paid whole
    assert again == "the tournament is over"


def test_who_left_tonight_is_a_read_of_the_money_slice_in_the_inbox() -> None:
    """The players who left tonight and have not come back are read by the money slice's
    command (the ledger and the seats of one moment), not by a shell run whole."""

    async def run() -> tuple[list[str], list[str]]:
        store, table = await opened("gone")
        for name in ("ann", "bob"):
            await table.join(name, None)
        await table.remove(0)
        asked = spied(table)
        gone = [player.name for player in await table.departed()]
        await table.stop()
        store.close()
        return asked, gone

    assert asyncio.run(run()) == (["Departures"], ["ann"])


def test_a_ping_and_a_page_s_part_in_the_shuffle_are_commands_of_their_slices() -> None:
    """A ping's pong and a page's part in the players' shuffle are commands in the inbox, of
    slices with a pure core; a ping asked during a turn keeps its place
    behind it, so that its pong comes after that turn's frames; a spectator's part is refused
    by the shuffle's slice, saying why."""

    async def run() -> tuple[list[str], Player, Player, str]:
        store, table = await opened("ping")
        ann, _ = await table.join("ann", None)
        page = Player(ann.index)
        await table.attach(page)
        watcher = Player(None)
        await table.attach(watcher)
        asked = spied(table)
        await table.handle(page, Ping(type="ping"))
        await table.handle(page, Shuffler(type="shuffler"))
        # A line of chat asked first, and a ping during its turn: the pong comes after it.
        said = asyncio.create_task(table.handle(page, Say(type="say", text="gl", id="l1")))
        pinged = asyncio.create_task(table.handle(page, Ping(type="ping")))
        await asyncio.gather(said, pinged)
        with pytest.raises(SeatError) as refused:
            await table.handle(watcher, Shuffler(type="shuffler"))
        pages = table.shuffling.state.pages
        assert pages == {ann.index: frozenset({page})}
        await table.stop()
        store.close()
        return asked, page, watcher, str(refused.value)

    asked, page, _watcher, refused = asyncio.run(run())
    assert asked == ["Pinged", "PagePart", "Speak", "Pinged", "PagePart"]
    kinds = [frame["type"] for frame in page.frames]
    assert kinds[-1] == "pong"
    assert kinds.index("said") < len(kinds) - 1  # the chat's answer came before the pong
    assert kinds.count("pong") == 2
    assert refused == "spectators watch: only a seat's page takes part in the shuffle"
