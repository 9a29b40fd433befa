"""What the server tests share beyond their fixtures (``conftest.py``) and the client
(``tests/tools/wsclient.py``): how an HTTP refusal is checked, a connection held in memory,
which cards a frame holds, what a spectator may see of an event, and the stored rows of a table
and a seat."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import sqlite3
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import Server
from tests.tools.wsclient import CARDS, Api, Client, Frame, cards_in, play
from wildstud.betting import ActionKind
from wildstud.deal import Hand, Phase
from wildstud.private_rounds import Agent, Row
from wildstud.server.private_replay import deals_of
from wildstud.server.replay import DeckBook, held, start_hand
from wildstud.server.store import HandSetup, SeatState, TableState
from wildstud.server.store.records import PrivateRound
from wildstud.server.table.core import Outcome, Refused
from wildstud.server.table.private_reveal import context

__all__ = [
    "CARDS",
    "HAND_SETUP",
    "NIGHT",
    "NIGHT_CHIPS",
    "PASSIVE",
    "TWICE_SETUP",
    "Listener",
    "Player",
    "acted",
    "answer_to",
    "at_the_offer",
    "cards_in",
    "club_member",
    "found_in_database",
    "hand_events",
    "join_request",
    "logged_server",
    "new_club",
    "pending_requests",
    "play_club_night",
    "public",
    "public_events",
    "refused",
    "seat_state",
    "server_hole_cards",
    "standing_alone",
    "stop_playing",
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
