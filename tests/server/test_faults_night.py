"""Fault injection (issue 23): the commands a night's people send, each kind in turn (the
seating's and the host's between hands, chat, the players' requests, the cashier's, the
ledger's reads, a hand's start, the dealer's choice, an action, a showdown's choice, the host's
commands in a hand). The store fails the command's write once. The table's state is then
exactly what it was before the command, and what a table rebuilt from the store holds
(:func:`~tests.server.helpers.table_held`, :func:`~tests.server.helpers.as_stored`), the client
is told (an error frame with the request's ``seq``, or :class:`StorageFailureError`, which the
REST API answers 503), nothing is reloaded, and the same command, sent again, works
(in-process). The ledger's reads, commands of the money slice, have the store fail their read
once alike, as do the chat's (the host's read of the log, a connection's welcome) and the read
of who left tonight."""

from __future__ import annotations

import asyncio
import functools

from tests.server.helpers import (
    READS,
    WRITES,
    Night,
    Player,
    answer,
    failing_lobby,
    faults,
)
from wildstud.betting import ActionKind
from wildstud.server.messages import Act, Choose, Rebuy, Say, Show, SitIn, SitOut
from wildstud.server.replay import at_showdown
from wildstud.server.schemas import GameEntry, RulesUpdate, TableSettings
from wildstud.server.seating import SeatKind
from wildstud.server.table import TableStatus


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


@faults(
    "cashier.AskChips",
    "cashier.DecideChips",
    "cashier.NightEnded",
    "cashier.SeatLeft",
    "chat.Mute",
    "chat.Speak",
    "chat._Checked",
    "core.CancelChoice",
    "core.PlayerOut",
    "core.ResetTurn",
    "core.Retime",
    "core.TableRuns",
    "hand_requests.ChooseGame",
    "hand_requests.Play",
    "hand_requests.ShowOrMuck",
    "ledger.NightRead",
    "ledger.Report",
    "reveal_progress.MaybeDue",
    "seat_requests.DecideRequest",
    "seat_requests.FileRequest",
    "seating.EndNight",
    "seating.Join",
    "seating.NewLink",
    "seating.NewLinks",
    "seating.Remove",
    "seating.SetStatus",
    "seating.Sit",
    "settings.UpdateRules",
    "shuffle_requests.Open",
)
def test_every_command_survives_a_failed_write_with_the_table_unchanged() -> None:
    asyncio.run(_night())


async def _reads() -> None:
    store, lobby, failing = await failing_lobby()
    settings = TableSettings(name="reads", games=[GameEntry(game="FTQ")])
    table, _ = await lobby.create(settings)
    night = Night(lobby, table, failing)
    await table.join("ann", None)
    bob, _token = await table.join("bob", None)
    await table.remove(bob.index)  # Bob left tonight
    # The host's read of the chat's log (chat.Report, the log not read yet): the store fails
    # the read once, the host is told (StorageFailureError, which the REST API answers 503),
    # and the next read gives it.
    failing.kinds = frozenset({"recent_lines"})
    log = await night.refused_once(table.chat_log)
    assert (log.lines, log.open) == ([], True)
    # The players who left tonight (ledger.Departures, a read of the ledger): alike.
    failing.kinds = READS
    gone = await night.refused_once(table.departed)
    assert [(left.name, left.seat) for left in gone] == [("bob", bob.index)]

    # A connection's welcome on a table whose chat's log is not read yet (chat.Welcome): the
    # read fails once; the connection is welcomed all the same, with no line of the log,
    # the chat still unread; the next connection's welcome reads it.
    other, _ = await lobby.create(settings.model_copy(update={"name": "welcome"}))
    seat, _token = await other.join("cy", None)
    night = Night(lobby, other, failing)
    welcomed: list[Player] = []

    async def opens() -> None:
        welcomed.append(Player(seat.index))
        await other.attach(welcomed[-1])

    def told() -> None:
        (log_frame,) = (f for f in welcomed[-1].frames if f["type"] == "chat_log")
        assert log_frame["lines"] == []
        assert not other.actor.state("chat").loaded

    failing.kinds = frozenset({"recent_lines"})
    await night.refused_once(opens, told)
    assert other.actor.state("chat").loaded
    assert any(f["type"] == "chat_log" for f in welcomed[-1].frames)
    failing.kinds = WRITES
    await lobby.close()
    store.close()


@faults("chat.Report", "ledger.Departures", "chat.Welcome")
def test_the_reads_of_the_chat_and_of_who_left_survive_a_failed_read_unchanged() -> None:
    asyncio.run(_reads())
