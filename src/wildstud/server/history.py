"""Finished hands as the table may see them afterwards: a JSON summary and a PHH record.

Once a hand is over, anyone at the table may look at it again: what everyone saw during the hand
(face-up cards, bets) and what the showdown showed. Hidden cards of hands that were folded or
won without a showdown stay hidden. The summary is kept with the hand when it ends;
:func:`export_phh` writes the PHH record for downloads from a replay of the stored hand. Each
carries the commitments of the hand's deals and the proofs of every card it shows (given the
hand's :class:`~wildstud.server.replay.DeckBook`), and no proof of any other card.

>>> from wildstud.deal import stack_deck
>>> from wildstud.bots import CallingBot, play_out
>>> from wildstud.server.store.records import HandSetup
>>> setup = HandSetup(1, 0, "follow-the-queen", {}, (0, 2), ("ann", "bob"), 1, (50, 50))
>>> hand = Hand("FTQ", [50, 50], deck=stack_deck("As 2c Ad 3c Ah 4c"))
>>> play_out(hand, CallingBot())
>>> record = summary("t1", setup, hand)
>>> record["final_stacks"], record["players"], record["events"][0]["type"]
([53, 47], ['ann', 'bob'], 'hand_started')
>>> text = export_phh(setup, hand, table_name="Friday", seat_count=6)
>>> print(text.split("actions")[0].strip())  # doctest: +NORMALIZE_WHITESPACE
variant = "FTQ"
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [50, 50]
hand = 1
seats = [1, 3]
seat_count = 6
table = "Friday"
players = ["ann", "bob"]
finishing_stacks = [53, 47]
winnings = [6, 0]
ante_trimming_status = true
"""

from __future__ import annotations

import dataclasses
from typing import Any

from wildstud.deal import Hand, TableView
from wildstud.history import record_from_hand, write_record
from wildstud.history.schema import HandRecord
from wildstud.server.menu import game_name
from wildstud.server.messages import encode_event, encode_view
from wildstud.server.proofs import commitment_data, commitments, proofs
from wildstud.server.replay import DeckBook
from wildstud.server.store.records import HandSetup

__all__ = [
    "export_phh",
    "held_in_hand",
    "public_record",
    "record_order",
    "seat_in_hand",
    "steps",
    "summary",
]


def _proven(book: DeckBook | None, view: TableView) -> dict[str, Any]:
    """The commitments of the hand's deals and the proofs of the cards ``view`` shows."""
    if book is None:
        return {"commitments": [], "proofs": []}
    return {
        "commitments": [commitment_data(book, item) for item in commitments(book, view.events)],
        "proofs": [item.to_data() for item in proofs(book, view.events)],
    }


def summary(
    table_id: str, setup: HandSetup, hand: Hand, book: DeckBook | None = None
) -> dict[str, Any]:
    """The finished hand as a spectator saw it at the end (the shape of
    :class:`~wildstud.server.schemas.HandHistory`), with the proofs of the cards it shows when
    given the hand's decks."""
    view = hand.view(None)
    return {
        "table_id": table_id,
        "number": setup.number,
        "game": hand.rules.game.name,
        "title": game_name(hand.rules.title, hand.rules.code),
        "code": hand.rules.code,
        "house_rules": hand.options.changes(),
        "seats": list(setup.lineup),
        "players": list(setup.names),
        "dealer": setup.dealer,
        "starting_stacks": list(setup.stacks),
        "final_stacks": list(hand.stacks),
        "events": [encode_event(event) for event in view.events],
        **_proven(book, view),
    }


def seat_in_hand(setup: HandSetup, index: int, player_id: str) -> int | None:
    """The engine seat that the player ``player_id``, now at table seat ``index``, held in the
    hand, or ``None`` where that player was not dealt into it from that seat.

    The player must match as well as the seat: whoever sits at a seat later (after its player
    left) never sees the hole cards of the hands before. A hand stored before player ids were
    kept has none to match, so no seat sees its hole cards.

    >>> setup = HandSetup(3, 0, "follow-the-queen", {}, (0, 2), ("ann", "bob"), 1, (50, 50),
    ...                   ("id-ann", "id-bob"))
    >>> seat_in_hand(setup, 2, "id-bob"), seat_in_hand(setup, 2, "id-cat")
    (1, None)
    >>> seat_in_hand(setup, 1, "id-ann")  # table seat 1 was not dealt in

    """
    if index not in setup.lineup:
        return None
    engine = setup.lineup.index(index)
    if engine >= len(setup.player_ids) or setup.player_ids[engine] != player_id:
        return None
    return engine


def held_in_hand(setup: HandSetup, player_id: str) -> int | None:
    """The engine seat the player ``player_id`` held in the hand, from whichever table seat,
    or ``None`` where they were not dealt in: a player's past hands are theirs wherever they
    sit now (a player back tonight on their account, by their old token or the host's word).

    >>> setup = HandSetup(3, 0, "follow-the-queen", {}, (0, 2), ("ann", "bob"), 1, (50, 50),
    ...                   ("id-ann", "id-bob"))
    >>> held_in_hand(setup, "id-bob"), held_in_hand(setup, "id-cat")
    (1, None)
    """
    if player_id not in setup.player_ids:
        return None
    return setup.player_ids.index(player_id)


def steps(
    table_id: str | None,
    setup: HandSetup,
    views: list[TableView],
    book: DeckBook | None = None,
    you: int | None = None,
) -> dict[str, Any]:
    """A finished hand step by step for a replay (the shape of
    :class:`~wildstud.server.schemas.HandSteps`): each step holds the events it added and the
    view after them, as the table's ``update`` frames do, so a client draws each step as it drew
    the live table. The views are the spectator's, or engine seat ``you``'s (with its own hidden
    cards). Given the hand's decks, it carries the commitments and the proofs of every card the
    steps show.

    >>> from wildstud.server.replay import DeckBook, replay_views
    >>> setup = HandSetup(3, 0, "follow-the-queen", {}, (0, 2), ("ann", "bob"), 1, (50, 50))
    >>> record = steps("t1", setup, replay_views(setup, DeckBook(), []))
    >>> record["names"], record["lineup"], [len(step["events"]) for step in record["steps"][:3]]
    (['ann', 'bob'], [0, 2], [2, 3, 1])
    >>> "events" in record["steps"][0]["view"]
    False
    """
    frames = []
    seen = 0
    for view in views:
        frames.append(
            {
                "events": [encode_event(event) for event in view.events[seen:]],
                "view": encode_view(view, events=False),
            }
        )
        seen = len(view.events)
    return {
        "table_id": table_id,
        "number": setup.number,
        "names": list(setup.names),
        "lineup": list(setup.lineup),
        "starting_stacks": list(setup.stacks),
        "you": you,
        "steps": frames,
        **_proven(book, views[-1]),
    }


def public_record(
    setup: HandSetup,
    hand: Hand,
    *,
    table_name: str,
    seat_count: int,
    viewer: int | None = None,
    book: DeckBook | None = None,
) -> HandRecord:
    """The hand as a PHH record, as anyone at the table may see it once it is over: the
    cards shown at the showdown and no other hidden card; with the players' names, their seats
    and the table's name. PHH numbers players from the dealer's left, so the names are
    rotated the same way. With ``viewer`` (an engine seat), that seat's own hidden cards are
    written too: the record of a hand in progress as its player knows it. Given the hand's
    decks (``book``), the record carries the deals' commitments and the proofs of the cards it
    shows (``_commitments`` and ``_proofs``, see ``docs/records.md``).
    """
    record = record_from_hand(hand, reveal="showdown" if viewer is None else viewer)
    record = dataclasses.replace(
        record,
        players=tuple(setup.names[seat] for seat in record_order(setup, hand)),
        seats=tuple(setup.lineup[seat] + 1 for seat in record_order(setup, hand)),
        seat_count=seat_count,
        table=table_name,
        hand=setup.number,
    )
    if book is not None:
        view = hand.view(viewer)
        record = dataclasses.replace(
            record,
            commitments=tuple(commitments(book, view.events)),
            proofs=tuple(proofs(book, view.events)),
        )
    return record


def record_order(setup: HandSetup, hand: Hand) -> list[int]:
    """The engine seat of each player of the hand's PHH record: from the dealer's left."""
    count = len(setup.lineup)
    return [(hand.dealer + 1 + offset) % count for offset in range(count)]


def export_phh(
    setup: HandSetup,
    hand: Hand,
    *,
    table_name: str,
    seat_count: int,
    viewer: int | None = None,
    book: DeckBook | None = None,
) -> str:
    """:func:`public_record` written as PHH text."""
    return write_record(
        public_record(
            setup, hand, table_name=table_name, seat_count=seat_count, viewer=viewer, book=book
        )
    )
