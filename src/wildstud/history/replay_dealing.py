"""Dealing a record's cards through the engine, and the whole replay's loop.

The engine deals one card at a time round the table; a record lists a street by player or card
by card. :class:`Replayer` takes each card from the action for the seat the dealer is dealing
to, deals unknown cards (``??``) and cards a redeal left out from the cards nobody named, and
says why a card out of turn, dealt twice or missing is refused.
"""

from __future__ import annotations

from collections import deque

from wildstud.cards import Card
from wildstud.deal import Phase, Redealt, Stage
from wildstud.errors import WildstudError
from wildstud.games.definitions import Street
from wildstud.games.options import ShortStub
from wildstud.history.notation import Action, DealBoard, DealHole, ShowMuck
from wildstud.history.replay_betting import ReplayBetting
from wildstud.history.replay_shows import ReplayShows
from wildstud.history.replay_state import BETTING, RecordEndsError, Slot, Source
from wildstud.history.replay_steps import StepKind
from wildstud.seats import seat_label
from wildstud.words import describe_redeal

__all__ = ["Replayer"]


class Replayer(ReplayBetting, ReplayShows):
    """A record played through the engine: :meth:`run` plays it, :meth:`result` says what it
    gave (see the module's docstring)."""

    def run(self) -> None:
        hand = self.hand
        try:
            while hand.phase is not Phase.OVER:
                if hand.phase is Phase.PLAYER:
                    self._player_turn()
                else:
                    self._dealer_turn()
        except RecordEndsError as stop:
            self.stopped = str(stop)
        else:
            self._after_the_hand()
        self.deals.append(hand.wilds)

    def _dealer_turn(self) -> None:
        # pokerkit writes the last player's answer to a free fold before the shows and mucks
        # that follow it, so that answer is read first.
        self._check_after_free_fold()
        if self._mucked_early():
            return  # the hand changed: fewer cards to deal, or it is over
        if self.record.runs == 2 and self.hand.can_run_twice():
            # `_runs = 2`: the players agreed where the hands all in were turned up.
            self.hand.run_twice()
            self._mark(StepKind.DEALER, None)
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
            self.sources[(seat, position)] = Source(None, 0, False)
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
        self.sources[(seat, position)] = Source(slot.action, slot.index, known)

    def _folded_card(self, card: Card) -> bool:
        """Whether ``card`` is a folded hand's that the engine takes back into a short stub
        (``short_stub`` ``reshuffle``: a record whose dealer burned runs short sooner)."""
        hand = self.hand
        if hand.options.short_stub is not ShortStub.RESHUFFLE:
            return False
        folded = set(hand.in_deal) - set(hand.live)
        return any(card == held.card for seat in folded for held in hand.cards(seat))

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
                    Slot(card, number, index) for index, card in enumerate(action.cards)
                )
                self.read.setdefault(seat, []).append((number, len(action.cards)))
                return True
        if self._cut_short(street):
            return False
        if upcoming is None:
            raise RecordEndsError(
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
        assert isinstance(action, BETTING)
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
            raise RecordEndsError(f"the record deals no more cards: {what} comes next")
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
