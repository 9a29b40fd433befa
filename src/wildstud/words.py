"""English for what the engine records as data: the wild cards and each change of them, the wild
rules, redeals, shown hands and awards, and a practice table's chances and hints.

The engine's events and views hold cards, seats and kinds, never sentences; the command line,
the hand records and rulings make their words here, and the web client's ``words.js`` makes the
same sentences from the same data (``tests/golden/words.json``, written from this module by
``scripts/golden-words``, holds the two together). Seats are named ``p1``, ``p2``… (as hand
histories write them) unless ``names`` gives other labels.

>>> from wildstud.wilds import FollowTheQueen
>>> wilds = FollowTheQueen().wilds([("Qh", 0), ("7d", 1)])
>>> [describe_change(step.change) for step in wilds.timeline if step.change]
['Q♥ to p1: the next face-up card will be wild', 'Q♥ to p1, then 7♦ to p2: sevens are wild']
>>> describe_wild(wilds.wild), describe_rule(FollowTheQueen())
('sevens are wild', 'The rank of the face-up card after the last face-up queen')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from wildstud.betting import ActionKind
from wildstud.cards import Card, Rank
from wildstud.deal.events import Payment
from wildstud.hands import describe_value
from wildstud.seats import seat_label
from wildstud.wilds import (
    BabyDaddy,
    FaceUp,
    FollowTheQueen,
    NoWilds,
    QueenOfSpadesInHole,
    QueensRule,
    SmackMyBitchUp,
    Trigger,
    WildChange,
    WildRule,
    rank_cards,
)

__all__ = [
    "describe_action",
    "describe_audit_fault",
    "describe_award",
    "describe_beaten",
    "describe_card_check",
    "describe_chances",
    "describe_change",
    "describe_deal_audit",
    "describe_game",
    "describe_hint",
    "describe_night_audit",
    "describe_night_changed",
    "describe_payment",
    "describe_private_audit",
    "describe_private_fault",
    "describe_redeal",
    "describe_rule",
    "describe_settings",
    "describe_shuffle",
    "describe_wild",
    "describe_wild_now",
    "label",
]

Names = Mapping[int, str] | None


def label(seat: int | None, names: Names = None) -> str:
    """A seat as people read it: its name in ``names``, else ``p1``, ``p2``…; ``None`` is the
    centre (a card owned by no one).

    >>> label(0), label(1, {1: "Bob"}), label(None)
    ('p1', 'Bob', 'the centre')
    """
    if seat is None:
        return "the centre"
    if names is not None and seat in names:
        return names[seat]
    return seat_label(seat)


def describe_wild(cards: Iterable[Card]) -> str:
    """Plain English for a set of wild cards: whole ranks by name, single cards by face.

    >>> from wildstud.cards import QUEEN_OF_SPADES
    >>> describe_wild(rank_cards(Rank.QUEEN) | rank_cards(Rank.SEVEN))
    'queens and sevens are wild'
    >>> describe_wild([QUEEN_OF_SPADES]), describe_wild([])
    ('Q♠ is wild', 'nothing is wild')
    """
    return _describe_wild(cards if isinstance(cards, frozenset) else frozenset(cards))


@lru_cache(maxsize=512)
def _describe_wild(cards: frozenset[Card]) -> str:
    # A deal sees only a few distinct wild sets, each described at every change of the wilds.
    named = _name_cards(cards)
    if named is None:
        return "nothing is wild"
    text, many = named
    return f"{text} {'are' if many else 'is'} wild"


def _name_cards(cards: frozenset[Card]) -> tuple[str, bool] | None:
    """Whole ranks by name and single cards by face, and whether they are many (for the verb);
    ``None`` for no card."""
    ranks = [rank for rank in reversed(Rank) if rank_cards(rank) <= cards]
    singles = sorted(
        (card for card in cards if card.rank not in ranks), key=lambda c: (-c.rank, -c.suit)
    )
    parts = [rank.plural for rank in ranks] + [card.pretty for card in singles]
    if not parts:
        return None
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return text, len(parts) > 1 or bool(ranks)


def _who(up: FaceUp, names: Names) -> str:
    return f"{up.card.pretty} to {label(up.seat, names)}"


def describe_change(change: WildChange, names: Names = None) -> str:
    """The words for a change of the wild cards.

    >>> from wildstud.cards import parse_card
    >>> q, seven = FaceUp(parse_card("Qh"), 0), parse_card("7d")
    >>> sevens = rank_cards(Rank.SEVEN)
    >>> describe_change(WildChange(Trigger.FOLLOWER, seven, 1, sevens, frozenset(), q))
    'Q♥ to p1, then 7♦ to p2: sevens are wild'
    >>> last = WildChange(Trigger.NO_FOLLOWER, q.card, 0, frozenset(), sevens)
    >>> print(describe_change(last, {0: "Ann"}))  # doctest: +NORMALIZE_WHITESPACE
    Q♥ to Ann: sevens are no longer wild; it is the last face-up card, so no card follows it;
    nothing is wild
    """
    if names is None:
        return _default_change(change)
    return _describe_change(change, names)


@lru_cache(maxsize=4096)
def _default_change(change: WildChange) -> str:
    # The same few changes recur deal after deal; with the default labels their words are kept.
    return _describe_change(change, None)


def _describe_change(change: WildChange, names: Names) -> str:
    who = _who(FaceUp(change.card, change.seat), names)
    kind = change.kind
    if kind is Trigger.FOLLOWER or kind is Trigger.CENTRE:
        assert change.queen is not None
        return f"{_who(change.queen, names)}, then {who}: {describe_wild(change.wild)}"
    if kind is Trigger.KING:
        return f"{who}: only kings are wild"
    if kind is Trigger.LAST_CARD:
        seat = label(change.seat, names)
        plural = change.card.rank.plural
        return f"{who} is {seat}'s last card: {plural} are wild for {seat} only"
    parts = []
    ended = _name_cards(change.ended)
    if kind is Trigger.NO_FOLLOWER:
        if ended is not None:
            parts.append(f"{ended[0]} {'are' if ended[1] else 'is'} no longer wild")
        if change.queen is not None:
            # Right after a queen and the last face-up card: it starts no follow, nor does the
            # queen before it ever get one.
            last = f"it comes right after {change.queen.card.pretty} and is the last face-up card"
            parts.append(f"{last}, so no card follows either queen")
        else:
            parts.append("it is the last face-up card, so no card follows it")
        return f"{who}: " + "; ".join([*parts, describe_wild(change.wild)])
    if ended is not None:
        parts.append(f"{ended[0]} {'are' if ended[1] else 'is'} no longer wild")
    elif change.queen is not None:
        parts.append(f"a new follow starts after {change.queen.card.pretty}")
    started = _name_cards(change.started)
    if started is not None:
        # Only the first face-up queen under hidden-after-face-up makes queens wild with a
        # queen; those in the hole with them.
        where = ", face up and in the hole" if kind is Trigger.QUEEN else ""
        parts.append(f"{started[0]} {'are' if started[1] else 'is'} wild{where}")
    elif ended is None and change.queen is None and change.wild:
        kept = _name_cards(change.wild)
        assert kept is not None
        parts.append(f"{kept[0]} {'stay' if kept[1] else 'stays'} wild")
    parts.append("the next face-up card will be wild")
    return f"{who}: " + "; ".join(parts)


def describe_wild_now(
    wild: Iterable[Card], pending: Card | None = None, *, last_face_up: bool = False
) -> str:
    """The wild cards for every hand now, with the face-up queen still waiting for a follower
    (``pending``), if any; ``last_face_up`` says that queen was the deal's last face-up card, so
    that nothing will follow it.

    >>> from wildstud.cards import parse_card
    >>> queen = parse_card("Qh")
    >>> describe_wild_now([], queen)
    'nothing is wild yet: the next face-up card after Q♥ will be'
    >>> describe_wild_now(rank_cards(Rank.SEVEN), queen)
    'sevens are wild, and the next face-up card after Q♥ will be too'
    >>> describe_wild_now([], queen, last_face_up=True)
    'nothing is wild (nothing follows Q♥: it was the last face-up card)'
    """
    text = describe_wild(wild)
    if pending is None:
        return text
    queen = pending.pretty
    if last_face_up:
        # The sheet: a queen as the last face-up card of the hand has no follower. Telling the
        # table that the next face-up card will be wild would promise a card that never comes.
        return f"{text} (nothing follows {queen}: it was the last face-up card)"
    # Said so that "nothing is wild" never stands beside "the next card will be wild".
    if text == "nothing is wild":
        return f"nothing is wild yet: the next face-up card after {queen} will be"
    return f"{text}, and the next face-up card after {queen} will be too"


_FOLLOWER = "the rank of the face-up card after the last face-up queen"
_FOLLOW_DESCRIPTIONS = {
    QueensRule.NATURAL: _FOLLOWER.capitalize(),
    QueensRule.ALL: f"Queens, and {_FOLLOWER}",
    QueensRule.HIDDEN: f"Each player's queens in the hole, and {_FOLLOWER}",
    QueensRule.HIDDEN_AFTER_FACE_UP: f"Queens once one shows face up, and {_FOLLOWER}",
}


def describe_rule(rule: WildRule) -> str:
    """A wild-card rule in a sentence.

    >>> describe_rule(NoWilds()), describe_rule(BabyDaddy())
    ('no wild cards', "Each player's last card: its rank is wild in that player's hand only")
    """
    if isinstance(rule, FollowTheQueen):
        return _FOLLOW_DESCRIPTIONS[rule.queens]
    if isinstance(rule, SmackMyBitchUp):
        return (
            "Queens and the rank after the last face-up queen; a face-up king cancels them"
            " and makes only kings wild"
        )
    if isinstance(rule, BabyDaddy):
        return "Each player's last card: its rank is wild in that player's hand only"
    if isinstance(rule, QueenOfSpadesInHole):
        return "The queen of spades in the hole is wild"
    assert isinstance(rule, NoWilds), f"no words for {rule!r}"
    return "no wild cards"


def describe_shuffle(made_from: Sequence[str] | None) -> str:
    """Which kind of deal a deck was made by: the players' shuffle (:mod:`wildstud.joint_shuffle`)
    from these players' values and the server's committed night seed, or the server alone.

    >>> describe_shuffle(["Ann", "Bob"])
    'shuffled by the players and the server: Ann, Bob and the server'
    >>> describe_shuffle(None)
    'shuffled by the server'
    >>> describe_shuffle([])
    'shuffled by the server from the seed it committed to (no page took part)'
    """
    if made_from is None:
        return "shuffled by the server"
    if not made_from:
        return "shuffled by the server from the seed it committed to (no page took part)"
    return f"shuffled by the players and the server: {', '.join(made_from)} and the server"


def describe_card_check(verified: bool, position: int | None) -> str:
    """A card's check against its deal's commitment, as its accessible name ends: verified,
    and from which place of the deck (``position`` from 0, said from 1), or failed.

    >>> describe_card_check(True, 0), describe_card_check(False, 3), describe_card_check(True, None)
    ('verified: dealt from position 1 of the deck', 'proof FAILED', 'verified')
    """
    if not verified:
        return "proof FAILED"
    if position is None:
        return "verified"
    return f"verified: dealt from position {position + 1} of the deck"


def describe_night_changed() -> str:
    """What the page says if the server's commitment to its night seed changes mid-night (it
    must never: a server that changed its seed could choose the decks).

    >>> describe_night_changed().startswith("Warning")
    True
    """
    return (
        "Warning: the server changed its commitment to the night's seed, which must stay the"
        " same all night. Tell the table, and check the night record with wildstud verify."
    )


def _and(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def describe_audit_fault(
    kind: str,
    hand: int | None,
    deal: int | None,
    *,
    player: str | None = None,
    cards: tuple[Card, Card] | None = None,
    position: int | None = None,
    made_from: Sequence[str] | None = None,
    detail: str | None = None,
) -> str:
    """One fault the night's audit found (:mod:`wildstud.history.night_audit`; ``kind`` is its
    :class:`~wildstud.history.night_audit.FaultKind` value), where and how: ``player`` for a
    value that opens nothing or a player dealt in without one; ``cards`` (the card dealt, the
    card the deck has there) and ``position`` (from 0, said from 1) for a card from the wrong
    place; ``made_from`` for a deck whose root is not the one published (``None``: the hand's
    record carries another root); ``detail`` for a record that cannot be read.

    >>> describe_audit_fault("value", 3, 1, player="Bob")
    "hand 3, deal 1: Bob's revealed value does not open the commitment their page sent"
    >>> describe_audit_fault("card", 1, 1, cards=(Card.of(43), Card.of(0)), position=0)[:63]
    'hand 1, deal 1: Q♠ was dealt where the deck has 2♣ (position 1)'
    """
    where = f"hand {hand}, deal {deal}"
    if kind == "seed-hidden":
        return "the night's seed has not been revealed: the night is not over"
    if kind == "seed":
        return (
            "the revealed night seed does not open the commitment published before the first"
            " deal: the server changed its seed"
        )
    if kind == "value":
        return f"{where}: {player}'s revealed value does not open the commitment their page sent"
    if kind == "root" and made_from is not None:
        return (
            f"{where}: the published root is not the deck made from the night seed and the"
            f" revealed values of {_and(made_from) or 'nobody'}"
        )
    if kind == "root":
        return f"{where}: the hand's record carries another root than the one published"
    if kind == "card" and cards is not None and position is not None:
        dealt, deck = cards
        return (
            f"{where}: {dealt.pretty} was dealt where the deck has {deck.pretty}"
            f" (position {position + 1}): a card was dealt out of order or substituted"
        )
    if kind == "left-out":
        return f"{where}: {player} gave no value that opens their commitment, yet was dealt a card"
    return f"{where if deal is not None else f'hand {hand}'}: {detail}"


def describe_deal_audit(
    hand: int, deal: int, made_from: Sequence[str], left_out: Sequence[str], failed: bool
) -> str:
    """One deal of the night as its audit found it: whose values its deck was made from, who
    added none, and whether every check of it held.

    >>> describe_deal_audit(2, 1, ["Ann", "Bob"], ["Cy"], False)[16:]
    "made from the values of Ann and Bob and the server's seed (Cy added none): checked"
    >>> describe_deal_audit(4, 2, [], [], True)
    "Hand 4, deal 2: made from the server's seed alone (no page took part): FAILED"
    """
    source = (
        f"the values of {_and(made_from)} and the server's seed"
        if made_from
        else "the server's seed alone (no page took part)"
    )
    added = f" ({_and(left_out)} added none)" if left_out else ""
    return (
        f"Hand {hand}, deal {deal}: made from {source}{added}: {'FAILED' if failed else 'checked'}"
    )


def describe_night_audit(
    deals: int, kinds: Sequence[str], names: Sequence[str], alone: int = 0
) -> str:
    """The night's audit in a sentence: ``deals`` audited, the ``kinds`` of the faults found
    (:class:`~wildstud.history.night_audit.FaultKind` values) and whom they name; ``alone`` of
    the deals were made from the server's seed alone (no page took part: a page that did not
    commit in time, or a table of bots), which an honest night must not pass off as the
    players' shuffle.

    >>> describe_night_audit(5, [], [])
    "Every deck of the night was made from the players' values: checked, 5 deals in all."
    >>> describe_night_audit(5, [], [], alone=2).split(": checked, ")
    ['Every deck of the night was made as the server committed', \
"5 deals in all (2 from the server's seed alone: no page took part)."]
    >>> describe_night_audit(1, [], [], alone=1).split(": checked, ")
    ["Every deck of the night was made from the server's seed alone, as it committed \
(no page took part)", '1 deal in all.']
    >>> describe_night_audit(5, ["value", "card"], ["Bob", "the server"])
    "The night's audit FAILED: 2 faults, naming Bob and the server. Tell the table."
    """
    if "seed-hidden" in kinds:
        return (
            "The night is not over: the server has not revealed its seed, so no deck can be"
            " checked yet."
        )
    if not kinds:
        count = f"{deals} {'deal' if deals == 1 else 'deals'}"
        if alone and alone == deals:
            return (
                "Every deck of the night was made from the server's seed alone, as it committed"
                f" (no page took part): checked, {count} in all."
            )
        if alone:
            return (
                f"Every deck of the night was made as the server committed: checked, {count} in"
                f" all ({alone} from the server's seed alone: no page took part)."
            )
        return (
            f"Every deck of the night was made from the players' values: checked, {count} in all."
        )
    count = f"{len(kinds)} {'fault' if len(kinds) == 1 else 'faults'}"
    return f"The night's audit FAILED: {count}, naming {_and(names)}. Tell the table."


_PRIVATE_FAULTS = {
    "key": "published a secret that is not the one behind its key",
    "order": "published an order that is no order of the deck",
    "reordered": "reordered the deck wrongly",
    "substituted": "put a card into the deck that was not in it",
    "unmasked": "took a mask off a card wrongly",
    "refused": "sent a step that does not hold",
    "unpublished": "did not publish its secret and order",
}
"""What each kind of fault of a private deal's audit says its party did
(:class:`~wildstud.private_deal.Fault`, and ``refused`` and ``unpublished``:
:mod:`wildstud.history.private_night`)."""


def describe_private_fault(kind: str, name: str, hand: int) -> str:
    """One fault a private deal's audit found, in a player's words: whose (``name``, a
    player's, or ``server``) and what, in which hand.

    >>> describe_private_fault("reordered", "Bob", 7)
    "Bob's page reordered the deck wrongly in hand 7"
    >>> describe_private_fault("substituted", "server", 2)
    'The server put a card into the deck that was not in it in hand 2'
    """
    who = "The server" if name == "server" else f"{name}'s page"
    return (
        f"{who} {_PRIVATE_FAULTS.get(kind, 'did something the audit cannot name')} in hand {hand}"
    )


def describe_private_audit(deals: int, faults: int) -> str:
    """A night's private deals audited, in a sentence: ``deals`` checked, ``faults`` found.

    >>> describe_private_audit(41, 0)
    'Every player and the server dealt honestly: checked 41 deals'
    >>> describe_private_audit(3, 2)
    "The private deal's audit FAILED: 2 faults in 3 deals. Tell the table."
    """
    count = f"{deals} {'deal' if deals == 1 else 'deals'}"
    if not faults:
        return f"Every player and the server dealt honestly: checked {count}"
    found = f"{faults} {'fault' if faults == 1 else 'faults'}"
    return f"The private deal's audit FAILED: {found} in {count}. Tell the table."


def describe_redeal(card: Card | None, seat: int | None, names: Names = None) -> str:
    """Why a deal stopped: the face-up card that stopped it and its seat, or (no card) that no
    queen was dealt face up.

    >>> describe_redeal(Card.of(43), 1), describe_redeal(Card.of(43), 1, {1: "Bob"})
    ('Q♠ face up to p2', 'Q♠ face up to Bob')
    >>> describe_redeal(None, None)
    'no queen was dealt face up'
    """
    if card is None or seat is None:
        return "no queen was dealt face up"
    return f"{card.pretty} face up to {label(seat, names)}"


def describe_beaten(shown: Sequence[tuple[int, int]], names: Names = None) -> str:
    """The question a player whose hand takes no part of a pot is asked at the showdown, once
    the hands that take the pots are shown (``shown``: each one's seat and value, in the order
    shown; none where they are shown only after the choices, as under a private deal).

    >>> from wildstud.hands import evaluate
    >>> nines, flush = evaluate("9c 9d 9h 2s 3d").value, evaluate("Ah Jh 8h 4h 2h").value
    >>> describe_beaten([])
    'Your hand wins no part of the pot: show it, or muck it unshown?'
    >>> print(describe_beaten([(1, nines), (2, flush)], {1: "Bob", 2: "Cy"})[:49])
    Shown: Bob's three nines and Cy's ace-high flush.
    """
    question = "Your hand wins no part of the pot: show it, or muck it unshown?"
    if not shown:
        return question
    hands = [f"{label(seat, names)}'s {describe_value(value)}" for seat, value in shown]
    listed = hands[0] if len(hands) == 1 else ", ".join(hands[:-1]) + f" and {hands[-1]}"
    return f"Shown: {listed}. {question}"


def describe_award(pot: int, seat: int, amount: int, names: Names = None, run: int = 0) -> str:
    """Chips from a pot (0: the main pot) to a seat; in a hand run twice, the run whose half of
    the pot it is (house rule ``run_twice``).

    >>> describe_award(0, 0, 40), describe_award(2, 1, 7, {1: "Bob"})
    ('p1 wins 40 from the main pot', 'Bob wins 7 from side pot 2')
    >>> describe_award(0, 1, 7, {1: "Bob"}, run=2)
    "Bob wins 7 from the main pot (run 2's half)"
    """
    which = "the main pot" if pot == 0 else f"side pot {pot}"
    half = f" (run {run}'s half)" if run else ""
    return f"{label(seat, names)} wins {amount} from {which}{half}"


def describe_action(kind: ActionKind, to: int) -> str:
    """A player's action as the command line's replay says it after the player's name, with the
    seat's total on the street after it (``to``).

    >>> describe_action(ActionKind.RAISE, 20), describe_action(ActionKind.FOLD, 0)
    ('raises to 20', 'folds')
    """
    return {
        ActionKind.FOLD: "folds",
        ActionKind.CHECK: "checks",
        ActionKind.CALL: f"calls, to {to}",
        ActionKind.BRING_IN: f"brings in {to}",
        ActionKind.COMPLETE: f"completes to {to}",
        ActionKind.BET: f"bets {to}",
        ActionKind.RAISE: f"raises to {to}",
    }[kind]


def describe_payment(kind: Payment, amount: int, card: Card | None = None) -> str:
    """Chips into the pot that are not a bet, after the payer's name: an ante, a payment for a
    wild card (``card``), an extra ante.

    >>> describe_payment(Payment.ANTE, 1), describe_payment(Payment.PAY_FOR_WILD, 5, Card.of(21))
    ('antes 1', 'pays 5 for 7♦')
    """
    if kind is Payment.ANTE:
        return f"antes {amount}"
    what = "pays" if kind is Payment.PAY_FOR_WILD else "pays an extra ante of"
    shown = "" if card is None else f" for {card.pretty}"
    return f"{what} {amount}{shown}"


def percent(share: float) -> str:
    """A share as a whole percentage, halves rounded up (as the client's ``Math.floor(x +
    0.5)`` does, so the two say the same).

    >>> percent(0.125), percent(0.0049), percent(1.0)
    ('13%', '0%', '100%')
    """
    return f"{math.floor(share * 100 + 0.5)}%"


def _times(value: float) -> str:
    return f"{math.floor(value * 10 + 0.5) / 10:.1f}"


def describe_chances(
    equity: float, win: float, tie: float, special: float, split: bool = False
) -> str:
    """A practice table's chances for a seat (:class:`wildstud.practice.Chances`), said to
    its player.

    >>> describe_chances(0.42, 0.38, 0.06, 0.0)
    'Your share of the pot: 42% (you win 38% of the time alone, and tie 6%)'
    >>> describe_chances(0.3, 0.2, 0.0, 0.2, split=True)
    'Your share of the pot: 30% (the high half 20% of the time alone, tied 0%; the queen of \
spades half 20%)'
    """
    if split:
        return (
            f"Your share of the pot: {percent(equity)} (the high half {percent(win)} of the"
            f" time alone, tied {percent(tie)}; the queen of spades half {percent(special)})"
        )
    return (
        f"Your share of the pot: {percent(equity)} (you win {percent(win)} of the time alone,"
        f" and tie {percent(tie)})"
    )


_HINT_VERBS = {
    ActionKind.FOLD: "fold",
    ActionKind.CHECK: "check",
    ActionKind.CALL: "call",
    ActionKind.BRING_IN: "bring in {amount}",
    ActionKind.COMPLETE: "complete to {amount}",
    ActionKind.BET: "bet {amount}",
    ActionKind.RAISE: "raise to {amount}",
}


def describe_hint(
    kind: ActionKind,
    amount: int | None,
    why: str,
    *,
    equity: float,
    strength: float,
    line: float,
    price: float,
) -> str:
    """What the equity bot would do in a player's place, and why
    (:class:`wildstud.bots_equity.Advice`, its ``why`` by value).

    >>> describe_hint(ActionKind.CALL, 10, "price", equity=0.31, strength=0.62, line=1.35,
    ...               price=0.25)
    'The equity bot would call: your share of the pot, 31%, covers the 25% a call needs'
    >>> describe_hint(ActionKind.RAISE, 20, "value", equity=0.7, strength=1.4, line=1.25,
    ...               price=0.2)
    'The equity bot would raise to 20: your share of the pot, 70%, is 1.4 times a fair one, and \
it bets from 1.3'
    """
    verb = _HINT_VERBS[kind].format(amount=amount)
    share = f"your share of the pot, {percent(equity)},"
    fair = f"{share} is {_times(strength)} times a fair one"
    said = {
        "value": f"{fair}, and it bets from {_times(line)}",
        "bring-in": f"{fair}, short of the {_times(line)} it completes with",
        "free": f"{fair}, short of the {_times(line)} it bets with, and checking is free",
        "price": f"{share} covers the {percent(price)} a call needs",
        "short": f"{share} is short of the {percent(price)} a call needs",
        "no-fold": "folding is not allowed here",
        "only": "it is the only action allowed",
    }[why]
    return f"The equity bot would {verb}: {said}"


SETTING_WORDS: dict[str, tuple[str, str]] = {
    "action_clock": ("the action clock", " s"),
    "away_clock": ("the away clock", " s"),
    "time_bank": ("the time bank", " s"),
    "choice_clock": ("the dealer's choice clock", " s"),
    "shuffle_seconds": ("the players' shuffle clock", " s"),
    "bot_delay": ("the bots' delay", " s"),
    "hand_pause": ("the pause between hands", " s"),
    "redeal_pause": ("the redeal pause", " s"),
    "muck_clock": ("the show-or-muck clock", " s"),
    "runout_pause": ("the pause between the streets of an all-in run-out", " s"),
    "twice_clock": ("the run-it-twice clock", " s"),
    "idle_minutes": ("the idle time", " min"),
    "absent_hands": ("the hands a player may miss before sitting out", ""),
    "starting_chips": ("the starting chips", ""),
}
"""A table's settings that are one number, in words, with the unit said after the number."""


def describe_game(title: str, cards: int | None = None) -> str:
    """A game's name as players know it: its title, with its number of cards where one title
    covers games of several lengths (five- and seven-card Who Da Baby Daddy Is), so that no
    page names two games alike.

    >>> describe_game("Who Da Baby Daddy Is", 5), describe_game("Follow the Queen")
    ('Who Da Baby Daddy Is · 5 cards', 'Follow the Queen')
    """
    return title if cards is None else f"{title} · {cards} cards"


def _number(value: float) -> str:
    # As the page's String(value) writes a number: no ".0", no exponent for large chips.
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _rule_value(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return _number(value) if isinstance(value, int | float) else str(value)


def _stakes(stakes: Mapping[str, object]) -> str:
    # In pot and no limit there is a least bet, and neither a big bet nor a raise cap.
    limit = str(stakes["limit"])
    start = f"{limit.replace('-', ' ')}, ante {stakes['ante']}, bring-in {stakes['bring_in']}"
    if limit in ("pot-limit", "no-limit"):
        return f"{start}, bets of {stakes['small_bet']} or more"
    cap = stakes.get("raise_cap")
    capped = "no raise cap" if cap is None else f"raise cap {cap}"
    return f"{start}, bets {stakes['small_bet']}/{stakes['big_bet']}, {capped}"


def _game(game: Mapping[str, object]) -> str:
    rules = game.get("rules") or {}
    assert isinstance(rules, Mapping)
    said = [f"{name.replace('_', ' ')} {_rule_value(value)}" for name, value in rules.items()]
    return f"{game['name']} with {', '.join(said)}" if said else str(game["name"])


def _setting(change: Mapping[str, object]) -> str:
    setting = change["setting"]
    value = change.get("value")
    if setting == "games":
        games = change["games"]
        assert isinstance(games, list)
        return f"the games to {', '.join(_game(game) for game in games)}"
    if setting == "stakes":
        stakes = change["stakes"]
        assert isinstance(stakes, Mapping)
        return f"the stakes to {_stakes(stakes)}"
    if setting == "showdown_default":
        done = {"muck": "mucked", "show": "shown"}[str(value)]
        return f"a losing hand nobody shows or mucks in time to be {done}"
    if setting == "seat_requests":
        return "seating to " + ("by request" if value else "open")
    if setting == "rabbit_hunt":
        return "the rabbit hunt to " + ("on" if value else "off")
    words, unit = SETTING_WORDS[str(setting)]
    assert isinstance(value, int | float)
    return f"{words} to {_number(value)}{unit}"


def describe_settings(changes: Iterable[Mapping[str, object]]) -> str:
    """What the host changed at a table, from the changes as the server's ``notice`` frame
    carries them (each a ``setting`` and its new value: ``value``, ``games`` or ``stakes``).

    >>> describe_settings([{"setting": "action_clock", "value": 20.0},
    ...                    {"setting": "seat_requests", "value": True}])
    'The host changed the action clock to 20 s and seating to by request.'
    >>> describe_settings([{"setting": "games", "games": [
    ...     {"name": "Follow the Queen", "rules": {"queens": "all", "free_fold": False}}]}])
    'The host changed the games to Follow the Queen with queens all, free fold off.'
    >>> describe_settings([])
    "The host changed the table's settings."
    """
    parts = [_setting(change) for change in changes]
    if not parts:  # a notice stored before notices held their changes as data
        return "The host changed the table's settings."
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"The host changed {listed}."
