"""The players' shuffle at a real server (``wildstud serve``), its pages played by test clients
that answer the round as the page does: a night of several players and a bot, a withheld reveal
and a value that does not open its commitment (each sits its player out of that hand), a redeal
shuffled too, a restart in the middle of a round, and the night record, offered only once the
host ends the night, that ``wildstud verify --night`` checks (and in which a cheating server's
changes are named)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Server
from tests.server.helpers import cards_in
from tests.tools.cli_run import run
from tests.tools.wsclient import Api, Client, own_hidden, play
from wildstud.cards import DECK
from wildstud.history.night_audit import FaultKind, NightRecord, audit_night
from wildstud.joint_shuffle import SEED_BYTES, night_commitment, value_commitment

Frame = dict[str, Any]

CARD = r"[2-9TJQKA][cdhs]"


class Page:
    """A seat's page in the shuffle: it says it takes part, commits to a fresh value when
    asked, and reveals it when asked, unless told to withhold it or to reveal another."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.values: dict[tuple[int, int], bytes] = {}
        self.withhold: Callable[[int, int], bool] = lambda hand, deal: False
        self.forge: Callable[[int, int], bool] = lambda hand, deal: False
        self.answered = 0
        self.nights: set[str] = set()
        self.commit_only = False

    async def run(self) -> None:
        client = self.client
        await client.send({"type": "shuffler"})
        while not client.closed:
            await client.wait_for(
                lambda c: len(c.frames) > self.answered or c.closed, timeout=3600, what="frames"
            )
            for frame in client.frames[self.answered :]:
                self.answered += 1
                if frame["type"] == "shuffle":
                    await self.answer(frame)

    async def answer(self, frame: Frame) -> None:
        key = (frame["hand"], frame["deal"])
        self.nights.add(frame["night"])
        if frame["step"] == "commit":
            value = self.values.setdefault(key, secrets.token_bytes(32))
            made = value_commitment(value, *key, frame["seat"])
            await self.client.send({"type": "commit", "hand": key[0], "deal": key[1],
                                    "commitment": made})  # fmt: skip
            return
        if self.commit_only or self.withhold(*key):
            return
        value = self.values[key]
        if self.forge(*key):
            value = bytes(32)
        await self.client.send({"type": "reveal", "hand": key[0], "deal": key[1],
                                "value": value.hex()})  # fmt: skip


async def seated_pages(
    api: Api, created: Frame, names: list[str]
) -> tuple[list[Client], list[Page]]:
    clients = []
    for name in names:
        seat = api.join(created, name)
        clients.append(await Client(seat["socket"], name).open())
    for client in clients:
        await client.frame("table")
    return clients, [Page(client) for client in clients]


def night_json(api: Api, created: Frame) -> Any:
    table_id = created["table"]["id"]
    return api.http.get(f"/api/tables/{table_id}/night-record")


def verify_file(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, Any]:
    code, out, _ = run(capsys, "verify", "--night", str(path), "--json")
    return code, json.loads(out)


def test_a_night_shuffled_by_the_players_verifies_and_names_a_cheating_page(
    server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    api = Api(server.base)

    async def scenario() -> tuple[Any, Any, list[Client], list[Page], Client]:
        created = api.create(
            games=[{"game": "the-bitch"}], seats=5, hand_pause=0, bot_delay=0, redeal_pause=0
        )
        clients, pages = await seated_pages(api, created, ["Ann", "Bob", "Cy"])
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        spectator = await Client(created["links"]["watch_socket"], "w").open()
        # Cy withholds his value for hand 2; Bob reveals another value than his in hand 3.
        pages[2].withhold = lambda hand, deal: hand == 2
        pages[1].forge = lambda hand, deal: hand == 3
        runners = [asyncio.create_task(page.run()) for page in pages]
        await asyncio.sleep(0.2)  # each page has said it takes part
        api.ok(api.host(created, "POST", "/start"))
        rng = random.Random(26)

        def redealt_and_five(client: Client) -> bool:
            return (
                len(client.finished) >= 5
                and any(
                    event["type"] == "redealt"
                    for number in client.finished
                    for event in client.hands[number]["view"]["events"]
                )
            ) or len(client.finished) >= 150

        refused = api.http.get(f"/api/tables/{created['table']['id']}/night-record")
        assert refused.status_code == 409, refused.text
        async with asyncio.timeout(240):
            await asyncio.gather(*(play(client, rng, redealt_and_five) for client in clients))
        api.ok(api.host(created, "POST", "/end"))
        async with asyncio.timeout(60):
            while night_json(api, created).status_code != 200:
                await asyncio.sleep(0.2)
        response = night_json(api, created)
        for task in runners:
            task.cancel()
        for client in [*clients, spectator]:
            await client.close()
        return created, response.json(), clients, pages, spectator

    _created, data, clients, pages, spectator = asyncio.run(scenario())
    night = NightRecord.from_data(data)
    assert night.seed is not None
    assert night_commitment(night.seed) == night.commitment
    # Every page saw one night commitment, the one the seed opens, and so did everyone in the
    # table's frame.
    assert all(page.nights == {night.commitment} for page in pages)
    assert spectator.table is not None
    assert spectator.table["night_commitment"] == night.commitment
    audit = audit_night(night)
    # The only fault: Bob's value of hand 3, which does not open his commitment.
    assert [(fault.kind, fault.hand) for fault in audit.faults] == [(FaultKind.VALUE, 3)]
    assert "Bob" in audit.faults[0].text
    made = {(deal.hand, deal.deal): deal for deal in audit.deals}
    assert made[(1, 1)].made_from == ("Ann", "Bob", "Cy")
    assert made[(2, 1)].made_from == ("Ann", "Bob")
    assert made[(2, 1)].left_out == ("Cy",)
    assert made[(3, 1)].made_from == ("Ann", "Cy")
    assert made[(3, 1)].left_out == ("Bob",)
    redeals = [deal for deal in audit.deals if deal.deal > 1]
    assert redeals, "no hand was redealt"
    assert all(deal.made_from for deal in redeals)  # the pages shuffled each redeal too
    # Who sat out: Cy was not dealt into hand 2, nor Bob into hand 3; everyone else was.
    hands = spectator.hands
    assert "Cy" not in hands[2]["names"]
    # Every page is told whose values each deck was made from, with its root.
    assert hands[2]["commitments"][0]["made_from"] == ["Ann", "Bob"]
    assert hands[1]["commitments"][0]["made_from"] == ["Ann", "Bob", "Cy"]
    assert "Bob" not in hands[3]["names"]
    assert {"Ann", "Bob", "Cy"} <= set(hands[1]["names"])
    assert len(hands[4]["names"]) == 4
    # No frame before the end carried the night's seed, nor a card not the viewer's: a seat's
    # frames of a hand hold no card but the spectator's (those shown to all) and its own.
    seed = night.seed.hex()
    for client in [*clients, spectator]:
        assert seed not in json.dumps(client.frames)
    for number in hands:
        public = cards_in([f for f in spectator.frames if f.get("number") == number])
        for client in clients:
            seen = cards_in([f for f in client.frames if f.get("number") == number])
            mine = own_hidden(client, number) if number in client.hands else set()
            assert seen - public <= mine, (number, client.name)

    # The record names the player of each card it lists as the table did (PHH numbers the
    # players from the dealer's left): every page's own face-down cards are listed as its own.
    for client in clients:
        for number in client.finished:
            listed = {
                str(item.card)
                for hand in night.hands
                if hand.number == number
                for deal in hand.deals
                for item in deal.dealt or ()
                if item.player == client.name
            }
            assert own_hidden(client, number) <= listed, (number, client.name)

    # The server's own export, checked by the command line: Bob's cheat is named.
    path = tmp_path / "night.json"
    path.write_text(json.dumps(data))
    code, said = verify_file(capsys, path)
    assert code != 0
    assert not said["verified"]
    assert any("Bob" in fault["text"] for fault in said["faults"])

    # A cheating server: a seed chosen after seeing the commitments does not open the
    # commitment published before the first deal.
    chosen = dict(data, seed=bytes(SEED_BYTES).hex())
    path.write_text(json.dumps(chosen))
    code, said = verify_file(capsys, path)
    assert code != 0
    assert any(fault["kind"] == "seed" for fault in said["faults"])
    # A cheating server: a card dealt from another position than the deck's next.
    forged = json.loads(json.dumps(data))
    hand = next(item for item in forged["hands"] if item["number"] == 1)
    head, start, actions = hand["record"].partition("actions = [")
    used = set(re.findall(CARD, actions))
    # Not a queen: a face-up queen of spades in The Bitch would call for a redeal the record
    # does not have, and the record would fail to replay before its card was compared.
    spare = next(str(card) for card in DECK if str(card) not in used and str(card)[0] != "Q")
    found = re.search(r"d dh p1 (" + CARD + ")", actions)
    assert found is not None
    hand["record"] = head + start + actions.replace(found.group(1), spare)
    path.write_text(json.dumps(forged))
    code, said = verify_file(capsys, path)
    assert code != 0
    # Named as a card from the wrong place, or (where the card changed how the hand plays)
    # as a record that does not replay: either way hand 1 is named.
    assert any(
        fault["kind"] in ("card", "record") and fault["hand"] == 1 for fault in said["faults"]
    ), said["faults"]


def test_a_restart_in_the_middle_of_a_round_resumes_it(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "log.txt").start()
    api = Api(server.base)
    try:

        async def before() -> tuple[Frame, Frame, Frame, int, dict[tuple[int, int], bytes]]:
            created = api.create(games=[{"game": "FTQ"}], seats=4, hand_pause=0, bot_delay=0)
            granted = [api.join(created, name) for name in ("Ann", "Bob")]
            clients = [await Client(seat["socket"], "x").open() for seat in granted]
            pages = [Page(client) for client in clients]
            pages[1].commit_only = True  # Bob's page commits, then the server stops
            api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
            runners = [asyncio.create_task(page.run()) for page in pages]
            await asyncio.sleep(0.2)
            api.ok(api.host(created, "POST", "/start"))
            async with asyncio.timeout(20):
                await clients[0].wait_for(
                    lambda c: any(
                        f["type"] == "shuffle" and f["step"] == "reveal" for f in c.frames
                    )
                )
            reveal = next(f for f in clients[0].frames if f.get("step") == "reveal")
            # Ann's value reached the server; Bob's has not when it is killed.
            await asyncio.sleep(0.3)
            server.kill()
            for task in runners:
                task.cancel()
            for client in clients:
                with contextlib.suppress(Exception):
                    await client.close()
            return created, granted[0], granted[1], reveal["hand"], pages[0].values

        created, ann, bob, number, kept = asyncio.run(before())
        server.start()

        async def after() -> Any:
            clients = [await Client(seat["socket"], "x").open() for seat in (ann, bob)]
            pages = [Page(client) for client in clients]
            pages[0].values = kept  # Ann's page kept its values while the socket was down
            pages[1].withhold = lambda hand, deal: True  # Bob's page lost its value: none
            runners = [asyncio.create_task(page.run()) for page in pages]
            async with asyncio.timeout(60):
                await clients[0].wait_for(lambda c: number in c.hands)
                hand = clients[0].hands[number]
                await play(clients[0], random.Random(3), lambda c: number in c.finished)
            for task in runners:
                task.cancel()
            for client in clients:
                await client.close()
            return hand, pages

        hand, _pages = asyncio.run(after())
        # The round resumed at its reveal: Bob's page was asked for the value it committed to
        # (it had none, so Bob sits the hand out); Ann's value, stored before the kill, counts.
        assert "Bob" not in hand["names"]
        assert "Ann" in hand["names"]
        assert len(hand["names"]) == 2  # Ann and the bot
        api.ok(api.host(created, "POST", "/end"))
        asyncio.run(asyncio.sleep(1.0))
        response = night_json(api, created)
        for _ in range(100):
            if response.status_code == 200:
                break
            asyncio.run(asyncio.sleep(0.2))
            response = night_json(api, created)
        night = NightRecord.from_data(response.json())
        audit = audit_night(night)
        assert audit.verified, audit.faults
        first = next(deal for deal in audit.deals if deal.hand == number)
        assert len(first.made_from) == 1
        assert len(first.left_out) == 1
    finally:
        server.stop()


@pytest.mark.parametrize("path", ["night-record", "night-record/offered"])
def test_the_night_record_is_refused_for_a_table_that_is_not_there(
    server: Server, path: str
) -> None:
    answer = Api(server.base).http.get(f"/api/tables/nope/{path}")
    assert answer.status_code == 404


def test_whether_the_night_record_is_offered_is_answered_without_an_error(server: Server) -> None:
    """What a page waiting for the record asks: "not yet" (200) until the night is over, and
    "none" where no hand was shuffled by the players, as the record itself answers 409 and 404."""
    api = Api(server.base)
    created = api.create(games=[{"game": "FTQ"}], seats=4)
    path = f"/api/tables/{created['table']['id']}/night-record"
    assert api.get(f"{path}/offered") == {
        "offered": False,
        "none": False,
        "detail": "the night record is offered once the host ends the night",
    }
    assert api.http.get(path).status_code == 409
    api.ok(api.host(created, "POST", "/end"))
    assert api.get(f"{path}/offered") == {
        "offered": False,
        "none": True,
        "detail": "this table dealt no hand shuffled by its players",
    }
    assert api.http.get(path).status_code == 404


def test_a_page_out_of_turn_in_the_round_is_refused_and_nothing_changes(server: Server) -> None:
    api = Api(server.base)

    async def scenario() -> tuple[list[Frame], list[Frame], Frame]:
        created = api.create(games=[{"game": "FTQ"}], seats=4, hand_pause=0, bot_delay=0)
        clients, pages = await seated_pages(api, created, ["Ann", "Bob"])
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
        spectator = await Client(created["links"]["watch_socket"], "w").open()
        ann = asyncio.create_task(pages[0].run())
        bob = clients[1]
        await bob.send({"type": "shuffler"})
        await asyncio.sleep(0.2)
        api.ok(api.host(created, "POST", "/start"))
        await bob.wait_for(lambda c: any(f["type"] == "shuffle" for f in c.frames))
        ask = next(f for f in bob.frames if f["type"] == "shuffle")
        hand, deal, seat = ask["hand"], ask["deal"], ask["seat"]
        value = secrets.token_bytes(32)
        made = value_commitment(value, hand, deal, seat)
        before = len(bob.frames)
        for frame in (
            {"type": "commit", "hand": hand, "deal": deal, "commitment": made.upper()},
            {"type": "commit", "hand": hand + 5, "deal": deal, "commitment": made},
            {"type": "reveal", "hand": hand, "deal": deal, "value": value.hex()},
            {"type": "commit", "hand": hand, "deal": deal, "commitment": made},
            {"type": "commit", "hand": hand, "deal": deal, "commitment": made},  # a resend
            {"type": "commit", "hand": hand, "deal": deal, "commitment": "0" * 64},
        ):
            await bob.send(frame)
        await spectator.send({"type": "commit", "hand": hand, "deal": deal, "commitment": made})
        await bob.wait_for(
            lambda c: any(f.get("step") == "reveal" for f in c.frames[before:]), timeout=10
        )
        other = secrets.token_bytes(32)  # a value that does not open Bob's commitment
        await bob.send({"type": "reveal", "hand": hand, "deal": deal, "value": other.hex()})
        await spectator.wait_for(lambda c: hand in c.hands, timeout=20)
        await asyncio.sleep(0.3)
        ann.cancel()
        sent = [f for f in bob.frames[before:] if f["type"] == "error"]
        watched = [f for f in spectator.frames if f["type"] == "error"]
        dealt = spectator.hands[hand]
        for client in [*clients, spectator]:
            await client.close()
        return sent, watched, dealt

    errors, watched, dealt = asyncio.run(scenario())
    said = [(error["code"], error["message"]) for error in errors]
    assert said[0][0] == "malformed"  # hexadecimal digits in upper case
    assert "is not being shuffled now" in said[1][1]
    assert "not asked for its value now" in said[2][1]
    assert "committed to another value" in said[3][1]
    assert "does not open the commitment" in said[4][1]
    assert len(said) == 5  # the resend of the same commitment was taken as done
    assert "Spectators watch" in watched[0]["message"]
    # Bob's value opened nothing: he sits the hand out; Ann and the bot play it.
    assert "Bob" not in dealt["names"]
    assert "Ann" in dealt["names"]


def test_the_night_record_waits_for_the_last_hand_to_be_over(server: Server) -> None:
    """Ending the night lets the hand in progress play out; until it is over the record is
    refused: its seed would give away that hand's salts, hence the hidden cards its proofs'
    paths cover, and the record would lack the hand."""
    api = Api(server.base)

    async def scenario() -> tuple[int, str, int]:
        created = api.create(games=[{"game": "FTQ"}], seats=4, hand_pause=0, action_clock=60)
        clients, pages = await seated_pages(api, created, ["Ann", "Bob"])
        runners = [asyncio.create_task(page.run()) for page in pages]
        await asyncio.sleep(0.2)
        api.ok(api.host(created, "POST", "/start"))
        async with asyncio.timeout(30):
            await clients[0].wait_for(lambda c: bool(c.hands))  # dealt; nobody acts
        api.ok(api.host(created, "POST", "/end"))
        assert api.table(created)["hand_in_progress"] is not None
        refused = night_json(api, created)
        async with asyncio.timeout(60):
            await asyncio.gather(
                *(play(client, random.Random(5), lambda c: bool(c.finished)) for client in clients)
            )
            while night_json(api, created).status_code != 200:
                await asyncio.sleep(0.2)
        hands = len(night_json(api, created).json()["hands"])
        for task in runners:
            task.cancel()
        for client in clients:
            await client.close()
        return refused.status_code, refused.text, hands

    status, said, hands = asyncio.run(scenario())
    assert status == 409
    assert "once the last hand of the night is over" in said
    assert hands == 1


def test_a_dealers_choice_picked_during_a_round_survives_a_restart(tmp_path: Path) -> None:
    """The dealer picks the game, then the players' shuffle runs; the server is killed in the
    middle of the round. After the restart the round resumes and the hand is the game picked,
    dealt by the seat that picked it (not the table's default pick), and the round's clock is
    the table's ``shuffle_seconds``."""
    server = Server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "log.txt").start()
    api = Api(server.base)
    try:

        async def before() -> tuple[Frame, list[Frame], Frame, str, float]:
            menu = [{"game": "FTQ"}, {"game": "BD5"}]
            created = api.create(
                games=menu, seats=4, hand_pause=0, bot_delay=0, choice_clock=30, shuffle_seconds=3
            )
            granted = [api.join(created, name) for name in ("Ann", "Bob")]
            clients = [await Client(seat["socket"], name).open() for seat, name in
                       zip(granted, ("Ann", "Bob"), strict=True)]  # fmt: skip
            pages = [Page(client) for client in clients]
            pages[1].commit_only = True  # Bob's page commits, then the server stops
            api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
            runners = [asyncio.create_task(page.run()) for page in pages]
            await asyncio.sleep(0.2)
            api.ok(api.host(created, "POST", "/start"))
            choosing = await clients[0].frame("choosing", timeout=20)
            dealer = next(
                client for client, seat in zip(clients, granted, strict=True)
                if seat["seat"] == choosing["dealer"]
            )  # fmt: skip
            picked = next(item for item in choosing["entries"] if item["index"] == 1)
            await dealer.request({"type": "choose", "entry": picked["index"]})
            async with asyncio.timeout(20):
                await clients[0].wait_for(
                    lambda c: any(f.get("step") == "reveal" for f in c.frames)
                )
            ask = next(f for f in clients[0].frames if f.get("type") == "shuffle")
            await asyncio.sleep(0.3)  # Ann's value is stored; Bob's never comes
            server.kill()
            for task in runners:
                task.cancel()
            for client in clients:
                with contextlib.suppress(Exception):
                    await client.close()
            return created, granted, choosing, dealer.name, ask["seconds"]

        _created, granted, choosing, dealer_name, seconds = asyncio.run(before())
        # The round's first ask gave the table's clock, not the default 8 s.
        assert 2.0 < seconds <= 3.0
        server.start()

        async def after() -> tuple[Frame, int]:
            clients = [await Client(seat["socket"], "x").open() for seat in granted]
            pages = [Page(client) for client in clients]
            pages[1].withhold = lambda hand, deal: True  # Bob's page lost its value
            runners = [asyncio.create_task(page.run()) for page in pages]
            async with asyncio.timeout(60):
                await clients[0].wait_for(lambda c: bool(c.hands))
            hand = clients[0].hands[min(clients[0].hands)]
            for task in runners:
                task.cancel()
            for client in clients:
                await client.close()
            return hand, len(clients[0].hands)

        hand, dealt = asyncio.run(after())
        assert dealt == 1  # the hand waiting on the round, no other before it
        picked, default = choosing["entries"][1], choosing["entries"][0]
        assert hand["view"]["code"] == picked["code"] != default["code"]
        # Bob's page lost its value: he sits the hand out; the seat that chose deals it.
        assert "Bob" not in hand["names"]
        dealer_seat = hand["lineup"][hand["view"]["dealer"]]
        assert dealer_seat == choosing["dealer"]
        assert dealer_name == "Ann"
    finally:
        server.stop()


def _redeal_asked(client: Client) -> bool:
    return any(
        frame.get("type") == "shuffle" and frame["step"] == "reveal" and frame["deal"] > 1
        for frame in client.frames
    )


def test_a_redeals_round_resumes_after_a_restart(tmp_path: Path) -> None:
    """The Bitch is redealt; its round is at the reveal when the server is killed (Bob's page
    committed and had not revealed). After the restart the round goes on where it was: Bob's
    page is asked for its value again and the redeal is made from both pages' values, not
    dealt at once from what had come in before the kill."""
    server = Server(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "log.txt").start()
    api = Api(server.base)
    try:

        async def before() -> tuple[Frame, list[Frame], int, int, list[dict[Any, bytes]]]:
            created = api.create(
                games=[{"game": "the-bitch"}], seats=4, hand_pause=0, bot_delay=0,
                redeal_pause=0, shuffle_seconds=60,
            )  # fmt: skip
            granted = [api.join(created, name) for name in ("Ann", "Bob")]
            clients = [await Client(seat["socket"], name).open() for seat, name in
                       zip(granted, ("Ann", "Bob"), strict=True)]  # fmt: skip
            pages = [Page(client) for client in clients]
            pages[1].withhold = lambda hand, deal: deal > 1  # commits to a redeal, no more
            api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
            runners = [asyncio.create_task(page.run()) for page in pages]
            await asyncio.sleep(0.2)
            api.ok(api.host(created, "POST", "/start"))
            rng = random.Random(7)
            async with asyncio.timeout(240):
                await asyncio.gather(*(play(client, rng, _redeal_asked) for client in clients))
            ask = next(
                f for f in clients[1].frames
                if f.get("type") == "shuffle" and f["step"] == "reveal" and f["deal"] > 1
            )  # fmt: skip
            await asyncio.sleep(0.3)  # Ann's value is stored; Bob's is not sent
            server.kill()
            for task in runners:
                task.cancel()
            for client in clients:
                with contextlib.suppress(Exception):
                    await client.close()
            kept = [page.values for page in pages]
            return created, granted, ask["hand"], ask["deal"], kept

        created, granted, number, deal, kept = asyncio.run(before())
        server.start()

        async def after() -> list[Frame]:
            clients = [await Client(seat["socket"], name).open() for seat, name in
                       zip(granted, ("Ann", "Bob"), strict=True)]  # fmt: skip
            pages = [Page(client) for client in clients]
            for page, values in zip(pages, kept, strict=True):
                page.values = values  # each page kept its values while the socket was down
            runners = [asyncio.create_task(page.run()) for page in pages]
            rng = random.Random(8)
            async with asyncio.timeout(120):
                await asyncio.gather(
                    *(play(client, rng, lambda c: number in c.finished) for client in clients)
                )
            asked = [f for f in clients[1].frames if f.get("type") == "shuffle"]
            for task in runners:
                task.cancel()
            for client in clients:
                await client.close()
            return asked

        asked = asyncio.run(after())
        # Bob's page was asked again for the value it committed to for the redeal.
        assert any((f["hand"], f["deal"], f["step"]) == (number, deal, "reveal") for f in asked)
        api.ok(api.host(created, "POST", "/end"))
        response = night_json(api, created)
        for _ in range(150):
            if response.status_code == 200:
                break
            asyncio.run(asyncio.sleep(0.2))
            response = night_json(api, created)
        audit = audit_night(NightRecord.from_data(response.json()))
        assert audit.verified, audit.faults
        redeal = next(item for item in audit.deals if (item.hand, item.deal) == (number, deal))
        assert redeal.made_from == ("Ann", "Bob")
    finally:
        server.stop()


def test_the_rounds_clock_is_a_table_setting_within_its_bounds(server: Server) -> None:
    api = Api(server.base)
    base = {"name": "t", "games": [{"game": "FTQ"}], "seat_requests": False}
    for wrong in (0.5, 61, "soon"):
        refused = api.http.post("/api/tables", json={**base, "shuffle_seconds": wrong})
        assert refused.status_code == 422, refused.text
        assert "shuffle_seconds" in refused.text
    created = api.create(games=[{"game": "FTQ"}])
    table_id = created["table"]["id"]
    assert api.get(f"/api/tables/{table_id}")["settings"]["shuffle_seconds"] == 8
    refused = api.host(created, "PUT", "/rules", shuffle_seconds=0)
    assert refused.status_code == 422, refused.text
    assert api.get(f"/api/tables/{table_id}")["settings"]["shuffle_seconds"] == 8
    api.ok(api.host(created, "PUT", "/rules", shuffle_seconds=2.5))
    assert api.get(f"/api/tables/{table_id}")["settings"]["shuffle_seconds"] == 2.5
