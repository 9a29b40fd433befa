"""The host replaces the table's links (a host, join or watch link shared too far): whoever holds
an old one is refused at once and for good, even across a restart, and the spectators' sockets
opened with the old watch link are closed; seated players keep their own seat links."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.server.conftest import Server
from tests.server.helpers import token_of
from tests.tools.wsclient import Api, Client


async def _replaced(server: Server) -> tuple[str, str]:
    api = Api(server.base)
    created = api.create(name="Leaked", games=[{"game": "FTQ"}], seats=4, hand_pause=0,
                         bot_delay=0, bots=[{"kind": "calling-bot"}])  # fmt: skip
    ann = api.join(created, "Ann")
    player = await Client(ann["socket"], "Ann").open()
    spectator = await Client(created["links"]["watch_socket"], "leaked watch").open()
    await player.frame("welcome")
    await spectator.frame("welcome")

    renewed = api.ok(api.host(created, "POST", "/links"))
    old_host, new_host = created["host_token"], renewed["host_token"]
    assert new_host != old_host
    for name in ("host", "join", "watch", "watch_socket"):
        assert renewed["links"][name] != created["links"][name]

    # The socket opened with the old watch link is told, and closed.
    removed = await spectator.frame("removed")
    assert "new links" in removed["message"]
    await spectator.wait_for(lambda client: client.closed, 5, "the old watch socket closed")

    # Every old link is refused from now on.
    for method, path in (("GET", ""), ("POST", "/start"), ("POST", "/links")):
        refused = api.http.request(method, f"/api/host/{old_host}{path}")
        assert refused.status_code == 404, (path, refused.text)
    old_join = token_of(created["links"]["join"])
    refused = api.http.post(f"/api/join/{old_join}", json={"name": "Mallory"})
    assert refused.status_code == 404
    again = await Client(created["links"]["watch_socket"], "old watch again").open()
    await again.wait_for(lambda client: client.closed, 10, "the old watch link refused")
    assert not any(frame["type"] in ("welcome", "hand") for frame in again.frames)

    # Ann's seat link is hers still: her socket stays open and her link opens the seat.
    assert not player.closed
    assert api.get(f"/api/seat/{ann['token']}/status")["status"] == "seated"

    # The new links work: a player joins, a spectator watches, the host deals.
    renewed["host_token"] = new_host
    api.join(renewed, "Bob")
    watcher = await Client(renewed["links"]["watch_socket"], "new watch").open()
    await watcher.frame("welcome")
    api.ok(api.host(renewed, "POST", "/start"))
    for client in (player, watcher):
        await client.close()
    await spectator.close()
    await again.close()
    return old_host, new_host


def test_old_links_are_refused_after_the_host_replaces_them(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'wildstud.sqlite3'}", tmp_path / "server.log").start()
    try:
        old, new = asyncio.run(_replaced(server))
        server.stop()
        server.start()  # the store holds the new links only
        api = Api(server.base)
        assert api.http.get(f"/api/host/{old}").status_code == 404
        assert api.http.get(f"/api/host/{new}").status_code == 200
    finally:
        server.stop()
