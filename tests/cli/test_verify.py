"""Checking a record's proofs (``wildstud.history.check_proofs`` and ``wildstud verify``): the
records a table writes verify, for every game and every viewer, burns, short stubs and redeals
included; a changed card, a changed, missing or misplaced proof, and a card dealt out of the
committed order are all refused, each with a sentence that names the card."""

from __future__ import annotations

import dataclasses
import io
import itertools
import json
import random
import sys
from typing import Any

import pytest

from wildstud.bots import CallingBot, RandomBot, play_out
from wildstud.cards import DECK, Card
from wildstud.cli import main
from wildstud.commitment import Commitment, SealedDeck
from wildstud.deal import Burned, CommunityCard, Dealt, Hand, Phase, StubShuffled, stack_deck
from wildstud.errors import ProofError, RecordError
from wildstud.history import (
    DealBoard,
    DealHole,
    HandRecord,
    ShowMuck,
    check_proofs,
    read_record,
    write_record,
)
from wildstud.server.history import export_phh
from wildstud.server.proofs import visible_cards
from wildstud.server.replay import DeckBook, start_hand
from wildstud.server.store.records import HandSetup

GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("follow-the-queen", {"final_queen": "centre-card"}, 5),
    ("follow-the-queen", {"burn_cards": "each-street"}, 8),
    ("smack-my-bitch-up", {}, 6),
    ("BD5", {}, 9),
    ("BD7", {"burn_cards": "each-street"}, 7),
    ("the-bitch", {}, 8),
    ("F7S", {"burn_cards": "each-street"}, 8),
]


def _played(game: str, options: dict[str, Any], players: int, seed: int) -> tuple[Any, ...]:
    setup = HandSetup(
        1, 0, game, options, tuple(range(players)), tuple(f"n{i}" for i in range(players)),
        seed % players, (80,) * players,
    )  # fmt: skip
    book = DeckBook()
    hand = start_hand(setup, book)
    play_out(hand, CallingBot() if seed % 3 == 0 else RandomBot(seed=seed))
    return setup, book, hand


@pytest.mark.parametrize(("game", "options", "players"), GAMES)
def test_every_record_a_table_writes_verifies(
    game: str, options: dict[str, Any], players: int
) -> None:
    stubs = redeals = 0
    # Twelve hands, and for The Bitch as many more as it takes to see a redeal: the table's
    # decks are shuffled by the secure generator, so no seed can promise one.
    for seed in itertools.count():
        if seed >= 12 and (game != "the-bitch" or redeals):
            break
        assert seed < 200, "no redeal of The Bitch in 200 hands"
        setup, book, hand = _played(game, options, players, seed)
        assert hand.phase is Phase.OVER
        stubs += any(isinstance(event, StubShuffled) for event in hand.events)
        redeals += hand.deal_number > 1
        for viewer in (None, *range(players)):
            text = export_phh(setup, hand, table_name="t", seat_count=10, viewer=viewer, book=book)
            record = read_record(text)
            proven = check_proofs(record)
            assert proven.committed
            assert len(proven.commitments) == hand.deal_number
            shown = set(visible_cards(hand.view(viewer).events))
            assert {(card.deal, card.card) for card in proven.cards} == shown
    if options.get("burn_cards") and players == 8:
        assert stubs  # a short stub: the positions after the reshuffle are not counted


def _record() -> tuple[HandRecord, SealedDeck]:
    setup, book, hand = _played("follow-the-queen", {}, 4, 0)  # calling bots: a showdown
    record = read_record(export_phh(setup, hand, table_name="t", seat_count=6, book=book))
    sealed = book.sealed(1)
    assert sealed is not None
    return record, sealed


def _swap(record: HandRecord, old: Card, new: Card) -> HandRecord:
    """``record`` with card ``old`` changed to ``new`` wherever its actions name it."""
    actions = tuple(
        dataclasses.replace(
            action, cards=tuple(new if card == old else card for card in action.cards)
        )
        if isinstance(action, DealHole | DealBoard | ShowMuck) and action.cards
        else action
        for action in record.actions
    )
    return dataclasses.replace(record, actions=actions)


def test_a_changed_card_is_refused() -> None:
    record, _ = _record()
    proven = check_proofs(record).cards
    # Each proven card in turn, changed in the actions to a card of the same deal's stub.
    named = {card.card for card in proven}
    spare = next(card for card in DECK if card not in named)
    failures = 0
    for target in proven:
        with pytest.raises((ProofError, RecordError)):
            check_proofs(_swap(record, target.card, spare))
        failures += 1
    assert failures == len(proven) > 10


def test_a_changed_or_missing_proof_or_root_is_refused() -> None:
    record, _ = _record()
    proofs = record.proofs
    first = proofs[0]
    other = next(card for card in DECK if card not in {proof.card for proof in proofs})
    cases = {
        "does not lead to deal 1's root": (dataclasses.replace(first, card=other), *proofs[1:]),
        "with no proof of it": proofs[1:],
    }
    for message, changed in cases.items():
        with pytest.raises(ProofError, match=message):
            check_proofs(dataclasses.replace(record, proofs=changed))
    with pytest.raises(ProofError, match="has no commitment for its deal"):
        check_proofs(dataclasses.replace(record, commitments=()))
    forged = dataclasses.replace(record, commitments=(Commitment(1, "0" * 64),))
    with pytest.raises(ProofError, match="does not lead"):
        check_proofs(forged)


def test_a_card_dealt_out_of_the_committed_order_is_refused() -> None:
    # The server commits to one order and deals another (two cards swapped): every proof holds
    # against the root, but a card comes from a position its proof does not open.
    rng = random.Random(4)
    order = list(DECK)
    rng.shuffle(order)
    sealed = SealedDeck.seal(1, order)
    dealt = [order[1], order[0], *order[2:]]
    hand = Hand("FTQ", [50, 50], deck=stack_deck(dealt))
    hand.run()
    record = HandRecord(
        variant="FTQ", antes=(1, 1), bring_in=2, small_bet=5, big_bet=10,
        starting_stacks=(50, 50),
        actions=(DealHole(0, (None, None, dealt[4])), DealHole(1, (None, None, dealt[5]))),
        commitments=(sealed.commitment,),
        proofs=(sealed.prove(4), sealed.prove(5)),
    )  # fmt: skip
    assert check_proofs(record).cards  # the upcards were not moved: they prove
    moved = dataclasses.replace(
        record,
        actions=(DealHole(0, (dealt[0], None, dealt[4])), DealHole(1, (None, None, dealt[5]))),
        proofs=(sealed.prove(1), sealed.prove(4), sealed.prove(5)),
    )
    with pytest.raises(ProofError, match=f"{dealt[0]} was dealt from position 0 of deal 1"):
        check_proofs(moved)


def _main(
    argv: list[str], text: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    """``wildstud ARGV`` as the shell runs it, ``text`` on standard input."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    with pytest.raises(SystemExit) as exited:
        main(argv)
    captured = capsys.readouterr()
    code = exited.value.code
    return code if isinstance(code, int) else 0, captured.out, captured.err


def test_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = _record()
    text = write_record(record)
    code, out, _ = _main(["verify", "-"], text, monkeypatch, capsys)
    assert code == 0
    assert "every proof holds" in out
    code, out, _ = _main(["verify", "-", "--json"], text, monkeypatch, capsys)
    assert code == 0
    data = json.loads(out)
    assert data["verified"]
    assert len(data["proven"]) == len(record.proofs)
    bare = write_record(dataclasses.replace(record, commitments=(), proofs=()))
    code, out, _ = _main(["verify", "-"], bare, monkeypatch, capsys)
    assert code == 1
    assert "no commitments" in out
    for broken, message in (
        (text.replace("position = ", "position = 9", 1), "field `_proofs`: a proof's position"),
        (text.replace('card = "', 'card = "2', 1), "field `_proofs`: not a card"),
        (text.replace('root = "', 'root = "f', 1), "field `_commitments`: a root must be"),
    ):
        code, out, err = _main(["verify", "-"], broken, monkeypatch, capsys)
        assert code == 2
        assert err.startswith("error:")
        assert message in err
        assert len(err.strip().splitlines()) == 1


def _burned_card_swapped_in() -> tuple[Card, HandRecord]:
    """A record a table wrote after a short stub's reshuffle, in which a card dealt from the
    gathered burns is swapped for another burned card its viewer never saw, with that card's
    own genuine proof (every proof still leads to the root); and the card swapped out."""
    for seed in range(40):
        setup, book, hand = _played("follow-the-queen", {"burn_cards": "each-street"}, 8, seed)
        events = hand.events
        shuffled = next((i for i, e in enumerate(events) if isinstance(e, StubShuffled)), None)
        sealed = book.sealed(1)
        if shuffled is None or hand.deal_number > 1 or sealed is None:
            continue
        burns = [e.card for e in events[:shuffled] if isinstance(e, Burned) and e.card]
        for event in events[shuffled:]:
            if not isinstance(event, Dealt | CommunityCard) or event.card not in burns:
                continue
            dealt = burns[burns.index(event.card)]
            viewer = event.seat if isinstance(event, Dealt) else None
            seen = {card for _, card in visible_cards(hand.view(viewer).events)}
            other = next((card for card in burns if card not in seen), None)
            if other is None:
                continue
            record = read_record(
                export_phh(setup, hand, table_name="t", seat_count=8, viewer=viewer, book=book)
            )
            check_proofs(record)  # the genuine record verifies
            proofs = tuple(
                sealed.prove(sealed.position(other)) if proof.card == dealt else proof
                for proof in record.proofs
            )
            return dealt, dataclasses.replace(_swap(record, dealt, other), proofs=proofs)
    raise AssertionError("no hand dealt a burned card again")


def test_a_card_dealt_after_a_reshuffle_is_held_to_its_position(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The attack: after the burns go back under a short stub, the server deals a different
    # burned card than the committed order puts there, and sends that card's genuine proof.
    genuine, forged = _burned_card_swapped_in()
    with pytest.raises(ProofError, match="was dealt from position"):
        check_proofs(forged)
    code, out, err = _main(["verify", "-"], write_record(forged), monkeypatch, capsys)
    assert code == 2
    assert "was dealt from position" in err
    assert "every proof holds" not in out
    assert str(genuine) not in err  # the card named is the one swapped in
