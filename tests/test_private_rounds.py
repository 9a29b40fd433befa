"""The rounds of a private deal (wildstud.private_rounds, issue 26 item 2): whole hands of every
game played by pages and the server as parties, each hole card opened by its owner alone, every
face-up card by all, the hands shown with proof, and the audit after the hand clean; The Bitch's
queen of spades face up stops the deal and the redeal is a fresh round. A cheating page (a wrong
unmasking, a substituted card, a wrong reordering, a show of cards it was not dealt) is caught
and named, on the spot or by the audit; a silent page is named as the one the rounds wait for;
the rows replay to the same rounds (a restart resumes)."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from wildstud.betting import ActionKind
from wildstud.cards import DECK, Card
from wildstud.deal import Phase, PrivateHand, Stage
from wildstud.private_deal import Secret, Unmasking, card_point, open_own, shuffled_order, unmask
from wildstud.private_rounds import (
    Agent,
    DealRounds,
    Party,
    RoundsDealer,
    RoundsError,
    Row,
)

CONTEXT = b"table t1|hand 1"


def _agents_dealing(cards: list[Card], count: int, rng: random.Random) -> list[Agent]:
    """``count`` agents whose joint masking deals ``cards`` from the top (the last agent's order
    chosen to make it): a test's stacked deck through honest rounds."""
    agents = []
    composed = list(range(len(DECK)))  # composed[j]: the card index at position j so far
    for _ in range(count - 1):
        order = list(range(len(DECK)))
        rng.shuffle(order)
        agents.append(Agent(Secret.new(), tuple(order)))
        composed = [composed[source] for source in order]
    where = {card_index: j for j, card_index in enumerate(composed)}
    wanted = [DECK.index(card) for card in cards]
    rest = [i for i in range(len(DECK)) if i not in set(wanted)]
    rng.shuffle(rest)
    last = tuple(where[index] for index in [*wanted, *rest])
    agents.append(Agent(Secret.new(), last))
    return agents


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
        if self.stacked is not None and deal == 1:
            agents = _agents_dealing(self.stacked, len(self.parties), self.rng)
        else:
            agents = [Agent.new() for _ in self.parties]
        rounds = DealRounds(CONTEXT, deal, self.parties)
        self.deals.append(rounds)
        self.agents.append(agents)
        self.rows.append(rounds.parties_row())
        for party, agent in enumerate(agents):
            row = rounds.take_key(party, agent.key)
            assert row is not None
            self.rows.append(row)
        for party, agent in enumerate(agents):
            self.rows.append(rounds.take_deck(party, agent.masked(rounds.deck())))

    def pass_due(self) -> None:
        rounds = self.rounds
        self.rows.append(rounds.open_pass(self.hand.cards_due()))
        while rounds.waiting():
            (party,) = rounds.waiting()
            steps = self.agents[-1][party].unmaskings(rounds, party)
            self.rows.append(rounds.take_unmasking(party, steps))
        for position, seat in rounds.owners.items():
            if (rounds.deal, position) not in self.opened:
                party = rounds.owner(seat)
                assert party is not None
                card = self.agents[-1][party].open_own(rounds, position)
                self.opened[rounds.deal, position] = card
        self.dealer.learn(rounds)

    def play(self) -> None:
        """Play the hand to its end: everyone calls, the hands still in are shown."""
        hand = self.hand
        while hand.phase is not Phase.OVER:
            if hand.phase is Phase.PLAYER:
                hand.act(_choice(hand, self.folder))
                continue
            chance = hand.chance()
            fresh = not self.deals or self.rounds.deal != hand.deal_number
            if fresh and (chance is None or chance.kind is not Stage.REDEAL):
                self.start_deal()
            if hand.cards_due() and self.dealer.position >= _opened(self.rounds):
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
        self.rows.append(rounds.take_show(party, seat, steps))
        self.hand.show(seat, rounds.shown_cards(seat))

    def audit(self) -> None:
        """Every party publishes its secret and order; no deal of the hand has a fault, and
        every card opened is the card the published secrets put there."""
        for rounds, agents in zip(self.deals, self.agents, strict=True):
            for party, agent in enumerate(agents):
                self.rows.append(rounds.take_reveal(party, agent.secret.scalar, agent.order))
            assert rounds.audit() == []


def _choice(hand: PrivateHand, folder: int | None) -> ActionKind:
    kinds = {option.kind for option in hand.legal_actions()}
    if hand.to_act == folder and ActionKind.FOLD in kinds:
        return ActionKind.FOLD  # at its first turn (the house rule free_fold is on)
    for kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN):
        if kind in kinds:
            return kind
    raise AssertionError(kinds)


def _opened(rounds: DealRounds) -> int:
    return sum(len(slots) for slots in rounds.passes)


def _dealt_deck(agents: list[Agent]) -> list[Card]:
    composed = list(range(len(DECK)))
    for agent in agents:
        composed = [composed[source] for source in agent.order]
    return [DECK[index] for index in composed]


GAMES = [
    ("FTQ", {}, 4, 3),
    ("FTQ", {"queens": "hidden", "final_queen": "centre-card"}, 3, 3),
    ("SMBU", {}, 5, 4),
    ("BD5", {}, 4, 2),
    ("BD7", {}, 4, 4),
    ("BITCH", {}, 4, 3),
]


@pytest.mark.parametrize(("game", "options", "players", "pages"), GAMES)
def test_a_whole_hand_of_each_game_is_dealt_by_the_rounds(
    game: str, options: dict[str, object], players: int, pages: int
) -> None:
    night = Night(game, options, players, pages)
    night.play()
    hand = night.hand
    assert sum(hand.stacks) == 200 * players  # no chip lost
    assert night.deals[-1].shown  # the hands still in were shown, with proof
    for rounds, agents in zip(night.deals, night.agents, strict=True):
        deck = _dealt_deck(agents)
        # Each face-up card opened by all is the card at its position, each owner opened its own.
        assert all(deck[position] == card for position, card in rounds.known.items())
        for (deal, position), card in night.opened.items():
            if deal == rounds.deal:
                assert deck[position] == card
        for position, card in rounds.shown.items():
            assert deck[position] == card
    night.audit()
    # The rows replay to the same rounds: a restart resumes where it stood.
    for rounds in night.deals:
        rows = [row for row in night.rows if row.deal == rounds.deal]
        again = DealRounds.restore(CONTEXT, rounds.deal, night.parties, rows)
        assert (again.points, again.known, again.owners, again.shown, again.turn) == (
            rounds.points,
            rounds.known,
            rounds.owners,
            rounds.shown,
            rounds.turn,
        )
        assert again.audit() == []


def test_no_row_holds_a_hole_card_that_was_not_shown() -> None:
    night = Night("FTQ", {}, 4, 4, folder=1)
    night.play()
    stored = json.dumps([dataclasses.asdict(row) for row in night.rows])
    # Every card a page opened for itself that no deal showed to everybody (face up, or in a
    # hand shown; a redeal deals the cards again).
    public = {
        card for rounds in night.deals for card in (*rounds.known.values(), *rounds.shown.values())
    }
    unshown = set(night.opened.values()) - public
    assert unshown  # someone folded or mucked, or the test proves nothing
    for card in unshown:
        # Its name (not inside a hexadecimal point, where "4c" is two hex digits) and its point.
        assert not re.search(rf"(?<![0-9a-f]){card}(?![0-9a-f])", stored)
        assert card_point(card).hex() not in stored


def test_the_bitch_redeals_as_a_fresh_round() -> None:
    # Three players: two cards down each (positions 0 to 5), then up: the first up card the
    # queen of spades, which stops the deal.
    stacked = [Card(code) for code in ("2c", "3c", "4c", "5c", "6c", "7c", "Qs", "8d", "9d")]
    night = Night("BITCH", {}, 3, 2, stacked=stacked)
    night.play()
    assert [rounds.deal for rounds in night.deals][:2] == [1, 2]  # (the redeal may stop too)
    assert night.deals[0].known[6] == Card("Qs")
    assert night.deals[0].keys != night.deals[1].keys  # fresh secrets
    assert sum(night.hand.stacks) == 600
    night.audit()


def _parties(pages: int) -> tuple[Party, ...]:
    """``pages`` pages, then the server with one bot's seat."""
    return (*(Party(f"page {seat}", (seat,)) for seat in range(pages)), Party("server", (pages,)))


def _ready(pages: int = 3) -> tuple[DealRounds, list[Agent], PrivateHand, RoundsDealer]:
    parties = _parties(pages)
    agents = [Agent.new() for _ in parties]
    rounds = DealRounds(CONTEXT, 1, parties)
    for party, agent in enumerate(agents):
        rounds.take_key(party, agent.key)
    for party, agent in enumerate(agents):
        rounds.take_deck(party, agent.masked(rounds.deck()))
    dealer = RoundsDealer()
    hand = PrivateHand("FTQ", [100] * (pages + 1), {"ante": 0}, deck=dealer)
    rounds.open_pass(hand.cards_due())
    return rounds, agents, hand, dealer


def test_a_wrong_unmasking_is_refused_and_named() -> None:
    rounds, agents, _, _ = _ready()
    points = list(rounds.points)
    honest = agents[0].unmaskings(rounds, 0)
    # Another secret than the key's.
    forged = Agent.new().unmaskings(rounds, 0)
    with pytest.raises(RoundsError, match="page 0's unmasking of position 1") as caught:
        rounds.take_unmasking(0, forged)
    assert (caught.value.party, caught.value.kind) == (0, "unmasked")
    # The right secret, the wrong point (another position's).
    swapped = [honest[1], honest[0], *honest[2:]]
    with pytest.raises(RoundsError) as caught:
        rounds.take_unmasking(0, swapped)
    assert (caught.value.party, caught.value.kind) == (0, "unmasked")
    # A proof made for another card proves nothing of this one.
    elsewhere = unmask(points[1], agents[0].secret, rounds.proof_context(2, 0))
    with pytest.raises(RoundsError):
        rounds.take_unmasking(0, [elsewhere, *honest[1:]])
    assert rounds.points == points  # nothing changed
    assert rounds.waiting() == (0,)
    rounds.take_unmasking(0, honest)
    assert rounds.waiting() == (1,)
    # Out of turn.
    with pytest.raises(RoundsError) as caught:
        rounds.take_unmasking(2, agents[2].unmaskings(rounds, 2))
    assert (caught.value.party, caught.value.kind) == (2, "turn")


def test_a_substituted_card_is_caught_when_it_opens_and_named_by_the_audit() -> None:
    parties = _parties(3)
    # The parties after page 1 keep the order, so that its substitution stays where it put it.
    straight = tuple(range(len(DECK)))
    agents = [
        Agent.new(),
        Agent.new(),
        Agent(Secret.new(), straight),
        Agent(Secret.new(), straight),
    ]
    rounds = DealRounds(CONTEXT, 1, parties)
    for party, agent in enumerate(agents):
        rounds.take_key(party, agent.key)
    for party, agent in enumerate(agents):
        deck = agent.masked(rounds.deck())
        if party == 1:  # page 1 puts a point of its own at the first up card (position 8)
            deck[8] = Agent(Secret.new(), (0,)).masked([card_point(DECK[0])])[0]
        rounds.take_deck(party, deck)
    hand = PrivateHand("FTQ", [100] * 4, {"ante": 0}, deck=RoundsDealer())
    rounds.open_pass(hand.cards_due())
    for party in range(3):  # the parties before the last unmask: each proof holds
        rounds.take_unmasking(party, agents[party].unmaskings(rounds, party))
    last = agents[3].unmaskings(rounds, 3)
    with pytest.raises(RoundsError, match="position 8 is no card") as caught:
        rounds.take_unmasking(3, last)
    assert (caught.value.party, caught.value.kind) == (None, "substituted")
    for party, agent in enumerate(agents):
        rounds.take_reveal(party, agent.secret.scalar, agent.order)
    faults = rounds.audit()
    assert [(fault.party, fault.kind) for fault in faults] == [(1, "substituted")]


def test_a_wrong_reordering_is_named_by_the_audit() -> None:
    rounds, agents, _, _ = _ready()
    while rounds.waiting():
        (party,) = rounds.waiting()
        rounds.take_unmasking(party, agents[party].unmaskings(rounds, party))
    for party, agent in enumerate(agents):
        order = list(agent.order)
        if party == 2:  # page 2 says it reordered otherwise than it did
            order[0], order[1] = order[1], order[0]
        rounds.take_reveal(party, agent.secret.scalar, order)
    faults = rounds.audit()
    assert [(fault.party, fault.kind) for fault in faults] == [(2, "reordered")]


def test_a_deck_that_is_not_52_different_points_is_refused() -> None:
    parties = (Party("page 0", (0,)), Party("server", (1,)))
    agent = Agent.new()
    rounds = DealRounds(CONTEXT, 1, parties)
    rounds.take_key(0, agent.key)
    rounds.take_key(1, Agent.new().key)
    deck = agent.masked(rounds.deck())
    for bad in (deck[:51], [deck[0], *deck[1:51], deck[0]], [bytes(32), *deck[1:]]):
        with pytest.raises(RoundsError) as caught:
            rounds.take_deck(0, bad)
        assert (caught.value.party, caught.value.kind) == (0, "deck")
    with pytest.raises(RoundsError) as caught:
        rounds.take_deck(1, deck)  # not its turn
    assert caught.value.kind == "turn"
    assert rounds.decks == []


def test_a_show_of_cards_not_dealt_is_refused() -> None:
    night = Night("FTQ", {}, 3, 3)
    hand = night.hand
    while not hand.to_show_or_muck and hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            hand.act(_choice(hand, None))
            continue
        if not night.deals:
            night.start_deal()
        if hand.cards_due() and night.dealer.position >= _opened(night.rounds):
            night.pass_due()
        hand.step()
    rounds = night.rounds
    seat = hand.to_show_or_muck[0]
    honest = night.agents[-1][seat].show(rounds, seat, seat)
    # Another party's secret cannot show this seat's cards; nor another seat's party.
    with pytest.raises(RoundsError) as caught:
        rounds.take_show(seat, seat, Agent.new().show(rounds, seat, seat))
    assert (caught.value.party, caught.value.kind) == (seat, "shown")
    other = (seat + 1) % 3
    with pytest.raises(RoundsError) as caught:
        rounds.take_show(other, seat, honest)
    assert caught.value.kind == "turn"
    rounds.take_show(seat, seat, honest)
    assert rounds.shown_cards(seat) == tuple(
        night.opened[1, position]
        for position in sorted(rounds.owners)
        if rounds.owners[position] == seat
    )


def test_the_rounds_name_the_party_they_wait_for() -> None:
    parties = _parties(3)
    agents = [Agent.new() for _ in parties]
    rounds = DealRounds(CONTEXT, 1, parties)
    rounds.take_key(0, agents[0].key)
    rounds.take_key(3, agents[3].key)
    assert rounds.stage == "keys"
    assert rounds.waiting() == (1, 2)
    rounds.take_key(1, agents[1].key)
    rounds.take_key(2, agents[2].key)
    rounds.take_deck(0, agents[0].masked(rounds.deck()))
    assert rounds.stage == "masking"
    assert rounds.waiting() == (1,)
    with pytest.raises(RoundsError, match="published stands"):
        rounds.take_key(1, Agent.new().key)
    assert rounds.take_key(1, agents[1].key) is None  # a resend: taken, nothing to store


def test_a_pass_never_opens_a_face_down_card_of_a_seat_no_party_holds() -> None:
    parties = (Party("page 0", (0,)), Party("server", (1,)))  # seat 2 is nobody's
    agents = [Agent.new() for _ in parties]
    rounds = DealRounds(CONTEXT, 1, parties)
    for party, agent in enumerate(agents):
        rounds.take_key(party, agent.key)
    for party, agent in enumerate(agents):
        rounds.take_deck(party, agent.masked(rounds.deck()))
    hand = PrivateHand("FTQ", [100] * 3, {"ante": 0}, deck=RoundsDealer())
    with pytest.raises(RoundsError, match="seat 2 is no party's"):
        rounds.open_pass(hand.cards_due())
    assert rounds.passes == []
    assert rounds.stage == "ready"


def test_a_stacked_order_deals_its_cards() -> None:
    cards = [Card(code) for code in ("As", "Kd", "2h")]
    agents = _agents_dealing(cards, 3, random.Random(1))
    assert _dealt_deck(agents)[:3] == cards
    assert sorted(_dealt_deck(agents)) == sorted(DECK)
    assert sorted(shuffled_order(5)) == list(range(5))


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
            return {"step": "key", "key": secret.key.hex()}
        if asked["step"] == "mask":
            deck = [bytes.fromhex(point) for point in asked["deck"]]
            return {"step": "mask", "deck": [p.hex() for p in self.agent.masked(deck)]}
        steps = [
            unmask(bytes.fromhex(point), secret, rounds.proof_context(position, self.party))
            for position, point in asked["points"]
        ]
        return {"step": "unmask", "steps": [_wire(step) for step in steps]}

    def open(self, points: list[list[Any]]) -> None:
        for position, point in points:
            self.cards[position] = open_own(bytes.fromhex(point), self.agent.secret)

    def show(self, rounds: DealRounds, points: list[list[Any]]) -> dict[str, Any]:
        steps = [
            unmask(
                bytes.fromhex(point),
                self.agent.secret,
                rounds.proof_context(position, self.party) + b"|show",
            )
            for position, point in points
        ]
        return {"step": "show", "seat": self.seat, "steps": [_wire(step) for step in steps]}


def _wire(step: Unmasking) -> list[str]:
    return [step.before.hex(), step.after.hex(), step.challenge.hex(), step.response.hex()]


def _sent(body: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(body))  # over the wire and back
    return loaded


def play_pages(pages: list[Any], game: str = "FTQ") -> tuple[PrivateHand, list[DealRounds]]:
    """A whole hand between ``pages`` (each a party holding its seat, the last the server's),
    every ask and answer over JSON, to the showdown; every hand still in shown with proof, and
    the audit after it clean. Each page's ``cards`` are then the ones it opened."""
    parties = _parties(len(pages) - 1)
    dealer = RoundsDealer()
    hand = PrivateHand(game, [100] * len(pages), {"ante": 1}, deck=dealer)
    deals: list[DealRounds] = []
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            hand.act(_choice(hand, None))
            continue
        chance = hand.chance()
        if (not deals or deals[-1].deal != hand.deal_number) and (
            chance is None or chance.kind is not Stage.REDEAL
        ):
            deals.append(DealRounds(CONTEXT, hand.deal_number, parties))
            for page in pages:
                page.new_deal(hand.deal_number)
        rounds = deals[-1]
        if rounds.stage in ("keys", "masking") or (
            hand.cards_due() and dealer.position >= _opened(rounds)
        ):
            if rounds.stage == "ready":
                rounds.open_pass(hand.cards_due())
            while rounds.stage != "ready":
                for page in pages:
                    asked = rounds.ask(page.party)
                    if asked is not None:
                        rounds.take(page.party, _sent(page.answer(_sent(asked), rounds)))
            for page in pages:
                page.open(_sent({"points": rounds.own_points(page.seat)})["points"])
            dealer.learn(rounds)
            continue
        if hand.to_show_or_muck:
            seat = hand.to_show_or_muck[0]
            points = [point for point in rounds.own_points(seat) if point[0] not in rounds.shown]
            rounds.take(seat, _sent(pages[seat].show(rounds, points)))
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
        rounds.take(page.party, _sent(page.reveal(rounds)))
    assert rounds.audit() == []
    composed = list(range(len(DECK)))
    for party in range(len(pages)):
        composed = [composed[source] for source in rounds.revealed[party][1]]
    for page in pages:
        assert page.cards
        assert all(DECK[composed[position]] == card for position, card in page.cards.items())
    return hand, deals


def test_pages_that_read_only_their_frames_play_a_whole_hand() -> None:
    play_pages([JsonPage(party, party) for party in range(4)])  # the last: the server, seat 3


def test_an_answer_sent_again_is_taken_once() -> None:
    rounds = DealRounds(CONTEXT, 1, _parties(1))
    page, server = JsonPage(0, 0), JsonPage(1, 1)
    for party in (page, server):
        assert rounds.take(party.party, party.answer({"step": "key"}, rounds)) is not None
    asked = rounds.ask(0)
    assert asked is not None
    mask = page.answer(_sent(asked), rounds)
    assert rounds.take(0, mask) is not None
    assert rounds.take(0, _sent(mask)) is None  # the page reconnected and sent it again
    assert rounds.waiting() == (1,)
    assert len(rounds.decks) == 1
    other = page.answer(_sent(asked), rounds)  # the same deck masked again: the same answer
    assert rounds.take(0, other) is None


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"step": "shuffle"},
        {"step": "key", "key": "zz" * 32},
        {"step": "key", "key": "ab"},
        {"step": "key", "key": 7},
        {"step": "mask", "deck": "not a list"},
        {"step": "unmask", "steps": [["ab", "cd"]]},
        {"step": "show", "seat": "0", "steps": []},
        {"step": "reveal", "secret": "00" * 32, "order": [0, 0, 1]},
    ],
)
def test_an_answer_the_rounds_cannot_read_is_refused_naming_its_party(
    body: dict[str, Any],
) -> None:
    rounds = DealRounds(CONTEXT, 1, _parties(2))
    with pytest.raises(RoundsError) as caught:
        rounds.take(1, body)
    assert caught.value.party == 1
    assert caught.value.kind == "malformed"
    assert rounds.keys == {}
    assert rounds.revealed == {}
