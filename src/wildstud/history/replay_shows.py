"""A record's shows and mucks: at the showdown, before the last cards while the hands are dealt
out all in, and after the hand; a show that keeps cards hidden, which wins nothing; and the
check, once the hand is dealt, that each show agrees with the cards dealt.

A record whose showdown opens with the shows of every hand that takes part of a pot, before any
other show or muck, is read in that order (the web table's, which shows the winners first:
:meth:`~wildstud.deal.Hand.show_takers`): those hands are shown first, and the shows and mucks
after them are the other hands' (their players' choices). A show is never read as a player's
choice to show: it is noted, and the showdown shows the hand. A record in any other order is
shown down at once at the end of its shows and mucks, as ever.
"""

from __future__ import annotations

from wildstud.cards import Card
from wildstud.deal import DealStarted, Mucked, Shown, Stage
from wildstud.history.notation import Action, DealBoard, DealHole, Note, ShowMuck, format_action
from wildstud.history.replay_state import ReplayState
from wildstud.history.replay_steps import StepKind
from wildstud.history.tolerance import RecordWarning, Tolerance
from wildstud.seats import seat_label
from wildstud.wilds import HeldCard

__all__ = ["ReplayShows"]


class ReplayShows(ReplayState):
    """The shows, mucks and showdown of a replay (see the module's docstring)."""

    def _showdown(self) -> None:
        hand = self.hand
        self._winners_first()
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

    def _winners_first(self) -> None:
        """Show the hands that take part of a pot first where the record's showdown opens with
        their shows, each whole, before any other show or muck (see the module's docstring)."""
        hand = self.hand
        if not (self._at_showdown() and hand.can_show_takers()):
            return
        takers = {seat for seat in hand.live if hand.must_show(seat)}
        opening: set[int] = set()
        for action in self.actions[self.cursor :]:
            if isinstance(action, Note):
                continue
            if (
                not isinstance(action, ShowMuck)
                or action.mucks
                or action.player not in takers
                or self._hides_cards(action)
            ):
                break
            opening.add(action.player)
            if opening == takers:
                hand.show_takers()
                self._mark(StepKind.DEALER, None)
                return

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
            if self.hand.current_run == 1:
                held = tuple(self.hand.cards(show.player))
                self.run_1_shows[number] = (held, dict(self.sources))
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

    def check_shows(self) -> dict[tuple[int, int], Card]:
        """Check each show against the cards dealt; return the unknown cards it reveals."""
        hand = self.hand
        revealed: dict[tuple[int, int], Card] = {}
        for number, show in self.shows:
            if show.cards is None:
                continue
            seat = show.player
            own = hand.cards(seat)
            sources = self.sources
            if number in self.run_1_shows:  # run 1's showdown: run 2 dealt these places again
                own, sources = self.run_1_shows[number]
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
                source = sources.get((seat, position))
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
