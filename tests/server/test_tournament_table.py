"""A sit-and-go at one table (issue 27 item 5): six entrants (two of them bots) play through
levels counted in hands, with a break, dealer's choice, a rebuy and an add-on; the stakes of
every hand are its level's, players go out in the order they busted, the prizes add up to the
pool, and the tournament is read back from the store as it stood."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import Player
from wildstud.betting import ActionKind
from wildstud.errors import TableError
from wildstud.server.errors import LedgerError
from wildstud.server.lobby import Lobby
from wildstud.server.messages import Act, Choose, Rebuy, Show
from wildstud.server.replay import at_showdown
from wildstud.server.schemas import GameEntry, TableBot, TableSettings
from wildstud.server.store import Store
from wildstud.server.table import Table, TableStatus
from wildstud.server.tourney_schemas import BreakModel, LevelModel, TournamentSettings
from wildstud.tournament import TournamentError, payouts

START = 200
BUY_IN, REBUY, ADDON = 20, 20, 10
LEVELS: list[LevelModel | BreakModel] = [
    LevelModel(ante=1, bring_in=2, small_bet=5, big_bet=10, hands=2),
    LevelModel(ante=2, bring_in=3, small_bet=10, big_bet=20, hands=2),
    BreakModel(minutes=0.01),
    LevelModel(ante=5, bring_in=5, small_bet=20, big_bet=40, hands=2),
    LevelModel(ante=10, bring_in=10, small_bet=40, big_bet=80, hands=2),
    LevelModel(ante=20, bring_in=20, small_bet=80, big_bet=160, hands=3),
    LevelModel(ante=50, bring_in=50, small_bet=200, big_bet=400, hands=10),
]


def _settings(seats: int = 6) -> TableSettings:
    return TableSettings(
        name="sit-and-go",
        games=[GameEntry(game="FTQ"), GameEntry(game="SMBU")],  # dealer's choice
        seats=seats,
        starting_chips=START,
        bot_delay=0,
        hand_pause=0.3,
        showdown_pause=0,
        action_clock=3600,
        choice_clock=3600,
        muck_clock=60,
        tournament=TournamentSettings(
            buy_in=BUY_IN,
            levels=LEVELS,
            rebuy_levels=2,
            rebuy_price=REBUY,
            rebuys_per_player=1,
            addon_chips=START,
            addon_price=ADDON,
            late_levels=1,
        ),
    )


def _stakes(level: LevelModel) -> tuple[int, int, int, int]:
    return (level.ante, level.bring_in, level.small_bet, level.big_bet)


CHOSEN: list[tuple[int, int]] = []
"""The dealer's choices the people made (after how many hands, which game)."""


async def _play(
    table: Table, players: dict[int, Player], seen: dict[int, dict[str, Any]], rng: random.Random
) -> None:
    """One turn of the people at the table (bots play themselves): the dealer's pick, a
    showdown's choice or an action, aggressive enough that stacks go all in."""
    if table.driver.choosing is not None:
        index = table.driver.choosing.button
        seq = table.seats[index].last_seq + 1
        entry, dealt = rng.randrange(2), table.hands_dealt
        await table.handle(players[index], Choose(type="choose", seq=seq, entry=entry))
        CHOSEN.append((dealt, entry))
        return
    live = table.live
    if live is None or (live.hand.to_act is None and not at_showdown(live.hand)):
        await asyncio.sleep(0.005)
        return
    seen.setdefault(live.number, {"options": live.setup.options, "lineup": live.setup.lineup})
    if at_showdown(live.hand):
        engine = live.hand.to_show_or_muck[0]
        index = live.setup.lineup[engine]
        if index in players:
            seq = table.seats[index].last_seq + 1
            await table.handle(players[index], Show(type="show", seq=seq, show=True))
        else:
            await asyncio.sleep(0.005)
        return
    acting = live.hand.to_act
    assert acting is not None
    index = live.setup.lineup[acting]
    if index not in players:
        await asyncio.sleep(0.005)
        return
    kinds = {option.kind for option in live.hand.legal_actions()}
    order = [ActionKind.RAISE, ActionKind.BET, ActionKind.COMPLETE, ActionKind.CALL]
    # Gentle in the first levels (so that the tournament reaches its break), then all in.
    gentle = 0.8 if table.hands_dealt <= 4 else 0.2
    if rng.random() < gentle:
        order = [ActionKind.CALL, ActionKind.CHECK, ActionKind.BRING_IN]
    order += [ActionKind.CHECK, ActionKind.BRING_IN, ActionKind.FOLD]
    kind = next(kind for kind in order if kind in kinds)
    seq = table.seats[index].last_seq + 1
    await table.handle(players[index], Act(type="act", seq=seq, action=kind.value))


async def _between_hands(table: Table) -> None:
    async with asyncio.timeout(30):
        while table.live is not None:
            await asyncio.sleep(0.002)


async def _tournament(path: Path) -> None:
    CHOSEN.clear()
    url = f"sqlite:///{path}"
    lobby = Lobby(Store(url))
    await lobby.open()
    table, _ = await lobby.create(
        _settings(seats=7), [TableBot(kind="calling-bot"), TableBot(kind="random-bot")]
    )
    players: dict[int, Player] = {}
    for name in ("Ann", "Bob", "Cy"):
        seat, _token = await table.join(name, None)
        players[seat.index] = Player(seat.index)
        await table.attach(players[seat.index])
    info = table.info()["tournament"]
    assert (info["level"], info["entrants"], info["prize_pool"]) == (1, 5, 5 * BUY_IN)
    assert (info["registration_open"], info["rebuys_open"], info["addon_open"]) == (True,) * 3
    # Chips come only from the tournament: a player's own request is refused.
    with pytest.raises(LedgerError, match="ask the host for a rebuy"):
        await table.handle(players[2], Rebuy(type="rebuy", seq=1, amount=50))

    await table.set_status(TableStatus.RUNNING)
    rng = random.Random(27)
    seen: dict[int, dict[str, Any]] = {}
    # Dee registers late, in the first level.
    async with asyncio.timeout(30):
        while table.hands_dealt < 1:
            await _play(table, players, seen, rng)
    seat, _token = await table.join("Dee", None)
    players[seat.index] = Player(seat.index)
    await table.attach(players[seat.index])
    dee = seat.index

    rebought: str | None = None
    added: str | None = None
    late_refused = False
    ended_stacks: dict[int, dict[str, int]] = {}
    starts: dict[int, dict[str, int]] = {}
    async with asyncio.timeout(240):
        while table.status is not TableStatus.ENDED:
            await _play(table, players, seen, rng)
            last = table.last_hand
            if last is not None and last.number not in ended_stacks:
                ids = last.setup.player_ids
                starts[last.number] = dict(zip(ids, last.setup.stacks, strict=True))
                ended_stacks[last.number] = dict(zip(ids, last.hand.stacks, strict=True))
            state = table.tournament
            assert state is not None
            if table.live is None and table.status is TableStatus.RUNNING:
                if not late_refused and not table.desk.registration_open(state):
                    # Late registration closed with the first level.
                    assert state.level_number(table.desk.schedule()) == 2
                    with pytest.raises(TableError, match=r"registration .* has closed"):
                        await table.join("Late", None)
                    late_refused = True
                for index, seat in list(table.seats.items()):
                    entry = state.entry(seat.player_id)
                    if entry is None or entry.place is not None:
                        continue
                    if added is None and index in players and table.desk.addon_open(state):
                        await table.tournament_rebuy(index, addon=True)
                        added = seat.player_id
                    elif rebought is None and seat.stack <= START and table.desk.rebuys_open(state):
                        await table.tournament_rebuy(index)
                        rebought = seat.player_id
    assert rebought is not None
    assert added is not None

    # -- the stakes of every hand were its level's, the break dealt nothing ---------------------
    levels = [item for item in LEVELS if isinstance(item, LevelModel)]
    expected: list[tuple[int, int, int, int]] = []
    for level in levels:
        expected += [_stakes(level)] * (level.hands or 100)
    for number in sorted(seen):
        options = seen[number]["options"]
        found = (options["ante"], options["bring_in"], options["small_bet"], options["big_bet"])
        if "BD" not in str(options):
            assert found == expected[number - 1], (number, found)
    # Dealer's choice as at a cash table: the people chose, and each chosen hand is that game.
    games = [item.game.name for item in table.menu.items]
    assert CHOSEN, "no person was ever the dealer"
    for dealt, chosen in CHOSEN:
        hand = table.store.hand(table.id, dealt + 1)
        assert hand is not None
        assert hand.setup.game == games[chosen]

    # -- the places: the later bust finishes higher, the prizes add up to the pool ------------
    state = table.tournament
    assert state is not None
    assert state.finished
    entries = {entry.player_id: entry for entry in state.entries}
    assert len(entries) == 6
    assert entries[table.seats[dee].player_id].place is not None
    place_of: dict[str, int] = {}
    for entry in entries.values():
        assert entry.place is not None, entry  # a finished tournament has placed everyone
        place_of[entry.player_id] = entry.place
    pool = 6 * BUY_IN + REBUY + ADDON
    info = table.info()["tournament"]
    assert info["prize_pool"] == pool
    assert info["payouts"] == payouts(pool, 6)
    assert sum(entry.prize or 0 for entry in entries.values()) == pool
    untied = [place_of[entry.player_id] for entry in entries.values() if entry.tied == 1]
    assert sorted(untied) == sorted(set(untied))
    # Independently: the hand each player's stack last went to nothing, and their stack as it
    # began; the later the bust the better the place, one hand's busts by their stacks.
    busts: dict[str, tuple[int, int]] = {}
    for number in sorted(ended_stacks):
        for player_id, stack in ended_stacks[number].items():
            if stack == 0 and starts[number][player_id] > 0:
                busts[player_id] = (number, starts[number][player_id])
    (winner,) = [entry for entry in entries.values() if entry.place == 1]
    busts.pop(winner.player_id, None)  # a winner who busted once had rebought
    assert len(busts) == 5
    out = sorted(busts, key=lambda player_id: busts[player_id])
    places = [place_of[player_id] for player_id in out]
    assert places == sorted(places, reverse=True), (busts, places)
    assert entries[rebought].rebuys == 1
    assert entries[added].addon
    # The winner holds every chip that came into the tournament.
    chips = sum(seat.stack for seat in table.seats.values())
    assert chips == 6 * START + START + START
    assert max(seat.stack for seat in table.seats.values()) == chips
    assert (await table.ledger())["balanced"]
    with pytest.raises(TournamentError, match=r"rebuys are closed|out of the tournament"):
        await table.tournament_rebuy(dee)
    # The night is the tournament's money: each paid in, the prizes paid out; a club's book
    # takes these results (the bots' shared among the people, as at a cash table).
    night = await table.night()
    assert night.ended
    assert night.settlement is not None
    assert night.balanced  # the prizes paid are the pool: the page must not say otherwise
    for player in night.accounts:
        entry = entries[player.player_id]
        assert player.net == (entry.prize or 0) - entry.paid(BUY_IN, REBUY, ADDON)
    assert sum(player.settles for player in night.players) == 0
    assert late_refused, "the tournament ended before its second level"
    assert max(seen) > 4, "the tournament ended before the break"
    await lobby.close()

    # -- the store kept it: a new process reads back the same places and prizes ---------------
    again = Lobby(Store(url))
    await again.open()
    restored = again.table(table.id)
    assert restored is not None
    assert restored.tournament is not None
    assert restored.tournament.entries == state.entries
    assert restored.info()["tournament"]["finished"]
    stored = Store(url).tournament(table.id)
    assert stored is not None
    assert stored["finished"] is True
    await again.close()


def test_a_tournament_of_six_plays_through_its_levels(tmp_path: Path) -> None:
    asyncio.run(_tournament(tmp_path / "t.db"))


async def _leaving_a_tournament(path: Path) -> None:
    lobby = Lobby(Store(f"sqlite:///{path}"))
    await lobby.open()
    table, _ = await lobby.create(_settings(seats=4), [TableBot(kind="calling-bot")])
    ann, _token = await table.join("Ann", None)
    bob, _token = await table.join("Bob", None)
    await table.remove(ann.index)  # Ann leaves before a hand: out at once, third of three
    state = table.tournament
    assert state is not None
    assert [(e.name, e.place) for e in state.entries] == [
        ("Caller 1", None),
        ("Ann", 3),
        ("Bob", None),
    ]
    assert state.entries[0].house
    await table.remove(bob.index)  # Bob too: the bot is the last one left, and wins
    state = table.tournament
    assert state is not None
    assert state.finished
    assert table.status is TableStatus.ENDED
    assert [(e.name, e.place, e.prize) for e in state.entries] == [
        ("Caller 1", 1, 3 * BUY_IN), ("Ann", 3, 0), ("Bob", 2, 0),
    ]  # fmt: skip
    night = await table.night()  # the house won the pool: the people share its win
    assert [(p.name, p.net) for p in night.players] == [("Ann", -BUY_IN), ("Bob", -BUY_IN)]
    assert night.house_net == 2 * BUY_IN
    await lobby.close()


def test_players_who_leave_a_tournament_are_out_at_once(tmp_path: Path) -> None:
    asyncio.run(_leaving_a_tournament(tmp_path / "l.db"))


async def _clock(path: Path) -> None:
    lobby = Lobby(Store(f"sqlite:///{path}"))
    await lobby.open()
    # No hand is dealt: one player and a bot, and the bot waits for the player to connect.
    table, _ = await lobby.create(_settings(seats=4), [TableBot(kind="calling-bot")])
    await table.join("Ann", None)

    def since() -> float | None:
        state = table.tournament
        assert state is not None
        return state.since

    assert since() is None  # a waiting table's clock stands still
    await table.set_status(TableStatus.RUNNING)
    assert since() is not None  # started with the table (the seating's follow-up for the desk)
    await table.set_status(TableStatus.PAUSED)
    assert since() is None  # and stopped with it
    await table.set_status(TableStatus.RUNNING)
    assert since() is not None
    await table.end_night()
    assert since() is None  # the night over, the clock stands still for good
    await lobby.close()


def test_a_tournament_s_clock_runs_and_stops_with_the_table(tmp_path: Path) -> None:
    asyncio.run(_clock(tmp_path / "c.db"))
