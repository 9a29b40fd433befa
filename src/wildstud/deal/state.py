"""One hand of a wild stud game as a deterministic state machine.

The dealer's moves are explicit steps (:meth:`Hand.step`: antes, a burn, one card, a centre
card, a redeal, the showdown). The steps that take a card from the stub are chance steps, as
in OpenSpiel: :meth:`Hand.chance` says which card is dealt next (to whom, face up or down, on
which street, or a burn, a community or a centre card) and :meth:`Hand.deal` deals the card
given, refusing one the stub does not hold; :meth:`Hand.step` lets the hand's dealer policy
(:mod:`wildstud.deal.dealers`) pick it. The players' moves are actions (bring-in, complete, bet,
raise, call, check, fold), each with a ``can_…`` question, a ``verify_…`` check that raises a
specific :class:`~wildstud.errors.IllegalActionError` and the action itself, which returns an
:class:`~wildstud.deal.events.Acted` record. Every step and action appends events. Given the
same cards and the same actions, a hand always unfolds the same way.

Follow the Queen, heads-up, from a stacked deck: p1 gets A♠ A♥ down and Q♥ up, p2 gets 9♣ 9♦
down and 7♦ up, which follows the queen; the rest of the upcards, then the last cards down.

>>> from wildstud.deal.decks import stack_deck
>>> deck = stack_deck("As 9c Ah 9d Qh 7d  2c 3c  Kc 4d  Jc 5h  8s 8h")
>>> hand = Hand("FTQ", [100, 100], deck=deck)
>>> hand.run()
>>> sorted({card.rank.plural for card in hand.wilds.wild}), hand.to_act, [
...     str(option) for option in hand.legal_actions()]
(['sevens'], 1, ['bring-in to 2', 'complete to 5'])
>>> hand.complete().to_amount, hand.call().added
(5, 5)
>>> hand.run()
>>> hand.street_name, hand.to_act  # p2's wild seven pairs the 3♣ showing
('fourth street', 1)
>>> while hand.phase is not Phase.OVER:
...     _ = hand.check() if hand.phase is Phase.PLAYER else hand.step()
>>> from wildstud.hands import describe_value
>>> [(event.seat, describe_value(event.value)) for event in hand.events if isinstance(event, Shown)]
[(0, 'pair of aces'), (1, 'three nines')]
>>> [(award.seat, award.amount) for award in hand.awards], hand.stacks
([(1, 12)], (94, 106))
"""

from __future__ import annotations

import copy as _copy
import warnings
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple, TypedDict

from wildstud.betting import (
    ActionKind,
    ActionOption,
    BettingRound,
    CompletionReraise,
    Limit,
    Stakes,
)
from wildstud.cards import DECK, Card, Rank, cards_mask, parse_card
from wildstud.deal.acting import (
    board_values,
    highest_board,
    lowest_upcard,
    rotate,
    shows_pair,
    shows_pair_value,
)
from wildstud.deal.dealers import DeckLike, as_dealer
from wildstud.deal.events import (
    Acted,
    Awarded,
    BettingOpened,
    Burned,
    Called,
    CentreCard,
    CommunityCard,
    DealStarted,
    Dealt,
    Event,
    Gathered,
    HandEnded,
    HandStarted,
    Mucked,
    Paid,
    Payment,
    Redealt,
    Returned,
    Share,
    Shown,
    StreetStarted,
    StubShuffled,
    WildsChanged,
)
from wildstud.deal.per_deal import Deal, RedealPlan
from wildstud.deal.showdown import Ranked, divide_pots, rank_hand
from wildstud.deal.stages import Chance, Stage
from wildstud.deal.views import Phase, RedealPending, SeatCard, SeatView, TableView, redact
from wildstud.errors import (
    DeckExhaustedError,
    IllegalActionError,
    NotInStubError,
    OutOfTurnError,
    TableError,
)
from wildstud.games import (
    BurnCards,
    Game,
    GameOptions,
    NoQueen,
    Opener,
    Rules,
    StudOptions,
    find_game,
)
from wildstud.games.options import AllInLowCard, OptionValue, ShortStub
from wildstud.pots import Pot, build_pots
from wildstud.seats import seat_label as _name
from wildstud.wilds import FaceUp, HeldCard, NoWilds, Trigger, Wilds, WildTracker

__all__ = ["Chance", "Hand", "NextStep", "Stage"]


# Module copies of the enum members the hot path reads: Python 3.11 reads an enum member
# through a descriptor, several times slower than a module global.
_FOLD = ActionKind.FOLD
_QUEEN = Rank.QUEEN
_KING_TRIGGER = Trigger.KING
_LAST_CARD = Trigger.LAST_CARD
_STARTS_A_FOLLOW = frozenset({Trigger.QUEEN, Trigger.QUEEN_RETURNS})
_DEALERS_LEFT, _LOW_CARD = Opener.DEALERS_LEFT, Opener.LOW_CARD
_ANTE = Payment.ANTE


@dataclass(frozen=True, slots=True)
class NextStep:
    """The dealer's next step: what it does and, for a card, to which seat and whether face up.
    What the deprecated :attr:`Hand.next_step` gives."""

    kind: Stage
    seat: int | None = None
    up: bool = False


# Every card, face down and face up, as a seat holds it: one shared record each, as a dealt card
# needs one and they never change.
_HELD = tuple(HeldCard(card, up) for card in DECK for up in (False, True))

# The same deals, actions, payments and street openings recur hand after hand. Their records
# are frozen, so one made before serves again: finding it is quicker than building a new one.
_acted = lru_cache(maxsize=4096)(Acted)
_paid_record = lru_cache(maxsize=1024)(Paid)
_street_started = lru_cache(maxsize=256)(StreetStarted)
_betting_opened = lru_cache(maxsize=256)(BettingOpened)


def _code(card: Card) -> int:
    return card.code  # cards sort as their codes do, and integers sort fast


@lru_cache(maxsize=256)
def _in_order(cards: frozenset[Card]) -> tuple[Card, ...]:
    # The rules hand out the same few wild sets again and again: each is sorted once.
    return tuple(sorted(cards, key=_code))


@lru_cache(maxsize=8192)
def _dealt(seat: int, code: int, up: bool, street: int) -> Dealt:
    return Dealt(seat, DECK[code], up, street)  # found by the card's code: cards hash slowly


@lru_cache(maxsize=1024)
def _face_up_record(code: int, seat: int | None) -> FaceUp:
    return FaceUp(DECK[code], seat)


def _stakes(options: GameOptions) -> Stakes:
    return Stakes(
        limit=Limit(options.limit.value),
        ante=options.ante,
        bring_in=options.bring_in if isinstance(options, StudOptions) else 0,
        small_bet=options.small_bet,
        big_bet=options.big_bet,
        raise_cap=options.raise_cap,
        cap_heads_up=options.cap_heads_up,
        short_all_in=options.short_all_in,
        completion_reraise=(
            options.completion_reraise
            if isinstance(options, StudOptions)
            else CompletionReraise.OVER_BRING_IN
        ),
    )


class _Sizing(TypedDict, total=False):
    """The figures of a view for the seat to act (:meth:`Hand._sizing`)."""

    to_call: int
    all_in_to: int
    pot_raise_to: int
    still_to_act: tuple[int, ...]
    raises: int


_WAGERS = frozenset({ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE})


class _Table(NamedTuple):
    """The stakes and the house rules as plain values."""

    stakes: Stakes
    options: tuple[tuple[str, OptionValue], ...]


@lru_cache(maxsize=64)
def _table(options: GameOptions) -> _Table:
    # A table deals hand after hand under the same options, so they are worked out once.
    return _Table(_stakes(options), tuple(options.to_mapping().items()))


_chance = lru_cache(maxsize=1024)(Chance)


@lru_cache(maxsize=1024)
def _street_queue(
    deal: int, street: int, faces: tuple[bool, ...], seats: tuple[int, ...]
) -> tuple[Chance, ...]:
    """A street's cards, in the order they are dealt: round the table for each card of the
    street. The same streets recur hand after hand, so each queue is made once."""
    return tuple(Chance(Stage.CARD, deal, street, seat, up) for up in faces for seat in seats)


class Hand:
    """One hand at one table, from the antes to the last chip pushed.

    ``game`` is a :class:`~wildstud.games.Game`, its name or code, or ready-made
    :class:`~wildstud.games.Rules`; ``options`` the house rules (a mapping or an options
    object); ``stacks`` the chips of each seat, seat 0 first; ``dealer`` the dealer's seat (the
    last seat by default, so seat 0 is dealt first); ``deck`` the dealer policy that picks the
    cards of :meth:`step` and :meth:`run` (a :class:`~wildstud.deal.dealers.Dealer`; a pack
    shuffled with :mod:`secrets` by default), or a :class:`~wildstud.cards.Deck` (seeded or
    stacked for simulations, tests and rulings), which deals from its top.

    On a redeal the cards are gathered under the stub and the deck is shuffled; a stacked deck
    keeps its order, so its script runs on into the new deal. To script each deal from a fresh
    pack (a ruling that must show the queen of spades twice in a row), give a list of decks:
    each redeal moves on to the next one, and gathers into the last when the list runs out.
    Or give a function of the deal number (1, 2, …) that returns each deal's deck when that deal
    starts: a server draws a fresh secure order per deal that way, and keeps it to replay the hand.
    Whatever the policy, :meth:`deal` deals a card of the caller's choosing instead.

    >>> from wildstud.deal.decks import stack_deck
    >>> orders = {1: "2c 3c 4c 5c Qs 6c", 2: "Ah Kh Qh Jh Th 9h"}
    >>> hand = Hand("BITCH", [50, 50], deck=lambda deal: stack_deck(orders[deal]))
    >>> hand.run()
    >>> hand.deal_number, [str(held.card) for held in hand.cards(0)]
    (2, ['Ah', 'Qh', 'Th'])
    """

    _deal: Deal  # the deal on the table: a redeal replaces it whole (see _start_deal)
    _stage: Stage

    def __init__(
        self,
        game: Game | Rules | str,
        stacks: Sequence[int],
        options: Mapping[str, object] | GameOptions | None = None,
        *,
        deck: DeckLike = None,
        dealer: int | None = None,
    ) -> None:
        if isinstance(game, Rules):
            if options is not None:
                raise TableError("give the options either in the rules or apart, not both")
            rules = game
        else:
            rules = (find_game(game) if isinstance(game, str) else game).rules(options)
        count = len(stacks)
        if not rules.min_players <= count <= rules.max_players:
            raise TableError(
                f"{rules.game.title} ({rules.code}) is for {rules.min_players} to"
                f" {rules.max_players} players, not {count}"
            )
        for seat, chips in enumerate(stacks):
            if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
                raise TableError(f"{_name(seat)} needs a stack of at least 1 chip, not {chips!r}")
        dealer = count - 1 if dealer is None else dealer
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < count:
            raise TableError(f"the dealer must be a seat from 0 to {count - 1}, not {dealer!r}")

        self.rules = rules
        self.options = rules.options
        self.stakes, plain_options = _table(rules.options)
        self._plain_options = plain_options
        self.dealer = dealer
        self._dealer = as_dealer(deck)
        self._burn = rules.options.burn_cards is BurnCards.EACH_STREET
        self._redeal_code = -1 if rules.redeal_card is None else rules.redeal_card.code
        self._top = rules.options.five_of_a_kind_top
        self._next_seat_brings_in = (
            isinstance(rules.options, StudOptions)
            and rules.options.all_in_low_card is AllInLowCard.NEXT_SEAT_LEFT
        )
        # Under most rules the players' own cards change no wild card: the rule need not see
        # them, nor be asked again after a face-down card.
        self._reads_hands = rules.wild_rule.reads_hands()
        self._last_face_up = rules.last_face_up_street
        self._stacks = list(stacks)
        self._paid = [0] * count
        self._carried: list[Pot] = []  # the pots carried over from stopped deals
        self._awarded = 0
        self._awards: list[Awarded] = []
        self._order = (*range(dealer + 1, count), *range(dealer + 1))  # from the dealer's left
        self._events: list[Event] = [
            HandStarted(rules.game.name, rules.code, plain_options, tuple(stacks), dealer)
        ]
        self._redacted: dict[int | None, list[Event]] = {}
        """Each viewer's copy of the events, as :meth:`view` last made it: the events are only
        ever added to, so a view (one per bot decision) redacts only the new ones."""
        self._start_deal(1, self._order, self._order, self._begin_stub(1, ()))

    def __repr__(self) -> str:
        """The game, the deal, the street, the pot and whose move it is: nothing that a player at
        the table could not see (no card at all, so no hidden one).

        >>> from wildstud.deal.decks import stack_deck
        >>> hand = Hand("FTQ", [100, 100], deck=stack_deck("As 9c Ah 9d Qh 7d"))
        >>> hand
        <Hand FTQ: antes, pot 0, dealer to act>
        >>> hand.run()
        >>> hand
        <Hand FTQ: third street, pot 2, p2 to act>
        >>> _ = hand.bring_in(), hand.fold()
        >>> hand  # p2's bring-in is uncontested: the dealer pushes the pot
        <Hand FTQ: third street, pot 4, dealer to act>
        >>> hand.run()
        >>> hand
        <Hand FTQ: third street, pot 0, over>
        """
        deal = f", deal {self._deal.number}" if self._deal.number > 1 else ""
        where = self.street_name or "antes"
        to_act = self.to_act
        if self._stage is Stage.OVER:
            turn = "over"
        elif to_act is not None and self._stage is Stage.BETTING:
            turn = f"{_name(to_act)} to act"
        else:
            turn = "dealer to act"
        return f"<Hand {self.rules.code}{deal}: {where}, pot {self.pot}, {turn}>"

    def copy(self) -> Hand:
        """An independent copy of the hand as it stands: acting, dealing or stepping either one
        leaves the other as it was. The copy's dealer policy is a copy of this hand's (the same
        cards still to come, in the same order: a stacked or seeded deck deals the same cards
        to both, a secure one draws from the system's generator), so a search can try each
        action, or each card with :meth:`deal`, on a copy of its own.

        >>> from wildstud.deal import stack_deck
        >>> hand = Hand("FTQ", [100, 100], deck=stack_deck("As 9c Ah 9d Qh 7d  2c 3c"))
        >>> hand.run()
        >>> trial = hand.copy()
        >>> _ = trial.bring_in(), trial.fold()
        >>> trial.phase.value, hand.phase.value, hand.to_act, len(trial.events) > len(hand.events)
        ('dealer', 'player', 1, True)
        """
        twin = object.__new__(Hand)
        state = dict(self.__dict__)
        for name, value in state.items():
            kind = type(value)
            if kind is list or kind is set:
                state[name] = kind(value)
            elif kind is dict:
                # The hand's dicts hold lists (each viewer's events) or values that never
                # change.
                state[name] = {
                    key: type(item)(item) if type(item) in (list, set) else item
                    for key, item in value.items()
                }
        # The deal on the table changes as the hand goes on; the dealer policy too, and it may
        # hold decks of its own: it is copied whole (the cards in it are shared, as cards never
        # change).
        state["_deal"] = self._deal.copy()
        state["_dealer"] = _copy.deepcopy(self._dealer)
        twin.__dict__.update(state)
        return twin

    # -- the state -----------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """Whose move it is: the dealer's (:meth:`step`), a player's, or nobody's."""
        return _STAGES[self._stage].phase

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
        return tuple(self._paid)

    @property
    def pot(self) -> int:
        """Chips in the pot (all pots together) now."""
        return sum(self._paid) - self._awarded

    def pots(self) -> tuple[Pot, ...]:
        """The main pot and side pots as they stand (empty once the pots are pushed).

        Pots carried over from a stopped deal keep the seats that could win them; under the
        ``redeal-everyone`` rule the players who had folded join them again. The chips of the
        current deal form pots of their own. Pots that the same seats can win are one pot.
        """
        if self._stage == Stage.OVER:
            return ()
        return self._all_pots()

    def _all_pots(self) -> tuple[Pot, ...]:
        deal = self._deal
        live = frozenset(self.live)
        pots = list(self._carried)
        if any(deal.paid):
            # A hand mucked at the showdown still shapes the pots it was contesting.
            contesting = live | set(deal.mucked)
            paid = deal.paid
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

    # -- the dealer ----------------------------------------------------------------------------

    def step(self) -> tuple[Event, ...]:
        """The dealer's next move; returns the events it added.

        Raises :class:`~wildstud.errors.IllegalActionError` when a player must act first or the
        hand is over, and :class:`~wildstud.errors.DeckExhaustedError` when a stacked deck runs
        out; either way nothing changes.
        """
        handler = _STAGES[self._stage].step
        if handler is None:
            self._refuse_dealer("the dealer has nothing more to do")
        assert handler is not None
        before = len(self._events)
        handler(self)
        return tuple(self._events[before:])

    def _refuse_dealer(self, what: str) -> None:
        if self._stage is Stage.OVER:
            raise IllegalActionError(f"the hand is over: {what}")
        raise IllegalActionError(f"{_name(self.to_act or 0)} must act before the dealer goes on")

    def run(self) -> None:
        """Take the dealer's steps until a player must act or the hand is over."""
        # step() in a loop, without gathering the events of each step.
        while (handler := _STAGES[self._stage].run) is not None:
            handler(self)

    def chance(self) -> Chance | None:
        """The chance step due now: the card the dealer deals next, with its seat, face and
        street, or a redeal's gathering (kind :attr:`Stage.REDEAL`: the deal's cards go back
        under the stub and the next deal starts; it takes no card, :meth:`step` does it);
        ``None`` when the next move is no chance step (the antes, a player's action, the
        showdown, the end).

        >>> from wildstud.deal import stack_deck
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

    def deal(self, card: Card | str) -> tuple[Event, ...]:
        """Take the chance step :meth:`chance` describes with ``card`` (a card of the stub, or
        its text), whatever the hand's dealer policy would have chosen; returns the events it
        added. Dealing is then the caller's: a record's cards, a ruling, a search over outcomes.

        Raises :class:`~wildstud.errors.NotInStubError` for a card the stub does not hold and
        :class:`~wildstud.errors.IllegalActionError` when no card is due; either way nothing
        changes.

        >>> hand = Hand("FTQ", [50, 50], {"ante": 0})
        >>> hand.deal("Qs"), hand.chance().seat
        ((Dealt(seat=0, card=Card('Qs'), up=False, street=0),), 1)
        >>> hand.deal("Qs")
        Traceback (most recent call last):
        ...
        wildstud.errors.NotInStubError: Qs is not in the stub: it is out already in this deal
        """
        deal = self._deal
        chance = self.chance()
        if chance is None or not chance.takes_card:
            if self.phase is not Phase.DEALER:
                self._refuse_dealer("no card is dealt any more")
            raise IllegalActionError(
                f"no card is dealt now: the dealer's next step is {self._stage}"
            )
        if not isinstance(card, Card):
            card = parse_card(card)
        before = len(self._events)
        if chance.kind is Stage.CENTRE and not deal.stub:
            # The stub is used up: the centre card is turned from the burned cards.
            if card not in deal.burns:
                self._refuse_card(card)
            self._reshuffle_burns()
        elif not deal.stub >> card.code & 1:
            if card not in self._folded_out():
                self._refuse_card(card)
            # Under `short_stub` `reshuffle`, a folded hand's card: the dealer ran short
            # sooner than the stub says (a dealer who burns, whose burns a record never names).
            self._gather(self._folded_out())
        apply = _STAGES[chance.kind].deal
        assert apply is not None
        apply(self, card)
        return tuple(self._events[before:])

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

    @property
    def next_step(self) -> NextStep | None:
        """Deprecated: ask :attr:`phase` whose move it is, :attr:`stage` what the dealer's next
        :meth:`step` does, and :meth:`chance` which card it deals, to which seat and face.

        What :meth:`step` would do next (``None`` while a player must act or once the hand is
        over)."""
        deal = self._deal
        warnings.warn(
            "Hand.next_step is deprecated: use Hand.phase, Hand.stage and Hand.chance()",
            DeprecationWarning,
            stacklevel=2,
        )
        stage = self._stage
        if _STAGES[stage].phase is not Phase.DEALER:
            return None
        if stage is Stage.CARD and deal.queue:
            return NextStep(stage, deal.queue[0].seat, deal.queue[0].up)
        return NextStep(stage)

    @property
    def redeal_pending(self) -> RedealPending | None:
        """The redeal the dealer's next :meth:`step` carries out, while the deal that called for
        it is still on the table (``None`` when no redeal is due). A server steps the dealer up
        to here and shows the table why before it gathers the cards; :meth:`run` goes on
        through the redeal at once.

        >>> from wildstud.deal import stack_deck
        >>> hand = Hand("the-bitch", [50, 50], deck=stack_deck("2c 3c 4c 5c  6c Qs"))
        >>> while hand.redeal_pending is None:
        ...     _ = hand.step()
        >>> hand.redeal_pending
        RedealPending(card=Card('Qs'), seat=1)
        >>> hand.stage, hand.view().redeal_pending.card
        (<Stage.REDEAL: 'redeal'>, Card('Qs'))
        """
        if self._stage != Stage.REDEAL or self._deal.redeal is None:
            return None
        return self._deal.redeal.pending

    def can_muck(self, seat: int) -> bool:
        """Whether ``seat`` may muck now (see :meth:`verify_muck`)."""
        try:
            self.verify_muck(seat)
        except IllegalActionError:
            return False
        return True

    def verify_muck(self, seat: int) -> None:
        """Raise :class:`~wildstud.errors.IllegalActionError` unless ``seat`` may muck: at the
        showdown, before the hands are shown, or once no more betting can come (every live hand
        but one all in) before a street's first card; and only a hand still in. Nothing
        changes."""
        if self._stage != Stage.SHOWDOWN and not self._runout_muck_open():
            raise IllegalActionError(
                f"{_name(seat)} cannot muck: a hand is mucked at the showdown, before it is"
                " shown, or while the last cards are dealt to hands all in"
            )
        if seat not in self.live:
            raise IllegalActionError(f"{_name(seat)} cannot muck: it has no hand in this deal")

    def _runout_muck_open(self) -> bool:
        """Whether the hands are dealt out with no betting to come, between two streets: a
        hand may be given up then, as at the showdown (pokerkit's records do so)."""
        if self._stage not in (Stage.CARD, Stage.BURN, Stage.RESHUFFLE, Stage.COMMUNITY):
            return False
        before = sum(len(street.cards) for street in self.rules.streets[: self._deal.street])
        if any(len(self._deal.cards[seat]) != before for seat in self.live):
            return False  # the street's dealing has begun
        return sum(1 for seat in self.live if self._stacks[seat] > 0) <= 1

    def muck(self, seat: int, *, show_last: bool = False) -> Mucked:
        """Give up ``seat``'s hand at the showdown without showing it: it wins nothing (the last
        hand left then takes the pots unshown, or, ``show_last``, shown: a table that shows every
        hand taking part of a pot has it so, ``docs/house-rules.md``). While the last cards are
        dealt to hands all in, a hand given up gets no more cards."""
        deal = self._deal
        self.verify_muck(seat)
        deal.folded.add(seat)
        deal.mucked.append(seat)
        deal.live = tuple(other for other in deal.in_deal if other not in deal.folded)
        deal.queue = [slot for slot in deal.queue if slot.seat != seat]
        event = Mucked(seat)
        self._events.append(event)
        if len(self.live) == 1 and not show_last:
            self._stage = Stage.UNCONTESTED
        return event

    # -- the players ---------------------------------------------------------------------------

    @property
    def next_wager(self) -> ActionKind | None:
        """What the next wager of the street's betting is called, as the betting round names it
        (:attr:`~wildstud.betting.BettingRound.next_wager`): ``bring-in``, ``complete``, ``bet``
        or ``raise``, whether or not the seat to act may make it; ``None`` when nobody is to act.

        >>> from wildstud.deal import stack_deck
        >>> hand = Hand("FTQ", [50, 50], deck=stack_deck("As 9c Ah 9d Qh 7d"))
        >>> hand.next_wager is None, hand.run(), hand.next_wager, hand.bring_in().kind
        (True, None, <ActionKind.BRING_IN: 'bring-in'>, <ActionKind.BRING_IN: 'bring-in'>)
        >>> hand.next_wager
        <ActionKind.COMPLETE: 'complete'>
        """
        return None if self._deal.round is None else self._deal.round.next_wager

    def legal_actions(self) -> tuple[ActionOption, ...]:
        """What the seat to act may do, with the to-amounts each action may take."""
        return self._deal.round.options() if self._deal.round is not None else ()

    def verify_act(
        self,
        kind: ActionKind | str,
        amount: int | None = None,
        *,
        seat: int | None = None,
        free_fold: bool = False,
    ) -> None:
        """Raise a specific :class:`~wildstud.errors.IllegalActionError` unless the action is
        legal now (``seat``, if given, must be the seat to act; ``free_fold`` as for
        :meth:`act`). Nothing changes."""
        deal = self._deal
        if seat is not None:
            self._check_seat(seat)
        if deal.round is None:
            if self._stage == Stage.OVER:
                raise IllegalActionError(f"cannot {kind}: the hand is over")
            raise IllegalActionError(f"cannot {kind}: no player is to act, the dealer deals next")
        to_act = deal.round.to_act
        if seat is not None and seat != to_act:
            raise OutOfTurnError(
                f"{_name(seat)} cannot {kind}: it is {_name(to_act or 0)}'s turn to act"
            )
        deal.round.verify(kind, amount, free_fold=free_fold)

    def _check_seat(self, seat: object) -> None:
        # A seat is a whole number naming a chair at this table: refuse anything else (a
        # string, a float, a bool, a chair that does not exist) before it reaches a message.
        if type(seat) is not int or not 0 <= seat < len(self._stacks):
            raise TableError(f"no seat {seat!r} at this table (seats 0 to {len(self._stacks) - 1})")

    def can_act(
        self, kind: ActionKind | str, amount: int | None = None, *, seat: int | None = None
    ) -> bool:
        """Whether :meth:`verify_act` would accept the action (a ``seat`` that names no seat
        at this table is bad input, not a no: it raises :class:`~wildstud.errors.TableError`)."""
        try:
            self.verify_act(kind, amount, seat=seat)
        except IllegalActionError:
            return False
        return True

    def act(
        self,
        kind: ActionKind | str,
        amount: int | None = None,
        *,
        seat: int | None = None,
        free_fold: bool = False,
    ) -> Acted:
        """Carry out a player's action (``amount`` is a to-amount: the seat's street total).

        ``free_fold`` lets the seat fold when it could check: never among the legal actions, it
        is for a player who confirmed that fold (the table server asks first) and for replaying
        a record read leniently that says so (``docs/records.md``)."""
        deal = self._deal
        rnd = deal.round
        if rnd is None or (seat is not None and (seat != rnd.to_act or type(seat) is not int)):
            self.verify_act(kind, amount, seat=seat)
        assert rnd is not None
        # The round refuses an illegal action before it changes anything, with the message
        # verify_act would give, so the action is checked once.
        applied = rnd.record(kind, amount, free_fold=free_fold)
        actor, done, to_amount, added = applied.seat, applied.kind, applied.to_amount, applied.added
        if added:
            self._stacks[actor] -= added
            self._paid[actor] += added
            deal.paid[actor] += added
        elif done is _FOLD:
            deal.folded.add(actor)
            deal.live = tuple([seat for seat in deal.live if seat != actor])
        record = _acted(actor, done, to_amount, added, applied.all_in, deal.street)
        self._events.append(record)
        if rnd.done:
            finished = rnd
            deal.round = None
            deal.rounds += 1
            if len(self.live) == 1:
                self._stage = Stage.UNCONTESTED
            else:
                self._return_uncalled(finished.committed)
                self._end_street()
        return record

    def _return_uncalled(self, committed: Mapping[int, int]) -> None:
        """Robert's Rules: what nobody called of the round's top bet goes back to its owner.

        Left in the pot it would be a pot for its owner alone, which a redeal for everyone
        would open to players who had folded: they could win chips nobody ever matched.
        """
        top = max(committed, key=committed.__getitem__)
        matched = max((chips for seat, chips in committed.items() if seat != top), default=0)
        excess = committed[top] - matched
        if excess > 0:
            self._stacks[top] += excess
            self._paid[top] -= excess
            self._deal.paid[top] -= excess
            self._events.append(Returned(top, excess, self._deal.street))

    def can_fold(self, seat: int | None = None) -> bool:
        """Whether the seat to act may fold (only when facing a bet)."""
        return self.can_act(ActionKind.FOLD, seat=seat)

    def verify_fold(self, seat: int | None = None) -> None:
        """Raise unless the seat to act may fold."""
        self.verify_act(ActionKind.FOLD, seat=seat)

    def fold(self, seat: int | None = None) -> Acted:
        """Fold."""
        return self.act(ActionKind.FOLD, seat=seat)

    def can_check(self, seat: int | None = None) -> bool:
        """Whether the seat to act may check (nothing to call)."""
        return self.can_act(ActionKind.CHECK, seat=seat)

    def verify_check(self, seat: int | None = None) -> None:
        """Raise unless the seat to act may check."""
        self.verify_act(ActionKind.CHECK, seat=seat)

    def check(self, seat: int | None = None) -> Acted:
        """Check."""
        return self.act(ActionKind.CHECK, seat=seat)

    def can_call(self, seat: int | None = None) -> bool:
        """Whether the seat to act may call."""
        return self.can_act(ActionKind.CALL, seat=seat)

    def verify_call(self, seat: int | None = None) -> None:
        """Raise unless the seat to act may call."""
        self.verify_act(ActionKind.CALL, seat=seat)

    def call(self, seat: int | None = None) -> Acted:
        """Call (all in for less when short)."""
        return self.act(ActionKind.CALL, seat=seat)

    def can_bring_in(self, amount: int | None = None, seat: int | None = None) -> bool:
        """Whether the seat to act may bring in (for ``amount``, if given)."""
        return self.can_act(ActionKind.BRING_IN, amount, seat=seat)

    def verify_bring_in(self, amount: int | None = None, seat: int | None = None) -> None:
        """Raise unless the seat to act may bring in."""
        self.verify_act(ActionKind.BRING_IN, amount, seat=seat)

    def bring_in(self, amount: int | None = None, seat: int | None = None) -> Acted:
        """Post the bring-in."""
        return self.act(ActionKind.BRING_IN, amount, seat=seat)

    def can_complete(self, amount: int | None = None, seat: int | None = None) -> bool:
        """Whether the seat to act may complete the bring-in (to ``amount``, if given)."""
        return self.can_act(ActionKind.COMPLETE, amount, seat=seat)

    def verify_complete(self, amount: int | None = None, seat: int | None = None) -> None:
        """Raise unless the seat to act may complete."""
        self.verify_act(ActionKind.COMPLETE, amount, seat=seat)

    def complete(self, amount: int | None = None, seat: int | None = None) -> Acted:
        """Complete the bring-in to a full bet."""
        return self.act(ActionKind.COMPLETE, amount, seat=seat)

    def can_bet(self, amount: int | None = None, seat: int | None = None) -> bool:
        """Whether the seat to act may bet (to ``amount``, if given)."""
        return self.can_act(ActionKind.BET, amount, seat=seat)

    def verify_bet(self, amount: int | None = None, seat: int | None = None) -> None:
        """Raise unless the seat to act may bet."""
        self.verify_act(ActionKind.BET, amount, seat=seat)

    def bet(self, amount: int | None = None, seat: int | None = None) -> Acted:
        """Bet (the amount is needed in spread, pot and no limit)."""
        return self.act(ActionKind.BET, amount, seat=seat)

    def can_raise_to(self, amount: int | None = None, seat: int | None = None) -> bool:
        """Whether the seat to act may raise (to ``amount``, if given)."""
        return self.can_act(ActionKind.RAISE, amount, seat=seat)

    def verify_raise_to(self, amount: int | None = None, seat: int | None = None) -> None:
        """Raise an error unless the seat to act may raise."""
        self.verify_act(ActionKind.RAISE, amount, seat=seat)

    def raise_to(self, amount: int | None = None, seat: int | None = None) -> Acted:
        """Raise to ``amount`` (the amount is needed in spread, pot and no limit)."""
        return self.act(ActionKind.RAISE, amount, seat=seat)

    # -- views ---------------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> TableView:
        """The table as ``seat`` sees it (``None``: a spectator): no card it may not see."""
        deal = self._deal
        if seat is not None:
            self._check_seat(seat)
        rnd = deal.round
        committed: Mapping[int, int] = rnd.committed if rnd is not None else {}
        wild_ranks = deal.wild_ranks
        seats = []
        for index in range(len(self._stacks)):
            visible = index == seat or index in deal.shown
            cards = tuple(
                SeatCard(held.card if held.up or visible else None, held.up)
                for held in deal.cards.get(index, ())
            )
            seats.append(
                SeatView(
                    seat=index,
                    stack=self._stacks[index],
                    paid=self._paid[index],
                    bet=committed.get(index, 0),
                    dealt_in=index in deal.in_deal,
                    folded=index in deal.folded,
                    all_in=index in self.live and self._stacks[index] == 0,
                    shown=index in deal.shown,
                    cards=cards,
                    wild_rank=wild_ranks.get(index),
                )
            )
        redacted = self._redacted.setdefault(seat, [])
        redacted.extend(redact(event, seat) for event in self._events[len(redacted) :])
        own = seat_wild = None
        if seat is not None:
            wild_for_seat = self._wilds.for_seat(seat)
            own = tuple(sorted(wild_for_seat & set(self.hand_of(seat))))
            seat_wild = tuple(sorted(wild_for_seat))
        follow = self._wilds.pending
        return TableView(
            viewer=seat,
            game=self.rules.title,
            code=self.rules.code,
            options=self._plain_options,
            dealer=self.dealer,
            deal=deal.number,
            street=self.street_name,
            phase=self.phase,
            to_act=self.to_act,
            seats=tuple(seats),
            pot=self.pot,
            pots=self.pots(),
            centre=deal.centre,
            community=deal.community,
            wild=tuple(sorted(self._wilds.wild)),
            follow_pending=None if follow is None else follow.card,
            follow_ends=follow is not None and not self._face_up_to_come(),
            own_wild=own,
            seat_wild=seat_wild,
            legal_actions=self.legal_actions() if seat is not None and seat == self.to_act else (),
            stakes=self.stakes,
            wild_rule=self.rules.wild_rule,
            events=tuple(redacted),
            redeal_pending=self.redeal_pending,
            wilds_possible=not isinstance(self.rules.wild_rule, NoWilds),
            street_index=self.street,
            **self._sizing(rnd, committed),
        )

    def _sizing(self, rnd: BettingRound | None, committed: Mapping[int, int]) -> _Sizing:
        """The view's figures for the seat to act: what a call, all in and a pot-sized raise
        come to, who must still act and how many wagers were made on the street."""
        seat = None if rnd is None else rnd.to_act
        if rnd is None or seat is None:
            return {}
        bet, mine, stack = rnd.bet, committed.get(seat, 0), self._stacks[seat]
        # Pot limit's top: call first, then raise by the whole pot (this street's bets in it).
        return {
            "to_call": min(bet - mine, stack),
            "all_in_to": mine + stack,
            "pot_raise_to": bet + self.pot + (bet - mine),
            "still_to_act": rnd.pending(),
            "raises": sum(1 for applied in rnd.history if applied.kind in _WAGERS),
        }

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

    # -- dealing -------------------------------------------------------------------------------

    def _begin_stub(self, deal: int, gathered: Sequence[Card]) -> int:
        """Ask the dealer policy for the stub of a new deal, as a card set."""
        return cards_mask(self._dealer.begin(deal, gathered))

    def _start_deal(
        self, number: int, seats: tuple[int, ...], antes: tuple[int, ...], stub: int
    ) -> None:
        """Start deal ``number`` to ``seats`` from ``stub``: the first, or a redeal, which
        replaces the last deal's state whole (what lasts across deals is the hand's)."""
        self._deal = deal = Deal.start(
            number,
            seats,
            seat_count=len(self._stacks),
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
        self._paid[seat] += amount
        self._deal.paid[seat] += amount
        self._events.append(_paid_record(seat, amount, due, kind, card))

    def _do_antes(self) -> None:
        deal = self._deal
        ante = self.stakes.ante
        for seat in deal.ante_due:
            deal.antes[seat] = min(ante, self._stacks[seat])
            self._pay(seat, ante, _ANTE)
        deal.ante_due = ()
        self._begin_street(0)

    def _begin_street(self, index: int) -> None:
        deal = self._deal
        deal.street = index
        street = self.rules.streets[index]
        self._events.append(_street_started(index, street.name))
        live = self.live
        deal.queue = list(_street_queue(deal.number, index, street.cards, live))
        deal.burn_due = self._burn
        deal.community_due = False
        self._plan_stub()

    def _plan_stub(self) -> None:
        """Choose how the street is dealt: normally, or from a short stub (burns shuffled back
        in first, then one community card if still too few)."""
        deal = self._deal
        need = len(deal.queue) + int(deal.burn_due)
        left = self.stub
        if left >= need:
            self._stage = Stage.BURN if deal.burn_due else Stage.CARD
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
        one, and :meth:`run` the rest of the street in one call; the dealer policy picks each
        card, unless the caller gave it (:meth:`deal`, which has checked it)."""
        deal = self._deal
        # One loop with the hand's lists at hand, not a call per card: this is the engine's
        # hottest path, and a call and its attribute reads per card cost the benchmark 5-8%.
        queue, street, events, held = deal.queue, deal.street, self._events, deal.cards
        out, dealer = deal.out, self._dealer
        for _ in range(count):
            if given is None:
                if not deal.stub:
                    self._need_cards(1)  # the refusal says what the deal needed; nothing changed
                card = dealer.pick(queue[0])
                if not deal.stub >> card.code & 1:
                    self._refuse_card(card)
            else:
                card = given
            code = card.code
            deal.stub ^= 1 << code
            out.append(card)
            dealer.dealt(card)
            step = queue.pop(0)
            seat, up = step.seat, step.up
            assert seat is not None
            held[seat].append(_HELD[code * 2 + up])
            events.append(_dealt(seat, code, up, street))
            if up:
                deal.face_up.append(_face_up_record(code, seat))
                deal.upcards_of[seat].append(card)
                if code == self._redeal_code:
                    seats = self.live
                    antes = seats if self.rules.reante_on_redeal else ()
                    self._schedule_redeal(RedealPending(card, seat), seats, antes)
                    return
                self._update_wilds()
            elif self._reads_hands or not deal.wilds_seated:
                deal.wilds_seated = True
                deal.wilds_now = None
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
        if step.trigger is _KING_TRIGGER and self.rules.call is not None and owner is not None:
            self._events.append(Called(self.rules.call, step.card, owner))
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
            shown = any(up.card.rank is _QUEEN for up in deal.face_up)
            if self.rules.no_queen is not NoQueen.PLAY_ON and not shown:
                if self.rules.no_queen is NoQueen.REDEAL_EVERYONE:
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

    # -- betting -------------------------------------------------------------------------------

    def _upcards(self, seat: int) -> list[Card]:
        return self._deal.upcards_of.get(seat, [])

    def _open_betting(self) -> None:
        deal = self._deal
        street = self.rules.streets[deal.street]
        live = deal.live
        stacks = self._stacks
        able = [seat for seat in live if stacks[seat] > 0]
        if not street.betting or len(able) < 2:
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
            values = board_values(live, ups, self._wild_for(), five_of_a_kind_top=self._top)
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
            stacks={seat: stacks[seat] for seat in order},
            street_index=deal.rounds,
            big_bet=street.big_bet,
            bring_in=bring_in,
            open_pair=open_pair,
            pot=self.pot,
        )
        self._events.append(_betting_opened(deal.street, first, bring_in))
        self._stage = Stage.BETTING

    def _wild_for(self) -> Callable[[int], frozenset[Card]]:
        """Each seat's wild cards, seat by seat as asked for. Where the rule reads no hands,
        every seat has the table's."""
        tracker = self._deal.tracker
        if self._reads_hands:
            hands = self._wild_hands()
            return lambda seat: tracker.seat_wild(seat, hands[seat])
        wild = tracker.wild
        return lambda seat: wild

    def _end_street(self) -> None:
        if self._deal.street + 1 < len(self.rules.streets):
            self._begin_street(self._deal.street + 1)
        else:
            self._stage = Stage.SHOWDOWN

    # -- the end -------------------------------------------------------------------------------

    def _do_uncontested(self) -> None:
        for index, pot in enumerate(self._all_pots()):
            # One live hand is left; a pot only a mucked hand could win goes to that hand.
            (winner,) = pot.eligible & set(self.live) or pot.eligible
            self._push(Awarded(index, winner, pot.amount, Share.UNCONTESTED))
        self._finish()

    def _do_showdown(self) -> None:
        ranked = self._ranked()
        options = self.options
        for seat, hand in ranked.items():
            self._deal.shown.add(seat)
            self._events.append(
                Shown(
                    seat,
                    hand.cards,
                    tuple(sorted(hand.wild & set(hand.cards), key=_code)),
                    hand.value,
                    hand.natural,
                    bool(hand.wild),
                    # The house rules the value was found under: the event plays its best five
                    # by them, so that no reader of it tries rules until the value matches.
                    options.five_of_a_kind_top,
                    options.double_ace_flush,
                )
            )
        for award in self._division(ranked):
            self._push(award)
        self._finish()

    def _ranked(self) -> dict[int, Ranked]:
        """Each hand still in, ranked as the showdown ranks it."""
        wild_for = self._wild_for()  # each seat's own, without working out the table's Wilds
        return {
            seat: rank_hand(
                seat,
                self.hand_of(seat),
                wild_for(seat),
                five_of_a_kind_top=self.options.five_of_a_kind_top,
                double_ace_flush=self.options.double_ace_flush,
            )
            for seat in self.live
        }

    def _division(self, ranked: Mapping[int, Ranked]) -> list[Awarded]:
        special = set()
        if self.rules.special_card is not None:
            special = {
                seat for seat in ranked if self._holds_face_down(seat, self.rules.special_card)
            }
        natural = self.options.natural_beats_wild
        return divide_pots(
            self._all_pots(),
            ranked,
            special,
            natural_beats_wild=natural,
            odd_chip=self.options.odd_chip,
            order=self._order,
        )

    def must_show(self, seat: int) -> bool:
        """Whether ``seat``'s hand takes any part of a pot once the hands still in are shown:
        the high hand, a share of a tie, The Bitch's half for the queen of spades in the hole.
        A table that lets a losing hand be mucked at the showdown shows these; the engine
        itself lets any hand be mucked (:meth:`muck`), as a record may have it. ``False``
        before the showdown.

        >>> Hand("FTQ", [50, 50]).must_show(0)
        False
        """
        if self._stage != Stage.SHOWDOWN or seat not in self.live:
            return False
        return seat in self._takers()

    def _takers(self) -> frozenset[int]:
        """The seats whose hands take any part of a pot at the showdown due now."""
        return frozenset(award.seat for award in self._division(self._ranked()))

    # -- the showdown's choice -----------------------------------------------------------------

    @property
    def to_show_or_muck(self) -> tuple[int, ...]:
        """The seats still to choose, at the showdown, between showing and mucking: the hands
        still in that take no part of a pot (see :meth:`must_show`) and whose players have not
        chosen to show, in dealing order; empty before the showdown and once it is over. A table
        that lets a losing hand be mucked holds the showdown (the dealer's :meth:`step`) until
        this is empty; :meth:`step` itself shows every hand still in.

        >>> from wildstud.deal import stack_deck
        >>> deck = stack_deck("As 9c Ah 9d Qh 7d  2c 3c  Kc 4d  Jc 5h  8s 8h")
        >>> hand = Hand("FTQ", [50, 50], {"bring_in": 0}, deck=deck)
        >>> while hand.stage is not Stage.SHOWDOWN:
        ...     _ = hand.check() if hand.phase is Phase.PLAYER else hand.step()
        >>> hand.to_show_or_muck  # p2's nines win: p1 may show its aces or muck them
        (0,)
        """
        if self._stage is not Stage.SHOWDOWN:
            return ()
        takers = self._takers()
        showing = self._deal.showing
        return tuple(seat for seat in self._deal.live if seat not in takers and seat not in showing)

    def verify_show_or_muck(self, seat: int, show: bool = True) -> None:
        """Raise a specific :class:`~wildstud.errors.IllegalActionError` unless ``seat`` may
        choose now to show its hand (``show``) or muck it unshown: at the showdown, a hand still
        in that takes no part of a pot, whose player has not chosen to show it already (a choice
        to show stands). A ``seat`` that names no seat at this table raises
        :class:`~wildstud.errors.TableError`. Nothing changes.

        >>> Hand("FTQ", [50, 50]).verify_show_or_muck(0, show=False)
        Traceback (most recent call last):
        ...
        wildstud.errors.IllegalActionError: there is no showdown now to show or muck at
        """
        self._check_seat(seat)
        if self._stage is not Stage.SHOWDOWN:
            raise IllegalActionError("there is no showdown now to show or muck at")
        if seat not in self._deal.live:
            raise IllegalActionError(f"{_name(seat)} has no hand at this showdown")
        if seat in self._takers():
            outcome = "it is shown anyway" if show else "it is shown, and cannot be mucked"
            raise IllegalActionError(f"{_name(seat)}'s hand takes part of a pot: {outcome}")
        if seat in self._deal.showing:
            raise IllegalActionError(f"{_name(seat)} has chosen to show this hand already")

    def can_show_or_muck(self, seat: int, show: bool = True) -> bool:
        """Whether :meth:`verify_show_or_muck` would accept the choice."""
        try:
            self.verify_show_or_muck(seat, show)
        except IllegalActionError:
            return False
        return True

    def show_or_muck(self, seat: int, show: bool) -> Mucked | None:
        """``seat``'s choice at the showdown (see :meth:`verify_show_or_muck`): show its hand
        when the dealer shows them down, or muck it unshown now. A muck returns its
        :class:`~wildstud.deal.events.Mucked` event: the hand wins nothing and its hole cards
        stay hidden (the hands that take the pots are still shown, the last of them too); a
        choice to show adds no event until the showdown shows the hand.

        >>> from wildstud.deal import stack_deck
        >>> deck = stack_deck("As 9c Ah 9d Qh 7d  2c 3c  Kc 4d  Jc 5h  8s 8h")
        >>> hand = Hand("FTQ", [50, 50], {"bring_in": 0}, deck=deck)
        >>> while hand.stage is not Stage.SHOWDOWN:
        ...     _ = hand.check() if hand.phase is Phase.PLAYER else hand.step()
        >>> hand.show_or_muck(0, show=False), hand.to_show_or_muck
        (Mucked(seat=0), ())
        >>> hand.run()
        >>> [event.seat for event in hand.events if isinstance(event, Shown)], hand.stacks
        ([1], (49, 51))
        """
        self.verify_show_or_muck(seat, show)
        if show:
            self._deal.showing.add(seat)
            return None
        return self.muck(seat, show_last=True)

    def auto_show_or_muck(
        self, seats: Collection[int] | None = None, *, show: bool = False
    ) -> tuple[int, ...]:
        """Choose for the seats still to choose at the showdown (all of them, or those among
        ``seats``) what a bot or a clock that ran out chooses: the table's default, to muck,
        unless ``show`` (a table whose players show every hand). A hand that takes no part of a
        pot gains nothing by being shown, so a bot mucks it unless the table says otherwise.
        Returns the seats chosen for, in dealing order (empty when none is to choose).

        >>> Hand("FTQ", [50, 50]).auto_show_or_muck()
        ()
        """
        chosen = tuple(seat for seat in self.to_show_or_muck if seats is None or seat in seats)
        for seat in chosen:
            self.show_or_muck(seat, show)
        return chosen

    def _holds_face_down(self, seat: int, card: Card) -> bool:
        if self._deal.community == card:
            return True
        return any(held.card == card and not held.up for held in self._deal.cards.get(seat, ()))

    def _push(self, award: Awarded) -> None:
        self._stacks[award.seat] += award.amount
        self._awarded += award.amount
        self._awards.append(award)
        self._events.append(award)

    def _finish(self) -> None:
        self._events.append(HandEnded(tuple(self._stacks)))
        self._stage = Stage.OVER


class _StageRule(NamedTuple):
    """What a stage does: whose move it is, the dealer's move there (:meth:`Hand.step`), what
    :meth:`Hand.run` does there (a street's cards all in one call), and, at a chance step, how
    the card given is dealt (:meth:`Hand.deal`)."""

    phase: Phase
    step: Callable[[Hand], None] | None = None
    run: Callable[[Hand], None] | None = None
    deal: Callable[[Hand, Card], object] | None = None


_STAGES: dict[Stage, _StageRule] = {
    Stage.ANTES: _StageRule(Phase.DEALER, Hand._do_antes, Hand._do_antes),
    Stage.RESHUFFLE: _StageRule(Phase.DEALER, Hand._do_reshuffle, Hand._do_reshuffle),
    Stage.BURN: _StageRule(Phase.DEALER, Hand._do_burn, Hand._do_burn, Hand._burn_card),
    Stage.CARD: _StageRule(Phase.DEALER, Hand._do_card, Hand._do_street_cards, Hand._deal_card),
    Stage.COMMUNITY: _StageRule(
        Phase.DEALER, Hand._do_community, Hand._do_community, Hand._community_card
    ),
    Stage.CENTRE: _StageRule(Phase.DEALER, Hand._do_centre, Hand._do_centre, Hand._centre_card),
    Stage.BETTING: _StageRule(Phase.PLAYER),
    Stage.REDEAL: _StageRule(Phase.DEALER, Hand._do_redeal, Hand._do_redeal),
    Stage.SHOWDOWN: _StageRule(Phase.DEALER, Hand._do_showdown, Hand._do_showdown),
    Stage.UNCONTESTED: _StageRule(Phase.DEALER, Hand._do_uncontested, Hand._do_uncontested),
    Stage.OVER: _StageRule(Phase.OVER),
}
"""What each stage does: the one table of the deal's stages."""
