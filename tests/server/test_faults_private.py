"""Fault injection (issue 23): a private deal. A page's answer (its key, its deck, its
shares, its hand shown, its secret for the audit) leaves the deal's rounds (the audit's
deals) as they were when its write fails once, the page told with an error frame. A private
deal's own steps, and the audit's (the server's secret published, the audit's result), leave
their slice's state as it was, nobody told, and are carried out by the slice's next tick; the
hand's deal, an action that opens the next pass and the wait timed afresh on a pause leave the
deal as it was."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from tests.server.helpers import (
    Night,
    Player,
    answer,
    around_runner_ticks,
    around_ticks,
    as_stored,
    closed_balanced,
    connected_table,
    faults,
    quick_settings,
    table_held,
)
from tests.tools.private_table import answer_body
from wildstud.betting import ActionKind
from wildstud.private_rounds import Agent
from wildstud.server.clock import Backoff
from wildstud.server.messages import Act, PrivateAnswer
from wildstud.server.schemas import TableSettings
from wildstud.server.seating import SeatKind
from wildstud.server.store import Changes
from wildstud.server.table import StorageFailureError, Table, TableStatus
from wildstud.server.table.private_answers import NAME as PRIVATE
from wildstud.server.table.runner import RUNNER


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
        if step == "reveal":
            answer = {"step": step, "secret": agent.secret.scalar.hex(), "order": [*agent.order]}
        else:
            answer = answer_body(frame, agent)
        if step != "key":
            answer["key"] = agent.key.hex()
        return PrivateAnswer(type="private", hand=key[0], deal=key[1], answer=answer)


def _private_settings(name: str, **more: Any) -> TableSettings:
    """A table that deals privately (FTQ only), its clocks long: nobody's answer is late."""
    clocks = {"action_clock": 3600, "muck_clock": 60, "shuffle_seconds": 60}
    return quick_settings(name, seats=4, deal="private", **{**clocks, **more})


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
            if index not in night.players:  # a bot's turn: the table plays it
                await asyncio.sleep(0.01)
                continue
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
        step = frame.answer["step"]
        # An unmask answer is an order value's row while the deal order is drawn.
        kinds = {"mask": ("deck",), "unmask": ("unmask", "order")}.get(step, (step,))

        def its_row(args: tuple[Any, ...]) -> bool:
            rows = args[1].private_rounds if isinstance(args[1], Changes) else ()
            return any(row.kind in kinds and row.party == party for row in rows)

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
    await closed_balanced(table, lobby, store)


@faults(
    "private_answers.PageAnswer",
    "reveal_answers.PageReveal",
    "runner_commands.ShowHand",
    "private_answers.Taken",
)
def test_a_page_s_answers_in_a_private_deal_survive_a_failed_write_with_the_rounds_unchanged() -> (
    None
):
    asyncio.run(_private())


async def _private_ticks() -> None:
    store, lobby, night = await connected_table(_private_settings("ticks"))
    table = night.table
    pages = {index: InPage(player) for index, player in night.players.items()}
    table.actor.backoff = Backoff(first=0.01, cap=0.01)  # retried at once, not in a second
    kinds = ["parties", "pass"]
    """The deal's own writes that fail once each: its start, then its first pass opened."""
    checked: list[bool] = []

    def armed(args: tuple[Any, ...]) -> bool:
        if len(checked) == len(kinds):
            return False
        rows = args[1].private_rounds if isinstance(args[1], Changes) else ()
        return any(row.kind == kinds[len(checked)] for row in rows)

    async def checked_tick(tick: Callable[[], Awaitable[None]]) -> None:
        """The runner's tick, which hands the deal its tick as a follow-up: when the deal's
        write fails, the deal's state is the same value, no page was sent anything, and
        nothing was reloaded."""
        before = table.private.state
        sent = [len(player.frames) for player in night.players.values()]
        fired = night.store.fired
        await tick()  # a failed write is the actor's to try again, after its backoff
        if night.store.fired > fired:
            checked.append(
                table.private.state is before
                and [len(player.frames) for player in night.players.values()] == sent
                and not table.broken
                and lobby.tables[table.id] is table
            )
            night.store.armed = len(checked) < len(kinds)

    around_runner_ticks(table, checked_tick)
    night.store.only = armed
    night.store.armed = True

    await table.set_status(TableStatus.RUNNING)
    await _play_private_hand(night, _answering(table, pages))
    assert checked == [True, True]
    assert night.store.fired == 2
    assert not table.broken
    await closed_balanced(table, lobby, store)


@faults("runner_commands.DealTick")
def test_a_private_deal_s_own_steps_survive_a_failed_write_with_the_rounds_unchanged() -> None:
    asyncio.run(_private_ticks())


async def _hand_changes() -> None:
    # Each answer's clock is a second: a page that keeps its show mucks it unshown, one that
    # keeps its key voids the deal, both within a test's time.
    settings = _private_settings("changes", shuffle_seconds=1)
    store, lobby, night = await connected_table(settings)
    table = night.table
    await table.add_bot(SeatKind.CALLING_BOT, None, None)
    pages = {index: InPage(player) for index, player in night.players.items()}
    ann, bob = sorted(pages)
    table.actor.backoff = Backoff(first=0.01, cap=0.01)  # retried at once, not in a second
    kinds: dict[str, Callable[[Changes], bool]] = {
        "the bot's hand shown": lambda c: any(
            (a.kind, a.source) == ("show", "bot") for a in c.actions
        ),
        "Bob's hand mucked by its clock": lambda c: any(
            (a.kind, a.source) == ("muck", "clock") for a in c.actions
        ),
        "the hand void": lambda c: c.hand_end is not None and "void" in c.hand_end.summary,
    }
    """The runner's changes that a private deal's own ticks ask, each failing once."""
    caught: dict[str, tuple[Any, ...]] = {}
    """What the table held, and each player had been sent, as each write failed."""
    checked: dict[str, bool] = {}

    def sent() -> list[int]:
        return [len(player.frames) for player in night.players.values()]

    def armed(args: tuple[Any, ...]) -> bool:
        """Fail the first write of each kind (armed on that write itself)."""
        changes = args[1] if len(args) > 1 else None
        if not isinstance(changes, Changes):
            return False
        for kind, found in kinds.items():
            if kind not in caught and found(changes):
                caught[kind] = (table.private.state, table.driver.state, sent())
                night.store.armed = True
                return True
        return False

    async def checked_tick(tick: Callable[[], Awaitable[None]]) -> None:
        """The runner's tick or the deal's own: when the write of the runner's change it asked
        fails, the deal and the runner are the same values, nobody was sent anything, memory
        is what the store holds, and nothing was reloaded; the next tick carries it out."""
        fired = night.store.fired
        await tick()
        if night.store.fired > fired:
            kind = next(kind for kind in caught if kind not in checked)
            private, runner, frames = caught[kind]
            checked[kind] = (
                table.private.state is private
                and table.driver.state is runner
                and sent() == frames
                and table_held(table) == await as_stored(table, store)
                and not table.broken
                and lobby.tables[table.id] is table
            )

    around_ticks(table, (RUNNER, PRIVATE), checked_tick)
    night.store.only = armed

    async def answered() -> bool:
        """Whether a page had something to answer: Bob's page keeps its hand unshown, and
        Ann's keeps its key for hand 2."""
        asked = [(page, *answer) for page in pages.values() for answer in page.answers()]
        for page, _party, frame in asked:
            step = frame.answer["step"]
            if page is pages[bob] and step == "show":
                continue
            if page is pages[ann] and (frame.hand, step) == (2, "key"):
                continue
            await table.handle(page.player, frame)
        return bool(asked)

    await table.set_status(TableStatus.RUNNING)
    await _play_private_hand(night, answered)  # to its showdown: the bot's shown, Bob's mucked
    assert sorted(checked) == ["Bob's hand mucked by its clock", "the bot's hand shown"]
    await _play_private_hand(night, answered)  # ann's key never comes: the hand is void
    assert checked == dict.fromkeys(kinds, True)
    assert night.store.fired == 3
    hands = await asyncio.to_thread(store.finished_hands, table.id, 2, None)
    voids = [(hand.setup.number, (hand.summary or {}).get("void")) for hand in hands]
    assert voids == [(2, "ann did not answer in time"), (1, None)]
    await table.set_status(TableStatus.PAUSED)
    await closed_balanced(table, lobby, store)


@faults(
    "runner_commands.ShowHand",
    "runner_commands.MuckHand",
    "runner_commands.VoidHand",
    "private_answers.Taken",
)
def test_what_a_private_deal_comes_to_for_the_hand_survives_a_failed_write_unchanged() -> None:
    """The runner's changes that a private deal's ticks ask (the server's show of a bot's hand,
    a page's hand mucked as its clock runs out, the hand void as an answer does not come),
    each with the deal's own change folded in: the write fails once, the deal and the runner
    are as they were, nobody is told, and the next tick carries it out."""
    asyncio.run(_hand_changes())


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
    await closed_balanced(table, lobby, store)


@faults("hand_requests.Play", "core.PassAhead")
def test_an_action_that_opens_a_private_deal_s_pass_survives_a_failed_write_unchanged() -> None:
    asyncio.run(_private_ahead())


async def _private_dealt() -> None:
    store, lobby, night = await connected_table(_private_settings("dealt"))
    table = night.table
    private = table.private
    pages = {index: InPage(player) for index, player in night.players.items()}
    table.actor.backoff = Backoff(first=0.01, cap=0.01)  # retried at once, not in a second
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
    await closed_balanced(table, lobby, store)


@faults("runner_commands.DealHand", "core.NewHand")
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
            and table_held(table) == await as_stored(table, store)
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
    await closed_balanced(table, lobby, store)


@faults("reveal_progress.RevealTick")
def test_a_private_night_s_publishing_and_audit_survive_a_failed_write_and_go_on() -> None:
    """The audit slice's ticks (:mod:`wildstud.server.table.reveal_progress`): the server's
    secret, then the audit's result, each fails to store once; the state is as it was, nobody
    is told, and the slice's next tick publishes it."""
    asyncio.run(_reveal_ticks())


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
        assert table_held(table) == await as_stored(table, store)
        night.stands()
        await table.set_status(status)
        retimed = table.private.state
        assert retimed.rounds is waited.rounds
        assert retimed.deadline > waited.deadline
    await closed_balanced(table, lobby, store)


@faults("seating.SetStatus", "core.TableRuns", "core.ResetTurn", "core.Retime", "core.CancelChoice")
def test_a_private_deal_s_clock_timed_afresh_survives_a_failed_write_with_the_deal_unchanged() -> (
    None
):
    asyncio.run(_private_retimed())
