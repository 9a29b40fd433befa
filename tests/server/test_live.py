"""A hand at a table as a value (:class:`wildstud.server.table.live.LiveHand`): the decks a change
draws into the hand's book are stored with it, counted by the value it stages; a change whose
write the store refuses leaves the hand's count as it was, so nothing is put back, and the next
try deals the same deck (seen by nobody) and stores it."""

from __future__ import annotations

from dataclasses import fields, replace

from wildstud.cards import DECK
from wildstud.server.replay import DeckBook, start_hand
from wildstud.server.store import HandSetup
from wildstud.server.table.live import LiveHand

# The Bitch: the first deal's sixth card, a queen turned up, calls for a redeal.
FIRST = "2c 3c 4c 5c 6c Qs"
ORDER = " ".join([*FIRST.split(), *(str(card) for card in DECK if str(card) not in FIRST)])
SETUP = HandSetup(1, 0, "BITCH", {}, (0, 1), ("ann", "bob"), 0, (50, 50), ("a", "b"))


def _at_the_redeal() -> LiveHand:
    """Hand 1 as a restored table holds it, its first deck stored, a redeal due."""
    book = DeckBook({1: ORDER})
    hand = start_hand(SETUP, book, to_redeal=True, hold_showdown=True)
    assert hand.redeal_pending is not None
    return LiveHand(SETUP, book, hand, 0)


def test_a_redeal_s_deck_is_stored_with_the_change_that_draws_it() -> None:
    live = _at_the_redeal()
    assert live.decks() == []  # the first deck is the store's
    copy = live.hand.copy()
    copy.step()  # the redeal draws deal 2's deck into the book
    (drawn,) = live.decks()
    assert (drawn.number, drawn.deal) == (1, 2)
    staged = live.played(copy, 0)
    assert staged.decks() == []  # the change that stages it stores the deck
    assert staged.decks_in_store == 2
    assert live.decks_in_store == 1  # the value in force, as it was


def test_a_refused_change_leaves_its_deck_for_the_next_try_with_nothing_put_back() -> None:
    live = _at_the_redeal()
    refused = live.hand.copy()
    refused.step()
    (drawn,) = live.decks()
    # The write failed: the staged value is dropped, and live is the hand in force. The next
    # try deals the same deck (nobody saw a card of it) and stores it.
    again = live.hand.copy()
    again.step()
    assert again.events == refused.events
    assert live.decks() == [drawn]
    assert len(live.book) == 2
    assert live.played(again, 0).decks() == []


def test_a_hand_played_keeps_every_other_field_of_the_value() -> None:
    # LiveHand.played makes the new value field by field (not by dataclasses.replace): a field
    # added to the class must be added to it too.
    names = ["setup", "book", "hand", "actions", "run_out_stop", "run_out_due", "decks_stored"]
    assert [item.name for item in fields(LiveHand)] == names
    live = replace(_at_the_redeal(), run_out_stop=(1, 0, 4), run_out_due=7.5, decks_stored=1)
    copy = live.hand.copy()
    played = live.played(copy, 2)
    expected = replace(live, hand=copy, actions=2, decks_stored=len(live.book))
    assert [getattr(played, item.name) for item in fields(LiveHand)] == [
        getattr(expected, item.name) for item in fields(LiveHand)
    ]
