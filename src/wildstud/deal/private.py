"""A hand under a private deal: the engine plays it without knowing a face-down card until its
owner shows it.

Under a private deal (:mod:`wildstud.private_deal`, issue 26) nobody sees a card that is not
theirs, not even the server that runs the engine. :class:`PrivateHand` is a
:class:`~wildstud.deal.Hand` whose face-down cards are :class:`~wildstud.deal.hidden.HiddenCard`
values, each only a deck position: the chance step of a face-down card takes one
(:meth:`PrivateHand.deal_hidden`, or a dealer policy whose ``pick`` gives one, such as
:class:`~wildstud.deal.hidden.HiddenDeck`), and refuses a card named in the clear. The face-up
cards are named as always (every party unmasks them).

Stud's betting reads only face-up cards: the bring-in (the lowest upcard), who acts first (the
best board, counting the wild cards the face-up cards make), an open pair, the wild cards that
follow a face-up queen, a face-up king or Baby Daddy's face-up last card, The Bitch's face-up
queen of spades that stops the deal, Follow the Queen's ``no_queen`` redeal (queens in the hole
do not count) and every payment for a wild card. So the hand plays as any other, action for
action. What needs a face-down card (a queen in the hole wild under ``queens`` ``hidden``, The
Bitch's queen of spades in the hole, wild or for half the pot) is read at the showdown, once the
hands are shown, as today.

At the showdown each hand still in is shown by its owner (:meth:`PrivateHand.show`: the cards
of its face-down positions, in dealing order, checked) or mucked unshown
(:meth:`~wildstud.deal.Hand.muck` or :meth:`~wildstud.deal.Hand.show_or_muck`);
:attr:`~wildstud.deal.Hand.to_show_or_muck` names the hands still to do either, and the
showdown (:meth:`~wildstud.deal.Hand.step`) waits for them. A
hand mucked or folded is never shown and the engine never needs it; a hand won by everyone else
folding shows nothing.

What cannot be played without knowing the face-down cards is refused, each with its reason
(the house rules of a private deal, ``docs/house-rules.md``): burning cards, ``short_stub``
``reshuffle`` (the folded hands' cards back into the stub), turning hands all in face up
(``all_in_turn_up``) and running them twice (``run_twice``), and reading the stub's cards.

Heads-up Follow the Queen from a known deck, dealt as a private deal would deal it:

>>> from wildstud.deal import Phase, Shown, stack_deck
>>> from wildstud.deal.hidden import HiddenDeck
>>> deck = HiddenDeck(stack_deck("As 9c Ah 9d Qh 7d  2c 3c  Kc 4d  Jc 5h  8s 8h"))
>>> hand = PrivateHand("FTQ", [100, 100], {"bring_in": 0}, deck=deck)
>>> hand.run()
>>> [str(held.card) for held in hand.cards(1)], sorted({c.rank.plural for c in hand.wilds.wild})
(['#1', '#3', '7d'], ['sevens'])
>>> while hand.phase is Phase.PLAYER or hand.to_show_or_muck == ():
...     _ = hand.check() if hand.phase is Phase.PLAYER else hand.step()
>>> hand.to_show_or_muck, hand.hidden_positions(0)
((0, 1), (0, 2, 12))
>>> hand.step()
Traceback (most recent call last):
...
wildstud.errors.HiddenCardError: the showdown waits for p1 and p2 to show or muck their hands
>>> hand.show(1, deck.hole_cards(1, hand.hidden_positions(1)))
Revealed(seat=1, positions=(1, 3, 13), cards=(Card('9c'), Card('9d'), Card('8h')))
>>> hand.show(0, "As Ah 8h")
Traceback (most recent call last):
...
wildstud.errors.HiddenCardError: p1 cannot show 8h: it is seen elsewhere in this deal
>>> _ = hand.show(0, deck.hole_cards(1, hand.hidden_positions(0)))
>>> hand.run()
>>> from wildstud.hands import describe_value
>>> [(event.seat, describe_value(event.value)) for event in hand.events if isinstance(event, Shown)]
[(0, 'pair of aces'), (1, 'three nines')]
>>> hand.stacks
(99, 101)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable, Mapping, Sequence

from wildstud.cards import DECK, Card, parse_card, parse_cards
from wildstud.deal.dealers import DeckLike
from wildstud.deal.events import DealStarted, Dealt, Event, Mucked, Revealed
from wildstud.deal.hidden import HiddenCard, is_hidden
from wildstud.deal.showdown import Ranked
from wildstud.deal.stages import Chance, Stage
from wildstud.deal.state import Hand
from wildstud.deal.views import Phase, SeatCard, TableView
from wildstud.errors import CardError, HiddenCardError, IllegalActionError, OptionError
from wildstud.games import BurnCards, Game, GameOptions, Rules
from wildstud.games.options import ShortStub
from wildstud.seats import seat_label as _name
from wildstud.wilds import HeldCard

__all__ = ["PrivateHand", "shown_in_place"]


def _refusals(options: GameOptions) -> list[str]:
    """What the house rules ask that a private deal cannot do, each with its reason."""
    refused = []
    if options.burn_cards is BurnCards.EACH_STREET:
        refused.append(
            "burn_cards must be none (house rule private_burns: a burn guards the next card from"
            " a glance at the top of the deck, and a masked deck has no top to glance at)"
        )
    if options.short_stub is ShortStub.RESHUFFLE:
        refused.append(
            "short_stub must be community-card (house rule private_short_stub: the folded"
            " hands' cards are known to their owners, so they cannot be dealt again unseen"
            " without a new shuffle round)"
        )
    if options.all_in_turn_up:
        refused.append(
            "all_in_turn_up must be off (house rule private_turn_up: a hand all in stays face"
            " down until the showdown, since turning it up would need its owner mid-hand)"
        )
    if getattr(options, "run_twice", False):
        refused.append(
            "run_twice must be off (house rule private_turn_up: a hand is run twice only once"
            " the hands all in are turned up)"
        )
    return refused


class _CallerDeals:
    """The dealer policy of a private hand given none: every chance step is the caller's."""

    def begin(self, deal: int, gathered: Sequence[Card]) -> Iterable[Card]:
        return DECK

    def pick(self, chance: Chance) -> Card:
        raise HiddenCardError(
            "this private hand has no dealer policy: deal each card with deal_hidden (face"
            " down) or deal (face up)"
        )

    def dealt(self, card: Card) -> None:
        """Nothing to keep: the caller deals."""

    def pick_run(self, chances: Sequence[Chance]) -> Sequence[Card]:
        return ()  # none: the hand asks pick, which says why

    def dealt_run(self, cards: Sequence[Card]) -> None:
        """Nothing to keep: the caller deals."""

    def put_back(self, cards: Sequence[Card]) -> None:
        """Nothing to keep: the caller deals."""


def shown_in_place(events: Sequence[Event]) -> list[Event]:
    """A private deal's events with each face-down card its owner showed in its place where it
    was dealt, and every other one unknown (``None``), as a spectator of the whole hand knows
    them once it is over.

    >>> events = [DealStarted(1, (0, 1)), Dealt(0, HiddenCard(0), False, 0),
    ...           Dealt(1, HiddenCard(1), False, 0), Revealed(0, (0,), tuple(parse_cards("Qs")))]
    >>> [event.card for event in shown_in_place(events) if isinstance(event, Dealt)]
    [Card('Qs'), None]
    """
    shown: dict[tuple[int, int], Card] = {}
    deal = 0
    for event in events:
        if isinstance(event, DealStarted):
            deal = event.deal
        elif isinstance(event, Revealed):
            pairs = zip(event.positions, event.cards, strict=True)
            shown.update(((deal, position), card) for position, card in pairs)
    placed: list[Event] = []
    deal = 0
    for event in events:
        if isinstance(event, DealStarted):
            deal = event.deal
        elif isinstance(event, Dealt) and isinstance(event.card, HiddenCard):
            event = dataclasses.replace(event, card=shown.get((deal, event.card.position)))
        placed.append(event)
    return placed


class PrivateHand(Hand):
    """A hand under a private deal (see the module's docstring): what
    :class:`~wildstud.deal.Hand` takes, ``deck`` a dealer policy that picks each face-down card
    as a :class:`~wildstud.deal.hidden.HiddenCard` (:class:`~wildstud.deal.hidden.HiddenDeck`
    over a known deck, for tests and simulations); with none, every chance step is the
    caller's (:meth:`deal`, :meth:`deal_hidden`). Raises :class:`~wildstud.errors.OptionError`
    for a house rule a private deal cannot play, naming each.

    >>> PrivateHand("FTQ", [50, 50], {"burn_cards": "each-street"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wildstud.errors.OptionError: a private deal cannot play these house rules: burn_cards must...
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
        # A policy that names every card is refused at its first face-down card; with none
        # given, nobody deals but the caller.
        super().__init__(
            game, stacks, options, deck=_CallerDeals() if deck is None else deck, dealer=dealer
        )
        refused = _refusals(self.options)
        if refused:
            raise OptionError("a private deal cannot play these house rules: " + "; ".join(refused))

    private = True

    # -- dealing -------------------------------------------------------------------------------

    @property
    def stub(self) -> int:
        """How many cards are left in the stub: the pack, less the cards seen face up or shown,
        less the face-down cards dealt and not shown (their faces are unknown, their count not)."""
        return self._deal.stub.bit_count() - self._hidden_count()

    @property
    def stub_cards(self) -> tuple[Card, ...]:
        """Refused: under a private deal nobody knows which cards are left in the stub."""
        raise HiddenCardError(
            "the stub's cards are unknown under a private deal: a face-down card dealt may be"
            " any card not seen"
        )

    def _hidden_count(self) -> int:
        return sum(
            1
            for held in self._deal.cards.values()
            for card in held
            if type(card.card) is HiddenCard
        )

    def hidden_positions(self, seat: int) -> tuple[int, ...]:
        """The deck positions of ``seat``'s face-down cards not shown yet, in dealing order:
        what its owner unmasks to show them (empty once shown, folded or mucked ones included).

        >>> PrivateHand("FTQ", [50, 50]).hidden_positions(0)
        ()
        """
        self._check_seat(seat)
        return tuple(
            held.card.position
            for held in self._deal.cards.get(seat, ())
            if isinstance(held.card, HiddenCard)
        )

    def cards_due(self) -> tuple[Chance, ...]:
        """The cards the dealer deals next before anyone acts, in order: the street's cards
        still to come (each with its seat and face), or the community or centre card due;
        empty when the next step deals no card. What a private deal's rounds unmask in one
        pass (a face-up card of The Bitch that stops the deal leaves the rest undealt).

        >>> hand = PrivateHand("FTQ", [50, 50], {"ante": 0})
        >>> [(chance.seat, chance.up) for chance in hand.cards_due()]
        [(0, False), (1, False), (0, False), (1, False), (0, True), (1, True)]
        """
        if self._stage is Stage.CARD:
            return tuple(self._deal.queue)
        chance = self.chance()
        if chance is not None and chance.kind in (Stage.COMMUNITY, Stage.CENTRE):
            return (chance,)
        return ()

    def deal(self, card: Card | str) -> tuple[Event, ...]:
        """Take the chance step due with ``card``, as :meth:`~wildstud.deal.Hand.deal` does; a
        face-down card must be a :class:`~wildstud.deal.hidden.HiddenCard` (:meth:`deal_hidden`),
        a face-up one a card in the clear. Raises :class:`~wildstud.errors.HiddenCardError` for
        the wrong kind of card or a position dealt already in this deal; nothing changes."""
        chance = self.chance()
        if chance is not None and chance.kind is Stage.CARD and not chance.up:
            if not is_hidden(card):
                raise HiddenCardError(
                    f"{_name(chance.seat or 0)}'s face-down card is dealt hidden under a private"
                    " deal: give its deck position (deal_hidden), not the card"
                )
            assert isinstance(card, HiddenCard)
            self._check_hidden(card)
            before = len(self._events)
            self._deal_hidden(card)
            return tuple(self._events[before:])
        if is_hidden(card):
            raise HiddenCardError(
                "only a face-down card to a seat is dealt hidden: the next card is named in the"
                " clear" + ("" if chance is None else f" (the {chance.kind})")
            )
        return super().deal(card)

    def deal_hidden(self, position: int) -> tuple[Event, ...]:
        """Deal the face-down card due (:meth:`chance`) as the card at deck ``position``, its
        face unknown; returns the events it added. Raises
        :class:`~wildstud.errors.HiddenCardError` when no face-down card is due or the position
        was dealt already in this deal, :class:`~wildstud.errors.CardError` for no position at
        all; nothing changes.

        >>> hand = PrivateHand("FTQ", [50, 50], {"ante": 0})
        >>> hand.deal_hidden(0)
        (Dealt(seat=0, card=HiddenCard(position=0), up=False, street=0),)
        >>> hand.deal_hidden(0)
        Traceback (most recent call last):
        ...
        wildstud.errors.HiddenCardError: deck position 0 is dealt already in this deal
        """
        return self.deal(HiddenCard(position))

    def _check_hidden(self, card: HiddenCard) -> None:
        if self.stub < 1:
            self._need_cards(1)
        if card in self._deal.out:  # a hidden card equals only the hidden card of its position
            raise HiddenCardError(f"deck position {card.position} is dealt already in this deal")

    def _pick(self) -> Card:
        # A community or centre card: face up, named by the policy; a short stub counts the
        # face-down cards out too.
        self._need_cards(1)
        card = super()._pick()
        if is_hidden(card):
            raise HiddenCardError("the dealer policy gave a hidden card where one is dealt face up")
        return card

    def _deal_cards(self, count: int, given: Card | None = None) -> None:
        """Deal the street's next ``count`` cards: the face-up ones as any hand does, each
        face-down one hidden. The policy must hide every face-down card."""
        for _ in range(count):
            deal = self._deal
            if self._stage is not Stage.CARD or not deal.queue:
                return  # the street is out, or a face-up card stopped the deal
            slot: Chance = deal.queue[0]
            card = given
            if card is None:
                if self.stub < 1:
                    self._need_cards(1)
                card = self._dealer.pick(slot)
            if slot.up:
                if is_hidden(card):
                    raise HiddenCardError(
                        f"{_name(slot.seat or 0)}'s card is dealt face up: the dealer policy"
                        " must name it, not hide it"
                    )
                if not deal.stub >> card.code & 1:
                    self._refuse_card(card)
                super()._deal_cards(1, card)
                continue
            if not isinstance(card, HiddenCard):
                raise HiddenCardError(
                    f"{_name(slot.seat or 0)}'s card is dealt face down under a private deal:"
                    f" the dealer policy must hide it, not name it ({card})"
                )
            if given is None:
                self._check_hidden(card)
            self._deal_hidden(card)

    def _deal_hidden(self, card: HiddenCard) -> None:
        """Deal the face-down card due as ``card`` (checked): what the face-down branch of
        :meth:`~wildstud.deal.Hand._deal_cards` does with a card it knows, less the stub's bit."""
        deal = self._deal
        slot = deal.queue.pop(0)
        seat = slot.seat
        assert seat is not None
        deal.out.append(card)
        self._dealer.dealt(card)
        deal.cards[seat].append(HeldCard(card, False))
        self._events.append(Dealt(seat, card, False, deal.street))
        if self._reads_hands or not deal.wilds_seated:
            deal.wilds_seated = True
            deal.wilds_now = None
        if not deal.queue:
            self._end_of_dealing()

    # -- the showdown --------------------------------------------------------------------------

    def _unshown(self) -> tuple[int, ...]:
        """The hands still in whose face-down cards are not all shown, in dealing order."""
        cards = self._deal.cards
        return tuple(
            seat
            for seat in self._deal.live
            if any(type(held.card) is HiddenCard for held in cards[seat])
        )

    def verify_show(self, seat: int, cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
        """Raise a specific error unless ``seat`` may show ``cards`` now, as the cards of its
        face-down positions (:meth:`hidden_positions`) in dealing order; returns them read.
        Only at the showdown, a hand still in not shown yet, as many cards as it holds face
        down, no card twice and none seen elsewhere in this deal (face up, in the centre, in a
        hand shown). Nothing changes.

        Raises :class:`~wildstud.errors.TableError` for no such seat,
        :class:`~wildstud.errors.CardError` for text that is no card and
        :class:`~wildstud.errors.HiddenCardError` otherwise.
        """
        self._check_seat(seat)
        if self._stage is not Stage.SHOWDOWN:
            raise HiddenCardError(
                f"{_name(seat)} cannot show its hand: a hand is shown at the showdown"
            )
        if seat not in self._deal.live:
            raise HiddenCardError(f"{_name(seat)} has no hand at this showdown")
        positions = self.hidden_positions(seat)
        if not positions:
            raise HiddenCardError(f"{_name(seat)} has shown its hand already")
        if isinstance(cards, str):
            shown = parse_cards(cards, unique=False)
        else:
            shown = tuple(card if isinstance(card, Card) else parse_card(card) for card in cards)
        if any(is_hidden(card) for card in shown):
            raise HiddenCardError(f"{_name(seat)} must show its cards in the clear")
        if len(shown) != len(positions):
            raise HiddenCardError(
                f"{_name(seat)} holds {len(positions)} card(s) face down, not {len(shown)}"
            )
        seen: set[Card] = set()
        stub = self._deal.stub
        for card in shown:
            if card in seen:
                raise HiddenCardError(f"{_name(seat)} cannot show {card} twice")
            if not stub >> card.code & 1:
                raise HiddenCardError(
                    f"{_name(seat)} cannot show {card}: it is seen elsewhere in this deal"
                )
            seen.add(card)
        return shown

    def can_show(self, seat: int, cards: str | Iterable[Card | str]) -> bool:
        """Whether :meth:`verify_show` accepts ``seat`` showing ``cards``."""
        try:
            self.verify_show(seat, cards)
        except (IllegalActionError, CardError):
            return False
        return True

    def show(self, seat: int, cards: str | Iterable[Card | str]) -> Revealed:
        """``seat``'s owner shows its hand at the showdown: ``cards`` are its face-down cards in
        dealing order (see :meth:`verify_show`), which take the hidden cards' places; returns
        the :class:`~wildstud.deal.events.Revealed` event. The hand is then shown as any hand
        is when the showdown comes (a hand shown cannot be mucked unshown any more)."""
        shown = self.verify_show(seat, cards)
        deal = self._deal
        held = deal.cards[seat]
        positions = []
        faces = iter(shown)
        for index, item in enumerate(held):
            if isinstance(item.card, HiddenCard):
                positions.append(item.card.position)
                card = next(faces)
                held[index] = HeldCard(card, False)
                deal.stub ^= 1 << card.code
        deal.showing.add(seat)  # a hand shown is not mucked unshown any more
        deal.shown.add(seat)  # tabled: every view shows its cards from now on
        deal.wilds_now = None  # the rules that read the hands see its cards now
        event = Revealed(seat, tuple(positions), shown)
        self._events.append(event)
        return event

    def _ranked(self) -> dict[int, Ranked]:
        unshown = self._unshown()
        if unshown:
            names = " and ".join(map(_name, unshown))
            hands = "their hands" if len(unshown) > 1 else "its hand"
            raise HiddenCardError(f"the showdown waits for {names} to show or muck {hands}")
        return super()._ranked()

    def _takers(self) -> frozenset[int]:
        # Who takes a pot is known once every hand still in is shown; until then no hand is
        # known to take one, and each is shown or mucked by its owner.
        if self._unshown():
            return frozenset()
        return super()._takers()

    def verify_show_takers(self) -> None:
        """Refused under a private deal (:class:`~wildstud.errors.HiddenCardError`): which
        hands take a pot is known only once their owners have shown them, so the hands are
        shown or mucked by their owners and the showdown shows the rest together.

        >>> PrivateHand("FTQ", [50, 50]).can_show_takers()
        False
        """
        raise HiddenCardError(
            "under a private deal the hands that take a pot are known only once their owners"
            " show them: each hand still in is shown or mucked by its owner (show, muck)"
        )

    def verify_show_or_muck(self, seat: int, show: bool = True) -> None:
        """As :meth:`~wildstud.deal.Hand.verify_show_or_muck`; a hand is shown by its owner's
        cards (:meth:`show`), so a choice to show without them is refused."""
        super().verify_show_or_muck(seat, show)
        if show and seat in self._unshown():
            raise HiddenCardError(
                f"{_name(seat)}'s hand is shown with its cards under a private deal (show)"
            )

    def muck(self, seat: int, *, show_last: bool = False) -> Mucked:
        """As :meth:`~wildstud.deal.Hand.muck`; and once every other hand still in is mucked
        at the showdown, the last one takes the pots unshown unless its owner has shown it
        already (house rule ``private_last_hand``): nobody needs its cards, and under a private
        deal showing them is its owner's choice, not the dealer's."""
        event = super().muck(seat, show_last=show_last)
        if self._stage is Stage.SHOWDOWN and len(self._deal.live) == 1 and self._unshown():
            self._stage = Stage.UNCONTESTED
        return event

    def auto_show_or_muck(
        self, seats: Collection[int] | None = None, *, show: bool = False
    ) -> tuple[int, ...]:
        """As :meth:`~wildstud.deal.Hand.auto_show_or_muck`: a bot or a clock that ran out
        mucks (to show, its owner's cards are needed: ``show`` is refused). The hands still to
        choose are asked one after the other, so that the last one, once the others are
        mucked, takes the pots unshown (see :meth:`muck`)."""
        chosen = []
        for seat in self.to_show_or_muck:
            if (seats is None or seat in seats) and seat in self.to_show_or_muck:
                self.show_or_muck(seat, show)
                chosen.append(seat)
        return tuple(chosen)

    def run(self) -> None:
        """Take the dealer's steps until a player must act, a hand must be shown or mucked at
        the showdown (:attr:`to_show_or_muck`), or the hand is over."""
        while self._stage is not Stage.SHOWDOWN or not self._unshown():
            if self.phase is not Phase.DEALER:
                return
            self.step()

    # -- views ---------------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> TableView:
        """The table as ``seat`` sees it: as :meth:`~wildstud.deal.Hand.view`, but a face-down
        card not shown is ``None`` for everyone, its owner too. The engine never knows it: the
        owner's page has unmasked it for itself and draws it there (the server, which holds the
        bots' secrets, gives a bot its own cards the same way). ``seat_wild`` and ``own_wild``
        count only the cards the engine knows."""
        view = super().view(seat)
        if seat is None or not any(
            is_hidden(card.card) for card in view.seats[seat].cards if not card.up
        ):
            return view
        seats = list(view.seats)
        mine = seats[seat]
        cards = tuple(
            SeatCard(None, False) if is_hidden(card.card) else card for card in mine.cards
        )
        seats[seat] = dataclasses.replace(mine, cards=cards)
        return dataclasses.replace(view, seats=tuple(seats))

    def opened_view(self, seat: int, cards: Mapping[int, Card]) -> TableView:
        """The table as ``seat`` sees it once its owner has opened its own face-down cards of
        this deal: :meth:`view`, with ``cards`` (each deck position's card, as the owner's
        last unmasking gave it) in its seat and in its own ``Dealt`` events, and its
        ``seat_wild`` and ``own_wild`` counting them. What a bot decides from: the server
        holds the bots' secrets and opens their cards (:mod:`wildstud.server.table.private`);
        nobody else's card is in it. Raises :class:`~wildstud.errors.HiddenCardError` for a
        position that is not one of the seat's face-down cards in this deal, or a card that is
        itself hidden; nothing is read from the engine that it does not know.

        >>> from wildstud.deal import stack_deck
        >>> from wildstud.deal.hidden import HiddenDeck
        >>> deck = HiddenDeck(stack_deck("As 9c Ah 9d Qh 7d"))
        >>> hand = PrivateHand("FTQ", [100, 100], {"bring_in": 0}, deck=deck)
        >>> hand.run()
        >>> hand.hidden_positions(1)
        (1, 3)
        >>> view = hand.opened_view(1, {1: parse_card("9c"), 3: parse_card("9d")})
        >>> [str(card.card) for card in view.seats[1].cards], view.seats[0].cards[0].card
        (['9c', '9d', '7d'], None)
        >>> hand.opened_view(1, {0: parse_card("As")})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        wildstud.errors.HiddenCardError: deck position 0 is not one of p2's face-down cards...
        """
        mine = set(self.hidden_positions(seat))  # checks the seat too
        for position, card in cards.items():
            if position not in mine:
                raise HiddenCardError(
                    f"deck position {position} is not one of {_name(seat)}'s face-down cards"
                    " in this deal"
                )
            if is_hidden(card):
                raise HiddenCardError(f"deck position {position} is opened as a card, not {card}")
        deal = self._deal

        def opened(card: Card) -> Card:
            if isinstance(card, HiddenCard):
                return cards.get(card.position, card)
            return card

        held = [HeldCard(opened(item.card), item.up) for item in deal.cards.get(seat, ())]
        view = self.view(seat)
        seats = list(view.seats)
        seats[seat] = dataclasses.replace(
            seats[seat],
            cards=tuple(
                SeatCard(None if is_hidden(item.card) else item.card, item.up) for item in held
            ),
        )
        # Only this deal's events: a redeal's positions start again from 0.
        start = max(i for i, event in enumerate(self._events) if isinstance(event, DealStarted))
        events = list(view.events)
        for index in range(start, len(events)):
            event = self._events[index]
            if isinstance(event, Dealt) and event.seat == seat and type(event.card) is HiddenCard:
                card = opened(event.card)
                events[index] = dataclasses.replace(event, card=None if is_hidden(card) else card)
        community = [HeldCard(deal.community, False)] if deal.community is not None else []
        if self._reads_hands:  # its own cards may make cards wild for it alone
            wild = deal.tracker.seat_wild(seat, [*held, *community])
        else:
            wild = frozenset(view.seat_wild or ())
        return dataclasses.replace(
            view,
            seats=tuple(seats),
            events=tuple(events),
            own_wild=tuple(sorted(wild & {item.card for item in [*held, *community]})),
            seat_wild=tuple(sorted(wild)),
        )
