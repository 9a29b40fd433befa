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

:class:`Hand` is built in floors, one module each: :mod:`~wildstud.deal.hand_state` (the parts
of the hand and the questions that change nothing), :mod:`~wildstud.deal.dealing` (the dealer's
steps), :mod:`~wildstud.deal.player_actions` (the players' actions) and
:mod:`~wildstud.deal.ending` (mucks, show or muck, the showdown); what belongs to one deal is one
value, :class:`~wildstud.deal.per_deal.Deal`, which a redeal replaces. This module adds the
constructor, the dealer's moves (:meth:`Hand.step`, :meth:`Hand.run`, :meth:`Hand.deal`), the
views and the table of stages.

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
>>> from wildstud.deal.events import Shown
>>> from wildstud.hands import describe_value
>>> [(event.seat, describe_value(event.value)) for event in hand.events if isinstance(event, Shown)]
[(0, 'pair of aces'), (1, 'three nines')]
>>> [(award.seat, award.amount) for award in hand.awards], hand.stacks
([(1, 12)], (94, 106))
"""

from __future__ import annotations

import copy as _copy
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple, TypedDict

from wildstud.betting import ActionKind, BettingRound, CompletionReraise, Limit, Stakes
from wildstud.cards import DECK, Card, Rank, parse_card
from wildstud.deal.dealers import DeckLike, as_dealer
from wildstud.deal.ending import Ending
from wildstud.deal.events import Event, HandStarted
from wildstud.deal.player_actions import PlayerActions
from wildstud.deal.stages import Chance, Stage
from wildstud.deal.views import Phase, RedealPending, SeatCard, SeatView, TableView, redact
from wildstud.errors import IllegalActionError, TableError
from wildstud.games import BurnCards, Game, GameOptions, Rules, StudOptions, find_game
from wildstud.games.options import AllInLowCard, OptionValue
from wildstud.seats import seat_label as _name
from wildstud.wilds import NoWilds

__all__ = ["Chance", "Hand", "NextStep", "Stage"]


@dataclass(frozen=True, slots=True)
class NextStep:
    """The dealer's next step: what it does and, for a card, to which seat and whether face up.
    What the deprecated :attr:`Hand.next_step` gives."""

    kind: Stage
    seat: int | None = None
    up: bool = False


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
        free_fold=options.free_fold,
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


_HIDDEN = SeatCard(None, False)
"""A face-down card the viewer may not see."""
_SEAT_CARDS: tuple[dict[int, SeatCard], dict[int, SeatCard]] = (
    {card.code: SeatCard(card, False) for card in DECK},
    {card.code: SeatCard(card, True) for card in DECK},
)
"""Each card of the deck as a seat's card seen face down and face up, by its code: every
view shares these (each seat's cards are built for every viewer at every step, and a record
never changes)."""

_WAGERS = frozenset({ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE})


class _Table(NamedTuple):
    """The stakes and the house rules as plain values."""

    stakes: Stakes
    options: tuple[tuple[str, OptionValue], ...]


@lru_cache(maxsize=64)
def _table(options: GameOptions) -> _Table:
    # A table deals hand after hand under the same options, so they are worked out once.
    # Measured (benchmarks/engine.py's player, FTQ and BD7, two runs of 16 rounds of 400 hands
    # alternated with the trick undone, best round, 2026-12-05): within the noise (FTQ 3.4% fewer
    # hands to 0.8% more working them out at each hand, BD7 0.5-0.8% more).
    return _Table(_stakes(options), tuple(options.to_mapping().items()))


class _Figures(NamedTuple):
    """What a hand reads from its rules as it starts: the stakes and house rules as plain
    values (:func:`_table`), and the figures the dealer's steps read at every card and street."""

    stakes: Stakes
    options: tuple[tuple[str, OptionValue], ...]
    burn: bool
    """A card is burned before each street."""
    redeal_code: int
    """The code of the card that stops the deal face up, or -1."""
    top: bool
    """Five of a kind beats a straight flush."""
    next_seat_brings_in: bool
    """A seat all in for the low card passes the bring-in to its left."""
    reads_hands: bool
    """The wild rule reads the players' own cards (most rules do not)."""
    charges_for_wilds: bool
    """The house rules charge for wild cards (most games do not)."""


def _figures_of(rules: Rules) -> _Figures:
    options = rules.options
    return _Figures(
        *_table(options),
        burn=options.burn_cards is BurnCards.EACH_STREET,
        redeal_code=-1 if rules.redeal_card is None else rules.redeal_card.code,
        top=options.five_of_a_kind_top,
        next_seat_brings_in=(
            isinstance(options, StudOptions)
            and options.all_in_low_card is AllInLowCard.NEXT_SEAT_LEFT
        ),
        reads_hands=rules.wild_rule.reads_hands(),
        charges_for_wilds=rules.extra_antes or bool(rules.pay_for_wild),
    )


_last_figures: tuple[Rules, _Figures] | None = None
"""The rules of the last hand dealt, kept alive, and their figures."""


def _figures(rules: Rules) -> _Figures:
    """The figures of ``rules``: a table deals hand after hand under the same rules, so the last
    rules' are kept and found by identity, where _table's cache hashed the options, a frozen
    dataclass that hashes every field in Python. 0.4% fewer instructions a hand of
    benchmarks/engine.py's FTQ player (callgrind, 300 hands after 300, PYTHONHASHSEED=0,
    2026-12-04: 1,608,986 to 1,602,816)."""
    global _last_figures
    last = _last_figures
    if last is not None and last[0] is rules:
        return last[1]
    figures = _figures_of(rules)
    _last_figures = (rules, figures)
    return figures


class Hand(PlayerActions, Ending):
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
        # Whole chips, 1 or more: asked of all at once in C, and seat by seat for the message
        # (0.5% fewer opcodes a hand of benchmarks/engine.py's FTQ player than the loop alone:
        # Python's opcode trace, 200 hands, PYTHONHASHSEED=0, 2026-12-04: 24,817 to 24,704).
        if set(map(type, stacks)) != {int} or min(stacks) < 1:
            for seat, chips in enumerate(stacks):
                if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
                    raise TableError(
                        f"{_name(seat)} needs a stack of at least 1 chip, not {chips!r}"
                    )
        dealer = count - 1 if dealer is None else dealer
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < count:
            raise TableError(f"the dealer must be a seat from 0 to {count - 1}, not {dealer!r}")

        self.rules = rules
        self.options = rules.options
        figures = _figures(rules)
        self.stakes = figures.stakes
        self._plain_options = plain_options = figures.options
        self.dealer = dealer
        self._dealer = as_dealer(deck)
        self._burn = figures.burn
        self._redeal_code = figures.redeal_code
        self._top = figures.top
        self._next_seat_brings_in = figures.next_seat_brings_in
        # Under most rules the players' own cards change no wild card: the rule need not see
        # them, nor be asked again after a face-down card.
        self._reads_hands = figures.reads_hands
        self._last_face_up = rules.last_face_up_street
        # Most games charge nothing for wild cards: their face-up cards skip the payments.
        self._charges_for_wilds = figures.charges_for_wilds
        self._stacks = list(stacks)
        self._began_with = tuple(stacks)
        self._won = [0] * count
        self._carried = []
        self._awards = []
        self._order = (*range(dealer + 1, count), *range(dealer + 1))  # from the dealer's left
        self._events = [
            HandStarted(rules.game.name, rules.code, plain_options, tuple(stacks), dealer)
        ]
        self._redacted = {}
        self._runs = None
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
        twin = object.__new__(type(self))  # a PrivateHand's copy is one too
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
        state["_deal"] = self._deal.copy(state["_stacks"])
        state["_dealer"] = _copy.deepcopy(self._dealer)
        twin.__dict__.update(state)
        return twin

    @property
    def phase(self) -> Phase:
        """Whose move it is: the dealer's (:meth:`step`), a player's, or nobody's."""
        return _STAGES[self._stage].phase

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

    def run(self) -> None:
        """Take the dealer's steps until a player must act or the hand is over."""
        # step() in a loop, without gathering the events of each step.
        while (handler := _STAGES[self._stage].run) is not None:
            handler(self)

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

    def view(self, seat: int | None = None) -> TableView:
        """The table as ``seat`` sees it (``None``: a spectator): no card it may not see."""
        return self.views((seat,))[seat]

    def views(self, viewers: Iterable[int | None]) -> dict[int | None, TableView]:
        """The table as each of ``viewers`` sees it (``None``: a spectator), as :meth:`view`
        gives it to each: what every viewer sees alike (the pots, the public cards, the wild
        cards, the sizing) is worked out once for them all, and only each seat's own cards,
        wild cards, legal actions and events for it (a server sends every audience of a
        step its view).

        >>> from wildstud.deal import stack_deck
        >>> hand = Hand("FTQ", [100, 100], deck=stack_deck("As 9c Ah 9d Qh 7d"))
        >>> hand.run()
        >>> views = hand.views((0, 1, None))
        >>> [str(card.card) for card in views[0].seats[0].cards]
        ['As', 'Ah', 'Qh']
        >>> [str(card.card) for card in views[1].seats[0].cards]
        ['None', 'None', 'Qh']
        >>> views[None].seats[1] is views[0].seats[1], views[None].pots is views[1].pots
        (True, True)
        >>> views[0] == hand.view(0)
        True
        """
        deal = self._deal
        wanted = list(dict.fromkeys(viewers))
        for seat in wanted:
            if seat is not None:
                self._check_seat(seat)
        rnd = deal.round
        committed: Mapping[int, int] = rnd.committed if rnd is not None else {}
        wild_ranks = deal.wild_ranks
        # Every seat as a spectator sees it; a viewer's own seat is built again for it alone.
        public = [
            self._seat_view(index, None, committed, wild_ranks)
            for index in range(len(self._stacks))
        ]
        to_act = self.to_act
        follow = self._wilds.pending
        shared: dict[str, Any] = {
            "game": self.rules.title,
            "code": self.rules.code,
            "options": self._plain_options,
            "dealer": self.dealer,
            "deal": deal.number,
            "street": self.street_name,
            "phase": self.phase,
            "to_act": to_act,
            "pot": self.pot,
            "pots": self.pots(),
            "centre": deal.centre,
            "community": deal.community,
            "wild": tuple(sorted(self._wilds.wild)),
            "follow_pending": None if follow is None else follow.card,
            "follow_ends": follow is not None and not self._face_up_to_come(),
            "stakes": self.stakes,
            "wild_rule": self.rules.wild_rule,
            "redeal_pending": self.redeal_pending,
            "wilds_possible": not isinstance(self.rules.wild_rule, NoWilds),
            "street_index": self.street,
            **self._sizing(rnd, committed),
        }
        legal = self.legal_actions() if to_act is not None and to_act in wanted else ()
        views: dict[int | None, TableView] = {}
        for seat in wanted:
            seats = public
            own = seat_wild = None
            if seat is not None:
                seats = list(public)
                seats[seat] = self._seat_view(seat, seat, committed, wild_ranks)
                wild_for_seat = self._wilds.for_seat(seat)
                own = tuple(sorted(wild_for_seat & set(self.hand_of(seat))))
                seat_wild = tuple(sorted(wild_for_seat))
            redacted = self._redacted.setdefault(seat, [])
            redacted.extend(redact(event, seat) for event in self._events[len(redacted) :])
            views[seat] = TableView(
                viewer=seat,
                seats=tuple(seats),
                own_wild=own,
                seat_wild=seat_wild,
                legal_actions=legal if seat is not None and seat == to_act else (),
                events=tuple(redacted),
                **shared,
            )
        return views

    def _seat_view(
        self,
        index: int,
        viewer: int | None,
        committed: Mapping[int, int],
        wild_ranks: Mapping[int, Rank],
    ) -> SeatView:
        """Seat ``index`` as ``viewer`` sees it: its face-down cards only for itself, or once
        shown or turned up."""
        deal = self._deal
        turned_up = index in deal.turned_up
        visible = index == viewer or index in deal.shown or turned_up
        cards = []
        for held in deal.cards.get(index, ()):
            if not (held.up or visible):
                cards.append(_HIDDEN)
                continue
            card = held.card
            seen = _SEAT_CARDS[held.up].get(card.code)  # none for a private deal's unknown
            cards.append(
                seen if seen is not None and seen.card is card else SeatCard(card, held.up)
            )
        return SeatView(
            seat=index,
            stack=self._stacks[index],
            paid=self._began_with[index] - self._stacks[index] + self._won[index],
            bet=committed.get(index, 0),
            dealt_in=index in deal.in_deal,
            folded=index in deal.folded,
            all_in=index in self.live and self._stacks[index] == 0,
            shown=index in deal.shown,
            cards=tuple(cards),
            turned_up=turned_up,
            wild_rank=wild_ranks.get(index),
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
