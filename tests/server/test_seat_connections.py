"""One seat on any number of tabs and devices: either connection may act; every request is
answered (an ack, or an error frame saying why, with the seat's last accepted ``seq``); the
other connections hear the new ``last_seq``; and no number can lock a seat."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from tests.server.conftest import Server
from tests.tools.wsclient import Api, Client, choose_action


def _acted_by(client: Client, engine: int) -> int:
    return sum(1 for e in client.view["events"] if e["type"] == "acted" and e["seat"] == engine)


async def _answer_after(client: Client, mark: int) -> dict[str, object]:
    """The first ack or error frame after index ``mark``."""
    await client.wait_for(
        lambda c: any(f["type"] in ("ack", "error") for f in c.frames[mark:]), what="an answer"
    )
    return next(f for f in client.frames[mark:] if f["type"] in ("ack", "error"))


async def _two_connections(server: Server) -> None:
    api = Api(server.base)
    created = api.create(
        games=[{"game": "FTQ"}], seats=2, action_clock=60, bot_delay=2.0, hand_pause=0.5
    )
    ann = api.join(created, "ann", seat=0)
    api.ok(api.host(created, "POST", "/bots", kind="calling-bot", seat=1))
    laptop = await Client(ann["socket"], "laptop").open()
    phone = await Client(ann["socket"], "phone").open()
    api.ok(api.host(created, "POST", "/start"))
    await phone.wait_for(lambda c: c.my_turn(), timeout=30, what="Ann's turn")
    await laptop.wait_for(lambda c: c.my_turn(), what="Ann's turn on the laptop")
    engine = phone.you
    assert engine is not None
    before = _acted_by(laptop, engine)

    # The phone acts: it gets the ack, the laptop hears the new last_seq, both see the action.
    mark_laptop, mark_phone = len(laptop.frames), len(phone.frames)
    action = choose_action(phone.view, random.Random(3))
    await phone.send({**action, "seq": 1})
    assert await _answer_after(phone, mark_phone) == {"type": "ack", "seq": 1, "last_seq": 1}
    assert await laptop.frame("seq", after=mark_laptop) == {"type": "seq", "last_seq": 1}
    assert not [f for f in phone.frames[mark_phone:] if f["type"] == "seq"]
    for client in (laptop, phone):
        await client.wait_for(lambda c: _acted_by(c, engine) == before + 1, what="the action")

    # The laptop, not yet knowing, sends seq 1 too: a repeat, acknowledged, nothing done again.
    mark_laptop = len(laptop.frames)
    await laptop.send({**action, "seq": 1})
    answer = await _answer_after(laptop, mark_laptop)
    assert answer == {"type": "ack", "seq": 1, "last_seq": 1, "repeat": True}
    assert _acted_by(laptop, engine) == before + 1
    # Under the same number, the laptop asks for something else: not done, and it is told.
    mark_laptop = len(laptop.frames)
    await laptop.send({"type": "sit_out", "seq": 1})
    answer = await _answer_after(laptop, mark_laptop)
    assert (answer["type"], answer["code"], answer["last_seq"]) == ("error", "stale", 1)
    assert "another of your connections" in str(answer["message"])

    # Two more requests from the laptop; the phone hears each one.
    for seq, kind in ((2, "sit_out"), (3, "sit_in")):
        mark_laptop, mark_phone = len(laptop.frames), len(phone.frames)
        await laptop.send({"type": kind, "seq": seq})
        assert await _answer_after(laptop, mark_laptop) == {
            "type": "ack",
            "seq": seq,
            "last_seq": seq,
        }
        assert await phone.frame("seq", after=mark_phone) == {"type": "seq", "last_seq": seq}

    # The phone, behind, sends a stale number, then numbers out of range: each refused with
    # the last_seq to go on from, and nothing changed.
    for seq, code in ((2, "stale"), (2**53, "seq-range"), (3 + 1001, "seq-range")):
        mark_phone = len(phone.frames)
        await phone.send({"type": "sit_in", "seq": seq})
        error = await _answer_after(phone, mark_phone)
        assert error["type"] == "error"
        assert (error["code"], error["seq"], error["last_seq"]) == (code, seq, 3)
        assert str(3) in str(error["message"])
    # The seat is never locked: last_seq + 1 is taken, and so is the top of the range.
    for seq in (4, 4 + 1000):
        mark_phone = len(phone.frames)
        await phone.send({"type": "sit_in", "seq": seq})
        assert await _answer_after(phone, mark_phone) == {
            "type": "ack",
            "seq": seq,
            "last_seq": seq,
        }
    api.ok(api.host(created, "POST", "/pause"))
    for client in (laptop, phone):
        await client.close()

    # After a restart, a new connection learns where the seat's count stands.
    server.kill()
    server.start()
    tablet = await Client(ann["socket"], "tablet").open()
    welcome = await tablet.frame("welcome")
    assert welcome["last_seq"] == 1004
    mark = len(tablet.frames)
    await tablet.send({"type": "sit_in", "seq": 1005})
    assert await _answer_after(tablet, mark) == {"type": "ack", "seq": 1005, "last_seq": 1005}
    await tablet.close()


def test_one_seat_on_two_connections(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'wildstud.sqlite3'}", tmp_path / "server.log").start()
    try:
        asyncio.run(_two_connections(server))
    finally:
        server.stop()
