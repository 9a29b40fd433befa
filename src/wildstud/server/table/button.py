"""Who is dealt in, who deals, and whether the dealer is asked for the game: pure functions of a
snapshot of the seats, part of the hand runner's slice of the table's core (:mod:`.core`).

The hand driver (:mod:`.driver`) takes a :class:`Seats` snapshot between hands and asks these
functions what comes next; they hold no table, no clock and no store, so each rule of the
button's round is tested here alone (``tests/server/test_button_round.py``) and the driver only
carries out the answer.

The button moves forward every hand to the next seat, after the one that had it, whose player
was dealt into the last hand and is dealt into this one (Robert's Rules' moving button;
``docs/house-rules.md``, "Who deals and chooses"): a player who has just joined or sat back in
is dealt in at once but waits for the button to come round.

>>> seats = Seats((Sitter(0, "a"), Sitter(2, "b"), Sitter(5, "c", dealt_in=False)))
>>> seats.lineup()
(0, 2)
>>> seats.next_button((0, 2), button=0, dealt_last={0: "a", 2: "b"})
2
>>> newcomer = Seats((Sitter(0, "a"), Sitter(1, "n"), Sitter(2, "b")))
>>> newcomer.next_button((0, 1, 2), button=0, dealt_last={0: "a", 2: "b"})  # n waits
2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from wildstud.server.menu import Menu
from wildstud.server.seating import Seat

__all__ = ["Ask", "DealDefault", "Seats", "Sitter", "dealer_for", "game_for", "next_step"]


@dataclass(frozen=True, slots=True)
class Sitter:
    """A seat as the button's round sees it."""

    index: int
    player_id: str
    dealt_in: bool = True
    """Whether the seat is dealt into the next hand (chips, sitting in, not leaving)."""
    asked: bool = True
    """Whether its player can be asked for the game: a person with a page open (a bot, or
    a player with none, gets the default pick at once)."""


@dataclass(frozen=True, slots=True)
class Seats:
    """The table's seats as they stand between hands, in the order of their numbers."""

    sitters: tuple[Sitter, ...]

    @classmethod
    def of(cls, seats: Mapping[int, Seat]) -> Seats:
        """The snapshot of a table's seats."""
        return cls(
            tuple(
                Sitter(index, seat.player_id, seat.eligible, seat.connected and not seat.is_bot)
                for index, seat in sorted(seats.items())
            )
        )

    def get(self, index: int) -> Sitter | None:
        """The seat numbered ``index``, if it is taken."""
        for sitter in self.sitters:
            if sitter.index == index:
                return sitter
        return None

    def lineup(self) -> tuple[int, ...]:
        """The seats dealt into the next hand, in order."""
        return tuple(sitter.index for sitter in self.sitters if sitter.dealt_in)

    def next_button(
        self, lineup: tuple[int, ...], button: int | None, dealt_last: Mapping[int, str] | None
    ) -> int:
        """The seat that deals (and chooses) the next hand of ``lineup`` (not empty): the next
        seat after ``button`` whose player was dealt into the last hand (``dealt_last``: each
        seat with its player's id; ``None`` when no hand is known), so that a player who has
        just joined or sat back in waits for the button to come round; where no such seat is
        left, the next seat dealt in. The button never stays where it was.

        >>> Seats((Sitter(1, "a"), Sitter(3, "b"))).next_button((1, 3), None, None)
        1
        >>> Seats((Sitter(1, "a"), Sitter(3, "b"))).next_button((1, 3), 3, None)  # round
        1
        """
        if button is None:
            return lineup[0]
        dealt = dealt_last or {}
        players = {sitter.index: sitter.player_id for sitter in self.sitters}
        # A seat counts as dealt last only while the same player holds it: whoever takes
        # a seat its player left is a newcomer.
        stayed = [i for i in lineup if i != button and dealt.get(i) == players.get(i)]
        candidates = stayed or [index for index in lineup if index != button]
        if not candidates:  # one seat dealt in: no hand is dealt, but the answer stays a seat
            return lineup[0]
        later = [index for index in candidates if index > button]
        return later[0] if later else candidates[0]


@dataclass(frozen=True, slots=True)
class Ask:
    """The dealer is asked to choose the game among ``entries`` (the menu's games that fit)."""

    button: int
    entries: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealDefault:
    """The next hand is dealt at once with the default pick: one game fits, or the dealer
    cannot be asked (a bot, or a player with no page open)."""


def next_step(
    seats: Seats,
    menu: Menu,
    button: int | None,
    dealt_last: Mapping[int, str] | None,
) -> Ask | DealDefault | None:
    """What the table does once the pause between hands is over: ask the next dealer for the
    game, deal at once, or (``None``) wait: fewer than two players, or no game on the menu
    fits them.

    >>> menu = Menu.build([{"game": "FTQ"}, {"game": "SMBU"}], {})
    >>> seats = Seats((Sitter(0, "a"), Sitter(1, "b")))
    >>> next_step(seats, menu, None, None)
    Ask(button=0, entries=(0, 1))
    >>> next_step(Seats((Sitter(0, "a", asked=False), Sitter(1, "b"))), menu, None, None)
    DealDefault()
    >>> next_step(Seats((Sitter(0, "a"),)), menu, None, None) is None
    True
    """
    lineup = seats.lineup()
    fitting = menu.fitting(len(lineup))
    if len(lineup) < 2 or not fitting:
        return None
    button = seats.next_button(lineup, button, dealt_last)
    chooser = seats.get(button)
    if len(fitting) == 1 or chooser is None or not chooser.asked:
        return DealDefault()
    return Ask(button, fitting)


def game_for(menu: Menu, entry: int | None, players: int, last_entry: int | None) -> int | None:
    """The game a hand of ``players`` players is dealt: ``entry`` (the dealer's pick) where it
    fits them, else the default pick, the next game that fits after the last one dealt
    (``None``: none fits).

    >>> menu = Menu.build([{"game": "FTQ"}, {"game": "SMBU"}], {})
    >>> game_for(menu, 1, 4, None), game_for(menu, None, 4, 0), game_for(menu, None, 4, 1)
    (1, 1, 0)
    """
    if entry is not None and 0 <= entry < len(menu.items) and menu.items[entry].fits(players):
        return entry
    return menu.default(players, last_entry)


def dealer_for(
    seats: Seats,
    lineup: tuple[int, ...],
    button: int | None,
    dealt_last: Mapping[int, str] | None,
    chooser: int | None,
) -> int:
    """The seat that deals the hand of ``lineup``: the seat that was asked for the game
    (``chooser``) while it is still dealt in, else the next button.

    >>> seats = Seats((Sitter(0, "a"), Sitter(1, "b"), Sitter(2, "c")))
    >>> dealer_for(seats, (0, 1, 2), 0, {0: "a", 1: "b", 2: "c"}, 2)
    2
    >>> dealer_for(seats, (0, 1), 0, {0: "a", 1: "b", 2: "c"}, 2)  # it sat out: the next
    1
    """
    if chooser is not None and chooser in lineup:
        return chooser
    return seats.next_button(lineup, button, dealt_last)
