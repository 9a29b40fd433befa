"""The connections' slice (:mod:`wildstud.server.table.connections`), a pure function: a
connection's arrival is welcomed as news to that one connection (after an absent player's
return, the seating's, and before the chat's log), turned away while the table goes down or is
rebuilt, refused at a seat given up; a departure is news that lets it go."""

from __future__ import annotations

from wildstud.server.errors import SeatError
from wildstud.server.table.chat import Welcome as ChatWelcome
from wildstud.server.table.connections import Arrive, Depart, handle
from wildstud.server.table.core import Gone, Refused, TurnedAway, Welcomed
from wildstud.server.table.fanout import RESTARTING, STORAGE_ERROR
from wildstud.server.table.seating import Back


def test_an_arrival_is_welcomed_after_an_absent_player_s_return_then_told_the_chat() -> None:
    outcome = handle(None, Arrive("ann", 2, absent=True), 0.0)
    assert outcome.news == (Welcomed("ann", 2),)
    assert outcome.follow == (Back(2), ChatWelcome("ann", True))
    assert (outcome.effect, outcome.reply) == (None, None)
    here = handle(None, Arrive("ann", 2), 0.0)
    assert here.follow == (ChatWelcome("ann", True),)
    watching = handle(None, Arrive("eve", None), 0.0)
    assert watching.news == (Welcomed("eve", None),)
    assert watching.follow == (ChatWelcome("eve", False),)


def test_an_arrival_is_turned_away_while_the_table_goes_down_or_is_rebuilt() -> None:
    going = handle(None, Arrive("ann", 2, absent=True, closing=True), 0.0)
    assert going.news == (TurnedAway("ann", RESTARTING, 1012, "restarting"),)
    assert going.follow == ()
    rebuilt = handle(None, Arrive("eve", None, broken=True), 0.0)
    assert rebuilt.news == (TurnedAway("eve", STORAGE_ERROR, 1011, "storage failure"),)


def test_an_arrival_at_a_seat_given_up_is_refused_and_a_departure_lets_go() -> None:
    refused = handle(None, Arrive("ann", 2, found=False, absent=True), 0.0)
    assert isinstance(refused.reply, Refused)
    assert isinstance(refused.reply.error, SeatError)
    assert (refused.news, refused.follow) == ((), ())
    assert handle(None, Depart("ann"), 0.0).news == (Gone("ann"),)
