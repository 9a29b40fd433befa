"""What is known of a deal in progress: the cards dealt so far, in dealing order, and who is in.

A :class:`Situation` is the start of a deal as the compiled simulation replays it: the prefix of
chance steps already taken (:meth:`~wildstud.deal.Hand.chance`), each a :class:`Taken` record
of its seat (or what it dealt instead: a burn, the community or the centre card), whether it
went face up and its card's code where someone can see it (-1 where nobody can), with the
burned cards shuffled back into a short stub marked where it happened; the street those cards
complete, cards seen elsewhere (folded hands shown),
and the seats still in. It is built from what a player knows (:meth:`Situation.build`: one
player's hole cards, every player's upcards, cards seen from folded hands), from a hand of the
engine at any moment (:meth:`Situation.from_hand`) or from one seat's view of it
(:meth:`Situation.from_view`: what a bot is given), and it is checked: a card seen twice, a
count of upcards that no deal of the game produces, or a deal that the rules would have stopped
is refused with a :class:`~wildstud.errors.SituationError`.

>>> s = Situation.build("FTQ", 3, hole={0: "As Ad"}, upcards={0: "Qh", 1: "7c", 2: "2d"})
>>> s.street, s.live, len(s.prefix)
(0, (0, 1, 2), 9)
>>> s.prefix[6:]
(Taken(seat=0, up=True, code=42), Taken(seat=1, up=True, code=20), Taken(seat=2, up=True, code=1))
>>> s.prefix[6].kind, str(s.prefix[6].card)
(<Stage.CARD: 'card'>, 'Qh')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from wildstud.cards import Card, CardLike, Rank, parse_card, parse_cards
from wildstud.deal import (
    Acted,
    Burned,
    CentreCard,
    CommunityCard,
    DealStarted,
    Dealt,
    Hand,
    HandStarted,
    RunStarted,
    Stage,
    StreetStarted,
    StubShuffled,
    TableView,
)
from wildstud.deal.events import Event as HandEvent
from wildstud.errors import SituationError
from wildstud.games import Rules, find_game
from wildstud.games.options import GameOptions
from wildstud.odds import compiled_deal
from wildstud.odds.simulate import check_players, resolve_rules
from wildstud.seats import seat_label

__all__ = ["Situation", "Taken"]


class Taken(NamedTuple):
    """One chance step already taken, as the compiled deal reads it (a row of its prefix).

    ``seat`` is the seat the card went to, or, below zero, what the step dealt instead
    (:data:`~wildstud.odds.compiled_deal.BURN_SEAT`, ``COMMUNITY_SEAT``, ``CENTRE_SEAT``; and
    ``RESHUFFLE_SEAT`` where the burned cards went back into a short stub, no card dealt);
    ``up`` whether the card lies face up; ``code`` its code, -1 where the viewer has not seen it.
    """

    seat: int
    up: bool
    code: int

    @property
    def kind(self) -> Stage:
        """What the step dealt: :attr:`~wildstud.deal.Stage.CARD` to a seat, a burn, the
        community or the centre card (or the reshuffle of a short stub)."""
        return _KIND_OF_MARKER.get(self.seat, Stage.CARD)

    @property
    def card(self) -> Card | None:
        """The card, where it was seen."""
        return None if self.code < 0 else Card.of(self.code)


_KIND_OF_MARKER = {
    compiled_deal.BURN_SEAT: Stage.BURN,
    compiled_deal.COMMUNITY_SEAT: Stage.COMMUNITY,
    compiled_deal.CENTRE_SEAT: Stage.CENTRE,
    compiled_deal.RESHUFFLE_SEAT: Stage.RESHUFFLE,
}

CardsLike = str | Iterable[CardLike]


@dataclass(frozen=True)
class Situation:
    """A deal part-way through (see the module's description)."""

    rules: Rules
    players: int
    prefix: tuple[Taken, ...]
    """The chance steps taken so far in this deal, in order."""
    street: int
    """The street whose dealing the prefix completes (-1: nothing dealt yet)."""
    live: tuple[int, ...]
    dead: tuple[int, ...] = ()
    first: int = 0
    """The seat dealt first, on the dealer's left. The compiled deal deals seat 0 first, so it
    is given the seats turned round to start there (:meth:`kernel_seat`), and its answers are
    turned back: the order of dealing decides who gets the card after a queen."""

    def kernel_seat(self, seat: int) -> int:
        """``seat`` as the compiled deal numbers it (the seat dealt first is its 0).

        >>> Situation.start("FTQ", 4).kernel_seat(2)
        2
        """
        return (seat - self.first) % self.players

    @classmethod
    def start(
        cls,
        game: str | Rules,
        players: int,
        options: Mapping[str, object] | GameOptions | None = None,
    ) -> Situation:
        """Nothing dealt yet.

        >>> Situation.start("BD5", 4).live
        (0, 1, 2, 3)
        """
        rules = resolve_rules(game, options)
        check_players(rules, players)
        return cls(rules, players, (), -1, tuple(range(players)))

    @classmethod
    def build(
        cls,
        game: str | Rules,
        players: int,
        *,
        options: Mapping[str, object] | GameOptions | None = None,
        hole: Mapping[int, CardsLike] | None = None,
        upcards: Mapping[int, CardsLike] | None = None,
        folded: Iterable[int] = (),
        seen: CardsLike = (),
        centre: CardLike | None = None,
    ) -> Situation:
        """A deal at the end of a street's dealing, from what is known.

        Seats count from the dealer's left (seat 0 is dealt first). ``upcards`` gives each
        seat's face-up cards in the order it got them; a seat with fewer than the others folded
        earlier (list it in ``folded`` too) and got nothing after. ``hole`` gives the face-down
        cards known, by seat, in dealing order (a prefix of them); ``seen`` cards shown from
        folded hands whose place is unknown; ``centre`` the centre card, if one was dealt.

        >>> Situation.build("FTQ", 2, upcards={0: "Qs Qc", 1: "7c"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        wildstud.errors.SituationError: p2 holds 1 upcard(s) ... but is not listed as folded
        """
        rules = resolve_rules(game, options)
        check_players(rules, players)
        ups = {seat: parse_cards(_text(cards)) for seat, cards in (upcards or {}).items()}
        downs = {seat: parse_cards(_text(cards)) for seat, cards in (hole or {}).items()}
        out = set(folded)
        for seat in (*ups, *downs, *out):
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                named = f"{seat_label(seat)} (seat {seat})" if isinstance(seat, int) else repr(seat)
                raise SituationError(
                    f"no {named} at a table of {players}: seats count from 0 here, p1 to"
                    f" {seat_label(players - 1)}"
                )
        street = _street_of(rules, ups, downs)
        # Which seats got each street: every seat still in at it.
        reached = {
            seat: _streets_reached(rules, len(ups.get(seat, ())), street, seat not in out)
            for seat in range(players)
        }
        for seat in range(players):
            if reached[seat] < street and seat not in out:
                count = len(ups.get(seat, ()))
                raise SituationError(
                    f"{seat_label(seat)} holds {count} upcard(s) where the deal is on"
                    f" {rules.streets[street].name} but is not listed as folded"
                )
        prefix: list[Taken] = []
        used = {seat: [0, 0] for seat in range(players)}  # downs and ups dealt so far
        for index in range(street + 1):
            for up in rules.streets[index].cards:
                for seat in range(players):
                    if reached[seat] < index:
                        continue
                    kind = 1 if up else 0
                    mine = (ups if up else downs).get(seat, ())
                    position = used[seat][kind]
                    used[seat][kind] += 1
                    if position < len(mine):
                        prefix.append(Taken(seat, up, mine[position].code))
                    elif up:
                        raise SituationError(f"{seat_label(seat)} is missing an upcard")
                    else:
                        prefix.append(Taken(seat, up, -1))
            if centre is not None and index == rules.last_face_up_street:
                _check_centre(rules, prefix, parse_card(centre))
                prefix.append(Taken(compiled_deal.CENTRE_SEAT, True, parse_card(centre).code))
        if centre is not None and street < rules.last_face_up_street:
            last = rules.streets[rules.last_face_up_street].name
            raise SituationError(
                f"a centre card comes only after the last face-up card ({last}); this deal is"
                f" on {rules.streets[street].name}"
            )
        for seat, cards in downs.items():
            if len(cards) > used[seat][0]:
                raise SituationError(
                    f"{seat_label(seat)} has {len(cards)} hole card(s); the deal has given"
                    f" {used[seat][0]}"
                )
        live = tuple(seat for seat in range(players) if seat not in out)
        dead = tuple(card.code for card in parse_cards(_text(seen)))
        return cls._checked(rules, players, tuple(prefix), street, live, dead)

    @classmethod
    def from_hand(
        cls, hand: Hand, viewer: int | None = None, hidden: Iterable[Card] = ()
    ) -> Situation:
        """The current deal of an engine hand, as ``viewer`` sees it (every card, without
        one), ``hidden`` cards counted as unseen (those a replay dealt in place of unknown ones).

        A street half dealt is dealt out at random (refused while face-up cards are still to
        come in a game whose face-up card can stop the deal); between streets, the deal stands
        at the last street whose cards are out.
        """
        if hand.private:
            raise SituationError(
                "a private deal's face-down cards are unknown to the engine: its odds come from"
                " a view (from_view), which counts them as unseen"
            )
        return cls.from_events(hand.rules, len(hand.stacks), hand.events, viewer, hidden)

    @classmethod
    def from_view(cls, view: TableView, rules: Rules | None = None) -> Situation:
        """The current deal as one seat's view of the hand shows it (a spectator's view: the
        upcards alone). Nothing but the view is read, so nothing its viewer may not see can
        reach the situation; ``rules`` saves finding them again from the view's game code and
        house rules.

        >>> from wildstud.cards import Deck
        >>> hand = Hand("FTQ", [100, 100, 100], deck=Deck(seed=2))
        >>> hand.run()
        >>> Situation.from_view(hand.view(1)) == Situation.from_hand(hand, viewer=1)
        True
        """
        if rules is None:
            rules = find_game(view.code).rules(dict(view.options))
        return cls.from_events(rules, len(view.seats), view.events, view.viewer, ())

    @classmethod
    def from_events(
        cls,
        rules: Rules,
        players: int,
        events: Sequence[HandEvent],
        viewer: int | None = None,
        hidden: Iterable[Card] = (),
    ) -> Situation:
        """The last deal of a hand's ``events`` (any prefix of them: a hand as it stood at some
        point), as ``viewer`` sees it, ``hidden`` cards counted as unseen (see
        :meth:`from_hand`). In a hand run twice, run 2's situation is the hands as run 1
        began, run 2's cards, and run 1's cards dead."""
        unseen = set(hidden)
        opened = events[0]
        first = (opened.dealer + 1) % players if isinstance(opened, HandStarted) else 0
        start = max(i for i, event in enumerate(events) if isinstance(event, DealStarted))
        deal = events[start]
        assert isinstance(deal, DealStarted)
        prefix: list[Taken] = []
        street = -1
        dealt = 0  # cards dealt on this street (a community card counts for all)
        expected = 0
        folded: set[int] = set()
        run_start: tuple[list[Taken], int, int, int] | None = None
        dead: list[int] = []
        for event in events[start + 1 :]:
            if isinstance(event, RunStarted):
                if event.run == 1:
                    run_start = (list(prefix), street, dealt, expected)
                elif run_start is not None:
                    # Run 2 is dealt to the hands as run 1 began, from the stub run 1 left:
                    # run 1's cards are out of it (its burns, unseen, are like any unseen card).
                    seen = prefix[len(run_start[0]) :]
                    dead.extend(taken.code for taken in seen if taken.code >= 0)
                    prefix = list(run_start[0])
                    street, dealt, expected = run_start[1:]
            elif isinstance(event, StreetStarted):
                street, dealt = event.street, 0
                in_now = sum(1 for seat in deal.seats if seat not in folded)
                expected = in_now * len(rules.streets[street].cards)
            elif isinstance(event, Dealt):
                visible = event.up or viewer is None or viewer == event.seat
                known = event.card is not None and visible and event.card not in unseen
                prefix.append(
                    Taken(event.seat, event.up, event.card.code if known and event.card else -1)
                )
                dealt += 1
            elif isinstance(event, Burned):
                prefix.append(Taken(compiled_deal.BURN_SEAT, False, -1))
            elif isinstance(event, StubShuffled):
                prefix.append(Taken(compiled_deal.RESHUFFLE_SEAT, False, -1))
            elif isinstance(event, CentreCard):
                prefix.append(Taken(compiled_deal.CENTRE_SEAT, True, event.card.code))
            elif isinstance(event, CommunityCard):
                prefix.append(Taken(compiled_deal.COMMUNITY_SEAT, False, event.card.code))
                dealt = expected
            elif isinstance(event, Acted) and event.kind.value == "fold":
                folded.add(event.seat)
        if street >= 0 and dealt == 0:
            street -= 1  # the street has begun, but no card of it is out yet
        elif dealt < expected:
            # A street half dealt (a record cut there): the cards still to come on it are dealt
            # at random, one at a time round the table as the engine deals, before the rest.
            order = [seat for seat in deal.seats if seat not in folded]
            rows = [(seat, up) for up in rules.streets[street].cards for seat in order][dealt:]
            if rules.redeal_card is not None and any(up for _, up in rows):
                raise SituationError(
                    f"the hand stops in the middle of dealing {rules.streets[street].name}, and"
                    f" a face-up card still to come on it could stop the deal in {rules.title}:"
                    " the odds start once the street's face-up cards are out"
                )
            prefix.extend(Taken(seat, up, -1) for seat, up in rows)
        live = tuple(seat for seat in deal.seats if seat not in folded)
        return cls._checked(rules, players, tuple(prefix), street, live, tuple(dead), first)

    @classmethod
    def _checked(
        cls,
        rules: Rules,
        players: int,
        prefix: tuple[Taken, ...],
        street: int,
        live: tuple[int, ...],
        dead: tuple[int, ...],
        first: int = 0,
    ) -> Situation:
        codes = [taken.code for taken in prefix if taken.code >= 0] + list(dead)
        if len(codes) != len(set(codes)):
            twice = sorted({code for code in codes if codes.count(code) > 1})
            named = " ".join(str(Card.of(code)) for code in twice)
            raise SituationError(f"card seen twice: {named}")
        if len(live) < 1:
            raise SituationError("every player has folded")
        qs = compiled_deal.QUEEN_OF_SPADES
        if rules.redeal_card is not None and any(
            taken.up and taken.code == qs and taken.seat >= 0 for taken in prefix
        ):
            raise SituationError(
                "the queen of spades is face up: the deal stops there and is dealt again"
            )
        # Rows built elsewhere (a plain tuple each) are named here, so every prefix reads alike.
        return cls(rules, players, tuple(Taken(*row) for row in prefix), street, live, dead, first)

    @property
    def prefix_array(self) -> npt.NDArray[np.int64]:
        """The prefix as rows of ``(seat, up, code)`` for the compiled deal (its seat numbers;
        a card dealt to no seat keeps its marker)."""
        rows = [
            (self.kernel_seat(seat) if seat >= 0 else seat, int(up), code)
            for seat, up, code in self.prefix
        ]
        return np.array(rows, dtype=np.int64).reshape(-1, 3)

    @property
    def live_mask(self) -> npt.NDArray[np.bool_]:
        """The seats still in, as a mask over the compiled deal's seats."""
        mask = np.zeros(self.players, dtype=np.bool_)
        mask[[self.kernel_seat(seat) for seat in self.live]] = True
        return mask

    @property
    def unknown(self) -> int:
        """How many cards dealt so far nobody has seen."""
        return sum(1 for taken in self.prefix if taken.code < 0 and taken.seat >= 0)

    @property
    def complete(self) -> bool:
        """Whether every card has been dealt (only the showdown is left)."""
        return self.street == len(self.rules.streets) - 1


def _check_centre(rules: Rules, prefix: Sequence[Taken], centre: Card) -> None:
    """Refuse a centre card where the game deals none: only Follow the Queen's centre-card
    house rule deals one, and only when the last face-up card is a queen."""
    if not rules.centre_card:
        raise SituationError(
            f"{rules.game.title} deals no centre card here (only Follow the Queen with"
            f" final_queen = centre-card), so there is no centre card {centre}"
        )
    ups = [taken for taken in prefix if taken.up and taken.seat >= 0]
    last = ups[-1].card if ups else None
    if last is None or last.rank is not Rank.QUEEN:
        raise SituationError(
            f"a centre card is dealt only when the last face-up card is a queen, not {last}"
        )


def _text(cards: CardsLike) -> str | list[CardLike]:
    return cards if isinstance(cards, str) else list(cards)


def _ups_before(rules: Rules, street: int) -> int:
    """Upcards a seat holds once ``street`` is dealt."""
    return sum(sum(s.cards) for s in rules.streets[: street + 1])


def _downs_before(rules: Rules, street: int) -> int:
    """Hole cards a seat holds once ``street`` is dealt."""
    return sum(len(s.cards) - sum(s.cards) for s in rules.streets[: street + 1])


def _street_of(
    rules: Rules, ups: Mapping[int, Sequence[Card]], downs: Mapping[int, Sequence[Card]]
) -> int:
    """The first street that leaves the most upcards given and room for the hole cards."""
    most = max((len(cards) for cards in ups.values()), default=0)
    holes = max((len(cards) for cards in downs.values()), default=0)
    streets = range(len(rules.streets))
    for street in streets:
        if _ups_before(rules, street) == most and holes <= _downs_before(rules, street):
            return street
    # What is wrong, in a player's words: too many cards of a kind, or hole cards without the
    # upcards dealt with them.
    title, last = rules.game.title, len(rules.streets) - 1
    if most > _ups_before(rules, last):
        raise SituationError(
            f"{title} deals each player {_ups_before(rules, last)} upcards at most, not {most}"
        )
    if holes > _downs_before(rules, last):
        raise SituationError(
            f"{title} deals each player {_downs_before(rules, last)} hole cards at most,"
            f" not {holes}"
        )
    reached = next(street for street in streets if holes <= _downs_before(rules, street))
    need = _ups_before(rules, reached)
    who = seat_label(max(downs, key=lambda seat: len(downs[seat])))
    raise SituationError(
        f"{who} has {holes} hole card(s), so the deal has reached {rules.streets[reached].name},"
        f" where every player still in shows {need} upcard(s); the upcards given stop at"
        f" {most}: name each player's upcards too"
    )


def _streets_reached(rules: Rules, upcards: int, street: int, live: bool) -> int:
    """The last street (up to ``street``) whose cards a seat holding ``upcards`` was dealt.
    A street of face-down cards only shows nothing: after the first street, a seat got it
    only if it is still in."""
    reached = -1
    for index in range(street + 1):
        cards = rules.streets[index].cards
        if any(cards):
            if _ups_before(rules, index) > upcards:
                break
        elif index > 0 and not live:
            break
        reached = index
    return reached
