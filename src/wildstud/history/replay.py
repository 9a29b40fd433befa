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
>>> replay(dataclasses.replace(record, actions=(*record.actions[:2], CompleteBetRaise(1, 7))))
... # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wildstud.errors.RecordError: action 3 (`p2 cbr 7`): complete to 7 is not allowed: completions ...
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from enum import StrEnum

from wildstud.betting import ActionKind
from wildstud.cards import QUEEN_OF_SPADES, Card, Rank
from wildstud.deal import (
    DealStarted,
    Hand,
    Mucked,
    Phase,
    Redealt,
    ScriptDealer,
    Shown,
    Stage,
)
from wildstud.errors import RecordError, WildstudError
from wildstud.games.definitions import Street
from wildstud.games.options import ShortStub
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
from wildstud.history.schema import HandRecord
from wildstud.history.tolerance import RecordWarning, Tolerance
from wildstud.seats import seat_label
from wildstud.wilds import HeldCard, Wilds
from wildstud.words import describe_redeal

__all__ = ["Replay", "Step", "StepKind", "replay"]


class StepKind(StrEnum):
    """Where a step of a replay came from."""

    PLAYED = "played"
    """A record action played through the engine (one card of a deal action, or a bet)."""
    FILLED = "filled"
    """A player's action the record leaves out, filled in: a check, or the bring-in."""
    DEALER = "dealer"
    """A dealer's step that no action records: antes, a burn, a redeal, the showdown, or a card
    the record leaves out."""
    NOTED = "noted"
    """A record action that moves nothing: a note, a show, a muck after the hand."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: the record action behind it and the engine events it added.

    ``action`` is the action's number in the record (from 1), ``None`` for a step the record
    leaves out; ``events`` the ``start, stop`` indices of its events in ``hand.events``.
    """

    kind: StepKind
    action: int | None
    events: tuple[int, int]


@dataclass(frozen=True, slots=True, eq=False)
class Replay:
    """A record played through the engine.

    ``hand`` is the engine's hand after the record; ``steps`` every step in order; ``unknown``
    the cards (with their deal number) that the record did not name and the replay dealt from
    the unseen cards; ``deals`` the wild cards at the end of each deal; ``stopped`` says why
    the replay ended before the hand did (``None`` once the hand is over).
    """

    record: HandRecord
    hand: Hand
    steps: tuple[Step, ...]
    unknown: frozenset[tuple[int, Card]]
    deals: tuple[Wilds, ...]
    stopped: str | None
    warnings: tuple[RecordWarning, ...] = ()
    """What a lenient reading let pass: the record's own (from reading it), then the replay's."""
    unshown: tuple[RecordWarning, ...] = ()
    """The shows that kept cards hidden (``p2 sm ????5d…``), each with its place: such a hand
    has not been shown, so it wins nothing (the PHH specification), in either reading."""

    @property
    def complete(self) -> bool:
        """Whether the hand is over."""
        return self.hand.phase is Phase.OVER

    @property
    def filled(self) -> tuple[Step, ...]:
        """The steps filled in for actions the record leaves out."""
        return tuple(step for step in self.steps if step.kind is StepKind.FILLED)

    def steps_of(self, action: int) -> tuple[Step, ...]:
        """The steps that record action number ``action`` (from 1) made."""
        return tuple(step for step in self.steps if step.action == action)

    def action_of(self, event: int) -> int | None:
        """The number of the record action behind engine event ``event`` (an index into
        ``hand.events``), or ``None`` when the record left that step out."""
        for step in self.steps:
            start, stop = step.events
            if start <= event < stop:
                return step.action
        return None


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
    replayer = _Replayer(
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


# --- the replay --------------------------------------------------------------------------------


_BETTING = (BringIn, CompleteBetRaise, CheckCall, Fold)
_AGGRESSIVE = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)


class _RecordEndsError(Exception):
    """The record runs out where the hand needs something only the record can give."""


@dataclass(frozen=True, slots=True)
class _Slot:
    """One card of a deal action waiting to be dealt."""

    card: Card | None
    action: int
    index: int


@dataclass(frozen=True, slots=True)
class _Source:
    """Where a card the engine dealt came from: an action's card, or nowhere (left out)."""

    action: int | None
    index: int
    known: bool


def _harmless(card: Card) -> tuple[bool, bool, int, int]:
    # A card dealt for an unknown one should change as little as possible: no queen or king
    # (they move wild cards), least of all the queen of spades.
    return (card == QUEEN_OF_SPADES, card.rank in (Rank.QUEEN, Rank.KING), card.rank, card.suit)


class _Replayer:
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
        self.sources: dict[tuple[int, int], _Source] = {}
        self.dealt_by: dict[Card, int | None] = {}
        # This street: the cards read from the record and not dealt yet, by seat.
        self.street: tuple[int, int] | None = None
        self.pending: dict[int, deque[_Slot]] = {}
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

    # -- running -------------------------------------------------------------------------------

    def run(self) -> None:
        hand = self.hand
        try:
            while hand.phase is not Phase.OVER:
                if hand.phase is Phase.PLAYER:
                    self._player_turn()
                else:
                    self._dealer_turn()
        except _RecordEndsError as stop:
            self.stopped = str(stop)
        else:
            self._after_the_hand()
        self.deals.append(hand.wilds)

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

    # -- the players ---------------------------------------------------------------------------

    def _player_turn(self) -> None:
        self._close_street()
        hand = self.hand
        seat = hand.to_act
        assert seat is not None
        kinds = {option.kind for option in hand.legal_actions()}
        upcoming = self._peek()
        action = None if upcoming is None else upcoming[1]
        if upcoming is not None and isinstance(
            action, BringIn | CompleteBetRaise | CheckCall | Fold
        ):
            number = upcoming[0]
            if (
                action.player != seat
                and ActionKind.BRING_IN in kinds
                and not isinstance(action, BringIn)
            ):
                self._fill(ActionKind.BRING_IN)
                return
            self._take(number)
            self._play(number, action, kinds)
            return
        street = hand.street_name
        if not self.fill_in:
            if upcoming is None:
                raise _RecordEndsError(
                    f"the record ends with {seat_label(seat)} to act on {street}"
                )
            raise self._error(
                upcoming[0],
                f"{seat_label(seat)} must act on {street} before this: the record leaves it out",
            )
        if ActionKind.BRING_IN in kinds:
            self._fill(ActionKind.BRING_IN)
        elif ActionKind.CHECK in kinds:
            self._fill(ActionKind.CHECK)
        elif upcoming is None:
            # The record stops here, mid-betting: it is ruled on as it stands.
            raise _RecordEndsError(
                f"the record ends with {seat_label(seat)} to act on {street}, facing a bet"
            )
        else:
            call = next(option for option in hand.legal_actions() if option.kind is ActionKind.CALL)
            name = seat_label(seat)
            raise self._error(
                upcoming[0],
                f"{name} faces a bet on {street} (a call is to {call.min_amount}) and the record"
                f" does not say what {name} did: a missing action counts as a check, which is"
                f" not possible here, and a call is never assumed (write `{name} cc`,"
                f" `{name} cbr …` or `{name} f`)",
            )

    def _fill(self, kind: ActionKind) -> None:
        self.hand.act(kind)
        self._mark(StepKind.FILLED, None)

    def _play(self, number: int, action: Action, kinds: set[ActionKind]) -> None:
        assert isinstance(action, _BETTING)
        amount: int | None = None
        if isinstance(action, BringIn):
            kind = ActionKind.BRING_IN
        elif isinstance(action, Fold):
            kind = ActionKind.FOLD
            if ActionKind.CHECK in kinds:
                self._free_fold(number, action)
                return
        elif isinstance(action, CheckCall):
            kind = ActionKind.CALL if ActionKind.CALL in kinds else ActionKind.CHECK
        else:
            offered = [kind for kind in _AGGRESSIVE if kind in kinds]
            kind = offered[0] if offered else self._aggressive_kind()
            amount = action.amount
        try:
            self.hand.act(kind, amount, seat=action.player)
        except WildstudError as error:
            raise RecordError(str(error), action=number, text=format_action(action)) from None
        self._mark(StepKind.PLAYED, number)

    def _free_fold(self, number: int, action: Fold) -> None:
        """A fold when checking was free: refused, or, read leniently, a fold that stands."""
        name = seat_label(action.player)
        if not self.lenient:
            raise RecordError(
                f"{name} folds with nothing to call: checking was free (a lenient reading lets"
                " the fold stand)",
                action=number,
                text=format_action(action),
            )
        self.hand.act(ActionKind.FOLD, seat=action.player, free_fold=True)
        self._warn(
            number, Tolerance.FREE_FOLD, f"{name} folds when checking was free: the fold stands"
        )
        self._mark(StepKind.PLAYED, number)

    def _check_after_free_fold(self) -> None:
        """Read leniently, the answer of the last player with chips right after a fold when
        checking was free closed the betting: pokerkit still asks that player to act, so its
        records write a check, which changes nothing, or a fold, which gives the hand up as a
        muck would. Either passes with a warning."""
        upcoming = self._peek()
        if not self.lenient or upcoming is None:
            return
        number, action = upcoming
        if not isinstance(action, CheckCall | Fold):
            return
        previous = self.actions[number - 2] if number > 1 else None
        hand = self.hand
        if not (
            isinstance(previous, Fold)
            and self.warnings
            and self.warnings[-1].kind is Tolerance.FREE_FOLD
            and self.warnings[-1].action == number - 1
            and action.player in hand.live
            and hand.stacks[action.player] > 0
        ):
            return
        name = seat_label(action.player)
        if isinstance(action, Fold):
            try:
                hand.muck(action.player)
            except WildstudError as error:
                raise self._error(number, str(error)) from None
            self._take(number)
            self._warn(
                number,
                Tolerance.FREE_FOLD,
                f"{name} folds after the free fold left nobody to bet against: the hand is"
                " given up as a muck",
            )
            self._mark(StepKind.PLAYED, number)
            return
        self._take(number)
        self._warn(
            number,
            Tolerance.FREE_FOLD,
            f"{name} checks after the free fold left nobody to bet against: the check changes"
            " nothing",
        )
        self._mark(StepKind.NOTED, number)

    def _warn(self, number: int, kind: Tolerance, reason: str) -> None:
        text = format_action(self.actions[number - 1])
        self.warnings.append(RecordWarning(reason, kind, action=number, text=text))

    def _aggressive_kind(self) -> ActionKind:
        """The kind of ``cbr`` the betting calls for when none is open now (so that the engine
        says why): the next wager as the engine names it, a completion while the bring-in is
        due (a ``cbr`` then completes)."""
        kind = self.hand.next_wager
        return ActionKind.COMPLETE if kind in (None, ActionKind.BRING_IN) else kind

    # -- the dealer ----------------------------------------------------------------------------

    def _dealer_turn(self) -> None:
        # pokerkit writes the last player's answer to a free fold before the shows and mucks
        # that follow it, so that answer is read first.
        self._check_after_free_fold()
        if self._mucked_early():
            return  # the hand changed: fewer cards to deal, or it is over
        chance = self.hand.chance()
        kind = self.hand.stage
        if chance is not None and chance.seat is not None:
            self._deal_card(chance.seat, chance.up)
        elif kind is Stage.BURN:
            self._deal(self._spare(), None)
        elif kind in (Stage.CENTRE, Stage.COMMUNITY):
            self._close_street()
            self._deal_board(kind)
        elif kind is Stage.SHOWDOWN:
            self._close_street()
            self._showdown()
        elif kind is Stage.REDEAL:
            self._close_street(redeal=True)
            self.deals.append(self.hand.wilds)
            self._dealer_step(None)
        else:
            self._dealer_step(None)

    def _new_deal(self) -> None:
        if self.hand.deal_number != self.deal:
            self.deal = self.hand.deal_number
            self.sources = {}
            self.dealt_by = {}

    def _deal_card(self, seat: int, up: bool) -> None:
        hand = self.hand
        self._new_deal()
        assert hand.street is not None
        key = (hand.deal_number, hand.street)
        if key != self.street:
            self._close_street()
            self.street = key
        street = hand.rules.streets[hand.street]
        got = self.got.get(seat, 0)
        position = len(hand.cards(seat))
        if not self.pending.get(seat) and not self._read_deal(seat, street, got):
            # Left out of a street that a redeal cut short: it matters to nothing.
            spare = self._spare()
            self.unknown.add((self.deal, spare))
            self.sources[(seat, position)] = _Source(None, 0, False)
            self._deal(spare, None)
            self.got[seat] = got + 1
            return
        slot = self.pending[seat].popleft()
        card = slot.card or self.revealed.get((slot.action, slot.index))
        known = card is not None
        if card is None:
            if up:
                raise self._error(
                    slot.action,
                    f"{seat_label(seat)}'s card on {street.name} is dealt face up: everyone saw"
                    " it, so it cannot be unknown (??)",
                )
            card = self._spare()
            self.unknown.add((self.deal, card))
        elif card not in hand.stub_cards and not self._folded_card(card):
            raise self._error(slot.action, self._dealt_twice(card))
        self._deal(card, slot.action, StepKind.PLAYED)
        self.got[seat] = got + 1
        self.dealt_by[card] = slot.action
        self.sources[(seat, position)] = _Source(slot.action, slot.index, known)

    def _folded_card(self, card: Card) -> bool:
        """Whether ``card`` is a folded hand's that the engine takes back into a short stub
        (``short_stub`` ``reshuffle``: a record whose dealer burned runs short sooner)."""
        hand = self.hand
        if hand.options.short_stub is not ShortStub.RESHUFFLE:
            return False
        folded = set(hand.in_deal) - set(hand.live)
        return any(card == held.card for seat in folded for held in hand.cards(seat))

    def _dealt_twice(self, card: Card) -> str:
        if card not in self.dealt_by:
            return f"{card} is not in the deck here: the dealer burned it"
        earlier = self.dealt_by[card]
        where = f" (action {earlier})" if earlier is not None else ""
        return f"{card} was already dealt in this deal{where}: a card can be dealt only once"

    def _read_deal(self, seat: int, street: Street, got: int) -> bool:
        """Read the next action as ``seat``'s cards on this street; ``False`` when the record
        rightly leaves them out (a street cut short by the queen of spades)."""
        upcoming = self._peek()
        while upcoming is not None and self._early_show(*upcoming):
            upcoming = self._peek()
        per_seat = len(street.cards)
        name = seat_label(seat)
        if upcoming is not None:
            number, action = upcoming
            if isinstance(action, DealHole) and action.player == seat:
                if len(action.cards) > per_seat - got:
                    already = f"; {name} already has {got} of them" if got else ""
                    raise self._error(
                        number,
                        f"{street.name} deals each player {per_seat} card"
                        f"{'' if per_seat == 1 else 's'}{already}: this action deals"
                        f" {len(action.cards)}",
                    )
                self._take(number)
                for index, slot in enumerate(action.cards):
                    self._use(slot or self.revealed.get((number, index)))
                self.pending[seat] = deque(
                    _Slot(card, number, index) for index, card in enumerate(action.cards)
                )
                self.read.setdefault(seat, []).append((number, len(action.cards)))
                return True
        if self._cut_short(street):
            return False
        if upcoming is None:
            raise _RecordEndsError(
                f"the record deals no more cards: {name}'s card on {street.name} comes next"
            )
        earlier = self.read.get(seat, [])
        if got and earlier and earlier[-1][1] > 1:
            # A street's cards for one player in one action must all be there.
            raise self._error(
                earlier[-1][0],
                f"{street.name} deals each player {per_seat} cards: this action gives {name}"
                f" {earlier[-1][1]}",
            )
        raise self._error(upcoming[0], self._misdeal(seat, street, upcoming[1]))

    def _mucked_early(self) -> bool:
        """Take the shows and mucks that come before a street's first card while the hands
        are dealt out all in; ``True`` if a hand was given up."""
        mucked = False
        while (upcoming := self._peek()) is not None and self._early_show(*upcoming):
            action = upcoming[1]
            mucked = mucked or (isinstance(action, ShowMuck) and action.mucks)
        return mucked

    def _early_show(self, number: int, action: Action) -> bool:
        """Take a show made before the last cards are dealt, once no more betting can come
        (everyone but one player all in): PHH's writers show the hands then, before the cards
        still to come, as a table does. ``False`` for anything else."""
        hand = self.hand
        if not isinstance(action, ShowMuck) or action.player not in hand.live:
            return False
        if any(self.pending.values()):
            return False  # a street is being dealt: shows come between streets
        if action.mucks:
            try:
                hand.muck(action.player)
            except WildstudError:
                return False  # not while a street is being dealt: the caller says why
            self._take(number)
            self._mark(StepKind.PLAYED, number)
            return True
        if sum(1 for seat in hand.live if hand.stacks[seat] > 0) > 1:
            return False
        self._take(number)
        self.held_at_show[number] = len(hand.cards(action.player))
        if self._hides_cards(action):
            self._not_shown(number, action)
            self.unshown_seats.add(action.player)
        else:
            self._shown_whole(action.player)
        self._show(number, action)
        return True

    def _misdeal(self, seat: int, street: Street, action: Action) -> str:
        name = seat_label(seat)
        hand = self.hand
        nxt = f"{name}'s card on {street.name} comes next"
        if isinstance(action, DealHole):
            other = seat_label(action.player)
            if action.player not in hand.live:
                return f"{other} has no hand in this deal, so gets no card: {nxt}"
            if hand.deal_number > 1 and not self.got and hand.street == 0:
                redeal = next(e for e in reversed(hand.events) if isinstance(e, Redealt))
                reason = describe_redeal(redeal.card, redeal.seat)
                return (
                    f"the deal before stopped ({reason}) and no more cards go to it; the new"
                    f" deal starts from the dealer's left: {nxt}, not {other}'s"
                )
            return (
                f"dealt out of turn: cards go round the table from the dealer's left, so {nxt},"
                f" not {other}'s"
            )
        if isinstance(action, DealBoard):
            return f"no card goes to the centre here: {nxt}"
        if isinstance(action, ShowMuck):
            return f"no showdown yet: {nxt}"
        assert isinstance(action, _BETTING)
        return f"{seat_label(action.player)} cannot act while the dealer deals: {nxt}"

    def _cut_short(self, street: Street) -> bool:
        """Whether a card already read is the redeal card, to be dealt face up on this street:
        then the deal stops there, and the grouped form leaves out the cards dealt before it
        to the players listed after it."""
        redeal = self.hand.rules.redeal_card
        if redeal is None:
            return False
        for seat, queue in self.pending.items():
            got = self.got.get(seat, 0)
            for offset, slot in enumerate(queue):
                position = got + offset
                card = slot.card or self.revealed.get((slot.action, slot.index))
                if card == redeal and position < len(street.cards) and street.cards[position]:
                    return True
        return False

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

    def _deal_board(self, kind: Stage) -> None:
        self._new_deal()
        upcoming = self._peek()
        if kind is Stage.CENTRE:
            what = "the centre card"
            why = (
                "the last face-up card was a queen, so one card goes face up to the centre"
                " (`d db …`)"
            )
        else:
            what = "the community card"
            why = (
                "the stub is too short to give every player a card, so one card goes to the"
                " centre for them all (`d db …`)"
            )
        if upcoming is None:
            raise _RecordEndsError(f"the record deals no more cards: {what} comes next")
        number, action = upcoming
        if not isinstance(action, DealBoard):
            raise self._error(number, f"{what} comes next: {why}")
        if len(action.cards) != 1:
            raise self._error(number, f"one card goes to the centre, not {len(action.cards)}")
        card = action.cards[0] or self.revealed.get((number, 0))
        if card is None:
            raise self._error(number, f"{what} lies face up: it cannot be unknown (??)")
        # With the stub used up, the dealer turns the centre card from the burned cards.
        stub_empty = kind is Stage.CENTRE and not self.hand.stub
        if card in self.dealt_by or not (stub_empty or card in self.hand.stub_cards):
            raise self._error(number, self._dealt_twice(card))
        self._take(number)
        self._use(card)
        self._deal(card, number, StepKind.PLAYED)
        self.dealt_by[card] = number

    def _showdown(self) -> None:
        hand = self.hand
        while self._at_showdown():
            upcoming = self._peek()
            show = None if upcoming is None else upcoming[1]
            if upcoming is None or not isinstance(show, ShowMuck):
                break
            number = upcoming[0]
            self._take(number)
            live = show.player in hand.live
            if live and not show.mucks and self._hides_cards(show):
                self._not_shown(number, show)
                hand.muck(show.player)
                self._mark(StepKind.PLAYED, number)
            elif show.mucks and live:
                hand.muck(show.player)
                self._mark(StepKind.PLAYED, number)
            else:
                self._shown_whole(show.player)
                self._show(number, show)
        # A hand shown with cards hidden before the last cards were dealt was never shown whole.
        for seat in sorted(self.unshown_seats):
            if self._at_showdown() and seat in hand.live:
                hand.muck(seat)
                self._mark(StepKind.DEALER, None)
        if self._at_showdown():
            self._dealer_step(None)

    def _hides_cards(self, show: ShowMuck) -> int:
        """How many cards a show leaves hidden: each ``??`` it lists (PHH: a card not shown),
        or with ``sm -``, which shows the cards as dealt, each card the record dealt as ``??``."""
        if show.mucks:
            return 0
        if show.cards is not None:
            return sum(1 for card in show.cards if card is None)
        return sum(
            1
            for position in range(len(self.hand.cards(show.player)))
            if (source := self.sources.get((show.player, position))) is not None
            and not source.known
        )

    def _shown_whole(self, seat: int) -> None:
        """A hand shown with cards hidden while the last cards were dealt, then shown whole:
        it has been shown after all."""
        if seat in self.unshown_seats:
            self.unshown_seats.discard(seat)
            name = seat_label(seat)
            self.unshown = [n for n in self.unshown if (n.text or "").split(" ")[0] != name]

    def _not_shown(self, number: int, show: ShowMuck) -> None:
        """A hand shown with cards hidden has not been shown (the PHH specification allows
        such a show at a cash game): it cannot win. The ruling says so."""
        name = seat_label(show.player)
        hidden = self._hides_cards(show)
        held = len(show.cards) if show.cards is not None else len(self.hand.cards(show.player))
        text = format_action(self.actions[number - 1])
        reason = (
            f"{name} shows {held - hidden} of {held} cards, keeping {hidden} hidden (??): a hand"
            " not shown whole is not shown, and cannot win"
        )
        self.unshown.append(RecordWarning(reason, Tolerance.HIDDEN_SHOW, action=number, text=text))

    def _at_showdown(self) -> bool:
        return self.hand.stage is Stage.SHOWDOWN

    def _show(self, number: int, show: ShowMuck) -> None:
        if not show.mucks:
            self.shows.append((number, show))
        self._mark(StepKind.NOTED, number)

    def _after_the_hand(self) -> None:
        hand = self.hand
        shown = any(isinstance(event, Shown) for event in hand.events)
        why = "after the showdown" if shown else "everyone else folded"
        while (upcoming := self._peek()) is not None:
            number, action = upcoming
            if isinstance(action, ShowMuck):
                self._take(number)
                self._show(number, action)
                continue
            if self._dealt_out(number, action):
                continue
            if isinstance(action, DealHole | DealBoard):
                raise self._error(number, f"the hand is over ({why}): no more cards are dealt")
            raise self._error(number, f"the hand is over ({why}): nobody acts any more")

    def _dealt_out(self, number: int, action: Action) -> bool:
        """Take a card dealt to the last hand after every other hand was given up while the
        hands were dealt out all in: pokerkit deals the run-out to the end; the cards change
        nothing, as long as they are cards nobody holds."""
        hand = self.hand
        events = hand.events
        given_up = next(
            (event for event in reversed(events) if isinstance(event, Mucked | Shown)), None
        )
        if not (
            isinstance(action, DealHole)
            and isinstance(given_up, Mucked)
            and hand.live == (action.player,)
            and not any(isinstance(event, Shown) for event in events)
        ):
            return False
        for card in action.cards:
            if card is not None and card not in hand.stub_cards:
                raise self._error(number, self._dealt_twice(card))
        self._take(number)
        self._mark(StepKind.NOTED, number)
        return True

    # -- unknown cards -------------------------------------------------------------------------

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

    def check_shows(self) -> dict[tuple[int, int], Card]:
        """Check each show against the cards dealt; return the unknown cards it reveals."""
        hand = self.hand
        revealed: dict[tuple[int, int], Card] = {}
        for number, show in self.shows:
            if show.cards is None:
                continue
            seat = show.player
            own = hand.cards(seat)
            if number in self.held_at_show:
                own = own[: self.held_at_show[number]]
            name = seat_label(seat)
            if not own:
                raise self._error(number, f"{name} holds no cards in this deal to show")
            if len(show.cards) != len(own):
                raise self._error(
                    number,
                    f"{name} holds {len(own)} cards, and a show lists them all in the order"
                    f" dealt (?? for a card kept hidden): this one lists {len(show.cards)}",
                )
            if self._reordered(show.cards, own):
                continue
            for position, (shown, held) in enumerate(zip(show.cards, own, strict=True)):
                source = self.sources.get((seat, position))
                if shown is None or shown == held.card:
                    continue
                if source is None or source.known or source.action is None:
                    where = "" if source is None else f" in action {source.action}"
                    raise self._error(
                        number,
                        f"{name} shows {shown} as card {position + 1}, but was dealt"
                        f" {held.card}{where}",
                    )
                revealed[(source.action, source.index)] = shown
        return revealed

    @staticmethod
    def _reordered(shown: tuple[Card | None, ...], own: tuple[HeldCard, ...]) -> bool:
        """Whether a show names the player's own cards in another order than dealt: the PHH
        specification lists a hand's cards, and a hand is the same in any order (pokerkit
        writes them as the player showed them)."""
        named = [card for card in shown if card is not None]
        held = {held.card for held in own}
        return len(set(named)) == len(named) and held.issuperset(named)

    def check_showdown_known(self) -> None:
        """A hand shown down must be known card by card: a ruling cannot rest on ``??``."""
        hand = self.hand
        start = max(
            (index for index, event in enumerate(hand.events) if isinstance(event, DealStarted)),
            default=0,
        )
        for event in hand.events[start:]:
            if not isinstance(event, Shown):
                continue
            for position in range(len(hand.cards(event.seat))):
                source = self.sources.get((event.seat, position))
                if source is not None and not source.known:
                    name = seat_label(event.seat)
                    raise self._error(
                        source.action,
                        f"{name}'s hand is shown down, so its cards must be known: give this"
                        f" ?? here or in a show at the end (`{name} sm …`; a show that keeps"
                        " cards hidden, `??`, is no show, and that hand cannot win)",
                    )
