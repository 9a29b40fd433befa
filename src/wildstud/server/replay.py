"""Dealing from secret decks, and rebuilding a hand from what was stored.

Each deal of a hand gets a fresh order of the 52 cards, shuffled with the operating system's
cryptographic generator when the deal starts (:class:`DeckBook`), and sealed with a fresh salt
for each position (:class:`~wildstud.commitment.SealedDeck`): the deal's commitment, published
before its first card. The order and the salts are kept, so the hand can be rebuilt exactly and
its commitments and proofs come out the same: the engine is deterministic given its decks and
the players' actions, and :func:`rebuild` replays the actions in order. Orders and salts go to
the store and nowhere else: no frame, no log, no repr shows them.

>>> book = DeckBook()
>>> deck = book.draw(1)
>>> [(deal, order == book.order(1)) for deal, order, salts in book.since(0)], book.since(1)
([(1, True)], [])
>>> book.draw(1).peek() == deck.peek(), len(book)  # a deal's deck is drawn once
(True, 1)
>>> again = DeckBook({1: book.order(1)}, {1: book.salts(1)})
>>> again.draw(1).peek() == deck.peek(), again.sealed(1).commitment == book.sealed(1).commitment
(True, True)
>>> DeckBook({1: book.order(1)}).sealed(1) is None  # a deck stored before commitments
True
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple

from wildstud.betting import ActionKind
from wildstud.cards import DECK, Card, Deck, parse_cards
from wildstud.commitment import SealedDeck
from wildstud.deal import Hand, Phase, Stage, TableView
from wildstud.errors import RecordError
from wildstud.games import find_game
from wildstud.server.store.records import ActionRecord, HandSetup, StoredHand

__all__ = [
    "CHOICES",
    "MUCK",
    "RUN_ONCE",
    "RUN_TWICE",
    "SHOW",
    "DeckBook",
    "at_showdown",
    "deal_on",
    "finished_book",
    "rebuild",
    "replay_views",
    "show_winners_first",
    "start_hand",
]

MUCK = "muck"
"""The kind of an action record for a hand its player mucked at the showdown, unshown."""
SHOW = "show"
"""The kind of an action record for a hand its player chose to show at the showdown
(:meth:`~wildstud.deal.Hand.show_or_muck`): the choice stands, and the hand is shown with the
others."""

RUN_TWICE = "run-twice"
"""The kind of an action record for a player's agreement to run the cards still to come twice
(:meth:`~wildstud.deal.Hand.agree_run_twice`): the last agreement starts run 1."""
RUN_ONCE = "run-once"
"""The kind of an action record for a player's refusal to run it twice: the hand is run once."""
CHOICES = (MUCK, SHOW, RUN_TWICE, RUN_ONCE)
"""The kinds of the action records that are no betting action: the choices a table holds the
dealer for (the showdown's, the offer to run it twice)."""

_SHUFFLER = secrets.SystemRandom()


class Shuffled(NamedTuple):
    """A deal's deck as the players' shuffle made it: its order, its salts and the players
    whose values it was made from."""

    cards: list[Card]
    salts: list[bytes]
    made_from: tuple[str, ...]


class DeckBook:
    """The decks of one hand by deal number: stored ones are dealt again as they were; a deal
    with none gets a fresh secure order and fresh salts, drawn once and kept. A stored deck
    without salts (stored before commitments existed) has no commitment.

    The book only grows, a deck at a time in the order of the deals, and never forgets one:
    which of its decks the store has is counted by the hand that holds it
    (:attr:`~wildstud.server.table.live.LiveHand.decks_stored`), not by the book. A change
    whose write the store refuses leaves that count as it was, so the deck it drew is stored
    with the next try, which deals the same deal from it (nobody saw a card of it)."""

    def __init__(
        self,
        stored: Mapping[int, str] | None = None,
        salts: Mapping[int, str] | None = None,
        shuffle: Callable[[int], Shuffled] | None = None,
        made_from: Mapping[int, tuple[str, ...]] | None = None,
    ) -> None:
        self.shuffle = shuffle
        """Where a fresh deal's order and salts come from under the players' shuffle (the
        table's :class:`~wildstud.server.table.shuffling.Shuffling`): ``None``, the operating
        system's generator alone."""
        self.made_from: dict[int, tuple[str, ...]] = dict(made_from or {})
        """The players whose values each deal's deck was shuffled from, with the server's
        night seed (a deal the players' shuffle did not make has none)."""
        self._orders: dict[int, str] = {}
        self._sealed: dict[int, SealedDeck] = {}
        for deal, order in (stored or {}).items():
            cards = parse_cards(order)  # a damaged order fails here, naming the bad card
            self._orders[deal] = order
            salt = (salts or {}).get(deal)
            if salt is not None:
                self._sealed[deal] = SealedDeck(
                    deal, cards, [bytes.fromhex(item) for item in salt.split()]
                )
        self.stored = len(self._orders)
        """How many of its decks the book was made with, from the store."""

    def __repr__(self) -> str:
        return f"DeckBook(<{len(self._orders)} secret orders>)"

    def draw(self, deal: int) -> Deck:
        """The deck of deal ``deal`` (the engine calls this as each deal starts)."""
        order = self._orders.get(deal)
        if order is None:
            if self.shuffle is not None:
                cards, salts, self.made_from[deal] = self.shuffle(deal)
                sealed = SealedDeck(deal, cards, salts)
            else:
                cards = list(DECK)
                _SHUFFLER.shuffle(cards)
                sealed = SealedDeck.seal(deal, cards)
            order = " ".join(str(card) for card in cards)
            self._orders[deal] = order
            self._sealed[deal] = sealed
        return Deck.stacked(order)

    def __len__(self) -> int:
        """How many decks the book holds (stored, or drawn)."""
        return len(self._orders)

    def holds(self, deal: int) -> bool:
        """Whether the book has deal ``deal``'s deck already (stored, or drawn)."""
        return deal in self._orders

    def order(self, deal: int) -> str:
        """The stored order of a deal (for the store only)."""
        return self._orders[deal]

    def salts(self, deal: int) -> str | None:
        """The salts of a deal's commitment as stored (for the store only): hexadecimal, one a
        position, separated by spaces; ``None`` if the deal has no commitment."""
        sealed = self._sealed.get(deal)
        return None if sealed is None else " ".join(salt.hex() for salt in sealed.salts)

    def sealed(self, deal: int) -> SealedDeck | None:
        """The sealed deck of a deal, which proves its cards; ``None`` if it has no commitment."""
        return self._sealed.get(deal)

    def since(self, count: int) -> list[tuple[int, str, str | None]]:
        """The decks the book holds after its first ``count`` (in the order they came to it),
        as (deal, order, salts): those to store, ``count`` being how many the store has."""
        deals = list(self._orders)[count:]
        return [(deal, self._orders[deal], self.salts(deal)) for deal in deals]


def finished_book(stored: StoredHand) -> DeckBook:
    """The decks of finished hand ``stored``, to replay it. A hand dealt privately has none
    (nobody ever knew its deck): :class:`~wildstud.errors.RecordError`, for it is told by its
    record alone (a replay from a fresh deck would show cards that were never dealt).

    >>> setup = HandSetup(2, 0, "FTQ", {}, (0, 1), ("ann", "bob"), 0, (50, 50))
    >>> finished_book(StoredHand(setup, {}, (), False))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.errors.RecordError: hand 2 was dealt privately: no deck was ever known, ...
    """
    if not stored.decks:
        raise RecordError(
            f"hand {stored.setup.number} was dealt privately: no deck was ever known, and its"
            " record is all there is of it"
        )
    return DeckBook(stored.decks, stored.salts, made_from=stored.made_from)


def _new_hand(setup: HandSetup, book: DeckBook) -> Hand:
    game = find_game(setup.game)

    # A plain function, not the bound method: Hand.copy() copies the dealer policy deeply,
    # which would copy a bound method's book too, while a copy of the hand (the change the
    # table stores before it adopts it) must draw from this same book. A book shared so keeps
    # the decks a copy drew that were never stored, for the next try to deal and store
    # (LiveHand.decks_stored counts the stored ones). Copying the book with its sealed decks
    # also cost 94 µs a copy against 29 µs (a hand of six, 48 events).
    def draw(deal: int) -> Deck:
        return book.draw(deal)

    return Hand(
        game,
        list(setup.stacks),
        game.options(setup.options),
        deck=draw,
        dealer=setup.dealer,
    )


def start_hand(
    setup: HandSetup, book: DeckBook, *, to_redeal: bool = False, hold_showdown: bool = False
) -> Hand:
    """The hand ``setup`` describes, dealt from ``book``, run until a player must act (or,
    ``to_redeal``, until a redeal is due or, ``hold_showdown``, the showdown: see
    :func:`deal_on`)."""
    hand = _new_hand(setup, book)
    if to_redeal:
        deal_on(hand, hold_showdown=hold_showdown)
    else:
        hand.run()
    return hand


def held(hand: Hand) -> bool:
    """Whether the dealer waits for the players' choices before the next step: at the
    showdown, while a seat may still show or muck (where every hand still in takes part of a
    pot nobody is asked, and the table shows them down at once), or where the hands all in are
    asked to run it twice.

    >>> held(Hand("FTQ", [50, 50]))
    False
    """
    return bool(hand.to_show_or_muck) or bool(hand.to_agree_run_twice)


def at_showdown(hand: Hand) -> bool:
    """Whether the dealer's next step is the showdown: the hands still in are about to be shown,
    and a seat may still muck (:meth:`~wildstud.deal.Hand.muck`).

    >>> at_showdown(Hand("FTQ", [50, 50]))
    False
    """
    return hand.stage is Stage.SHOWDOWN


def show_winners_first(hand: Hand) -> bool:
    """Where the table holds the showdown for the losers' choices (a seat still to show or
    muck), show first the hands that take part of a pot
    (:meth:`~wildstud.deal.Hand.show_takers`), so that the frame asking a loser already shows
    what beat it; whether it showed them (once a hand; never under a private deal, whose
    winners nobody knows before their owners show them). The table and every replay of a
    stored hand call it at the same point, so both give the same events: a hand stored before
    this step existed holds no action for it, and replays with its winners shown first too
    (the same awards and hands shown, the shows in another order).

    >>> show_winners_first(Hand("FTQ", [50, 50]))
    False
    """
    if hand.stage is Stage.SHOWDOWN and hand.to_show_or_muck and hand.can_show_takers():
        hand.show_takers()
        return True
    return False


def deal_on(hand: Hand, *, hold_showdown: bool = False) -> None:
    """The dealer's steps until a player must act, the hand is over or a redeal is due; the
    table shows the card that called for the redeal before ``hand.step()`` carries it out.
    ``hold_showdown``: stop before the showdown too, so that the players whose hands take no
    part of a pot can choose to show or muck first, and where the hands all in are asked to run
    it twice (the winners shown first, :func:`show_winners_first`). Replaying from the same decks,
    :meth:`~wildstud.deal.Hand.run` gives the same hand.

    >>> from wildstud.deal import stack_deck
    >>> hand = Hand("the-bitch", [50, 50], deck=stack_deck("2c 3c 4c 5c  6c Qs"))
    >>> deal_on(hand)
    >>> hand.phase.value, str(hand.redeal_pending.card)
    ('dealer', 'Qs')
    """
    while hand.phase is Phase.DEALER and hand.redeal_pending is None:
        if hold_showdown and held(hand):
            show_winners_first(hand)
            return
        hand.step()


def _to_showdown(
    hand: Hand, book: DeckBook, hold_redeal: Callable[[int], bool] | None = None
) -> None:
    """The dealer's steps, redeals included, until a player must act, the hand is over, the
    hands are about to be shown (where the winners are shown first, as the table showed them,
    and the mucks recorded come in) or asked to run it twice (where the answers recorded come
    in); and until a redeal whose deck the book does not hold
    if ``hold_redeal`` says so of its deal (the table had not dealt it yet, and its players'
    shuffle was going on: it resumes, and the table deals the redeal when it is over)."""
    while hand.phase is Phase.DEALER and not held(hand):
        coming = hand.deal_number + 1
        if (
            hand.redeal_pending is not None
            and hold_redeal is not None
            and not book.holds(coming)
            and hold_redeal(coming)
        ):
            return
        hand.step()
    show_winners_first(hand)


def _replay(hand: Hand, action: ActionRecord) -> None:
    if action.kind in (MUCK, SHOW):
        hand.show_or_muck(action.seat, action.kind == SHOW)
    elif action.kind in (RUN_TWICE, RUN_ONCE):
        hand.agree_run_twice(action.seat, action.kind == RUN_TWICE)
    else:
        # A fold stored is replayed as it was taken, a fold when a check was free too: the
        # tables' house rule `free_fold` allows it, and a hand stored before the tables had
        # that rule holds no `free_fold` in its options.
        kind = ActionKind(action.kind)
        hand.act(kind, action.amount, seat=action.seat, free_fold=kind is ActionKind.FOLD)


def rebuild(
    setup: HandSetup,
    book: DeckBook,
    actions: Iterable[ActionRecord],
    *,
    hold_showdown: bool = False,
    hold_redeal: Callable[[int], bool] | None = None,
) -> Hand:
    """The hand as it stood after ``actions``, replayed from the decks in ``book``; a hand
    that reached the showdown is shown down after its mucks, unless ``hold_showdown`` (a hand
    in progress, whose players may have choices left to make). ``hold_redeal``: which redeal
    not dealt yet waits for the table (see :func:`_to_showdown`)."""
    hand = _new_hand(setup, book)
    _to_showdown(hand, book, hold_redeal)
    for action in actions:
        _replay(hand, action)
        _to_showdown(hand, book, hold_redeal)
    if not hold_showdown:
        hand.run()
    return hand


def replay_views(
    setup: HandSetup, book: DeckBook, actions: Iterable[ActionRecord], viewer: int | None = None
) -> list[TableView]:
    """What a spectator (or the engine seat ``viewer``) saw of the hand, move by move: the view
    as the hand starts, then after each of the dealer's steps and each player's action, until
    the hand is over or the actions run out. Each view holds every event so far, hidden cards
    hidden until they were shown (a viewer's own hidden cards shown to it from the start), as
    :meth:`~wildstud.deal.Hand.view` gives them.

    >>> from wildstud.server.store.records import HandSetup
    >>> setup = HandSetup(1, 0, "follow-the-queen", {}, (0, 1), ("ann", "bob"), 0, (50, 50))
    >>> views = replay_views(setup, DeckBook(), [])
    >>> [len(view.events) for view in views[:3]], views[-1].phase.value
    ([2, 5, 6], 'player')
    >>> any(card.card for seat in views[-1].seats for card in seat.cards if not card.up)
    False
    """
    hand = _new_hand(setup, book)
    views = [hand.view(viewer)]
    pending = iter(actions)
    action = next(pending, None)
    while hand.phase is not Phase.OVER:
        if show_winners_first(hand):  # as the table showed them, before the losers' choices
            views.append(hand.view(viewer))
            continue
        if hand.phase is Phase.DEALER and not (held(hand) and action is not None):
            hand.step()
        elif action is None:
            break
        else:
            _replay(hand, action)
            shown = action.kind == SHOW  # a choice to show changes nothing until the showdown
            action = next(pending, None)
            if shown:
                continue
        views.append(hand.view(viewer))
    return views
