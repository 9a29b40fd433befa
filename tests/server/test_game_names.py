"""Games are named to people as they know them, and BD5 is never called BD7: the host's notices
name each game by its title (with its code where a title covers two games) whatever the host
typed, the hand's view and its first event carry that name, and a notice of pot- or no-limit
stakes names neither a big bet nor a raise cap, which those structures do not have."""

from __future__ import annotations

from wildstud.bots import CallingBot, play_out
from wildstud.deal import Hand, HandStarted
from wildstud.server.console import settings_changes
from wildstud.server.messages import encode_event, encode_view
from wildstud.server.schemas import GameEntry, StakesModel, TableSettings
from wildstud.words import describe_settings

OLD = TableSettings(name="x", games=[GameEntry(game="FTQ")])


def _changed(**update: object) -> str:
    changes = settings_changes(OLD, OLD.model_copy(update=update))
    assert changes
    return describe_settings(changes)


def test_the_hosts_notice_names_the_games_as_players_know_them() -> None:
    games = [
        GameEntry(game="baby-daddy", house_rules={"cards": 5}),
        GameEntry(game="BD7"),
        GameEntry(game="follow-the-queen", house_rules={"queens": "all"}),
        GameEntry(game="pimp-daddy"),
    ]
    text = _changed(games=games)
    assert text == (
        "The host changed the games to Who Da Baby Daddy Is · 5 cards,"
        " Who Da Baby Daddy Is · 7 cards, Follow the Queen with queens all, Pimp Daddy."
    )
    for internal in ("baby-daddy", "follow-the-queen", "pimp-daddy"):
        assert internal not in text


def test_pot_and_no_limit_stakes_name_no_big_bet_and_no_raise_cap() -> None:
    for limit in ("no-limit", "pot-limit"):
        stakes = StakesModel(limit=limit, small_bet=10, big_bet=20, raise_cap=3)
        text = _changed(stakes=stakes)
        words = limit.replace("-", " ")
        expected = (
            f"The host changed the stakes to {words}, ante 1, bring-in 2, bets of 10 or more."
        )
        assert text == expected
    fixed = _changed(stakes=StakesModel(small_bet=10, big_bet=20))
    assert fixed.endswith("bets 10/20, raise cap 3.")


def test_a_hands_view_and_first_event_name_its_game_for_people() -> None:
    hand = Hand("baby-daddy", [100, 100], {"cards": 5})
    play_out(hand, CallingBot())
    started = encode_event(next(e for e in hand.events if isinstance(e, HandStarted)))
    assert started["game"] == "baby-daddy"  # the library's name stays as data
    assert started["title"] == "Who Da Baby Daddy Is · 5 cards"
    assert encode_view(hand.view(None))["game"] == "Who Da Baby Daddy Is · 5 cards"
    ftq = Hand("FTQ", [100, 100])
    first = encode_event(ftq.events[0])
    assert first["title"] == "Follow the Queen"
    assert encode_view(ftq.view(0))["game"] == "Follow the Queen"
