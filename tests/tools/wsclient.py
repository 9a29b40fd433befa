"""A test client of the table server: one WebSocket, every frame it gets kept in order, the
hand it sees rebuilt from ``hand`` and ``update`` frames, and a simple way to play."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from wildstud.cards import DECK
from wildstud.history import read_record

Frame = dict[str, Any]

CARDS = frozenset(str(card) for card in DECK)
"""Every card's code (``Qh``)."""


def cards_in(value: Any) -> set[str]:
    """Every card code anywhere in a frame, but in lists of the wild cards (which name whole
    ranks, or the queen of spades, whoever holds them).

    >>> sorted(cards_in({"card": "Qh", "wild": ["Qs"], "names": ["ann"]}))
    ['Qh']
    """
    if isinstance(value, str):
        return {value} if value in CARDS else set()
    if isinstance(value, dict):
        items = [item for key, item in value.items() if key not in ("wild", "was")]
        return set().union(*(cards_in(item) for item in items)) if items else set()
    if isinstance(value, list):
        return set().union(*(cards_in(item) for item in value)) if value else set()
    return set()


class Client:
    """One connection (a seat's or a spectator's)."""

    def __init__(self, url: str, name: str = "", local: str | None = None) -> None:
        self.url = url
        self.name = name
        self.local = local
        """The loopback address to connect from (127.0.0.1 by default): the server counts
        connections per client address."""
        self.frames: list[Frame] = []
        self.arrivals: list[float] = []
        """When each frame of :attr:`frames` arrived (``time.monotonic()``): a test that times
        the server measures between frames, not from when it got round to looking."""
        self.hand: Frame | None = None
        """The last ``hand`` frame, kept up to date by the ``update`` frames after it."""
        self.table: Frame | None = None
        self.welcome: Frame | None = None
        self.seq = 0
        self.finished: set[int] = set()
        """The numbers of the hands this client saw end."""
        self.hands: dict[int, Frame] = {}
        """Every hand seen, by number, as last rebuilt."""
        self.choosing: Frame | None = None
        """The last ``choosing`` frame, until the hand it chose for starts."""
        self.choices = 0
        """How many ``choosing`` frames have come (two choices can look the same)."""
        self.showdown: Frame | None = None
        """The last ``showdown`` frame: the seats still to show or muck."""
        self.offer: Frame | None = None
        """The last ``run_twice`` frame: the seats still to answer the offer to run it twice."""
        self.ssl: ssl.SSLContext | None = None
        """The TLS context of a ``wss://`` address whose certificate is the test's own."""
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._arrived = asyncio.Event()
        self.closed = False

    async def open(self) -> Client:
        """Connect and start reading."""
        extra: dict[str, Any] = {} if self.local is None else {"local_addr": (self.local, 0)}
        if self.ssl is not None:
            extra["ssl"] = self.ssl
        self._ws = await connect(self.url, proxy=None, compression=None, max_size=2**22, **extra)
        self.closed = False
        self._reader = asyncio.create_task(self._read())
        return self

    async def close(self) -> None:
        """Disconnect."""
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for message in self._ws:
                frame = json.loads(message)
                self.arrivals.append(time.monotonic())
                self.frames.append(frame)
                self._absorb(frame)
                self._arrived.set()
        except Exception:
            pass
        finally:
            self.closed = True
            self._arrived.set()

    def _absorb(self, frame: Frame) -> None:
        kind = frame["type"]
        if kind == "welcome":
            self.welcome = frame
            self.seq = max(self.seq, frame["last_seq"])
        elif kind == "table":
            self.table = frame["table"]
        elif kind == "showdown":
            self.showdown = frame
        elif kind == "run_twice":
            self.offer = frame
        elif kind == "choosing":
            self.choosing = frame
            self.choices += 1
        elif kind == "hand":
            self.hand = {**frame, "view": dict(frame["view"])}
            self.choosing = None
        elif kind == "update":
            hand = self.hand
            assert hand is not None, "an update before any hand"
            assert hand["number"] == frame["number"], "an update of another hand"
            events = hand["view"]["events"]
            assert len(events) == frame["from"], "an update skipped or repeated events"
            hand["view"] = {**frame["view"], "events": events + frame["events"]}
            hand["clock"] = frame["clock"]
        elif kind == "clock" and self.hand is not None:
            self.hand["clock"] = frame["clock"]
        if kind in ("hand", "update") and self.hand is not None:
            self.hands[self.hand["number"]] = self.hand
            if self.view["phase"] == "over":
                self.finished.add(self.hand["number"])

    async def send(self, frame: Frame | str | bytes) -> None:
        """Send a frame as it is (text or binary) or as JSON."""
        assert self._ws is not None
        await self._ws.send(frame if isinstance(frame, str | bytes) else json.dumps(frame))

    async def request(self, frame: Frame) -> int:
        """Send a request with the next sequence number; returns that number."""
        self.seq += 1
        await self.send({**frame, "seq": self.seq})
        return self.seq

    async def wait_for(
        self, predicate: Callable[[Client], bool], timeout: float = 10.0, what: str = ""
    ) -> None:
        """Wait until ``predicate(self)`` holds."""
        deadline = time.monotonic() + timeout
        while not predicate(self):
            left = deadline - time.monotonic()
            if left <= 0 or (self.closed and not predicate(self)):
                if self.closed and left > 0:
                    raise ConnectionError(f"{self.name}: closed while waiting for {what}")
                raise TimeoutError(f"{self.name}: no {what or 'frame'} in {timeout}s")
            self._arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._arrived.wait(), left)

    async def frame(self, kind: str, after: int = 0, timeout: float = 10.0) -> Frame:
        """The first frame of ``kind`` at or after index ``after`` of :attr:`frames`."""

        def found(client: Client) -> bool:
            return any(frame["type"] == kind for frame in client.frames[after:])

        await self.wait_for(found, timeout, kind)
        return next(frame for frame in self.frames[after:] if frame["type"] == kind)

    # -- the hand ------------------------------------------------------------------------------

    @property
    def you(self) -> int | None:
        """This client's engine seat in the hand it sees."""
        return None if self.hand is None else self.hand["you"]

    @property
    def view(self) -> Frame:
        """The view of the hand as rebuilt from the frames."""
        assert self.hand is not None
        view: Frame = self.hand["view"]
        return view

    def hand_over(self, number: int | None = None) -> bool:
        """Whether the hand seen (hand ``number``, if given) is over."""
        if self.hand is None or (number is not None and self.hand["number"] != number):
            return False
        return bool(self.view["phase"] == "over")

    def my_turn(self) -> bool:
        """Whether this seat must act now."""
        if self.hand is None or self.you is None:
            return False
        view = self.view
        return bool(view["phase"] == "player" and view["to_act"] == self.you)

    def my_choice(self) -> bool:
        """Whether this seat is the dealer who must pick the next hand's game now."""
        welcome = self.welcome
        return (
            self.choosing is not None
            and welcome is not None
            and self.choosing["dealer"] == welcome["seat"]
        )

    def must_show(self) -> int | None:
        """The number of the hand whose showdown waits for this seat to show or muck, if any."""
        welcome, showdown = self.welcome, self.showdown
        if welcome is None or showdown is None or welcome["seat"] not in showdown["seats"]:
            return None
        number: int = showdown["number"]
        return number

    def must_answer(self) -> int | None:
        """The number of the hand whose offer to run it twice waits for this seat, if any."""
        welcome, offer = self.welcome, self.offer
        if welcome is None or offer is None or welcome["seat"] not in offer["seats"]:
            return None
        number: int = offer["number"]
        return number

    def turn_key(self) -> tuple[int, int]:
        """What identifies the turn now: the hand and how many events it has."""
        assert self.hand is not None
        return self.hand["number"], len(self.view["events"])


def choose_action(view: Frame, rng: random.Random) -> Frame:
    """A legal action for the seat to act: mostly passive, sometimes a bet or a raise, rarely a
    fold facing a bet (never one when checking is free, which the tables offer too), so that
    hands reach the showdown and still move chips."""
    options = {option["action"]: option for option in view["legal_actions"]}
    roll = rng.random()
    for kind in ("bet", "raise", "complete"):
        if kind in options and roll < 0.25:
            option = options[kind]
            return {"type": "act", "action": kind, "amount": option["min"]}
    if "fold" in options and "check" not in options and roll > 0.93:
        return {"type": "act", "action": "fold"}
    for kind in ("check", "call", "bring-in"):
        if kind in options:
            return {"type": "act", "action": kind}
    kind = next(iter(options))
    option = options[kind]
    amount = None if kind in ("fold", "check") else option["min"]
    return {"type": "act", "action": kind, "amount": amount}


async def play(
    client: Client,
    rng: random.Random,
    until: Callable[[Client], bool],
    *,
    twice: bool | None = False,
) -> None:
    """Act whenever it is this seat's turn, pick a game at random when it deals a hand of
    dealer's choice, show or muck at random when a showdown asks, and answer an offer to run it
    twice (``twice``: agree; ``None``: leave it to the clock) (rather than leave the table
    waiting out those clocks), until ``until(client)`` holds."""
    acted: set[tuple[int, int]] = set()
    chosen: set[int] = set()
    shown: set[int] = set()
    answered: set[int] = set()
    while not until(client):
        offered = client.must_answer()
        if offered is not None and offered not in answered:
            answered.add(offered)
            if twice is not None:
                await client.request({"type": "run_twice", "agree": twice})
        number = client.must_show()
        if number is not None and number not in shown:
            shown.add(number)
            await client.request({"type": "show", "show": rng.random() < 0.5})
        if client.my_choice() and client.choices not in chosen:
            assert client.choosing is not None
            chosen.add(client.choices)
            entry = rng.choice(client.choosing["entries"])["index"]
            await client.request({"type": "choose", "entry": entry})
        if client.my_turn() and client.turn_key() not in acted:
            acted.add(client.turn_key())
            await client.request(choose_action(client.view, rng))
        await client.wait_for(
            lambda c: (
                until(c)
                or (c.my_turn() and c.turn_key() not in acted)
                or (c.my_choice() and c.choices not in chosen)
                or c.must_show() not in (None, *shown)
                or c.must_answer() not in (None, *answered)
            ),
            # A stalled table still fails here, after a minute: an equity bot's turn in a
            # private deal once took more than 30 s under the suite's load, in a fresh run.
            timeout=60.0,
            what="a turn",
        )


ODDS_TIMEOUT = 90.0
"""Seconds a hand's odds may take to come (a loaded CI machine took more than 10)."""


class Api:
    """The REST API of one server."""

    def __init__(
        self, base: str, local: str | None = None, verify: ssl.SSLContext | bool = True
    ) -> None:
        self.base = base
        # A new connection for each request: a kept-alive one that the server closes after its
        # idle timeout (5 s) just as the test sends on it fails with "Server disconnected
        # without sending a response", a race of the test's, not a fault of the server's.
        transport = httpx.HTTPTransport(
            local_address=local, verify=verify, limits=httpx.Limits(max_keepalive_connections=0)
        )
        # 30 s, not 10: the suite's four workers on two cores once held a server's
        # answer to /luck past 10 s (a fresh run, load above 20); no test here times a request.
        self.http = httpx.Client(base_url=base, timeout=30.0, trust_env=False, transport=transport)

    def create(self, **settings: Any) -> Frame:
        """Create a table; returns the whole answer."""
        settings.setdefault("name", "test table")
        # A test that asks for a short pause between hands wants a short one after a showdown
        # too (the default keeps the cards of a showdown on the table for 6 s).
        if "hand_pause" in settings:
            settings.setdefault("showdown_pause", settings["hand_pause"])
        # Most tests seat their players straight away; the seat-request tests turn it on.
        settings.setdefault("seat_requests", False)
        response = self.http.post("/api/tables", json=settings)
        assert response.status_code == 201, response.text
        created: Frame = response.json()
        return created

    def join(self, created: Frame, name: str, seat: int | None = None) -> Frame:
        """Take a seat through the join link."""
        token = created["links"]["join"].rsplit("/", 1)[1]
        response = self.http.post(f"/api/join/{token}", json={"name": name, "seat": seat})
        assert response.status_code == 201, response.text
        granted: Frame = response.json()
        return granted

    def host(self, created: Frame, method: str, path: str, **body: Any) -> httpx.Response:
        """A host request (``path`` after ``/api/host/{token}``)."""
        url = f"/api/host/{created['host_token']}{path}"
        return self.http.request(method, url, json=body or None)

    def ok(self, response: httpx.Response) -> Frame:
        """The JSON of a successful answer."""
        assert response.status_code < 300, response.text
        data: Frame = response.json()
        return data

    def get(self, path: str) -> Any:
        """GET a JSON answer."""
        response = self.http.get(path)
        assert response.status_code == 200, response.text
        return response.json()

    def odds(self, path: str) -> Any:
        """GET what the odds engine works out (``path``: a hand's ``…/odds``, a night's
        ``…/luck``): every street of every hand asked about, seconds of a loaded machine's
        time, past the 10 s that any other answer gets."""
        response = self.http.get(path, timeout=ODDS_TIMEOUT)
        assert response.status_code == 200, response.text
        return response.json()

    def table(self, created: Frame) -> Frame:
        """The table ``create`` made, as everyone sees it now (``GET /api/tables/{id}``)."""
        table: Frame = self.get(f"/api/tables/{created['table']['id']}")
        return table

    def ledger(self, table_id: str) -> Frame:
        """The table's ledger."""
        ledger: Frame = self.get(f"/api/tables/{table_id}/ledger")
        return ledger


@dataclass
class Played:
    """What a module's session of play left behind: the tables as (the create reply, the
    seats' clients, a spectator), every client closed."""

    api: Api
    tables: list[tuple[Frame, list[Client], Client]]


async def open_table(
    api: Api, index: int, name: str, settings: dict[str, Any], bots: tuple[str, ...] = ()
) -> tuple[Frame, list[Client], Client]:
    """Create table ``index`` with three seated clients (``t{index}p0`` …), ``bots`` and a
    spectator, and start it."""
    created = api.create(name=name, seats=5, hand_pause=0, bot_delay=0, **settings)
    clients = []
    for player in range(3):
        seat = api.join(created, f"t{index}p{player}")
        clients.append(await Client(seat["socket"], f"t{index}p{player}").open())
    for kind in bots:
        api.ok(api.host(created, "POST", "/bots", kind=kind))
    spectator = await Client(created["links"]["watch_socket"], f"t{index}w").open()
    api.ok(api.host(created, "POST", "/start"))
    return created, clients, spectator


def record_cards(text: str) -> set[str]:
    """Every card a PHH record's actions name (its ``??`` left out)."""
    record = read_record(text)
    found: set[str] = set()
    for action in record.actions:
        for card in getattr(action, "cards", None) or ():
            if card is not None:
                found.add(str(card))
    return found


def own_hidden(client: Client, number: int) -> set[str]:
    """The face-down cards ``client`` was dealt in hand ``number``, as the live table showed
    them to it."""
    hand = client.hands[number]
    return {
        event["card"]
        for event in hand["view"]["events"]
        if event["type"] == "dealt" and event["seat"] == hand["you"] and not event["up"]
    }


class Folder(random.Random):
    """A player's choices that fold wherever folding is allowed, never bet and muck at the
    showdown (see ``choose_action``): their face-down cards stay theirs alone."""

    def random(self) -> float:
        return 0.99


class Shower(random.Random):
    """A player's choices that bet or raise wherever they may and always show at the showdown
    (see ``choose_action`` and ``play``): with a short stack, all in at once, and shown."""

    def random(self) -> float:
        return 0.0


async def all_in_night(base: str, game: str) -> tuple[Api, Frame, list[Frame]]:
    """Ann and Bob sit down with an ante and a bring-in each and bet: the first hand is all in
    on third street, its last cards dealt with no one left to bet, and both hands shown. The
    API, the created table and the seats, once that hand is over and the table paused."""
    api = Api(base)
    created = api.create(
        games=[{"game": game}], seats=2, starting_chips=3, hand_pause=0, runout_pause=0.05
    )
    seats = [api.join(created, name) for name in ("Ann", "Bob")]
    clients = [await Client(seat["socket"], seat["name"]).open() for seat in seats]
    api.ok(api.host(created, "POST", "/start"))
    async with asyncio.timeout(60):
        await asyncio.gather(*(play(c, Shower(), lambda c: bool(c.finished)) for c in clients))
    api.ok(api.host(created, "POST", "/pause"))
    for client in clients:
        await client.close()
    return api, created, seats


@dataclass
class Departure:
    """What :func:`depart_after_a_hand` left: the table, the three seats taken (ann's first),
    ann's seat and the cards she held face down in hand 1 that nobody else was shown."""

    created: Frame
    seats: list[Frame]
    index: int
    secret: set[str]


async def depart_after_a_hand(api: Api, game: str, way: str) -> Departure:
    """One hand of ``game`` among ann, bob and cat (open seating, ann folding as soon as she
    may), then ann's departure (``leave``: her own; ``removal``: the host's) while the table
    waits a minute for the next hand."""
    created = api.create(
        name="departures", games=[{"game": game}], seats=5, hand_pause=60, showdown_pause=0
    )
    seats = [api.join(created, name) for name in ("ann", "bob", "cat")]
    clients = [await Client(seat["socket"], seat["token"][:6]).open() for seat in seats]
    spectator = await Client(created["links"]["watch_socket"], "watch").open()
    api.ok(api.host(created, "POST", "/start"))
    rngs = [Folder(1), random.Random(2), random.Random(3)]
    async with asyncio.timeout(60):
        await asyncio.gather(
            *(play(c, rng, lambda c: 1 in c.finished) for c, rng in zip(clients, rngs, strict=True))
        )
    await spectator.wait_for(lambda c: 1 in c.finished, what="the hand's end")
    secret = own_hidden(clients[0], 1) - cards_in(spectator.frames)
    assert secret, "ann showed every card: the test would prove nothing"
    token, index = seats[0]["token"], seats[0]["seat"]
    if way == "leave":
        api.ok(api.http.post(f"/api/seat/{token}/leave"))
    else:
        api.ok(api.host(created, "DELETE", f"/seats/{index}"))
    for client in [*clients, spectator]:
        await client.close()
    return Departure(created, seats, index, secret)
