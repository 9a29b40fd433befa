"""The dealer's steps: antes, streets, cards, burns, a short stub, the centre and community
cards, the wild cards each face-up card makes, redeals, and the opening of each betting round.

:class:`Dealing` is the floor of :class:`~wildstud.deal.Hand` that moves the hand on between the
players' actions: each ``_do_…`` method is a stage's step (the table in
:mod:`wildstud.deal.state` says which), and the chance steps deal a card the dealer policy picked
or the caller gave.

>>> from wildstud.deal import Hand, stack_deck
>>> hand = Hand("FTQ", [50, 50], deck=stack_deck("As 9c Ah 9d Qh 7d"))
>>> hand.run()
>>> isinstance(hand, Dealing), hand.street_name, hand.to_act
(True, 'third street', 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from wildstud.betting import BettingRound
from wildstud.cards import DECK, Card, Rank, cards_mask
from wildstud.deal.acting import (
    board_values,
    highest_board,
    lowest_upcard,
    rotate,
    shows_pair,
    shows_pair_value,
)
from wildstud.deal.events import (
    BettingOpened,
    Burned,
    Called,
    CentreCard,
    CommunityCard,
    DealStarted,
    Dealt,
    Gathered,
    Paid,
    Payment,
    Redealt,
    StreetStarted,
    StubShuffled,
    TurnedUp,
    WildsChanged,
)
from wildstud.deal.hand_state import HandState, card_code
from wildstud.deal.per_deal import Deal, RedealPlan
from wildstud.deal.stages import Chance, Stage
from wildstud.deal.views import RedealPending
from wildstud.errors import DeckExhaustedError, NotInStubError
from wildstud.games import NoQueen, Opener
from wildstud.games.options import ShortStub
from wildstud.pots import Pot
from wildstud.wilds import FaceUp, HeldCard, Trigger, WildChange, WildStep, WildTracker

__all__ = ["Dealing"]

# Module copies of the enum members the hot path reads: Python 3.11 reads an enum member
# through a descriptor, several times slower than a module global.
_QUEEN = Rank.QUEEN
_KING_TRIGGER = Trigger.KING
_LAST_CARD = Trigger.LAST_CARD
_STARTS_A_FOLLOW = frozenset({Trigger.QUEEN, Trigger.QUEEN_RETURNS})
_DEALERS_LEFT, _LOW_CARD = Opener.DEALERS_LEFT, Opener.LOW_CARD
_ANTE = Payment.ANTE
# The stages every street moves through (the class of a Stage reads its members through
# EnumType.__getattr__'s slow hook in Python 3.11: about 580 instructions a read, callgrind).
_CARD, _BURN, _BETTING = Stage.CARD, Stage.BURN, Stage.BETTING
_PLAY_ON = NoQueen.PLAY_ON


_WHOLE_PACK = cards_mask(DECK)

# Every card, face down and face up, as a seat holds it: one shared record each, as a dealt card
# needs one and they never change. Measured (benchmarks/engine.py's player, FTQ and BD7, 8
# rounds of 800 hands in processes alternated with the trick undone, best round, 2026-12-05):
# a HeldCard(card, up) built at each card instead plays 5.5% (FTQ) and 4.4% (BD7) fewer hands.
_HELD = tuple(HeldCard(card, up) for card in DECK for up in (False, True))

# The same deals, payments and street openings recur hand after hand. Their records are frozen,
# so one made before serves again: finding it is quicker than building a new one. Measured
# (benchmarks/engine.py's player, FTQ and BD7, two runs of 16 rounds of 400 hands alternated
# with the trick undone, best round, 2026-12-05): building each instead plays 2.3-2.8% (FTQ)
# and 0.2-0.3% (BD7, within the noise) fewer hands.
_paid_record = lru_cache(maxsize=1024)(Paid)
_street_started = lru_cache(maxsize=256)(StreetStarted)
_betting_opened = lru_cache(maxsize=256)(BettingOpened)


@lru_cache(maxsize=256)
def _in_order(cards: frozenset[Card]) -> tuple[Card, ...]:
    # The rules hand out the same few wild sets again and again: each is sorted once. Measured
    # (benchmarks/engine.py's player, FTQ and BD7, two runs of 16 rounds of 400 hands
    # alternated with the trick undone, best round, 2026-12-05): within the noise (FTQ 0.3-1.4%
    # fewer hands sorting each time, BD7 0.8-1.2% more).
    return tuple(sorted(cards, key=card_code))


@lru_cache(maxsize=8192)
def _dealt(seat: int, code: int, up: bool, street: int) -> Dealt:
    # Found by the card's code: cards hash slowly. Measured (benchmarks/engine.py's player, FTQ
    # and BD7, 8 rounds of 800 hands in processes alternated with the trick undone, best round,
    # 2026-12-05): a Dealt built at each card instead plays 4.4% (FTQ) and 4.0% (BD7) fewer hands.
    return Dealt(seat, DECK[code], up, street)


@lru_cache(maxsize=1024)
def _face_up_record(code: int, seat: int | None) -> FaceUp:
    # As _dealt. Measured the same way: a FaceUp built at each face-up card instead plays 2.2%
    # (FTQ) and 1.1% (BD7) fewer hands.
    return FaceUp(DECK[code], seat)


@lru_cache(maxsize=1024)
def _street_queue(
    deal: int, street: int, faces: tuple[bool, ...], seats: tuple[int, ...]
) -> tuple[Chance, ...]:
    """A street's cards, in the order they are dealt: round the table for each card of the
    street. The same streets recur hand after hand, so each queue is made once."""
    # Measured (benchmarks/engine.py's player, FTQ and BD7, two runs of 16 rounds of 400 hands
    # alternated with the trick undone, best round, 2026-12-05): a queue made at each street
    # instead plays 9.6-10.7% (FTQ) and 7.3-9.6% (BD7) fewer hands.
    return tuple(Chance(Stage.CARD, deal, street, seat, up) for up in faces for seat in seats)


class Dealing(HandState):
    """The dealer's steps (see the module's docstring)."""

    def _begin_stub(self, deal: int, gathered: Sequence[Card]) -> int:
        """Ask the dealer policy for the stub of a new deal, as a card set."""
        cards = self._dealer.begin(deal, gathered)
        return _WHOLE_PACK if cards is DECK else cards_mask(cards)

    def _start_deal(
        self, number: int, seats: tuple[int, ...], antes: tuple[int, ...], stub: int
    ) -> None:
        """Start deal ``number`` to ``seats`` from ``stub``: the first, or a redeal, which
        replaces the last deal's state whole (what lasts across deals is the hand's)."""
        self._deal = deal = Deal.start(
            number,
            seats,
            stacks=tuple(self._stacks),
            stub=stub,
            tracker=WildTracker(self.rules.wild_rule),
            ante_due=antes if self.stakes.ante > 0 else (),
        )
        self._events.append(DealStarted(number, seats))
        if deal.ante_due:
            self._stage = Stage.ANTES
        else:
            self._begin_street(0)

    def _pay(self, seat: int, due: int, kind: Payment, card: Card | None = None) -> None:
        amount = min(due, self._stacks[seat])
        if due <= 0 or amount <= 0:
            return
        self._stacks[seat] -= amount
        self._events.append(_paid_record(seat, amount, due, kind, card))

    def _do_antes(self) -> None:
        deal = self._deal
        ante = self.stakes.ante  # more than nothing: only then are antes due (_start_deal)
        stacks, antes, events = self._stacks, deal.antes, self._events
        for seat in deal.ante_due:
            # _pay, written out: every deal antes every seat. 0.5% fewer opcodes a hand of
            # benchmarks/engine.py's FTQ player (Python's opcode trace, 200 hands, 2026-12-03:
            # 26,943 to 26,802).
            stack = stacks[seat]
            amount = antes[seat] = ante if stack >= ante else stack  # min(), without the call
            if amount > 0:
                stacks[seat] = stack - amount
                events.append(_paid_record(seat, amount, ante, _ANTE, None))
        deal.ante_due = ()
        self._begin_street(0)

    def _begin_street(self, index: int) -> None:
        deal = self._deal
        deal.street = index
        street = self.rules.streets[index]
        self._events.append(_street_started(index, street.name))
        # The deal's own field, not the hand's property (self.live): a property is a call,
        # read at every street. 0.15% fewer instructions a hand of the FTQ player (callgrind,
        # 300 hands after 300, PYTHONHASHSEED=0, 2026-12-04: 1,551,833 to 1,549,598).
        deal.queue = list(_street_queue(deal.number, index, street.cards, deal.live))
        deal.burn_due = self._burn
        deal.community_due = False
        self._plan_stub()

    def _plan_stub(self) -> None:
        """Choose how the street is dealt: normally, or from a short stub (burns shuffled back
        in first, then one community card if still too few)."""
        deal = self._deal
        need = len(deal.queue) + int(deal.burn_due)
        left = self.stub  # a private hand counts its stub otherwise
        if left >= need:
            self._stage = _BURN if deal.burn_due else _CARD
        elif deal.burns or self._folded_out():
            self._stage = Stage.RESHUFFLE
        elif len(self.rules.streets[deal.street].cards) == 1 and left >= 1:
            deal.queue = []
            deal.community_due = True
            deal.burn_due = deal.burn_due and left >= 2
            self._stage = Stage.BURN if deal.burn_due else Stage.COMMUNITY
        else:
            # A stacked deck too short: the next step says so and changes nothing.
            self._stage = Stage.CARD

    def _pick(self) -> Card:
        """The card the dealer policy picks for the chance step due (the stub is not empty)."""
        chance = self.chance()
        assert chance is not None
        card = self._dealer.pick(chance)
        if not self._deal.stub >> card.code & 1:
            self._refuse_card(card)
        return card

    def _take(self, card: Card) -> None:
        """``card`` leaves the stub."""
        self._deal.stub ^= 1 << card.code
        self._deal.out.append(card)
        self._dealer.dealt(card)

    def _refuse_card(self, card: Card) -> None:
        deal = self._deal
        if card in deal.out:
            why = "it is out already in this deal"
        elif not deal.stub:
            burned = " ".join(map(str, deal.burns))
            why = "the stub is empty" + (f", and the burned cards are {burned}" if burned else "")
        else:
            why = f"the stub holds {self.stub} card(s), not this one"
        raise NotInStubError(f"{card} is not in the stub: {why}")

    def _need_cards(self, count: int) -> None:
        if self.stub < count:
            raise DeckExhaustedError(
                f"the deck has {self.stub} card(s) left, the deal needs {count}"
                " (a stacked deck must hold every card the hand deals)"
            )

    def _do_reshuffle(self) -> None:
        if self._deal.burns:
            self._reshuffle_burns()
        else:
            self._gather(self._folded_out())
        self._plan_stub()

    def _folded_out(self) -> list[Card]:
        """Under ``short_stub`` ``reshuffle``, the folded hands' cards not yet back in the stub
        (what a short stub takes back after the burns); otherwise none."""
        deal = self._deal
        if self.options.short_stub is not ShortStub.RESHUFFLE:
            return []
        out = set(deal.out)
        return [
            held.card
            for seat in sorted(deal.folded)
            for held in deal.cards[seat]
            if held.card in out
        ]

    def _do_burn(self) -> None:
        self._need_cards(1)
        self._burn_card(self._pick())

    def _burn_card(self, card: Card) -> None:
        deal = self._deal
        self._take(card)
        deal.burns.append(card)
        self._events.append(Burned(card))
        deal.burn_due = False
        self._stage = Stage.COMMUNITY if deal.community_due else Stage.CARD

    def _do_card(self) -> None:
        self._deal_cards(1)

    def _do_street_cards(self) -> None:
        self._deal_cards(len(self._deal.queue))

    def _deal_cards(self, count: int, given: Card | None = None) -> None:
        """Deal the street's next ``count`` cards, one at a time as the dealer does: a step deals
        one, and :meth:`run` the rest of the street in one call; the dealer policy picks them,
        unless the caller gave the card (:meth:`deal`, which has checked it)."""
        deal = self._deal
        queue, dealer = deal.queue, self._dealer
        if given is not None:
            cards: Sequence[Card] = (given,)
        else:
            # The policy picks the street's cards in one call and hears in one which were
            # dealt, where it was asked twice a card (pick, then dealt): 1.1% fewer instructions a
            # hand of benchmarks/engine.py's FTQ player (callgrind, 300 hands, 2026-12-03).
            cards = dealer.pick_run(queue[:count])
            if not cards:  # the policy has run out: the refusal says why, and nothing changed
                if not deal.stub:
                    self._need_cards(1)
                cards = (dealer.pick(queue[0]),)
        # One loop with the hand's lists at hand, not a call per card: this is the engine's
        # hottest path, and a call and its attribute reads per card cost the benchmark 5-8%.
        street, events, held, out = deal.street, self._events, deal.cards, deal.out
        tracker, face_ups, upcards_of = deal.tracker, deal.face_up, deal.upcards_of
        redeal_code, charges = self._redeal_code, self._charges_for_wilds
        # The stub is kept here as the cards leave it and written back whatever stops the run
        # (nothing the loop calls reads it but the refusal, which is given it first); with the
        # lists and figures above read once: 0.3% fewer instructions a hand of
        # benchmarks/engine.py's FTQ player (callgrind, 300 hands after 300, PYTHONHASHSEED=0,
        # 2026-12-04: 1,602,816 to 1,598,180).
        stub = deal.stub
        before = len(out)
        try:
            for card in cards:
                code = card.code
                if not stub >> code & 1:
                    deal.stub = stub
                    self._refuse_card(card)
                stub ^= 1 << code
                out.append(card)
                step = queue.pop(0)
                seat, up = step.seat, step.up
                assert seat is not None
                held[seat].append(_HELD[code * 2 + up])
                events.append(_dealt(seat, code, up, street))
                if up:
                    face_up = _face_up_record(code, seat)
                    face_ups.append(face_up)
                    upcards_of[seat].append(card)
                    if code == redeal_code:
                        seats = self.live
                        antes = seats if self.rules.reante_on_redeal else ()
                        self._schedule_redeal(RedealPending(card, seat), seats, antes)
                        return
                    if tracker.quiet_codes >> code & 1 and not charges:
                        # A card that changes no wild card, in a game that charges nothing
                        # for them: the tracker takes it without a step (_update_wilds). 2.2%
                        # fewer opcodes a hand of benchmarks/engine.py's FTQ player (Python's
                        # opcode trace, 200 hands, PYTHONHASHSEED=0, 2026-12-04: 25,990 to
                        # 25,423).
                        deal.wilds_seated = True
                        deal.wilds_now = None
                        tracker.add_quiet(face_up)
                    else:
                        self._update_wilds()
                else:
                    if deal.turned_up and seat in deal.turned_up:
                        # A hand turned up all in: its later face-down cards are shown as dealt.
                        events.append(TurnedUp(seat, (card,)))
                    if self._reads_hands or not deal.wilds_seated:
                        deal.wilds_seated = True
                        deal.wilds_now = None
        finally:
            # Whatever stopped the run (its end, a redeal, a card refused), the policy hears
            # of the cards that left the stub.
            deal.stub = stub
            dealer.dealt_run(cards[: len(out) - before])
        if not queue:
            self._end_of_dealing()

    def _deal_card(self, card: Card) -> None:
        """Deal ``card`` (from :meth:`deal`) to the seat next in the street's queue."""
        self._deal_cards(1, card)

    def _do_community(self) -> None:
        self._need_cards(1)
        self._community_card(self._pick())

    def _community_card(self, card: Card) -> None:
        deal = self._deal
        self._take(card)
        deal.community = card
        deal.community_due = False
        self._events.append(CommunityCard(card))
        deal.wilds_seated = True
        deal.wilds_now = None
        self._end_of_dealing()

    def _do_centre(self) -> None:
        if not self._deal.stub:
            if not self._deal.burns:
                self._need_cards(1)
            self._reshuffle_burns()
        self._centre_card(self._pick())

    def _centre_card(self, card: Card) -> None:
        self._take(card)
        self._deal.centre = card
        self._events.append(CentreCard(card))
        self._deal.face_up.append(FaceUp(card, None))
        self._update_wilds()
        self._open_betting()

    def _reshuffle_burns(self) -> None:
        returned = self._deal.burns
        self._deal.burns = []
        self._gather(returned, Gathered.BURNED)

    def _gather(self, returned: list[Card], gathered: Gathered = Gathered.FOLDED) -> None:
        """Shuffle ``returned`` (cards out in this deal: the folded hands', unless ``gathered``
        says the burns) back into the stub."""
        deal = self._deal
        deal.out = [card for card in deal.out if card not in returned]
        deal.stub |= cards_mask(returned)
        self._dealer.put_back(returned)
        self._events.append(StubShuffled(len(returned), gathered))

    def _update_wilds(self) -> None:
        """A face-up card landed: new wild cards, the call, and payments for wild cards."""
        deal = self._deal
        deal.wilds_seated = True
        deal.wilds_now = None
        up = deal.face_up[-1]
        hands = None
        if self._reads_hands and up.seat is not None:
            # A face-up card's step reads no hand but its owner's.
            community = [HeldCard(deal.community, False)] if deal.community is not None else []
            hands = {up.seat: [*deal.cards[up.seat], *community]}
        step = deal.tracker.add(up, hands)
        change = step.change
        if change is not None:
            self._wilds_changed(step, change)
        if self._charges_for_wilds:
            self._pay_for_wilds(step)

    def _wilds_changed(self, step: WildStep, change: WildChange) -> None:
        """A face-up card changed the wild cards (or started a follow): say so, and make the
        call the game has for it."""
        deal = self._deal
        kind = change.kind
        if kind is _LAST_CARD and step.seat is not None:
            # Baby Daddy: a face-up last card makes its rank wild for its seat, as all see.
            deal.wild_ranks[step.seat] = step.card.rank
        if kind in _STARTS_A_FOLLOW and not self._follower_to_come():
            # The sheet: a queen as the last face-up card has no follower. The rule's walk
            # cannot know that no face-up card is to come; the dealer does.
            kind = Trigger.NO_FOLLOWER
        queen = change.queen
        self._events.append(
            WildsChanged(
                step.card,
                step.seat,
                _in_order(change.wild),
                kind,
                _in_order(change.was),
                None if queen is None else queen.card,
                None if queen is None else queen.seat,
            )
        )
        owner = step.seat
        if change.kind is _KING_TRIGGER and self.rules.call is not None and owner is not None:
            self._events.append(Called(self.rules.call, step.card, owner))

    def _pay_for_wilds(self, step: WildStep) -> None:
        """What the house rules charge for the wild cards a face-up card makes: extra antes
        (a face-up queen, a card wild as it lands, earlier cards it turned wild) and paying
        for a wild card dealt face up."""
        deal = self._deal
        owner = step.seat
        if self.rules.extra_antes:
            ante = self.stakes.ante
            if owner is not None:
                if step.card.rank is Rank.QUEEN:
                    self._pay(owner, 2 * ante, Payment.EXTRA_ANTE, step.card)
                elif step.wild_on_landing:
                    self._pay(owner, ante, Payment.EXTRA_ANTE, step.card)
            for position in step.turned_wild:
                earlier = deal.face_up[position]
                if earlier.seat is not None and earlier.seat in self.live:
                    self._pay(earlier.seat, ante, Payment.EXTRA_ANTE, earlier.card)
        if self.rules.pay_for_wild and owner is not None and step.wild_on_landing:
            self._pay(owner, self.rules.pay_for_wild, Payment.PAY_FOR_WILD, step.card)

    def _follower_to_come(self) -> bool:
        """Whether a face-up card may still follow the last one: another face-up card of the
        deal, or the centre card the house rule deals after a last face-up queen."""
        return self._face_up_to_come() or (
            bool(self.rules.centre_card) and self._deal.centre is None
        )

    def _face_up_to_come(self) -> bool:
        """Whether this deal may still deal a card face up (a centre card included)."""
        deal = self._deal
        last = self.rules.last_face_up_street
        if deal.street < last or self._stage == Stage.CENTRE:
            return True
        return deal.street == last and any(slot.up for slot in deal.queue)

    def _end_of_dealing(self) -> None:
        """The street's cards are out: maybe a centre card or a redeal, else the betting."""
        deal = self._deal
        if deal.street == self._last_face_up:
            last = deal.face_up[-1].card if deal.face_up else None
            if (
                self.rules.centre_card
                and deal.centre is None
                and last is not None
                and last.rank is _QUEEN
            ):
                self._stage = Stage.CENTRE
                return
            # Whether a queen was shown is asked only under a rule that redeals without one
            # (most play on): a walk over every face-up card of the deal.
            no_queen = self.rules.no_queen
            if no_queen is not _PLAY_ON and not any(up.card.rank is _QUEEN for up in deal.face_up):
                if no_queen is NoQueen.REDEAL_EVERYONE:
                    seats = antes = self._order
                else:
                    seats, antes = self.live, ()
                pending = RedealPending(None, None)
                self._schedule_redeal(pending, seats, antes)
                return
        self._open_betting()

    def _schedule_redeal(
        self, pending: RedealPending, seats: tuple[int, ...], antes: tuple[int, ...]
    ) -> None:
        self._deal.redeal = RedealPlan(pending, seats, antes)
        self._deal.queue = []
        self._stage = Stage.REDEAL

    def _do_redeal(self) -> None:
        deal = self._deal
        assert deal.redeal is not None
        pending, seats, antes = deal.redeal
        number = deal.number + 1
        stub = self._begin_stub(number, deal.out)
        rejoining = frozenset(seats) - frozenset(self.live)
        self._carried = [Pot(pot.amount, pot.eligible | rejoining) for pot in self._all_pots()]
        self._events.append(Redealt(deal.number, seats, self.pot, pending.card, pending.seat))
        self._start_deal(number, seats, antes, stub)

    def _upcards(self, seat: int) -> list[Card]:
        return self._deal.upcards_of.get(seat, [])

    def _open_betting(self) -> None:
        deal = self._deal
        street = self.rules.streets[deal.street]
        live = deal.live
        stacks = self._stacks
        # The seats with chips behind: every live one, unless one is all in (a rare street).
        # With the round's least stack by map() too: 1.0% fewer opcodes a hand of
        # benchmarks/engine.py's FTQ player than two list comprehensions (Python's opcode
        # trace, 200 hands, PYTHONHASHSEED=0, 2026-12-04: 25,286 to 25,043).
        # (No default=: a keyword makes min() parse its arguments, and a deal is never left
        # without a live seat. With Deck._settle's max() written out: 0.9% fewer instructions
        # a hand of the FTQ player, callgrind, 300 hands after 300, PYTHONHASHSEED=0,
        # 2026-12-04: 1,587,106 to 1,572,765.)
        if min(map(stacks.__getitem__, live)):
            able: Sequence[int] = live
        else:
            able = [seat for seat in live if stacks[seat] > 0]
        # A hand run twice has no more betting, though run 1's pots pushed refill stacks.
        if not street.betting or len(able) < 2 or self._runs is not None:
            self._end_street()
            return
        bring_in = False
        values: dict[int, int] | None = None  # each board's value, where the opener needs them
        ups = deal.upcards_of
        opener = street.opener
        if opener is _DEALERS_LEFT:
            first = live[0]
        elif opener is _LOW_CARD:
            # The bring-in falls to a player with chips to post it: the lowest upcard among
            # them, or (house rule) the first of them to the left of the lowest upcard.
            bring_in = self.stakes.bring_in > 0
            if bring_in and self._next_seat_brings_in:
                low = lowest_upcard({seat: ups[seat][-1] for seat in live})
                first = next(seat for seat in rotate(live, low) if stacks[seat] > 0)
            else:
                first = lowest_upcard(
                    {seat: ups[seat][-1] for seat in (able if bring_in else live)}
                )
        else:
            # Where the rule reads no hands, every seat has the table's wild cards.
            table_or_seats = self._wild_for() if self._reads_hands else deal.tracker.wild
            values = board_values(live, ups, table_or_seats, five_of_a_kind_top=self._top)
            first = highest_board(live, values)
        open_pair = street.open_pair and self.options.open_pair
        if open_pair and values is not None:
            # The boards just valued tell which show a pair (a board of one card never does).
            open_pair = any(len(ups[seat]) >= 2 and shows_pair_value(values[seat]) for seat in live)
        elif open_pair:
            wild_for = self._wild_for()
            open_pair = any(shows_pair(self._upcards(seat), wild_for(seat)) for seat in live)
        order = rotate(live, first)
        deal.round = BettingRound.trusted(
            self.stakes,
            order=order,
            stacks=stacks,  # the round moves the hand's own chips: one record of them
            street_index=deal.rounds,
            big_bet=street.big_bet,
            bring_in=bring_in,
            open_pair=open_pair,
            pot=self.pot,
        )
        self._events.append(_betting_opened(deal.street, first, bring_in))
        self._stage = _BETTING

    def _end_street(self) -> None:
        if self.options.all_in_turn_up:
            self._turn_up()
        if self._deal.street + 1 < len(self.rules.streets):
            self._begin_street(self._deal.street + 1)
        else:
            self._stage = Stage.SHOWDOWN

    def _turn_up(self) -> None:
        """House rule ``all_in_turn_up``: once no more betting can come in this deal (two hands
        or more still in, at most one of them with chips behind), every hand still in is turned
        face up, as the TDA's rules table all-in hands; a hand already turned up stays so."""
        deal = self._deal
        live = deal.live
        if len(live) < 2 or sum(1 for seat in live if self._stacks[seat] > 0) > 1:
            return
        if deal.runout_at is None:
            deal.runout_at = len(deal.out)
        for seat in live:
            if seat in deal.turned_up:
                continue
            deal.turned_up.add(seat)
            deal.showing.add(seat)  # shown at the showdown: a hand turned up is never mucked
            hidden = tuple(held.card for held in deal.cards[seat] if not held.up)
            self._events.append(TurnedUp(seat, hidden))
