"""The store in-process: the migrations build exactly the models' schema on both backends, a
step is written whole or not at all, a stored hand replays to the very same hand, and a hand
keeps the first token it was shared under."""

from __future__ import annotations

import random

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.exc import IntegrityError

from tests.server.helpers import seat_state, table_state
from wildstud.bots import RandomBot
from wildstud.deal import Hand, Phase
from wildstud.server.errors import NotFoundError
from wildstud.server.replay import MUCK, DeckBook, deal_on, rebuild, start_hand
from wildstud.server.store import (
    ActionRecord,
    Changes,
    DeckDraw,
    HandEnd,
    HandSetup,
    LedgerEntry,
    Store,
)
from wildstud.server.store.models import Base


def test_the_migrations_build_the_models_schema(database_url: str) -> None:
    store = Store(database_url)
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    store.close()
    # Starting again on the same database finds it up to date.
    Store(database_url).close()


def test_a_step_is_written_whole_or_not_at_all(database_url: str) -> None:
    store = Store(database_url)
    store.create_table(
        table_state(),
        [seat_state(0), seat_state(1)],
        [LedgerEntry("player0", 0, "p0", "buy-in", 100)],
    )
    setup = HandSetup(1, 0, "follow-the-queen", {}, (0, 1), ("p0", "p1"), 1, (100, 100))
    store.apply("t1", Changes(hand=setup, decks=[DeckDraw(1, 1, "As Kd")]))
    before = store.counts()
    # The second action repeats the first one's place in the hand: the whole step is refused.
    broken = Changes(
        seats=[seat_state(0)],
        actions=[
            ActionRecord(1, 0, 0, "call", None, "player", 1),
            ActionRecord(1, 0, 1, "call", None, "player", 1),
        ],
        ledger=[LedgerEntry("player0", 0, "p0", "hand", 5, 1)],
    )
    with pytest.raises(IntegrityError):
        store.apply("t1", broken)
    assert store.counts() == before
    (stored,) = store.load_tables()
    assert stored.live_hand is not None
    assert stored.live_hand.decks == {1: "As Kd"}
    assert "As" not in repr(stored.live_hand)
    store.close()


def _keep(book: DeckBook, stored: dict[int, str], salts: dict[int, str]) -> None:
    """Store what the book drew since the last call, as the table does."""
    for deal, order, salt in book.since(0):
        stored[deal] = order
        assert salt is not None
        salts[deal] = salt


def test_a_change_to_a_table_or_a_hand_the_store_lacks_is_refused_and_writes_nothing(
    database_url: str,
) -> None:
    store = Store(database_url)
    with pytest.raises(NotFoundError, match=r"^no table 'nope' in the store$"):
        store.apply("nope", Changes(table=table_state("nope")))
    store.create_table(table_state(), [seat_state(0), seat_state(1)], [])
    before = store.counts()
    with pytest.raises(NotFoundError, match=r"^no hand 7 at table 't1'$"):
        store.apply("t1", Changes(seats=[seat_state(0)], hand_end=HandEnd(7, (90, 110), {})))
    assert store.counts() == before
    store.close()


def _deal_as_the_table(hand: Hand, actions: list[ActionRecord], number: int) -> None:
    """The dealer's steps as a table takes them: at a showdown the winning hands are shown
    first and each losing hand is mucked (the table's default), each muck stored."""
    while True:
        deal_on(hand, hold_showdown=True)
        if hand.phase is not Phase.DEALER:
            return
        for seat in hand.auto_show_or_muck():
            actions.append(ActionRecord(number, len(actions), seat, MUCK, None, "bot", None))
        hand.step()  # a redeal, or the showdown once nobody is left to choose


@pytest.mark.parametrize("game", ["FTQ", "SMBU", "BD7", "BD5", "BITCH"])
def test_a_stored_hand_replays_to_the_same_hand(game: str) -> None:
    rng = random.Random(game)
    for round_ in range(15):
        setup = HandSetup(
            round_, 0, game, {}, (0, 1, 2, 3), ("a", "b", "c", "d"), round_ % 4, (60,) * 4
        )
        book = DeckBook()
        hand = start_hand(setup, book)
        stored: dict[int, str] = {}
        salts: dict[int, str] = {}
        _keep(book, stored, salts)
        actions: list[ActionRecord] = []
        bot = RandomBot(seed=rng.randrange(1 << 30))
        while hand.phase is not Phase.OVER:
            kind, amount = bot.choose(hand.view(hand.to_act))
            seat = hand.to_act
            assert seat is not None
            hand.act(kind, amount, seat=seat)
            actions.append(
                ActionRecord(round_, len(actions), seat, kind.value, amount, "bot", None)
            )
            _deal_as_the_table(hand, actions, round_)
            _keep(book, stored, salts)
        again_book = DeckBook(stored, salts)
        again = rebuild(setup, again_book, actions)
        assert again.events == hand.events
        assert again.stacks == hand.stacks
        # Every deal drew an order of its own, and the stored orders are all there.
        assert sorted(stored) == list(range(1, hand.deal_number + 1))
        # With its salts, every deal has the very commitment it was dealt under.
        for deal in stored:
            sealed, again_sealed = book.sealed(deal), again_book.sealed(deal)
            assert sealed is not None
            assert again_sealed is not None
            assert again_sealed.commitment == sealed.commitment


def test_decks_stored_before_commitments_have_none_and_new_ones_keep_their_salts(
    database_url: str,
) -> None:
    from alembic import command

    from wildstud.server.store.migrate import alembic_config

    store = Store(database_url)
    store.create_table(table_state(), [seat_state(0), seat_state(1)], [])
    setup = HandSetup(1, 0, "follow-the-queen", {}, (0, 1), ("p0", "p1"), 1, (100, 100))
    book = DeckBook()
    book.draw(1)
    ((deal, order, salts),) = book.since(0)
    assert salts is not None  # a deck drawn now keeps its salts
    store.apply("t1", Changes(hand=setup, decks=[DeckDraw(1, deal, order, salts)]))
    stored = store.hand("t1", 1)
    assert stored is not None
    assert stored.salts == {1: salts}
    again = DeckBook(stored.decks, stored.salts).sealed(1)
    sealed = book.sealed(1)
    assert again is not None
    assert sealed is not None
    assert again.commitment == sealed.commitment
    assert salts not in repr(stored)
    # Back to the first schema and up again: the column comes back empty, as on a database
    # from before commitments, and the deal simply has none.
    config = alembic_config()
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0001")
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    stored = store.hand("t1", 1)
    assert stored is not None
    assert stored.decks == {1: order}
    assert stored.salts == {}
    assert stored.setup.player_ids == ()  # a hand from before player ids: no seat matches it
    assert DeckBook(stored.decks, stored.salts).sealed(1) is None
    store.close()


def test_a_hand_keeps_the_first_token_it_was_shared_under(database_url: str) -> None:
    store = Store(database_url)
    store.create_table(table_state())
    first, second = "a" * 43, "b" * 43
    assert store.shared_hand(first) is None
    assert store.share_hand("t1", 1, first) == first
    # Asked again, even with a fresh token, the hand's link stays the one it has.
    assert store.share_hand("t1", 1, second) == first
    assert store.share_hand("t1", 2, second) == second
    assert store.shared_hand(first) == ("t1", 1)
    assert store.shared_hand(second) == ("t1", 2)
    # A token already in use for another hand is refused, not given to this one too.
    with pytest.raises(IntegrityError):
        store.share_hand("t1", 3, first)
    assert store.shared_hand(first) == ("t1", 1)
    store.close()
