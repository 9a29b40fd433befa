"""Verifiable deals over real sockets: every client gets each deal's root before the deal's
cards, and a proof of exactly the cards it may see; the records of finished hands pass
``wildstud verify``, and fail it once a proven card is changed; nothing anyone is sent opens a
folded or mucked card; and a server killed in mid-hand gives the same roots and proofs again."""

from __future__ import annotations

import asyncio
import json
import random
import re
import subprocess
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from tests.server.conftest import WILDSTUD, Server
from tests.server.helpers import CARDS, cards_in
from tests.tools.cli_run import run
from tests.tools.wsclient import Api, Client, Frame, Played, open_table, play
from wildstud.commitment import Proof, verify
from wildstud.history import read_record

HANDS = 2
TABLES: list[dict[str, Any]] = [
    {"games": [{"game": "FTQ", "house_rules": {"final_queen": "centre-card"}}]},
    {"games": [{"game": "SMBU"}]},
    {"games": [{"game": "BD5"}]},
    {"games": [{"game": "BITCH"}]},
]
Key = tuple[int, str]
"""A card of a hand: (deal, card)."""


async def _session(server: Server) -> Played:
    api = Api(server.base)
    tables = []
    rng = random.Random(11)
    for index, spec in enumerate(TABLES):
        tables.append(await open_table(api, index, f"proofs {index}", spec))
    # The Bitch at eight seats, bots only, dealt until a face-up queen of spades forces a redeal.
    bitch = api.create(
        name="redeals", games=[{"game": "BITCH"}], seats=8, hand_pause=0, bot_delay=0
    )
    for _ in range(8):
        api.ok(api.host(bitch, "POST", "/bots", kind="calling-bot"))
    watcher = await Client(bitch["links"]["watch_socket"], "bitch-w").open()
    api.ok(api.host(bitch, "POST", "/start"))

    def done(client: Client) -> bool:
        return len(client.finished) >= HANDS

    def redealt(client: Client) -> bool:
        return any(
            event["type"] == "redealt"
            for number in client.finished
            for event in client.hands[number]["view"]["events"]
        )

    async with asyncio.timeout(150):
        await asyncio.gather(
            *(
                play(client, random.Random(rng.random()), done)
                for _, clients, _ in tables
                for client in clients
            ),
            watcher.wait_for(redealt, timeout=140, what="a redeal"),
        )
    for created, _, _ in [*tables, (bitch, [], watcher)]:
        api.ok(api.host(created, "POST", "/pause"))
    await asyncio.sleep(0.3)
    tables.append((bitch, [], watcher))
    for _, clients, spectator in tables:
        for client in [*clients, spectator]:
            await client.close()
    return Played(api, tables)


@pytest.fixture(scope="module")
def played(server: Server) -> Played:
    """Four games played by three clients each for two hands, a spectator at each table, and a
    table of eight bots at The Bitch dealt until a redeal, watched by a spectator."""
    return asyncio.run(_session(server))


def _visible(events: list[Frame]) -> set[Key]:
    """The cards these events (as one client saw them) show, with their deals."""
    found: set[Key] = set()
    deal = 1
    for event in events:
        kind = event["type"]
        if kind == "deal_started":
            deal = event["deal"]
        elif kind in ("dealt", "centre_card", "community_card") and event["card"] is not None:
            found.add((deal, event["card"]))
        elif kind == "shown":
            found.update((deal, card) for card in event["cards"])
    return found


def _check_client(client: Client) -> dict[int, dict[Key, Frame]]:
    """Check every frame a client got: each deal's root comes with or before the frame that
    carries its first event, ahead of the frame's events, and never changes; each proof holds
    against its deal's root. Returns the proofs by hand and card."""
    roots: dict[tuple[int, int], str] = {}
    deal_now: dict[int, int] = {}
    proofs: dict[int, dict[Key, Frame]] = {}
    for frame in client.frames:
        if frame["type"] not in ("hand", "update"):
            assert "proofs" not in frame
            continue
        number = frame["number"]
        keys = list(frame)
        body = "view" if frame["type"] == "hand" else "events"
        assert keys.index("commitments") < keys.index(body)
        assert keys.index("proofs") < keys.index(body)
        for item in frame["commitments"]:
            assert roots.setdefault((number, item["deal"]), item["root"]) == item["root"]
        events = frame["view"]["events"] if frame["type"] == "hand" else frame["events"]
        deal = 1 if frame["type"] == "hand" else deal_now.get(number, 1)
        for event in events:
            if event["type"] == "deal_started":
                deal = event["deal"]
            if event["type"] in ("deal_started", "dealt", "centre_card", "community_card"):
                assert (number, deal) in roots, f"{client.name}: a card of deal {deal} unrooted"
        deal_now[number] = deal
        for item in frame["proofs"]:
            proof = Proof.from_data(item)
            assert verify(roots[(number, proof.deal)], proof), f"{client.name}: {item}"
            proofs.setdefault(number, {})[(proof.deal, item["card"])] = item
    return proofs


def test_each_client_can_prove_exactly_the_cards_it_sees(played: Played) -> None:
    checked = 0
    for _, clients, spectator in played.tables:
        for client in [*clients, spectator]:
            proofs = _check_client(client)
            for number in client.finished:
                events = client.hands[number]["view"]["events"]
                assert set(proofs.get(number, {})) == _visible(events), client.name
                checked += len(proofs[number])
                if client.hands[number]["you"] is not None:
                    you = client.hands[number]["you"]
                    own = {e["card"] for e in events if e["type"] == "dealt" and e["seat"] == you}
                    assert own <= {card for _, card in proofs[number]}
    assert checked > 300


def test_the_roots_of_a_redeal_come_before_its_cards(played: Played) -> None:
    _, _, watcher = played.tables[-1]
    redeals = [
        number
        for number in watcher.finished
        if any(e["type"] == "redealt" for e in watcher.hands[number]["view"]["events"])
    ]
    assert redeals
    proofs = _check_client(watcher)  # each deal's root came before its first card
    for number in redeals:
        deals = {deal for deal, _ in proofs[number]}
        assert len(deals) >= 2
        roots = {
            item["deal"]: item["root"]
            for frame in watcher.frames
            if frame["type"] in ("hand", "update") and frame["number"] == number
            for item in frame["commitments"]
        }
        assert len(set(roots.values())) == len(roots) >= 2  # a fresh deck, a fresh root


class Verified(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


def _verify(
    record: str, tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str] | None = None
) -> Verified:
    """``wildstud verify --json`` on ``record``: as the installed command a player runs, or,
    given ``capsys``, in this process (where the records are many)."""
    path = tmp_path / name
    path.write_text(record, encoding="utf-8")
    if capsys is not None:
        return Verified(*run(capsys, "verify", str(path), "--json"))
    done = subprocess.run(
        [WILDSTUD, "verify", str(path), "--json"], capture_output=True, text=True, check=False
    )
    return Verified(done.returncode, done.stdout, done.stderr)


def _alter_a_proven_card(record: str, proven: str) -> str:
    """The record with ``proven`` replaced, in its actions only, by a card it never names (or,
    where it names all 52, by another one: then a card is dealt twice)."""
    named = _record_cards(record)
    absent = next((card for card in sorted(CARDS) if card not in named), None)
    absent = absent or next(card for card in sorted(CARDS) if card != proven)
    head, actions = record.split("\nactions = [", 1)
    assert proven in actions
    return head + "\nactions = [" + actions.replace(proven, absent, 1)


@pytest.mark.slow
def test_verify_accepts_every_record_and_refuses_an_altered_one(
    played: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = set()
    # The first record and its alterations through the installed command, the others here.
    inside: pytest.CaptureFixture[str] | None = None
    for created, _, _ in played.tables:
        table_id = created["table"]["id"]
        for summary in played.api.get(f"/api/tables/{table_id}/hands"):
            path = f"/api/tables/{table_id}/hands/{summary['number']}"
            history = played.api.get(path)
            record = played.api.http.get(f"{path}/phh").text
            result = _verify(record, tmp_path, f"{table_id}-{summary['number']}.phh", inside)
            assert result.returncode == 0, result.stderr
            found = json.loads(result.stdout)
            assert found["verified"]
            # The history says whose values made each deck too (the players' shuffle).
            roots = [{"deal": c["deal"], "root": c["root"]} for c in history["commitments"]]
            assert found["commitments"] == roots
            assert {(c["deal"], c["card"]) for c in found["proven"]} == {
                (p["deal"], p["card"]) for p in history["proofs"]
            }
            games.add(history["code"])
            # One proven card changed in the actions, or in its proof: refused, in one line.
            card = found["proven"][-1]["card"]
            for altered in (
                _alter_a_proven_card(record, f"{card}"),
                record.replace(
                    f'card = "{card}"', 'card = "2c"' if card != "2c" else 'card = "3c"'
                ),
            ):
                result = _verify(altered, tmp_path, "altered.phh", inside)
                assert result.returncode == 2, result.stdout
                assert result.stderr.startswith("error:")
                assert len(result.stderr.strip().splitlines()) == 1
            inside = capsys
    assert games == {"FTQ", "SMBU", "BD5", "BITCH"}


def _hidden(played: Played) -> list[tuple[str, str, int, dict[Key, str], bool]]:
    """For each seat and hand: the seat's client, the table, the hand, the seat's hole cards
    that no showdown showed (folded, mucked, or gathered for a redeal) with the salts its own
    proofs gave, and whether the hand had one deal (then the cards themselves must appear
    nowhere else either)."""
    found = []
    for created, clients, _ in played.tables:
        for client in clients:
            proofs = _check_client(client)
            for number in client.finished:
                hand = client.hands[number]
                you, events = hand["you"], hand["view"]["events"]
                if you is None:
                    continue
                deal = 1
                holes: set[Key] = set()
                shown: set[Key] = set()
                for event in events:
                    if event["type"] == "deal_started":
                        deal = event["deal"]
                    if event["type"] == "dealt" and event["seat"] == you and not event["up"]:
                        holes.add((deal, event["card"]))
                    if event["type"] == "shown" and event["seat"] == you:
                        shown.update((deal, card) for card in event["cards"])
                secret = {key: proofs[number][key]["salt"] for key in holes - shown}
                deals = sum(1 for event in events if event["type"] == "deal_started")
                found.append((client.name, created["table"]["id"], number, secret, deals == 1))
    return found


def _record_cards(text: str) -> set[str]:
    """Every card a PHH record names, in its actions and its proofs."""
    record = read_record(text)
    cards = {str(proof.card) for proof in record.proofs}
    for action in record.actions:
        cards.update(str(card) for card in getattr(action, "cards", None) or () if card)
    return cards


def test_nothing_sent_to_anyone_else_opens_a_folded_or_mucked_card(played: Played) -> None:
    salts_checked = cards_checked = 0
    sent: dict[tuple[str, int], list[tuple[str, Frame]]] = {}
    for created, clients, spectator in played.tables:
        table_id = created["table"]["id"]
        for client in [*clients, spectator]:
            for frame in client.frames:
                if frame["type"] in ("hand", "update"):
                    sent.setdefault((table_id, frame["number"]), []).append((client.name, frame))
    for owner, table_id, number, secret, single in _hidden(played):
        if not secret:
            continue
        path = f"/api/tables/{table_id}/hands/{number}"
        record = played.api.http.get(f"{path}/phh").text
        public: list[Any] = [played.api.get(path), played.api.get(f"{path}/steps")]
        others = [frame for name, frame in sent[(table_id, number)] if name != owner]
        assert len(others) > 3
        salts = set(secret.values())
        cards = {card for _, card in secret}
        for data in [*others, *public]:
            text = json.dumps(data)
            assert not any(salt in text for salt in salts), "a hidden card's salt was sent"
            salts_checked += len(salts)
            if single:
                assert not cards & cards_in(data), f"a hidden card was sent: {cards}"
                cards_checked += len(cards)
        assert not any(salt in record for salt in salts), "a hidden card's salt is in a record"
        if single:
            assert not cards & _record_cards(record)
    assert salts_checked > 500
    assert cards_checked > 200


async def _restart(server: Server, tmp_path: Path) -> None:
    api = Api(server.base)
    table = api.create(
        name="restart", games=[{"game": "FTQ"}], seats=4, action_clock=120, hand_pause=0
    )
    seats = [api.join(table, f"r{index}") for index in range(3)]
    clients = [await Client(seat["socket"], f"r{index}").open() for index, seat in enumerate(seats)]
    api.ok(api.host(table, "POST", "/start"))

    def mid_hand(client: Client) -> bool:
        if client.hand is None or client.hand_over():
            return False
        return sum(1 for event in client.view["events"] if event["type"] == "acted") >= 4

    rng = random.Random(5)
    async with asyncio.timeout(60):
        await asyncio.gather(*(play(c, random.Random(rng.random()), mid_hand) for c in clients))
        count = max(len(client.view["events"]) for client in clients)
        for client in clients:
            await client.wait_for(lambda c: len(c.view["events"]) == count, what="the update")
    before = {client.name: _check_client(client) for client in clients}
    roots = {
        client.name: [f["commitments"] for f in client.frames if f["type"] == "hand"][-1]
        for client in clients
    }
    # A seat's own record of the hand in progress proves its own hole cards too.
    token = seats[0]["socket"].rsplit("/", 1)[1]
    record = api.http.get(f"/api/seat/{token}/hand/phh").text
    result = _verify(record, tmp_path, "seat.phh")
    assert result.returncode == 0, result.stderr
    proven = {card["card"] for card in json.loads(result.stdout)["proven"]}
    number = clients[0].hand["number"] if clients[0].hand else 0
    own = {card for _, card in before[clients[0].name][number]}
    assert proven == own
    server.kill()
    for client in clients:
        await client.close()
    server.start()
    clients = [await Client(seat["socket"], f"r{index}").open() for index, seat in enumerate(seats)]
    for client in clients:
        await client.frame("hand")
        after = _check_client(client)
        assert after[number] == before[client.name][number]
        assert [f["commitments"] for f in client.frames if f["type"] == "hand"][-1] == roots[
            client.name
        ]
    api.ok(api.host(table, "POST", "/pause"))
    for client in clients:
        await client.close()


def test_a_restart_gives_the_same_roots_and_proofs(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "server.log").start()
    try:
        asyncio.run(_restart(server, tmp_path))
    finally:
        server.stop()
    # No salt reaches the log either.
    assert not re.search(r"[0-9a-f]{64}", server.log_text())


def test_a_card_of_a_redeal_is_proven_against_the_redeal_s_deck() -> None:
    # In process, step by step, as the table publishes: each frame's proofs, whatever deal the
    # frame starts in, open the deck of the deal the card was dealt in.
    from wildstud.bots import CallingBot
    from wildstud.deal import Hand, Phase
    from wildstud.server.proofs import opened
    from wildstud.server.replay import DeckBook

    redeals = 0
    for _ in range(60):
        book, bot = DeckBook(), CallingBot()
        hand = Hand("BITCH", [50] * 8, deck=book.draw)
        sent = 0
        while hand.phase is not Phase.OVER:
            if hand.phase is Phase.DEALER:
                hand.step()
            else:
                kind, amount = bot.choose(hand.view(hand.to_act))
                hand.act(kind, amount, seat=hand.to_act)
            for viewer in (None, 0):
                for item in opened(book, hand.events, viewer, sent)["proofs"]:
                    assert item["deal"] == hand.deal_number
                    sealed = book.sealed(item["deal"])
                    assert sealed is not None
                    assert verify(sealed.commitment, Proof.from_data(item))
            sent = len(hand.events)
        redeals += hand.deal_number > 1
        if redeals >= 2:
            break
    assert redeals >= 2
