"""Private hands played for the tests: parties (pages as agents, the server) answering a deal's
rounds (:mod:`wildstud.private_rounds`) in memory or over JSON, shared by the tests of the
rounds, their rows in the store and a hand rebuilt from them."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wildstud.betting import ActionKind
from wildstud.cards import DECK, Card
from wildstud.deal import Phase, PrivateHand, Stage
from wildstud.private_deal import (
    Secret,
    deal_order,
    open_own,
    order_point,
    prove_key,
    share_batch,
    shuffle_turn,
)
from wildstud.private_rounds import (
    Agent,
    DealRounds,
    Party,
    RoundsDealer,
    Row,
)
from wildstud.private_wire import ciphertext_hex, ciphertext_of, key_data

CONTEXT = b"table t1|hand 1"


def turns(count: int) -> tuple[int, ...]:
    """The order ``count`` parties turn the deck in: the server (the last) first."""
    return (count - 1, *range(count - 1))


def agents_dealing(
    cards: list[Card], count: int, rng: random.Random, context: bytes
) -> list[Agent]:
    """``count`` agents (in party order) whose turns of the deck deal ``cards`` first in the
    deal of ``context`` (the deal order follows from their secrets alone, and the order of the
    agent turning last is chosen to put each card where it says): a test's stacked deck through
    honest rounds."""
    secrets = [Secret.new() for _ in range(count)]  # in the order of the turns
    by_party = dict(zip(turns(count), secrets, strict=True))
    point = order_point(context)
    values = [share_batch([point], by_party[party], b"v").shares[0] for party in range(count)]
    dealing = deal_order(values, context)
    agents = []
    composed = list(range(len(DECK)))  # composed[j]: the card index at position j so far
    for secret in secrets[:-1]:
        order = list(range(len(DECK)))
        rng.shuffle(order)
        agents.append(Agent(secret, tuple(order)))
        composed = [composed[source] for source in order]
    where = {card_index: j for j, card_index in enumerate(composed)}
    wanted = [DECK.index(card) for card in cards]
    rest = [i for i in range(len(DECK)) if i not in set(wanted)]
    rng.shuffle(rest)
    target = [-1] * len(DECK)  # target[p]: the card index the dealt deck holds at p
    for k, index in enumerate(wanted):
        target[dealing[k]] = index
    free = iter(rest)
    target = [index if index >= 0 else next(free) for index in target]
    agents.append(Agent(secrets[-1], tuple(where[index] for index in target)))
    # Made in the order of the turns (the server's first): given back in the parties'.
    made = dict(zip(turns(count), agents, strict=True))
    return [made[party] for party in range(count)]


@dataclass
class Night:
    """A hand at a miniature table: ``pages`` engine seats each with its own page, the rest the
    server's (bots); every party answers in turn, as the table will ask it."""

    game: str
    options: dict[str, object]
    players: int
    pages: int
    stacked: list[Card] | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    rows: list[Row] = field(default_factory=list)
    opened: dict[tuple[int, int], Card] = field(default_factory=dict)
    """What each owner's page learnt: (deal, position) to card."""
    deals: list[DealRounds] = field(default_factory=list)
    folder: int | None = None
    """A seat that folds at its first turn (the others check, call or bring in)."""
    agents: list[list[Agent]] = field(default_factory=list)
    context: bytes = CONTEXT
    """What the deal's proofs are bound to."""
    new_agent: Callable[[], Agent] = Agent.new
    """Each party's secret and order for a deal (fixed ones make a night that comes out the
    same each time: ``tests/tools/private_nights.py``)."""

    def __post_init__(self) -> None:
        names = [f"page {seat}" for seat in range(self.pages)]
        self.parties = tuple(
            [Party(name, (seat,)) for seat, name in enumerate(names)]
            + [Party("server", tuple(range(self.pages, self.players)))]
        )
        self.dealer = RoundsDealer()
        self.hand = PrivateHand(
            self.game,
            [200] * self.players,
            {"ante": 1, "free_fold": True, **self.options},
            deck=self.dealer,
            dealer=0,
        )

    @property
    def rounds(self) -> DealRounds:
        return self.deals[-1]

    def start_deal(self) -> None:
        deal = self.hand.deal_number
        rounds = DealRounds(self.context, deal, self.parties)
        if self.stacked is not None and deal == 1:
            parties = len(self.parties)
            agents = agents_dealing(self.stacked, parties, self.rng, rounds.deal_context)
        else:
            agents = [self.new_agent() for _ in self.parties]
        self.deals.append(rounds)
        self.agents.append(agents)
        self.rows.append(rounds.parties_row())
        for party, agent in enumerate(agents):
            row = rounds.take_key(party, agent.key, agent.key_proof(rounds, party))
            assert row is not None
            self.rows.append(row)
        for party in rounds.turns:  # the server first
            self.rows.append(rounds.take_deck(party, agents[party].masked(rounds)))
        for party in rounds.waiting()[::-1]:  # every order value at once: in any order
            self.rows.append(rounds.take_order(party, agents[party].order_value(rounds, party)))

    def pass_due(self) -> None:
        rounds = self.rounds
        self.rows.append(rounds.open_pass(self.hand.cards_due()))
        for party in rounds.waiting()[::-1]:  # every party at once: in any order
            steps = self.agents[-1][party].unmaskings(rounds, party)
            self.rows.append(rounds.take_unmasking(party, steps))
        assert not rounds.waiting()
        for position, seat in rounds.owners.items():
            if (rounds.deal, position) not in self.opened:
                owner = rounds.owner(seat)
                assert owner is not None
                card = self.agents[-1][owner].open_own(rounds, position)
                self.opened[rounds.deal, position] = card
        self.dealer.learn(rounds)

    def play(self) -> None:
        """Play the hand to its end: everyone calls, the hands still in are shown."""
        hand = self.hand
        while hand.phase is not Phase.OVER:
            if hand.phase is Phase.PLAYER:
                hand.act(choose(hand, self.folder))
                continue
            chance = hand.chance()
            fresh = not self.deals or self.rounds.deal != hand.deal_number
            if fresh and (chance is None or chance.kind is not Stage.REDEAL):
                self.start_deal()
            if hand.cards_due() and self.dealer.position >= opened(self.rounds):
                self.pass_due()
            if hand.to_show_or_muck:
                for seat in hand.to_show_or_muck[:1]:
                    self.show(seat)
                continue
            hand.step()

    def show(self, seat: int) -> None:
        rounds = self.rounds
        party = rounds.owner(seat)
        assert party is not None
        steps = self.agents[-1][party].show(rounds, party, seat)
        assert steps is not None
        self.rows.append(rounds.take_show(party, seat, steps))
        self.hand.show(seat, rounds.shown_cards(seat))

    def audit(self) -> None:
        """Every party publishes its secret and order; no deal of the hand has a fault, and
        every card opened is the card the published secrets put there."""
        for rounds, agents in zip(self.deals, self.agents, strict=True):
            for party, agent in enumerate(agents):
                self.rows.append(rounds.take_reveal(party, agent.secret.scalar, agent.order))
            assert rounds.audit() == []


def choose(hand: PrivateHand, folder: int | None) -> ActionKind:
    kinds = {option.kind for option in hand.legal_actions()}
    if hand.to_act == folder and ActionKind.FOLD in kinds:
        return ActionKind.FOLD  # at its first turn (the house rule free_fold is on)
    for kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN):
        if kind in kinds:
            return kind
    raise AssertionError(kinds)


def opened(rounds: DealRounds) -> int:
    return sum(len(slots) for slots in rounds.passes)


def dealt_deck(agents: list[Agent], rounds: DealRounds) -> list[Card]:
    """The cards ``agents``' turns deal in ``rounds``, in the order dealt (the deal order)."""
    composed = list(range(len(DECK)))
    for party in turns(len(agents)):
        composed = [composed[source] for source in agents[party].order]
    return [DECK[composed[position]] for position in rounds.dealing]


@dataclass
class JsonPage:
    """A page that knows only what its frames say (JSON in, JSON out), as a browser's will."""

    party: int
    seat: int | None
    agent: Agent = field(default_factory=Agent.new)
    cards: dict[int, Card] = field(default_factory=dict)

    def new_deal(self, deal: int) -> None:
        self.agent, self.cards = Agent.new(), {}

    def reveal(self, rounds: DealRounds) -> dict[str, Any]:
        secret = self.agent.secret.scalar.hex()
        return {"step": "reveal", "secret": secret, "order": list(self.agent.order)}

    def answer(self, asked: dict[str, Any], rounds: DealRounds) -> dict[str, Any]:
        secret = self.agent.secret
        if asked["step"] == "key":
            proof = prove_key(secret, rounds.deal_context, self.party)
            return {"step": "key", **key_data(secret.key, proof)}
        if asked["step"] == "mask":
            deck = [ciphertext_of(item) for item in asked["deck"]]
            joint = bytes.fromhex(asked["joint"])
            turned = shuffle_turn(deck, secret, self.agent.order, joint, rounds.deal_context)
            return {"step": "mask", "deck": [ciphertext_hex(c) for c in turned]}
        batch = batch_answer(asked["points"], secret, rounds, self.party)
        return {"step": "unmask", "batch": batch}

    def open(self, points: list[list[Any]]) -> None:
        for position, left in points:
            self.cards[position] = open_own(ciphertext_of(left), [], self.agent.secret)

    def show(self, rounds: DealRounds, points: list[list[Any]]) -> dict[str, Any]:
        batch = batch_answer(points, self.agent.secret, rounds, self.party, show=True)
        return {"step": "show", "seat": self.seat, "batch": batch}


def batch_answer(
    points: list[list[Any]], secret: Secret, rounds: DealRounds, party: int, show: bool = False
) -> dict[str, Any]:
    """A page's shares of ``points`` (each ``[position, c1]`` as asked, or a ciphertext
    from an ``open`` frame, whose first half is ``c1``), as it sends them: the shares, and the
    one proof."""
    positions = [position for position, _ in points]
    context = rounds.batch_context(positions, party, show)
    c1s = [bytes.fromhex(point[:64]) for _, point in points]
    batch = share_batch(c1s, secret, context)
    return {
        "shares": [share.hex() for share in batch.shares],
        "challenge": batch.challenge.hex(),
        "response": batch.response.hex(),
    }


def sent(body: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(body))  # over the wire and back
    return loaded


def parties(pages: int) -> tuple[Party, ...]:
    """``pages`` pages, then the server with one bot's seat."""
    return (*(Party(f"page {seat}", (seat,)) for seat in range(pages)), Party("server", (pages,)))


def play_pages(pages: list[Any], game: str = "FTQ") -> tuple[PrivateHand, list[DealRounds]]:
    """A whole hand between ``pages`` (each a party holding its seat, the last the server's),
    every ask and answer over JSON, to the showdown; every hand still in shown with proof, and
    the audit after it clean. Each page's ``cards`` are then the ones it opened."""
    everyone = parties(len(pages) - 1)
    dealer = RoundsDealer()
    hand = PrivateHand(game, [100] * len(pages), {"ante": 1}, deck=dealer)
    deals: list[DealRounds] = []
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            hand.act(choose(hand, None))
            continue
        chance = hand.chance()
        if (not deals or deals[-1].deal != hand.deal_number) and (
            chance is None or chance.kind is not Stage.REDEAL
        ):
            deals.append(DealRounds(CONTEXT, hand.deal_number, everyone))
            for page in pages:
                page.new_deal(hand.deal_number)
        rounds = deals[-1]
        if rounds.stage in ("keys", "masking", "order") or (
            hand.cards_due() and dealer.position >= opened(rounds)
        ):
            if rounds.stage == "ready":
                rounds.open_pass(hand.cards_due())
            while rounds.stage != "ready":
                for page in pages:
                    asked = rounds.ask(page.party)
                    if asked is not None:
                        rounds.take(page.party, sent(page.answer(sent(asked), rounds)))
            for page in pages:
                page.open(sent({"points": rounds.own_points(page.seat)})["points"])
            dealer.learn(rounds)
            continue
        if hand.to_show_or_muck:
            seat = hand.to_show_or_muck[0]
            points = [point for point in rounds.own_points(seat) if point[0] not in rounds.shown]
            rounds.take(seat, sent(pages[seat].show(rounds, points)))
            hand.show(seat, rounds.shown_cards(seat))
            assert rounds.shown_cards(seat) == tuple(
                pages[seat].cards[position] for position, _ in points
            )
            continue
        hand.step()
    assert sum(hand.stacks) == 100 * len(pages)
    # Each page drew its own cards and they were the ones dealt: the audit after the hand.
    rounds = deals[-1]
    for page in pages:
        rounds.take(page.party, sent(page.reveal(rounds)))
    assert rounds.audit() == []
    composed = list(range(len(DECK)))
    for party in rounds.turns:
        composed = [composed[source] for source in rounds.revealed[party][1]]
    for page in pages:
        assert page.cards
        dealt = [DECK[composed[position]] for position in rounds.dealing]
        assert all(dealt[place] == card for place, card in page.cards.items())
    return hand, deals
