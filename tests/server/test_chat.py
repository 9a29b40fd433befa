"""Table chat over real sockets: who hears it, the host's mutes, the limits, bad input, the
recent log on connecting, and the showdown pause before the next hand."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from tests.server.conftest import Server
from tests.tools.wsclient import Api, Client, Frame
from wildstud.server.frames import read_server_frame


def _lines(client: Client, after: int = 0) -> list[Frame]:
    return [frame["line"] for frame in client.frames[after:] if frame["type"] == "chat"]


def _errors(client: Client, after: int = 0) -> list[Frame]:
    return [frame for frame in client.frames[after:] if frame["type"] == "error"]


def _stored_chat(api: Api, created: Frame) -> list[Frame]:
    log: list[Frame] = api.ok(api.host(created, "GET", "/chat"))["lines"]
    return log


async def _settle() -> None:
    """Time for frames in flight to arrive (a refusal must have sent nothing to anyone)."""
    await asyncio.sleep(0.3)


async def _chat_table(api: Api, **settings: Any) -> tuple[Frame, list[Client], Client]:
    created = api.create(games=[{"game": "FTQ"}], seats=4, **settings)
    seats = [api.join(created, name) for name in ("Ann\u202e", "Bob")]
    players = [await Client(seat["socket"], str(seat["seat"])).open() for seat in seats]
    watch = created["links"]["watch_socket"]
    spectator = await Client(watch, "spectator").open()
    for client in (*players, spectator):
        await client.frame("chat_log")
    return created, players, spectator


def test_players_chat_and_spectators_only_when_the_host_lets_them(server: Server) -> None:
    async def scenario() -> None:
        api = Api(server.base)
        created, (ann, bob), spectator = await _chat_table(api)
        assert (await spectator.frame("chat_log"))["open"] is False
        await ann.send({"type": "say", "text": " good\u2066 luck", "id": "a1"})
        said = await ann.frame("said")
        assert said == {"type": "said", "id": "a1", "repeat": False}
        line = (await bob.frame("chat"))["line"]
        assert (line["name"], line["seat"], line["role"], line["text"], line["kind"]) == (
            "Ann",
            0,
            "player",
            "good luck",
            "chat",
        )
        assert _lines(ann) == [line]
        # Spectators neither read nor write while the chat is closed to them.
        before = len(spectator.frames)
        await spectator.send({"type": "say", "text": "hi", "name": "Zoe"})
        error = await spectator.frame("error", before)
        assert error["code"] == "chat-closed"
        await _settle()
        assert _lines(spectator) == []
        assert len(_stored_chat(api, created)) == 1
        # The host opens it: the spectators get the log, and may speak under a name of their
        # own, never a player's.
        mark = len(spectator.frames)
        api.ok(api.host(created, "PUT", "/rules", spectator_chat=True))
        opened = await spectator.frame("chat_log", mark)
        assert opened["open"] is True
        assert opened["lines"] == [line]
        mark = len(bob.frames)
        await spectator.send({"type": "say", "text": "hello all", "name": " Zoe ", "id": "z1"})
        heard = (await bob.frame("chat", mark))["line"]
        await spectator.frame("said")
        assert (heard["name"], heard["seat"], heard["role"]) == ("Zoe", None, "spectator")
        mark = len(spectator.frames)
        await spectator.send({"type": "say", "text": "I am Ann", "name": "ANN"})
        assert (await spectator.frame("error", mark))["code"] == "bad-text"
        await _settle()
        assert [item["text"] for item in _stored_chat(api, created)] == ["good luck", "hello all"]
        # The host closes it again: the spectators are told, and may no longer speak.
        mark = len(spectator.frames)
        api.ok(api.host(created, "PUT", "/rules", spectator_chat=False))
        closed = await spectator.frame("chat_log", mark)
        assert closed["open"] is False
        assert closed["lines"] == []
        await spectator.send({"type": "say", "text": "still here", "name": "Zoe"})
        assert (await spectator.frame("error", mark))["code"] == "chat-closed"
        # No frame of the chat carries a token.
        tokens = [created["host_token"], *(c.url.rsplit("/", 1)[1] for c in (ann, bob))]
        chat_frames = [
            str(frame)
            for client in (ann, bob, spectator)
            for frame in client.frames
            if frame["type"] in ("chat", "chat_log", "said", "chat_mutes")
        ]
        assert chat_frames
        assert not [text for text in chat_frames if any(token in text for token in tokens)]
        for client in (ann, bob, spectator):
            await client.close()

    asyncio.run(scenario())


def test_the_host_mutes_and_unmutes_a_player(server: Server) -> None:
    async def scenario() -> None:
        api = Api(server.base)
        created, (ann, bob), _spectator = await _chat_table(api)
        answer = api.ok(api.host(created, "PUT", "/mutes", name="bob", muted=True))
        assert answer == {"muted": ["bob"]}
        dealer = (await ann.frame("chat"))["line"]
        assert (dealer["kind"], dealer["role"], dealer["text"]) == (
            "dealer",
            "dealer",
            "The host muted bob.",
        )
        assert (await bob.frame("chat_mutes"))["muted"] == ["bob"]
        stored = len(_stored_chat(api, created))
        mark = len(ann.frames)
        await bob.send({"type": "say", "text": "let me speak", "id": "b1"})
        error = await bob.frame("error")
        assert (error["code"], error["id"]) == ("muted", "b1")
        await _settle()
        assert _lines(ann, mark) == []
        assert len(_stored_chat(api, created)) == stored
        # Muting twice changes nothing; a name that cannot be one is refused.
        assert api.ok(api.host(created, "PUT", "/mutes", name="BOB", muted=True)) == answer
        bad = api.host(created, "PUT", "/mutes", name="\u200b", muted=True)
        assert bad.status_code == 400
        assert "visible" in bad.json()["detail"]
        assert len(_stored_chat(api, created)) == stored
        api.ok(api.host(created, "PUT", "/mutes", name="Bob", muted=False))
        await bob.send({"type": "say", "text": "thanks", "id": "b2"})
        await bob.frame("said")
        assert [item["text"] for item in _stored_chat(api, created)][-2:] == [
            "The host unmuted bob.",
            "thanks",
        ]
        for client in (ann, bob, _spectator):
            await client.close()

    asyncio.run(scenario())


def test_bad_lines_and_floods_get_error_frames_and_change_nothing(server: Server) -> None:
    async def scenario() -> None:
        api = Api(server.base)
        created, (ann, bob), spectator = await _chat_table(api)
        bad: list[tuple[Any, str, str]] = [
            ({"type": "say", "text": "x" * 281}, "bad-text", "at most 280 characters"),
            ({"type": "say", "text": " \t\u200b\u202e "}, "bad-text", "visible character"),
            ({"type": "say", "text": "a\u0000b"}, "bad-text", "NUL"),
            ({"type": "say", "text": 5}, "malformed", "text"),
            ({"type": "say"}, "malformed", "text"),
            ({"type": "say", "text": "hi", "id": "no spaces"}, "malformed", "id"),
            ({"type": "say", "text": "hi", "extra": 1}, "malformed", "extra"),
        ]
        for frame, code, words in bad:
            mark = len(ann.frames)
            await ann.send(frame)
            error = await ann.frame("error", mark)
            assert error["code"] == code, (frame, error)
            assert words in error["message"], (frame, error)
        await _settle()
        assert _lines(bob) == []
        assert _stored_chat(api, created) == []
        # A burst of five passes, the sixth waits its turn.
        for index in range(6):
            await ann.send({"type": "say", "text": f"line {index}", "id": f"r{index}"})
        await ann.wait_for(
            lambda c: len([f for f in c.frames if f["type"] in ("said", "error")]) >= 6 + len(bad)
        )
        refused = _errors(ann)[-1]
        assert (refused["code"], refused["id"]) == ("rate-limited", "r5")
        assert "5 lines at once, then one every 2 s" in refused["message"]
        await _settle()
        assert [line["text"] for line in _lines(bob)] == [f"line {i}" for i in range(5)]
        assert len(_stored_chat(api, created)) == 5
        # A resend of a stored line is a repeat, whatever the rate: nothing is stored twice.
        mark = len(ann.frames)
        await ann.send({"type": "say", "text": "line 0", "id": "r0"})
        assert (await ann.frame("said", mark))["repeat"] is True
        # Another speaker cannot reuse the line's id.
        await bob.send({"type": "say", "text": "mine", "id": "r0"})
        assert (await bob.frame("error"))["code"] == "bad-text"
        await _settle()
        assert len(_stored_chat(api, created)) == 5
        assert len(_lines(spectator)) == 0
        # The other player's rate is their own; after two seconds Ann may speak again.
        await asyncio.sleep(2.1)
        mark = len(ann.frames)
        await ann.send({"type": "say", "text": "line 5", "id": "r5"})
        assert (await ann.frame("said", mark))["id"] == "r5"
        # A new connection gets the recent lines, as the server cleaned them.
        again = await Client(ann.url, "ann again").open()
        log = await again.frame("chat_log")
        assert [line["text"] for line in log["lines"]] == [f"line {i}" for i in range(6)]
        assert all(
            set(line) == {"number", "kind", "name", "seat", "role", "text", "at"}
            for line in log["lines"]
        )
        # Every frame the chat sent (lines, logs, answers, refusals) is one of the typed models.
        for client in (ann, bob, spectator, again):
            for sent in client.frames:
                assert read_server_frame(json.dumps(sent)).frame() == sent, sent
        for client in (ann, bob, spectator, again):
            await client.close()

    asyncio.run(scenario())


def test_a_showdown_leaves_its_cards_on_the_table_for_the_showdown_pause(server: Server) -> None:
    async def scenario() -> None:
        api = Api(server.base)
        created = api.create(
            games=[{"game": "FTQ"}], seats=3, bot_delay=0, hand_pause=0, showdown_pause=1.5
        )
        for _ in range(2):
            api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        watch = created["links"]["watch_socket"]
        spectator = await Client(watch, "spectator").open()
        api.ok(api.host(created, "POST", "/start"))
        await spectator.wait_for(lambda c: 1 in c.finished, what="the first hand's end")
        ended = time.monotonic()
        shown = [e for e in spectator.hands[1]["view"]["events"] if e["type"] == "shown"]
        assert shown, "two calling bots always reach the showdown"
        await spectator.wait_for(lambda c: 2 in c.hands, what="the second hand")
        waited = time.monotonic() - ended
        assert 1.3 <= waited < 4.0, waited
        api.ok(api.host(created, "POST", "/pause"))
        await spectator.close()

    asyncio.run(scenario())
