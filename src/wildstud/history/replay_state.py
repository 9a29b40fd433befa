"""The replay's state and its plumbing: reading the record's actions, marking the steps the
engine took, the errors that name an action, the street's cards read and not dealt yet, and
the cards dealt for those the record does not name.

:class:`ReplayState` is the ground floor of the replayer that
:func:`~wildstud.history.replay.replay` runs: :mod:`wildstud.history.replay_betting` plays the
players' actions, :mod:`wildstud.history.replay_shows` the shows and the showdown, and
:mod:`wildstud.history.replay_dealing` deals the record's cards and runs the whole.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from wildstud.cards import QUEEN_OF_SPADES, Card, Rank
from wildstud.deal import Hand, ScriptDealer
from wildstud.errors import RecordError, WildstudError
from wildstud.history.notation import (
    Action,
    BringIn,
    CheckCall,
    CompleteBetRaise,
    DealBoard,
    DealHole,
    Fold,
    Note,
    ShowMuck,
    format_action,
)
from wildstud.history.replay_steps import Replay, Step, StepKind
from wildstud.history.schema import HandRecord
from wildstud.history.tolerance import RecordWarning
from wildstud.seats import seat_label
from wildstud.wilds import HeldCard, Wilds

__all__ = ["BETTING", "RecordEndsError", "ReplayState", "Slot", "Source"]


BETTING = (BringIn, CompleteBetRaise, CheckCall, Fold)
"""The record's betting actions."""


class RecordEndsError(Exception):
    """The record runs out where the hand needs something only the record can give."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One card of a deal action waiting to be dealt."""

    card: Card | None
    action: int
    index: int


@dataclass(frozen=True, slots=True)
class Source:
    """Where a card the engine dealt came from: an action's card, or nowhere (left out)."""

    action: int | None
    index: int
    known: bool


def _harmless(card: Card) -> tuple[bool, bool, int, int]:
    # A card dealt for an unknown one should change as little as possible: no queen or king
    # (they move wild cards), least of all the queen of spades.
    return (card == QUEEN_OF_SPADES, card.rank in (Rank.QUEEN, Rank.KING), card.rank, card.suit)


class ReplayState:
    """A record being played through the engine: its state and plumbing (see the module's
    docstring)."""

    def __init__(
        self,
        record: HandRecord,
        *,
        fill_in: bool,
        revealed: dict[tuple[int, int], Card],
        lenient: bool = False,
    ) -> None:
        self.record = record
        self.lenient = lenient
        self.warnings: list[RecordWarning] = list(record.warnings)
        self.actions = record.actions
        self.fill_in = fill_in
        self.revealed = revealed
        self.cursor = 0
        self.steps: list[Step] = []
        self.count = 0
        self.unknown: set[tuple[int, Card]] = set()
        self.deals: list[Wilds] = []
        self.shows: list[tuple[int, ShowMuck]] = []
        self.held_at_show: dict[int, int] = {}  # a show before the last cards: cards held then
        # A show at run 1's showdown of a hand run twice: the cards held then, and their sources
        # (run 2 deals the same positions again).
        self.run_1_shows: dict[int, tuple[tuple[HeldCard, ...], dict[tuple[int, int], Source]]] = {}
        self.unshown: list[RecordWarning] = []  # shows with cards hidden, which cannot win
        self.unshown_seats: set[int] = set()  # such shows before the last cards
        self.stopped: str | None = None
        # Where each known card is named in the actions not read yet, so that a card dealt for
        # an unknown one is never a card the record still has to deal.
        self.uses: dict[Card, deque[int]] = {}
        for number, action in enumerate(self.actions, 1):
            if isinstance(action, DealHole | DealBoard):
                for index, slot in enumerate(action.cards):
                    card = slot or revealed.get((number, index))
                    if card is not None:
                        self.uses.setdefault(card, deque()).append(number)
        # This deal: where each seat's cards came from, and which action dealt each card.
        self.deal = 0
        self.sources: dict[tuple[int, int], Source] = {}
        self.dealt_by: dict[Card, int | None] = {}
        # This street: the cards read from the record and not dealt yet, by seat.
        self.street: tuple[int, int] | None = None
        self.pending: dict[int, deque[Slot]] = {}
        self.got: dict[int, int] = {}
        self.read: dict[int, list[tuple[int, int]]] = {}  # (action, cards) read per seat
        count = record.player_count
        try:
            self.hand = Hand(
                record.game,
                record.starting_stacks,
                record.options(),
                deck=ScriptDealer(()),  # never asked: the replay deals every card itself
                dealer=count - 1,
            )
        except WildstudError as error:
            raise RecordError(str(error), field="starting_stacks") from None

    def result(self) -> Replay:
        return Replay(
            record=self.record,
            hand=self.hand,
            steps=tuple(self.steps),
            unknown=frozenset(self.unknown),
            deals=tuple(self.deals),
            stopped=self.stopped,
            warnings=tuple(self.warnings),
            unshown=tuple(self.unshown),
        )

    def _peek(self) -> tuple[int, Action] | None:
        """The next action that does something; notes on the way are passed over."""
        while self.cursor < len(self.actions):
            action = self.actions[self.cursor]
            if not isinstance(action, Note):
                return self.cursor + 1, action
            self.cursor += 1
            self._mark(StepKind.NOTED, self.cursor)
        return None

    def _take(self, number: int) -> None:
        assert number == self.cursor + 1
        self.cursor = number

    def _mark(self, kind: StepKind, action: int | None) -> None:
        start = self.count
        self.count = len(self.hand.events)
        self.steps.append(Step(kind, action, (start, self.count)))

    def _error(self, number: int | None, reason: str) -> RecordError:
        if number is None:
            if not self.actions:
                return RecordError(f"the record has no actions: {reason}")
            number = len(self.actions)
            reason = f"the record ends with this action, but {reason}"
        return RecordError(reason, action=number, text=format_action(self.actions[number - 1]))

    def _dealer_step(self, action: int | None, kind: StepKind = StepKind.DEALER) -> None:
        try:
            self.hand.step()
        except WildstudError as error:
            raise self._error(action, str(error)) from None
        self._mark(kind, action)

    def _deal(self, card: Card, action: int | None, kind: StepKind = StepKind.DEALER) -> None:
        """Take the hand's chance step with ``card``."""
        try:
            self.hand.deal(card)
        except WildstudError as error:
            raise self._error(action, str(error)) from None
        self._mark(kind, action)

    def _close_street(self, *, redeal: bool = False) -> None:
        """The street's dealing is over: no card the record gave for it may be left over."""
        leftover = [(seat, slot) for seat, queue in self.pending.items() for slot in queue]
        self.street = None
        self.pending = {}
        self.got = {}
        self.read = {}
        if not leftover:
            return
        seat, slot = leftover[0]
        card = "??" if slot.card is None else str(slot.card)
        if redeal:
            reason = (
                f"the deal stopped when {self._last_up()} was dealt face up, so"
                f" {seat_label(seat)} never got {card}: no more cards are dealt in a deal that"
                " stops for a redeal"
            )
        else:  # pragma: no cover - each read is checked against the street's size
            reason = f"{seat_label(seat)} never got {card}: the street was over"
        raise self._error(slot.action, reason)

    def _last_up(self) -> str:
        for seat in self.hand.in_deal:
            for held in self.hand.cards(seat):
                if held.up and held.card == self.hand.rules.redeal_card:
                    return held.card.pretty
        return "the last card"  # pragma: no cover - only the redeal card cuts a street short

    def _dealt_twice(self, card: Card) -> str:
        if card not in self.dealt_by:
            return f"{card} is not in the deck here: the dealer burned it"
        earlier = self.dealt_by[card]
        where = f" (action {earlier})" if earlier is not None else ""
        return f"{card} was already dealt in this deal{where}: a card can be dealt only once"

    def _use(self, card: Card | None) -> None:
        if card is not None and self.uses.get(card):
            self.uses[card].popleft()

    def _spare(self) -> Card:
        """A card for one the record does not name: one it never names again if it can."""
        reserved = {
            slot.card or self.revealed.get((slot.action, slot.index))
            for queue in self.pending.values()
            for slot in queue
        }
        left = [card for card in self.hand.stub_cards if card not in reserved]
        free = [card for card in left if not self.uses.get(card)]
        if free:
            return min(free, key=_harmless)
        if not left:  # pragma: no cover - the record's own cards are checked first
            raise RecordError("the record names every card left in the deck")
        # Every card left is named later: take the one named latest (it is back in the deck by
        # then, after a redeal or a reshuffle of the burned cards).
        return max(left, key=lambda card: self.uses[card][0])
