"""Over random nights of joins, leaves, removals, new links, comebacks and hands, played on a real
server while the operations land (mid-hand or between hands, as they fall), every frame and
every REST answer a connection receives holds only cards its holder owned in that hand or that
were shown to everyone (hypothesis; a few examples, each a table of its own).

Who owned what is the test's own bookkeeping: every person here has a name of their own (the
server refuses a look-alike, and a departed player's name to anyone but them), so the ``names``
of a hand say which engine seat each person held in it."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.server.conftest import Server
from tests.server.helpers import cards_in
from tests.tools.wsclient import Api, Client, Frame, play, record_cards

OPERATIONS = ("join", "leave", "remove", "link", "hand", "return")


@dataclass
class Person:
    name: str
    token: str
    clients: list[Client] = field(default_factory=list)
    gone: bool = False
    """They left (or were removed); their ``token`` is the one they left with."""


@dataclass
class Night:
    api: Api
    created: Frame
    spectator: Client
    people: list[Person] = field(default_factory=list)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    stop: bool = False

    @property
    def join_token(self) -> str:
        token: str = self.created["links"]["join"].rsplit("/", 1)[1]
        return token

    def seated(self) -> dict[str, int]:
        """The table seat of each name seated now."""
        table = self.api.get(f"/api/tables/{self.created['table']['id']}")
        return {seat["name"]: seat["seat"] for seat in table["seats"]}

    async def open(self, person: Person) -> None:
        client = await Client(
            f"{self.api.base.replace('http', 'ws')}/ws/seat/{person.token}"
        ).open()
        person.clients.append(client)
        self.tasks.append(asyncio.create_task(self._play(client)))

    async def _play(self, client: Client) -> None:
        rng = random.Random(len(self.tasks))
        while not (self.stop or client.closed):
            with contextlib.suppress(TimeoutError, ConnectionError):
                await play(client, rng, lambda c: self.stop or c.closed)

    async def join(self, name: str, returning: str | None = None) -> Person | None:
        body: dict[str, Any] = {"name": name, "returning": returning}
        response = self.api.http.post(f"/api/join/{self.join_token}", json=body)
        if response.status_code in (404, 409):  # full, or not gone yet
            return None
        person = Person(name, self.api.ok(response)["token"])
        await self.open(person)
        return person


async def _step(night: Night, operation: str, rng: random.Random) -> None:
    api, created = night.api, night.created
    present = [person for person in night.people if not person.gone]
    seated = night.seated()
    if operation == "join":
        person = await night.join(f"p{len(night.people)}")
        if person is not None:
            night.people.append(person)
    elif operation == "return":
        away = [p for p in night.people if p.gone and p.name not in seated]
        if away:
            person = rng.choice(away)
            back = await night.join(person.name, returning=person.token)
            if back is not None:
                person.token, person.gone = back.token, False
                person.clients += back.clients
    elif operation in ("leave", "remove", "link") and present:
        person = rng.choice(present)
        if person.name not in seated:
            return
        index = seated[person.name]
        if operation == "leave":
            api.ok(api.http.post(f"/api/seat/{person.token}/leave"))
            person.gone = True
        elif operation == "remove":
            api.ok(api.host(created, "DELETE", f"/seats/{index}"))
            person.gone = True
        else:
            person.token = api.ok(api.host(created, "POST", f"/seats/{index}/link"))["token"]
            await night.open(person)
    elif operation == "hand" and len([p for p in present if p.name in seated]) >= 2:
        done = len(night.spectator.finished)
        with contextlib.suppress(TimeoutError):
            await night.spectator.wait_for(
                lambda c: len(c.finished) > done, timeout=20, what="a hand"
            )
    await asyncio.sleep(rng.random() * 0.3)  # land the next one anywhere in the hand


def _frames_by_hand(frames: list[Frame]) -> dict[int, list[Frame]]:
    by_hand: dict[int, list[Frame]] = {}
    for frame in frames:
        if frame["type"] in ("hand", "update"):
            by_hand.setdefault(frame["number"], []).append(frame)
    return by_hand


def _own(frames: list[Frame] | Frame, engine: int | None) -> set[str]:
    """The cards dealt to ``engine`` in these frames (none for ``None``)."""
    found: set[str] = set()

    def walk(data: Any) -> None:
        if isinstance(data, dict):
            if data.get("type") == "dealt" and data.get("seat") == engine and data.get("card"):
                found.add(data["card"])
            for value in data.values():
                walk(value)
        elif isinstance(data, list):
            for value in data:
                walk(value)

    if engine is not None:
        walk(frames)
    return found


def _check(night: Night) -> int:
    """Check every connection's frames and every seated person's REST answers; returns how
    many hands were checked."""
    api, table = night.api, night.created["table"]["id"]
    spectator = _frames_by_hand(night.spectator.frames)
    names = {number: frames[0]["names"] for number, frames in spectator.items()}
    finished = {hand["number"] for hand in api.get(f"/api/tables/{table}/hands")}
    public = {number: cards_in(frames) for number, frames in spectator.items()}
    for number in finished:
        public[number] |= cards_in(api.get(f"/api/tables/{table}/hands/{number}/steps"))

    def engine(person: Person, number: int) -> int | None:
        held = names.get(number, [])
        return held.index(person.name) if person.name in held else None

    for person in night.people:
        for client in person.clients:
            for number, frames in _frames_by_hand(client.frames).items():
                mine = engine(person, number)
                assert all(f["you"] == mine for f in frames if f["type"] == "hand"), person
                leaked = cards_in(frames) - public[number] - _own(frames, mine)
                assert not leaked, (person.name, number, leaked)
        if person.gone:
            continue
        for number in finished:
            steps = api.get(f"/api/seat/{person.token}/hands/{number}/steps")
            mine = engine(person, number)
            assert steps["you"] == mine, (person.name, number)
            own = _own(steps, mine)
            assert not cards_in(steps) - public[number] - own, (person.name, number)
            record = api.http.get(f"/api/seat/{person.token}/hands/{number}/phh").text
            assert not record_cards(record) - public[number] - own, (person.name, number)
    return len(finished)


async def _night(server: Server, operations: list[str], seed: int) -> int:
    api = Api(server.base)
    created = api.create(
        name="property", games=[{"game": "FTQ"}, {"game": "BITCH"}], seats=5, hand_pause=0.3
    )
    spectator = await Client(created["links"]["watch_socket"], "watch").open()
    night = Night(api, created, spectator)
    rng = random.Random(seed)
    for _ in range(2):
        await _step(night, "join", rng)
    api.ok(api.host(created, "POST", "/start"))
    try:
        async with asyncio.timeout(120):
            for operation in operations:
                await _step(night, operation, rng)
            await _step(night, "hand", rng)
    finally:
        night.stop = True
        api.ok(api.host(created, "POST", "/pause"))
        await asyncio.sleep(0.3)
        for client in [spectator, *(c for p in night.people for c in p.clients)]:
            await client.close()
        await asyncio.gather(*night.tasks, return_exceptions=True)
    return _check(night)


@pytest.fixture(scope="module")
def checked() -> Iterator[list[int]]:
    """The hands each example checked: the module fails if none checked a finished hand."""
    counts: list[int] = []
    yield counts
    assert any(counts), "no example finished a hand: the property was never tested"


@settings(
    max_examples=4,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],  # no shrinking: each example is a night of play
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    operations=st.lists(st.sampled_from(OPERATIONS), min_size=4, max_size=9),
    seed=st.integers(0, 2**16),
)
@pytest.mark.slow
def test_no_connection_ever_holds_a_card_its_holder_did_not_own_or_see_shown(
    server: Server, checked: list[int], operations: list[str], seed: int
) -> None:
    checked.append(asyncio.run(_night(server, operations, seed)))
