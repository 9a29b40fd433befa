"""What one client may take: connections per seat, per address and spectators per table, the
size of a request body, what an invalid request is told, and how fast it may create tables.

The server counts connections by client address; the tests connect from different loopback
addresses (127.0.0.0/8 is all loopback on Linux) to play several clients."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.server.conftest import Server
from tests.tools.wsclient import Api, Client
from wildstud.server.limits import (
    ADDRESS_CONNECTIONS,
    MAX_BODY_BYTES,
    READS_BURST,
    READS_PER_SECOND,
    SEAT_CONNECTIONS,
    SPECTATORS_PER_ADDRESS,
    TABLE_SPECTATORS,
    TABLES_BURST,
    TABLES_PER_MINUTE,
)
from wildstud.server.requests import MAX_PENDING, MAX_PENDING_PER_ADDRESS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with every limit at its default."""
    folder = tmp_path_factory.mktemp("limits")
    running = Server(
        f"sqlite:///{folder / 'wildstud.sqlite3'}", folder / "server.log", options=()
    ).start()
    yield running
    running.stop()


async def _refused_and_closed(client: Client) -> dict[str, object]:
    error = await client.frame("error")
    await client.wait_for(lambda c: c.closed, what="the close")
    return error


async def _open(url: str, local: str) -> Client:
    client = await Client(url, local, local).open()
    await client.frame("table")
    return client


async def _seat_cap(server: Server) -> None:
    api = Api(server.base, "127.0.0.11")
    created = api.create(games=[{"game": "FTQ"}], seats=2)
    seat = api.join(created, "ann")
    tabs = [await _open(seat["socket"], f"127.0.0.{12 + n}") for n in range(SEAT_CONNECTIONS)]
    extra = await Client(seat["socket"], "one more", "127.0.0.19").open()
    error = await _refused_and_closed(extra)
    assert error["code"] == "too-many-connections"
    assert f"This seat already has {SEAT_CONNECTIONS} connections open" in str(error["message"])
    # Every tab still works; closing one makes room.
    for tab in tabs:
        mark = len(tab.frames)
        await tab.send({"type": "ping"})
        await tab.frame("pong", after=mark)
    await tabs.pop().close()
    await asyncio.sleep(0.2)
    tabs.append(await _open(seat["socket"], "127.0.0.19"))
    for tab in tabs:
        await tab.close()


def test_a_seat_has_at_most_four_connections(server: Server) -> None:
    asyncio.run(_seat_cap(server))


async def _spectator_cap(server: Server) -> None:
    api = Api(server.base, "127.0.0.21")
    created = api.create(games=[{"game": "FTQ"}], seats=2)
    url = created["links"]["watch_socket"]
    # Spread over addresses, so that only the table's cap applies.
    watchers = [await _open(url, f"127.0.1.{1 + n // 10}") for n in range(TABLE_SPECTATORS)]
    error = await _refused_and_closed(await Client(url, "one more", "127.0.1.99").open())
    assert error["code"] == "too-many-connections"
    assert f"{TABLE_SPECTATORS} spectators" in str(error["message"])
    # Another table's spectators are not affected.
    other = api.create(games=[{"game": "FTQ"}], seats=2)
    watchers.append(await _open(other["links"]["watch_socket"], "127.0.1.99"))
    for watcher in watchers:
        await watcher.close()


def test_a_table_has_at_most_fifty_spectators(server: Server) -> None:
    asyncio.run(_spectator_cap(server))


async def _address_cap(server: Server) -> None:
    api = Api(server.base, "127.0.0.31")
    # Spread over four tables, so that no table's share of spectators per address applies.
    tables = [api.create(games=[{"game": "FTQ"}], seats=2) for _ in range(4)]
    urls = [table["links"]["watch_socket"] for table in tables]
    mine = [await _open(urls[n % 4], "127.0.2.1") for n in range(ADDRESS_CONNECTIONS)]
    for url in urls:
        error = await _refused_and_closed(await Client(url, "one more", "127.0.2.1").open())
        assert error["code"] == "too-many-connections"
        assert f"{ADDRESS_CONNECTIONS} connections" in str(error["message"])
    # Another address is not affected, nor is a seat refused because of it.
    theirs = await _open(urls[0], "127.0.2.2")
    await mine.pop().close()
    await asyncio.sleep(0.2)
    mine.append(await _open(urls[1], "127.0.2.1"))
    for client in [*mine, theirs]:
        await client.close()


def test_an_address_has_at_most_thirty_two_connections(server: Server) -> None:
    asyncio.run(_address_cap(server))


async def _spectator_shares(server: Server) -> None:
    api = Api(server.base, "127.0.0.53")
    created = api.create(games=[{"game": "FTQ"}], seats=2)
    url = created["links"]["watch_socket"]
    # One visitor, two addresses, each watching as often as it may, and once more.
    hoarded = []
    for address in ("127.0.5.1", "127.0.5.2"):
        hoarded += [await _open(url, address) for _ in range(SPECTATORS_PER_ADDRESS)]
        error = await _refused_and_closed(await Client(url, "one more", address).open())
        assert error["code"] == "too-many-connections"
        assert "Your address already watches this table 12 times" in str(error["message"])
    # The rest of the table's spectator seats are everyone else's.
    others = [
        await _open(url, f"127.0.5.{10 + n // 10}")
        for n in range(TABLE_SPECTATORS - 2 * SPECTATORS_PER_ADDRESS)
    ]
    for client in [*hoarded, *others]:
        await client.close()


def test_one_visitor_with_two_addresses_cannot_fill_a_tables_spectator_seats(
    server: Server,
) -> None:
    assert 2 * SPECTATORS_PER_ADDRESS <= TABLE_SPECTATORS // 2
    asyncio.run(_spectator_shares(server))


def test_one_visitor_with_two_addresses_cannot_fill_a_tables_seat_requests(
    server: Server,
) -> None:
    api = Api(server.base, "127.0.0.54")
    created = api.create(games=[{"game": "FTQ"}], seats=8, seat_requests=True)
    join = created["links"]["join"].rsplit("/", 1)[1]
    asked = 0
    for address in ("127.0.6.1", "127.0.6.2"):
        visitor = Api(server.base, address)
        for n in range(MAX_PENDING_PER_ADDRESS):
            answer = visitor.http.post(f"/api/join/{join}", json={"name": f"{address}-{n}"})
            assert answer.status_code == 202, answer.text
            asked += 1
        refused = visitor.http.post(f"/api/join/{join}", json={"name": f"{address}-more"})
        assert refused.status_code == 429
        assert f"already has {MAX_PENDING_PER_ADDRESS} requests waiting" in refused.json()["detail"]
    assert asked < MAX_PENDING
    # Nothing more was filed, and a friend from another address still gets in line.
    pending = api.ok(api.host(created, "GET", "/requests"))
    assert len(pending) == asked
    friend = Api(server.base, "127.0.6.3")
    answer = friend.http.post(f"/api/join/{join}", json={"name": "Dan"})
    assert answer.status_code == 202, answer.text


def test_a_request_body_is_limited_whether_declared_or_streamed(server: Server) -> None:
    api = Api(server.base, "127.0.0.41")
    created = api.create(games=[{"game": "FTQ"}], seats=2)
    join = created["links"]["join"].rsplit("/", 1)[1]
    body = json.dumps({"name": "ann", "pad": "x" * MAX_BODY_BYTES}).encode()
    declared = api.http.post(
        f"/api/join/{join}", content=body, headers={"content-type": "application/json"}
    )
    assert declared.status_code == 413
    assert declared.json() == {
        "detail": f"The request body is too large: at most {MAX_BODY_BYTES} bytes"
    }

    def chunks() -> Iterator[bytes]:
        for start in range(0, len(body), 8192):
            yield body[start : start + 8192]

    streamed = httpx.post(
        f"{server.base}/api/join/{join}",
        content=chunks(),  # no Content-Length: chunked
        headers={"content-type": "application/json"},
        trust_env=False,
    )
    assert streamed.status_code == 413
    assert "too large" in streamed.json()["detail"]
    # Nothing was done (seat 0 is still free), and a body under the limit goes through.
    assert api.join(created, "ann")["seat"] == 0


def test_reads_of_hands_are_rate_limited_per_address(server: Server) -> None:
    api = Api(server.base, "127.0.0.45")
    table_id = api.create(games=[{"game": "FTQ"}], seats=2)["table"]["id"]
    started = time.monotonic()
    answers = [api.http.get(f"/api/tables/{table_id}/hands") for _ in range(READS_BURST + 40)]
    elapsed = time.monotonic() - started
    served = [a for a in answers if a.status_code == 200]
    refused = [a for a in answers if a.status_code == 429]
    assert len(served) + len(refused) == len(answers)
    assert READS_BURST <= len(served) <= READS_BURST + READS_PER_SECOND * elapsed + 1
    assert refused, f"{len(answers)} reads in {elapsed:.1f} s, none refused"
    assert int(refused[0].headers["retry-after"]) >= 1
    assert "Too many reads from your address" in refused[0].json()["detail"]
    # Another address reads on, and nothing else is limited for the first.
    other = Api(server.base, "127.0.0.46")
    assert other.http.get(f"/api/tables/{table_id}/hands").status_code == 200
    assert api.http.get(f"/api/tables/{table_id}").status_code == 200
    assert api.http.get("/api/health").status_code == 200


def test_an_invalid_request_is_told_what_is_wrong_without_its_input(server: Server) -> None:
    api = Api(server.base, "127.0.0.42")
    huge = "q" * 6000
    for body in (
        {"name": huge, "games": [{"game": "FTQ"}], "seats": huge},
        {"name": "t", "games": [{"game": huge}], huge: 1},
        [huge] * 10,
    ):
        answer = api.http.post("/api/tables", json=body)
        assert answer.status_code == 422, answer.text
        detail = answer.json()["detail"]
        assert isinstance(detail, str)
        assert detail.startswith("The request is not valid: body")
        assert "q" * 70 not in answer.text
        assert len(answer.text) < 600
    answer = api.http.post("/api/tables", content=b"{" + b"q" * 1000, headers={
        "content-type": "application/json"
    })  # fmt: skip
    assert answer.status_code == 422
    assert "JSON" in answer.json()["detail"]
    assert "q" * 70 not in answer.text


def test_creating_tables_is_rate_limited_per_address(server: Server) -> None:
    api = Api(server.base, "127.0.0.51")
    body = {"name": "t", "games": [{"game": "FTQ"}], "seats": 2}
    started = time.monotonic()
    created = 0
    while (answer := api.http.post("/api/tables", json=body)).status_code == 201:
        created += 1
        assert created <= 3 * TABLES_BURST, "no limit"
    elapsed = time.monotonic() - started
    # The burst at once, then one more every 60 / TABLES_PER_MINUTE seconds.
    assert TABLES_BURST <= created <= TABLES_BURST + elapsed * TABLES_PER_MINUTE / 60 + 1
    assert answer.status_code == 429
    assert 1 <= int(answer.headers["retry-after"]) <= 60 / TABLES_PER_MINUTE + 1
    assert "Too many new tables from your address" in answer.json()["detail"]
    # Another address may still create a table.
    Api(server.base, "127.0.0.52").create(games=[{"game": "FTQ"}], seats=2)


def test_join_looks_and_device_links_are_limited_reads(server: Server) -> None:
    """The join page's look at a table (which would otherwise let a visitor try join links as
    fast as they like) and a device link's QR code count as reads."""
    api = Api(server.base, "127.0.0.47")
    created = api.create(games=[{"game": "FTQ"}], seats=2)
    join = created["links"]["join"].rsplit("/", 1)[1]
    looks = [api.http.get(f"/api/join/{join}x").status_code for _ in range(READS_BURST + 20)]
    assert set(looks) == {404, 429}, looks
    assert looks[:READS_BURST] == [404] * READS_BURST
    # The bucket refills 5 a second: on a loaded machine one token may come back between two
    # requests, but not five in a row of them.
    answers = [api.http.get(f"/api/join/{join}") for _ in range(5)]
    refused = next(answer for answer in answers if answer.status_code == 429)
    assert "Too many reads" in refused.json()["detail"]
    # A burst of device links at once, so that no refill between them (a loaded machine's
    # requests may each take a fifth of a second) can keep up.
    with ThreadPoolExecutor(8) as pool:
        links = list(
            pool.map(
                lambda _: (
                    api.http.post(
                        "/api/device-link", headers={"Authorization": "Bearer x"}
                    ).status_code
                ),
                range(READS_BURST + 5),
            )
        )
    assert 429 in links, links
    assert set(links) <= {404, 429}, links
    # Another address is not limited by the first's reads.
    other = Api(server.base, "127.0.0.48")
    assert other.http.get(f"/api/join/{join}").status_code == 200
