"""Replaying a hand record through the engine.

:func:`replay` plays a :class:`~wildstud.history.notation.HandRecord` through a
:class:`~wildstud.deal.Hand`: each chance step the hand comes to
(:meth:`~wildstud.deal.Hand.chance`) is dealt the record's card for it
(:meth:`~wildstud.deal.Hand.deal`), and its betting actions are played as the seats' actions,
so the engine checks every rule as it goes. The result is a :class:`Replay`: the hand, and
which engine steps each record action made.

The engine deals one card at a time round the table; a record usually lists what each player
got on a street in one action (``d dh p1 ????7h``). The replay takes each card from the action
for the seat the dealer is dealing to, so a record may list a street by player or card by card.
Unknown cards (``??``), and cards a record leaves out because a redeal cut the street short, are
dealt from the cards nobody named; cards shown at the end (``p1 sm AsAd…``) fill in the unknown
cards of the final deal (read before the replay starts, so it runs once). Burned cards are never
written, so the replay burns unnamed cards too.

>>> from wildstud.history.phh import read_record
>>> record = read_record('''
... variant = "FTQ"
... antes = [1, 1]
... bring_in = 2
... small_bet = 5
... big_bet = 10
... starting_stacks = [50, 50]
... actions = ["d dh p1 AsAhQh", "d dh p2 9c9d7d", "p2 pb", "p1 cc"]
... ''')
>>> result = replay(record)
>>> from wildstud.words import describe_wild
>>> describe_wild(result.hand.wilds.wild), result.hand.street_name
('sevens are wild', 'fourth street')
>>> result.stopped
"the record deals no more cards: p1's card on fourth street comes next"
>>> [step.action for step in result.steps if step.kind is StepKind.PLAYED][:4]
[1, 2, 1, 2]

An action against the rules raises :class:`~wildstud.errors.RecordError` at its position:

>>> import dataclasses
>>> from wildstud.history.notation import CompleteBetRaise
>>> replay(dataclasses.replace(record, actions=(*record.actions[:2], CompleteBetRaise(1, 7))))
... # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wildstud.errors.RecordError: action 3 (`p2 cbr 7`): complete to 7 is not allowed: completions ...
"""

from __future__ import annotations

from wildstud.cards import Card
from wildstud.errors import RecordError
from wildstud.history.notation import DealHole, ShowMuck
from wildstud.history.replay_dealing import Replayer
from wildstud.history.replay_steps import Replay, Step, StepKind
from wildstud.history.schema import HandRecord

__all__ = ["Replay", "Step", "StepKind", "replay"]


def replay(record: HandRecord, *, fill_in: bool = False, lenient: bool = False) -> Replay:
    """Play ``record`` through the engine, seat 0 being ``p1``, on the dealer's left.

    Everything the engine refuses raises :class:`~wildstud.errors.RecordError` naming the
    action. The dealer's steps that need nothing from the record (antes, burns, redeals, the
    showdown) are taken as they come; the replay stops where the record runs out of cards, or,
    unless ``fill_in``, of actions for a player who must act.

    With ``fill_in`` (what ``wildstud judge`` does) a player's action that the record leaves
    out, before a deal, a show or the end of the record, is filled in: the bring-in is posted,
    and a player who may check checks. A player facing a bet is never assumed to call: the
    record must say what they did. A missing bring-in is posted even before another player's
    action, since it is forced. At the end of the record a player facing a bet stops the replay
    there (``stopped`` says so): the hand is ruled on as it stands.

    With ``lenient`` the replay lets pass what the PHH specification tolerates
    (:mod:`wildstud.history.tolerance`), each with a warning in ``Replay.warnings``: a fold
    when checking was free stands. In either reading a hand shown with cards still hidden
    (``p2 sm ????5d…``, which the specification allows) has not been shown and wins nothing:
    ``Replay.unshown`` says which.
    """
    replayer = Replayer(
        record, fill_in=fill_in, revealed=_revealed_by_shows(record), lenient=lenient
    )
    replayer.run()
    if replayer.check_shows():
        # The shows were read before the replay (see _revealed_by_shows), so a card they give
        # for an unknown one was dealt as shown; one that disagrees is refused by check_shows.
        raise RecordError("the cards shown do not agree with the cards dealt")  # pragma: no cover
    replayer.check_showdown_known()
    return replayer.result()


def _revealed_by_shows(record: HandRecord) -> dict[tuple[int, int], Card]:
    """The unknown cards (``??``) that the shows at the end name, by (action, index).

    A show lists a player's cards of the final deal in the order they were dealt, and those are
    the last cards the record deals that player: the last of them are the show's. A show whose
    count does not match is refused once the replay has dealt the hand (``check_shows``).
    """
    dealt: dict[int, list[tuple[int, int, Card | None]]] = {}
    revealed: dict[tuple[int, int], Card] = {}
    for number, action in enumerate(record.actions, 1):
        if isinstance(action, DealHole):
            slots = dealt.setdefault(action.player, [])
            slots.extend((number, index, card) for index, card in enumerate(action.cards))
        elif isinstance(action, ShowMuck) and action.cards is not None:
            slots = dealt.get(action.player, [])
            if len(action.cards) > len(slots):
                continue
            final = slots[len(slots) - len(action.cards) :]
            named = {card for _, _, card in final if card is not None}
            if named.issuperset(card for card in action.cards if card is not None):
                continue  # names nothing the deal left unknown (maybe in another order)
            for (at, index, card), shown in zip(final, action.cards, strict=True):
                if card is None and shown is not None:
                    revealed[(at, index)] = shown
    return revealed
