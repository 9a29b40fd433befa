"""Fault injection (issue 23): the players' shuffle. A page's commitment and value, the
shuffle's commands, leave its round (and its stored rows) as they were when their write fails
once, the page told with an error frame; the round's opening (the runner's tick, or the chosen
deal whose change opens it) leaves the shuffle's state as it was, nothing asked of any page,
and is carried out by the next try, without a reload; so do the hand dealt from a round over,
and a round over dropped when too few players are left to deal it."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from tests.server.helpers import (
    Night,
    Player,
    answer,
    as_stored,
    checked_ticks,
    closed_balanced,
    connected_table,
    faults,
    quick_settings,
    table_held,
)
from wildstud.betting import ActionKind
from wildstud.joint_shuffle import value_commitment
from wildstud.server.clock import Backoff
from wildstud.server.lobby import Lobby
from wildstud.server.messages import Act, Choose, Commit, Reveal, Shuffler
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.store import Changes, Store
from wildstud.server.table import TableStatus


def shuffle_asked(player: Player, step: str) -> dict[str, Any]:
    """The last frame that asked ``player``'s page for ``step`` of the shuffle."""
    return next(
        f for f in reversed(player.frames) if f.get("type") == "shuffle" and f["step"] == step
    )


def _shuffle_settings(name: str) -> TableSettings:
    """A table whose players shuffle (FTQ only: no dealer is asked), its clocks long: nobody
    is left out, and nobody's turn runs out, while the test runs."""
    return quick_settings(name, seats=4, action_clock=3600, shuffle_seconds=60)


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


@faults(
    "shuffle_requests.PagePart",
    "hand_requests.Play",
    "seating.HandOver",
    "settings.NoticesPlayed",
    "core.ForgetHand",
)
def test_a_page_s_commitment_and_value_survive_a_failed_write_with_the_round_unchanged() -> None:
    asyncio.run(_shuffled())


async def _round_opened() -> None:
    store, lobby, night = await connected_table(_shuffle_settings("opened"))
    table = night.table
    players = night.players.values()
    for player in players:
        await table.handle(player, Shuffler(type="shuffler"))
    table.actor.backoff = Backoff(first=0.01, cap=0.01)  # retried at once, not in a second
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


@faults("runner_commands.DealHand", "shuffle_requests.Open")
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


@faults("hand_requests.ChooseGame", "shuffle_requests.Open")
def test_a_chosen_deal_that_opens_the_shuffle_s_round_survives_a_failed_write_unchanged() -> None:
    asyncio.run(_chosen_round())


async def _parts_sent(night: Night, values: dict[int, bytes], step: str) -> None:
    """Once every page is asked for ``step`` of the round, each sends its part (its
    commitment to its value in ``values``, or the value), taken."""
    table = night.table
    players = night.players.values()
    async with asyncio.timeout(10):
        while not all(
            any(f.get("type") == "shuffle" and f.get("step") == step for f in p.frames)
            for p in players
        ):
            await asyncio.sleep(0.01)
    for index, player in night.players.items():
        asked = shuffle_asked(player, step)
        hand, deal = asked["hand"], asked["deal"]
        frame: Commit | Reveal
        if step == "commit":
            made = value_commitment(values[index], hand, deal, index)
            frame = Commit(type="commit", hand=hand, deal=deal, commitment=made)
        else:
            frame = Reveal(type="reveal", hand=hand, deal=deal, value=values[index].hex())
        await table.handle(player, frame)


async def _shuffled_round(name: str) -> tuple[Store, Lobby, Night, dict[int, bytes]]:
    """A table whose two players' pages take part in the shuffle, and the values they draw."""
    store, lobby, night = await connected_table(_shuffle_settings(name))
    for player in night.players.values():
        await night.table.handle(player, Shuffler(type="shuffler"))
    night.table.actor.backoff = Backoff(first=0.01, cap=0.01)  # retried at once
    return store, lobby, night, {index: secrets.token_bytes(32) for index in night.players}


async def _dealt_from_the_round() -> None:
    store, lobby, night, values = await _shuffled_round("dealt")
    table = night.table
    players = list(night.players.values())
    failed: list[tuple[Any, Any, list[int]]] = []
    """The runner's and the shuffle's states, and the frames each page had been sent, when the
    deal's write failed."""

    def deal_s(args: tuple[Any, ...]) -> bool:
        """The write that deals the hand from the round over (runner_commands.DealHand)."""
        changes = args[1] if len(args) > 1 else None
        if isinstance(changes, Changes) and changes.hand is not None and night.store.armed:
            sent = [len(player.frames) for player in players]
            failed.append((table.driver.state, table.shuffling.state, sent))
            return True
        return False

    async def unchanged() -> bool:
        # No hand: the runner's state and the shuffle's (its round still over, for the deal)
        # are the very values they were, nothing was sent, memory is what the store holds,
        # nothing was reloaded.
        runner, shuffle, sent = failed[-1]
        return (
            table.driver.state is runner
            and table.shuffling.state is shuffle
            and table.shuffling.ready(1) is not None
            and table.live is None
            and [len(player.frames) for player in players] == sent
            and table_held(table) == await as_stored(table, store)
            and not table.broken
            and lobby.tables[table.id] is table
        )

    night.store.only = deal_s
    night.store.armed = True
    seen = checked_ticks(table, lambda: len(failed), unchanged)
    await table.set_status(TableStatus.RUNNING)
    await _parts_sent(night, values, "commit")
    await _parts_sent(night, values, "reveal")
    async with asyncio.timeout(10):  # the next look deals it, from the same round
        while table.live is None:
            await asyncio.sleep(0.01)
    assert seen == [True]
    assert night.store.fired == 1
    assert table.shuffling.made_from(table.live.number, 1) == ("ann", "bob")
    night.stands()
    await closed_balanced(table, lobby, store)


@faults("runner_commands.DealHand")
def test_a_hand_dealt_from_the_players_shuffle_survives_a_failed_write_unchanged() -> None:
    asyncio.run(_dealt_from_the_round())


async def _round_dropped() -> None:
    store, lobby, night, values = await _shuffled_round("dropped")
    table = night.table
    await table.set_status(TableStatus.RUNNING)
    await _parts_sent(night, values, "commit")
    # The table paused before the round is over, and Bob leaves: once it runs again, the
    # runner finds the round over and too few players to deal it, and drops the round's rows
    # (shuffle_requests.DropRound, in the change of the deal that deals none), its write failing
    # once.
    await table.set_status(TableStatus.PAUSED)
    await _parts_sent(night, values, "reveal")
    async with asyncio.timeout(10):
        while table.shuffling.ready(1) is None:
            await asyncio.sleep(0.01)
    await table.remove(1)
    before = (table.driver.state, table.shuffling.state)
    stored = await _rows_of(store, table.id, (1, 1))
    assert len(stored) == 2

    def dropped(args: tuple[Any, ...]) -> bool:
        changes = args[1] if len(args) > 1 else None
        return isinstance(changes, Changes) and bool(changes.shuffle_dropped)

    async def unchanged() -> bool:
        # Not dropped: the runner's and the shuffle's states are the very values they were
        # (the round still over), its rows still stored, no hand, nothing reloaded.
        return (
            (table.driver.state, table.shuffling.state) == before
            and table.shuffling.state is before[1]
            and await _rows_of(store, table.id, (1, 1)) == stored
            and table.live is None
            and table_held(table) == await as_stored(table, store)
            and not table.broken
            and lobby.tables[table.id] is table
        )

    night.store.only = dropped
    night.store.armed = True
    seen = checked_ticks(table, lambda: night.store.fired, unchanged)
    await table.set_status(TableStatus.RUNNING)
    async with asyncio.timeout(10):  # the next look drops it
        while table.shuffling.ready(1) is not None:
            await asyncio.sleep(0.01)
    assert seen == [True]
    assert night.store.fired == 1
    assert await _rows_of(store, table.id, (1, 1)) == []
    assert table.live is None
    night.stands()
    await closed_balanced(table, lobby, store)


async def _rows_of(store: Store, table_id: str, key: tuple[int, int]) -> list[Any]:
    """The players' shuffle's rows of deal ``key`` (hand, deal) the store holds."""
    (kept,) = await asyncio.to_thread(store.load_tables, [table_id])
    return sorted(
        (row.seat, row.commitment, row.value)
        for row in kept.shuffle
        if (row.number, row.deal) == key
    )


@faults("runner_commands.DealHand", "shuffle_requests.DropRound")
def test_a_shuffle_s_round_dropped_for_too_few_players_survives_a_failed_write_unchanged() -> None:
    asyncio.run(_round_dropped())
