"""Run it twice: the cards still to come dealt twice, each run for half of every pot.

Under the house rule ``run_twice``, once the hands still in are turned up all in (house rule
``all_in_turn_up``) and before the first card still to come, the players may agree to run it
twice (:meth:`Twice.run_twice`; the table asks every hand still in, and one refusal means one
run). Run 1 deals the rest of the hand as usual and its showdown wins half of each pot, the odd
chip included; run 2 then deals the rest again, from the stub left after run 1 in its order, to
the hands as they stood where run 1 started, and its showdown wins the other half. Each run's
wild cards follow from that run's own cards. ``docs/house-rules.md`` ("Run it twice") says when
a hand cannot be run twice, and why.

>>> from wildstud.deal import Hand, RunStarted, stack_deck
>>> deck = stack_deck("As Kd Ah Kh 9c 8d  2c 3c  4d 5h  6s 7h  Jd Td  2h 3h  4s 5s  6h 7d  Jc Tc")
>>> hand = Hand("F7S", [10, 10], {"all_in_turn_up": True, "run_twice": True, "bring_in": 0,
...             "ante": 0}, deck=deck)
>>> hand.run(); _ = hand.bet(5); _ = hand.call(); hand.run()
>>> _ = hand.bet(5); _ = hand.call()
>>> hand.can_run_twice(), hand.run_twice_seats
(True, (0, 1))
>>> hand.run_twice()
RunStarted(run=1)
>>> hand.run()
>>> [(award.run, award.seat, award.amount) for award in hand.awards], hand.stacks
([(1, 0, 10), (2, 0, 10)], (20, 0))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection

from wildstud.cards import Rank
from wildstud.deal.dealing import Dealing
from wildstud.deal.events import RunStarted
from wildstud.deal.per_deal import Runs
from wildstud.deal.stages import Stage
from wildstud.errors import IllegalActionError, RunTwiceError
from wildstud.games import NoQueen
from wildstud.pots import Pot
from wildstud.seats import seat_label as _name

__all__ = ["Twice"]


class Twice(Dealing):
    """Running the cards still to come twice (see the module's docstring)."""

    @property
    def current_run(self) -> int:
        """The run being dealt: 0 in a hand run once, 1 or 2 in a hand run twice.

        >>> from wildstud.deal import Hand
        >>> Hand("FTQ", [50, 50]).current_run
        0
        """
        return 0 if self._runs is None else self._runs.run

    @property
    def run_twice_seats(self) -> tuple[int, ...]:
        """The seats whose players must all agree to run it twice now, in dealing order: the
        hands still in (every one turned up); empty when the hand cannot be run twice now.

        >>> from wildstud.deal import Hand
        >>> Hand("FTQ", [50, 50], {"run_twice": True}).run_twice_seats
        ()
        """
        return self.live if self.can_run_twice() else ()

    @property
    def run_twice_answers(self) -> dict[int, bool]:
        """The answers to the offer to run it twice so far in this deal, by seat (``True``:
        agreed).

        >>> from wildstud.deal import Hand
        >>> Hand("FTQ", [50, 50], {"run_twice": True}).run_twice_answers
        {}
        """
        return dict(self._deal.twice_answers)

    @property
    def to_agree_run_twice(self) -> tuple[int, ...]:
        """The seats still to answer the offer to run it twice, in dealing order: while the
        hand may be run twice (:meth:`can_run_twice`), the hands still in that have not
        answered. A table holds the dealer here until it is empty (the runs start with the last
        agreement) or a seat has declined (the hand is run once).

        >>> from wildstud.deal import Hand
        >>> Hand("FTQ", [50, 50], {"run_twice": True}).to_agree_run_twice
        ()
        """
        answers = self._deal.twice_answers
        return tuple(seat for seat in self.run_twice_seats if seat not in answers)

    def verify_agree_run_twice(self, seat: int, agree: bool = True) -> None:
        """Raise a specific :class:`~wildstud.errors.RunTwiceError` unless ``seat`` may answer
        the offer to run it twice now: the hand may be run twice (:meth:`verify_run_twice`),
        ``seat`` holds a hand still in and has not answered. A ``seat`` that names no seat at
        this table raises :class:`~wildstud.errors.TableError`. Nothing changes.

        >>> from wildstud.deal import Hand
        >>> Hand("FTQ", [50, 50], {"run_twice": True}).verify_agree_run_twice(0)
        ... # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        wildstud.errors.RunTwiceError: a hand is run twice only once the hands all in are ...
        """
        self._check_seat(seat)
        self.verify_run_twice()
        if seat not in self._deal.live:
            raise RunTwiceError(f"{_name(seat)} has no hand in this deal to run twice")
        if seat in self._deal.twice_answers:
            raise RunTwiceError(f"{_name(seat)} has answered already")

    def can_agree_run_twice(self, seat: int, agree: bool = True) -> bool:
        """Whether :meth:`verify_agree_run_twice` would accept the answer."""
        try:
            self.verify_agree_run_twice(seat, agree)
        except IllegalActionError:
            return False
        return True

    def agree_run_twice(self, seat: int, agree: bool) -> RunStarted | None:
        """``seat``'s answer to the offer to run it twice (see :meth:`verify_agree_run_twice`):
        a refusal closes the offer, and the hand is run once; the last agreement starts run 1
        (:meth:`run_twice`) and returns its event.

        >>> from wildstud.deal import Hand, stack_deck
        >>> hand = Hand("F7S", [6, 6], {"all_in_turn_up": True, "run_twice": True,
        ...             "bring_in": 0}, deck=stack_deck("As Kd Ah Kh 9c 8d"))
        >>> hand.run(); _ = hand.bet(5); _ = hand.call()
        >>> hand.agree_run_twice(0, True), hand.to_agree_run_twice
        (None, (1,))
        >>> hand.agree_run_twice(1, True), hand.to_agree_run_twice
        (RunStarted(run=1), ())
        """
        self.verify_agree_run_twice(seat, agree)
        self._deal.twice_answers[seat] = agree
        if agree and not self.to_agree_run_twice:
            return self.run_twice()
        return None

    def auto_agree_run_twice(
        self, seats: Collection[int] | None = None, *, agree: bool = False
    ) -> tuple[int, ...]:
        """Answer for the seats still to answer (all of them, or those among ``seats``) what a
        bot or a clock that ran out answers: no, unless ``agree``. The first refusal closes the
        offer, so it answers for no seat after it. Returns the seats answered for, in dealing
        order.

        >>> from wildstud.deal import Hand
        >>> Hand("FTQ", [50, 50]).auto_agree_run_twice()
        ()
        """
        answered: list[int] = []
        for seat in self.to_agree_run_twice:
            if seats is not None and seat not in seats:
                continue
            if not self.can_agree_run_twice(seat, agree):
                break  # a refusal before closed the offer
            self.agree_run_twice(seat, agree)
            answered.append(seat)
        return tuple(answered)

    def can_run_twice(self) -> bool:
        """Whether :meth:`verify_run_twice` would let the hand be run twice now."""
        try:
            self.verify_run_twice()
        except IllegalActionError:
            return False
        return True

    def verify_run_twice(self) -> None:
        """Raise a specific :class:`~wildstud.errors.RunTwiceError` unless the hand may be run
        twice now: house rule ``run_twice`` on, the hands still in turned up all in, before the
        first card still to come (its burn included); no redeal and no payment for a wild card
        can come in either run, so that both runs play for the same pots; and a stub that holds
        every card both runs may deal. Nothing changes.

        >>> from wildstud.deal import Hand
        >>> Hand("FTQ", [50, 50]).verify_run_twice()
        Traceback (most recent call last):
        ...
        wildstud.errors.RunTwiceError: this table runs the cards once (house rule run_twice is off)
        """
        if not self.options.run_twice:
            raise RunTwiceError("this table runs the cards once (house rule run_twice is off)")
        if self._runs is not None:
            raise RunTwiceError("this hand is being run twice already")
        declined = [seat for seat, agree in self._deal.twice_answers.items() if not agree]
        if declined:
            raise RunTwiceError(f"{_name(declined[0])} declined: this hand is run once")
        deal = self._deal
        if (
            deal.runout_at is None
            or len(deal.out) != deal.runout_at
            or not self._runout_muck_open()
        ):
            raise RunTwiceError(
                "a hand is run twice only once the hands all in are turned up, before the first"
                " of the cards still to come"
            )
        face_up_to_come = self._face_up_to_come()
        if self.rules.redeal_card is not None and face_up_to_come:
            raise RunTwiceError(
                f"a face-up {self.rules.redeal_card} would stop one run's deal and not the"
                " other's: this game is run once"
            )
        if (
            self.rules.no_queen is not NoQueen.PLAY_ON
            and deal.street <= self._last_face_up
            and not any(up.card.rank is Rank.QUEEN for up in deal.face_up)
        ):
            raise RunTwiceError(
                "no queen has shown yet, and a run without one would be redealt"
                f" (house rule no_queen {self.rules.no_queen}): this hand is run once"
            )
        if (
            self._charges_for_wilds
            and face_up_to_come
            and any(self._stacks[seat] > 0 for seat in deal.live)
        ):
            raise RunTwiceError(
                "a wild card face up would cost chips that one run pays and the other may not"
                " (house rules pay_for_wild, extra_antes): this hand is run once"
            )
        need = self._cards_to_come()
        if self.stub < 2 * need:
            raise RunTwiceError(
                f"the stub holds {self.stub} card(s), and two runs need {2 * need}"
                f" ({need} each): this hand is run once"
            )

    def _runout_muck_open(self) -> bool:
        """Whether the hands are dealt out with no betting to come, between two streets: a
        hand may be given up then, as at the showdown (pokerkit's records do so)."""
        if self._stage not in (Stage.CARD, Stage.BURN, Stage.RESHUFFLE, Stage.COMMUNITY):
            return False
        before = sum(len(street.cards) for street in self.rules.streets[: self._deal.street])
        if any(len(self._deal.cards[seat]) != before for seat in self.live):
            return False  # the street's dealing has begun
        if self._runs is not None:
            return True  # run twice: run 1's pots pushed refill stacks, but no bet can come
        return sum(1 for seat in self.live if self._stacks[seat] > 0) <= 1

    def _cards_to_come(self) -> int:
        """Every card the rest of the deal may take from the stub, from the street about to be
        dealt: each live hand's cards, the burns, and a centre card that may come."""
        deal = self._deal
        streets = self.rules.streets[deal.street :]
        need = sum(len(street.cards) for street in streets) * len(deal.live)
        if self._burn:
            need += len(streets)
        if self.rules.centre_card and deal.centre is None and self._face_up_to_come():
            need += 1  # counted as if it came: the last face-up card may be a queen
        return need

    def run_twice(self) -> RunStarted:
        """Run the cards still to come twice, every hand still in having agreed (see
        :meth:`verify_run_twice`, which raises and changes nothing when it may not be): run 1
        starts, and returns its :class:`~wildstud.deal.events.RunStarted` event. The dealer
        then deals run 1 to its showdown, which wins half of each pot (the odd chip too), and
        run 2 from where run 1 started, which wins the rest."""
        self.verify_run_twice()
        first: list[Pot] = []
        second: list[Pot] = []
        for pot in self._all_pots():
            # House rule (docs/house-rules.md, "Run it twice"): an odd chip goes to run 1.
            first.append(Pot(pot.amount - pot.amount // 2, pot.eligible))
            second.append(Pot(pot.amount // 2, pot.eligible))
        self._runs = Runs(self._deal.copy(self._stacks), self._stage, (tuple(first), tuple(second)))
        event = RunStarted(1)
        self._events.append(event)
        return event

    def _second_run(self) -> None:
        """Run 1 is pushed: deal run 2 from where run 1 started, with the stub run 1 left."""
        runs = self._runs
        assert runs is not None
        played = self._deal
        deal = runs.start.copy(self._stacks)
        deal.stub = played.stub  # run 1's cards are out of it, the rest in the same order
        deal.out = list(played.out)  # every card taken from the stub in this deal
        self._deal = deal
        self._runs = dataclasses.replace(runs, run=2)
        self._stage = runs.stage
        self._events.append(RunStarted(2))
