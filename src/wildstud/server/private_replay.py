"""Rebuilding a private deal's hand from what was stored: its setup, its actions and its rounds'
rows (:mod:`wildstud.private_rounds`), never a card in the clear.

Under a private deal the server stores no deck (nobody knows it): each deal's rounds are rows,
one an answer, in the order taken (``private_rounds``), the deal's parties first. Replayed, the
rows give each deal's rounds as they stood, and so every face-up card the passes opened; the
hand (a :class:`~wildstud.deal.PrivateHand` dealt by a
:class:`~wildstud.private_rounds.RoundsDealer`) is replayed from its actions as any hand is,
the dealer going on only as far as the passes taken have opened (a pass still open when the
table stopped resumes, and the table deals on once it is over). A hand shown at the showdown is
an action of kind ``show`` stored with the show's row: replayed, its cards are the ones the
show opened, in the order the choices were made (a muck before it can leave one hand to take
the pots unshown).

>>> from wildstud.private_rounds import DealRounds, Party
>>> from wildstud.server.store.records import HandSetup
>>> setup = HandSetup(1, 0, "follow-the-queen", {"ante": 0}, (0, 1), ("ann", "bob"), 0, (50, 50))
>>> rounds = DealRounds(b"t|hand 1", 1, (Party("ann", (0,)), Party("server", (1,))))
>>> rows = [rounds.parties_row()]
>>> hand, deals = rebuild_private(setup, b"t|hand 1", _stored(rows), [])
>>> hand.phase.value, hand.chance().up, deals[1].stage  # the keys are still to come
('dealer', False, 'keys')

Once the hand is over, :func:`private_views` replays it move by move for anyone, as
:func:`~wildstud.server.replay.replay_views` replays a shuffled hand: the face-up cards as the
passes opened them, each hand shown as its owner showed it, and every other face-down card face
down to the end. Nobody but its owner ever knew it: it is never guessed, and never stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wildstud.betting import ActionKind
from wildstud.deal import Phase, PrivateHand, Stage, TableView
from wildstud.errors import RecordError
from wildstud.games import find_game
from wildstud.private_rounds import DealRounds, RoundsDealer, Row
from wildstud.server.replay import MUCK, RUN_ONCE, RUN_TWICE, SHOW
from wildstud.server.store.records import ActionRecord, HandSetup, PrivateRound

__all__ = ["deals_of", "private_views", "rebuild_private"]


def deals_of(context: bytes, rows: Iterable[PrivateRound]) -> dict[int, DealRounds]:
    """Each deal's rounds, by deal number, from a hand's stored rows (in the order taken)."""
    by_deal: dict[int, list[Row]] = {}
    for stored in rows:
        row = Row(stored.deal, stored.kind, stored.party, stored.data)  # type: ignore[arg-type]
        by_deal.setdefault(stored.deal, []).append(row)
    return {deal: DealRounds.from_rows(context, found) for deal, found in by_deal.items()}


def _opened(rounds: DealRounds) -> int:
    """How many positions of the deal the passes over have opened."""
    passes = rounds.opened_passes()
    return sum(len(slots) for slots in passes)


def _deal_on(hand: PrivateHand, dealer: RoundsDealer, deals: dict[int, DealRounds]) -> None:
    """The dealer's steps as far as the passes taken have opened: until a player must act, a
    hand must be shown or mucked, the hand is over, or the next card waits for its pass."""
    while hand.phase is Phase.DEALER and not hand.to_show_or_muck:
        chance = hand.chance()
        if hand.cards_due() or (chance is not None and chance.kind is Stage.CARD):
            rounds = deals.get(hand.deal_number)
            if rounds is None or dealer.position >= _opened(rounds):
                return  # its pass has not been taken: the rounds resume there
        hand.step()


def _replay(hand: PrivateHand, deals: dict[int, DealRounds], action: ActionRecord) -> None:
    if action.kind == SHOW:
        rounds = deals.get(hand.deal_number)
        cards = () if rounds is None else rounds.shown_cards(action.seat)
        if not cards:
            raise RecordError(f"hand {action.number}: a show stored without its cards")
        hand.show(action.seat, cards)
    elif action.kind == MUCK:
        hand.muck(action.seat)
    elif action.kind in (RUN_TWICE, RUN_ONCE):
        raise RecordError("a private deal is never run twice (house rule private_turn_up)")
    else:
        kind = ActionKind(action.kind)
        hand.act(kind, action.amount, seat=action.seat, free_fold=kind is ActionKind.FOLD)


def rebuild_private(
    setup: HandSetup,
    context: bytes,
    rows: Sequence[PrivateRound],
    actions: Iterable[ActionRecord],
    dealer: RoundsDealer | None = None,
) -> tuple[PrivateHand, dict[int, DealRounds]]:
    """The private hand as it stood after ``actions``, with each deal's rounds as ``rows``
    left them (``context``: the rounds' own, which every proof is bound to), dealt by
    ``dealer`` (a table keeps it, to teach it what the passes to come open). Raises
    :class:`~wildstud.errors.RecordError` for a show whose cards the rows do not hold."""
    deals = deals_of(context, rows)
    dealer = RoundsDealer() if dealer is None else dealer
    for rounds in deals.values():
        dealer.learn(rounds)
    hand = _new_hand(setup, dealer)
    _deal_on(hand, dealer, deals)
    for action in actions:
        _replay(hand, deals, action)
        _deal_on(hand, dealer, deals)
    return hand, deals


def _new_hand(setup: HandSetup, dealer: RoundsDealer) -> PrivateHand:
    game = find_game(setup.game)
    return PrivateHand(
        game, list(setup.stacks), game.options(setup.options), deck=dealer, dealer=setup.dealer
    )


def private_views(
    setup: HandSetup,
    context: bytes,
    rows: Sequence[PrivateRound],
    actions: Iterable[ActionRecord],
    viewer: int | None = None,
) -> list[TableView]:
    """What a spectator (or engine seat ``viewer``) saw of a finished private hand, move by
    move, as :func:`~wildstud.server.replay.replay_views` gives a shuffled hand's: the view as
    the hand starts, then after each of the dealer's steps and each choice. A face-down card is
    named once its owner showed it, and never before; one never shown stays face down (its
    viewer's own too: the server never knew it). Raises
    :class:`~wildstud.errors.RecordError` for a show whose cards the rows do not hold.

    >>> from wildstud.private_rounds import DealRounds, Party
    >>> setup = HandSetup(1, 0, "FTQ", {"ante": 0}, (0, 1), ("ann", "bob"), 0, (50, 50))
    >>> rounds = DealRounds(b"t|hand 1", 1, (Party("ann", (0,)), Party("server", (1,))))
    >>> views = private_views(setup, b"t|hand 1", _stored([rounds.parties_row()]), [])
    >>> len(views), views[-1].phase.value  # the first street's pass was never taken
    (1, 'dealer')
    """
    deals = deals_of(context, rows)
    dealer = RoundsDealer()
    for rounds in deals.values():
        dealer.learn(rounds)
    hand = _new_hand(setup, dealer)
    views = [hand.view(viewer)]
    pending = iter(actions)
    action = next(pending, None)
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.DEALER and not hand.to_show_or_muck:
            dealt = deals.get(hand.deal_number)
            if hand.cards_due() and (dealt is None or dealer.position >= _opened(dealt)):
                break  # a deal the rounds never opened (a void hand's)
            hand.step()
        elif action is None:
            break
        else:
            _replay(hand, deals, action)
            action = next(pending, None)
        views.append(hand.view(viewer))
    return views


def _stored(rows: Iterable[Row], number: int = 1) -> list[PrivateRound]:
    """Rows as the store gives them back (for the examples)."""
    return [
        PrivateRound(number, seq, row.deal, row.kind, row.party, row.data)
        for seq, row in enumerate(rows)
    ]
