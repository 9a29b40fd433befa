"""Writing a hand the engine played as a hand record.

:func:`record_from_hand` reads a :class:`~wildstud.deal.Hand`'s events and writes them in the
PHH notation: the table's set-up, then one ``d dh`` action per player per street (in the order
the cards went round), the board cards, the bets, a ``# redeal`` note before each new deal and
the hands shown down. What a reader may see is chosen with ``reveal``: the cards shown at the
showdown (a spectator's record), one seat's own cards as well, or every card (for tests).

Players are numbered from the dealer's left, as PHH does for stud: ``p1`` is the seat after the
dealer. A hand dealt with the dealer in the last seat (the engine's default) keeps its seat
numbers; any other is rotated so that its ``p1`` sits on the dealer's left.

>>> from wildstud.deal import Hand, stack_deck
>>> from wildstud.history.notation import format_action
>>> hand = Hand("FTQ", [50, 50], deck=stack_deck("As 9c Ah 9d Qh 7d  2c 3c  Kc 4d"))
>>> hand.run(); _ = hand.complete(); _ = hand.call(); hand.run()
>>> [format_action(action) for action in record_from_hand(hand).actions]
... # doctest: +NORMALIZE_WHITESPACE
['d dh p1 ????Qh # Q♥ to p1: the next face-up card will be wild',
 'd dh p2 ????7d # Q♥ to p1, then 7♦ to p2: sevens are wild',
 'p2 cbr 5', 'p1 cc', 'd dh p1 2c', 'd dh p2 3c']
>>> format_action(record_from_hand(hand, reveal=0).actions[0]).split(" #")[0]
'd dh p1 AsAhQh'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from wildstud.betting import ActionKind
from wildstud.cards import Card
from wildstud.deal import (
    Acted,
    Awarded,
    Called,
    CentreCard,
    CommunityCard,
    DealStarted,
    Dealt,
    Hand,
    HandStarted,
    Mucked,
    Phase,
    Redealt,
    RunStarted,
    Shown,
    StreetStarted,
    WildsChanged,
    shown_in_place,
)
from wildstud.errors import RecordError
from wildstud.games import Limit, StudOptions
from wildstud.history.notation import (
    REDEAL_COMMENT,
    RUN_2_COMMENT,
    Action,
    BringIn,
    CardSlot,
    CheckCall,
    CompleteBetRaise,
    DealBoard,
    DealHole,
    Fold,
    Note,
    ShowMuck,
)
from wildstud.history.schema import HandRecord
from wildstud.seats import seat_label
from wildstud.words import describe_change, describe_redeal

__all__ = ["Reveal", "record_from_hand"]

Reveal = Literal["showdown", "all"] | int
"""What a record shows of the hidden cards: those shown down, every card, or a seat's own too."""

# Options that PHH fields carry (``ante_trimming`` is ``ante_trimming_status``, written always).
_STAKES = frozenset({"limit", "ante", "bring_in", "small_bet", "big_bet", "cards", "ante_trimming"})


def record_from_hand(hand: Hand, *, reveal: Reveal = "showdown") -> HandRecord:
    """The hand so far as a :class:`~wildstud.history.notation.HandRecord`.

    ``reveal`` says which face-down cards the record gives (the rest are ``??``):
    ``"showdown"``, the cards shown down at the end (what anyone at the table saw); a seat
    number, that seat's own cards as well (what that player knows, during the hand or after);
    ``"all"``, every card, so that the record replays to the very same hand. Burned cards are
    never written. A finished hand also gets ``finishing_stacks`` and ``winnings``.
    """
    count = len(hand.stacks)
    if not (reveal in ("showdown", "all") or (type(reveal) is int and 0 <= reveal < count)):
        raise RecordError(f"reveal must be 'showdown', 'all' or a seat from 0 to {count - 1}")
    writer = _Writer(hand, reveal)
    actions = writer.actions()
    options = hand.options
    started = hand.events[0]
    assert isinstance(started, HandStarted)
    limit = options.limit
    fixed = limit is Limit.FIXED
    spread = limit is Limit.SPREAD
    over = hand.phase is Phase.OVER
    won = [0] * count
    for award in hand.awards:
        won[award.seat] += award.amount
    code = hand.rules.code
    house_rules = {name: value for name, value in options.changes().items() if name not in _STAKES}
    return HandRecord(
        variant=code,
        antes=(options.ante,) * count,
        bring_in=options.bring_in if isinstance(options, StudOptions) else 0,
        starting_stacks=writer.rotate(started.stacks),
        betting=limit,
        small_bet=options.small_bet if fixed else None,
        big_bet=options.big_bet if fixed else None,
        spread=(options.small_bet, options.big_bet) if spread else None,
        min_bet=None if fixed or spread else options.small_bet,
        house_rules=house_rules,
        ante_trimming_status=options.ante_trimming,
        finishing_stacks=writer.rotate(hand.stacks) if over else None,
        winnings=writer.rotate(tuple(won)) if over else None,
        actions=actions,
        runs=2 if any(isinstance(event, RunStarted) for event in hand.events) else 1,
    )


class _Writer:
    """Turns the events into actions, one street's deals at a time."""

    def __init__(self, hand: Hand, reveal: Reveal) -> None:
        self.hand = hand
        self.reveal = reveal
        count = len(hand.stacks)
        self.count = count
        self.dealer = hand.dealer
        self.out: list[Action] = []
        self.dealt: list[_Dealt] = []  # this street's cards, in the order dealt
        self.board: _Dealt | None = None
        # A private deal's face-down cards are written as their owners showed them; one
        # never shown is unknown to everyone but its owner: ?? whatever ``reveal`` asks.
        events = shown_in_place(hand.events) if hand.private else hand.events
        self.events = events
        # Hands shown down are seen by all: their cards are written in the final deal.
        final = max(i for i, event in enumerate(events) if isinstance(event, DealStarted))
        self.shown = {event.seat for event in events[final:] if isinstance(event, Shown)}
        self.final = final
        self.held: dict[int, list[Card]] = {}
        """Each seat's cards in the deal (and run) being written, in the order dealt."""
        self.at_run_start: dict[int, list[Card]] = {}

    def player(self, seat: int) -> int:
        return (seat - self.dealer - 1) % self.count

    def rotate(self, values: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(values[(self.dealer + 1 + index) % self.count] for index in range(self.count))

    @property
    def labels(self) -> dict[int, str]:
        """Each seat's name as the record numbers the players (from the dealer's left)."""
        return {seat: seat_label(self.player(seat)) for seat in range(self.count)}

    def visible(self, seat: int, card: Card, up: bool, index: int) -> CardSlot:
        if up or self.reveal == "all" or self.reveal == seat:
            return card
        return card if index >= self.final and seat in self.shown else None

    def actions(self) -> tuple[Action, ...]:
        for index, event in enumerate(self.events):
            self.add(index, event)
        self.flush()
        self.show_the_last_hand()
        return tuple(self.out)

    def show_the_last_hand(self) -> None:
        """When every other hand was mucked at the showdown, the last one takes the pots
        unshown; the record writes it as shown where it gives that hand's cards anyway, for a
        reader (pokerkit) that awards a pot only to a hand shown."""
        hand = self.hand
        final = hand.events[self.final :]
        if hand.phase is not Phase.OVER or not any(isinstance(e, Mucked) for e in final):
            return
        if any(isinstance(event, Shown) for event in final) or len(hand.live) != 1:
            return
        (seat,) = hand.live
        if (self.reveal == "all" or self.reveal == seat) and not hand.private:
            own = tuple(held.card for held in hand.cards(seat))
            self.out.append(ShowMuck(self.player(seat), own))

    def add(self, index: int, event: object) -> None:
        match event:
            case Dealt(seat=seat, card=None):
                self.dealt.append(_Dealt(seat, None))  # a private deal's, never shown
            case Dealt(seat=seat, card=card, up=up):
                assert card is not None
                self.held.setdefault(seat, []).append(card)
                self.dealt.append(_Dealt(seat, self.visible(seat, card, up, index)))
            case WildsChanged():
                self.note(describe_change(event.change, self.labels))
            case Called(name=name):
                self.note(f"{name}!")
            case CentreCard(card=card) | CommunityCard(card=card):
                self.flush()
                self.board = _Dealt(None, card)
            case Acted(seat=seat, kind=kind, to_amount=to_amount):
                self.flush()
                self.out.append(_bet(self.player(seat), kind, to_amount))
            case Redealt():
                self.note(describe_redeal(event.card, event.seat, self.labels) + ": the deal stops")
                # A street the redeal card cut short goes card by card, in the order dealt:
                # grouped by player, the cards dealt before it to the players listed after it
                # would seem to come after it.
                self.flush(one_by_one=self.hand.rules.redeal_card is not None)
                self.out.append(Note(REDEAL_COMMENT))
            case Mucked(seat=seat):
                self.flush()
                self.out.append(ShowMuck(self.player(seat)))
            case Shown(seat=seat):
                self.flush()
                own = tuple(self.held.get(seat, ()))
                self.out.append(ShowMuck(self.player(seat), own))
            case RunStarted(run=1):
                self.at_run_start = {seat: list(cards) for seat, cards in self.held.items()}
            case RunStarted(run=2):
                # Run 2 is dealt to the hands as they stood where run 1 began.
                self.held = {seat: list(cards) for seat, cards in self.at_run_start.items()}
                self.flush()
                self.out.append(Note(RUN_2_COMMENT))
            case DealStarted():
                self.held = {}
                self.flush()
            case StreetStarted() | Awarded():
                self.flush()

    def note(self, text: str) -> None:
        """A comment on the card just dealt (the one that changed the wild cards)."""
        last = self.board if self.board is not None else (self.dealt[-1] if self.dealt else None)
        if last is not None:
            last.notes.append(text)

    def flush(self, *, one_by_one: bool = False) -> None:
        if one_by_one:
            groups = [[dealt] for dealt in self.dealt]
        else:
            by_seat: dict[int | None, list[_Dealt]] = {}
            for dealt in self.dealt:
                by_seat.setdefault(dealt.seat, []).append(dealt)
            groups = list(by_seat.values())
        for group in groups:
            seat = group[0].seat
            assert seat is not None
            cards = tuple(dealt.card for dealt in group)
            self.out.append(DealHole(self.player(seat), cards, _comment(group)))
        if self.board is not None:
            self.out.append(DealBoard((self.board.card,), _comment([self.board])))
        self.dealt = []
        self.board = None


@dataclass(slots=True)
class _Dealt:
    """A card dealt, as the record shows it, with what happened when it landed."""

    seat: int | None
    card: CardSlot
    notes: list[str] = field(default_factory=list)


def _comment(group: list[_Dealt]) -> str | None:
    notes = [note for dealt in group for note in dealt.notes]
    # A comment runs to the end of the action, so it may not hold a line break.
    return "; ".join(notes).replace("\n", " ") if notes else None


def _bet(player: int, kind: ActionKind, to_amount: int) -> Action:
    if kind is ActionKind.FOLD:
        return Fold(player)
    if kind in (ActionKind.CHECK, ActionKind.CALL):
        return CheckCall(player)
    if kind is ActionKind.BRING_IN:
        return BringIn(player)
    return CompleteBetRaise(player, to_amount)
