"""The hand's state, and what it says about itself: stacks, pots, cards, street, wild cards.

:class:`HandState` is the ground floor of :class:`~wildstud.deal.Hand`: it names every part of
the hand (what lasts across deals, and the :class:`~wildstud.deal.per_deal.Deal` on the table)
and answers the questions that change nothing. The floors above it move the hand on: dealing
(:mod:`wildstud.deal.dealing`), the players' actions (:mod:`wildstud.deal.player_actions`) and
the end of the hand (:mod:`wildstud.deal.ending`); :mod:`wildstud.deal.state` puts them
together.

>>> from wildstud.deal import Hand
>>> hand = Hand("FTQ", [50, 50, 50])
>>> isinstance(hand, HandState), hand.pot, hand.stub, hand.live
(True, 0, 52, (0, 1, 2))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

from wildstud.betting import Stakes
from wildstud.cards import DECK, Card
from wildstud.deal.dealers import Dealer
from wildstud.deal.events import Awarded, Event
from wildstud.deal.per_deal import Deal, Runs
from wildstud.deal.stages import Chance, Stage
from wildstud.errors import IllegalActionError, TableError
from wildstud.games import GameOptions, Rules
from wildstud.games.options import OptionValue
from wildstud.pots import Pot, build_pots
from wildstud.seats import seat_label as _name
from wildstud.wilds import HeldCard, Wilds

__all__ = ["HandState", "card_code"]

# The same chance steps recur hand after hand: one record each, shared (they are frozen).
# Measured (benchmarks/engine.py's player, FTQ and BD7, two runs of 16 rounds of 400 hands
# alternated with the trick undone, best round, 2026-12-05): within the noise (FTQ 0.6% fewer
# hands to 0.1% more building each, BD7 1.0% fewer to 0.9% more).
_chance = lru_cache(maxsize=1024)(Chance)


def card_code(card: Card) -> int:
    """A card's code, as a sort key: cards sort as their codes do, and integers sort fast.

    >>> from wildstud.cards import parse_cards
    >>> [str(card) for card in sorted(parse_cards("As 2c Kh"), key=card_code)]
    ['2c', 'Kh', 'As']
    """
    return card.code


class HandState:
    """The parts of a hand and the questions about it that change nothing (see the module's
    docstring); a :class:`~wildstud.deal.Hand` is one."""

    rules: Rules
    """The game's rules, its house rules in force among them."""
    options: GameOptions
    """The house rules (``rules.options``)."""
    stakes: Stakes
    """The antes, bring-in, bets and caps, as the betting rounds take them."""
    dealer: int
    """The dealer's seat."""
    private = False
    """Whether the face-down cards are hidden from the engine until shown (a private deal:
    :class:`~wildstud.deal.private.PrivateHand`)."""
    _plain_options: tuple[tuple[str, OptionValue], ...]
    _dealer: Dealer  # the dealer policy: picks the cards of step() and run()
    _burn: bool  # a card is burned before each street
    _redeal_code: int  # the code of the card whose coming face up stops the deal, or -1
    _top: bool  # five of a kind above a straight flush
    _next_seat_brings_in: bool
    _reads_hands: bool  # whether the wild rule reads the players' own cards
    _last_face_up: int  # the index of the last street dealt face up
    _charges_for_wilds: bool  # extra antes or a payment for a wild card dealt face up
    _stacks: list[int]
    # What a seat has paid in is what it began with less what it has now, plus what was pushed
    # to it: the stacks are the one record of the chips, written once an action.
    _began_with: tuple[int, ...]  # each seat's stack as the hand began
    _won: list[int]  # chips pushed to each seat
    _carried: list[Pot]  # the pots carried over from stopped deals
    _awards: list[Awarded]
    _order: tuple[int, ...]  # every seat, from the dealer's left
    _events: list[Event]
    _redacted: dict[int | None, list[Event]]
    """Each viewer's copy of the events, as :meth:`~wildstud.deal.Hand.view` last made it: the
    events are only ever added to, so a view (one per bot decision) redacts only the new ones."""
    _deal: Deal  # the deal on the table: a redeal replaces it whole (see _start_deal)
    _stage: Stage  # where the hand's state machine stands: what the next move does
    _runs: Runs | None  # the two runs of a hand run twice (house rule run_twice), else None

    # -- the state -----------------------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        """Where the deal stands: what the next move does."""
        return self._stage

    @property
    def to_act(self) -> int | None:
        """The seat that must act now, if a player must."""
        return self._deal.round.to_act if self._deal.round is not None else None

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that has happened, with every card (the dealer's record)."""
        return tuple(self._events)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind for each seat."""
        return tuple(self._stacks)

    @property
    def paid(self) -> tuple[int, ...]:
        """Chips each seat has put in the pot during this hand (antes, payments, bets; an
        uncalled bet handed back is not counted)."""
        return tuple(
            began - now + won
            for began, now, won in zip(self._began_with, self._stacks, self._won, strict=True)
        )

    @property
    def pot(self) -> int:
        """Chips in the pot (all pots together) now."""
        return sum(self._began_with) - sum(self._stacks)  # every chip not behind is in a pot

    def pots(self) -> tuple[Pot, ...]:
        """The main pot and side pots as they stand (empty once the pots are pushed).

        Pots carried over from a stopped deal keep the seats that could win them; under the
        ``redeal-everyone`` rule the players who had folded join them again. The chips of the
        current deal form pots of their own. Pots that the same seats can win are one pot. In a
        hand run twice (:meth:`~wildstud.deal.Hand.run_twice`), the half of each pot the run
        being dealt is for.
        """
        if self._stage == Stage.OVER:
            return ()
        return self._all_pots()

    def _all_pots(self) -> tuple[Pot, ...]:
        if self._runs is not None:
            # Run twice: no chip goes in once the runs start, and the stacks change as run 1
            # is pushed, so each run's pots are fixed where the runs started.
            return self._runs.pots
        deal = self._deal
        live = frozenset(self.live)
        pots = list(self._carried)
        # No chip is pushed before the deal's last step: what a seat paid in during this deal
        # is what its stack lost since the deal began.
        paid = [began - now for began, now in zip(deal.began_with, self._stacks, strict=True)]
        if any(paid):
            # A hand mucked at the showdown still shapes the pots it was contesting.
            contesting = live | set(deal.mucked)
            ante = self.stakes.ante
            if not self.options.ante_trimming and any(
                deal.antes[seat] < ante for seat in contesting
            ):
                # House rule `ante_trimming` off: every ante is one pot that every hand
                # contesting can win, a hand all in for less than the ante too.
                pots.append(Pot(sum(deal.antes), contesting))
                paid = [chips - ante for chips, ante in zip(paid, deal.antes, strict=True)]
            all_in = [seat for seat in contesting if self._stacks[seat] == 0]
            if all_in:
                pots.extend(build_pots(dict(enumerate(paid)), contesting, all_in))
            elif any(paid):
                # Only all-in players cut side pots: without one, every chip of the deal is one
                # pot for the hands contesting it (what build_pots gives, without its levels).
                pots.append(Pot(sum(paid), contesting))
        merged: dict[frozenset[int], int] = {}
        for pot in pots:
            eligible = pot.eligible & live
            if not eligible:
                # Every hand that could win this pot was mucked at the showdown: the last of
                # them was the last hand contesting it and takes it unshown (Robert's Rules).
                # A carried pot that nobody live may win cannot otherwise arise (the last
                # player able to bet never has to fold); should one, the live hands contest it.
                claimants = [seat for seat in deal.mucked if seat in pot.eligible]
                eligible = frozenset(claimants[-1:]) or live
            merged[eligible] = merged.get(eligible, 0) + pot.amount
        return tuple(Pot(amount, eligible) for eligible, amount in merged.items())

    @property
    def stub(self) -> int:
        """How many cards are left in the stub."""
        return self._deal.stub.bit_count()

    @property
    def stub_cards(self) -> tuple[Card, ...]:
        """The cards left in the stub, in code order: what a chance step may deal (the dealer's
        secret, never for players' eyes)."""
        stub = self._deal.stub
        return tuple(card for card in DECK if stub >> card.code & 1)

    @property
    def deal_number(self) -> int:
        """1 for the first deal, one more after each redeal."""
        return self._deal.number

    @property
    def street(self) -> int | None:
        """The index of the street being dealt or bet (``None`` before the first)."""
        return None if self._deal.street < 0 else self._deal.street

    @property
    def street_name(self) -> str | None:
        """The name of the current street."""
        return None if self._deal.street < 0 else self.rules.streets[self._deal.street].name

    @property
    def in_deal(self) -> tuple[int, ...]:
        """The seats dealt into the current deal, in dealing order."""
        return self._deal.in_deal

    @property
    def live(self) -> tuple[int, ...]:
        """The seats in the current deal that have not folded, in dealing order."""
        return self._deal.live

    @property
    def wilds(self) -> Wilds:
        """The wild cards now (each seat's own set, too: not for players' eyes)."""
        return self._wilds

    @property
    def awards(self) -> tuple[Awarded, ...]:
        """The chips pushed to winners, once the hand is over."""
        return tuple(self._awards)

    @property
    def centre(self) -> Card | None:
        """The centre card dealt after a last face-up queen (Follow the Queen house rule)."""
        return self._deal.centre

    @property
    def community(self) -> Card | None:
        """The community card of a short stub: every live player's last card."""
        return self._deal.community

    def cards(self, seat: int) -> tuple[HeldCard, ...]:
        """The cards in front of ``seat`` in this deal, in dealing order (the dealer's record)."""
        return tuple(self._deal.cards.get(seat, ()))

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards that play for ``seat``: its own and the community card, if any."""
        deal = self._deal
        own = tuple(held.card for held in deal.cards.get(seat, ()))
        return own if deal.community is None else (*own, deal.community)

    def chance(self) -> Chance | None:
        """The chance step due now: the card the dealer deals next, with its seat, face and
        street, or a redeal's gathering (kind :attr:`Stage.REDEAL`: the deal's cards go back
        under the stub and the next deal starts; it takes no card, :meth:`step` does it);
        ``None`` when the next move is no chance step (the antes, a player's action, the
        showdown, the end).

        >>> from wildstud.deal import Hand, stack_deck
        >>> hand = Hand("FTQ", [50, 50], deck=stack_deck("As 9c"))
        >>> hand.chance() is None, hand.stage  # the antes come first
        (True, <Stage.ANTES: 'antes'>)
        >>> _ = hand.step()
        >>> hand.chance()
        Chance(kind=<Stage.CARD: 'card'>, deal=1, street=0, seat=0, up=False)
        """
        deal = self._deal
        stage = self._stage
        if not stage.chance:
            if stage is Stage.REDEAL:
                return _chance(stage, deal.number, deal.street)
            return None
        if stage is Stage.CARD:
            return deal.queue[0] if deal.queue else None
        return _chance(stage, deal.number, deal.street, None, stage is not Stage.BURN)

    def _check_seat(self, seat: object) -> None:
        # A seat is a whole number naming a chair at this table: refuse anything else (a
        # string, a float, a bool, a chair that does not exist) before it reaches a message.
        if type(seat) is not int or not 0 <= seat < len(self._stacks):
            raise TableError(f"no seat {seat!r} at this table (seats 0 to {len(self._stacks) - 1})")

    def _refuse_dealer(self, what: str) -> None:
        if self._stage is Stage.OVER:
            raise IllegalActionError(f"the hand is over: {what}")
        raise IllegalActionError(f"{_name(self.to_act or 0)} must act before the dealer goes on")

    @property
    def _wilds(self) -> Wilds:
        """The wild cards now, worked out when asked for: most cards dealt change nothing that
        anyone reads before the next one lands."""
        deal = self._deal
        wilds = deal.wilds_now
        if wilds is None:
            hands = self._wild_hands() if deal.wilds_seated else {}
            wilds = deal.wilds_now = deal.tracker.wilds(hands)
        return wilds

    def _wild_hands(self) -> Mapping[int, Sequence[HeldCard]]:
        """The players' cards as the wild rule reads them: with the community card, if any;
        just the seats, when the rule does not read the cards."""
        deal = self._deal
        if not self._reads_hands:
            return dict.fromkeys(deal.cards, ())
        community = [HeldCard(deal.community, False)] if deal.community is not None else []
        return {seat: [*held, *community] for seat, held in deal.cards.items()}

    def _wild_for(self) -> Callable[[int], frozenset[Card]]:
        """Each seat's wild cards, seat by seat as asked for. Where the rule reads no hands,
        every seat has the table's."""
        tracker = self._deal.tracker
        if self._reads_hands:
            hands = self._wild_hands()
            return lambda seat: tracker.seat_wild(seat, hands[seat])
        wild = tracker.wild
        return lambda seat: wild
