"""Joining from anywhere, over REST: the join page's look at a table before a name is given
(public facts only; a mistyped link told at once), a second device following the same seat
request by its token (never by its name), the device link and QR code of a seat, and a
spectator asking for a seat from the watch link."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.conftest import Server
from tests.server.helpers import pending_requests, token_of
from tests.tools.wsclient import Api

Frame = dict[str, Any]


def _device(api: Api, token: str | None, scheme: str = "Bearer") -> httpx.Response:
    headers = {} if token is None else {"Authorization": f"{scheme} {token}"}
    return api.http.post("/api/device-link", headers=headers)


def test_join_preview_names_the_table_host_and_seats_and_nothing_secret(server: Server) -> None:
    api = Api(server.base)
    created = api.create(
        name="  Friday\nnight ",
        host_name=" Hal\u200b ",
        games=[{"game": "FTQ"}, {"game": "SMBU"}],
        seats=4,
        bots=[{"kind": "equity-bot"}],
    )
    granted = api.join(created, "Ann")
    join = token_of(created["links"]["join"])
    answer = api.http.get(f"/api/join/{join}")
    assert answer.status_code == 200, answer.text
    preview = answer.json()
    assert preview == {
        "name": "Friday night",
        "host_name": "Hal",
        "status": "waiting",
        "seats": 4,
        "seated": [
            {"seat": 0, "name": "Equity 1", "bot": True},
            {"seat": 1, "name": "Ann", "bot": False},
        ],
        "seat_requests": False,
        "games": ["Follow the Queen", "Smack My Bitch Up"],
    }
    # No token, table id or stack in it, whoever's.
    for secret in (
        created["host_token"],
        created["table"]["id"],
        token_of(created["links"]["watch"]),
        join,
        granted["token"],
        "1000",
    ):
        assert secret not in answer.text
    # The host's name is cleaned as a player's and refused when it cannot be one.
    bad = api.http.post(
        "/api/tables", json={"name": "x", "games": [{"game": "FTQ"}], "host_name": "\x00"}
    )
    assert bad.status_code == 400, bad.text
    assert "host's name" in bad.json()["detail"]


def test_a_second_device_follows_the_same_request_and_a_stranger_cannot(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], seat_requests=True)
    join = token_of(created["links"]["join"])
    asked = api.http.post(f"/api/join/{join}", json={"name": "Ann"})
    assert asked.status_code == 202, asked.text
    request_token = asked.json()["token"]
    # Someone typing the same name (or a look-alike) is refused, told how the real Ann
    # continues, and no second request is filed.
    stranger = api.http.post(f"/api/join/{join}", json={"name": "ANN"})
    assert stranger.status_code == 409, stranger.text
    assert "Continue on another device" in stranger.json()["detail"]
    assert request_token not in stranger.text
    pending = pending_requests(api, created)
    assert [request["name"] for request in pending] == ["Ann"]

    # The first device asks for the link that carries its request elsewhere: the token rides
    # after '#', which no browser sends to the server.
    link = api.ok(_device(api, request_token))
    assert link["link"] == f"{created['links']['join']}#request={request_token}"
    assert link["qr_svg"].startswith("<svg")
    assert "<title>" in link["qr_svg"]
    # The second device reads the request's status with that token, and after the host's
    # approval both open the same seat.
    assert api.get(f"/api/seat/{request_token}/status")["status"] == "pending"
    request_id = pending[0]["id"]
    api.ok(api.host(created, "POST", f"/requests/{request_id}", approve=True))
    seated = api.get(f"/api/seat/{request_token}/status")
    assert seated["status"] == "seated"
    # Now the device link is the seat's own.
    assert api.ok(_device(api, request_token))["link"] == seated["link"]
    # And no line the server logged holds a token.
    log = server.log_text()
    assert request_token not in log
    assert join not in log


def test_device_link_refuses_what_proves_nothing(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], seat_requests=True)
    granted_table = api.create(games=[{"game": "FTQ"}])
    granted = api.join(granted_table, "Bo")
    missing = _device(api, None)
    assert missing.status_code == 401, missing.text
    assert missing.headers["WWW-Authenticate"] == "Bearer"
    assert _device(api, granted["token"], scheme="Basic").status_code == 401
    assert _device(api, "x" * 129).status_code == 401
    for wrong in ("nothing", created["host_token"], token_of(created["links"]["join"])):
        answer = _device(api, wrong)
        assert answer.status_code == 404, answer.text
        assert wrong not in answer.text
    # A token in a query or the path is no token: only the header counts.
    assert api.http.post(f"/api/device-link?token={granted['token']}").status_code == 401
    assert api.http.get("/api/device-link").status_code == 405
    # A declined request has no device link: the page asks anew.
    join = token_of(created["links"]["join"])
    asked = api.http.post(f"/api/join/{join}", json={"name": "Cy"}).json()
    api.ok(api.host(created, "POST", f"/requests/{asked['request']}", approve=False))
    assert _device(api, asked["token"]).status_code == 404
    # The seat's own link, drawn for its owner only, never cached.
    answer = _device(api, granted["token"])
    assert answer.status_code == 200, answer.text
    assert answer.json()["link"] == granted["link"]
    assert answer.headers["Cache-Control"] == "no-store"


def test_a_spectator_asks_for_a_seat_with_the_watch_link(server: Server) -> None:
    api = Api(server.base)
    # Open seating: the join link seats at once, but a spectator's request waits for the host.
    created = api.create(games=[{"game": "FTQ"}], seats=3)
    watch = token_of(created["links"]["watch"])
    asked = api.http.post(f"/api/watch/{watch}/join", json={"name": "Dee"})
    assert asked.status_code == 202, asked.text
    body = asked.json()
    assert body["status"] == "pending"
    assert body["link"] is None
    pending = pending_requests(api, created)
    assert [(request["name"], request["id"]) for request in pending] == [("Dee", body["request"])]
    api.ok(api.host(created, "POST", f"/requests/{body['request']}", approve=True))
    seated = api.get(f"/api/seat/{body['token']}/status")
    assert seated["status"] == "seated"
    table = api.table(created)
    assert [seat["name"] for seat in table["seats"]] == ["Dee"]
    # A wrong watch link, or a bad name, files nothing.
    assert api.http.post("/api/watch/nothing/join", json={"name": "Eve"}).status_code == 404
    bad = api.http.post(f"/api/watch/{watch}/join", json={"name": " \u200b "})
    assert bad.status_code == 400, bad.text
    assert pending_requests(api, created) == []


def test_a_mistyped_join_link_is_told(server: Server) -> None:
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}])
    join = token_of(created["links"]["join"])
    for wrong in (join[:-1], join + "x", "nothing"):
        answer = api.http.get(f"/api/join/{wrong}")
        assert answer.status_code == 404, answer.text
        assert answer.json()["detail"] == "No table has this join link"
    too_long = api.http.get(f"/api/join/{'x' * 129}")
    assert too_long.status_code == 422
