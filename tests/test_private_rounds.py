"""The rounds of a private deal (wildstud.private_rounds, issue 26 item 2): whole hands of every
game played by pages and the server as parties, each hole card opened by its owner alone, every
face-up card by all, the hands shown with proof, and the audit after the hand clean; The Bitch's
queen of spades face up stops the deal and the redeal is a fresh round. A cheating page (a wrong
unmasking, a substituted card, a wrong reordering, a show of cards it was not dealt) is caught
and named, on the spot or by the audit; a silent page is named as the one the rounds wait for;
the rows replay to the same rounds (a restart resumes). Under v2 a pass asks every party at once,
and a key comes with its proof of knowledge: a rogue key is refused; under v3 a pass's ask says
where each card goes, and a batch holds only for what it was told."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from typing import Any

import pysodium
import pytest

from tests.tools.private_play import (
    CONTEXT,
    JsonPage,
    Night,
    agents_dealing,
    choose,
    dealt_deck,
    opened,
    parties,
    play_pages,
    sent,
)
from wildstud.cards import DECK, Card
from wildstud.deal import Phase, PrivateHand
from wildstud.private_deal import (
    KeyProof,
    Secret,
    Shares,
    card_point,
    check_key,
    deal_order,
    joint_key,
    prove_key,
    share_batch,
    shuffle_turn,
    shuffled_order,
)
from wildstud.private_rounds import (
    ORDER,
    SUM,
    Agent,
    DealRounds,
    OtherPageError,
    Party,
    RoundsDealer,
    RoundsError,
)
from wildstud.private_wire import batch_context


def proof_of(data: dict[str, str]) -> KeyProof:
    """The proof of a key as the rounds' wire writes it."""
    return KeyProof(bytes.fromhex(data["challenge"]), bytes.fromhex(data["response"]))


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
        deck = dealt_deck(agents, rounds)
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
        assert (again.shares, again.known, again.owners, again.shown, again.pending) == (
            rounds.shares,
            rounds.known,
            rounds.owners,
            rounds.shown,
            rounds.pending,
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


def _ready(pages: int = 3) -> tuple[DealRounds, list[Agent], PrivateHand, RoundsDealer]:
    everyone = parties(pages)
    agents = [Agent.new() for _ in everyone]
    rounds = DealRounds(CONTEXT, 1, everyone)
    _keys_and_deck(rounds, agents)
    dealer = RoundsDealer()
    hand = PrivateHand("FTQ", [100] * (pages + 1), {"ante": 0}, deck=dealer)
    rounds.open_pass(hand.cards_due())
    return rounds, agents, hand, dealer


def _keys_and_deck(rounds: DealRounds, agents: list[Agent]) -> None:
    for party, agent in enumerate(agents):
        rounds.take_key(party, agent.key, agent.key_proof(rounds, party))
    for party in rounds.turns:
        rounds.take_deck(party, agents[party].masked(rounds))
    for party in range(len(agents)):
        rounds.take_order(party, agents[party].order_value(rounds, party))


def test_a_pass_asks_every_party_at_once_and_takes_them_in_any_order() -> None:
    rounds, agents, hand, dealer = _ready()
    assert rounds.stage == "pass"
    assert rounds.waiting() == (0, 1, 2, 3)
    # Page 0's face-down cards are positions 0 and 4: it shares every other position of the
    # pass; the server (party 3) shares them all but its bot's (3, 7); and every party the
    # deck's sum (SUM, 52), in the first pass.
    assert rounds.to_unmask(0) == (1, 2, 3, 5, 6, 7, 8, 9, 10, 11, SUM)
    assert rounds.to_unmask(3) == (0, 1, 2, 4, 5, 6, 8, 9, 10, 11, SUM)
    asked = rounds.ask(2)
    assert asked is not None
    assert [p for p, _ in asked["points"]] == list(rounds.to_unmask(2))  # type: ignore[attr-defined]
    for party in (2, 0, 3):
        rounds.take_unmasking(party, agents[party].unmaskings(rounds, party))
    assert rounds.waiting() == (1,)
    assert rounds.known == {}  # no card opens before the last share is in
    rounds.take_unmasking(1, agents[1].unmaskings(rounds, 1))
    assert (rounds.stage, rounds.waiting(), len(rounds.known)) == ("ready", (), 4)
    dealer.learn(rounds)
    hand.run()
    assert {agents[0].open_own(rounds, p) for p in (0, 4)} <= set(DECK)


def test_a_pass_says_where_each_card_goes_and_a_batch_holds_only_for_that() -> None:
    rounds, agents, _, _ = _ready()
    # Page 0's face-down cards are places 0 and 4 (seat 0): its ask names every other place's
    # seat and face, from the pass (seats 1 to 3 face down, then face up), and the deck's sum.
    asked = rounds.ask(0)
    assert asked is not None
    assert asked["to"] == ["d1", "d2", "d3", "d1", "d2", "d3", "u0", "u1", "u2", "u3", "u"]
    assert "d0" not in asked["to"]
    assert b"|unmask 1,2,3,5,6,7,8,9,10,11,52|to d1,d2,d3,d1," in rounds.batch_context(
        rounds.to_unmask(0), 0
    )
    # A server that told page 0 its own place 4 was seat 1's (and place 1 its own) holds
    # page 0's batch for those labels only: not for the pass the rounds opened and store.
    due = list(rounds.to_unmask(0))
    lied = [4 if p == 1 else p for p in due]
    points = [rounds.dealt(p)[0] for p in lied]
    labels = list(rounds.labels(due))
    told = share_batch(
        points, agents[0].secret, batch_context(CONTEXT, 1, lied, 0, to=["d1", *labels[1:]])
    )
    with pytest.raises(RoundsError) as caught:
        rounds.take_unmasking(0, told)
    assert (caught.value.party, caught.value.kind) == (0, "unmasked")
    # The same shares under the pass's own labels but bound to none (v2's context) do not hold.
    unbound = share_batch(
        [rounds.dealt(p)[0] for p in due], agents[0].secret, batch_context(CONTEXT, 1, due, 0)
    )
    with pytest.raises(RoundsError):
        rounds.take_unmasking(0, unbound)
    rounds.take_unmasking(0, agents[0].unmaskings(rounds, 0))


def test_a_wrong_share_is_refused_and_named() -> None:
    rounds, agents, _, _ = _ready()
    steps = list(rounds.steps)  # the order values'
    honest = agents[0].unmaskings(rounds, 0)
    due = rounds.to_unmask(0)
    # Another secret than the key's.
    forged = Agent.new().unmaskings(rounds, 0)
    with pytest.raises(RoundsError, match="page 0's shares of positions 1, 2, 3") as caught:
        rounds.take_unmasking(0, forged)
    assert (caught.value.party, caught.value.kind) == (0, "unmasked")
    # The right secret, one share wrong (another secret's share of it in the batch).
    wrong = (forged.shares[0], *honest.shares[1:])
    with pytest.raises(RoundsError) as caught:
        rounds.take_unmasking(0, Shares(honest.points, wrong, honest.challenge, honest.response))
    assert (caught.value.party, caught.value.kind) == (0, "unmasked")
    # The right secret, two points swapped (each pair as the page made it, in another order).
    swapped = Shares(
        (honest.points[1], honest.points[0], *honest.points[2:]),
        (honest.shares[1], honest.shares[0], *honest.shares[2:]),
        honest.challenge,
        honest.response,
    )
    with pytest.raises(RoundsError):
        rounds.take_unmasking(0, swapped)
    # A batch proven for another party (another context) proves nothing of this one.
    elsewhere = share_batch(honest.points, agents[0].secret, rounds.batch_context(due, 1))
    with pytest.raises(RoundsError):
        rounds.take_unmasking(0, elsewhere)
    # A batch short of a card.
    short = share_batch(honest.points[:-1], agents[0].secret, rounds.batch_context(due[:-1], 0))
    with pytest.raises(RoundsError):
        rounds.take_unmasking(0, short)
    assert rounds.shares == {}
    assert rounds.steps == steps
    assert rounds.waiting() == (0, 1, 2, 3)
    rounds.take_unmasking(0, honest)
    assert rounds.waiting() == (1, 2, 3)
    # Twice: nothing more is asked of it in this pass.
    with pytest.raises(RoundsError) as caught:
        rounds.take_unmasking(0, honest)
    assert (caught.value.party, caught.value.kind) == (0, "turn")


def test_a_rogue_key_or_a_key_without_its_proof_is_refused() -> None:
    rounds = DealRounds(CONTEXT, 1, parties(2))
    agents = [Agent.new() for _ in range(3)]
    for party in (0, 1):
        rounds.take_key(party, agents[party].key, agents[party].key_proof(rounds, party))
    # The server, last to publish, picks its key so that the joint key is one it alone knows
    # the secret of: no proof it can make holds for that key.
    mine = Secret.new()
    rogue = mine.key
    for party in (0, 1):
        rogue = bytes(pysodium.crypto_core_ristretto255_sub(rogue, rounds.keys[party]))
    for proof in (prove_key(mine, rounds.deal_context, 2), agents[2].key_proof(rounds, 2)):
        with pytest.raises(RoundsError, match="proof that its party knows") as caught:
            rounds.take_key(2, rogue, proof)
        assert (caught.value.party, caught.value.kind) == (2, "key")
    # A proof made for another party (copied from page 1's) or another deal fails too.
    copied = prove_key(agents[1].secret, rounds.deal_context, 1)
    with pytest.raises(RoundsError):
        rounds.take_key(2, agents[1].key, copied)
    with pytest.raises(RoundsError):
        rounds.take_key(2, agents[2].key, prove_key(agents[2].secret, b"t|hand 1|deal 2", 2))
    assert (rounds.stage, rounds.joint) == ("keys", b"")
    rounds.take_key(2, agents[2].key, agents[2].key_proof(rounds, 2))
    assert rounds.stage == "masking"
    assert rounds.joint


def _substituted(change: Any) -> tuple[DealRounds, list[Agent]]:
    """A deal in which page 1's turn is changed by ``change(deck, joint)`` (page 2, turning after
    it, keeps the order, so that what it put in stays where it put it), at its first pass with
    every party but the last answered."""
    straight = tuple(range(len(DECK)))
    agents = [Agent.new(), Agent.new(), Agent(Secret.new(), straight), Agent.new()]
    rounds = DealRounds(CONTEXT, 1, parties(3))
    for party, agent in enumerate(agents):
        rounds.take_key(party, agent.key, agent.key_proof(rounds, party))
    for party in rounds.turns:  # the server, then pages 0, 1 and 2
        deck = agents[party].masked(rounds)
        if party == 1:
            change(deck, rounds.joint)
        rounds.take_deck(party, deck)
    for party in range(len(agents)):
        rounds.take_order(party, agents[party].order_value(rounds, party))
    hand = PrivateHand("FTQ", [100] * 4, {"ante": 0}, deck=RoundsDealer())
    rounds.open_pass(hand.cards_due())
    for party in range(3):  # every party before the last: each proof holds
        rounds.take_unmasking(party, agents[party].unmaskings(rounds, party))
    return rounds, agents


def _encrypted(point: bytes, joint: bytes) -> tuple[bytes, bytes]:
    """``point`` under the joint key, as anybody can encrypt it."""
    return shuffle_turn([(bytes(32), point)], Secret.new(), [0], joint, b"anyone")[0]


def _audited(rounds: DealRounds, agents: list[Agent]) -> list[tuple[int, str]]:
    for party, agent in enumerate(agents):
        rounds.take_reveal(party, agent.secret.scalar, agent.order)
    return [(fault.party, fault.kind) for fault in rounds.audit()]


def test_a_card_put_in_under_the_joint_key_is_caught_by_the_deck_s_sum() -> None:
    def second_ace(deck: list[Any], joint: bytes) -> None:
        # Anybody can encrypt a card under the joint key: page 1 puts in a second ace of
        # spades (at position 8), which would open as a card like any other.
        deck[8] = _encrypted(card_point(Card("As")), joint)

    rounds, agents = _substituted(second_ace)
    with pytest.raises(RoundsError, match="does not add up to the 52 cards") as caught:
        rounds.take_unmasking(3, agents[3].unmaskings(rounds, 3))
    assert (caught.value.party, caught.value.kind) == (None, "substituted")
    assert rounds.known == {}  # refused: nothing opened, nothing dealt
    assert _audited(rounds, agents) == [(1, "substituted")]


def test_a_change_that_keeps_the_sum_opens_to_no_card_and_is_named_by_the_audit() -> None:
    def shifted(deck: list[Any], joint: bytes) -> None:
        # A point added to one card and taken from another keeps the deck's sum, but the two
        # open to no card (nobody knows how the card points relate): so at every pair of
        # positions, so that the first up card dealt (the 8th: the deal order puts it
        # anywhere) is one of them.
        plus = _encrypted(Secret.new().key, joint)
        add, sub = pysodium.crypto_core_ristretto255_add, pysodium.crypto_core_ristretto255_sub
        for j in range(0, len(DECK), 2):
            deck[j] = (add(deck[j][0], plus[0]), add(deck[j][1], plus[1]))
            deck[j + 1] = (sub(deck[j + 1][0], plus[0]), sub(deck[j + 1][1], plus[1]))

    rounds, agents = _substituted(shifted)
    with pytest.raises(RoundsError, match="position 8 is no card") as caught:
        rounds.take_unmasking(3, agents[3].unmaskings(rounds, 3))
    assert (caught.value.party, caught.value.kind) == (None, "substituted")
    assert _audited(rounds, agents) == [(1, "substituted")]


def test_a_wrong_reordering_is_named_by_the_audit() -> None:
    rounds, agents, _, _ = _ready()
    for party in rounds.waiting():
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
    other = Agent.new()
    rounds.take_key(0, agent.key, agent.key_proof(rounds, 0))
    rounds.take_key(1, other.key, other.key_proof(rounds, 1))
    deck = other.masked(rounds)  # the server turns first
    identity = (bytes(32), deck[0][1])
    for bad in (deck[:51], [deck[0], *deck[1:51], deck[0]], [identity, *deck[1:]]):
        with pytest.raises(RoundsError) as caught:
            rounds.take_deck(1, bad)
        assert (caught.value.party, caught.value.kind) == (1, "deck")
    with pytest.raises(RoundsError) as caught:
        rounds.take_deck(0, agent.masked(rounds))  # not its turn
    assert caught.value.kind == "turn"
    assert rounds.decks == []


def test_a_show_of_cards_not_dealt_is_refused() -> None:
    night = Night("FTQ", {}, 3, 3)
    hand = night.hand
    while not hand.to_show_or_muck and hand.phase is not Phase.OVER:
        if hand.phase is Phase.PLAYER:
            hand.act(choose(hand, None))
            continue
        if not night.deals:
            night.start_deal()
        if hand.cards_due() and night.dealer.position >= opened(night.rounds):
            night.pass_due()
        hand.step()
    rounds = night.rounds
    seat = hand.to_show_or_muck[0]
    honest = night.agents[-1][seat].show(rounds, seat, seat)
    forged = Agent.new().show(rounds, seat, seat)
    assert honest is not None
    assert forged is not None
    # Another party's secret cannot show this seat's cards; nor another seat's party.
    with pytest.raises(RoundsError) as caught:
        rounds.take_show(seat, seat, forged)
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
    everyone = parties(3)
    agents = [Agent.new() for _ in everyone]
    rounds = DealRounds(CONTEXT, 1, everyone)

    def key(party: int) -> None:
        rounds.take_key(party, agents[party].key, agents[party].key_proof(rounds, party))

    key(0)
    key(3)
    assert (rounds.stage, rounds.waiting()) == ("keys", (1, 2))
    key(1)
    key(2)
    assert (rounds.stage, rounds.waiting()) == ("masking", (3,))  # the server turns first
    rounds.take_deck(3, agents[3].masked(rounds))
    rounds.take_deck(0, agents[0].masked(rounds))
    assert (rounds.stage, rounds.waiting()) == ("masking", (1,))
    # A key once published stands for the deal: another is another page's (its player's other
    # device), which sits the deal out.
    other = Agent.new()
    with pytest.raises(OtherPageError, match="another page of this seat"):
        rounds.take_key(1, other.key, other.key_proof(rounds, 1))
    assert (
        rounds.take_key(1, agents[1].key, agents[1].key_proof(rounds, 1)) is None
    )  # a resend: taken, nothing to store
    # Each party is handed the deck with every key and its proof, in the parties' order: a page
    # adds up the joint key itself from keys it checked, never trusting the sum it is told.
    asked = rounds.ask(1)
    assert asked is not None
    keys = asked["keys"]
    assert isinstance(keys, list)
    assert [bytes.fromhex(each["key"]) for each in keys] == [agent.key for agent in agents]
    assert all(
        check_key(bytes.fromhex(each["key"]), proof_of(each), rounds.deal_context, party)
        for party, each in enumerate(keys)
    )
    assert asked["joint"] == joint_key([agent.key for agent in agents]).hex()


def test_a_card_planted_by_the_last_turn_is_dealt_where_the_order_values_say() -> None:
    # Page 2 turns the deck last: it knows which ciphertext it put where, plants the ace of
    # spades at position 0 (the first card dealt, were positions dealt in order: its own
    # first hole card below) and hides the difference at position 51, which keeps the deck's
    # sum. The deal order comes from every party's order value, published after its turn, so
    # the ace is dealt wherever they put it, a place page 2 could not know.
    agents = [Agent.new() for _ in range(4)]
    rounds = DealRounds(CONTEXT, 1, parties(3))
    for party, agent in enumerate(agents):
        rounds.take_key(party, agent.key, agent.key_proof(rounds, party))
    for party in rounds.turns:
        deck = agents[party].masked(rounds)
        if party == 2:
            ace = _encrypted(card_point(Card("As")), rounds.joint)
            add, sub = pysodium.crypto_core_ristretto255_add, pysodium.crypto_core_ristretto255_sub
            deck[51] = tuple(sub(add(deck[51][i], deck[0][i]), ace[i]) for i in (0, 1))
            deck[0] = ace
        rounds.take_deck(party, deck)
    assert rounds.stage == "order"
    assert rounds.waiting() == (0, 1, 2, 3)
    assert rounds.ask(2) == {"step": "unmask", "points": [[ORDER, rounds.order_point.hex()]]}
    for party in (3, 1, 0, 2):
        rounds.take_order(party, agents[party].order_value(rounds, party))
    values = [share_batch([rounds.order_point], a.secret, b"x").shares[0] for a in agents]
    assert rounds.dealing == tuple(deal_order(values, rounds.deal_context))
    place = rounds.dealing.index(0)
    assert rounds.dealt(place) == ace
    # Page 2's own value is fixed by its key, the others' it cannot know before they publish
    # them: with other secrets of the other parties the ace goes elsewhere (eight draws all
    # alike: one chance in 52⁷).
    point, context = rounds.order_point, rounds.deal_context
    places = set()
    for _ in range(8):
        others = [share_batch([point], Secret.new(), b"x").shares[0] for _ in range(3)]
        places.add(deal_order([*others[:2], values[2], others[2]], context).index(0))
    assert len(places) > 1
    assert _audited(rounds, agents) == [(2, "substituted")]


def test_an_order_value_whose_proof_fails_is_refused_naming_its_party() -> None:
    agents = [Agent.new() for _ in range(3)]
    rounds = DealRounds(CONTEXT, 1, parties(2))
    for party, agent in enumerate(agents):
        rounds.take_key(party, agent.key, agent.key_proof(rounds, party))
    for party in rounds.turns:
        rounds.take_deck(party, agents[party].masked(rounds))
    forged = Agent.new().order_value(rounds, 1)  # another secret than its key's
    with pytest.raises(RoundsError, match="page 1's order value does not hold") as caught:
        rounds.take_order(1, forged)
    assert (caught.value.party, caught.value.kind) == (1, "unmasked")
    honest = agents[1].order_value(rounds, 1)
    elsewhere = share_batch(honest.points, agents[1].secret, rounds.batch_context((ORDER,), 0))
    with pytest.raises(RoundsError, match="page 1's order value"):
        rounds.take_order(1, elsewhere)  # proven for another party
    assert (rounds.values, rounds.steps, rounds.waiting()) == ({}, [], (0, 1, 2))
    with pytest.raises(RoundsError) as caught:
        rounds.take(1, {"step": "unmask", "batch": {"shares": [], "challenge": "", "response": ""}})
    assert caught.value.party == 1
    for party in (1, 2, 0):
        rounds.take_order(party, agents[party].order_value(rounds, party))
    assert rounds.stage == "ready"
    assert len(rounds.dealing) == len(DECK)
    with pytest.raises(RoundsError, match="no order value is asked"):
        rounds.take_order(1, honest)


def test_a_pass_never_opens_a_face_down_card_of_a_seat_no_party_holds() -> None:
    parties = (Party("page 0", (0,)), Party("server", (1,)))  # seat 2 is nobody's
    agents = [Agent.new() for _ in parties]
    rounds = DealRounds(CONTEXT, 1, parties)
    _keys_and_deck(rounds, agents)
    hand = PrivateHand("FTQ", [100] * 3, {"ante": 0}, deck=RoundsDealer())
    with pytest.raises(RoundsError, match="seat 2 is no party's"):
        rounds.open_pass(hand.cards_due())
    assert rounds.passes == []
    assert rounds.stage == "ready"


def test_a_stacked_order_deals_its_cards() -> None:
    cards = [Card(code) for code in ("As", "Kd", "2h")]
    rounds = DealRounds(CONTEXT, 1, parties(2))
    agents = agents_dealing(cards, 3, random.Random(1), rounds.deal_context)
    _keys_and_deck(rounds, agents)
    assert dealt_deck(agents, rounds)[:3] == cards
    assert sorted(dealt_deck(agents, rounds)) == sorted(DECK)
    assert sorted(shuffled_order(5)) == list(range(5))


def test_pages_that_read_only_their_frames_play_a_whole_hand() -> None:
    play_pages([JsonPage(party, party) for party in range(4)])  # the last: the server, seat 3


def test_an_answer_sent_again_is_taken_once() -> None:
    rounds = DealRounds(CONTEXT, 1, parties(1))
    page, server = JsonPage(0, 0), JsonPage(1, 1)
    for party in (page, server):
        assert rounds.take(party.party, party.answer({"step": "key"}, rounds)) is not None
    first = rounds.ask(1)  # the server turns the deck first
    assert first is not None
    assert rounds.take(1, server.answer(sent(first), rounds)) is not None
    asked = rounds.ask(0)
    assert asked is not None
    mask = page.answer(sent(asked), rounds)
    assert rounds.take(0, mask) is not None
    assert rounds.take(0, sent(mask)) is None  # the page reconnected and sent it again
    assert rounds.stage == "order"
    assert len(rounds.decks) == 2
    other = page.answer(sent(asked), rounds)  # the same deck masked again: the same answer
    assert rounds.take(0, other) is None


def test_a_second_page_of_a_party_is_told_the_deal_is_played_elsewhere() -> None:
    # A player's laptop and phone each answer for the same party, each with a secret of its own:
    # the key that came first stands, and an answer made with the other is refused as another
    # page's (before anything changes), whatever the step.
    rounds = DealRounds(CONTEXT, 1, parties(1))
    laptop, phone, server = JsonPage(0, 0), JsonPage(0, 0), JsonPage(1, 1)
    assert rounds.take(0, laptop.answer({"step": "key"}, rounds)) is not None
    with pytest.raises(OtherPageError) as caught:
        rounds.take(0, phone.answer({"step": "key"}, rounds))
    assert (caught.value.party, caught.value.kind) == (0, "elsewhere")
    assert rounds.take(1, server.answer({"step": "key"}, rounds)) is not None
    first = rounds.ask(1)  # the server turns the deck first
    assert first is not None
    rounds.take(1, server.answer(sent(first), rounds))
    asked = rounds.ask(0)
    assert asked is not None
    masked = phone.answer(sent(asked), rounds)
    with pytest.raises(OtherPageError):
        rounds.take(0, {**masked, "key": phone.agent.key.hex()})
    assert len(rounds.decks) == 1
    assert rounds.waiting() == (0,)
    # The page whose key the deal took names it, and is taken.
    assert rounds.take(0, {**laptop.answer(sent(asked), rounds), "key": laptop.agent.key.hex()})
    assert len(rounds.decks) == 2


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"step": "shuffle"},
        {"step": "key", "key": "zz" * 32},
        {"step": "key", "key": "ab"},
        {"step": "key", "key": 7},
        {"step": "mask", "deck": "not a list"},
        {"step": "key", "key": "ab" * 32},
        {"step": "key", "key": "ab" * 32, "challenge": "00" * 32, "response": "zz"},
        {"step": "mask", "deck": ["ab" * 32]},
        {"step": "unmask", "steps": [["ab", "cd"]]},
        {"step": "unmask", "batch": "not an object"},
        {"step": "unmask", "batch": {"shares": "ab", "challenge": "00" * 32}},
        {"step": "unmask", "batch": {"shares": ["ab"], "challenge": "00" * 32}},
        {"step": "unmask", "batch": {"shares": [], "challenge": "00" * 32, "response": 7}},
        {"step": "show", "seat": "0", "steps": []},
        {"step": "show", "seat": 1, "batch": ["not", "an", "object"]},
        {"step": "reveal", "secret": "00" * 32, "order": [0, 0, 1]},
    ],
)
def test_an_answer_the_rounds_cannot_read_is_refused_naming_its_party(
    body: dict[str, Any],
) -> None:
    rounds = DealRounds(CONTEXT, 1, parties(2))
    with pytest.raises(RoundsError) as caught:
        rounds.take(1, body)
    assert caught.value.party == 1
    assert caught.value.kind == "malformed"
    assert rounds.keys == {}
    assert rounds.revealed == {}
