"""A private deal at a real server, played from Python: a seat's page answering the deal's
rounds over the socket as the browser's page does (:class:`PrivatePage`, which can also cheat,
fall silent or withhold its secret), a table of such pages and a bot, and a way to stop them.
Shared by the server's and the browser's tests of private deals."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from tests.tools.wsclient import Api, Client
from wildstud.cards import Card
from wildstud.private_deal import Secret, open_own, prove_key, share_batch, shuffle_turn
from wildstud.private_rounds import Agent
from wildstud.private_wire import ORDER, batch_context, ciphertext_hex, ciphertext_of, key_data

Frame = dict[str, Any]


class PrivatePage:
    """A seat's page in a private deal: it answers each ``private`` frame with a fresh agent a
    deal, opens its own cards, and shows them when asked (``cheat``: a wrong share;
    ``silent``: it never answers), and after the hands publishes each deal's secret and order
    (``withhold``: it never does; ``misorder``: it says it reordered the deck otherwise than it
    did)."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.agents: dict[tuple[int, int], Agent] = {}
        self.cards: dict[tuple[int, int, int], Card] = {}
        """What it opened: (hand, deal, position) to card."""
        self.read = 0
        self.silent = False
        self.cheat = False
        self.muck = False
        """At the showdown, it mucks its hand unshown."""
        self.withhold = False
        self.misorder = False
        self.hold: Callable[[Frame], bool] = lambda frame: False
        """Frames it does not answer (as a page that went away would not)."""
        self.held: list[Frame] = []
        self.errors: list[Frame] = []
        self.elsewhere: set[tuple[int, int]] = set()
        """The deals another page of its seat plays (the deal took that page's key)."""

    async def run(self) -> None:
        client = self.client
        while not client.closed:
            await client.wait_for(
                lambda c: len(c.frames) > self.read or c.closed, timeout=3600, what="frames"
            )
            for frame in client.frames[self.read :]:
                self.read += 1
                if frame["type"] == "private":
                    await self.answer(frame)
                elif frame["type"] == "error":
                    self.errors.append(frame)

    async def answer(self, frame: Frame) -> None:
        key = (frame["hand"], frame["deal"])
        agent = self.agents.setdefault(key, Agent.new())
        secret = agent.secret

        step = frame["step"]
        if step != "key" and frame.get("key", agent.key.hex()) != agent.key.hex():
            self.elsewhere.add(key)  # as the browser's page does: it sits the deal out
            return
        if step == "open":
            for position, left in frame["points"]:
                self.cards[(*key, position)] = open_own(ciphertext_of(left), [], secret)
            return
        if self.silent:
            return
        if self.hold(frame):
            self.held.append(frame)
            return
        if step == "show" and self.muck:
            await self.client.request({"type": "show", "show": False})
            return
        if step == "reveal":
            if self.withhold:
                return
            order = list(agent.order)
            if self.misorder:
                order[0], order[1] = order[1], order[0]
            answer: Frame = {"step": "reveal", "secret": secret.scalar.hex(), "order": order}
        else:
            answer = answer_body(frame, agent, cheat=self.cheat)
        if step != "key":
            answer["key"] = agent.key.hex()  # the key it answers with, as the browser's page does
        hand, deal = key
        await self.client.send({"type": "private", "hand": hand, "deal": deal, "answer": answer})


def answer_body(frame: Frame, agent: Agent, cheat: bool = False) -> Frame:
    """The answer to ``frame`` (a ``private`` frame asking a key, a turn of the deck, an order
    value, shares or a show) with ``agent``'s secret and order, as the browser's page makes it
    (``cheat``: its first share of a card made with a secret of its own)."""
    secret = agent.secret
    step = frame["step"]
    deal_context = b"%s|deal %d" % (frame["context"].encode(), frame["deal"])
    if step == "key":
        return {
            "step": "key",
            **key_data(agent.key, prove_key(secret, deal_context, frame["party"])),
        }
    if step == "mask":
        deck = [ciphertext_of(item) for item in frame["deck"]]
        joint = bytes.fromhex(frame["joint"])
        turned = shuffle_turn(deck, secret, agent.order, joint, deal_context)
        return {"step": "mask", "deck": [ciphertext_hex(item) for item in turned]}
    show = step == "show"
    positions = [position for position, _ in frame["points"]]
    context = batch_context(
        frame["context"].encode(),
        frame["deal"],
        positions,
        frame["party"],
        show,
        frame.get("to", ()),
    )
    points = [bytes.fromhex(point[:64]) for _, point in frame["points"]]  # each c1
    batch = share_batch(points, secret, context)
    shares = [share.hex() for share in batch.shares]
    if cheat and not show and positions != [ORDER]:  # a share of a card, not its order value
        shares[0] = share_batch(points[:1], Secret.new(), context).shares[0].hex()
    proof = {"challenge": batch.challenge.hex(), "response": batch.response.hex()}
    answer: Frame = {"step": step, "batch": {"shares": shares, **proof}}
    if show:
        answer["seat"] = frame["seat"]
    return answer


class Calm(random.Random):
    """Checks and calls: every hand goes to the showdown."""

    def random(self) -> float:
        return 0.5


async def private_table(
    api: Api, game: str, names: list[str], bot: str = "calling-bot", **settings: Any
) -> tuple[Frame, list[Client], list[PrivatePage], list[asyncio.Task[None]]]:
    """A private-deal table of ``game`` with a seat for each of ``names`` (a client and a
    :class:`PrivatePage` answering for each, running) and a bot: the table's answer, the
    clients, the pages and the pages' tasks. The hands are not started."""
    created = api.create(
        games=[{"game": game}],
        seats=5,
        hand_pause=0,
        bot_delay=0,
        redeal_pause=0,
        deal="private",
        **settings,
    )
    clients = []
    for name in names:
        seat = api.join(created, name)
        clients.append(await Client(seat["socket"], name).open())
    for client in clients:
        await client.frame("table")
    api.ok(api.host(created, "POST", "/bots", kind=bot))
    pages = [PrivatePage(client) for client in clients]
    runners = [asyncio.create_task(page.run()) for page in pages]
    return created, clients, pages, runners


async def reopened(
    pages: list[PrivatePage], clients: list[Client]
) -> tuple[list[Client], list[asyncio.Task[None]]]:
    """The pages at the table again after a restart: each on a new connection of its seat,
    holding nothing back now, answering as the frames come."""
    again = [await Client(client.url, client.name).open() for client in clients]
    for page, client in zip(pages, again, strict=True):
        page.client, page.read, page.hold = client, 0, lambda frame: False
    return again, [asyncio.create_task(page.run()) for page in pages]


def finished_hand(number: int) -> Callable[[Client], bool]:
    """Whether a client has seen hand ``number`` finish: when :func:`play` stops."""
    return lambda client: number in client.finished


async def stop_pages(clients: list[Client], runners: list[asyncio.Task[None]]) -> None:
    """The pages stop answering and their connections close."""
    for task in runners:
        task.cancel()
    for client in clients:
        await client.close()
