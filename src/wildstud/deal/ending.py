"""How a hand ends: mucks, the show-or-muck choice, the showdown and the pushing of the pots.

:class:`Ending` is the floor of :class:`~wildstud.deal.Hand` that ends a deal's play: a hand
given up at the showdown (:meth:`Ending.muck`), the hands that take the pots shown first
(:meth:`Ending.show_takers`), the choice a losing hand has then (:meth:`Ending.show_or_muck`),
the showdown itself and the pots pushed to their winners (:mod:`wildstud.deal.showdown` ranks
the hands and divides the pots).

>>> from wildstud.deal import Hand
>>> hand = Hand("FTQ", [50, 50])
>>> isinstance(hand, Ending), hand.to_show_or_muck, hand.can_muck(0)
(True, (), False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping

from wildstud.cards import Card
from wildstud.deal.events import Awarded, HandEnded, Mucked, Share, Shown
from wildstud.deal.hand_state import card_code
from wildstud.deal.showdown import Ranked, divide_pots, rank_hand
from wildstud.deal.stages import Stage
from wildstud.deal.twice import Twice
from wildstud.errors import IllegalActionError
from wildstud.seats import seat_label as _name

__all__ = ["Ending"]


class Ending(Twice):
    """The end of the hand (see the module's docstring)."""

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
        if self._deal.takers_shown and seat in self._takers():
            raise IllegalActionError(
                f"{_name(seat)} cannot muck: its hand takes part of a pot and is shown"
            )
        if self._runs is not None:
            raise IllegalActionError(
                f"{_name(seat)} cannot muck: the hand is run twice, and every hand still in"
                " goes to both showdowns"
            )

    @property
    def turned_up(self) -> tuple[int, ...]:
        """The seats whose hands are turned up in this deal, all in with no more betting to
        come (house rule ``all_in_turn_up``), in dealing order.

        >>> from wildstud.deal import Hand
        >>> Hand("FTQ", [50, 50], {"all_in_turn_up": True}).turned_up
        ()
        """
        turned = self._deal.turned_up
        return tuple(seat for seat in self._deal.in_deal if seat in turned)

    @property
    def run_out_street(self) -> int | None:
        """While hands turned up are dealt out with no betting to come, the index of the street
        the dealer is about to deal, before its first card (its burn may be due): where a table
        pauses between streets to show the chances; ``None`` anywhere else.

        >>> from wildstud.deal import Hand, stack_deck
        >>> hand = Hand("F7S", [6, 50], {"all_in_turn_up": True, "bring_in": 0},
        ...             deck=stack_deck("As 9c Ah 9d Qh 7d"))
        >>> hand.run(); _ = hand.bet(5); _ = hand.call()
        >>> hand.run_out_street, hand.street_name
        (1, 'fourth street')
        """
        if not self._deal.turned_up or not self._runout_muck_open():
            return None
        return self._deal.street

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
        # Once the hands that take the pots are shown (show_takers) the last hand left is shown
        # already: it takes them at the showdown, as a hand shown does.
        if len(self.live) == 1 and not show_last and not deal.takers_shown:
            self._stage = Stage.UNCONTESTED
        return event

    def _do_uncontested(self) -> None:
        for index, pot in enumerate(self._all_pots()):
            # One live hand is left; a pot only a mucked hand could win goes to that hand.
            (winner,) = pot.eligible & set(self.live) or pot.eligible
            self._push(Awarded(index, winner, pot.amount, Share.UNCONTESTED))
        self._finish()

    def verify_show_takers(self) -> None:
        """Raise a specific :class:`~wildstud.errors.IllegalActionError` unless the hands that
        take part of a pot may be shown now, before the others (:meth:`show_takers`): at the
        showdown, once. Nothing changes.

        >>> from wildstud.deal import Hand
        >>> Hand("FTQ", [50, 50]).verify_show_takers()
        Traceback (most recent call last):
        ...
        wildstud.errors.IllegalActionError: there is no showdown now to show the winning hands at
        """
        if self._stage is not Stage.SHOWDOWN:
            raise IllegalActionError("there is no showdown now to show the winning hands at")
        if self._deal.takers_shown:
            raise IllegalActionError("the hands that take part of a pot are shown already")

    def can_show_takers(self) -> bool:
        """Whether :meth:`verify_show_takers` would let the winning hands be shown now."""
        try:
            self.verify_show_takers()
        except IllegalActionError:
            return False
        return True

    def show_takers(self) -> tuple[Shown, ...]:
        """Show the hands that take part of a pot (:meth:`must_show`: the high hand, a share of
        a tie, The Bitch's half for the queen of spades in the hole) before the others, as a
        card room has it: the winning hand is tabled first, then the players whose hands lose
        choose to show or muck (:meth:`show_or_muck`) knowing what beat them. Returns their
        :class:`~wildstud.deal.events.Shown` events, in dealing order (see
        :meth:`verify_show_takers`, which raises and changes nothing when they may not be
        shown).

        The showdown (:meth:`step`) then shows the other hands still in and pushes the pots as
        it would have: the awards, the stacks and the hands shown are the same, only the order
        of the shows changes. A hand shown so cannot be mucked any more. A hand whose winners
        were not shown first (a record, a hand played before this operation) is shown down
        all at once by the showdown's step, as ever.

        >>> from wildstud.deal import Hand, Phase, Shown, Stage, stack_deck
        >>> deck = stack_deck("As 9c Ah 9d Qh 7d  2c 3c  Kc 4d  Jc 5h  8s 8h")
        >>> hand = Hand("FTQ", [50, 50], {"bring_in": 0}, deck=deck)
        >>> while hand.stage is not Stage.SHOWDOWN:
        ...     _ = hand.check() if hand.phase is Phase.PLAYER else hand.step()
        >>> [(event.seat, len(event.cards)) for event in hand.show_takers()]
        [(1, 7)]
        >>> hand.to_show_or_muck, hand.can_muck(1)  # p1, its aces beaten, shows or mucks
        ((0,), False)
        >>> hand.show_or_muck(0, show=False)
        Mucked(seat=0)
        >>> hand.run()
        >>> [event.seat for event in hand.events if isinstance(event, Shown)], hand.stacks
        ([1], (49, 51))
        """
        self.verify_show_takers()
        ranked = self._ranked()
        takers = {award.seat for award in self._division(ranked)}
        shown = [self._show(hand) for seat, hand in ranked.items() if seat in takers]
        self._deal.takers_shown = True
        return tuple(shown)

    def _show(self, hand: Ranked) -> Shown:
        """Show ``hand`` down: every view sees its cards from now on."""
        options = self.options
        self._deal.shown.add(hand.seat)
        event = Shown(
            hand.seat,
            hand.cards,
            tuple(sorted(hand.wild & set(hand.cards), key=card_code)),
            hand.value,
            hand.natural,
            bool(hand.wild),
            # The house rules the value was found under: the event plays its best five by
            # them, so that no reader of it tries rules until the value matches.
            options.five_of_a_kind_top,
            options.double_ace_flush,
        )
        self._events.append(event)
        return event

    def _do_showdown(self) -> None:
        ranked = self._ranked()
        awards = self._division(ranked)
        # The takers shown first (show_takers) are not shown again; the others are shown now.
        shown: Collection[int] = {award.seat for award in awards} if self._deal.takers_shown else ()
        for seat, hand in ranked.items():
            if seat not in shown:
                self._show(hand)
        runs = self._runs
        for award in awards:
            if runs is not None:
                if not award.amount:
                    continue  # run 2's half of a pot of one chip: nothing to push
                award = dataclasses.replace(award, run=runs.run)
            self._push(award)
        if runs is not None and runs.run == 1:
            self._second_run()
            return
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

        >>> from wildstud.deal import Hand
        >>> Hand("FTQ", [50, 50]).must_show(0)
        False
        """
        if self._stage != Stage.SHOWDOWN or seat not in self.live:
            return False
        return seat in self._takers()

    def _takers(self) -> frozenset[int]:
        """The seats whose hands take any part of a pot at the showdown due now."""
        return frozenset(award.seat for award in self._division(self._ranked()))

    @property
    def to_show_or_muck(self) -> tuple[int, ...]:
        """The seats still to choose, at the showdown, between showing and mucking: the hands
        still in that take no part of a pot (see :meth:`must_show`) and whose players have not
        chosen to show, in dealing order; empty before the showdown and once it is over. A table
        that lets a losing hand be mucked holds the showdown (the dealer's :meth:`step`) until
        this is empty, having shown the hands that take the pots first (:meth:`show_takers`);
        :meth:`step` itself shows every hand still in not shown yet.

        >>> from wildstud.deal import Hand, Phase, Shown, Stage, stack_deck
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

        >>> from wildstud.deal import Hand
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
        if seat in self._deal.turned_up:
            raise IllegalActionError(f"{_name(seat)}'s hand is turned up all in: it is shown")
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

        >>> from wildstud.deal import Hand, Phase, Shown, Stage, stack_deck
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

        >>> from wildstud.deal import Hand
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
        self._won[award.seat] += award.amount
        self._awards.append(award)
        self._events.append(award)

    def _finish(self) -> None:
        self._events.append(HandEnded(tuple(self._stacks)))
        self._stage = Stage.OVER
