"""The button's round and the dealer's choice as pure functions of a snapshot of the seats
(:mod:`wildstud.server.table.button`): who is dealt in, who deals next (Robert's Rules' moving
button, ``docs/house-rules.md``, "Who deals and chooses"), whether the dealer is asked for the
game, and which game a hand is dealt. No table, no clock, no store: the driver's own tests
(``test_button.py``) check that a table follows these answers hand after hand."""

from __future__ import annotations

import random

import pytest

from wildstud.server.menu import Menu
from wildstud.server.seating import Seat, SeatKind
from wildstud.server.table.button import (
    Ask,
    DealDefault,
    Seats,
    Sitter,
    dealer_for,
    game_for,
    next_step,
)

FTQ_SMBU = Menu.build([{"game": "FTQ"}, {"game": "SMBU"}], {})
BD7 = Menu.build([{"game": "BD7"}], {})
"""Who Da Baby Daddy Is with seven cards: seven players at most."""
BD7_FTQ = Menu.build([{"game": "BD7"}, {"game": "FTQ"}], {})


def seats(*indexes: int, out: tuple[int, ...] = (), bots: tuple[int, ...] = ()) -> Seats:
    """Seats ``indexes`` held by players ``p<index>``; ``out`` not dealt in; ``bots`` not asked."""
    return Seats(
        tuple(
            Sitter(index, f"p{index}", dealt_in=index not in out, asked=index not in bots)
            for index in indexes
        )
    )


def dealt(*indexes: int) -> dict[int, str]:
    """The last hand's seats, each with the player who held it."""
    return {index: f"p{index}" for index in indexes}


# -- the snapshot ------------------------------------------------------------------------------


def test_the_snapshot_of_a_tables_seats_says_who_is_dealt_in_and_who_can_be_asked() -> None:
    def seat(index: int, **changes: object) -> Seat:
        made = Seat(
            index,
            f"p{index}",
            f"P{index}",
            SeatKind.PLAYER,
            "ab" * 32,
            100,
            False,
            0,
            60.0,
            0,
            False,
        )
        for name, value in changes.items():
            setattr(made, name, value)
        return made

    table = {
        4: seat(4),  # no page open: dealt in, not asked
        1: seat(1, stack=0),  # no chips
        2: seat(2, sitting_out=True),
        3: seat(3, leaving=True),
    }
    snapshot = Seats.of(table)
    assert [sitter.index for sitter in snapshot.sitters] == [1, 2, 3, 4]
    assert snapshot.lineup() == (4,)
    assert snapshot.get(4) == Sitter(4, "p4", dealt_in=True, asked=False)
    assert snapshot.get(0) is None


def test_the_lineup_is_the_seats_dealt_in_in_the_order_of_their_numbers() -> None:
    assert seats(0, 2, 5, 7, out=(5,)).lineup() == (0, 2, 7)
    assert seats(3, out=(3,)).lineup() == ()


# -- the button --------------------------------------------------------------------------------


def test_the_first_hand_is_dealt_by_the_lowest_seat_dealt_in() -> None:
    assert seats(2, 4, 6).next_button((2, 4, 6), None, None) == 2


def test_the_button_moves_to_the_next_seat_and_goes_round() -> None:
    table = seats(0, 2, 5)
    last = dealt(0, 2, 5)
    assert table.next_button((0, 2, 5), 0, last) == 2
    assert table.next_button((0, 2, 5), 2, last) == 5
    assert table.next_button((0, 2, 5), 5, last) == 0


def test_a_newcomer_is_dealt_in_but_waits_for_the_button_to_come_round() -> None:
    table = seats(0, 1, 2)
    assert table.lineup() == (0, 1, 2)
    assert table.next_button((0, 1, 2), 0, dealt(0, 2)) == 2  # seat 1 joined: skipped
    assert table.next_button((0, 1, 2), 2, dealt(0, 1, 2)) == 0  # then in the round


def test_a_seat_taken_by_someone_else_since_the_last_hand_counts_as_a_newcomer() -> None:
    table = Seats((Sitter(0, "p0"), Sitter(1, "someone new"), Sitter(2, "p2")))
    assert table.next_button((0, 1, 2), 0, dealt(0, 1, 2)) == 2


def test_the_button_passes_a_seat_that_sat_out() -> None:
    table = seats(0, 1, 2, out=(1,))
    assert table.next_button(table.lineup(), 0, dealt(0, 1, 2)) == 2


def test_with_nobody_left_from_the_last_hand_the_button_goes_to_the_next_seat_dealt_in() -> None:
    table = seats(1, 3, 6)
    assert table.next_button((1, 3, 6), 3, {}) == 6
    assert table.next_button((1, 3, 6), 6, None) == 1
    # The button's own seat left: the next seat after its number.
    assert table.next_button((1, 6), 3, dealt(3)) == 6


def test_the_button_never_stays_where_it_was() -> None:
    # Only the button's own player stayed from the last hand: the button moves anyway.
    assert seats(0, 4).next_button((0, 4), 0, dealt(0)) == 4


def test_over_many_hands_each_seat_deals_once_a_round() -> None:
    rng = random.Random(23)
    for _ in range(200):
        taken = tuple(sorted(rng.sample(range(8), rng.randint(2, 8))))
        table = seats(*taken)
        button = rng.choice((None, *taken))
        dealers = []
        for _ in range(len(taken) * 3):
            button = table.next_button(taken, button, dealt(*taken))
            dealers.append(button)
        for start in range(0, len(dealers), len(taken)):
            assert sorted(dealers[start : start + len(taken)]) == list(taken), dealers


# -- dealer's choice ---------------------------------------------------------------------------


def test_the_next_dealer_is_asked_to_choose_among_the_games_that_fit() -> None:
    assert next_step(seats(0, 1, 2), FTQ_SMBU, 0, dealt(0, 1, 2)) == Ask(1, (0, 1))


def test_a_bot_or_a_player_with_no_page_open_gets_the_default_pick_at_once() -> None:
    assert next_step(seats(0, 1, 2, bots=(1,)), FTQ_SMBU, 0, dealt(0, 1, 2)) == DealDefault()
    # The seat after it is not the dealer: asking depends on the dealer alone.
    assert next_step(seats(0, 1, 2, bots=(2,)), FTQ_SMBU, 0, dealt(0, 1, 2)) == Ask(1, (0, 1))


def test_with_one_game_that_fits_nobody_is_asked() -> None:
    eight = seats(*range(8))
    assert next_step(eight, BD7_FTQ, None, None) == DealDefault()  # BD7 seats seven
    assert next_step(seats(*range(7)), BD7_FTQ, None, None) == Ask(0, (0, 1))


def test_no_hand_without_two_players_or_a_game_that_fits_them() -> None:
    assert next_step(seats(0, 1, out=(1,)), FTQ_SMBU, None, None) is None
    assert next_step(seats(), FTQ_SMBU, None, None) is None
    assert next_step(seats(*range(8)), BD7, None, None) is None


@pytest.mark.parametrize(
    ("menu", "entry", "players", "last", "game"),
    [
        (FTQ_SMBU, 1, 4, None, 1),  # the dealer's pick
        (FTQ_SMBU, None, 4, None, 0),  # no pick, no game dealt yet: the first
        (FTQ_SMBU, None, 4, 0, 1),  # the default goes down the menu
        (FTQ_SMBU, None, 4, 1, 0),  # and round
        (BD7_FTQ, 0, 8, None, 1),  # the pick no longer fits: the default
        (BD7_FTQ, 0, 7, 1, 0),
        (FTQ_SMBU, 5, 4, 0, 1),  # no such game: the default
        (BD7, None, 8, None, None),  # nothing fits
    ],
)
def test_the_game_dealt_is_the_dealers_pick_where_it_fits_else_the_default(
    menu: Menu, entry: int | None, players: int, last: int | None, game: int | None
) -> None:
    assert game_for(menu, entry, players, last) == game


def test_the_dealer_is_the_seat_asked_while_it_is_still_dealt_in() -> None:
    table = seats(0, 1, 2)
    assert dealer_for(table, (0, 1, 2), 0, dealt(0, 1, 2), 2) == 2  # asked out of turn: stands
    assert dealer_for(table, (0, 1, 2), 0, dealt(0, 1, 2), None) == 1
    assert dealer_for(table, (0, 2), 0, dealt(0, 1, 2), 1) == 2  # it sat out: the next button
