"""What the server tests share beyond their fixtures (``conftest.py``) and the client
(``tests/tools/wsclient.py``): how an HTTP refusal is checked, a connection held in memory,
which cards a frame holds, what a spectator may see of an event, the stored rows of a table
and a seat, and the fault-injection tests' store that fails once, their checks of a table
against what the store holds and the mark that names (and checks) the kinds of command whose
store request each case fails (``test_faults_*.py``)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import random
import re
import shutil
import sqlite3
import tempfile
import time
import weakref
from collections.abc import Awaitable, Callable, Collection, Mapping
from pathlib import Path
from typing import Any, ParamSpec

import httpx
import pytest

from tests.server.conftest import Server
from tests.tools.wsclient import CARDS, Api, Client, Frame, cards_in, play
from wildstud.betting import ActionKind
from wildstud.bots import CallingBot
from wildstud.deal import Hand, Phase, stack_deck
from wildstud.private_rounds import Agent, Row
from wildstud.server.lobby import Lobby
from wildstud.server.private_replay import deals_of
from wildstud.server.replay import DeckBook, held, start_hand
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.seating import Seat, SeatKind
from wildstud.server.store import Changes, HandSetup, SeatState, Store, TableState
from wildstud.server.store.records import PrivateRound
from wildstud.server.table import StorageFailureError, Table, TableStatus
from wildstud.server.table.actor import Actor, Slice
from wildstud.server.table.core import Outcome, Refused
from wildstud.server.table.live import LiveHand
from wildstud.server.table.private_reveal import context
from wildstud.server.table.runner import RUNNER
from wildstud.server.table.writer import Writer

__all__ = [
    "CARDS",
    "HAND_SETUP",
    "NIGHT",
    "NIGHT_CHIPS",
    "PASSIVE",
    "READS",
    "TWICE_SETUP",
    "WRITES",
    "FailOnce",
    "FailedKinds",
    "Listener",
    "Night",
    "Player",
    "acted",
    "answer",
    "answer_to",
    "as_stored",
    "at_a_players_turn",
    "at_the_offer",
    "cards_in",
    "checked_ticks",
    "closed_balanced",
    "club_member",
    "connected_table",
    "failing_lobby",
    "faults",
    "found_in_database",
    "hand_events",
    "join_request",
    "kind_name",
    "logged_server",
    "new_club",
    "pending_requests",
    "play_club_night",
    "public",
    "public_events",
    "quick_settings",
    "refused",
    "seat_state",
    "server_hole_cards",
    "standing_alone",
    "state_of",
    "stop_playing",
    "table_held",
    "table_state",
    "tables_run_by",
    "token_of",
    "until_done",
    "wait_until",
]


def refused(response: Any, status: int, *words: str) -> str:
    """The detail of a refusal, once the answer has ``status`` and one sentence of detail
    (never the echo of what was sent) that holds each of ``words``."""
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str), detail
    for word in words:
        assert word in detail, detail
    return detail


def token_of(link: str) -> str:
    """The token at the end of a link (a seat's, a club's, a member's).

    >>> token_of("http://127.0.0.1:8000/join/abc")
    'abc'
    """
    return link.rsplit("/", 1)[1]


def public(event: Frame) -> Frame:
    """An event as a spectator sees it: the card of a face-down deal left out (only its owner
    sees it)."""
    if event["type"] == "dealt" and not event["up"]:
        return {**event, "card": None}
    return event


def public_events(events: list[Frame]) -> list[Frame]:
    """Each of ``events`` as a spectator sees it (:func:`public`)."""
    return [public(event) for event in events]


def acted(client: Client) -> int:
    """How many actions the hand that ``client`` is watching has seen."""
    return sum(1 for event in client.view["events"] if event["type"] == "acted")


def hand_events(client: Client, number: int = 1) -> list[dict[str, Any]]:
    """The events of hand ``number`` as ``client`` saw it end."""
    events: list[dict[str, Any]] = client.hands[number]["view"]["events"]
    return events


def table_state(table_id: str = "t1") -> TableState:
    """A running table's stored row, for the store's own tests."""
    return TableState(
        table_id, "Friday", "h" * 64, "j" * 43, "w" * 43, {}, "running", None, 0, None
    )


def seat_state(seat: int) -> SeatState:
    """A player's stored seat of 100 chips, for the store's own tests."""
    return SeatState(
        seat, f"player{seat}", f"p{seat}", "player", None, 100, False, 0, 5.0, 0, False
    )


def join_request(api: Api, created: Frame, name: str, **body: Any) -> httpx.Response:
    """The answer to ``name`` asking for a seat through the table's join link."""
    return api.http.post(
        f"/api/join/{token_of(created['links']['join'])}", json={"name": name, **body}
    )


def pending_requests(api: Api, created: Frame) -> list[Frame]:
    """The requests for a seat that wait for the host."""
    pending: list[Frame] = api.ok(api.host(created, "GET", "/requests"))  # type: ignore[assignment]
    return pending


def tables_run_by(server: Server) -> int:
    """How many tables ``server`` itself runs."""
    ready = httpx.get(f"{server.base}/api/ready", timeout=10, trust_env=False)
    tables: int = ready.json()["tables"]
    return tables


async def answer_to(client: Client, seq: int) -> Frame:
    """The answer (an ack or an error frame) to ``client``'s request ``seq``, once it comes."""
    await client.wait_for(
        lambda c: any(f["type"] in ("ack", "error") and f.get("seq") == seq for f in c.frames),
        what=f"the answer to {seq}",
    )
    return next(f for f in client.frames if f["type"] in ("ack", "error") and f.get("seq") == seq)


async def heads_up_hand(server: Server) -> tuple[Api, Frame, list[Client]]:
    """A table of Ann and Bob playing SMBU, started, with both pages in the first hand: the
    API, the table's answer and their two clients (Ann's first)."""
    api = Api(server.base)
    created = api.create(games=[{"game": "SMBU"}], seats=2, action_clock=30)
    seats = [api.join(created, name) for name in ("Ann", "Bob")]
    clients = [await Client(seat["socket"], seat["token"][:4]).open() for seat in seats]
    api.ok(api.host(created, "POST", "/start"))
    for client in clients:
        await client.wait_for(lambda c: c.hand is not None, what="the first hand")
    return api, created, clients


HAND_SETUP = HandSetup(
    number=7,
    entry=0,
    game="FTQ",
    options={},
    lineup=(0, 2, 3),
    names=("ann", "bo", "cy"),
    dealer=0,
    stacks=(500, 500, 500),
    player_ids=("a", "b", "c"),
)
"""Hand 7 of a table, Follow the Queen, ann, bo and cy dealt in at seats 0, 2 and 3 with 500
chips each: the hand the runner's pure tests play with no table (its end, its clock)."""

TWICE_SETUP = HandSetup(
    1,
    0,
    "seven-card-stud",
    {"run_twice": True, "all_in_turn_up": True, "bring_in": 0},
    (0, 1),
    ("ann", "bob"),
    1,
    (6, 6),
)
"""Hand 1 of seven-card stud that may be run twice, ann and bob with 6 chips each."""


REDEAL_SETUP = HandSetup(1, 0, "the-bitch", {}, (0, 1, 2), ("p0", "p1", "p2"), 0, (50, 50, 50))
"""Hand 1 of The Bitch, three players with 50 chips each."""


def queen_called() -> LiveHand:
    """Hand :data:`REDEAL_SETUP` dealt and called down to the queen of spades face up: a
    redeal pending (for the runner's pure tests)."""
    hand = Hand("the-bitch", [50, 50, 50], deck=stack_deck("2c 3c 4c  5c 6c 7c  8c Qs"))
    bot = CallingBot()
    while hand.redeal_pending is None:
        if hand.phase is Phase.PLAYER:
            hand.act(*bot.choose(hand.view(hand.to_act)))
        else:
            hand.step()
    return LiveHand(REDEAL_SETUP, DeckBook(), hand, 0)


def at_the_offer() -> Hand:
    """Hand :data:`TWICE_SETUP` with both players all in, dealt to the offer to run it twice
    (both still to answer): for the runner's pure tests."""
    hand = start_hand(TWICE_SETUP, DeckBook(), to_redeal=True, hold_showdown=True)
    for kind, amount in (("bet", 5), ("call", None)):  # all in, both
        hand.act(kind, amount, seat=hand.to_act)
    while hand.phase is Phase.DEALER and not held(hand):
        hand.step()
    assert hand.to_agree_run_twice == (0, 1)
    return hand


PASSIVE = (ActionKind.CHECK, ActionKind.BRING_IN, ActionKind.CALL)
"""The actions that keep every seat in, first found first taken."""

NIGHT_CHIPS = 1000
"""The chips each member of a club's night starts with."""
NIGHT = {
    "name": "unused",
    "starting_chips": NIGHT_CHIPS,
    "games": [{"game": "FTQ"}],
    "seats": 4,
    "hand_pause": 0,
    "showdown_pause": 0,
    "muck_clock": 0,
    "bot_delay": 0,
}
"""A club's settings for its nights: Follow the Queen, no pauses, no bot's delay."""


def new_club(api: Api, name: str = "Fridays", host: str = "Ann") -> dict[str, Any]:
    """A new club of :data:`NIGHT`'s nights, its host ``host``."""
    response = api.http.post(
        "/api/clubs", json={"name": name, "host_name": host, "initials": "A", "night": NIGHT}
    )
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def club_member(api: Api, club: dict[str, Any], name: str) -> str:
    """A member let in by the host; their token."""
    join = token_of(club["links"]["join"])
    asked = api.http.post(f"/api/clubs/join/{join}", json={"name": name, "colour": "#336699"})
    assert asked.status_code == 202, asked.text
    member = asked.json()
    decided = api.http.post(
        f"/api/clubs/host/{club['host_token']}/members/{member['member']['id']}",
        json={"approve": True},
    )
    assert decided.status_code == 200, decided.text
    token: str = member["token"]
    return token


async def play_club_night(
    api: Api, club: dict[str, Any], tokens: dict[str, str], hands: int, seed: int, moved: int = 1
) -> dict[str, Any]:
    """A night from the club: each member sits down, ``hands`` hands are played (and more
    until at least ``moved`` players are up or down), the host ends it; the club's book as it
    then stands."""
    host = club["host_token"]
    made = api.http.post(f"/api/clubs/host/{host}/nights", json={})
    assert made.status_code == 201, made.text
    night = made.json()
    clients = []
    for name, token in tokens.items():
        seat = api.http.post(f"/api/clubs/member/{token}/nights/{night['table_id']}/seat", json={})
        assert seat.status_code == 201, seat.text
        assert seat.json()["name"] == name
        clients.append(await Client(seat.json()["socket"], name).open())
    api.ok(api.http.post(f"/api/host/{night['host_token']}/start"))
    rng = random.Random(seed)
    table_path = f"/api/tables/{night['table_id']}"
    # Every client plays on until the end, so that none waits for another who stopped; the
    # table is watched through its public state (not a limited read): a stack that is not the
    # buy-in of 1,000 chips is a player up or down.
    tasks = [asyncio.create_task(play(client, rng, lambda _c: False)) for client in clients]

    def enough(table: dict[str, Any]) -> bool:
        up_or_down = sum(seat["stack"] != NIGHT_CHIPS for seat in table["seats"])
        dealt: int = table["hands_dealt"]
        return dealt >= hands and up_or_down >= moved

    try:
        await until_done(tasks, lambda: enough(api.get(table_path)))
        ended = api.http.post(f"/api/clubs/host/{host}/nights/{night['table_id']}/end")
        assert ended.status_code == 200, ended.text
        # The book is read once the hand in progress is over (its reads are limited).
        await until_done(tasks, lambda: api.get(table_path)["hand_in_progress"] is None)
        book = api.get(f"/api/clubs/host/{host}/book")
        assert any(entry["night"] == night["table_id"] for entry in book["nights"]), book
    finally:
        await stop_playing(tasks, clients)
    return {"night": night, "book": book}


async def stop_playing(tasks: list[asyncio.Task[None]], clients: list[Client]) -> None:
    """The players stop playing and close their connections."""
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for client in clients:
        await client.close()


async def until_done(tasks: list[asyncio.Task[None]], done: Callable[[], bool]) -> None:
    """Wait (two minutes at most) until ``done()`` holds, while the players' tasks play on."""
    for _ in range(1200):
        for task in tasks:
            if task.done():
                task.result()  # a player who stopped says why
        if done():
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the night stalled")


class Listener:
    """A player's connection, in memory: it keeps the frames it is sent."""

    def __init__(self, seat: int) -> None:
        self.seat: int | None = seat
        self.frames: list[str] = []

    def send(self, text: str) -> None:
        self.frames.append(text)

    def close(self, code: int, reason: str) -> None:
        pass

    def then(self, callback: Callable[[], None]) -> None:
        callback()  # the frames are kept as they are sent


class Player:
    """A seat's connection, in memory, as the socket layer would hand it to the table: it
    keeps the frames it is sent (decoded) and how it was closed, and runs what the table asks
    to run once its frames are sent at once."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.frames: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None

    def send(self, text: str) -> None:
        self.frames.append(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def then(self, callback: Callable[[], None]) -> None:
        callback()


def standing_alone(text: str, codes: set[str]) -> set[str]:
    """The card codes that stand alone in ``text`` (not inside a longer word or hexadecimal).

    >>> sorted(standing_alone("Ann shows Qh; key 9f3Qsab", {"Qh", "Qs"}))
    ['Qh']
    """
    return {
        code for code in codes if re.search(rf"(?<![0-9A-Za-z_-]){code}(?![0-9A-Za-z_-])", text)
    }


def server_hole_cards(path: Path, table_id: str) -> dict[tuple[int, int, int], set[str]]:
    """The face-down cards the server opened for its own seats (its bots'), by (hand, deal,
    engine seat): each deal's rounds replayed from the SQLite database's rows, opened with the
    server's secret from its ``agent`` row, as the server opens them for a bot's view. What a
    test searches the database and the log for (none of them may be there in the clear)."""
    with contextlib.closing(sqlite3.connect(path)) as database:
        found = database.execute(
            "SELECT hand_number, seq, deal, kind, party, data FROM private_rounds"
            " WHERE table_id = ? ORDER BY hand_number, seq",
            (table_id,),
        ).fetchall()
    by_hand: dict[int, list[PrivateRound]] = {}
    for number, seq, deal, kind, party, data in found:
        by_hand.setdefault(number, []).append(PrivateRound(number, seq, deal, kind, party, data))
    holes: dict[tuple[int, int, int], set[str]] = {}
    for number, rows in by_hand.items():
        agents = {
            row.deal: Agent.load(Row(row.deal, "agent", row.party, row.data))
            for row in rows
            if row.kind == "agent"
        }
        for deal, rounds in deals_of(context(table_id, number), rows).items():
            server = len(rounds.parties) - 1
            for position, seat in rounds.owners.items():
                if rounds.owner(seat) == server:
                    shown = rounds.shown.get(position)  # the show took its last mask off
                    card = shown or agents[deal].open_own(rounds, position)
                    holes.setdefault((number, deal, seat), set()).add(str(card))
    return holes


def found_in_database(
    path: Path, codes: set[str], by_hand: Mapping[int, set[str]] | None = None
) -> set[str]:
    """The card codes any value of any table of a SQLite database holds: a JSON value's cards
    (but its lists of wild cards, which name whole ranks: ``cards_in``), else its words.
    ``by_hand``: a row of one hand (the ``hands`` table's ``number``, another's
    ``hand_number``) is searched for that hand's codes instead (a card kept hidden in one
    hand may be shown in another of the night)."""
    found: set[str] = set()
    with contextlib.closing(sqlite3.connect(path)) as database:
        names = database.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        for (name,) in names.fetchall():
            cursor = database.execute(f'SELECT * FROM "{name}"')
            columns = [column[0] for column in cursor.description]
            hand = "number" if name == "hands" else "hand_number"
            for row in cursor:
                number = dict(zip(columns, row, strict=True)).get(hand)
                wanted = codes if by_hand is None or number is None else by_hand.get(number, set())
                for value in row:
                    if not isinstance(value, str):
                        continue
                    try:
                        found |= cards_in(json.loads(value)) & wanted
                    except ValueError:
                        found |= standing_alone(value, wanted)
    return found


def refusal(outcome: Outcome[Any]) -> Exception:
    """The error a slice's ``outcome`` refuses with: it stores nothing and asks nothing more of
    the other slices."""
    assert isinstance(outcome.reply, Refused), outcome
    assert outcome.effect is None
    assert outcome.follow == ()
    return outcome.reply.error


def logged_server(tmp_path: Path) -> Server:
    """A server started on a SQLite file in ``tmp_path``, logging at the info level: its
    database and its log are searched."""
    server = Server(f"sqlite:///{tmp_path / 'private.sqlite3'}", tmp_path / "server.log")
    server.log_level = "info"
    server.start()
    return server


async def wait_until(condition: Callable[[], object], what: str, timeout: float = 30.0) -> None:
    """Wait until ``condition()`` holds, looking every 5 ms, failing on ``what`` after
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.005)


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
    """Everything the table holds that a command may change: every slice's state as its actor
    holds it (the shuffle's, a private deal's and its audit's among them) but the runner's, of
    which the dealer's choice and the hand in play (its clocks run on by themselves: the
    showdown's may open while a command waits), and what today's code reads of them."""
    live = table.live
    return (
        {name: table.actor.state(name) for name in table.actor.slices if name != RUNNER},
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


def table_held(table: Table) -> Any:
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
    """:func:`table_held` of the table the store would rebuild now (as a restarted server does),
    with the decks the store holds (a rebuilt hand that stands at a redeal draws its deck)."""
    (stored,) = await asyncio.to_thread(store.load_tables, [table.id])
    rebuilt = list(table_held(Table.restore(stored, store)))
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
        assert table_held(self.table) == await as_stored(self.table, self.lobby.store)
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

    async def checked_tick(tick: Callable[[], Awaitable[None]]) -> None:
        failed = failures()
        await tick()
        if failures() > failed:
            seen.append(await check())

    around_runner_ticks(table, checked_tick)
    return seen


def around_runner_ticks(
    table: Table, around: Callable[[Callable[[], Awaitable[None]]], Awaitable[None]]
) -> None:
    """Have each of the runner's ticks of ``table`` (the actor's turn for it, backoff and
    all) carried out by ``around``, which is handed the tick to await, for a test's checks
    around it; the other ticks go as they did."""
    around_ticks(table, (RUNNER,), around)


def around_ticks(
    table: Table,
    names: Collection[str],
    around: Callable[[Callable[[], Awaitable[None]]], Awaitable[None]],
) -> None:
    """As :func:`around_runner_ticks`, for the ticks of each slice named in ``names``."""
    actor = table.actor
    ticked = actor._ticked

    async def tick(name: str) -> None:
        if name in names:
            await around(functools.partial(ticked, name))
        else:
            await ticked(name)

    actor._ticked = tick  # type: ignore[method-assign]


async def closed_balanced(table: Table, lobby: Lobby, store: Store) -> None:
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


def quick_settings(name: str, **more: Any) -> TableSettings:
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


def player_at(index: int) -> Seat:
    """A seat at ``index`` with no page open, as the pure tests need one: its player's."""
    return Seat(
        index, f"p{index}", f"P{index}", SeatKind.PLAYER, None, 500, False, 0, 30.0, 0, False
    )


def kind_name(kind: type) -> str:
    """A kind of command (or of the runner's step) as the fault cases name it: its module's last
    name and its own, ``seating.Join``, ``ledger.Report``, ``runner_due.Act``."""
    return f"{kind.__module__.rsplit('.', 1)[-1]}.{kind.__qualname__}"


class FailedKinds:
    """The kinds of command whose store request failed while it is in force (``with``): each
    command the tables' slices are handed since the turn began, or since the last write that
    was stored, is in the request that fails next (a command and the follow-ups folded into
    its change), and each such request that fails adds their names
    (:func:`kind_name`) to :attr:`failed`. The actor's and the writer's classes are patched
    while it is in force (a case makes its tables inside), and put back after.

    The credit is generous, never short: a command that asked nothing of the store but came
    before the failed request in its turn (a connection's arrival before its welcome's read)
    is named too. What it proves is one-sided, and that is the side :func:`faults` checks: a
    kind a case names but whose request never failed in it."""

    def __init__(self) -> None:
        self.failed: set[str] = set()
        self._handled: list[str] = []
        self._patched: list[tuple[type, str, Any]] = []

    def _record(self, handle: Callable[..., Outcome[Any]]) -> Callable[..., Outcome[Any]]:
        def recorded(state: Any, command: Any, now: float) -> Outcome[Any]:
            outcome = handle(state, command, now)
            self._handled.append(kind_name(type(command)))
            return outcome

        return recorded

    def _patch(self, owner: type, name: str, make: Callable[[Any], Any]) -> None:
        old = getattr(owner, name)
        self._patched.append((owner, name, old))
        setattr(owner, name, make(old))

    def __enter__(self) -> FailedKinds:
        def made(init: Any) -> Any:
            def init_recorded(actor: Actor, table: Table, slices: list[Slice]) -> None:
                for part in slices:
                    part.handle = self._record(part.handle)
                init(actor, table, slices)

            return init_recorded

        def turned(turn: Any) -> Any:
            async def turn_recorded(actor: Actor, asked: Any) -> Any:
                self._handled.clear()
                return await turn(actor, asked)

            return turn_recorded

        def stored(call: Any) -> Any:
            @functools.wraps(call)
            async def call_recorded(owner: Any, *args: Any, **kwargs: Any) -> Any:
                try:
                    result = await call(owner, *args, **kwargs)
                except StorageFailureError:
                    self.failed.update(self._handled)
                    raise
                empty = bool(args) and isinstance(args[0], Changes) and not args[0]
                if isinstance(owner, Writer) and not empty:  # stored (an empty change: nothing)
                    self._handled.clear()
                return result

            return call_recorded

        self._patch(Actor, "__init__", made)
        self._patch(Actor, "_turn", turned)
        self._patch(Actor, "_read", stored)
        self._patch(Writer, "commit", stored)
        self._patch(Writer, "write", stored)
        return self

    def __exit__(self, *exc: object) -> None:
        while self._patched:
            owner, name, old = self._patched.pop()
            setattr(owner, name, old)


P = ParamSpec("P")


def faults(*kinds: str) -> Callable[[Callable[P, None]], Callable[P, None]]:
    """Mark a fault case with the kinds of command (:func:`kind_name`) whose store request it
    fails once, and check that it does: the case fails when one of them never failed in it.
    ``tests/server/test_faults_kinds.py`` reads the marks (``pytest.mark.faults``, registered in
    ``pyproject.toml``) and fails when a kind of command the table takes has no case."""

    def mark(case: Callable[P, None]) -> Callable[P, None]:
        @functools.wraps(case)
        def checked(*args: P.args, **kwargs: P.kwargs) -> None:
            with FailedKinds() as seen:
                case(*args, **kwargs)
            missed = sorted(set(kinds) - seen.failed)
            assert not missed, f"declared, never failed: {missed}; failed: {sorted(seen.failed)}"

        marked: Callable[P, None] = pytest.mark.faults(*kinds)(checked)
        return marked

    return mark


async def at_a_players_turn() -> tuple[Store, Lobby, Night]:
    """A table of two seats, FTQ only, whose clocks never run out in a test, as
    :func:`connected_table` makes it, running, once its first turn is timed."""
    settings = TableSettings(
        name="turns", games=[GameEntry(game="FTQ")], seats=2, action_clock=3600, hand_pause=0
    )
    store, lobby, night = await connected_table(settings)
    await night.table.set_status(TableStatus.RUNNING)
    await wait_until(lambda: night.table.driver.turn.clock is not None, "the first turn timed")
    return store, lobby, night
